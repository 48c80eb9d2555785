/* porcelain/cli/cmd_restore.c: sgit restore: files of the work tree and/or the index from a source */
#include <string.h>
#include "porcelain/cli/checkout_cmd.h"

static const char *const restore_usage[] = {
	"sgit restore [<options>] [--source=<branch>] <file>...",
	NULL,
};

int cmd_restore(int argc, const char **argv, struct cli_ctx *ctx)
{
	struct sgit_checkout_paths_opts po = { NULL, NULL, 0, 0, NULL };
	const char *source = NULL;
	struct sgit_oid tree;
	char **paths = NULL;
	int staged = 0, worktree = 0, quiet = 0, overlay = 0, ignore_unmerged = 0, progress = 0, rc, n;
	const struct cli_option opts[] = {
		CLI_STRING('s', "source", &source, "tree-ish", "which tree-ish to checkout from"),
		CLI_BOOL('S', "staged", &staged, "restore the index"),
		CLI_BOOL('W', "worktree", &worktree, "restore the working tree (default)"),
		CLI_BOOL(0, "ignore-unmerged", &ignore_unmerged, "ignore unmerged entries"),
		CLI_BOOL(0, "overlay", &overlay, "use overlay mode"),
		CLI_BOOL('q', "quiet", &quiet, "suppress progress reporting"),
		CLI_BOOL(0, "progress", &progress, "force progress reporting"),
		CLI_END,
	};

	n = cli_parse_options(argc, argv, opts, restore_usage, 0);
	if (!n)
		return cli_fatal("you must specify path(s) to restore");
	if (!staged)
		worktree = 1;
	/* --staged restores from HEAD unless told otherwise; an unborn HEAD is the empty tree */
	if (!source && staged)
		source = "HEAD";
	if (source && (rc = cli_checkout_tree_of(&tree, ctx, source))) {
		if (rc != 1 || strcmp(source, "HEAD"))
			return cli_fatal("could not resolve %s", source);
		sgit_oid_fromhex(&tree, "4b825dc642cb6eb9a060e54bf8d69288fbee4904");
	}
	if ((rc = cli_checkout_resolve_paths(&paths, ctx, argv, n)))
		return rc;
	po.source = source ? &tree : NULL;
	po.pathspec = (const char *const *)paths;
	po.npathspec = (size_t)n;
	po.flags = (staged ? SGIT_CHECKOUT_PATHS_INDEX : 0) | (worktree ? SGIT_CHECKOUT_PATHS_WORKTREE : 0) |
		   (overlay ? 0 : SGIT_CHECKOUT_PATHS_NO_OVERLAY) |
		   (ignore_unmerged ? SGIT_CHECKOUT_PATHS_SKIP_UNMERGED : 0);
	rc = cli_checkout_run_paths(ctx, &po, argv, quiet, 0);
	cli_checkout_free_paths(paths, n);
	return rc;
}
