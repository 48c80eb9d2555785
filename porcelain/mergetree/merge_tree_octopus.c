/*
 * porcelain/mergetree/merge_tree_octopus.c: git's octopus strategy. The heads are
 * merged one after another into the running result (a fast-forward first
 * when the first head allows it); only the last head may leave conflicts,
 * an earlier conflict fails the strategy. Everything is worked out in
 * memory first: the index and the work tree change once, at the end, and
 * not at all when the strategy fails (git resets to HEAD then anyway).
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "porcelain/mergetree/merge_tree_octopus_int.h"
#include "sgit/merge_base.h"
#include "sgit/repo.h"

int oc_say(struct oc_ctx *c, int to_stderr, const char *fmt, ...)
{
	struct sgit_merge_result *r = c->res;
	struct sgit_buf text = SGIT_BUF_INIT;
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = sgit_buf_vaddf(&text, fmt, ap);
	va_end(ap);
	if (rc == 0 && r->nmessages == c->amsg) {
		size_t n = c->amsg ? 2 * c->amsg : 16;
		struct sgit_merge_message *m = realloc(r->messages, n * sizeof(*m));

		if (!m)
			rc = SGIT_ENOMEM;
		else {
			r->messages = m;
			c->amsg = n;
		}
	}
	if (rc == 0) {
		r->messages[r->nmessages].to_stderr = to_stderr;
		r->messages[r->nmessages++].text = sgit_buf_detach(&text, NULL);
	}
	sgit_buf_release(&text);
	return rc < 0 ? sgit_error_nomem(c->err) : 0;
}

int oc_flat_add(struct oc_flat *f, struct oc_ctx *c, const char *path, unsigned int mode,
		const struct sgit_oid *id)
{
	struct oc_ent *e;

	if (f->n == f->alloc) {
		size_t n = f->alloc ? 2 * f->alloc : 64;

		if (!(e = realloc(f->v, n * sizeof(*e))))
			return sgit_error_nomem(c->err);
		f->v = e;
		f->alloc = n;
	}
	e = &f->v[f->n];
	if (!(e->path = strdup(path)))
		return sgit_error_nomem(c->err);
	e->mode = mode;
	e->id = *id;
	f->n++;
	return 0;
}

void oc_flat_release(struct oc_flat *f)
{
	size_t i;

	for (i = 0; i < f->n; i++)
		free(f->v[i].path);
	free(f->v);
	memset(f, 0, sizeof(*f));
}

int oc_flatten(struct oc_flat *out, struct oc_ctx *c, const struct sgit_oid *tree)
{
	struct sgit_index *idx = NULL;
	size_t i;
	int rc;

	memset(out, 0, sizeof(*out));
	if ((rc = sgit_index_new(&idx, c->repo, c->err)) < 0 ||
	    (rc = sgit_index_read_tree(idx, tree, 0)) < 0)
		goto out;
	for (i = 0; i < sgit_index_count(idx) && rc >= 0; i++) {
		const struct sgit_index_entry *e = sgit_index_entry_at(idx, i);

		rc = oc_flat_add(out, c, e->path, e->mode, &e->id);
	}
out:
	sgit_index_free(idx);
	if (rc < 0)
		oc_flat_release(out);
	return rc;
}

void oc_open_release(struct oc_ctx *c)
{
	size_t i;

	for (i = 0; i < c->nopen; i++)
		free(c->open[i].path);
	free(c->open);
	c->open = NULL;
	c->nopen = c->aopen = 0;
	c->failed = 0;
}

int oc_write_tree(struct sgit_oid *out, struct oc_ctx *c, const struct oc_flat *f)
{
	struct sgit_index *idx = NULL;
	struct sgit_index_entry e;
	size_t i;
	int rc;

	if ((rc = sgit_index_new(&idx, c->repo, c->err)) < 0)
		return rc;
	for (i = 0; i < f->n && rc >= 0; i++) {
		memset(&e, 0, sizeof(e));
		e.mode = f->v[i].mode;
		e.id = f->v[i].id;
		e.path = f->v[i].path;
		e.path_len = strlen(f->v[i].path);
		rc = sgit_index_add(idx, &e, 0);
	}
	if (rc >= 0)
		rc = sgit_index_write_tree(out, idx, SGIT_INDEX_WRITE_TREE_MISSING_OK);
	sgit_index_free(idx);
	return rc;
}

/* One three-way step: ancestors' trees, the running result, the head's tree. */
static int step(struct oc_ctx *c, const struct sgit_oid *bases, size_t nbases,
		const struct sgit_oid *mrt, const struct sgit_oid *remote)
{
	struct oc_flat *anc = calloc(nbases ? nbases : 1, sizeof(*anc)), head, rem;
	struct sgit_oid t;
	size_t i;
	int rc = 0;

	memset(&head, 0, sizeof(head));
	memset(&rem, 0, sizeof(rem));
	oc_flat_release(&c->merged);
	oc_open_release(c);
	if (!anc)
		return sgit_error_nomem(c->err);
	for (i = 0; i < nbases && rc >= 0; i++)
		if ((rc = mt_commit_tree(&t, c->odb, c->err, &bases[i])) >= 0)
			rc = oc_flatten(&anc[i], c, &t);
	if (rc < 0 || (rc = oc_flatten(&head, c, mrt)) < 0 || (rc = mt_commit_tree(&t, c->odb, c->err, remote)) < 0 ||
	    (rc = oc_flatten(&rem, c, &t)) < 0 || (rc = oc_trivial(c, anc, nbases, &head, &rem)) < 0)
		goto out;
	if (c->nopen && ((rc = oc_say(c, 0, "Simple merge did not work, trying automatic merge.")) < 0 ||
			 (rc = oc_merge_open(c)) < 0))
		goto out;
out:
	for (i = 0; i < nbases; i++)
		oc_flat_release(&anc[i]);
	free(anc);
	oc_flat_release(&head);
	oc_flat_release(&rem);
	return rc;
}

/* What the last step leaves: merged paths, plus what the work tree holds for the failed ones. */
static int final_result(struct oc_ctx *c)
{
	struct sgit_merge_result *r = c->res;
	size_t i;
	int rc = 0, k;

	if (c->nopen && !(r->conflicts = calloc(c->nopen, sizeof(*r->conflicts))))
		return sgit_error_nomem(c->err);
	for (i = 0; i < c->nopen && rc >= 0; i++) {
		struct oc_open *p = &c->open[i];
		const struct mt_ver *wt = p->has_wt ? &p->wt : &p->st[1];
		struct sgit_merge_conflict *k3;

		if (!p->failed)
			continue;
		if (wt->mode && (rc = oc_flat_add(&c->merged, c, p->path, wt->mode, &wt->id)) < 0)
			break;
		k3 = &r->conflicts[r->nconflicts++];
		if (!(k3->path = strdup(p->path)))
			return sgit_error_nomem(c->err);
		for (k = 0; k < 3; k++) {
			k3->mode[k] = p->st[k].mode;
			k3->id[k] = p->st[k].id;
		}
	}
	return rc < 0 ? rc : oc_write_tree(&r->tree, c, &c->merged);
}

struct oc_run {
	struct sgit_oid *mrc;		/* the commits merged so far */
	size_t nmrc;
	struct sgit_oid mrt;		/* the result so far */
	int non_ff, failure;
};

/* Merge one head into the running result; *stop when the strategy has failed. */
static int merge_head(struct oc_ctx *c, struct oc_run *o, struct sgit_merge_base *mb,
		      const struct sgit_oid *id, const char *name, int *stop)
{
	struct sgit_oid *bases = NULL;
	size_t nbases = 0, i;
	int rc, up_to_date = 0;

	if (o->failure) {
		*stop = 1;
		return oc_say(c, 0, "Automated merge did not work.") < 0 ||
		       oc_say(c, 0, "Should not be doing an octopus.") < 0 ? SGIT_ENOMEM : 0;
	}
	if ((rc = sgit_merge_base_many(&bases, &nbases, mb, id, o->mrc, o->nmrc)) < 0)
		return rc;
	for (i = 0; i < nbases; i++)
		up_to_date |= sgit_oid_equal(&bases[i], id);
	if (up_to_date) {
		rc = oc_say(c, 0, "Already up to date with %s", name);
	} else if (nbases == 1 && o->nmrc == 1 && sgit_oid_equal(&bases[0], &o->mrc[0]) && !o->non_ff) {
		if ((rc = oc_say(c, 0, "Fast-forwarding to: %s", name)) >= 0 &&
		    (rc = mt_commit_tree(&o->mrt, c->odb, c->err, id)) >= 0)
			o->mrc[0] = *id;
	} else {
		o->non_ff = 1;
		if ((rc = oc_say(c, 0, "Trying simple merge with %s", name)) >= 0 &&
		    (rc = step(c, bases, nbases, &o->mrt, id)) >= 0) {
			o->mrc[o->nmrc++] = *id;
			o->failure = c->failed;
			if (!o->failure && (rc = oc_write_tree(&o->mrt, c, &c->merged)) < 0 &&
			    rc != SGIT_ENOMEM) {
				*stop = 1;
				rc = oc_say(c, 1, "error: %s", sgit_error_message(c->err));
			}
		}
	}
	free(bases);
	return rc;
}

static int staged_refusal(struct oc_ctx *c, struct sgit_index *idx, const struct sgit_oid *head_tree,
			  int *stop)
{
	struct sgit_checkout_pathlist l = { NULL, 0, 0 };
	size_t i;
	int rc;

	/* git's octopus lists them with diff-index, which pairs no renames */
	if ((rc = mt_staged_paths(&l, c->repo, idx, head_tree)) < 0)
		return rc;
	if (l.count) {
		*stop = 1;
		rc = oc_say(c, 0, "Error: Your local changes to the following files would be overwritten by merge");
	}
	for (i = 0; i < l.count && rc >= 0; i++)
		rc = oc_say(c, 0, "    %s", l.paths[i]);
	sgit_merge_pathlist_release(&l);
	return rc;
}

int sgit_merge_octopus(int *status, struct sgit_merge_result *out,
		       struct sgit_checkout_report *rep, struct sgit_repo *repo,
		       struct sgit_index *idx, const struct sgit_oid *head,
		       const struct sgit_oid *heads, const char *const *names, size_t n)
{
	struct oc_ctx c;
	struct oc_run o = { NULL, 0, { { 0 } }, 0, 0 };
	struct sgit_merge_base *mb = NULL;
	struct sgit_oid head_tree;
	size_t i;
	int rc, stop = 0;

	sgit_merge_result_release(out);
	memset(&c, 0, sizeof(c));
	c.repo = repo;
	c.odb = sgit_repo_odb(repo);
	c.err = sgit_repo_error(repo);
	c.res = out;
	*status = 2;
	if (!(o.mrc = malloc((n + 1) * sizeof(*o.mrc)))) {
		rc = sgit_error_nomem(c.err);
		goto out;
	}
	o.mrc[o.nmrc++] = *head;
	if ((rc = mt_commit_tree(&head_tree, c.odb, c.err, head)) < 0 ||
	    (rc = staged_refusal(&c, idx, &head_tree, &stop)) < 0 || stop ||
	    (rc = sgit_merge_base_new(&mb, c.odb, c.err)) < 0)
		goto out;
	o.mrt = head_tree;
	for (i = 0; i < n && !stop && rc >= 0; i++)
		rc = merge_head(&c, &o, mb, &heads[i], names[i], &stop);
	if (rc < 0 || stop)
		goto out;
	out->clean = !o.failure;
	if (o.failure)
		rc = final_result(&c);
	else
		out->tree = o.mrt;
	if (rc >= 0 && (rc = sgit_merge__apply(rep, repo, idx, &head_tree, out)) == SGIT_ECONFLICT) {
		rc = 0;
		goto out;
	}
	*status = o.failure;
out:
	if (rc < 0)
		sgit_merge_result_release(out);
	oc_flat_release(&c.merged);
	oc_open_release(&c);
	sgit_merge_base_free(mb);
	free(o.mrc);
	return rc;
}
