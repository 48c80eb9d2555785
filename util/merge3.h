/* util/merge3.h: three-way line merge of byte buffers, with git's conflict hunks */
#ifndef SGIT_UTIL_MERGE3_H
#define SGIT_UTIL_MERGE3_H

#include <stddef.h>
#include "sgit/buf.h"
#include "sgit/errors.h"
#include "util/diff.h"

/*
 * The merge diffs base against each side (util/diff.h: lines end at LF, NUL
 * is an ordinary byte; deciding that content is binary is the caller's
 * business) and combines the two edit scripts the way git does:
 *
 * - a change made on one side only is taken;
 * - the same change made on both sides is taken once;
 * - changes of the two sides that overlap, or touch (one ends on the line
 *   where the other begins, or both insert at the same place), conflict.
 *
 * Conflicts are written as
 *     <<<<<<< ours-label\n  ours' lines  =======\n  theirs' lines  >>>>>>> theirs-label\n
 * (with "||||||| base-label\n" and the base's lines before "=======" in the
 * diff3 style). A side whose last line lacks LF gets one inside the hunk; a
 * marker line ends in CRLF when the lines around it do, as in git.
 *
 * The result is byte for byte git merge-file's (ZEALOUS_ALNUM level) and
 * that of git merge -s recursive (ZEALOUS). git 2.39's default strategy, ort,
 * diffs with the histogram algorithm: pass SGIT_DIFF_HISTOGRAM in diff_flags
 * for its hunks (they are cut differently where lines repeat).
 */

/* How hard to work at making conflicts small (git's XDL_MERGE_* levels). */
enum sgit_merge3_level {
	SGIT_MERGE3_MINIMAL,		/* even identical changes conflict */
	SGIT_MERGE3_EAGER,		/* identical changes do not */
	/*
	 * git merge's level: also lines that both sides changed alike are cut
	 * out of a conflict (which may split it), and two conflicts at most
	 * three lines apart become one.
	 */
	SGIT_MERGE3_ZEALOUS,
	/* git merge-file's level: also conflicts apart by lines without a letter or digit join */
	SGIT_MERGE3_ZEALOUS_ALNUM,
};

enum sgit_merge3_style {
	SGIT_MERGE3_STYLE_MERGE,	/* ours, =======, theirs */
	SGIT_MERGE3_STYLE_DIFF3,	/* also the base, after |||||||; level at most EAGER, as git */
};

/* -X ours / -X theirs / --union: how a conflict is resolved instead of shown. */
enum sgit_merge3_favor {
	SGIT_MERGE3_FAVOR_NONE,
	SGIT_MERGE3_FAVOR_OURS,
	SGIT_MERGE3_FAVOR_THEIRS,
	SGIT_MERGE3_FAVOR_UNION,	/* ours' lines, then theirs' */
};

struct sgit_merge3_options {
	const char *ours_label;		/* after "<<<<<<< "; NULL: the marker alone */
	const char *base_label;		/* after "||||||| " (diff3 style) */
	const char *theirs_label;	/* after ">>>>>>> " */
	int marker_size;		/* <= 0: 7 */
	enum sgit_merge3_level level;
	enum sgit_merge3_style style;
	enum sgit_merge3_favor favor;
	unsigned diff_flags;		/* SGIT_DIFF_*: git merges without the indent heuristic */
};
/* What git merge does (merge-file differs only by SGIT_MERGE3_ZEALOUS_ALNUM). */
#define SGIT_MERGE3_OPTIONS_INIT \
	{ NULL, NULL, NULL, 7, SGIT_MERGE3_ZEALOUS, SGIT_MERGE3_STYLE_MERGE, \
	  SGIT_MERGE3_FAVOR_NONE, SGIT_DIFF_NO_INDENT }

/*
 * Replace out with the merge of ours and theirs, two descendants of base;
 * *conflicts (may be NULL) gets the number of conflict hunks written (0 with
 * a favor). opts NULL: SGIT_MERGE3_OPTIONS_INIT. < 0 only when memory runs
 * out (out is then empty).
 */
int sgit_merge3(struct sgit_buf *out, size_t *conflicts,
		const char *base, size_t base_len,
		const char *ours, size_t ours_len,
		const char *theirs, size_t theirs_len,
		const struct sgit_merge3_options *opts, struct sgit_error *err);

#endif
