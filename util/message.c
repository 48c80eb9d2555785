/* util/message.c: commit and tag messages cleaned up as git does (git stripspace, --cleanup=) */
#include <string.h>
#include "util/message.h"

/* The dashes git writes on each side of ">8"; the line is "<c> " + this. */
#define SCISSORS_TEXT "------------------------ >8 ------------------------\n"

int sgit_message_cleanup_mode_parse(enum sgit_cleanup_mode *out, const char *value, int editing,
				    struct sgit_error *err)
{
	if (!strcmp(value, "verbatim"))
		*out = SGIT_CLEANUP_VERBATIM;
	else if (!strcmp(value, "whitespace"))
		*out = SGIT_CLEANUP_WHITESPACE;
	else if (!strcmp(value, "strip"))
		*out = SGIT_CLEANUP_STRIP;
	else if (!strcmp(value, "scissors"))
		*out = editing ? SGIT_CLEANUP_SCISSORS : SGIT_CLEANUP_WHITESPACE;
	else if (!strcmp(value, "default"))
		*out = editing ? SGIT_CLEANUP_STRIP : SGIT_CLEANUP_WHITESPACE;
	else
		return sgit_error_set(err, SGIT_EINVALID, "invalid cleanup mode %s", value);
	return 0;
}

/* git's isspace() is narrower than C's: no vertical tab or form feed. */
static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The length of line (len bytes, LF included if any) without its trailing blanks. */
static size_t trimmed_len(const char *line, size_t len)
{
	while (len && is_blank(line[len - 1]))
		len--;
	return len;
}

int sgit_message_stripspace(struct sgit_buf *msg, char comment_char)
{
	struct sgit_buf out = SGIT_BUF_INIT;
	size_t i = 0, empties = 0;
	int rc = 0;

	if (msg->len && (rc = sgit_buf_grow(&out, msg->len + 1)) < 0)
		return rc;
	while (i < msg->len) {
		const char *line = msg->ptr + i;
		const char *eol = memchr(line, '\n', msg->len - i);
		size_t len = eol ? (size_t)(eol - line) + 1 : msg->len - i, keep;

		i += len;
		/* a removed comment line does not end a run of empty lines */
		if (comment_char && line[0] == comment_char)
			continue;
		keep = trimmed_len(line, len);
		if (!keep) {
			empties++;
			continue;
		}
		if (empties && out.len)
			sgit_buf_addch(&out, '\n');
		empties = 0;
		sgit_buf_add(&out, line, keep);
		sgit_buf_addch(&out, '\n');
	}
	/* out was grown to fit: the adds above cannot fail */
	sgit_buf_swap(msg, &out);
	sgit_buf_release(&out);
	return 0;
}

size_t sgit_message_scissors_offset(const char *msg, size_t len, char comment_char)
{
	size_t n = strlen(SCISSORS_TEXT), at = 0;

	while (at + n + 2 <= len) {
		const char *line = msg + at;
		const char *eol = memchr(line, '\n', len - at);

		if (line[0] == comment_char && line[1] == ' ' && !memcmp(line + 2, SCISSORS_TEXT, n))
			return at;
		if (!eol)
			break;
		at = (size_t)(eol - msg) + 1;
	}
	return len;
}

int sgit_message_add_scissors(struct sgit_buf *out, char comment_char)
{
	return sgit_buf_addf(out, "%c %s", comment_char, SCISSORS_TEXT);
}

int sgit_message_cleanup(struct sgit_buf *msg, enum sgit_cleanup_mode mode, char comment_char)
{
	switch (mode) {
	case SGIT_CLEANUP_VERBATIM:
		return 0;
	case SGIT_CLEANUP_SCISSORS:
		sgit_buf_truncate(msg, sgit_message_scissors_offset(msg->ptr, msg->len, comment_char));
		return sgit_message_stripspace(msg, 0);
	case SGIT_CLEANUP_STRIP:
		return sgit_message_stripspace(msg, comment_char);
	case SGIT_CLEANUP_WHITESPACE:
	default:
		return sgit_message_stripspace(msg, 0);
	}
}

int sgit_message_add_commented(struct sgit_buf *out, const char *text, size_t len,
			       char comment_char)
{
	size_t old_len = out->len, i = 0;
	int rc = 0;

	while (!rc && i < len) {
		const char *line = text + i;
		const char *eol = memchr(line, '\n', len - i);
		size_t n = eol ? (size_t)(eol - line) + 1 : len - i;

		if (line[0] == '\n' || line[0] == '\t')
			rc = sgit_buf_addch(out, comment_char);
		else
			rc = sgit_buf_addf(out, "%c ", comment_char);
		if (!rc)
			rc = sgit_buf_add(out, line, n);
		i += n;
	}
	if (!rc && out->len > old_len && out->ptr[out->len - 1] != '\n')
		rc = sgit_buf_addch(out, '\n');
	if (rc < 0)
		sgit_buf_truncate(out, old_len);
	return rc;
}
