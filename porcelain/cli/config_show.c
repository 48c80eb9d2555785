/* porcelain/cli/config_show.c: sgit config's reading side: --get*, --list, and typed values */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <pwd.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>
#include "porcelain/cli/config_cmd.h"
#include "porcelain/cli/object_name.h"
#include "util/date.h"
#include "util/fs.h"
#include "util/quote.h"

/* A message about the blob read as a file names it as git does: "... in blob <name>". */
static void name_blob(struct sgit_error *err, const char *blob)
{
	struct sgit_buf msg = SGIT_BUF_INIT, from = SGIT_BUF_INIT;
	const char *at;

	if (sgit_buf_printf(&from, " in file %s", blob) < 0 || !(at = strstr(err->msg, from.ptr)) ||
	    sgit_buf_set(&msg, err->msg, (size_t)(at - err->msg)) < 0 ||
	    sgit_buf_addf(&msg, " in blob %s%s", blob, at + from.len) < 0)
		goto out;
	sgit_error_set(err, err->code, "%s", msg.ptr);
out:
	sgit_buf_release(&msg);
	sgit_buf_release(&from);
}

/* --blob: the config in a blob of the repository, named as git resolves revisions. */
static int read_blob(struct sgit_config *cfg, struct config_run *r, struct sgit_error *err)
{
	struct sgit_buf data = SGIT_BUF_INIT;
	enum sgit_object_type type = SGIT_OBJ_NONE;
	struct sgit_oid id;
	int rc;

	sgit_config_follow_includes(cfg, r->includes);
	if (cli_resolve_object(&id, r->ctx, r->blob, NULL) < 0) {
		rc = sgit_error_set(err, SGIT_ENOTFOUND, "unable to resolve config blob '%s'", r->blob);
		goto out;
	}
	if (sgit_odb_read(&data, &type, sgit_repo_odb(r->ctx->repo), &id) < 0 || type != SGIT_OBJ_BLOB) {
		rc = sgit_error_set(err, SGIT_EINVALID, "reference '%s' does not point to a blob", r->blob);
		goto out;
	}
	/* read as a file named like the blob, so that messages name it: "in file" becomes "in blob" */
	if ((rc = sgit_config_add_buffer(cfg, data.ptr, data.len, r->blob, SGIT_CONFIG_SCOPE_FILE, err)) < 0)
		name_blob(err, r->blob);
out:
	sgit_buf_release(&data);
	return rc;
}

int config_read(struct sgit_config *cfg, struct config_run *r, struct sgit_error *err)
{
	struct sgit_config_load_options lo = SGIT_CONFIG_LOAD_OPTIONS_INIT;
	struct sgit_buf data = SGIT_BUF_INIT;
	int rc;

	if (r->blob)
		return read_blob(cfg, r, err);
	if (r->use_stdin) {
		sgit_config_follow_includes(cfg, r->includes);
		if ((rc = sgit_fs_read_fd(&data, 0, "standard input", err)) == 0)
			rc = sgit_config_add_buffer(cfg, data.ptr, data.len, NULL, SGIT_CONFIG_SCOPE_COMMAND, err);
		sgit_buf_release(&data);
		return rc;
	}
	lo.git_dir = r->ctx->repo ? sgit_repo_git_dir(r->ctx->repo) : NULL;
	lo.file = r->file_buf.len ? r->file_buf.ptr : NULL;
	lo.scope = r->scope;
	lo.follow_includes = r->includes;
	return sgit_config_load_selected(cfg, &r->ctx->repo_opts, &lo, err);
}

/* An origin as git shows it: the repository's files under git's name for the git dir. */
static const char *config_origin_name(struct config_run *r, const char *origin)
{
	size_t n = r->git_dir_abs.len;

	if (!origin)
		return "";
	if (!n || strncmp(origin, r->git_dir_abs.ptr, n))
		return origin;
	sgit_buf_reset(&r->origin);
	if (sgit_buf_addbuf(&r->origin, &r->git_dir) < 0 || sgit_buf_adds(&r->origin, origin + n) < 0)
		return origin;
	return r->origin.ptr;
}

/* The entry as git's messages name it: repository files by git's names, standard input as such. */
static struct sgit_config_entry shown_entry(struct config_run *r, const struct sgit_config_entry *e)
{
	struct sgit_config_entry s = *e;

	if (r->use_stdin)
		s.scope = SGIT_CONFIG_SCOPE_FILE;	/* no origin and not -c: "in standard input" */
	else if (e->origin)
		s.origin = config_origin_name(r, e->origin);
	return s;
}

/*
 * A value the callback could not take: git then reports the line it was
 * reading and dies, except in a blob, where it stops reading (-1).
 */
static int bad_entry(struct config_run *r, const struct sgit_config_entry *e)
{
	if (r->use_stdin)
		return cli_fatal("bad config line %d in standard input", e->line);
	if (r->blob) {
		cli_error("bad config line %d in blob %s", e->line, r->blob);
		return -1;
	}
	if (!e->origin)
		return cli_fatal("unable to parse command-line config");
	return cli_fatal("bad config line %d in file %s", e->line, config_origin_name(r, e->origin));
}

/* git's interpolate_path: "~/" from HOME, "~user/" from the passwd file. */
static int expand_path(struct sgit_buf *out, const char *value)
{
	const char *slash, *home;

	if (value[0] != '~')
		return sgit_buf_sets(out, value) < 0 ? -1 : 0;
	slash = strchrnul(value, '/');
	if (slash == value + 1) {
		home = getenv("HOME");
	} else {
		struct sgit_buf user = SGIT_BUF_INIT;
		struct passwd *pw = NULL;

		if (sgit_buf_set(&user, value + 1, (size_t)(slash - value - 1)) == 0)
			pw = getpwnam(user.ptr);
		sgit_buf_release(&user);
		home = pw ? pw->pw_dir : NULL;
	}
	if (!home)
		return -1;
	sgit_buf_reset(out);
	return sgit_buf_adds(out, home) < 0 || sgit_buf_adds(out, slash) < 0 ? -1 : 0;
}

/* git's parse_expiry_date: "never" and "all" spelled out, else a date; git's timestamps are unsigned. */
static int expiry_date(uintmax_t *out, const char *value)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	int64_t t;
	int tz;

	if (!strcmp(value, "never") || !strcmp(value, "false")) {
		*out = 0;
		return 0;
	}
	if (!strcmp(value, "all") || !strcmp(value, "now")) {
		*out = UINTMAX_MAX;
		return 0;
	}
	if (sgit_date_parse(&t, &tz, value, (int64_t)time(NULL), &err) < 0)
		return -1;
	*out = (uintmax_t)t;
	return 0;
}

/* true/yes/on/false/no/off and "" in any case, or a bare key: git's boolean words. */
static int is_bool_word(const char *v)
{
	static const char *const words[] = { "true", "yes", "on", "false", "no", "off", "" };
	size_t i;

	if (!v)
		return 1;
	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (!strcasecmp(v, words[i]))
			return 1;
	return 0;
}

static int typed_bool(struct sgit_buf *out, const struct sgit_config_entry *e)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	int b;

	if (sgit_config_entry_bool(&b, e, &err) < 0)
		return cli_fatal_err(&err);
	return sgit_buf_sets(out, b ? "true" : "false") < 0 ? cli_fatal("out of memory") : 0;
}

static int typed_int(struct sgit_buf *out, const struct config_run *r, const struct sgit_config_entry *e,
		     int64_t max)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	int64_t v;

	if (sgit_config_entry_int(&v, e, max, &err) < 0) {
		if (r->blob && e->origin)
			name_blob(&err, r->blob);
		return cli_fatal_err(&err);
	}
	sgit_buf_reset(out);
	return sgit_buf_printf(out, "%" PRId64, v) < 0 ? cli_fatal("out of memory") : 0;
}

/* --path and --expiry-date when reading; a failure is reported as git's callback failure. */
static int typed_special(struct sgit_buf *out, struct config_run *r, const struct sgit_config_entry *e,
			 int is_default)
{
	uintmax_t t;

	if (!e->value) {
		cli_error("missing value for '%s'", e->key);
		return bad_entry(r, e);
	}
	if (r->type == TYPE_PATH) {
		if (expand_path(out, e->value) < 0)
			return cli_fatal("failed to expand user dir in: '%s'", e->value);
		return 0;
	}
	if (expiry_date(&t, e->value) < 0) {
		cli_error("'%s' for '%s' is not a valid timestamp", e->value, e->key);
		if (is_default)
			return cli_fatal("failed to format default config value: %s", e->value);
		return bad_entry(r, e);
	}
	sgit_buf_reset(out);
	return sgit_buf_printf(out, "%ju", t) < 0 ? cli_fatal("out of memory") : 0;
}

int config_typed_value(struct sgit_buf *out, struct config_run *r, const struct sgit_config_entry *e,
		       int for_write)
{
	struct sgit_config_entry s = shown_entry(r, e);
	int b;

	switch (r->type) {
	case TYPE_BOOL:
		return typed_bool(out, &s);
	case TYPE_INT:
		return typed_int(out, r, &s, INT64_MAX);
	case TYPE_BOOL_OR_INT:
		return is_bool_word(s.value) ? typed_bool(out, &s) : typed_int(out, r, &s, INT_MAX);
	case TYPE_BOOL_OR_STR:
		if (sgit_config_parse_bool(&b, s.value) == 0)
			return sgit_buf_sets(out, b ? "true" : "false") < 0 ? cli_fatal("out of memory") : 0;
		break;
	case TYPE_PATH:
	case TYPE_EXPIRY_DATE:
		/* stored as written: "~/x" stays "~/x" in the file */
		if (!for_write)
			return typed_special(out, r, &s, r->in_default);
		break;
	case TYPE_COLOR:
		return cli_fatal("--type=color is not supported by sgit yet");
	default:
		break;
	}
	return sgit_buf_sets(out, s.value ? s.value : "") < 0 ? cli_fatal("out of memory") : 0;
}

static const char *scope_name(const struct config_run *r, enum sgit_config_scope scope)
{
	if (r->scope_name)
		return r->scope_name;
	switch (scope) {
	case SGIT_CONFIG_SCOPE_SYSTEM:
		return "system";
	case SGIT_CONFIG_SCOPE_GLOBAL:
		return "global";
	case SGIT_CONFIG_SCOPE_LOCAL:
		return "local";
	default:
		return "command";
	}
}

/* "<scope>\t" and "<type>:<name>\t" (NUL-separated with -z) for --show-scope / --show-origin. */
static int add_where(struct sgit_buf *out, struct config_run *r, const struct sgit_config_entry *e)
{
	char sep = r->end_nul ? '\0' : '\t';
	const char *name;
	int rc = 0;

	if (r->show_scope && ((rc = sgit_buf_adds(out, scope_name(r, e->scope))) < 0 ||
			      (rc = sgit_buf_addch(out, sep)) < 0))
		return rc;
	if (!r->show_origin)
		return 0;
	if (r->use_stdin)
		rc = sgit_buf_adds(out, "standard input:");
	else if (r->blob)
		rc = sgit_buf_adds(out, "blob:");
	else
		rc = sgit_buf_adds(out, e->origin ? "file:" : "command line:");
	name = r->blob ? r->blob : config_origin_name(r, e->origin);
	if (rc == 0)
		rc = r->end_nul ? sgit_buf_adds(out, name) : sgit_quote_c_style_add(out, name, strlen(name), 1);
	return rc < 0 ? rc : sgit_buf_addch(out, sep);
}

int config_format_entry(struct sgit_buf *out, struct config_run *r, const struct sgit_config_entry *e)
{
	struct sgit_buf value = SGIT_BUF_INIT;
	int rc;

	if (add_where(out, r, e) < 0 || (r->show_keys && sgit_buf_adds(out, e->key) < 0))
		goto nomem;
	if (!r->name_only) {
		if (r->type || e->value) {
			if ((rc = config_typed_value(&value, r, e, 0)) != 0)
				goto out;
			if ((r->show_keys && sgit_buf_addch(out, r->key_delim) < 0) ||
			    sgit_buf_addbuf(out, &value) < 0)
				goto nomem;
		}
	}
	rc = sgit_buf_addch(out, r->term) < 0 ? cli_fatal("out of memory") : 0;
	goto out;
nomem:
	rc = cli_fatal("out of memory");
out:
	sgit_buf_release(&value);
	return rc;
}

/* What --get* select: a key or key pattern, and an optional value pattern. */
struct matcher {
	struct sgit_buf key;		/* canonical key (no regexp) */
	regex_t key_re, value_re;
	int has_key_re, has_value_re, negate;
	const char *fixed;
};

/* git lowercases a key pattern up to its first dot and after its last one, naive as that is. */
static int compile_key_pattern(struct matcher *m, const char *pattern)
{
	struct sgit_buf low = SGIT_BUF_INIT;
	char *first, *last;
	int rc = 0;

	if (sgit_buf_sets(&low, pattern) < 0)
		return cli_fatal("out of memory");
	first = strchr(low.ptr, '.');
	last = strrchr(low.ptr, '.');
	for (char *p = low.ptr; *p; p++)
		if ((!first || p < first || p > last) && *p >= 'A' && *p <= 'Z')
			*p = (char)(*p - 'A' + 'a');
	if (regcomp(&m->key_re, low.ptr, REG_EXTENDED)) {
		cli_error("invalid key pattern: %s", pattern);
		rc = 6;
	} else {
		m->has_key_re = 1;
	}
	sgit_buf_release(&low);
	return rc;
}

static int matcher_init(struct matcher *m, struct config_run *r, int regexp, const char *key,
			const char *value_pattern)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	int rc;

	if (regexp && (rc = compile_key_pattern(m, key)) != 0)
		return rc;
	if (!regexp && sgit_config_normalize_key(&m->key, key, &err) < 0)
		return cli_error("%s", sgit_error_message(&err));
	if (!value_pattern)
		return 0;
	if (r->fixed_value) {
		m->fixed = value_pattern;
		return 0;
	}
	if (value_pattern[0] == '!') {
		m->negate = 1;
		value_pattern++;
	}
	if (regcomp(&m->value_re, value_pattern, REG_EXTENDED)) {
		cli_error("invalid pattern: %s", value_pattern);
		return 6;
	}
	m->has_value_re = 1;
	return 0;
}

static void matcher_release(struct matcher *m)
{
	if (m->has_key_re)
		regfree(&m->key_re);
	if (m->has_value_re)
		regfree(&m->value_re);
	sgit_buf_release(&m->key);
}

static int matches(const struct matcher *m, const struct sgit_config_entry *e)
{
	const char *v = e->value ? e->value : "";

	if (m->has_key_re ? regexec(&m->key_re, e->key, 0, NULL, 0) != 0 : strcmp(e->key, m->key.ptr))
		return 0;
	if (m->fixed)
		return !strcmp(m->fixed, v);
	if (m->has_value_re)
		return m->negate ^ !regexec(&m->value_re, v, 0, NULL, 0);
	return 1;
}

/* Collect what matches: every value formatted (a bad one is fatal even if not shown), the last kept apart. */
struct collected {
	struct sgit_buf all, last;
	size_t nr;
};

struct get_state {
	struct config_run *r;
	const struct matcher *m;
	struct collected *c;
	int rc;
};

static int collect_one(const struct sgit_config_entry *e, void *payload)
{
	struct get_state *st = payload;
	struct collected *c = st->c;

	if (!matches(st->m, e))
		return 0;
	sgit_buf_reset(&c->last);
	if ((st->rc = config_format_entry(&c->last, st->r, e)) > 0)
		return 1;
	if (st->rc < 0) {
		/* git has counted the value it failed to show, and shows what it had of it */
		st->rc = 0;
		c->nr++;
		return sgit_buf_addbuf(&c->all, &c->last) < 0 ? (st->rc = cli_fatal("out of memory")) : 1;
	}
	if (sgit_buf_addbuf(&c->all, &c->last) < 0) {
		st->rc = cli_fatal("out of memory");
		return 1;
	}
	c->nr++;
	return 0;
}

static int get_default(struct collected *c, struct config_run *r, const char *key)
{
	struct sgit_config_entry e = { key, r->default_value, SGIT_CONFIG_SCOPE_COMMAND, NULL, 0 };
	int rc;

	r->in_default = 1;
	rc = config_format_entry(&c->last, r, &e);
	r->in_default = 0;
	if (rc != 0)
		return rc;
	c->nr = 1;
	return sgit_buf_addbuf(&c->all, &c->last) < 0 ? cli_fatal("out of memory") : 0;
}

int config_get(struct config_run *r, int argc, const char **argv)
{
	struct matcher m = { SGIT_BUF_INIT, { 0 }, { 0 }, 0, 0, 0, NULL };
	struct collected c = { SGIT_BUF_INIT, SGIT_BUF_INIT, 0 };
	struct get_state st = { r, &m, &c, 0 };
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_config *cfg = NULL;
	int rc, regexp = r->actions == ACTION_GET_REGEXP;

	r->show_keys = regexp;
	if ((rc = matcher_init(&m, r, regexp, argv[0], argc > 1 ? argv[1] : NULL)) != 0)
		goto out;
	if (sgit_config_new(&cfg) < 0) {
		rc = cli_fatal("out of memory");
		goto out;
	}
	/* a blob's problems are errors, not fatal: what was read before one still counts */
	if (config_read(cfg, r, &err) < 0) {
		if (!r->blob) {
			rc = cli_fatal_err(&err);
			goto out;
		}
		cli_error("%s", sgit_error_message(&err));
	}
	sgit_config_foreach(cfg, collect_one, &st);
	if ((rc = st.rc) != 0)
		goto out;
	if (!c.nr && r->default_value && (rc = get_default(&c, r, argv[0])) != 0)
		goto out;
	if (r->actions == ACTION_GET)
		fwrite(c.last.ptr, 1, c.last.len, stdout);
	else
		fwrite(c.all.ptr, 1, c.all.len, stdout);
	rc = !c.nr;
out:
	matcher_release(&m);
	sgit_buf_release(&c.all);
	sgit_buf_release(&c.last);
	sgit_config_free(cfg);
	return rc;
}

static int list_one(const struct sgit_config_entry *e, void *payload)
{
	struct get_state *st = payload;
	struct config_run *r = st->r;
	struct sgit_buf *line = &st->c->last;

	sgit_buf_reset(line);
	if (add_where(line, r, e) < 0 || sgit_buf_adds(line, e->key) < 0 ||
	    (!r->name_only && e->value && (sgit_buf_addch(line, r->delim) < 0 ||
					   sgit_buf_adds(line, e->value) < 0)) ||
	    sgit_buf_addch(line, r->term) < 0) {
		st->rc = cli_fatal("out of memory");
		return 1;
	}
	fwrite(line->ptr, 1, line->len, stdout);
	return 0;
}

int config_list(struct config_run *r)
{
	struct collected c = { SGIT_BUF_INIT, SGIT_BUF_INIT, 0 };
	struct get_state st = { r, NULL, &c, 0 };
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_config *cfg = NULL;
	int rc = 0;

	if (r->file_buf.len && access(r->file_buf.ptr, R_OK) < 0)
		return cli_fatal("unable to read config file '%s': %s", r->file_buf.ptr, strerror(errno));
	if (sgit_config_new(&cfg) < 0)
		return cli_fatal("out of memory");
	/* git shows each entry as it reads it: what came before a bad line is printed */
	rc = config_read(cfg, r, &err);
	sgit_config_foreach(cfg, list_one, &st);
	if (rc < 0 && r->blob) {
		cli_error("%s", sgit_error_message(&err));
		rc = cli_fatal("error processing config file(s)");
	} else if (rc < 0) {
		rc = cli_fatal_err(&err);
	} else {
		rc = st.rc;
	}
	sgit_buf_release(&c.all);
	sgit_buf_release(&c.last);
	sgit_config_free(cfg);
	return rc;
}
