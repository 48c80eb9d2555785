/* include/sgit/tree.h: tree objects: parse, iterate, sort and write */
#ifndef SGIT_TREE_H
#define SGIT_TREE_H

#include <stddef.h>
#include "buf.h"
#include "errors.h"
#include "oid.h"

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

/* The modes git writes in trees (octal). */
enum sgit_filemode {
	SGIT_FILEMODE_TREE = 0040000,		/* written "40000" */
	SGIT_FILEMODE_BLOB = 0100644,
	SGIT_FILEMODE_BLOB_EXECUTABLE = 0100755,
	SGIT_FILEMODE_LINK = 0120000,
	SGIT_FILEMODE_COMMIT = 0160000,		/* a submodule (gitlink) */
};

/*
 * One entry "<octal mode> SP <name> NUL <20-byte id>". From a parser, name
 * borrows from the tree's bytes (NUL-terminated there); as input to
 * sgit_tree_write only mode, name, name_len and id are read.
 */
struct sgit_tree_entry {
	unsigned int mode;	/* normalised with sgit_tree_mode_normalize(), as git reads it */
	unsigned int raw_mode;	/* as written in the object ("100664", "040000" are seen in old trees) */
	const char *name;
	size_t name_len;
	struct sgit_oid id;
};

/*
 * The mode git uses for any mode read from a tree or the file system:
 * regular files become 100644 or 100755 (by the owner's execute bit),
 * symlinks 120000, folders 40000, and anything else 160000.
 */
unsigned int sgit_tree_mode_normalize(unsigned int mode);
/* 1 when mode (normalised) is a folder. */
int sgit_tree_mode_is_tree(unsigned int mode);

/*
 * git's order of tree entries: bytewise by name, where a folder's name
 * compares as if it ended with '/' ("a.b" < "a/" as a folder, "a" as a file
 * < "a.b"). <0, 0, >0.
 */
int sgit_tree_entry_cmp(const char *a, size_t alen, unsigned int amode,
			const char *b, size_t blen, unsigned int bmode);

/* Walk a tree's bytes without copying. Caller-owned; set up with _init. */
struct sgit_tree_iter {
	const unsigned char *buf;
	size_t len;
	size_t pos;
};
/* Start it at the first entry of the tree object buf (borrowed: it must outlive it). */
void sgit_tree_iter_init(struct sgit_tree_iter *it, const void *buf, size_t len);
/*
 * Fill *entry with the next entry: 1, or 0 at the end. SGIT_ECORRUPT for a
 * mode that is not octal digits (or too big), an empty name, a name that is
 * "." or ".." or holds '/', or an entry cut short; the iterator then stays at
 * the bad entry.
 */
int sgit_tree_iter_next(struct sgit_tree_entry *entry, struct sgit_tree_iter *it,
			struct sgit_error *err);

/* A parsed tree; owns a copy of the object's bytes. Free with sgit_tree_free(). */
struct sgit_tree;

/* Parse a whole tree (every entry checked as by the iterator). *out is NULL on failure. */
int sgit_tree_parse(struct sgit_tree **out, const void *data, size_t len, struct sgit_error *err);
/* Free tree and the entries it lent; NULL is allowed. */
void sgit_tree_free(struct sgit_tree *tree);
/* How many entries the tree holds. */
size_t sgit_tree_count(const struct sgit_tree *tree);
/* The i-th entry in the object's order, or NULL; borrowed from the tree. */
const struct sgit_tree_entry *sgit_tree_entry_at(const struct sgit_tree *tree, size_t i);
/* The entry called name (len bytes), or NULL. */
const struct sgit_tree_entry *sgit_tree_find(const struct sgit_tree *tree, const char *name,
					     size_t len);

/*
 * Replace out with the canonical bytes of a tree holding these entries (in
 * any order; entries is not changed): sorted by sgit_tree_entry_cmp(), modes
 * normalised and written without leading zeros. SGIT_EINVALID (with a message
 * naming the entry) for an empty name, one with '/' or NUL, "." or "..", or
 * two entries of the same name.
 */
int sgit_tree_write(struct sgit_buf *out, const struct sgit_tree_entry *entries, size_t count,
		    struct sgit_error *err);

#pragma GCC visibility pop
#endif
