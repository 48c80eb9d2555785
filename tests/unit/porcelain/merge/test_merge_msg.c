/* tests/unit/porcelain/merge/test_merge_msg.c: merge messages as git fmt-merge-msg writes them */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "unit.h"
#include "sgit/merge_msg.h"
#include "sgit/repo.h"

/*
 * "m": main (one, three), branches a and b from one (one commit each, b's by
 * another author), "signed" a tag of a with a signature block (its shape
 * only), "plain" an annotated tag of b, "gone" a tag of a commit main has.
 */
static int fixture(void)
{
	static int done, ok;

	if (done)
		return ok;
	done = 1;
	ok = unit_sh("git init -q -b main m && cd m && echo 1 >f && git add f && git commit -qm one && "
		     "git tag -a -m old gone && "
		     "git checkout -qb a && echo a >a && git add a && git commit -qm 'add a' && "
		     "printf 'object %%s\\ntype commit\\ntag signed\\ntagger T <t@x> 1 +0000\\n\\nwhy to pull\\n\\n"
		     "tree looks like a header\\n-----BEGIN PGP SIGNATURE-----\\n\\nd2VsbA==\\n-----END PGP SIGNATURE-----\\n' "
		     "$(git rev-parse HEAD) >t && git update-ref refs/tags/signed $(git mktag <t) && rm t && "
		     "git checkout -q -b b main && echo b >b && git add b && "
		     "GIT_AUTHOR_NAME=Other git commit -qm '  add b' && git tag -a -m 'plain tag' plain && "
		     "git checkout -q main && echo 3 >f && git commit -qam three") == 0;
	return ok;
}

static char hexes[6][SGIT_OID_HEXSZ + 1];

static const char *hex_of(int i, const char *rev)
{
	char cmd[256];
	FILE *f;

	snprintf(cmd, sizeof(cmd), "cd '%s/m' && git rev-parse '%s'", unit_tmpdir(), rev);
	if (!(f = popen(cmd, "r")))
		return "";
	if (!fgets(hexes[i], sizeof(hexes[i]), f))
		hexes[i][0] = '\0';
	pclose(f);
	return hexes[i];
}

/* The message for input lines built from a format with %s standing for the ids of revs. */
static int format(struct sgit_buf *out, const char *fmt, const char *r1, const char *r2,
		  struct sgit_merge_msg_options *mo)
{
	struct sgit_repo *repo = unit_open_repo("m");
	struct sgit_gpg_config gpg = SGIT_GPG_CONFIG_INIT;
	struct sgit_buf in = SGIT_BUF_INIT;
	int rc;

	if (!repo)
		return -1;
	/* a verifier that prints nothing: the comments then hold the signature block alone */
	gpg.openpgp_program = "true";
	mo->gpg = &gpg;
	sgit_buf_printf(&in, fmt, r1 ? hex_of(0, r1) : "", r2 ? hex_of(1, r2) : "");
	rc = sgit_merge_msg_add(out, NULL, repo, in.ptr, in.len, mo);
	if (rc < 0)
		fprintf(stderr, "%s\n", sgit_error_message(sgit_repo_error(repo)));
	sgit_buf_release(&in);
	sgit_repo_free(repo);
	return rc;
}

static const struct {
	const char *what;
	const char *fmt;
	const char *r1, *r2;
	int log;
	const char *into;
	const char *want;
} cases[] = {
	{ "one branch of this repository", "%s\t\tbranch 'a' of .\n", "a", NULL, 0, NULL,
	  "Merge branch 'a'\n" },
	{ "two branches are joined with 'and'", "%s\t\tbranch 'a' of .\n%s\t\tbranch 'b' of .\n", "a", "b", 0, NULL,
	  "Merge branches 'a' and 'b'\n" },
	{ "a branch of a remote, into a named branch", "%s\t\tbranch 'main' of git://h/r\n", "a", NULL, 0, "dev",
	  "Merge branch 'main' of git://h/r into dev\n" },
	{ "not-for-merge lines are left out", "%s\tnot-for-merge\tbranch 'x' of .\n%s\t\tcommit 'b'\n", "a", "b", 0,
	  NULL, "Merge commit 'b'\n" },
	{ "a head main already has is left out", "%s\t\ttag 'gone' of .\n", "gone", NULL, 0, NULL, "" },
	{ "an unsigned tag gives its message without comments", "%s\t\ttag 'plain' of .\n", "plain", NULL, 0, NULL,
	  "Merge tag 'plain'\n\nplain tag\n" },
	{ "a signed tag gives its body, then the signature as comments", "%s\t\ttag 'signed' of .\n", "signed", NULL,
	  0, NULL,
	  "Merge tag 'signed'\n\nwhy to pull\n\ntree looks like a header\n\n"
	  "# -----BEGIN PGP SIGNATURE-----\n#\n# d2VsbA==\n# -----END PGP SIGNATURE-----\n" },
	{ "two tags each get a name line", "%s\t\ttag 'signed' of .\n%s\t\ttag 'plain' of .\n", "signed", "plain", 0,
	  NULL,
	  "Merge tags 'signed' and 'plain'\n\n\n# tag 'signed'\nwhy to pull\n\ntree looks like a header\n\n"
	  "# -----BEGIN PGP SIGNATURE-----\n#\n# d2VsbA==\n# -----END PGP SIGNATURE-----\n\n# tag 'plain'\n"
	  "plain tag\n" },
	{ "--log lists the subjects and credits the other author", "%s\t\tbranch 'b' of .\n", "b", NULL, 20, NULL,
	  "Merge branch 'b'\n\n# By Other\n* b:\n  add b\n" },
	{ "--log=1 with a single commit lists it", "%s\t\tbranch 'a' of .\n", "a", NULL, 1, NULL,
	  "Merge branch 'a'\n\n* a:\n  add a\n" },
};

static void test_message_table(void)
{
	size_t i;

	CU_ASSERT_FATAL(fixture());
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct sgit_merge_msg_options mo = SGIT_MERGE_MSG_OPTIONS_INIT;
		struct sgit_buf out = SGIT_BUF_INIT;

		mo.shortlog_len = cases[i].log;
		mo.credit_people = 1;
		mo.author_ident = "A <a@x>";
		mo.committer_ident = "C <c@x>";
		mo.into_name = cases[i].into;
		CU_ASSERT_EQUAL(format(&out, cases[i].fmt, cases[i].r1, cases[i].r2, &mo), 0);
		CU_ASSERT_STRING_EQUAL(out.ptr, cases[i].want);
		if (strcmp(out.ptr, cases[i].want))
			fprintf(stderr, "case: %s\n got: [%s]\n", cases[i].what, out.ptr);
		sgit_buf_release(&out);
	}
}

static void test_bad_line(void)
{
	struct sgit_merge_msg_options mo = SGIT_MERGE_MSG_OPTIONS_INIT;
	struct sgit_repo *repo;
	struct sgit_buf out = SGIT_BUF_INIT;

	CU_ASSERT_FATAL(fixture());
	repo = unit_open_repo("m");
	CU_ASSERT_PTR_NOT_NULL_FATAL(repo);
	sgit_buf_sets(&out, "kept");
	CU_ASSERT_EQUAL(sgit_merge_msg_add(&out, NULL, repo, "zz\n", 3, &mo), SGIT_EINVALID);
	CU_ASSERT_STRING_EQUAL(sgit_error_message(sgit_repo_error(repo)), "error in line 1: zz");
	CU_ASSERT_STRING_EQUAL(out.ptr, "kept");
	sgit_buf_release(&out);
	sgit_repo_free(repo);
}

/* How merge describes what it is given, for the lines above. */
static void test_head_lines(void)
{
	static const struct {
		const char *name, *rev, *fmt;
	} lines[] = {
		{ "a", "a", "%s\t\tbranch 'a' of .\n" },
		{ "signed", "signed", "%s\t\ttag 'signed' of .\n" },
		{ "a^", "a^", "%s\t\tbranch 'a' (early part) of .\n" },
		{ "b~0", "b", "%s\t\tbranch 'b' of .\n" },
		{ "main~1", "main~1", "%s\t\tbranch 'main' (early part) of .\n" },
		{ "HEAD~1", "HEAD~1", "%s\t\tcommit 'HEAD~1'\n" },
	};
	struct sgit_repo *repo;
	size_t i;

	CU_ASSERT_FATAL(fixture());
	repo = unit_open_repo("m");
	CU_ASSERT_PTR_NOT_NULL_FATAL(repo);
	for (i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
		struct sgit_merge_head h;
		struct sgit_buf out = SGIT_BUF_INIT, want = SGIT_BUF_INIT;

		CU_ASSERT_EQUAL_FATAL(sgit_merge_head_resolve(&h, repo, lines[i].name), 0);
		CU_ASSERT_EQUAL(sgit_merge_msg_add_head_line(&out, repo, &h), 0);
		sgit_buf_printf(&want, lines[i].fmt, hex_of(2, lines[i].rev));
		CU_ASSERT_STRING_EQUAL(out.ptr, want.ptr);
		free(h.name);
		sgit_buf_release(&out);
		sgit_buf_release(&want);
	}
	sgit_repo_free(repo);
}

static void test_config(void)
{
	struct sgit_merge_msg_config c = SGIT_MERGE_MSG_CONFIG_INIT;
	struct sgit_config *cfg = NULL;
	struct sgit_error err = SGIT_ERROR_INIT;
	static const char text[] = "[merge]\n\tlog = true\n\tsummary = 3\n\tsuppressDest = x\n"
				   "\tsuppressDest =\n\tsuppressDest = dev*\n\tbranchdesc\n";
	static const char bad[] = "[merge]\n\tlog = -1\n";

	CU_ASSERT_EQUAL_FATAL(sgit_config_new(&cfg), 0);
	CU_ASSERT_EQUAL(sgit_config_add_buffer(cfg, text, strlen(text), "t", SGIT_CONFIG_SCOPE_LOCAL, &err), 0);
	CU_ASSERT_EQUAL(sgit_merge_msg_config_load(&c, cfg, &err), 0);
	CU_ASSERT_EQUAL(c.log, 3);
	CU_ASSERT_EQUAL(c.branch_desc, 1);
	CU_ASSERT_EQUAL(c.suppress_dest_set, 1);
	CU_ASSERT_EQUAL_FATAL(c.nsuppress_dest, 1);
	CU_ASSERT_STRING_EQUAL(c.suppress_dest[0], "dev*");
	sgit_merge_msg_config_release(&c);
	sgit_config_free(cfg);
	CU_ASSERT_EQUAL_FATAL(sgit_config_new(&cfg), 0);
	CU_ASSERT_EQUAL(sgit_config_add_buffer(cfg, bad, strlen(bad), "t", SGIT_CONFIG_SCOPE_LOCAL, &err), 0);
	CU_ASSERT_EQUAL(sgit_merge_msg_config_load(&c, cfg, &err), SGIT_ECONFIG);
	CU_ASSERT_STRING_EQUAL(sgit_error_message(&err), "merge.log: negative length -1");
	sgit_config_free(cfg);
}

static CU_TestInfo merge_msg_tests[] = {
	{ "messages are built as git fmt-merge-msg builds them", test_message_table },
	{ "a malformed line is refused and the output left alone", test_bad_line },
	{ "merge describes branches, tags and ancestors as git does", test_head_lines },
	{ "merge.log, merge.suppressDest and merge.branchdesc are read in order", test_config },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "merge_msg", .pTests = merge_msg_tests },
	CU_SUITE_INFO_NULL,
};
