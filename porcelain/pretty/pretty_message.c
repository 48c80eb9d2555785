/* porcelain/pretty/pretty_message.c: a commit's text as git's formats cut it (encoding, subject, persons) */
#include <errno.h>
#include <iconv.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "porcelain/pretty/pretty_int.h"

int pretty_isspace(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* "utf8", "UTF-8", "utf-16le"... compared after "utf" and an optional '-'. */
static int same_utf(const char *a, const char *b)
{
	if (strncasecmp(a, "utf", 3) || strncasecmp(b, "utf", 3))
		return 0;
	a += 3;
	b += 3;
	a += *a == '-';
	b += *b == '-';
	return !strcasecmp(a, b);
}

int pretty_is_utf8(const char *name)
{
	return !name || same_utf("utf-8", name);
}

/* git's same_encoding(): NULL counts as UTF-8; "utf8" and "UTF-8" are the same. */
static int same_encoding(const char *a, const char *b)
{
	a = a ? a : "UTF-8";
	b = b ? b : "UTF-8";
	return same_utf(a, b) || !strcasecmp(a, b);
}

/* The names iconv is retried with when it does not know the first ones. */
static const char *fallback_encoding(const char *name)
{
	if (pretty_is_utf8(name))
		return "UTF-8";
	if (!strcasecmp(name, "latin-1"))
		return "ISO-8859-1";
	return name;
}

static int run_iconv(struct sgit_buf *out, iconv_t cd, const char *in, size_t len)
{
	size_t room = len + 1, used = 0;
	char *buf = malloc(room), *ip = (char *)in;

	if (!buf)
		return SGIT_ENOMEM;
	for (;;) {
		char *op = buf + used;
		size_t left = room - used - 1;

		if (iconv(cd, &ip, &len, &op, &left) != (size_t)-1) {
			used = (size_t)(op - buf);
			break;
		}
		used = (size_t)(op - buf);
		if (errno != E2BIG) {
			free(buf);
			return 0;
		}
		{
			char *bigger = realloc(buf, used + len * 2 + 32);

			if (!bigger) {
				free(buf);
				return SGIT_ENOMEM;
			}
			buf = bigger;
			room = used + len * 2 + 32;
		}
	}
	buf[used] = '\0';
	sgit_buf_attach(out, buf, used, room);
	return 1;
}

int pretty_reencode(struct sgit_buf *out, const char *in, size_t len, const char *to, const char *from)
{
	iconv_t cd;
	int rc;

	if (!from)
		return 0;
	cd = iconv_open(to, from);
	if (cd == (iconv_t)-1)
		cd = iconv_open(fallback_encoding(to), fallback_encoding(from));
	if (cd == (iconv_t)-1)
		return 0;
	rc = run_iconv(out, cd, in, len);
	iconv_close(cd);
	return rc;
}

/* The value of the first "name" header line (before the empty line), or NULL. */
static int find_header(char **out, const char *msg, const char *name)
{
	size_t n = strlen(name);

	*out = NULL;
	while (*msg && *msg != '\n') {
		size_t len = strcspn(msg, "\n");

		if (len > n && !strncmp(msg, name, n) && msg[n] == ' ') {
			*out = strndup(msg + n + 1, len - n - 1);
			return *out ? 0 : SGIT_ENOMEM;
		}
		msg += len + (msg[len] == '\n');
	}
	return 0;
}

/* After re-encoding: drop the "encoding" header (UTF-8) or write the new name in it. */
static int replace_encoding_header(struct sgit_buf *text, const char *encoding)
{
	struct sgit_buf tmp = SGIT_BUF_INIT;
	const char *p = text->ptr, *eol;
	size_t start;
	int rc;

	while (strncmp(p, "encoding ", 9)) {
		p = strchr(p, '\n');
		if (!p || *++p == '\n')
			return 0;
	}
	if (!(eol = strchr(p, '\n')))
		return 0;
	start = (size_t)(p - text->ptr);
	rc = sgit_buf_add(&tmp, text->ptr, start);
	if (rc == 0 && !pretty_is_utf8(encoding))
		rc = sgit_buf_addf(&tmp, "encoding %s\n", encoding);
	if (rc == 0)
		rc = sgit_buf_adds(&tmp, eol + 1);
	if (rc == 0)
		sgit_buf_swap(&tmp, text);
	sgit_buf_release(&tmp);
	return rc;
}

/* Make the text the message's own copy, for a change to it. */
static int own_text(struct pretty_msg *m)
{
	if (m->text == m->own.ptr)
		return 0;
	if (sgit_buf_set(&m->own, m->text, m->len) < 0)
		return SGIT_ENOMEM;
	m->text = m->own.ptr;
	return 0;
}

/*
 * The commit's own bytes serve as they are, unless they are re-encoded or
 * their encoding header changes: a message of many megabytes is not copied
 * (git's logmsg_reencode also hands back the buffer it was given).
 */
int pretty_msg_load(struct pretty_msg *m, const struct sgit_commit *c, const char *output_encoding,
		    struct sgit_error *err)
{
	size_t len = 0;
	const char *raw = sgit_commit_raw(c, &len), *nul = memchr(raw, '\0', len);
	const char *to = output_encoding && *output_encoding ? output_encoding : "UTF-8";
	int rc;

	/* git reads the commit as a C string: a NUL byte ends it (raw is NUL-terminated) */
	m->text = raw;
	m->len = nul ? (size_t)(nul - raw) : len;
	if ((rc = find_header(&m->encoding, m->text, "encoding")) < 0)
		goto out;
	if (!m->encoding && same_encoding("UTF-8", to))
		goto out;
	if (!same_encoding(m->encoding ? m->encoding : "UTF-8", to)) {
		struct sgit_buf conv = SGIT_BUF_INIT;

		/* without a header the message is taken as UTF-8 */
		rc = pretty_reencode(&conv, m->text, m->len, to, m->encoding ? m->encoding : "UTF-8");
		if (rc == 1) {
			sgit_buf_swap(&conv, &m->own);
			m->text = m->own.ptr;
			m->len = m->own.len;
		}
		sgit_buf_release(&conv);
		if (rc <= 0)
			goto out;	/* not convertible: shown as it is, header kept */
	}
	if ((rc = own_text(m)) == 0 && (rc = replace_encoding_header(&m->own, to)) == 0) {
		m->text = m->own.ptr;
		m->len = m->own.len;
	}
out:
	if (rc < 0)
		return sgit_error_nomem(err);
	return 0;
}

void pretty_msg_release(struct pretty_msg *m)
{
	sgit_buf_release(&m->own);
	m->text = "";
	m->len = 0;
	free(m->encoding);
	m->encoding = NULL;
}

size_t pretty_line_len(const char *s)
{
	size_t n = 0;

	while (s[n]) {
		if (s[n++] == '\n')
			break;
	}
	return n;
}

int pretty_blank_line(const char *line, size_t *len)
{
	size_t n = *len;

	while (n && pretty_isspace((unsigned char)line[n - 1]))
		n--;
	*len = n;
	return n == 0;
}

const char *pretty_skip_blank_lines(const char *msg)
{
	for (;;) {
		size_t len = pretty_line_len(msg), n = len;

		if (!len || !pretty_blank_line(msg, &n))
			return msg;
		msg += len;
	}
}

const char *pretty_format_subject(struct sgit_buf *out, const char *msg, const char *sep, int *rc)
{
	int first = 1;

	*rc = 0;
	for (;;) {
		const char *line = msg;
		size_t len = pretty_line_len(line), n = len;

		msg += len;
		if (!len || pretty_blank_line(line, &n))
			return msg;
		if (!out)
			continue;
		if (!first && (*rc = sgit_buf_adds(out, sep)) < 0)
			return msg;
		if ((*rc = sgit_buf_add(out, line, n)) < 0)
			return msg;
		first = 0;
	}
}

static int title_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '.' || c == '_';
}

int pretty_add_sanitized(struct sgit_buf *out, const char *line, size_t len)
{
	size_t start = out->len, i, end;
	int space = 2, rc = 0;

	for (i = 0; i < len && rc == 0; i++) {
		if (!title_char(line[i])) {
			space |= 1;
			continue;
		}
		if (space == 1)
			rc = sgit_buf_addch(out, '-');
		space = 0;
		if (rc == 0)
			rc = sgit_buf_addch(out, line[i]);
		if (line[i] == '.')
			while (i + 1 < len && line[i + 1] == '.')
				i++;
	}
	for (end = out->len; end > start && (out->ptr[end - 1] == '.' || out->ptr[end - 1] == '-'); end--)
		;
	sgit_buf_truncate(out, end);
	return rc;
}

static size_t digits(const char *p, const char *end)
{
	size_t n = 0;

	while (p + n < end && p[n] >= '0' && p[n] <= '9')
		n++;
	return n;
}

/* The date after the last '>': digits, spaces, a signed zone; else none (person only). */
static void split_date(struct pretty_ident *id, const char *line, size_t len)
{
	const char *end = line + len, *p = end - 1, *tz;
	size_t n;

	while (*p != '>')
		p--;
	for (p++; p < end && pretty_isspace((unsigned char)*p); p++)
		;
	if (p >= end || !(n = digits(p, end)))
		return;
	id->date = p;
	id->date_len = n;
	for (p += n; p < end && pretty_isspace((unsigned char)*p); p++)
		;
	tz = p;
	if (p >= end || (*p != '+' && *p != '-') || !(n = digits(p + 1, end))) {
		id->date = NULL;
		id->date_len = 0;
		return;
	}
	id->tz = tz;
	id->tz_len = n + 1;
}

int pretty_split_ident(struct pretty_ident *id, const char *line, size_t len)
{
	const char *lt = NULL, *gt = NULL, *p;
	size_t i;

	memset(id, 0, sizeof(*id));
	for (i = 0; i < len && line[i]; i++) {
		if (line[i] == '<') {
			lt = line + i;
			break;
		}
	}
	if (!lt)
		return -1;
	id->name = line;
	for (i = (size_t)(lt - line); i > 0 && pretty_isspace((unsigned char)line[i - 1]); i--)
		;
	id->name_len = i;
	for (p = lt + 1; p < line + len; p++) {
		if (*p == '>') {
			gt = p;
			break;
		}
	}
	if (!gt)
		return -1;
	id->mail = lt + 1;
	id->mail_len = (size_t)(gt - lt - 1);
	split_date(id, line, len);
	return 0;
}

/* git's parse_timestamp + date_overflows: digits beyond a signed 64-bit time give the epoch. */
static int64_t ident_time(const struct pretty_ident *id, int *overflow)
{
	uint64_t v = 0;
	size_t i;

	*overflow = 0;
	for (i = 0; id->date && i < id->date_len; i++) {
		unsigned d = (unsigned)(id->date[i] - '0');

		if (v > (UINT64_MAX - d) / 10) {
			*overflow = 1;
			return 0;
		}
		v = v * 10 + d;
	}
	if (v >= UINT64_MAX || v > (uint64_t)INT64_MAX) {
		*overflow = 1;
		return 0;
	}
	return (int64_t)v;
}

static int ident_tz(const struct pretty_ident *id)
{
	long v = 0;
	size_t i;

	if (!id->tz)
		return 0;
	for (i = 1; i < id->tz_len; i++) {
		v = v * 10 + (id->tz[i] - '0');
		if (v > 2147483647L)
			return 0;
	}
	return (int)(id->tz[0] == '-' ? -v : v);
}

int pretty_add_ident_date(struct sgit_buf *out, const struct pretty_ident *id,
			  const struct sgit_date_mode *mode, int64_t now)
{
	struct sgit_buf tmp = SGIT_BUF_INIT;
	int overflow = 0;
	int64_t t = ident_time(id, &overflow);
	int rc = sgit_date_format(&tmp, t, overflow ? 0 : ident_tz(id), mode, now);

	if (rc == 0)
		rc = sgit_buf_addbuf(out, &tmp);
	sgit_buf_release(&tmp);
	return rc;
}
