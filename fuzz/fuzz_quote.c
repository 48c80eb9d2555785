/* fuzz/fuzz_quote.c: C-style quoting of paths and its reverse, which must round-trip */
#include <stdlib.h>
#include <string.h>
#include "sgit/sgit.h"
#include "util/quote.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sgit_buf q = SGIT_BUF_INIT, back = SGIT_BUF_INIT;
	const char *s = (const char *)data;
	size_t consumed;
	int high;

	sgit_unquote_c_style(&back, s, size, &consumed);
	for (high = 0; high < 2; high++) {
		sgit_quote_needed(s, size, high);
		sgit_buf_reset(&q);
		if (sgit_quote_c_style_add(&q, s, size, high) < 0 || q.len == 0 || q.ptr[0] != '"')
			continue;
		/* what quoting wrote, unquoting must read back to the same bytes */
		if (sgit_unquote_c_style(&back, q.ptr, q.len, &consumed) < 0 || consumed != q.len ||
		    back.len != size || memcmp(back.ptr, s, size))
			abort();
	}
	sgit_buf_release(&q);
	sgit_buf_release(&back);
	return 0;
}
