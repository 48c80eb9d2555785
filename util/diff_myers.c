/*
 * util/diff_myers.c: the shortest edit script, after E. Myers, "An O(ND)
 * Difference Algorithm and Its Variations" (1986), in linear space: find the
 * middle snake of a box with a forward and a backward search that meet,
 * split the box there, and solve both halves the same way.
 *
 * x counts lines of the old side, y of the new side, diagonal k = x - y.
 * fwd[k] is the furthest x the forward search reached on diagonal k, bwd[k]
 * the smallest x the backward search reached. Ties and the order in which
 * diagonals are visited decide which of several shortest scripts comes out;
 * they are chosen so that the result is the one git shows.
 */
#include <limits.h>
#include <stdlib.h>
#include "util/diff_int.h"

#define LONG_SNAKE 20		/* a run of equal lines this long is worth splitting at */
#define HEURISTIC_MIN_COST 256	/* below this cost the search stays exact */
#define HEURISTIC_FACTOR 4	/* a snake split must have come this many times its cost far */
#define COST_LIMIT_MIN 256

struct myers {
	const long *a, *b;	/* classes of the lines searched */
	const long *amap, *bmap;	/* their line numbers in the whole sides */
	char *achg, *bchg;
	long *fwd, *bwd;
	long cost_limit;
};

/* A box: old lines [x0, x1), new lines [y0, y1). */
struct box {
	long x0, x1, y0, y1;
};

/* Where to split a box, and whether each half must be solved exactly. */
struct split {
	long x, y;
	int exact_lo, exact_hi;
};

/* The state of one middle-snake search. */
struct meet {
	struct box bx;
	long kmin, kmax;	/* the diagonals inside the box */
	long fk, bk;		/* the diagonals the searches start on */
	long flo, fhi, blo, bhi;	/* the diagonals each search has reached */
	int odd;		/* the searches meet in the forward half of a round */
	int long_snake;		/* this round followed a run longer than LONG_SNAKE */
};

static int forward_round(struct myers *m, struct meet *s, struct split *sp)
{
	long *v = m->fwd, k, x, y, from;

	/* grow the band by one diagonal each way, or shrink it at the box's edge */
	if (s->flo > s->kmin)
		v[--s->flo - 1] = -1;
	else
		s->flo++;
	if (s->fhi < s->kmax)
		v[++s->fhi + 1] = -1;
	else
		s->fhi--;
	for (k = s->fhi; k >= s->flo; k -= 2) {
		x = v[k - 1] >= v[k + 1] ? v[k - 1] + 1 : v[k + 1];
		from = x;
		for (y = x - k; x < s->bx.x1 && y < s->bx.y1 && m->a[x] == m->b[y]; x++, y++)
			;
		if (x - from > LONG_SNAKE)
			s->long_snake = 1;
		v[k] = x;
		if (s->odd && s->blo <= k && k <= s->bhi && m->bwd[k] <= x) {
			sp->x = x;
			sp->y = y;
			sp->exact_lo = sp->exact_hi = 1;
			return 1;
		}
	}
	return 0;
}

static int backward_round(struct myers *m, struct meet *s, struct split *sp)
{
	long *v = m->bwd, k, x, y, from;

	if (s->blo > s->kmin)
		v[--s->blo - 1] = LONG_MAX;
	else
		s->blo++;
	if (s->bhi < s->kmax)
		v[++s->bhi + 1] = LONG_MAX;
	else
		s->bhi--;
	for (k = s->bhi; k >= s->blo; k -= 2) {
		x = v[k - 1] < v[k + 1] ? v[k - 1] : v[k + 1] - 1;
		from = x;
		for (y = x - k; x > s->bx.x0 && y > s->bx.y0 && m->a[x - 1] == m->b[y - 1]; x--, y--)
			;
		if (from - x > LONG_SNAKE)
			s->long_snake = 1;
		v[k] = x;
		if (!s->odd && s->flo <= k && k <= s->fhi && x <= m->fwd[k]) {
			sp->x = x;
			sp->y = y;
			sp->exact_lo = sp->exact_hi = 1;
			return 1;
		}
	}
	return 0;
}

static int runs_equal(const struct myers *m, long x, long y, long n)
{
	long i;

	for (i = 0; i < n; i++)
		if (m->a[x + i] != m->b[y + i])
			return 0;
	return 1;
}

/*
 * The search is getting expensive but has just followed a long run of equal
 * lines: split right after (or before) the best such run, if one got far
 * enough for its cost. The half behind the run is then solved exactly.
 */
static int split_at_long_snake(const struct myers *m, const struct meet *s, long cost,
			       struct split *sp)
{
	const struct box *b = &s->bx;
	long k, x, y, gain, best = 0;

	for (k = s->fhi; k >= s->flo; k -= 2) {
		x = m->fwd[k];
		y = x - k;
		gain = (x - b->x0) + (y - b->y0) - labs(k - s->fk);
		if (gain > HEURISTIC_FACTOR * cost && gain > best && b->x0 + LONG_SNAKE <= x &&
		    x < b->x1 && b->y0 + LONG_SNAKE <= y && y < b->y1 &&
		    runs_equal(m, x - LONG_SNAKE, y - LONG_SNAKE, LONG_SNAKE)) {
			best = gain;
			*sp = (struct split){ x, y, 1, 0 };
		}
	}
	if (best)
		return 1;
	for (k = s->bhi; k >= s->blo; k -= 2) {
		x = m->bwd[k];
		y = x - k;
		gain = (b->x1 - x) + (b->y1 - y) - labs(k - s->bk);
		if (gain > HEURISTIC_FACTOR * cost && gain > best && b->x0 < x &&
		    x <= b->x1 - LONG_SNAKE && b->y0 < y && y <= b->y1 - LONG_SNAKE &&
		    runs_equal(m, x, y, LONG_SNAKE)) {
			best = gain;
			*sp = (struct split){ x, y, 0, 1 };
		}
	}
	return best != 0;
}

/* Too expensive: split at the point either search pushed furthest into the box. */
static void split_furthest(const struct myers *m, const struct meet *s, struct split *sp)
{
	const struct box *b = &s->bx;
	long k, x, y, fsum = -1, fx = 0, bsum = LONG_MAX, bx = 0;

	for (k = s->fhi; k >= s->flo; k -= 2) {
		x = m->fwd[k] < b->x1 ? m->fwd[k] : b->x1;
		y = x - k;
		if (y > b->y1)
			x = b->y1 + k, y = b->y1;
		if (x + y > fsum)
			fsum = x + y, fx = x;
	}
	for (k = s->bhi; k >= s->blo; k -= 2) {
		x = m->bwd[k] > b->x0 ? m->bwd[k] : b->x0;
		y = x - k;
		if (y < b->y0)
			x = b->y0 + k, y = b->y0;
		if (x + y < bsum)
			bsum = x + y, bx = x;
	}
	if ((b->x1 + b->y1) - bsum < fsum - (b->x0 + b->y0))
		*sp = (struct split){ fx, fsum - fx, 1, 0 };
	else
		*sp = (struct split){ bx, bsum - bx, 0, 1 };
}

static void find_split(struct myers *m, const struct box *bx, int exact, struct split *sp)
{
	struct meet s;
	long cost;

	s.bx = *bx;
	s.kmin = bx->x0 - bx->y1;
	s.kmax = bx->x1 - bx->y0;
	s.fk = bx->x0 - bx->y0;
	s.bk = bx->x1 - bx->y1;
	s.odd = (s.fk - s.bk) & 1;
	s.flo = s.fhi = s.fk;
	s.blo = s.bhi = s.bk;
	m->fwd[s.fk] = bx->x0;
	m->bwd[s.bk] = bx->x1;
	for (cost = 1;; cost++) {
		s.long_snake = 0;
		if (forward_round(m, &s, sp) || backward_round(m, &s, sp))
			return;
		if (exact)
			continue;
		if (s.long_snake && cost > HEURISTIC_MIN_COST && split_at_long_snake(m, &s, cost, sp))
			return;
		if (cost >= m->cost_limit) {
			split_furthest(m, &s, sp);
			return;
		}
	}
}

/* Solve a box: strip equal lines at both ends, mark what is left of a lopsided box, else split. */
static void solve(struct myers *m, struct box bx, int exact)
{
	struct split sp;
	struct box lo, hi;
	long i;

	for (;;) {
		while (bx.x0 < bx.x1 && bx.y0 < bx.y1 && m->a[bx.x0] == m->b[bx.y0])
			bx.x0++, bx.y0++;
		while (bx.x0 < bx.x1 && bx.y0 < bx.y1 && m->a[bx.x1 - 1] == m->b[bx.y1 - 1])
			bx.x1--, bx.y1--;
		if (bx.x0 == bx.x1 || bx.y0 == bx.y1)
			break;
		find_split(m, &bx, exact, &sp);
		lo = (struct box){ bx.x0, sp.x, bx.y0, sp.y };
		hi = (struct box){ sp.x, bx.x1, sp.y, bx.y1 };
		/* recurse into the smaller half so that the stack stays shallow */
		if ((lo.x1 - lo.x0) + (lo.y1 - lo.y0) <= (hi.x1 - hi.x0) + (hi.y1 - hi.y0)) {
			solve(m, lo, sp.exact_lo);
			bx = hi;
			exact = sp.exact_hi;
		} else {
			solve(m, hi, sp.exact_hi);
			bx = lo;
			exact = sp.exact_lo;
		}
	}
	for (i = bx.x0; i < bx.x1; i++)
		m->achg[m->amap[i]] = 1;
	for (i = bx.y0; i < bx.y1; i++)
		m->bchg[m->bmap[i]] = 1;
}

int sgit_diff_search(struct diff_side *a, struct diff_side *b, int minimal)
{
	/* diagonals run from -nb to na; one more on each side holds a sentinel */
	long ndiag = a->nidx + b->nidx + 3;
	long *fwd = malloc(2 * (size_t)ndiag * sizeof(*fwd));
	struct myers m = {
		a->icls, b->icls, a->idx, b->idx, a->chg, b->chg, NULL, NULL,
		sgit_diff_rough_sqrt(ndiag),
	};

	if (!fwd)
		return SGIT_ENOMEM;
	if (m.cost_limit < COST_LIMIT_MIN)
		m.cost_limit = COST_LIMIT_MIN;
	m.fwd = fwd + b->nidx + 1;
	m.bwd = fwd + ndiag + b->nidx + 1;
	solve(&m, (struct box){ 0, a->nidx, 0, b->nidx }, minimal);
	free(fwd);
	return 0;
}
