/* porcelain/cli/object_name.c: object names on the command line */
#include <string.h>
#include "porcelain/cli/object_name.h"

static int all_hex(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (sgit_hex_digit((unsigned char)s[i]) < 0)
			return 0;
	return 1;
}

int cli_resolve_object(struct sgit_oid *out, struct cli_ctx *ctx, const char *name, const void *flags)
{
	size_t len = strlen(name);

	(void)flags;
	if (len == SGIT_OID_HEXSZ && sgit_oid_fromhex(out, name) == 0)
		return 0;
	if (len >= 4 && len < SGIT_OID_HEXSZ && all_hex(name, len))
		return sgit_odb_resolve_prefix(out, sgit_repo_odb(ctx->repo), name, len);
	return SGIT_ENOTFOUND;
}
