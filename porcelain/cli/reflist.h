/* porcelain/cli/reflist.h: the refs tag and branch list: collected, filtered by glob, sorted */
#ifndef SGIT_CLI_REFLIST_H
#define SGIT_CLI_REFLIST_H

#include "porcelain/cli/cli.h"

struct reflist_item {
	char *name;		/* full name: "refs/tags/v1" */
	const char *shown;	/* name without the prefix it was listed under */
	struct sgit_oid oid;	/* zero when a symbolic ref does not resolve */
	char *symref;		/* a symbolic ref's target, or NULL */
	int kind;		/* the caller's tag for the prefix it came from */
	size_t seq;		/* order of collection */
};

struct reflist {
	struct reflist_item *items;
	size_t nr, alloc;
};
#define REFLIST_INIT { NULL, 0, 0 }
void reflist_clear(struct reflist *l);

/*
 * Append the refs under prefix ("refs/tags/") whose name after the prefix
 * matches one of the globs (all when there are none), as git's tag and
 * branch listings match: '*' crosses '/'. Broken refs are skipped with git's
 * warning. Returns 0 or an exit code after printing.
 */
int reflist_collect(struct reflist *l, struct cli_ctx *ctx, const char *prefix, int kind,
		    const char *const *globs, size_t nglobs, int ignore_case);

/*
 * --contains <commit>: keep the refs from which commit is reachable (tags
 * peeled; refs to anything but commits go). Returns 0, or git's exit code
 * 129 after its error when spec names no commit.
 */
int reflist_filter_contains(struct reflist *l, struct cli_ctx *ctx, const char *spec);

/*
 * Sort by the keys git accepts for --sort here: "refname" and
 * "version:refname" (or "v:refname"), each reversed by a leading '-'; the
 * last key counts most, ties fall back to the name. Returns 0, or prints
 * git's message and returns 128 for any other key.
 */
int reflist_sort(struct reflist *l, const char *const *keys, size_t nkeys, int ignore_case);

#endif
