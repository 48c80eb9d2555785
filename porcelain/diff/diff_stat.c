/*
 * porcelain/diff/diff_stat.c: the formats that summarise changes: --name-only,
 * --name-status, --numstat, --stat (git's graph and its width rules),
 * --shortstat and --summary
 */
#include <stdlib.h>
#include <string.h>
#include "porcelain/diff/diff_output_int.h"

/* What --stat and --numstat know of one path. */
struct stat_file {
	const struct diff_pair *c;
	struct sgit_buf name;		/* as --stat shows it: quoted, renames as "a => b" */
	size_t added, deleted;		/* lines; for a binary file new and old size in bytes */
	int binary, unmerged;
};

struct stat_list {
	struct stat_file *files;
	size_t nr;
};

static void stat_list_release(struct stat_list *l)
{
	size_t i;

	for (i = 0; i < l->nr; i++)
		sgit_buf_release(&l->files[i].name);
	free(l->files);
	l->files = NULL;
	l->nr = 0;
}

/* Count the lines added and removed between a and b (bytes for binary content). */
static int count_file(struct stat_file *f, struct sgit_repo *repo, struct diff_blob *a,
		      struct diff_blob *b, const struct sgit_diff_output_options *opts)
{
	const struct diff_pair *c = f->c;
	struct sgit_diff d = SGIT_DIFF_INIT;
	/* git goes by the ids: an unhashed work-tree side is never the same */
	int same = c->new_id_known && c->old_mode && c->new_mode &&
		   sgit_oid_equal(&c->old_id, &c->new_id);
	int rc;

	if ((rc = sgit_diff__load(a, repo, c->old_path, c->old_mode, &c->old_id, 0, !opts->text)) < 0 ||
	    (rc = sgit_diff__load(b, repo, c->new_path, c->new_mode, &c->new_id,
				  opts->new_from_worktree, !opts->text)) < 0)
		return rc;
	if (sgit_diff__is_binary(a, b, opts)) {
		f->binary = 1;
		if (!same) {
			f->added = b->len;
			f->deleted = a->len;
		}
		return 0;
	}
	if (same)
		return 0;
	if ((rc = sgit_diff_lines(&d, a->data, a->len, b->data, b->len,
				  sgit_diff__engine_flags(opts), sgit_repo_error(repo))) == 0)
		sgit_diff_count(&d, &f->added, &f->deleted);
	sgit_diff_release(&d);
	return rc;
}

/* The shown names, and the counts when with_counts. */
static int collect(struct stat_list *l, struct sgit_repo *repo, const struct diff_queue *q,
		   const struct sgit_diff_output_options *opts, int with_counts)
{
	struct diff_blob a = DIFF_BLOB_INIT, b = DIFF_BLOB_INIT;
	size_t i;
	int rc = 0;

	if (!(l->files = calloc(q->nr ? q->nr : 1, sizeof(*l->files))))
		return sgit_error_nomem(sgit_repo_error(repo));
	for (i = 0; i < q->nr && rc >= 0; i++) {
		struct stat_file *f = &l->files[l->nr++];

		f->c = &q->v[i];
		sgit_buf_init(&f->name);
		if (sgit_diff__pair_name_add(&f->name, f->c, opts->quote_path) < 0)
			rc = sgit_error_nomem(sgit_repo_error(repo));
		else if (f->c->status == SGIT_CHANGE_UNMERGED)
			f->unmerged = 1;
		else if (with_counts)
			rc = count_file(f, repo, &a, &b, opts);
		sgit_diff__blob_release(&a);
		sgit_diff__blob_release(&b);
	}
	return rc < 0 ? rc : 0;
}

/* ---- names and numbers ---- */

/* --name-only: the new path; --name-status: the status letter(s) and the path(s) */
static int show_names(struct sgit_buf *out, const struct stat_list *l, int with_status,
		      int quote_path)
{
	size_t i;
	int rc = 0;

	for (i = 0; i < l->nr; i++) {
		const struct diff_pair *p = l->files[i].c;

		if (with_status && DIFF_IS_RENAME_OR_COPY(p)) {
			rc |= sgit_buf_addf(out, "%c%03u\t", p->status, p->similarity);
			rc |= sgit_diff__name_add(out, "", p->old_path, p->old_len, quote_path);
			rc |= sgit_buf_addch(out, '\t');
		} else if (with_status) {
			rc |= sgit_buf_addf(out, "%c\t", p->status);
		}
		rc |= sgit_diff__name_add(out, "", p->new_path, p->new_len, quote_path);
		rc |= sgit_buf_addch(out, '\n');
	}
	return rc ? SGIT_ENOMEM : 0;
}

static int show_numstat(struct sgit_buf *out, const struct stat_list *l)
{
	size_t i;
	int rc = 0;

	for (i = 0; i < l->nr; i++) {
		const struct stat_file *f = &l->files[i];

		if (f->binary)
			rc |= sgit_buf_adds(out, "-\t-\t");
		else
			rc |= sgit_buf_addf(out, "%zu\t%zu\t", f->added, f->deleted);
		rc |= sgit_buf_addbuf(out, &f->name);
		rc |= sgit_buf_addch(out, '\n');
	}
	return rc ? SGIT_ENOMEM : 0;
}

int sgit_diff_stat_summary_add(struct sgit_buf *out, size_t files, size_t insertions,
			       size_t deletions)
{
	int rc = 0;

	if (!files)
		return sgit_buf_adds(out, " 0 files changed\n");
	rc |= sgit_buf_addf(out, " %zu file%s changed", files, files == 1 ? "" : "s");
	/* git names both counts when both are zero, else only those that are not */
	if (insertions || !deletions)
		rc |= sgit_buf_addf(out, ", %zu insertion%s(+)", insertions,
				    insertions == 1 ? "" : "s");
	if (deletions || !insertions)
		rc |= sgit_buf_addf(out, ", %zu deletion%s(-)", deletions, deletions == 1 ? "" : "s");
	rc |= sgit_buf_addch(out, '\n');
	return rc ? SGIT_ENOMEM : 0;
}

/* Totals over every file: unmerged paths are not counted, binary files add no lines. */
static int add_totals(struct sgit_buf *out, const struct stat_list *l)
{
	size_t i, files = 0, ins = 0, del = 0;

	for (i = 0; i < l->nr; i++) {
		const struct stat_file *f = &l->files[i];

		if (f->unmerged)
			continue;
		files++;
		if (!f->binary) {
			ins += f->added;
			del += f->deleted;
		}
	}
	return sgit_diff_stat_summary_add(out, files, ins, del);
}

/* ---- the --stat graph ---- */

/* Columns taken by the UTF-8 character at *p (advanced past it); a stray byte takes one. */
static long char_width(const unsigned char **p, const unsigned char *end)
{
	const unsigned char *s = *p;
	unsigned int cp;
	size_t n, i;

	*p = s + 1;
	if (*s < 0x80)
		return 1;
	n = (*s & 0xe0) == 0xc0 ? 1 : (*s & 0xf0) == 0xe0 ? 2 : (*s & 0xf8) == 0xf0 ? 3 : 0;
	if (!n || (size_t)(end - s) <= n)
		return 1;
	cp = *s & (0x3fu >> n);
	for (i = 1; i <= n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 1;
		cp = (cp << 6) | (s[i] & 0x3fu);
	}
	*p = s + n + 1;
	if (cp >= 0x300 && cp <= 0x36f)		/* combining marks take no column */
		return 0;
	if ((cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 && cp <= 0xa4cf) ||
	    (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0xf900 && cp <= 0xfaff) ||
	    (cp >= 0xfe30 && cp <= 0xfe4f) || (cp >= 0xff00 && cp <= 0xff60) ||
	    (cp >= 0xffe0 && cp <= 0xffe6) || (cp >= 0x20000 && cp <= 0x3fffd))
		return 2;
	return 1;
}

static long str_width(const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + len;
	long w = 0;

	while (p < end)
		w += char_width(&p, end);
	return w;
}

static long decimal_width(size_t n)
{
	long w = 1;

	while (n >= 10) {
		n /= 10;
		w++;
	}
	return w;
}

/* The widths of the parts of a --stat line, decided once for all files. */
struct stat_layout {
	long name_width, number_width, graph_width;
	size_t max_change;
	size_t shown;		/* files listed (--stat-count) */
};

static void measure(struct stat_layout *lay, long *max_len, long *bin_width,
		    const struct stat_list *l)
{
	size_t i;

	for (i = 0; i < lay->shown; i++) {
		const struct stat_file *f = &l->files[i];
		long len = str_width(f->name.ptr, f->name.len), w;

		if (*max_len < len)
			*max_len = len;
		if (f->unmerged || f->binary) {
			/* "Unmerged", or "Bin <old> -> <new> bytes" with counts under "Bin" */
			w = f->unmerged ? 8 : 14 + decimal_width(f->added) + decimal_width(f->deleted);
			if (*bin_width < w)
				*bin_width = w;
			if (f->binary)
				lay->number_width = 3;
			continue;
		}
		if (lay->max_change < f->added + f->deleted)
			lay->max_change = f->added + f->deleted;
	}
}

/*
 * git's rules: the name and the graph get what they want when it fits the
 * width; otherwise the graph gets at most 3/8 of it (at least 6 columns),
 * and the name what is left.
 */
static void layout(struct stat_layout *lay, const struct stat_list *l,
		   const struct sgit_diff_output_options *opts)
{
	long max_len = 0, bin_width = 0, width = opts->stat_width ? (long)opts->stat_width : 80;
	long graph_limit = (long)opts->stat_graph_width, fixed;

	lay->shown = opts->stat_count && opts->stat_count < l->nr ? opts->stat_count : l->nr;
	lay->number_width = 0;
	lay->max_change = 0;
	measure(lay, &max_len, &bin_width, l);
	if (lay->number_width < decimal_width(lay->max_change))
		lay->number_width = decimal_width(lay->max_change);
	if (width < 16 + 6 + lay->number_width)
		width = 16 + 6 + lay->number_width;
	lay->graph_width = (long)lay->max_change + 4 > bin_width ? (long)lay->max_change
								   : bin_width - 4;
	if (graph_limit && graph_limit < lay->graph_width)
		lay->graph_width = graph_limit;
	lay->name_width = opts->stat_name_width && (long)opts->stat_name_width < max_len
				  ? (long)opts->stat_name_width : max_len;
	fixed = lay->number_width + 6;
	if (lay->name_width + fixed + lay->graph_width <= width)
		return;
	if (lay->graph_width > width * 3 / 8 - fixed) {
		lay->graph_width = width * 3 / 8 - fixed;
		if (lay->graph_width < 6)
			lay->graph_width = 6;
	}
	if (graph_limit && lay->graph_width > graph_limit)
		lay->graph_width = graph_limit;
	if (lay->name_width > width - fixed - lay->graph_width)
		lay->name_width = width - fixed - lay->graph_width;
	else
		lay->graph_width = width - fixed - lay->name_width;
}

/* " name   | " with a name too long cut at the front to "...", from a '/' when there is one. */
static int add_stat_name(struct sgit_buf *out, const struct stat_file *f,
			 const struct stat_layout *lay)
{
	const unsigned char *p = (const unsigned char *)f->name.ptr;
	const unsigned char *end = p + f->name.len;
	const char *prefix = "";
	long room = lay->name_width, len = str_width(f->name.ptr, f->name.len), pad;
	const char *slash;

	if (room < len) {
		prefix = "...";
		room = room > 3 ? room - 3 : 0;
		while (len > room && p < end)
			len -= char_width(&p, end);
		slash = memchr(p, '/', (size_t)(end - p));
		if (slash)
			p = (const unsigned char *)slash;
	}
	pad = room - str_width((const char *)p, (size_t)(end - p));
	return sgit_buf_addf(out, " %s%.*s%*s | ", prefix, (int)(end - p), (const char *)p,
			     (int)(pad > 0 ? pad : 0), "");
}

/* Scale a count to the graph, keeping at least one column for any change. */
static size_t scale(size_t n, long width, size_t max_change)
{
	return n ? 1 + n * (size_t)(width - 1) / max_change : 0;
}

/* A run of n signs in color; nothing at all for none. */
static int add_run(struct sgit_buf *out, char sign, size_t n, enum sgit_diff_color slot,
		   const struct sgit_diff_output_options *opts)
{
	size_t i;
	int rc = 0;

	if (!n)
		return 0;
	rc |= sgit_buf_adds(out, sgit_diff__color(opts, slot));
	for (i = 0; i < n; i++)
		rc |= sgit_buf_addch(out, sign);
	rc |= sgit_buf_adds(out, sgit_diff__reset(opts));
	return rc;
}

static int add_graph(struct sgit_buf *out, const struct stat_file *f, const struct stat_layout *lay,
		     const struct sgit_diff_output_options *opts)
{
	size_t add = f->added, del = f->deleted, total;
	int rc = 0;

	if (lay->graph_width <= (long)lay->max_change) {
		total = scale(add + del, lay->graph_width, lay->max_change);
		if (total < 2 && add && del)
			total = 2;
		if (add < del) {
			add = scale(add, lay->graph_width, lay->max_change);
			del = total - add;
		} else {
			del = scale(del, lay->graph_width, lay->max_change);
			add = total - del;
		}
	}
	rc |= sgit_buf_addf(out, "%*zu%s", (int)lay->number_width, f->added + f->deleted,
			    f->added + f->deleted ? " " : "");
	rc |= add_run(out, '+', add, SGIT_DIFF_COLOR_NEW, opts);
	rc |= add_run(out, '-', del, SGIT_DIFF_COLOR_OLD, opts);
	return rc;
}

static int show_stat(struct sgit_buf *out, const struct stat_list *l,
		     const struct sgit_diff_output_options *opts)
{
	struct stat_layout lay;
	size_t i;
	int rc = 0;

	layout(&lay, l, opts);
	for (i = 0; i < lay.shown; i++) {
		const struct stat_file *f = &l->files[i];

		rc |= add_stat_name(out, f, &lay);
		if (f->unmerged) {
			/* git 2.39 ends this line without a newline: what follows joins it */
			rc |= sgit_buf_addf(out, "%*s", (int)lay.number_width, "Unmerged");
			continue;
		}
		if (f->binary && (f->added || f->deleted))
			rc |= sgit_buf_addf(out, "%*s %s%zu%s -> %s%zu%s bytes", (int)lay.number_width,
					    "Bin", sgit_diff__color(opts, SGIT_DIFF_COLOR_OLD), f->deleted,
					    sgit_diff__reset(opts),
					    sgit_diff__color(opts, SGIT_DIFF_COLOR_NEW), f->added,
					    sgit_diff__reset(opts));
		else if (f->binary)
			rc |= sgit_buf_addf(out, "%*s", (int)lay.number_width, "Bin");
		else
			rc |= add_graph(out, f, &lay, opts);
		rc |= sgit_buf_addch(out, '\n');
	}
	if (lay.shown < l->nr)
		rc |= sgit_buf_adds(out, " ...\n");
	rc |= add_totals(out, l);
	return rc ? SGIT_ENOMEM : 0;
}

/* ---- --summary ---- */

static int show_summary(struct sgit_buf *out, const struct stat_list *l)
{
	size_t i;
	int rc = 0;

	for (i = 0; i < l->nr; i++) {
		const struct diff_pair *c = l->files[i].c;

		if (c->status == SGIT_CHANGE_UNMERGED)
			continue;
		if (DIFF_IS_RENAME_OR_COPY(c)) {
			/* the name says it all: a mode change after it goes without one */
			rc |= sgit_buf_adds(out, c->status == DIFF_STATUS_COPIED ? " copy " : " rename ");
			rc |= sgit_buf_addbuf(out, &l->files[i].name);
			rc |= sgit_buf_addf(out, " (%u%%)\n", c->similarity);
			if (c->old_mode != c->new_mode)
				rc |= sgit_buf_addf(out, " mode change %06o => %06o\n", c->old_mode,
						    c->new_mode);
			continue;
		}
		if (!c->old_mode && c->new_mode)
			rc |= sgit_buf_addf(out, " create mode %06o ", c->new_mode);
		else if (c->old_mode && !c->new_mode)
			rc |= sgit_buf_addf(out, " delete mode %06o ", c->old_mode);
		else if (c->old_mode != c->new_mode)
			rc |= sgit_buf_addf(out, " mode change %06o => %06o ", c->old_mode,
					    c->new_mode);
		else
			continue;
		rc |= sgit_buf_addbuf(out, &l->files[i].name);
		rc |= sgit_buf_addch(out, '\n');
	}
	return rc ? SGIT_ENOMEM : 0;
}

static int show_formats(struct sgit_buf *out, int *shown, const struct stat_list *l,
			const struct sgit_diff_output_options *opts)
{
	unsigned int f = opts->format;
	size_t before;
	int rc = 0;

	if (f & (SGIT_DIFF_FORMAT_NAME_ONLY | SGIT_DIFF_FORMAT_NAME_STATUS))
		rc |= show_names(out, l, !!(f & SGIT_DIFF_FORMAT_NAME_STATUS), opts->quote_path);
	if (f & SGIT_DIFF_FORMAT_NUMSTAT)
		rc |= show_numstat(out, l);
	if (f & SGIT_DIFF_FORMAT_STAT)
		rc |= show_stat(out, l, opts);
	if (f & SGIT_DIFF_FORMAT_SHORTSTAT)
		rc |= add_totals(out, l);
	*shown = out->len > 0;
	before = out->len;
	if (f & SGIT_DIFF_FORMAT_SUMMARY)
		rc |= show_summary(out, l);
	*shown |= out->len > before;
	return rc ? SGIT_ENOMEM : 0;
}

int sgit_diff__stat_formats(int *shown, struct sgit_repo *repo, const struct diff_queue *q,
			    const struct sgit_diff_output_options *opts, sgit_diff_write_fn write,
			    void *payload)
{
	const unsigned int counted = SGIT_DIFF_FORMAT_NUMSTAT | SGIT_DIFF_FORMAT_STAT |
				     SGIT_DIFF_FORMAT_SHORTSTAT;
	struct stat_list l = { NULL, 0 };
	struct sgit_buf out = SGIT_BUF_INIT;
	int rc;

	*shown = 0;
	if ((rc = collect(&l, repo, q, opts, !!(opts->format & counted))) < 0)
		goto out;
	if ((rc = show_formats(&out, shown, &l, opts)) < 0) {
		rc = sgit_error_nomem(sgit_repo_error(repo));
		goto out;
	}
	rc = sgit_diff__flush(&out, write, payload);
out:
	stat_list_release(&l);
	sgit_buf_release(&out);
	return rc;
}
