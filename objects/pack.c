/* objects/pack.c: open a pack (.idx v2 + .pack), check its layout, look ids up */
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "objects/pack_int.h"

/*
 * The delta-base cache of each pack. With the checkpoints of pack_read.c, 32
 * MiB reads every object of an aggressively packed repository of 150,000
 * objects in id order (random pack order, chains of depth 50) about five
 * times faster than git with its 96 MiB, and keeps the peak memory below
 * git's: measured on such packs, more did not make it faster.
 */
#define DEFAULT_CACHE_LIMIT ((size_t)32 << 20)

#define IDX_MAGIC "\377tOc"
#define IDX_FANOUT_SIZE (256 * 4)
#define IDX_HEADER_SIZE (8 + IDX_FANOUT_SIZE)
#define IDX_TRAILER_SIZE (2 * SGIT_OID_RAWSZ)
#define IDX_ENTRY_SIZE (SGIT_OID_RAWSZ + 4 + 4)	/* id, CRC32, 4-byte offset */
#define IDX_V1_ENTRY_SIZE (4 + SGIT_OID_RAWSZ)

static uint32_t be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static uint64_t be64(const unsigned char *p)
{
	return (uint64_t)be32(p) << 32 | be32(p + 4);
}

static int idx_corrupt(const struct sgit_pack *p, struct sgit_error *err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static int idx_corrupt(const struct sgit_pack *p, struct sgit_error *err, const char *fmt, ...)
{
	char what[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	return sgit_error_set(err, SGIT_ECORRUPT, "pack index '%s' is corrupt: %s", p->idx_path, what);
}

static int map_file(const unsigned char **map, size_t *size, const char *kind, const char *path,
		    size_t min_size, struct sgit_error *err)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), rc = 0;
	struct stat st;
	void *m;

	if (fd < 0)
		return sgit_error_set(err, errno == ENOENT ? SGIT_ENOTFOUND : SGIT_EOS,
				      "cannot open '%s': %s", path, strerror(errno));
	if (fstat(fd, &st) < 0) {
		rc = sgit_error_set(err, SGIT_EOS, "cannot stat '%s': %s", path, strerror(errno));
		goto out;
	}
	if ((uint64_t)st.st_size < min_size || (uint64_t)st.st_size > SIZE_MAX) {
		rc = sgit_error_set(err, SGIT_ECORRUPT, "%s '%s' is corrupt: impossible size %jd bytes",
				    kind, path, (intmax_t)st.st_size);
		goto out;
	}
	m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	if (m == MAP_FAILED) {
		rc = sgit_error_set(err, SGIT_EOS, "cannot map '%s': %s", path, strerror(errno));
		goto out;
	}
	*map = m;
	*size = (size_t)st.st_size;
out:
	close(fd);
	return rc;
}

/* Without the v2 magic the file is either version 1 (no header at all) or garbage. */
static int idx_not_v2(const struct sgit_pack *p, struct sgit_error *err)
{
	uint32_t n = be32(p->idx + IDX_FANOUT_SIZE - 4);

	if (p->idx_size == IDX_FANOUT_SIZE + (uint64_t)n * IDX_V1_ENTRY_SIZE + IDX_TRAILER_SIZE)
		return sgit_error_set(err, SGIT_ECORRUPT,
				      "pack index '%s' is version 1, which is not supported "
				      "(repack with a newer git)", p->idx_path);
	return idx_corrupt(p, err, "bad magic");
}

/* Count the offsets that live in the 64-bit table; each must point inside it. */
static int count_large(struct sgit_pack *p, struct sgit_error *err)
{
	uint32_t i, o, nlarge = 0, max_index = 0;

	for (i = 0; i < p->count; i++) {
		o = be32(p->offsets + 4 * (size_t)i);
		if (o & 0x80000000u) {
			nlarge++;
			if ((o & 0x7fffffffu) > max_index)
				max_index = o & 0x7fffffffu;
		}
	}
	if (nlarge && max_index >= nlarge)
		return idx_corrupt(p, err, "64-bit offset %u out of range (%u in the table)",
				   max_index, nlarge);
	p->nlarge = nlarge;
	return 0;
}

static int check_idx(struct sgit_pack *p, struct sgit_error *err)
{
	const unsigned char *m = p->idx;
	uint64_t want;
	uint32_t version;
	size_t i;
	int rc;

	if (memcmp(m, IDX_MAGIC, 4))
		return idx_not_v2(p, err);
	if ((version = be32(m + 4)) != 2)
		return idx_corrupt(p, err, "unsupported version %u", version);
	for (i = 0; i < 256; i++) {
		p->fanout[i] = be32(m + 8 + 4 * i);
		if (i && p->fanout[i] < p->fanout[i - 1])
			return idx_corrupt(p, err, "non-monotonic fan-out at entry %zu", i);
	}
	p->count = p->fanout[255];
	want = IDX_HEADER_SIZE + (uint64_t)p->count * IDX_ENTRY_SIZE + IDX_TRAILER_SIZE;
	if (p->idx_size < want)
		return idx_corrupt(p, err, "%zu bytes is too small for %u objects",
				   p->idx_size, p->count);
	p->ids = m + IDX_HEADER_SIZE;
	p->offsets = p->ids + (size_t)p->count * (SGIT_OID_RAWSZ + 4);
	p->large = p->offsets + (size_t)p->count * 4;
	if ((rc = count_large(p, err)) < 0)
		return rc;
	want += (uint64_t)p->nlarge * 8;
	if (p->idx_size != want)
		return idx_corrupt(p, err, "%zu bytes, but %u objects (%u with 64-bit offsets) make %ju",
				   p->idx_size, p->count, p->nlarge, (uintmax_t)want);
	return 0;
}

static int check_pack(struct sgit_pack *p, struct sgit_error *err)
{
	const unsigned char *m = p->pack;
	uint32_t version = be32(m + 4), n = be32(m + 8);

	if (memcmp(m, "PACK", 4))
		return sgit_error_set(err, SGIT_ECORRUPT, "pack '%s' is corrupt: bad signature",
				      p->pack_path);
	if (version != 2 && version != 3)
		return sgit_error_set(err, SGIT_ECORRUPT, "pack '%s' has unsupported version %u",
				      p->pack_path, version);
	if (n != p->count)
		return sgit_error_set(err, SGIT_ECORRUPT,
				      "pack '%s' holds %u objects, its index '%s' lists %u",
				      p->pack_path, n, p->idx_path, p->count);
	if (memcmp(m + p->pack_size - PACK_TRAILER_SIZE,
		   p->idx + p->idx_size - IDX_TRAILER_SIZE, SGIT_OID_RAWSZ))
		return sgit_error_set(err, SGIT_ECORRUPT, "pack '%s' does not match its index '%s'",
				      p->pack_path, p->idx_path);
	return 0;
}

static int set_paths(struct sgit_pack *p, const char *idx_path, struct sgit_error *err)
{
	size_t len = strlen(idx_path);

	if (len < 4 || strcmp(idx_path + len - 4, ".idx"))
		return sgit_error_set(err, SGIT_EINVALID, "'%s' is not a pack index name", idx_path);
	if (!(p->idx_path = strdup(idx_path)) || !(p->pack_path = malloc(len + 2)))
		return sgit_error_nomem(err);
	memcpy(p->pack_path, idx_path, len - 4);
	memcpy(p->pack_path + len - 4, ".pack", 6);
	return 0;
}

/*
 * The same checks over borrowed bytes: a pack is a pure function of its two
 * files, so tests and fuzzers can hand them over without touching the disk.
 */
int sgit_pack_open_buffers(struct sgit_pack **out, const char *idx_path, const void *idx,
			   size_t idx_len, const void *pack, size_t pack_len, struct sgit_error *err)
{
	struct sgit_pack *p = calloc(1, sizeof(*p));
	int rc;

	*out = NULL;
	if (!p)
		return sgit_error_nomem(err);
	p->borrowed = 1;
	sgit_buf_init(&p->scratch);
	sgit_pack_cache_init(&p->bases, DEFAULT_CACHE_LIMIT);
	if ((rc = set_paths(p, idx_path, err)) < 0)
		goto out;
	p->idx = idx;
	p->idx_size = idx_len;
	p->pack = pack;
	p->pack_size = pack_len;
	if (idx_len < IDX_HEADER_SIZE + IDX_TRAILER_SIZE)
		rc = idx_corrupt(p, err, "impossible size %zu bytes", idx_len);
	else if (pack_len < PACK_HEADER_SIZE + PACK_TRAILER_SIZE)
		rc = sgit_error_set(err, SGIT_ECORRUPT, "pack '%s' is corrupt: impossible size %zu bytes",
				    p->pack_path, pack_len);
	else if ((rc = check_idx(p, err)) == 0)
		rc = check_pack(p, err);
	if (rc < 0)
		goto out;
	*out = p;
	p = NULL;
out:
	sgit_pack_free(p);
	return rc;
}

int sgit_pack_open(struct sgit_pack **out, const char *idx_path, struct sgit_error *err)
{
	struct sgit_pack *p = calloc(1, sizeof(*p));
	int rc;

	*out = NULL;
	if (!p)
		return sgit_error_nomem(err);
	sgit_buf_init(&p->scratch);
	sgit_pack_cache_init(&p->bases, DEFAULT_CACHE_LIMIT);
	if ((rc = set_paths(p, idx_path, err)) < 0 ||
	    (rc = map_file(&p->idx, &p->idx_size, "pack index", p->idx_path,
			   IDX_HEADER_SIZE + IDX_TRAILER_SIZE, err)) < 0 ||
	    (rc = check_idx(p, err)) < 0 ||
	    (rc = map_file(&p->pack, &p->pack_size, "pack", p->pack_path,
			   PACK_HEADER_SIZE + PACK_TRAILER_SIZE, err)) < 0 ||
	    (rc = check_pack(p, err)) < 0)
		goto out;
	*out = p;
	p = NULL;
out:
	sgit_pack_free(p);
	return rc;
}

void sgit_pack_free(struct sgit_pack *pack)
{
	if (!pack)
		return;
	if (pack->idx && !pack->borrowed)
		munmap((void *)pack->idx, pack->idx_size);
	if (pack->pack && !pack->borrowed)
		munmap((void *)pack->pack, pack->pack_size);
	if (pack->zs_ready)
		inflateEnd(&pack->zs);
	sgit_pack_cache_release(&pack->bases);
	sgit_buf_release(&pack->scratch);
	free(pack->links);
	free(pack->idx_path);
	free(pack->pack_path);
	free(pack);
}

const char *sgit_pack_path(const struct sgit_pack *pack)
{
	return pack->pack_path;
}

void sgit_pack_set_cache_limit(struct sgit_pack *pack, size_t bytes)
{
	sgit_pack_cache_set_limit(&pack->bases, bytes);
}

uint32_t sgit_pack_count(const struct sgit_pack *pack)
{
	return pack->count;
}

void sgit_pack_oid_at(struct sgit_oid *out, const struct sgit_pack *pack, uint32_t i)
{
	assert(i < pack->count);
	sgit_oid_fromraw(out, pack->ids + (size_t)i * SGIT_OID_RAWSZ);
}

/* count_large() made sure every 64-bit table index is inside the table. */
uint64_t sgit_pack_offset_at(const struct sgit_pack *p, uint32_t i)
{
	uint32_t o = be32(p->offsets + 4 * (size_t)i);

	if (!(o & 0x80000000u))
		return o;
	return be64(p->large + 8 * (size_t)(o & 0x7fffffffu));
}

/* The CRC32 table sits between the ids and the offsets. */
uint32_t sgit_pack_crc_at(const struct sgit_pack *p, uint32_t i)
{
	return be32(p->ids + (size_t)p->count * SGIT_OID_RAWSZ + 4 * (size_t)i);
}

/* Bytes 1 to 7 of an id: what tells ids apart inside one fan-out slot. */
#define SLOT_BITS 56
#define SLOT_MASK ((UINT64_C(1) << SLOT_BITS) - 1)
/* Guesses from the id's value before plain halving takes over (bounds a hostile index). */
#define MAX_GUESSES 4
/* Below this many candidates halving costs no more than guessing. */
#define GUESS_MIN 8

/* Order of key against the id at i, its first 8 bytes compared as one number. */
static int id_cmp_at(const struct sgit_pack *p, const unsigned char *key, uint64_t key8,
		     uint32_t i, uint64_t *at8)
{
	const unsigned char *e = p->ids + (size_t)i * SGIT_OID_RAWSZ;

	*at8 = be64(e);
	if (key8 != *at8)
		return key8 < *at8 ? -1 : 1;
	return memcmp(key + 8, e + 8, SGIT_OID_RAWSZ - 8);
}

/*
 * The first position whose id is not below key; *found when it is key.
 * Ids are uniformly spread, so the place of key between two known ids is
 * well predicted by its value: a few guesses (interpolation) find it where
 * halving needs a dozen steps, each a cache miss in a large index. Halving
 * takes over after MAX_GUESSES, so a skewed or corrupt index stays
 * logarithmic; unsorted ids only make the search miss.
 */
static uint32_t search(const struct sgit_pack *p, const unsigned char *key, int *found)
{
	uint32_t lo = key[0] ? p->fanout[key[0] - 1] : 0, hi = p->fanout[key[0]], mid;
	uint64_t key8 = be64(key), want = key8 & SLOT_MASK, lo_v = 0, hi_v = SLOT_MASK, at8;
	unsigned guesses = 0;
	int c;

	*found = 0;
	if (lo > hi || hi > p->count)	/* check_idx() keeps this from happening */
		return p->count;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (hi - lo > GUESS_MIN && guesses < MAX_GUESSES && hi_v > lo_v && want >= lo_v) {
			double frac = (double)(want - lo_v) / (double)(hi_v - lo_v);
			uint32_t step = frac >= 1.0 ? hi - lo - 1 : (uint32_t)(frac * (hi - lo));

			mid = lo + (step < hi - lo ? step : hi - lo - 1);
			guesses++;
		}
		c = id_cmp_at(p, key, key8, mid, &at8);
		if (!c) {
			*found = 1;
			return mid;
		}
		if (c > 0) {
			lo = mid + 1;
			lo_v = at8 & SLOT_MASK;
		} else {
			hi = mid;
			hi_v = at8 & SLOT_MASK;
		}
	}
	return lo;
}

uint32_t sgit_pack_lower_bound(const struct sgit_pack *pack, const struct sgit_oid *id)
{
	int found;

	return search(pack, id->id, &found);
}

int sgit_pack_find(uint64_t *offset, const struct sgit_pack *pack, const struct sgit_oid *id)
{
	int found;
	uint32_t i = search(pack, id->id, &found);

	if (found)
		*offset = sgit_pack_offset_at(pack, i);
	return found;
}

/* Compare the first hexlen hex digits of id with those of prefix. */
static int prefix_cmp(const unsigned char *id, const unsigned char *prefix, size_t hexlen)
{
	size_t whole = hexlen / 2;
	int c = memcmp(id, prefix, whole);

	if (c || !(hexlen & 1))
		return c;
	return (int)(id[whole] & 0xf0) - (int)(prefix[whole] & 0xf0);
}

int sgit_pack_find_prefix(struct sgit_oid *out, const struct sgit_pack *pack,
			  const struct sgit_oid *prefix, size_t hexlen)
{
	unsigned first = hexlen >= 2 ? prefix->id[0] : hexlen ? prefix->id[0] & 0xf0u : 0;
	uint32_t lo = first ? pack->fanout[first - 1] : 0, hi = pack->count, mid;
	int matches = 0;

	if (hexlen > SGIT_OID_HEXSZ)
		hexlen = SGIT_OID_HEXSZ;
	/* the first id whose leading digits are not below the prefix */
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (prefix_cmp(pack->ids + (size_t)mid * SGIT_OID_RAWSZ, prefix->id, hexlen) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < pack->count && matches < 2; lo++) {
		if (prefix_cmp(pack->ids + (size_t)lo * SGIT_OID_RAWSZ, prefix->id, hexlen))
			break;
		if (!matches++)
			sgit_oid_fromraw(out, pack->ids + (size_t)lo * SGIT_OID_RAWSZ);
	}
	return matches;
}
