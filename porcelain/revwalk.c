/* porcelain/revwalk.c: the revision walk: a date-ordered queue, hidden ranges, topological sorts */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "sgit/commit.h"
#include "sgit/ident.h"
#include "sgit/revwalk.h"

#define NONE UINT32_MAX
/*
 * How many more hidden commits to take from the queue once only hidden ones
 * are left, so that a child dated before its parent (clock skew) still has
 * its hidden ancestors marked before the walk stops; git allows the same slack.
 */
#define SLOP 5

enum { LOADED = 1, SEEN = 2, HIDDEN = 4, QUEUED = 8 };

struct node {
	struct sgit_oid id;
	int64_t date;		/* committer time */
	uint32_t *parents;
	uint32_t nparents;
	uint32_t indegree;	/* topological sort: 0 = not in the set, else 1 + children left */
	unsigned flags;
};

struct qent {
	uint32_t node;
	uint64_t seq;		/* insertion order breaks ties between equal dates */
};

struct sgit_revwalk {
	struct sgit_odb *odb;
	struct sgit_error *err;
	struct sgit_revwalk_options opts;
	struct node *nodes;
	size_t nnodes, anodes;
	uint32_t *slots;	/* open addressing over nodes, NONE = empty */
	size_t nslots;
	struct qent *heap;
	size_t nheap, aheap;
	uint64_t seq;
	size_t nshown_queued;	/* queued commits not hidden: the walk of a range stops at 0 */
	int bydate;		/* heap ordered by date (else a stack, for --topo-order) */
	uint32_t *list;		/* buffered result (limited walk or --reverse) */
	size_t nlist, alist, pos;
	int started, buffered, hidden_any;
	long skipped, emitted;
};

static int grow(void **ptr, size_t *alloc, size_t need, size_t size)
{
	size_t n = *alloc ? *alloc : 16;
	void *p;

	if (need <= *alloc)
		return 0;
	while (n < need)
		n *= 2;
	if (n > SIZE_MAX / size || !(p = realloc(*ptr, n * size)))
		return SGIT_ENOMEM;
	*ptr = p;
	*alloc = n;
	return 0;
}

static size_t hash_slot(const struct sgit_oid *id, size_t nslots)
{
	size_t h;

	memcpy(&h, id->id, sizeof(h));
	return h & (nslots - 1);
}

static int rehash(struct sgit_revwalk *w)
{
	size_t n = w->nslots ? w->nslots * 2 : 1024, i;
	uint32_t *s = malloc(n * sizeof(*s));

	if (!s)
		return sgit_error_nomem(w->err);
	memset(s, 0xff, n * sizeof(*s));
	for (i = 0; i < w->nnodes; i++) {
		size_t k = hash_slot(&w->nodes[i].id, n);

		while (s[k] != NONE)
			k = (k + 1) & (n - 1);
		s[k] = (uint32_t)i;
	}
	free(w->slots);
	w->slots = s;
	w->nslots = n;
	return 0;
}

/* The node of id, created (not loaded) when new. */
static int lookup(uint32_t *out, struct sgit_revwalk *w, const struct sgit_oid *id)
{
	size_t k;
	struct node *n;

	if ((w->nnodes + 1) * 2 > w->nslots && rehash(w) < 0)
		return SGIT_ENOMEM;
	for (k = hash_slot(id, w->nslots); w->slots[k] != NONE; k = (k + 1) & (w->nslots - 1))
		if (sgit_oid_equal(&w->nodes[w->slots[k]].id, id)) {
			*out = w->slots[k];
			return 0;
		}
	if (w->nnodes >= NONE - 1 ||
	    grow((void **)&w->nodes, &w->anodes, w->nnodes + 1, sizeof(*w->nodes)) < 0)
		return sgit_error_nomem(w->err);
	n = &w->nodes[w->nnodes];
	memset(n, 0, sizeof(*n));
	n->id = *id;
	w->slots[k] = (uint32_t)w->nnodes;
	*out = (uint32_t)w->nnodes++;
	return 0;
}

static int read_commit(struct sgit_commit **out, struct sgit_revwalk *w, const struct sgit_oid *id)
{
	struct sgit_buf raw = SGIT_BUF_INIT;
	enum sgit_object_type type;
	char hex[SGIT_OID_HEXSZ + 1];
	int rc;

	*out = NULL;
	if ((rc = sgit_odb_read(&raw, &type, w->odb, id)) < 0)
		goto out;
	if (type != SGIT_OBJ_COMMIT)
		rc = sgit_error_set(w->err, SGIT_EINVALID, "object '%s' is not a commit",
				    sgit_oid_tohex(hex, id));
	else
		rc = sgit_commit_parse(out, raw.ptr, raw.len, w->err);
out:
	sgit_buf_release(&raw);
	return rc;
}

/* Read the commit of node i once: its parents (as nodes) and committer date. */
static int load(struct sgit_revwalk *w, uint32_t i)
{
	struct sgit_commit *c = NULL;
	const struct sgit_header *h;
	struct sgit_ident who;
	uint32_t *parents = NULL, p;
	size_t np, k;
	int rc;

	if (w->nodes[i].flags & LOADED)
		return 0;
	if ((rc = read_commit(&c, w, &w->nodes[i].id)) < 0)
		goto out;
	np = sgit_commit_parent_count(c);
	if (np && !(parents = calloc(np, sizeof(*parents)))) {
		rc = sgit_error_nomem(w->err);
		goto out;
	}
	for (k = 0; k < np; k++) {
		if ((rc = lookup(&p, w, sgit_commit_parent_id(c, k))) < 0)
			goto out;
		parents[k] = p;
	}
	h = sgit_commit_committer(c);
	w->nodes[i].date = 0;
	if (h && sgit_ident_parse(&who, h->value, h->value_len, NULL) == 0 && who.has_date)
		w->nodes[i].date = who.time;
	w->nodes[i].parents = parents;
	w->nodes[i].nparents = (uint32_t)np;
	w->nodes[i].flags |= LOADED;
	parents = NULL;
out:
	free(parents);
	sgit_commit_free(c);
	return rc;
}

/* Queue order: newer date first, then first inserted first; a stack when not by date. */
static int before(const struct sgit_revwalk *w, const struct qent *a, const struct qent *b)
{
	if (w->bydate && w->nodes[a->node].date != w->nodes[b->node].date)
		return w->nodes[a->node].date > w->nodes[b->node].date;
	return w->bydate ? a->seq < b->seq : a->seq > b->seq;
}

static int queue_put(struct sgit_revwalk *w, uint32_t node)
{
	size_t i;

	if (grow((void **)&w->heap, &w->aheap, w->nheap + 1, sizeof(*w->heap)) < 0)
		return sgit_error_nomem(w->err);
	i = w->nheap++;
	w->nodes[node].flags |= QUEUED;
	if (!(w->nodes[node].flags & HIDDEN))
		w->nshown_queued++;
	w->heap[i].node = node;
	w->heap[i].seq = w->seq++;
	while (i && before(w, &w->heap[i], &w->heap[(i - 1) / 2])) {
		struct qent t = w->heap[i];

		w->heap[i] = w->heap[(i - 1) / 2];
		w->heap[(i - 1) / 2] = t;
		i = (i - 1) / 2;
	}
	return 0;
}

static uint32_t queue_get(struct sgit_revwalk *w)
{
	uint32_t top;
	size_t i = 0;

	if (!w->nheap)
		return NONE;
	top = w->heap[0].node;
	w->nodes[top].flags &= ~QUEUED;
	if (!(w->nodes[top].flags & HIDDEN))
		w->nshown_queued--;
	w->heap[0] = w->heap[--w->nheap];
	for (;;) {
		size_t l = 2 * i + 1, r = l + 1, m = i;
		struct qent t;

		if (l < w->nheap && before(w, &w->heap[l], &w->heap[m]))
			m = l;
		if (r < w->nheap && before(w, &w->heap[r], &w->heap[m]))
			m = r;
		if (m == i)
			break;
		t = w->heap[i];
		w->heap[i] = w->heap[m];
		w->heap[m] = t;
		i = m;
	}
	return top;
}

static void set_hidden(struct sgit_revwalk *w, uint32_t i)
{
	if ((w->nodes[i].flags & (HIDDEN | QUEUED)) == QUEUED)
		w->nshown_queued--;
	w->nodes[i].flags |= HIDDEN;
}

/* Hide the ancestors of node i that are known already; the rest get it when reached. */
static int mark_hidden_parents(struct sgit_revwalk *w, uint32_t i)
{
	uint32_t *stack = NULL;
	size_t n = 0, alloc = 0, k;
	int rc = 0;

	for (k = 0; k < w->nodes[i].nparents; k++) {
		if ((rc = grow((void **)&stack, &alloc, n + 1, sizeof(*stack))) < 0)
			goto out;
		stack[n++] = w->nodes[i].parents[k];
	}
	while (n) {
		struct node *p = &w->nodes[stack[--n]];

		if (p->flags & HIDDEN)
			continue;
		set_hidden(w, stack[n]);
		for (k = 0; k < p->nparents; k++) {
			if ((rc = grow((void **)&stack, &alloc, n + 1, sizeof(*stack))) < 0)
				goto out;
			stack[n++] = p->parents[k];
		}
	}
out:
	free(stack);
	return rc < 0 ? sgit_error_nomem(w->err) : 0;
}

static int add_start(struct sgit_revwalk *w, const struct sgit_oid *id, int hide)
{
	uint32_t i;
	int rc;

	if ((rc = lookup(&i, w, id)) < 0 || (rc = load(w, i)) < 0)
		return rc;
	if (hide) {
		set_hidden(w, i);
		w->hidden_any = 1;
		if ((rc = mark_hidden_parents(w, i)) < 0)
			return rc;
	}
	if (w->nodes[i].flags & SEEN)
		return 0;
	w->nodes[i].flags |= SEEN;
	return queue_put(w, i);
}

int sgit_revwalk_push(struct sgit_revwalk *walk, const struct sgit_oid *id)
{
	return add_start(walk, id, 0);
}

int sgit_revwalk_hide(struct sgit_revwalk *walk, const struct sgit_oid *id)
{
	return add_start(walk, id, 1);
}

/* Queue the parents of node i not queued before; hidden commits pass HIDDEN on to all of theirs. */
static int add_parents(struct sgit_revwalk *w, uint32_t i)
{
	int hidden = w->nodes[i].flags & HIDDEN;
	uint32_t k, p;
	int rc;

	for (k = 0; k < w->nodes[i].nparents; k++) {
		p = w->nodes[i].parents[k];
		if ((rc = load(w, p)) < 0)
			return rc;
		if (hidden) {
			set_hidden(w, p);
			if ((rc = mark_hidden_parents(w, p)) < 0)
				return rc;
		}
		if (!(w->nodes[p].flags & SEEN)) {
			w->nodes[p].flags |= SEEN;
			if ((rc = queue_put(w, p)) < 0)
				return rc;
		}
		if (!hidden && w->opts.first_parent)
			break;
	}
	return 0;
}

static int list_add(struct sgit_revwalk *w, uint32_t i)
{
	if (grow((void **)&w->list, &w->alist, w->nlist + 1, sizeof(*w->list)) < 0)
		return sgit_error_nomem(w->err);
	w->list[w->nlist++] = i;
	return 0;
}

/*
 * Walk the whole range into w->list (in queue order) before anything is
 * shown: a commit taken early may turn out hidden later. Stops once the
 * queue holds hidden commits only, older than the last one kept, SLOP times.
 */
static int limit(struct sgit_revwalk *w)
{
	int64_t last = INT64_MAX;
	int slop = SLOP, rc;
	uint32_t i;

	while ((i = queue_get(w)) != NONE) {
		if ((rc = add_parents(w, i)) < 0)
			return rc;
		if (w->nodes[i].flags & HIDDEN) {
			if (!w->nheap)
				break;
			if (last <= w->nodes[w->heap[0].node].date || w->nshown_queued)
				slop = SLOP;
			else if (--slop == 0)
				break;
			continue;
		}
		last = w->nodes[i].date;
		if ((rc = list_add(w, i)) < 0)
			return rc;
	}
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
	uint32_t i, j;
	int rc = 0;

	for (k = 0; k < w->nlist; k++)
		w->nodes[w->list[k]].indegree = 1;
	for (k = 0; k < w->nlist; k++)
		for (j = 0; j < w->nodes[w->list[k]].nparents; j++)
			if (w->nodes[w->nodes[w->list[k]].parents[j]].indegree)
				w->nodes[w->nodes[w->list[k]].parents[j]].indegree++;
	w->bydate = w->opts.sort == SGIT_REVWALK_SORT_DATE;
	w->nheap = 0;
	for (k = w->nlist; k-- > 0;) {
		size_t at = w->bydate ? w->nlist - 1 - k : k;

		if (w->nodes[w->list[at]].indegree == 1 && (rc = queue_put(w, w->list[at])) < 0)
			goto out;
	}
	if (w->nlist && !(sorted = malloc(w->nlist * sizeof(*sorted)))) {
		rc = sgit_error_nomem(w->err);
		goto out;
	}
	while ((i = queue_get(w)) != NONE) {
		for (j = 0; j < w->nodes[i].nparents; j++) {
			struct node *p = &w->nodes[w->nodes[i].parents[j]];

			if (p->indegree && --p->indegree == 1 && (rc = queue_put(w, w->nodes[i].parents[j])) < 0)
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

/* The next commit of the walk before --skip, -n and --reverse, or NONE at the end. */
static int next_raw(uint32_t *out, struct sgit_revwalk *w)
{
	uint32_t i;
	int rc;

	*out = NONE;
	if (w->buffered) {
		while (w->pos < w->nlist && (w->nodes[w->list[w->pos]].flags & HIDDEN))
			w->pos++;
		if (w->pos < w->nlist)
			*out = w->list[w->pos++];
		return 0;
	}
	if ((i = queue_get(w)) == NONE)
		return 0;
	if ((rc = add_parents(w, i)) < 0)
		return rc;
	*out = i;
	return 0;
}

/* The next commit after --skip and -n, or NONE. */
static int next_counted(uint32_t *out, struct sgit_revwalk *w)
{
	int rc;

	*out = NONE;
	if (w->opts.max_count >= 0 && w->emitted >= w->opts.max_count)
		return 0;
	do {
		if ((rc = next_raw(out, w)) < 0 || *out == NONE)
			return rc;
	} while (w->skipped++ < w->opts.skip);
	w->emitted++;
	return 0;
}

/* --reverse: take the whole counted walk, then hand it out backwards. */
static int reverse_all(struct sgit_revwalk *w)
{
	uint32_t *all = NULL, i, t;
	size_t n = 0, a = 0, k;
	int rc;

	while ((rc = next_counted(&i, w)) == 0 && i != NONE) {
		if (grow((void **)&all, &a, n + 1, sizeof(*all)) < 0) {
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
	w->buffered = 1;
	w->opts.skip = 0;
	w->opts.max_count = -1;
	return 0;
}

static int start(struct sgit_revwalk *w)
{
	int rc;

	w->started = 1;
	if (w->hidden_any || w->opts.sort != SGIT_REVWALK_SORT_DEFAULT) {
		if ((rc = limit(w)) < 0 ||
		    (w->opts.sort != SGIT_REVWALK_SORT_DEFAULT && (rc = topo_sort(w)) < 0))
			return rc;
		w->buffered = 1;
	}
	return w->opts.reverse ? reverse_all(w) : 0;
}

int sgit_revwalk_next(struct sgit_oid *out, struct sgit_revwalk *walk)
{
	uint32_t i;
	int rc;

	if (!walk->started && (rc = start(walk)) < 0)
		return rc;
	if ((rc = next_counted(&i, walk)) < 0)
		return rc;
	if (i == NONE)
		return 1;
	*out = walk->nodes[i].id;
	return 0;
}

int sgit_revwalk_new(struct sgit_revwalk **out, struct sgit_odb *odb,
		     const struct sgit_revwalk_options *opts, struct sgit_error *err)
{
	struct sgit_revwalk *w = calloc(1, sizeof(*w));
	struct sgit_revwalk_options defaults = SGIT_REVWALK_OPTIONS_INIT;

	*out = NULL;
	if (!w)
		return sgit_error_nomem(err);
	w->odb = odb;
	w->err = err;
	w->opts = opts ? *opts : defaults;
	w->bydate = 1;
	*out = w;
	return 0;
}

void sgit_revwalk_free(struct sgit_revwalk *walk)
{
	size_t k;

	if (!walk)
		return;
	for (k = 0; k < walk->nnodes; k++)
		free(walk->nodes[k].parents);
	free(walk->nodes);
	free(walk->slots);
	free(walk->heap);
	free(walk->list);
	free(walk);
}
