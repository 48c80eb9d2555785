/* porcelain/cli/ref_cmd.c: the committer of reflog entries, revisions for the ref commands */
#include <string.h>
#include <time.h>
#include "porcelain/cli/ref_cmd.h"
#include "sgit/index.h"

int cli_refcmd_committer(struct sgit_buf *out, struct cli_ctx *ctx)
{
	struct sgit_person_options opts = SGIT_PERSON_OPTIONS_INIT;

	opts.repo = ctx->repo;
	opts.now = (int64_t)time(NULL);
	if (sgit_person_ident(out, NULL, SGIT_PERSON_COMMITTER, &opts, cli_err(ctx)) < 0)
		return cli_fatal_err(cli_err(ctx));
	return 0;
}

static void warn_stderr(const char *message, void *payload)
{
	(void)payload;
	cli_warning("%s", message);
}

/* ":path" and ":N:path": the entry of the repository's index at that stage. */
static int index_lookup(struct sgit_oid *out, const char *path, int stage, void *payload)
{
	struct cli_ctx *ctx = payload;
	struct sgit_index *idx = NULL;
	const struct sgit_index_entry *e;
	int rc;

	if ((rc = sgit_index_open(&idx, ctx->repo)) < 0)
		return rc;
	e = sgit_index_get(idx, path, stage);
	if (e)
		*out = e->id;
	sgit_index_free(idx);
	return e ? 0 : SGIT_ENOTFOUND;
}

void cli_refcmd_revparse_env(struct sgit_revparse_env *env, struct cli_ctx *ctx)
{
	memset(env, 0, sizeof(*env));
	env->odb = sgit_repo_odb(ctx->repo);
	env->refdb = sgit_repo_refdb(ctx->repo);
	env->warn = warn_stderr;
	env->err = cli_err(ctx);
	if (sgit_repo_work_tree(ctx->repo)) {
		env->index_lookup = index_lookup;
		env->index_payload = ctx;
	}
	if (sgit_repo_inside_work_tree(ctx->repo))
		env->prefix = sgit_repo_prefix(ctx->repo);
}

int cli_refcmd_resolve(struct sgit_oid *out, struct cli_ctx *ctx, const char *spec)
{
	struct sgit_revparse_env env;

	cli_refcmd_revparse_env(&env, ctx);
	return sgit_revparse_single(out, NULL, &env, spec);
}
