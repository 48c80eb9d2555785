/* tests/unit/objects/test_pack_crafted.c: packs built byte by byte: deep chains, 64-bit offsets, corruption */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "unit.h"
#include "objects/pack.h"
#include "sgit/errors.h"
#include "sgit/object.h"
#include "util/fs.h"

/* ---- a small pack writer, independent of the reader under test ---- */

struct bent {
	struct sgit_oid id;
	uint64_t offset;
	uint32_t crc;
};

struct built {
	struct sgit_buf pack, idx;
	struct bent *ents;
	size_t n, alloc;
	unsigned large_every;	/* every large_every-th idx entry goes to the 64-bit table */
};

static void b_init(struct built *b)
{
	memset(b, 0, sizeof(*b));
	sgit_buf_init(&b->pack);
	sgit_buf_init(&b->idx);
	sgit_buf_add(&b->pack, "PACK\0\0\0\2\0\0\0\0", 12);
}

static void b_release(struct built *b)
{
	sgit_buf_release(&b->pack);
	sgit_buf_release(&b->idx);
	free(b->ents);
}

/* Append an object's bytes as they are; the idx will list it under id. */
static uint64_t b_raw(struct built *b, const struct sgit_oid *id, const void *bytes, size_t len)
{
	uint64_t at = b->pack.len;

	if (b->n == b->alloc) {
		b->alloc = b->alloc ? b->alloc * 2 : 16;
		b->ents = realloc(b->ents, b->alloc * sizeof(*b->ents));
	}
	b->ents[b->n].id = *id;
	b->ents[b->n].offset = at;
	b->ents[b->n].crc = (uint32_t)crc32(0, bytes, (uInt)len);
	b->n++;
	sgit_buf_add(&b->pack, bytes, len);
	return at;
}

static size_t enc_header(unsigned char *out, int type, uint64_t size)
{
	unsigned char c = (unsigned char)((type << 4) | (size & 15));
	size_t n = 0;

	for (size >>= 4; size; size >>= 7) {
		out[n++] = c | 0x80;
		c = size & 0x7f;
	}
	out[n++] = c;
	return n;
}

/* Big-endian 7-bit groups where each continuation stands for one more. */
static size_t enc_ofs(unsigned char *out, uint64_t rel)
{
	unsigned char tmp[10];
	size_t i = sizeof(tmp) - 1;

	tmp[i] = rel & 0x7f;
	while (rel >>= 7) {
		rel--;
		tmp[--i] = 0x80 | (rel & 0x7f);
	}
	memcpy(out, tmp + i, sizeof(tmp) - i);
	return sizeof(tmp) - i;
}

/* Header (with size hdr_size), extra (a delta's base), then data deflated. */
static uint64_t b_obj(struct built *b, const struct sgit_oid *id, int type, uint64_t hdr_size,
		      const void *extra, size_t extra_len, const void *data, size_t len)
{
	uLongf zlen = compressBound((uLong)len);
	unsigned char *buf = malloc(32 + extra_len + zlen);
	size_t n = enc_header(buf, type, hdr_size);
	uint64_t at;

	if (extra_len)
		memcpy(buf + n, extra, extra_len);
	n += extra_len;
	compress2(buf + n, &zlen, data, (uLong)len, 6);
	at = b_raw(b, id, buf, n + zlen);
	free(buf);
	return at;
}

static uint64_t b_whole(struct built *b, int type, const void *data, size_t len)
{
	struct sgit_oid id;

	sgit_object_hash(&id, (enum sgit_object_type)type, data, len);
	return b_obj(b, &id, type, len, NULL, 0, data, len);
}

static uint64_t b_ofs(struct built *b, const struct sgit_oid *id, uint64_t rel, const void *delta,
		      size_t len)
{
	unsigned char ofs[10];

	return b_obj(b, id, 6, len, ofs, enc_ofs(ofs, rel), delta, len);
}

static uint64_t b_ref(struct built *b, const struct sgit_oid *id, const struct sgit_oid *base,
		      const void *delta, size_t len)
{
	return b_obj(b, id, 7, len, base->id, SGIT_OID_RAWSZ, delta, len);
}

static void put32(struct sgit_buf *out, uint32_t v)
{
	unsigned char c[4] = { (unsigned char)(v >> 24), (unsigned char)(v >> 16),
			       (unsigned char)(v >> 8), (unsigned char)v };

	sgit_buf_add(out, c, 4);
}

static int cmp_ent(const void *a, const void *b)
{
	return sgit_oid_cmp(&((const struct bent *)a)->id, &((const struct bent *)b)->id);
}

static void b_index(struct built *b, const struct sgit_oid *pack_sum)
{
	struct sgit_buf large = SGIT_BUF_INIT;
	struct sgit_oid sum;
	size_t i, j;

	qsort(b->ents, b->n, sizeof(*b->ents), cmp_ent);
	sgit_buf_set(&b->idx, "\377tOc\0\0\0\2", 8);
	for (i = 0, j = 0; i < 256; i++) {
		while (j < b->n && b->ents[j].id.id[0] <= i)
			j++;
		put32(&b->idx, (uint32_t)j);
	}
	for (i = 0; i < b->n; i++)
		sgit_buf_add(&b->idx, b->ents[i].id.id, SGIT_OID_RAWSZ);
	for (i = 0; i < b->n; i++)
		put32(&b->idx, b->ents[i].crc);
	for (i = 0; i < b->n; i++) {
		if (b->large_every && i % b->large_every == 0) {
			put32(&b->idx, 0x80000000u | (uint32_t)(large.len / 8));
			put32(&large, (uint32_t)(b->ents[i].offset >> 32));
			put32(&large, (uint32_t)b->ents[i].offset);
		} else {
			put32(&b->idx, (uint32_t)b->ents[i].offset);
		}
	}
	sgit_buf_addbuf(&b->idx, &large);
	sgit_buf_add(&b->idx, pack_sum->id, SGIT_OID_RAWSZ);
	sgit_hash_buffer(&sum, b->idx.ptr, b->idx.len);
	sgit_buf_add(&b->idx, sum.id, SGIT_OID_RAWSZ);
	sgit_buf_release(&large);
}

/* Fix the object count, add the pack's checksum, write the index. */
static void b_finish(struct built *b)
{
	unsigned char *p = (unsigned char *)b->pack.ptr;
	struct sgit_oid sum;

	p[8] = (unsigned char)(b->n >> 24);
	p[9] = (unsigned char)(b->n >> 16);
	p[10] = (unsigned char)(b->n >> 8);
	p[11] = (unsigned char)b->n;
	sgit_hash_buffer(&sum, b->pack.ptr, b->pack.len);
	sgit_buf_add(&b->pack, sum.id, SGIT_OID_RAWSZ);
	b_index(b, &sum);
}

static int write_bytes(const char *path, const void *data, size_t len)
{
	FILE *f = fopen(path, "wb");
	int ok = f && fwrite(data, 1, len, f) == len;

	return (f && fclose(f) == 0 && ok) ? 0 : -1;
}

/* Write name.pack and name.idx under the scratch folder; idx_path gets the latter. */
static int write_pair(char *idx_path, size_t sz, const char *name, const struct sgit_buf *pack,
		      const struct sgit_buf *idx)
{
	char path[700];

	snprintf(path, sizeof(path), "%s/%s.pack", unit_tmpdir(), name);
	snprintf(idx_path, sz, "%s/%s.idx", unit_tmpdir(), name);
	return write_bytes(path, pack->ptr, pack->len) | write_bytes(idx_path, idx->ptr, idx->len);
}

static uint64_t offset_of(const struct built *b, const struct sgit_oid *id)
{
	size_t i;

	for (i = 0; i < b->n; i++)
		if (sgit_oid_equal(&b->ents[i].id, id))
			return b->ents[i].offset;
	return 0;
}

/* Read every object listed; count those whose content does not hash to their id. */
static unsigned read_all(struct sgit_pack *pack, int *worst)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf data = SGIT_BUF_INIT;
	enum sgit_object_type type;
	struct sgit_oid id, got;
	unsigned wrong = 0;
	uint64_t offset;
	size_t size;
	uint32_t i;
	int rc;

	for (i = 0; i < sgit_pack_count(pack); i++) {
		sgit_pack_oid_at(&id, pack, i);
		if (!sgit_pack_find(&offset, pack, &id)) {
			wrong++;
			continue;
		}
		rc = sgit_pack_read(&data, &type, pack, offset, &err);
		if (rc == 0 && (sgit_object_hash(&got, type, data.ptr, data.len) < 0 ||
				!sgit_oid_equal(&got, &id)))
			wrong++;
		if (rc < 0 && rc != SGIT_ECORRUPT)
			*worst = rc;
		rc = sgit_pack_read_header(&size, &type, pack, offset, &err);
		if (rc < 0 && rc != SGIT_ECORRUPT)
			*worst = rc;
	}
	sgit_buf_release(&data);
	return wrong;
}

/* ---- a 10,000-deep chain ---- */

#define DEEP 10000
#define DEEP_PREFIX "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"

static void deep_content(char out[80], unsigned i)
{
	snprintf(out, 80, "%s%08u", DEEP_PREFIX, i);
}

/*
 * Object i is a delta against object i - 1 (keep the first 64 bytes, insert
 * 8 new digits), alternately by offset and by id.
 */
static void build_deep(struct built *b, struct sgit_oid *last)
{
	unsigned char delta[13] = { 72, 72, 0x90, 64, 8 };
	struct sgit_oid id, prev;
	uint64_t prev_at, at;
	char content[80];
	unsigned i;

	deep_content(content, 0);
	prev_at = b_whole(b, SGIT_OBJ_BLOB, content, 72);
	sgit_object_hash(&prev, SGIT_OBJ_BLOB, content, 72);
	for (i = 1; i < DEEP; i++) {
		deep_content(content, i);
		memcpy(delta + 5, content + 64, 8);
		sgit_object_hash(&id, SGIT_OBJ_BLOB, content, 72);
		at = b->pack.len;
		if (i & 1)
			b_ofs(b, &id, at - prev_at, delta, sizeof(delta));
		else
			b_ref(b, &id, &prev, delta, sizeof(delta));
		prev = id;
		prev_at = at;
	}
	*last = prev;
	b_finish(b);
}

static void test_deep_chain_reads_without_recursion(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf data = SGIT_BUF_INIT;
	struct sgit_pack *pack = NULL;
	enum sgit_object_type type;
	struct sgit_oid last;
	char path[700], want[80];
	struct built b;
	size_t size;
	int worst = 0;

	b_init(&b);
	build_deep(&b, &last);
	CU_ASSERT_EQUAL_FATAL(write_pair(path, sizeof(path), "deep", &b.pack, &b.idx), 0);
	CU_ASSERT_EQUAL_FATAL(sgit_pack_open(&pack, path, &err), 0);
	deep_content(want, DEEP - 1);
	/* first with no cache at all: the whole chain is walked and applied */
	sgit_pack_set_cache_limit(pack, 0);
	CU_ASSERT_EQUAL(sgit_pack_read(&data, &type, pack, offset_of(&b, &last), &err), 0);
	CU_ASSERT(data.len == 72 && !memcmp(data.ptr, want, 72));
	CU_ASSERT_EQUAL(sgit_pack_read_header(&size, &type, pack, offset_of(&b, &last), &err), 0);
	CU_ASSERT_EQUAL(size, 72);
	CU_ASSERT_EQUAL(type, SGIT_OBJ_BLOB);
	sgit_pack_set_cache_limit(pack, (size_t)8 << 20);
	CU_ASSERT_EQUAL(read_all(pack, &worst), 0);
	CU_ASSERT_EQUAL(worst, 0);
	sgit_buf_release(&data);
	sgit_pack_free(pack);
	b_release(&b);
}

/* ---- a small pack of every kind of entry, the start of the corruption cases ---- */

#define TEXT_LEN 1000

struct small {
	struct built b;
	struct sgit_oid text, ofs, ref;		/* a blob, an OFS_DELTA on it, a REF_DELTA on that */
	uint64_t text_at, ofs_at, ref_at;
};

/* Letters that do not compress much, so that a flipped byte lands among literals. */
static void text_content(char *out)
{
	unsigned x = 4711;
	int i;

	for (i = 0; i < TEXT_LEN; i++) {
		x = x * 1103515245u + 12345u;
		out[i] = (char)('a' + (x >> 16) % 26);
	}
}

/*
 * The blob, then version 2 as "copy 1000 bytes, insert 'XY' ... ", then
 * version 3 on version 2. large_every puts idx entries in the 64-bit table.
 */
static void build_small(struct small *s, unsigned large_every, int finish)
{
	static const unsigned char d1[] = { 0xe8, 0x07, 0xea, 0x07, 0xb0, 0xe8, 0x03, 2, 'X', 'Y' };
	static const unsigned char d2[] = { 0xea, 0x07, 0xe9, 0x07, 0xb0, 0xe9, 0x03 };
	char v1[TEXT_LEN + 2];

	b_init(&s->b);
	s->b.large_every = large_every;
	text_content(v1);
	s->text_at = b_whole(&s->b, SGIT_OBJ_BLOB, v1, TEXT_LEN);
	sgit_object_hash(&s->text, SGIT_OBJ_BLOB, v1, TEXT_LEN);
	memcpy(v1 + TEXT_LEN, "XY", 2);
	sgit_object_hash(&s->ofs, SGIT_OBJ_BLOB, v1, TEXT_LEN + 2);
	s->ofs_at = b_ofs(&s->b, &s->ofs, s->b.pack.len - s->text_at, d1, sizeof(d1));
	sgit_object_hash(&s->ref, SGIT_OBJ_BLOB, v1, TEXT_LEN + 1);
	s->ref_at = b_ref(&s->b, &s->ref, &s->ofs, d2, sizeof(d2));
	b_whole(&s->b, SGIT_OBJ_COMMIT, "tree 0\n\nempty\n", 14);
	b_whole(&s->b, SGIT_OBJ_TREE, "", 0);
	if (finish)
		b_finish(&s->b);
}

static void test_small_pack_reads(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_pack *pack = NULL;
	unsigned large;
	char path[700];
	int worst = 0;

	for (large = 0; large <= 2; large++) {
		struct small s;

		build_small(&s, large, 1);
		CU_ASSERT_EQUAL(write_pair(path, sizeof(path), "small", &s.b.pack, &s.b.idx), 0);
		CU_ASSERT_EQUAL(sgit_pack_open(&pack, path, &err), 0);
		if (pack) {
			CU_ASSERT_EQUAL(sgit_pack_count(pack), 5);
			CU_ASSERT_EQUAL(read_all(pack, &worst), 0);
			CU_ASSERT_EQUAL(worst, 0);
		}
		sgit_pack_free(pack);
		pack = NULL;
		b_release(&s.b);
	}
}

static void test_small_pack_reads_from_buffers(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_pack *pack = NULL;
	struct small s;
	int worst = 0;

	build_small(&s, 1, 1);
	CU_ASSERT_EQUAL(sgit_pack_open_buffers(&pack, "mem.idx", s.b.idx.ptr, s.b.idx.len,
					       s.b.pack.ptr, s.b.pack.len, &err), 0);
	if (pack) {
		CU_ASSERT_EQUAL(sgit_pack_count(pack), 5);
		CU_ASSERT_EQUAL(read_all(pack, &worst), 0);
		CU_ASSERT_EQUAL(worst, 0);
	}
	sgit_pack_free(pack);
	/* too short for a header: refused before anything is read */
	CU_ASSERT_EQUAL(sgit_pack_open_buffers(&pack, "mem.idx", s.b.idx.ptr, 16, s.b.pack.ptr,
					       s.b.pack.len, &err), SGIT_ECORRUPT);
	CU_ASSERT_PTR_NULL(pack);
	CU_ASSERT_EQUAL(sgit_pack_open_buffers(&pack, "mem.idx", s.b.idx.ptr, s.b.idx.len,
					       s.b.pack.ptr, 12, &err), SGIT_ECORRUPT);
	b_release(&s.b);
}

/* ---- corruption, one case a row ---- */

struct corrupt_case {
	const char *name;
	void (*make)(struct small *s);	/* mutate a finished small pack, or build a broken one */
	int at_open;			/* refused when opened; else reading `which` is refused */
	int which;			/* 0 text blob, 1 OFS delta, 2 REF delta */
	const char *msg;
};

static unsigned char *pk(struct small *s)
{
	return (unsigned char *)s->b.pack.ptr;
}

static unsigned char *ix(struct small *s)
{
	return (unsigned char *)s->b.idx.ptr;
}

static void idx_cut_to_header(struct small *s) { sgit_buf_truncate(&s->b.idx, 1000); }
static void idx_cut_in_table(struct small *s) { sgit_buf_truncate(&s->b.idx, 1100); }
static void idx_cut_one_byte(struct small *s) { sgit_buf_truncate(&s->b.idx, s->b.idx.len - 1); }
static void idx_bad_magic(struct small *s) { ix(s)[1] = 'X'; }
static void idx_version_3(struct small *s) { ix(s)[7] = 3; }
static void idx_fanout_drops(struct small *s) { ix(s)[8 + 4 * 0x10 + 3] = 0xff; }
static void idx_extra_bytes(struct small *s) { sgit_buf_add(&s->b.idx, "12345678", 8); }
static void pack_count_differs(struct small *s) { pk(s)[11]++; }
static void pack_cut(struct small *s) { sgit_buf_truncate(&s->b.pack, s->b.pack.len - 10); }
static void pack_cut_to_header(struct small *s) { sgit_buf_truncate(&s->b.pack, 20); }
static void pack_bad_signature(struct small *s) { pk(s)[0] = 'Q'; }
static void pack_version_4(struct small *s) { pk(s)[7] = 4; }

/* The first offset-table entry (whichever object sorts first) is given value v. */
static void set_all_offsets(struct small *s, uint32_t v)
{
	size_t n = s->b.n, i, base = 8 + 1024 + n * 24;

	for (i = 0; i < n; i++) {
		ix(s)[base + 4 * i] = (unsigned char)(v >> 24);
		ix(s)[base + 4 * i + 1] = (unsigned char)(v >> 16);
		ix(s)[base + 4 * i + 2] = (unsigned char)(v >> 8);
		ix(s)[base + 4 * i + 3] = (unsigned char)v;
	}
}
static void idx_offsets_past_end(struct small *s) { set_all_offsets(s, 0x7ffffff0u); }
static void idx_offsets_in_header(struct small *s) { set_all_offsets(s, 5); }

static void idx_large_out_of_range(struct small *s)
{
	b_release(&s->b);
	build_small(s, 2, 1);	/* entries 0, 2, 4 use the table: point one past it */
	ix(s)[8 + 1024 + s->b.n * 24 + 4 * 2 + 3] = 3;
}

static void zlib_byte_flipped(struct small *s) { pk(s)[s->text_at + 2 + 100] ^= 0x40; }
static void header_size_short(struct small *s) { pk(s)[s->text_at] = (pk(s)[s->text_at] & 0xf0) | 0x07; }
static void header_size_long(struct small *s) { pk(s)[s->text_at] = (pk(s)[s->text_at] & 0xf0) | 0x09; }
static void type_5(struct small *s) { pk(s)[s->text_at] = (pk(s)[s->text_at] & 0x8f) | 0x50; }

/* Rebuild with the OFS_DELTA's distance replaced by rel. */
static void ofs_distance(struct small *s, uint64_t rel)
{
	static const unsigned char d1[] = { 0xe8, 0x07, 0xe8, 0x07, 0xb0, 0xe8, 0x03 };

	b_release(&s->b);
	build_small(s, 0, 0);
	s->b.pack.len = s->ofs_at;	/* drop everything from the delta on, then redo it */
	s->b.n = 1;
	s->ofs_at = b_ofs(&s->b, &s->ofs, rel, d1, sizeof(d1));
	b_finish(&s->b);
}
static void ofs_before_start(struct small *s) { ofs_distance(s, s->ofs_at + 5); }
static void ofs_zero(struct small *s) { ofs_distance(s, 0); }
static void ofs_into_itself(struct small *s) { ofs_distance(s, s->ofs_at - 12 + 1); }

/* Rebuild with a REF_DELTA whose base is missing, or two REF_DELTAs on each other. */
static void ref_missing(struct small *s)
{
	static const unsigned char d[] = { 0xe8, 0x07, 0xe8, 0x07, 0xb0, 0xe8, 0x03 };
	struct sgit_oid nowhere;

	b_release(&s->b);
	build_small(s, 0, 0);
	memset(nowhere.id, 0x42, sizeof(nowhere.id));
	s->ref_at = b_ref(&s->b, &s->ref, &nowhere, d, sizeof(d));
	s->b.ents[2].id.id[19] ^= 1;	/* keep ids unique: the old REF entry gets another id */
	b_finish(&s->b);
}
static void ref_loop(struct small *s)
{
	static const unsigned char d[] = { 0xe8, 0x07, 0xe8, 0x07, 0xb0, 0xe8, 0x03 };
	struct sgit_oid a, b;

	b_release(&s->b);
	b_init(&s->b);
	memset(a.id, 0xaa, sizeof(a.id));
	memset(b.id, 0xbb, sizeof(b.id));
	b_ref(&s->b, &a, &b, d, sizeof(d));
	s->ref_at = b_ref(&s->b, &b, &a, d, sizeof(d));
	s->ref = b;
	b_finish(&s->b);
}

/* Rebuild with a delta that copies from past its base's end. */
static void delta_outside_base(struct small *s)
{
	static const unsigned char d[] = { 0xe8, 0x07, 0x20, 0x93, 0xe0, 0x03, 0x20 };
	struct sgit_oid id;

	b_release(&s->b);
	build_small(s, 0, 0);
	memset(id.id, 0x17, sizeof(id.id));
	s->ofs_at = s->b.pack.len;
	b_ofs(&s->b, &id, s->ofs_at - s->text_at, d, sizeof(d));
	s->ofs = id;
	b_finish(&s->b);
}

/* Raw entries: a header running into the trailer, a size of more than 64 bits, a huge size. */
static void raw_last(struct small *s, const void *bytes, size_t len)
{
	struct sgit_oid id;

	b_release(&s->b);
	build_small(s, 0, 0);
	memset(id.id, 0x99, sizeof(id.id));
	s->text_at = b_raw(&s->b, &id, bytes, len);
	s->text = id;
	b_finish(&s->b);
}
static void header_into_trailer(struct small *s) { raw_last(s, "\xb0\x80\x80", 3); }
static void size_overflow(struct small *s) { raw_last(s, "\xbf\xff\xff\xff\xff\xff\xff\xff\xff\xff\x7f", 11); }
static void size_huge(struct small *s) { raw_last(s, "\xbf\xff\xff\xff\x7f\x78\x9c", 7); }
static void zlib_cut(struct small *s) { raw_last(s, "\x3a\x78\x9c\x4b\x4c", 5); }

static const struct corrupt_case corrupt_cases[] = {
	{ "idx cut inside its fan-out", idx_cut_to_header, 1, 0, "pack index" },
	{ "idx cut inside its tables", idx_cut_in_table, 1, 0, "too small" },
	{ "idx one byte short", idx_cut_one_byte, 1, 0, "objects" },
	{ "idx with extra bytes", idx_extra_bytes, 1, 0, "64-bit" },
	{ "idx with bad magic", idx_bad_magic, 1, 0, "bad magic" },
	{ "idx of version 3", idx_version_3, 1, 0, "unsupported version 3" },
	{ "non-monotonic fan-out", idx_fanout_drops, 1, 0, "non-monotonic fan-out" },
	{ "64-bit offset index out of range", idx_large_out_of_range, 1, 0, "out of range" },
	{ "object count differs from the idx", pack_count_differs, 1, 0, "holds 6 objects" },
	{ "truncated pack", pack_cut, 1, 0, "does not match its index" },
	{ "pack cut inside its header", pack_cut_to_header, 1, 0, "impossible size" },
	{ "pack with a bad signature", pack_bad_signature, 1, 0, "bad signature" },
	{ "pack of version 4", pack_version_4, 1, 0, "unsupported version 4" },
	{ "idx offset past the pack end", idx_offsets_past_end, 0, 0, "object offset out of range" },
	{ "idx offset inside the pack header", idx_offsets_in_header, 0, 1, "object offset out of range" },
	{ "flipped byte in a zlib stream", zlib_byte_flipped, 0, 0, "" },
	{ "header size smaller than the stream", header_size_short, 0, 0, "its header says 999" },
	{ "header size larger than the stream", header_size_long, 0, 0, "its header says" },
	{ "reserved object type 5", type_5, 0, 0, "unknown object type 5" },
	{ "OFS_DELTA pointing before the pack start", ofs_before_start, 0, 1, "delta base offset out of range" },
	{ "OFS_DELTA with distance 0", ofs_zero, 0, 1, "delta base offset out of range" },
	{ "OFS_DELTA reaching into the header", ofs_into_itself, 0, 1, "delta base offset out of range" },
	{ "REF_DELTA base not in the pack", ref_missing, 0, 2, "is not in the pack" },
	{ "REF_DELTA loop", ref_loop, 0, 2, "delta chain loops" },
	{ "delta copying outside its base", delta_outside_base, 0, 1, "copies outside its base" },
	{ "object header running into the trailer", header_into_trailer, 0, 0, "truncated object header" },
	{ "object size of more than 64 bits", size_overflow, 0, 0, "size overflows" },
	{ "object size its data cannot hold", size_huge, 0, 0, "more than its data can hold" },
	{ "zlib stream cut by the trailer", zlib_cut, 0, 0, "zlib" },
};

static const struct sgit_oid *which_id(const struct small *s, int which)
{
	return which == 0 ? &s->text : which == 1 ? &s->ofs : &s->ref;
}

static int check_corrupt_case(const struct corrupt_case *c)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf data = SGIT_BUF_INIT;
	struct sgit_pack *pack = NULL;
	enum sgit_object_type type;
	char path[700];
	struct small s;
	uint64_t offset;
	int rc, ok;

	build_small(&s, 0, 1);
	c->make(&s);
	write_pair(path, sizeof(path), "corrupt", &s.b.pack, &s.b.idx);
	rc = sgit_pack_open(&pack, path, &err);
	if (c->at_open) {
		ok = rc == SGIT_ECORRUPT && !pack && strstr(err.msg, "corrupt.") && strstr(err.msg, c->msg);
	} else if (rc < 0 || !sgit_pack_find(&offset, pack, which_id(&s, c->which))) {
		ok = 0;
	} else {
		sgit_buf_sets(&data, "stale");
		rc = sgit_pack_read(&data, &type, pack, offset, &err);
		ok = rc == SGIT_ECORRUPT && data.len == 0 && type == SGIT_OBJ_BAD &&
			strstr(err.msg, "pack '") && strstr(err.msg, c->msg);
	}
	if (!ok)
		fprintf(stderr, "case '%s': rc %d: %s\n", c->name, rc, err.msg);
	sgit_buf_release(&data);
	sgit_pack_free(pack);
	b_release(&s.b);
	return ok;
}

static void test_corrupt_table(void)
{
	size_t i;

	for (i = 0; i < sizeof(corrupt_cases) / sizeof(corrupt_cases[0]); i++)
		CU_ASSERT(check_corrupt_case(&corrupt_cases[i]));
}

static void test_header_read_follows_chains_without_applying(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf data = SGIT_BUF_INIT;
	struct sgit_pack *pack = NULL;
	enum sgit_object_type type;
	char path[700];
	struct small s;
	size_t size;

	/* the delta's base is garbage: a header read still works, since it applies nothing */
	build_small(&s, 0, 1);
	zlib_byte_flipped(&s);
	write_pair(path, sizeof(path), "header", &s.b.pack, &s.b.idx);
	CU_ASSERT_EQUAL_FATAL(sgit_pack_open(&pack, path, &err), 0);
	CU_ASSERT_EQUAL(sgit_pack_read_header(&size, &type, pack, s.ref_at, &err), 0);
	CU_ASSERT_EQUAL(size, TEXT_LEN + 1);
	CU_ASSERT_EQUAL(type, SGIT_OBJ_BLOB);
	CU_ASSERT_EQUAL(sgit_pack_read_header(&size, &type, pack, s.ofs_at, &err), 0);
	CU_ASSERT_EQUAL(size, TEXT_LEN + 2);
	CU_ASSERT_EQUAL(sgit_pack_read(&data, &type, pack, s.ref_at, &err), SGIT_ECORRUPT);
	sgit_buf_release(&data);
	sgit_pack_free(pack);
	b_release(&s.b);
}

/* Every byte, except that the idx fan-out (1,024 bytes of one kind) is only sampled. */
static size_t next_position(size_t i, size_t is_idx)
{
	return is_idx && i >= 8 && i < 8 + 1024 - 16 ? i + 13 : i + 1;
}

/* Flip every byte of a small pack and of its index in turn: whatever happens, nothing crashes. */
static void test_every_flipped_byte_fails_cleanly(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_pack *pack;
	struct small s;
	char path[700], file[700];
	size_t i, f;
	unsigned opened = 0;
	int worst = 0, rc;

	build_small(&s, 2, 1);
	CU_ASSERT_EQUAL_FATAL(write_pair(path, sizeof(path), "flip", &s.b.pack, &s.b.idx), 0);
	for (f = 0; f < 2; f++) {
		struct sgit_buf *target = f ? &s.b.idx : &s.b.pack;

		snprintf(file, sizeof(file), "%s/flip.%s", unit_tmpdir(), f ? "idx" : "pack");
		for (i = 0; i < target->len; i = next_position(i, f)) {
			target->ptr[i] ^= 0x55;
			write_bytes(file, target->ptr, target->len);
			rc = sgit_pack_open(&pack, path, &err);
			if (rc == 0) {
				opened++;
				read_all(pack, &worst);
				sgit_pack_free(pack);
			} else if (rc != SGIT_ECORRUPT) {
				worst = rc;
			}
			target->ptr[i] ^= 0x55;
		}
		write_bytes(file, target->ptr, target->len);
	}
	CU_ASSERT_EQUAL(worst, 0);
	CU_ASSERT(opened > 0);
	b_release(&s.b);
}

static void test_every_truncation_fails_cleanly(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf cut = SGIT_BUF_INIT;
	struct sgit_pack *pack;
	struct small s;
	char path[700];
	size_t len, f;
	int bad = 0;

	build_small(&s, 2, 1);
	for (f = 0; f < 2; f++) {
		const struct sgit_buf *full = f ? &s.b.idx : &s.b.pack;

		for (len = 0; len < full->len; len = next_position(len, f)) {
			sgit_buf_set(&cut, full->ptr, len);
			write_pair(path, sizeof(path), "cut", f ? &s.b.pack : &cut, f ? &cut : &s.b.idx);
			if (sgit_pack_open(&pack, path, &err) != SGIT_ECORRUPT || pack)
				bad++;
			sgit_pack_free(pack);
		}
	}
	CU_ASSERT_EQUAL(bad, 0);
	sgit_buf_release(&cut);
	b_release(&s.b);
}

/* ---- ids spread unevenly: the search guesses from id values, it must not depend on them ---- */

#define SKEW_N 1500

/* The i-th id of a distribution: 0 all in one slot with equal bytes 1-7, 1 crowded, 2 even. */
static void skewed_id(struct sgit_oid *id, int kind, unsigned i)
{
	unsigned char seed[8] = { (unsigned char)kind, (unsigned char)(i >> 8), (unsigned char)i };

	memset(id, 0, sizeof(*id));
	if (kind == 0) {
		id->id[0] = 0x42;
		id->id[18] = (unsigned char)(i >> 8);
		id->id[19] = (unsigned char)i;
	} else if (kind == 1) {
		/* most ids packed against the top of slot 0x42, a few spread at powers of two */
		id->id[0] = 0x42;
		if (i % 10 == 0) {
			id->id[1 + (i / 10) % 7] = (unsigned char)(1u << (i / 70) % 8);
		} else {
			memset(id->id + 1, 0xff, 6);
			id->id[7] = (unsigned char)(i >> 8);
			id->id[8] = (unsigned char)i;
		}
		id->id[19] = (unsigned char)(i & 0x0f);
	} else {
		sgit_hash_buffer(id, seed, sizeof(seed));
	}
}

/* Position of the first listed id not below id, by looking at every one. */
static uint32_t scan_lower_bound(const struct sgit_pack *pack, const struct sgit_oid *id)
{
	struct sgit_oid o;
	uint32_t i;

	for (i = 0; i < sgit_pack_count(pack); i++) {
		sgit_pack_oid_at(&o, pack, i);
		if (sgit_oid_cmp(&o, id) >= 0)
			break;
	}
	return i;
}

/* Every listed id is found at its offset, other ids are not, and bounds agree with a scan. */
static unsigned check_skewed(struct sgit_pack *pack, const struct built *b)
{
	struct sgit_oid id, near;
	unsigned bad = 0;
	uint64_t offset;
	uint32_t i;

	for (i = 0; i < sgit_pack_count(pack); i++) {
		sgit_pack_oid_at(&id, pack, i);
		bad += !sgit_pack_find(&offset, pack, &id) || offset != offset_of(b, &id);
		bad += sgit_pack_lower_bound(pack, &id) != i;
		near = id;
		near.id[19] ^= 0x80;
		bad += sgit_pack_find(&offset, pack, &near) != (offset_of(b, &near) != 0);
		bad += sgit_pack_lower_bound(pack, &near) != scan_lower_bound(pack, &near);
		near.id[3] ^= 0x11;
		bad += sgit_pack_find(&offset, pack, &near) != (offset_of(b, &near) != 0);
		bad += sgit_pack_lower_bound(pack, &near) != scan_lower_bound(pack, &near);
	}
	return bad;
}

static void test_uneven_ids_are_all_found(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_pack *pack = NULL;
	struct sgit_oid id;
	char path[700], name[32];
	struct built b;
	unsigned i;
	int kind;

	for (kind = 0; kind < 3; kind++) {
		b_init(&b);
		for (i = 0; i < SKEW_N; i++) {
			skewed_id(&id, kind, i);
			if (!offset_of(&b, &id))
				b_obj(&b, &id, SGIT_OBJ_BLOB, 1, NULL, 0, "x", 1);
		}
		b_finish(&b);
		snprintf(name, sizeof(name), "skew%d", kind);
		CU_ASSERT_EQUAL_FATAL(write_pair(path, sizeof(path), name, &b.pack, &b.idx), 0);
		CU_ASSERT_EQUAL_FATAL(sgit_pack_open(&pack, path, &err), 0);
		CU_ASSERT(sgit_pack_count(pack) > SKEW_N / 2);
		CU_ASSERT_EQUAL(check_skewed(pack, &b), 0);
		sgit_pack_free(pack);
		b_release(&b);
	}
}

static CU_TestInfo crafted_tests[] = {
	{ "a 10,000-deep delta chain reads without recursion", test_deep_chain_reads_without_recursion },
	{ "a small pack reads with and without 64-bit offsets", test_small_pack_reads },
	{ "a small pack reads from bytes in memory", test_small_pack_reads_from_buffers },
	{ "each kind of corruption is refused with a message naming the file", test_corrupt_table },
	{ "a header read follows the chain without applying deltas", test_header_read_follows_chains_without_applying },
	{ "every flipped byte fails cleanly", test_every_flipped_byte_fails_cleanly },
	{ "every truncation is refused when the pack is opened", test_every_truncation_fails_cleanly },
	{ "ids spread unevenly are all found, and bounds agree with a scan",
	  test_uneven_ids_are_all_found },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "objects/pack_crafted", .pTests = crafted_tests },
	CU_SUITE_INFO_NULL,
};
