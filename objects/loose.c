/* objects/loose.c: reading loose objects: parse, inflate and check; walking the xx/ folders */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include "objects/loose.h"
#include "util/fs.h"

/* deflate never does better than about 1032:1; a header claiming more is lying. */
#define ZLIB_MAX_RATIO 1032

static int corrupt(struct sgit_error *err, const char *what, const char *why)
{
	return sgit_error_set(err, SGIT_ECORRUPT, "loose object '%s' is corrupt: %s", what, why);
}

static int bad(const char **why, const char *reason)
{
	*why = reason;
	return SGIT_ECORRUPT;
}

int sgit_loose_parse_header(enum sgit_object_type *type, size_t *size, size_t *hdrlen,
			    const unsigned char *buf, size_t len, const char **why)
{
	size_t lim = len < SGIT_LOOSE_HEADER_MAX ? len : SGIT_LOOSE_HEADER_MAX;
	const unsigned char *nul = memchr(buf, '\0', lim), *sp, *d;
	enum sgit_object_type t;
	size_t n = 0;

	if (!nul)
		return bad(why, "header does not end with a NUL byte");
	sp = memchr(buf, ' ', (size_t)(nul - buf));
	if (!sp)
		return bad(why, "header has no size");
	t = sgit_object_type_from_name((const char *)buf, (size_t)(sp - buf));
	if (t == SGIT_OBJ_BAD)
		return bad(why, "unknown object type in header");
	d = sp + 1;
	if (d == nul || (*d == '0' && d + 1 != nul))
		return bad(why, "size in header is not canonical");
	for (; d < nul; d++) {
		if (*d < '0' || *d > '9')
			return bad(why, "size in header is not a number");
		if (n > (SIZE_MAX - (size_t)(*d - '0')) / 10)
			return bad(why, "size in header is too large");
		n = n * 10 + (size_t)(*d - '0');
	}
	*type = t;
	*size = n;
	*hdrlen = (size_t)(nul - buf) + 1;
	return 0;
}

/* An inflater over an input that may exceed zlib's 32-bit counters. */
struct zsrc {
	z_stream z;
	const unsigned char *next;	/* input not yet handed to zlib */
	size_t left;
	int ended;
};

static void zsrc_fill(struct zsrc *s)
{
	uInt n;

	if (s->z.avail_in || !s->left)
		return;
	n = s->left > UINT_MAX ? UINT_MAX : (uInt)s->left;
	s->z.next_in = (Bytef *)s->next;
	s->z.avail_in = n;
	s->next += n;
	s->left -= n;
}

/*
 * Fill dst[0..n) or stop at the end of the stream; *got = bytes produced.
 * Z_OK, Z_STREAM_END, or the zlib error (Z_BUF_ERROR: the input ran out).
 */
static int zsrc_read(struct zsrc *s, unsigned char *dst, size_t n, size_t *got)
{
	*got = 0;
	while (*got < n && !s->ended) {
		uInt chunk = n - *got > UINT_MAX ? UINT_MAX : (uInt)(n - *got);
		int zrc;

		zsrc_fill(s);
		s->z.next_out = dst + *got;
		s->z.avail_out = chunk;
		zrc = inflate(&s->z, Z_NO_FLUSH);
		*got += chunk - s->z.avail_out;
		if (zrc == Z_STREAM_END)
			s->ended = 1;
		else if (zrc == Z_BUF_ERROR && (s->z.avail_in || s->left))
			return Z_DATA_ERROR;	/* zlib made no progress with input left: not a stream */
		else if (zrc != Z_OK)
			return zrc;
	}
	return s->ended ? Z_STREAM_END : Z_OK;
}

static int zfail(int zrc, const struct zsrc *s, const char *what, struct sgit_error *err)
{
	if (zrc == Z_MEM_ERROR)
		return sgit_error_nomem(err);
	if (zrc == Z_BUF_ERROR)
		return corrupt(err, what, "truncated zlib stream");
	if (zrc == Z_NEED_DICT)
		return corrupt(err, what, "zlib stream needs a preset dictionary");
	return sgit_error_set(err, SGIT_ECORRUPT, "loose object '%s' is corrupt: bad zlib stream (%s)",
			      what, s->z.msg ? s->z.msg : "data error");
}

/* After the content: the stream must end now and nothing may follow it. */
static int check_end(struct zsrc *s, const char *what, struct sgit_error *err)
{
	unsigned char extra;
	size_t got;
	int zrc;

	if (!s->ended) {
		zrc = zsrc_read(s, &extra, 1, &got);
		if (got)
			return corrupt(err, what, "content is longer than the size in its header");
		if (zrc != Z_STREAM_END)
			return zfail(zrc, s, what, err);
	}
	if (s->z.avail_in || s->left)
		return corrupt(err, what, "garbage after the zlib stream");
	return 0;
}

/* Inflate the content after a header of hdrlen bytes, the first have of which are in hdr. */
static int decode_content(struct sgit_buf *out, struct zsrc *s, const unsigned char *hdr,
			  size_t have, size_t size, size_t zlen, const char *what,
			  struct sgit_error *err)
{
	struct sgit_buf content = SGIT_BUF_INIT;
	size_t got;
	int zrc, rc;

	if (have > size)
		return corrupt(err, what, "content is longer than the size in its header");
	if (size / ZLIB_MAX_RATIO > zlen)
		return corrupt(err, what, "size in header is larger than the data can hold");
	if (size == SIZE_MAX || sgit_buf_grow(&content, size) < 0)
		return sgit_error_nomem(err);
	memcpy(content.ptr, hdr, have);
	zrc = zsrc_read(s, (unsigned char *)content.ptr + have, size - have, &got);
	if (zrc != Z_OK && zrc != Z_STREAM_END)
		rc = zfail(zrc, s, what, err);
	else if (have + got < size)
		rc = corrupt(err, what, "content is shorter than the size in its header");
	else
		rc = check_end(s, what, err);
	if (rc == 0) {
		sgit_buf_setlen(&content, size);
		sgit_buf_swap(out, &content);
	}
	sgit_buf_release(&content);
	return rc;
}

int sgit_loose_decode(struct sgit_buf *out, enum sgit_object_type *type, size_t *size,
		      const void *zdata, size_t zlen, const char *what, struct sgit_error *err)
{
	unsigned char hdr[SGIT_LOOSE_HEADER_MAX];
	struct zsrc s;
	enum sgit_object_type t = SGIT_OBJ_BAD;
	size_t got, hdrlen = 0, sz = 0;
	const char *why = NULL;
	int zrc, rc;

	memset(&s, 0, sizeof(s));
	s.next = zdata;
	s.left = zlen;
	if (inflateInit(&s.z) != Z_OK)
		return sgit_error_nomem(err);
	zrc = zsrc_read(&s, hdr, sizeof(hdr), &got);
	rc = sgit_loose_parse_header(&t, &sz, &hdrlen, hdr, got, &why);
	/* A header read is satisfied by an intact header, whatever follows it. */
	if (zrc != Z_OK && zrc != Z_STREAM_END && (out || rc < 0)) {
		rc = zfail(zrc, &s, what, err);
		goto out;
	}
	if (rc < 0) {
		rc = corrupt(err, what, why);
		goto out;
	}
	rc = out ? decode_content(out, &s, hdr + hdrlen, got - hdrlen, sz, zlen, what, err) : 0;
out:
	inflateEnd(&s.z);
	if (rc == 0) {
		*type = t;
		*size = sz;
	}
	return rc;
}

int sgit_loose_path(struct sgit_buf *path, const char *objdir, const struct sgit_oid *id)
{
	char hex[SGIT_OID_HEXSZ + 1];

	sgit_oid_tohex(hex, id);
	return sgit_buf_printf(path, "%s/%.2s/%s", objdir, hex, hex + 2);
}

/* Map the file of id and decode it; out NULL reads the header only. */
static int read_mapped(struct sgit_buf *out, enum sgit_object_type *type, size_t *size,
		       const char *objdir, const struct sgit_oid *id, struct sgit_error *err)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	char hex[SGIT_OID_HEXSZ + 1];
	void *map = MAP_FAILED;
	struct stat st;
	int fd = -1, rc = 0;

	sgit_oid_tohex(hex, id);
	if (sgit_loose_path(&path, objdir, id) < 0)
		return sgit_error_nomem(err);
	fd = open(path.ptr, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		rc = errno == ENOENT ? sgit_error_set(err, SGIT_ENOTFOUND, "object '%s' not found", hex)
				     : sgit_error_set(err, SGIT_EOS, "cannot open '%s': %s",
						      path.ptr, strerror(errno));
		goto out;
	}
	if (fstat(fd, &st) < 0) {
		rc = sgit_error_set(err, SGIT_EOS, "cannot stat '%s': %s", path.ptr, strerror(errno));
		goto out;
	}
	if (st.st_size <= 0) {
		rc = corrupt(err, hex, "empty file");
		goto out;
	}
	map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	if (map == MAP_FAILED) {
		rc = sgit_error_set(err, SGIT_EOS, "cannot map '%s': %s", path.ptr, strerror(errno));
		goto out;
	}
	rc = sgit_loose_decode(out, type, size, map, (size_t)st.st_size, hex, err);
out:
	if (map != MAP_FAILED)
		munmap(map, (size_t)st.st_size);
	if (fd >= 0)
		close(fd);
	sgit_buf_release(&path);
	return rc;
}

int sgit_loose_read(struct sgit_buf *out, enum sgit_object_type *type, const char *objdir,
		    const struct sgit_oid *id, struct sgit_error *err)
{
	size_t size;

	return read_mapped(out, type, &size, objdir, id, err);
}

int sgit_loose_read_header(size_t *size, enum sgit_object_type *type, const char *objdir,
			   const struct sgit_oid *id, struct sgit_error *err)
{
	return read_mapped(NULL, type, size, objdir, id, err);
}

int sgit_loose_exists(const char *objdir, const struct sgit_oid *id)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	struct stat st;
	int found;

	if (sgit_loose_path(&path, objdir, id) < 0)
		return 0;
	found = lstat(path.ptr, &st) == 0;
	sgit_buf_release(&path);
	return found;
}

/* Lowercase hex digit values plus one (0: not one), as git names loose files. */
static const unsigned char lowhex1[256] = {
	['0'] = 1, ['1'] = 2, ['2'] = 3, ['3'] = 4, ['4'] = 5, ['5'] = 6, ['6'] = 7, ['7'] = 8,
	['8'] = 9, ['9'] = 10, ['a'] = 11, ['b'] = 12, ['c'] = 13, ['d'] = 14, ['e'] = 15, ['f'] = 16,
};

/*
 * 1 when name is 38 lowercase hex digits; fills raw[1..20) (partly on
 * failure). A table, not a call per digit: folders of thousands of files
 * are listed for abbreviations. Stops at the first bad byte, so never reads
 * past the name's NUL.
 */
static int parse_rest(unsigned char *raw, const char *name)
{
	const unsigned char *s = (const unsigned char *)name;
	unsigned hi, lo;
	int i;

	for (i = 1; i < SGIT_OID_RAWSZ; i++, s += 2) {
		if (!(hi = lowhex1[s[0]]) || !(lo = lowhex1[s[1]]))
			return 0;
		raw[i] = (unsigned char)((hi - 1) << 4 | (lo - 1));
	}
	return *s == '\0';
}

static int foreach_in_dir(const char *objdir, int byte, sgit_loose_cb cb, void *payload,
			  struct sgit_error *err)
{
	struct sgit_buf dir = SGIT_BUF_INIT;
	struct sgit_oid id;
	struct dirent *de;
	DIR *d = NULL;
	int rc = 0;

	if (sgit_buf_printf(&dir, "%s/%02x", objdir, (unsigned)byte) < 0)
		return sgit_error_nomem(err);
	d = opendir(dir.ptr);
	if (!d) {
		if (errno != ENOENT && errno != ENOTDIR)
			rc = sgit_error_set(err, SGIT_EOS, "cannot open directory '%s': %s",
					    dir.ptr, strerror(errno));
		goto out;
	}
	id.id[0] = (unsigned char)byte;
	while ((de = readdir(d)) != NULL)
		if (parse_rest(id.id, de->d_name) && (rc = cb(&id, payload)) != 0)
			break;
out:
	if (d)
		closedir(d);
	sgit_buf_release(&dir);
	return rc;
}

int sgit_loose_foreach(const char *objdir, int first, sgit_loose_cb cb, void *payload,
		       struct sgit_error *err)
{
	int b = first < 0 ? 0 : first, last = first < 0 ? 255 : first, rc = 0;

	for (; b <= last && rc == 0; b++)
		rc = foreach_in_dir(objdir, b, cb, payload, err);
	return rc;
}
