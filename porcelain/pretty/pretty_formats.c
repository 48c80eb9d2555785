/* porcelain/pretty/pretty_formats.c: the built-in formats (medium, short, full, fuller, raw, oneline, email) */
#include <string.h>
#include "porcelain/pretty/pretty_int.h"

static int is_mail(const struct sgit_pretty_options *o)
{
	return o->format == SGIT_PRETTY_EMAIL || o->format == SGIT_PRETTY_MBOXRD;
}

/* mboxrd: a body line that reads "From " after any '>' gets one more '>' */
static int is_mboxrd_from(const char *line, size_t len)
{
	size_t n = strspn(line, ">");

	return len > 4 && !strncmp(line + n, "From ", 5);
}

/* "Merge: <p1> <p2>...\n" for a commit with several (shown) parents. */
static int add_merge_info(struct sgit_buf *out, struct sgit_pretty_context *ctx)
{
	size_t i, n = pretty_parent_count(ctx);
	int rc;

	if (ctx->opts->format == SGIT_PRETTY_ONELINE || is_mail(ctx->opts) || n < 2)
		return 0;
	rc = sgit_buf_adds(out, "Merge:");
	for (i = 0; i < n && rc == 0; i++) {
		if ((rc = sgit_buf_addch(out, ' ')) == 0)
			rc = pretty_add_abbrev(out, ctx->repo, pretty_parent(ctx, i), ctx->opts->abbrev);
	}
	return rc ? rc : sgit_buf_addch(out, '\n');
}

/* "Author: Name <mail>\n" and the date line the format wants. */
static int add_user_info(struct sgit_buf *out, struct sgit_pretty_context *ctx, const char *what,
			 const char *line, const char *encoding)
{
	const struct sgit_pretty_options *o = ctx->opts;
	struct sgit_date_mode rfc = { SGIT_DATE_RFC, 0, NULL };
	struct pretty_ident id;
	const char *name, *mail;
	size_t name_len, mail_len;
	int rc = 0;

	if (o->format == SGIT_PRETTY_ONELINE || pretty_split_ident(&id, line, strcspn(line, "\n")) < 0)
		return 0;
	name = id.name, name_len = id.name_len, mail = id.mail, mail_len = id.mail_len;
	if (o->use_mailmap && o->mailmap)
		sgit_mailmap_map(o->mailmap, &mail, &mail_len, &name, &name_len);
	if (is_mail(o))
		rc = pretty_add_from(out, name, name_len, mail, mail_len, encoding);
	else
		rc = sgit_buf_addf(out, "%s: %s%.*s <%.*s>\n", what, o->format == SGIT_PRETTY_FULLER ? "    " : "",
				   (int)name_len, name, (int)mail_len, mail);
	if (rc < 0)
		return rc;
	if (o->format == SGIT_PRETTY_MEDIUM && (rc = sgit_buf_adds(out, "Date:   ")) == 0)
		rc = pretty_add_ident_date(out, &id, &o->date, o->now);
	else if (is_mail(o) && (rc = sgit_buf_adds(out, "Date: ")) == 0)
		rc = pretty_add_ident_date(out, &id, &rfc, o->now);
	else if (o->format == SGIT_PRETTY_FULLER && (rc = sgit_buf_addf(out, "%sDate: ", what)) == 0)
		rc = pretty_add_ident_date(out, &id, &o->date, o->now);
	else
		return 0;
	return rc ? rc : sgit_buf_addch(out, '\n');
}

/* The header lines: verbatim for raw; Merge, Author, Commit as the format says otherwise. */
static int add_header(struct sgit_buf *out, struct sgit_pretty_context *ctx, const char *encoding,
		      const char **msg_p)
{
	enum sgit_pretty_format f = ctx->opts->format;
	int parents_shown = 0, rc = 0;

	while (rc == 0) {
		const char *line = *msg_p;
		size_t len = pretty_line_len(line);

		*msg_p += len;
		if (len <= 1)
			return 0;
		if (f == SGIT_PRETTY_RAW) {
			rc = sgit_buf_add(out, line, len);
			continue;
		}
		if (!strncmp(line, "parent ", 7))
			continue;
		if (!parents_shown) {
			parents_shown = 1;
			if ((rc = add_merge_info(out, ctx)) < 0)
				return rc;
		}
		if (!strncmp(line, "author ", 7))
			rc = add_user_info(out, ctx, "Author", line + 7, encoding);
		if (rc == 0 && !strncmp(line, "committer ", 10) &&
		    (f == SGIT_PRETTY_FULL || f == SGIT_PRETTY_FULLER))
			rc = add_user_info(out, ctx, "Commit", line + 10, encoding);
	}
	return rc;
}

/* Columns of [p, end), or -1 for bytes that are not UTF-8 or hold a control character. */
static int tab_width(const char *p, const char *end)
{
	int width = 0;

	while (p < end) {
		int w = pretty_utf8_width(&p, (size_t)(end - p));

		if (w < 0 || !p)
			return -1;
		width += w;
	}
	return width;
}

/* A message line with its tabs expanded to stops of tabwidth columns, as far as widths are known. */
static int add_tabexpand(struct sgit_buf *out, int tabwidth, const char *line, size_t len)
{
	const char *tab;
	int rc = 0;

	while (rc == 0 && (tab = memchr(line, '\t', len)) != NULL) {
		int width = tab_width(line, tab);

		/* past text of unknown width, git gives up aligning and keeps the tabs */
		if (width < 0)
			break;

		if ((rc = sgit_buf_add(out, line, (size_t)(tab - line))) == 0)
			rc = pretty_add_spaces(out, tabwidth - width % tabwidth);
		len -= (size_t)(tab + 1 - line);
		line = tab + 1;
	}
	return rc ? rc : sgit_buf_add(out, line, len);
}

/* The message lines after the subject handling: trailing blanks cut, indented, tabs expanded. */
static int add_remainder(struct sgit_buf *out, const struct sgit_pretty_options *o, const char **msg_p,
			 int indent)
{
	int first = 1, rc = 0;

	while (rc == 0) {
		const char *line = *msg_p;
		size_t len = pretty_line_len(line);

		*msg_p += len;
		if (!len)
			break;
		if (pretty_blank_line(line, &len)) {
			if (first)
				continue;
			if (o->format == SGIT_PRETTY_SHORT)
				break;
		}
		first = 0;
		rc = pretty_add_spaces(out, indent);
		if (rc == 0 && o->expand_tabs > 0)
			rc = add_tabexpand(out, o->expand_tabs, line, len);
		else if (rc == 0 && o->format == SGIT_PRETTY_MBOXRD && is_mboxrd_from(line, len))
			rc = sgit_buf_addch(out, '>');
		if (rc == 0 && o->expand_tabs <= 0)
			rc = sgit_buf_add(out, line, len);
		if (rc == 0)
			rc = sgit_buf_addch(out, '\n');
	}
	return rc;
}

/* oneline and email: the first paragraph as one line (and the mail headers that follow it). */
static int add_title(struct sgit_buf *out, const struct sgit_pretty_options *o, const char **msg_p,
		     const char *encoding, int need_8bit)
{
	struct sgit_buf title = SGIT_BUF_INIT;
	int rc;

	*msg_p = pretty_format_subject(&title, *msg_p, " ", &rc);
	if (rc == 0 && is_mail(o))
		rc = pretty_add_subject(out, title.ptr, title.len, o->subject_prefix ? o->subject_prefix : "PATCH",
					encoding);
	else if (rc == 0)
		rc = sgit_buf_addbuf(out, &title);
	if (rc == 0)
		rc = sgit_buf_addch(out, '\n');
	if (rc == 0 && need_8bit)
		rc = sgit_buf_addf(out, "MIME-Version: 1.0\nContent-Type: text/plain; charset=%s\n"
				   "Content-Transfer-Encoding: 8bit\n", encoding);
	if (rc == 0 && is_mail(o))
		rc = sgit_buf_addch(out, '\n');
	sgit_buf_release(&title);
	return rc;
}

/* The email format marks an 8-bit body (after the header) with MIME headers. */
static int body_is_8bit(const char *msg)
{
	const char *body = strstr(msg, "\n\n");

	for (body = body ? body + 2 : ""; *body; body++)
		if ((unsigned char)*body >= 0x80)
			return 1;
	return 0;
}

int pretty_format_builtin(struct sgit_buf *out, struct sgit_pretty_context *ctx, struct sgit_error *err)
{
	const struct sgit_pretty_options *o = ctx->opts;
	const char *encoding = o->output_encoding && *o->output_encoding ? o->output_encoding : "UTF-8";
	struct pretty_msg m = { "", 0, SGIT_BUF_INIT, NULL };
	int oneline = o->format == SGIT_PRETTY_ONELINE, mail = is_mail(o), rc;
	const char *msg;
	size_t body_start = 0;

	sgit_buf_reset(out);
	if ((rc = pretty_msg_load(&m, ctx->commit, encoding, err)) < 0)
		goto out;
	msg = m.text;
	rc = add_header(out, ctx, encoding, &msg);
	if (rc == 0 && !oneline && !mail)
		rc = sgit_buf_addch(out, '\n');
	msg = pretty_skip_blank_lines(msg);
	if (rc == 0 && (oneline || mail))
		rc = add_title(out, o, &msg, encoding, mail && body_is_8bit(m.text));
	body_start = out->len;
	if (rc == 0 && !oneline)
		rc = add_remainder(out, o, &msg, oneline || mail ? 0 : 4);
	if (rc == 0) {
		sgit_buf_rtrim(out);
		if (!oneline)
			rc = sgit_buf_addch(out, '\n');
	}
	/* the mail must keep the blank line between its headers and an empty body */
	if (rc == 0 && mail && out->len <= body_start)
		rc = sgit_buf_addch(out, '\n');
	if (rc < 0)
		rc = sgit_error_nomem(err);
out:
	pretty_msg_release(&m);
	return rc;
}
