/* objects/loose.h: loose objects, one zlib-deflated "<type> <size>\0<content>" file per object */
#ifndef SGIT_OBJECTS_LOOSE_H
#define SGIT_OBJECTS_LOOSE_H

#include <stddef.h>
#include <sys/types.h>
#include "sgit/buf.h"
#include "sgit/errors.h"
#include "sgit/object.h"
#include "sgit/odb.h"
#include "sgit/oid.h"

/*
 * The longest header accepted: "commit " plus 20 digits plus NUL fits; a
 * header that has no NUL within this many bytes is corrupt.
 */
#define SGIT_LOOSE_HEADER_MAX 32

/*
 * Parse the inflated header "<type> <size>\0" at the start of buf[0..len).
 * The type must be one of the four names, the size decimal without leading
 * zeros (or "0") and without overflow. *hdrlen gets the header's length
 * including the NUL. SGIT_ECORRUPT with *why set to a constant reason.
 */
int sgit_loose_parse_header(enum sgit_object_type *type, size_t *size, size_t *hdrlen,
			    const unsigned char *buf, size_t len, const char **why);

/*
 * Inflate the deflated bytes of a loose object, check its header, that the
 * content has exactly the announced size and that the zlib stream ends
 * exactly at the end of zdata. out (may be NULL for the header only) is
 * replaced by the content. Errors name the object as "what".
 */
int sgit_loose_decode(struct sgit_buf *out, enum sgit_object_type *type, size_t *size,
		      const void *zdata, size_t zlen, const char *what, struct sgit_error *err);

/*
 * Hand the content of the loose object id of objdir to cb in pieces of at
 * most 64 KiB, reading the file as it goes, with the checks of
 * sgit_loose_decode (a flaw found after some pieces went out is still an
 * error). *type and *size are set once the header is read. SGIT_ENOTFOUND
 * (no message) when the file is absent; a non-zero return of cb is returned.
 */
int sgit_loose_stream(enum sgit_object_type *type, size_t *size, const char *objdir,
		      const struct sgit_oid *id, sgit_odb_stream_cb cb, void *payload,
		      struct sgit_error *err);

/* Replace path with "<objdir>/xx/yyyy...". */
int sgit_loose_path(struct sgit_buf *path, const char *objdir, const struct sgit_oid *id);

/* Read the loose object id of objdir. SGIT_ENOTFOUND (no message) when the file is absent. */
int sgit_loose_read(struct sgit_buf *out, enum sgit_object_type *type, const char *objdir,
		    const struct sgit_oid *id, struct sgit_error *err);
/* Type and size, inflating only the first bytes. SGIT_ENOTFOUND as above. */
int sgit_loose_read_header(size_t *size, enum sgit_object_type *type, const char *objdir,
			   const struct sgit_oid *id, struct sgit_error *err);
/* 1 when the file of id is in objdir, else 0. */
int sgit_loose_exists(const char *objdir, const struct sgit_oid *id);

/*
 * Store the object (whose id the caller computed) in objdir: deflated at
 * zlib level into a temp file of the given mode, then linked (or renamed)
 * to its final name; an object that is already there wins.
 */
int sgit_loose_write(const char *objdir, const struct sgit_oid *id, enum sgit_object_type type,
		     const void *data, size_t len, int level, mode_t mode, struct sgit_error *err);

/*
 * The same for len bytes of the file fd from offset base, read twice (to
 * hash, then to deflate) so that it never is in memory whole; the second
 * reading is hashed again and must give id.
 */
int sgit_loose_write_fd(const char *objdir, const struct sgit_oid *id, enum sgit_object_type type,
			int fd, off_t base, size_t len, int level, mode_t mode, struct sgit_error *err);
/* The id of an object of len bytes read from fd at offset base. */
int sgit_loose_hash_fd(struct sgit_oid *out, enum sgit_object_type type, int fd, off_t base,
		       size_t len, struct sgit_error *err);

/*
 * Call cb for every loose object in objdir, or only in the folder of ids
 * starting with byte first (0..255; -1 for all). A non-zero return from cb
 * stops the walk and is returned. Files whose names are not ids are skipped.
 */
typedef int (*sgit_loose_cb)(const struct sgit_oid *id, void *payload);
int sgit_loose_foreach(const char *objdir, int first, sgit_loose_cb cb, void *payload,
		       struct sgit_error *err);

#endif
