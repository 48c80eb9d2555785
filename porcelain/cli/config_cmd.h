/* porcelain/cli/config_cmd.h: what the halves of sgit config share (cmd_config.c, config_show.c) */
#ifndef SGIT_CLI_CONFIG_CMD_H
#define SGIT_CLI_CONFIG_CMD_H

#include "porcelain/cli/cli.h"

/* git config's actions, one bit each: giving two different ones is an error. */
enum config_action {
	ACTION_GET = 1 << 0,
	ACTION_GET_ALL = 1 << 1,
	ACTION_GET_REGEXP = 1 << 2,
	ACTION_GET_URLMATCH = 1 << 3,
	ACTION_REPLACE_ALL = 1 << 4,
	ACTION_ADD = 1 << 5,
	ACTION_UNSET = 1 << 6,
	ACTION_UNSET_ALL = 1 << 7,
	ACTION_RENAME_SECTION = 1 << 8,
	ACTION_REMOVE_SECTION = 1 << 9,
	ACTION_LIST = 1 << 10,
	ACTION_EDIT = 1 << 11,
	ACTION_SET = 1 << 12,
	ACTION_SET_ALL = 1 << 13,
	ACTION_GET_COLOR = 1 << 14,
	ACTION_GET_COLORBOOL = 1 << 15,
};

enum config_type {
	TYPE_NONE,
	TYPE_BOOL,
	TYPE_INT,
	TYPE_BOOL_OR_INT,
	TYPE_BOOL_OR_STR,
	TYPE_PATH,
	TYPE_EXPIRY_DATE,
	TYPE_COLOR,
};

struct config_run {
	/* options */
	int use_global, use_system, use_local, use_worktree;
	const char *file, *blob;
	unsigned actions;
	int fixed_value;
	int type, type_conflict;
	int end_nul, name_only, includes, show_origin, show_scope;
	const char *default_value;

	/* where to read and write, once decided */
	struct cli_ctx *ctx;
	const struct cli_option *opts;	/* for the usage */
	int use_stdin;
	enum sgit_config_scope scope;
	const char *scope_name;		/* overrides the entries' scope in --show-scope ("worktree") */
	struct sgit_buf file_buf;	/* the file chosen, when there is one */
	struct sgit_buf git_dir;	/* "<git dir>/" as git names it, after moving where git would */
	struct sgit_buf git_dir_abs;	/* "<absolute git dir>/": origins under it are shown with git_dir */
	struct sgit_buf local_path;	/* the repository's config file, as git names it */
	struct sgit_buf origin;		/* scratch: an origin as shown */

	/* output */
	char term, delim, key_delim;
	int show_keys;			/* --get-regexp */
	int in_default;			/* formatting the --default value */
};

/* Append to cfg what the options select; on failure cfg keeps what was read before the error. */
int config_read(struct sgit_config *cfg, struct config_run *r, struct sgit_error *err);

/*
 * Append e to out as git's --get* show a matching entry: scope, origin, key
 * (show_keys), value in the --type, terminator. Returns 0 or an exit code
 * (-1: see config_typed_value).
 */
int config_format_entry(struct sgit_buf *out, struct config_run *r, const struct sgit_config_entry *e);

/*
 * out = the value of e converted to the --type, as git shows it, or with
 * for_write as git stores it. Returns 0 or an exit code, message printed
 * (-1 for a value in a blob that stops the reading without killing it).
 */
int config_typed_value(struct sgit_buf *out, struct config_run *r, const struct sgit_config_entry *e,
		       int for_write);

/* --get, --get-all, --get-regexp (argv: pattern [value-pattern]); --list. Return the exit code. */
int config_get(struct config_run *r, int argc, const char **argv);
int config_list(struct config_run *r);
/* --get-urlmatch <section>[.<key>] <url>. */
int config_get_urlmatch(struct config_run *r, const char *name, const char *url);

#endif
