/* porcelain/cli/cmd_ls_files.c: sgit ls-files: what the index holds, and how the work tree differs */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "porcelain/cli/index_cmd.h"
#include "porcelain/cli/ls_files.h"
#include "porcelain/cli/pathspec_arg.h"
#include "util/fs.h"
#include "util/quote.h"
#include "util/wildmatch.h"

static const char *const ls_files_usage[] = {
	"sgit ls-files [<options>] [<file>...]",
	NULL,
};

static int has_glob(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (s[i] == '*' || s[i] == '?' || s[i] == '[' || s[i] == '\\')
			return 1;
	return 0;
}

enum { NO_MATCH, MATCHED, MATCHED_EXACTLY };

/* git's plain pathspec: the path itself, a folder above it, or a glob ('*' crosses '/'). */
static int item_matches(const char *item, const char *path, size_t len, int is_dir)
{
	size_t n = strlen(item);

	if (!n)
		return MATCHED;
	if (len == n && !memcmp(path, item, n))
		return MATCHED_EXACTLY;
	if (item[n - 1] == '/') {
		if ((len >= n && !memcmp(path, item, n)) || (is_dir && len == n - 1 && !memcmp(path, item, len)))
			return MATCHED;
	} else if (len > n && !memcmp(path, item, n) && path[n] == '/') {
		return MATCHED;
	}
	return has_glob(item, n) && sgit_wildmatch(item, path, 0) ? MATCHED : NO_MATCH;
}

/*
 * As git, an item that named a path exactly is used up: with
 * --error-unmatch, "ls-files f" shows the first stage of a conflict only.
 */
int ls_pathspec_match(struct ls_ctx *lc, const char *path, size_t len, int is_dir)
{
	size_t i;
	int any = 0, how;

	if (!lc->nitems)
		return 1;
	for (i = 0; i < lc->nitems; i++) {
		if (lc->matched && lc->matched[i] == MATCHED_EXACTLY)
			continue;
		if (!(how = item_matches(lc->items[i], path, len, is_dir)))
			continue;
		any = 1;
		if (lc->matched && lc->matched[i] < how)
			lc->matched[i] = (char)how;
	}
	return any;
}

/* path as seen from the current folder: "../" for each folder of the prefix it is not under. */
static void add_relative(struct sgit_buf *out, const char *path, size_t len, const char *prefix)
{
	size_t i = 0, common = 0;

	while (prefix[i] && i < len && path[i] == prefix[i]) {
		if (prefix[i] == '/')
			common = i + 1;
		i++;
	}
	for (i = common; prefix[i]; i++)
		if (prefix[i] == '/')
			sgit_buf_adds(out, "../");
	sgit_buf_add(out, path + common, len - common);
}

void ls_write_name(struct ls_ctx *lc, const char *tag, const char *path, size_t len)
{
	struct sgit_buf *rel = &lc->rel;

	sgit_buf_reset(&lc->line);
	sgit_buf_adds(&lc->line, tag);
	sgit_buf_reset(rel);
	if (lc->o->full_name || !*lc->prefix)
		sgit_buf_add(rel, path, len);
	else
		add_relative(rel, path, len, lc->prefix);
	if (lc->o->zero)
		sgit_buf_add(&lc->line, rel->ptr, rel->len);
	else
		sgit_quote_c_style_add(&lc->line, rel->ptr, rel->len, lc->quote_high);
	sgit_buf_addch(&lc->line, lc->o->zero ? '\0' : '\n');
	fwrite(lc->line.ptr, 1, lc->line.len, stdout);
}

static const char *hex_of(struct ls_ctx *lc, char *hex, const struct sgit_oid *id)
{
	if (lc->abbrev >= SGIT_OID_HEXSZ)
		return sgit_oid_tohex(hex, id);
	sgit_odb_shortest_unique(hex, sgit_repo_odb(lc->ctx->repo), id, lc->abbrev);
	return hex;
}

/* The in-memory flags git shows with --debug. */
static unsigned int debug_flags(const struct sgit_index_entry *e)
{
	return (e->flags & SGIT_INDEX_ASSUME_VALID ? 0x8000u : 0) | e->stage << 12 |
	       (e->flags & (SGIT_INDEX_SKIP_WORKTREE | SGIT_INDEX_INTENT_TO_ADD) ? 0x4000u : 0) |
	       (e->flags & SGIT_INDEX_SKIP_WORKTREE ? 1u << 30 : 0) |
	       (e->flags & SGIT_INDEX_INTENT_TO_ADD ? 1u << 29 : 0);
}

static void show_ce(struct ls_ctx *lc, const struct sgit_index_entry *e, const char *tag)
{
	char hex[SGIT_OID_HEXSZ + 1], lower[3];

	if (!ls_pathspec_match(lc, e->path, e->path_len, (e->mode & 0170000) == 0160000))
		return;
	if (lc->o->valid_bit && (e->flags & SGIT_INDEX_ASSUME_VALID) && tag[0]) {
		lower[0] = (char)(tag[0] | 0x20);
		lower[1] = tag[1];
		lower[2] = '\0';
		tag = lower;
	}
	if (lc->o->stage) {
		printf("%s%06o %s %u\t", tag, e->mode, hex_of(lc, hex, &e->id), e->stage);
		tag = "";
	}
	ls_write_name(lc, tag, e->path, e->path_len);
	if (lc->o->debug)
		printf("  ctime: %u:%u\n  mtime: %u:%u\n  dev: %u\tino: %u\n  uid: %u\tgid: %u\n"
		       "  size: %u\tflags: %x\n", e->ctime.sec, e->ctime.nsec, e->mtime.sec, e->mtime.nsec,
		       e->dev, e->ino, e->uid, e->gid, e->size, debug_flags(e));
}

/* -d and -m for one entry: 1 when it was shown (for --deduplicate). */
static int show_worktree_state(struct ls_ctx *lc, const struct sgit_index_entry *e, struct sgit_buf *full)
{
	unsigned int changed = 0;
	struct stat st;
	int err;

	sgit_buf_printf(full, "%s/%s", lc->wt, e->path);
	err = lstat(full->ptr, &st) < 0 ? errno : 0;
	if (err && err != ENOENT && err != ENOTDIR)
		cli_error("cannot lstat '%s': %s", e->path, strerror(err));
	if (err && lc->o->deleted) {
		show_ce(lc, e, lc->tag_removed);
		if (lc->o->deduplicate)
			return 1;
	}
	if (lc->o->modified && !err && sgit_index_entry_modified(&changed, lc->idx, e, &st) < 0)
		changed = SGIT_INDEX_DATA_CHANGED;
	if (lc->o->modified && (err || changed)) {
		show_ce(lc, e, lc->tag_modified);
		return 1;
	}
	return 0;
}

/* 1 when -i asks only for ignored files and this entry is not one. */
static int not_ignored(struct ls_ctx *lc, const struct sgit_index_entry *e)
{
	return lc->o->ignored && lc->ign &&
	       sgit_ignore_is_ignored(lc->ign, e->path, (e->mode & 0170000) == 0160000) != 1;
}

static void show_files(struct ls_ctx *lc)
{
	struct sgit_buf full = SGIT_BUF_INIT;
	size_t i, n = sgit_index_count(lc->idx);
	const struct ls_opts *o = lc->o;

	for (i = 0; i < n; i++) {
		const struct sgit_index_entry *e = sgit_index_entry_at(lc->idx, i);
		int shown = 0;

		if (not_ignored(lc, e))
			continue;
		if ((o->cached || o->stage) && (!o->unmerged || e->stage)) {
			show_ce(lc, e, e->stage ? lc->tag_unmerged :
				e->flags & SGIT_INDEX_SKIP_WORKTREE ? lc->tag_skip_worktree : lc->tag_cached);
			shown = 1;
		}
		if (!(shown && o->deduplicate) && (o->deleted || o->modified) &&
		    !(e->flags & SGIT_INDEX_SKIP_WORKTREE))
			shown = show_worktree_state(lc, e, &full);
		/* --deduplicate: one line per path, whatever its stages */
		while (shown && o->deduplicate && i + 1 < n &&
		       !strcmp(sgit_index_entry_at(lc->idx, i + 1)->path, e->path))
			i++;
	}
	sgit_buf_release(&full);
}

static void show_resolve_undo(struct ls_ctx *lc)
{
	size_t i, n = sgit_index_reuc_count(lc->idx);
	char hex[SGIT_OID_HEXSZ + 1];
	int k;

	for (i = 0; i < n; i++) {
		const struct sgit_index_reuc *r = sgit_index_reuc_at(lc->idx, i);

		if (!ls_pathspec_match(lc, r->path, strlen(r->path), 0))
			continue;
		for (k = 0; k < 3; k++) {
			if (!r->mode[k])
				continue;
			printf("%s%06o %s %d\t", lc->tag_resolve_undo, r->mode[k], hex_of(lc, hex, &r->id[k]),
			       k + 1);
			ls_write_name(lc, "", r->path, strlen(r->path));
		}
	}
}

static int report_unmatched(struct ls_ctx *lc, const char **argv)
{
	size_t i;
	int bad = 0;

	for (i = 0; i < lc->nitems; i++) {
		if (lc->matched[i])
			continue;
		cli_error("pathspec '%s' did not match any file(s) known to git", argv[i]);
		bad = 1;
	}
	if (bad)
		fputs("Did you forget to 'git add'?\n", stderr);
	return bad;
}

static void set_tags(struct ls_ctx *lc)
{
	int tagged = lc->o->tag || lc->o->valid_bit || lc->o->fsmonitor_bit;

	lc->tag_cached = tagged ? "H " : "";
	lc->tag_unmerged = tagged ? "M " : "";
	lc->tag_removed = tagged ? "R " : "";
	lc->tag_modified = tagged ? "C " : "";
	lc->tag_other = tagged ? "? " : "";
	lc->tag_skip_worktree = tagged ? "S " : "";
	lc->tag_resolve_undo = tagged ? "U " : "";
}

/* The pathspec from the top; without arguments below the top, the current folder. Exit code. */
static int setup_pathspec(struct ls_ctx *lc, int argc, const char **argv)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	int i, rc = 0;

	if (!argc && !*lc->prefix)
		return 0;
	lc->items = calloc((size_t)(argc ? argc : 1), sizeof(*lc->items));
	if (!lc->items)
		return cli_fatal("out of memory");
	if (!argc) {
		lc->items[lc->nitems++] = strdup(lc->prefix);
		return 0;
	}
	for (i = 0; !rc && i < argc; i++)
		if (!(rc = cli_pathspec_path(&path, lc->ctx, argv[i])))
			lc->items[lc->nitems++] = sgit_buf_detach(&path, NULL);
	if (!rc && lc->o->error_unmatch && !(lc->matched = calloc((size_t)argc, 1)))
		rc = cli_fatal("out of memory");
	sgit_buf_release(&path);
	return rc;
}

static void warn_ignore(const char *msg, void *payload)
{
	(void)payload;
	cli_warning("%s", msg);
}

/* Options sgit does not have, and the combinations git refuses. Exit code. */
static int check_opts(struct ls_opts *o)
{
	if (o->killed || o->with_tree || o->format || o->eol || o->recurse_submodules ||
	    o->exclude.nr || o->exclude_from.nr || o->exclude_per_dir.nr)
		return cli_fatal("ls-files: %s is not supported yet",
				 o->killed ? "-k" : o->with_tree ? "--with-tree" : o->format ? "--format" :
				 o->eol ? "--eol" : o->recurse_submodules ? "--recurse-submodules" :
				 "-x/-X/--exclude-per-directory");
	if (o->ignored && !o->others && !o->cached)
		return cli_fatal("ls-files -i must be used with either -o or -c");
	if (o->ignored && !o->exclude_standard)
		return cli_fatal("ls-files --ignored needs some exclude pattern");
	if (!(o->stage || o->deleted || o->others || o->unmerged || o->modified || o->resolve_undo))
		o->cached = 1;
	if (o->unmerged)
		o->stage = 1;
	/* git shows every stage when it shows stages or tags */
	if (o->stage || o->tag || o->valid_bit || o->fsmonitor_bit)
		o->deduplicate = 0;
	return 0;
}

static int setup(struct ls_ctx *lc, int argc, const char **argv)
{
	struct ls_opts *o = lc->o;
	int rc;

	if ((rc = check_opts(o)))
		return rc;
	lc->wt = sgit_repo_work_tree(lc->ctx->repo);
	lc->prefix = sgit_repo_prefix(lc->ctx->repo);
	if (!lc->wt && (o->others || o->modified || o->deleted || o->exclude_standard))
		return cli_fatal("this operation must be run in a work tree");
	if (sgit_config_get_bool(&lc->quote_high, sgit_repo_config(lc->ctx->repo), "core.quotepath", NULL) < 0)
		lc->quote_high = 1;
	lc->abbrev = SGIT_OID_HEXSZ;
	if (o->abbrev) {
		long n = *o->abbrev ? strtol(o->abbrev, NULL, 10) : 0;

		lc->abbrev = !*o->abbrev ? sgit_repo_abbrev_len(lc->ctx->repo) : n < 4 ? 4 :
			     n > SGIT_OID_HEXSZ ? SGIT_OID_HEXSZ : (size_t)n;
	}
	set_tags(lc);
	if (o->exclude_standard && sgit_ignore_new_for_repo(&lc->ign, lc->ctx->repo, warn_ignore, NULL) < 0)
		return cli_fatal_err(cli_err(lc->ctx));
	if ((rc = setup_pathspec(lc, argc, argv)))
		return rc;
	return cli_index_open(&lc->idx, lc->ctx, 0);
}

int cmd_ls_files(int argc, const char **argv, struct cli_ctx *ctx)
{
	struct ls_opts o;
	struct ls_ctx lc;
	size_t i;
	int rc;
	const struct cli_option opts[] = {
		CLI_BOOL('z', NULL, &o.zero, "separate paths with the NUL character"),
		CLI_BOOL('t', NULL, &o.tag, "identify the file status with tags"),
		CLI_BOOL('v', NULL, &o.valid_bit, "use lowercase letters for 'assume unchanged' files"),
		CLI_BOOL('f', NULL, &o.fsmonitor_bit, "use lowercase letters for 'fsmonitor clean' files"),
		CLI_BOOL('c', "cached", &o.cached, "show cached files in the output (default)"),
		CLI_BOOL('d', "deleted", &o.deleted, "show deleted files in the output"),
		CLI_BOOL('m', "modified", &o.modified, "show modified files in the output"),
		CLI_BOOL('o', "others", &o.others, "show other files in the output"),
		CLI_BOOL('i', "ignored", &o.ignored, "show ignored files in the output"),
		CLI_BOOL('s', "stage", &o.stage, "show staged contents' object name in the output"),
		CLI_BOOL('k', "killed", &o.killed, "show files on the filesystem that need to be removed"),
		CLI_BOOL(0, "directory", &o.directory, "show 'other' directories' names only"),
		CLI_BOOL(0, "eol", &o.eol, "show line endings of files"),
		/* git's spelling: --no-empty-directory hides them */
		CLI_BOOL(0, "empty-directory", &o.empty_dir, "don't show empty directories"),
		CLI_BOOL('u', "unmerged", &o.unmerged, "show unmerged files in the output"),
		CLI_BOOL(0, "resolve-undo", &o.resolve_undo, "show resolve-undo information"),
		CLI_STRING_LIST('x', "exclude", &o.exclude, "pattern", "skip files matching pattern"),
		CLI_STRING_LIST('X', "exclude-from", &o.exclude_from, "file",
				"read exclude patterns from <file>"),
		CLI_STRING_LIST(0, "exclude-per-directory", &o.exclude_per_dir, "file",
				"read additional per-directory exclude patterns in <file>"),
		CLI_BOOL(0, "exclude-standard", &o.exclude_standard, "add the standard git exclusions"),
		CLI_BOOL(0, "full-name", &o.full_name, "make the output relative to the project top directory"),
		CLI_BOOL(0, "recurse-submodules", &o.recurse_submodules, "recurse through submodules"),
		CLI_BOOL(0, "error-unmatch", &o.error_unmatch,
			 "if any <file> is not in the index, treat this as an error"),
		CLI_STRING(0, "with-tree", &o.with_tree, "tree-ish",
			   "pretend that paths removed since <tree-ish> are still present"),
		CLI_STRING_OPTARG(0, "abbrev", &o.abbrev, "n", "use <n> digits to display object names", ""),
		CLI_BOOL(0, "debug", &o.debug, "show debugging data"),
		CLI_BOOL(0, "deduplicate", &o.deduplicate, "suppress duplicate entries"),
		CLI_BOOL(0, "sparse", &o.sparse, "show sparse directories in the presence of a sparse index"),
		CLI_STRING(0, "format", &o.format, "format", "format to use for the output"),
		CLI_END,
	};

	memset(&o, 0, sizeof(o));
	o.empty_dir = 1;
	memset(&lc, 0, sizeof(lc));
	lc.ctx = ctx;
	lc.o = &o;
	sgit_buf_init(&lc.line);
	sgit_buf_init(&lc.rel);
	argc = cli_parse_options(argc, argv, opts, ls_files_usage, 0);
	if (!(rc = setup(&lc, argc, argv))) {
		if (o.others)
			rc = ls_show_others(&lc);
		if (!rc && (o.cached || o.stage || o.deleted || o.modified))
			show_files(&lc);
		if (!rc && o.resolve_undo)
			show_resolve_undo(&lc);
		if (!rc && lc.matched)
			rc = report_unmatched(&lc, argv);
	}
	for (i = 0; i < lc.nitems; i++)
		free(lc.items[i]);
	free(lc.items);
	free(lc.matched);
	sgit_ignore_free(lc.ign);
	sgit_index_free(lc.idx);
	sgit_buf_release(&lc.line);
	sgit_buf_release(&lc.rel);
	cli_strlist_clear(&o.exclude);
	cli_strlist_clear(&o.exclude_from);
	cli_strlist_clear(&o.exclude_per_dir);
	return rc;
}
