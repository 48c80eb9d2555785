/* porcelain/history/graph_rows.c: drawing one row of the commit graph for each state */
#include <string.h>

#include "porcelain/history/graph_int.h"
#include "util/color.h"

static void put(struct graph_line *l, const char *s, size_t n, int visible)
{
	if (l->rc == 0)
		l->rc = sgit_buf_add(l->out, s, n);
	l->width += visible;
}

static void put_ch(struct graph_line *l, char c)
{
	put(l, &c, 1, 1);
}

static void put_spaces(struct graph_line *l, int n)
{
	while (n-- > 0)
		put_ch(l, ' ');
}

/* One character of a lane's edge, in the lane's colour. */
static void put_lane(const struct sgit_graph *g, struct graph_line *l,
		     const struct graph_lane *lane, char c)
{
	const char *esc;

	if (!g->use_color) {
		put_ch(l, c);
		return;
	}
	esc = g->palette[lane->color % g->palette_len];
	put(l, esc, strlen(esc), 0);
	put_ch(l, c);
	put(l, SGIT_COLOR_RESET, strlen(SGIT_COLOR_RESET), 0);
}

static int is_commit(const struct sgit_graph *g, size_t lane)
{
	return lane < g->nlanes ? sgit_oid_equal(&g->lanes[lane].id, &g->commit) : 1;
}

/* How many lanes the loop over "lanes above, then the commit itself if new" visits. */
static size_t lanes_with_commit(const struct sgit_graph *g)
{
	size_t i;

	for (i = 0; i < g->nlanes; i++)
		if (sgit_oid_equal(&g->lanes[i].id, &g->commit))
			return g->nlanes;
	return g->nlanes + 1;
}

void sgit_graph__row_pad(struct sgit_graph *g, struct graph_line *l)
{
	if (l->width < g->width)
		put_spaces(l, g->width - l->width);
}

void sgit_graph__row_padding(struct sgit_graph *g, struct graph_line *l)
{
	size_t i;

	for (i = 0; i < g->nnext; i++) {
		put_lane(g, l, &g->next[i], '|');
		put_ch(l, ' ');
	}
}

void sgit_graph__row_still(struct sgit_graph *g, struct graph_line *l)
{
	size_t i;

	for (i = 0; i < g->nlanes; i++) {
		put_lane(g, l, &g->lanes[i], '|');
		if (is_commit(g, i) && g->nparents > 2)
			put_spaces(l, 2 * ((int)g->nparents - 2));
		else
			put_ch(l, ' ');
	}
}

static void after_prelude(struct sgit_graph *g)
{
	sgit_graph__set_state(g, sgit_graph__needs_expansion(g) ? ROW_EXPAND : ROW_COMMIT);
}

void sgit_graph__row_skip(struct sgit_graph *g, struct graph_line *l)
{
	put(l, "...", 3, 3);
	after_prelude(g);
}

void sgit_graph__row_expand(struct sgit_graph *g, struct graph_line *l)
{
	int seen = 0;
	size_t i;

	for (i = 0; i < g->nlanes; i++) {
		const struct graph_lane *lane = &g->lanes[i];
		char c = '|';

		if (is_commit(g, i)) {
			seen = 1;
			put_lane(g, l, lane, '|');
			put_spaces(l, g->expansion);
			put_ch(l, ' ');
			continue;
		}
		/* lanes right of the octopus lean away; a merge just above already leaned them */
		if (seen && g->expansion > 0)
			c = '\\';
		else if (seen && g->prev_state == ROW_MERGE && g->prev_commit_lane < (int)i)
			c = '\\';
		put_lane(g, l, lane, c);
		put_ch(l, ' ');
	}
	g->expansion++;
	if (!sgit_graph__needs_expansion(g))
		sgit_graph__set_state(g, ROW_COMMIT);
}

/* "-." after an octopus commit, each dash in the colour of the lane it ends in. */
static void put_dashes(struct sgit_graph *g, struct graph_line *l)
{
	int n = (int)g->nparents + g->layout - 3, i;

	for (i = 0; i < n; i++) {
		size_t col = (size_t)(g->commit_lane + i + 2) * 2;
		int k = col < g->map_len ? g->map[col] : -1;
		char c = i == n - 1 ? '.' : '-';

		if (k < 0) {	/* no edge leaves there: nothing to take a colour from */
			put_ch(l, '-');
			put_ch(l, c);
			continue;
		}
		put_lane(g, l, &g->next[k], '-');
		put_lane(g, l, &g->next[k], c);
	}
}

/* The edge of lane i on the commit's row, for a lane that is not the commit's. */
static char commit_row_edge(const struct sgit_graph *g, size_t i, int seen)
{
	if (seen && g->extra_edges > 1)
		return '\\';
	if (seen && g->extra_edges == 1)
		return g->prev_state == ROW_MERGE && g->prev_extra_edges > 0 &&
		       g->prev_commit_lane < (int)i ? '\\' : '|';
	if (g->prev_state == ROW_COLLAPSE && g->old_map[2 * i + 1] == (int)i &&
	    g->map[2 * i] < (int)i)
		return '/';
	return '|';
}

void sgit_graph__row_commit(struct sgit_graph *g, struct graph_line *l)
{
	size_t i, n = lanes_with_commit(g);
	int seen = 0;

	for (i = 0; i < n; i++) {
		if (is_commit(g, i)) {
			seen = 1;
			put_ch(l, g->mark);
			if (g->nparents > 2)
				put_dashes(g, l);
		} else {
			put_lane(g, l, &g->lanes[i], commit_row_edge(g, i, seen));
		}
		put_ch(l, ' ');
	}
	if (g->nparents > 1)
		sgit_graph__set_state(g, ROW_MERGE);
	else
		sgit_graph__set_state(g, sgit_graph__mapping_tidy(g) ? ROW_PADDING : ROW_COLLAPSE);
}

/* "|\", "| |\", "|/|", "\ \": one edge per parent, from the merge's column. */
static void put_merge_edges(struct sgit_graph *g, struct graph_line *l)
{
	static const char edge[] = { '/', '|', '\\' };
	int shape = g->layout;
	size_t p;

	for (p = 0; p < g->nparents; p++) {
		int k = sgit_graph__find_next(g, &g->parents[p]);

		put_lane(g, l, &g->next[k], edge[shape]);
		if (shape < 2)
			shape++;
		else if (g->extra_edges > 0 || p + 1 < g->nparents)
			put_ch(l, ' ');
	}
	if (g->extra_edges == 0)
		put_ch(l, ' ');
}

void sgit_graph__row_merge(struct sgit_graph *g, struct graph_line *l)
{
	const struct graph_lane *first_parent_lane = NULL;
	size_t i, n = lanes_with_commit(g);
	int seen = 0;

	for (i = 0; i < n; i++) {
		if (is_commit(g, i)) {
			seen = 1;
			put_merge_edges(g, l);
			continue;
		}
		if (seen) {
			put_lane(g, l, &g->lanes[i], g->extra_edges > 0 ? '\\' : '|');
			put_ch(l, ' ');
		} else {
			put_lane(g, l, &g->lanes[i], '|');
			/* left of the merge, a first parent further left is reached by "_" */
			if (g->layout != 0 || (int)i != g->commit_lane - 1) {
				if (first_parent_lane)
					put_lane(g, l, first_parent_lane, '_');
				else
					put_ch(l, ' ');
			}
		}
		if (sgit_oid_equal(&g->lanes[i].id, &g->parents[0]))
			first_parent_lane = &g->lanes[i];
	}
	sgit_graph__set_state(g, sgit_graph__mapping_tidy(g) ? ROW_PADDING : ROW_COLLAPSE);
}

/*
 * Move every edge that is not in its lane's column one column left (a
 * crossing edge jumps two), at most one of them running horizontally
 * ("_") over several columns; map becomes where the edges are afterwards.
 */
static void slide(struct sgit_graph *g, int *hz_col, int *hz_lane)
{
	int *t = g->map, j;
	size_t i;

	g->map = g->old_map;
	g->old_map = t;
	for (i = 0; i < g->map_len; i++)
		g->map[i] = -1;
	for (i = 0; i < g->map_len; i++) {
		int lane = g->old_map[i], at = (int)i;

		if (lane < 0)
			continue;
		if (2 * lane == at) {
			g->map[i] = lane;
			continue;
		}
		if (g->map[i - 1] == lane)
			continue;	/* joins the edge on its left: same parent */
		if (g->map[i - 1] < 0) {
			g->map[i - 1] = lane;
		} else {
			g->map[i - 2] = lane;	/* crosses the edge on its left */
			at = (int)i - 1;
		}
		if (*hz_col < 0) {
			*hz_col = at;
			*hz_lane = lane;
			for (j = 2 * lane + 3; j < (int)i - 2; j += 2)
				g->map[j] = lane;
		}
	}
}

void sgit_graph__row_collapse(struct sgit_graph *g, struct graph_line *l)
{
	int hz_col = -1, hz_lane = -1, used_hz = 0;
	size_t i;

	slide(g, &hz_col, &hz_lane);
	memcpy(g->old_map, g->map, g->map_len * sizeof(*g->map));
	if (g->map_len > 0 && g->map[g->map_len - 1] < 0)
		g->map_len--;
	for (i = 0; i < g->map_len; i++) {
		int lane = g->map[i], at = (int)i;

		if (lane < 0) {
			put_ch(l, ' ');
		} else if (2 * lane == at) {
			put_lane(g, l, &g->next[lane], '|');
		} else if (lane == hz_lane && at != hz_col - 1) {
			/* only the first "_" carries on to the next row */
			if (at != 2 * lane + 3)
				g->map[i] = -1;
			used_hz = 1;
			put_lane(g, l, &g->next[lane], '_');
		} else {
			/* the end of a horizontal run: its first "_" carries on instead */
			if (used_hz && at < hz_col)
				g->map[i] = -1;
			put_lane(g, l, &g->next[lane], '/');
		}
	}
	if (sgit_graph__mapping_tidy(g))
		sgit_graph__set_state(g, ROW_PADDING);
}
