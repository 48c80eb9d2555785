/* porcelain/index/index_read.c: the bytes of an index file: header, entries (v2, v3, v4), trailer */
#include <string.h>
#include "porcelain/index/index_int.h"

#define HEADER_SIZE 12
#define TRAILER_SIZE SGIT_OID_RAWSZ
#define ENTRY_FIXED 62		/* ten 32-bit stat fields, the id, 16-bit flags */
#define ENTRY_MIN 64		/* the smallest entry any version can hold */
#define NAME_MASK 0x0fffu
#define F_ASSUME_VALID 0x8000u
#define F_EXTENDED 0x4000u
#define X_SKIP_WORKTREE 0x4000u
#define X_INTENT_TO_ADD 0x2000u

static uint32_t get_be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static unsigned int get_be16(const unsigned char *p)
{
	return (unsigned int)p[0] << 8 | p[1];
}

static void put_be32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)(v >> 24);
	p[1] = (unsigned char)(v >> 16);
	p[2] = (unsigned char)(v >> 8);
	p[3] = (unsigned char)v;
}

static void put_be16(unsigned char *p, unsigned int v)
{
	p[0] = (unsigned char)(v >> 8);
	p[1] = (unsigned char)v;
}

/*
 * The variable-width integer of version 4 names (the encoding of OFS_DELTA
 * offsets): 7 bits a byte, high bit set on all but the last, and each
 * continuation adds one so that every value has exactly one spelling.
 * 0 at a truncated or overflowing number.
 */
static size_t get_varint(size_t *out, const unsigned char *p, size_t avail)
{
	size_t i = 0, v;

	if (!avail)
		return 0;
	v = p[0] & 0x7f;
	while (p[i] & 0x80) {
		if (++i >= avail || v > (SIZE_MAX >> 7) - 1)
			return 0;
		v = ((v + 1) << 7) | (p[i] & 0x7f);
	}
	*out = v;
	return i + 1;
}

static size_t put_varint(unsigned char *out, size_t v)
{
	unsigned char tmp[16];
	size_t pos = sizeof(tmp) - 1;

	tmp[pos] = v & 0x7f;
	while (v >>= 7)
		tmp[--pos] = (unsigned char)(0x80 | (--v & 0x7f));
	memcpy(out, tmp + pos, sizeof(tmp) - pos);
	return sizeof(tmp) - pos;
}

static int corrupt(struct sgit_index *idx, const char *what, size_t n)
{
	return sgit_error_set(idx->err, SGIT_ECORRUPT, "index entry %zu: %s", n, what);
}

/* Stat fields, id and flags of the fixed part of an entry. */
static void read_fixed(struct sgit_index_entry *e, const unsigned char *p)
{
	e->ctime.sec = get_be32(p);
	e->ctime.nsec = get_be32(p + 4);
	e->mtime.sec = get_be32(p + 8);
	e->mtime.nsec = get_be32(p + 12);
	e->dev = get_be32(p + 16);
	e->ino = get_be32(p + 20);
	e->mode = get_be32(p + 24);
	e->uid = get_be32(p + 28);
	e->gid = get_be32(p + 32);
	e->size = get_be32(p + 36);
	sgit_oid_fromraw(&e->id, p + 40);
}

/* A version 4 name: drop bytes from the previous name, append a NUL-terminated suffix. */
static int read_name_v4(struct sgit_index *idx, struct sgit_buf *prev, const unsigned char *p,
			size_t avail, size_t *used, size_t n)
{
	size_t strip = 0, vlen = get_varint(&strip, p, avail);
	const unsigned char *nul;

	if (!vlen)
		return corrupt(idx, "bad name prefix", n);
	if (strip > prev->len)
		return sgit_error_set(idx->err, SGIT_ECORRUPT,
				      "malformed name field in the index, near path '%s'", prev->ptr);
	nul = memchr(p + vlen, 0, avail - vlen);
	if (!nul)
		return corrupt(idx, "name is cut short", n);
	sgit_buf_truncate(prev, prev->len - strip);
	if (sgit_buf_add(prev, p + vlen, (size_t)(nul - (p + vlen))) < 0)
		return sgit_error_nomem(idx->err);
	*used = (size_t)(nul - p) + 1;
	return 0;
}

/* A version 2/3 name: namelen bytes (or up to a NUL at the 0xFFF cap), then NUL padding to 8. */
static int read_name_v2(struct sgit_index *idx, struct sgit_buf *name, const unsigned char *p,
			size_t hdr, size_t avail, size_t namelen, size_t *used, size_t n)
{
	if (namelen == NAME_MASK) {
		const unsigned char *nul = memchr(p + hdr, 0, avail - hdr);

		if (!nul)
			return corrupt(idx, "name is cut short", n);
		namelen = (size_t)(nul - (p + hdr));
	} else if (hdr + namelen >= avail || memchr(p + hdr, 0, namelen + 1) != p + hdr + namelen) {
		return corrupt(idx, "name does not match its length", n);
	}
	*used = (hdr + namelen + 8) & ~(size_t)7;
	if (*used > avail)
		return corrupt(idx, "padding is cut short", n);
	if (sgit_buf_set(name, p + hdr, namelen) < 0)
		return sgit_error_nomem(idx->err);
	return 0;
}

/* The order git keeps: by path then stage, and no stage 0 beside a conflict of its path. */
static int check_order(struct sgit_index *idx, const struct sgit_index_entry *a,
		       const struct sgit_index_entry *b)
{
	int same = a->path_len == b->path_len && !memcmp(a->path, b->path, a->path_len);

	if (!same && sgit_index__cmp(a->path, a->path_len, 0, b->path, b->path_len, 0) > 0)
		return sgit_error_set(idx->err, SGIT_ECORRUPT, "unordered stage entries in index");
	if (same && !a->stage)
		return sgit_error_set(idx->err, SGIT_ECORRUPT,
				      "multiple stage entries for merged file '%s'", b->path);
	if (same && a->stage >= b->stage)
		return sgit_error_set(idx->err, SGIT_ECORRUPT, "unordered stage entries for '%s'",
				      b->path);
	return 0;
}

/* One entry at *pos (advanced); prev holds the previous entry's path (replaced). */
static int read_entry(struct sgit_index *idx, const unsigned char *data, size_t end, size_t *pos,
		      struct sgit_buf *prev, size_t n)
{
	const unsigned char *p = data + *pos;
	size_t avail = end - *pos, hdr = ENTRY_FIXED, used = 0;
	struct sgit_index_entry e;
	struct index_ientry *ie;
	unsigned int flags;
	int rc;

	if (avail < ENTRY_FIXED + 2)
		return corrupt(idx, "cut short", n);
	read_fixed(&e, p);
	flags = get_be16(p + 60);
	e.stage = (flags >> 12) & 3;
	e.flags = flags & F_ASSUME_VALID ? SGIT_INDEX_ASSUME_VALID : 0;
	if (flags & F_EXTENDED) {
		unsigned int x = get_be16(p + 62);

		if (x & ~(X_SKIP_WORKTREE | X_INTENT_TO_ADD))
			return sgit_error_set(idx->err, SGIT_ECORRUPT, "unknown index entry format 0x%08x",
					      x << 16);
		e.flags |= (x & X_SKIP_WORKTREE ? SGIT_INDEX_SKIP_WORKTREE : 0) |
			   (x & X_INTENT_TO_ADD ? SGIT_INDEX_INTENT_TO_ADD : 0);
		hdr += 2;
	}
	if (idx->version == 4) {
		if ((rc = read_name_v4(idx, prev, p + hdr, avail - hdr, &used, n)) < 0)
			return rc;
		used += hdr;
	} else if ((rc = read_name_v2(idx, prev, p, hdr, avail, flags & NAME_MASK, &used, n)) < 0) {
		return rc;
	}
	if (!prev->len)
		return corrupt(idx, "empty name", n);
	if ((flags & NAME_MASK) == NAME_MASK ? prev->len < NAME_MASK : (flags & NAME_MASK) != prev->len)
		return corrupt(idx, "name does not match its length", n);
	e.path = prev->ptr;
	e.path_len = prev->len;
	if (idx->nentries && (rc = check_order(idx, &idx->entries[idx->nentries - 1]->e, &e)) < 0)
		return rc;
	if (!(ie = sgit_index__entry_new(&e)))
		return sgit_error_nomem(idx->err);
	*pos += used;
	return sgit_index__append(idx, ie);
}

static int read_header(struct sgit_index *idx, const unsigned char *data, size_t len)
{
	uint32_t raw;

	if (len < HEADER_SIZE + TRAILER_SIZE)
		return sgit_error_set(idx->err, SGIT_ECORRUPT, "%s: index file smaller than expected",
				      idx->path ? idx->path : "index");
	if (memcmp(data, "DIRC", 4)) {
		/* git shows the four bytes as a number in the machine's byte order */
		memcpy(&raw, data, 4);
		return sgit_error_set(idx->err, SGIT_ECORRUPT, "bad signature 0x%08x", (unsigned int)raw);
	}
	idx->version = get_be32(data + 4);
	if (idx->version < 2 || idx->version > 4)
		return sgit_error_set(idx->err, SGIT_ECORRUPT, "bad index version %d", (int)idx->version);
	return 0;
}

/* The SHA-1 over everything before the trailer; an all-zero trailer means none was computed. */
static int check_trailer(struct sgit_index *idx, const unsigned char *data, size_t len)
{
	static const unsigned char zero[TRAILER_SIZE];
	struct sgit_oid sum;

	if (!memcmp(data + len - TRAILER_SIZE, zero, TRAILER_SIZE))
		return 0;
	if (sgit_hash_buffer(&sum, data, len - TRAILER_SIZE) < 0)
		return sgit_error_nomem(idx->err);
	if (memcmp(sum.id, data + len - TRAILER_SIZE, TRAILER_SIZE))
		return sgit_error_set(idx->err, SGIT_ECORRUPT, "bad index file sha1 signature");
	return 0;
}

static int read_extensions(struct sgit_index *idx, const unsigned char *data, size_t pos, size_t end)
{
	int rc;

	while (pos < end) {
		size_t size;

		if (end - pos < 8)
			return sgit_error_set(idx->err, SGIT_ECORRUPT, "index extension header is cut short");
		size = get_be32(data + pos + 4);
		if (size > end - pos - 8)
			return sgit_error_set(idx->err, SGIT_ECORRUPT, "index extension '%.4s' is cut short",
					      (const char *)(data + pos));
		if ((rc = sgit_index__read_ext(idx, data + pos, data + pos + 8, size)) < 0)
			return rc;
		pos += 8 + size;
	}
	return 0;
}

int sgit_index__parse_into(struct sgit_index *idx, const void *buf, size_t len)
{
	const unsigned char *data = buf;
	struct sgit_buf prev = SGIT_BUF_INIT;
	size_t pos = HEADER_SIZE, end, n, i;
	int rc;

	if ((rc = read_header(idx, data, len)) < 0 || (rc = check_trailer(idx, data, len)) < 0)
		goto out;
	end = len - TRAILER_SIZE;
	n = get_be32(data + 8);
	if (n > (end - HEADER_SIZE) / ENTRY_MIN) {
		rc = sgit_error_set(idx->err, SGIT_ECORRUPT, "index holds more entries (%zu) than fit", n);
		goto out;
	}
	for (i = 0; i < n; i++)
		if ((rc = read_entry(idx, data, end, &pos, &prev, i)) < 0)
			goto out;
	rc = read_extensions(idx, data, pos, end);
out:
	if (rc < 0)
		sgit_index__clear_contents(idx);
	sgit_buf_release(&prev);
	return rc;
}

/* ---- writing ---- */

static int needs_extended(const struct sgit_index_entry *e)
{
	return (e->flags & (SGIT_INDEX_SKIP_WORKTREE | SGIT_INDEX_INTENT_TO_ADD)) != 0;
}

/* Append one entry; prev is the previous path (version 4 compresses against it). */
static int write_entry(struct sgit_buf *out, const struct sgit_index_entry *e, unsigned int version,
		       const struct sgit_index_entry *prev)
{
	int ext = needs_extended(e);
	size_t hdr = ENTRY_FIXED + (ext ? 2 : 0), room = hdr + e->path_len + 8 + 16, used;
	unsigned char *p;

	if (sgit_buf_grow(out, room) < 0)
		return SGIT_ENOMEM;
	p = (unsigned char *)out->ptr + out->len;
	put_be32(p, e->ctime.sec);
	put_be32(p + 4, e->ctime.nsec);
	put_be32(p + 8, e->mtime.sec);
	put_be32(p + 12, e->mtime.nsec);
	put_be32(p + 16, e->dev);
	put_be32(p + 20, e->ino);
	put_be32(p + 24, e->mode);
	put_be32(p + 28, e->uid);
	put_be32(p + 32, e->gid);
	put_be32(p + 36, e->size);
	memcpy(p + 40, e->id.id, SGIT_OID_RAWSZ);
	put_be16(p + 60, (e->flags & SGIT_INDEX_ASSUME_VALID ? F_ASSUME_VALID : 0) |
			 (ext ? F_EXTENDED : 0) | (e->stage & 3) << 12 |
			 (e->path_len < NAME_MASK ? (unsigned int)e->path_len : NAME_MASK));
	if (ext)
		put_be16(p + 62, (e->flags & SGIT_INDEX_SKIP_WORKTREE ? X_SKIP_WORKTREE : 0) |
				 (e->flags & SGIT_INDEX_INTENT_TO_ADD ? X_INTENT_TO_ADD : 0));
	if (version == 4) {
		size_t common = 0, plen = prev ? prev->path_len : 0;

		while (common < plen && common < e->path_len && prev->path[common] == e->path[common])
			common++;
		used = hdr + put_varint(p + hdr, plen - common);
		memcpy(p + used, e->path + common, e->path_len - common);
		used += e->path_len - common;
		p[used++] = '\0';
	} else {
		used = (hdr + e->path_len + 8) & ~(size_t)7;
		memcpy(p + hdr, e->path, e->path_len);
		memset(p + hdr + e->path_len, 0, used - hdr - e->path_len);
	}
	sgit_buf_setlen(out, out->len + used);
	return 0;
}

/* Refuse what no reader would take: entries out of order, a stage 0 beside its conflict. */
static int check_entries(struct sgit_index *idx, unsigned int *version)
{
	int ext = 0;
	size_t i;

	for (i = 0; i < idx->nentries; i++) {
		const struct sgit_index_entry *e = &idx->entries[i]->e;

		ext |= needs_extended(e);
		if (i && check_order(idx, &idx->entries[i - 1]->e, e) < 0)
			return sgit_error_set(idx->err, SGIT_EINVALID, "cannot write the index: %s",
					      sgit_error_message(idx->err));
	}
	*version = idx->version == 4 ? 4 : ext ? 3 : 2;
	return 0;
}

/*
 * Where the bytes go: all of them kept in buf, or (lock set) written to the
 * lock file whenever FLUSH_AT bytes wait, so that a big index is never held
 * twice in memory (its entries, then its bytes).
 */
#define FLUSH_AT 65536
struct index_sink {
	struct sgit_buf *buf;
	size_t hashed;			/* bytes of buf already hashed */
	struct sgit_hash_ctx hash;
	struct sgit_lockfile *lock;	/* NULL: keep everything in buf */
	struct sgit_error *err;
};

/* Hash what waits in buf when at least least bytes do; with a lock, write it out. */
static int sink_flush(struct index_sink *s, size_t least)
{
	int rc = 0;

	if (s->buf->len - s->hashed < least)
		return 0;
	sgit_hash_update(&s->hash, s->buf->ptr + s->hashed, s->buf->len - s->hashed);
	s->hashed = s->buf->len;
	if (s->lock) {
		rc = sgit_lockfile_write(s->lock, s->buf->ptr, s->buf->len, s->err);
		sgit_buf_reset(s->buf);
		s->hashed = 0;
	}
	return rc;
}

static int serialize(struct index_sink *s, struct sgit_index *idx, unsigned int version)
{
	unsigned char hdr[HEADER_SIZE];
	struct sgit_oid sum;
	size_t i;
	int rc;

	memcpy(hdr, "DIRC", 4);
	put_be32(hdr + 4, version);
	put_be32(hdr + 8, (uint32_t)idx->nentries);
	rc = sgit_buf_add(s->buf, hdr, sizeof(hdr));
	for (i = 0; !rc && i < idx->nentries; i++)
		if ((rc = write_entry(s->buf, &idx->entries[i]->e, version,
				      i ? &idx->entries[i - 1]->e : NULL)) == 0)
			rc = sink_flush(s, FLUSH_AT);
	if (rc || (rc = sgit_index__write_exts(s->buf, idx)) < 0 || (rc = sink_flush(s, 0)) < 0)
		return rc;
	sgit_hash_final(&sum, &s->hash);
	if ((rc = sgit_buf_add(s->buf, sum.id, sizeof(sum.id))) == 0 && s->lock)
		rc = sgit_lockfile_write(s->lock, s->buf->ptr, s->buf->len, s->err);
	return rc;
}

int sgit_index__serialize_to(struct sgit_buf *buf, struct sgit_lockfile *lock, unsigned int *version,
			     struct sgit_index *idx)
{
	struct index_sink s = { .buf = buf, .lock = lock, .err = idx->err };
	int rc;

	sgit_buf_reset(buf);
	if ((rc = check_entries(idx, version)) < 0 || (rc = sgit_hash_init(&s.hash)) < 0)
		goto out;
	rc = serialize(&s, idx, *version);
out:
	if (rc == SGIT_ENOMEM)
		sgit_error_nomem(idx->err);
	sgit_hash_discard(&s.hash);
	if (rc < 0 || lock)
		sgit_buf_reset(buf);
	return rc;
}

int sgit_index_serialize(struct sgit_buf *out, struct sgit_index *idx)
{
	unsigned int version = 2;

	return sgit_index__serialize_to(out, NULL, &version, idx);
}
