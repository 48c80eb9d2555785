/* porcelain/history/revwalk_paths.c: path limiting: which commits change the paths, which parent to follow */
#include <stdlib.h>
#include <string.h>
#include "sgit/tree.h"
#include "porcelain/history/revwalk_int.h"

/*
 * A commit and its parent are compared from their root trees down, and the
 * next commit compares that parent with its own: the last few trees read are
 * kept so that each is inflated about once.
 */
#define TCACHE 16

struct rw_treecache {
	struct sgit_oid ids[TCACHE];
	struct sgit_buf bufs[TCACHE];
	int used[TCACHE];
	size_t next;
};

int rw_paths_init(struct sgit_revwalk *w, const struct sgit_revwalk_options *o)
{
	size_t k;

	if (!o->npaths)
		return 0;
	if (sgit_pathspec_init(&w->paths, o->paths, o->npaths) < 0 ||
	    !(w->tcache = calloc(1, sizeof(*w->tcache))))
		return SGIT_ENOMEM;
	for (k = 0; k < TCACHE; k++)
		sgit_buf_init(&w->tcache->bufs[k]);
	w->prune = 1;
	return 0;
}

void rw_paths_release(struct sgit_revwalk *w)
{
	size_t k;

	sgit_pathspec_release(&w->paths);
	if (w->tcache)
		for (k = 0; k < TCACHE; k++)
			sgit_buf_release(&w->tcache->bufs[k]);
	free(w->tcache);
	w->tcache = NULL;
}

/* The bytes of tree id into out, from the cache when they are there. */
static int tree_read(struct sgit_buf *out, struct sgit_revwalk *w, const struct sgit_oid *id)
{
	struct rw_treecache *c = w->tcache;
	size_t k;
	int rc;

	for (k = 0; k < TCACHE; k++)
		if (c->used[k] && sgit_oid_equal(&c->ids[k], id))
			return sgit_buf_set(out, c->bufs[k].ptr, c->bufs[k].len) < 0 ?
				sgit_error_nomem(w->err) : 0;
	if ((rc = rw_read(out, w, id, SGIT_OBJ_TREE)) < 0)
		return rc;
	k = c->next++ % TCACHE;
	c->used[k] = 0;
	if (sgit_buf_set(&c->bufs[k], out->ptr, out->len) == 0) {
		c->ids[k] = *id;
		c->used[k] = 1;
	}
	return 0;
}

static int trees_differ(struct sgit_revwalk *w, const struct sgit_oid *a, const struct sgit_oid *b,
			struct sgit_buf *base, int all);

/*
 * One name of the two trees being compared (ea or eb NULL when the name is
 * on one side only): 1 when it makes a difference under the paths. Folders
 * are compared by what they hold, as git's recursive diff sees no change
 * in a folder that only gains an empty folder.
 */
static int entry_differs(struct sgit_revwalk *w, const struct sgit_tree_entry *ea,
			 const struct sgit_tree_entry *eb, struct sgit_buf *base, int all)
{
	const struct sgit_tree_entry *e = ea ? ea : eb;
	int dir = sgit_tree_mode_is_tree(e->mode), rc;
	enum sgit_pathspec_match m = SGIT_PATHSPEC_BELOW;
	size_t baselen = base->len;

	if (ea && eb && ea->mode == eb->mode && sgit_oid_equal(&ea->id, &eb->id))
		return 0;
	if (sgit_buf_add(base, e->name, e->name_len) < 0 || (dir && sgit_buf_addch(base, '/') < 0))
		return sgit_error_nomem(w->err);
	if (!all)
		m = sgit_pathspec_match(&w->paths, base->ptr, base->len);
	if (m == SGIT_PATHSPEC_NONE)
		rc = 0;
	else if (dir)
		rc = trees_differ(w, ea ? &ea->id : NULL, eb ? &eb->id : NULL, base,
				  all || m != SGIT_PATHSPEC_LEADING);
	else
		rc = !ea || !eb || !sgit_oid_equal(&ea->id, &eb->id) || ea->mode != eb->mode;
	sgit_buf_truncate(base, baselen);
	return rc;
}

static int iter_next(int *have, struct sgit_tree_entry *e, struct sgit_tree_iter *it,
		     struct sgit_revwalk *w)
{
	int rc = *have ? sgit_tree_iter_next(e, it, w->err) : 0;

	*have = rc > 0;
	return rc < 0 ? rc : 0;
}

/* 1 when something under the paths differs between trees a and b (NULL: empty) below base. */
static int trees_differ(struct sgit_revwalk *w, const struct sgit_oid *a, const struct sgit_oid *b,
			struct sgit_buf *base, int all)
{
	struct sgit_buf ta = SGIT_BUF_INIT, tb = SGIT_BUF_INIT;
	struct sgit_tree_entry ea, eb;
	struct sgit_tree_iter ia, ib;
	int ha = a != NULL, hb = b != NULL, rc = 0, cmp;

	if (a && b && sgit_oid_equal(a, b))
		return 0;
	if ((a && (rc = tree_read(&ta, w, a)) < 0) || (b && (rc = tree_read(&tb, w, b)) < 0))
		goto out;
	sgit_tree_iter_init(&ia, ta.ptr, ta.len);
	sgit_tree_iter_init(&ib, tb.ptr, tb.len);
	if ((rc = iter_next(&ha, &ea, &ia, w)) < 0 || (rc = iter_next(&hb, &eb, &ib, w)) < 0)
		goto out;
	while (ha || hb) {
		cmp = !ha ? 1 : !hb ? -1 : sgit_tree_entry_cmp(ea.name, ea.name_len, ea.mode,
								eb.name, eb.name_len, eb.mode);
		if ((rc = entry_differs(w, cmp <= 0 ? &ea : NULL, cmp >= 0 ? &eb : NULL, base, all)) != 0)
			goto out;
		if ((cmp <= 0 && (rc = iter_next(&ha, &ea, &ia, w)) < 0) ||
		    (cmp >= 0 && (rc = iter_next(&hb, &eb, &ib, w)) < 0))
			goto out;
	}
out:
	sgit_buf_release(&ta);
	sgit_buf_release(&tb);
	return rc;
}

/* 1 when commit i changes something under the paths against parent p (RW_NONE: no parent). */
static int changes(struct sgit_revwalk *w, uint32_t p, uint32_t i)
{
	struct sgit_buf base = SGIT_BUF_INIT;
	int rc;

	rc = trees_differ(w, p == RW_NONE ? NULL : &w->trees[p], &w->trees[i], &base, 0);
	sgit_buf_release(&base);
	return rc;
}

int rw_simplify(struct sgit_revwalk *w, uint32_t i)
{
	uint32_t np = w->nodes[i].nparents, k, p;
	int relevant_parents = 0, relevant_change = 0, irrelevant_change = 0, relevant, rc;

	w->nodes[i].flags |= RW_SIMPLIFIED;
	if (!np) {
		if ((rc = changes(w, RW_NONE, i)) < 0)
			return rc;
		if (!rc)
			w->nodes[i].flags |= RW_TREESAME;
		return 0;
	}
	for (k = 0; k < np; k++) {
		p = rw_parents(w, i)[k];
		relevant = rw_relevant(w, p);
		relevant_parents += relevant;
		/* the first parent alone decides, not a side line that brought the change */
		if (k == 1 && w->opts.first_parent)
			break;
		if ((rc = rw_load(w, p)) < 0 || (rc = changes(w, p, i)) < 0)
			return rc;
		if (!rc) {
			if (w->opts.full_history || !relevant)
				continue;
			/* the same as one parent: all of it came from there, follow only that one */
			rw_parents(w, i)[0] = p;
			w->nodes[i].nparents = 1;
			w->nodes[i].flags |= RW_TREESAME;
			return 0;
		}
		if (relevant)
			relevant_change = 1;
		else
			irrelevant_change = 1;
	}
	if (relevant_parents ? !relevant_change : !irrelevant_change)
		w->nodes[i].flags |= RW_TREESAME;
	return 0;
}

int rw_update_treesame(struct sgit_revwalk *w, uint32_t i)
{
	uint32_t np = w->nodes[i].nparents, k, p;
	int relevant = 0, relevant_change = 0, irrelevant_change = 0, rc;

	if (np < 2)
		return 0;
	for (k = 0; k < np; k++) {
		p = rw_parents(w, i)[k];
		if ((rc = changes(w, p, i)) < 0)
			return rc;
		if (rw_relevant(w, p)) {
			relevant_change |= rc;
			relevant++;
		} else {
			irrelevant_change |= rc;
		}
	}
	if (relevant ? relevant_change : irrelevant_change)
		w->nodes[i].flags &= ~RW_TREESAME;
	else
		w->nodes[i].flags |= RW_TREESAME;
	return 0;
}

/* The one parent of p worth following, or RW_NONE when there are several (or none). */
static uint32_t one_relevant_parent(struct sgit_revwalk *w, uint32_t p)
{
	uint32_t k, q, found = RW_NONE;

	if (w->opts.first_parent || w->nodes[p].nparents == 1)
		return rw_parents(w, p)[0];
	for (k = 0; k < w->nodes[p].nparents; k++) {
		q = rw_parents(w, p)[k];
		if (!rw_relevant(w, q))
			continue;
		if (found != RW_NONE)
			return RW_NONE;
		found = q;
	}
	return found;
}

/*
 * git's log and rev-list free the parents of each commit they have shown;
 * a TREESAME commit returned before its child (clock skew) then looks like
 * a root to the child's rewriting. Not with --reverse, which rewrites every
 * commit before showing any.
 */
static int parents_forgotten(const struct sgit_revwalk *w, uint32_t q)
{
	return (w->nodes[q].flags & RW_SHOWN) && !w->opts.reverse;
}

/* Follow *p down through commits that will not be shown: 1 with *p set, 0 when none is left. */
static int rewrite_one(struct sgit_revwalk *w, uint32_t *p)
{
	uint32_t q = *p;
	int rc;

	for (;;) {
		if (!w->limited && (rc = rw_process_parents(w, q)) < 0)
			return rc;
		if ((w->nodes[q].flags & RW_HIDDEN) || !(w->nodes[q].flags & RW_TREESAME))
			break;
		if (!w->nodes[q].nparents || parents_forgotten(w, q))
			return 0;
		if ((q = one_relevant_parent(w, q)) == RW_NONE)
			return 1;
		*p = q;
	}
	*p = q;
	return 1;
}

int rw_rewrite_parents(struct sgit_revwalk *w, uint32_t i)
{
	uint32_t first = w->nodes[i].parents, n = w->nodes[i].nparents, k, kept = 0, p;
	int rc;

	for (k = 0; k < n; k++) {
		p = w->pool[first + k];
		if ((rc = rewrite_one(w, &p)) < 0)
			return rc;
		if (rc)
			w->pool[first + kept++] = p;
	}
	/* the same commit reached through two parents is listed once */
	for (k = 0, n = kept, kept = 0; k < n; k++) {
		p = w->pool[first + k];
		if (w->nodes[p].flags & RW_TMP)
			continue;
		w->nodes[p].flags |= RW_TMP;
		w->pool[first + kept++] = p;
	}
	for (k = 0; k < kept; k++)
		w->nodes[w->pool[first + k]].flags &= ~RW_TMP;
	w->nodes[i].nparents = kept;
	return 0;
}
