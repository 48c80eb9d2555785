/* objects/pack.h: one pack (.idx v2 + .pack v2) read through mmap, with a delta-base cache */
#ifndef SGIT_OBJECTS_PACK_H
#define SGIT_OBJECTS_PACK_H

#include <stddef.h>
#include <stdint.h>
#include "sgit/buf.h"
#include "sgit/errors.h"
#include "sgit/object.h"
#include "sgit/odb.h"
#include "sgit/oid.h"

/* Reads go through a cache and a zlib stream inside: one thread at a time per pack. */
struct sgit_pack;

/*
 * Open "<name>.idx" and its "<name>.pack": both are checked (magic, version,
 * fan-out order, sizes, object counts agree) before anything is read.
 * SGIT_ECORRUPT with a message naming the file. Free with sgit_pack_free().
 */
int sgit_pack_open(struct sgit_pack **out, const char *idx_path, struct sgit_error *err);
/*
 * The same over the bytes of both files, borrowed (they must outlive the
 * pack); idx_path ends in ".idx" and only names the files in messages.
 */
int sgit_pack_open_buffers(struct sgit_pack **out, const char *idx_path, const void *idx,
			   size_t idx_len, const void *pack, size_t pack_len, struct sgit_error *err);
void sgit_pack_free(struct sgit_pack *pack);
const char *sgit_pack_path(const struct sgit_pack *pack);	/* the .pack path */
/* Bytes of delta bases this pack may keep in memory (default 32 MiB; 0 turns the cache off). */
void sgit_pack_set_cache_limit(struct sgit_pack *pack, size_t bytes);

/* Number of objects, and the i-th id in sorted order. */
uint32_t sgit_pack_count(const struct sgit_pack *pack);
void sgit_pack_oid_at(struct sgit_oid *out, const struct sgit_pack *pack, uint32_t i);
/* The position of the first id in sorted order that is not below id (the count when none). */
uint32_t sgit_pack_lower_bound(const struct sgit_pack *pack, const struct sgit_oid *id);
/* 1 and *offset when id is in this pack, else 0. */
int sgit_pack_find(uint64_t *offset, const struct sgit_pack *pack, const struct sgit_oid *id);
/*
 * Ids that start with the first hexlen hex digits of prefix (prefix holds
 * those digits as raw bytes, the last nibble of an odd length in the high
 * half): returns how many match (stops counting at 2), *out gets the first.
 */
int sgit_pack_find_prefix(struct sgit_oid *out, const struct sgit_pack *pack,
			  const struct sgit_oid *prefix, size_t hexlen);

/*
 * Hand the object at offset to cb in pieces: inflated as it goes when it
 * is stored whole, rebuilt first when it is a delta (sgit_odb_stream).
 */
int sgit_pack_stream(enum sgit_object_type *type, size_t *size, struct sgit_pack *pack,
		     uint64_t offset, sgit_odb_stream_cb cb, void *payload, struct sgit_error *err);
/* Content and type of the object at offset, deltas resolved (any depth, either kind). */
int sgit_pack_read(struct sgit_buf *out, enum sgit_object_type *type, struct sgit_pack *pack,
		   uint64_t offset, struct sgit_error *err);
/* Type and size of the object at offset; for a delta, its result's size, without applying it. */
int sgit_pack_read_header(size_t *size, enum sgit_object_type *type, struct sgit_pack *pack,
			  uint64_t offset, struct sgit_error *err);

#endif
