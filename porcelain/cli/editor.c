/* porcelain/cli/editor.c: letting the user edit a message in a file, as git commit and git tag do */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "porcelain/cli/editor.h"
#include "util/fs.h"
#include "util/process.h"

static const char *comment_setting(struct cli_ctx *ctx)
{
	const char *v = NULL;

	if (sgit_config_get_string(&v, sgit_repo_config(ctx->repo), "core.commentchar") < 0)
		return NULL;
	return v;
}

char cli_comment_char(struct cli_ctx *ctx)
{
	const char *v = comment_setting(ctx);

	return v && v[0] && !v[1] ? v[0] : '#';
}

int cli_comment_char_is_auto(struct cli_ctx *ctx)
{
	const char *v = comment_setting(ctx);

	return v && !strcmp(v, "auto");
}

static int editor_failed(const char *fmt, const char *what)
{
	fflush(stdout);
	fputs("error: ", stderr);
	fprintf(stderr, fmt, what);
	fputs("\nPlease supply the message using either -m or -F option.\n", stderr);
	return 1;
}

int cli_run_editor(struct cli_ctx *ctx, const char *path, const char *dir)
{
	const char *editor = sgit_program_editor(ctx->repo, NULL, NULL);
	const char *args[] = { path, NULL };
	struct sgit_process_opts opts = SGIT_PROCESS_OPTS_INIT;
	struct sgit_process_status status;

	opts.dir = dir;
	if (!editor)
		return editor_failed("%s", "Terminal is dumb, but EDITOR unset");
	if (!strcmp(editor, ":"))
		return 0;
	fflush(stdout);
	if (sgit_process_run_shell(&status, editor, args, &opts, cli_err(ctx)) < 0 || status.code)
		return editor_failed("There was a problem with the editor '%s'.", editor);
	return 0;
}

int cli_edit_message(struct sgit_buf *msg, struct cli_ctx *ctx, const char *name,
		     const struct sgit_buf *tmpl, unsigned int mode, struct sgit_buf *path)
{
	int rc;

	if (sgit_fs_join(path, sgit_repo_git_dir(ctx->repo), name) < 0)
		return cli_fatal("out of memory");
	unlink(path->ptr);
	if (sgit_fs_write_atomic(path->ptr, tmpl->ptr, tmpl->len, (mode_t)mode, cli_err(ctx)) < 0)
		return cli_fatal_err(cli_err(ctx));
	if ((rc = cli_run_editor(ctx, path->ptr, NULL)))
		return rc;
	if (sgit_fs_read_file(msg, path->ptr, cli_err(ctx)) < 0)
		return cli_fatal_err(cli_err(ctx));
	return 0;
}
