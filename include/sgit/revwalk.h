/* include/sgit/revwalk.h: walk commits from starting ids, as git rev-list orders them */
#ifndef SGIT_REVWALK_H
#define SGIT_REVWALK_H

#include "errors.h"
#include "odb.h"
#include "oid.h"

struct sgit_revwalk;

enum sgit_revwalk_sort {
	SGIT_REVWALK_SORT_DEFAULT,	/* newest committer date first, parents as they are reached */
	/*
	 * --topo-order: no parent before all its children, lines of history kept
	 * together; ready commits on a stack, tips in push order, as git orders
	 * them when it has no commit graph.
	 */
	SGIT_REVWALK_SORT_TOPO,
	SGIT_REVWALK_SORT_DATE		/* --date-order: no parent before its children, else by date */
};

struct sgit_revwalk_options {
	int first_parent;		/* --first-parent */
	long max_count;			/* -n; < 0: no limit */
	long skip;			/* --skip */
	int reverse;			/* --reverse (buffers the whole walk) */
	enum sgit_revwalk_sort sort;
};
#define SGIT_REVWALK_OPTIONS_INIT { 0, -1, 0, 0, SGIT_REVWALK_SORT_DEFAULT }

/* A walker over the commits of odb (which must outlive it); errors to err. Free with _free(). */
int sgit_revwalk_new(struct sgit_revwalk **out, struct sgit_odb *odb,
		     const struct sgit_revwalk_options *opts, struct sgit_error *err);
void sgit_revwalk_free(struct sgit_revwalk *walk);
/* Start from the commit id ("B"). Before the first _next() only. SGIT_ENOTFOUND, SGIT_EINVALID */
int sgit_revwalk_push(struct sgit_revwalk *walk, const struct sgit_oid *id);
/* Exclude id and everything reachable from it ("^A"). Before the first _next() only. */
int sgit_revwalk_hide(struct sgit_revwalk *walk, const struct sgit_oid *id);
/*
 * The next commit into *out: 0, or 1 when the walk is over, or < 0 on error.
 * Streams in the default order without hidden ids; buffers otherwise (git
 * must see the whole range first too).
 */
int sgit_revwalk_next(struct sgit_oid *out, struct sgit_revwalk *walk);

#endif
