/* porcelain/cli/index_cmd.c: the index for commands: opening it, and git's words when that fails */
#include <string.h>
#include "porcelain/cli/index_cmd.h"

/* Reasons git dies with directly, without "index file corrupt" after them. */
static const char *const fatal_alone[] = {
	"index file smaller than expected",
	"unknown index entry format",
	"malformed name field in the index",
	"unordered stage entries",
	"multiple stage entries for merged file",
};

int cli_index_fail(struct cli_ctx *ctx, int rc)
{
	const char *msg = sgit_error_message(cli_err(ctx));
	size_t i;

	if (rc != SGIT_ECORRUPT)
		return cli_fatal("%s", msg);
	for (i = 0; i < sizeof(fatal_alone) / sizeof(fatal_alone[0]); i++)
		if (strstr(msg, fatal_alone[i]))
			return cli_fatal("%s", msg);
	cli_error("%s", msg);
	return cli_fatal("index file corrupt");
}

int cli_index_open(struct sgit_index **out, struct cli_ctx *ctx, int locked)
{
	int rc = locked ? sgit_index_open_locked(out, ctx->repo) : sgit_index_open(out, ctx->repo);

	return rc < 0 ? cli_index_fail(ctx, rc) : 0;
}
