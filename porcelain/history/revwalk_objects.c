/* porcelain/history/revwalk_objects.c: rev-list --objects: the trees, blobs and tags of the walk */
#include <stdlib.h>
#include <string.h>
#include "sgit/tree.h"
#include "porcelain/history/revwalk_int.h"

enum { OBJ_SEEN = 1, OBJ_HIDDEN = 2 };

struct pending {
	struct sgit_oid id;
	enum sgit_object_type type;
	char *name;
	size_t name_len;
};

/* A tree being listed: its bytes, where we are in it, the length of its path with '/'. */
struct frame {
	struct sgit_buf tree;
	struct sgit_tree_iter it;
	size_t baselen;
};

struct rw_objects {
	struct sgit_oid *ids;	/* open addressing; marks[k] == 0: empty slot */
	unsigned char *marks;
	size_t nset, nslots;
	struct pending *pending;	/* pushed tags, trees and blobs, in push order */
	size_t npending, apending;
	uint32_t *commits;	/* the returned commits, whose trees are listed in this order */
	size_t ncommits, acommits;
	size_t pos;		/* next of pending, then of trees */
	struct frame *stack;
	size_t depth, adepth;
	struct sgit_buf base, path;
};

int rw_objects_new(struct rw_objects **out)
{
	struct rw_objects *o = calloc(1, sizeof(*o));

	*out = o;
	if (!o)
		return SGIT_ENOMEM;
	sgit_buf_init(&o->base);
	sgit_buf_init(&o->path);
	return 0;
}

void rw_objects_free(struct rw_objects *o)
{
	size_t k;

	if (!o)
		return;
	for (k = 0; k < o->npending; k++)
		free(o->pending[k].name);
	for (k = 0; k < o->adepth; k++)
		sgit_buf_release(&o->stack[k].tree);
	free(o->pending);
	free(o->commits);
	free(o->stack);
	free(o->ids);
	free(o->marks);
	sgit_buf_release(&o->base);
	sgit_buf_release(&o->path);
	free(o);
}

static size_t slot_of(const struct rw_objects *o, const struct sgit_oid *id)
{
	size_t h, k;

	memcpy(&h, id->id, sizeof(h));
	for (k = h & (o->nslots - 1); o->marks[k] && !sgit_oid_equal(&o->ids[k], id);
	     k = (k + 1) & (o->nslots - 1))
		;
	return k;
}

static int set_rehash(struct rw_objects *o)
{
	size_t n = o->nslots ? o->nslots * 2 : 4096, k, old = o->nslots;
	struct sgit_oid *ids = malloc(n * sizeof(*ids)), *oids = o->ids;
	unsigned char *marks = calloc(n, 1), *omarks = o->marks;

	if (!ids || !marks) {
		free(ids);
		free(marks);
		return SGIT_ENOMEM;
	}
	o->ids = ids;
	o->marks = marks;
	o->nslots = n;
	for (k = 0; k < old; k++)
		if (omarks[k]) {
			size_t s = slot_of(o, &oids[k]);

			o->ids[s] = oids[k];
			o->marks[s] = omarks[k];
		}
	free(oids);
	free(omarks);
	return 0;
}

static unsigned mark_of(const struct rw_objects *o, const struct sgit_oid *id)
{
	return o->nslots ? o->marks[slot_of(o, id)] : 0;
}

/* Add mark to id's marks; 1 when the object had none of them before. */
static int set_mark(struct rw_objects *o, const struct sgit_oid *id, unsigned mark)
{
	size_t k;

	if ((o->nset + 1) * 2 > o->nslots && set_rehash(o) < 0)
		return SGIT_ENOMEM;
	k = slot_of(o, id);
	if (!o->marks[k]) {
		o->ids[k] = *id;
		o->nset++;
	}
	if (o->marks[k] & mark)
		return 0;
	o->marks[k] |= mark;
	return 1;
}

int rw_objects_add_pending(struct sgit_revwalk *w, const struct sgit_oid *id,
			   enum sgit_object_type type, const char *name, size_t name_len)
{
	struct rw_objects *o = w->objs;
	struct pending *p;

	if (rw_grow((void **)&o->pending, &o->apending, o->npending + 1, sizeof(*o->pending)) < 0)
		return sgit_error_nomem(w->err);
	p = &o->pending[o->npending];
	if (!(p->name = malloc(name_len + 1)))
		return sgit_error_nomem(w->err);
	memcpy(p->name, name, name_len);
	p->name[name_len] = '\0';
	p->name_len = name_len;
	p->id = *id;
	p->type = type;
	o->npending++;
	return 0;
}

/* Mark tree id and everything in it hidden; trees marked before are not read again. */
static int hide_tree(struct sgit_revwalk *w, const struct sgit_oid *id)
{
	struct sgit_buf buf = SGIT_BUF_INIT;
	struct sgit_tree_entry e;
	struct sgit_tree_iter it;
	int rc;

	if ((rc = set_mark(w->objs, id, OBJ_HIDDEN)) <= 0 || (rc = rw_read(&buf, w, id, SGIT_OBJ_TREE)) < 0)
		goto out;
	sgit_tree_iter_init(&it, buf.ptr, buf.len);
	while ((rc = sgit_tree_iter_next(&e, &it, w->err)) > 0) {
		if (sgit_tree_mode_is_tree(e.mode))
			rc = hide_tree(w, &e.id);
		else if (e.mode != SGIT_FILEMODE_COMMIT)
			rc = set_mark(w->objs, &e.id, OBJ_HIDDEN);
		if (rc < 0)
			break;
	}
out:
	sgit_buf_release(&buf);
	return rc == SGIT_ENOMEM ? sgit_error_nomem(w->err) : rc < 0 ? rc : 0;
}

int rw_objects_hide(struct sgit_revwalk *w, const struct sgit_oid *id, enum sgit_object_type type)
{
	if (type == SGIT_OBJ_TREE)
		return hide_tree(w, id);
	return set_mark(w->objs, id, OBJ_HIDDEN) < 0 ? sgit_error_nomem(w->err) : 0;
}

int rw_objects_commit(struct sgit_revwalk *w, uint32_t i)
{
	struct rw_objects *o = w->objs;

	/* a boundary commit not read (a later parent with --first-parent) has no tree to list */
	if (!(w->nodes[i].flags & RW_LOADED))
		return 0;
	if (rw_grow((void **)&o->commits, &o->acommits, o->ncommits + 1, sizeof(*o->commits)) < 0)
		return sgit_error_nomem(w->err);
	o->commits[o->ncommits++] = i;
	return 0;
}

/*
 * As git before it lists objects: for each commit of the limited list, the
 * tree of a hidden parent (or its own, when it turned out hidden itself) is
 * left out with all it holds. Hidden commits further down are not read.
 */
int rw_objects_mark_edges(struct sgit_revwalk *w)
{
	uint32_t i, k, p;
	size_t n;
	int rc;

	for (n = 0; n < w->nlist; n++) {
		i = w->list[n];
		if (w->nodes[i].flags & RW_HIDDEN) {
			if ((rc = hide_tree(w, &w->trees[i])) < 0)
				return rc;
			continue;
		}
		for (k = 0; k < w->nodes[i].nparents; k++) {
			p = rw_parents(w, i)[k];
			if ((w->nodes[p].flags & RW_HIDDEN) && (w->nodes[p].flags & RW_LOADED) &&
			    (rc = hide_tree(w, &w->trees[p])) < 0)
				return rc;
		}
	}
	return 0;
}

/* Start listing the entries of tree id, whose own path (without '/') is in o->path. */
static int open_tree(struct sgit_revwalk *w, const struct sgit_oid *id)
{
	struct rw_objects *o = w->objs;
	struct frame *f;
	size_t k;
	int rc;

	if (o->depth == o->adepth) {
		size_t n = o->adepth ? o->adepth * 2 : 16;

		if (!(f = realloc(o->stack, n * sizeof(*f))))
			return sgit_error_nomem(w->err);
		for (k = o->adepth; k < n; k++)
			sgit_buf_init(&f[k].tree);
		o->stack = f;
		o->adepth = n;
	}
	f = &o->stack[o->depth];
	if ((rc = rw_read(&f->tree, w, id, SGIT_OBJ_TREE)) < 0)
		return rc;
	if (sgit_buf_set(&o->base, o->path.ptr, o->path.len) < 0 ||
	    (o->base.len && sgit_buf_addch(&o->base, '/') < 0))
		return sgit_error_nomem(w->err);
	sgit_tree_iter_init(&f->it, f->tree.ptr, f->tree.len);
	f->baselen = o->base.len;
	o->depth++;
	return 0;
}

static void fill(struct sgit_revwalk_object *out, struct rw_objects *o, const struct sgit_oid *id,
		 enum sgit_object_type type)
{
	out->id = *id;
	out->type = type;
	out->path = o->path.ptr;
	out->path_len = o->path.len;
}

/* With path limiting, git lists only what lies on the way to the paths or under them. */
static int in_paths(struct sgit_revwalk *w, int dir)
{
	struct sgit_buf *path = &w->objs->path;
	size_t len = path->len;
	int rc;

	if (dir && sgit_buf_addch(path, '/') < 0)
		return 1;
	rc = sgit_pathspec_match(&w->paths, path->ptr, path->len) != SGIT_PATHSPEC_NONE;
	sgit_buf_truncate(path, len);
	return rc;
}

/* The next entry of the tree being listed: 0 with *out, 1 when no tree is open, < 0. */
static int next_in_tree(struct sgit_revwalk_object *out, struct sgit_revwalk *w)
{
	struct rw_objects *o = w->objs;
	struct sgit_tree_entry e;
	struct frame *f;
	int rc, dir;

	while (o->depth) {
		f = &o->stack[o->depth - 1];
		if ((rc = sgit_tree_iter_next(&e, &f->it, w->err)) < 0)
			return rc;
		if (!rc) {
			o->depth--;
			sgit_buf_truncate(&o->base, o->depth ? o->stack[o->depth - 1].baselen : 0);
			continue;
		}
		dir = sgit_tree_mode_is_tree(e.mode);
		if (e.mode == SGIT_FILEMODE_COMMIT || (mark_of(o, &e.id) & (OBJ_SEEN | OBJ_HIDDEN)))
			continue;
		sgit_buf_truncate(&o->base, f->baselen);
		if (sgit_buf_set(&o->path, o->base.ptr, o->base.len) < 0 ||
		    sgit_buf_add(&o->path, e.name, e.name_len) < 0)
			return sgit_error_nomem(w->err);
		if (w->prune && !in_paths(w, dir))
			continue;
		if (set_mark(o, &e.id, OBJ_SEEN) < 0)
			return sgit_error_nomem(w->err);
		fill(out, o, &e.id, dir ? SGIT_OBJ_TREE : SGIT_OBJ_BLOB);
		return dir ? open_tree(w, &e.id) : 0;
	}
	return 1;
}

int sgit_revwalk_next_object(struct sgit_revwalk_object *out, struct sgit_revwalk *walk)
{
	struct rw_objects *o = walk->objs;
	const struct pending *p;
	struct sgit_oid id;
	enum sgit_object_type type;
	int rc;

	if (!o || !walk->done)
		return sgit_error_set(walk->err, SGIT_EINVALID,
				      o ? "objects are listed once the commits are done" :
				      "the walk was not set up to list objects");
	for (;;) {
		if ((rc = next_in_tree(out, walk)) <= 0)
			return rc;
		if (o->pos < o->npending) {
			p = &o->pending[o->pos++];
			id = p->id;
			type = p->type;
			rc = sgit_buf_set(&o->path, p->name, p->name_len);
		} else if (o->pos < o->npending + o->ncommits) {
			id = walk->trees[o->commits[o->pos++ - o->npending]];
			type = SGIT_OBJ_TREE;
			rc = sgit_buf_set(&o->path, "", 0);
		} else {
			return 1;
		}
		if (rc < 0)
			return sgit_error_nomem(walk->err);
		if (mark_of(o, &id) & (OBJ_SEEN | OBJ_HIDDEN))
			continue;
		if (set_mark(o, &id, OBJ_SEEN) < 0)
			return sgit_error_nomem(walk->err);
		fill(out, o, &id, type);
		return type == SGIT_OBJ_TREE ? open_tree(walk, &id) : 0;
	}
}
