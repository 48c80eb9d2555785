/* include/sgit/status.h: what git status reports, collected, and written out in git's formats */
#ifndef SGIT_STATUS_H
#define SGIT_STATUS_H

#include "buf.h"
#include "changes.h"
#include "errors.h"
#include "pathspec.h"
#include "repo.h"

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

/* One path that differs somewhere: against HEAD (staged) and/or in the work tree. */
struct sgit_status_item {
	char *path;		/* from the top */
	size_t path_len;
	char index_status;	/* 0 (same as HEAD) or A D M T U */
	char worktree_status;	/* 0 (same as the index) or A D M T U */
	unsigned int stages;	/* unmerged: SGIT_CHANGE_STAGE() bits, else 0 */
};

/* Caller-owned: SGIT_STATUS_INIT, filled by sgit_status_collect, freed by _release. */
struct sgit_status {
	struct sgit_status_item *items;	/* bytewise order of path */
	size_t nr, alloc;
	struct sgit_changes untracked;	/* "dir/" for a folder listed whole */
	struct sgit_changes ignored;	/* only when asked for */
	enum sgit_untracked_mode untracked_mode;
	int show_ignored;
	struct sgit_buf branch;		/* "refs/heads/x" (born or not), or "HEAD" when detached */
	/* detached: "HEAD detached at v1.0", "HEAD detached from 1a2b3c4" or "Not currently on any branch." */
	struct sgit_buf detached;
	int initial;			/* no commit yet on the branch */
	/* the branch's upstream (branch.<x>.merge), when configured and HEAD is born */
	struct sgit_buf upstream;	/* its short name ("origin/main"), empty: none */
	int upstream_gone;		/* configured, but the ref does not exist */
	size_t ahead, behind;		/* commits on one side only */
	int merging;			/* MERGE_HEAD exists */
	int committable;		/* git's verdict: something to commit */
	int workdir_dirty;		/* the work tree differs from the index */
};
#define SGIT_STATUS_INIT { NULL, 0, 0, SGIT_CHANGES_INIT, SGIT_CHANGES_INIT, SGIT_UNTRACKED_NORMAL, \
			   0, SGIT_BUF_INIT, SGIT_BUF_INIT, 0, SGIT_BUF_INIT, 0, 0, 0, 0, 0, 0 }
/* Free what st holds; it is empty and usable again. */
void sgit_status_release(struct sgit_status *st);

struct sgit_status_options {
	enum sgit_untracked_mode untracked;
	int ignored;				/* --ignored */
	const struct sgit_pathspec *pathspec;	/* NULL: everything */
	/*
	 * Write refreshed stat data back into the index, as git status does
	 * when it can: the index is read under its lock, and when the lock is
	 * held by someone else nothing is written and nothing is said.
	 */
	int write_index;
	struct sgit_ignore *ignore;		/* NULL: the repository's rules, without warnings */
};
#define SGIT_STATUS_OPTIONS_INIT { SGIT_UNTRACKED_NORMAL, 0, NULL, 1, NULL }

/* Compare HEAD, the index and the work tree of repo (which must have one). */
int sgit_status_collect(struct sgit_status *out, struct sgit_repo *repo,
			const struct sgit_status_options *opts);

/*
 * The same over an index the caller holds (commit: locked, maybe changed
 * in memory; it is neither written nor refreshed on disk). With base_given,
 * the staged changes are those against base_tree (NULL: the empty tree)
 * rather than HEAD's tree (commit --amend judges against the parent);
 * the branch and "initial" still come from HEAD. opts->write_index is not
 * used.
 */
int sgit_status_collect_index(struct sgit_status *out, struct sgit_repo *repo,
			      struct sgit_index *idx, const struct sgit_oid *base_tree, int base_given,
			      const struct sgit_status_options *opts);

/* How sgit_status_format_* write paths and lines. */
struct sgit_status_format {
	const char *prefix;	/* paths relative to this folder ("a/b/"); NULL or "": from the top */
	int quote_high;		/* core.quotePath: quote bytes >= 0x80 */
	int hints;		/* advice.statusHints: the "(use ...)" lines */
	int nul;		/* -z: NUL-terminated entries, paths from the top and unquoted */
	int branch;		/* short format: the "## branch" line first */
	int template;		/* commit message template: "# " before lines, "Initial commit", no verdict */
};
#define SGIT_STATUS_FORMAT_INIT { NULL, 1, 1, 0, 0, 0 }

/* Append git status's long format. */
int sgit_status_format_long(struct sgit_buf *out, const struct sgit_status *st,
			    const struct sgit_status_format *f);
/* Append the short format (status -s); --porcelain is the same with no prefix. */
int sgit_status_format_short(struct sgit_buf *out, const struct sgit_status *st,
			     const struct sgit_status_format *f);

#pragma GCC visibility pop
#endif
