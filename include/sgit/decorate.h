/* include/sgit/decorate.h: ref names shown next to commits (git log --decorate, %d, %D) */
#ifndef SGIT_DECORATE_H
#define SGIT_DECORATE_H

#include <stddef.h>
#include "buf.h"
#include "errors.h"
#include "oid.h"

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

struct sgit_repo;

/* What kind of ref a decoration is: it picks the colour and the "tag: " prefix. */
enum sgit_decoration_type {
	SGIT_DECORATION_NONE,		/* any other ref (shown only when a filter lets it in) */
	SGIT_DECORATION_BRANCH,		/* refs/heads/ */
	SGIT_DECORATION_REMOTE,		/* refs/remotes/ */
	SGIT_DECORATION_TAG,		/* refs/tags/, and whatever an annotated tag peels to */
	SGIT_DECORATION_STASH,		/* refs/stash */
	SGIT_DECORATION_HEAD,		/* HEAD */
	SGIT_DECORATION_GRAFTED,	/* "replaced": the object a refs/replace/ ref replaces */
	SGIT_DECORATION_TYPE_COUNT
};

/*
 * Which refs decorate (git log --decorate-refs=, --decorate-refs-exclude=,
 * log.excludeDecoration, log.initialDecorationSet, --clear-decorations).
 * Patterns are as git takes them: without "refs/" (and not "HEAD") they get
 * it prepended; without glob characters they match the ref and everything
 * below it; with them, the whole name through wildmatch. With no include,
 * exclude or config_exclude pattern and all == 0, git's default set applies:
 * HEAD, refs/heads/, refs/tags/, refs/remotes/, refs/stash, refs/replace/.
 * All strings are borrowed for the duration of sgit_decorations_load().
 */
struct sgit_decorate_filter {
	const char *const *include;
	size_t ninclude;
	const char *const *exclude;
	size_t nexclude;
	const char *const *config_exclude;	/* log.excludeDecoration values */
	size_t nconfig_exclude;
	int all;		/* no default set: every ref decorates unless excluded */
};
#define SGIT_DECORATE_FILTER_INIT { NULL, 0, NULL, 0, NULL, 0, 0 }

/* Ids and the ref names that decorate them; loaded once, read-only afterwards. */
struct sgit_decorations;

/*
 * Load the decorations of repo as git log does: every ref that passes the
 * filter, in ref-name order, then HEAD; an annotated tag decorates the tag
 * object and, peeled one level at a time, each object it leads to (as
 * "tag: <name>"); a ref to a missing object is skipped. filter may be NULL
 * (git's default set). Records where HEAD points (a branch, or detached) for
 * "HEAD -> main". Free with sgit_decorations_free().
 */
int sgit_decorations_load(struct sgit_decorations **out, struct sgit_repo *repo,
			  const struct sgit_decorate_filter *filter, struct sgit_error *err);
void sgit_decorations_free(struct sgit_decorations *d);

/* 1 when id has at least one decoration (--simplify-by-decoration), else 0. */
int sgit_decorations_has(const struct sgit_decorations *d, const struct sgit_oid *id);

/* One decoration of an id, in the order git prints them (iterate with index 0, 1, ...). */
struct sgit_decoration {
	const char *name;		/* the full ref name ("refs/heads/main", "HEAD", "replaced") */
	enum sgit_decoration_type type;
};
/* The i-th decoration of id, or NULL past the end. Borrowed from d. */
const struct sgit_decoration *sgit_decorations_get(const struct sgit_decorations *d,
						   const struct sgit_oid *id, size_t i);

/* How decorations are printed. */
struct sgit_decorate_style {
	int full_names;		/* --decorate=full: "refs/heads/main"; else "main" */
	int color;		/* 1: colour escapes (git's --color, %C(auto) for %d) */
	/*
	 * The escape sequences, indexed by enum sgit_decoration_type
	 * (color.decorate.<slot>); NULL entries take git's defaults: none
	 * "\033[m" (reset), branch bold green, remote bold red, tag bold yellow,
	 * stash bold magenta, HEAD bold cyan, grafted bold blue.
	 */
	const char *colors[SGIT_DECORATION_TYPE_COUNT];
	/* The colour of the "commit" line around the parentheses (color.diff.commit); NULL: yellow. */
	const char *commit_color;
};
#define SGIT_DECORATE_STYLE_INIT { 0, 0, { NULL }, NULL }

/*
 * Append id's decorations to out as git does: prefix, the names joined by
 * separator, suffix; nothing at all when id has none. " (", ", ", ")" for
 * %d and the log header line; "", ", ", "" for %D. When HEAD is a symbolic
 * ref to a branch that is in the list, that branch is shown once as
 * "HEAD -> main" where HEAD stands. Tags get "tag: ". With style->color,
 * each piece is wrapped in its colour as git wraps it. d may be NULL
 * (nothing appended).
 */
int sgit_decorations_format(struct sgit_buf *out, const struct sgit_decorations *d,
			    const struct sgit_oid *id, const struct sgit_decorate_style *style,
			    const char *prefix, const char *separator, const char *suffix);

/* The name git prints for a full ref name in short style ("refs/heads/x" -> "x"; others as they are). */
const char *sgit_decoration_short_name(const char *full_name);

#pragma GCC visibility pop
#endif
