/* include/sgit/header.h: one header of a commit or tag object, as parsed */
#ifndef SGIT_HEADER_H
#define SGIT_HEADER_H

#include <stddef.h>

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

/*
 * A header is a line "name SP value LF"; a value of several lines goes on with
 * continuation lines that start with one space ("gpgsig", "mergetag").
 * Borrowed from the parsed object (commit or tag) and valid until it is freed.
 */
struct sgit_header {
	const char *name;	/* NUL-terminated; the whole line when it has no space */
	size_t name_len;
	/*
	 * NUL-terminated: the lines joined with LF, the leading space of each
	 * continuation line removed, without the LF that ended the last line.
	 * A multi-line value as git hands it out (a mergetag's tag object, a
	 * gpgsig's armored signature) is value plus that final LF.
	 */
	const char *value;
	size_t value_len;
	size_t start;		/* offset of the header's first byte in the object */
	size_t end;		/* offset just past the LF of its last line */
};

#pragma GCC visibility pop
#endif
