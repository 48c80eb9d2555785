/* porcelain/cli/cmd_clone.c: sgit clone: a new repository from one on this machine */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "porcelain/cli/cli.h"
#include "porcelain/cli/fetch_cmd.h"
#include "sgit/person.h"

static const char *const clone_usage[] = {
	"sgit clone [<options>] [--] <repo> [<dir>]",
	NULL,
};

struct clone_args {
	int quiet, verbose, bare, no_checkout, local, hardlinks;
	const char *branch, *origin;
};

static void started(const char *dir, int bare, void *payload)
{
	const struct clone_args *a = payload;

	if (a->quiet)
		return;
	if (bare)
		fprintf(stderr, "Cloning into bare repository '%s'...\n", dir);
	else
		fprintf(stderr, "Cloning into '%s'...\n", dir);
}

/* The reflogs' identity, from the environment and the configuration outside any repository. */
static int committer(struct sgit_buf *out, struct cli_ctx *ctx)
{
	struct sgit_person_options po = SGIT_PERSON_OPTIONS_INIT;
	struct sgit_config *cfg = NULL;
	int rc;

	if (sgit_config_load_standard(&cfg, &ctx->repo_opts, NULL, &ctx->err) < 0)
		return cli_fatal_err(&ctx->err);
	po.config = cfg;
	po.now = (int64_t)time(NULL);
	rc = sgit_person_ident(out, NULL, SGIT_PERSON_COMMITTER, &po, &ctx->err) < 0 ? cli_fatal_err(&ctx->err) : 0;
	sgit_config_free(cfg);
	return rc;
}

static void detached_advice(const char *hex)
{
	fprintf(stderr,
		"Note: switching to '%s'.\n\n"
		"You are in 'detached HEAD' state. You can look around, make experimental\n"
		"changes and commit them, and you can discard any commits you make in this\n"
		"state without impacting any branches by switching back to a branch.\n\n"
		"If you want to create a new branch to retain commits you create, you may\n"
		"do so (now or later) by using -c with the switch command. Example:\n\n"
		"  git switch -c <new-branch-name>\n\n"
		"Or undo this operation with:\n\n"
		"  git switch -\n\n"
		"Turn off this advice by setting config variable advice.detachedHead to false\n\n",
		hex);
}

static int report(const struct sgit_clone_result *res, const struct clone_args *a)
{
	fetch_cmd_print_lines("error", &res->errors);
	if (res->empty)
		cli_warning("You appear to have cloned an empty repository.");
	if (res->local_path && !a->quiet)
		fputs("done.\n", stderr);
	if (res->detached && !a->quiet && !a->bare && !a->no_checkout)
		detached_advice(res->detached);
	return 0;
}

/* git keeps a clone whose checkout failed and says how to retry. */
static int checkout_failed(const struct sgit_clone_result *res, const struct clone_args *a,
			   const struct sgit_error *err)
{
	if (res->local_path && !a->quiet)
		fputs("done.\n", stderr);
	/* git's clone stops at the first path it refuses */
	if (res->invalid.count)
		cli_error("invalid path '%s'", res->invalid.paths[0]);
	else
		cli_error("%s", sgit_error_message(err));
	fputs("fatal: unable to checkout working tree\n", stderr);
	cli_warning("Clone succeeded, but checkout failed.\n"
		    "You can inspect what was checked out with 'git status'\n"
		    "and retry with 'git restore --source=HEAD :/'\n");
	return 128;
}

int cmd_clone(int argc, const char **argv, struct cli_ctx *ctx)
{
	struct clone_args a = { 0, 0, 0, 0, -1, 1, NULL, NULL };
	struct sgit_clone_options o = SGIT_CLONE_OPTIONS_INIT;
	struct sgit_clone_result res = SGIT_CLONE_RESULT_INIT;
	struct sgit_buf who = SGIT_BUF_INIT;
	const struct cli_option opts[] = {
		CLI_COUNT('v', "verbose", &a.verbose, "be more verbose"),
		CLI_BOOL('q', "quiet", &a.quiet, "be more quiet"),
		CLI_BOOL('n', "no-checkout", &a.no_checkout, "don't create a checkout"),
		CLI_BOOL(0, "bare", &a.bare, "create a bare repository"),
		CLI_BOOL('l', "local", &a.local, "to clone from a local repository"),
		CLI_BOOL(0, "hardlinks", &a.hardlinks, "don't use local hardlinks, always copy"),
		CLI_STRING('o', "origin", &a.origin, "name", "use <name> instead of 'origin' to track upstream"),
		CLI_STRING('b', "branch", &a.branch, "branch", "checkout <branch> instead of the remote's HEAD"),
		CLI_END,
	};
	int rc;

	argc = cli_parse_options(argc, argv, opts, clone_usage, 0);
	if (argc > 2)
		cli_usage_fatal(clone_usage, opts, "Too many arguments.");
	if (argc == 0)
		cli_usage_fatal(clone_usage, opts, "You must specify a repository to clone.");
	if ((rc = committer(&who, ctx)))
		return rc;
	ctx->repo_opts.config_parameters = ctx->config_params;
	ctx->repo_opts.nconfig_parameters = ctx->nconfig_params;
	o.source = argv[0];
	o.dir = argc > 1 ? argv[1] : NULL;
	o.bare = a.bare;
	o.no_checkout = a.no_checkout;
	o.branch = a.branch;
	o.origin = a.origin;
	o.no_local = a.local == 0;
	o.no_hardlinks = !a.hardlinks;
	o.committer = who.ptr;
	o.repo_opts = &ctx->repo_opts;
	o.started = started;
	o.payload = &a;
	if ((rc = sgit_clone(NULL, &res, &o, &ctx->err)) < 0 && res.checkout_failed)
		rc = checkout_failed(&res, &a, &ctx->err);
	else if (rc < 0)
		rc = fetch_cmd_fail(strncmp(o.source, "file://", 7) ? 0 : rc, &ctx->err);
	else
		rc = report(&res, &a);
	sgit_clone_result_release(&res);
	sgit_buf_release(&who);
	return rc;
}
