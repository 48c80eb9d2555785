/* include/sgit/merge_base.h: best common ancestors of commits, as git merge-base finds them */
#ifndef SGIT_MERGE_BASE_H
#define SGIT_MERGE_BASE_H

#include <stddef.h>
#include "errors.h"
#include "odb.h"
#include "oid.h"

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

/*
 * A cache of the commit graph of one odb (only ids, parents and committer
 * dates are kept), reused by every query made through it: a caller asking
 * many questions (fetch checking each ref for a fast-forward) reads each
 * commit once. The odb and err must outlive it. Free with _free().
 *
 * Ids given to the queries must name commits (peel tags first): another
 * object type is SGIT_EINVALID, a missing one SGIT_ENOTFOUND.
 *
 * Results are malloc'ed arrays of ids (free() them; NULL when empty) in the
 * order git prints them: newest committer date first, commits of equal date
 * in the order the walk met them. Without a commit-graph file git walks by
 * date exactly as this does, so histories with clock skew give git's answer.
 */
struct sgit_merge_base;

/* A finder over odb (borrowed: it must outlive *out) in *out; free with sgit_merge_base_free(). */
int sgit_merge_base_new(struct sgit_merge_base **out, struct sgit_odb *odb,
			struct sgit_error *err);
void sgit_merge_base_free(struct sgit_merge_base *mb);

/*
 * All best common ancestors of one and a hypothetical merge of twos[0..ntwos)
 * (git merge-base --all one two...): with one two, the merge bases of a pair,
 * two of them for a criss-cross. *out gets the array (NULL, *nout = 0 when the
 * histories are disjoint). When one is among twos, the answer is one itself.
 */
int sgit_merge_base_many(struct sgit_oid **out, size_t *nout, struct sgit_merge_base *mb,
			 const struct sgit_oid *one, const struct sgit_oid *twos, size_t ntwos);

/* The bases of a single n-way merge of ids (merge-base --octopus --all), redundant ones removed. */
int sgit_merge_base_octopus(struct sgit_oid **out, size_t *nout, struct sgit_merge_base *mb,
			    const struct sgit_oid *ids, size_t n);

/*
 * The ids that no other id of the list reaches (merge-base --independent):
 * duplicates dropped, the rest kept in their given order.
 */
int sgit_merge_base_independent(struct sgit_oid **out, size_t *nout, struct sgit_merge_base *mb,
				const struct sgit_oid *ids, size_t n);

/*
 * 1 when ancestor is reachable from descendant (a commit is its own
 * ancestor), 0 when not, < 0 on error: fast-forward checks, --is-ancestor.
 */
int sgit_merge_base_is_ancestor(struct sgit_merge_base *mb, const struct sgit_oid *ancestor,
				const struct sgit_oid *descendant);

/*
 * Where commit forked from a ref whose earlier values are candidates (its
 * reflog: merge-base --fork-point): 1 and *out when commit and the candidates
 * (commits; repeats allowed) have exactly one merge base and it is one of
 * the candidates, else 0 (out untouched).
 */
int sgit_merge_base_fork_point(struct sgit_oid *out, struct sgit_merge_base *mb,
			       const struct sgit_oid *commit, const struct sgit_oid *candidates,
			       size_t n);

/* One-shot forms for a single question, without keeping a cache. */
int sgit_merge_base_of_pair(struct sgit_oid **out, size_t *nout, struct sgit_odb *odb,
			    const struct sgit_oid *a, const struct sgit_oid *b,
			    struct sgit_error *err);
int sgit_merge_base_descends_from(struct sgit_odb *odb, const struct sgit_oid *descendant,
				  const struct sgit_oid *ancestor, struct sgit_error *err);

#pragma GCC visibility pop
#endif
