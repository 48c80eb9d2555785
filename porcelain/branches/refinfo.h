/* porcelain/branches/refinfo.h: what tag and branch show about the refs they list and change */
#ifndef SGIT_PORCELAIN_REFINFO_H
#define SGIT_PORCELAIN_REFINFO_H

#include <stddef.h>
#include "sgit/buf.h"
#include "sgit/oid.h"
#include "sgit/repo.h"


/*
 * Where the parts of a commit or tag message are, as git's ref listings cut
 * it (offsets into the object's bytes): the subject is the first paragraph
 * after the headers and any empty lines, its trailing LFs and CRs left out;
 * the contents run from the subject to the signature (if any).
 */
struct sgit_msgpos {
	size_t subject, subject_len;
	size_t contents_end;
};
/* The object's bytes are read up to the first NUL, as git does. */
void sgit_refinfo_message_parts(struct sgit_msgpos *out, const char *obj, size_t len);

/* Append the subject with its line breaks made spaces (CR of a CRLF dropped). */
int sgit_refinfo_add_subject(struct sgit_buf *out, const char *obj, const struct sgit_msgpos *pos);

/*
 * Append the first n lines of the contents, lines after the first indented
 * by four spaces, as "tag -n<n>" prints them.
 */
int sgit_refinfo_add_lines(struct sgit_buf *out, const char *obj, const struct sgit_msgpos *pos,
			   int n);

/* The first line of a commit's message (git's subject for reflog messages). */
int sgit_refinfo_add_first_line(struct sgit_buf *out, const char *obj, size_t len);

/*
 * Commits reachable from a and not from b, and the reverse: "ahead" and
 * "behind" of a branch against its upstream. Walks every parent (no
 * generation numbers): fine for the sizes branch -v lists.
 */
int sgit_refinfo_ahead_behind(size_t *ahead, size_t *behind, struct sgit_repo *repo,
			      const struct sgit_oid *a, const struct sgit_oid *b);
/* *out = 1 when commit is reachable from tip (tip itself included). */
int sgit_refinfo_is_ancestor(int *out, struct sgit_repo *repo, const struct sgit_oid *commit,
			     const struct sgit_oid *tip);

#endif
