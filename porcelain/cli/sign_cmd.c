/* porcelain/cli/sign_cmd.c: signing for commit, commit-tree and tag */
#include <string.h>
#include "porcelain/cli/sign_cmd.h"
#include "sgit/signature.h"

int sign_ctx_init(struct sign_ctx *s, struct cli_ctx *ctx, const char *key_arg, const char *committer)
{
	memset(s, 0, sizeof(*s));
	sgit_buf_init(&s->key);
	sgit_buf_init(&s->diag);
	s->signer.cfg = &s->cfg;
	s->signer.diag = &s->diag;
	if (sgit_signature_config(&s->cfg, ctx->repo) < 0 ||
	    sgit_gpg_pick_key(&s->key, key_arg, s->cfg.signing_key, committer, cli_err(ctx)) < 0)
		return cli_fatal_err(cli_err(ctx));
	s->signer.key = s->key.ptr;
	return 0;
}

void sign_ctx_release(struct sign_ctx *s)
{
	sgit_buf_release(&s->key);
	sgit_buf_release(&s->diag);
}

int sign_ctx_cb(struct sgit_buf *sig, const char *payload, size_t len, void *data, struct sgit_error *err)
{
	struct sign_ctx *s = data;
	int rc = sgit_gpg_sign_cb(sig, payload, len, &s->signer, err);

	s->failed = rc < 0;
	return rc;
}

void sign_ctx_report(const struct sign_ctx *s, const struct sgit_error *err)
{
	/* gpg's own messages end with LF; the one line saying it could not start does not */
	if (!strncmp(s->diag.ptr, "cannot run ", 11) && !memchr(s->diag.ptr, '\n', s->diag.len))
		fprintf(stderr, "%s%s\n", sgit_gpg_run_failure_prefix(s->diag.ptr), s->diag.ptr);
	cli_error("%s", sgit_error_message(err));
}

int sign_config_bool(int *out, struct cli_ctx *ctx, const char *key)
{
	int rc = sgit_config_get_bool(out, sgit_repo_config(ctx->repo), key, cli_err(ctx));

	if (rc == SGIT_ENOTFOUND) {
		*out = 0;
		return 0;
	}
	return rc < 0 ? cli_fatal_err(cli_err(ctx)) : 0;
}
