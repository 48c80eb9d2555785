/* porcelain/cli/cmd_merge.c: sgit merge: options, configuration, and the merge in progress (--abort...) */
#include <stdlib.h>
#include <string.h>
#include "porcelain/cli/checkout_cmd.h"
#include "porcelain/cli/index_cmd.h"
#include "porcelain/cli/merge_cmd.h"
#include "porcelain/cli/ref_cmd.h"
#include "porcelain/cli/worktree_cmd.h"
#include "util/fs.h"

static const char *const merge_usage[] = {
	"sgit merge [<options>] [<commit>...]",
	"sgit merge --abort",
	"sgit merge --continue",
	NULL,
};

/* ---- options that need more than a flag ---- */

/* -m: a paragraph of its own; --no-message (git's unset) forgets the message. */
static int message_cb(const struct cli_option *opt, const char *arg, int unset)
{
	struct merge_opts *o = opt->value;

	if (unset) {
		sgit_buf_reset(&o->message);
		return 0;
	}
	if (sgit_buf_addf(&o->message, "%s%s", o->message.len ? "\n\n" : "", arg) < 0)
		return 1;
	o->have_message = 1;
	return 0;
}

/* -F: the file's bytes, after a newline when a message came before. */
static int file_cb(const struct cli_option *opt, const char *arg, int unset)
{
	struct merge_opts *o = opt->value;
	struct sgit_buf data = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	int rc = 0;

	if (unset)
		return 0;
	if (sgit_fs_read_file(&data, arg, &err) < 0) {
		fprintf(stderr, "error: could not read file '%s'\n", arg);
		rc = 1;
	} else if ((o->message.len && sgit_buf_addch(&o->message, '\n') < 0) ||
		   sgit_buf_addbuf(&o->message, &data) < 0) {
		rc = 1;
	}
	o->have_message = 1;
	sgit_buf_release(&data);
	return rc;
}

static int ff_cb(const struct cli_option *opt, const char *arg, int unset)
{
	(void)arg;
	*(int *)opt->value = unset ? MERGE_FF_NO : MERGE_FF_ALLOW;
	return 0;
}

/* ---- configuration, read in order as git does ---- */

static int config_entry(const struct sgit_config_entry *e, void *payload)
{
	struct merge_opts *o = payload;
	int b;

	if (!strcmp(e->key, "merge.diffstat") || !strcmp(e->key, "merge.stat")) {
		if (sgit_config_parse_bool(&b, e->value) == 0)
			o->show_diffstat = b;
	} else if (!strcmp(e->key, "merge.ff")) {
		/* a value of a later git is not an error */
		if (sgit_config_parse_bool(&b, e->value) == 0)
			o->ff = b ? MERGE_FF_ALLOW : MERGE_FF_NO;
		else if (e->value && !strcmp(e->value, "only"))
			o->ff = MERGE_FF_ONLY;
	} else if (!strcmp(e->key, "merge.verifysignatures")) {
		if (sgit_config_parse_bool(&b, e->value) == 0)
			o->verify_signatures = b;
	} else if (!strcmp(e->key, "merge.defaulttoupstream")) {
		if (sgit_config_parse_bool(&b, e->value) == 0)
			o->default_to_upstream = b;
	} else if (!strcmp(e->key, "commit.gpgsign")) {
		if (sgit_config_parse_bool(&b, e->value) == 0)
			o->sign_key = b ? "" : NULL;
	} else if (!strcmp(e->key, "gpg.mintrustlevel")) {
		o->check_trust = 0;
	} else if (!strcmp(e->key, "commit.cleanup")) {
		o->cleanup = e->value;
	} else if (!strcmp(e->key, "merge.conflictstyle")) {
		o->conflict_style = e->value;
	}
	return 0;
}

static void opts_init(struct merge_opts *o)
{
	memset(o, 0, sizeof(*o));
	sgit_buf_init(&o->message);
	o->shortlog_len = -1;
	o->commit = -1;
	o->edit = -1;
	o->ff = MERGE_FF_ALLOW;
	o->show_diffstat = 1;
	o->check_trust = 1;
	o->default_to_upstream = 1;
}

/* ---- a merge in progress ---- */

/* What git reset records: ORIG_HEAD, and "reset: moving to HEAD" in HEAD's reflog. */
static int reset_refs(struct cli_ctx *ctx, const struct sgit_oid *head)
{
	struct sgit_refdb *db = sgit_repo_refdb(ctx->repo);
	struct sgit_buf who = SGIT_BUF_INIT;
	struct sgit_ref_update u;
	int rc;

	if ((rc = cli_refcmd_committer(&who, ctx)) != 0)
		goto out;
	memset(&u, 0, sizeof(u));
	u.name = "ORIG_HEAD";
	u.new_oid = head;
	u.committer = who.ptr;
	if (sgit_refdb_update(db, &u) < 0 ||
	    sgit_refdb_reflog_append(db, "HEAD", head, head, who.ptr, "reset: moving to HEAD") < 0)
		rc = cli_fatal_err(cli_err(ctx));
out:
	sgit_buf_release(&who);
	return rc;
}

/* --abort: git reset --merge, back to HEAD; the merge's files go. */
static int merge_abort(struct cli_ctx *ctx)
{
	struct cli_head h = CLI_HEAD_INIT;
	struct sgit_index *idx = NULL;
	int rc;

	if (!sgit_merge_state_in_progress(ctx->repo))
		return cli_fatal("There is no merge to abort (MERGE_HEAD missing).");
	if ((rc = cli_head_read(&h, ctx)) != 0 || (rc = cli_index_open(&idx, ctx, 1)) != 0)
		goto out;
	if (sgit_merge_abort_paths(ctx->repo, idx, h.born ? &h.tree : NULL) < 0) {
		cli_error("%s", sgit_error_message(cli_err(ctx)));
		rc = cli_fatal("Could not reset index file to revision 'HEAD'.");
		goto out;
	}
	if ((rc = cli_worktree_write_index(ctx, idx)) != 0 || (h.born && (rc = reset_refs(ctx, &h.commit)) != 0))
		goto out;
	if (sgit_checkout_clear_branch_state(ctx->repo) < 0)
		rc = cli_fatal_err(cli_err(ctx));
out:
	sgit_index_free(idx);
	cli_head_release(&h);
	return rc;
}

static int merge_in_progress_op(struct cli_ctx *ctx, struct merge_opts *o, int argc)
{
	const char *name = o->abort ? "--abort" : o->quit ? "--quit" : "--continue";
	const char *commit_argv[] = { "commit", NULL };

	if (argc != 2) {
		fprintf(stderr, "fatal: %s expects no arguments\n\n", name);
		return 129;
	}
	if (o->abort)
		return merge_abort(ctx);
	if (o->quit)
		return sgit_merge_state_clear(ctx->repo) < 0 ? cli_fatal_err(cli_err(ctx)) : 0;
	if (!sgit_merge_state_in_progress(ctx->repo))
		return cli_fatal("There is no merge in progress (MERGE_HEAD missing).");
	return cmd_commit(1, commit_argv, ctx);
}

/* What git refuses before it looks at the heads: unmerged files, a merge or pick in progress. */
static int check_state(struct cli_ctx *ctx)
{
	struct sgit_index *idx = NULL;
	struct sgit_buf path = SGIT_BUF_INIT;
	int rc, picking;

	if ((rc = cli_index_open(&idx, ctx, 0)) != 0)
		return rc;
	if (sgit_index_has_conflicts(idx)) {
		cli_error("Merging is not possible because you have unmerged files.");
		if (cli_advice_enabled(ctx, "resolveConflict"))
			cli_advise("Fix them up in the work tree, and then use 'sgit add/rm <file>'\n"
				   "as appropriate to mark resolution and make a commit.");
		rc = cli_fatal("Exiting because of an unresolved conflict.");
	} else if (sgit_merge_state_in_progress(ctx->repo)) {
		rc = cli_advice_enabled(ctx, "resolveConflict")
			     ? cli_fatal("You have not concluded your merge (MERGE_HEAD exists).\n"
					 "Please, commit your changes before you merge.")
			     : cli_fatal("You have not concluded your merge (MERGE_HEAD exists).");
	} else {
		picking = sgit_fs_join(&path, sgit_repo_git_dir(ctx->repo), "CHERRY_PICK_HEAD") == 0 &&
			  sgit_fs_exists(path.ptr);
		if (picking)
			rc = cli_fatal("You have not concluded your cherry-pick (CHERRY_PICK_HEAD exists).\n"
				       "Please, commit your changes before you merge.");
	}
	sgit_buf_release(&path);
	sgit_index_free(idx);
	return rc;
}

/* Option combinations git refuses, and the defaults that depend on others. */
static int settle_options(struct merge_opts *o, struct cli_strlist *strategies, struct cli_strlist *xopts)
{
	size_t i;

	if (o->verbosity < 0)
		o->show_diffstat = 0;
	if (o->squash) {
		if (o->ff == MERGE_FF_NO)
			return cli_fatal("options '%s' and '%s' cannot be used together", "--squash", "--no-ff.");
		if (o->commit > 0)
			return cli_fatal("options '%s' and '%s' cannot be used together", "--squash", "--commit.");
		o->commit = 0;
	}
	if (o->commit < 0)
		o->commit = 1;
	for (i = 0; i < strategies->nr; i++)
		if (strcmp(strategies->items[i], "ort") && strcmp(strategies->items[i], "recursive") &&
		    strcmp(strategies->items[i], "octopus")) {
			fprintf(stderr, "Could not find merge strategy '%s'.\n"
				"Available strategies are: octopus ort recursive.\n", strategies->items[i]);
			return 1;
		}
	for (i = 0; i < xopts->nr; i++)
		if (strcmp(xopts->items[i], "ours") && strcmp(xopts->items[i], "theirs"))
			return cli_fatal("unknown strategy option: -X%s", xopts->items[i]);
	return 0;
}

static int run(struct cli_ctx *ctx, struct merge_opts *o, const struct cli_strlist *xopts)
{
	struct merge_run r;
	int rc;

	memset(&r, 0, sizeof(r));
	r.ctx = ctx;
	r.o = o;
	sgit_buf_init(&r.head_ref);
	sgit_buf_init(&r.msg);
	sgit_buf_init(&r.reflog_action);
	sgit_buf_init(&r.committer);
	r.favor = xopts->nr ? (!strcmp(xopts->items[xopts->nr - 1], "ours") ? SGIT_MERGE_FAVOR_OURS
									     : SGIT_MERGE_FAVOR_THEIRS)
			    : SGIT_MERGE_FAVOR_NONE;
	rc = merge_run(&r);
	sgit_merge_heads_release(&r.heads);
	free(r.bases);
	sgit_buf_release(&r.head_ref);
	sgit_buf_release(&r.msg);
	sgit_buf_release(&r.reflog_action);
	sgit_buf_release(&r.committer);
	return rc;
}

int cmd_merge(int argc, const char **argv, struct cli_ctx *ctx)
{
	return merge_cmd_main(argc, argv, ctx, NULL);
}

int merge_cmd_main(int argc, const char **argv, struct cli_ctx *ctx, const char *reflog_action)
{
	struct merge_opts o;
	struct cli_strlist strategies = CLI_STRLIST_INIT, xopts = CLI_STRLIST_INIT;
	int orig_argc = argc, verbose = 0, quiet = 0, rc, ignored = 0;

	opts_init(&o);
	if (ctx->repo)
		sgit_config_foreach(sgit_repo_config(ctx->repo), config_entry, &o);
	{
		const struct cli_option opts[] = {
			CLI_SET_INT('n', NULL, &o.show_diffstat, "do not show a diffstat at the end of the merge", 0),
			CLI_BOOL(0, "stat", &o.show_diffstat, "show a diffstat at the end of the merge"),
			CLI_BOOL(0, "summary", &o.show_diffstat, "(synonym to --stat)"),
			CLI_CALLBACK(0, "log", &o.shortlog_len, "n", "add (at most <n>) entries from shortlog to merge commit message",
				     CLI_OPTARG, cli_merge_log_cb),
			CLI_BOOL(0, "squash", &o.squash, "create a single commit instead of doing a merge"),
			CLI_BOOL(0, "commit", &o.commit, "perform a commit if the merge succeeds (default)"),
			CLI_BOOL('e', "edit", &o.edit, "edit message before committing"),
			CLI_STRING(0, "cleanup", &o.cleanup, "mode", "how to strip spaces and #comments from message"),
			CLI_CALLBACK(0, "ff", &o.ff, NULL, "allow fast-forward (default)", CLI_NOARG, ff_cb),
			CLI_SET_INT(0, "ff-only", &o.ff, "abort if fast-forward is not possible", MERGE_FF_ONLY),
			CLI_BOOL(0, "rerere-autoupdate", &ignored, "update the index with reused conflict resolution if possible"),
			CLI_BOOL(0, "verify-signatures", &o.verify_signatures, "verify that the named commit has a valid GPG signature"),
			CLI_STRING_LIST('s', "strategy", &strategies, "strategy", "merge strategy to use"),
			CLI_STRING_LIST('X', "strategy-option", &xopts, "option=value", "option for selected merge strategy"),
			CLI_CALLBACK('m', "message", &o, "message", "merge commit message (for a non-fast-forward merge)", 0,
				     message_cb),
			CLI_CALLBACK('F', "file", &o, "path", "read message from file", 0, file_cb),
			CLI_STRING(0, "into-name", &o.into_name, "name", "use <name> instead of the real target"),
			CLI_COUNT('v', "verbose", &verbose, "be more verbose"),
			CLI_COUNT('q', "quiet", &quiet, "be more quiet"),
			CLI_BOOL(0, "abort", &o.abort, "abort the current in-progress merge"),
			CLI_BOOL(0, "quit", &o.quit, "--abort but leave index and working tree alone"),
			CLI_BOOL(0, "continue", &o.cont, "continue the current in-progress merge"),
			CLI_BOOL(0, "allow-unrelated-histories", &o.allow_unrelated, "allow merging unrelated histories"),
			CLI_BOOL(0, "progress", &ignored, "force progress reporting"),
			CLI_STRING_OPTARG('S', "gpg-sign", &o.sign_key, "key-id", "GPG sign commit", ""),
			CLI_BOOL(0, "overwrite-ignore", &ignored, "update ignored files (default)"),
			CLI_BOOL(0, "verify", &ignored, "bypass pre-merge-commit and commit-msg hooks"),
			CLI_END,
		};

		argc = cli_parse_options(argc, argv, opts, merge_usage, 0);
	}
	o.verbosity = quiet ? -1 : verbose;
	o.reflog_action = reflog_action;
	o.args = argv;
	o.nargs = argc;
	if (o.abort || o.quit || o.cont)
		rc = merge_in_progress_op(ctx, &o, orig_argc);
	else if ((rc = check_state(ctx)) == 0 && (rc = settle_options(&o, &strategies, &xopts)) == 0)
		rc = run(ctx, &o, &xopts);
	cli_strlist_clear(&strategies);
	cli_strlist_clear(&xopts);
	sgit_buf_release(&o.message);
	return rc;
}
