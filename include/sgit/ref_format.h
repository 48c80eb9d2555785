/* include/sgit/ref_format.h: listing refs as git's for-each-ref does: filter, sort, --format */
#ifndef SGIT_REF_FORMAT_H
#define SGIT_REF_FORMAT_H

#include <stddef.h>
#include <stdint.h>
#include "buf.h"
#include "errors.h"
#include "oid.h"
#include "repo.h"

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

/* How atom values are quoted (for-each-ref --shell, --perl, --python, --tcl). */
enum sgit_ref_quote {
	SGIT_REF_QUOTE_NONE = 0,
	SGIT_REF_QUOTE_SHELL,
	SGIT_REF_QUOTE_PERL,
	SGIT_REF_QUOTE_PYTHON,
	SGIT_REF_QUOTE_TCL,
};

struct sgit_ref_format_options {
	enum sgit_ref_quote quote;
	int64_t now;		/* the clock, for relative and human dates */
	int to_terminal;	/* output goes to a terminal: what "auto:" date modes pick */
	int color;		/* %(color:...) gives escape sequences (else nothing) */
	int ignore_case;	/* --ignore-case: string sort keys compare ASCII case-blind */
};
#define SGIT_REF_FORMAT_OPTIONS_INIT { SGIT_REF_QUOTE_NONE, 0, 0, 0, 0 }

/* A parsed --format with its --sort keys. Free with sgit_ref_format_free(). */
struct sgit_ref_format;

/*
 * Parse format ("%(refname) %(objectname:short)", "%(if)...%(then)...%(end)",
 * "%%", "%xx" bytes) for repo, which must outlive it. Errors go to repo's
 * slot with git's message: SGIT_EINVALID for "unknown field name: x", a bad
 * argument and the like (git dies: 128), and for "malformed format string
 * %(x" (git prints its usage: 129), which sets *malformed (may be NULL).
 */
int sgit_ref_format_new(struct sgit_ref_format **out, int *malformed, struct sgit_repo *repo,
			const char *format, const struct sgit_ref_format_options *opts);
void sgit_ref_format_free(struct sgit_ref_format *fmt);

/*
 * Add a --sort key: an atom as in a format, without "%(" and ")"
 * ("refname", "objectsize", "*committerdate:iso"), "-" first to reverse it,
 * "version:" or "v:" before it for version order. The key added last sorts
 * first, as git. Without keys, lists sort by refname. SGIT_EINVALID for a
 * bad atom, as sgit_ref_format_new().
 */
int sgit_ref_format_add_sort(struct sgit_ref_format *fmt, const char *key);

/* The kinds of refs git's listings tell apart (refs/heads/, refs/remotes/, refs/tags/, others). */
enum sgit_ref_kind {
	SGIT_REF_KIND_BRANCH = 1,
	SGIT_REF_KIND_REMOTE = 2,
	SGIT_REF_KIND_TAG = 4,
	SGIT_REF_KIND_OTHER = 8,
};
#define SGIT_REF_KIND_ALL 15

/* Which refs to list; every array is borrowed and may be empty. */
struct sgit_ref_filter {
	unsigned kinds;			/* SGIT_REF_KIND_*; 0 = all of refs/ */
	/*
	 * Names to keep (none: all). for-each-ref's rule (match_short 0): the
	 * pattern is a prefix of the full name ending at a '/' boundary, or
	 * matches it as a glob whose '*' stops at '/'. branch and tag (match_short
	 * 1): a glob matched against the name after refs/heads/, refs/tags/...
	 */
	const char *const *patterns;
	size_t npatterns;
	int match_short;
	int ignore_case;		/* globs match ASCII case-blind */
	/* --points-at: refs whose object, or the object their tag names, is one of these */
	const struct sgit_oid *points_at;
	size_t npoints_at;
	/* commits: --merged (reachable from one), --no-merged, --contains, --no-contains */
	const struct sgit_oid *merged;
	size_t nmerged;
	const struct sgit_oid *no_merged;
	size_t nno_merged;
	const struct sgit_oid *contains;
	size_t ncontains;
	const struct sgit_oid *no_contains;
	size_t nno_contains;
	/*
	 * Warnings git prints about refs it leaves out ("ignoring broken ref
	 * refs/heads/x"); may be NULL.
	 */
	void (*warn)(const char *message, void *payload);
	void *warn_payload;
};
#define SGIT_REF_FILTER_INIT { 0, NULL, 0, 0, 0, NULL, 0, NULL, 0, NULL, 0, NULL, 0, NULL, 0, NULL, NULL }

/* Refs picked by a filter, in byte order of name until sorted. Free with sgit_ref_list_free(). */
struct sgit_ref_list;

/*
 * Collect the refs of repo (which must outlive the list) that pass filter.
 * Like git, refs that do not resolve are left out (dangling symbolic refs
 * quietly, others with a warning), and so are refs that name no commit when
 * a commit filter is given; a ref to a missing object is listed, and only
 * the atoms that need the object fail on it.
 */
int sgit_ref_list_collect(struct sgit_ref_list **out, struct sgit_repo *repo,
			  const struct sgit_ref_filter *filter);
void sgit_ref_list_free(struct sgit_ref_list *list);
/*
 * A list of the one ref name (used as given: "v1.0" stays "v1.0" in
 * %(refname)) pointing at id, as git formats a single ref it was handed
 * (verify-tag --format). SGIT_ENOMEM.
 */
int sgit_ref_list_one(struct sgit_ref_list **out, struct sgit_repo *repo, const char *name,
		      const struct sgit_oid *id);
size_t sgit_ref_list_count(const struct sgit_ref_list *list);
/* The full name of the i-th ref. */
const char *sgit_ref_list_name(const struct sgit_ref_list *list, size_t i);

/*
 * Sort list by fmt's keys (ties by name, case-blind with ignore_case, as
 * git). Like git, this also reads every object the format needs, so that a
 * missing object or a bad date format fails here, before anything is
 * printed: errors as sgit_ref_format_expand().
 */
int sgit_ref_list_sort(struct sgit_ref_list *list, struct sgit_ref_format *fmt);

/*
 * Replace out with fmt expanded for the i-th ref of list (no final LF; it
 * may hold NUL bytes). SGIT_EINVALID with git's message for a format that
 * only fails when used ("format: %(end) atom missing", "unknown date format
 * x"), SGIT_ENOTFOUND "missing object <id> for <ref>", SGIT_ECORRUPT.
 */
int sgit_ref_format_expand(struct sgit_buf *out, struct sgit_ref_format *fmt,
			   struct sgit_ref_list *list, size_t i);

#pragma GCC visibility pop
#endif
