/* porcelain/cli/cmd_symbolic_ref.c: sgit symbolic-ref: read, set and delete symbolic refs */
#include <string.h>
#include "porcelain/cli/cli.h"
#include "porcelain/cli/ref_cmd.h"

static const char *const symbolic_ref_usage[] = {
	"sgit symbolic-ref [-m <reason>] <name> <ref>",
	"sgit symbolic-ref [-q] [--short] [--no-recurse] <name>",
	"sgit symbolic-ref --delete [-q] <name>",
	NULL,
};

#define SYMREF_MAX_READS 5	/* as git: refs read while following one name */

/*
 * Follow name as git's resolver does: *is_symref says whether name is a
 * symbolic ref, target gets the ref the chain ends at (recurse) or the one
 * name points to. A missing ref ends the chain (an unborn branch). Returns
 * 128 after "No such ref" where git's resolver gives up (a bad name, a broken
 * file, a loop), or after the store's message (a corrupt packed-refs), else 0.
 */
static int read_symref(int *is_symref, struct sgit_buf *target, struct cli_ctx *ctx,
		       const char *name, int recurse)
{
	struct sgit_refdb *db = sgit_repo_refdb(ctx->repo);
	struct sgit_ref ref = SGIT_REF_INIT;
	int reads, rc = 0;

	*is_symref = 0;
	if (sgit_buf_sets(target, name) < 0)
		return cli_fatal("out of memory");
	for (reads = 0; reads < SYMREF_MAX_READS; reads++) {
		if (!sgit_refname_is_valid(target->ptr, SGIT_REFNAME_ALLOW_ONELEVEL, NULL))
			break;
		rc = sgit_refdb_read(&ref, db, target->ptr);
		if (rc == SGIT_ENOTFOUND || (!rc && !(ref.flags & (SGIT_REF_SYMBOLIC | SGIT_REF_BROKEN)))) {
			rc = 0;
			goto out;
		}
		if (rc < 0) {
			rc = cli_fatal_err(cli_err(ctx));
			goto out;
		}
		if (ref.flags & SGIT_REF_BROKEN)
			break;
		*is_symref = 1;
		sgit_buf_swap(target, &ref.target);
		if (!recurse)
			goto out;
	}
	rc = cli_fatal("No such ref: %s", name);
out:
	sgit_ref_release(&ref);
	return rc;
}

static int show(struct cli_ctx *ctx, const char *name, int quiet, int shorten, int recurse)
{
	struct sgit_buf target = SGIT_BUF_INIT, short_name = SGIT_BUF_INIT;
	int is_symref, rc;

	if ((rc = read_symref(&is_symref, &target, ctx, name, recurse)))
		goto out;
	if (!is_symref) {
		rc = quiet ? 1 : cli_fatal("ref %s is not a symbolic ref", name);
		goto out;
	}
	if (shorten && sgit_ref_shorten(&short_name, sgit_repo_refdb(ctx->repo), target.ptr) < 0) {
		rc = cli_fatal_err(cli_err(ctx));
		goto out;
	}
	printf("%s\n", shorten ? short_name.ptr : target.ptr);
out:
	sgit_buf_release(&target);
	sgit_buf_release(&short_name);
	return rc;
}

static int set(struct cli_ctx *ctx, const char *name, const char *target, const char *msg)
{
	struct sgit_ref_update u = { 0 };
	struct sgit_buf committer = SGIT_BUF_INIT, prefix = SGIT_BUF_INIT;
	int rc;

	if (!strcmp(name, "HEAD") && strncmp(target, "refs/", 5))
		return cli_fatal("Refusing to point HEAD outside of refs/");
	if (!sgit_refname_is_valid(target, SGIT_REFNAME_ALLOW_ONELEVEL, NULL))
		return cli_fatal("Refusing to set '%s' to invalid ref '%s'", name, target);
	if ((rc = cli_refcmd_committer(&committer, ctx)))
		goto out;
	u.name = name;
	u.symref_target = target;
	u.no_deref = 1;
	/* git logs the switch even without -m (an entry with no message) */
	u.reflog_msg = msg ? msg : "";
	u.committer = committer.ptr;
	if (sgit_refdb_update(sgit_repo_refdb(ctx->repo), &u) < 0) {
		const char *m = sgit_error_message(cli_err(ctx));

		/* git names only the lock file here, without the ref */
		if (sgit_buf_printf(&prefix, "cannot lock ref '%s': ", name) == 0 &&
		    !strncmp(m, prefix.ptr, prefix.len))
			m += prefix.len;
		rc = cli_error("%s", m);
	}
out:
	sgit_buf_release(&committer);
	sgit_buf_release(&prefix);
	return rc;
}

static int delete(struct cli_ctx *ctx, const char *name)
{
	struct sgit_buf target = SGIT_BUF_INIT;
	int is_symref, rc;

	if ((rc = read_symref(&is_symref, &target, ctx, name, 0)))
		goto out;
	if (!is_symref)
		rc = cli_fatal("Cannot delete %s, not a symbolic ref", name);
	else if (!strcmp(name, "HEAD"))
		rc = cli_fatal("deleting '%s' is not allowed", name);
	else if (sgit_refdb_delete(sgit_repo_refdb(ctx->repo), name, NULL, 1) < 0)
		rc = cli_error("%s", sgit_error_message(cli_err(ctx)));
out:
	sgit_buf_release(&target);
	return rc;
}

int cmd_symbolic_ref(int argc, const char **argv, struct cli_ctx *ctx)
{
	int quiet = 0, del = 0, shorten = 0, recurse = 1;
	const char *msg = NULL;
	const struct cli_option opts[] = {
		CLI_COUNT('q', "quiet", &quiet, "suppress error message for non-symbolic (detached) refs"),
		CLI_BOOL('d', "delete", &del, "delete symbolic ref"),
		CLI_BOOL(0, "short", &shorten, "shorten ref output"),
		CLI_BOOL(0, "recurse", &recurse, "recursively dereference (default)"),
		CLI_STRING('m', NULL, &msg, "reason", "reason of the update"),
		CLI_END,
	};

	argc = cli_parse_options(argc, argv, opts, symbolic_ref_usage, 0);
	if (msg && !*msg)
		return cli_fatal("Refusing to perform update with empty message");
	if (del) {
		if (argc != 1)
			cli_usage_with_options(symbolic_ref_usage, opts, 1);
		return delete(ctx, argv[0]);
	}
	if (argc == 1)
		return show(ctx, argv[0], quiet, shorten, recurse);
	if (argc == 2)
		return set(ctx, argv[0], argv[1], msg);
	cli_usage_with_options(symbolic_ref_usage, opts, 1);
}
