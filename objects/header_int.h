/* objects/header_int.h: the header section shared by commit and tag objects */
#ifndef SGIT_OBJECTS_HEADER_INT_H
#define SGIT_OBJECTS_HEADER_INT_H

#include <stddef.h>
#include "sgit/buf.h"
#include "sgit/errors.h"
#include "sgit/header.h"

/*
 * Every header of an object in order, and where its message starts.
 * Caller-owned: SGIT_HEADER_BLOCK_INIT, parse, then _release.
 */
struct sgit_header_block {
	struct sgit_header *headers;
	size_t count;
	struct sgit_buf arena;	/* names and values; sized once, so pointers into it stay valid */
	size_t body;		/* offset of the message: after the first empty line */
	int has_body;		/* 0 when there is no empty line: no message at all */
};
#define SGIT_HEADER_BLOCK_INIT { NULL, 0, SGIT_BUF_INIT, 0, 0 }

/*
 * Split buf into headers up to the first empty line. what ("commit", "tag")
 * names the object in messages. SGIT_ECORRUPT for a header line without its
 * LF, a NUL byte among the headers, or a continuation line with no header
 * before it; SGIT_ENOMEM.
 */
int sgit_header_block_parse(struct sgit_header_block *out, const char *buf, size_t len,
			    const char *what, struct sgit_error *err);
void sgit_header_block_release(struct sgit_header_block *b);
/* The first header called name at or after index from, or NULL. */
const struct sgit_header *sgit_header_block_find(const struct sgit_header_block *b,
						 const char *name, size_t from);
/* 1 when h is called name. */
int sgit_header_is(const struct sgit_header *h, const char *name);

#endif
