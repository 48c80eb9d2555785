/* porcelain/branches/branch.c: branches: create, delete, rename, and their configuration sections */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "porcelain/branches/branch_int.h"
#include "sgit/branch.h"
#include "sgit/config.h"
#include "sgit/refs.h"
#include "util/fs.h"

int sgit_branch_refname(struct sgit_buf *refname, const char *name, struct sgit_error *err)
{
	if (sgit_buf_printf(refname, "refs/heads/%s", name) < 0)
		return sgit_error_nomem(err);
	if (name[0] == '-' || !strcmp(name, "HEAD") ||
	    !sgit_refname_is_valid(refname->ptr, 0, NULL))
		return sgit_error_set(err, SGIT_EINVALID, "'%s' is not a valid branch name", name);
	return 0;
}

int sgit_branch_current(struct sgit_buf *out, struct sgit_repo *repo)
{
	struct sgit_ref head = SGIT_REF_INIT;
	int rc = sgit_refdb_read(&head, sgit_repo_refdb(repo), "HEAD");

	sgit_buf_reset(out);
	if (rc == SGIT_ENOTFOUND)
		rc = 0;
	else if (rc == 0 && (head.flags & SGIT_REF_SYMBOLIC) &&
		 sgit_buf_starts_with(&head.target, "refs/heads/") &&
		 sgit_buf_set(out, head.target.ptr, head.target.len) < 0)
		rc = sgit_error_nomem(sgit_repo_error(repo));
	sgit_ref_release(&head);
	return rc;
}

const char *sgit_branch_checked_out_at(struct sgit_repo *repo, const char *refname)
{
	struct sgit_buf cur = SGIT_BUF_INIT;
	const char *wt = sgit_repo_work_tree(repo);
	int hit;

	if (!wt || sgit_repo_is_bare(repo))
		return NULL;
	hit = sgit_branch_current(&cur, repo) == 0 && !strcmp(cur.ptr, refname);
	sgit_buf_release(&cur);
	return hit ? wt : NULL;
}

/* ---- configuration sections ---- */

/* Move the section branch.<from> of the repository's config file to branch.<to> (NULL: remove it). */
int sgit_branch__move_section(struct sgit_repo *repo, const char *from, const char *to)
{
	struct sgit_error *err = sgit_repo_error(repo);
	struct sgit_buf path = SGIT_BUF_INIT, a = SGIT_BUF_INIT, b = SGIT_BUF_INIT;
	size_t count = 0;
	int rc;

	if (sgit_fs_join(&path, sgit_repo_common_dir(repo), "config") < 0 ||
	    sgit_buf_printf(&a, "branch.%s", from) < 0 || (to && sgit_buf_printf(&b, "branch.%s", to) < 0)) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	rc = sgit_config_file_rename_section(&count, path.ptr, a.ptr, to ? b.ptr : NULL, err);
out:
	sgit_buf_release(&path);
	sgit_buf_release(&a);
	sgit_buf_release(&b);
	return rc;
}

/* ---- create ---- */

int sgit_branch_create(struct sgit_buf *upstream, struct sgit_repo *repo,
		       const struct sgit_branch_create_opts *opts)
{
	struct sgit_error *err = sgit_repo_error(repo);
	struct sgit_refdb *db = sgit_repo_refdb(repo);
	struct sgit_buf ref = SGIT_BUF_INIT, msg = SGIT_BUF_INIT;
	struct sgit_ref_update u = { NULL, NULL, NULL, NULL, 0, NULL, NULL };
	struct sgit_oid prev;
	const char *wt;
	int rc, exists;

	if (upstream)
		sgit_buf_reset(upstream);
	if ((rc = sgit_branch_refname(&ref, opts->name, err)) < 0)
		goto out;
	rc = sgit_refdb_resolve(&prev, NULL, db, ref.ptr);
	exists = rc == 0;
	if (rc < 0 && rc != SGIT_ENOTFOUND)
		goto out;
	if (exists && !opts->force) {
		rc = sgit_error_set(err, SGIT_EEXISTS, "a branch named '%s' already exists", opts->name);
		goto out;
	}
	if (exists && (wt = sgit_branch_checked_out_at(repo, ref.ptr))) {
		rc = sgit_error_set(err, SGIT_EINVALID,
				    "cannot force update the branch '%s' checked out at '%s'",
				    opts->name, wt);
		goto out;
	}
	if (!exists)
		sgit_oid_clear(&prev);
	if ((rc = sgit_buf_printf(&msg, "branch: %s %s", exists ? "Reset to" : "Created from",
				  opts->start_name)) < 0) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	if (opts->create_reflog && (rc = sgit_refdb_reflog_create(db, ref.ptr)) < 0)
		goto out;
	u.name = ref.ptr;
	u.new_oid = opts->start;
	u.old_oid = &prev;
	u.reflog_msg = msg.ptr;
	u.committer = opts->committer;
	if ((rc = sgit_refdb_update(db, &u)) < 0)
		goto out;
	if (opts->start_ref)
		rc = sgit_branch__setup_tracking(upstream, repo, opts->name, opts->start_ref, opts->track);
out:
	sgit_buf_release(&ref);
	sgit_buf_release(&msg);
	return rc;
}

/* ---- delete ---- */

int sgit_branch_delete(struct sgit_repo *repo, const char *full_name, const struct sgit_oid *was)
{
	int rc = sgit_refdb_delete(sgit_repo_refdb(repo), full_name, was, 1);

	if (rc == 0 && !strncmp(full_name, "refs/heads/", 11))
		rc = sgit_branch__move_section(repo, full_name + 11, NULL);
	return rc;
}

/* ---- rename ---- */

/* Give refs/heads/<from>'s reflog file the new name (the ref store has no rename). */
static int move_reflog(struct sgit_repo *repo, const char *from, const char *to)
{
	struct sgit_error *err = sgit_repo_error(repo);
	struct sgit_buf a = SGIT_BUF_INIT, b = SGIT_BUF_INIT;
	int rc;

	if ((rc = sgit_buf_printf(&a, "%s/logs/%s", sgit_repo_common_dir(repo), from)) < 0 ||
	    (rc = sgit_buf_printf(&b, "%s/logs/%s", sgit_repo_common_dir(repo), to)) < 0) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	if (!sgit_fs_is_file(a.ptr))
		goto out;
	if ((rc = sgit_fs_mkdir_parent(b.ptr, err)) < 0)
		goto out;
	if (rename(a.ptr, b.ptr) < 0)
		rc = sgit_error_set(err, SGIT_EOS, "cannot move the reflog of '%s': %s", from,
				    strerror(errno));
out:
	sgit_buf_release(&a);
	sgit_buf_release(&b);
	return rc;
}

/* The ref and its log, moved; HEAD follows when it pointed at the old name. */
static int rename_ref(struct sgit_repo *repo, const char *from, const char *to,
		      const struct sgit_oid *id, const struct sgit_oid *to_prev, const char *msg,
		      const char *committer)
{
	struct sgit_refdb *db = sgit_repo_refdb(repo);
	struct sgit_ref_update u = { NULL, NULL, NULL, NULL, 0, NULL, NULL };
	int rc;

	if (!sgit_oid_is_zero(to_prev) && (rc = sgit_refdb_delete(db, to, to_prev, 1)) < 0)
		return rc;
	if ((rc = move_reflog(repo, from, to)) < 0 || (rc = sgit_refdb_delete(db, from, id, 1)) < 0)
		return rc;
	u.name = to;
	u.new_oid = id;
	u.reflog_msg = msg;
	u.committer = committer;
	return sgit_refdb_update(db, &u);
}

int sgit_branch_rename(struct sgit_repo *repo, const char *old_name, const char *new_name,
		       int force, const char *committer)
{
	struct sgit_error *err = sgit_repo_error(repo);
	struct sgit_refdb *db = sgit_repo_refdb(repo);
	struct sgit_buf from = SGIT_BUF_INIT, to = SGIT_BUF_INIT, msg = SGIT_BUF_INIT;
	struct sgit_buf head = SGIT_BUF_INIT;
	struct sgit_ref_update u = { NULL, NULL, NULL, NULL, 1, NULL, NULL };
	struct sgit_oid id, to_prev;
	const char *wt;
	int rc, exists, on_head;

	if ((rc = sgit_buf_printf(&from, "refs/heads/%s", old_name)) < 0) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	if ((rc = sgit_branch_current(&head, repo)) < 0)
		goto out;
	on_head = !strcmp(head.ptr, from.ptr);
	rc = sgit_refdb_resolve(&id, NULL, db, from.ptr);
	exists = rc == 0;
	if (rc < 0 && rc != SGIT_ENOTFOUND)
		goto out;
	if (!exists && !on_head) {
		rc = sgit_error_set(err, SGIT_ENOTFOUND, "No branch named '%s'.", old_name);
		goto out;
	}
	if ((rc = sgit_branch_refname(&to, new_name, err)) < 0)
		goto out;
	rc = sgit_refdb_resolve(&to_prev, NULL, db, to.ptr);
	if (rc == 0 && strcmp(from.ptr, to.ptr)) {
		if (!force)
			rc = sgit_error_set(err, SGIT_EEXISTS, "a branch named '%s' already exists", new_name);
		else if ((wt = sgit_branch_checked_out_at(repo, to.ptr)))
			rc = sgit_error_set(err, SGIT_EINVALID,
					    "cannot force update the branch '%s' checked out at '%s'",
					    new_name, wt);
		if (rc < 0)
			goto out;
	}
	if (rc < 0)
		sgit_oid_clear(&to_prev);
	if ((rc = sgit_buf_printf(&msg, "Branch: renamed %s to %s", from.ptr, to.ptr)) < 0) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	/* onto itself: git adds a line to its reflog, which the ref store has no call for */
	if (!strcmp(from.ptr, to.ptr))
		goto out;
	if (exists && (rc = rename_ref(repo, from.ptr, to.ptr, &id, &to_prev, msg.ptr, committer)) < 0)
		goto out;
	if (on_head) {
		u.name = "HEAD";
		u.symref_target = to.ptr;
		u.reflog_msg = msg.ptr;
		u.committer = committer;
		if ((rc = sgit_refdb_update(db, &u)) < 0)
			goto out;
	}
	rc = sgit_branch__move_section(repo, old_name, new_name);
out:
	sgit_buf_release(&from);
	sgit_buf_release(&to);
	sgit_buf_release(&msg);
	sgit_buf_release(&head);
	return rc;
}
