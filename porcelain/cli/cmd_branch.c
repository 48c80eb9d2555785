/* porcelain/cli/cmd_branch.c: sgit branch: list, create, delete, rename branches */
#include <string.h>
#include "porcelain/cli/cli.h"
#include "porcelain/cli/branch_list.h"
#include "porcelain/cli/ref_cmd.h"
#include "porcelain/branches/refinfo.h"
#include "sgit/branch.h"

static const char *const branch_usage[] = {
	"sgit branch [<options>] [-r | -a]",
	"sgit branch [<options>] [-f] [--track | --no-track] <branch-name> [<start-point>]",
	"sgit branch [<options>] [-l] [<pattern>...]",
	"sgit branch [<options>] [-r] (-d | -D) <branch-name>...",
	"sgit branch [<options>] (-m | -M) [<old-branch>] <new-branch>",
	NULL,
};

/* ---- delete ---- */

/* The commit a branch is checked against before -d: its upstream's, else HEAD's. */
static int branch_merged(struct cli_ctx *ctx, const char *name, int local, const struct sgit_oid *rev,
			 const struct sgit_oid *head)
{
	struct sgit_buf upstream = SGIT_BUF_INIT;
	struct sgit_oid ref_id;
	const struct sgit_oid *reference = head;
	int merged = 0, head_merged = 0;

	if (local && sgit_branch_upstream(&upstream, ctx->repo, name) == 0 && upstream.len &&
	    sgit_refdb_resolve(&ref_id, NULL, sgit_repo_refdb(ctx->repo), upstream.ptr) == 0)
		reference = &ref_id;
	if (reference && sgit_refinfo_is_ancestor(&merged, ctx->repo, rev, reference) < 0)
		merged = 0;
	/* while the rule moves from HEAD to the upstream, git points out where they disagree */
	if (reference != head && !(head && sgit_oid_equal(head, reference))) {
		if (head && sgit_refinfo_is_ancestor(&head_merged, ctx->repo, rev, head) < 0)
			head_merged = 0;
		if (head_merged != merged && merged)
			cli_warning("deleting branch '%s' that has been merged to\n"
				    "         '%s', but not yet merged to HEAD.", name, upstream.ptr);
		else if (head_merged != merged)
			cli_warning("not deleting branch '%s' that is not yet merged to\n"
				    "         '%s', even though it is merged to HEAD.", name, upstream.ptr);
	}
	sgit_buf_release(&upstream);
	return merged;
}

/* Delete one branch; 0, or 1 after git's error message. */
static int delete_one(struct cli_ctx *ctx, const char *name, int remote, int force, int quiet,
		      const struct sgit_oid *head, struct sgit_buf *full)
{
	struct sgit_ref ref = SGIT_REF_INIT;
	char abbrev[SGIT_OID_HEXSZ + 1];
	const char *wt, *was = abbrev;
	int rc = 1;

	sgit_buf_printf(full, "refs/%s/%s", remote ? "remotes" : "heads", name);
	if (!remote && (wt = sgit_branch_checked_out_at(ctx->repo, full->ptr))) {
		cli_error("Cannot delete branch '%s' checked out at '%s'", name, wt);
		goto out;
	}
	if (sgit_refdb_read(&ref, sgit_repo_refdb(ctx->repo), full->ptr) < 0) {
		cli_error("%sbranch '%s' not found.", remote ? "remote-tracking " : "", name);
		goto out;
	}
	if (!(ref.flags & (SGIT_REF_SYMBOLIC | SGIT_REF_BROKEN)) && !force &&
	    !branch_merged(ctx, name, !remote, &ref.oid, head)) {
		cli_error("The branch '%s' is not fully merged.\n"
			  "If you are sure you want to delete it, run 'sgit branch -D %s'.", name, name);
		goto out;
	}
	if (sgit_branch_delete(ctx->repo, full->ptr, (ref.flags & SGIT_REF_SYMBOLIC) ? NULL : &ref.oid) < 0) {
		cli_error("%s", sgit_error_message(cli_err(ctx)));
		goto out;
	}
	if (ref.flags & SGIT_REF_BROKEN)
		was = "broken";
	else if (ref.flags & SGIT_REF_SYMBOLIC)
		was = ref.target.ptr;
	else
		sgit_repo_abbrev(abbrev, ctx->repo, &ref.oid);
	if (!quiet)
		printf("Deleted %sbranch %s (was %s).\n", remote ? "remote-tracking " : "", name, was);
	rc = 0;
out:
	sgit_ref_release(&ref);
	return rc;
}

static int delete_branches(struct cli_ctx *ctx, const char **names, int n, int remote, int force,
			   int quiet)
{
	struct sgit_buf full = SGIT_BUF_INIT;
	struct sgit_oid head_id, *head = NULL;
	int i, rc = 0;

	if (sgit_refdb_resolve(&head_id, NULL, sgit_repo_refdb(ctx->repo), "HEAD") == 0)
		head = &head_id;
	for (i = 0; i < n; i++)
		rc |= delete_one(ctx, names[i], remote, force || remote, quiet, head, &full);
	sgit_buf_release(&full);
	return rc;
}

/* ---- create ---- */

/* The commit start names, with git's messages when it names none. */
static int start_commit(struct sgit_oid *out, struct sgit_buf *real_ref, struct cli_ctx *ctx,
			const char *start)
{
	struct sgit_revparse_env env;
	struct sgit_buf full = SGIT_BUF_INIT;
	struct sgit_oid id, dummy;
	enum sgit_object_type type = SGIT_OBJ_NONE;
	size_t size;
	char hex[SGIT_OID_HEXSZ + 1];
	int count = 0, rc = 0;

	cli_refcmd_revparse_env(&env, ctx);
	if (sgit_revparse_single(&id, NULL, &env, start) < 0)
		return cli_fatal("not a valid object name: '%s'", start);
	if (sgit_dwim_ref(&dummy, &full, &count, env.refdb, start, strlen(start)) == 0 && count > 1) {
		rc = cli_fatal("ambiguous object name: '%s'", start);
		goto out;
	}
	/* the ref name counts for tracking; symbolic refs (HEAD) are followed to it */
	if (count == 1 && sgit_refdb_resolve(&dummy, real_ref, env.refdb, full.ptr) < 0)
		sgit_buf_reset(real_ref);
	if (sgit_revparse_peel(out, &env, &id, SGIT_OBJ_NONE) < 0)
		*out = id;
	if (sgit_odb_read_header(&size, &type, env.odb, out) < 0 || type != SGIT_OBJ_COMMIT) {
		if (type != SGIT_OBJ_COMMIT && sgit_object_type_name(type))
			cli_error("object %s is a %s, not a commit", sgit_oid_tohex(hex, out),
				  sgit_object_type_name(type));
		rc = cli_fatal("not a valid branch point: '%s'", start);
	}
out:
	sgit_buf_release(&full);
	return rc;
}

static int create_branch(struct cli_ctx *ctx, const char *name, const char *start, int force,
			 enum sgit_branch_track track, int quiet, int create_reflog)
{
	struct sgit_branch_create_opts o = SGIT_BRANCH_CREATE_OPTS_INIT;
	struct sgit_buf ref = SGIT_BUF_INIT, real = SGIT_BUF_INIT, who = SGIT_BUF_INIT;
	struct sgit_buf upstream = SGIT_BUF_INIT;
	struct sgit_oid id;
	const char *wt;
	int rc = 0;

	/* git checks the name, and whether it is taken, before the start point */
	if (sgit_branch_refname(&ref, name, cli_err(ctx)) < 0) {
		rc = cli_fatal_err(cli_err(ctx));
		goto out;
	}
	if (sgit_refdb_resolve(&id, NULL, sgit_repo_refdb(ctx->repo), ref.ptr) == 0) {
		if (!force)
			rc = cli_fatal("a branch named '%s' already exists", name);
		else if ((wt = sgit_branch_checked_out_at(ctx->repo, ref.ptr)))
			rc = cli_fatal("cannot force update the branch '%s' checked out at '%s'", name, wt);
		if (rc)
			goto out;
	}
	if ((rc = start_commit(&id, &real, ctx, start)) || (rc = cli_refcmd_committer(&who, ctx)))
		goto out;
	o.name = name;
	o.start = &id;
	o.start_name = start;
	o.start_ref = real.len ? real.ptr : NULL;
	o.force = force;
	o.track = track;
	o.committer = who.ptr;
	o.create_reflog = create_reflog;
	if (sgit_branch_create(&upstream, ctx->repo, &o) < 0) {
		rc = cli_fatal_err(cli_err(ctx));
		goto out;
	}
	if (upstream.len && !quiet)
		printf("branch '%s' set up to track '%s'.\n", name, upstream.ptr);
out:
	sgit_buf_release(&ref);
	sgit_buf_release(&real);
	sgit_buf_release(&who);
	sgit_buf_release(&upstream);
	return rc;
}

/* ---- rename ---- */

static int rename_branch(struct cli_ctx *ctx, const char *head, int detached, const char **argv,
			 int argc, int force)
{
	struct sgit_buf who = SGIT_BUF_INIT, check = SGIT_BUF_INIT;
	const char *from = argc == 2 ? argv[0] : head, *to = argc ? argv[argc - 1] : NULL;
	int rc;

	if (!argc)
		return cli_fatal("branch name required");
	if (argc > 2)
		return cli_fatal("too many arguments for a rename operation");
	if (argc == 1 && detached)
		return cli_fatal("cannot rename the current branch while not on any.");
	if (sgit_branch_refname(&check, from, NULL) < 0) {
		rc = cli_fatal("Invalid branch name: '%s'", from);
		goto out;
	}
	if ((rc = cli_refcmd_committer(&who, ctx)))
		goto out;
	if (sgit_branch_rename(ctx->repo, from, to, force, who.ptr) < 0)
		rc = cli_fatal_err(cli_err(ctx));
out:
	sgit_buf_release(&who);
	sgit_buf_release(&check);
	return rc;
}

/* ---- the command ---- */

struct branch_opts {
	int delete, rename, force, verbose, quiet, list, show_current, ignore_case, create_reflog;
	int kinds;			/* BRANCH_LOCAL | BRANCH_REMOTE */
	int track;
	const char *contains;
	struct cli_strlist sort;
};

int cmd_branch(int argc, const char **argv, struct cli_ctx *ctx)
{
	struct branch_opts o = { 0, 0, 0, 0, 0, 0, 0, 0, 0, BRANCH_LOCAL, SGIT_BRANCH_TRACK_CONFIG,
				 NULL, CLI_STRLIST_INIT };
	struct sgit_buf head = SGIT_BUF_INIT;
	const char *head_name;
	const struct cli_option opts[] = {
		CLI_GROUP("Generic options"),
		CLI_COUNT('v', "verbose", &o.verbose, "show hash and subject, give twice for upstream branch"),
		CLI_BOOL('q', "quiet", &o.quiet, "suppress informational messages"),
		CLI_SET_INT('t', "track", &o.track, "set up tracking mode (see git-pull(1))",
			    SGIT_BRANCH_TRACK_ALWAYS),
		CLI_SET_INT('r', "remotes", &o.kinds, "act on remote-tracking branches", BRANCH_REMOTE),
		CLI_STRING(0, "contains", &o.contains, "commit", "print only branches that contain the commit"),
		CLI_GROUP("Specific sgit-branch actions:"),
		CLI_SET_INT('a', "all", &o.kinds, "list both remote-tracking and local branches",
			    BRANCH_LOCAL | BRANCH_REMOTE),
		CLI_SET_INT('d', "delete", &o.delete, "delete fully merged branch", 1),
		CLI_SET_INT('D', NULL, &o.delete, "delete branch (even if not merged)", 2),
		CLI_SET_INT('m', "move", &o.rename, "move/rename a branch and its reflog", 1),
		CLI_SET_INT('M', NULL, &o.rename, "move/rename a branch, even if target exists", 2),
		CLI_BOOL('l', "list", &o.list, "list branch names"),
		CLI_BOOL(0, "show-current", &o.show_current, "show current branch name"),
		CLI_BOOL(0, "create-reflog", &o.create_reflog, "create the branch's reflog"),
		CLI_BOOL('f', "force", &o.force, "force creation, move/rename, deletion"),
		CLI_STRING_LIST(0, "sort", &o.sort, "key", "field name to sort on"),
		CLI_BOOL('i', "ignore-case", &o.ignore_case, "sorting and filtering are case insensitive"),
		CLI_END,
	};
	int rc = 0, detached;

	argc = cli_parse_options(argc, argv, opts, branch_usage, 0);
	if (o.force) {
		o.delete *= 2;
		o.rename *= 2;
	}
	if (!o.delete && !o.rename && !o.show_current && !argc)
		o.list = 1;
	if (o.verbose || o.contains)
		o.list = 1;
	if (!!o.delete + !!o.rename + !!o.show_current + !!o.list > 1)
		cli_usage_with_options(branch_usage, opts, 1);
	if (o.show_current)
		return branch_show_current(ctx);
	if (sgit_branch_current(&head, ctx->repo) < 0) {
		rc = cli_fatal_err(cli_err(ctx));
		goto out;
	}
	detached = !head.len;
	head_name = detached ? "HEAD" : head.ptr + 11;
	if (o.list) {
		struct branch_list_opts lo = { o.kinds, o.verbose, o.ignore_case, detached,
					       o.sort.items, o.sort.nr, argv, (size_t)argc, o.contains };

		rc = branch_list(ctx, &lo);
	} else if (o.delete) {
		if (o.kinds == (BRANCH_LOCAL | BRANCH_REMOTE))
			rc = cli_fatal("cannot use -a with -d");
		else if (!argc)
			rc = cli_fatal("branch name required");
		else
			rc = delete_branches(ctx, argv, argc, o.kinds == BRANCH_REMOTE, o.delete > 1, o.quiet);
	} else if (o.rename) {
		rc = rename_branch(ctx, head_name, detached, argv, argc, o.rename > 1);
	} else if (argc <= 2) {
		if (o.kinds != BRANCH_LOCAL)
			rc = cli_fatal("The -a, and -r, options to 'sgit branch' do not take a branch name.\n"
				       "Did you mean to use: -a|-r --list <pattern>?");
		else
			rc = create_branch(ctx, argv[0], argc == 2 ? argv[1] : head_name, o.force,
					   (enum sgit_branch_track)o.track, o.quiet, o.create_reflog);
	} else {
		cli_usage_with_options(branch_usage, opts, 1);
	}
out:
	sgit_buf_release(&head);
	cli_strlist_clear(&o.sort);
	return rc;
}
