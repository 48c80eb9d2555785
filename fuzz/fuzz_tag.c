/* fuzz/fuzz_tag.c: tag objects, their tagger and the payload/signature split */
#include "sgit/sgit.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf payload = SGIT_BUF_INIT, sig = SGIT_BUF_INIT;
	struct sgit_tag *t = NULL;
	const struct sgit_header *h;
	enum sgit_sig_format format;
	struct sgit_ident id;
	size_t i, len;

	sgit_object_check(SGIT_OBJ_TAG, data, size, &err);
	if (sgit_tag_parse(&t, data, size, &err) == 0) {
		sgit_tag_target_id(t);
		sgit_tag_name(t);
		if ((h = sgit_tag_tagger(t)))
			sgit_ident_parse(&id, h->value, h->value_len, &err);
		for (i = 0; i < sgit_tag_header_count(t); i++)
			sgit_tag_header_at(t, i);
		sgit_tag_message(t, &len);
		sgit_tag_signature_offset(t);
		sgit_tag_signature(t, &len, &format);
	}
	sgit_tag_split_signature(&payload, &sig, (const char *)data, size);
	sgit_tag_free(t);
	sgit_buf_release(&payload);
	sgit_buf_release(&sig);
	return 0;
}
