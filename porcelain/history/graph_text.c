/* porcelain/history/graph_text.c: weaving graph lines into a log entry's text, in git's order */
#include <string.h>

#include "porcelain/history/graph_int.h"

int sgit_graph_add_commit_start(struct sgit_graph *g, struct sgit_buf *out)
{
	int is_commit = 0, rc = 0;

	/* a merge shown once per parent (-m) is drawn the first time only */
	if (sgit_graph_is_commit_finished(g))
		return sgit_graph_padding_line(g, out);
	while (!is_commit) {
		if ((rc = sgit_graph_next_line(g, out, &is_commit)) < 0)
			return rc;
		if (!is_commit && (rc = sgit_buf_addch(out, '\n')) < 0)
			return rc;
	}
	return 0;
}

int sgit_graph_add_remainder(struct sgit_graph *g, struct sgit_buf *out, int *added)
{
	int rc = 0;

	if (added)
		*added = 0;
	while (!sgit_graph_is_commit_finished(g)) {
		if ((rc = sgit_graph_next_line(g, out, NULL)) < 0)
			return rc;
		if (added)
			*added = 1;
		if (!sgit_graph_is_commit_finished(g) && (rc = sgit_buf_addch(out, '\n')) < 0)
			return rc;
	}
	return 0;
}

int sgit_graph_add_msg(struct sgit_graph *g, struct sgit_buf *out, const char *text, size_t len)
{
	const char *p = text, *end = text + len;
	int ends_nl = len > 0 && text[len - 1] == '\n', rc;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *stop = nl ? nl + 1 : end;

		if ((rc = sgit_buf_add(out, p, (size_t)(stop - p))) < 0)
			return rc;
		if (stop < end && (rc = sgit_graph_next_line(g, out, NULL)) < 0)
			return rc;
		p = stop;
	}
	if (sgit_graph_is_commit_finished(g))
		return 0;
	/* the lines the commit still owes go on lines of their own */
	if (!ends_nl && (rc = sgit_buf_addch(out, '\n')) < 0)
		return rc;
	if ((rc = sgit_graph_add_remainder(g, out, NULL)) < 0)
		return rc;
	return ends_nl ? sgit_buf_addch(out, '\n') : 0;
}

int sgit_graph_add_prefixed(struct sgit_graph *g, struct sgit_buf *out, const char *text, size_t len)
{
	const char *p = text, *end = text + len;
	int rc;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *stop = nl ? nl + 1 : end;

		if ((rc = sgit_graph_padding_line(g, out)) < 0 ||
		    (rc = sgit_buf_add(out, p, (size_t)(stop - p))) < 0)
			return rc;
		p = stop;
	}
	return 0;
}
