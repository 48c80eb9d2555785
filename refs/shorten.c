/* refs/shorten.c: the DWIM table read backwards: the shortest name that still means a ref */
#include <string.h>
#include "sgit/refs.h"

/*
 * The short name that rule i turns into full, as (*start, *len); 0 when the
 * rule cannot have produced full. Rules are spelled with one "%s".
 *
 * git 2.39 takes a rule apart with sscanf(), whose "%s" swallows the rest of
 * the name: a rule with text after its "%s" ("refs/remotes/%s/HEAD") never
 * matches, and the short name is never empty. So refs/remotes/origin/HEAD
 * shortens to "origin/HEAD", not "origin"; we answer as git does.
 */
static int unapply_rule(const char **start, size_t *len, size_t i, const char *full)
{
	const char *rule = sgit_dwim_rule(i), *pct = rule ? strstr(rule, "%s") : NULL;
	size_t plen, flen = strlen(full);

	if (!pct || pct[2])
		return 0;
	plen = (size_t)(pct - rule);
	if (flen <= plen || strncmp(full, rule, plen))
		return 0;
	*start = full + plen;
	*len = flen - plen;
	return 1;
}

/* Who answers "does this ref exist?": the store, or for names under refs/ the caller. */
struct known {
	sgit_ref_exists_fn exists;
	void *payload;
};

/* 1 when rule j applied to the short name names a ref that resolves to an object. */
static int rule_resolves(struct sgit_refdb *db, const struct known *k, size_t j, const char *name,
			 size_t len, int *err)
{
	struct sgit_buf cand = SGIT_BUF_INIT;
	struct sgit_oid id;
	int rc = 0;

	if (sgit_dwim_expand(&cand, j, name, len) < 0)
		*err = SGIT_ENOMEM;
	else if (!sgit_refname_is_valid(cand.ptr, SGIT_REFNAME_ALLOW_ONELEVEL, NULL))
		rc = 0;
	else if (k && !strncmp(cand.ptr, "refs/", 5))
		rc = k->exists(cand.ptr, k->payload) > 0;
	else
		rc = sgit_refdb_resolve(&id, NULL, db, cand.ptr) == 0;
	sgit_buf_release(&cand);
	return rc;
}

/*
 * Try the most specific rule first. A short name is kept when none of the
 * rules checked against it (the earlier ones, or with strict all the others)
 * names an existing ref.
 */
static int shorten(struct sgit_buf *out, struct sgit_refdb *db, const struct known *k,
		   const char *full, int strict)
{
	size_t n = sgit_dwim_rule_count(), i, j, len;
	const char *name;
	int err = 0;

	for (i = n - 1; i > 0; i--) {
		size_t last = strict ? n : i;

		if (!unapply_rule(&name, &len, i, full))
			continue;
		for (j = 0; j < last && !err; j++)
			if (j != i && rule_resolves(db, k, j, name, len, &err))
				break;
		if (err)
			return err;
		if (j == last)
			return sgit_buf_set(out, name, len);
	}
	return sgit_buf_sets(out, full);
}

int sgit_ref_shorten(struct sgit_buf *out, struct sgit_refdb *db, const char *full)
{
	return shorten(out, db, NULL, full, 0);
}

int sgit_ref_shorten_strict(struct sgit_buf *out, struct sgit_refdb *db, const char *full)
{
	return shorten(out, db, NULL, full, 1);
}

int sgit_ref_shorten_known(struct sgit_buf *out, struct sgit_refdb *db, const char *full, int strict,
			   sgit_ref_exists_fn exists, void *payload)
{
	struct known k = { exists, payload };

	return shorten(out, db, &k, full, strict);
}
