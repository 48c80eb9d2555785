/* include/sgit/refs.h: the ref store: loose refs, packed-refs, symbolic refs, reflogs */
#ifndef SGIT_REFS_H
#define SGIT_REFS_H

#include <stddef.h>
#include "buf.h"
#include "errors.h"
#include "oid.h"

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

struct sgit_refdb;
struct sgit_odb;

struct sgit_refdb_options {
	/*
	 * core.logAllRefUpdates: 1 = reflogs for branches, remote-tracking
	 * refs, notes and HEAD (git's default in a repository with a work
	 * tree); 0 = only refs whose log already exists (bare default);
	 * 2 = "always": every ref.
	 */
	int log_all_ref_updates;
	/*
	 * Optional, borrowed (must outlive the store): lets pack-refs write the
	 * "^" peeled lines of annotated tags and leave refs to missing objects
	 * loose, and lets updates refuse a missing object, or a non-commit on
	 * HEAD or refs/heads/, with git's messages. Without it nothing is
	 * peeled or checked.
	 */
	struct sgit_odb *odb;
};
#define SGIT_REFDB_OPTIONS_INIT { 1, NULL }

/*
 * Open the ref store of git_dir (HEAD and the pseudo-refs there, refs/,
 * packed-refs). Errors of later calls go to err, which must outlive the
 * store. Free with sgit_refdb_free().
 */
int sgit_refdb_open(struct sgit_refdb **out, const char *git_dir,
		    const struct sgit_refdb_options *opts, struct sgit_error *err);
void sgit_refdb_free(struct sgit_refdb *db);

enum sgit_ref_flags {
	SGIT_REF_LOOSE = 1,	/* read from a loose file */
	SGIT_REF_PACKED = 2,	/* read from packed-refs (a loose file of the same name wins) */
	SGIT_REF_SYMBOLIC = 4,	/* "ref: <target>" */
	SGIT_REF_HAS_PEELED = 8,	/* packed-refs gave a "^<id>" line: peeled is valid */
	SGIT_REF_BROKEN = 16,	/* the file does not hold a valid value */
};

/* A ref as stored. Caller-owned: SGIT_REF_INIT, filled by a read, then _release. */
struct sgit_ref {
	struct sgit_buf name;		/* full name: "HEAD", "refs/heads/main" */
	struct sgit_oid oid;		/* zero for a symbolic ref */
	struct sgit_buf target;		/* a symbolic ref's target name */
	struct sgit_oid peeled;		/* see SGIT_REF_HAS_PEELED */
	unsigned flags;
};
#define SGIT_REF_INIT { SGIT_BUF_INIT, { { 0 } }, SGIT_BUF_INIT, { { 0 } }, 0 }
/* Free the ref's buffers; it is empty and usable again. */
void sgit_ref_release(struct sgit_ref *ref);

/*
 * Read one ref as stored, without following a symbolic ref. SGIT_ENOTFOUND
 * (also for a name that is no ref name). A file that holds neither an id
 * nor "ref: <name>" is read with SGIT_REF_BROKEN and a zero oid.
 */
int sgit_refdb_read(struct sgit_ref *out, struct sgit_refdb *db, const char *name);

/*
 * Follow symbolic refs from name (at most 5 levels, as git) to an id.
 * resolved (may be NULL) gets the name of the last ref reached. When that
 * ref does not exist (an unborn branch), returns SGIT_ENOTFOUND with
 * resolved filled in. A loop or a too-deep chain is SGIT_EINVALID; a broken
 * file on the way is SGIT_ECORRUPT (resolved names it).
 */
int sgit_refdb_resolve(struct sgit_oid *out, struct sgit_buf *resolved, struct sgit_refdb *db,
		       const char *name);

/*
 * Every ref whose name starts with prefix ("" or "refs/" for all of refs/,
 * "refs/heads/" ...), in byte order of name, loose and packed merged (a loose
 * ref hides the packed one of the same name); symbolic refs are reported with
 * SGIT_REF_SYMBOLIC and their oid resolved when possible (zero for a
 * dangling one; a loop adds SGIT_REF_BROKEN). A loose file with bad content
 * or a bad name (check sgit_refname_is_valid) is reported with
 * SGIT_REF_BROKEN: git warns and skips those. HEAD is not part of refs/.
 * A non-zero return from cb stops the walk and is returned.
 */
typedef int (*sgit_ref_foreach_cb)(const struct sgit_ref *ref, void *payload);
int sgit_refdb_foreach(struct sgit_refdb *db, const char *prefix, sgit_ref_foreach_cb cb,
		       void *payload);

/* One change to one ref, done under "<ref>.lock". */
struct sgit_ref_update {
	const char *name;
	const struct sgit_oid *new_oid;		/* the new value (NULL with symref_target) */
	const char *symref_target;		/* make name a symbolic ref to this */
	/*
	 * Compare-and-swap: NULL = no check; a zero id = the ref must not
	 * exist; any other id = the ref's current value must be this one.
	 * A mismatch fails with SGIT_ECONFLICT and changes nothing.
	 */
	const struct sgit_oid *old_oid;
	int no_deref;				/* update name itself even if it is symbolic */
	/* NULL: no reflog entry; "": an entry without message (git update-ref without -m) */
	const char *reflog_msg;
	const char *committer;			/* "Name <email> <time> <tz>" for the reflog */
};

/*
 * Apply one update: loose file written through its lock; the reflog of the
 * ref (and of HEAD when HEAD points at it) appended as git does. A held lock
 * is SGIT_ELOCKED with git's message naming the lock file; a ref whose name
 * is a folder of another's (refs/heads/a vs refs/heads/a/b) is SGIT_EEXISTS;
 * a bad name is SGIT_EINVALID. Setting a ref to the value it has writes
 * nothing, as git. A symbolic update always replaces name itself.
 */
int sgit_refdb_update(struct sgit_refdb *db, const struct sgit_ref_update *u);
/*
 * Delete name (loose file, packed-refs entry rewritten under
 * packed-refs.lock, and its reflog), after the same compare-and-swap check.
 */
int sgit_refdb_delete(struct sgit_refdb *db, const char *name, const struct sgit_oid *old_oid,
		      int no_deref);
/* pack-refs --all: every ref into packed-refs (with peeled lines), loose files removed. */
int sgit_refdb_pack_all(struct sgit_refdb *db);
enum sgit_refdb_pack_flags {
	SGIT_REFDB_PACK_ALL = 1,	/* every ref, not only refs/tags/ (git pack-refs --all) */
	SGIT_REFDB_PACK_PRUNE = 2,	/* remove the loose files packed (git's default) */
};
/* pack-refs with flags; packed refs stay packed either way. */
int sgit_refdb_pack(struct sgit_refdb *db, unsigned flags);

/* A reflog entry as git writes it: "<old> <new> <committer> TAB <message>". */
struct sgit_reflog_entry {
	struct sgit_oid old_oid, new_oid;
	const char *committer;			/* borrowed, valid during the callback */
	const char *message;
};
/* 1 when name has a reflog file, 0 when not. */
int sgit_refdb_reflog_exists(struct sgit_refdb *db, const char *name);
/* Create name's reflog, empty, unless it exists (update-ref --create-reflog). */
int sgit_refdb_reflog_create(struct sgit_refdb *db, const char *name);
/*
 * Append an entry to name's reflog when its updates are logged (as an update
 * would decide), without touching the ref: git logs "reset: moving to HEAD"
 * in HEAD's log although the branch under it keeps its value.
 */
int sgit_refdb_reflog_append(struct sgit_refdb *db, const char *name, const struct sgit_oid *old_oid,
			     const struct sgit_oid *new_oid, const char *committer, const char *msg);
/*
 * Entries of name's reflog, oldest first (message "" when the line has
 * none; malformed lines skipped, as git). SGIT_ENOTFOUND when it has none.
 */
typedef int (*sgit_reflog_cb)(const struct sgit_reflog_entry *e, void *payload);
int sgit_refdb_reflog_foreach(struct sgit_refdb *db, const char *name, sgit_reflog_cb cb,
			      void *payload);

/* ---- ref names (git check-ref-format) ---- */
enum sgit_refname_flags {
	SGIT_REFNAME_ALLOW_ONELEVEL = 1,	/* --allow-onelevel */
	SGIT_REFNAME_REFSPEC_PATTERN = 2,	/* --refspec-pattern: one '*' allowed */
	SGIT_REFNAME_NORMALIZE = 4,		/* --normalize: collapse slashes first */
};
/* 1 when name is a valid ref name under flags, 0 when not (*why gets a reason). */
int sgit_refname_is_valid(const char *name, unsigned flags, const char **why);
/*
 * git check-ref-format --normalize: out = name with leading slashes removed
 * and runs of slashes collapsed, when that is valid under flags (NORMALIZE
 * implied). SGIT_EINVALID (*why, may be NULL, gets a reason), SGIT_ENOMEM.
 */
int sgit_refname_normalize(struct sgit_buf *out, const char *name, unsigned flags, const char **why);

/* ---- the ONE DWIM table (see refs/dwim.c) ---- */
/*
 * The rules by which a short name is tried as a full ref name, in order:
 * "%s", "refs/%s", "refs/tags/%s", "refs/heads/%s", "refs/remotes/%s",
 * "refs/remotes/%s/HEAD". Every command that expands a short ref name (fetch
 * included) uses this table and nothing else.
 */
size_t sgit_dwim_rule_count(void);
const char *sgit_dwim_rule(size_t i);
/* Replace out with rule i applied to short name (len bytes). */
int sgit_dwim_expand(struct sgit_buf *out, size_t rule, const char *name, size_t len);
/*
 * The first rule under which full_name is short_name's expansion, or -1.
 * This matches a name against a LIST of refs (another repository's, for
 * fetch) without a ref store.
 */
int sgit_dwim_match(const char *short_name, size_t len, const char *full_name);
/*
 * Expand short name over our own refs: *out gets the id of the first rule
 * that names an existing ref, and full (may be NULL) the name that ref
 * resolves to, symbolic refs followed as git reports it ("HEAD" ->
 * "refs/heads/main", "origin" -> "refs/remotes/origin/main");
 * *count (may be NULL) gets how many rules matched: more than one is git's
 * "refname 'x' is ambiguous" warning, which the caller prints.
 * SGIT_ENOTFOUND ("no ref matches 'x'") when none does.
 */
int sgit_dwim_ref(struct sgit_oid *out, struct sgit_buf *full, int *count, struct sgit_refdb *db,
		  const char *name, size_t len);

/*
 * The DWIM table backwards (refs/shorten.c): replace out with the shortest
 * form of full ref name that no earlier rule would take to another existing
 * ref ("refs/heads/main" -> "main"; like git 2.39, the "refs/remotes/%s/HEAD"
 * rule is not used backwards: "refs/remotes/origin/HEAD" -> "origin/HEAD"),
 * or full itself. The _strict form requires that no other rule at all names
 * an existing ref (git with core.warnAmbiguousRefs: for-each-ref
 * %(refname:short), rev-parse --abbrev-ref); the plain form is symbolic-ref
 * --short's.
 */
int sgit_ref_shorten(struct sgit_buf *out, struct sgit_refdb *db, const char *full);
int sgit_ref_shorten_strict(struct sgit_buf *out, struct sgit_refdb *db, const char *full);
/*
 * The same (strict or not) for a caller that holds every ref under refs/
 * already (a listing of them all): exists(name, payload) answers for names
 * under "refs/" (> 0 when that ref resolves); other names are looked up in db.
 */
typedef int (*sgit_ref_exists_fn)(const char *name, void *payload);
int sgit_ref_shorten_known(struct sgit_buf *out, struct sgit_refdb *db, const char *full, int strict,
			   sgit_ref_exists_fn exists, void *payload);

#pragma GCC visibility pop
#endif
