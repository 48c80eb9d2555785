/* porcelain/cli/cmd_write_tree.c: sgit write-tree: a tree object from the index */
#include <string.h>
#include "porcelain/cli/index_cmd.h"

static const char *const write_tree_usage[] = {
	"sgit write-tree [--missing-ok] [--prefix=<prefix>/]",
	NULL,
};

/* git lists the conflicted entries (ten at most) before giving up. */
static void show_unmerged(const struct sgit_index *idx)
{
	size_t i, n = sgit_index_count(idx), shown = 0;
	char hex[SGIT_OID_HEXSZ + 1];

	fflush(stdout);
	for (i = 0; i < n; i++) {
		const struct sgit_index_entry *e = sgit_index_entry_at(idx, i);

		if (!e->stage)
			continue;
		if (++shown > 10) {
			fputs("...\n", stderr);
			break;
		}
		fprintf(stderr, "%s: unmerged (%s)\n", e->path, sgit_oid_tohex(hex, &e->id));
	}
}

int cmd_write_tree(int argc, const char **argv, struct cli_ctx *ctx)
{
	struct sgit_index *idx = NULL;
	const char *prefix = NULL;
	int missing_ok = 0, rc, was_valid;
	char hex[SGIT_OID_HEXSZ + 1];
	struct sgit_oid id;
	const struct cli_option opts[] = {
		CLI_BOOL(0, "missing-ok", &missing_ok, "allow missing objects"),
		CLI_STRING(0, "prefix", &prefix, "prefix", "write tree object for a subdirectory <prefix>"),
		CLI_END,
	};

	argc = cli_parse_options(argc, argv, opts, write_tree_usage, 0);
	if (argc)
		cli_usage_with_options(write_tree_usage, opts, 1);
	if ((rc = cli_index_open(&idx, ctx, 1)))
		return rc;
	was_valid = sgit_index_cache_tree_valid(idx);
	rc = sgit_index_write_tree(&id, idx, missing_ok ? SGIT_INDEX_WRITE_TREE_MISSING_OK : 0);
	if (rc == SGIT_ECONFLICT) {
		show_unmerged(idx);
		rc = cli_fatal("git-write-tree: error building trees");
		goto out;
	}
	if (rc < 0) {
		cli_error("%s", sgit_error_message(cli_err(ctx)));
		rc = cli_fatal("git-write-tree: error building trees");
		goto out;
	}
	/* keeping the cache tree is only a help to the next caller: failing to write is fine */
	if (!was_valid)
		sgit_index_write_locked(idx);
	if (prefix && sgit_index_cache_tree_lookup(&id, idx, prefix) < 0) {
		rc = cli_fatal("git-write-tree: prefix %s not found", prefix);
		goto out;
	}
	printf("%s\n", sgit_oid_tohex(hex, &id));
out:
	sgit_index_free(idx);
	return rc;
}
