/* fuzz/fuzz_delta.c: delta application; input = fuzz_split(base, delta) */
#include <stdlib.h>
#include <string.h>
#include "sgit/sgit.h"
#include "objects/delta.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf out = SGIT_BUF_INIT;
	const uint8_t *base, *delta;
	size_t base_len, delta_len, bsize, rsize;
	unsigned char *dst;
	int rc;

	fuzz_split(&base, &base_len, &delta, &delta_len, data, size);
	rc = sgit_delta_apply(&out, base, base_len, delta, delta_len, &err);
	sgit_delta_sizes_head(&bsize, &rsize, delta, delta_len < 20 ? delta_len : 20, delta_len, &err);
	/* The other entry point must agree with the first, byte for byte. */
	if (sgit_delta_sizes(&bsize, &rsize, delta, delta_len, &err) == 0 && rsize <= 1 << 20 &&
	    (dst = malloc(rsize + 1))) {
		int rc2 = sgit_delta_apply_into(dst, rsize, base, base_len, delta, delta_len, &err);

		if ((rc == 0) != (rc2 == 0) || (rc == 0 && (out.len != rsize || memcmp(dst, out.ptr, rsize))))
			abort();
		free(dst);
	}
	sgit_buf_release(&out);
	return 0;
}
