/* objects/pack_write.c: collect ids, write them as a pack, name the files atomically */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "objects/odb_int.h"
#include "objects/pack_write_int.h"
#include "util/fs.h"

/* zlib counts in 32-bit uInt: larger objects are fed to it in pieces. */
#define ZPIECE ((size_t)1 << 30)
#define PROGRESS_EVERY 1024
#define MAX_OBJECTS UINT32_MAX

int sgit_pack_writer_new(struct sgit_pack_writer **out, struct sgit_odb *src,
			 const struct sgit_pack_write_options *opts, struct sgit_error *err)
{
	struct sgit_pack_write_options dflt = SGIT_PACK_WRITE_OPTIONS_INIT;
	struct sgit_pack_writer *w = calloc(1, sizeof(*w));
	struct sgit_buf base = SGIT_BUF_INIT;
	int rc = 0;

	*out = NULL;
	if (!w)
		return sgit_error_nomem(err);
	w->odb = src;
	w->err = err;
	w->opts = opts ? *opts : dflt;
	w->pack = (struct pw_out)PW_OUT_INIT;
	w->idx = (struct pw_out)PW_OUT_INIT;
	sgit_buf_init(&w->obj);
	if (w->opts.base)
		rc = sgit_buf_sets(&base, w->opts.base);
	else
		rc = sgit_buf_printf(&base, "%s/pack/pack", sgit_odb_path(src));
	if (rc < 0 || !(w->base = sgit_buf_detach(&base, NULL))) {
		sgit_buf_release(&base);
		sgit_pack_writer_free(w);
		return sgit_error_nomem(err);
	}
	w->own_store = !w->opts.base;
	w->opts.base = NULL;
	*out = w;
	return 0;
}

void sgit_pack_writer_free(struct sgit_pack_writer *w)
{
	if (!w)
		return;
	pw_out_discard(&w->pack);
	pw_out_discard(&w->idx);
	pw_sources_release(w);
	if (w->zs_ready)
		deflateEnd(&w->zs);
	sgit_buf_release(&w->obj);
	free(w->chunk);
	free(w->entries);
	free(w->slots);
	free(w->base);
	free(w);
}

size_t sgit_pack_writer_count(const struct sgit_pack_writer *w)
{
	return w->n;
}

static size_t slot_of(const struct sgit_oid *id, size_t nslots)
{
	uint32_t h;

	memcpy(&h, id->id, sizeof(h));
	return h & (nslots - 1);
}

struct pw_entry *pw_lookup(const struct sgit_pack_writer *w, const struct sgit_oid *id)
{
	size_t i;

	if (!w->nslots)
		return NULL;
	for (i = slot_of(id, w->nslots); w->slots[i]; i = (i + 1) & (w->nslots - 1))
		if (sgit_oid_equal(&w->entries[w->slots[i] - 1].id, id))
			return &w->entries[w->slots[i] - 1];
	return NULL;
}

/* Keep the table at most half full. */
static int grow_slots(struct sgit_pack_writer *w)
{
	size_t n = w->nslots ? 2 * w->nslots : 1024, i, j;
	uint32_t *slots;

	if (w->nslots && 2 * (w->n + 1) <= w->nslots)
		return 0;
	if (!(slots = calloc(n, sizeof(*slots))))
		return sgit_error_nomem(w->err);
	for (i = 0; i < w->n; i++) {
		for (j = slot_of(&w->entries[i].id, n); slots[j]; j = (j + 1) & (n - 1))
			;
		slots[j] = (uint32_t)i + 1;
	}
	free(w->slots);
	w->slots = slots;
	w->nslots = n;
	return 0;
}

int sgit_pack_writer_add(struct sgit_pack_writer *w, const struct sgit_oid *id)
{
	struct pw_entry *grown;
	size_t i;
	int rc;

	if (pw_lookup(w, id))
		return 0;
	if (w->n >= MAX_OBJECTS)
		return sgit_error_set(w->err, SGIT_EINVALID, "too many objects for one pack");
	if (w->n == w->alloc) {
		size_t n = w->alloc ? 2 * w->alloc : 256;

		if (!(grown = realloc(w->entries, n * sizeof(*grown))))
			return sgit_error_nomem(w->err);
		w->entries = grown;
		w->alloc = n;
	}
	if ((rc = grow_slots(w)) < 0)
		return rc;
	memset(&w->entries[w->n], 0, sizeof(*w->entries));
	w->entries[w->n].id = *id;
	for (i = slot_of(id, w->nslots); w->slots[i]; i = (i + 1) & (w->nslots - 1))
		;
	w->slots[i] = (uint32_t)++w->n;
	return 0;
}

/* The type and size header of a pack entry; returns its length (at most 11 bytes). */
static size_t encode_header(unsigned char *out, enum sgit_object_type type, uint64_t size)
{
	unsigned char c = (unsigned char)((unsigned)type << 4 | (size & 0x0f));
	size_t n = 0;

	size >>= 4;
	while (size) {
		out[n++] = c | 0x80;
		c = size & 0x7f;
		size >>= 7;
	}
	out[n++] = c;
	return n;
}

/* An OFS_DELTA's distance to its base: 7-bit groups, most significant first, each continuation less one. */
static size_t encode_ofs(unsigned char *out, uint64_t rel)
{
	unsigned char tmp[10];
	size_t pos = sizeof(tmp) - 1;

	tmp[pos] = rel & 0x7f;
	while (rel >>= 7) {
		rel--;
		tmp[--pos] = 0x80 | (rel & 0x7f);
	}
	memcpy(out, tmp + pos, sizeof(tmp) - pos);
	return sizeof(tmp) - pos;
}

static int deflate_into_pack(struct sgit_pack_writer *w, const unsigned char *data, size_t len)
{
	z_stream *zs = &w->zs;
	int ret, rc;

	ret = w->zs_ready ? deflateReset(zs) : deflateInit(zs, w->opts.compression);
	if (ret != Z_OK)
		return ret == Z_MEM_ERROR ? sgit_error_nomem(w->err)
			: sgit_error_set(w->err, SGIT_ERROR, "cannot start zlib (%d)", ret);
	w->zs_ready = 1;
	zs->next_in = (Bytef *)data;
	zs->avail_in = 0;
	do {
		if (!zs->avail_in && len) {
			zs->avail_in = (uInt)(len < ZPIECE ? len : ZPIECE);
			len -= zs->avail_in;
		}
		zs->next_out = w->chunk;
		zs->avail_out = (uInt)PW_CHUNK;
		ret = deflate(zs, len || zs->avail_in ? Z_NO_FLUSH : Z_FINISH);
		if (ret != Z_OK && ret != Z_STREAM_END && ret != Z_BUF_ERROR)
			return sgit_error_set(w->err, SGIT_ERROR, "zlib cannot deflate (%d)", ret);
		if ((rc = pw_out_write(&w->pack, w->chunk, PW_CHUNK - zs->avail_out)) < 0)
			return rc;
	} while (ret != Z_STREAM_END);
	return 0;
}

/* Read e through the odb, check it hashes to its id, and deflate it whole into the pack. */
static int write_whole(struct sgit_pack_writer *w, const struct pw_entry *e)
{
	enum sgit_object_type type;
	unsigned char head[16];
	char hex[SGIT_OID_HEXSZ + 1];
	struct sgit_oid real;
	int rc;

	if ((rc = sgit_odb_read(&w->obj, &type, w->odb, &e->id)) < 0)
		return rc;
	if ((rc = sgit_object_hash(&real, type, w->obj.ptr, w->obj.len)) < 0)
		return sgit_error_nomem(w->err);
	if (!sgit_oid_equal(&real, &e->id))
		return sgit_error_set(w->err, SGIT_ECORRUPT, "object '%s' is corrupt: its content hashes to '%s'",
				      sgit_oid_tohex(hex, &e->id), sgit_oid_tohex(hex, &real));
	if ((rc = pw_out_write(&w->pack, head, encode_header(head, type, w->obj.len))) < 0)
		return rc;
	return deflate_into_pack(w, (const unsigned char *)w->obj.ptr, w->obj.len);
}

/*
 * Copy e's bytes from its source pack: whole objects as they are, deltas
 * whose base is already in the new pack as an OFS_DELTA to it. 1 when
 * copied, 0 when e must be written whole (nothing was written then).
 */
static int write_reused(struct sgit_pack_writer *w, const struct pw_entry *e)
{
	const struct sgit_pack *p = w->srcs[e->src - 1].pack;
	unsigned char head[32];
	const struct pw_entry *base;
	struct pw_raw raw;
	size_t n;
	int rc;

	if ((rc = pw_raw_entry(&raw, w, e->src, e->src_offset)) <= 0)
		return rc;
	if (raw.type != SGIT_OBJ_OFS_DELTA && raw.type != SGIT_OBJ_REF_DELTA) {
		if ((rc = pw_out_write(&w->pack, p->pack + raw.offset, raw.end - raw.offset)) < 0)
			return rc;
		w->stats.reused++;
		return 1;
	}
	/* a base written before: no cycle between deltas can arise */
	if (!(base = pw_lookup(w, &raw.base)) || !base->offset)
		return 0;
	n = encode_header(head, SGIT_OBJ_OFS_DELTA, raw.size);
	n += encode_ofs(head + n, e->offset - base->offset);
	if ((rc = pw_out_write(&w->pack, head, n)) < 0 ||
	    (rc = pw_out_write(&w->pack, p->pack + raw.data, raw.end - raw.data)) < 0)
		return rc;
	w->stats.reused++;
	w->stats.reused_deltas++;
	w->stats.deltas++;
	return 1;
}

static int write_entry(struct sgit_pack_writer *w, struct pw_entry *e)
{
	int rc = 0;

	e->offset = w->pack.offset;
	w->pack.crc = (uint32_t)crc32_z(0, NULL, 0);
	if (e->src && (rc = write_reused(w, e)) < 0)
		return rc;
	if (!rc && (rc = write_whole(w, e)) < 0)
		return rc;
	e->crc = w->pack.crc;
	w->stats.objects++;
	return 0;
}

/* The order of writing: by source pack and offset (bases before their deltas), then the rest as added. */
struct pw_order {
	uint64_t key;		/* source offset, or the entry's index when read through the odb */
	uint32_t src;		/* UINT32_MAX for those read through the odb */
	uint32_t idx;
};

static int cmp_order(const void *a, const void *b)
{
	const struct pw_order *x = a, *y = b;

	if (x->src != y->src)
		return x->src < y->src ? -1 : 1;
	return x->key < y->key ? -1 : x->key > y->key;
}

static int plan_order(struct pw_order **out, struct sgit_pack_writer *w)
{
	struct pw_order *o = malloc((w->n ? w->n : 1) * sizeof(*o));
	struct pw_entry *e;
	size_t i;
	int rc;

	*out = NULL;
	if (!o)
		return sgit_error_nomem(w->err);
	for (i = 0; i < w->n; i++) {
		e = &w->entries[i];
		if (w->opts.reuse && (rc = pw_locate(&e->src, &e->src_offset, w, &e->id)) < 0) {
			free(o);
			return rc;
		}
		o[i].src = e->src ? e->src : UINT32_MAX;
		o[i].key = e->src ? e->src_offset : i;
		o[i].idx = (uint32_t)i;
	}
	qsort(o, w->n, sizeof(*o), cmp_order);
	*out = o;
	return 0;
}

static void progress(struct sgit_pack_writer *w, size_t done)
{
	if (w->opts.progress && (done % PROGRESS_EVERY == 0 || done == w->n))
		w->opts.progress(done, w->n, w->opts.progress_payload);
}

static int write_objects(struct sgit_pack_writer *w)
{
	unsigned char head[12] = { 'P', 'A', 'C', 'K', 0, 0, 0, 2 };
	struct pw_order *order = NULL;
	size_t i;
	int rc;

	head[8] = (unsigned char)(w->n >> 24);
	head[9] = (unsigned char)(w->n >> 16);
	head[10] = (unsigned char)(w->n >> 8);
	head[11] = (unsigned char)w->n;
	if ((rc = plan_order(&order, w)) < 0 || (rc = pw_out_write(&w->pack, head, sizeof(head))) < 0)
		goto out;
	for (i = 0; i < w->n; i++) {
		if ((rc = write_entry(w, &w->entries[order[i].idx])) < 0)
			goto out;
		progress(w, i + 1);
	}
	if (!w->n)
		progress(w, 0);
out:
	free(order);
	return rc;
}

static int cmp_id(const void *a, const void *b)
{
	return memcmp(((const struct pw_entry *)a)->id.id, ((const struct pw_entry *)b)->id.id,
		      SGIT_OID_RAWSZ);
}

/* Give the temp file its name "<base>-<hex><ext>"; a file already there (same bytes: same name) wins. */
static int name_file(struct sgit_pack_writer *w, struct pw_out *o, const char *hex, const char *ext)
{
	struct sgit_buf final = SGIT_BUF_INIT;
	int rc = 0;

	if (sgit_buf_printf(&final, "%s-%s%s", w->base, hex, ext) < 0) {
		rc = sgit_error_nomem(w->err);
		goto out;
	}
	if (sgit_fs_exists(final.ptr))
		unlink(o->path.ptr);
	else if (rename(o->path.ptr, final.ptr) < 0)
		rc = sgit_error_set(w->err, SGIT_EOS, "cannot rename '%s' to '%s': %s", o->path.ptr,
				    final.ptr, strerror(errno));
	if (rc == 0)
		sgit_buf_reset(&o->path);
out:
	sgit_buf_release(&final);
	return rc;
}

/* Open both temp files in the folder of base (made when missing). */
static int open_outputs(struct sgit_pack_writer *w)
{
	struct sgit_buf dir = SGIT_BUF_INIT;
	const char *slash = strrchr(w->base, '/');
	int rc;

	if (sgit_buf_set(&dir, w->base, slash ? (size_t)(slash - w->base) : 0) < 0 ||
	    (!dir.len && sgit_buf_sets(&dir, slash ? "/" : ".") < 0)) {
		rc = sgit_error_nomem(w->err);
		goto out;
	}
	if (!(w->chunk = malloc(PW_CHUNK))) {
		rc = sgit_error_nomem(w->err);
		goto out;
	}
	if ((rc = sgit_fs_mkdir_p(dir.ptr, w->err)) < 0 ||
	    (rc = pw_out_open(&w->pack, dir.ptr, "tmp_pack_", w->err)) < 0)
		goto out;
	rc = pw_out_open(&w->idx, dir.ptr, "tmp_idx_", w->err);
out:
	sgit_buf_release(&dir);
	return rc;
}

int sgit_pack_writer_finish(struct sgit_oid *pack_id, struct sgit_pack_write_stats *stats,
			    struct sgit_pack_writer *w)
{
	char hex[SGIT_OID_HEXSZ + 1];
	struct sgit_oid sum, idx_sum;
	int rc;

	sgit_oid_clear(pack_id);
	if (w->finished)
		return sgit_error_set(w->err, SGIT_EINVALID, "pack already written");
	w->finished = 1;
	if ((rc = open_outputs(w)) < 0 || (rc = write_objects(w)) < 0 ||
	    (rc = pw_out_finish(&sum, &w->pack, w->odb->file_mode, w->opts.fsync)) < 0)
		goto out;
	/* the id table of the index is sorted; the hash of ids is not needed any more */
	if (w->n)
		qsort(w->entries, w->n, sizeof(*w->entries), cmp_id);
	free(w->slots);
	w->slots = NULL;
	w->nslots = 0;
	if ((rc = pw_write_index(w, &sum)) < 0 ||
	    (rc = pw_out_finish(&idx_sum, &w->idx, w->odb->file_mode, w->opts.fsync)) < 0)
		goto out;
	sgit_oid_tohex(hex, &sum);
	if ((rc = name_file(w, &w->pack, hex, ".pack")) < 0 ||
	    (rc = name_file(w, &w->idx, hex, ".idx")) < 0)
		goto out;
	if (w->own_store)
		sgit_odb_rescan_packs(w->odb);
	*pack_id = sum;
	if (stats)
		*stats = w->stats;
out:
	pw_out_discard(&w->pack);
	pw_out_discard(&w->idx);
	return rc;
}

int sgit_pack_write(struct sgit_oid *pack_id, struct sgit_pack_write_stats *stats,
		    struct sgit_odb *src, const struct sgit_oid *ids, size_t n,
		    const struct sgit_pack_write_options *opts, struct sgit_error *err)
{
	struct sgit_pack_writer *w = NULL;
	size_t i;
	int rc;

	sgit_oid_clear(pack_id);
	if ((rc = sgit_pack_writer_new(&w, src, opts, err)) < 0)
		return rc;
	for (i = 0; i < n && rc == 0; i++)
		rc = sgit_pack_writer_add(w, &ids[i]);
	if (rc == 0)
		rc = sgit_pack_writer_finish(pack_id, stats, w);
	sgit_pack_writer_free(w);
	return rc;
}
