/* porcelain/merge/merge_msg_name.c: how git merge describes a head it was given, for the message */
#include <ctype.h>
#include <string.h>
#include "sgit/merge_msg.h"
#include "sgit/refs.h"

/* The kinds of ref a name can expand to, and how the message calls them. */
static const struct {
	const char *prefix;
	const char *what;
} ref_kinds[] = {
	{ "refs/heads/", "branch" },
	{ "refs/tags/", "tag" },
	{ "refs/remotes/", "remote-tracking branch" },
};

/*
 * "x^^" or "x~3" (1 with *early) and "x~0" (0): how many bytes of suffix to
 * cut for the branch x; 0 when name has no such suffix.
 */
static size_t ancestry_suffix(const char *name, int *early)
{
	size_t n = strlen(name), len = 0;
	const char *tilde, *p;
	int nonzero = 0;

	while (len < n && name[n - 1 - len] == '^')
		len++;
	*early = len > 0;
	if (len || !(tilde = strrchr(name, '~')))
		return len;
	len = 1;
	for (p = tilde + 1; *p && isdigit((unsigned char)*p); p++, len++)
		nonzero |= *p != '0';
	if (*p)
		return 0;
	/* "x~" is "x~1" */
	*early = nonzero || len == 1;
	return len;
}

static int add_line(struct sgit_buf *out, const struct sgit_oid *id, const char *fmt, const char *a,
		    const char *b)
{
	char hex[SGIT_OID_HEXSZ + 1];

	if (sgit_buf_addf(out, "%s\t\t", sgit_oid_tohex(hex, id)) < 0 || sgit_buf_addf(out, fmt, a, b) < 0)
		return SGIT_ENOMEM;
	return 0;
}

/* 1 when the dwimmed name is a branch, tag or remote-tracking branch (line added), 0 when not. */
static int as_ref(struct sgit_buf *out, struct sgit_repo *repo, const char *name)
{
	struct sgit_buf full = SGIT_BUF_INIT;
	struct sgit_oid id;
	size_t i;
	int rc = 0;

	if (sgit_dwim_ref(&id, &full, NULL, sgit_repo_refdb(repo), name, strlen(name)) < 0) {
		sgit_error_clear(sgit_repo_error(repo));
		goto out;
	}
	for (i = 0; i < sizeof(ref_kinds) / sizeof(ref_kinds[0]); i++)
		if (!strncmp(full.ptr, ref_kinds[i].prefix, strlen(ref_kinds[i].prefix))) {
			rc = add_line(out, &id, "%s '%s' of .\n", ref_kinds[i].what, name);
			rc = rc < 0 ? rc : 1;
			break;
		}
out:
	sgit_buf_release(&full);
	return rc;
}

/* "x~2": a line for the branch x, when it exists. */
static int as_early_part(struct sgit_buf *out, struct sgit_repo *repo, const struct sgit_merge_head *head)
{
	struct sgit_buf ref = SGIT_BUF_INIT;
	struct sgit_oid id;
	int early = 0, rc = 0;
	size_t cut = ancestry_suffix(head->name, &early);

	if (!cut)
		return 0;
	if (sgit_buf_printf(&ref, "refs/heads/%s", head->name) < 0) {
		rc = SGIT_ENOMEM;
		goto out;
	}
	sgit_buf_truncate(&ref, ref.len - cut);
	if (sgit_refdb_resolve(&id, NULL, sgit_repo_refdb(repo), ref.ptr) < 0) {
		sgit_error_clear(sgit_repo_error(repo));
		goto out;
	}
	rc = add_line(out, &head->commit, "branch '%s'%s of .\n", ref.ptr + 11, early ? " (early part)" : "");
	rc = rc < 0 ? rc : 1;
out:
	sgit_buf_release(&ref);
	return rc;
}

int sgit_merge_msg_add_head_line(struct sgit_buf *out, struct sgit_repo *repo,
				 const struct sgit_merge_head *head)
{
	int rc;

	if ((rc = as_ref(out, repo, head->name)) == 0 && (rc = as_early_part(out, repo, head)) == 0)
		rc = head->named_type == SGIT_OBJ_TAG ? add_line(out, &head->named, "%s '%s'\n", "tag", head->name)
						      : add_line(out, &head->commit, "%s '%s'\n", "commit", head->name);
	if (rc == SGIT_ENOMEM)
		return sgit_error_nomem(sgit_repo_error(repo));
	return rc < 0 ? rc : 0;
}
