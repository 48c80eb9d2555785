/* porcelain/cli/merge_cmd_finish.c: the end of sgit merge: the commit, HEAD, the diffstat, squash, signatures */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "porcelain/cli/checkout_cmd.h"
#include "porcelain/cli/editor.h"
#include "porcelain/cli/merge_cmd.h"
#include "porcelain/cli/sign_cmd.h"
#include "sgit/changes.h"
#include "sgit/commit.h"
#include "sgit/commit_create.h"
#include "sgit/diff_output.h"
#include "sgit/person.h"
#include "sgit/pretty.h"
#include "sgit/revwalk.h"
#include "sgit/signature.h"
#include "util/fs.h"

/* Editor template text: git's words, to the letter (a script may look for them). */
static const char editor_comment[] =
	"Please enter a commit message to explain why this merge is necessary,\n"
	"especially if it merges an updated upstream into a topic branch.\n"
	"\n";
static const char scissors_comment[] = "An empty message aborts the commit.\n";
static const char no_scissors_comment[] =
	"Lines starting with '%c' will be ignored, and an empty message aborts\n"
	"the commit.\n";
static const char cut_explanation[] =
	"Do not modify or remove the line above.\nEverything below it will be ignored.";

/* ---- the diffstat ---- */

static int diffstat(struct merge_run *r, const struct sgit_oid *from, const struct sgit_oid *to)
{
	struct sgit_diff_output_options dopts = SGIT_DIFF_OUTPUT_OPTIONS_INIT;
	struct sgit_changes changes = SGIT_CHANGES_INIT;
	struct sgit_repo *repo = r->ctx->repo;
	struct sgit_oid a, b;
	struct sgit_buf out = SGIT_BUF_INIT;
	int rc;

	if ((rc = cli_commit_tree(&a, r->ctx, from)) < 0 || (rc = cli_commit_tree(&b, r->ctx, to)) < 0 ||
	    (rc = sgit_diff_output_config(&dopts, repo)) < 0 ||
	    (rc = sgit_changes_tree_tree(&changes, repo, &a, &b, NULL)) < 0)
		goto out;
	dopts.renames = 1;
	dopts.format = SGIT_DIFF_FORMAT_STAT | SGIT_DIFF_FORMAT_SUMMARY;
	if (changes.nr && (rc = sgit_diff_output(repo, &changes, &dopts, sgit_diff_write_buf, &out)) == 0)
		fwrite(out.ptr, 1, out.len, stdout);
out:
	sgit_changes_release(&changes);
	sgit_buf_release(&out);
	return rc < 0 ? cli_fatal_err(cli_err(r->ctx)) : 0;
}

/* ---- HEAD ---- */

int merge_finish(struct merge_run *r, const struct sgit_oid *new_head, const char *msg)
{
	struct sgit_buf reflog = SGIT_BUF_INIT;
	struct sgit_ref_update u;
	int rc = 0;

	if (msg && r->o->verbosity >= 0)
		printf("%s\n", msg);
	if ((msg ? sgit_buf_printf(&reflog, "%s: %s", r->reflog_action.ptr, msg)
		 : sgit_buf_sets(&reflog, r->reflog_action.ptr)) < 0) {
		rc = cli_fatal("out of memory");
		goto out;
	}
	if (r->o->squash) {
		rc = merge_squash_message(r);
	} else if (r->o->verbosity >= 0 && !r->msg.len) {
		puts("No merge message -- not updating HEAD");
	} else {
		memset(&u, 0, sizeof(u));
		u.name = "HEAD";
		u.new_oid = new_head;
		u.old_oid = &r->head;
		u.reflog_msg = reflog.ptr;
		u.committer = r->committer.ptr;
		if (sgit_refdb_update(sgit_repo_refdb(r->ctx->repo), &u) < 0)
			rc = cli_fatal_err(cli_err(r->ctx));
	}
	if (!rc && new_head && r->o->show_diffstat) {
		fflush(stdout);
		rc = diffstat(r, &r->head, new_head);
	}
	fflush(stdout);
out:
	sgit_buf_release(&reflog);
	return rc;
}

/* ---- the commit ---- */

int merge_add_cut_line(struct sgit_buf *out, char cc)
{
	if (sgit_message_add_scissors(out, cc) < 0 ||
	    sgit_message_add_commented(out, cut_explanation, strlen(cut_explanation), cc) < 0)
		return SGIT_ENOMEM;
	return 0;
}

/* The message with git's editor comments, when the user edits it. */
static int editor_template(struct sgit_buf *out, struct merge_run *r)
{
	struct sgit_buf line = SGIT_BUF_INIT;
	int rc = sgit_buf_addbuf(out, &r->msg);

	if (rc || r->o->edit <= 0)
		return rc;
	rc |= sgit_buf_addch(out, '\n');
	if (r->cleanup == SGIT_CLEANUP_SCISSORS)
		rc |= merge_add_cut_line(out, r->cc) | sgit_message_add_commented(out, "\n", 1, r->cc);
	rc |= sgit_message_add_commented(out, editor_comment, strlen(editor_comment), r->cc);
	if (r->cleanup == SGIT_CLEANUP_SCISSORS)
		rc |= sgit_message_add_commented(out, scissors_comment, strlen(scissors_comment), r->cc);
	else
		rc |= sgit_buf_printf(&line, no_scissors_comment, r->cc) |
		      sgit_message_add_commented(out, line.ptr, line.len, r->cc);
	sgit_buf_release(&line);
	return rc;
}

/* git gives up on the commit but keeps the merge for "commit" to conclude: 1, or 128 when that fails. */
static int abort_commit(struct merge_run *r, const char *why)
{
	int rc;

	if (why)
		cli_error("%s", why);
	fflush(stdout);
	fputs("Not committing merge; use 'sgit commit' to complete the merge.\n", stderr);
	rc = merge_write_state(r, NULL);
	return rc ? rc : 1;
}

/* MERGE_HEAD and MERGE_MSG written, the editor run when asked, the message read back and cleaned. */
static int final_message(struct sgit_buf *msg, struct merge_run *r)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	int rc = 0;

	if (sgit_message_cleanup_mode_parse(&r->cleanup, r->o->cleanup ? r->o->cleanup : "default",
					    r->o->edit > 0, &err) < 0)
		return cli_fatal("Invalid cleanup mode %s", r->o->cleanup);
	if (editor_template(msg, r) < 0 || sgit_fs_join(&path, sgit_repo_git_dir(r->ctx->repo), "MERGE_MSG") < 0) {
		rc = cli_fatal("out of memory");
		goto out;
	}
	if (sgit_merge_state_write_heads(r->ctx->repo, &r->heads, r->o->ff == MERGE_FF_NO) < 0 ||
	    sgit_merge_state_write_msg(r->ctx->repo, msg->ptr, msg->len) < 0) {
		rc = cli_fatal_err(cli_err(r->ctx));
		goto out;
	}
	if (r->o->edit > 0 && cli_run_editor(r->ctx, path.ptr, NULL) != 0) {
		rc = abort_commit(r, NULL);
		goto out;
	}
	if (sgit_fs_read_file(msg, path.ptr, cli_err(r->ctx)) < 0) {
		rc = cli_fatal_err(cli_err(r->ctx));
		goto out;
	}
	if (sgit_message_cleanup(msg, r->cleanup, r->cc) < 0)
		rc = cli_fatal("out of memory");
	else if (!msg->len)
		rc = abort_commit(r, "Empty commit message.");
out:
	sgit_buf_release(&path);
	return rc;
}

/* HEAD first unless it is contained in what is merged (and fast-forward is allowed), then the heads. */
static int parents_of(struct sgit_oid **out, size_t *n, struct merge_run *r)
{
	size_t i;

	*n = 0;
	if (!(*out = calloc(r->heads.nr + 1, sizeof(**out))))
		return cli_fatal("out of memory");
	if (!r->head_subsumed || r->o->ff == MERGE_FF_NO)
		(*out)[(*n)++] = r->head;
	for (i = 0; i < r->heads.nr; i++)
		(*out)[(*n)++] = r->heads.items[i].commit;
	return 0;
}

static int ident(struct sgit_buf *out, struct merge_run *r, enum sgit_person_role role)
{
	struct sgit_person_options p = SGIT_PERSON_OPTIONS_INIT;
	int hint = 0;

	p.repo = r->ctx->repo;
	p.now = (int64_t)time(NULL);
	p.strict = 1;
	if (sgit_person_ident(out, &hint, role, &p, cli_err(r->ctx)) < 0) {
		if (hint) {
			fflush(stdout);
			fputs(sgit_person_hint(role), stderr);
		}
		return cli_fatal_err(cli_err(r->ctx));
	}
	return 0;
}

static int write_commit(struct sgit_oid *id, struct merge_run *r, const struct sgit_oid *tree,
			const struct sgit_buf *msg)
{
	struct sgit_commit_create_opts co = SGIT_COMMIT_CREATE_OPTS_INIT;
	struct sgit_commit_extra extra = SGIT_COMMIT_EXTRA_INIT;
	struct sgit_commit_create_result res;
	struct sgit_buf author = SGIT_BUF_INIT, committer = SGIT_BUF_INIT;
	struct sign_ctx sign;
	struct sgit_oid *parents = NULL;
	size_t n = 0;
	int rc, signing = r->o->sign_key != NULL;

	memset(&sign, 0, sizeof(sign));
	if ((rc = parents_of(&parents, &n, r)) || (rc = ident(&author, r, SGIT_PERSON_AUTHOR)) ||
	    (rc = ident(&committer, r, SGIT_PERSON_COMMITTER)) ||
	    (signing && (rc = sign_ctx_init(&sign, r->ctx, r->o->sign_key, committer.ptr))))
		goto out;
	if (sgit_merge_mergetags(&extra, r->ctx->repo, &r->heads, parents, n) < 0) {
		rc = cli_fatal_err(cli_err(r->ctx));
		goto out;
	}
	co.tree = tree;
	co.parents = parents;
	co.nparents = n;
	co.author = author.ptr;
	co.committer = committer.ptr;
	co.extra = &extra;
	co.message = msg->ptr;
	co.message_len = msg->len;
	co.sign = signing ? sign_ctx_cb : NULL;
	co.sign_data = &sign;
	if (sgit_commit_create(&res, r->ctx->repo, &co) < 0) {
		if (res.failed == SGIT_COMMIT_STEP_SIGN)
			sign_ctx_report(&sign, cli_err(r->ctx));
		else
			cli_error("%s", sgit_error_message(cli_err(r->ctx)));
		rc = cli_fatal("failed to write commit object");
		goto out;
	}
	*id = res.id;
out:
	if (signing)
		sign_ctx_release(&sign);
	sgit_commit_extra_release(&extra);
	sgit_buf_release(&author);
	sgit_buf_release(&committer);
	free(parents);
	return rc;
}

int merge_commit(struct merge_run *r, const struct sgit_oid *tree, const char *strategy)
{
	struct sgit_buf msg = SGIT_BUF_INIT, done = SGIT_BUF_INIT;
	struct sgit_oid id;
	int rc;

	if ((rc = final_message(&msg, r)) != 0 || (rc = write_commit(&id, r, tree, &msg)) != 0)
		goto out;
	if (sgit_buf_printf(&done, "Merge made by the '%s' strategy.", strategy) < 0) {
		rc = cli_fatal("out of memory");
		goto out;
	}
	if ((rc = merge_finish(r, &id, done.ptr)) == 0 && sgit_merge_state_clear(r->ctx->repo) < 0)
		rc = cli_fatal_err(cli_err(r->ctx));
out:
	sgit_buf_release(&msg);
	sgit_buf_release(&done);
	return rc;
}

/* ---- squash ---- */

static int squash_walk(struct sgit_buf *out, struct merge_run *r)
{
	struct sgit_revwalk_options wo = SGIT_REVWALK_OPTIONS_INIT;
	struct sgit_pretty_options po = SGIT_PRETTY_OPTIONS_INIT;
	struct sgit_revwalk *w = NULL;
	struct sgit_buf entry = SGIT_BUF_INIT;
	const struct sgit_commit *c;
	struct sgit_oid id;
	char hex[SGIT_OID_HEXSZ + 1];
	size_t i;
	int rc;

	po.now = (int64_t)time(NULL);
	if ((rc = sgit_revwalk_new(&w, sgit_repo_odb(r->ctx->repo), &wo, cli_err(r->ctx))) < 0 ||
	    (rc = sgit_revwalk_hide(w, &r->head)) < 0)
		goto out;
	for (i = 0; i < r->heads.nr && rc >= 0; i++)
		rc = sgit_revwalk_push(w, &r->heads.items[i].commit);
	while (rc >= 0 && (rc = sgit_revwalk_next(&id, w)) == 0) {
		if ((rc = sgit_revwalk_commit(&c, w)) < 0 ||
		    (rc = sgit_pretty_format_message(&entry, r->ctx->repo, &id, c, &po, cli_err(r->ctx))) < 0)
			break;
		if (sgit_buf_addf(out, "\ncommit %s\n", sgit_oid_tohex(hex, &id)) < 0 || sgit_buf_addbuf(out, &entry) < 0)
			rc = sgit_error_nomem(cli_err(r->ctx));
	}
out:
	sgit_revwalk_free(w);
	sgit_buf_release(&entry);
	return rc < 0 ? rc : 0;
}

int merge_squash_message(struct merge_run *r)
{
	struct sgit_buf out = SGIT_BUF_INIT, path = SGIT_BUF_INIT;
	int rc = 0;

	puts("Squash commit -- not updating HEAD");
	if (sgit_buf_sets(&out, "Squashed commit of the following:\n") < 0 ||
	    sgit_fs_join(&path, sgit_repo_git_dir(r->ctx->repo), "SQUASH_MSG") < 0)
		rc = cli_fatal("out of memory");
	else if (squash_walk(&out, r) < 0 ||
		 sgit_fs_write_atomic(path.ptr, out.ptr, out.len, 0666, cli_err(r->ctx)) < 0)
		rc = cli_fatal_err(cli_err(r->ctx));
	sgit_buf_release(&out);
	sgit_buf_release(&path);
	return rc;
}

/* ---- --verify-signatures ---- */

int merge_verify_signature(struct merge_run *r, const struct sgit_oid *commit)
{
	struct sgit_sigcheck check = SGIT_SIGCHECK_INIT;
	struct sgit_gpg_config cfg = SGIT_GPG_CONFIG_INIT;
	struct sgit_buf data = SGIT_BUF_INIT;
	enum sgit_object_type type = SGIT_OBJ_NONE;
	char hex[SGIT_OID_HEXSZ + 1];
	int rc = 0;

	sgit_repo_abbrev(hex, r->ctx->repo, commit);
	if (sgit_signature_config(&cfg, r->ctx->repo) < 0 ||
	    sgit_odb_read(&data, &type, sgit_repo_odb(r->ctx->repo), commit) < 0) {
		rc = cli_fatal_err(cli_err(r->ctx));
		goto out;
	}
	if (sgit_signature_check_commit(&check, NULL, &cfg, data.ptr, data.len, cli_err(r->ctx)) < 0)
		sgit_error_clear(cli_err(r->ctx));
	if (check.result == 'G') {
		if (!check.verified || (r->o->check_trust && check.trust < SGIT_GPG_TRUST_MARGINAL))
			rc = cli_fatal("Commit %s has an untrusted GPG signature, allegedly by %s.", hex, check.signer.ptr);
		else if (r->o->verbosity >= 0)
			printf("Commit %s has a good GPG signature by %s\n", hex, check.signer.ptr);
	} else if (check.result == 'B') {
		rc = cli_fatal("Commit %s has a bad GPG signature allegedly by %s.", hex, check.signer.ptr);
	} else {
		rc = cli_fatal("Commit %s does not have a GPG signature.", hex);
	}
out:
	sgit_sigcheck_release(&check);
	sgit_buf_release(&data);
	return rc;
}
