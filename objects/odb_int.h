/* objects/odb_int.h: the object database's insides, shared by odb.c, odb_abbrev.c, odb_loose.c */
#ifndef SGIT_OBJECTS_ODB_INT_H
#define SGIT_OBJECTS_ODB_INT_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <zlib.h>
#include "sgit/odb.h"
#include "objects/pack.h"

/* The ids found in one objects/xx folder, sorted, read once. */
struct odb_loose_dir {
	struct sgit_oid *ids;
	size_t n, alloc;
};

/*
 * The loose-object listings of one store, one folder at a time as they are
 * needed. Like git's loose object cache, a listing is not read again: the
 * odb's own writes are added to it, sgit_odb_refresh() forgets it.
 */
struct odb_loose_cache {
	uint32_t listed[256 / 32];	/* bit b: dirs[b] holds folder b's listing */
	struct odb_loose_dir dirs[256];
};

/* odb_store.dirfd besides an open descriptor */
#define ODB_DIRFD_UNTRIED -1
#define ODB_DIRFD_FAILED -2

/* One objects folder: the repository's own or an alternate. */
struct odb_store {
	char *path;		/* as given (the own one) or resolved (alternates) */
	char *real;		/* realpath(), to skip a folder named twice */
	struct sgit_pack **packs;
	size_t npacks, alloc;
	int scanned;		/* packs listed since open or the last refresh */
	int dirfd;		/* the folder opened for openat(), or ODB_DIRFD_UNTRIED / _FAILED */
	struct odb_loose_cache *loose;	/* NULL until an abbreviation needs it */
};

/* What reading loose objects reuses from one object to the next. */
struct odb_loose_reader {
	z_stream zs;
	int zs_ready;
	unsigned char *file;	/* the deflated file */
	size_t alloc;
};

struct sgit_odb {
	struct odb_store *stores;	/* [0] is the repository's own */
	size_t nstores, alloc;
	int level;			/* zlib level of new loose objects */
	mode_t file_mode;		/* of new loose objects: 0444 less the umask */
	struct sgit_pack *last;		/* where the last packed lookup hit */
	int pack_error;			/* code of the first pack that would not open, or 0 */
	struct sgit_error pack_error_msg;
	struct odb_loose_reader reader;
	struct sgit_error *err;
};

/* List the packs of store i unless done already. 0, or SGIT_ENOMEM. */
int sgit_odb_store_packs(struct sgit_odb *odb, size_t i);
/* Look for packs that appeared since they were listed; 1 when one was added. */
int sgit_odb_rescan_packs(struct sgit_odb *odb);

/*
 * Read the loose object id of store i (out NULL: only its type and size).
 * SGIT_ENOTFOUND with a message when it is not there; otherwise exactly
 * what sgit_loose_read() would return, faster.
 */
int sgit_odb_loose_read(struct sgit_buf *out, enum sgit_object_type *type, size_t *size,
			struct sgit_odb *odb, size_t i, const struct sgit_oid *id);
/* 1 when the loose file of id is in store i, else 0. */
int sgit_odb_loose_exists(struct sgit_odb *odb, size_t i, const struct sgit_oid *id);
void sgit_odb_reader_release(struct odb_loose_reader *r);

/*
 * The sorted ids of store i's folder for ids starting with byte first,
 * listed on the first call. 0, SGIT_ENOMEM or SGIT_EOS (message set).
 */
int sgit_odb_loose_dir(const struct odb_loose_dir **out, struct sgit_odb *odb, size_t i,
		       unsigned first);
/* The position of the first id in d that is not below id (d->n when none). */
size_t sgit_odb_loose_dir_lower_bound(const struct odb_loose_dir *d, const struct sgit_oid *id);
/* Note an object the odb itself wrote into store i, when its folder is listed. */
void sgit_odb_loose_cache_add(struct sgit_odb *odb, size_t i, const struct sgit_oid *id);
/* Forget store s's listings and close its folder (opened again when next needed). */
void sgit_odb_store_forget(struct odb_store *s);

#endif
