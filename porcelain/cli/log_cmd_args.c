/* porcelain/cli/log_cmd_args.c: the command line of log, show and rev-list, read in git's order */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "porcelain/cli/log_cmd.h"
#include "porcelain/cli/log_cmd_int.h"
#include "porcelain/cli/pager.h"
#include "util/date.h"

const char log_cmd_rev_list_usage[] =
	"usage: sgit rev-list [<options>] <commit>... [--] [<path>...]\n"
	"\n"
	"  limiting output:\n"
	"    --max-count=<n>\n"
	"    --max-age=<epoch>\n"
	"    --min-age=<epoch>\n"
	"    --sparse\n"
	"    --no-merges\n"
	"    --min-parents=<n>\n"
	"    --no-min-parents\n"
	"    --max-parents=<n>\n"
	"    --no-max-parents\n"
	"    --remove-empty\n"
	"    --all\n"
	"    --branches\n"
	"    --tags\n"
	"    --remotes\n"
	"    --stdin\n"
	"    --exclude-hidden=[receive|uploadpack]\n"
	"    --quiet\n"
	"  ordering output:\n"
	"    --topo-order\n"
	"    --date-order\n"
	"    --reverse\n"
	"  formatting output:\n"
	"    --parents\n"
	"    --children\n"
	"    --objects | --objects-edge\n"
	"    --disk-usage[=human]\n"
	"    --unpacked\n"
	"    --header | --pretty\n"
	"    --[no-]object-names\n"
	"    --abbrev=<n> | --no-abbrev\n"
	"    --abbrev-commit\n"
	"    --left-right\n"
	"    --count\n"
	"  special purpose:\n"
	"    --bisect\n"
	"    --bisect-vars\n"
	"    --bisect-all\n";

const char log_cmd_log_usage[] =
	"usage: sgit log [<options>] [<revision-range>] [[--] <path>...]\n"
	"   or: sgit show [<options>] <object>...\n"
	"\n"
	"    -q, --quiet           suppress diff output\n"
	"    --source              show source\n"
	"    --use-mailmap         use mail map file\n"
	"    --mailmap             alias of --use-mailmap\n"
	"    --clear-decorations   clear all previously-defined decoration filters\n"
	"    --decorate-refs <pattern>\n"
	"                          only decorate refs that match <pattern>\n"
	"    --decorate-refs-exclude <pattern>\n"
	"                          do not decorate refs that match <pattern>\n"
	"    --decorate[=...]      decorate options\n"
	"    -L <range:file>       trace the evolution of line range <start>,<end> or function "
	":<funcname> in <file>\n"
	"\n";

int log_cmd_usage(FILE *f, const char *text)
{
	fflush(stdout);
	fputs(text, f);
	return 129;
}

/*
 * --author and --committer match identities as the mailmap maps them when
 * log uses it (log.mailmap, --use-mailmap), as git 2.39 does. The map is
 * loaded by log_cmd_setup(), after the options are read: hence the look-up
 * through lc at match time.
 */
static int map_ident(void *data, const char **email, size_t *email_len, const char **name,
		     size_t *name_len)
{
	const struct log_cmd *lc = data;

	if (lc->mailmap <= 0 || !lc->mailmap_data)
		return 0;
	return sgit_mailmap_map(lc->mailmap_data, email, email_len, name, name_len);
}

void log_cmd_init(struct log_cmd *lc, struct cli_ctx *ctx, enum log_kind kind)
{
	struct sgit_revwalk_options walk = SGIT_REVWALK_OPTIONS_INIT;
	struct sgit_pretty_options pretty = SGIT_PRETTY_OPTIONS_INIT;
	struct sgit_diff_output_options diff = SGIT_DIFF_OUTPUT_OPTIONS_INIT;
	struct log_revs revs = LOG_REVS_INIT;
	struct cli_strlist empty = CLI_STRLIST_INIT;
	struct sgit_buf buf = SGIT_BUF_INIT;
	struct sgit_changes changes = SGIT_CHANGES_INIT;
	struct sgit_pathspec ps = SGIT_PATHSPEC_INIT;
	struct sgit_gpg_config gpg = SGIT_GPG_CONFIG_INIT;

	memset(lc, 0, sizeof(*lc));
	lc->ctx = ctx;
	lc->kind = kind;
	lc->revs = revs;
	lc->walk = walk;
	lc->walk.map_ident = map_ident;
	lc->walk.map_ident_data = lc;
	lc->authors = lc->committers = lc->greps = empty;
	lc->decorate_refs = lc->decorate_refs_exclude = lc->owned = lc->palette = empty;
	lc->pretty = pretty;
	lc->diff = diff;
	lc->diff.format = 0;
	lc->no_walk = kind == LOG_KIND_SHOW;
	lc->decorate = LOG_DECORATE_AUTO;
	lc->color = CLI_COLOR_UNSET;
	lc->abbrev_commit = -1;
	lc->mailmap = -1;
	lc->expand_tabs = -1;
	lc->show_signature = -1;
	lc->gpg = gpg;
	lc->context = lc->interhunk = lc->stat_width = -1;
	lc->renames = lc->no_prefix = lc->full_index = lc->text = lc->minimal = -1;
	lc->copies = lc->rename_score = lc->rename_limit = -1;
	lc->out = lc->entry = lc->tmp = lc->diffbuf = buf;
	lc->changes = changes;
	lc->ps = ps;
}

void log_cmd_release(struct log_cmd *lc)
{
	size_t i;

	log_revs_release(&lc->revs);
	cli_strlist_clear(&lc->authors);
	cli_strlist_clear(&lc->committers);
	cli_strlist_clear(&lc->greps);
	cli_strlist_clear(&lc->decorate_refs);
	cli_strlist_clear(&lc->decorate_refs_exclude);
	for (i = 0; i < lc->owned.nr; i++)
		free((char *)lc->owned.items[i]);
	cli_strlist_clear(&lc->owned);
	cli_strlist_clear(&lc->palette);
	sgit_revwalk_free(lc->walker);
	sgit_graph_free(lc->graph_state);
	sgit_decorations_free(lc->decorations);
	sgit_mailmap_free(lc->mailmap_data);
	sgit_buf_release(&lc->out);
	sgit_buf_release(&lc->entry);
	sgit_buf_release(&lc->tmp);
	sgit_buf_release(&lc->diffbuf);
	sgit_changes_release(&lc->changes);
	free(lc->parents);
	free(lc->graph_parents);
	sgit_pathspec_release(&lc->ps);
}

int log_cmd_opt_value(const char *name, int argc, const char **argv, int *i, const char **val)
{
	const char *a = argv[*i];
	size_t n = strlen(name);

	*val = NULL;
	if (strncmp(a, "--", 2) || strncmp(a + 2, name, n))
		return 0;
	if (a[2 + n] == '=') {
		*val = a + 3 + n;
		return 1;
	}
	if (a[2 + n])
		return 0;
	if (*i + 1 >= argc) {
		cli_fatal("Option '--%s' requires a value", name);
		return -1;
	}
	*val = argv[++*i];
	return 1;
}

int log_cmd_push_pattern(struct cli_strlist *list, const char *value)
{
	return cli_strlist_push(list, value) < 0 ? cli_fatal("out of memory") : 0;
}

/* ---- --since and friends ---- */

static int parse_when(int64_t *out, struct log_cmd *lc, const char *s)
{
	return log_cmd_approxidate(out, s, (int64_t)time(NULL), cli_err(lc->ctx));
}

static int epoch_value(int64_t *out, const char *s)
{
	*out = strtoll(s, NULL, 10);
	return 0;
}

/* --since/--after, --until/--before, --max-age, --min-age. NOT_MINE when arg is none of them. */
static int date_option(struct log_cmd *lc, int argc, const char **argv, int *i)
{
	static const char *const since[] = { "since", "after", "max-age" };
	static const char *const until[] = { "until", "before", "min-age" };
	const char *v;
	size_t k;
	int r;

	for (k = 0; k < 3; k++) {
		if ((r = log_cmd_opt_value(since[k], argc, argv, i, &v)) < 0)
			return 128;
		if (r) {
			lc->walk.has_since = 1;
			return k == 2 ? epoch_value(&lc->walk.since, v) : parse_when(&lc->walk.since, lc, v);
		}
		if ((r = log_cmd_opt_value(until[k], argc, argv, i, &v)) < 0)
			return 128;
		if (r) {
			lc->walk.has_until = 1;
			return k == 2 ? epoch_value(&lc->walk.until, v) : parse_when(&lc->walk.until, lc, v);
		}
	}
	return LOG_REVS_NOT_MINE;
}

/* -n <n>, -n<n>, -<n>, --max-count, --skip, --min-parents, --max-parents (atoi, as git). */
static int count_option(struct log_cmd *lc, int argc, const char **argv, int *i)
{
	const char *a = argv[*i], *v;
	int r;

	if (!strcmp(a, "-n")) {
		if (*i + 1 >= argc) {
			cli_error("-n requires an argument");
			return 128;
		}
		lc->walk.max_count = atoi(argv[++*i]);
		return 0;
	}
	if (!strncmp(a, "-n", 2) || (a[1] >= '0' && a[1] <= '9')) {
		lc->walk.max_count = atoi(a + (a[1] == 'n' ? 2 : 1));
		return 0;
	}
	if ((r = log_cmd_opt_value("max-count", argc, argv, i, &v)))
		return r < 0 ? 128 : (lc->walk.max_count = atoi(v), 0);
	if ((r = log_cmd_opt_value("skip", argc, argv, i, &v)))
		return r < 0 ? 128 : (lc->walk.skip = atoi(v), 0);
	if (!strncmp(a, "--min-parents=", 14))
		return lc->walk.min_parents = atoi(a + 14), 0;
	if (!strncmp(a, "--max-parents=", 14))
		return lc->walk.max_parents = atoi(a + 14), 0;
	if (!strcmp(a, "--no-min-parents"))
		return lc->walk.min_parents = 0, 0;
	if (!strcmp(a, "--no-max-parents"))
		return lc->walk.max_parents = -1, 0;
	if (!strcmp(a, "--merges"))
		return lc->walk.min_parents = 2, 0;
	if (!strcmp(a, "--no-merges"))
		return lc->walk.max_parents = 1, 0;
	return LOG_REVS_NOT_MINE;
}

/* --author, --committer, --grep and how their patterns are read. */
static int grep_option(struct log_cmd *lc, int argc, const char **argv, int *i)
{
	const char *a = argv[*i], *v;
	int r;

	if ((r = log_cmd_opt_value("author", argc, argv, i, &v)))
		return r < 0 ? 128 : log_cmd_push_pattern(&lc->authors, v);
	if ((r = log_cmd_opt_value("committer", argc, argv, i, &v)))
		return r < 0 ? 128 : log_cmd_push_pattern(&lc->committers, v);
	if ((r = log_cmd_opt_value("grep", argc, argv, i, &v)))
		return r < 0 ? 128 : log_cmd_push_pattern(&lc->greps, v);
	if (!strcmp(a, "-i") || !strcmp(a, "--regexp-ignore-case"))
		lc->walk.ignore_case = 1;
	else if (!strcmp(a, "--all-match"))
		lc->walk.all_match = 1;
	else if (!strcmp(a, "--invert-grep"))
		lc->walk.invert_grep = 1;
	else if (!strcmp(a, "-E") || !strcmp(a, "--extended-regexp"))
		lc->walk.pattern = SGIT_REVWALK_PATTERN_EXTENDED;
	else if (!strcmp(a, "-F") || !strcmp(a, "--fixed-strings"))
		lc->walk.pattern = SGIT_REVWALK_PATTERN_FIXED;
	else if (!strcmp(a, "--basic-regexp"))
		lc->walk.pattern = SGIT_REVWALK_PATTERN_BASIC;
	else
		return LOG_REVS_NOT_MINE;
	return 0;
}

int log_cmd_walk_option(struct log_cmd *lc, int argc, const char **argv, int *i)
{
	const char *a = argv[*i];
	int rc;

	if ((rc = count_option(lc, argc, argv, i)) != LOG_REVS_NOT_MINE ||
	    (rc = date_option(lc, argc, argv, i)) != LOG_REVS_NOT_MINE ||
	    (rc = grep_option(lc, argc, argv, i)) != LOG_REVS_NOT_MINE)
		return rc;
	if (!strcmp(a, "--first-parent"))
		lc->walk.first_parent = 1;
	else if (!strcmp(a, "--topo-order"))
		lc->walk.sort = SGIT_REVWALK_SORT_TOPO;
	else if (!strcmp(a, "--date-order") || !strcmp(a, "--author-date-order"))
		lc->walk.sort = SGIT_REVWALK_SORT_DATE;
	else if (!strcmp(a, "--reverse"))
		lc->walk.reverse ^= 1;
	else if (!strcmp(a, "--full-history"))
		lc->walk.full_history = 1;
	else if (!strcmp(a, "--parents"))
		lc->show_parents = 1;
	else if (!strcmp(a, "--left-right"))
		lc->left_right = 1;
	else if (!strcmp(a, "--boundary"))
		lc->walk.boundary = 1;
	else if (!strcmp(a, "--no-walk") || !strcmp(a, "--no-walk=sorted"))
		lc->no_walk = 1, lc->no_walk_unsorted = 0;
	else if (!strcmp(a, "--no-walk=unsorted"))
		lc->no_walk = lc->no_walk_unsorted = 1;
	else if (!strcmp(a, "--do-walk"))
		lc->no_walk = 0;
	else if (!strcmp(a, "--stdin"))
		lc->read_stdin = 1;
	else if (!strcmp(a, "--dense") || !strcmp(a, "--sparse") || !strcmp(a, "--simplify-merges"))
		;	/* git's default simplification is the only one sgit has */
	else
		return LOG_REVS_NOT_MINE;
	return 0;
}

/* ---- the loop over arguments ---- */

static int unknown_option(struct log_cmd *lc, const char *arg)
{
	if (lc->kind == LOG_KIND_REV_LIST)
		return log_cmd_usage(stderr, log_cmd_rev_list_usage);
	return cli_fatal("unrecognized argument: %s", arg);
}

static int one_option(struct log_cmd *lc, int argc, const char **argv, int *i)
{
	int rc;

	if ((rc = log_revs_pseudo_opt(&lc->revs, lc->ctx, argv[*i])) != LOG_REVS_NOT_MINE ||
	    (rc = log_cmd_walk_option(lc, argc, argv, i)) != LOG_REVS_NOT_MINE ||
	    (rc = log_cmd_format_option(lc, argc, argv, i)) != LOG_REVS_NOT_MINE ||
	    (rc = log_cmd_diff_option(lc, argc, argv, i)) != LOG_REVS_NOT_MINE)
		return rc;
	return unknown_option(lc, argv[*i]);
}

/* --stdin: a revision per line, then after a "--" line, paths. */
static int read_stdin(struct log_cmd *lc)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	int rc = 0, paths = 0;

	while (!rc && (n = getline(&line, &cap, stdin)) > 0) {
		const char *arg = line;

		if (line[n - 1] == '\n')
			line[--n] = '\0';
		if (!n)
			continue;
		if (!paths && !strcmp(line, "--")) {
			paths = 1;
			continue;
		}
		if (paths)
			rc = log_revs_add_paths(&lc->revs, lc->ctx, 1, &arg, 0);
		else if (line[0] == '-')
			rc = cli_fatal("invalid option '%s' in --stdin mode", line);
		else if ((rc = log_revs_add_arg(&lc->revs, lc->ctx, line)) == LOG_REVS_NOT_MINE)
			rc = cli_fatal("bad revision '%s'", line);
	}
	free(line);
	return rc;
}

/*
 * What --graph cannot go with, in git's order of checking. A range walks
 * even under --no-walk (show A..B), so only a walk without one is refused.
 */
static int check_graph(struct log_cmd *lc)
{
	if (!lc->graph)
		return 0;
	if (lc->walk.reverse)
		return cli_fatal("options '--reverse' and '--graph' cannot be used together");
	if (lc->no_walk && !log_revs_has_hidden(&lc->revs))
		return cli_fatal("options '--no-walk' and '--graph' cannot be used together");
	return 0;
}

int log_cmd_parse(struct log_cmd *lc, int argc, const char **argv)
{
	int i, dashdash = argc, end_of_options = 0, rc = 0;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--")) {
			dashdash = i;
			lc->revs.seen_dashdash = 1;
			break;
		}
	}
	for (i = 1; i < dashdash && !rc; i++) {
		const char *a = argv[i];

		if (!end_of_options && !strcmp(a, "--end-of-options")) {
			end_of_options = 1;
			continue;
		}
		if (!end_of_options && a[0] == '-' && a[1]) {
			rc = one_option(lc, dashdash, argv, &i);
			continue;
		}
		rc = log_revs_add_arg(&lc->revs, lc->ctx, a);
		if (rc != LOG_REVS_NOT_MINE)
			continue;
		if (lc->revs.seen_dashdash || a[0] == '^')
			return cli_fatal("bad revision '%s'", a);
		rc = log_revs_add_paths(&lc->revs, lc->ctx, dashdash - i, argv + i, 1);
		break;
	}
	if (!rc && dashdash < argc)
		rc = log_revs_add_paths(&lc->revs, lc->ctx, argc - dashdash - 1, argv + dashdash + 1, 0);
	if (!rc && lc->read_stdin)
		rc = read_stdin(lc);
	return rc ? rc : check_graph(lc);
}
