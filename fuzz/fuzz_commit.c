/* fuzz/fuzz_commit.c: commit objects, their headers, identities and signature headers */
#include "sgit/sgit.h"
#include "fuzz.h"

static void idents(const struct sgit_header *h)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_ident id;

	if (h)
		sgit_ident_parse(&id, h->value, h->value_len, &err);
}

/* A mergetag's value is a whole tag object: value plus its final LF. */
static void mergetag(const struct sgit_header *h)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf tag = SGIT_BUF_INIT;
	struct sgit_tag *t = NULL;

	if (sgit_buf_set(&tag, h->value, h->value_len) == 0 && sgit_buf_addch(&tag, '\n') == 0)
		sgit_tag_parse(&t, tag.ptr, tag.len, &err);
	sgit_tag_free(t);
	sgit_buf_release(&tag);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf payload = SGIT_BUF_INIT, value = SGIT_BUF_INIT;
	struct sgit_commit *c = NULL;
	const struct sgit_header *h;
	size_t i, len, from;

	sgit_object_check(SGIT_OBJ_COMMIT, data, size, &err);
	if (sgit_commit_parse(&c, data, size, &err) == 0) {
		sgit_commit_tree_id(c);
		for (i = 0; i < sgit_commit_parent_count(c); i++)
			sgit_commit_parent_id(c, i);
		idents(sgit_commit_author(c));
		idents(sgit_commit_committer(c));
		sgit_commit_encoding(c);
		sgit_commit_message(c, &len);
		for (i = 0; i < sgit_commit_header_count(c); i++)
			h = sgit_commit_header_at(c, i);
		for (from = 0; (h = sgit_commit_header_next(c, "mergetag", &from));)
			mergetag(h);
	}
	sgit_commit_extract_header(&payload, &value, (const char *)data, size, "gpgsig");
	sgit_commit_free(c);
	sgit_buf_release(&payload);
	sgit_buf_release(&value);
	return 0;
}
