/* porcelain/index/index_int.h: the index's insides, shared by index*.c */
#ifndef SGIT_PORCELAIN_INDEX_INT_H
#define SGIT_PORCELAIN_INDEX_INT_H

#include "sgit/index.h"
#include "util/fs.h"

/* An entry as the index owns it: the public view first, its path after. */
struct index_ientry {
	struct sgit_index_entry e;	/* e.path points at name */
	unsigned int uptodate;		/* stat data vouched for in this session: never smudged */
	char name[];
};

/* A folder of the cache tree; the root has an empty name. */
struct index_ctree {
	long count;			/* index entries below, or -1: not valid */
	struct sgit_oid id;		/* the tree, when count >= 0 */
	struct index_ctree **subs;	/* in git's order: shorter names first, then bytewise */
	size_t nsubs, alloc;
	int used;			/* seen while rebuilding */
	size_t name_len;
	char name[];
};

struct index_reuc {
	struct sgit_index_reuc r;	/* r.path points at name */
	char name[];
};

/* What the work-tree checks read from the configuration, once. */
struct index_config {
	int loaded;
	int filemode;		/* core.fileMode */
	int symlinks;		/* core.symlinks */
	int trustctime;		/* core.trustctime */
	int checkstat;		/* core.checkStat: 1 default, 0 minimal */
	unsigned int protect;	/* core.protectNTFS, core.protectHFS: sgit_index_path_protection */
};

struct sgit_index {
	struct sgit_repo *repo;		/* may be NULL */
	struct sgit_error *err;
	struct sgit_error own_err;	/* used when parsed without a slot */
	char *path;			/* NULL when parsed from bytes */
	unsigned int version;		/* as read; 0: new */
	struct index_ientry **entries;
	size_t nentries, alloc;
	struct index_ctree *ctree;	/* NULL: none */
	struct index_reuc **reuc;
	size_t nreuc, reuc_alloc;
	struct sgit_index_time stamp;	/* mtime of the file read or written; 0: no racy checks */
	struct sgit_lockfile lock;
	struct index_config cfg;
};

/* Compare path a with (b, stage) in index order: bytewise by path, then stage. */
int sgit_index__cmp(const char *a, size_t alen, unsigned int astage,
		    const char *b, size_t blen, unsigned int bstage);
/* A new owned entry copying e (path included); NULL when out of memory. */
struct index_ientry *sgit_index__entry_new(const struct sgit_index_entry *e);
/* Append an entry already in order (the reader). */
int sgit_index__append(struct sgit_index *idx, struct index_ientry *ie);
/* Free entries, cache tree and resolve-undo data. */
void sgit_index__clear_contents(struct sgit_index *idx);
/* The configuration the stat checks use (defaults without a repository). */
const struct index_config *sgit_index__config(struct sgit_index *idx);

/* ---- index_read.c ---- */
/* Fill idx (empty, version and err set up) from the bytes of an index file; emptied on failure. */
int sgit_index__parse_into(struct sgit_index *idx, const void *buf, size_t len);
/*
 * Serialize idx through buf: kept there whole (lock NULL), or written to lock
 * in pieces and buf left empty. version: the one chosen (2, 3 or 4).
 */
int sgit_index__serialize_to(struct sgit_buf *buf, struct sgit_lockfile *lock, unsigned int *version,
			     struct sgit_index *idx);

/* ---- index_ext.c: extensions ---- */
/* Read the extension sig (4 bytes) of len bytes; unknown optional ones are skipped. */
int sgit_index__read_ext(struct sgit_index *idx, const unsigned char *sig, const unsigned char *data,
			 size_t len);
/* Append the TREE and REUC extensions (when there is something to say). */
int sgit_index__write_exts(struct sgit_buf *out, const struct sgit_index *idx);
void sgit_index__ctree_free(struct index_ctree *t);
struct index_ctree *sgit_index__ctree_new(const char *name, size_t len);
/* The subfolder called name of t, created (invalid) when create is set; NULL when absent or out of memory. */
struct index_ctree *sgit_index__ctree_sub(struct index_ctree *t, const char *name, size_t len,
					  int create);
/* Mark every folder above path not valid; drop the folder path names, if any. */
void sgit_index__ctree_invalidate(struct sgit_index *idx, const char *path, size_t len);
/* Record the conflict stages of path being removed (entries [pos, end) at stages 1-3). */
int sgit_index__reuc_record(struct sgit_index *idx, size_t pos, size_t end);
void sgit_index__reuc_free_all(struct sgit_index *idx);

/* ---- index_stat.c ---- */
/* Mark racily clean entries changed (size 0) before a write, as git does. */
int sgit_index__smudge_racy(struct sgit_index *idx);

#endif
