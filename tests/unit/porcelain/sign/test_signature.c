/* tests/unit/porcelain/sign/test_signature.c: what a commit or tag signature covers; checks and --show-signature blocks, git as the oracle */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "unit.h"
#include "sgit/commit.h"
#include "sgit/odb.h"
#include "sgit/repo.h"
#include "sgit/signature.h"
#include "util/fs.h"

/* ---- splitting, pure ---- */

#define HEAD "tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\nauthor A <a@x> 1 +0000\ncommitter C <c@x> 1 +0000\n"
#define SIG "-----BEGIN PGP SIGNATURE-----\n\nAAAA\n-----END PGP SIGNATURE-----\n"
#define SIG_HDR "gpgsig -----BEGIN PGP SIGNATURE-----\n \n AAAA\n -----END PGP SIGNATURE-----\n"

struct split_case {
	const char *name;
	const char *in;
	size_t len;			/* 0: strlen(in) */
	int want_rc;
	const char *want_payload;
	size_t payload_len;		/* 0: strlen */
	const char *want_sig;
};

static const struct split_case commit_cases[] = {
	{ "unsigned", HEAD "\nmsg\n", 0, 0, HEAD "\nmsg\n", 0, "" },
	{ "signed", HEAD SIG_HDR "\nmsg\n", 0, 1, HEAD "\nmsg\n", 0, SIG },
	{ "the other hash's signature is left out of the payload",
	  HEAD "gpgsig-sha256 x\n y\n" SIG_HDR "\nmsg\n", 0, 1, HEAD "\nmsg\n", 0, SIG },
	{ "two gpgsig headers are one signature", HEAD "gpgsig a\n b\ngpgsig c\n\nm\n", 0, 1, HEAD "\nm\n", 0,
	  "a\nb\nc\n" },
	{ "a look-alike in the message stays", HEAD SIG_HDR "\ngpgsig x\n y\n", 0, 1, HEAD "\ngpgsig x\n y\n", 0,
	  SIG },
	{ "a NUL byte after the message is payload", HEAD SIG_HDR "\nmsg\n\0Qwik\n", sizeof(HEAD SIG_HDR "\nmsg\n\0Qwik\n") - 1,
	  1, HEAD "\nmsg\n\0Qwik\n", sizeof(HEAD "\nmsg\n\0Qwik\n") - 1, SIG },
	{ "other gpgsig-like headers go nowhere", HEAD "gpgsigx 1\n 2\nencoding x\n\nm\n", 0, 0,
	  HEAD "encoding x\n\nm\n", 0, "" },
	{ "a header after the signature is payload", HEAD "gpgsig a\nmergetag b\n c\n\nm\n", 0, 1,
	  HEAD "mergetag b\n c\n\nm\n", 0, "a\n" },
	{ "no empty line, no final LF", HEAD "gpgsig a", 0, 1, HEAD, 0, "a" },
};

#define TAG_HEAD "object 4b825dc642cb6eb9a060e54bf8d69288fbee4904\ntype tree\ntag t\ntagger C <c@x> 1 +0000\n"

static const struct split_case tag_cases[] = {
	{ "unsigned", TAG_HEAD "\nmsg\n", 0, 0, TAG_HEAD "\nmsg\n", 0, "" },
	{ "signed", TAG_HEAD "\nmsg\n" SIG, 0, 1, TAG_HEAD "\nmsg\n", 0, SIG },
	{ "the last block starts the signature", TAG_HEAD "\n" SIG "x\n" SIG, 0, 1, TAG_HEAD "\n" SIG "x\n", 0, SIG },
	{ "a block not at a line start is text", TAG_HEAD "\nsee -----BEGIN PGP SIGNATURE-----\n", 0, 0,
	  TAG_HEAD "\nsee -----BEGIN PGP SIGNATURE-----\n", 0, "" },
	{ "gpgsig headers are cut from the payload",
	  TAG_HEAD "gpgsig-sha256 a\n b\n\nmsg\n" SIG, 0, 1, TAG_HEAD "\nmsg\n", 0, SIG },
	{ "gpgsig lines in the message stay", TAG_HEAD "\ngpgsig a\n" SIG, 0, 1, TAG_HEAD "\ngpgsig a\n", 0, SIG },
	{ "a truncated block is still the signature", TAG_HEAD "\nm\n-----BEGIN PGP SIGNATURE-----\nAA", 0, 1,
	  TAG_HEAD "\nm\n", 0, "-----BEGIN PGP SIGNATURE-----\nAA" },
};

typedef int (*split_fn)(struct sgit_buf *, struct sgit_buf *, const char *, size_t);

static void run_split_cases(const struct split_case *cases, size_t n, split_fn split)
{
	struct sgit_buf payload = SGIT_BUF_INIT, sig = SGIT_BUF_INIT;
	size_t i;

	for (i = 0; i < n; i++) {
		const struct split_case *c = &cases[i];
		size_t len = c->len ? c->len : strlen(c->in);
		size_t plen = c->payload_len ? c->payload_len : strlen(c->want_payload);
		int rc = split(&payload, &sig, c->in, len);

		if (rc != c->want_rc || payload.len != plen || memcmp(payload.ptr, c->want_payload, plen) ||
		    strcmp(sig.ptr, c->want_sig))
			fprintf(stderr, "\n  case '%s': rc %d payload [%s] sig [%s]\n", c->name, rc, payload.ptr,
				sig.ptr);
		CU_ASSERT_EQUAL(rc, c->want_rc);
		CU_ASSERT_EQUAL(payload.len, plen);
		CU_ASSERT(payload.len == plen && !memcmp(payload.ptr, c->want_payload, plen));
		CU_ASSERT_STRING_EQUAL(sig.ptr, c->want_sig);
		/* either output may be left out */
		CU_ASSERT_EQUAL(split(NULL, NULL, c->in, len), c->want_rc);
	}
	sgit_buf_release(&payload);
	sgit_buf_release(&sig);
}

static void test_split_commit(void)
{
	run_split_cases(commit_cases, sizeof(commit_cases) / sizeof(commit_cases[0]), sgit_signature_split_commit);
}

static void test_split_tag(void)
{
	run_split_cases(tag_cases, sizeof(tag_cases) / sizeof(tag_cases[0]), sgit_signature_split_tag);
}

/* An unsigned object is N without gpg: a program that cannot run is never asked. */
static void test_unsigned_runs_no_gpg(void)
{
	struct sgit_gpg_config cfg = SGIT_GPG_CONFIG_INIT;
	struct sgit_sigcheck c = SGIT_SIGCHECK_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	static const char commit[] = HEAD "\nmsg\n", tag[] = TAG_HEAD "\nmsg\n";

	cfg.openpgp_program = "/nonexistent/gpg";
	CU_ASSERT_EQUAL(sgit_signature_check_commit(&c, NULL, &cfg, commit, sizeof(commit) - 1, &err), 0);
	CU_ASSERT_EQUAL(c.result, 'N');
	CU_ASSERT_EQUAL(sgit_signature_check_tag(&c, NULL, &cfg, tag, sizeof(tag) - 1, &err), 0);
	CU_ASSERT_EQUAL(c.result, 'N');
	/* and a signed one asks it: git's message for a program that does not start */
	CU_ASSERT_EQUAL(sgit_signature_check_commit(&c, NULL, &cfg, HEAD SIG_HDR "\nm\n",
						    sizeof(HEAD SIG_HDR "\nm\n") - 1, &err), SGIT_EGPG);
	CU_ASSERT_STRING_EQUAL(err.msg, "cannot run /nonexistent/gpg: No such file or directory");
	CU_ASSERT_EQUAL(c.result, 'N');
	sgit_sigcheck_release(&c);
}

/* A signature of no known format is refused before gpg runs, with git's words. */
static void test_bad_format(void)
{
	struct sgit_gpg_config cfg = SGIT_GPG_CONFIG_INIT;
	struct sgit_sigcheck c = SGIT_SIGCHECK_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	static const char commit[] = HEAD "gpgsig garbage\n more\n\nm\n";

	cfg.openpgp_program = "/nonexistent/gpg";
	CU_ASSERT_EQUAL(sgit_signature_check_commit(&c, NULL, &cfg, commit, sizeof(commit) - 1, &err),
			SGIT_EINVALID);
	CU_ASSERT_STRING_EQUAL(err.msg, "bad/incompatible signature 'garbage\nmore\n'");
	sgit_sigcheck_release(&c);
}

static CU_TestInfo split_tests[] = {
	{ "a commit splits into payload and gpgsig as git splits it", test_split_commit },
	{ "a tag splits at its last signature block, minus gpgsig headers", test_split_tag },
	{ "an unsigned commit or tag is N and gpg is not run", test_unsigned_runs_no_gpg },
	{ "a signature of unknown format is refused with git's message", test_bad_format },
	CU_TEST_INFO_NULL,
};

/* ---- checking with gpg, git as the oracle ---- */

static struct {
	struct sgit_buf home, log, env_home;
	const char *env[2];
	struct sgit_gpg_config cfg;
	struct sgit_repo *repo;
	int ready;
} fx = { SGIT_BUF_INIT, SGIT_BUF_INIT, SGIT_BUF_INIT, { NULL, NULL }, SGIT_GPG_CONFIG_INIT, NULL, 0 };

/* A shell command in unit_tmpdir() with the suite's GNUPGHOME; 0 on success. */
#define shell(...) unit_gpg_sh(fx.home.ptr, fx.log.ptr, __VA_ARGS__)

/*
 * The history: signed, unsigned and forged commits; merges of a signed
 * and of an unsigned tag; an octopus of two tags; hand-made commits whose
 * mergetag names the first parent, no parent, is malformed, has an unknown
 * type, or has no signature.
 */
static const char history[] =
	"git init -q r && cd r && echo 1 >f && git add f && git commit -q -S -m one && "
	"git rev-parse HEAD >../signed && git commit -q --allow-empty -m unsigned && git rev-parse HEAD >../unsigned && "
	"git cat-file commit HEAD~1 | sed s/one/forged/ | git hash-object -w -t commit --stdin >../forged && "
	"git checkout -q -b side HEAD~1 && echo 2 >g && git add g && git commit -q -m two && "
	"git tag -s -m 'signed side' v1 && git tag -a -m 'plain side' v2 && "
	"git checkout -q -b side2 HEAD~1 && echo 3 >k && git add k && git commit -q -m three && "
	"git tag -s -m 'signed three' v3 && git checkout -q master && "
	"git merge -q --no-ff -m m1 v1 && git rev-parse HEAD >../merge1 && git reset -q --hard HEAD~1 && "
	"git merge -q --no-ff -m m2 v2 && git rev-parse HEAD >../merge2 && git reset -q --hard HEAD~1 && "
	"git merge -q --no-ff -m octo v1 v3 && git rev-parse HEAD >../octo && "
	"mk() { { printf 'tree %s\\nparent %s\\nauthor A U Thor <author@example.com> 1112911993 -0700\\n"
	"committer C O Mitter <committer@example.com> 1112912053 -0700\\nmergetag ' $(git rev-parse HEAD^{tree}) $1; "
	"printf '%s' \"$2\" | sed '1!s/^/ /'; printf '\\nhand-made\\n'; } | git hash-object -w -t commit --stdin; } && "
	"mk $(git rev-parse v3^{}) \"$(git cat-file tag v3)\" >../parent1 && "
	"mk $(git rev-parse HEAD) \"$(git cat-file tag v3)\" >../nonparent && "
	"mk $(git rev-parse HEAD) garbage >../malformed && "
	"mk $(git rev-parse v2^{}) \"$(git cat-file tag v2)\" >../plaintag && "
	"mk $(git rev-parse HEAD) \"$(printf 'object %s\\ntype blubb\\ntag x\\n' $(git rev-parse HEAD))\" >../badtype && "
	"for c in signed unsigned forged merge1 merge2 octo parent1 nonparent malformed badtype plaintag; do "
	"git show -s --show-signature --format= $(cat ../$c) >../$c.shown 2>../$c.err || exit 1; done";

static int sig_suite_init(void)
{
	const char *t = unit_tmpdir();

	sgit_buf_printf(&fx.home, "%s/gnupg", t);
	sgit_buf_printf(&fx.log, "%s/shell.log", t);
	sgit_buf_printf(&fx.env_home, "GNUPGHOME=%s", fx.home.ptr);
	fx.env[0] = fx.env_home.ptr;
	fx.cfg.env = fx.env;
	fx.cfg.tmpdir = t;
	if (mkdir(fx.home.ptr, 0700) < 0)
		return 1;
	if (unit_gpg_import(fx.home.ptr, fx.log.ptr) != 0 || shell("%s", history) != 0) {
		fprintf(stderr, "\ncannot make the signed history (see %s)\n", fx.log.ptr);
		return 1;
	}
	fx.repo = unit_open_repo("r");
	return fx.repo ? 0 : 1;
}

static int sig_suite_cleanup(void)
{
	shell("gpgconf --homedir '%s' --kill gpg-agent", fx.home.ptr);
	sgit_repo_free(fx.repo);
	sgit_buf_release(&fx.home);
	sgit_buf_release(&fx.log);
	sgit_buf_release(&fx.env_home);
	return 0;
}

/* Read unit_tmpdir()/<name><suffix> into out. */
static int read_result(struct sgit_buf *out, const char *name, const char *suffix)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	int rc;

	sgit_buf_printf(&path, "%s/%s%s", unit_tmpdir(), name, suffix);
	rc = sgit_fs_read_file(out, path.ptr, NULL);
	sgit_buf_release(&path);
	return rc;
}

/* The object named by the id git wrote to unit_tmpdir()/<name>. */
static int read_named(struct sgit_buf *data, const char *name)
{
	struct sgit_buf hex = SGIT_BUF_INIT;
	enum sgit_object_type type;
	struct sgit_oid id;
	int rc = read_result(&hex, name, "");

	if (rc == 0 && (rc = sgit_oid_fromhexn(&id, hex.ptr, hex.len)) == 0)
		rc = sgit_odb_read(data, &type, sgit_repo_odb(fx.repo), &id);
	sgit_buf_release(&hex);
	return rc;
}

static int collect(const struct sgit_sigblock *b, void *data)
{
	struct sgit_buf *out = data;

	return sgit_buf_addbuf(out, &b->diag) < 0 || sgit_buf_addbuf(out, &b->text) < 0 ? -1 : 0;
}

/* sgit_signature_show() gives, block after block, what git show --show-signature prints. */
static void test_show_matches_git(void)
{
	static const char *const names[] = { "signed", "unsigned", "forged", "merge1", "merge2", "octo",
					     "parent1", "nonparent", "malformed", "badtype", "plaintag" };
	struct sgit_buf data = SGIT_BUF_INIT, shown = SGIT_BUF_INIT, want = SGIT_BUF_INIT, err_want = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		struct sgit_commit *c = NULL;

		sgit_buf_reset(&shown);
		CU_ASSERT_EQUAL_FATAL(read_named(&data, names[i]), 0);
		CU_ASSERT_EQUAL_FATAL(sgit_commit_parse(&c, data.ptr, data.len, &err), 0);
		CU_ASSERT_EQUAL(sgit_signature_show(c, &fx.cfg, collect, &shown, &err), 0);
		CU_ASSERT_EQUAL(read_result(&want, names[i], ".shown"), 0);
		CU_ASSERT_EQUAL(read_result(&err_want, names[i], ".err"), 0);
		/* our text is git's stdout with its stderr lines (diag) in front of their block */
		if (!strcmp(names[i], "badtype")) {
			CU_ASSERT(sgit_buf_starts_with(&shown, err_want.ptr));
			CU_ASSERT_STRING_EQUAL(shown.ptr + err_want.len, want.ptr);
		} else {
			if (strcmp(shown.ptr, want.ptr))
				fprintf(stderr, "\n  %s: sgit [%s]\n  git [%s]\n", names[i], shown.ptr, want.ptr);
			CU_ASSERT_STRING_EQUAL(shown.ptr, want.ptr);
		}
		sgit_commit_free(c);
	}
	sgit_buf_release(&data);
	sgit_buf_release(&shown);
	sgit_buf_release(&want);
	sgit_buf_release(&err_want);
}

struct verdicts {
	char letters[8];
	int bad[8];
	enum sgit_sigblock_kind kinds[8];
	size_t n;
};

static int note(const struct sgit_sigblock *b, void *data)
{
	struct verdicts *v = data;

	if (v->n < 8) {
		v->letters[v->n] = sgit_sigcheck_letter(&b->check);
		v->bad[v->n] = b->bad;
		v->kinds[v->n] = b->kind;
		v->n++;
	}
	return 0;
}

static void show_verdicts(struct verdicts *v, const char *name)
{
	struct sgit_buf data = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_commit *c = NULL;

	memset(v, 0, sizeof(*v));
	if (read_named(&data, name) == 0 && sgit_commit_parse(&c, data.ptr, data.len, &err) == 0)
		CU_ASSERT_EQUAL(sgit_signature_show(c, &fx.cfg, note, v, &err), 0);
	sgit_commit_free(c);
	sgit_buf_release(&data);
}

/* The verdicts behind the text: good, bad, unsigned; and what each mergetag names. */
static void test_block_verdicts(void)
{
	struct verdicts v;

	show_verdicts(&v, "signed");
	CU_ASSERT(v.n == 1 && v.letters[0] == 'G' && !v.bad[0] && v.kinds[0] == SGIT_SIGBLOCK_COMMIT);
	show_verdicts(&v, "forged");
	CU_ASSERT(v.n == 1 && v.letters[0] == 'B' && v.bad[0]);
	show_verdicts(&v, "unsigned");
	CU_ASSERT_EQUAL(v.n, 0);
	show_verdicts(&v, "merge1");
	CU_ASSERT(v.n == 1 && v.letters[0] == 'G' && !v.bad[0] && v.kinds[0] == SGIT_SIGBLOCK_MERGED_TAG);
	/* git records no mergetag for a tag without a signature: one made by hand shows as bad */
	show_verdicts(&v, "merge2");
	CU_ASSERT_EQUAL(v.n, 0);
	show_verdicts(&v, "plaintag");
	CU_ASSERT(v.n == 1 && v.letters[0] == 'N' && v.bad[0] && v.kinds[0] == SGIT_SIGBLOCK_PARENT_TAG);
	show_verdicts(&v, "octo");
	CU_ASSERT(v.n == 2 && v.kinds[0] == SGIT_SIGBLOCK_PARENT_TAG && v.kinds[1] == SGIT_SIGBLOCK_PARENT_TAG);
	show_verdicts(&v, "nonparent");
	CU_ASSERT(v.n == 1 && v.kinds[0] == SGIT_SIGBLOCK_NON_PARENT_TAG && v.letters[0] == 'G');
	show_verdicts(&v, "malformed");
	CU_ASSERT(v.n == 1 && v.kinds[0] == SGIT_SIGBLOCK_MALFORMED_TAG && v.bad[0]);
}

/* check_commit: the verdict and what -v shows; the payload is the commit without gpgsig. */
static void test_check_commit(void)
{
	struct sgit_buf data = SGIT_BUF_INIT, payload = SGIT_BUF_INIT;
	struct sgit_sigcheck c = SGIT_SIGCHECK_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;

	CU_ASSERT_EQUAL_FATAL(read_named(&data, "signed"), 0);
	CU_ASSERT_EQUAL(sgit_signature_check_commit(&c, &payload, &fx.cfg, data.ptr, data.len, &err), 1);
	CU_ASSERT(c.result == 'G' && c.verified);
	CU_ASSERT_STRING_EQUAL(c.key.ptr, "63E4DD899FA5FCB6");
	CU_ASSERT(strstr(c.output.ptr, "Good signature from") != NULL);
	CU_ASSERT(strstr(payload.ptr, "gpgsig") == NULL && strstr(payload.ptr, "\n\none\n") != NULL);
	CU_ASSERT_EQUAL(read_named(&data, "forged"), 0);
	CU_ASSERT_EQUAL(sgit_signature_check_commit(&c, &payload, &fx.cfg, data.ptr, data.len, &err), 1);
	CU_ASSERT(c.result == 'B' && !c.verified);
	/* a NUL byte and more after the message: part of the payload, so BAD */
	CU_ASSERT_EQUAL(read_named(&data, "signed"), 0);
	CU_ASSERT_EQUAL(sgit_buf_add(&data, "\0Qwik\n", 6), 0);
	CU_ASSERT_EQUAL(sgit_signature_check_commit(&c, &payload, &fx.cfg, data.ptr, data.len, &err), 1);
	CU_ASSERT(c.result == 'B' && !c.verified);
	sgit_sigcheck_release(&c);
	sgit_buf_release(&data);
	sgit_buf_release(&payload);
}

static CU_TestInfo check_tests[] = {
	{ "show gives what git show --show-signature prints, mergetags included", test_show_matches_git },
	{ "show's blocks carry the verdict and what each mergetag names", test_block_verdicts },
	{ "a signed commit verifies; forged or extended after signing it is BAD", test_check_commit },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "signature split", .pTests = split_tests },
	{ .pName = "signature check", .pInitFunc = sig_suite_init, .pCleanupFunc = sig_suite_cleanup,
	  .pTests = check_tests },
	CU_SUITE_INFO_NULL,
};
