/*
 * porcelain/commit/commit_create.c: the one place that builds commit objects.
 *
 * The layout is git's: tree, parents, author, committer, encoding when not
 * UTF-8, extra headers in order (multi-line values continue on lines that
 * start with one space), an empty line, the message; a signature goes last
 * among the headers. Byte-identical output is the point: the same inputs
 * must give the id git gives.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "sgit/commit_create.h"
#include "sgit/odb.h"

const char *const sgit_commit_signature_headers[] = { "gpgsig", "gpgsig-sha256", NULL };

/* The headers the writer sets itself; git never carries them over either. */
static const char *const standard_headers[] = { "tree", "parent", "author", "committer", "encoding", NULL };

static int name_in(const char *name, size_t len, const char *const *list)
{
	for (; list && *list; list++)
		if (strlen(*list) == len && !memcmp(*list, name, len))
			return 1;
	return 0;
}

static int check_extra(const char *name, const char *value, size_t len, struct sgit_error *err)
{
	if (!*name || strpbrk(name, " \n") || name_in(name, strlen(name), standard_headers) ||
	    (len && memchr(value, '\0', len)))
		return sgit_error_set(err, SGIT_EINVALID, "invalid extra commit header '%s'", name);
	return 0;
}

int sgit_commit_extra_add(struct sgit_commit_extra *list, const char *name, const char *value,
			  size_t len, struct sgit_error *err)
{
	struct sgit_commit_extra_header *h;
	int rc;

	if ((rc = check_extra(name, value, len, err)) < 0)
		return rc;
	if (list->nr == list->alloc) {
		size_t n = list->alloc ? list->alloc * 2 : 4;
		void *p = n < SIZE_MAX / sizeof(*h) ? realloc(list->items, n * sizeof(*h)) : NULL;

		if (!p)
			return sgit_error_nomem(err);
		list->items = p;
		list->alloc = n;
	}
	h = &list->items[list->nr];
	h->name = strdup(name);
	h->value = len < SIZE_MAX ? malloc(len + 1) : NULL;
	if (!h->name || !h->value) {
		free(h->name);
		free(h->value);
		return sgit_error_nomem(err);
	}
	if (len)
		memcpy(h->value, value, len);
	h->value[len] = '\0';
	h->len = len;
	list->nr++;
	return 0;
}

void sgit_commit_extra_release(struct sgit_commit_extra *list)
{
	size_t i;

	for (i = 0; i < list->nr; i++) {
		free(list->items[i].name);
		free(list->items[i].value);
	}
	free(list->items);
	list->items = NULL;
	list->nr = list->alloc = 0;
}

/*
 * A parsed header's value joins its lines without the last LF; git's form
 * ends every line with one, which also keeps an empty last continuation
 * line. A header line without any space ("name LF") keeps an empty value.
 */
static int carry_header(struct sgit_commit_extra *list, struct sgit_buf *tmp, const char *raw,
			const struct sgit_header *h, struct sgit_error *err)
{
	int has_space = raw[h->start + h->name_len] == ' ';

	sgit_buf_reset(tmp);
	if (has_space && (sgit_buf_add(tmp, h->value, h->value_len) < 0 || sgit_buf_addch(tmp, '\n') < 0))
		return sgit_error_nomem(err);
	return sgit_commit_extra_add(list, h->name, tmp->ptr, tmp->len, err);
}

int sgit_commit_extra_from_commit(struct sgit_commit_extra *list, const struct sgit_commit *c,
				  const char *const *exclude, struct sgit_error *err)
{
	struct sgit_buf tmp = SGIT_BUF_INIT;
	size_t i, n = sgit_commit_header_count(c), old = list->nr, len;
	const char *raw = sgit_commit_raw(c, &len);
	int rc = 0;

	for (i = 0; i < n && rc == 0; i++) {
		const struct sgit_header *h = sgit_commit_header_at(c, i);

		if (name_in(h->name, h->name_len, standard_headers) ||
		    name_in(h->name, h->name_len, exclude))
			continue;
		rc = carry_header(list, &tmp, raw, h, err);
	}
	sgit_buf_release(&tmp);
	if (rc < 0) {
		while (list->nr > old) {
			list->nr--;
			free(list->items[list->nr].name);
			free(list->items[list->nr].value);
		}
	}
	return rc;
}

const char *sgit_commit_utf8_warning(void)
{
	return "Warning: commit message did not conform to UTF-8.\n"
	       "You may want to amend it after fixing the message, or set the config\n"
	       "variable i18n.commitEncoding to the encoding your project uses.\n";
}

static int encoding_is_utf8(const char *enc)
{
	return !enc || !strcasecmp(enc, "utf-8") || !strcasecmp(enc, "utf8");
}

/*
 * The length of the well-formed UTF-8 character at p (n > 0 bytes left), or
 * 0 when git would call it invalid: a stray continuation byte, a lead byte
 * of more than four bytes, a truncated or overlong sequence, anything past
 * U+10FFFF, surrogates, and the noncharacters U+xxFFFE, U+xxFFFF and
 * U+FDD0..U+FDEF.
 */
static size_t utf8_char_len(const unsigned char *p, size_t n)
{
	static const uint32_t min_cp[] = { 0, 0, 0x80, 0x800, 0x10000 };
	size_t len, i;
	uint32_t cp;

	if (p[0] < 0x80)
		return 1;
	if ((p[0] & 0xe0) == 0xc0)
		len = 2, cp = p[0] & 0x1f;
	else if ((p[0] & 0xf0) == 0xe0)
		len = 3, cp = p[0] & 0x0f;
	else if ((p[0] & 0xf8) == 0xf0)
		len = 4, cp = p[0] & 0x07;
	else
		return 0;
	if (n < len)
		return 0;
	for (i = 1; i < len; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (p[i] & 0x3f);
	}
	if (cp < min_cp[len] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) ||
	    (cp & 0xfffe) == 0xfffe || (cp >= 0xfdd0 && cp <= 0xfdef))
		return 0;
	return len;
}

/* Offset of the first byte that does not start a valid character, or len. */
static size_t utf8_first_invalid(const char *buf, size_t len)
{
	size_t pos = 0, n;

	while (pos < len && (n = utf8_char_len((const unsigned char *)buf + pos, len - pos)))
		pos += n;
	return pos;
}

/* git's repair: every byte that breaks UTF-8 is read as Latin-1 and written as UTF-8. */
static int make_utf8(struct sgit_buf *b, int *converted)
{
	struct sgit_buf fixed = SGIT_BUF_INIT;
	size_t pos = utf8_first_invalid(b->ptr, b->len), good;
	int rc = 0;

	*converted = pos < b->len;
	if (!*converted)
		return 0;
	rc = sgit_buf_add(&fixed, b->ptr, pos);
	while (rc == 0 && pos < b->len) {
		unsigned char c = (unsigned char)b->ptr[pos++];
		char two[2] = { (char)(0xc0 | (c >> 6)), (char)(0x80 | (c & 0x3f)) };

		good = utf8_first_invalid(b->ptr + pos, b->len - pos);
		if ((rc = sgit_buf_add(&fixed, two, 2)) == 0)
			rc = sgit_buf_add(&fixed, b->ptr + pos, good);
		pos += good;
	}
	if (rc == 0)
		sgit_buf_swap(b, &fixed);
	sgit_buf_release(&fixed);
	return rc;
}

static int check_build_inputs(const struct sgit_commit_create_opts *o, struct sgit_error *err)
{
	if (!o->tree || (o->nparents && !o->parents))
		return sgit_error_set(err, SGIT_EINVALID, "a commit needs a tree");
	if (!o->author || !o->committer)
		return sgit_error_set(err, SGIT_EINVALID, "a commit needs an author and a committer");
	if (strchr(o->author, '\n') || strchr(o->committer, '\n') || (o->encoding && strchr(o->encoding, '\n')))
		return sgit_error_set(err, SGIT_EINVALID, "an identity or the encoding holds a line break");
	if (o->message_len && memchr(o->message, '\0', o->message_len))
		return sgit_error_set(err, SGIT_EINVALID, "a NUL byte in commit log message not allowed.");
	return 0;
}

/* tree, parents, author, committer, encoding. */
static int add_standard_headers(struct sgit_buf *out, const struct sgit_commit_create_opts *o)
{
	char hex[SGIT_OID_HEXSZ + 1];
	size_t i;
	int rc;

	if ((rc = sgit_buf_printf(out, "tree %s\n", sgit_oid_tohex(hex, o->tree))) < 0)
		return rc;
	for (i = 0; i < o->nparents; i++)
		if ((rc = sgit_buf_addf(out, "parent %s\n", sgit_oid_tohex(hex, &o->parents[i]))) < 0)
			return rc;
	if ((rc = sgit_buf_addf(out, "author %s\ncommitter %s\n", o->author, o->committer)) < 0)
		return rc;
	if (!encoding_is_utf8(o->encoding))
		rc = sgit_buf_addf(out, "encoding %s\n", o->encoding);
	return rc;
}

int sgit_commit_build(struct sgit_buf *out, int *converted, const struct sgit_commit_create_opts *opts,
		      struct sgit_error *err)
{
	const struct sgit_commit_extra *x = opts->extra;
	int conv = 0, rc;
	size_t i;

	sgit_buf_reset(out);
	if ((rc = check_build_inputs(opts, err)) < 0)
		goto out;
	for (i = 0; x && i < x->nr; i++)
		if ((rc = check_extra(x->items[i].name, x->items[i].value, x->items[i].len, err)) < 0)
			goto out;
	if ((rc = add_standard_headers(out, opts)) < 0)
		goto out;
	for (i = 0; x && i < x->nr; i++)
		if ((rc = sgit_commit_add_header(out, x->items[i].name, x->items[i].value, x->items[i].len,
						 err)) < 0)
			goto out;
	if ((rc = sgit_buf_addch(out, '\n')) < 0 ||
	    (opts->message_len && (rc = sgit_buf_add(out, opts->message, opts->message_len)) < 0))
		goto out;
	/* git checks the whole object, headers included */
	if (encoding_is_utf8(opts->encoding))
		rc = make_utf8(out, &conv);
out:
	if (rc == SGIT_ENOMEM)
		sgit_error_nomem(err);
	if (rc < 0)
		sgit_buf_reset(out);
	if (converted)
		*converted = rc < 0 ? 0 : conv;
	return rc;
}

/* ---- storing a commit in a repository ---- */

static int fail(struct sgit_commit_create_result *out, enum sgit_commit_create_step step, int rc)
{
	out->failed = step;
	return rc;
}

/* id must name an object of type want: git's messages otherwise. */
static int check_type(struct sgit_repo *repo, const struct sgit_oid *id, enum sgit_object_type want)
{
	enum sgit_object_type type = SGIT_OBJ_NONE;
	char hex[SGIT_OID_HEXSZ + 1];
	size_t size;

	if (sgit_odb_read_header(&size, &type, sgit_repo_odb(repo), id) < 0)
		return sgit_error_set(sgit_repo_error(repo), SGIT_ENOTFOUND, "%s is not a valid object",
				      sgit_oid_tohex(hex, id));
	if (type == want)
		return 0;
	return sgit_error_set(sgit_repo_error(repo), SGIT_EINVALID, "%s is not a valid '%s' object",
			      sgit_oid_tohex(hex, id), sgit_object_type_name(want));
}

/* Fill in the identities the caller left to the configuration, author first as git. */
static int decide_idents(struct sgit_buf *author, struct sgit_buf *committer,
			 struct sgit_commit_create_result *out, struct sgit_repo *repo,
			 const struct sgit_commit_create_opts *opts)
{
	struct sgit_error *err = sgit_repo_error(repo);
	struct sgit_person_options p = SGIT_PERSON_OPTIONS_INIT;
	int hint = 0, rc = 0;

	if (opts->author && opts->committer)
		return 0;
	if (!opts->person)
		return sgit_error_set(err, SGIT_EINVALID, "a commit needs an author and a committer");
	p = *opts->person;
	p.strict = 1;
	if (!p.repo && !p.config && !p.getenv)
		p.repo = repo;
	if (!opts->author && (rc = sgit_person_ident(author, &hint, SGIT_PERSON_AUTHOR, &p, err)) < 0) {
		out->hint = hint ? sgit_person_hint(SGIT_PERSON_AUTHOR) : NULL;
		return rc;
	}
	if (!opts->committer && (rc = sgit_person_ident(committer, &hint, SGIT_PERSON_COMMITTER, &p, err)) < 0)
		out->hint = hint ? sgit_person_hint(SGIT_PERSON_COMMITTER) : NULL;
	return rc;
}

/* i18n.commitEncoding when the caller did not say. */
static int decide_encoding(const char **enc, struct sgit_repo *repo, const struct sgit_commit_create_opts *opts)
{
	int rc;

	*enc = opts->encoding;
	if (*enc)
		return 0;
	rc = sgit_config_get_string(enc, sgit_repo_config(repo), "i18n.commitencoding");
	if (rc == SGIT_ENOTFOUND) {
		*enc = NULL;
		return 0;
	}
	if (rc < 0)
		return sgit_error_set(sgit_repo_error(repo), SGIT_ECONFIG,
				      "missing value for 'i18n.commitencoding'");
	return 0;
}

/* Sign the object built so far and put the signature in a gpgsig header after the others. */
static int sign_commit(struct sgit_buf *obj, const struct sgit_commit_create_opts *opts,
		       struct sgit_error *err)
{
	struct sgit_buf sig = SGIT_BUF_INIT;
	int rc;

	if ((rc = opts->sign(&sig, obj->ptr, obj->len, opts->sign_data, err)) == 0)
		rc = sgit_commit_insert_header(obj, "gpgsig", sig.ptr, sig.len, err);
	sgit_buf_release(&sig);
	return rc;
}

/* What git checks before it looks at identities: the tree, the parents, the message. */
static int check_inputs(struct sgit_commit_create_result *out, struct sgit_repo *repo,
			const struct sgit_commit_create_opts *opts)
{
	size_t i;
	int rc;

	if (!opts->tree || (opts->nparents && !opts->parents))
		return fail(out, SGIT_COMMIT_STEP_BUILD, sgit_error_set(sgit_repo_error(repo),
				SGIT_EINVALID, "a commit needs a tree"));
	if ((rc = check_type(repo, opts->tree, SGIT_OBJ_TREE)) < 0)
		return fail(out, SGIT_COMMIT_STEP_TREE, rc);
	for (i = 0; i < opts->nparents; i++)
		if ((rc = check_type(repo, &opts->parents[i], SGIT_OBJ_COMMIT)) < 0)
			return fail(out, SGIT_COMMIT_STEP_PARENT, rc);
	if (opts->message_len && memchr(opts->message, '\0', opts->message_len))
		return fail(out, SGIT_COMMIT_STEP_MESSAGE, sgit_error_set(sgit_repo_error(repo),
				SGIT_EINVALID, "a NUL byte in commit log message not allowed."));
	return 0;
}

int sgit_commit_create(struct sgit_commit_create_result *out, struct sgit_repo *repo,
		       const struct sgit_commit_create_opts *opts)
{
	struct sgit_error *err = sgit_repo_error(repo);
	struct sgit_buf author = SGIT_BUF_INIT, committer = SGIT_BUF_INIT, obj = SGIT_BUF_INIT;
	struct sgit_commit_create_opts o = *opts;
	int rc;

	memset(out, 0, sizeof(*out));
	if ((rc = check_inputs(out, repo, opts)) < 0)
		goto out;
	if ((rc = decide_idents(&author, &committer, out, repo, opts)) < 0) {
		rc = fail(out, SGIT_COMMIT_STEP_IDENT, rc);
		goto out;
	}
	o.author = opts->author ? opts->author : author.ptr;
	o.committer = opts->committer ? opts->committer : committer.ptr;
	if ((rc = decide_encoding(&o.encoding, repo, opts)) < 0 ||
	    (rc = sgit_commit_build(&obj, &out->converted, &o, err)) < 0) {
		rc = fail(out, SGIT_COMMIT_STEP_BUILD, rc);
		goto out;
	}
	if (o.sign && (rc = sign_commit(&obj, &o, err)) < 0) {
		rc = fail(out, SGIT_COMMIT_STEP_SIGN, rc);
		goto out;
	}
	if ((rc = sgit_odb_write(&out->id, sgit_repo_odb(repo), SGIT_OBJ_COMMIT, obj.ptr, obj.len)) < 0)
		rc = fail(out, SGIT_COMMIT_STEP_WRITE, rc);
out:
	if (rc < 0)
		sgit_oid_clear(&out->id);
	sgit_buf_release(&author);
	sgit_buf_release(&committer);
	sgit_buf_release(&obj);
	return rc;
}
