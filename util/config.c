/* util/config.c: an ordered set of config entries: loading, lookup, typed values, keys */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include "util/config_int.h"
#include "util/fs.h"

/* Names of the sources entries came from; each entry points into one. */
struct origin_name {
	struct origin_name *next;
	char name[];
};

struct sgit_config {
	struct sgit_config_entry *entries;	/* key and value share one allocation at key */
	size_t nr, alloc;
	struct origin_name *origins;
	struct sgit_config_include_info info;	/* points at the copies below */
	char *home, *git_dir, *branch;
	int no_includes;
};

int sgit_config_new(struct sgit_config **out)
{
	*out = calloc(1, sizeof(**out));
	return *out ? 0 : SGIT_ENOMEM;
}

void sgit_config_free(struct sgit_config *cfg)
{
	size_t i;

	if (!cfg)
		return;
	for (i = 0; i < cfg->nr; i++)
		free((char *)cfg->entries[i].key);
	free(cfg->entries);
	while (cfg->origins) {
		struct origin_name *next = cfg->origins->next;

		free(cfg->origins);
		cfg->origins = next;
	}
	free(cfg->home);
	free(cfg->git_dir);
	free(cfg->branch);
	free(cfg);
}

static int dup_or_null(char **out, const char *s)
{
	*out = NULL;
	if (s && !(*out = strdup(s)))
		return SGIT_ENOMEM;
	return 0;
}

int sgit_config_set_include_info(struct sgit_config *cfg, const struct sgit_config_include_info *info)
{
	char *home = NULL, *git_dir = NULL, *branch = NULL;

	if (dup_or_null(&home, info->home) < 0 || dup_or_null(&git_dir, info->git_dir) < 0 ||
	    dup_or_null(&branch, info->branch) < 0) {
		free(home);
		free(git_dir);
		free(branch);
		return SGIT_ENOMEM;
	}
	free(cfg->home);
	free(cfg->git_dir);
	free(cfg->branch);
	cfg->info.home = cfg->home = home;
	cfg->info.git_dir = cfg->git_dir = git_dir;
	cfg->info.branch = cfg->branch = branch;
	return 0;
}

const struct sgit_config_include_info *sgit_config_include_info(const struct sgit_config *cfg)
{
	return &cfg->info;
}

void sgit_config_follow_includes(struct sgit_config *cfg, int follow)
{
	cfg->no_includes = !follow;
}

/* A copy of name owned by cfg, alive as long as cfg; NULL stays NULL. */
static int intern_origin(const char **out, struct sgit_config *cfg, const char *name)
{
	struct origin_name *o;
	size_t len;

	*out = NULL;
	if (!name)
		return 0;
	len = strlen(name);
	if (!(o = malloc(sizeof(*o) + len + 1)))
		return SGIT_ENOMEM;
	memcpy(o->name, name, len + 1);
	o->next = cfg->origins;
	cfg->origins = o;
	*out = o->name;
	return 0;
}

static int append_entry(struct sgit_config *cfg, const char *key, const char *value,
			enum sgit_config_scope scope, const char *origin, int line)
{
	size_t klen = strlen(key), vlen = value ? strlen(value) : 0;
	struct sgit_config_entry *e;
	char *mem;

	if (cfg->nr == cfg->alloc) {
		size_t alloc = cfg->alloc ? cfg->alloc * 2 : 32;

		if (alloc > SIZE_MAX / sizeof(*e) || !(e = realloc(cfg->entries, alloc * sizeof(*e))))
			return SGIT_ENOMEM;
		cfg->entries = e;
		cfg->alloc = alloc;
	}
	if (!(mem = malloc(klen + vlen + 2)))
		return SGIT_ENOMEM;
	memcpy(mem, key, klen + 1);
	if (value)
		memcpy(mem + klen + 1, value, vlen + 1);
	e = &cfg->entries[cfg->nr++];
	e->key = mem;
	e->value = value ? mem + klen + 1 : NULL;
	e->scope = scope;
	e->origin = origin;
	e->line = line;
	return 0;
}

static int load_entry(const char *key, const char *value, int line, void *payload,
		      struct sgit_error *err)
{
	struct config_load *load = payload;

	if (append_entry(load->cfg, key, value, load->scope, load->origin, line) < 0)
		return sgit_error_nomem(err);
	if (load->cfg->no_includes)
		return 0;
	return sgit_config_include_entry(load, key, value, err);
}

/* Parse data as coming from path (or standard input when path is NULL) at the given depth. */
static int load_buffer(struct sgit_config *cfg, const char *data, size_t len, const char *path,
		       enum sgit_config_scope scope, int depth, struct sgit_error *err)
{
	struct config_load load = { cfg, scope, NULL, NULL, depth };
	struct config_source src = { data, len, NULL, CONFIG_ORIGIN_FILE };

	if (intern_origin(&load.origin, cfg, path) < 0)
		return sgit_error_nomem(err);
	load.path = load.origin;
	src.name = load.origin;
	if (!path)
		src.kind = CONFIG_ORIGIN_STDIN;
	return sgit_config_syntax_parse(&src, load_entry, NULL, &load, err);
}

/* No config file is this big: more is refused rather than read into memory. */
#define CONFIG_MAX_SIZE ((size_t)16 << 20)

/*
 * Read at most CONFIG_MAX_SIZE bytes of path into out. 1 when there was
 * more (out then ends after its last whole line), 0 when all was read,
 * SGIT_ENOTFOUND, or SGIT_EOS with errno set. A FIFO or socket is refused
 * before a read can block for ever; /dev/zero ends at the limit.
 */
static int read_bounded(struct sgit_buf *out, const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK), rc = 0, e = 0;
	struct stat st;
	ssize_t n;
	char *lf;

	if (fd < 0)
		return errno == ENOENT ? SGIT_ENOTFOUND : SGIT_EOS;
	if (fstat(fd, &st) < 0 || fcntl(fd, F_SETFL, 0) < 0) {
		e = errno;
		goto out;
	}
	if (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode)) {
		e = EINVAL;
		goto out;
	}
	if (sgit_buf_grow(out, S_ISREG(st.st_mode) && (size_t)st.st_size <= CONFIG_MAX_SIZE
			  ? (size_t)st.st_size + 1 : CONFIG_MAX_SIZE + 1) < 0) {
		e = ENOMEM;
		goto out;
	}
	while (out->len <= CONFIG_MAX_SIZE) {
		if (out->alloc - out->len < 2 && sgit_buf_grow(out, 65536) < 0) {
			e = ENOMEM;
			goto out;
		}
		n = read(fd, out->ptr + out->len, out->alloc - out->len - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			e = n < 0 ? errno : 0;
			goto out;
		}
		sgit_buf_setlen(out, out->len + (size_t)n);
	}
	lf = memrchr(out->ptr, '\n', CONFIG_MAX_SIZE);
	sgit_buf_truncate(out, lf ? (size_t)(lf - out->ptr) + 1 : 0);
	rc = 1;
out:
	close(fd);
	if (e) {
		errno = e;
		rc = SGIT_EOS;
	}
	return rc;
}

/* Lines in data, plus one: the number of the first line not read. */
static int line_after(const struct sgit_buf *data)
{
	const char *p = data->ptr, *end = data->ptr + data->len;
	int n = 1;

	while (p < end && (p = memchr(p, '\n', (size_t)(end - p)))) {
		p++;
		n++;
	}
	return n;
}

static int load_path(struct sgit_config *cfg, const char *path, enum sgit_config_scope scope,
		     int depth, struct sgit_error *err)
{
	struct sgit_buf data = SGIT_BUF_INIT;
	int rc = read_bounded(&data, path), more = rc == 1;

	if (rc == SGIT_ENOTFOUND) {
		rc = 0;
		goto out;
	}
	if (rc == SGIT_EOS) {
		int e = errno;

		rc = e == ENOMEM ? sgit_error_nomem(err)
		     : sgit_error_set(err, SGIT_EOS, "unable to read config file '%s': %s", path,
				      e == EINVAL ? "not a regular file" : strerror(e));
	}
	if (rc < 0)
		goto out;
	/* a bad line in what was read is what git reports; past that, where reading stopped */
	rc = load_buffer(cfg, data.ptr, data.len, path, scope, depth, err);
	if (!rc && more)
		rc = sgit_error_set(err, SGIT_ECONFIG, "bad config line %d in file %s",
				    line_after(&data), path);
out:
	sgit_buf_release(&data);
	return rc;
}

int sgit_config_load_file(struct config_load *parent, const char *path, struct sgit_error *err)
{
	return load_path(parent->cfg, path, parent->scope, parent->depth + 1, err);
}

int sgit_config_add_file(struct sgit_config *cfg, const char *path,
			 enum sgit_config_scope scope, struct sgit_error *err)
{
	return load_path(cfg, path, scope, 0, err);
}

int sgit_config_add_buffer(struct sgit_config *cfg, const char *data, size_t len,
			   const char *origin, enum sgit_config_scope scope, struct sgit_error *err)
{
	return load_buffer(cfg, data, len, origin, scope, 0, err);
}

int sgit_config_add_parameter(struct sgit_config *cfg, const char *key_value, struct sgit_error *err)
{
	struct config_load load = { cfg, SGIT_CONFIG_SCOPE_COMMAND, NULL, NULL, 0 };
	struct sgit_buf key = SGIT_BUF_INIT, canon = SGIT_BUF_INIT;
	const char *eq = strchr(key_value, '=');
	int rc;

	/* the first '=' ends the key: values are likelier than subsections to hold one */
	if (sgit_buf_set(&key, key_value, eq ? (size_t)(eq - key_value) : strlen(key_value)) < 0) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	if (!key.len) {
		rc = sgit_error_set(err, SGIT_EINVALID, "empty config key");
		goto out;
	}
	if ((rc = sgit_config_key_parse(&canon, NULL, NULL, key.ptr, err)) < 0)
		goto out;
	if ((rc = load_entry(canon.ptr, eq ? eq + 1 : NULL, 0, &load, err)) < 0)
		goto out;
out:
	sgit_buf_release(&key);
	sgit_buf_release(&canon);
	return rc;
}

/* query in any case for section and name; canon as stored (those parts lowercase). */
static int key_matches(const char *canon, const char *query, size_t qlen)
{
	const char *first = memchr(query, '.', qlen), *last = strrchr(query, '.');
	size_t i;

	if (!first || strlen(canon) != qlen)
		return 0;
	for (i = 0; i < qlen; i++) {
		int c = (unsigned char)query[i];

		if (query + i < first || query + i > last)
			c = sgit_config_tolower(c);
		if ((unsigned char)canon[i] != c)
			return 0;
	}
	return 1;
}

int sgit_config_get_entry(const struct sgit_config_entry **out, const struct sgit_config *cfg,
			  const char *key)
{
	size_t i = cfg->nr, qlen = strlen(key);

	*out = NULL;
	while (i--) {
		if (key_matches(cfg->entries[i].key, key, qlen)) {
			*out = &cfg->entries[i];
			return 0;
		}
	}
	return SGIT_ENOTFOUND;
}

int sgit_config_get_string(const char **out, const struct sgit_config *cfg, const char *key)
{
	const struct sgit_config_entry *e;
	int rc = sgit_config_get_entry(&e, cfg, key);

	*out = NULL;
	if (rc < 0)
		return rc;
	if (!e->value)
		return SGIT_EINVALID;
	*out = e->value;
	return 0;
}

int sgit_config_get_bool(int *out, const struct sgit_config *cfg, const char *key, struct sgit_error *err)
{
	const struct sgit_config_entry *e;
	int rc = sgit_config_get_entry(&e, cfg, key);

	*out = 0;
	return rc < 0 ? rc : sgit_config_entry_bool(out, e, err);
}

int sgit_config_get_int(int64_t *out, const struct sgit_config *cfg, const char *key, struct sgit_error *err)
{
	const struct sgit_config_entry *e;
	int rc = sgit_config_get_entry(&e, cfg, key);

	*out = 0;
	return rc < 0 ? rc : sgit_config_entry_int(out, e, INT64_MAX, err);
}

int sgit_config_foreach(const struct sgit_config *cfg, sgit_config_foreach_cb cb, void *payload)
{
	size_t i;
	int rc;

	for (i = 0; i < cfg->nr; i++)
		if ((rc = cb(&cfg->entries[i], payload)) != 0)
			return rc;
	return 0;
}

static int64_t unit_factor(const char *end)
{
	if (!*end)
		return 1;
	if (!strcasecmp(end, "k"))
		return 1024;
	if (!strcasecmp(end, "m"))
		return 1024 * 1024;
	if (!strcasecmp(end, "g"))
		return 1024 * 1024 * 1024;
	return 0;
}

/* Within [-max, max] (bounds checked before the unit multiplies, as git). *range: too big. */
static int parse_signed(int64_t *out, int *range, const char *value, int64_t max)
{
	intmax_t val;
	int64_t factor;
	char *end;

	*range = 0;
	if (!value || !*value)
		return SGIT_EINVALID;
	errno = 0;
	val = strtoimax(value, &end, 0);
	if (errno == ERANGE) {
		*range = 1;
		return SGIT_EINVALID;
	}
	if (end == value || !(factor = unit_factor(end)))
		return SGIT_EINVALID;
	if ((val < 0 && -max / factor > val) || (val > 0 && max / factor < val)) {
		*range = 1;
		return SGIT_EINVALID;
	}
	*out = (int64_t)val * factor;
	return 0;
}

int sgit_config_parse_int(int64_t *out, const char *value)
{
	int range, rc = parse_signed(out, &range, value, INT64_MAX);

	if (rc < 0)
		*out = 0;
	return rc;
}

/* true/yes/on and false/no/off in any case, "" false, NULL true; -1 for anything else. */
static int bool_text(const char *value)
{
	if (!value)
		return 1;
	if (!*value)
		return 0;
	if (!strcasecmp(value, "true") || !strcasecmp(value, "yes") || !strcasecmp(value, "on"))
		return 1;
	if (!strcasecmp(value, "false") || !strcasecmp(value, "no") || !strcasecmp(value, "off"))
		return 0;
	return -1;
}

int sgit_config_parse_bool(int *out, const char *value)
{
	int64_t n;
	int range, v = bool_text(value);

	*out = 0;
	if (v >= 0) {
		*out = v;
		return 0;
	}
	/* as git, numbers in a boolean must fit an int */
	if (parse_signed(&n, &range, value, INT_MAX) < 0)
		return SGIT_EINVALID;
	*out = n != 0;
	return 0;
}

int sgit_config_entry_bool(int *out, const struct sgit_config_entry *entry, struct sgit_error *err)
{
	if (sgit_config_parse_bool(out, entry->value) < 0)
		return sgit_error_set(err, SGIT_ECONFIG, "bad boolean config value '%s' for '%s'",
				      entry->value, entry->key);
	return 0;
}

int sgit_config_entry_int(int64_t *out, const struct sgit_config_entry *entry, int64_t max,
			  struct sgit_error *err)
{
	const char *value = entry->value ? entry->value : "";
	const char *why;
	int range;

	*out = 0;
	if (parse_signed(out, &range, entry->value, max) == 0)
		return 0;
	*out = 0;
	why = range ? "out of range" : "invalid unit";
	if (entry->scope == SGIT_CONFIG_SCOPE_COMMAND)
		return sgit_error_set(err, SGIT_ECONFIG, "bad numeric config value '%s' for '%s': %s",
				      value, entry->key, why);
	if (!entry->origin)
		return sgit_error_set(err, SGIT_ECONFIG,
				      "bad numeric config value '%s' for '%s' in standard input: %s",
				      value, entry->key, why);
	return sgit_error_set(err, SGIT_ECONFIG, "bad numeric config value '%s' for '%s' in file %s: %s",
			      value, entry->key, entry->origin, why);
}

static int key_error(int *status, int st, struct sgit_error *err, const char *fmt, const char *key)
{
	if (status)
		*status = st;
	return sgit_error_set(err, SGIT_EINVALID, fmt, key);
}

int sgit_config_key_parse(struct sgit_buf *out, size_t *baselen_out, int *status, const char *key,
			  struct sgit_error *err)
{
	struct sgit_buf canon = SGIT_BUF_INIT;
	const char *last_dot = strrchr(key, '.');
	size_t i, baselen;
	int dot = 0, rc = 0;

	if (status)
		*status = CONFIG_KEY_OK;
	if (!last_dot || last_dot == key)
		return key_error(status, CONFIG_KEY_NO_SECTION_OR_NAME, err,
				 "key does not contain a section: %s", key);
	if (!last_dot[1])
		return key_error(status, CONFIG_KEY_NO_SECTION_OR_NAME, err,
				 "key does not contain variable name: %s", key);
	baselen = (size_t)(last_dot - key);
	if (sgit_buf_grow(&canon, strlen(key)) < 0)
		return sgit_error_nomem(err);
	/* section and name are lowercased and checked; the subsection is kept as written */
	for (i = 0; key[i]; i++) {
		int c = (unsigned char)key[i];

		if (c == '.')
			dot = 1;
		if (!dot || i > baselen) {
			if (!sgit_config_is_keychar(c) || (i == baselen + 1 && !sgit_config_is_alpha(c))) {
				rc = key_error(status, CONFIG_KEY_INVALID, err, "invalid key: %s", key);
				goto out;
			}
			c = sgit_config_tolower(c);
		} else if (c == '\n') {
			rc = key_error(status, CONFIG_KEY_INVALID, err, "invalid key (newline): %s", key);
			goto out;
		}
		sgit_buf_addch(&canon, (char)c);	/* room reserved above */
	}
	if (baselen_out)
		*baselen_out = baselen;
	sgit_buf_swap(out, &canon);
out:
	sgit_buf_release(&canon);
	return rc;
}

int sgit_config_normalize_key(struct sgit_buf *out, const char *key, struct sgit_error *err)
{
	return sgit_config_key_parse(out, NULL, NULL, key, err);
}
