/* include/sgit/pretty.h: commits shown as git log shows them (--pretty, --format, placeholders) */
#ifndef SGIT_PRETTY_H
#define SGIT_PRETTY_H

#include <stddef.h>
#include <stdint.h>
#include "buf.h"
#include "commit.h"
#include "config.h"
#include "date.h"
#include "decorate.h"
#include "errors.h"
#include "oid.h"

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

struct sgit_repo;

/* The built-in formats of git log --pretty=<name>, and user formats. */
enum sgit_pretty_format {
	SGIT_PRETTY_MEDIUM,	/* the default */
	SGIT_PRETTY_ONELINE,
	SGIT_PRETTY_SHORT,
	SGIT_PRETTY_FULL,
	SGIT_PRETTY_FULLER,
	SGIT_PRETTY_RAW,
	SGIT_PRETTY_EMAIL,
	SGIT_PRETTY_MBOXRD,	/* email, with "From " lines of the body quoted as ">From " */
	SGIT_PRETTY_USER,	/* format:, tformat:, a string with '%', reference, pretty.<alias> */
};

/* .mailmap: canonical names and e-mails (opaque; see sgit_mailmap_load). */
struct sgit_mailmap;

/*
 * One placeholder handler. ph points just after the '%' (at the name the
 * table matched, followed by the rest of the format). Append the expansion
 * to out and return how many bytes of ph were consumed (> 0); 0 leaves the
 * placeholder as literal text, as git does with unknown ones; < 0 is an
 * error (message in err).
 */
struct sgit_pretty_context;
typedef long (*sgit_pretty_placeholder_fn)(struct sgit_buf *out, struct sgit_pretty_context *ctx,
					   const char *ph, struct sgit_error *err);
struct sgit_pretty_placeholder {
	const char *name;	/* what follows '%' ("H", "an", "G?"); the longest match wins */
	sgit_pretty_placeholder_fn fn;
};

struct sgit_pretty_options {
	enum sgit_pretty_format format;
	const char *user_format;	/* SGIT_PRETTY_USER: the format string (borrowed) */
	/*
	 * 1: every entry is ended by the line terminator (oneline, tformat:,
	 * reference, a format with '%'); 0: entries are separated by it
	 * (medium... and format:). See sgit_pretty_before_entry().
	 */
	int use_terminator;
	int nul_termination;		/* -z: NUL instead of LF between entries */
	/* Columns of tab stops in the message (--expand-tabs); sgit_pretty_parse sets git's default. */
	int expand_tabs;
	struct sgit_date_mode date;	/* --date= (%ad, %cd, Date: lines) */
	int date_explicit;		/* --date was given: reference then keeps it */
	int64_t now;			/* the clock for relative dates (time(NULL) from the caller) */
	/*
	 * Abbreviation of %h %t %p and the "Merge:" line: -1 the repository's
	 * default (core.abbrev or git's estimate), 0 full ids (--no-abbrev),
	 * else at least that many digits (--abbrev=<n>). -1 asks the
	 * configuration for every id: a long walk resolves it once with
	 * sgit_repo_abbrev_len().
	 */
	int abbrev;
	int abbrev_commit;		/* --abbrev-commit: the header line's id abbreviated too */
	int color;			/* colour escapes wanted (resolved --color / color.ui) */
	const char *commit_color;	/* color.diff.commit; NULL: yellow "\033[33m" */
	/* Ref names for %d, %D and the header line; NULL: none (what git shows without loading them). */
	const struct sgit_decorations *decorations;
	int show_decorations;		/* --decorate: the header line shows them */
	struct sgit_decorate_style decorate_style;	/* full/short names; .color is taken from color */
	/*
	 * The parents to show (%P, %p, "Merge:", --parents) instead of the
	 * commit's own: the rewritten parents of path limiting or --graph.
	 * Used when use_parents is set (nparents may then be 0).
	 */
	int use_parents;
	const struct sgit_oid *parents;
	size_t nparents;
	int show_parents;		/* --parents: the header line lists the parents after the id */
	const struct sgit_oid *from_parent;	/* -m: " (from <id>)" on the header line, or NULL */
	/*
	 * %m: what git puts there ("<" or ">" for --left-right sides, "-"
	 * boundary, "^" uninteresting, "=" patch-same; ">" otherwise). NULL: ">".
	 */
	const char *mark;
	/*
	 * The mark written as "<mark> " before the id of the header line
	 * (--left-right, --boundary, --cherry-mark); NULL or "" for none, and
	 * always none with --graph (the graph shows it).
	 */
	const char *header_mark;
	/*
	 * With --graph: the columns of the current commit's graph prefix
	 * (git's graph_width()); %<|(n) and %>|(n) count them. Set per entry.
	 */
	int graph_width;
	int term_columns;		/* terminal width for %<|(-n); 0: 80 */
	/*
	 * --encoding=, else i18n.logOutputEncoding, else i18n.commitEncoding
	 * (git's choice, the caller's job); NULL: UTF-8. Messages are re-encoded
	 * from their "encoding" header through iconv as git does (raw shows
	 * the header renamed, or dropped for UTF-8); a message iconv cannot
	 * convert is shown as it is.
	 */
	const char *output_encoding;
	int use_mailmap;		/* log.mailmap / --use-mailmap: Author and Commit lines mapped */
	const struct sgit_mailmap *mailmap;	/* for %aN %aE %aL (and use_mailmap); NULL: none */
	const char *notes;		/* %N: the commit's notes; NULL: empty (no notes) */
	/* --source: the ref the walk reached the commit from, for %S and the header line; NULL: none */
	const char *source;
	const char *subject_prefix;	/* email: "PATCH" when NULL */
	/* Extra placeholders, looked up before the built-in table (the Signing issue's %G...). */
	const struct sgit_pretty_placeholder *extra;
	size_t nextra;
	void *extra_payload;		/* sgit_pretty_context_payload() */
	void (*extra_state_free)(void *state);	/* frees *sgit_pretty_context_state() after an entry */
};
#define SGIT_PRETTY_OPTIONS_INIT { .format = SGIT_PRETTY_MEDIUM, .expand_tabs = 8, \
	.date = SGIT_DATE_MODE_INIT, .abbrev = -1, .decorate_style = SGIT_DECORATE_STYLE_INIT }

/*
 * Apply --pretty=<spec> / --format=<spec> to opts as git does: "format:x"
 * (separator), "tformat:x" or any spec with a '%' or an empty one
 * (terminator), a built-in name (case-insensitive prefix, the shortest
 * name wins: "f" is full), "reference" (%C(auto)%h (%s, %ad) with short
 * dates unless opts->date_explicit), or a pretty.<name> alias from cfg (may
 * be NULL). Sets format, user_format (borrowed from spec or cfg),
 * use_terminator and expand_tabs. SGIT_EINVALID "invalid --pretty format: x".
 */
int sgit_pretty_parse(struct sgit_pretty_options *opts, const char *spec,
		      const struct sgit_config *cfg, struct sgit_error *err);

/* What a format needs loaded before formatting (as git decides what to load). */
enum sgit_pretty_needs {
	SGIT_PRETTY_NEEDS_DECORATIONS = 1,	/* %d %D */
	SGIT_PRETTY_NEEDS_MAILMAP = 2,		/* %aN %aE %aL %cN %cE %cL */
	SGIT_PRETTY_NEEDS_SIGNATURE = 4,	/* %G... */
	SGIT_PRETTY_NEEDS_NOTES = 8,		/* %N */
	SGIT_PRETTY_NEEDS_SOURCE = 16,		/* %S (git then tracks --source) */
};
/* The SGIT_PRETTY_NEEDS_* bits opts asks for; the caller loads those before formatting. */
unsigned sgit_pretty_needs(const struct sgit_pretty_options *opts);

/*
 * One entry as git log prints it, without what goes between entries:
 * sgit_pretty_format_header() then sgit_pretty_format_message().
 * out is replaced. c is the parsed commit whose id is id.
 */
int sgit_pretty_format_commit(struct sgit_buf *out, struct sgit_repo *repo, const struct sgit_oid *id,
			      const struct sgit_commit *c, const struct sgit_pretty_options *opts,
			      struct sgit_error *err);

/*
 * The line before the message (git's log-tree part): "commit <id>[ <parents>]
 * [ (from <id>)][ (<decorations>)]\n" for medium, short, full, fuller and
 * raw, coloured as git colours it; for oneline "<id>[...][ (<decorations>)] "
 * (no LF: the message follows on the same line); for email "From <id> Mon Sep
 * 17 00:00:00 2001\n"; nothing for user formats. out is replaced. With
 * --graph, git prints the graph before this line and graph padding before
 * each line of the message (and --show-signature output goes in between).
 */
int sgit_pretty_format_header(struct sgit_buf *out, struct sgit_repo *repo, const struct sgit_oid *id,
			      const struct sgit_commit *c, const struct sgit_pretty_options *opts,
			      struct sgit_error *err);

/*
 * The rest (git's pretty_print_commit): Merge/Author/Commit/Date lines and
 * the message indented by 4 spaces, ending with exactly one LF; the subject
 * and LF for oneline; the headers verbatim for raw; or the expanded user
 * format (no LF added). out is replaced.
 */
int sgit_pretty_format_message(struct sgit_buf *out, struct sgit_repo *repo, const struct sgit_oid *id,
			       const struct sgit_commit *c, const struct sgit_pretty_options *opts,
			       struct sgit_error *err);

/*
 * Framing between entries, as git log does it without --graph:
 *   for each commit: before_entry(first?), format_commit, after_entry.
 * before_entry appends the line terminator (LF, NUL with -z) before every
 * entry but the first when entries are separated (use_terminator 0);
 * after_entry appends it after every entry when they are terminated, unless
 * the format is empty ("--format=" prints nothing at all).
 * git log -p also prints "\n" between a non-oneline, non-empty entry and its
 * diff (that is the caller's). With --graph, git pads a separating LF with
 * the graph's padding line, except after an entry that did not end in LF.
 */
int sgit_pretty_before_entry(struct sgit_buf *out, const struct sgit_pretty_options *opts, int first);
int sgit_pretty_after_entry(struct sgit_buf *out, const struct sgit_pretty_options *opts);
/* 1 for the empty user format ("--format=", "--pretty=tformat:"). */
int sgit_pretty_is_empty(const struct sgit_pretty_options *opts);

/* ---- for placeholder handlers (extra tables) ---- */
struct sgit_repo *sgit_pretty_context_repo(struct sgit_pretty_context *ctx);
const struct sgit_oid *sgit_pretty_context_id(const struct sgit_pretty_context *ctx);
const struct sgit_commit *sgit_pretty_context_commit(const struct sgit_pretty_context *ctx);
const struct sgit_pretty_options *sgit_pretty_context_options(const struct sgit_pretty_context *ctx);
void *sgit_pretty_context_payload(const struct sgit_pretty_context *ctx);
/* 1 after %C(auto) when colour is wanted (placeholders then colour themselves). */
int sgit_pretty_context_auto_color(const struct sgit_pretty_context *ctx);
/*
 * A slot, NULL at the start of each entry, where handlers keep work shared
 * by several placeholders of the entry (one signature check for %G? and
 * %GS): computed on first use, freed by opts->extra_state_free.
 */
void **sgit_pretty_context_state(struct sgit_pretty_context *ctx);

/* ---- .mailmap ---- */
/*
 * Read the mailmap as git does: .mailmap at the top of the work tree,
 * mailmap.blob (HEAD:.mailmap by default in a bare repository), then
 * mailmap.file; missing ones are skipped. Free with sgit_mailmap_free().
 */
int sgit_mailmap_load(struct sgit_mailmap **out, struct sgit_repo *repo, struct sgit_error *err);
/* Parse mailmap lines (len bytes) into a new or existing map (*out NULL: new). */
int sgit_mailmap_add_buffer(struct sgit_mailmap **out, const char *data, size_t len,
			    struct sgit_error *err);
void sgit_mailmap_free(struct sgit_mailmap *mm);
/*
 * Map a person: *name and *email (with lengths) are replaced by borrowed strings
 * of mm when an entry matches (e-mail, then name, case-insensitive).
 * Returns 1 when mapped, 0 when not.
 */
int sgit_mailmap_map(const struct sgit_mailmap *mm, const char **email, size_t *email_len,
		     const char **name, size_t *name_len);

#pragma GCC visibility pop
#endif
