/* objects/loose_write.c: storing loose objects: one zlib stream into a temp file, then link */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include "objects/loose.h"
#include "util/fs.h"

/*
 * The stream is what git's loose writer makes: deflateInit() at the level,
 * zlib's default window and memory settings, header and content as one
 * stream. Output leaves through a buffer of OUT_SIZE, a file is read in
 * pieces of READ_SIZE; zlib takes at most SLICE bytes of input per call
 * because its counters are 32 bits wide.
 */
#define OUT_SIZE (256 * 1024)
#define READ_SIZE (1024 * 1024)
#define SLICE ((size_t)1 << 30)

struct source {
	const unsigned char *mem;	/* the data, or NULL to read it from fd */
	int fd;
	off_t base;			/* where the data starts in fd */
	size_t len;
};

/* A deflate stream going into the temp file. */
struct sink {
	z_stream z;
	int zok;
	int fd;
	const char *path;		/* the temp file's name, for messages */
	unsigned char *buf;
	size_t bufsz;
	struct sgit_error *err;
};

static int drain(struct sink *s)
{
	size_t n = s->bufsz - s->z.avail_out;
	int rc = n ? sgit_fs_write_all(s->fd, s->buf, n, s->path, s->err) : 0;

	s->z.next_out = s->buf;
	s->z.avail_out = (uInt)s->bufsz;
	return rc;
}

/* Deflate len bytes; with finish, end the stream and write out everything. */
static int squeeze(struct sink *s, const void *data, size_t len, int finish)
{
	const unsigned char *p = data;
	int flush, zrc = Z_OK, rc;

	do {
		size_t step = len < SLICE ? len : SLICE;

		flush = finish && step == len ? Z_FINISH : Z_NO_FLUSH;
		s->z.next_in = (Bytef *)p;
		s->z.avail_in = (uInt)step;
		p += step;
		len -= step;
		while (s->z.avail_in || (flush == Z_FINISH && zrc != Z_STREAM_END)) {
			if (!s->z.avail_out && (rc = drain(s)) < 0)
				return rc;
			if ((zrc = deflate(&s->z, flush)) == Z_STREAM_ERROR)
				return sgit_error_set(s->err, SGIT_ERROR, "cannot deflate '%s'", s->path);
		}
	} while (len);
	return finish ? drain(s) : 0;
}

/* Read the next piece of the file at offset done; 0 when it ends too early. */
static ssize_t read_piece(const struct source *src, unsigned char *buf, size_t cap, size_t done)
{
	size_t want = src->len - done < cap ? src->len - done : cap;
	ssize_t r;

	do
		r = pread(src->fd, buf, want, src->base + (off_t)done);
	while (r < 0 && errno == EINTR);
	return r;
}

/*
 * Deflate the file piece by piece as it is read, hashing it again: between
 * the caller's hash pass and this one it may have changed, and then what
 * was deflated is not the object id names.
 */
static int squeeze_file(struct sink *s, const struct source *src, const char *hdr, size_t hdrlen,
			const struct sgit_oid *id, const char *hex)
{
	size_t cap = src->len < READ_SIZE ? src->len + 1 : READ_SIZE, done = 0;
	unsigned char *buf = malloc(cap);
	struct sgit_hash_ctx ctx = { NULL };
	struct sgit_oid got;
	int rc = 0;

	if (!buf || sgit_hash_init(&ctx) < 0) {
		rc = sgit_error_nomem(s->err);
		goto out;
	}
	sgit_hash_update(&ctx, hdr, hdrlen);
	while (done < src->len) {
		ssize_t r = read_piece(src, buf, cap, done);

		if (r <= 0) {
			rc = sgit_error_set(s->err, SGIT_EOS, "cannot store object '%s': %s", hex,
					    r < 0 ? strerror(errno) : "its file shrank while it was read");
			goto out;
		}
		sgit_hash_update(&ctx, buf, (size_t)r);
		if ((rc = squeeze(s, buf, (size_t)r, 0)) < 0)
			goto out;
		done += (size_t)r;
	}
	sgit_hash_final(&got, &ctx);
	if (!sgit_oid_equal(&got, id))
		rc = sgit_error_set(s->err, SGIT_ERROR,
				    "cannot store object '%s': its file changed while it was read", hex);
out:
	sgit_hash_discard(&ctx);
	free(buf);
	return rc;
}

/*
 * Open a temp file in the folder the object goes to (objects/xx/, created
 * when missing), as git does: the final link then stays in one folder.
 */
static int open_temp(struct sgit_buf *tmp, int *fd, struct sgit_buf *dest, struct sgit_error *err)
{
	char *slash = strrchr(dest->ptr, '/');
	int rc;

	*slash = '\0';
	rc = sgit_fs_tempfile(tmp, fd, dest->ptr, "tmp_obj_", err);
	if (rc < 0 && (mkdir(dest->ptr, 0777) == 0 || errno == EEXIST))
		rc = sgit_fs_tempfile(tmp, fd, dest->ptr, "tmp_obj_", err);
	*slash = '/';
	return rc;
}

/* Give the finished temp file its final name; an object already there wins. */
static int finalize(const char *tmp, const char *dest, struct sgit_error *err)
{
	struct stat st;

	if (link(tmp, dest) == 0 || errno == EEXIST)
		return 0;
	/* Filesystems without hard links: rename, but never over an object that is there. */
	if (lstat(dest, &st) == 0 || rename(tmp, dest) == 0)
		return 0;
	return sgit_error_set(err, SGIT_EOS, "cannot store object '%s': %s", dest, strerror(errno));
}

/* Set up the stream; a small object gets an output buffer its size. */
static int sink_init(struct sink *s, int level, size_t total, struct sgit_error *err)
{
	uLong bound = deflateBound(NULL, (uLong)(total < OUT_SIZE ? total : OUT_SIZE));

	s->err = err;
	s->bufsz = bound < OUT_SIZE ? bound : OUT_SIZE;
	if (!(s->buf = malloc(s->bufsz)))
		return sgit_error_nomem(err);
	s->z.next_out = s->buf;
	s->z.avail_out = (uInt)s->bufsz;
	switch (deflateInit(&s->z, level)) {
	case Z_OK:
		s->zok = 1;
		return 0;
	case Z_STREAM_ERROR:
		return sgit_error_set(err, SGIT_EINVALID, "invalid compression level %d", level);
	default:
		return sgit_error_nomem(err);
	}
}

static int write_object(const char *objdir, const struct sgit_oid *id, enum sgit_object_type type,
			const struct source *src, int level, mode_t mode, struct sgit_error *err)
{
	struct sgit_buf tmp = SGIT_BUF_INIT, dest = SGIT_BUF_INIT;
	const char *name = sgit_object_type_name(type);
	char hdr[SGIT_LOOSE_HEADER_MAX], hex[SGIT_OID_HEXSZ + 1];
	struct sink s = { .fd = -1 };
	size_t hdrlen;
	int rc;

	if (!name)
		return sgit_error_set(err, SGIT_EINVALID, "cannot write an object of type %d", (int)type);
	hdrlen = sgit_object_header(hdr, sizeof(hdr), name, src->len);
	sgit_oid_tohex(hex, id);
	if (sgit_loose_path(&dest, objdir, id) < 0) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	if ((rc = sink_init(&s, level, hdrlen + src->len, err)) < 0 ||
	    (rc = open_temp(&tmp, &s.fd, &dest, err)) < 0)
		goto out;
	s.path = tmp.ptr;
	if ((rc = squeeze(&s, hdr, hdrlen, 0)) < 0 ||
	    (rc = src->mem ? squeeze(&s, src->mem, src->len, 0)
			   : squeeze_file(&s, src, hdr, hdrlen, id, hex)) < 0 ||
	    (rc = squeeze(&s, "", 0, 1)) < 0)
		goto out;
	if (fchmod(s.fd, mode) < 0 || close(s.fd) < 0) {
		s.fd = -1;
		rc = sgit_error_set(err, SGIT_EOS, "cannot write '%s': %s", tmp.ptr, strerror(errno));
		goto out;
	}
	s.fd = -1;
	rc = finalize(tmp.ptr, dest.ptr, err);
out:
	if (s.zok)
		deflateEnd(&s.z);
	free(s.buf);
	if (s.fd >= 0)
		close(s.fd);
	if (tmp.len)
		unlink(tmp.ptr);
	sgit_buf_release(&tmp);
	sgit_buf_release(&dest);
	return rc;
}

int sgit_loose_write(const char *objdir, const struct sgit_oid *id, enum sgit_object_type type,
		     const void *data, size_t len, int level, mode_t mode, struct sgit_error *err)
{
	struct source src = { data ? data : (const unsigned char *)"", -1, 0, len };

	return write_object(objdir, id, type, &src, level, mode, err);
}

int sgit_loose_write_fd(const char *objdir, const struct sgit_oid *id, enum sgit_object_type type,
			int fd, off_t base, size_t len, int level, mode_t mode, struct sgit_error *err)
{
	struct source src = { NULL, fd, base, len };

	return write_object(objdir, id, type, &src, level, mode, err);
}

int sgit_loose_hash_fd(struct sgit_oid *out, enum sgit_object_type type, int fd, off_t base,
		       size_t len, struct sgit_error *err)
{
	const char *name = sgit_object_type_name(type);
	struct source src = { NULL, fd, base, len };
	size_t cap = len < READ_SIZE ? len + 1 : READ_SIZE, done = 0;
	unsigned char *buf = NULL;
	struct sgit_hash_ctx ctx = { NULL };
	char hdr[SGIT_LOOSE_HEADER_MAX];
	int rc = 0;

	if (!name)
		return sgit_error_set(err, SGIT_EINVALID, "cannot hash an object of type %d", (int)type);
	if (!(buf = malloc(cap)) || sgit_hash_init(&ctx) < 0) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	sgit_hash_update(&ctx, hdr, sgit_object_header(hdr, sizeof(hdr), name, len));
	while (done < len) {
		ssize_t r = read_piece(&src, buf, cap, done);

		if (r <= 0) {
			rc = sgit_error_set(err, SGIT_EOS, "cannot read data to hash: %s",
					    r < 0 ? strerror(errno) : "the file is shorter than its size");
			goto out;
		}
		sgit_hash_update(&ctx, buf, (size_t)r);
		done += (size_t)r;
	}
	sgit_hash_final(out, &ctx);
out:
	sgit_hash_discard(&ctx);
	free(buf);
	return rc;
}
