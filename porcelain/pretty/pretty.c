/* porcelain/pretty/pretty.c: choosing a format, formatting one entry, and what goes between entries */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "porcelain/pretty/pretty_int.h"
#include "sgit/repo.h"

/* git's built-in formats, in its order: a prefix of a name selects it, the shortest name wins. */
static const struct builtin_format {
	const char *name;
	enum sgit_pretty_format format;
	int terminator;
	int expand_tabs;
	const char *user_format;
} builtins[] = {
	{ "raw", SGIT_PRETTY_RAW, 0, 0, NULL },
	{ "medium", SGIT_PRETTY_MEDIUM, 0, 8, NULL },
	{ "short", SGIT_PRETTY_SHORT, 0, 0, NULL },
	{ "email", SGIT_PRETTY_EMAIL, 0, 0, NULL },
	{ "mboxrd", SGIT_PRETTY_MBOXRD, 0, 0, NULL },
	{ "fuller", SGIT_PRETTY_FULLER, 0, 8, NULL },
	{ "full", SGIT_PRETTY_FULL, 0, 8, NULL },
	{ "oneline", SGIT_PRETTY_ONELINE, 1, 0, NULL },
	{ "reference", SGIT_PRETTY_USER, 1, 0, "%C(auto)%h (%s, %ad)" },
};
#define NBUILTINS (sizeof(builtins) / sizeof(builtins[0]))

/* A format that is a string with placeholders: "format:" separates, "tformat:" or a '%' terminates. */
static int user_spec(struct sgit_pretty_options *opts, const char *spec, int alias)
{
	if (!strncmp(spec, "format:", 7)) {
		opts->use_terminator = 0;
		opts->user_format = spec + 7;
	} else if ((!alias && !*spec) || !strncmp(spec, "tformat:", 8) || strchr(spec, '%')) {
		opts->use_terminator = 1;
		opts->user_format = !strncmp(spec, "tformat:", 8) ? spec + 8 : spec;
	} else {
		return 0;
	}
	opts->format = SGIT_PRETTY_USER;
	return 1;
}

struct alias_search {
	const char *sought;
	const char *found_name, *found_value;	/* the best alias so far */
	size_t found_len;
	const char *exact_value;		/* the last value of the alias found (git's last wins) */
};

static int is_builtin_name(const char *name)
{
	size_t i;

	for (i = 0; i < NBUILTINS; i++)
		if (!strcmp(builtins[i].name, name))
			return 1;
	return 0;
}

static int alias_cb(const struct sgit_config_entry *e, void *payload)
{
	struct alias_search *s = payload;
	const char *name = e->key + 7;
	size_t n = strlen(s->sought), len = strlen(name);

	if (strncasecmp(e->key, "pretty.", 7) || !e->value || is_builtin_name(name))
		return 0;
	if (s->found_name && !strcmp(s->found_name, name)) {
		s->found_value = e->value;
		return 0;
	}
	if (len >= n && !strncasecmp(name, s->sought, n) && (!s->found_name || len < s->found_len)) {
		s->found_name = name;
		s->found_len = len;
		s->found_value = e->value;
	}
	return 0;
}

static int find_format(struct sgit_pretty_options *opts, const char *sought, const char *orig,
		       const struct sgit_config *cfg, int depth, struct sgit_error *err)
{
	struct alias_search s = { sought, NULL, NULL, 0, NULL };
	const struct builtin_format *best = NULL;
	size_t i, n = strlen(sought);

	if (depth > 16)
		return sgit_error_set(err, SGIT_EINVALID, "invalid --pretty format: "
				      "'%s' references an alias which points to itself", orig);
	for (i = 0; i < NBUILTINS; i++)
		if (!strncasecmp(builtins[i].name, sought, n) &&
		    (!best || strlen(builtins[i].name) < strlen(best->name)))
			best = &builtins[i];
	if (cfg)
		sgit_config_foreach(cfg, alias_cb, &s);
	if (s.found_name && (!best || s.found_len < strlen(best->name))) {
		if (user_spec(opts, s.found_value, 1))
			return 0;
		return find_format(opts, s.found_value, orig, cfg, depth + 1, err);
	}
	if (!best)
		return sgit_error_set(err, SGIT_EINVALID, "invalid --pretty format: %s", orig);
	opts->format = best->format;
	opts->use_terminator = best->terminator;
	opts->expand_tabs = best->expand_tabs;
	if (best->user_format) {
		opts->user_format = best->user_format;
		if (!opts->date_explicit)
			opts->date.style = SGIT_DATE_SHORT;
	}
	return 0;
}

int sgit_pretty_parse(struct sgit_pretty_options *opts, const char *spec,
		      const struct sgit_config *cfg, struct sgit_error *err)
{
	opts->use_terminator = 0;
	if (!spec) {
		opts->format = SGIT_PRETTY_MEDIUM;
		opts->expand_tabs = 8;
		return 0;
	}
	if (user_spec(opts, spec, 0))
		return 0;
	return find_format(opts, spec, spec, cfg, 0, err);
}

unsigned sgit_pretty_needs(const struct sgit_pretty_options *opts)
{
	const char *f = opts->user_format;
	unsigned needs = 0;

	if (opts->format != SGIT_PRETTY_USER || !f)
		return 0;
	while ((f = strchr(f, '%')) != NULL) {
		f++;
		if (*f == '%') {
			f++;
			continue;
		}
		if (*f == '+' || *f == '-' || *f == ' ')
			f++;
		if (*f == 'd' || *f == 'D')
			needs |= SGIT_PRETTY_NEEDS_DECORATIONS;
		else if (*f == 'S')
			needs |= SGIT_PRETTY_NEEDS_SOURCE;
		else if (*f == 'N')
			needs |= SGIT_PRETTY_NEEDS_NOTES;
		else if (*f == 'G')
			needs |= SGIT_PRETTY_NEEDS_SIGNATURE;
		else if ((*f == 'a' || *f == 'c') && f[1] && strchr("NEL", f[1]))
			needs |= SGIT_PRETTY_NEEDS_MAILMAP;
	}
	return needs;
}

int sgit_pretty_is_empty(const struct sgit_pretty_options *opts)
{
	return opts->format == SGIT_PRETTY_USER && (!opts->user_format || !*opts->user_format);
}

int sgit_pretty_before_entry(struct sgit_buf *out, const struct sgit_pretty_options *opts, int first)
{
	if (first || opts->use_terminator)
		return 0;
	return sgit_buf_addch(out, opts->nul_termination ? '\0' : '\n');
}

int sgit_pretty_after_entry(struct sgit_buf *out, const struct sgit_pretty_options *opts)
{
	if (!opts->use_terminator || sgit_pretty_is_empty(opts))
		return 0;
	return sgit_buf_addch(out, opts->nul_termination ? '\0' : '\n');
}

static void ctx_init(struct sgit_pretty_context *ctx, struct sgit_repo *repo, const struct sgit_oid *id,
		     const struct sgit_commit *c, const struct sgit_pretty_options *opts)
{
	memset(ctx, 0, sizeof(*ctx));
	ctx->repo = repo;
	ctx->id = id;
	ctx->commit = c;
	ctx->opts = opts;
	ctx->msg.text = "";
	ctx->msg.len = 0;
	sgit_buf_init(&ctx->msg.own);
}

static void ctx_release(struct sgit_pretty_context *ctx)
{
	pretty_msg_release(&ctx->msg);
	if (ctx->state && ctx->opts->extra_state_free)
		ctx->opts->extra_state_free(ctx->state);
	ctx->state = NULL;
}

/* The header line of the built-in formats (git's log-tree part of an entry). */
static int add_header_line(struct sgit_buf *out, struct sgit_pretty_context *ctx)
{
	const struct sgit_pretty_options *o = ctx->opts;
	struct sgit_decorate_style style = o->decorate_style;
	int abbrev = o->abbrev_commit ? o->abbrev : 0, rc = 0;
	const char *color = o->commit_color ? o->commit_color : PRETTY_COLOR_COMMIT;
	size_t i, n = pretty_parent_count(ctx);

	if (o->color)
		rc = sgit_buf_adds(out, color);
	if (rc == 0 && o->format != SGIT_PRETTY_ONELINE)
		rc = sgit_buf_adds(out, "commit ");
	if (rc == 0 && o->header_mark && *o->header_mark)
		rc = sgit_buf_addf(out, "%s ", o->header_mark);
	if (rc == 0)
		rc = pretty_add_abbrev(out, ctx->repo, ctx->id, abbrev);
	for (i = 0; o->show_parents && i < n && rc == 0; i++) {
		if ((rc = sgit_buf_addch(out, ' ')) == 0)
			rc = pretty_add_abbrev(out, ctx->repo, pretty_parent(ctx, i), abbrev);
	}
	if (rc == 0 && o->from_parent && (rc = sgit_buf_adds(out, " (from ")) == 0 &&
	    (rc = pretty_add_abbrev(out, ctx->repo, o->from_parent, abbrev)) == 0)
		rc = sgit_buf_addch(out, ')');
	if (rc == 0 && o->color)
		rc = sgit_buf_adds(out, SGIT_COLOR_RESET);
	if (rc == 0 && o->source)
		rc = sgit_buf_addf(out, "\t%s", o->source);
	style.color = o->color;
	if (!style.commit_color)
		style.commit_color = o->commit_color;
	if (rc == 0 && o->show_decorations)
		rc = sgit_decorations_format(out, o->decorations, ctx->id, &style, " (", ", ", ")");
	if (rc == 0)
		rc = sgit_buf_addch(out, o->format == SGIT_PRETTY_ONELINE ? ' ' : '\n');
	return rc;
}

int sgit_pretty_format_header(struct sgit_buf *out, struct sgit_repo *repo, const struct sgit_oid *id,
			      const struct sgit_commit *c, const struct sgit_pretty_options *opts,
			      struct sgit_error *err)
{
	struct sgit_pretty_context ctx;
	char hex[SGIT_OID_HEXSZ + 1];
	int rc = 0;

	sgit_buf_reset(out);
	ctx_init(&ctx, repo, id, c, opts);
	if (opts->format == SGIT_PRETTY_EMAIL || opts->format == SGIT_PRETTY_MBOXRD)
		rc = sgit_buf_addf(out, "From %s Mon Sep 17 00:00:00 2001\n", sgit_oid_tohex(hex, id));
	else if (opts->format != SGIT_PRETTY_USER)
		rc = add_header_line(out, &ctx);
	ctx_release(&ctx);
	if (rc < 0) {
		sgit_buf_reset(out);
		return sgit_error_nomem(err);
	}
	return 0;
}

int sgit_pretty_format_message(struct sgit_buf *out, struct sgit_repo *repo, const struct sgit_oid *id,
			       const struct sgit_commit *c, const struct sgit_pretty_options *opts,
			       struct sgit_error *err)
{
	struct sgit_pretty_context ctx;
	int rc;

	ctx_init(&ctx, repo, id, c, opts);
	if (opts->format == SGIT_PRETTY_USER)
		rc = pretty_format_user(out, &ctx, opts->user_format, err);
	else
		rc = pretty_format_builtin(out, &ctx, err);
	ctx_release(&ctx);
	if (rc < 0)
		sgit_buf_reset(out);
	return rc;
}

int sgit_pretty_format_commit(struct sgit_buf *out, struct sgit_repo *repo, const struct sgit_oid *id,
			      const struct sgit_commit *c, const struct sgit_pretty_options *opts,
			      struct sgit_error *err)
{
	struct sgit_buf msg = SGIT_BUF_INIT;
	int rc;

	if ((rc = sgit_pretty_format_header(out, repo, id, c, opts, err)) == 0 &&
	    (rc = sgit_pretty_format_message(&msg, repo, id, c, opts, err)) == 0 &&
	    sgit_buf_addbuf(out, &msg) < 0)
		rc = sgit_error_nomem(err);
	if (rc < 0)
		sgit_buf_reset(out);
	sgit_buf_release(&msg);
	return rc;
}

struct sgit_repo *sgit_pretty_context_repo(struct sgit_pretty_context *ctx)
{
	return ctx->repo;
}

const struct sgit_oid *sgit_pretty_context_id(const struct sgit_pretty_context *ctx)
{
	return ctx->id;
}

const struct sgit_commit *sgit_pretty_context_commit(const struct sgit_pretty_context *ctx)
{
	return ctx->commit;
}

const struct sgit_pretty_options *sgit_pretty_context_options(const struct sgit_pretty_context *ctx)
{
	return ctx->opts;
}

void *sgit_pretty_context_payload(const struct sgit_pretty_context *ctx)
{
	return ctx->opts->extra_payload;
}

int sgit_pretty_context_auto_color(const struct sgit_pretty_context *ctx)
{
	return ctx->auto_color;
}

void **sgit_pretty_context_state(struct sgit_pretty_context *ctx)
{
	return &ctx->state;
}
