/*
 * tests/unit/util/test_diff_histogram.c: the histogram diff (SGIT_DIFF_HISTOGRAM).
 *
 * Hunks written down from `git diff --no-index --histogram
 * --no-indent-heuristic` for inputs where the histogram and Myers disagree,
 * a region with more repeats than the histogram takes (handed to Myers),
 * then many pseudo-random pairs compared with git itself when it is there.
 * The three-way merge that uses it is checked in test_merge_tree.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "unit.h"
#include "util/diff.h"
#include "util/fs.h"
#include "util/merge3.h"

#define HIST (SGIT_DIFF_HISTOGRAM | SGIT_DIFF_NO_INDENT)

/* Lines given as letters: "cbba" is "c\nb\nb\na\n". */
static void letters(struct sgit_buf *out, const char *s)
{
	sgit_buf_reset(out);
	for (; *s; s++) {
		sgit_buf_addch(out, *s);
		sgit_buf_addch(out, '\n');
	}
}

static void unified(struct sgit_buf *out, const struct sgit_buf *a, const struct sgit_buf *b, unsigned flags)
{
	struct sgit_diff d = SGIT_DIFF_INIT;

	sgit_buf_reset(out);
	CU_ASSERT_EQUAL(sgit_diff_lines(&d, a->ptr, a->len, b->ptr, b->len, flags, NULL), 0);
	CU_ASSERT_EQUAL(sgit_diff_unified_add(out, &d, NULL, NULL), 0);
	sgit_diff_release(&d);
}

static const struct {
	const char *a, *b, *hist, *myers;
} known[] = {
	{ "cbbaac", "bcb", "@@ -1,6 +1,3 @@\n+b\n c\n b\n-b\n-a\n-a\n-c\n",
	  "@@ -1,6 +1,3 @@\n-c\n-b\n b\n-a\n-a\n c\n+b\n" },
	{ "acca", "aaac", "@@ -1,4 +1,4 @@\n a\n+a\n+a\n c\n-c\n-a\n",
	  "@@ -1,4 +1,4 @@\n a\n-c\n-c\n a\n+a\n+c\n" },
	{ "abc", "abc", "", "" },
	{ "", "ab", "@@ -0,0 +1,2 @@\n+a\n+b\n", "@@ -0,0 +1,2 @@\n+a\n+b\n" },
	{ "xyz", "pq", "@@ -1,3 +1,2 @@\n-x\n-y\n-z\n+p\n+q\n", "@@ -1,3 +1,2 @@\n-x\n-y\n-z\n+p\n+q\n" },
};

static void test_known(void)
{
	struct sgit_buf a = SGIT_BUF_INIT, b = SGIT_BUF_INIT, out = SGIT_BUF_INIT;
	size_t i;

	for (i = 0; i < sizeof(known) / sizeof(known[0]); i++) {
		letters(&a, known[i].a);
		letters(&b, known[i].b);
		unified(&out, &a, &b, HIST);
		CU_ASSERT_STRING_EQUAL(out.ptr, known[i].hist);
		unified(&out, &a, &b, SGIT_DIFF_NO_INDENT);
		CU_ASSERT_STRING_EQUAL(out.ptr, known[i].myers);
	}
	sgit_buf_release(&a);
	sgit_buf_release(&b);
	sgit_buf_release(&out);
}

/*
 * Every common line repeats more than 64 times: the region goes to Myers,
 * whose marks are then slid like any other (git's hunk, written down).
 */
static void test_many_repeats(void)
{
	struct sgit_buf a = SGIT_BUF_INIT, b = SGIT_BUF_INIT, out = SGIT_BUF_INIT, want = SGIT_BUF_INIT;
	int i;

	for (i = 0; i < 100; i++)
		sgit_buf_adds(&a, "x\n");
	for (i = 0; i < 111; i++)
		sgit_buf_adds(&b, i == 50 ? "y\n" : "x\n");
	sgit_buf_adds(&want, "@@ -48,6 +48,17 @@ x\n x\n x\n x\n+y\n");
	for (i = 0; i < 10; i++)
		sgit_buf_adds(&want, "+x\n");
	sgit_buf_adds(&want, " x\n x\n x\n");
	unified(&out, &a, &b, HIST);
	CU_ASSERT_STRING_EQUAL(out.ptr, want.ptr);
	sgit_buf_release(&a);
	sgit_buf_release(&b);
	sgit_buf_release(&out);
	sgit_buf_release(&want);
}

/* git merge (ort) cut this conflict with the histogram diff; Myers cuts it elsewhere. */
static void test_merge_uses_histogram(void)
{
	static const char base[] = "b\nb\nb\nb\na\nc\nc\nc\n", ours[] = "b\nb\nc\nb\na\nc\nc\n",
			  theirs[] = "b\nb\na\nb\na\nc\na\nc\nc\n",
			  want[] = "b\nb\n<<<<<<< HEAD\nc\nb\n=======\n>>>>>>> side\na\nb\na\nc\na\nc\n";
	struct sgit_merge3_options mo = SGIT_MERGE3_OPTIONS_INIT;
	struct sgit_buf out = SGIT_BUF_INIT;
	size_t conflicts = 0;

	mo.ours_label = "HEAD";
	mo.theirs_label = "side";
	mo.diff_flags = HIST;
	CU_ASSERT_EQUAL(sgit_merge3(&out, &conflicts, base, strlen(base), ours, strlen(ours), theirs,
				    strlen(theirs), &mo, NULL), 0);
	CU_ASSERT_STRING_EQUAL(out.ptr, want);
	CU_ASSERT_EQUAL(conflicts, 1);
	mo.diff_flags = SGIT_DIFF_NO_INDENT;
	CU_ASSERT_EQUAL(sgit_merge3(&out, &conflicts, base, strlen(base), ours, strlen(ours), theirs,
				    strlen(theirs), &mo, NULL), 0);
	CU_ASSERT_STRING_NOT_EQUAL(out.ptr, want);
	sgit_buf_release(&out);
}

/* ---- against git ---- */

static unsigned long rng_state;

static unsigned long rnd(unsigned long n)
{
	rng_state = rng_state * 6364136223846793005ul + 1442695040888963407ul;
	return (unsigned long)(rng_state >> 33) % n;
}

/* A random text of n lines over alpha, and an edited copy (k edits). */
static void random_pair(struct sgit_buf *a, struct sgit_buf *b, const char *alpha, size_t n, size_t k)
{
	char *lines = malloc(n + k + 1);
	size_t len = n, i, j, na = strlen(alpha);

	sgit_buf_reset(a);
	sgit_buf_reset(b);
	for (i = 0; i < n; i++)
		lines[i] = alpha[rnd(na)];
	for (i = 0; i < n; i++)
		sgit_buf_addf(a, "%c\n", lines[i]);
	for (j = 0; j < k; j++) {
		unsigned long op = rnd(10);

		if (op < 4 && len) {
			i = rnd(len);
			memmove(lines + i, lines + i + 1, len - i - 1);
			len--;
		} else if (op < 8) {
			i = rnd(len + 1);
			memmove(lines + i + 1, lines + i, len - i);
			lines[i] = alpha[rnd(na)];
			len++;
		} else if (len) {
			lines[rnd(len)] = alpha[rnd(na)];
		}
	}
	for (i = 0; i < len; i++)
		sgit_buf_addf(b, "%c\n", lines[i]);
	if (rnd(4) == 0 && b->len)
		sgit_buf_truncate(b, b->len - 1);
	free(lines);
}

static int write_tmp(const char *name, const struct sgit_buf *data)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	int rc;

	sgit_buf_printf(&path, "%s/%s", unit_tmpdir(), name);
	rc = sgit_fs_write_atomic(path.ptr, data->ptr, data->len, 0644, NULL);
	sgit_buf_release(&path);
	return rc;
}

static void test_against_git(void)
{
	static const char *const alphas[] = { "ab", "abc", "abcdef", "abcdefghijklmnop" };
	struct sgit_buf a = SGIT_BUF_INIT, b = SGIT_BUF_INIT, ours = SGIT_BUF_INIT, git = SGIT_BUF_INIT;
	struct sgit_buf path = SGIT_BUF_INIT;
	size_t i, bad = 0, n;

	if (unit_sh("git --version") != 0)
		return;
	rng_state = 12345;
	sgit_buf_printf(&path, "%s/h.out", unit_tmpdir());
	for (i = 0; i < 150; i++) {
		n = i < 100 ? rnd(40) : 100 + rnd(400);
		random_pair(&a, &b, alphas[rnd(4)], n, i < 100 ? rnd(9) : rnd(60));
		CU_ASSERT_EQUAL_FATAL(write_tmp("h.a", &a) | write_tmp("h.b", &b), 0);
		unit_sh("git diff --no-index --histogram --no-indent-heuristic h.a h.b | tail -n +5 >h.out");
		CU_ASSERT_EQUAL(sgit_fs_read_file(&git, path.ptr, NULL), 0);
		unified(&ours, &a, &b, HIST);
		if (strcmp(ours.ptr, git.ptr) && bad++ < 3)
			fprintf(stderr, "\n  case %zu differs:\n--- git\n%s--- sgit\n%s", i, git.ptr, ours.ptr);
	}
	CU_ASSERT_EQUAL(bad, 0);
	sgit_buf_release(&a);
	sgit_buf_release(&b);
	sgit_buf_release(&ours);
	sgit_buf_release(&git);
	sgit_buf_release(&path);
}

static CU_TestInfo histogram_tests[] = {
	{ "where lines repeat the histogram anchors on the rarest line", test_known },
	{ "a region of lines repeated too often still gives a diff (Myers takes it)", test_many_repeats },
	{ "the three-way merge cuts conflicts with the histogram when asked", test_merge_uses_histogram },
	{ "random texts diff as git diff --histogram does", test_against_git },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "histogram diff", .pTests = histogram_tests },
	CU_SUITE_INFO_NULL,
};
