/* refs/revparse_int.h: shared state of the revision parser (revparse*.c) */
#ifndef SGIT_REFS_REVPARSE_INT_H
#define SGIT_REFS_REVPARSE_INT_H

#include <stddef.h>
#include "sgit/revparse.h"

/* "^{object}": any type will do (not a type of the object format) */
#define RP_OBJ_ANY ((enum sgit_object_type)100)

/*
 * Which objects an abbreviated id may stand for when it is ambiguous, as
 * git narrows it by what the syntax around it needs ("abcd~2": a commit).
 */
enum rp_hint {
	RP_HINT_NONE,
	RP_HINT_COMMITTISH,	/* a commit, or a tag that peels to one */
	RP_HINT_TREEISH,	/* a tree, a commit, or a tag that peels to either */
	RP_HINT_COMMIT,		/* a commit itself (describe output "x-g<hex>") */
};

/* One parse of one spec. */
struct rp {
	const struct sgit_revparse_env *env;
	struct sgit_revparse_info *info;	/* may be NULL */
	int recorded;				/* info holds the first name resolved */
	/*
	 * The first message more telling than git's generic "unknown revision"
	 * (an ambiguous abbreviation, an object of the wrong type), reported if
	 * the whole spec fails; note_code is its error code.
	 */
	struct sgit_buf note;
	int note_code;
	int depth;				/* nesting of ^ ~ ^{} */
};

/* Errors that stop the parse at once; anything else lets git try another reading. */
int rp_is_hard(int rc);
/* Remember a message for a failure (the first one wins). Returns code. */
int rp_note(struct rp *rp, int code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void rp_warn(struct rp *rp, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* ---- revparse_obj.c: objects ---- */
/* The type of id; SGIT_ENOTFOUND when it is missing. */
int rp_type(enum sgit_object_type *type, struct rp *rp, const struct sgit_oid *id);
/*
 * Follow id towards an object of type want (RP_OBJ_ANY: id itself once it
 * exists) through tags and from a commit to its tree. When no step leads
 * there, note git's "<name>: expected <want> type, but the object
 * dereferences to <type> type" (name may be NULL: no note).
 */
int rp_peel_to_type(struct sgit_oid *out, struct rp *rp, const char *name, size_t len,
		    const struct sgit_oid *id, enum sgit_object_type want);
/* Follow tags until an object that is not a tag, which must exist; *type gets its type. */
int rp_deref_tags(struct sgit_oid *out, enum sgit_object_type *type, struct rp *rp,
		  const struct sgit_oid *id);
/* Read and parse the commit id (tags followed); notes "object X is a T, not a commit". */
struct sgit_commit;
int rp_lookup_commit(struct sgit_commit **out, struct sgit_oid *commit_id, struct rp *rp,
		     const struct sgit_oid *id);
/* Read and parse exactly the commit id (no tag peeling, no note). */
int rp_read_commit(struct sgit_commit **out, struct rp *rp, const struct sgit_oid *id);
/* The entry path in the tree of treeish (git's get_tree_entry; "" = the tree itself). */
int rp_tree_entry(struct sgit_oid *out, struct rp *rp, const struct sgit_oid *treeish,
		  const char *path);
/*
 * Resolve an abbreviated id (4 to 40 hex digits, either case) narrowed by
 * hint. An ambiguous one is noted as git's "short object ID x is ambiguous"
 * unless quiet. SGIT_ENOTFOUND, SGIT_EAMBIGUOUS.
 */
int rp_short_oid(struct sgit_oid *out, struct rp *rp, const char *name, size_t len,
		 enum rp_hint hint, int quiet);

/* ---- revparse_grep.c: ^{/regex} and :/regex ---- */
/*
 * The youngest commit (by committer date, as git walks) reachable from
 * starts whose message matches pattern ("!-" negates, "!!" is a literal
 * "!"). SGIT_ENOTFOUND when none does.
 */
int rp_grep(struct sgit_oid *out, struct rp *rp, const char *pattern, size_t len,
	    const struct sgit_oid *starts, size_t nstarts);
/* The same, starting from every ref and HEAD (":/regex"). */
int rp_grep_all(struct sgit_oid *out, struct rp *rp, const char *pattern, size_t len);

#endif
