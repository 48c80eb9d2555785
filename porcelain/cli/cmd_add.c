/* porcelain/cli/cmd_add.c: sgit add: file contents into the index */
#include <stdio.h>
#include <string.h>
#include "porcelain/cli/cli.h"
#include "porcelain/cli/index_cmd.h"
#include "porcelain/cli/worktree_cmd.h"
#include "sgit/worktree_ops.h"

static const char *const add_usage[] = {
	"sgit add [<options>] [--] <pathspec>...",
	NULL,
};

struct add_cmd {
	int dry_run, verbose, force, update, all;
};

static void print_event(enum sgit_worktree_event ev, const char *path, const char *dst, void *payload)
{
	(void)dst;
	(void)payload;
	printf(ev == SGIT_WORKTREE_REMOVE ? "remove '%s'\n" : "add '%s'\n", path);
}

static void print_warning(const char *msg, void *payload)
{
	(void)payload;
	cli_warning("%s", msg);
}

static void report_ignored(struct cli_ctx *ctx, const struct sgit_add_result *res)
{
	size_t i;

	fflush(stdout);
	fputs("The following paths are ignored by one of your .gitignore files:\n", stderr);
	for (i = 0; i < res->nignored; i++)
		fprintf(stderr, "%s\n", res->ignored[i]);
	if (cli_advice_enabled(ctx, "addIgnoredFile"))
		cli_advise("Use -f if you really want to add them.\n"
			   "Turn this message off by running\n"
			   "\"sgit config advice.addIgnoredFile false\"");
}

static int run_add(struct cli_ctx *ctx, const struct add_cmd *o, const struct sgit_pathspec *ps,
		   const char **argv)
{
	struct sgit_add_options ao = SGIT_ADD_OPTIONS_INIT;
	struct sgit_add_result res = SGIT_ADD_RESULT_INIT;
	struct sgit_index *idx = NULL;
	int rc;

	if ((rc = cli_index_open(&idx, ctx, 1)) != 0)
		return rc;
	ao.pathspec = ps;
	ao.mode = o->update ? SGIT_ADD_UPDATE : SGIT_ADD_ALL;
	ao.force = o->force;
	ao.dry_run = o->dry_run;
	ao.notify = o->verbose || o->dry_run ? print_event : NULL;
	ao.warn = print_warning;
	rc = sgit_worktree_add(&res, idx, ctx->repo, &ao);
	if (rc < 0 && res.unmatched >= 0) {
		rc = cli_fatal("pathspec '%s' did not match any files", argv[res.unmatched]);
		goto out;
	}
	if (res.nignored)
		report_ignored(ctx, &res);
	if (rc < 0) {
		cli_error("%s", sgit_error_message(cli_err(ctx)));
		rc = cli_fatal("adding files failed");
		goto out;
	}
	rc = res.nignored ? 1 : 0;
	if (!o->dry_run && cli_worktree_write_index(ctx, idx))
		rc = 128;
out:
	sgit_add_result_release(&res);
	sgit_index_free(idx);
	return rc;
}

int cmd_add(int argc, const char **argv, struct cli_ctx *ctx)
{
	struct add_cmd o = { 0, 0, 0, 0, 0 };
	const struct cli_option opts[] = {
		CLI_BOOL('n', "dry-run", &o.dry_run, "dry run"),
		CLI_BOOL('v', "verbose", &o.verbose, "be verbose"),
		CLI_GROUP(""),
		CLI_BOOL('f', "force", &o.force, "allow adding otherwise ignored files"),
		CLI_BOOL('u', "update", &o.update, "update tracked files"),
		CLI_BOOL('A', "all", &o.all, "add changes from all tracked and untracked files"),
		CLI_END,
	};
	struct sgit_pathspec ps = SGIT_PATHSPEC_INIT;
	int rc;

	argc = cli_parse_options(argc, argv, opts, add_usage, 0);
	if (o.all && o.update)
		return cli_fatal("options '-A' and '-u' cannot be used together");
	if (!argc && !o.all && !o.update) {
		fflush(stdout);
		fputs("Nothing specified, nothing added.\n", stderr);
		if (cli_advice_enabled(ctx, "addEmptyPathspec"))
			cli_advise("Maybe you wanted to say 'sgit add .'?\n"
				   "Turn this message off by running\n"
				   "\"sgit config advice.addEmptyPathspec false\"");
		return 0;
	}
	if ((rc = cli_worktree_pathspec(&ps, ctx, argv, argc)) == 0)
		rc = run_add(ctx, &o, &ps, argv);
	sgit_pathspec_release(&ps);
	return rc;
}
