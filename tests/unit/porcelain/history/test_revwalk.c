/* tests/unit/porcelain/history/test_revwalk.c: walk order against git rev-list on histories git made */
#include "revwalk_oracle.h"

static struct sgit_repo *hand, *random_repo;

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
	"s=$(( (s * 1103515245 + 12345) % 2147483648 )); b=$(( s / 65536 % 4 )); o=$(( s / 16 % 4 )); "
	"d=$(( 1700000000 + (i * 10 - s / 1024 % 40) / 20 * 20 )); "
	"export GIT_COMMITTER_DATE=\"$d +0000\" GIT_AUTHOR_DATE=\"$d +0000\"; "
	"git checkout -q b$b || exit 1; "
	"if [ $(( s / 256 % 3 )) = 0 ] && [ $o != $b ]; then git merge -q --no-ff -m m$i b$o || exit 1; "
	"else git commit -q --allow-empty -m c$i || exit 1; fi; i=$((i + 1)); done";

static int setup(void)
{
	return oracle_open_pair(&hand, script, "h", &random_repo, random_script);
}

static int teardown(void)
{
	return oracle_close_pair(hand, random_repo);
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
	"--parents main", "--parents --first-parent main", "--parents side..main", "--parents --reverse x y",
	"--merges main", "--no-merges main", "--min-parents=2 --topo-order main", "--max-parents=0 main",
	"--min-parents=1 --max-parents=1 x y", "--merges --first-parent main", "--no-merges --skip=2 x..main",
	"--since=1700001150 main", "--since=1700001150 --topo-order main", "--since=1700001150 side..main",
	"--since=1700001000 main", "--since=1700000950 skew", "--since=1700001450 --reverse main",
	"--until=1700001500 main", "--until=1700001500 --date-order main", "--until=1700001150 x..main",
	"--since=1700001100 --until=1700001600 main", "--until=1700000900 main", "--since=1800000000 main",
	"--boundary side..main", "--boundary --max-count=2 main", "--boundary --parents --max-count=2 --first-parent main",
	"--boundary --reverse --max-count=3 main", "--boundary --topo-order x..y", "--boundary --date-order ^x ^y main",
	"--boundary main~2..skew", "--boundary --skip=1 --max-count=2 x", "--boundary main",
	"--boundary --skip=9 main", "--boundary --skip=11 --max-count=2 main", "--boundary --skip=13 main",
	"--boundary --skip=14 main", "--boundary --skip=15 main", "--boundary --skip=16 main",
};

static const char *const random_cases[] = {
	"b0", "b1", "b2", "b3", "b0 b1 b2 b3", "b3 b2 b1 b0", "b1..b0", "b0..b1", "^b2 ^b3 b0 b1",
	"--first-parent b0", "--first-parent b2 b3", "--first-parent b1..b0",
	"--topo-order b0", "--topo-order b0 b1 b2 b3", "--topo-order b3 b1", "--topo-order b2..b0",
	"--topo-order --first-parent b0 b1", "--date-order b0", "--date-order b0 b1 b2 b3",
	"--date-order b3..b1", "--reverse b0 b1", "--reverse --topo-order --max-count=10 b2 b3",
	"--skip=5 --max-count=20 b0 b1 b2", "--skip=3 --max-count=7 b1..b2",
	"--parents b0 b1", "--parents --topo-order b2..b3", "--merges b0 b1 b2 b3", "--no-merges b3",
	"--since=1700000400 b0 b1", "--since=1700000400 --topo-order b0 b1", "--since=1700000500 b2..b0",
	"--until=1700000500 b0 b1 b2 b3", "--until=1700000300 --reverse b1",
	"--boundary b1..b0", "--boundary --max-count=7 b0 b1", "--boundary --topo-order b2..b3 b1",
};

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

	oracle_dir = "h";
	CU_ASSERT_EQUAL(git_out(&out, "rev-parse main^{tree}"), 0);
	CU_ASSERT_EQUAL(sgit_oid_fromhexn(&id, out.ptr, SGIT_OID_HEXSZ), 0);
	CU_ASSERT_EQUAL(sgit_revwalk_new(&w, sgit_repo_odb(hand), NULL, &err), 0);
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

	CU_ASSERT_EQUAL(sgit_revwalk_new(&w, sgit_repo_odb(hand), NULL, &err), 0);
	CU_ASSERT_EQUAL(sgit_revwalk_next(&id, w), 1);
	CU_ASSERT_EQUAL(sgit_revwalk_next(&id, w), 1);
	sgit_revwalk_free(w);
}

/* Before the first commit there is nothing to ask about; after, the parents are the object's. */
static void test_accessors(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_revwalk *w = NULL;
	const struct sgit_commit *c = NULL;
	struct sgit_oid id, p1, p2;

	oracle_dir = "h";
	CU_ASSERT_EQUAL(resolve(&id, "main~2"), 0);
	CU_ASSERT_EQUAL(resolve(&p1, "main~3"), 0);
	CU_ASSERT_EQUAL(resolve(&p2, "main~2^2"), 0);
	CU_ASSERT_EQUAL(sgit_revwalk_new(&w, sgit_repo_odb(hand), NULL, &err), 0);
	CU_ASSERT_EQUAL(sgit_revwalk_parent_count(w), 0);
	CU_ASSERT_PTR_NULL(sgit_revwalk_parent_id(w, 0));
	CU_ASSERT_EQUAL(sgit_revwalk_commit(&c, w), SGIT_EINVALID);
	CU_ASSERT_EQUAL(sgit_revwalk_push(w, &id), 0);
	CU_ASSERT_EQUAL(sgit_revwalk_next(&id, w), 0);
	CU_ASSERT_EQUAL(sgit_revwalk_parent_count(w), 2);
	CU_ASSERT_TRUE(sgit_oid_equal(sgit_revwalk_parent_id(w, 0), &p1));
	CU_ASSERT_TRUE(sgit_oid_equal(sgit_revwalk_parent_id(w, 1), &p2));
	CU_ASSERT_PTR_NULL(sgit_revwalk_parent_id(w, 2));
	CU_ASSERT_EQUAL(sgit_revwalk_commit(&c, w), 0);
	CU_ASSERT_EQUAL(c ? sgit_commit_parent_count(c) : 0, 2);
	while (sgit_revwalk_next(&id, w) == 0)
		;
	CU_ASSERT_EQUAL(sgit_revwalk_parent_count(w), 0);
	sgit_revwalk_free(w);
}

/* Commits whose tree or parent lines are damaged stop the walk with SGIT_ECORRUPT. */
static void test_corrupt(void)
{
	static const char *const bodies[] = {
		"tree 123\n",
		"tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\nparent 0123456789abcdef0123456789abcdef0123456x\n",
		"tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904 \n",
		"treX 4b825dc642cb6eb9a060e54bf8d69288fbee4904\n",
		/* git: "bogus commit object", "bad parents" */
		"tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\n",
		"tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\nparent 0123456789abcdef0123456789abcdef01234567\n",
	};
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_revwalk *w = NULL;
	struct sgit_oid id;
	size_t k;

	for (k = 0; k < sizeof(bodies) / sizeof(bodies[0]); k++) {
		CU_ASSERT_EQUAL(sgit_odb_write(&id, sgit_repo_odb(hand), SGIT_OBJ_COMMIT, bodies[k],
					       strlen(bodies[k])), 0);
		CU_ASSERT_EQUAL(sgit_revwalk_new(&w, sgit_repo_odb(hand), NULL, &err), 0);
		CU_ASSERT_EQUAL(sgit_revwalk_push(w, &id), SGIT_ECORRUPT);
		CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "corrupt commit"));
		sgit_revwalk_free(w);
	}
}

/* A commit without author or committer date still walks, dated 0 as git dates it. */
static void test_odd_dates(void)
{
	static const char body[] = "tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\n"
		"author A <a@x>\ncommitter C <c@x>\n\nno dates\n";
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_revwalk *w = NULL;
	struct sgit_oid id, got;

	CU_ASSERT_EQUAL(sgit_odb_write(&id, sgit_repo_odb(hand), SGIT_OBJ_COMMIT, body, strlen(body)), 0);
	CU_ASSERT_EQUAL(sgit_revwalk_new(&w, sgit_repo_odb(hand), NULL, &err), 0);
	CU_ASSERT_EQUAL(sgit_revwalk_push(w, &id), 0);
	CU_ASSERT_EQUAL(sgit_revwalk_next(&got, w), 0);
	CU_ASSERT_TRUE(sgit_oid_equal(&got, &id));
	CU_ASSERT_EQUAL(sgit_revwalk_next(&got, w), 1);
	sgit_revwalk_free(w);
}

/*
 * git reads no committer date when the committer line ends the object: a
 * merge of a commit so made (dated 0 then) and an older one lists the older
 * one first.
 */
static void test_date_at_end(void)
{
	static const char tree[] = "tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\n";
	struct sgit_buf body = SGIT_BUF_INIT, args = SGIT_BUF_INIT;
	struct sgit_oid x, y, m;
	char hx[SGIT_OID_HEXSZ + 1], hy[SGIT_OID_HEXSZ + 1], hm[SGIT_OID_HEXSZ + 1];
	const char *table[2];
	struct sgit_odb *odb = sgit_repo_odb(hand);

	sgit_buf_printf(&body, "%sauthor A <a@x> 1700000500 +0000\ncommitter C <c@x> 1700000500 +0000\n",
			tree);
	CU_ASSERT_EQUAL(sgit_odb_write(&x, odb, SGIT_OBJ_COMMIT, body.ptr, body.len), 0);
	sgit_buf_printf(&body, "%sauthor A <a@x> 1700000400 +0000\ncommitter C <c@x> 1700000400 +0000\n\ny\n",
			tree);
	CU_ASSERT_EQUAL(sgit_odb_write(&y, odb, SGIT_OBJ_COMMIT, body.ptr, body.len), 0);
	sgit_buf_printf(&body, "%sparent %s\nparent %s\nauthor A <a@x> 1700000600 +0000\n"
			"committer C <c@x> 1700000600 +0000\n\nm\n", tree, sgit_oid_tohex(hy, &y),
			sgit_oid_tohex(hx, &x));
	CU_ASSERT_EQUAL(sgit_odb_write(&m, odb, SGIT_OBJ_COMMIT, body.ptr, body.len), 0);
	sgit_oid_tohex(hm, &m);
	sgit_buf_printf(&args, "--date-order %s", hm);
	table[0] = hm;
	table[1] = args.ptr;
	CU_ASSERT_EQUAL(compare_table("h", hand, table, 2), 2);
	sgit_buf_release(&body);
	sgit_buf_release(&args);
}

static CU_TestInfo revwalk_tests[] = {
	{ "every listed rev-list command line gives git's ids in git's order", test_same_as_git },
	{ "on a random history with ties and skew, rev-list command lines give git's order",
	  test_random_same_as_git },
	{ "starting from a tree is refused", test_not_a_commit },
	{ "a walk with nothing pushed ends at once", test_empty_walk },
	{ "the parents and bytes of the commit returned last are at hand", test_accessors },
	{ "damaged tree or parent lines are refused as corrupt", test_corrupt },
	{ "a commit without dates walks as one dated 0", test_odd_dates },
	{ "a commit ending with its committer line walks as one dated 0", test_date_at_end },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "porcelain/revwalk", .pInitFunc = setup, .pCleanupFunc = teardown,
	  .pTests = revwalk_tests },
	CU_SUITE_INFO_NULL,
};
