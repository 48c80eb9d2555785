/* tests/unit/refs/test_dwim.c: the one DWIM table, over a list of names and over a ref store */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "unit.h"
#include "sgit/refs.h"
#include "refs/dwim_int.h"

/* gitrevisions(7), in its order: the table must say exactly this. */
static const char *const documented[] = {
	"%s", "refs/%s", "refs/tags/%s", "refs/heads/%s", "refs/remotes/%s", "refs/remotes/%s/HEAD",
};
#define NDOC (sizeof(documented) / sizeof(documented[0]))

/* rule with its "%s" replaced by name */
static void spell(struct sgit_buf *out, const char *rule, const char *name)
{
	const char *pct = strstr(rule, "%s");

	CU_ASSERT_PTR_NOT_NULL_FATAL(pct);
	sgit_buf_set(out, rule, (size_t)(pct - rule));
	sgit_buf_adds(out, name);
	sgit_buf_adds(out, pct + 2);
}

static void test_the_table_is_the_documented_one(void)
{
	size_t i;

	CU_ASSERT_EQUAL(sgit_dwim_rule_count(), NDOC);
	for (i = 0; i < NDOC && i < sgit_dwim_rule_count(); i++)
		CU_ASSERT_STRING_EQUAL(sgit_dwim_rule(i), documented[i]);
	CU_ASSERT_PTR_NULL(sgit_dwim_rule(sgit_dwim_rule_count()));
}

static void test_every_rule_expands_as_it_is_spelled(void)
{
	static const char *const names[] = { "v1.0", "origin", "a/b", "" };
	struct sgit_buf got = SGIT_BUF_INIT, want = SGIT_BUF_INIT;
	size_t i, j;

	for (i = 0; i < sgit_dwim_rule_count(); i++)
		for (j = 0; j < sizeof(names) / sizeof(names[0]); j++) {
			spell(&want, sgit_dwim_rule(i), names[j]);
			CU_ASSERT_EQUAL(sgit_dwim_expand(&got, i, names[j], strlen(names[j])), 0);
			CU_ASSERT_STRING_EQUAL(got.ptr, want.ptr);
		}
	/* only len bytes of the name are used */
	CU_ASSERT_EQUAL(sgit_dwim_expand(&got, 2, "v1.0^{}", 4), 0);
	CU_ASSERT_STRING_EQUAL(got.ptr, "refs/tags/v1.0");
	sgit_buf_sets(&got, "kept");
	CU_ASSERT_EQUAL(sgit_dwim_expand(&got, sgit_dwim_rule_count(), "x", 1), SGIT_EINVALID);
	CU_ASSERT_STRING_EQUAL(got.ptr, "kept");
	sgit_buf_release(&got);
	sgit_buf_release(&want);
}

static void test_every_expansion_matches_back_under_its_rule(void)
{
	struct sgit_buf full = SGIT_BUF_INIT;
	size_t i;

	for (i = 0; i < sgit_dwim_rule_count(); i++) {
		CU_ASSERT_EQUAL(sgit_dwim_expand(&full, i, "topic", 5), 0);
		CU_ASSERT_EQUAL(sgit_dwim_match("topic", 5, full.ptr), (int)i);
		/* a longer or shorter name is another name */
		CU_ASSERT_EQUAL(sgit_dwim_match("topi", 4, full.ptr) == (int)i, 0);
		CU_ASSERT_EQUAL(sgit_dwim_match("topics", 6, full.ptr) == (int)i, 0);
	}
	sgit_buf_release(&full);
}

/* The best (lowest) rule under which short names one of list, as fetch picks among the other side's refs. */
static const char *best_of(const char *short_name, const char *const *list, size_t n)
{
	const char *best = NULL;
	int best_rule = -1, r;
	size_t i;

	for (i = 0; i < n; i++) {
		r = sgit_dwim_match(short_name, strlen(short_name), list[i]);
		if (r >= 0 && (best_rule < 0 || r < best_rule)) {
			best_rule = r;
			best = list[i];
		}
	}
	return best;
}

static void test_a_name_is_matched_against_a_list(void)
{
	static const char *const theirs[] = {
		"HEAD", "refs/heads/main", "refs/heads/v1.0", "refs/tags/v1.0",
		"refs/remotes/upstream/HEAD", "refs/remotes/upstream/main", "refs/notes/commits",
	};
	static const struct {
		const char *name, *want;
	} cases[] = {
		{ "v1.0", "refs/tags/v1.0" },		/* the tag beats the branch */
		{ "heads/v1.0", "refs/heads/v1.0" },
		{ "tags/v1.0", "refs/tags/v1.0" },
		{ "refs/heads/v1.0", "refs/heads/v1.0" },
		{ "main", "refs/heads/main" },
		{ "HEAD", "HEAD" },
		{ "upstream", "refs/remotes/upstream/HEAD" },
		{ "upstream/main", "refs/remotes/upstream/main" },
		{ "notes/commits", "refs/notes/commits" },
		{ "commits", NULL },			/* no rule adds refs/notes/ */
		{ "ain", NULL },
		{ "v1", NULL },
		{ "", NULL },
	};
	size_t i, n = sizeof(theirs) / sizeof(theirs[0]);
	const char *got;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		got = best_of(cases[i].name, theirs, n);
		if (!cases[i].want) {
			CU_ASSERT_PTR_NULL(got);
		} else {
			CU_ASSERT(got && !strcmp(got, cases[i].want));
		}
		if (cases[i].want ? !got || strcmp(got, cases[i].want) : got != NULL)
			printf("  '%s' matched '%s'\n", cases[i].name, got ? got : "(none)");
	}
}

/* ---- over a ref store that git wrote ---- */

static struct sgit_refdb *db;
static struct sgit_error db_err = SGIT_ERROR_INIT;
static char git_dir[512];
static char ids[3][SGIT_OID_HEXSZ + 1];	/* three commits */

/* The shared runner, with the fixed dates these fixtures were made with. */
#define sh(...) unit_sh("export GIT_AUTHOR_DATE='1700000000 +0000' " \
			"GIT_COMMITTER_DATE='1700000000 +0000' && " __VA_ARGS__)

static int read_id(char *out, const char *rev)
{
	char cmd[600];
	FILE *f;
	int ok;

	snprintf(cmd, sizeof(cmd), "git --git-dir='%s' rev-parse --verify -q '%s'", git_dir, rev);
	if (!(f = popen(cmd, "r")))
		return -1;
	ok = fscanf(f, "%40s", out) == 1;
	return pclose(f) == 0 && ok ? 0 : -1;
}

/*
 * One repository: three commits; x is a tag, a branch and refs/remotes/x
 * at once; origin has a HEAD; a dangling symref and a broken ref.
 */
static int store_setup(void)
{
	static const char *const revs[] = { "HEAD~2", "HEAD~1", "HEAD" };
	size_t i;

	snprintf(git_dir, sizeof(git_dir), "%s/dw/.git", unit_tmpdir());
	if (sh("git init -q -b main dw && cd dw && git commit -q --allow-empty -m one && "
	       "git commit -q --allow-empty -m two && git commit -q --allow-empty -m three && "
	       "git tag x HEAD~2 && git branch x HEAD~1 && git update-ref refs/remotes/x HEAD && "
	       "git update-ref refs/remotes/origin/main HEAD~1 && "
	       "git symbolic-ref refs/remotes/origin/HEAD refs/remotes/origin/main && "
	       "git symbolic-ref refs/heads/dangling refs/heads/nowhere && "
	       "echo garbage > .git/refs/heads/broken && git tag only-tag HEAD") != 0)
		return 1;
	for (i = 0; i < 3; i++)
		if (read_id(ids[i], revs[i]) < 0)
			return 1;
	return sgit_refdb_open(&db, git_dir, NULL, &db_err) == 0 ? 0 : 1;
}

static int store_teardown(void)
{
	sgit_refdb_free(db);
	return 0;
}

/* dwim name; full, count and the hex of the id. */
static int dwim(const char *name, struct sgit_buf *full, int *count, char *hex)
{
	struct sgit_oid id;
	int rc = sgit_dwim_ref(&id, full, count, db, name, strlen(name));

	sgit_oid_tohex(hex, &id);
	return rc;
}

static void test_the_tag_beats_the_branch_and_every_match_counts(void)
{
	struct sgit_buf full = SGIT_BUF_INIT;
	char hex[SGIT_OID_HEXSZ + 1];
	int count = 0;

	CU_ASSERT_EQUAL(dwim("x", &full, &count, hex), 0);
	CU_ASSERT_STRING_EQUAL(full.ptr, "refs/tags/x");
	CU_ASSERT_STRING_EQUAL(hex, ids[0]);
	CU_ASSERT_EQUAL(count, 3);	/* tags/x, heads/x, remotes/x: git warns */
	CU_ASSERT_EQUAL(dwim("heads/x", &full, &count, hex), 0);
	CU_ASSERT_STRING_EQUAL(full.ptr, "refs/heads/x");
	CU_ASSERT_STRING_EQUAL(hex, ids[1]);
	CU_ASSERT_EQUAL(count, 1);
	CU_ASSERT_EQUAL(dwim("only-tag", &full, &count, hex), 0);
	CU_ASSERT_EQUAL(count, 1);
	CU_ASSERT_EQUAL(dwim("main", &full, NULL, hex), 0);
	CU_ASSERT_STRING_EQUAL(full.ptr, "refs/heads/main");
	CU_ASSERT_STRING_EQUAL(hex, ids[2]);
	sgit_buf_release(&full);
}

static void test_a_remote_name_finds_its_head(void)
{
	struct sgit_buf full = SGIT_BUF_INIT;
	char hex[SGIT_OID_HEXSZ + 1];
	int count = 0;

	/* the last rule, with the symbolic ref followed (as git reports it) */
	CU_ASSERT_EQUAL(dwim("origin", &full, &count, hex), 0);
	CU_ASSERT_STRING_EQUAL(full.ptr, "refs/remotes/origin/main");
	CU_ASSERT_STRING_EQUAL(hex, ids[1]);
	CU_ASSERT_EQUAL(count, 1);
	CU_ASSERT_EQUAL(dwim("HEAD", &full, &count, hex), 0);
	CU_ASSERT_STRING_EQUAL(full.ptr, "refs/heads/main");
	CU_ASSERT_EQUAL(count, 1);
	sgit_buf_release(&full);
}

static void test_a_name_no_rule_finds_is_not_found(void)
{
	struct sgit_buf full = SGIT_BUF_INIT;
	char hex[SGIT_OID_HEXSZ + 1];
	int count = 7;

	sgit_buf_sets(&full, "stale");
	CU_ASSERT_EQUAL(dwim("nothing", &full, &count, hex), SGIT_ENOTFOUND);
	CU_ASSERT_STRING_EQUAL(db_err.msg, "no ref matches 'nothing'");
	CU_ASSERT_EQUAL(count, 0);
	CU_ASSERT_EQUAL(full.len, 0);
	CU_ASSERT_STRING_EQUAL(hex, "0000000000000000000000000000000000000000");
	/* names no ref can have never reach the store */
	CU_ASSERT_EQUAL(dwim("a..b", &full, &count, hex), SGIT_ENOTFOUND);
	CU_ASSERT_EQUAL(dwim("x^{}", &full, &count, hex), SGIT_ENOTFOUND);
	sgit_buf_release(&full);
}

static void collect(const char *message, void *payload)
{
	sgit_buf_adds(payload, message);
	sgit_buf_addch(payload, '\n');
}

static void test_dangling_and_broken_refs_are_skipped_with_a_warning(void)
{
	struct sgit_buf warnings = SGIT_BUF_INIT;
	struct sgit_oid id;
	int count = 0;

	CU_ASSERT_EQUAL(sgit_dwim_ref_warn(&id, NULL, &count, db, "dangling", 8, collect, &warnings),
			SGIT_ENOTFOUND);
	CU_ASSERT_STRING_EQUAL(warnings.ptr, "ignoring dangling symref refs/heads/dangling\n");
	sgit_buf_reset(&warnings);
	CU_ASSERT_EQUAL(sgit_dwim_ref_warn(&id, NULL, &count, db, "broken", 6, collect, &warnings),
			SGIT_ENOTFOUND);
	CU_ASSERT_STRING_EQUAL(warnings.ptr, "ignoring broken ref refs/heads/broken\n");
	sgit_buf_release(&warnings);
}

static CU_TestInfo table_tests[] = {
	{ "the table is the one gitrevisions documents, in its order", test_the_table_is_the_documented_one },
	{ "every rule expands a name as it is spelled", test_every_rule_expands_as_it_is_spelled },
	{ "every expansion matches back under its own rule", test_every_expansion_matches_back_under_its_rule },
	{ "a short name is matched against a list of another side's refs", test_a_name_is_matched_against_a_list },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo store_tests[] = {
	{ "a tag beats a branch of the same name, and every match counts", test_the_tag_beats_the_branch_and_every_match_counts },
	{ "a remote's name finds refs/remotes/<name>/HEAD", test_a_remote_name_finds_its_head },
	{ "a name that no rule finds is not found", test_a_name_no_rule_finds_is_not_found },
	{ "dangling and broken refs are skipped with git's warning", test_dangling_and_broken_refs_are_skipped_with_a_warning },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "refs/dwim table", .pTests = table_tests },
	{ .pName = "refs/dwim store", .pInitFunc = store_setup, .pCleanupFunc = store_teardown,
	  .pTests = store_tests },
	CU_SUITE_INFO_NULL,
};
