/* objects/tag.c: annotated tag objects and the payload / signature split */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "sgit/ident.h"
#include "sgit/tag.h"
#include "objects/header_int.h"

/*
 * The first line of a signature block, per format: the table git 2.39 uses
 * to tell a signature from the text before it (gpg-interface: OpenPGP,
 * X.509 through gpgsm, SSH through ssh-keygen).
 */
static const struct {
	const char *marker;
	enum sgit_sig_format format;
} sig_markers[] = {
	{ "-----BEGIN PGP SIGNATURE-----", SGIT_SIG_OPENPGP },
	{ "-----BEGIN PGP MESSAGE-----", SGIT_SIG_OPENPGP },
	{ "-----BEGIN SIGNED MESSAGE-----", SGIT_SIG_X509 },
	{ "-----BEGIN SSH SIGNATURE-----", SGIT_SIG_SSH },
};

struct sgit_tag {
	char *raw;
	size_t len;
	struct sgit_header_block block;
	struct sgit_oid target;
	enum sgit_object_type type;
	const char *name;
	const struct sgit_header *tagger;
	size_t sig_offset;
	enum sgit_sig_format sig_format;
};

enum sgit_sig_format sgit_sig_format_of(const char *buf, size_t len)
{
	size_t i, n;

	for (i = 0; i < sizeof(sig_markers) / sizeof(sig_markers[0]); i++) {
		n = strlen(sig_markers[i].marker);
		if (len >= n && !memcmp(buf, sig_markers[i].marker, n))
			return sig_markers[i].format;
	}
	return SGIT_SIG_NONE;
}

size_t sgit_sig_find(enum sgit_sig_format *format, const char *buf, size_t len)
{
	enum sgit_sig_format found = SGIT_SIG_NONE, f;
	size_t pos = 0, match = len;
	const char *nl;

	while (pos < len) {
		if ((f = sgit_sig_format_of(buf + pos, len - pos)) != SGIT_SIG_NONE) {
			match = pos;
			found = f;
		}
		nl = memchr(buf + pos, '\n', len - pos);
		pos = nl ? (size_t)(nl - buf) + 1 : len;
	}
	if (format)
		*format = found;
	return match;
}

int sgit_tag_split_signature(struct sgit_buf *payload, struct sgit_buf *sig,
			     const char *buf, size_t len)
{
	size_t at = sgit_sig_find(NULL, buf, len);
	int rc = 0;

	if (payload)
		rc = sgit_buf_set(payload, buf, at);
	if (rc == 0 && sig)
		rc = sgit_buf_set(sig, buf + at, len - at);
	if (rc < 0) {
		if (payload)
			sgit_buf_reset(payload);
		if (sig)
			sgit_buf_reset(sig);
		return rc;
	}
	return at < len;
}

static int corrupt(struct sgit_error *err, const char *what)
{
	return sgit_error_set(err, SGIT_ECORRUPT, "corrupt tag: %s", what);
}

/* Header i must be called name; NULL when it is not. */
static const struct sgit_header *nth(const struct sgit_tag *t, size_t i, const char *name)
{
	const struct sgit_header *h = i < t->block.count ? &t->block.headers[i] : NULL;

	return h && sgit_header_is(h, name) ? h : NULL;
}

static int check_headers(struct sgit_tag *t, struct sgit_error *err)
{
	const struct sgit_header *h;
	struct sgit_ident id;

	if (!(h = nth(t, 0, "object")))
		return corrupt(err, "the first line is not 'object'");
	if (h->value_len != SGIT_OID_HEXSZ || sgit_oid_fromhexn(&t->target, h->value, h->value_len) < 0)
		return corrupt(err, "invalid 'object' line");
	if (!(h = nth(t, 1, "type")))
		return corrupt(err, "missing 'type' line");
	if ((t->type = sgit_object_type_from_name(h->value, h->value_len)) == SGIT_OBJ_BAD)
		return corrupt(err, "invalid 'type' line");
	if (!(h = nth(t, 2, "tag")))
		return corrupt(err, "missing 'tag' line");
	t->name = h->value;
	t->tagger = nth(t, 3, "tagger");
	if (t->tagger && (memchr(t->tagger->value, '\n', t->tagger->value_len) ||
			  sgit_ident_parse(&id, t->tagger->value, t->tagger->value_len, NULL) < 0))
		return corrupt(err, "malformed 'tagger' line");
	return 0;
}

int sgit_tag_parse(struct sgit_tag **out, const void *data, size_t len, struct sgit_error *err)
{
	struct sgit_tag *t = calloc(1, sizeof(*t));
	int rc = 0;

	*out = NULL;
	if (!t || len == SIZE_MAX || !(t->raw = malloc(len + 1))) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	if (len)
		memcpy(t->raw, data, len);
	t->raw[len] = '\0';
	t->len = len;
	if ((rc = sgit_header_block_parse(&t->block, t->raw, len, "tag", err)) < 0 ||
	    (rc = check_headers(t, err)) < 0)
		goto out;
	/* As git verifies a tag: the whole object is searched for the last marker. */
	t->sig_offset = sgit_sig_find(&t->sig_format, t->raw, len);
	*out = t;
	t = NULL;
out:
	sgit_tag_free(t);
	return rc;
}

void sgit_tag_free(struct sgit_tag *tag)
{
	if (!tag)
		return;
	sgit_header_block_release(&tag->block);
	free(tag->raw);
	free(tag);
}

const char *sgit_tag_raw(const struct sgit_tag *tag, size_t *len)
{
	*len = tag->len;
	return tag->raw;
}

const struct sgit_oid *sgit_tag_target_id(const struct sgit_tag *tag)
{
	return &tag->target;
}

enum sgit_object_type sgit_tag_target_type(const struct sgit_tag *tag)
{
	return tag->type;
}

const char *sgit_tag_name(const struct sgit_tag *tag)
{
	return tag->name;
}

const struct sgit_header *sgit_tag_tagger(const struct sgit_tag *tag)
{
	return tag->tagger;
}

size_t sgit_tag_header_count(const struct sgit_tag *tag)
{
	return tag->block.count;
}

const struct sgit_header *sgit_tag_header_at(const struct sgit_tag *tag, size_t i)
{
	return i < tag->block.count ? &tag->block.headers[i] : NULL;
}

const char *sgit_tag_message(const struct sgit_tag *tag, size_t *len)
{
	*len = tag->block.has_body ? tag->len - tag->block.body : 0;
	return tag->block.has_body ? tag->raw + tag->block.body : NULL;
}

size_t sgit_tag_signature_offset(const struct sgit_tag *tag)
{
	return tag->sig_offset;
}

const char *sgit_tag_signature(const struct sgit_tag *tag, size_t *len,
			       enum sgit_sig_format *format)
{
	if (format)
		*format = tag->sig_format;
	*len = tag->len - tag->sig_offset;
	return tag->sig_offset < tag->len ? tag->raw + tag->sig_offset : NULL;
}
