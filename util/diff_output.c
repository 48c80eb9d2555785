/* util/diff_output.c: hunks with context, their headers, the unified text as git writes it */
#include <stdlib.h>
#include "util/diff.h"

#define FUNCNAME_MAX 80		/* git shows at most this many bytes of the function line */

static int is_alpha(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* git's white space: no \v or \f */
static int is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

int sgit_diff_default_funcname(const char **func, size_t *func_len, const char *line, size_t len,
			       void *payload)
{
	(void)payload;
	if (!len || !(is_alpha(line[0]) || line[0] == '_' || line[0] == '$'))
		return 0;
	if (len > FUNCNAME_MAX)
		len = FUNCNAME_MAX;
	while (len && is_space(line[len - 1]))
		len--;
	*func = line;
	*func_len = len;
	return 1;
}

/*
 * Look for the function line of a hunk starting at old line `start`, above
 * it; lines above `searched` were looked at for the hunk before, whose answer
 * is still in *h_prev (this keeps the scan linear).
 */
static void find_funcname(struct sgit_diff_hunk *h, const struct sgit_diff_hunk *h_prev,
			  const struct sgit_diff *d, const struct sgit_diff_hunk_opts *opts,
			  size_t searched)
{
	sgit_diff_funcname_fn fn = opts->funcname ? opts->funcname : sgit_diff_default_funcname;
	const struct sgit_diff_line *l;
	size_t i;

	h->func = h_prev ? h_prev->func : NULL;
	h->func_len = h_prev ? h_prev->func_len : 0;
	for (i = h->old_start; i > searched; i--) {
		l = &d->old_lines[i - 1];
		if (fn(&h->func, &h->func_len, l->ptr, l->len, opts->payload))
			return;
	}
}

static size_t start_before(size_t at, size_t context)
{
	return at > context ? at - context : 0;
}

static size_t end_after(size_t at, size_t context, size_t nr)
{
	return nr - at > context ? at + context : nr;
}

/* Fill h with the changes from `first` on that lie close together; returns the next change. */
static size_t gather(struct sgit_diff_hunk *h, const struct sgit_diff *d, size_t first,
		     const struct sgit_diff_hunk_opts *opts)
{
	const struct sgit_diff_change *c = d->changes;
	size_t max_gap = 2 * (size_t)opts->context + opts->interhunk, last = first;

	while (last + 1 < d->nr_changes &&
	       c[last + 1].old_start - (c[last].old_start + c[last].old_count) <= max_gap)
		last++;
	h->old_start = start_before(c[first].old_start, opts->context);
	h->new_start = start_before(c[first].new_start, opts->context);
	h->old_count = end_after(c[last].old_start + c[last].old_count, opts->context, d->old_nr) -
		       h->old_start;
	h->new_count = end_after(c[last].new_start + c[last].new_count, opts->context, d->new_nr) -
		       h->new_start;
	h->change = first;
	h->nr_changes = last - first + 1;
	h->func = NULL;
	h->func_len = 0;
	return last + 1;
}

int sgit_diff_hunks(struct sgit_diff_hunk **out, size_t *nr, const struct sgit_diff *d,
		    const struct sgit_diff_hunk_opts *opts, struct sgit_error *err)
{
	const struct sgit_diff_hunk_opts defaults = SGIT_DIFF_HUNK_OPTS_INIT;
	struct sgit_diff_hunk *h = NULL;
	size_t n = 0, next = 0, searched = 0;

	if (!opts)
		opts = &defaults;
	*out = NULL;
	*nr = 0;
	if (!d->nr_changes)
		return 0;
	if (!(h = malloc(d->nr_changes * sizeof(*h))))
		return sgit_error_nomem(err);
	while (next < d->nr_changes) {
		next = gather(&h[n], d, next, opts);
		if (!opts->no_funcname) {
			find_funcname(&h[n], n ? &h[n - 1] : NULL, d, opts, searched);
			searched = h[n].old_start;
		}
		n++;
	}
	*out = h;
	*nr = n;
	return 0;
}

/* git writes the line before an empty range, and leaves a count of 1 out */
static int add_range(struct sgit_buf *out, char sign, size_t start, size_t count)
{
	if (count == 1)
		return sgit_buf_addf(out, "%c%zu", sign, start + 1);
	return sgit_buf_addf(out, "%c%zu,%zu", sign, count ? start + 1 : start, count);
}

int sgit_diff_hunk_header_add(struct sgit_buf *out, const struct sgit_diff_hunk *h)
{
	int rc = 0;

	rc |= sgit_buf_adds(out, "@@ ");
	rc |= add_range(out, '-', h->old_start, h->old_count);
	rc |= sgit_buf_addch(out, ' ');
	rc |= add_range(out, '+', h->new_start, h->new_count);
	rc |= sgit_buf_adds(out, " @@");
	if (h->func && h->func_len) {
		rc |= sgit_buf_addch(out, ' ');
		rc |= sgit_buf_add(out, h->func, h->func_len);
	}
	rc |= sgit_buf_addch(out, '\n');
	return rc ? SGIT_ENOMEM : 0;
}

int sgit_diff_hunk_foreach(const struct sgit_diff *d, const struct sgit_diff_hunk *h,
			   sgit_diff_line_fn fn, void *payload)
{
	size_t i, k, nw = h->new_start, new_end = h->new_start + h->new_count;
	const struct sgit_diff_change *c;
	int rc;

	for (k = h->change; k < h->change + h->nr_changes; k++) {
		c = &d->changes[k];
		/* context lines are equal on both sides; git takes them from the new one */
		for (; nw < c->new_start; nw++)
			if ((rc = fn(' ', &d->new_lines[nw], payload)))
				return rc;
		for (i = c->old_start; i < c->old_start + c->old_count; i++)
			if ((rc = fn('-', &d->old_lines[i], payload)))
				return rc;
		for (; nw < c->new_start + c->new_count; nw++)
			if ((rc = fn('+', &d->new_lines[nw], payload)))
				return rc;
	}
	for (; nw < new_end; nw++)
		if ((rc = fn(' ', &d->new_lines[nw], payload)))
			return rc;
	return 0;
}

static int add_line(char origin, const struct sgit_diff_line *line, void *payload)
{
	struct sgit_buf *out = payload;
	int rc = 0;

	rc |= sgit_buf_addch(out, origin);
	rc |= sgit_buf_add(out, line->ptr, line->len);
	if (!line->len || line->ptr[line->len - 1] != '\n')
		rc |= sgit_buf_adds(out, "\n\\ No newline at end of file\n");
	return rc ? SGIT_ENOMEM : 0;
}

int sgit_diff_unified_add(struct sgit_buf *out, const struct sgit_diff *d,
			  const struct sgit_diff_hunk_opts *opts, struct sgit_error *err)
{
	struct sgit_diff_hunk *h = NULL;
	size_t nr = 0, i;
	int rc;

	if ((rc = sgit_diff_hunks(&h, &nr, d, opts, err)) < 0)
		goto out;
	for (i = 0; i < nr && rc == 0; i++) {
		rc = sgit_diff_hunk_header_add(out, &h[i]);
		if (!rc)
			rc = sgit_diff_hunk_foreach(d, &h[i], add_line, out);
	}
	if (rc < 0)
		rc = sgit_error_nomem(err);
out:
	free(h);
	return rc;
}
