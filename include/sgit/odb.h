/* include/sgit/odb.h: the object database, front door to loose objects, packs and alternates */
#ifndef SGIT_ODB_H
#define SGIT_ODB_H

#include <stddef.h>
#include "buf.h"
#include "errors.h"
#include "object.h"
#include "oid.h"

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

struct sgit_odb;

struct sgit_odb_options {
	int compression;	/* zlib level for loose objects, -1 = git's default (1) */
};
#define SGIT_ODB_OPTIONS_INIT { -1 }

/*
 * Open the object store in objects_dir (the "objects" folder of a git dir),
 * with its packs and the stores named in info/alternates (recursively, as git).
 * Errors of later calls go to err, which must outlive the odb.
 * Free with sgit_odb_free().
 */
int sgit_odb_open(struct sgit_odb **out, const char *objects_dir,
		  const struct sgit_odb_options *opts, struct sgit_error *err);
void sgit_odb_free(struct sgit_odb *odb);
/* The objects folder the store was opened on, owned by odb. */
const char *sgit_odb_path(const struct sgit_odb *odb);
/* Add another object folder to search (GIT_ALTERNATE_OBJECT_DIRECTORIES). */
int sgit_odb_add_alternate(struct sgit_odb *odb, const char *objects_dir);

/* Replace out with the object's content; *type gets its type. SGIT_ENOTFOUND, SGIT_ECORRUPT... */
int sgit_odb_read(struct sgit_buf *out, enum sgit_object_type *type,
		  struct sgit_odb *odb, const struct sgit_oid *id);
/* Type and size without inflating the whole object where the format allows. */
int sgit_odb_read_header(size_t *size, enum sgit_object_type *type,
			 struct sgit_odb *odb, const struct sgit_oid *id);
/*
 * A piece of an object's content, in order: return 0 to go on, anything
 * else to stop (sgit_odb_stream then returns it).
 */
typedef int (*sgit_odb_stream_cb)(const void *data, size_t len, void *payload);
/*
 * Hand the content of id to cb in pieces, without holding it whole where
 * the storage allows: a loose object, or a packed one stored whole (not as
 * a delta), which is how git stores blobs above core.bigFileThreshold.
 * Other objects are read whole, then handed over in one piece. *type and
 * *size are set before the first piece. The content gets the checks of
 * sgit_odb_read; a flaw found after some pieces went out is still returned
 * as an error (SGIT_ECORRUPT), so a caller that writes as it goes must be
 * ready to undo. SGIT_ENOTFOUND when there is no such object.
 */
int sgit_odb_stream(enum sgit_object_type *type, size_t *size, struct sgit_odb *odb,
		    const struct sgit_oid *id, sgit_odb_stream_cb cb, void *payload);
/* 1 when the object is there, 0 when not. Never fails. */
int sgit_odb_exists(struct sgit_odb *odb, const struct sgit_oid *id);

/*
 * Store an object as a loose object (temp file, then link/rename); when it is
 * already there, nothing is written. *out gets its id.
 */
int sgit_odb_write(struct sgit_oid *out, struct sgit_odb *odb,
		   enum sgit_object_type type, const void *data, size_t len);

/*
 * Like sgit_odb_write, for len bytes of the regular file fd from its offset:
 * read once to hash and, when the object is new, once more to deflate, so
 * that a big file never sits in memory whole. Fails (nothing stored) when
 * the file changes in between. SGIT_EINVALID when fd cannot seek (a pipe:
 * read it into memory and use sgit_odb_write).
 */
int sgit_odb_write_fd(struct sgit_oid *out, struct sgit_odb *odb,
		      enum sgit_object_type type, int fd, size_t len);
/* The id sgit_odb_write_fd would give, without storing anything. */
int sgit_odb_hash_fd(struct sgit_oid *out, struct sgit_odb *odb,
		     enum sgit_object_type type, int fd, size_t len);

/*
 * Resolve an abbreviated id (hex prefix of at least 4 digits, up to 40) over
 * loose and packed objects of every store. SGIT_ENOTFOUND, or SGIT_EAMBIGUOUS
 * with a message naming the prefix; SGIT_EINVALID for a non-hex prefix.
 */
int sgit_odb_resolve_prefix(struct sgit_oid *out, struct sgit_odb *odb,
			    const char *hex, size_t len);
/*
 * Call cb once for each distinct object whose id starts with the hex prefix
 * (4 to 40 digits), in id order: the candidates of an ambiguous prefix.
 * Errors as sgit_odb_resolve_prefix; finding nothing is not an error. A
 * non-zero return from cb stops and is returned.
 */
int sgit_odb_foreach_prefix(struct sgit_odb *odb, const char *hex, size_t len,
			    int (*cb)(const struct sgit_oid *id, void *payload), void *payload);
/*
 * The shortest unique abbreviation of id with at least min_len digits (and
 * never fewer than 4), as git computes it for --short (id need not exist).
 * Writes hex + NUL into out. As git, it lists each objects/xx folder once
 * and keeps the listing (the odb's own writes join it): loose objects other
 * processes add are seen after sgit_odb_refresh().
 */
int sgit_odb_shortest_unique(char out[SGIT_OID_HEXSZ + 1], struct sgit_odb *odb,
			     const struct sgit_oid *id, size_t min_len);

/*
 * Call cb for every object in every store (loose and packed; an id may be
 * seen more than once). A non-zero return from cb stops and is returned.
 */
typedef int (*sgit_odb_foreach_cb)(const struct sgit_oid *id, void *payload);
int sgit_odb_foreach(struct sgit_odb *odb, sgit_odb_foreach_cb cb, void *payload);

/* How many objects the packs of every store hold (loose ones are not counted, as git's estimate). */
size_t sgit_odb_packed_count(struct sgit_odb *odb);
/* The abbreviation length git picks for core.abbrev=auto from that count (at least 7). */
size_t sgit_odb_default_abbrev(struct sgit_odb *odb);

/* Drop cached pack lists and loose folder listings so that new objects are seen (after a fetch). */
void sgit_odb_refresh(struct sgit_odb *odb);

#pragma GCC visibility pop
#endif
