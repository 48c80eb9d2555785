/* objects/loose_write.c: storing loose objects: deflate (big ones in parallel blocks), temp file, link */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include "objects/loose.h"
#include "util/fs.h"

/*
 * A big object is deflated in blocks, each a raw deflate stream primed with
 * the 32 KiB before it (so matches still reach back as far as zlib's window)
 * and ended on a byte boundary by a sync flush; the blocks are compressed by
 * several threads and written in order behind one zlib header and the
 * Adler-32 of everything. The result is an ordinary zlib stream.
 */
#define BLOCK_SIZE (1024 * 1024)
#define WINDOW (32 * 1024)
#define PARALLEL_MIN (4 * BLOCK_SIZE)
#define MAX_THREADS 4
#define OUT_CHUNK (128 * 1024)
#define PIECE_MAX (1u << 30)	/* zlib counts input in 32 bits */

struct source {
	const unsigned char *mem;	/* the data, or NULL to read it from fd */
	int fd;
	off_t base;			/* where the data starts in fd */
	size_t len;
};

struct engine {
	const char *hdr;
	size_t hdrlen;
	const struct source *src;
	int level;
	int out;			/* the temp file */
	const char *what;		/* its path */
	const char *hex;		/* the object's id */
	struct sgit_hash_ctx *verify;	/* when reading a file: the id of what was deflated */
	size_t block, nblocks;
	pthread_mutex_t mu;
	pthread_cond_t turn;
	size_t claimed;			/* blocks handed out */
	size_t next;			/* the block whose output is written next */
	uLong adler;
	int rc;
	struct sgit_error *err;
};

struct worker {
	struct engine *e;
	z_stream z;
	int zok;
	int in_turn;
	unsigned char *in;		/* file source: a block and the window before it */
	unsigned char *out;
	size_t outsz;
	struct sgit_buf pending;	/* output held back until the block's turn */
	struct sgit_error err;
};

static int werr(struct worker *w, int code, const char *fmt, const char *arg)
{
	return sgit_error_set(&w->err, code, fmt, arg, strerror(errno));
}

/* Record the first failure and wake everyone waiting for a turn. */
static void engine_fail(struct engine *e, const struct sgit_error *err)
{
	pthread_mutex_lock(&e->mu);
	if (!e->rc) {
		e->rc = err->code ? err->code : SGIT_ERROR;
		if (e->err)
			*e->err = *err;
	}
	pthread_cond_broadcast(&e->turn);
	pthread_mutex_unlock(&e->mu);
}

/* Point *p at input[start, start + n): in memory, or read into w->in. */
static int load(struct worker *w, const unsigned char **p, size_t start, size_t n)
{
	const struct source *src = w->e->src;
	size_t got = 0;

	if (src->mem) {
		*p = src->mem + start;
		return 0;
	}
	while (got < n) {
		ssize_t r = pread(src->fd, w->in + got, n - got, src->base + (off_t)(start + got));

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return werr(w, SGIT_EOS, "cannot read the data of object '%s': %s", w->e->hex);
		if (r == 0)
			return sgit_error_set(&w->err, SGIT_EOS,
					      "cannot store object '%s': its file shrank while it was read",
					      w->e->hex);
		got += (size_t)r;
	}
	*p = w->in;
	return 0;
}

/* Send compressed bytes of block i on: straight to the file in its turn, else keep them. */
static int emit(struct worker *w, size_t i, const unsigned char *buf, size_t n)
{
	struct engine *e = w->e;
	int failed;

	if (!w->in_turn) {
		pthread_mutex_lock(&e->mu);
		w->in_turn = e->next == i;
		failed = e->rc;
		pthread_mutex_unlock(&e->mu);
		if (failed)
			return failed;
	}
	if (!w->in_turn)
		return sgit_buf_add(&w->pending, buf, n) < 0 ? sgit_error_nomem(&w->err) : 0;
	if (w->pending.len) {
		if (sgit_fs_write_all(e->out, w->pending.ptr, w->pending.len, e->what, &w->err) < 0)
			return w->err.code;
		sgit_buf_reset(&w->pending);
	}
	return sgit_fs_write_all(e->out, buf, n, e->what, &w->err);
}

/* Deflate data with the given flush at its end, emitting output as it comes. */
static int squeeze(struct worker *w, size_t i, const unsigned char *data, size_t len, int flush)
{
	int rc = 0;

	do {
		uInt piece = len > PIECE_MAX ? PIECE_MAX : (uInt)len;
		int f = piece == len ? flush : Z_NO_FLUSH;

		w->z.next_in = (Bytef *)data;
		w->z.avail_in = piece;
		data += piece;
		len -= piece;
		do {
			w->z.next_out = w->out;
			w->z.avail_out = (uInt)w->outsz;
			if (deflate(&w->z, f) == Z_STREAM_ERROR)
				return sgit_error_set(&w->err, SGIT_ERROR, "cannot deflate '%s'",
						      w->e->what);
			rc = emit(w, i, w->out, w->outsz - w->z.avail_out);
		} while (rc == 0 && w->z.avail_out == 0);
	} while (rc == 0 && len);
	return rc;
}

/* Wait for block i's turn, write what was held back, then pass the turn on. */
static int finish_turn(struct worker *w, size_t i, const unsigned char *data, size_t n, uLong a)
{
	struct engine *e = w->e;
	int rc;

	pthread_mutex_lock(&e->mu);
	while (e->next != i && !e->rc)
		pthread_cond_wait(&e->turn, &e->mu);
	rc = e->rc;
	pthread_mutex_unlock(&e->mu);
	if (rc)
		return rc;
	if (w->pending.len &&
	    (rc = sgit_fs_write_all(e->out, w->pending.ptr, w->pending.len, e->what, &w->err)) < 0)
		return rc;
	sgit_buf_reset(&w->pending);
	if (e->verify)
		sgit_hash_update(e->verify, data, n);
	e->adler = i == 0 ? a : adler32_combine(e->adler, a, (z_off_t)n);
	pthread_mutex_lock(&e->mu);
	e->next++;
	pthread_cond_broadcast(&e->turn);
	pthread_mutex_unlock(&e->mu);
	w->in_turn = 0;
	return 0;
}

static int do_block(struct worker *w, size_t i)
{
	struct engine *e = w->e;
	size_t off = i * e->block, n = e->src->len - off < e->block ? e->src->len - off : e->block;
	size_t dl = off < WINDOW ? off : WINDOW;
	int last = i + 1 == e->nblocks, rc;
	const unsigned char *p = NULL;
	uLong a = adler32(0L, Z_NULL, 0);

	if ((rc = load(w, &p, off - dl, dl + n)) < 0)
		return rc;
	if (deflateReset(&w->z) != Z_OK || (dl && deflateSetDictionary(&w->z, p, (uInt)dl) != Z_OK))
		return sgit_error_set(&w->err, SGIT_ERROR, "cannot deflate '%s'", e->what);
	p += dl;
	if (i == 0) {
		a = adler32(a, (const Bytef *)e->hdr, (uInt)e->hdrlen);
		if ((rc = squeeze(w, i, (const unsigned char *)e->hdr, e->hdrlen, Z_NO_FLUSH)) < 0)
			return rc;
	}
	a = adler32_z(a, p, n);
	if ((rc = squeeze(w, i, p, n, last ? Z_FINISH : Z_SYNC_FLUSH)) < 0)
		return rc;
	return finish_turn(w, i, p, n, a);
}

static void *work(void *arg)
{
	struct worker *w = arg;
	struct engine *e = w->e;

	for (;;) {
		size_t i;

		pthread_mutex_lock(&e->mu);
		i = e->rc ? e->nblocks : e->claimed++;
		pthread_mutex_unlock(&e->mu);
		if (i >= e->nblocks)
			break;
		if (do_block(w, i) < 0) {
			engine_fail(e, &w->err);	/* no-op when another worker failed first */
			break;
		}
	}
	return NULL;
}

static int worker_init(struct worker *w, struct engine *e)
{
	size_t bound = deflateBound(NULL, (uLong)(e->block < PIECE_MAX ? e->block : PIECE_MAX));

	memset(w, 0, sizeof(*w));
	w->e = e;
	sgit_buf_init(&w->pending);
	w->outsz = bound + e->hdrlen + 64 < OUT_CHUNK ? bound + e->hdrlen + 64 : OUT_CHUNK;
	w->out = malloc(w->outsz);
	if (!e->src->mem)
		w->in = malloc(e->block + WINDOW);
	w->zok = deflateInit2(&w->z, e->level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) == Z_OK;
	return w->out && (e->src->mem || w->in) && w->zok ? 0 : SGIT_ENOMEM;
}

static void worker_release(struct worker *w)
{
	if (w->zok)
		deflateEnd(&w->z);
	free(w->in);
	free(w->out);
	sgit_buf_release(&w->pending);
}

/* The two bytes before a deflate stream, with the level hint zlib itself would put there. */
static void zlib_header(unsigned char h[2], int level)
{
	int hint = level < 2 && level >= 0 ? 0 : level > 0 && level < 6 ? 1 : level == 6 || level < 0 ? 2 : 3;

	h[0] = 0x78;
	h[1] = (unsigned char)(hint << 6);
	h[1] = (unsigned char)(h[1] + 31 - (h[0] * 256 + h[1]) % 31);
}

/* Blocks and threads: one block unless the object is big or must be read in pieces. */
static unsigned plan(struct engine *e)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	size_t len = e->src->len;
	unsigned n;

	if (e->src->mem && (len < PARALLEL_MIN || cpus < 2)) {
		e->block = len ? len : 1;
		e->nblocks = 1;
		return 1;
	}
	e->block = BLOCK_SIZE;
	e->nblocks = len ? (len + BLOCK_SIZE - 1) / BLOCK_SIZE : 1;
	n = cpus < 1 ? 1 : cpus > MAX_THREADS ? MAX_THREADS : (unsigned)cpus;
	return e->nblocks < n ? (unsigned)e->nblocks : n;
}

static int run_engine(struct engine *e)
{
	struct worker w[MAX_THREADS];
	pthread_t tid[MAX_THREADS];
	int started[MAX_THREADS] = { 0 };
	unsigned char h[4];
	unsigned n = plan(e), k, ready = 0;
	int rc = 0;

	for (; ready < n && rc == 0; ready++)
		rc = worker_init(&w[ready], e);
	zlib_header(h, e->level);
	if (rc < 0 || (rc = sgit_fs_write_all(e->out, h, 2, e->what, e->err)) < 0) {
		rc = rc == SGIT_ENOMEM ? sgit_error_nomem(e->err) : rc;
		goto out;
	}
	pthread_mutex_init(&e->mu, NULL);
	pthread_cond_init(&e->turn, NULL);
	/* A thread that cannot start is no loss: the others claim its blocks. */
	for (k = 1; k < n; k++)
		started[k] = pthread_create(&tid[k], NULL, work, &w[k]) == 0;
	work(&w[0]);
	for (k = 1; k < n; k++)
		if (started[k])
			pthread_join(tid[k], NULL);
	pthread_cond_destroy(&e->turn);
	pthread_mutex_destroy(&e->mu);
	if ((rc = e->rc) == 0) {
		h[0] = (unsigned char)(e->adler >> 24);
		h[1] = (unsigned char)(e->adler >> 16);
		h[2] = (unsigned char)(e->adler >> 8);
		h[3] = (unsigned char)e->adler;
		rc = sgit_fs_write_all(e->out, h, 4, e->what, e->err);
	}
out:
	for (k = 0; k < ready; k++)
		worker_release(&w[k]);
	return rc;
}

static int link_or_rename(const char *tmp, const char *dest)
{
	struct stat st;

	if (link(tmp, dest) == 0 || errno == EEXIST)
		return 0;
	if (errno == ENOENT)
		return -1;
	/* Filesystems without hard links: rename, but never over an object that is there. */
	if (lstat(dest, &st) == 0)
		return 0;
	return rename(tmp, dest);
}

/* Give the finished temp file its final name, creating the xx/ folder when needed. */
static int finalize(const char *tmp, struct sgit_buf *dest, struct sgit_error *err)
{
	char *slash = strrchr(dest->ptr, '/');
	int rc = link_or_rename(tmp, dest->ptr);

	if (rc < 0 && errno == ENOENT && slash) {
		*slash = '\0';
		rc = mkdir(dest->ptr, 0777) < 0 && errno != EEXIST ? -1 : 0;
		*slash = '/';
		if (rc == 0)
			rc = link_or_rename(tmp, dest->ptr);
	}
	if (rc < 0)
		return sgit_error_set(err, SGIT_EOS, "cannot store object '%s': %s", dest->ptr,
				      strerror(errno));
	return 0;
}

/* When the data came from a file, what was deflated must still be the object id names. */
static int check_verified(struct sgit_hash_ctx *verify, const struct sgit_oid *id,
			  const char *hex, struct sgit_error *err)
{
	struct sgit_oid got;

	if (!verify->evp)
		return 0;
	sgit_hash_final(&got, verify);
	if (sgit_oid_equal(&got, id))
		return 0;
	return sgit_error_set(err, SGIT_ERROR,
			      "cannot store object '%s': its file changed while it was read", hex);
}

static int write_object(const char *objdir, const struct sgit_oid *id, enum sgit_object_type type,
			const struct source *src, int level, mode_t mode, struct sgit_error *err)
{
	struct sgit_buf tmp = SGIT_BUF_INIT, dest = SGIT_BUF_INIT;
	const char *name = sgit_object_type_name(type);
	struct sgit_hash_ctx verify = { NULL };
	char hdr[SGIT_LOOSE_HEADER_MAX], hex[SGIT_OID_HEXSZ + 1];
	struct engine e;
	int fd = -1, rc;

	if (!name)
		return sgit_error_set(err, SGIT_EINVALID, "cannot write an object of type %d", (int)type);
	memset(&e, 0, sizeof(e));
	e.hdr = hdr;
	e.hdrlen = sgit_object_header(hdr, sizeof(hdr), name, src->len);
	e.src = src;
	e.level = level;
	e.hex = sgit_oid_tohex(hex, id);
	e.err = err;
	if (sgit_loose_path(&dest, objdir, id) < 0 || (!src->mem && sgit_hash_init(&verify) < 0)) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	if (verify.evp) {
		sgit_hash_update(&verify, hdr, e.hdrlen);
		e.verify = &verify;
	}
	if ((rc = sgit_fs_tempfile(&tmp, &fd, objdir, "tmp_obj_", err)) < 0)
		goto out;
	e.out = fd;
	e.what = tmp.ptr;
	if ((rc = run_engine(&e)) < 0 || (rc = check_verified(&verify, id, hex, err)) < 0)
		goto out;
	if (fchmod(fd, mode) < 0 || close(fd) < 0) {
		fd = -1;
		rc = sgit_error_set(err, SGIT_EOS, "cannot write '%s': %s", tmp.ptr, strerror(errno));
		goto out;
	}
	fd = -1;
	rc = finalize(tmp.ptr, &dest, err);
out:
	sgit_hash_discard(&verify);
	if (fd >= 0)
		close(fd);
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
	struct sgit_hash_ctx ctx = { NULL };
	char hdr[SGIT_LOOSE_HEADER_MAX];
	unsigned char *buf = NULL;
	size_t done = 0;
	int rc = 0;

	if (!name)
		return sgit_error_set(err, SGIT_EINVALID, "cannot hash an object of type %d", (int)type);
	if (!(buf = malloc(BLOCK_SIZE)) || sgit_hash_init(&ctx) < 0) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	sgit_hash_update(&ctx, hdr, sgit_object_header(hdr, sizeof(hdr), name, len));
	while (done < len) {
		size_t want = len - done < BLOCK_SIZE ? len - done : BLOCK_SIZE;
		ssize_t r = pread(fd, buf, want, base + (off_t)done);

		if (r < 0 && errno == EINTR)
			continue;
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
