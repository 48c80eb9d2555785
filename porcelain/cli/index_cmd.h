/* porcelain/cli/index_cmd.h: the index for commands: opening it, and git's words when that fails */
#ifndef SGIT_CLI_INDEX_CMD_H
#define SGIT_CLI_INDEX_CMD_H

#include "porcelain/cli/cli.h"
#include "sgit/index.h"

/*
 * Open the repository's index (locked: holding "<index>.lock" first, as
 * commands that write it do). Returns 0, or after printing git's message
 * the exit code (128).
 */
int cli_index_open(struct sgit_index **out, struct cli_ctx *ctx, int locked);
/*
 * Print git's message for the failure just recorded in the repository's
 * error slot: a corrupt index is "error: <why>" then "fatal: index file
 * corrupt" (a few reasons git gives alone); anything else "fatal: <why>".
 * Returns 128.
 */
int cli_index_fail(struct cli_ctx *ctx, int rc);

#endif
