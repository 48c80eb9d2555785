/* tests/unit/porcelain/history/test_revwalk_objects.c: rev-list --objects against git */
#include "revwalk_oracle.h"

static struct sgit_repo *hand, *random_repo;

#define ENV(d) "GIT_COMMITTER_DATE='170000" d " +0000' GIT_AUTHOR_DATE='170000" d " +0000' "

/*
 * main: c1 (a, d/b, d/e/c, d/same = a's content), c2 (d/e/c changed, a.b/x
 * added: "a.b" sorts between "a" and "d"), c3 (d/b removed, a gitlink "sub"
 * added), c4 (d/b back with its old content). side (from c1): s1 adds
 * d/e/c2 and the same blob as c2's d/e/c; merged by m. Tags: v1 (on c1),
 * v2 on c2, v2b on v2 (a tag of a tag), tt on c2's tree, bt on the blob a,
 * light (not annotated) on c3.
 */
static const char script[] =
	"git init -q -b main o && cd o && mkdir -p d/e && echo 1 >a && echo 2 >d/b && echo 3 >d/e/c && "
	"echo 1 >d/same && git add . && " ENV("1000") "git commit -q -m c1 && "
	ENV("1000") "git tag -a -m 'tag one' v1 && git branch side && "
	"echo 4 >d/e/c && mkdir a.b && echo 5 >a.b/x && git add . && " ENV("1100") "git commit -q -m c2 && "
	ENV("1100") "git tag -a -m 'tag two' v2 && " ENV("1100") "git tag -a -m 'tag of tag' v2b v2 && "
	ENV("1100") "git tag -a -m 'tree tag' tt 'HEAD^{tree}' && " ENV("1100") "git tag -a -m 'blob tag' bt HEAD:a && "
	"git rm -q d/b && git update-index --add --cacheinfo 160000,$(git rev-parse HEAD),sub && "
	ENV("1200") "git commit -q -m c3 && git tag light && "
	"echo 2 >d/b && git add d/b && " ENV("1300") "git commit -q -m c4 && "
	"git checkout -q side && echo 4 >d/e/c2 && echo 6 >d/e/c && git add . && "
	ENV("1150") "git commit -q -m s1 && git checkout -q main && "
	ENV("1400") "git merge -q --no-ff -X theirs -m m side && "
	"true";

/* 60 commits writing one of eight paths on three branches, a fifth of them merges. */
static const char random_script[] =
	"git init -q -b b0 r && cd r && echo 0 >a && git add a && "
	"GIT_COMMITTER_DATE='1700000000 +0000' git commit -q -m r0 && "
	"git branch b1 && git branch b2 && i=1 && s=5 && "
	"while [ $i -lt 60 ]; do "
	"s=$(( (s * 1103515245 + 12345) % 2147483648 )); b=$(( s / 65536 % 3 )); o=$(( s / 16 % 3 )); "
	"d=$(( 1700000000 + i * 10 )); export GIT_COMMITTER_DATE=\"$d +0000\" GIT_AUTHOR_DATE=\"$d +0000\"; "
	"git checkout -q b$b || exit 1; "
	"if [ $(( s / 256 % 5 )) = 0 ] && [ $o != $b ]; then git merge -q --no-ff -X theirs -m m$i b$o || exit 1; "
	"else f=$(echo a b c/d c/e f/g/h f/i j/k l | cut -d' ' -f$(( s / 4096 % 8 + 1 ))); "
	"  mkdir -p $(dirname $f) && echo $(( i % 7 )) >$f && git add $f && git commit -q --allow-empty -m c$i || exit 1; fi; "
	"i=$((i + 1)); done && " ENV("9999") "git tag -a -m t t1 b1~3";

static int setup(void)
{
	return oracle_open_pair(&hand, script, "o", &random_repo, random_script);
}

static int teardown(void)
{
	return oracle_close_pair(hand, random_repo);
}

static const char *const cases[] = {
	"--objects main", "--objects main~1..main", "--objects main~2..main", "--objects --all",
	"--objects v2b", "--objects v1 v2", "--objects 'main^{tree}' main:d", "--objects main:d",
	"--objects main:a", "--objects tt", "--objects bt", "--objects main:d/e main ^main~1",
	"--objects main ^main~1:d", "--objects main ^v1", "--objects ^v2 v1 main", "--objects ^v2 v1",
	"--objects side..main", "--objects main..side", "--objects --reverse main",
	"--objects --max-count=2 main", "--objects --skip=1 main", "--objects --topo-order --all",
	"--objects --first-parent main", "--objects --parents main", "--objects v2..light",
	"--objects --since=1700001150 main", "--objects main ^main:a.b", "--objects light ^main:a",
	"--objects main -- d", "--objects main ^main", "--objects --boundary main~1..main",
	"--objects --boundary --max-count=1 main", "--objects --boundary --first-parent --max-count=1 main",
	"--objects --boundary side..main",
};

static const char *const random_cases[] = {
	"--objects b0", "--objects b0 b1 b2", "--objects --all", "--objects b1..b0", "--objects b0..b2",
	"--objects ^b1 ^b2 b0", "--objects --topo-order b1 b2", "--objects --reverse b2",
	"--objects --first-parent b0", "--objects t1", "--objects b1~5..t1",
};

static void test_hand(void)
{
	compare_table("o", hand, cases, sizeof(cases) / sizeof(cases[0]));
}

static void test_random(void)
{
	compare_table("r", random_repo, random_cases, sizeof(random_cases) / sizeof(random_cases[0]));
}

static void test_misuse(void)
{
	struct sgit_revwalk_options o = SGIT_REVWALK_OPTIONS_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_revwalk *w = NULL;
	struct sgit_revwalk_object obj;
	struct sgit_oid id;

	CU_ASSERT_EQUAL(sgit_revwalk_new(&w, sgit_repo_odb(hand), &o, &err), 0);
	CU_ASSERT_EQUAL(sgit_revwalk_next_object(&obj, w), SGIT_EINVALID);
	sgit_revwalk_free(w);
	o.objects = 1;
	CU_ASSERT_EQUAL(sgit_revwalk_new(&w, sgit_repo_odb(hand), &o, &err), 0);
	oracle_dir = "o";
	CU_ASSERT_EQUAL(resolve(&id, "main"), 0);
	CU_ASSERT_EQUAL(sgit_revwalk_push(w, &id), 0);
	CU_ASSERT_EQUAL(sgit_revwalk_next_object(&obj, w), SGIT_EINVALID);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "once the commits are done"));
	sgit_revwalk_free(w);
}

static CU_TestInfo objects_tests[] = {
	{ "--objects lists git's trees, blobs and tags in git's order", test_hand },
	{ "--objects on a random history of merges lists what git lists", test_random },
	{ "objects are refused before the commits are done or when not asked for", test_misuse },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "porcelain/revwalk objects", .pInitFunc = setup, .pCleanupFunc = teardown,
	  .pTests = objects_tests },
	CU_SUITE_INFO_NULL,
};
