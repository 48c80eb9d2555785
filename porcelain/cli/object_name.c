/* porcelain/cli/object_name.c: object names on the command line */
#include <string.h>
#include "porcelain/cli/object_name.h"
#include "porcelain/cli/ref_cmd.h"

int cli_resolve_object(struct sgit_oid *out, struct cli_ctx *ctx, const char *name,
		       struct sgit_revparse_info *info)
{
	struct sgit_revparse_env env;

	cli_refcmd_revparse_env(&env, ctx);
	return sgit_revparse_single(out, info, &env, name);
}
