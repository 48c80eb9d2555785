/* porcelain/maintenance/fsck_walk_int.h: the state of one fsck run, shared by fsck.c, fsck_roots.c, fsck_walk.c */
#ifndef SGIT_MAINTENANCE_FSCK_WALK_INT_H
#define SGIT_MAINTENANCE_FSCK_WALK_INT_H

#include <stddef.h>
#include "sgit/buf.h"
#include "sgit/fsck.h"
#include "sgit/odb.h"

struct sgit_repo;

/* What fsck knows of one object; git keeps the same flags on its struct object. */
enum { HAS_OBJ = 1, USED = 2, REACHABLE = 4 };
/* Bits of the exit status, as git's. */
enum { ERR_OBJECT = 1, ERR_REACHABLE = 2, ERR_PACK = 4, ERR_REFS = 8 };

struct fobj {
	struct sgit_oid id;
	int type;		/* enum sgit_object_type, SGIT_OBJ_NONE until known */
	unsigned flags;
	char *name;		/* --name-objects: how it was reached ("HEAD~2:src/") */
};

struct fsck {
	struct sgit_repo *repo;
	struct sgit_odb *odb;
	const char *objdir;
	char *objdir_shown;		/* the objects folder as git names it in messages */
	const struct sgit_fsck_run *run;
	struct sgit_fsck_options opts;
	struct fobj **objs;		/* in order of creation, each allocated alone: pointers stay valid */
	size_t nr, alloc;
	size_t *hash;			/* open addressing: index + 1, 0 empty */
	size_t hash_cap;
	struct fobj **pending;		/* the walk's stack */
	size_t npending, apending;
	int errors;			/* ERR_* bits */
	struct sgit_oid *packed;		/* every packed id, sorted: git forgives their absence from the walk */
	size_t npacked, apacked;
	int default_refs;
	int no_default_refs;		/* --unreachable then means nothing */
	struct sgit_buf tmp;
};

/* Say one line (stdout or stderr) in printf style. */
void fsck_say(struct fsck *f, int is_err, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The object of id, created (type NONE, no flags) when new; NULL when out of memory. */
struct fobj *fsck_obj(struct fsck *f, const struct sgit_oid *id);
struct fobj *fsck_find(struct fsck *f, const struct sgit_oid *id);
/* "<hex>" or "<hex> (<name>)" into out (SGIT_OID_HEXSZ + 1 + 1024 bytes). */
const char *fsck_describe(struct fsck *f, const struct fobj *o, char *out, size_t size);
const char *fsck_type_name(int type);
/* Give o a name unless it has one (--name-objects only). */
void fsck_name(struct fsck *f, struct fobj *o, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* The links of an object's content: cb(child id, child type) in git's walk order. */
typedef int (*fsck_link_cb)(struct fsck *f, struct fobj *parent, const struct sgit_oid *id,
			    int type, const char *path, size_t path_len, int nth, void *payload);
int fsck_links(struct fsck *f, struct fobj *parent, const void *data, size_t len,
	       fsck_link_cb cb, void *payload);
/* A fsck_link_cb: everything an object points to is "used", so not dangling even when unreachable. */
int fsck_mark_used(struct fsck *f, struct fobj *parent, const struct sgit_oid *id, int type,
		   const char *path, size_t path_len, int nth, void *payload);

/* 1 when id is in a pack (whether or not its pack was checked). */
int fsck_in_pack(struct fsck *f, const struct sgit_oid *id);
/* A root named by a ref or the cache tree: the object when git's parser would find it, else NULL. */
struct fobj *fsck_parse_root(struct fsck *f, const struct sgit_oid *id);

/* --strict, then fsck.<msg-id> and fsck.skipList from the configuration. */
int fsck_configure(struct fsck *f);
/* Phase one: check every object (loose, then packed). */
int fsck_check_all(struct fsck *f);
/* Phase two: the roots (refs, HEAD, reflogs, index) or the objects given. */
int fsck_roots(struct fsck *f);
/* Mark o reachable from parent (NULL for a root), as git's mark_object. */
void fsck_mark(struct fsck *f, struct fobj *o, int type, struct fobj *parent);
/* Phase three: walk from the roots, then report each object. */
int fsck_connectivity(struct fsck *f);

#endif
