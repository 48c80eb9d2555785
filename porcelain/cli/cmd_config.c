/* porcelain/cli/cmd_config.c: sgit config: options, which file, and the actions that write */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "porcelain/cli/config_cmd.h"
#include "sgit/person.h"
#include "sgit/programs.h"
#include "util/process.h"

#define SYSTEM_CONFIG "/etc/gitconfig"

static const char *const config_usage_text[] = {
	"sgit config [<options>]",
	NULL,
};

static int action_bit(const struct cli_option *opt, const char *arg, int unset)
{
	unsigned *actions = opt->value;

	if (unset)
		*actions &= ~(unsigned)opt->defval;
	else
		*actions |= (unsigned)opt->defval;
	return 0;
}

/* --type=<name>, and --bool, --int... (defval); a second, different type is an error. */
static int type_option(const struct cli_option *opt, const char *arg, int unset)
{
	static const struct {
		const char *name;
		enum config_type type;
	} names[] = {
		{ "bool", TYPE_BOOL }, { "int", TYPE_INT }, { "bool-or-int", TYPE_BOOL_OR_INT },
		{ "bool-or-str", TYPE_BOOL_OR_STR }, { "path", TYPE_PATH },
		{ "expiry-date", TYPE_EXPIRY_DATE }, { "color", TYPE_COLOR },
	};
	struct config_run *r = opt->value;
	int type = (int)opt->defval;
	size_t i;

	if (unset) {
		r->type = TYPE_NONE;
		return 0;
	}
	for (i = 0; !type && i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(arg, names[i].name))
			type = names[i].type;
	if (!type)
		exit(cli_fatal("unrecognized --type argument, %s", arg));
	if (r->type && r->type != type)
		r->type_conflict = 1;
	r->type = type;
	return 0;
}

/* An action: a callback that sets its bit (the bit is in defval). */
#define ACTION(l, s, bit, h) { CLI_OPT_CALLBACK, (s), (l), &r->actions, NULL, (h), CLI_NOARG, (bit), action_bit }
#define TYPE_FLAG(l, t, h) { CLI_OPT_CALLBACK, 0, (l), r, NULL, (h), CLI_NOARG | CLI_NONEG, (t), type_option }
#define OPTION_COUNT 42

/* git's option table, in git's order (it is the -h output), filling r. */
static void fill_options(struct cli_option *opts, struct config_run *r)
{
	const struct cli_option table[OPTION_COUNT] = {
		CLI_GROUP("Config file location"),
		CLI_SET_INT(0, "global", &r->use_global, "use global config file", 1),
		CLI_SET_INT(0, "system", &r->use_system, "use system config file", 1),
		CLI_SET_INT(0, "local", &r->use_local, "use repository config file", 1),
		CLI_SET_INT(0, "worktree", &r->use_worktree, "use per-worktree config file", 1),
		CLI_STRING('f', "file", &r->file, "file", "use given config file"),
		CLI_STRING(0, "blob", &r->blob, "blob-id", "read config from given blob object"),
		CLI_GROUP("Action"),
		ACTION("get", 0, ACTION_GET, "get value: name [value-pattern]"),
		ACTION("get-all", 0, ACTION_GET_ALL, "get all values: key [value-pattern]"),
		ACTION("get-regexp", 0, ACTION_GET_REGEXP, "get values for regexp: name-regex [value-pattern]"),
		ACTION("get-urlmatch", 0, ACTION_GET_URLMATCH, "get value specific for the URL: section[.var] URL"),
		ACTION("replace-all", 0, ACTION_REPLACE_ALL, "replace all matching variables: name value [value-pattern]"),
		ACTION("add", 0, ACTION_ADD, "add a new variable: name value"),
		ACTION("unset", 0, ACTION_UNSET, "remove a variable: name [value-pattern]"),
		ACTION("unset-all", 0, ACTION_UNSET_ALL, "remove all matches: name [value-pattern]"),
		ACTION("rename-section", 0, ACTION_RENAME_SECTION, "rename section: old-name new-name"),
		ACTION("remove-section", 0, ACTION_REMOVE_SECTION, "remove a section: name"),
		ACTION("list", 'l', ACTION_LIST, "list all"),
		CLI_SET_INT(0, "fixed-value", &r->fixed_value,
			    "use string equality when comparing values to 'value-pattern'", 1),
		ACTION("edit", 'e', ACTION_EDIT, "open an editor"),
		ACTION("get-color", 0, ACTION_GET_COLOR, "find the color configured: slot [default]"),
		ACTION("get-colorbool", 0, ACTION_GET_COLORBOOL, "find the color setting: slot [stdout-is-tty]"),
		CLI_GROUP("Type"),
		{ CLI_OPT_CALLBACK, 't', "type", r, "type", "value is given this type", 0, 0, type_option },
		TYPE_FLAG("bool", TYPE_BOOL, "value is \"true\" or \"false\""),
		TYPE_FLAG("int", TYPE_INT, "value is decimal number"),
		TYPE_FLAG("bool-or-int", TYPE_BOOL_OR_INT, "value is --bool or --int"),
		TYPE_FLAG("bool-or-str", TYPE_BOOL_OR_STR, "value is --bool or string"),
		TYPE_FLAG("path", TYPE_PATH, "value is a path (file or directory name)"),
		TYPE_FLAG("expiry-date", TYPE_EXPIRY_DATE, "value is an expiry date"),
		CLI_GROUP("Other"),
		CLI_SET_INT('z', "null", &r->end_nul, "terminate values with NUL byte", 1),
		CLI_SET_INT(0, "name-only", &r->name_only, "show variable names only", 1),
		CLI_SET_INT(0, "includes", &r->includes, "respect include directives on lookup", 1),
		CLI_SET_INT(0, "show-origin", &r->show_origin,
			    "show origin of config (file, standard input, blob, command line)", 1),
		CLI_SET_INT(0, "show-scope", &r->show_scope,
			    "show scope of config (worktree, local, global, system, command)", 1),
		CLI_STRING(0, "default", &r->default_value, "value",
			   "with --get, use default value when missing entry"),
		CLI_END,
	};

	memcpy(opts, table, sizeof(table));
}

static void config_usage(const struct config_run *r, const char *fmt, ...)
	__attribute__((noreturn, format(printf, 2, 3)));
static void config_usage(const struct config_run *r, const char *fmt, ...)
{
	va_list ap;

	if (fmt) {
		fputs("error: ", stderr);
		va_start(ap, fmt);
		vfprintf(stderr, fmt, ap);
		va_end(ap);
		fputc('\n', stderr);
	}
	cli_usage_with_options(config_usage_text, r->opts, 1);
}

static void check_argc(const struct config_run *r, int argc, int min, int max)
{
	if (argc >= min && argc <= max)
		return;
	if (min == max)
		config_usage(r, "wrong number of arguments, should be %d", min);
	config_usage(r, "wrong number of arguments, should be from %d to %d", min, max);
}

/* ---- where: the file to read and write, and how git names the repository's ---- */

static int same_dir(const char *a, const char *b)
{
	size_t n = strlen(b);

	return !strncmp(a, b, n) && !strcmp(a + n, "/.git");
}

/*
 * git runs from the top of the work tree and names the git dir the way it
 * found it: ".git" there, as given in GIT_DIR / --git-dir (absolute once it
 * had to move), "" in the git dir itself, otherwise its absolute path.
 * Messages and --show-origin show these names, so sgit moves and names alike.
 */
static int locate_repo(struct config_run *r)
{
	struct sgit_repo *repo = r->ctx->repo;
	const char *git_dir = sgit_repo_git_dir(repo), *wt = sgit_repo_work_tree(repo);
	const char *given = r->ctx->repo_opts.git_dir ? r->ctx->repo_opts.git_dir : getenv("GIT_DIR");
	const char *prefix = sgit_repo_prefix(repo);
	char *cwd = getcwd(NULL, 0);
	int moved = 0, rc = 0;

	if (wt && *prefix && sgit_repo_inside_work_tree(repo)) {
		if (chdir(wt) < 0) {
			rc = cli_fatal("cannot chdir to '%s': %s", wt, strerror(errno));
			goto out;
		}
		moved = 1;
	}
	if (sgit_buf_printf(&r->git_dir_abs, "%s/", git_dir) < 0)
		goto nomem;
	if (given && !moved) {
		size_t n = strlen(given);

		while (n > 1 && given[n - 1] == '/')
			n--;
		if (sgit_buf_set(&r->git_dir, given, n) < 0 || sgit_buf_addch(&r->git_dir, '/') < 0)
			goto nomem;
	} else if (!given && wt && same_dir(git_dir, wt)) {
		if (sgit_buf_sets(&r->git_dir, ".git/") < 0)
			goto nomem;
	} else if (!given && !wt && cwd && !strcmp(cwd, git_dir)) {
		sgit_buf_reset(&r->git_dir);
	} else if (sgit_buf_sets(&r->git_dir, r->git_dir_abs.ptr) < 0) {
		goto nomem;
	}
	/* the config file is shared by linked worktrees: git names it in the common dir */
	if (strcmp(sgit_repo_common_dir(repo), git_dir))
		rc = sgit_buf_printf(&r->local_path, "%s/config", sgit_repo_common_dir(repo));
	else
		rc = sgit_buf_printf(&r->local_path, "%sconfig", r->git_dir.ptr);
	if (rc < 0)
		goto nomem;
	goto out;
nomem:
	rc = cli_fatal("out of memory");
out:
	free(cwd);
	return rc;
}

/* Linked worktrees without extensions.worktreeConfig share one file: git refuses --worktree then. */
static int has_linked_worktrees(struct sgit_repo *repo)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	struct dirent *d;
	DIR *dir;
	int found = 0;

	if (sgit_buf_printf(&path, "%s/worktrees", sgit_repo_common_dir(repo)) < 0 ||
	    !(dir = opendir(path.ptr))) {
		sgit_buf_release(&path);
		return 0;
	}
	while (!found && (d = readdir(dir)))
		found = strcmp(d->d_name, ".") && strcmp(d->d_name, "..");
	closedir(dir);
	sgit_buf_release(&path);
	return found;
}

/* extensions.worktreeConfig as the repository's own file says (the format is not taken from -c). */
static int find_worktree_extension(const struct sgit_config_entry *e, void *payload)
{
	int *on = payload;

	if (e->scope == SGIT_CONFIG_SCOPE_LOCAL && !strcmp(e->key, "extensions.worktreeconfig") &&
	    sgit_config_parse_bool(on, e->value) < 0)
		*on = 0;
	return 0;
}

static int locate_worktree_file(struct config_run *r)
{
	int on = 0;

	r->scope = SGIT_CONFIG_SCOPE_LOCAL;
	sgit_config_foreach(sgit_repo_config(r->ctx->repo), find_worktree_extension, &on);
	if (on) {
		r->scope_name = "worktree";
		return sgit_buf_printf(&r->file_buf, "%sconfig.worktree", r->git_dir.ptr) < 0 ?
		       cli_fatal("out of memory") : 0;
	}
	if (has_linked_worktrees(r->ctx->repo))
		return cli_fatal("--worktree cannot be used with multiple working trees unless the config\n"
				 "extension worktreeConfig is enabled. Please read \"CONFIGURATION FILE\"\n"
				 "section in \"git help worktree\" for details");
	return sgit_buf_sets(&r->file_buf, r->local_path.ptr) < 0 ? cli_fatal("out of memory") : 0;
}

/* The file the location options name, as git picks it. */
static int locate(struct config_run *r)
{
	struct cli_ctx *ctx = r->ctx;
	int rc;

	if (ctx->repo && (rc = locate_repo(r)) != 0)
		return rc;
	r->scope = SGIT_CONFIG_SCOPE_COMMAND;
	if (r->file && !strcmp(r->file, "-")) {
		r->file = NULL;
		r->use_stdin = 1;
	}
	if (r->use_global) {
		r->scope = SGIT_CONFIG_SCOPE_GLOBAL;
		if (sgit_config_global_path(&r->file_buf, &ctx->repo_opts, &ctx->err) < 0)
			return cli_fatal_err(&ctx->err);
	} else if (r->use_system) {
		const char *sys = getenv("GIT_CONFIG_SYSTEM");

		r->scope = SGIT_CONFIG_SCOPE_SYSTEM;
		if (sgit_buf_sets(&r->file_buf, sys ? sys : SYSTEM_CONFIG) < 0)
			return cli_fatal("out of memory");
	} else if (r->use_local) {
		r->scope = SGIT_CONFIG_SCOPE_LOCAL;
		if (sgit_buf_sets(&r->file_buf, r->local_path.ptr) < 0)
			return cli_fatal("out of memory");
	} else if (r->use_worktree) {
		if ((rc = locate_worktree_file(r)) != 0)
			return rc;
	} else if (r->file) {
		/* relative to where the user stood, though sgit may have moved to the top */
		const char *prefix = ctx->repo ? sgit_repo_prefix(ctx->repo) : "";

		r->scope = SGIT_CONFIG_SCOPE_FILE;
		if (sgit_buf_printf(&r->file_buf, "%s%s", r->file[0] == '/' ? "" : prefix, r->file) < 0)
			return cli_fatal("out of memory");
	}
	return 0;
}

/* ---- writing ---- */

/* The file a write goes to; fatal outside a repository without one named. */
static int write_target(const char **path, struct config_run *r)
{
	*path = NULL;
	if (!r->file_buf.len && !r->use_stdin && !r->blob && !r->ctx->repo)
		return cli_fatal("not in a git directory");
	if (r->use_stdin)
		return cli_fatal("writing to stdin is not supported");
	if (r->blob)
		return cli_fatal("writing config blobs is not supported");
	*path = r->file_buf.len ? r->file_buf.ptr : r->local_path.ptr;
	return 0;
}

/* git config's exit status for a failed edit, with git's messages. */
static int edit_failed(int status, int rc, const char *path, const struct sgit_error *err)
{
	if (rc == SGIT_EAMBIGUOUS) {
		cli_warning("%s", sgit_error_message(err));
	} else if (status == 128) {
		cli_fatal("%s", sgit_error_message(err));
	} else if (rc != SGIT_ENOTFOUND) {
		cli_error("%s", sgit_error_message(err));
		if (status == 3 && rc == SGIT_ECONFIG)
			cli_error("invalid config file %s", path);
	}
	return status;
}

static int edit(struct config_run *r, enum sgit_config_edit how, const char *key, const char *value,
		const char *pattern)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf typed = SGIT_BUF_INIT;
	const char *path;
	int rc, status = 0;

	if ((rc = write_target(&path, r)) != 0)
		return rc;
	if (value && r->type) {
		struct sgit_config_entry e = { key, value, SGIT_CONFIG_SCOPE_COMMAND, NULL, 0 };

		if ((rc = config_typed_value(&typed, r, &e, 1)) != 0)
			goto out;
		value = typed.ptr;
	}
	rc = sgit_config_file_edit_status(&status, path, how, key, value, pattern, r->fixed_value, &err);
	if (rc < 0)
		rc = edit_failed(status, rc, path, &err);
out:
	sgit_buf_release(&typed);
	return rc;
}

static int rename_section(struct config_run *r, const char *old_name, const char *new_name)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	const char *path;
	size_t count;
	int rc;

	if ((rc = write_target(&path, r)) != 0)
		return rc;
	if (sgit_config_file_rename_section(&count, path, old_name, new_name, &err) < 0) {
		cli_error("%s", sgit_error_message(&err));
		return 255;
	}
	if (!count)
		return cli_fatal("no such section: %s", old_name);
	return 0;
}

/* The environment without the identity of the commit at hand: git's template takes the default one. */
static const char *getenv_no_ident(const char *name)
{
	if (!strncmp(name, "GIT_AUTHOR_", 11) || !strncmp(name, "GIT_COMMITTER_", 14))
		return NULL;
	return getenv(name);
}

/* "Name <email>" of the user, as git guesses it for the template of a new global file. */
static void default_ident(struct sgit_buf *name, struct sgit_buf *email, const struct sgit_config *cfg)
{
	struct sgit_person_options po = SGIT_PERSON_OPTIONS_INIT;
	struct sgit_buf ident = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	const char *lt, *gt;

	po.getenv = getenv_no_ident;
	po.config = cfg;
	po.no_date = 1;
	if (sgit_person_ident(&ident, NULL, SGIT_PERSON_AUTHOR, &po, &err) == 0 &&
	    (lt = strstr(ident.ptr, " <")) && (gt = strchr(lt, '>'))) {
		sgit_buf_set(name, ident.ptr, (size_t)(lt - ident.ptr));
		sgit_buf_set(email, lt + 2, (size_t)(gt - lt - 2));
	}
	sgit_buf_release(&ident);
}

/* What git writes into a new global file before the editor opens it. */
static int write_user_template(const char *path, const struct sgit_config *cfg)
{
	struct sgit_buf content = SGIT_BUF_INIT, name = SGIT_BUF_INIT, email = SGIT_BUF_INIT;
	int fd = open(path, O_CREAT | O_EXCL | O_WRONLY, 0666), rc = 0;

	if (fd < 0)
		return errno == EEXIST ? 0 : cli_fatal("cannot create configuration file %s: %s", path, strerror(errno));
	default_ident(&name, &email, cfg);
	if (sgit_buf_printf(&content, "# This is Git's per-user configuration file.\n"
			    "[user]\n"
			    "# Please adapt and uncomment the following lines:\n"
			    "#\tname = %s\n"
			    "#\temail = %s\n", name.ptr, email.ptr) < 0 ||
	    write(fd, content.ptr, content.len) != (ssize_t)content.len)
		rc = cli_fatal("cannot create configuration file %s: %s", path, strerror(errno));
	close(fd);
	sgit_buf_release(&content);
	sgit_buf_release(&name);
	sgit_buf_release(&email);
	return rc;
}

static int edit_file(struct config_run *r)
{
	struct sgit_process_status st = { 0, 0 };
	struct sgit_config *cfg = NULL;
	struct sgit_error err = SGIT_ERROR_INIT;
	const char *path, *editor, *args[2] = { NULL, NULL };
	int rc = 0;

	if (!r->file_buf.len && !r->ctx->repo)
		return cli_fatal("not in a git directory");
	if (r->use_stdin)
		return cli_fatal("editing stdin is not supported");
	if (r->blob)
		return cli_fatal("editing blobs is not supported");
	if (r->ctx->repo)
		rc = sgit_config_load_standard(&cfg, &r->ctx->repo_opts, sgit_repo_git_dir(r->ctx->repo), &err);
	else
		rc = sgit_config_load_standard(&cfg, &r->ctx->repo_opts, NULL, &err);
	if (rc < 0)
		return cli_fatal_err(&err);
	path = args[0] = r->file_buf.len ? r->file_buf.ptr : r->local_path.ptr;
	if (r->use_global && (rc = write_user_template(path, cfg)) != 0)
		goto out;
	editor = sgit_program_editor(r->ctx->repo, NULL, cfg);
	if (!editor) {
		cli_error("Terminal is dumb, but EDITOR unset");
	} else if (!strcmp(editor, ":")) {
		/* git's way of saying "no editor": nothing to run */
	} else if (sgit_process_run_shell(&st, editor, args, NULL, &err) < 0) {
		cli_error("%s", sgit_error_message(&err));
		cli_error("unable to start editor '%s'", editor);
	} else if (st.code) {
		/* as git, a failed editor is reported but the command still succeeds */
		cli_error("There was a problem with the editor '%s'.", editor);
	}
out:
	sgit_config_free(cfg);
	return rc;
}
/* ---- the command ---- */

/*
 * git parses -c before anything else and dies on a bad one; in a repository
 * opening it has done the same, outside one this check does.
 */
static int check_parameters(struct cli_ctx *ctx)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_config *cfg = NULL;
	size_t i;
	int rc = 0;

	if (ctx->repo || !ctx->nconfig_params)
		return 0;
	if (sgit_config_new(&cfg) < 0)
		return cli_fatal("out of memory");
	for (i = 0; i < ctx->nconfig_params && !rc; i++) {
		if (sgit_config_add_parameter(cfg, ctx->config_params[i], &err) < 0) {
			cli_error("%s", sgit_error_message(&err));
			rc = cli_fatal("unable to parse command-line config");
		}
	}
	sgit_config_free(cfg);
	return rc;
}

/* The checks git makes before it looks at the files. */
static void check_options(struct config_run *r)
{
	if (r->type_conflict)
		config_usage(r, "only one type at a time");
	if (r->use_global + r->use_system + r->use_local + r->use_worktree + !!r->file + !!r->blob > 1)
		config_usage(r, "only one config file at a time");
	if (!r->ctx->repo) {
		if (r->use_local)
			exit(cli_fatal("--local can only be used inside a git repository"));
		if (r->blob)
			exit(cli_fatal("--blob can only be used inside a git repository"));
		if (r->use_worktree)
			exit(cli_fatal("--worktree can only be used inside a git repository"));
	}
}

/* The checks git makes once the action is known. */
static void check_action(struct config_run *r, int argc, const char **argv)
{
	unsigned a = r->actions;

	if ((a & (ACTION_GET_COLOR | ACTION_GET_COLORBOOL)) && r->type)
		config_usage(r, "--get-color and variable type are incoherent");
	if (a & (a - 1))
		config_usage(r, "only one action at a time");
	if (!a) {
		if (argc < 1 || argc > 3)
			config_usage(r, NULL);
		a = r->actions = argc == 1 ? ACTION_GET : argc == 2 ? ACTION_SET : ACTION_SET_ALL;
	}
	if (r->name_only && a != ACTION_LIST && a != ACTION_GET_REGEXP)
		config_usage(r, "--name-only is only applicable to --list or --get-regexp");
	if (r->show_origin && !(a & (ACTION_GET | ACTION_GET_ALL | ACTION_GET_REGEXP | ACTION_LIST)))
		config_usage(r, "--show-origin is only applicable to --get, --get-all, --get-regexp, and --list");
	if (r->default_value && !(a & ACTION_GET))
		config_usage(r, "--default is only applicable to --get");
	if (r->fixed_value) {
		int ok = 0;

		if (a & (ACTION_GET | ACTION_GET_ALL | ACTION_GET_REGEXP | ACTION_UNSET | ACTION_UNSET_ALL))
			ok = argc > 1 && argv[1];
		else if (a & (ACTION_SET_ALL | ACTION_REPLACE_ALL))
			ok = argc > 2 && argv[2];
		if (!ok)
			config_usage(r, "--fixed-value only applies with 'value-pattern'");
	}
}

static int run_action(struct config_run *r, int argc, const char **argv)
{
	int rc;

	switch (r->actions) {
	case ACTION_LIST:
		check_argc(r, argc, 0, 0);
		return config_list(r);
	case ACTION_EDIT:
		check_argc(r, argc, 0, 0);
		return edit_file(r);
	case ACTION_SET:
		check_argc(r, argc, 2, 2);
		if ((rc = edit(r, SGIT_CONFIG_EDIT_SET, argv[0], argv[1], NULL)) == 5)
			cli_error("cannot overwrite multiple values with a single value\n"
				  "       Use a regexp, --add or --replace-all to change %s.", argv[0]);
		return rc;
	case ACTION_SET_ALL:
		check_argc(r, argc, 2, 3);
		return edit(r, SGIT_CONFIG_EDIT_SET, argv[0], argv[1], argv[2]);
	case ACTION_ADD:
		check_argc(r, argc, 2, 2);
		return edit(r, SGIT_CONFIG_EDIT_ADD, argv[0], argv[1], NULL);
	case ACTION_REPLACE_ALL:
		check_argc(r, argc, 2, 3);
		return edit(r, SGIT_CONFIG_EDIT_REPLACE_ALL, argv[0], argv[1], argv[2]);
	case ACTION_GET:
	case ACTION_GET_ALL:
	case ACTION_GET_REGEXP:
		check_argc(r, argc, 1, 2);
		return config_get(r, argc, argv);
	case ACTION_GET_URLMATCH:
		check_argc(r, argc, 2, 2);
		return config_get_urlmatch(r, argv[0], argv[1]);
	case ACTION_UNSET:
		check_argc(r, argc, 1, 2);
		return edit(r, SGIT_CONFIG_EDIT_UNSET, argv[0], NULL, argv[1]);
	case ACTION_UNSET_ALL:
		check_argc(r, argc, 1, 2);
		return edit(r, SGIT_CONFIG_EDIT_UNSET_ALL, argv[0], NULL, argv[1]);
	case ACTION_RENAME_SECTION:
		check_argc(r, argc, 2, 2);
		return rename_section(r, argv[0], argv[1]);
	case ACTION_REMOVE_SECTION:
		check_argc(r, argc, 1, 1);
		return rename_section(r, argv[0], NULL);
	default:
		return cli_fatal("this action is not supported by sgit yet");
	}
}

int cmd_config(int argc, const char **argv, struct cli_ctx *ctx)
{
	struct cli_option opts[OPTION_COUNT];
	struct config_run run, *r = &run;
	int rc;

	memset(r, 0, sizeof(*r));
	sgit_buf_init(&r->file_buf);
	sgit_buf_init(&r->git_dir);
	sgit_buf_init(&r->git_dir_abs);
	sgit_buf_init(&r->local_path);
	sgit_buf_init(&r->origin);
	r->includes = -1;
	r->ctx = ctx;
	r->opts = opts;
	fill_options(opts, r);
	if ((rc = check_parameters(ctx)) != 0)
		goto out;
	argc = cli_parse_options(argc, argv, opts, config_usage_text, CLI_PARSE_STOP_AT_NON_OPTION);
	check_options(r);
	if ((rc = locate(r)) != 0)
		goto out;
	if (r->includes < 0)
		r->includes = !r->file_buf.len && !r->use_stdin && !r->blob;
	r->term = r->end_nul ? '\0' : '\n';
	r->delim = r->end_nul ? '\n' : '=';
	r->key_delim = r->end_nul ? '\n' : ' ';
	check_action(r, argc, argv);
	rc = run_action(r, argc, argv);
out:
	sgit_buf_release(&r->file_buf);
	sgit_buf_release(&r->git_dir);
	sgit_buf_release(&r->git_dir_abs);
	sgit_buf_release(&r->local_path);
	sgit_buf_release(&r->origin);
	return rc;
}
