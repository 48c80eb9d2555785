/* objects/pack_int.h: what pack.c (files, index), pack_read.c (objects) and pack_cache.c share */
#ifndef SGIT_OBJECTS_PACK_INT_H
#define SGIT_OBJECTS_PACK_INT_H

#include <stddef.h>
#include <stdint.h>
#include <zlib.h>
#include "objects/pack.h"

#define PACK_HEADER_SIZE 12
#define PACK_TRAILER_SIZE SGIT_OID_RAWSZ

/*
 * Recently used delta bases keyed by pack offset: a hash table for lookup and
 * a list from least to most recently used for eviction once the bytes held
 * pass the limit.
 */
struct pack_cache_entry;
struct pack_cache {
	struct pack_cache_entry **buckets;
	size_t nbuckets;		/* a power of two; 0 until the first put */
	size_t nentries;
	size_t used, limit;		/* bytes, including per-entry overhead */
	struct pack_cache_entry *oldest, *newest;
};

struct sgit_pack {
	char *idx_path, *pack_path;
	const unsigned char *idx, *pack;	/* read-only maps of the whole files */
	size_t idx_size, pack_size;
	uint32_t count, nlarge;
	uint32_t fanout[256];			/* host order copy of the idx fan-out */
	const unsigned char *ids, *offsets, *large;	/* tables inside the idx map */
	z_stream zs;				/* reused by every inflate of this pack */
	int zs_ready;
	struct sgit_buf scratch;		/* inflated delta instructions, reused */
	struct pack_cache cache;
};

void sgit_pack_cache_init(struct pack_cache *c, size_t limit);
void sgit_pack_cache_release(struct pack_cache *c);
/* Lower (or raise) the limit, evicting what no longer fits. */
void sgit_pack_cache_set_limit(struct pack_cache *c, size_t limit);
/*
 * Detach the entry for offset: 1 and its data, which the caller now owns
 * (malloc'ed, len + 1 bytes), or 0 when it is not cached.
 */
int sgit_pack_cache_take(unsigned char **data, size_t *len, enum sgit_object_type *type,
			 struct pack_cache *c, uint64_t offset);
/* Look at the entry for offset without detaching it: 1, or 0. Valid until the next put. */
int sgit_pack_cache_get(const unsigned char **data, size_t *len, enum sgit_object_type *type,
			struct pack_cache *c, uint64_t offset);
/* Hand data (malloc'ed, len + 1 bytes) to the cache, which owns it from now on (and may free it). */
void sgit_pack_cache_put(struct pack_cache *c, uint64_t offset, unsigned char *data, size_t len,
			 enum sgit_object_type type);

#endif
