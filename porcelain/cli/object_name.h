/* porcelain/cli/object_name.h: turning what a user typed into an object id */
#ifndef SGIT_CLI_OBJECT_NAME_H
#define SGIT_CLI_OBJECT_NAME_H

#include "porcelain/cli/cli.h"

/*
 * Resolve name with the repository's revision syntax (ids, abbreviations,
 * refs through the DWIM table, ^ ~ :path ...); warnings go to stderr. info
 * (may be NULL) gets how it was named. SGIT_EAMBIGUOUS, SGIT_ENOTFOUND...
 */
int cli_resolve_object(struct sgit_oid *out, struct cli_ctx *ctx, const char *name,
		       struct sgit_revparse_info *info);

#endif
