/* porcelain/cli/cmd_init.c: sgit init: create an empty repository or reinitialise one */
#include <stdlib.h>
#include <string.h>
#include "porcelain/cli/cli.h"

static const char *const init_usage[] = {
	"sgit init [-q | --quiet] [--bare] [--object-format=<format>]\n"
	"         [-b <branch-name> | --initial-branch=<branch-name>] [<directory>]",
	NULL,
};

static const char default_branch_hint[] =
	"hint: Using 'master' as the name for the initial branch. This default branch name\n"
	"hint: is subject to change. To configure the initial branch name to use in all\n"
	"hint: of your new repositories, which will suppress this warning, call:\n"
	"hint: \n"
	"hint: \tsgit config --global init.defaultBranch <name>\n"
	"hint: \n"
	"hint: Names commonly chosen instead of 'master' are 'main', 'trunk' and\n"
	"hint: 'development'. The just-created branch can be renamed via this command:\n"
	"hint: \n"
	"hint: \tsgit branch -m <name>\n";

int cmd_init(int argc, const char **argv, struct cli_ctx *ctx)
{
	struct sgit_repo_init_options init_opts = SGIT_REPO_INIT_OPTIONS_INIT;
	const char *object_format = NULL, *template_dir = NULL;
	struct sgit_repo *repo = NULL;
	int quiet = 0, reinit = 0, fallback = 0, rc;
	const struct cli_option opts[] = {
		CLI_STRING(0, "template", &template_dir, "template-directory",
			   "directory from which templates will be used"),
		CLI_BOOL(0, "bare", &init_opts.bare, "create a bare repository"),
		CLI_BOOL('q', "quiet", &quiet, "be quiet"),
		CLI_STRING('b', "initial-branch", &init_opts.initial_branch, "name",
			   "override the name of the initial branch"),
		CLI_STRING(0, "object-format", &object_format, "hash", "specify the hash algorithm to use"),
		CLI_END,
	};

	argc = cli_parse_options(argc, argv, opts, init_usage, 0);
	if (argc > 1)
		cli_usage_with_options(init_usage, opts, 1);
	if (object_format && strcmp(object_format, "sha1"))
		return cli_fatal("unknown hash algorithm '%s'", object_format);
	init_opts.bare |= ctx->repo_opts.bare;
	init_opts.template_dir = template_dir;
	init_opts.used_fallback_branch = &fallback;
	ctx->repo_opts.config_parameters = ctx->config_params;
	ctx->repo_opts.nconfig_parameters = ctx->nconfig_params;
	rc = sgit_repo_init(&repo, &reinit, argc ? argv[0] : ".", &init_opts, &ctx->repo_opts, &ctx->err);
	if (rc < 0)
		return cli_fatal_err(&ctx->err);
	if (reinit && init_opts.initial_branch)
		cli_warning("re-init: ignored --initial-branch=%s", init_opts.initial_branch);
	if (!quiet && fallback)
		fputs(default_branch_hint, stderr);
	if (!quiet)
		printf("%s %sGit repository in %s/\n", reinit ? "Reinitialized" : "Initialized",
		       reinit ? "existing " : "empty ", sgit_repo_git_dir(repo));
	sgit_repo_free(repo);
	return 0;
}
