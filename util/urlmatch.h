/* util/urlmatch.h: URLs normalised and matched as git does for "<section>.<url>.<key>" settings */
#ifndef SGIT_UTIL_URLMATCH_H
#define SGIT_UTIL_URLMATCH_H

#include <stddef.h>
#include "sgit/buf.h"
#include "sgit/errors.h"

/*
 * A URL in git's normal form: scheme and host lowercased, the default port
 * left out, "%xx" escapes decoded where the character needs none and written
 * in capitals where it does, "." and ".." path segments resolved, "/" for a
 * missing path. Caller-owned: SGIT_URL_INIT, then _normalize, then _release.
 */
struct sgit_url {
	struct sgit_buf url;		/* the normal form */
	size_t scheme_len;
	int has_user;			/* "user@" (maybe empty) was there */
	size_t user_off, user_len;
	size_t host_off, host_len;
	size_t port_off, port_len;	/* port_len 0: no port, or the scheme's default */
	size_t path_off;		/* the path and what follows it, to the end of url */
};
#define SGIT_URL_INIT { SGIT_BUF_INIT, 0, 0, 0, 0, 0, 0, 0, 0, 0 }

/*
 * Normalise url. allow_globs lets '*' into the host, as in the URL of a
 * config key. SGIT_EINVALID with git's message ("invalid URL scheme name or
 * missing '://' suffix", "invalid port number", "invalid '..' path
 * segment"...).
 */
int sgit_url_normalize(struct sgit_url *out, const char *url, int allow_globs, struct sgit_error *err);
void sgit_url_release(struct sgit_url *u);

/* How well a config key's URL matched; compared by sgit_url_match_cmp. */
struct sgit_url_match {
	size_t host_len;	/* of the pattern's host */
	size_t path_len;	/* of the pattern's path matched, plus one */
	int user_matched;
};

/*
 * 1 when url falls under pattern (both normalised): same scheme, host and
 * port (a label "*" in the pattern's host stands for any one label), the
 * pattern's user if it names one, and the pattern's path as a prefix ending
 * at a '/'. *m says how specific the match was.
 */
int sgit_url_match(struct sgit_url_match *m, const struct sgit_url *url, const struct sgit_url *pattern);
/* < 0 when a is less specific than b, > 0 when more, 0 when as specific (the later one wins then). */
int sgit_url_match_cmp(const struct sgit_url_match *a, const struct sgit_url_match *b);

#endif
