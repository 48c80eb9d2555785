/* porcelain/worktree/worktree_int.h: what worktree_*.c share: path lists, work-tree paths, pathspec items */
#ifndef SGIT_PORCELAIN_WORKTREE_INT_H
#define SGIT_PORCELAIN_WORKTREE_INT_H

#include <stddef.h>
#include "sgit/buf.h"
#include "sgit/errors.h"
#include "sgit/pathspec.h"
#include "sgit/worktree_ops.h"

/* A growable list of owned strings. Zero-initialised, then _clear. */
struct wt_list {
	char **items;
	size_t nr, alloc;
};
#define WT_LIST_INIT { NULL, 0, 0 }

/* Append a copy of s (len bytes). SGIT_ENOMEM with a message in err. */
int sgit_worktree__push(struct wt_list *l, const char *s, size_t len, struct sgit_error *err);
void sgit_worktree__clear(struct wt_list *l);
/* Sort bytewise and drop duplicates. */
void sgit_worktree__sort_uniq(struct wt_list *l);
/* Hand the strings over to *items / *nr (the list is left empty). */
void sgit_worktree__detach(struct wt_list *l, char ***items, size_t *nr);
void sgit_worktree__free_strings(char **items, size_t nr);

/* out = "<work tree>/<path>". SGIT_ENOMEM. */
int sgit_worktree__full(struct sgit_buf *out, const char *wt, const char *path, size_t len,
			struct sgit_error *err);

/* How item i of ps alone matches path (a folder with its final '/'). */
enum sgit_pathspec_match sgit_worktree__item_match(const struct sgit_pathspec *ps, size_t i,
						   const char *path, size_t len);

/*
 * 1 when a folder above path (from the top, not path itself) is a
 * symlink, or cannot be looked at: the file is not in the work tree.
 * cache (caller-owned, may be empty) remembers the last folder found real.
 */
int sgit_worktree__beyond_symlink(struct sgit_buf *cache, const char *wt, const char *path);

#endif
