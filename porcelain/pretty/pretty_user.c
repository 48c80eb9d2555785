/* porcelain/pretty/pretty_user.c: expanding a user format (--format=) for one commit */
#include <string.h>
#include "porcelain/pretty/pretty_int.h"

int pretty_ctx_load_message(struct sgit_pretty_context *ctx, struct sgit_error *err)
{
	const char *msg;
	size_t i = 0;
	int rc;

	if (ctx->msg_ready)
		return 0;
	/* placeholders see UTF-8; the whole result is converted at the end */
	if ((rc = pretty_msg_load(&ctx->msg, ctx->commit, "UTF-8", err)) < 0)
		return rc;
	msg = ctx->msg.text;
	/* the last author and committer lines of the header count, as in git */
	while (msg[i] && msg[i] != '\n') {
		size_t eol = i + strcspn(msg + i, "\n");

		if (!strncmp(msg + i, "author ", 7)) {
			ctx->author_off = i + 7;
			ctx->author_len = eol - i - 7;
		} else if (!strncmp(msg + i, "committer ", 10)) {
			ctx->committer_off = i + 10;
			ctx->committer_len = eol - i - 10;
		}
		i = msg[eol] ? eol + 1 : eol;
	}
	ctx->message_off = i;
	ctx->msg_ready = 1;
	return 0;
}

void pretty_ctx_parse_body(struct sgit_pretty_context *ctx)
{
	const char *start = ctx->msg.text, *msg;
	int rc;

	if (ctx->body_ready)
		return;
	msg = pretty_skip_blank_lines(start + ctx->message_off);
	ctx->subject_off = (size_t)(msg - start);
	msg = pretty_format_subject(NULL, msg, NULL, &rc);
	msg = pretty_skip_blank_lines(msg);
	ctx->body_off = (size_t)(msg - start);
	ctx->body_ready = 1;
}

/*
 * %>>(n): when the expansion is too wide, take back the spaces just before
 * it (and move the colour escapes among them into local) to make room.
 */
static int steal_spaces(struct sgit_buf *out, struct sgit_buf *local, int len, int *padding)
{
	size_t end = out->len;
	int rc = 0;

	while (len > *padding && end > 1) {
		const char *ch = out->ptr + end - 1, *p;
		struct sgit_buf tmp = SGIT_BUF_INIT;

		if (*ch == ' ') {
			end--;
			(*padding)++;
			continue;
		}
		if (*ch != 'm')
			break;
		for (p = ch - 1; p > out->ptr && ch - p < 10 && *p != '\033'; p--)
			;
		if (*p != '\033' || (size_t)(ch + 1 - p) != pretty_esc_len(p, (size_t)(ch + 1 - p)))
			break;
		if ((rc = sgit_buf_add(&tmp, p, (size_t)(ch + 1 - p))) == 0 && (rc = sgit_buf_addbuf(&tmp, local)) == 0)
			sgit_buf_swap(&tmp, local);
		sgit_buf_release(&tmp);
		if (rc)
			return rc;
		end = (size_t)(p - out->ptr);
	}
	sgit_buf_truncate(out, end);
	return 0;
}

/* Expand the placeholder at ph into local, with the colour placeholders right after it. */
static long expand_padded(struct sgit_buf *local, struct sgit_pretty_context *ctx, const char *ph,
			  struct sgit_error *err)
{
	long total = 0, consumed;

	for (;;) {
		int modifier = *ph == 'C';

		if ((consumed = pretty_placeholder_expand(local, ctx, ph, err)) < 0)
			return consumed;
		total += consumed;
		if (!modifier)
			return total;
		ph += consumed;
		if (*ph != '%')
			return total;
		ph++;
		total++;
	}
}

/* Pad or cut what the placeholder at ph expands to, as the last %<(n) asked. */
static long pad_item(struct sgit_buf *out, struct sgit_pretty_context *ctx, const char *ph,
		     struct sgit_error *err)
{
	struct sgit_buf local = SGIT_BUF_INIT;
	int padding = ctx->padding, len, rc = 0;
	long total;

	if (padding < 0) {
		const char *nl = strrchr(out->ptr, '\n'), *start = nl ? nl : out->ptr;

		padding = -padding - (pretty_strnwidth(start, strlen(start)) + ctx->opts->graph_width);
	}
	if ((total = expand_padded(&local, ctx, ph, err)) < 0) {
		rc = (int)total;
		goto out;
	}
	len = pretty_strnwidth(local.ptr, local.len);
	if (ctx->flush == FLUSH_LEFT_AND_STEAL) {
		if ((rc = steal_spaces(out, &local, len, &padding)) < 0)
			goto out;
		ctx->flush = FLUSH_LEFT;
	}
	if (len > padding) {
		if (ctx->trunc == TRUNC_LEFT)
			rc = pretty_utf8_replace(&local, 0, len - (padding - 2), "..");
		else if (ctx->trunc == TRUNC_MIDDLE)
			rc = pretty_utf8_replace(&local, padding / 2 - 1, len - (padding - 2), "..");
		else if (ctx->trunc == TRUNC_RIGHT)
			rc = pretty_utf8_replace(&local, padding - 2, len - (padding - 2), "..");
		if (rc == 0)
			rc = sgit_buf_addbuf(out, &local);
	} else {
		/* padding counts columns; the spaces added make room for the bytes */
		size_t at = out->len, offset = 0, fill = (size_t)(padding - len) + local.len, i;

		if (ctx->flush == FLUSH_LEFT)
			offset = (size_t)(padding - len);
		else if (ctx->flush == FLUSH_BOTH)
			offset = (size_t)(padding - len) / 2;
		for (i = 0; i < fill && rc == 0; i++)
			rc = sgit_buf_addch(out, ' ');
		if (rc == 0)
			memcpy(out->ptr + at + offset, local.ptr, local.len);
	}
out:
	sgit_buf_release(&local);
	ctx->flush = FLUSH_NONE;
	return rc < 0 ? rc : total;
}

static int insert_at(struct sgit_buf *out, size_t at, const char *s)
{
	struct sgit_buf tmp = SGIT_BUF_INIT;
	int rc;

	if ((rc = sgit_buf_add(&tmp, out->ptr, at)) == 0 && (rc = sgit_buf_adds(&tmp, s)) == 0 &&
	    (rc = sgit_buf_add(&tmp, out->ptr + at, out->len - at)) == 0)
		sgit_buf_swap(&tmp, out);
	sgit_buf_release(&tmp);
	return rc;
}

/* One placeholder with its optional "%+x" "%-x" "% x" modifier; bytes consumed after '%'. */
static long format_item(struct sgit_buf *out, struct sgit_pretty_context *ctx, const char *ph,
			struct sgit_error *err)
{
	char magic = 0;
	size_t orig;
	long consumed;
	int rc = 0;

	if (*ph == '-' || *ph == '+' || *ph == ' ') {
		magic = *ph++;
		/* %+w() could only ever change what comes before it: git refuses the pair */
		if (*ph == 'w')
			return 0;
	}
	orig = out->len;
	consumed = ctx->flush != FLUSH_NONE ? pad_item(out, ctx, ph, err)
					    : pretty_placeholder_expand(out, ctx, ph, err);
	if (consumed < 0 || !magic)
		return consumed;
	if (orig == out->len && magic == '-') {
		while (out->len && out->ptr[out->len - 1] == '\n')
			sgit_buf_truncate(out, out->len - 1);
	} else if (orig != out->len && magic != '-') {
		rc = insert_at(out, orig, magic == '+' ? "\n" : " ");
	}
	return rc < 0 ? sgit_error_nomem(err) : consumed + 1;
}

int pretty_rewrap(struct sgit_buf *out, struct sgit_pretty_context *ctx, int width, int indent1,
		  int indent2)
{
	struct sgit_buf tmp = SGIT_BUF_INIT;
	int rc = 0;

	if (width == ctx->wrap_width && indent1 == ctx->wrap_indent1 && indent2 == ctx->wrap_indent2)
		return 0;
	if (ctx->wrap_start < out->len) {
		if ((rc = sgit_buf_add(&tmp, out->ptr, ctx->wrap_start)) == 0)
			rc = pretty_add_wrapped(&tmp, out->ptr + ctx->wrap_start, ctx->wrap_indent1,
						ctx->wrap_indent2, ctx->wrap_width);
		if (rc == 0)
			sgit_buf_swap(&tmp, out);
		sgit_buf_release(&tmp);
	}
	ctx->wrap_start = out->len;
	ctx->wrap_width = width;
	ctx->wrap_indent1 = indent1;
	ctx->wrap_indent2 = indent2;
	return rc;
}

int pretty_format_user(struct sgit_buf *out, struct sgit_pretty_context *ctx, const char *format,
		       struct sgit_error *err)
{
	const char *f = format ? format : "";
	int rc = 0;

	sgit_buf_reset(out);
	ctx->wrap_start = 0;
	while (rc == 0) {
		const char *pct = strchr(f, '%');
		long consumed;

		if ((rc = sgit_buf_add(out, f, pct ? (size_t)(pct - f) : strlen(f))) < 0 || !pct)
			break;
		f = pct + 1;
		if (*f == '%') {
			rc = sgit_buf_addch(out, '%');
			f++;
			continue;
		}
		if ((consumed = format_item(out, ctx, f, err)) < 0)
			return consumed == SGIT_ENOMEM ? sgit_error_nomem(err) : (int)consumed;
		if (consumed)
			f += consumed;
		else
			rc = sgit_buf_addch(out, '%');
	}
	/* the text after the last %w() is wrapped as it asked */
	if (rc == 0)
		rc = pretty_rewrap(out, ctx, 0, 0, 0);
	if (rc == 0 && !pretty_is_utf8(ctx->opts->output_encoding)) {
		struct sgit_buf conv = SGIT_BUF_INIT;

		if ((rc = pretty_reencode(&conv, out->ptr, out->len, ctx->opts->output_encoding, "UTF-8")) == 1)
			sgit_buf_swap(&conv, out);
		sgit_buf_release(&conv);
		rc = rc < 0 ? rc : 0;
	}
	return rc < 0 ? sgit_error_nomem(err) : 0;
}
