/* porcelain/cli/log_cmd_out.c: the output loop of log: entries, graph, diffs and what goes between */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "porcelain/cli/log_cmd.h"
#include "porcelain/cli/log_cmd_int.h"
#include "sgit/commit.h"
#include "sgit/signature.h"
#include "util/color.h"

/* Big enough that a long log is a few hundred writes, small enough to stream. */
#define LOG_FLUSH_AT (64 * 1024)

int log_cmd_flush(struct log_cmd *lc, int force)
{
	if (!lc->out.len || (!force && !lc->flush_each && lc->out.len < LOG_FLUSH_AT))
		return 0;
	if (fwrite(lc->out.ptr, 1, lc->out.len, stdout) != lc->out.len)
		return cli_fatal("unable to write to standard output: %s", strerror(errno));
	sgit_buf_truncate(&lc->out, 0);
	if ((force || lc->flush_each) && fflush(stdout))
		return cli_fatal("unable to write to standard output: %s", strerror(errno));
	return 0;
}

static int oom(void)
{
	return cli_fatal("out of memory");
}

int log_cmd_warn_rename_limit(struct log_cmd *lc)
{
	int rc = log_cmd_flush(lc, 1);

	if (rc || !lc->needed_rename_limit)
		return rc;
	cli_warning("exhaustive rename detection was skipped due to too many files.");
	cli_warning("you may want to set your diff.renameLimit variable to at least %zu and retry the command.",
		    lc->needed_rename_limit);
	lc->needed_rename_limit = 0;
	return 0;
}

static char terminator(const struct log_cmd *lc)
{
	return lc->pretty.nul_termination ? '\0' : '\n';
}

/*
 * One block of --show-signature: its messages to stderr, its lines into the
 * entry, each in git's colour (cyan when good, red background when not).
 */
static int add_sigblock(const struct sgit_sigblock *b, void *data)
{
	struct log_cmd *lc = data;
	const char *p = b->text.ptr, *end = p + b->text.len, *eol;
	const char *color = b->bad ? "\033[41m" : "\033[36m";

	if (b->diag.len) {
		fflush(stdout);
		fwrite(b->diag.ptr, 1, b->diag.len, stderr);
	}
	for (; p < end; p = eol + (eol < end)) {
		if (!(eol = memchr(p, '\n', (size_t)(end - p))))
			eol = end;
		if ((lc->pretty.color && sgit_buf_adds(&lc->entry, color) < 0) ||
		    sgit_buf_add(&lc->entry, p, (size_t)(eol - p)) < 0 ||
		    (lc->pretty.color && sgit_buf_adds(&lc->entry, SGIT_COLOR_RESET) < 0) ||
		    (eol < end && sgit_buf_addch(&lc->entry, '\n') < 0))
			return SGIT_ENOMEM;
	}
	return 0;
}

/*
 * The header line, the --show-signature blocks and the message: entry gets
 * them all; missing_newline is about the message.
 */
static int format_entry(struct log_cmd *lc, const struct sgit_oid *id, const struct sgit_commit *c)
{
	struct sgit_repo *repo = lc->ctx->repo;
	struct sgit_error *err = cli_err(lc->ctx);
	int rc;

	if (sgit_pretty_format_header(&lc->entry, repo, id, c, &lc->pretty, err) < 0)
		return cli_fatal_err(err);
	if (lc->show_signature && (rc = sgit_signature_show(c, &lc->gpg, add_sigblock, lc, err)) != 0)
		return rc == SGIT_ENOMEM ? oom() : cli_fatal_err(err);
	if (sgit_pretty_format_message(&lc->tmp, repo, id, c, &lc->pretty, err) < 0)
		return cli_fatal_err(err);
	lc->missing_newline = !lc->tmp.len || lc->tmp.ptr[lc->tmp.len - 1] != '\n';
	/* the header goes in front of a longer message, not a long message behind it */
	if (lc->tmp.len > lc->entry.len) {
		size_t h = lc->entry.len;

		if (sgit_buf_grow(&lc->tmp, h) < 0)
			return oom();
		memmove(lc->tmp.ptr + h, lc->tmp.ptr, lc->tmp.len + 1);
		memcpy(lc->tmp.ptr, lc->entry.ptr, h);
		sgit_buf_setlen(&lc->tmp, lc->tmp.len + h);
		sgit_buf_swap(&lc->entry, &lc->tmp);
		return 0;
	}
	return sgit_buf_addbuf(&lc->entry, &lc->tmp) < 0 ? oom() : 0;
}

static int add_padding(struct log_cmd *lc)
{
	return sgit_graph_padding_line(lc->graph_state, &lc->out) < 0 ? oom() : 0;
}

/*
 * One entry without --graph: the separator or terminator around it, as git
 * frames entries. A large entry (a commit message of many megabytes) goes
 * out as it is rather than copied into the output buffer first.
 */
static int emit_plain(struct log_cmd *lc)
{
	int rc;

	if (sgit_pretty_before_entry(&lc->out, &lc->pretty, !lc->shown_one) < 0)
		return oom();
	if (lc->entry.len >= LOG_FLUSH_AT) {
		if ((rc = log_cmd_flush(lc, 0)) != 0 || (lc->out.len && (rc = log_cmd_flush(lc, 1))))
			return rc;
		if (fwrite(lc->entry.ptr, 1, lc->entry.len, stdout) != lc->entry.len)
			return cli_fatal("unable to write to standard output: %s", strerror(errno));
	} else if (sgit_buf_addbuf(&lc->out, &lc->entry) < 0) {
		return oom();
	}
	return sgit_pretty_after_entry(&lc->out, &lc->pretty) < 0 ? oom() : 0;
}

/*
 * One entry with --graph: a separating newline is padded with the graph
 * (unless the last entry did not end its line), the graph runs up to the
 * commit line, the entry's lines get graph prefixes, and a terminator after
 * a message that ended its line is padded too.
 */
static int emit_graph(struct log_cmd *lc, int prev_missing_newline)
{
	struct sgit_graph *g = lc->graph_state;
	int rc = 0;

	if (lc->shown_one && !lc->pretty.use_terminator) {
		if (!lc->pretty.nul_termination && !prev_missing_newline && (rc = add_padding(lc)))
			return rc;
		if (sgit_buf_addch(&lc->out, terminator(lc)) < 0)
			return oom();
	}
	if (sgit_graph_add_commit_start(g, &lc->out) < 0 ||
	    sgit_graph_add_msg(g, &lc->out, lc->entry.ptr, lc->entry.len) < 0)
		return oom();
	if (lc->pretty.use_terminator && !sgit_pretty_is_empty(&lc->pretty)) {
		if (!lc->missing_newline && (rc = add_padding(lc)))
			return rc;
		if (sgit_buf_addch(&lc->out, terminator(lc)) < 0)
			return oom();
	}
	return 0;
}

/*
 * The diff after its entry: a line between them ("---" when both a stat and
 * a patch follow) unless the entry is one line or empty, then the diff; with
 * --graph every line gets the graph's padding in front. A merge's combined
 * output always gets the line (git prints it before looking at the paths).
 */
static int emit_diff(struct log_cmd *lc, enum log_diff_shown shown)
{
	unsigned int both = SGIT_DIFF_FORMAT_PATCH | SGIT_DIFF_FORMAT_STAT;
	/* the graph prefixes every line, so then the text gathers aside first */
	struct sgit_buf *text = lc->graph_state ? &lc->tmp : &lc->out;
	int rc, empty = sgit_pretty_is_empty(&lc->pretty);

	if (shown == LOG_DIFF_LATER && (rc = log_cmd_render(lc, &lc->changes, lc->diff.format)))
		return rc;
	if (lc->graph_state)
		sgit_buf_truncate(text, 0);
	if (shown == LOG_DIFF_COMBINED && !empty && sgit_buf_addch(text, '\n') < 0)
		return oom();
	if (shown == LOG_DIFF_LATER && lc->pretty.format != SGIT_PRETTY_ONELINE && !empty) {
		if ((lc->diff.format & both) == both && sgit_buf_adds(text, "---") < 0)
			return oom();
		if (sgit_buf_addch(text, '\n') < 0)
			return oom();
	}
	if (sgit_buf_addbuf(text, &lc->diffbuf) < 0)
		return oom();
	if (!lc->graph_state)
		return 0;
	return sgit_graph_add_prefixed(lc->graph_state, &lc->out, text->ptr, text->len) < 0 ? oom() : 0;
}

/* The entry of one commit (with from_parent for -m), and its diff when there is one. */
static int emit(struct log_cmd *lc, const struct sgit_oid *id, const struct sgit_commit *c,
		const struct sgit_oid *from_parent, enum log_diff_shown shown)
{
	int prev_missing = lc->missing_newline, rc;

	lc->pretty.from_parent = from_parent;
	if ((rc = format_entry(lc, id, c)))
		return rc;
	rc = lc->graph_state ? emit_graph(lc, prev_missing) : emit_plain(lc);
	lc->shown_one = 1;
	if (!rc && shown != LOG_DIFF_NONE)
		rc = emit_diff(lc, shown);
	return rc;
}

int log_cmd_set_mark(struct log_cmd *lc, const struct sgit_oid *id)
{
	const char *mark = log_cmd_revision_mark(lc);

	/* %m: git asks without --left-right, so the sides always show */
	if (lc->walker && sgit_revwalk_is_boundary(lc->walker))
		lc->pretty.mark = "-";
	else
		lc->pretty.mark = lc->walker && sgit_revwalk_is_left(lc->walker) ? "<" : ">";
	lc->pretty.header_mark = lc->graph_state || !*mark ? NULL : mark;
	return 0;
}

/* -m: an entry per parent whose diff is not empty, each "(from <parent>)"; one plain entry if none. */
static int show_separate(struct log_cmd *lc, const struct sgit_oid *id, const struct sgit_commit *c)
{
	size_t i, n = sgit_commit_parent_count(c);
	int rc = 0, any = 0;

	for (i = 0; i < n && !rc; i++) {
		const struct sgit_oid *p = sgit_commit_parent_id(c, i);

		if ((rc = log_cmd_changes(lc, &lc->changes, c, p)) || !lc->changes.nr)
			continue;
		any = 1;
		rc = emit(lc, id, c, p, LOG_DIFF_LATER);
	}
	if (!rc && !any)
		rc = emit(lc, id, c, NULL, LOG_DIFF_NONE);
	return rc;
}

int log_cmd_show_commit(struct log_cmd *lc, const struct sgit_oid *id,
			const struct sgit_commit *c, const struct sgit_oid *parents,
			size_t nparents)
{
	enum log_diff_shown shown = LOG_DIFF_NONE;
	int rc;

	if (lc->graph_state && (rc = log_cmd_graph_commit(lc, id, parents, nparents)))
		return rc;
	if ((rc = log_cmd_set_mark(lc, id)))
		return rc;
	/* path limiting cut TREESAME merges down to one parent (a boundary commit shows it) */
	lc->pretty.use_parents = lc->revs.npaths && lc->walker;
	lc->pretty.parents = parents;
	lc->pretty.nparents = nparents;
	if (lc->diff.format && sgit_commit_parent_count(c) > 1 && !lc->walk.first_parent &&
	    lc->diff_merges == LOG_DIFF_MERGES_SEPARATE)
		return show_separate(lc, id, c);
	if ((rc = log_cmd_diff_commit(lc, c, &shown)))
		return rc;
	return emit(lc, id, c, NULL, shown);
}

static int grow_parents(struct log_cmd *lc, size_t count)
{
	struct sgit_oid *p;

	if (count <= lc->parents_alloc)
		return 0;
	if (!(p = realloc(lc->parents, count * sizeof(*p))))
		return oom();
	lc->parents = p;
	lc->parents_alloc = count;
	return 0;
}

/* The parents the walk gives for the commit it returned last, into lc->parents. */
int log_cmd_walk_parents(struct log_cmd *lc, size_t *n)
{
	size_t i, count = sgit_revwalk_parent_count(lc->walker);
	int rc;

	*n = 0;
	if ((rc = grow_parents(lc, count)))
		return rc;
	for (i = 0; i < count; i++)
		lc->parents[i] = *sgit_revwalk_parent_id(lc->walker, i);
	*n = count;
	return 0;
}

int log_cmd_commit_parents(struct log_cmd *lc, const struct sgit_commit *c, size_t *n)
{
	size_t i, count = sgit_commit_parent_count(c);
	int rc;

	*n = 0;
	if ((rc = grow_parents(lc, count)))
		return rc;
	for (i = 0; i < count; i++)
		lc->parents[i] = *sgit_commit_parent_id(c, i);
	*n = count;
	return 0;
}

int log_cmd_run(struct log_cmd *lc)
{
	const struct sgit_commit *c;
	struct sgit_oid id;
	size_t n = 0;
	int rc;

	if ((rc = log_cmd_push_left(lc)))
		return rc;
	while ((rc = sgit_revwalk_next(&id, lc->walker)) == 0) {
		if (sgit_revwalk_commit(&c, lc->walker) < 0)
			return cli_fatal_err(cli_err(lc->ctx));
		if ((rc = log_cmd_walk_parents(lc, &n)) || (rc = log_cmd_show_commit(lc, &id, c, lc->parents, n)) ||
		    (rc = log_cmd_flush(lc, 0)))
			return rc;
	}
	if (rc < 0)
		return cli_fatal_err(cli_err(lc->ctx));
	return log_cmd_flush(lc, 1);
}
