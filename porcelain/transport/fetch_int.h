/* porcelain/transport/fetch_int.h: what fetch*.c and clone*.c share */
#ifndef SGIT_PORCELAIN_FETCH_INT_H
#define SGIT_PORCELAIN_FETCH_INT_H

#include <stddef.h>
#include "sgit/fetch.h"
#include "sgit/odb.h"
#include "sgit/refs.h"
#include "sgit/refspec.h"
#include "sgit/remote.h"

/* A ref of the other side, as git's ref advertisement lists it. */
struct fetch_rref {
	char *name;
	struct sgit_oid oid;
	struct sgit_oid peeled;		/* what a tag finally points at (== oid for other objects) */
	int peeled_known;
};

/* The repository fetched from, opened as a second handle. Caller-owned: FETCH_SOURCE_INIT. */
struct fetch_source {
	struct sgit_repo *repo;
	char *path;			/* the git dir opened */
	/* HEAD first when it resolves, then refs/ in byte order */
	struct fetch_rref *refs;
	size_t n, alloc;
	char *head_target;		/* HEAD's target when it is symbolic, else NULL */
	/* refs whose names git advertises but cannot store: one per line */
	struct sgit_buf funny;
};
#define FETCH_SOURCE_INIT { NULL, NULL, NULL, 0, 0, NULL, SGIT_BUF_INIT }

/*
 * Open the repository url names (a path, relative to base when base is not
 * NULL, else to the current directory; or file://), trying the suffixes git
 * tries ("/.git", "", ".git/.git", ".git"), and list its refs.
 * SGIT_ENOTREPO "'x' does not appear to be a git repository"; SGIT_EINVALID
 * for a URL of another kind. *is_path (may be NULL) tells a plain path from a URL.
 */
int sgit_fetch__open(struct fetch_source *src, int *is_path, const char *url, const char *base,
		     struct sgit_error *err);
void sgit_fetch__source_release(struct fetch_source *src);
/* The peeled value of src->refs[i] (computed once). */
int sgit_fetch__rref_peeled(const struct sgit_oid **out, struct fetch_source *src, size_t i,
			    struct sgit_error *err);
/* Follow tags from id to the first object that is not a tag. SGIT_ENOTFOUND when missing. */
int sgit_fetch__peel(struct sgit_oid *out, struct sgit_odb *odb, const struct sgit_oid *id,
		     struct sgit_error *err);
/* 1 when id names a commit or a tag that leads to one (*commit gets it), 0 when not or missing. */
int sgit_fetch__peel_commit(struct sgit_oid *commit, struct sgit_odb *odb, const struct sgit_oid *id);
/* The index of the ref called name, or -1. */
long sgit_fetch__rref_find(const struct fetch_source *src, const char *name);
/* Which ref of src the short name means (the DWIM table's best rule, first ref on a tie), or -1. */
long sgit_fetch__rref_dwim(const struct fetch_source *src, const char *name);

/* A set of ids: appended, then sorted once (_seal) and searched. Caller-owned: FETCH_OIDS_INIT. */
struct fetch_oids {
	struct sgit_oid *ids;
	size_t n, alloc;
};
#define FETCH_OIDS_INIT { NULL, 0, 0 }
int sgit_fetch__oids_add(struct fetch_oids *set, const struct sgit_oid *id);
/* Sort and drop repeats. */
void sgit_fetch__oids_seal(struct fetch_oids *set);
int sgit_fetch__oids_has(const struct fetch_oids *set, const struct sgit_oid *id);
void sgit_fetch__oids_release(struct fetch_oids *set);

/*
 * The objects of src reachable from wants that dst lacks, as rev-list
 * --objects walks them (dst's own ref tips that src has are hidden). When
 * dst has every want already, nothing. out is sealed.
 */
int sgit_fetch__enumerate(struct fetch_oids *out, struct fetch_source *src, struct sgit_repo *dst,
			  const struct sgit_oid *wants, size_t nwants, struct sgit_error *err);
/* Add id and, while it is a tag, the objects it points at that are tags too (unsealed after). */
int sgit_fetch__add_tag_chain(struct fetch_oids *set, struct fetch_source *src,
			      const struct sgit_oid *id, struct sgit_error *err);
/*
 * Copy ids from src into dst as one new pack and index: written in a
 * folder of its own under dst's objects, every object read back and hashed,
 * then named into objects/pack/ (pack first). Nothing is left behind on
 * failure. dst's object store sees the pack afterwards.
 */
int sgit_fetch__install(struct sgit_repo *dst, struct fetch_source *src, const struct fetch_oids *ids,
			void (*progress)(size_t, size_t, void *), void *payload, struct sgit_error *err);

/* ---- which refs a fetch takes (git's "ref map") ---- */

/* Items are struct sgit_fetch_ref: remote_name, local_name, oid, force, fetch_head, group. */
struct fetch_map {
	struct sgit_fetch_ref *items;
	size_t n, alloc;
	int autotags;			/* some refspec stores refs: tags are followed */
	struct sgit_buf warnings;	/* "warning: " lines for the command, one per line */
	struct sgit_buf errors;		/* "error: " lines (funny local names), one per line */
};
#define FETCH_MAP_INIT { NULL, 0, 0, 0, SGIT_BUF_INIT, SGIT_BUF_INIT }

/* "* Ignoring funny ref '<local>' locally" added to errors (git's words); 0 or SGIT_ENOMEM. */
int sgit_fetch__funny(struct sgit_buf *errors, const char *local);
void sgit_fetch__map_release(struct fetch_map *map);
void sgit_fetch__ref_release(struct sgit_fetch_ref *r);

/*
 * The remote or local names of a map's items, sorted once and searched:
 * a map holds every ref of a large remote, and a walk over all of our refs
 * asks it about each. Borrowed from the map, which must not change
 * meanwhile. Caller-owned: FETCH_NAMES_INIT.
 */
struct fetch_names {
	const char **v;
	size_t n;
};
#define FETCH_NAMES_INIT { NULL, 0 }
/* local: local_name (items without one left out), else remote_name. SGIT_ENOMEM. */
int sgit_fetch__names_init(struct fetch_names *names, const struct fetch_map *map, int local);
int sgit_fetch__names_has(const struct fetch_names *names, const char *name);
void sgit_fetch__names_release(struct fetch_names *names);

struct fetch_plan {
	struct fetch_source *src;
	struct sgit_repo *dst;
	const struct sgit_remote *remote;	/* NULL for a path or URL */
	const struct sgit_refspec_list *cmdline;	/* refspecs given (n may be 0) */
	enum sgit_fetch_tags tags;		/* DEFAULT, ALL or NONE, remote.<name>.tagOpt applied */
	/* branch.<current>.merge values, when branch.<current>.remote names this remote */
	const char *const *merges;
	size_t nmerges;
};

/*
 * git's ref map: refspecs matched on the other side, merge candidates
 * marked, tags that come along, remote-tracking refs updated on the way,
 * negative refspecs applied, repeats dropped, old values read. Everything
 * in group 1. SGIT_ENOTFOUND "couldn't find remote ref x".
 */
int sgit_fetch__build_map(struct fetch_map *map, const struct fetch_plan *plan, struct sgit_error *err);
/*
 * Tags to follow once the objects in copied (sorted) arrive: group 2, in
 * name order, those no ref of ours or of map stores already whose object,
 * or the object they peel to, is copied.
 */
int sgit_fetch__later_tags(struct fetch_map *later, const struct fetch_map *map,
			   struct fetch_source *src, struct sgit_repo *dst,
			   const struct fetch_oids *copied, struct sgit_error *err);

/* ---- writing what was fetched ---- */

struct sgit_merge_base;

struct fetch_store {
	struct sgit_repo *repo;
	struct sgit_fetch_result *res;
	const struct sgit_fetch_options *opts;
	struct sgit_merge_base *mb;	/* fast-forward checks, made on first use */
};

/*
 * Store map's items (all of one group) as git does: FETCH_HEAD lines in
 * res->fetch_head (merge candidates first; a ref that is no commit is not
 * for merge), local refs updated, each item moved into res->refs.
 */
int sgit_fetch__store(struct fetch_store *st, struct fetch_map *map);
/*
 * --prune: local refs that refspecs map the other side's refs to, whose
 * source is not in map any more, are deleted and reported (group 0).
 */
int sgit_fetch__prune(struct fetch_store *st, const struct sgit_refspec_list *refspecs,
		      const struct fetch_map *map);
/* Append r (moved: r is left empty) to res->refs. */
int sgit_fetch__result_push(struct sgit_fetch_result *res, struct sgit_fetch_ref *r);

/* The local ref a refspec's destination names (git's rules for a short one), or NULL for none. */
int sgit_fetch__local_ref(struct sgit_buf *out, const char *dst);
/*
 * A clone from a path: every file of the source's objects folder hardlinked
 * (copied when that fails, or always with no_hardlinks) into dst_objects;
 * info/alternates rewritten to absolute paths. Dot files are skipped.
 */
int sgit_clone__link_objects(const char *src_objects, const char *dst_objects, int no_hardlinks,
			     struct sgit_error *err);
/* Remove path and everything below it (no symbolic link is followed). */
int sgit_fetch__remove_tree(const char *path, int keep_top);

#endif
