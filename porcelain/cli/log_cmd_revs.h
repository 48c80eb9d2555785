/* porcelain/cli/log_cmd_revs.h: the revisions and paths of log, show and rev-list, as git reads them */
#ifndef SGIT_CLI_LOG_CMD_REVS_H
#define SGIT_CLI_LOG_CMD_REVS_H

#include "porcelain/cli/cli.h"

/* One revision named on the command line (or by --all and friends). */
struct log_tip {
	struct sgit_oid id;	/* the object named, not peeled */
	char *name;		/* as written ("v1", "HEAD:a", "refs/heads/main" for --all) */
	char *path;		/* "rev:path", ":path": the path, for --objects; else NULL */
	int hide;		/* "^A", the left of "A..B", merge bases of "A...B", under --not */
	int left;		/* the left side of "A...B" (%m shows '<' for what it reaches) */
};

/* Caller-owned: LOG_REVS_INIT, then log_revs_release(). */
struct log_revs {
	struct log_tip *items;
	size_t nr, alloc;
	int flip;		/* --not is in effect */
	/* --all, --branches... were given: no default revision, even when they named none */
	int input_given;
	struct cli_strlist excludes;	/* --exclude patterns for the next --all & co (borrowed) */
	char **paths;		/* path arguments from the top of the work tree */
	size_t npaths, paths_alloc;
	int seen_dashdash;	/* "--" was given: arguments before it must be revisions */
};
#define LOG_REVS_INIT { NULL, 0, 0, 0, 0, CLI_STRLIST_INIT, NULL, 0, 0, 0 }
void log_revs_release(struct log_revs *revs);

/* What the functions below return besides 0 and an exit code (> 0, message printed). */
#define LOG_REVS_NOT_MINE (-1)

/*
 * A revision argument: "A", "^A", "A..B", "A...B", "A^@", "A^!", "A^-N"
 * (either side of a range may be empty: HEAD). 0 when added, NOT_MINE when
 * arg names no revision, 128 after git's message (a file of the same name
 * without "--": "ambiguous argument 'x': both revision and filename").
 */
int log_revs_add_arg(struct log_revs *revs, struct cli_ctx *ctx, const char *arg);

/*
 * The options that select revisions: --all, --branches[=glob],
 * --tags[=glob], --remotes[=glob], --glob=glob, --exclude=glob, --not.
 * 0 when arg was one of them, NOT_MINE when not, or an exit code.
 */
int log_revs_pseudo_opt(struct log_revs *revs, struct cli_ctx *ctx, const char *arg);

/*
 * Path arguments argv[0..argc): after "--" (check 0) as given; else the
 * first that is no revision and those after it, each of which must exist
 * in the work tree (or look like a glob), else git's message and 128.
 */
int log_revs_add_paths(struct log_revs *revs, struct cli_ctx *ctx, int argc, const char **argv,
		       int check);

/*
 * When nothing named a revision: def ("HEAD") as git's default, or git's
 * message for an unborn branch ("your current branch 'main' does not have
 * any commits yet", 128). 0 otherwise.
 */
int log_revs_default(struct log_revs *revs, struct cli_ctx *ctx, const char *def);

/* 1 when a revision is excluded ("^A", "A..B"): show and --no-walk then walk after all. */
int log_revs_has_hidden(const struct log_revs *revs);

/* The usage hint of git for arguments that are neither revisions nor paths. */
int log_revs_ambiguous(const char *arg, const char *why);

#endif
