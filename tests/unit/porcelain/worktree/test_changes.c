/* tests/unit/porcelain/worktree/test_changes.c: change lists between trees, the index and the work tree */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include "unit.h"
#include "sgit/changes.h"
#include "sgit/index.h"
#include "sgit/repo.h"
#include "sgit/revparse.h"
#include "util/fs.h"

static int have_git;

static int setup(void)
{
	have_git = unit_sh("git --version") == 0 &&
		/* two commits with every kind of change between them, then changes on top */
		unit_sh("git init -q c1 && cd c1 && mkdir -p d/e f && echo a >a && echo b >d/b && "
			"echo c >d/e/c && echo f >f/f && ln -s a link && echo x >x && git add . && "
			"git commit -qm one && git tag one && echo A >a && git rm -q d/b x && echo n >d/n && "
			"rm link && echo notlink >link && chmod +x f/f && mkdir x && echo y >x/y && "
			"git add -A && git commit -qm two && git tag two && "
			"echo staged >d/n && git add d/n && echo s >s && git add s && git rm -q --cached a && "
			"echo w >>d/e/c && rm f/f && rm link && ln -s d link && chmod +x x/y") == 0 &&
		/* untracked things of every sort */
		unit_sh("git init -q c2 && cd c2 && mkdir -p t new/sub empty ign only-ign/deeper nest && "
			"echo x >t/x && git add t && git commit -qm one && echo u >t/u && echo a >new/a && "
			"echo b >new/sub/b && echo '*.o' >.gitignore && echo o >ign.o && echo o >only-ign/o.o && "
			"echo o >only-ign/deeper/p.o && (cd nest && git init -q && echo n >f)") == 0 &&
		/* one file whose change hides behind identical stat data */
		unit_sh("git init -q c3 && cd c3 && git config core.trustctime false && echo 1234 >r && "
			"git add r && git commit -qm one && touch -r r ../c3.ref && echo 5678 >r && "
			"touch -r ../c3.ref r") == 0 &&
		unit_sh("git init -q c4") == 0;
	return 0;
}

static int resolve(struct sgit_oid *out, struct sgit_repo *repo, const char *spec)
{
	struct sgit_revparse_env env = { sgit_repo_odb(repo), sgit_repo_refdb(repo), NULL, NULL,
					 NULL, NULL, sgit_repo_error(repo), 0, NULL };

	return sgit_revparse_single(out, NULL, &env, spec);
}

/* The list as "<status> <path>" lines (with the modes for changes between files). */
static void describe(struct sgit_buf *out, const struct sgit_changes *l, int modes)
{
	size_t i;

	sgit_buf_reset(out);
	for (i = 0; i < l->nr; i++) {
		const struct sgit_change *c = &l->items[i];

		sgit_buf_addf(out, "%c %s", c->status, c->path);
		if (modes)
			sgit_buf_addf(out, " %o %o", c->old_mode, c->new_mode);
		if (c->stages)
			sgit_buf_addf(out, " stages %u", c->stages);
		sgit_buf_addch(out, '\n');
	}
}

static void expect_list(const struct sgit_changes *l, int modes, const char *want)
{
	struct sgit_buf got = SGIT_BUF_INIT;

	describe(&got, l, modes);
	CU_ASSERT_STRING_EQUAL(got.ptr, want);
	if (strcmp(got.ptr, want))
		fprintf(stderr, "\ngot:\n%swanted:\n%s", got.ptr, want);
	sgit_buf_release(&got);
}

/* ---- tree against tree ---- */

static void tree_pair(const char *a, const char *b, const char *const *paths, size_t npaths,
		      const char *want)
{
	struct sgit_repo *repo = unit_open_repo("c1");
	struct sgit_changes l = SGIT_CHANGES_INIT;
	struct sgit_pathspec ps = SGIT_PATHSPEC_INIT;
	struct sgit_oid ta, tb;

	if (!repo)
		return;
	CU_ASSERT_EQUAL(sgit_pathspec_init(&ps, paths, npaths), 0);
	CU_ASSERT_EQUAL(resolve(&ta, repo, a), 0);
	CU_ASSERT_EQUAL(resolve(&tb, repo, b), 0);
	CU_ASSERT_EQUAL(sgit_changes_tree_tree(&l, repo, &ta, &tb, &ps), 0);
	expect_list(&l, 1, want);
	sgit_changes_release(&l);
	sgit_pathspec_release(&ps);
	sgit_repo_free(repo);
}

static void test_tree_tree(void)
{
	if (!have_git)
		return;
	tree_pair("one^{tree}", "two^{tree}", NULL, 0,
		  "M a 100644 100644\nD d/b 100644 0\nA d/n 0 100644\nM f/f 100644 100755\n"
		  "T link 120000 100644\nD x 100644 0\nA x/y 0 100644\n");
}

static void test_tree_tree_same(void)
{
	if (!have_git)
		return;
	tree_pair("one^{tree}", "one^{tree}", NULL, 0, "");
}

static void test_tree_tree_pathspec(void)
{
	static const char *const paths[] = { "d/", "*nk" };

	if (!have_git)
		return;
	tree_pair("two^{tree}", "one^{tree}", paths, 2,
		  "A d/b 0 100644\nD d/n 100644 0\nT link 100644 120000\n");
}

static void test_tree_tree_empty(void)
{
	struct sgit_repo *repo = unit_open_repo("c1");
	struct sgit_changes l = SGIT_CHANGES_INIT;
	struct sgit_oid t;

	if (!have_git || !repo)
		goto out;
	CU_ASSERT_EQUAL(resolve(&t, repo, "one^{tree}"), 0);
	CU_ASSERT_EQUAL(sgit_changes_tree_tree(&l, repo, NULL, &t, NULL), 0);
	expect_list(&l, 0, "A a\nA d/b\nA d/e/c\nA f/f\nA link\nA x\n");
	CU_ASSERT_EQUAL(sgit_changes_tree_tree(&l, repo, &t, NULL, NULL), 0);
	expect_list(&l, 0, "D a\nD d/b\nD d/e/c\nD f/f\nD link\nD x\n");
out:
	sgit_changes_release(&l);
	sgit_repo_free(repo);
}

/* ---- tree against index, index against work tree ---- */

static void test_tree_index(void)
{
	struct sgit_repo *repo = unit_open_repo("c1");
	struct sgit_changes l = SGIT_CHANGES_INIT;
	struct sgit_index *idx = NULL;
	struct sgit_oid t;

	if (!have_git || !repo)
		goto out;
	CU_ASSERT_EQUAL(resolve(&t, repo, "HEAD^{tree}"), 0);
	CU_ASSERT_EQUAL_FATAL(sgit_index_open(&idx, repo), 0);
	CU_ASSERT_EQUAL(sgit_changes_tree_index(&l, repo, &t, idx, NULL), 0);
	expect_list(&l, 1, "D a 100644 0\nM d/n 100644 100644\nA s 0 100644\n");
	/* nothing committed yet: everything in the index is new */
	CU_ASSERT_EQUAL(sgit_changes_tree_index(&l, repo, NULL, idx, NULL), 0);
	expect_list(&l, 0, "A d/e/c\nA d/n\nA f/f\nA link\nA s\nA x/y\n");
out:
	sgit_changes_release(&l);
	sgit_index_free(idx);
	sgit_repo_free(repo);
}

static void test_index_worktree(void)
{
	struct sgit_repo *repo = unit_open_repo("c1");
	struct sgit_changes l = SGIT_CHANGES_INIT;
	struct sgit_index *idx = NULL;
	int refreshed = -1;

	if (!have_git || !repo)
		goto out;
	CU_ASSERT_EQUAL_FATAL(sgit_index_open(&idx, repo), 0);
	CU_ASSERT_EQUAL(sgit_changes_index_worktree(&l, &refreshed, idx, NULL, 0), 0);
	expect_list(&l, 1, "M d/e/c 100644 100644\nD f/f 100755 0\nT link 100644 120000\n"
		    "M x/y 100644 100755\n");
	CU_ASSERT(!l.items[0].new_id_known);
out:
	sgit_changes_release(&l);
	sgit_index_free(idx);
	sgit_repo_free(repo);
}

static void test_unmerged(void)
{
	struct sgit_repo *repo = NULL;
	struct sgit_changes l = SGIT_CHANGES_INIT;
	struct sgit_index *idx = NULL;
	struct sgit_oid t;

	if (!have_git || unit_sh("git init -q c5 && cd c5 && echo base >u && echo k >k && git add . && "
				 "git commit -qm base && git checkout -qb side && echo side >u && "
				 "git commit -qam side && git checkout -q - && echo main >u && "
				 "git commit -qam main && (git merge side >/dev/null || true)") ||
	    !(repo = unit_open_repo("c5")))
		goto out;
	CU_ASSERT_EQUAL(resolve(&t, repo, "HEAD^{tree}"), 0);
	CU_ASSERT_EQUAL_FATAL(sgit_index_open(&idx, repo), 0);
	CU_ASSERT_EQUAL(sgit_changes_tree_index(&l, repo, &t, idx, NULL), 0);
	expect_list(&l, 0, "U u stages 7\n");
	CU_ASSERT_EQUAL(sgit_changes_index_worktree(&l, NULL, idx, NULL, 0), 0);
	expect_list(&l, 0, "U u stages 7\n");
out:
	sgit_changes_release(&l);
	sgit_index_free(idx);
	sgit_repo_free(repo);
}

/* Set the index file's mtime to the work tree file's plus delta seconds. */
static void stamp_index(int delta)
{
	struct sgit_buf cmd = SGIT_BUF_INIT;

	sgit_buf_printf(&cmd, "cd c3 && touch -d @$(($(stat -c %%Y r) + %d)) .git/index", delta);
	CU_ASSERT_EQUAL(unit_sh("%s", cmd.ptr), 0);
	sgit_buf_release(&cmd);
}

static void racy_check(int delta, const char *want)
{
	struct sgit_repo *repo = unit_open_repo("c3");
	struct sgit_changes l = SGIT_CHANGES_INIT;
	struct sgit_index *idx = NULL;

	if (!repo)
		return;
	stamp_index(delta);
	CU_ASSERT_EQUAL_FATAL(sgit_index_open(&idx, repo), 0);
	CU_ASSERT_EQUAL(sgit_changes_index_worktree(&l, NULL, idx, NULL, 0), 0);
	expect_list(&l, 0, want);
	sgit_changes_release(&l);
	sgit_index_free(idx);
	sgit_repo_free(repo);
}

static void test_racy(void)
{
	if (!have_git)
		return;
	/* an index written in the file's second cannot vouch for it: the content is read */
	racy_check(0, "M r\n");
	/* written later, its stat data is trusted (the change is invisible, as to git) */
	racy_check(10, "");
}

static void test_refresh(void)
{
	struct sgit_repo *repo = NULL;
	struct sgit_changes l = SGIT_CHANGES_INIT;
	struct sgit_index *idx = NULL;
	struct sgit_buf path = SGIT_BUF_INIT;
	const struct sgit_index_entry *e;
	struct stat st;
	int refreshed = 0;

	if (!have_git || unit_sh("cd c4 && echo same >f && git add f && touch -d @1000000000 f && "
				 "touch -d @2000000000 .git/index") ||
	    !(repo = unit_open_repo("c4")))
		goto out;
	CU_ASSERT_EQUAL_FATAL(sgit_index_open(&idx, repo), 0);
	CU_ASSERT_EQUAL(sgit_changes_index_worktree(&l, &refreshed, idx, NULL, 0), 0);
	expect_list(&l, 0, "");
	CU_ASSERT_EQUAL(refreshed, 0);
	CU_ASSERT_EQUAL(sgit_changes_index_worktree(&l, &refreshed, idx, NULL, SGIT_CHANGES_REFRESH), 0);
	CU_ASSERT_EQUAL(refreshed, 1);
	e = sgit_index_get(idx, "f", 0);
	sgit_buf_printf(&path, "%s/c4/f", unit_tmpdir());
	CU_ASSERT(e && lstat(path.ptr, &st) == 0 && e->mtime.sec == 1000000000 &&
		  !sgit_index_entry_stat_changes(idx, e, &st));
out:
	sgit_buf_release(&path);
	sgit_changes_release(&l);
	sgit_index_free(idx);
	sgit_repo_free(repo);
}

/* ---- untracked files ---- */

static void untracked(enum sgit_untracked_mode mode, int want_ignored, const char *want_u,
		      const char *want_i)
{
	struct sgit_repo *repo = unit_open_repo("c2");
	struct sgit_untracked_options o = SGIT_UNTRACKED_OPTIONS_INIT;
	struct sgit_changes u = SGIT_CHANGES_INIT, ign = SGIT_CHANGES_INIT;
	struct sgit_index *idx = NULL;

	if (!repo)
		return;
	o.mode = mode;
	o.want_ignored = want_ignored;
	CU_ASSERT_EQUAL_FATAL(sgit_index_open(&idx, repo), 0);
	CU_ASSERT_EQUAL(sgit_changes_untracked(&u, &ign, repo, idx, &o), 0);
	expect_list(&u, 0, want_u);
	expect_list(&ign, 0, want_i);
	sgit_changes_release(&u);
	sgit_changes_release(&ign);
	sgit_index_free(idx);
	sgit_repo_free(repo);
}

static void test_untracked_collapsed(void)
{
	if (!have_git)
		return;
	untracked(SGIT_UNTRACKED_NORMAL, 0, "? .gitignore\n? nest/\n? new/\n? t/u\n", "");
}

static void test_untracked_all(void)
{
	if (!have_git)
		return;
	untracked(SGIT_UNTRACKED_ALL, 0, "? .gitignore\n? nest/\n? new/a\n? new/sub/b\n? t/u\n", "");
}

static void test_untracked_ignored(void)
{
	if (!have_git)
		return;
	untracked(SGIT_UNTRACKED_NORMAL, 1, "? .gitignore\n? nest/\n? new/\n? t/u\n",
		  "! ign.o\n! only-ign/\n");
	untracked(SGIT_UNTRACKED_ALL, 1, "? .gitignore\n? nest/\n? new/a\n? new/sub/b\n? t/u\n",
		  "! ign.o\n! only-ign/deeper/p.o\n! only-ign/o.o\n");
	untracked(SGIT_UNTRACKED_NO, 1, "", "");
}

static void test_pathspec(void)
{
	static const struct {
		const char *item, *path;
		enum sgit_pathspec_match want;
	} cases[] = {
		{ "d", "d", SGIT_PATHSPEC_EXACT }, { "d", "d/x", SGIT_PATHSPEC_BELOW },
		{ "d/", "d/x", SGIT_PATHSPEC_BELOW }, { "d/", "d", SGIT_PATHSPEC_NONE },
		{ "d/", "d/", SGIT_PATHSPEC_EXACT }, { "d", "dx", SGIT_PATHSPEC_NONE },
		{ "d/x", "d/", SGIT_PATHSPEC_LEADING }, { "d/x", "d", SGIT_PATHSPEC_NONE },
		{ "*.c", "a/b.c", SGIT_PATHSPEC_GLOB }, { "*.c", "a/", SGIT_PATHSPEC_LEADING },
		{ "a/s*", "a/sub/", SGIT_PATHSPEC_GLOB }, { "a/s*", "a/", SGIT_PATHSPEC_LEADING },
		{ "a/s*", "b/", SGIT_PATHSPEC_NONE }, { "", "anything", SGIT_PATHSPEC_BELOW },
	};
	struct sgit_pathspec ps = SGIT_PATHSPEC_INIT;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		CU_ASSERT_EQUAL(sgit_pathspec_init(&ps, &cases[i].item, 1), 0);
		CU_ASSERT_EQUAL(sgit_pathspec_match(&ps, cases[i].path, strlen(cases[i].path)),
				cases[i].want);
		sgit_pathspec_release(&ps);
	}
	CU_ASSERT_EQUAL(sgit_pathspec_match(NULL, "x", 1), SGIT_PATHSPEC_BELOW);
}

static CU_TestInfo tree_tests[] = {
	{ "two commits give every kind of change, folders and files apart", test_tree_tree },
	{ "a tree against itself has no changes", test_tree_tree_same },
	{ "a pathspec keeps only the paths it selects", test_tree_tree_pathspec },
	{ "against no tree everything is added or deleted", test_tree_tree_empty },
	{ "the index against HEAD and against nothing", test_tree_index },
	{ "an unmerged path is listed once with its stages", test_unmerged },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo worktree_tests[] = {
	{ "the work tree: modified, deleted, type and mode changes", test_index_worktree },
	{ "a racy entry is read, a trusted one is not", test_racy },
	{ "refreshing takes new stat data for unchanged content", test_refresh },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo untracked_tests[] = {
	{ "folders without tracked files are collapsed, empty or ignored ones left out",
	  test_untracked_collapsed },
	{ "-uall lists every file but a nested repository", test_untracked_all },
	{ "ignored paths are listed when asked for", test_untracked_ignored },
	{ "pathspec items match exactly, below, leading or by glob", test_pathspec },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "changes between trees and the index", .pInitFunc = setup, .pTests = tree_tests },
	{ .pName = "changes in the work tree", .pTests = worktree_tests },
	{ .pName = "untracked files", .pTests = untracked_tests },
	CU_SUITE_INFO_NULL,
};
