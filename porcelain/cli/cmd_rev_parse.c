/* porcelain/cli/cmd_rev_parse.c: sgit rev-parse: revisions to ids, and facts about the repository */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "porcelain/cli/cli.h"
#include "porcelain/cli/object_name.h"
#include "porcelain/cli/ref_cmd.h"
#include "util/fs.h"

/* How a resolved revision is printed; set by options as they come, as git reads them in order. */
struct rev_parse_state {
	struct cli_ctx *ctx;
	int verify, quiet, show_short, abbrev, symbolic, symbolic_full, abbrev_ref, flip;
	int seen_file;		/* after the first path, every argument must be a path */
	int printed_rev;
	const char *def;	/* --default */
	/* --verify prints only at the end, and only when there was exactly one revision */
	const char *verified_arg;
	struct sgit_oid verified;
	int verified_negate;
};

static void print_id(struct rev_parse_state *st, const struct sgit_oid *id, int negate)
{
	char hex[SGIT_OID_HEXSZ + 1];

	/* the default length needs the object count: only worth finding when asked for */
	if (st->show_short && !st->abbrev)
		st->abbrev = (int)sgit_repo_abbrev_len(st->ctx->repo);
	if (st->show_short)
		sgit_odb_shortest_unique(hex, sgit_repo_odb(st->ctx->repo), id, (size_t)st->abbrev);
	else
		sgit_oid_tohex(hex, id);
	printf("%s%s\n", negate != st->flip ? "^" : "", hex);
}

/* --symbolic-full-name / --abbrev-ref: the ref the whole argument names, or nothing. */
static void print_ref_name(struct rev_parse_state *st, const char *arg, int negate)
{
	struct sgit_refdb *db = sgit_repo_refdb(st->ctx->repo);
	struct sgit_buf full = SGIT_BUF_INIT, shorter = SGIT_BUF_INIT;
	struct sgit_oid id;
	int count = 0;

	if (sgit_dwim_ref(&id, &full, &count, db, arg, strlen(arg)) == 0) {
		/* resolving already warned; git then refuses to pick a name */
		if (count > 1) {
			cli_error("refname '%s' is ambiguous", arg);
			goto out;
		}
		if (st->abbrev_ref && strcmp(full.ptr, "HEAD") &&
		    sgit_ref_shorten_strict(&shorter, db, full.ptr) == 0)
			sgit_buf_swap(&full, &shorter);
		printf("%s%s\n", negate != st->flip ? "^" : "", full.ptr);
	}
out:
	sgit_buf_release(&full);
	sgit_buf_release(&shorter);
}

static void print_rev(struct rev_parse_state *st, const char *arg, const struct sgit_oid *id,
		      int negate);

static void show_rev(struct rev_parse_state *st, const char *arg, const struct sgit_oid *id, int negate)
{
	if (st->verify && !st->printed_rev++) {
		st->verified_arg = arg;
		st->verified = *id;
		st->verified_negate = negate;
		return;
	}
	if (st->verify)
		return;
	st->printed_rev++;
	print_rev(st, arg, id, negate);
}

static void print_rev(struct rev_parse_state *st, const char *arg, const struct sgit_oid *id, int negate)
{
	if (st->symbolic_full || st->abbrev_ref)
		print_ref_name(st, arg, negate);
	else if (st->symbolic)
		printf("%s%s\n", negate != st->flip ? "^" : "", arg);
	else
		print_id(st, id, negate);
}

static int resolve(struct sgit_oid *id, struct rev_parse_state *st, const char *spec)
{
	struct sgit_revparse_env env;

	cli_refcmd_revparse_env(&env, st->ctx);
	env.quiet = st->quiet;
	return sgit_revparse_single(id, NULL, &env, spec);
}

/* "A..B" (either side may be empty: HEAD) prints B then ^A. 1 when arg was a range. */
static int try_range(struct rev_parse_state *st, const char *arg)
{
	const char *dots = strstr(arg, "..");
	struct sgit_buf left = SGIT_BUF_INIT;
	struct sgit_oid a, b;
	const char *right;
	int ok;

	if (!dots || dots[2] == '.')
		return 0;
	right = dots[2] ? dots + 2 : "HEAD";
	sgit_buf_set(&left, arg, (size_t)(dots - arg));
	ok = resolve(&a, st, left.len ? left.ptr : "HEAD") == 0 && resolve(&b, st, right) == 0;
	if (ok) {
		show_rev(st, right, &b, 0);
		show_rev(st, left.len ? left.ptr : "HEAD", &a, 1);
	}
	sgit_buf_release(&left);
	return ok;
}

/* The parents of base: "base^1", "base^2"... as long as they exist. */
static void show_now(struct rev_parse_state *st, const char *arg, const struct sgit_oid *id, int negate)
{
	/* git prints these at once even under --verify, where they then count as too many */
	st->printed_rev += st->verify ? 2 : 1;
	print_rev(st, arg, id, negate);
}

static int show_parents(struct rev_parse_state *st, const char *base, int negate)
{
	struct sgit_buf spec = SGIT_BUF_INIT;
	struct sgit_oid id;
	int n;

	for (n = 1;; n++) {
		sgit_buf_printf(&spec, "%s^%d", base, n);
		if (resolve(&id, st, spec.ptr) < 0)
			break;
		show_now(st, spec.ptr, &id, negate);
	}
	sgit_buf_release(&spec);
	return n - 1;
}

/* The parent shorthands "X^@" (X's parents), "X^!" (X but not its parents), "X^-N" (X but not X^N). */
static int try_parent_shorthand(struct rev_parse_state *st, const char *arg)
{
	const char *caret = strrchr(arg, '^');
	struct sgit_buf base = SGIT_BUF_INIT, spec = SGIT_BUF_INIT;
	struct sgit_oid id, parent;
	int done = 0;

	if (!caret || caret == arg || !strchr("@!-", caret[1]) ||
	    (caret[1] != '-' && caret[2]) || (caret[1] == '-' && caret[2] && strspn(caret + 2, "0123456789") != strlen(caret + 2)))
		return 0;
	sgit_buf_set(&base, arg, (size_t)(caret - arg));
	if (resolve(&id, st, base.ptr) < 0)
		goto out;
	if (caret[1] == '@') {
		show_parents(st, base.ptr, 0);
		done = 1;
	} else if (caret[1] == '!') {
		show_now(st, base.ptr, &id, 0);
		show_parents(st, base.ptr, 1);
		done = 1;
	} else {
		sgit_buf_printf(&spec, "%s^%s", base.ptr, caret[2] ? caret + 2 : "1");
		if (resolve(&parent, st, spec.ptr) == 0) {
			show_now(st, base.ptr, &id, 0);
			show_now(st, spec.ptr, &parent, 1);
			done = 1;
		}
	}
out:
	sgit_buf_release(&base);
	sgit_buf_release(&spec);
	return done;
}

/* A path named after the revisions: it must exist in the work tree. */
static int show_path(struct rev_parse_state *st, const char *arg, int after_dashdash)
{
	if (!st->verify)
		printf("%s\n", arg);
	if (after_dashdash || sgit_fs_exists(arg))
		return 0;
	if (st->seen_file)
		return cli_fatal("%s: no such path in the working tree.\n"
				 "Use 'sgit <command> -- <path>...' to specify paths that do not exist locally.", arg);
	return cli_fatal("ambiguous argument '%s': unknown revision or path not in the working tree.\n"
			 "Use '--' to separate paths from revisions, like this:\n"
			 "'sgit <command> [<revision>...] -- [<file>...]'", arg);
}

static int show_arg(struct rev_parse_state *st, const char *arg)
{
	struct sgit_oid id;
	int negate = arg[0] == '^' && arg[1];

	if (!st->seen_file) {
		if (try_range(st, arg) || try_parent_shorthand(st, arg))
			return 0;
		if (resolve(&id, st, arg + negate) == 0) {
			show_rev(st, arg + negate, &id, negate);
			return 0;
		}
		if (st->verify)
			return -1;
	}
	st->seen_file = 1;
	return show_path(st, arg, 0);
}

/* Options that print something about the repository; 1 when arg was one of them. */
static int show_location(struct rev_parse_state *st, const char *arg)
{
	struct sgit_repo *repo = st->ctx->repo;
	const char *top = sgit_repo_work_tree(repo), *prefix = sgit_repo_prefix(repo);
	const char *git_dir = sgit_repo_git_dir(repo);

	if (!strcmp(arg, "--git-dir") || !strcmp(arg, "--git-common-dir")) {
		const char *dir = arg[6] == 'd' ? git_dir : sgit_repo_common_dir(repo);
		char cwd[4096];
		size_t n;

		if (!getcwd(cwd, sizeof(cwd)))
			cwd[0] = '\0';
		n = strlen(cwd);
		if (!strcmp(dir, cwd))
			printf(".\n");
		else if (!strncmp(dir, cwd, n) && dir[n] == '/' && top && !*prefix)
			printf("%s\n", dir + n + 1);
		else
			printf("%s\n", dir);
	} else if (!strcmp(arg, "--absolute-git-dir")) {
		printf("%s\n", git_dir);
	} else if (!strcmp(arg, "--show-toplevel")) {
		if (!top)
			exit(cli_fatal("this operation must be run in a work tree"));
		printf("%s\n", top);
	} else if (!strcmp(arg, "--show-prefix")) {
		if (top && sgit_repo_inside_work_tree(repo))
			printf("%s\n", prefix);
		else
			printf("\n");
	} else if (!strcmp(arg, "--show-cdup")) {
		const char *p;

		for (p = prefix; top && *p; p++)
			if (*p == '/')
				printf("../");
		printf("\n");
	} else if (!strcmp(arg, "--is-inside-work-tree")) {
		printf("%s\n", sgit_repo_inside_work_tree(repo) ? "true" : "false");
	} else if (!strcmp(arg, "--is-inside-git-dir")) {
		char cwd[4096];
		size_t n = strlen(git_dir);

		printf("%s\n", getcwd(cwd, sizeof(cwd)) && !strncmp(cwd, git_dir, n) &&
		       (cwd[n] == '\0' || cwd[n] == '/') ? "true" : "false");
	} else if (!strcmp(arg, "--is-bare-repository")) {
		printf("%s\n", sgit_repo_is_bare(repo) ? "true" : "false");
	} else {
		return 0;
	}
	return 1;
}

static int show_each_ref(const struct sgit_ref *ref, void *payload)
{
	struct rev_parse_state *st = payload;

	if (!(ref->flags & SGIT_REF_BROKEN) && !sgit_oid_is_zero(&ref->oid))
		show_rev(st, ref->name.ptr, &ref->oid, 0);
	return 0;
}

/* --all, --branches, --tags: every ref of that kind. 1 when arg was one of them. */
static int show_refs(struct rev_parse_state *st, const char *arg)
{
	struct sgit_refdb *db = sgit_repo_refdb(st->ctx->repo);

	/* unlike rev-list, rev-parse --all lists refs/ only, never HEAD */
	if (!strcmp(arg, "--all")) {
		sgit_refdb_foreach(db, "refs/", show_each_ref, st);
	} else if (!strcmp(arg, "--branches")) {
		sgit_refdb_foreach(db, "refs/heads/", show_each_ref, st);
	} else if (!strcmp(arg, "--tags")) {
		sgit_refdb_foreach(db, "refs/tags/", show_each_ref, st);
	} else if (!strcmp(arg, "--remotes")) {
		sgit_refdb_foreach(db, "refs/remotes/", show_each_ref, st);
	} else {
		return 0;
	}
	return 1;
}

/* An option that changes how later revisions print. 1 when arg was one. */
static int set_mode(struct rev_parse_state *st, const char *arg)
{
	if (!strcmp(arg, "--verify"))
		st->verify = 1;
	else if (!strcmp(arg, "-q") || !strcmp(arg, "--quiet"))
		st->quiet = 1;
	else if (!strcmp(arg, "--short") || !strncmp(arg, "--short=", 8)) {
		st->show_short = st->verify = 1;
		if (arg[7] == '=')
			st->abbrev = atoi(arg + 8);
		if (st->abbrev && st->abbrev < 4)
			st->abbrev = 4;
		if (st->abbrev > SGIT_OID_HEXSZ)
			st->abbrev = SGIT_OID_HEXSZ;
	} else if (!strcmp(arg, "--symbolic"))
		st->symbolic = 1;
	else if (!strcmp(arg, "--symbolic-full-name"))
		st->symbolic_full = 1;
	else if (!strcmp(arg, "--abbrev-ref") || !strncmp(arg, "--abbrev-ref=", 13))
		st->abbrev_ref = 1;
	else if (!strcmp(arg, "--not"))
		st->flip = !st->flip;
	else
		return 0;
	return 1;
}

static const char *const rev_parse_usage[] = {
	"sgit rev-parse --parseopt [<options>] -- [<args>...]",
	"sgit rev-parse --sq-quote [<arg>...]",
	"sgit rev-parse [<options>] [<arg>...]",
	NULL,
};

int cmd_rev_parse(int argc, const char **argv, struct cli_ctx *ctx)
{
	struct rev_parse_state st;
	int i, rc = 0, nrevs = 0;

	if (argc == 2 && !strcmp(argv[1], "-h"))
		cli_usage_with_options(rev_parse_usage, NULL, 0);
	memset(&st, 0, sizeof(st));
	st.ctx = ctx;
	for (i = 1; i < argc && !rc; i++) {
		const char *arg = argv[i];

		if (!strcmp(arg, "--")) {
			if (st.verify)
				return cli_fatal("Needed a single revision");
			printf("--\n");
			for (i++; i < argc; i++)
				printf("%s\n", argv[i]);
			break;
		}
		if (!strcmp(arg, "--default") && i + 1 < argc) {
			st.def = argv[++i];
			continue;
		}
		if (set_mode(&st, arg) || show_location(&st, arg) || show_refs(&st, arg))
			continue;
		if (arg[0] == '-' && arg[1]) {
			if (!st.verify)
				printf("%s\n", arg);	/* git passes options it does not know through */
			continue;
		}
		nrevs++;
		rc = show_arg(&st, arg);
		if (rc < 0)
			break;
	}
	if (!rc && !st.printed_rev && st.def) {
		struct sgit_oid id;

		nrevs++;
		if (resolve(&id, &st, st.def) == 0)
			show_rev(&st, st.def, &id, 0);
		else if (!st.verify)
			rc = show_path(&st, st.def, 0);
	}
	if (st.verify && (rc < 0 || nrevs != 1 || st.printed_rev != 1)) {
		if (st.quiet)
			return 1;
		return cli_fatal("Needed a single revision");
	}
	if (st.verify)
		print_rev(&st, st.verified_arg, &st.verified, st.verified_negate);
	return rc < 0 ? 128 : rc;
}
