/* fuzz/fuzz_header.c: the header block shared by commits and tags, and header insertion */
#include "sgit/sgit.h"
#include "objects/header_int.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_header_block b = SGIT_HEADER_BLOCK_INIT;
	struct sgit_buf out = SGIT_BUF_INIT;
	size_t i;

	if (sgit_header_block_parse(&b, (const char *)data, size, "commit", &err) == 0) {
		for (i = 0; i < b.count; i++)
			if (b.headers[i].end > size || b.headers[i].start > b.headers[i].end)
				__builtin_trap();
		if (b.body > size)
			__builtin_trap();
		sgit_header_block_find(&b, "gpgsig", 0);
	}
	sgit_header_block_release(&b);
	/* the bytes as a header value: written out, they must read back as one header */
	if (sgit_commit_add_header(&out, "x", (const char *)data, size, &err) == 0) {
		sgit_buf_adds(&out, "\n");
		if (sgit_header_block_parse(&b, out.ptr, out.len, "commit", &err) < 0)
			__builtin_trap();
		sgit_header_block_release(&b);
	}
	sgit_buf_release(&out);
	return 0;
}
