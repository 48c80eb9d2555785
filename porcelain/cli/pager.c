/* porcelain/cli/pager.c: output through the user's pager, and whether to colour it, as git decides */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>
#include "porcelain/cli/pager.h"

/*
 * The one pager of the process: it owns our stdout, which is process-wide
 * by nature, and must be waited for at exit or on a fatal signal, where
 * nothing but a static can reach it.
 */
static pid_t pager_pid = -1;

/* Close our ends so that the pager sees end of file, then wait until the user leaves it. */
static void wait_for_pager(int from_signal)
{
	pid_t pid = pager_pid;
	int status;

	if (pid < 0)
		return;
	if (!from_signal) {
		fflush(stdout);
		fflush(stderr);
	}
	close(1);
	close(2);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	pager_pid = -1;
}

static void wait_at_exit(void)
{
	wait_for_pager(0);
}

static void wait_on_signal(int sig)
{
	wait_for_pager(1);
	signal(sig, SIG_DFL);
	raise(sig);
}

unsigned int cli_term_columns(void)
{
	const char *s = getenv("COLUMNS");
	struct winsize ws;
	int n;

	if (s && *s && (n = atoi(s)) > 0)
		return (unsigned int)n;
	if (!ioctl(1, TIOCGWINSZ, &ws) && ws.ws_col)
		return ws.ws_col;
	return 80;
}

int cli_pager_in_use(void)
{
	const char *v = getenv("GIT_PAGER_IN_USE");
	int b = 0;

	return v && sgit_config_parse_bool(&b, v) == 0 && b;
}

int cli_pager_stdout_is_terminal(void)
{
	return isatty(1) || cli_pager_in_use();
}

/* pager.<cmd>: *use gets 0 or 1 and *program a pager of its own; nothing when unset or bad. */
static void pager_config(struct cli_ctx *ctx, const char *cmd, int *use, const char **program)
{
	const struct sgit_config_entry *e;
	struct sgit_buf key = SGIT_BUF_INIT;
	int b;

	if (!ctx->repo || sgit_buf_printf(&key, "pager.%s", cmd) < 0)
		goto out;
	if (sgit_config_get_entry(&e, sgit_repo_config(ctx->repo), key.ptr) < 0)
		goto out;
	if (sgit_config_parse_bool(&b, e->value) == 0) {
		*use = b;
	} else {
		*use = 1;
		*program = e->value;
	}
out:
	sgit_buf_release(&key);
}

/* A command without shell syntax is run directly, as git runs it; anything else by sh. */
static void exec_pager(const char *program)
{
	if (!program[strcspn(program, "|&;<>()$`\\\"' \t\n*?[#~=%")])
		execlp(program, program, (char *)NULL);
	else
		execl("/bin/sh", "sh", "-c", program, program, (char *)NULL);
}

/*
 * fork and exec; the child reports a failed exec through a close-on-exec
 * pipe, so that we know whether there is a pager to write to. The child
 * must not keep our end of its input open, or it never sees its end.
 */
static pid_t start_pager(const char *program, int pager_in, int our_end)
{
	int report[2];
	pid_t pid;
	char byte;
	ssize_t n;

	if (pipe(report) < 0)
		return -1;
	fcntl(report[1], F_SETFD, FD_CLOEXEC);
	pid = fork();
	if (pid == 0) {
		close(report[0]);
		close(our_end);
		dup2(pager_in, 0);
		close(pager_in);
		setenv("LESS", getenv("LESS") ? getenv("LESS") : "FRX", 1);
		setenv("LV", getenv("LV") ? getenv("LV") : "-c", 1);
		/* what we run knows it writes to a pager; the pager itself is no such thing */
		unsetenv("GIT_PAGER_IN_USE");
		exec_pager(program);
		byte = 1;
		n = write(report[1], &byte, 1);
		(void)n;
		_exit(127);
	}
	close(report[1]);
	if (pid > 0) {
		while ((n = read(report[0], &byte, 1)) < 0 && errno == EINTR)
			;
		if (n > 0) {
			waitpid(pid, NULL, 0);
			pid = -1;
		}
	}
	close(report[0]);
	return pid;
}

void cli_pager_setup(struct cli_ctx *ctx, const char *cmd, int by_default)
{
	const char *program = NULL;
	int use = by_default, fds[2];
	struct winsize ws;
	char cols[32];
	pid_t pid;

	if (ctx->no_pager == 1)
		return;
	if (ctx->paginate)
		use = 1;
	else
		pager_config(ctx, cmd, &use, &program);
	if (!use || !isatty(1) || pager_pid >= 0 || cli_pager_in_use())
		return;
	if (!program)
		program = sgit_program_pager(ctx->repo, NULL, NULL);
	if (!program)
		return;
	/* a width that is only a guess is not passed on */
	if (!ioctl(1, TIOCGWINSZ, &ws) && ws.ws_col) {
		snprintf(cols, sizeof(cols), "%u", (unsigned int)ws.ws_col);
		setenv("COLUMNS", cols, 0);
	}
	fflush(stdout);
	if (pipe(fds) < 0)
		return;
	setenv("GIT_PAGER_IN_USE", "true", 1);
	pid = start_pager(program, fds[0], fds[1]);
	close(fds[0]);
	if (pid < 0) {
		close(fds[1]);
		unsetenv("GIT_PAGER_IN_USE");
		return;
	}
	pager_pid = pid;
	dup2(fds[1], 1);
	if (isatty(2))
		dup2(fds[1], 2);
	close(fds[1]);
	atexit(wait_at_exit);
	signal(SIGINT, wait_on_signal);
	signal(SIGHUP, wait_on_signal);
	signal(SIGTERM, wait_on_signal);
	signal(SIGQUIT, wait_on_signal);
	signal(SIGPIPE, wait_on_signal);
}

int cli_color_parse(int *out, const char *value)
{
	int b;

	if (!value || !strcasecmp(value, "always")) {
		*out = CLI_COLOR_ALWAYS;
	} else if (!strcasecmp(value, "never")) {
		*out = CLI_COLOR_NEVER;
	} else if (!strcasecmp(value, "auto")) {
		*out = CLI_COLOR_AUTO;
	} else if (sgit_config_parse_bool(&b, value) == 0) {
		/* git takes "true" for auto: a colour code in a file is rarely wanted */
		*out = b ? CLI_COLOR_AUTO : CLI_COLOR_NEVER;
	} else {
		return -1;
	}
	return 0;
}

/* The colour setting of key; CLI_COLOR_UNSET when unset or not a colour value. */
static int color_config(struct cli_ctx *ctx, const char *key)
{
	const struct sgit_config_entry *e;
	int v;

	if (!ctx->repo || !key || sgit_config_get_entry(&e, sgit_repo_config(ctx->repo), key) < 0)
		return CLI_COLOR_UNSET;
	/* a bare "color.ui" line means true: auto */
	if (!e->value)
		return CLI_COLOR_AUTO;
	return cli_color_parse(&v, e->value) == 0 ? v : CLI_COLOR_UNSET;
}

static int pager_allows_color(struct cli_ctx *ctx)
{
	int b = 1;

	if (ctx->repo && sgit_config_get_bool(&b, sgit_repo_config(ctx->repo), "color.pager",
					      cli_err(ctx)) < 0) {
		sgit_error_clear(cli_err(ctx));
		b = 1;
	}
	return b;
}

int cli_color_want(struct cli_ctx *ctx, int cmdline, const char *key)
{
	int when = cmdline;
	const char *term;

	if (when == CLI_COLOR_UNSET)
		when = color_config(ctx, key);
	if (when == CLI_COLOR_UNSET)
		when = color_config(ctx, "color.ui");
	if (when == CLI_COLOR_UNSET)
		when = CLI_COLOR_AUTO;
	if (when != CLI_COLOR_AUTO)
		return when == CLI_COLOR_ALWAYS;
	if (!isatty(1) && !(cli_pager_in_use() && pager_allows_color(ctx)))
		return 0;
	term = getenv("TERM");
	return term && strcmp(term, "dumb") != 0;
}
