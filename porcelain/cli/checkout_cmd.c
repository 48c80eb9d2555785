/* porcelain/cli/checkout_cmd.c: what checkout, switch, restore and reset share */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "porcelain/cli/checkout_cmd.h"
#include "porcelain/cli/index_cmd.h"
#include "porcelain/cli/pathspec_arg.h"
#include "porcelain/cli/ref_cmd.h"
#include "porcelain/cli/worktree_cmd.h"
#include "porcelain/branches/refinfo.h"
#include "sgit/changes.h"
#include "util/quote.h"

/* ---- HEAD and commits ---- */

int cli_commit_tree(struct sgit_oid *tree, struct cli_ctx *ctx, const struct sgit_oid *commit)
{
	struct sgit_revparse_env env;

	cli_refcmd_revparse_env(&env, ctx);
	return sgit_revparse_peel(tree, &env, commit, SGIT_OBJ_TREE);
}

int cli_head_read(struct cli_head *h, struct cli_ctx *ctx)
{
	struct sgit_refdb *db = sgit_repo_refdb(ctx->repo);
	struct sgit_ref ref = SGIT_REF_INIT;
	int rc = 0;

	if (sgit_refdb_read(&ref, db, "HEAD") == 0 && (ref.flags & SGIT_REF_SYMBOLIC)) {
		if (sgit_buf_set(&h->ref, ref.target.ptr, ref.target.len) < 0) {
			rc = cli_fatal("out of memory");
			goto out;
		}
		h->name = h->ref.ptr + (sgit_buf_starts_with(&h->ref, "refs/heads/") ? 11 : 0);
	}
	h->born = sgit_refdb_resolve(&h->commit, NULL, db, "HEAD") == 0;
	if (h->born && cli_commit_tree(&h->tree, ctx, &h->commit) < 0)
		rc = cli_fatal_err(cli_err(ctx));
out:
	sgit_ref_release(&ref);
	return rc;
}

void cli_head_release(struct cli_head *h)
{
	sgit_buf_release(&h->ref);
	h->name = NULL;
}

int cli_describe_commit(struct sgit_buf *out, struct cli_ctx *ctx, const struct sgit_oid *commit)
{
	struct sgit_buf raw = SGIT_BUF_INIT;
	enum sgit_object_type type;
	struct sgit_msgpos pos;
	char abbrev[SGIT_OID_HEXSZ + 1];
	int rc;

	sgit_repo_abbrev(abbrev, ctx->repo, commit);
	if ((rc = sgit_buf_printf(out, "%s ", abbrev)) < 0 ||
	    (rc = sgit_odb_read(&raw, &type, sgit_repo_odb(ctx->repo), commit)) < 0)
		goto out;
	sgit_refinfo_message_parts(&pos, raw.ptr, raw.len);
	rc = sgit_refinfo_add_subject(out, raw.ptr, &pos);
out:
	sgit_buf_release(&raw);
	return rc;
}

/* ---- refusals ---- */

void cli_checkout_print_rejects(const struct sgit_checkout_report *rep, const char *verb)
{
	static const char *const head[SGIT_CHECKOUT_NREJECT] = {
		"Your local changes to the following files would be overwritten by %s:",
		"Your local changes to the following files would be overwritten by %s:",
		"Updating the following directories would lose untracked files in them:",
		"The following untracked working tree files would be overwritten by %s:",
		"The following untracked working tree files would be removed by %s:",
	};
	static const char *const tail[SGIT_CHECKOUT_NREJECT] = {
		"Please commit your changes or stash them before you switch branches.\n",
		"Please commit your changes or stash them before you switch branches.\n",
		"\n",
		"Please move or remove them before you switch branches.\n",
		"Please move or remove them before you switch branches.\n",
	};
	size_t i, j;
	int any = 0;

	fflush(stdout);
	for (i = 0; i < SGIT_CHECKOUT_NREJECT; i++) {
		const struct sgit_checkout_pathlist *l = &rep->rejected[i];

		if (!l->count)
			continue;
		fputs("error: ", stderr);
		fprintf(stderr, head[i], verb);
		fputc('\n', stderr);
		for (j = 0; j < l->count; j++)
			fprintf(stderr, "\t%s\n", l->paths[j]);
		fputs(tail[i], stderr);
		any = 1;
	}
	if (any)
		fputs("Aborting\n", stderr);
}

int cli_checkout_unmerged_error(struct sgit_index *idx)
{
	size_t i, n = sgit_index_count(idx);
	const struct sgit_index_entry *prev = NULL;

	cli_error("you need to resolve your current index first");
	for (i = 0; i < n; i++) {
		const struct sgit_index_entry *e = sgit_index_entry_at(idx, i);

		if (!e->stage || (prev && prev->path_len == e->path_len && !memcmp(prev->path, e->path, e->path_len)))
			continue;
		printf("%s: needs merge\n", e->path);
		prev = e;
	}
	return 1;
}

/* ---- local changes: git diff-index --name-status <tree> ---- */

/* The letter for one path, from the staged change (may be NULL) and the work tree's (may be NULL). */
static char local_status(const struct sgit_change *staged, const struct sgit_change *wt,
			 const struct sgit_index_entry *e)
{
	unsigned int old_mode, new_mode;

	if ((staged && staged->status == 'U') || (wt && wt->status == 'U'))
		return 'U';
	if (staged && staged->status == 'D')
		return 'D';
	if (wt && wt->status == 'D')
		return staged && staged->status == 'A' ? 0 : 'D';
	if (staged && staged->status == 'A')
		return 'A';
	if (wt && wt->status == 'A')
		return 0;
	old_mode = staged ? staged->old_mode : e ? e->mode : 0;
	new_mode = wt ? wt->new_mode : staged ? staged->new_mode : old_mode;
	return (old_mode & 0170000) != (new_mode & 0170000) ? 'T' : 'M';
}

static int path_order(const struct sgit_change *a, const struct sgit_change *b)
{
	int c = memcmp(a->path, b->path, a->path_len < b->path_len ? a->path_len : b->path_len);

	return c ? c : a->path_len < b->path_len ? -1 : a->path_len > b->path_len;
}

int cli_checkout_show_local_changes(struct cli_ctx *ctx, struct sgit_index *idx,
				    const struct sgit_oid *tree)
{
	struct sgit_changes staged = SGIT_CHANGES_INIT, wt = SGIT_CHANGES_INIT;
	struct sgit_buf line = SGIT_BUF_INIT;
	size_t i = 0, j = 0;
	int quote_high = 1, rc;

	if (sgit_config_get_bool(&quote_high, sgit_repo_config(ctx->repo), "core.quotepath", NULL) < 0)
		quote_high = 1;
	if ((rc = sgit_changes_tree_index(&staged, ctx->repo, tree, idx, NULL)) < 0 ||
	    (rc = sgit_changes_index_worktree(&wt, NULL, idx, NULL, 0)) < 0) {
		rc = cli_fatal_err(cli_err(ctx));
		goto out;
	}
	while (i < staged.nr || j < wt.nr) {
		const struct sgit_change *a = i < staged.nr ? &staged.items[i] : NULL;
		const struct sgit_change *b = j < wt.nr ? &wt.items[j] : NULL;
		int c = !a ? 1 : !b ? -1 : path_order(a, b);
		const struct sgit_change *one = c <= 0 ? a : b;
		char status;

		status = local_status(c <= 0 ? a : NULL, c >= 0 ? b : NULL,
				      sgit_index_get(idx, one->path, 0));
		i += c <= 0;
		j += c >= 0;
		if (!status)
			continue;
		sgit_buf_printf(&line, "%c\t", status);
		sgit_quote_c_style_add(&line, one->path, one->path_len, quote_high);
		printf("%s\n", line.ptr);
	}
	rc = 0;
out:
	sgit_buf_release(&line);
	sgit_changes_release(&staged);
	sgit_changes_release(&wt);
	return rc;
}

/* ---- tracking ---- */

static void print_tracking(struct cli_ctx *ctx, const char *up, size_t ahead, size_t behind)
{
	int hints = cli_advice_enabled(ctx, "statusHints");

	if (!ahead && !behind) {
		printf("Your branch is up to date with '%s'.\n", up);
	} else if (!behind) {
		printf("Your branch is ahead of '%s' by %zu commit%s.\n", up, ahead, ahead == 1 ? "" : "s");
		if (hints)
			printf("  (use \"git push\" to publish your local commits)\n");
	} else if (!ahead) {
		printf("Your branch is behind '%s' by %zu commit%s, and can be fast-forwarded.\n", up, behind,
		       behind == 1 ? "" : "s");
		if (hints)
			printf("  (use \"git pull\" to update your local branch)\n");
	} else {
		printf("Your branch and '%s' have diverged,\nand have %zu and %zu different commits each, "
		       "respectively.\n", up, ahead, behind);
		if (hints)
			printf("  (use \"git pull\" to merge the remote branch into yours)\n");
	}
}

void cli_checkout_report_tracking(struct cli_ctx *ctx, const char *branch)
{
	struct sgit_refdb *db = sgit_repo_refdb(ctx->repo);
	struct sgit_buf up = SGIT_BUF_INIT, full = SGIT_BUF_INIT, shortname = SGIT_BUF_INIT;
	struct sgit_oid ours, theirs;
	size_t ahead = 0, behind = 0;

	if (sgit_branch_upstream(&up, ctx->repo, branch) < 0 || !up.len ||
	    sgit_buf_printf(&full, "refs/heads/%s", branch) < 0 ||
	    sgit_refdb_resolve(&ours, NULL, db, full.ptr) < 0)
		goto out;
	if (sgit_ref_shorten_strict(&shortname, db, up.ptr) < 0)
		goto out;
	if (sgit_refdb_resolve(&theirs, NULL, db, up.ptr) < 0) {
		printf("Your branch is based on '%s', but the upstream is gone.\n", shortname.ptr);
		if (cli_advice_enabled(ctx, "statusHints"))
			printf("  (use \"git branch --unset-upstream\" to fixup)\n");
		goto out;
	}
	if (sgit_refinfo_ahead_behind(&ahead, &behind, ctx->repo, &ours, &theirs) == 0)
		print_tracking(ctx, shortname.ptr, ahead, behind);
out:
	sgit_buf_release(&up);
	sgit_buf_release(&full);
	sgit_buf_release(&shortname);
}

void cli_checkout_print_invalid(const struct sgit_checkout_report *rep, int all)
{
	size_t i;

	for (i = 0; i < rep->invalid.count && (all || !i); i++)
		cli_error("invalid path '%s'", rep->invalid.paths[i]);
}

/* ---- paths ---- */

/* Print git's messages for a failed path checkout; returns the exit code. */
static int paths_failed(struct cli_ctx *ctx, int rc, const struct sgit_checkout_paths_opts *o,
			const struct sgit_checkout_report *rep, const char *const *args)
{
	size_t i;

	if (rc == SGIT_ENOTFOUND && o->matched) {
		for (i = 0; i < o->npathspec; i++)
			if (!o->matched[i])
				cli_error("pathspec '%s' did not match any file(s) known to git", args[i]);
		return 1;
	}
	if (rc == SGIT_ECONFLICT) {
		for (i = 0; i < rep->unmerged.count; i++)
			cli_error("path '%s' is unmerged", rep->unmerged.paths[i]);
		return 1;
	}
	cli_error("%s", sgit_error_message(cli_err(ctx)));
	return 1;
}

int cli_checkout_run_paths(struct cli_ctx *ctx, struct sgit_checkout_paths_opts *o,
			   const char *const *args, int quiet, int count)
{
	struct sgit_checkout_report rep = SGIT_CHECKOUT_REPORT_INIT;
	struct sgit_index *idx = NULL;
	char abbrev[SGIT_OID_HEXSZ + 1];
	size_t i;
	int rc;

	if (!(o->matched = calloc(o->npathspec ? o->npathspec : 1, 1)))
		return cli_fatal("out of memory");
	if ((rc = cli_index_open(&idx, ctx, 1)))
		goto out;
	rc = sgit_checkout_paths(&rep, ctx->repo, idx, o);
	cli_checkout_print_invalid(&rep, 1);
	if (rc < 0) {
		rc = paths_failed(ctx, rc, o, &rep, args);
		goto out;
	}
	for (i = 0; i < rep.unmerged.count; i++)
		cli_warning("path '%s' is unmerged", rep.unmerged.paths[i]);
	if ((rc = cli_worktree_write_index(ctx, idx)))
		goto out;
	if (count && !quiet) {
		if (o->source)
			sgit_repo_abbrev(abbrev, ctx->repo, o->source);
		fflush(stdout);
		fprintf(stderr, "Updated %zu path%s from %s\n", rep.written, rep.written == 1 ? "" : "s",
			o->source ? abbrev : "the index");
	}
out:
	sgit_index_free(idx);
	sgit_checkout_report_release(&rep);
	free(o->matched);
	o->matched = NULL;
	return rc;
}

/* ---- @{-1} ---- */

struct previous {
	struct sgit_buf name;
	int found;
};

/* The last "checkout: moving from X to Y" wins: X is the branch checked out before. */
static int scan_checkout(const struct sgit_reflog_entry *e, void *payload)
{
	struct previous *p = payload;
	const char *from, *to;

	if (strncmp(e->message, "checkout: moving from ", 22))
		return 0;
	from = e->message + 22;
	if (!(to = strstr(from, " to ")))
		return 0;
	p->found = sgit_buf_set(&p->name, from, (size_t)(to - from)) == 0;
	return 0;
}

int cli_checkout_expand_previous(struct sgit_buf *out, struct cli_ctx *ctx, const char *arg)
{
	struct previous p = { SGIT_BUF_INIT, 0 };
	int rc = 0;

	if (strcmp(arg, "-"))
		return sgit_buf_sets(out, arg);
	sgit_refdb_reflog_foreach(sgit_repo_refdb(ctx->repo), "HEAD", scan_checkout, &p);
	if (!p.found)
		rc = SGIT_ENOTFOUND;
	else
		sgit_buf_swap(out, &p.name);
	sgit_buf_release(&p.name);
	return rc;
}

/* ---- arguments ---- */

int cli_checkout_resolve_paths(char ***out, struct cli_ctx *ctx, const char *const *args, int n)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	char **paths = calloc((size_t)n + 1, sizeof(*paths));
	int i, rc = 0;

	*out = NULL;
	if (!paths)
		return cli_fatal("out of memory");
	for (i = 0; i < n && !rc; i++) {
		if ((rc = cli_pathspec_path(&path, ctx, args[i])))
			break;
		if (!(paths[i] = sgit_buf_detach(&path, NULL)))
			rc = cli_fatal("out of memory");
	}
	if (rc)
		cli_checkout_free_paths(paths, n);
	else
		*out = paths;
	sgit_buf_release(&path);
	return rc;
}

void cli_checkout_free_paths(char **paths, int n)
{
	int i;

	for (i = 0; paths && i < n; i++)
		free(paths[i]);
	free(paths);
}

int cli_checkout_ambiguous(const char *arg, const char *why)
{
	return cli_fatal("ambiguous argument '%s': %s\n"
			 "Use '--' to separate paths from revisions, like this:\n"
			 "'git <command> [<revision>...] -- [<file>...]'", arg, why);
}

int cli_checkout_is_file(const char *arg)
{
	struct stat st;

	return lstat(arg, &st) == 0;
}

int cli_checkout_tree_of(struct sgit_oid *tree, struct cli_ctx *ctx, const char *rev)
{
	struct sgit_revparse_env env;
	struct sgit_oid id;

	cli_refcmd_revparse_env(&env, ctx);
	if (sgit_revparse_single(&id, NULL, &env, rev) < 0)
		return 1;
	return sgit_revparse_peel(tree, &env, &id, SGIT_OBJ_TREE) < 0 ? 2 : 0;
}

/* ---- a remote-tracking branch of the name (checkout.guess) ---- */

struct guess {
	const char *name;
	size_t len;
	struct sgit_buf found;
	int count;
};

static int guess_one(const struct sgit_ref *ref, void *payload)
{
	struct guess *g = payload;
	const char *rest = ref->name.ptr + 13, *slash = strchr(rest, '/');

	/* "refs/remotes/<remote>/<name>", the remote's own HEAD aside */
	if (!slash || strcmp(slash + 1, g->name) || (ref->flags & SGIT_REF_SYMBOLIC))
		return 0;
	g->count++;
	return sgit_buf_set(&g->found, ref->name.ptr, ref->name.len) < 0 ? SGIT_ENOMEM : 0;
}

int cli_checkout_guess_remote(struct sgit_buf *out, struct cli_ctx *ctx, const char *name)
{
	struct guess g = { name, strlen(name), SGIT_BUF_INIT, 0 };
	int on = 1;

	sgit_buf_reset(out);
	if (sgit_config_get_bool(&on, sgit_repo_config(ctx->repo), "checkout.guess", NULL) < 0)
		on = 1;
	if (on && sgit_refdb_foreach(sgit_repo_refdb(ctx->repo), "refs/remotes/", guess_one, &g) == 0 &&
	    g.count == 1)
		sgit_buf_swap(out, &g.found);
	sgit_buf_release(&g.found);
	return out->len ? 1 : 0;
}

int cli_checkout_parse_options(int argc, const char **argv, const struct cli_option *opts,
			       const char *const *usage)
{
	return cli_parse_options(argc, argv, opts, usage, CLI_PARSE_KEEP_DASHDASH);
}
