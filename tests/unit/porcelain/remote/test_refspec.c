/* tests/unit/porcelain/remote/test_refspec.c: refspecs parsed, validated and applied as git does */
#include <stdio.h>
#include <string.h>
#include "unit.h"
#include "sgit/refspec.h"

/* Whether git 2.39 accepts each refspec ("invalid refspec" from git fetch/push --dry-run or not). */
static const struct {
	const char *spec;
	int fetch_ok, push_ok;
} validity[] = {
	{ "refs/heads/*:refs/remotes/origin/*", 1, 1 },
	{ "+refs/heads/*:refs/remotes/origin/*", 1, 1 },
	{ "refs/heads/*", 0, 1 },
	{ "refs/heads/*:", 0, 0 },
	{ "refs/heads/master", 1, 1 },
	{ "master", 1, 1 },
	{ "master:", 1, 0 },
	{ ":master", 1, 1 },
	{ ":", 1, 1 },
	{ "+:", 1, 1 },
	{ "::", 0, 0 },
	{ "a:b:c", 0, 1 },
	{ "refs/heads/*:refs/remotes/*/x", 1, 1 },
	{ "refs/heads/*/x:refs/remotes/o/*", 1, 1 },
	{ "refs/heads/a*b:refs/remotes/o/a*b", 1, 1 },
	{ "refs/heads/**:refs/r/*", 0, 0 },
	{ "refs/heads/*:refs/r/**", 0, 0 },
	{ "refs/heads/x:refs/r/*", 0, 0 },
	{ "refs/heads/*:refs/r/x", 0, 0 },
	{ "*:*", 1, 1 },
	{ "*", 0, 1 },
	{ "^refs/heads/x", 1, 1 },
	{ "^refs/heads/*", 1, 1 },
	{ "^refs/heads/x:refs/y", 0, 0 },
	{ "^", 0, 0 },
	{ "^*", 1, 1 },
	{ "^0123456789012345678901234567890123456789", 0, 0 },
	{ "0123456789012345678901234567890123456789", 1, 1 },
	{ "0123456789012345678901234567890123456789:refs/heads/x", 1, 1 },
	{ "012345678901234567890123456789012345678:refs/heads/x", 1, 1 },
	{ "HEAD", 1, 1 },
	{ "@", 1, 1 },
	{ "@:refs/heads/x", 1, 1 },
	{ "HEAD~1:refs/heads/x", 0, 1 },
	{ "HEAD~1", 0, 0 },
	{ "refs/heads/a..b:x", 0, 1 },
	{ "refs/heads/a b:x", 0, 1 },
	{ "x:refs/heads/a..b", 0, 0 },
	{ "x:", 1, 0 },
	{ "x:refs/heads/x.lock", 0, 0 },
	{ "refs/heads/x.lock:y", 0, 1 },
	{ "+^refs/heads/x", 0, 0 },
	{ "^+refs/heads/x", 1, 1 },
	{ "+", 1, 0 },
	{ "++x", 1, 1 },
	{ "refs/heads/:x", 0, 1 },
	{ "/refs/heads/x:y", 0, 1 },
	{ "refs/heads/x/:y", 0, 1 },
	{ "x:HEAD", 1, 1 },
	{ "x:@", 0, 0 },
	{ "-x:y", 1, 1 },
	{ "refs/tags/*:refs/tags/*", 1, 1 },
	{ "tag", 1, 1 },
};

static void test_validity_matches_git(void)
{
	size_t i;

	for (i = 0; i < sizeof(validity) / sizeof(validity[0]); i++) {
		struct sgit_error err = SGIT_ERROR_INIT;
		struct sgit_refspec rs = SGIT_REFSPEC_INIT;
		int f = sgit_refspec_parse(&rs, validity[i].spec, SGIT_REFSPEC_FETCH, &err) == 0;
		int p;

		sgit_refspec_release(&rs);
		p = sgit_refspec_parse(&rs, validity[i].spec, SGIT_REFSPEC_PUSH, &err) == 0;
		sgit_refspec_release(&rs);
		if (f != validity[i].fetch_ok || p != validity[i].push_ok)
			fprintf(stderr, "\n  refspec '%s': fetch %d push %d\n", validity[i].spec, f, p);
		CU_ASSERT_EQUAL(f, validity[i].fetch_ok);
		CU_ASSERT_EQUAL(p, validity[i].push_ok);
	}
}

static void test_invalid_message_is_gits(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_refspec rs = SGIT_REFSPEC_INIT;

	CU_ASSERT_EQUAL(sgit_refspec_parse(&rs, "refs/heads/*", SGIT_REFSPEC_FETCH, &err), SGIT_EINVALID);
	CU_ASSERT_STRING_EQUAL(err.msg, "invalid refspec 'refs/heads/*'");
	CU_ASSERT_PTR_NULL(rs.src);
	CU_ASSERT_PTR_NULL(rs.string);
}

/* What each part of a refspec becomes. */
static const struct {
	const char *spec;
	enum sgit_refspec_dir dir;
	const char *src, *dst;		/* dst NULL: no ':' */
	unsigned force, pattern, matching, exact_oid, negative;
} fields[] = {
	{ "+refs/heads/*:refs/remotes/o/*", SGIT_REFSPEC_FETCH, "refs/heads/*", "refs/remotes/o/*", 1, 1, 0, 0, 0 },
	{ "refs/heads/main", SGIT_REFSPEC_FETCH, "refs/heads/main", NULL, 0, 0, 0, 0, 0 },
	{ "main:", SGIT_REFSPEC_FETCH, "main", "", 0, 0, 0, 0, 0 },
	{ ":refs/heads/gone", SGIT_REFSPEC_PUSH, "", "refs/heads/gone", 0, 0, 0, 0, 0 },
	{ "+:", SGIT_REFSPEC_PUSH, "", NULL, 1, 0, 1, 0, 0 },
	{ ":", SGIT_REFSPEC_FETCH, "", "", 0, 0, 0, 0, 0 },
	{ "@:refs/heads/x", SGIT_REFSPEC_PUSH, "HEAD", "refs/heads/x", 0, 0, 0, 0, 0 },
	{ "^refs/heads/wip/*", SGIT_REFSPEC_FETCH, "refs/heads/wip/*", NULL, 0, 1, 0, 0, 1 },
	{ "0123456789abcdef0123456789abcdef01234567:refs/x", SGIT_REFSPEC_FETCH,
	  "0123456789abcdef0123456789abcdef01234567", "refs/x", 0, 0, 0, 1, 0 },
	{ "a:b:c", SGIT_REFSPEC_PUSH, "a:b", "c", 0, 0, 0, 0, 0 },
};

static void test_fields(void)
{
	size_t i;

	for (i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
		struct sgit_error err = SGIT_ERROR_INIT;
		struct sgit_refspec rs = SGIT_REFSPEC_INIT;

		CU_ASSERT_EQUAL_FATAL(sgit_refspec_parse(&rs, fields[i].spec, fields[i].dir, &err), 0);
		CU_ASSERT_STRING_EQUAL(rs.string, fields[i].spec);
		CU_ASSERT_STRING_EQUAL(rs.src, fields[i].src);
		CU_ASSERT(fields[i].dst ? rs.dst && !strcmp(rs.dst, fields[i].dst) : !rs.dst);
		CU_ASSERT_EQUAL(rs.force, fields[i].force);
		CU_ASSERT_EQUAL(rs.pattern, fields[i].pattern);
		CU_ASSERT_EQUAL(rs.matching, fields[i].matching);
		CU_ASSERT_EQUAL(rs.exact_oid, fields[i].exact_oid);
		CU_ASSERT_EQUAL(rs.negative, fields[i].negative);
		sgit_refspec_release(&rs);
	}
}

/* Names through src -> dst and back (checked against what git fetch stores). */
static const struct {
	const char *spec, *name, *mapped;	/* mapped NULL: no match */
} maps[] = {
	{ "+refs/heads/*:refs/remotes/origin/*", "refs/heads/main", "refs/remotes/origin/main" },
	{ "+refs/heads/*:refs/remotes/origin/*", "refs/heads/a/b", "refs/remotes/origin/a/b" },
	{ "+refs/heads/*:refs/remotes/origin/*", "refs/tags/v1", NULL },
	{ "+refs/heads/*:refs/remotes/origin/*", "refs/heads", NULL },
	{ "refs/heads/a*b:refs/x/c*d", "refs/heads/axyb", "refs/x/cxyd" },
	{ "refs/heads/a*b:refs/x/c*d", "refs/heads/a/b/b", "refs/x/c/b/d" },
	{ "refs/heads/a*b:refs/x/c*d", "refs/heads/ab", "refs/x/cd" },
	{ "refs/heads/a*b:refs/x/c*d", "refs/heads/a", NULL },
	{ "refs/heads/*/x:refs/remotes/*", "refs/heads/t/x", "refs/remotes/t" },
	{ "refs/heads/main:refs/remotes/o/main", "refs/heads/main", "refs/remotes/o/main" },
	{ "refs/heads/main:refs/remotes/o/main", "refs/heads/mainx", NULL },
	{ "refs/heads/main", "refs/heads/main", NULL },
	{ "refs/heads/main:", "refs/heads/main", NULL },
};

static void test_transform(void)
{
	struct sgit_buf out = SGIT_BUF_INIT, back = SGIT_BUF_INIT;
	size_t i;

	for (i = 0; i < sizeof(maps) / sizeof(maps[0]); i++) {
		struct sgit_error err = SGIT_ERROR_INIT;
		struct sgit_refspec rs = SGIT_REFSPEC_INIT;
		int rc;

		CU_ASSERT_EQUAL_FATAL(sgit_refspec_parse(&rs, maps[i].spec, SGIT_REFSPEC_FETCH, &err), 0);
		rc = sgit_refspec_transform(&out, &rs, maps[i].name);
		CU_ASSERT_EQUAL(rc, maps[i].mapped != NULL);
		CU_ASSERT_EQUAL(sgit_refspec_src_matches(&rs, maps[i].name), maps[i].mapped != NULL ||
				!strcmp(rs.src, maps[i].name));
		if (maps[i].mapped) {
			CU_ASSERT_STRING_EQUAL(out.ptr, maps[i].mapped);
			CU_ASSERT(sgit_refspec_dst_matches(&rs, out.ptr));
			CU_ASSERT_EQUAL(sgit_refspec_rtransform(&back, &rs, out.ptr), 1);
			CU_ASSERT_STRING_EQUAL(back.ptr, maps[i].name);
		} else {
			CU_ASSERT_EQUAL(out.len, 0);
		}
		sgit_refspec_release(&rs);
	}
	sgit_buf_release(&out);
	sgit_buf_release(&back);
}

static void test_lists_skip_negative_matches(void)
{
	struct sgit_refspec_list l = SGIT_REFSPEC_LIST_INIT(SGIT_REFSPEC_FETCH);
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf out = SGIT_BUF_INIT;
	const struct sgit_refspec *which = NULL;

	CU_ASSERT_EQUAL(sgit_refspec_list_add(&l, "+refs/heads/*:refs/remotes/o/*", &err), 0);
	CU_ASSERT_EQUAL(sgit_refspec_list_add(&l, "refs/tags/v1:refs/tags/v1", &err), 0);
	CU_ASSERT_EQUAL(sgit_refspec_list_add(&l, "^refs/heads/wip/*", &err), 0);
	CU_ASSERT_EQUAL(sgit_refspec_list_add(&l, "refs/heads/*", &err), SGIT_EINVALID);
	CU_ASSERT_EQUAL(l.n, 3);
	CU_ASSERT_EQUAL(sgit_refspec_list_transform(&out, &which, &l, "refs/heads/main"), 1);
	CU_ASSERT_STRING_EQUAL(out.ptr, "refs/remotes/o/main");
	CU_ASSERT_PTR_EQUAL(which, &l.items[0]);
	CU_ASSERT_EQUAL(sgit_refspec_list_transform(&out, &which, &l, "refs/tags/v1"), 1);
	CU_ASSERT_PTR_EQUAL(which, &l.items[1]);
	CU_ASSERT(sgit_refspec_list_excludes(&l, "refs/heads/wip/x"));
	CU_ASSERT_EQUAL(sgit_refspec_list_transform(&out, &which, &l, "refs/heads/wip/x"), 0);
	CU_ASSERT_PTR_NULL(which);
	CU_ASSERT_EQUAL(sgit_refspec_list_rtransform(&out, &which, &l, "refs/remotes/o/topic"), 1);
	CU_ASSERT_STRING_EQUAL(out.ptr, "refs/heads/topic");
	CU_ASSERT_EQUAL(sgit_refspec_list_rtransform(&out, &which, &l, "refs/remotes/o/wip/y"), 0);
	CU_ASSERT_EQUAL(sgit_refspec_list_rtransform(&out, &which, &l, "refs/remotes/other/x"), 0);
	sgit_refspec_list_release(&l);
	sgit_buf_release(&out);
}

static CU_TestInfo refspec_tests[] = {
	{ "each refspec of the table is accepted or refused for fetch and push as git does",
	  test_validity_matches_git },
	{ "a refused refspec gets git's message and leaves nothing allocated", test_invalid_message_is_gits },
	{ "force, pattern, matching, exact ids and negative refspecs are recognised", test_fields },
	{ "names map through a refspec's star both ways", test_transform },
	{ "a list maps through its first match and negative refspecs exclude", test_lists_skip_negative_matches },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "refspec", .pTests = refspec_tests },
	CU_SUITE_INFO_NULL,
};
