/* porcelain/cli/editor.c: letting the user edit a message in a file, as git commit and git tag do */
#include <signal.h>
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

/* Interrupts are the editor's: the handler does nothing, and exec gives the editor the default. */
static void ignore_signal(int sig)
{
	(void)sig;
}

int cli_run_editor(struct cli_ctx *ctx, const char *path, const char *dir)
{
	const char *editor = sgit_program_editor(ctx->repo, NULL, NULL);
	const char *args[] = { path, NULL };
	struct sgit_process_opts opts = SGIT_PROCESS_OPTS_INIT;
	struct sgit_process_status status;
	struct sigaction quiet, old_int, old_quit;
	int rc;

	opts.dir = dir;
	if (!editor)
		return editor_failed("%s", "Terminal is dumb, but EDITOR unset");
	if (!strcmp(editor, ":"))
		return 0;
	fflush(stdout);
	/* ^C in the editor ends the editor; we then fail normally, our locks released */
	memset(&quiet, 0, sizeof(quiet));
	quiet.sa_handler = ignore_signal;
	quiet.sa_flags = SA_RESTART;
	sigemptyset(&quiet.sa_mask);
	sigaction(SIGINT, &quiet, &old_int);
	sigaction(SIGQUIT, &quiet, &old_quit);
	rc = sgit_process_run_shell(&status, editor, args, &opts, cli_err(ctx));
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGQUIT, &old_quit, NULL);
	if (rc < 0 || status.code)
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
