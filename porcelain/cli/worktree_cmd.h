/* porcelain/cli/worktree_cmd.h: what add, rm, mv and commit share: path arguments, advice, the index */
#ifndef SGIT_CLI_WORKTREE_CMD_H
#define SGIT_CLI_WORKTREE_CMD_H

#include "porcelain/cli/cli.h"
#include "sgit/index.h"
#include "sgit/pathspec.h"

/*
 * Fill ps (SGIT_PATHSPEC_INIT) with the n path arguments resolved from the
 * current folder (cli_pathspec_path); item i stays args[i] as typed for
 * messages. Returns 0, or after printing git's message 128.
 */
int cli_worktree_pathspec(struct sgit_pathspec *ps, struct cli_ctx *ctx, const char *const *args,
			  int n);

/* advice.<name> (git's default: on). */
int cli_advice_enabled(struct cli_ctx *ctx, const char *name);

/* Print "hint: " before every line of text (LF-separated, no final LF needed) on stderr. */
void cli_advise(const char *text);

/* Write the locked index; "fatal: Unable to write new index file" (128) on failure. */
int cli_worktree_write_index(struct cli_ctx *ctx, struct sgit_index *idx);

#endif
