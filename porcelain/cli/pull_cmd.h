/* porcelain/cli/pull_cmd.h: what sgit pull's option parsing (cmd_pull.c) hands to its run (pull_cmd_run.c) */
#ifndef SGIT_CLI_PULL_CMD_H
#define SGIT_CLI_PULL_CMD_H

#include "porcelain/cli/cli.h"

/* How pull should reconcile the branches (git's opt_rebase). */
enum pull_rebase {
	PULL_REBASE_UNSET = -1,		/* not on the command line: the configuration decides */
	PULL_REBASE_NO = 0,		/* merge */
	PULL_REBASE_YES = 1,		/* rebase, in any of its forms: refused, sgit pull only merges */
};

/*
 * The options as typed. The merge's options are kept as the words merge is
 * given (the last of each kind wins, as git's pull passes them on); the
 * fetch's as values. Caller-owned: pull_opts_init, then pull_opts_release.
 */
struct pull_opts {
	int verbose, quiet;
	enum pull_rebase rebase;
	int rebase_unspecified;		/* neither the option nor a setting said: git's divergence refusal */
	/* merge */
	struct sgit_buf diffstat, log, squash, commit, edit, cleanup, ff, verify, verify_signatures;
	struct sgit_buf gpg_sign, allow_unrelated;
	struct cli_strlist strategies, xopts;
	/* fetch */
	int append, force, tags, prune;	/* tags, prune: -1 not given */
	/* what to pull from */
	const char *repo;		/* NULL: the branch's remote, else origin */
	const char **refspecs;
	int nrefspecs;
	const char *reflog_action;	/* "pull <args as typed>" or GIT_REFLOG_ACTION */
};

void pull_opts_init(struct pull_opts *o);
void pull_opts_release(struct pull_opts *o);
/* 1 when the merge is to be given --ff-only (the option, or pull.ff=only). */
int pull_ff_only(const struct pull_opts *o);

/*
 * Fetch, then merge what FETCH_HEAD marks for merging, with git pull's
 * checks and refusals in between. Returns the exit code (fetch failing: 1,
 * as git's pull; the merge's own code otherwise).
 */
int pull_run(struct cli_ctx *ctx, struct pull_opts *o);

#endif
