/*
 * tests/unit/porcelain/sign/test_pretty_signature.c: the %G placeholders, checked
 * lazily and once per entry, against a stand-in gpg that prints recorded
 * status lines and counts its runs
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "unit.h"
#include "sgit/commit.h"
#include "sgit/pretty.h"
#include "sgit/pretty_signature.h"
#include "sgit/repo.h"

#define HEAD "tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\nauthor A <a@x> 1 +0000\ncommitter C <c@x> 1 +0000\n"
#define SIG_HDR "gpgsig -----BEGIN PGP SIGNATURE-----\n \n AAAA\n -----END PGP SIGNATURE-----\n"
#define FPR "FB617C09747EE3F11BD8A9BA606DB3FA104CB67F"
#define PRIMARY "A94C5CC4656758415ADCF3DD63E4DD899FA5FCB6"

static struct sgit_repo *repo;
static char fake_gpg[4096], runs_file[4096];

/*
 * A gpg that reads the payload, says what gpg says on stderr and the status
 * lines of a good signature on stdout (as a subkey of another primary key,
 * trust marginal), and adds a line to runs_file each time.
 */
static int suite_init(void)
{
	FILE *f;

	snprintf(fake_gpg, sizeof(fake_gpg), "%s/fake-gpg", unit_tmpdir());
	snprintf(runs_file, sizeof(runs_file), "%s/runs", unit_tmpdir());
	if (!(f = fopen(fake_gpg, "w")))
		return 1;
	fprintf(f, "#!/bin/sh\necho run >>'%s'\ncat >/dev/null\n"
		"echo 'gpg: Good signature from \"S <s@x>\" [marginal]' >&2\n"
		"printf '[GNUPG:] NEWSIG\\n[GNUPG:] GOODSIG 606DB3FA104CB67F S <s@x>\\n"
		"[GNUPG:] VALIDSIG %s 2020-01-01 1577836800 0 4 0 22 8 00 %s\\n"
		"[GNUPG:] TRUST_MARGINAL 0 pgp\\n'\n", runs_file, FPR, PRIMARY);
	if (fclose(f) != 0 || unit_sh("chmod +x fake-gpg && git init -q r") != 0)
		return 1;
	return (repo = unit_open_repo("r")) ? 0 : 1;
}

static int suite_cleanup(void)
{
	sgit_repo_free(repo);
	return 0;
}

static int count_runs(void)
{
	FILE *f = fopen(runs_file, "r");
	int n = 0, ch;

	if (!f)
		return 0;
	while ((ch = fgetc(f)) != EOF)
		n += ch == '\n';
	fclose(f);
	remove(runs_file);
	return n;
}

/* What the caller of the placeholders gets on stderr. */
static void collect(const char *text, size_t len, void *data)
{
	sgit_buf_add(data, text, len);
}

/* Format the commit (len bytes of raw) with format; rc of the formatter. */
static int format(struct sgit_buf *out, struct sgit_pretty_signature *sig, const char *raw, size_t len,
		  const char *fmt)
{
	struct sgit_pretty_options opts = SGIT_PRETTY_OPTIONS_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_commit *c = NULL;
	struct sgit_oid id;
	int rc;

	if ((rc = sgit_commit_parse(&c, raw, len, &err)) < 0)
		return rc;
	memset(&id, 0, sizeof(id));
	CU_ASSERT_EQUAL(sgit_pretty_parse(&opts, fmt, NULL, &err), 0);
	sgit_pretty_signature_attach(&opts, sig);
	rc = sgit_pretty_format_message(out, repo, &id, c, &opts, &err);
	sgit_commit_free(c);
	return rc;
}

static const char signed_commit[] = HEAD SIG_HDR "\nmsg\n";
static const char unsigned_commit[] = HEAD "\nmsg\n";

static void test_one_run_per_entry(void)
{
	struct sgit_pretty_signature sig = SGIT_PRETTY_SIGNATURE_INIT;
	struct sgit_buf out = SGIT_BUF_INIT;

	sig.gpg.openpgp_program = fake_gpg;
	count_runs();
	CU_ASSERT_EQUAL(format(&out, &sig, signed_commit, sizeof(signed_commit) - 1,
			       "%G?|%GS|%GK|%GF|%GP|%GT|%G?|%GG"), 0);
	CU_ASSERT_STRING_EQUAL(out.ptr, "G|S <s@x>|606DB3FA104CB67F|" FPR "|" PRIMARY "|marginal|G|"
			       "gpg: Good signature from \"S <s@x>\" [marginal]\n");
	CU_ASSERT_EQUAL(sig.checks, 1);
	CU_ASSERT_EQUAL(count_runs(), 1);
	/* the next entry checks again: the verdict belongs to one entry */
	CU_ASSERT_EQUAL(format(&out, &sig, signed_commit, sizeof(signed_commit) - 1, "%G?"), 0);
	CU_ASSERT_EQUAL(sig.checks, 2);
	CU_ASSERT_EQUAL(count_runs(), 1);
	sgit_buf_release(&out);
}

static void test_no_run_without_need(void)
{
	struct sgit_pretty_signature sig = SGIT_PRETTY_SIGNATURE_INIT;
	struct sgit_buf out = SGIT_BUF_INIT;

	sig.gpg.openpgp_program = fake_gpg;
	count_runs();
	CU_ASSERT_EQUAL(format(&out, &sig, signed_commit, sizeof(signed_commit) - 1, "%s %%G? %x47"), 0);
	CU_ASSERT_STRING_EQUAL(out.ptr, "msg %G? G");
	CU_ASSERT_EQUAL(format(&out, &sig, unsigned_commit, sizeof(unsigned_commit) - 1,
			       "%G?|%GS|%GK|%GF|%GP|%GT|%GG"), 0);
	/* git's zeroed verdict of an unsigned commit: N, trust undefined */
	CU_ASSERT_STRING_EQUAL(out.ptr, "N|||||undefined|");
	CU_ASSERT_EQUAL(sig.checks, 0);
	CU_ASSERT_EQUAL(count_runs(), 0);
	sgit_buf_release(&out);
}

static void test_unknown_letter(void)
{
	struct sgit_pretty_signature sig = SGIT_PRETTY_SIGNATURE_INIT;
	struct sgit_buf out = SGIT_BUF_INIT;

	sig.gpg.openpgp_program = fake_gpg;
	count_runs();
	CU_ASSERT_EQUAL(format(&out, &sig, signed_commit, sizeof(signed_commit) - 1, "%Gx|%G|%G?"), 0);
	CU_ASSERT_STRING_EQUAL(out.ptr, "%Gx|%G|G");
	CU_ASSERT_EQUAL(count_runs(), 1);
	sgit_buf_release(&out);
}

/* git's two wordings of a gpg that does not start; the entry goes on with N */
static void test_gpg_missing(void)
{
	static const struct { const char *program, *line; } cases[] = {
		{ "/nonexistent/gpg", "fatal: cannot run /nonexistent/gpg: No such file or directory\n" },
		{ "nonexistent-gpg-program", "error: cannot run nonexistent-gpg-program: No such file or directory\n" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct sgit_pretty_signature sig = SGIT_PRETTY_SIGNATURE_INIT;
		struct sgit_buf out = SGIT_BUF_INIT, diag = SGIT_BUF_INIT;

		sig.gpg.openpgp_program = cases[i].program;
		sig.diag = collect;
		sig.diag_data = &diag;
		CU_ASSERT_EQUAL(format(&out, &sig, signed_commit, sizeof(signed_commit) - 1, "%G?[%GS][%GG]%G?"), 0);
		CU_ASSERT_STRING_EQUAL(out.ptr, "N[][]N");
		CU_ASSERT_STRING_EQUAL(diag.ptr, cases[i].line);
		CU_ASSERT_EQUAL(sig.checks, 1);
		sgit_buf_release(&out);
		sgit_buf_release(&diag);
	}
}

static void test_bad_format_fails(void)
{
	struct sgit_pretty_signature sig = SGIT_PRETTY_SIGNATURE_INIT;
	struct sgit_buf out = SGIT_BUF_INIT;
	static const char commit[] = HEAD "gpgsig garbage\n\nmsg\n";

	sig.gpg.openpgp_program = fake_gpg;
	count_runs();
	CU_ASSERT_EQUAL(format(&out, &sig, commit, sizeof(commit) - 1, "%H %G?"), SGIT_EINVALID);
	CU_ASSERT_EQUAL(out.len, 0);
	CU_ASSERT_EQUAL(count_runs(), 0);
	sgit_buf_release(&out);
}

static CU_TestInfo tests[] = {
	{ "every %G placeholder of an entry shares one gpg run", test_one_run_per_entry },
	{ "gpg does not run without a %G placeholder or for an unsigned commit", test_no_run_without_need },
	{ "a %G with another letter stays literal but is checked, as git does", test_unknown_letter },
	{ "a gpg that cannot start gives N and git's stderr line", test_gpg_missing },
	{ "a signature of no known format fails the entry", test_bad_format_fails },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "pretty signature", .pInitFunc = suite_init, .pCleanupFunc = suite_cleanup, .pTests = tests },
	CU_SUITE_INFO_NULL,
};
