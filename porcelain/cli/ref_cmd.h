/* porcelain/cli/ref_cmd.h: what the ref plumbing commands (update-ref, symbolic-ref...) share */
#ifndef SGIT_CLI_REF_CMD_H
#define SGIT_CLI_REF_CMD_H

#include "porcelain/cli/cli.h"

/*
 * Replace out with the committer line a reflog entry gets: "Name <email>
 * <time> <tz>", the current time unless GIT_COMMITTER_DATE says otherwise.
 * Like git, a guessed identity is fine here. Prints git's message and
 * returns 128 on failure.
 */
int cli_refcmd_committer(struct sgit_buf *out, struct cli_ctx *ctx);

/* The revision parser's view of the repository; its warnings go to stderr. */
void cli_refcmd_revparse_env(struct sgit_revparse_env *env, struct cli_ctx *ctx);

/* Resolve a revision (update-ref's <new> and <old> values). < 0 when it names nothing. */
int cli_refcmd_resolve(struct sgit_oid *out, struct cli_ctx *ctx, const char *spec);

#endif
