/* fuzz/fuzz_reflog.c: reflog files, line by line, and the identity in each entry */
#include <stdlib.h>
#include <string.h>
#include "sgit/sgit.h"
#include "refs/refdb_int.h"
#include "fuzz.h"

static int each(const struct sgit_reflog_entry *e, void *payload)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_ident id;
	const char *tab = strchr(e->committer, '\0');

	(void)payload;
	sgit_ident_parse(&id, e->committer, (size_t)(tab - e->committer), &err);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_strdup(data, size);

	sgit_reflog__parse(s, size, each, NULL);
	free(s);
	return 0;
}
