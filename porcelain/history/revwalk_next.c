/* porcelain/history/revwalk_next.c: which commit comes next: limited ranges, filters, sorts, counts */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "sgit/commit.h"
#include "sgit/revwalk.h"
#include "porcelain/history/revwalk_int.h"

/*
 * How many more hidden commits to take from the queue once only hidden ones
 * are left, so that a child dated before its parent (clock skew) still has
 * its hidden ancestors marked before the walk stops; git allows the same slack.
 */
#define SLOP 5

/* --since: older commits end their line of history. */
static int too_old(const struct sgit_revwalk *w, uint32_t i)
{
	return w->opts.has_since && w->opts.since >= 0 && w->nodes[i].date < (uint64_t)w->opts.since;
}

/* --until: newer commits are not shown. */
static int too_new(const struct sgit_revwalk *w, uint32_t i)
{
	return w->opts.has_until && (w->opts.until < 0 || w->nodes[i].date > (uint64_t)w->opts.until);
}

static int list_add(struct sgit_revwalk *w, uint32_t i)
{
	if (rw_grow((void **)&w->list, &w->alist, w->nlist + 1, sizeof(*w->list)) < 0)
		return sgit_error_nomem(w->err);
	w->list[w->nlist++] = i;
	return 0;
}

/* What is left to do once a hidden commit was taken: 1 when the limited walk may stop. */
static int done_with_hidden(struct sgit_revwalk *w, uint64_t last, int *slop)
{
	if (!w->nheap)
		return 1;
	if (last <= w->nodes[w->heap[0].node].date || w->nshown_queued) {
		*slop = SLOP;
		return 0;
	}
	return --*slop == 0;
}

/*
 * Walk the whole range into w->list (in queue order) before anything is
 * shown: a commit taken early may turn out hidden later. Stops once the
 * queue holds hidden commits only, older than the last one kept, SLOP times.
 */
static int limit(struct sgit_revwalk *w)
{
	uint64_t last = UINT64_MAX;
	int slop = SLOP, rc;
	size_t k;
	uint32_t i;

	while ((i = rw_queue_get(w)) != RW_NONE) {
		if (too_old(w, i))
			rw_set_hidden(w, i);
		if ((rc = rw_process_parents(w, i)) < 0)
			return rc;
		if (w->nodes[i].flags & RW_HIDDEN) {
			rw_drop_body(w, i);
			if ((rc = rw_mark_hidden_parents(w, i)) < 0)
				return rc;
			if (done_with_hidden(w, last, &slop))
				break;
			continue;
		}
		if (too_new(w, i)) {
			rw_drop_body(w, i);
			continue;
		}
		last = w->nodes[i].date;
		if ((rc = list_add(w, i)) < 0)
			return rc;
	}
	if (w->prune && w->opts.full_history && !w->opts.first_parent)
		for (k = 0; k < w->nlist; k++)
			if (!(w->nodes[w->list[k]].flags & (RW_HIDDEN | RW_TREESAME)) &&
			    (rc = rw_update_treesame(w, w->list[k])) < 0)
				return rc;
	return 0;
}

/*
 * Kahn's algorithm over w->list: a commit becomes ready when its last child
 * in the set has been emitted. --date-order takes the newest ready commit;
 * --topo-order takes the most recently readied one (a stack, the starting
 * tips in list order), which keeps a line of history together.
 */
static int topo_sort(struct sgit_revwalk *w)
{
	uint32_t *sorted = NULL;
	size_t k, n = 0;
	uint32_t i, j, p;
	int rc = 0;

	for (k = 0; k < w->nlist; k++)
		w->nodes[w->list[k]].indegree = 1;
	for (k = 0; k < w->nlist; k++)
		for (j = 0; j < w->nodes[w->list[k]].nparents; j++)
			if (w->nodes[rw_parents(w, w->list[k])[j]].indegree)
				w->nodes[rw_parents(w, w->list[k])[j]].indegree++;
	w->bydate = w->opts.sort == SGIT_REVWALK_SORT_DATE;
	w->nheap = 0;
	for (k = w->nlist; k-- > 0;) {
		size_t at = w->bydate ? w->nlist - 1 - k : k;

		if (w->nodes[w->list[at]].indegree == 1 && (rc = rw_queue_put(w, w->list[at])) < 0)
			goto out;
	}
	if (w->nlist && !(sorted = malloc(w->nlist * sizeof(*sorted)))) {
		rc = sgit_error_nomem(w->err);
		goto out;
	}
	while ((i = rw_queue_get(w)) != RW_NONE) {
		for (j = 0; j < w->nodes[i].nparents; j++) {
			p = rw_parents(w, i)[j];
			if (w->nodes[p].indegree && --w->nodes[p].indegree == 1 &&
			    (rc = rw_queue_put(w, p)) < 0)
				goto out;
		}
		w->nodes[i].indegree = 0;
		sorted[n++] = i;
	}
	free(w->list);
	w->list = sorted;
	w->nlist = w->alist = n;
	sorted = NULL;
out:
	free(sorted);
	return rc;
}

/* The commit's bytes, kept from when it was read or read again into w->raw. */
static int commit_bytes(const char **buf, size_t *len, struct sgit_revwalk *w, uint32_t i)
{
	int rc;

	if (w->bodies && w->bodies[i].ptr) {
		*buf = w->bodies[i].ptr;
		*len = w->bodies[i].len;
		return 0;
	}
	if ((rc = rw_read(&w->raw, w, &w->nodes[i].id, SGIT_OBJ_COMMIT)) < 0)
		return rc;
	*buf = w->raw.ptr;
	*len = w->raw.len;
	return 0;
}

/*
 * --author, --committer, --grep: 1 when commit i passes them. Each commit
 * is matched once: --graph asks about a parent before it is returned.
 */
static int filters_pass(struct sgit_revwalk *w, uint32_t i)
{
	const char *buf;
	size_t len;
	int rc;

	if (!w->filter)
		return 1;
	if (!(w->nodes[i].flags & RW_MATCHED)) {
		if ((rc = commit_bytes(&buf, &len, w, i)) < 0)
			return rc;
		if ((rc = rw_filter_match(w->filter, buf, len)) < 0)
			return sgit_error_nomem(w->err);
		w->nodes[i].flags |= RW_MATCHED | (rc ? RW_MATCH : 0);
	}
	return (w->nodes[i].flags & RW_MATCH) != 0;
}

/* git's get_commit_action: 1 to show commit i, 0 to pass over it. */
static int wanted(struct sgit_revwalk *w, uint32_t i)
{
	const struct rw_node *n = &w->nodes[i];
	uint32_t k, relevant = 0;

	if (n->flags & (RW_HIDDEN | RW_SHOWN) || too_new(w, i))
		return 0;
	if ((long)n->nparents < w->opts.min_parents ||
	    (w->opts.max_parents >= 0 && (long)n->nparents > w->opts.max_parents))
		return 0;
	if (w->prune && (n->flags & RW_TREESAME)) {
		/* kept only where it joins two shown lines of history */
		if (!w->opts.rewrite_parents)
			return 0;
		for (k = 0; k < n->nparents; k++)
			relevant += rw_relevant(w, rw_parents(w, i)[k]);
		if (relevant < 2)
			return 0;
	}
	return filters_pass(w, i);
}

/* The next commit of the walk before --skip, -n and --reverse, or RW_NONE at the end. */
static int next_raw(uint32_t *out, struct sgit_revwalk *w)
{
	uint32_t i;
	int rc;

	*out = RW_NONE;
	for (;;) {
		if (w->buffered) {
			if (w->pos >= w->nlist)
				return 0;
			i = w->list[w->pos++];
		} else {
			if ((i = rw_queue_get(w)) == RW_NONE)
				return 0;
			if (too_old(w, i)) {
				rw_drop_body(w, i);
				continue;
			}
			if ((rc = rw_process_parents(w, i)) < 0)
				return rc;
		}
		if ((rc = wanted(w, i)) < 0)
			return rc;
		if (rc) {
			if (w->prune && w->opts.rewrite_parents && (rc = rw_rewrite_parents(w, i)) < 0)
				return rc;
			*out = i;
			return 0;
		}
		rw_drop_body(w, i);
	}
}

/* The next commit after --skip and -n, or RW_NONE. */
static int next_counted(uint32_t *out, struct sgit_revwalk *w)
{
	int rc;

	*out = RW_NONE;
	if (w->opts.max_count >= 0 && w->emitted >= w->opts.max_count)
		return 0;
	for (;;) {
		if ((rc = next_raw(out, w)) < 0 || *out == RW_NONE)
			return rc;
		if (w->skipped >= w->opts.skip)
			break;
		/* not SHOWN: a skipped parent of a later commit is still a boundary */
		w->skipped++;
		rw_drop_body(w, *out);
	}
	w->nodes[*out].flags |= RW_SHOWN;
	w->emitted++;
	return 0;
}

/* --boundary: the parents of returned commit i may be boundary commits. */
static int note_bounds(struct sgit_revwalk *w, uint32_t i)
{
	uint32_t k, p;

	for (k = 0; k < w->nodes[i].nparents; k++) {
		p = rw_parents(w, i)[k];
		if (w->nodes[p].flags & (RW_CHILD_SHOWN | RW_SHOWN))
			continue;
		w->nodes[p].flags |= RW_CHILD_SHOWN;
		if (rw_grow((void **)&w->bounds, &w->abounds, w->nbounds + 1, sizeof(*w->bounds)) < 0)
			return sgit_error_nomem(w->err);
		w->bounds[w->nbounds++] = p;
	}
	return 0;
}

/*
 * The boundary commits, once the walk proper is over: the candidates never
 * returned themselves, newest noted first, then sorted as git sorts them
 * (topologically, by date with --date-order).
 */
static int start_bounds(struct sgit_revwalk *w)
{
	size_t k;
	uint32_t i;

	w->in_boundary = 1;
	w->nlist = w->pos = 0;
	for (k = w->nbounds; k-- > 0;) {
		i = w->bounds[k];
		if (w->nodes[i].flags & (RW_SHOWN | RW_BOUNDARY))
			continue;
		w->nodes[i].flags |= RW_BOUNDARY;
		if (list_add(w, i) < 0)
			return SGIT_ENOMEM;
	}
	return topo_sort(w);
}

/* The next commit after --skip and -n, then the boundary commits with --boundary. */
static int next_shown(uint32_t *out, struct sgit_revwalk *w)
{
	int rc;

	if (w->in_boundary) {
		*out = w->pos < w->nlist ? w->list[w->pos++] : RW_NONE;
		if (*out != RW_NONE)
			w->nodes[*out].flags |= RW_SHOWN;
		return 0;
	}
	if ((rc = next_counted(out, w)) < 0 || !w->opts.boundary)
		return rc;
	if (*out != RW_NONE)
		return note_bounds(w, *out);
	return (rc = start_bounds(w)) < 0 ? rc : next_shown(out, w);
}

/* --reverse: take the whole counted walk, then hand it out backwards. */
static int reverse_all(struct sgit_revwalk *w)
{
	uint32_t *all = NULL, i, t;
	size_t n = 0, a = 0, k;
	int rc;

	while ((rc = next_shown(&i, w)) == 0 && i != RW_NONE) {
		if (rw_grow((void **)&all, &a, n + 1, sizeof(*all)) < 0) {
			rc = sgit_error_nomem(w->err);
			break;
		}
		all[n++] = i;
	}
	if (rc < 0) {
		free(all);
		return rc;
	}
	for (k = 0; k < n / 2; k++) {
		t = all[k];
		all[k] = all[n - 1 - k];
		all[n - 1 - k] = t;
	}
	free(w->list);
	w->list = all;
	w->nlist = n;
	w->alist = a;
	w->pos = 0;
	return 0;
}

static int start(struct sgit_revwalk *w)
{
	int rc;

	w->started = 1;
	if (w->opts.sort != SGIT_REVWALK_SORT_DEFAULT)
		w->limited = 1;
	if (w->limited) {
		if ((rc = limit(w)) < 0 ||
		    (w->opts.sort != SGIT_REVWALK_SORT_DEFAULT && (rc = topo_sort(w)) < 0) ||
		    (w->objs && (rc = rw_objects_mark_edges(w)) < 0))
			return rc;
		w->buffered = 1;
	}
	return w->opts.reverse ? reverse_all(w) : 0;
}

/* Let go of the commit returned last. */
static void release_current(struct sgit_revwalk *w)
{
	if (w->current != RW_NONE)
		rw_drop_body(w, w->current);
	sgit_commit_free(w->current_commit);
	w->current_commit = NULL;
	w->current = RW_NONE;
}

int sgit_revwalk_next(struct sgit_oid *out, struct sgit_revwalk *walk)
{
	uint32_t i = RW_NONE;
	int rc;

	release_current(walk);
	if (walk->done)
		return 1;
	if (!walk->started && (rc = start(walk)) < 0)
		return rc;
	if (walk->opts.reverse) {
		if (walk->pos < walk->nlist)
			i = walk->list[walk->pos++];
	} else if ((rc = next_shown(&i, walk)) < 0) {
		return rc;
	}
	if (i == RW_NONE) {
		walk->done = 1;
		return 1;
	}
	if (walk->objs && (rc = rw_objects_commit(walk, i)) < 0)
		return rc;
	walk->current = i;
	*out = walk->nodes[i].id;
	return 0;
}

int sgit_revwalk_is_boundary(const struct sgit_revwalk *walk)
{
	return walk->current != RW_NONE && (walk->nodes[walk->current].flags & RW_BOUNDARY);
}

int sgit_revwalk_is_left(const struct sgit_revwalk *walk)
{
	return walk->current != RW_NONE && (walk->nodes[walk->current].flags & RW_LEFT);
}

size_t sgit_revwalk_parent_count(const struct sgit_revwalk *walk)
{
	return walk->current == RW_NONE ? 0 : walk->nodes[walk->current].nparents;
}

const struct sgit_oid *sgit_revwalk_parent_id(const struct sgit_revwalk *walk, size_t i)
{
	const struct rw_node *n;

	if (walk->current == RW_NONE || i >= walk->nodes[walk->current].nparents)
		return NULL;
	n = &walk->nodes[walk->current];
	return &walk->nodes[walk->pool[n->parents + i]].id;
}

int sgit_revwalk_commit(const struct sgit_commit **out, struct sgit_revwalk *walk)
{
	const char *buf;
	size_t len;
	int rc;

	*out = NULL;
	if (walk->current == RW_NONE)
		return sgit_error_set(walk->err, SGIT_EINVALID, "no commit has been returned");
	if (!walk->current_commit) {
		if ((rc = commit_bytes(&buf, &len, walk, walk->current)) < 0 ||
		    (rc = sgit_commit_parse(&walk->current_commit, buf, len, walk->err)) < 0)
			return rc;
		rw_drop_body(walk, walk->current);
	}
	*out = walk->current_commit;
	return 0;
}

/*
 * What a streaming walk has not worked out yet about a commit it has only
 * queued: with path limiting, whether it changes the paths. (A limited
 * walk has settled every commit it will return, and git leaves the others
 * as they are, so they stay so.)
 */
static int settle(struct sgit_revwalk *w, uint32_t p)
{
	int rc;

	if (!w->prune || w->limited || (w->nodes[p].flags & (RW_SIMPLIFIED | RW_ADDED | RW_HIDDEN)))
		return 0;
	if ((rc = rw_load(w, p)) < 0)
		return rc;
	return rw_simplify(w, p);
}

/* git's graph_is_interesting() for the parents of the commit returned last. */
int sgit_revwalk_parent_shown(struct sgit_revwalk *walk, size_t i)
{
	uint32_t p;
	int rc;

	if (walk->current == RW_NONE || i >= walk->nodes[walk->current].nparents ||
	    (i && walk->opts.first_parent))
		return 0;
	p = rw_parents(walk, walk->current)[i];
	if (walk->opts.boundary && (walk->nodes[p].flags & RW_CHILD_SHOWN))
		return 1;
	if (too_old(walk, p))
		return 0;
	if ((rc = settle(walk, p)) < 0)
		return rc;
	return wanted(walk, p);
}
