/* porcelain/repo/repo_config.c: which configuration files a command reads, in git's order */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "porcelain/repo/repo_int.h"
#include "util/fs.h"

#define SYSTEM_CONFIG "/etc/gitconfig"

static const char *default_getenv(const char *name)
{
	return getenv(name);
}

sgit_getenv_fn sgit_repo__env_fn(const struct sgit_repo_options *opts)
{
	return opts && opts->getenv ? opts->getenv : default_getenv;
}

int sgit_repo__env_bool(int *out, sgit_getenv_fn env, const char *name, int dflt,
			struct sgit_error *err)
{
	const char *v = env(name);

	*out = dflt;
	if (!v)
		return 0;
	if (!*v) {
		*out = 0;	/* an empty variable is false, as an empty config value */
		return 0;
	}
	if (sgit_config_parse_bool(out, v) < 0) {
		*out = dflt;
		return sgit_error_set(err, SGIT_ECONFIG, "bad boolean config value '%s' for '%s'",
				      v, name);
	}
	return 0;
}

/*
 * The two global files: GIT_CONFIG_GLOBAL alone when set; else
 * "$XDG_CONFIG_HOME/git/config" (or "$HOME/.config/git/config") and
 * "$HOME/.gitconfig". An empty buffer means there is no such file.
 */
static int global_paths(struct sgit_buf *user, struct sgit_buf *xdg, sgit_getenv_fn env)
{
	const char *forced = env("GIT_CONFIG_GLOBAL"), *home = env("HOME");
	const char *xdg_home = env("XDG_CONFIG_HOME");
	int rc = 0;

	sgit_buf_reset(user);
	sgit_buf_reset(xdg);
	if (forced)
		return sgit_buf_sets(user, forced);
	if (home)
		rc = sgit_buf_printf(user, "%s/.gitconfig", home);
	if (!rc && xdg_home && *xdg_home)
		rc = sgit_buf_printf(xdg, "%s/git/config", xdg_home);
	else if (!rc && home)
		rc = sgit_buf_printf(xdg, "%s/.config/git/config", home);
	return rc;
}

int sgit_config_global_path(struct sgit_buf *out, const struct sgit_repo_options *opts,
			    struct sgit_error *err)
{
	struct sgit_buf user = SGIT_BUF_INIT, xdg = SGIT_BUF_INIT;
	sgit_getenv_fn env = sgit_repo__env_fn(opts);
	int rc;

	if ((rc = global_paths(&user, &xdg, env)) < 0) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	if (!user.len && !env("GIT_CONFIG_GLOBAL")) {
		/* without HOME, nobody knows whether ~/.gitconfig would have won over the XDG file */
		rc = sgit_error_set(err, SGIT_EINVALID, "$HOME not set");
		goto out;
	}
	/* the XDG file is written only when it exists and ~/.gitconfig does not */
	if (access(user.ptr, R_OK) < 0 && xdg.len && access(xdg.ptr, R_OK) == 0)
		sgit_buf_swap(&user, &xdg);
	sgit_buf_swap(out, &user);
out:
	sgit_buf_release(&user);
	sgit_buf_release(&xdg);
	return rc;
}

/* One key and value from the environment; value NULL is a bare key (true). */
static int add_pair(struct sgit_config *cfg, const char *key, const char *value,
		    struct sgit_error *err)
{
	struct sgit_buf kv = SGIT_BUF_INIT;
	int rc;

	if (!*key)
		return sgit_error_set(err, SGIT_EINVALID, "empty config key");
	/*
	 * A subsection holding '=' is cut there (git keeps it): this needs a
	 * key/value form of sgit_config_add_parameter.
	 */
	if (sgit_buf_sets(&kv, key) < 0 || (value && sgit_buf_printf(&kv, "%s=%s", key, value) < 0)) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	rc = sgit_config_add_parameter(cfg, kv.ptr, err);
out:
	sgit_buf_release(&kv);
	return rc;
}

/* GIT_CONFIG_COUNT with GIT_CONFIG_KEY_<n> / GIT_CONFIG_VALUE_<n>. */
static int add_env_count(struct sgit_config *cfg, sgit_getenv_fn env, struct sgit_error *err)
{
	const char *count_s = env("GIT_CONFIG_COUNT"), *key, *value;
	char name[64], *end;
	unsigned long count, i;
	int rc = 0;

	if (!count_s)
		return 0;
	errno = 0;
	count = strtoul(count_s, &end, 10);
	if (*end)
		return sgit_error_set(err, SGIT_ECONFIG, "bogus count in GIT_CONFIG_COUNT");
	if (count > INT_MAX || errno == ERANGE)
		return sgit_error_set(err, SGIT_ECONFIG, "too many entries in GIT_CONFIG_COUNT");
	for (i = 0; i < count && !rc; i++) {
		snprintf(name, sizeof(name), "GIT_CONFIG_KEY_%lu", i);
		if (!(key = env(name)))
			return sgit_error_set(err, SGIT_ECONFIG, "missing config key %s", name);
		snprintf(name, sizeof(name), "GIT_CONFIG_VALUE_%lu", i);
		if (!(value = env(name)))
			return sgit_error_set(err, SGIT_ECONFIG, "missing config value %s", name);
		rc = add_pair(cfg, key, value, err);
	}
	return rc;
}

/*
 * Undo one shell single-quoted word in place ('it'\''s' -> it's). Returns
 * the word, or NULL when s is not quoted properly; *next is what follows
 * the word, or NULL at the end of the string.
 */
static char *sq_dequote_step(char *s, char **next)
{
	char *dst = s, *src = s;

	if (*src != '\'')
		return NULL;
	for (;;) {
		char c = *++src;

		if (!c)
			return NULL;
		if (c != '\'') {
			*dst++ = c;
			continue;
		}
		c = *++src;
		if (c == '\\' && (src[1] == '\'' || src[1] == '!') && src[2] == '\'') {
			*dst++ = src[1];
			src += 2;
			continue;
		}
		*dst = '\0';
		if (!c) {
			*next = NULL;
			return s;
		}
		*next = src;
		return s;
	}
}

/* One word of GIT_CONFIG_PARAMETERS: 'key=value' (old) or 'key'='value' / 'key'= (new). */
static int add_param_word(struct sgit_config *cfg, char **cur, struct sgit_error *err)
{
	char *key = sq_dequote_step(*cur, cur), *value = NULL;

	if (!key)
		goto bogus;
	if (!*cur || isspace((unsigned char)**cur))
		return sgit_config_add_parameter(cfg, key, err);
	if (**cur != '=')
		goto bogus;
	++*cur;
	if (**cur == '\'') {
		if (!(value = sq_dequote_step(*cur, cur)) || (*cur && !isspace((unsigned char)**cur)))
			goto bogus;
	} else if (**cur && !isspace((unsigned char)**cur)) {
		goto bogus;
	}
	return add_pair(cfg, key, value, err);
bogus:
	return sgit_error_set(err, SGIT_ECONFIG, "bogus format in GIT_CONFIG_PARAMETERS");
}

static int add_env_parameters(struct sgit_config *cfg, sgit_getenv_fn env, struct sgit_error *err)
{
	const char *params = env("GIT_CONFIG_PARAMETERS");
	char *copy = NULL, *cur;
	int rc = 0;

	if (!params)
		return 0;
	if (!(copy = strdup(params)))
		return sgit_error_nomem(err);
	for (cur = copy; cur && *cur && !rc;) {
		rc = add_param_word(cfg, &cur, err);
		while (cur && isspace((unsigned char)*cur))
			cur++;
	}
	free(copy);
	return rc;
}

/* GIT_CONFIG_COUNT pairs, then GIT_CONFIG_PARAMETERS, then -c: git's order for command-line config. */
static int add_command_line(struct sgit_config *cfg, const struct sgit_repo_options *opts,
			    sgit_getenv_fn env, struct sgit_error *err)
{
	size_t i;
	int rc;

	if ((rc = add_env_count(cfg, env, err)) < 0 || (rc = add_env_parameters(cfg, env, err)) < 0)
		return rc;
	for (i = 0; opts && i < opts->nconfig_parameters; i++)
		if ((rc = sgit_config_add_parameter(cfg, opts->config_parameters[i], err)) < 0)
			return rc;
	return 0;
}

static int add_system_and_global(struct sgit_config *cfg, sgit_getenv_fn env, struct sgit_error *err)
{
	struct sgit_buf user = SGIT_BUF_INIT, xdg = SGIT_BUF_INIT;
	const char *system_path = env("GIT_CONFIG_SYSTEM");
	int nosystem, rc;

	if ((rc = sgit_repo__env_bool(&nosystem, env, "GIT_CONFIG_NOSYSTEM", 0, err)) < 0)
		goto out;
	if (!nosystem && (rc = sgit_config_add_file(cfg, system_path ? system_path : SYSTEM_CONFIG,
						     SGIT_CONFIG_SCOPE_SYSTEM, err)) < 0)
		goto out;
	if ((rc = global_paths(&user, &xdg, env)) < 0) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	/* XDG first: ~/.gitconfig, read later, wins */
	if (xdg.len && (rc = sgit_config_add_file(cfg, xdg.ptr, SGIT_CONFIG_SCOPE_GLOBAL, err)) < 0)
		goto out;
	if (user.len && (rc = sgit_config_add_file(cfg, user.ptr, SGIT_CONFIG_SCOPE_GLOBAL, err)) < 0)
		goto out;
out:
	sgit_buf_release(&user);
	sgit_buf_release(&xdg);
	return rc;
}

/*
 * The short name of the branch HEAD points at, born or not, for
 * includeIf "onbranch:": read from "<git_dir>/HEAD" directly, because the
 * config is loaded before the ref store exists. Empty when HEAD is detached
 * or cannot be read: the condition is then false, as in git.
 */
static int head_branch(struct sgit_buf *out, const char *git_dir)
{
	struct sgit_buf path = SGIT_BUF_INIT, head = SGIT_BUF_INIT;
	const char *p;
	int rc = 0;

	sgit_buf_reset(out);
	if (sgit_fs_join(&path, git_dir, "HEAD") < 0) {
		rc = SGIT_ENOMEM;
		goto out;
	}
	if (sgit_fs_read_file(&head, path.ptr, NULL) < 0 || strncmp(head.ptr, "ref:", 4))
		goto out;
	for (p = head.ptr + 4; *p == ' ' || *p == '\t'; p++)
		;
	while (head.len && isspace((unsigned char)head.ptr[head.len - 1]))
		sgit_buf_truncate(&head, head.len - 1);
	if (!strncmp(p, "refs/heads/", 11) && p[11])
		rc = sgit_buf_sets(out, p + 11);
out:
	sgit_buf_release(&path);
	sgit_buf_release(&head);
	return rc;
}

/* What includes need to know: HOME for "~/", the git dir and its branch for includeIf. */
static int set_include_info(struct sgit_config *cfg, sgit_getenv_fn env, const char *git_dir)
{
	struct sgit_config_include_info info = { env("HOME"), git_dir, NULL };
	struct sgit_buf branch = SGIT_BUF_INIT;
	int rc = 0;

	if (git_dir && (rc = head_branch(&branch, git_dir)) < 0)
		goto out;
	info.branch = branch.len ? branch.ptr : NULL;
	rc = sgit_config_set_include_info(cfg, &info);
out:
	sgit_buf_release(&branch);
	return rc;
}

/* Ready cfg for loading: whether it follows includes, and what their conditions see. */
static int prepare_config(struct sgit_config *cfg, sgit_getenv_fn env, const char *git_dir,
			  int follow_includes, struct sgit_error *err)
{
	if (set_include_info(cfg, env, git_dir) < 0)
		return sgit_error_nomem(err);
	sgit_config_follow_includes(cfg, follow_includes);
	return 0;
}

/* Append every scope to cfg; on failure cfg keeps what was read before. */
static int load_all(struct sgit_config *cfg, const struct sgit_repo_options *opts,
		    const char *git_dir, const char *common_dir, int worktree_config,
		    int follow_includes, struct sgit_error *err)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	sgit_getenv_fn env = sgit_repo__env_fn(opts);
	int rc;

	if ((rc = prepare_config(cfg, env, git_dir, follow_includes, err)) < 0)
		goto out;
	if ((rc = add_system_and_global(cfg, env, err)) < 0)
		goto out;
	if (git_dir && ((rc = sgit_fs_join(&path, common_dir, "config")) < 0 ||
			(rc = sgit_config_add_file(cfg, path.ptr, SGIT_CONFIG_SCOPE_LOCAL, err)) < 0))
		goto out;
	if (git_dir && worktree_config &&
	    ((rc = sgit_fs_join(&path, git_dir, "config.worktree")) < 0 ||
	     (rc = sgit_config_add_file(cfg, path.ptr, SGIT_CONFIG_SCOPE_LOCAL, err)) < 0))
		goto out;
	rc = add_command_line(cfg, opts, env, err);
out:
	if (rc == SGIT_ENOMEM)
		sgit_error_nomem(err);
	sgit_buf_release(&path);
	return rc;
}

int sgit_repo__load_config(struct sgit_config **out, const struct sgit_repo_options *opts,
			   const char *git_dir, const char *common_dir, int worktree_config,
			   struct sgit_error *err)
{
	struct sgit_config *cfg = NULL;
	int rc;

	*out = NULL;
	if (sgit_config_new(&cfg) < 0)
		return sgit_error_nomem(err);
	if ((rc = load_all(cfg, opts, git_dir, common_dir, worktree_config, 1, err)) < 0) {
		sgit_config_free(cfg);
		return rc;
	}
	*out = cfg;
	return 0;
}

/* Every scope into cfg, with git_dir's own files when it is not NULL. */
static int load_standard(struct sgit_config *cfg, const struct sgit_repo_options *opts,
			 const char *git_dir, int follow_includes, struct sgit_error *err)
{
	struct sgit_buf common = SGIT_BUF_INIT;
	struct sgit_repo_format fmt = SGIT_REPO_FORMAT_INIT;
	int has_common = 0, rc = 0;

	if (git_dir &&
	    ((rc = sgit_repo__common_dir(&common, &has_common, git_dir, sgit_repo__env_fn(opts), err)) < 0 ||
	     (rc = sgit_repo__read_format(&fmt, git_dir, common.ptr, has_common, err)) < 0))
		goto out;
	rc = load_all(cfg, opts, git_dir, common.ptr, fmt.worktree_config, follow_includes, err);
out:
	sgit_repo__format_release(&fmt);
	sgit_buf_release(&common);
	return rc;
}

int sgit_config_load_standard(struct sgit_config **out, const struct sgit_repo_options *opts,
			      const char *git_dir, struct sgit_error *err)
{
	struct sgit_config *cfg = NULL;
	int rc;

	*out = NULL;
	if (sgit_config_new(&cfg) < 0)
		return sgit_error_nomem(err);
	if ((rc = load_standard(cfg, opts, git_dir, 1, err)) < 0) {
		sgit_config_free(cfg);
		return rc;
	}
	*out = cfg;
	return 0;
}

int sgit_config_load_selected(struct sgit_config *cfg, const struct sgit_repo_options *opts,
			      const struct sgit_config_load_options *lo, struct sgit_error *err)
{
	int rc;

	if (!lo->file)
		return load_standard(cfg, opts, lo->git_dir, lo->follow_includes, err);
	if ((rc = prepare_config(cfg, sgit_repo__env_fn(opts), lo->git_dir, lo->follow_includes, err)) < 0)
		return rc;
	return sgit_config_add_file(cfg, lo->file, lo->scope, err);
}
