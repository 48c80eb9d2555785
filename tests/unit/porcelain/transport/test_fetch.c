/* tests/unit/porcelain/transport/test_fetch.c: fetch's pieces (names, FETCH_HEAD lines, the ref map) and a fetch */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "unit.h"
#include "porcelain/transport/fetch_int.h"
#include "sgit/fetch.h"
#include "sgit/refs.h"
#include "sgit/repo.h"

static void test_urls_are_shown_as_git_shows_them(void)
{
	static const struct {
		const char *url, *shown;
	} cases[] = {
		{ "../there", "../there" },
		{ "../there/", "../there" },
		{ "../there///", "../there" },
		{ "../there/.git", "../there/" },
		{ "../there.git", "../there" },
		{ "/x.git/", "/x" },
		{ "a.git", "a.git" },	/* too short for git to cut */
		{ "ab.git", "ab" },
		{ "file:///tmp/r/.git/", "file:///tmp/r/" },
	};
	struct sgit_buf out = SGIT_BUF_INIT;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		CU_ASSERT_EQUAL(sgit_fetch_display_url(&out, cases[i].url), 0);
		if (strcmp(out.ptr, cases[i].shown))
			fprintf(stderr, "%s: got %s\n", cases[i].url, out.ptr);
		CU_ASSERT_STRING_EQUAL(out.ptr, cases[i].shown);
	}
	sgit_buf_release(&out);
}

static void test_fetch_head_lines_describe_refs_by_kind(void)
{
	static const struct {
		const char *name;
		int nfm;
		const char *line;
	} cases[] = {
		{ "HEAD", 0, "\t\t../t\n" },
		{ "refs/heads/main", 0, "\t\tbranch 'main' of ../t\n" },
		{ "refs/tags/v1.0", 1, "\tnot-for-merge\ttag 'v1.0' of ../t\n" },
		{ "refs/remotes/six/HEAD", 0, "\t\tremote-tracking branch 'six/HEAD' of ../t\n" },
		{ "refs/notes/x", 1, "\tnot-for-merge\t'refs/notes/x' of ../t\n" },
		{ "0123456789012345678901234567890123456789", 0,
		  "\t\t'0123456789012345678901234567890123456789' of ../t\n" },
	};
	struct sgit_buf out = SGIT_BUF_INIT, want = SGIT_BUF_INIT;
	struct sgit_oid id;
	size_t i;

	memset(&id, 0xab, sizeof(id));
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		sgit_buf_reset(&out);
		CU_ASSERT_EQUAL(sgit_fetch_head_add_line(&out, &id, cases[i].nfm, cases[i].name, "../t"), 0);
		sgit_buf_printf(&want, "abababababababababababababababababababab%s", cases[i].line);
		CU_ASSERT_STRING_EQUAL(out.ptr, want.ptr);
	}
	sgit_buf_release(&out);
	sgit_buf_release(&want);
}

static void test_clone_guesses_the_folder_as_git_does(void)
{
	static const struct {
		const char *source;
		int bare;
		const char *dir;
	} cases[] = {
		{ "there", 0, "there" },
		{ "../a/there/", 0, "there" },
		{ "there/.git", 0, "there" },
		{ "there/.git/", 0, "there" },
		{ "there.git", 0, "there" },
		{ "there", 1, "there.git" },
		{ "there.git", 1, "there.git" },
		{ "file:///srv/r.git", 0, "r" },
		{ "/x/y/z", 0, "z" },
	};
	struct sgit_buf out = SGIT_BUF_INIT;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		CU_ASSERT_EQUAL(sgit_clone_guess_dir(&out, cases[i].source, cases[i].bare), 0);
		CU_ASSERT_STRING_EQUAL(out.ptr, cases[i].dir);
	}
	sgit_buf_release(&out);
}

static void test_refspec_destinations_name_local_refs(void)
{
	static const struct {
		const char *dst, *ref;
	} cases[] = {
		{ "six", "refs/heads/six" },
		{ "refs/x", "refs/x" },
		{ "heads/a", "refs/heads/a" },
		{ "tags/v1", "refs/tags/v1" },
		{ "remotes/o/m", "refs/remotes/o/m" },
		{ "x/y", "refs/heads/x/y" },
	};
	struct sgit_buf out = SGIT_BUF_INIT;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		CU_ASSERT_EQUAL(sgit_fetch__local_ref(&out, cases[i].dst), 1);
		CU_ASSERT_STRING_EQUAL(out.ptr, cases[i].ref);
	}
	CU_ASSERT_EQUAL(sgit_fetch__local_ref(&out, ""), 0);
	CU_ASSERT_EQUAL(sgit_fetch__local_ref(&out, NULL), 0);
	sgit_buf_release(&out);
}

/*
 * For every rule of the DWIM table: the other side lists the name under
 * that rule and every later one, the later ones first; the rule's own
 * expansion must win, whatever the order of the list.
 */
static void test_the_earliest_rule_of_the_table_wins_on_the_other_side(void)
{
	struct fetch_source src = FETCH_SOURCE_INIT;
	struct sgit_buf name = SGIT_BUF_INIT;
	size_t n = sgit_dwim_rule_count(), rule, k;

	CU_ASSERT_PTR_NOT_NULL_FATAL(src.refs = calloc(n, sizeof(*src.refs)));
	for (rule = 0; rule < n; rule++) {
		src.n = 0;
		for (k = n; k-- > rule;) {
			sgit_dwim_expand(&name, k, "v1.0", 4);
			src.refs[src.n++].name = strdup(name.ptr);
		}
		CU_ASSERT_EQUAL(sgit_fetch__rref_dwim(&src, "v1.0"), (long)(src.n - 1));
		for (k = 0; k < src.n; k++)
			free(src.refs[k].name);
	}
	src.n = 0;
	src.refs[src.n++].name = strdup("refs/heads/other");
	CU_ASSERT_EQUAL(sgit_fetch__rref_dwim(&src, "v1.0"), -1);
	free(src.refs[0].name);
	free(src.refs);
	sgit_buf_release(&name);
}

/* A source with a tag at its tip and one on an older commit; a fetch into an empty repository. */
static void test_a_fetch_reports_refs_in_git_order(void)
{
	struct sgit_fetch_options o = SGIT_FETCH_OPTIONS_INIT;
	struct sgit_fetch_result res = SGIT_FETCH_RESULT_INIT;
	const char *specs[] = { "master:refs/remotes/o/master" };
	struct sgit_repo *repo = NULL;

	CU_ASSERT_EQUAL_FATAL(unit_sh("git init -q src && cd src && git commit -q --allow-empty -m 1 && "
				      "git tag old && git commit -q --allow-empty -m 2 && git tag -a -m t tip && "
				      "cd .. && git init -q dst"), 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(repo = unit_open_repo("dst"));
	o.remote = "../src";
	o.refspecs = specs;
	o.nrefspecs = 1;
	o.committer = "C <c@x> 1112912053 -0700";
	CU_ASSERT_EQUAL_FATAL(sgit_fetch(&res, repo, &o), 0);
	CU_ASSERT_STRING_EQUAL(res.url, "../src");
	CU_ASSERT_EQUAL_FATAL(res.nrefs, 3);
	CU_ASSERT_STRING_EQUAL(res.refs[0].remote_name, "refs/heads/master");
	CU_ASSERT_EQUAL(res.refs[0].fetch_head, SGIT_FETCH_HEAD_MERGE);
	CU_ASSERT_EQUAL(res.refs[0].update, SGIT_FETCH_UPDATE_NEW);
	/* the tag at the tip comes with the refs asked for, the older one after them */
	CU_ASSERT_STRING_EQUAL(res.refs[1].remote_name, "refs/tags/tip");
	CU_ASSERT_EQUAL(res.refs[1].group, 1);
	CU_ASSERT_STRING_EQUAL(res.refs[2].remote_name, "refs/tags/old");
	CU_ASSERT_EQUAL(res.refs[2].group, 2);
	CU_ASSERT_EQUAL(res.failed, 0);
	CU_ASSERT(res.objects > 0);
	sgit_fetch_result_release(&res);
	specs[0] = "nosuch";
	CU_ASSERT_EQUAL(sgit_fetch(&res, repo, &o), SGIT_ENOTFOUND);
	CU_ASSERT_STRING_EQUAL(sgit_repo_error(repo)->msg, "couldn't find remote ref nosuch");
	sgit_fetch_result_release(&res);
	o.remote = "../nowhere";
	CU_ASSERT_EQUAL(sgit_fetch(&res, repo, &o), SGIT_ENOTREPO);
	CU_ASSERT_STRING_EQUAL(sgit_repo_error(repo)->msg, "'../nowhere' does not appear to be a git repository");
	sgit_fetch_result_release(&res);
	sgit_repo_free(repo);
}

static CU_TestInfo fetch_tests[] = {
	{ "URLs are shown as git shows them", test_urls_are_shown_as_git_shows_them },
	{ "FETCH_HEAD lines describe refs by kind", test_fetch_head_lines_describe_refs_by_kind },
	{ "clone guesses the folder as git does", test_clone_guesses_the_folder_as_git_does },
	{ "refspec destinations name local refs", test_refspec_destinations_name_local_refs },
	{ "the earliest rule of the table wins on the other side",
	  test_the_earliest_rule_of_the_table_wins_on_the_other_side },
	{ "a fetch reports refs in git's order", test_a_fetch_reports_refs_in_git_order },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "fetch", .pTests = fetch_tests },
	CU_SUITE_INFO_NULL,
};
