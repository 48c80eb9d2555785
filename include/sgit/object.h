/* include/sgit/object.h: object types and their names */
#ifndef SGIT_OBJECT_H
#define SGIT_OBJECT_H

#include <stddef.h>
#include "oid.h"

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

/* The numbers are the pack format's type codes. */
enum sgit_object_type {
	SGIT_OBJ_BAD = -1,
	SGIT_OBJ_NONE = 0,
	SGIT_OBJ_COMMIT = 1,
	SGIT_OBJ_TREE = 2,
	SGIT_OBJ_BLOB = 3,
	SGIT_OBJ_TAG = 4,
	SGIT_OBJ_OFS_DELTA = 6,
	SGIT_OBJ_REF_DELTA = 7,
};

/* "commit", "tree", "blob", "tag"; NULL for anything else. */
const char *sgit_object_type_name(enum sgit_object_type type);
/* SGIT_OBJ_BAD unless name[0..len) is exactly one of the four names. */
enum sgit_object_type sgit_object_type_from_name(const char *name, size_t len);

/*
 * The id of an object of this type and content: SHA-1 of "<type> <len>\0"
 * followed by the data. 0, or SGIT_ENOMEM / SGIT_EINVALID (bad type).
 */
int sgit_object_hash(struct sgit_oid *out, enum sgit_object_type type,
		     const void *data, size_t len);
/*
 * Check that data is a well-formed object of type, as git does before it
 * hashes anything but a blob (hash-object without --literally): commits, trees
 * and tags must parse. SGIT_ECORRUPT with a message saying what is wrong.
 */
struct sgit_error;
int sgit_object_check(enum sgit_object_type type, const void *data, size_t len,
		      struct sgit_error *err);
/*
 * One step from an object towards an object of type want, as git's
 * "cat-file <type>" follows references: a tag to the object it names, a
 * commit to its tree (when want is a tree). SGIT_ENOTFOUND when there is no
 * step to take.
 */
int sgit_object_peel_step(struct sgit_oid *next, enum sgit_object_type type,
			  enum sgit_object_type want, const void *data, size_t len);
/* Write the loose-object header "<type> <len>" plus NUL into hdr; returns its length incl. NUL. */
size_t sgit_object_header(char *hdr, size_t hdrsz, const char *type_name, size_t len);

#pragma GCC visibility pop
#endif
