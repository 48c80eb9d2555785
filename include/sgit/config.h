/* include/sgit/config.h: git's configuration files: parse, look up, edit */
#ifndef SGIT_CONFIG_H
#define SGIT_CONFIG_H

#include <stddef.h>
#include <stdint.h>
#include "buf.h"
#include "errors.h"

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

/* Lowest precedence first; a later entry of the same key wins on lookup. */
enum sgit_config_scope {
	SGIT_CONFIG_SCOPE_SYSTEM,
	SGIT_CONFIG_SCOPE_GLOBAL,
	SGIT_CONFIG_SCOPE_LOCAL,
	SGIT_CONFIG_SCOPE_FILE,		/* --file */
	SGIT_CONFIG_SCOPE_COMMAND,	/* -c key=value */
};

struct sgit_config_entry {
	const char *key;	/* canonical: section and name lowercased, subsection as written */
	const char *value;	/* NULL for a bare "key" line (boolean true) */
	enum sgit_config_scope scope;
	const char *origin;	/* file path, or NULL for command-line entries */
	int line;
};

/* An ordered set of entries from several sources. Free with sgit_config_free(). */
struct sgit_config;

/* An empty set in *out (free with sgit_config_free()); SGIT_ENOMEM, *out NULL. */
int sgit_config_new(struct sgit_config **out);
void sgit_config_free(struct sgit_config *cfg);

/*
 * Parse a config file and append its entries (include.path / includeIf are
 * followed as git does). A missing file is not an error. Syntax errors give
 * SGIT_ECONFIG with git's message: "bad config line 3 in file .git/config".
 */
int sgit_config_add_file(struct sgit_config *cfg, const char *path,
			 enum sgit_config_scope scope, struct sgit_error *err);
/* Same, over bytes in memory; origin names them in messages as a file (NULL: standard input). */
int sgit_config_add_buffer(struct sgit_config *cfg, const char *data, size_t len,
			   const char *origin, enum sgit_config_scope scope, struct sgit_error *err);
/* Append one "-c key=value" (or "key" alone, meaning true). SGIT_EINVALID for a bad key. */
int sgit_config_add_parameter(struct sgit_config *cfg, const char *key_value, struct sgit_error *err);

/*
 * Look up the last value of key (any case for section and name). Pointers
 * stay valid until cfg is changed or freed. SGIT_ENOTFOUND when unset;
 * get_string gives SGIT_EINVALID for a bare "key" line (no string: git's
 * "missing value for 'key'").
 */
int sgit_config_get_entry(const struct sgit_config_entry **out, const struct sgit_config *cfg,
			  const char *key);
int sgit_config_get_string(const char **out, const struct sgit_config *cfg, const char *key);
/* Parse as git does; SGIT_ECONFIG "bad boolean config value 'x' for 'key'" etc. */
int sgit_config_get_bool(int *out, const struct sgit_config *cfg, const char *key, struct sgit_error *err);
int sgit_config_get_int(int64_t *out, const struct sgit_config *cfg, const char *key, struct sgit_error *err);

/*
 * What include conditions read; strings are copied. home expands "~/" in
 * include paths (NULL: such a path is an error, as git without HOME);
 * git_dir is matched by includeIf "gitdir:" and "gitdir/i:", branch (short
 * name of the branch HEAD points at, born or not) by "onbranch:". NULL makes
 * the condition false, as do "hasconfig:" and unknown conditions.
 */
struct sgit_config_include_info {
	const char *home;
	const char *git_dir;
	const char *branch;
};
/* Copy info into cfg for later includeIf tests; 0 or SGIT_ENOMEM. */
int sgit_config_set_include_info(struct sgit_config *cfg, const struct sgit_config_include_info *info);
/* Follow include.path and includeIf (the default) or not (git config --file without --includes). */
void sgit_config_follow_includes(struct sgit_config *cfg, int follow);

/*
 * An entry's value as git's config readers take it, with git's message:
 * "bad boolean config value 'x' for 'key'", "bad numeric config value 'x'
 * for 'key' in file F: invalid unit" (or ": out of range" beyond +-max).
 * SGIT_ECONFIG on a bad value.
 */
int sgit_config_entry_bool(int *out, const struct sgit_config_entry *entry, struct sgit_error *err);
int sgit_config_entry_int(int64_t *out, const struct sgit_config_entry *entry, int64_t max,
			  struct sgit_error *err);

/* Every entry in order, lowest precedence first; a non-zero return from cb stops and is returned. */
typedef int (*sgit_config_foreach_cb)(const struct sgit_config_entry *entry, void *payload);
int sgit_config_foreach(const struct sgit_config *cfg, sgit_config_foreach_cb cb, void *payload);

/*
 * Value parsers as git's: true/yes/on/NULL (bare key), false/no/off/"", any
 * case, else an integer (non-zero is true); integers in C syntax (0x1f, 017)
 * with a k/m/g suffix (1024-based). SGIT_EINVALID when not a value of the type
 * or out of the int64 range.
 */
int sgit_config_parse_bool(int *out, const char *value);
int sgit_config_parse_int(int64_t *out, const char *value);
/* Split and canonicalise "section.sub.name"; SGIT_EINVALID with git's message when malformed. */
int sgit_config_normalize_key(struct sgit_buf *out, const char *key, struct sgit_error *err);

/* How sgit_config_file_edit changes a file. */
enum sgit_config_edit {
	SGIT_CONFIG_EDIT_SET,		/* replace the one value (matching value_regex when given) */
	SGIT_CONFIG_EDIT_REPLACE_ALL,	/* --replace-all */
	SGIT_CONFIG_EDIT_ADD,		/* --add */
	SGIT_CONFIG_EDIT_UNSET,		/* --unset: exactly one match */
	SGIT_CONFIG_EDIT_UNSET_ALL,	/* --unset-all */
};

/*
 * Change one file (git config --file path ...) under path.lock, keeping every
 * other byte as it was, as git does. Errors as git's exit codes need them:
 * SGIT_ENOTFOUND (nothing to unset: git exits 5), SGIT_EAMBIGUOUS (several
 * values: exit 5), SGIT_EINVALID (bad key: exit 1 or 2; bad regex: 6),
 * SGIT_ECONFIG (file does not parse: exit 128 or 3), SGIT_ELOCKED.
 */
int sgit_config_file_edit(const char *path, enum sgit_config_edit how, const char *key,
			  const char *value, const char *value_regex, struct sgit_error *err);
/*
 * The same, with --fixed-value (value_regex compared as a plain string) and
 * git config's exit status for a failure in *status (0 on success): 1 invalid
 * key, 2 key without section or name, 3 file unreadable or with a bad section
 * name ("invalid section name 'x'": git adds "invalid config file F"), 4
 * cannot write, 5 nothing to unset or several values (SGIT_EAMBIGUOUS: "key
 * has multiple values", git's warning), 6 invalid value_regex, 128 syntax
 * error (git dies with "bad config line ..."), 255 cannot lock.
 */
int sgit_config_file_edit_status(int *status, const char *path, enum sgit_config_edit how,
				 const char *key, const char *value, const char *value_regex,
				 int fixed_value, struct sgit_error *err);

/*
 * Rename the section old_name ("section" or "section.subsection", spelled
 * exactly as in the headers) to new_name, or remove it with every line in
 * it when new_name is NULL, as git config --rename-section and
 * --remove-section do. *count gets how many sections matched: 0 means no
 * such section (git dies; a missing file is then left empty, as git leaves
 * it). SGIT_EINVALID "invalid section name: x" (git exits 255), SGIT_ELOCKED.
 */
int sgit_config_file_rename_section(size_t *count, const char *path, const char *old_name,
				    const char *new_name, struct sgit_error *err);

#pragma GCC visibility pop
#endif
