/* porcelain/cli/cmd_fetch.c: sgit fetch: refs and objects from a repository on this machine */
#include <stdlib.h>
#include <string.h>
#include "porcelain/cli/cli.h"
#include "porcelain/cli/fetch_cmd.h"
#include "porcelain/cli/ref_cmd.h"

static const char *const fetch_usage[] = {
	"sgit fetch [<options>] [<repository> [<refspec>...]]",
	NULL,
};

struct fetch_args {
	int verbose, quiet, force, tags, prune, append, update_head_ok, write_fetch_head;
};

/* "tag <name>" on the command line means refs/tags/<name>:refs/tags/<name>, as git reads it. */
static int collect_refspecs(struct cli_strlist *out, struct sgit_buf *store, int argc, const char **argv)
{
	int i;

	for (i = 0; i < argc; i++) {
		if (strcmp(argv[i], "tag")) {
			if (cli_strlist_push(out, argv[i]) < 0)
				return -1;
			continue;
		}
		if (++i >= argc)
			return cli_fatal("you need to specify a tag name");
		if (sgit_buf_printf(&store[i], "refs/tags/%s:refs/tags/%s", argv[i], argv[i]) < 0 ||
		    cli_strlist_push(out, store[i].ptr) < 0)
			return -1;
	}
	return 0;
}

static int do_fetch(struct cli_ctx *ctx, struct fetch_args *a, int argc, const char **argv,
		    const char *action)
{
	struct sgit_fetch_options o = SGIT_FETCH_OPTIONS_INIT;
	struct sgit_fetch_result res = SGIT_FETCH_RESULT_INIT;
	struct fetch_cmd_display d = FETCH_CMD_DISPLAY_INIT;
	struct cli_strlist specs = CLI_STRLIST_INIT;
	struct sgit_buf committer = SGIT_BUF_INIT, *store = calloc((size_t)argc + 1, sizeof(*store));
	int i, rc;

	if (!store || (rc = collect_refspecs(&specs, store, argc > 1 ? argc - 1 : 0, argv + 1)) < 0) {
		rc = cli_fatal("out of memory");
		goto out;
	}
	if (rc || (rc = cli_refcmd_committer(&committer, ctx)))
		goto out;
	o.remote = argc ? argv[0] : NULL;
	o.refspecs = specs.items;
	o.nrefspecs = specs.nr;
	o.force = a->force;
	o.tags = a->tags < 0 ? SGIT_FETCH_TAGS_DEFAULT : a->tags ? SGIT_FETCH_TAGS_ALL : SGIT_FETCH_TAGS_NONE;
	o.prune = a->prune;
	o.append = a->append;
	o.update_head_ok = a->update_head_ok;
	o.no_write_fetch_head = !a->write_fetch_head;
	o.reflog_action = action;
	o.committer = committer.ptr;
	rc = sgit_fetch(&res, ctx->repo, &o);
	d.verbosity = a->quiet ? -1 : a->verbose;
	if (rc < 0) {
		fetch_cmd_print_warnings(&res);
		rc = fetch_cmd_fail(rc, sgit_repo_error(ctx->repo));
		goto out;
	}
	fetch_cmd_print(&d, &res, ctx->repo);
	rc = res.failed ? 1 : 0;
out:
	sgit_fetch_result_release(&res);
	cli_strlist_clear(&specs);
	for (i = 0; store && i <= argc; i++)
		sgit_buf_release(&store[i]);
	free(store);
	sgit_buf_release(&committer);
	return rc;
}

int cmd_fetch(int argc, const char **argv, struct cli_ctx *ctx)
{
	struct fetch_args a = { 0, 0, 0, -1, -1, 0, 0, 1 };
	struct sgit_buf action = SGIT_BUF_INIT;
	const struct cli_option opts[] = {
		CLI_COUNT('v', "verbose", &a.verbose, "be more verbose"),
		CLI_COUNT('q', "quiet", &a.quiet, "be more quiet"),
		CLI_BOOL('a', "append", &a.append, "append to .git/FETCH_HEAD instead of overwriting"),
		CLI_BOOL('f', "force", &a.force, "force overwrite of local reference"),
		CLI_SET_INT('t', "tags", &a.tags, "fetch all tags and associated objects", 1),
		CLI_SET_INT('n', NULL, &a.tags, "do not fetch all tags (--no-tags)", 0),
		CLI_BOOL('p', "prune", &a.prune, "prune remote-tracking branches no longer on remote"),
		CLI_BOOL('u', "update-head-ok", &a.update_head_ok, "allow updating of HEAD ref"),
		CLI_BOOL(0, "write-fetch-head", &a.write_fetch_head, "write fetched references to the FETCH_HEAD file"),
		CLI_END,
	};
	int rc;

	/* the reflog says what was typed, options included, as git's does */
	if (fetch_cmd_reflog_action(&action, argc, argv) < 0)
		return cli_fatal("out of memory");
	argc = cli_parse_options(argc, argv, opts, fetch_usage, 0);
	rc = do_fetch(ctx, &a, argc, argv, action.ptr);
	sgit_buf_release(&action);
	return rc;
}
