/* porcelain/cli/merge_cmd_strategy.c: sgit merge's real merges (ort for one head, octopus for several) */
#include <stdlib.h>
#include <string.h>
#include "porcelain/cli/checkout_cmd.h"
#include "porcelain/cli/index_cmd.h"
#include "porcelain/cli/merge_cmd.h"
#include "porcelain/cli/worktree_cmd.h"
#include "sgit/diff_output.h"
#include "util/fs.h"

/* git merge's refusals when the work tree is in the way (git's words for the "merge" command). */
static void print_rejects(const struct sgit_checkout_report *rep)
{
	static const char *const head[SGIT_CHECKOUT_NREJECT] = {
		"Your local changes to the following files would be overwritten by merge:",
		"Your local changes to the following files would be overwritten by merge:",
		"Updating the following directories would lose untracked files in them:",
		"The following untracked working tree files would be overwritten by merge:",
		"The following untracked working tree files would be removed by merge:",
	};
	static const char *const tail[SGIT_CHECKOUT_NREJECT] = {
		"Please commit your changes or stash them before you merge.\n",
		"Please commit your changes or stash them before you merge.\n",
		"\n",
		"Please move or remove them before you merge.\n",
		"Please move or remove them before you merge.\n",
	};
	size_t i, j;
	int any = 0;

	fflush(stdout);
	for (i = 0; i < SGIT_CHECKOUT_NREJECT; i++) {
		if (!rep->rejected[i].count)
			continue;
		fprintf(stderr, "error: %s\n", head[i]);
		for (j = 0; j < rep->rejected[i].count; j++)
			fprintf(stderr, "\t%s\n", rep->rejected[i].paths[j]);
		fputs(tail[i], stderr);
		any = 1;
	}
	if (any)
		fputs("Aborting\n", stderr);
}

static int has_rejects(const struct sgit_checkout_report *rep)
{
	size_t i;

	for (i = 0; i < SGIT_CHECKOUT_NREJECT; i++)
		if (rep->rejected[i].count)
			return 1;
	return 0;
}

int merge_checkout_move(struct cli_ctx *ctx, const struct sgit_oid *from, const struct sgit_oid *to)
{
	struct sgit_checkout_report rep = SGIT_CHECKOUT_REPORT_INIT;
	struct sgit_index *idx = NULL;
	int rc;

	if ((rc = cli_index_open(&idx, ctx, 1)) != 0)
		return rc;
	rc = sgit_checkout_tree(&rep, ctx->repo, idx, from, to, SGIT_CHECKOUT_SWITCH);
	if (rc == SGIT_ECONFLICT && has_rejects(&rep)) {
		print_rejects(&rep);
		rc = 1;
	} else if (rc == SGIT_EINVALID && rep.invalid.count) {
		/* paths git refuses: errors, not a fatal one, and nothing moved */
		cli_checkout_print_invalid(&rep, 1);
		print_rejects(&rep);
		rc = 1;
	} else if (rc < 0) {
		rc = cli_fatal_err(cli_err(ctx));
	} else {
		rc = cli_worktree_write_index(ctx, idx);
	}
	sgit_checkout_report_release(&rep);
	sgit_index_free(idx);
	return rc;
}

int merge_move_tree(struct merge_run *r, const struct sgit_oid *from, const struct sgit_oid *to)
{
	return merge_checkout_move(r->ctx, from, to);
}

static void print_messages(const struct sgit_merge_result *res)
{
	size_t i;

	for (i = 0; i < res->nmessages; i++) {
		FILE *f = res->messages[i].to_stderr ? stderr : stdout;

		fflush(res->messages[i].to_stderr ? stdout : stderr);
		fprintf(f, "%s\n", res->messages[i].text);
	}
	fflush(stdout);
}

/* git refuses a two-head merge when the index differs from HEAD: status 2. */
static int staged_changes(struct merge_run *r, int *status)
{
	struct sgit_checkout_pathlist l = { NULL, 0, 0 };
	size_t i;

	if (sgit_merge_staged_changes(&l, r->ctx->repo, r->idx, &r->head_tree) < 0)
		return cli_fatal_err(cli_err(r->ctx));
	if (l.count) {
		fflush(stdout);
		fputs("error: Your local changes to the following files would be overwritten by merge:\n ", stderr);
		for (i = 0; i < l.count; i++)
			fprintf(stderr, " %s", l.paths[i]);
		fputc('\n', stderr);
		*status = 2;
	}
	sgit_merge_pathlist_release(&l);
	return 0;
}

static int run_ort(struct merge_run *r, struct sgit_merge_result *res, int *status)
{
	struct sgit_merge_options mo = SGIT_MERGE_OPTIONS_INIT;
	struct sgit_checkout_report rep = SGIT_CHECKOUT_REPORT_INIT;
	int rc;

	if ((rc = staged_changes(r, status)) != 0 || *status == 2)
		return rc;
	mo.ours_label = "HEAD";
	mo.theirs_label = r->heads.items[0].name;
	mo.favor = r->favor;
	if (r->o->conflict_style && (!strcmp(r->o->conflict_style, "diff3") || !strcmp(r->o->conflict_style, "zdiff3")))
		mo.style = SGIT_MERGE_STYLE_DIFF3;
	if (sgit_merge_commits(res, r->ctx->repo, &r->head, &r->heads.items[0].commit, r->bases, r->nbases, &mo) < 0)
		return cli_fatal_err(cli_err(r->ctx));
	rc = sgit_merge_checkout(&rep, r->ctx->repo, r->idx, &r->head_tree, res);
	if (rc == SGIT_ECONFLICT && has_rejects(&rep)) {
		print_rejects(&rep);
		*status = 2;
		rc = 0;
	} else if (rc == SGIT_EINVALID && rep.invalid.count) {
		cli_checkout_print_invalid(&rep, 1);
		print_rejects(&rep);
		*status = 2;
		rc = 0;
	} else if (rc < 0) {
		rc = cli_fatal_err(cli_err(r->ctx));
	} else {
		print_messages(res);
		*status = res->clean ? 0 : 1;
	}
	sgit_checkout_report_release(&rep);
	return rc;
}

static int run_octopus(struct merge_run *r, struct sgit_merge_result *res, int *status)
{
	struct sgit_checkout_report rep = SGIT_CHECKOUT_REPORT_INIT;
	struct sgit_oid *ids = calloc(r->heads.nr, sizeof(*ids));
	const char **names = calloc(r->heads.nr, sizeof(*names));
	size_t i;
	int rc = 0;

	if (!ids || !names) {
		rc = cli_fatal("out of memory");
		goto out;
	}
	for (i = 0; i < r->heads.nr; i++) {
		ids[i] = r->heads.items[i].commit;
		names[i] = r->heads.items[i].name;
	}
	if (sgit_merge_octopus(status, res, &rep, r->ctx->repo, r->idx, &r->head, ids, names, r->heads.nr) < 0) {
		rc = cli_fatal_err(cli_err(r->ctx));
		goto out;
	}
	print_messages(res);
	if (has_rejects(&rep))
		print_rejects(&rep);
out:
	sgit_checkout_report_release(&rep);
	free(ids);
	free(names);
	return rc;
}

/* "# Conflicts:" and the unmerged paths, as git appends them to MERGE_MSG. */
static int conflicts_hint(struct sgit_buf *out, struct merge_run *r)
{
	const char *prev = NULL;
	enum sgit_cleanup_mode mode = SGIT_CLEANUP_STRIP;
	struct sgit_error err = SGIT_ERROR_INIT;
	size_t i;
	int rc = 0;

	if (sgit_message_cleanup_mode_parse(&mode, r->o->cleanup ? r->o->cleanup : "default", 1, &err) < 0)
		mode = SGIT_CLEANUP_STRIP;
	if (mode == SGIT_CLEANUP_SCISSORS)
		rc |= sgit_buf_addch(out, '\n') | merge_add_cut_line(out, r->cc) | sgit_buf_addch(out, r->cc);
	rc |= sgit_buf_addf(out, "\n%c Conflicts:\n", r->cc);
	for (i = 0; i < sgit_index_count(r->idx); i++) {
		const struct sgit_index_entry *e = sgit_index_entry_at(r->idx, i);

		if (!e->stage || (prev && !strcmp(prev, e->path)))
			continue;
		rc |= sgit_buf_addf(out, "%c\t%s\n", r->cc, e->path);
		prev = e->path;
	}
	return rc;
}

/* A squash writes no MERGE_MSG of its own: the hint goes after whatever one is there. */
static int append_merge_msg(struct merge_run *r, const struct sgit_buf *add)
{
	struct sgit_buf path = SGIT_BUF_INIT, data = SGIT_BUF_INIT;
	int rc = 0;

	if (sgit_fs_join(&path, sgit_repo_git_dir(r->ctx->repo), "MERGE_MSG") < 0)
		rc = cli_fatal("out of memory");
	else if (sgit_fs_exists(path.ptr) && sgit_fs_read_file(&data, path.ptr, cli_err(r->ctx)) < 0)
		rc = cli_fatal_err(cli_err(r->ctx));
	else if (sgit_buf_addbuf(&data, add) < 0)
		rc = cli_fatal("out of memory");
	else if (sgit_merge_state_write_msg(r->ctx->repo, data.ptr, data.len) < 0)
		rc = cli_fatal_err(cli_err(r->ctx));
	sgit_buf_release(&path);
	sgit_buf_release(&data);
	return rc;
}

int merge_write_state(struct merge_run *r, const struct sgit_buf *tail)
{
	struct sgit_buf msg = SGIT_BUF_INIT;
	int rc = 0;

	if (sgit_merge_state_write_heads(r->ctx->repo, &r->heads, r->o->ff == MERGE_FF_NO) < 0)
		rc = cli_fatal_err(cli_err(r->ctx));
	else if (sgit_buf_addbuf(&msg, &r->msg) < 0 || sgit_buf_addch(&msg, '\n') < 0 ||
		 (tail && sgit_buf_addbuf(&msg, tail) < 0))
		rc = cli_fatal("out of memory");
	else if (sgit_merge_state_write_msg(r->ctx->repo, msg.ptr, msg.len) < 0)
		rc = cli_fatal_err(cli_err(r->ctx));
	sgit_buf_release(&msg);
	return rc;
}

/* The merge stopped (asked to, or conflicts): the state for "commit" to conclude it. */
static int stop(struct merge_run *r, int status)
{
	struct sgit_buf hint = SGIT_BUF_INIT;
	int rc;

	if (status == 1 && conflicts_hint(&hint, r) < 0) {
		rc = cli_fatal("out of memory");
		goto out;
	}
	/* the conflicts hint goes in with the message: MERGE_MSG is written once */
	rc = r->o->squash ? merge_finish(r, NULL, NULL) : merge_write_state(r, &hint);
	if (rc)
		goto out;
	if (status == 0) {
		fflush(stdout);
		fputs("Automatic merge went well; stopped before committing as requested\n", stderr);
		goto out;
	}
	if (!r->o->squash || (rc = append_merge_msg(r, &hint)) == 0) {
		puts("Automatic merge failed; fix conflicts and then commit the result.");
		rc = 1;
	}
out:
	sgit_buf_release(&hint);
	return rc;
}

/* Tracked files that differ from HEAD (in the index or the work tree): what git's stash would keep. */
static int local_changes(struct merge_run *r, int *any)
{
	struct sgit_changes changes = SGIT_CHANGES_INIT;
	int rc;

	if ((rc = sgit_diff_tree_worktree(&changes, r->ctx->repo, &r->head_tree, r->idx, NULL)) == 0 &&
	    (rc = sgit_diff_settle_worktree(&changes, NULL, r->ctx->repo)) == 0)
		*any = changes.nr > 0;
	sgit_changes_release(&changes);
	return rc < 0 ? cli_fatal_err(cli_err(r->ctx)) : 0;
}

/*
 * A strategy that failed: git puts the local changes it stashed back with
 * a reset, which logs "<action>: updating HEAD" in HEAD's reflog.
 */
static int failed(struct merge_run *r, const char *strategy, int had_changes)
{
	struct sgit_buf msg = SGIT_BUF_INIT;
	int rc = 2;

	fflush(stdout);
	fprintf(stderr, "Merge with strategy %s failed.\n", strategy);
	if (had_changes && (sgit_buf_printf(&msg, "%s: updating HEAD", r->reflog_action.ptr) < 0 ||
			    sgit_refdb_reflog_append(sgit_repo_refdb(r->ctx->repo), "HEAD", &r->head, &r->head,
						     r->committer.ptr, msg.ptr) < 0))
		rc = cli_fatal_err(cli_err(r->ctx));
	sgit_buf_release(&msg);
	return rc;
}

int merge_real(struct merge_run *r)
{
	struct sgit_merge_result res = SGIT_MERGE_RESULT_INIT;
	const char *strategy = r->heads.nr > 1 ? "octopus" : "ort";
	int rc, status = 0, had_changes = 0;

	if ((rc = cli_index_open(&r->idx, r->ctx, 1)) != 0)
		return rc;
	/* an octopus may change things before it fails: look first */
	if (r->heads.nr > 1 && (rc = local_changes(r, &had_changes)) != 0)
		goto out;
	rc = r->heads.nr > 1 ? run_octopus(r, &res, &status) : run_ort(r, &res, &status);
	if (!rc && status == 2 && r->heads.nr == 1)
		rc = local_changes(r, &had_changes);
	if (rc)
		goto out;
	/* a failed octopus leaves the index as far as it got, as git's does */
	if ((status != 2 || r->heads.nr > 1) && (rc = cli_worktree_write_index(r->ctx, r->idx)) != 0)
		goto out;
	if (status == 2)
		rc = failed(r, strategy, had_changes);
	else if (status == 0 && r->o->commit) {
		rc = merge_commit(r, &res.tree, strategy);
	} else {
		rc = stop(r, status);
	}
out:
	sgit_merge_result_release(&res);
	sgit_index_free(r->idx);
	r->idx = NULL;
	return rc;
}
