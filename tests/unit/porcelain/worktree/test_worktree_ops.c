/* tests/unit/porcelain/worktree/test_worktree_ops.c: add, rm, mv on an index, and the commit summary */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "unit.h"
#include "sgit/changes.h"
#include "sgit/diff_output.h"
#include "sgit/index.h"
#include "sgit/repo.h"
#include "sgit/worktree_ops.h"
#include "util/fs.h"

static int have_git;

#define DATES "export GIT_AUTHOR_DATE='1700000000 +0000' GIT_COMMITTER_DATE='1700000000 +0000' && "

static int setup(void)
{
	have_git = unit_sh("git --version") == 0 &&
		/* a commit whose summary git prints: renames (exact), modes, creations, deletions */
		unit_sh(DATES "git init -q sm && cd sm && mkdir -p a/b a2 dir x/y && echo 1 >a/b/c && "
			"echo 2 >a2/b && echo 3 >dir/file && echo 4 >top && echo 5 >x/y/z && echo same >s1 && "
			"echo same >s2 && printf 'l1\\nl2\\n' >m && printf 'bin\\0ary' >bin && git add . && "
			"git commit -qm one && git mv a/b/c a/b/d && mkdir a2/x && git mv a2/b a2/x/b && "
			"git mv dir/file file && git mv top dir/top && git mv x/y/z x/z && mkdir n && "
			"git mv s2 n/s2 && git mv s1 n/s1x && chmod +x m && printf 'l1\\nl3\\nl4\\n' >m && "
			"printf 'bin\\0ary2' >bin && echo new >created && git rm -q --cached dir/top && git add -A && "
			"git commit -m two | grep -v '^\\[\\|^ Author:' >../sm.summary") == 0 &&
		unit_sh("git init -q wt && cd wt && mkdir -p d/e && echo a >a && echo b >d/b && echo c >d/e/c && "
			"echo '*.log' >.gitignore && echo l >x.log && git add a d .gitignore && "
			DATES "git commit -qm one") == 0;
	return 0;
}

/* What sgit commit prints under its first line: --shortstat and --summary, renames on. */
static int commit_summary(struct sgit_buf *out, struct sgit_repo *repo, const struct sgit_oid *a,
			  const struct sgit_oid *b)
{
	struct sgit_diff_output_options dopts = SGIT_DIFF_OUTPUT_OPTIONS_INIT;
	struct sgit_changes changes = SGIT_CHANGES_INIT;
	int rc = sgit_changes_tree_tree(&changes, repo, a, b, NULL);

	dopts.format = SGIT_DIFF_FORMAT_SHORTSTAT | SGIT_DIFF_FORMAT_SUMMARY;
	if (rc == 0)
		rc = sgit_diff_output(repo, &changes, &dopts, sgit_diff_write_buf, out);
	sgit_changes_release(&changes);
	return rc;
}

static void test_the_summary_of_a_commit_is_what_git_commit_prints(void)
{
	struct sgit_repo *repo;
	struct sgit_buf want = SGIT_BUF_INIT, got = SGIT_BUF_INIT, path = SGIT_BUF_INIT;
	struct sgit_oid one, two;

	CU_ASSERT_FATAL(have_git);
	repo = unit_open_repo("sm");
	CU_ASSERT_PTR_NOT_NULL_FATAL(repo);
	CU_ASSERT_EQUAL(unit_tree_of(&one, repo, "HEAD~1"), 0);
	CU_ASSERT_EQUAL(unit_tree_of(&two, repo, "HEAD"), 0);
	CU_ASSERT_EQUAL(commit_summary(&got, repo, &one, &two), 0);
	sgit_buf_printf(&path, "%s/sm.summary", unit_tmpdir());
	CU_ASSERT_EQUAL(sgit_fs_read_file(&want, path.ptr, NULL), 0);
	if (strcmp(want.ptr, got.ptr))
		fprintf(stderr, "\nwanted:\n%sgot:\n%s", want.ptr, got.ptr);
	CU_ASSERT_STRING_EQUAL(got.ptr, want.ptr);
	sgit_repo_free(repo);
	sgit_buf_release(&want);
	sgit_buf_release(&got);
	sgit_buf_release(&path);
}

/* Run cmd in wt, then open wt and its index: how each test of the work-tree operations starts. */
static struct sgit_repo *open_wt(struct sgit_index **idx, const char *cmd)
{
	struct sgit_repo *repo;

	CU_ASSERT_FATAL(have_git);
	CU_ASSERT_EQUAL_FATAL(unit_sh("cd wt && %s", cmd), 0);
	repo = unit_open_repo("wt");
	CU_ASSERT_PTR_NOT_NULL_FATAL(repo);
	CU_ASSERT_EQUAL(sgit_index_open(idx, repo), 0);
	return repo;
}

/* ---- add ---- */

/* sgit add with the pathspec of the two items; what sgit_worktree_add returns. */
static int add_two(struct sgit_add_result *res, struct sgit_index *idx, struct sgit_repo *repo,
		   const char *const items[2])
{
	struct sgit_pathspec ps = SGIT_PATHSPEC_INIT;
	struct sgit_add_options ao = SGIT_ADD_OPTIONS_INIT;
	int rc;

	CU_ASSERT_EQUAL(sgit_pathspec_init(&ps, items, 2), 0);
	ao.pathspec = &ps;
	rc = sgit_worktree_add(res, idx, repo, &ao);
	sgit_pathspec_release(&ps);
	return rc;
}

static void test_an_ignored_path_named_is_reported_and_the_rest_added(void)
{
	struct sgit_index *idx = NULL;
	struct sgit_repo *repo = open_wt(&idx, "echo n >new");
	struct sgit_add_result res = SGIT_ADD_RESULT_INIT;
	const char *const items[] = { "x.log", "new" };

	CU_ASSERT_EQUAL(add_two(&res, idx, repo, items), 0);
	CU_ASSERT_EQUAL(res.nignored, 1);
	if (res.nignored == 1)
		CU_ASSERT_STRING_EQUAL(res.ignored[0], "x.log");
	CU_ASSERT_PTR_NOT_NULL(sgit_index_get(idx, "new", 0));
	CU_ASSERT_PTR_NULL(sgit_index_get(idx, "x.log", 0));
	sgit_add_result_release(&res);
	sgit_index_free(idx);
	sgit_repo_free(repo);
}

static void test_an_item_matching_nothing_fails_before_any_change(void)
{
	struct sgit_index *idx = NULL;
	struct sgit_repo *repo = open_wt(&idx, "echo n >new");
	struct sgit_add_result res = SGIT_ADD_RESULT_INIT;
	const char *const items[] = { "new", "missing" };

	CU_ASSERT_EQUAL(add_two(&res, idx, repo, items), SGIT_ENOTFOUND);
	CU_ASSERT_EQUAL(res.unmatched, 1);
	CU_ASSERT_PTR_NULL(sgit_index_get(idx, "new", 0));
	sgit_add_result_release(&res);
	sgit_index_free(idx);
	sgit_repo_free(repo);
}

static void test_a_file_gone_before_it_is_staged_is_an_error(void)
{
	struct sgit_index *idx = NULL;
	struct sgit_repo *repo = open_wt(&idx, "echo v >vanish");
	struct stat st;
	struct sgit_buf path = SGIT_BUF_INIT;
	size_t before = sgit_index_count(idx);

	sgit_buf_printf(&path, "%s/wt/vanish", unit_tmpdir());
	CU_ASSERT_EQUAL(lstat(path.ptr, &st), 0);
	unlink(path.ptr);
	CU_ASSERT_EQUAL(sgit_worktree_stage_file(NULL, idx, repo, "vanish", &st, 0), SGIT_ENOTFOUND);
	CU_ASSERT_PTR_NOT_NULL(strstr(sgit_error_message(sgit_repo_error(repo)),
				      "unable to index file 'vanish'"));
	CU_ASSERT_EQUAL(sgit_index_count(idx), before);
	sgit_buf_release(&path);
	sgit_index_free(idx);
	sgit_repo_free(repo);
}

/* ---- rm and mv ---- */

static void test_rm_refuses_to_lose_local_changes(void)
{
	struct sgit_index *idx = NULL;
	struct sgit_repo *repo = open_wt(&idx, "git checkout -q -- . && echo more >>a");
	struct sgit_pathspec ps = SGIT_PATHSPEC_INIT;
	struct sgit_rm_options ro = SGIT_RM_OPTIONS_INIT;
	struct sgit_rm_result res = SGIT_RM_RESULT_INIT;
	const char *items[] = { "a", "d" };

	CU_ASSERT_EQUAL(sgit_pathspec_init(&ps, items, 2), 0);
	ro.pathspec = &ps;
	CU_ASSERT_EQUAL(sgit_worktree_rm(&res, idx, repo, &ro), SGIT_EINVALID);
	CU_ASSERT_EQUAL(res.not_recursive, 1);
	sgit_rm_result_release(&res);
	ro.recursive = 1;
	CU_ASSERT_EQUAL(sgit_worktree_rm(&res, idx, repo, &ro), SGIT_ECONFLICT);
	CU_ASSERT_EQUAL(res.nlocal, 1);
	CU_ASSERT_EQUAL(res.nstaged, 0);
	if (res.nlocal == 1)
		CU_ASSERT_STRING_EQUAL(res.local[0], "a");
	CU_ASSERT_PTR_NOT_NULL(sgit_index_get(idx, "d/b", 0));
	sgit_rm_result_release(&res);
	ro.cached = 1;
	CU_ASSERT_EQUAL(sgit_worktree_rm(&res, idx, repo, &ro), 0);
	CU_ASSERT_PTR_NULL(sgit_index_get(idx, "a", 0));
	CU_ASSERT_PTR_NULL(sgit_index_get(idx, "d/e/c", 0));
	sgit_rm_result_release(&res);
	sgit_pathspec_release(&ps);
	sgit_index_free(idx);
	sgit_repo_free(repo);
}

static void test_mv_of_a_folder_moves_every_entry_below_it(void)
{
	struct sgit_index *idx = NULL;
	struct sgit_repo *repo = open_wt(&idx, "git reset -q --hard");
	struct sgit_mv_options mo = SGIT_MV_OPTIONS_INIT;
	const char *srcs[] = { "d" }, *dsts[] = { "moved" }, *bad[] = { "nothing" };

	CU_ASSERT_EQUAL(sgit_worktree_mv(idx, repo, bad, dsts, 1, &mo), SGIT_EINVALID);
	CU_ASSERT_STRING_EQUAL(sgit_error_message(sgit_repo_error(repo)),
			       "bad source, source=nothing, destination=moved");
	CU_ASSERT_EQUAL(sgit_worktree_mv(idx, repo, srcs, dsts, 1, &mo), 0);
	CU_ASSERT_PTR_NOT_NULL(sgit_index_get(idx, "moved/b", 0));
	CU_ASSERT_PTR_NOT_NULL(sgit_index_get(idx, "moved/e/c", 0));
	CU_ASSERT_PTR_NULL(sgit_index_get(idx, "d/b", 0));
	CU_ASSERT_EQUAL(unit_sh("test -f wt/moved/e/c && ! test -e wt/d"), 0);
	sgit_index_free(idx);
	sgit_repo_free(repo);
}

static CU_TestInfo summary_tests[] = {
	{ "the summary of a commit is what git commit prints",
	  test_the_summary_of_a_commit_is_what_git_commit_prints },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo worktree_tests[] = {
	{ "an ignored path named is reported and the rest added",
	  test_an_ignored_path_named_is_reported_and_the_rest_added },
	{ "an item matching nothing fails before any change", test_an_item_matching_nothing_fails_before_any_change },
	{ "a file gone before it is staged is an error", test_a_file_gone_before_it_is_staged_is_an_error },
	{ "rm refuses to lose local changes", test_rm_refuses_to_lose_local_changes },
	{ "mv of a folder moves every entry below it", test_mv_of_a_folder_moves_every_entry_below_it },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "what git commit prints about a commit", .pInitFunc = setup, .pTests = summary_tests },
	{ .pName = "add, rm and mv on an index", .pTests = worktree_tests },
	CU_SUITE_INFO_NULL,
};
