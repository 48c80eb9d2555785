/* porcelain/cli/editor.h: letting the user edit a message in a file, as git commit and git tag do */
#ifndef SGIT_CLI_EDITOR_H
#define SGIT_CLI_EDITOR_H

#include "porcelain/cli/cli.h"

/* core.commentChar: its one character; '#' otherwise (also for "auto", which the caller resolves). */
char cli_comment_char(struct cli_ctx *ctx);
/* 1 when core.commentChar is "auto" (pick a character the message does not start a line with). */
int cli_comment_char_is_auto(struct cli_ctx *ctx);

/*
 * Run the user's editor (sgit_program_editor) on path and wait for it, in
 * the folder dir (NULL: the current one; git commit runs it at the top).
 * Returns 0, or 1 after git's message ("There was a problem with the
 * editor 'x'." and "Please supply the message using either -m or -F
 * option."). An editor of ":" does nothing.
 */
int cli_run_editor(struct cli_ctx *ctx, const char *path, const char *dir);

/*
 * Write tmpl to "<git dir>/<name>" (TAG_EDITMSG, COMMIT_EDITMSG), run the
 * editor on it and read it back into msg; path gets the file's name,
 * created with mode (git: 0600 for tags, 0666 less the umask for commits).
 * Returns 0, or the exit code after git's message.
 */
int cli_edit_message(struct sgit_buf *msg, struct cli_ctx *ctx, const char *name,
		     const struct sgit_buf *tmpl, unsigned int mode, struct sgit_buf *path);

#endif
