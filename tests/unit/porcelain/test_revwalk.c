/* tests/unit/porcelain/test_revwalk.c: walk order against git rev-list on histories git made */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "unit.h"
#include "sgit/buf.h"
#include "sgit/odb.h"
#include "sgit/repo.h"
#include "sgit/revwalk.h"

static struct sgit_repo *hand, *random_repo, *repo;
static const char *repo_name = "h";

#define C(d, m) "GIT_COMMITTER_DATE='170000" d " +0000' GIT_AUTHOR_DATE='170000" d " +0000' " \
	"git commit -q --allow-empty -m '" m "' && "
#define M(d, m, b) "GIT_COMMITTER_DATE='170000" d " +0000' GIT_AUTHOR_DATE='170000" d " +0000' " \
	"git merge -q --no-ff -m '" m "' " b " && "

/*
 * Dates are 1700000000 + the number in brackets.
 * main: a1[1000] a2[1100] a3[1200] a4[1300] m1[1400] m2[1700] m3[1800] m4[1900]
 * side (from a2): s1 s2 s3, all [1150]; merged by m1
 * x, y (from m1): x1[1500] y1[1500], criss-cross x2 = x1+y1 [1600], y2 = y1+x1 [1600];
 *   m2 merges x, m3 merges y
 * skew (from a3): k1[0900] (older than its parent), k2[2000]; m4 merges it
 */
static const char script[] =
	"git init -q -b main h && cd h && "
	C("1000", "a1") C("1100", "a2") "git branch side && " C("1200", "a3")
	"git branch skew && " C("1300", "a4")
	"git checkout -q side && " C("1150", "s1") C("1150", "s2") C("1150", "s3")
	"git checkout -q main && " M("1400", "m1", "side")
	"git branch x && git branch y && git checkout -q x && " C("1500", "x1")
	"git checkout -q y && " C("1500", "y1") "git checkout -q x && " M("1600", "x2", "y")
	"git checkout -q y && " M("1600", "y2", "x~1")
	"git checkout -q skew && " C("0900", "k1") C("2000", "k2")
	"git checkout -q main && " M("1700", "m2", "x") M("1800", "m3", "y") M("1900", "m4", "skew")
	"true";

/*
 * 80 empty commits on four branches b0..b3 from a fixed pseudo-random
 * sequence: a third of them merges another branch; dates go up by 10 a step
 * minus up to 40 and are rounded to 20, so ties and skew are common.
 */
static const char random_script[] =
	"git init -q -b b0 r && cd r && "
	"GIT_COMMITTER_DATE='1700000000 +0000' git commit -q --allow-empty -m r0 && "
	"git branch b1 && git branch b2 && git branch b3 && i=1 && s=7 && "
	"while [ $i -lt 80 ]; do "
	"s=$(( (s * 1103515245 + 12345) %% 2147483648 )); b=$(( s / 65536 %% 4 )); o=$(( s / 16 %% 4 )); "
	"d=$(( 1700000000 + (i * 10 - s / 1024 %% 40) / 20 * 20 )); "
	"export GIT_COMMITTER_DATE=\"$d +0000\" GIT_AUTHOR_DATE=\"$d +0000\"; "
	"git checkout -q b$b || exit 1; "
	"if [ $(( s / 256 %% 3 )) = 0 ] && [ $o != $b ]; then git merge -q --no-ff -m m$i b$o || exit 1; "
	"else git commit -q --allow-empty -m c$i || exit 1; fi; i=$((i + 1)); done";

static int setup(void)
{
	if (unit_sh("%s", script) != 0 || unit_sh(random_script) != 0)
		return 1;
	hand = unit_open_repo("h");
	random_repo = unit_open_repo("r");
	repo = hand;
	return hand && random_repo ? 0 : 1;
}

static int teardown(void)
{
	sgit_repo_free(hand);
	sgit_repo_free(random_repo);
	return 0;
}

/* Run a git command in the repository; its stdout into out. */
static int git_out(struct sgit_buf *out, const char *args)
{
	struct sgit_buf cmd = SGIT_BUF_INIT;
	char line[256];
	FILE *f;
	int rc = -1;

	sgit_buf_reset(out);
	if (sgit_buf_printf(&cmd, "cd '%s/%s' && HOME='%s' GIT_CONFIG_NOSYSTEM=1 git %s",
			    unit_tmpdir(), repo_name, unit_tmpdir(), args) < 0 || !(f = popen(cmd.ptr, "r")))
		goto out;
	while (fgets(line, sizeof(line), f))
		sgit_buf_adds(out, line);
	rc = pclose(f) == 0 ? 0 : -1;
out:
	sgit_buf_release(&cmd);
	return rc;
}

static int resolve(struct sgit_oid *id, const char *name)
{
	struct sgit_buf out = SGIT_BUF_INIT, args = SGIT_BUF_INIT;
	int rc = -1;

	if (sgit_buf_printf(&args, "rev-parse --verify -q '%s^{commit}'", name) == 0 &&
	    git_out(&out, args.ptr) == 0 && out.len > SGIT_OID_HEXSZ)
		rc = sgit_oid_fromhexn(id, out.ptr, SGIT_OID_HEXSZ);
	sgit_buf_release(&out);
	sgit_buf_release(&args);
	return rc;
}

/* Push or hide one revision argument ("B", "^A", "A..B"). */
static int add_rev(struct sgit_revwalk *w, const char *arg)
{
	const char *dots = strstr(arg, "..");
	char left[128];
	struct sgit_oid id;

	if (dots && (size_t)(dots - arg) < sizeof(left)) {
		memcpy(left, arg, (size_t)(dots - arg));
		left[dots - arg] = '\0';
		if (resolve(&id, left) < 0 || sgit_revwalk_hide(w, &id) < 0)
			return -1;
		return resolve(&id, dots + 2) < 0 ? -1 : sgit_revwalk_push(w, &id);
	}
	if (arg[0] == '^')
		return resolve(&id, arg + 1) < 0 ? -1 : sgit_revwalk_hide(w, &id);
	return resolve(&id, arg) < 0 ? -1 : sgit_revwalk_push(w, &id);
}

static void parse_option(struct sgit_revwalk_options *o, const char *arg)
{
	if (!strcmp(arg, "--first-parent"))
		o->first_parent = 1;
	else if (!strcmp(arg, "--reverse"))
		o->reverse = 1;
	else if (!strcmp(arg, "--topo-order"))
		o->sort = SGIT_REVWALK_SORT_TOPO;
	else if (!strcmp(arg, "--date-order"))
		o->sort = SGIT_REVWALK_SORT_DATE;
	else if (!strncmp(arg, "--max-count=", 12))
		o->max_count = atol(arg + 12);
	else if (!strncmp(arg, "--skip=", 7))
		o->skip = atol(arg + 7);
}

/* sgit's walk for a rev-list command line, one id per line as git prints them. */
static int walk_out(struct sgit_buf *out, const char *args)
{
	struct sgit_revwalk_options o = SGIT_REVWALK_OPTIONS_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_revwalk *w = NULL;
	char *copy = strdup(args), *tok, *save = NULL;
	char hex[SGIT_OID_HEXSZ + 1];
	struct sgit_oid id;
	int rc = -1;

	sgit_buf_reset(out);
	if (!copy)
		return -1;
	for (tok = strtok_r(copy, " ", &save); tok; tok = strtok_r(NULL, " ", &save))
		if (tok[0] == '-')
			parse_option(&o, tok);
	strcpy(copy, args);
	if (sgit_revwalk_new(&w, sgit_repo_odb(repo), &o, &err) < 0)
		goto out;
	for (tok = strtok_r(copy, " ", &save); tok; tok = strtok_r(NULL, " ", &save))
		if (tok[0] != '-' && add_rev(w, tok) < 0)
			goto out;
	while ((rc = sgit_revwalk_next(&id, w)) == 0) {
		sgit_buf_adds(out, sgit_oid_tohex(hex, &id));
		sgit_buf_adds(out, "\n");
	}
	rc = rc < 0 ? rc : 0;
out:
	sgit_revwalk_free(w);
	free(copy);
	return rc;
}

static const char *const cases[] = {
	"main", "side", "x", "y", "skew", "main side x y skew", "skew main",
	"side..main", "main..side", "^side main", "main~3..main", "main~4..main",
	"main^2..main", "main^2^..main^", "x..y", "y..x",
	"^skew main", "skew~1..main", "main~2..skew", "^x ^y main",
	"--first-parent main", "--first-parent side..main", "--first-parent x",
	"--max-count=3 main", "--max-count=0 main", "--skip=2 main", "--skip=2 --max-count=3 main",
	"--skip=100 main", "main ^main", "main main side", "side ^main side",
	"^main~2 main~2 main", "--max-count=2 side..main",
	"--reverse main", "--reverse --max-count=3 main", "--reverse --skip=1 --max-count=4 side..main",
	"--date-order main", "--date-order x y", "--date-order skew main", "--date-order side..main",
	"--topo-order main", "--topo-order x y", "--topo-order y x", "--topo-order skew main",
	"--topo-order side..main", "--topo-order --first-parent main", "--reverse --topo-order main",
	"--topo-order --max-count=4 --skip=1 main", "--date-order --reverse main",
	"--topo-order main side x y skew", "--date-order main side x y skew",
};

static const char *const random_cases[] = {
	"b0", "b1", "b2", "b3", "b0 b1 b2 b3", "b3 b2 b1 b0", "b1..b0", "b0..b1", "^b2 ^b3 b0 b1",
	"--first-parent b0", "--first-parent b2 b3", "--first-parent b1..b0",
	"--topo-order b0", "--topo-order b0 b1 b2 b3", "--topo-order b3 b1", "--topo-order b2..b0",
	"--topo-order --first-parent b0 b1", "--date-order b0", "--date-order b0 b1 b2 b3",
	"--date-order b3..b1", "--reverse b0 b1", "--reverse --topo-order --max-count=10 b2 b3",
	"--skip=5 --max-count=20 b0 b1 b2", "--skip=3 --max-count=7 b1..b2",
};

/* Compare every command line of a table in the repository called name. */
static void compare_table(const char *name, struct sgit_repo *r, const char *const *table, size_t n)
{
	struct sgit_buf want = SGIT_BUF_INIT, got = SGIT_BUF_INIT, args = SGIT_BUF_INIT;
	size_t k, same = 0;

	repo_name = name;
	repo = r;
	for (k = 0; k < n; k++) {
		sgit_buf_reset(&args);
		sgit_buf_printf(&args, "rev-list %s", table[k]);
		CU_ASSERT_EQUAL(git_out(&want, args.ptr), 0);
		CU_ASSERT_EQUAL(walk_out(&got, table[k]), 0);
		if (strcmp(want.ptr, got.ptr) != 0)
			fprintf(stderr, "\nrev-list %s:\n git:\n%s sgit:\n%s", table[k], want.ptr, got.ptr);
		else
			same++;
	}
	CU_ASSERT_EQUAL(same, n);
	sgit_buf_release(&want);
	sgit_buf_release(&got);
	sgit_buf_release(&args);
	repo_name = "h";
	repo = hand;
}

static void test_same_as_git(void)
{
	compare_table("h", hand, cases, sizeof(cases) / sizeof(cases[0]));
}

static void test_random_same_as_git(void)
{
	compare_table("r", random_repo, random_cases, sizeof(random_cases) / sizeof(random_cases[0]));
}

static void test_not_a_commit(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_revwalk *w = NULL;
	struct sgit_buf out = SGIT_BUF_INIT;
	struct sgit_oid id;

	CU_ASSERT_EQUAL(git_out(&out, "rev-parse main^{tree}"), 0);
	CU_ASSERT_EQUAL(sgit_oid_fromhexn(&id, out.ptr, SGIT_OID_HEXSZ), 0);
	CU_ASSERT_EQUAL(sgit_revwalk_new(&w, sgit_repo_odb(repo), NULL, &err), 0);
	CU_ASSERT_EQUAL(sgit_revwalk_push(w, &id), SGIT_EINVALID);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "is not a commit"));
	sgit_revwalk_free(w);
	sgit_buf_release(&out);
}

static void test_empty_walk(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_revwalk *w = NULL;
	struct sgit_oid id;

	CU_ASSERT_EQUAL(sgit_revwalk_new(&w, sgit_repo_odb(repo), NULL, &err), 0);
	CU_ASSERT_EQUAL(sgit_revwalk_next(&id, w), 1);
	CU_ASSERT_EQUAL(sgit_revwalk_next(&id, w), 1);
	sgit_revwalk_free(w);
}

static CU_TestInfo revwalk_tests[] = {
	{ "every listed rev-list command line gives git's ids in git's order", test_same_as_git },
	{ "on a random history with ties and skew, rev-list command lines give git's order",
	  test_random_same_as_git },
	{ "starting from a tree is refused", test_not_a_commit },
	{ "a walk with nothing pushed ends at once", test_empty_walk },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "porcelain/revwalk", .pInitFunc = setup, .pCleanupFunc = teardown,
	  .pTests = revwalk_tests },
	CU_SUITE_INFO_NULL,
};
