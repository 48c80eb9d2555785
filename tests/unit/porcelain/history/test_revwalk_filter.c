/* tests/unit/porcelain/history/test_revwalk_filter.c: --author, --committer, --grep and friends against git */
#include "revwalk_oracle.h"

static struct sgit_repo *repo;

#define WHO(an, ae, cn, ce, d) "GIT_AUTHOR_NAME='" an "' GIT_AUTHOR_EMAIL='" ae "' " \
	"GIT_COMMITTER_NAME='" cn "' GIT_COMMITTER_EMAIL='" ce "' " \
	"GIT_COMMITTER_DATE='170000" d " +0000' GIT_AUTHOR_DATE='170000" d " +0000' "

/*
 * Dates are 1700000000 + the number in brackets; messages are given with -m
 * per paragraph. "side" forks at the second commit and is merged by Carol.
 * The last commit is in ISO-8859-1, author name included: git greps it
 * re-encoded to UTF-8.
 */
static const char script[] =
	"git init -q -b main g && cd g && "
	WHO("Alice Smith", "alice@example.com", "C", "c@x", "1000")
	"git commit -q --allow-empty -m 'Fix the parser' -m 'The parser broke on empty input.' "
	"-m 'Signed-off-by: Alice Smith' && "
	WHO("bob", "bob@example.org", "Carol", "carol@x", "1100")
	"git commit -q --allow-empty -m 'Add feature FOO' -m 'foo bar baz' && git branch side && "
	WHO("Alice Smith", "alice@example.com", "Carol", "carol@x", "1200")
	"git commit -q --allow-empty -m 'author fake in the subject' -m 'committer Bob <b@b> in the body' && "
	"git checkout -q side && "
	WHO("Dave", "dave@example.com", "Dave", "dave@example.com", "1150")
	"git commit -q --allow-empty -m 'fooo' -m 'Bar' -m 'parser again' && "
	WHO("bob", "bob@example.org", "bob", "bob@example.org", "1250")
	"git commit -q --allow-empty -m 'x' && git checkout -q main && "
	WHO("Carol", "carol@x", "Carol", "carol@x", "1300")
	"git merge -q --no-ff -m 'Merge branch side' -m 'It brings foo.' side && "
	WHO("Eve <evil>", "eve@x", "C", "c@x", "1400")
	"git commit -q --allow-empty -m 'a+b=c and [brackets]' && "
	"printf 'Caf\351 cr\350me\n' >msg && " WHO("Ren\351", "r@x", "C", "c@x", "1500")
	"git -c i18n.commitEncoding=ISO-8859-1 commit -q --allow-empty -F msg && "
	"true";

static int setup(void)
{
	if (unit_sh("%s", script) != 0)
		return 1;
	repo = unit_open_repo("g");
	return repo ? 0 : 1;
}

static int teardown(void)
{
	sgit_repo_free(repo);
	return 0;
}

static const char *const cases[] = {
	"--author=Alice main", "--author=alice main", "-i --author=alice main", "--author='^bob' main",
	"--author='example.org>$' main", "--author='Smith <' main", "--author='> 17' main",
	"--committer=Carol main", "--committer='^C <' main", "--author=Alice --committer=Carol main",
	"--author=Alice --author=bob main", "--author=Alice --author=bob --committer=Carol main",
	"--author=Dave --committer=Carol main", "--author='Eve <evil>' main", "--author=evil main",
	"--author= main", "--author=fake main", "--committer=Bob main",
	"--grep=parser main", "--grep='^Fix' main", "--grep='^$' main", "--grep=FOO main",
	"-i --grep=FOO main", "--grep='fo\\+' main", "-E --grep='fo+' main", "-F --grep='fo+' main",
	"-E --grep='fo\\+' main", "-F --grep='a+b' main", "-F -i --grep='A+B' main",
	"--grep='[brackets]' main", "-F --grep='[brackets]' main", "--grep='\\[brackets' main",
	"--grep=foo --grep=parser main", "--all-match --grep=foo --grep=bar main",
	"--all-match -i --grep=foo --grep=bar main", "--all-match --grep=foo --grep=parser main",
	"--invert-grep --grep=foo main", "--invert-grep --grep=foo --grep=parser main",
	"--invert-grep --all-match --grep=foo --grep=bar main", "--author=bob --invert-grep --grep=foo main",
	"--author=bob --invert-grep main", "--grep='author fake' main", "--grep=committer main",
	"--grep='^Signed-off-by:' main", "--grep='input\\.$' main", "--grep=. main", "--grep='' main",
	"--author=Alice --grep=parser main", "--author=bob --grep=parser main",
	"--author=Alice --grep=foo --grep=parser main", "--author=Alice --all-match --grep=foo --grep=parser main",
	"--grep=foo --merges main", "--grep=foo --no-merges main", "--grep=foo --reverse main",
	"--grep=foo --topo-order main", "--grep=foo --max-count=1 main", "--grep=foo --skip=1 main",
	"--grep=foo side..main", "--author=bob --first-parent main", "--grep=foo --parents main",
	"--author=bob --since=1700001120 main", "--grep=o --until=1700001200 --date-order main",
	"--min-parents=2 --grep=Merge main", "--max-parents=1 --author=bob main",
	"--grep='cr.me' main", "--grep='cr..me' main", "--author='Ren. <' main", "--author='Ren.. <' main",
	"-i --grep='CAF' main",
};

static void test_same_as_git(void)
{
	compare_table("g", repo, cases, sizeof(cases) / sizeof(cases[0]));
}

/* A pattern git refuses is refused with git's words, before any walking. */
static void test_bad_pattern(void)
{
	static const char *const bad[] = { "a[" };
	struct sgit_revwalk_options o = SGIT_REVWALK_OPTIONS_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_revwalk *w = (struct sgit_revwalk *)&o;
	struct sgit_buf want = SGIT_BUF_INIT;

	o.greps = bad;
	o.ngreps = 1;
	CU_ASSERT_EQUAL(sgit_revwalk_new(&w, sgit_repo_odb(repo), &o, &err), SGIT_EINVALID);
	CU_ASSERT_PTR_NULL(w);
	oracle_dir = "g";
	git_out(&want, "rev-list --grep='a[' main 2>&1 >/dev/null");
	CU_ASSERT_TRUE(want.len > 7 && !strncmp(want.ptr, "fatal: ", 7));
	sgit_buf_rtrim(&want);
	CU_ASSERT_STRING_EQUAL(err.msg, want.ptr + 7);
	sgit_buf_release(&want);
}

static CU_TestInfo filter_tests[] = {
	{ "filters on people and messages pick git's commits", test_same_as_git },
	{ "a bad regular expression is refused with git's message", test_bad_pattern },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "porcelain/revwalk filters", .pInitFunc = setup, .pCleanupFunc = teardown,
	  .pTests = filter_tests },
	CU_SUITE_INFO_NULL,
};
