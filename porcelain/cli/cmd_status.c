/* porcelain/cli/cmd_status.c: sgit status: the staged, unstaged and untracked changes */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "porcelain/cli/cli.h"
#include "porcelain/cli/pathspec_arg.h"
#include "sgit/changes.h"
#include "sgit/ignore.h"
#include "sgit/pathspec.h"
#include "sgit/status.h"

static const char *const status_usage[] = {
	"sgit status [<options>] [--] [<pathspec>...]",
	NULL,
};

enum status_format { FORMAT_UNSPECIFIED, FORMAT_LONG, FORMAT_SHORT, FORMAT_PORCELAIN };

struct status_opts {
	int short_format, long_format, branch, nul, ahead_behind, renames;
	const char *porcelain, *untracked, *ignored;
	enum status_format format;
	struct sgit_status_options so;
	struct sgit_status_format fo;
};

static void print_warning(const char *msg, void *payload)
{
	(void)payload;
	cli_warning("%s", msg);
}

/* "no", "normal", "all" (git's -u values); -1 for anything else. */
static int untracked_mode(const char *s)
{
	static const struct {
		const char *name;
		enum sgit_untracked_mode mode;
	} modes[] = {
		{ "no", SGIT_UNTRACKED_NO }, { "normal", SGIT_UNTRACKED_NORMAL }, { "all", SGIT_UNTRACKED_ALL },
	};
	size_t i;

	for (i = 0; i < sizeof(modes) / sizeof(modes[0]); i++)
		if (!strcmp(s, modes[i].name))
			return (int)modes[i].mode;
	return -1;
}

/* Configuration, where the command line said nothing. */
static void read_config(struct status_opts *o, struct cli_ctx *ctx)
{
	struct sgit_config *cfg = sgit_repo_config(ctx->repo);
	const char *s;
	int b;

	if (sgit_config_get_bool(&b, cfg, "status.short", NULL) == 0 && b)
		o->format = FORMAT_SHORT;
	if (o->branch < 0)
		o->branch = sgit_config_get_bool(&b, cfg, "status.branch", NULL) == 0 && b;
	if (sgit_config_get_bool(&b, cfg, "status.relativepaths", NULL) == 0 && !b)
		o->fo.prefix = NULL;
	if (sgit_config_get_bool(&b, cfg, "advice.statushints", NULL) == 0)
		o->fo.hints = b;
	if (sgit_config_get_bool(&b, cfg, "core.quotepath", NULL) == 0)
		o->fo.quote_high = b;
	if (sgit_config_get_string(&s, cfg, "status.showuntrackedfiles") == 0 && untracked_mode(s) >= 0)
		o->so.untracked = (enum sgit_untracked_mode)untracked_mode(s);
}

/* The format the options ask for, or a message and 128. */
static int settle_format(struct status_opts *o)
{
	if (o->porcelain) {
		if (strcmp(o->porcelain, "v1") && strcmp(o->porcelain, "1"))
			return cli_fatal("unsupported porcelain version '%s'", o->porcelain);
		o->format = FORMAT_PORCELAIN;
	} else if (o->short_format) {
		o->format = FORMAT_SHORT;
	} else if (o->long_format) {
		o->format = FORMAT_LONG;
	}
	if (o->nul && o->format == FORMAT_LONG && o->long_format)
		return cli_fatal("options '--long' and '-z' cannot be used together");
	if (o->nul && o->format != FORMAT_SHORT)
		o->format = FORMAT_PORCELAIN;
	if (o->format == FORMAT_UNSPECIFIED)
		o->format = FORMAT_LONG;
	if (o->format == FORMAT_PORCELAIN)
		o->fo.prefix = NULL;
	o->fo.nul = o->nul;
	o->fo.branch = o->branch;
	return 0;
}

static int settle_modes(struct status_opts *o)
{
	int m;

	if (o->untracked) {
		if ((m = untracked_mode(o->untracked)) < 0)
			return cli_fatal("Invalid untracked files mode '%s'", o->untracked);
		o->so.untracked = (enum sgit_untracked_mode)m;
	}
	if (o->ignored) {
		if (!strcmp(o->ignored, "traditional"))
			o->so.ignored = 1;
		else if (!strcmp(o->ignored, "no"))
			o->so.ignored = 0;
		else
			return cli_fatal("Invalid ignored mode '%s'", o->ignored);
	}
	return 0;
}

static int make_pathspec(struct sgit_pathspec *ps, struct cli_ctx *ctx, int argc, const char **argv)
{
	struct sgit_buf *paths = calloc((size_t)argc + 1, sizeof(*paths));
	const char **items = calloc((size_t)argc + 1, sizeof(*items));
	int i, rc = 0;

	if (!paths || !items)
		rc = cli_fatal("out of memory");
	for (i = 0; i < argc && !rc; i++) {
		sgit_buf_init(&paths[i]);
		if ((rc = cli_pathspec_path(&paths[i], ctx, argv[i])) == 0)
			items[i] = paths[i].ptr;
	}
	if (!rc && sgit_pathspec_init(ps, items, (size_t)argc) < 0)
		rc = cli_fatal("out of memory");
	for (i = 0; paths && i < argc; i++)
		sgit_buf_release(&paths[i]);
	free(paths);
	free(items);
	return rc;
}

static int run(struct status_opts *o, struct cli_ctx *ctx, const struct sgit_pathspec *ps)
{
	struct sgit_status st = SGIT_STATUS_INIT;
	struct sgit_buf out = SGIT_BUF_INIT;
	struct sgit_ignore *ign = NULL;
	const char *locks = sgit_repo_getenv(ctx->repo, "GIT_OPTIONAL_LOCKS");
	int rc;

	if (sgit_ignore_new_for_repo(&ign, ctx->repo, print_warning, NULL) < 0) {
		rc = cli_fatal_err(cli_err(ctx));
		goto out;
	}
	o->so.pathspec = ps;
	o->so.ignore = ign;
	o->so.write_index = !(locks && !strcmp(locks, "0"));
	if (sgit_status_collect(&st, ctx->repo, &o->so) < 0) {
		rc = cli_fatal_err(cli_err(ctx));
		goto out;
	}
	rc = o->format == FORMAT_LONG ? sgit_status_format_long(&out, &st, &o->fo)
				      : sgit_status_format_short(&out, &st, &o->fo);
	if (rc < 0) {
		rc = cli_fatal("out of memory");
		goto out;
	}
	fwrite(out.ptr, 1, out.len, stdout);
out:
	sgit_status_release(&st);
	sgit_buf_release(&out);
	sgit_ignore_free(ign);
	return rc;
}

int cmd_status(int argc, const char **argv, struct cli_ctx *ctx)
{
	struct status_opts o = { 0, 0, -1, 0, 1, 1, NULL, NULL, NULL, FORMAT_UNSPECIFIED,
				 SGIT_STATUS_OPTIONS_INIT, SGIT_STATUS_FORMAT_INIT };
	struct sgit_pathspec ps = SGIT_PATHSPEC_INIT;
	const struct cli_option opts[] = {
		CLI_BOOL('s', "short", &o.short_format, "show status concisely"),
		CLI_BOOL('b', "branch", &o.branch, "show branch information"),
		CLI_STRING_OPTARG(0, "porcelain", &o.porcelain, "version", "machine-readable output", "v1"),
		CLI_BOOL(0, "long", &o.long_format, "show status in long format (default)"),
		CLI_BOOL('z', "null", &o.nul, "terminate entries with NUL"),
		CLI_STRING_OPTARG('u', "untracked-files", &o.untracked, "mode",
				  "show untracked files, optional modes: all, normal, no. (Default: all)",
				  "all"),
		CLI_STRING_OPTARG(0, "ignored", &o.ignored, "mode",
				  "show ignored files, optional modes: traditional, no. "
				  "(Default: traditional)", "traditional"),
		CLI_BOOL(0, "ahead-behind", &o.ahead_behind, "compute full ahead/behind values"),
		CLI_BOOL(0, "renames", &o.renames, "accepted; renames are not detected"),
		CLI_END,
	};
	int rc;

	argc = cli_parse_options(argc, argv, opts, status_usage, 0);
	o.fo.prefix = sgit_repo_prefix(ctx->repo);
	read_config(&o, ctx);
	if ((rc = settle_format(&o)) != 0 || (rc = settle_modes(&o)) != 0 ||
	    (rc = make_pathspec(&ps, ctx, argc, argv)) != 0)
		goto out;
	rc = run(&o, ctx, &ps);
out:
	sgit_pathspec_release(&ps);
	return rc;
}
