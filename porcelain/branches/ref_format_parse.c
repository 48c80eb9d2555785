/* porcelain/branches/ref_format_parse.c: git's ref format atoms: the table, their arguments, --sort keys */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "porcelain/branches/ref_format_int.h"
#include "sgit/config.h"
#include "sgit/refs.h"

/* Fewer digits than this are never shown for an id, as git. */
#define MIN_ABBREV 4

typedef int (*atom_parser)(struct ref_atom *a, const char *arg, struct sgit_error *err);

struct atom_def {
	const char *name;
	enum atom_source source;
	enum atom_cmp cmp;
	atom_parser parse;
};

/* "123" exactly, as an int (git's strtol_i). */
static int parse_int(int *out, const char *s)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || *end || end == s || v != (int)v)
		return -1;
	*out = (int)v;
	return 0;
}

/* "123" exactly, no sign, fits an unsigned int (git's strtoul_ui); kept in an int here. */
static int parse_uint(int *out, const char *s)
{
	char *end;
	unsigned long v;

	errno = 0;
	if (strchr(s, '-'))
		return -1;
	v = strtoul(s, &end, 10);
	if (errno || *end || end == s || v > 0x7fffffffUL)
		return -1;
	*out = (int)v;
	return 0;
}

/* The refname options; messages name the atom as written (a->name), as git's do. */
static int refname_arg(struct ref_atom *a, const char *arg, struct sgit_error *err)
{
	const char *n;

	if (!arg) {
		a->opt = OPT_NONE;
	} else if (!strcmp(arg, "short")) {
		a->opt = OPT_SHORT;
	} else if (!strncmp(arg, "lstrip=", 7) || !strncmp(arg, "strip=", 6)) {
		n = strchr(arg, '=') + 1;
		a->opt = OPT_LSTRIP;
		if (parse_int(&a->num, n) < 0)
			return sgit_error_set(err, SGIT_EINVALID, "Integer value expected refname:lstrip=%s", n);
	} else if (!strncmp(arg, "rstrip=", 7)) {
		a->opt = OPT_RSTRIP;
		if (parse_int(&a->num, arg + 7) < 0)
			return sgit_error_set(err, SGIT_EINVALID, "Integer value expected refname:rstrip=%s",
					      arg + 7);
	} else {
		return sgit_error_set(err, SGIT_EINVALID, "unrecognized %%(%s) argument: %s", a->name, arg);
	}
	return 0;
}

static int no_arg(struct ref_atom *a, const char *arg, const char *what, struct sgit_error *err)
{
	(void)a;
	if (arg)
		return sgit_error_set(err, SGIT_EINVALID, "%%(%s) does not take arguments", what);
	return 0;
}

static int objecttype_arg(struct ref_atom *a, const char *arg, struct sgit_error *err)
{
	return no_arg(a, arg, "objecttype", err);
}

/* Where an object sits in a pack is the odb's secret: %(deltabase) and %(objectsize:disk) are refused. */
static int deltabase_arg(struct ref_atom *a, const char *arg, struct sgit_error *err)
{
	if (no_arg(a, arg, "deltabase", err) < 0)
		return SGIT_EINVALID;
	return sgit_error_set(err, SGIT_EINVALID, "%%(deltabase) is not supported");
}

static int body_arg(struct ref_atom *a, const char *arg, struct sgit_error *err)
{
	a->opt = OPT_BODY_ALL;
	return no_arg(a, arg, "body", err);
}

static int objectsize_arg(struct ref_atom *a, const char *arg, struct sgit_error *err)
{
	if (!arg)
		return 0;
	if (strcmp(arg, "disk"))
		return sgit_error_set(err, SGIT_EINVALID, "unrecognized %%(objectsize) argument: %s", arg);
	a->opt = OPT_DISK;
	return sgit_error_set(err, SGIT_EINVALID, "%%(objectsize:disk) is not supported");
}

static int oid_arg(struct ref_atom *a, const char *arg, struct sgit_error *err)
{
	if (!arg)
		return 0;
	if (!strcmp(arg, "short")) {
		a->opt = OPT_ABBREV;
	} else if (!strncmp(arg, "short=", 6)) {
		a->opt = OPT_ABBREV_LEN;
		if (parse_uint(&a->num, arg + 6) < 0 || !a->num)
			return sgit_error_set(err, SGIT_EINVALID, "positive value expected '%s' in %%(%s)",
					      arg + 6, a->name);
		if (a->num < MIN_ABBREV)
			a->num = MIN_ABBREV;
	} else {
		return sgit_error_set(err, SGIT_EINVALID, "unrecognized %%(%s) argument: %s", a->name, arg);
	}
	return 0;
}

static int email_arg(struct ref_atom *a, const char *arg, struct sgit_error *err)
{
	if (!arg)
		a->opt = OPT_NONE;
	else if (!strcmp(arg, "trim"))
		a->opt = OPT_EMAIL_TRIM;
	else if (!strcmp(arg, "localpart"))
		a->opt = OPT_EMAIL_LOCALPART;
	else
		return sgit_error_set(err, SGIT_EINVALID, "unrecognized email option: %s", arg);
	return 0;
}

static int subject_arg(struct ref_atom *a, const char *arg, struct sgit_error *err)
{
	if (!arg)
		a->opt = OPT_SUBJECT;
	else if (!strcmp(arg, "sanitize"))
		a->opt = OPT_SUBJECT_SANITIZE;
	else
		return sgit_error_set(err, SGIT_EINVALID, "unrecognized %%(subject) argument: %s", arg);
	return 0;
}

static int trailers_arg(struct ref_atom *a, const char *arg, struct sgit_error *err)
{
	(void)a;
	if (arg)
		return sgit_error_set(err, SGIT_EINVALID, "unknown %%(trailers) argument: %s", arg);
	return sgit_error_set(err, SGIT_EINVALID, "%%(trailers) is not supported");
}

static int contents_arg(struct ref_atom *a, const char *arg, struct sgit_error *err)
{
	static const struct { const char *name; int opt; } args[] = {
		{ "body", OPT_BODY }, { "size", OPT_SIZE }, { "signature", OPT_SIGNATURE },
		{ "subject", OPT_SUBJECT },
	};
	size_t i;

	a->opt = OPT_NONE;
	if (!arg)
		return 0;
	for (i = 0; i < sizeof(args) / sizeof(args[0]); i++) {
		if (!strcmp(arg, args[i].name)) {
			a->opt = args[i].opt;
			return 0;
		}
	}
	if (!strcmp(arg, "trailers") || !strncmp(arg, "trailers:", 9))
		return sgit_error_set(err, SGIT_EINVALID, "%%(contents:trailers) is not supported");
	if (!strncmp(arg, "lines=", 6)) {
		a->opt = OPT_LINES;
		if (parse_uint(&a->num, arg + 6) < 0)
			return sgit_error_set(err, SGIT_EINVALID, "positive value expected contents:lines=%s",
					      arg + 6);
		return 0;
	}
	return sgit_error_set(err, SGIT_EINVALID, "unrecognized %%(contents) argument: %s", arg);
}

static int raw_arg(struct ref_atom *a, const char *arg, struct sgit_error *err)
{
	a->opt = OPT_NONE;
	if (arg && strcmp(arg, "size"))
		return sgit_error_set(err, SGIT_EINVALID, "unrecognized %%(raw) argument: %s", arg);
	if (arg)
		a->opt = OPT_SIZE;
	return 0;
}

/* upstream and push: a refname option, or "track", "trackshort", "nobracket"... separated by commas. */
static int remote_ref_arg(struct ref_atom *a, const char *arg, struct sgit_error *err)
{
	const char *p = arg;

	a->opt = OPT_NONE;
	while (p) {
		const char *comma = strchr(p, ',');
		size_t len = comma ? (size_t)(comma - p) : strlen(p);

		if (len == 5 && !strncmp(p, "track", 5))
			a->opt = OPT_TRACK;
		else if (len == 10 && !strncmp(p, "trackshort", 10))
			a->opt = OPT_TRACKSHORT;
		else if (len == 9 && !strncmp(p, "nobracket", 9))
			a->nobracket = 1;
		else if (len == 10 && !strncmp(p, "remotename", 10))
			a->opt = OPT_REMOTENAME;
		else if (len == 9 && !strncmp(p, "remoteref", 9))
			a->opt = OPT_REMOTEREF;
		else if (refname_arg(a, arg, err) < 0)	/* git hands it the whole argument */
			return SGIT_EINVALID;
		p = comma ? comma + 1 : NULL;
	}
	return 0;
}

static int color_arg(struct ref_atom *a, const char *arg, struct sgit_error *err)
{
	if (!arg)
		return sgit_error_set(err, SGIT_EINVALID, "expected format: %%(color:<color>)");
	if (ref_color_parse(&a->color, arg) < 0)
		return sgit_error_set(err, SGIT_EINVALID, "unrecognized color: %%(color:%s)", arg);
	return 0;
}

static int align_position(const char *s, size_t len)
{
	if (len == 4 && !strncmp(s, "left", 4))
		return OPT_LEFT;
	if (len == 6 && !strncmp(s, "middle", 6))
		return OPT_MIDDLE;
	if (len == 5 && !strncmp(s, "right", 5))
		return OPT_RIGHT;
	return -1;
}

static int align_param(struct ref_atom *a, const char *s, int *width, struct sgit_error *err)
{
	int pos;

	if (!strncmp(s, "position=", 9)) {
		if ((pos = align_position(s + 9, strlen(s + 9))) < 0)
			return sgit_error_set(err, SGIT_EINVALID, "unrecognized position:%s", s + 9);
		a->opt = pos;
	} else if (!strncmp(s, "width=", 6)) {
		if (parse_uint(width, s + 6) < 0)
			return sgit_error_set(err, SGIT_EINVALID, "unrecognized width:%s", s + 6);
	} else if (parse_uint(width, s) == 0) {
		;
	} else if ((pos = align_position(s, strlen(s))) >= 0) {
		a->opt = pos;
	} else {
		return sgit_error_set(err, SGIT_EINVALID, "unrecognized %%(align) argument: %s", s);
	}
	return 0;
}

static int align_arg(struct ref_atom *a, const char *arg, struct sgit_error *err)
{
	struct sgit_buf one = SGIT_BUF_INIT;
	const char *p = arg;
	int width = -1, rc = 0;

	if (!arg)
		return sgit_error_set(err, SGIT_EINVALID, "expected format: %%(align:<width>,<position>)");
	a->opt = OPT_LEFT;
	while (p && rc == 0) {
		const char *comma = strchr(p, ',');

		if ((rc = sgit_buf_set(&one, p, comma ? (size_t)(comma - p) : strlen(p))) < 0)
			rc = sgit_error_nomem(err);
		else
			rc = align_param(a, one.ptr, &width, err);
		p = comma ? comma + 1 : NULL;
	}
	if (rc == 0 && width < 0)
		rc = sgit_error_set(err, SGIT_EINVALID, "positive width expected with the %%(align) atom");
	a->num = width;
	sgit_buf_release(&one);
	return rc;
}

static int if_arg(struct ref_atom *a, const char *arg, struct sgit_error *err)
{
	a->opt = OPT_NONE;
	if (!arg)
		return 0;
	if (!strncmp(arg, "equals=", 7)) {
		a->opt = OPT_EQUALS;
		a->str = arg + 7;
	} else if (!strncmp(arg, "notequals=", 10)) {
		a->opt = OPT_NOTEQUALS;
		a->str = arg + 10;
	} else {
		return sgit_error_set(err, SGIT_EINVALID, "unrecognized %%(if) argument: %s", arg);
	}
	return 0;
}

/* The table: same order as enum atom_id. */
static const struct atom_def atom_defs[] = {
	[ATOM_REFNAME] = { "refname", SRC_NONE, CMP_STR, refname_arg },
	[ATOM_OBJECTTYPE] = { "objecttype", SRC_INFO, CMP_STR, objecttype_arg },
	[ATOM_OBJECTSIZE] = { "objectsize", SRC_INFO, CMP_NUM, objectsize_arg },
	[ATOM_OBJECTNAME] = { "objectname", SRC_INFO, CMP_STR, oid_arg },
	[ATOM_DELTABASE] = { "deltabase", SRC_INFO, CMP_STR, deltabase_arg },
	[ATOM_TREE] = { "tree", SRC_OBJ, CMP_STR, oid_arg },
	[ATOM_PARENT] = { "parent", SRC_OBJ, CMP_STR, oid_arg },
	[ATOM_NUMPARENT] = { "numparent", SRC_OBJ, CMP_NUM, NULL },
	[ATOM_OBJECT] = { "object", SRC_OBJ, CMP_STR, NULL },
	[ATOM_TYPE] = { "type", SRC_OBJ, CMP_STR, NULL },
	[ATOM_TAG] = { "tag", SRC_OBJ, CMP_STR, NULL },
	[ATOM_AUTHOR] = { "author", SRC_OBJ, CMP_STR, NULL },
	[ATOM_AUTHORNAME] = { "authorname", SRC_OBJ, CMP_STR, NULL },
	[ATOM_AUTHOREMAIL] = { "authoremail", SRC_OBJ, CMP_STR, email_arg },
	[ATOM_AUTHORDATE] = { "authordate", SRC_OBJ, CMP_NUM, NULL },
	[ATOM_COMMITTER] = { "committer", SRC_OBJ, CMP_STR, NULL },
	[ATOM_COMMITTERNAME] = { "committername", SRC_OBJ, CMP_STR, NULL },
	[ATOM_COMMITTEREMAIL] = { "committeremail", SRC_OBJ, CMP_STR, email_arg },
	[ATOM_COMMITTERDATE] = { "committerdate", SRC_OBJ, CMP_NUM, NULL },
	[ATOM_TAGGER] = { "tagger", SRC_OBJ, CMP_STR, NULL },
	[ATOM_TAGGERNAME] = { "taggername", SRC_OBJ, CMP_STR, NULL },
	[ATOM_TAGGEREMAIL] = { "taggeremail", SRC_OBJ, CMP_STR, email_arg },
	[ATOM_TAGGERDATE] = { "taggerdate", SRC_OBJ, CMP_NUM, NULL },
	[ATOM_CREATOR] = { "creator", SRC_OBJ, CMP_STR, NULL },
	[ATOM_CREATORDATE] = { "creatordate", SRC_OBJ, CMP_NUM, NULL },
	[ATOM_SUBJECT] = { "subject", SRC_OBJ, CMP_STR, subject_arg },
	[ATOM_BODY] = { "body", SRC_OBJ, CMP_STR, body_arg },
	[ATOM_TRAILERS] = { "trailers", SRC_OBJ, CMP_STR, trailers_arg },
	[ATOM_CONTENTS] = { "contents", SRC_OBJ, CMP_STR, contents_arg },
	[ATOM_RAW] = { "raw", SRC_OBJ, CMP_STR, raw_arg },
	[ATOM_UPSTREAM] = { "upstream", SRC_NONE, CMP_STR, remote_ref_arg },
	[ATOM_PUSH] = { "push", SRC_NONE, CMP_STR, remote_ref_arg },
	[ATOM_SYMREF] = { "symref", SRC_NONE, CMP_STR, refname_arg },
	[ATOM_FLAG] = { "flag", SRC_NONE, CMP_STR, NULL },
	[ATOM_HEAD] = { "HEAD", SRC_NONE, CMP_STR, NULL },
	[ATOM_COLOR] = { "color", SRC_NONE, CMP_STR, color_arg },
	[ATOM_WORKTREEPATH] = { "worktreepath", SRC_NONE, CMP_STR, NULL },
	[ATOM_ALIGN] = { "align", SRC_NONE, CMP_STR, align_arg },
	[ATOM_END] = { "end", SRC_NONE, CMP_STR, NULL },
	[ATOM_IF] = { "if", SRC_NONE, CMP_STR, if_arg },
	[ATOM_THEN] = { "then", SRC_NONE, CMP_STR, NULL },
	[ATOM_ELSE] = { "else", SRC_NONE, CMP_STR, NULL },
	[ATOM_REST] = { "rest", SRC_NONE, CMP_STR, NULL },
};

static int find_def(const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < sizeof(atom_defs) / sizeof(atom_defs[0]); i++)
		if (strlen(atom_defs[i].name) == len && !memcmp(atom_defs[i].name, name, len))
			return (int)i;
	return -1;
}

static int grow_atoms(struct sgit_ref_format *fmt, struct sgit_error *err)
{
	size_t alloc = fmt->atoms_alloc ? fmt->atoms_alloc * 2 : 8;
	struct ref_atom *p;

	if (fmt->natoms < fmt->atoms_alloc)
		return 0;
	if (!(p = realloc(fmt->atoms, alloc * sizeof(*p))))
		return sgit_error_nomem(err);
	fmt->atoms = p;
	fmt->atoms_alloc = alloc;
	return 0;
}

/* Check the atom's argument; a->name is set. */
static int setup_atom(struct ref_atom *a, int def, size_t arg_at, struct sgit_error *err)
{
	const char *arg = NULL;

	a->id = (enum atom_id)def;
	a->source = atom_defs[def].source;
	a->cmp = atom_defs[def].cmp;
	if (arg_at) {
		arg = a->name + arg_at + 1;
		a->has_arg = 1;
		if (!*arg)	/* "%(atom:)" is "%(atom)" */
			arg = NULL;
	}
	if (a->id == ATOM_REST)
		return sgit_error_set(err, SGIT_EINVALID, "this command reject atom %%(%s)", a->name);
	if (atom_defs[def].parse)
		return atom_defs[def].parse(a, arg, err);
	return 0;
}

int ref_format_parse_atom(size_t *index, struct sgit_ref_format *fmt, const char *atom, size_t len)
{
	struct sgit_error *err = sgit_repo_error(fmt->repo);
	const char *sp = atom, *colon;
	struct ref_atom *a;
	size_t i, name_len;
	int def, rc;

	for (i = 0; i < fmt->natoms; i++) {
		if (strlen(fmt->atoms[i].name) == len && !memcmp(fmt->atoms[i].name, atom, len)) {
			*index = i;
			return 0;
		}
	}
	if (len && *sp == '*')
		sp++;
	if (sp >= atom + len)
		return sgit_error_set(err, SGIT_EINVALID, "malformed field name: %.*s", (int)len, atom);
	colon = memchr(sp, ':', len - (size_t)(sp - atom));
	name_len = (size_t)((colon ? colon : atom + len) - sp);
	if ((def = find_def(sp, name_len)) < 0)
		return sgit_error_set(err, SGIT_EINVALID, "unknown field name: %.*s", (int)len, atom);
	if ((rc = grow_atoms(fmt, err)) < 0)
		return rc;
	a = &fmt->atoms[fmt->natoms];
	memset(a, 0, sizeof(*a));
	sgit_buf_init(&a->color);
	if (!(a->name = strndup(atom, len)))
		return sgit_error_nomem(err);
	a->deref = sp != atom;
	/* the atom counts as used even if its argument is refused: git dies then anyway */
	fmt->natoms++;
	if ((rc = setup_atom(a, def, colon ? (size_t)(colon - atom) : 0, err)) < 0)
		return rc;
	*index = fmt->natoms - 1;
	return 0;
}

/* ---- the format string ---- */

static int add_piece(struct sgit_ref_format *fmt, long atom, size_t start, size_t len)
{
	struct piece *p;

	if (fmt->npieces == fmt->pieces_alloc) {
		size_t alloc = fmt->pieces_alloc ? fmt->pieces_alloc * 2 : 8;

		if (!(p = realloc(fmt->pieces, alloc * sizeof(*p))))
			return sgit_error_nomem(sgit_repo_error(fmt->repo));
		fmt->pieces = p;
		fmt->pieces_alloc = alloc;
	}
	p = &fmt->pieces[fmt->npieces++];
	p->atom = atom;
	p->start = start;
	p->len = len;
	return 0;
}

/* Literal text from s up to end: "%%" is one '%', "%xx" the byte 0xxx; other '%' stay. */
static int add_literal(struct sgit_ref_format *fmt, const char *s, const char *end)
{
	size_t start = fmt->literals.len;
	int hi, lo, rc = 0;

	while (s < end && rc == 0) {
		if (*s == '%' && s[1] == '%') {
			s++;
		} else if (*s == '%' && (hi = sgit_hex_digit((unsigned char)s[1])) >= 0 &&
			   (lo = sgit_hex_digit((unsigned char)s[2])) >= 0) {
			rc = sgit_buf_addch(&fmt->literals, (char)(hi << 4 | lo));
			s += 3;
			continue;
		}
		rc = sgit_buf_addch(&fmt->literals, *s++);
	}
	if (rc < 0)
		return sgit_error_nomem(sgit_repo_error(fmt->repo));
	return fmt->literals.len > start ? add_piece(fmt, -1, start, fmt->literals.len - start) : 0;
}

/* The next "%(" from s, skipping "%%"; NULL when there is none. */
static const char *next_atom(const char *s)
{
	for (; *s; s++) {
		if (*s != '%')
			continue;
		if (s[1] == '(')
			return s;
		if (s[1] == '%')
			s++;
	}
	return NULL;
}

static int raw_conflicts_with_quote(const struct sgit_ref_format *fmt, const struct ref_atom *a)
{
	enum sgit_ref_quote q = fmt->opts.quote;

	return a->id == ATOM_RAW && a->opt == OPT_NONE &&
	       (q == SGIT_REF_QUOTE_SHELL || q == SGIT_REF_QUOTE_PYTHON || q == SGIT_REF_QUOTE_TCL);
}

static int parse_format(struct sgit_ref_format *fmt, int *malformed, const char *format)
{
	struct sgit_error *err = sgit_repo_error(fmt->repo);
	const char *cp = format, *sp, *ep;
	size_t at;
	int rc;

	while ((sp = next_atom(cp))) {
		if (!(ep = strchr(sp, ')'))) {
			*malformed = 1;
			return sgit_error_set(err, SGIT_EINVALID, "malformed format string %s", sp);
		}
		if ((rc = add_literal(fmt, cp, sp)) < 0 ||
		    (rc = ref_format_parse_atom(&at, fmt, sp + 2, (size_t)(ep - sp - 2))) < 0 ||
		    (rc = add_piece(fmt, (long)at, 0, 0)) < 0)
			return rc;
		if (raw_conflicts_with_quote(fmt, &fmt->atoms[at]))
			return sgit_error_set(err, SGIT_EINVALID,
					      "--format=raw cannot be used with --python, --shell, --tcl");
		cp = ep + 1;
	}
	return add_literal(fmt, cp, cp + strlen(cp));
}

static void read_config(struct sgit_ref_format *fmt)
{
	int warn = 1;

	if (sgit_config_get_bool(&warn, sgit_repo_config(fmt->repo), "core.warnambiguousrefs", NULL) < 0)
		warn = 1;
	fmt->warn_ambiguous = warn;
}

int sgit_ref_format_new(struct sgit_ref_format **out, int *malformed, struct sgit_repo *repo,
			const char *format, const struct sgit_ref_format_options *opts)
{
	static const struct sgit_ref_format_options defaults = SGIT_REF_FORMAT_OPTIONS_INIT;
	struct sgit_ref_format *fmt = calloc(1, sizeof(*fmt));
	int bad = 0, rc;

	*out = NULL;
	if (malformed)
		*malformed = 0;
	if (!fmt)
		return sgit_error_nomem(sgit_repo_error(repo));
	fmt->repo = repo;
	fmt->opts = opts ? *opts : defaults;
	sgit_buf_init(&fmt->literals);
	sgit_buf_init(&fmt->head);
	read_config(fmt);
	if ((rc = parse_format(fmt, &bad, format)) < 0) {
		if (malformed)
			*malformed = bad;
		sgit_ref_format_free(fmt);
		return rc;
	}
	*out = fmt;
	return 0;
}

void sgit_ref_format_free(struct sgit_ref_format *fmt)
{
	size_t i;

	if (!fmt)
		return;
	for (i = 0; i < fmt->natoms; i++) {
		free(fmt->atoms[i].name);
		sgit_buf_release(&fmt->atoms[i].color);
	}
	free(fmt->atoms);
	free(fmt->pieces);
	free(fmt->keys);
	free(fmt->abbrevs.slots);
	sgit_buf_release(&fmt->literals);
	sgit_buf_release(&fmt->head);
	free(fmt);
}

int sgit_ref_format_add_sort(struct sgit_ref_format *fmt, const char *key)
{
	struct sort_key k = { 0, 0, 0, 0 }, *p;
	int rc;

	if (*key == '-') {
		k.reverse = 1;
		key++;
	}
	if (!strncmp(key, "version:", 8) || !strncmp(key, "v:", 2)) {
		k.version = 1;
		key = strchr(key, ':') + 1;
	}
	if ((rc = ref_format_parse_atom(&k.atom, fmt, key, strlen(key))) < 0)
		return rc;
	k.by_name = !k.version && fmt->atoms[k.atom].id == ATOM_REFNAME && !fmt->atoms[k.atom].deref &&
		    fmt->atoms[k.atom].opt == OPT_NONE;
	if (!(p = realloc(fmt->keys, (fmt->nkeys + 1) * sizeof(*p))))
		return sgit_error_nomem(sgit_repo_error(fmt->repo));
	/* the last key given is the primary one: it goes first */
	memmove(p + 1, p, fmt->nkeys * sizeof(*p));
	p[0] = k;
	fmt->keys = p;
	fmt->nkeys++;
	return 0;
}
