/* porcelain/cli/cmd_reset.c: sgit reset: move HEAD, and the index and work tree with it; unstage paths */
#include <string.h>
#include "porcelain/cli/checkout_cmd.h"
#include "porcelain/cli/index_cmd.h"
#include "porcelain/cli/ref_cmd.h"
#include "porcelain/cli/worktree_cmd.h"
#include "sgit/changes.h"

static const char *const reset_usage[] = {
	"sgit reset [--mixed | --soft | --hard] [-q] [<commit>]",
	"sgit reset [-q] [<tree-ish>] [--] <pathspec>...",
	NULL,
};

enum reset_type { RESET_NONE, RESET_MIXED, RESET_SOFT, RESET_HARD };
static const char *const type_names[] = { NULL, "mixed", "soft", "hard" };

#define EMPTY_TREE "4b825dc642cb6eb9a060e54bf8d69288fbee4904"

struct reset {
	struct cli_ctx *ctx;
	enum reset_type type;
	int quiet;
	const char *rev;		/* as typed: "HEAD" by default */
	const char **paths;		/* the path arguments (none: a reset of HEAD) */
	int npaths;
	struct cli_head head;
	struct sgit_oid commit, tree;
};

/* What the revision names: 0, 1 nothing, 2 no object of that kind behind it. */
static int peel_rev(struct sgit_oid *out, struct cli_ctx *ctx, const char *rev, enum sgit_object_type want)
{
	struct sgit_revparse_env env;
	struct sgit_oid id;

	cli_refcmd_revparse_env(&env, ctx);
	if (sgit_revparse_single(&id, NULL, &env, rev) < 0)
		return 1;
	return sgit_revparse_peel(out, &env, &id, want) < 0 ? 2 : 0;
}

/* git reset's reading of its arguments: [<rev>] [--] [<paths>], refusing what could be either. */
static int split_args(struct reset *r, const char **args, int n)
{
	struct sgit_oid id;
	int first_is_rev;

	r->rev = "HEAD";
	if (!n)
		return 0;
	if (!strcmp(args[0], "--")) {
		r->paths = args + 1;
		r->npaths = n - 1;
		return 0;
	}
	if (n >= 2 && !strcmp(args[1], "--")) {
		r->rev = args[0];
		r->paths = args + 2;
		r->npaths = n - 2;
		return 0;
	}
	/* as git, a name that resolves at all is taken as the revision; what it is is checked later */
	first_is_rev = cli_refcmd_resolve(&id, r->ctx, args[0]) == 0;
	if (first_is_rev) {
		if (cli_checkout_is_file(args[0]))
			return cli_checkout_ambiguous(args[0], "both revision and filename");
		r->rev = args[0];
		r->paths = args + 1;
		r->npaths = n - 1;
		return 0;
	}
	if (!cli_checkout_is_file(args[0]))
		return cli_checkout_ambiguous(args[0], "unknown revision or path not in the working tree.");
	r->paths = args;
	r->npaths = n;
	return 0;
}

/* The commit and tree to reset to; an unborn HEAD resets to the empty tree. */
static int find_target(struct reset *r)
{
	char hex[SGIT_OID_HEXSZ + 1];
	int rc;

	if (!strcmp(r->rev, "HEAD") && !r->head.born)
		return sgit_oid_fromhex(&r->tree, EMPTY_TREE) < 0 ? cli_fatal("out of memory") : 0;
	if (r->npaths) {
		if (peel_rev(&r->tree, r->ctx, r->rev, SGIT_OBJ_TREE))
			return cli_fatal("Failed to resolve '%s' as a valid tree.", r->rev);
		return 0;
	}
	if ((rc = peel_rev(&r->commit, r->ctx, r->rev, SGIT_OBJ_COMMIT)) == 2 &&
	    peel_rev(&r->tree, r->ctx, r->rev, SGIT_OBJ_NONE) == 0) {
		enum sgit_object_type type = SGIT_OBJ_NONE;
		size_t size;

		if (sgit_odb_read_header(&size, &type, sgit_repo_odb(r->ctx->repo), &r->tree) == 0 && type != SGIT_OBJ_COMMIT)
			cli_error("object %s is a %s, not a commit", sgit_oid_tohex(hex, &r->tree),
				  sgit_object_type_name(type));
	}
	if (rc)
		return cli_fatal("Could not parse object '%s'.", r->rev);
	if (cli_commit_tree(&r->tree, r->ctx, &r->commit) < 0)
		return cli_fatal_err(cli_err(r->ctx));
	return 0;
}

static int print_unstaged(struct cli_ctx *ctx, struct sgit_index *idx, int quiet)
{
	struct sgit_changes wt = SGIT_CHANGES_INIT;
	size_t i;

	if (sgit_changes_index_worktree(&wt, NULL, idx, NULL, SGIT_CHANGES_REFRESH) < 0)
		return cli_fatal_err(cli_err(ctx));
	for (i = 0; i < wt.nr && !quiet; i++) {
		if (!i)
			printf("Unstaged changes after reset:\n");
		printf("%c\t%s\n", wt.items[i].status, wt.items[i].path);
	}
	sgit_changes_release(&wt);
	return 0;
}

/* The index (and for --hard the work tree) moved to the target, or its paths. */
static int reset_index(struct reset *r)
{
	struct sgit_checkout_report rep = SGIT_CHECKOUT_REPORT_INIT;
	struct sgit_checkout_paths_opts po = { NULL, NULL, 0, 0, NULL };
	struct sgit_index *idx = NULL;
	char **paths = NULL;
	int rc;

	if ((rc = cli_index_open(&idx, r->ctx, 1)))
		goto out;
	if (r->npaths) {
		if ((rc = cli_checkout_resolve_paths(&paths, r->ctx, r->paths, r->npaths)))
			goto out;
		po.source = &r->tree;
		po.pathspec = (const char *const *)paths;
		po.npathspec = (size_t)r->npaths;
		po.flags = SGIT_CHECKOUT_PATHS_INDEX | SGIT_CHECKOUT_PATHS_NO_OVERLAY;
		rc = sgit_checkout_paths(&rep, r->ctx->repo, idx, &po);
	} else {
		rc = sgit_checkout_tree(&rep, r->ctx->repo, idx, NULL, &r->tree,
					r->type == RESET_HARD ? SGIT_CHECKOUT_FORCE : SGIT_CHECKOUT_INDEX_ONLY);
	}
	/* git's reset stops at the first path it refuses; with paths it names them all */
	cli_checkout_print_invalid(&rep, r->npaths > 0);
	if (rc < 0) {
		if (!rep.invalid.count)
			cli_error("%s", sgit_error_message(cli_err(r->ctx)));
		rc = cli_fatal("Could not reset index file to revision '%s'.", r->rev);
		goto out;
	}
	if (r->type == RESET_MIXED && (rc = print_unstaged(r->ctx, idx, r->quiet)))
		goto out;
	rc = cli_worktree_write_index(r->ctx, idx);
out:
	cli_checkout_free_paths(paths, r->npaths);
	sgit_checkout_report_release(&rep);
	sgit_index_free(idx);
	return rc;
}

/* ORIG_HEAD gets the old HEAD; HEAD (through its branch) the target, logged as git logs it. */
static int move_head(struct reset *r)
{
	struct sgit_refdb *db = sgit_repo_refdb(r->ctx->repo);
	struct sgit_ref_update orig = { 0 }, head = { 0 };
	struct sgit_buf who = SGIT_BUF_INIT, msg = SGIT_BUF_INIT;
	const char *action = sgit_repo_getenv(r->ctx->repo, "GIT_REFLOG_ACTION");
	int rc;

	if ((rc = cli_refcmd_committer(&who, r->ctx)))
		goto out;
	if (action)
		sgit_buf_printf(&msg, "%s: updating HEAD", action);
	else
		sgit_buf_printf(&msg, "reset: moving to %s", r->rev);
	orig.name = "ORIG_HEAD";
	orig.new_oid = &r->head.commit;
	orig.reflog_msg = "updating ORIG_HEAD";
	orig.committer = who.ptr;
	head.name = "HEAD";
	head.new_oid = &r->commit;
	head.reflog_msg = msg.ptr;
	head.committer = who.ptr;
	if (r->head.born && sgit_refdb_update(db, &orig) < 0)
		cli_error("%s", sgit_error_message(cli_err(r->ctx)));
	/* a branch that stays put is not logged, but HEAD above it is */
	if (r->head.born && sgit_oid_equal(&r->head.commit, &r->commit))
		rc = r->head.ref.len ? sgit_refdb_reflog_append(db, "HEAD", &r->commit, &r->commit, who.ptr, msg.ptr)
				     : 0;
	else
		rc = sgit_refdb_update(db, &head);
	if (rc < 0)
		rc = cli_fatal_err(cli_err(r->ctx));
out:
	sgit_buf_release(&who);
	sgit_buf_release(&msg);
	return rc;
}

static int check_type(struct reset *r)
{
	struct sgit_ref ref = SGIT_REF_INIT;
	struct sgit_index *idx = NULL;
	int merging, rc = 0;

	if (r->npaths && (r->type == RESET_SOFT || r->type == RESET_HARD))
		return cli_fatal("Cannot do %s reset with paths.", type_names[r->type]);
	if (r->npaths && r->type == RESET_MIXED)
		cli_warning("--mixed with paths is deprecated; use 'git reset -- <paths>' instead.");
	if (r->type == RESET_NONE)
		r->type = RESET_MIXED;
	if (r->type != RESET_SOFT && !sgit_repo_work_tree(r->ctx->repo))
		return cli_fatal("%s reset is not allowed in a bare repository", type_names[r->type]);
	if (r->type != RESET_SOFT)
		return 0;
	merging = sgit_refdb_read(&ref, sgit_repo_refdb(r->ctx->repo), "MERGE_HEAD") == 0;
	if (!merging && (rc = cli_index_open(&idx, r->ctx, 0)) == 0)
		merging = sgit_index_has_conflicts(idx);
	if (!rc && merging)
		rc = cli_fatal("Cannot do a soft reset in the middle of a merge.");
	sgit_index_free(idx);
	sgit_ref_release(&ref);
	return rc;
}

int cmd_reset(int argc, const char **argv, struct cli_ctx *ctx)
{
	struct reset r = { ctx, RESET_NONE, 0, NULL, NULL, 0, CLI_HEAD_INIT, { { 0 } }, { { 0 } } };
	struct sgit_buf line = SGIT_BUF_INIT;
	int type = RESET_NONE, rc, n;
	const struct cli_option opts[] = {
		CLI_BOOL('q', "quiet", &r.quiet, "be quiet, only report errors"),
		CLI_SET_INT(0, "mixed", &type, "reset HEAD and index", RESET_MIXED),
		CLI_SET_INT(0, "soft", &type, "reset only HEAD", RESET_SOFT),
		CLI_SET_INT(0, "hard", &type, "reset HEAD, index and working tree", RESET_HARD),
		CLI_END,
	};

	n = cli_checkout_parse_options(argc, argv, opts, reset_usage);
	r.type = (enum reset_type)type;
	if ((rc = cli_head_read(&r.head, ctx)) || (rc = split_args(&r, argv, n)) || (rc = check_type(&r)) ||
	    (rc = find_target(&r)))
		goto out;
	if (r.type != RESET_SOFT && (rc = reset_index(&r)))
		goto out;
	if (!r.npaths && (strcmp(r.rev, "HEAD") || r.head.born)) {
		if ((rc = move_head(&r)))
			goto out;
		if (r.type == RESET_HARD && !r.quiet && cli_describe_commit(&line, ctx, &r.commit) == 0)
			printf("HEAD is now at %s\n", line.ptr);
	}
	if (!r.npaths && sgit_checkout_clear_branch_state(ctx->repo) < 0)
		rc = cli_fatal_err(cli_err(ctx));
out:
	sgit_buf_release(&line);
	cli_head_release(&r.head);
	return rc;
}
