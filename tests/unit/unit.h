/* tests/unit/unit.h: each test file defines the suites it brings; runner.c runs them */
#ifndef SGIT_TEST_UNIT_H
#define SGIT_TEST_UNIT_H

#include <CUnit/CUnit.h>

/* NULL-terminated (CU_SUITE_INFO_NULL); one definition per test executable. */
extern CU_SuiteInfo sgit_test_suites[];

/* A fresh empty folder for this test process (removed at exit). */
const char *unit_tmpdir(void);

#endif
