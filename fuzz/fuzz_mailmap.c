/* fuzz/fuzz_mailmap.c: .mailmap lines, and mapping people through them */
#include <string.h>
#include "sgit/sgit.h"
#include "sgit/pretty.h"
#include "fuzz.h"

static const char *const people[][2] = {
	{ "A U Thor", "author@example.com" }, { "", "" }, { "Other", "AUTHOR@EXAMPLE.COM" },
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_mailmap *mm = NULL;
	const char *name, *email;
	size_t i, nlen, elen;

	if (sgit_mailmap_add_buffer(&mm, (const char *)data, size, &err) == 0)
		for (i = 0; i < sizeof(people) / sizeof(*people); i++) {
			name = people[i][0], email = people[i][1];
			nlen = strlen(name), elen = strlen(email);
			sgit_mailmap_map(mm, &email, &elen, &name, &nlen);
		}
	sgit_mailmap_free(mm);
	return 0;
}
