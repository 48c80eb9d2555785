/* tests/unit/porcelain/history/test_graph_lines.c: the graph's lines for small hand-made histories */
#include <stdio.h>
#include <string.h>
#include "unit.h"
#include "sgit/buf.h"
#include "sgit/graph.h"
#include "sgit/oid.h"

/* A commit of a hand-made history: a one-letter name and its parents' names. */
struct node {
	char name;
	const char *parents;
};

static struct sgit_oid oid_of(char name)
{
	struct sgit_oid id;

	sgit_oid_clear(&id);
	id.id[0] = (unsigned char)name;
	return id;
}

static int update(struct sgit_graph *g, const struct node *n, char mark)
{
	struct sgit_oid c = oid_of(n->name), p[16];
	size_t i, np = strlen(n->parents);

	for (i = 0; i < np && i < 16; i++)
		p[i] = oid_of(n->parents[i]);
	return sgit_graph_update_mark(g, &c, p, np, mark);
}

/* The history as "log --graph --format=%s" shows it (every entry one line). */
static void render(struct sgit_buf *out, const struct node *nodes, const struct sgit_graph_options *o)
{
	struct sgit_graph *g = NULL;
	const struct node *n;

	sgit_buf_reset(out);
	CU_ASSERT_EQUAL_FATAL(sgit_graph_new(&g, o, NULL), 0);
	for (n = nodes; n->name; n++) {
		CU_ASSERT_EQUAL(update(g, n, '*'), 0);
		CU_ASSERT_EQUAL(sgit_graph_add_commit_start(g, out), 0);
		CU_ASSERT_EQUAL(sgit_graph_add_msg(g, out, &n->name, 1), 0);
		sgit_buf_addch(out, '\n');
	}
	sgit_graph_free(g);
}

static const struct {
	const char *what;
	struct node nodes[12];
	const char *want;
} shapes[] = {
	{ "linear", { { 'c', "b" }, { 'b', "a" }, { 'a', "" }, { 0, NULL } },
	  "* c\n* b\n* a\n" },
	{ "merge", { { 'm', "ab" }, { 'b', "c" }, { 'a', "c" }, { 'c', "" }, { 0, NULL } },
	  "*   m\n|\\  \n| * b\n* | a\n|/  \n* c\n" },
	{ "two tips", { { 'b', "a" }, { 'c', "a" }, { 'a', "" }, { 0, NULL } },
	  "* b\n| * c\n|/  \n* a\n" },
	{ "octopus", { { 'm', "abc" }, { 'c', "r" }, { 'b', "r" }, { 'a', "r" }, { 'r', "" }, { 0, NULL } },
	  "*-.   m\n|\\ \\  \n| | * c\n| * | b\n| |/  \n* / a\n|/  \n* r\n" },
	{ "root in the middle", { { 'm', "ao" }, { 'o', "" }, { 'a', "" }, { 0, NULL } },
	  "*   m\n|\\  \n| * o\n* a\n" },
	{ "a tip beside a merge", { { 'x', "ab" }, { 'a', "r" }, { 'y', "b" }, { 'b', "r" }, { 'r', "" },
	  { 0, NULL } },
	  "*   x\n|\\  \n* | a\n| | * y\n| |/  \n| * b\n|/  \n* r\n" },
};

static void test_shapes(void)
{
	struct sgit_graph_options o = SGIT_GRAPH_OPTIONS_INIT;
	struct sgit_buf out = SGIT_BUF_INIT;
	size_t i;

	for (i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++) {
		render(&out, shapes[i].nodes, &o);
		if (strcmp(out.ptr, shapes[i].want)) {
			CU_FAIL("graph differs");
			fprintf(stderr, "\n%s:\n%s--- want\n%s", shapes[i].what, out.ptr, shapes[i].want);
		}
	}
	sgit_buf_release(&out);
}

/* The line the caller is told about is the commit's own; the others are not. */
static void test_commit_line_flag(void)
{
	static const struct node m = { 'm', "ab" };
	struct sgit_buf out = SGIT_BUF_INIT;
	struct sgit_graph *g = NULL;
	int is_commit = -1;

	CU_ASSERT_EQUAL_FATAL(sgit_graph_new(&g, NULL, NULL), 0);
	CU_ASSERT_EQUAL(update(g, &m, '*'), 0);
	CU_ASSERT_FALSE(sgit_graph_is_commit_finished(g));
	CU_ASSERT_EQUAL(sgit_graph_next_line(g, &out, &is_commit), 0);
	CU_ASSERT_EQUAL(is_commit, 1);
	CU_ASSERT_STRING_EQUAL(out.ptr, "*   ");
	CU_ASSERT_EQUAL(sgit_graph_next_line(g, &out, &is_commit), 0);
	CU_ASSERT_EQUAL(is_commit, 0);
	CU_ASSERT_STRING_EQUAL(out.ptr, "*   |\\  ");
	CU_ASSERT_TRUE(sgit_graph_is_commit_finished(g));
	sgit_buf_reset(&out);
	CU_ASSERT_EQUAL(sgit_graph_next_line(g, &out, NULL), 0);
	CU_ASSERT_STRING_EQUAL(out.ptr, "| | ");
	sgit_graph_free(g);
	sgit_buf_release(&out);
}

/* Before the commit line, padding shows the lanes as they are and does not move on. */
static void test_padding_before_commit(void)
{
	static const struct node m = { 'm', "ab" }, b = { 'b', "c" };
	struct sgit_buf out = SGIT_BUF_INIT;
	struct sgit_graph *g = NULL;

	CU_ASSERT_EQUAL_FATAL(sgit_graph_new(&g, NULL, NULL), 0);
	CU_ASSERT_EQUAL(update(g, &m, '*'), 0);
	CU_ASSERT_EQUAL(sgit_graph_add_remainder(g, &out, NULL), 0);
	CU_ASSERT_STRING_EQUAL(out.ptr, "*   \n|\\  ");
	CU_ASSERT_EQUAL(update(g, &b, '*'), 0);
	sgit_buf_reset(&out);
	CU_ASSERT_EQUAL(sgit_graph_padding_line(g, &out), 0);
	CU_ASSERT_EQUAL(sgit_graph_padding_line(g, &out), 0);
	CU_ASSERT_STRING_EQUAL(out.ptr, "| | | | ");
	sgit_buf_reset(&out);
	CU_ASSERT_EQUAL(sgit_graph_add_commit_start(g, &out), 0);
	CU_ASSERT_STRING_EQUAL(out.ptr, "| * ");
	sgit_graph_free(g);
	sgit_buf_release(&out);
}

/* A commit that comes before the last one's lines were all taken starts with "...". */
static void test_skip_line(void)
{
	static const struct node m = { 'm', "ab" }, b = { 'b', "c" };
	struct sgit_buf out = SGIT_BUF_INIT;
	struct sgit_graph *g = NULL;

	CU_ASSERT_EQUAL_FATAL(sgit_graph_new(&g, NULL, NULL), 0);
	CU_ASSERT_EQUAL(update(g, &m, '*'), 0);
	CU_ASSERT_EQUAL(sgit_graph_add_commit_start(g, &out), 0);
	CU_ASSERT_EQUAL(update(g, &b, '*'), 0);
	sgit_buf_reset(&out);
	CU_ASSERT_EQUAL(sgit_graph_add_commit_start(g, &out), 0);
	CU_ASSERT_STRING_EQUAL(out.ptr, "... \n| * ");
	sgit_graph_free(g);
	sgit_buf_release(&out);
}

/* A multi-line entry: later lines take the merge's edges, then padding; nothing is lost. */
static void test_message_lines(void)
{
	static const struct node m = { 'm', "ab" }, a = { 'a', "" };
	static const char text[] = "commit m\nAuthor: x\n\n    msg\n";
	struct sgit_buf out = SGIT_BUF_INIT;
	struct sgit_graph *g = NULL;

	CU_ASSERT_EQUAL_FATAL(sgit_graph_new(&g, NULL, NULL), 0);
	CU_ASSERT_EQUAL(update(g, &m, '*'), 0);
	CU_ASSERT_EQUAL(sgit_graph_add_commit_start(g, &out), 0);
	CU_ASSERT_EQUAL(sgit_graph_add_msg(g, &out, text, strlen(text)), 0);
	CU_ASSERT_STRING_EQUAL(out.ptr, "*   commit m\n|\\  Author: x\n| | \n| |     msg\n");
	CU_ASSERT_EQUAL(update(g, &a, '*'), 0);
	sgit_buf_reset(&out);
	CU_ASSERT_EQUAL(sgit_graph_add_prefixed(g, &out, "\n", 1), 0);
	CU_ASSERT_EQUAL(sgit_graph_add_commit_start(g, &out), 0);
	CU_ASSERT_EQUAL(sgit_graph_add_msg(g, &out, "", 0), 0);
	sgit_buf_addch(&out, '\n');
	CU_ASSERT_EQUAL(sgit_graph_add_prefixed(g, &out, "x\ny", 3), 0);
	/* a root: its lane ends, the one on its right slides over */
	CU_ASSERT_STRING_EQUAL(out.ptr, "| | \n* | \n /  \n|   x\n|   y");
	sgit_graph_free(g);
	sgit_buf_release(&out);
}

/* An entry without a final newline still gets the merge's lines, each on its own line. */
static void test_oneline_remainder(void)
{
	static const struct node m = { 'm', "abc" };
	struct sgit_buf out = SGIT_BUF_INIT;
	struct sgit_graph *g = NULL;

	CU_ASSERT_EQUAL_FATAL(sgit_graph_new(&g, NULL, NULL), 0);
	CU_ASSERT_EQUAL(update(g, &m, '*'), 0);
	CU_ASSERT_EQUAL(sgit_graph_add_commit_start(g, &out), 0);
	CU_ASSERT_EQUAL(sgit_graph_add_msg(g, &out, "m", 1), 0);
	CU_ASSERT_STRING_EQUAL(out.ptr, "*-.   m\n|\\ \\  ");
	sgit_graph_free(g);
	sgit_buf_release(&out);
}

/* Edges take the palette's colours in turn; the commit's own mark stays plain. */
static void test_colors(void)
{
	static const char *const palette[] = { "<1>", "<2>" };
	static const struct node nodes[] = { { 'x', "ab" }, { 'a', "r" }, { 'y', "b" }, { 'b', "r" },
		{ 'r', "" }, { 0, NULL } };
	struct sgit_graph_options o = SGIT_GRAPH_OPTIONS_INIT;
	struct sgit_buf out = SGIT_BUF_INIT;

	/* git --color=always on this history */
	o.color = 1;
	render(&out, nodes, &o);
	CU_ASSERT_STRING_EQUAL(out.ptr, "*   x\n\033[31m|\033[m\033[32m\\\033[m  \n* \033[32m|\033[m a\n"
			       "\033[32m|\033[m \033[32m|\033[m * y\n"
			       "\033[32m|\033[m \033[32m|\033[m\033[32m/\033[m  \n\033[32m|\033[m * b\n"
			       "\033[32m|\033[m\033[32m/\033[m  \n* r\n");
	o.palette = palette;
	o.palette_len = 2;
	render(&out, nodes, &o);
	CU_ASSERT_STRING_EQUAL(out.ptr, "*   x\n<1>|\033[m<2>\\\033[m  \n* <2>|\033[m a\n"
			       "<2>|\033[m <2>|\033[m * y\n<2>|\033[m <2>|\033[m<2>/\033[m  \n<2>|\033[m * b\n"
			       "<2>|\033[m<2>/\033[m  \n* r\n");
	sgit_buf_release(&out);
}

/* A boundary commit is drawn with the mark the caller gives. */
static void test_mark(void)
{
	static const struct node b = { 'b', "a" }, a = { 'a', "" };
	struct sgit_buf out = SGIT_BUF_INIT;
	struct sgit_graph *g = NULL;

	CU_ASSERT_EQUAL_FATAL(sgit_graph_new(&g, NULL, NULL), 0);
	CU_ASSERT_EQUAL(update(g, &b, '>'), 0);
	CU_ASSERT_EQUAL(sgit_graph_add_commit_start(g, &out), 0);
	CU_ASSERT_EQUAL(update(g, &a, 'o'), 0);
	CU_ASSERT_EQUAL(sgit_graph_add_commit_start(g, &out), 0);
	CU_ASSERT_STRING_EQUAL(out.ptr, "> o ");
	sgit_graph_free(g);
	sgit_graph_free(NULL);
	sgit_buf_release(&out);
}

static CU_TestInfo tests[] = {
	{ "small histories draw as git draws them", test_shapes },
	{ "only the commit's own line is flagged as the commit line", test_commit_line_flag },
	{ "padding before the commit line leaves the graph where it was", test_padding_before_commit },
	{ "an unfinished commit is followed by a skip line", test_skip_line },
	{ "the lines of a long entry take the merge edges", test_message_lines },
	{ "a one-line entry is followed by the merge's own lines", test_oneline_remainder },
	{ "edges are coloured from the palette in turn", test_colors },
	{ "the caller's mark replaces the star", test_mark },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "graph lines", .pTests = tests },
	CU_SUITE_INFO_NULL,
};
