/* util/diff.h: line diff of two byte buffers (Myers), git's hunks and unified output */
#ifndef SGIT_UTIL_DIFF_H
#define SGIT_UTIL_DIFF_H

#include <stddef.h>
#include "sgit/buf.h"
#include "sgit/errors.h"

/*
 * The engine knows bytes, not objects. A line ends at LF (kept in the line);
 * the last line may lack it, and then differs from the same text with an LF.
 * NUL bytes are ordinary bytes.
 *
 * The edit script is a shortest one (Myers 1986, linear-space variant) unless
 * the inputs are huge and very different, where a cost limit trades
 * minimality for time. Like git, lines that occur nowhere on the other side
 * are set aside before the search, and groups of changed lines that could sit
 * at several places are slid to where git shows them (as far down as
 * possible, then up by the indent heuristic).
 */

/*
 * --minimal: no cost limit, and lines frequent on the other side stay in the
 * search, so the script is always a shortest one (git --minimal still sets
 * some frequent lines aside and may show another script for such input).
 */
#define SGIT_DIFF_MINIMAL 1u
#define SGIT_DIFF_NO_INDENT 2u		/* --no-indent-heuristic */
#define SGIT_DIFF_TRIM_TAIL 4u		/* git drops a long common tail first with -U0: pass it then */
/* --histogram (util/diff_histogram.c): git merge's algorithm; no cost limit, no lines set aside */
#define SGIT_DIFF_HISTOGRAM 8u

struct sgit_diff_line {
	const char *ptr;	/* into the caller's buffer, which must outlive the diff */
	size_t len;		/* with the LF, if the line has one */
};

/* Lines [old_start, old_start + old_count) became [new_start, new_start + new_count); 0-based. */
struct sgit_diff_change {
	size_t old_start, old_count;
	size_t new_start, new_count;
};

/* Caller-owned: SGIT_DIFF_INIT, filled by sgit_diff_lines(), freed by sgit_diff_release(). */
struct sgit_diff {
	struct sgit_diff_line *old_lines, *new_lines;
	size_t old_nr, new_nr;
	struct sgit_diff_change *changes;	/* in order, never touching each other */
	size_t nr_changes;
};
#define SGIT_DIFF_INIT { NULL, NULL, 0, 0, NULL, 0 }

/*
 * Replace *out with the diff from a (alen bytes) to b (blen bytes); flags are
 * SGIT_DIFF_*. The result points into a and b. < 0 only when memory runs out.
 */
int sgit_diff_lines(struct sgit_diff *out, const char *a, size_t alen, const char *b, size_t blen,
		    unsigned flags, struct sgit_error *err);
void sgit_diff_release(struct sgit_diff *d);

/* Lines added and removed, as --stat and --numstat count them. */
void sgit_diff_count(const struct sgit_diff *d, size_t *added, size_t *removed);

/* A run of len equal lines: old [old_start, +len) is new [new_start, +len); 0-based. */
struct sgit_diff_match {
	size_t old_start, new_start, len;
};
/*
 * The common subsequence of the diff as runs of matched lines, in order,
 * each run as long as possible: *out is malloc'ed (free() it), *nr its length.
 */
int sgit_diff_matches(struct sgit_diff_match **out, size_t *nr, const struct sgit_diff *d,
		      struct sgit_error *err);

/* 1 when git would call the content binary: a NUL byte in its first 8000 bytes. */
int sgit_diff_is_binary(const void *buf, size_t len);

/* Hunks (util/diff_output.c) */

/*
 * Decide whether line (len bytes, LF included) names a function for a hunk
 * header: return 1 and the part to show (*func, *func_len, inside the line).
 */
typedef int (*sgit_diff_funcname_fn)(const char **func, size_t *func_len, const char *line,
				     size_t len, void *payload);

struct sgit_diff_hunk_opts {
	unsigned context;		/* -U<n> */
	unsigned interhunk;		/* --inter-hunk-context */
	int no_funcname;		/* 1: no function context in headers */
	sgit_diff_funcname_fn funcname;	/* NULL: git's default rule (sgit_diff_default_funcname) */
	void *payload;
};
#define SGIT_DIFF_HUNK_OPTS_INIT { 3, 0, 0, NULL, NULL }

/* One hunk: the lines shown, 0-based; its changes are d->changes[change, change + nr_changes). */
struct sgit_diff_hunk {
	size_t old_start, old_count;
	size_t new_start, new_count;
	size_t change, nr_changes;
	const char *func;		/* the function context, inside an old line */
	size_t func_len;		/* 0 when there is none */
};

/*
 * git's rule when no diff driver says otherwise: a line that starts with an
 * ASCII letter, '_' or '$', cut to 80 bytes, trailing white space dropped.
 */
int sgit_diff_default_funcname(const char **func, size_t *func_len, const char *line, size_t len,
			       void *payload);

/*
 * Replace *out (malloc'ed, free() it; NULL when none) with the hunks of d,
 * *nr their number. opts NULL: SGIT_DIFF_HUNK_OPTS_INIT. Changes at most
 * 2 * context + interhunk unchanged lines apart share a hunk, as in git.
 */
int sgit_diff_hunks(struct sgit_diff_hunk **out, size_t *nr, const struct sgit_diff *d,
		    const struct sgit_diff_hunk_opts *opts, struct sgit_error *err);

/* Append "@@ -a,b +c,d @@[ func]\n" as git writes it (",1" left out, empty ranges "-a,0"). */
int sgit_diff_hunk_header_add(struct sgit_buf *out, const struct sgit_diff_hunk *h);

/*
 * Call fn for every line of hunk h in output order: origin ' ', '-' or '+'.
 * A line without LF is the last one of its side. A non-zero return of fn
 * stops the walk and is returned.
 */
typedef int (*sgit_diff_line_fn)(char origin, const struct sgit_diff_line *line, void *payload);
int sgit_diff_hunk_foreach(const struct sgit_diff *d, const struct sgit_diff_hunk *h,
			   sgit_diff_line_fn fn, void *payload);

/* Append the unified body: hunk headers, lines, "\ No newline at end of file" marks. */
int sgit_diff_unified_add(struct sgit_buf *out, const struct sgit_diff *d,
			  const struct sgit_diff_hunk_opts *opts, struct sgit_error *err);

#endif
