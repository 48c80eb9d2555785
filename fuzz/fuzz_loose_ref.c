/* fuzz/fuzz_loose_ref.c: the content of a loose ref file (an id, or "ref: <target>") */
#include <stdlib.h>
#include "sgit/sgit.h"
#include "refs/refdb_int.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sgit_ref ref = SGIT_REF_INIT;
	struct sgit_buf norm = SGIT_BUF_INIT;
	const char *why;
	char *s;

	sgit_refdb__parse_loose(&ref, (const char *)data, size);
	sgit_ref_release(&ref);
	/* Ref names, as check-ref-format sees them, with each flag. */
	s = fuzz_strdup(data, size);
	for (unsigned flags = 0; flags < 8; flags++) {
		sgit_refname_is_valid(s, flags, &why);
		sgit_refname_normalize(&norm, s, flags, &why);
	}
	sgit_refname__is_safe(s, size);
	sgit_refname__readable(s);
	sgit_buf_release(&norm);
	free(s);
	return 0;
}
