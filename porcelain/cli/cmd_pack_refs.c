/* porcelain/cli/cmd_pack_refs.c: sgit pack-refs: move loose refs into packed-refs */
#include "porcelain/cli/cli.h"

static const char *const pack_refs_usage[] = { "sgit pack-refs [--all] [--no-prune]", NULL };

int cmd_pack_refs(int argc, const char **argv, struct cli_ctx *ctx)
{
	int all = 0, prune = 1;
	unsigned flags = 0;
	const struct cli_option opts[] = {
		CLI_BOOL(0, "all", &all, "pack everything"),
		CLI_BOOL(0, "prune", &prune, "prune loose refs (default)"),
		CLI_END,
	};

	argc = cli_parse_options(argc, argv, opts, pack_refs_usage, 0);
	if (argc)
		cli_usage_with_options(pack_refs_usage, opts, 1);
	/* without --all git packs the tags only (and keeps what is packed already) */
	if (all)
		flags |= SGIT_REFDB_PACK_ALL;
	if (prune)
		flags |= SGIT_REFDB_PACK_PRUNE;
	if (sgit_refdb_pack(sgit_repo_refdb(ctx->repo), flags) < 0)
		return cli_fatal_err(cli_err(ctx));
	return 0;
}
