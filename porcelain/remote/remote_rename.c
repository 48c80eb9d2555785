/* porcelain/remote/remote_rename.c: git remote rename: config section, refspecs, branches, remote-tracking refs */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "porcelain/remote/remote_edit_int.h"
#include "sgit/refs.h"
#include "util/fs.h"

struct renaming {
	struct sgit_repo *repo;
	const char *old_name, *new_name;
	const struct sgit_remote_rename_options *opts;
};

static int rename_section(struct renaming *rn)
{
	struct sgit_error *err = sgit_repo_error(rn->repo);
	struct sgit_buf path = SGIT_BUF_INIT, a = SGIT_BUF_INIT, b = SGIT_BUF_INIT;
	size_t count = 0;
	int rc;

	if (sgit_fs_join(&path, sgit_repo_common_dir(rn->repo), "config") < 0 ||
	    sgit_buf_printf(&a, "remote.%s", rn->old_name) < 0 ||
	    sgit_buf_printf(&b, "remote.%s", rn->new_name) < 0) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	rc = sgit_config_file_rename_section(&count, path.ptr, a.ptr, b.ptr, err);
	if (rc == 0 && count < 1)
		rc = sgit_error_set(err, SGIT_ERROR, "Could not rename config section '%s' to '%s'",
				    a.ptr, b.ptr);
out:
	sgit_buf_release(&path);
	sgit_buf_release(&a);
	sgit_buf_release(&b);
	return rc;
}

/*
 * Every fetch line is written again, in order, with ":refs/remotes/<old>/"
 * made ":refs/remotes/<new>/"; lines without it are kept as they are and
 * reported. *updated says whether any line changed.
 */
static int rewrite_refspecs(int *updated, struct renaming *rn, const struct sgit_remote *r)
{
	struct sgit_buf ctx = SGIT_BUF_INIT, spec = SGIT_BUF_INIT, key = SGIT_BUF_INIT;
	const char *hit;
	size_t i;
	int rc = 0;

	*updated = 0;
	if (!r->fetch.n)
		return 0;
	if (sgit_buf_printf(&ctx, ":refs/remotes/%s/", rn->old_name) < 0 ||
	    sgit_buf_printf(&key, "remote.%s.fetch", rn->new_name) < 0) {
		rc = sgit_error_nomem(sgit_repo_error(rn->repo));
		goto out;
	}
	if ((rc = sgit_remote__editf(rn->repo, SGIT_CONFIG_EDIT_UNSET_ALL, NULL, NULL, "%s", key.ptr)) < 0)
		goto out;
	for (i = 0; rc == 0 && i < r->fetch.n; i++) {
		const char *raw = r->fetch.items[i].string;

		if ((hit = strstr(raw, ctx.ptr))) {
			*updated = 1;
			/* keep ":refs/remotes/", put the new name, keep from the "/" after the old one */
			rc = sgit_buf_printf(&spec, "%.*s%s%s", (int)(hit - raw) + 14, raw, rn->new_name,
					     hit + ctx.len - 1) < 0 ? SGIT_ENOMEM : 0;
		} else {
			if (rn->opts && rn->opts->not_updated)
				rn->opts->not_updated(raw, rn->opts->payload);
			rc = sgit_buf_sets(&spec, raw) < 0 ? SGIT_ENOMEM : 0;
		}
		if (rc < 0)
			rc = sgit_error_nomem(sgit_repo_error(rn->repo));
		else
			rc = sgit_remote__editf(rn->repo, SGIT_CONFIG_EDIT_SET, spec.ptr, "^$", "%s", key.ptr);
	}
out:
	sgit_buf_release(&ctx);
	sgit_buf_release(&spec);
	sgit_buf_release(&key);
	return rc;
}

static int relink_branches(struct renaming *rn)
{
	struct branch_links b;
	size_t i;
	int rc;

	if ((rc = sgit_remote__branch_links(&b, rn->repo)) < 0)
		return rc;
	for (i = 0; rc == 0 && i < b.n; i++) {
		if (b.v[i].remote && !strcmp(b.v[i].remote, rn->old_name) &&
		    (rc = sgit_remote__editf(rn->repo, SGIT_CONFIG_EDIT_SET, rn->new_name, NULL,
					     "branch.%s.remote", b.v[i].name)) < 0)
			break;
		if (b.v[i].push_remote && !strcmp(b.v[i].push_remote, rn->old_name))
			rc = sgit_remote__editf(rn->repo, SGIT_CONFIG_EDIT_SET, rn->new_name, NULL,
						"branch.%s.pushRemote", b.v[i].name);
	}
	sgit_remote__branch_links_release(&b);
	return rc;
}

/* ---- the refs under refs/remotes/<old>/ ---- */

struct tracking_ref {
	char *name;
	char *target;		/* a symbolic ref's target, else NULL */
	struct sgit_oid oid;
};
struct tracking_refs {
	struct tracking_ref *v;
	size_t n;
};

static int collect_ref(const struct sgit_ref *ref, void *payload)
{
	struct tracking_refs *t = payload;
	struct tracking_ref *grown = realloc(t->v, (t->n + 1) * sizeof(*grown)), *e;

	if (!grown)
		return SGIT_ENOMEM;
	t->v = grown;
	e = &t->v[t->n];
	memset(e, 0, sizeof(*e));
	e->oid = ref->oid;
	if (!(e->name = strdup(ref->name.ptr)) ||
	    ((ref->flags & SGIT_REF_SYMBOLIC) && !(e->target = strdup(ref->target.ptr)))) {
		free(e->name);
		free(e->target);
		return SGIT_ENOMEM;
	}
	t->n++;
	return 0;
}

/* out = name with "refs/remotes/<old>/" made "refs/remotes/<new>/" (others unchanged). */
static int renamed(struct sgit_buf *out, const struct renaming *rn, const char *name)
{
	size_t olen = strlen(rn->old_name);

	if (strncmp(name, "refs/remotes/", 13) || strncmp(name + 13, rn->old_name, olen) ||
	    name[13 + olen] != '/')
		return sgit_buf_sets(out, name);
	return sgit_buf_printf(out, "refs/remotes/%s%s", rn->new_name, name + 13 + olen);
}

/* Give name's reflog file the new name (the ref store has no rename). */
static int move_reflog(struct sgit_repo *repo, const char *from, const char *to)
{
	struct sgit_error *err = sgit_repo_error(repo);
	struct sgit_buf a = SGIT_BUF_INIT, b = SGIT_BUF_INIT;
	int rc = 0;

	if (sgit_buf_printf(&a, "%s/logs/%s", sgit_repo_common_dir(repo), from) < 0 ||
	    sgit_buf_printf(&b, "%s/logs/%s", sgit_repo_common_dir(repo), to) < 0) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	if (!sgit_fs_is_file(a.ptr) || (rc = sgit_fs_mkdir_parent(b.ptr, err)) < 0)
		goto out;
	if (rename(a.ptr, b.ptr) < 0)
		rc = sgit_error_set(err, SGIT_EOS, "renaming '%s' failed: %s", from, strerror(errno));
out:
	sgit_buf_release(&a);
	sgit_buf_release(&b);
	return rc;
}

/* Move one ref with its reflog, which gets git's "remote: renamed A to B" entry. */
static int move_ref(struct renaming *rn, const struct tracking_ref *t, const char *to, const char *msg)
{
	struct sgit_refdb *db = sgit_repo_refdb(rn->repo);
	struct sgit_ref_update u = { NULL, NULL, NULL, NULL, 1, NULL, NULL };
	const char *who = rn->opts ? rn->opts->committer : NULL;
	int rc;

	if ((rc = move_reflog(rn->repo, t->name, to)) < 0 ||
	    (rc = sgit_refdb_delete(db, t->name, &t->oid, 1)) < 0)
		return rc;
	u.name = to;
	u.new_oid = &t->oid;
	if ((rc = sgit_refdb_update(db, &u)) < 0 || !who)
		return rc;
	return sgit_refdb_reflog_append(db, to, &t->oid, &t->oid, who, msg);
}

/* Symbolic refs go first, then the others move, then the symbolic ones come back under the new name. */
static int move_refs(struct renaming *rn, const struct tracking_refs *t)
{
	struct sgit_refdb *db = sgit_repo_refdb(rn->repo);
	struct sgit_ref_update u = { NULL, NULL, NULL, NULL, 1, NULL, NULL };
	struct sgit_buf to = SGIT_BUF_INIT, target = SGIT_BUF_INIT, msg = SGIT_BUF_INIT;
	size_t i;
	int rc = 0;

	for (i = 0; rc == 0 && i < t->n; i++)
		if (t->v[i].target)
			rc = sgit_refdb_delete(db, t->v[i].name, NULL, 1);
	for (i = 0; rc == 0 && i < t->n; i++) {
		if (renamed(&to, rn, t->v[i].name) < 0 ||
		    sgit_buf_printf(&msg, "remote: renamed %s to %s", t->v[i].name, to.ptr) < 0)
			rc = sgit_error_nomem(sgit_repo_error(rn->repo));
		else if (!t->v[i].target)
			rc = move_ref(rn, &t->v[i], to.ptr, msg.ptr);
	}
	for (i = 0; rc == 0 && i < t->n; i++) {
		if (!t->v[i].target)
			continue;
		if (renamed(&to, rn, t->v[i].name) < 0 || renamed(&target, rn, t->v[i].target) < 0 ||
		    sgit_buf_printf(&msg, "remote: renamed %s to %s", t->v[i].name, to.ptr) < 0) {
			rc = sgit_error_nomem(sgit_repo_error(rn->repo));
			break;
		}
		u.name = to.ptr;
		u.symref_target = target.ptr;
		u.reflog_msg = rn->opts && rn->opts->committer ? msg.ptr : NULL;
		u.committer = rn->opts ? rn->opts->committer : NULL;
		rc = sgit_refdb_update(db, &u);
	}
	sgit_buf_release(&to);
	sgit_buf_release(&target);
	sgit_buf_release(&msg);
	return rc;
}

static int rename_refs(struct renaming *rn)
{
	struct tracking_refs t = { NULL, 0 };
	struct sgit_buf prefix = SGIT_BUF_INIT;
	size_t i;
	int rc;

	if (sgit_buf_printf(&prefix, "refs/remotes/%s/", rn->old_name) < 0) {
		rc = sgit_error_nomem(sgit_repo_error(rn->repo));
		goto out;
	}
	rc = sgit_refdb_foreach(sgit_repo_refdb(rn->repo), prefix.ptr, collect_ref, &t);
	if (rc == SGIT_ENOMEM)
		rc = sgit_error_nomem(sgit_repo_error(rn->repo));
	if (rc == 0)
		rc = move_refs(rn, &t);
out:
	for (i = 0; i < t.n; i++) {
		free(t.v[i].name);
		free(t.v[i].target);
	}
	free(t.v);
	sgit_buf_release(&prefix);
	return rc;
}

static int check_names(struct renaming *rn, struct sgit_remote **old)
{
	struct sgit_error *err = sgit_repo_error(rn->repo);
	struct sgit_remote *other = NULL;
	int rc = sgit_remote__configured(old, rn->repo, rn->old_name);

	if (rc == SGIT_ENOTFOUND)
		return sgit_error_set(err, rc, "No such remote: '%s'", rn->old_name);
	if (rc < 0)
		return rc;
	rc = sgit_remote__configured(&other, rn->repo, rn->new_name);
	sgit_remote_free(other);
	if (rc == 0)
		return sgit_error_set(err, SGIT_EEXISTS, "remote %s already exists.", rn->new_name);
	if (rc != SGIT_ENOTFOUND)
		return rc;
	if (!sgit_remote_name_is_valid(rn->new_name))
		return sgit_error_set(err, SGIT_EINVALID, "'%s' is not a valid remote name", rn->new_name);
	return 0;
}

int sgit_remote_rename(struct sgit_repo *repo, const char *old_name, const char *new_name,
		       const struct sgit_remote_rename_options *opts)
{
	struct renaming rn = { repo, old_name, new_name, opts };
	struct sgit_remote *old = NULL;
	int rc, updated = 0;

	if ((rc = check_names(&rn, &old)) < 0 || (rc = rename_section(&rn)) < 0 ||
	    (rc = rewrite_refspecs(&updated, &rn, old)) < 0 || (rc = relink_branches(&rn)) < 0)
		goto out;
	/* as git: without a default refspec rewritten, refs and remote.pushDefault stay */
	if (updated && (rc = rename_refs(&rn)) == 0)
		rc = sgit_remote__push_default(repo, old_name, new_name);
out:
	sgit_remote_free(old);
	return rc;
}
