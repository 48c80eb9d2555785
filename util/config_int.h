/* util/config_int.h: the config file tokenizer and helpers shared by config*.c */
#ifndef SGIT_UTIL_CONFIG_INT_H
#define SGIT_UTIL_CONFIG_INT_H

#include <stddef.h>
#include "sgit/buf.h"
#include "sgit/config.h"
#include "sgit/errors.h"

/* What the bytes came from; it decides the wording of "bad config line" messages. */
enum config_origin_kind {
	CONFIG_ORIGIN_FILE,
	CONFIG_ORIGIN_STDIN,
	CONFIG_ORIGIN_BLOB,
	CONFIG_ORIGIN_CMDLINE,
};

/*
 * The parser splits its input into consecutive spans, the way an editor of
 * the file needs them: each span is reported once the next one starts, so
 * its end is known. Runs of whitespace form one span.
 */
enum config_event {
	CONFIG_EVENT_SECTION,	/* "[name ...]", up to and including ']' */
	CONFIG_EVENT_ENTRY,	/* "name = value ...\n", with any comment and the newline */
	CONFIG_EVENT_WHITESPACE,
	CONFIG_EVENT_COMMENT,	/* "# ..." up to, not including, the newline */
	CONFIG_EVENT_EOF,
	CONFIG_EVENT_ERROR,
};

/* The parser's view of the current section, for event callbacks. */
struct config_event_info {
	const char *var;	/* "section.sub." once a header parsed, possibly partial on error */
	size_t var_len;
	int dotted;		/* header without a quoted subsection: compare it ignoring case */
};

/*
 * Called for every "name = value" (value NULL for a bare name), key in
 * canonical form. A negative return stops the parse: SGIT_ECONFIG, SGIT_ENOMEM
 * and SGIT_EOS are passed on as they are, anything else becomes the "bad
 * config line" message of the entry's line.
 */
typedef int (*config_entry_fn)(const char *key, const char *value, int line, void *payload,
			       struct sgit_error *err);
/* Called for every span; a negative return stops the parse and is returned as it is. */
typedef int (*config_event_fn)(enum config_event type, size_t begin, size_t end,
			       const struct config_event_info *info, void *payload,
			       struct sgit_error *err);

struct config_source {
	const char *data;
	size_t len;
	const char *name;	/* path or blob name in messages; NULL for stdin */
	enum config_origin_kind kind;
};

/*
 * Parse src as git does, calling entry (may be NULL) and event (may be NULL).
 * SGIT_ECONFIG "bad config line N in file F" on a syntax error.
 */
int sgit_config_syntax_parse(const struct config_source *src, config_entry_fn entry,
			     config_event_fn event, void *payload, struct sgit_error *err);

/* ASCII classes as git's own (its isspace knows no \v or \f). */
int sgit_config_is_space(int c);
int sgit_config_is_alpha(int c);
int sgit_config_is_keychar(int c);
int sgit_config_tolower(int c);

/* Which of git config's exit statuses a malformed key gives. */
enum config_key_status {
	CONFIG_KEY_OK = 0,
	CONFIG_KEY_INVALID = 1,
	CONFIG_KEY_NO_SECTION_OR_NAME = 2,
};

/*
 * sgit_config_normalize_key that also gives the length of "section.sub"
 * (may be NULL) and the kind of failure (may be NULL).
 */
int sgit_config_key_parse(struct sgit_buf *out, size_t *baselen, int *status, const char *key,
			  struct sgit_error *err);

/* Append "[section]\n" or "[section \"sub\"]\n" for the first baselen bytes of key, as spelled. */
int sgit_config_write_section(struct sgit_buf *out, const char *key, size_t baselen);
/*
 * The file a symlink at path points to, up to 5 links deep: git locks and
 * replaces the target, so a symlinked config file stays a symlink.
 */
int sgit_config_resolve_symlink(struct sgit_buf *out, const char *path);

/* Follow include.path / includeIf.*.path for one entry just added. */
struct config_load {
	struct sgit_config *cfg;
	enum sgit_config_scope scope;
	const char *origin;		/* interned name of the source (NULL: command line) */
	const char *path;		/* the file being read, for relative includes; NULL otherwise */
	int depth;
};
int sgit_config_include_entry(struct config_load *load, const char *key, const char *value,
			      struct sgit_error *err);
/* Parse one file for an include (its own origin, the same scope). */
int sgit_config_load_file(struct config_load *parent, const char *path, struct sgit_error *err);
/* What include conditions read, as set by sgit_config_set_include_info (NULL when unset). */
const struct sgit_config_include_info *sgit_config_include_info(const struct sgit_config *cfg);

#endif
