/* porcelain/cli/cmd_read_tree.c: sgit read-tree: trees into the index */
#include <string.h>
#include "porcelain/cli/checkout_cmd.h"
#include "porcelain/cli/index_cmd.h"
#include "porcelain/cli/object_name.h"
#include "porcelain/cli/ref_cmd.h"

#define MAX_TREES 8

static const char *const read_tree_usage[] = {
	"sgit read-tree [(-m [--trivial] [--aggressive] | --reset | --prefix=<prefix>)\n"
	"                     [-u | -i]] [--index-output=<file>] [--no-sparse-checkout]\n"
	"                     (--empty | <tree-ish1> [<tree-ish2> [<tree-ish3>]])",
	NULL,
};

struct read_tree_opts {
	int empty, merge, reset, update, dry_run, quiet, verbose, trivial, aggressive, no_check;
	const char *prefix, *index_output;
};

/* The tree a tree-ish names; prints git's message and returns 128 when there is none. */
static int resolve_tree(struct sgit_oid *out, struct cli_ctx *ctx, const char *name)
{
	struct sgit_revparse_env env;
	struct sgit_oid id;

	if (cli_resolve_object(&id, ctx, name, NULL) < 0)
		return cli_fatal("Not a valid object name %s", name);
	cli_refcmd_revparse_env(&env, ctx);
	if (sgit_revparse_peel(out, &env, &id, SGIT_OBJ_TREE) < 0)
		return cli_fatal("failed to unpack tree object %s", name);
	return 0;
}

/* Later trees win where paths meet, as git reads several trees without -m. */
static int overlay_tree(struct sgit_index *idx, struct cli_ctx *ctx, const struct sgit_oid *id)
{
	struct sgit_index *tmp = NULL;
	size_t i;
	int rc;

	if ((rc = sgit_index_new(&tmp, ctx->repo, NULL)) < 0 || (rc = sgit_index_read_tree(tmp, id, 0)) < 0)
		goto out;
	for (i = 0; !rc && i < sgit_index_count(tmp); i++)
		rc = sgit_index_add(idx, sgit_index_entry_at(tmp, i),
				    SGIT_INDEX_ADD_REPLACE | SGIT_INDEX_ADD_NO_CHECK);
	sgit_index_cache_tree_clear(idx);
out:
	sgit_index_free(tmp);
	return rc;
}

/* Options git has and sgit does not: refused plainly rather than half done. */
static int check_opts(const struct read_tree_opts *o, int ntrees)
{
	if (o->empty && ntrees)
		return cli_fatal("passing trees as arguments contradicts --empty");
	if (o->update && !o->merge && !o->reset && !o->prefix)
		return cli_fatal("-u is meaningless without -m, --reset, or --prefix");
	if (o->merge && o->reset)
		return cli_fatal("options '%s' and '%s' cannot be used together", "-m", "--reset");
	if (ntrees > MAX_TREES)
		return cli_fatal("I cannot read more than %d trees", MAX_TREES);
	if (o->prefix || o->index_output)
		return cli_fatal("read-tree: %s is not supported yet", o->prefix ? "--prefix" : "--index-output");
	/* -u: a two-tree switch (-m A B) or a reset to one tree (--reset A) */
	if (o->update && o->dry_run)
		return cli_fatal("read-tree: -u with --dry-run is not supported yet");
	if (o->update && !((o->merge && ntrees == 2) || (o->reset && ntrees == 1)))
		return cli_fatal("read-tree: -u is supported with -m and two trees or --reset and one");
	if ((o->merge || o->reset) && ntrees > 1 && !o->update)
		return cli_fatal("read-tree: merging %d trees is not supported yet", ntrees);
	if ((o->merge || o->reset) && !ntrees)
		return cli_fatal("just how do you expect me to merge %d trees?", ntrees);
	return 0;
}

static int read_trees(struct sgit_index *idx, struct cli_ctx *ctx, const struct read_tree_opts *o,
		      int argc, const char **argv)
{
	struct sgit_oid id;
	int i, rc = 0;

	if (!argc && !o->empty)
		cli_warning("read-tree: emptying the index with no arguments is deprecated; use --empty");
	if (o->merge && sgit_index_has_conflicts(idx))
		return cli_fatal("You need to resolve your current index first");
	if (!argc)
		sgit_index_clear(idx);
	for (i = 0; i < argc; i++) {
		if ((rc = resolve_tree(&id, ctx, argv[i])))
			return rc;
		if (i == 0)
			rc = sgit_index_read_tree(idx, &id, o->merge || o->reset ?
						  SGIT_INDEX_READ_TREE_KEEP_STAT : 0);
		else
			rc = overlay_tree(idx, ctx, &id);
		if (rc < 0)
			return cli_fatal("%s", sgit_error_message(cli_err(ctx)));
	}
	return 0;
}

/* The first path the work tree refuses, in read-tree's words (unpack-trees' plain messages). */
static void print_rejects(const struct sgit_checkout_report *rep)
{
	static const char *const fmt[SGIT_CHECKOUT_NREJECT] = {
		"Entry '%s' would be overwritten by merge. Cannot merge.",
		"Entry '%s' not uptodate. Cannot merge.",
		"Updating '%s' would lose untracked files in it",
		"Untracked working tree file '%s' would be overwritten by merge.",
		"Untracked working tree file '%s' would be removed by merge.",
	};
	size_t i;

	for (i = 0; i < SGIT_CHECKOUT_NREJECT; i++)
		if (rep->rejected[i].count) {
			cli_error(fmt[i], rep->rejected[i].paths[0]);
			return;
		}
}

/* 1 when some path rep rejects sorts before path. */
static int first_reject_before(const struct sgit_checkout_report *rep, const char *path)
{
	size_t i;

	for (i = 0; i < SGIT_CHECKOUT_NREJECT; i++)
		if (rep->rejected[i].count && strcmp(rep->rejected[i].paths[0], path) < 0)
			return 1;
	return 0;
}

/* -u: the index and the work tree move together, through the checkout engine. */
static int update_trees(struct sgit_index *idx, struct cli_ctx *ctx, const struct read_tree_opts *o,
			int argc, const char **argv)
{
	struct sgit_checkout_report rep = SGIT_CHECKOUT_REPORT_INIT;
	struct sgit_oid a, b;
	int rc;

	if (o->merge && sgit_index_has_conflicts(idx))
		return cli_fatal("You need to resolve your current index first");
	if ((rc = resolve_tree(&a, ctx, argv[0])) || (argc > 1 && (rc = resolve_tree(&b, ctx, argv[1]))))
		return rc;
	if (argc > 1)
		rc = sgit_checkout_tree(&rep, ctx->repo, idx, &a, &b, SGIT_CHECKOUT_SWITCH);
	else
		rc = sgit_checkout_tree(&rep, ctx->repo, idx, NULL, &a, SGIT_CHECKOUT_FORCE);
	/* read-tree stops at its first complaint, in index order */
	if (rep.invalid.count && !first_reject_before(&rep, rep.invalid.paths[0]))
		cli_checkout_print_invalid(&rep, 0);
	else if (rc == SGIT_ECONFLICT || rep.invalid.count)
		print_rejects(&rep);
	else if (rc < 0)
		cli_error("%s", sgit_error_message(cli_err(ctx)));
	sgit_checkout_report_release(&rep);
	return rc < 0 ? 128 : 0;
}

int cmd_read_tree(int argc, const char **argv, struct cli_ctx *ctx)
{
	struct read_tree_opts o;
	struct sgit_index *idx = NULL;
	int rc;
	const struct cli_option opts[] = {
		CLI_STRING(0, "index-output", &o.index_output, "file", "write resulting index to <file>"),
		CLI_BOOL(0, "empty", &o.empty, "only empty the index"),
		CLI_COUNT('v', "verbose", &o.verbose, "be verbose"),
		CLI_GROUP("Merging"),
		CLI_BOOL('m', NULL, &o.merge, "perform a merge in addition to a read"),
		CLI_BOOL(0, "trivial", &o.trivial, "3-way merge if no file level merging required"),
		CLI_BOOL(0, "aggressive", &o.aggressive, "3-way merge in presence of adds and removes"),
		CLI_BOOL(0, "reset", &o.reset, "same as -m, but discard unmerged entries"),
		CLI_STRING(0, "prefix", &o.prefix, "subdirectory",
			   "read the tree into the index under <subdirectory>/"),
		CLI_BOOL('u', NULL, &o.update, "update working tree with merge result"),
		CLI_BOOL('i', NULL, &o.no_check, "don't check the working tree after merging"),
		CLI_BOOL('n', "dry-run", &o.dry_run, "don't update the index or the work tree"),
		CLI_BOOL('q', "quiet", &o.quiet, "suppress feedback messages"),
		CLI_END,
	};

	memset(&o, 0, sizeof(o));
	argc = cli_parse_options(argc, argv, opts, read_tree_usage, 0);
	if ((rc = cli_index_open(&idx, ctx, 1)))
		return rc;
	if ((rc = check_opts(&o, argc)))
		goto out;
	rc = o.update ? update_trees(idx, ctx, &o, argc, argv) : read_trees(idx, ctx, &o, argc, argv);
	if (!rc && !o.dry_run && sgit_index_write_locked(idx) < 0)
		rc = cli_fatal("unable to write new index file");
out:
	sgit_index_free(idx);
	return rc;
}
