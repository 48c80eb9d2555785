/* tests/unit/porcelain/maintenance/test_fsck.c: fsck's pure checks over literal object bytes */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "unit.h"
#include "sgit/fsck.h"

/* What the checks reported: "<severity>:<msg id>" lines. */
static char seen[4096];

static void collect(const struct sgit_oid *id, enum sgit_object_type type, enum sgit_fsck_severity sev,
		    const char *msg_name, const char *text, void *payload)
{
	size_t n = strlen(seen);

	snprintf(seen + n, sizeof(seen) - n, "%s:%s\n", sev == SGIT_FSCK_ERROR ? "error" : "warning",
		 msg_name);
}

static int check(struct sgit_fsck_options *o, enum sgit_object_type type, const char *data, size_t len)
{
	struct sgit_oid id;

	memset(&id, 0x11, sizeof(id));
	seen[0] = 0;
	o->report = collect;
	return sgit_fsck_check_object(o, &id, type, data, len);
}

#define TREE_ID "0123456789012345678901234567890123456789"

/* One commit header flaw per row, and what git 2.39 reports for it. */
static const struct { const char *body; const char *want; } commits[] = {
	{ "tree " TREE_ID "\nauthor A <a@x> 1 +0000\ncommitter C <c@x> 1 +0000\n\nm\n", "" },
	{ "tree " TREE_ID "\nauthor A <a@x> 1 +0000\ncommitter C <c@x> 01 +0000\n\nm\n", "error:zeroPaddedDate\n" },
	{ "tree " TREE_ID "\nauthor A <a@x> 1 +0000\ncommitter C <c@x> 99999999999999999999 +0000\n\nm\n",
	  "error:badDateOverflow\n" },
	{ "tree " TREE_ID "\nauthor A <a@x> 1 +0000\ncommitter C <c@x> x +0000\n\nm\n", "error:badDate\n" },
	{ "tree " TREE_ID "\nauthor A <a@x> 1 +000\ncommitter C <c@x> 1 +0000\n\nm\n", "error:badTimezone\n" },
	{ "tree " TREE_ID "\nauthor A <a@x>1 +0000\ncommitter C <c@x> 1 +0000\n\nm\n",
	  "error:missingSpaceBeforeDate\n" },
	{ "tree " TREE_ID "\nauthor A a@x> 1 +0000\ncommitter C <c@x> 1 +0000\n\nm\n", "error:badName\n" },
	{ "tree " TREE_ID "\nauthor A <a@x 1 +0000\ncommitter C <c@x> 1 +0000\n\nm\n", "error:badEmail\n" },
	{ "tree " TREE_ID "\nauthor A<a@x> 1 +0000\ncommitter C <c@x> 1 +0000\n\nm\n",
	  "error:missingSpaceBeforeEmail\n" },
	{ "tree " TREE_ID "\nauthor <a@x> 1 +0000\ncommitter C <c@x> 1 +0000\n\nm\n",
	  "error:missingNameBeforeEmail\n" },
	{ "tree " TREE_ID "\nauthor A 1 +0000\ncommitter C <c@x> 1 +0000\n\nm\n", "error:missingEmail\n" },
	{ "tree " TREE_ID "\nauthor A <a@x> 1 +0000\nauthor B <b@x> 1 +0000\ncommitter C <c@x> 1 +0000\n\n",
	  "error:multipleAuthors\n" },
	{ "tree " TREE_ID "\ncommitter C <c@x> 1 +0000\n\nm\n", "error:missingAuthor\n" },
	{ "tree " TREE_ID "\nauthor A <a@x> 1 +0000\n\nm\n", "error:missingCommitter\n" },
	{ "author A <a@x> 1 +0000\ncommitter C <c@x> 1 +0000\n\nm\n", "error:missingTree\n" },
	{ "tree 1234\nauthor A <a@x> 1 +0000\ncommitter C <c@x> 1 +0000\n\nm\n", "error:badTreeSha1\n" },
	{ "tree " TREE_ID "\nparent x\nauthor A <a@x> 1 +0000\ncommitter C <c@x> 1 +0000\n\n",
	  "error:badParentSha1\n" },
	{ "tree " TREE_ID "\nauthor A <a@x> 1 +0000\ncommitter C <c@x> 1 +0000", "error:unterminatedHeader\n" },
};

static void test_commit_flaws_get_git_msg_ids(void)
{
	struct sgit_fsck_options o;
	size_t i;

	sgit_fsck_options_init(&o);
	for (i = 0; i < sizeof(commits) / sizeof(commits[0]); i++) {
		int errs = check(&o, SGIT_OBJ_COMMIT, commits[i].body, strlen(commits[i].body));

		if (strcmp(seen, commits[i].want))
			fprintf(stderr, "\ncase %zu: got '%s'\n", i, seen);
		CU_ASSERT_STRING_EQUAL(seen, commits[i].want);
		CU_ASSERT_EQUAL(errs > 0, commits[i].want[0] != 0);
	}
	sgit_fsck_options_release(&o);
}

static void test_a_nul_in_the_headers_is_fatal_and_in_the_body_a_warning(void)
{
	static const char head[] = "tree " TREE_ID "\nauthor A <a@x> 1 +0000\0\ncommitter C <c@x> 1 +0000\n\n";
	static const char body[] = "tree " TREE_ID "\nauthor A <a@x> 1 +0000\ncommitter C <c@x> 1 +0000\n\nm\0x\n";
	struct sgit_fsck_options o;

	sgit_fsck_options_init(&o);
	CU_ASSERT(check(&o, SGIT_OBJ_COMMIT, head, sizeof(head) - 1) > 0);
	CU_ASSERT_STRING_EQUAL(seen, "error:nulInHeader\n");
	CU_ASSERT_EQUAL(check(&o, SGIT_OBJ_COMMIT, body, sizeof(body) - 1), 0);
	CU_ASSERT_STRING_EQUAL(seen, "warning:nulInCommit\n");
	sgit_fsck_options_release(&o);
}

/* A tree from (mode, name) pairs, all pointing at one non-zero id. */
static size_t tree(char *out, const char *const *entries, size_t n)
{
	size_t len = 0, i;

	for (i = 0; i < n; i += 2) {
		len += (size_t)sprintf(out + len, "%s %s", entries[i], entries[i + 1]) + 1;
		memset(out + len, 0x22, 20);
		len += 20;
	}
	return len;
}

static void test_tree_flaws_get_git_msg_ids(void)
{
	static const struct { const char *e[6]; size_t n; const char *want; } cases[] = {
		{ { "100644", "a", "100644", "b" }, 4, "" },
		{ { "100644", "a", "100644", "a" }, 4, "error:duplicateEntries\n" },
		{ { "100644", "b", "100644", "a" }, 4, "error:treeNotSorted\n" },
		{ { "040000", "d" }, 2, "warning:zeroPaddedFilemode\n" },
		{ { "100600", "a" }, 2, "warning:badFilemode\n" },
		{ { "100644", ".git" }, 2, "warning:hasDotgit\n" },
		{ { "100644", "GIT~1" }, 2, "warning:hasDotgit\n" },
		{ { "100644", ".git . " }, 2, "warning:hasDotgit\n" },
		{ { "100644", ".g\xe2\x80\x8ci\xe2\x80\x8dT" }, 2, "warning:hasDotgit\n" },
		{ { "100644", "." }, 2, "warning:hasDot\n" },
		{ { "100644", ".." }, 2, "warning:hasDotdot\n" },
		{ { "100644", "a/b" }, 2, "warning:fullPathname\n" },
		{ { "120000", ".gitmodules" }, 2, "error:gitmodulesSymlink\n" },
		{ { "120000", "gitmod~1" }, 2, "error:gitmodulesSymlink\n" },
		{ { "120000", ".gitignore" }, 2, "warning:gitignoreSymlink\n" },
		{ { "120000", ".mailmap" }, 2, "warning:mailmapSymlink\n" },
		{ { "120000", ".gitattributes" }, 2, "warning:gitattributesSymlink\n" },
		{ { "100644", "x", "100644", "x.y", "040000", "x" }, 6,
		  "warning:zeroPaddedFilemode\nerror:duplicateEntries\n" },
	};
	struct sgit_fsck_options o;
	char buf[512];
	size_t i;

	sgit_fsck_options_init(&o);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		check(&o, SGIT_OBJ_TREE, buf, tree(buf, cases[i].e, cases[i].n));
		if (strcmp(seen, cases[i].want))
			fprintf(stderr, "\ntree case %zu: got '%s'\n", i, seen);
		CU_ASSERT_STRING_EQUAL(seen, cases[i].want);
	}
	sgit_fsck_options_release(&o);
}

static void test_strict_makes_warnings_errors_and_refuses_100664(void)
{
	static const char *const e[] = { "100664", "a" };
	struct sgit_fsck_options o;
	char buf[64];

	sgit_fsck_options_init(&o);
	CU_ASSERT_EQUAL(check(&o, SGIT_OBJ_TREE, buf, tree(buf, e, 2)), 0);
	CU_ASSERT_STRING_EQUAL(seen, "");
	o.strict = 1;
	check(&o, SGIT_OBJ_TREE, buf, tree(buf, e, 2));
	CU_ASSERT_STRING_EQUAL(seen, "warning:badFilemode\n");
	sgit_fsck_options_release(&o);
}

static void test_severity_settings_follow_git_rules(void)
{
	static const char body[] = "tree " TREE_ID "\nauthor A <a@x> 1 +0000\ncommitter C <c@x> 01 +0000\n\n";
	struct sgit_fsck_options o;
	struct sgit_error err = SGIT_ERROR_INIT;

	sgit_fsck_options_init(&o);
	CU_ASSERT_EQUAL(sgit_fsck_set_severity(&o, "zeropaddeddate", "warn", &err), 0);
	CU_ASSERT_EQUAL(check(&o, SGIT_OBJ_COMMIT, body, sizeof(body) - 1), 0);
	CU_ASSERT_STRING_EQUAL(seen, "warning:zeroPaddedDate\n");
	CU_ASSERT_EQUAL(sgit_fsck_set_severity(&o, "zeroPaddedDate", "ignore", &err), 0);
	check(&o, SGIT_OBJ_COMMIT, body, sizeof(body) - 1);
	CU_ASSERT_STRING_EQUAL(seen, "");
	CU_ASSERT_EQUAL(sgit_fsck_set_severity(&o, "nulInHeader", "warn", &err), SGIT_EINVALID);
	CU_ASSERT_STRING_EQUAL(err.msg, "Cannot demote nulInHeader to warn");
	CU_ASSERT_EQUAL(sgit_fsck_set_severity(&o, "noSuchId", "warn", &err), SGIT_EINVALID);
	CU_ASSERT_EQUAL(sgit_fsck_set_severity(&o, "badDate", "loud", &err), SGIT_EINVALID);
	sgit_fsck_options_release(&o);
}

static void test_tag_flaws_get_git_msg_ids(void)
{
	static const struct { const char *body; const char *want; } cases[] = {
		{ "object " TREE_ID "\ntype blob\ntag t\ntagger T <t@x> 1 +0000\n\nm\n", "" },
		{ "object " TREE_ID "\ntype blob\ntag t\n\nm\n", "warning:missingTaggerEntry\n" },
		{ "object " TREE_ID "\ntype blob\ntag a..b\ntagger T <t@x> 1 +0000\n\n", "warning:badTagName\n" },
		{ "object " TREE_ID "\ntype blob\ntagger T <t@x> 1 +0000\n\n", "error:missingTagEntry\n" },
		{ "object " TREE_ID "\ntype nope\ntag t\ntagger T <t@x> 1 +0000\n\n", "error:badType\n" },
		{ "object " TREE_ID "\ntag t\ntagger T <t@x> 1 +0000\n\n", "error:missingTypeEntry\n" },
		{ "object zz\ntype blob\ntag t\ntagger T <t@x> 1 +0000\n\n", "error:badObjectSha1\n" },
		{ "type blob\ntag t\n\n", "error:missingObject\n" },
		{ "object " TREE_ID "\ntype blob\ntag t\ntagger T <t@x> 1 +0000\nx y\n\n", "" },
	};
	struct sgit_fsck_options o;
	size_t i;

	sgit_fsck_options_init(&o);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		check(&o, SGIT_OBJ_TAG, cases[i].body, strlen(cases[i].body));
		if (strcmp(seen, cases[i].want))
			fprintf(stderr, "\ntag case %zu: got '%s'\n", i, seen);
		CU_ASSERT_STRING_EQUAL(seen, cases[i].want);
	}
	sgit_fsck_options_release(&o);
}

static void test_every_msg_id_has_a_name_found_again_without_case(void)
{
	size_t i;
	char lower[64];

	for (i = 0; i < sgit_fsck_msg_count(); i++) {
		const char *name = sgit_fsck_msg_name(i);
		size_t k;

		CU_ASSERT_PTR_NOT_NULL_FATAL(name);
		for (k = 0; name[k] && k < sizeof(lower) - 1; k++)
			lower[k] = (char)(name[k] >= 'A' && name[k] <= 'Z' ? name[k] + 32 : name[k]);
		lower[k] = 0;
		CU_ASSERT_EQUAL(sgit_fsck_msg_lookup(lower), (int)i);
	}
}

static CU_TestInfo fsck_tests[] = {
	{ "each commit header flaw gets git's message id", test_commit_flaws_get_git_msg_ids },
	{ "a NUL in the headers is fatal, in the body only a warning",
	  test_a_nul_in_the_headers_is_fatal_and_in_the_body_a_warning },
	{ "each tree flaw gets git's message id", test_tree_flaws_get_git_msg_ids },
	{ "--strict refuses mode 100664", test_strict_makes_warnings_errors_and_refuses_100664 },
	{ "fsck.<msg-id> settings follow git's rules", test_severity_settings_follow_git_rules },
	{ "each tag flaw gets git's message id", test_tag_flaws_get_git_msg_ids },
	{ "every message id is found again by its lowercased name",
	  test_every_msg_id_has_a_name_found_again_without_case },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "fsck object checks", .pTests = fsck_tests },
	CU_SUITE_INFO_NULL,
};
