/*
 * porcelain/mergetree/merge_tree_octopus_file.c: the octopus strategy's per-path
 * merge. First read-tree's trivial three-way rules with --aggressive (a
 * path that the trivial rules settle never reaches the content merge), then,
 * for what is left, what git's merge-one-file script does: removals,
 * additions, and a line merge as git merge-file makes it, with git's
 * messages and its refusals (symlinks, submodules, mode conflicts).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "porcelain/mergetree/merge_tree_octopus_int.h"
#include "sgit/object.h"
#include "sgit/repo.h"
#include "util/merge3.h"

/* read-tree's idea of sameness: both missing, or the same mode and id. */
static int same(const struct oc_ent *a, const struct oc_ent *b)
{
	if (!a || !b)
		return !a && !b;
	return a->mode == b->mode && sgit_oid_equal(&a->id, &b->id);
}

static int add_open(struct oc_ctx *c, const char *path, const struct oc_ent *o,
		    const struct oc_ent *a, const struct oc_ent *b)
{
	const struct oc_ent *v[3] = { o, a, b };
	struct oc_open *p;
	int i;

	if (c->nopen == c->aopen) {
		size_t n = c->aopen ? 2 * c->aopen : 16;

		if (!(p = realloc(c->open, n * sizeof(*p))))
			return sgit_error_nomem(c->err);
		c->open = p;
		c->aopen = n;
	}
	p = &c->open[c->nopen];
	memset(p, 0, sizeof(*p));
	if (!(p->path = strdup(path)))
		return sgit_error_nomem(c->err);
	for (i = 0; i < 3; i++)
		if (v[i]) {
			p->st[i].mode = v[i]->mode;
			p->st[i].id = v[i]->id;
		}
	c->nopen++;
	return 0;
}

/* threeway_merge of read-tree for one path; anc[i] NULL where an ancestor lacks it. */
static int trivial_one(struct oc_ctx *c, const char *path, const struct oc_ent *const *anc,
		       size_t nanc, const struct oc_ent *a, const struct oc_ent *b)
{
	size_t i, head_match = 0, remote_match = 0;
	int any_missing = 0;
	const struct oc_ent *keep = NULL;

	for (i = 0; i < nanc; i++)
		any_missing |= !anc[i];
	if (!same(b, a))
		for (i = 0; i < nanc; i++) {
			if (same(anc[i], a))
				head_match = i + 1;
			if (same(anc[i], b))
				remote_match = i + 1;
		}
	if (b && head_match && !remote_match)
		return oc_flat_add(&c->merged, c, path, b->mode, &b->id);
	if (a && (same(a, b) || (remote_match && !head_match)))
		return oc_flat_add(&c->merged, c, path, a->mode, &a->id);
	if (!a && !b && any_missing)
		return 0;
	/* --aggressive: deleted on both sides, or deleted on one and unchanged on the other */
	if ((!a && !b) || (!a && remote_match) || (!b && head_match))
		return 0;
	if (!head_match || !remote_match)
		for (i = 0; i < nanc && !keep; i++)
			keep = anc[i];
	return add_open(c, path, keep, a, b);
}

static int ent_cmp(const struct oc_ent *x, const struct oc_ent *y)
{
	return strcmp(x->path, y->path);
}

int oc_trivial(struct oc_ctx *c, const struct oc_flat *anc, size_t nanc, const struct oc_flat *head,
	       const struct oc_flat *remote)
{
	const struct oc_ent **cur = calloc(nanc + 2, sizeof(*cur));
	size_t *pos = calloc(nanc + 2, sizeof(*pos)), k, n = nanc + 2;
	const struct oc_flat *lists = NULL;
	const struct oc_ent *min;
	int rc = 0;

	if (!cur || !pos) {
		rc = sgit_error_nomem(c->err);
		goto out;
	}
	for (;;) {
		min = NULL;
		for (k = 0; k < n; k++) {
			lists = k < nanc ? &anc[k] : k == nanc ? head : remote;
			cur[k] = pos[k] < lists->n ? &lists->v[pos[k]] : NULL;
			if (cur[k] && (!min || ent_cmp(cur[k], min) < 0))
				min = cur[k];
		}
		if (!min)
			break;
		for (k = 0; k < n; k++) {
			if (cur[k] && ent_cmp(cur[k], min))
				cur[k] = NULL;
		}
		if ((rc = trivial_one(c, min->path, cur, nanc, cur[nanc], cur[nanc + 1])) < 0)
			break;
		for (k = 0; k < n; k++)
			pos[k] += cur[k] != NULL;
	}
out:
	free(cur);
	free(pos);
	return rc;
}

/* merge-file names its sides after the temporary files it is given; ours are named after the blobs. */
static void temp_name(char out[32], const struct mt_ver *v)
{
	char hex[SGIT_OID_HEXSZ + 1];

	sgit_oid_tohex(hex, &v->id);
	if (!v->mode)
		memcpy(hex, "e69de2", 6);
	memcpy(out, ".merge_file_", 12);
	memcpy(out + 12, hex, 6);
	out[18] = '\0';
}

/* Both sides changed a regular file: git merge-file; *conflict when it did not come out clean. */
static int merge_contents(struct oc_ctx *c, struct oc_open *p, int *conflict)
{
	struct sgit_buf o = SGIT_BUF_INIT, a = SGIT_BUF_INIT, b = SGIT_BUF_INIT, out = SGIT_BUF_INIT;
	struct sgit_merge3_options mo = SGIT_MERGE3_OPTIONS_INIT;
	char lo[32], la[32], lb[32];
	size_t nconf = 0;
	int rc;

	temp_name(lo, &p->st[0]);
	temp_name(la, &p->st[1]);
	temp_name(lb, &p->st[2]);
	if ((rc = mt_read_blob(&o, c->odb, c->err, &p->st[0])) < 0 ||
	    (rc = mt_read_blob(&a, c->odb, c->err, &p->st[1])) < 0 ||
	    (rc = mt_read_blob(&b, c->odb, c->err, &p->st[2])) < 0)
		goto out;
	p->has_wt = 1;
	p->wt = p->st[1];
	*conflict = 1;
	if (sgit_diff_is_binary(a.ptr, a.len) || sgit_diff_is_binary(o.ptr, o.len) ||
	    sgit_diff_is_binary(b.ptr, b.len)) {
		rc = oc_say(c, 1, "error: Cannot merge binary files: %s",
			    sgit_diff_is_binary(a.ptr, a.len) ? la : sgit_diff_is_binary(o.ptr, o.len) ? lo : lb);
		goto out;
	}
	mo.ours_label = la;
	mo.base_label = lo;
	mo.theirs_label = lb;
	mo.level = SGIT_MERGE3_ZEALOUS_ALNUM;
	if ((rc = sgit_merge3(&out, &nconf, o.ptr, o.len, a.ptr, a.len, b.ptr, b.len, &mo, c->err)) < 0 ||
	    (rc = sgit_odb_write(&p->wt.id, c->odb, SGIT_OBJ_BLOB, out.ptr, out.len)) < 0)
		goto out;
	*conflict = nconf > 0 || !p->st[0].mode;
out:
	sgit_buf_release(&o);
	sgit_buf_release(&a);
	sgit_buf_release(&b);
	sgit_buf_release(&out);
	return rc;
}

/* "$1$2$3" | ".$2$3" of merge-one-file. */
static int both_changed(struct oc_ctx *c, struct oc_open *p)
{
	unsigned int ma = p->st[1].mode, mb = p->st[2].mode;
	int conflict = 0, rc;

	if (ma == 0120000 || mb == 0120000 || ma == 0160000 || mb == 0160000) {
		p->failed = 1;
		return oc_say(c, 1, "ERROR: %s: Not merging %s changes.", p->path,
			      ma == 0120000 || mb == 0120000 ? "symbolic link" : "conflicting submodule");
	}
	if ((rc = oc_say(c, 0, p->st[0].mode ? "Auto-merging %s" : "Added %s in both, but differently.",
			 p->path)) < 0 ||
	    (rc = merge_contents(c, p, &conflict)) < 0)
		return rc;
	if (ma != mb) {
		char base[16] = "";

		if (p->st[0].mode)
			snprintf(base, sizeof(base), "%o", p->st[0].mode);
		p->failed = 1;
		return oc_say(c, 1, "ERROR: %spermissions conflict: %s->%o,%o in %s",
			      conflict ? "content conflict, " : "", base, ma, mb, p->path);
	}
	if (conflict) {
		p->failed = 1;
		return oc_say(c, 1, "ERROR: content conflict in %s", p->path);
	}
	return oc_flat_add(&c->merged, c, p->path, ma, &p->wt.id);
}

/* 1 when the work tree has a file at path (merge-one-file's "test -f"). */
static int wt_has_file(struct oc_ctx *c, const char *path)
{
	const char *wt = sgit_repo_work_tree(c->repo);
	struct sgit_buf p = SGIT_BUF_INIT;
	struct stat st;
	int found = 0;

	if (wt && sgit_buf_printf(&p, "%s/%s", wt, path) == 0)
		found = stat(p.ptr, &st) == 0 && S_ISREG(st.st_mode);
	sgit_buf_release(&p);
	return found;
}

static int eq_id(const struct mt_ver *x, const struct mt_ver *y)
{
	return x->mode && y->mode && sgit_oid_equal(&x->id, &y->id);
}

static int not_handled(struct oc_ctx *c, struct oc_open *p)
{
	char hex[3][SGIT_OID_HEXSZ + 1];
	int i;

	for (i = 0; i < 3; i++) {
		hex[i][0] = '\0';
		if (p->st[i].mode)
			sgit_oid_tohex(hex[i], &p->st[i].id);
	}
	p->failed = 1;
	return oc_say(c, 1, "ERROR: %s: Not handling case %s -> %s -> %s", p->path, hex[0], hex[1],
		      hex[2]);
}

/* One open path, case by case as merge-one-file matches "${1:-.}${2:-.}${3:-.}". */
static int merge_one(struct oc_ctx *c, struct oc_open *p)
{
	const struct mt_ver *o = &p->st[0], *a = &p->st[1], *b = &p->st[2];

	if (o->mode && ((!a->mode && !b->mode) || (!a->mode && eq_id(b, o)) || (eq_id(a, o) && !b->mode))) {
		if ((!a->mode && o->mode != b->mode) || (!b->mode && o->mode != a->mode)) {
			p->failed = 1;
			return oc_say(c, 1, "ERROR: File %s deleted on one branch but had its", p->path) < 0 ||
			       oc_say(c, 1, "ERROR: permissions changed on the other.") < 0 ? SGIT_ENOMEM : 0;
		}
		return a->mode ? oc_say(c, 0, "Removing %s", p->path) : 0;
	}
	if (!o->mode && a->mode && !b->mode)
		return oc_flat_add(&c->merged, c, p->path, a->mode, &a->id);
	if (!o->mode && !a->mode && b->mode) {
		if (oc_say(c, 0, "Adding %s", p->path) < 0)
			return SGIT_ENOMEM;
		if (wt_has_file(c, p->path)) {
			p->failed = 1;
			return oc_say(c, 1, "ERROR: untracked %s is overwritten by the merge.", p->path);
		}
		return oc_flat_add(&c->merged, c, p->path, b->mode, &b->id);
	}
	if (!o->mode && eq_id(a, b)) {
		if (a->mode != b->mode) {
			p->failed = 1;
			return oc_say(c, 1, "ERROR: File %s added identically in both branches,", p->path) < 0 ||
			       oc_say(c, 1, "ERROR: but permissions conflict %o->%o.", a->mode, b->mode) < 0
			       ? SGIT_ENOMEM : 0;
		}
		if (oc_say(c, 0, "Adding %s", p->path) < 0)
			return SGIT_ENOMEM;
		return oc_flat_add(&c->merged, c, p->path, a->mode, &a->id);
	}
	if (a->mode && b->mode)
		return both_changed(c, p);
	return not_handled(c, p);
}

int oc_merge_open(struct oc_ctx *c)
{
	size_t i;
	int rc = 0;

	for (i = 0; i < c->nopen && rc >= 0; i++) {
		rc = merge_one(c, &c->open[i]);
		c->failed |= c->open[i].failed;
	}
	if (rc >= 0 && c->failed)
		rc = oc_say(c, 1, "fatal: merge program failed");
	return rc;
}
