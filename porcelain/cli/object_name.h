/* porcelain/cli/object_name.h: turning what a user typed into an object id */
#ifndef SGIT_CLI_OBJECT_NAME_H
#define SGIT_CLI_OBJECT_NAME_H

#include "porcelain/cli/cli.h"

/*
 * Resolve name to an object id: a full id, or an abbreviation of 4 to 39 hex
 * digits unique among the repository's objects. SGIT_EAMBIGUOUS, or
 * SGIT_ENOTFOUND for anything else. (Ref names and revision syntax arrive
 * with the ref store.) flags is reserved and must be NULL.
 */
int cli_resolve_object(struct sgit_oid *out, struct cli_ctx *ctx, const char *name, const void *flags);

#endif
