/* include/sgit/person.h: who the author and the committer of a new object are, as git decides */
#ifndef SGIT_PERSON_H
#define SGIT_PERSON_H

#include <stdint.h>
#include "buf.h"
#include "config.h"
#include "errors.h"
#include "repo.h"

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

enum sgit_person_role {
	SGIT_PERSON_AUTHOR,	/* GIT_AUTHOR_*, author.* */
	SGIT_PERSON_COMMITTER,	/* GIT_COMMITTER_*, committer.* (taggers too) */
};

/*
 * What the system says about the user, for git's last-resort guess when
 * neither the environment nor the configuration names anyone. Tests fill it
 * in; NULL fields mean the system had nothing: no passwd entry (git then uses
 * "unknown"/"Unknown" and calls the guess bogus), no readable /etc/mailname,
 * no host name, no fully qualified name for the host.
 */
struct sgit_person_system {
	const char *user_name;		/* the passwd entry's login name */
	const char *gecos;		/* its full-name field: up to the first ',', '&' is the login name */
	const char *mailname;		/* the first line of /etc/mailname */
	const char *hostname;		/* gethostname() */
	const char *canonical_host;	/* the resolver's name for hostname (used only with a '.') */
};

struct sgit_person_options {
	/* The environment and configuration: the repository's when repo is set. */
	struct sgit_repo *repo;
	sgit_getenv_fn getenv;			/* without a repo; NULL: getenv(3) */
	const struct sgit_config *config;	/* without a repo; NULL: none */
	int64_t now;			/* the clock, for a person without a date */
	/*
	 * Refuse identities git refuses when it writes an object: made up
	 * from the system, empty, or forbidden by user.useConfigOnly. Without
	 * it (git var -l) a best guess is always returned.
	 */
	int strict;
	int no_date;			/* "Name <email>" only */
	/* Given explicitly (--author, --date); NULL: looked up. date is parsed like GIT_*_DATE. */
	const char *name;
	const char *email;
	const char *date;
	const struct sgit_person_system *system;	/* NULL: ask the system, only when needed */
};
#define SGIT_PERSON_OPTIONS_INIT { NULL, NULL, NULL, 0, 0, 0, NULL, NULL, NULL, NULL }

/*
 * Replace out with the identity line "Name <email> 1112911993 -0700" for
 * role. Refusals give SGIT_EINVALID with git's message ("empty ident name
 * (for <x>) not allowed", "invalid date format: x"...) and set *hint when git
 * prints sgit_person_hint() before it; hint may be NULL. A bad configuration
 * value gives SGIT_ECONFIG.
 */
int sgit_person_ident(struct sgit_buf *out, int *hint, enum sgit_person_role role,
		      const struct sgit_person_options *opts, struct sgit_error *err);

/* git's advice on setting user.name and user.email, ending with a blank line (static text). */
const char *sgit_person_hint(enum sgit_person_role role);

/*
 * Fill sys from the system: the passwd entry of the real user, /etc/mailname,
 * the host name and, when it has no dot, the resolver's name for it. Strings
 * live in storage (five buffers, released by the caller).
 */
int sgit_person_system_detect(struct sgit_person_system *sys, struct sgit_buf storage[5],
			      struct sgit_error *err);

#pragma GCC visibility pop
#endif
