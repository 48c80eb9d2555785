/* refs/refdb_int.h: the ref store's insides, shared by refs/refdb*.c, packed*.c, reflog*.c */
#ifndef SGIT_REFS_REFDB_INT_H
#define SGIT_REFS_REFDB_INT_H

#include <stddef.h>
#include <sys/types.h>
#include <time.h>
#include "sgit/refs.h"
#include "util/fs.h"

/* One line of packed-refs (and its "^" line). name points into the parsed bytes, no NUL. */
struct sgit_packed_entry {
	const char *name;
	size_t name_len;
	struct sgit_oid oid;
	struct sgit_oid peeled;
	int has_peeled;		/* a "^" line followed */
	int peel_known;		/* no "^" line means "not a tag" (the header's traits say so) */
};

/* The header line "# pack-refs with: <traits> " of a packed-refs file, if any. */
struct sgit_packed_header {
	size_t body;		/* offset of the first ref line (0 without a header) */
	int peeled;		/* trait "peeled": every tag under refs/tags/ has its "^" line */
	int fully_peeled;	/* trait "fully-peeled": every tag has its "^" line */
	int sorted;		/* trait "sorted": ref lines are in byte order of name */
};
/* Read the header of a packed-refs file's bytes (pure). SGIT_ECORRUPT when unterminated. */
int sgit_packed_refs_header(struct sgit_packed_header *out, const char *buf, size_t len,
			    const char *path, struct sgit_error *err);
/*
 * Look name[0..len) up in the bytes of a packed-refs file whose header h
 * says "sorted", by binary search: O(log n) lines are looked at and only
 * the one returned is parsed (pure). With prefix, out gets the first ref
 * whose name starts with name instead. SGIT_ENOTFOUND (quietly) when there
 * is none; SGIT_ECORRUPT, named as sgit_packed_refs_parse() names it, for
 * a corrupt line met on the way. out->name points into buf.
 */
int sgit_packed_refs_search(struct sgit_packed_entry *out, const char *buf, size_t len,
			    const struct sgit_packed_header *h, const char *name, size_t nlen,
			    int prefix, const char *path, struct sgit_error *err);

/* A parsed packed-refs file, entries sorted by name. Caller-owned: _INIT, then _release. */
struct sgit_packed_refs {
	struct sgit_packed_entry *entries;
	size_t n, alloc;
	int fully_peeled;	/* header trait "fully-peeled" */
};
#define SGIT_PACKED_REFS_INIT { NULL, 0, 0, 0 }
void sgit_packed_refs_release(struct sgit_packed_refs *p);

/*
 * Parse the bytes of a packed-refs file (header optional). Entries point
 * into buf, which must outlive them. path names the file in messages: a
 * corrupt line is SGIT_ECORRUPT ("unexpected line in <path>: <line>", as git).
 */
int sgit_packed_refs_parse(struct sgit_packed_refs *out, const char *buf, size_t len,
			   const char *path, struct sgit_error *err);
/* The entry named name[0..len), or NULL. */
const struct sgit_packed_entry *sgit_packed_refs_find(const struct sgit_packed_refs *p,
						      const char *name, size_t len);
/* Index of the first entry whose name is >= prefix[0..len) in byte order. */
size_t sgit_packed_refs_lower_bound(const struct sgit_packed_refs *p, const char *prefix, size_t len);

struct sgit_refdb {
	char *git_dir;
	struct sgit_refdb_options opts;
	struct sgit_error *err;
	/*
	 * packed-refs, mapped once and kept while the file's stat data stay the
	 * same. One ref is looked up in the mapped bytes (binary search when
	 * sorted); the whole file is parsed into packed only for callers that
	 * walk every entry (and for a file not declared sorted).
	 */
	struct sgit_buf packed_path;
	struct sgit_fs_map packed_map;
	struct sgit_packed_header packed_header;
	struct sgit_packed_refs packed;
	int packed_parsed;	/* packed holds the entries of packed_map */
	int packed_state;	/* 0: not read, 1: read, 2: read and absent */
	dev_t packed_dev;
	ino_t packed_ino;
	off_t packed_size;
	struct timespec packed_mtime;
};

/*
 * The cached packed-refs, every entry parsed, re-read when the file
 * changed. Never NULL on success. Valid until the next packed-refs call.
 */
int sgit_refdb__packed(const struct sgit_packed_refs **out, struct sgit_refdb *db);
/*
 * One packed ref, without parsing the whole file: the entry named
 * name[0..len), or with prefix the first whose name starts with it.
 * SGIT_ENOTFOUND (quietly) when none. out->name points into the cache:
 * valid until the next packed-refs call.
 */
int sgit_refdb__packed_lookup(struct sgit_packed_entry *out, struct sgit_refdb *db, const char *name,
			      size_t len, int prefix);
void sgit_refdb__packed_invalidate(struct sgit_refdb *db);
/*
 * Rewrite packed-refs (its lock is held in lk) with entries (sorted),
 * peeling through the odb what the old file left unknown.
 */
struct sgit_lockfile;
int sgit_refdb__packed_write(struct sgit_refdb *db, struct sgit_lockfile *lk,
			     struct sgit_packed_entry *entries, size_t n);

/* out = <git dir>/<sub><name> */
int sgit_refdb__path(struct sgit_buf *out, const struct sgit_refdb *db, const char *sub,
		     const char *name);
/*
 * Read the loose file of name into out (flags LOOSE, and SYMBOLIC or
 * BROKEN as found). SGIT_ENOTFOUND (quietly) when there is none. scratch
 * is reused between calls to save allocations.
 */
int sgit_refdb__read_loose(struct sgit_ref *out, struct sgit_refdb *db, const char *name,
			   struct sgit_buf *scratch);
/*
 * Call cb for each well-formed line of a reflog's bytes (pure), skipping
 * malformed lines as git does; a non-zero return from cb stops and is
 * returned. data[len] must be a NUL; lines are cut in place.
 */
int sgit_reflog__parse(char *data, size_t len, sgit_reflog_cb cb, void *payload);
/* Parse the content of a loose ref file (pure): sets oid or target and flags. */
int sgit_refdb__parse_loose(struct sgit_ref *out, const char *buf, size_t len);
/*
 * Remove the folders above <git dir>/<sub><name> that are empty, but never
 * the first two levels ("refs/heads"), as git does after a delete.
 */
void sgit_refdb__prune_dirs(const struct sgit_refdb *db, const char *sub, const char *name);

/* Remove path if it is a folder holding nothing but empty folders. */
void sgit_refdb__remove_empty_tree(const char *path, int depth);

/* ref names (refname.c) */
int sgit_refname__is_safe(const char *name, size_t len);
int sgit_refname__readable(const char *name);

/* reflogs (reflog.c) */
/* Does core.logAllRefUpdates (or an existing log) say that name's updates are logged? */
int sgit_reflog__wanted(struct sgit_refdb *db, const char *name);
/* msg with whitespace runs made one space, trimmed, as git stores it. */
int sgit_reflog__clean_message(struct sgit_buf *out, const char *msg);
/* Append "<old> <new> <committer>[ TAB msg]" to name's log (created when missing). */
int sgit_reflog__append(struct sgit_refdb *db, const char *name, const struct sgit_oid *old_oid,
			const struct sgit_oid *new_oid, const char *committer, const char *msg);
/* Remove name's log, if any, and the folders it leaves empty. */
int sgit_reflog__delete(struct sgit_refdb *db, const char *name);

#endif
