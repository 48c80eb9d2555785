/* porcelain/pretty/pretty_int.h: what the pretty formatter's files share */
#ifndef SGIT_PORCELAIN_PRETTY_INT_H
#define SGIT_PORCELAIN_PRETTY_INT_H

#include <stddef.h>
#include <stdint.h>
#include "sgit/pretty.h"
#include "util/color.h"

/* git's limit on padding and wrapping widths, so that a format cannot ask for gigabytes */
#define PRETTY_FORMATTING_LIMIT (16 * 1024)

/* color.diff.commit when it is not set: yellow */
#define PRETTY_COLOR_COMMIT "\033[33m"

enum pretty_flush { FLUSH_NONE, FLUSH_LEFT, FLUSH_RIGHT, FLUSH_BOTH, FLUSH_LEFT_AND_STEAL };
enum pretty_trunc { TRUNC_NONE, TRUNC_LEFT, TRUNC_MIDDLE, TRUNC_RIGHT };

/* A person as git's split_ident_line cuts it: offsets into the line given. */
struct pretty_ident {
	const char *name, *mail;	/* name may be empty */
	size_t name_len, mail_len;
	const char *date;		/* digits, or NULL when the line has no usable date */
	size_t date_len;
	const char *tz;			/* "+0200", or NULL */
	size_t tz_len;
};

/* The commit's message as formats read it (git's logmsg_reencode of the commit buffer). */
struct pretty_msg {
	const char *text;		/* the object up to its first NUL, re-encoded; NUL-terminated */
	size_t len;
	struct sgit_buf own;		/* text when it is not the commit's own (re-encoded) */
	char *encoding;			/* the "encoding" header's value (malloc), or NULL */
};

struct sgit_pretty_context {
	struct sgit_repo *repo;
	const struct sgit_oid *id;
	const struct sgit_commit *commit;
	const struct sgit_pretty_options *opts;
	/* user formats: the message in UTF-8 and where its parts are, parsed on first use */
	int msg_ready, body_ready;
	struct pretty_msg msg;
	size_t author_off, author_len, committer_off, committer_len;
	size_t message_off;		/* the LF of the empty line that ends the header (or the end) */
	size_t subject_off, body_off;
	int auto_color;			/* after %C(auto) with colour wanted */
	/* %<(n) and friends: what the next placeholder is padded to */
	enum pretty_flush flush;
	enum pretty_trunc trunc;
	int padding;			/* columns; < 0: up to column -padding */
	/* %w(): the current wrapping, applied to what was added since wrap_start */
	size_t wrap_start;
	int wrap_width, wrap_indent1, wrap_indent2;
	void *state;			/* sgit_pretty_context_state() */
};

/* pretty_placeholders.c: the table, looked up after the options' extra table */
long pretty_placeholder_expand(struct sgit_buf *out, struct sgit_pretty_context *ctx, const char *ph,
			       struct sgit_error *err);
/* The id abbreviated as opts->abbrev asks (full with abbrev 0). */
int pretty_add_abbrev(struct sgit_buf *out, struct sgit_repo *repo, const struct sgit_oid *id,
		      int abbrev);
/* The parents formats show: the rewritten ones when the options give them. */
size_t pretty_parent_count(const struct sgit_pretty_context *ctx);
const struct sgit_oid *pretty_parent(const struct sgit_pretty_context *ctx, size_t i);

/* pretty_user.c: the user format engine */
int pretty_format_user(struct sgit_buf *out, struct sgit_pretty_context *ctx, const char *format,
		       struct sgit_error *err);
/* Load ctx->msg (UTF-8) and find the author, committer and message start. */
int pretty_ctx_load_message(struct sgit_pretty_context *ctx, struct sgit_error *err);
/* Find subject and body in ctx->msg. */
void pretty_ctx_parse_body(struct sgit_pretty_context *ctx);
/*
 * %w(): wrap what out gained since the last %w() as that one asked, and
 * start the new setting here (nothing to do when it is the same).
 */
int pretty_rewrap(struct sgit_buf *out, struct sgit_pretty_context *ctx, int width, int indent1,
		  int indent2);

/* pretty_message.c: message text as git cuts it */
/* Re-encode the commit to output_encoding as git's logmsg_reencode does (NULL: UTF-8). */
int pretty_msg_load(struct pretty_msg *m, const struct sgit_commit *c, const char *output_encoding,
		    struct sgit_error *err);
void pretty_msg_release(struct pretty_msg *m);
/* iconv from one encoding to another; 1 when converted, 0 when iconv could not (out untouched). */
int pretty_reencode(struct sgit_buf *out, const char *in, size_t len, const char *to, const char *from);
int pretty_is_utf8(const char *name);
/* Length of the line at s up to and including its LF (stops at NUL). */
size_t pretty_line_len(const char *s);
/* 1 when the line (len bytes) is only whitespace; *len loses its trailing whitespace. */
int pretty_blank_line(const char *line, size_t *len);
const char *pretty_skip_blank_lines(const char *msg);
/* The first paragraph's lines joined with sep (out may be NULL); returns where it ends. */
const char *pretty_format_subject(struct sgit_buf *out, const char *msg, const char *sep, int *rc);
/* %f: the subject line made into a file name. */
int pretty_add_sanitized(struct sgit_buf *out, const char *line, size_t len);
/* git's split_ident_line over len bytes; -1 when the line has no <email>. */
int pretty_split_ident(struct pretty_ident *id, const char *line, size_t len);
/* The ident's date in mode, as git shows it (the epoch when it has none or overflows). */
int pretty_add_ident_date(struct sgit_buf *out, const struct pretty_ident *id,
			  const struct sgit_date_mode *mode, int64_t now);
/* git's isspace(): space, TAB, LF, CR only. */
int pretty_isspace(int c);

/* pretty_utf8.c: columns of UTF-8 text */
/* Length of an SGR escape ("\033[1;32m") at s, or 0. */
size_t pretty_esc_len(const char *s, size_t avail);
/* Decode one character at *s (avail bytes): its columns (-1 control, 0, 1, 2); *s NULL when invalid. */
int pretty_utf8_width(const char **s, size_t avail);
/* Columns of len bytes, escapes skipped; invalid UTF-8 counts as its byte length. */
int pretty_strnwidth(const char *s, size_t len);
/* Replace width columns from column pos with subst (a truncation ".."). */
int pretty_utf8_replace(struct sgit_buf *b, int pos, int width, const char *subst);
/* n spaces (none when n <= 0). */
int pretty_add_spaces(struct sgit_buf *out, int n);
/* git's strbuf_add_wrapped_text over the NUL-terminated text. */
int pretty_add_wrapped(struct sgit_buf *out, const char *text, int indent1, int indent2, int width);

/* pretty_email.c: the mail headers of the email format */
/* "From: <name> <mail>\n" as git writes it: quoted, encoded or wrapped as needed. */
int pretty_add_from(struct sgit_buf *out, const char *name, size_t name_len, const char *mail,
		    size_t mail_len, const char *encoding);
/* "Subject: [PATCH] <title>" without the LF. */
int pretty_add_subject(struct sgit_buf *out, const char *title, size_t len, const char *prefix,
		       const char *encoding);

/* pretty_formats.c: the built-in formats */
int pretty_format_builtin(struct sgit_buf *out, struct sgit_pretty_context *ctx, struct sgit_error *err);

#endif
