/* include/sgit/commit.h: commit objects: parse every header, cut one out, write one */
#ifndef SGIT_COMMIT_H
#define SGIT_COMMIT_H

#include <stddef.h>
#include "buf.h"
#include "errors.h"
#include "header.h"
#include "oid.h"

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

/* A parsed commit; owns a copy of the object's bytes. Free with sgit_commit_free(). */
struct sgit_commit;

/*
 * Parse the content of a commit object (no odb access). As strict as git's
 * fsck where it matters: "tree <40 hex>" first, then "parent <40 hex>" lines,
 * exactly one "author" and then "committer", both "Name <email> ...", every
 * header line ended by LF and free of NUL. Otherwise SGIT_ECORRUPT with a
 * message ("corrupt commit: ..."), and *out is NULL.
 */
int sgit_commit_parse(struct sgit_commit **out, const void *data, size_t len,
		      struct sgit_error *err);
/* Free c; pointers its accessors returned die with it. NULL is allowed. */
void sgit_commit_free(struct sgit_commit *c);

/* The object's bytes as given to sgit_commit_parse; *len gets their length. */
const char *sgit_commit_raw(const struct sgit_commit *c, size_t *len);
/* The tree's id, and how many parents there are (pointers owned by c). */
const struct sgit_oid *sgit_commit_tree_id(const struct sgit_commit *c);
size_t sgit_commit_parent_count(const struct sgit_commit *c);
/* The i-th parent (i < parent_count), or NULL. */
const struct sgit_oid *sgit_commit_parent_id(const struct sgit_commit *c, size_t i);
/* The author and committer lines without the header name: parse them with sgit_ident_parse(). */
const struct sgit_header *sgit_commit_author(const struct sgit_commit *c);
const struct sgit_header *sgit_commit_committer(const struct sgit_commit *c);
/* The value of the first "encoding" header, or NULL when there is none. */
const char *sgit_commit_encoding(const struct sgit_commit *c);

/*
 * The message: everything after the first empty line, NUL bytes included
 * (*len is authoritative). A commit without an empty line has no message:
 * NULL and *len = 0. message_offset is where it starts (the length of the
 * object when there is none).
 */
const char *sgit_commit_message(const struct sgit_commit *c, size_t *len);
size_t sgit_commit_message_offset(const struct sgit_commit *c);

/* Every header in order (tree, parents, author, committer, then the rest). */
size_t sgit_commit_header_count(const struct sgit_commit *c);
const struct sgit_header *sgit_commit_header_at(const struct sgit_commit *c, size_t i);
/* The first header called name at index *from or later, or NULL; *from moves past it (loop over all). */
const struct sgit_header *sgit_commit_header_next(const struct sgit_commit *c, const char *name,
						  size_t *from);

/*
 * Cut every "name" header (with its continuation lines) out of the object
 * bytes buf: payload gets the rest, byte for byte (for "gpgsig", the bytes the
 * signature was made over); value gets the header's value with one LF after
 * each line, the leading space of continuation lines removed (the armored
 * signature). Works on the header section only, so a look-alike line in the
 * message is left alone; works on tags too. Either output may be NULL.
 * Returns 1 when the header was there, 0 when not (payload = buf, value
 * empty), SGIT_ENOMEM.
 */
int sgit_commit_extract_header(struct sgit_buf *payload, struct sgit_buf *value,
			       const char *buf, size_t len, const char *name);

/*
 * Append a header to out: "name SP first-line LF", then "SP line LF" for
 * every further line of value; a final LF in value is not doubled; an empty
 * value gives "name LF". SGIT_EINVALID for an empty name, a name with a space
 * or LF, or a NUL in value; SGIT_ENOMEM (out is left as it was).
 */
int sgit_commit_add_header(struct sgit_buf *out, const char *name, const char *value, size_t len,
			   struct sgit_error *err);

/*
 * Insert a header at the end of the header section of the object in commit
 * (before the empty line that starts the message), as git places a gpgsig
 * header when it signs. Errors as sgit_commit_add_header(); commit is left
 * as it was.
 */
int sgit_commit_insert_header(struct sgit_buf *commit, const char *name, const char *value,
			      size_t len, struct sgit_error *err);

#pragma GCC visibility pop
#endif
