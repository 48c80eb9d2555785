/* porcelain/cli/cmd_check_ignore.c: sgit check-ignore: which paths the ignore rules leave out, and why */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "porcelain/cli/cli.h"
#include "porcelain/cli/pathspec_arg.h"
#include "sgit/ignore.h"
#include "util/quote.h"

static const char *const check_ignore_usage[] = {
	"sgit check-ignore [<options>] <pathname>...",
	"sgit check-ignore [<options>] --stdin",
	NULL,
};

struct check_ignore {
	struct cli_ctx *ctx;
	struct sgit_ignore *ign;
	int quiet, verbose, stdin_paths, nul, non_matching, no_index, quote_high;
	size_t ignored;		/* paths a pattern decided (with -v, "!" patterns count too) */
	struct sgit_buf line;	/* output */
};

static void print_warning(const char *msg, void *payload)
{
	(void)payload;
	cli_warning("%s", msg);
}

static int add_quoted(struct check_ignore *ci, const char *s)
{
	return sgit_quote_c_style_add(&ci->line, s, strlen(s), ci->quote_high);
}

/* -z -v: "source NUL line NUL pattern NUL path NUL", the first three empty without a match. */
static int format_nul(struct check_ignore *ci, const char *arg, const struct sgit_ignore_match *m)
{
	struct sgit_buf *l = &ci->line;

	if (!m->verdict)
		return sgit_buf_add(l, "\0\0\0", 3) < 0 || sgit_buf_add(l, arg, strlen(arg) + 1) < 0 ? -1 : 0;
	return sgit_buf_add(l, m->source, strlen(m->source) + 1) < 0 ||
	       sgit_buf_addf(l, "%d", m->line) < 0 || sgit_buf_add(l, "", 1) < 0 ||
	       sgit_buf_add(l, m->pattern, strlen(m->pattern) + 1) < 0 ||
	       sgit_buf_add(l, arg, strlen(arg) + 1) < 0 ? -1 : 0;
}

/* One result as git prints it: the path, or "source:line:pattern<TAB>path" with -v. */
static int format(struct check_ignore *ci, const char *arg, const struct sgit_ignore_match *m)
{
	struct sgit_buf *l = &ci->line;

	sgit_buf_reset(l);
	if (ci->nul && !ci->verbose)
		return sgit_buf_add(l, arg, strlen(arg) + 1);
	if (ci->nul)
		return format_nul(ci, arg, m);
	if (ci->verbose && m->verdict &&
	    (add_quoted(ci, m->source) < 0 || sgit_buf_addf(l, ":%d:%s\t", m->line, m->pattern) < 0))
		return -1;
	if (ci->verbose && !m->verdict && sgit_buf_adds(l, "::\t") < 0)
		return -1;
	return add_quoted(ci, arg) < 0 || sgit_buf_addch(l, '\n') < 0 ? -1 : 0;
}

/* Decide about path (from the top) and print the answer for arg as typed. */
static int check_one(struct check_ignore *ci, const char *arg, const char *path)
{
	struct sgit_buf full = SGIT_BUF_INIT;
	struct sgit_ignore_match m;
	struct stat st;
	int is_dir, rc;

	if (sgit_buf_printf(&full, "%s/%s", sgit_repo_work_tree(ci->ctx->repo), path) < 0) {
		rc = cli_fatal("out of memory");
		goto out;
	}
	is_dir = lstat(full.ptr, &st) == 0 && S_ISDIR(st.st_mode);
	if (sgit_ignore_check(&m, ci->ign, path, is_dir) < 0) {
		rc = cli_fatal_err(cli_err(ci->ctx));
		goto out;
	}
	/* without -v a "!" pattern is the same as no pattern */
	if (!ci->verbose && m.verdict == SGIT_IGNORE_INCLUDED)
		m.verdict = SGIT_IGNORE_NONE;
	rc = 0;
	if (m.verdict)
		ci->ignored++;
	if (ci->quiet || (!m.verdict && !ci->non_matching))
		goto out;
	if (format(ci, arg, &m) < 0)
		rc = cli_fatal("out of memory");
	else
		fwrite(ci->line.ptr, 1, ci->line.len, stdout);
out:
	sgit_buf_release(&full);
	return rc;
}

/* Every path is resolved (or refused) before the first answer: git parses its pathspec first. */
static int check_args(struct check_ignore *ci, int argc, const char **argv)
{
	struct sgit_buf *paths = calloc((size_t)argc + 1, sizeof(*paths));
	int i, rc = 0;

	if (!paths)
		return cli_fatal("out of memory");
	for (i = 0; i < argc; i++)
		sgit_buf_init(&paths[i]);
	for (i = 0; i < argc && !rc; i++)
		if (!*argv[i])
			rc = cli_pathspec_path(&paths[i], ci->ctx, argv[i]);
	for (i = 0; i < argc && !rc; i++)
		rc = cli_pathspec_path(&paths[i], ci->ctx, argv[i]);
	for (i = 0; i < argc && !rc; i++)
		rc = check_one(ci, argv[i], paths[i].ptr);
	for (i = 0; i < argc; i++)
		sgit_buf_release(&paths[i]);
	free(paths);
	return rc;
}

/* --stdin: one path a line (or NUL-terminated with -z), each answered at once. */
static int check_stdin(struct check_ignore *ci)
{
	struct sgit_buf unquoted = SGIT_BUF_INIT, path = SGIT_BUF_INIT;
	char *rec = NULL;
	size_t cap = 0;
	ssize_t len;
	int rc = 0;

	while (!rc && (len = getdelim(&rec, &cap, ci->nul ? '\0' : '\n', stdin)) > 0) {
		const char *arg = rec;

		if (rec[len - 1] == (ci->nul ? '\0' : '\n'))
			rec[--len] = '\0';
		if (!ci->nul && rec[0] == '"') {
			if (sgit_unquote_c_style(&unquoted, rec, (size_t)len, NULL) < 0) {
				rc = cli_fatal("line is badly quoted");
				break;
			}
			arg = unquoted.ptr;
		}
		if (!(rc = cli_pathspec_path(&path, ci->ctx, arg)))
			rc = check_one(ci, arg, path.ptr);
		fflush(stdout);
	}
	free(rec);
	sgit_buf_release(&unquoted);
	sgit_buf_release(&path);
	return rc;
}

/* git's checks, in git's order. */
static int check_options(const struct check_ignore *ci, int argc)
{
	if (ci->stdin_paths && argc > 0)
		return cli_fatal("cannot specify pathnames with --stdin");
	if (!ci->stdin_paths && ci->nul)
		return cli_fatal("-z only makes sense with --stdin");
	if (!ci->stdin_paths && !argc)
		return cli_fatal("no path specified");
	if (ci->quiet && argc > 1)
		return cli_fatal("--quiet is only valid with a single pathname");
	if (ci->quiet && ci->verbose)
		return cli_fatal("cannot have both --quiet and --verbose");
	if (ci->non_matching && !ci->verbose)
		return cli_fatal("--non-matching is only valid with --verbose");
	return 0;
}

int cmd_check_ignore(int argc, const char **argv, struct cli_ctx *ctx)
{
	struct check_ignore ci = { ctx, NULL, 0, 0, 0, 0, 0, 0, 1, 0, SGIT_BUF_INIT };
	const struct cli_option opts[] = {
		CLI_COUNT('q', "quiet", &ci.quiet, "suppress progress reporting"),
		CLI_COUNT('v', "verbose", &ci.verbose, "be verbose"),
		CLI_BOOL(0, "stdin", &ci.stdin_paths, "read file names from stdin"),
		CLI_BOOL('z', NULL, &ci.nul, "terminate input and output records by a NUL character"),
		CLI_BOOL('n', "non-matching", &ci.non_matching, "show non-matching input paths"),
		/* there is no index yet: every path is checked as with --no-index */
		CLI_BOOL(0, "no-index", &ci.no_index,
			 "ignore index when checking (always, for now: sgit has no index yet)"),
		CLI_END,
	};
	int rc;

	argc = cli_parse_options(argc, argv, opts, check_ignore_usage, 0);
	if ((rc = check_options(&ci, argc)) != 0)
		return rc;
	if (sgit_config_get_bool(&ci.quote_high, sgit_repo_config(ctx->repo), "core.quotepath", NULL) < 0)
		ci.quote_high = 1;
	if (sgit_ignore_new_for_repo(&ci.ign, ctx->repo, print_warning, NULL) < 0)
		return cli_fatal_err(cli_err(ctx));
	rc = ci.stdin_paths ? check_stdin(&ci) : check_args(&ci, argc, argv);
	sgit_ignore_free(ci.ign);
	sgit_buf_release(&ci.line);
	return rc ? rc : ci.ignored ? 0 : 1;
}
