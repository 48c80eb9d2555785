/* porcelain/pretty/pretty_placeholders.c: the placeholder table of user formats (git log --format=) */
#include <stdlib.h>
#include <string.h>
#include "porcelain/pretty/pretty_int.h"
#include "sgit/odb.h"
#include "sgit/repo.h"

int pretty_add_abbrev(struct sgit_buf *out, struct sgit_repo *repo, const struct sgit_oid *id,
		      int abbrev)
{
	char hex[SGIT_OID_HEXSZ + 1];
	size_t len = abbrev < 0 ? sgit_repo_abbrev_len(repo) : (size_t)abbrev;

	if (abbrev == 0 || len >= SGIT_OID_HEXSZ ||
	    sgit_odb_shortest_unique(hex, sgit_repo_odb(repo), id, len) < 0)
		sgit_oid_tohex(hex, id);
	return sgit_buf_adds(out, hex);
}

size_t pretty_parent_count(const struct sgit_pretty_context *ctx)
{
	if (ctx->opts->use_parents)
		return ctx->opts->nparents;
	return sgit_commit_parent_count(ctx->commit);
}

const struct sgit_oid *pretty_parent(const struct sgit_pretty_context *ctx, size_t i)
{
	if (ctx->opts->use_parents)
		return i < ctx->opts->nparents ? &ctx->opts->parents[i] : NULL;
	return sgit_commit_parent_id(ctx->commit, i);
}

static const char *commit_color(const struct sgit_pretty_context *ctx)
{
	return ctx->opts->commit_color ? ctx->opts->commit_color : PRETTY_COLOR_COMMIT;
}

/* %n %x00 */
static long ph_literal(struct sgit_buf *out, struct sgit_pretty_context *ctx, const char *ph,
		       struct sgit_error *err)
{
	int hi, lo;

	(void)ctx;
	(void)err;
	if (ph[0] == 'n')
		return sgit_buf_addch(out, '\n') < 0 ? SGIT_ENOMEM : 1;
	if ((hi = sgit_hex_digit((unsigned char)ph[1])) < 0 || (lo = sgit_hex_digit((unsigned char)ph[2])) < 0)
		return 0;
	return sgit_buf_addch(out, (char)(hi << 4 | lo)) < 0 ? SGIT_ENOMEM : 3;
}

/* %C(auto), %C(<color>), %C(auto,<color>), %C(always,<color>), %Cred %Cgreen %Cblue %Creset */
static long ph_color(struct sgit_buf *out, struct sgit_pretty_context *ctx, const char *ph,
		     struct sgit_error *err)
{
	static const struct { const char *name, *seq; } basic[] = {
		{ "red", "\033[31m" }, { "green", "\033[32m" }, { "blue", "\033[34m" },
		{ "reset", SGIT_COLOR_RESET },
	};
	int want = ctx->opts->color, rc = 0;
	const char *begin = ph + 2, *end;
	size_t i;

	if (!strncmp(ph + 1, "(auto)", 6)) {
		ctx->auto_color = want;
		if (want && out->len && sgit_buf_adds(out, SGIT_COLOR_RESET) < 0)
			return SGIT_ENOMEM;
		return 7;
	}
	if (ph[1] != '(') {
		for (i = 0; i < sizeof(basic) / sizeof(basic[0]); i++) {
			size_t n = strlen(basic[i].name);

			if (strncmp(ph + 1, basic[i].name, n))
				continue;
			if (want && sgit_buf_adds(out, basic[i].seq) < 0)
				return SGIT_ENOMEM;
			ctx->auto_color = 0;
			return (long)n + 1;
		}
		return 0;	/* %C<unknown>: literal, and a %C(auto) before it still counts */
	}
	if (!(end = strchr(begin, ')')))
		return 0;
	ctx->auto_color = 0;
	if (!strncmp(begin, "auto,", 5))
		begin += 5;
	else if (!strncmp(begin, "always,", 7))
		begin += 7, want = 1;
	if (want) {
		struct sgit_buf spec = SGIT_BUF_INIT, seq = SGIT_BUF_INIT;

		rc = sgit_buf_set(&spec, begin, (size_t)(end - begin));
		if (rc == 0 && (rc = sgit_color_parse(&seq, spec.ptr)) == 0)
			rc = sgit_buf_addbuf(out, &seq);
		else if (rc == -1)
			rc = sgit_error_set(err, SGIT_EINVALID, "unable to parse --pretty format");
		sgit_buf_release(&spec);
		sgit_buf_release(&seq);
	}
	return rc < 0 ? rc : end - ph + 1;
}

/* %w(<width>[,<indent1>[,<indent2>]]) */
static long ph_wrap(struct sgit_buf *out, struct sgit_pretty_context *ctx, const char *ph,
		    struct sgit_error *err)
{
	unsigned long width = 0, indent1 = 0, indent2 = 0;
	const char *start = ph + 2, *end;
	char *next;
	int rc;

	(void)err;
	if (ph[1] != '(' || !(end = strchr(start, ')')))
		return 0;
	if (end > start) {
		width = strtoul(start, &next, 10);
		if (*next == ',') {
			indent1 = strtoul(next + 1, &next, 10);
			if (*next == ',')
				indent2 = strtoul(next + 1, &next, 10);
		}
		if (*next != ')')
			return 0;
	}
	if (width > PRETTY_FORMATTING_LIMIT || indent1 > PRETTY_FORMATTING_LIMIT ||
	    indent2 > PRETTY_FORMATTING_LIMIT)
		return 0;
	rc = pretty_rewrap(out, ctx, (int)width, (int)indent1, (int)indent2);
	return rc < 0 ? rc : end - ph + 1;
}

/* %<(n[,trunc]) %>(n) %>>(n) %><(n) and the "|" column forms: pad the next placeholder */
static long ph_padding(struct sgit_buf *out, struct sgit_pretty_context *ctx, const char *ph,
		       struct sgit_error *err)
{
	const char *p = ph + 1, *start, *end;
	enum pretty_flush flush = FLUSH_LEFT;
	int to_column = 0;
	char *next;
	long width;

	(void)out;
	(void)err;
	if (ph[0] == '<')
		flush = FLUSH_RIGHT;
	else if (*p == '<')
		flush = FLUSH_BOTH, p++;
	else if (*p == '>')
		flush = FLUSH_LEFT_AND_STEAL, p++;
	if (*p == '|')
		to_column = 1, p++;
	if (*p != '(')
		return 0;
	start = p + 1;
	end = start + strcspn(start, ",)");
	if (!*end || end == start)
		return 0;
	width = strtol(start, &next, 10);
	if (width < -PRETTY_FORMATTING_LIMIT || width > PRETTY_FORMATTING_LIMIT || next == start || !width)
		return 0;
	if (width < 0) {
		if (to_column)
			width += ctx->opts->term_columns > 0 ? ctx->opts->term_columns : 80;
		if (width < 0)
			return 0;
	}
	/* git records the padding before it looks at the truncation, even when that is refused */
	ctx->padding = to_column ? (int)-width : (int)width;
	ctx->flush = flush;
	ctx->trunc = TRUNC_NONE;
	if (*end == ',') {
		start = end + 1;
		if (!(end = strchr(start, ')')) || end == start)
			return 0;
		if (!strncmp(start, "trunc)", 6))
			ctx->trunc = TRUNC_RIGHT;
		else if (!strncmp(start, "ltrunc)", 7))
			ctx->trunc = TRUNC_LEFT;
		else if (!strncmp(start, "mtrunc)", 7))
			ctx->trunc = TRUNC_MIDDLE;
		else
			return 0;
	}
	return end - ph + 1;
}

/* %H %h %T %t */
static long ph_ids(struct sgit_buf *out, struct sgit_pretty_context *ctx, const char *ph,
		   struct sgit_error *err)
{
	int commit = ph[0] == 'H' || ph[0] == 'h', abbrev = ph[0] == 'h' || ph[0] == 't', rc = 0;
	const struct sgit_oid *id = commit ? ctx->id : sgit_commit_tree_id(ctx->commit);
	char hex[SGIT_OID_HEXSZ + 1];

	if (commit && ctx->auto_color)
		rc = sgit_buf_adds(out, commit_color(ctx));
	if (rc == 0)
		rc = abbrev ? pretty_add_abbrev(out, ctx->repo, id, ctx->opts->abbrev)
			    : sgit_buf_adds(out, sgit_oid_tohex(hex, id));
	if (rc == 0 && commit && ctx->auto_color)
		rc = sgit_buf_adds(out, SGIT_COLOR_RESET);
	return rc < 0 ? sgit_error_nomem(err) : 1;
}

/* %P %p */
static long ph_parents(struct sgit_buf *out, struct sgit_pretty_context *ctx, const char *ph,
		       struct sgit_error *err)
{
	size_t i, n = pretty_parent_count(ctx);
	char hex[SGIT_OID_HEXSZ + 1];
	int rc = 0;

	for (i = 0; i < n && rc == 0; i++) {
		if (i)
			rc = sgit_buf_addch(out, ' ');
		if (rc == 0)
			rc = ph[0] == 'p' ? pretty_add_abbrev(out, ctx->repo, pretty_parent(ctx, i),
							      ctx->opts->abbrev)
					  : sgit_buf_adds(out, sgit_oid_tohex(hex, pretty_parent(ctx, i)));
	}
	return rc < 0 ? sgit_error_nomem(err) : 1;
}

/* %m %d %D %S %N: what the caller knows about the commit */
static long ph_walk(struct sgit_buf *out, struct sgit_pretty_context *ctx, const char *ph,
		    struct sgit_error *err)
{
	const struct sgit_pretty_options *o = ctx->opts;
	struct sgit_decorate_style style = o->decorate_style;
	int rc = 0;

	style.color = ctx->auto_color;
	if (!style.commit_color)
		style.commit_color = o->commit_color;
	switch (ph[0]) {
	case 'm':
		rc = sgit_buf_adds(out, o->mark ? o->mark : ">");
		break;
	case 'd':
		rc = sgit_decorations_format(out, o->decorations, ctx->id, &style, " (", ", ", ")");
		break;
	case 'D':
		rc = sgit_decorations_format(out, o->decorations, ctx->id, &style, "", ", ", "");
		break;
	case 'S':
		if (!o->source)
			return 0;
		rc = sgit_buf_adds(out, o->source);
		break;
	default:
		rc = sgit_buf_adds(out, o->notes ? o->notes : "");
		break;
	}
	return rc < 0 ? sgit_error_nomem(err) : 1;
}

/* %gd %gD %gs %gn %gN %ge %gE: reflog walks are not supported, so these are empty as without -g */
static long ph_reflog(struct sgit_buf *out, struct sgit_pretty_context *ctx, const char *ph,
		      struct sgit_error *err)
{
	(void)out;
	(void)ctx;
	(void)err;
	return ph[1] && strchr("dDsnNeE", ph[1]) ? 2 : 0;
}

/* The person placeholders %a? and %c? (git's format_person_part). */
static long ph_person(struct sgit_buf *out, struct sgit_pretty_context *ctx, const char *ph,
		      struct sgit_error *err)
{
	static const struct { char part; enum sgit_date_style style; } fixed[] = {
		{ 'D', SGIT_DATE_RFC }, { 'r', SGIT_DATE_RELATIVE }, { 'i', SGIT_DATE_ISO },
		{ 'I', SGIT_DATE_ISO_STRICT }, { 's', SGIT_DATE_SHORT }, { 'h', SGIT_DATE_HUMAN },
	};
	char part = ph[1];
	struct pretty_ident id;
	const char *name, *mail, *at;
	size_t name_len, mail_len, i;
	struct sgit_date_mode mode = SGIT_DATE_MODE_INIT;
	int rc;

	if ((rc = pretty_ctx_load_message(ctx, err)) < 0)
		return rc;
	if (ph[0] == 'a')
		rc = pretty_split_ident(&id, ctx->msg.text + ctx->author_off, ctx->author_len);
	else
		rc = pretty_split_ident(&id, ctx->msg.text + ctx->committer_off, ctx->committer_len);
	if (rc < 0)
		goto skip;
	name = id.name, name_len = id.name_len, mail = id.mail, mail_len = id.mail_len;
	if ((part == 'N' || part == 'E' || part == 'L') && ctx->opts->mailmap)
		sgit_mailmap_map(ctx->opts->mailmap, &mail, &mail_len, &name, &name_len);
	if (part == 'n' || part == 'N')
		return sgit_buf_add(out, name, name_len) < 0 ? sgit_error_nomem(err) : 2;
	if (part == 'l' || part == 'L')
		mail_len = (at = memchr(mail, '@', mail_len)) ? (size_t)(at - mail) : mail_len;
	if (part == 'e' || part == 'E' || part == 'l' || part == 'L')
		return sgit_buf_add(out, mail, mail_len) < 0 ? sgit_error_nomem(err) : 2;
	if (!id.date)
		goto skip;
	if (part == 't')
		return sgit_buf_add(out, id.date, id.date_len) < 0 ? sgit_error_nomem(err) : 2;
	if (part == 'd')
		return pretty_add_ident_date(out, &id, &ctx->opts->date, ctx->opts->now) < 0
			? sgit_error_nomem(err) : 2;
	for (i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++) {
		if (fixed[i].part != part)
			continue;
		mode.style = fixed[i].style;
		return pretty_add_ident_date(out, &id, &mode, ctx->opts->now) < 0 ? sgit_error_nomem(err) : 2;
	}
skip:
	/* a person git cannot read: these few are empty, the others stay literal */
	return part && strchr("netdDri", part) ? 2 : 0;
}

/* %e %B %s %f %b */
static long ph_text(struct sgit_buf *out, struct sgit_pretty_context *ctx, const char *ph,
		    struct sgit_error *err)
{
	const char *msg, *eol;
	int rc;

	if ((rc = pretty_ctx_load_message(ctx, err)) < 0)
		return rc;
	msg = ctx->msg.text;
	if (ph[0] == 'e')
		rc = ctx->msg.encoding ? sgit_buf_adds(out, ctx->msg.encoding) : 0;
	else if (ph[0] == 'B')
		rc = ctx->message_off < ctx->msg.len ? sgit_buf_adds(out, msg + ctx->message_off + 1) : 0;
	if (ph[0] == 'e' || ph[0] == 'B')
		return rc < 0 ? sgit_error_nomem(err) : 1;
	pretty_ctx_parse_body(ctx);
	if (ph[0] == 's') {
		pretty_format_subject(out, msg + ctx->subject_off, " ", &rc);
	} else if (ph[0] == 'f') {
		eol = strchr(msg + ctx->subject_off, '\n');
		rc = pretty_add_sanitized(out, msg + ctx->subject_off,
					  eol ? (size_t)(eol - msg - ctx->subject_off) : strlen(msg + ctx->subject_off));
	} else {
		rc = sgit_buf_adds(out, msg + ctx->body_off);
	}
	return rc < 0 ? sgit_error_nomem(err) : 1;
}

/*
 * Every placeholder of git log --format, by the text after '%'; the longest
 * name that starts the placeholder wins, and a handler may still decline (0)
 * to leave it literal. %(trailers...) and %(describe...) are not supported
 * (they stay literal). The Signing issue's %G... go here or in opts->extra.
 */
static const struct sgit_pretty_placeholder placeholders[] = {
	{ "n", ph_literal }, { "x", ph_literal },
	{ "C", ph_color }, { "w", ph_wrap }, { "<", ph_padding }, { ">", ph_padding },
	{ "H", ph_ids }, { "h", ph_ids }, { "T", ph_ids }, { "t", ph_ids },
	{ "P", ph_parents }, { "p", ph_parents },
	{ "m", ph_walk }, { "d", ph_walk }, { "D", ph_walk }, { "S", ph_walk }, { "N", ph_walk },
	{ "g", ph_reflog },
	{ "a", ph_person }, { "c", ph_person },
	{ "e", ph_text }, { "B", ph_text }, { "s", ph_text }, { "f", ph_text }, { "b", ph_text },
};

static const struct sgit_pretty_placeholder *lookup(const struct sgit_pretty_placeholder *t, size_t n,
						    const char *ph)
{
	const struct sgit_pretty_placeholder *best = NULL;
	size_t i, best_len = 0;

	for (i = 0; i < n; i++) {
		size_t len;

		if (t[i].name[0] != ph[0])
			continue;
		len = strlen(t[i].name);
		if (len > best_len && !strncmp(ph, t[i].name, len)) {
			best = &t[i];
			best_len = len;
		}
	}
	return best;
}

long pretty_placeholder_expand(struct sgit_buf *out, struct sgit_pretty_context *ctx, const char *ph,
			       struct sgit_error *err)
{
	const struct sgit_pretty_placeholder *p = NULL;

	if (ctx->opts->extra)
		p = lookup(ctx->opts->extra, ctx->opts->nextra, ph);
	if (!p)
		p = lookup(placeholders, sizeof(placeholders) / sizeof(placeholders[0]), ph);
	long consumed = p ? p->fn(out, ctx, ph, err) : 0;

	if (consumed == SGIT_ENOMEM)
		sgit_error_nomem(err);
	return consumed;
}
