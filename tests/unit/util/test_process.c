/* tests/unit/util/test_process.c: child processes with pipes */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "unit.h"
#include "sgit/errors.h"
#include "util/process.h"

#define MIB (1024 * 1024)

/* size bytes of a pattern that holds every byte value, NUL included. */
static char *pattern(size_t size)
{
	char *p = malloc(size);
	size_t i;

	for (i = 0; p && i < size; i++)
		p[i] = (char)(i * 7 + i / 251);
	return p;
}

static void test_cat_round_trips_a_mebibyte(void)
{
	static const char *const argv[] = { "cat", NULL };
	struct sgit_process_opts o = SGIT_PROCESS_OPTS_INIT;
	struct sgit_process_status st;
	struct sgit_buf out = SGIT_BUF_INIT;
	char *in = pattern(MIB);

	o.in = in;
	o.in_len = MIB;
	o.out = &out;
	CU_ASSERT_EQUAL(sgit_process_run(&st, argv, &o, NULL), 0);
	CU_ASSERT_EQUAL(st.code, 0);
	CU_ASSERT(out.len == MIB && !memcmp(out.ptr, in, MIB));
	sgit_buf_release(&out);
	free(in);
}

/* It fills stderr and stdout before it reads a byte: a writer that does not drain deadlocks. */
static void test_busy_child_does_not_deadlock(void)
{
	static const char *const argv[] = {
		"sh", "-c", "yes err | head -c 1048576 >&2; yes out | head -c 1048576; wc -c", NULL
	};
	struct sgit_process_opts o = SGIT_PROCESS_OPTS_INIT;
	struct sgit_process_status st;
	struct sgit_buf out = SGIT_BUF_INIT, err = SGIT_BUF_INIT;
	char *in = pattern(MIB);

	o.in = in;
	o.in_len = MIB;
	o.out = &out;
	o.err = &err;
	CU_ASSERT_EQUAL(sgit_process_run(&st, argv, &o, NULL), 0);
	CU_ASSERT_EQUAL(st.code, 0);
	CU_ASSERT_EQUAL(err.len, MIB);
	CU_ASSERT_EQUAL(out.len, MIB + strlen("1048576\n"));
	CU_ASSERT(out.len > 8 && !strcmp(out.ptr + out.len - 8, "1048576\n"));
	CU_ASSERT(!memcmp(out.ptr, "out\nout\n", 8) && !memcmp(err.ptr, "err\nerr\n", 8));
	sgit_buf_release(&out);
	sgit_buf_release(&err);
	free(in);
}

static void test_child_that_ignores_stdin_is_fine(void)
{
	static const char *const argv[] = { "true", NULL };
	struct sgit_process_opts o = SGIT_PROCESS_OPTS_INIT;
	struct sgit_process_status st;
	sigset_t pending;
	char *in = pattern(4 * MIB);

	o.in = in;
	o.in_len = 4 * MIB;
	CU_ASSERT_EQUAL(sgit_process_run(&st, argv, &o, NULL), 0);
	CU_ASSERT_EQUAL(st.code, 0);
	CU_ASSERT_EQUAL(st.signal, 0);
	sigpending(&pending);
	CU_ASSERT(!sigismember(&pending, SIGPIPE));	/* and we are still alive */
	free(in);
}

static void test_exit_codes_and_signals(void)
{
	static const struct {
		const char *script;
		int code, signal;
		const char *text;
	} cases[] = {
		{ "exit 0", 0, 0, "exited with status 0" },
		{ "exit 1", 1, 0, "exited with status 1" },
		{ "exit 42", 42, 0, "exited with status 42" },
		{ "exit 255", 255, 0, "exited with status 255" },
		{ "kill -9 $$", 137, 9, "killed by signal 9" },
		{ "kill -TERM $$", 143, 15, "killed by signal 15" },
	};
	struct sgit_buf text = SGIT_BUF_INIT;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *argv[] = { "sh", "-c", cases[i].script, NULL };
		struct sgit_process_status st;

		CU_ASSERT_EQUAL(sgit_process_run(&st, argv, NULL, NULL), 0);
		CU_ASSERT_EQUAL(st.code, cases[i].code);
		CU_ASSERT_EQUAL(st.signal, cases[i].signal);
		sgit_process_status_describe(&text, &st);
		CU_ASSERT_STRING_EQUAL(text.ptr, cases[i].text);
	}
	sgit_buf_release(&text);
}

static void test_missing_program_is_not_found(void)
{
	static const struct {
		const char *prog;
		int code;
		const char *message;
	} cases[] = {
		{ "gpg2x-not-there", SGIT_ENOTFOUND, "cannot run 'gpg2x-not-there': No such file or directory" },
		{ "/nonexistent/gpg2x", SGIT_ENOTFOUND, "cannot run '/nonexistent/gpg2x': No such file or directory" },
		{ "", SGIT_ENOTFOUND, "cannot run '': No such file or directory" },
	};
	struct sgit_buf path = SGIT_BUF_INIT, want = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_process_status st;
	const char *argv[2] = { NULL, NULL };
	size_t i;
	FILE *f;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		argv[0] = cases[i].prog;
		CU_ASSERT_EQUAL(sgit_process_run(&st, argv, NULL, &err), cases[i].code);
		CU_ASSERT_STRING_EQUAL(err.msg, cases[i].message);
	}
	/* a file that is not executable */
	sgit_buf_printf(&path, "%s/not-executable", unit_tmpdir());
	if ((f = fopen(path.ptr, "w")))
		fclose(f);
	chmod(path.ptr, 0644);
	argv[0] = path.ptr;
	CU_ASSERT_EQUAL(sgit_process_run(&st, argv, NULL, &err), SGIT_EOS);
	sgit_buf_printf(&want, "cannot run '%s': Permission denied", path.ptr);
	CU_ASSERT_STRING_EQUAL(err.msg, want.ptr);
	sgit_buf_release(&path);
	sgit_buf_release(&want);
}

static void test_arguments_are_passed_literally(void)
{
	static const char *const argv[] = {
		"printf", "[%s]\\n", "a b", "it's", "\"q\"", "$HOME", "*", "", "back\\slash", NULL
	};
	struct sgit_process_opts o = SGIT_PROCESS_OPTS_INIT;
	struct sgit_process_status st;
	struct sgit_buf out = SGIT_BUF_INIT;

	o.out = &out;
	CU_ASSERT_EQUAL(sgit_process_run(&st, argv, &o, NULL), 0);
	CU_ASSERT_STRING_EQUAL(out.ptr, "[a b]\n[it's]\n[\"q\"]\n[$HOME]\n[*]\n[]\n[back\\slash]\n");
	sgit_buf_release(&out);
}

static void test_outputs_are_kept_apart(void)
{
	static const char *const argv[] = {
		"sh", "-c", "echo to-out; echo to-err >&2; echo '[GNUPG:] GOODSIG x' >&5", NULL
	};
	struct sgit_process_opts o = SGIT_PROCESS_OPTS_INIT;
	struct sgit_process_status st;
	struct sgit_buf out = SGIT_BUF_INIT, err = SGIT_BUF_INIT, status = SGIT_BUF_INIT;

	sgit_buf_sets(&out, "old content is replaced");
	o.out = &out;
	o.err = &err;
	o.extra = &status;
	o.extra_fd = 5;
	CU_ASSERT_EQUAL(sgit_process_run(&st, argv, &o, NULL), 0);
	CU_ASSERT_STRING_EQUAL(out.ptr, "to-out\n");
	CU_ASSERT_STRING_EQUAL(err.ptr, "to-err\n");
	CU_ASSERT_STRING_EQUAL(status.ptr, "[GNUPG:] GOODSIG x\n");
	o.extra_fd = 2;
	CU_ASSERT_EQUAL(sgit_process_run(&st, argv, &o, NULL), SGIT_EINVALID);
	sgit_buf_release(&out);
	sgit_buf_release(&err);
	sgit_buf_release(&status);
}

static void test_environment_folder_and_null_devices(void)
{
	static const char *const env[] = { "SGIT_TEST_X=one", "SGIT_TEST_X=two", "HOME", NULL };
	static const char *const show[] = { "sh", "-c", "echo \"$SGIT_TEST_X-${HOME-unset}\"; pwd; cat", NULL };
	struct sgit_process_opts o = SGIT_PROCESS_OPTS_INIT;
	struct sgit_process_status st;
	struct sgit_buf out = SGIT_BUF_INIT, want = SGIT_BUF_INIT;
	char *dir = realpath(unit_tmpdir(), NULL);

	o.env = env;
	o.dir = dir;
	o.in_null = 1;
	o.out = &out;
	o.err_null = 1;
	CU_ASSERT_EQUAL(sgit_process_run(&st, show, &o, NULL), 0);
	sgit_buf_printf(&want, "two-unset\n%s\n", dir);
	CU_ASSERT_STRING_EQUAL(out.ptr, want.ptr);
	o.dir = "/nonexistent-folder";
	CU_ASSERT_EQUAL(sgit_process_run(&st, show, &o, NULL), SGIT_EOS);
	free(dir);
	sgit_buf_release(&out);
	sgit_buf_release(&want);
}

static void test_script_without_shebang_runs_with_sh(void)
{
	struct sgit_buf path = SGIT_BUF_INIT, out = SGIT_BUF_INIT;
	struct sgit_process_opts o = SGIT_PROCESS_OPTS_INIT;
	struct sgit_process_status st;
	const char *argv[3];
	FILE *f;

	sgit_buf_printf(&path, "%s/plain-script", unit_tmpdir());
	f = fopen(path.ptr, "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fputs("echo \"no shebang $1\"\n", f);
	fclose(f);
	chmod(path.ptr, 0755);
	argv[0] = path.ptr;
	argv[1] = "arg";
	argv[2] = NULL;
	o.out = &out;
	CU_ASSERT_EQUAL(sgit_process_run(&st, argv, &o, NULL), 0);
	CU_ASSERT_STRING_EQUAL(out.ptr, "no shebang arg\n");
	sgit_buf_release(&out);
	sgit_buf_release(&path);
}

static void test_shell_snippets_get_their_arguments(void)
{
	static const struct {
		const char *cmd;
		const char *args[3];
		const char *out;
	} cases[] = {
		{ "echo", { "a  b", "c", NULL }, "a  b c\n" },		/* no shell needed */
		{ "printf '<%s>'", { "x y", "$z", NULL }, "<x y><$z>" },
		{ "echo hi; echo there", { NULL }, "hi\nthere\n" },
		{ "f() { echo \"$#:$*\"; }; f", { "1 2", "3", NULL }, "2:1 2 3\n" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct sgit_process_opts o = SGIT_PROCESS_OPTS_INIT;
		struct sgit_process_status st;
		struct sgit_buf out = SGIT_BUF_INIT;

		o.out = &out;
		CU_ASSERT_EQUAL(sgit_process_run_shell(&st, cases[i].cmd, cases[i].args, &o, NULL), 0);
		CU_ASSERT_STRING_EQUAL(out.ptr, cases[i].out);
		sgit_buf_release(&out);
	}
}

static void test_shell_snippet_exit_status(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_process_opts o = SGIT_PROCESS_OPTS_INIT;
	struct sgit_process_status st;

	o.err_null = 1;
	CU_ASSERT_EQUAL(sgit_process_run_shell(&st, "exit 3", NULL, &o, &err), 0);
	CU_ASSERT_EQUAL(st.code, 3);
	CU_ASSERT_EQUAL(sgit_process_run_shell(&st, "no-such-editor-x", NULL, &o, &err), SGIT_ENOTFOUND);
	CU_ASSERT_EQUAL(sgit_process_run_shell(&st, "no-such-editor-x --wait", NULL, &o, &err), 0);
	CU_ASSERT_EQUAL(st.code, 127);	/* the shell's "not found" */
}

static CU_TestInfo process_tests[] = {
	{ "cat round-trips a mebibyte", test_cat_round_trips_a_mebibyte },
	{ "a child filling stdout and stderr while we feed stdin does not deadlock",
	  test_busy_child_does_not_deadlock },
	{ "a child that exits without reading stdin is not an error", test_child_that_ignores_stdin_is_fine },
	{ "exit codes and deaths by signal are reported", test_exit_codes_and_signals },
	{ "a missing program is not found, with git's message", test_missing_program_is_not_found },
	{ "arguments are passed literally, without a shell", test_arguments_are_passed_literally },
	{ "stdout, stderr and an extra status fd are captured apart", test_outputs_are_kept_apart },
	{ "environment changes, folder and /dev/null apply to the child",
	  test_environment_folder_and_null_devices },
	{ "a script without #! runs with sh", test_script_without_shebang_runs_with_sh },
	{ "shell snippets get their arguments unchanged", test_shell_snippets_get_their_arguments },
	{ "shell snippets report their exit status", test_shell_snippet_exit_status },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "util/process", .pTests = process_tests },
	CU_SUITE_INFO_NULL,
};
