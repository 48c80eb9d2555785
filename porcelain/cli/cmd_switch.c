/* porcelain/cli/cmd_switch.c: sgit switch: change branches (or detach HEAD) */
#include <string.h>
#include "porcelain/cli/checkout_cmd.h"
#include "porcelain/cli/ref_cmd.h"

static const char *const switch_usage[] = {
	"sgit switch [<options>] [<branch>]",
	NULL,
};

int cmd_switch(int argc, const char **argv, struct cli_ctx *ctx)
{
	struct cli_switch_opts sw = CLI_SWITCH_OPTS_INIT;
	struct sgit_buf arg = SGIT_BUF_INIT, remote = SGIT_BUF_INIT;
	const char *create = NULL, *force_create = NULL;
	struct sgit_oid id;
	int guess = 1, progress = 0, rc, n;
	const struct cli_option opts[] = {
		CLI_STRING('c', "create", &create, "branch", "create and switch to a new branch"),
		CLI_STRING('C', "force-create", &force_create, "branch",
			   "create/reset and switch to a branch"),
		CLI_BOOL(0, "guess", &guess, "second guess 'git switch <no-such-branch>'"),
		CLI_BOOL(0, "discard-changes", &sw.force, "throw away local modifications"),
		CLI_BOOL('q', "quiet", &sw.quiet, "suppress progress reporting"),
		CLI_BOOL(0, "detach", &sw.detach, "detach HEAD at named commit"),
		CLI_SET_INT('t', "track", &sw.track, "set branch tracking configuration",
			    SGIT_BRANCH_TRACK_ALWAYS),
		CLI_BOOL('f', "force", &sw.force, "force checkout (throw away local modifications)"),
		CLI_STRING(0, "orphan", &sw.orphan, "new-branch", "new unparented branch"),
		CLI_BOOL(0, "progress", &progress, "force progress reporting"),
		CLI_END,
	};

	n = cli_parse_options(argc, argv, opts, switch_usage, 0);
	if (create && force_create)
		return cli_fatal("options '-%c', '-%c', and '%s' cannot be used together", 'c', 'C', "--orphan");
	sw.new_branch = force_create ? force_create : create;
	sw.force_create = force_create != NULL;
	sw.switch_cmd = 1;
	if (n > 1)
		return cli_fatal("only one reference expected, %d given.", n);
	if (!n && !sw.new_branch && !sw.detach && !sw.orphan)
		return cli_fatal("missing branch or commit argument");
	if (n) {
		if (cli_checkout_expand_previous(&arg, ctx, argv[0]) < 0)
			sgit_buf_sets(&arg, argv[0]);
		sw.arg = arg.ptr;
	}
	/* "switch x" with no branch x but one remote-tracking "<remote>/x": a new branch tracking it */
	if (n && guess && !sw.new_branch && !sw.detach && !sw.orphan && cli_refcmd_resolve(&id, ctx, sw.arg) < 0 &&
	    cli_checkout_guess_remote(&remote, ctx, sw.arg)) {
		sw.new_branch = argv[0];
		sw.arg = remote.ptr;
	}
	rc = cli_switch_branches(ctx, &sw);
	sgit_buf_release(&arg);
	sgit_buf_release(&remote);
	return rc;
}
