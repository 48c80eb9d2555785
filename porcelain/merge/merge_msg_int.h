/* porcelain/merge/merge_msg_int.h: what the parts of the merge message (merge_msg*.c) share */
#ifndef SGIT_PORCELAIN_MERGE_MSG_INT_H
#define SGIT_PORCELAIN_MERGE_MSG_INT_H

#include "sgit/merge_msg.h"

/* A list of strings it owns. */
struct mm_strlist {
	char **items;
	size_t nr, alloc;
};
/* Append a copy of s (len bytes). SGIT_ENOMEM, no message. */
int sgit_mm__strlist_add(struct mm_strlist *l, const char *s, size_t len);
void sgit_mm__strlist_release(struct mm_strlist *l);

/* One merged head of the input, under the name the --log part and the tag comments use. */
struct mm_origin {
	char *name;			/* "x" (a local branch), "tag 'v1'", "'main' of <url>"... */
	struct sgit_oid id;		/* the object listed (a tag stays a tag) */
	struct sgit_oid commit;		/* what id peels to: only heads that do are merged */
	int is_local_branch;
};

/* Where heads come from ("." for this repository), and what of it is merged. */
struct mm_source {
	char *name;
	unsigned head_status;		/* 1: its HEAD is merged; 2: named refs are */
	struct mm_strlist branch, r_branch, tag, generic;
};

struct mm_parsed {
	struct mm_source *srcs;
	size_t nsrcs, srcs_alloc;
	struct mm_origin *origins;
	size_t norigins, origins_alloc;
};

/* merge_msg_tags.c: the merged tags' messages and signatures, appended to out (git's order and layout). */
int sgit_mm__add_tags(struct sgit_buf *out, struct sgit_buf *diag, struct sgit_repo *repo,
		      const struct mm_parsed *p, const struct sgit_merge_msg_options *opts);

/* merge_msg_log.c: the --log part for one origin, head being HEAD's commit. */
int sgit_mm__add_shortlog(struct sgit_buf *out, struct sgit_repo *repo, const struct mm_origin *o,
			  const struct sgit_oid *head, const struct sgit_merge_msg_options *opts);

#endif
