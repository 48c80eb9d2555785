/* include/sgit/branch.h: branches: create, delete, rename, upstreams, what HEAD is on */
#ifndef SGIT_BRANCH_H
#define SGIT_BRANCH_H

#include "buf.h"
#include "errors.h"
#include "oid.h"
#include "repo.h"

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

/*
 * Check name as a branch name (refs/heads/<name> a valid ref name, not
 * starting with '-', not "HEAD") and replace refname with that ref.
 * SGIT_EINVALID "'x' is not a valid branch name".
 */
int sgit_branch_refname(struct sgit_buf *refname, const char *name, struct sgit_error *err);

/*
 * The branch HEAD points at ("refs/heads/x", born or not) into out; 0 and
 * out empty when HEAD is detached.
 */
int sgit_branch_current(struct sgit_buf *out, struct sgit_repo *repo);

/*
 * Where name is checked out: the work tree's path when HEAD points at
 * refs/heads/<name> in a repository with a work tree, else NULL.
 */
const char *sgit_branch_checked_out_at(struct sgit_repo *repo, const char *refname);

enum sgit_branch_track {
	SGIT_BRANCH_TRACK_CONFIG = -1,	/* as branch.autoSetupMerge says (default: remote ones) */
	SGIT_BRANCH_TRACK_NONE = 0,	/* --no-track */
	SGIT_BRANCH_TRACK_ALWAYS = 1,	/* --track: local start points too */
};

struct sgit_branch_create_opts {
	const char *name;		/* short name */
	const struct sgit_oid *start;	/* a commit */
	const char *start_name;		/* as the user typed it, for the reflog message */
	const char *start_ref;		/* the full ref start_name named, or NULL (for tracking) */
	int force;			/* -f: reset an existing branch (not the checked-out one) */
	enum sgit_branch_track track;
	const char *committer;		/* identity line for the reflog */
	int create_reflog;		/* --create-reflog: log it whatever the config says */
};
#define SGIT_BRANCH_CREATE_OPTS_INIT { NULL, NULL, NULL, NULL, 0, SGIT_BRANCH_TRACK_CONFIG, NULL, 0 }

/*
 * Create refs/heads/<name> at start ("branch: Created from <start>" in its
 * reflog; "branch: Reset to <start>" when forced over an existing one), and
 * set up its upstream as git does (branch.<name>.remote and .merge) when
 * start_ref is a remote-tracking branch of a configured remote. *upstream
 * (may be NULL) gets the upstream's short name ("origin/main") when one was
 * set up, else is emptied. SGIT_EEXISTS "a branch named 'x' already exists",
 * SGIT_EINVALID for a bad name or "cannot force update the branch 'x'
 * checked out at '<path>'".
 */
int sgit_branch_create(struct sgit_buf *upstream, struct sgit_repo *repo,
		       const struct sgit_branch_create_opts *opts);

/*
 * Delete the ref full_name (refs/heads/x or refs/remotes/o/x) if it still
 * has the value was, its reflog, and for a local branch its configuration
 * section branch.<x>.
 */
int sgit_branch_delete(struct sgit_repo *repo, const char *full_name, const struct sgit_oid *was);

/*
 * Rename branch old_name to new_name (short names): the ref, its reflog
 * (with git's "Branch: renamed ..." entry), its configuration section, and
 * HEAD when it pointed at it. An unborn current branch is renamed by
 * pointing HEAD at the new name. SGIT_ENOTFOUND "No branch named 'x'.",
 * SGIT_EEXISTS "a branch named 'x' already exists" without force.
 */
int sgit_branch_rename(struct sgit_repo *repo, const char *old_name, const char *new_name,
		       int force, const char *committer);

/*
 * The upstream of local branch name (branch.<name>.remote and .merge mapped
 * through the remote's fetch refspecs): its full ref name into out, or out
 * emptied when none is configured. With remote ".", the merge ref itself.
 */
int sgit_branch_upstream(struct sgit_buf *out, struct sgit_repo *repo, const char *name);

/*
 * What git shows instead of a branch name when HEAD is detached, from HEAD's
 * reflog: "(HEAD detached at v1.0)", "(HEAD detached from 1a2b3c4)", or
 * "(no branch)".
 */
int sgit_branch_head_description(struct sgit_buf *out, struct sgit_repo *repo);

#pragma GCC visibility pop
#endif
