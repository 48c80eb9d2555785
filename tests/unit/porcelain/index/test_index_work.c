/* tests/unit/porcelain/index/test_index_work.c: the index in repositories: trees, locks, stat data, racy git */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "unit.h"
#include "sgit/index.h"
#include "sgit/object.h"
#include "sgit/repo.h"
#include "util/fs.h"

static int have_git;
static const char *index_env;

/* unit_getenv, plus the GIT_INDEX_FILE a test chooses */
static const char *test_env(const char *name)
{
	if (!strcmp(name, "GIT_INDEX_FILE"))
		return index_env;
	return unit_getenv(name);
}

#define DATES "export GIT_AUTHOR_DATE='1700000000 +0000' GIT_COMMITTER_DATE='1700000000 +0000' && "

static int setup(void)
{
	have_git = unit_sh("git --version") == 0 &&
		unit_sh(DATES "git init -q w1 && cd w1 && mkdir -p b/deep e sub && echo a >a && echo c >b/c && "
			"echo x >b/deep/x && echo g >e/g && echo s >e.x && ln -s a link && chmod +x b/c && "
			"git update-index --add --cacheinfo 160000,0123456789abcdef0123456789abcdef01234567,mod && "
			"git add a b e e.x link && git commit -qm one && git rev-parse HEAD^{tree} >../w1.head && "
			"cp .git/index ../w1.nocache && git write-tree >../w1.tree && cp .git/index ../w1.cached && "
			"git read-tree HEAD && cp .git/index ../w1.readtree && "
			"git update-index --add --cacheinfo 100644,$(git hash-object -w a),b/new && "
			"cp .git/index ../w1.changed") == 0 &&
		unit_sh("git init -q w3 && cd w3 && mkdir d only && echo a >a && echo x >d/x && echo n >d/new && "
			"echo o >only/x && echo t >top && git add a d/x && git add -N d/new only/x top && "
			"cp .git/index ../w3.nocache && git write-tree >../w3.tree && cp .git/index ../w3.cached") == 0 &&
		unit_sh(DATES "git init -q rc && cd rc && echo base >u && git add u && git commit -qm base && "
			"git checkout -qb side && echo side >u && git commit -qam side && git checkout -q - && "
			"echo main >u && git commit -qam main && (git merge side || true) && echo fixed >u && "
			"cp -R ../rc ../rc2 && git add u && git ls-files -s --resolve-undo >../rc.ru") == 0 &&
		unit_sh("git init -q wm && cd wm && git config core.checkStat minimal && "
			"git config core.trustctime false") == 0 &&
		unit_sh("git init -q wf && cd wf && git config core.fileMode false") == 0;
	return 0;
}

static struct sgit_repo *open_repo(const char *name)
{
	return unit_open_repo_env(name, test_env);
}

static void read_tmp(struct sgit_buf *out, const char *rel)
{
	struct sgit_buf path = SGIT_BUF_INIT;

	sgit_buf_printf(&path, "%s/%s", unit_tmpdir(), rel);
	CU_ASSERT_EQUAL(sgit_fs_read_file(out, path.ptr, NULL), 0);
	sgit_buf_rtrim(out);
	sgit_buf_release(&path);
}

/* The index in file rel (a copy of one git wrote), opened in repo. */
static struct sgit_index *open_copy(struct sgit_repo *repo, const char *rel)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	struct sgit_index *idx = NULL;

	sgit_buf_printf(&path, "%s/%s", unit_tmpdir(), rel);
	CU_ASSERT_EQUAL(sgit_index_open_file(&idx, path.ptr, repo, NULL), 0);
	sgit_buf_release(&path);
	return idx;
}

static int bytes_equal(const struct sgit_buf *a, const char *rel)
{
	struct sgit_buf b = SGIT_BUF_INIT, path = SGIT_BUF_INIT;
	int same;

	sgit_buf_printf(&path, "%s/%s", unit_tmpdir(), rel);
	sgit_fs_read_file(&b, path.ptr, NULL);
	same = a->len == b.len && !memcmp(a->ptr, b.ptr, b.len);
	if (!same)
		fprintf(stderr, "\nindex differs from %s (%zu and %zu bytes)\n", rel, a->len, b.len);
	sgit_buf_release(&b);
	sgit_buf_release(&path);
	return same;
}

/* Write the trees of the index copy rel from scratch: git's root id, git's cache tree bytes. */
static void check_write_tree(const char *repo_name, const char *rel, const char *tree_rel,
			     const char *cached_rel)
{
	struct sgit_repo *repo = open_repo(repo_name);
	struct sgit_buf want = SGIT_BUF_INIT, out = SGIT_BUF_INIT;
	struct sgit_index *idx;
	char hex[SGIT_OID_HEXSZ + 1];
	struct sgit_oid id;

	CU_ASSERT_PTR_NOT_NULL_FATAL(repo);
	idx = open_copy(repo, rel);
	read_tmp(&want, tree_rel);
	sgit_index_cache_tree_clear(idx);
	CU_ASSERT_EQUAL(sgit_index_write_tree(&id, idx, 0), 0);
	CU_ASSERT_STRING_EQUAL(sgit_oid_tohex(hex, &id), want.ptr);
	CU_ASSERT_EQUAL(sgit_index_serialize(&out, idx), 0);
	CU_ASSERT(bytes_equal(&out, cached_rel));
	/* again, from the cache tree just made */
	CU_ASSERT_EQUAL(sgit_index_write_tree(&id, idx, 0), 0);
	CU_ASSERT_STRING_EQUAL(sgit_oid_tohex(hex, &id), want.ptr);
	sgit_index_free(idx);
	sgit_repo_free(repo);
	sgit_buf_release(&want);
	sgit_buf_release(&out);
}

static void test_write_tree_gives_the_trees_and_cache_tree_git_gives(void)
{
	CU_ASSERT_FATAL(have_git);
	check_write_tree("w1", "w1.nocache", "w1.tree", "w1.cached");
}

static void test_intent_to_add_entries_are_left_out_of_trees_as_git_does(void)
{
	CU_ASSERT_FATAL(have_git);
	check_write_tree("w3", "w3.nocache", "w3.tree", "w3.cached");
}

static void test_write_tree_refuses_conflicts_and_missing_blobs(void)
{
	struct sgit_repo *repo = open_repo("rc2");
	struct sgit_index *idx = NULL;
	struct sgit_index_entry e;
	struct sgit_oid id;

	CU_ASSERT_PTR_NOT_NULL_FATAL(repo);
	CU_ASSERT_EQUAL_FATAL(sgit_index_open(&idx, repo), 0);
	CU_ASSERT_EQUAL(sgit_index_write_tree(&id, idx, 0), SGIT_ECONFLICT);
	CU_ASSERT_STRING_EQUAL(sgit_repo_error(repo)->msg, "'u' is unmerged");
	sgit_index_clear(idx);
	memset(&e, 0, sizeof(e));
	e.mode = 0100644;
	e.path = "d/x";
	e.path_len = 3;
	memset(e.id.id, 0x11, sizeof(e.id.id));
	CU_ASSERT_EQUAL(sgit_index_add(idx, &e, 0), 0);
	CU_ASSERT_EQUAL(sgit_index_write_tree(&id, idx, 0), SGIT_ENOTFOUND);
	CU_ASSERT_STRING_EQUAL(sgit_repo_error(repo)->msg,
			       "invalid object 100644 1111111111111111111111111111111111111111 for 'd/x'");
	CU_ASSERT_EQUAL(sgit_index_write_tree(&id, idx, SGIT_INDEX_WRITE_TREE_MISSING_OK), 0);
	CU_ASSERT_EQUAL(sgit_index_cache_tree_lookup(&id, idx, "d/"), 0);
	CU_ASSERT_EQUAL(sgit_index_cache_tree_lookup(&id, idx, "nope"), SGIT_ENOTFOUND);
	sgit_index_free(idx);
	sgit_repo_free(repo);
}

static void test_read_tree_gives_the_index_git_read_tree_gives(void)
{
	struct sgit_repo *repo = open_repo("w1");
	struct sgit_buf head = SGIT_BUF_INIT, out = SGIT_BUF_INIT;
	struct sgit_index *idx;
	struct sgit_index_entry e;
	struct sgit_oid id;

	CU_ASSERT_PTR_NOT_NULL_FATAL(repo);
	CU_ASSERT_FATAL(have_git);
	idx = open_copy(repo, "w3.cached");
	read_tmp(&head, "w1.head");
	sgit_oid_fromhex(&id, head.ptr);
	CU_ASSERT_EQUAL(sgit_index_read_tree(idx, &id, 0), 0);
	CU_ASSERT(sgit_index_cache_tree_valid(idx));
	CU_ASSERT_EQUAL(sgit_index_serialize(&out, idx), 0);
	CU_ASSERT(bytes_equal(&out, "w1.readtree"));
	/* a new file in b/ leaves the cache tree of e/ valid, as git update-index does */
	memset(&e, 0, sizeof(e));
	e.mode = 0100644;
	e.path = "b/new";
	e.path_len = 5;
	e.id = sgit_index_get(idx, "a", 0)->id;
	CU_ASSERT_EQUAL(sgit_index_add(idx, &e, 0), 0);
	CU_ASSERT_FALSE(sgit_index_cache_tree_valid(idx));
	CU_ASSERT_EQUAL(sgit_index_serialize(&out, idx), 0);
	CU_ASSERT(bytes_equal(&out, "w1.changed"));
	/* a tree that is not there leaves the index as it was */
	memset(id.id, 0x22, sizeof(id.id));
	CU_ASSERT_EQUAL(sgit_index_read_tree(idx, &id, 0), SGIT_ENOTFOUND);
	CU_ASSERT_PTR_NOT_NULL(sgit_index_get(idx, "b/new", 0));
	sgit_index_free(idx);
	sgit_repo_free(repo);
	sgit_buf_release(&head);
	sgit_buf_release(&out);
}

static void test_a_held_lock_is_refused_and_the_index_left_alone(void)
{
	struct sgit_repo *repo = open_repo("w1");
	struct sgit_buf lock = SGIT_BUF_INIT, before = SGIT_BUF_INIT, after = SGIT_BUF_INIT;
	struct sgit_index *idx = NULL, *other = NULL;

	CU_ASSERT_PTR_NOT_NULL_FATAL(repo);
	sgit_buf_printf(&lock, "%s/index.lock", sgit_repo_git_dir(repo));
	CU_ASSERT_EQUAL_FATAL(sgit_index_open(&idx, repo), 0);
	sgit_fs_read_file(&before, sgit_index_path(idx), NULL);
	CU_ASSERT_EQUAL(sgit_fs_write_atomic(lock.ptr, "", 0, 0644, NULL), 0);
	sgit_index_clear(idx);
	CU_ASSERT_EQUAL(sgit_index_write(idx), SGIT_ELOCKED);
	CU_ASSERT_PTR_NOT_NULL(strstr(sgit_repo_error(repo)->msg, "index.lock': File exists."));
	CU_ASSERT_EQUAL(sgit_index_open_locked(&other, repo), SGIT_ELOCKED);
	CU_ASSERT_PTR_NULL(other);
	sgit_fs_read_file(&after, sgit_index_path(idx), NULL);
	CU_ASSERT(before.len == after.len && !memcmp(before.ptr, after.ptr, after.len));
	unlink(lock.ptr);
	/* with the lock ours: nobody else gets it, and writing gives it back */
	CU_ASSERT_EQUAL(sgit_index_lock(idx), 0);
	CU_ASSERT_EQUAL(sgit_index_open_locked(&other, repo), SGIT_ELOCKED);
	sgit_index_unlock(idx);
	CU_ASSERT_EQUAL_FATAL(sgit_index_open_locked(&other, repo), 0);
	CU_ASSERT_EQUAL(sgit_index_write_locked(other), 0);
	CU_ASSERT_FALSE(sgit_fs_exists(lock.ptr));
	sgit_index_free(other);
	sgit_index_free(idx);
	sgit_repo_free(repo);
	sgit_buf_release(&lock);
	sgit_buf_release(&before);
	sgit_buf_release(&after);
}

static void test_git_index_file_names_another_index_from_the_top(void)
{
	struct sgit_repo *repo;
	struct sgit_index *idx = NULL;
	struct sgit_buf want = SGIT_BUF_INIT;
	struct sgit_oid id;
	const char *path;

	CU_ASSERT_FATAL(have_git);
	index_env = "alt-index";
	repo = open_repo("w1/b");
	CU_ASSERT_PTR_NOT_NULL_FATAL(repo);
	CU_ASSERT_EQUAL_FATAL(sgit_index_open(&idx, repo), 0);
	path = sgit_index_path(idx);
	CU_ASSERT(strlen(path) > 13 && !strcmp(path + strlen(path) - 13, "/w1/alt-index"));
	CU_ASSERT_EQUAL(sgit_index_count(idx), 0);
	read_tmp(&want, "w1.head");
	sgit_oid_fromhex(&id, want.ptr);
	CU_ASSERT_EQUAL(sgit_index_read_tree(idx, &id, 0), 0);
	CU_ASSERT_EQUAL(sgit_index_write(idx), 0);
	CU_ASSERT_EQUAL(unit_sh("cd w1 && GIT_INDEX_FILE=alt-index git ls-files -s >../alt.ls && "
				"git ls-tree -r --full-tree HEAD | "
				"sed 's/^\\([0-9]*\\) [a-z]* \\([0-9a-f]*\\)\t/\\1 \\2 0\t/' >../tree.ls && "
				"cmp ../alt.ls ../tree.ls"), 0);
	index_env = NULL;
	sgit_index_free(idx);
	sgit_repo_free(repo);
	sgit_buf_release(&want);
}

/* ---- stat data ---- */

static void write_file(const char *rel, const char *content)
{
	struct sgit_buf path = SGIT_BUF_INIT;

	sgit_buf_printf(&path, "%s/%s", unit_tmpdir(), rel);
	CU_ASSERT_EQUAL(sgit_fs_write_atomic(path.ptr, content, strlen(content), 0644, NULL), 0);
	sgit_buf_release(&path);
}

static void set_mtime(const char *path, const struct timespec *t)
{
	struct timespec ts[2] = { *t, *t };

	CU_ASSERT_EQUAL(utimensat(AT_FDCWD, path, ts, 0), 0);
}

/* An entry for the work tree file rel of repo (its blob stored). */
static void entry_for(struct sgit_index_entry *e, struct stat *st, struct sgit_repo *repo,
		      const char *path, const char *content)
{
	struct sgit_buf full = SGIT_BUF_INIT;

	sgit_buf_printf(&full, "%s/%s", sgit_repo_work_tree(repo), path);
	CU_ASSERT_EQUAL(lstat(full.ptr, st), 0);
	memset(e, 0, sizeof(*e));
	sgit_index_entry_fill_stat(e, st);
	e->mode = 0100644;
	e->path = path;
	e->path_len = strlen(path);
	CU_ASSERT_EQUAL(sgit_odb_write(&e->id, sgit_repo_odb(repo), SGIT_OBJ_BLOB, content, strlen(content)), 0);
	sgit_buf_release(&full);
}

static void test_stat_data_decides_and_racy_entries_are_checked_by_content(void)
{
	struct sgit_repo *repo = open_repo("wm");
	struct sgit_index *idx = NULL;
	struct sgit_index_entry e;
	const struct sgit_index_entry *in;
	struct sgit_buf full = SGIT_BUF_INIT;
	struct stat st, st2;
	struct timespec future;
	unsigned int changed = 9;

	CU_ASSERT_PTR_NOT_NULL_FATAL(repo);
	write_file("wm/f", "abc\n");
	sgit_buf_printf(&full, "%s/f", sgit_repo_work_tree(repo));
	/* a file from the future is racy whatever second the index is written in */
	future.tv_sec = time(NULL) + 1000;
	future.tv_nsec = 0;
	set_mtime(full.ptr, &future);
	entry_for(&e, &st, repo, "f", "abc\n");
	CU_ASSERT_EQUAL_FATAL(sgit_index_open(&idx, repo), 0);
	CU_ASSERT_EQUAL(sgit_index_add(idx, &e, 0), 0);
	CU_ASSERT_EQUAL(sgit_index_write(idx), 0);
	in = sgit_index_get(idx, "f", 0);
	CU_ASSERT_EQUAL(sgit_index_entry_stat_changes(idx, in, &st), 0);
	/* not older than the index: stat data cannot vouch for it */
	CU_ASSERT(sgit_index_entry_is_racy(idx, in));
	CU_ASSERT_EQUAL(sgit_index_entry_modified(&changed, idx, in, &st), 0);
	CU_ASSERT_EQUAL(changed, 0);
	/* same size, same mtime, other content: only the content tells */
	write_file("wm/f", "xyz\n");
	set_mtime(full.ptr, &st.st_mtim);
	CU_ASSERT_EQUAL(lstat(full.ptr, &st2), 0);
	CU_ASSERT_EQUAL(sgit_index_entry_stat_changes(idx, in, &st2), 0);
	CU_ASSERT_EQUAL(sgit_index_entry_modified(&changed, idx, in, &st2), 0);
	CU_ASSERT(changed & SGIT_INDEX_DATA_CHANGED);
	CU_ASSERT_EQUAL(sgit_index_entry_content_matches(idx, in, &st2), 0);
	/* a bigger file is changed by its size alone */
	write_file("wm/f", "longer\n");
	CU_ASSERT_EQUAL(lstat(full.ptr, &st2), 0);
	CU_ASSERT(sgit_index_entry_stat_changes(idx, in, &st2) & SGIT_INDEX_DATA_CHANGED);
	st2.st_mode |= 0100;
	CU_ASSERT(sgit_index_entry_stat_changes(idx, in, &st2) & SGIT_INDEX_MODE_CHANGED);
	st2.st_mode = S_IFDIR | 0755;
	CU_ASSERT(sgit_index_entry_stat_changes(idx, in, &st2) & SGIT_INDEX_TYPE_CHANGED);
	sgit_index_free(idx);
	sgit_repo_free(repo);
	sgit_buf_release(&full);
}

static void test_a_racily_clean_entry_is_smudged_on_write_as_git_does(void)
{
	struct sgit_repo *repo = open_repo("wm");
	struct sgit_index *idx = NULL;
	struct sgit_index_entry e;
	struct sgit_buf full = SGIT_BUF_INIT;
	struct stat st;

	CU_ASSERT_PTR_NOT_NULL_FATAL(repo);
	write_file("wm/g", "one\n");
	entry_for(&e, &st, repo, "g", "one\n");
	sgit_buf_printf(&full, "%s/g", sgit_repo_work_tree(repo));
	CU_ASSERT_EQUAL_FATAL(sgit_index_open(&idx, repo), 0);
	CU_ASSERT_EQUAL(sgit_index_add(idx, &e, 0), 0);
	CU_ASSERT_EQUAL(sgit_index_write(idx), 0);
	sgit_index_free(idx);
	/* changed behind the index's back, stat data kept; the index from the same second */
	write_file("wm/g", "two\n");
	set_mtime(full.ptr, &st.st_mtim);
	sgit_buf_printf(&full, "%s/index", sgit_repo_git_dir(repo));
	set_mtime(full.ptr, &st.st_mtim);
	CU_ASSERT_EQUAL_FATAL(sgit_index_open(&idx, repo), 0);
	CU_ASSERT(sgit_index_entry_is_racy(idx, sgit_index_get(idx, "g", 0)));
	CU_ASSERT_EQUAL(sgit_index_write(idx), 0);
	CU_ASSERT_EQUAL(sgit_index_get(idx, "g", 0)->size, 0);
	/* git sees the change: added, and modified since */
	CU_ASSERT_EQUAL(unit_sh("cd wm && test \"$(git status --porcelain g)\" = 'AM g'"), 0);
	sgit_index_free(idx);
	sgit_repo_free(repo);
	sgit_buf_release(&full);
}

static void test_modes_come_from_stat_as_core_filemode_says(void)
{
	struct sgit_repo *repo = open_repo("w1"), *nofm = open_repo("wf");
	struct sgit_index *idx = NULL, *idx2 = NULL;
	struct sgit_index_entry exec;

	CU_ASSERT_PTR_NOT_NULL_FATAL(repo);
	CU_ASSERT_PTR_NOT_NULL_FATAL(nofm);
	CU_ASSERT_EQUAL(sgit_index_new(&idx, repo, NULL), 0);
	CU_ASSERT_EQUAL(sgit_index_new(&idx2, nofm, NULL), 0);
	memset(&exec, 0, sizeof(exec));
	exec.mode = 0100755;
	CU_ASSERT_EQUAL(sgit_index_mode_from_stat(idx, NULL, S_IFREG | 0755), 0100755);
	CU_ASSERT_EQUAL(sgit_index_mode_from_stat(idx, NULL, S_IFREG | 0664), 0100644);
	CU_ASSERT_EQUAL(sgit_index_mode_from_stat(idx, NULL, S_IFLNK | 0777), 0120000);
	CU_ASSERT_EQUAL(sgit_index_mode_from_stat(idx, NULL, S_IFDIR | 0755), 0160000);
	CU_ASSERT_EQUAL(sgit_index_mode_from_stat(idx, &exec, S_IFREG | 0644), 0100644);
	CU_ASSERT_EQUAL(sgit_index_mode_from_stat(idx2, NULL, S_IFREG | 0755), 0100644);
	CU_ASSERT_EQUAL(sgit_index_mode_from_stat(idx2, &exec, S_IFREG | 0644), 0100755);
	sgit_index_free(idx);
	sgit_index_free(idx2);
	sgit_repo_free(repo);
	sgit_repo_free(nofm);
}

static void test_resolving_a_conflict_keeps_resolve_undo_data_as_git_add_does(void)
{
	struct sgit_repo *repo = open_repo("rc2");
	struct sgit_index *idx = NULL;
	struct sgit_index_entry e;
	struct stat st;

	CU_ASSERT_FATAL(have_git);
	CU_ASSERT_PTR_NOT_NULL_FATAL(repo);
	CU_ASSERT_EQUAL_FATAL(sgit_index_open_locked(&idx, repo), 0);
	entry_for(&e, &st, repo, "u", "fixed\n");
	CU_ASSERT_EQUAL(sgit_index_add(idx, &e, 0), 0);
	CU_ASSERT_FALSE(sgit_index_has_conflicts(idx));
	CU_ASSERT_EQUAL(sgit_index_write_locked(idx), 0);
	CU_ASSERT_EQUAL(unit_sh("cd rc2 && git ls-files -s --resolve-undo >../rc2.ru && cmp ../rc.ru ../rc2.ru && "
				"git status --porcelain >../rc2.st && (cd ../rc && git status --porcelain) | cmp - ../rc2.st"), 0);
	sgit_index_free(idx);
	sgit_repo_free(repo);
}

CU_TestInfo index_tree_tests[] = {
	{ "write-tree gives the trees and cache tree git gives",
	  test_write_tree_gives_the_trees_and_cache_tree_git_gives },
	{ "intent-to-add entries are left out of trees as git does",
	  test_intent_to_add_entries_are_left_out_of_trees_as_git_does },
	{ "write-tree refuses conflicts and missing blobs", test_write_tree_refuses_conflicts_and_missing_blobs },
	{ "read-tree gives the index git read-tree gives", test_read_tree_gives_the_index_git_read_tree_gives },
	CU_TEST_INFO_NULL,
};

CU_TestInfo index_file_tests[] = {
	{ "a held lock is refused and the index left alone", test_a_held_lock_is_refused_and_the_index_left_alone },
	{ "GIT_INDEX_FILE names another index, from the top", test_git_index_file_names_another_index_from_the_top },
	{ "resolving a conflict keeps resolve-undo data as git add does",
	  test_resolving_a_conflict_keeps_resolve_undo_data_as_git_add_does },
	CU_TEST_INFO_NULL,
};

CU_TestInfo index_stat_tests[] = {
	{ "stat data decides, and racy entries are checked by content",
	  test_stat_data_decides_and_racy_entries_are_checked_by_content },
	{ "a racily clean entry is smudged on write as git does",
	  test_a_racily_clean_entry_is_smudged_on_write_as_git_does },
	{ "modes come from stat as core.fileMode says", test_modes_come_from_stat_as_core_filemode_says },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "trees to and from the index", .pInitFunc = setup, .pTests = index_tree_tests },
	{ .pName = "the index file of a repository", .pTests = index_file_tests },
	{ .pName = "stat data and racy git", .pTests = index_stat_tests },
	CU_SUITE_INFO_NULL,
};
