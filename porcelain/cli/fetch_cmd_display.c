/* porcelain/cli/fetch_cmd_display.c: git fetch's summary lines and their column widths */
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include "porcelain/cli/fetch_cmd.h"

/* As git's summaries: a width for "<abbrev>..<abbrev>" when the ids are at their longest. */
static int summary_width(const struct sgit_fetch_result *res, int group, struct sgit_repo *repo)
{
	char hex[SGIT_OID_HEXSZ + 1];
	struct sgit_oid zero = { { 0 } };
	size_t i, w, max;

	sgit_repo_abbrev(hex, repo, &zero);
	max = strlen(hex);
	for (i = 0; i < res->nrefs; i++) {
		const struct sgit_fetch_ref *r = &res->refs[i];

		if (r->group != group)
			continue;
		sgit_repo_abbrev(hex, repo, group ? &r->oid : &r->old_oid);
		if ((w = strlen(hex)) > max)
			max = w;
	}
	return (int)(2 * max + 3);
}

/* The terminal's width as git guesses it: COLUMNS, else the terminal on stdout, else 80. */
static int term_columns(void)
{
	const char *env = getenv("COLUMNS");
	struct winsize ws;
	int n;

	if (env && (n = atoi(env)) > 0)
		return n;
	if (!ioctl(1, TIOCGWINSZ, &ws) && ws.ws_col)
		return ws.ws_col;
	return 80;
}

/* git's prettify_refname: the name without refs/heads/, refs/tags/ or refs/remotes/. */
static const char *pretty(const char *name)
{
	if (!strncmp(name, "refs/heads/", 11))
		return name + 11;
	if (!strncmp(name, "refs/tags/", 10))
		return name + 10;
	if (!strncmp(name, "refs/remotes/", 13))
		return name + 13;
	return name;
}

/* The ref column grows to the longest remote name of lines that fit the terminal. */
static void adjust_refcol(struct fetch_cmd_display *d, const struct sgit_fetch_result *res, int group)
{
	int columns = term_columns();
	size_t i, rlen, llen;

	for (i = 0; i < res->nrefs; i++) {
		const struct sgit_fetch_ref *r = &res->refs[i];

		if (r->group != group || !r->local_name || !strcmp(r->remote_name, "HEAD"))
			continue;
		if (d->verbosity <= 0 && sgit_oid_equal(&r->old_oid, &r->oid))
			continue;
		rlen = strlen(pretty(r->remote_name));
		llen = strlen(pretty(r->local_name));
		if (21 + rlen + 4 + llen >= (size_t)columns)
			continue;
		if ((int)rlen > d->refcol)
			d->refcol = (int)rlen;
	}
}

static void line(struct fetch_cmd_display *d, const struct sgit_fetch_result *res, int width, char code,
		 const char *summary, const char *remote, const char *local, const char *error)
{
	if (!d->shown_url) {
		fprintf(stderr, "From %s\n", res->url);
		d->shown_url = 1;
	}
	fprintf(stderr, " %c %-*s %-*s -> %s", code, width, summary, d->refcol, remote, local);
	if (error)
		fprintf(stderr, "  (%s)", error);
	fputc('\n', stderr);
}

/* How FETCH_HEAD describes the remote ref: its kind and short name. */
static void describe(const char **kind, const char **what, const char *name)
{
	*kind = "";
	*what = name;
	if (!strcmp(name, "HEAD"))
		*what = "";
	else if (!strncmp(name, "refs/heads/", 11))
		*kind = "branch", *what = name + 11;
	else if (!strncmp(name, "refs/tags/", 10))
		*kind = "tag", *what = name + 10;
	else if (!strncmp(name, "refs/remotes/", 13))
		*kind = "remote-tracking branch", *what = name + 13;
}

static void show_update(struct fetch_cmd_display *d, const struct sgit_fetch_result *res, int width,
			const struct sgit_fetch_ref *r, struct sgit_repo *repo)
{
	char a[SGIT_OID_HEXSZ + 1], b[SGIT_OID_HEXSZ + 1], range[2 * SGIT_OID_HEXSZ + 4];
	const char *kind, *what, *local = pretty(r->local_name);
	const char *fail = r->error ? "unable to update local ref" : NULL;
	char code = r->error ? '!' : 0;

	describe(&kind, &what, r->remote_name);
	switch (r->update) {
	case SGIT_FETCH_UPDATE_UP_TO_DATE:
		if (d->verbosity > 0)
			line(d, res, width, '=', "[up to date]", what, local, NULL);
		break;
	case SGIT_FETCH_UPDATE_NEW:
		line(d, res, width, code ? code : '*',
		     !strncmp(r->remote_name, "refs/tags/", 10)	   ? "[new tag]"
		     : !strncmp(r->remote_name, "refs/heads/", 11) ? "[new branch]"
								   : "[new ref]",
		     what, local, fail);
		break;
	case SGIT_FETCH_UPDATE_FAST_FORWARD:
	case SGIT_FETCH_UPDATE_FORCED:
		sgit_repo_abbrev(a, repo, &r->old_oid);
		sgit_repo_abbrev(b, repo, &r->oid);
		snprintf(range, sizeof(range), "%s%s%s", a,
			 r->update == SGIT_FETCH_UPDATE_FORCED ? "..." : "..", b);
		if (r->update == SGIT_FETCH_UPDATE_FORCED)
			line(d, res, width, code ? code : '+', range, what, local, fail ? fail : "forced update");
		else
			line(d, res, width, code ? code : ' ', range, what, local, fail);
		break;
	case SGIT_FETCH_UPDATE_TAG:
		line(d, res, width, code ? code : 't', "[tag update]", what, local, fail);
		break;
	case SGIT_FETCH_UPDATE_REJECTED:
		line(d, res, width, '!', "[rejected]", what, local, "non-fast-forward");
		break;
	case SGIT_FETCH_UPDATE_REJECTED_TAG:
		line(d, res, width, '!', "[rejected]", what, local, "would clobber existing tag");
		break;
	default:
		break;
	}
}

static void show_group(struct fetch_cmd_display *d, const struct sgit_fetch_result *res, int group,
		       struct sgit_repo *repo)
{
	const char *kind, *what;
	int width = summary_width(res, group, repo);
	size_t i;

	adjust_refcol(d, res, group);
	for (i = 0; i < res->nrefs; i++) {
		const struct sgit_fetch_ref *r = &res->refs[i];

		if (r->group != group)
			continue;
		if (r->error)
			fprintf(stderr, "error: %s\n", r->error);
		if (r->local_name) {
			show_update(d, res, width, r, repo);
			continue;
		}
		describe(&kind, &what, r->remote_name);
		line(d, res, width, '*', *kind ? kind : "branch", *what ? what : "HEAD", "FETCH_HEAD", NULL);
	}
}

static void show_pruned(struct fetch_cmd_display *d, const struct sgit_fetch_result *res,
			struct sgit_repo *repo)
{
	int width = summary_width(res, 0, repo);
	size_t i;

	for (i = 0; i < res->nrefs; i++) {
		const struct sgit_fetch_ref *r = &res->refs[i];

		if (r->update == SGIT_FETCH_UPDATE_PRUNED)
			line(d, res, width, '-', "[deleted]", "(none)", pretty(r->local_name), NULL);
		else if (r->update == SGIT_FETCH_UPDATE_DANGLING)
			fprintf(stderr, "   (%s has become dangling)\n", r->local_name);
	}
}

void fetch_cmd_print_lines(const char *prefix, const struct sgit_buf *lines)
{
	const char *p = lines->ptr, *nl;

	for (; p && *p && (nl = strchr(p, '\n')); p = nl + 1)
		fprintf(stderr, "%s: %.*s\n", prefix, (int)(nl - p), p);
}

void fetch_cmd_print_warnings(const struct sgit_fetch_result *res)
{
	/* git says which refs it ignores as it maps them, before anything else */
	fetch_cmd_print_lines("error", &res->errors);
	fetch_cmd_print_lines("warning", &res->warnings);
}

void fetch_cmd_print(struct fetch_cmd_display *d, const struct sgit_fetch_result *res,
		     struct sgit_repo *repo)
{
	size_t i;

	fetch_cmd_print_warnings(res);
	if (d->verbosity < 0) {
		/* -q hides the table, not a ref that could not be updated (a stale lock, say) */
		for (i = 0; i < res->nrefs; i++)
			if (res->refs[i].error)
				fprintf(stderr, "error: %s\n", res->refs[i].error);
		return;
	}
	show_pruned(d, res, repo);
	show_group(d, res, 1, repo);
	show_group(d, res, 2, repo);
}

int fetch_cmd_fail(int rc, const struct sgit_error *err)
{
	cli_fatal_err(err);
	if (rc == SGIT_ENOTREPO)
		fputs("fatal: Could not read from remote repository.\n\n"
		      "Please make sure you have the correct access rights\n"
		      "and the repository exists.\n", stderr);
	return 128;
}

int fetch_cmd_reflog_action(struct sgit_buf *out, int argc, const char **argv)
{
	const char *env = getenv("GIT_REFLOG_ACTION");
	int i;

	if (env && *env)
		return sgit_buf_sets(out, env);
	if (sgit_buf_sets(out, argv[0]) < 0)
		return SGIT_ENOMEM;
	for (i = 1; i < argc; i++)
		if (sgit_buf_addf(out, " %s", argv[i]) < 0)
			return SGIT_ENOMEM;
	return 0;
}
