/* fuzz/fuzz_color.c: colour values ("bold red ul", "#ff0000", "reset") from config and %C(...) */
#include <stdlib.h>
#include "sgit/sgit.h"
#include "util/color.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sgit_buf out = SGIT_BUF_INIT;
	char *s = fuzz_strdup(data, size);

	sgit_color_parse(&out, s);
	sgit_buf_release(&out);
	free(s);
	return 0;
}
