/* objects/odb_loose.c: the odb's loose objects: a fast read path and cached folder listings */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "objects/loose.h"
#include "objects/odb_int.h"

/*
 * A loose walk reads one small file per object: most of its time goes to
 * system calls. The fast path opens the file relative to the store's
 * folder, reads it with read() into a buffer kept from one object to the
 * next (mapping a file of a few hundred bytes costs more than copying it)
 * and inflates it with a zlib stream that is reset, not set up again, into
 * the caller's buffer, sized once from the header. Anything unusual (a
 * file or object too big for it, any flaw at all) goes to sgit_loose_read(),
 * which then gives the answer, error message included.
 */
#define READER_FIRST ((size_t)8 << 10)
#define READER_MAX ((size_t)1 << 20)
/* Larger objects are left to the general path, which feeds zlib in 32-bit pieces. */
#define FAST_OBJECT_MAX ((size_t)1 << 30)
/* As loose.c: deflate never does better than about 1032:1. */
#define ZLIB_MAX_RATIO 1032

/* "xx/" and the other 38 digits: id's file inside its store. */
static void rel_name(char name[SGIT_OID_HEXSZ + 2], const struct sgit_oid *id)
{
	char hex[SGIT_OID_HEXSZ + 1];

	sgit_oid_tohex(hex, id);
	name[0] = hex[0];
	name[1] = hex[1];
	name[2] = '/';
	memcpy(name + 3, hex + 2, SGIT_OID_HEXSZ - 2 + 1);
}

/* The store's folder, opened once: openat() then skips walking the whole path per object. */
static int store_dirfd(struct odb_store *s)
{
	if (s->dirfd == ODB_DIRFD_UNTRIED) {
		s->dirfd = open(s->path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (s->dirfd < 0)
			s->dirfd = ODB_DIRFD_FAILED;
	}
	return s->dirfd;
}

/* Open id's file in store s; -1 with errno as open() sets it. */
static int open_object(struct odb_store *s, const struct sgit_oid *id)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	char name[SGIT_OID_HEXSZ + 2];
	int dirfd = store_dirfd(s), fd, saved;

	rel_name(name, id);
	if (dirfd >= 0)
		return openat(dirfd, name, O_RDONLY | O_CLOEXEC);
	if (sgit_loose_path(&path, s->path, id) < 0) {
		errno = ENOMEM;
		return -1;
	}
	fd = open(path.ptr, O_RDONLY | O_CLOEXEC);
	saved = errno;
	sgit_buf_release(&path);
	errno = saved;
	return fd;
}

/*
 * Read all of fd into r->file; < 0 when that fails or the file is larger
 * than READER_MAX. A short read of a regular file is its end: that saves
 * the read() that would return 0. Were it not the end, the stream would be
 * cut short and the general path reads the file again.
 */
static int slurp(size_t *len, struct odb_loose_reader *r, int fd)
{
	size_t n = 0;
	ssize_t got;

	for (;;) {
		if (n == r->alloc) {
			size_t want = r->alloc ? 2 * r->alloc : READER_FIRST;
			unsigned char *grown;

			if (want > READER_MAX || !(grown = realloc(r->file, want)))
				return -1;
			r->file = grown;
			r->alloc = want;
		}
		got = read(fd, r->file + n, r->alloc - n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			return -1;
		n += (size_t)got;
		if (got == 0 || n < r->alloc)
			break;
	}
	*len = n;
	return 0;
}

static int zstart(struct odb_loose_reader *r)
{
	int ret = r->zs_ready ? inflateReset(&r->zs) : inflateInit(&r->zs);

	if (ret != Z_OK)
		return -1;
	r->zs_ready = 1;
	return 0;
}

/* Inflate what follows a header of have bytes: the stream must end exactly at size bytes. */
static int inflate_rest(struct sgit_buf *out, z_stream *zs, size_t have, size_t size)
{
	zs->next_out = (Bytef *)out->ptr + have;
	zs->avail_out = (uInt)(size - have + 1);	/* the spare byte catches a longer stream */
	if (inflate(zs, Z_FINISH) != Z_STREAM_END || zs->avail_out != 1)
		return -1;
	return 0;
}

/*
 * Decode r->file[0..len) into out when it is a well-formed loose object
 * (the same rules as sgit_loose_decode); < 0 for anything else, out then
 * holding no particular content.
 */
static int decode_fast(struct sgit_buf *out, enum sgit_object_type *type,
		       struct odb_loose_reader *r, size_t len)
{
	unsigned char hdr[SGIT_LOOSE_HEADER_MAX];
	z_stream *zs = &r->zs;
	size_t hdrlen, size, have;
	const char *why;
	int ret;

	if (len > UINT_MAX || zstart(r) < 0)
		return -1;
	zs->next_in = r->file;
	zs->avail_in = (uInt)len;
	zs->next_out = hdr;
	zs->avail_out = sizeof(hdr);
	ret = inflate(zs, Z_NO_FLUSH);
	if (ret != Z_OK && ret != Z_STREAM_END)
		return -1;
	have = sizeof(hdr) - zs->avail_out;
	if (sgit_loose_parse_header(type, &size, &hdrlen, hdr, have, &why) < 0)
		return -1;
	have -= hdrlen;
	if (have > size || size / ZLIB_MAX_RATIO > len || size >= FAST_OBJECT_MAX)
		return -1;
	sgit_buf_reset(out);
	if (sgit_buf_grow(out, size) < 0)
		return -1;
	memcpy(out->ptr, hdr + hdrlen, have);
	if (ret == Z_STREAM_END ? have != size : inflate_rest(out, zs, have, size) < 0)
		return -1;
	if (zs->avail_in)	/* garbage after the stream */
		return -1;
	sgit_buf_setlen(out, size);
	return 0;
}

int sgit_odb_loose_read(struct sgit_buf *out, enum sgit_object_type *type, size_t *size,
			struct sgit_odb *odb, size_t i, const struct sgit_oid *id)
{
	const char *dir = odb->stores[i].path;
	char hex[SGIT_OID_HEXSZ + 1];
	size_t len = 0;
	int fd, rc;

	if (!out)
		return sgit_loose_read_header(size, type, dir, id, odb->err);
	if ((fd = open_object(&odb->stores[i], id)) < 0) {
		if (errno == ENOENT)
			return sgit_error_set(odb->err, SGIT_ENOTFOUND, "object '%s' not found",
					      sgit_oid_tohex(hex, id));
		return sgit_loose_read(out, type, dir, id, odb->err);
	}
	rc = slurp(&len, &odb->reader, fd);
	close(fd);
	if (rc < 0 || !len || decode_fast(out, type, &odb->reader, len) < 0)
		rc = sgit_loose_read(out, type, dir, id, odb->err);
	if (rc == 0)
		*size = out->len;
	return rc;
}

void sgit_odb_reader_release(struct odb_loose_reader *r)
{
	if (r->zs_ready)
		inflateEnd(&r->zs);
	r->zs_ready = 0;
	free(r->file);
	r->file = NULL;
	r->alloc = 0;
}

size_t sgit_odb_loose_dir_lower_bound(const struct odb_loose_dir *d, const struct sgit_oid *id)
{
	size_t lo = 0, hi = d->n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (sgit_oid_cmp(&d->ids[mid], id) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static int listed(const struct odb_store *s, unsigned first)
{
	return s->loose && (s->loose->listed[first / 32] >> (first % 32) & 1);
}

static int dir_has(const struct odb_loose_dir *d, const struct sgit_oid *id)
{
	size_t pos = sgit_odb_loose_dir_lower_bound(d, id);

	return pos < d->n && sgit_oid_equal(&d->ids[pos], id);
}

int sgit_odb_loose_exists(struct sgit_odb *odb, size_t i, const struct sgit_oid *id)
{
	struct odb_store *s = &odb->stores[i];
	char name[SGIT_OID_HEXSZ + 2];
	struct stat st;
	int dirfd;

	/* a listing only proves presence: another process may have added the file since */
	if (listed(s, id->id[0]) && dir_has(&s->loose->dirs[id->id[0]], id))
		return 1;
	if ((dirfd = store_dirfd(s)) < 0)
		return sgit_loose_exists(s->path, id);
	rel_name(name, id);
	return fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0;
}

static int dir_push(struct odb_loose_dir *d, const struct sgit_oid *id)
{
	if (d->n == d->alloc) {
		size_t n = d->alloc ? 2 * d->alloc : 64;
		struct sgit_oid *grown = realloc(d->ids, n * sizeof(*grown));

		if (!grown)
			return SGIT_ENOMEM;
		d->ids = grown;
		d->alloc = n;
	}
	d->ids[d->n++] = *id;
	return 0;
}

static int list_cb(const struct sgit_oid *id, void *payload)
{
	return dir_push(payload, id);
}

static int oid_order(const void *a, const void *b)
{
	return sgit_oid_cmp(a, b);
}

/* Buckets larger than this are left to qsort(): insertion sort is for the few of a bucket. */
#define INSERTION_MAX 32

static void insertion_sort(struct sgit_oid *ids, size_t n)
{
	struct sgit_oid v;
	size_t i, j;

	for (i = 1; i < n; i++) {
		v = ids[i];
		for (j = i; j > 0 && memcmp(ids[j - 1].id, v.id, SGIT_OID_RAWSZ) > 0; j--)
			ids[j] = ids[j - 1];
		ids[j] = v;
	}
}

/*
 * Sort the ids of one folder (all with the same first byte). A folder is
 * listed whole for one abbreviation, so this is on the way of every `%h`
 * and every Merge: line: ids are evenly spread, so a pass by their second
 * byte leaves buckets of a few ids each. 0, or SGIT_ENOMEM.
 */
static int sort_ids(struct odb_loose_dir *d)
{
	size_t start[257] = { 0 }, at[256], i, b;
	struct sgit_oid *out;

	if (d->n < 2)
		return 0;
	if (!(out = malloc(d->n * sizeof(*out))))
		return SGIT_ENOMEM;
	for (i = 0; i < d->n; i++)
		start[d->ids[i].id[1] + 1]++;
	for (b = 0; b < 256; b++) {
		start[b + 1] += start[b];
		at[b] = start[b];
	}
	for (i = 0; i < d->n; i++)
		out[at[d->ids[i].id[1]]++] = d->ids[i];
	for (b = 0; b < 256; b++) {
		size_t n = start[b + 1] - start[b];

		if (n > INSERTION_MAX)
			qsort(out + start[b], n, sizeof(*out), oid_order);
		else
			insertion_sort(out + start[b], n);
	}
	free(d->ids);
	d->ids = out;
	d->alloc = d->n;
	return 0;
}

int sgit_odb_loose_dir(const struct odb_loose_dir **out, struct sgit_odb *odb, size_t i,
		       unsigned first)
{
	struct odb_store *s = &odb->stores[i];
	struct odb_loose_dir fresh = { NULL, 0, 0 };
	int rc;

	*out = NULL;
	first &= 0xff;
	if (!s->loose && !(s->loose = calloc(1, sizeof(*s->loose))))
		return sgit_error_nomem(odb->err);
	if (!listed(s, first)) {
		rc = sgit_loose_foreach(s->path, (int)first, list_cb, &fresh, odb->err);
		if (rc < 0) {
			free(fresh.ids);
			return rc == SGIT_ENOMEM ? sgit_error_nomem(odb->err) : rc;
		}
		if ((rc = sort_ids(&fresh)) < 0) {
			free(fresh.ids);
			return sgit_error_nomem(odb->err);
		}
		s->loose->dirs[first] = fresh;
		s->loose->listed[first / 32] |= UINT32_C(1) << (first % 32);
	}
	*out = &s->loose->dirs[first];
	return 0;
}

void sgit_odb_loose_cache_add(struct sgit_odb *odb, size_t i, const struct sgit_oid *id)
{
	struct odb_store *s = &odb->stores[i];
	struct odb_loose_dir *d;
	size_t pos;

	if (!listed(s, id->id[0]))
		return;
	d = &s->loose->dirs[id->id[0]];
	pos = sgit_odb_loose_dir_lower_bound(d, id);
	if (pos < d->n && sgit_oid_equal(&d->ids[pos], id))
		return;
	/* without room the folder is listed again when next needed */
	if (dir_push(d, id) < 0) {
		free(d->ids);
		memset(d, 0, sizeof(*d));
		s->loose->listed[id->id[0] / 32] &= ~(UINT32_C(1) << (id->id[0] % 32));
		return;
	}
	memmove(&d->ids[pos + 1], &d->ids[pos], (d->n - 1 - pos) * sizeof(*d->ids));
	d->ids[pos] = *id;
}

void sgit_odb_store_forget(struct odb_store *s)
{
	size_t b;

	if (s->dirfd >= 0)
		close(s->dirfd);
	s->dirfd = ODB_DIRFD_UNTRIED;
	if (!s->loose)
		return;
	for (b = 0; b < 256; b++)
		free(s->loose->dirs[b].ids);
	free(s->loose);
	s->loose = NULL;
}
