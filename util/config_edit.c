/*
 * util/config_edit.c: change one config file as "git config --file" does.
 * The file is split into spans (sections, entries, comments, whitespace);
 * the spans of the matching entries, or the end of the key's section, tell
 * where to cut. Everything else is copied byte for byte, so the result is
 * the file git would write.
 */
#include <errno.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include "util/config_int.h"
#include "util/fs.h"

/* git config's exit statuses */
enum {
	ST_INVALID_FILE = 3,
	ST_NO_WRITE = 4,
	ST_NOTHING_SET = 5,
	ST_INVALID_PATTERN = 6,
	ST_SYNTAX = 128,
	ST_NO_LOCK = 255,
};

struct span {
	size_t begin, end;
	enum config_event type;
	int is_keys_section;
};

struct store {
	const char *key;		/* canonical */
	size_t baselen;			/* of "section.sub" in key */
	int multi_replace;
	regex_t re;
	int has_re, do_not_match, regex_none;
	const char *fixed;
	struct span *parsed;		/* every span; parsed[0] exists even for an empty file */
	size_t parsed_nr, parsed_alloc;
	size_t *seen;			/* matching entries; or, while none, the last span of the key's section */
	size_t seen_nr, seen_alloc;
	int seen_any, key_seen, section_seen, is_keys_section;
	int status;
};

static int grow(void **arr, size_t *alloc, size_t want, size_t size)
{
	size_t n = *alloc ? *alloc : 16;
	void *p;

	if (want <= *alloc)
		return 0;
	while (n < want)
		n *= 2;
	if (n > SIZE_MAX / size || !(p = realloc(*arr, n * size)))
		return SGIT_ENOMEM;
	*arr = p;
	*alloc = n;
	return 0;
}

static int grow_seen(struct store *s)
{
	return grow((void **)&s->seen, &s->seen_alloc, s->seen_nr + 1, sizeof(*s->seen));
}

static int store_event(enum config_event type, size_t begin, size_t end,
		       const struct config_event_info *info, void *payload, struct sgit_error *err)
{
	struct store *s = payload;
	struct span *sp;

	if (grow((void **)&s->parsed, &s->parsed_alloc, s->parsed_nr + 1, sizeof(*s->parsed)) < 0)
		return sgit_error_nomem(err);
	sp = &s->parsed[s->parsed_nr];
	sp->begin = begin;
	sp->end = end;
	sp->type = type;
	sp->is_keys_section = 0;
	if (type == CONFIG_EVENT_SECTION) {
		if (info->var_len < 2 || info->var[info->var_len - 1] != '.') {
			s->status = ST_INVALID_FILE;
			return sgit_error_set(err, SGIT_ECONFIG, "invalid section name '%s'", info->var);
		}
		/* the old "[section.sub]" form matches in any case, the quoted one exactly */
		s->is_keys_section = info->var_len - 1 == s->baselen &&
			!(info->dotted ? strncasecmp : strncmp)(info->var, s->key, s->baselen);
		sp->is_keys_section = s->is_keys_section;
		if (s->is_keys_section) {
			s->section_seen = 1;
			if (grow_seen(s) < 0)
				return sgit_error_nomem(err);
			s->seen[s->seen_nr] = s->parsed_nr;
			s->seen_any = 1;
		}
	}
	s->parsed_nr++;
	return 0;
}

static int matches(const struct store *s, const char *key, const char *value)
{
	if (strcmp(key, s->key))
		return 0;
	if (s->fixed)
		return value && !strcmp(s->fixed, value);
	if (s->regex_none)
		return 0;
	if (!s->has_re)
		return 1;
	return s->do_not_match ^ (value && !regexec(&s->re, value, 0, NULL, 0));
}

/* An entry's span is the next one to be recorded: index parsed_nr. */
static int store_entry(const char *key, const char *value, int line, void *payload,
		       struct sgit_error *err)
{
	struct store *s = payload;

	if (s->key_seen) {
		if (matches(s, key, value)) {
			if (grow_seen(s) < 0)
				return sgit_error_nomem(err);
			s->seen[s->seen_nr++] = s->parsed_nr;
		}
	} else if (s->is_keys_section) {
		if (grow_seen(s) < 0)
			return sgit_error_nomem(err);
		s->seen[s->seen_nr] = s->parsed_nr;
		s->seen_any = 1;
		s->section_seen = 1;
		if (matches(s, key, value)) {
			s->seen_nr++;
			s->key_seen = 1;
		}
	}
	return 0;
}

/*
 * Unsetting the last entries of a section with no comment before, inside or
 * after it removes the section with its header(s), as git does: widen
 * [*begin, *end) to it and move *seen_i past the entries taken along.
 */
static void maybe_remove_section(const struct store *s, size_t *begin, size_t *end, size_t *seen_i)
{
	size_t i, seen = *seen_i, section_begin;
	int section_seen = 0;

	for (i = s->seen[seen]; i > 0; i--) {
		const struct span *sp = &s->parsed[i - 1];

		if (sp->type == CONFIG_EVENT_COMMENT)
			return;
		if (sp->type == CONFIG_EVENT_ENTRY) {
			if (!section_seen)	/* not the section's first entry */
				return;
			break;
		}
		if (sp->type == CONFIG_EVENT_SECTION) {
			if (!sp->is_keys_section)
				break;
			section_seen = 1;
		}
	}
	section_begin = s->parsed[i].begin;
	for (i = s->seen[seen] + 1; i < s->parsed_nr; i++) {
		const struct span *sp = &s->parsed[i];

		if (sp->type == CONFIG_EVENT_COMMENT)
			return;
		if (sp->type == CONFIG_EVENT_SECTION) {
			if (sp->is_keys_section)
				continue;
			break;
		}
		if (sp->type == CONFIG_EVENT_ENTRY) {
			if (++seen < s->seen_nr && i == s->seen[seen])
				continue;	/* to be removed as well */
			return;
		}
	}
	*begin = section_begin;
	*end = i < s->parsed_nr ? s->parsed[i].begin : s->parsed[s->parsed_nr - 1].end;
	*seen_i = seen;
}

int sgit_config_write_section(struct sgit_buf *out, const char *key, size_t baselen)
{
	const char *dot = memchr(key, '.', baselen);
	size_t i;
	int rc;

	if (!dot)
		return sgit_buf_addf(out, "[%.*s]\n", (int)baselen, key);
	if ((rc = sgit_buf_addf(out, "[%.*s \"", (int)(dot - key), key)) < 0)
		return rc;
	for (i = (size_t)(dot - key) + 1; i < baselen; i++) {
		if ((key[i] == '"' || key[i] == '\\') && (rc = sgit_buf_addch(out, '\\')) < 0)
			return rc;
		if ((rc = sgit_buf_addch(out, key[i])) < 0)
			return rc;
	}
	return sgit_buf_adds(out, "\"]\n");
}

/* "\tname = value\n"; quoted when spaces at either end or a comment character would be lost. */
static int write_pair(struct sgit_buf *out, const char *key, size_t baselen, const char *value)
{
	size_t len = strlen(value), i;
	const char *quote = "";
	int rc;

	if (value[0] == ' ' || (len && value[len - 1] == ' ') || strpbrk(value, ";#"))
		quote = "\"";
	if ((rc = sgit_buf_addf(out, "\t%s = %s", key + baselen + 1, quote)) < 0)
		return rc;
	for (i = 0; i < len && rc == 0; i++) {
		switch (value[i]) {
		case '\n':
			rc = sgit_buf_adds(out, "\\n");
			break;
		case '\t':
			rc = sgit_buf_adds(out, "\\t");
			break;
		case '"':
		case '\\':
			if ((rc = sgit_buf_addch(out, '\\')) < 0)
				break;
			/* fall through */
		default:
			rc = sgit_buf_addch(out, value[i]);
			break;
		}
	}
	return rc < 0 ? rc : sgit_buf_addf(out, "%s\n", quote);
}

static int is_blank(char c)
{
	return sgit_config_is_space((unsigned char)c) && c != '\n';
}

/* The new file from the old one and the spans found; value NULL removes. */
static int rewrite(struct sgit_buf *out, struct store *s, const struct sgit_buf *old,
		   const char *key, const char *value)
{
	const char *c = old->ptr;
	size_t i, copy_begin = 0, copy_end, replace_end;
	int rc = 0;

	if (s->seen_nr == 0) {
		if (!s->seen_any) {
			/* neither key nor section: add at the end */
			if (grow_seen(s) < 0)
				return SGIT_ENOMEM;
			s->seen[0] = s->parsed_nr - !!s->parsed_nr;
		}
		s->seen_nr = 1;
	}
	for (i = 0; i < s->seen_nr && rc == 0; i++) {
		const struct span *sp = &s->parsed[s->seen[i]];

		if (!s->key_seen) {
			copy_end = sp->end;
			/* a section header takes its newline along */
			if (copy_end > 0 && copy_end < old->len && c[copy_end - 1] != '\n' && c[copy_end] == '\n')
				copy_end++;
			replace_end = copy_end;
		} else {
			replace_end = sp->end;
			copy_end = sp->begin;
			if (!value)
				maybe_remove_section(s, &copy_end, &replace_end, &i);
			while (copy_end > 0 && is_blank(c[copy_end - 1]))
				copy_end--;
		}
		if (copy_end > copy_begin) {
			rc = sgit_buf_add(out, c + copy_begin, copy_end - copy_begin);
			if (!rc && c[copy_end - 1] != '\n')
				rc = sgit_buf_addch(out, '\n');
		}
		copy_begin = replace_end;
	}
	if (!rc && value && !s->section_seen)
		rc = sgit_config_write_section(out, key, s->baselen);
	if (!rc && value)
		rc = write_pair(out, key, s->baselen, value);
	if (!rc && copy_begin < old->len)
		rc = sgit_buf_add(out, c + copy_begin, old->len - copy_begin);
	return rc;
}

static int set_pattern(struct store *s, enum sgit_config_edit how, const char *value_regex,
		       int fixed_value, struct sgit_error *err)
{
	if (how == SGIT_CONFIG_EDIT_ADD) {
		s->regex_none = 1;
		return 0;
	}
	if (!value_regex)
		return 0;
	if (fixed_value) {
		s->fixed = value_regex;
		return 0;
	}
	if (value_regex[0] == '!') {
		s->do_not_match = 1;
		value_regex++;
	}
	if (regcomp(&s->re, value_regex, REG_EXTENDED)) {
		s->status = ST_INVALID_PATTERN;
		return sgit_error_set(err, SGIT_EINVALID, "invalid pattern: %s", value_regex);
	}
	s->has_re = 1;
	return 0;
}

/* Parse the old file into s and check that the change is possible. */
static int scan(struct store *s, const struct sgit_buf *old, const char *path, const char *value,
		struct sgit_error *err)
{
	struct config_source src = { old->ptr, old->len, path, CONFIG_ORIGIN_FILE };
	int rc;

	if (grow((void **)&s->parsed, &s->parsed_alloc, 1, sizeof(*s->parsed)) < 0)
		return sgit_error_nomem(err);
	memset(&s->parsed[0], 0, sizeof(s->parsed[0]));
	if ((rc = sgit_config_syntax_parse(&src, store_entry, store_event, s, err)) < 0) {
		if (!s->status)
			s->status = rc == SGIT_ECONFIG ? ST_SYNTAX : ST_INVALID_FILE;
		return rc;
	}
	if (s->seen_nr > 1 && !s->multi_replace) {
		s->status = ST_NOTHING_SET;
		return sgit_error_set(err, SGIT_EAMBIGUOUS, "%s has multiple values", s->key);
	}
	if (s->seen_nr == 0 && !value) {
		s->status = ST_NOTHING_SET;
		return sgit_error_set(err, SGIT_ENOTFOUND, "no value of '%s' to unset", s->key);
	}
	return 0;
}

/* The new content for an existing file (old), or for a missing one (old NULL). */
static int edit_content(struct sgit_buf *out, struct store *s, const struct sgit_buf *old,
			const char *path, const char *key, const char *value, struct sgit_error *err)
{
	int rc;

	if (!old) {
		if (!value) {
			s->status = ST_NOTHING_SET;
			return sgit_error_set(err, SGIT_ENOTFOUND, "no value of '%s' to unset", s->key);
		}
		rc = sgit_config_write_section(out, key, s->baselen);
		if (!rc)
			rc = write_pair(out, key, s->baselen, value);
		return rc < 0 ? sgit_error_nomem(err) : 0;
	}
	if ((rc = scan(s, old, path, value, err)) < 0)
		return rc;
	if (rewrite(out, s, old, key, value) < 0)
		return sgit_error_nomem(err);
	return 0;
}

int sgit_config_resolve_symlink(struct sgit_buf *out, const char *path)
{
	struct sgit_buf link = SGIT_BUF_INIT;
	int depth, rc = sgit_buf_sets(out, path);

	for (depth = 0; depth < 5 && rc == 0; depth++) {
		ssize_t n;

		if ((rc = sgit_buf_grow(&link, 4096)) < 0)
			break;
		n = readlink(out->ptr, link.ptr, link.alloc - 1);
		if (n < 0 || (size_t)n >= link.alloc - 1)
			break;
		sgit_buf_setlen(&link, (size_t)n);
		if (link.ptr[0] == '/') {
			sgit_buf_reset(out);
		} else {
			char *slash = strrchr(out->ptr, '/');

			sgit_buf_truncate(out, slash ? (size_t)(slash - out->ptr) + 1 : 0);
		}
		rc = sgit_buf_addbuf(out, &link);
	}
	sgit_buf_release(&link);
	return rc;
}

static int lock_config(struct sgit_lockfile *lk, struct store *s, const char *path, struct sgit_error *err)
{
	struct sgit_buf target = SGIT_BUF_INIT;
	int rc, e;

	if (sgit_config_resolve_symlink(&target, path) < 0)
		return sgit_error_nomem(err);
	rc = sgit_lockfile_acquire(lk, target.ptr, err);
	e = errno;
	sgit_buf_release(&target);

	if (rc == SGIT_ENOMEM)
		return rc;
	if (rc < 0) {
		s->status = ST_NO_LOCK;
		return sgit_error_set(err, rc, "could not lock config file %s: %s", path,
				      rc == SGIT_ELOCKED ? strerror(EEXIST) : strerror(e));
	}
	return 0;
}

/* Read the file; *exists 0 when it is missing. mode gets its permission bits. */
static int read_old(struct sgit_buf *old, int *exists, mode_t *mode, struct store *s, const char *path,
		    struct sgit_error *err)
{
	struct stat st;
	int rc;

	*exists = 0;
	if (stat(path, &st) < 0 && errno == ENOENT)
		return 0;
	if ((rc = sgit_fs_read_file(old, path, err)) == SGIT_ENOTFOUND) {
		sgit_error_clear(err);
		return 0;
	}
	if (rc < 0) {
		int e = errno;

		if (rc == SGIT_ENOMEM)
			return rc;
		s->status = ST_INVALID_FILE;
		return sgit_error_set(err, SGIT_EOS, "opening %s: %s", path, strerror(e));
	}
	*exists = 1;
	*mode = st.st_mode & 07777;
	return 0;
}

static int commit_config(struct sgit_lockfile *lk, struct store *s, const struct sgit_buf *data,
			 int exists, mode_t mode, const char *path, struct sgit_error *err)
{
	if (exists && fchmod(lk->fd, mode) < 0) {
		s->status = ST_NO_WRITE;
		return sgit_error_set(err, SGIT_EOS, "chmod on %s failed: %s", lk->lock_path.ptr,
				      strerror(errno));
	}
	if (sgit_lockfile_write(lk, data->ptr, data->len, err) < 0) {
		s->status = ST_NO_WRITE;
		return sgit_error_set(err, SGIT_EOS, "failed to write new configuration file %s",
				      lk->lock_path.ptr);
	}
	if (sgit_lockfile_commit(lk, err) < 0) {
		s->status = ST_NO_WRITE;
		return sgit_error_set(err, SGIT_EOS, "could not write config file %s: %s", path,
				      strerror(errno));
	}
	return 0;
}

int sgit_config_file_edit_status(int *status, const char *path, enum sgit_config_edit how,
				 const char *key, const char *value, const char *value_regex,
				 int fixed_value, struct sgit_error *err)
{
	struct store s;
	struct sgit_lockfile lk = SGIT_LOCKFILE_INIT;
	struct sgit_buf canon = SGIT_BUF_INIT, old = SGIT_BUF_INIT, out = SGIT_BUF_INIT;
	int rc, exists = 0, unset = how == SGIT_CONFIG_EDIT_UNSET || how == SGIT_CONFIG_EDIT_UNSET_ALL;
	mode_t mode = 0;

	memset(&s, 0, sizeof(s));
	*status = 0;
	if (unset)
		value = NULL;
	else if (!value) {
		s.status = 1;
		rc = sgit_error_set(err, SGIT_EINVALID, "no value given for '%s'", key);
		goto out;
	}
	if ((rc = sgit_config_key_parse(&canon, &s.baselen, &s.status, key, err)) < 0)
		goto out;
	s.key = canon.ptr;
	s.multi_replace = how == SGIT_CONFIG_EDIT_REPLACE_ALL || how == SGIT_CONFIG_EDIT_UNSET_ALL;
	if ((rc = lock_config(&lk, &s, path, err)) < 0 ||
	    (rc = read_old(&old, &exists, &mode, &s, path, err)) < 0)
		goto out;
	if (exists && (rc = set_pattern(&s, how, value_regex, fixed_value, err)) < 0)
		goto out;
	if ((rc = edit_content(&out, &s, exists ? &old : NULL, path, key, value, err)) < 0)
		goto out;
	rc = commit_config(&lk, &s, &out, exists, mode, path, err);
out:
	if (rc < 0)
		*status = s.status ? s.status : ST_NO_WRITE;
	sgit_lockfile_rollback(&lk);
	if (s.has_re)
		regfree(&s.re);
	free(s.parsed);
	free(s.seen);
	sgit_buf_release(&canon);
	sgit_buf_release(&old);
	sgit_buf_release(&out);
	return rc;
}

int sgit_config_file_edit(const char *path, enum sgit_config_edit how, const char *key,
			  const char *value, const char *value_regex, struct sgit_error *err)
{
	int status;

	return sgit_config_file_edit_status(&status, path, how, key, value, value_regex, 0, err);
}
