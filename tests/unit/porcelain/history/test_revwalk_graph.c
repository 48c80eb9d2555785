/*
 * tests/unit/porcelain/history/test_revwalk_graph.c: what --graph, --left-right,
 * --boundary and the mailmap ask of the walk, against git rev-list --graph
 * and git log
 */
#include "revwalk_oracle.h"

static struct sgit_repo *repo;

/* The next value of the history's pseudo-random sequence. */
static unsigned long next_rand(unsigned long s)
{
	return (s * 1103515245UL + 12345UL) % 2147483648UL;
}

/* One commit of the fast-import stream: on branch b, from its tip, maybe merging other. */
static void add_commit(struct sgit_buf *fi, int mark, int b, int from, int other, long long date,
		       int who, const char *path, int content)
{
	static const char *const names[] = { "Alice", "Bob", "Old" };
	static const char *const mails[] = { "alice@x", "bob@x", "old@x" };
	char msg[32];

	snprintf(msg, sizeof(msg), "%c%d", other ? 'm' : 'c', mark);
	sgit_buf_addf(fi, "commit refs/heads/b%d\nmark :%d\nauthor %s <%s> %lld +0000\n"
			"committer C <c@x> %lld +0000\ndata %zu\n%s\nfrom :%d\n",
			b, mark, names[who], mails[who], date, date, strlen(msg), msg, from);
	if (other)
		sgit_buf_addf(fi, "merge :%d\n", other);
	if (path)
		sgit_buf_addf(fi, "M 100644 inline %s\ndata %d\n%04d\n", path, 5, content);
	sgit_buf_addch(fi, '\n');
}

/*
 * 140 commits on four branches b0..b3 from a fixed pseudo-random sequence:
 * a third of them merge another branch (keeping their own tree, half of
 * them editing a file too), the others edit one of six files in d0..d2;
 * dates go up by 10 a step minus up to 60, rounded to 20 (ties, clock
 * skew); three authors, one of them renamed by .mailmap, and the
 * committer given a name by it.
 */
static int make_history(void)
{
	struct sgit_buf fi = SGIT_BUF_INIT, path = SGIT_BUF_INIT, file = SGIT_BUF_INIT;
	int tips[4] = { 1, 1, 1, 1 }, mark, b, o, rc = -1;
	unsigned long s = 7;
	FILE *f;

	sgit_buf_adds(&fi, "commit refs/heads/b0\nmark :1\nauthor Alice <alice@x> 1700000000 +0000\n"
		      "committer C <c@x> 1700000000 +0000\ndata 2\nr0\nM 100644 inline r.txt\ndata 2\nr\n\n");
	for (mark = 2; mark <= 140; mark++) {
		s = next_rand(s);
		b = (int)(s / 65536 % 4);
		o = (int)(s / 16 % 4);
		sgit_buf_reset(&path);
		sgit_buf_printf(&path, "d%lu/f%lu.txt", s / 32 % 3, s / 8 % 2);
		if (s / 256 % 3 == 0 && o != b && tips[o] != tips[b])
			add_commit(&fi, mark, b, tips[b], tips[o],
				   1700000000LL + ((long long)mark * 10 - (long long)(s / 1024 % 60)) / 20 * 20,
				   (int)(s / 4096 % 3), s / 2 % 2 ? path.ptr : NULL, mark);
		else
			add_commit(&fi, mark, b, tips[b], 0,
				   1700000000LL + ((long long)mark * 10 - (long long)(s / 1024 % 60)) / 20 * 20,
				   (int)(s / 4096 % 3), path.ptr, mark);
		tips[b] = mark;
	}
	for (b = 1; b < 4; b++)
		sgit_buf_addf(&fi, "reset refs/heads/b%d\nfrom :%d\n\n", b, tips[b]);
	sgit_buf_printf(&file, "%s/graph.fi", unit_tmpdir());
	if ((f = fopen(file.ptr, "w"))) {
		rc = fwrite(fi.ptr, 1, fi.len, f) == fi.len ? 0 : -1;
		rc |= fclose(f);
	}
	sgit_buf_release(&fi);
	sgit_buf_release(&path);
	sgit_buf_release(&file);
	if (rc == 0)
		rc = unit_sh("git init -q -b b0 gr && cd gr && git fast-import --quiet <../graph.fi && "
			     "printf 'New Name <new@x> Old <old@x>\\nCarl <c@x>\\n' >.mailmap");
	return rc;
}

static int setup(void)
{
	if (make_history() != 0)
		return 1;
	repo = unit_open_repo("gr");
	return repo ? 0 : 1;
}

static int teardown(void)
{
	sgit_repo_free(repo);
	sgit_mailmap_free(oracle_mailmap);
	oracle_mailmap = NULL;
	return 0;
}

/* rev-list --graph: the parents drawn and the marks come from the walk. */
static const char *const graph_cases[] = {
	"--graph b0", "--graph --all", "--graph b1..b0", "--graph ^b1 ^b2 b0 b3", "--graph b3~5..b3",
	"--graph b0...b1", "--graph --left-right b0...b1", "--graph --left-right b2...b3",
	"--graph --boundary b1..b0", "--graph --boundary --max-count=10 b0",
	"--graph --boundary --left-right b3~4..b3", "--graph --boundary --parents b2..b1",
	"--graph --first-parent --all", "--graph --first-parent b1..b0", "--graph --first-parent --left-right b0...b2",
	"--graph --merges --all", "--graph --no-merges b1..b0", "--graph --min-parents=2 --max-parents=2 b0",
	"--graph --max-parents=0 --all",
	"--graph --author=Alice --all", "--graph --author=Bob b1..b0", "--graph --grep=1 --all",
	"--graph --since=1700000700 --all", "--graph --since=1700000400 b0", "--graph --since=1700000400 b2..b0",
	"--graph --until=1700000900 --all", "--graph --since=1700000500 --until=1700001000 --all",
	"--graph --all -- d0", "--graph --all -- d1/f0.txt", "--graph b1..b0 -- d2", "--graph --first-parent b0 b2 -- d0",
	"--graph --full-history --all -- d0", "--graph --author=Alice --all -- d1", "--graph --boundary b1..b0 -- d0",
	"--graph --parents --all -- d2", "--graph --date-order --all", "--graph --date-order --since=1700000600 --all",
	"--graph --skip=5 --max-count=20 --all", "--graph --max-count=7 --author=Old b0",
};

/* rev-list without a graph: marks, and parents git forgets once it has shown a commit. */
static const char *const mark_cases[] = {
	"--left-right b0...b3", "--left-right b3...b0", "--left-right --boundary b0...b2",
	"--left-right --first-parent b0...b3", "--left-right --topo-order b1...b2", "--left-right --reverse b0...b1",
	"--left-right --max-count=5 b0...b1", "--boundary b0...b1", "--left-right b0 b1", "--left-right b1..b0",
	"--left-right --parents b0...b1 -- d0",
	"--parents --full-history --all -- d1/f1.txt", "--parents --full-history --all -- d0",
	"--parents --full-history b2 -- d2", "--parents --full-history --reverse --all -- d0",
	"--parents --all -- d1", "--parents --full-history --boundary b0~10...b2 -- d1/f1.txt",
};

/* git log maps identities through .mailmap before --author and --committer (rev-list does not). */
static const char *const mailmap_cases[] = {
	"--author=New --all", "--author=Old --all", "--author='^New Name <new@x>$' --all",
	"--author=old@x --all", "--author=new@x --all", "--committer=Carl --all", "--committer='^C <' --all",
	"--author=Alice --committer=Carl --all", "--committer=Carl --author=New b1..b0",
	"-i --author=new --all", "--author=Bob --grep=1 --all",
};

static void test_graph_same_as_git(void)
{
	oracle_command = "rev-list";
	compare_table("gr", repo, graph_cases, sizeof(graph_cases) / sizeof(graph_cases[0]));
}

static void test_marks_same_as_git(void)
{
	oracle_command = "rev-list";
	compare_table("gr", repo, mark_cases, sizeof(mark_cases) / sizeof(mark_cases[0]));
}

static void test_mailmap_same_as_git(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;

	CU_ASSERT_EQUAL(sgit_mailmap_load(&oracle_mailmap, repo, &err), 0);
	oracle_command = "log --format=%H";
	compare_table("gr", repo, mailmap_cases, sizeof(mailmap_cases) / sizeof(mailmap_cases[0]));
	oracle_command = "rev-list";
	sgit_mailmap_free(oracle_mailmap);
	oracle_mailmap = NULL;
	/* without the map, rev-list's answers */
	compare_table("gr", repo, mailmap_cases, 4);
}

/* Before a commit, out of range, and beyond the first parent with --first-parent: nothing counts. */
static void test_parent_shown_bounds(void)
{
	struct sgit_revwalk_options o = SGIT_REVWALK_OPTIONS_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_revwalk *w = NULL;
	struct sgit_oid id;
	int merge_seen = 0;

	oracle_dir = "gr";
	o.first_parent = 1;
	CU_ASSERT_EQUAL(resolve(&id, "b0"), 0);
	CU_ASSERT_EQUAL(sgit_revwalk_new(&w, sgit_repo_odb(repo), &o, &err), 0);
	CU_ASSERT_EQUAL(sgit_revwalk_parent_shown(w, 0), 0);
	CU_ASSERT_EQUAL(sgit_revwalk_is_left(w), 0);
	CU_ASSERT_EQUAL(sgit_revwalk_push(w, &id), 0);
	while (sgit_revwalk_next(&id, w) == 0) {
		size_t n = sgit_revwalk_parent_count(w);

		CU_ASSERT_EQUAL(sgit_revwalk_parent_shown(w, n), 0);
		if (n == 2) {
			merge_seen = 1;
			CU_ASSERT_EQUAL(sgit_revwalk_parent_shown(w, 0), 1);
			CU_ASSERT_EQUAL(sgit_revwalk_parent_shown(w, 1), 0);
		}
		CU_ASSERT_EQUAL(sgit_revwalk_is_left(w), 0);
	}
	CU_ASSERT_TRUE(merge_seen);
	sgit_revwalk_free(w);
}

/* A streaming walk (no range, default order) answers as a limited one does. */
static void test_parent_shown_streaming(void)
{
	struct sgit_revwalk_options o = SGIT_REVWALK_OPTIONS_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_revwalk *w = NULL;
	const char *paths[] = { "d0" };
	struct sgit_buf shown = SGIT_BUF_INIT, want = SGIT_BUF_INIT;
	char hex[SGIT_OID_HEXSZ + 1];
	struct sgit_oid id;
	size_t k;

	oracle_dir = "gr";
	o.paths = paths;
	o.npaths = 1;
	o.rewrite_parents = 1;
	CU_ASSERT_EQUAL(git_out(&want, "rev-list --parents b0 -- d0"), 0);
	CU_ASSERT_EQUAL(resolve(&id, "b0"), 0);
	CU_ASSERT_EQUAL(sgit_revwalk_new(&w, sgit_repo_odb(repo), &o, &err), 0);
	CU_ASSERT_EQUAL(sgit_revwalk_push(w, &id), 0);
	/* every rewritten parent is a commit the walk shows */
	while (sgit_revwalk_next(&id, w) == 0) {
		sgit_buf_adds(&shown, sgit_oid_tohex(hex, &id));
		for (k = 0; k < sgit_revwalk_parent_count(w); k++) {
			CU_ASSERT_EQUAL(sgit_revwalk_parent_shown(w, k), 1);
			sgit_buf_addch(&shown, ' ');
			sgit_buf_adds(&shown, sgit_oid_tohex(hex, sgit_revwalk_parent_id(w, k)));
		}
		sgit_buf_addch(&shown, '\n');
	}
	CU_ASSERT_STRING_EQUAL(shown.ptr, want.ptr);
	sgit_revwalk_free(w);
	sgit_buf_release(&shown);
	sgit_buf_release(&want);
}

static CU_TestInfo graph_tests[] = {
	{ "rev-list --graph command lines draw git's lines and marks", test_graph_same_as_git },
	{ "left and right marks, boundaries and forgotten parents are git's", test_marks_same_as_git },
	{ "log's --author and --committer see identities through the mailmap as git 2.39 does",
	  test_mailmap_same_as_git },
	{ "no parent counts before a commit, out of range or past the first with --first-parent",
	  test_parent_shown_bounds },
	{ "a streaming walk counts every rewritten parent as shown", test_parent_shown_streaming },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "porcelain/revwalk graph", .pInitFunc = setup, .pCleanupFunc = teardown,
	  .pTests = graph_tests },
	CU_SUITE_INFO_NULL,
};
