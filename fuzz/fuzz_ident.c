/* fuzz/fuzz_ident.c: identity lines "Name <email> 1234567890 -0700" */
#include "sgit/sgit.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_ident id;
	const char *line = (const char *)data, *end = line + size;

	if (sgit_ident_parse(&id, line, size, &err) == 0) {
		/* every part the parser hands out lies inside the line */
		if (id.name < line || id.name + id.name_len > end || id.email < line ||
		    id.email + id.email_len > end ||
		    (id.has_date && (id.date < line || id.date + id.date_len > end)))
			__builtin_trap();
	}
	return 0;
}
