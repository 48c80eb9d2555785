/* porcelain/cli/cmd_help.c: sgit help [-a] [<command>], and the manual pages behind --help */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "porcelain/cli/cli.h"
#include "porcelain/cli/manpages.h"
#include "porcelain/cli/pager.h"

static const char *const help_usage[] = {
	"sgit help [-a|--all] [--[no-]verbose]",
	"sgit help [[-i|--info] [-m|--man] [-w|--web]] [<command>]",
	NULL,
};

enum help_format { HELP_NONE, HELP_MAN, HELP_INFO, HELP_WEB };

const char *cli_manpage_find(const char *name)
{
	const struct cli_manpage *p;

	for (p = cli_manpages; p->name; p++)
		if (!strcmp(p->name, name))
			return p->text;
	return NULL;
}

static void list_commands(int verbose)
{
	size_t i, n;
	const struct cli_command *cmds = cli_commands(&n);

	printf("usage: sgit [-C <path>] [-c <name>=<value>] [--git-dir=<path>] [--work-tree=<path>]\n"
	       "            [--bare] [-P | --no-pager] [--exec-path] <command> [<args>]\n\n"
	       "These are the sgit commands:\n");
	for (i = 0; i < n; i++) {
		if (verbose)
			printf("   %-14s %s\n", cmds[i].name, cmds[i].summary);
		else
			printf("   %s\n", cmds[i].name);
	}
	printf("\nSee 'sgit help <command>' or 'sgit <command> --help' to read about a command,\n"
	       "and 'sgit <command> -h' for a short list of its options.\n");
}

/* help.format as git spells it; "man" when unset. */
static enum help_format configured_format(struct cli_ctx *ctx)
{
	const char *v = NULL;

	if (ctx->repo)
		sgit_config_get_string(&v, sgit_repo_config(ctx->repo), "help.format");
	if (!v || !strcmp(v, "man"))
		return HELP_MAN;
	if (!strcmp(v, "info"))
		return HELP_INFO;
	if (!strcmp(v, "web") || !strcmp(v, "html"))
		return HELP_WEB;
	cli_warning("unrecognized help format '%s'", v);
	return HELP_MAN;
}

/* 1 when man(1) is there and knows the page (it is installed where man looks). */
static int man_has_page(const char *page)
{
	pid_t pid;
	int status;

	fflush(NULL);
	pid = fork();
	if (pid < 0)
		return 0;
	if (pid == 0) {
		const char *argv[] = { "man", "-w", page, NULL };
		int null = open("/dev/null", O_WRONLY);

		if (null >= 0) {
			dup2(null, 1);
			dup2(null, 2);
		}
		execvp("man", (char *const *)argv);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0)
		return 0;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/*
 * The page of name: through man when it is installed (as git's default
 * viewer does), else the text built into sgit, through the pager.
 */
static int show_page(struct cli_ctx *ctx, const char *name)
{
	const char *text = cli_manpage_find(name);
	char page[256];

	snprintf(page, sizeof(page), strcmp(name, "sgit") ? "sgit-%s" : "%s", name);
	if (man_has_page(page)) {
		const char *argv[] = { "man", page, NULL };

		fflush(NULL);
		execvp("man", (char *const *)argv);
	}
	if (!text) {
		fprintf(stderr, "No manual entry for %s\n", page);
		return 16;	/* man's "no page" status, which git passes on */
	}
	cli_pager_setup(ctx, "help", 1);
	fputs(text, stdout);
	return 0;
}

int cmd_help(int argc, const char **argv, struct cli_ctx *ctx)
{
	int all = 0, verbose = 1, format = HELP_NONE;
	const struct cli_option opts[] = {
		CLI_BOOL('a', "all", &all, "print all available commands"),
		CLI_SET_INT('m', "man", &format, "show man page", HELP_MAN),
		CLI_SET_INT('w', "web", &format, "show manual in web browser", HELP_WEB),
		CLI_SET_INT('i', "info", &format, "show info page", HELP_INFO),
		CLI_BOOL('v', "verbose", &verbose, "print command description"),
		CLI_END,
	};
	const char *name;

	argc = cli_parse_options(argc, argv, opts, help_usage, 0);
	if (all || argc == 0) {
		if (argc > 0)
			cli_usage_error(help_usage, opts, "too many arguments");
		list_commands(verbose);
		return 0;
	}
	if (argc > 1)
		cli_usage_error(help_usage, opts, "too many arguments");
	if (format == HELP_NONE)
		format = configured_format(ctx);
	if (format == HELP_INFO)
		return cli_fatal("no info viewer handled the request");
	if (format == HELP_WEB)
		return cli_fatal("no web browser handled the request: sgit has no HTML pages");
	name = argv[0];
	if (!strcmp(name, "git"))
		name = "sgit";
	return show_page(ctx, name);
}
