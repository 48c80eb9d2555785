/* util/diff_int.h: what the steps of the line diff share (util/diff*.c only) */
#ifndef SGIT_UTIL_DIFF_INT_H
#define SGIT_UTIL_DIFF_INT_H

#include "util/diff.h"

/*
 * One side of the diff. Lines with equal bytes share a class number, so the
 * search compares integers. chg marks the changed lines; chg[-1] and chg[nr]
 * exist and stay 0, which ends every scan over a run of marks.
 */
struct diff_side {
	const struct sgit_diff_line *lines;
	long nr;
	long *cls;		/* class of each line */
	char *chg;		/* 1: the line is deleted (old side) or added (new side) */
	long start, end;	/* [start, end): what lies between the common prefix and suffix */
	long *idx;		/* the lines of [start, end) that the search looks at */
	long *icls;		/* their classes */
	long nidx;
};

/* Mark a shortest edit script (or a near one, unless minimal) between a->idx and b->idx. */
int sgit_diff_search(struct diff_side *a, struct diff_side *b, int minimal);

/* Internal flag: leave the marks where the search put them (not slid); the histogram's fallback. */
#define SGIT_DIFF__UNSLID 0x80000000u

/* Mark the histogram diff's changes between all of a and all of b (SGIT_DIFF_HISTOGRAM). */
int sgit_diff_histogram(struct diff_side *a, struct diff_side *b, unsigned flags);

/* Slide each group of marks in s to where git puts it; other is kept in step. */
void sgit_diff_compact(struct diff_side *s, struct diff_side *other, int indent_heuristic);

/* Roughly 2^ceil(log4(n)) (a cheap square root), the scale of git's limits. */
long sgit_diff_rough_sqrt(long n);

#endif
