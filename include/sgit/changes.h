/* include/sgit/changes.h: which paths differ between trees, the index and the work tree */
#ifndef SGIT_CHANGES_H
#define SGIT_CHANGES_H

#include <stddef.h>
#include "errors.h"
#include "ignore.h"
#include "index.h"
#include "oid.h"
#include "pathspec.h"
#include "repo.h"

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

/* The letters are git's (diff --name-status, status -s). */
enum sgit_change_status {
	SGIT_CHANGE_ADDED = 'A',
	SGIT_CHANGE_DELETED = 'D',
	SGIT_CHANGE_MODIFIED = 'M',
	SGIT_CHANGE_TYPE = 'T',		/* file, symlink or submodule became another of them */
	SGIT_CHANGE_UNMERGED = 'U',	/* the index holds conflict stages for the path */
	SGIT_CHANGE_UNTRACKED = '?',
	SGIT_CHANGE_IGNORED = '!',
};

/* Which conflict stages an unmerged path has (git's "stage mask"). */
#define SGIT_CHANGE_STAGE(n) (1u << ((n) - 1))	/* n: 1 base, 2 ours, 3 theirs */

/*
 * One changed path. A side that does not have the path has mode 0 and a
 * zero id. On the work-tree side the id is known only when the file was
 * hashed (new_id_known); the mode is always filled in.
 */
struct sgit_change {
	char *path;		/* from the top; an untracked or ignored folder ends with '/' */
	size_t path_len;
	char status;		/* enum sgit_change_status */
	unsigned int old_mode, new_mode;
	struct sgit_oid old_id, new_id;
	int new_id_known;
	unsigned int stages;	/* SGIT_CHANGE_UNMERGED: SGIT_CHANGE_STAGE() bits */
};

/*
 * A list in git's order: bytewise by path, folders compared with their final
 * '/'. Caller-owned: SGIT_CHANGES_INIT, filled (replaced) by the functions
 * below, freed by _release.
 */
struct sgit_changes {
	struct sgit_change *items;
	size_t nr, alloc;
};
#define SGIT_CHANGES_INIT { NULL, 0, 0 }
/* Free the entries and their paths; list is empty and usable again. */
void sgit_changes_release(struct sgit_changes *list);
/* The entry for path, or NULL (binary search). */
const struct sgit_change *sgit_changes_find(const struct sgit_changes *list, const char *path);

/*
 * Two trees (either id may be NULL: the empty tree), recursively; subtrees
 * with equal ids are not read. A file replaced by a folder of the same name
 * is a deletion and additions. Only paths ps selects (NULL: all).
 */
int sgit_changes_tree_tree(struct sgit_changes *out, struct sgit_repo *repo,
			   const struct sgit_oid *old_tree, const struct sgit_oid *new_tree,
			   const struct sgit_pathspec *ps);

/*
 * A tree (NULL: none, an unborn HEAD) against the stage 0 entries of idx
 * (git diff --cached). An unmerged path is listed once, as
 * SGIT_CHANGE_UNMERGED with its stages, the tree's side as old. Entries
 * added with intent to add are left out.
 */
int sgit_changes_tree_index(struct sgit_changes *out, struct sgit_repo *repo,
			    const struct sgit_oid *tree, const struct sgit_index *idx,
			    const struct sgit_pathspec *ps);

enum sgit_changes_flag {
	/*
	 * Entries found unchanged although their stat data differs get the
	 * new stat data (in memory), as git refreshes the index; write idx
	 * afterwards when *refreshed says so.
	 */
	SGIT_CHANGES_REFRESH = 1,
};

/*
 * The stage 0 entries of idx against the work tree (git diff-files): stat
 * data first, the content hashed only when stat data cannot tell (racy or
 * zeroed entries), as sgit_index_entry_modified decides. A missing file, or
 * one reached through a symlinked folder, or a folder in its place, is
 * SGIT_CHANGE_DELETED; a file that became a symlink or the reverse is
 * SGIT_CHANGE_TYPE; an intent-to-add entry is SGIT_CHANGE_ADDED. Unmerged
 * paths are listed once as SGIT_CHANGE_UNMERGED. refreshed (may be NULL)
 * gets 1 when writing idx would record something new: refreshed stat data
 * (with SGIT_CHANGES_REFRESH), or entries too recent to be trusted.
 */
int sgit_changes_index_worktree(struct sgit_changes *out, int *refreshed, struct sgit_index *idx,
				const struct sgit_pathspec *ps, unsigned int flags);

enum sgit_untracked_mode {
	SGIT_UNTRACKED_NO = 0,		/* -uno: nothing */
	SGIT_UNTRACKED_NORMAL = 1,	/* a folder without tracked files is one "dir/" entry */
	SGIT_UNTRACKED_ALL = 2,		/* -uall: every file */
};

struct sgit_untracked_options {
	enum sgit_untracked_mode mode;
	int want_ignored;		/* list ignored paths too (status --ignored) */
	const struct sgit_pathspec *pathspec;	/* NULL: everything */
	struct sgit_ignore *ignore;	/* NULL: one made for the repository, without warnings */
};
#define SGIT_UNTRACKED_OPTIONS_INIT { SGIT_UNTRACKED_NORMAL, 0, NULL, NULL }

/*
 * Walk the work tree for paths idx does not know: untracked gets them as
 * SGIT_CHANGE_UNTRACKED, ignored (may be NULL unless want_ignored) as
 * SGIT_CHANGE_IGNORED, ignored folders as one "dir/" entry. ".git" is
 * skipped at every depth; a folder holding a repository of its own is one
 * "dir/" entry even with SGIT_UNTRACKED_ALL, as git shows it; empty
 * folders are not listed. Each folder is read once and entries are lstat'ed
 * only when readdir does not give their type.
 */
int sgit_changes_untracked(struct sgit_changes *untracked, struct sgit_changes *ignored,
			   struct sgit_repo *repo, const struct sgit_index *idx,
			   const struct sgit_untracked_options *opts);

#pragma GCC visibility pop
#endif
