/* porcelain/cli/pull_cmd_run.c: sgit pull's run: fetch, git's checks on what came, then merge FETCH_HEAD */
#include <string.h>
#include "porcelain/cli/checkout_cmd.h"
#include "porcelain/cli/fetch_cmd.h"
#include "porcelain/cli/index_cmd.h"
#include "porcelain/cli/merge_cmd.h"
#include "porcelain/cli/pull_cmd.h"
#include "porcelain/cli/ref_cmd.h"
#include "porcelain/cli/worktree_cmd.h"
#include "sgit/merge_base.h"
#include "sgit/remote.h"
#include "util/fs.h"

/* git's verbosity: -q wins, then each -v counts. */
static int verbosity(const struct pull_opts *o)
{
	return o->quiet ? -o->quiet : o->verbose;
}

/* What git pull refuses before it fetches: unmerged paths, a merge not concluded. */
static int check_state(struct cli_ctx *ctx)
{
	struct sgit_index *idx = NULL;
	int rc, advice = cli_advice_enabled(ctx, "resolveConflict");

	if ((rc = cli_index_open(&idx, ctx, 0)) != 0)
		return rc;
	if (sgit_index_has_conflicts(idx)) {
		cli_error("Pulling is not possible because you have unmerged files.");
		if (advice)
			cli_advise("Fix them up in the work tree, and then use 'sgit add/rm <file>'\n"
				   "as appropriate to mark resolution and make a commit.");
		rc = cli_fatal("Exiting because of an unresolved conflict.");
	} else if (sgit_merge_state_in_progress(ctx->repo)) {
		cli_error("You have not concluded your merge (MERGE_HEAD exists).");
		if (advice)
			cli_advise("Please, commit your changes before merging.");
		rc = cli_fatal("Exiting because of unfinished merge.");
	}
	sgit_index_free(idx);
	return rc;
}

/* The fetch, in-process, reported as git fetch reports it. 0, or 1 when it failed (git pull's code). */
static int run_fetch(struct cli_ctx *ctx, const struct pull_opts *o)
{
	struct sgit_fetch_options fo = SGIT_FETCH_OPTIONS_INIT;
	struct sgit_fetch_result res = SGIT_FETCH_RESULT_INIT;
	struct fetch_cmd_display d = FETCH_CMD_DISPLAY_INIT;
	struct sgit_buf committer = SGIT_BUF_INIT;
	int rc;

	if ((rc = cli_refcmd_committer(&committer, ctx)) != 0)
		goto out;
	fo.remote = o->repo;
	fo.refspecs = o->refspecs;
	fo.nrefspecs = (size_t)o->nrefspecs;
	fo.force = o->force;
	fo.tags = o->tags < 0 ? SGIT_FETCH_TAGS_DEFAULT : o->tags ? SGIT_FETCH_TAGS_ALL : SGIT_FETCH_TAGS_NONE;
	fo.prune = o->prune;
	fo.append = o->append;
	/* git pull always lets the fetch write the checked-out branch; it fast-forwards the tree after */
	fo.update_head_ok = 1;
	fo.reflog_action = o->reflog_action;
	fo.committer = committer.ptr;
	d.verbosity = o->quiet ? -1 : o->verbose;
	if ((rc = sgit_fetch(&res, ctx->repo, &fo)) < 0) {
		fetch_cmd_print_warnings(&res);
		fetch_cmd_fail(rc, sgit_repo_error(ctx->repo));
		rc = 1;
		goto out;
	}
	fetch_cmd_print(&d, &res, ctx->repo);
	rc = res.failed ? 1 : 0;
out:
	sgit_fetch_result_release(&res);
	sgit_buf_release(&committer);
	return rc ? 1 : 0;
}

/* The fetch moved the checked-out branch (a refspec naming it): bring the work tree along, as git. */
static int follow_head(struct cli_ctx *ctx, const struct sgit_oid *orig, const struct sgit_oid *curr)
{
	struct sgit_oid from, to;
	char hex[SGIT_OID_HEXSZ + 1];

	sgit_oid_tohex(hex, orig);
	cli_warning("fetch updated the current branch head.\n"
		    "fast-forwarding your working tree from\n"
		    "commit %s.", hex);
	if (cli_commit_tree(&from, ctx, orig) < 0 || cli_commit_tree(&to, ctx, curr) < 0 ||
	    merge_checkout_move(ctx, &from, &to) != 0)
		return cli_fatal("Cannot fast-forward your working tree.\n"
				 "After making sure that you saved anything precious from\n"
				 "$ sgit diff %s\n"
				 "output, run\n"
				 "$ sgit reset --hard\n"
				 "to recover.", hex);
	return 0;
}

/* The heads FETCH_HEAD marks for merging (no "not-for-merge"), in order, each peeled to its commit. */
static int read_merge_heads(struct sgit_merge_heads *out, struct cli_ctx *ctx)
{
	struct sgit_buf path = SGIT_BUF_INIT, data = SGIT_BUF_INIT;
	int rc = 0;

	if (sgit_fs_join(&path, sgit_repo_git_dir(ctx->repo), "FETCH_HEAD") < 0 ||
	    sgit_fs_read_file(&data, path.ptr, cli_err(ctx)) < 0)
		rc = cli_fatal("could not open '%s' for reading: No such file or directory", path.ptr);
	else if (sgit_merge_heads_from_fetch_head(out, NULL, ctx->repo, data.ptr, data.len, 0) < 0)
		rc = cli_fatal_err(cli_err(ctx));
	sgit_buf_release(&path);
	sgit_buf_release(&data);
	return rc;
}

/* ---- nothing to merge: git's explanations ---- */

/* The name of the only remote configured (a copy: the name given lives only during the call). */
static int only_remote_cb(const char *name, void *payload)
{
	struct sgit_buf *only = payload;

	if (only->len)
		return 1;
	return sgit_buf_sets(only, name) < 0 ? 1 : 0;
}

struct branch_merge_cfg {
	const char *key;	/* branch.<name>.merge */
	const char *first;	/* its first value */
	size_t n;
};

static int branch_merge_cb(const struct sgit_config_entry *e, void *payload)
{
	struct branch_merge_cfg *m = payload;

	if (strcmp(e->key, m->key) || !e->value)
		return 0;
	if (!m->n++)
		m->first = e->value;
	return 0;
}

static void no_tracking(struct cli_ctx *ctx, const char *branch)
{
	struct sgit_buf only = SGIT_BUF_INIT;
	int several = sgit_remote_foreach_name(sgit_repo_config(ctx->repo), only_remote_cb, &only);

	fprintf(stderr, "There is no tracking information for the current branch.\n"
		"Please specify which branch you want to merge with.\n"
		"See git-pull(1) for details.\n\n"
		"    sgit pull <remote> <branch>\n\n"
		"If you wish to set tracking information for this branch you can do so with:\n\n"
		"    sgit branch --set-upstream-to=%s/<branch> %s\n\n",
		several || !only.len ? "<remote>" : only.ptr, branch);
	sgit_buf_release(&only);
}

/* Why FETCH_HEAD has nothing to merge, in git's words for each case; exit 1. */
static int no_candidates(struct cli_ctx *ctx, const struct pull_opts *o)
{
	struct sgit_buf ref = SGIT_BUF_INIT, key = SGIT_BUF_INIT;
	struct branch_merge_cfg m = { NULL, NULL, 0 };
	const char *name = NULL, *remote = NULL;

	fflush(stdout);
	if (sgit_branch_current(&ref, ctx->repo) == 0 && ref.len)
		name = ref.ptr + strlen("refs/heads/");
	if (name && sgit_buf_printf(&key, "branch.%s.remote", name) == 0 &&
	    sgit_config_get_string(&remote, sgit_repo_config(ctx->repo), key.ptr) < 0)
		remote = NULL;
	if (name && sgit_buf_printf(&key, "branch.%s.merge", name) == 0) {
		m.key = key.ptr;
		sgit_config_foreach(sgit_repo_config(ctx->repo), branch_merge_cb, &m);
	}
	if (o->nrefspecs)
		fputs("There are no candidates for merging among the refs that you just fetched.\n"
		      "Generally this means that you provided a wildcard refspec which had no\n"
		      "matches on the remote end.\n", stderr);
	else if (o->repo && name && (!remote || strcmp(o->repo, remote)))
		fprintf(stderr, "You asked to pull from the remote '%s', but did not specify\n"
			"a branch. Because this is not the default configured remote\n"
			"for your current branch, you must specify a branch on the command line.\n", o->repo);
	else if (!name)
		fputs("You are not currently on a branch.\n"
		      "Please specify which branch you want to merge with.\n"
		      "See git-pull(1) for details.\n\n"
		      "    sgit pull <remote> <branch>\n\n", stderr);
	else if (!m.n)
		no_tracking(ctx, name);
	else
		fprintf(stderr, "Your configuration specifies to merge with the ref '%s'\n"
			"from the remote, but no such ref was fetched.\n", m.first);
	sgit_buf_release(&ref);
	sgit_buf_release(&key);
	return 1;
}

/* ---- what the merge will be ---- */

/* git's test: one head, and HEAD in its history. */
static int can_fast_forward(struct cli_ctx *ctx, const struct sgit_oid *head, const struct sgit_merge_heads *heads)
{
	int rc;

	if (heads->nr != 1)
		return 0;
	rc = sgit_merge_base_descends_from(sgit_repo_odb(ctx->repo), &heads->items[0].commit, head, cli_err(ctx));
	return rc > 0;
}

/* Every head already in HEAD's history. */
static int up_to_date(struct cli_ctx *ctx, const struct sgit_oid *head, const struct sgit_merge_heads *heads)
{
	size_t i;

	for (i = 0; i < heads->nr; i++)
		if (sgit_merge_base_descends_from(sgit_repo_odb(ctx->repo), head, &heads->items[i].commit,
						  cli_err(ctx)) <= 0)
			return 0;
	return 1;
}

/* git 2.39's refusal when the branches diverged and nothing says how to reconcile them. */
static int refuse_divergent(void)
{
	cli_advise("You have divergent branches and need to specify how to reconcile them.\n"
		   "You can do so by running one of the following commands sometime before\n"
		   "your next pull:\n"
		   "\n"
		   "  sgit config pull.rebase false  # merge\n"
		   "  sgit config pull.rebase true   # rebase\n"
		   "  sgit config pull.ff only       # fast-forward only\n"
		   "\n"
		   "You can replace \"sgit config\" with \"sgit config --global\" to set a default\n"
		   "preference for all repositories. You can also pass --rebase, --no-rebase,\n"
		   "or --ff-only on the command line to override the configured default per\n"
		   "invocation.");
	return cli_fatal("Need to specify how to reconcile divergent branches.");
}

/* An empty branch takes the one head as it is: git writes the id FETCH_HEAD has, so a tag is refused. */
static int into_unborn(struct cli_ctx *ctx, const struct sgit_merge_heads *heads, const char *branch)
{
	char hex[SGIT_OID_HEXSZ + 1];

	if (heads->nr > 1)
		return cli_fatal("Cannot merge multiple branches into empty head.");
	if (heads->items[0].named_type == SGIT_OBJ_COMMIT)
		return 0;
	sgit_oid_tohex(hex, &heads->items[0].named);
	return cli_fatal("update_ref failed for ref 'HEAD': cannot update ref '%s': "
			 "trying to write non-commit object %s to branch '%s'", branch, hex, branch);
}

static int push_buf(struct cli_strlist *args, const struct sgit_buf *b)
{
	return b->len ? cli_strlist_push(args, b->ptr) : 0;
}

/* git merge with what pull passes on, then FETCH_HEAD, in-process. */
static int run_merge(struct cli_ctx *ctx, const struct pull_opts *o)
{
	const struct sgit_buf *pass[] = {
		&o->diffstat, &o->log, &o->squash, &o->commit, &o->edit, &o->cleanup, &o->ff, &o->verify,
		&o->verify_signatures,
	};
	struct cli_strlist args = CLI_STRLIST_INIT;
	size_t i;
	int v, rc = 0;

	rc = cli_strlist_push(&args, "merge");
	for (v = verbosity(o); v && !rc; v += v > 0 ? -1 : 1)
		rc = cli_strlist_push(&args, v > 0 ? "-v" : "-q");
	for (i = 0; i < sizeof(pass) / sizeof(pass[0]) && !rc; i++)
		rc = push_buf(&args, pass[i]);
	for (i = 0; i < o->strategies.nr && !rc; i++)
		if ((rc = cli_strlist_push(&args, "-s")) == 0)
			rc = cli_strlist_push(&args, o->strategies.items[i]);
	for (i = 0; i < o->xopts.nr && !rc; i++)
		if ((rc = cli_strlist_push(&args, "-X")) == 0)
			rc = cli_strlist_push(&args, o->xopts.items[i]);
	if (rc || push_buf(&args, &o->gpg_sign) < 0 || push_buf(&args, &o->allow_unrelated) < 0 ||
	    cli_strlist_push(&args, "FETCH_HEAD") < 0 || cli_strlist_push(&args, NULL) < 0)
		rc = cli_fatal("out of memory");
	else
		rc = merge_cmd_main((int)args.nr - 1, args.items, ctx, o->reflog_action);
	cli_strlist_clear(&args);
	return rc;
}

/* After the fetch: what came, git's refusals, then the merge. */
static int after_fetch(struct cli_ctx *ctx, const struct pull_opts *o, const struct cli_head *orig)
{
	struct sgit_merge_heads heads = SGIT_MERGE_HEADS_INIT;
	struct cli_head curr = CLI_HEAD_INIT;
	int rc, divergent;

	if ((rc = cli_head_read(&curr, ctx)) != 0)
		goto out;
	if (orig->born && curr.born && !sgit_oid_equal(&orig->commit, &curr.commit) &&
	    (rc = follow_head(ctx, &orig->commit, &curr.commit)) != 0)
		goto out;
	if ((rc = read_merge_heads(&heads, ctx)) != 0)
		goto out;
	if (!heads.nr) {
		rc = no_candidates(ctx, o);
		goto out;
	}
	if (!orig->born) {
		if ((rc = into_unborn(ctx, &heads, curr.ref.len ? curr.ref.ptr : "HEAD")) == 0)
			rc = run_merge(ctx, o);
		goto out;
	}
	if (heads.nr > 1 && pull_ff_only(o)) {
		rc = cli_fatal("Cannot fast-forward to multiple branches.");
		goto out;
	}
	divergent = !can_fast_forward(ctx, &curr.commit, &heads) && !up_to_date(ctx, &curr.commit, &heads);
	sgit_error_clear(cli_err(ctx));
	if (divergent && pull_ff_only(o))
		rc = cli_fatal("Not possible to fast-forward, aborting.");
	else if (divergent && !o->ff.len && o->rebase_unspecified)
		rc = refuse_divergent();
	else
		rc = run_merge(ctx, o);
out:
	sgit_merge_heads_release(&heads);
	cli_head_release(&curr);
	return rc;
}

int pull_run(struct cli_ctx *ctx, struct pull_opts *o)
{
	struct cli_head orig = CLI_HEAD_INIT;
	int rc;

	if ((rc = check_state(ctx)) != 0 || (rc = cli_head_read(&orig, ctx)) != 0)
		goto out;
	if ((rc = run_fetch(ctx, o)) != 0)
		goto out;
	rc = after_fetch(ctx, o, &orig);
out:
	cli_head_release(&orig);
	return rc;
}
