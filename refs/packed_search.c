/* refs/packed_search.c: one ref out of a sorted packed-refs file, by binary search over its bytes */
#include <string.h>
#include "refs/refdb_int.h"

/*
 * A record is a ref line "<hex> <name>" and the "^<hex>" line that may
 * follow it. The search keeps [lo, hi) on record boundaries: the records
 * before lo name less than the name sought, those from hi on at least as
 * much. A probe between them lands anywhere in a line; its record starts
 * after the LF before it, one line further back when that is a "^" line.
 * Only the lines probed are looked at, and only the one returned is parsed.
 */
struct view {
	const char *buf;
	size_t len;		/* buf[len - 1] is a LF (checked first): memchr always finds one */
	const char *path;
	struct sgit_error *err;
};

/* The message sgit_packed_refs_parse() gives for the same line. */
static int corrupt(const struct view *v, const char *what, size_t pos, size_t end)
{
	return sgit_error_set(v->err, SGIT_ECORRUPT, "%s line in %s: %.*s", what, v->path,
			      (int)(end - pos), v->buf + pos);
}

static size_t line_start(const struct view *v, size_t lo, size_t pos)
{
	while (pos > lo && v->buf[pos - 1] != '\n')
		pos--;
	return pos;
}

/* The offset of the LF that ends the line holding pos (pos < len). */
static size_t line_end(const struct view *v, size_t pos)
{
	return (size_t)((const char *)memchr(v->buf + pos, '\n', v->len - pos) - v->buf);
}

/* *rec = the ref line of the record holding pos (lo <= pos, lo a record boundary). */
static int record_at(size_t *rec, const struct view *v, size_t lo, size_t pos)
{
	size_t s = line_start(v, lo, pos), prev;

	if (v->buf[s] == '^') {
		prev = s > lo ? line_start(v, lo, s - 1) : s;
		/* a "^" line first, or after another: it belongs to no ref */
		if (prev == s || v->buf[prev] == '^')
			return corrupt(v, "unexpected", s, line_end(v, s));
		s = prev;
	}
	*rec = s;
	return 0;
}

/* The name on the ref line at pos and the offset of its LF, the line's shape checked. */
static int ref_name(const char **name, size_t *nlen, size_t *eol, const struct view *v, size_t pos)
{
	*eol = line_end(v, pos);
	if (*eol - pos < SGIT_OID_HEXSZ + 2 || v->buf[pos + SGIT_OID_HEXSZ] != ' ')
		return corrupt(v, "unexpected", pos, *eol);
	*name = v->buf + pos + SGIT_OID_HEXSZ + 1;
	*nlen = *eol - pos - SGIT_OID_HEXSZ - 1;
	return 0;
}

/* Where the record whose ref line ends at eol ends: past its "^" line, if any. */
static size_t record_end(const struct view *v, size_t eol)
{
	size_t next = eol + 1;

	return next < v->len && v->buf[next] == '^' ? line_end(v, next) + 1 : next;
}

static int name_cmp(const char *a, size_t alen, const char *b, size_t blen)
{
	int c = memcmp(a, b, alen < blen ? alen : blen);

	if (c)
		return c;
	return alen < blen ? -1 : alen > blen;
}

/* Parse the record whose ref line starts at pos, as the full parse would. */
static int parse_record(struct sgit_packed_entry *out, const struct view *v,
			const struct sgit_packed_header *h, size_t pos)
{
	struct sgit_packed_entry e;
	size_t eol, next;
	int rc;

	memset(&e, 0, sizeof(e));
	if ((rc = ref_name(&e.name, &e.name_len, &eol, v, pos)) < 0)
		return rc;
	if (!sgit_refname__is_safe(e.name, e.name_len))
		return sgit_error_set(v->err, SGIT_ECORRUPT, "packed refname is dangerous: %.*s",
				      (int)e.name_len, e.name);
	if (sgit_oid_fromhexn(&e.oid, v->buf + pos, SGIT_OID_HEXSZ) < 0)
		return corrupt(v, "unexpected", pos, eol);
	e.peel_known = h->fully_peeled ||
		       (h->peeled && e.name_len > 10 && !memcmp(e.name, "refs/tags/", 10));
	next = eol + 1;
	if (next < v->len && v->buf[next] == '^') {
		eol = line_end(v, next);
		if (eol - next != SGIT_OID_HEXSZ + 1 ||
		    sgit_oid_fromhexn(&e.peeled, v->buf + next + 1, SGIT_OID_HEXSZ) < 0)
			return corrupt(v, "unexpected", next, eol);
		if (eol + 1 < v->len && v->buf[eol + 1] == '^')
			return corrupt(v, "unexpected", eol + 1, line_end(v, eol + 1));
		e.has_peeled = e.peel_known = 1;
	}
	*out = e;
	return 0;
}

int sgit_packed_refs_search(struct sgit_packed_entry *out, const char *buf, size_t len,
			    const struct sgit_packed_header *h, const char *name, size_t nlen,
			    int prefix, const char *path, struct sgit_error *err)
{
	struct view v = { buf, len, path, err };
	size_t lo = h->body < len ? h->body : len, hi = len, mid, rec = 0, eol = 0, flen = 0;
	const char *found;
	int rc, c;

	memset(out, 0, sizeof(*out));
	if (lo == len)
		return SGIT_ENOTFOUND;
	if (buf[len - 1] != '\n')
		return corrupt(&v, "unterminated", line_start(&v, lo, len), len);
	/* git refuses a file whose last record is too short to be one, whatever is looked up */
	if ((rc = record_at(&rec, &v, lo, len - 1)) < 0)
		return rc;
	if (len - rec < SGIT_OID_HEXSZ + 2)
		return corrupt(&v, "unexpected", rec, line_end(&v, rec));
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if ((rc = record_at(&rec, &v, lo, mid)) < 0 ||
		    (rc = ref_name(&found, &flen, &eol, &v, rec)) < 0)
			return rc;
		c = name_cmp(found, flen, name, nlen);
		if (c == 0 && !prefix) {
			lo = rec;
			break;
		}
		if (c < 0)
			lo = record_end(&v, eol);
		else
			hi = rec;
	}
	if (lo == len || (rc = ref_name(&found, &flen, &eol, &v, lo)) < 0)
		return lo == len ? SGIT_ENOTFOUND : rc;
	if (prefix ? flen < nlen || memcmp(found, name, nlen) : name_cmp(found, flen, name, nlen))
		return SGIT_ENOTFOUND;
	return parse_record(out, &v, h, lo);
}
