/* porcelain/checkout/checkout_int.h: what checkout*.c share: tree walks and the work tree writer */
#ifndef SGIT_PORCELAIN_CHECKOUT_INT_H
#define SGIT_PORCELAIN_CHECKOUT_INT_H

#include <sys/stat.h>
#include "sgit/checkout.h"
#include "sgit/odb.h"

/* ---- checkout_diff.c: trees flattened and compared ---- */

/* One path where two trees differ: a leaf (blob, symlink or gitlink) on either side. */
struct co_item {
	char *path;
	size_t len;
	unsigned int omode, nmode;	/* 0: not in that tree */
	struct sgit_oid oid, nid;
};

struct co_list {
	struct co_item *items;
	size_t count, alloc;
};
void sgit_checkout__list_free(struct co_list *l);
/* Room for one more item. SGIT_ENOMEM (no message). */
int sgit_checkout__list_grow(struct co_list *l);
/* Sort by path, bytewise. */
void sgit_checkout__list_sort(struct co_list *l);

/*
 * The leaves that differ between trees a and b (either NULL: empty),
 * sorted by path bytewise (index order). Subtrees with the same id are not
 * read. Every path listed is checked (sgit_index_path_valid); a
 * bad one is SGIT_EINVALID "invalid path '<path>'", two entries of one name
 * in a tree SGIT_ECORRUPT.
 */
int sgit_checkout__diff_trees(struct co_list *out, struct sgit_repo *repo, const struct sgit_oid *a,
			      const struct sgit_oid *b);
/* The same, but invalid paths are appended to *invalid and left out instead of failing. */
int sgit_checkout__diff_trees_skip(struct co_list *out, struct sgit_checkout_pathlist *invalid,
				   struct sgit_repo *repo, const struct sgit_oid *a, const struct sgit_oid *b);
/* The item for path (len bytes) in a sorted list, or NULL. */
struct co_item *sgit_checkout__list_find(const struct co_list *l, const char *path, size_t len);

/* Append a copy of path to a path list. */
int sgit_checkout__pathlist_add(struct sgit_checkout_pathlist *l, const char *path, size_t len);

/* ---- checkout_wt.c: the work tree, never through a symbolic link ---- */

struct co_wt {
	struct sgit_repo *repo;
	struct sgit_error *err;
	int root_fd;			/* the top of the work tree */
	int dir_fd;			/* the folder last walked to, or -1 */
	struct sgit_buf dir;		/* its path from the top ("" for the top) */
	const char *keep;		/* the current folder from the top ("a/b/"): never removed */
	int symlinks;			/* core.symlinks */
	unsigned int protect;		/* sgit_index_path_protection: what wt_write refuses */
};

int sgit_checkout__wt_open(struct co_wt *wt, struct sgit_repo *repo);
void sgit_checkout__wt_close(struct co_wt *wt);
/*
 * lstat the work tree file path without following a link on the way: 0
 * with *st, 1 when nothing is there (or a leading part is not a real
 * folder), < 0 on error.
 */
int sgit_checkout__wt_lstat(struct co_wt *wt, const char *path, size_t len, struct stat *st);
/* The length of the first leading part of path that exists and is not a real folder, or 0. */
size_t sgit_checkout__wt_leading_nondir(struct co_wt *wt, const char *path, size_t len);
/*
 * Replace whatever is at path with a blob's content (mode 100644, 100755,
 * 120000, or 160000: an empty folder): leading parts that are not real
 * folders are removed and folders created. *st gets the result's lstat data.
 * A path sgit_index_path_valid refuses is SGIT_EINVALID, nothing written.
 */
int sgit_checkout__wt_write(struct co_wt *wt, const char *path, size_t len, unsigned int mode,
			    const void *data, size_t size, struct stat *st);
/*
 * The same for a regular file whose content is streamed from the blob id
 * (one above core.bigFileThreshold): never held whole; a blob found
 * damaged part way leaves no file behind.
 */
int sgit_checkout__wt_write_stream(struct co_wt *wt, const char *path, size_t len, unsigned int mode,
				   const struct sgit_oid *id, struct stat *st);
/*
 * Remove the file at path (nothing there is fine) and the folders it leaves
 * empty. 1 when removed; a path sgit_index_path_valid refuses is SGIT_EINVALID.
 */
int sgit_checkout__wt_remove(struct co_wt *wt, const char *path, size_t len);
/*
 * Call cb for every file (not folder) below the folder path, as a path from
 * the top; links are not followed. A non-zero return from cb stops and is
 * returned.
 */
int sgit_checkout__wt_walk(struct co_wt *wt, const char *path, size_t len,
			   int (*cb)(const char *path, size_t len, int is_dir, void *payload), void *payload);

/* ---- checkout.c ---- */
/*
 * Write one entry's blob at its path through wt and record the stat data
 * in a copy added to idx (replacing what is in the way).
 */
int sgit_checkout__write_entry(struct co_wt *wt, struct sgit_index *idx, const char *path, size_t len,
			       unsigned int mode, const struct sgit_oid *id);
enum co_state { CO_SAME, CO_CHANGED, CO_MISSING };
/* The work tree file of e against e: enum co_state, or < 0 on error. */
int sgit_checkout__entry_state(struct co_wt *wt, struct sgit_index *idx, const struct sgit_index_entry *e);

#endif
