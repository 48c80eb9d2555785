/* porcelain/cli/sign_cmd.h: signing for commit, commit-tree and tag: settings, key, git's messages */
#ifndef SGIT_CLI_SIGN_CMD_H
#define SGIT_CLI_SIGN_CMD_H

#include "porcelain/cli/cli.h"
#include "sgit/gpg.h"

/*
 * Caller-owned: SIGN_CTX_INIT, or sign_ctx_init() when signing; either
 * way sign_ctx_release().
 */
struct sign_ctx {
	struct sgit_gpg_config cfg;
	struct sgit_buf key;		/* the key gpg gets (-u, -S<key>, user.signingKey, the committer) */
	struct sgit_buf diag;		/* what gpg said, or why it could not run */
	struct sgit_gpg_signer signer;
	int failed;			/* the signature was asked for and failed */
};
#define SIGN_CTX_INIT { SGIT_GPG_CONFIG_INIT, SGIT_BUF_INIT, SGIT_BUF_INIT, { NULL, NULL, NULL }, 0 }

/*
 * Read the gpg settings and choose the key: key_arg (may be NULL or
 * empty), else user.signingKey, else committer ("Name <email> ..."). 0, or
 * the exit code after git's message.
 */
int sign_ctx_init(struct sign_ctx *s, struct cli_ctx *ctx, const char *key_arg, const char *committer);
void sign_ctx_release(struct sign_ctx *s);

/* The sign callback for sgit_commit_create_opts and sgit_tag_create_opts: data is the sign_ctx. */
int sign_ctx_cb(struct sgit_buf *sig, const char *payload, size_t len, void *data, struct sgit_error *err);

/*
 * After the signature failed: what git prints - "fatal: cannot run <gpg>:
 * <reason>" when gpg could not be started (its child's words), then
 * "error: <message of err>" ("gpg failed to sign the data").
 */
void sign_ctx_report(const struct sign_ctx *s, const struct sgit_error *err);

/* A boolean setting (commit.gpgSign, tag.gpgSign): *out 0 when unset; 0, or 128 after git's message. */
int sign_config_bool(int *out, struct cli_ctx *ctx, const char *key);

#endif
