/* include/sgit/diff_output.h: change lists shown as git diff shows them: patches, stats, names */
#ifndef SGIT_DIFF_OUTPUT_H
#define SGIT_DIFF_OUTPUT_H

#include <stddef.h>
#include "buf.h"
#include "changes.h"
#include "errors.h"
#include "index.h"
#include "oid.h"
#include "pathspec.h"
#include "repo.h"

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

/*
 * What to show; several may be combined. git's order holds whatever the
 * bits: names (or names and statuses), then --numstat, --stat, --shortstat,
 * --summary, then a blank line and the patch when something came before it.
 * NAME_ONLY and NAME_STATUS turn every other format off, as in git.
 */
enum sgit_diff_format {
	SGIT_DIFF_FORMAT_PATCH = 1,		/* -p, the default of git diff */
	SGIT_DIFF_FORMAT_STAT = 2,		/* --stat */
	SGIT_DIFF_FORMAT_SHORTSTAT = 4,		/* --shortstat: the last line of --stat */
	SGIT_DIFF_FORMAT_NUMSTAT = 8,		/* --numstat */
	SGIT_DIFF_FORMAT_SUMMARY = 16,		/* --summary: created, deleted, mode changes */
	SGIT_DIFF_FORMAT_NAME_ONLY = 32,	/* --name-only */
	SGIT_DIFF_FORMAT_NAME_STATUS = 64,	/* --name-status */
};

/* git's colour slots (color.diff.<slot>) that the diff formats use. */
enum sgit_diff_color {
	SGIT_DIFF_COLOR_CONTEXT,	/* "context" or "plain": unchanged lines; none */
	SGIT_DIFF_COLOR_META,		/* "meta": "diff --git" and the header lines; bold */
	SGIT_DIFF_COLOR_FRAG,		/* "frag": "@@ -a,b +c,d @@"; cyan */
	SGIT_DIFF_COLOR_FUNC,		/* "func": the function context after it; none */
	SGIT_DIFF_COLOR_OLD,		/* "old": removed lines, --stat's '-'; red */
	SGIT_DIFF_COLOR_NEW,		/* "new": added lines, --stat's '+'; green */
	SGIT_DIFF_COLOR_WHITESPACE,	/* "whitespace": white-space errors; red background */
	SGIT_DIFF_COLOR_COUNT,
};
#define SGIT_DIFF_COLOR_MAX 76		/* an escape sequence git accepts, and its NUL */
#define SGIT_DIFF_COLORS_DEFAULT \
	{ [SGIT_DIFF_COLOR_META] = "\033[1m", [SGIT_DIFF_COLOR_FRAG] = "\033[36m", \
	  [SGIT_DIFF_COLOR_OLD] = "\033[31m", [SGIT_DIFF_COLOR_NEW] = "\033[32m", \
	  [SGIT_DIFF_COLOR_WHITESPACE] = "\033[41m" }

/* The white-space errors of core.whitespace. */
enum sgit_diff_ws_rule {
	SGIT_DIFF_WS_BLANK_AT_EOL = 1,		/* white space at the end of a line */
	SGIT_DIFF_WS_SPACE_BEFORE_TAB = 2,	/* a space before a tab in the indent */
	SGIT_DIFF_WS_INDENT_WITH_NON_TAB = 4,	/* a tab width of spaces in the indent */
	SGIT_DIFF_WS_TAB_IN_INDENT = 8,		/* a tab in the indent */
	SGIT_DIFF_WS_BLANK_AT_EOF = 16,		/* blank lines added at the end */
	SGIT_DIFF_WS_CR_AT_EOL = 32,		/* a CR before the LF is no error */
};
#define SGIT_DIFF_WS_DEFAULT \
	(SGIT_DIFF_WS_BLANK_AT_EOL | SGIT_DIFF_WS_SPACE_BEFORE_TAB | SGIT_DIFF_WS_BLANK_AT_EOF)

/* The lines whose white-space errors are coloured (--ws-error-highlight). */
enum sgit_diff_ws_highlight {
	SGIT_DIFF_WS_HIGHLIGHT_OLD = 1,
	SGIT_DIFF_WS_HIGHLIGHT_NEW = 2,
	SGIT_DIFF_WS_HIGHLIGHT_CONTEXT = 4,
};

/* Caller-owned; start from SGIT_DIFF_OUTPUT_OPTIONS_INIT (and sgit_diff_output_config). */
struct sgit_diff_output_options {
	unsigned int format;		/* enum sgit_diff_format bits; 0: nothing */
	unsigned int context;		/* -U<n> */
	unsigned int interhunk;		/* --inter-hunk-context */
	int minimal;			/* --minimal */
	int indent_heuristic;		/* diff.indentHeuristic (git's default: 1) */
	int text;			/* -a: never call content binary */
	/*
	 * diff.renames (git diff's default: on): a deleted and an added file
	 * with the same content, or at least rename_score alike, are shown
	 * as a rename, paired as git pairs them.
	 */
	int renames;
	/*
	 * -C, diff.renames=copies (with renames on): also an added file like
	 * a modified one (or like a deleted one already renamed) is shown as
	 * a copy of it. The unchanged files git -C -C also looks at are not
	 * known here.
	 */
	int copies;
	int quote_path;			/* core.quotePath (git's default: 1) */
	const char *src_prefix;		/* "a/" unless set; "" with --no-prefix */
	const char *dst_prefix;		/* "b/" unless set */
	size_t abbrev;			/* digits of ids on "index" lines; 0: the repository's default */
	/*
	 * The new side of every change is the work tree (git diff, git diff
	 * <commit>): its content is read from the files, symbolic links give
	 * their target. Otherwise both sides are objects.
	 */
	int new_from_worktree;
	/* --stat: total width (0: 80), name and graph width limits (0: none), files shown (0: all) */
	unsigned int stat_width, stat_name_width, stat_graph_width, stat_count;
	/*
	 * -M<n>: how alike two files must be to make a rename, out of
	 * SGIT_DIFF_SCORE_MAX (git's default: half). rename_limit is
	 * diff.renameLimit: with more than its square of deleted times
	 * added files, only exact renames and files whose base name
	 * stays are looked for (0: 32767, as in git); when that happens
	 * and needed_rename_limit is set, *needed_rename_limit gets at least
	 * the limit that would have done (git's warning says it).
	 */
	unsigned int rename_score;
	int rename_limit;
	size_t *needed_rename_limit;
	/*
	 * --color: escapes from colors (git's defaults, color.diff.<slot>),
	 * white-space errors as ws_rule (core.whitespace) says, on the lines
	 * ws_error_highlight (diff.wsErrorHighlight) names.
	 */
	int color;
	char colors[SGIT_DIFF_COLOR_COUNT][SGIT_DIFF_COLOR_MAX];
	unsigned int ws_rule;			/* enum sgit_diff_ws_rule bits */
	unsigned int ws_tab_width;		/* tabwidth=<n> of core.whitespace (0: 8) */
	unsigned int ws_error_highlight;	/* enum sgit_diff_ws_highlight bits */
};
#define SGIT_DIFF_OUTPUT_OPTIONS_INIT \
	{ .format = SGIT_DIFF_FORMAT_PATCH, .context = 3, .indent_heuristic = 1, .renames = 1, \
	  .quote_path = 1, .rename_score = SGIT_DIFF_SCORE_MAX / 2, .rename_limit = 1000, \
	  .colors = SGIT_DIFF_COLORS_DEFAULT, .ws_rule = SGIT_DIFF_WS_DEFAULT, .ws_tab_width = 8, \
	  .ws_error_highlight = SGIT_DIFF_WS_HIGHLIGHT_NEW }

/* Similarity scores run from 0 to this (git's scale; shown as a percentage, rounded down). */
#define SGIT_DIFF_SCORE_MAX 60000u

/*
 * -M<n>, --find-renames=<n>, as git reads it: digits are a fraction
 * ("5" is 0.5, "05" is 0.05) unless a '%' ends them ("50%"); anything
 * above 1 is 1. *out gets the score; -1 when arg holds anything else.
 */
int sgit_diff_parse_rename_score(unsigned int *out, const char *arg);

/*
 * --ws-error-highlight=<kind>, diff.wsErrorHighlight: a comma-separated
 * list of old, new, context, all, none, default. -1 on a word it does
 * not know (*bad_word, *bad_len then point at it).
 */
int sgit_diff_parse_ws_error_highlight(unsigned int *out, const char *value,
				       const char **bad_word, size_t *bad_len);

/*
 * Read what git reads for its diff output from repo's configuration:
 * core.quotePath, diff.context, diff.interHunkContext, diff.indentHeuristic,
 * diff.noprefix, diff.renames, diff.renameLimit, color.diff.<slot>,
 * core.whitespace, diff.wsErrorHighlight (whether to colour is the
 * caller's decision). SGIT_ECONFIG with git's message on a bad value.
 */
int sgit_diff_output_config(struct sgit_diff_output_options *opts, struct sgit_repo *repo);

/* Where output goes, a piece at a time; a non-zero return stops the output and is returned. */
typedef int (*sgit_diff_write_fn)(const char *data, size_t len, void *payload);
/* A writer that appends to the struct sgit_buf given as payload. */
int sgit_diff_write_buf(const char *data, size_t len, void *payload);

/*
 * Show changes (as the functions of changes.h list them) in the formats of
 * opts, byte for byte as git 2.39: "diff --git" headers with mode and
 * "index" lines (ids abbreviated as git does, zeros for a missing side),
 * hunks, "\ No newline at end of file", "Binary files ... differ", a change
 * between a file and a symbolic link as a deletion and a creation, and
 * "* Unmerged path" for unmerged paths. Content comes from the object store
 * (and the work tree, see new_from_worktree). A work-tree side whose id is
 * not known is hashed for the "index" line. Errors go to repo's slot.
 */
int sgit_diff_output(struct sgit_repo *repo, const struct sgit_changes *changes,
		     const struct sgit_diff_output_options *opts, sgit_diff_write_fn write,
		     void *payload);

/*
 * git's summary line of --stat and --shortstat, appended to out:
 * " 2 files changed, 3 insertions(+), 1 deletion(-)" and a newline, with
 * git's singular forms and omissions (" 0 files changed" alone for none).
 */
int sgit_diff_stat_summary_add(struct sgit_buf *out, size_t files, size_t insertions,
			       size_t deletions);

/* ---- the work tree side ---- */

/*
 * Hash the work-tree side of additions and of modifications that keep the
 * mode, when their ids are not known yet (a submodule: its HEAD), and drop
 * the modifications whose content turns out to be what the other side has
 * (git's "stat-only" changes, which git diff does not show). Other sides
 * stay unknown, as in git, where --stat then shows both sizes of a binary
 * file whose mode changed. *dropped (may be NULL) gets how many were
 * dropped. A file that cannot be read is left as it is.
 */
int sgit_diff_settle_worktree(struct sgit_changes *changes, size_t *dropped,
			      struct sgit_repo *repo);

/*
 * The index against the work tree as git diff (diff-files) lists it:
 * sgit_changes_index_worktree's list (flags and refreshed are its own),
 * where with with_ours each unmerged path is followed by its "ours" stage
 * against the work-tree file, as git shows them outside patches. repo is
 * the index's repository.
 */
int sgit_diff_index_worktree(struct sgit_changes *out, int *refreshed, struct sgit_index *idx,
			     struct sgit_repo *repo, const struct sgit_pathspec *ps,
			     unsigned int flags, int with_ours);

/*
 * A tree (NULL: the empty tree) against the work tree as git diff <commit>
 * sees it: the paths of the tree and of idx's entries, a work-tree file
 * taken for its index entry when its stat data matches. Files the index
 * does not know are not looked at; an entry whose file is missing and
 * that the tree does not have is not listed. An unmerged path compares
 * the tree with its file as any other. Ids of work-tree sides may be
 * unknown (see sgit_diff_settle_worktree).
 */
int sgit_diff_tree_worktree(struct sgit_changes *out, struct sgit_repo *repo,
			    const struct sgit_oid *tree, struct sgit_index *idx,
			    const struct sgit_pathspec *ps);

#pragma GCC visibility pop
#endif
