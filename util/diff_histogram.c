/*
 * util/diff_histogram.c: the histogram diff (as in JGit and git --histogram).
 *
 * For a region of the old side, count how often each line occurs in it (its
 * histogram). Walk the new side's region: every line that also occurs in
 * the old region is a possible anchor, and the longest run of equal lines
 * around it is measured. The run whose rarest line is rarest wins (ties:
 * the longer run, then the first found); lines that occur more often than
 * the best so far are not even tried. The region is split around the
 * winning run and both halves are solved the same way. A region with common
 * lines that all occur too often (more than MAX_OCCURRENCES) is handed to
 * the Myers search instead; a region with no common line is all changes.
 *
 * Unlike the Myers path, no common prefix or suffix is cut and no line is set
 * aside first: the histogram looks at the whole input, which decides where
 * anchors fall when lines repeat. The marks are slid afterwards like any
 * other (util/diff_compact.c).
 */
#include <stdlib.h>
#include "util/diff_int.h"

#define MAX_OCCURRENCES 64

/* Old lines [a0, a1) against new lines [b0, b1). */
struct region {
	long a0, a1, b0, b1;
};

struct hist {
	struct diff_side *a, *b;
	unsigned flags;
	long *first;		/* per class: its first line in the old region, or -1 */
	long *count;		/* per class: its lines in the old region */
	long *next;		/* per old line: the next line of its class in the region, or -1 */
	struct region *todo;
	size_t ntodo, atodo;
};

/* The run of equal lines found best so far, inclusive ends. */
struct anchor {
	int found;
	long s1, e1, s2, e2;
	long rarity;		/* occurrences of the run's rarest line (capped as the search goes) */
};

static int push(struct hist *h, long a0, long a1, long b0, long b1)
{
	if (a0 >= a1 && b0 >= b1)
		return 0;
	if (h->ntodo == h->atodo) {
		size_t n = h->atodo ? 2 * h->atodo : 32;
		struct region *p = realloc(h->todo, n * sizeof(*p));

		if (!p)
			return SGIT_ENOMEM;
		h->todo = p;
		h->atodo = n;
	}
	h->todo[h->ntodo++] = (struct region){ a0, a1, b0, b1 };
	return 0;
}

static void index_old(struct hist *h, const struct region *r)
{
	long i, k;

	for (i = r->a1 - 1; i >= r->a0; i--) {
		k = h->a->cls[i];
		h->next[i] = h->first[k];
		h->count[k] = h->first[k] < 0 ? 1 : h->count[k] + 1;
		h->first[k] = i;
	}
}

static void unindex_old(struct hist *h, const struct region *r)
{
	long i;

	for (i = r->a0; i < r->a1; i++)
		h->first[h->a->cls[i]] = -1;
}

/*
 * Grow the run through old line x and new line y both ways; keep it when its
 * rarest line is rarer than the best's, or it is as rare but longer. Returns
 * the run's last new line.
 */
static long measure(struct hist *h, const struct region *r, struct anchor *best, long x, long y)
{
	const long *ca = h->a->cls, *cb = h->b->cls;
	long s1 = x, s2 = y, e1 = x, e2 = y, rare = h->count[ca[x]];

	while (s1 > r->a0 && s2 > r->b0 && ca[s1 - 1] == cb[s2 - 1]) {
		s1--, s2--;
		if (rare > 1 && h->count[ca[s1]] < rare)
			rare = h->count[ca[s1]];
	}
	while (e1 < r->a1 - 1 && e2 < r->b1 - 1 && ca[e1 + 1] == cb[e2 + 1]) {
		e1++, e2++;
		if (rare > 1 && h->count[ca[e1]] < rare)
			rare = h->count[ca[e1]];
	}
	/* an unset best counts as a run of one line */
	if ((best->e1 - best->s1 < e1 - s1) || rare < best->rarity) {
		*best = (struct anchor){ 1, s1, e1, s2, e2, rare };
	}
	return e2;
}

/* Try every occurrence of new line y's class in the old region; the next new line to try. */
static long try_line(struct hist *h, const struct region *r, struct anchor *best, long y,
		     int *common)
{
	long k = h->b->cls[y], x = h->first[k], next_y = y + 1, end2;

	if (x < 0)
		return next_y;
	*common = 1;
	if (h->count[k] > best->rarity)
		return next_y;
	while (x >= 0) {
		long end1;

		end2 = measure(h, r, best, x, y);
		if (next_y <= end2)
			next_y = end2 + 1;
		/* the next occurrence beyond the run just measured */
		end1 = x + (end2 - y);
		while (x >= 0 && x <= end1)
			x = h->next[x];
	}
	return next_y;
}

static void mark_all(struct diff_side *s, long from, long to)
{
	for (; from < to; from++)
		s->chg[from] = 1;
}

/* Too many repeats: the Myers search over this region alone, as its own pair of files. */
static int classic(struct hist *h, const struct region *r)
{
	const struct sgit_diff_line *la = h->a->lines, *lb = h->b->lines;
	const char *pa = la[r->a0].ptr, *pb = lb[r->b0].ptr;
	size_t alen = (size_t)(la[r->a1 - 1].ptr + la[r->a1 - 1].len - pa);
	size_t blen = (size_t)(lb[r->b1 - 1].ptr + lb[r->b1 - 1].len - pb);
	unsigned flags = (h->flags & ~(SGIT_DIFF_HISTOGRAM | SGIT_DIFF_TRIM_TAIL)) | SGIT_DIFF__UNSLID;
	struct sgit_diff d = SGIT_DIFF_INIT;
	size_t i;
	int rc;

	if ((rc = sgit_diff_lines(&d, pa, alen, pb, blen, flags, NULL)) < 0)
		return rc;
	for (i = 0; i < d.nr_changes; i++) {
		const struct sgit_diff_change *c = &d.changes[i];

		mark_all(h->a, r->a0 + (long)c->old_start, r->a0 + (long)(c->old_start + c->old_count));
		mark_all(h->b, r->b0 + (long)c->new_start, r->b0 + (long)(c->new_start + c->new_count));
	}
	sgit_diff_release(&d);
	return 0;
}

static int solve(struct hist *h, const struct region *r)
{
	struct anchor best = { 0, 0, 0, 0, 0, MAX_OCCURRENCES + 1 };
	int common = 0, rc = 0;
	long y;

	if (r->a0 >= r->a1 || r->b0 >= r->b1) {
		mark_all(h->a, r->a0, r->a1);
		mark_all(h->b, r->b0, r->b1);
		return 0;
	}
	index_old(h, r);
	for (y = r->b0; y < r->b1;)
		y = try_line(h, r, &best, y, &common);
	unindex_old(h, r);
	if (common && best.rarity > MAX_OCCURRENCES)
		return classic(h, r);
	if (!best.found) {
		mark_all(h->a, r->a0, r->a1);
		mark_all(h->b, r->b0, r->b1);
		return 0;
	}
	if ((rc = push(h, r->a0, best.s1, r->b0, best.s2)) < 0)
		return rc;
	return push(h, best.e1 + 1, r->a1, best.e2 + 1, r->b1);
}

int sgit_diff_histogram(struct diff_side *a, struct diff_side *b, unsigned flags)
{
	struct hist h = { a, b, flags, NULL, NULL, NULL, NULL, 0, 0 };
	long ncls = 0, i;
	struct region r;
	int rc = SGIT_ENOMEM;

	for (i = 0; i < a->nr; i++)
		ncls = a->cls[i] >= ncls ? a->cls[i] + 1 : ncls;
	for (i = 0; i < b->nr; i++)
		ncls = b->cls[i] >= ncls ? b->cls[i] + 1 : ncls;
	h.first = malloc(((size_t)ncls + 1) * sizeof(*h.first));
	h.count = calloc((size_t)ncls + 1, sizeof(*h.count));
	h.next = malloc(((size_t)a->nr + 1) * sizeof(*h.next));
	if (!h.first || !h.count || !h.next || push(&h, 0, a->nr, 0, b->nr) < 0)
		goto out;
	for (i = 0; i < ncls; i++)
		h.first[i] = -1;
	rc = 0;
	while (h.ntodo && rc >= 0) {
		r = h.todo[--h.ntodo];
		rc = solve(&h, &r);
	}
out:
	free(h.first);
	free(h.count);
	free(h.next);
	free(h.todo);
	return rc;
}
