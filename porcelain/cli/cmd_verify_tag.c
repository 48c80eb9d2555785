/* porcelain/cli/cmd_verify_tag.c: sgit verify-tag, and what verify-commit and tag -v share with it */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "porcelain/cli/object_name.h"
#include "porcelain/cli/verify_cmd.h"
#include "sgit/ref_format.h"
#include "sgit/tag.h"
#include "util/fs.h"

static const char *const verify_tag_usage[] = {
	"sgit verify-tag [-v | --verbose] [--format=<format>] [--raw] <tag>...",
	NULL,
};

/*
 * Not cli_error(): that flushes stdout first, and git's error() leaves
 * stdout's buffer alone, which decides where a tag written straight to the
 * descriptor lands among the payloads (verify-tag -v over several tags).
 */
int verify_error(const char *fmt, ...)
{
	va_list ap;

	fputs("error: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return 1;
}

/* What git says when gpg does not start (see sgit_gpg_run_failure_prefix); git goes on. */
static void run_failure(const char *msg)
{
	fprintf(stderr, "%s%s\n", sgit_gpg_run_failure_prefix(msg), msg);
}

int verify_config(struct sgit_gpg_config *cfg, struct cli_ctx *ctx)
{
	return sgit_signature_config(cfg, ctx->repo) < 0 ? cli_fatal_err(cli_err(ctx)) : 0;
}

/* git dies on a signature of no known format, quoting all of it (up to a NUL byte). */
static int bad_signature(struct cli_ctx *ctx, const char *obj, size_t len, int is_commit)
{
	struct sgit_buf sig = SGIT_BUF_INIT;
	int rc;

	if ((is_commit ? sgit_signature_split_commit(NULL, &sig, obj, len)
		       : sgit_signature_split_tag(NULL, &sig, obj, len)) < 0)
		return cli_fatal("out of memory");
	if (sgit_sig_format_of(sig.ptr, sig.len) == SGIT_SIG_NONE)
		rc = cli_fatal("bad/incompatible signature '%s'", sig.ptr);
	else
		rc = cli_fatal_err(cli_err(ctx));
	sgit_buf_release(&sig);
	return rc;
}

int verify_report(struct cli_ctx *ctx, int rc, const struct sgit_sigcheck *check,
		  const struct sgit_buf *payload, unsigned flags, const char *obj, size_t len,
		  int is_commit)
{
	const struct sgit_buf *shown = (flags & VERIFY_RAW) ? &check->status : &check->output;

	if (rc == SGIT_EINVALID)
		return bad_signature(ctx, obj, len, is_commit);
	if (rc == SGIT_ENOMEM)
		return cli_fatal_err(cli_err(ctx));
	/* what git survives: gpg that does not start, a failed temp file */
	if (rc == SGIT_EGPG)
		run_failure(sgit_error_message(cli_err(ctx)));
	else if (rc < 0)
		verify_error("%s", sgit_error_message(cli_err(ctx)));
	if (flags & VERIFY_OMIT_STATUS)
		return !check->verified;
	if ((flags & VERIFY_VERBOSE) && payload)
		fwrite(payload->ptr, 1, payload->len, stdout);
	/* git prints it as a string: up to a NUL byte */
	fputs(shown->ptr, stderr);
	return !check->verified;
}

int verify_tag_object(struct cli_ctx *ctx, const struct sgit_gpg_config *cfg, const struct sgit_oid *id,
		      const char *name, unsigned flags)
{
	struct sgit_sigcheck check = SGIT_SIGCHECK_INIT;
	struct sgit_buf data = SGIT_BUF_INIT, payload = SGIT_BUF_INIT;
	enum sgit_object_type type = SGIT_OBJ_BAD;
	size_t size;
	int rc;

	if (sgit_odb_read_header(&size, &type, sgit_repo_odb(ctx->repo), id) < 0)
		type = SGIT_OBJ_BAD;
	if (type != SGIT_OBJ_TAG) {
		const char *tn = sgit_object_type_name(type);

		/* git formats the missing type name as printf does a NULL string */
		return verify_error("%s: cannot verify a non-tag object of type %s.", name, tn ? tn : "(null)");
	}
	if (sgit_odb_read(&data, &type, sgit_repo_odb(ctx->repo), id) < 0) {
		rc = verify_error("%s: unable to read file.", name);
		goto out;
	}
	rc = sgit_signature_check_tag(&check, &payload, cfg, data.ptr, data.len, cli_err(ctx));
	if (rc == 0) {
		/* git writes the tag straight to the descriptor, past stdout's buffer */
		if ((flags & VERIFY_VERBOSE) && sgit_fs_write_all(1, data.ptr, data.len, "stdout", NULL) < 0)
			rc = cli_fatal("unable to write to standard output");
		else
			rc = verify_error("no signature found");
		goto out;
	}
	rc = verify_report(ctx, rc, &check, &payload, flags, data.ptr, data.len, 0);
out:
	sgit_sigcheck_release(&check);
	sgit_buf_release(&data);
	sgit_buf_release(&payload);
	return rc;
}

int verify_format_new(struct sgit_ref_format **out, struct cli_ctx *ctx, const char *format,
		      const char *const *usage, const struct cli_option *opts)
{
	struct sgit_ref_format_options fo = SGIT_REF_FORMAT_OPTIONS_INIT;
	int malformed = 0;

	fo.now = (int64_t)time(NULL);
	fo.to_terminal = isatty(1);
	if (sgit_ref_format_new(out, &malformed, ctx->repo, format, &fo) < 0) {
		if (malformed)
			cli_usage_error(usage, opts, "%s", sgit_error_message(cli_err(ctx)));
		return cli_fatal_err(cli_err(ctx));
	}
	return 0;
}

int verify_format_print(struct cli_ctx *ctx, struct sgit_ref_format *fmt, const char *name,
			const struct sgit_oid *id)
{
	struct sgit_ref_list *list = NULL;
	struct sgit_buf line = SGIT_BUF_INIT;
	int rc = 0;

	if (sgit_ref_list_one(&list, ctx->repo, name, id) < 0 ||
	    sgit_ref_format_expand(&line, fmt, list, 0) < 0 || sgit_buf_addch(&line, '\n') < 0)
		rc = cli_fatal_err(cli_err(ctx));
	else
		fwrite(line.ptr, 1, line.len, stdout);
	sgit_buf_release(&line);
	sgit_ref_list_free(list);
	return rc;
}

int cmd_verify_tag(int argc, const char **argv, struct cli_ctx *ctx)
{
	struct sgit_gpg_config cfg = SGIT_GPG_CONFIG_INIT;
	struct sgit_ref_format *fmt = NULL;
	const char *format = NULL;
	int verbose = 0, raw = 0, had_error = 0, i, rc;
	unsigned flags = 0;
	const struct cli_option opts[] = {
		CLI_COUNT('v', "verbose", &verbose, "print tag contents"),
		CLI_BOOL(0, "raw", &raw, "print raw gpg status output"),
		CLI_STRING(0, "format", &format, "format", "format to use for the output"),
		CLI_END,
	};

	argc = cli_parse_options(argc, argv, opts, verify_tag_usage, 0);
	if (argc == 0)
		cli_usage_with_options(verify_tag_usage, opts, 1);
	flags = (verbose ? VERIFY_VERBOSE : 0) | (raw ? VERIFY_RAW : 0);
	if (format && (rc = verify_format_new(&fmt, ctx, format, verify_tag_usage, opts)))
		goto out;
	if (fmt)
		flags |= VERIFY_OMIT_STATUS;
	if ((rc = verify_config(&cfg, ctx)))
		goto out;
	for (i = 0; i < argc; i++) {
		struct sgit_oid id;

		if (cli_resolve_object(&id, ctx, argv[i], NULL) < 0) {
			had_error = verify_error("tag '%s' not found.", argv[i]);
			continue;
		}
		if ((rc = verify_tag_object(ctx, &cfg, &id, argv[i], flags)) == 128)
			goto out;
		if (rc) {
			had_error = 1;
			continue;
		}
		if (fmt && (rc = verify_format_print(ctx, fmt, argv[i], &id)))
			goto out;
	}
	rc = had_error;
out:
	sgit_ref_format_free(fmt);
	return rc;
}
