/*
 * tests/unit/porcelain/checkout/test_checkout.c: the checkout engine: the order
 * of the paths it plans over, and a switch refused before anything is touched
 * (which names may reach the work tree: test_index_path.c).
 */
#include <stdio.h>
#include <string.h>
#include "unit.h"
#include "porcelain/checkout/checkout_int.h"
#include "sgit/index.h"
#include "sgit/repo.h"
#include "sgit/revparse.h"
#include "util/fs.h"

static int have_git;

static int setup(void)
{
	have_git = unit_sh("git init -q r && cd r && mkdir a && echo 1 >a-b && echo 2 >a.b && echo 3 >a/c && "
			   "echo 4 >ab && git add . && git commit -qm one && git tag one && echo 5 >ab && "
			   "git commit -qam two && git tag two && "
			   "t=$(printf '100644 blob %%s\\tx\\n' $(git rev-parse HEAD:ab) | git mktree) && "
			   "git tag evil $(printf '040000 tree %%s\\t.Git\\n' $t | git mktree)") == 0;
	return 0;
}

static struct sgit_repo *open_repo(void)
{
	return unit_open_repo("r");
}

static int tree_of(struct sgit_oid *out, struct sgit_repo *repo, const char *spec)
{
	struct sgit_revparse_env env = { sgit_repo_odb(repo), sgit_repo_refdb(repo), NULL, NULL,
					 NULL, NULL, sgit_repo_error(repo), 0, NULL };
	struct sgit_oid id;

	if (sgit_revparse_single(&id, NULL, &env, spec) < 0)
		return -1;
	return sgit_revparse_peel(out, &env, &id, SGIT_OBJ_TREE);
}

static void test_index_order(void)
{
	static const char *const want[] = { "a-b", "a.b", "a/c", "ab" };
	struct co_list l = { NULL, 0, 0 };
	struct sgit_repo *repo;
	struct sgit_oid t;
	size_t i;

	if (!have_git || !(repo = open_repo()))
		return;
	CU_ASSERT_EQUAL(tree_of(&t, repo, "one"), 0);
	CU_ASSERT_EQUAL(sgit_checkout__diff_trees(&l, repo, NULL, &t), 0);
	CU_ASSERT_EQUAL(l.count, 4);
	for (i = 0; i < l.count && i < 4; i++) {
		CU_ASSERT_STRING_EQUAL(l.items[i].path, want[i]);
		CU_ASSERT_EQUAL(l.items[i].omode, 0);
		CU_ASSERT_EQUAL(l.items[i].nmode, 0100644);
	}
	sgit_checkout__list_free(&l);
	sgit_repo_free(repo);
}

static void test_same_trees_differ_nowhere(void)
{
	struct co_list l = { NULL, 0, 0 };
	struct sgit_repo *repo;
	struct sgit_oid a, b;

	if (!have_git || !(repo = open_repo()))
		return;
	CU_ASSERT_EQUAL(tree_of(&a, repo, "one"), 0);
	CU_ASSERT_EQUAL(tree_of(&b, repo, "two"), 0);
	CU_ASSERT_EQUAL(sgit_checkout__diff_trees(&l, repo, &a, &a), 0);
	CU_ASSERT_EQUAL(l.count, 0);
	CU_ASSERT_EQUAL(sgit_checkout__diff_trees(&l, repo, &a, &b), 0);
	CU_ASSERT_EQUAL(l.count, 1);
	if (l.count == 1) {
		CU_ASSERT_STRING_EQUAL(l.items[0].path, "ab");
		CU_ASSERT_EQUAL(l.items[0].omode, 0100644);
		CU_ASSERT_EQUAL(l.items[0].nmode, 0100644);
	}
	sgit_checkout__list_free(&l);
	sgit_repo_free(repo);
}

static void test_local_change_refuses(void)
{
	struct sgit_checkout_report rep = SGIT_CHECKOUT_REPORT_INIT;
	struct sgit_buf path = SGIT_BUF_INIT, data = SGIT_BUF_INIT;
	struct sgit_index *idx = NULL;
	struct sgit_repo *repo;
	struct sgit_oid a, b;

	if (!have_git || unit_sh("cd r && git checkout -q one && echo mine >ab") != 0 || !(repo = open_repo()))
		return;
	CU_ASSERT_EQUAL(tree_of(&a, repo, "one"), 0);
	CU_ASSERT_EQUAL(tree_of(&b, repo, "two"), 0);
	CU_ASSERT_EQUAL_FATAL(sgit_index_open_locked(&idx, repo), 0);
	CU_ASSERT_EQUAL(sgit_checkout_tree(&rep, repo, idx, &a, &b, SGIT_CHECKOUT_SWITCH), SGIT_ECONFLICT);
	CU_ASSERT_EQUAL(rep.rejected[SGIT_CHECKOUT_NOT_UPTODATE].count, 1);
	if (rep.rejected[SGIT_CHECKOUT_NOT_UPTODATE].count == 1)
		CU_ASSERT_STRING_EQUAL(rep.rejected[SGIT_CHECKOUT_NOT_UPTODATE].paths[0], "ab");
	CU_ASSERT_EQUAL(rep.written, 0);
	sgit_buf_printf(&path, "%s/r/ab", unit_tmpdir());
	CU_ASSERT_EQUAL(sgit_fs_read_file(&data, path.ptr, NULL), 0);
	CU_ASSERT_STRING_EQUAL(data.ptr, "mine\n");
	sgit_checkout_report_release(&rep);
	sgit_index_free(idx);
	sgit_buf_release(&path);
	sgit_buf_release(&data);
	sgit_repo_free(repo);
	unit_sh("cd r && git checkout -q -f one");
}

static void test_hostile_tree_refused(void)
{
	struct sgit_checkout_report rep = SGIT_CHECKOUT_REPORT_INIT;
	struct sgit_index *idx = NULL;
	struct sgit_repo *repo;
	struct sgit_oid a, evil;
	int modes[] = { SGIT_CHECKOUT_SWITCH, SGIT_CHECKOUT_FORCE, SGIT_CHECKOUT_INDEX_ONLY };
	size_t i;

	if (!have_git || !(repo = open_repo()))
		return;
	CU_ASSERT_EQUAL(tree_of(&a, repo, "one"), 0);
	CU_ASSERT_EQUAL(tree_of(&evil, repo, "evil"), 0);
	CU_ASSERT_EQUAL_FATAL(sgit_index_open_locked(&idx, repo), 0);
	for (i = 0; i < 3; i++) {
		CU_ASSERT_EQUAL(sgit_checkout_tree(&rep, repo, idx, &a, &evil, (enum sgit_checkout_mode)modes[i]),
				SGIT_EINVALID);
		CU_ASSERT_STRING_EQUAL(sgit_error_message(sgit_repo_error(repo)), "invalid path '.Git/x'");
		CU_ASSERT_EQUAL(sgit_index_count(idx), 4);
		sgit_checkout_report_release(&rep);
	}
	sgit_index_free(idx);
	sgit_repo_free(repo);
}

static CU_TestInfo checkout_tests[] = {
	{ "paths come in the index's order, not the trees'", test_index_order },
	{ "two trees differ only where their leaves do", test_same_trees_differ_nowhere },
	{ "a switch over a local change is refused and writes nothing", test_local_change_refuses },
	{ "a tree with a .Git folder is refused in every mode", test_hostile_tree_refused },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "checkout", .pInitFunc = setup, .pTests = checkout_tests },
	CU_SUITE_INFO_NULL,
};
