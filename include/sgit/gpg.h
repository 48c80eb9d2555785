/* include/sgit/gpg.h: detached OpenPGP signatures through gpg(1); knows bytes, not commits */
#ifndef SGIT_GPG_H
#define SGIT_GPG_H

#include <stddef.h>
#include "buf.h"
#include "config.h"
#include "errors.h"

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

/* gpg.format: which program signs, and how a signature block starts. */
enum sgit_gpg_format {
	SGIT_GPG_FORMAT_OPENPGP = 0,	/* gpg, "-----BEGIN PGP SIGNATURE-----" (the default) */
	SGIT_GPG_FORMAT_X509,		/* gpgsm, "-----BEGIN SIGNED MESSAGE-----" */
	SGIT_GPG_FORMAT_SSH,		/* ssh-keygen: recognised, refused (not supported) */
};

/*
 * The key validity gpg reports in its TRUST_* status line, in git's order:
 * gpg.minTrustLevel compares against it. NONE: no TRUST_* line was seen
 * (git 2.39 compares it as below every level).
 */
enum sgit_gpg_trust {
	SGIT_GPG_TRUST_NONE = -1,
	SGIT_GPG_TRUST_UNDEFINED = 0,
	SGIT_GPG_TRUST_NEVER,
	SGIT_GPG_TRUST_MARGINAL,
	SGIT_GPG_TRUST_FULLY,
	SGIT_GPG_TRUST_ULTIMATE,
};

/*
 * What signing and verifying read from the configuration. The strings are
 * borrowed (from the sgit_config they were loaded from, or the caller's).
 * SGIT_GPG_CONFIG_INIT: openpgp, "gpg", no signing key, minimum trust
 * "undefined", our environment, "/tmp" - git's defaults.
 */
struct sgit_gpg_config {
	enum sgit_gpg_format format;	/* gpg.format: used to sign */
	const char *openpgp_program;	/* gpg.program or gpg.openpgp.program (the last set); NULL: "gpg" */
	const char *x509_program;	/* gpg.x509.program; NULL: "gpgsm" */
	const char *signing_key;	/* user.signingKey; NULL when unset ("" is a value) */
	enum sgit_gpg_trust min_trust;	/* gpg.minTrustLevel */
	/* NULL-terminated changes to the environment of gpg ("GNUPGHOME=/x"); NULL: ours as it is */
	const char *const *env;
	const char *tmpdir;		/* where the signature goes for gpg --verify; NULL: "/tmp" */
};
#define SGIT_GPG_CONFIG_INIT { SGIT_GPG_FORMAT_OPENPGP, NULL, NULL, NULL, SGIT_GPG_TRUST_UNDEFINED, NULL, NULL }

/*
 * Read gpg.format, gpg.program, gpg.openpgp.program, gpg.x509.program,
 * gpg.minTrustLevel and user.signingKey from cfg into out (which starts
 * from SGIT_GPG_CONFIG_INIT; env and tmpdir stay NULL), entry by entry in
 * order as git does: the last one wins. SGIT_ECONFIG with git's message for
 * the first bad entry: "invalid value for 'gpg.format': 'foo'", "invalid
 * value for 'gpg.mintrustlevel': 'bogus'", "missing value for
 * 'user.signingkey'" (a bare key); out is then SGIT_GPG_CONFIG_INIT.
 */
int sgit_gpg_config_load(struct sgit_gpg_config *out, const struct sgit_config *cfg,
			 struct sgit_error *err);

/* The program that handles format (cfg may be NULL): the configured one or its default. */
const char *sgit_gpg_program(const struct sgit_gpg_config *cfg, enum sgit_gpg_format format);

/*
 * Choose the key to sign with, as git does: key_arg (-S<key>, --gpg-sign=<key>,
 * tag -u <key>) when not NULL and not empty; else signing_key
 * (user.signingKey) when not NULL, even empty; else the committer identity
 * (an ident line "Name <email> 1112911993 -0700" or "Name <email>": cut
 * after its first '>'). Replaces out. SGIT_EINVALID "no signing key" when
 * all three are NULL.
 */
int sgit_gpg_pick_key(struct sgit_buf *out, const char *key_arg, const char *signing_key,
		      const char *committer, struct sgit_error *err);

/*
 * Sign: run `<program> --status-fd=2 -bsau <key>` with payload on its
 * stdin (SIGPIPE-safe when it exits early) and replace sig with the armored
 * detached signature it prints, CR before LF removed. Succeeds only when
 * gpg exits 0 and printed a "[GNUPG:] SIG_CREATED " status line. diag (may
 * be NULL) gets what gpg printed on stderr (status lines and messages), or
 * "cannot run <program>: No such file or directory" when it could not run.
 * SGIT_EGPG "gpg failed to sign the data" (git's text: the porcelain prints
 * "error: <message>") when gpg is missing or fails, SGIT_EINVALID for a
 * NULL key (an empty one goes to gpg) or gpg.format ssh; sig is empty on
 * failure.
 */
int sgit_gpg_sign(struct sgit_buf *sig, struct sgit_buf *diag, const struct sgit_gpg_config *cfg,
		  const char *key, const void *payload, size_t len, struct sgit_error *err);

/*
 * How git words "cannot run <program>: <reason>" (msg) on stderr: a program
 * named by a path fails to exec in git's child, which says "fatal: "; a name
 * not found in PATH is reported by git itself as "error: ". Either way git
 * goes on. Returns the prefix.
 */
const char *sgit_gpg_run_failure_prefix(const char *msg);

/*
 * A signer usable as sgit_commit_sign_fn and sgit_tag_sign_fn (commit_create.h,
 * tag_create.h): pass sgit_gpg_sign_cb with a struct sgit_gpg_signer * as data.
 */
struct sgit_gpg_signer {
	const struct sgit_gpg_config *cfg;
	const char *key;		/* from sgit_gpg_pick_key() */
	struct sgit_buf *diag;		/* may be NULL, see sgit_gpg_sign() */
};
/* Replace sig with gpg's signature of payload (sgit_gpg_sign() with signer's fields); < 0: gpg failed. */
int sgit_gpg_sign_cb(struct sgit_buf *sig, const char *payload, size_t len, void *signer,
		     struct sgit_error *err);

/*
 * The outcome of a verification (or of parsing gpg's status lines). Caller-
 * owned: SGIT_SIGCHECK_INIT or sgit_sigcheck_init(), then sgit_sigcheck_release().
 * An empty field is one gpg did not report (git prints nothing for it).
 */
struct sgit_sigcheck {
	/*
	 * What gpg's status said: G (GOODSIG), B (BADSIG), E (ERRSIG, or a
	 * second signature: fields cleared), X (EXPSIG), Y (EXPKEYSIG),
	 * R (REVKEYSIG), N (nothing). %G? is sgit_sigcheck_letter(), which
	 * also gives U.
	 */
	char result;
	enum sgit_gpg_trust trust;		/* %GT: sgit_gpg_trust_name() */
	struct sgit_buf signer;			/* %GS: the user ID, as gpg escaped it */
	struct sgit_buf key;			/* %GK: the long key id (ERRSIG too) */
	struct sgit_buf fingerprint;		/* %GF: from VALIDSIG */
	struct sgit_buf primary_fingerprint;	/* %GP: from VALIDSIG */
	struct sgit_buf output;			/* %GG, --show-signature, -v: gpg's stderr, verbatim */
	struct sgit_buf status;			/* --raw: gpg's status lines (its stdout), verbatim */
	/*
	 * 1 when git would accept the signature (verify-commit, verify-tag and
	 * merge --verify-signatures exit 0): gpg exited 0, said GOODSIG, the
	 * result is G and the trust is at least the configured minimum.
	 */
	int verified;
};
#define SGIT_SIGCHECK_INIT { 'N', SGIT_GPG_TRUST_NONE, SGIT_BUF_INIT, SGIT_BUF_INIT, SGIT_BUF_INIT, \
			     SGIT_BUF_INIT, SGIT_BUF_INIT, SGIT_BUF_INIT, 0 }

/* init: the same as SGIT_SIGCHECK_INIT; release: free the buffers, leaving c initialised. */
void sgit_sigcheck_init(struct sgit_sigcheck *c);
void sgit_sigcheck_release(struct sgit_sigcheck *c);
/* Back to "no signature" (N, no trust, every field empty), keeping the memory. */
void sgit_sigcheck_reset(struct sgit_sigcheck *c);

/* The %G? letter: result, except that a G with trust undefined or never is U. */
char sgit_sigcheck_letter(const struct sgit_sigcheck *c);

/* %GT: "undefined", "never", "marginal", "fully", "ultimate"; NONE gives "undefined". */
const char *sgit_gpg_trust_name(enum sgit_gpg_trust trust);
/* Parse a gpg.minTrustLevel value (any case); SGIT_EINVALID when not one of the names. */
int sgit_gpg_trust_parse(enum sgit_gpg_trust *out, const char *name);

/*
 * Pure: set result, trust, signer, key and the fingerprints of out from
 * gpg's status output (text, len bytes; it ends at a NUL byte as git reads
 * it), looking only at lines that start with "[GNUPG:] " - a user ID or
 * anything else an attacker wrote cannot fake a verdict. A second GOODSIG,
 * BADSIG, ERRSIG, EXPSIG, EXPKEYSIG or REVKEYSIG line, or an unknown
 * TRUST_ level, makes it E with every field cleared, as git does. output,
 * status and verified are left alone. 0 or SGIT_ENOMEM.
 */
int sgit_gpg_parse_status(struct sgit_sigcheck *out, const char *text, size_t len);

/*
 * Verify sig (a detached signature, armored) over payload: write sig to a
 * private temp file (mode 0600 in cfg->tmpdir, removed on every path), run
 * `<program> --keyid-format=long --status-fd=1 --verify <file> -` with
 * payload on stdin (no --keyid-format for X.509), keep its stderr in
 * out->output and its stdout in out->status, and parse the status lines.
 * The program is chosen by the signature's first line, not gpg.format, as
 * git does. Returns 0 whenever gpg ran, even for a bad signature: read
 * out->result and out->verified. SGIT_EGPG "cannot run gpg: No such file or
 * directory" (git's text) when the program could not be run - out is then
 * a valid N result; SGIT_EINVALID "bad/incompatible signature '<sig>'" when
 * sig starts with no known marker, and for SSH signatures; SGIT_EOS when the
 * temp file fails.
 */
int sgit_gpg_verify(struct sgit_sigcheck *out, const struct sgit_gpg_config *cfg,
		    const void *payload, size_t payload_len, const void *sig, size_t sig_len,
		    struct sgit_error *err);

#pragma GCC visibility pop
#endif
