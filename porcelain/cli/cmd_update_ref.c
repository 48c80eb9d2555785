/* porcelain/cli/cmd_update_ref.c: sgit update-ref: set or delete one ref, safely */
#include <string.h>
#include "porcelain/cli/cli.h"
#include "porcelain/cli/ref_cmd.h"
#include "porcelain/cli/update_ref.h"

static const char *const update_ref_usage[] = {
	"sgit update-ref [<options>] -d <refname> [<old-val>]",
	"sgit update-ref [<options>]    <refname> <new-val> [<old-val>]",
	"sgit update-ref [<options>] --stdin [-z]",
	NULL,
};

int cli_update_ref_check(struct sgit_buf *why, struct cli_ctx *ctx, const char *name,
			 const struct sgit_oid *old)
{
	struct sgit_buf resolved = SGIT_BUF_INIT;
	char have[SGIT_OID_HEXSZ + 1], want[SGIT_OID_HEXSZ + 1];
	struct sgit_oid cur;
	int rc, exists;

	sgit_buf_reset(why);
	if (!old)
		return 0;
	/* with or without --no-deref, git compares the value the ref resolves to */
	rc = sgit_refdb_resolve(&cur, &resolved, sgit_repo_refdb(ctx->repo), name);
	if (rc < 0 && rc != SGIT_ENOTFOUND) {
		sgit_buf_sets(why, sgit_error_message(cli_err(ctx)));
		goto out;
	}
	exists = rc == 0;
	rc = 0;
	if (exists && sgit_oid_is_zero(old))
		sgit_buf_printf(why, "cannot lock ref '%s': reference already exists", name);
	else if (!exists && !sgit_oid_is_zero(old))
		sgit_buf_printf(why, "cannot lock ref '%s': unable to resolve reference '%s'", name,
				resolved.len ? resolved.ptr : name);
	else if (exists && !sgit_oid_equal(&cur, old))
		sgit_buf_printf(why, "cannot lock ref '%s': is at %s but expected %s", name,
				sgit_oid_tohex(have, &cur), sgit_oid_tohex(want, old));
	if (why->len)
		rc = SGIT_ECONFLICT;
out:
	sgit_buf_release(&resolved);
	return rc;
}

/* git's refname_is_safe(): what may be deleted even with a bad name. */
static int name_is_safe(const char *name)
{
	const char *p;

	if (!strncmp(name, "refs/", 5)) {
		/* no empty, "." or ".." component */
		for (p = name + 5;; p++) {
			size_t n = strcspn(p, "/");

			if (!n || (n == 1 && p[0] == '.') || (n == 2 && p[0] == '.' && p[1] == '.'))
				return 0;
			p += n;
			if (!*p)
				return 1;
		}
	}
	for (p = name; *p; p++)
		if (!(*p >= 'A' && *p <= 'Z') && *p != '_')
			return 0;
	return *name != '\0';
}

/*
 * What git checks before it writes a value: the object exists, and a branch
 * (or HEAD) gets a commit. final is the ref written, after symbolic refs.
 */
static int check_value(struct cli_ctx *ctx, const char *final, const struct sgit_oid *id)
{
	char hex[SGIT_OID_HEXSZ + 1];
	enum sgit_object_type type;
	size_t size;

	sgit_oid_tohex(hex, id);
	if (sgit_odb_read_header(&size, &type, sgit_repo_odb(ctx->repo), id) < 0)
		return sgit_error_set(cli_err(ctx), SGIT_EINVALID, "cannot update ref '%s': "
				      "trying to write ref '%s' with nonexistent object %s", final, final, hex);
	if (type != SGIT_OBJ_COMMIT && (!strcmp(final, "HEAD") || !strncmp(final, "refs/heads/", 11)))
		return sgit_error_set(cli_err(ctx), SGIT_EINVALID, "cannot update ref '%s': "
				      "trying to write non-commit object %s to branch '%s'", final, hex, final);
	return 0;
}

/*
 * --create-reflog: the ref written gets a log when its value changes (the
 * symbolic ref the update came through is logged anyway).
 */
static int create_reflog(struct cli_ctx *ctx, const char *final, const struct sgit_oid *new_oid)
{
	struct sgit_refdb *db = sgit_repo_refdb(ctx->repo);
	struct sgit_oid cur;

	if (sgit_refdb_resolve(&cur, NULL, db, final) == 0 && sgit_oid_equal(&cur, new_oid))
		return 0;
	return sgit_refdb_reflog_create(db, final);
}

int cli_update_ref_apply(struct cli_ctx *ctx, const struct update_ref_opts *o, const char *name,
			 const struct sgit_oid *new_oid, const struct sgit_oid *old, int no_deref)
{
	struct sgit_refdb *db = sgit_repo_refdb(ctx->repo);
	struct sgit_ref_update u = { 0 };
	struct sgit_buf final = SGIT_BUF_INIT;
	struct sgit_oid cur;
	int rc = 0;

	if (sgit_oid_is_zero(new_oid)) {
		/* git checks a name to delete only for safety: a safe bad name names nothing */
		if (!name_is_safe(name))
			return sgit_error_set(cli_err(ctx), SGIT_EINVALID,
					      "refusing to update ref with bad name '%s'", name);
		if (!sgit_refname_is_valid(name, SGIT_REFNAME_ALLOW_ONELEVEL, NULL))
			return 0;
		return sgit_refdb_delete(db, name, old, no_deref);
	}
	if (no_deref)
		rc = sgit_buf_sets(&final, name);
	else if ((rc = sgit_refdb_resolve(&cur, &final, db, name)) == SGIT_ENOTFOUND)
		rc = 0;
	if (rc < 0 || (rc = check_value(ctx, final.len ? final.ptr : name, new_oid)) < 0 ||
	    (o->create_reflog && (rc = create_reflog(ctx, final.len ? final.ptr : name, new_oid)) < 0))
		goto out;
	u.name = name;
	u.new_oid = new_oid;
	u.old_oid = old;
	u.no_deref = no_deref;
	/* git writes an entry without -m too, just without a message */
	u.reflog_msg = o->msg ? o->msg : "";
	u.committer = o->committer.ptr;
	rc = sgit_refdb_update(db, &u);
out:
	sgit_buf_release(&final);
	return rc;
}

/* <new> or <old> as a revision; an empty old value means "must not exist". */
static int value(struct sgit_oid *out, struct cli_ctx *ctx, const char *spec, int is_old)
{
	if (is_old && !*spec) {
		memset(out, 0, sizeof(*out));
		return 0;
	}
	if (cli_refcmd_resolve(out, ctx, spec) < 0)
		return cli_fatal(is_old ? "%s: not a valid old SHA1" : "%s: not a valid SHA1", spec);
	return 0;
}

static int delete(struct cli_ctx *ctx, struct update_ref_opts *o, const char *name,
		  const char *oldval)
{
	struct sgit_buf why = SGIT_BUF_INIT;
	struct sgit_oid old, zero = { { 0 } };
	const struct sgit_oid *check = NULL;
	int rc;

	if (oldval && (rc = value(&old, ctx, oldval, 1)))
		return rc;
	/* a zero old value means "don't care" here, for backwards compatibility */
	if (oldval && !sgit_oid_is_zero(&old))
		check = &old;
	if ((rc = cli_update_ref_check(&why, ctx, name, check)) < 0)
		rc = cli_error("%s", why.ptr);
	else if (cli_update_ref_apply(ctx, o, name, &zero, check, o->no_deref) < 0)
		rc = cli_error("%s", sgit_error_message(cli_err(ctx)));
	sgit_buf_release(&why);
	return rc;
}

static int update(struct cli_ctx *ctx, struct update_ref_opts *o, const char *name,
		  const char *newval, const char *oldval)
{
	struct sgit_buf why = SGIT_BUF_INIT;
	struct sgit_oid new_oid, old;
	int rc;

	if ((rc = value(&new_oid, ctx, newval, 0)) || (oldval && (rc = value(&old, ctx, oldval, 1))))
		return rc;
	if (!sgit_oid_is_zero(&new_oid) &&
	    !sgit_refname_is_valid(name, SGIT_REFNAME_ALLOW_ONELEVEL, NULL))
		return cli_fatal("update_ref failed for ref '%s': refusing to update ref with bad name '%s'",
				 name, name);
	if ((rc = cli_update_ref_check(&why, ctx, name, oldval ? &old : NULL)) < 0)
		rc = cli_fatal("update_ref failed for ref '%s': %s", name, why.ptr);
	else if (cli_update_ref_apply(ctx, o, name, &new_oid, oldval ? &old : NULL, o->no_deref) < 0)
		rc = cli_fatal("update_ref failed for ref '%s': %s", name,
			       sgit_error_message(cli_err(ctx)));
	sgit_buf_release(&why);
	return rc;
}

int cmd_update_ref(int argc, const char **argv, struct cli_ctx *ctx)
{
	struct update_ref_opts o = { NULL, 0, 0, 0, SGIT_BUF_INIT };
	int del = 0, use_stdin = 0, rc;
	const struct cli_option opts[] = {
		CLI_STRING('m', NULL, &o.msg, "reason", "reason of the update"),
		CLI_BOOL('d', NULL, &del, "delete the reference"),
		CLI_BOOL(0, "no-deref", &o.no_deref, "update <refname> not the one it points to"),
		CLI_BOOL('z', NULL, &o.nul, "stdin has NUL-terminated arguments"),
		CLI_BOOL(0, "stdin", &use_stdin, "read updates from stdin"),
		CLI_BOOL(0, "create-reflog", &o.create_reflog, "create a reflog"),
		CLI_END,
	};

	argc = cli_parse_options(argc, argv, opts, update_ref_usage, 0);
	if (o.msg && !*o.msg)
		return cli_fatal("Refusing to perform update with empty message.");
	if ((use_stdin && (del || argc > 0)) || (!use_stdin && o.nul) ||
	    (!use_stdin && del && (argc < 1 || argc > 2)) ||
	    (!use_stdin && !del && (argc < 2 || argc > 3)))
		cli_usage_with_options(update_ref_usage, opts, 1);
	if ((rc = cli_refcmd_committer(&o.committer, ctx)))
		goto out;
	if (use_stdin)
		rc = cli_update_ref_stdin(ctx, &o);
	else if (del)
		rc = delete(ctx, &o, argv[0], argc > 1 ? argv[1] : NULL);
	else
		rc = update(ctx, &o, argv[0], argv[1], argc > 2 ? argv[2] : NULL);
out:
	sgit_buf_release(&o.committer);
	return rc;
}
