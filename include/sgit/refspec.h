/* include/sgit/refspec.h: refspecs ("+src:dst", globs, "^negative") as git parses and maps them */
#ifndef SGIT_REFSPEC_H
#define SGIT_REFSPEC_H

#include <stddef.h>
#include "buf.h"
#include "errors.h"

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

/* Fetch and push refspecs follow different validation rules. */
enum sgit_refspec_dir {
	SGIT_REFSPEC_FETCH,
	SGIT_REFSPEC_PUSH,
};

/* One parsed refspec. Caller-owned: SGIT_REFSPEC_INIT, filled by _parse, then _release. */
struct sgit_refspec {
	char *string;		/* as given */
	char *src;		/* the left side; "" when empty; a lone "@" becomes "HEAD" */
	char *dst;		/* the right side; NULL without ':' ("src" alone), "" after a bare ':' */
	unsigned force : 1;	/* a leading '+': non-fast-forward updates allowed */
	unsigned pattern : 1;	/* each side has one '*', which matches any run of characters */
	unsigned matching : 1;	/* push ":" (or "+:"): every branch that exists on both sides */
	unsigned exact_oid : 1;	/* fetch: src is a full object id */
	unsigned negative : 1;	/* "^src": refs it matches are left out (src only, no dst) */
};
#define SGIT_REFSPEC_INIT { NULL, NULL, NULL, 0, 0, 0, 0, 0 }

/*
 * Parse spec for dir as git does. SGIT_EINVALID with git's message
 * "invalid refspec 'x'" (git prefixes "fatal: "); out is left released.
 */
int sgit_refspec_parse(struct sgit_refspec *out, const char *spec, enum sgit_refspec_dir dir,
		       struct sgit_error *err);
void sgit_refspec_release(struct sgit_refspec *rs);

/* 1 when name matches the source side (the pattern, or exactly the name), else 0. */
int sgit_refspec_src_matches(const struct sgit_refspec *rs, const char *name);
/* 1 when name matches the destination side, else 0 (always 0 without one). */
int sgit_refspec_dst_matches(const struct sgit_refspec *rs, const char *name);
/*
 * Map name from src to dst (a pattern's '*' carries what it matched):
 * 1 and out replaced; 0 when name does not match or there is no dst
 * side (out emptied); SGIT_ENOMEM.
 */
int sgit_refspec_transform(struct sgit_buf *out, const struct sgit_refspec *rs, const char *name);
/* The reverse: name matched against dst, mapped to src. Same returns. */
int sgit_refspec_rtransform(struct sgit_buf *out, const struct sgit_refspec *rs, const char *name);

/* Several refspecs of one direction (a remote's fetch lines, a command's arguments). */
struct sgit_refspec_list {
	struct sgit_refspec *items;
	size_t n, alloc;
	enum sgit_refspec_dir dir;
};
#define SGIT_REFSPEC_LIST_INIT(d) { NULL, 0, 0, (d) }
/* Parse and append; SGIT_EINVALID as sgit_refspec_parse (the list is unchanged). */
int sgit_refspec_list_add(struct sgit_refspec_list *list, const char *spec, struct sgit_error *err);
void sgit_refspec_list_release(struct sgit_refspec_list *list);
/* 1 when a negative refspec of list matches name: git leaves that ref out. */
int sgit_refspec_list_excludes(const struct sgit_refspec_list *list, const char *name);
/*
 * Map name through the first positive refspec that maps it, unless a
 * negative one excludes name: 1 and out replaced (*which, may be NULL,
 * gets the refspec used), 0 when none maps it; SGIT_ENOMEM.
 */
int sgit_refspec_list_transform(struct sgit_buf *out, const struct sgit_refspec **which,
				const struct sgit_refspec_list *list, const char *name);
/* The reverse (a remote-tracking ref back to the remote's ref); a negative refspec excludes the result. */
int sgit_refspec_list_rtransform(struct sgit_buf *out, const struct sgit_refspec **which,
				 const struct sgit_refspec_list *list, const char *name);

#pragma GCC visibility pop
#endif
