/* objects/loose_stream.c: a loose object's content handed over in pieces, never held whole */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include "objects/loose.h"

#define PIECE ((size_t)64 << 10)
/* As loose.c: deflate never does better than about 1032:1. */
#define ZLIB_MAX_RATIO 1032

struct lstream {
	z_stream z;
	int fd;
	int eof;			/* the file has no more input */
	int ended;			/* zlib saw the end of the stream */
	unsigned char in[PIECE], out[PIECE];
	const char *what;
	struct sgit_error *err;
};

static int corrupt(struct lstream *s, const char *why)
{
	return sgit_error_set(s->err, SGIT_ECORRUPT, "loose object '%s' is corrupt: %s", s->what, why);
}

static int fill(struct lstream *s)
{
	ssize_t n;

	if (s->z.avail_in || s->eof)
		return 0;
	do
		n = read(s->fd, s->in, sizeof(s->in));
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return sgit_error_set(s->err, SGIT_EOS, "cannot read loose object '%s': %s", s->what,
				      strerror(errno));
	s->eof = n == 0;
	s->z.next_in = s->in;
	s->z.avail_in = (uInt)n;
	return 0;
}

/* Inflate into out[at..PIECE); *got = bytes produced (0 only at the end of the stream). */
static int inflate_some(struct lstream *s, size_t at, size_t *got)
{
	int zrc, rc;

	*got = 0;
	while (!*got && !s->ended) {
		if ((rc = fill(s)) < 0)
			return rc;
		s->z.next_out = s->out + at;
		s->z.avail_out = (uInt)(PIECE - at);
		zrc = inflate(&s->z, Z_NO_FLUSH);
		*got = PIECE - at - s->z.avail_out;
		if (zrc == Z_STREAM_END)
			s->ended = 1;
		else if (zrc == Z_MEM_ERROR)
			return sgit_error_nomem(s->err);
		else if (zrc == Z_BUF_ERROR && s->eof && !s->z.avail_in)
			return corrupt(s, "truncated zlib stream");
		else if (zrc == Z_NEED_DICT)
			return corrupt(s, "zlib stream needs a preset dictionary");
		else if (zrc != Z_OK && zrc != Z_BUF_ERROR)
			return sgit_error_set(s->err, SGIT_ECORRUPT,
					      "loose object '%s' is corrupt: bad zlib stream (%s)", s->what,
					      s->z.msg ? s->z.msg : "data error");
	}
	return 0;
}

/* The header "<type> <size>\0" from the first bytes; *have = content bytes already in out. */
static int read_header(enum sgit_object_type *type, size_t *size, size_t *hdrlen, size_t *have,
		       struct lstream *s, off_t file_size)
{
	const char *why = NULL;
	size_t len = 0, got;
	int rc;

	do {
		if ((rc = inflate_some(s, len, &got)) < 0)
			return rc;
		len += got;
	} while (got && len < SGIT_LOOSE_HEADER_MAX && !memchr(s->out, '\0', len));
	if (sgit_loose_parse_header(type, size, hdrlen, s->out, len, &why) < 0)
		return corrupt(s, why);
	if (*size / ZLIB_MAX_RATIO > (uint64_t)file_size)
		return corrupt(s, "size in header is larger than the data can hold");
	*have = len - *hdrlen;
	return 0;
}

/* After the content: the stream must end now, and nothing may follow it. */
static int check_end(struct lstream *s)
{
	size_t got;
	int rc;

	if ((rc = inflate_some(s, 0, &got)) < 0)
		return rc;
	if (got)
		return corrupt(s, "content is longer than the size in its header");
	if (s->z.avail_in || (!s->eof && (rc = fill(s)) == 0 && s->z.avail_in))
		return corrupt(s, "garbage after the zlib stream");
	return rc;
}

static int stream_fd(enum sgit_object_type *type, size_t *size, struct lstream *s, off_t file_size,
		     sgit_odb_stream_cb cb, void *payload)
{
	size_t hdrlen = 0, have = 0, total, got;
	int rc;

	if ((rc = read_header(type, size, &hdrlen, &have, s, file_size)) < 0)
		return rc;
	if (have > *size)
		return corrupt(s, "content is longer than the size in its header");
	if (have && (rc = cb(s->out + hdrlen, have, payload)) != 0)
		return rc;
	for (total = have; total < *size; total += got) {
		if ((rc = inflate_some(s, 0, &got)) < 0)
			return rc;
		if (!got)
			return corrupt(s, "content is shorter than the size in its header");
		if (got > *size - total)
			return corrupt(s, "content is longer than the size in its header");
		if ((rc = cb(s->out, got, payload)) != 0)
			return rc;
	}
	return check_end(s);
}

int sgit_loose_stream(enum sgit_object_type *type, size_t *size, const char *objdir,
		      const struct sgit_oid *id, sgit_odb_stream_cb cb, void *payload,
		      struct sgit_error *err)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	char hex[SGIT_OID_HEXSZ + 1];
	struct lstream *s = NULL;
	struct stat st;
	int rc = 0, fd = -1;

	sgit_oid_tohex(hex, id);
	if (sgit_loose_path(&path, objdir, id) < 0 || !(s = calloc(1, sizeof(*s)))) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	if ((fd = open(path.ptr, O_RDONLY | O_CLOEXEC)) < 0 || fstat(fd, &st) < 0) {
		rc = errno == ENOENT ? SGIT_ENOTFOUND
				     : sgit_error_set(err, SGIT_EOS, "cannot open '%s': %s", path.ptr,
						      strerror(errno));
		goto out;
	}
	s->fd = fd;
	s->what = hex;
	s->err = err;
	if (inflateInit(&s->z) != Z_OK) {
		free(s);
		s = NULL;
		rc = sgit_error_nomem(err);
		goto out;
	}
	rc = st.st_size <= 0 ? corrupt(s, "empty file") : stream_fd(type, size, s, st.st_size, cb, payload);
	inflateEnd(&s->z);
out:
	free(s);
	if (fd >= 0)
		close(fd);
	sgit_buf_release(&path);
	return rc;
}
