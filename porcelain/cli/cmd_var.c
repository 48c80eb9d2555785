/* porcelain/cli/cmd_var.c: sgit var (-l | <variable>): the identities, editor and pager git would use */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "porcelain/cli/cli.h"
#include "sgit/person.h"
#include "sgit/programs.h"

static const char *const var_usage[] = { "sgit var (-l | <variable>)", NULL };

struct var_env {
	struct cli_ctx *ctx;
	const struct sgit_config *cfg;
	int64_t now;
	int strict;		/* asked for by name (refuse as git does), not listed */
	struct sgit_buf value;
};

typedef int (*var_fn)(const char **out, struct var_env *env);

static int ident(const char **out, struct var_env *env, enum sgit_person_role role)
{
	struct sgit_person_options opts = SGIT_PERSON_OPTIONS_INIT;
	int hint = 0;

	opts.repo = env->ctx->repo;
	opts.config = env->cfg;
	opts.now = env->now;
	opts.strict = env->strict;
	if (sgit_person_ident(&env->value, &hint, role, &opts, cli_err(env->ctx)) < 0) {
		if (hint)
			fputs(sgit_person_hint(role), stderr);
		return cli_fatal_err(cli_err(env->ctx));
	}
	*out = env->value.ptr;
	return 0;
}

static int committer_ident(const char **out, struct var_env *env)
{
	return ident(out, env, SGIT_PERSON_COMMITTER);
}

static int author_ident(const char **out, struct var_env *env)
{
	return ident(out, env, SGIT_PERSON_AUTHOR);
}

static int editor(const char **out, struct var_env *env)
{
	*out = sgit_program_editor(env->ctx->repo, NULL, env->cfg);
	if (!*out && env->strict)
		return cli_fatal("Terminal is dumb, but EDITOR unset");
	return 0;
}

static int pager(const char **out, struct var_env *env)
{
	*out = sgit_program_pager(env->ctx->repo, NULL, env->cfg);
	if (!*out)
		*out = "cat";
	return 0;
}

static int default_branch(const char **out, struct var_env *env)
{
	const struct sgit_config_entry *e;

	*out = "master";
	if (sgit_config_get_entry(&e, env->cfg, "init.defaultbranch") < 0)
		return 0;
	if (!e->value || !*e->value)
		return cli_fatal("invalid branch name: init.defaultBranch = %s",
				 e->value ? e->value : "");
	*out = e->value;
	return 0;
}

/* In git's order, which is the order of "sgit var -l". */
static const struct {
	const char *name;
	var_fn read;
} vars[] = {
	{ "GIT_COMMITTER_IDENT", committer_ident },
	{ "GIT_AUTHOR_IDENT", author_ident },
	{ "GIT_EDITOR", editor },
	{ "GIT_PAGER", pager },
	{ "GIT_DEFAULT_BRANCH", default_branch },
};

/*
 * git reads these while loading its configuration and stops at a key without
 * a value, whichever variable was asked for.
 */
static int check_config(const struct sgit_config *cfg, struct sgit_error *err)
{
	static const char *const string_keys[] = {
		"user.name", "user.email", "author.name", "author.email",
		"committer.name", "committer.email", "core.editor",
	};
	const struct sgit_config_entry *e;
	size_t i;
	int only, rc;

	for (i = 0; i < sizeof(string_keys) / sizeof(string_keys[0]); i++)
		if (!sgit_config_get_entry(&e, cfg, string_keys[i]) && !e->value)
			return sgit_error_set(err, SGIT_ECONFIG, "missing value for '%s'", string_keys[i]);
	rc = sgit_config_get_bool(&only, cfg, "user.useconfigonly", err);
	return rc == SGIT_ENOTFOUND ? 0 : rc;
}

static int print_config_entry(const struct sgit_config_entry *e, void *payload)
{
	(void)payload;
	if (e->value)
		printf("%s=%s\n", e->key, e->value);
	else
		printf("%s\n", e->key);
	return 0;
}

static int list_vars(struct var_env *env)
{
	const char *value;
	size_t i;
	int rc;

	sgit_config_foreach(env->cfg, print_config_entry, NULL);
	for (i = 0; i < sizeof(vars) / sizeof(vars[0]); i++) {
		if ((rc = vars[i].read(&value, env)))
			return rc;
		if (value)
			printf("%s=%s\n", vars[i].name, value);
	}
	return 0;
}

static int show_var(struct var_env *env, const char *name)
{
	const char *value = NULL;
	size_t i;
	int rc;

	for (i = 0; i < sizeof(vars) / sizeof(vars[0]); i++)
		if (!strcmp(name, vars[i].name))
			break;
	if (i == sizeof(vars) / sizeof(vars[0])) {
		fprintf(stderr, "usage: %s\n", var_usage[0]);
		return 129;
	}
	if ((rc = vars[i].read(&value, env)))
		return rc;
	printf("%s\n", value);
	return 0;
}

int cmd_var(int argc, const char **argv, struct cli_ctx *ctx)
{
	struct sgit_config *loaded = NULL;
	struct var_env env = { ctx, NULL, (int64_t)time(NULL), 0, SGIT_BUF_INIT };
	int rc;

	if (argc != 2) {
		fprintf(stderr, "usage: %s\n", var_usage[0]);
		return 129;
	}
	/* outside a repository: the system and global configuration, and -c */
	if (ctx->repo)
		env.cfg = sgit_repo_config(ctx->repo);
	else if (sgit_config_load_standard(&loaded, &ctx->repo_opts, NULL, &ctx->err) < 0)
		return cli_fatal_err(&ctx->err);
	else
		env.cfg = loaded;
	if (check_config(env.cfg, cli_err(ctx)) < 0) {
		rc = cli_fatal_err(cli_err(ctx));
		goto out;
	}
	env.strict = strcmp(argv[1], "-l") != 0;
	rc = env.strict ? show_var(&env, argv[1]) : list_vars(&env);
out:
	sgit_buf_release(&env.value);
	sgit_config_free(loaded);
	return rc;
}
