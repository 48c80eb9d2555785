/*
 * tests/unit/util/test_merge3.c: the three-way line merge.
 *
 * Real git is the oracle: each (base, ours, theirs) is written to files and
 * `git merge-file -p -L ours -L base -L theirs` runs on them; our text and
 * number of conflicts must equal its output and exit code. merge-file works
 * at the ZEALOUS_ALNUM level; the ZEALOUS level of `git merge` is checked on
 * cases where the two differ, against text that `git merge -s recursive`
 * wrote (ort, git's default strategy, diffs with the histogram algorithm
 * instead of Myers, so its hunks can differ on files with repeated lines).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "unit.h"
#include "util/fs.h"
#include "util/merge3.h"

#define S(lit) lit, sizeof(lit) - 1

struct m3case {
	const char *name;
	const char *base;
	size_t blen;
	const char *ours;
	size_t olen;
	const char *theirs;
	size_t tlen;
};
#define CASE(name, b, o, t) { name, S(b), S(o), S(t) }

static const struct m3case cases[] = {
	CASE("nothing changed", "a\nb\nc\n", "a\nb\nc\n", "a\nb\nc\n"),
	CASE("only ours changed", "a\nb\nc\n", "a\nB\nc\n", "a\nb\nc\n"),
	CASE("only theirs changed", "a\nb\nc\n", "a\nb\nc\n", "a\nb\nC\n"),
	CASE("the same change on both sides", "a\nb\nc\n", "a\nB\nc\n", "a\nB\nc\n"),
	CASE("the same line deleted on both sides", "a\nb\nc\n", "a\nc\n", "a\nc\n"),
	CASE("changes one line apart", "a\nb\nc\nd\ne\n", "A\nb\nc\nd\ne\n", "a\nb\nC\nd\ne\n"),
	CASE("changes on adjacent lines conflict", "a\nb\nc\nd\n", "a\nB\nc\nd\n", "a\nb\nC\nd\n"),
	CASE("insertions at the same place conflict", "a\nb\n", "a\nx\nb\n", "a\ny\nb\n"),
	CASE("the same insertion at the same place", "a\nb\n", "a\nx\nb\n", "a\nx\nb\n"),
	CASE("an insertion next to a change conflicts", "a\nb\nc\n", "a\nx\nb\nc\n", "a\nB\nc\n"),
	CASE("a change against a deletion", "a\nb\nc\n", "a\nB\nc\n", "a\nc\n"),
	CASE("a conflict at the start", "a\nb\nc\n", "1\nb\nc\n", "2\nb\nc\n"),
	CASE("a conflict at the end", "a\nb\nc\n", "a\nb\n1\n", "a\nb\n2\n"),
	CASE("a conflict whose sides share leading and trailing lines is shrunk",
	     "a\nb\nc\nd\n", "a\nX\nsame\nY1\ntail\nd\n", "a\nX\nsame\nY2\ntail\nd\n"),
	CASE("identical lines inside a conflict split it",
	     "0\n1\n2\n3\n4\n5\n6\n7\n8\n9\n",
	     "0\nA\n2\n3\n4\n5\n6\n7\nB\n9\n", "0\na\n2\n3\n4\n5\n6\n7\nb\n9\n"),
	CASE("two conflicts three lines apart become one",
	     "a\nb\nc\nd\ne\nf\ng\n", "A\nb\nc\nd\nE\nf\ng\n", "1\nb\nc\nd\n5\nf\ng\n"),
	CASE("two conflicts four lines apart stay two",
	     "a\nb\nc\nd\ne\nf\ng\n", "A\nb\nc\nd\ne\nF\ng\n", "1\nb\nc\nd\ne\n6\ng\n"),
	CASE("two conflicts apart by lines without letters become one",
	     "a\n}\n\n}\n{\nf\n", "A\n}\n\n}\n{\nF\n", "1\n}\n\n}\n{\n6\n"),
	CASE("a conflict inside a refined conflict",
	     "x\n", "a\nsame\nb\nsame2\nc\n", "1\nsame\n2\nsame2\n3\n"),
	CASE("ours lacks the final newline in a conflict", "a\nb\n", "a\nB", "a\nC\n"),
	CASE("theirs lacks the final newline in a conflict", "a\nb\n", "a\nB\n", "a\nC"),
	CASE("both lack the final newline, differently", "a\nb", "a\nB", "a\nC"),
	CASE("both add the final newline", "a\nb", "a\nb\n", "a\nb\n"),
	CASE("one side adds the final newline, the other a line", "a\nb", "a\nb\n", "x\na\nb"),
	CASE("one side drops the final newline, the other appends", "a\nb\n", "a\nb", "a\nb\nc\n"),
	CASE("the base lacks a final newline and theirs appends", "a\nb", "A\nb", "a\nb\nc\n"),
	CASE("both sides add a file", "", "a\nb\n", "a\nc\n"),
	CASE("both sides add the same file", "", "a\nb\n", "a\nb\n"),
	CASE("ours empties the file, theirs changes it", "a\nb\n", "", "a\nB\n"),
	CASE("theirs empties the file, ours keeps it", "a\nb\n", "a\nb\n", ""),
	CASE("everything empty", "", "", ""),
	CASE("every line replaced differently", "a\nb\nc\n", "1\n2\n3\n", "x\ny\nz\n"),
	CASE("lines ending in CRLF give markers in CRLF",
	     "a\r\nb\r\nc\r\n", "a\r\nB\r\nc\r\n", "a\r\nC\r\nc\r\n"),
	CASE("mixed line ends give markers in LF", "a\r\nb\nc\r\n", "a\r\nB\nc\r\n", "a\r\nC\nc\r\n"),
	CASE("CRLF sides lacking the final newline", "a\r\nb\r\n", "a\r\nB", "a\r\nC"),
	CASE("repeated lines", "x\nx\nx\nx\n", "x\ny\nx\nx\nx\n", "x\nx\nx\nz\nx\n"),
	CASE("a deletion and a change far apart", "1\n2\n3\n4\n5\n6\n7\n8\n",
	     "1\n3\n4\n5\n6\n7\n8\n", "1\n2\n3\n4\n5\n6\n7\nEIGHT\n"),
	CASE("many changes on both sides",
	     "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nm\n",
	     "a\nB\nc\nd\nE\nf\ng\nh\nI\nj\nk\nl\nM\n",
	     "a\nb\nC\nd\nE\nf\ng\nH\ni\nj\nK\nl\nm\nn\n"),
	CASE("a side that only inserts blank lines", "a\nb\n", "a\n\n\nb\n", "a\nB\n"),
	CASE("the same change plus another on one side", "a\nb\nc\nd\ne\n",
	     "a\nB\nc\nd\nE\n", "a\nB\nc\nd\ne\n"),
	CASE("overlapping changes of different lengths", "1\n2\n3\n4\n5\n6\n",
	     "1\nx\ny\n6\n", "1\n2\n3\nz\n5\n6\n"),
};

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

static int read_tmp(struct sgit_buf *out, const char *name)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	int rc;

	sgit_buf_printf(&path, "%s/%s", unit_tmpdir(), name);
	rc = sgit_fs_read_file(out, path.ptr, NULL);
	sgit_buf_release(&path);
	return rc;
}

/* Write case c as files <prefix>.o, .b and .t. */
static int write_case(const char *prefix, const struct m3case *c)
{
	char name[128];

	snprintf(name, sizeof(name), "%s.o", prefix);
	if (write_file(name, c->ours, c->olen))
		return -1;
	snprintf(name, sizeof(name), "%s.b", prefix);
	if (write_file(name, c->base, c->blen))
		return -1;
	snprintf(name, sizeof(name), "%s.t", prefix);
	return write_file(name, c->theirs, c->tlen);
}

/*
 * Run git merge-file with git_args on every case written as <prefix><i>.*,
 * leaving its output in <prefix><i>.out and its exit code in <prefix><i>.rc.
 */
static int run_git(const char *prefix, size_t n, const char *git_args)
{
	return unit_sh("i=0; while [ $i -lt %zu ]; do p=%s$i; "
		       "git merge-file -p -L ours -L base -L theirs %s $p.o $p.b $p.t >$p.out; "
		       "echo $? >$p.rc; i=$((i + 1)); done",
		       n, prefix, git_args);
}

/* Our merge of case c equals git's output and exit code for it (left by run_git). */
static int same_as_git(const struct m3case *c, const char *prefix,
		       const struct sgit_merge3_options *opts)
{
	struct sgit_buf ours = SGIT_BUF_INIT, want = SGIT_BUF_INIT, rc_text = SGIT_BUF_INIT;
	char name[128];
	size_t conflicts = 99;
	int same = 0;

	snprintf(name, sizeof(name), "%s.out", prefix);
	if (read_tmp(&want, name) < 0)
		goto out;
	snprintf(name, sizeof(name), "%s.rc", prefix);
	if (read_tmp(&rc_text, name) < 0 ||
	    sgit_merge3(&ours, &conflicts, c->base, c->blen, c->ours, c->olen, c->theirs, c->tlen,
			opts, NULL) < 0)
		goto out;
	same = ours.len == want.len && !memcmp(ours.ptr, want.ptr, ours.len) &&
	       (size_t)atoi(rc_text.ptr) == conflicts;
	if (!same)
		printf("\n  %s: git (exit %d):\n%s\n  ours (%zu conflicts):\n%s\n", c->name,
		       atoi(rc_text.ptr), want.ptr, conflicts, ours.ptr);
out:
	sgit_buf_release(&ours);
	sgit_buf_release(&want);
	sgit_buf_release(&rc_text);
	return same;
}

/* Every handmade case against git merge-file with git_args and our opts. */
static void check_cases(const char *git_args, const struct sgit_merge3_options *opts)
{
	char prefix[32];
	size_t i, n = sizeof(cases) / sizeof(cases[0]);

	for (i = 0; i < n; i++) {
		snprintf(prefix, sizeof(prefix), "h%zu", i);
		CU_ASSERT_EQUAL_FATAL(write_case(prefix, &cases[i]), 0);
	}
	CU_ASSERT_EQUAL_FATAL(run_git("h", n, git_args), 0);
	for (i = 0; i < n; i++) {
		snprintf(prefix, sizeof(prefix), "h%zu", i);
		CU_ASSERT(same_as_git(&cases[i], prefix, opts));
	}
}

static struct sgit_merge3_options file_opts(void)
{
	struct sgit_merge3_options o = SGIT_MERGE3_OPTIONS_INIT;

	o.ours_label = "ours";
	o.base_label = "base";
	o.theirs_label = "theirs";
	o.level = SGIT_MERGE3_ZEALOUS_ALNUM;
	return o;
}

static void test_cases_merge(void)
{
	struct sgit_merge3_options o = file_opts();

	check_cases("", &o);
}

static void test_cases_diff3(void)
{
	struct sgit_merge3_options o = file_opts();

	o.style = SGIT_MERGE3_STYLE_DIFF3;
	check_cases("--diff3", &o);
}

static void test_cases_favor(void)
{
	static const struct {
		const char *arg;
		enum sgit_merge3_favor favor;
	} favors[] = {
		{ "--ours", SGIT_MERGE3_FAVOR_OURS },
		{ "--theirs", SGIT_MERGE3_FAVOR_THEIRS },
		{ "--union", SGIT_MERGE3_FAVOR_UNION },
	};
	struct sgit_merge3_options o = file_opts();
	size_t k;

	for (k = 0; k < sizeof(favors) / sizeof(favors[0]); k++) {
		o.favor = favors[k].favor;
		check_cases(favors[k].arg, &o);
	}
}

static void test_cases_marker_size(void)
{
	struct sgit_merge3_options o = file_opts();

	o.marker_size = 10;
	check_cases("--marker-size=10", &o);
}

/* A small deterministic generator, so that the random cases are the same on every run. */
static unsigned long next_rand(unsigned long *state)
{
	*state = *state * 6364136223846793005ul + 1442695040888963407ul;
	return (*state >> 33) & 0x7fffffff;
}

static const char *const words[] = { "a\n", "b\n", "c\n", "}\n", "\n", "x\n", "{\n", "foo\n",
				     "bar\n", " \n", "n1\n", "n2\n", "n3\n", "n4\n" };
#define NWORDS (sizeof(words) / sizeof(words[0]))

/* Base lines as word indexes; a side is the base with a few lines replaced, inserted or deleted. */
static void make_side(struct sgit_buf *out, const unsigned *base, size_t n, unsigned long *st)
{
	unsigned lines[128];
	size_t len = n, k, edits = next_rand(st) % 6, p;

	memcpy(lines, base, n * sizeof(*base));
	for (k = 0; k < edits; k++) {
		unsigned op = next_rand(st) % 3;

		p = len ? next_rand(st) % (len + (op == 1)) : 0;
		if (op == 0 && len)
			lines[p] = next_rand(st) % NWORDS;
		else if (op == 1 && len < 127) {
			memmove(lines + p + 1, lines + p, (len - p) * sizeof(*lines));
			lines[p] = next_rand(st) % NWORDS;
			len++;
		} else if (op == 2 && len) {
			memmove(lines + p, lines + p + 1, (len - p - 1) * sizeof(*lines));
			len--;
		}
	}
	sgit_buf_reset(out);
	for (k = 0; k < len; k++)
		sgit_buf_adds(out, words[lines[k]]);
	/* now and then no final newline */
	if (out->len && next_rand(st) % 8 == 0)
		sgit_buf_truncate(out, out->len - 1);
}

#define NRANDOM 300

static void test_random_cases(void)
{
	struct sgit_buf b = SGIT_BUF_INIT, o = SGIT_BUF_INIT, t = SGIT_BUF_INIT;
	struct sgit_merge3_options opts = file_opts();
	unsigned long st = 20240601;
	unsigned base[64];
	char prefix[32];
	size_t i, k, n, bad = 0;
	struct m3case *cs = calloc(NRANDOM, sizeof(*cs));

	CU_ASSERT_PTR_NOT_NULL_FATAL(cs);
	for (i = 0; i < NRANDOM; i++) {
		n = next_rand(&st) % 40;
		for (k = 0; k < n; k++)
			base[k] = next_rand(&st) % NWORDS;
		make_side(&b, base, n, &st);
		make_side(&o, base, n, &st);
		make_side(&t, base, n, &st);
		cs[i].name = "random";
		cs[i].base = sgit_buf_detach(&b, &cs[i].blen);
		cs[i].ours = sgit_buf_detach(&o, &cs[i].olen);
		cs[i].theirs = sgit_buf_detach(&t, &cs[i].tlen);
		snprintf(prefix, sizeof(prefix), "r%zu", i);
		CU_ASSERT_EQUAL(write_case(prefix, &cs[i]), 0);
	}
	CU_ASSERT_EQUAL(run_git("r", NRANDOM, ""), 0);
	for (i = 0; i < NRANDOM; i++) {
		snprintf(prefix, sizeof(prefix), "r%zu", i);
		bad += !same_as_git(&cs[i], prefix, &opts);
		free((char *)cs[i].base);
		free((char *)cs[i].ours);
		free((char *)cs[i].theirs);
	}
	CU_ASSERT_EQUAL(bad, 0);
	free(cs);
}

/* Expected texts for the ZEALOUS level, as `git merge -s recursive` wrote them. */
static void test_zealous_level(void)
{
	static const struct {
		struct m3case c;
		const char *want;
		size_t conflicts;
	} z[] = {
		{ CASE("conflicts apart by four lines without letters stay two",
		       "a\n}\n\n}\n{\nf\n", "A\n}\n\n}\n{\nF\n", "1\n}\n\n}\n{\n6\n"),
		  "<<<<<<< ours\nA\n=======\n1\n>>>>>>> theirs\n}\n\n}\n{\n"
		  "<<<<<<< ours\nF\n=======\n6\n>>>>>>> theirs\n", 2 },
		{ CASE("conflicts three lines apart still join",
		       "a\nb\nc\nd\ne\n", "A\nb\nc\nd\nE\n", "1\nb\nc\nd\n5\n"),
		  "<<<<<<< ours\nA\nb\nc\nd\nE\n=======\n1\nb\nc\nd\n5\n>>>>>>> theirs\n", 1 },
		{ CASE("common lines at the edges leave the conflict",
		       "a\nb\nc\n", "a\nsame\nX\nc\n", "a\nsame\nY\nc\n"),
		  "a\nsame\n<<<<<<< ours\nX\n=======\nY\n>>>>>>> theirs\nc\n", 1 },
	};
	struct sgit_merge3_options o = SGIT_MERGE3_OPTIONS_INIT;
	struct sgit_buf out = SGIT_BUF_INIT;
	size_t k, conflicts;

	o.ours_label = "ours";
	o.theirs_label = "theirs";
	for (k = 0; k < sizeof(z) / sizeof(z[0]); k++) {
		CU_ASSERT_EQUAL(sgit_merge3(&out, &conflicts, z[k].c.base, z[k].c.blen, z[k].c.ours,
					    z[k].c.olen, z[k].c.theirs, z[k].c.tlen, &o, NULL), 0);
		CU_ASSERT_STRING_EQUAL(out.ptr, z[k].want);
		CU_ASSERT_EQUAL(conflicts, z[k].conflicts);
	}
	sgit_buf_release(&out);
}

static void test_no_labels(void)
{
	struct sgit_buf out = SGIT_BUF_INIT;
	size_t conflicts = 0;

	CU_ASSERT_EQUAL(sgit_merge3(&out, &conflicts, S("a\n"), S("b\n"), S("c\n"), NULL, NULL), 0);
	CU_ASSERT_STRING_EQUAL(out.ptr, "<<<<<<<\nb\n=======\nc\n>>>>>>>\n");
	CU_ASSERT_EQUAL(conflicts, 1);
	sgit_buf_release(&out);
}

static void test_unchanged_side_gives_other(void)
{
	struct sgit_buf out = SGIT_BUF_INIT;
	size_t conflicts = 5;

	CU_ASSERT_EQUAL(sgit_merge3(&out, &conflicts, S("a\r\nb"), S("a\r\nb"), S("z\0y"), NULL,
				    NULL), 0);
	CU_ASSERT_EQUAL(out.len, 3);
	CU_ASSERT(!memcmp(out.ptr, "z\0y", 3));
	CU_ASSERT_EQUAL(conflicts, 0);
	sgit_buf_release(&out);
}

/* git merge-file refuses content with NUL bytes; the engine leaves that choice to its caller. */
static void test_nul_bytes(void)
{
	static const char want[] = "a\0\n<<<<<<< o\nB\0\nc\n=======\nb\nC\n>>>>>>> t\n";
	struct sgit_merge3_options o = SGIT_MERGE3_OPTIONS_INIT;
	struct sgit_buf out = SGIT_BUF_INIT;
	size_t conflicts = 0;

	o.ours_label = "o";
	o.theirs_label = "t";
	CU_ASSERT_EQUAL(sgit_merge3(&out, &conflicts, S("a\0\nb\nc\n"), S("a\0\nB\0\nc\n"),
				    S("a\0\nb\nC\n"), &o, NULL), 0);
	CU_ASSERT_EQUAL(out.len, sizeof(want) - 1);
	CU_ASSERT(!memcmp(out.ptr, want, sizeof(want) - 1));
	CU_ASSERT_EQUAL(conflicts, 1);
	sgit_buf_release(&out);
}

static CU_TestInfo merge3_tests[] = {
	{ "handmade cases merge as git merge-file does", test_cases_merge },
	{ "handmade cases in the diff3 style merge as git does", test_cases_diff3 },
	{ "favoring ours, theirs or both resolves as git does", test_cases_favor },
	{ "a marker size of 10 is honoured as git does", test_cases_marker_size },
	{ "random cases merge as git merge-file does", test_random_cases },
	{ "the zealous level is the one git merge uses", test_zealous_level },
	{ "conflicts without labels have bare markers", test_no_labels },
	{ "an unchanged side gives the other side byte for byte", test_unchanged_side_gives_other },
	{ "NUL bytes are ordinary bytes", test_nul_bytes },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "util/merge3", .pTests = merge3_tests },
	CU_SUITE_INFO_NULL,
};
