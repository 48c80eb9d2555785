/* refs/revparse_obj.c: the objects behind a revision: peeling, commits, tree paths, abbreviations */
#include <ctype.h>
#include <string.h>
#include "sgit/commit.h"
#include "sgit/odb.h"
#include "sgit/tree.h"
#include "refs/revparse_int.h"

/* Tags nest; a chain longer than this is surely broken data. */
#define MAX_PEEL 1000

int rp_type(enum sgit_object_type *type, struct rp *rp, const struct sgit_oid *id)
{
	size_t size;
	int rc = sgit_odb_read_header(&size, type, rp->env->odb, id);

	return rc == SGIT_ECORRUPT ? SGIT_ENOTFOUND : rc;
}

/* One step from id (of type) towards want: a tag to its object, a commit to its tree. */
static int peel_step(struct sgit_oid *next, struct rp *rp, const struct sgit_oid *id,
		     enum sgit_object_type want)
{
	struct sgit_buf data = SGIT_BUF_INIT;
	enum sgit_object_type type;
	int rc;

	if ((rc = sgit_odb_read(&data, &type, rp->env->odb, id)) < 0)
		goto out;
	rc = sgit_object_peel_step(next, type, want, data.ptr, data.len);
out:
	if (rc == SGIT_ECORRUPT)
		rc = SGIT_ENOTFOUND;
	sgit_buf_release(&data);
	return rc;
}

int rp_peel_to_type(struct sgit_oid *out, struct rp *rp, const char *name, size_t len,
		    const struct sgit_oid *id, enum sgit_object_type want)
{
	struct sgit_oid cur = *id;
	enum sgit_object_type type = SGIT_OBJ_BAD;
	int rc, i;

	for (i = 0; i < MAX_PEEL; i++) {
		if ((rc = rp_type(&type, rp, &cur)) < 0)
			return rc;
		if (want == RP_OBJ_ANY || type == want) {
			*out = cur;
			return 0;
		}
		if (type != SGIT_OBJ_TAG && type != SGIT_OBJ_COMMIT)
			break;
		if ((rc = peel_step(&cur, rp, &cur, SGIT_OBJ_TREE)) < 0)
			return rc;
	}
	if (!name || i == MAX_PEEL)
		return SGIT_ENOTFOUND;
	return rp_note(rp, SGIT_EINVALID, "%.*s: expected %s type, but the object dereferences to %s type",
		       (int)len, name, sgit_object_type_name(want), sgit_object_type_name(type));
}

int rp_deref_tags(struct sgit_oid *out, enum sgit_object_type *type, struct rp *rp,
		  const struct sgit_oid *id)
{
	struct sgit_oid cur = *id;
	int rc, i;

	for (i = 0; i < MAX_PEEL; i++) {
		if ((rc = rp_type(type, rp, &cur)) < 0)
			return rc;
		if (*type != SGIT_OBJ_TAG) {
			*out = cur;
			return 0;
		}
		if ((rc = peel_step(&cur, rp, &cur, SGIT_OBJ_COMMIT)) < 0)
			return rc;
	}
	return SGIT_ENOTFOUND;
}

int rp_read_commit(struct sgit_commit **out, struct rp *rp, const struct sgit_oid *id)
{
	struct sgit_buf data = SGIT_BUF_INIT;
	enum sgit_object_type type;
	int rc;

	*out = NULL;
	if ((rc = sgit_odb_read(&data, &type, rp->env->odb, id)) < 0)
		goto out;
	if (type != SGIT_OBJ_COMMIT) {
		rc = SGIT_ENOTFOUND;
		goto out;
	}
	rc = sgit_commit_parse(out, data.ptr, data.len, NULL);
out:
	if (rc == SGIT_ECORRUPT)
		rc = SGIT_ENOTFOUND;
	sgit_buf_release(&data);
	return rc;
}

int rp_lookup_commit(struct sgit_commit **out, struct sgit_oid *commit_id, struct rp *rp,
		     const struct sgit_oid *id)
{
	enum sgit_object_type type;
	char hex[SGIT_OID_HEXSZ + 1];
	int rc;

	*out = NULL;
	if ((rc = rp_deref_tags(commit_id, &type, rp, id)) < 0)
		return rc;
	if (type != SGIT_OBJ_COMMIT)
		return rp_note(rp, SGIT_EINVALID, "object %s is a %s, not a commit",
			       sgit_oid_tohex(hex, commit_id), sgit_object_type_name(type));
	return rp_read_commit(out, rp, commit_id);
}

/* The entry name (len bytes) of the tree id. */
static int tree_child(struct sgit_oid *out, unsigned *mode, struct rp *rp,
		      const struct sgit_oid *id, const char *name, size_t len)
{
	struct sgit_buf data = SGIT_BUF_INIT;
	struct sgit_tree *tree = NULL;
	const struct sgit_tree_entry *e;
	enum sgit_object_type type;
	int rc;

	if ((rc = sgit_odb_read(&data, &type, rp->env->odb, id)) < 0)
		goto out;
	if (type != SGIT_OBJ_TREE) {
		rc = SGIT_ENOTFOUND;
		goto out;
	}
	if ((rc = sgit_tree_parse(&tree, data.ptr, data.len, NULL)) < 0)
		goto out;
	if (!(e = sgit_tree_find(tree, name, len))) {
		rc = SGIT_ENOTFOUND;
		goto out;
	}
	*out = e->id;
	*mode = e->mode;
out:
	if (rc == SGIT_ECORRUPT)
		rc = SGIT_ENOTFOUND;
	sgit_tree_free(tree);
	sgit_buf_release(&data);
	return rc;
}

int rp_tree_entry(struct sgit_oid *out, struct rp *rp, const struct sgit_oid *treeish,
		  const char *path)
{
	struct sgit_oid cur;
	unsigned mode = SGIT_FILEMODE_TREE;
	const char *slash;
	int rc;

	if ((rc = rp_peel_to_type(&cur, rp, NULL, 0, treeish, SGIT_OBJ_TREE)) < 0)
		return rc;
	/* "a/" names the folder a, but never a file a; "a//b" names nothing */
	while (*path) {
		if (!sgit_tree_mode_is_tree(mode))
			return SGIT_ENOTFOUND;
		slash = strchr(path, '/');
		if ((rc = tree_child(&cur, &mode, rp, &cur, path,
				     slash ? (size_t)(slash - path) : strlen(path))) < 0)
			return rc;
		if (!slash)
			break;
		path = slash + 1;
		if (!*path && !sgit_tree_mode_is_tree(mode))
			return SGIT_ENOTFOUND;
	}
	*out = cur;
	return 0;
}

/* 1 when id is an object hint accepts. */
static int hint_accepts(struct rp *rp, const struct sgit_oid *id, enum rp_hint hint)
{
	enum sgit_object_type type;
	struct sgit_oid peeled;

	if (hint == RP_HINT_COMMIT)
		return rp_type(&type, rp, id) == 0 && type == SGIT_OBJ_COMMIT;
	if (rp_deref_tags(&peeled, &type, rp, id) < 0)
		return 0;
	return type == SGIT_OBJ_COMMIT || (hint == RP_HINT_TREEISH && type == SGIT_OBJ_TREE);
}

/* git's way to pick among the objects an abbreviation names, one candidate at a time. */
struct pick {
	struct rp *rp;
	enum rp_hint hint;
	struct sgit_oid candidate;
	int exists, checked, ok, ambiguous;
	int hint_used;		/* more than one object matched: the hint had a say */
};

static int pick_one(const struct sgit_oid *id, void *payload)
{
	struct pick *p = payload;

	if (!p->exists) {
		p->candidate = *id;
		p->exists = 1;
		return 0;
	}
	if (sgit_oid_equal(&p->candidate, id))
		return 0;
	if (p->hint == RP_HINT_NONE) {
		p->ambiguous = 1;
		return 1;
	}
	if (!p->checked) {
		p->ok = hint_accepts(p->rp, &p->candidate, p->hint);
		p->checked = 1;
		p->hint_used = 1;
	}
	if (!p->ok) {
		/* the candidate does not fit: the newcomer takes its place, unchecked */
		p->candidate = *id;
		p->checked = 0;
		return 0;
	}
	if (hint_accepts(p->rp, id, p->hint)) {
		p->ambiguous = 1;
		return 1;
	}
	return 0;
}

int rp_short_oid(struct sgit_oid *out, struct rp *rp, const char *name, size_t len,
		 enum rp_hint hint, int quiet)
{
	struct pick p = { rp, hint, { { 0 } }, 0, 0, 0, 0, 0 };
	char hex[SGIT_OID_HEXSZ + 1];
	size_t i;
	int rc;

	if (len < 4 || len > SGIT_OID_HEXSZ)
		return SGIT_ENOTFOUND;
	for (i = 0; i < len; i++) {
		if (!isxdigit((unsigned char)name[i]))
			return SGIT_ENOTFOUND;
		hex[i] = (char)tolower((unsigned char)name[i]);
	}
	hex[len] = '\0';
	rc = sgit_odb_foreach_prefix(rp->env->odb, hex, len, pick_one, &p);
	if (rc < 0)
		return rp_is_hard(rc) ? rc : SGIT_ENOTFOUND;
	/*
	 * A lone match needs no check; otherwise the one left must fit the hint,
	 * so that the answer does not depend on the order objects were found in.
	 */
	if (p.exists && !p.ambiguous && !p.checked)
		p.ok = !p.hint_used || hint_accepts(rp, &p.candidate, hint);
	if (p.exists && !p.ambiguous && p.ok) {
		*out = p.candidate;
		return 0;
	}
	if (!p.exists)
		return SGIT_ENOTFOUND;
	if (quiet)
		return SGIT_EAMBIGUOUS;
	rp_note(rp, SGIT_EAMBIGUOUS, "short object ID %s is ambiguous", hex);
	return SGIT_EAMBIGUOUS;
}
