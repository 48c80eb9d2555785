/* tests/unit/refs/test_refname.c: ref-name rules, each case as git check-ref-format 2.39 answered */
#include <fcntl.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "unit.h"
#include "sgit/refs.h"
#include "refs/refdb_int.h"

#define ONELEVEL SGIT_REFNAME_ALLOW_ONELEVEL
#define PATTERN SGIT_REFNAME_REFSPEC_PATTERN
#define NORMALIZE SGIT_REFNAME_NORMALIZE

/*
 * name, flags, what git check-ref-format [--allow-onelevel]
 * [--refspec-pattern] [--normalize] <name> answered (1 = exit 0), and
 * what --normalize printed.
 */
static const struct refname_case {
	const char *name;
	unsigned flags;
	int valid;
	const char *normalized;
} cases[] = {
	{ "refs/heads/main", 0, 1, NULL },
	{ "main", 0, 0, NULL },
	{ "main", ONELEVEL, 1, NULL },
	{ "heads/main", 0, 1, NULL },
	{ "refs/heads/a..b", 0, 0, NULL },
	{ "refs/heads/a.b", 0, 1, NULL },
	{ "refs/heads/.hidden", 0, 0, NULL },
	{ "refs/heads/a/.b", 0, 0, NULL },
	{ "refs/heads/a.lock", 0, 0, NULL },
	{ "refs/heads/a.lock/b", 0, 0, NULL },
	{ "refs/heads/a.lockx", 0, 1, NULL },
	{ "refs/heads/a/", 0, 0, NULL },
	{ "refs/heads/a.", 0, 0, NULL },
	{ "refs/heads//a", 0, 0, NULL },
	{ "refs/heads//a", NORMALIZE, 1, "refs/heads/a" },
	{ "/refs/heads/a", NORMALIZE, 1, "refs/heads/a" },
	{ "/refs/heads/a", 0, 0, NULL },
	{ "refs/heads/a/", NORMALIZE, 0, NULL },
	{ "//refs///heads//x", NORMALIZE, 1, "refs/heads/x" },
	{ "refs/heads/a b", 0, 0, NULL },
	{ "refs/heads/a~b", 0, 0, NULL },
	{ "refs/heads/a^b", 0, 0, NULL },
	{ "refs/heads/a:b", 0, 0, NULL },
	{ "refs/heads/a?b", 0, 0, NULL },
	{ "refs/heads/a*b", 0, 0, NULL },
	{ "refs/heads/a*b", PATTERN, 1, NULL },
	{ "refs/heads/*", PATTERN, 1, NULL },
	{ "refs/*/a*", PATTERN, 0, NULL },
	{ "refs/heads/**", PATTERN, 0, NULL },
	{ "*", ONELEVEL | PATTERN, 1, NULL },
	{ "refs/heads/a[b", 0, 0, NULL },
	{ "refs/heads/a]b", 0, 1, NULL },
	{ "refs/heads/a\\b", 0, 0, NULL },
	{ "refs/heads/a@{b", 0, 0, NULL },
	{ "refs/heads/a@b", 0, 1, NULL },
	{ "refs/heads/@", 0, 1, NULL },
	{ "@", 0, 0, NULL },
	{ "@", ONELEVEL, 0, NULL },
	{ "refs/@/a", 0, 1, NULL },
	{ "refs/heads/a{b", 0, 1, NULL },
	{ "refs/heads/a}b", 0, 1, NULL },
	{ "refs/heads/\303\274n\303\257", 0, 1, NULL },
	{ "refs/heads/a\tb", 0, 0, NULL },
	{ "refs/heads/a", 0, 1, NULL },
	{ "refs/heads/.", 0, 0, NULL },
	{ "refs/heads/..", 0, 0, NULL },
	{ "refs/heads/a/..", 0, 0, NULL },
	{ ".refs/heads", 0, 0, NULL },
	{ "refs/heads/-a", 0, 1, NULL },
	{ "refs/heads/a.lock.lock", 0, 0, NULL },
	{ "refs/heads/.lock", 0, 0, NULL },
	{ "refs/heads/lock", 0, 1, NULL },
	{ "refs/heads/a..", 0, 0, NULL },
	{ "refs/heads/@{", 0, 0, NULL },
	{ "refs/heads/a/b/c/d", 0, 1, NULL },
	{ "HEAD", 0, 0, NULL },
	{ "HEAD", ONELEVEL, 1, NULL },
	{ "FETCH_HEAD", ONELEVEL, 1, NULL },
	{ "refs", 0, 0, NULL },
	{ "refs", ONELEVEL, 1, NULL },
	{ "/", 0, 0, NULL },
	{ "/", ONELEVEL, 0, NULL },
	{ ".a", ONELEVEL, 0, NULL },
	{ "refs/heads/a/./b", 0, 0, NULL },
	{ "refs/heads/x.lock/", 0, 0, NULL },
	{ "refs/heads/a#b", 0, 1, NULL },
	{ "refs/heads/a%b", 0, 1, NULL },
	{ "refs/heads/a\"b", 0, 1, NULL },
	{ "refs/heads/a'b", 0, 1, NULL },
	{ "refs/heads/a..lock", 0, 0, NULL },
	{ "refs/heads/a.lck", 0, 1, NULL },
	{ "a@", ONELEVEL, 1, NULL },
	{ "@@", ONELEVEL, 1, NULL },
	{ "@{", ONELEVEL, 0, NULL },
	{ "refs/heads/{@", 0, 1, NULL },
	{ "a//b", ONELEVEL | NORMALIZE, 1, "a/b" },
	{ "//a", ONELEVEL | NORMALIZE, 1, "a" },
	{ "refs/heads/.a//b", NORMALIZE, 0, NULL },
	{ "refs/tags/v1.0", 0, 1, NULL },
	{ "refs/heads/a/b.", 0, 0, NULL },
	{ "refs/heads/a\001b", 0, 0, NULL },
	{ "refs/heads/a\177b", 0, 0, NULL },
};
#define NCASES (sizeof(cases) / sizeof(cases[0]))

static void test_every_recorded_name_gets_gits_answer(void)
{
	size_t i;

	CU_ASSERT(NCASES >= 40);
	for (i = 0; i < NCASES; i++) {
		const char *why = "unset";
		int got = sgit_refname_is_valid(cases[i].name, cases[i].flags, &why);

		if (got != cases[i].valid)
			CU_FAIL(cases[i].name);
		CU_ASSERT(got ? why == NULL : why != NULL);
	}
}

static void test_normalize_gives_the_name_git_prints(void)
{
	struct sgit_buf out = SGIT_BUF_INIT;
	size_t i;

	for (i = 0; i < NCASES; i++) {
		int rc;

		if (!(cases[i].flags & NORMALIZE))
			continue;
		rc = sgit_refname_normalize(&out, cases[i].name, cases[i].flags, NULL);
		CU_ASSERT_EQUAL(rc, cases[i].valid ? 0 : SGIT_EINVALID);
		if (cases[i].valid && cases[i].normalized)
			CU_ASSERT_STRING_EQUAL(out.ptr, cases[i].normalized);
	}
	sgit_buf_release(&out);
}

static int git_says_valid(const struct refname_case *c)
{
	const char *argv[8];
	int n = 0, status, fd;
	pid_t pid;

	argv[n++] = "git";
	argv[n++] = "check-ref-format";
	if (c->flags & ONELEVEL)
		argv[n++] = "--allow-onelevel";
	if (c->flags & PATTERN)
		argv[n++] = "--refspec-pattern";
	if (c->flags & NORMALIZE)
		argv[n++] = "--normalize";
	argv[n++] = c->name;
	argv[n] = NULL;
	pid = fork();
	if (pid == 0) {
		fd = open("/dev/null", O_WRONLY);
		dup2(fd, 1);
		dup2(fd, 2);
		execvp("git", (char *const *)argv);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status) == 127 ? -1 : WEXITSTATUS(status) == 0;
}

static void test_the_table_still_matches_the_installed_git(void)
{
	size_t i;

	for (i = 0; i < NCASES; i++) {
		int g = git_says_valid(&cases[i]);

		if (g < 0)
			return;	/* no git here: the recorded answers stand */
		if (g != cases[i].valid)
			CU_FAIL(cases[i].name);
	}
}

static void test_only_one_star_is_allowed_in_a_pattern(void)
{
	CU_ASSERT(sgit_refname_is_valid("refs/heads/*", PATTERN, NULL));
	CU_ASSERT(sgit_refname_is_valid("refs/*/x", PATTERN, NULL));
	CU_ASSERT(!sgit_refname_is_valid("refs/*/x*", PATTERN, NULL));
	CU_ASSERT(!sgit_refname_is_valid("refs/heads/*", 0, NULL));
}

static void test_safe_names_cannot_leave_the_git_dir(void)
{
	static const struct {
		const char *name;
		int safe;
	} safe[] = {
		{ "HEAD", 1 }, { "FETCH_HEAD", 1 }, { "refs/heads/a", 1 }, { "refs/heads/a..b", 1 },
		{ "refs/heads/a b", 1 }, { "refs/../config", 0 }, { "refs/heads/./x", 0 },
		{ "refs//x", 0 }, { "refs/", 0 }, { "config", 0 }, { "head", 0 }, { "", 0 },
		{ "../HEAD", 0 }, { "refs/heads/..", 0 },
	};
	size_t i;

	for (i = 0; i < sizeof(safe) / sizeof(safe[0]); i++)
		if (sgit_refname__is_safe(safe[i].name, strlen(safe[i].name)) != safe[i].safe)
			CU_FAIL(safe[i].name);
}

static CU_TestInfo refname_tests[] = {
	{ "every recorded name gets git's answer", test_every_recorded_name_gets_gits_answer },
	{ "normalize gives the name git prints", test_normalize_gives_the_name_git_prints },
	{ "the table still matches the installed git", test_the_table_still_matches_the_installed_git },
	{ "only one star is allowed in a pattern", test_only_one_star_is_allowed_in_a_pattern },
	{ "safe names cannot leave the git dir", test_safe_names_cannot_leave_the_git_dir },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "refs/refname", .pTests = refname_tests },
	CU_SUITE_INFO_NULL,
};
