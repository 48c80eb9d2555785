/* tests/unit/porcelain/diff/test_diff_rename.c: renames of changed files, scored and paired as git does */
#include <stdio.h>
#include <string.h>
#include "unit.h"
#include "porcelain/diff/diff_output_int.h"
#include "sgit/changes.h"
#include "sgit/repo.h"
#include "util/fs.h"

static int have_git;

/* ---- -M<n> ---- */

static void test_rename_score_parse(void)
{
	static const struct {
		const char *arg;
		int rc;
		unsigned int want;
	} cases[] = {
		{ "5", 0, 30000 },	{ "50%", 0, 30000 },	{ "05", 0, 3000 },
		{ "100%", 0, 60000 },	{ "1.5", 0, 60000 },	{ ".5", 0, 30000 },
		{ "5.5%", 0, 3300 },	{ "", 0, 0 },		{ "9", 0, 54000 },
		{ "123456789", 0, 7407 }, { "200%", 0, 60000 }, { "foo", -1, 0 },
		{ "50%x", -1, 0 },	{ "5x", -1, 0 },	{ "1..2", -1, 0 },
	};
	unsigned int got;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		got = 77;
		CU_ASSERT_EQUAL(sgit_diff_parse_rename_score(&got, cases[i].arg), cases[i].rc);
		if (cases[i].rc == 0)
			CU_ASSERT_EQUAL(got, cases[i].want);
	}
}

/* ---- scores against git's ---- */

/*
 * Pairs of contents (shell commands writing them): one deleted and one
 * added file per case, so that git's score of the pair is what
 * --name-status shows with a threshold of 1%.
 */
static const struct {
	const char *old, *new;
} pairs[] = {
	{ "seq 1 50", "seq 1 45" },
	{ "seq 1 50", "seq 3 60" },
	{ "seq 1 200 | sed 's/$/ and a line long enough to be cut into two chunks of content/'",
	  "seq 1 200 | sed 's/$/ and a line long enough to be cut into two chunks of content/; "
	  "s/^1.*//'" },
	{ "printf 'a\\r\\nb\\r\\nc\\r\\nd\\r\\n'", "printf 'a\\nb\\nc\\nd\\ne\\n'" },
	{ "printf 'a\\r\\nb\\r\\nc\\r\\nd\\r\\n'", "printf 'a\\r\\nb\\r\\nc\\r\\nx\\r\\n'" },
	{ "printf 'bin\\0ary\\r\\nline\\r\\nmore\\n'", "printf 'bin\\0ary\\r\\nline\\nmore\\n'" },
	{ "printf 'gamma\\nline 33 %%080d' 0", "printf 'line 33 %%080d' 0" },
	{ "printf 'one\\ntwo\\nthree'", "printf 'one\\ntwo\\nthree\\n'" },
	{ "yes abc | head -200", "yes abc | head -150" },
	{ "yes abc | head -100", "yes abd | head -100" },
	{ "seq 1 10", "seq 1 30" },
	{ "seq 1 1000 | tr -d '\\n'", "seq 1 999 | tr -d '\\n'" },
	{ "printf ''", "printf 'x\\n'" },
	{ "seq 1 20; seq 1 20", "seq 1 20" },
};

/* Random text from awk: lines of a few words, repeated words, long lines. */
#define RANDOM_CASES 24
static const char random_text[] =
	"awk -v s=%d 'BEGIN{srand(s); n=int(rand()*60); for(i=0;i<n;i++){ r=rand(); "
	"if(r<0.3) print \"common\"; else if(r<0.6) print \"w\" int(rand()*20); "
	"else { l=\"\"; k=int(rand()*120); for(j=0;j<k;j++) l=l \"z\"; print l } } }'";
static const char random_edit[] =
	"awk -v s=%d 'BEGIN{srand(s)} { r=rand(); if(r<0.15) next; if(r<0.3) print \"new\" NR; "
	"print }'";

static int setup(void)
{
	size_t i;
	int ok;

	have_git = unit_sh("git --version") == 0 && unit_sh("git init -q sim") == 0;
	for (i = 0, ok = have_git; ok && i < sizeof(pairs) / sizeof(pairs[0]); i++)
		ok = unit_sh("cd sim && git rm -q -r --cached --ignore-unmatch . && rm -f old* new* && "
			     "(%s) >old%zu && git add . && git commit -q -m a && git tag a%zu && "
			     "rm old%zu && (%s) >new%zu && git add -A && git commit -q -m b && "
			     "git tag b%zu && git diff -M1%% --name-status a%zu b%zu >../want%zu",
			     pairs[i].old, i, i, i, pairs[i].new, i, i, i, i, i) == 0;
	for (i = 0; ok && i < RANDOM_CASES; i++) {
		char old[512], edit[512];

		snprintf(old, sizeof(old), random_text, (int)i);
		snprintf(edit, sizeof(edit), random_edit, (int)i + 100);
		ok = unit_sh("cd sim && git rm -q -r --cached --ignore-unmatch . && rm -f old* new* && "
			     "%s >oldr%zu && git add . && git commit -q -m a && git tag ar%zu && "
			     "%s <oldr%zu >newr%zu && rm oldr%zu && git add -A && git commit -q -m b && "
			     "git tag br%zu && git diff -M1%% --name-status ar%zu br%zu >../wantr%zu",
			     old, i, i, edit, i, i, i, i, i, i, i) == 0;
	}
	have_git = ok;
	return 0;
}

/* sgit's output for "diff <opts> from to" in repo against the file want (in the scratch folder). */
static void check_against(struct sgit_repo *repo, const struct sgit_diff_output_options *opts,
			  const char *from, const char *to, const char *want_file)
{
	struct sgit_changes l = SGIT_CHANGES_INIT;
	struct sgit_buf got = SGIT_BUF_INIT, want = SGIT_BUF_INIT, path = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_oid a, b;

	CU_ASSERT_EQUAL_FATAL(unit_tree_of(&a, repo, from) == 0 && unit_tree_of(&b, repo, to) == 0, 1);
	CU_ASSERT_EQUAL(sgit_changes_tree_tree(&l, repo, &a, &b, NULL), 0);
	CU_ASSERT_EQUAL(sgit_diff_output(repo, &l, opts, sgit_diff_write_buf, &got), 0);
	sgit_buf_printf(&path, "%s/%s", unit_tmpdir(), want_file);
	CU_ASSERT_EQUAL(sgit_fs_read_file(&want, path.ptr, &err), 0);
	CU_ASSERT_STRING_EQUAL(got.len ? got.ptr : "", want.len ? want.ptr : "");
	if (got.len != want.len || memcmp(got.ptr, want.ptr, got.len))
		fprintf(stderr, "\n%s..%s: got\n%.*swant\n%.*s", from, to, (int)got.len,
			got.ptr ? got.ptr : "", (int)want.len, want.ptr ? want.ptr : "");
	sgit_changes_release(&l);
	sgit_buf_release(&got);
	sgit_buf_release(&want);
	sgit_buf_release(&path);
}

static void test_scores_match_git(void)
{
	struct sgit_diff_output_options opts = SGIT_DIFF_OUTPUT_OPTIONS_INIT;
	char from[32], to[32], want[32];
	struct sgit_repo *repo;
	size_t i;

	if (!have_git || !(repo = unit_open_repo("sim")))
		return;
	opts.format = SGIT_DIFF_FORMAT_NAME_STATUS;
	opts.rename_score = SGIT_DIFF_SCORE_MAX / 100;
	for (i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
		snprintf(from, sizeof(from), "a%zu", i);
		snprintf(to, sizeof(to), "b%zu", i);
		snprintf(want, sizeof(want), "want%zu", i);
		check_against(repo, &opts, from, to, want);
	}
	for (i = 0; i < RANDOM_CASES; i++) {
		snprintf(from, sizeof(from), "ar%zu", i);
		snprintf(to, sizeof(to), "br%zu", i);
		snprintf(want, sizeof(want), "wantr%zu", i);
		check_against(repo, &opts, from, to, want);
	}
	sgit_repo_free(repo);
}

/* ---- pairing among many candidates ---- */

/*
 * Files that are variants of one text (a few lines replaced), deleted
 * and added under other names and folders, so that many pairs score the
 * same: who gets whom is decided by git's ranking and its ties.
 */
static const char ties_script[] =
	"rm -rf ties && git init -q ties && cd ties && "
	"v() { awk -v s=$1 'BEGIN{srand(s); for(i=0;i<12;i++) l[i]=\"common line \" i; "
	"k=int(rand()*4); for(j=0;j<k;j++) l[int(rand()*12)]=\"v\" int(rand()*5); "
	"for(i=0;i<12;i++) print l[i]; if(rand()<0.3) print \"tail\" }'; } && "
	"mkdir -p p q r s && for n in 1 2 3 4 5 6 7 8 9; do d=$(echo 'p q .' | cut -d' ' -f$((n %% 3 + 1))); "
	"v $((%d * 100 + n)) >$d/n$((n %% 5)); done && git add -A && git commit -q -m one && "
	"git rm -q -r . && for n in 1 2 3 4 5 6 7 8 9 10 11; do "
	"d=$(echo 'r s p .' | cut -d' ' -f$((n %% 4 + 1))); "
	"v $((%d * 100 + 50 + n)) >$d/n$((n %% 7)); done && git add -A && git commit -q -m two --allow-empty";

static void test_pairing_matches_git(void)
{
	static const struct {
		unsigned int score;
		int copies;
		const char *arg;
	} thresholds[] = {
		{ 30000, 0, "" }, { 12000, 0, "-M20%" }, { 54000, 0, "-M90%" }, { 42000, 0, "-M70%" },
		{ 30000, 1, "-C" }, { 12000, 1, "-C20%" },
	};
	struct sgit_diff_output_options opts = SGIT_DIFF_OUTPUT_OPTIONS_INIT;
	struct sgit_repo *repo;
	size_t k;
	int seed;

	if (!have_git)
		return;
	opts.format = SGIT_DIFF_FORMAT_NAME_STATUS;
	for (seed = 1; seed <= 12; seed++) {
		CU_ASSERT_EQUAL_FATAL(unit_sh(ties_script, seed, seed), 0);
		if (!(repo = unit_open_repo("ties")))
			continue;
		for (k = 0; k < sizeof(thresholds) / sizeof(thresholds[0]); k++) {
			CU_ASSERT_EQUAL(unit_sh("cd ties && git diff --name-status %s HEAD~ HEAD "
						">../want_ties", thresholds[k].arg), 0);
			opts.rename_score = thresholds[k].score;
			opts.copies = thresholds[k].copies;
			check_against(repo, &opts, "HEAD~", "HEAD", "want_ties");
		}
		sgit_repo_free(repo);
	}
}

/* ---- diff.renameLimit ---- */

/* Two renames by similarity, one that keeps its base name, one exact. */
static int make_lim(void)
{
	return unit_sh("[ -d lim ] || { git init -q lim && cd lim && mkdir d && "
		       "seq 1 50 >a && seq 100 150 >b && seq 200 250 >keep && seq 300 350 >same && "
		       "git add . && git commit -q -m one && git mv a x && git mv b y && "
		       "git mv keep d/keep && git mv same z && echo more >>x && echo more >>y && "
		       "echo more >>d/keep && git commit -q -am two; }");
}

static void test_rename_limit(void)
{
	struct sgit_diff_output_options opts = SGIT_DIFF_OUTPUT_OPTIONS_INIT;
	struct sgit_repo *repo;
	size_t needed = 0;

	if (!have_git)
		return;
	CU_ASSERT_EQUAL_FATAL(make_lim(), 0);
	CU_ASSERT_EQUAL_FATAL(unit_sh("cd lim && "
				      "git diff -l1 --name-status HEAD~ HEAD >../want_lim 2>/dev/null && "
				      "git diff --name-status HEAD~ HEAD >../want_nolim"), 0);
	if (!(repo = unit_open_repo("lim")))
		return;
	opts.format = SGIT_DIFF_FORMAT_NAME_STATUS;
	opts.rename_limit = 1;
	opts.needed_rename_limit = &needed;
	check_against(repo, &opts, "HEAD~", "HEAD", "want_lim");
	CU_ASSERT_EQUAL(needed, 2);
	needed = 0;
	opts.rename_limit = 2;
	check_against(repo, &opts, "HEAD~", "HEAD", "want_nolim");
	CU_ASSERT_EQUAL(needed, 0);
	opts.rename_limit = 0;	/* git's 32767 */
	check_against(repo, &opts, "HEAD~", "HEAD", "want_nolim");
	sgit_repo_free(repo);
}

static void test_exact_only_at_full_score(void)
{
	struct sgit_diff_output_options opts = SGIT_DIFF_OUTPUT_OPTIONS_INIT;
	struct sgit_repo *repo;

	if (!have_git)
		return;
	CU_ASSERT_EQUAL_FATAL(make_lim(), 0);
	CU_ASSERT_EQUAL_FATAL(unit_sh("cd lim && git diff -M100%% --name-status HEAD~ HEAD "
				      ">../want_exact"), 0);
	if (!(repo = unit_open_repo("lim")))
		return;
	opts.format = SGIT_DIFF_FORMAT_NAME_STATUS;
	opts.rename_score = SGIT_DIFF_SCORE_MAX;
	check_against(repo, &opts, "HEAD~", "HEAD", "want_exact");
	sgit_repo_free(repo);
}

/* ---- copies ---- */

static void test_copies_match_git(void)
{
	static const unsigned int formats[] = {
		SGIT_DIFF_FORMAT_NAME_STATUS, SGIT_DIFF_FORMAT_PATCH,
		SGIT_DIFF_FORMAT_STAT | SGIT_DIFF_FORMAT_SUMMARY,
	};
	static const char *const args[] = { "--name-status", "-p", "--stat --summary" };
	struct sgit_diff_output_options opts = SGIT_DIFF_OUTPUT_OPTIONS_INIT;
	struct sgit_repo *repo;
	size_t i;

	if (!have_git)
		return;
	/*
	 * a modified file copied (twice), a deleted one renamed and copied,
	 * a copy of a file that did not change (git -C does not see it)
	 */
	CU_ASSERT_EQUAL_FATAL(unit_sh("rm -rf cp && git init -q cp && cd cp && seq 1 40 >mod && "
				      "seq 50 90 >del && seq 100 140 >still && git add . && "
				      "git commit -q -m one && cp mod copy1 && echo x >>copy1 && "
				      "cp mod copy2 && echo more >>mod && git mv del moved && "
				      "cp moved z_copy && echo y >>moved && cp still still2 && "
				      "git add . && git commit -q -m two"), 0);
	if (!(repo = unit_open_repo("cp")))
		return;
	opts.copies = 1;
	for (i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
		CU_ASSERT_EQUAL(unit_sh("cd cp && COLUMNS=80 git -c core.abbrev=7 diff -C %s "
					"HEAD~ HEAD >../want_cp", args[i]), 0);
		opts.format = formats[i];
		opts.abbrev = 7;
		check_against(repo, &opts, "HEAD~", "HEAD", "want_cp");
	}
	sgit_repo_free(repo);
}

static CU_TestInfo diff_rename_tests[] = {
	{ "-M thresholds are read as git reads them", test_rename_score_parse },
	{ "similarity scores are git's for many kinds of content", test_scores_match_git },
	{ "deleted and added files are paired as git pairs them", test_pairing_matches_git },
	{ "past diff.renameLimit only exact and same-name renames are found",
	  test_rename_limit },
	{ "a threshold of 100% finds exact renames only", test_exact_only_at_full_score },
	{ "copies come from modified files and from deletions renamed too",
	  test_copies_match_git },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "diff renames", .pInitFunc = setup, .pTests = diff_rename_tests },
	CU_SUITE_INFO_NULL,
};
