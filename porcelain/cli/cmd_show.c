/* porcelain/cli/cmd_show.c: sgit show: commits with their diff, tags, trees and blobs */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "porcelain/cli/log_cmd.h"
#include "porcelain/cli/pager.h"
#include "sgit/commit.h"
#include "sgit/ident.h"
#include "sgit/tag.h"
#include "sgit/tree.h"
#include "util/color.h"

static int oom(void)
{
	return cli_fatal("out of memory");
}

/* "tag x" and "tree x" lines: in color.diff.commit, as the commit line ("" when not colouring). */
static const char *header_color(const struct log_cmd *lc)
{
	if (!lc->pretty.color)
		return "";
	return lc->pretty.commit_color ? lc->pretty.commit_color : "\033[33m";
}

/* "Tagger: ..." as git prints a tag's tagger for the format asked (medium adds the date). */
static int add_tagger(struct log_cmd *lc, const struct sgit_tag *tag)
{
	const struct sgit_header *h = sgit_tag_tagger(tag);
	enum sgit_pretty_format f = lc->pretty.format;
	struct sgit_buf *out = &lc->out;
	struct sgit_ident who;
	int rc = 0;

	if (!h || f == SGIT_PRETTY_ONELINE || sgit_ident_parse(&who, h->value, h->value_len, NULL) < 0)
		return 0;
	if (f == SGIT_PRETTY_EMAIL)
		rc = sgit_buf_addf(out, "From: %.*s <%.*s>\n", (int)who.name_len, who.name,
				   (int)who.email_len, who.email);
	else
		rc = sgit_buf_addf(out, "Tagger: %s%.*s <%.*s>\n", f == SGIT_PRETTY_FULLER ? "    " : "",
				   (int)who.name_len, who.name, (int)who.email_len, who.email);
	if (rc < 0)
		return oom();
	if (f != SGIT_PRETTY_MEDIUM && f != SGIT_PRETTY_FULLER && f != SGIT_PRETTY_EMAIL)
		return 0;
	if (!who.has_date)
		return 0;
	{
		struct sgit_date_mode rfc = { SGIT_DATE_RFC, 0, NULL };
		const struct sgit_date_mode *mode = f == SGIT_PRETTY_EMAIL ? &rfc : &lc->pretty.date;

		if (sgit_date_format(&lc->tmp, who.time, who.tz, mode, lc->pretty.now) < 0)
			return oom();
	}
	rc = sgit_buf_addf(out, "%s%s\n", f == SGIT_PRETTY_MEDIUM ? "Date:   "
				 : f == SGIT_PRETTY_FULLER ? "TaggerDate: " : "Date: ", lc->tmp.ptr);
	return rc < 0 ? oom() : 0;
}

static int read_object(struct sgit_buf *out, enum sgit_object_type *type, struct log_cmd *lc,
		       const struct sgit_oid *id, const char *name)
{
	int rc = sgit_odb_read(out, type, sgit_repo_odb(lc->ctx->repo), id);

	if (rc == SGIT_ENOTFOUND) {
		sgit_error_clear(cli_err(lc->ctx));
		return cli_fatal("bad object %s", name);
	}
	return rc < 0 ? cli_fatal_err(cli_err(lc->ctx)) : 0;
}

/* "tag <name>", the tagger, the rest of the object from its blank line; *target gets what it tags. */
static int show_tag(struct log_cmd *lc, const struct sgit_buf *raw, struct sgit_oid *target)
{
	struct sgit_tag *tag = NULL;
	const char *blank;
	int rc;

	if (sgit_tag_parse(&tag, raw->ptr, raw->len, cli_err(lc->ctx)) < 0)
		return cli_fatal_err(cli_err(lc->ctx));
	*target = *sgit_tag_target_id(tag);
	if (lc->shown_one && sgit_buf_addch(&lc->out, '\n') < 0)
		rc = oom();
	else if (sgit_buf_addf(&lc->out, "%stag %s%s\n", header_color(lc), sgit_tag_name(tag),
			       lc->pretty.color ? SGIT_COLOR_RESET : "") < 0)
		rc = oom();
	else
		rc = add_tagger(lc, tag);
	blank = memmem(raw->ptr, raw->len, "\n\n", 2);
	if (!rc && blank && sgit_buf_add(&lc->out, blank + 1, raw->len - (size_t)(blank + 1 - raw->ptr)) < 0)
		rc = oom();
	lc->shown_one = 1;
	sgit_tag_free(tag);
	return rc;
}

/* "tree <name>", a blank line, then the entries of the top level, folders with a final '/'. */
static int show_tree(struct log_cmd *lc, const struct sgit_buf *raw, const char *name)
{
	struct sgit_tree_iter it;
	struct sgit_tree_entry e;
	int rc;

	if ((lc->shown_one && sgit_buf_addch(&lc->out, '\n') < 0) ||
	    sgit_buf_addf(&lc->out, "%stree %s%s\n\n", header_color(lc), name,
			  lc->pretty.color ? SGIT_COLOR_RESET : "") < 0)
		return oom();
	sgit_tree_iter_init(&it, raw->ptr, raw->len);
	while ((rc = sgit_tree_iter_next(&e, &it, cli_err(lc->ctx))) == 1) {
		if (sgit_buf_add(&lc->out, e.name, e.name_len) < 0 ||
		    sgit_buf_adds(&lc->out, sgit_tree_mode_is_tree(e.mode) ? "/\n" : "\n") < 0)
			return oom();
	}
	lc->shown_one = 1;
	return rc < 0 ? cli_fatal_err(cli_err(lc->ctx)) : 0;
}

/* raw is emptied once parsed: the parsed commit holds its own copy (a long message is not kept twice). */
static int show_commit(struct log_cmd *lc, const struct sgit_oid *id, struct sgit_buf *raw)
{
	struct sgit_commit *c = NULL;
	size_t n;
	int rc;

	if (sgit_commit_parse(&c, raw->ptr, raw->len, cli_err(lc->ctx)) < 0)
		return cli_fatal_err(cli_err(lc->ctx));
	sgit_buf_release(raw);
	if (!(rc = log_cmd_commit_parents(lc, c, &n)))
		rc = log_cmd_show_commit(lc, id, c, lc->parents, n);
	sgit_commit_free(c);
	/* git warns about the rename limit after each commit it shows */
	if (!rc && lc->needed_rename_limit)
		rc = log_cmd_warn_rename_limit(lc);
	return rc;
}

/* A blob as it is, written out rather than copied into the output first. */
static int show_blob(struct log_cmd *lc, const struct sgit_buf *raw)
{
	int rc = log_cmd_flush(lc, 1);

	if (!rc && fwrite(raw->ptr, 1, raw->len, stdout) != raw->len)
		rc = cli_fatal("unable to write to standard output: %s", strerror(errno));
	return rc;
}

/* 1 when commit id was shown already (git shows each commit once), else 0 and remember it. */
static int shown_before(struct sgit_oid *shown, size_t *n, const struct sgit_oid *id)
{
	size_t i;

	for (i = 0; i < *n; i++)
		if (sgit_oid_equal(&shown[i], id))
			return 1;
	shown[(*n)++] = *id;
	return 0;
}

/* Each object named, in order: a tag shows itself and then what it tags. */
static int show_objects(struct log_cmd *lc)
{
	struct sgit_buf raw = SGIT_BUF_INIT;
	/* each name ends in at most one commit */
	struct sgit_oid *shown = calloc(lc->revs.nr + 1, sizeof(*shown));
	enum sgit_object_type type;
	struct sgit_oid id;
	size_t i, nshown = 0;
	int rc = shown ? 0 : oom();

	for (i = 0; i < lc->revs.nr && !rc; i++) {
		const char *name = lc->revs.items[i].name;

		id = lc->revs.items[i].id;
		do {
			if ((rc = read_object(&raw, &type, lc, &id, name)))
				break;
			if (type == SGIT_OBJ_TAG)
				rc = show_tag(lc, &raw, &id);
			else if (type == SGIT_OBJ_TREE)
				rc = show_tree(lc, &raw, name);
			else if (type == SGIT_OBJ_BLOB)
				rc = show_blob(lc, &raw);
			else if (!shown_before(shown, &nshown, &id))
				rc = show_commit(lc, &id, &raw);
			if (!rc)
				rc = log_cmd_flush(lc, 0);
		} while (!rc && type == SGIT_OBJ_TAG);
	}
	free(shown);
	sgit_buf_release(&raw);
	return rc ? rc : log_cmd_flush(lc, 1);
}

int cmd_show(int argc, const char **argv, struct cli_ctx *ctx)
{
	struct log_cmd lc;
	int rc;

	if (argc == 2 && !strcmp(argv[1], "-h"))
		return log_cmd_usage(stdout, log_cmd_log_usage);
	cli_pager_setup(ctx, "show", 1);
	log_cmd_init(&lc, ctx, LOG_KIND_SHOW);
	if (!(rc = log_cmd_parse(&lc, argc, argv)) && !(rc = log_revs_default(&lc.revs, ctx, "HEAD")) &&
	    !(rc = log_cmd_setup(&lc))) {
		/* git walks when a revision is excluded ("A..B", "^A"), else shows each object */
		if (!lc.no_walk || log_revs_has_hidden(&lc.revs))
			rc = (rc = log_cmd_setup_walk(&lc)) ? rc : log_cmd_run(&lc);
		else
			rc = show_objects(&lc);
		if (!rc)
			rc = log_cmd_warn_rename_limit(&lc);
	}
	log_cmd_release(&lc);
	return rc;
}
