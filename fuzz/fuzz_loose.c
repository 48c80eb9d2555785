/* fuzz/fuzz_loose.c: loose object headers, and whole deflated loose objects */
#include "sgit/sgit.h"
#include "objects/loose.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf out = SGIT_BUF_INIT;
	enum sgit_object_type type;
	size_t osize, hdrlen;
	const char *why;

	/* The inflated header as it comes, then the same bytes as a zlib stream. */
	sgit_loose_parse_header(&type, &osize, &hdrlen, data, size, &why);
	sgit_loose_decode(NULL, &type, &osize, data, size, "fuzz", &err);
	if (sgit_loose_decode(&out, &type, &osize, data, size, "fuzz", &err) == 0)
		sgit_object_check(type, out.ptr, out.len, &err);
	sgit_buf_release(&out);
	return 0;
}
