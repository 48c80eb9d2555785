/* porcelain/cli/log_cmd_opts.c: the entry and diff options of log, show and rev-list */
#include <stdlib.h>
#include <string.h>
#include "porcelain/cli/log_cmd.h"
#include "porcelain/cli/log_cmd_int.h"
#include "porcelain/cli/pager.h"

/* "--name" alone (1, *val NULL) or "--name=value" (1, *val set); 0 for anything else. */
static int opt_optarg(const char *arg, const char *name, const char **val)
{
	size_t n = strlen(name);

	*val = NULL;
	if (strncmp(arg, name, n) || (arg[n] && arg[n] != '='))
		return 0;
	if (arg[n] == '=')
		*val = arg + n + 1;
	return 1;
}

static int set_pretty(struct log_cmd *lc, const char *spec)
{
	lc->pretty_spec = spec;
	lc->pretty_given = 1;
	return 0;
}

static int abbrev_option(struct log_cmd *lc, const char *a)
{
	const char *v;

	if (!strcmp(a, "--abbrev-commit"))
		lc->abbrev_commit = 1;
	else if (!strcmp(a, "--no-abbrev-commit"))
		lc->abbrev_commit = 0;
	else if (!strcmp(a, "--no-abbrev"))
		lc->pretty.abbrev = 0;
	else if (opt_optarg(a, "--abbrev", &v)) {
		int n = v ? atoi(v) : -1;

		/* git's bounds: at least 4 digits, at most a whole id */
		if (v && n < 4)
			n = 4;
		if (n > SGIT_OID_HEXSZ)
			n = SGIT_OID_HEXSZ;
		lc->pretty.abbrev = n;
	} else
		return LOG_REVS_NOT_MINE;
	return 0;
}

static int decorate_option(struct log_cmd *lc, int argc, const char **argv, int *i)
{
	const char *a = argv[*i], *v;
	int r;

	if (lc->kind == LOG_KIND_REV_LIST)
		return LOG_REVS_NOT_MINE;
	if (!strcmp(a, "--no-decorate")) {
		lc->decorate = LOG_DECORATE_NO;
	} else if (opt_optarg(a, "--decorate", &v)) {
		if (!v || !strcmp(v, "short"))
			lc->decorate = LOG_DECORATE_SHORT;
		else if (!strcmp(v, "full"))
			lc->decorate = LOG_DECORATE_FULL;
		else if (!strcmp(v, "no"))
			lc->decorate = LOG_DECORATE_NO;
		else
			return cli_fatal("invalid --decorate option: %s", v);
	} else if ((r = log_cmd_opt_value("decorate-refs", argc, argv, i, &v))) {
		return r < 0 ? 128 : log_cmd_push_pattern(&lc->decorate_refs, v);
	} else if ((r = log_cmd_opt_value("decorate-refs-exclude", argc, argv, i, &v))) {
		return r < 0 ? 128 : log_cmd_push_pattern(&lc->decorate_refs_exclude, v);
	} else if (!strcmp(a, "--clear-decorations")) {
		lc->clear_decorations = 1;
	} else if (!strcmp(a, "--use-mailmap") || !strcmp(a, "--mailmap")) {
		lc->mailmap = 1;
	} else if (!strcmp(a, "--no-use-mailmap") || !strcmp(a, "--no-mailmap")) {
		lc->mailmap = 0;
	} else {
		return LOG_REVS_NOT_MINE;
	}
	return 0;
}

static int color_option(struct log_cmd *lc, const char *a)
{
	const char *v;

	if (!strcmp(a, "--no-color")) {
		lc->color = CLI_COLOR_NEVER;
	} else if (opt_optarg(a, "--color", &v)) {
		if (cli_color_parse(&lc->color, v) < 0) {
			cli_error("option `color' expects \"always\", \"auto\", or \"never\"");
			return 129;
		}
	} else {
		return LOG_REVS_NOT_MINE;
	}
	return 0;
}

int log_cmd_format_option(struct log_cmd *lc, int argc, const char **argv, int *i)
{
	const char *a = argv[*i], *v;
	int rc;

	if ((rc = abbrev_option(lc, a)) != LOG_REVS_NOT_MINE ||
	    (rc = decorate_option(lc, argc, argv, i)) != LOG_REVS_NOT_MINE ||
	    (rc = color_option(lc, a)) != LOG_REVS_NOT_MINE)
		return rc;
	if (!strcmp(a, "--pretty"))
		return set_pretty(lc, "medium");
	if (!strncmp(a, "--pretty=", 9) || !strncmp(a, "--format=", 9))
		return set_pretty(lc, a + 9);
	if (!strcmp(a, "--oneline")) {
		lc->abbrev_commit = 1;
		return set_pretty(lc, "oneline");
	}
	if (!strncmp(a, "--date=", 7))
		lc->date_spec = a + 7;
	else if (!strcmp(a, "--relative-date"))
		lc->date_spec = "relative";
	else if (!strcmp(a, "--graph"))
		lc->graph = 1;
	else if (!strncmp(a, "--encoding=", 11))
		lc->encoding = a + 11;
	else if (opt_optarg(a, "--expand-tabs", &v))
		lc->expand_tabs = v ? atoi(v) : 8;
	else if (!strcmp(a, "--no-expand-tabs"))
		lc->expand_tabs = 0;
	else if (!strcmp(a, "--show-signature") && lc->kind != LOG_KIND_REV_LIST)
		lc->show_signature = 1;
	else if (!strcmp(a, "--no-show-signature") && lc->kind != LOG_KIND_REV_LIST)
		lc->show_signature = 0;
	else if (!strcmp(a, "-z"))
		lc->pretty.nul_termination = 1;
	else if (!strcmp(a, "--no-notes") || !strcmp(a, "--notes") || !strncmp(a, "--notes=", 8) ||
		 !strcmp(a, "--show-notes") || !strncmp(a, "--show-notes=", 13))
		;	/* sgit shows no notes */
	else if (lc->kind == LOG_KIND_REV_LIST && !strcmp(a, "--count"))
		lc->count = 1;
	else if (lc->kind == LOG_KIND_REV_LIST && !strcmp(a, "--objects"))
		lc->objects = 1;
	else if (lc->kind == LOG_KIND_REV_LIST && !strcmp(a, "--no-object-names"))
		lc->no_object_names = 1;
	else if (lc->kind == LOG_KIND_REV_LIST && !strcmp(a, "--object-names"))
		lc->no_object_names = 0;
	else if (lc->kind == LOG_KIND_REV_LIST && !strcmp(a, "--quiet"))
		lc->quiet = 1;
	else
		return LOG_REVS_NOT_MINE;
	return 0;
}

/* ---- diff options ---- */

/* what: how git names the option in its message ("--unified", "stat-width", "option `x'"). */
static int number(int *out, const char *v, const char *what)
{
	char *end;
	long n = strtol(v, &end, 10);

	if (!*v || *end || n < 0 || n > 0xffffff) {
		cli_error("%s expects a numerical value", what);
		return 129;
	}
	*out = (int)n;
	return 0;
}

/* --stat[=<width>[,<name-width>[,<count>]]] */
static int stat_value(struct log_cmd *lc, const char *v)
{
	int *fields[3] = { &lc->stat_width, &lc->stat_name_width, &lc->stat_count };
	const char *p = v;
	int k;

	lc->diff_format |= SGIT_DIFF_FORMAT_STAT;
	for (k = 0; v && k < 3; k++) {
		char *end;
		long n = strtol(p, &end, 10);

		if (end != p)
			*fields[k] = (int)n;
		if (*end == ',' && k < 2) {
			p = end + 1;
			continue;
		}
		if (*end || n < 0) {
			cli_error("invalid --stat value: %s", v);
			return 129;
		}
		break;
	}
	return 0;
}

static const struct {
	const char *name;
	unsigned int bits;
} format_flags[] = {
	{ "-p", SGIT_DIFF_FORMAT_PATCH },
	{ "-u", SGIT_DIFF_FORMAT_PATCH },
	{ "--patch", SGIT_DIFF_FORMAT_PATCH },
	{ "--numstat", SGIT_DIFF_FORMAT_NUMSTAT },
	{ "--shortstat", SGIT_DIFF_FORMAT_SHORTSTAT },
	{ "--summary", SGIT_DIFF_FORMAT_SUMMARY },
	{ "--name-only", SGIT_DIFF_FORMAT_NAME_ONLY },
	{ "--name-status", SGIT_DIFF_FORMAT_NAME_STATUS },
	{ "--patch-with-stat", SGIT_DIFF_FORMAT_PATCH | SGIT_DIFF_FORMAT_STAT },
};

static int diff_merges_value(struct log_cmd *lc, const char *v)
{
	static const struct { const char *name; int mode; } modes[] = {
		{ "off", LOG_DIFF_MERGES_OFF }, { "none", LOG_DIFF_MERGES_OFF },
		{ "first-parent", LOG_DIFF_MERGES_FIRST_PARENT }, { "1", LOG_DIFF_MERGES_FIRST_PARENT },
		{ "separate", LOG_DIFF_MERGES_SEPARATE }, { "m", LOG_DIFF_MERGES_SEPARATE },
		{ "combined", LOG_DIFF_MERGES_COMBINED }, { "c", LOG_DIFF_MERGES_COMBINED },
		{ "dense-combined", LOG_DIFF_MERGES_DENSE }, { "cc", LOG_DIFF_MERGES_DENSE },
	};
	size_t k;

	for (k = 0; k < sizeof(modes) / sizeof(modes[0]); k++)
		if (!strcmp(v, modes[k].name))
			return lc->diff_merges = modes[k].mode, 0;
	return cli_fatal("invalid value for '--diff-merges': '%s'", v);
}

static int merges_option(struct log_cmd *lc, const char *a)
{
	if (!strcmp(a, "-m"))
		lc->diff_merges = LOG_DIFF_MERGES_SEPARATE;
	else if (!strcmp(a, "-c"))
		lc->diff_merges = LOG_DIFF_MERGES_COMBINED;
	else if (!strcmp(a, "--cc"))
		lc->diff_merges = LOG_DIFF_MERGES_DENSE;
	else if (!strcmp(a, "--no-diff-merges"))
		lc->diff_merges = LOG_DIFF_MERGES_OFF;
	else if (!strncmp(a, "--diff-merges=", 14))
		return diff_merges_value(lc, a + 14);
	else
		return LOG_REVS_NOT_MINE;
	/* -c and --cc show patches of their own accord when no other format is asked for */
	lc->merges_imply_patch = lc->diff_merges == LOG_DIFF_MERGES_COMBINED ||
				 lc->diff_merges == LOG_DIFF_MERGES_DENSE;
	lc->diff_asked |= lc->merges_imply_patch;
	return 0;
}

static int diff_value_option(struct log_cmd *lc, int argc, const char **argv, int *i)
{
	const char *a = argv[*i], *v = NULL;
	int r;

	if (!strncmp(a, "-U", 2) || opt_optarg(a, "--unified", &v)) {
		lc->diff_format |= SGIT_DIFF_FORMAT_PATCH;
		v = a[1] == 'U' ? (a[2] ? a + 2 : NULL) : v;
		return v ? number(&lc->context, v, "--unified") : 0;
	}
	if (opt_optarg(a, "--stat", &v))
		return stat_value(lc, v);
	if (!strncmp(a, "--stat-width=", 13))
		return lc->diff_format |= SGIT_DIFF_FORMAT_STAT, number(&lc->stat_width, a + 13, "stat-width");
	if (!strncmp(a, "--stat-name-width=", 18))
		return lc->diff_format |= SGIT_DIFF_FORMAT_STAT,
		       number(&lc->stat_name_width, a + 18, "stat-name-width");
	if (!strncmp(a, "--stat-graph-width=", 19))
		return lc->diff_format |= SGIT_DIFF_FORMAT_STAT,
		       number(&lc->stat_graph_width, a + 19, "stat-graph-width");
	if (!strncmp(a, "--stat-count=", 13))
		return lc->diff_format |= SGIT_DIFF_FORMAT_STAT, number(&lc->stat_count, a + 13, "stat-count");
	if (!strncmp(a, "--inter-hunk-context=", 21))
		return number(&lc->interhunk, a + 21, "option `inter-hunk-context'");
	if ((r = log_cmd_opt_value("src-prefix", argc, argv, i, &v)))
		return r < 0 ? 128 : (lc->src_prefix = v, 0);
	if ((r = log_cmd_opt_value("dst-prefix", argc, argv, i, &v)))
		return r < 0 ? 128 : (lc->dst_prefix = v, 0);
	return LOG_REVS_NOT_MINE;
}

/* The threshold of -M<n>, -C<n>: none (-M alone) is git's default again. */
static int score_value(struct log_cmd *lc, const char *v, const char *what)
{
	unsigned int score;

	lc->rename_score = -1;
	if (!v)
		return 0;
	if (sgit_diff_parse_rename_score(&score, v) < 0) {
		cli_error("invalid argument to %s", what);
		return 129;
	}
	lc->rename_score = (int)score;
	return 0;
}

/* -l<n>, -l <n>: diff.renameLimit for this run; below 1 is git's no limit. */
static int limit_option(struct log_cmd *lc, int argc, const char **argv, int *i)
{
	const char *v = argv[*i] + 2;
	char *end;
	long n;

	if (!*v) {
		if (*i + 1 >= argc) {
			cli_error("switch `l' requires a value");
			return 129;
		}
		v = argv[++*i];
	}
	n = strtol(v, &end, 10);
	if (!*v || *end) {
		cli_error("switch `l' expects a numerical value");
		return 129;
	}
	lc->rename_limit = n < 0 ? 0 : n > 0x7fffffff ? 0x7fffffff : (int)n;
	return 0;
}

/* -C -C and --find-copies-harder look at unchanged files too, which the diff cannot yet. */
static int copies_harder(struct log_cmd *lc)
{
	if (lc->kind == LOG_KIND_REV_LIST)
		return 0;	/* shows no diff: git accepts it */
	cli_error("sgit %s does not support --find-copies-harder yet", lc->kind == LOG_KIND_SHOW ? "show" : "log");
	return 129;
}

/* -M[<n>], --find-renames[=<n>], -C[<n>], --find-copies[=<n>], --no-renames, -l<n>, as git reads them. */
static int rename_option(struct log_cmd *lc, int argc, const char **argv, int *i)
{
	const char *a = argv[*i], *v = NULL;

	if (!strncmp(a, "-M", 2) || opt_optarg(a, "--find-renames", &v)) {
		lc->renames = 1;
		lc->copies = 0;
		return score_value(lc, a[1] == 'M' ? (a[2] ? a + 2 : NULL) : v, "find-renames");
	}
	if (!strncmp(a, "-C", 2) || opt_optarg(a, "--find-copies", &v)) {
		if (lc->copies > 0 && lc->renames > 0)
			return copies_harder(lc);
		lc->renames = lc->copies = 1;
		return score_value(lc, a[1] == 'C' ? (a[2] ? a + 2 : NULL) : v, "find-copies");
	}
	if (!strcmp(a, "--find-copies-harder"))
		return copies_harder(lc);
	if (!strncmp(a, "-l", 2))
		return limit_option(lc, argc, argv, i);
	if (strcmp(a, "--no-renames"))
		return LOG_REVS_NOT_MINE;
	lc->renames = 0;
	return 0;
}

int log_cmd_diff_option(struct log_cmd *lc, int argc, const char **argv, int *i)
{
	const char *a = argv[*i];
	size_t k;
	int rc;

	for (k = 0; k < sizeof(format_flags) / sizeof(format_flags[0]); k++)
		if (!strcmp(a, format_flags[k].name))
			return lc->diff_format |= format_flags[k].bits, 0;
	if ((rc = merges_option(lc, a)) != LOG_REVS_NOT_MINE ||
	    (rc = diff_value_option(lc, argc, argv, i)) != LOG_REVS_NOT_MINE ||
	    (rc = rename_option(lc, argc, argv, i)) != LOG_REVS_NOT_MINE)
		return rc;
	if (!strcmp(a, "-s") || !strcmp(a, "--no-patch") || (lc->kind != LOG_KIND_REV_LIST && !strcmp(a, "--quiet")))
		lc->no_patch = 1;
	else if (!strcmp(a, "--full-index"))
		lc->full_index = 1;
	else if (!strcmp(a, "--no-prefix"))
		lc->no_prefix = 1;
	else if (!strcmp(a, "-a") || !strcmp(a, "--text"))
		lc->text = 1;
	else if (!strcmp(a, "--minimal"))
		lc->minimal = 1;
	else if (!strcmp(a, "--full-diff"))
		lc->full_diff = lc->diff_asked = 1;
	else if (!strcmp(a, "-r") || !strcmp(a, "-t"))
		lc->diff_asked = 1;	/* log diffs are recursive already */
	else if (!strcmp(a, "--root"))
		;	/* and show root commits */
	else
		return LOG_REVS_NOT_MINE;
	return 0;
}
