/* include/sgit/checkout.h: move the index and the work tree to a tree; restore paths */
#ifndef SGIT_CHECKOUT_H
#define SGIT_CHECKOUT_H

#include <stddef.h>
#include "errors.h"
#include "index.h"
#include "oid.h"
#include "repo.h"

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

/*
 * Why a path stops a switch, in the order git reports the groups (each
 * group is one "error:" message listing its paths).
 */
enum sgit_checkout_reject {
	SGIT_CHECKOUT_LOCAL_CHANGES,		/* the index differs from the old tree there */
	SGIT_CHECKOUT_NOT_UPTODATE,		/* the work tree file differs from the index */
	SGIT_CHECKOUT_UNTRACKED_DIR,		/* a folder in the way holds untracked files */
	SGIT_CHECKOUT_UNTRACKED_OVERWRITTEN,	/* an untracked file would be overwritten */
	SGIT_CHECKOUT_UNTRACKED_REMOVED,	/* an untracked file would be removed */
	SGIT_CHECKOUT_NREJECT
};

/* A list of paths (from the top of the work tree), each owned by the list. */
struct sgit_checkout_pathlist {
	char **paths;
	size_t count, alloc;
};

/* What a checkout did or refused. Caller-owned: SGIT_CHECKOUT_REPORT_INIT, then _release. */
struct sgit_checkout_report {
	struct sgit_checkout_pathlist rejected[SGIT_CHECKOUT_NREJECT];
	struct sgit_checkout_pathlist unmerged;	/* paths checkout from the index refused */
	struct sgit_checkout_pathlist invalid;	/* source paths a path checkout skipped: git refuses them */
	size_t written;				/* work tree files written */
	size_t removed;				/* work tree files removed */
};
#define SGIT_CHECKOUT_REPORT_INIT { { { NULL, 0, 0 } }, { NULL, 0, 0 }, { NULL, 0, 0 }, 0, 0 }
/* Free what the report holds; it is empty and usable again. */
void sgit_checkout_report_release(struct sgit_checkout_report *rep);

enum sgit_checkout_mode {
	/*
	 * Two trees (git read-tree -m -u <from> <to>): paths that differ
	 * between them are updated, local changes elsewhere are kept, and a
	 * local change or an untracked file the switch would lose refuses the
	 * whole switch before anything is touched.
	 */
	SGIT_CHECKOUT_SWITCH,
	/* The index and the work tree become <to>: local changes are lost (checkout -f, reset --hard). */
	SGIT_CHECKOUT_FORCE,
	/* The index alone becomes <to>; entries that do not change keep their stat data (reset --mixed). */
	SGIT_CHECKOUT_INDEX_ONLY,
};

/*
 * Move idx (the index of repo, opened locked by the caller, who writes it
 * afterwards) and the work tree from the tree from (NULL: empty, as on an
 * unborn branch) to the tree to (NULL: empty). Written files get their
 * blob's content and mode (symlinks as links unless core.symlinks is false),
 * folders are created as needed and removed when left empty, and the stat
 * data of written files goes into the index. Paths sgit_index_path_valid
 * refuses (".", "..", ".git" in any spelling, a linked .gitmodules) make it
 * SGIT_EINVALID "invalid path '<first>'" with every one in rep->invalid
 * (a file already standing there is listed in rep->rejected instead, as
 * git does), as does a tree with two entries of one name, before anything
 * is written. Nothing is ever written through
 * a symbolic link: a link where a folder must be is removed first.
 * SWITCH mode: SGIT_ECONFLICT when idx has unmerged entries ("you need to
 * resolve your current index first") or when rep->rejected lists paths
 * (nothing was changed). rep->written and rep->removed count files.
 */
int sgit_checkout_tree(struct sgit_checkout_report *rep, struct sgit_repo *repo, struct sgit_index *idx,
		       const struct sgit_oid *from, const struct sgit_oid *to, enum sgit_checkout_mode mode);

enum sgit_checkout_paths_flag {
	SGIT_CHECKOUT_PATHS_INDEX = 1,		/* copy the source's entries into the index */
	SGIT_CHECKOUT_PATHS_WORKTREE = 2,	/* write the work tree files */
	SGIT_CHECKOUT_PATHS_NO_OVERLAY = 4,	/* matched paths the source lacks are removed */
	SGIT_CHECKOUT_PATHS_SKIP_UNMERGED = 8,	/* from the index: leave unmerged paths alone (-f) */
};

struct sgit_checkout_paths_opts {
	const struct sgit_oid *source;	/* a tree; NULL: the index */
	/*
	 * Paths from the top of the work tree: a path matches itself and
	 * everything below it, "" matches everything, and one holding *, ? or
	 * [ is also tried as a glob over whole paths (as git's default
	 * pathspecs: '*' matches '/' too).
	 */
	const char *const *pathspec;
	size_t npathspec;
	unsigned flags;			/* enum sgit_checkout_paths_flag */
	unsigned char *matched;		/* optional, npathspec bytes: set to 1 where a pathspec matched */
};

/*
 * git checkout [<tree>] -- <paths>, restore, reset -- <paths>: copy the
 * entries matching the pathspec from the source into the index and/or the
 * work tree (a file whose work tree copy already matches is not rewritten).
 * idx is the index of repo, locked by the caller, who writes it afterwards.
 * With opts->matched, a pathspec that matches nothing (in the source or the
 * index) is SGIT_ENOTFOUND before anything is changed. From the index, an
 * unmerged matched path is SGIT_ECONFLICT with the path in rep->unmerged
 * (nothing changed) unless SKIP_UNMERGED, which lists it and leaves it.
 * From a tree, a matched path sgit_index_path_valid refuses is listed in
 * rep->invalid and skipped, the others are copied (as git does).
 */
int sgit_checkout_paths(struct sgit_checkout_report *rep, struct sgit_repo *repo, struct sgit_index *idx,
			const struct sgit_checkout_paths_opts *opts);

/*
 * Forget a merge, cherry-pick or revert in progress: MERGE_HEAD, MERGE_MSG,
 * MERGE_MODE, MERGE_RR, AUTO_MERGE, SQUASH_MSG, CHERRY_PICK_HEAD and
 * REVERT_HEAD are removed from the git dir, as git reset does.
 */
int sgit_checkout_clear_branch_state(struct sgit_repo *repo);

#pragma GCC visibility pop
#endif
