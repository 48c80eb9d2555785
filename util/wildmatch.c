/*
 * util/wildmatch.c: glob matching with git's semantics. A star that fails
 * reports how far the failure reaches (nothing later in the text can match,
 * or nothing short of an outer "**" can), so that nested stars do not retry
 * hopeless positions and matching stays polynomial.
 */
#include <string.h>
#include "util/wildmatch.h"

enum {
	WM_NOMATCH = 0,
	WM_MATCH = 1,
	WM_ABORT_ALL = -1,		/* the text ran out: no later start can match */
	WM_ABORT_TO_STARSTAR = -2,	/* a '/' stopped a single star: only "**" may go on */
};

static int is_upper(int c)
{
	return c >= 'A' && c <= 'Z';
}

static int is_lower(int c)
{
	return c >= 'a' && c <= 'z';
}

static int fold(int c, unsigned flags)
{
	return (flags & SGIT_WM_CASEFOLD) && is_upper(c) ? c + ('a' - 'A') : c;
}

static int is_glob_special(int c)
{
	return c == '*' || c == '?' || c == '[' || c == '\\';
}

static int class_is(const unsigned char *s, size_t n, const char *name)
{
	return strlen(name) == n && !memcmp(s, name, n);
}

/* [[:name:]] with name from s, n bytes; -1 for an unknown class. ASCII only, as git. */
static int in_class(const unsigned char *s, size_t n, int t, unsigned flags)
{
	int alpha = is_upper(t) || is_lower(t), digit = t >= '0' && t <= '9';
	int space = t == ' ' || t == '\t' || t == '\n' || t == '\r';

	if (class_is(s, n, "alnum"))
		return alpha || digit;
	if (class_is(s, n, "alpha"))
		return alpha;
	if (class_is(s, n, "blank"))
		return t == ' ' || t == '\t';
	if (class_is(s, n, "cntrl"))
		return t < 32 || t == 127;
	if (class_is(s, n, "digit"))
		return digit;
	if (class_is(s, n, "graph"))
		return t > 32 && t < 127;
	if (class_is(s, n, "lower"))
		return is_lower(t);
	if (class_is(s, n, "print"))
		return t >= 32 && t < 127;
	if (class_is(s, n, "punct"))
		return t > 32 && t < 127 && !alpha && !digit;
	if (class_is(s, n, "space"))
		return space;
	if (class_is(s, n, "upper"))
		return is_upper(t) || ((flags & SGIT_WM_CASEFOLD) && is_lower(t));
	if (class_is(s, n, "xdigit"))
		return digit || (t >= 'a' && t <= 'f') || (t >= 'A' && t <= 'F');
	return -1;
}

static int in_range(int lo, int hi, int t, unsigned flags)
{
	if (t >= lo && t <= hi)
		return 1;
	if ((flags & SGIT_WM_CASEFOLD) && is_lower(t))
		return t - ('a' - 'A') >= lo && t - ('a' - 'A') <= hi;
	return 0;
}

/*
 * A bracket expression; *pp points after '[' and is left on the closing ']'.
 * t is the (folded) text character. 1 match, 0 no match, -1 malformed.
 */
static int bracket(const unsigned char **pp, int t, unsigned flags)
{
	const unsigned char *p = *pp;
	int negated = 0, matched = 0, prev = 0, c;

	if (*p == '!' || *p == '^') {
		negated = 1;
		p++;
	}
	/* a ']' right at the start is a member, not the end */
	for (c = *p; ; prev = c, c = *++p) {
		if (!c)
			return -1;
		if (c == ']' && p != *pp + negated)
			break;
		if (c == '\\') {
			if (!(c = *++p))
				return -1;
			matched |= t == c;
		} else if (c == '-' && prev && p[1] && p[1] != ']') {
			c = *++p;
			if (c == '\\' && !(c = *++p))
				return -1;
			matched |= in_range(prev, c, t, flags);
			c = 0;	/* a range cannot start another one */
		} else if (c == '[' && p[1] == ':') {
			const unsigned char *s = p + 2, *e = s;
			int r;

			while (*e && *e != ']')
				e++;
			if (!*e)
				return -1;
			if (e == s || e[-1] != ':') {	/* no ":]": a plain '[' */
				matched |= t == '[';
				continue;
			}
			if ((r = in_class(s, (size_t)(e - 1 - s), t, flags)) < 0)
				return -1;
			matched |= r;
			p = e;
			c = 0;
		} else {
			matched |= t == c;
		}
	}
	*pp = p;
	if (matched == negated || ((flags & SGIT_WM_PATHNAME) && t == '/'))
		return 0;
	return 1;
}

static int dowild(const unsigned char *start, const unsigned char *p, const unsigned char *text,
		  unsigned flags);

/*
 * p is on the last star of a "**" component followed by a '/'. Several such
 * components in a row match what one does, but each would try every folder
 * again: n of them took time exponential in n (as in git). Return the last
 * star of the last of them.
 */
static const unsigned char *skip_repeated_starstar(const unsigned char *p)
{
	const unsigned char *q;

	while (p[1] == '/' && p[2] == '*' && p[3] == '*') {
		for (q = p + 3; q[1] == '*'; q++)
			;
		if (q[1] != '/')
			break;
		p = q;
	}
	return p;
}

/* p is on a run of stars whose first is at run; text at the position they start matching. */
static int star(const unsigned char *start, const unsigned char *run, const unsigned char *p,
		const unsigned char *text, unsigned flags)
{
	int match_slash = !(flags & SGIT_WM_PATHNAME), r, t;

	/* without PATHNAME every star matches '/', and "**" is only a star (as git) */
	if (p > run && (flags & SGIT_WM_PATHNAME)) {
		/* "**" is special only as a whole path component */
		if ((run == start || run[-1] == '/') &&
		    (!p[1] || p[1] == '/' || (p[1] == '\\' && p[2] == '/'))) {
			p = skip_repeated_starstar(p);
			if (p[1] == '/' && dowild(start, p + 2, text, flags) == WM_MATCH)
				return WM_MATCH;
			match_slash = 1;
		} else {
			match_slash = 0;
		}
	}
	p++;
	if (!*p)
		return match_slash || !strchr((const char *)text, '/') ? WM_MATCH : WM_NOMATCH;
	if (!match_slash && *p == '/') {
		const char *slash = strchr((const char *)text, '/');

		return slash ? dowild(start, p + 1, (const unsigned char *)slash + 1, flags) : WM_NOMATCH;
	}
	for (t = fold(*text, flags); t; t = fold(*++text, flags)) {
		if (!is_glob_special(*p)) {
			/* what follows the star begins with a literal: skip to it */
			int want = fold(*p, flags);

			while ((t = fold(*text, flags)) && (match_slash || t != '/') && t != want)
				text++;
			/*
			 * Not found before the end (or before a '/' this star cannot
			 * cross): no later start of an outer star can do better, so say
			 * so, or each outer star retries every position (exponential).
			 */
			if (t != want)
				return t ? WM_ABORT_TO_STARSTAR : WM_ABORT_ALL;
		}
		r = dowild(start, p, text, flags);
		if (r != WM_NOMATCH) {
			if (!match_slash || r != WM_ABORT_TO_STARSTAR)
				return r;
		} else if (!match_slash && t == '/') {
			return WM_ABORT_TO_STARSTAR;
		}
	}
	return WM_ABORT_ALL;
}

static int dowild(const unsigned char *start, const unsigned char *p, const unsigned char *text,
		  unsigned flags)
{
	for (; *p; p++, text++) {
		int t = *text, c = *p, r;
		const unsigned char *run;

		if (!t && c != '*')
			return WM_ABORT_ALL;
		t = fold(t, flags);
		switch (c) {
		case '\\':
			/* the quoted character compares as written, not folded (as git) */
			if (t != *++p)
				return WM_NOMATCH;
			break;
		case '?':
			if ((flags & SGIT_WM_PATHNAME) && t == '/')
				return WM_NOMATCH;
			break;
		case '[':
			p++;
			if ((r = bracket(&p, t, flags)) < 0)
				return WM_ABORT_ALL;
			if (!r)
				return WM_NOMATCH;
			break;
		case '*':
			for (run = p; p[1] == '*'; p++)
				;
			return star(start, run, p, text, flags);
		default:
			if (t != fold(c, flags))
				return WM_NOMATCH;
			break;
		}
	}
	return *text ? WM_NOMATCH : WM_MATCH;
}

int sgit_wildmatch(const char *pattern, const char *text, unsigned flags)
{
	const unsigned char *p = (const unsigned char *)pattern;

	return dowild(p, p, (const unsigned char *)text, flags) == WM_MATCH;
}
