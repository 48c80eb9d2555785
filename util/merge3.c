/* util/merge3.c: three-way line merge: two edit scripts combined, conflicts shrunk, hunks written */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "util/merge3.h"

/* What a hunk takes; a resolved hunk is written from ours, theirs or both. */
enum { CONFLICT = 0, TAKE_OURS = 1, TAKE_THEIRS = 2, SAME_ON_BOTH = 4 };

struct hunk {
	int mode;
	long i0, chg0;		/* lines of base */
	long i1, chg1;		/* lines of ours */
	long i2, chg2;		/* lines of theirs */
};

struct merge {
	const struct sgit_merge3_options *o;
	struct sgit_error *err;
	struct sgit_diff d1, d2;	/* base to ours, base to theirs */
	const struct sgit_diff_line *ours, *theirs;
	long nours, ntheirs;
	struct hunk *h;
	size_t nh, ah;
};

static int grow_hunks(struct hunk **v, size_t *alloc, size_t need)
{
	size_t n = *alloc ? *alloc : 16;
	struct hunk *p;

	if (need <= *alloc)
		return 0;
	while (n < need)
		n *= 2;
	if (n > SIZE_MAX / sizeof(*p) || !(p = realloc(*v, n * sizeof(*p))))
		return SGIT_ENOMEM;
	*v = p;
	*alloc = n;
	return 0;
}

/*
 * Add a hunk; one that touches or overlaps the previous hunk on either side
 * is folded into it, and the two become a conflict unless they take the
 * same side.
 */
static int add_hunk(struct merge *m, int mode, long i0, long chg0, long i1, long chg1,
		    long i2, long chg2)
{
	struct hunk *last = m->nh ? &m->h[m->nh - 1] : NULL;

	if (last && (i1 <= last->i1 + last->chg1 || i2 <= last->i2 + last->chg2)) {
		if (mode != last->mode)
			last->mode = CONFLICT;
		last->chg0 = i0 + chg0 - last->i0;
		last->chg1 = i1 + chg1 - last->i1;
		last->chg2 = i2 + chg2 - last->i2;
		return 0;
	}
	if (grow_hunks(&m->h, &m->ah, m->nh + 1) < 0)
		return sgit_error_nomem(m->err);
	m->h[m->nh++] = (struct hunk){ mode, i0, chg0, i1, chg1, i2, chg2 };
	return 0;
}

static int same_lines(const struct sgit_diff_line *a, const struct sgit_diff_line *b, long n)
{
	long k;

	for (k = 0; k < n; k++)
		if (a[k].len != b[k].len || memcmp(a[k].ptr, b[k].ptr, a[k].len))
			return 0;
	return 1;
}

/* Two changes of base that overlap or touch: a conflict over the span of both (or nothing). */
static int add_overlap(struct merge *m, const struct sgit_diff_change *x1,
		       const struct sgit_diff_change *x2)
{
	long b1 = (long)x1->old_start, n1 = (long)x1->old_count;
	long b2 = (long)x2->old_start, n2 = (long)x2->old_count;
	long off = b1 - b2, ffo = off + n1 - n2;
	long i0 = b1, i1 = (long)x1->new_start, i2 = (long)x2->new_start, chg0, chg1, chg2;

	if (m->o->level != SGIT_MERGE3_MINIMAL && off == 0 && n1 == n2 &&
	    x1->new_count == x2->new_count &&
	    same_lines(m->ours + i1, m->theirs + i2, (long)x1->new_count))
		return 0;
	if (off > 0) {
		i0 -= off;
		i1 -= off;
	} else {
		i2 += off;
	}
	chg0 = b1 + n1 - i0;
	chg1 = (long)(x1->new_start + x1->new_count) - i1;
	chg2 = (long)(x2->new_start + x2->new_count) - i2;
	if (ffo < 0) {
		chg0 -= ffo;
		chg1 -= ffo;
	} else {
		chg2 += ffo;
	}
	return add_hunk(m, CONFLICT, i0, chg0, i1, chg1, i2, chg2);
}

/* Walk both edit scripts in base order, as git's merge does. */
static int combine(struct merge *m)
{
	const struct sgit_diff_change *c1 = m->d1.changes, *c2 = m->d2.changes, *x1, *x2;
	size_t k1 = 0, k2 = 0, n1 = m->d1.nr_changes, n2 = m->d2.nr_changes;
	long e1, e2, base_nr = (long)m->d1.old_nr;
	int rc = 0;

	while (rc == 0 && k1 < n1 && k2 < n2) {
		x1 = &c1[k1];
		x2 = &c2[k2];
		e1 = (long)(x1->old_start + x1->old_count);
		e2 = (long)(x2->old_start + x2->old_count);
		if (e1 < (long)x2->old_start) {
			rc = add_hunk(m, TAKE_OURS, (long)x1->old_start, (long)x1->old_count,
				      (long)x1->new_start, (long)x1->new_count,
				      (long)x2->new_start - (long)x2->old_start + (long)x1->old_start,
				      (long)x1->old_count);
			k1++;
		} else if (e2 < (long)x1->old_start) {
			rc = add_hunk(m, TAKE_THEIRS, (long)x2->old_start, (long)x2->old_count,
				      (long)x1->new_start - (long)x1->old_start + (long)x2->old_start,
				      (long)x2->old_count, (long)x2->new_start, (long)x2->new_count);
			k2++;
		} else {
			rc = add_overlap(m, x1, x2);
			if (e1 >= e2)
				k2++;
			if (e2 >= e1)
				k1++;
		}
	}
	for (; rc == 0 && k1 < n1; k1++)
		rc = add_hunk(m, TAKE_OURS, (long)c1[k1].old_start, (long)c1[k1].old_count,
			      (long)c1[k1].new_start, (long)c1[k1].new_count,
			      (long)c1[k1].old_start + m->ntheirs - base_nr, (long)c1[k1].old_count);
	for (; rc == 0 && k2 < n2; k2++)
		rc = add_hunk(m, TAKE_THEIRS, (long)c2[k2].old_start, (long)c2[k2].old_count,
			      (long)c2[k2].old_start + m->nours - base_nr, (long)c2[k2].old_count,
			      (long)c2[k2].new_start, (long)c2[k2].new_count);
	return rc;
}

/* The bytes of lines [i, i + n) of a side (n > 0): they are contiguous in the caller's buffer. */
static void span(const char **ptr, size_t *len, const struct sgit_diff_line *l, long i, long n)
{
	*ptr = l[i].ptr;
	*len = (size_t)(l[i + n - 1].ptr + l[i + n - 1].len - l[i].ptr);
}

/*
 * Diff ours' part of conflict h against theirs' part and append to out one
 * conflict per difference found (the lines alike on both sides between them
 * are no longer in conflict), or h marked as resolved when they are equal.
 */
static int refine_one(struct merge *m, struct hunk **out, size_t *nout, size_t *aout,
		      const struct hunk *h)
{
	struct sgit_diff d = SGIT_DIFF_INIT;
	const char *p1, *p2;
	size_t l1, l2, k;
	int rc;

	span(&p1, &l1, m->ours, h->i1, h->chg1);
	span(&p2, &l2, m->theirs, h->i2, h->chg2);
	if ((rc = sgit_diff_lines(&d, p1, l1, p2, l2, m->o->diff_flags, m->err)) < 0)
		goto out;
	if (grow_hunks(out, aout, *nout + (d.nr_changes ? d.nr_changes : 1)) < 0) {
		rc = sgit_error_nomem(m->err);
		goto out;
	}
	if (!d.nr_changes) {
		(*out)[*nout] = *h;
		(*out)[(*nout)++].mode = SAME_ON_BOTH;
	}
	for (k = 0; k < d.nr_changes; k++) {
		struct hunk *n = &(*out)[(*nout)++];

		*n = *h;
		n->i1 = h->i1 + (long)d.changes[k].old_start;
		n->chg1 = (long)d.changes[k].old_count;
		n->i2 = h->i2 + (long)d.changes[k].new_start;
		n->chg2 = (long)d.changes[k].new_count;
	}
out:
	sgit_diff_release(&d);
	return rc;
}

static int refine(struct merge *m)
{
	struct hunk *v = NULL;
	size_t nv = 0, av = 0, k;
	int rc = 0;

	for (k = 0; k < m->nh; k++) {
		const struct hunk *h = &m->h[k];

		if (h->mode == CONFLICT && h->chg1 && h->chg2) {
			if ((rc = refine_one(m, &v, &nv, &av, h)) < 0)
				goto out;
			continue;
		}
		if (grow_hunks(&v, &av, nv + 1) < 0) {
			rc = sgit_error_nomem(m->err);
			goto out;
		}
		v[nv++] = *h;
	}
	free(m->h);
	m->h = v;
	m->nh = nv;
	m->ah = av;
	v = NULL;
out:
	free(v);
	return rc;
}

static int has_alnum(const struct sgit_diff_line *l, long i, long n)
{
	size_t k;

	for (; n > 0; n--, i++)
		for (k = 0; k < l[i].len; k++) {
			unsigned char c = (unsigned char)l[i].ptr[k];

			if ((c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z'))
				return 1;
		}
	return 0;
}

/*
 * Join two conflicts separated by at most three lines of ours (or, with
 * alnum, by lines without a letter or digit): one hunk reads more simply.
 */
static void simplify(struct merge *m, int alnum)
{
	size_t k = 0, j;

	while (k + 1 < m->nh) {
		struct hunk *a = &m->h[k], *b = &m->h[k + 1];
		long begin = a->i1 + a->chg1, end = b->i1;

		if (a->mode != CONFLICT || b->mode != CONFLICT ||
		    (end - begin > 3 && (!alnum || has_alnum(m->ours, begin, end - begin)))) {
			k++;
			continue;
		}
		a->chg1 = b->i1 + b->chg1 - a->i1;
		a->chg2 = b->i2 + b->chg2 - a->i2;
		for (j = k + 1; j + 1 < m->nh; j++)
			m->h[j] = m->h[j + 1];
		m->nh--;
	}
}

/* 1 when line i of the side ends in CRLF, 0 when in LF, -1 when it cannot tell (git's rule). */
static int eol_crlf(const struct sgit_diff_line *l, long nr, long i)
{
	size_t len;

	if (i < nr - 1)
		return (len = l[i].len) > 1 && l[i].ptr[len - 2] == '\r';
	if (!nr)
		return -1;
	if ((len = l[i].len) && l[i].ptr[len - 1] == '\n')
		return len > 1 && l[i].ptr[len - 2] == '\r';
	if (!i)
		return -1;
	return (len = l[i - 1].len) > 1 && l[i - 1].ptr[len - 2] == '\r';
}

/* Markers end in CRLF when the lines before the hunk on both sides and base's first line do. */
static int needs_cr(const struct merge *m, const struct hunk *h)
{
	int cr = eol_crlf(m->ours, m->nours, h->i1 ? h->i1 - 1 : 0);

	if (cr)
		cr = eol_crlf(m->theirs, m->ntheirs, h->i2 ? h->i2 - 1 : 0);
	if (cr)
		cr = eol_crlf(m->d1.old_lines, (long)m->d1.old_nr, 0);
	return cr < 0 ? 0 : cr;
}

/* Append lines [i, i + n); with add_nl, end a last line that lacks LF with one (CRLF with cr). */
static int copy_lines(struct sgit_buf *out, const struct sgit_diff_line *l, long i, long n, int cr,
		      int add_nl)
{
	long k;
	int rc = 0;

	if (n < 1)
		return 0;
	for (k = 0; rc == 0 && k < n; k++)
		rc = sgit_buf_add(out, l[i + k].ptr, l[i + k].len);
	if (rc == 0 && add_nl &&
	    (!l[i + n - 1].len || l[i + n - 1].ptr[l[i + n - 1].len - 1] != '\n'))
		rc = sgit_buf_adds(out, cr ? "\r\n" : "\n");
	return rc;
}

static int add_marker(struct sgit_buf *out, char c, int size, const char *label, int cr)
{
	int rc = 0, k;

	for (k = 0; rc == 0 && k < size; k++)
		rc = sgit_buf_addch(out, c);
	if (rc == 0 && label)
		rc = sgit_buf_addf(out, " %s", label);
	return rc ? rc : sgit_buf_adds(out, cr ? "\r\n" : "\n");
}

static int add_conflict(struct merge *m, struct sgit_buf *out, const struct hunk *h)
{
	const struct sgit_merge3_options *o = m->o;
	int cr = needs_cr(m, h), size = o->marker_size > 0 ? o->marker_size : 7, rc;

	if ((rc = add_marker(out, '<', size, o->ours_label, cr)) < 0 ||
	    (rc = copy_lines(out, m->ours, h->i1, h->chg1, cr, 1)) < 0)
		return rc;
	if (o->style == SGIT_MERGE3_STYLE_DIFF3 &&
	    ((rc = add_marker(out, '|', size, o->base_label, cr)) < 0 ||
	     (rc = copy_lines(out, m->d1.old_lines, h->i0, h->chg0, cr, 1)) < 0))
		return rc;
	if ((rc = add_marker(out, '=', size, NULL, cr)) < 0 ||
	    (rc = copy_lines(out, m->theirs, h->i2, h->chg2, cr, 1)) < 0)
		return rc;
	return add_marker(out, '>', size, o->theirs_label, cr);
}

/* The result: ours' lines, with each hunk put in place of its lines of ours. */
static int write_result(struct merge *m, struct sgit_buf *out, size_t *conflicts)
{
	long i = 0;
	size_t k;
	int rc = 0;

	for (k = 0; rc == 0 && k < m->nh; k++) {
		struct hunk *h = &m->h[k];

		if (h->mode == CONFLICT && m->o->favor != SGIT_MERGE3_FAVOR_NONE)
			h->mode = (int)m->o->favor;
		if (h->mode == SAME_ON_BOTH)
			continue;
		if ((rc = copy_lines(out, m->ours, i, h->i1 - i, 0, 0)) < 0)
			break;
		if (h->mode == CONFLICT) {
			rc = add_conflict(m, out, h);
			++*conflicts;
		} else {
			if (h->mode & TAKE_OURS)
				rc = copy_lines(out, m->ours, h->i1, h->chg1, needs_cr(m, h),
						h->mode & TAKE_THEIRS);
			if (rc == 0 && (h->mode & TAKE_THEIRS))
				rc = copy_lines(out, m->theirs, h->i2, h->chg2, 0, 0);
		}
		i = h->i1 + h->chg1;
	}
	if (rc == 0)
		rc = copy_lines(out, m->ours, i, m->nours - i, 0, 0);
	return rc;
}

static int merge_scripts(struct merge *m, struct sgit_buf *out, size_t *conflicts)
{
	enum sgit_merge3_level level = m->o->level;
	int rc;

	/* with the base shown, shrinking a conflict would hide what the base had there */
	if (m->o->style == SGIT_MERGE3_STYLE_DIFF3 && level > SGIT_MERGE3_EAGER)
		level = SGIT_MERGE3_EAGER;
	if ((rc = combine(m)) < 0)
		return rc;
	if (level >= SGIT_MERGE3_ZEALOUS) {
		if ((rc = refine(m)) < 0)
			return rc;
		simplify(m, level > SGIT_MERGE3_ZEALOUS);
	}
	return write_result(m, out, conflicts);
}

int sgit_merge3(struct sgit_buf *out, size_t *conflicts,
		const char *base, size_t base_len,
		const char *ours, size_t ours_len,
		const char *theirs, size_t theirs_len,
		const struct sgit_merge3_options *opts, struct sgit_error *err)
{
	static const struct sgit_merge3_options defaults = SGIT_MERGE3_OPTIONS_INIT;
	struct merge m = { opts ? opts : &defaults, err, SGIT_DIFF_INIT, SGIT_DIFF_INIT,
			   NULL, NULL, 0, 0, NULL, 0, 0 };
	size_t nconf = 0;
	int rc;

	sgit_buf_reset(out);
	if ((rc = sgit_diff_lines(&m.d1, base, base_len, ours, ours_len, m.o->diff_flags, err)) < 0 ||
	    (rc = sgit_diff_lines(&m.d2, base, base_len, theirs, theirs_len, m.o->diff_flags, err)) < 0)
		goto out;
	m.ours = m.d1.new_lines;
	m.nours = (long)m.d1.new_nr;
	m.theirs = m.d2.new_lines;
	m.ntheirs = (long)m.d2.new_nr;
	/* one side unchanged: the other side is the result, byte for byte */
	if (!m.d1.nr_changes)
		rc = sgit_buf_set(out, theirs, theirs_len);
	else if (!m.d2.nr_changes)
		rc = sgit_buf_set(out, ours, ours_len);
	else
		rc = merge_scripts(&m, out, &nconf);
	if (rc == SGIT_ENOMEM)
		rc = sgit_error_nomem(err);
out:
	if (rc < 0) {
		sgit_buf_release(out);
		nconf = 0;
	}
	if (conflicts)
		*conflicts = nconf;
	sgit_diff_release(&m.d1);
	sgit_diff_release(&m.d2);
	free(m.h);
	return rc;
}
