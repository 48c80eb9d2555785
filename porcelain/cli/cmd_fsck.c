/* porcelain/cli/cmd_fsck.c: sgit fsck: check objects and what the refs reach, in git's words */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "porcelain/cli/cli.h"
#include "porcelain/cli/object_name.h"
#include "sgit/fsck.h"

static const char *const fsck_usage[] = { "sgit fsck [<options>] [<object>...]", NULL };

static void say(int is_err, const char *text, void *payload)
{
	FILE *out = is_err ? stderr : stdout;

	fputs(text, out);
	fputc('\n', out);
	/* errors and findings interleave as git's do when both go to one place */
	fflush(out);
}

static unsigned flags_of(int verbose, int unreachable, int dangling, int root, int tags, int cache,
			 int reflogs, int full, int conn, int strict, int lost, int names, int progress)
{
	unsigned fl = 0;

	if (lost) {
		full = 1;	/* git: --lost-found checks everything and ignores the reflogs */
		reflogs = 0;
	}
	fl |= verbose ? SGIT_FSCK_VERBOSE : 0;
	fl |= unreachable ? SGIT_FSCK_UNREACHABLE : 0;
	fl |= dangling ? SGIT_FSCK_DANGLING : 0;
	fl |= root ? SGIT_FSCK_ROOT : 0;
	fl |= tags ? SGIT_FSCK_TAGS : 0;
	fl |= cache ? SGIT_FSCK_CACHE : 0;
	fl |= reflogs ? SGIT_FSCK_REFLOGS : 0;
	fl |= full ? SGIT_FSCK_FULL : 0;
	fl |= conn ? SGIT_FSCK_CONNECTIVITY_ONLY : 0;
	fl |= strict ? SGIT_FSCK_STRICT : 0;
	fl |= lost ? SGIT_FSCK_LOST_FOUND : 0;
	fl |= names ? SGIT_FSCK_NAME_OBJECTS : 0;
	fl |= progress && !verbose ? SGIT_FSCK_PROGRESS : 0;
	return fl;
}

int cmd_fsck(int argc, const char **argv, struct cli_ctx *ctx)
{
	int verbose = 0, unreachable = 0, dangling = 1, root = 0, tags = 0, cache = 0, reflogs = 1;
	int full = 1, conn = 0, strict = 0, lost = 0, names = 0, progress = -1, code = 0, i;
	struct sgit_fsck_run run = { 0 };
	struct sgit_oid *ids = NULL;
	unsigned char *bad = NULL;
	const struct cli_option opts[] = {
		CLI_COUNT('v', "verbose", &verbose, "say what is being checked"),
		CLI_BOOL(0, "unreachable", &unreachable, "list every object nothing reaches"),
		CLI_BOOL(0, "dangling", &dangling, "list objects nothing points to (default)"),
		CLI_BOOL(0, "tags", &tags, "list the tags found"),
		CLI_BOOL(0, "root", &root, "list commits without parents"),
		CLI_BOOL(0, "cache", &cache, "start from the index as well"),
		CLI_BOOL(0, "reflogs", &reflogs, "start from reflog entries as well (default)"),
		CLI_BOOL(0, "full", &full, "check packed objects too (default)"),
		CLI_BOOL(0, "connectivity-only", &conn, "only check that everything reached is there"),
		CLI_BOOL(0, "strict", &strict, "treat warnings as errors, refuse mode 100664"),
		CLI_BOOL(0, "lost-found", &lost, "write dangling objects into .git/lost-found"),
		CLI_BOOL(0, "progress", &progress, "show progress"),
		CLI_BOOL(0, "name-objects", &names, "say how reachable objects are reached"),
		CLI_END,
	};

	argc = cli_parse_options(argc, argv, opts, fsck_usage, 0);
	if (progress < 0)
		progress = isatty(2);
	run.flags = flags_of(verbose, unreachable, dangling, root, tags, cache, reflogs, full, conn,
			     strict, lost, names, progress);
	if (argc > 0) {
		ids = calloc((size_t)argc, sizeof(*ids));
		bad = calloc((size_t)argc, 1);
		if (!ids || !bad)
			return cli_fatal("out of memory");
		for (i = 0; i < argc; i++)
			bad[i] = cli_resolve_object(&ids[i], ctx, argv[i], NULL) < 0;
	}
	run.objects = ids;
	run.object_names = argv;
	run.object_bad = bad;
	run.nobjects = (size_t)argc;
	run.line = say;
	if (sgit_fsck(&code, ctx->repo, &run) < 0)
		code = cli_fatal_err(cli_err(ctx));
	free(ids);
	free(bad);
	return code;
}
