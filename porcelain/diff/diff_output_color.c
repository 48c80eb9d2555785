/*
 * porcelain/diff/diff_output_color.c: the colours of git's diffs: the
 * color.diff.<slot> settings, core.whitespace and diff.wsErrorHighlight,
 * and the hunks with each kind of line in its colour and white-space
 * errors marked as git marks them
 */
#include <stdlib.h>
#include <string.h>
#include "porcelain/diff/diff_output_int.h"
#include "porcelain/branches/ref_format_int.h"
#include "sgit/config.h"

#define COLOR_RESET "\033[m"

const char *sgit_diff__color(const struct sgit_diff_output_options *opts, enum sgit_diff_color slot)
{
	return opts->color ? opts->colors[slot] : "";
}

const char *sgit_diff__reset(const struct sgit_diff_output_options *opts)
{
	return opts->color ? COLOR_RESET : "";
}

/* ---- settings ---- */

/* The slot names git knows under color.diff.; the others (moved lines, commit) are not ours. */
static const struct {
	const char *name;
	enum sgit_diff_color slot;
} slot_names[] = {
	{ "context", SGIT_DIFF_COLOR_CONTEXT },
	{ "plain", SGIT_DIFF_COLOR_CONTEXT },
	{ "meta", SGIT_DIFF_COLOR_META },
	{ "frag", SGIT_DIFF_COLOR_FRAG },
	{ "func", SGIT_DIFF_COLOR_FUNC },
	{ "old", SGIT_DIFF_COLOR_OLD },
	{ "new", SGIT_DIFF_COLOR_NEW },
	{ "whitespace", SGIT_DIFF_COLOR_WHITESPACE },
};

struct color_config {
	struct sgit_diff_output_options *opts;
	struct sgit_error *err;
};

/* One color.diff.<slot> entry; entries come in order, so the last of "plain" and "context" wins. */
static int color_entry(const struct sgit_config_entry *e, void *payload)
{
	struct color_config *cc = payload;
	struct sgit_buf seq = SGIT_BUF_INIT;
	const char *name;
	size_t i;
	int rc = 0;

	if (strncmp(e->key, "color.diff.", 11))
		return 0;
	name = e->key + 11;
	for (i = 0; i < sizeof(slot_names) / sizeof(slot_names[0]); i++)
		if (!strcmp(name, slot_names[i].name))
			break;
	if (i == sizeof(slot_names) / sizeof(slot_names[0]))
		return 0;
	if (!e->value)
		return sgit_error_set(cc->err, SGIT_ECONFIG, "missing value for '%s'", e->key);
	rc = ref_color_parse(&seq, e->value);
	if (rc == SGIT_ENOMEM)
		rc = sgit_error_nomem(cc->err);
	else if (rc < 0 || seq.len >= SGIT_DIFF_COLOR_MAX)
		rc = sgit_error_set(cc->err, SGIT_ECONFIG, "invalid color value: %s", e->value);
	else
		memcpy(cc->opts->colors[slot_names[i].slot], seq.len ? seq.ptr : "", seq.len + 1);
	sgit_buf_release(&seq);
	return rc;
}

/* The words of core.whitespace and the rules they set (a leading '-' clears them). */
static const struct {
	const char *name;
	unsigned int rule;
} ws_words[] = {
	{ "trailing-space", SGIT_DIFF_WS_BLANK_AT_EOL | SGIT_DIFF_WS_BLANK_AT_EOF },
	{ "space-before-tab", SGIT_DIFF_WS_SPACE_BEFORE_TAB },
	{ "indent-with-non-tab", SGIT_DIFF_WS_INDENT_WITH_NON_TAB },
	{ "tab-in-indent", SGIT_DIFF_WS_TAB_IN_INDENT },
	{ "cr-at-eol", SGIT_DIFF_WS_CR_AT_EOL },
	{ "blank-at-eol", SGIT_DIFF_WS_BLANK_AT_EOL },
	{ "blank-at-eof", SGIT_DIFF_WS_BLANK_AT_EOF },
};

static int is_ws_separator(char c)
{
	return c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* "tabwidth=<n>": git keeps the width it had (and warns) outside 1..63. */
static void ws_tab_width(unsigned int *width, const char *w, size_t len)
{
	unsigned int n = 0;
	size_t i;

	for (i = 9; i < len && w[i] >= '0' && w[i] <= '9' && n < 64; i++)
		n = n * 10 + (unsigned int)(w[i] - '0');
	if (i == len && len > 9 && n > 0 && n < 64)
		*width = n;
}

/* git starts from its default rules each time; words it does not know are skipped. */
static int ws_rule_parse(struct sgit_diff_output_options *opts, const char *v, struct sgit_error *err)
{
	unsigned int rule = SGIT_DIFF_WS_DEFAULT, width = 8;
	size_t len, i;
	int neg;

	while (*v) {
		while (*v && is_ws_separator(*v))
			v++;
		for (len = 0; v[len] && !is_ws_separator(v[len]); len++)
			;
		neg = len && *v == '-';
		for (i = 0; i < sizeof(ws_words) / sizeof(ws_words[0]); i++)
			if (len - neg == strlen(ws_words[i].name) &&
			    !strncmp(v + neg, ws_words[i].name, len - neg))
				rule = neg ? rule & ~ws_words[i].rule : rule | ws_words[i].rule;
		if (!neg && len > 9 && !strncmp(v, "tabwidth=", 9))
			ws_tab_width(&width, v, len);
		v += len;
	}
	if ((rule & SGIT_DIFF_WS_TAB_IN_INDENT) && (rule & SGIT_DIFF_WS_INDENT_WITH_NON_TAB))
		return sgit_error_set(err, SGIT_ECONFIG,
				      "cannot enforce both tab-in-indent and indent-with-non-tab");
	opts->ws_rule = rule;
	opts->ws_tab_width = width;
	return 0;
}

int sgit_diff_parse_ws_error_highlight(unsigned int *out, const char *value,
				       const char **bad_word, size_t *bad_len)
{
	static const struct {
		const char *name;
		unsigned int bits;
	} words[] = {
		{ "none", 0 },
		{ "default", SGIT_DIFF_WS_HIGHLIGHT_NEW },
		{ "all", SGIT_DIFF_WS_HIGHLIGHT_OLD | SGIT_DIFF_WS_HIGHLIGHT_NEW |
			 SGIT_DIFF_WS_HIGHLIGHT_CONTEXT },
		{ "old", SGIT_DIFF_WS_HIGHLIGHT_OLD },
		{ "new", SGIT_DIFF_WS_HIGHLIGHT_NEW },
		{ "context", SGIT_DIFF_WS_HIGHLIGHT_CONTEXT },
	};
	const char *p = value;
	unsigned int bits = 0;
	size_t len, i;

	while (*p) {
		len = strcspn(p, ",");
		for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
			if (len == strlen(words[i].name) && !strncmp(p, words[i].name, len))
				break;
		if (i == sizeof(words) / sizeof(words[0])) {
			if (bad_word)
				*bad_word = p;
			if (bad_len)
				*bad_len = len;
			return -1;
		}
		/* "none" and "default" start over; the others add */
		bits = i < 3 ? words[i].bits : bits | words[i].bits;
		p += len + (p[len] == ',');
	}
	*out = bits;
	return 0;
}

int sgit_diff__color_config(struct sgit_diff_output_options *opts, struct sgit_repo *repo)
{
	struct color_config cc = { opts, sgit_repo_error(repo) };
	const struct sgit_config *cfg = sgit_repo_config(repo);
	const char *v = NULL;
	int rc;

	if ((rc = sgit_config_foreach(cfg, color_entry, &cc)) < 0)
		return rc;
	if (sgit_config_get_string(&v, cfg, "core.whitespace") == 0 && v &&
	    (rc = ws_rule_parse(opts, v, cc.err)) < 0)
		return rc;
	v = NULL;
	if (sgit_config_get_string(&v, cfg, "diff.wserrorhighlight") == 0 && v &&
	    sgit_diff_parse_ws_error_highlight(&opts->ws_error_highlight, v, NULL, NULL) < 0)
		return sgit_error_set(cc.err, SGIT_ECONFIG,
				      "bad config variable 'diff.wserrorhighlight'");
	return 0;
}

/* ---- the lines of hunks ---- */

/* git's white space: no \v or \f */
static int is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static int is_blank(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (!is_space(s[i]))
			return 0;
	return 1;
}

/*
 * Blank lines at the end of data, counted from the last line up as git
 * counts them: the scan stops when it reaches the very first byte, so a
 * first line that is empty (or of one byte) is never counted.
 */
static size_t trailing_blank_lines(const char *data, size_t len)
{
	ptrdiff_t end = (ptrdiff_t)len - 1, bol;
	size_t n = 0;

	if (!len)
		return 0;
	if (data[end] == '\n')
		end--;
	while (end > 0) {
		for (bol = end; bol >= 0 && data[bol] != '\n'; bol--)
			;
		if (!is_blank(data + bol + 1, (size_t)(end - bol)))
			break;
		n++;
		end = bol - 1;
	}
	return n;
}

static size_t count_lines(const char *data, size_t len)
{
	size_t i, n = 0;

	for (i = 0; i < len; i++)
		n += data[i] == '\n';
	return n + (len && data[len - 1] != '\n');
}

struct body {
	struct sgit_buf *out;
	const struct sgit_diff_output_options *opts;
	/* line numbers past the line being shown, counted from the hunk header as git does */
	size_t old_lno, new_lno;
	/* where the blank lines at the end begin when the new side has more of them; 0: it has not */
	size_t old_blank, new_blank;
};

/* A line, the sign in set, and the reset before a CR at its end (git keeps the CR outside). */
static int add_plain(struct sgit_buf *out, const char *set, const char *reset, char sign,
		     const char *line, size_t len)
{
	int lf = len && line[len - 1] == '\n', cr, rc = 0;

	len -= lf;
	cr = len && line[len - 1] == '\r';
	len -= cr;
	rc |= sgit_buf_adds(out, set);
	rc |= sgit_buf_addch(out, sign);
	rc |= sgit_buf_add(out, line, len);
	rc |= sgit_buf_adds(out, reset);
	if (cr)
		rc |= sgit_buf_addch(out, '\r');
	if (lf)
		rc |= sgit_buf_addch(out, '\n');
	return rc;
}

static int add_span(struct sgit_buf *out, const char *color, const char *s, size_t len,
		    const char *reset)
{
	return sgit_buf_adds(out, color) | sgit_buf_add(out, s, len) | sgit_buf_adds(out, reset);
}

/*
 * The text of a line (without its sign) with its white-space errors in
 * ws: spaces before a tab, tabs or a tab width of spaces in the indent,
 * white space at the end; the rest of the text in set, the indent that is
 * no error uncoloured.
 */
static int add_ws_marked(struct sgit_buf *out, const struct sgit_diff_output_options *opts,
			 const char *set, const char *ws, const char *line, size_t len)
{
	const char *reset = sgit_diff__reset(opts);
	unsigned int rule = opts->ws_rule;
	size_t i, written = 0, trail;
	int lf = len && line[len - 1] == '\n', cr = 0, rc = 0;

	len -= lf;
	if ((rule & SGIT_DIFF_WS_CR_AT_EOL) && len && line[len - 1] == '\r')
		cr = 1;
	len -= cr;
	trail = len;
	while ((rule & SGIT_DIFF_WS_BLANK_AT_EOL) && trail && is_space(line[trail - 1]))
		trail--;
	for (i = 0; i < trail && (line[i] == ' ' || line[i] == '\t'); i++) {
		if (line[i] == ' ')
			continue;
		if ((rule & SGIT_DIFF_WS_SPACE_BEFORE_TAB) && written < i)
			rc |= add_span(out, ws, line + written, i - written, reset) |
			      sgit_buf_addch(out, '\t');
		else if (rule & SGIT_DIFF_WS_TAB_IN_INDENT)
			rc |= sgit_buf_add(out, line + written, i - written) |
			      add_span(out, ws, "\t", 1, reset);
		else
			rc |= sgit_buf_add(out, line + written, i + 1 - written);
		written = i + 1;
	}
	if ((rule & SGIT_DIFF_WS_INDENT_WITH_NON_TAB) &&
	    i - written >= (opts->ws_tab_width ? opts->ws_tab_width : 8)) {
		rc |= add_span(out, ws, line + written, i - written, reset);
		written = i;
	}
	if (trail > written)
		rc |= add_span(out, set, line + written, trail - written, reset);
	if (trail < len)
		rc |= add_span(out, ws, line + trail, len - trail, reset);
	if (cr)
		rc |= sgit_buf_addch(out, '\r');
	if (lf)
		rc |= sgit_buf_addch(out, '\n');
	return rc;
}

/* An added blank line among those the new side adds at its end (core.whitespace blank-at-eof). */
static int blank_at_eof(const struct body *bd, const char *line, size_t len)
{
	return (bd->opts->ws_rule & SGIT_DIFF_WS_BLANK_AT_EOF) && bd->old_blank &&
	       bd->old_blank <= bd->old_lno && bd->new_blank <= bd->new_lno && is_blank(line, len);
}

static int add_line(char origin, const struct sgit_diff_line *l, void *payload)
{
	struct body *bd = payload;
	const struct sgit_diff_output_options *opts = bd->opts;
	enum sgit_diff_color slot = origin == '+' ? SGIT_DIFF_COLOR_NEW :
				    origin == '-' ? SGIT_DIFF_COLOR_OLD : SGIT_DIFF_COLOR_CONTEXT;
	unsigned int hl = origin == '+' ? SGIT_DIFF_WS_HIGHLIGHT_NEW :
			  origin == '-' ? SGIT_DIFF_WS_HIGHLIGHT_OLD : SGIT_DIFF_WS_HIGHLIGHT_CONTEXT;
	const char *set = sgit_diff__color(opts, slot), *reset = sgit_diff__reset(opts);
	const char *ws = sgit_diff__color(opts, SGIT_DIFF_COLOR_WHITESPACE);
	int rc;

	bd->old_lno += origin != '+';
	bd->new_lno += origin != '-';
	if (!(opts->ws_error_highlight & hl) || !*ws)
		rc = add_plain(bd->out, set, reset, origin, l->ptr, l->len);
	else if (origin == '+' && blank_at_eof(bd, l->ptr, l->len))
		rc = add_plain(bd->out, ws, reset, origin, l->ptr, l->len);
	else
		rc = add_plain(bd->out, set, reset, origin, "", 0) |
		     add_ws_marked(bd->out, opts, set, ws, l->ptr, l->len);
	if (!l->len || l->ptr[l->len - 1] != '\n') {
		rc |= sgit_buf_addch(bd->out, '\n');
		rc |= add_span(bd->out, sgit_diff__color(opts, SGIT_DIFF_COLOR_CONTEXT),
			       "\\ No newline at end of file", 27, reset);
		rc |= sgit_buf_addch(bd->out, '\n');
	}
	return rc ? SGIT_ENOMEM : 0;
}

static int is_eol(char c)
{
	return c == '\r' || c == '\n';
}

/*
 * "@@ -a,b +c,d @@" in frag, the blank after it in context, the function
 * in func. As git, the end of the line is found by dropping its LF and
 * then one more byte when a CR or LF is two bytes before the end: a
 * function line holding a CR keeps its last byte out of the colour.
 */
static int add_hunk_header(struct body *bd, const struct sgit_diff_hunk *h)
{
	const struct sgit_diff_output_options *opts = bd->opts;
	const char *reset = sgit_diff__reset(opts), *s, *atat;
	struct sgit_buf line = SGIT_BUF_INIT;
	size_t at, blank, end;
	int rc = 0;

	/* "@@ -a,b +c,d @@[ func]\n": the second "@@" is always there */
	if (sgit_diff_hunk_header_add(&line, h) < 0 ||
	    !(atat = memmem(line.ptr + 2, line.len - 2, "@@", 2))) {
		sgit_buf_release(&line);
		return SGIT_ENOMEM;
	}
	s = line.ptr;
	at = (size_t)(atat - s) + 2;
	end = line.len;
	if (end && is_eol(s[end - 1]))
		end--;
	if (end >= 2 && is_eol(s[end - 2]))
		end--;
	for (blank = at; blank < end && (s[blank] == ' ' || s[blank] == '\t'); blank++)
		;
	rc |= add_span(bd->out, sgit_diff__color(opts, SGIT_DIFF_COLOR_FRAG), s, at, reset);
	if (blank > at)
		rc |= add_span(bd->out, sgit_diff__color(opts, SGIT_DIFF_COLOR_CONTEXT), s + at,
			       blank - at, reset);
	if (blank < end)
		rc |= add_span(bd->out, sgit_diff__color(opts, SGIT_DIFF_COLOR_FUNC), s + blank,
			       end - blank, reset);
	rc |= sgit_buf_add(bd->out, s + end, line.len - end);
	sgit_buf_release(&line);
	/* git counts from the numbers the header shows */
	bd->old_lno = h->old_count ? h->old_start + 1 : h->old_start;
	bd->new_lno = h->new_count ? h->new_start + 1 : h->new_start;
	return rc ? SGIT_ENOMEM : 0;
}

/*
 * Where the blank lines at the end of b begin when b has more of them
 * than a (bd->old_blank, bd->new_blank); left 0 when they cannot be marked
 * (no white-space colour on added lines, blank-at-eof off), as the scans
 * read both sides whole.
 */
static void find_blank_at_eof(struct body *bd, const struct diff_blob *a, const struct diff_blob *b)
{
	const struct sgit_diff_output_options *opts = bd->opts;
	size_t old_tail, new_tail;

	if (!(opts->ws_rule & SGIT_DIFF_WS_BLANK_AT_EOF) ||
	    !(opts->ws_error_highlight & SGIT_DIFF_WS_HIGHLIGHT_NEW) ||
	    !*sgit_diff__color(opts, SGIT_DIFF_COLOR_WHITESPACE))
		return;
	old_tail = trailing_blank_lines(a->data, a->len);
	new_tail = trailing_blank_lines(b->data, b->len);
	if (new_tail > old_tail) {
		bd->old_blank = count_lines(a->data, a->len) - old_tail + 1;
		bd->new_blank = count_lines(b->data, b->len) - new_tail + 1;
	}
}

int sgit_diff__body_add(struct sgit_buf *out, const struct sgit_diff *d, const struct diff_blob *a,
			const struct diff_blob *b, const struct sgit_diff_hunk_opts *hopts,
			const struct sgit_diff_output_options *opts, struct sgit_error *err)
{
	struct body bd = { out, opts, 0, 0, 0, 0 };
	struct sgit_diff_hunk *h = NULL;
	size_t nr = 0, i;
	int rc;

	/* without colour the lines go out as they are: the plain writer's bytes */
	if (!opts->color)
		return sgit_diff_unified_add(out, d, hopts, err);
	if ((rc = sgit_diff_hunks(&h, &nr, d, hopts, err)) < 0)
		goto out;
	if (nr)
		find_blank_at_eof(&bd, a, b);
	for (i = 0; i < nr && rc == 0; i++)
		if (!(rc = add_hunk_header(&bd, &h[i])))
			rc = sgit_diff_hunk_foreach(d, &h[i], add_line, &bd);
	if (rc < 0)
		rc = sgit_error_nomem(err);
out:
	free(h);
	return rc;
}
