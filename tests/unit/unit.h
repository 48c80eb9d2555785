/* tests/unit/unit.h: each test file defines the suites it brings; runner.c runs them */
#ifndef SGIT_TEST_UNIT_H
#define SGIT_TEST_UNIT_H

#include <CUnit/CUnit.h>

/* NULL-terminated (CU_SUITE_INFO_NULL); one definition per test executable. */
extern CU_SuiteInfo sgit_test_suites[];

/* A fresh empty folder for this test process (removed at exit). */
const char *unit_tmpdir(void);

/*
 * Run a shell command (printf-style) inside unit_tmpdir() with a neutral git
 * set-up: HOME there, no system config, LC_ALL=C, a fixed identity; output
 * discarded. Returns system()'s status (0 on success).
 */
int unit_sh(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * The same with the identity and dates of tests/lib.sh and GNUPGHOME set to
 * gnupghome; the output is appended to the file log, for a failed set-up
 * to point at.
 */
int unit_gpg_sh(const char *gnupghome, const char *log, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Import the fixture keys (tests/fixtures/gpg, its README) and their ownertrust into gnupghome. */
int unit_gpg_import(const char *gnupghome, const char *log);

struct sgit_repo;
/* The environment tests give repositories: HOME is unit_tmpdir(), no system config. */
const char *unit_getenv(const char *name);
/* Open the repository at unit_tmpdir()/name with unit_getenv; NULL (and a message) on failure. */
struct sgit_repo *unit_open_repo(const char *name);
/* The same with another environment (a table that adds to unit_getenv, say). */
struct sgit_repo *unit_open_repo_env(const char *name, const char *(*getenv_fn)(const char *));

struct sgit_oid;
/* The tree of the revision spec in repo (a commit, a tag, a ref name, "HEAD"); 0 or < 0. */
int unit_tree_of(struct sgit_oid *out, struct sgit_repo *repo, const char *spec);

#endif
