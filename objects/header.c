/*
 * objects/header.c: the header section of commit and tag objects: split,
 * find, and the sgit_commit_*_header() functions of commit.h (cut, write, insert)
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "sgit/commit.h"
#include "objects/header_int.h"

void sgit_header_block_release(struct sgit_header_block *b)
{
	free(b->headers);
	b->headers = NULL;
	b->count = 0;
	sgit_buf_release(&b->arena);
	b->body = 0;
	b->has_body = 0;
}

int sgit_header_is(const struct sgit_header *h, const char *name)
{
	return !strcmp(h->name, name);
}

const struct sgit_header *sgit_header_block_find(const struct sgit_header_block *b,
						 const char *name, size_t from)
{
	size_t i;

	for (i = from; i < b->count; i++)
		if (sgit_header_is(&b->headers[i], name))
			return &b->headers[i];
	return NULL;
}

/*
 * First pass: check every line of the header section and count the headers,
 * so that the second pass can size everything once.
 */
static int scan_block(size_t *count, size_t *region, struct sgit_header_block *out,
		      const char *buf, size_t len, const char *what, struct sgit_error *err)
{
	size_t pos = 0;
	const char *nl;

	*count = 0;
	while (pos < len) {
		nl = memchr(buf + pos, '\n', len - pos);
		if (!nl)
			return sgit_error_set(err, SGIT_ECORRUPT, "corrupt %s: unterminated header line", what);
		if (nl == buf + pos) {
			out->has_body = 1;
			out->body = pos + 1;
			break;
		}
		if (memchr(buf + pos, '\0', (size_t)(nl - (buf + pos))))
			return sgit_error_set(err, SGIT_ECORRUPT, "corrupt %s: NUL byte in header", what);
		if (buf[pos] != ' ')
			(*count)++;
		else if (!*count)
			return sgit_error_set(err, SGIT_ECORRUPT,
					      "corrupt %s: continuation line before any header", what);
		pos = (size_t)(nl - buf) + 1;
	}
	*region = pos;
	if (!out->has_body)
		out->body = len;
	return 0;
}

/* Start header h at line [line, nl): its name, then the first line of its value. */
static void start_header(struct sgit_header *h, struct sgit_buf *arena, const char *buf,
			 const char *line, const char *nl)
{
	const char *sp = memchr(line, ' ', (size_t)(nl - line));
	const char *name_end = sp ? sp : nl;

	h->start = (size_t)(line - buf);
	h->name = arena->ptr + arena->len;
	h->name_len = (size_t)(name_end - line);
	sgit_buf_add(arena, line, h->name_len);
	sgit_buf_addch(arena, '\0');
	h->value = arena->ptr + arena->len;
	if (sp)
		sgit_buf_add(arena, sp + 1, (size_t)(nl - sp - 1));
}

static void finish_header(struct sgit_header *h, struct sgit_buf *arena)
{
	h->value_len = (size_t)(arena->ptr + arena->len - h->value);
	sgit_buf_addch(arena, '\0');
}

int sgit_header_block_parse(struct sgit_header_block *out, const char *buf, size_t len,
			    const char *what, struct sgit_error *err)
{
	struct sgit_header *h = NULL;
	size_t count = 0, region = 0, pos;
	const char *nl;
	char *base;
	int rc;

	sgit_header_block_release(out);
	if ((rc = scan_block(&count, &region, out, buf, len, what, err)) < 0)
		goto out;
	/* Per header the arena holds at most one byte more than its raw lines. */
	out->headers = calloc(count ? count : 1, sizeof(*out->headers));
	if (!out->headers || region > SIZE_MAX / 2 || sgit_buf_grow(&out->arena, region + count) < 0) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	base = out->arena.ptr;
	for (pos = 0; pos < region; pos = (size_t)(nl - buf) + 1) {
		nl = memchr(buf + pos, '\n', region - pos);
		if (buf[pos] == ' ') {
			sgit_buf_addch(&out->arena, '\n');
			sgit_buf_add(&out->arena, buf + pos + 1, (size_t)(nl - buf - pos - 1));
		} else {
			if (h)
				finish_header(h, &out->arena);
			h = &out->headers[out->count++];
			start_header(h, &out->arena, buf, buf + pos, nl);
		}
		h->end = (size_t)(nl - buf) + 1;
	}
	if (h)
		finish_header(h, &out->arena);
	if (out->arena.ptr != base)
		rc = sgit_error_set(err, SGIT_ERROR, "header arena moved while parsing %s", what);
out:
	if (rc < 0)
		sgit_header_block_release(out);
	return rc;
}

/* 1 when the line at p (of n bytes) starts "name SP"; *value gets what follows. */
static int line_is_header(const char **value, const char *p, size_t n, const char *name)
{
	size_t nlen = strlen(name);

	if (n <= nlen || memcmp(p, name, nlen) || p[nlen] != ' ')
		return 0;
	*value = p + nlen + 1;
	return 1;
}

/* The line at pos is inside the header section: route it to payload or value. */
static int route_line(struct sgit_buf *payload, struct sgit_buf *value, int *in_match,
		      const char *line, const char *next, const char *name)
{
	const char *v;

	if (line_is_header(&v, line, (size_t)(next - line), name)) {
		*in_match = 1;
		return sgit_buf_add(value, v, (size_t)(next - v));
	}
	if (*in_match && *line == ' ')
		return sgit_buf_add(value, line + 1, (size_t)(next - line - 1));
	*in_match = 0;
	return sgit_buf_add(payload, line, (size_t)(next - line));
}

int sgit_commit_extract_header(struct sgit_buf *payload, struct sgit_buf *value,
			       const char *buf, size_t len, const char *name)
{
	struct sgit_buf p = SGIT_BUF_INIT, v = SGIT_BUF_INIT;
	size_t pos = 0;
	int in_match = 0, found = 0, rc = 0;

	while (pos < len && rc == 0) {
		const char *line = buf + pos, *nl = memchr(line, '\n', len - pos);
		const char *next = nl ? nl + 1 : buf + len;

		if (*line == '\n') {
			rc = sgit_buf_add(&p, line, len - pos);	/* the message, untouched */
			break;
		}
		rc = route_line(&p, &v, &in_match, line, next, name);
		found |= in_match;	/* only a "name SP" line sets it */
		pos = (size_t)(next - buf);
	}
	if (rc == 0 && payload)
		sgit_buf_swap(payload, &p);
	if (rc == 0 && value)
		sgit_buf_swap(value, &v);
	if (rc < 0) {
		if (payload)
			sgit_buf_reset(payload);
		if (value)
			sgit_buf_reset(value);
	}
	sgit_buf_release(&p);
	sgit_buf_release(&v);
	return rc < 0 ? rc : found;
}

int sgit_commit_add_header(struct sgit_buf *out, const char *name, const char *value, size_t len,
			   struct sgit_error *err)
{
	size_t pos = 0, old = out->len;
	int rc;

	if (!*name || strpbrk(name, " \n") || memchr(value, '\0', len))
		return sgit_error_set(err, SGIT_EINVALID, "invalid header '%s'", name);
	rc = sgit_buf_adds(out, name);
	if (rc == 0 && !len)
		rc = sgit_buf_addch(out, '\n');
	while (rc == 0 && pos < len) {
		const char *nl = memchr(value + pos, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - value - pos) : len - pos;

		if ((rc = sgit_buf_addch(out, ' ')) == 0 && (rc = sgit_buf_add(out, value + pos, n)) == 0)
			rc = sgit_buf_addch(out, '\n');
		pos += n + 1;
	}
	if (rc < 0) {
		sgit_buf_truncate(out, old);
		return sgit_error_nomem(err);
	}
	return 0;
}

/* Offset of the empty line that ends the headers, or len when there is none. */
static size_t headers_end(const char *buf, size_t len)
{
	size_t pos = 0;
	const char *nl;

	while (pos < len && buf[pos] != '\n') {
		if (!(nl = memchr(buf + pos, '\n', len - pos)))
			return len;
		pos = (size_t)(nl - buf) + 1;
	}
	return pos;
}

int sgit_commit_insert_header(struct sgit_buf *commit, const char *name, const char *value,
			      size_t len, struct sgit_error *err)
{
	struct sgit_buf b = SGIT_BUF_INIT;
	size_t at = headers_end(commit->ptr, commit->len);
	int rc;

	if ((rc = sgit_buf_add(&b, commit->ptr, at)) < 0 ||
	    (rc = sgit_commit_add_header(&b, name, value, len, err)) < 0 ||
	    (rc = sgit_buf_add(&b, commit->ptr + at, commit->len - at)) < 0) {
		if (rc == SGIT_ENOMEM)
			sgit_error_nomem(err);
		goto out;
	}
	sgit_buf_swap(commit, &b);
out:
	sgit_buf_release(&b);
	return rc;
}
