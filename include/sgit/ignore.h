/* include/sgit/ignore.h: gitignore rules: which untracked paths git leaves out */
#ifndef SGIT_IGNORE_H
#define SGIT_IGNORE_H

#include "errors.h"

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

struct sgit_repo;

/* Receives git's warning for a rule file that exists but cannot be read. */
typedef void (*sgit_ignore_warn_fn)(const char *msg, void *payload);

/*
 * Where the rules come from, lowest precedence first: excludes_file, then
 * info_exclude, then the ".gitignore" of every folder from the top down to
 * the path's own (a deeper file wins; in a file, a later line wins).
 * Strings are copied.
 */
struct sgit_ignore_options {
	const char *work_tree;		/* the top; ".gitignore" files are read below it */
	const char *info_exclude;	/* "<common dir>/info/exclude", or NULL */
	const char *info_exclude_name;	/* how a match names it (NULL: info_exclude) */
	const char *excludes_file;	/* core.excludesFile, "~" expanded, or its default; NULL:
					   none. Relative: from work_tree (git reads it at the top) */
	int ignore_case;		/* core.ignoreCase */
	sgit_ignore_warn_fn warn;	/* NULL: unreadable files are skipped quietly */
	void *warn_payload;
};
#define SGIT_IGNORE_OPTIONS_INIT { NULL, NULL, NULL, NULL, 0, NULL, NULL }

/*
 * A matcher for one work tree. Folders' ".gitignore" files are read lazily,
 * once each, as queries descend: it keeps the stack of files from the top to
 * the folder of the last query, so asking about paths in the order of a walk
 * (a folder's entries together) reads every file once. Errors of later calls
 * go to err, which must outlive the matcher. Free with sgit_ignore_free().
 */
struct sgit_ignore;

/* A matcher in *out, free with sgit_ignore_free(); on failure (< 0) *out is NULL. */
int sgit_ignore_new(struct sgit_ignore **out, const struct sgit_ignore_options *opts,
		    struct sgit_error *err);
/*
 * The same with what git uses in repo: its work tree (SGIT_EINVALID when
 * bare), info/exclude of the common dir (named ".git/info/exclude" when that
 * is the work tree's ".git"), core.excludesFile (default
 * "$XDG_CONFIG_HOME/git/ignore" or "$HOME/.config/git/ignore"),
 * core.ignoreCase. Errors go to the repository's error slot.
 */
int sgit_ignore_new_for_repo(struct sgit_ignore **out, struct sgit_repo *repo,
			     sgit_ignore_warn_fn warn, void *warn_payload);
void sgit_ignore_free(struct sgit_ignore *ign);

enum sgit_ignore_verdict {
	SGIT_IGNORE_NONE = 0,		/* no pattern matched: not ignored */
	SGIT_IGNORE_EXCLUDED = 1,	/* ignored */
	SGIT_IGNORE_INCLUDED = 2,	/* a negated pattern ("!x") decided: not ignored */
};

/* The pattern that decided. Pointers stay valid until the next query or sgit_ignore_free(). */
struct sgit_ignore_match {
	enum sgit_ignore_verdict verdict;
	const char *source;	/* ".gitignore", "a/b/.gitignore", ".git/info/exclude", the excludes file */
	int line;		/* 1-based line in source */
	const char *pattern;	/* the line as check-ignore -v shows it: "!" and final "/" kept */
};

/*
 * Decide about path (relative to the top, '/'-separated, normalised; a final
 * '/' asks about that folder) as git does, is_dir saying whether it is a
 * folder (for "dir/" patterns). A path below an ignored folder is ignored by
 * the folder's pattern: no "!" rule can bring it back. Fails only for want
 * of memory.
 */
int sgit_ignore_check(struct sgit_ignore_match *out, struct sgit_ignore *ign, const char *path,
		      int is_dir);
/* 1 when path is ignored, 0 when not, < 0 on error. */
int sgit_ignore_is_ignored(struct sgit_ignore *ign, const char *path, int is_dir);

#pragma GCC visibility pop
#endif
