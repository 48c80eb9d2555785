/* porcelain/cli/cmd_help.c: sgit help [<command>] */
#include <stdio.h>
#include <string.h>
#include "porcelain/cli/cli.h"

int cmd_help(int argc, const char **argv, struct cli_ctx *ctx)
{
	size_t i, n;
	const struct cli_command *cmds = cli_commands(&n);

	if (argc >= 2 && strcmp(argv[1], "-a") && strcmp(argv[1], "--all")) {
		/* Each command prints its own usage for -h; that is its help page. */
		for (i = 0; i < n; i++) {
			if (!strcmp(cmds[i].name, argv[1])) {
				const char *sub[] = { argv[1], "-h", NULL };

				return cmds[i].fn(2, sub, ctx);
			}
		}
		return cli_fatal("no help for '%s': not a sgit command", argv[1]);
	}
	printf("usage: sgit [-C <path>] [-c <name>=<value>] [--git-dir=<path>] [--work-tree=<path>]\n"
	       "            [--bare] [-P | --no-pager] [--exec-path] <command> [<args>]\n\n"
	       "These are the sgit commands:\n");
	for (i = 0; i < n; i++)
		printf("   %-14s %s\n", cmds[i].name, cmds[i].summary);
	printf("\nSee 'sgit help <command>' or 'sgit <command> -h' for a command's options.\n");
	return 0;
}
