/* util/quote.c: C-style quoting of path names (git's core.quotePath rules) */
#include "sgit/errors.h"
#include "util/quote.h"

/* The escapes git uses for the named control characters; 0: use octal. */
static char escape_letter(unsigned char c)
{
	switch (c) {
	case '\a': return 'a';
	case '\b': return 'b';
	case '\t': return 't';
	case '\n': return 'n';
	case '\v': return 'v';
	case '\f': return 'f';
	case '\r': return 'r';
	case '"': return '"';
	case '\\': return '\\';
	default: return 0;
	}
}

static int byte_needs_quote(unsigned char c, int quote_high)
{
	return c < 0x20 || c == '"' || c == '\\' || c == 0x7f || (quote_high && c >= 0x80);
}

int sgit_quote_needed(const char *name, size_t len, int quote_high)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (byte_needs_quote((unsigned char)name[i], quote_high))
			return 1;
	return 0;
}

int sgit_quote_c_style_add(struct sgit_buf *out, const char *name, size_t len, int quote_high)
{
	size_t i;
	int rc = 0;

	if (!sgit_quote_needed(name, len, quote_high))
		return sgit_buf_add(out, name, len);
	rc |= sgit_buf_addch(out, '"');
	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)name[i];
		char letter = escape_letter(c);

		if (!byte_needs_quote(c, quote_high))
			rc |= sgit_buf_addch(out, (char)c);
		else if (letter)
			rc |= sgit_buf_addf(out, "\\%c", letter);
		else
			rc |= sgit_buf_addf(out, "\\%03o", c);
	}
	rc |= sgit_buf_addch(out, '"');
	return rc ? SGIT_ENOMEM : 0;
}
