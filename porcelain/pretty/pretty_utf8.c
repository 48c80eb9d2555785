/* porcelain/pretty/pretty_utf8.c: display columns of UTF-8 text, truncation and word wrapping */
#include <limits.h>
#include <string.h>
#include "porcelain/pretty/pretty_int.h"

struct width_range {
	unsigned first, last;
};

#include "porcelain/pretty/pretty_width.inc"

static int in_table(unsigned c, const struct width_range *t, size_t n)
{
	size_t lo = 0, hi = n;

	if (c < t[0].first || c > t[n - 1].last)
		return 0;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (c > t[mid].last)
			lo = mid + 1;
		else if (c < t[mid].first)
			hi = mid;
		else
			return 1;
	}
	return 0;
}

/* Columns of one code point as git counts them: control characters are -1. */
static int char_width(unsigned c)
{
	if (c == 0)
		return 0;
	if (c < 32 || (c >= 0x7f && c < 0xa0))
		return -1;
	if (in_table(c, zero_width, sizeof(zero_width) / sizeof(zero_width[0])))
		return 0;
	if (in_table(c, double_width, sizeof(double_width) / sizeof(double_width[0])))
		return 2;
	return 1;
}

static int cont(unsigned char c)
{
	return (c & 0xc0) == 0x80;
}

/* One code point at s, or -1 for a malformed, overlong or out-of-range sequence. */
static long decode(const unsigned char *s, size_t avail, size_t *used)
{
	if (avail < 1)
		return -1;
	if (s[0] < 0x80) {
		*used = 1;
		return s[0];
	}
	if ((s[0] & 0xe0) == 0xc0) {
		if (avail < 2 || !cont(s[1]) || (s[0] & 0xfe) == 0xc0)
			return -1;
		*used = 2;
		return ((long)(s[0] & 0x1f) << 6) | (s[1] & 0x3f);
	}
	if ((s[0] & 0xf0) == 0xe0) {
		if (avail < 3 || !cont(s[1]) || !cont(s[2]) ||
		    (s[0] == 0xe0 && (s[1] & 0xe0) == 0x80) ||		/* overlong */
		    (s[0] == 0xed && (s[1] & 0xe0) == 0xa0) ||		/* surrogate */
		    (s[0] == 0xef && s[1] == 0xbf && (s[2] & 0xfe) == 0xbe))	/* U+FFFE, U+FFFF */
			return -1;
		*used = 3;
		return ((long)(s[0] & 0x0f) << 12) | ((long)(s[1] & 0x3f) << 6) | (s[2] & 0x3f);
	}
	if ((s[0] & 0xf8) == 0xf0) {
		if (avail < 4 || !cont(s[1]) || !cont(s[2]) || !cont(s[3]) ||
		    (s[0] == 0xf0 && (s[1] & 0xf0) == 0x80) || (s[0] == 0xf4 && s[1] > 0x8f) ||
		    s[0] > 0xf4)
			return -1;
		*used = 4;
		return ((long)(s[0] & 0x07) << 18) | ((long)(s[1] & 0x3f) << 12) |
		       ((long)(s[2] & 0x3f) << 6) | (s[3] & 0x3f);
	}
	return -1;
}

int pretty_utf8_width(const char **s, size_t avail)
{
	size_t used = 0;
	long c = decode((const unsigned char *)*s, avail, &used);

	if (c < 0) {
		*s = NULL;
		return 0;
	}
	*s += used;
	return char_width((unsigned)c);
}

size_t pretty_esc_len(const char *s, size_t avail)
{
	size_t i = 2;

	if (avail < 3 || s[0] != '\033' || s[1] != '[')
		return 0;
	while (i < avail && ((s[i] >= '0' && s[i] <= '9') || s[i] == ';'))
		i++;
	return i < avail && s[i] == 'm' ? i + 1 : 0;
}

int pretty_strnwidth(const char *s, size_t len)
{
	const char *p = s, *end = s + len;
	size_t width = 0, skip;

	while (p && p < end) {
		int w;

		while ((skip = pretty_esc_len(p, (size_t)(end - p))) != 0)
			p += skip;
		if (p >= end)
			break;
		w = pretty_utf8_width(&p, (size_t)(end - p));
		if (w > 0)
			width += (size_t)w;
	}
	if (!p)
		width = len;
	return width > INT_MAX ? INT_MAX : (int)width;
}

int pretty_utf8_replace(struct sgit_buf *b, int pos, int width, const char *subst)
{
	struct sgit_buf dst = SGIT_BUF_INIT;
	const char *src = b->ptr, *end = b->ptr + b->len;
	int w = 0, rc = 0;

	while (src < end && rc == 0) {
		const char *old;
		size_t n;
		int gw;

		while ((n = pretty_esc_len(src, (size_t)(end - src))) != 0 && rc == 0) {
			rc = sgit_buf_add(&dst, src, n);
			src += n;
		}
		if (src >= end || rc)
			break;
		old = src;
		gw = pretty_utf8_width(&src, (size_t)(end - src));
		if (!src)
			goto out;	/* broken UTF-8: left as it is, as git does */
		if (gw < 0)
			gw = 0;
		if (gw && w >= pos && w < pos + width) {
			if (subst)
				rc = sgit_buf_adds(&dst, subst);
			subst = NULL;
			w += gw;
			continue;
		}
		rc = sgit_buf_add(&dst, old, (size_t)(src - old));
		w += gw;
	}
	if (rc == 0)
		sgit_buf_swap(b, &dst);
out:
	sgit_buf_release(&dst);
	return rc;
}

int pretty_add_spaces(struct sgit_buf *out, int n)
{
	if (n <= 0)
		return 0;
	if (sgit_buf_grow(out, (size_t)n) < 0)
		return SGIT_ENOMEM;
	memset(out->ptr + out->len, ' ', (size_t)n);
	sgit_buf_setlen(out, out->len + (size_t)n);
	return 0;
}

static int add_indented(struct sgit_buf *out, const char *text, int indent1, int indent2)
{
	int indent = indent1 < 0 ? 0 : indent1, rc = 0;

	while (*text && rc == 0) {
		const char *eol = strchr(text, '\n');
		size_t n = eol ? (size_t)(eol - text) + 1 : strlen(text);

		if ((rc = pretty_add_spaces(out, indent)) == 0)
			rc = sgit_buf_add(out, text, n);
		text += n;
		indent = indent2;
	}
	return rc;
}

static int is_alnum(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* One pass of the wrapper; 1 when the text is not UTF-8 and must be wrapped by bytes. */
static int wrap_pass(struct sgit_buf *out, const char *text, int indent1, int indent2, int width,
		     int utf8, int *rc)
{
	const char *bol = text, *space = NULL;
	int w = indent1, indent = indent1;
	size_t skip;

	if (indent < 0) {
		w = -indent;
		space = text;
	}
	for (;;) {
		char c;

		while ((skip = pretty_esc_len(text, strlen(text))) != 0)
			text += skip;
		c = *text;
		if (!c || pretty_isspace(c)) {
			if (w <= width || !space) {
				const char *start = space ? space : bol;

				if (!c && text == start)
					return 0;
				if (!space && (*rc = pretty_add_spaces(out, indent)) < 0)
					return 0;
				if ((*rc = sgit_buf_add(out, start, (size_t)(text - start))) < 0 || !c)
					return 0;
				space = text;
				if (c == '\t') {
					w |= 0x07;
				} else if (c == '\n') {
					space++;
					if (*space == '\n') {
						if ((*rc = sgit_buf_addch(out, '\n')) < 0)
							return 0;
						goto new_line;
					} else if (!is_alnum(*space)) {
						goto new_line;
					} else if ((*rc = sgit_buf_addch(out, ' ')) < 0) {
						return 0;
					}
				}
				w++;
				text++;
				continue;
			}
new_line:
			if ((*rc = sgit_buf_addch(out, '\n')) < 0)
				return 0;
			text = bol = space + (pretty_isspace(*space) ? 1 : 0);
			space = NULL;
			w = indent = indent2;
			continue;
		}
		if (utf8) {
			w += pretty_utf8_width(&text, strlen(text));
			if (!text)
				return 1;
		} else {
			w++;
			text++;
		}
	}
}

int pretty_add_wrapped(struct sgit_buf *out, const char *text, int indent1, int indent2, int width)
{
	size_t orig = out->len;
	int rc = 0;

	if (width <= 0)
		return add_indented(out, text, indent1, indent2);
	if (wrap_pass(out, text, indent1, indent2, width, 1, &rc) && rc == 0) {
		sgit_buf_truncate(out, orig);
		wrap_pass(out, text, indent1, indent2, width, 0, &rc);
	}
	return rc;
}
