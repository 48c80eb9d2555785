/*
 * porcelain/sign/signature_show.c: the blocks log --show-signature prints: the
 * commit's own signature, then one block per mergetag header (a merged
 * signed tag), worded and coloured as git does.
 */
#include <string.h>
#include "sgit/commit.h"
#include "sgit/object.h"
#include "sgit/signature.h"

void sgit_sigblock_init(struct sgit_sigblock *b)
{
	memset(b, 0, sizeof(*b));
	b->kind = SGIT_SIGBLOCK_COMMIT;
	sgit_buf_init(&b->tag_name);
	sgit_sigcheck_init(&b->check);
	sgit_buf_init(&b->text);
	sgit_buf_init(&b->diag);
}

void sgit_sigblock_release(struct sgit_sigblock *b)
{
	sgit_buf_release(&b->tag_name);
	sgit_sigcheck_release(&b->check);
	sgit_buf_release(&b->text);
	sgit_buf_release(&b->diag);
}

static void block_reset(struct sgit_sigblock *b)
{
	b->kind = SGIT_SIGBLOCK_COMMIT;
	sgit_buf_reset(&b->tag_name);
	sgit_oid_clear(&b->tagged);
	b->parent = 0;
	b->is_signed = 0;
	sgit_sigcheck_reset(&b->check);
	b->bad = 1;
	sgit_buf_reset(&b->text);
	sgit_buf_reset(&b->diag);
}

/*
 * After a check that ran (rc 1) or failed (< 0): gpg's output into the
 * block, as git shows it (up to a NUL byte, as git reads it as a string),
 * and git's stderr line for a failure it survives. Other failures are
 * returned.
 */
static int add_outcome(struct sgit_sigblock *b, int rc, struct sgit_error *err)
{
	const struct sgit_buf *o = &b->check.output;

	if (rc == SGIT_EGPG)
		return sgit_buf_printf(&b->diag, "%s%s\n", sgit_gpg_run_failure_prefix(sgit_error_message(err)),
				       sgit_error_message(err)) < 0 ?
		       sgit_error_nomem(err) : 0;
	if (rc == SGIT_EOS)
		return sgit_buf_printf(&b->diag, "error: %s\n", sgit_error_message(err)) < 0 ||
		       sgit_buf_adds(&b->text, "No signature\n") < 0 ? sgit_error_nomem(err) : 0;
	if (rc < 0)
		return rc;
	b->bad = !b->check.verified;
	return sgit_buf_add(&b->text, o->ptr, strnlen(o->ptr, o->len)) < 0 ? sgit_error_nomem(err) : 0;
}

/*
 * The object, type and tag lines of a mergetag, as loosely as git reads
 * them there (no tagger needed, nothing after the tag line looked at).
 * Returns 1 when they are there and sane, 0 when the tag is malformed.
 */
static int parse_mergetag(struct sgit_sigblock *b, const char *buf, size_t len, struct sgit_error *err)
{
	const char *p = buf, *end = buf + len, *nl;
	char type[20], hex[SGIT_OID_HEXSZ + 1];
	struct sgit_oid self;

	if (len < SGIT_OID_HEXSZ + 24 || memcmp(p, "object ", 7) ||
	    sgit_oid_fromhexn(&b->tagged, p + 7, SGIT_OID_HEXSZ) < 0 || p[7 + SGIT_OID_HEXSZ] != '\n')
		return 0;
	p += 8 + SGIT_OID_HEXSZ;
	if ((size_t)(end - p) < 5 || memcmp(p, "type ", 5))
		return 0;
	p += 5;
	if (!(nl = memchr(p, '\n', (size_t)(end - p))) || (size_t)(nl - p) >= sizeof(type))
		return 0;
	memcpy(type, p, (size_t)(nl - p));
	type[nl - p] = '\0';
	if (sgit_object_type_from_name(type, strlen(type)) == SGIT_OBJ_BAD) {
		if (sgit_object_hash(&self, SGIT_OBJ_TAG, buf, len) < 0 ||
		    sgit_buf_printf(&b->diag, "error: unknown tag type '%s' in %s\n", type,
				    sgit_oid_tohex(hex, &self)) < 0)
			return sgit_error_nomem(err);
		return 0;
	}
	p = nl + 1;
	if (p + 4 >= end || memcmp(p, "tag ", 4) || !(nl = memchr(p + 4, '\n', (size_t)(end - p - 4))))
		return 0;
	return sgit_buf_set(&b->tag_name, p + 4, (size_t)(nl - p - 4)) < 0 ? sgit_error_nomem(err) : 1;
}

/* How the tagged object relates to the merge, and git's first line for it. */
static int relate(struct sgit_sigblock *b, const struct sgit_commit *c)
{
	size_t i, n = sgit_commit_parent_count(c);
	char hex[SGIT_OID_HEXSZ + 1];

	if (n == 2 && sgit_oid_equal(sgit_commit_parent_id(c, 1), &b->tagged)) {
		b->kind = SGIT_SIGBLOCK_MERGED_TAG;
		return sgit_buf_printf(&b->text, "merged tag '%s'\n", b->tag_name.ptr);
	}
	for (i = 0; i < n; i++)
		if (sgit_oid_equal(sgit_commit_parent_id(c, i), &b->tagged)) {
			b->kind = SGIT_SIGBLOCK_PARENT_TAG;
			b->parent = i + 1;
			return sgit_buf_printf(&b->text, "parent #%zu, tagged '%s'\n", i + 1, b->tag_name.ptr);
		}
	b->kind = SGIT_SIGBLOCK_NON_PARENT_TAG;
	return sgit_buf_printf(&b->text, "tag %s names a non-parent %s\n", b->tag_name.ptr,
			       sgit_oid_tohex(hex, &b->tagged));
}

int sgit_signature_check_mergetag(struct sgit_sigblock *out, const struct sgit_commit *c,
				  const struct sgit_gpg_config *cfg, const char *tag, size_t len,
				  struct sgit_error *err)
{
	int rc;

	block_reset(out);
	if ((rc = parse_mergetag(out, tag, len, err)) < 0)
		return rc;
	if (rc == 0) {
		out->kind = SGIT_SIGBLOCK_MALFORMED_TAG;
		sgit_oid_clear(&out->tagged);
		sgit_buf_reset(&out->tag_name);
		rc = sgit_buf_sets(&out->text, "malformed mergetag\n");
	} else {
		rc = relate(out, c);
	}
	if (rc < 0)
		return sgit_error_nomem(err);
	/* a tag without a signature block shows its first line alone, as bad */
	rc = sgit_signature_check_tag(&out->check, NULL, cfg, tag, len, err);
	if (rc == 0)
		return 0;
	out->is_signed = 1;
	return add_outcome(out, rc, err);
}

/* The block of the commit's own signature; 0 when it has none (no block). */
static int commit_block(struct sgit_sigblock *b, const struct sgit_commit *c,
			const struct sgit_gpg_config *cfg, struct sgit_error *err)
{
	size_t len;
	const char *raw = sgit_commit_raw(c, &len);
	int rc;

	block_reset(b);
	rc = sgit_signature_check_commit(&b->check, NULL, cfg, raw, len, err);
	if (rc == 0)
		return 0;
	b->is_signed = 1;
	if ((rc = add_outcome(b, rc, err)) < 0)
		return rc;
	return 1;
}

int sgit_signature_show(const struct sgit_commit *c, const struct sgit_gpg_config *cfg,
			sgit_sigblock_fn fn, void *data, struct sgit_error *err)
{
	struct sgit_sigblock b;
	struct sgit_buf value = SGIT_BUF_INIT;
	const struct sgit_header *h;
	size_t from = 0, len;
	const char *raw = sgit_commit_raw(c, &len);
	int rc;

	sgit_sigblock_init(&b);
	if ((rc = commit_block(&b, c, cfg, err)) > 0)
		rc = fn(&b, data);
	while (rc == 0 && (h = sgit_commit_header_next(c, "mergetag", &from))) {
		/* "mergetag" alone on its line is no mergetag to git */
		if (raw[h->start + h->name_len] != ' ')
			continue;
		if (sgit_buf_set(&value, h->value, h->value_len) < 0 || sgit_buf_addch(&value, '\n') < 0)
			rc = sgit_error_nomem(err);
		else if ((rc = sgit_signature_check_mergetag(&b, c, cfg, value.ptr, value.len, err)) == 0)
			rc = fn(&b, data);
	}
	sgit_buf_release(&value);
	sgit_sigblock_release(&b);
	return rc;
}
