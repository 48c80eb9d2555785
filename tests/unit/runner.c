/* tests/unit/runner.c: main() shared by every unit test executable */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <CUnit/Basic.h>
#include "unit.h"
#include "sgit/buf.h"
#include "sgit/repo.h"
#include "sgit/revparse.h"

static char tmpdir[256];

static void remove_tmpdir(void)
{
	char cmd[300];

	if (!tmpdir[0])
		return;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	if (system(cmd) != 0)
		fprintf(stderr, "cannot remove %s\n", tmpdir);
}

const char *unit_tmpdir(void)
{
	if (!tmpdir[0]) {
		const char *base = getenv("TMPDIR");

		snprintf(tmpdir, sizeof(tmpdir), "%s/sgit-unit-XXXXXX", base ? base : "/tmp");
		if (!mkdtemp(tmpdir)) {
			perror("mkdtemp");
			exit(2);
		}
		atexit(remove_tmpdir);
	}
	return tmpdir;
}

int unit_sh(const char *fmt, ...)
{
	struct sgit_buf cmd = SGIT_BUF_INIT;
	va_list ap;
	int rc;

	sgit_buf_printf(&cmd, "cd '%s' && export HOME='%s' GIT_CONFIG_NOSYSTEM=1 LC_ALL=C "
			"GIT_AUTHOR_NAME=A GIT_AUTHOR_EMAIL=a@x GIT_COMMITTER_NAME=C "
			"GIT_COMMITTER_EMAIL=c@x && (", unit_tmpdir(), unit_tmpdir());
	va_start(ap, fmt);
	sgit_buf_vaddf(&cmd, fmt, ap);
	va_end(ap);
	sgit_buf_adds(&cmd, ") >/dev/null 2>&1");
	rc = system(cmd.ptr);
	sgit_buf_release(&cmd);
	return rc;
}

int unit_gpg_sh(const char *gnupghome, const char *log, const char *fmt, ...)
{
	struct sgit_buf cmd = SGIT_BUF_INIT;
	va_list ap;
	int rc;

	sgit_buf_printf(&cmd, "cd '%s' && export HOME='%s' GNUPGHOME='%s' GIT_CONFIG_NOSYSTEM=1 LC_ALL=C TZ=UTC "
			"GIT_AUTHOR_NAME='A U Thor' GIT_AUTHOR_EMAIL=author@example.com "
			"GIT_COMMITTER_NAME='C O Mitter' GIT_COMMITTER_EMAIL=committer@example.com "
			"GIT_AUTHOR_DATE='1112911993 -0700' GIT_COMMITTER_DATE='1112912053 -0700' && (",
			unit_tmpdir(), unit_tmpdir(), gnupghome);
	va_start(ap, fmt);
	sgit_buf_vaddf(&cmd, fmt, ap);
	va_end(ap);
	sgit_buf_addf(&cmd, ") >>'%s' 2>&1", log);
	rc = system(cmd.ptr);
	sgit_buf_release(&cmd);
	return rc;
}

int unit_gpg_import(const char *gnupghome, const char *log)
{
	const char *top = getenv("SGIT_TEST_TOP");

	return unit_gpg_sh(gnupghome, log, "F='%s/tests/fixtures/gpg' && "
			   "gpg --batch --quiet --import $F/public.asc $F/secret.asc && "
			   "gpg --batch --quiet --import-ownertrust $F/ownertrust.txt && "
			   "gpg --batch --quiet --check-trustdb", top ? top : ".");
}

const char *unit_getenv(const char *name)
{
	if (!strcmp(name, "GIT_CONFIG_NOSYSTEM"))
		return "1";
	if (!strcmp(name, "HOME"))
		return unit_tmpdir();
	return NULL;
}

struct sgit_repo *unit_open_repo(const char *name)
{
	return unit_open_repo_env(name, unit_getenv);
}

struct sgit_repo *unit_open_repo_env(const char *name, const char *(*getenv_fn)(const char *))
{
	struct sgit_repo_options opts = SGIT_REPO_OPTIONS_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf dir = SGIT_BUF_INIT;
	struct sgit_repo *repo = NULL;

	sgit_buf_printf(&dir, "%s/%s", unit_tmpdir(), name);
	opts.start_dir = dir.ptr;
	opts.getenv = getenv_fn;
	if (sgit_repo_open(&repo, &opts, &err) < 0)
		fprintf(stderr, "\ncannot open %s: %s\n", name, err.msg);
	sgit_buf_release(&dir);
	return repo;
}

int unit_tree_of(struct sgit_oid *out, struct sgit_repo *repo, const char *spec)
{
	struct sgit_revparse_env env = { sgit_repo_odb(repo), sgit_repo_refdb(repo), NULL, NULL,
					 NULL, NULL, sgit_repo_error(repo), 0, NULL };
	struct sgit_oid id;

	if (sgit_revparse_single(&id, NULL, &env, spec) < 0)
		return -1;
	return sgit_revparse_peel(out, &env, &id, SGIT_OBJ_TREE);
}

static void print_failures(void)
{
	const CU_FailureRecord *f;

	for (f = CU_get_failure_list(); f; f = f->pNext)
		printf("  FAIL %s: %s: %s:%u: %s\n",
		       f->pSuite ? f->pSuite->pName : "?", f->pTest ? f->pTest->pName : "?",
		       f->strFileName ? f->strFileName : "?", f->uiLineNumber,
		       f->strCondition ? f->strCondition : "");
}

int main(void)
{
	unsigned run, failed;

	if (CU_initialize_registry() != CUE_SUCCESS || CU_register_suites(sgit_test_suites) != CUE_SUCCESS) {
		fprintf(stderr, "cannot register suites: %s\n", CU_get_error_msg());
		return 2;
	}
	CU_basic_set_mode(CU_BRM_SILENT);
	CU_basic_run_tests();
	print_failures();
	run = CU_get_number_of_tests_run();
	failed = CU_get_number_of_tests_failed();
	/* tests/run.sh reads this line */
	printf("unit-result: %u %u\n", run - failed, failed);
	CU_cleanup_registry();
	return failed ? 1 : 0;
}
