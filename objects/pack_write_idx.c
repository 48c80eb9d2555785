/* objects/pack_write_idx.c: hashed buffered output files, and the pack index (v2) */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "objects/pack_write_int.h"
#include "util/fs.h"

#define OUT_BUF_SIZE ((size_t)128 << 10)
/* Offsets from here on go to the index's 64-bit table, as git puts them. */
#define LARGE_OFFSET 0x80000000u

int pw_out_open(struct pw_out *o, const char *dir, const char *prefix, struct sgit_error *err)
{
	int rc;

	o->err = err;
	if (!(o->buf = malloc(OUT_BUF_SIZE)))
		return sgit_error_nomem(err);
	if ((rc = sgit_fs_tempfile(&o->path, &o->fd, dir, prefix, err)) < 0)
		return rc;
	if (sgit_hash_init(&o->hash) < 0)
		return sgit_error_nomem(err);
	o->hashing = 1;
	return 0;
}

static int flush_out(struct pw_out *o)
{
	int rc = sgit_fs_write_all(o->fd, o->buf, o->len, o->path.ptr, o->err);

	o->len = 0;
	return rc;
}

int pw_out_write(struct pw_out *o, const void *data, size_t len)
{
	const unsigned char *p = data;
	size_t room;
	int rc;

	sgit_hash_update(&o->hash, data, len);
	o->crc = (uint32_t)crc32_z(o->crc, p, len);
	o->offset += len;
	while (len) {
		if (o->len == OUT_BUF_SIZE && (rc = flush_out(o)) < 0)
			return rc;
		room = OUT_BUF_SIZE - o->len;
		if (room > len)
			room = len;
		memcpy(o->buf + o->len, p, room);
		o->len += room;
		p += room;
		len -= room;
	}
	return 0;
}

int pw_out_finish(struct sgit_oid *sum, struct pw_out *o, mode_t mode, int sync)
{
	int rc;

	sgit_hash_final(sum, &o->hash);
	o->hashing = 0;
	if (o->len + SGIT_OID_RAWSZ > OUT_BUF_SIZE && (rc = flush_out(o)) < 0)
		return rc;
	memcpy(o->buf + o->len, sum->id, SGIT_OID_RAWSZ);
	o->len += SGIT_OID_RAWSZ;
	o->offset += SGIT_OID_RAWSZ;
	if ((rc = flush_out(o)) < 0)
		return rc;
	if (fchmod(o->fd, mode) < 0 || (sync && fsync(o->fd) < 0))
		return sgit_error_set(o->err, SGIT_EOS, "cannot write '%s': %s", o->path.ptr,
				      strerror(errno));
	rc = close(o->fd);
	o->fd = -1;
	if (rc < 0)
		return sgit_error_set(o->err, SGIT_EOS, "cannot write '%s': %s", o->path.ptr,
				      strerror(errno));
	return 0;
}

void pw_out_discard(struct pw_out *o)
{
	if (o->fd >= 0)
		close(o->fd);
	if (o->path.len)
		unlink(o->path.ptr);
	if (o->hashing)
		sgit_hash_discard(&o->hash);
	o->fd = -1;
	o->hashing = 0;
	sgit_buf_release(&o->path);
	free(o->buf);
	o->buf = NULL;
}

static void put_be32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)(v >> 24);
	p[1] = (unsigned char)(v >> 16);
	p[2] = (unsigned char)(v >> 8);
	p[3] = (unsigned char)v;
}

static int write_be32(struct pw_out *o, uint32_t v)
{
	unsigned char b[4];

	put_be32(b, v);
	return pw_out_write(o, b, 4);
}

/* Magic, version 2 and the fan-out: entry i counts the ids whose first byte is at most i. */
static int write_head(struct pw_out *o, const struct pw_entry *e, size_t n)
{
	unsigned char head[8 + 256 * 4];
	size_t i = 0;
	unsigned b;

	memcpy(head, "\377tOc", 4);
	put_be32(head + 4, 2);
	for (b = 0; b < 256; b++) {
		while (i < n && e[i].id.id[0] == b)
			i++;
		put_be32(head + 8 + 4 * b, (uint32_t)i);
	}
	return pw_out_write(o, head, sizeof(head));
}

static int write_offsets(struct pw_out *o, const struct pw_entry *e, size_t n)
{
	unsigned char b[8];
	uint32_t nlarge = 0;
	size_t i;
	int rc = 0;

	for (i = 0; i < n && rc == 0; i++)
		rc = write_be32(o, e[i].offset < LARGE_OFFSET ? (uint32_t)e[i].offset
							       : LARGE_OFFSET | nlarge++);
	for (i = 0; i < n && rc == 0; i++) {
		if (e[i].offset < LARGE_OFFSET)
			continue;
		put_be32(b, (uint32_t)(e[i].offset >> 32));
		put_be32(b + 4, (uint32_t)e[i].offset);
		rc = pw_out_write(o, b, 8);
	}
	return rc;
}

int pw_write_index(struct sgit_pack_writer *w, const struct sgit_oid *pack_sum)
{
	const struct pw_entry *e = w->entries;
	struct pw_out *o = &w->idx;
	size_t i;
	int rc;

	if ((rc = write_head(o, e, w->n)) < 0)
		return rc;
	for (i = 0; i < w->n && rc == 0; i++)
		rc = pw_out_write(o, e[i].id.id, SGIT_OID_RAWSZ);
	for (i = 0; i < w->n && rc == 0; i++)
		rc = write_be32(o, e[i].crc);
	if (rc < 0 || (rc = write_offsets(o, e, w->n)) < 0)
		return rc;
	return pw_out_write(o, pack_sum->id, SGIT_OID_RAWSZ);
}
