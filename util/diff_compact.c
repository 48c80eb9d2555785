/*
 * util/diff_compact.c: where a group of changed lines is shown when it could
 * be shown at several places (the lines above it repeat the group's last
 * lines): as far down as it goes; up again to line up with a change on the
 * other side when one can be reached; else where the indent heuristic likes
 * it best. Sliding never changes the number of changed lines.
 *
 * A group is a run of marked lines [start, end) on one side, possibly empty.
 * Each unmarked line separates two groups, so both sides have the same number
 * of groups and the i-th ones sit at the same place: the other side's group
 * is moved along with ours.
 */
#include "util/diff_int.h"

/* The indent heuristic's tuning: how git weighs a split between two lines (lower is better). */
#define MAX_INDENT 200
#define MAX_BLANKS 20
#define MAX_SLIDE 100
#define START_OF_FILE_PENALTY 1
#define END_OF_FILE_PENALTY 21
#define TOTAL_BLANK_WEIGHT (-30)
#define POST_BLANK_WEIGHT 6
#define RELATIVE_INDENT_PENALTY (-4)
#define RELATIVE_INDENT_WITH_BLANK_PENALTY 10
#define RELATIVE_OUTDENT_PENALTY 24
#define RELATIVE_OUTDENT_WITH_BLANK_PENALTY 17
#define RELATIVE_DEDENT_PENALTY 23
#define RELATIVE_DEDENT_WITH_BLANK_PENALTY 17
#define INDENT_WEIGHT 60

struct group {
	long start, end;
};

static void group_first(const struct diff_side *s, struct group *g)
{
	g->start = g->end = 0;
	while (s->chg[g->end])
		g->end++;
}

static int group_next(const struct diff_side *s, struct group *g)
{
	if (g->end >= s->nr)
		return 0;
	g->start = g->end = g->end + 1;
	while (s->chg[g->end])
		g->end++;
	return 1;
}

static int group_prev(const struct diff_side *s, struct group *g)
{
	if (g->start <= 0)
		return 0;
	g->start = g->end = g->start - 1;
	while (s->chg[g->start - 1])
		g->start--;
	return 1;
}

/* Move a group down one line (its first line equals the line below it), joining what follows. */
static int slide_down(struct diff_side *s, struct group *g)
{
	if (g->end >= s->nr || s->cls[g->start] != s->cls[g->end])
		return 0;
	s->chg[g->start++] = 0;
	s->chg[g->end++] = 1;
	while (s->chg[g->end])
		g->end++;
	return 1;
}

static int slide_up(struct diff_side *s, struct group *g)
{
	if (g->start <= 0 || s->cls[g->start - 1] != s->cls[g->end - 1])
		return 0;
	s->chg[--g->start] = 1;
	s->chg[--g->end] = 0;
	while (s->chg[g->start - 1])
		g->start--;
	return 1;
}

/* Columns of leading white space (tabs to multiples of 8); -1 for a blank line. */
static int line_indent(const struct sgit_diff_line *l)
{
	int col = 0;
	size_t i;

	for (i = 0; i < l->len; i++) {
		char c = l->ptr[i];

		if (c == ' ')
			col++;
		else if (c == '\t')
			col += 8 - col % 8;
		else if (c != '\n' && c != '\r')
			return col;
		if (col >= MAX_INDENT)
			return MAX_INDENT;
	}
	return -1;
}

/* What the heuristic looks at around a split before line `at`. */
struct split_view {
	int at_eof;		/* nothing but blank lines follow */
	int indent;		/* of the line after the split, -1 if blank */
	int blanks_before;	/* blank lines right above the split */
	int indent_before;	/* of the nearest non-blank line above, -1 if none */
	int blanks_after;	/* blank lines after the line after the split */
	int indent_after;	/* of the nearest non-blank line below that, -1 if none */
};

static void look_around(const struct diff_side *s, long at, struct split_view *v)
{
	long i;

	v->at_eof = at >= s->nr;
	v->indent = v->at_eof ? -1 : line_indent(&s->lines[at]);
	v->blanks_before = 0;
	v->indent_before = -1;
	for (i = at - 1; i >= 0; i--) {
		if ((v->indent_before = line_indent(&s->lines[i])) != -1)
			break;
		if (++v->blanks_before == MAX_BLANKS) {
			v->indent_before = 0;
			break;
		}
	}
	v->blanks_after = 0;
	v->indent_after = -1;
	for (i = at + 1; i < s->nr; i++) {
		if ((v->indent_after = line_indent(&s->lines[i])) != -1)
			break;
		if (++v->blanks_after == MAX_BLANKS) {
			v->indent_after = 0;
			break;
		}
	}
}

struct score {
	int indent;		/* sum of the effective indents of the splits */
	int penalty;
};

static int relative_penalty(const struct split_view *v, int indent, int blanks)
{
	if (indent == -1 || v->indent_before == -1 || indent == v->indent_before)
		return 0;
	if (indent > v->indent_before)
		return blanks ? RELATIVE_INDENT_WITH_BLANK_PENALTY : RELATIVE_INDENT_PENALTY;
	if (v->indent_after != -1 && v->indent_after > indent)
		return blanks ? RELATIVE_OUTDENT_WITH_BLANK_PENALTY : RELATIVE_OUTDENT_PENALTY;
	return blanks ? RELATIVE_DEDENT_WITH_BLANK_PENALTY : RELATIVE_DEDENT_PENALTY;
}

static void score_split(const struct diff_side *s, long at, struct score *sc)
{
	struct split_view v;
	int blanks_below, blanks, indent;

	look_around(s, at, &v);
	if (v.indent_before == -1 && v.blanks_before == 0)
		sc->penalty += START_OF_FILE_PENALTY;
	if (v.at_eof)
		sc->penalty += END_OF_FILE_PENALTY;
	blanks_below = v.indent == -1 ? 1 + v.blanks_after : 0;
	blanks = v.blanks_before + blanks_below;
	sc->penalty += TOTAL_BLANK_WEIGHT * blanks + POST_BLANK_WEIGHT * blanks_below;
	indent = v.indent != -1 ? v.indent : v.indent_after;
	sc->indent += indent;
	sc->penalty += relative_penalty(&v, indent, blanks != 0);
}

static int score_cmp(const struct score *a, const struct score *b)
{
	int by_indent = (a->indent > b->indent) - (a->indent < b->indent);

	return INDENT_WEIGHT * by_indent + (a->penalty - b->penalty);
}

/* The group, now at its lowest place, may end anywhere in [top_end, g->end]: pick the best end. */
static long best_end(const struct diff_side *s, const struct group *g, long size, long top_end)
{
	struct score best = { 0, 0 }, sc;
	long end = top_end, chosen = -1;

	/* git looks no further up than one group size plus one line, and MAX_SLIDE lines */
	if (end < g->end - size - 1)
		end = g->end - size - 1;
	if (end < g->end - MAX_SLIDE)
		end = g->end - MAX_SLIDE;
	for (; end <= g->end; end++) {
		sc = (struct score){ 0, 0 };
		score_split(s, end, &sc);
		score_split(s, end - size, &sc);
		if (chosen == -1 || score_cmp(&sc, &best) <= 0) {
			best = sc;
			chosen = end;
		}
	}
	return chosen;
}

static void place_group(struct diff_side *s, struct diff_side *o, struct group *g, struct group *go,
			int indent_heuristic)
{
	long size, top_end, aligned_end;

	/* sliding may swallow neighbouring groups; go on until the group stops growing */
	do {
		size = g->end - g->start;
		while (slide_up(s, g))
			group_prev(o, go);
		top_end = g->end;
		aligned_end = go->end > go->start ? g->end : -1;
		while (slide_down(s, g)) {
			group_next(o, go);
			if (go->end > go->start)
				aligned_end = g->end;
		}
	} while (size != g->end - g->start);

	if (g->end == top_end)
		return;
	if (aligned_end != -1) {
		while (go->end == go->start && slide_up(s, g))
			group_prev(o, go);
	} else if (indent_heuristic) {
		long end = best_end(s, g, size, top_end);

		while (g->end > end && slide_up(s, g))
			group_prev(o, go);
	}
}

void sgit_diff_compact(struct diff_side *s, struct diff_side *other, int indent_heuristic)
{
	struct group g, go;

	group_first(s, &g);
	group_first(other, &go);
	for (;;) {
		if (g.end > g.start)
			place_group(s, other, &g, &go, indent_heuristic);
		if (!group_next(s, &g) || !group_next(other, &go))
			break;
	}
}
