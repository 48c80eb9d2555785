/* include/sgit/pretty_signature.h: the %G placeholders of user formats (%G? %GS %GK %GF %GP %GT %GG) */
#ifndef SGIT_PRETTY_SIGNATURE_H
#define SGIT_PRETTY_SIGNATURE_H

#include <stddef.h>
#include "gpg.h"
#include "pretty.h"

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

/*
 * What the %G placeholders need; caller-owned, it must outlive the
 * formatting. The signature of a commit is checked only when its entry
 * expands a %G placeholder, once for all of them (git's lazy check): gpg
 * runs once per such commit, never for an unsigned one.
 */
struct sgit_pretty_signature {
	struct sgit_gpg_config gpg;	/* sgit_signature_config() */
	/*
	 * What git writes on standard error while it checks, in whole lines
	 * with git's prefix: "fatal: cannot run /x: No such file or
	 * directory\n" (a program named by a path: git's child says it),
	 * "error: cannot run x: No such file or directory\n" (not found in
	 * PATH: git itself says it). The entry goes on (the verdict is N).
	 * NULL: dropped.
	 */
	void (*diag)(const char *text, size_t len, void *data);
	void *diag_data;
	unsigned long checks;		/* signatures checked so far (gpg started or tried) */
};
#define SGIT_PRETTY_SIGNATURE_INIT { SGIT_GPG_CONFIG_INIT, NULL, NULL, 0 }

/*
 * The table, one row per placeholder, to give as opts->extra: %G? the
 * verdict letter (G B U X Y R E N; nothing else), %GS the signer, %GK the
 * key id, %GF its fingerprint, %GP the primary key's, %GT the trust
 * ("undefined" also when gpg reported none: git 2.39 aborts there), %GG
 * gpg's messages (up to a NUL byte, as git shows them). A "%G" followed by
 * anything else still checks (as git does) but stays literal text.
 */
extern const struct sgit_pretty_placeholder sgit_pretty_signature_placeholders[];
extern const size_t sgit_pretty_signature_nplaceholders;

/*
 * Give opts the table, sig as extra_payload (borrowed) and the per-entry
 * state's free function. A placeholder then fails the entry only when git
 * dies: SGIT_EINVALID "bad/incompatible signature '<sig>'" (a signature of
 * no known format; the message in err is cut to fit), SGIT_ENOMEM.
 */
void sgit_pretty_signature_attach(struct sgit_pretty_options *opts, struct sgit_pretty_signature *sig);

#pragma GCC visibility pop
#endif
