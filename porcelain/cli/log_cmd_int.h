/* porcelain/cli/log_cmd_int.h: helpers the log_cmd_*.c files share */
#ifndef SGIT_CLI_LOG_CMD_INT_H
#define SGIT_CLI_LOG_CMD_INT_H

#include "porcelain/cli/log_cmd.h"

/* Options of the walk, the entries and the diffs; 0 when arg (and maybe the next) was one. */
int log_cmd_walk_option(struct log_cmd *lc, int argc, const char **argv, int *i);
int log_cmd_format_option(struct log_cmd *lc, int argc, const char **argv, int *i);
int log_cmd_diff_option(struct log_cmd *lc, int argc, const char **argv, int *i);

/* color.diff.commit and color.decorate.<slot> as escapes, when colouring. 0 or an exit code. */
int log_cmd_setup_colors(struct log_cmd *lc);
/* log.graphColors into lc->palette. 0 or an exit code. */
int log_cmd_graph_palette(struct log_cmd *lc);

/*
 * Whether the walk's filters (--author, --grep, --merges, --since...) let
 * the commit c (whose id is id) through. 0 or an exit code.
 */
int log_cmd_filter_passes(struct log_cmd *lc, const struct sgit_oid *id, const struct sgit_commit *c,
			  int *pass);

/* What log_cmd_diff_commit found to show after the entry. */
enum log_diff_shown {
	LOG_DIFF_NONE,		/* nothing: no diff asked for, or an empty one */
	LOG_DIFF_LATER,		/* lc->changes, to be rendered once the entry is out */
	LOG_DIFF_COMBINED,	/* a merge's combined output, in lc->diffbuf already */
};

/*
 * The diff of commit c against its parents as asked (-p, --stat...,
 * --diff-merges). 0 or an exit code after the message.
 */
int log_cmd_diff_commit(struct log_cmd *lc, const struct sgit_commit *c, enum log_diff_shown *shown);
/* The changes from parent (NULL: none, a root commit) to c, limited to the paths unless --full-diff. */
int log_cmd_changes(struct log_cmd *lc, struct sgit_changes *out, const struct sgit_commit *c,
		    const struct sgit_oid *parent);
/* Replace lc->diffbuf with changes shown in format. 0 or an exit code. */
int log_cmd_render(struct log_cmd *lc, const struct sgit_changes *changes, unsigned int format);

/*
 * git's long revision options: "--name=value" or "--name value". 1 with
 * *val set when argv[*i] is that option (*i moved past a separate value),
 * 0 when not, -1 after "fatal: Option '--name' requires a value".
 */
int log_cmd_opt_value(const char *name, int argc, const char **argv, int *i, const char **val);

/* Append a pattern (borrowed from argv) to list. 0 or 128. */
int log_cmd_push_pattern(struct cli_strlist *list, const char *value);

/*
 * A date as --since and --until take it: what the strict parser reads, else
 * git's loose readings ("2005-04-14" at the current time of day, "April 10
 * 2005", "2 weeks ago", "yesterday", "noon"); words it does not know leave
 * now as it is. Always 0.
 */
int log_cmd_approxidate(int64_t *out, const char *s, int64_t now, struct sgit_error *err);

/* One side of a path in a merge's combined diff: mode 0 when that side does not have it. */
struct combined_side {
	unsigned int mode;
	struct sgit_oid id;
	char status;		/* the parent's change to the merge: SGIT_CHANGE_ADDED when it lacked the path */
};

/*
 * Append the combined diff of path to out: sides[0..np) are the parents,
 * sides[np] the merge. dense: --cc (hunks where the merge took one parent's
 * version left out), else -c. Nothing when no hunk is left and the modes
 * agree. 0 or SGIT_ENOMEM / a read error (message in lc's error slot).
 */
int log_cmd_combined_path(struct sgit_buf *out, struct log_cmd *lc, const char *path,
			  const struct combined_side *sides, size_t np, int dense);

#endif
