/* tests/unit/refs/test_shorten.c: full ref names made short, as git 2.39 does */
#include <stdio.h>
#include <string.h>
#include "unit.h"
#include "sgit/refs.h"
#include "util/fs.h"

#define ID "5c34ff0864f3e3b3e6ee3e71958c253def768715"

/* The refs of the fixture: name and file content. */
static const char *const fixture[][2] = {
	{ "HEAD", "ref: refs/heads/master" },
	{ "refs/heads/master", ID },
	{ "refs/heads/x", ID },
	{ "refs/tags/x", ID },
	{ "refs/heads/origin/master", ID },
	{ "refs/remotes/origin/master", ID },
	{ "refs/remotes/origin/HEAD", "ref: refs/remotes/origin/master" },
	{ "refs/heads/tags/y", ID },
	{ "refs/tags/y", ID },
	{ "refs/remotes/z", ID },
	{ "refs/heads/z", ID },
	{ "refs/foo", ID },
	{ "refs/heads/refs/bar", ID },
	{ "refs/bar", ID },
	{ "refs/heads/dangling", "ref: refs/heads/nowhere" },
	{ "refs/heads/dz", ID },
	{ "refs/tags/dz", "ref: refs/heads/nowhere" },
};

/* What git 2.39 answers (symbolic-ref --short; for-each-ref %(refname:short) for strict). */
static const struct {
	const char *full, *plain, *strict;
} cases[] = {
	{ "refs/heads/master", "master", "master" },
	{ "refs/heads/x", "heads/x", "heads/x" },		/* the tag x comes first */
	{ "refs/tags/x", "x", "tags/x" },			/* strict: the branch x too */
	{ "refs/heads/origin/master", "origin/master", "heads/origin/master" },
	{ "refs/remotes/origin/master", "remotes/origin/master", "remotes/origin/master" },
	{ "refs/remotes/origin/HEAD", "origin/HEAD", "origin/HEAD" },	/* not "origin" */
	{ "refs/remotes/nope/HEAD", "nope/HEAD", "nope/HEAD" },
	{ "refs/remotes/origin", "origin", "remotes/origin" },	/* strict: origin/HEAD exists */
	{ "refs/heads/tags/y", "heads/tags/y", "heads/tags/y" },
	{ "refs/tags/y", "y", "y" },
	{ "refs/remotes/z", "remotes/z", "remotes/z" },
	{ "refs/heads/z", "z", "heads/z" },
	{ "refs/foo", "foo", "foo" },
	{ "refs/heads/refs/bar", "heads/refs/bar", "heads/refs/bar" },
	{ "refs/bar", "bar", "bar" },
	{ "refs/heads/nope", "nope", "nope" },
	{ "refs/tags/heads/x", "tags/heads/x", "tags/heads/x" },
	{ "refs/heads/dz", "dz", "dz" },			/* a dangling symref does not count */
	{ "HEAD", "HEAD", "HEAD" },
};

static struct sgit_refdb *db;
static struct sgit_error err = SGIT_ERROR_INIT;

static int setup(void)
{
	char path[4096];
	size_t i;

	for (i = 0; i < sizeof(fixture) / sizeof(fixture[0]); i++) {
		FILE *f;

		snprintf(path, sizeof(path), "%s/%s", unit_tmpdir(), fixture[i][0]);
		if (sgit_fs_mkdir_parent(path, &err) < 0 || !(f = fopen(path, "w")))
			return 1;
		fprintf(f, "%s\n", fixture[i][1]);
		fclose(f);
	}
	return sgit_refdb_open(&db, unit_tmpdir(), NULL, &err) < 0;
}

static int teardown(void)
{
	sgit_refdb_free(db);
	return 0;
}

static void test_plain(void)
{
	struct sgit_buf out = SGIT_BUF_INIT;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		CU_ASSERT_EQUAL(sgit_ref_shorten(&out, db, cases[i].full), 0);
		if (strcmp(out.ptr, cases[i].plain))
			fprintf(stderr, "  %s: got %s, want %s\n", cases[i].full, out.ptr, cases[i].plain);
		CU_ASSERT_STRING_EQUAL(out.ptr, cases[i].plain);
	}
	sgit_buf_release(&out);
}

static void test_strict(void)
{
	struct sgit_buf out = SGIT_BUF_INIT;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		CU_ASSERT_EQUAL(sgit_ref_shorten_strict(&out, db, cases[i].full), 0);
		if (strcmp(out.ptr, cases[i].strict))
			fprintf(stderr, "  %s (strict): got %s, want %s\n", cases[i].full, out.ptr,
				cases[i].strict);
		CU_ASSERT_STRING_EQUAL(out.ptr, cases[i].strict);
	}
	sgit_buf_release(&out);
}

static CU_TestInfo tests[] = {
	{ "a name is cut by the last rule whose earlier rules name no existing ref", test_plain },
	{ "strict shortening wants no other rule at all to name an existing ref", test_strict },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "refs/shorten", .pInitFunc = setup, .pCleanupFunc = teardown, .pTests = tests },
	CU_SUITE_INFO_NULL,
};
