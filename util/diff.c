/* util/diff.c: lines and their classes, the preparation before the search, the result */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "util/diff_int.h"

#define BINARY_PROBE 8000	/* git looks this far for a NUL byte */
#define FREQUENT_CAP 1024	/* a line this frequent on the other side is always "frequent" */
#define DISCARD_WINDOW 100	/* how far the frequent-line rule looks around a line */
#define TAIL_BLOCK 1024		/* the block size of the common tail git drops with -U0 */

/* Lines with equal bytes: one class. count[0] and count[1] are its lines on each side. */
struct line_class {
	const char *ptr;
	size_t len;
	uint64_t hash;
	long count[2];
};

struct classifier {
	struct line_class *cls;
	long nr;
	long *slots;		/* open addressing: class + 1, 0 for a free slot */
	size_t mask;
};

int sgit_diff_is_binary(const void *buf, size_t len)
{
	return memchr(buf, 0, len < BINARY_PROBE ? len : BINARY_PROBE) != NULL;
}

long sgit_diff_rough_sqrt(long n)
{
	long r = 1;

	for (; n > 0; n >>= 2)
		r <<= 1;
	return r;
}

/* FNV-1a: good spread for text lines, and collisions only cost a memcmp. */
static uint64_t hash_line(const char *p, size_t len)
{
	uint64_t h = 0xcbf29ce484222325ull;
	size_t i;

	for (i = 0; i < len; i++) {
		h ^= (unsigned char)p[i];
		h *= 0x100000001b3ull;
	}
	return h;
}

static int split_lines(struct sgit_diff_line **out, long *nr, const char *p, size_t len)
{
	const char *end = p + len, *lf;
	size_t n = 0, i = 0;

	for (lf = p; lf < end && (lf = memchr(lf, '\n', (size_t)(end - lf))); lf++)
		n++;
	if (len && p[len - 1] != '\n')
		n++;
	*nr = 0;
	*out = NULL;
	if (n > LONG_MAX / 8)
		return SGIT_EINVALID;
	if (n && !(*out = malloc(n * sizeof(**out))))
		return SGIT_ENOMEM;
	while (p < end) {
		lf = memchr(p, '\n', (size_t)(end - p));
		(*out)[i].ptr = p;
		(*out)[i].len = lf ? (size_t)(lf - p) + 1 : (size_t)(end - p);
		p += (*out)[i++].len;
	}
	*nr = (long)n;
	return 0;
}

static long classify(struct classifier *c, const struct sgit_diff_line *l, int side)
{
	uint64_t h = hash_line(l->ptr, l->len);
	size_t slot = (size_t)h & c->mask;
	struct line_class *k;

	for (; c->slots[slot]; slot = (slot + 1) & c->mask) {
		k = &c->cls[c->slots[slot] - 1];
		if (k->hash == h && k->len == l->len && !memcmp(k->ptr, l->ptr, l->len)) {
			k->count[side]++;
			return c->slots[slot] - 1;
		}
	}
	k = &c->cls[c->nr];
	k->ptr = l->ptr;
	k->len = l->len;
	k->hash = h;
	k->count[0] = k->count[1] = 0;
	k->count[side] = 1;
	c->slots[slot] = ++c->nr;
	return c->nr - 1;
}

/* Give every line of both sides its class; the caller frees c->cls and c->slots. */
static int classify_all(struct classifier *c, struct diff_side *a, struct diff_side *b)
{
	size_t total = (size_t)a->nr + (size_t)b->nr, size = 16;
	long i;

	while (size < 2 * total)
		size *= 2;
	c->mask = size - 1;
	c->nr = 0;
	c->slots = calloc(size, sizeof(*c->slots));
	c->cls = malloc((total ? total : 1) * sizeof(*c->cls));
	if (!c->slots || !c->cls)
		return SGIT_ENOMEM;
	for (i = 0; i < a->nr; i++)
		a->cls[i] = classify(c, &a->lines[i], 0);
	for (i = 0; i < b->nr; i++)
		b->cls[i] = classify(c, &b->lines[i], 1);
	return 0;
}

static void trim_common_ends(struct diff_side *a, struct diff_side *b)
{
	long pre = 0, suf = 0, lim = a->nr < b->nr ? a->nr : b->nr;

	while (pre < lim && a->cls[pre] == b->cls[pre])
		pre++;
	while (suf < lim - pre && a->cls[a->nr - 1 - suf] == b->cls[b->nr - 1 - suf])
		suf++;
	a->start = b->start = pre;
	a->end = a->nr - suf;
	b->end = b->nr - suf;
}

enum line_kind { ALONE, PAIRED, FREQUENT };

/*
 * A frequent line is set aside only in the middle of a stretch of lines that
 * are alone or frequent, with lines alone on both sides of it, and when the
 * alone ones outnumber the frequent ones (this line counted twice) three to
 * one. Such lines would mostly pair with far-away copies and only slow the
 * search down.
 */
static int frequent_line_is_noise(const char *kind, long i, long lo, long hi)
{
	long r, alone_before = 0, alone_after = 0, freq = 2;

	if (i - lo > DISCARD_WINDOW)
		lo = i - DISCARD_WINDOW;
	if (hi - i > DISCARD_WINDOW)
		hi = i + DISCARD_WINDOW;
	for (r = i - 1; r >= lo && kind[r] != PAIRED; r--) {
		if (kind[r] == ALONE)
			alone_before++;
		else
			freq++;
	}
	if (!alone_before)
		return 0;
	for (r = i + 1; r <= hi && kind[r] != PAIRED; r++) {
		if (kind[r] == ALONE)
			alone_after++;
		else
			freq++;
	}
	if (!alone_after)
		return 0;
	return freq * 3 < alone_before + alone_after;
}

/*
 * Hand the search only the lines of [start, end) that can pair with a line
 * on the other side; the others are changes already. kind is scratch of
 * s->nr bytes.
 */
static void select_lines(struct diff_side *s, const struct line_class *cls, int other, char *kind,
			 int minimal)
{
	long limit = sgit_diff_rough_sqrt(s->nr), i, n;

	if (limit > FREQUENT_CAP)
		limit = FREQUENT_CAP;
	for (i = s->start; i < s->end; i++) {
		n = cls[s->cls[i]].count[other];
		kind[i] = n == 0 ? ALONE : n >= limit && !minimal ? FREQUENT : PAIRED;
	}
	s->nidx = 0;
	for (i = s->start; i < s->end; i++) {
		if (kind[i] == PAIRED ||
		    (kind[i] == FREQUENT && !frequent_line_is_noise(kind, i, s->start, s->end - 1))) {
			s->idx[s->nidx] = i;
			s->icls[s->nidx++] = s->cls[i];
		} else {
			s->chg[i] = 1;
		}
	}
}

static int side_alloc(struct diff_side *s, const struct sgit_diff_line *lines, long nr)
{
	size_t n = (size_t)nr + 1;

	memset(s, 0, sizeof(*s));
	s->lines = lines;
	s->nr = nr;
	s->cls = malloc(n * sizeof(*s->cls));
	s->idx = malloc(n * sizeof(*s->idx));
	s->icls = malloc(n * sizeof(*s->icls));
	/* one byte before the first line and one after the last stay 0 */
	if ((s->chg = calloc(n + 1, 1)))
		s->chg++;
	if (!s->cls || !s->idx || !s->icls || !s->chg)
		return SGIT_ENOMEM;
	return 0;
}

static void side_free(struct diff_side *s)
{
	free(s->cls);
	free(s->idx);
	free(s->icls);
	if (s->chg)
		free(s->chg - 1);
}

/* Read the marks off as changes: a run of deletions and the run of additions at the same place. */
static int collect_changes(struct sgit_diff *d, const struct diff_side *a,
			   const struct diff_side *b)
{
	long i = 0, j = 0, n = 0, alloc = 0;
	struct sgit_diff_change *c;

	for (;;) {
		if (i >= a->nr && j >= b->nr)
			break;
		if (!a->chg[i] && !b->chg[j]) {
			i++, j++;
			continue;
		}
		if (n == alloc) {
			alloc = alloc ? 2 * alloc : 16;
			if (!(c = realloc(d->changes, (size_t)alloc * sizeof(*c))))
				return SGIT_ENOMEM;
			d->changes = c;
		}
		c = &d->changes[n++];
		c->old_start = (size_t)i;
		c->new_start = (size_t)j;
		while (a->chg[i])
			i++;
		while (b->chg[j])
			j++;
		c->old_count = (size_t)i - c->old_start;
		c->new_count = (size_t)j - c->new_start;
	}
	d->nr_changes = (size_t)n;
	return 0;
}

/* With -U0 git first drops whole common 1 KiB blocks at the end, giving back a partial line. */
static void trim_common_tail(size_t *alen, size_t *blen, const char *a, const char *b)
{
	size_t trimmed = 0, back = 0, smaller = *alen < *blen ? *alen : *blen;

	while (trimmed + TAIL_BLOCK <= smaller &&
	       !memcmp(a + *alen - trimmed - TAIL_BLOCK, b + *blen - trimmed - TAIL_BLOCK, TAIL_BLOCK))
		trimmed += TAIL_BLOCK;
	while (back < trimmed)
		if (a[*alen - trimmed + back++] == '\n')
			break;
	*alen -= trimmed - back;
	*blen -= trimmed - back;
}

static int mark_changes(struct diff_side *a, struct diff_side *b, unsigned flags)
{
	struct classifier c = { NULL, 0, NULL, 0 };
	long most = a->nr > b->nr ? a->nr : b->nr;
	char *kind = malloc((size_t)most + 1);
	int rc = SGIT_ENOMEM, minimal = !!(flags & SGIT_DIFF_MINIMAL);

	if (!kind || (rc = classify_all(&c, a, b)) < 0)
		goto out;
	if (flags & SGIT_DIFF_HISTOGRAM) {
		if ((rc = sgit_diff_histogram(a, b, flags)) < 0)
			goto out;
	} else {
		trim_common_ends(a, b);
		select_lines(a, c.cls, 1, kind, minimal);
		select_lines(b, c.cls, 0, kind, minimal);
		if ((rc = sgit_diff_search(a, b, minimal)) < 0)
			goto out;
	}
	if (!(flags & SGIT_DIFF__UNSLID)) {
		sgit_diff_compact(a, b, !(flags & SGIT_DIFF_NO_INDENT));
		sgit_diff_compact(b, a, !(flags & SGIT_DIFF_NO_INDENT));
	}
out:
	free(kind);
	free(c.cls);
	free(c.slots);
	return rc;
}

/* Against an empty side every line of the other is one change: nothing to compare. */
static int all_changed(struct sgit_diff *d)
{
	if (!d->old_nr && !d->new_nr)
		return 0;
	if (!(d->changes = malloc(sizeof(*d->changes))))
		return SGIT_ENOMEM;
	d->changes[0] = (struct sgit_diff_change){ 0, d->old_nr, 0, d->new_nr };
	d->nr_changes = 1;
	return 0;
}

int sgit_diff_lines(struct sgit_diff *out, const char *a, size_t alen, const char *b, size_t blen,
		    unsigned flags, struct sgit_error *err)
{
	struct sgit_diff d = SGIT_DIFF_INIT;
	struct diff_side sa, sb;
	long na = 0, nb = 0;
	int rc;

	memset(&sa, 0, sizeof(sa));
	memset(&sb, 0, sizeof(sb));
	if (flags & SGIT_DIFF_TRIM_TAIL)
		trim_common_tail(&alen, &blen, a, b);
	if ((rc = split_lines(&d.old_lines, &na, a, alen)) < 0 ||
	    (rc = split_lines(&d.new_lines, &nb, b, blen)) < 0)
		goto out;
	d.old_nr = (size_t)na;
	d.new_nr = (size_t)nb;
	if (!na || !nb)
		rc = all_changed(&d);
	else if (!(rc = side_alloc(&sa, d.old_lines, na)) && !(rc = side_alloc(&sb, d.new_lines, nb)) &&
		 !(rc = mark_changes(&sa, &sb, flags)))
		rc = collect_changes(&d, &sa, &sb);
out:
	side_free(&sa);
	side_free(&sb);
	if (rc < 0) {
		sgit_diff_release(&d);
		rc = rc == SGIT_ENOMEM ? sgit_error_nomem(err)
			: sgit_error_set(err, rc, "cannot diff: too many lines");
	}
	sgit_diff_release(out);
	*out = d;
	return rc;
}

void sgit_diff_release(struct sgit_diff *d)
{
	free(d->old_lines);
	free(d->new_lines);
	free(d->changes);
	memset(d, 0, sizeof(*d));
}

void sgit_diff_count(const struct sgit_diff *d, size_t *added, size_t *removed)
{
	size_t i;

	*added = *removed = 0;
	for (i = 0; i < d->nr_changes; i++) {
		*added += d->changes[i].new_count;
		*removed += d->changes[i].old_count;
	}
}

int sgit_diff_matches(struct sgit_diff_match **out, size_t *nr, const struct sgit_diff *d,
		      struct sgit_error *err)
{
	struct sgit_diff_match *m = malloc((d->nr_changes + 1) * sizeof(*m));
	size_t i, n = 0, o = 0, w = 0, end;

	*out = NULL;
	*nr = 0;
	if (!m)
		return sgit_error_nomem(err);
	for (i = 0; i <= d->nr_changes; i++) {
		end = i < d->nr_changes ? d->changes[i].old_start : d->old_nr;
		if (end > o) {
			m[n].old_start = o;
			m[n].new_start = w;
			m[n++].len = end - o;
		}
		if (i < d->nr_changes) {
			o = d->changes[i].old_start + d->changes[i].old_count;
			w = d->changes[i].new_start + d->changes[i].new_count;
		}
	}
	*out = m;
	*nr = n;
	return 0;
}
