/* objects/delta.h: git's delta format (copy/insert instructions against a base) */
#ifndef SGIT_OBJECTS_DELTA_H
#define SGIT_OBJECTS_DELTA_H

#include <stddef.h>
#include "sgit/buf.h"
#include "sgit/errors.h"

/* Read the two size varints at the start of a delta. SGIT_ECORRUPT when truncated. */
int sgit_delta_sizes(size_t *base_size, size_t *result_size, const unsigned char *delta,
		     size_t len, struct sgit_error *err);
/*
 * The same from only the first head_len bytes of a delta of delta_len bytes
 * (enough for the sizes: 20 bytes hold both), for callers that do not want to
 * inflate a whole delta to learn its result size.
 */
int sgit_delta_sizes_head(size_t *base_size, size_t *result_size, const unsigned char *head,
			  size_t head_len, size_t delta_len, struct sgit_error *err);
/*
 * Apply delta to base, replacing out. Every instruction is checked: a copy
 * outside the base, an insert past the end, a zero opcode, or a result of the
 * wrong size is SGIT_ECORRUPT and out is left empty.
 */
int sgit_delta_apply(struct sgit_buf *out, const unsigned char *base, size_t base_len,
		     const unsigned char *delta, size_t delta_len, struct sgit_error *err);
/*
 * Apply delta to base into dst, caller-owned memory of exactly dst_len bytes,
 * which must be the result size the delta's header states (sgit_delta_sizes).
 * Same checks as sgit_delta_apply; dst's content is undefined on failure.
 */
int sgit_delta_apply_into(unsigned char *dst, size_t dst_len, const unsigned char *base,
			  size_t base_len, const unsigned char *delta, size_t delta_len,
			  struct sgit_error *err);

#endif
