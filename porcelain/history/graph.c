/* porcelain/history/graph.c: the commit graph's lanes and states; rows are drawn in graph_rows.c */
#include <stdlib.h>
#include <string.h>

#include "porcelain/history/graph_int.h"

/* git's default log.graphColors: the six basic colours, then their bold forms */
static const char *const default_palette[] = {
	"\033[31m", "\033[32m", "\033[33m", "\033[34m", "\033[35m", "\033[36m",
	"\033[1;31m", "\033[1;32m", "\033[1;33m", "\033[1;34m", "\033[1;35m", "\033[1;36m",
};

int sgit_graph_new(struct sgit_graph **out, const struct sgit_graph_options *opts,
		   struct sgit_error *err)
{
	struct sgit_graph *g = calloc(1, sizeof(*g));

	*out = NULL;
	if (!g)
		return sgit_error_nomem(err);
	g->use_color = opts ? opts->color : 0;
	if (opts && opts->palette && opts->palette_len) {
		g->palette = opts->palette;
		g->palette_len = opts->palette_len;
	} else {
		g->palette = default_palette;
		g->palette_len = sizeof(default_palette) / sizeof(default_palette[0]);
	}
	/* the first new lane takes the first colour: the cursor moves before use */
	g->color_cursor = (unsigned)g->palette_len - 1;
	g->state = ROW_PADDING;
	g->prev_state = ROW_PADDING;
	g->layout = -1;
	g->mark = '*';
	*out = g;
	return 0;
}

void sgit_graph_free(struct sgit_graph *g)
{
	if (!g)
		return;
	free(g->lanes);
	free(g->next);
	free(g->map);
	free(g->old_map);
	free(g->parents);
	free(g);
}

void sgit_graph__set_state(struct sgit_graph *g, enum graph_row s)
{
	g->prev_state = g->state;
	g->state = s;
}

int sgit_graph__find_next(const struct sgit_graph *g, const struct sgit_oid *id)
{
	size_t i;

	for (i = 0; i < g->nnext; i++)
		if (sgit_oid_equal(&g->next[i].id, id))
			return (int)i;
	return -1;
}

/* 1 when every edge on screen already sits in its lane's own column. */
int sgit_graph__mapping_tidy(const struct sgit_graph *g)
{
	size_t i;

	for (i = 0; i < g->map_len; i++)
		if (g->map[i] >= 0 && (size_t)g->map[i] != i / 2)
			return 0;
	return 1;
}

/* The dashes of an octopus: parents beyond the two a plain merge draws. */
static int expansion_rows(const struct sgit_graph *g)
{
	return 2 * ((int)g->nparents + g->layout - 3);
}

/* An octopus with lanes to its right first pushes them apart, a row at a time. */
int sgit_graph__needs_expansion(const struct sgit_graph *g)
{
	return g->nparents >= 3 && g->commit_lane < (int)g->nlanes - 1 &&
	       g->expansion < expansion_rows(g);
}

/* Room for n lanes and the map of their columns; new map cells read -1. */
static int reserve(struct sgit_graph *g, size_t n)
{
	size_t need = 2 * n + 2, i;
	struct graph_lane *l;
	int *m;

	if (n > g->lanes_alloc) {
		if (!(l = realloc(g->lanes, n * sizeof(*l))))
			return SGIT_ENOMEM;
		g->lanes = l;
		if (!(l = realloc(g->next, n * sizeof(*l))))
			return SGIT_ENOMEM;
		g->next = l;
		g->lanes_alloc = n;
	}
	if (need <= g->map_alloc)
		return 0;
	if (!(m = realloc(g->map, need * sizeof(*m))))
		return SGIT_ENOMEM;
	g->map = m;
	if (!(m = realloc(g->old_map, need * sizeof(*m))))
		return SGIT_ENOMEM;
	g->old_map = m;
	for (i = g->map_alloc; i < need; i++)
		g->map[i] = g->old_map[i] = -1;
	g->map_alloc = need;
	return 0;
}

/* A lane keeps its colour down the page; a lane that starts here takes the cursor's. */
static unsigned color_for(const struct sgit_graph *g, const struct sgit_oid *id)
{
	size_t i;

	for (i = 0; i < g->nlanes; i++)
		if (sgit_oid_equal(&g->lanes[i].id, id))
			return g->lanes[i].color;
	return g->color_cursor;
}

/*
 * Give id a lane below the commit (reusing one that waits for it already)
 * and record which screen column its edge leaves from. from_lane is the
 * commit's lane when id is one of its parents, else -1.
 */
static void place(struct sgit_graph *g, const struct sgit_oid *id, int from_lane)
{
	int k = sgit_graph__find_next(g, id), col;

	if (k < 0) {
		k = (int)g->nnext++;
		g->next[k].id = *id;
		g->next[k].color = color_for(g, id);
	}
	if (g->nparents > 1 && from_lane >= 0 && g->layout < 0) {
		/*
		 * A merge's first parent: when its lane lies to the left the
		 * merge edges start one column further left ("/" under the
		 * commit) and the others fan out to the right of it.
		 */
		int dist = from_lane - k;
		int shift = dist > 1 ? 2 * dist - 3 : 1;

		g->layout = dist > 0 ? 0 : 1;
		g->extra_edges = (int)g->nparents + g->layout - 2;
		col = g->width + (g->layout - 1) * shift;
		g->width += 2 * g->layout;
	} else if (g->extra_edges > 0 && g->width >= 2 && k == g->map[g->width - 2]) {
		/* the next lane joins the merge's last edge at once */
		col = g->width - 2;
		g->extra_edges = -1;
	} else {
		col = g->width;
		g->width += 2;
	}
	g->map[col] = k;
}

/* The commit's parents enter the lanes where the commit is (or at the right end). */
static void place_lanes(struct sgit_graph *g)
{
	int seen = 0, in_lanes = 1;
	size_t i, p;

	for (i = 0; i <= g->nlanes; i++) {
		const struct sgit_oid *id;

		if (i == g->nlanes) {
			if (seen)
				break;
			in_lanes = 0;
			id = &g->commit;
		} else {
			id = &g->lanes[i].id;
		}
		if (!sgit_oid_equal(id, &g->commit)) {
			place(g, id, -1);
			continue;
		}
		seen = 1;
		g->commit_lane = (int)i;
		g->layout = -1;
		for (p = 0; p < g->nparents; p++) {
			/* merges and new branch tips start lanes in a fresh colour */
			if (g->nparents > 1 || !in_lanes)
				g->color_cursor = (g->color_cursor + 1) % (unsigned)g->palette_len;
			place(g, &g->parents[p], (int)i);
		}
		if (g->nparents == 0)
			g->width += 2;
	}
}

static int update_lanes(struct sgit_graph *g)
{
	struct graph_lane *t = g->lanes;
	size_t i;
	int rc;

	g->lanes = g->next;
	g->next = t;
	g->nlanes = g->nnext;
	g->nnext = 0;
	if ((rc = reserve(g, g->nlanes + g->nparents + 1)) < 0)
		return rc;
	g->map_len = 2 * (g->nlanes + g->nparents);
	for (i = 0; i < g->map_len; i++)
		g->map[i] = -1;
	g->width = 0;
	g->prev_extra_edges = g->extra_edges;
	g->extra_edges = 0;
	g->layout = -1;
	place_lanes(g);
	while (g->map_len > 1 && g->map[g->map_len - 1] < 0)
		g->map_len--;
	return 0;
}

int sgit_graph_update_mark(struct sgit_graph *g, const struct sgit_oid *commit,
			   const struct sgit_oid *parents, size_t nparents, char mark)
{
	int rc;

	if (nparents > g->parents_alloc) {
		struct sgit_oid *p = realloc(g->parents, nparents * sizeof(*p));

		if (!p)
			return SGIT_ENOMEM;
		g->parents = p;
		g->parents_alloc = nparents;
	}
	if (nparents)
		memcpy(g->parents, parents, nparents * sizeof(*parents));
	g->nparents = nparents;
	g->commit = *commit;
	g->mark = mark;
	g->prev_commit_lane = g->commit_lane;
	if ((rc = update_lanes(g)) < 0)
		return rc;
	g->expansion = 0;
	/* no line was drawn for these states yet, so prev_state stays */
	if (g->state != ROW_PADDING)
		g->state = ROW_SKIP;
	else if (sgit_graph__needs_expansion(g))
		g->state = ROW_EXPAND;
	else
		g->state = ROW_COMMIT;
	return 0;
}

int sgit_graph_update(struct sgit_graph *g, const struct sgit_oid *commit,
		      const struct sgit_oid *parents, size_t nparents)
{
	return sgit_graph_update_mark(g, commit, parents, nparents, '*');
}

int sgit_graph_is_commit_finished(const struct sgit_graph *g)
{
	return g->state == ROW_PADDING;
}

int sgit_graph_next_line(struct sgit_graph *g, struct sgit_buf *out, int *is_commit_line)
{
	struct graph_line l = { out, 0, 0 };
	int commit = g->state == ROW_COMMIT;

	switch (g->state) {
	case ROW_PADDING:
		sgit_graph__row_padding(g, &l);
		break;
	case ROW_SKIP:
		sgit_graph__row_skip(g, &l);
		break;
	case ROW_EXPAND:
		sgit_graph__row_expand(g, &l);
		break;
	case ROW_COMMIT:
		sgit_graph__row_commit(g, &l);
		break;
	case ROW_MERGE:
		sgit_graph__row_merge(g, &l);
		break;
	case ROW_COLLAPSE:
		sgit_graph__row_collapse(g, &l);
		break;
	}
	sgit_graph__row_pad(g, &l);
	if (is_commit_line)
		*is_commit_line = commit;
	return l.rc;
}

int sgit_graph_padding_line(struct sgit_graph *g, struct sgit_buf *out)
{
	struct graph_line l = { out, 0, 0 };

	if (g->state != ROW_COMMIT)
		return sgit_graph_next_line(g, out, NULL);
	sgit_graph__row_still(g, &l);
	sgit_graph__row_pad(g, &l);
	g->prev_state = ROW_PADDING;
	return l.rc;
}
