/* porcelain/cli/cmd_diff.c: sgit diff: changes between the work tree, the index and commits */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "porcelain/cli/cli.h"
#include "porcelain/cli/index_cmd.h"
#include "porcelain/cli/object_name.h"
#include "porcelain/cli/pager.h"
#include "porcelain/cli/pathspec_arg.h"
#include "porcelain/cli/ref_cmd.h"
#include "sgit/diff_output.h"

static const char *const diff_usage[] = {
	"sgit diff [<options>] [<commit>] [--] [<path>...]",
	"sgit diff [<options>] --cached [--merge-base] [<commit>] [--] [<path>...]",
	"sgit diff [<options>] <commit> [<commit>...] <commit> [--] [<path>...]",
	"sgit diff [<options>] <commit>..<commit> [--] [<path>...]",
	NULL,
};

struct diff_cmd {
	struct cli_ctx *ctx;
	struct sgit_diff_output_options out;
	unsigned int format;		/* enum sgit_diff_format bits asked for */
	int no_output;			/* -s, --quiet */
	int cached, exit_code, quiet, no_prefix, full_index;
	const char *src_prefix, *dst_prefix;
	int stat_width, stat_name_width, stat_graph_width, stat_count, interhunk;
	int context;			/* -1: not given */
	int minimal, indent, text;	/* -1: not given */
	int renames;			/* -1: not given */
	int rename_score;		/* -M<n>; -1: not given */
	int copies;			/* -C; -1: not given */
	int rename_limit;		/* -l<n>; -1: not given */
	int color;			/* enum cli_color_when of --color / --no-color */
	int ws_error_highlight;		/* --ws-error-highlight; -1: not given */
	struct sgit_oid trees[2];
	int has_tree[2];		/* 0: the empty tree (an unborn HEAD) */
	int ntrees;
	struct sgit_pathspec ps;
};

/* ---- options ---- */

static int parse_count(int *out, const char *arg, const char *what)
{
	char *end;
	long v = strtol(arg, &end, 10);

	if (!*arg || *end || v < 0 || v > 0xffffff) {
		cli_error("%s expects a numerical value", what);
		return -1;
	}
	*out = (int)v;
	return 0;
}

static int unified_cb(const struct cli_option *opt, const char *arg, int unset)
{
	struct diff_cmd *dc = opt->value;

	(void)unset;
	dc->format |= SGIT_DIFF_FORMAT_PATCH;
	return arg ? parse_count(&dc->context, arg, "-U") : 0;
}

/* --stat[=<width>[,<name-width>[,<count>]]] */
static int stat_cb(const struct cli_option *opt, const char *arg, int unset)
{
	struct diff_cmd *dc = opt->value;
	int *fields[3] = { &dc->stat_width, &dc->stat_name_width, &dc->stat_count };
	char buf[64], *p, *next;
	int i;

	if (unset) {
		dc->format &= ~(unsigned int)SGIT_DIFF_FORMAT_STAT;
		return 0;
	}
	dc->format |= SGIT_DIFF_FORMAT_STAT;
	if (!arg)
		return 0;
	if (strlen(arg) >= sizeof(buf))
		return cli_error("--stat expects a numerical value");
	strcpy(buf, arg);
	for (i = 0, p = buf; p && i < 3; i++, p = next) {
		if ((next = strchr(p, ',')))
			*next++ = '\0';
		if (*p && parse_count(fields[i], p, "--stat") < 0)
			return -1;
	}
	return p ? cli_error("--stat expects a numerical value") : 0;
}

/* --stat-width and friends: the value, and --stat */
static int stat_field(const struct cli_option *opt, const char *arg, int *field, const char *what)
{
	struct diff_cmd *dc = opt->value;

	dc->format |= SGIT_DIFF_FORMAT_STAT;
	return parse_count(field, arg, what);
}

static int stat_width_cb(const struct cli_option *o, const char *a, int u)
{
	(void)u;
	return stat_field(o, a, &((struct diff_cmd *)o->value)->stat_width, "--stat-width");
}
static int stat_name_width_cb(const struct cli_option *o, const char *a, int u)
{
	(void)u;
	return stat_field(o, a, &((struct diff_cmd *)o->value)->stat_name_width, "--stat-name-width");
}
static int stat_graph_width_cb(const struct cli_option *o, const char *a, int u)
{
	(void)u;
	return stat_field(o, a, &((struct diff_cmd *)o->value)->stat_graph_width, "--stat-graph-width");
}
static int stat_count_cb(const struct cli_option *o, const char *a, int u)
{
	(void)u;
	return stat_field(o, a, &((struct diff_cmd *)o->value)->stat_count, "--stat-count");
}

/* The <n> of -M<n> or -C<n>, when given; what names the option in git's message. */
static int rename_score_arg(struct diff_cmd *dc, const char *arg, const char *what)
{
	unsigned int score;

	if (!arg)
		return 0;
	if (sgit_diff_parse_rename_score(&score, arg) < 0)
		return cli_error("invalid argument to %s", what);
	dc->rename_score = (int)score;
	return 0;
}

/* -M[<n>], --find-renames[=<n>] */
static int renames_cb(const struct cli_option *opt, const char *arg, int unset)
{
	struct diff_cmd *dc = opt->value;

	(void)unset;
	dc->renames = 1;
	dc->copies = 0;
	return rename_score_arg(dc, arg, "find-renames");
}

/* -C[<n>], --find-copies[=<n>]; a second one is git's -C -C, which looks at unchanged files */
static int copies_cb(const struct cli_option *opt, const char *arg, int unset)
{
	struct diff_cmd *dc = opt->value;

	(void)unset;
	if (dc->copies > 0 && dc->renames > 0)
		return cli_error("sgit diff does not support --find-copies-harder yet");
	dc->renames = dc->copies = 1;
	return rename_score_arg(dc, arg, "find-copies");
}

/* --color[=<when>], --no-color */
static int color_cb(const struct cli_option *opt, const char *arg, int unset)
{
	struct diff_cmd *dc = opt->value;

	if (unset) {
		dc->color = CLI_COLOR_NEVER;
		return 0;
	}
	if (!arg) {
		dc->color = CLI_COLOR_ALWAYS;
		return 0;
	}
	if (cli_color_parse(&dc->color, arg) < 0)
		return cli_error("option `color' expects \"always\", \"auto\", or \"never\"");
	return 0;
}

/* --ws-error-highlight=<kind>: git names what came before the word it does not know */
static int ws_highlight_cb(const struct cli_option *opt, const char *arg, int unset)
{
	struct diff_cmd *dc = opt->value;
	const char *bad = arg;
	unsigned int bits;

	(void)unset;
	if (sgit_diff_parse_ws_error_highlight(&bits, arg, &bad, NULL) < 0)
		return cli_error("unknown value after ws-error-highlight=%.*s", (int)(bad - arg), arg);
	dc->ws_error_highlight = (int)bits;
	return 0;
}

static int format_cb(const struct cli_option *opt, const char *arg, int unset, unsigned int bit)
{
	struct diff_cmd *dc = opt->value;

	(void)arg;
	if (unset)
		dc->format &= ~bit;
	else
		dc->format |= bit;
	return 0;
}

static int patch_cb(const struct cli_option *o, const char *a, int u)
{
	return format_cb(o, a, u, SGIT_DIFF_FORMAT_PATCH);
}
static int numstat_cb(const struct cli_option *o, const char *a, int u)
{
	return format_cb(o, a, u, SGIT_DIFF_FORMAT_NUMSTAT);
}
static int shortstat_cb(const struct cli_option *o, const char *a, int u)
{
	return format_cb(o, a, u, SGIT_DIFF_FORMAT_SHORTSTAT);
}
static int summary_cb(const struct cli_option *o, const char *a, int u)
{
	return format_cb(o, a, u, SGIT_DIFF_FORMAT_SUMMARY);
}
static int name_only_cb(const struct cli_option *o, const char *a, int u)
{
	return format_cb(o, a, u, SGIT_DIFF_FORMAT_NAME_ONLY);
}
static int name_status_cb(const struct cli_option *o, const char *a, int u)
{
	return format_cb(o, a, u, SGIT_DIFF_FORMAT_NAME_STATUS);
}

/* ---- the terminal ---- */

static int write_stdout(const char *data, size_t len, void *payload)
{
	(void)payload;
	return fwrite(data, 1, len, stdout) == len ? 0 : -1;
}

/* ---- revisions and paths ---- */

static int ambiguous(const char *arg, const char *why)
{
	return cli_fatal("ambiguous argument '%s': %s\n"
			 "Use '--' to separate paths from revisions, like this:\n"
			 "'sgit <command> [<revision>...] -- [<file>...]'", arg, why);
}

/* The tree of rev into the next slot; 1 when rev names nothing, 128 after a message. */
static int add_tree(struct diff_cmd *dc, const char *rev, size_t len)
{
	struct sgit_revparse_env env;
	char *name = strndup(rev, len);
	struct sgit_oid id;
	int rc;

	if (!name)
		return cli_fatal("out of memory");
	cli_refcmd_revparse_env(&env, dc->ctx);
	rc = cli_resolve_object(&id, dc->ctx, len ? name : "HEAD", NULL);
	if (rc < 0)
		rc = 1;
	else if (dc->ntrees == 2)
		rc = cli_fatal("sgit diff does not compare more than two revisions yet");
	else if (sgit_revparse_peel(&dc->trees[dc->ntrees], &env, &id, SGIT_OBJ_TREE) < 0)
		rc = cli_fatal_err(cli_err(dc->ctx));
	else
		dc->has_tree[dc->ntrees++] = 1;
	sgit_error_clear(cli_err(dc->ctx));
	free(name);
	return rc;
}

/* "A..B", "A..", "..B" or one revision. 0, 1 when arg is no revision, or an exit code. */
static int add_rev(struct diff_cmd *dc, const char *arg, int may_be_file)
{
	const char *dots = strstr(arg, "..");
	struct stat st;
	int rc;

	if (dots && dots[2] == '.')
		return cli_fatal("sgit diff does not support 'A...B' yet");
	if (dots && !strcmp(arg, ".."))
		dots = NULL;	/* the parent folder */
	if (dots) {
		int saved = dc->ntrees;

		if ((rc = add_tree(dc, arg, (size_t)(dots - arg))) ||
		    (rc = add_tree(dc, dots + 2, strlen(dots + 2)))) {
			dc->ntrees = saved;
			return rc;
		}
	} else if ((rc = add_tree(dc, arg, strlen(arg)))) {
		return rc;
	}
	if (may_be_file && lstat(arg, &st) == 0)
		return ambiguous(arg, "both revision and filename");
	return 0;
}

static int add_paths(struct diff_cmd *dc, int argc, const char **argv, int check)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	char **items = calloc((size_t)argc + 1, sizeof(*items));
	struct stat st;
	int i, n = 0, rc = 0;

	if (!items)
		return cli_fatal("out of memory");
	for (i = 0; i < argc && !rc; i++) {
		if (check && lstat(argv[i], &st) < 0 && i == 0)
			rc = ambiguous(argv[i], "unknown revision or path not in the working tree.");
		else if (check && lstat(argv[i], &st) < 0)
			rc = cli_fatal("%s: no such path in the working tree.\n"
				       "Use 'sgit <command> -- <path>...' to specify paths that do not "
				       "exist locally.", argv[i]);
		else if (!(rc = cli_pathspec_path(&path, dc->ctx, argv[i])))
			items[n++] = sgit_buf_detach(&path, NULL);
	}
	if (!rc && n && sgit_pathspec_init(&dc->ps, (const char *const *)items, (size_t)n) < 0)
		rc = cli_fatal("out of memory");
	while (n)
		free(items[--n]);
	free(items);
	sgit_buf_release(&path);
	return rc;
}

/* Revisions up to "--" or the first argument that is none; paths after. */
static int parse_args(struct diff_cmd *dc, int argc, const char **argv)
{
	int i, dashdash = -1, rc;

	for (i = 0; i < argc && dashdash < 0; i++)
		if (!strcmp(argv[i], "--"))
			dashdash = i;
	for (i = 0; i < (dashdash < 0 ? argc : dashdash); i++) {
		if ((rc = add_rev(dc, argv[i], dashdash < 0)) == 1 && dashdash >= 0)
			return cli_fatal("bad revision '%s'", argv[i]);
		if (rc == 1)
			return add_paths(dc, argc - i, argv + i, 1);
		if (rc)
			return rc;
	}
	if (dashdash >= 0)
		return add_paths(dc, argc - dashdash - 1, argv + dashdash + 1, 0);
	return 0;
}

/* ---- the comparisons ---- */

/* The index, locked when possible so that refreshed stat data can be written back. */
static int open_index(struct sgit_index **idx, int *locked, struct cli_ctx *ctx)
{
	int rc = sgit_index_open_locked(idx, ctx->repo);

	*locked = rc == 0;
	/* somebody else's lock, a read-only repository: read without writing back */
	if (rc < 0 && rc != SGIT_ECORRUPT && rc != SGIT_ENOMEM) {
		sgit_error_clear(cli_err(ctx));
		rc = sgit_index_open(idx, ctx->repo);
	}
	return rc < 0 ? cli_index_fail(ctx, rc) : 0;
}

static int head_tree(struct diff_cmd *dc)
{
	int rc = add_tree(dc, "HEAD", 4);

	if (rc == 1) {		/* an unborn branch: everything is new */
		dc->has_tree[0] = 0;
		dc->ntrees = 1;
		rc = 0;
	}
	return rc;
}

static int collect_worktree(struct sgit_changes *list, struct diff_cmd *dc)
{
	struct sgit_index *idx = NULL;
	struct sgit_repo *repo = dc->ctx->repo;
	const struct sgit_pathspec *ps = dc->ps.nr ? &dc->ps : NULL;
	int rc, locked = 0, refreshed = 0;

	if (!sgit_repo_work_tree(repo))
		return cli_fatal("this operation must be run in a work tree");
	if ((rc = open_index(&idx, &locked, dc->ctx)))
		return rc;
	if (dc->ntrees)
		rc = sgit_diff_tree_worktree(list, repo, dc->has_tree[0] ? &dc->trees[0] : NULL,
					     idx, ps);
	else
		rc = sgit_diff_index_worktree(list, &refreshed, idx, repo, ps,
					      locked ? SGIT_CHANGES_REFRESH : 0,
					      !(dc->out.format & SGIT_DIFF_FORMAT_PATCH));
	if (rc >= 0)
		rc = sgit_diff_settle_worktree(list, NULL, repo);
	/* refreshed stat data only spares the next command some work: failing is fine */
	if (rc >= 0 && locked && refreshed && sgit_index_write_locked(idx) < 0)
		sgit_error_clear(sgit_repo_error(repo));
	sgit_index_free(idx);
	dc->out.new_from_worktree = 1;
	return rc < 0 ? cli_fatal_err(cli_err(dc->ctx)) : 0;
}

static int collect_cached(struct sgit_changes *list, struct diff_cmd *dc)
{
	struct sgit_index *idx = NULL;
	int rc;

	if (!dc->ntrees && (rc = head_tree(dc)))
		return rc;
	if ((rc = cli_index_open(&idx, dc->ctx, 0)))
		return rc;
	rc = sgit_changes_tree_index(list, dc->ctx->repo, dc->has_tree[0] ? &dc->trees[0] : NULL,
				     idx, dc->ps.nr ? &dc->ps : NULL);
	sgit_index_free(idx);
	return rc < 0 ? cli_fatal_err(cli_err(dc->ctx)) : 0;
}

static int collect(struct sgit_changes *list, struct diff_cmd *dc)
{
	if (dc->ntrees == 2) {
		if (sgit_changes_tree_tree(list, dc->ctx->repo, &dc->trees[0], &dc->trees[1],
					   dc->ps.nr ? &dc->ps : NULL) < 0)
			return cli_fatal_err(cli_err(dc->ctx));
		return 0;
	}
	if (dc->cached)
		return collect_cached(list, dc);
	return collect_worktree(list, dc);
}

/* ---- output ---- */

static int setup_output(struct diff_cmd *dc)
{
	struct sgit_diff_output_options *o = &dc->out;

	if (sgit_diff_output_config(o, dc->ctx->repo) < 0)
		return cli_fatal_err(cli_err(dc->ctx));
	o->format = dc->format ? dc->format : SGIT_DIFF_FORMAT_PATCH;
	if (dc->no_output || dc->quiet)
		o->format = 0;
	if (dc->context >= 0)
		o->context = (unsigned int)dc->context;
	if (dc->interhunk >= 0)
		o->interhunk = (unsigned int)dc->interhunk;
	if (dc->no_prefix)
		o->src_prefix = o->dst_prefix = "";
	if (dc->src_prefix)
		o->src_prefix = dc->src_prefix;
	if (dc->dst_prefix)
		o->dst_prefix = dc->dst_prefix;
	if (dc->minimal >= 0)
		o->minimal = dc->minimal;
	if (dc->indent >= 0)
		o->indent_heuristic = dc->indent;
	if (dc->text >= 0)
		o->text = dc->text;
	if (dc->renames >= 0)
		o->renames = dc->renames;
	if (dc->copies >= 0)
		o->copies = dc->copies;
	if (dc->rename_score >= 0)
		o->rename_score = (unsigned int)dc->rename_score;
	if (dc->rename_limit >= 0)
		o->rename_limit = dc->rename_limit;
	o->color = cli_color_want(dc->ctx, dc->color, "color.diff");
	if (dc->ws_error_highlight >= 0)
		o->ws_error_highlight = (unsigned int)dc->ws_error_highlight;
	if (dc->full_index)
		o->abbrev = SGIT_OID_HEXSZ;
	/* an explicit 0 is git's fixed 80 columns (the library's default); unset is the terminal's */
	o->stat_width = dc->stat_width >= 0 ? (unsigned int)dc->stat_width : cli_term_columns();
	o->stat_name_width = (unsigned int)dc->stat_name_width;
	o->stat_graph_width = (unsigned int)dc->stat_graph_width;
	o->stat_count = (unsigned int)dc->stat_count;
	return 0;
}

/*
 * git shows an unmerged path of the work tree as a combined diff ("diff
 * --cc"), first, and leaves it out of everything else; sgit has no
 * combined diff yet and names the path instead.
 */
static void show_unmerged_first(struct sgit_changes *list, struct diff_cmd *dc)
{
	size_t i, kept = 0;

	if (dc->ntrees || dc->cached || !(dc->out.format & SGIT_DIFF_FORMAT_PATCH))
		return;
	for (i = 0; i < list->nr; i++) {
		if (list->items[i].status != SGIT_CHANGE_UNMERGED) {
			list->items[kept++] = list->items[i];
			continue;
		}
		printf("* Unmerged path %s\n", list->items[i].path);
		free(list->items[i].path);
	}
	list->nr = kept;
}

static int run(struct diff_cmd *dc)
{
	struct sgit_changes list = SGIT_CHANGES_INIT;
	int rc, unmerged = 0;
	size_t i, needed = 0;

	if ((rc = setup_output(dc)) || (rc = collect(&list, dc)))
		goto out;
	dc->out.needed_rename_limit = &needed;
	for (i = 0; i < list.nr; i++)
		unmerged |= list.items[i].status == SGIT_CHANGE_UNMERGED;
	show_unmerged_first(&list, dc);
	if (sgit_diff_output(dc->ctx->repo, &list, &dc->out, write_stdout, NULL) != 0) {
		rc = ferror(stdout) ? cli_fatal("unable to write to standard output")
				    : cli_fatal_err(cli_err(dc->ctx));
		goto out;
	}
	if (needed) {
		cli_warning("exhaustive rename detection was skipped due to too many files.");
		cli_warning("you may want to set your diff.renameLimit variable to at least %zu and "
			    "retry the command.", needed);
	}
	rc = (dc->exit_code || dc->quiet) && (list.nr || unmerged) ? 1 : 0;
out:
	sgit_changes_release(&list);
	return rc;
}

int cmd_diff(int argc, const char **argv, struct cli_ctx *ctx)
{
	struct diff_cmd dc = { .ctx = ctx, .out = SGIT_DIFF_OUTPUT_OPTIONS_INIT, .context = -1,
			       .interhunk = -1, .stat_width = -1, .minimal = -1, .indent = -1,
			       .text = -1, .renames = -1, .rename_score = -1, .rename_limit = -1,
			       .copies = -1, .color = CLI_COLOR_UNSET, .ws_error_highlight = -1,
			       .ps = SGIT_PATHSPEC_INIT };
	int rc;
	const struct cli_option opts[] = {
		CLI_GROUP("Diff output format options"),
		CLI_CALLBACK('p', "patch", &dc, NULL, "generate patch", CLI_NOARG, patch_cb),
		CLI_CALLBACK('u', NULL, &dc, NULL, "generate patch", CLI_NOARG, patch_cb),
		CLI_SET_INT('s', "no-patch", &dc.no_output, "suppress diff output", 1),
		CLI_CALLBACK('U', "unified", &dc, "n", "generate diffs with <n> lines context",
			     CLI_OPTARG | CLI_NONEG, unified_cb),
		CLI_CALLBACK(0, "stat", &dc, "width[,name-width[,count]]",
			     "generate diffstat", CLI_OPTARG, stat_cb),
		CLI_CALLBACK(0, "stat-width", &dc, "width", "generate diffstat with a given width",
			     CLI_NONEG, stat_width_cb),
		CLI_CALLBACK(0, "stat-name-width", &dc, "width",
			     "generate diffstat with a given name width", CLI_NONEG, stat_name_width_cb),
		CLI_CALLBACK(0, "stat-graph-width", &dc, "width",
			     "generate diffstat with a given graph width", CLI_NONEG, stat_graph_width_cb),
		CLI_CALLBACK(0, "stat-count", &dc, "count", "generate diffstat with limited lines",
			     CLI_NONEG, stat_count_cb),
		CLI_CALLBACK(0, "numstat", &dc, NULL, "machine friendly --stat", CLI_NOARG, numstat_cb),
		CLI_CALLBACK(0, "shortstat", &dc, NULL, "output only the last line of --stat",
			     CLI_NOARG, shortstat_cb),
		CLI_CALLBACK(0, "summary", &dc, NULL,
			     "condensed summary such as creations, renames and mode changes",
			     CLI_NOARG, summary_cb),
		CLI_CALLBACK(0, "name-only", &dc, NULL, "show only names of changed files",
			     CLI_NOARG | CLI_NONEG, name_only_cb),
		CLI_CALLBACK(0, "name-status", &dc, NULL, "show only names and status of changed files",
			     CLI_NOARG | CLI_NONEG, name_status_cb),
		CLI_BOOL(0, "full-index", &dc.full_index, "show full pre- and post-image object names"),
		CLI_BOOL(0, "no-prefix", &dc.no_prefix, "do not show any source or destination prefix"),
		CLI_STRING(0, "src-prefix", &dc.src_prefix, "prefix", "show the given source prefix"),
		CLI_STRING(0, "dst-prefix", &dc.dst_prefix, "prefix", "show the given destination prefix"),
		CLI_INT(0, "inter-hunk-context", &dc.interhunk, "n",
			"show context between diff hunks up to the specified number of lines"),
		CLI_CALLBACK(0, "color", &dc, "when", "show colored diff", CLI_OPTARG, color_cb),
		CLI_CALLBACK(0, "ws-error-highlight", &dc, "kind",
			     "highlight whitespace errors in the 'context', 'old' or 'new' lines in the diff",
			     CLI_NONEG, ws_highlight_cb),
		CLI_GROUP("Diff rename options"),
		CLI_CALLBACK('M', "find-renames", &dc, "n", "detect renames",
			     CLI_OPTARG | CLI_NONEG, renames_cb),
		CLI_CALLBACK('C', "find-copies", &dc, "n", "detect copies",
			     CLI_OPTARG | CLI_NONEG, copies_cb),
		CLI_SET_INT(0, "no-renames", &dc.renames, "do not detect renames", 0),
		CLI_INT('l', NULL, &dc.rename_limit, "n",
			"prevent rename/copy detection if the number of rename/copy targets "
			"exceeds given limit"),
		CLI_GROUP("Diff algorithm options"),
		CLI_BOOL(0, "minimal", &dc.minimal, "produce the smallest possible diff"),
		CLI_BOOL(0, "indent-heuristic", &dc.indent,
			 "heuristic to shift diff hunk boundaries for easy reading"),
		CLI_BOOL('a', "text", &dc.text, "treat all files as text"),
		CLI_GROUP("Other diff options"),
		CLI_BOOL(0, "cached", &dc.cached, "compare the index with a commit"),
		CLI_BOOL(0, "staged", &dc.cached, "same as --cached"),
		CLI_BOOL(0, "exit-code", &dc.exit_code, "exit with 1 if there were differences"),
		CLI_BOOL(0, "quiet", &dc.quiet, "disable all output of the program"),
		CLI_END,
	};

	argc = cli_parse_options(argc, argv, opts, diff_usage, CLI_PARSE_KEEP_DASHDASH);
	if ((rc = parse_args(&dc, argc, argv)) == 0)
		rc = run(&dc);
	sgit_pathspec_release(&dc.ps);
	return rc;
}
