/* tests/unit/porcelain/history/test_revwalk_paths.c: path limiting and history simplification against git */
#include "revwalk_oracle.h"

static struct sgit_repo *hand, *random_repo;

#define ENV(d) "GIT_COMMITTER_DATE='170000" d " +0000' GIT_AUTHOR_DATE='170000" d " +0000' "
/* write file f with text t, commit at date d with message m */
#define W(d, f, t, m) "mkdir -p $(dirname " f ") && echo " t " >" f " && git add " f " && " \
	ENV(d) "git commit -q -m '" m "' && "
#define M(d, m, how) ENV(d) "git merge -q --no-ff " how " -m '" m "' && "

/*
 * Dates are 1700000000 + the number in brackets.
 * main: root[1000] (a d/x d/y) a2[1100] x2[1200] m1[1300] g1[1320] m2[1340] b2[1355]
 *   m3[1360] m4[1380] rm[1390] re[1400] m5[1440] m6[1450] m7[1500] m8[1510]
 * side (from a2): y2[1150] b1[1160]; m1 merges it
 * o (from g1): a4[1330]; m2 merges it with "-s ours" (TREESAME to main for every path)
 * q (from m2): x3[1350]; m3 merges it
 * r (from m3): a5[1370]; m4 merges it and also changes e/f/g (an evil merge)
 * rm deletes b, re adds it back with the same content
 * cx, cy (from re): criss-cross merges cx2 = cx1+cy1 [1420], cy2 = cy1+cx1 [1420],
 *   then cx3 [1430]; m5 merges cx, m6 merges cy
 * k (from m1): k1[0900] (clock skew) k2[2000]; m7 merges it
 * t (from x2): t1[1310] changes a; m8 merges it keeping main's a ("-X ours")
 */
static const char script[] =
	"git init -q -b main p && cd p && "
	"mkdir d && echo 1 >a && echo 1 >d/x && echo 1 >d/y && git add . && "
	ENV("1000") "git commit -q -m root && "
	W("1100", "a", "2", "a2") "git branch side && " W("1200", "d/x", "2", "x2") "git branch t && "
	"git checkout -q side && " W("1150", "d/y", "2", "y2") W("1160", "b", "1", "b1")
	"git checkout -q main && " M("1300", "m1", "side") "git branch k && "
	W("1320", "e/f/g", "1", "g1") "git checkout -q -b o && " W("1330", "a", "4", "a4")
	"git checkout -q main && " M("1340", "m2", "-s ours o")
	"git checkout -q -b q && " W("1350", "d/x", "3", "x3")
	"git checkout -q main && " W("1355", "b", "2", "b2") M("1360", "m3", "q")
	"git checkout -q -b r && " W("1370", "a", "5", "a5") "git checkout -q main && "
	"git merge -q --no-ff --no-commit r && echo 2 >e/f/g && git add e/f/g && "
	ENV("1380") "git commit -q -m m4 && "
	"git rm -q b && " ENV("1390") "git commit -q -m rm && " W("1400", "b", "2", "re")
	"git branch cx && git branch cy && git checkout -q cx && " W("1410", "d/x", "4", "cx1")
	"git checkout -q cy && " W("1410", "d/y", "4", "cy1")
	"git checkout -q cx && " M("1420", "cx2", "cy") "git checkout -q cy && " M("1420", "cy2", "cx~1")
	"git checkout -q cx && " W("1430", "a", "6", "cx3")
	"git checkout -q main && " M("1440", "m5", "cx") M("1450", "m6", "cy")
	"git checkout -q k && " W("0900", "d/y", "9", "k1") W("2000", "e/f/h", "1", "k2")
	"git checkout -q main && " M("1500", "m7", "-X theirs k")
	"git checkout -q t && " W("1310", "a", "7", "t1")
	"git checkout -q main && " M("1510", "m8", "-X ours t")
	"true";

/*
 * 90 commits on four branches from a fixed pseudo-random sequence: each
 * writes one of six files; a quarter merge another branch, some with
 * "-s ours" (the merge equals its first parent), some "-X theirs".
 */
static const char random_script[] =
	"git init -q -b b0 r && cd r && echo 0 >a && git add a && "
	"GIT_COMMITTER_DATE='1700000000 +0000' git commit -q -m r0 && "
	"git branch b1 && git branch b2 && git branch b3 && i=1 && s=11 && "
	"while [ $i -lt 90 ]; do "
	"s=$(( (s * 1103515245 + 12345) % 2147483648 )); b=$(( s / 65536 % 4 )); o=$(( s / 16 % 4 )); "
	"d=$(( 1700000000 + (i * 10 - s / 1024 % 40) / 20 * 20 )); "
	"export GIT_COMMITTER_DATE=\"$d +0000\" GIT_AUTHOR_DATE=\"$d +0000\"; "
	"git checkout -q b$b || exit 1; k=$(( s / 256 % 8 )); "
	"if [ $k -lt 2 ] && [ $o != $b ]; then "
	"  if [ $k = 0 ]; then how='-s ours'; else how='-X theirs'; fi; "
	"  git merge -q --no-ff $how -m m$i b$o || exit 1; "
	"else f=$(echo a b c/d c/e f/g/h f/i | cut -d' ' -f$(( s / 4096 % 6 + 1 ))); "
	"  mkdir -p $(dirname $f) && echo $i >$f && git add $f && git commit -q -m c$i || exit 1; fi; "
	"i=$((i + 1)); done";

static int setup(void)
{
	return oracle_open_pair(&hand, script, "p", &random_repo, random_script);
}

static int teardown(void)
{
	return oracle_close_pair(hand, random_repo);
}

static const char *const hand_paths[] = {
	"a", "b", "d", "d/x", "d/y", "e", "e/f/g", "'d/*'", "'*h'", "none", "d/x a", "d/", "'?'",
};

static const char *const hand_options[] = {
	"main", "--parents main", "--topo-order main", "--full-history main",
	"--full-history --parents main", "--first-parent main", "--parents --first-parent main",
	"--reverse main", "side..main", "--parents side..main", "--merges main",
	"--parents --topo-order main", "--max-count=3 main", "--date-order --parents main",
	"--full-history --parents --topo-order main", "--parents cx cy", "--parents k..main",
	"--no-merges --parents main", "--parents --since=1700001200 main",
	"--full-history side..main", "--full-history --parents side..main", "--parents --max-count=2 main",
	"--boundary --parents side..main", "--parents --skip=1 --reverse main",
};

static const char *const random_paths[] = { "a", "b", "c", "c/d", "f", "f/g/h", "'*e'", "a f/i" };

static const char *const random_options[] = {
	"b0 b1 b2 b3", "--parents b0 b1 b2 b3", "--topo-order --parents b0 b1", "--full-history b0 b1",
	"--full-history --parents b2 b3", "--first-parent --parents b0", "b1..b0", "--parents b2..b3",
	"--reverse --parents b0", "--date-order --full-history --parents b0 b1 b2 b3",
};

/* Every option line with every path, as "<options> -- <paths>". */
static void cross(const char *dir, struct sgit_repo *r, const char *const *opts, size_t nopts,
		  const char *const *paths, size_t npaths)
{
	char **table = calloc(nopts * npaths, sizeof(*table));
	size_t i, j, n = 0;
	struct sgit_buf line = SGIT_BUF_INIT;

	CU_ASSERT_PTR_NOT_NULL_FATAL(table);
	for (i = 0; i < nopts; i++)
		for (j = 0; j < npaths; j++) {
			sgit_buf_printf(&line, "%s -- %s", opts[i], paths[j]);
			table[n++] = strdup(line.ptr);
		}
	CU_ASSERT_EQUAL(compare_table(dir, r, (const char *const *)table, n), n);
	for (i = 0; i < n; i++)
		free(table[i]);
	free(table);
	sgit_buf_release(&line);
}

#define N(a) (sizeof(a) / sizeof((a)[0]))

static void test_hand(void)
{
	cross("p", hand, hand_options, N(hand_options), hand_paths, N(hand_paths));
}

static void test_random(void)
{
	cross("r", random_repo, random_options, N(random_options), random_paths, N(random_paths));
}

static CU_TestInfo paths_tests[] = {
	{ "path limiting follows git's simplification on merges made for it", test_hand },
	{ "path limiting on a random history of merges gives git's commits and parents", test_random },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "porcelain/revwalk paths", .pInitFunc = setup, .pCleanupFunc = teardown,
	  .pTests = paths_tests },
	CU_SUITE_INFO_NULL,
};
