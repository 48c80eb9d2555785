/* util/color.c: git's colour syntax ("bold red", "#ff8000 blue", "reset") to SGR bytes */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "util/color.h"

enum color_kind { COLOR_UNSET, COLOR_NORMAL, COLOR_ANSI, COLOR_256, COLOR_RGB };

struct color {
	enum color_kind kind;
	int value;		/* ANSI: the foreground code (30-37, 39, 90-97); 256: the index */
	int rgb[3];
};

static int word_is(const char *w, size_t len, const char *name)
{
	return len == strlen(name) && !strncasecmp(w, name, len);
}

static int hex_pair(const char *s)
{
	int v = 0, i;

	for (i = 0; i < 2; i++) {
		char c = s[i];

		if (c >= '0' && c <= '9')
			v = v * 16 + c - '0';
		else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
			v = v * 16 + (c | 0x20) - 'a' + 10;
		else
			return -1;
	}
	return v;
}

/* "red", "brightred", "default". */
static int named_color(struct color *c, const char *w, size_t len)
{
	static const char *const names[] = {
		"black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
	};
	int base = 30;
	size_t i;

	if (word_is(w, len, "default")) {
		c->kind = COLOR_ANSI;
		c->value = 39;
		return 0;
	}
	if (len >= 6 && !strncasecmp(w, "bright", 6)) {
		base = 90;
		w += 6;
		len -= 6;
	}
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (word_is(w, len, names[i])) {
			c->kind = COLOR_ANSI;
			c->value = base + (int)i;
			return 0;
		}
	}
	return -1;
}

static int parse_color_word(struct color *c, const char *w, size_t len)
{
	char buf[32], *end;
	long v;

	if (word_is(w, len, "normal")) {
		c->kind = COLOR_NORMAL;
		return 0;
	}
	if (len == 7 && w[0] == '#' && (c->rgb[0] = hex_pair(w + 1)) >= 0 &&
	    (c->rgb[1] = hex_pair(w + 3)) >= 0 && (c->rgb[2] = hex_pair(w + 5)) >= 0) {
		c->kind = COLOR_RGB;
		return 0;
	}
	if (named_color(c, w, len) == 0)
		return 0;
	if (!len || len >= sizeof(buf))
		return -1;
	memcpy(buf, w, len);
	buf[len] = '\0';
	v = strtol(buf, &end, 10);
	if (*end || v < -1 || v > 255)
		return -1;
	/* 0-7 and 8-15 as the portable ANSI and bright codes, as git writes them */
	c->kind = v < 0 ? COLOR_NORMAL : v < 16 ? COLOR_ANSI : COLOR_256;
	c->value = v < 8 ? 30 + (int)v : v < 16 ? 90 + (int)v - 8 : (int)v;
	return 0;
}

/* The SGR number of an attribute ("bold" 1, "nobold" or "no-bold" 22...), or -1. */
static int parse_attr(const char *w, size_t len)
{
	static const struct { const char *name; int on, off; } attrs[] = {
		{ "bold", 1, 22 }, { "dim", 2, 22 }, { "italic", 3, 23 }, { "ul", 4, 24 },
		{ "blink", 5, 25 }, { "reverse", 7, 27 }, { "strike", 9, 29 },
	};
	int negate = 0;
	size_t i;

	if (len >= 2 && !strncmp(w, "no", 2)) {
		negate = 1;
		w += 2;
		len -= 2;
		if (len && *w == '-')
			w++, len--;
	}
	for (i = 0; i < sizeof(attrs) / sizeof(attrs[0]); i++)
		if (strlen(attrs[i].name) == len && !memcmp(attrs[i].name, w, len))
			return negate ? attrs[i].off : attrs[i].on;
	return -1;
}

static int is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

static int add_color(struct sgit_buf *out, const struct color *c, int background)
{
	switch (c->kind) {
	case COLOR_ANSI:
		return sgit_buf_addf(out, "%d", c->value + (background ? 10 : 0));
	case COLOR_256:
		return sgit_buf_addf(out, "%c8;5;%d", background ? '4' : '3', c->value);
	case COLOR_RGB:
		return sgit_buf_addf(out, "%c8;2;%d;%d;%d", background ? '4' : '3', c->rgb[0], c->rgb[1],
				     c->rgb[2]);
	default:
		return 0;
	}
}

static int set_color(struct sgit_buf *out, int reset, unsigned long attrs, const struct color *fg,
		     const struct color *bg)
{
	int fg_set = fg->kind > COLOR_NORMAL, bg_set = bg->kind > COLOR_NORMAL, sep = reset, i, rc;

	sgit_buf_reset(out);
	if (!reset && !attrs && !fg_set && !bg_set)
		return 0;
	rc = sgit_buf_adds(out, "\033[");
	for (i = 0; attrs && rc == 0; i++) {
		if (!(attrs & (1UL << i)))
			continue;
		attrs &= ~(1UL << i);
		rc = sgit_buf_addf(out, "%s%d", sep++ ? ";" : "", i);
	}
	if (rc == 0 && fg_set && (rc = sgit_buf_adds(out, sep++ ? ";" : "")) == 0)
		rc = add_color(out, fg, 0);
	if (rc == 0 && bg_set && (rc = sgit_buf_adds(out, sep++ ? ";" : "")) == 0)
		rc = add_color(out, bg, 1);
	return rc ? rc : sgit_buf_addch(out, 'm');
}

/* Words: "reset", up to two colors (foreground, background), attributes. -1 for anything else. */
int sgit_color_parse(struct sgit_buf *out, const char *value)
{
	struct color fg = { COLOR_UNSET, 0, { 0, 0, 0 } }, bg = fg, c;
	unsigned long attrs = 0;
	const char *p = value;
	int reset = 0, attr;

	while (*p) {
		const char *w = p;
		size_t len = 0;

		while (w[len] && !is_space(w[len]))
			len++;
		for (p = w + len; is_space(*p); p++)
			;
		c.kind = COLOR_UNSET;
		if (word_is(w, len, "reset"))
			reset = 1;
		else if (parse_color_word(&c, w, len) == 0 && fg.kind == COLOR_UNSET)
			fg = c;
		else if (c.kind != COLOR_UNSET && bg.kind == COLOR_UNSET)
			bg = c;
		else if (c.kind != COLOR_UNSET || (attr = parse_attr(w, len)) < 0)
			return -1;
		else
			attrs |= 1UL << attr;
	}
	return set_color(out, reset, attrs, &fg, &bg);
}
