/* porcelain/cli/merge_cmd_run.c: sgit merge from its arguments to the decision: up to date, fast-forward, or a merge */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "porcelain/cli/checkout_cmd.h"
#include "porcelain/cli/editor.h"
#include "porcelain/cli/index_cmd.h"
#include "porcelain/cli/merge_cmd.h"
#include "porcelain/cli/ref_cmd.h"
#include "porcelain/cli/worktree_cmd.h"
#include "sgit/merge_base.h"
#include "util/fs.h"

/* ---- what to merge ---- */

/* git's words for a name that is no commit: "merge: x - not something we can merge", exit 1. */
static int not_mergeable(struct merge_run *r, const char *name, int rc)
{
	if (rc == SGIT_EINVALID)
		cli_error("%s", sgit_error_message(cli_err(r->ctx)));
	fflush(stdout);
	fprintf(stderr, "merge: %s - not something we can merge\n", name);
	return 1;
}

/* FETCH_HEAD alone: its for-merge lines are the heads, and its text the message's input. */
static int heads_from_fetch_head(struct merge_run *r, struct sgit_buf *names)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	const char *bad = NULL, *nl;
	int rc = 0;

	if (sgit_fs_join(&path, sgit_repo_git_dir(r->ctx->repo), "FETCH_HEAD") < 0 ||
	    sgit_fs_read_file(names, path.ptr, cli_err(r->ctx)) < 0) {
		rc = cli_fatal("could not read '%s': No such file or directory", path.ptr);
	} else if ((rc = sgit_merge_heads_from_fetch_head(&r->heads, &bad, r->ctx->repo, names->ptr, names->len,
							   1)) == SGIT_ENOMEM) {
		rc = cli_fatal("out of memory");
	} else if (rc < 0) {
		nl = memchr(bad, '\n', (size_t)(names->ptr + names->len - bad));
		rc = cli_fatal("not something we can merge in %s: %.*s", path.ptr,
			       (int)((nl ? nl : names->ptr + names->len) - bad), bad);
	}
	sgit_buf_release(&path);
	return rc;
}

static int heads_from_args(struct merge_run *r)
{
	struct sgit_merge_head h;
	int i, rc;

	for (i = 0; i < r->o->nargs; i++) {
		if ((rc = sgit_merge_head_resolve(&h, r->ctx->repo, r->o->args[i])) < 0)
			return not_mergeable(r, r->o->args[i], rc);
		if (sgit_merge_heads_push(&r->heads, &h) < 0) {
			free(h.name);
			return cli_fatal("out of memory");
		}
	}
	return 0;
}

/* The message git prepares from the heads: -m's text, then fmt-merge-msg's, its last LF dropped. */
static int build_message(struct merge_run *r, struct sgit_buf *names, int from_fetch_head)
{
	struct sgit_merge_msg_options mo = SGIT_MERGE_MSG_OPTIONS_INIT;
	struct cli_merge_msg_env env;
	struct sgit_buf diag = SGIT_BUF_INIT;
	size_t i;
	int rc;

	memset(&env, 0, sizeof(env));
	if ((rc = cli_merge_msg_setup(&mo, &env, r->ctx)) != 0)
		goto out;
	if (r->o->shortlog_len < 0)
		r->o->shortlog_len = env.config.log > 0 ? env.config.log : 0;
	if (sgit_buf_addbuf(&r->msg, &r->o->message) < 0) {
		rc = cli_fatal("out of memory");
		goto out;
	}
	if (r->o->have_message && !r->o->shortlog_len)
		goto out;
	for (i = 0; !from_fetch_head && i < r->heads.nr; i++)
		if (sgit_merge_msg_add_head_line(names, r->ctx->repo, &r->heads.items[i]) < 0) {
			rc = cli_fatal_err(cli_err(r->ctx));
			goto out;
		}
	mo.add_title = !r->o->have_message;
	mo.shortlog_len = r->o->shortlog_len;
	mo.credit_people = r->o->edit > 0;
	mo.into_name = r->o->into_name;
	rc = sgit_merge_msg_add(&r->msg, &diag, r->ctx->repo, names->ptr, names->len, &mo);
	cli_merge_print_diag(&diag);
	if (rc < 0) {
		rc = cli_fatal_err(cli_err(r->ctx));
		goto out;
	}
	if (r->msg.len)
		sgit_buf_truncate(&r->msg, r->msg.len - 1);
	rc = 0;
out:
	cli_merge_msg_env_release(&env);
	sgit_buf_release(&diag);
	return rc;
}

/* The heads, reduced, and the message made from them. */
static int collect(struct merge_run *r, int want_message)
{
	struct sgit_buf names = SGIT_BUF_INIT;
	int fetch_head = r->o->nargs == 1 && !strcmp(r->o->args[0], "FETCH_HEAD");
	int rc;

	rc = fetch_head ? heads_from_fetch_head(r, &names) : heads_from_args(r);
	if (!rc && sgit_merge_heads_reduce(&r->heads, &r->head_subsumed, r->ctx->repo,
					   r->has_head ? &r->head : NULL) < 0)
		rc = cli_fatal_err(cli_err(r->ctx));
	if (!rc && want_message)
		rc = build_message(r, &names, fetch_head);
	sgit_buf_release(&names);
	return rc;
}

/* ---- decisions ---- */

/* git's rule: a tag fast-forwards only when it is the one refs/tags/<its name> holds. */
static int throwaway_tag(struct merge_run *r, const struct sgit_merge_head *h)
{
	struct sgit_buf data = SGIT_BUF_INIT, ref = SGIT_BUF_INIT;
	enum sgit_object_type type = SGIT_OBJ_NONE;
	struct sgit_tag *tag = NULL;
	struct sgit_oid stored;
	int throwaway = 1;

	if (h->named_type != SGIT_OBJ_TAG)
		return 0;
	if (sgit_odb_read(&data, &type, sgit_repo_odb(r->ctx->repo), &h->named) == 0 &&
	    sgit_tag_parse(&tag, data.ptr, data.len, NULL) == 0 &&
	    sgit_buf_printf(&ref, "refs/tags/%s", sgit_tag_name(tag)) == 0 &&
	    sgit_refdb_resolve(&stored, NULL, sgit_repo_refdb(r->ctx->repo), ref.ptr) == 0 &&
	    sgit_oid_equal(&stored, &h->named))
		throwaway = 0;
	sgit_error_clear(cli_err(r->ctx));
	sgit_tag_free(tag);
	sgit_buf_release(&data);
	sgit_buf_release(&ref);
	return throwaway;
}

/* Without -e or --no-edit: GIT_MERGE_AUTOEDIT, else an editor when both ends are one terminal. */
static int default_edit(struct merge_run *r)
{
	const char *e = sgit_repo_getenv(r->ctx->repo, "GIT_MERGE_AUTOEDIT");
	struct stat in, out;
	int v;

	if (r->o->have_message)
		return 0;
	if (e) {
		if (sgit_config_parse_bool(&v, e) < 0)
			return -cli_fatal("Bad value '%s' in environment '%s'", e, "GIT_MERGE_AUTOEDIT");
		return v;
	}
	return !fstat(0, &in) && !fstat(1, &out) && isatty(0) && isatty(1) && in.st_dev == out.st_dev &&
	       in.st_ino == out.st_ino && in.st_mode == out.st_mode;
}

static int find_bases(struct merge_run *r)
{
	struct sgit_merge_base *mb = NULL;
	struct sgit_oid *ids = NULL;
	size_t i;
	int rc;

	if ((rc = sgit_merge_base_new(&mb, sgit_repo_odb(r->ctx->repo), cli_err(r->ctx))) < 0)
		goto out;
	if (r->heads.nr == 1) {
		rc = sgit_merge_base_many(&r->bases, &r->nbases, mb, &r->head, &r->heads.items[0].commit, 1);
		goto out;
	}
	if (!(ids = calloc(r->heads.nr + 1, sizeof(*ids)))) {
		rc = sgit_error_nomem(cli_err(r->ctx));
		goto out;
	}
	ids[0] = r->head;
	for (i = 0; i < r->heads.nr; i++)
		ids[i + 1] = r->heads.items[i].commit;
	rc = sgit_merge_base_octopus(&r->bases, &r->nbases, mb, ids, r->heads.nr + 1);
out:
	free(ids);
	sgit_merge_base_free(mb);
	return rc < 0 ? cli_fatal_err(cli_err(r->ctx)) : 0;
}

static int update_orig_head(struct merge_run *r)
{
	struct sgit_ref_update u;

	memset(&u, 0, sizeof(u));
	u.name = "ORIG_HEAD";
	u.new_oid = &r->head;
	u.reflog_msg = "updating ORIG_HEAD";
	u.committer = r->committer.ptr;
	return sgit_refdb_update(sgit_repo_refdb(r->ctx->repo), &u) < 0 ? cli_fatal_err(cli_err(r->ctx)) : 0;
}

static int up_to_date(struct merge_run *r)
{
	if (r->o->verbosity >= 0)
		puts(r->o->squash ? "Already up to date. (nothing to squash)" : "Already up to date.");
	return sgit_merge_state_clear(r->ctx->repo) < 0 ? cli_fatal_err(cli_err(r->ctx)) : 0;
}

static int fast_forward(struct merge_run *r)
{
	const struct sgit_oid *to = &r->heads.items[0].commit;
	char a[SGIT_OID_HEXSZ + 1], b[SGIT_OID_HEXSZ + 1];
	struct sgit_oid tree;
	int rc;

	if (r->o->verbosity >= 0) {
		sgit_repo_abbrev(a, r->ctx->repo, &r->head);
		sgit_repo_abbrev(b, r->ctx->repo, to);
		printf("Updating %s..%s\n", a, b);
	}
	if (cli_commit_tree(&tree, r->ctx, to) < 0)
		return cli_fatal_err(cli_err(r->ctx));
	if ((rc = merge_move_tree(r, &r->head_tree, &tree)) != 0)
		return rc;
	if ((rc = merge_finish(r, to, r->o->have_message ? "Fast-forward (no commit created; -m option ignored)"
							 : "Fast-forward")) != 0)
		return rc;
	return sgit_merge_state_clear(r->ctx->repo) < 0 ? cli_fatal_err(cli_err(r->ctx)) : 0;
}

/* HEAD on an unborn branch takes the one head it is given, as git's "initial pull". */
static int into_unborn(struct merge_run *r)
{
	struct sgit_ref_update u;
	struct sgit_oid zero, tree;
	int rc;

	if (r->o->squash)
		return cli_fatal("Squash commit into empty head not supported yet");
	if (r->o->ff == MERGE_FF_NO)
		return cli_fatal("Non-fast-forward commit does not make sense into an empty head");
	if ((rc = collect(r, 0)) != 0)
		return rc;
	if (!r->heads.nr)
		return not_mergeable(r, r->o->args[0], 0);
	if (r->heads.nr > 1)
		return cli_fatal("Can merge only exactly one commit into empty head");
	if (r->o->verify_signatures && (rc = merge_verify_signature(r, &r->heads.items[0].commit)) != 0)
		return rc;
	if (cli_commit_tree(&tree, r->ctx, &r->heads.items[0].commit) < 0)
		return cli_fatal_err(cli_err(r->ctx));
	if ((rc = merge_move_tree(r, NULL, &tree)) != 0)
		return rc;
	sgit_oid_clear(&zero);
	memset(&u, 0, sizeof(u));
	u.name = "HEAD";
	u.new_oid = &r->heads.items[0].commit;
	u.old_oid = &zero;
	u.reflog_msg = "initial pull";
	u.committer = r->committer.ptr;
	return sgit_refdb_update(sgit_repo_refdb(r->ctx->repo), &u) < 0 ? cli_fatal_err(cli_err(r->ctx)) : 0;
}

/* "merge <name>..." unless the caller (pull) or GIT_REFLOG_ACTION says otherwise. */
static int reflog_action(struct merge_run *r)
{
	const char *env = r->o->reflog_action ? r->o->reflog_action
					      : sgit_repo_getenv(r->ctx->repo, "GIT_REFLOG_ACTION");
	size_t i;
	int rc = 0;

	if (env)
		return sgit_buf_sets(&r->reflog_action, env) < 0 ? cli_fatal("out of memory") : 0;
	rc = sgit_buf_sets(&r->reflog_action, "merge");
	for (i = 0; i < r->heads.nr && !rc; i++)
		rc = sgit_buf_addf(&r->reflog_action, " %s", r->heads.items[i].name);
	return rc < 0 ? cli_fatal("out of memory") : 0;
}

/* With merge.defaultToUpstream: the branch's upstream, else git's refusal. */
static int no_args(struct merge_run *r)
{
	if (!r->o->default_to_upstream)
		return cli_fatal("No commit specified and merge.defaultToUpstream not set.");
	if (!strcmp(r->head_ref.ptr, "HEAD"))
		return cli_fatal("No current branch.");
	return cli_fatal("No remote for the current branch.");
}

static int after_heads(struct merge_run *r)
{
	size_t i;
	int rc, single = r->heads.nr == 1;

	for (i = 0; r->o->verify_signatures && i < r->heads.nr; i++)
		if ((rc = merge_verify_signature(r, &r->heads.items[i].commit)) != 0)
			return rc;
	if ((rc = reflog_action(r)) != 0)
		return rc;
	for (i = 0; i < r->heads.nr; i++)
		if (r->o->ff != MERGE_FF_ONLY && throwaway_tag(r, &r->heads.items[i]))
			r->o->ff = MERGE_FF_NO;
	if (r->o->edit < 0 && (r->o->edit = default_edit(r)) < 0)
		return -r->o->edit;
	if (r->heads.nr && (rc = find_bases(r)) != 0)
		return rc;
	if ((rc = update_orig_head(r)) != 0)
		return rc;
	if (r->heads.nr && !r->nbases) {
		if (!r->o->allow_unrelated)
			return cli_fatal("refusing to merge unrelated histories");
	} else if (!r->heads.nr || (single && r->nbases == 1 &&
				    sgit_oid_equal(&r->bases[0], &r->heads.items[0].commit))) {
		return up_to_date(r);
	} else if (r->o->ff != MERGE_FF_NO && single && r->nbases == 1 &&
		   sgit_oid_equal(&r->bases[0], &r->head)) {
		return fast_forward(r);
	}
	if (r->o->ff == MERGE_FF_ONLY)
		return cli_fatal("Not possible to fast-forward, aborting.");
	return merge_real(r);
}

int merge_run(struct merge_run *r)
{
	struct cli_head h = CLI_HEAD_INIT;
	struct sgit_buf prev = SGIT_BUF_INIT;
	int rc;

	if ((rc = cli_head_read(&h, r->ctx)) != 0)
		goto out;
	r->has_head = h.born;
	r->head = h.commit;
	r->head_tree = h.tree;
	if (sgit_buf_sets(&r->head_ref, h.ref.len ? h.ref.ptr : "HEAD") < 0) {
		rc = cli_fatal("out of memory");
		goto out;
	}
	r->cc = cli_comment_char(r->ctx);
	if ((rc = cli_refcmd_committer(&r->committer, r->ctx)) != 0)
		goto out;
	if (!r->o->nargs) {
		rc = no_args(r);
		goto out;
	}
	if (r->o->nargs == 1 && !strcmp(r->o->args[0], "-")) {
		if (cli_checkout_expand_previous(&prev, r->ctx, "-") < 0) {
			rc = not_mergeable(r, "@{-1}", 0);
			goto out;
		}
		r->o->args[0] = prev.ptr;
	}
	if (!r->has_head)
		rc = into_unborn(r);
	else if ((rc = collect(r, 1)) == 0)
		rc = after_heads(r);
out:
	cli_head_release(&h);
	sgit_buf_release(&prev);
	return rc;
}
