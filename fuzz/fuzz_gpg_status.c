/* fuzz/fuzz_gpg_status.c: gpg's "[GNUPG:] ..." status lines turned into a verdict */
#include <stdlib.h>
#include "sgit/sgit.h"
#include "sgit/gpg.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sgit_sigcheck c = SGIT_SIGCHECK_INIT;
	enum sgit_gpg_trust trust;
	char *s;

	sgit_gpg_parse_status(&c, (const char *)data, size);
	sgit_sigcheck_letter(&c);
	sgit_gpg_trust_name(c.trust);
	/* a second parse over the first: what _reset keeps must not leak into it */
	sgit_sigcheck_reset(&c);
	sgit_gpg_parse_status(&c, (const char *)data, size);
	sgit_sigcheck_release(&c);
	s = fuzz_strdup(data, size);
	sgit_gpg_trust_parse(&trust, s);
	free(s);
	return 0;
}
