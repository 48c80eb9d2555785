/* porcelain/cli/verify_cmd.h: what verify-commit, verify-tag and tag -v share */
#ifndef SGIT_CLI_VERIFY_CMD_H
#define SGIT_CLI_VERIFY_CMD_H

#include "porcelain/cli/cli.h"
#include "sgit/signature.h"

/* git's GPG_VERIFY_* flags */
enum verify_flags {
	VERIFY_VERBOSE = 1,	/* -v: the signed payload on stdout first */
	VERIFY_RAW = 2,		/* --raw: gpg's status lines instead of its messages */
	VERIFY_OMIT_STATUS = 4,	/* --format: nothing of gpg's shown */
};

/* "error: <message>" on stderr, stdout's buffer left alone as git's error() does; returns 1. */
int verify_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Load the gpg settings; 0, or the exit code after git's message. */
int verify_config(struct sgit_gpg_config *cfg, struct cli_ctx *ctx);

/*
 * After sgit_signature_check_commit() or _tag() returned rc: print git's
 * words for a failure it survives, then what print_signature_buffer shows
 * (the payload on stdout with -v when signed; gpg's messages, or with --raw
 * its status lines, on stderr). Returns 0 when the signature verified, 1
 * when not, 128 after "fatal: ..." when git dies (a signature of unknown
 * format, quoted whole from obj, the object's len bytes; is_commit says how
 * to find the signature in it).
 */
int verify_report(struct cli_ctx *ctx, int rc, const struct sgit_sigcheck *check,
		  const struct sgit_buf *payload, unsigned flags, const char *obj, size_t len,
		  int is_commit);

/*
 * git's gpg_verify_tag: the tag id (named name) must be a tag; it is
 * checked and reported as above; an unsigned tag is "error: no signature
 * found" (its bytes on stdout first with -v). 0, 1 or 128.
 */
int verify_tag_object(struct cli_ctx *ctx, const struct sgit_gpg_config *cfg, const struct sgit_oid *id,
		      const char *name, unsigned flags);

/* --format: parse it (git's usage on a malformed one, exit 129, via usage/opts); 0 or 128. */
struct sgit_ref_format;
int verify_format_new(struct sgit_ref_format **out, struct cli_ctx *ctx, const char *format,
		      const char *const *usage, const struct cli_option *opts);
/* Print the format for the ref name (as given) at id, and a LF. 0 or 128. */
int verify_format_print(struct cli_ctx *ctx, struct sgit_ref_format *fmt, const char *name,
			const struct sgit_oid *id);

#endif
