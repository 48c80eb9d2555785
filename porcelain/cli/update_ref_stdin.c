/* porcelain/cli/update_ref_stdin.c: update-ref --stdin: many ref changes, checked before any is made */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "porcelain/cli/ref_cmd.h"
#include "porcelain/cli/update_ref.h"
#include "util/quote.h"

enum kind { K_UPDATE, K_CREATE, K_DELETE, K_VERIFY, K_OPTION, K_START, K_PREPARE, K_ABORT, K_COMMIT };
/* The transaction's states, in git's order: a command never moves back down. */
enum state { S_OPEN, S_STARTED, S_PREPARED, S_CLOSED };

/* The commands of git-update-ref(1), how many terminated fields each has under -z. */
static const struct {
	const char *name;
	enum kind kind;
	int args;
	enum state state;
} commands[] = {
	{ "update", K_UPDATE, 3, S_OPEN },
	{ "create", K_CREATE, 2, S_OPEN },
	{ "delete", K_DELETE, 2, S_OPEN },
	{ "verify", K_VERIFY, 2, S_OPEN },
	{ "option", K_OPTION, 1, S_OPEN },
	{ "start", K_START, 0, S_STARTED },
	{ "prepare", K_PREPARE, 0, S_PREPARED },
	{ "abort", K_ABORT, 0, S_CLOSED },
	{ "commit", K_COMMIT, 0, S_CLOSED },
};
#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))

struct change {
	enum kind kind;
	char *name;
	struct sgit_oid new_oid, old_oid;
	int have_old, no_deref;
};

struct batch {
	struct cli_ctx *ctx;
	struct update_ref_opts *o;
	char term;		/* '\n', or '\0' with -z */
	int no_deref_next;	/* "option no-deref": for the next change only */
	struct change *changes;
	size_t nr, alloc;
	struct sgit_buf arg;	/* scratch for one argument */
};

/* One line (one field under -z) appended to in, terminator included. 0 at the end of input. */
static int read_field(struct sgit_buf *in, char term)
{
	int c, n = 0;

	while ((c = getchar()) != EOF) {
		if (sgit_buf_addch(in, (char)c) < 0)
			return SGIT_ENOMEM;
		n = 1;
		if (c == term)
			break;
	}
	return n;
}

/* Without -z: the next word, or a quoted argument. Returns 0 or an exit code. */
static int parse_arg(struct batch *b, const char **next)
{
	const char *orig = *next;
	size_t used = 0;

	sgit_buf_reset(&b->arg);
	if (**next != '"') {
		while (**next && !isspace((unsigned char)**next))
			sgit_buf_addch(&b->arg, *(*next)++);
		return 0;
	}
	if (sgit_unquote_c_style(&b->arg, orig, strlen(orig), &used) < 0)
		return cli_fatal("badly quoted argument: %s", orig);
	*next = orig + used;
	if (**next && !isspace((unsigned char)**next))
		return cli_fatal("unexpected character after quoted argument: %s", orig);
	return 0;
}

/* The <ref> field: *name stays NULL when it is empty. */
static int parse_refname(char **name, struct batch *b, const char **next)
{
	int rc;

	*name = NULL;
	if (b->term) {
		if ((rc = parse_arg(b, next)))
			return rc;
	} else {
		sgit_buf_sets(&b->arg, *next);
		*next += b->arg.len;
	}
	if (!b->arg.len)
		return 0;
	if (!sgit_refname_is_valid(b->arg.ptr, SGIT_REFNAME_ALLOW_ONELEVEL, NULL))
		return cli_fatal("invalid ref format: %s", b->arg.ptr);
	if (!(*name = strdup(b->arg.ptr)))
		return cli_fatal("out of memory");
	return 0;
}

enum { PARSE_OLD = 1, PARSE_ALLOW_EMPTY = 2 };

/*
 * The next <newvalue> or <oldvalue> field: *absent when there is none (an
 * empty one without -z is the zero id; with -z, only under ALLOW_EMPTY).
 * Returns 0 or an exit code.
 */
static int parse_oid(struct sgit_oid *out, int *absent, struct batch *b, const char **next,
		     const char *end, const char *cmd, const char *name, unsigned flags)
{
	const char *what = (flags & PARSE_OLD) ? "oldvalue" : "newvalue";

	*absent = 0;
	memset(out, 0, sizeof(*out));
	if (*next == end)
		return cli_fatal("%s %s: unexpected end of input when reading <%s>", cmd, name, what);
	if (b->term) {
		int rc;

		if (!**next || **next == b->term) {
			*absent = 1;
			return 0;
		}
		if (**next != ' ')
			return cli_fatal("%s %s: expected SP but got: %s", cmd, name, *next);
		(*next)++;
		if ((rc = parse_arg(b, next)))
			return rc;
	} else {
		if (**next)
			return cli_fatal("%s %s: expected NUL but got: %s", cmd, name, *next);
		if (++*next == end)
			return cli_fatal("%s %s: unexpected end of input when reading <%s>", cmd, name, what);
		sgit_buf_sets(&b->arg, *next);
		*next += b->arg.len;
		if (!b->arg.len && !(flags & PARSE_ALLOW_EMPTY)) {
			*absent = 1;
			return 0;
		}
		if (!b->arg.len)
			cli_warning("%s %s: missing <newvalue>, treating as zero", cmd, name);
	}
	if (b->arg.len && cli_refcmd_resolve(out, b->ctx, b->arg.ptr) < 0)
		return cli_fatal("%s %s: invalid <%s>: %s", cmd, name, what, b->arg.ptr);
	return 0;
}

static int add_change(struct batch *b, const struct change *c)
{
	if (b->nr == b->alloc) {
		size_t alloc = b->alloc ? 2 * b->alloc : 16;
		struct change *p = realloc(b->changes, alloc * sizeof(*p));

		if (!p)
			return cli_fatal("out of memory");
		b->changes = p;
		b->alloc = alloc;
	}
	b->changes[b->nr++] = *c;
	b->no_deref_next = 0;
	return 0;
}

/* update, create, delete, verify: parse the fields and queue the change. */
static int parse_change(struct batch *b, enum kind kind, const char *cmd, const char *next,
			const char *end)
{
	struct change c = { kind, NULL, { { 0 } }, { { 0 } }, 0, b->o->no_deref || b->no_deref_next };
	int absent = 0, rc;

	if ((rc = parse_refname(&c.name, b, &next)))
		return rc;
	if (!c.name)
		return cli_fatal("%s: missing <ref>", cmd);
	if (kind == K_UPDATE || kind == K_CREATE) {
		if ((rc = parse_oid(&c.new_oid, &absent, b, &next, end, cmd, c.name,
					 kind == K_UPDATE ? PARSE_ALLOW_EMPTY : 0)))
			goto out;
		if (absent) {
			rc = cli_fatal("%s %s: missing <newvalue>", cmd, c.name);
			goto out;
		}
		if (kind == K_CREATE && sgit_oid_is_zero(&c.new_oid)) {
			rc = cli_fatal("create %s: zero <newvalue>", c.name);
			goto out;
		}
	}
	if (kind != K_CREATE) {
		if ((rc = parse_oid(&c.old_oid, &absent, b, &next, end, cmd, c.name, PARSE_OLD)))
			goto out;
		c.have_old = kind == K_VERIFY || !absent;
		if (kind == K_DELETE && c.have_old && sgit_oid_is_zero(&c.old_oid)) {
			rc = cli_fatal("delete %s: zero <oldvalue>", c.name);
			goto out;
		}
	} else {
		c.have_old = 1;	/* create: must not exist */
	}
	if (*next != b->term) {
		rc = cli_fatal("%s %s: extra input: %s", cmd, c.name, next);
		goto out;
	}
	if (!(rc = add_change(b, &c)))
		c.name = NULL;
out:
	free(c.name);
	return rc;
}

static int cmp_change_name(const void *x, const void *y)
{
	return strcmp((*(const struct change *const *)x)->name, (*(const struct change *const *)y)->name);
}

/* git's transaction "prepare": one change per ref, and every expected old value holds. */
static int prepare(struct batch *b)
{
	struct sgit_buf why = SGIT_BUF_INIT;
	const struct change **sorted = calloc(b->nr + 1, sizeof(*sorted));
	size_t i;
	int rc = 0;

	if (!sorted)
		return cli_fatal("out of memory");
	for (i = 0; i < b->nr; i++)
		sorted[i] = &b->changes[i];
	qsort(sorted, b->nr, sizeof(*sorted), cmp_change_name);
	for (i = 1; i < b->nr && !rc; i++)
		if (!strcmp(sorted[i - 1]->name, sorted[i]->name))
			rc = cli_fatal("multiple updates for ref '%s' not allowed", sorted[i]->name);
	for (i = 0; i < b->nr && !rc; i++) {
		const struct change *c = &b->changes[i];

		if (cli_update_ref_check(&why, b->ctx, c->name, c->have_old ? &c->old_oid : NULL) < 0)
			rc = cli_fatal("%s", why.ptr);
	}
	free(sorted);
	sgit_buf_release(&why);
	return rc;
}

static void drop_changes(struct batch *b)
{
	size_t i;

	for (i = 0; i < b->nr; i++)
		free(b->changes[i].name);
	b->nr = 0;
}

/* Make the changes; each is checked again under its lock by the ref store. */
static int commit(struct batch *b)
{
	size_t i;
	int rc = prepare(b);

	for (i = 0; i < b->nr && !rc; i++) {
		const struct change *c = &b->changes[i];
		const struct sgit_oid *old = c->have_old ? &c->old_oid : NULL;
		struct sgit_oid zero = { { 0 } };

		if (c->kind == K_VERIFY)
			continue;
		if (cli_update_ref_apply(b->ctx, b->o, c->name, c->kind == K_DELETE ? &zero : &c->new_oid,
					 old, c->no_deref) < 0)
			rc = cli_fatal_err(cli_err(b->ctx));
	}
	drop_changes(b);
	return rc;
}

static void report_ok(const char *what)
{
	printf("%s: ok\n", what);
	fflush(stdout);
}

/* start, prepare, commit, abort: the explicit transaction protocol. */
static int run_control(struct batch *b, enum kind kind, const char *cmd, const char *next)
{
	int rc = 0;

	if (*next != b->term)
		return cli_fatal("%s: extra input: %s", cmd, next);
	if (kind == K_PREPARE)
		rc = prepare(b);
	else if (kind == K_COMMIT)
		rc = commit(b);
	else if (kind == K_ABORT)
		drop_changes(b);
	if (!rc)
		report_ok(cmd);
	return rc;
}

/* Move the transaction to the command's state, as git allows. Returns 0 or an exit code. */
static int advance(enum state *state, enum state to)
{
	switch (*state) {
	case S_OPEN:
	case S_STARTED:
		if (*state == S_STARTED && to == S_STARTED)
			return cli_fatal("cannot restart ongoing transaction");
		if (to >= *state)
			*state = to;
		return 0;
	case S_PREPARED:
		if (to != S_CLOSED)
			return cli_fatal("prepared transactions can only be closed");
		*state = to;
		return 0;
	case S_CLOSED:
		if (to != S_STARTED)
			return cli_fatal("transaction is closed");
		*state = to;
		return 0;
	}
	return 0;
}

/* Which command the input starts with; -1 when none. */
static int find_command(const struct sgit_buf *in, char term)
{
	size_t i;

	for (i = 0; i < NCOMMANDS; i++) {
		size_t n = strlen(commands[i].name);

		if (in->len > n && !memcmp(in->ptr, commands[i].name, n) &&
		    in->ptr[n] == (commands[i].args ? ' ' : term))
			return (int)i;
	}
	return -1;
}

static int run_one(struct batch *b, struct sgit_buf *in, enum state *state)
{
	const char *next, *end;
	int i, j, rc;

	if (in->ptr[0] == b->term)
		return cli_fatal("empty command in input");
	if (isspace((unsigned char)in->ptr[0]))
		return cli_fatal("whitespace before command: %s", in->ptr);
	if ((i = find_command(in, b->term)) < 0)
		return cli_fatal("unknown command: %s", in->ptr);
	/* under -z the fields follow as terminated pieces; a short read is the command's to report */
	for (j = 1; !b->term && j < commands[i].args; j++)
		if ((rc = read_field(in, b->term)) <= 0)
			break;
	if ((rc = advance(state, commands[i].state)))
		return rc;
	next = in->ptr + strlen(commands[i].name) + (commands[i].args ? 1 : 0);
	end = in->ptr + in->len;
	switch (commands[i].kind) {
	case K_OPTION:
		if (strncmp(next, "no-deref", 8) || next[8] != b->term)
			return cli_fatal("option unknown: %s", next);
		b->no_deref_next = 1;
		return 0;
	case K_START:
	case K_PREPARE:
	case K_ABORT:
	case K_COMMIT:
		return run_control(b, commands[i].kind, commands[i].name, next);
	default:
		return parse_change(b, commands[i].kind, commands[i].name, next, end);
	}
}

int cli_update_ref_stdin(struct cli_ctx *ctx, struct update_ref_opts *o)
{
	struct batch b = { ctx, o, o->nul ? '\0' : '\n', 0, NULL, 0, 0, SGIT_BUF_INIT };
	struct sgit_buf in = SGIT_BUF_INIT;
	enum state state = S_OPEN;
	int rc = 0, n;

	while (!rc) {
		sgit_buf_reset(&in);
		if ((n = read_field(&in, b.term)) < 0)
			rc = cli_fatal("out of memory");
		if (n <= 0)
			break;
		rc = run_one(&b, &in, &state);
	}
	/* without start, everything read is one transaction made at the end */
	if (!rc && state == S_OPEN)
		rc = commit(&b);
	drop_changes(&b);
	free(b.changes);
	sgit_buf_release(&b.arg);
	sgit_buf_release(&in);
	return rc;
}
