/* porcelain/merge/merge_base_graph.c: the commit cache of merge-base walks: ids, parents, dates */
#include <stdlib.h>
#include <string.h>
#include "porcelain/merge/merge_base_int.h"
#include "porcelain/history/revwalk_int.h"

static size_t slot_of(const struct sgit_oid *id, size_t nslots)
{
	uint64_t h;

	memcpy(&h, id->id + 4, sizeof(h));
	return (size_t)h & (nslots - 1);
}

static int rehash(struct sgit_merge_base *mb)
{
	size_t n = mb->nslots ? mb->nslots * 2 : 4096, i, k;
	uint32_t *s;

	if (n > SIZE_MAX / sizeof(*s) || !(s = malloc(n * sizeof(*s))))
		return sgit_error_nomem(mb->err);
	memset(s, 0xff, n * sizeof(*s));
	for (i = 0; i < mb->nnodes; i++) {
		for (k = slot_of(&mb->nodes[i].id, n); s[k] != MB_NONE; k = (k + 1) & (n - 1))
			;
		s[k] = (uint32_t)i;
	}
	free(mb->slots);
	mb->slots = s;
	mb->nslots = n;
	return 0;
}

/* The node of id, created unloaded when it is new. */
static int node_find(uint32_t *out, struct sgit_merge_base *mb, const struct sgit_oid *id)
{
	size_t k;

	if ((mb->nnodes + 1) * 2 > mb->nslots && rehash(mb) < 0)
		return SGIT_ENOMEM;
	for (k = slot_of(id, mb->nslots); mb->slots[k] != MB_NONE; k = (k + 1) & (mb->nslots - 1))
		if (sgit_oid_equal(&mb->nodes[mb->slots[k]].id, id)) {
			*out = mb->slots[k];
			return 0;
		}
	/* every node may need a place in the touched list: reserve it with the node */
	if (mb->nnodes >= MB_NONE - 1 ||
	    rw_grow((void **)&mb->nodes, &mb->anodes, mb->nnodes + 1, sizeof(*mb->nodes)) < 0 ||
	    rw_grow((void **)&mb->touched, &mb->atouched, mb->nnodes + 1, sizeof(*mb->touched)) < 0)
		return sgit_error_nomem(mb->err);
	memset(&mb->nodes[mb->nnodes], 0, sizeof(*mb->nodes));
	mb->nodes[mb->nnodes].id = *id;
	mb->slots[k] = (uint32_t)mb->nnodes;
	*out = (uint32_t)mb->nnodes++;
	return 0;
}

static int add_parent(struct sgit_merge_base *mb, const struct sgit_oid *id)
{
	uint32_t p;
	int rc;

	if (mb->nparents >= MB_NONE - 1 ||
	    rw_grow((void **)&mb->parents, &mb->aparents, mb->nparents + 1, sizeof(*mb->parents)) < 0)
		return sgit_error_nomem(mb->err);
	if ((rc = node_find(&p, mb, id)) < 0)
		return rc;
	mb->parents[mb->nparents++] = p;
	return 0;
}

int mb_node_load(struct sgit_merge_base *mb, uint32_t i)
{
	struct sgit_oid id = mb->nodes[i].id, tree, pid;
	size_t at = mb->nparents;
	struct rw_quick q;
	int more, rc;

	if (mb->nodes[i].flags & MB_LOADED)
		return 0;
	if ((rc = rw_read_odb(&mb->raw, mb->odb, mb->err, &id, SGIT_OBJ_COMMIT)) < 0)
		goto out;
	if (rw_quick_tree(&tree, &q, mb->raw.ptr, mb->raw.len) < 0) {
		rc = sgit_error_set(mb->err, SGIT_ECORRUPT, "corrupt commit: bad tree line");
		goto out;
	}
	while ((more = rw_quick_parent(&pid, &q)) > 0 && (rc = add_parent(mb, &pid)) == 0)
		;
	if (more < 0)
		rc = sgit_error_set(mb->err, SGIT_ECORRUPT, "corrupt commit: bad parent line");
	if (rc < 0)
		goto out;
	mb->nodes[i].parent0 = (uint32_t)at;
	mb->nodes[i].nparents = (uint32_t)(mb->nparents - at);
	mb->nodes[i].date = rw_quick_date(&q);
	mb->nodes[i].flags |= MB_LOADED;
out:
	if (rc < 0) {
		char hex[SGIT_OID_HEXSZ + 1];

		mb->nparents = at;
		if (rc == SGIT_ECORRUPT)
			sgit_error_prefix(mb->err, "cannot read commit '%s'", sgit_oid_tohex(hex, &id));
	}
	return rc;
}

int mb_node_get(uint32_t *out, struct sgit_merge_base *mb, const struct sgit_oid *id)
{
	uint32_t i;
	int rc;

	if ((rc = node_find(&i, mb, id)) < 0 || (rc = mb_node_load(mb, i)) < 0)
		return rc;
	*out = i;
	return 0;
}

void mb_flag(struct sgit_merge_base *mb, uint32_t i, unsigned flags)
{
	struct mb_node *n = &mb->nodes[i];

	if (!(n->flags & MB_PAINT) && (flags & MB_PAINT))
		mb->touched[mb->ntouched++] = i;
	if ((flags & MB_STALE) && !(n->flags & MB_STALE))
		mb->nonstale -= n->queued;
	n->flags |= flags;
}

void mb_clear(struct sgit_merge_base *mb)
{
	size_t k;

	for (k = 0; k < mb->ntouched; k++) {
		mb->nodes[mb->touched[k]].flags &= ~(unsigned)MB_PAINT;
		mb->nodes[mb->touched[k]].queued = 0;
	}
	mb->ntouched = 0;
	mb->nheap = 0;
	mb->nonstale = 0;
}

/* Queue order: newer date first, then the older entry. */
static int before(const struct sgit_merge_base *mb, const struct mb_qent *a, const struct mb_qent *b)
{
	uint64_t da = mb->nodes[a->node].date, db = mb->nodes[b->node].date;

	return da != db ? da > db : a->seq < b->seq;
}

int mb_queue_put(struct sgit_merge_base *mb, uint32_t i)
{
	size_t k, up;
	struct mb_qent e = { i, mb->seq++ };

	if (rw_grow((void **)&mb->heap, &mb->aheap, mb->nheap + 1, sizeof(*mb->heap)) < 0)
		return sgit_error_nomem(mb->err);
	for (k = mb->nheap++; k > 0; k = up) {
		up = (k - 1) / 2;
		if (!before(mb, &e, &mb->heap[up]))
			break;
		mb->heap[k] = mb->heap[up];
	}
	mb->heap[k] = e;
	mb->nodes[i].queued++;
	if (!(mb->nodes[i].flags & MB_STALE))
		mb->nonstale++;
	return 0;
}

uint32_t mb_queue_get(struct sgit_merge_base *mb)
{
	struct mb_qent last;
	uint32_t top;
	size_t k = 0, c;

	if (!mb->nheap)
		return MB_NONE;
	top = mb->heap[0].node;
	last = mb->heap[--mb->nheap];
	while ((c = 2 * k + 1) < mb->nheap) {
		if (c + 1 < mb->nheap && before(mb, &mb->heap[c + 1], &mb->heap[c]))
			c++;
		if (!before(mb, &mb->heap[c], &last))
			break;
		mb->heap[k] = mb->heap[c];
		k = c;
	}
	if (mb->nheap)
		mb->heap[k] = last;
	mb->nodes[top].queued--;
	if (!(mb->nodes[top].flags & MB_STALE))
		mb->nonstale--;
	return top;
}

int sgit_merge_base_new(struct sgit_merge_base **out, struct sgit_odb *odb,
			struct sgit_error *err)
{
	struct sgit_merge_base *mb = calloc(1, sizeof(*mb));

	*out = NULL;
	if (!mb)
		return sgit_error_nomem(err);
	mb->odb = odb;
	mb->err = err;
	sgit_buf_init(&mb->raw);
	*out = mb;
	return 0;
}

void sgit_merge_base_free(struct sgit_merge_base *mb)
{
	if (!mb)
		return;
	free(mb->nodes);
	free(mb->slots);
	free(mb->parents);
	free(mb->touched);
	free(mb->heap);
	sgit_buf_release(&mb->raw);
	free(mb);
}
