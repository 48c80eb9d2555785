/* porcelain/cli/cli.h: what every command shares: the context, option parsing, messages */
#ifndef SGIT_CLI_H
#define SGIT_CLI_H

#include <stdint.h>
#include <stdio.h>
#include "sgit/sgit.h"

#define SGIT_VERSION "0.1.0"

/* What main() parsed before the command name, and the repository once opened. */
struct cli_ctx {
	struct sgit_repo_options repo_opts;
	const char **config_params;	/* -c key=value, in order */
	size_t nconfig_params;
	int no_pager;
	int paginate;			/* -p, --paginate: page whatever the command */
	struct sgit_repo *repo;		/* opened by main() for commands that need one */
	struct sgit_error err;		/* for calls made without a repo */
};

/* Setup flags of a command, as git's command table has them. */
enum cli_setup {
	CLI_NO_SETUP = 0,
	CLI_NEEDS_REPO = 1,		/* fatal outside a repository */
	CLI_NEEDS_WORK_TREE = 2,	/* fatal in a bare repository */
	CLI_OPTIONAL_REPO = 4,		/* open one if there is one */
};

struct cli_command {
	const char *name;
	int (*fn)(int argc, const char **argv, struct cli_ctx *ctx);
	unsigned setup;
	const char *summary;
};

/* ---- messages: git's prefixes; each returns the exit code git uses with it ---- */
int cli_fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2)));	/* 128 */
int cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));	/* 1 */
void cli_warning(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "fatal: <message of err>", 128 */
int cli_fatal_err(const struct sgit_error *err);
/* The repository's error slot, or the context's when there is no repository. */
struct sgit_error *cli_err(struct cli_ctx *ctx);

/* ---- options ---- */
enum cli_opt_kind {
	CLI_OPT_END,
	CLI_OPT_GROUP,		/* a heading in -h output */
	CLI_OPT_BOOL,		/* int: 1, or 0 with --no- */
	CLI_OPT_COUNT,		/* int: +1 each time, 0 with --no- */
	CLI_OPT_SET_INT,	/* int: defval, 0 with --no- */
	CLI_OPT_STRING,		/* const char *: the argument, NULL with --no- */
	CLI_OPT_INT,		/* int: the argument, a decimal number */
	CLI_OPT_STRING_LIST,	/* struct cli_strlist: appended; emptied with --no- */
	CLI_OPT_CALLBACK,	/* cb(opt, arg, unset) */
};

enum cli_opt_flags {
	CLI_OPTARG = 1,		/* the argument is optional (only --opt=arg or -oarg) */
	CLI_NONEG = 2,		/* no --no-opt form */
	CLI_NOARG = 4,		/* CALLBACK takes no argument */
};

struct cli_strlist {
	const char **items;
	size_t nr, alloc;
};
#define CLI_STRLIST_INIT { NULL, 0, 0 }
void cli_strlist_clear(struct cli_strlist *list);
int cli_strlist_push(struct cli_strlist *list, const char *s);

struct cli_option;
typedef int (*cli_opt_cb)(const struct cli_option *opt, const char *arg, int unset);

struct cli_option {
	enum cli_opt_kind kind;
	char short_name;
	const char *long_name;
	void *value;
	const char *argh;	/* the argument's name in -h output */
	const char *help;
	unsigned flags;
	intptr_t defval;	/* SET_INT value; STRING default for an absent optional argument */
	cli_opt_cb cb;
};

#define CLI_GROUP(h) { CLI_OPT_GROUP, 0, NULL, NULL, NULL, (h), 0, 0, NULL }
#define CLI_BOOL(s, l, v, h) { CLI_OPT_BOOL, (s), (l), (v), NULL, (h), 0, 0, NULL }
#define CLI_COUNT(s, l, v, h) { CLI_OPT_COUNT, (s), (l), (v), NULL, (h), 0, 0, NULL }
#define CLI_SET_INT(s, l, v, h, i) { CLI_OPT_SET_INT, (s), (l), (v), NULL, (h), 0, (i), NULL }
#define CLI_STRING(s, l, v, a, h) { CLI_OPT_STRING, (s), (l), (v), (a), (h), 0, 0, NULL }
#define CLI_STRING_OPTARG(s, l, v, a, h, d) \
	{ CLI_OPT_STRING, (s), (l), (v), (a), (h), CLI_OPTARG, (intptr_t)(d), NULL }
#define CLI_INT(s, l, v, a, h) { CLI_OPT_INT, (s), (l), (v), (a), (h), 0, 0, NULL }
#define CLI_STRING_LIST(s, l, v, a, h) { CLI_OPT_STRING_LIST, (s), (l), (v), (a), (h), 0, 0, NULL }
#define CLI_CALLBACK(s, l, v, a, h, f, cb) { CLI_OPT_CALLBACK, (s), (l), (v), (a), (h), (f), 0, (cb) }
#define CLI_END { CLI_OPT_END, 0, NULL, NULL, NULL, NULL, 0, 0, NULL }

enum cli_parse_flags {
	CLI_PARSE_STOP_AT_NON_OPTION = 1,	/* the first non-option ends option parsing */
	CLI_PARSE_KEEP_DASHDASH = 2,		/* leave "--" among the arguments */
	CLI_PARSE_KEEP_UNKNOWN = 4,		/* leave unknown options among the arguments */
};

/*
 * Parse argv[1..argc) against opts (argv[0] is the command name). Options may
 * come after arguments unless STOP_AT_NON_OPTION; long options may be
 * abbreviated when unambiguous; short flags may be bundled. Returns how many
 * arguments remain, moved to argv[0..n). On -h prints the usage to stdout and
 * exits 129; on a bad option prints git's error and the usage to stderr and
 * exits 129.
 */
int cli_parse_options(int argc, const char **argv, const struct cli_option *opts,
		      const char *const *usage, unsigned flags);
/* Print the usage (and options) and exit 129: to stdout for -h, stderr for errors. */
void cli_usage_with_options(const char *const *usage, const struct cli_option *opts, int to_stderr)
	__attribute__((noreturn));
/* "error: <msg>" then the usage on stderr, exit 129. */
void cli_usage_error(const char *const *usage, const struct cli_option *opts, const char *fmt, ...)
	__attribute__((noreturn, format(printf, 3, 4)));

/* "fatal: <msg>", a blank line, then the usage on stderr; exit 129. */
void cli_usage_fatal(const char *const *usage, const struct cli_option *opts, const char *fmt, ...)
	__attribute__((noreturn, format(printf, 3, 4)));

/* ---- commands (one cmd_<name>.c each) ---- */
int cmd_rev_parse(int argc, const char **argv, struct cli_ctx *ctx);
int cmd_version(int argc, const char **argv, struct cli_ctx *ctx);
int cmd_cat_file(int argc, const char **argv, struct cli_ctx *ctx);
int cmd_hash_object(int argc, const char **argv, struct cli_ctx *ctx);
int cmd_help(int argc, const char **argv, struct cli_ctx *ctx);
int cmd_init(int argc, const char **argv, struct cli_ctx *ctx);
int cmd_var(int argc, const char **argv, struct cli_ctx *ctx);
int cmd_check_ref_format(int argc, const char **argv, struct cli_ctx *ctx);
int cmd_pack_refs(int argc, const char **argv, struct cli_ctx *ctx);
int cmd_fsck(int argc, const char **argv, struct cli_ctx *ctx);
int cmd_show_ref(int argc, const char **argv, struct cli_ctx *ctx);
int cmd_symbolic_ref(int argc, const char **argv, struct cli_ctx *ctx);
int cmd_update_ref(int argc, const char **argv, struct cli_ctx *ctx);
int cmd_config(int argc, const char **argv, struct cli_ctx *ctx);
int cmd_tag(int argc, const char **argv, struct cli_ctx *ctx);
int cmd_branch(int argc, const char **argv, struct cli_ctx *ctx);
int cmd_commit_tree(int argc, const char **argv, struct cli_ctx *ctx);
int cmd_check_ignore(int argc, const char **argv, struct cli_ctx *ctx);
int cmd_for_each_ref(int argc, const char **argv, struct cli_ctx *ctx);
int cmd_ls_files(int argc, const char **argv, struct cli_ctx *ctx);
int cmd_read_tree(int argc, const char **argv, struct cli_ctx *ctx);
int cmd_write_tree(int argc, const char **argv, struct cli_ctx *ctx);
int cmd_add(int argc, const char **argv, struct cli_ctx *ctx);
int cmd_rm(int argc, const char **argv, struct cli_ctx *ctx);
int cmd_mv(int argc, const char **argv, struct cli_ctx *ctx);
int cmd_commit(int argc, const char **argv, struct cli_ctx *ctx);
int cmd_status(int argc, const char **argv, struct cli_ctx *ctx);
int cmd_diff(int argc, const char **argv, struct cli_ctx *ctx);
int cmd_log(int argc, const char **argv, struct cli_ctx *ctx);
int cmd_show(int argc, const char **argv, struct cli_ctx *ctx);
int cmd_rev_list(int argc, const char **argv, struct cli_ctx *ctx);

int cmd_checkout(int argc, const char **argv, struct cli_ctx *ctx);
int cmd_switch(int argc, const char **argv, struct cli_ctx *ctx);
int cmd_restore(int argc, const char **argv, struct cli_ctx *ctx);
int cmd_reset(int argc, const char **argv, struct cli_ctx *ctx);
int cmd_merge_base(int argc, const char **argv, struct cli_ctx *ctx);
int cmd_pack_objects(int argc, const char **argv, struct cli_ctx *ctx);
int cmd_remote(int argc, const char **argv, struct cli_ctx *ctx);
int cmd_fetch(int argc, const char **argv, struct cli_ctx *ctx);
int cmd_clone(int argc, const char **argv, struct cli_ctx *ctx);

int cmd_verify_commit(int argc, const char **argv, struct cli_ctx *ctx);
int cmd_verify_tag(int argc, const char **argv, struct cli_ctx *ctx);

int cmd_merge(int argc, const char **argv, struct cli_ctx *ctx);
int cmd_fmt_merge_msg(int argc, const char **argv, struct cli_ctx *ctx);
int cmd_pull(int argc, const char **argv, struct cli_ctx *ctx);

/* The table, for help. */
const struct cli_command *cli_commands(size_t *n);

#endif
