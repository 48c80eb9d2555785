/* include/sgit/signature.h: the signatures of commits and tags, checked through gpg.h */
#ifndef SGIT_SIGNATURE_H
#define SGIT_SIGNATURE_H

#include <stddef.h>
#include "buf.h"
#include "errors.h"
#include "gpg.h"
#include "oid.h"

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

struct sgit_commit;
struct sgit_repo;

/*
 * Nothing here runs gpg unless a *_check or *_show function is called:
 * callers (log --show-signature, the %G placeholders, verify-commit) ask
 * for one commit at a time, only when the output needs it.
 */

/*
 * Fill cfg for checking and signing in repo: gpg.format, gpg.program,
 * gpg.openpgp.program, gpg.minTrustLevel, user.signingKey (sgit_gpg_config_load;
 * the strings are borrowed from repo's configuration) and tmpdir from
 * $TMPDIR (unset or empty: gpg.h's default). env stays NULL: gpg inherits
 * our environment (GNUPGHOME). SGIT_ECONFIG with the message in repo's slot.
 */
int sgit_signature_config(struct sgit_gpg_config *cfg, struct sgit_repo *repo);

/*
 * Split a commit object as git does before checking it. sig gets the value
 * of every "gpgsig" header (the leading space of continuation lines removed,
 * each line ended by LF); payload gets the object without those headers and
 * without any other header whose name starts with "gpgsig" (the signature
 * made for the other hash, "gpgsig-sha256"), byte for byte - NUL bytes and
 * whatever follows the message included. Only the header section is
 * looked at. Either output may be NULL. Returns 1 when a signature was
 * found, 0 when not (payload = everything but the gpgsig* headers, sig
 * empty), SGIT_ENOMEM.
 */
int sgit_signature_split_commit(struct sgit_buf *payload, struct sgit_buf *sig, const char *buf,
				size_t len);

/*
 * Split a tag object (or a mergetag header's value) as git does: sig gets
 * everything from the last line that starts a signature block
 * (sgit_sig_find()), payload the bytes before it, minus up to two
 * "gpgsig" / "gpgsig-sha256" headers of its header section. Returns 1 when
 * signed, 0 when not (payload = buf, sig empty), SGIT_ENOMEM.
 */
int sgit_signature_split_tag(struct sgit_buf *payload, struct sgit_buf *sig, const char *buf,
			     size_t len);

/*
 * Check the signature of the commit object buf (len bytes). out is reset
 * first. payload (may be NULL) gets what the signature covers (verify-commit
 * -v prints it) whenever the commit is signed, even when the check fails.
 * Returns:
 *   0  the commit carries no signature: out is N and gpg did not run;
 *   1  gpg ran: out->result, out->verified (what verify-commit's exit code
 *      says), out->output (what --show-signature and %GG show), out->status
 *      (--raw), and the other fields;
 *  <0  no verdict, out stays N: SGIT_EGPG "cannot run gpg: No such file or
 *      directory" (git's child prints it as "fatal: <message>" and git goes
 *      on, treating the commit as not verified); SGIT_EINVALID "bad/incompatible
 *      signature '<sig>'" when the signature has no known format (git dies:
 *      its message quotes the whole signature, which err cuts to fit: get it
 *      with sgit_signature_split_commit()); SGIT_EOS when the temp file
 *      failed; SGIT_ENOMEM.
 */
int sgit_signature_check_commit(struct sgit_sigcheck *out, struct sgit_buf *payload,
				const struct sgit_gpg_config *cfg, const char *buf, size_t len,
				struct sgit_error *err);

/*
 * The same for a tag object: 0 when it has no signature block (git's
 * "no signature found"; payload = the whole tag then), 1 when gpg ran, < 0
 * as above (SGIT_EINVALID: an SSH signature, the only block format found but
 * not checked).
 */
int sgit_signature_check_tag(struct sgit_sigcheck *out, struct sgit_buf *payload,
			     const struct sgit_gpg_config *cfg, const char *buf, size_t len,
			     struct sgit_error *err);

/* ---- log --show-signature: the blocks shown before a commit's header ---- */

/* What a block of log --show-signature is about. */
enum sgit_sigblock_kind {
	SGIT_SIGBLOCK_COMMIT = 0,	/* the commit's own gpgsig */
	SGIT_SIGBLOCK_MERGED_TAG,	/* "merged tag '<name>'": a two-parent merge, the tag names parent 2 */
	SGIT_SIGBLOCK_PARENT_TAG,	/* "parent #<n>, tagged '<name>'" */
	SGIT_SIGBLOCK_NON_PARENT_TAG,	/* "tag <name> names a non-parent <hex>" */
	SGIT_SIGBLOCK_MALFORMED_TAG,	/* "malformed mergetag": no object, type and tag lines */
};

/*
 * One block of lines that log --show-signature prints. Caller-owned:
 * sgit_sigblock_init(), then sgit_sigblock_release().
 */
struct sgit_sigblock {
	enum sgit_sigblock_kind kind;
	struct sgit_buf tag_name;	/* a mergetag's "tag" line (not for MALFORMED) */
	struct sgit_oid tagged;		/* the object a mergetag names (not for MALFORMED) */
	size_t parent;			/* PARENT_TAG: 1-based index of the parent it names */
	int is_signed;			/* a signature was found and gpg was asked */
	struct sgit_sigcheck check;	/* gpg's verdict (N when not signed or gpg failed) */
	/*
	 * git's colour for the lines: 0 "good" (color.diff.fragInfo, cyan),
	 * 1 "bad" (color.diff.whitespace, red background): 1 unless
	 * check.verified; an unsigned mergetag is bad.
	 */
	int bad;
	/*
	 * The lines exactly as git prints them, each ended by LF unless gpg's
	 * own output lacks the last one: the commit's gpg output ("No
	 * signature\n" when the check failed before gpg could run; empty when
	 * gpg did not start - git then prints only diag); for a mergetag the
	 * line above, then gpg's output when signed. Print each line in the
	 * colour of bad, as git does line by line (a graph prefix before each).
	 */
	struct sgit_buf text;
	/*
	 * What git writes on standard error while making this block, whole
	 * lines with git's prefix ("fatal: cannot run gpg: No such file or
	 * directory\n" - its child's words - or "error: unknown tag type 'x'
	 * in <hex>\n"); empty mostly. Print it before text.
	 */
	struct sgit_buf diag;
};

/* init: an empty block; release: free its buffers, leaving b initialised. */
void sgit_sigblock_init(struct sgit_sigblock *b);
void sgit_sigblock_release(struct sgit_sigblock *b);

/* Called once per block, in git's order; a non-zero return stops the walk and is returned. */
typedef int (*sgit_sigblock_fn)(const struct sgit_sigblock *block, void *data);

/*
 * What log --show-signature shows for commit c, block by block: its own
 * signature (none when unsigned), then one block per "mergetag" header in
 * their order (a merge of signed tags). Runs gpg once per signature.
 * Returns 0, fn's non-zero value, or < 0: SGIT_EINVALID when a signature has
 * no known format (git dies with "bad/incompatible signature '<sig>'"; the
 * message is in err), SGIT_ENOMEM.
 */
int sgit_signature_show(const struct sgit_commit *c, const struct sgit_gpg_config *cfg,
			sgit_sigblock_fn fn, void *data, struct sgit_error *err);

/*
 * The block for one mergetag of commit c: tag (len bytes) is the header's
 * value as git hands it around, a whole tag object (sgit_header's value
 * followed by one LF). out (initialised) is reset and filled. 0 or as
 * sgit_signature_show(). sgit_signature_show() uses it; the Merge work can
 * check with it what it is about to record.
 */
int sgit_signature_check_mergetag(struct sgit_sigblock *out, const struct sgit_commit *c,
				  const struct sgit_gpg_config *cfg, const char *tag, size_t len,
				  struct sgit_error *err);

#pragma GCC visibility pop
#endif
