/* refs/dwim.c: the ONE table by which a short name becomes a full ref name */
#include <string.h>
#include "sgit/refs.h"
#include "refs/dwim_int.h"
#include "refs/refdb_int.h"

/*
 * gitrevisions(7), "<refname>": a short name is looked up as each of these,
 * in this order, and the first that exists wins:
 *   1. $GIT_DIR/<refname>         HEAD, FETCH_HEAD, ORIG_HEAD, MERGE_HEAD...
 *   2. refs/<refname>
 *   3. refs/tags/<refname>
 *   4. refs/heads/<refname>
 *   5. refs/remotes/<refname>
 *   6. refs/remotes/<refname>/HEAD
 * So a tag beats a branch of the same name, and "origin" names the default
 * branch of that remote. fetch matches the other side's refs against this
 * same table, so "fetch <there> v1.0" finds refs/tags/v1.0: there is no
 * second table for remote names.
 */
static const struct dwim_rule {
	const char *spelled;	/* as the documentation writes it */
	const char *prefix;	/* spelled, cut at its "%s" */
	const char *suffix;
} rules[] = {
	{ "%s", "", "" },
	{ "refs/%s", "refs/", "" },
	{ "refs/tags/%s", "refs/tags/", "" },
	{ "refs/heads/%s", "refs/heads/", "" },
	{ "refs/remotes/%s", "refs/remotes/", "" },
	{ "refs/remotes/%s/HEAD", "refs/remotes/", "/HEAD" },
};
#define NRULES (sizeof(rules) / sizeof(rules[0]))

size_t sgit_dwim_rule_count(void)
{
	return NRULES;
}

const char *sgit_dwim_rule(size_t i)
{
	return i < NRULES ? rules[i].spelled : NULL;
}

int sgit_dwim_expand(struct sgit_buf *out, size_t rule, const char *name, size_t len)
{
	struct sgit_buf tmp = SGIT_BUF_INIT;
	int rc = SGIT_EINVALID;

	if (rule >= NRULES)
		goto out;
	if ((rc = sgit_buf_sets(&tmp, rules[rule].prefix)) < 0 ||
	    (rc = sgit_buf_add(&tmp, name, len)) < 0 ||
	    (rc = sgit_buf_adds(&tmp, rules[rule].suffix)) < 0)
		goto out;
	sgit_buf_swap(out, &tmp);
out:
	sgit_buf_release(&tmp);
	return rc;
}

/* 1 when full_name is rule r applied to short_name. */
static int rule_matches(const struct dwim_rule *r, const char *short_name, size_t len,
			const char *full_name)
{
	size_t plen = strlen(r->prefix), slen = strlen(r->suffix), flen = strlen(full_name);

	if (flen != plen + len + slen)
		return 0;
	return !memcmp(full_name, r->prefix, plen) && !memcmp(full_name + plen, short_name, len) &&
	       !memcmp(full_name + plen + len, r->suffix, slen);
}

int sgit_dwim_match(const char *short_name, size_t len, const char *full_name)
{
	size_t i;

	for (i = 0; i < NRULES; i++)
		if (rule_matches(&rules[i], short_name, len, full_name))
			return (int)i;
	return -1;
}

/* Tell warn (if any) "<fmt with name>" as git's warning text. */
static void say(sgit_dwim_warn_fn warn, void *payload, const char *what, const char *name)
{
	struct sgit_buf msg = SGIT_BUF_INIT;

	if (!warn)
		return;
	if (sgit_buf_printf(&msg, "%s %s", what, name) == 0)
		warn(msg.ptr, payload);
	sgit_buf_release(&msg);
}

/*
 * Look name up as one candidate full name. 1 when it resolves (out and
 * resolved filled), 0 when not (with git's warning for a dangling symbolic
 * ref or a broken file), < 0 for an error that is not about this name.
 */
static int try_candidate(struct sgit_oid *out, struct sgit_buf *resolved, struct sgit_refdb *db,
			 const char *name, sgit_dwim_warn_fn warn, void *payload)
{
	struct sgit_ref ref = SGIT_REF_INIT;
	int rc;

	if (!sgit_refname_is_valid(name, SGIT_REFNAME_ALLOW_ONELEVEL, NULL))
		return 0;
	sgit_buf_reset(resolved);
	rc = sgit_refdb_resolve(out, resolved, db, name);
	if (rc == 0)
		return 1;
	if (rc == SGIT_ENOMEM || rc == SGIT_EOS)
		return rc;
	/* the usual miss: name itself is no ref, nothing to warn about or read again */
	if (rc == SGIT_ENOTFOUND && !strcmp(resolved->ptr, name))
		return 0;
	/* git names what it skipped; HEAD of an unborn branch is normal */
	if (sgit_refdb_read(&ref, db, name) == 0) {
		if ((ref.flags & SGIT_REF_SYMBOLIC) && strcmp(name, "HEAD"))
			say(warn, payload, "ignoring dangling symref", name);
		else if ((ref.flags & SGIT_REF_BROKEN) && strchr(name, '/'))
			say(warn, payload, "ignoring broken ref", name);
	} else if (rc == SGIT_ECORRUPT && strchr(name, '/')) {
		say(warn, payload, "ignoring broken ref", name);
	}
	sgit_ref_release(&ref);
	return 0;
}

int sgit_dwim_ref_warn(struct sgit_oid *out, struct sgit_buf *full, int *count,
		       struct sgit_refdb *db, const char *name, size_t len,
		       sgit_dwim_warn_fn warn, void *payload)
{
	struct sgit_buf cand = SGIT_BUF_INIT, resolved = SGIT_BUF_INIT, first = SGIT_BUF_INIT;
	struct sgit_oid id, found = { { 0 } };
	int rc = 0, n = 0, hit;
	size_t i;

	for (i = 0; i < NRULES; i++) {
		if ((rc = sgit_dwim_expand(&cand, i, name, len)) < 0)
			goto out;
		if ((hit = try_candidate(&id, &resolved, db, cand.ptr, warn, payload)) < 0) {
			rc = hit;
			goto out;
		}
		/* every rule that resolves counts: git's ambiguity warning needs them all */
		if (hit && n++ == 0) {
			found = id;
			sgit_buf_swap(&first, &resolved);
		}
	}
	rc = n ? 0 : sgit_error_set(db->err, SGIT_ENOTFOUND, "no ref matches '%.*s'", (int)len, name);
	if (rc == 0 && full)
		sgit_buf_swap(full, &first);
out:
	if (out)
		*out = rc == 0 ? found : (struct sgit_oid){ { 0 } };
	if (count)
		*count = rc == 0 ? n : 0;
	if (rc < 0 && full)
		sgit_buf_reset(full);
	sgit_buf_release(&cand);
	sgit_buf_release(&resolved);
	sgit_buf_release(&first);
	return rc;
}

int sgit_dwim_ref(struct sgit_oid *out, struct sgit_buf *full, int *count, struct sgit_refdb *db,
		  const char *name, size_t len)
{
	return sgit_dwim_ref_warn(out, full, count, db, name, len, NULL, NULL);
}
