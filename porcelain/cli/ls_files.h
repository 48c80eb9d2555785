/* porcelain/cli/ls_files.h: what the parts of ls-files share: options, pathspec, output */
#ifndef SGIT_CLI_LS_FILES_H
#define SGIT_CLI_LS_FILES_H

#include "porcelain/cli/cli.h"
#include "sgit/ignore.h"
#include "sgit/index.h"

struct ls_opts {
	int cached, deleted, modified, others, ignored, stage, killed, directory, empty_dir;
	int unmerged, resolve_undo, exclude_standard, full_name, error_unmatch, deduplicate;
	int tag, valid_bit, fsmonitor_bit, zero, debug, eol, recurse_submodules, sparse;
	const char *abbrev, *with_tree, *format;
	struct cli_strlist exclude, exclude_from, exclude_per_dir;
};

struct ls_ctx {
	struct cli_ctx *ctx;
	struct ls_opts *o;
	struct sgit_index *idx;
	const char *wt;			/* the top of the work tree, or NULL */
	const char *prefix;		/* the current folder from the top: "" or "a/b/" */
	char **items;			/* pathspec, from the top; an implicit prefix is one item */
	size_t nitems;
	char *matched;			/* per item: something was shown (--error-unmatch) */
	int quote_high;			/* core.quotePath */
	size_t abbrev;			/* digits of ids (SGIT_OID_HEXSZ: all) */
	struct sgit_ignore *ign;	/* NULL: nothing is excluded */
	struct sgit_buf line, rel;	/* output, reused */
	const char *tag_cached, *tag_unmerged, *tag_removed, *tag_other, *tag_modified;
	const char *tag_skip_worktree, *tag_resolve_undo;
};

/* 1 when path (from the top) is in the pathspec; marks the items that match it. */
int ls_pathspec_match(struct ls_ctx *lc, const char *path, size_t len, int is_dir);
/* Print tag then path (relative to the current folder unless --full-name, quoted unless -z). */
void ls_write_name(struct ls_ctx *lc, const char *tag, const char *path, size_t len);
/* -o: the untracked files (and with --directory folders) of the work tree, sorted. Exit code. */
int ls_show_others(struct ls_ctx *lc);

#endif
