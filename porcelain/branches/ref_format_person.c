/* porcelain/branches/ref_format_person.c: person, date and message atoms, read from an object's bytes */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "porcelain/branches/ref_format_int.h"
#include "porcelain/branches/refinfo.h"

/*
 * Like git, these atoms read the object as a C string: text after a NUL byte
 * is not looked at (except by %(raw)).
 */

enum person_part { PART_LINE, PART_NAME, PART_EMAIL, PART_DATE };

struct person_atom {
	enum atom_id id;
	const char *who;		/* the header */
	enum person_part part;
};

static const struct person_atom person_atoms[] = {
	{ ATOM_AUTHOR, "author", PART_LINE }, { ATOM_AUTHORNAME, "author", PART_NAME },
	{ ATOM_AUTHOREMAIL, "author", PART_EMAIL }, { ATOM_AUTHORDATE, "author", PART_DATE },
	{ ATOM_COMMITTER, "committer", PART_LINE }, { ATOM_COMMITTERNAME, "committer", PART_NAME },
	{ ATOM_COMMITTEREMAIL, "committer", PART_EMAIL }, { ATOM_COMMITTERDATE, "committer", PART_DATE },
	{ ATOM_TAGGER, "tagger", PART_LINE }, { ATOM_TAGGERNAME, "tagger", PART_NAME },
	{ ATOM_TAGGEREMAIL, "tagger", PART_EMAIL }, { ATOM_TAGGERDATE, "tagger", PART_DATE },
	/* the creator is the committer of a commit, the tagger of a tag */
	{ ATOM_CREATOR, NULL, PART_LINE }, { ATOM_CREATORDATE, NULL, PART_DATE },
};

/* The value of header who (after "who "), or "" when the headers have none. */
static const char *find_person(const char *buf, const char *who)
{
	size_t n = strlen(who);
	const char *eol;

	while (*buf) {
		if (!strncmp(buf, who, n) && buf[n] == ' ')
			return buf + n + 1;
		if (!(eol = strchr(buf, '\n')) || eol[1] == '\n')
			return "";
		buf = eol + 1;
	}
	return "";
}

static int add_line(struct sgit_buf *out, const char *line)
{
	return sgit_buf_add(out, line, strcspn(line, "\n"));
}

static int add_name(struct sgit_buf *out, const char *line)
{
	const char *p;

	for (p = line; *p && *p != '\n'; p++)
		if (p[0] == ' ' && p[1] == '<')
			return sgit_buf_add(out, line, (size_t)(p - line));
	return 0;
}

/* As git: the '<' and '>' are searched without stopping at the end of the line. */
static int add_email(struct sgit_buf *out, const char *line, int opt)
{
	const char *start = strchr(line, '<'), *end = NULL;

	if (!start)
		return 0;
	if (opt == OPT_NONE) {
		if ((end = strchr(start, '>')))
			end++;
	} else {
		start++;
		if (opt == OPT_EMAIL_LOCALPART)
			end = strchr(start, '@');
		if (!end)
			end = strchr(start, '>');
	}
	return end ? sgit_buf_add(out, start, (size_t)(end - start)) : 0;
}

static int add_date(struct ref_value *v, const struct sgit_ref_format *fmt, const struct ref_atom *a,
		    const char *line)
{
	struct sgit_date_mode mode = SGIT_DATE_MODE_INIT;
	const char *spec = strchr(a->name, ':'), *after = strstr(line, "> ");
	char *zone;
	uintmax_t t;
	long tz;
	int rc;

	if (spec && (rc = sgit_date_mode_parse(&mode, spec + 1, fmt->opts.to_terminal,
					       sgit_repo_error(fmt->repo))) < 0)
		return rc;
	if (!after)
		return 0;
	errno = 0;
	t = strtoumax(after + 2, &zone, 10);
	if (t == UINTMAX_MAX || t > INT64_MAX)
		return 0;
	tz = strtol(zone, NULL, 10);
	if (errno == ERANGE || tz != (int)tz)
		return 0;
	v->num = t;
	return sgit_date_format(&v->s, (int64_t)t, (int)tz, &mode, fmt->opts.now);
}

int ref_value_person(struct ref_value *v, const struct sgit_ref_format *fmt,
		     const struct ref_atom *a, const struct ref_object *obj)
{
	const struct person_atom *p = NULL;
	const char *who, *line;
	size_t i;

	for (i = 0; i < sizeof(person_atoms) / sizeof(person_atoms[0]) && !p; i++)
		if (person_atoms[i].id == a->id)
			p = &person_atoms[i];
	if (!p || (obj->type != SGIT_OBJ_COMMIT && obj->type != SGIT_OBJ_TAG))
		return 0;
	who = p->who ? p->who : obj->type == SGIT_OBJ_TAG ? "tagger" : "committer";
	if (!strcmp(who, "tagger") != (obj->type == SGIT_OBJ_TAG))
		return 0;
	/* git matches "authorname" by its text: with any argument it finds nothing */
	if (p->who && a->has_arg && (p->part == PART_LINE || p->part == PART_NAME))
		return 0;
	line = find_person(obj->data.ptr, who);
	switch (p->part) {
	case PART_LINE:
		return add_line(&v->s, line);
	case PART_NAME:
		return add_name(&v->s, line);
	case PART_EMAIL:
		return add_email(&v->s, line, a->opt);
	default:
		return add_date(v, fmt, a, line);
	}
}

/* ---- the message ---- */

/* Where git's ref listings cut a message (offsets into the object's bytes). */
struct message_parts {
	size_t subject, subject_len;	/* the first paragraph */
	size_t body, nonsig_end;	/* after the subject's empty lines; where the signature starts */
	size_t sig;			/* the last signature block of the object */
	size_t end;			/* the first NUL */
};

static void find_parts(struct message_parts *m, const char *buf)
{
	size_t len = strlen(buf), p = 0, eol, sigstart;
	const char *brk;

	m->end = len;
	m->sig = sgit_sig_find(NULL, buf, len);
	while (p < len && buf[p] != '\n') {
		const char *nl = memchr(buf + p, '\n', len - p);

		p = nl ? (size_t)(nl - buf) + 1 : len;
	}
	while (buf[p] == '\n')
		p++;
	sigstart = p + sgit_sig_find(NULL, buf + p, len - p);
	/* the first "\n\n" (else "\r\n\r\n"), but not past the signature */
	if (!(brk = strstr(buf + p, "\n\n")))
		brk = strstr(buf + p, "\r\n\r\n");
	eol = brk && (size_t)(brk - buf) < sigstart ? (size_t)(brk - buf) : sigstart;
	m->subject = p;
	m->subject_len = eol - p;
	while (m->subject_len && (buf[p + m->subject_len - 1] == '\n' || buf[p + m->subject_len - 1] == '\r'))
		m->subject_len--;
	while (buf[eol] == '\n' || buf[eol] == '\r')
		eol++;
	m->body = eol;
	m->nonsig_end = sigstart > eol ? sigstart : eol;
}

static int is_title_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '.' || c == '_';
}

/* The subject as a file name (format-patch's): runs of other characters become one '-'. */
static int add_sanitized(struct sgit_buf *out, const char *s, size_t len)
{
	size_t i, start = out->len;
	int gap = 2, rc = 0;

	for (i = 0; i < len && rc == 0; i++) {
		if (!is_title_char(s[i])) {
			gap |= 1;
			continue;
		}
		if (gap == 1)
			rc = sgit_buf_addch(out, '-');
		gap = 0;
		if (rc == 0)
			rc = sgit_buf_addch(out, s[i]);
		while (s[i] == '.' && i + 1 < len && s[i + 1] == '.')
			i++;
	}
	while (out->len > start && (out->ptr[out->len - 1] == '.' || out->ptr[out->len - 1] == '-'))
		out->len--;
	out->ptr[out->len] = '\0';
	return rc;
}

static int add_subject(struct sgit_buf *out, const char *s, size_t len)
{
	size_t i;
	int rc = 0;

	for (i = 0; i < len && rc == 0; i++) {
		if (s[i] == '\r' && i + 1 < len && s[i + 1] == '\n')
			continue;
		rc = sgit_buf_addch(out, s[i] == '\n' ? ' ' : s[i]);
	}
	return rc;
}

int ref_value_contents(struct ref_value *v, const struct ref_atom *a, const struct ref_object *obj)
{
	const char *buf = obj->data.ptr;
	struct sgit_msgpos pos;
	struct message_parts m;

	if (a->id == ATOM_RAW) {
		if (a->opt == OPT_SIZE)
			return sgit_buf_printf(&v->s, "%zu", obj->data.len);
		return sgit_buf_set(&v->s, buf, obj->data.len);
	}
	if (obj->type != SGIT_OBJ_COMMIT && obj->type != SGIT_OBJ_TAG)
		return 0;
	find_parts(&m, buf);
	switch (a->opt) {
	case OPT_SUBJECT:
		return add_subject(&v->s, buf + m.subject, m.subject_len);
	case OPT_SUBJECT_SANITIZE:
		return add_sanitized(&v->s, buf + m.subject, m.subject_len);
	case OPT_BODY_ALL:
		return sgit_buf_set(&v->s, buf + m.body, m.end - m.body);
	case OPT_BODY:
		return sgit_buf_set(&v->s, buf + m.body, m.nonsig_end - m.body);
	case OPT_SIGNATURE:
		return sgit_buf_set(&v->s, buf + m.sig, m.end - m.sig);
	case OPT_SIZE:
		return sgit_buf_printf(&v->s, "%zu", m.end - m.subject);
	case OPT_LINES:
		pos.subject = m.subject;
		pos.subject_len = m.subject_len;
		pos.contents_end = m.nonsig_end;
		return sgit_refinfo_add_lines(&v->s, buf, &pos, a->num);
	default:
		return sgit_buf_set(&v->s, buf + m.subject, m.end - m.subject);
	}
}
