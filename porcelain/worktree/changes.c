/*
 * porcelain/worktree/changes.c: change lists, and the comparisons that involve trees:
 * tree against tree, tree against the index. A tree's entries read
 * depth-first in tree order come out in bytewise order of their full paths
 * (tree order compares a folder's name as if it ended with '/'), which is
 * also the index's order: both sides can be merged in one pass.
 */
#include <stdlib.h>
#include <string.h>
#include "porcelain/worktree/changes_int.h"
#include "porcelain/index/index_int.h"
#include "sgit/odb.h"
#include "sgit/tree.h"

struct sgit_change *sgit_changes__push(struct sgit_changes *l, const char *path, size_t len,
				       char status)
{
	struct sgit_change *c;

	if (l->nr == l->alloc) {
		size_t alloc = l->alloc ? l->alloc * 2 : 16;
		struct sgit_change *p = realloc(l->items, alloc * sizeof(*p));

		if (!p)
			return NULL;
		l->items = p;
		l->alloc = alloc;
	}
	c = &l->items[l->nr];
	memset(c, 0, sizeof(*c));
	if (!(c->path = malloc(len + 1)))
		return NULL;
	memcpy(c->path, path, len);
	c->path[len] = '\0';
	c->path_len = len;
	c->status = status;
	l->nr++;
	return c;
}

void sgit_changes__clear(struct sgit_changes *l)
{
	size_t i;

	for (i = 0; i < l->nr; i++)
		free(l->items[i].path);
	l->nr = 0;
}

void sgit_changes_release(struct sgit_changes *list)
{
	sgit_changes__clear(list);
	free(list->items);
	list->items = NULL;
	list->alloc = 0;
}

int sgit_changes__pathcmp(const char *a, size_t alen, const char *b, size_t blen)
{
	int c = memcmp(a, b, alen < blen ? alen : blen);

	if (c)
		return c;
	return alen < blen ? -1 : alen > blen;
}

static int change_cmp(const void *a, const void *b)
{
	const struct sgit_change *x = a, *y = b;

	return sgit_changes__pathcmp(x->path, x->path_len, y->path, y->path_len);
}

void sgit_changes__sort(struct sgit_changes *l)
{
	if (l->nr > 1)
		qsort(l->items, l->nr, sizeof(*l->items), change_cmp);
}

const struct sgit_change *sgit_changes_find(const struct sgit_changes *list, const char *path)
{
	size_t lo = 0, hi = list->nr, len = strlen(path);

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct sgit_change *c = &list->items[mid];
		int cmp = sgit_changes__pathcmp(path, len, c->path, c->path_len);

		if (!cmp)
			return c;
		if (cmp < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

unsigned int sgit_changes__stages(const struct sgit_index *idx, size_t pos, size_t *end)
{
	const struct sgit_index_entry *first = sgit_index_entry_at(idx, pos), *e;
	unsigned int mask = 0;

	for (; (e = sgit_index_entry_at(idx, pos)) != NULL; pos++) {
		if (e->path_len != first->path_len || memcmp(e->path, first->path, e->path_len))
			break;
		if (e->stage >= 1 && e->stage <= 3)
			mask |= SGIT_CHANGE_STAGE(e->stage);
	}
	*end = pos;
	return mask;
}

static int type_differs(unsigned int a, unsigned int b)
{
	return (a & 0170000) != (b & 0170000);
}

/* ---- reading trees ---- */

/* A tree's bytes, read and checked to be a tree; an absent id gives no bytes. */
static int read_tree(struct sgit_buf *out, struct sgit_repo *repo, const struct sgit_oid *id)
{
	enum sgit_object_type type;
	char hex[SGIT_OID_HEXSZ + 1];
	int rc;

	sgit_buf_reset(out);
	if (!id)
		return 0;
	if ((rc = sgit_odb_read(out, &type, sgit_repo_odb(repo), id)) < 0)
		return rc;
	if (type != SGIT_OBJ_TREE)
		return sgit_error_set(sgit_repo_error(repo), SGIT_ECORRUPT, "object '%s' is not a tree",
				      sgit_oid_tohex(hex, id));
	return 0;
}

/* Every file of a tree, flattened: paths in one arena, in full-path order. */
struct flat_entry {
	size_t off, len;
	unsigned int mode;
	struct sgit_oid id;
};

struct flat_tree {
	struct flat_entry *v;
	size_t nr, alloc;
	struct sgit_buf paths;
};

static int flat_push(struct flat_tree *ft, const struct sgit_buf *path, unsigned int mode,
		     const struct sgit_oid *id)
{
	struct flat_entry *e;

	if (ft->nr == ft->alloc) {
		size_t alloc = ft->alloc ? ft->alloc * 2 : 256;
		struct flat_entry *p = realloc(ft->v, alloc * sizeof(*p));

		if (!p)
			return SGIT_ENOMEM;
		ft->v = p;
		ft->alloc = alloc;
	}
	e = &ft->v[ft->nr];
	e->off = ft->paths.len;
	e->len = path->len;
	e->mode = mode;
	e->id = *id;
	if (sgit_buf_add(&ft->paths, path->ptr, path->len + 1) < 0)
		return SGIT_ENOMEM;
	ft->nr++;
	return 0;
}

static const char *flat_path(const struct flat_tree *ft, size_t i)
{
	return ft->paths.ptr + ft->v[i].off;
}

struct walk {
	struct sgit_repo *repo;
	const struct sgit_pathspec *ps;
	struct sgit_buf path;		/* the folder being read, with its final '/' */
};

static int too_deep(struct walk *w, int depth)
{
	if (depth < CHANGES_MAX_DEPTH)
		return 0;
	return sgit_error_set(sgit_repo_error(w->repo), SGIT_ECORRUPT,
			      "trees nested too deeply at '%s'", w->path.ptr);
}

/* Append entry's name (and '/' for a folder) to w->path; the pathspec's verdict on it. */
static int enter(struct walk *w, const struct sgit_tree_entry *e, int *selected)
{
	int is_tree = sgit_tree_mode_is_tree(e->mode);
	enum sgit_pathspec_match m;

	if (sgit_buf_add(&w->path, e->name, e->name_len) < 0 ||
	    (is_tree && sgit_buf_addch(&w->path, '/') < 0))
		return sgit_error_nomem(sgit_repo_error(w->repo));
	m = sgit_pathspec_match(w->ps, w->path.ptr, w->path.len);
	*selected = m != SGIT_PATHSPEC_NONE && (is_tree || m != SGIT_PATHSPEC_LEADING);
	return 0;
}

static int flatten(struct flat_tree *ft, struct walk *w, const struct sgit_oid *id, int depth)
{
	struct sgit_buf data = SGIT_BUF_INIT;
	struct sgit_tree_iter it;
	struct sgit_tree_entry e;
	size_t base = w->path.len;
	int rc, selected;

	if ((rc = too_deep(w, depth)) < 0 || (rc = read_tree(&data, w->repo, id)) < 0)
		goto out;
	sgit_tree_iter_init(&it, data.ptr, data.len);
	while ((rc = sgit_tree_iter_next(&e, &it, sgit_repo_error(w->repo))) > 0) {
		if ((rc = enter(w, &e, &selected)) < 0)
			goto out;
		if (selected && sgit_tree_mode_is_tree(e.mode))
			rc = flatten(ft, w, &e.id, depth + 1);
		else if (selected && (rc = flat_push(ft, &w->path, e.mode, &e.id)) < 0)
			rc = sgit_error_nomem(sgit_repo_error(w->repo));
		sgit_buf_truncate(&w->path, base);
		if (rc < 0)
			goto out;
	}
out:
	sgit_buf_release(&data);
	return rc;
}

/* ---- tree against tree ---- */

static int diff_trees(struct sgit_changes *out, struct walk *w, const struct sgit_oid *a,
		      const struct sgit_oid *b, int depth);

/* One side's entry alone: the file, or every file of the folder, added or deleted. */
static int one_side(struct sgit_changes *out, struct walk *w, const struct sgit_tree_entry *e,
		    int added, int depth)
{
	struct sgit_change *c;

	if (sgit_tree_mode_is_tree(e->mode))
		return added ? diff_trees(out, w, NULL, &e->id, depth + 1)
			     : diff_trees(out, w, &e->id, NULL, depth + 1);
	if (!(c = sgit_changes__push(out, w->path.ptr, w->path.len,
				     added ? SGIT_CHANGE_ADDED : SGIT_CHANGE_DELETED)))
		return sgit_error_nomem(sgit_repo_error(w->repo));
	if (added) {
		c->new_mode = e->mode;
		c->new_id = e->id;
	} else {
		c->old_mode = e->mode;
		c->old_id = e->id;
	}
	return 0;
}

static int both_sides(struct sgit_changes *out, struct walk *w, const struct sgit_tree_entry *ea,
		      const struct sgit_tree_entry *eb, int depth)
{
	struct sgit_change *c;

	if (ea->mode == eb->mode && sgit_oid_equal(&ea->id, &eb->id))
		return 0;
	if (sgit_tree_mode_is_tree(ea->mode))
		return diff_trees(out, w, &ea->id, &eb->id, depth + 1);
	if (!(c = sgit_changes__push(out, w->path.ptr, w->path.len,
				     type_differs(ea->mode, eb->mode) ? SGIT_CHANGE_TYPE
								      : SGIT_CHANGE_MODIFIED)))
		return sgit_error_nomem(sgit_repo_error(w->repo));
	c->old_mode = ea->mode;
	c->old_id = ea->id;
	c->new_mode = eb->mode;
	c->new_id = eb->id;
	c->new_id_known = 1;
	return 0;
}

/* Next entry of it into e, or has = 0 at the end. */
static int next_entry(struct sgit_tree_entry *e, int *has, struct sgit_tree_iter *it,
		      struct walk *w)
{
	int rc = sgit_tree_iter_next(e, it, sgit_repo_error(w->repo));

	*has = rc > 0;
	return rc < 0 ? rc : 0;
}

static int diff_step(struct sgit_changes *out, struct walk *w, const struct sgit_tree_entry *ea,
		     const struct sgit_tree_entry *eb, int cmp, int depth)
{
	const struct sgit_tree_entry *e = cmp <= 0 ? ea : eb;
	size_t base = w->path.len;
	int rc, selected;

	if ((rc = enter(w, e, &selected)) < 0 || !selected)
		goto out;
	if (cmp < 0)
		rc = one_side(out, w, ea, 0, depth);
	else if (cmp > 0)
		rc = one_side(out, w, eb, 1, depth);
	else
		rc = both_sides(out, w, ea, eb, depth);
out:
	sgit_buf_truncate(&w->path, base);
	return rc;
}

static int diff_trees(struct sgit_changes *out, struct walk *w, const struct sgit_oid *a,
		      const struct sgit_oid *b, int depth)
{
	struct sgit_buf da = SGIT_BUF_INIT, db = SGIT_BUF_INIT;
	struct sgit_tree_iter ia, ib;
	struct sgit_tree_entry ea, eb;
	int rc, has_a, has_b, cmp;

	if ((rc = too_deep(w, depth)) < 0 || (rc = read_tree(&da, w->repo, a)) < 0 ||
	    (rc = read_tree(&db, w->repo, b)) < 0)
		goto out;
	sgit_tree_iter_init(&ia, da.ptr, da.len);
	sgit_tree_iter_init(&ib, db.ptr, db.len);
	if ((rc = next_entry(&ea, &has_a, &ia, w)) < 0 || (rc = next_entry(&eb, &has_b, &ib, w)) < 0)
		goto out;
	while (has_a || has_b) {
		if (!has_a || !has_b)
			cmp = has_a ? -1 : 1;
		else
			cmp = sgit_tree_entry_cmp(ea.name, ea.name_len, ea.mode, eb.name, eb.name_len,
						  eb.mode);
		if ((rc = diff_step(out, w, &ea, &eb, cmp, depth)) < 0)
			goto out;
		if (cmp <= 0 && (rc = next_entry(&ea, &has_a, &ia, w)) < 0)
			goto out;
		if (cmp >= 0 && (rc = next_entry(&eb, &has_b, &ib, w)) < 0)
			goto out;
	}
out:
	sgit_buf_release(&da);
	sgit_buf_release(&db);
	return rc;
}

int sgit_changes_tree_tree(struct sgit_changes *out, struct sgit_repo *repo,
			   const struct sgit_oid *old_tree, const struct sgit_oid *new_tree,
			   const struct sgit_pathspec *ps)
{
	struct walk w = { repo, ps, SGIT_BUF_INIT };
	int rc = 0;

	sgit_changes__clear(out);
	if ((old_tree || new_tree) && !(old_tree && new_tree && sgit_oid_equal(old_tree, new_tree)))
		rc = diff_trees(out, &w, old_tree, new_tree, 0);
	if (rc < 0)
		sgit_changes__clear(out);
	sgit_buf_release(&w.path);
	return rc;
}

/* ---- tree against index ---- */

struct merge {
	struct sgit_changes *out;
	struct sgit_repo *repo;
	const struct flat_tree *ft;
	size_t j;			/* next tree entry */
};

static int push_tree_side(struct merge *m, size_t j, char status, struct sgit_change **c)
{
	const struct flat_entry *f = &m->ft->v[j];

	if (!(*c = sgit_changes__push(m->out, flat_path(m->ft, j), f->len, status)))
		return sgit_error_nomem(sgit_repo_error(m->repo));
	(*c)->old_mode = f->mode;
	(*c)->old_id = f->id;
	return 0;
}

/* Tree entries before path (len bytes) are deletions; *same gets the one at path, if any. */
static int drain_tree(struct merge *m, const char *path, size_t len, const struct flat_entry **same)
{
	struct sgit_change *c;
	int rc, cmp;

	*same = NULL;
	for (; m->j < m->ft->nr; m->j++) {
		cmp = path ? sgit_changes__pathcmp(flat_path(m->ft, m->j), m->ft->v[m->j].len, path, len)
			   : -1;
		if (cmp > 0)
			break;
		if (cmp == 0) {
			*same = &m->ft->v[m->j++];
			break;
		}
		if ((rc = push_tree_side(m, m->j, SGIT_CHANGE_DELETED, &c)) < 0)
			return rc;
	}
	return 0;
}

/* One index path: the entry at *pos (all its stages), against the tree. */
static int merge_one(struct merge *m, const struct sgit_index *idx, size_t *pos)
{
	const struct sgit_index_entry *e = sgit_index_entry_at(idx, *pos);
	const struct flat_entry *f;
	struct sgit_change *c;
	unsigned int stages = 0;
	size_t end = *pos + 1;
	int rc;

	if (e->stage)
		stages = sgit_changes__stages(idx, *pos, &end);
	*pos = end;
	if ((rc = drain_tree(m, e->path, e->path_len, &f)) < 0)
		return rc;
	if (!stages && f && f->mode == e->mode && sgit_oid_equal(&f->id, &e->id))
		return 0;
	if (!(c = sgit_changes__push(m->out, e->path, e->path_len,
				     stages ? SGIT_CHANGE_UNMERGED
				     : !f ? SGIT_CHANGE_ADDED
				     : type_differs(f->mode, e->mode) ? SGIT_CHANGE_TYPE
								       : SGIT_CHANGE_MODIFIED)))
		return sgit_error_nomem(sgit_repo_error(m->repo));
	c->stages = stages;
	if (f) {
		c->old_mode = f->mode;
		c->old_id = f->id;
	}
	if (!stages) {
		c->new_mode = e->mode;
		c->new_id = e->id;
		c->new_id_known = 1;
	}
	return 0;
}

static int merge_index(struct merge *m, const struct sgit_index *idx, const struct sgit_pathspec *ps)
{
	const struct sgit_index_entry *e;
	const struct flat_entry *none;
	size_t pos = 0;
	int rc;

	while ((e = sgit_index_entry_at(idx, pos)) != NULL) {
		if ((!e->stage && (e->flags & SGIT_INDEX_INTENT_TO_ADD)) ||
		    !sgit_pathspec_selects(ps, e->path, e->path_len)) {
			pos++;
			continue;
		}
		if ((rc = merge_one(m, idx, &pos)) < 0)
			return rc;
	}
	return drain_tree(m, NULL, 0, &none);
}

/*
 * When the index's cache tree is valid at the root and names tree itself,
 * the index holds exactly that tree: nothing is staged, and no tree needs
 * to be read (git takes the same shortcut through its cache tree).
 */
static int index_is_tree(const struct sgit_index *idx, const struct sgit_oid *tree)
{
	return idx->ctree && idx->ctree->count >= 0 && sgit_oid_equal(&idx->ctree->id, tree) &&
	       !sgit_index_has_conflicts(idx);
}

int sgit_changes_tree_index(struct sgit_changes *out, struct sgit_repo *repo,
			    const struct sgit_oid *tree, const struct sgit_index *idx,
			    const struct sgit_pathspec *ps)
{
	struct flat_tree ft = { NULL, 0, 0, SGIT_BUF_INIT };
	struct walk w = { repo, ps, SGIT_BUF_INIT };
	struct merge m = { out, repo, &ft, 0 };
	int rc = 0;

	sgit_changes__clear(out);
	if (tree && index_is_tree(idx, tree))
		goto out;
	if (tree)
		rc = flatten(&ft, &w, tree, 0);
	if (rc >= 0)
		rc = merge_index(&m, idx, ps);
	if (rc < 0)
		sgit_changes__clear(out);
out:
	free(ft.v);
	sgit_buf_release(&ft.paths);
	sgit_buf_release(&w.path);
	return rc < 0 ? rc : 0;
}
