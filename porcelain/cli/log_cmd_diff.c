/* porcelain/cli/log_cmd_diff.c: the diff of a commit in log and show (-p, --stat, --name-only...) */
#include <stdlib.h>
#include <string.h>
#include "porcelain/cli/log_cmd.h"
#include "porcelain/cli/log_cmd_int.h"
#include "porcelain/cli/ref_cmd.h"
#include "util/quote.h"
#include "sgit/commit.h"
#include "sgit/revparse.h"

static int tree_of(struct sgit_oid *out, struct log_cmd *lc, const struct sgit_oid *commit)
{
	struct sgit_revparse_env env;

	cli_refcmd_revparse_env(&env, lc->ctx);
	if (sgit_revparse_peel(out, &env, commit, SGIT_OBJ_TREE) < 0)
		return cli_fatal_err(cli_err(lc->ctx));
	return 0;
}

int log_cmd_changes(struct log_cmd *lc, struct sgit_changes *out, const struct sgit_commit *c,
		    const struct sgit_oid *parent)
{
	const struct sgit_pathspec *ps = lc->full_diff || !lc->ps.nr ? NULL : &lc->ps;
	struct sgit_oid old_tree;
	int rc;

	if (parent && (rc = tree_of(&old_tree, lc, parent)))
		return rc;
	if (sgit_changes_tree_tree(out, lc->ctx->repo, parent ? &old_tree : NULL,
				   sgit_commit_tree_id(c), ps) < 0)
		return cli_fatal_err(cli_err(lc->ctx));
	return 0;
}

/*
 * The width of what --graph puts before the diff's lines, which --stat
 * leaves out of the terminal's width as git does. The graph is past the
 * commit's lines by then, so that asking for a padding line changes nothing.
 */
static unsigned int prefix_width(struct log_cmd *lc)
{
	size_t len;

	if (!lc->graph_state || !sgit_graph_is_commit_finished(lc->graph_state))
		return 0;
	sgit_buf_truncate(&lc->tmp, 0);
	if (sgit_graph_padding_line(lc->graph_state, &lc->tmp) < 0)
		return 0;
	len = lc->tmp.len;
	sgit_buf_truncate(&lc->tmp, 0);
	return (unsigned int)len;
}

int log_cmd_render(struct log_cmd *lc, const struct sgit_changes *changes, unsigned int format)
{
	struct sgit_diff_output_options o = lc->diff;
	unsigned int prefix = prefix_width(lc);

	o.format = format;
	o.color = lc->pretty.color;
	if (lc->stat_width < 0 && prefix && o.stat_width > prefix)
		o.stat_width -= prefix;
	sgit_buf_truncate(&lc->diffbuf, 0);
	if (sgit_diff_output(lc->ctx->repo, changes, &o, sgit_diff_write_buf, &lc->diffbuf) != 0)
		return cli_fatal_err(cli_err(lc->ctx));
	return 0;
}

static void release_lists(struct sgit_changes *lists, size_t n)
{
	size_t i;

	for (i = 0; lists && i < n; i++)
		sgit_changes_release(&lists[i]);
	free(lists);
}

/* The paths of lists[0] that every parent's list has too: what a combined diff shows. */
static int in_all(const struct sgit_changes *lists, size_t n, const char *path)
{
	size_t i;

	for (i = 1; i < n; i++)
		if (!sgit_changes_find(&lists[i], path))
			return 0;
	return 1;
}

/* --name-only, --name-status: the path, after a status letter per parent for the latter. */
static int add_names(struct sgit_buf *out, struct log_cmd *lc, const struct sgit_changes *lists,
		     size_t n)
{
	size_t i, k;

	for (i = 0; i < lists[0].nr; i++) {
		const char *path = lists[0].items[i].path;

		if (!in_all(lists, n, path))
			continue;
		for (k = 0; (lc->diff.format & SGIT_DIFF_FORMAT_NAME_STATUS) && k < n; k++)
			if (sgit_buf_addch(out, sgit_changes_find(&lists[k], path)->status) < 0)
				return cli_fatal("out of memory");
		if ((lc->diff.format & SGIT_DIFF_FORMAT_NAME_STATUS) && sgit_buf_addch(out, '\t') < 0)
			return cli_fatal("out of memory");
		if (sgit_quote_c_style_add(out, path, strlen(path), lc->diff.quote_path) < 0 ||
		    sgit_buf_addch(out, '\n') < 0)
			return cli_fatal("out of memory");
	}
	return 0;
}

static int add_patches(struct sgit_buf *out, struct log_cmd *lc, const struct sgit_changes *lists,
		       size_t n, int dense)
{
	struct combined_side *sides = calloc(n + 1, sizeof(*sides));
	size_t i, k;
	int rc = 0;

	if (!sides)
		return cli_fatal("out of memory");
	for (i = 0; i < lists[0].nr && !rc; i++) {
		const struct sgit_change *ch = &lists[0].items[i];

		if (!in_all(lists, n, ch->path))
			continue;
		for (k = 0; k < n; k++) {
			const struct sgit_change *pc = sgit_changes_find(&lists[k], ch->path);

			sides[k].mode = pc->old_mode;
			sides[k].id = pc->old_id;
			sides[k].status = pc->status;
		}
		sides[n].mode = ch->new_mode;
		sides[n].id = ch->new_id;
		if (log_cmd_combined_path(out, lc, ch->path, sides, n, dense) < 0)
			rc = cli_fatal_err(cli_err(lc->ctx));
	}
	free(sides);
	return rc;
}

/*
 * A merge as show and -c/--cc show it: the paths that differ from every
 * parent, by name, or the stat against the first parent (git does the
 * same), then their combined diff after a blank line.
 */
static int render_combined(struct log_cmd *lc, const struct sgit_commit *c, int dense)
{
	unsigned int stats = SGIT_DIFF_FORMAT_STAT | SGIT_DIFF_FORMAT_NUMSTAT |
			     SGIT_DIFF_FORMAT_SHORTSTAT | SGIT_DIFF_FORMAT_SUMMARY;
	unsigned int names = SGIT_DIFF_FORMAT_NAME_ONLY | SGIT_DIFF_FORMAT_NAME_STATUS;
	size_t i, n = sgit_commit_parent_count(c);
	struct sgit_changes *lists = calloc(n, sizeof(*lists));
	struct sgit_buf out = SGIT_BUF_INIT;
	int rc = 0, sep = 0;

	if (!lists)
		return cli_fatal("out of memory");
	for (i = 0; i < n && !rc; i++)
		rc = log_cmd_changes(lc, &lists[i], c, sgit_commit_parent_id(c, i));
	if (!rc && (lc->diff.format & names)) {
		rc = add_names(&out, lc, lists, n);
		sep = 1;
	} else if (!rc && (lc->diff.format & stats)) {
		if (!(rc = log_cmd_render(lc, &lists[0], lc->diff.format & stats)) &&
		    sgit_buf_addbuf(&out, &lc->diffbuf) < 0)
			rc = cli_fatal("out of memory");
		sep = 1;
	}
	if (!rc && (lc->diff.format & SGIT_DIFF_FORMAT_PATCH) && !(lc->diff.format & names)) {
		/* the blank line comes only when some path differs from every parent */
		for (i = 0; sep && i < lists[0].nr && !in_all(lists, n, lists[0].items[i].path); i++)
			;
		if (sep && i < lists[0].nr && sgit_buf_addch(&out, '\n') < 0)
			rc = cli_fatal("out of memory");
		if (!rc)
			rc = add_patches(&out, lc, lists, n, dense);
	}
	sgit_buf_swap(&out, &lc->diffbuf);
	sgit_buf_release(&out);
	release_lists(lists, n);
	return rc;
}

int log_cmd_diff_commit(struct log_cmd *lc, const struct sgit_commit *c, enum log_diff_shown *shown)
{
	size_t n = sgit_commit_parent_count(c);
	int rc;

	*shown = LOG_DIFF_NONE;
	if (!lc->diff.format)
		return 0;
	if (n > 1 && !lc->walk.first_parent && lc->diff_merges != LOG_DIFF_MERGES_FIRST_PARENT) {
		if (lc->diff_merges == LOG_DIFF_MERGES_OFF)
			return 0;
		*shown = LOG_DIFF_COMBINED;
		return render_combined(lc, c, lc->diff_merges != LOG_DIFF_MERGES_COMBINED);
	}
	if ((rc = log_cmd_changes(lc, &lc->changes, c, n ? sgit_commit_parent_id(c, 0) : NULL)))
		return rc;
	if (lc->changes.nr)
		*shown = LOG_DIFF_LATER;
	return 0;
}
