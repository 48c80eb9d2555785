/* porcelain/history/revwalk_filter.c: --author, --committer and --grep over a commit's bytes */
#include <ctype.h>
#include <errno.h>
#include <iconv.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "porcelain/history/revwalk_int.h"

struct pattern {
	regex_t re;
	char *fixed;		/* -F: the literal text instead of a regex */
	size_t fixed_len;
	int compiled;
};

enum { AUTHOR, COMMITTER, GREP, NGROUPS };

struct rw_filter {
	struct pattern *pats[NGROUPS];
	size_t npats[NGROUPS];
	int ignore_case, all_match, invert;
	char *hits;		/* --all-match: which --grep patterns matched somewhere */
	char *encoding;		/* what the commits are re-encoded to before matching */
	struct sgit_buf text;	/* a commit re-encoded */
	int (*map_ident)(void *data, const char **email, size_t *email_len,
			 const char **name, size_t *name_len);
	void *map_ident_data;
	struct sgit_buf ident;	/* an author or committer line as the map rewrote it */
};

static int compile(struct pattern *p, const char *text, const struct sgit_revwalk_options *o,
		   struct sgit_error *err)
{
	int flags = REG_NOSUB | REG_NEWLINE, rc;
	char msg[256];

	if (o->pattern == SGIT_REVWALK_PATTERN_FIXED) {
		p->fixed_len = strlen(text);
		return (p->fixed = strdup(text)) ? 0 : SGIT_ENOMEM;
	}
	if (o->pattern == SGIT_REVWALK_PATTERN_EXTENDED)
		flags |= REG_EXTENDED;
	if (o->ignore_case)
		flags |= REG_ICASE;
	if ((rc = regcomp(&p->re, text, flags)) != 0) {
		regerror(rc, &p->re, msg, sizeof(msg));
		/* worded as git words it, for the command to print after "fatal: " */
		return sgit_error_set(err, SGIT_EINVALID, "command line, '%s': %s", text, msg);
	}
	p->compiled = 1;
	return 0;
}

static int compile_group(struct rw_filter *f, int g, const char *const *texts, size_t n,
			 const struct sgit_revwalk_options *o, struct sgit_error *err)
{
	size_t k;
	int rc;

	if (!n)
		return 0;
	if (!(f->pats[g] = calloc(n, sizeof(*f->pats[g]))))
		return SGIT_ENOMEM;
	for (k = 0; k < n; k++) {
		if ((rc = compile(&f->pats[g][k], texts[k], o, err)) < 0)
			return rc;
		f->npats[g]++;
	}
	return 0;
}

int rw_filter_new(struct rw_filter **out, const struct sgit_revwalk_options *o,
		  struct sgit_error *err)
{
	struct rw_filter *f;
	int rc = SGIT_ENOMEM;

	*out = NULL;
	if (!o->nauthors && !o->ncommitters && !o->ngreps)
		return 0;
	if (!(f = calloc(1, sizeof(*f))))
		return SGIT_ENOMEM;
	f->ignore_case = o->ignore_case;
	f->all_match = o->all_match;
	f->invert = o->invert_grep;
	f->map_ident = o->map_ident;
	f->map_ident_data = o->map_ident_data;
	sgit_buf_init(&f->text);
	sgit_buf_init(&f->ident);
	if (!(f->encoding = strdup(o->output_encoding ? o->output_encoding : "UTF-8")) ||
	    (rc = compile_group(f, AUTHOR, o->authors, o->nauthors, o, err)) < 0 ||
	    (rc = compile_group(f, COMMITTER, o->committers, o->ncommitters, o, err)) < 0 ||
	    (rc = compile_group(f, GREP, o->greps, o->ngreps, o, err)) < 0 ||
	    (o->ngreps && !(f->hits = calloc(o->ngreps, 1)) && (rc = SGIT_ENOMEM))) {
		rw_filter_free(f);
		return rc;
	}
	*out = f;
	return 0;
}

void rw_filter_free(struct rw_filter *f)
{
	size_t k;
	int g;

	if (!f)
		return;
	for (g = 0; g < NGROUPS; g++) {
		for (k = 0; k < f->npats[g]; k++) {
			if (f->pats[g][k].compiled)
				regfree(&f->pats[g][k].re);
			free(f->pats[g][k].fixed);
		}
		free(f->pats[g]);
	}
	free(f->hits);
	free(f->encoding);
	sgit_buf_release(&f->text);
	sgit_buf_release(&f->ident);
	free(f);
}

/* git's same_encoding(): "utf8" and "UTF-8" are one, other names compare without case. */
static int same_encoding(const char *a, const char *b)
{
	int ua = !strcasecmp(a, "utf-8") || !strcasecmp(a, "utf8");
	int ub = !strcasecmp(b, "utf-8") || !strcasecmp(b, "utf8");

	return (ua && ub) || !strcasecmp(a, b);
}

/* The "encoding" header's value into enc (NUL-terminated, cut short if long); 0 when none. */
static int commit_encoding(char *enc, size_t size, const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len, *eol;
	size_t n;

	for (; p < end && *p != '\n'; p = eol + 1) {
		if (!(eol = memchr(p, '\n', (size_t)(end - p))))
			return 0;
		if ((size_t)(eol - p) > 9 && !memcmp(p, "encoding ", 9)) {
			n = (size_t)(eol - p) - 9 < size - 1 ? (size_t)(eol - p) - 9 : size - 1;
			memcpy(enc, p + 9, n);
			enc[n] = '\0';
			return 1;
		}
	}
	return 0;
}

/*
 * The commit as git greps it: re-encoded from its encoding (UTF-8 when it
 * names none) to the output encoding, into f->text; 0 when it stays as it is
 * (the same encoding, or one iconv does not know or cannot convert).
 */
static int reencode(struct rw_filter *f, const char *buf, size_t len)
{
	char from[64] = "UTF-8", *in = (char *)buf, *op;
	size_t left = len, room;
	iconv_t cd;
	int rc = 0;

	commit_encoding(from, sizeof(from), buf, len);
	if (same_encoding(from, f->encoding) ||
	    (cd = iconv_open(f->encoding, from)) == (iconv_t)-1)
		return 0;
	sgit_buf_reset(&f->text);
	for (;;) {
		if (sgit_buf_grow(&f->text, left * 2 + 16) < 0)
			break;
		op = f->text.ptr + f->text.len;
		room = f->text.alloc - f->text.len - 1;
		if (iconv(cd, &in, &left, &op, &room) != (size_t)-1 || errno != E2BIG) {
			rc = left == 0;
			sgit_buf_setlen(&f->text, (size_t)(op - f->text.ptr));
			break;
		}
		sgit_buf_setlen(&f->text, (size_t)(op - f->text.ptr));
	}
	iconv_close(cd);
	return rc;
}

static int fixed_match(const struct pattern *p, int icase, const char *s, size_t len)
{
	size_t i, k;

	if (!icase)
		return memmem(s, len, p->fixed, p->fixed_len) != NULL;
	for (i = 0; i + p->fixed_len <= len; i++) {
		for (k = 0; k < p->fixed_len; k++)
			if (tolower((unsigned char)s[i + k]) != tolower((unsigned char)p->fixed[k]))
				break;
		if (k == p->fixed_len)
			return 1;
	}
	return 0;
}

/* Whether pattern p matches somewhere in the line s[0..len) (no LF in it). */
static int line_match(const struct rw_filter *f, const struct pattern *p, const char *s, size_t len)
{
	regmatch_t m[1];

	if (p->fixed)
		return fixed_match(p, f->ignore_case, s, len);
	m[0].rm_so = 0;
	m[0].rm_eo = (regoff_t)len;
	return regexec(&p->re, s, 1, m, REG_STARTEND) == 0;
}

static int any_match(const struct rw_filter *f, int g, const char *s, size_t len)
{
	size_t k;

	for (k = 0; k < f->npats[g]; k++)
		if (line_match(f, &f->pats[g][k], s, len))
			return 1;
	return 0;
}

/* "Name <email>" of an identity line: up to its last '>' (not counting the first byte). */
static size_t strip_date(const char *s, size_t len)
{
	size_t k;

	for (k = len; k-- > 1;)
		if (s[k] == '>')
			return k + 1;
	return len;
}

static int is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/*
 * "Name <email> date" as the mailmap has it, into f->ident: 1 when it maps
 * to another identity, 0 when not (or it has no "<email>"), < 0 out of
 * memory. As git reads it: the name runs up to the first '<' (spaces before
 * it trimmed), the e-mail up to the next '>', and what follows stays.
 */
static int map_ident(struct rw_filter *f, const char *s, size_t len)
{
	const char *lt = memchr(s, '<', len), *gt, *name = s, *email;
	size_t name_len, email_len;

	if (!lt || !(gt = memchr(lt, '>', len - (size_t)(lt - s))))
		return 0;
	for (name_len = (size_t)(lt - s); name_len && is_space(s[name_len - 1]); name_len--)
		;
	email = lt + 1;
	email_len = (size_t)(gt - email);
	if (!f->map_ident(f->map_ident_data, &email, &email_len, &name, &name_len))
		return 0;
	sgit_buf_reset(&f->ident);
	if (sgit_buf_add(&f->ident, name, name_len) < 0 || sgit_buf_adds(&f->ident, " <") < 0 ||
	    sgit_buf_add(&f->ident, email, email_len) < 0 ||
	    sgit_buf_add(&f->ident, gt, len - (size_t)(gt - s)) < 0)
		return SGIT_ENOMEM;
	return 1;
}

/*
 * A header line: when it is an author or committer line, note in hit[]
 * whether a pattern of its group matches it, seen through the map while
 * *mapping. git 2.39 maps a header line only while every author or
 * committer line before it was mapped (its loop loses its place after a
 * line it leaves alone), so *mapping ends at the first line not mapped.
 * 0, or < 0 out of memory.
 */
static int header_line(struct rw_filter *f, const char *line, size_t len, int *mapping, int *hit)
{
	static const char *const names[] = { "author ", "committer " };
	size_t n;
	int g, rc;

	for (g = AUTHOR; g <= COMMITTER; g++) {
		n = strlen(names[g]);
		if (len < n || memcmp(line, names[g], n))
			continue;
		line += n;
		len -= n;
		if (*mapping) {
			if ((rc = map_ident(f, line, len)) < 0)
				return rc;
			*mapping = rc;
			if (rc) {
				line = f->ident.ptr;
				len = f->ident.len;
			}
		}
		if (f->npats[g] && any_match(f, g, line, strip_date(line, len)))
			hit[g] = 1;
		return 0;
	}
	return 0;
}

/* A message line: note which --grep patterns match; 1 when any does. */
static int body_match(struct rw_filter *f, const char *line, size_t len)
{
	size_t k;
	int any = 0;

	for (k = 0; k < f->npats[GREP]; k++)
		if (line_match(f, &f->pats[GREP][k], line, len)) {
			f->hits[k] = 1;
			any = 1;
			if (!f->all_match && !f->invert)
				break;
		}
	return any;
}

/*
 * As git greps a commit: the header lines (up to the first empty line) for
 * --author and --committer, every group of them must match; from that empty
 * line on, the message for --grep, where one match is enough, or each
 * pattern somewhere with --all-match, or none at all with --invert-grep.
 * The text ends at its first NUL, as git reads it as a string. < 0: out of memory.
 */
int rw_filter_match(struct rw_filter *f, const char *buf, size_t len)
{
	const char *p, *end, *eol;
	int head = 1, hit[NGROUPS] = { 0, 0, 0 }, rc;
	int mapping = f->map_ident && (f->npats[AUTHOR] || f->npats[COMMITTER]);
	size_t k;

	if (reencode(f, buf, len)) {
		buf = f->text.ptr;
		len = f->text.len;
	}
	p = buf;
	end = buf + strnlen(buf, len);
	if (f->hits)
		memset(f->hits, 0, f->npats[GREP]);
	for (; p < end; p = eol + 1) {
		if (!(eol = memchr(p, '\n', (size_t)(end - p))))
			eol = end;
		if (head && eol == p)
			head = 0;
		if (head) {
			if ((f->npats[AUTHOR] || f->npats[COMMITTER]) &&
			    (rc = header_line(f, p, (size_t)(eol - p), &mapping, hit)) < 0)
				return rc;
		} else if (f->npats[GREP] && !(hit[GREP] && !f->all_match && !f->invert)) {
			hit[GREP] |= body_match(f, p, (size_t)(eol - p));
		}
	}
	if ((f->npats[AUTHOR] && !hit[AUTHOR]) || (f->npats[COMMITTER] && !hit[COMMITTER]))
		return 0;
	if (!f->npats[GREP])
		return 1;
	if (f->invert)
		return !hit[GREP];
	if (!f->all_match)
		return hit[GREP];
	for (k = 0; k < f->npats[GREP]; k++)
		if (!f->hits[k])
			return 0;
	return 1;
}
