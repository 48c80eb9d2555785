/* include/sgit/revwalk.h: walk commits from starting ids, as git rev-list orders them */
#ifndef SGIT_REVWALK_H
#define SGIT_REVWALK_H

#include <stddef.h>
#include <stdint.h>
#include "errors.h"
#include "object.h"
#include "odb.h"
#include "oid.h"

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

struct sgit_revwalk;
struct sgit_commit;

enum sgit_revwalk_sort {
	SGIT_REVWALK_SORT_DEFAULT,	/* newest committer date first, parents as they are reached */
	/*
	 * --topo-order: no parent before all its children, lines of history kept
	 * together; ready commits on a stack, tips in push order, as git orders
	 * them when it has no commit graph.
	 */
	SGIT_REVWALK_SORT_TOPO,
	SGIT_REVWALK_SORT_DATE		/* --date-order: no parent before its children, else by date */
};

/* How --author, --committer and --grep patterns are read. */
enum sgit_revwalk_pattern {
	SGIT_REVWALK_PATTERN_BASIC,	/* POSIX basic regex (git's default) */
	SGIT_REVWALK_PATTERN_EXTENDED,	/* -E, --extended-regexp */
	SGIT_REVWALK_PATTERN_FIXED	/* -F, --fixed-strings */
};

/*
 * The pattern and path arrays and strings are read by sgit_revwalk_new()
 * only (the walker keeps its own copies). Start from SGIT_REVWALK_OPTIONS_INIT.
 */
struct sgit_revwalk_options {
	int first_parent;		/* --first-parent */
	long max_count;			/* -n; < 0: no limit */
	long skip;			/* --skip */
	int reverse;			/* --reverse (buffers the whole walk) */
	enum sgit_revwalk_sort sort;

	/* Filters: commits that fail them are not returned, the walk goes on through them. */
	int min_parents;		/* --min-parents; --merges is 2 */
	int max_parents;		/* --max-parents; --no-merges is 1; < 0: no limit */
	const char *const *authors;	/* --author: any may match "Name <email>" of the author */
	size_t nauthors;
	const char *const *committers;	/* --committer: likewise for the committer */
	size_t ncommitters;
	const char *const *greps;	/* --grep: any may match a line of the message */
	size_t ngreps;
	enum sgit_revwalk_pattern pattern;
	int ignore_case;		/* -i, --regexp-ignore-case */
	int all_match;			/* --all-match: every --grep must match */
	int invert_grep;		/* --invert-grep */
	/*
	 * The patterns see the commit re-encoded from its "encoding" header
	 * to this one, as git shows it (i18n.logOutputEncoding; NULL: UTF-8).
	 */
	const char *output_encoding;
	/*
	 * --since (has_since): a commit older than since ends the walk along
	 * that line (git stops there, it does not filter: with clock skew a
	 * newer ancestor is still reached by another line, except in a range
	 * or sorted walk, where its ancestors are hidden as git hides them);
	 * --until (has_until): newer commits are not returned. Seconds since
	 * the epoch, compared with the committer date; the caller parses dates.
	 */
	int has_since, has_until;
	int64_t since, until;

	/*
	 * Path limiting ("-- <path>..."): items as sgit_pathspec takes them
	 * (from the top of the work tree, globs allowed). Commits that change
	 * nothing below them are not returned, and with git's default history
	 * simplification a merge that is TREESAME to a parent is followed
	 * along that parent only.
	 */
	const char *const *paths;
	size_t npaths;
	int full_history;		/* --full-history: follow every parent of such merges */
	/*
	 * --parents, --graph, %P: sgit_revwalk_parent_*() give the parents
	 * rewritten to the nearest returned commits (path limiting), and merges
	 * joining returned lines are kept. (git's --graph also implies
	 * SGIT_REVWALK_SORT_TOPO unless another sort was asked for.)
	 */
	int rewrite_parents;
	/*
	 * The caller will ask sgit_revwalk_commit() for most commits (log):
	 * keep each commit's bytes from when the walk reads it until it is
	 * returned, as git does, instead of reading it a second time.
	 */
	int keep_commits;
	/* --objects: record what sgit_revwalk_next_object() needs. */
	int objects;
	/*
	 * --boundary: once the walk is over, return the parents of returned
	 * commits that were not returned themselves (hidden, or cut off by -n);
	 * sgit_revwalk_is_boundary() tells them apart (git prints "-").
	 */
	int boundary;
	/*
	 * --author and --committer see identities through this, as git log
	 * does with log.mailmap: replace the e-mail and name (borrowed
	 * strings, with their lengths) and return 1 when the identity maps to
	 * another, else 0. NULL: as written. sgit_mailmap_map() has this shape
	 * with data as the map (the caller wraps it).
	 */
	int (*map_ident)(void *data, const char **email, size_t *email_len,
			 const char **name, size_t *name_len);
	void *map_ident_data;
};
#define SGIT_REVWALK_OPTIONS_INIT { .max_count = -1, .max_parents = -1 }

/*
 * A walker over the commits of odb (which must outlive it); errors to err.
 * SGIT_EINVALID for a bad pattern, with git's message minus "fatal: ".
 * Free with _free().
 */
int sgit_revwalk_new(struct sgit_revwalk **out, struct sgit_odb *odb,
		     const struct sgit_revwalk_options *opts, struct sgit_error *err);
void sgit_revwalk_free(struct sgit_revwalk *walk);
/*
 * Start from the commit id ("B"). Before the first _next() only.
 * SGIT_ENOTFOUND, SGIT_EINVALID (not a commit), SGIT_ECORRUPT.
 */
int sgit_revwalk_push(struct sgit_revwalk *walk, const struct sgit_oid *id);
/*
 * The left side of "A...B": push id (tags peeled; pushing it again is
 * harmless) and count it and what the walk reaches from it through commits
 * that are not hidden (the first parent only with opts.first_parent) as
 * "left", as git's %m and --left-right do. Before the first _next() only.
 */
int sgit_revwalk_push_left(struct sgit_revwalk *walk, const struct sgit_oid *id);
/* Exclude id and everything reachable from it ("^A"). Before the first _next() only. */
int sgit_revwalk_hide(struct sgit_revwalk *walk, const struct sgit_oid *id);
/*
 * Start from any object, as rev-list takes its arguments: tags are peeled
 * (and, with opts.objects, listed under the name in the tag), a commit is
 * pushed, a tree or blob is listed by --objects under path (NULL: "") and
 * otherwise ignored. Before the first _next() only.
 */
int sgit_revwalk_push_object(struct sgit_revwalk *walk, const struct sgit_oid *id,
			     const char *path);
/* Exclude any object: tags are peeled; a tree or blob and all it holds are left out of --objects. */
int sgit_revwalk_hide_object(struct sgit_revwalk *walk, const struct sgit_oid *id);
/*
 * The next commit into *out: 0, or 1 when the walk is over, or < 0 on error.
 * Streams in the default order without hidden ids; buffers otherwise (git
 * must see the whole range first too).
 */
int sgit_revwalk_next(struct sgit_oid *out, struct sgit_revwalk *walk);

/* 1 when the commit _next() returned last is a boundary commit (opts.boundary). */
int sgit_revwalk_is_boundary(const struct sgit_revwalk *walk);
/* 1 when the commit _next() returned last is on the left side (sgit_revwalk_push_left()). */
int sgit_revwalk_is_left(const struct sgit_revwalk *walk);
/*
 * The parents of the commit _next() returned last: as in the object (all
 * of them, even with opts.first_parent, as git's --parents), or as path
 * limiting simplified and opts.rewrite_parents rewrote them. 0 before the
 * first commit.
 */
size_t sgit_revwalk_parent_count(const struct sgit_revwalk *walk);
/* The i-th of those parents (i < parent_count), or NULL. */
const struct sgit_oid *sgit_revwalk_parent_id(const struct sgit_revwalk *walk, size_t i);
/*
 * Whether the i-th of those parents counts as shown, as git's --graph asks
 * before drawing a line to it: 1 when the walk returns it or would but for
 * -n (not hidden, not returned already, passing --merges, --author,
 * --until... and path limiting); with opts.boundary also when it is a
 * boundary candidate; with opts.first_parent only the first parent can
 * count. 0 when not (or i out of range), < 0 on a read error.
 */
int sgit_revwalk_parent_shown(struct sgit_revwalk *walk, size_t i);
/*
 * The commit _next() returned last, parsed in full, into *out; borrowed from
 * the walker until the next _next() or _free(). SGIT_EINVALID before the
 * first commit; read errors as sgit_odb_read().
 */
int sgit_revwalk_commit(const struct sgit_commit **out, struct sgit_revwalk *walk);

/* One object of rev-list --objects. */
struct sgit_revwalk_object {
	struct sgit_oid id;
	enum sgit_object_type type;	/* SGIT_OBJ_TREE, _BLOB or _TAG */
	/*
	 * What git prints after the id and a space: the path from the top
	 * ("" for a commit's tree), a tag's name; borrowed until the next call.
	 */
	const char *path;
	size_t path_len;
};
/*
 * With opts.objects, once _next() has returned 1: the tags pushed, then the
 * trees and blobs of the returned commits (each commit's tree in the order
 * the commits came, depth first in tree order) that are not reachable from
 * the trees of the hidden commits bordering the walk, each once, as
 * git rev-list --objects lists them. 0, 1 at the end, < 0 on error
 * (SGIT_EINVALID without opts.objects or before the commits are done).
 */
int sgit_revwalk_next_object(struct sgit_revwalk_object *out, struct sgit_revwalk *walk);

#pragma GCC visibility pop
#endif
