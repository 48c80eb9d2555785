/*
 * util/config_syntax.c: the config file tokenizer. It follows git's reading
 * of the format character by character, because the corner cases (line
 * numbers in messages, where a span ends, how whitespace folds) are visible
 * to users and to the editor in config_edit.c.
 */
#include <string.h>
#include "util/config_int.h"

int sgit_config_is_space(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

int sgit_config_is_alpha(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

int sgit_config_is_keychar(int c)
{
	return sgit_config_is_alpha(c) || (c >= '0' && c <= '9') || c == '-';
}

int sgit_config_tolower(int c)
{
	return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
}

struct parser {
	const unsigned char *data;
	size_t len, pos;
	int eof, linenr;
	struct sgit_buf var;		/* "section.sub." then the entry's name */
	struct sgit_buf value;
	int dotted;
	int nomem;
	int cb_rc;			/* the entry callback's failure, 0 when none */
	config_entry_fn entry;
	config_event_fn event;
	void *payload;
	enum config_event prev_type;	/* CONFIG_EVENT_EOF: no span pending */
	size_t prev_offset;
	struct sgit_error *err;
};

/* "\r\n" reads as "\n"; the end reads as "\n" with eof set, and counts a line each time. */
static int next_char(struct parser *p)
{
	int c;

	if (p->pos >= p->len) {
		p->eof = 1;
		p->linenr++;
		return '\n';
	}
	c = p->data[p->pos++];
	if (c == '\r' && p->pos < p->len && p->data[p->pos] == '\n') {
		p->pos++;
		c = '\n';
	}
	if (c == '\n')
		p->linenr++;
	return c;
}

static int add(struct parser *p, struct sgit_buf *b, int c)
{
	if (sgit_buf_addch(b, (char)c) < 0) {
		p->nomem = 1;
		return -1;
	}
	return 0;
}

/* Close the pending span at the character just read (at the end: after it) and open a new one. */
static int do_event(struct parser *p, enum config_event type)
{
	struct config_event_info info;
	size_t offset;
	int rc;

	if (!p->event || (type == CONFIG_EVENT_WHITESPACE && p->prev_type == type))
		return 0;
	offset = p->pos;
	if (type != CONFIG_EVENT_EOF)
		offset--;
	if (p->prev_type != CONFIG_EVENT_EOF) {
		info.var = p->var.ptr;
		info.var_len = p->var.len;
		info.dotted = p->dotted;
		rc = p->event(p->prev_type, p->prev_offset, offset, &info, p->payload, p->err);
		if (rc < 0)
			return rc;
	}
	p->prev_type = type;
	p->prev_offset = offset;
	return 0;
}

/* A backslash escape inside a value; -1 for an unknown one. */
static int unescape(int c)
{
	switch (c) {
	case 't':
		return '\t';
	case 'b':
		return '\b';
	case 'n':
		return '\n';
	case '\\':
	case '"':
		return c;
	default:
		return -1;
	}
}

/*
 * The value after '=' up to the end of the line: unquoted whitespace runs
 * fold into spaces and vanish at both ends, quotes keep it, '#' and ';'
 * outside quotes start a comment, a backslash before the newline joins lines.
 */
static int parse_value(struct parser *p)
{
	int quote = 0, comment = 0;
	size_t space = 0;

	sgit_buf_reset(&p->value);
	for (;;) {
		int c = next_char(p);

		if (c == '\n') {
			if (quote) {
				p->linenr--;
				return -1;
			}
			return 0;
		}
		if (comment)
			continue;
		if (sgit_config_is_space(c) && !quote) {
			if (p->value.len)
				space++;
			continue;
		}
		if (!quote && (c == ';' || c == '#')) {
			comment = 1;
			continue;
		}
		for (; space; space--)
			if (add(p, &p->value, ' ') < 0)
				return -1;
		if (c == '\\') {
			c = next_char(p);
			if (c == '\n')
				continue;
			if ((c = unescape(c)) < 0 || add(p, &p->value, c) < 0)
				return -1;
			continue;
		}
		if (c == '"') {
			quote = !quote;
			continue;
		}
		if (add(p, &p->value, c) < 0)
			return -1;
	}
}

/* The rest of the name after its first letter, then "= value" or nothing. */
static int get_value(struct parser *p)
{
	const char *value = NULL;
	int c, rc;

	for (;;) {
		c = next_char(p);
		if (p->eof || !sgit_config_is_keychar(c))
			break;
		if (add(p, &p->var, sgit_config_tolower(c)) < 0)
			return -1;
	}
	while (c == ' ' || c == '\t')
		c = next_char(p);
	if (c != '\n') {
		if (c != '=' || parse_value(p) < 0)
			return -1;
		value = p->value.ptr;
	}
	/* the newline is read already, but the entry belongs to the line it ends */
	p->linenr--;
	if (p->entry && (rc = p->entry(p->var.ptr, value, p->linenr, p->payload, p->err)) < 0) {
		p->cb_rc = rc;
		return -1;
	}
	p->linenr++;
	return 0;
}

/* After '[name' and a space: ' "subsection"]', with \" and \\ (any \x gives x). */
static int get_extended_base_var(struct parser *p, int c)
{
	p->dotted = 0;
	do {
		if (c == '\n')
			goto incomplete;
		c = next_char(p);
	} while (sgit_config_is_space(c));
	if (c != '"' || add(p, &p->var, '.') < 0)
		return -1;
	for (;;) {
		c = next_char(p);
		if (c == '\n')
			goto incomplete;
		if (c == '"')
			break;
		if (c == '\\') {
			c = next_char(p);
			if (c == '\n')
				goto incomplete;
		}
		if (add(p, &p->var, c) < 0)
			return -1;
	}
	return next_char(p) == ']' ? 0 : -1;
incomplete:
	p->linenr--;
	return -1;
}

/* After '[': "name]" (dots allowed: the old "[section.sub]" form, lowercased) or the extended form. */
static int get_base_var(struct parser *p)
{
	p->dotted = 1;
	for (;;) {
		int c = next_char(p);

		if (p->eof)
			return -1;
		if (c == ']')
			return 0;
		if (sgit_config_is_space(c))
			return get_extended_base_var(p, c);
		if (!sgit_config_is_keychar(c) && c != '.')
			return -1;
		if (add(p, &p->var, sgit_config_tolower(c)) < 0)
			return -1;
	}
}

static const unsigned char utf8_bom[] = { 0xef, 0xbb, 0xbf };

/* The main loop; returns 1 at a clean end, 0 after a syntax error, < 0 when a callback failed. */
static int parse_loop(struct parser *p)
{
	size_t bom = 0, baselen = 0;
	int bom_check = 1, comment = 0, rc;

	for (;;) {
		int c = next_char(p);

		if (bom_check && bom < sizeof(utf8_bom)) {
			if (c == utf8_bom[bom]) {
				bom++;
				continue;
			}
			if (bom)	/* part of a BOM is not tolerated */
				return 0;
			bom_check = 0;
		}
		if (c == '\n') {
			if (p->eof)
				return (rc = do_event(p, CONFIG_EVENT_EOF)) < 0 ? rc : 1;
			if ((rc = do_event(p, CONFIG_EVENT_WHITESPACE)) < 0)
				return rc;
			comment = 0;
			continue;
		}
		if (comment)
			continue;
		if (sgit_config_is_space(c)) {
			if ((rc = do_event(p, CONFIG_EVENT_WHITESPACE)) < 0)
				return rc;
			continue;
		}
		if (c == '#' || c == ';') {
			if ((rc = do_event(p, CONFIG_EVENT_COMMENT)) < 0)
				return rc;
			comment = 1;
			continue;
		}
		if (c == '[') {
			if ((rc = do_event(p, CONFIG_EVENT_SECTION)) < 0)
				return rc;
			sgit_buf_reset(&p->var);
			if (get_base_var(p) < 0 || p->var.len < 1 || add(p, &p->var, '.') < 0)
				return 0;
			baselen = p->var.len;
			continue;
		}
		if (!sgit_config_is_alpha(c))
			return 0;
		if ((rc = do_event(p, CONFIG_EVENT_ENTRY)) < 0)
			return rc;
		sgit_buf_truncate(&p->var, baselen);
		if (add(p, &p->var, sgit_config_tolower(c)) < 0 || get_value(p) < 0)
			return 0;
	}
}

static int bad_line(const struct parser *p, const struct config_source *src, struct sgit_error *err)
{
	switch (src->kind) {
	case CONFIG_ORIGIN_BLOB:
		return sgit_error_set(err, SGIT_ECONFIG, "bad config line %d in blob %s",
				      p->linenr, src->name);
	case CONFIG_ORIGIN_STDIN:
		return sgit_error_set(err, SGIT_ECONFIG, "bad config line %d in standard input",
				      p->linenr);
	case CONFIG_ORIGIN_CMDLINE:
		return sgit_error_set(err, SGIT_ECONFIG, "bad config line %d in command line %s",
				      p->linenr, src->name ? src->name : "");
	case CONFIG_ORIGIN_FILE:
	default:
		return sgit_error_set(err, SGIT_ECONFIG, "bad config line %d in file %s",
				      p->linenr, src->name ? src->name : "");
	}
}

int sgit_config_syntax_parse(const struct config_source *src, config_entry_fn entry,
			     config_event_fn event, void *payload, struct sgit_error *err)
{
	struct parser p;
	int rc;

	memset(&p, 0, sizeof(p));
	p.data = (const unsigned char *)src->data;
	p.len = src->len;
	p.linenr = 1;
	sgit_buf_init(&p.var);
	sgit_buf_init(&p.value);
	p.entry = entry;
	p.event = event;
	p.payload = payload;
	p.prev_type = CONFIG_EVENT_EOF;
	p.err = err;

	rc = parse_loop(&p);
	if (rc > 0) {
		rc = 0;
		goto out;
	}
	if (rc < 0)
		goto out;
	if (p.nomem) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	if (p.cb_rc == SGIT_ECONFIG || p.cb_rc == SGIT_ENOMEM || p.cb_rc == SGIT_EOS) {
		rc = p.cb_rc;
		goto out;
	}
	if ((rc = do_event(&p, CONFIG_EVENT_ERROR)) < 0)
		goto out;
	rc = bad_line(&p, src, err);
out:
	sgit_buf_release(&p.var);
	sgit_buf_release(&p.value);
	return rc;
}
