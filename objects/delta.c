/* objects/delta.c: git's delta format: two sizes, then copy and insert instructions */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "objects/delta.h"

/*
 * The most one delta byte can produce: a two-byte copy (0xc0, size byte 3)
 * yields up to 0xff0000 bytes. A header claiming more than this times the
 * delta's length is a lie, and refusing it early keeps a corrupt size from
 * turning into a huge allocation.
 */
#define MAX_RESULT_PER_BYTE ((uint64_t)0xff0000 / 2)

/* A size: 7 bits a byte, least significant first, the high bit saying more follow. */
static int read_size(size_t *out, const unsigned char **pos, const unsigned char *end)
{
	const unsigned char *p = *pos;
	uint64_t v = 0, bits;
	unsigned shift = 0;
	unsigned char c;

	do {
		if (p >= end || shift >= 64)
			return -1;
		c = *p++;
		bits = c & 0x7f;
		if (shift && bits >> (64 - shift))
			return -1;
		v |= bits << shift;
		shift += 7;
	} while (c & 0x80);
	if (v > SIZE_MAX)
		return -1;
	*out = (size_t)v;
	*pos = p;
	return 0;
}

/*
 * Parse the sizes from the first head_len bytes of a delta delta_len bytes
 * long; *skip gets the header's length.
 */
static int read_header(size_t *base_size, size_t *result_size, size_t *skip,
		       const unsigned char *head, size_t head_len, size_t delta_len,
		       struct sgit_error *err)
{
	const unsigned char *p = head, *end = head + (head_len < delta_len ? head_len : delta_len);
	size_t ops_len;

	if (read_size(base_size, &p, end) < 0 || read_size(result_size, &p, end) < 0)
		return sgit_error_set(err, SGIT_ECORRUPT, "delta header is truncated or too large");
	*skip = (size_t)(p - head);
	ops_len = delta_len - *skip;
	if ((uint64_t)*result_size / MAX_RESULT_PER_BYTE > (uint64_t)ops_len)
		return sgit_error_set(err, SGIT_ECORRUPT,
				      "delta claims a result of %zu bytes that its %zu bytes cannot make",
				      *result_size, ops_len);
	return 0;
}

int sgit_delta_sizes_head(size_t *base_size, size_t *result_size, const unsigned char *head,
			  size_t head_len, size_t delta_len, struct sgit_error *err)
{
	size_t b = 0, r = 0, skip;
	int rc = read_header(&b, &r, &skip, head, head_len, delta_len, err);

	*base_size = rc < 0 ? 0 : b;
	*result_size = rc < 0 ? 0 : r;
	return rc;
}

int sgit_delta_sizes(size_t *base_size, size_t *result_size, const unsigned char *delta,
		     size_t len, struct sgit_error *err)
{
	return sgit_delta_sizes_head(base_size, result_size, delta, len, len, err);
}

/*
 * A copy instruction: bits 0-3 of op say which offset bytes follow, bits 4-6
 * which size bytes (little-endian); a size of 0 means 0x10000.
 */
static int read_copy(uint64_t *off, uint64_t *size, unsigned op, const unsigned char **pos,
		     const unsigned char *end)
{
	const unsigned char *p = *pos;
	uint64_t o = 0, s = 0;
	unsigned i;

	for (i = 0; i < 4; i++)
		if (op & (1u << i)) {
			if (p >= end)
				return -1;
			o |= (uint64_t)*p++ << (8 * i);
		}
	for (i = 0; i < 3; i++)
		if (op & (0x10u << i)) {
			if (p >= end)
				return -1;
			s |= (uint64_t)*p++ << (8 * i);
		}
	*off = o;
	*size = s ? s : 0x10000;
	*pos = p;
	return 0;
}

static int bad(struct sgit_error *err, const unsigned char *delta, const unsigned char *at,
	       const char *what)
{
	return sgit_error_set(err, SGIT_ECORRUPT, "delta %s at byte %zu", what, (size_t)(at - delta));
}

/* Run the instructions ops..end against base into dst (dst_len bytes exactly). */
static int run_ops(unsigned char *dst, size_t dst_len, const unsigned char *base, size_t base_len,
		   const unsigned char *delta, const unsigned char *ops, const unsigned char *end,
		   struct sgit_error *err)
{
	const unsigned char *p = ops, *at;
	size_t done = 0;
	uint64_t off, size;
	unsigned op;

	while (p < end) {
		at = p;
		op = *p++;
		if (op & 0x80) {
			if (read_copy(&off, &size, op, &p, end) < 0)
				return bad(err, delta, at, "copy instruction is truncated");
			if (off > base_len || size > base_len - off)
				return bad(err, delta, at, "copies outside its base");
		} else if (op) {
			size = op;
			if (size > (size_t)(end - p))
				return bad(err, delta, at, "inserts past its end");
		} else {
			return bad(err, delta, at, "has the reserved instruction 0");
		}
		if (size > dst_len - done)
			return bad(err, delta, at, "result is longer than its header says");
		memcpy(dst + done, op & 0x80 ? base + off : p, (size_t)size);
		if (!(op & 0x80))
			p += size;
		done += (size_t)size;
	}
	if (done != dst_len)
		return sgit_error_set(err, SGIT_ECORRUPT,
				      "delta result is %zu bytes, its header says %zu", done, dst_len);
	return 0;
}

int sgit_delta_apply_into(unsigned char *dst, size_t dst_len, const unsigned char *base,
			  size_t base_len, const unsigned char *delta, size_t delta_len,
			  struct sgit_error *err)
{
	size_t base_size, result_size, skip;
	int rc;

	if ((rc = read_header(&base_size, &result_size, &skip, delta, delta_len, delta_len, err)) < 0)
		return rc;
	if (base_size != base_len)
		return sgit_error_set(err, SGIT_ECORRUPT,
				      "delta expects a base of %zu bytes, the base has %zu",
				      base_size, base_len);
	if (result_size != dst_len)
		return sgit_error_set(err, SGIT_ECORRUPT,
				      "delta result size %zu differs from the expected %zu",
				      result_size, dst_len);
	return run_ops(dst, dst_len, base, base_len, delta, delta + skip, delta + delta_len, err);
}

int sgit_delta_apply(struct sgit_buf *out, const unsigned char *base, size_t base_len,
		     const unsigned char *delta, size_t delta_len, struct sgit_error *err)
{
	size_t base_size, result_size;
	unsigned char *dst = NULL;
	int rc;

	if ((rc = sgit_delta_sizes(&base_size, &result_size, delta, delta_len, err)) < 0)
		goto out;
	if (!(dst = malloc(result_size + 1))) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	rc = sgit_delta_apply_into(dst, result_size, base, base_len, delta, delta_len, err);
	if (rc == 0) {
		sgit_buf_attach(out, (char *)dst, result_size, result_size + 1);
		dst = NULL;
	}
out:
	free(dst);
	if (rc < 0)
		sgit_buf_reset(out);
	return rc;
}
