/* porcelain/merge_base_graph.c: the commit cache of merge-base walks: ids, parents, dates */
#include <stdlib.h>
#include <string.h>
#include "porcelain/merge_base_int.h"

#define TREE_LINE 46		/* "tree " + 40 hex + LF */
#define PARENT_LINE 48		/* "parent " + 40 hex + LF */

int mb_grow(void **ptr, size_t *alloc, size_t need, size_t size)
{
	size_t n = *alloc ? *alloc : 64;
	void *p;

	if (need <= *alloc)
		return 0;
	while (n < need) {
		if (n > SIZE_MAX / 2)
			return SGIT_ENOMEM;
		n *= 2;
	}
	if (n > SIZE_MAX / size || !(p = realloc(*ptr, n * size)))
		return SGIT_ENOMEM;
	*ptr = p;
	*alloc = n;
	return 0;
}

/* The number git's date parser (strtoumax) reads: white space, a sign, digits; saturates. */
static uint64_t parse_date(const char *p, const char *end)
{
	uint64_t v = 0;
	int neg = 0;

	while (p < end && (*p == ' ' || (*p >= '\t' && *p <= '\r')))
		p++;
	if (p < end && (*p == '-' || *p == '+'))
		neg = *p++ == '-';
	for (; p < end && *p >= '0' && *p <= '9'; p++) {
		if (v > (UINT64_MAX - (uint64_t)(*p - '0')) / 10)
			return UINT64_MAX;
		v = v * 10 + (uint64_t)(*p - '0');
	}
	return neg ? (uint64_t)0 - v : v;
}

static const char *line_end(const char *p, const char *end)
{
	const char *lf = memchr(p, '\n', (size_t)(end - p));

	return lf ? lf : end;
}

/*
 * The committer date after the parent lines at p, found the way git's quick
 * parse finds it: an "author" line, a "committer" line, the first '>' after
 * that (even on a later line), and an LF after it that is not the last byte;
 * 0 when any of that is missing.
 */
static uint64_t committer_date(const char *p, const char *end)
{
	const char *gt, *eol;

	if (end - p <= 6 || memcmp(p, "author", 6))
		return 0;
	p = line_end(p, end);
	if (p == end || end - ++p <= 9 || memcmp(p, "committer", 9))
		return 0;
	if (!(gt = memchr(p, '>', (size_t)(end - p))))
		return 0;
	eol = line_end(gt + 1, end);
	if (end - eol <= 1)
		return 0;
	return parse_date(gt + 1, end);
}

int mb_parse_commit(const char **parents, size_t *nparents, uint64_t *date,
		    const char *buf, size_t len, struct sgit_error *err)
{
	const char *p = buf, *end = buf + len;
	struct sgit_oid id;
	size_t n = 0;

	*parents = NULL;
	*nparents = 0;
	*date = 0;
	if (len <= TREE_LINE || memcmp(p, "tree ", 5) || p[TREE_LINE - 1] != '\n' ||
	    sgit_oid_fromhexn(&id, p + 5, 40) < 0)
		return sgit_error_set(err, SGIT_ECORRUPT, "corrupt commit: bad tree line");
	p += TREE_LINE;
	*parents = p;
	while (end - p > PARENT_LINE && !memcmp(p, "parent ", 7)) {
		if (p[PARENT_LINE - 1] != '\n' || sgit_oid_fromhexn(&id, p + 7, 40) < 0) {
			*parents = NULL;
			return sgit_error_set(err, SGIT_ECORRUPT, "corrupt commit: bad parent line");
		}
		p += PARENT_LINE;
		n++;
	}
	*nparents = n;
	*date = committer_date(p, end);
	return 0;
}

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
	    mb_grow((void **)&mb->nodes, &mb->anodes, mb->nnodes + 1, sizeof(*mb->nodes)) < 0 ||
	    mb_grow((void **)&mb->touched, &mb->atouched, mb->nnodes + 1, sizeof(*mb->touched)) < 0)
		return sgit_error_nomem(mb->err);
	memset(&mb->nodes[mb->nnodes], 0, sizeof(*mb->nodes));
	mb->nodes[mb->nnodes].id = *id;
	mb->slots[k] = (uint32_t)mb->nnodes;
	*out = (uint32_t)mb->nnodes++;
	return 0;
}

static int read_commit(struct sgit_merge_base *mb, const struct sgit_oid *id)
{
	enum sgit_object_type type;
	char hex[SGIT_OID_HEXSZ + 1];
	int rc;

	if ((rc = sgit_odb_read(&mb->raw, &type, mb->odb, id)) < 0)
		return rc;
	if (type != SGIT_OBJ_COMMIT)
		return sgit_error_set(mb->err, SGIT_EINVALID, "object '%s' is not a commit",
				      sgit_oid_tohex(hex, id));
	return 0;
}

int mb_node_load(struct sgit_merge_base *mb, uint32_t i)
{
	struct sgit_oid id = mb->nodes[i].id, pid;
	const char *plines;
	size_t np, k, at = mb->nparents;
	uint64_t date;
	uint32_t p;
	int rc;

	if (mb->nodes[i].flags & MB_LOADED)
		return 0;
	if ((rc = read_commit(mb, &id)) < 0 ||
	    (rc = mb_parse_commit(&plines, &np, &date, mb->raw.ptr, mb->raw.len, mb->err)) < 0)
		goto out;
	if (at + np >= MB_NONE ||
	    mb_grow((void **)&mb->parents, &mb->aparents, at + np, sizeof(*mb->parents)) < 0) {
		rc = sgit_error_nomem(mb->err);
		goto out;
	}
	for (k = 0; k < np; k++) {
		sgit_oid_fromhexn(&pid, plines + k * PARENT_LINE + 7, 40);
		if ((rc = node_find(&p, mb, &pid)) < 0)
			goto out;
		mb->parents[at + k] = p;
	}
	mb->nparents = at + np;
	mb->nodes[i].parent0 = (uint32_t)at;
	mb->nodes[i].nparents = (uint32_t)np;
	mb->nodes[i].date = date;
	mb->nodes[i].flags |= MB_LOADED;
out:
	if (rc < 0) {
		char hex[SGIT_OID_HEXSZ + 1];

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

	if (mb_grow((void **)&mb->heap, &mb->aheap, mb->nheap + 1, sizeof(*mb->heap)) < 0)
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
