/* util/wildmatch.h: shell-style globs with git's rules for "**" and path separators */
#ifndef SGIT_UTIL_WILDMATCH_H
#define SGIT_UTIL_WILDMATCH_H

#define SGIT_WM_CASEFOLD 1u	/* ASCII letters match either case */
#define SGIT_WM_PATHNAME 2u	/* '*', '?' and [...] do not match '/'; "**" between slashes does */

/*
 * 1 when text matches pattern, else 0. Pattern syntax: '?', '*', "**"
 * (bounded by '/' or the ends: any number of directories), "[a-z]", "[!x]"
 * or "[^x]", "[[:alpha:]]" and the other POSIX classes, '\' quotes.
 */
int sgit_wildmatch(const char *pattern, const char *text, unsigned flags);

#endif
