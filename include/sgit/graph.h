/* include/sgit/graph.h: git's ASCII commit graph (log --graph) as text lines, never printed */
#ifndef SGIT_GRAPH_H
#define SGIT_GRAPH_H

#include <stddef.h>

#include "buf.h"
#include "errors.h"
#include "oid.h"

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

/*
 * The graph is a state machine fed one commit at a time, in output order.
 * For every commit it yields a few lines: maybe a "skip" line ("...") when
 * the previous commit's lines were not all asked for, pre-commit lines that
 * make room for a commit with several parents, the commit line ("* ",
 * "| * ", "*-.  " for an octopus), then post-merge lines ("|\  ") and
 * collapsing lines ("|/  ") until the graph is tidy again; after that only
 * padding lines ("| | "). Every line is padded with spaces to the width the
 * graph needs for this commit, exactly as git 2.39 writes it, without '\n'.
 *
 * How log output interleaves with it (git's order; "out" is what the
 * command prints; every '\n' not mentioned is the caller's):
 *
 *   for each commit C shown:
 *     sgit_graph_update(g, C, parents of C that count, see below)
 *     not the first entry, and entries are separated (medium, full, raw,
 *       format:...; not oneline or tformat:): if the previous entry's text
 *       ended in '\n', out += padding line; then out += "\n"
 *     out += sgit_graph_add_commit_start()  -- lines up to and including
 *                                              the commit line's prefix
 *     out += sgit_graph_add_msg(text)       -- the whole formatted entry
 *                                              ("commit abc\nAuthor: ..."
 *                                              or "abc subject"): its later
 *                                              lines get graph prefixes and
 *                                              the commit's remaining graph
 *                                              lines follow
 *     entries terminated (oneline, tformat:): if text ended in '\n',
 *       out += padding line; then out += "\n"
 *     a diff or --stat: every line of it, and the blank line between the
 *       message and it, prefixed with a padding line (add_prefixed)
 *
 * "padding line" is sgit_graph_padding_line(). Which parents count is the
 * caller's business: git ignores parents that are hidden (^A, A..B),
 * dropped by --first-parent (only the first parent, and only if it counts)
 * or rejected by the commit filters (--author, --grep, --merges, --since,
 * ...). Parents cut off by -n still count. Pass them in parent order,
 * after history simplification; boundary commits (--boundary) count.
 */

struct sgit_graph;

struct sgit_graph_options {
	int color;			/* colour edges (and "-." of octopus merges) */
	/*
	 * Colour escape sequences to cycle through (log.graphColors, already
	 * turned into escapes by the caller; borrowed, must outlive the
	 * graph); NULL: git's default palette of red, green, yellow, blue,
	 * magenta, cyan and their bold variants. The commit's mark is never
	 * coloured.
	 */
	const char *const *palette;
	size_t palette_len;
};
#define SGIT_GRAPH_OPTIONS_INIT { 0, NULL, 0 }

/* A new empty graph (opts NULL: no colour); free with sgit_graph_free(). 0 or SGIT_ENOMEM. */
int sgit_graph_new(struct sgit_graph **out, const struct sgit_graph_options *opts,
		   struct sgit_error *err);
void sgit_graph_free(struct sgit_graph *g);

/*
 * Make commit the current commit; parents are those of its parents that
 * count (see above), copied. 0 or SGIT_ENOMEM.
 */
int sgit_graph_update(struct sgit_graph *g, const struct sgit_oid *commit,
		      const struct sgit_oid *parents, size_t nparents);
/*
 * The same with another character than '*' on the commit line: 'o' for a
 * boundary commit, '<' '>' for --left-right, '=' '+' '-' for --cherry-mark.
 */
int sgit_graph_update_mark(struct sgit_graph *g, const struct sgit_oid *commit,
			   const struct sgit_oid *parents, size_t nparents, char mark);

/*
 * Append the next line of the graph to out (no '\n') and advance. Sets
 * *is_commit_line (may be NULL) to 1 when that line was the commit's own
 * line, else 0. Once the commit is finished, every call yields padding.
 * 0 or SGIT_ENOMEM.
 */
int sgit_graph_next_line(struct sgit_graph *g, struct sgit_buf *out, int *is_commit_line);
/*
 * Append the line to put before text that is not graph output of its own
 * (a blank separator, a diff line): while the commit line is still to come,
 * a row of the existing columns that does not advance the graph; after it,
 * exactly sgit_graph_next_line(). 0 or SGIT_ENOMEM.
 */
int sgit_graph_padding_line(struct sgit_graph *g, struct sgit_buf *out);
/* 1 when the current commit's lines have all been produced (only padding follows). */
int sgit_graph_is_commit_finished(const struct sgit_graph *g);

/*
 * The convenience layer: each appends to out what git would print at that
 * point, so that a command just writes out. All return 0 or SGIT_ENOMEM.
 */

/*
 * The lines before the current commit, each ending in '\n', then the commit
 * line's prefix ("| * ") without '\n'. When the commit's lines are all done
 * already (a merge shown once per parent), a padding line instead.
 */
int sgit_graph_add_commit_start(struct sgit_graph *g, struct sgit_buf *out);
/*
 * text (the formatted entry, which goes right after the commit line's
 * prefix) with the next graph line before each of its lines but the first,
 * then, when the commit has lines left, those lines: after a '\n' if text
 * did not end with one, and a final '\n' if text did.
 */
int sgit_graph_add_msg(struct sgit_graph *g, struct sgit_buf *out, const char *text, size_t len);
/*
 * The commit's remaining lines, separated (not ended) by '\n'. Sets *added
 * (may be NULL) to 1 when there were any.
 */
int sgit_graph_add_remainder(struct sgit_graph *g, struct sgit_buf *out, int *added);
/* text with sgit_graph_padding_line() before each of its lines (a diff, a stat). */
int sgit_graph_add_prefixed(struct sgit_graph *g, struct sgit_buf *out, const char *text, size_t len);

#pragma GCC visibility pop
#endif
