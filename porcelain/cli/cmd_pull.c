/* porcelain/cli/cmd_pull.c: sgit pull: its options and settings; the fetch and merge are in pull_cmd_run.c */
#include <string.h>
#include "porcelain/cli/fetch_cmd.h"
#include "porcelain/cli/pull_cmd.h"
#include "sgit/branch.h"
#include "util/message.h"

static const char *const pull_usage[] = {
	"sgit pull [<options>] [<repository> [<refspec>...]]",
	NULL,
};

void pull_opts_init(struct pull_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->rebase = PULL_REBASE_UNSET;
	sgit_buf_init(&o->diffstat);
	sgit_buf_init(&o->log);
	sgit_buf_init(&o->squash);
	sgit_buf_init(&o->commit);
	sgit_buf_init(&o->edit);
	sgit_buf_init(&o->cleanup);
	sgit_buf_init(&o->ff);
	sgit_buf_init(&o->verify);
	sgit_buf_init(&o->verify_signatures);
	sgit_buf_init(&o->gpg_sign);
	sgit_buf_init(&o->allow_unrelated);
	o->tags = -1;
	o->prune = -1;
}

void pull_opts_release(struct pull_opts *o)
{
	sgit_buf_release(&o->diffstat);
	sgit_buf_release(&o->log);
	sgit_buf_release(&o->squash);
	sgit_buf_release(&o->commit);
	sgit_buf_release(&o->edit);
	sgit_buf_release(&o->cleanup);
	sgit_buf_release(&o->ff);
	sgit_buf_release(&o->verify);
	sgit_buf_release(&o->verify_signatures);
	sgit_buf_release(&o->gpg_sign);
	sgit_buf_release(&o->allow_unrelated);
	cli_strlist_clear(&o->strategies);
	cli_strlist_clear(&o->xopts);
}

/* ---- options ---- */

/* Keep an option as merge is to be given it: --name, --no-name, --name=arg, -c. */
static int pass_cb(const struct cli_option *opt, const char *arg, int unset)
{
	struct sgit_buf *b = opt->value;
	int rc;

	if (unset)
		rc = sgit_buf_printf(b, "--no-%s", opt->long_name);
	else if (opt->long_name)
		rc = arg ? sgit_buf_printf(b, "--%s=%s", opt->long_name, arg)
			 : sgit_buf_printf(b, "--%s", opt->long_name);
	else
		rc = sgit_buf_printf(b, "-%c%s", opt->short_name, arg ? arg : "");
	return rc < 0 ? 1 : 0;
}

/*
 * git's values for rebasing: a boolean, or one of its ways to rebase (all
 * PULL_REBASE_YES here). -1 for anything else, after git's word on the
 * value it retired.
 */
static int parse_rebase(const char *value)
{
	static const char *const ways[] = { "merges", "m", "interactive", "i" };
	size_t i;
	int b;

	if (!value)
		return PULL_REBASE_YES;
	if (sgit_config_parse_bool(&b, value) == 0)
		return b ? PULL_REBASE_YES : PULL_REBASE_NO;
	for (i = 0; i < sizeof(ways) / sizeof(ways[0]); i++)
		if (!strcmp(value, ways[i]))
			return PULL_REBASE_YES;
	if (!strcmp(value, "preserve") || !strcmp(value, "p"))
		cli_error("%s: 'preserve' superseded by 'merges'", value);
	return -1;
}

static int rebase_cb(const struct cli_option *opt, const char *arg, int unset)
{
	struct pull_opts *o = opt->value;
	int v = unset ? PULL_REBASE_NO : parse_rebase(arg);

	if (v < 0) {
		cli_error("invalid value for '%s': '%s'", "--rebase", arg);
		return 1;
	}
	o->rebase = (enum pull_rebase)v;
	return 0;
}

#define PASS(s, l, v, a, h, f) CLI_CALLBACK((s), (l), (v), (a), (h), (f), pass_cb)

/* Parse argv into o; the remaining arguments (repository, refspecs) are returned. */
static int parse_args(struct pull_opts *o, int argc, const char **argv)
{
	int ignored = 0;
	const struct cli_option opts[] = {
		CLI_COUNT('v', "verbose", &o->verbose, "be more verbose"),
		CLI_COUNT('q', "quiet", &o->quiet, "be more quiet"),
		CLI_BOOL(0, "progress", &ignored, "force progress reporting"),
		CLI_GROUP("Options related to merging"),
		CLI_CALLBACK('r', "rebase", o, "value",
			     "incorporate changes by rebasing rather than merging (not supported)", CLI_OPTARG,
			     rebase_cb),
		PASS('n', NULL, &o->diffstat, NULL, "do not show a diffstat at the end of the merge",
		     CLI_NOARG | CLI_NONEG),
		PASS(0, "stat", &o->diffstat, NULL, "show a diffstat at the end of the merge", CLI_NOARG),
		PASS(0, "summary", &o->diffstat, NULL, "(synonym to --stat)", CLI_NOARG),
		PASS(0, "log", &o->log, "n", "add (at most <n>) entries from shortlog to merge commit message",
		     CLI_OPTARG),
		PASS(0, "squash", &o->squash, NULL, "create a single commit instead of doing a merge", CLI_NOARG),
		PASS(0, "commit", &o->commit, NULL, "perform a commit if the merge succeeds (default)", CLI_NOARG),
		PASS(0, "edit", &o->edit, NULL, "edit message before committing", CLI_NOARG),
		PASS(0, "cleanup", &o->cleanup, "mode", "how to strip spaces and #comments from message", 0),
		PASS(0, "ff", &o->ff, NULL, "allow fast-forward", CLI_NOARG),
		PASS(0, "ff-only", &o->ff, NULL, "abort if fast-forward is not possible", CLI_NOARG | CLI_NONEG),
		PASS(0, "verify", &o->verify, NULL, "control use of pre-merge-commit and commit-msg hooks", CLI_NOARG),
		PASS(0, "verify-signatures", &o->verify_signatures, NULL,
		     "verify that the named commit has a valid GPG signature", CLI_NOARG),
		CLI_STRING_LIST('s', "strategy", &o->strategies, "strategy", "merge strategy to use"),
		CLI_STRING_LIST('X', "strategy-option", &o->xopts, "option=value", "option for selected merge strategy"),
		PASS('S', "gpg-sign", &o->gpg_sign, "key-id", "GPG sign commit", CLI_OPTARG),
		PASS(0, "allow-unrelated-histories", &o->allow_unrelated, NULL, "allow merging unrelated histories",
		     CLI_NOARG),
		CLI_GROUP("Options related to fetching"),
		CLI_BOOL('a', "append", &o->append, "append to .git/FETCH_HEAD instead of overwriting"),
		CLI_BOOL('f', "force", &o->force, "force overwrite of local branch"),
		CLI_BOOL('t', "tags", &o->tags, "fetch all tags and associated objects"),
		CLI_BOOL('p', "prune", &o->prune, "prune remote-tracking branches no longer on remote"),
		CLI_END,
	};

	return cli_parse_options(argc, argv, opts, pull_usage, 0);
}

/* ---- settings ---- */

/* pull.ff when no --ff, --no-ff or --ff-only was given: 0, or 128 after git's message. */
static int config_ff(struct pull_opts *o, struct cli_ctx *ctx)
{
	const struct sgit_config_entry *e = NULL;
	int b = 1;

	if (o->ff.len || sgit_config_get_entry(&e, sgit_repo_config(ctx->repo), "pull.ff") < 0)
		return 0;
	if (e->value && sgit_config_parse_bool(&b, e->value) < 0) {
		if (strcmp(e->value, "only"))
			return cli_fatal("invalid value for '%s': '%s'", "pull.ff", e->value);
		/* a rebase asked for on the command line overrides pull.ff=only (git's rule) */
		b = o->rebase == PULL_REBASE_UNSET ? 2 : 1;
	}
	if (sgit_buf_sets(&o->ff, b == 2 ? "--ff-only" : b ? "--ff" : "--no-ff") < 0)
		return cli_fatal("out of memory");
	return 0;
}

int pull_ff_only(const struct pull_opts *o)
{
	return o->ff.len && !strcmp(o->ff.ptr, "--ff-only");
}

/*
 * branch.<current>.rebase, else pull.rebase, when neither --rebase nor
 * --no-rebase was given. sgit only merges: a rebase is refused here,
 * before anything is fetched (--ff-only makes it moot, as in git).
 */
static int config_rebase(struct pull_opts *o, struct cli_ctx *ctx)
{
	static const char *const from[] = { "branch.%s.rebase", "pull.rebase" };
	struct sgit_buf branch = SGIT_BUF_INIT, key = SGIT_BUF_INIT;
	const struct sgit_config_entry *e = NULL;
	size_t i;
	int rc = 0, v;

	if (o->rebase != PULL_REBASE_UNSET)
		goto out;
	if (sgit_branch_current(&branch, ctx->repo) < 0)
		sgit_buf_reset(&branch);
	for (i = branch.len ? 0 : 1; i < 2 && !e; i++) {
		if (sgit_buf_printf(&key, from[i], branch.len ? branch.ptr + strlen("refs/heads/") : "") < 0) {
			rc = cli_fatal("out of memory");
			goto out;
		}
		if (sgit_config_get_entry(&e, sgit_repo_config(ctx->repo), key.ptr) < 0)
			e = NULL;
	}
	if (!e) {
		o->rebase = PULL_REBASE_NO;
		o->rebase_unspecified = 1;
	} else if ((v = parse_rebase(e->value)) < 0) {
		rc = cli_fatal("invalid value for '%s': '%s'", key.ptr, e->value);
	} else if ((o->rebase = (enum pull_rebase)v) == PULL_REBASE_YES && !pull_ff_only(o)) {
		rc = cli_fatal("%s asks to rebase, which sgit pull does not do; "
			       "pass --no-rebase to merge instead", key.ptr);
	}
out:
	sgit_buf_release(&branch);
	sgit_buf_release(&key);
	return rc;
}

/* --cleanup's value is checked before anything is fetched, as git does. */
static int check_cleanup(const struct pull_opts *o)
{
	const char *mode = o->cleanup.len ? strchr(o->cleanup.ptr, '=') : NULL;
	struct sgit_error err = SGIT_ERROR_INIT;
	enum sgit_cleanup_mode m;

	if (mode && sgit_message_cleanup_mode_parse(&m, mode + 1, 0, &err) < 0)
		return cli_fatal("Invalid cleanup mode %s", mode + 1);
	return 0;
}

/* --rebase on the command line: sgit merges, it does not rebase. */
static int refuse_rebase(const struct pull_opts *o)
{
	if (o->rebase != PULL_REBASE_YES || pull_ff_only(o))
		return 0;
	return cli_fatal("sgit pull does not rebase; pass --no-rebase (or nothing) to merge instead");
}

int cmd_pull(int argc, const char **argv, struct cli_ctx *ctx)
{
	struct pull_opts o;
	struct sgit_buf action = SGIT_BUF_INIT;
	int rc;

	pull_opts_init(&o);
	/* the reflog names the command as typed, options included, as git's does */
	if (fetch_cmd_reflog_action(&action, argc, argv) < 0) {
		rc = cli_fatal("out of memory");
		goto out;
	}
	argc = parse_args(&o, argc, argv);
	o.reflog_action = action.ptr;
	o.repo = argc ? argv[0] : NULL;
	o.refspecs = argc > 1 ? argv + 1 : NULL;
	o.nrefspecs = argc > 1 ? argc - 1 : 0;
	if ((rc = check_cleanup(&o)) == 0 && (rc = config_ff(&o, ctx)) == 0 &&
	    (rc = refuse_rebase(&o)) == 0 && (rc = config_rebase(&o, ctx)) == 0)
		rc = pull_run(ctx, &o);
out:
	pull_opts_release(&o);
	sgit_buf_release(&action);
	return rc;
}
