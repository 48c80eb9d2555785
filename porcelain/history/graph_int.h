/* porcelain/history/graph_int.h: the graph's state, shared by graph.c (columns) and graph_rows.c (drawing) */
#ifndef SGIT_PORCELAIN_GRAPH_INT_H
#define SGIT_PORCELAIN_GRAPH_INT_H

#include "sgit/graph.h"

/* What the next line of output is; git's own sequence for one commit. */
enum graph_row {
	ROW_PADDING,		/* the commit is done: lanes go straight down */
	ROW_SKIP,		/* "...": the previous commit was not finished */
	ROW_EXPAND,		/* room for an octopus before its commit line */
	ROW_COMMIT,
	ROW_MERGE,		/* the edges leaving a merge */
	ROW_COLLAPSE		/* lanes sliding left into their places */
};

/* A lane: the line of history that waits for one commit to be drawn. */
struct graph_lane {
	struct sgit_oid id;
	unsigned color;		/* index into the palette */
};

/*
 * Screen positions: lane k is drawn at column 2k, the odd columns lie
 * between lanes. map[p] is the lane (in next[]) that the edge now at
 * column p is headed for, or -1; old_map is the map as the last collapsing
 * row left it.
 */
struct sgit_graph {
	struct graph_lane *lanes;	/* above the current commit */
	struct graph_lane *next;	/* below it */
	size_t nlanes, nnext, lanes_alloc;
	int *map, *old_map;
	size_t map_len, map_alloc;

	struct sgit_oid commit;
	struct sgit_oid *parents;
	size_t nparents, parents_alloc;
	char mark;

	int commit_lane, prev_commit_lane;
	int width;			/* columns every row of this commit is padded to */
	int layout;			/* merge layout: 0 first parent to the left, 1 below, -1 none */
	int extra_edges, prev_extra_edges;	/* edges a merge adds on the right (-1: joined) */
	int expansion;			/* expansion rows drawn so far */
	enum graph_row state, prev_state;

	unsigned color_cursor;		/* palette index for new lanes */
	int use_color;
	const char *const *palette;
	size_t palette_len;
};

/* One line being drawn: where it goes, its visible width, a sticky error. */
struct graph_line {
	struct sgit_buf *out;
	int width;
	int rc;
};

/* graph.c */
int sgit_graph__find_next(const struct sgit_graph *g, const struct sgit_oid *id);
int sgit_graph__mapping_tidy(const struct sgit_graph *g);
int sgit_graph__needs_expansion(const struct sgit_graph *g);
void sgit_graph__set_state(struct sgit_graph *g, enum graph_row s);

/* graph_rows.c: each appends one row (unpadded) and moves the state on */
void sgit_graph__row_padding(struct sgit_graph *g, struct graph_line *l);
void sgit_graph__row_skip(struct sgit_graph *g, struct graph_line *l);
void sgit_graph__row_expand(struct sgit_graph *g, struct graph_line *l);
void sgit_graph__row_commit(struct sgit_graph *g, struct graph_line *l);
void sgit_graph__row_merge(struct sgit_graph *g, struct graph_line *l);
void sgit_graph__row_collapse(struct sgit_graph *g, struct graph_line *l);
/* the lanes above a commit that is still to come, unchanged (no state change) */
void sgit_graph__row_still(struct sgit_graph *g, struct graph_line *l);
/* spaces up to the width of this commit's rows */
void sgit_graph__row_pad(struct sgit_graph *g, struct graph_line *l);

#endif
