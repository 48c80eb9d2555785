/* porcelain/cli/cmd_for_each_ref.c: sgit for-each-ref: list refs in a format, filtered and sorted */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>
#include "porcelain/cli/cli.h"
#include "porcelain/cli/ref_cmd.h"
#include "sgit/ref_format.h"

static const char *const for_each_ref_usage[] = {
	"sgit for-each-ref [<options>] [<pattern>]",
	"sgit for-each-ref [--points-at <object>]",
	"sgit for-each-ref [--merged [<commit>]] [--no-merged [<commit>]]",
	"sgit for-each-ref [--contains [<commit>]] [--no-contains [<commit>]]",
	NULL,
};

struct fer_opts {
	unsigned quote_bits;		/* one bit per quoting option given */
	int count, ignore_case;
	const char *format, *color;
	struct cli_strlist sort, points_at, merged, no_merged, contains, no_contains;
};

/* The commits and objects named on the command line, resolved. */
struct fer_oids {
	struct sgit_oid *ids;
	size_t nr;
};

static int set_quote(const struct cli_option *opt, const char *arg, int unset)
{
	static const char *const names[] = { "shell", "perl", "python", "tcl" };
	unsigned *bits = opt->value;
	unsigned i;

	(void)arg;
	for (i = 0; i < 4; i++) {
		if (strcmp(opt->long_name, names[i]))
			continue;
		if (unset)
			*bits &= ~(1u << i);
		else
			*bits |= 1u << i;
	}
	return 0;
}

static enum sgit_ref_quote quote_style(const struct fer_opts *o, const struct cli_option *opts)
{
	static const enum sgit_ref_quote styles[] = {
		SGIT_REF_QUOTE_SHELL, SGIT_REF_QUOTE_PERL, SGIT_REF_QUOTE_PYTHON, SGIT_REF_QUOTE_TCL,
	};
	unsigned i;

	if (o->quote_bits & (o->quote_bits - 1))
		cli_usage_error(for_each_ref_usage, opts, "more than one quoting style?");
	for (i = 0; i < 4; i++)
		if (o->quote_bits & (1u << i))
			return styles[i];
	return SGIT_REF_QUOTE_NONE;
}

/* --color[=<when>]; without it, color.ui decides with "auto" as its default. */
static int want_color(struct cli_ctx *ctx, const char *when, const struct cli_option *opts)
{
	int b;

	if (!when && sgit_config_get_string(&when, sgit_repo_config(ctx->repo), "color.ui") < 0)
		when = "auto";
	if (!strcasecmp(when, "always"))
		return 1;
	if (!strcasecmp(when, "never"))
		return 0;
	if (!strcasecmp(when, "auto"))
		return isatty(1);
	if (sgit_config_parse_bool(&b, when) == 0)
		return b;
	cli_usage_error(for_each_ref_usage, opts, "option `color' expects \"always\", \"auto\", or \"never\"");
}

/*
 * --points-at and the commit options, as git resolves them: a name that
 * does not resolve is "malformed" (129, or 128 for --merged and
 * --no-merged); a commit option that names no commit is an error (129).
 */
static int resolve_all(struct fer_oids *out, struct cli_ctx *ctx, const struct cli_strlist *names,
		       int want_commit, int fatal_malformed, const char *option)
{
	struct sgit_revparse_env env;
	struct sgit_oid id;
	size_t i;

	cli_refcmd_revparse_env(&env, ctx);
	out->nr = 0;
	if (!names->nr)
		return 0;
	if (!(out->ids = calloc(names->nr, sizeof(*out->ids))))
		return cli_fatal("out of memory");
	for (i = 0; i < names->nr; i++) {
		if (sgit_revparse_single(&id, NULL, &env, names->items[i]) < 0) {
			if (fatal_malformed)
				return cli_fatal("malformed object name %s", names->items[i]);
			cli_error("malformed object name %s", names->items[i]);
			return 129;
		}
		if (want_commit && sgit_revparse_peel(&out->ids[out->nr], &env, &id, SGIT_OBJ_COMMIT) < 0) {
			if (fatal_malformed)
				cli_error("option `%s' must point to a commit", option);
			else
				cli_error("no such commit %s", names->items[i]);
			return 129;
		}
		if (!want_commit)
			out->ids[out->nr] = id;
		out->nr++;
	}
	return 0;
}

static void warn_stderr(const char *message, void *payload)
{
	(void)payload;
	cli_warning("%s", message);
}

/* git takes HEAD for a commit option given last without its value. */
static void default_last_commit(int argc, const char **argv)
{
	static const char *const with_head[][2] = {
		{ "--merged", "--merged=HEAD" }, { "--no-merged", "--no-merged=HEAD" },
		{ "--contains", "--contains=HEAD" }, { "--no-contains", "--no-contains=HEAD" },
	};
	size_t i;

	for (i = 0; argc > 1 && i < sizeof(with_head) / sizeof(with_head[0]); i++)
		if (!strcmp(argv[argc - 1], with_head[i][0]))
			argv[argc - 1] = with_head[i][1];
}

static int list_refs(struct cli_ctx *ctx, struct sgit_ref_format *fmt, struct sgit_ref_filter *filter,
		     int count)
{
	struct sgit_ref_list *list = NULL;
	struct sgit_buf line = SGIT_BUF_INIT;
	size_t i, n;
	int rc = 0;

	if (sgit_ref_list_collect(&list, ctx->repo, filter) < 0 || sgit_ref_list_sort(list, fmt) < 0) {
		rc = cli_fatal_err(cli_err(ctx));
		goto out;
	}
	n = sgit_ref_list_count(list);
	if (count > 0 && (size_t)count < n)
		n = (size_t)count;
	for (i = 0; i < n; i++) {
		if (sgit_ref_format_expand(&line, fmt, list, i) < 0) {
			rc = cli_fatal_err(cli_err(ctx));
			goto out;
		}
		fwrite(line.ptr, 1, line.len, stdout);
		putchar('\n');
	}
out:
	sgit_buf_release(&line);
	sgit_ref_list_free(list);
	return rc;
}

static int setup_filter(struct sgit_ref_filter *f, struct fer_oids oids[5], struct cli_ctx *ctx,
			const struct fer_opts *o)
{
	int rc;

	if ((rc = resolve_all(&oids[0], ctx, &o->points_at, 0, 0, "points-at")) ||
	    (rc = resolve_all(&oids[1], ctx, &o->merged, 1, 1, "merged")) ||
	    (rc = resolve_all(&oids[2], ctx, &o->no_merged, 1, 1, "no-merged")) ||
	    (rc = resolve_all(&oids[3], ctx, &o->contains, 1, 0, "contains")) ||
	    (rc = resolve_all(&oids[4], ctx, &o->no_contains, 1, 0, "no-contains")))
		return rc;
	f->points_at = oids[0].ids;
	f->npoints_at = oids[0].nr;
	f->merged = oids[1].ids;
	f->nmerged = oids[1].nr;
	f->no_merged = oids[2].ids;
	f->nno_merged = oids[2].nr;
	f->contains = oids[3].ids;
	f->ncontains = oids[3].nr;
	f->no_contains = oids[4].ids;
	f->nno_contains = oids[4].nr;
	f->ignore_case = o->ignore_case;
	f->warn = warn_stderr;
	return 0;
}

static int make_format(struct sgit_ref_format **fmt, struct cli_ctx *ctx, const struct fer_opts *o,
		       const struct cli_option *opts)
{
	struct sgit_ref_format_options fo = SGIT_REF_FORMAT_OPTIONS_INIT;
	size_t i;
	int malformed = 0;

	fo.quote = quote_style(o, opts);
	fo.now = (int64_t)time(NULL);
	fo.to_terminal = isatty(1);
	fo.color = want_color(ctx, o->color, opts);
	fo.ignore_case = o->ignore_case;
	if (sgit_ref_format_new(fmt, &malformed, ctx->repo, o->format, &fo) < 0) {
		if (malformed)
			cli_usage_error(for_each_ref_usage, opts, "%s", sgit_error_message(cli_err(ctx)));
		return cli_fatal_err(cli_err(ctx));
	}
	for (i = 0; i < o->sort.nr; i++)
		if (sgit_ref_format_add_sort(*fmt, o->sort.items[i]) < 0)
			return cli_fatal_err(cli_err(ctx));
	return 0;
}

int cmd_for_each_ref(int argc, const char **argv, struct cli_ctx *ctx)
{
	struct fer_opts o = { 0, 0, 0, "%(objectname) %(objecttype)\t%(refname)", NULL,
			      CLI_STRLIST_INIT, CLI_STRLIST_INIT, CLI_STRLIST_INIT, CLI_STRLIST_INIT,
			      CLI_STRLIST_INIT, CLI_STRLIST_INIT };
	const struct cli_option opts[] = {
		{ CLI_OPT_CALLBACK, 's', "shell", &o.quote_bits, NULL, "quote placeholders suitably for shells", CLI_NOARG, 0, set_quote },
		{ CLI_OPT_CALLBACK, 'p', "perl", &o.quote_bits, NULL, "quote placeholders suitably for perl", CLI_NOARG, 0, set_quote },
		{ CLI_OPT_CALLBACK, 0, "python", &o.quote_bits, NULL, "quote placeholders suitably for python", CLI_NOARG, 0, set_quote },
		{ CLI_OPT_CALLBACK, 0, "tcl", &o.quote_bits, NULL, "quote placeholders suitably for Tcl", CLI_NOARG, 0, set_quote },
		CLI_GROUP(""),
		CLI_INT(0, "count", &o.count, "n", "show only <n> matched refs"),
		CLI_STRING(0, "format", &o.format, "format", "format to use for the output"),
		CLI_STRING_OPTARG(0, "color", &o.color, "when", "respect format colors", "always"),
		CLI_STRING_LIST(0, "sort", &o.sort, "key", "field name to sort on"),
		CLI_STRING_LIST(0, "points-at", &o.points_at, "object", "print only refs which points at the given object"),
		CLI_STRING_LIST(0, "merged", &o.merged, "commit", "print only refs that are merged"),
		CLI_STRING_LIST(0, "no-merged", &o.no_merged, "commit", "print only refs that are not merged"),
		CLI_STRING_LIST(0, "contains", &o.contains, "commit", "print only refs which contain the commit"),
		CLI_STRING_LIST(0, "no-contains", &o.no_contains, "commit", "print only refs which don't contain the commit"),
		CLI_BOOL(0, "ignore-case", &o.ignore_case, "sorting and filtering are case insensitive"),
		CLI_END,
	};
	struct sgit_ref_filter filter = SGIT_REF_FILTER_INIT;
	struct sgit_ref_format *fmt = NULL;
	struct fer_oids oids[5] = { { NULL, 0 }, { NULL, 0 }, { NULL, 0 }, { NULL, 0 }, { NULL, 0 } };
	struct cli_strlist *lists[] = { &o.sort, &o.points_at, &o.merged, &o.no_merged, &o.contains,
					&o.no_contains };
	size_t i;
	int rc;

	default_last_commit(argc, argv);
	argc = cli_parse_options(argc, argv, opts, for_each_ref_usage, 0);
	if (o.count < 0)
		cli_usage_error(for_each_ref_usage, opts, "invalid --count argument: `%d'", o.count);
	if ((rc = make_format(&fmt, ctx, &o, opts)) || (rc = setup_filter(&filter, oids, ctx, &o)))
		goto out;
	filter.patterns = argv;
	filter.npatterns = (size_t)argc;
	rc = list_refs(ctx, fmt, &filter, o.count);
out:
	sgit_ref_format_free(fmt);
	for (i = 0; i < 5; i++)
		free(oids[i].ids);
	for (i = 0; i < sizeof(lists) / sizeof(lists[0]); i++)
		cli_strlist_clear(lists[i]);
	return rc;
}
