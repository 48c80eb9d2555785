/* include/sgit/revparse.h: git's revision syntax (gitrevisions(7)) for one revision */
#ifndef SGIT_REVPARSE_H
#define SGIT_REVPARSE_H

#include "buf.h"
#include "errors.h"
#include "object.h"
#include "odb.h"
#include "oid.h"
#include "refs.h"

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

/* What parsing a revision needs; nothing here is owned by the parser. */
struct sgit_revparse_env {
	struct sgit_odb *odb;
	struct sgit_refdb *refdb;
	/* ":path", ":N:path": the index entry (stage N) of path. NULL until there is an index. */
	int (*index_lookup)(struct sgit_oid *out, const char *path, int stage, void *payload);
	void *index_payload;
	/* Warnings git prints while resolving ("refname 'x' is ambiguous."); may be NULL. */
	void (*warn)(const char *message, void *payload);
	void *warn_payload;
	struct sgit_error *err;
	/*
	 * 1: no "refname 'x' is ambiguous." warning, as rev-parse -q (which, as
	 * git, still warns for the revision under a ^N or ~N); other warnings
	 * still go to warn.
	 */
	int quiet;
	/*
	 * The current folder relative to the work tree ("" at its top, "a/b/"
	 * below) for "rev:./path" and ":./path"; NULL outside a work tree, where
	 * git refuses the relative syntax.
	 */
	const char *prefix;
};

/*
 * What a revision resolved through, for callers that care how it was named
 * ("v1.0^{}": ref "refs/tags/v1.0", named = the tag object itself).
 */
struct sgit_revparse_info {
	/*
	 * The full name of the ref the spec (before any ^ ~ :) named, symbolic
	 * refs followed as git reports it ("HEAD" -> "refs/heads/main", or
	 * "HEAD" when detached); empty for an id, ":/regex" or ":path".
	 */
	struct sgit_buf ref;
	struct sgit_oid named;	/* the object named before any peeling or navigation */
};
#define SGIT_REVPARSE_INFO_INIT { SGIT_BUF_INIT, { { 0 } } }
/* Free what info holds; it is empty and usable again. */
void sgit_revparse_info_release(struct sgit_revparse_info *info);

/*
 * Resolve one revision: a full or abbreviated id, a ref name through the
 * DWIM table, HEAD, FETCH_HEAD, MERGE_HEAD, ORIG_HEAD (the first id in the
 * file, as git reads them), "@", describe output "x-g<hex>", followed by any
 * of ^, ^N, ~N, ^{}, ^{type}, ^{/regex}; ":/regex"; rev:path, :path and
 * :N:path. As git, a full 40-digit id is taken without looking for the
 * object. Messages as git's, without the final full stop ("ambiguous
 * argument 'x': unknown revision or path not in the working tree", "short
 * object ID abcd is ambiguous", "path 'x' does not exist in 'HEAD'",
 * "invalid object name 'x'"). The "@{...}" forms (reflogs, upstream, earlier
 * checkouts) are not supported: SGIT_EINVALID. info may be NULL.
 * SGIT_ENOTFOUND, SGIT_EAMBIGUOUS, SGIT_EINVALID.
 */
int sgit_revparse_single(struct sgit_oid *out, struct sgit_revparse_info *info,
			 const struct sgit_revparse_env *env, const char *spec);

/*
 * Peel id to an object of type want (SGIT_OBJ_NONE: peel tags fully, as ^{}):
 * through tags, and from a commit to its tree. SGIT_ENOTFOUND when an object
 * on the way is missing, SGIT_EINVALID ("<id>: expected tree type, but the
 * object dereferences to blob type") when the chain ends elsewhere.
 */
int sgit_revparse_peel(struct sgit_oid *out, const struct sgit_revparse_env *env,
		       const struct sgit_oid *id, enum sgit_object_type want);

#pragma GCC visibility pop
#endif
