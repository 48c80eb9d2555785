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

/* Slide each group of marks in s to where git puts it; other is kept in step. */
void sgit_diff_compact(struct diff_side *s, struct diff_side *other, int indent_heuristic);

/* Roughly 2^ceil(log4(n)) (a cheap square root), the scale of git's limits. */
long sgit_diff_rough_sqrt(long n);

#endif
