/* include/sgit/ident.h: identity lines "Name <email> 1234567890 -0700" of commits and tags */
#ifndef SGIT_IDENT_H
#define SGIT_IDENT_H

#include <stddef.h>
#include <stdint.h>
#include "errors.h"

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

/* Every pointer borrows from the parsed line. */
struct sgit_ident {
	const char *name;	/* before '<', trailing spaces removed; may be empty */
	size_t name_len;
	const char *email;	/* between '<' and the first '>' after it */
	size_t email_len;
	/*
	 * The date part "1234567890 -0700" (after the last '>'), or NULL with
	 * has_date 0 when it is missing or malformed: git then shows the person
	 * without a date, and so do we.
	 */
	const char *date;
	size_t date_len;
	int has_date;
	int64_t time;		/* seconds since the epoch; 0 when it overflows, as git shows it */
	int tz;			/* as written, in git's hhmm form: "-0700" -> -700 */
	int tz_minutes;		/* the offset from UTC in minutes: "-0700" -> -420 */
	char tz_sign;		/* '+' or '-' as written ("-0000" is not "+0000") */
};

/*
 * Parse an identity line, up to its first LF if any. Lenient as git is with odd
 * names and dates; strict on the angle brackets: SGIT_ECORRUPT unless there is
 * a '<' followed by a '>'. On failure *out is zeroed.
 */
int sgit_ident_parse(struct sgit_ident *out, const char *line, size_t len, struct sgit_error *err);

#pragma GCC visibility pop
#endif
