/* fuzz/fuzz_wildmatch.c: glob patterns against text; input = flags byte, pattern NUL text */
#include <stdlib.h>
#include <string.h>
#include "sgit/sgit.h"
#include "util/wildmatch.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s, *text;
	unsigned flags;

	if (size < 1 || size > 512)	/* long "*" runs are backtracking, not new code */
		return 0;
	flags = data[0] & (SGIT_WM_CASEFOLD | SGIT_WM_PATHNAME);
	s = fuzz_strdup(data + 1, size - 1);
	text = memchr(s, '\0', size - 1) ? s + strlen(s) + 1 : s + size - 1;
	sgit_wildmatch(s, text, flags);
	free(s);
	return 0;
}
