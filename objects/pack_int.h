/* objects/pack_int.h: what pack.c (files, index), pack_read.c (objects) and pack_cache.c share */
#ifndef SGIT_OBJECTS_PACK_INT_H
#define SGIT_OBJECTS_PACK_INT_H

#include <stddef.h>
#include <stdint.h>
#include <zlib.h>
#include "objects/pack.h"

#define PACK_HEADER_SIZE 12
#define PACK_TRAILER_SIZE SGIT_OID_RAWSZ

/* What a cache keeps for one offset: an object's content, or a delta's instructions. */
struct pack_cached {
	unsigned char *data;		/* malloc'ed, len + 1 bytes */
	size_t len;
	enum sgit_object_type type;
	unsigned depth;			/* delta links between this object and its chain's root */
};

/*
 * Recently used objects keyed by pack offset: a hash table for lookup and, for
 * each of two classes, a list from least to most recently used. Once the
 * bytes held pass the limit, the least recently used entry of the low class
 * goes first, the high class only when the low one is empty.
 */
enum pack_cache_class { PACK_CACHE_LOW, PACK_CACHE_HIGH, PACK_CACHE_CLASSES };
struct pack_cache_entry;
struct pack_cache {
	struct pack_cache_entry **buckets;
	size_t nbuckets;		/* a power of two; 0 until the first put */
	size_t nentries;
	size_t used, limit;		/* bytes, including per-entry overhead */
	struct pack_cache_entry *oldest[PACK_CACHE_CLASSES], *newest[PACK_CACHE_CLASSES];
};

/* One object's header in the pack. */
struct pack_entry {
	enum sgit_object_type type;
	size_t size;		/* the object's size; for a delta, its instructions' size */
	uint64_t data;		/* where its zlib stream starts */
	uint64_t base;		/* a delta's base's offset */
};

struct pack_link;
struct sgit_pack {
	char *idx_path, *pack_path;
	const unsigned char *idx, *pack;	/* read-only maps of the whole files */
	size_t idx_size, pack_size;
	int borrowed;				/* idx and pack belong to the caller: no munmap */
	uint32_t count, nlarge;
	uint32_t fanout[256];			/* host order copy of the idx fan-out */
	const unsigned char *ids, *offsets, *large;	/* tables inside the idx map */
	z_stream zs;				/* reused by every inflate of this pack */
	int zs_ready;
	struct sgit_buf scratch;		/* inflated delta instructions, reused */
	struct pack_link *links;		/* a delta chain's steps (pack_read.c), reused */
	size_t links_alloc;
	struct pack_cache bases;		/* objects met as delta bases */
};

/* The pack offset of the object at index position i, and the CRC32 the index records for it. */
uint64_t sgit_pack_offset_at(const struct sgit_pack *pack, uint32_t i);
uint32_t sgit_pack_crc_at(const struct sgit_pack *pack, uint32_t i);

/*
 * The header of the entry at offset (pack_read.c): type, size, where its
 * data starts and, for an OFS_DELTA, e->base. A REF_DELTA's base id goes
 * to *ref_base, not looked up. SGIT_ECORRUPT (err may be NULL).
 */
int sgit_pack_entry_header(struct pack_entry *e, struct sgit_oid *ref_base, const struct sgit_pack *pack,
			   uint64_t offset, struct sgit_error *err);

void sgit_pack_cache_init(struct pack_cache *c, size_t limit);
void sgit_pack_cache_release(struct pack_cache *c);
/* Lower (or raise) the limit, evicting what no longer fits. */
void sgit_pack_cache_set_limit(struct pack_cache *c, size_t limit);
/* Detach the entry for offset: 1 and *out, whose data the caller now owns, or 0. */
int sgit_pack_cache_take(struct pack_cached *out, struct pack_cache *c, uint64_t offset);
/* The entry for offset, left in place (valid until the next put), or NULL. */
const struct pack_cached *sgit_pack_cache_get(struct pack_cache *c, uint64_t offset);
/* Hand v->data to the cache, which owns it from now on (and may free it at once). */
void sgit_pack_cache_put(struct pack_cache *c, uint64_t offset, const struct pack_cached *v,
			 enum pack_cache_class cls);

#endif
