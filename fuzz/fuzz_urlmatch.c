/* fuzz/fuzz_urlmatch.c: URL normalisation, and matching config URLs; input = url NUL pattern */
#include <stdlib.h>
#include <string.h>
#include "sgit/sgit.h"
#include "util/urlmatch.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_url url = SGIT_URL_INIT, pat = SGIT_URL_INIT, again = SGIT_URL_INIT;
	struct sgit_url_match m, m2;
	char *s = fuzz_strdup(data, size);
	char *second = memchr(s, '\0', size) ? s + strlen(s) + 1 : s + size;

	if (sgit_url_normalize(&url, s, 0, &err) == 0) {
		/* the normal form is a fixed point */
		if (sgit_url_normalize(&again, url.url.ptr, 0, &err) < 0 ||
		    strcmp(again.url.ptr, url.url.ptr))
			abort();
		if (sgit_url_normalize(&pat, *second ? second : s, 1, &err) == 0 &&
		    sgit_url_match(&m, &url, &pat)) {
			m2 = m;
			sgit_url_match_cmp(&m, &m2);
		}
	}
	sgit_url_release(&url);
	sgit_url_release(&pat);
	sgit_url_release(&again);
	free(s);
	return 0;
}
