/* porcelain/branches/ref_format.c: expanding a ref format (quoting, %(if), %(align)) and sorting by its keys */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "porcelain/branches/ref_format_int.h"

/* ---- quoting, as for-each-ref --shell, --perl, --python and --tcl write values ---- */

static int quote_shell(struct sgit_buf *out, const char *s)
{
	int rc = sgit_buf_addch(out, '\'');

	for (; *s && rc == 0; s++) {
		if (*s == '\'' || *s == '!')
			rc = sgit_buf_addf(out, "'\\%c'", *s);
		else
			rc = sgit_buf_addch(out, *s);
	}
	return rc ? rc : sgit_buf_addch(out, '\'');
}

static int quote_perl(struct sgit_buf *out, const char *s, size_t len)
{
	size_t i;
	int rc = sgit_buf_addch(out, '\'');

	for (i = 0; i < len && rc == 0; i++) {
		if (s[i] == '\'' || s[i] == '\\')
			rc = sgit_buf_addch(out, '\\');
		if (rc == 0)
			rc = sgit_buf_addch(out, s[i]);
	}
	return rc ? rc : sgit_buf_addch(out, '\'');
}

static int quote_python(struct sgit_buf *out, const char *s)
{
	int rc = sgit_buf_addch(out, '\'');

	for (; *s && rc == 0; s++) {
		if (*s == '\n')
			rc = sgit_buf_adds(out, "\\n");
		else if (*s == '\'' || *s == '\\')
			rc = sgit_buf_addf(out, "\\%c", *s);
		else
			rc = sgit_buf_addch(out, *s);
	}
	return rc ? rc : sgit_buf_addch(out, '\'');
}

static int quote_tcl(struct sgit_buf *out, const char *s)
{
	static const char escaped[] = "[]{}$\\\"";
	static const char controls[] = "\f\r\n\t\v", names[] = "frntv";
	const char *c;
	int rc = sgit_buf_addch(out, '"');

	for (; *s && rc == 0; s++) {
		if ((c = strchr(controls, *s)))
			rc = sgit_buf_addf(out, "\\%c", names[c - controls]);
		else if (strchr(escaped, *s))
			rc = sgit_buf_addf(out, "\\%c", *s);
		else
			rc = sgit_buf_addch(out, *s);
	}
	return rc ? rc : sgit_buf_addch(out, '"');
}

/* Append s (len bytes) quoted; like git, only Perl's quoting keeps bytes after a NUL. */
static int add_quoted(struct sgit_buf *out, const char *s, size_t len, enum sgit_ref_quote q)
{
	switch (q) {
	case SGIT_REF_QUOTE_SHELL:
		return quote_shell(out, s);
	case SGIT_REF_QUOTE_PERL:
		return quote_perl(out, s, len);
	case SGIT_REF_QUOTE_PYTHON:
		return quote_python(out, s);
	case SGIT_REF_QUOTE_TCL:
		return quote_tcl(out, s);
	default:
		return sgit_buf_add(out, s, len);
	}
}

/* ---- the stack of %(if) and %(align) blocks ---- */

enum frame_kind { FRAME_BASE, FRAME_ALIGN, FRAME_IF, FRAME_ELSE };

struct if_state {
	int then_seen, else_seen, satisfied;
};

struct frame {
	struct sgit_buf out;
	enum frame_kind kind;
	const struct ref_atom *atom;	/* the %(align) or %(if) that opened it */
	struct if_state cond;		/* FRAME_IF; an else frame uses the one below it */
};

struct expand {
	struct frame *frames;
	size_t depth, alloc;
	struct sgit_ref_format *fmt;
	struct sgit_error *err;
};

static int push_frame(struct expand *x, enum frame_kind kind, const struct ref_atom *atom)
{
	struct frame *f;

	if (x->depth == x->alloc) {
		size_t alloc = x->alloc ? x->alloc * 2 : 4;

		if (!(f = realloc(x->frames, alloc * sizeof(*f))))
			return sgit_error_nomem(x->err);
		x->frames = f;
		x->alloc = alloc;
	}
	f = &x->frames[x->depth++];
	memset(f, 0, sizeof(*f));
	sgit_buf_init(&f->out);
	f->kind = kind;
	f->atom = atom;
	return 0;
}

/* Drop the top frame, its text going to the frame below. */
static int pop_frame(struct expand *x)
{
	struct frame *top = &x->frames[x->depth - 1];
	int rc = sgit_buf_addbuf(&x->frames[x->depth - 2].out, &top->out);

	sgit_buf_release(&top->out);
	x->depth--;
	return rc;
}

static struct frame *top_frame(struct expand *x)
{
	return &x->frames[x->depth - 1];
}

static struct if_state *cond_of(struct expand *x)
{
	struct frame *top = top_frame(x);

	if (top->kind == FRAME_IF)
		return &top->cond;
	return top->kind == FRAME_ELSE ? &x->frames[x->depth - 2].cond : NULL;
}

static int fail(struct expand *x, const char *msg, const char *a, const char *b)
{
	return sgit_error_set(x->err, SGIT_EINVALID, msg, a, b);
}

static int only_space(const struct sgit_buf *b)
{
	size_t i;

	for (i = 0; i < b->len; i++)
		if (!strchr(" \t\n\v\f\r", b->ptr[i]) || !b->ptr[i])
			return 0;
	return 1;
}

static int on_then(struct expand *x)
{
	struct if_state *c = cond_of(x);
	struct frame *top = top_frame(x);
	const struct ref_atom *a = x->frames[x->depth - 1 - (top->kind == FRAME_ELSE)].atom;

	if (!c)
		return fail(x, "format: %%(%s) atom used without a %%(%s) atom", "then", "if");
	if (c->then_seen)
		return fail(x, "format: %%(then) atom used more than once", NULL, NULL);
	if (c->else_seen)
		return fail(x, "format: %%(then) atom used after %%(else)", NULL, NULL);
	c->then_seen = 1;
	if (a->opt == OPT_EQUALS || a->opt == OPT_NOTEQUALS) {
		size_t n = strlen(a->str);
		int same = n == top->out.len && !memcmp(a->str, top->out.ptr, n);

		c->satisfied = (a->opt == OPT_EQUALS) == same;
	} else {
		c->satisfied = top->out.len && !only_space(&top->out);
	}
	sgit_buf_reset(&top->out);
	return 0;
}

static int on_else(struct expand *x)
{
	struct if_state *c = cond_of(x);

	if (!c)
		return fail(x, "format: %%(%s) atom used without a %%(%s) atom", "else", "if");
	if (!c->then_seen)
		return fail(x, "format: %%(%s) atom used without a %%(%s) atom", "else", "then");
	if (c->else_seen)
		return fail(x, "format: %%(else) atom used more than once", NULL, NULL);
	c->else_seen = 1;
	return push_frame(x, FRAME_ELSE, NULL);
}

/* Pad to a width counted in characters (UTF-8 continuation bytes take no room). */
static int align_text(struct sgit_buf *b, const struct ref_atom *a)
{
	struct sgit_buf out = SGIT_BUF_INIT;
	size_t i, width = 0, want = (size_t)a->num, left = 0, right;
	int rc = 0;

	for (i = 0; i < b->len && b->ptr[i]; i++)
		width += ((unsigned char)b->ptr[i] & 0xc0) != 0x80;
	if (width >= want)
		return 0;
	if (a->opt == OPT_RIGHT)
		left = want - width;
	else if (a->opt == OPT_MIDDLE)
		left = (want - width) / 2;
	right = want - width - left;
	for (i = 0; i < left && rc == 0; i++)
		rc = sgit_buf_addch(&out, ' ');
	if (rc == 0)
		rc = sgit_buf_adds(&out, b->ptr);
	for (i = 0; i < right && rc == 0; i++)
		rc = sgit_buf_addch(&out, ' ');
	if (rc == 0)
		sgit_buf_swap(b, &out);
	sgit_buf_release(&out);
	return rc;
}

/* %(if) ... %(end): keep the branch the condition chose. */
static int end_if(struct expand *x)
{
	struct if_state *c = cond_of(x);
	struct frame *top = top_frame(x);

	if (!c->then_seen)
		return fail(x, "format: %%(%s) atom used without a %%(%s) atom", "if", "then");
	if (top->kind == FRAME_ELSE) {
		if (!c->satisfied)
			sgit_buf_swap(&top->out, &x->frames[x->depth - 2].out);
		sgit_buf_reset(&top->out);
		return pop_frame(x);
	}
	if (!c->satisfied)
		sgit_buf_reset(&top->out);
	return 0;
}

static int on_end(struct expand *x)
{
	struct sgit_buf quoted = SGIT_BUF_INIT;
	struct frame *top = top_frame(x);
	int rc;

	if (top->kind == FRAME_BASE)
		return fail(x, "format: %%(end) atom used without corresponding atom", NULL, NULL);
	rc = top->kind == FRAME_ALIGN ? align_text(&top->out, top->atom) : end_if(x);
	if (rc < 0)
		return rc;
	top = top_frame(x);
	/* a block is quoted as a whole once it is back at the outermost level */
	if (x->depth == 2) {
		if ((rc = add_quoted(&quoted, top->out.ptr, top->out.len, x->fmt->opts.quote)) == 0)
			sgit_buf_swap(&top->out, &quoted);
		sgit_buf_release(&quoted);
	}
	return rc ? rc : pop_frame(x);
}

static int add_value(struct expand *x, const struct sgit_buf *s)
{
	struct frame *top = top_frame(x);

	if (x->depth == 1)
		return add_quoted(&top->out, s->ptr, s->len, x->fmt->opts.quote);
	return sgit_buf_addbuf(&top->out, s);
}

static int on_atom(struct expand *x, struct ref_eval *ev, size_t i)
{
	const struct ref_atom *a = &x->fmt->atoms[i];
	const struct ref_value *v;
	int rc;

	if (!(v = ref_eval_value(ev, i, &rc)))
		return rc;
	switch (a->id) {
	case ATOM_ALIGN:
		return push_frame(x, FRAME_ALIGN, a);
	case ATOM_IF:
		return push_frame(x, FRAME_IF, a);
	case ATOM_THEN:
		return on_then(x);
	case ATOM_ELSE:
		return on_else(x);
	case ATOM_END:
		return on_end(x);
	default:
		return add_value(x, &v->s);
	}
}

/* A color left on at the end of the line is reset, as git does. */
static int needs_color_reset(const struct sgit_ref_format *fmt)
{
	size_t i;
	int on = 0;

	for (i = 0; i < fmt->npieces; i++) {
		const struct ref_atom *a;

		if (fmt->pieces[i].atom < 0)
			continue;
		a = &fmt->atoms[fmt->pieces[i].atom];
		if (a->id == ATOM_COLOR && !a->deref)
			on = strcmp(a->name, "color:reset") != 0;
	}
	return on && fmt->opts.color;
}

static int expand_pieces(struct expand *x, struct ref_eval *ev)
{
	struct sgit_ref_format *fmt = x->fmt;
	size_t i;
	int rc = 0;

	for (i = 0; i < fmt->npieces && rc == 0; i++) {
		const struct piece *p = &fmt->pieces[i];

		if (p->atom < 0)
			rc = sgit_buf_add(&top_frame(x)->out, fmt->literals.ptr + p->start, p->len);
		else
			rc = on_atom(x, ev, (size_t)p->atom);
	}
	if (rc == 0 && needs_color_reset(fmt)) {
		struct sgit_buf reset = SGIT_BUF_INIT;

		if ((rc = sgit_buf_sets(&reset, "\033[m")) == 0)
			rc = add_value(x, &reset);
		sgit_buf_release(&reset);
	}
	if (rc == 0 && x->depth > 1)
		rc = fail(x, "format: %%(end) atom missing", NULL, NULL);
	return rc;
}

int sgit_ref_format_expand(struct sgit_buf *out, struct sgit_ref_format *fmt,
			   struct sgit_ref_list *list, size_t i)
{
	struct expand x = { NULL, 0, 0, fmt, sgit_repo_error(fmt->repo) };
	struct ref_eval ev;
	int rc;

	sgit_buf_reset(out);
	ref_eval_init(&ev, fmt, list, &list->items[i]);
	if ((rc = push_frame(&x, FRAME_BASE, NULL)) == 0 && (rc = expand_pieces(&x, &ev)) == 0)
		sgit_buf_swap(out, &x.frames[0].out);
	if (rc == SGIT_ENOMEM)
		sgit_error_nomem(x.err);
	while (x.depth)
		sgit_buf_release(&x.frames[--x.depth].out);
	free(x.frames);
	ref_eval_release(&ev);
	return rc;
}

/* ---- sorting ---- */

struct sort_ctx {
	const struct sgit_ref_format *fmt;
	int ignore_case;
};

static int cmp_bytes(const struct sgit_buf *a, const struct sgit_buf *b, int icase)
{
	size_t n = a->len < b->len ? a->len : b->len;
	int cmp = icase ? strncasecmp(a->ptr, b->ptr, n) : memcmp(a->ptr, b->ptr, n);

	return cmp ? cmp : (a->len > b->len) - (a->len < b->len);
}

static int cmp_key(const struct sort_ctx *s, size_t k, const char *na, const struct ref_value *va,
		   const char *nb, const struct ref_value *vb)
{
	const struct sort_key *key = &s->fmt->keys[k];
	const struct ref_atom *a = &s->fmt->atoms[key->atom];
	int cmp;

	if (key->by_name)
		cmp = s->ignore_case ? strcasecmp(na, nb) : strcmp(na, nb);
	else if (key->version)
		cmp = strverscmp(va->s.ptr, vb->s.ptr);
	else if (a->cmp == CMP_NUM)
		cmp = (va->num > vb->num) - (va->num < vb->num);
	else if (a->id == ATOM_RAW && a->opt == OPT_NONE)
		cmp = cmp_bytes(&va->s, &vb->s, s->ignore_case);
	else
		cmp = s->ignore_case ? strcasecmp(va->s.ptr, vb->s.ptr) : strcmp(va->s.ptr, vb->s.ptr);
	return key->reverse ? -cmp : cmp;
}

static int cmp_items(const void *pa, const void *pb, void *payload)
{
	const struct ref_item *a = pa, *b = pb;
	const struct sort_ctx *s = payload;
	size_t k;
	int cmp;

	for (k = 0; k < s->fmt->nkeys; k++)
		if ((cmp = cmp_key(s, k, a->name, &a->keys[k], b->name, &b->keys[k])) != 0)
			return cmp;
	return s->ignore_case ? strcasecmp(a->name, b->name) : strcmp(a->name, b->name);
}

/*
 * git reads what every ref's atoms need before it prints anything, so that
 * a missing or unparsable object, or a bad date format, fails the listing
 * up front: read them here too. Atoms that need no object are left alone,
 * and so is a type already known.
 */
static int check_atoms(struct ref_eval *ev)
{
	const struct sgit_ref_format *fmt = ev->fmt;
	size_t i;
	int rc = 0;

	for (i = 0; i < fmt->npieces; i++) {
		const struct ref_atom *a;

		if (fmt->pieces[i].atom < 0)
			continue;
		a = &fmt->atoms[fmt->pieces[i].atom];
		if ((a->source == SRC_NONE || (a->id == ATOM_OBJECTNAME && !a->deref)) ||
		    (a->source == SRC_INFO && !a->deref && ev->item->type_known))
			continue;
		if (!ref_eval_value(ev, (size_t)fmt->pieces[i].atom, &rc))
			break;
	}
	return rc;
}

/* Compute the sort keys of one ref; the values move into item->keys. */
static int item_keys(struct sgit_ref_format *fmt, const struct sgit_ref_list *list, struct ref_item *item)
{
	struct ref_eval ev;
	const struct ref_value *v;
	size_t k;
	int rc = 0;

	ref_item_release_keys(item);
	if (!(item->keys = calloc(fmt->nkeys, sizeof(*item->keys))))
		return sgit_error_nomem(sgit_repo_error(fmt->repo));
	item->nkeys = fmt->nkeys;
	for (k = 0; k < fmt->nkeys; k++)
		sgit_buf_init(&item->keys[k].s);
	ref_eval_init(&ev, fmt, list, item);
	rc = check_atoms(&ev);
	for (k = 0; k < fmt->nkeys && rc == 0; k++) {
		if (fmt->keys[k].by_name)
			continue;
		if (!(v = ref_eval_value(&ev, fmt->keys[k].atom, &rc)))
			break;
		/* the same atom may be two keys: copy, not move */
		if ((rc = sgit_buf_addbuf(&item->keys[k].s, &v->s)) < 0)
			rc = sgit_error_nomem(sgit_repo_error(fmt->repo));
		item->keys[k].num = v->num;
	}
	ref_eval_release(&ev);
	return rc;
}

int sgit_ref_list_sort(struct sgit_ref_list *list, struct sgit_ref_format *fmt)
{
	struct sort_ctx s = { fmt, fmt->opts.ignore_case };
	size_t i;
	int rc;

	if (!fmt->nkeys && (rc = sgit_ref_format_add_sort(fmt, "refname")) < 0)
		return rc;
	for (i = 0; i < list->nr; i++)
		if ((rc = item_keys(fmt, list, &list->items[i])) < 0)
			return rc;
	if (list->nr > 1)
		qsort_r(list->items, list->nr, sizeof(*list->items), cmp_items, &s);
	return 0;
}
