/* porcelain/cli/commit_msg.c: sgit commit's message: sources, git's editor template, cleanup */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "porcelain/cli/commit_cmd.h"
#include "porcelain/cli/editor.h"
#include "porcelain/cli/worktree_cmd.h"
#include "sgit/changes.h"
#include "sgit/diff_output.h"
#include "sgit/status.h"
#include "util/date.h"
#include "util/fs.h"

static const char empty_amend_advice[] =
	"You asked to amend the most recent commit, but doing so would make\n"
	"it empty. You can repeat your command with --allow-empty, or you can\n"
	"remove the commit entirely with \"sgit reset HEAD^\".\n";

/* Template text: git's words, to the letter (an editor or a script may look for them). */
static const char merge_notice[] =
	"\n"
	"It looks like you may be committing a merge.\n"
	"If this is not correct, please run\n"
	"\tgit update-ref -d MERGE_HEAD\n"
	"and try again.\n";

/* ---- where the message comes from ---- */

/* Each -m is a paragraph: a line of its own, an empty line between two. */
static int join_paragraphs(struct sgit_buf *out, const struct cli_strlist *m)
{
	size_t i;
	int rc = 0;

	for (i = 0; i < m->nr && !rc; i++) {
		if (out->len)
			rc = sgit_buf_addch(out, '\n');
		if (!rc)
			rc = sgit_buf_adds(out, m->items[i]);
		if (!rc && out->len && out->ptr[out->len - 1] != '\n')
			rc = sgit_buf_addch(out, '\n');
	}
	return rc;
}

static int read_log_file(struct sgit_buf *out, struct cli_ctx *ctx, const char *file)
{
	int rc;

	if (!strcmp(file, "-")) {
		if (isatty(0))
			fputs("(reading log message from standard input)\n", stderr);
		if (sgit_fs_read_fd(out, 0, "standard input", cli_err(ctx)) < 0)
			return cli_fatal("could not read log from standard input");
		return 0;
	}
	if ((rc = sgit_fs_read_file(out, file, cli_err(ctx))) < 0)
		return cli_fatal("could not read log file '%s': %s", file,
				 strerror(rc == SGIT_ENOTFOUND ? ENOENT : errno ? errno : EIO));
	return 0;
}

/* The amended commit's message, blank lines at its start left out. */
static int old_message(struct sgit_buf *out, const struct commit_state *st)
{
	size_t len = 0;
	const char *msg = sgit_commit_message(st->old, &len);
	const char *end = msg ? msg + len : NULL, *p = msg;

	while (p && p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p)), *q = p;
		const char *eol = nl ? nl : end;

		while (q < eol && (*q == ' ' || *q == '\t' || *q == '\r' || *q == '\f' || *q == '\v'))
			q++;
		if (q < eol)
			break;
		p = nl ? nl + 1 : end;
	}
	return p ? sgit_buf_set(out, p, (size_t)(end - p)) : sgit_buf_set(out, "", 0);
}

/* A file in the git dir (MERGE_MSG...) appended to out: 1 when it was there, 0 not, or an exit code < 0. */
static int add_git_file(struct sgit_buf *out, struct cli_ctx *ctx, const char *name)
{
	struct sgit_buf path = SGIT_BUF_INIT, data = SGIT_BUF_INIT;
	int rc;

	if (sgit_fs_join(&path, sgit_repo_git_dir(ctx->repo), name) < 0) {
		rc = -cli_fatal("out of memory");
		goto out;
	}
	rc = sgit_fs_read_file(&data, path.ptr, cli_err(ctx));
	if (rc == SGIT_ENOTFOUND) {
		rc = 0;
		goto out;
	}
	if (rc < 0) {
		rc = -cli_fatal("could not read %s", name);
		goto out;
	}
	rc = sgit_buf_addbuf(out, &data) < 0 ? -cli_fatal("out of memory") : 1;
out:
	sgit_buf_release(&path);
	sgit_buf_release(&data);
	return rc;
}

/* The message before any editing, in git's order of sources. */
static int first_message(struct sgit_buf *sb, struct commit_state *st)
{
	const struct commit_opts *o = st->o;
	int rc;

	if (o->messages.nr)
		return join_paragraphs(sb, &o->messages) < 0 ? cli_fatal("out of memory") : 0;
	if (o->file)
		return read_log_file(sb, st->ctx, o->file);
	if (o->amend)
		return old_message(sb, st) < 0 ? cli_fatal("out of memory") : 0;
	if (st->merging) {
		/* a squash message goes first when both are there */
		if ((rc = add_git_file(sb, st->ctx, "SQUASH_MSG")) < 0 ||
		    (rc = add_git_file(sb, st->ctx, "MERGE_MSG")) < 0)
			return -rc;
		return 0;
	}
	rc = add_git_file(sb, st->ctx, "SQUASH_MSG");
	return rc < 0 ? -rc : 0;
}

/* ---- the template ---- */

static enum sgit_untracked_mode untracked_mode(struct commit_state *st)
{
	const char *v = st->o->untracked;

	if (!v)
		sgit_config_get_string(&v, sgit_repo_config(st->ctx->repo), "status.showuntrackedfiles");
	if (v && !strcmp(v, "no"))
		return SGIT_UNTRACKED_NO;
	if (v && !strcmp(v, "all"))
		return SGIT_UNTRACKED_ALL;
	return SGIT_UNTRACKED_NORMAL;
}

static int collect_status(struct sgit_status *status, struct commit_state *st)
{
	struct sgit_status_options so = SGIT_STATUS_OPTIONS_INIT;

	so.untracked = untracked_mode(st);
	so.write_index = 0;
	if (sgit_status_collect_index(status, st->ctx->repo, st->idx, st->has_base ? &st->base : NULL,
				      st->base_given, &so) < 0)
		return cli_fatal_err(cli_err(st->ctx));
	return 0;
}

static void status_format(struct sgit_status_format *f, struct commit_state *st, int template)
{
	struct sgit_error ignored = SGIT_ERROR_INIT;
	struct sgit_config *cfg = sgit_repo_config(st->ctx->repo);
	int relative = 1, quote = 1, v;

	if (sgit_config_get_bool(&v, cfg, "status.relativepaths", &ignored) == 0)
		relative = v;
	if (sgit_config_get_bool(&v, cfg, "core.quotepath", &ignored) == 0)
		quote = v;
	f->prefix = relative ? sgit_repo_prefix(st->ctx->repo) : NULL;
	f->quote_high = quote;
	f->hints = template ? 0 : cli_advice_enabled(st->ctx, "statusHints");
	f->template = template;
}

/* "Author:", "Date:" and "Committer:" lines when they tell something, as comments. */
static int add_idents(struct sgit_buf *t, struct commit_state *st, int committer_explicit)
{
	struct sgit_ident a, c;
	struct sgit_buf text = SGIT_BUF_INIT, date = SGIT_BUF_INIT;
	struct sgit_date_mode mode = SGIT_DATE_MODE_INIT;
	int rc = 0;

	if (sgit_ident_parse(&a, st->author.ptr, st->author.len, NULL) < 0 ||
	    sgit_ident_parse(&c, st->committer.ptr, st->committer.len, NULL) < 0)
		return 0;
	if (a.name_len != c.name_len || memcmp(a.name, c.name, a.name_len) ||
	    a.email_len != c.email_len || memcmp(a.email, c.email, a.email_len))
		rc |= sgit_buf_addf(&text, "Author:    %.*s <%.*s>\n", (int)a.name_len, a.name,
				    (int)a.email_len, a.email);
	if (st->author_date_shown && a.has_date) {
		rc |= sgit_date_format(&date, a.time, a.tz, &mode, 0);
		rc |= sgit_buf_addf(&text, "Date:      %s\n", date.ptr);
	}
	if (!committer_explicit)
		rc |= sgit_buf_addf(&text, "Committer: %.*s <%.*s>\n", (int)c.name_len, c.name,
				    (int)c.email_len, c.email);
	/* an empty comment line above and below them */
	if (!rc && text.len)
		rc = sgit_message_add_commented(t, "\n", 1, st->cc) |
		     sgit_message_add_commented(t, text.ptr, text.len, st->cc) |
		     sgit_message_add_commented(t, "\n", 1, st->cc);
	sgit_buf_release(&text);
	sgit_buf_release(&date);
	return rc;
}

/* The scissors line and what it means, as comments. */
static int add_cut_line(struct sgit_buf *t, char cc)
{
	static const char explanation[] =
		"Do not modify or remove the line above.\nEverything below it will be ignored.";

	return sgit_message_add_scissors(t, cc) < 0 ||
	       sgit_message_add_commented(t, explanation, sizeof(explanation) - 1, cc) < 0 ? SGIT_ENOMEM : 0;
}

/* -v: the scissors line, its explanation, and the staged changes as a patch. */
static int add_verbose_diff(struct sgit_buf *t, struct commit_state *st)
{
	struct sgit_diff_output_options dopts = SGIT_DIFF_OUTPUT_OPTIONS_INIT;
	struct sgit_changes changes = SGIT_CHANGES_INIT;
	struct sgit_repo *repo = st->ctx->repo;
	int rc;

	if (add_cut_line(t, st->cc) < 0)
		return SGIT_ENOMEM;
	if ((rc = sgit_diff_output_config(&dopts, repo)) < 0 ||
	    (rc = sgit_changes_tree_index(&changes, repo, st->has_base ? &st->base : NULL, st->idx,
					  NULL)) < 0)
		goto out;
	dopts.format = SGIT_DIFF_FORMAT_PATCH;
	rc = sgit_diff_output(repo, &changes, &dopts, sgit_diff_write_buf, t);
out:
	sgit_changes_release(&changes);
	return rc;
}

static int add_hint(struct sgit_buf *t, struct commit_state *st)
{
	struct sgit_buf text = SGIT_BUF_INIT;
	int scissors = st->cleanup == SGIT_CLEANUP_SCISSORS, rc = 0;

	if (st->merging) {
		if (scissors)
			rc |= add_cut_line(t, st->cc);
		rc |= sgit_message_add_commented(t, merge_notice, sizeof(merge_notice) - 1, st->cc);
		rc |= sgit_buf_addch(t, '\n');	/* git ends the notice with a line left uncommented */
	}
	rc |= sgit_buf_addch(t, '\n');
	if (scissors) {
		/* no hint: the scissors line says it all */
		if (!st->merging)
			rc |= add_cut_line(t, st->cc);
	} else if (st->cleanup == SGIT_CLEANUP_STRIP) {
		rc |= sgit_buf_printf(&text, "Please enter the commit message for your changes. Lines starting\n"
				      "with '%c' will be ignored, and an empty message aborts the commit.\n", st->cc);
	} else {
		rc |= sgit_buf_printf(&text, "Please enter the commit message for your changes. Lines starting\n"
				      "with '%c' will be kept; you may remove them yourself if you want to.\n"
				      "An empty message aborts the commit.\n", st->cc);
	}
	if (!rc && text.len)
		rc = sgit_message_add_commented(t, text.ptr, text.len, st->cc);
	sgit_buf_release(&text);
	return rc;
}

/* git's explicit-identity test: an email named by the environment or the configuration. */
static int committer_explicit(struct cli_ctx *ctx)
{
	const char *v = NULL;
	struct sgit_config *cfg = sgit_repo_config(ctx->repo);

	if (sgit_repo_getenv(ctx->repo, "GIT_COMMITTER_EMAIL") || sgit_repo_getenv(ctx->repo, "EMAIL"))
		return 1;
	return sgit_config_get_string(&v, cfg, "user.email") == 0 ||
	       sgit_config_get_string(&v, cfg, "committer.email") == 0;
}

static int build_template(struct sgit_buf *t, struct commit_state *st, struct sgit_status *status)
{
	struct sgit_status_format f = SGIT_STATUS_FORMAT_INIT;
	size_t start, i;

	if (add_hint(t, st) < 0 || add_idents(t, st, committer_explicit(st->ctx)) < 0)
		return cli_fatal("out of memory");
	status_format(&f, st, 1);
	start = t->len;
	if (sgit_status_format_long(t, status, &f) < 0)
		return cli_fatal("out of memory");
	/* the status writes '#' comments: use core.commentChar instead */
	for (i = start; st->cc != '#' && i < t->len; i++)
		if ((i == start || t->ptr[i - 1] == '\n') && t->ptr[i] == '#')
			t->ptr[i] = st->cc;
	if (st->o->verbose && add_verbose_diff(t, st) < 0)
		return cli_fatal_err(cli_err(st->ctx));
	return 0;
}

/* ---- nothing to commit ---- */

static int nothing_to_commit(struct commit_state *st, struct sgit_status *status)
{
	struct sgit_status_format f = SGIT_STATUS_FORMAT_INIT;
	struct sgit_buf out = SGIT_BUF_INIT;

	status_format(&f, st, 0);
	if (sgit_status_format_long(&out, status, &f) < 0) {
		sgit_buf_release(&out);
		return cli_fatal("out of memory");
	}
	{
		/* inside commit git's long status says "Initial commit", as its template does */
		char *line = strstr(out.ptr, "\nNo commits yet\n");

		if (line)
			memcpy(line + 1, "Initial commit", 14);
	}
	if (st->o->amend && out.len) {
		/* git names no verdict when amending, only that nothing changes */
		char *last;

		sgit_buf_truncate(&out, out.len - 1);
		last = strrchr(out.ptr, '\n');
		sgit_buf_truncate(&out, last ? (size_t)(last - out.ptr) + 1 : 0);
		sgit_buf_adds(&out, "No changes\n");
	}
	fwrite(out.ptr, 1, out.len, stdout);
	sgit_buf_release(&out);
	if (st->o->amend) {
		fflush(stdout);
		fputs(empty_amend_advice, stderr);
	}
	return 1;
}

/* ---- the whole message ---- */

static int cleanup_message(struct commit_state *st, struct sgit_buf *sb)
{
	size_t i;
	int empty = 1;

	if (st->o->verbose || st->cleanup == SGIT_CLEANUP_SCISSORS)
		sgit_buf_truncate(sb, sgit_message_scissors_offset(sb->ptr, sb->len, st->cc));
	if (st->cleanup != SGIT_CLEANUP_VERBATIM &&
	    sgit_message_cleanup(sb, st->cleanup == SGIT_CLEANUP_SCISSORS ? SGIT_CLEANUP_WHITESPACE :
				 st->cleanup, st->cc) < 0)
		return cli_fatal("out of memory");
	/* git's emptiness: nothing but white space (verbatim: nothing at all) */
	for (i = 0; i < sb->len && empty; i++)
		empty = st->cleanup != SGIT_CLEANUP_VERBATIM &&
			(sb->ptr[i] == ' ' || sb->ptr[i] == '\t' || sb->ptr[i] == '\n' ||
			 sb->ptr[i] == '\r' || sb->ptr[i] == '\f' || sb->ptr[i] == '\v');
	if (empty && !st->o->allow_empty_message) {
		fflush(stdout);
		fputs("Aborting commit due to empty commit message.\n", stderr);
		return 1;
	}
	return 0;
}

/*
 * core.commentChar=auto: the first of git's candidates that starts no line
 * of the message (and is not its first character).
 */
static int pick_comment_char(struct commit_state *st, const struct sgit_buf *sb)
{
	char candidates[] = "#;@!$%^&|:", *c;
	size_t i;

	if (!memchr(sb->ptr, '#', sb->len))
		return 0;
	for (i = 0; i < sb->len; i++)
		if ((i == 0 || ((sb->ptr[i - 1] == '\n' || sb->ptr[i - 1] == '\r'))) &&
		    sb->ptr[i] && (c = strchr(candidates, sb->ptr[i])))
			*c = ' ';
	for (c = candidates; *c == ' '; c++)
		;
	if (!*c)
		return cli_fatal("unable to select a comment character that is not used\n"
				 "in the current commit message");
	st->cc = *c;
	return 0;
}

int commit_message(struct commit_state *st, int committable)
{
	struct sgit_buf sb = SGIT_BUF_INIT, t = SGIT_BUF_INIT, path = SGIT_BUF_INIT;
	struct sgit_status status = SGIT_STATUS_INIT;
	int need_status = !committable || (st->use_editor && st->o->status);
	int rc;

	if ((rc = first_message(&sb, st)) != 0)
		goto out;
	if (sgit_message_stripspace(&sb, 0) < 0 || sgit_buf_set(&t, sb.ptr, sb.len) < 0) {
		rc = cli_fatal("out of memory");
		goto out;
	}
	if (cli_comment_char_is_auto(st->ctx) && (rc = pick_comment_char(st, &sb)) != 0)
		goto out;
	if (need_status && (rc = collect_status(&status, st)) != 0)
		goto out;
	if (st->use_editor && st->o->status && (rc = build_template(&t, st, &status)) != 0)
		goto out;
	if (sgit_fs_join(&path, sgit_repo_git_dir(st->ctx->repo), "COMMIT_EDITMSG") < 0 ||
	    sgit_fs_write_atomic(path.ptr, t.ptr, t.len, 0666, cli_err(st->ctx)) < 0) {
		rc = cli_fatal_err(cli_err(st->ctx));
		goto out;
	}
	if (!committable) {
		rc = nothing_to_commit(st, &status);
		goto out;
	}
	if (st->use_editor) {
		if ((rc = cli_run_editor(st->ctx, path.ptr, sgit_repo_work_tree(st->ctx->repo))) != 0)
			goto out;
		if (sgit_fs_read_file(&t, path.ptr, cli_err(st->ctx)) < 0) {
			rc = cli_fatal("could not read commit message: %s", sgit_error_message(cli_err(st->ctx)));
			goto out;
		}
	}
	if ((rc = cleanup_message(st, &t)) == 0)
		sgit_buf_swap(&st->msg, &t);
out:
	sgit_status_release(&status);
	sgit_buf_release(&sb);
	sgit_buf_release(&t);
	sgit_buf_release(&path);
	return rc;
}

int commit_subject(struct sgit_buf *out, const char *msg, size_t len)
{
	const char *p = msg, *end = msg + len;
	int rc = 0;

	sgit_buf_reset(out);
	while (p < end && !rc) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *eol = nl ? nl : end, *q = eol;

		while (q > p && (q[-1] == ' ' || q[-1] == '\t' || q[-1] == '\r'))
			q--;
		if (q == p) {
			if (out->len)
				break;	/* the blank line after the first paragraph */
		} else {
			if (out->len)
				rc = sgit_buf_addch(out, ' ');
			if (!rc)
				rc = sgit_buf_add(out, p, (size_t)(q - p));
		}
		p = nl ? nl + 1 : end;
	}
	return rc;
}
