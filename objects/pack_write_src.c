/* objects/pack_write_src.c: find objects in existing packs and take their bytes for reuse */
#include <stdlib.h>
#include <string.h>
#include "objects/odb_int.h"
#include "objects/pack_write_int.h"

/* The 1-based index of pack among the writer's sources, added when new. */
static int source_index(uint32_t *out, struct sgit_pack_writer *w, struct sgit_pack *pack)
{
	struct pw_source *grown;
	size_t i;

	for (i = 0; i < w->nsrcs; i++)
		if (w->srcs[i].pack == pack) {
			*out = (uint32_t)i + 1;
			return 0;
		}
	if (!(grown = realloc(w->srcs, (w->nsrcs + 1) * sizeof(*grown))))
		return sgit_error_nomem(w->err);
	w->srcs = grown;
	memset(&w->srcs[w->nsrcs], 0, sizeof(*w->srcs));
	w->srcs[w->nsrcs].pack = pack;
	*out = (uint32_t)++w->nsrcs;
	return 0;
}

int pw_locate(uint32_t *src, uint64_t *offset, struct sgit_pack_writer *w, const struct sgit_oid *id)
{
	struct sgit_odb *odb = w->odb;
	size_t i, j;
	int rc;

	*src = 0;
	/* objects of one pack come in runs: try the last hit first */
	for (i = w->nsrcs; i-- > 0;)
		if (sgit_pack_find(offset, w->srcs[i].pack, id)) {
			*src = (uint32_t)i + 1;
			return 0;
		}
	for (i = 0; i < odb->nstores; i++) {
		if ((rc = sgit_odb_store_packs(odb, i)) < 0)
			return rc;
		for (j = 0; j < odb->stores[i].npacks; j++)
			if (sgit_pack_find(offset, odb->stores[i].packs[j], id))
				return source_index(src, w, odb->stores[i].packs[j]);
	}
	return 0;
}

static int cmp_offset(const void *a, const void *b)
{
	const struct pw_offset *x = a, *y = b;

	return x->offset < y->offset ? -1 : x->offset > y->offset;
}

/*
 * Every object of s in offset order, to know where an entry ends and whose
 * an OFS_DELTA's base is. Offsets out of the data's range or shared by two
 * objects make the pack unusable for reuse (reading it will report why).
 */
static int build_by_offset(struct pw_source *s, struct sgit_error *err)
{
	const struct sgit_pack *p = s->pack;
	uint64_t end = p->pack_size - PACK_TRAILER_SIZE;
	uint32_t i;

	if (!(s->by_offset = malloc(((size_t)p->count + 1) * sizeof(*s->by_offset))))
		return sgit_error_nomem(err);
	for (i = 0; i < p->count; i++) {
		s->by_offset[i].offset = sgit_pack_offset_at(p, i);
		s->by_offset[i].pos = i;
	}
	qsort(s->by_offset, p->count, sizeof(*s->by_offset), cmp_offset);
	for (i = 0; i < p->count; i++)
		if (s->by_offset[i].offset < PACK_HEADER_SIZE || s->by_offset[i].offset >= end ||
		    (i && s->by_offset[i].offset == s->by_offset[i - 1].offset))
			s->unusable = 1;
	/* a sentinel: the last entry ends where the trailer starts */
	s->by_offset[p->count].offset = end;
	s->by_offset[p->count].pos = UINT32_MAX;
	return 0;
}

/* The rank of offset in s->by_offset, or -1 when no object starts there. */
static int64_t rank_of(const struct pw_source *s, uint64_t offset)
{
	uint32_t lo = 0, hi = s->pack->count, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (s->by_offset[mid].offset == offset)
			return mid;
		if (s->by_offset[mid].offset < offset)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

int pw_raw_entry(struct pw_raw *raw, struct sgit_pack_writer *w, uint32_t src, uint64_t offset)
{
	struct pw_source *s = &w->srcs[src - 1];
	const struct sgit_pack *p = s->pack;
	struct pack_entry e;
	int64_t rank, base_rank;
	int rc;

	if (!s->by_offset && (rc = build_by_offset(s, w->err)) < 0)
		return rc;
	if (s->unusable || (rank = rank_of(s, offset)) < 0)
		return 0;
	raw->offset = offset;
	raw->end = s->by_offset[rank + 1].offset;
	/* a header the reader refuses, or one running into the next entry: not copied */
	if (sgit_pack_entry_header(&e, &raw->base, p, offset, NULL) < 0 || e.data >= raw->end)
		return 0;
	raw->type = e.type;
	raw->size = e.size;
	raw->data = e.data;
	if ((uint32_t)crc32_z(0, p->pack + offset, (z_size_t)(raw->end - offset)) !=
	    sgit_pack_crc_at(p, s->by_offset[rank].pos))
		return 0;
	if (raw->type == SGIT_OBJ_OFS_DELTA) {
		if ((base_rank = rank_of(s, e.base)) < 0)
			return 0;
		sgit_pack_oid_at(&raw->base, p, s->by_offset[base_rank].pos);
	}
	return 1;
}

void pw_sources_release(struct sgit_pack_writer *w)
{
	size_t i;

	for (i = 0; i < w->nsrcs; i++)
		free(w->srcs[i].by_offset);
	free(w->srcs);
	w->srcs = NULL;
	w->nsrcs = 0;
}
