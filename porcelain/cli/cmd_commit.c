/* porcelain/cli/cmd_commit.c: sgit commit: record the index (or every change, -a) as a new commit */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include "porcelain/cli/commit_cmd.h"
#include "porcelain/cli/editor.h"
#include "porcelain/cli/index_cmd.h"
#include "porcelain/cli/sign_cmd.h"
#include "porcelain/cli/worktree_cmd.h"
#include "sgit/changes.h"
#include "sgit/diff_output.h"
#include "sgit/merge_state.h"
#include "sgit/worktree_ops.h"
#include "util/date.h"
#include "util/fs.h"

static const char *const commit_usage[] = {
	"sgit commit [-a | --interactive | --patch] [-s] [-v] [-u<mode>] [--amend]\n"
	"           [--dry-run] [(-c | -C | --squash) <commit> | --fixup [(amend|reword):]<commit>)]\n"
	"           [-F <file> | -m <msg>] [--reset-author] [--allow-empty]\n"
	"           [--allow-empty-message] [--no-verify] [-e] [--author=<author>]\n"
	"           [--date=<date>] [--cleanup=<mode>] [--[no-]status]\n"
	"           [-i | -o] [--pathspec-from-file=<file> [--pathspec-file-nul]]\n"
	"           [(--trailer <token>[(=|:)<value>])...] [-S[<keyid>]]\n"
	"           [--] [<pathspec>...]",
	NULL,
};

/* The files of an operation in progress that a commit concludes. */
static const char *const state_files[] = {
	"CHERRY_PICK_HEAD", "REVERT_HEAD", "MERGE_HEAD", "MERGE_MSG", "MERGE_MODE", "AUTO_MERGE",
	"SQUASH_MSG",
};

static void state_release(struct commit_state *st)
{
	if (st->idx != st->real)
		sgit_index_free(st->idx);
	sgit_index_free(st->real);
	sgit_commit_free(st->old);
	sgit_commit_extra_release(&st->merge_extra);
	sgit_buf_release(&st->head_ref);
	sgit_buf_release(&st->author);
	sgit_buf_release(&st->committer);
	sgit_buf_release(&st->msg);
	free(st->parents);
}

static int git_path(struct sgit_buf *out, struct cli_ctx *ctx, const char *name)
{
	return sgit_fs_join(out, sgit_repo_git_dir(ctx->repo), name);
}

/* ---- HEAD and the parents ---- */

static int read_commit(struct sgit_commit **out, struct cli_ctx *ctx, const struct sgit_oid *id)
{
	struct sgit_buf data = SGIT_BUF_INIT;
	enum sgit_object_type type = SGIT_OBJ_NONE;
	char hex[SGIT_OID_HEXSZ + 1];
	int rc;

	if ((rc = sgit_odb_read(&data, &type, sgit_repo_odb(ctx->repo), id)) == 0 && type != SGIT_OBJ_COMMIT)
		rc = sgit_error_set(cli_err(ctx), SGIT_ECORRUPT, "object %s is a %s, not a commit",
				    sgit_oid_tohex(hex, id), sgit_object_type_name(type));
	if (rc == 0)
		rc = sgit_commit_parse(out, data.ptr, data.len, cli_err(ctx));
	sgit_buf_release(&data);
	return rc < 0 ? cli_fatal_err(cli_err(ctx)) : 0;
}

static int read_head(struct commit_state *st)
{
	struct cli_ctx *ctx = st->ctx;
	int rc = sgit_refdb_resolve(&st->head, &st->head_ref, sgit_repo_refdb(ctx->repo), "HEAD");

	if (rc == SGIT_ENOTFOUND) {
		sgit_error_clear(cli_err(ctx));
		return 0;
	}
	if (rc < 0)
		return cli_fatal_err(cli_err(ctx));
	st->has_head = 1;
	return read_commit(&st->old, ctx, &st->head);
}

static int push_parent(struct commit_state *st, const struct sgit_oid *id)
{
	struct sgit_oid *p;
	size_t i;

	for (i = 0; i < st->nparents; i++)
		if (sgit_oid_equal(&st->parents[i], id))
			return 0;
	if (!(p = realloc(st->parents, (st->nparents + 1) * sizeof(*p))))
		return cli_fatal("out of memory");
	st->parents = p;
	st->parents[st->nparents++] = *id;
	return 0;
}

/*
 * A merge in progress (MERGE_HEAD): the parents as git decides them (HEAD,
 * then the merged heads reduced unless MERGE_MODE says no-ff; a tag named
 * there kept for its mergetag header) and the mergetag headers; add says
 * whether to take them (not when amending).
 */
static int merge_parents(struct commit_state *st, int add)
{
	struct sgit_merge_state ms = SGIT_MERGE_STATE_INIT;
	int rc = sgit_merge_state_load(&ms, st->ctx->repo, st->has_head ? &st->head : NULL);

	if (rc == SGIT_ENOTFOUND) {
		sgit_error_clear(cli_err(st->ctx));
		return 0;
	}
	if (rc < 0)
		return cli_fatal_err(cli_err(st->ctx));
	st->merging = 1;
	if (add) {
		free(st->parents);
		st->parents = ms.parents;
		st->nparents = ms.nparents;
		ms.parents = NULL;
		st->merge_extra = ms.extra;
		memset(&ms.extra, 0, sizeof(ms.extra));
	}
	sgit_merge_state_release(&ms);
	return 0;
}

static int decide_parents(struct commit_state *st)
{
	size_t i;
	int rc = 0;

	if (st->o->amend) {
		for (i = 0; i < sgit_commit_parent_count(st->old) && !rc; i++)
			rc = push_parent(st, sgit_commit_parent_id(st->old, i));
	} else if (st->has_head) {
		rc = push_parent(st, &st->head);
	}
	return rc ? rc : merge_parents(st, !st->o->amend);
}

/* What "nothing to commit" is judged against: HEAD's tree, or for --amend its first parent's. */
static int decide_base(struct commit_state *st)
{
	struct sgit_commit *c = NULL;
	int rc = 0;

	st->base_given = 1;
	if (st->o->amend && sgit_commit_parent_count(st->old)) {
		if ((rc = read_commit(&c, st->ctx, sgit_commit_parent_id(st->old, 0))) != 0)
			return rc;
		st->base = *sgit_commit_tree_id(c);
		st->has_base = 1;
		sgit_commit_free(c);
	} else if (!st->o->amend && st->has_head) {
		st->base = *sgit_commit_tree_id(st->old);
		st->has_base = 1;
	}
	return 0;
}

/* ---- identities ---- */

static int ident_failed(struct cli_ctx *ctx, int hint, enum sgit_person_role role)
{
	if (hint) {
		fflush(stdout);
		fputs(sgit_person_hint(role), stderr);
	}
	return cli_fatal_err(cli_err(ctx));
}

/* --author "Name <email>": the two parts, trimmed. */
static int split_author(struct sgit_buf *name, struct sgit_buf *email, const char *arg)
{
	const char *lt = strchr(arg, '<'), *gt = lt ? strchr(lt, '>') : NULL, *end = lt;

	if (!lt || !gt)
		return cli_fatal("--author '%s' is not 'Name <email>' and matches no existing author", arg);
	while (end > arg && end[-1] == ' ')
		end--;
	if (sgit_buf_set(name, arg, (size_t)(end - arg)) < 0 ||
	    sgit_buf_set(email, lt + 1, (size_t)(gt - lt - 1)) < 0)
		return cli_fatal("out of memory");
	return 0;
}

/* "<time> <zone>" for --date, as git reads GIT_AUTHOR_DATE. */
static int forced_date(struct sgit_buf *out, struct cli_ctx *ctx, const char *date)
{
	int64_t t;
	int tz;

	if (sgit_date_parse(&t, &tz, date, (int64_t)time(NULL), cli_err(ctx)) < 0)
		return cli_fatal_err(cli_err(ctx));
	if (sgit_date_raw_add(out, t, tz) < 0)
		return cli_fatal("out of memory");
	return 0;
}

/* --amend keeps the old author, name, email and date, each unless overridden. */
static int amended_author(struct commit_state *st, const struct sgit_buf *name, const struct sgit_buf *email)
{
	const struct sgit_header *h = sgit_commit_author(st->old);
	struct sgit_buf date = SGIT_BUF_INIT;
	struct sgit_ident id;
	int rc;

	if (sgit_ident_parse(&id, h->value, h->value_len, cli_err(st->ctx)) < 0)
		return cli_fatal_err(cli_err(st->ctx));
	if (st->o->date && (rc = forced_date(&date, st->ctx, st->o->date)) != 0)
		goto out;
	if (!st->o->date && id.date && sgit_buf_set(&date, id.date, id.date_len) < 0) {
		rc = cli_fatal("out of memory");
		goto out;
	}
	rc = sgit_buf_printf(&st->author, "%.*s <%.*s> %s",
			     (int)(name->len ? name->len : id.name_len), name->len ? name->ptr : id.name,
			     (int)(email->len ? email->len : id.email_len), email->len ? email->ptr : id.email,
			     date.ptr) < 0 ? cli_fatal("out of memory") : 0;
out:
	sgit_buf_release(&date);
	return rc;
}

static int decide_idents(struct commit_state *st)
{
	struct sgit_person_options p = SGIT_PERSON_OPTIONS_INIT;
	struct sgit_buf name = SGIT_BUF_INIT, email = SGIT_BUF_INIT;
	int hint = 0, rc = 0;

	p.repo = st->ctx->repo;
	p.now = (int64_t)time(NULL);
	p.strict = 1;
	if (st->o->author && (rc = split_author(&name, &email, st->o->author)) != 0)
		goto out;
	st->author_date_shown = (st->o->amend && !st->o->reset_author) || st->o->date;
	if (st->o->amend && !st->o->reset_author) {
		rc = amended_author(st, &name, &email);
	} else {
		p.name = st->o->author ? name.ptr : NULL;
		p.email = st->o->author ? email.ptr : NULL;
		p.date = st->o->date;
		if (sgit_person_ident(&st->author, &hint, SGIT_PERSON_AUTHOR, &p, cli_err(st->ctx)) < 0)
			rc = ident_failed(st->ctx, hint, SGIT_PERSON_AUTHOR);
	}
	if (rc)
		goto out;
	p.name = p.email = p.date = NULL;
	if (sgit_person_ident(&st->committer, &hint, SGIT_PERSON_COMMITTER, &p, cli_err(st->ctx)) < 0)
		rc = ident_failed(st->ctx, hint, SGIT_PERSON_COMMITTER);
out:
	sgit_buf_release(&name);
	sgit_buf_release(&email);
	return rc;
}

/* ---- the index ---- */

static int unmerged(struct cli_ctx *ctx)
{
	cli_error("Committing is not possible because you have unmerged files.");
	if (cli_advice_enabled(ctx, "resolveConflict"))
		cli_advise("Fix them up in the work tree, and then use 'sgit add/rm <file>'\n"
			   "as appropriate to mark resolution and make a commit.");
	return cli_fatal("Exiting because of an unresolved conflict.");
}

/* The paths of the index and of HEAD that ps selects, once each; 1 after git's error for an item selecting none. */
static int partial_paths(struct cli_strlist *out, struct commit_state *st, const struct sgit_index *base,
			 const struct sgit_pathspec *ps)
{
	const struct sgit_index *sides[2] = { st->real, base };
	unsigned char *seen = calloc(ps->nr ? ps->nr : 1, 1);
	size_t i, k, j;
	int rc = 0;

	if (!seen)
		return cli_fatal("out of memory");
	for (k = 0; k < 2 && !rc; k++)
		for (i = 0; sides[k] && i < sgit_index_count(sides[k]) && !rc; i++) {
			const struct sgit_index_entry *e = sgit_index_entry_at(sides[k], i);
			char *copy;

			for (j = 0; j < ps->nr; j++) {
				/* a view of item j alone: the arrays are parallel */
				struct sgit_pathspec one = { ps->items + j, ps->nowild + j, 1 };

				seen[j] |= sgit_pathspec_selects(&one, e->path, e->path_len);
			}
			if (!sgit_pathspec_selects(ps, e->path, e->path_len) ||
			    (out->nr && !strcmp(out->items[out->nr - 1], e->path)) ||
			    (k == 1 && sgit_index_get(st->real, e->path, -1)))
				continue;
			/* copied: entries move while the indexes change */
			if (!(copy = strdup(e->path)) || cli_strlist_push(out, copy) < 0) {
				free(copy);
				rc = cli_fatal("out of memory");
			}
		}
	for (j = 0; j < ps->nr && !rc; j++)
		if (!seen[j])
			rc = cli_error("pathspec '%s' did not match any file(s) known to git", st->o->paths[j]);
	free(seen);
	return rc;
}

/* Each path as the work tree has it, in the index and in the commit's own index. */
static int update_partial(struct commit_state *st, const struct cli_strlist *paths)
{
	struct sgit_buf full = SGIT_BUF_INIT;
	size_t i;
	int rc = 0;

	for (i = 0; i < paths->nr && !rc; i++) {
		const char *path = paths->items[i];
		const struct sgit_index_entry *e;
		struct stat sb;

		if (sgit_buf_printf(&full, "%s/%s", sgit_repo_work_tree(st->ctx->repo), path) < 0) {
			rc = cli_fatal("out of memory");
			break;
		}
		if (lstat(full.ptr, &sb) < 0 || !(S_ISREG(sb.st_mode) || S_ISLNK(sb.st_mode))) {
			sgit_index_remove(st->real, path, strlen(path));
			sgit_index_remove(st->idx, path, strlen(path));
			continue;
		}
		if (sgit_worktree_stage_file(NULL, st->real, st->ctx->repo, path, &sb, 0) < 0 ||
		    !(e = sgit_index_get(st->real, path, 0)) ||
		    sgit_index_add(st->idx, e, SGIT_INDEX_ADD_REPLACE) < 0) {
			cli_error("%s", sgit_error_message(cli_err(st->ctx)));
			rc = cli_fatal("updating files failed");
		}
	}
	sgit_buf_release(&full);
	return rc;
}

/*
 * commit <paths>: the commit gets HEAD's tree with those paths as the work
 * tree has them (its own index); the index gets them too, the rest of it
 * as it was.
 */
static int prepare_partial(struct commit_state *st)
{
	struct sgit_pathspec ps = SGIT_PATHSPEC_INIT;
	struct cli_strlist paths = CLI_STRLIST_INIT;
	int rc;

	if (st->merging)
		return cli_fatal("cannot do a partial commit during a merge.");
	if ((rc = cli_worktree_pathspec(&ps, st->ctx, st->o->paths, st->o->npaths)) != 0)
		goto out;
	if (sgit_index_new(&st->idx, st->ctx->repo, cli_err(st->ctx)) < 0 ||
	    (st->has_head && sgit_index_read_tree(st->idx, sgit_commit_tree_id(st->old), 0) < 0)) {
		rc = cli_fatal_err(cli_err(st->ctx));
		goto out;
	}
	if ((rc = partial_paths(&paths, st, st->idx, &ps)) == 0)
		rc = update_partial(st, &paths);
out:
	while (paths.nr)
		free((char *)paths.items[--paths.nr]);
	cli_strlist_clear(&paths);
	sgit_pathspec_release(&ps);
	return rc;
}

static int prepare_index(struct commit_state *st)
{
	struct sgit_add_options ao = SGIT_ADD_OPTIONS_INIT;
	struct sgit_add_result res = SGIT_ADD_RESULT_INIT;
	int rc;

	if ((rc = cli_index_open(&st->real, st->ctx, 1)) != 0)
		return rc;
	if (st->o->npaths) {
		if ((rc = prepare_partial(st)) != 0)
			return rc;
	} else {
		st->idx = st->real;
	}
	if (st->o->all) {
		ao.mode = SGIT_ADD_UPDATE;
		rc = sgit_worktree_add(&res, st->idx, st->ctx->repo, &ao);
		sgit_add_result_release(&res);
		if (rc < 0) {
			cli_error("%s", sgit_error_message(cli_err(st->ctx)));
			return cli_fatal("updating files failed");
		}
	}
	if (sgit_index_has_conflicts(st->idx))
		return unmerged(st->ctx);
	if (sgit_index_write_tree(&st->tree, st->idx, 0) < 0) {
		cli_error("%s", sgit_error_message(cli_err(st->ctx)));
		return cli_fatal("Error building trees");
	}
	return 0;
}

static int committable(const struct commit_state *st)
{
	static const char empty_tree[] = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";
	struct sgit_oid empty;

	if (st->has_base)
		return !sgit_oid_equal(&st->tree, &st->base);
	sgit_oid_fromhex(&empty, empty_tree);
	return !sgit_oid_equal(&st->tree, &empty);
}

/* ---- the new commit ---- */

/* git's words for a failed commit object: signing failures first name what gpg did. */
static int create_failed(struct commit_state *st, const struct sgit_commit_create_result *res,
			 const struct sign_ctx *sc)
{
	if (res->hint) {
		fflush(stdout);
		fputs(res->hint, stderr);
	}
	if (res->failed == SGIT_COMMIT_STEP_MESSAGE)
		return cli_error("%s", sgit_error_message(cli_err(st->ctx)));
	if (res->failed == SGIT_COMMIT_STEP_SIGN) {
		sign_ctx_report(sc, cli_err(st->ctx));
		return cli_fatal("failed to write commit object");
	}
	return cli_fatal_err(cli_err(st->ctx));
}

static int create(struct sgit_oid *out, struct commit_state *st)
{
	struct sgit_commit_create_opts co = SGIT_COMMIT_CREATE_OPTS_INIT;
	struct sgit_commit_extra extra = SGIT_COMMIT_EXTRA_INIT;
	struct sgit_commit_create_result res;
	struct sign_ctx sc = { SGIT_GPG_CONFIG_INIT, SGIT_BUF_INIT, SGIT_BUF_INIT, { NULL, NULL, NULL }, 0 };
	int rc;

	if (st->o->sign_key && (rc = sign_ctx_init(&sc, st->ctx, st->o->sign_key, st->committer.ptr)))
		goto out;
	if (st->o->amend && sgit_commit_extra_from_commit(&extra, st->old, sgit_commit_signature_headers,
							  cli_err(st->ctx)) < 0) {
		rc = cli_fatal_err(cli_err(st->ctx));
		goto out;
	}
	co.tree = &st->tree;
	co.parents = st->parents;
	co.nparents = st->nparents;
	co.author = st->author.ptr;
	co.committer = st->committer.ptr;
	co.extra = st->o->amend ? &extra : &st->merge_extra;
	co.message = st->msg.ptr;
	co.message_len = st->msg.len;
	if (st->o->sign_key) {
		co.sign = sign_ctx_cb;
		co.sign_data = &sc;
	}
	rc = sgit_commit_create(&res, st->ctx->repo, &co);
	if (res.converted) {
		fflush(stdout);
		fputs(sgit_commit_utf8_warning(), stderr);
	}
	if (rc < 0) {
		rc = create_failed(st, &res, &sc);
		goto out;
	}
	*out = res.id;
out:
	sgit_commit_extra_release(&extra);
	sign_ctx_release(&sc);
	return rc;
}

static int update_head(struct commit_state *st, const struct sgit_oid *id)
{
	struct sgit_ref_update u;
	struct sgit_buf msg = SGIT_BUF_INIT, subject = SGIT_BUF_INIT;
	const char *action = sgit_repo_getenv(st->ctx->repo, "GIT_REFLOG_ACTION");
	size_t first = strcspn(st->msg.ptr, "\n");
	struct sgit_oid zero;
	int rc;

	sgit_oid_clear(&zero);
	if (!action)
		action = !st->has_head ? "commit (initial)" : st->o->amend ? "commit (amend)" :
			 st->merging ? "commit (merge)" : "commit";
	if (sgit_buf_printf(&msg, "%s: %.*s", action, (int)first, st->msg.ptr) < 0) {
		rc = cli_fatal("out of memory");
		goto out;
	}
	memset(&u, 0, sizeof(u));
	u.name = "HEAD";
	u.new_oid = id;
	u.old_oid = st->has_head ? &st->head : &zero;
	u.reflog_msg = msg.ptr;
	u.committer = st->committer.ptr;
	rc = sgit_refdb_update(sgit_repo_refdb(st->ctx->repo), &u) < 0 ? cli_fatal_err(cli_err(st->ctx)) : 0;
out:
	sgit_buf_release(&msg);
	sgit_buf_release(&subject);
	return rc;
}

static void remove_state_files(struct commit_state *st)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	size_t i;

	for (i = 0; i < sizeof(state_files) / sizeof(state_files[0]); i++)
		if (git_path(&path, st->ctx, state_files[i]) == 0)
			unlink(path.ptr);
	sgit_buf_release(&path);
}

/* ---- the summary ---- */

static const char implicit_ident_advice[] =
	"Your name and email address were configured automatically based\n"
	"on your username and hostname. Please check that they are accurate.\n"
	"You can suppress this message by setting them explicitly:\n"
	"\n"
	"    sgit config --global user.name \"Your Name\"\n"
	"    sgit config --global user.email you@example.com\n"
	"\n"
	"After doing this, you may fix the identity used for this commit with:\n"
	"\n"
	"    sgit commit --amend --reset-author\n";

static int committer_explicit(struct cli_ctx *ctx)
{
	struct sgit_config *cfg = sgit_repo_config(ctx->repo);
	const char *v = NULL;

	return sgit_repo_getenv(ctx->repo, "GIT_COMMITTER_EMAIL") || sgit_repo_getenv(ctx->repo, "EMAIL") ||
	       sgit_config_get_string(&v, cfg, "user.email") == 0 ||
	       sgit_config_get_string(&v, cfg, "committer.email") == 0;
}

/* " Author:", " Date:" and " Committer:" under the first line, when git shows them. */
static int add_people(struct sgit_buf *out, struct commit_state *st)
{
	struct sgit_ident a, c;
	struct sgit_date_mode mode = SGIT_DATE_MODE_INIT;
	struct sgit_buf date = SGIT_BUF_INIT;
	int rc = 0;

	if (sgit_ident_parse(&a, st->author.ptr, st->author.len, NULL) < 0 ||
	    sgit_ident_parse(&c, st->committer.ptr, st->committer.len, NULL) < 0)
		return 0;
	if (a.name_len != c.name_len || memcmp(a.name, c.name, a.name_len) ||
	    a.email_len != c.email_len || memcmp(a.email, c.email, a.email_len))
		rc |= sgit_buf_addf(out, " Author: %.*s <%.*s>\n", (int)a.name_len, a.name,
				    (int)a.email_len, a.email);
	if (st->author_date_shown && a.has_date) {
		rc |= sgit_date_format(&date, a.time, a.tz, &mode, 0);
		rc |= sgit_buf_addf(out, " Date: %s\n", date.ptr);
	}
	if (!committer_explicit(st->ctx)) {
		rc |= sgit_buf_addf(out, " Committer: %.*s <%.*s>\n", (int)c.name_len, c.name,
				    (int)c.email_len, c.email);
		if (cli_advice_enabled(st->ctx, "implicitIdentity"))
			rc |= sgit_buf_adds(out, implicit_ident_advice);
	}
	sgit_buf_release(&date);
	return rc;
}

/* The --shortstat and --summary of the commit against its first parent, renames found as git does. */
static int add_diffstat(struct sgit_buf *out, struct commit_state *st)
{
	struct sgit_diff_output_options dopts = SGIT_DIFF_OUTPUT_OPTIONS_INIT;
	struct sgit_changes changes = SGIT_CHANGES_INIT;
	struct sgit_repo *repo = st->ctx->repo;
	int rc;

	if ((rc = sgit_diff_output_config(&dopts, repo)) < 0 ||
	    (rc = sgit_changes_tree_tree(&changes, repo, st->nparents ? &st->base : NULL, &st->tree,
					 NULL)) < 0)
		goto out;
	/* git commit looks for renames whatever diff.renames says */
	dopts.renames = 1;
	dopts.format = SGIT_DIFF_FORMAT_SHORTSTAT | SGIT_DIFF_FORMAT_SUMMARY;
	if (changes.nr)
		rc = sgit_diff_output(repo, &changes, &dopts, sgit_diff_write_buf, out);
out:
	sgit_changes_release(&changes);
	return rc;
}

static int print_summary(struct commit_state *st, const struct sgit_oid *id)
{
	struct sgit_buf out = SGIT_BUF_INIT, subject = SGIT_BUF_INIT;
	const char *ref = st->head_ref.ptr;
	char abbrev[SGIT_OID_HEXSZ + 1];
	int rc = 0;

	sgit_repo_abbrev(abbrev, st->ctx->repo, id);
	if (!strcmp(ref, "HEAD"))
		ref = "detached HEAD";
	else if (!strncmp(ref, "refs/heads/", 11))
		ref += 11;
	if (commit_subject(&subject, st->msg.ptr, st->msg.len) < 0 ||
	    sgit_buf_printf(&out, "[%s%s %s] %s\n", ref, st->has_head ? "" : " (root-commit)", abbrev,
			    subject.ptr) < 0 || add_people(&out, st) < 0)
		rc = cli_fatal("out of memory");
	/* like git's log, no diff is shown for a merge */
	else if (st->nparents <= 1 && add_diffstat(&out, st) < 0)
		rc = cli_fatal_err(cli_err(st->ctx));
	if (!rc)
		fwrite(out.ptr, 1, out.len, stdout);
	sgit_buf_release(&out);
	sgit_buf_release(&subject);
	return rc;
}

/* ---- the command ---- */

static int check_options(struct commit_opts *o, const struct cli_option *opts, int argc, const char **argv)
{
	if (o->messages.nr && o->file)
		return cli_fatal("options '-m' and '-F' cannot be used together");
	if (o->reset_author && !o->amend)
		return cli_fatal("--reset-author can be used only with -C, -c or --amend.");
	if (argc && o->all)
		return cli_fatal("paths '%s ...' with -a does not make sense", argv[0]);
	o->paths = argv;
	o->npaths = argc;
	(void)opts;
	return 0;
}

static int decide_message_mode(struct commit_state *st)
{
	const char *value = st->o->cleanup;
	struct sgit_error err = SGIT_ERROR_INIT;

	st->use_editor = st->o->edit >= 0 ? st->o->edit : !(st->o->messages.nr || st->o->file);
	if (!value && sgit_config_get_string(&value, sgit_repo_config(st->ctx->repo), "commit.cleanup") < 0)
		value = NULL;
	if (sgit_message_cleanup_mode_parse(&st->cleanup, value ? value : "default", st->use_editor, &err) < 0)
		return cli_fatal("Invalid cleanup mode %s", value);
	st->cc = cli_comment_char(st->ctx);
	return 0;
}

static int run_commit(struct commit_state *st)
{
	struct sgit_oid id;
	int rc;

	if ((rc = read_head(st)) != 0)
		return rc;
	if (st->o->amend && !st->has_head)
		return cli_fatal("You have nothing to amend.");
	if ((rc = decide_parents(st)) != 0)
		return rc;
	if (st->o->amend && st->merging)
		return cli_fatal("You are in the middle of a merge -- cannot amend.");
	if ((rc = decide_message_mode(st)) || (rc = prepare_index(st)) || (rc = decide_base(st)) ||
	    (rc = decide_idents(st)))
		return rc;
	rc = commit_message(st, committable(st) || st->merging || st->o->allow_empty ||
				(st->o->amend && sgit_commit_parent_count(st->old) > 1));
	if (rc || (rc = create(&id, st)) || (rc = update_head(st, &id)))
		return rc;
	remove_state_files(st);
	if (sgit_index_write_locked(st->real) < 0)
		return cli_fatal("repository has been updated, but unable to write\n"
				 "new_index file. Check that disk is not full and quota is\n"
				 "not exceeded, and then \"sgit restore --staged :/\" to recover.");
	return st->o->quiet ? 0 : print_summary(st, &id);
}

int cmd_commit(int argc, const char **argv, struct cli_ctx *ctx)
{
	struct commit_opts o;
	struct commit_state st;
	int rc, sign = 0;

	memset(&o, 0, sizeof(o));
	o.edit = -1;
	o.status = 1;
	/* commit.gpgSign is the default that -S and --no-gpg-sign override */
	if (ctx->repo && (rc = sign_config_bool(&sign, ctx, "commit.gpgsign")))
		return rc;
	o.sign_key = sign ? "" : NULL;
	{
		const struct cli_option opts[] = {
			CLI_BOOL('q', "quiet", &o.quiet, "suppress summary after successful commit"),
			CLI_COUNT('v', "verbose", &o.verbose, "show diff in commit message template"),
			CLI_GROUP("Commit message options"),
			CLI_STRING('F', "file", &o.file, "file", "read message from file"),
			CLI_STRING(0, "author", &o.author, "author", "override author for commit"),
			CLI_STRING(0, "date", &o.date, "date", "override date for commit"),
			CLI_STRING_LIST('m', "message", &o.messages, "message", "commit message"),
			CLI_BOOL(0, "reset-author", &o.reset_author, "the commit is authored by me now (used with -C/-c/--amend)"),
			CLI_BOOL('e', "edit", &o.edit, "force edit of commit"),
			CLI_STRING(0, "cleanup", &o.cleanup, "mode", "how to strip spaces and #comments from message"),
			CLI_BOOL(0, "status", &o.status, "include status in commit message template"),
			CLI_STRING_OPTARG('S', "gpg-sign", &o.sign_key, "key-id", "GPG sign commit", ""),
			CLI_GROUP("Commit contents options"),
			CLI_BOOL('a', "all", &o.all, "commit all changed files"),
			CLI_BOOL(0, "amend", &o.amend, "amend previous commit"),
			CLI_STRING_OPTARG('u', "untracked-files", &o.untracked, "mode",
					  "show untracked files, optional modes: all, normal, no. (Default: all)", "all"),
			CLI_BOOL(0, "allow-empty", &o.allow_empty, "ok to record an empty change"),
			CLI_BOOL(0, "allow-empty-message", &o.allow_empty_message, "ok to record a change with an empty message"),
			CLI_END,
		};

		argc = cli_parse_options(argc, argv, opts, commit_usage, 0);
		if ((rc = check_options(&o, opts, argc, argv)) != 0)
			goto out;
	}
	memset(&st, 0, sizeof(st));
	st.ctx = ctx;
	st.o = &o;
	sgit_buf_init(&st.head_ref);
	sgit_buf_init(&st.author);
	sgit_buf_init(&st.committer);
	sgit_buf_init(&st.msg);
	rc = run_commit(&st);
	state_release(&st);
out:
	cli_strlist_clear(&o.messages);
	return rc;
}
