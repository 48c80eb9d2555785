/* porcelain/merge/merge_base.c: best common ancestors by painting down a date-ordered queue */
#include <stdlib.h>
#include <string.h>
#include "porcelain/merge/merge_base_int.h"
#include "porcelain/history/revwalk_int.h"

/* A list of nodes; git keeps results in lists sorted by date. */
struct idlist {
	uint32_t *v;
	size_t n, alloc;
};
#define IDLIST_INIT { NULL, 0, 0 }

static int idlist_push(struct sgit_merge_base *mb, struct idlist *l, uint32_t i)
{
	if (rw_grow((void **)&l->v, &l->alloc, l->n + 1, sizeof(*l->v)) < 0)
		return sgit_error_nomem(mb->err);
	l->v[l->n++] = i;
	return 0;
}

/* Insert after every node of the same or a newer date, so that equal dates keep arrival order. */
static int insert_by_date(struct sgit_merge_base *mb, struct idlist *l, uint32_t i)
{
	size_t k;

	if (rw_grow((void **)&l->v, &l->alloc, l->n + 1, sizeof(*l->v)) < 0)
		return sgit_error_nomem(mb->err);
	for (k = 0; k < l->n && mb->nodes[l->v[k]].date >= mb->nodes[i].date; k++)
		;
	memmove(l->v + k + 1, l->v + k, (l->n - k) * sizeof(*l->v));
	l->v[k] = i;
	l->n++;
	return 0;
}

/*
 * Take node c from the queue: a node reached from both sides is a common
 * ancestor (into result, once), and everything below it is stale; pass the
 * flags on to the parents that lack them.
 */
static int visit(struct sgit_merge_base *mb, uint32_t c, struct idlist *result)
{
	unsigned f = mb->nodes[c].flags & (MB_PARENT1 | MB_PARENT2 | MB_STALE);
	uint32_t k, p;
	int rc;

	if (f == (MB_PARENT1 | MB_PARENT2)) {
		if (!(mb->nodes[c].flags & MB_RESULT)) {
			mb_flag(mb, c, MB_RESULT);
			if (result && (rc = insert_by_date(mb, result, c)) < 0)
				return rc;
		}
		f |= MB_STALE;
	}
	for (k = 0; k < mb->nodes[c].nparents; k++) {
		p = mb->parents[mb->nodes[c].parent0 + k];
		if ((mb->nodes[p].flags & f) == f)
			continue;
		if ((rc = mb_node_load(mb, p)) < 0)
			return rc;
		mb_flag(mb, p, f);
		if ((rc = mb_queue_put(mb, p)) < 0)
			return rc;
	}
	return 0;
}

/*
 * Paint one with PARENT1 and twos with PARENT2 down to their common
 * ancestors, until the queue holds only stale nodes. With until_reached,
 * stop as soon as one carries PARENT2 (the question "is one an ancestor" is
 * then answered). The caller reads the flags, then calls mb_clear().
 */
static int paint(struct sgit_merge_base *mb, uint32_t one, const uint32_t *twos, size_t n,
		 struct idlist *result, int until_reached)
{
	size_t k;
	int rc;

	mb_flag(mb, one, MB_PARENT1);
	if ((rc = mb_queue_put(mb, one)) < 0)
		return rc;
	for (k = 0; k < n; k++) {
		mb_flag(mb, twos[k], MB_PARENT2);
		if ((rc = mb_queue_put(mb, twos[k])) < 0)
			return rc;
	}
	while (mb->nonstale) {
		if (until_reached && (mb->nodes[one].flags & MB_PARENT2))
			break;
		if ((rc = visit(mb, mb_queue_get(mb), result)) < 0)
			return rc;
	}
	return 0;
}

/* Node i against the other nodes of l not yet found redundant: mark who reaches whom. */
static int compare_one(struct sgit_merge_base *mb, const struct idlist *l, size_t i,
		       unsigned char *redundant, uint32_t *work, size_t *index)
{
	size_t j, filled = 0;
	int rc;

	for (j = 0; j < l->n; j++)
		if (j != i && !redundant[j]) {
			index[filled] = j;
			work[filled++] = l->v[j];
		}
	if (!filled)
		return 0;
	if ((rc = paint(mb, l->v[i], work, filled, NULL, 0)) < 0)
		goto out;
	if (mb->nodes[l->v[i]].flags & MB_PARENT2)
		redundant[i] = 1;
	for (j = 0; j < filled; j++)
		if (mb->nodes[work[j]].flags & MB_PARENT1)
			redundant[index[j]] = 1;
out:
	mb_clear(mb);
	return rc;
}

/* Drop the nodes of l (no duplicates) that another node of l reaches; the rest keep their order. */
static int remove_redundant(struct sgit_merge_base *mb, struct idlist *l)
{
	unsigned char *redundant = calloc(l->n ? l->n : 1, 1);
	uint32_t *work = malloc((l->n ? l->n : 1) * sizeof(*work));
	size_t *index = malloc((l->n ? l->n : 1) * sizeof(*index));
	size_t i, kept = 0;
	int rc = 0;

	if (!redundant || !work || !index) {
		rc = sgit_error_nomem(mb->err);
		goto out;
	}
	for (i = 0; i < l->n; i++)
		if (!redundant[i] && (rc = compare_one(mb, l, i, redundant, work, index)) < 0)
			goto out;
	for (i = 0; i < l->n; i++)
		if (!redundant[i])
			l->v[kept++] = l->v[i];
	l->n = kept;
out:
	free(redundant);
	free(work);
	free(index);
	return rc;
}

/* Bases of one and a merge of twos, appended to out (empty on entry) by date. */
static int bases_many(struct idlist *out, struct sgit_merge_base *mb, uint32_t one,
		      const uint32_t *twos, size_t n)
{
	struct idlist found = IDLIST_INIT, sorted = IDLIST_INIT;
	size_t k;
	int rc = 0;

	/* against nothing, a commit is its own base (git says so too) */
	if (!n)
		return idlist_push(mb, out, one);
	for (k = 0; k < n; k++)
		if (twos[k] == one)
			return idlist_push(mb, out, one);
	if ((rc = paint(mb, one, twos, n, &found, 0)) < 0)
		goto out;
	for (k = 0; k < found.n; k++)
		if (!(mb->nodes[found.v[k]].flags & MB_STALE) &&
		    (rc = insert_by_date(mb, out, found.v[k])) < 0)
			goto out;
	mb_clear(mb);
	if (out->n < 2 || (rc = remove_redundant(mb, out)) < 0)
		goto out;
	for (k = 0; k < out->n; k++)
		if ((rc = insert_by_date(mb, &sorted, out->v[k])) < 0)
			goto out;
	memcpy(out->v, sorted.v, sorted.n * sizeof(*out->v));
out:
	mb_clear(mb);
	free(found.v);
	free(sorted.v);
	return rc;
}

/* Keep the first of equal nodes, in order, then drop those another one reaches (git's reduce_heads). */
static int reduce_heads(struct sgit_merge_base *mb, struct idlist *l)
{
	size_t i, kept = 0;

	for (i = 0; i < l->n; i++)
		if (!(mb->nodes[l->v[i]].flags & MB_RESULT)) {
			mb_flag(mb, l->v[i], MB_RESULT);
			l->v[kept++] = l->v[i];
		}
	l->n = kept;
	mb_clear(mb);
	return l->n < 2 ? 0 : remove_redundant(mb, l);
}

static int nodes_of(struct idlist *out, struct sgit_merge_base *mb, const struct sgit_oid *ids,
		    size_t n)
{
	uint32_t node;
	size_t k;
	int rc;

	for (k = 0; k < n; k++)
		if ((rc = mb_node_get(&node, mb, &ids[k])) < 0 || (rc = idlist_push(mb, out, node)) < 0)
			return rc;
	return 0;
}

static int ids_of(struct sgit_oid **out, size_t *nout, struct sgit_merge_base *mb,
		  const struct idlist *l)
{
	size_t k;

	if (!l->n)
		return 0;
	if (!(*out = malloc(l->n * sizeof(**out))))
		return sgit_error_nomem(mb->err);
	for (k = 0; k < l->n; k++)
		(*out)[k] = mb->nodes[l->v[k]].id;
	*nout = l->n;
	return 0;
}

int sgit_merge_base_many(struct sgit_oid **out, size_t *nout, struct sgit_merge_base *mb,
			 const struct sgit_oid *one, const struct sgit_oid *twos, size_t ntwos)
{
	struct idlist in = IDLIST_INIT, res = IDLIST_INIT;
	int rc;

	*out = NULL;
	*nout = 0;
	if ((rc = nodes_of(&in, mb, one, 1)) < 0 || (rc = nodes_of(&in, mb, twos, ntwos)) < 0 ||
	    (rc = bases_many(&res, mb, in.v[0], in.v + 1, ntwos)) < 0)
		goto out;
	rc = ids_of(out, nout, mb, &res);
out:
	mb_clear(mb);
	free(in.v);
	free(res.v);
	return rc;
}

/* Bases of the merge so far (cur) with node next: the concatenated bases of next and each. */
static int octopus_step(struct idlist *cur, struct sgit_merge_base *mb, uint32_t next)
{
	struct idlist acc = IDLIST_INIT, one = IDLIST_INIT;
	size_t j;
	int rc = 0;

	for (j = 0; j < cur->n; j++) {
		one.n = 0;
		if ((rc = bases_many(&one, mb, next, &cur->v[j], 1)) < 0)
			goto out;
		if (rw_grow((void **)&acc.v, &acc.alloc, acc.n + one.n, sizeof(*acc.v)) < 0) {
			rc = sgit_error_nomem(mb->err);
			goto out;
		}
		if (one.n)
			memcpy(acc.v + acc.n, one.v, one.n * sizeof(*acc.v));
		acc.n += one.n;
	}
	free(cur->v);
	*cur = acc;
	acc.v = NULL;
out:
	free(acc.v);
	free(one.v);
	return rc;
}

int sgit_merge_base_octopus(struct sgit_oid **out, size_t *nout, struct sgit_merge_base *mb,
			    const struct sgit_oid *ids, size_t n)
{
	struct idlist in = IDLIST_INIT, cur = IDLIST_INIT;
	size_t k;
	int rc;

	*out = NULL;
	*nout = 0;
	if (!n)
		return 0;
	if ((rc = nodes_of(&in, mb, ids, n)) < 0 || (rc = idlist_push(mb, &cur, in.v[0])) < 0)
		goto out;
	for (k = 1; k < n; k++)
		if ((rc = octopus_step(&cur, mb, in.v[k])) < 0)
			goto out;
	if ((rc = reduce_heads(mb, &cur)) < 0)
		goto out;
	rc = ids_of(out, nout, mb, &cur);
out:
	mb_clear(mb);
	free(in.v);
	free(cur.v);
	return rc;
}

int sgit_merge_base_independent(struct sgit_oid **out, size_t *nout, struct sgit_merge_base *mb,
				const struct sgit_oid *ids, size_t n)
{
	struct idlist in = IDLIST_INIT;
	int rc;

	*out = NULL;
	*nout = 0;
	if ((rc = nodes_of(&in, mb, ids, n)) < 0 || (rc = reduce_heads(mb, &in)) < 0)
		goto out;
	rc = ids_of(out, nout, mb, &in);
out:
	mb_clear(mb);
	free(in.v);
	return rc;
}

int sgit_merge_base_is_ancestor(struct sgit_merge_base *mb, const struct sgit_oid *ancestor,
				const struct sgit_oid *descendant)
{
	uint32_t a, d;
	int rc;

	if ((rc = mb_node_get(&a, mb, ancestor)) < 0 || (rc = mb_node_get(&d, mb, descendant)) < 0)
		return rc;
	if ((rc = paint(mb, a, &d, 1, NULL, 1)) == 0)
		rc = (mb->nodes[a].flags & MB_PARENT2) ? 1 : 0;
	mb_clear(mb);
	return rc;
}

int sgit_merge_base_fork_point(struct sgit_oid *out, struct sgit_merge_base *mb,
			       const struct sgit_oid *commit, const struct sgit_oid *candidates,
			       size_t n)
{
	struct idlist in = IDLIST_INIT, res = IDLIST_INIT;
	size_t k, kept = 0;
	int rc;

	if ((rc = nodes_of(&in, mb, commit, 1)) < 0 || (rc = nodes_of(&in, mb, candidates, n)) < 0)
		goto out;
	/* each candidate once, in the order first met */
	for (k = 1; k < in.n; k++)
		if (!(mb->nodes[in.v[k]].flags & MB_RESULT)) {
			mb_flag(mb, in.v[k], MB_RESULT);
			in.v[1 + kept++] = in.v[k];
		}
	mb_clear(mb);
	if ((rc = bases_many(&res, mb, in.v[0], in.v + 1, kept)) < 0 || res.n != 1)
		goto out;
	for (k = 0; k < kept && in.v[1 + k] != res.v[0]; k++)
		;
	if (k < kept) {
		*out = mb->nodes[res.v[0]].id;
		rc = 1;
	}
out:
	mb_clear(mb);
	free(in.v);
	free(res.v);
	return rc;
}

int sgit_merge_base_of_pair(struct sgit_oid **out, size_t *nout, struct sgit_odb *odb,
			    const struct sgit_oid *a, const struct sgit_oid *b,
			    struct sgit_error *err)
{
	struct sgit_merge_base *mb = NULL;
	int rc;

	*out = NULL;
	*nout = 0;
	if ((rc = sgit_merge_base_new(&mb, odb, err)) < 0)
		return rc;
	rc = sgit_merge_base_many(out, nout, mb, a, b, 1);
	sgit_merge_base_free(mb);
	return rc;
}

int sgit_merge_base_descends_from(struct sgit_odb *odb, const struct sgit_oid *descendant,
				  const struct sgit_oid *ancestor, struct sgit_error *err)
{
	struct sgit_merge_base *mb = NULL;
	int rc;

	if ((rc = sgit_merge_base_new(&mb, odb, err)) < 0)
		return rc;
	rc = sgit_merge_base_is_ancestor(mb, ancestor, descendant);
	sgit_merge_base_free(mb);
	return rc;
}
