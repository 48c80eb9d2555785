/*
 * tests/unit/util/test_config_section.c: sgit_config_file_rename_section
 * against the bytes "git config --rename-section / --remove-section" write.
 * The expected files were produced by git 2.39; when /usr/bin/git is present
 * every case is replayed through it too, so the table stays git's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "unit.h"
#include "sgit/config.h"
#include "util/fs.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

struct section_case {
	const char *name;
	const char *input;	/* NULL: the file does not exist */
	const char *old_name, *new_name;	/* new_name NULL: remove */
	int status;		/* git config's exit status: 0, 128 no such section, 255 refused */
	const char *expect;	/* the file afterwards */
};

static const struct section_case cases[] = {
	{ "a section is renamed, its entries kept",
	  "[a]\n\tx = 1\n[b]\n\ty = 2\n", "a", "c", 0,
	  "[c]\n\tx = 1\n[b]\n\ty = 2\n" },
	{ "every section of that name is renamed",
	  "[a]\n\tx = 1\n[b]\n[a]\n\ty = 2\n", "a", "c", 0,
	  "[c]\n\tx = 1\n[b]\n[c]\n\ty = 2\n" },
	{ "the new name keeps its case and may have a subsection",
	  "[a]\n\tx = 1\n", "a", "New.Sub \"q\"", 0,
	  "[New \"Sub \\\"q\\\"\"]\n\tx = 1\n" },
	{ "an entry on the header's line moves to a line of its own",
	  "  [a] x = 1\n", "a", "b", 0,
	  "[b]\n\tx = 1\n" },
	{ "the old name must be spelled as in the header",
	  "[A]\n\tx = 1\n", "a", "b", 128,
	  "[A]\n\tx = 1\n" },
	{ "a quoted subsection, a dotted one and blanks after the quote all match",
	  "[a \"b\"]\n\tx = 1\n[a.b]\n\ty = 2\n[a \"b\" ] w\n[a]\n\tz = 3\n", "a.b", NULL, 0,
	  "[a]\n\tz = 3\n" },
	{ "escapes in a subsection are read",
	  "[a \"q\\\"x\"]\n\tk = v\n", "a.q\"x", "b", 0,
	  "[b]\n\tk = v\n" },
	{ "removing takes comments and blank lines of the section along",
	  "# top\n[a]\n# inside\n\tx = 1\n\n[b]\n\ty = 2\n", "a", NULL, 0,
	  "# top\n[b]\n\ty = 2\n" },
	{ "the rest of the file is not parsed",
	  "[a]\n\tx = 1\n[broken\n", "a", NULL, 0,
	  "[broken\n" },
	{ "a missing section changes nothing",
	  "[a]\n\tx = 1\n", "b", NULL, 128,
	  "[a]\n\tx = 1\n" },
	{ "a missing file is left empty, as git leaves it",
	  NULL, "a", NULL, 128,
	  "" },
	{ "a new name with a space before the dot is refused",
	  "[a]\n\tx = 1\n", "a", "b c", 255,
	  "[a]\n\tx = 1\n" },
	{ "an empty new name is refused",
	  "[a]\n\tx = 1\n", "a", "", 255,
	  "[a]\n\tx = 1\n" },
};

static void case_path(struct sgit_buf *out, const char *who, size_t i)
{
	sgit_buf_reset(out);
	sgit_buf_printf(out, "%s/%s-%zu", unit_tmpdir(), who, i);
}

static void prepare(const char *path, const char *input)
{
	struct sgit_error err = SGIT_ERROR_INIT;

	unlink(path);
	if (input)
		CU_ASSERT_EQUAL(sgit_fs_write_atomic(path, input, strlen(input), 0640, &err), 0);
}

static int check_result(const char *path, const char *expect, const char *who, const char *name)
{
	struct sgit_buf got = SGIT_BUF_INIT, lock = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	int rc = sgit_fs_read_file(&got, path, &err), ok;

	ok = rc == 0 && got.len == strlen(expect) && !memcmp(got.ptr, expect, got.len);
	sgit_buf_printf(&lock, "%s.lock", path);
	ok = ok && !sgit_fs_exists(lock.ptr);
	if (!ok)
		fprintf(stderr, "\n%s: '%s': expected [%s], got [%s]\n", who, name, expect,
			rc == 0 ? got.ptr : "(no file)");
	sgit_buf_release(&got);
	sgit_buf_release(&lock);
	return ok;
}

static void test_sections_are_renamed_and_removed_as_git_does(void)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	size_t i;

	for (i = 0; i < N(cases); i++) {
		const struct section_case *c = &cases[i];
		struct sgit_error err = SGIT_ERROR_INIT;
		size_t count = 99;
		int rc;

		case_path(&path, "sgit", i);
		prepare(path.ptr, c->input);
		rc = sgit_config_file_rename_section(&count, path.ptr, c->old_name, c->new_name, &err);
		if (c->status == 255) {
			CU_ASSERT_EQUAL(rc, SGIT_EINVALID);
		} else {
			CU_ASSERT_EQUAL(rc, 0);
			CU_ASSERT_EQUAL(count == 0, c->status == 128);
		}
		/* a refused name leaves even a missing file alone; the table has none such */
		CU_ASSERT(check_result(path.ptr, c->expect, "sgit", c->name));
	}
	sgit_buf_release(&path);
}

static void sh_quote(struct sgit_buf *out, const char *s)
{
	sgit_buf_addch(out, '\'');
	for (; *s; s++) {
		if (*s == '\'')
			sgit_buf_adds(out, "'\\''");
		else
			sgit_buf_addch(out, *s);
	}
	sgit_buf_adds(out, "' ");
}

static void test_the_table_is_what_git_does(void)
{
	struct sgit_buf path = SGIT_BUF_INIT, cmd = SGIT_BUF_INIT;
	size_t i;

	if (access("/usr/bin/git", X_OK) != 0)
		return;
	for (i = 0; i < N(cases); i++) {
		const struct section_case *c = &cases[i];
		int status;

		case_path(&path, "git", i);
		prepare(path.ptr, c->input);
		sgit_buf_reset(&cmd);
		sgit_buf_adds(&cmd, "GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null /usr/bin/git config -f ");
		sh_quote(&cmd, path.ptr);
		sgit_buf_adds(&cmd, c->new_name ? "--rename-section " : "--remove-section ");
		sh_quote(&cmd, c->old_name);
		if (c->new_name)
			sh_quote(&cmd, c->new_name);
		sgit_buf_adds(&cmd, "2>/dev/null");
		status = system(cmd.ptr);
		CU_ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == c->status);
		CU_ASSERT(check_result(path.ptr, c->expect, "git", c->name));
	}
	sgit_buf_release(&path);
	sgit_buf_release(&cmd);
}

static void test_refusals_carry_gits_messages(void)
{
	struct sgit_buf path = SGIT_BUF_INIT, lock = SGIT_BUF_INIT, want = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	size_t count = 99;

	case_path(&path, "messages", 0);
	prepare(path.ptr, "[a]\n");
	CU_ASSERT_EQUAL(sgit_config_file_rename_section(&count, path.ptr, "a", "x y", &err), SGIT_EINVALID);
	CU_ASSERT_STRING_EQUAL(err.msg, "invalid section name: x y");
	sgit_buf_printf(&lock, "%s.lock", path.ptr);
	prepare(lock.ptr, "");
	CU_ASSERT_EQUAL(sgit_config_file_rename_section(&count, path.ptr, "a", "b", &err), SGIT_ELOCKED);
	sgit_buf_printf(&want, "could not lock config file %s", path.ptr);
	CU_ASSERT_STRING_EQUAL(err.msg, want.ptr);
	CU_ASSERT(check_result(lock.ptr, "", "sgit", "a lock in the way is left alone"));
	unlink(lock.ptr);
	sgit_buf_release(&path);
	sgit_buf_release(&lock);
	sgit_buf_release(&want);
}

static CU_TestInfo section_tests[] = {
	{ "sections are renamed and removed as git does", test_sections_are_renamed_and_removed_as_git_does },
	{ "the table is what git does", test_the_table_is_what_git_does },
	{ "refusals carry git's messages", test_refusals_carry_gits_messages },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "util/config sections", .pTests = section_tests },
	CU_SUITE_INFO_NULL,
};
