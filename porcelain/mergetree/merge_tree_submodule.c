/*
 * porcelain/mergetree/merge_tree_submodule.c: a submodule moved to two different
 * commits. As git, only the trivial case is merged: when the submodule's
 * repository is there and one side's commit contains the other's, the
 * submodule fast-forwards. Anything else conflicts, with git's reason.
 * (git also looks for an existing merge of both commits to suggest; that
 * search is not done here, and such a case is reported as a plain failure.)
 */
#include <stdlib.h>
#include <string.h>
#include "porcelain/mergetree/merge_tree_int.h"
#include "sgit/merge_base.h"
#include "sgit/object.h"
#include "sgit/repo.h"
#include "util/fs.h"

/* Open the submodule's repository at path (its work tree, else <git dir>/modules/<path>); NULL: none. */
static struct sgit_repo *open_submodule(struct mt_ctx *c, const char *path)
{
	struct sgit_repo_options ro = SGIT_REPO_OPTIONS_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	const char *wt = sgit_repo_work_tree(c->repo);
	struct sgit_buf dir = SGIT_BUF_INIT, dotgit = SGIT_BUF_INIT;
	struct sgit_repo *sub = NULL;

	if (wt && sgit_buf_printf(&dir, "%s/%s", wt, path) == 0 &&
	    sgit_buf_printf(&dotgit, "%s/.git", dir.ptr) == 0 && sgit_fs_exists(dotgit.ptr)) {
		ro.start_dir = dir.ptr;
		ro.git_dir = dotgit.ptr;
		ro.work_tree = dir.ptr;
	} else if (sgit_buf_printf(&dir, "%s/modules/%s", sgit_repo_git_dir(c->repo), path) == 0 &&
		   sgit_fs_is_dir(dir.ptr)) {
		ro.start_dir = dir.ptr;
		ro.git_dir = dir.ptr;
	}
	if (ro.git_dir && sgit_repo_open(&sub, &ro, &err) < 0)
		sub = NULL;
	sgit_buf_release(&dir);
	sgit_buf_release(&dotgit);
	return sub;
}

static int is_commit(struct sgit_repo *sub, const struct mt_ver *v)
{
	enum sgit_object_type type = SGIT_OBJ_NONE;
	size_t size;

	return v->mode && sgit_odb_read_header(&size, &type, sgit_repo_odb(sub), &v->id) == 0 &&
	       type == SGIT_OBJ_COMMIT;
}

static int add_sub(struct mt_ctx *c, const char *path, struct sgit_repo *sub, const struct sgit_oid *id)
{
	char hex[SGIT_OID_HEXSZ + 1];
	struct mt_sub *s;

	if (c->depth)
		return 0;
	if (c->nsubs == c->asubs) {
		size_t na = c->asubs ? 2 * c->asubs : 4;

		if (!(s = realloc(c->subs, na * sizeof(*s))))
			return sgit_error_nomem(c->err);
		c->subs = s;
		c->asubs = na;
	}
	s = &c->subs[c->nsubs];
	memset(s, 0, sizeof(*s));
	if (sub)
		sgit_repo_abbrev(hex, sub, id);
	if (!(s->path = strdup(path)) || (sub && !(s->abbrev = strdup(hex)))) {
		free(s->path);
		return sgit_error_nomem(c->err);
	}
	c->nsubs++;
	return 0;
}

/* Within the submodule: *fast gets the commit to fast-forward to, or stays NULL. */
static int try_fast_forward(const struct mt_ver **fast, const char **why, struct sgit_repo *sub,
			    const struct mt_ver *o, const struct mt_ver *a, const struct mt_ver *b)
{
	struct sgit_merge_base *mb = NULL;
	int rc, oa, ob;

	*fast = NULL;
	*why = NULL;
	if (!is_commit(sub, o) || !is_commit(sub, a) || !is_commit(sub, b)) {
		*why = " (commits not present)";
		return 0;
	}
	if ((rc = sgit_merge_base_new(&mb, sgit_repo_odb(sub), sgit_repo_error(sub))) < 0)
		return rc;
	if ((oa = rc = sgit_merge_base_is_ancestor(mb, &o->id, &a->id)) < 0 ||
	    (ob = rc = sgit_merge_base_is_ancestor(mb, &o->id, &b->id)) < 0)
		goto out;
	if (!oa || !ob)
		*why = " (commits don't follow merge-base)";
	else if ((rc = sgit_merge_base_is_ancestor(mb, &a->id, &b->id)) > 0)
		*fast = b;
	else if (rc == 0 && (rc = sgit_merge_base_is_ancestor(mb, &b->id, &a->id)) > 0)
		*fast = a;
	else if (rc == 0)
		*why = "";
out:
	sgit_merge_base_free(mb);
	return rc < 0 ? rc : 0;
}

int mt_merge_gitlink(struct mt_ver *r, int *clean, struct mt_ctx *c, const char *path,
		     const struct mt_ver *o, const struct mt_ver *a, const struct mt_ver *b, int two_way)
{
	struct sgit_repo *sub = open_submodule(c, path);
	const struct mt_ver *fast = NULL;
	const char *why = " (not checked out)";
	char hex[SGIT_OID_HEXSZ + 1];
	int rc = 0;

	*clean = 0;
	r->id = c->depth ? o->id : a->id;
	if (sub && (rc = try_fast_forward(&fast, &why, sub, two_way ? &(struct mt_ver){ 0, { { 0 } } } : o,
					  a, b)) < 0) {
		/* the message is in the submodule's slot, which goes with it */
		rc = sgit_error_set(c->err, rc, "%s", sgit_error_message(sgit_repo_error(sub)));
		goto out;
	}
	if (fast) {
		*clean = 1;
		r->id = fast->id;
		rc = mt_msg(c, path, "Note: Fast-forwarding submodule %s to %s", path,
			    sgit_oid_tohex(hex, &fast->id));
		goto out;
	}
	if ((rc = mt_msg(c, path, "Failed to merge submodule %s%s", path, why)) < 0)
		goto out;
	/* the advice names a commit to merge only when the submodule's history could be looked at */
	rc = add_sub(c, path, sub && !strstr(why, "not present") ? sub : NULL, &b->id);
	if (c->depth && two_way)
		*r = *o;
out:
	sgit_repo_free(sub);
	return rc;
}
