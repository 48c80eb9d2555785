/* porcelain/cli/log_cmd_combined.c: a merge's combined diff ("diff --cc"), as git show prints it */
#include <stdlib.h>
#include <string.h>
#include "porcelain/cli/log_cmd.h"
#include "porcelain/cli/log_cmd_int.h"
#include "util/diff.h"
#include "util/quote.h"

/*
 * The result (the merge's version of a path) is a list of lines; before
 * each of them (and after the last, in the extra line cnt) hang the lines
 * that some parents had there and the result lost. Bit n of a line's flag
 * says the line is not in parent n; bit n of a lost line's map says parent
 * n had it. Two more bits mark the lines a hunk shows and the context lines
 * in front of a hunk, whose lost lines git does not show.
 */
struct lost_line {
	const char *ptr;
	size_t len;		/* without the LF */
	unsigned long map;
};

struct cline {
	const char *bol;
	size_t len;		/* without the LF */
	unsigned long flag;
	struct lost_line *lost;
	size_t nlost;
};

struct combined {
	struct cline *lines;	/* cnt + 1 */
	size_t cnt, np;
	size_t *p_lno;		/* [lno * np + n]: parent n's line number where line lno starts (cnt + 2 rows) */
	unsigned long context;
	unsigned int engine_flags;
};

/* Enough bits for every parent, the shown mark and the no-lost-lines mark. */
#define COMBINED_MAX_PARENTS (sizeof(unsigned long) * 8 - 2)

static void combined_release(struct combined *cb)
{
	size_t i;

	for (i = 0; cb->lines && i <= cb->cnt; i++)
		free(cb->lines[i].lost);
	free(cb->lines);
	free(cb->p_lno);
}

static int split_result(struct combined *cb, const char *data, size_t len)
{
	size_t i, n = 0, start = 0;

	for (i = 0; i < len; i++)
		n += data[i] == '\n';
	if (len && data[len - 1] != '\n')
		n++;
	cb->cnt = n;
	cb->lines = calloc(n + 1, sizeof(*cb->lines));
	cb->p_lno = calloc((n + 2) * cb->np, sizeof(*cb->p_lno));
	if (!cb->lines || !cb->p_lno)
		return SGIT_ENOMEM;
	for (i = 0, n = 0; i < len; i++) {
		if (data[i] != '\n' && i + 1 < len)
			continue;
		cb->lines[n].bol = data + start;
		cb->lines[n].len = i + 1 - start - (data[i] == '\n');
		n++;
		start = i + 1;
	}
	return 0;
}

static int same_line(const struct lost_line *a, const struct lost_line *b)
{
	return a->len == b->len && !memcmp(a->ptr, b->ptr, a->len);
}

/*
 * Merge the lines parent n lost before one result line into the lines
 * lost there already, along their longest common subsequence: a line both
 * lost is kept once with both bits; where the order is free, the lines
 * already there come first.
 */
static int coalesce(struct cline *cl, struct lost_line *add, size_t k, unsigned long bit)
{
	size_t m = cl->nlost, i, j, out;
	size_t *lcs = NULL;
	struct lost_line *merged = NULL;
	char *dir = NULL;
	int rc = SGIT_ENOMEM;

	if (!m) {
		cl->lost = add;
		cl->nlost = k;
		return 0;
	}
	lcs = calloc((m + 1) * (k + 1), sizeof(*lcs));
	dir = malloc((m + 1) * (k + 1));
	merged = malloc((m + k) * sizeof(*merged));
	if (!lcs || !dir || !merged)
		goto out;
#define AT(a, b) ((a) * (k + 1) + (b))
	for (i = 0; i <= m; i++)
		dir[AT(i, 0)] = 'b';
	for (j = 0; j <= k; j++)
		dir[AT(0, j)] = 'n';
	for (i = 1; i <= m; i++) {
		for (j = 1; j <= k; j++) {
			if (same_line(&cl->lost[i - 1], &add[j - 1])) {
				lcs[AT(i, j)] = lcs[AT(i - 1, j - 1)] + 1;
				dir[AT(i, j)] = 'm';
			} else if (lcs[AT(i, j - 1)] >= lcs[AT(i - 1, j)]) {
				lcs[AT(i, j)] = lcs[AT(i, j - 1)];
				dir[AT(i, j)] = 'n';
			} else {
				lcs[AT(i, j)] = lcs[AT(i - 1, j)];
				dir[AT(i, j)] = 'b';
			}
		}
	}
	/* backwards from the ends, each step giving the last line of what is left */
	for (i = m, j = k, out = m + k; i || j;) {
		char d = dir[AT(i, j)];

		if (d == 'm') {
			merged[--out] = cl->lost[--i];
			merged[out].map |= bit;
			j--;
		} else if (d == 'n') {
			merged[--out] = add[--j];
		} else {
			merged[--out] = cl->lost[--i];
		}
	}
#undef AT
	memmove(merged, merged + out, (m + k - out) * sizeof(*merged));
	free(cl->lost);
	free(add);
	cl->lost = merged;
	cl->nlost = m + k - out;
	merged = NULL;
	rc = 0;
out:
	if (rc)
		free(add);
	free(lcs);
	free(dir);
	free(merged);
	return rc;
}

/* Parent n against the result: what it lacks, what it had that the result lost, its line numbers. */
static int add_parent(struct combined *cb, size_t n, const char *pdata, size_t plen,
		      const char *rdata, size_t rlen, struct sgit_error *err)
{
	struct sgit_diff d = SGIT_DIFF_INIT;
	unsigned long bit = 1UL << n;
	size_t c, i, lno, p_lno;
	int rc;

	if ((rc = sgit_diff_lines(&d, pdata, plen, rdata, rlen, cb->engine_flags, err)) < 0)
		goto out;
	for (c = 0; c < d.nr_changes && !rc; c++) {
		const struct sgit_diff_change *ch = &d.changes[c];
		struct lost_line *lost = NULL;

		for (i = 0; i < ch->new_count; i++)
			cb->lines[ch->new_start + i].flag |= bit;
		if (!ch->old_count)
			continue;
		if (!(lost = malloc(ch->old_count * sizeof(*lost)))) {
			rc = SGIT_ENOMEM;
			break;
		}
		for (i = 0; i < ch->old_count; i++) {
			const struct sgit_diff_line *l = &d.old_lines[ch->old_start + i];

			lost[i].ptr = l->ptr;
			lost[i].len = l->len - (l->len && l->ptr[l->len - 1] == '\n');
			lost[i].map = bit;
		}
		rc = coalesce(&cb->lines[ch->new_start], lost, ch->old_count, bit);
	}
	for (lno = 0, p_lno = 1; !rc && lno <= cb->cnt; lno++) {
		cb->p_lno[lno * cb->np + n] = p_lno;
		for (i = 0; i < cb->lines[lno].nlost; i++)
			p_lno += !!(cb->lines[lno].lost[i].map & bit);
		if (lno < cb->cnt && !(cb->lines[lno].flag & bit))
			p_lno++;
	}
	if (!rc)
		cb->p_lno[(cb->cnt + 1) * cb->np + n] = p_lno;
out:
	sgit_diff_release(&d);
	return rc;
}

/* Parent n has the same content as parent j: it lacks and lost what j did. */
static void reuse_parent(struct combined *cb, size_t n, size_t j)
{
	unsigned long from = 1UL << j, to = 1UL << n;
	size_t lno, i;

	for (lno = 0; lno <= cb->cnt; lno++) {
		struct cline *cl = &cb->lines[lno];

		if (cl->flag & from)
			cl->flag |= to;
		for (i = 0; i < cl->nlost; i++)
			if (cl->lost[i].map & from)
				cl->lost[i].map |= to;
		cb->p_lno[lno * cb->np + n] = cb->p_lno[lno * cb->np + j];
	}
	cb->p_lno[lno * cb->np + n] = cb->p_lno[lno * cb->np + j];
}

/* ---- which lines to show ---- */

static size_t find_next(const struct combined *cb, unsigned long mark, size_t i, int unmarked)
{
	for (; i <= cb->cnt; i++)
		if (unmarked ? !(cb->lines[i].flag & mark) : !!(cb->lines[i].flag & mark))
			return i;
	return i;
}

/* A hunk whose last line only has lost lines gets one context line less after it. */
static size_t tail(const struct combined *cb, unsigned long all, size_t begin, size_t i)
{
	if (begin + 1 <= i && !(cb->lines[i - 1].flag & all))
		i--;
	return i;
}

/* Add context around the marked lines, joining hunks closer than it; 0 when nothing is marked. */
static int give_context(struct combined *cb)
{
	unsigned long all = (1UL << cb->np) - 1, mark = 1UL << cb->np, no_pre = 2UL << cb->np;
	size_t i = find_next(cb, mark, 0, 0), j, k;

	if (i > cb->cnt)
		return 0;
	while (i <= cb->cnt) {
		for (j = i > cb->context ? i - cb->context : 0; j < i; j++) {
			if (!(cb->lines[j].flag & mark))
				cb->lines[j].flag |= no_pre;
			cb->lines[j].flag |= mark;
		}
		for (;;) {
			j = find_next(cb, mark, i, 1);
			if (j > cb->cnt)
				return 1;
			k = find_next(cb, mark, j, 0);
			j = tail(cb, all, i, j);
			if (k >= j + cb->context)
				break;
			while (j < k)
				cb->lines[j++].flag |= mark;
			i = k;
		}
		i = k;
		k = j + cb->context < cb->cnt + 1 ? j + cb->context : cb->cnt + 1;
		while (j < k)
			cb->lines[j++].flag |= mark;
	}
	return 1;
}

/* The end of the hunk that starts at i, looking past short gaps as far as the context reaches. */
static size_t hunk_end(const struct combined *cb, unsigned long all, unsigned long mark, size_t i)
{
	size_t j, la;

	for (j = i + 1; j <= cb->cnt; j++) {
		int more = 0;

		if (cb->lines[j].flag & mark)
			continue;
		la = tail(cb, all, i, j) + cb->context;
		if (la > cb->cnt + 1)
			la = cb->cnt + 1;
		while (la && j <= --la) {
			if (cb->lines[la].flag & mark) {
				more = 1;
				break;
			}
		}
		if (!more)
			break;
		j = la;
	}
	return j;
}

/*
 * --cc: a hunk where the result is one parent's version (all changes
 * against the same set of parents, and not all of them) is dropped.
 */
static void drop_dull_hunks(struct combined *cb)
{
	unsigned long all = (1UL << cb->np) - 1, mark = 1UL << cb->np;
	size_t i = 0, j, end, l;

	while (i <= cb->cnt) {
		unsigned long same = 0;
		int interesting = 0;

		while (i <= cb->cnt && !(cb->lines[i].flag & mark))
			i++;
		if (i > cb->cnt)
			break;
		end = hunk_end(cb, all, mark, i);
		for (j = i; j < end && !interesting; j++) {
			unsigned long d = cb->lines[j].flag & all;

			if (d && !same)
				same = d;
			else if (d && same != d)
				interesting = 1;
			for (l = 0; l < cb->lines[j].nlost && !interesting; l++) {
				d = cb->lines[j].lost[l].map;
				if (!same)
					same = d;
				else if (same != d)
					interesting = 1;
			}
		}
		if (!interesting && same != all)
			for (j = i; j < end; j++)
				cb->lines[j].flag &= ~mark;
		i = end;
	}
}

static int make_hunks(struct combined *cb, int dense)
{
	unsigned long all = (1UL << cb->np) - 1, mark = 1UL << cb->np;
	size_t i;

	for (i = 0; i <= cb->cnt; i++) {
		if ((cb->lines[i].flag & all) || cb->lines[i].nlost)
			cb->lines[i].flag |= mark;
		else
			cb->lines[i].flag &= ~mark;
	}
	if (dense)
		drop_dull_hunks(cb);
	return give_context(cb);
}

/* ---- output ---- */

static int is_funcname(const struct cline *cl)
{
	unsigned char c;

	if (!cl->bol || !cl->len)
		return 0;
	c = (unsigned char)cl->bol[0];
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
}

/*
 * git's hunk comment: up to 40 bytes of the function line, cut before its
 * last non-blank byte (that byte included: the trimming in git stops one
 * short, and its output is what we match).
 */
static int add_comment(struct sgit_buf *out, const struct cline *cl)
{
	size_t i, end = 0, n = cl->len < 40 ? cl->len : 40;

	for (i = 0; i < n && cl->bol[i]; i++)
		if (!strchr(" \t\n\v\f\r", cl->bol[i]))
			end = i;
	if (!end)
		return 0;
	if (sgit_buf_addch(out, ' ') < 0 || sgit_buf_add(out, cl->bol, end) < 0)
		return SGIT_ENOMEM;
	return 0;
}

static int add_header(struct sgit_buf *out, const struct combined *cb, size_t lno, size_t end,
		      const struct cline *func)
{
	size_t i, rlines = end - lno - (end > cb->cnt), null_context = 0;
	int bad = 0;

	if (!cb->context) {
		for (i = lno; i < end; i++)
			if (!(cb->lines[i].flag & ((1UL << cb->np) - 1)))
				null_context++;
		rlines -= null_context;
	}
	for (i = 0; i <= cb->np; i++)
		bad |= sgit_buf_addch(out, '@') < 0;
	for (i = 0; i < cb->np; i++) {
		size_t a = cb->p_lno[lno * cb->np + i], b = cb->p_lno[end * cb->np + i];

		bad |= sgit_buf_addf(out, " -%zu,%zu", a, b - a - null_context) < 0;
	}
	bad |= sgit_buf_addf(out, " +%zu,%zu ", lno + 1, rlines) < 0;
	for (i = 0; i <= cb->np; i++)
		bad |= sgit_buf_addch(out, '@') < 0;
	if (func)
		bad |= add_comment(out, func) < 0;
	bad |= sgit_buf_addch(out, '\n') < 0;
	return bad ? SGIT_ENOMEM : 0;
}

static int add_hunk_lines(struct sgit_buf *out, const struct combined *cb, size_t lno, size_t end)
{
	unsigned long mark = 1UL << cb->np, no_pre = 2UL << cb->np;
	size_t i, j;
	int bad = 0;

	while (lno < end) {
		const struct cline *cl = &cb->lines[lno++];

		for (i = 0; !(cl->flag & no_pre) && i < cl->nlost; i++) {
			for (j = 0; j < cb->np; j++)
				bad |= sgit_buf_addch(out, (cl->lost[i].map & (1UL << j)) ? '-' : ' ') < 0;
			bad |= sgit_buf_add(out, cl->lost[i].ptr, cl->lost[i].len) < 0;
			bad |= sgit_buf_addch(out, '\n') < 0;
		}
		if (lno > cb->cnt)
			break;
		if (!(cl->flag & (mark - 1)) && !cb->context)
			continue;
		for (j = 0; j < cb->np; j++)
			bad |= sgit_buf_addch(out, (cl->flag & (1UL << j)) ? '+' : ' ') < 0;
		bad |= sgit_buf_add(out, cl->bol, cl->len) < 0;
		bad |= sgit_buf_addch(out, '\n') < 0;
	}
	return bad ? SGIT_ENOMEM : 0;
}

static int add_hunks(struct sgit_buf *out, const struct combined *cb)
{
	unsigned long mark = 1UL << cb->np;
	size_t lno = 0, end;
	int rc;

	for (;;) {
		const struct cline *func = NULL;

		for (; lno <= cb->cnt && !(cb->lines[lno].flag & mark); lno++)
			if (lno < cb->cnt && is_funcname(&cb->lines[lno]))
				func = &cb->lines[lno];
		if (lno > cb->cnt)
			return 0;
		for (end = lno + 1; end <= cb->cnt && (cb->lines[end].flag & mark); end++)
			;
		if ((rc = add_header(out, cb, lno, end, func)) < 0 ||
		    (rc = add_hunk_lines(out, cb, lno, end)) < 0)
			return rc;
		lno = end;
	}
}

/* ---- one path ---- */

static int load(struct sgit_buf *out, struct log_cmd *lc, const struct combined_side *s)
{
	enum sgit_object_type type;
	char hex[SGIT_OID_HEXSZ + 1];

	sgit_buf_truncate(out, 0);
	if (!s->mode)
		return 0;
	if ((s->mode & 0170000) == 0160000)
		return sgit_buf_printf(out, "Subproject commit %s\n", sgit_oid_tohex(hex, &s->id));
	return sgit_odb_read(out, &type, sgit_repo_odb(lc->ctx->repo), &s->id);
}

static int add_name(struct sgit_buf *out, const char *lead, const char *prefix, const char *path,
		    int quote)
{
	struct sgit_buf whole = SGIT_BUF_INIT;
	int rc;

	if (sgit_buf_adds(&whole, prefix) < 0 || sgit_buf_adds(&whole, path) < 0 ||
	    sgit_buf_adds(out, lead) < 0)
		rc = SGIT_ENOMEM;
	else
		rc = sgit_quote_c_style_add(out, whole.ptr, whole.len, quote);
	sgit_buf_release(&whole);
	return rc < 0 || sgit_buf_addch(out, '\n') < 0 ? SGIT_ENOMEM : 0;
}

static int add_abbrev(struct sgit_buf *out, struct log_cmd *lc, const struct sgit_oid *id)
{
	char hex[SGIT_OID_HEXSZ + 1];

	if (lc->diff.abbrev >= SGIT_OID_HEXSZ)
		sgit_oid_tohex(hex, id);
	else if (lc->diff.abbrev)
		sgit_odb_shortest_unique(hex, sgit_repo_odb(lc->ctx->repo), id, lc->diff.abbrev);
	else
		sgit_repo_abbrev(hex, lc->ctx->repo, id);
	return sgit_buf_adds(out, hex);
}

/* "diff --cc", "index a,b..c", the mode lines, and "---"/"+++" unless binary. */
static int add_path_header(struct sgit_buf *out, struct log_cmd *lc, const char *path,
			   const struct combined_side *sides, size_t np, int dense, int file_header)
{
	const struct combined_side *r = &sides[np];
	const char *src = lc->diff.src_prefix ? lc->diff.src_prefix : "a/";
	const char *dst = lc->diff.dst_prefix ? lc->diff.dst_prefix : "b/";
	int quote = lc->diff.quote_path, mode_differs = 0, added, deleted = !r->mode, bad = 0;
	size_t i;

	for (i = 0; i < np; i++)
		mode_differs |= sides[i].mode != r->mode;
	if (add_name(out, dense ? "diff --cc " : "diff --combined ", "", path, quote) < 0)
		return SGIT_ENOMEM;
	bad |= sgit_buf_adds(out, "index ") < 0;
	for (i = 0; i < np; i++) {
		if (i)
			bad |= sgit_buf_addch(out, ',') < 0;
		bad |= add_abbrev(out, lc, &sides[i].id) < 0;
	}
	bad |= sgit_buf_adds(out, "..") < 0;
	bad |= add_abbrev(out, lc, &r->id) < 0;
	bad |= sgit_buf_addch(out, '\n') < 0;
	added = !deleted;
	for (i = 0; i < np; i++)
		added &= sides[i].status == SGIT_CHANGE_ADDED;
	if (mode_differs && added) {
		bad |= sgit_buf_addf(out, "new file mode %06o\n", r->mode) < 0;
	} else if (mode_differs) {
		bad |= sgit_buf_adds(out, deleted ? "deleted file mode " : "mode ") < 0;
		for (i = 0; i < np; i++)
			bad |= sgit_buf_addf(out, "%s%06o", i ? "," : "", sides[i].mode) < 0;
		if (r->mode)
			bad |= sgit_buf_addf(out, "..%06o", r->mode) < 0;
		bad |= sgit_buf_addch(out, '\n') < 0;
	}
	if (bad)
		return SGIT_ENOMEM;
	if (!file_header)
		return 0;
	if (add_name(out, "--- ", mode_differs && added ? "" : src,
		     mode_differs && added ? "/dev/null" : path, quote) < 0 ||
	    add_name(out, "+++ ", deleted ? "" : dst, deleted ? "/dev/null" : path, quote) < 0)
		return SGIT_ENOMEM;
	return 0;
}

static int path_is_binary(struct log_cmd *lc, struct sgit_buf *blobs, size_t n)
{
	size_t i;

	if (lc->diff.text)
		return 0;
	for (i = 0; i < n; i++)
		if (sgit_diff_is_binary(blobs[i].ptr, blobs[i].len))
			return 1;
	return 0;
}

static int compute(struct combined *cb, struct sgit_buf *blobs, const struct combined_side *sides,
		   struct sgit_error *err)
{
	const struct sgit_buf *r = &blobs[cb->np];
	size_t i, j;
	int rc;

	if ((rc = split_result(cb, r->ptr, r->len)) < 0)
		return rc;
	for (i = 0; i < cb->np; i++) {
		for (j = 0; j < i && !sgit_oid_equal(&sides[i].id, &sides[j].id); j++)
			;
		if (j < i)
			reuse_parent(cb, i, j);
		else if ((rc = add_parent(cb, i, blobs[i].ptr, blobs[i].len, r->ptr, r->len, err)) < 0)
			return rc;
	}
	return 0;
}

int log_cmd_combined_path(struct sgit_buf *out, struct log_cmd *lc, const char *path,
			  const struct combined_side *sides, size_t np, int dense)
{
	struct combined cb = { NULL, 0, np, NULL, lc->diff.context, 0 };
	struct sgit_buf *blobs = calloc(np + 1, sizeof(*blobs));
	int rc = 0, mode_differs = 0, shown;
	size_t i;

	if (!blobs)
		return SGIT_ENOMEM;
	for (i = 0; i <= np; i++)
		sgit_buf_init(&blobs[i]);
	for (i = 0; i < np; i++)
		mode_differs |= sides[i].mode != sides[np].mode;
	for (i = 0; i <= np && !rc; i++)
		rc = load(&blobs[i], lc, &sides[i]);
	if (rc < 0)
		goto out;
	if (path_is_binary(lc, blobs, np + 1)) {
		if ((rc = add_path_header(out, lc, path, sides, np, dense, 0)) == 0)
			rc = sgit_buf_adds(out, "Binary files differ\n");
		goto out;
	}
	cb.engine_flags = (lc->diff.minimal ? SGIT_DIFF_MINIMAL : 0) |
			  (lc->diff.indent_heuristic ? 0 : SGIT_DIFF_NO_INDENT) | SGIT_DIFF_TRIM_TAIL;
	if ((rc = compute(&cb, blobs, sides, cli_err(lc->ctx))) < 0)
		goto out;
	shown = make_hunks(&cb, dense);
	if (!shown && !mode_differs)
		goto out;
	if ((rc = add_path_header(out, lc, path, sides, np, dense, 1)) == 0)
		rc = add_hunks(out, &cb);
out:
	combined_release(&cb);
	for (i = 0; i <= np; i++)
		sgit_buf_release(&blobs[i]);
	free(blobs);
	return rc < 0 ? rc : 0;
}
