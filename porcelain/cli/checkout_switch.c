/* porcelain/cli/checkout_switch.c: switching branches (checkout <branch>, switch): tree, index, HEAD */
#include <string.h>
#include "porcelain/cli/checkout_cmd.h"
#include "porcelain/cli/index_cmd.h"
#include "porcelain/cli/ref_cmd.h"
#include "porcelain/cli/worktree_cmd.h"

/* Where a switch goes. */
struct target {
	const char *name;		/* as the reflog names it: the argument, the new branch, or "HEAD" */
	struct sgit_buf ref;		/* "refs/heads/x" when switching to a branch */
	int born;			/* commit is set (an orphan branch has none) */
	struct sgit_oid commit, tree;
};

/* switch refuses anything but a branch without --detach, naming what it got. */
static int expecting_branch(struct cli_ctx *ctx, const char *arg, int is_commit)
{
	struct sgit_buf full = SGIT_BUF_INIT;
	struct sgit_oid id;
	int count = 0, rc;

	if (sgit_dwim_ref(&id, &full, &count, sgit_repo_refdb(ctx->repo), arg, strlen(arg)) == 0 && count == 1) {
		if (sgit_buf_starts_with(&full, "refs/tags/"))
			rc = cli_fatal("a branch is expected, got tag '%s'", full.ptr + 10);
		else if (sgit_buf_starts_with(&full, "refs/remotes/"))
			rc = cli_fatal("a branch is expected, got remote branch '%s'", full.ptr + 13);
		else
			rc = cli_fatal("a branch is expected, got '%s'", full.ptr);
	} else if (is_commit) {
		rc = cli_fatal("a branch is expected, got commit '%s'", arg);
	} else {
		rc = cli_fatal("a branch is expected, got '%s'", arg);
	}
	if (cli_advice_enabled(ctx, "suggestDetachingHead"))
		cli_advise("If you want to detach HEAD at the commit, try again with the --detach option.");
	sgit_buf_release(&full);
	return rc;
}

/* The commit arg names (peeled); 1 when it names nothing, 2 when it names a non-commit. */
static int resolve_commit(struct sgit_oid *out, struct cli_ctx *ctx, const char *arg)
{
	struct sgit_revparse_env env;
	struct sgit_oid id;
	enum sgit_object_type type = SGIT_OBJ_NONE;
	size_t size;

	cli_refcmd_revparse_env(&env, ctx);
	if (sgit_revparse_single(&id, NULL, &env, arg) < 0)
		return 1;
	if (sgit_revparse_peel(out, &env, &id, SGIT_OBJ_NONE) < 0)
		*out = id;
	if (sgit_odb_read_header(&size, &type, env.odb, out) < 0 || type != SGIT_OBJ_COMMIT)
		return 2;
	return 0;
}

static int find_target(struct target *t, struct cli_ctx *ctx, const struct cli_switch_opts *o,
		       const struct cli_head *old)
{
	const char *start = o->arg ? o->arg : "HEAD";
	int rc;

	t->name = o->new_branch ? o->new_branch : o->orphan ? o->orphan : start;
	if (!o->arg && !o->orphan) {
		if (!old->born)
			return cli_fatal("You are on a branch yet to be born");
		t->born = 1;
		t->commit = old->commit;
		t->tree = old->tree;
		return 0;
	}
	if (!o->arg)
		return 0;
	/* a branch of that name is taken as the branch, whatever else the name could mean */
	if (!o->detach && !o->new_branch && !o->orphan && sgit_branch_refname(&t->ref, o->arg, NULL) == 0 &&
	    sgit_refdb_resolve(&t->commit, NULL, sgit_repo_refdb(ctx->repo), t->ref.ptr) == 0) {
		t->born = 1;
	} else {
		sgit_buf_reset(&t->ref);
		if ((rc = resolve_commit(&t->commit, ctx, o->arg)) == 1 && (o->new_branch || o->orphan))
			return cli_fatal("'%s' is not a commit and a branch '%s' cannot be created from it", o->arg,
					 t->name);
		if (rc == 1)
			return cli_fatal("invalid reference: %s", o->arg);
		if (rc == 2)
			return cli_fatal("Cannot switch branch to a non-commit '%s'", o->arg);
		t->born = 1;
	}
	if (o->switch_cmd && !o->detach && !o->new_branch && !o->orphan && !t->ref.len)
		return expecting_branch(ctx, o->arg, 1);
	if (cli_commit_tree(&t->tree, ctx, &t->commit) < 0)
		return cli_fatal_err(cli_err(ctx));
	return 0;
}

/* -b, -B, --orphan: the name must be good and, without -B, new. */
static int check_new_branch(struct cli_ctx *ctx, const struct cli_switch_opts *o, struct sgit_buf *ref)
{
	const char *name = o->new_branch ? o->new_branch : o->orphan;
	struct sgit_oid id;

	if (!name)
		return 0;
	if (sgit_branch_refname(ref, name, cli_err(ctx)) < 0)
		return cli_fatal_err(cli_err(ctx));
	if (sgit_refdb_resolve(&id, NULL, sgit_repo_refdb(ctx->repo), ref->ptr) == 0 &&
	    (!o->force_create || o->orphan))
		return cli_fatal("a branch named '%s' already exists", name);
	return 0;
}

/* git skips the tree when -b creates a branch where HEAD already is. */
static int skip_worktree(const struct cli_switch_opts *o, const struct cli_head *old, const struct target *t)
{
	if (!old->born || !t->born || !sgit_oid_equal(&old->commit, &t->commit))
		return 0;
	return !o->force && !o->detach && (o->new_branch || o->orphan);
}

static int merge_worktree(struct cli_ctx *ctx, const struct cli_switch_opts *o, const struct cli_head *old,
			  const struct target *t)
{
	struct sgit_checkout_report rep = SGIT_CHECKOUT_REPORT_INIT;
	struct sgit_index *idx = NULL;
	const struct sgit_oid *to = t->born ? &t->tree : NULL;
	int rc;

	if ((rc = cli_index_open(&idx, ctx, 1)))
		goto out;
	if (!o->force && sgit_index_has_conflicts(idx)) {
		rc = cli_checkout_unmerged_error(idx);
		goto out;
	}
	rc = sgit_checkout_tree(&rep, ctx->repo, idx, old->born ? &old->tree : NULL, to,
				o->force ? SGIT_CHECKOUT_FORCE : SGIT_CHECKOUT_SWITCH);
	if (rc == SGIT_ECONFLICT || (rc == SGIT_EINVALID && rep.invalid.count)) {
		/* git names the paths it refuses, then what stands in the way */
		cli_checkout_print_invalid(&rep, 1);
		cli_checkout_print_rejects(&rep, "checkout");
		rc = 1;
		goto out;
	}
	if (rc < 0) {
		rc = cli_error("%s", sgit_error_message(cli_err(ctx)));
		goto out;
	}
	if ((rc = cli_worktree_write_index(ctx, idx)))
		goto out;
	if (!o->force && !o->quiet)
		rc = cli_checkout_show_local_changes(ctx, idx, to);
out:
	sgit_index_free(idx);
	sgit_checkout_report_release(&rep);
	return rc;
}

/* -B on the branch HEAD is on: git moves it itself, and HEAD's log hears of it even when it stays put. */
static int reset_current(struct cli_ctx *ctx, const struct cli_head *old, const struct target *t,
			 const char *start, const char *who)
{
	struct sgit_refdb *db = sgit_repo_refdb(ctx->repo);
	struct sgit_ref_update u = { 0 };
	struct sgit_buf msg = SGIT_BUF_INIT;
	int rc;

	sgit_buf_printf(&msg, "branch: Reset to %s", start);
	if (old->born && sgit_oid_equal(&old->commit, &t->commit)) {
		rc = sgit_refdb_reflog_append(db, "HEAD", &old->commit, &t->commit, who, msg.ptr);
	} else {
		u.name = old->ref.ptr;
		u.new_oid = &t->commit;
		u.reflog_msg = msg.ptr;
		u.committer = who;
		rc = sgit_refdb_update(db, &u);
	}
	sgit_buf_release(&msg);
	return rc < 0 ? cli_fatal_err(cli_err(ctx)) : 0;
}

static int create_branch(struct cli_ctx *ctx, const struct cli_switch_opts *o, const struct cli_head *old,
			 const struct target *t, const char *ref, const char *who)
{
	struct sgit_branch_create_opts bo = SGIT_BRANCH_CREATE_OPTS_INIT;
	struct sgit_buf upstream = SGIT_BUF_INIT, real = SGIT_BUF_INIT;
	const char *start = o->arg ? o->arg : "HEAD";
	struct sgit_oid dummy;
	int rc = 0;

	if (old->ref.len && !strcmp(old->ref.ptr, ref))
		return reset_current(ctx, old, t, start, who);
	if (sgit_dwim_ref(&dummy, &real, NULL, sgit_repo_refdb(ctx->repo), start, strlen(start)) < 0)
		sgit_buf_reset(&real);
	bo.name = o->new_branch;
	bo.start = &t->commit;
	bo.start_name = start;
	bo.start_ref = real.len ? real.ptr : NULL;
	bo.force = o->force_create;
	bo.track = o->track;
	bo.committer = who;
	bo.create_reflog = o->create_reflog;
	if (sgit_branch_create(&upstream, ctx->repo, &bo) < 0)
		rc = cli_fatal_err(cli_err(ctx));
	else if (upstream.len && !o->quiet)
		printf("branch '%s' set up to track '%s'.\n", o->new_branch, upstream.ptr);
	sgit_buf_release(&upstream);
	sgit_buf_release(&real);
	return rc;
}

static void say_switched(const struct cli_switch_opts *o, const struct cli_head *old, const char *ref,
			 const char *name, int existed)
{
	fflush(stdout);
	if (old->ref.len && !strcmp(old->ref.ptr, ref))
		fprintf(stderr, o->new_branch && o->force_create ? "Reset branch '%s'\n" : "Already on '%s'\n", name);
	else if (o->new_branch || o->orphan)
		fprintf(stderr, existed ? "Switched to and reset branch '%s'\n" : "Switched to a new branch '%s'\n",
			name);
	else
		fprintf(stderr, "Switched to branch '%s'\n", name);
}

static int update_head(struct cli_ctx *ctx, const struct cli_switch_opts *o, const struct cli_head *old,
		       const struct target *t, const char *ref, const char *who)
{
	struct sgit_ref_update u = { 0 };
	struct sgit_buf msg = SGIT_BUF_INIT, line = SGIT_BUF_INIT;
	const char *action = sgit_repo_getenv(ctx->repo, "GIT_REFLOG_ACTION");
	char hex[SGIT_OID_HEXSZ + 1];
	int rc = 0;

	if (action)
		sgit_buf_sets(&msg, action);
	else
		sgit_buf_printf(&msg, "checkout: moving from %s to %s",
				old->name ? old->name : old->born ? sgit_oid_tohex(hex, &old->commit) : "(invalid)",
				t->name);
	u.name = "HEAD";
	u.reflog_msg = msg.ptr;
	u.committer = who;
	if (ref) {
		u.symref_target = ref;
	} else if (!strcmp(t->name, "HEAD") && !o->detach) {
		goto out;		/* "checkout HEAD": nothing to move */
	} else {
		u.new_oid = &t->commit;
		u.no_deref = 1;
	}
	if (sgit_refdb_update(sgit_repo_refdb(ctx->repo), &u) < 0) {
		rc = cli_fatal("unable to update HEAD: %s", sgit_error_message(cli_err(ctx)));
		goto out;
	}
	if (o->quiet || ref)
		goto out;
	if (cli_describe_commit(&line, ctx, &t->commit) == 0) {
		fflush(stdout);
		fprintf(stderr, "HEAD is now at %s\n", line.ptr);
	}
out:
	sgit_buf_release(&msg);
	sgit_buf_release(&line);
	return rc;
}

static int update_refs(struct cli_ctx *ctx, const struct cli_switch_opts *o, const struct cli_head *old,
		       const struct target *t, const char *new_ref, int existed)
{
	struct sgit_buf who = SGIT_BUF_INIT, line = SGIT_BUF_INIT;
	const char *ref = new_ref ? new_ref : t->ref.len ? t->ref.ptr : NULL;
	const char *name = o->new_branch ? o->new_branch : o->orphan ? o->orphan : t->name;
	int rc;

	if (o->detach)
		ref = NULL;
	if ((rc = cli_refcmd_committer(&who, ctx)))
		goto out;
	if (o->new_branch && (rc = create_branch(ctx, o, old, t, new_ref, who.ptr)))
		goto out;
	/* leaving a detached HEAD for another commit: git names the commit left */
	if (!o->quiet && !old->name && old->born && (!t->born || !sgit_oid_equal(&old->commit, &t->commit)) &&
	    cli_describe_commit(&line, ctx, &old->commit) == 0) {
		fflush(stdout);
		fprintf(stderr, "Previous HEAD position was %s\n", line.ptr);
	}
	if ((rc = update_head(ctx, o, old, t, ref, who.ptr)))
		goto out;
	if (ref && !o->quiet)
		say_switched(o, old, ref, name, existed);
	if (!o->quiet && (ref || (!o->detach && !strcmp(t->name, "HEAD") && old->name)))
		cli_checkout_report_tracking(ctx, ref ? name : old->name);
out:
	sgit_buf_release(&who);
	sgit_buf_release(&line);
	return rc;
}

int cli_switch_branches(struct cli_ctx *ctx, const struct cli_switch_opts *o)
{
	struct cli_head old = CLI_HEAD_INIT;
	struct target t = { NULL, SGIT_BUF_INIT, 0, { { 0 } }, { { 0 } } };
	struct sgit_buf new_ref = SGIT_BUF_INIT;
	struct sgit_oid id;
	int rc, existed = 0;

	if ((rc = cli_head_read(&old, ctx)) || (rc = check_new_branch(ctx, o, &new_ref)) ||
	    (rc = find_target(&t, ctx, o, &old)))
		goto out;
	existed = new_ref.len && sgit_refdb_resolve(&id, NULL, sgit_repo_refdb(ctx->repo), new_ref.ptr) == 0;
	if (!skip_worktree(o, &old, &t) && (t.born || o->force) && (rc = merge_worktree(ctx, o, &old, &t)))
		goto out;
	rc = update_refs(ctx, o, &old, &t, new_ref.len ? new_ref.ptr : NULL, existed);
out:
	cli_head_release(&old);
	sgit_buf_release(&t.ref);
	sgit_buf_release(&new_ref);
	return rc;
}
