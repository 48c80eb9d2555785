/* include/sgit/worktree_ops.h: add, rm and mv: the index changed from (and with) the work tree */
#ifndef SGIT_WORKTREE_OPS_H
#define SGIT_WORKTREE_OPS_H

#include <stddef.h>
#include "errors.h"
#include "ignore.h"
#include "index.h"
#include "pathspec.h"
#include "repo.h"

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

struct stat;

/*
 * The operations change an index the caller opened (locked, as git does)
 * and never write it: the caller writes it (sgit_index_write_locked) or
 * drops it. Paths are from the top of the work tree. Errors go to the
 * repository's error slot.
 */

/* What a notify callback is told about, in the order git prints it. */
enum sgit_worktree_event {
	SGIT_WORKTREE_ADD,	/* "add 'x'": a new or changed file staged */
	SGIT_WORKTREE_REMOVE,	/* "remove 'x'" (add), "rm 'x'" (rm) */
	SGIT_WORKTREE_CHECK,	/* mv -n: "Checking rename of 'x' to 'y'" */
	SGIT_WORKTREE_RENAME,	/* mv: "Renaming x to y" */
};
/* dst is NULL except for the mv events. */
typedef void (*sgit_worktree_notify_fn)(enum sgit_worktree_event ev, const char *path,
					const char *dst, void *payload);

/* ---- add ---- */
enum sgit_add_mode {
	SGIT_ADD_ALL = 0,	/* new, changed and deleted files (add <paths>, add -A) */
	SGIT_ADD_UPDATE = 1,	/* tracked files only: changed and deleted (add -u, commit -a) */
};

struct sgit_add_options {
	const struct sgit_pathspec *pathspec;	/* NULL or no items: the whole work tree */
	enum sgit_add_mode mode;
	int force;		/* -f: the ignore rules do not apply */
	int dry_run;		/* -n: hash but store nothing; idx is not changed */
	sgit_worktree_notify_fn notify;	/* NULL: quiet */
	void *payload;
	sgit_ignore_warn_fn warn;	/* an unreadable ignore file (NULL: quiet) */
	void *warn_payload;
};
#define SGIT_ADD_OPTIONS_INIT { NULL, SGIT_ADD_ALL, 0, 0, NULL, NULL, NULL, NULL }

/* What add found besides the files it staged. Caller-owned: SGIT_ADD_RESULT_INIT, _release. */
struct sgit_add_result {
	/*
	 * Untracked paths left out by the ignore rules although an item names
	 * them or a path below them (an ignored folder is named, not its
	 * files): git's "The following paths are ignored" list. Sorted.
	 */
	char **ignored;
	size_t nignored;
	/* The pathspec item that matched nothing and names no existing path, or -1. */
	long unmatched;
};
#define SGIT_ADD_RESULT_INIT { NULL, 0, -1 }
/* Free what res holds; it is empty and usable again. */
void sgit_add_result_release(struct sgit_add_result *res);

/*
 * git add: tracked entries the pathspec selects are brought up to date
 * (changed files hashed and stored, entries of deleted files removed),
 * then, unless SGIT_ADD_UPDATE, untracked files it selects that the ignore
 * rules do not leave out are added, in path order. An item that selects
 * nothing and names no existing path fails the call with SGIT_ENOTFOUND
 * (res->unmatched says which) before anything is changed. Blobs come from
 * the file system: regular files streamed, symlinks by their target, the
 * mode from lstat (core.fileMode honoured). A file that cannot be read
 * (vanished since it was listed, replaced...) is an error "unable to index
 * file 'x': <reason>"; idx is then partly changed: drop it.
 */
int sgit_worktree_add(struct sgit_add_result *res, struct sgit_index *idx, struct sgit_repo *repo,
		      const struct sgit_add_options *opts);

/*
 * Stage one work-tree file: path, whose lstat data is st, hashed and stored
 * (only hashed when dry_run, idx then unchanged) and entered at stage 0
 * with its stat data, replacing what was there. *same (may be NULL) gets 1
 * when the entry already had that content and mode.
 */
int sgit_worktree_stage_file(int *same, struct sgit_index *idx, struct sgit_repo *repo,
			     const char *path, const struct stat *st, int dry_run);

/* ---- rm ---- */
struct sgit_rm_options {
	const struct sgit_pathspec *pathspec;
	int cached;		/* --cached: the work tree is left alone */
	int recursive;		/* -r */
	int force;		/* -f: no safety checks */
	int dry_run;		/* -n */
	int ignore_unmatch;	/* --ignore-unmatch */
	sgit_worktree_notify_fn notify;	/* SGIT_WORKTREE_REMOVE for each path, before removing */
	void *payload;
};
#define SGIT_RM_OPTIONS_INIT { NULL, 0, 0, 0, 0, 0, NULL, NULL }

/* Why rm refused, as git sorts the paths into its three messages. Caller-owned: _INIT, _release. */
struct sgit_rm_result {
	long unmatched;		/* item matching no entry (SGIT_ENOTFOUND), or -1 */
	long not_recursive;	/* item that selects a folder while not recursive (SGIT_EINVALID), or -1 */
	char **staged_both;	/* staged content different from both the file and HEAD */
	size_t nstaged_both;
	char **staged;		/* changes staged in the index */
	size_t nstaged;
	char **local;		/* local modifications */
	size_t nlocal;
};
#define SGIT_RM_RESULT_INIT { -1, -1, NULL, 0, NULL, 0, NULL, 0 }
/* Free what res holds; it is empty and usable again. */
void sgit_rm_result_release(struct sgit_rm_result *res);

/*
 * git rm: the entries the pathspec selects leave idx and, unless cached,
 * the work tree, with the folders that become empty. Without force, a path
 * whose removal would lose content fails the call with SGIT_ECONFLICT and
 * the lists in res filled, nothing changed. Nothing selected (and
 * ignore_unmatch): 0, nothing done.
 */
int sgit_worktree_rm(struct sgit_rm_result *res, struct sgit_index *idx, struct sgit_repo *repo,
		     const struct sgit_rm_options *opts);

/* ---- mv ---- */
struct sgit_mv_options {
	int force;		/* -f: overwrite an existing file */
	int skip_errors;	/* -k: leave out sources that cannot be moved */
	int dry_run;		/* -n */
	sgit_worktree_notify_fn notify;	/* CHECK (dry run) and RENAME events */
	void *payload;
	/* -f: "overwriting 'x'" (called for every file overwritten; may be NULL) */
	void (*overwriting)(const char *dst, void *payload);
};
#define SGIT_MV_OPTIONS_INIT { 0, 0, 0, NULL, NULL, NULL }

/*
 * git mv: move each of the n sources to dsts[i] (the caller has decided
 * the destinations: "dir/<name>" when moving into a folder), in the work
 * tree and in idx; a folder moves with every entry below it. A source that
 * cannot be moved fails the call before anything moves, with git's message
 * "<reason>, source=<src>, destination=<dst>" (SGIT_EINVALID), unless
 * skip_errors. A failing rename(2) is SGIT_EOS "renaming 'x' failed: ...".
 */
int sgit_worktree_mv(struct sgit_index *idx, struct sgit_repo *repo, const char *const *srcs,
		     const char *const *dsts, size_t n, const struct sgit_mv_options *opts);

#pragma GCC visibility pop
#endif
