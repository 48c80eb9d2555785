/* porcelain/pretty/pretty_email.c: the mail headers of --pretty=email (From:, Subject:, RFC 2047 words) */
#include <string.h>
#include "porcelain/pretty/pretty_int.h"

static int non_ascii(unsigned char c)
{
	return c >= 0x80;
}

/* ASCII only, whatever the locale */
static int is_print(unsigned char c)
{
	return c >= 0x20 && c <= 0x7e;
}

static int is_alnum(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* Columns since the last LF of b (bytes, as git counts them here). */
static size_t last_line_len(const struct sgit_buf *b)
{
	size_t i = b->len;

	while (i && b->ptr[i - 1] != '\n')
		i--;
	return b->len - i;
}

/* 1 when the text has non-ASCII bytes, a LF or "=?" and must become an encoded word. */
static int needs_rfc2047(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		if (non_ascii((unsigned char)s[i]) || s[i] == '\n')
			return 1;
		if (i + 1 < len && s[i] == '=' && s[i + 1] == '?')
			return 1;
	}
	return 0;
}

/* Bytes that cannot stand for themselves in an encoded word (RFC 2047 4.2 and, in a phrase, 5.3). */
static int rfc2047_special(unsigned char c, int address)
{
	if (non_ascii(c) || !is_print(c) || pretty_isspace(c) || c == '=' || c == '?' || c == '_')
		return 1;
	if (!address)
		return 0;
	return !(is_alnum(c) || c == '!' || c == '*' || c == '+' || c == '-' || c == '/');
}

/* Length of the character at s in encoding: whole UTF-8 sequences, else one byte. */
static size_t char_len(const char *s, size_t len, const char *encoding)
{
	const char *p = s;

	if (!pretty_is_utf8(encoding))
		return 1;
	pretty_utf8_width(&p, len);
	return p ? (size_t)(p - s) : 1;
}

/* An RFC 2047 "Q" encoded word (address: the stricter rules of a phrase), folded at 76 columns. */
static int add_rfc2047(struct sgit_buf *out, const char *s, size_t len, const char *encoding, int address)
{
	size_t line_len = last_line_len(out) + strlen(encoding) + 5, i;
	int rc = sgit_buf_addf(out, "=?%s?q?", encoding);

	while (len && rc == 0) {
		const unsigned char *p = (const unsigned char *)s;
		size_t n = char_len(s, len, encoding);
		int special = n > 1 || rfc2047_special(*p, address);
		size_t enc_len = special ? 3 * n : 1;

		if (line_len + enc_len + 2 > 76) {
			/* the trailing "?=" would not fit: a new encoded word on a new line */
			rc = sgit_buf_addf(out, "?=\n =?%s?q?", encoding);
			line_len = strlen(encoding) + 5 + 1;
		}
		for (i = 0; i < n && rc == 0; i++)
			rc = special ? sgit_buf_addf(out, "=%02X", p[i]) : sgit_buf_addch(out, (char)p[i]);
		line_len += enc_len;
		s += n;
		len -= n;
	}
	return rc ? rc : sgit_buf_adds(out, "?=");
}

static int rfc822_special(char c)
{
	return c && strchr("()<>[]:;@,.\"\\", c) != NULL;
}

/* Wrap len bytes that may hold NUL as git does (it copies them to a C string first). */
static int add_wrapped_bytes(struct sgit_buf *out, const char *s, size_t len, int indent1, int indent2,
			     int width)
{
	struct sgit_buf tmp = SGIT_BUF_INIT;
	int rc;

	if ((rc = sgit_buf_set(&tmp, s, len)) == 0)
		rc = pretty_add_wrapped(out, tmp.ptr, indent1, indent2, width);
	sgit_buf_release(&tmp);
	return rc;
}

int pretty_add_from(struct sgit_buf *out, const char *name, size_t name_len, const char *mail,
		    size_t mail_len, const char *encoding)
{
	struct sgit_buf quoted = SGIT_BUF_INIT;
	size_t max = 78, i;
	int rc = sgit_buf_adds(out, "From: ");

	if (rc == 0 && needs_rfc2047(name, name_len)) {
		rc = add_rfc2047(out, name, name_len, encoding, 1);
		max = 76;
	} else if (rc == 0) {
		int special = 0;

		for (i = 0; i < name_len; i++)
			special |= rfc822_special(name[i]);
		if (special) {
			rc = sgit_buf_addch(&quoted, '"');
			for (i = 0; i < name_len && rc == 0; i++) {
				if (name[i] == '"' || name[i] == '\\')
					rc = sgit_buf_addch(&quoted, '\\');
				if (rc == 0)
					rc = sgit_buf_addch(&quoted, name[i]);
			}
			if (rc == 0)
				rc = sgit_buf_addch(&quoted, '"');
			name = quoted.ptr;
			name_len = quoted.len;
		}
		if (rc == 0)
			rc = add_wrapped_bytes(out, name, name_len, -6, 1, (int)max);
	}
	if (rc == 0 && max < last_line_len(out) + 2 + mail_len + 1)
		rc = sgit_buf_addch(out, '\n');
	if (rc == 0)
		rc = sgit_buf_addf(out, " <%.*s>\n", (int)mail_len, mail);
	sgit_buf_release(&quoted);
	return rc;
}

int pretty_add_subject(struct sgit_buf *out, const char *title, size_t len, const char *prefix,
		       const char *encoding)
{
	int rc = prefix && *prefix ? sgit_buf_addf(out, "Subject: [%s] ", prefix)
				   : sgit_buf_adds(out, "Subject: ");

	if (rc == 0 && needs_rfc2047(title, len))
		rc = add_rfc2047(out, title, len, encoding, 0);
	else if (rc == 0)
		rc = add_wrapped_bytes(out, title, len, -(int)last_line_len(out), 1, 78);
	return rc;
}
