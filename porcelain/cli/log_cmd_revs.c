/* porcelain/cli/log_cmd_revs.c: the revisions and paths of log, show and rev-list, as git reads them */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "porcelain/cli/log_cmd_revs.h"
#include "porcelain/cli/object_name.h"
#include "porcelain/cli/pathspec_arg.h"
#include "porcelain/cli/ref_cmd.h"
#include "sgit/merge_base.h"
#include "util/wildmatch.h"

void log_revs_release(struct log_revs *revs)
{
	size_t i;

	for (i = 0; i < revs->nr; i++) {
		free(revs->items[i].name);
		free(revs->items[i].path);
	}
	free(revs->items);
	for (i = 0; i < revs->npaths; i++)
		free(revs->paths[i]);
	free(revs->paths);
	cli_strlist_clear(&revs->excludes);
	memset(revs, 0, sizeof(*revs));
}

static int push_tip(struct log_revs *revs, const struct sgit_oid *id, const char *name, size_t len,
		    const char *path, int hide)
{
	struct log_tip *t;

	if (revs->nr == revs->alloc) {
		size_t alloc = revs->alloc ? revs->alloc * 2 : 16;
		struct log_tip *p = realloc(revs->items, alloc * sizeof(*p));

		if (!p)
			return cli_fatal("out of memory");
		revs->items = p;
		revs->alloc = alloc;
	}
	t = &revs->items[revs->nr];
	t->id = *id;
	t->hide = hide;
	t->left = 0;
	t->name = strndup(name, len);
	t->path = path ? strdup(path) : NULL;
	if (!t->name || (path && !t->path)) {
		free(t->name);
		free(t->path);
		return cli_fatal("out of memory");
	}
	revs->nr++;
	return 0;
}

int log_revs_has_hidden(const struct log_revs *revs)
{
	size_t i;

	for (i = 0; i < revs->nr; i++)
		if (revs->items[i].hide)
			return 1;
	return 0;
}

int log_revs_ambiguous(const char *arg, const char *why)
{
	return cli_fatal("ambiguous argument '%s': %s\n"
			 "Use '--' to separate paths from revisions, like this:\n"
			 "'sgit <command> [<revision>...] -- [<file>...]'", arg, why);
}

/* git's check_filename: is there a file of that name (":/x" from the top)? */
static int names_file(struct cli_ctx *ctx, const char *arg)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	const char *top = sgit_repo_work_tree(ctx->repo);
	struct stat st;
	int found;

	if (!strncmp(arg, ":/", 2)) {
		if (!arg[2])
			return 1;
		if (!top || sgit_buf_printf(&path, "%s/%s", top, arg + 2) < 0)
			return 0;
		arg = path.ptr;
	} else if (!strncmp(arg, ":!", 2) || !strncmp(arg, ":^", 2)) {
		return 1;
	}
	found = lstat(arg, &st) == 0;
	sgit_buf_release(&path);
	return found;
}

/* A revision that is also a file is ambiguous unless "--" said which it is. */
static int check_not_file(struct log_revs *revs, struct cli_ctx *ctx, const char *arg)
{
	if (revs->seen_dashdash || arg[0] == '-' || !sgit_repo_inside_work_tree(ctx->repo))
		return 0;
	if (!names_file(ctx, arg))
		return 0;
	return log_revs_ambiguous(arg, "both revision and filename");
}

static int resolve(struct sgit_oid *out, struct cli_ctx *ctx, const char *name)
{
	int rc = cli_resolve_object(out, ctx, name, NULL);

	if (rc < 0)
		sgit_error_clear(cli_err(ctx));
	return rc;
}

/* The path of "rev:path" or ":N:path" (NULL when spec has none), for --objects. */
static const char *spec_path(const char *spec)
{
	const char *p = spec;
	int depth = 0;

	if (spec[0] == ':') {
		if (spec[1] == '/')
			return NULL;
		if (spec[1] >= '0' && spec[1] <= '3' && spec[2] == ':')
			return spec + 3;
		return spec + 1;
	}
	for (; *p; p++) {
		if (*p == '{')
			depth++;
		else if (*p == '}' && depth)
			depth--;
		else if (*p == ':' && !depth)
			return p + 1;
	}
	return NULL;
}

static int peel_commit(struct sgit_oid *out, struct cli_ctx *ctx, const struct sgit_oid *id)
{
	struct sgit_revparse_env env;
	int rc;

	cli_refcmd_revparse_env(&env, ctx);
	rc = sgit_revparse_peel(out, &env, id, SGIT_OBJ_COMMIT);
	if (rc < 0)
		sgit_error_clear(cli_err(ctx));
	return rc;
}

/* "A...B": A and B, and their merge bases hidden, bases first as git queues them. */
static int add_symmetric(struct log_revs *revs, struct cli_ctx *ctx, const char *a, size_t alen,
			 const char *b, const struct sgit_oid *ida, const struct sgit_oid *idb)
{
	struct sgit_oid ca, cb, *bases = NULL;
	size_t n = 0, i;
	int rc = 0;

	if (peel_commit(&ca, ctx, ida) < 0 || peel_commit(&cb, ctx, idb) < 0)
		return cli_fatal("Invalid symmetric difference expression %.*s...%s", (int)alen, a, b);
	if (sgit_merge_base_of_pair(&bases, &n, sgit_repo_odb(ctx->repo), &ca, &cb, cli_err(ctx)) < 0)
		return cli_fatal_err(cli_err(ctx));
	for (i = 0; i < n && !rc; i++) {
		char hex[SGIT_OID_HEXSZ + 1];

		sgit_oid_tohex(hex, &bases[i]);
		rc = push_tip(revs, &bases[i], hex, strlen(hex), NULL, !revs->flip);
	}
	free(bases);
	if (!rc && !(rc = push_tip(revs, ida, a, alen, NULL, revs->flip)))
		revs->items[revs->nr - 1].left = 1;
	if (!rc)
		rc = push_tip(revs, idb, b, strlen(b), NULL, revs->flip);
	return rc;
}

/* "A..B" and "A...B". NOT_MINE unless there are dots and both sides name something. */
static int add_range(struct log_revs *revs, struct cli_ctx *ctx, const char *arg)
{
	const char *dots = strstr(arg, "..");
	struct sgit_oid ida, idb;
	char *a = NULL;
	const char *b;
	int symmetric, rc;

	if (!dots)
		return LOG_REVS_NOT_MINE;
	symmetric = dots[2] == '.';
	b = dots + 2 + symmetric;
	if (!*b)
		b = "HEAD";
	a = dots == arg ? strdup("HEAD") : strndup(arg, (size_t)(dots - arg));
	if (!a)
		return cli_fatal("out of memory");
	if (resolve(&ida, ctx, a) < 0 || resolve(&idb, ctx, b) < 0) {
		rc = LOG_REVS_NOT_MINE;
		goto out;
	}
	if ((rc = check_not_file(revs, ctx, arg)))
		goto out;
	if (symmetric)
		rc = add_symmetric(revs, ctx, a, strlen(a), b, &ida, &idb);
	else if (!(rc = push_tip(revs, &ida, a, strlen(a), NULL, !revs->flip)))
		rc = push_tip(revs, &idb, b, strlen(b), NULL, revs->flip);
out:
	free(a);
	return rc;
}

/* The parents of the commit base: "base^1", "base^2"... as long as they exist. */
static int add_parents(struct log_revs *revs, struct cli_ctx *ctx, const char *base, int hide,
		       int only)
{
	struct sgit_buf spec = SGIT_BUF_INIT;
	struct sgit_oid id;
	int n, rc = 0;

	for (n = only ? only : 1; !rc; n++) {
		if (sgit_buf_printf(&spec, "%s^%d", base, n) < 0) {
			rc = cli_fatal("out of memory");
			break;
		}
		if (resolve(&id, ctx, spec.ptr) < 0)
			break;
		rc = push_tip(revs, &id, spec.ptr, spec.len, NULL, hide);
		if (only)
			break;
	}
	sgit_buf_release(&spec);
	return rc;
}

/* "X^@" (X's parents), "X^!" (X, not its parents), "X^-N" (X, not its N-th parent). */
static int add_parent_shorthand(struct log_revs *revs, struct cli_ctx *ctx, const char *arg)
{
	const char *caret = strrchr(arg, '^');
	struct sgit_oid id;
	char *base;
	int rc, n = 1;

	if (!caret || caret == arg || !caret[1] || !strchr("@!-", caret[1]))
		return LOG_REVS_NOT_MINE;
	if (caret[1] != '-' && caret[2])
		return LOG_REVS_NOT_MINE;
	if (caret[1] == '-' && caret[2]) {
		char *end;
		long v = strtol(caret + 2, &end, 10);

		if (*end || v <= 0 || v > 1000000)
			return LOG_REVS_NOT_MINE;
		n = (int)v;
	}
	if (!(base = strndup(arg, (size_t)(caret - arg))))
		return cli_fatal("out of memory");
	rc = LOG_REVS_NOT_MINE;
	if (resolve(&id, ctx, base) < 0)
		goto out;
	if (caret[1] == '@') {
		rc = add_parents(revs, ctx, base, revs->flip, 0);
	} else if (!(rc = push_tip(revs, &id, base, strlen(base), NULL, revs->flip))) {
		rc = add_parents(revs, ctx, base, !revs->flip, caret[1] == '-' ? n : 0);
	}
out:
	free(base);
	return rc;
}

int log_revs_add_arg(struct log_revs *revs, struct cli_ctx *ctx, const char *arg)
{
	struct sgit_oid id;
	int rc, hide = revs->flip;

	if ((rc = add_range(revs, ctx, arg)) != LOG_REVS_NOT_MINE)
		return rc;
	if ((rc = add_parent_shorthand(revs, ctx, arg)) != LOG_REVS_NOT_MINE)
		return rc;
	if (arg[0] == '^' && arg[1]) {
		hide = !hide;
		arg++;
	}
	if (resolve(&id, ctx, arg) < 0)
		return LOG_REVS_NOT_MINE;
	if ((rc = check_not_file(revs, ctx, arg)))
		return rc;
	return push_tip(revs, &id, arg, strlen(arg), spec_path(arg), hide);
}

/* ---- --all, --branches, --tags, --remotes, --glob ---- */

struct ref_walk {
	struct log_revs *revs;
	const char *pattern;	/* NULL: every ref under the prefix */
	int rc;
};

static int excluded(const struct log_revs *revs, const char *name)
{
	size_t i;

	for (i = 0; i < revs->excludes.nr; i++)
		if (sgit_wildmatch(revs->excludes.items[i], name, 0))
			return 1;
	return 0;
}

static int add_ref(const struct sgit_ref *ref, void *payload)
{
	struct ref_walk *w = payload;

	if ((ref->flags & SGIT_REF_BROKEN) || sgit_oid_is_zero(&ref->oid))
		return 0;
	if (w->pattern && !sgit_wildmatch(w->pattern, ref->name.ptr, 0))
		return 0;
	if (excluded(w->revs, ref->name.ptr))
		return 0;
	w->rc = push_tip(w->revs, &ref->oid, ref->name.ptr, ref->name.len, NULL, w->revs->flip);
	return w->rc;
}

/*
 * Refs under prefix matching glob, as git's --branches=<glob>: the prefix
 * goes in front of the glob, and a glob without wildcards matches everything below it.
 */
static int add_refs(struct log_revs *revs, struct cli_ctx *ctx, const char *prefix,
		    const char *glob)
{
	struct sgit_buf pattern = SGIT_BUF_INIT;
	struct ref_walk w = { revs, NULL, 0 };
	int rc;

	revs->input_given = 1;
	if (glob) {
		if (!*prefix && strncmp(glob, "refs/", 5))
			sgit_buf_adds(&pattern, "refs/");
		sgit_buf_adds(&pattern, prefix);
		sgit_buf_adds(&pattern, glob);
		if (!glob[strcspn(glob, "*?[\\")]) {
			if (pattern.len && pattern.ptr[pattern.len - 1] != '/')
				sgit_buf_addch(&pattern, '/');
			sgit_buf_addch(&pattern, '*');
		}
		w.pattern = pattern.ptr;
	}
	rc = sgit_refdb_foreach(sgit_repo_refdb(ctx->repo), *prefix ? prefix : "refs/", add_ref, &w);
	sgit_buf_release(&pattern);
	revs->excludes.nr = 0;
	if (w.rc)
		return w.rc;
	return rc < 0 ? cli_fatal_err(cli_err(ctx)) : 0;
}

static int add_all(struct log_revs *revs, struct cli_ctx *ctx)
{
	struct sgit_oid id;
	int rc = add_refs(revs, ctx, "", NULL);

	if (rc)
		return rc;
	if (sgit_refdb_resolve(&id, NULL, sgit_repo_refdb(ctx->repo), "HEAD") == 0)
		return push_tip(revs, &id, "HEAD", 4, NULL, revs->flip);
	sgit_error_clear(cli_err(ctx));
	return 0;
}

/* "--name" alone (*glob NULL) or "--name=<glob>": 1 when arg is that option. */
static int ref_option(const char *arg, const char *name, const char **glob)
{
	size_t n = strlen(name);

	if (strncmp(arg, name, n) || (arg[n] && arg[n] != '='))
		return 0;
	*glob = arg[n] ? arg + n + 1 : NULL;
	return 1;
}

int log_revs_pseudo_opt(struct log_revs *revs, struct cli_ctx *ctx, const char *arg)
{
	const char *glob;

	if (!strcmp(arg, "--all"))
		return add_all(revs, ctx);
	if (ref_option(arg, "--branches", &glob))
		return add_refs(revs, ctx, "refs/heads/", glob);
	if (ref_option(arg, "--tags", &glob))
		return add_refs(revs, ctx, "refs/tags/", glob);
	if (ref_option(arg, "--remotes", &glob))
		return add_refs(revs, ctx, "refs/remotes/", glob);
	if (!strncmp(arg, "--glob=", 7))
		return add_refs(revs, ctx, "", arg + 7);
	if (!strncmp(arg, "--exclude=", 10))
		return cli_strlist_push(&revs->excludes, arg + 10) < 0 ? cli_fatal("out of memory") : 0;
	if (!strcmp(arg, "--not")) {
		revs->flip = !revs->flip;
		return 0;
	}
	return LOG_REVS_NOT_MINE;
}

/* ---- paths ---- */

/* git's looks_like_pathspec: an unescaped wildcard, or long pathspec magic. */
static int looks_like_glob(const char *arg)
{
	const char *p;

	for (p = arg; *p; p++) {
		if (*p == '\\' && p[1])
			p++;
		else if (*p == '*' || *p == '?' || *p == '[')
			return 1;
	}
	return !strncmp(arg, ":(", 2);
}

/* Why the first argument that is no revision is no path either, in git's words. */
static int not_a_path(struct cli_ctx *ctx, const char *arg, int first)
{
	struct sgit_oid id;
	const char *msg;
	int rc;

	if (!first)
		return cli_fatal("%s: no such path in the working tree.\n"
				 "Use 'sgit <command> -- <path>...' to specify paths that do not "
				 "exist locally.", arg);
	/* "rev:path" with a missing path: the revision parser says what is wrong */
	if (strchr(arg, ':')) {
		rc = cli_resolve_object(&id, ctx, arg, NULL);
		msg = sgit_error_message(cli_err(ctx));
		if (rc < 0 && msg && *msg && strncmp(msg, "ambiguous argument", 18)) {
			rc = cli_fatal("%s", msg);
			sgit_error_clear(cli_err(ctx));
			return rc;
		}
		sgit_error_clear(cli_err(ctx));
	}
	return log_revs_ambiguous(arg, "unknown revision or path not in the working tree.");
}

static int push_path(struct log_revs *revs, char *path)
{
	if (revs->npaths == revs->paths_alloc) {
		size_t alloc = revs->paths_alloc ? revs->paths_alloc * 2 : 8;
		char **p = realloc(revs->paths, alloc * sizeof(*p));

		if (!p) {
			free(path);
			return cli_fatal("out of memory");
		}
		revs->paths = p;
		revs->paths_alloc = alloc;
	}
	revs->paths[revs->npaths++] = path;
	return 0;
}

int log_revs_add_paths(struct log_revs *revs, struct cli_ctx *ctx, int argc, const char **argv,
		       int check)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	int i, rc = 0;

	for (i = 0; i < argc && !rc; i++) {
		if (check && argv[i][0] == '-')
			rc = cli_fatal("option '%s' must come before non-option arguments", argv[i]);
		else if (check && !looks_like_glob(argv[i]) && !names_file(ctx, argv[i]))
			rc = not_a_path(ctx, argv[i], i == 0);
		else if (!(rc = cli_pathspec_path(&path, ctx, argv[i])))
			rc = push_path(revs, sgit_buf_detach(&path, NULL));
	}
	sgit_buf_release(&path);
	return rc;
}

int log_revs_default(struct log_revs *revs, struct cli_ctx *ctx, const char *def)
{
	struct sgit_refdb *db = sgit_repo_refdb(ctx->repo);
	struct sgit_buf resolved = SGIT_BUF_INIT;
	struct sgit_ref head = SGIT_REF_INIT;
	struct sgit_oid id;
	const char *branch;
	int rc;

	if (revs->nr || revs->input_given || !def)
		return 0;
	if (resolve(&id, ctx, def) == 0)
		return push_tip(revs, &id, def, strlen(def), NULL, 0);
	rc = sgit_refdb_resolve(&id, &resolved, db, def);
	if (rc == SGIT_ENOTFOUND && sgit_refdb_read(&head, db, def) == 0 &&
	    (head.flags & SGIT_REF_SYMBOLIC) && resolved.len) {
		branch = resolved.ptr;
		if (!strncmp(branch, "refs/heads/", 11))
			branch += 11;
		rc = cli_fatal("your current branch '%s' does not have any commits yet", branch);
	} else {
		rc = cli_fatal("your current branch appears to be broken");
	}
	sgit_error_clear(cli_err(ctx));
	sgit_buf_release(&resolved);
	sgit_ref_release(&head);
	return rc;
}
