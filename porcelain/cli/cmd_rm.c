/* porcelain/cli/cmd_rm.c: sgit rm: files out of the work tree and the index */
#include <stdio.h>
#include <string.h>
#include "porcelain/cli/cli.h"
#include "porcelain/cli/index_cmd.h"
#include "porcelain/cli/worktree_cmd.h"
#include "sgit/worktree_ops.h"

static const char *const rm_usage[] = {
	"sgit rm [-f | --force] [-n] [-r] [--cached] [--ignore-unmatch]\n"
	"              [--quiet] [--] [<pathspec>...]",
	NULL,
};

static void print_rm(enum sgit_worktree_event ev, const char *path, const char *dst, void *payload)
{
	(void)ev;
	(void)dst;
	(void)payload;
	printf("rm '%s'\n", path);
}

/* One of git's three refusals: the message, the paths indented, the advice, as one error. */
static void print_refusal(char **paths, size_t n, const char *one, const char *many,
			  const char *advice)
{
	size_t i;

	if (!n)
		return;
	fflush(stdout);
	fprintf(stderr, "error: %s", n == 1 ? one : many);
	for (i = 0; i < n; i++)
		fprintf(stderr, "\n    %s", paths[i]);
	fprintf(stderr, "\n%s\n", advice);
}

static void report_refusals(const struct sgit_rm_result *res)
{
	static const char keep[] = "(use --cached to keep the file, or -f to force removal)";

	print_refusal(res->staged_both, res->nstaged_both,
		      "the following file has staged content different from both the\nfile and the HEAD:",
		      "the following files have staged content different from both the\nfile and the HEAD:",
		      "(use -f to force removal)");
	print_refusal(res->staged, res->nstaged, "the following file has changes staged in the index:",
		      "the following files have changes staged in the index:", keep);
	print_refusal(res->local, res->nlocal, "the following file has local modifications:",
		      "the following files have local modifications:", keep);
}

static int run_rm(struct cli_ctx *ctx, struct sgit_rm_options *ro, const char **argv)
{
	struct sgit_rm_result res = SGIT_RM_RESULT_INIT;
	struct sgit_index *idx = NULL;
	int rc;

	if ((rc = cli_index_open(&idx, ctx, 1)) != 0)
		return rc;
	rc = sgit_worktree_rm(&res, idx, ctx->repo, ro);
	if (rc < 0 && res.unmatched >= 0)
		rc = cli_fatal("pathspec '%s' did not match any files", argv[res.unmatched]);
	else if (rc < 0 && res.not_recursive >= 0)
		rc = cli_fatal("not removing '%s' recursively without -r",
			       *argv[res.not_recursive] ? argv[res.not_recursive] : ".");
	else if (rc == SGIT_ECONFLICT) {
		report_refusals(&res);
		rc = 1;
	} else if (rc < 0)
		rc = cli_fatal_err(cli_err(ctx));
	else if (!ro->dry_run)
		rc = cli_worktree_write_index(ctx, idx);
	sgit_rm_result_release(&res);
	sgit_index_free(idx);
	return rc;
}

int cmd_rm(int argc, const char **argv, struct cli_ctx *ctx)
{
	struct sgit_rm_options ro = SGIT_RM_OPTIONS_INIT;
	int quiet = 0;
	const struct cli_option opts[] = {
		CLI_BOOL('n', "dry-run", &ro.dry_run, "dry run"),
		CLI_BOOL('q', "quiet", &quiet, "do not list removed files"),
		CLI_BOOL(0, "cached", &ro.cached, "only remove from the index"),
		CLI_BOOL('f', "force", &ro.force, "override the up-to-date check"),
		CLI_BOOL('r', NULL, &ro.recursive, "allow recursive removal"),
		CLI_BOOL(0, "ignore-unmatch", &ro.ignore_unmatch, "exit with a zero status even if nothing matched"),
		CLI_END,
	};
	struct sgit_pathspec ps = SGIT_PATHSPEC_INIT;
	int rc;

	argc = cli_parse_options(argc, argv, opts, rm_usage, 0);
	if (!argc)
		return cli_fatal("No pathspec was given. Which files should I remove?");
	if ((rc = cli_worktree_pathspec(&ps, ctx, argv, argc)) == 0) {
		ro.pathspec = &ps;
		ro.notify = quiet ? NULL : print_rm;
		rc = run_rm(ctx, &ro, argv);
	}
	sgit_pathspec_release(&ps);
	return rc;
}
