/* porcelain/cli/main.c: global options, the command table, and repository setup */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "porcelain/cli/cli.h"

/* Sorted by name; setup flags say what main() prepares before calling. */
static const struct cli_command commands[] = {
	{ "add", cmd_add, CLI_NEEDS_REPO | CLI_NEEDS_WORK_TREE, "Add file contents to the index" },
	{ "branch", cmd_branch, CLI_NEEDS_REPO, "List, create, or delete branches" },
	{ "cat-file", cmd_cat_file, CLI_NEEDS_REPO, "Provide contents or details of repository objects" },
	{ "check-ignore", cmd_check_ignore, CLI_NEEDS_REPO | CLI_NEEDS_WORK_TREE, "Debug gitignore / exclude files" },
	{ "check-ref-format", cmd_check_ref_format, CLI_NO_SETUP, "Ensures that a reference name is well formed" },
	{ "checkout", cmd_checkout, CLI_NEEDS_REPO | CLI_NEEDS_WORK_TREE, "Switch branches or restore working tree files" },
	{ "clone", cmd_clone, CLI_NO_SETUP, "Clone a repository into a new directory" },
	{ "commit", cmd_commit, CLI_NEEDS_REPO | CLI_NEEDS_WORK_TREE, "Record changes to the repository" },
	{ "commit-tree", cmd_commit_tree, CLI_NEEDS_REPO, "Create a new commit object" },
	{ "config", cmd_config, CLI_OPTIONAL_REPO, "Get and set repository or global options" },
	{ "diff", cmd_diff, CLI_NEEDS_REPO, "Show changes between commits, commit and working tree, etc" },
	{ "fetch", cmd_fetch, CLI_NEEDS_REPO, "Download objects and refs from another repository" },
	{ "fsck", cmd_fsck, CLI_NEEDS_REPO, "Verifies the connectivity and validity of the objects in the database" },
	{ "fmt-merge-msg", cmd_fmt_merge_msg, CLI_NEEDS_REPO, "Produce a merge commit message" },
	{ "for-each-ref", cmd_for_each_ref, CLI_NEEDS_REPO, "Output information on each ref" },
	{ "hash-object", cmd_hash_object, CLI_OPTIONAL_REPO, "Compute object ID and optionally create an object from a file" },
	{ "help", cmd_help, CLI_OPTIONAL_REPO, "Display help information about sgit" },
	{ "init", cmd_init, CLI_NO_SETUP, "Create an empty Git repository or reinitialize an existing one" },
	{ "log", cmd_log, CLI_NEEDS_REPO, "Show commit logs" },
	{ "ls-files", cmd_ls_files, CLI_NEEDS_REPO, "Show information about files in the index and the working tree" },
	{ "merge", cmd_merge, CLI_NEEDS_REPO | CLI_NEEDS_WORK_TREE, "Join two or more development histories together" },
	{ "merge-base", cmd_merge_base, CLI_NEEDS_REPO, "Find as good common ancestors as possible for a merge" },
	{ "mv", cmd_mv, CLI_NEEDS_REPO | CLI_NEEDS_WORK_TREE, "Move or rename a file, a directory, or a symlink" },
	{ "pack-objects", cmd_pack_objects, CLI_NEEDS_REPO, "Create a packed archive of objects" },
	{ "pack-refs", cmd_pack_refs, CLI_NEEDS_REPO, "Pack heads and tags for efficient repository access" },
	{ "pull", cmd_pull, CLI_NEEDS_REPO | CLI_NEEDS_WORK_TREE, "Fetch from and integrate with another repository or a local branch" },
	{ "read-tree", cmd_read_tree, CLI_NEEDS_REPO, "Reads tree information into the index" },
	{ "remote", cmd_remote, CLI_NEEDS_REPO, "Manage set of tracked repositories" },
	{ "reset", cmd_reset, CLI_NEEDS_REPO, "Reset current HEAD to the specified state" },
	{ "restore", cmd_restore, CLI_NEEDS_REPO | CLI_NEEDS_WORK_TREE, "Restore working tree files" },
	{ "rev-list", cmd_rev_list, CLI_NEEDS_REPO, "Lists commit objects in reverse chronological order" },
	{ "rev-parse", cmd_rev_parse, CLI_NEEDS_REPO, "Pick out and massage parameters" },
	{ "rm", cmd_rm, CLI_NEEDS_REPO | CLI_NEEDS_WORK_TREE, "Remove files from the working tree and from the index" },
	{ "show", cmd_show, CLI_NEEDS_REPO, "Show various types of objects" },
	{ "show-ref", cmd_show_ref, CLI_NEEDS_REPO, "List references in a local repository" },
	{ "status", cmd_status, CLI_NEEDS_REPO | CLI_NEEDS_WORK_TREE, "Show the working tree status" },
	{ "switch", cmd_switch, CLI_NEEDS_REPO | CLI_NEEDS_WORK_TREE, "Switch branches" },
	{ "symbolic-ref", cmd_symbolic_ref, CLI_NEEDS_REPO, "Read, modify and delete symbolic refs" },
	{ "tag", cmd_tag, CLI_NEEDS_REPO, "Create, list, delete or verify a tag object" },
	{ "update-ref", cmd_update_ref, CLI_NEEDS_REPO, "Update the object name stored in a ref safely" },
	{ "var", cmd_var, CLI_OPTIONAL_REPO, "Show a Git logical variable" },
	{ "verify-commit", cmd_verify_commit, CLI_NEEDS_REPO, "Check the GPG signature of commits" },
	{ "verify-tag", cmd_verify_tag, CLI_NEEDS_REPO, "Check the GPG signature of tags" },
	{ "version", cmd_version, CLI_NO_SETUP, "Display version information about sgit" },
	{ "write-tree", cmd_write_tree, CLI_NEEDS_REPO, "Create a tree object from the current index" },
};

static const char *const main_usage[] = {
	"sgit [-v | --version] [-h | --help] [-C <path>] [-c <name>=<value>]\n"
	"           [--exec-path] [-P | --no-pager] [--bare]\n"
	"           [--git-dir=<path>] [--work-tree=<path>]\n"
	"           <command> [<args>]",
	NULL,
};

const struct cli_command *cli_commands(size_t *n)
{
	*n = sizeof(commands) / sizeof(commands[0]);
	return commands;
}

static void vreport(const char *prefix, const char *fmt, va_list ap)
{
	fflush(stdout);
	fputs(prefix, stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

int cli_fatal(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("fatal: ", fmt, ap);
	va_end(ap);
	return 128;
}

int cli_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("error: ", fmt, ap);
	va_end(ap);
	return 1;
}

void cli_warning(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("warning: ", fmt, ap);
	va_end(ap);
}

int cli_fatal_err(const struct sgit_error *err)
{
	return cli_fatal("%s", sgit_error_message(err));
}

struct sgit_error *cli_err(struct cli_ctx *ctx)
{
	return ctx->repo ? sgit_repo_error(ctx->repo) : &ctx->err;
}

static void print_main_usage(FILE *f)
{
	size_t i, n;
	const struct cli_command *cmds = cli_commands(&n);

	fprintf(f, "usage: %s\n\nThese are the sgit commands:\n", main_usage[0]);
	for (i = 0; i < n; i++)
		fprintf(f, "   %-14s %s\n", cmds[i].name, cmds[i].summary);
	fputs("\nSee 'sgit <command> -h' for the options of a command.\n", f);
}

static const struct cli_command *find_command(const char *name)
{
	size_t i, n;
	const struct cli_command *cmds = cli_commands(&n);

	for (i = 0; i < n; i++)
		if (!strcmp(cmds[i].name, name))
			return &cmds[i];
	return NULL;
}

static int print_exec_path(void)
{
	char path[4096];
	ssize_t n = readlink("/proc/self/exe", path, sizeof(path) - 1);
	char *slash;

	if (n < 0)
		return cli_fatal("cannot find the sgit binary: %s", strerror(errno));
	path[n] = '\0';
	slash = strrchr(path, '/');
	if (slash)
		*slash = '\0';
	printf("%s\n", path);
	return 0;
}

/* "--name=value" or "--name value": the value, advancing *i when it is the next word. */
static const char *option_value(int argc, const char **argv, int *i, const char *name)
{
	size_t n = strlen(name);
	const char *a = argv[*i];

	if (!strncmp(a, name, n) && a[n] == '=')
		return a + n + 1;
	if (*i + 1 >= argc) {
		cli_error("no directory given for '%s' option\n", name);
		print_main_usage(stderr);
		exit(129);
	}
	return argv[++*i];
}

static int is_option(const char *a, const char *name)
{
	size_t n = strlen(name);

	return !strncmp(a, name, n) && (a[n] == '\0' || a[n] == '=');
}

/*
 * Global options, up to the command name. Returns the index of the command
 * name, or -1 after handling an option that ends the run (*rc set).
 */
static int parse_global(int argc, const char **argv, struct cli_ctx *ctx, int *rc)
{
	int i;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (a[0] != '-')
			return i;
		if (!strcmp(a, "-C")) {
			if (i + 1 >= argc) {
				cli_error("no directory given for '-C' option\n");
				print_main_usage(stderr);
				exit(129);
			}
			if (*argv[++i] && chdir(argv[i]) < 0)
				exit(cli_fatal("cannot change to '%s': %s", argv[i], strerror(errno)));
		} else if (!strcmp(a, "-c")) {
			if (i + 1 >= argc) {
				cli_error("-c expects a configuration string\n");
				print_main_usage(stderr);
				exit(129);
			}
			ctx->config_params[ctx->nconfig_params++] = argv[++i];
		} else if (is_option(a, "--git-dir")) {
			ctx->repo_opts.git_dir = option_value(argc, argv, &i, "--git-dir");
			setenv("GIT_DIR", ctx->repo_opts.git_dir, 1);
		} else if (is_option(a, "--work-tree")) {
			ctx->repo_opts.work_tree = option_value(argc, argv, &i, "--work-tree");
			setenv("GIT_WORK_TREE", ctx->repo_opts.work_tree, 1);
		} else if (!strcmp(a, "--bare")) {
			ctx->repo_opts.bare = 1;
		} else if (!strcmp(a, "--exec-path")) {
			*rc = print_exec_path();
			return -1;
		} else if (!strcmp(a, "-P") || !strcmp(a, "--no-pager")) {
			ctx->no_pager = 1;
			ctx->paginate = 0;
		} else if (!strcmp(a, "-p") || !strcmp(a, "--paginate")) {
			ctx->no_pager = 0;
			ctx->paginate = 1;
		} else if (!strcmp(a, "--no-replace-objects") || !strcmp(a, "--literal-pathspecs")) {
			/* accepted for compatibility; sgit has no replace refs or pathspec magic yet */
		} else if (!strcmp(a, "-v") || !strcmp(a, "--version")) {
			argv[i] = "version";
			return i;
		} else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			argv[i] = "help";
			return i;
		} else {
			cli_error("unknown option: %s", a);
			print_main_usage(stderr);
			exit(129);
		}
	}
	return i;
}

static int setup_repo(const struct cli_command *cmd, struct cli_ctx *ctx)
{
	int rc;

	if (!(cmd->setup & (CLI_NEEDS_REPO | CLI_OPTIONAL_REPO | CLI_NEEDS_WORK_TREE)))
		return 0;
	ctx->repo_opts.config_parameters = ctx->config_params;
	ctx->repo_opts.nconfig_parameters = ctx->nconfig_params;
	rc = sgit_repo_open(&ctx->repo, &ctx->repo_opts, &ctx->err);
	if (rc == SGIT_ENOTREPO && (cmd->setup & CLI_OPTIONAL_REPO))
		return 0;
	if (rc < 0)
		return cli_fatal_err(&ctx->err);
	if ((cmd->setup & CLI_NEEDS_WORK_TREE) && !sgit_repo_work_tree(ctx->repo))
		return cli_fatal("this operation must be run in a work tree");
	return 0;
}

int main(int argc, const char **argv)
{
	struct cli_ctx ctx = { SGIT_REPO_OPTIONS_INIT, NULL, 0, 0, 0, NULL, SGIT_ERROR_INIT };
	const struct cli_command *cmd;
	int rc = 0, first;

	ctx.config_params = calloc((size_t)argc + 1, sizeof(*ctx.config_params));
	if (!ctx.config_params)
		return cli_fatal("out of memory");
	first = parse_global(argc, argv, &ctx, &rc);
	if (first < 0)
		goto out;
	if (first >= argc) {
		print_main_usage(stdout);
		rc = 1;
		goto out;
	}
	cmd = find_command(argv[first]);
	if (!cmd) {
		fprintf(stderr, "sgit: '%s' is not a sgit command. See 'sgit --help'.\n", argv[first]);
		rc = 1;
		goto out;
	}
	/* "sgit <cmd> --help" is "sgit help <cmd>": the manual page, as git does */
	if (argc - first >= 2 && !strcmp(argv[first + 1], "--help")) {
		argv[first + 1] = argv[first];
		argv[first] = "help";
		argc = first + 2;	/* git shows the page and ignores what follows */
		cmd = find_command("help");
	}
	/* "sgit <cmd> -h" prints the usage even outside a repository, as git does; so do the option lists */
	if (!(argc - first == 2 && (!strcmp(argv[first + 1], "-h") ||
				    !strncmp(argv[first + 1], "--git-completion-helper", 23))) &&
	    (rc = setup_repo(cmd, &ctx)))
		goto out;
	rc = cmd->fn(argc - first, argv + first, &ctx);
	if (fflush(stdout) || ferror(stdout))
		rc = cli_fatal("unable to write to standard output: %s", strerror(errno));
out:
	sgit_repo_free(ctx.repo);
	free(ctx.config_params);
	return rc;
}
