/* tests/unit/porcelain/branches/test_tag_create.c: tag objects as git writes them, tags and branches in a repository */
#include <stdio.h>
#include <string.h>
#include "unit.h"
#include "porcelain/branches/refinfo.h"
#include "sgit/branch.h"
#include "sgit/refs.h"
#include "sgit/repo.h"
#include "sgit/tag_create.h"

static const char *no_env(const char *name)
{
	return !strcmp(name, "GIT_CONFIG_NOSYSTEM") ? "1" : NULL;
}

/* ---- building tag objects ---- */

static void test_a_tag_is_built_byte_for_byte_as_git_builds_it(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf out = SGIT_BUF_INIT;
	struct sgit_oid target, id;
	char hex[SGIT_OID_HEXSZ + 1];

	sgit_oid_fromhex(&target, "0123456789abcdef0123456789abcdef01234567");
	CU_ASSERT_EQUAL(sgit_tag_build(&out, &target, SGIT_OBJ_COMMIT, "v1.0",
				       "C O Mitter <c@example.com> 1112912053 -0700", "Release\n", 8, &err), 0);
	CU_ASSERT_STRING_EQUAL(out.ptr, "object 0123456789abcdef0123456789abcdef01234567\ntype commit\n"
					"tag v1.0\ntagger C O Mitter <c@example.com> 1112912053 -0700\n\nRelease\n");
	/* the id git hash-object -t tag gives these bytes */
	sgit_object_hash(&id, SGIT_OBJ_TAG, out.ptr, out.len);
	CU_ASSERT_STRING_EQUAL(sgit_oid_tohex(hex, &id), "f76d3e659cd757cf6716eb16674e4dba37404919");
	CU_ASSERT_EQUAL(sgit_tag_build(&out, &target, SGIT_OBJ_TREE, "e", "A <a> 1 +0000", "", 0, &err), 0);
	CU_ASSERT(out.len > 2 && !strcmp(out.ptr + out.len - 2, "\n\n"));
	CU_ASSERT_EQUAL(sgit_tag_build(&out, &target, SGIT_OBJ_TREE, "a\nb", "A <a> 1 +0000", "", 0, &err),
			SGIT_EINVALID);
	CU_ASSERT_EQUAL(out.len, 0);
	sgit_buf_release(&out);
}

/* name, 1 when git takes it as a tag name */
static const struct {
	const char *name;
	int ok;
} tag_names[] = {
	{ "v1.0", 1 }, { "release/2024", 1 }, { "HEAD", 1 }, { "-x", 0 }, { "a..b", 0 }, { "a.lock", 0 },
	{ "a b", 0 }, { "a:b", 0 }, { "a~1", 0 }, { "x/", 0 }, { ".hidden", 0 }, { "a@{1}", 0 }, { "@", 1 },
	{ "", 0 },
};

static void test_tag_names_are_checked_as_refs_tags_names(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf ref = SGIT_BUF_INIT;
	size_t i;

	for (i = 0; i < sizeof(tag_names) / sizeof(tag_names[0]); i++) {
		int rc = sgit_tag_refname(&ref, tag_names[i].name, &err);

		CU_ASSERT_EQUAL(rc == 0, tag_names[i].ok);
		if ((rc == 0) != tag_names[i].ok)
			fprintf(stderr, "\ntag name '%s': %d\n", tag_names[i].name, rc);
	}
	CU_ASSERT_STRING_EQUAL(err.msg, "'' is not a valid tag name.");
	CU_ASSERT_EQUAL(sgit_branch_refname(&ref, "HEAD", &err), SGIT_EINVALID);
	CU_ASSERT_STRING_EQUAL(err.msg, "'HEAD' is not a valid branch name");
	CU_ASSERT_EQUAL(sgit_branch_refname(&ref, "topic", &err), 0);
	CU_ASSERT_STRING_EQUAL(ref.ptr, "refs/heads/topic");
	sgit_buf_release(&ref);
}

/* ---- the parts of a message ref listings show ---- */

/* object bytes, then the subject and the first three lines as tag -n3 prints them */
static const struct {
	const char *obj, *subject, *lines;
} parts[] = {
	{ "tree x\n\nsubject\n", "subject", "subject" },
	{ "tree x\n\none\ntwo\n\nbody\n", "one two", "one\n    two\n    " },
	{ "tree x\n\n\n\nlate start\n", "late start", "late start" },
	{ "tree x\n\ncrlf\r\nnext\r\n\r\nbody\r\n", "crlf next", "crlf\r\n    next\r\n    \r" },
	{ "tree x\n", "", "" },
	{ "tree x\n\n", "", "" },
	{ "object x\n\nmsg\n-----BEGIN PGP SIGNATURE-----\nsig\n-----END PGP SIGNATURE-----\n", "msg", "msg" },
	{ "object x\n\n-----BEGIN PGP SIGNATURE-----\nx\n", "", "" },
	{ "tree x\n\nno final newline", "no final newline", "no final newline" },
};

static void test_subjects_and_lines_are_cut_as_git_cuts_them(void)
{
	struct sgit_buf b = SGIT_BUF_INIT;
	struct sgit_msgpos pos;
	size_t i;

	for (i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
		sgit_refinfo_message_parts(&pos, parts[i].obj, strlen(parts[i].obj));
		sgit_buf_reset(&b);
		CU_ASSERT_EQUAL(sgit_refinfo_add_subject(&b, parts[i].obj, &pos), 0);
		CU_ASSERT_STRING_EQUAL(b.ptr, parts[i].subject);
		sgit_buf_reset(&b);
		CU_ASSERT_EQUAL(sgit_refinfo_add_lines(&b, parts[i].obj, &pos, 3), 0);
		CU_ASSERT_STRING_EQUAL(b.ptr, parts[i].lines);
	}
	sgit_buf_reset(&b);
	sgit_refinfo_add_first_line(&b, "tree x\n\n  \n\nfirst\nsecond\n", 25);
	CU_ASSERT_STRING_EQUAL(b.ptr, "first");
	sgit_buf_release(&b);
}

/* ---- in a repository ---- */

static struct sgit_repo *repo;
static struct sgit_oid commit1, commit2;

static int setup_repo(void)
{
	struct sgit_repo_options opts = SGIT_REPO_OPTIONS_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_oid tree;
	char buf[512], hex[SGIT_OID_HEXSZ + 1], hex2[SGIT_OID_HEXSZ + 1];
	int n;

	opts.getenv = no_env;
	opts.start_dir = unit_tmpdir();
	if (sgit_repo_init(&repo, NULL, "tags", NULL, &opts, &err) < 0 ||
	    sgit_odb_write(&tree, sgit_repo_odb(repo), SGIT_OBJ_TREE, "", 0) < 0)
		return 1;
	n = snprintf(buf, sizeof(buf), "tree %s\nauthor A <a@x> 1112911993 -0700\n"
		     "committer C <c@x> 1112912053 -0700\n\nfirst\n", sgit_oid_tohex(hex, &tree));
	if (sgit_odb_write(&commit1, sgit_repo_odb(repo), SGIT_OBJ_COMMIT, buf, (size_t)n) < 0)
		return 1;
	n = snprintf(buf, sizeof(buf), "tree %s\nparent %s\nauthor A <a@x> 1112911993 -0700\n"
		     "committer C <c@x> 1112912053 -0700\n\nsecond\n", sgit_oid_tohex(hex, &tree),
		     sgit_oid_tohex(hex2, &commit1));
	return sgit_odb_write(&commit2, sgit_repo_odb(repo), SGIT_OBJ_COMMIT, buf, (size_t)n) < 0;
}

static int teardown_repo(void)
{
	sgit_repo_free(repo);
	return 0;
}

static void test_tags_are_created_refused_and_deleted(void)
{
	struct sgit_tag_create_opts o = SGIT_TAG_CREATE_OPTS_INIT;
	struct sgit_tag_create_result res;
	struct sgit_oid id;
	struct sgit_buf msg = SGIT_BUF_INIT;

	o.name = "v1";
	o.target = &commit1;
	o.annotated = 1;
	o.message = "one\n";
	o.message_len = 4;
	o.committer = "C O Mitter <c@example.com> 1112912053 -0700";
	CU_ASSERT_EQUAL_FATAL(sgit_tag_create(&res, repo, &o), 0);
	CU_ASSERT(sgit_oid_is_zero(&res.prev));
	CU_ASSERT_EQUAL(res.target_type, SGIT_OBJ_COMMIT);
	CU_ASSERT_EQUAL(sgit_refdb_resolve(&id, NULL, sgit_repo_refdb(repo), "refs/tags/v1"), 0);
	CU_ASSERT(sgit_oid_equal(&id, &res.id));
	CU_ASSERT_EQUAL(sgit_tag_body(&msg, repo, &res.id), 0);
	CU_ASSERT_STRING_EQUAL(msg.ptr, "one\n");
	CU_ASSERT_EQUAL(sgit_tag_create(&res, repo, &o), SGIT_EEXISTS);
	CU_ASSERT_STRING_EQUAL(sgit_error_message(sgit_repo_error(repo)), "tag 'v1' already exists");
	o.force = 1;
	o.annotated = 0;
	o.target = &commit2;
	CU_ASSERT_EQUAL(sgit_tag_create(&res, repo, &o), 0);
	CU_ASSERT(sgit_oid_equal(&res.id, &commit2));
	CU_ASSERT_FALSE(sgit_oid_is_zero(&res.prev));
	CU_ASSERT_EQUAL(sgit_tag_reflog_message(&msg, repo, &commit1), 0);
	CU_ASSERT(!strncmp(msg.ptr, "tag: tagging ", 13) && strstr(msg.ptr, " (first, 2005-04-07)"));
	CU_ASSERT_EQUAL(sgit_tag_delete(&id, repo, "v1"), 0);
	CU_ASSERT(sgit_oid_equal(&id, &commit2));
	CU_ASSERT_EQUAL(sgit_tag_delete(&id, repo, "v1"), SGIT_ENOTFOUND);
	CU_ASSERT_STRING_EQUAL(sgit_error_message(sgit_repo_error(repo)), "tag 'v1' not found.");
	sgit_buf_release(&msg);
}

static void test_ancestry_and_ahead_behind_walk_the_parents(void)
{
	size_t ahead = 9, behind = 9;
	int is = -1;

	CU_ASSERT_EQUAL(sgit_refinfo_is_ancestor(&is, repo, &commit1, &commit2), 0);
	CU_ASSERT_EQUAL(is, 1);
	CU_ASSERT_EQUAL(sgit_refinfo_is_ancestor(&is, repo, &commit2, &commit1), 0);
	CU_ASSERT_EQUAL(is, 0);
	CU_ASSERT_EQUAL(sgit_refinfo_ahead_behind(&ahead, &behind, repo, &commit2, &commit1), 0);
	CU_ASSERT_EQUAL(ahead, 1);
	CU_ASSERT_EQUAL(behind, 0);
	CU_ASSERT_EQUAL(sgit_refinfo_ahead_behind(&ahead, &behind, repo, &commit1, &commit1), 0);
	CU_ASSERT_EQUAL(ahead + behind, 0);
}

static void test_branches_are_created_renamed_and_deleted(void)
{
	struct sgit_branch_create_opts o = SGIT_BRANCH_CREATE_OPTS_INIT;
	struct sgit_oid id;

	o.name = "topic";
	o.start = &commit1;
	o.start_name = "first";
	o.committer = "C O Mitter <c@example.com> 1112912053 -0700";
	CU_ASSERT_EQUAL(sgit_branch_create(NULL, repo, &o), 0);
	CU_ASSERT_EQUAL(sgit_branch_create(NULL, repo, &o), SGIT_EEXISTS);
	CU_ASSERT_STRING_EQUAL(sgit_error_message(sgit_repo_error(repo)),
			       "a branch named 'topic' already exists");
	CU_ASSERT_EQUAL(sgit_branch_rename(repo, "topic", "moved", 0, o.committer), 0);
	CU_ASSERT_EQUAL(sgit_refdb_resolve(&id, NULL, sgit_repo_refdb(repo), "refs/heads/moved"), 0);
	CU_ASSERT(sgit_oid_equal(&id, &commit1));
	CU_ASSERT_EQUAL(sgit_branch_rename(repo, "topic", "x", 0, o.committer), SGIT_ENOTFOUND);
	CU_ASSERT_EQUAL(sgit_branch_delete(repo, "refs/heads/moved", &commit2), SGIT_ECONFLICT);
	CU_ASSERT_EQUAL(sgit_branch_delete(repo, "refs/heads/moved", &commit1), 0);
	CU_ASSERT_EQUAL(sgit_refdb_resolve(&id, NULL, sgit_repo_refdb(repo), "refs/heads/moved"),
			SGIT_ENOTFOUND);
}

CU_TestInfo tag_build_tests[] = {
	{ "a tag is built byte for byte as git builds it", test_a_tag_is_built_byte_for_byte_as_git_builds_it },
	{ "tag names are checked as refs/tags/ names", test_tag_names_are_checked_as_refs_tags_names },
	{ "subjects and lines are cut as git cuts them", test_subjects_and_lines_are_cut_as_git_cuts_them },
	CU_TEST_INFO_NULL,
};

CU_TestInfo tag_repo_tests[] = {
	{ "tags are created, refused and deleted", test_tags_are_created_refused_and_deleted },
	{ "ancestry and ahead/behind walk the parents", test_ancestry_and_ahead_behind_walk_the_parents },
	{ "branches are created, renamed and deleted", test_branches_are_created_renamed_and_deleted },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "tag objects", .pTests = tag_build_tests },
	{ .pName = "tags and branches in a repository", .pInitFunc = setup_repo,
	  .pCleanupFunc = teardown_repo, .pTests = tag_repo_tests },
	CU_SUITE_INFO_NULL,
};
