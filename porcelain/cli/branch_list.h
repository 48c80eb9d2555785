/* porcelain/cli/branch_list.h: branch's listing: git's default formats with -v and -vv */
#ifndef SGIT_CLI_BRANCH_LIST_H
#define SGIT_CLI_BRANCH_LIST_H

#include "porcelain/cli/cli.h"

enum { BRANCH_LOCAL = 1, BRANCH_REMOTE = 2 };

struct branch_list_opts {
	int kinds;			/* BRANCH_LOCAL and/or BRANCH_REMOTE */
	int verbose;			/* -v: id and subject; -vv: upstream too */
	int ignore_case;
	int detached;			/* HEAD is detached: its line comes first */
	const char *const *sort;	/* --sort keys, or none: branch.sort, else refname */
	size_t nsort;
	const char *const *patterns;	/* --list globs */
	size_t npatterns;
	const char *contains;		/* --contains <commit>, or NULL */
};

/* Print the list as git branch does; returns the exit code. */
int branch_list(struct cli_ctx *ctx, const struct branch_list_opts *o);

/* --show-current: the branch HEAD points at, born or not; nothing when detached. */
int branch_show_current(struct cli_ctx *ctx);

#endif
