/* porcelain/cli/cmd_remote.c: sgit remote: list, add, remove, rename remotes and their URLs */
#include <stdlib.h>
#include <string.h>
#include "porcelain/cli/cli.h"
#include "porcelain/cli/ref_cmd.h"
#include "sgit/remote.h"

static const char *const remote_usage[] = {
	"sgit remote [-v | --verbose]",
	"sgit remote add [-t <branch>] [-m <master>] [--tags | --no-tags] <name> <url>",
	"sgit remote rename <old> <new>",
	"sgit remote remove <name>",
	"sgit remote get-url [--push] [--all] <name>",
	"sgit remote set-url [--push] <name> <newurl> [<oldurl>]",
	"sgit remote set-url --add <name> <newurl>",
	"sgit remote set-url --delete <name> <url>",
	NULL,
};
static const char *const add_usage[] = { "sgit remote add [<options>] <name> <url>", NULL };
static const char *const rm_usage[] = { "sgit remote remove <name>", NULL };
static const char *const rename_usage[] = { "sgit remote rename <old> <new>", NULL };
static const char *const get_url_usage[] = { "sgit remote get-url [--push] [--all] <name>", NULL };
static const char *const set_url_usage[] = {
	"sgit remote set-url [--push] <name> <newurl> [<oldurl>]",
	"sgit remote set-url --add <name> <newurl>",
	"sgit remote set-url --delete <name> <url>",
	NULL,
};

/* ---- listing ---- */

struct line {
	const char *name;	/* borrowed from the remote */
	char *text;		/* "<url> (fetch)" ..., or NULL */
};
struct listing {
	struct cli_ctx *ctx;
	struct sgit_remote **remotes;
	size_t nremotes;
	struct line *lines;
	size_t n;
};

static int add_line(struct listing *l, const char *name, const char *url, const char *suffix)
{
	struct line *grown = realloc(l->lines, (l->n + 1) * sizeof(*grown));
	struct sgit_buf b = SGIT_BUF_INIT;

	if (!grown)
		return -1;
	l->lines = grown;
	grown[l->n].name = name;
	grown[l->n].text = NULL;
	if (url && (sgit_buf_printf(&b, "%s%s", url, suffix) < 0 ||
		    !(grown[l->n].text = sgit_buf_detach(&b, NULL))))
		return -1;
	l->n++;
	return 0;
}

/* git's lines for one remote: its first URL for fetching, then every URL for pushing. */
static int remote_lines(struct listing *l, const struct sgit_remote *r)
{
	struct sgit_buf suffix = SGIT_BUF_INIT, key = SGIT_BUF_INIT;
	char *const *push = r->npushurls ? r->pushurls : r->urls;
	size_t i, npush = r->npushurls ? r->npushurls : r->nurls;
	const char *value = NULL;
	int rc = 0;

	if (r->nurls) {
		sgit_buf_printf(&key, "remote.%s.partialclonefilter", r->name);
		sgit_buf_sets(&suffix, " (fetch)");
		if (sgit_config_get_string(&value, sgit_repo_config(l->ctx->repo), key.ptr) == 0)
			sgit_buf_addf(&suffix, " [%s]", value);
	}
	rc = add_line(l, r->name, r->nurls ? r->urls[0] : NULL, suffix.ptr);
	for (i = 0; rc == 0 && i < npush; i++)
		rc = add_line(l, r->name, push[i], " (push)");
	sgit_buf_release(&suffix);
	sgit_buf_release(&key);
	return rc;
}

static int collect_remote(const char *name, void *payload)
{
	struct listing *l = payload;
	struct sgit_remote **grown, *r = NULL;

	if (sgit_remote_lookup(&r, l->ctx->repo, name) < 0)
		return -1;
	if (!(grown = realloc(l->remotes, (l->nremotes + 1) * sizeof(*grown)))) {
		sgit_remote_free(r);
		return -1;
	}
	l->remotes = grown;
	l->remotes[l->nremotes++] = r;
	return remote_lines(l, r);
}

/* Insertion sort: stable, so that each remote's lines keep their order. */
static void sort_lines(struct line *v, size_t n)
{
	size_t i, j;

	for (i = 1; i < n; i++) {
		struct line cur = v[i];

		for (j = i; j > 0 && strcmp(v[j - 1].name, cur.name) > 0; j--)
			v[j] = v[j - 1];
		v[j] = cur;
	}
}

static int show_all(struct cli_ctx *ctx, int verbose)
{
	struct listing l = { ctx, NULL, 0, NULL, 0 };
	size_t i;
	int rc = 0;

	if (sgit_remote_foreach_name(sgit_repo_config(ctx->repo), collect_remote, &l) < 0)
		rc = cli_fatal_err(cli_err(ctx));
	sort_lines(l.lines, l.n);
	for (i = 0; rc == 0 && i < l.n; i++) {
		if (verbose)
			printf("%s\t%s\n", l.lines[i].name, l.lines[i].text ? l.lines[i].text : "");
		else if (!i || strcmp(l.lines[i - 1].name, l.lines[i].name))
			printf("%s\n", l.lines[i].name);
	}
	for (i = 0; i < l.n; i++)
		free(l.lines[i].text);
	for (i = 0; i < l.nremotes; i++)
		sgit_remote_free(l.remotes[i]);
	free(l.lines);
	free(l.remotes);
	return rc;
}

/* ---- add ---- */

static int remote_add(int argc, const char **argv, struct cli_ctx *ctx)
{
	struct sgit_remote_add_options o = SGIT_REMOTE_ADD_OPTIONS_INIT;
	struct cli_strlist track = CLI_STRLIST_INIT;
	const char *master = NULL;
	int fetch = 0, tags = 0, rc = 0;
	const struct cli_option opts[] = {
		CLI_BOOL('f', "fetch", &fetch, "fetch the remote branches"),
		CLI_SET_INT(0, "tags", &tags, "import all tags and associated objects when fetching\n"
			    "or do not fetch any tag at all (--no-tags)", 1),
		CLI_STRING_LIST('t', "track", &track, "branch", "branch(es) to track"),
		CLI_STRING('m', "master", &master, "branch", "master branch"),
		CLI_END,
	};

	/* --no-tags sets 0 through SET_INT: tell it from "not given" by a sentinel */
	tags = -2;
	argc = cli_parse_options(argc, argv, opts, add_usage, 0);
	if (argc != 2)
		cli_usage_with_options(add_usage, opts, 1);
	if (fetch) {
		rc = cli_fatal("remote add -f: fetching is not supported yet; run 'sgit fetch %s'", argv[0]);
		goto out;
	}
	o.track = track.items;
	o.ntrack = track.nr;
	o.master = master;
	o.tags = tags == 1 ? SGIT_REMOTE_TAGS_ALL : tags == 0 ? SGIT_REMOTE_TAGS_NONE : SGIT_REMOTE_TAGS_AUTO;
	if ((rc = sgit_remote_add(ctx->repo, argv[0], argv[1], &o)) == SGIT_EEXISTS) {
		cli_error("%s", sgit_error_message(cli_err(ctx)));
		rc = 3;
	} else if (rc < 0) {
		rc = cli_fatal_err(cli_err(ctx));
	}
out:
	cli_strlist_clear(&track);
	return rc;
}

/* ---- remove ---- */

/* git's exit codes: 2 for a remote that is not there, 3 for one in the way, 1 for git's error() cases. */
static int edit_status(int rc, struct cli_ctx *ctx)
{
	if (rc == SGIT_ENOTFOUND || rc == SGIT_EEXISTS || rc == SGIT_ERROR) {
		cli_error("%s", sgit_error_message(cli_err(ctx)));
		return rc == SGIT_ENOTFOUND ? 2 : rc == SGIT_EEXISTS ? 3 : 1;
	}
	return rc < 0 ? cli_fatal_err(cli_err(ctx)) : 0;
}


static void note_skipped(const char *refname, void *payload)
{
	struct cli_strlist *skipped = payload;
	char *name = strdup(refname + strlen("refs/heads/"));

	/* the list holds its own copies: the name lives only during the call */
	if (!name || cli_strlist_push(skipped, name) < 0)
		free(name);
}

static int remote_rm(int argc, const char **argv, struct cli_ctx *ctx)
{
	struct cli_strlist skipped = CLI_STRLIST_INIT;
	const struct cli_option opts[] = { CLI_END };
	size_t i;
	int rc;

	argc = cli_parse_options(argc, argv, opts, rm_usage, 0);
	if (argc != 1)
		cli_usage_with_options(rm_usage, opts, 1);
	rc = sgit_remote_remove(ctx->repo, argv[0], note_skipped, &skipped);
	if (skipped.nr) {
		fputs(skipped.nr == 1 ? "Note: A branch outside the refs/remotes/ hierarchy was not removed;\n"
					"to delete it, use:\n"
				      : "Note: Some branches outside the refs/remotes/ hierarchy were not removed;\n"
					"to delete them, use:\n", stderr);
		for (i = 0; i < skipped.nr; i++)
			fprintf(stderr, "  git branch -d %s\n", skipped.items[i]);
	}
	for (i = 0; i < skipped.nr; i++)
		free((char *)skipped.items[i]);
	cli_strlist_clear(&skipped);
	return edit_status(rc, ctx);
}

/* ---- rename ---- */

static void not_updated(const char *refspec, void *payload)
{
	(void)payload;
	cli_warning("Not updating non-default fetch refspec\n\t%s\n"
		    "\tPlease update the configuration manually if necessary.", refspec);
}

static int remote_rename(int argc, const char **argv, struct cli_ctx *ctx)
{
	struct sgit_remote_rename_options o = { NULL, not_updated, NULL };
	struct sgit_buf who = SGIT_BUF_INIT;
	int progress = 0, rc;
	const struct cli_option opts[] = {
		CLI_BOOL(0, "progress", &progress, "force progress reporting"),
		CLI_END,
	};

	argc = cli_parse_options(argc, argv, opts, rename_usage, 0);
	if (argc != 2)
		cli_usage_with_options(rename_usage, opts, 1);
	if ((rc = cli_refcmd_committer(&who, ctx)) != 0)
		goto out;
	o.committer = who.ptr;
	rc = edit_status(sgit_remote_rename(ctx->repo, argv[0], argv[1], &o), ctx);
out:
	sgit_buf_release(&who);
	return rc;
}

/* ---- get-url, set-url ---- */

static int remote_get_url(int argc, const char **argv, struct cli_ctx *ctx)
{
	struct sgit_remote *r = NULL;
	int push = 0, all = 0, rc;
	char **urls;
	size_t i, n;
	const struct cli_option opts[] = {
		CLI_BOOL(0, "push", &push, "query push URLs rather than fetch URLs"),
		CLI_BOOL(0, "all", &all, "return all URLs"),
		CLI_END,
	};

	argc = cli_parse_options(argc, argv, opts, get_url_usage, 0);
	if (argc != 1)
		cli_usage_with_options(get_url_usage, opts, 1);
	if ((rc = sgit_remote_lookup(&r, ctx->repo, argv[0])) == 0 && !r->in_repo)
		rc = SGIT_ENOTFOUND;
	if (rc == SGIT_ENOTFOUND) {
		sgit_remote_free(r);
		cli_error("No such remote '%s'", argv[0]);
		return 2;
	}
	if (rc < 0)
		return cli_fatal_err(cli_err(ctx));
	urls = push && r->npushurls ? r->pushurls : r->urls;
	n = push && r->npushurls ? r->npushurls : r->nurls;
	for (i = 0; i < n && (all || i == 0); i++)
		printf("%s\n", urls[i]);
	sgit_remote_free(r);
	return 0;
}

static int remote_set_url(int argc, const char **argv, struct cli_ctx *ctx)
{
	int push = 0, add = 0, del = 0, rc;
	unsigned flags;
	const struct cli_option opts[] = {
		CLI_BOOL(0, "push", &push, "manipulate push URLs"),
		CLI_BOOL(0, "add", &add, "add URL"),
		CLI_BOOL(0, "delete", &del, "delete URLs"),
		CLI_END,
	};

	argc = cli_parse_options(argc, argv, opts, set_url_usage, 0);
	if (add && del)
		return cli_fatal("--add --delete doesn't make sense");
	if (argc < 2 || argc > 3 || ((add || del) && argc != 2))
		cli_usage_with_options(set_url_usage, opts, 1);
	flags = (push ? SGIT_REMOTE_URL_PUSH : 0) | (add ? SGIT_REMOTE_URL_ADD : 0) |
		(del ? SGIT_REMOTE_URL_DELETE : 0);
	rc = sgit_remote_set_url(ctx->repo, argv[0], del ? NULL : argv[1],
				 del ? argv[1] : argc == 3 ? argv[2] : NULL, flags);
	if (rc == SGIT_EAMBIGUOUS)
		cli_warning("remote.%s.%s has multiple values", argv[0], push ? "pushurl" : "url");
	if (rc == SGIT_ENOTFOUND && !strncmp(sgit_error_message(cli_err(ctx)), "No such remote ", 15)) {
		cli_error("%s", sgit_error_message(cli_err(ctx)));
		return 2;
	}
	return rc < 0 ? cli_fatal_err(cli_err(ctx)) : 0;
}

/* ---- the command ---- */

static const struct {
	const char *name;
	int (*fn)(int argc, const char **argv, struct cli_ctx *ctx);
} subcommands[] = {
	{ "add", remote_add },
	{ "get-url", remote_get_url },
	{ "remove", remote_rm },
	{ "rename", remote_rename },
	{ "rm", remote_rm },
	{ "set-url", remote_set_url },
};

/* git's other subcommands, which sgit does not have */
static const char *const missing[] = { "prune", "set-branches", "set-head", "show", "update", NULL };

int cmd_remote(int argc, const char **argv, struct cli_ctx *ctx)
{
	int verbose = 0;
	size_t i;
	const struct cli_option opts[] = {
		CLI_BOOL('v', "verbose", &verbose, "be verbose; must be placed before a subcommand"),
		CLI_END,
	};

	argc = cli_parse_options(argc, argv, opts, remote_usage, CLI_PARSE_STOP_AT_NON_OPTION);
	if (argc == 0)
		return show_all(ctx, verbose);
	for (i = 0; i < sizeof(subcommands) / sizeof(subcommands[0]); i++)
		if (!strcmp(argv[0], subcommands[i].name))
			return subcommands[i].fn(argc, argv, ctx);
	for (i = 0; missing[i]; i++)
		if (!strcmp(argv[0], missing[i]))
			return cli_fatal("'remote %s' is not supported by sgit", argv[0]);
	cli_error("unknown subcommand: `%s'", argv[0]);
	cli_usage_with_options(remote_usage, opts, 1);
}
