/* objects/pack_read.c: objects out of a pack: entry headers, inflate, delta chains */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "objects/delta.h"
#include "objects/pack_int.h"

/* Deflate never makes one input byte into more than 1032 output bytes. */
#define MAX_INFLATE_RATIO 1032
/* zlib counts in 32-bit uInt: larger objects are fed to it in pieces. */
#define ZPIECE ((uint64_t)1 << 30)
/* Both sizes of a delta header fit here (two 64-bit varints of at most 10 bytes). */
#define DELTA_HEAD_MAX 20

/* The deltas between a wanted object and the first base that needs none (or is cached). */
struct pack_link {
	uint64_t offset;
	struct pack_entry e;
};
struct chain {
	struct pack_link *links;	/* links[0] is the wanted object; the pack's, lent */
	size_t n, alloc;
	struct pack_cached base;	/* owned: the object at base_offset */
	uint64_t base_offset;
};
#define CHAIN_INIT { NULL, 0, 0, { NULL, 0, SGIT_OBJ_BAD, 0 }, 0 }

/*
 * Reading objects in random order (cat-file over every id) through deep
 * chains needs most of each chain again and again. Caching every base on
 * the way fills the cache with few chains; keeping bases at every
 * CHECKPOINT-th depth in preference covers many more chains, at the cost of
 * a few cheap delta applications from the nearest one. Other bases are kept
 * too while there is room: reading along a chain in order stays one step.
 */
#define CHECKPOINT 8
/* Chains up to this deep reuse one links array (git packs at depth 50 by default). */
#define LINKS_KEPT 1024

static int corrupt(const struct sgit_pack *p, struct sgit_error *err, uint64_t at,
		   const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static int corrupt(const struct sgit_pack *p, struct sgit_error *err, uint64_t at,
		   const char *fmt, ...)
{
	char what[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	return sgit_error_set(err, SGIT_ECORRUPT, "pack '%s' is corrupt: %s at %" PRIu64,
			      p->pack_path, what, at);
}

static int is_delta(enum sgit_object_type t)
{
	return t == SGIT_OBJ_OFS_DELTA || t == SGIT_OBJ_REF_DELTA;
}

/* The first byte holds the type in bits 4-6 and 4 bits of size; 7 more bits a byte follow. */
static int read_type_size(struct pack_entry *e, uint64_t *pos, const struct sgit_pack *p,
			  uint64_t offset, uint64_t end, struct sgit_error *err)
{
	const unsigned char *m = p->pack;
	uint64_t size, bits;
	unsigned shift = 4;
	unsigned char c = m[(*pos)++];

	e->type = (enum sgit_object_type)((c >> 4) & 7);
	size = c & 0x0f;
	while (c & 0x80) {
		if (*pos >= end)
			return corrupt(p, err, offset, "truncated object header");
		c = m[(*pos)++];
		bits = c & 0x7f;
		if (shift >= 64 || bits >> (64 - shift))
			return corrupt(p, err, offset, "object size overflows");
		size |= bits << shift;
		shift += 7;
	}
	if (size > SIZE_MAX)
		return corrupt(p, err, offset, "object size overflows");
	e->size = (size_t)size;
	return 0;
}

/* An OFS_DELTA's distance back to its base: big-endian 7-bit groups, each continuation adding 1. */
static int read_ofs_base(struct pack_entry *e, uint64_t *pos, const struct sgit_pack *p,
			 uint64_t offset, uint64_t end, struct sgit_error *err)
{
	const unsigned char *m = p->pack;
	uint64_t rel;
	unsigned char c;

	if (*pos >= end)
		return corrupt(p, err, offset, "truncated delta base offset");
	c = m[(*pos)++];
	rel = c & 0x7f;
	while (c & 0x80) {
		if (*pos >= end)
			return corrupt(p, err, offset, "truncated delta base offset");
		if (rel >= UINT64_C(1) << 56)
			return corrupt(p, err, offset, "delta base offset out of range");
		c = m[(*pos)++];
		rel = ((rel + 1) << 7) | (c & 0x7f);
	}
	if (rel == 0 || rel > offset - PACK_HEADER_SIZE)
		return corrupt(p, err, offset, "delta base offset out of range");
	e->base = offset - rel;
	return 0;
}

static int read_ref_base(struct sgit_oid *id, uint64_t *pos, const struct sgit_pack *p,
			 uint64_t offset, uint64_t end, struct sgit_error *err)
{
	if (end - *pos < SGIT_OID_RAWSZ)
		return corrupt(p, err, offset, "truncated delta base id");
	sgit_oid_fromraw(id, p->pack + *pos);
	*pos += SGIT_OID_RAWSZ;
	return 0;
}

int sgit_pack_entry_header(struct pack_entry *e, struct sgit_oid *ref_base, const struct sgit_pack *p,
			   uint64_t offset, struct sgit_error *err)
{
	uint64_t end = p->pack_size - PACK_TRAILER_SIZE, pos = offset;
	int rc;

	if (offset < PACK_HEADER_SIZE || offset >= end)
		return corrupt(p, err, offset, "object offset out of range");
	if ((rc = read_type_size(e, &pos, p, offset, end, err)) < 0)
		return rc;
	if (e->type == SGIT_OBJ_OFS_DELTA)
		rc = read_ofs_base(e, &pos, p, offset, end, err);
	else if (e->type == SGIT_OBJ_REF_DELTA)
		rc = read_ref_base(ref_base, &pos, p, offset, end, err);
	else if (e->type < SGIT_OBJ_COMMIT || e->type > SGIT_OBJ_TAG)
		rc = corrupt(p, err, offset, "unknown object type %d", (int)e->type);
	e->data = pos;
	return rc;
}

static int parse_entry(struct pack_entry *e, const struct sgit_pack *p, uint64_t offset,
		       struct sgit_error *err)
{
	uint64_t end = p->pack_size - PACK_TRAILER_SIZE;
	char hex[SGIT_OID_HEXSZ + 1];
	struct sgit_oid ref;
	int rc;

	if ((rc = sgit_pack_entry_header(e, &ref, p, offset, err)) < 0)
		return rc;
	if (e->type == SGIT_OBJ_REF_DELTA && !sgit_pack_find(&e->base, p, &ref))
		return corrupt(p, err, offset, "delta base '%s' is not in the pack",
			       sgit_oid_tohex(hex, &ref));
	/* refuse sizes no zlib stream in the rest of the file can inflate to, before allocating */
	if (e->size / MAX_INFLATE_RATIO > end - e->data)
		return corrupt(p, err, offset, "object size %zu is more than its data can hold",
			       e->size);
	return 0;
}

static int zstart(struct sgit_pack *p, uint64_t pos, struct sgit_error *err)
{
	int ret = p->zs_ready ? inflateReset(&p->zs) : inflateInit(&p->zs);

	if (ret != Z_OK)
		return ret == Z_MEM_ERROR ? sgit_error_nomem(err)
			: sgit_error_set(err, SGIT_ERROR, "cannot start zlib (%d)", ret);
	p->zs_ready = 1;
	p->zs.next_in = (Bytef *)(p->pack + pos);
	p->zs.avail_in = 0;
	return 0;
}

/* Give zlib the next piece of input or output space when it has used the last one up. */
static void zfeed(z_stream *zs, uint64_t *in_left, uint64_t *out_left)
{
	uint64_t piece;

	if (!zs->avail_in && *in_left) {
		piece = *in_left < ZPIECE ? *in_left : ZPIECE;
		zs->avail_in = (uInt)piece;
		*in_left -= piece;
	}
	if (!zs->avail_out && *out_left) {
		piece = *out_left < ZPIECE ? *out_left : ZPIECE;
		zs->avail_out = (uInt)piece;
		*out_left -= piece;
	}
}

/*
 * Inflate the stream at pos into dst, which has room for size + 1 bytes: the
 * spare byte catches a stream that is longer than its header says. The
 * stream must end exactly at size bytes.
 */
static int inflate_object(unsigned char *dst, size_t size, struct sgit_pack *p, uint64_t pos,
			  uint64_t at, struct sgit_error *err)
{
	uint64_t in_left = p->pack_size - PACK_TRAILER_SIZE - pos, out_left = (uint64_t)size + 1;
	z_stream *zs = &p->zs;
	int ret, rc;

	if ((rc = zstart(p, pos, err)) < 0)
		return rc;
	zs->next_out = dst;
	zs->avail_out = 0;
	for (;;) {
		zfeed(zs, &in_left, &out_left);
		ret = inflate(zs, !in_left && !out_left ? Z_FINISH : Z_NO_FLUSH);
		if (ret == Z_STREAM_END)
			break;
		if (ret == Z_MEM_ERROR)
			return sgit_error_nomem(err);
		if (ret != Z_OK && ret != Z_BUF_ERROR)
			return corrupt(p, err, at, "bad zlib stream (%s)", zs->msg ? zs->msg : "?");
		if (!zs->avail_out && !out_left)
			return corrupt(p, err, at, "object is larger than its header says");
		if (!zs->avail_in && !in_left)
			return corrupt(p, err, at, "truncated zlib stream");
		if (ret == Z_BUF_ERROR)
			return corrupt(p, err, at, "zlib stream makes no progress");
	}
	if (out_left + zs->avail_out != 1)
		return corrupt(p, err, at, "object is %" PRIu64 " bytes, its header says %zu",
			       (uint64_t)size + 1 - out_left - zs->avail_out, size);
	dst[size] = '\0';
	return 0;
}

/* Inflate only the first want bytes of the stream at pos (fewer when it ends before). */
static int inflate_head(unsigned char *dst, size_t want, size_t *got, struct sgit_pack *p,
			uint64_t pos, uint64_t at, struct sgit_error *err)
{
	uint64_t in_left = p->pack_size - PACK_TRAILER_SIZE - pos, out_left = 0;
	z_stream *zs = &p->zs;
	int ret, rc;

	if ((rc = zstart(p, pos, err)) < 0)
		return rc;
	zs->next_out = dst;
	zs->avail_out = (uInt)want;
	while (zs->avail_out) {
		zfeed(zs, &in_left, &out_left);
		ret = inflate(zs, Z_NO_FLUSH);
		if (ret == Z_STREAM_END)
			break;
		if (ret == Z_MEM_ERROR)
			return sgit_error_nomem(err);
		if (ret != Z_OK && ret != Z_BUF_ERROR)
			return corrupt(p, err, at, "bad zlib stream (%s)", zs->msg ? zs->msg : "?");
		if (zs->avail_out && !zs->avail_in && !in_left)
			return corrupt(p, err, at, "truncated zlib stream");
		if (ret == Z_BUF_ERROR && zs->avail_out)
			return corrupt(p, err, at, "zlib stream makes no progress");
	}
	*got = want - zs->avail_out;
	return 0;
}

/* Say which object a delta error (from delta.c, which only knows bytes) belongs to. */
static int delta_error(const struct sgit_pack *p, struct sgit_error *err, uint64_t at)
{
	return sgit_error_prefix(err, "pack '%s' is corrupt: object at %" PRIu64, p->pack_path, at);
}

/* A delta's result size, from the first bytes of its instructions. */
static int delta_result_size(size_t *out, struct sgit_pack *p, const struct pack_entry *e,
			     uint64_t at, struct sgit_error *err)
{
	unsigned char head[DELTA_HEAD_MAX];
	size_t got = 0, base_size;
	int rc;

	rc = inflate_head(head, e->size < sizeof(head) ? e->size : sizeof(head), &got, p, e->data,
			  at, err);
	if (rc == 0 && (rc = sgit_delta_sizes_head(&base_size, out, head, got, e->size, err)) < 0)
		delta_error(p, err, at);
	return rc;
}

static int push_link(struct chain *ch, uint64_t offset, const struct pack_entry *e,
		     struct sgit_error *err)
{
	size_t alloc = ch->alloc ? ch->alloc * 2 : 16;
	struct pack_link *l;

	if (ch->n == ch->alloc) {
		if (!(l = realloc(ch->links, alloc * sizeof(*l))))
			return sgit_error_nomem(err);
		ch->links = l;
		ch->alloc = alloc;
	}
	ch->links[ch->n].offset = offset;
	ch->links[ch->n].e = *e;
	ch->n++;
	return 0;
}

/* The whole object e at offset, inflated into ch->base. */
static int inflate_base(struct chain *ch, struct sgit_pack *p, const struct pack_entry *e,
			uint64_t offset, struct sgit_error *err)
{
	if (!(ch->base.data = malloc(e->size + 1)))
		return sgit_error_nomem(err);
	ch->base.len = e->size;
	ch->base.type = e->type;
	ch->base.depth = 0;
	return inflate_object(ch->base.data, e->size, p, e->data, offset, err);
}

/*
 * Follow the delta chain of top, the delta at offset (a loop, not recursion:
 * chains may be thousands deep), down to a cached object or one that is no
 * delta; its content becomes ch->base.
 */
static int walk_chain(struct chain *ch, struct sgit_pack *p, uint64_t offset,
		      const struct pack_entry *top, struct sgit_error *err)
{
	uint64_t cur = top->base;
	struct pack_entry e;
	int rc;

	if ((rc = push_link(ch, offset, top, err)) < 0)
		return rc;
	for (;;) {
		if (sgit_pack_cache_take(&ch->base, &p->bases, cur))
			break;
		if ((rc = parse_entry(&e, p, cur, err)) < 0)
			return rc;
		if (!is_delta(e.type)) {
			if ((rc = inflate_base(ch, p, &e, cur, err)) < 0)
				return rc;
			break;
		}
		/* a chain longer than the pack has objects visits one twice */
		if (ch->n >= p->count)
			return corrupt(p, err, offset, "delta chain loops");
		if ((rc = push_link(ch, cur, &e, err)) < 0)
			return rc;
		cur = e.base;
	}
	ch->base_offset = cur;
	return 0;
}

/*
 * The inflated instructions of the delta l, in the pack's scratch buffer.
 * Not cached: deltas are small and inflate fast, and the memory does more
 * good holding bases.
 */
static int delta_data(const unsigned char **data, struct sgit_pack *p, const struct pack_link *l,
		      struct sgit_error *err)
{
	sgit_buf_reset(&p->scratch);
	if (sgit_buf_grow(&p->scratch, l->e.size) < 0)
		return sgit_error_nomem(err);
	*data = (const unsigned char *)p->scratch.ptr;
	return inflate_object((unsigned char *)p->scratch.ptr, l->e.size, p, l->e.data, l->offset,
			      err);
}

/* The base is used up: keep it, with checkpoints in the class evicted last. */
static void cache_base(struct sgit_pack *p, struct chain *ch)
{
	sgit_pack_cache_put(&p->bases, ch->base_offset, &ch->base,
			    ch->base.depth % CHECKPOINT ? PACK_CACHE_LOW : PACK_CACHE_HIGH);
	ch->base.data = NULL;
}

/* Turn ch->base into the next object up the chain (into out for the last one). */
static int apply_link(struct sgit_buf *out, struct chain *ch, struct sgit_pack *p,
		      const struct pack_link *l, struct sgit_error *err)
{
	int last = l == ch->links, rc;
	const unsigned char *delta = NULL;
	unsigned char *dst = NULL;
	size_t base_size, size = 0;

	if ((rc = delta_data(&delta, p, l, err)) < 0)
		goto out;
	if ((rc = sgit_delta_sizes(&base_size, &size, delta, l->e.size, err)) < 0) {
		delta_error(p, err, l->offset);
		goto out;
	}
	sgit_buf_reset(out);
	if (last ? sgit_buf_grow(out, size) < 0 : !(dst = malloc(size + 1))) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	rc = sgit_delta_apply_into(last ? (unsigned char *)out->ptr : dst, size, ch->base.data,
				   ch->base.len, delta, l->e.size, err);
	if (rc < 0) {
		delta_error(p, err, l->offset);
		goto out;
	}
	cache_base(p, ch);
	if (last) {
		sgit_buf_setlen(out, size);
	} else {
		dst[size] = '\0';
		ch->base.data = dst;
		ch->base.len = size;
		ch->base.depth++;
		ch->base_offset = l->offset;
		dst = NULL;
	}
out:
	free(dst);
	return rc;
}

/* Keep the links array for the next read, unless an unusually deep chain made it big. */
static void give_links_back(struct sgit_pack *p, struct chain *ch)
{
	if (ch->alloc > LINKS_KEPT) {
		free(ch->links);
		ch->links = NULL;
		ch->alloc = 0;
	}
	p->links = ch->links;
	p->links_alloc = ch->alloc;
}

/* An object that is no delta, inflated straight into out (whose memory is reused). */
static int read_whole(struct sgit_buf *out, struct sgit_pack *p, const struct pack_entry *e,
		      uint64_t offset, struct sgit_error *err)
{
	int rc;

	sgit_buf_reset(out);
	if (sgit_buf_grow(out, e->size) < 0)
		return sgit_error_nomem(err);
	if ((rc = inflate_object((unsigned char *)out->ptr, e->size, p, e->data, offset, err)) == 0)
		sgit_buf_setlen(out, e->size);
	return rc;
}

/*
 * Inflate an object stored whole at e in pieces handed to cb. The mapped
 * input behind what zlib has read is given back to the kernel as it goes,
 * so that a large object does not stay resident (git reads packs through
 * windows for the same reason).
 */
static int stream_whole(struct sgit_pack *p, const struct pack_entry *e, uint64_t offset,
			sgit_odb_stream_cb cb, void *payload, struct sgit_error *err)
{
	uint64_t in_left = p->pack_size - PACK_TRAILER_SIZE - e->data, out_left = 0, total = 0;
	const long page = sysconf(_SC_PAGESIZE);
	uintptr_t released = (uintptr_t)p->pack + e->data;
	unsigned char buf[64 << 10];
	z_stream *zs = &p->zs;
	int ret, rc;

	if ((rc = zstart(p, e->data, err)) < 0)
		return rc;
	do {
		size_t got;

		zfeed(zs, &in_left, &out_left);
		zs->next_out = buf;
		zs->avail_out = sizeof(buf);
		ret = inflate(zs, Z_NO_FLUSH);
		if (ret == Z_MEM_ERROR)
			return sgit_error_nomem(err);
		if (ret != Z_OK && ret != Z_BUF_ERROR && ret != Z_STREAM_END)
			return corrupt(p, err, offset, "bad zlib stream (%s)", zs->msg ? zs->msg : "?");
		got = sizeof(buf) - zs->avail_out;
		if (got > e->size - total)
			return corrupt(p, err, offset, "object is larger than its header says");
		total += got;
		if (got && (rc = cb(buf, got, payload)) != 0)
			return rc;
		if (ret != Z_STREAM_END && !got && !zs->avail_in && !in_left)
			return corrupt(p, err, offset, "truncated zlib stream");
		if (ret == Z_BUF_ERROR && !got)
			return corrupt(p, err, offset, "zlib stream makes no progress");
		if (page > 0 && (uintptr_t)zs->next_in - released >= ((uintptr_t)1 << 24)) {
			uintptr_t to = ((uintptr_t)zs->next_in) & ~((uintptr_t)page - 1);
			uintptr_t from = (released + (uintptr_t)page - 1) & ~((uintptr_t)page - 1);

			if (to > from)
				madvise((void *)from, to - from, MADV_DONTNEED);
			released = to;
		}
	} while (ret != Z_STREAM_END);
	if (total != e->size)
		return corrupt(p, err, offset, "object is %" PRIu64 " bytes, its header says %zu",
			       total, e->size);
	return 0;
}

int sgit_pack_stream(enum sgit_object_type *type, size_t *size, struct sgit_pack *pack,
		     uint64_t offset, sgit_odb_stream_cb cb, void *payload, struct sgit_error *err)
{
	struct sgit_buf whole = SGIT_BUF_INIT;
	struct pack_entry e;
	int rc;

	if ((rc = parse_entry(&e, pack, offset, err)) < 0)
		return rc;
	if (!is_delta(e.type)) {
		*type = e.type;
		*size = e.size;
		return stream_whole(pack, &e, offset, cb, payload, err);
	}
	/* a delta is rebuilt whole: git stores big blobs undeltified, so these are small */
	if ((rc = sgit_pack_read(&whole, type, pack, offset, err)) == 0) {
		*size = whole.len;
		rc = whole.len ? cb(whole.ptr, whole.len, payload) : 0;
	}
	sgit_buf_release(&whole);
	return rc;
}

int sgit_pack_read(struct sgit_buf *out, enum sgit_object_type *type, struct sgit_pack *pack,
		   uint64_t offset, struct sgit_error *err)
{
	const struct pack_cached *cached = sgit_pack_cache_get(&pack->bases, offset);
	struct chain ch = CHAIN_INIT;
	struct pack_entry e;
	int rc = 0;

	ch.links = pack->links;
	ch.alloc = pack->links_alloc;
	if (cached) {
		ch.base.type = cached->type;
		if (sgit_buf_set(out, cached->data, cached->len) < 0)
			rc = sgit_error_nomem(err);
		goto out;
	}
	if ((rc = parse_entry(&e, pack, offset, err)) < 0)
		goto out;
	if (!is_delta(e.type)) {
		ch.base.type = e.type;
		rc = read_whole(out, pack, &e, offset, err);
		goto out;
	}
	if ((rc = walk_chain(&ch, pack, offset, &e, err)) < 0)
		goto out;
	while (ch.n && (rc = apply_link(out, &ch, pack, &ch.links[ch.n - 1], err)) == 0)
		ch.n--;
out:
	free(ch.base.data);
	give_links_back(pack, &ch);
	if (rc < 0)
		sgit_buf_reset(out);
	*type = rc < 0 ? SGIT_OBJ_BAD : ch.base.type;
	return rc;
}

/* The type at the bottom of the chain that starts with the delta e at offset. */
static int chain_type(enum sgit_object_type *type, struct sgit_pack *p, struct pack_entry *e,
		      uint64_t offset, struct sgit_error *err)
{
	const struct pack_cached *cached;
	uint32_t steps = 0;
	int rc;

	while (is_delta(e->type)) {
		if (steps++ >= p->count)
			return corrupt(p, err, offset, "delta chain loops");
		if ((cached = sgit_pack_cache_get(&p->bases, e->base))) {
			*type = cached->type;
			return 0;
		}
		if ((rc = parse_entry(e, p, e->base, err)) < 0)
			return rc;
	}
	*type = e->type;
	return 0;
}

int sgit_pack_read_header(size_t *size, enum sgit_object_type *type, struct sgit_pack *pack,
			  uint64_t offset, struct sgit_error *err)
{
	const struct pack_cached *cached = sgit_pack_cache_get(&pack->bases, offset);
	enum sgit_object_type t = cached ? cached->type : SGIT_OBJ_BAD;
	size_t sz = cached ? cached->len : 0;
	struct pack_entry e;
	int rc = 0;

	if (cached)
		goto out;
	if ((rc = parse_entry(&e, pack, offset, err)) < 0)
		goto out;
	sz = e.size;
	t = e.type;
	if (is_delta(e.type) && (rc = delta_result_size(&sz, pack, &e, offset, err)) == 0)
		rc = chain_type(&t, pack, &e, offset, err);
out:
	*size = rc < 0 ? 0 : sz;
	*type = rc < 0 ? SGIT_OBJ_BAD : t;
	return rc;
}
