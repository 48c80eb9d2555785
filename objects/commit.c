/* objects/commit.c: parse commit objects (every header kept, in order) */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "sgit/commit.h"
#include "sgit/ident.h"
#include "objects/header_int.h"

struct sgit_commit {
	char *raw;			/* a NUL-terminated copy of the object */
	size_t len;
	struct sgit_header_block block;
	struct sgit_oid tree;
	struct sgit_oid *parents;
	size_t nparents;
	const struct sgit_header *author;
	const struct sgit_header *committer;
	const char *encoding;
};

static int corrupt(struct sgit_error *err, const char *what)
{
	return sgit_error_set(err, SGIT_ECORRUPT, "corrupt commit: %s", what);
}

/* A value that is exactly 40 hex digits (a continuation line makes it longer). */
static int header_oid(struct sgit_oid *out, const struct sgit_header *h)
{
	return h->value_len == SGIT_OID_HEXSZ ? sgit_oid_fromhexn(out, h->value, h->value_len)
					      : SGIT_EINVALID;
}

/* The "parent" lines that follow "tree"; a later one is just another header, as in git. */
static int parse_parents(struct sgit_commit *c, size_t *i, struct sgit_error *err)
{
	const struct sgit_header_block *b = &c->block;
	size_t n = 0;

	while (*i + n < b->count && sgit_header_is(&b->headers[*i + n], "parent"))
		n++;
	c->parents = calloc(n ? n : 1, sizeof(*c->parents));
	if (!c->parents)
		return sgit_error_nomem(err);
	for (; c->nparents < n; c->nparents++, (*i)++)
		if (header_oid(&c->parents[c->nparents], &b->headers[*i]) < 0)
			return corrupt(err, "invalid 'parent' line");
	return 0;
}

/* Header i must be called name and hold an identity. */
static int parse_person(const struct sgit_header **out, const struct sgit_commit *c, size_t i,
			const char *name, struct sgit_error *err)
{
	const struct sgit_header *h = i < c->block.count ? &c->block.headers[i] : NULL;
	struct sgit_ident id;

	if (!h || !sgit_header_is(h, name))
		return sgit_error_set(err, SGIT_ECORRUPT, "corrupt commit: missing '%s' line", name);
	if (memchr(h->value, '\n', h->value_len) || sgit_ident_parse(&id, h->value, h->value_len, NULL) < 0)
		return sgit_error_set(err, SGIT_ECORRUPT, "corrupt commit: malformed '%s' line", name);
	*out = h;
	return 0;
}

static int check_headers(struct sgit_commit *c, struct sgit_error *err)
{
	const struct sgit_header_block *b = &c->block;
	const struct sgit_header *enc;
	size_t i = 1;
	int rc;

	if (!b->count || !sgit_header_is(&b->headers[0], "tree"))
		return corrupt(err, "the first line is not 'tree'");
	if (header_oid(&c->tree, &b->headers[0]) < 0)
		return corrupt(err, "invalid 'tree' line");
	if ((rc = parse_parents(c, &i, err)) < 0 || (rc = parse_person(&c->author, c, i, "author", err)) < 0)
		return rc;
	if (i + 1 < b->count && sgit_header_is(&b->headers[i + 1], "author"))
		return corrupt(err, "more than one 'author' line");
	if ((rc = parse_person(&c->committer, c, i + 1, "committer", err)) < 0)
		return rc;
	enc = sgit_header_block_find(b, "encoding", 0);
	c->encoding = enc ? enc->value : NULL;
	return 0;
}

int sgit_commit_parse(struct sgit_commit **out, const void *data, size_t len,
		      struct sgit_error *err)
{
	struct sgit_commit *c = calloc(1, sizeof(*c));
	int rc = 0;

	*out = NULL;
	if (!c || len == SIZE_MAX || !(c->raw = malloc(len + 1))) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	if (len)
		memcpy(c->raw, data, len);
	c->raw[len] = '\0';
	c->len = len;
	if ((rc = sgit_header_block_parse(&c->block, c->raw, len, "commit", err)) < 0 ||
	    (rc = check_headers(c, err)) < 0)
		goto out;
	*out = c;
	c = NULL;
out:
	sgit_commit_free(c);
	return rc;
}

void sgit_commit_free(struct sgit_commit *c)
{
	if (!c)
		return;
	sgit_header_block_release(&c->block);
	free(c->parents);
	free(c->raw);
	free(c);
}

const char *sgit_commit_raw(const struct sgit_commit *c, size_t *len)
{
	*len = c->len;
	return c->raw;
}

const struct sgit_oid *sgit_commit_tree_id(const struct sgit_commit *c)
{
	return &c->tree;
}

size_t sgit_commit_parent_count(const struct sgit_commit *c)
{
	return c->nparents;
}

const struct sgit_oid *sgit_commit_parent_id(const struct sgit_commit *c, size_t i)
{
	return i < c->nparents ? &c->parents[i] : NULL;
}

const struct sgit_header *sgit_commit_author(const struct sgit_commit *c)
{
	return c->author;
}

const struct sgit_header *sgit_commit_committer(const struct sgit_commit *c)
{
	return c->committer;
}

const char *sgit_commit_encoding(const struct sgit_commit *c)
{
	return c->encoding;
}

const char *sgit_commit_message(const struct sgit_commit *c, size_t *len)
{
	*len = c->block.has_body ? c->len - c->block.body : 0;
	return c->block.has_body ? c->raw + c->block.body : NULL;
}

size_t sgit_commit_message_offset(const struct sgit_commit *c)
{
	return c->block.body;
}

size_t sgit_commit_header_count(const struct sgit_commit *c)
{
	return c->block.count;
}

const struct sgit_header *sgit_commit_header_at(const struct sgit_commit *c, size_t i)
{
	return i < c->block.count ? &c->block.headers[i] : NULL;
}

const struct sgit_header *sgit_commit_header_next(const struct sgit_commit *c, const char *name,
						  size_t *from)
{
	const struct sgit_header *h = sgit_header_block_find(&c->block, name, *from);

	if (h)
		*from = (size_t)(h - c->block.headers) + 1;
	return h;
}
