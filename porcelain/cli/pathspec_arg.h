/* porcelain/cli/pathspec_arg.h: a command-line path as git's pathspec parser resolves it */
#ifndef SGIT_CLI_PATHSPEC_ARG_H
#define SGIT_CLI_PATHSPEC_ARG_H

#include "porcelain/cli/cli.h"

/*
 * Replace out with arg as a path from the top of the work tree: the current
 * folder's prefix applied, "//", "." and ".." resolved (a final '/' kept),
 * an absolute path inside the work tree accepted, ":/" and ":(top)" taking
 * the rest from the top. Other magic is refused as by a command that takes
 * plain paths, and so are an empty arg and a path with a symbolic link among
 * its leading folders. Returns 0, or after printing git's message 128.
 */
int cli_pathspec_path(struct sgit_buf *out, struct cli_ctx *ctx, const char *arg);

#endif
