/* objects/pack_write_int.h: what pack_write.c (the pack), pack_write_src.c (reuse) and pack_write_idx.c share */
#ifndef SGIT_OBJECTS_PACK_WRITE_INT_H
#define SGIT_OBJECTS_PACK_WRITE_INT_H

#include <stdint.h>
#include <sys/types.h>
#include <zlib.h>
#include "objects/pack_int.h"
#include "sgit/pack_write.h"

/* A file written through a buffer and hashed on the way, with a CRC32 of the current pack entry. */
struct pw_out {
	int fd;			/* -1 when closed */
	struct sgit_buf path;	/* the temp file's name */
	struct sgit_hash_ctx hash;
	int hashing;
	unsigned char *buf;
	size_t len;
	uint64_t offset;	/* bytes written so far, buffered ones included */
	uint32_t crc;
	struct sgit_error *err;
};
#define PW_OUT_INIT { -1, SGIT_BUF_INIT, { NULL }, 0, NULL, 0, 0, 0, NULL }

int pw_out_open(struct pw_out *o, const char *dir, const char *prefix, struct sgit_error *err);
int pw_out_write(struct pw_out *o, const void *data, size_t len);
/* Append the checksum of everything written (into *sum), flush, set mode, sync, close. */
int pw_out_finish(struct sgit_oid *sum, struct pw_out *o, mode_t mode, int sync);
/* Close and remove the temp file (harmless when none). */
void pw_out_discard(struct pw_out *o);

/* One object of the new pack. */
struct pw_entry {
	struct sgit_oid id;
	uint32_t crc;		/* of its bytes in the new pack */
	uint32_t src;		/* 1 + index into the writer's sources; 0: read through the odb */
	uint64_t src_offset;	/* where the source pack has it */
	uint64_t offset;	/* where the new pack has it; 0 until written */
};

/* An existing pack objects may be copied from. */
struct pw_offset {
	uint64_t offset;
	uint32_t pos;		/* index position of the object at offset */
};
struct pw_source {
	struct sgit_pack *pack;
	struct pw_offset *by_offset;	/* every object in offset order; NULL until needed */
	int unusable;			/* its index does not describe a sane layout: never reuse */
};

/* An entry of a source pack, as raw bytes. */
struct pw_raw {
	enum sgit_object_type type;	/* a delta's type is OFS_DELTA or REF_DELTA */
	uint64_t size;			/* from its header: the object's or the delta's size */
	uint64_t offset, data, end;	/* entry start, zlib stream start, entry end */
	struct sgit_oid base;		/* a delta's base */
};

struct sgit_pack_writer {
	struct sgit_odb *odb;
	struct sgit_pack_write_options opts;
	char *base;			/* "<dir>/pack" or the caller's base */
	struct sgit_error *err;
	struct pw_entry *entries;
	size_t n, alloc;
	uint32_t *slots;		/* hash of ids: 1 + entry index, 0 empty */
	size_t nslots;			/* a power of two, at least twice n */
	struct pw_source *srcs;
	size_t nsrcs;
	z_stream zs;
	int zs_ready;
	struct sgit_buf obj;		/* the object being deflated */
	unsigned char *chunk;		/* deflate output, PW_CHUNK bytes */
	struct pw_out pack, idx;
	struct sgit_pack_write_stats stats;
	int own_store;			/* base was not given: the new pack goes into src */
	int finished;
};

#define PW_CHUNK ((size_t)64 << 10)

/* The entry of id, or NULL. */
struct pw_entry *pw_lookup(const struct sgit_pack_writer *w, const struct sgit_oid *id);

/* Find id in a pack of the source store: *src (1-based source index) and *offset; 0 when loose or absent. */
int pw_locate(uint32_t *src, uint64_t *offset, struct sgit_pack_writer *w, const struct sgit_oid *id);
/*
 * The raw entry of source src at offset, its bytes checked against the
 * CRC32 the source index records: 1 when it can be copied, 0 when it cannot
 * (a layout or CRC problem: read it through the odb instead), < 0 on error.
 */
int pw_raw_entry(struct pw_raw *raw, struct sgit_pack_writer *w, uint32_t src, uint64_t offset);
void pw_sources_release(struct sgit_pack_writer *w);

/* Write the .idx of the (now id-sorted) entries into w->idx, ending with pack_sum and its own sum. */
int pw_write_index(struct sgit_pack_writer *w, const struct sgit_oid *pack_sum);

#endif
