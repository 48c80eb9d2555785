/* porcelain/cli/log_cmd.h: what log, show and rev-list share: revision options and the output loop */
#ifndef SGIT_CLI_LOG_CMD_H
#define SGIT_CLI_LOG_CMD_H

#include "porcelain/cli/cli.h"
#include "porcelain/cli/log_cmd_revs.h"
#include "sgit/diff_output.h"
#include "sgit/graph.h"
#include "sgit/pretty.h"
#include "sgit/revwalk.h"
#include "sgit/gpg.h"

enum log_kind { LOG_KIND_LOG, LOG_KIND_SHOW, LOG_KIND_REV_LIST };

/* How merges get a diff (--diff-merges=, -m, -c, --cc). */
enum log_diff_merges {
	LOG_DIFF_MERGES_DEFAULT,	/* off for log (first-parent with --first-parent), cc for show */
	LOG_DIFF_MERGES_OFF,
	LOG_DIFF_MERGES_FIRST_PARENT,
	LOG_DIFF_MERGES_SEPARATE,	/* -m: one diff per parent, each under its own header */
	LOG_DIFF_MERGES_COMBINED,	/* -c */
	LOG_DIFF_MERGES_DENSE,		/* --cc */
};

/* Decorations on the header line: --decorate[=short|full|no], log.decorate. */
enum log_decorate { LOG_DECORATE_AUTO = -1, LOG_DECORATE_NO, LOG_DECORATE_SHORT, LOG_DECORATE_FULL };

struct log_cmd {
	struct cli_ctx *ctx;
	enum log_kind kind;
	struct log_revs revs;

	/* the walk */
	struct sgit_revwalk_options walk;
	struct cli_strlist authors, committers, greps;
	int no_walk;			/* show: only the named commits, unless a range asks for more */
	int no_walk_unsorted;		/* --no-walk=unsorted: in the order given, not by date */
	int read_stdin;			/* --stdin */

	/* the entries */
	struct sgit_pretty_options pretty;
	const char *pretty_spec;	/* --pretty= / --format= (last one wins) */
	int pretty_given;
	const char *date_spec;		/* --date= */
	int decorate;			/* enum log_decorate */
	struct cli_strlist decorate_refs, decorate_refs_exclude;
	int clear_decorations;
	int color;			/* enum cli_color_when of --color / --no-color */
	int graph;
	int show_parents;		/* --parents */
	int left_right;			/* --left-right: '<' and '>' marks for the sides of "A...B" */
	int abbrev_commit;		/* -1: not given */
	int mailmap;			/* -1: log.mailmap decides */
	const char *encoding;		/* --encoding= */
	int expand_tabs;		/* --expand-tabs[=n], --no-expand-tabs; -1: the format's */
	int show_signature;		/* --show-signature; -1: log.showSignature decides */
	struct sgit_gpg_config gpg;	/* how signatures are checked (--show-signature) */

	/* the diffs */
	struct sgit_diff_output_options diff;
	unsigned int diff_format;	/* enum sgit_diff_format bits asked for */
	int no_patch;			/* -s */
	int diff_merges;		/* enum log_diff_merges */
	int merges_imply_patch;		/* -c, --cc without another format: -p */
	int full_diff;
	int context, interhunk, stat_width, stat_name_width, stat_graph_width, stat_count;
	int renames, no_prefix, full_index, text, minimal;	/* -1: not given */
	int copies, rename_score, rename_limit;			/* -C, -M<n>, -l<n>; -1: not given */
	int diff_asked;			/* -r, -t, -c, --cc, --full-diff: git's rev-list refuses them */
	size_t needed_rename_limit;	/* the diff.renameLimit that would have done, for git's warning */
	const char *src_prefix, *dst_prefix;

	/* rev-list */
	int count, objects, quiet, no_object_names;

	/* output state */
	struct sgit_buf out;
	int flush_each;			/* a terminal or pager is reading: write every entry at once */
	int shown_one, missing_newline;
	struct sgit_graph *graph_state;
	struct sgit_decorations *decorations;
	struct sgit_mailmap *mailmap_data;
	struct sgit_revwalk *walker;
	struct sgit_buf entry, tmp, diffbuf;
	struct sgit_changes changes;
	struct sgit_oid *parents;	/* the parents shown with the current commit */
	size_t parents_alloc;
	struct sgit_pathspec ps;	/* the paths, for the diffs */
	int wants_mark;			/* the format has %m */
	struct sgit_oid *graph_parents;	/* the parents the graph draws lines to */
	size_t graph_parents_alloc;
	struct cli_strlist owned;	/* strings to free at the end (colour escapes) */
	struct cli_strlist palette;	/* log.graphColors as escapes (borrowed from owned) */
};

/* Defaults for kind; then log_cmd_parse, log_cmd_setup, the command's loop, log_cmd_release. */
void log_cmd_init(struct log_cmd *lc, struct cli_ctx *ctx, enum log_kind kind);
void log_cmd_release(struct log_cmd *lc);

/*
 * Revisions, paths and options in git's order of reading them. Returns 0,
 * or the exit code after git's message (an unknown option: 128 for log and
 * show, the usage and 129 for rev-list).
 */
int log_cmd_parse(struct log_cmd *lc, int argc, const char **argv);

/*
 * After parsing: configuration (log.date, log.decorate...), colours,
 * decorations, the mailmap, the pretty and diff options, the graph.
 * Returns 0 or an exit code after the message.
 */
int log_cmd_setup(struct log_cmd *lc);

/* The parents the walk gives for the commit it returned last, into lc->parents. 0 or an exit code. */
int log_cmd_walk_parents(struct log_cmd *lc, size_t *n);
/*
 * Update the graph with commit id, its mark ('o' boundary, '<' '>'
 * --left-right, '*') and the parents of parents[0..n) that it draws lines
 * to (the walker's parents, in its order, when there is a walk).
 * 0 or an exit code.
 */
int log_cmd_graph_commit(struct log_cmd *lc, const struct sgit_oid *id, const struct sgit_oid *parents,
			 size_t n);
/*
 * git's revision mark of the commit the walk returned last, as put before
 * its id without --graph: "-" boundary, "<" or ">" with --left-right, else "".
 */
const char *log_cmd_revision_mark(const struct log_cmd *lc);
/* %m and the header line's mark of id (the walk's last commit) into lc->pretty. Always 0. */
int log_cmd_set_mark(struct log_cmd *lc, const struct sgit_oid *id);
/* Tell the walker which tips are the left of "A...B" (before the walk starts). 0 or an exit code. */
int log_cmd_push_left(struct log_cmd *lc);
/* The walker, with the revisions pushed (log, rev-list, show of a range). 0 or an exit code. */
int log_cmd_setup_walk(struct log_cmd *lc);

/* Walk and print every commit as log does (show with a range too). 0 or an exit code. */
int log_cmd_run(struct log_cmd *lc);

/* log --no-walk: the named commits by date (or as given), filters, -n and --skip applied. */
int log_cmd_run_no_walk(struct log_cmd *lc);

/* One commit as log shows it: entry, diff, framing. 0 or an exit code. */
int log_cmd_show_commit(struct log_cmd *lc, const struct sgit_oid *id,
			const struct sgit_commit *c, const struct sgit_oid *parents,
			size_t nparents);

/* Write what has gathered in lc->out (always, or only when big unless force). 0 or 128. */
int log_cmd_flush(struct log_cmd *lc, int force);
/*
 * Write out what is pending, then git's warning when a diff skipped rename
 * detection for too many files (and forget it). 0 or an exit code.
 */
int log_cmd_warn_rename_limit(struct log_cmd *lc);
/* The parents of c into lc->parents (a commit shown without a walk). 0 or an exit code. */
int log_cmd_commit_parents(struct log_cmd *lc, const struct sgit_commit *c, size_t *n);

/* git's usage texts of rev-list, and of log and show; print one and return 129. */
extern const char log_cmd_rev_list_usage[];
extern const char log_cmd_log_usage[];
int log_cmd_usage(FILE *f, const char *text);

#endif
