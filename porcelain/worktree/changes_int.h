/* porcelain/worktree/changes_int.h: what changes*.c share */
#ifndef SGIT_PORCELAIN_CHANGES_INT_H
#define SGIT_PORCELAIN_CHANGES_INT_H

#include <sys/stat.h>
#include "sgit/changes.h"

/* Trees nested deeper than this are refused rather than recursed into. */
#define CHANGES_MAX_DEPTH 4096

/* Append an entry for path (copied) with status; the rest zeroed. NULL when out of memory. */
struct sgit_change *sgit_changes__push(struct sgit_changes *l, const char *path, size_t len,
				       char status);
/* Empty l, keeping nothing. */
void sgit_changes__clear(struct sgit_changes *l);
/* Sort l in git's order (used where entries arrive out of order). */
void sgit_changes__sort(struct sgit_changes *l);
/* The stage bits of the conflict entries of the path at pos and the position after them. */
unsigned int sgit_changes__stages(const struct sgit_index *idx, size_t pos, size_t *end);
/* Bytewise order of two paths, the shorter first on a tie. */
int sgit_changes__pathcmp(const char *a, size_t alen, const char *b, size_t blen);

/*
 * lstat of index entries in the work tree, folder by folder: the folder of
 * the entries being looked at is kept open so that each lstat resolves one
 * name, not the whole path. Entries below a folder that is gone or is a
 * symlink (or below a symlinked folder) are gone, as for git.
 * Caller-owned: sgit_changes__lstat_init, then _release.
 */
struct changes_lstat {
	int topfd;			/* the top of the work tree (not owned) */
	int dirfd;			/* the open folder; -1: gone; -2: none yet */
	struct sgit_buf dir;		/* its path from the top */
	struct sgit_buf good_dir;	/* the last folder opened: its folders are all real */
	struct sgit_buf tmp;
	struct sgit_error *err;
};
void sgit_changes__lstat_init(struct changes_lstat *s, int topfd, struct sgit_error *err);
void sgit_changes__lstat_release(struct changes_lstat *s);
/* lstat the work tree file of e into st: 1 when there, 0 when gone, < 0 on error. */
int sgit_changes__lstat(struct changes_lstat *s, const struct sgit_index_entry *e, struct stat *st);

/*
 * Look at the stage 0 entries of idx that ps selects on several threads,
 * as git's preloading does, and give in *clean (one byte per entry,
 * free() it) 1 for those whose stat data matches and is not racy: nothing
 * more needs to be done for them. *clean is NULL when the index is too
 * small to be worth it.
 */
int sgit_changes__preload(unsigned char **clean, const struct sgit_index *idx, int topfd,
			  const struct sgit_pathspec *ps);

#endif
