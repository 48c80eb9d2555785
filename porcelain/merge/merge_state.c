/* porcelain/merge/merge_state.c: the heads a merge takes, their reduction, and the mergetag headers */
#include <stdlib.h>
#include <string.h>
#include "sgit/merge_base.h"
#include "sgit/merge_state.h"
#include "sgit/refs.h"
#include "sgit/revparse.h"
#include "sgit/signature.h"

void sgit_merge_heads_release(struct sgit_merge_heads *heads)
{
	size_t i;

	for (i = 0; i < heads->nr; i++)
		free(heads->items[i].name);
	free(heads->items);
	heads->items = NULL;
	heads->nr = heads->alloc = 0;
}

int sgit_merge_heads_push(struct sgit_merge_heads *heads, struct sgit_merge_head *head)
{
	if (heads->nr == heads->alloc) {
		size_t alloc = heads->alloc ? heads->alloc * 2 : 4;
		struct sgit_merge_head *p = realloc(heads->items, alloc * sizeof(*p));

		if (!p)
			return SGIT_ENOMEM;
		heads->items = p;
		heads->alloc = alloc;
	}
	heads->items[heads->nr++] = *head;
	memset(head, 0, sizeof(*head));
	return 0;
}

const struct sgit_merge_head *sgit_merge_heads_find(const struct sgit_merge_heads *heads,
						    const struct sgit_oid *id)
{
	size_t i;

	for (i = 0; i < heads->nr; i++)
		if (sgit_oid_equal(&heads->items[i].commit, id))
			return &heads->items[i];
	return NULL;
}

static int object_type(enum sgit_object_type *type, struct sgit_repo *repo, const struct sgit_oid *id)
{
	size_t size;

	return sgit_odb_read_header(&size, type, sgit_repo_odb(repo), id);
}

/* Follow tags from id down to a commit; git's message names the type where the chain ends. */
static int peel_to_commit(struct sgit_oid *out, struct sgit_repo *repo, const struct sgit_oid *id,
			  const char *name)
{
	struct sgit_error *err = sgit_repo_error(repo);
	struct sgit_buf data = SGIT_BUF_INIT;
	enum sgit_object_type type = SGIT_OBJ_NONE;
	struct sgit_oid cur = *id, next;
	int rc = 0, depth;

	for (depth = 0; depth < 64; depth++) {
		if ((rc = sgit_odb_read(&data, &type, sgit_repo_odb(repo), &cur)) < 0)
			goto out;
		if (type == SGIT_OBJ_COMMIT) {
			*out = cur;
			goto out;
		}
		if (type != SGIT_OBJ_TAG)
			break;
		if (sgit_object_peel_step(&next, type, SGIT_OBJ_COMMIT, data.ptr, data.len) < 0) {
			rc = sgit_error_set(err, SGIT_ECORRUPT, "corrupt tag '%s'", name);
			goto out;
		}
		cur = next;
	}
	rc = sgit_error_set(err, SGIT_EINVALID, "%s: expected commit type, but the object dereferences to %s type",
			    name, sgit_object_type_name(type));
out:
	sgit_buf_release(&data);
	return rc;
}

int sgit_merge_head_resolve(struct sgit_merge_head *out, struct sgit_repo *repo, const char *name)
{
	struct sgit_revparse_env env;
	int rc;

	memset(out, 0, sizeof(*out));
	memset(&env, 0, sizeof(env));
	env.odb = sgit_repo_odb(repo);
	env.refdb = sgit_repo_refdb(repo);
	env.err = sgit_repo_error(repo);
	env.quiet = 1;
	if ((rc = sgit_revparse_single(&out->named, NULL, &env, name)) < 0 ||
	    (rc = object_type(&out->named_type, repo, &out->named)) < 0)
		goto fail;
	if ((rc = peel_to_commit(&out->commit, repo, &out->named, name)) < 0)
		goto fail;
	if (!(out->name = strdup(name))) {
		rc = sgit_error_nomem(sgit_repo_error(repo));
		goto fail;
	}
	return 0;
fail:
	memset(out, 0, sizeof(*out));
	return rc;
}

/*
 * With head first: keep the ids no other reaches (duplicates dropped, first
 * kept), and rebuild heads from them in order.
 */
int sgit_merge_heads_reduce(struct sgit_merge_heads *heads, int *head_subsumed,
			    struct sgit_repo *repo, const struct sgit_oid *head)
{
	struct sgit_oid *ids = calloc(heads->nr + 1, sizeof(*ids)), *keep = NULL;
	struct sgit_merge_heads out = SGIT_MERGE_HEADS_INIT;
	struct sgit_merge_base *mb = NULL;
	size_t n = 0, nkeep = 0, i, j;
	int rc, subsumed = 1;

	if (!ids)
		return sgit_error_nomem(sgit_repo_error(repo));
	if (head)
		ids[n++] = *head;
	for (i = 0; i < heads->nr; i++)
		ids[n++] = heads->items[i].commit;
	if ((rc = sgit_merge_base_new(&mb, sgit_repo_odb(repo), sgit_repo_error(repo))) < 0 ||
	    (rc = sgit_merge_base_independent(&keep, &nkeep, mb, ids, n)) < 0)
		goto out;
	for (i = 0; i < nkeep; i++) {
		if (head && sgit_oid_equal(&keep[i], head)) {
			subsumed = 0;
			continue;
		}
		for (j = 0; j < heads->nr; j++)
			if (heads->items[j].name && sgit_oid_equal(&heads->items[j].commit, &keep[i]))
				break;
		if (j < heads->nr && sgit_merge_heads_push(&out, &heads->items[j]) < 0) {
			rc = sgit_error_nomem(sgit_repo_error(repo));
			goto out;
		}
	}
	sgit_merge_heads_release(heads);
	*heads = out;
	memset(&out, 0, sizeof(out));
	if (head_subsumed)
		*head_subsumed = subsumed;
out:
	sgit_merge_heads_release(&out);
	sgit_merge_base_free(mb);
	free(keep);
	free(ids);
	return rc;
}

/* The mergetag header of one head, when it was named by a signed tag. */
static int add_mergetag(struct sgit_commit_extra *extra, struct sgit_repo *repo,
			const struct sgit_merge_head *h)
{
	struct sgit_buf data = SGIT_BUF_INIT;
	enum sgit_object_type type = SGIT_OBJ_NONE;
	int rc;

	if (h->named_type != SGIT_OBJ_TAG)
		return 0;
	if ((rc = sgit_odb_read(&data, &type, sgit_repo_odb(repo), &h->named)) < 0)
		goto out;
	/*
	 * The signature is not checked here: whoever audits the history later
	 * may hold the signer's key when the integrator does not.
	 */
	if (type == SGIT_OBJ_TAG && (rc = sgit_signature_split_tag(NULL, NULL, data.ptr, data.len)) == 1)
		rc = sgit_commit_extra_add(extra, "mergetag", data.ptr, data.len, sgit_repo_error(repo));
	else if (rc == SGIT_ENOMEM)
		rc = sgit_error_nomem(sgit_repo_error(repo));
out:
	sgit_buf_release(&data);
	return rc < 0 ? rc : 0;
}

int sgit_merge_mergetags(struct sgit_commit_extra *extra, struct sgit_repo *repo,
			 const struct sgit_merge_heads *heads, const struct sgit_oid *parents,
			 size_t nparents)
{
	size_t i;
	int rc = 0;

	for (i = 0; i < nparents && !rc; i++) {
		const struct sgit_merge_head *h = sgit_merge_heads_find(heads, &parents[i]);

		if (h)
			rc = add_mergetag(extra, repo, h);
	}
	return rc;
}

int sgit_merge_heads_from_fetch_head(struct sgit_merge_heads *out, const char **bad, struct sgit_repo *repo,
				     const char *data, size_t len, int strict)
{
	const char *p = data, *end = data + len, *next;
	char hex[SGIT_OID_HEXSZ + 1];
	struct sgit_merge_head h;
	struct sgit_oid id;
	int rc = 0, ok;

	for (; p < end; p = next) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));

		next = nl ? nl + 1 : end;
		/* an id, then at least two bytes of the line (its newline counts) */
		ok = (size_t)(next - p) >= SGIT_OID_HEXSZ + 2 && sgit_oid_fromhexn(&id, p, SGIT_OID_HEXSZ) == 0;
		if (ok ? memcmp(p + SGIT_OID_HEXSZ, "\t\t", 2) != 0 : !strict)
			continue;
		if (!ok) {
			rc = SGIT_ECORRUPT;
			break;
		}
		memcpy(hex, p, SGIT_OID_HEXSZ);
		hex[SGIT_OID_HEXSZ] = '\0';
		if ((rc = sgit_merge_head_resolve(&h, repo, hex)) < 0)
			break;
		if (sgit_merge_heads_push(out, &h) < 0) {
			free(h.name);
			rc = sgit_error_nomem(sgit_repo_error(repo));
			break;
		}
	}
	if (bad)
		*bad = rc < 0 ? p : NULL;
	return rc;
}
