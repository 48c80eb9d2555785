/* porcelain/cli/checkout_cmd.h: what checkout, switch, restore and reset share */
#ifndef SGIT_CLI_CHECKOUT_CMD_H
#define SGIT_CLI_CHECKOUT_CMD_H

#include "porcelain/cli/cli.h"
#include "sgit/branch.h"
#include "sgit/checkout.h"

/* HEAD before a command changes it. Caller-owned: CLI_HEAD_INIT, cli_head_read, _release. */
struct cli_head {
	struct sgit_buf ref;		/* "refs/heads/x" when on a branch (born or not), else empty */
	const char *name;		/* the branch's short name (into ref), or NULL when detached */
	int born;			/* HEAD names a commit */
	struct sgit_oid commit, tree;
};
#define CLI_HEAD_INIT { SGIT_BUF_INIT, NULL, 0, { { 0 } }, { { 0 } } }
/* 0, or after printing git's message 128. */
int cli_head_read(struct cli_head *h, struct cli_ctx *ctx);
void cli_head_release(struct cli_head *h);

/* The tree of commit; < 0 (message in the error slot) when it cannot be read. */
int cli_commit_tree(struct sgit_oid *tree, struct cli_ctx *ctx, const struct sgit_oid *commit);
/* Replace out with "<abbreviated id> <subject>", as git's "HEAD is now at" lines show a commit. */
int cli_describe_commit(struct sgit_buf *out, struct cli_ctx *ctx, const struct sgit_oid *commit);

/* git's refusal for each group of rep->rejected, then "Aborting"; verb is "checkout" or "merge". */
void cli_checkout_print_rejects(const struct sgit_checkout_report *rep, const char *verb);
/*
 * "error: invalid path '<path>'" for each path rep->invalid lists (all), or
 * for the first only, as git's commands that stop at the first error.
 */
void cli_checkout_print_invalid(const struct sgit_checkout_report *rep, int all);
/* "error: you need to resolve your current index first", then "<path>: needs merge" lines on stdout; 1. */
int cli_checkout_unmerged_error(struct sgit_index *idx);
/* Print what differs between tree (NULL: none) and the work tree, as "M\tpath" lines on stdout. */
int cli_checkout_show_local_changes(struct cli_ctx *ctx, struct sgit_index *idx,
				    const struct sgit_oid *tree);
/* Print git's "Your branch is ..." lines for branch (short name) on stdout, when it has an upstream. */
void cli_checkout_report_tracking(struct cli_ctx *ctx, const char *branch);

/*
 * Copy paths into the index and/or the work tree (sgit_checkout_paths),
 * locking and writing the index, with git's messages: unmatched pathspecs
 * and unmerged paths (exit 1), "Updated N paths from ..." on stderr when
 * count_from is not NULL (the index: "the index", else the tree's id).
 * args are the pathspecs as typed, paths the same from the top.
 */
int cli_checkout_run_paths(struct cli_ctx *ctx, struct sgit_checkout_paths_opts *o,
			   const char *const *args, int quiet, int count);

/* Options of a branch switch, as checkout and switch give them. */
struct cli_switch_opts {
	const char *arg;		/* the branch or commit as typed (NULL: HEAD) */
	const char *new_branch;		/* -b / -c */
	int force_create;		/* -B / -C */
	int detach;			/* --detach */
	int force;			/* -f: throw away local changes */
	int quiet;
	int create_reflog;		/* -l */
	enum sgit_branch_track track;
	const char *orphan;		/* --orphan <name> */
	int switch_cmd;			/* "switch": a branch is required unless --detach */
};
#define CLI_SWITCH_OPTS_INIT { NULL, NULL, 0, 0, 0, 0, 0, SGIT_BRANCH_TRACK_CONFIG, NULL, 0 }

/* git checkout <branch>, switch: the index, the work tree and HEAD, with git's messages. */
int cli_switch_branches(struct cli_ctx *ctx, const struct cli_switch_opts *o);

/*
 * Replace out with "-" resolved to the branch checked out before (git's
 * @{-1}, read from HEAD's reflog), or a copy of arg when it is not "-".
 * 0, or SGIT_ENOTFOUND when there is no earlier checkout.
 */
int cli_checkout_expand_previous(struct sgit_buf *out, struct cli_ctx *ctx, const char *arg);

/*
 * The n path arguments made paths from the top (cli_pathspec_path) into
 * *out, n strings freed with cli_checkout_free_paths. 0, or 128 after
 * git's message.
 */
int cli_checkout_resolve_paths(char ***out, struct cli_ctx *ctx, const char *const *args, int n);
void cli_checkout_free_paths(char **paths, int n);
/* git's "ambiguous argument" death with its advice about "--"; returns 128. */
int cli_checkout_ambiguous(const char *arg, const char *why);
/* 1 when arg names something in the work tree (as the command line means it). */
int cli_checkout_is_file(const char *arg);
/* The tree rev names: 0, 1 when it names nothing, 2 when no tree is behind it. */
int cli_checkout_tree_of(struct sgit_oid *tree, struct cli_ctx *ctx, const char *rev);
/*
 * The one remote-tracking branch "refs/remotes/<remote>/<name>" into out
 * (checkout.guess, on by default): 1, or 0 (out empty) when there is none
 * or more than one.
 */
int cli_checkout_guess_remote(struct sgit_buf *out, struct cli_ctx *ctx, const char *name);
/*
 * cli_parse_options with the "--" kept among the arguments (once), for
 * commands that tell revisions from paths by it.
 */
int cli_checkout_parse_options(int argc, const char **argv, const struct cli_option *opts,
			       const char *const *usage);

#endif
