/* porcelain/history/revwalk_int.h: the walker's state, shared by revwalk.c and its helpers */
#ifndef PORCELAIN_REVWALK_INT_H
#define PORCELAIN_REVWALK_INT_H

#include <stdint.h>
#include "sgit/buf.h"
#include "sgit/pathspec.h"
#include "sgit/revwalk.h"

#define RW_NONE UINT32_MAX

enum {
	RW_LOADED = 1,		/* parents, date (and tree) read */
	RW_SEEN = 2,		/* queued once already */
	RW_HIDDEN = 4,		/* reachable from a hidden commit (git's UNINTERESTING) */
	RW_QUEUED = 8,
	RW_ADDED = 16,		/* its parents have been handed to the queue */
	RW_TREESAME = 32,	/* changes nothing under the paths */
	RW_SHOWN = 64,
	RW_TMP = 128,
	/*
	 * Hidden by the caller ("^A", the A of "A..B"): the bottom of a range
	 * still counts as a parent worth simplifying towards, as in git.
	 */
	RW_BOTTOM = 256,
	RW_CHILD_SHOWN = 512,	/* --boundary: a parent of a returned commit */
	RW_BOUNDARY = 1024,	/* returned as a boundary commit */
	RW_LEFT = 2048,		/* reached from the left of "A...B" (git's SYMMETRIC_LEFT) */
	RW_MATCHED = 4096,	/* the filters have been run on it... */
	RW_MATCH = 8192,	/* ...and it passed them */
	RW_SIMPLIFIED = 16384	/* path limiting has compared it with its parents */
};

/* One commit: small on purpose, a walk may hold millions. */
struct rw_node {
	struct sgit_oid id;
	uint32_t parents;	/* index of the first parent in the walker's pool */
	uint32_t nparents;	/* shrinks when path limiting simplifies or rewrites */
	uint64_t date;		/* committer time, unsigned as git compares it */
	uint32_t indegree;	/* topological sort: 0 = not in the set, else 1 + children left */
	uint32_t flags;
};

struct rw_body {
	char *ptr;
	size_t len;
};

struct rw_qent {
	uint32_t node;
	uint64_t seq;		/* insertion order breaks ties between equal dates */
};

struct rw_filter;
struct rw_objects;
struct rw_treecache;

struct sgit_revwalk {
	struct sgit_odb *odb;
	struct sgit_error *err;
	struct sgit_revwalk_options opts;	/* the arrays in it are not kept */
	struct rw_node *nodes;
	size_t nnodes, anodes;
	uint32_t *slots;	/* open addressing over nodes, RW_NONE = empty */
	size_t nslots;
	uint32_t *pool;		/* every node's parents, back to back */
	size_t npool, apool;
	struct sgit_oid *trees;	/* per node, when paths or objects need them */
	size_t atrees;
	struct rw_body *bodies;	/* per node, the bytes kept until the commit is returned */
	size_t abodies;
	struct rw_qent *heap;
	size_t nheap, aheap;
	uint64_t seq;
	size_t nshown_queued;	/* queued commits not hidden: the walk of a range stops at 0 */
	int bydate;		/* heap ordered by date (else a stack, for --topo-order) */
	uint32_t *list;		/* buffered result (limited walk or --reverse) */
	size_t nlist, alist, pos;
	int started, buffered, limited, done;
	uint32_t *bounds;	/* --boundary: candidates, in the order they were noted */
	size_t nbounds, abounds;
	int in_boundary;	/* the walk proper is over, boundary commits follow */
	long skipped, emitted;
	struct sgit_buf raw;	/* scratch for reading objects */
	uint32_t current;	/* the commit returned last */
	struct sgit_commit *current_commit;
	struct rw_filter *filter;
	struct sgit_pathspec paths;
	int prune;		/* path limiting is on */
	struct rw_treecache *tcache;
	struct rw_objects *objs;
};

/* Room for need elements of size bytes in *ptr, doubling: 0 or SGIT_ENOMEM (no message). */
int rw_grow(void **ptr, size_t *alloc, size_t need, size_t size);

/*
 * A commit read as git's quick parse reads it to walk (merge-base reads
 * commits so too): "tree <hex>" first, then "parent <hex>" lines, then the
 * committer date. The caller words the error of a bad line.
 */
struct rw_quick {
	const char *p, *end;
};
/* Start on the bytes buf: the tree id into *tree; SGIT_ECORRUPT for a bad tree line. */
int rw_quick_tree(struct sgit_oid *tree, struct rw_quick *q, const char *buf, size_t len);
/* The next parent into *id: 1, or 0 past the last one; SGIT_ECORRUPT for a bad parent line. */
int rw_quick_parent(struct sgit_oid *id, struct rw_quick *q);
/*
 * Once the parents are read: the number after the first '>' of the
 * "committer" line that follows the "author" line, or 0 when these lines are
 * not where git looks (UINT64_MAX when it does not fit, as strtoumax).
 */
uint64_t rw_quick_date(const struct rw_quick *q);

/* Read object id into out; SGIT_EINVALID when it is not of type want (SGIT_OBJ_NONE: any). */
int rw_read_odb(struct sgit_buf *out, struct sgit_odb *odb, struct sgit_error *err,
		const struct sgit_oid *id, enum sgit_object_type want);
static inline int rw_read(struct sgit_buf *out, struct sgit_revwalk *w, const struct sgit_oid *id,
			  enum sgit_object_type want)
{
	return rw_read_odb(out, w->odb, w->err, id, want);
}
/* Read node i's commit once: parents (as nodes), date, tree. */
int rw_load(struct sgit_revwalk *w, uint32_t i);
/* git's process_parents: queue the parents of i once, hidden ones passing HIDDEN on. */
int rw_process_parents(struct sgit_revwalk *w, uint32_t i);
void rw_set_hidden(struct sgit_revwalk *w, uint32_t i);
/* Hide the known ancestors of i. */
int rw_mark_hidden_parents(struct sgit_revwalk *w, uint32_t i);
int rw_queue_put(struct sgit_revwalk *w, uint32_t node);
/* The first commit of the queue, or RW_NONE. */
uint32_t rw_queue_get(struct sgit_revwalk *w);
/* Forget the kept bytes of i (not to be returned, or returned already). */
void rw_drop_body(struct sgit_revwalk *w, uint32_t i);

/* git's relevant_commit(): not hidden, or the bottom of a range. */
static inline int rw_relevant(const struct sgit_revwalk *w, uint32_t i)
{
	return (w->nodes[i].flags & (RW_HIDDEN | RW_BOTTOM)) != RW_HIDDEN;
}

static inline uint32_t *rw_parents(struct sgit_revwalk *w, uint32_t i)
{
	return w->pool + w->nodes[i].parents;
}

/* revwalk_filter.c: --author, --committer, --grep */
int rw_filter_new(struct rw_filter **out, const struct sgit_revwalk_options *o,
		  struct sgit_error *err);
void rw_filter_free(struct rw_filter *f);
/* 1 when the commit's bytes pass every pattern, 0 when not, < 0 out of memory. */
int rw_filter_match(struct rw_filter *f, const char *buf, size_t len);

/* revwalk_paths.c: path limiting and history simplification */
int rw_paths_init(struct sgit_revwalk *w, const struct sgit_revwalk_options *o);
void rw_paths_release(struct sgit_revwalk *w);
/*
 * git's try_to_simplify_commit: TREESAME, and a merge cut down to the
 * parent it equals. Sets RW_SIMPLIFIED (it is done once per commit).
 */
int rw_simplify(struct sgit_revwalk *w, uint32_t i);
/* --full-history in a limited walk: TREESAME again once parents turned out hidden. */
int rw_update_treesame(struct sgit_revwalk *w, uint32_t i);
/* Replace each parent of i with the nearest commit that will be shown (--parents). */
int rw_rewrite_parents(struct sgit_revwalk *w, uint32_t i);

/* revwalk_objects.c: --objects */
int rw_objects_new(struct rw_objects **out);
void rw_objects_free(struct rw_objects *o);
int rw_objects_add_pending(struct sgit_revwalk *w, const struct sgit_oid *id,
			   enum sgit_object_type type, const char *name, size_t name_len);
/* A tree or blob and everything in it are left out. */
int rw_objects_hide(struct sgit_revwalk *w, const struct sgit_oid *id, enum sgit_object_type type);
/* The commit i was returned: its tree will be listed. */
int rw_objects_commit(struct sgit_revwalk *w, uint32_t i);
/* Leave out the trees of the hidden commits bordering the limited list. */
int rw_objects_mark_edges(struct sgit_revwalk *w);

#endif
