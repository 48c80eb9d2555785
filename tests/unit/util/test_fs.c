/* tests/unit/util/test_fs.c: whole-file reads, atomic writes, lock files */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "unit.h"
#include "util/fs.h"

static void path_in_tmp(struct sgit_buf *out, const char *name)
{
	sgit_buf_printf(out, "%s/%s", unit_tmpdir(), name);
}

static void test_read_of_a_missing_file_is_not_found(void)
{
	struct sgit_buf p = SGIT_BUF_INIT, content = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;

	path_in_tmp(&p, "missing");
	CU_ASSERT_EQUAL(sgit_fs_read_file(&content, p.ptr, &err), SGIT_ENOTFOUND);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "missing"));
	sgit_buf_release(&p);
	sgit_buf_release(&content);
}

static void test_atomic_write_then_read_round_trips_binary(void)
{
	struct sgit_buf p = SGIT_BUF_INIT, content = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct stat st;

	path_in_tmp(&p, "sub/dir/file");
	CU_ASSERT_EQUAL(sgit_fs_mkdir_parent(p.ptr, &err), 0);
	CU_ASSERT_EQUAL(sgit_fs_write_atomic(p.ptr, "a\0b\n", 4, 0644, &err), 0);
	CU_ASSERT_EQUAL(sgit_fs_read_file(&content, p.ptr, &err), 0);
	CU_ASSERT_EQUAL(content.len, 4);
	CU_ASSERT(memcmp(content.ptr, "a\0b\n", 4) == 0);
	CU_ASSERT(stat(p.ptr, &st) == 0 && (st.st_mode & 0777) == (0644 & ~(mode_t)022 & 0777));
	sgit_buf_release(&p);
	sgit_buf_release(&content);
}

static void test_a_held_lock_refuses_a_second_writer_and_names_the_lock(void)
{
	struct sgit_lockfile a = SGIT_LOCKFILE_INIT, b = SGIT_LOCKFILE_INIT;
	struct sgit_buf p = SGIT_BUF_INIT, content = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;

	path_in_tmp(&p, "locked");
	sgit_fs_write_atomic(p.ptr, "old\n", 4, 0, &err);
	CU_ASSERT_EQUAL(sgit_lockfile_acquire(&a, p.ptr, &err), 0);
	CU_ASSERT_EQUAL(sgit_lockfile_acquire(&b, p.ptr, &err), SGIT_ELOCKED);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "locked.lock': File exists."));
	sgit_lockfile_rollback(&b);
	CU_ASSERT(sgit_fs_exists(a.lock_path.ptr));	/* the loser must not remove the winner's lock */
	CU_ASSERT_EQUAL(sgit_lockfile_write(&a, "new\n", 4, &err), 0);
	CU_ASSERT_EQUAL(sgit_lockfile_commit(&a, &err), 0);
	sgit_lockfile_rollback(&a);
	CU_ASSERT_EQUAL(sgit_fs_read_file(&content, p.ptr, &err), 0);
	CU_ASSERT_STRING_EQUAL(content.ptr, "new\n");
	sgit_buf_release(&p);
	sgit_buf_release(&content);
}

static void test_rollback_leaves_the_file_unchanged(void)
{
	struct sgit_lockfile a = SGIT_LOCKFILE_INIT;
	struct sgit_buf p = SGIT_BUF_INIT, content = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	char lock[4096];

	path_in_tmp(&p, "rolled");
	sgit_fs_write_atomic(p.ptr, "keep\n", 5, 0, &err);
	CU_ASSERT_EQUAL(sgit_lockfile_acquire(&a, p.ptr, &err), 0);
	snprintf(lock, sizeof(lock), "%s", a.lock_path.ptr);
	sgit_lockfile_write(&a, "discard\n", 8, &err);
	sgit_lockfile_rollback(&a);
	CU_ASSERT(!sgit_fs_exists(lock));
	sgit_fs_read_file(&content, p.ptr, &err);
	CU_ASSERT_STRING_EQUAL(content.ptr, "keep\n");
	sgit_buf_release(&p);
	sgit_buf_release(&content);
}

static void test_join_does_not_double_slashes(void)
{
	struct sgit_buf out = SGIT_BUF_INIT;

	sgit_fs_join(&out, "a/", "/b");
	CU_ASSERT_STRING_EQUAL(out.ptr, "a/b");
	sgit_fs_join(&out, "a", "b");
	CU_ASSERT_STRING_EQUAL(out.ptr, "a/b");
	sgit_buf_release(&out);
}

static CU_TestInfo fs_tests[] = {
	{ "reading a missing file is not-found and names it", test_read_of_a_missing_file_is_not_found },
	{ "an atomic write then a read round-trips binary bytes", test_atomic_write_then_read_round_trips_binary },
	{ "a held lock refuses a second writer and names the lock", test_a_held_lock_refuses_a_second_writer_and_names_the_lock },
	{ "rollback leaves the file unchanged and removes the lock", test_rollback_leaves_the_file_unchanged },
	{ "join does not double slashes", test_join_does_not_double_slashes },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "util/fs", .pTests = fs_tests },
	CU_SUITE_INFO_NULL,
};
