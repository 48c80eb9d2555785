/* porcelain/cli/merge_cmd_msg.c: the merge message's settings and options, shared by merge and fmt-merge-msg */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "porcelain/cli/editor.h"
#include "porcelain/cli/merge_cmd.h"
#include "sgit/person.h"

/* "Name <email>" of role, or empty when git could not tell either. */
static void who(struct sgit_buf *out, struct cli_ctx *ctx, enum sgit_person_role role)
{
	struct sgit_person_options p = SGIT_PERSON_OPTIONS_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;

	p.repo = ctx->repo;
	p.now = (int64_t)time(NULL);
	p.no_date = 1;
	if (sgit_person_ident(out, NULL, role, &p, &err) < 0)
		sgit_buf_reset(out);
}

int cli_merge_msg_setup(struct sgit_merge_msg_options *opts, struct cli_merge_msg_env *env,
			struct cli_ctx *ctx)
{
	if (sgit_merge_msg_config_load(&env->config, sgit_repo_config(ctx->repo), cli_err(ctx)) < 0) {
		cli_error("%s", sgit_error_message(cli_err(ctx)));
		return cli_fatal("bad merge configuration");
	}
	sgit_buf_init(&env->author);
	sgit_buf_init(&env->committer);
	who(&env->author, ctx, SGIT_PERSON_AUTHOR);
	who(&env->committer, ctx, SGIT_PERSON_COMMITTER);
	opts->config = &env->config;
	opts->shortlog_len = env->config.log;
	opts->comment_char = cli_comment_char(ctx);
	opts->author_ident = env->author.len ? env->author.ptr : NULL;
	opts->committer_ident = env->committer.len ? env->committer.ptr : NULL;
	return 0;
}

void cli_merge_msg_env_release(struct cli_merge_msg_env *env)
{
	sgit_merge_msg_config_release(&env->config);
	sgit_buf_release(&env->author);
	sgit_buf_release(&env->committer);
}

void cli_merge_print_diag(const struct sgit_buf *diag)
{
	if (!diag->len)
		return;
	fflush(stdout);
	fwrite(diag->ptr, 1, diag->len, stderr);
}

int cli_merge_log_cb(const struct cli_option *opt, const char *arg, int unset)
{
	int *len = opt->value;
	char *end;
	long v;

	if (unset || !arg) {
		*len = unset ? 0 : SGIT_MERGE_MSG_LOG_DEFAULT;
		return 0;
	}
	v = strtol(arg, &end, 10);
	if (!*arg || *end) {
		fprintf(stderr, "error: option `%s' expects a numerical value\n", opt->long_name);
		return 1;
	}
	*len = (int)v;
	return 0;
}
