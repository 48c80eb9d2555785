/* include/sgit/pack_write.h: write objects of an odb as a pack (v2) with its index (v2) */
#ifndef SGIT_PACK_WRITE_H
#define SGIT_PACK_WRITE_H

#include <stddef.h>
#include "errors.h"
#include "odb.h"
#include "oid.h"

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

struct sgit_pack_write_options {
	/* zlib level of objects deflated anew; -1: zlib's default, as git's pack.compression */
	int compression;
	/*
	 * Copy objects that packs of the source store hold as they are, deltas
	 * included when their base goes into the same new pack (written there
	 * as OFS_DELTA); 0 deflates every object whole.
	 */
	int reuse;
	/*
	 * The new files are "<base>-<hash>.pack" and ".idx" (hash: the pack's
	 * checksum, as git names packs); NULL: "<objects>/pack/pack" of the
	 * source store, which then sees the new pack at once. Another store
	 * (a fetch writing into its own repository) sees it after
	 * sgit_odb_refresh(), or on the next read that misses.
	 */
	const char *base;
	int fsync;		/* flush both files to disk before they get their names */
	/* Called now and then while objects are written, and once at the end with done == total. */
	void (*progress)(size_t done, size_t total, void *payload);
	void *progress_payload;
};
#define SGIT_PACK_WRITE_OPTIONS_INIT { -1, 1, NULL, 1, NULL, NULL }

/* What a finished pack holds, as git's "Total N (delta D), reused R (delta RD)". */
struct sgit_pack_write_stats {
	size_t objects;
	size_t deltas;		/* stored as deltas */
	size_t reused;		/* copied from an existing pack without inflating */
	size_t reused_deltas;
};

/*
 * A pack being collected: ids are added (one object at a time is held in
 * memory while writing, never all of them), then written by _finish.
 * Free with sgit_pack_writer_free(), which removes temp files of an
 * unfinished pack.
 */
struct sgit_pack_writer;

/* Start a pack of objects read from src. Errors of later calls go to err, which must outlive it. */
int sgit_pack_writer_new(struct sgit_pack_writer **out, struct sgit_odb *src,
			 const struct sgit_pack_write_options *opts, struct sgit_error *err);
/* Add id (not read until _finish); an id added before is ignored. SGIT_ENOMEM, SGIT_EINVALID past 2^32 - 1. */
int sgit_pack_writer_add(struct sgit_pack_writer *w, const struct sgit_oid *id);
/* How many distinct ids were added. */
size_t sgit_pack_writer_count(const struct sgit_pack_writer *w);
/*
 * Write the pack into a temp file beside base, then its index; name the
 * .pack, then the .idx (so that an index never names a missing pack). An
 * existing pack of the same name is kept. Objects read through the odb
 * must hash to their ids; bytes copied from a pack are checked against
 * the CRC32 its index records (as git pack-objects does), not re-hashed.
 * *pack_id gets the pack's
 * checksum, stats (may be NULL) what it holds. A missing or corrupt object
 * fails with the odb's message and leaves no file behind. Call once.
 */
int sgit_pack_writer_finish(struct sgit_oid *pack_id, struct sgit_pack_write_stats *stats,
			    struct sgit_pack_writer *w);
void sgit_pack_writer_free(struct sgit_pack_writer *w);

/* The whole round in one call: the n ids of src into a new pack, as above. */
int sgit_pack_write(struct sgit_oid *pack_id, struct sgit_pack_write_stats *stats,
		    struct sgit_odb *src, const struct sgit_oid *ids, size_t n,
		    const struct sgit_pack_write_options *opts, struct sgit_error *err);

#pragma GCC visibility pop
#endif
