/* porcelain/cli/cmd_mv.c: sgit mv: move or rename a file, a symlink or a folder */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "porcelain/cli/cli.h"
#include "porcelain/cli/index_cmd.h"
#include "porcelain/cli/worktree_cmd.h"
#include "sgit/worktree_ops.h"

static const char *const mv_usage[] = {
	"sgit mv [<options>] <source>... <destination>",
	NULL,
};

struct mv_cmd {
	int verbose, dry_run, force, skip_errors;
};

/*
 * Append the components of path to out ('/'-joined), resolving "." and
 * "..": -1 when ".." climbs above the top.
 */
static int add_components(struct sgit_buf *out, const char *path)
{
	const char *p = path, *end;

	for (; *p; p = *end ? end + 1 : end) {
		size_t n;

		end = strchrnul(p, '/');
		n = (size_t)(end - p);
		if (n == 0 || (n == 1 && *p == '.'))
			continue;
		if (n == 2 && p[0] == '.' && p[1] == '.') {
			char *cut;

			if (!out->len)
				return -1;
			cut = strrchr(out->ptr, '/');
			sgit_buf_truncate(out, cut ? (size_t)(cut - out->ptr) : 0);
			continue;
		}
		if ((out->len && sgit_buf_addch(out, '/') < 0) || sgit_buf_add(out, p, n) < 0)
			return -2;
	}
	return 0;
}

/* arg as a path from the top, as git's prefix_path gives it; 128 after git's message. */
static int resolve(struct sgit_buf *out, struct cli_ctx *ctx, const char *arg, int keep_slash)
{
	const char *wt = sgit_repo_work_tree(ctx->repo);
	size_t wtlen = strlen(wt), arglen = strlen(arg);
	const char *rel = arg;
	int rc;

	sgit_buf_reset(out);
	if (arg[0] == '/') {
		if (strncmp(arg, wt, wtlen) || (arg[wtlen] && arg[wtlen] != '/'))
			return cli_fatal("'%s' is outside repository at '%s'", arg, wt);
		rel = arg + wtlen;
		rc = add_components(out, rel);
	} else if ((rc = add_components(out, sgit_repo_prefix(ctx->repo))) == 0) {
		rc = add_components(out, rel);
	}
	if (rc == -1)
		return cli_fatal("'%s' is outside repository at '%s'", arg, wt);
	if (rc < 0 || (keep_slash && out->len && arglen && arg[arglen - 1] == '/' &&
		       sgit_buf_addch(out, '/') < 0))
		return cli_fatal("out of memory");
	return 0;
}

static int is_dir(struct cli_ctx *ctx, const char *path)
{
	struct sgit_buf full = SGIT_BUF_INIT;
	struct stat st;
	int dir;

	if (sgit_buf_printf(&full, "%s/%s", sgit_repo_work_tree(ctx->repo), path) < 0)
		return 0;
	dir = lstat(full.ptr, &st) == 0 && S_ISDIR(st.st_mode);
	sgit_buf_release(&full);
	return dir;
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

/* Sources and destinations from the top, as git decides the destinations; 0 or an exit code. */
static int plan(struct sgit_buf *srcs, struct sgit_buf *dsts, struct cli_ctx *ctx, const char **argv,
		int n)
{
	struct sgit_buf dest = SGIT_BUF_INIT;
	struct stat st;
	int keep_slash = !(n == 1 && stat(argv[0], &st) == 0 && S_ISDIR(st.st_mode) &&
			   !(stat(argv[1], &st) == 0 && S_ISDIR(st.st_mode)));
	int i, rc, into;

	if ((rc = resolve(&dest, ctx, argv[n], keep_slash)) != 0)
		goto out;
	for (i = 0; i < n && !rc; i++)
		rc = resolve(&srcs[i], ctx, argv[i], 0);
	if (rc)
		goto out;
	into = !dest.len || is_dir(ctx, dest.ptr);
	if (!into && n != 1) {
		rc = cli_fatal("destination '%s' is not a directory", dest.ptr);
		goto out;
	}
	for (i = 0; i < n; i++) {
		if (!into)
			rc = sgit_buf_set(&dsts[i], dest.ptr, dest.len);
		else if (!dest.len)
			rc = sgit_buf_sets(&dsts[i], base_name(srcs[i].ptr));
		else
			rc = sgit_buf_printf(&dsts[i], "%s%s%s", dest.ptr,
					     dest.ptr[dest.len - 1] == '/' ? "" : "/", base_name(srcs[i].ptr));
		if (rc < 0) {
			rc = cli_fatal("out of memory");
			goto out;
		}
	}
out:
	sgit_buf_release(&dest);
	return rc;
}

static void print_event(enum sgit_worktree_event ev, const char *src, const char *dst, void *payload)
{
	const struct mv_cmd *o = payload;

	if (ev == SGIT_WORKTREE_CHECK)
		printf("Checking rename of '%s' to '%s'\n", src, dst);
	else if (ev == SGIT_WORKTREE_RENAME && (o->verbose || o->dry_run))
		printf("Renaming %s to %s\n", src, dst);
}

static void print_overwriting(const char *dst, void *payload)
{
	const struct mv_cmd *o = payload;

	if (o->verbose)
		cli_warning("overwriting '%s'", dst);
}

static int run_mv(struct cli_ctx *ctx, struct mv_cmd *o, struct sgit_buf *srcs, struct sgit_buf *dsts,
		  int n)
{
	struct sgit_mv_options mo = SGIT_MV_OPTIONS_INIT;
	const char **s = calloc((size_t)n, sizeof(*s)), **d = calloc((size_t)n, sizeof(*d));
	struct sgit_index *idx = NULL;
	int i, rc;

	if (!s || !d) {
		rc = cli_fatal("out of memory");
		goto out;
	}
	for (i = 0; i < n; i++) {
		s[i] = srcs[i].ptr;
		d[i] = dsts[i].ptr;
	}
	if ((rc = cli_index_open(&idx, ctx, 1)) != 0)
		goto out;
	mo.force = o->force;
	mo.skip_errors = o->skip_errors;
	mo.dry_run = o->dry_run;
	mo.notify = print_event;
	mo.overwriting = print_overwriting;
	mo.payload = o;
	if (sgit_worktree_mv(idx, ctx->repo, s, d, (size_t)n, &mo) < 0)
		rc = cli_fatal_err(cli_err(ctx));
	else if (!o->dry_run)
		rc = cli_worktree_write_index(ctx, idx);
out:
	sgit_index_free(idx);
	free(s);
	free(d);
	return rc;
}

int cmd_mv(int argc, const char **argv, struct cli_ctx *ctx)
{
	struct mv_cmd o = { 0, 0, 0, 0 };
	const struct cli_option opts[] = {
		CLI_BOOL('v', "verbose", &o.verbose, "be verbose"),
		CLI_BOOL('n', "dry-run", &o.dry_run, "dry run"),
		CLI_BOOL('f', "force", &o.force, "force move/rename even if target exists"),
		CLI_BOOL('k', NULL, &o.skip_errors, "skip move/rename errors"),
		CLI_END,
	};
	struct sgit_buf *srcs = NULL, *dsts = NULL;
	int i, n, rc;

	argc = cli_parse_options(argc, argv, opts, mv_usage, 0);
	if (argc < 2)
		cli_usage_with_options(mv_usage, opts, 1);
	n = argc - 1;
	srcs = calloc((size_t)n, sizeof(*srcs));
	dsts = calloc((size_t)n, sizeof(*dsts));
	if (!srcs || !dsts) {
		rc = cli_fatal("out of memory");
		goto out;
	}
	for (i = 0; i < n; i++) {
		sgit_buf_init(&srcs[i]);
		sgit_buf_init(&dsts[i]);
	}
	if ((rc = plan(srcs, dsts, ctx, argv, n)) == 0)
		rc = run_mv(ctx, &o, srcs, dsts, n);
out:
	for (i = 0; srcs && dsts && i < n; i++) {
		sgit_buf_release(&srcs[i]);
		sgit_buf_release(&dsts[i]);
	}
	free(srcs);
	free(dsts);
	return rc;
}
