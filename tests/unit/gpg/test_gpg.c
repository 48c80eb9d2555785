/* tests/unit/gpg/test_gpg.c: signing and verifying with real gpg over the fixture keyring; git as the oracle */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "unit.h"
#include "sgit/buf.h"
#include "sgit/commit.h"
#include "sgit/gpg.h"
#include "util/fs.h"

#define IDENT "C O Mitter <committer@example.com> 1112912053 -0700"
#define PAYLOAD "tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\n" \
	"author A U Thor <author@example.com> 1112911993 -0700\n" \
	"committer " IDENT "\n\nsigned\n"
#define PGP_BEGIN "-----BEGIN PGP SIGNATURE-----\n"
#define PGP_END "-----END PGP SIGNATURE-----\n"

/* Armor that gpg cannot read: "no signature" for it. */
static const char fake_sig[] = PGP_BEGIN "\nAAAA\n" PGP_END;

/* Paths and environments made by the suite set-up; all under unit_tmpdir(). */
static struct {
	struct sgit_buf home, signer_home, vtmp, env_main, env_signer, log;
	const char *main_env[2], *signer_env[2];
	struct sgit_gpg_config main, signer;
} fx = { SGIT_BUF_INIT, SGIT_BUF_INIT, SGIT_BUF_INIT, SGIT_BUF_INIT, SGIT_BUF_INIT, SGIT_BUF_INIT,
	 { NULL, NULL }, { NULL, NULL }, SGIT_GPG_CONFIG_INIT, SGIT_GPG_CONFIG_INIT };

/* A shell command in unit_tmpdir() with the main GNUPGHOME; 0 on success. */
#define shell(...) unit_gpg_sh(fx.home.ptr, fx.log.ptr, __VA_ARGS__)

static int write_script(const char *name, const char *body)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	FILE *f;
	int rc = -1;

	sgit_buf_printf(&path, "%s/%s", unit_tmpdir(), name);
	if ((f = fopen(path.ptr, "w")) != NULL) {
		rc = fputs("#!/bin/sh\n", f) < 0 || fputs(body, f) < 0 ? -1 : 0;
		rc |= fclose(f) != 0 ? -1 : 0;
		rc |= chmod(path.ptr, 0755);
	}
	sgit_buf_release(&path);
	return rc;
}

static int suite_init(void)
{
	const char *top = getenv("SGIT_TEST_TOP"), *t = unit_tmpdir();

	sgit_buf_printf(&fx.home, "%s/gnupg", t);
	sgit_buf_printf(&fx.signer_home, "%s/gnupg-signer", t);
	sgit_buf_printf(&fx.vtmp, "%s/vtmp", t);
	sgit_buf_printf(&fx.log, "%s/shell.log", t);
	sgit_buf_printf(&fx.env_main, "GNUPGHOME=%s", fx.home.ptr);
	sgit_buf_printf(&fx.env_signer, "GNUPGHOME=%s", fx.signer_home.ptr);
	fx.main_env[0] = fx.env_main.ptr;
	fx.signer_env[0] = fx.env_signer.ptr;
	fx.main.env = fx.main_env;
	fx.main.tmpdir = fx.vtmp.ptr;
	fx.signer.env = fx.signer_env;
	fx.signer.tmpdir = fx.vtmp.ptr;
	if (mkdir(fx.home.ptr, 0700) < 0 || mkdir(fx.signer_home.ptr, 0700) < 0 || mkdir(fx.vtmp.ptr, 0700) < 0)
		return 1;
	if (!top)
		top = ".";
	if (unit_gpg_import(fx.home.ptr, fx.log.ptr) != 0 ||
	    shell("F='%s/tests/fixtures/gpg' && "
		  "gpg --homedir '%s' --batch --quiet --import $F/revoked-secret.asc $F/unknown-secret.asc",
		  top, fx.signer_home.ptr) != 0) {
		fprintf(stderr, "\ncannot import the fixture keys (see %s)\n", fx.log.ptr);
		return 1;
	}
	return 0;
}

static int suite_cleanup(void)
{
	shell("gpgconf --homedir '%s' --kill gpg-agent; gpgconf --homedir '%s' --kill gpg-agent",
	      fx.home.ptr, fx.signer_home.ptr);
	sgit_buf_release(&fx.home);
	sgit_buf_release(&fx.signer_home);
	sgit_buf_release(&fx.vtmp);
	sgit_buf_release(&fx.env_main);
	sgit_buf_release(&fx.env_signer);
	sgit_buf_release(&fx.log);
	return 0;
}

/* Nothing left in the verification temp folder. */
static int vtmp_is_empty(void)
{
	DIR *d = opendir(fx.vtmp.ptr);
	struct dirent *e;
	int n = 0;

	if (!d)
		return 0;
	while ((e = readdir(d)) != NULL)
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			n++;
	closedir(d);
	return n == 0;
}

static int sign_with(struct sgit_buf *sig, const struct sgit_gpg_config *cfg, const char *key,
		     const char *payload)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	int rc = sgit_gpg_sign(sig, NULL, cfg, key, payload, strlen(payload), &err);

	if (rc < 0)
		fprintf(stderr, "\nsigning with %s: %s\n", key, err.msg);
	return rc;
}

static void test_default_key_round_trip(void)
{
	struct sgit_buf key = SGIT_BUF_INIT, sig = SGIT_BUF_INIT, diag = SGIT_BUF_INIT;
	struct sgit_sigcheck sc = SGIT_SIGCHECK_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;

	CU_ASSERT_EQUAL(sgit_gpg_pick_key(&key, NULL, NULL, IDENT, &err), 0);
	CU_ASSERT_EQUAL_FATAL(sgit_gpg_sign(&sig, &diag, &fx.main, key.ptr, PAYLOAD, strlen(PAYLOAD), &err), 0);
	CU_ASSERT(sgit_buf_starts_with(&sig, PGP_BEGIN));
	CU_ASSERT(sig.len > strlen(PGP_END) && !strcmp(sig.ptr + sig.len - strlen(PGP_END), PGP_END));
	CU_ASSERT_PTR_NULL(memchr(sig.ptr, '\r', sig.len));
	CU_ASSERT_PTR_NOT_NULL(strstr(diag.ptr, "[GNUPG:] SIG_CREATED "));
	CU_ASSERT_EQUAL(sgit_gpg_verify(&sc, &fx.main, PAYLOAD, strlen(PAYLOAD), sig.ptr, sig.len, &err), 0);
	CU_ASSERT_EQUAL(sgit_sigcheck_letter(&sc), 'G');
	CU_ASSERT_EQUAL(sc.verified, 1);
	CU_ASSERT_EQUAL(sc.trust, SGIT_GPG_TRUST_ULTIMATE);
	CU_ASSERT_STRING_EQUAL(sc.signer.ptr, "C O Mitter <committer@example.com>");
	CU_ASSERT_STRING_EQUAL(sc.key.ptr, "63E4DD899FA5FCB6");
	CU_ASSERT_STRING_EQUAL(sc.fingerprint.ptr, "A94C5CC4656758415ADCF3DD63E4DD899FA5FCB6");
	CU_ASSERT_STRING_EQUAL(sc.primary_fingerprint.ptr, "A94C5CC4656758415ADCF3DD63E4DD899FA5FCB6");
	CU_ASSERT_PTR_NOT_NULL(strstr(sc.output.ptr, "gpg: Good signature from \"C O Mitter"));
	CU_ASSERT(sgit_buf_starts_with(&sc.status, "[GNUPG:] NEWSIG"));
	CU_ASSERT(vtmp_is_empty());
	sgit_buf_release(&key);
	sgit_buf_release(&sig);
	sgit_buf_release(&diag);
	sgit_sigcheck_release(&sc);
}

static void test_changed_payload_is_bad(void)
{
	static const char with_nul[] = PAYLOAD "\0";
	struct sgit_buf sig = SGIT_BUF_INIT;
	struct sgit_sigcheck sc = SGIT_SIGCHECK_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	const char *forged = PAYLOAD "forged\n";

	CU_ASSERT_EQUAL_FATAL(sign_with(&sig, &fx.main, "committer@example.com", PAYLOAD), 0);
	CU_ASSERT_EQUAL(sgit_gpg_verify(&sc, &fx.main, forged, strlen(forged), sig.ptr, sig.len, &err), 0);
	CU_ASSERT_EQUAL(sgit_sigcheck_letter(&sc), 'B');
	CU_ASSERT_EQUAL(sc.verified, 0);
	CU_ASSERT_STRING_EQUAL(sc.signer.ptr, "C O Mitter <committer@example.com>");
	CU_ASSERT_EQUAL(sc.fingerprint.len, 0);
	CU_ASSERT_EQUAL(sgit_gpg_verify(&sc, &fx.main, with_nul, sizeof(with_nul) - 1, sig.ptr, sig.len, &err), 0);
	CU_ASSERT_EQUAL(sc.result, 'B');
	CU_ASSERT_EQUAL(sc.verified, 0);
	CU_ASSERT(vtmp_is_empty());
	sgit_buf_release(&sig);
	sgit_sigcheck_release(&sc);
}

static void test_rsa_subkey_and_trust(void)
{
	struct sgit_buf sig = SGIT_BUF_INIT;
	struct sgit_sigcheck sc = SGIT_SIGCHECK_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_gpg_config strict = fx.main;

	CU_ASSERT_EQUAL_FATAL(sign_with(&sig, &fx.main, "rsa@example.com", PAYLOAD), 0);
	CU_ASSERT_EQUAL(sgit_gpg_verify(&sc, &fx.main, PAYLOAD, strlen(PAYLOAD), sig.ptr, sig.len, &err), 0);
	CU_ASSERT_EQUAL(sgit_sigcheck_letter(&sc), 'G');
	CU_ASSERT_EQUAL(sc.trust, SGIT_GPG_TRUST_FULLY);
	CU_ASSERT_STRING_EQUAL(sc.key.ptr, "71C687C6BB83DDCB");
	CU_ASSERT_STRING_EQUAL(sc.fingerprint.ptr, "065FA08E26AE0C082A93532D71C687C6BB83DDCB");
	CU_ASSERT_STRING_EQUAL(sc.primary_fingerprint.ptr, "35B16C6E2E69B852B171D172F48F748B608936B0");
	strict.min_trust = SGIT_GPG_TRUST_ULTIMATE;
	CU_ASSERT_EQUAL(sgit_gpg_verify(&sc, &strict, PAYLOAD, strlen(PAYLOAD), sig.ptr, sig.len, &err), 0);
	CU_ASSERT_EQUAL(sc.result, 'G');
	CU_ASSERT_EQUAL(sc.verified, 0);
	sgit_buf_release(&sig);
	sgit_sigcheck_release(&sc);
}

static void test_untrusted_and_min_trust(void)
{
	struct sgit_buf sig = SGIT_BUF_INIT;
	struct sgit_sigcheck sc = SGIT_SIGCHECK_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_gpg_config strict = fx.main;

	CU_ASSERT_EQUAL_FATAL(sign_with(&sig, &fx.main, "untrusted@example.com", PAYLOAD), 0);
	CU_ASSERT_EQUAL(sgit_gpg_verify(&sc, &fx.main, PAYLOAD, strlen(PAYLOAD), sig.ptr, sig.len, &err), 0);
	CU_ASSERT_EQUAL(sgit_sigcheck_letter(&sc), 'U');
	CU_ASSERT_EQUAL(sc.trust, SGIT_GPG_TRUST_UNDEFINED);
	CU_ASSERT_EQUAL(sc.verified, 1);
	strict.min_trust = SGIT_GPG_TRUST_MARGINAL;
	CU_ASSERT_EQUAL(sgit_gpg_verify(&sc, &strict, PAYLOAD, strlen(PAYLOAD), sig.ptr, sig.len, &err), 0);
	CU_ASSERT_EQUAL(sc.verified, 0);
	sgit_buf_release(&sig);
	sgit_sigcheck_release(&sc);
}

static void test_unknown_key_is_error_verdict(void)
{
	struct sgit_buf sig = SGIT_BUF_INIT;
	struct sgit_sigcheck sc = SGIT_SIGCHECK_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;

	CU_ASSERT_EQUAL_FATAL(sign_with(&sig, &fx.signer, "unknown@example.com", PAYLOAD), 0);
	CU_ASSERT_EQUAL(sgit_gpg_verify(&sc, &fx.main, PAYLOAD, strlen(PAYLOAD), sig.ptr, sig.len, &err), 0);
	CU_ASSERT_EQUAL(sgit_sigcheck_letter(&sc), 'E');
	CU_ASSERT_STRING_EQUAL(sc.key.ptr, "9D08AF4A852D5B8E");
	CU_ASSERT_EQUAL(sc.signer.len + sc.fingerprint.len + sc.primary_fingerprint.len, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(sc.status.ptr, "[GNUPG:] NO_PUBKEY 9D08AF4A852D5B8E"));
	CU_ASSERT_EQUAL(sc.verified, 0);
	sgit_buf_release(&sig);
	sgit_sigcheck_release(&sc);
}

static void test_missing_gpg(void)
{
	struct sgit_gpg_config cfg = fx.main;
	struct sgit_buf sig = SGIT_BUF_INIT, diag = SGIT_BUF_INIT, good = SGIT_BUF_INIT;
	struct sgit_sigcheck sc = SGIT_SIGCHECK_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;

	CU_ASSERT_EQUAL_FATAL(sign_with(&good, &fx.main, "committer@example.com", PAYLOAD), 0);
	cfg.openpgp_program = "/nonexistent/gpg";
	sgit_buf_sets(&sig, "old");
	CU_ASSERT_EQUAL(sgit_gpg_sign(&sig, &diag, &cfg, "committer@example.com", PAYLOAD, strlen(PAYLOAD), &err),
			SGIT_EGPG);
	CU_ASSERT_STRING_EQUAL(err.msg, "gpg failed to sign the data");
	CU_ASSERT_STRING_EQUAL(diag.ptr, "cannot run /nonexistent/gpg: No such file or directory");
	CU_ASSERT_EQUAL(sig.len, 0);
	CU_ASSERT_EQUAL(sgit_gpg_verify(&sc, &cfg, PAYLOAD, strlen(PAYLOAD), good.ptr, good.len, &err), SGIT_EGPG);
	CU_ASSERT_STRING_EQUAL(err.msg, "cannot run /nonexistent/gpg: No such file or directory");
	CU_ASSERT_EQUAL(sgit_sigcheck_letter(&sc), 'N');
	CU_ASSERT_EQUAL(sc.verified, 0);
	CU_ASSERT(vtmp_is_empty());
	sgit_buf_release(&sig);
	sgit_buf_release(&diag);
	sgit_buf_release(&good);
	sgit_sigcheck_release(&sc);
}

static void test_unknown_signing_key(void)
{
	struct sgit_buf sig = SGIT_BUF_INIT, diag = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;

	CU_ASSERT_EQUAL(sgit_gpg_sign(&sig, &diag, &fx.main, "nobody@example.com", PAYLOAD, strlen(PAYLOAD), &err),
			SGIT_EGPG);
	CU_ASSERT_STRING_EQUAL(err.msg, "gpg failed to sign the data");
	CU_ASSERT_EQUAL(sig.len, 0);
	CU_ASSERT(diag.len > 0);
	CU_ASSERT_EQUAL(sgit_gpg_sign(&sig, &diag, &fx.main, "", PAYLOAD, strlen(PAYLOAD), &err), SGIT_EGPG);
	CU_ASSERT_EQUAL(sgit_gpg_sign(&sig, &diag, &fx.main, NULL, PAYLOAD, strlen(PAYLOAD), &err), SGIT_EINVALID);
	sgit_buf_release(&sig);
	sgit_buf_release(&diag);
}

static void test_program_that_reads_nothing(void)
{
	struct sgit_gpg_config cfg = fx.main;
	struct sgit_buf big = SGIT_BUF_INIT, sig = SGIT_BUF_INIT;
	struct sgit_sigcheck sc = SGIT_SIGCHECK_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	const char *programs[] = { "/bin/true", "/bin/false" };
	size_t i;

	CU_ASSERT_EQUAL_FATAL(sgit_buf_grow(&big, 8u << 20), 0);
	memset(big.ptr, 'x', 8u << 20);
	sgit_buf_setlen(&big, 8u << 20);
	for (i = 0; i < 2; i++) {
		cfg.openpgp_program = programs[i];
		CU_ASSERT_EQUAL(sgit_gpg_sign(&sig, NULL, &cfg, "k", big.ptr, big.len, &err), SGIT_EGPG);
		CU_ASSERT_EQUAL(sgit_gpg_verify(&sc, &cfg, big.ptr, big.len, fake_sig, strlen(fake_sig), &err), 0);
		CU_ASSERT_EQUAL(sc.result, 'N');
		CU_ASSERT_EQUAL(sc.verified, 0);
	}
	CU_ASSERT(vtmp_is_empty());
	sgit_buf_release(&big);
	sgit_buf_release(&sig);
	sgit_sigcheck_release(&sc);
}

static void test_fake_programs(void)
{
	static const struct {
		const char *script;
		int rc;
		const char *sig;
	} fakes[] = {
		{ "cat >/dev/null; printf 'A\\r\\nB\\rC\\r\\n'; echo '[GNUPG:] SIG_CREATED D' >&2\n", 0, "A\nB\rC\n" },
		{ "cat >/dev/null; echo sig; echo '[GNUPG:] SIG_CREATED D' >&2; exit 1\n", SGIT_EGPG, "" },
		{ "cat >/dev/null; echo sig; echo '[GNUPG:] BEGIN_SIGNING' >&2\n", SGIT_EGPG, "" },
		{ "cat >/dev/null; echo sig; echo 'x [GNUPG:] SIG_CREATED D' >&2\n", SGIT_EGPG, "" },
		{ "echo sig; echo '[GNUPG:] SIG_CREATED D' >&2; kill -9 $$\n", SGIT_EGPG, "" },
	};
	struct sgit_gpg_config cfg = fx.main;
	struct sgit_buf sig = SGIT_BUF_INIT, prog = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	size_t i;

	sgit_buf_printf(&prog, "%s/fake-gpg", unit_tmpdir());
	cfg.openpgp_program = prog.ptr;
	for (i = 0; i < sizeof(fakes) / sizeof(fakes[0]); i++) {
		CU_ASSERT_EQUAL_FATAL(write_script("fake-gpg", fakes[i].script), 0);
		CU_ASSERT_EQUAL(sgit_gpg_sign(&sig, NULL, &cfg, "k", PAYLOAD, strlen(PAYLOAD), &err), fakes[i].rc);
		CU_ASSERT_STRING_EQUAL(sig.ptr, fakes[i].sig);
	}
	sgit_buf_release(&sig);
	sgit_buf_release(&prog);
}

static void test_verify_arguments_and_temp_file(void)
{
	struct sgit_gpg_config cfg = fx.main;
	struct sgit_buf prog = SGIT_BUF_INIT;
	struct sgit_sigcheck sc = SGIT_SIGCHECK_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	static const char x509_sig[] = "-----BEGIN SIGNED MESSAGE-----\nAAAA\n";

	/* The fake prints its arguments, the file's mode and content, and its stdin. */
	CU_ASSERT_EQUAL_FATAL(write_script("fake-verify",
		"for a; do f=$a; echo \"arg $a\"; done >&2\n"
		"eval \"f=\\${$(($# - 1))}\"; stat -c 'mode %a' \"$f\" >&2; cat \"$f\" >&2\n"
		"echo '[GNUPG:] NEWSIG'; echo '[GNUPG:] GOODSIG K U'; echo '[GNUPG:] TRUST_FULLY 0 pgp'\n"
		"cat >&2\n"), 0);
	sgit_buf_printf(&prog, "%s/fake-verify", unit_tmpdir());
	cfg.openpgp_program = cfg.x509_program = prog.ptr;
	CU_ASSERT_EQUAL(sgit_gpg_verify(&sc, &cfg, "pay", 3, fake_sig, strlen(fake_sig), &err), 0);
	CU_ASSERT_EQUAL(sc.verified, 1);
	CU_ASSERT_EQUAL(sgit_sigcheck_letter(&sc), 'G');
	CU_ASSERT_PTR_NOT_NULL(strstr(sc.output.ptr, "arg --keyid-format=long\narg --status-fd=1\narg --verify\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(sc.output.ptr, "\narg -\nmode 600\n" PGP_BEGIN "\nAAAA\n" PGP_END "pay"));
	CU_ASSERT_STRING_EQUAL(sc.status.ptr, "[GNUPG:] NEWSIG\n[GNUPG:] GOODSIG K U\n[GNUPG:] TRUST_FULLY 0 pgp\n");
	CU_ASSERT(vtmp_is_empty());
	/* X.509 goes to gpgsm's program, without --keyid-format */
	CU_ASSERT_EQUAL(sgit_gpg_verify(&sc, &cfg, "pay", 3, x509_sig, strlen(x509_sig), &err), 0);
	CU_ASSERT(sgit_buf_starts_with(&sc.output, "arg --status-fd=1\narg --verify\n"));
	CU_ASSERT(vtmp_is_empty());
	sgit_buf_release(&prog);
	sgit_sigcheck_release(&sc);
}

static void test_first_goodsig_line_is_not_enough(void)
{
	struct sgit_gpg_config cfg = fx.main;
	struct sgit_buf prog = SGIT_BUF_INIT;
	struct sgit_sigcheck sc = SGIT_SIGCHECK_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;

	/* git requires the GOODSIG line after a newline, and gpg's success */
	CU_ASSERT_EQUAL_FATAL(write_script("fake-verify", "cat >/dev/null; echo '[GNUPG:] GOODSIG K U'\n"), 0);
	sgit_buf_printf(&prog, "%s/fake-verify", unit_tmpdir());
	cfg.openpgp_program = prog.ptr;
	CU_ASSERT_EQUAL(sgit_gpg_verify(&sc, &cfg, "pay", 3, fake_sig, strlen(fake_sig), &err), 0);
	CU_ASSERT_EQUAL(sc.result, 'G');
	CU_ASSERT_EQUAL(sc.verified, 0);
	CU_ASSERT_EQUAL_FATAL(write_script("fake-verify", "cat >/dev/null; echo; echo '[GNUPG:] GOODSIG K U'; exit 1\n"),
			      0);
	CU_ASSERT_EQUAL(sgit_gpg_verify(&sc, &cfg, "pay", 3, fake_sig, strlen(fake_sig), &err), 0);
	CU_ASSERT_EQUAL(sc.result, 'G');
	CU_ASSERT_EQUAL(sc.verified, 0);
	sgit_buf_release(&prog);
	sgit_sigcheck_release(&sc);
}

static void test_unknown_signature_formats(void)
{
	static const char ssh_sig[] = "-----BEGIN SSH SIGNATURE-----\nAAAA\n-----END SSH SIGNATURE-----\n";
	struct sgit_sigcheck sc = SGIT_SIGCHECK_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_gpg_config ssh = fx.main;
	struct sgit_buf sig = SGIT_BUF_INIT;

	CU_ASSERT_EQUAL(sgit_gpg_verify(&sc, &fx.main, "p", 1, "garbage", 7, &err), SGIT_EINVALID);
	CU_ASSERT_STRING_EQUAL(err.msg, "bad/incompatible signature 'garbage'");
	CU_ASSERT_EQUAL(sgit_gpg_verify(&sc, &fx.main, "p", 1, " " PGP_BEGIN, strlen(PGP_BEGIN) + 1, &err),
			SGIT_EINVALID);
	CU_ASSERT_EQUAL(sgit_gpg_verify(&sc, &fx.main, "p", 1, ssh_sig, strlen(ssh_sig), &err), SGIT_EINVALID);
	CU_ASSERT_EQUAL(sgit_gpg_verify(&sc, &fx.main, "p", 1, "", 0, &err), SGIT_EINVALID);
	CU_ASSERT_EQUAL(sc.result, 'N');
	ssh.format = SGIT_GPG_FORMAT_SSH;
	CU_ASSERT_EQUAL(sgit_gpg_sign(&sig, NULL, &ssh, "k", "p", 1, &err), SGIT_EINVALID);
	CU_ASSERT(vtmp_is_empty());
	sgit_sigcheck_release(&sc);
	sgit_buf_release(&sig);
}

static void test_garbage_signature(void)
{
	struct sgit_buf sig = SGIT_BUF_INIT;
	struct sgit_sigcheck sc = SGIT_SIGCHECK_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	size_t i;

	sgit_buf_sets(&sig, PGP_BEGIN "\n");
	for (i = 0; sig.len < (1u << 20); i++)
		sgit_buf_addch(&sig, (char)(i * 7919 % 251));
	sgit_buf_adds(&sig, "\n" PGP_END);
	CU_ASSERT_EQUAL(sgit_gpg_verify(&sc, &fx.main, PAYLOAD, strlen(PAYLOAD), sig.ptr, sig.len, &err), 0);
	CU_ASSERT_NOT_EQUAL(sc.result, 'G');
	CU_ASSERT_EQUAL(sc.verified, 0);
	CU_ASSERT(vtmp_is_empty());
	sgit_buf_release(&sig);
	sgit_sigcheck_release(&sc);
}

static void test_sign_callback(void)
{
	struct sgit_buf sig = SGIT_BUF_INIT;
	struct sgit_sigcheck sc = SGIT_SIGCHECK_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_gpg_signer signer = { &fx.main, "rsa@example.com", NULL };

	CU_ASSERT_EQUAL_FATAL(sgit_gpg_sign_cb(&sig, PAYLOAD, strlen(PAYLOAD), &signer, &err), 0);
	CU_ASSERT_EQUAL(sgit_gpg_verify(&sc, &fx.main, PAYLOAD, strlen(PAYLOAD), sig.ptr, sig.len, &err), 0);
	CU_ASSERT_STRING_EQUAL(sc.signer.ptr, "R S A Signer <rsa@example.com>");
	sgit_buf_release(&sig);
	sgit_sigcheck_release(&sc);
}

/* The commits git signs in the oracle repository, each tagged with its name. */
static const char *const oracle_tags[] = {
	"good", "rsa", "untrusted", "unknown", "revoked", "expkey", "expsig", "unsigned", "forged", "nul",
	"twosig", "sgitsigned",
};

static int make_oracle_repo(void)
{
	const char *t = unit_tmpdir();

	if (write_script("gpg-signer", "exec gpg --homedir \"$GNUPGHOME-signer\" \"$@\"\n") ||
	    write_script("gpg-past", "exec gpg --faked-system-time 20200102T000000! \"$@\"\n") ||
	    write_script("gpg-expsig", "exec gpg --faked-system-time 20200102T000000! --default-sig-expire 1d \"$@\"\n"))
		return -1;
	return shell("set -e; git init -q oracle; cd oracle; T='%s'\n"
		     "git commit -q --allow-empty -m good -S; git tag good\n"
		     "git -c user.signingKey=rsa@example.com commit -q --allow-empty -m rsa -S; git tag rsa\n"
		     "git commit -q --allow-empty -m untrusted -Suntrusted@example.com; git tag untrusted\n"
		     "git -c gpg.program=$T/gpg-signer commit -q --allow-empty -m unknown -Sunknown@example.com; git tag unknown\n"
		     "git -c gpg.program=$T/gpg-signer commit -q --allow-empty -m revoked -Srevoked@example.com; git tag revoked\n"
		     "git -c gpg.program=$T/gpg-past commit -q --allow-empty -m expkey -Sexpired@example.com; git tag expkey\n"
		     "git -c gpg.program=$T/gpg-expsig commit -q --allow-empty -m expsig -S; git tag expsig\n"
		     "git commit -q --allow-empty -m unsigned; git tag unsigned\n"
		     "git cat-file commit good | sed 's/^good$/forged/' >../forged.obj\n"
		     "git tag forged $(git hash-object -w -t commit ../forged.obj)\n"
		     "{ git cat-file commit good; printf 'Q\\000'; } >../nul.obj\n"
		     "git tag nul $(git hash-object -w -t commit ../nul.obj)\n"
		     "git cat-file commit unsigned >../unsigned.obj\n", t);
}

/* Tag the commit made of the object bytes in buf (written to file name) in the oracle repository. */
static int store_commit(const char *name, const struct sgit_buf *obj)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	int rc;

	sgit_buf_printf(&path, "%s/%s.obj", unit_tmpdir(), name);
	rc = sgit_fs_write_atomic(path.ptr, obj->ptr, obj->len, 0644, &err);
	sgit_buf_release(&path);
	if (rc == 0)
		rc = shell("cd oracle && git tag %s $(git hash-object -w -t commit ../%s.obj)", name, name);
	return rc;
}

/* The commit signed twice (two signatures in one gpgsig) and the one sgit signed. */
static int make_sgit_commits(void)
{
	struct sgit_buf path = SGIT_BUF_INIT, obj = SGIT_BUF_INIT, s1 = SGIT_BUF_INIT, s2 = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	int rc;

	sgit_buf_printf(&path, "%s/unsigned.obj", unit_tmpdir());
	if ((rc = sgit_fs_read_file(&obj, path.ptr, &err)) < 0 ||
	    (rc = sgit_gpg_sign(&s1, NULL, &fx.main, "committer@example.com", obj.ptr, obj.len, &err)) < 0 ||
	    (rc = sgit_gpg_sign(&s2, NULL, &fx.main, "rsa@example.com", obj.ptr, obj.len, &err)) < 0)
		goto out;
	sgit_buf_set(&path, obj.ptr, obj.len);
	if ((rc = sgit_commit_insert_header(&path, "gpgsig", s1.ptr, s1.len, &err)) < 0 ||
	    (rc = store_commit("sgitsigned", &path)) != 0)
		goto out;
	sgit_buf_addbuf(&s1, &s2);
	if ((rc = sgit_commit_insert_header(&obj, "gpgsig", s1.ptr, s1.len, &err)) == 0)
		rc = store_commit("twosig", &obj);
out:
	if (rc)
		fprintf(stderr, "\nmaking the sgit commits: %s\n", err.msg);
	sgit_buf_release(&path);
	sgit_buf_release(&obj);
	sgit_buf_release(&s1);
	sgit_buf_release(&s2);
	return rc;
}

static void read_oracle(struct sgit_buf *out, const char *tag, const char *ext)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;

	sgit_buf_printf(&path, "%s/%s.%s", unit_tmpdir(), tag, ext);
	if (sgit_fs_read_file(out, path.ptr, &err) < 0)
		sgit_buf_sets(out, "(missing)");
	sgit_buf_release(&path);
}

/* Our verdict on the commit tag, formatted as git's %G?|%GS|%GK|%GF|%GP line. */
static void our_verdict(struct sgit_buf *line, struct sgit_sigcheck *sc, const char *tag)
{
	struct sgit_buf obj = SGIT_BUF_INIT, payload = SGIT_BUF_INIT, sig = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;

	sgit_sigcheck_reset(sc);
	read_oracle(&obj, tag, "obj");
	if (sgit_commit_extract_header(&payload, &sig, obj.ptr, obj.len, "gpgsig") == 1)
		CU_ASSERT_EQUAL(sgit_gpg_verify(sc, &fx.main, payload.ptr, payload.len, sig.ptr, sig.len, &err), 0);
	sgit_buf_printf(line, "%c|%s|%s|%s|%s\n", sgit_sigcheck_letter(sc), sc->signer.ptr, sc->key.ptr,
			sc->fingerprint.ptr, sc->primary_fingerprint.ptr);
	sgit_buf_release(&obj);
	sgit_buf_release(&payload);
	sgit_buf_release(&sig);
}

static void compare_with_git(const char *tag)
{
	struct sgit_buf ours = SGIT_BUF_INIT, theirs = SGIT_BUF_INIT, raw = SGIT_BUF_INIT, rc = SGIT_BUF_INIT,
		gt = SGIT_BUF_INIT;
	struct sgit_sigcheck sc = SGIT_SIGCHECK_INIT;

	our_verdict(&ours, &sc, tag);
	read_oracle(&theirs, tag, "git");
	read_oracle(&raw, tag, "raw");
	read_oracle(&rc, tag, "rc");
	read_oracle(&gt, tag, "gt");
	if (strcmp(ours.ptr, theirs.ptr) || strcmp(sc.status.ptr, raw.ptr) ||
	    (sc.verified ? strcmp(rc.ptr, "0\n") : !strcmp(rc.ptr, "0\n")) ||
	    (strcmp(gt.ptr, "CRASH\n") && strncmp(gt.ptr, sgit_gpg_trust_name(sc.trust), gt.len - 1))) {
		CU_FAIL("sgit and git disagree");
		fprintf(stderr, "\n%s: git %s  sgit %s  git exit %s  verified %d  git %%GT %s  ours %s\n", tag,
			theirs.ptr, ours.ptr, rc.ptr, sc.verified, gt.ptr, sgit_gpg_trust_name(sc.trust));
	}
	sgit_buf_release(&ours);
	sgit_buf_release(&theirs);
	sgit_buf_release(&raw);
	sgit_buf_release(&rc);
	sgit_buf_release(&gt);
	sgit_sigcheck_release(&sc);
}

static void test_git_is_the_oracle(void)
{
	size_t i;

	CU_ASSERT_EQUAL_FATAL(make_oracle_repo(), 0);
	CU_ASSERT_EQUAL_FATAL(make_sgit_commits(), 0);
	for (i = 0; i < sizeof(oracle_tags) / sizeof(oracle_tags[0]); i++)
		CU_ASSERT_EQUAL(shell("cd oracle && t=%s && git cat-file commit $t >../$t.obj && "
				      "git log -1 --format='%%G?|%%GS|%%GK|%%GF|%%GP' $t >../$t.git && "
				      "{ git log -1 --format=%%GT $t >../$t.gt 2>/dev/null || echo CRASH >../$t.gt; } && "
				      "{ git verify-commit --raw $t 2>../$t.raw; echo $? >../$t.rc; }",
				      oracle_tags[i]), 0);
	for (i = 0; i < sizeof(oracle_tags) / sizeof(oracle_tags[0]); i++)
		compare_with_git(oracle_tags[i]);
	CU_ASSERT(vtmp_is_empty());
}

static void test_git_letters(void)
{
	struct sgit_buf all = SGIT_BUF_INIT, one = SGIT_BUF_INIT;
	size_t i;

	/* The fixture covers every letter: the oracle must have said each of them. */
	for (i = 0; i < sizeof(oracle_tags) / sizeof(oracle_tags[0]); i++) {
		read_oracle(&one, oracle_tags[i], "git");
		sgit_buf_addch(&all, one.ptr[0]);
	}
	CU_ASSERT_STRING_EQUAL(all.ptr, "GGUERYXNBBEG");
	sgit_buf_release(&all);
	sgit_buf_release(&one);
}

static CU_TestInfo gpg_tests[] = {
	{ "a payload signed with the committer's key verifies as good", test_default_key_round_trip },
	{ "a changed payload or one with a NUL byte appended is bad", test_changed_payload_is_bad },
	{ "a signing subkey gives its fingerprint and the primary's; trust is full",
	  test_rsa_subkey_and_trust },
	{ "an untrusted key is U and fails a higher gpg.minTrustLevel", test_untrusted_and_min_trust },
	{ "a signature by a key gpg does not have is E with its key id", test_unknown_key_is_error_verdict },
	{ "a missing gpg is an error with git's message, not a crash", test_missing_gpg },
	{ "gpg refusing the signing key is an error and leaves no signature", test_unknown_signing_key },
	{ "a program that exits without reading its input does not kill us",
	  test_program_that_reads_nothing },
	{ "signing needs exit 0 and SIG_CREATED; CR before LF is removed", test_fake_programs },
	{ "verify passes git's arguments and a private temp file it removes",
	  test_verify_arguments_and_temp_file },
	{ "a GOODSIG on the first line or a failing gpg is not verified", test_first_goodsig_line_is_not_enough },
	{ "signatures that are not OpenPGP or X.509 are refused", test_unknown_signature_formats },
	{ "a signature of 1 MiB of garbage is no good signature", test_garbage_signature },
	{ "the sign callback signs as sgit_gpg_sign", test_sign_callback },
	{ "sgit and git agree on commits signed good, bad, unknown, expired, revoked, untrusted, twice",
	  test_git_is_the_oracle },
	{ "git's verdicts over the fixture cover every letter", test_git_letters },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "gpg with the fixture keyring", .pInitFunc = suite_init, .pCleanupFunc = suite_cleanup,
	  .pTests = gpg_tests },
	CU_SUITE_INFO_NULL,
};
