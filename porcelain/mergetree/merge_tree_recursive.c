/*
 * porcelain/mergetree/merge_tree_recursive.c: merging commits. With several merge
 * bases (a criss-cross history) the bases are first merged with each other,
 * oldest first, into a virtual base commit that exists only here: its tree
 * is written (conflicts in it keep their markers), and it stands in merge
 * base queries for the real commits it was made of.
 */
#include <stdlib.h>
#include <string.h>
#include "porcelain/mergetree/merge_tree_int.h"
#include "sgit/merge_base.h"
#include "sgit/repo.h"

/* A real commit, or a virtual one (a merge of merge bases). */
struct vcommit {
	int real;
	struct sgit_oid id;		/* the commit, when real */
	int has_tree;			/* 0: the empty tree */
	struct sgit_oid tree;
	struct sgit_oid *anc;		/* real commits whose ancestors are its ancestors */
	size_t nanc;
};

static void vcommit_release(struct vcommit *v)
{
	free(v->anc);
	memset(v, 0, sizeof(*v));
}

static int vcommit_real(struct vcommit *v, struct mt_ctx *c, const struct sgit_oid *id)
{
	int rc;

	memset(v, 0, sizeof(*v));
	if ((rc = mt_commit_tree(&v->tree, c->odb, c->err, id)) < 0)
		return rc;
	if (!(v->anc = malloc(sizeof(*v->anc))))
		return sgit_error_nomem(c->err);
	v->real = 1;
	v->id = *id;
	v->has_tree = 1;
	v->anc[0] = *id;
	v->nanc = 1;
	return 0;
}

/* The merge bases of h1 and the real commit h2, oldest first (the order git merges them in). */
static int bases_of(struct sgit_oid **out, size_t *n, struct sgit_merge_base *mb,
		    const struct vcommit *h1, const struct vcommit *h2)
{
	struct sgit_oid tmp;
	size_t i;
	int rc;

	if (h1->real)
		rc = sgit_merge_base_many(out, n, mb, &h1->id, &h2->id, 1);
	else
		rc = sgit_merge_base_many(out, n, mb, &h2->id, h1->anc, h1->nanc);
	for (i = 0; rc >= 0 && i < *n / 2; i++) {
		tmp = (*out)[i];
		(*out)[i] = (*out)[*n - 1 - i];
		(*out)[*n - 1 - i] = tmp;
	}
	return rc;
}

/* Replace v with a virtual commit of tree made from prev and next. */
static int vcommit_merged(struct vcommit *v, struct mt_ctx *c, const struct sgit_oid *tree,
			  const struct vcommit *prev, const struct vcommit *next)
{
	size_t n = prev->nanc + next->nanc;
	struct sgit_oid *anc = malloc(n * sizeof(*anc));

	if (!anc)
		return sgit_error_nomem(c->err);
	memcpy(anc, prev->anc, prev->nanc * sizeof(*anc));
	memcpy(anc + prev->nanc, next->anc, next->nanc * sizeof(*anc));
	vcommit_release(v);
	v->anc = anc;
	v->nanc = n;
	v->has_tree = 1;
	v->tree = *tree;
	return 0;
}

static int merge_internal(struct sgit_oid *tree, struct mt_ctx *c, struct sgit_merge_base *mb,
			  const struct vcommit *h1, const struct vcommit *h2,
			  const struct sgit_oid *given, size_t ngiven, const char *base_label);

/* Fold the bases into one (virtual) commit: each merged into the result so far. */
static int merge_bases(struct vcommit *merged, struct mt_ctx *c, struct sgit_merge_base *mb,
		       const struct sgit_oid *bases, size_t n)
{
	const char *l1 = c->label[1], *l2 = c->label[2], *l0 = c->label[0];
	struct vcommit next;
	struct sgit_oid t;
	size_t i;
	int rc = 0;

	memset(merged, 0, sizeof(*merged));
	memset(&next, 0, sizeof(next));
	if (!n)
		return 0;
	if ((rc = vcommit_real(merged, c, &bases[0])) < 0)
		return rc;
	for (i = 1; i < n && rc >= 0; i++) {
		if ((rc = vcommit_real(&next, c, &bases[i])) < 0)
			break;
		c->depth++;
		c->label[1] = "Temporary merge branch 1";
		c->label[2] = "Temporary merge branch 2";
		rc = merge_internal(&t, c, mb, merged, &next, NULL, 0, NULL);
		c->depth--;
		c->label[0] = l0;
		c->label[1] = l1;
		c->label[2] = l2;
		if (rc >= 0)
			rc = vcommit_merged(merged, c, &t, merged, &next);
		vcommit_release(&next);
	}
	return rc;
}

static int merge_internal(struct sgit_oid *tree, struct mt_ctx *c, struct sgit_merge_base *mb,
			  const struct vcommit *h1, const struct vcommit *h2,
			  const struct sgit_oid *given, size_t ngiven, const char *base_label)
{
	struct sgit_oid *found = NULL;
	const struct sgit_oid *bases = given;
	size_t n = ngiven;
	struct vcommit merged;
	char hex[SGIT_OID_HEXSZ + 1];
	int rc;

	memset(&merged, 0, sizeof(merged));
	if (!bases && (rc = bases_of(&found, &n, mb, h1, h2)) < 0)
		goto out;
	if (!bases)
		bases = found;
	if ((rc = merge_bases(&merged, c, mb, bases, n)) < 0)
		goto out;
	if (n == 1)
		sgit_repo_abbrev(hex, c->repo, &bases[0]);
	c->label[0] = base_label ? base_label : n > 1 ? "merged common ancestors"
				 : n == 1 ? hex : "empty tree";
	c->clean = 1;
	rc = mt_run(tree, c, merged.has_tree ? &merged.tree : NULL, &h1->tree, &h2->tree);
out:
	vcommit_release(&merged);
	free(found);
	return rc;
}

int sgit_merge_commits(struct sgit_merge_result *out, struct sgit_repo *repo,
		       const struct sgit_oid *ours, const struct sgit_oid *theirs,
		       const struct sgit_oid *bases, size_t nbases,
		       const struct sgit_merge_options *opts)
{
	struct sgit_merge_base *mb = NULL;
	struct sgit_oid *rev = NULL;
	struct vcommit h1, h2;
	struct mt_ctx c;
	size_t i;
	int rc;

	sgit_merge_result_release(out);
	memset(&h1, 0, sizeof(h1));
	memset(&h2, 0, sizeof(h2));
	mt_ctx_init(&c, repo, opts);
	if ((rc = sgit_merge_base_new(&mb, c.odb, c.err)) < 0 ||
	    (rc = vcommit_real(&h1, &c, ours)) < 0 || (rc = vcommit_real(&h2, &c, theirs)) < 0)
		goto out;
	if (bases && nbases) {
		/* given in merge-base's order, newest first; merged oldest first */
		if (!(rev = malloc(nbases * sizeof(*rev)))) {
			rc = sgit_error_nomem(c.err);
			goto out;
		}
		for (i = 0; i < nbases; i++)
			rev[i] = bases[nbases - 1 - i];
	}
	/* bases given but none of them: the empty tree is the base */
	rc = merge_internal(&out->tree, &c, mb, &h1, &h2, rev ? rev : bases, bases ? nbases : 0,
			    opts ? opts->base_label : NULL);
	if (rc >= 0)
		rc = mt_ctx_finish(out, &c);
out:
	if (rc < 0)
		sgit_merge_result_release(out);
	vcommit_release(&h1);
	vcommit_release(&h2);
	free(rev);
	sgit_merge_base_free(mb);
	mt_ctx_release(&c);
	return rc;
}
