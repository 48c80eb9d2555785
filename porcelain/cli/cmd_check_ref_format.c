/* porcelain/cli/cmd_check_ref_format.c: sgit check-ref-format: is a name a valid ref name */
#include <stdlib.h>
#include <string.h>
#include "porcelain/cli/cli.h"

/* git parses these arguments by hand and prints this usage to stderr, -h included. */
static const char check_ref_format_usage[] =
	"usage: sgit check-ref-format [--normalize] [<options>] <refname>\n"
	"   or: sgit check-ref-format --branch <branchname-shorthand>\n";

static int usage(void)
{
	fputs(check_ref_format_usage, stderr);
	return 129;
}

/* --normalize: leading slashes dropped, runs of slashes made one. */
static int collapse_slashes(struct sgit_buf *out, const char *name)
{
	char prev = '/';
	int rc = 0;

	sgit_buf_reset(out);
	for (; *name && !rc; name++) {
		if (prev == '/' && *name == '/')
			continue;
		rc = sgit_buf_addch(out, *name);
		prev = *name;
	}
	return rc;
}

/* What "@{-N}" needs: the from-side of the Nth-last "checkout: moving from A to B". */
struct prior_checkout {
	size_t seen, want;	/* want: 1-based, oldest first; 0 while counting */
	struct sgit_buf name;
	int found;
};

static int count_checkout(const struct sgit_reflog_entry *e, void *payload)
{
	struct prior_checkout *pc = payload;
	const char *from = e->message, *to;
	static const char prefix[] = "checkout: moving from ";

	if (!from || strncmp(from, prefix, sizeof(prefix) - 1))
		return 0;
	from += sizeof(prefix) - 1;
	if (!(to = strstr(from, " to ")))
		return 0;
	if (++pc->seen != pc->want)
		return 0;
	pc->found = 1;
	return sgit_buf_set(&pc->name, from, (size_t)(to - from)) < 0 ? SGIT_ENOMEM : 1;
}

/*
 * Replace a leading "@{-N}" of name with the branch checked out N switches
 * ago. Leaves out untouched (0) when name has no such prefix or there were
 * not that many switches: the name then fails the format check, as in git.
 */
static int expand_prior_checkout(struct sgit_buf *out, struct sgit_repo *repo, const char *name)
{
	struct prior_checkout pc = { 0, 0, SGIT_BUF_INIT, 0 };
	const char *p = name + 3;
	char *end;
	long n;
	int rc = 0;

	if (strncmp(name, "@{-", 3) || !(*p >= '0' && *p <= '9'))
		return 0;
	n = strtol(p, &end, 10);
	if (*end != '}' || n <= 0 || !repo)
		return 0;
	/* the reflog is read oldest first: count, then take the Nth from the end */
	if (sgit_refdb_reflog_foreach(sgit_repo_refdb(repo), "HEAD", count_checkout, &pc) < 0 ||
	    pc.seen < (size_t)n)
		goto out;
	pc.want = pc.seen - (size_t)n + 1;
	pc.seen = 0;
	if (sgit_refdb_reflog_foreach(sgit_repo_refdb(repo), "HEAD", count_checkout, &pc) < 0 ||
	    !pc.found)
		goto out;
	if (sgit_buf_set(out, pc.name.ptr, pc.name.len) < 0 || sgit_buf_adds(out, end + 1) < 0)
		rc = SGIT_ENOMEM;
out:
	sgit_buf_release(&pc.name);
	return rc;
}

/* --branch: the name as a branch would be named (refs/heads/<name> valid), printed. */
static int check_branch(struct cli_ctx *ctx, const char *arg)
{
	struct sgit_buf name = SGIT_BUF_INIT, full = SGIT_BUF_INIT;
	int rc = 0;

	/* a repository is only needed for "@{-N}", and none is fine */
	ctx->repo_opts.config_parameters = ctx->config_params;
	ctx->repo_opts.nconfig_parameters = ctx->nconfig_params;
	if (sgit_repo_open(&ctx->repo, &ctx->repo_opts, &ctx->err) < 0)
		ctx->repo = NULL;
	if (sgit_buf_sets(&name, arg) < 0 || expand_prior_checkout(&name, ctx->repo, arg) < 0 ||
	    sgit_buf_printf(&full, "refs/heads/%s", name.ptr) < 0) {
		rc = cli_fatal("out of memory");
		goto out;
	}
	if (arg[0] == '-' || !strcmp(name.ptr, "HEAD") || !sgit_refname_is_valid(full.ptr, 0, NULL))
		rc = cli_fatal("'%s' is not a valid branch name", arg);
	else
		printf("%s\n", name.ptr);
out:
	sgit_buf_release(&name);
	sgit_buf_release(&full);
	return rc;
}

int cmd_check_ref_format(int argc, const char **argv, struct cli_ctx *ctx)
{
	struct sgit_buf normalized = SGIT_BUF_INIT;
	unsigned flags = 0;
	int normalize = 0, i, rc;
	const char *name;

	if (argc == 2 && !strcmp(argv[1], "-h"))
		return usage();
	if (argc == 3 && !strcmp(argv[1], "--branch"))
		return check_branch(ctx, argv[2]);
	for (i = 1; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "--normalize") || !strcmp(argv[i], "--print"))
			normalize = 1;
		else if (!strcmp(argv[i], "--allow-onelevel"))
			flags |= SGIT_REFNAME_ALLOW_ONELEVEL;
		else if (!strcmp(argv[i], "--no-allow-onelevel"))
			flags &= ~(unsigned)SGIT_REFNAME_ALLOW_ONELEVEL;
		else if (!strcmp(argv[i], "--refspec-pattern"))
			flags |= SGIT_REFNAME_REFSPEC_PATTERN;
		else
			return usage();
	}
	if (i != argc - 1)
		return usage();
	name = argv[i];
	if (normalize) {
		if (collapse_slashes(&normalized, name) < 0)
			return cli_fatal("out of memory");
		name = normalized.ptr;
	}
	rc = sgit_refname_is_valid(name, flags, NULL) ? 0 : 1;
	if (!rc && normalize)
		printf("%s\n", name);
	sgit_buf_release(&normalized);
	return rc;
}
