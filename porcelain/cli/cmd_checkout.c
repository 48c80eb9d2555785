/* porcelain/cli/cmd_checkout.c: sgit checkout: switch branches, or restore files from the index or a tree */
#include <string.h>
#include "porcelain/cli/checkout_cmd.h"
#include "porcelain/cli/ref_cmd.h"

static const char *const checkout_usage[] = {
	"sgit checkout [<options>] <branch>",
	"sgit checkout [<options>] [<branch>] -- <file>...",
	NULL,
};

struct checkout_opts {
	struct cli_switch_opts sw;
	const char *new_branch_b, *new_branch_B;
	int overlay, progress, guess;
};

/* checkout [<tree-ish>] [--] <paths>: from the index, or from a tree into the index too. */
static int checkout_paths(struct cli_ctx *ctx, const struct checkout_opts *co, const char *source,
			  const char *const *args, int n, int count)
{
	struct sgit_checkout_paths_opts po = { NULL, NULL, 0, 0, NULL };
	struct sgit_oid tree;
	char **paths = NULL;
	int rc;

	if (co->sw.new_branch || co->sw.orphan)
		return cli_fatal("'%s' cannot be used with updating paths", co->sw.orphan ? "--orphan" :
				 co->new_branch_B ? "-B" : "-b");
	if (co->sw.detach)
		return cli_fatal("'%s' cannot be used with updating paths", "--detach");
	if (source && (rc = cli_checkout_tree_of(&tree, ctx, source)))
		return rc == 1 ? cli_fatal("invalid reference: %s", source)
			       : cli_fatal("reference is not a tree: %s", source);
	if ((rc = cli_checkout_resolve_paths(&paths, ctx, args, n)))
		return rc;
	po.source = source ? &tree : NULL;
	po.pathspec = (const char *const *)paths;
	po.npathspec = (size_t)n;
	po.flags = SGIT_CHECKOUT_PATHS_WORKTREE | (source ? SGIT_CHECKOUT_PATHS_INDEX : 0) |
		   (co->overlay ? 0 : SGIT_CHECKOUT_PATHS_NO_OVERLAY) |
		   (co->sw.force ? SGIT_CHECKOUT_PATHS_SKIP_UNMERGED : 0);
	rc = cli_checkout_run_paths(ctx, &po, args, co->sw.quiet, count);
	cli_checkout_free_paths(paths, n);
	return rc;
}

/* 1 when arg names an object (a commit, a tree...) as a revision. */
static int names_rev(struct cli_ctx *ctx, const char *arg)
{
	struct sgit_oid id;

	return cli_refcmd_resolve(&id, ctx, arg) == 0;
}

/* A branch argument alone: switch to it, or to a new branch tracking the remote one of that name. */
static int switch_to(struct cli_ctx *ctx, struct checkout_opts *co, const char *arg)
{
	struct sgit_buf remote = SGIT_BUF_INIT;
	int rc;

	co->sw.arg = arg;
	if (!arg || names_rev(ctx, arg) || co->sw.new_branch || co->sw.detach || co->sw.orphan ||
	    !co->guess || !cli_checkout_guess_remote(&remote, ctx, arg))
		return cli_switch_branches(ctx, &co->sw);
	/* git names the start by its full ref in the new branch's log */
	co->sw.new_branch = arg;
	co->sw.arg = remote.ptr;
	rc = cli_switch_branches(ctx, &co->sw);
	sgit_buf_release(&remote);
	return rc;
}

/* git's rules for what the first argument is when no "--" says it (see git-checkout(1)). */
static int dispatch(struct cli_ctx *ctx, struct checkout_opts *co, const char **args, int n)
{
	struct sgit_buf first = SGIT_BUF_INIT, remote = SGIT_BUF_INIT;
	int dashdash = -1, i, rc;

	for (i = 0; i < n && dashdash < 0; i++)
		if (!strcmp(args[i], "--"))
			dashdash = i;
	if (!n)
		return switch_to(ctx, co, NULL);
	if (dashdash == 0)
		return checkout_paths(ctx, co, NULL, args + 1, n - 1, 0);
	if (dashdash > 1)
		return cli_fatal("only one reference expected, %d given.", dashdash);
	if (cli_checkout_expand_previous(&first, ctx, args[0]) < 0)
		sgit_buf_sets(&first, args[0]);
	if (dashdash == 1) {
		rc = n == 2 ? switch_to(ctx, co, first.ptr)
			    : checkout_paths(ctx, co, first.ptr, args + 2, n - 2, 0);
	} else if (n == 1) {
		if (names_rev(ctx, first.ptr) || co->sw.new_branch || co->sw.orphan || co->sw.detach)
			rc = switch_to(ctx, co, first.ptr);
		else if (co->guess && !cli_checkout_is_file(args[0]) && cli_checkout_guess_remote(&remote, ctx, args[0]))
			rc = switch_to(ctx, co, args[0]);
		else
			rc = checkout_paths(ctx, co, NULL, args, 1, 1);
	} else if (names_rev(ctx, first.ptr)) {
		rc = cli_checkout_is_file(args[0]) ? cli_checkout_ambiguous(args[0], "both revision and filename")
						   : checkout_paths(ctx, co, first.ptr, args + 1, n - 1, 1);
	} else {
		rc = checkout_paths(ctx, co, NULL, args, n, 1);
	}
	sgit_buf_release(&first);
	sgit_buf_release(&remote);
	return rc;
}

int cmd_checkout(int argc, const char **argv, struct cli_ctx *ctx)
{
	struct checkout_opts co = { CLI_SWITCH_OPTS_INIT, NULL, NULL, 1, 0, 1 };
	const struct cli_option opts[] = {
		CLI_BOOL('q', "quiet", &co.sw.quiet, "suppress progress reporting"),
		CLI_STRING('b', NULL, &co.new_branch_b, "branch", "create and checkout a new branch"),
		CLI_STRING('B', NULL, &co.new_branch_B, "branch", "create/reset and checkout a branch"),
		CLI_BOOL('l', NULL, &co.sw.create_reflog, "create reflog for new branch"),
		CLI_BOOL(0, "detach", &co.sw.detach, "detach HEAD at named commit"),
		CLI_SET_INT('t', "track", &co.sw.track, "set branch tracking configuration",
			    SGIT_BRANCH_TRACK_ALWAYS),
		CLI_STRING(0, "orphan", &co.sw.orphan, "new-branch", "new unparented branch"),
		CLI_BOOL('f', "force", &co.sw.force, "force checkout (throw away local modifications)"),
		CLI_BOOL(0, "guess", &co.guess, "second guess 'git checkout <no-such-branch>' (default)"),
		CLI_BOOL(0, "overlay", &co.overlay, "use overlay mode (default)"),
		CLI_BOOL(0, "progress", &co.progress, "force progress reporting"),
		CLI_END,
	};
	int n = cli_checkout_parse_options(argc, argv, opts, checkout_usage);

	if (co.new_branch_b && co.new_branch_B)
		return cli_fatal("options '-%c', '-%c', and '%s' cannot be used together", 'b', 'B', "--orphan");
	co.sw.new_branch = co.new_branch_B ? co.new_branch_B : co.new_branch_b;
	co.sw.force_create = co.new_branch_B != NULL;
	return dispatch(ctx, &co, argv, n);
}
