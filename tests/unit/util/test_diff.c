/*
 * tests/unit/util/test_diff.c: the line diff, its hunks and unified text.
 *
 * Real git is the oracle: each pair of inputs is written to files and
 * `git diff --no-index --text -U<n> a b` runs on them; everything from its
 * first "@@" line on must equal our text byte for byte. --text keeps NUL
 * bytes from turning the output into "Binary files differ".
 *
 * Differences from git: none in the default mode for any input tried
 * (the cases here, and tens of thousands of random pairs up to 80,000 lines,
 * where both cost limits of the search come into play). With
 * SGIT_DIFF_MINIMAL the script is always a shortest one, while git --minimal
 * still sets aside some lines that are frequent on the other side, so for
 * about 1 in 1,000 small inputs with few distinct lines it shows another
 * script (as long or longer); that mode is not compared with git here. Like
 * git's, the default mode is not always minimal for the same reason, which
 * is why the minimality check uses SGIT_DIFF_MINIMAL.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "unit.h"
#include "util/diff.h"

#define S(lit) lit, sizeof(lit) - 1

struct pair {
	const char *name;
	const char *a;
	size_t alen;
	const char *b;
	size_t blen;
	unsigned context;
};

/* Our unified body for a -> b with `context` lines, with the flags git's own choice implies. */
static int our_body(struct sgit_buf *out, const char *a, size_t alen, const char *b, size_t blen,
		    unsigned context)
{
	struct sgit_diff d = SGIT_DIFF_INIT;
	struct sgit_diff_hunk_opts o = SGIT_DIFF_HUNK_OPTS_INIT;
	int rc;

	o.context = context;
	sgit_buf_reset(out);
	rc = sgit_diff_lines(&d, a, alen, b, blen, context ? 0 : SGIT_DIFF_TRIM_TAIL, NULL);
	if (!rc)
		rc = sgit_diff_unified_add(out, &d, &o, NULL);
	sgit_diff_release(&d);
	return rc;
}

static int write_file(const char *name, const char *data, size_t len)
{
	char path[512];
	FILE *f;
	int ok;

	snprintf(path, sizeof(path), "%s/%s", unit_tmpdir(), name);
	if (!(f = fopen(path, "wb")))
		return -1;
	ok = fwrite(data, 1, len, f) == len;
	return fclose(f) == 0 && ok ? 0 : -1;
}

/* git's body: from its first "@@" line on ("" when it finds no difference). */
static int git_body(struct sgit_buf *out, const char *a, size_t alen, const char *b, size_t blen,
		    unsigned context)
{
	char path[512];
	FILE *f;
	char chunk[4096];
	size_t n;
	const char *at;

	sgit_buf_reset(out);
	if (write_file("a", a, alen) || write_file("b", b, blen))
		return -1;
	if (unit_sh("GIT_CONFIG_GLOBAL=/dev/null git diff --no-index --no-color --no-ext-diff --text "
		    "-U%u a b >out; test $? -le 1", context))
		return -1;
	snprintf(path, sizeof(path), "%s/out", unit_tmpdir());
	if (!(f = fopen(path, "rb")))
		return -1;
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		sgit_buf_add(out, chunk, n);
	fclose(f);
	at = !strncmp(out->ptr, "@@ ", 3) ? out->ptr : strstr(out->ptr, "\n@@ ");
	if (!at)
		sgit_buf_reset(out);
	else if (at != out->ptr)
		memmove(out->ptr, at + 1, out->len - (size_t)(at + 1 - out->ptr) + 1),
			out->len -= (size_t)(at + 1 - out->ptr);
	return 0;
}

static void show(const char *what, const char *p, size_t len)
{
	size_t i;

	printf("--- %s (%zu bytes)\n", what, len);
	for (i = 0; i < len && i < 3000; i++)
		putchar(p[i] ? p[i] : '@');
	printf("\n");
}

/* How many of git's answers had hunks: proof that the oracle really ran. */
static unsigned git_bodies_seen;

/* 1 when our text equals git's; a mismatch is printed for whoever reads the log. */
static int same_as_git(const char *name, const char *a, size_t alen, const char *b, size_t blen,
		       unsigned context)
{
	struct sgit_buf ours = SGIT_BUF_INIT, theirs = SGIT_BUF_INIT;
	int same = our_body(&ours, a, alen, b, blen, context) == 0 &&
		   git_body(&theirs, a, alen, b, blen, context) == 0 && ours.len == theirs.len &&
		   !memcmp(ours.ptr, theirs.ptr, ours.len);

	if (theirs.len)
		git_bodies_seen++;
	if (!same) {
		printf("\ncase '%s' -U%u differs from git\n", name, context);
		show("a", a, alen);
		show("b", b, blen);
		show("sgit", ours.ptr, ours.len);
		show("git", theirs.ptr, theirs.len);
	}
	sgit_buf_release(&ours);
	sgit_buf_release(&theirs);
	return same;
}

#define LINES10 "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n"
#define C_FUNC "int main(void)\n{\n\tint x = 0;\n\n\tx++;\n\treturn x;\n}\n"

static const struct pair edge_cases[] = {
	{ "both empty", S(""), S(""), 3 },
	{ "old side empty", S(""), S("a\nb\n"), 3 },
	{ "new side empty", S("a\nb\n"), S(""), 3 },
	{ "identical", S("a\nb\nc\n"), S("a\nb\nc\n"), 3 },
	{ "old lacks the final newline", S("a\nb"), S("a\nb\n"), 3 },
	{ "new lacks the final newline", S("a\nb\n"), S("a\nb"), 3 },
	{ "both lack it, last lines differ", S("a\nb"), S("a\nc"), 3 },
	{ "both lack it, a change above", S("a\nb\nc\nd\ne\nf"), S("a\nB\nc\nd\ne\nf"), 3 },
	{ "both lack it, change near the end", S("a\nb\nc\nd"), S("a\nB\nc\nd"), 3 },
	{ "only the last line changes", S(LINES10), S("1\n2\n3\n4\n5\n6\n7\n8\n9\nten\n"), 3 },
	{ "last line changes, no newline", S("1\n2\n3\n4\n5\n6"), S("1\n2\n3\n4\n5\nsix"), 3 },
	{ "single line without newline", S("a"), S("b"), 3 },
	{ "empty to a line without newline", S(""), S("a"), 3 },
	{ "a line without newline to empty", S("a"), S(""), 3 },
	{ "crlf lines", S("a\r\nb\r\nc\r\n"), S("a\r\nB\r\nc\r\n"), 3 },
	{ "crlf against lf", S("a\r\nb\r\nc\r\n"), S("a\nb\r\nc\n"), 3 },
	{ "nul bytes", S("a\0b\nc\nd\0\n"), S("a\0c\nc\nd\0\n"), 3 },
	{ "nul bytes only", S("\0\0\n\0"), S("\0\n\0\0"), 3 },
	{ "change at the very start", S(LINES10), S("0\n2\n3\n4\n5\n6\n7\n8\n9\n10\n"), 3 },
	{ "insert at the very start", S(LINES10), S("0\n" LINES10), 3 },
	{ "append at the very end", S(LINES10), S(LINES10 "11\n"), 3 },
	{ "delete the first line", S(LINES10), S("2\n3\n4\n5\n6\n7\n8\n9\n10\n"), 3 },
	{ "six unchanged lines between changes join hunks", S(LINES10 "11\n12\n"),
	  S("1\nX\n3\n4\n5\n6\n7\n8\nY\n10\n11\n12\n"), 3 },
	{ "seven unchanged lines between changes split hunks", S(LINES10 "11\n12\n"),
	  S("1\nX\n3\n4\n5\n6\n7\n8\n9\nY\n11\n12\n"), 3 },
	{ "no context", S(LINES10), S("1\n2\nX\n4\n5\n6\nY\n8\n9\n10\n"), 0 },
	{ "no context, pure insertion", S(LINES10), S("1\n2\n2a\n3\n4\n5\n6\n7\n8\n9\n10\n"), 0 },
	{ "no context, pure deletion", S(LINES10), S("1\n2\n4\n5\n6\n7\n8\n9\n10\n"), 0 },
	{ "one line of context", S(LINES10), S("1\n2\nX\n4\n5\nY\n7\n8\n9\n10\n"), 1 },
	{ "wide context", S(LINES10), S("1\n2\nX\n4\n5\nY\n7\n8\n9\n10\n"), 10 },
	{ "a repeated line slides down", S("a\nb\nb\nc\n"), S("a\nb\nb\nb\nc\n"), 3 },
	{ "a repeated pair slides", S("x\na\nb\na\nb\ny\n"), S("x\na\nb\na\nb\na\nb\ny\n"), 3 },
	{ "deleted repeats slide", S("x\na\na\na\ny\n"), S("x\na\ny\n"), 3 },
	{ "blank lines around an insertion", S("a\n\nb\n"), S("a\n\nnew\n\nb\n"), 3 },
	{ "a new function after another", S(C_FUNC), S(C_FUNC "\n" C_FUNC), 3 },
	{ "a new block inside braces", S("f()\n{\n\tif (a) {\n\t\tb();\n\t}\n}\n"),
	  S("f()\n{\n\tif (a) {\n\t\tb();\n\t}\n\tif (a) {\n\t\tb();\n\t}\n}\n"), 3 },
	{ "indented blocks in python style", S("def a():\n    x = 1\n\ndef b():\n    y = 2\n"),
	  S("def a():\n    x = 1\n\ndef c():\n    z = 3\n\ndef b():\n    y = 2\n"), 3 },
	{ "a line as frequent as the limit among lone lines is set aside",
	  S("u1\nu2\nu3\nu4\nX\nu5\nu6\nu7\nu8\n"), S("X\nX\nv\nX\nX\n"), 3 },
	{ "a line less frequent than the limit is kept", S("u1\nu2\nu3\nu4\nX\nu5\nu6\nu7\nu8\n"),
	  S("X\nX\nv\nX\n"), 3 },
	{ "a frequent line needs three lone lines per frequent one", S("u1\nu2\nu3\nX\nu5\nu6\nu7\n"),
	  S("X\nX\nv\nX\nX\n"), 3 },
	{ "with more lone lines it is set aside", S("u1\nu2\nu3\nX\nu5\nu6\nu7\nu8\n"),
	  S("X\nX\nv\nX\nX\n"), 3 },
	{ "two changes that swap", S("a\nb\nc\n"), S("c\nb\na\n"), 3 },
	{ "everything differs", S("a\nb\nc\n"), S("x\ny\nz\n"), 3 },
	{ "growing from one line", S("a\n"), S("b\na\nb\n"), 3 },
	{ "function context", S("int f(void)\n{\n\t1;\n\t2;\n\t3;\n\t4;\n\t5;\n}\n"),
	  S("int f(void)\n{\n\t1;\n\t2;\n\t3;\n\t4;\n\tfive;\n}\n"), 3 },
	{ "function context ignores digits and indented lines",
	  S("$var\n1 x\n\tindented\n a\n b\n c\n d\n e\n"),
	  S("$var\n1 x\n\tindented\n a\n b\n c\n d\n E\n"), 3 },
	{ "function context is cut at 80 bytes",
	  S("_" "123456789012345678901234567890123456789012345678901234567890123456789012345678  9\n"
	    " a\n b\n c\n d\n e\n"),
	  S("_" "123456789012345678901234567890123456789012345678901234567890123456789012345678  9\n"
	    " a\n b\n c\n d\n E\n"), 3 },
	{ "function context drops trailing blanks",
	  S("name  \t\r\n1\n2\n3\n4\n5\n"), S("name  \t\r\n1\n2\n3\n4\nfive\n"), 3 },
	{ "function context comes from the old side", S("x\n1\n2\n3\n4\n5\n"),
	  S("y\n1\n2\n3\n4\nfive\n"), 3 },
	{ "function context of each hunk", S("A\n1\n2\n3\n4\n5\nB\n6\n7\n8\n9\n10\n11\n12\n"),
	  S("A\n1\n2\n3\n4\nfive\nB\n6\n7\n8\n9\n10\n11\ntwelve\n"), 1 },
	{ "function context not repeated from inside the hunk", S("A\n1\n2\n3\n4\n5\n"),
	  S("A\n1\nB\n2\n3\n4\nfive\n"), 0 },
};

static void test_edge_cases_give_gits_hunks(void)
{
	size_t i;

	for (i = 0; i < sizeof(edge_cases) / sizeof(edge_cases[0]); i++) {
		const struct pair *p = &edge_cases[i];

		CU_ASSERT(same_as_git(p->name, p->a, p->alen, p->b, p->blen, p->context));
	}
}

/* Literal expectations (each one also what git writes), so the format holds without git too. */
static const struct {
	const char *a, *b;
	unsigned context;
	const char *want;
} literal_cases[] = {
	{ "", "", 3, "" },
	{ "", "a\n", 3, "@@ -0,0 +1 @@\n+a\n" },
	{ "a\nb\n", "", 3, "@@ -1,2 +0,0 @@\n-a\n-b\n" },
	{ "a", "b", 3,
	  "@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+b\n\\ No newline at end of file\n" },
	{ "a\nb", "a\nb\n", 3, "@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n" },
	{ "p\nq\nr\n", "p\nq\nx\nr\n", 0, "@@ -2,0 +3 @@ q\n+x\n" },
	{ "p\nq\nr\n", "p\nr\n", 0, "@@ -2 +1,0 @@ p\n-q\n" },
	{ "1\n2\n3\n", "1\n3\n", 0, "@@ -2 +1,0 @@\n-2\n" },
	{ "f\n1\n2\n3\n4\n", "f\n1\n2\n3\nx\n", 1, "@@ -4,2 +4,2 @@ f\n 3\n-4\n+x\n" },
	{ "1\n2\n3\n4\n5\n6\n7\n8\n9\n", "1\nx\n3\n4\n5\n6\n7\n8\ny\n", 3,
	  "@@ -1,9 +1,9 @@\n 1\n-2\n+x\n 3\n 4\n 5\n 6\n 7\n 8\n-9\n+y\n" },
	{ "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n", "1\nx\n3\n4\n5\n6\n7\n8\n9\ny\n", 3,
	  "@@ -1,5 +1,5 @@\n 1\n-2\n+x\n 3\n 4\n 5\n@@ -7,4 +7,4 @@\n 7\n 8\n 9\n-10\n+y\n" },
	{ "$234567890123456789012345678901234567890123456789012345678901234567890123456789012345\n1\n",
	  "$234567890123456789012345678901234567890123456789012345678901234567890123456789012345\n2\n", 0,
	  "@@ -2 +2 @@ $2345678901234567890123456789012345678901234567890123456789012345678901234567890\n"
	  "-1\n+2\n" },
};

static void test_hunk_headers_are_written_as_git_writes_them(void)
{
	struct sgit_buf out = SGIT_BUF_INIT;
	size_t i;

	for (i = 0; i < sizeof(literal_cases) / sizeof(literal_cases[0]); i++) {
		CU_ASSERT_EQUAL(our_body(&out, literal_cases[i].a, strlen(literal_cases[i].a),
					 literal_cases[i].b, strlen(literal_cases[i].b),
					 literal_cases[i].context), 0);
		CU_ASSERT_STRING_EQUAL(out.ptr, literal_cases[i].want);
	}
	sgit_buf_release(&out);
}

/* A small seeded generator, so that failures can be replayed. */
static uint64_t rng_state;

static unsigned rnd(unsigned n)
{
	rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
	return n ? (unsigned)((rng_state >> 33) % n) : 0;
}

static const char *const vocab[] = {
	"int f(void)\n", "{\n", "}\n", "\n", "\n", "\treturn 0;\n", "\tx++;\n", "\tif (x) {\n",
	"\t\ty();\n", "\t}\n", "static int g;\n", "/* note */\n", "a\n", "b\n", "c\n", "  two\n",
	"    four\n", "\t\n",
};

#define NVOCAB (sizeof(vocab) / sizeof(vocab[0]))
#define MAX_LINES 400

/* A file as line ids: below NVOCAB a vocabulary line, above it "line <id>". */
struct text {
	unsigned n;
	unsigned id[MAX_LINES];
};

/* What random files look like: how long, how many unique lines, how many vocabulary lines used. */
struct shape {
	unsigned max_lines, unique_pct, nvocab;
};

static unsigned random_line(const struct shape *sh)
{
	return rnd(100) < sh->unique_pct ? (unsigned)NVOCAB + rnd(100000) : rnd(sh->nvocab);
}

static void add_line_text(struct sgit_buf *b, unsigned id)
{
	if (id < NVOCAB)
		sgit_buf_adds(b, vocab[id]);
	else
		sgit_buf_addf(b, "line %u\n", id);
}

/* One random edit: delete, insert, replace, or copy a few lines elsewhere. */
static void random_edit(struct text *t, const struct shape *sh)
{
	unsigned op = t->n ? rnd(4) : 1, at = rnd(t->n + 1), len = 1 + rnd(4), ins = 0, add[8], i;

	if (at + len > t->n)
		len = t->n - at;
	if (op == 1 || op == 3)
		len = 0;
	if (op == 1 || op == 2)
		for (ins = 1 + rnd(5), i = 0; i < ins; i++)
			add[i] = random_line(sh);
	if (op == 3)
		for (ins = 1 + rnd(4), i = 0; i < ins; i++)
			add[i] = t->id[rnd(t->n)];
	if (t->n - len + ins > MAX_LINES)
		return;
	memmove(&t->id[at + ins], &t->id[at + len], (t->n - at - len) * sizeof(t->id[0]));
	memcpy(&t->id[at], add, ins * sizeof(add[0]));
	t->n = t->n - len + ins;
}

static void render(struct sgit_buf *b, const struct text *t, int cut_newline)
{
	unsigned i;

	sgit_buf_reset(b);
	for (i = 0; i < t->n; i++)
		add_line_text(b, t->id[i]);
	if (cut_newline && b->len)
		sgit_buf_truncate(b, b->len - 1);
}

/* A random pair: a file and an edited copy; sometimes without the final newline. */
static void random_pair(struct sgit_buf *a, struct sgit_buf *b, const struct shape *sh)
{
	struct text *t = malloc(sizeof(*t));
	unsigned edits = 1 + rnd(5), i;

	if (!t)
		return;
	t->n = rnd(sh->max_lines + 1);
	for (i = 0; i < t->n; i++)
		t->id[i] = random_line(sh);
	render(a, t, rnd(8) == 0);
	while (edits--)
		random_edit(t, sh);
	render(b, t, rnd(8) == 0);
	free(t);
}

/*
 * Code-like files; mostly unique lines; and a few distinct lines among
 * unique ones, where lines frequent on the other side are set aside.
 */
static const struct shape shapes[] = {
	{ 40, 0, NVOCAB }, { 40, 0, 6 }, { 40, 30, NVOCAB }, { 150, 30, NVOCAB }, { 60, 50, 3 },
	{ 200, 70, 2 },
};

static void test_random_edits_give_gits_hunks(void)
{
	static const unsigned contexts[] = { 3, 3, 3, 0, 1, 5, 3 };
	struct sgit_buf a = SGIT_BUF_INIT, b = SGIT_BUF_INIT;
	char name[64];
	unsigned i, failures = 0;

	rng_state = 20240601;
	git_bodies_seen = 0;
	for (i = 0; i < 600 && failures < 3; i++) {
		random_pair(&a, &b, &shapes[i / 100]);
		snprintf(name, sizeof(name), "random %u", i);
		if (!same_as_git(name, a.ptr, a.len, b.ptr, b.len, contexts[i % 7]))
			failures++;
	}
	CU_ASSERT_EQUAL(failures, 0);
	CU_ASSERT(git_bodies_seen > 500);
	sgit_buf_release(&a);
	sgit_buf_release(&b);
}

/* Check that the changes of d turn a's lines into b's, and return the script's length. */
static size_t check_script(const struct sgit_diff *d)
{
	size_t i, o = 0, n = 0, k, cost = 0;
	const struct sgit_diff_change *c;

	for (k = 0; k <= d->nr_changes; k++) {
		size_t end = k < d->nr_changes ? d->changes[k].old_start : d->old_nr;

		c = k < d->nr_changes ? &d->changes[k] : NULL;
		CU_ASSERT_EQUAL_FATAL(end - o, (c ? c->new_start : d->new_nr) - n);
		for (i = 0; o < end; o++, n++, i++)
			CU_ASSERT_FATAL(d->old_lines[o].len == d->new_lines[n].len &&
					!memcmp(d->old_lines[o].ptr, d->new_lines[n].ptr, d->old_lines[o].len));
		if (!c)
			break;
		CU_ASSERT(c->old_count + c->new_count > 0);
		CU_ASSERT(k == 0 || c->old_start > d->changes[k - 1].old_start + d->changes[k - 1].old_count);
		o += c->old_count;
		n += c->new_count;
		cost += c->old_count + c->new_count;
	}
	return cost;
}

/* The edit distance (insertions + deletions) by the textbook LCS table. */
static size_t brute_force_distance(const struct sgit_diff *d)
{
	size_t na = d->old_nr, nb = d->new_nr, i, j, lcs[24][24];

	for (i = 0; i <= na; i++)
		for (j = 0; j <= nb; j++) {
			if (!i || !j)
				lcs[i][j] = 0;
			else if (d->old_lines[i - 1].len == d->new_lines[j - 1].len &&
				 !memcmp(d->old_lines[i - 1].ptr, d->new_lines[j - 1].ptr, d->old_lines[i - 1].len))
				lcs[i][j] = lcs[i - 1][j - 1] + 1;
			else
				lcs[i][j] = lcs[i - 1][j] > lcs[i][j - 1] ? lcs[i - 1][j] : lcs[i][j - 1];
		}
	return na + nb - 2 * lcs[na][nb];
}

static void small_random_lines(struct sgit_buf *b, unsigned max, unsigned alphabet)
{
	unsigned n = rnd(max + 1);

	sgit_buf_reset(b);
	while (n--)
		sgit_buf_addch(b, (char)('a' + rnd(alphabet))), sgit_buf_addch(b, '\n');
}

static void test_the_script_is_minimal_on_small_inputs(void)
{
	struct sgit_buf a = SGIT_BUF_INIT, b = SGIT_BUF_INIT;
	struct sgit_diff d = SGIT_DIFF_INIT;
	unsigned i, bad = 0;

	rng_state = 7;
	for (i = 0; i < 3000; i++) {
		small_random_lines(&a, 20, 2 + i % 4);
		small_random_lines(&b, 20, 2 + i % 4);
		CU_ASSERT_EQUAL_FATAL(sgit_diff_lines(&d, a.ptr, a.len, b.ptr, b.len, SGIT_DIFF_MINIMAL,
						      NULL), 0);
		if (check_script(&d) != brute_force_distance(&d))
			bad++;
		/* the default mode may set frequent lines aside, but stays a valid script */
		CU_ASSERT_EQUAL_FATAL(sgit_diff_lines(&d, a.ptr, a.len, b.ptr, b.len, 0, NULL), 0);
		check_script(&d);
	}
	CU_ASSERT_EQUAL(bad, 0);
	sgit_diff_release(&d);
	sgit_buf_release(&a);
	sgit_buf_release(&b);
}

/* Far apart inputs: the cost limit cuts the search short, the script stays valid; git agrees. */
static void test_large_different_inputs_stay_correct(void)
{
	struct sgit_buf a = SGIT_BUF_INIT, b = SGIT_BUF_INIT;
	struct sgit_diff d = SGIT_DIFF_INIT;
	unsigned i;

	rng_state = 99;
	for (i = 0; i < 3000; i++) {
		add_line_text(&a, random_line(&shapes[2]));
		if (rnd(3))
			add_line_text(&b, random_line(&shapes[2]));
		else
			sgit_buf_addf(&b, "line %u\n", i);
	}
	CU_ASSERT_EQUAL(sgit_diff_lines(&d, a.ptr, a.len, b.ptr, b.len, 0, NULL), 0);
	check_script(&d);
	CU_ASSERT(same_as_git("large and different", a.ptr, a.len, b.ptr, b.len, 3));
	sgit_diff_release(&d);
	sgit_buf_release(&a);
	sgit_buf_release(&b);
}

static void test_a_long_common_tail_is_dropped_with_no_context(void)
{
	struct sgit_buf a = SGIT_BUF_INIT, b = SGIT_BUF_INIT;
	unsigned i;

	sgit_buf_adds(&a, "top\n");
	sgit_buf_adds(&b, "top\nb\n");
	for (i = 0; i < 1000; i++) {
		sgit_buf_adds(&a, "b\n");
		sgit_buf_adds(&b, "b\n");
	}
	CU_ASSERT(same_as_git("common tail, no context", a.ptr, a.len, b.ptr, b.len, 0));
	CU_ASSERT(same_as_git("common tail, context", a.ptr, a.len, b.ptr, b.len, 3));
	sgit_buf_release(&a);
	sgit_buf_release(&b);
}

static void test_matched_ranges_lie_between_the_changes(void)
{
	static const char a[] = "a\nb\nc\nd\ne\nf\n", b[] = "a\nx\nc\nd\nf\ny\n";
	struct sgit_diff d = SGIT_DIFF_INIT;
	struct sgit_diff_match *m = NULL;
	size_t nr = 0, added, removed;

	CU_ASSERT_EQUAL_FATAL(sgit_diff_lines(&d, S(a), S(b), 0, NULL), 0);
	CU_ASSERT_EQUAL(sgit_diff_matches(&m, &nr, &d, NULL), 0);
	CU_ASSERT_EQUAL_FATAL(nr, 3);
	CU_ASSERT(m[0].old_start == 0 && m[0].new_start == 0 && m[0].len == 1);
	CU_ASSERT(m[1].old_start == 2 && m[1].new_start == 2 && m[1].len == 2);
	CU_ASSERT(m[2].old_start == 5 && m[2].new_start == 4 && m[2].len == 1);
	sgit_diff_count(&d, &added, &removed);
	CU_ASSERT(added == 2 && removed == 2);
	free(m);
	sgit_diff_release(&d);
}

static int stop_at_first_minus(char origin, const struct sgit_diff_line *line, void *payload)
{
	(void)line;
	(*(int *)payload)++;
	return origin == '-' ? 42 : 0;
}

static void test_the_line_walk_stops_when_asked(void)
{
	struct sgit_diff d = SGIT_DIFF_INIT;
	struct sgit_diff_hunk_opts o = SGIT_DIFF_HUNK_OPTS_INIT;
	struct sgit_diff_hunk *h = NULL;
	size_t nr = 0;
	int calls = 0;

	CU_ASSERT_EQUAL_FATAL(sgit_diff_lines(&d, S("a\nb\nc\n"), S("a\nc\n"), 0, NULL), 0);
	CU_ASSERT_EQUAL(sgit_diff_hunks(&h, &nr, &d, &o, NULL), 0);
	CU_ASSERT_EQUAL_FATAL(nr, 1);
	CU_ASSERT_EQUAL(sgit_diff_hunk_foreach(&d, &h[0], stop_at_first_minus, &calls), 42);
	CU_ASSERT_EQUAL(calls, 2);
	free(h);
	sgit_diff_release(&d);
}

static void test_binary_is_a_nul_in_the_first_8000_bytes(void)
{
	char *p = calloc(1, 9000);

	CU_ASSERT_FATAL(p != NULL);
	memset(p, 'x', 9000);
	CU_ASSERT_FALSE(sgit_diff_is_binary(p, 9000));
	p[7999] = '\0';
	CU_ASSERT_TRUE(sgit_diff_is_binary(p, 9000));
	p[7999] = 'x';
	p[8000] = '\0';
	CU_ASSERT_FALSE(sgit_diff_is_binary(p, 9000));
	CU_ASSERT_FALSE(sgit_diff_is_binary("", 0));
	free(p);
}

static CU_TestInfo diff_tests[] = {
	{ "edge cases give git's hunks", test_edge_cases_give_gits_hunks },
	{ "hunk headers are written as git writes them",
	  test_hunk_headers_are_written_as_git_writes_them },
	{ "random edits give git's hunks", test_random_edits_give_gits_hunks },
	{ "the script is minimal on small inputs", test_the_script_is_minimal_on_small_inputs },
	{ "large different inputs stay correct", test_large_different_inputs_stay_correct },
	{ "a long common tail is dropped with no context",
	  test_a_long_common_tail_is_dropped_with_no_context },
	{ "matched ranges lie between the changes", test_matched_ranges_lie_between_the_changes },
	{ "the line walk stops when asked", test_the_line_walk_stops_when_asked },
	{ "binary is a nul in the first 8000 bytes", test_binary_is_a_nul_in_the_first_8000_bytes },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "util/diff", .pTests = diff_tests },
	CU_SUITE_INFO_NULL,
};
