/* porcelain/remote/refspec.c: parse refspecs as git does, and map ref names through them */
#include <stdlib.h>
#include <string.h>
#include "sgit/oid.h"
#include "sgit/refs.h"
#include "sgit/refspec.h"

/* The side of a refspec must look like a ref name (one '*' allowed in a pattern). */
static int name_ok(const char *name, int pattern)
{
	unsigned flags = SGIT_REFNAME_ALLOW_ONELEVEL | (pattern ? SGIT_REFNAME_REFSPEC_PATTERN : 0);

	return sgit_refname_is_valid(name, flags, NULL);
}

static int is_full_hex(const char *s)
{
	struct sgit_oid id;

	return strlen(s) == SGIT_OID_HEXSZ && sgit_oid_fromhex(&id, s) == 0;
}

/*
 * git's rules for each side. Fetch: src empty (HEAD), a full id or a ref
 * name; dst absent, empty (do not store) or a ref name. Push: src empty
 * (delete) or anything (an extended object name) unless it is a pattern;
 * dst a ref name, or absent when src is one. Negative: src only, a name or
 * pattern, never empty or an id.
 */
static int sides_ok(struct sgit_refspec *rs, enum sgit_refspec_dir dir)
{
	int pat = rs->pattern;

	if (rs->negative)
		return *rs->src && !is_full_hex(rs->src) && name_ok(rs->src, pat);
	if (dir == SGIT_REFSPEC_FETCH) {
		if (*rs->src && is_full_hex(rs->src))
			rs->exact_oid = 1;
		else if (*rs->src && !name_ok(rs->src, pat))
			return 0;
		return !rs->dst || !*rs->dst || name_ok(rs->dst, pat);
	}
	if (*rs->src && pat && !name_ok(rs->src, pat))
		return 0;
	if (!rs->dst)
		return name_ok(rs->src, pat);
	return *rs->dst && name_ok(rs->dst, pat);
}

/* Split "[+|^]src[:dst]" (the last ':' splits) and check where the '*' are; 0 when they do not pair. */
static int split(struct sgit_refspec *rs, const char *spec, enum sgit_refspec_dir dir)
{
	const char *lhs = spec, *colon;
	size_t llen;
	int lglob, rglob;

	if (*lhs == '+') {
		rs->force = 1;
		lhs++;
	} else if (*lhs == '^') {
		rs->negative = 1;
		lhs++;
	}
	colon = strrchr(lhs, ':');
	if (rs->negative && colon)
		return 0;
	if (dir == SGIT_REFSPEC_PUSH && colon == lhs && !colon[1]) {
		rs->matching = 1;
		return (rs->src = strdup("")) != NULL ? 1 : -1;
	}
	llen = colon ? (size_t)(colon - lhs) : strlen(lhs);
	rglob = colon && strchr(colon + 1, '*') != NULL;
	lglob = memchr(lhs, '*', llen) != NULL;
	/* a pattern maps to a pattern; a fetch of a pattern needs somewhere to store it */
	if (lglob ? (colon && !rglob) || (!colon && !rs->negative && dir == SGIT_REFSPEC_FETCH)
		  : rglob)
		return 0;
	rs->pattern = lglob;
	if (colon && !(rs->dst = strdup(colon + 1)))
		return -1;
	rs->src = llen == 1 && *lhs == '@' ? strdup("HEAD") : strndup(lhs, llen);
	return rs->src ? 1 : -1;
}

int sgit_refspec_parse(struct sgit_refspec *out, const char *spec, enum sgit_refspec_dir dir,
		       struct sgit_error *err)
{
	struct sgit_refspec rs = SGIT_REFSPEC_INIT;
	int rc = split(&rs, spec, dir);

	if (rc > 0 && !rs.matching && !sides_ok(&rs, dir))
		rc = 0;
	if (rc > 0 && !(rs.string = strdup(spec)))
		rc = -1;
	if (rc <= 0) {
		sgit_refspec_release(&rs);
		*out = rs;
		return rc < 0 ? sgit_error_nomem(err)
			      : sgit_error_set(err, SGIT_EINVALID, "invalid refspec '%s'", spec);
	}
	*out = rs;
	return 0;
}

void sgit_refspec_release(struct sgit_refspec *rs)
{
	struct sgit_refspec empty = SGIT_REFSPEC_INIT;

	free(rs->string);
	free(rs->src);
	free(rs->dst);
	*rs = empty;
}

/*
 * Match name against side (a pattern when pattern is set): 1 and, for a
 * pattern, the matched middle part as [*mid, *mid + *mid_len).
 */
static int side_matches(const char *side, int pattern, const char *name, const char **mid,
			size_t *mid_len)
{
	const char *star = pattern ? strchr(side, '*') : NULL;
	size_t pre, suf, nlen = strlen(name);

	if (!star) {
		*mid = NULL;
		*mid_len = 0;
		return !strcmp(side, name);
	}
	pre = (size_t)(star - side);
	suf = strlen(star + 1);
	if (nlen < pre + suf || strncmp(name, side, pre) || strcmp(name + nlen - suf, star + 1))
		return 0;
	*mid = name + pre;
	*mid_len = nlen - pre - suf;
	return 1;
}

int sgit_refspec_src_matches(const struct sgit_refspec *rs, const char *name)
{
	const char *mid;
	size_t len;

	return !rs->matching && side_matches(rs->src, rs->pattern, name, &mid, &len);
}

int sgit_refspec_dst_matches(const struct sgit_refspec *rs, const char *name)
{
	const char *mid;
	size_t len;

	return rs->dst && side_matches(rs->dst, rs->pattern, name, &mid, &len);
}

/* Map name from side `from` to side `to` (either may be NULL: no mapping). */
static int map(struct sgit_buf *out, const struct sgit_refspec *rs, const char *from, const char *to,
	       const char *name)
{
	const char *mid, *star;
	size_t len;

	sgit_buf_reset(out);
	if (rs->matching || rs->negative || !from || !to || !*to ||
	    !side_matches(from, rs->pattern, name, &mid, &len))
		return 0;
	if (!rs->pattern)
		return sgit_buf_sets(out, to) < 0 ? SGIT_ENOMEM : 1;
	star = strchr(to, '*');
	if (sgit_buf_set(out, to, (size_t)(star - to)) < 0 || sgit_buf_add(out, mid, len) < 0 ||
	    sgit_buf_adds(out, star + 1) < 0)
		return SGIT_ENOMEM;
	return 1;
}

int sgit_refspec_transform(struct sgit_buf *out, const struct sgit_refspec *rs, const char *name)
{
	return map(out, rs, rs->src, rs->dst, name);
}

int sgit_refspec_rtransform(struct sgit_buf *out, const struct sgit_refspec *rs, const char *name)
{
	return map(out, rs, rs->dst, rs->src, name);
}

/* ---- lists ---- */

int sgit_refspec_list_add(struct sgit_refspec_list *list, const char *spec, struct sgit_error *err)
{
	struct sgit_refspec rs;
	int rc;

	if (list->n == list->alloc) {
		size_t n = list->alloc ? 2 * list->alloc : 4;
		struct sgit_refspec *grown = realloc(list->items, n * sizeof(*grown));

		if (!grown)
			return sgit_error_nomem(err);
		list->items = grown;
		list->alloc = n;
	}
	if ((rc = sgit_refspec_parse(&rs, spec, list->dir, err)) < 0)
		return rc;
	list->items[list->n++] = rs;
	return 0;
}

void sgit_refspec_list_release(struct sgit_refspec_list *list)
{
	size_t i;

	for (i = 0; i < list->n; i++)
		sgit_refspec_release(&list->items[i]);
	free(list->items);
	list->items = NULL;
	list->n = list->alloc = 0;
}

int sgit_refspec_list_excludes(const struct sgit_refspec_list *list, const char *name)
{
	size_t i;

	for (i = 0; i < list->n; i++)
		if (list->items[i].negative && sgit_refspec_src_matches(&list->items[i], name))
			return 1;
	return 0;
}

static int list_map(struct sgit_buf *out, const struct sgit_refspec **which,
		    const struct sgit_refspec_list *list, const char *name, int reverse)
{
	size_t i;
	int rc = 0;

	if (which)
		*which = NULL;
	sgit_buf_reset(out);
	if (!reverse && sgit_refspec_list_excludes(list, name))
		return 0;
	for (i = 0; i < list->n && rc == 0; i++) {
		rc = reverse ? sgit_refspec_rtransform(out, &list->items[i], name)
			     : sgit_refspec_transform(out, &list->items[i], name);
		if (rc > 0 && reverse && sgit_refspec_list_excludes(list, out->ptr))
			rc = 0;
		if (rc > 0 && which)
			*which = &list->items[i];
	}
	if (rc <= 0)
		sgit_buf_reset(out);
	return rc;
}

int sgit_refspec_list_transform(struct sgit_buf *out, const struct sgit_refspec **which,
				const struct sgit_refspec_list *list, const char *name)
{
	return list_map(out, which, list, name, 0);
}

int sgit_refspec_list_rtransform(struct sgit_buf *out, const struct sgit_refspec **which,
				 const struct sgit_refspec_list *list, const char *name)
{
	return list_map(out, which, list, name, 1);
}
