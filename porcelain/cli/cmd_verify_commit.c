/* porcelain/cli/cmd_verify_commit.c: sgit verify-commit: check the GPG signature of commits */
#include <string.h>
#include "porcelain/cli/object_name.h"
#include "porcelain/cli/verify_cmd.h"

static const char *const verify_commit_usage[] = {
	"sgit verify-commit [-v | --verbose] [--raw] <commit>...",
	NULL,
};

/*
 * git parses the object before it looks at a signature: the first line must
 * be "tree <hex>", and whole "parent <hex>" lines must be well formed. NULL
 * when it would parse, else the first half of git's message. Checked before
 * gpg runs, so a signature moved above the tree line never counts.
 */
static const char *commit_parse_problem(const char *buf, size_t len)
{
	struct sgit_oid id;
	size_t at = SGIT_OID_HEXSZ + 6;	/* "tree " + hex + LF */

	if (len <= at || memcmp(buf, "tree ", 5) || buf[at - 1] != '\n')
		return "bogus commit object";
	if (sgit_oid_fromhexn(&id, buf + 5, SGIT_OID_HEXSZ) < 0)
		return "bad tree pointer in commit";
	/* a line shorter than a whole parent line ends the parents, as in git */
	while (len - at >= SGIT_OID_HEXSZ + 8 && !memcmp(buf + at, "parent ", 7)) {
		if (len - at == SGIT_OID_HEXSZ + 8 || sgit_oid_fromhexn(&id, buf + at + 7, SGIT_OID_HEXSZ) < 0 ||
		    buf[at + 7 + SGIT_OID_HEXSZ] != '\n')
			return "bad parents in commit";
		at += SGIT_OID_HEXSZ + 8;
	}
	return NULL;
}

/* 0 verified, 1 not (or not a commit: git's error), 128 when git dies. */
static int verify_one(struct cli_ctx *ctx, const struct sgit_gpg_config *cfg, const char *name, unsigned flags)
{
	struct sgit_sigcheck check = SGIT_SIGCHECK_INIT;
	struct sgit_buf data = SGIT_BUF_INIT, payload = SGIT_BUF_INIT;
	enum sgit_object_type type = SGIT_OBJ_BAD;
	struct sgit_oid id;
	char hex[SGIT_OID_HEXSZ + 1];
	const char *problem;
	int rc;

	if (cli_resolve_object(&id, ctx, name, NULL) < 0)
		return verify_error("commit '%s' not found.", name);
	if (sgit_odb_read(&data, &type, sgit_repo_odb(ctx->repo), &id) < 0) {
		rc = verify_error("%s: unable to read file.", name);
		goto out;
	}
	if (type != SGIT_OBJ_COMMIT) {
		rc = verify_error("%s: cannot verify a non-commit object of type %s.", name,
			       sgit_object_type_name(type));
		goto out;
	}
	if ((problem = commit_parse_problem(data.ptr, data.len))) {
		verify_error("%s %s", problem, sgit_oid_tohex(hex, &id));
		rc = verify_error("%s: unable to read file.", name);
		goto out;
	}
	rc = sgit_signature_check_commit(&check, &payload, cfg, data.ptr, data.len, cli_err(ctx));
	/* an unsigned commit: nothing shown, only the exit code says it */
	rc = rc == 0 ? 1 : verify_report(ctx, rc, &check, &payload, flags, data.ptr, data.len, 1);
out:
	sgit_sigcheck_release(&check);
	sgit_buf_release(&data);
	sgit_buf_release(&payload);
	return rc;
}

int cmd_verify_commit(int argc, const char **argv, struct cli_ctx *ctx)
{
	struct sgit_gpg_config cfg = SGIT_GPG_CONFIG_INIT;
	int verbose = 0, raw = 0, had_error = 0, i, rc;
	const struct cli_option opts[] = {
		CLI_COUNT('v', "verbose", &verbose, "print commit contents"),
		CLI_BOOL(0, "raw", &raw, "print raw gpg status output"),
		CLI_END,
	};
	unsigned flags;

	argc = cli_parse_options(argc, argv, opts, verify_commit_usage, 0);
	if (argc == 0)
		cli_usage_with_options(verify_commit_usage, opts, 1);
	flags = (verbose ? VERIFY_VERBOSE : 0) | (raw ? VERIFY_RAW : 0);
	if ((rc = verify_config(&cfg, ctx)))
		return rc;
	for (i = 0; i < argc; i++) {
		if ((rc = verify_one(ctx, &cfg, argv[i], flags)) == 128)
			return rc;
		if (rc)
			had_error = 1;
	}
	return had_error;
}
