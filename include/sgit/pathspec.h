/* include/sgit/pathspec.h: which paths a command's path arguments select (plain paths and globs) */
#ifndef SGIT_PATHSPEC_H
#define SGIT_PATHSPEC_H

#include <stddef.h>

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

/*
 * Items are paths from the top of the work tree, as the command line gives
 * them once the current folder is applied ("" for the top, "a/" for a
 * folder). An item selects itself and everything below it; an item with
 * glob characters ('*', '?', '[', '\') selects what it matches, where '*'
 * also matches '/' (git's default pathspec globbing). No items: everything.
 * Caller-owned: SGIT_PATHSPEC_INIT, _init, _release.
 */
struct sgit_pathspec {
	char **items;
	size_t *nowild;		/* per item: bytes before the first glob character */
	size_t nr;
};
#define SGIT_PATHSPEC_INIT { NULL, NULL, 0 }

/* How a path is selected; the best over every item (git's order of strength). */
enum sgit_pathspec_match {
	SGIT_PATHSPEC_NONE = 0,
	SGIT_PATHSPEC_BELOW = 1,	/* the path is below an item (or there are no items) */
	SGIT_PATHSPEC_LEADING = 2,	/* a folder on the way to an item: only some of it is selected */
	SGIT_PATHSPEC_GLOB = 3,		/* a glob item matches the path */
	SGIT_PATHSPEC_EXACT = 4,	/* an item names the path */
};

/* Copy n items. 0, or SGIT_ENOMEM (ps then empty). */
int sgit_pathspec_init(struct sgit_pathspec *ps, const char *const *items, size_t n);
void sgit_pathspec_release(struct sgit_pathspec *ps);
/*
 * Match path (len bytes, NUL after them; a folder given with a final '/'). Folders may get
 * SGIT_PATHSPEC_LEADING; files never do. ps may be NULL (everything).
 */
enum sgit_pathspec_match sgit_pathspec_match(const struct sgit_pathspec *ps, const char *path,
					     size_t len);
/* 1 when path (a file, or a folder with its final '/') is selected as a whole. */
int sgit_pathspec_selects(const struct sgit_pathspec *ps, const char *path, size_t len);

#pragma GCC visibility pop
#endif
