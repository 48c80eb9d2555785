/* tests/unit/util/test_unquote.c: C-style quoted path names read back as git writes them */
#include <string.h>
#include "unit.h"
#include "sgit/errors.h"
#include "util/quote.h"

struct unquote_case {
	const char *in;
	const char *out;	/* NULL: refused */
	size_t outlen, consumed;
};

static const struct unquote_case cases[] = {
	{ "\"plain\"", "plain", 5, 7 },
	{ "\"tab\\there\"", "tab\there", 8, 11 },
	{ "\"\\a\\b\\f\\n\\r\\t\\v\\\\\\\"\"", "\a\b\f\n\r\t\v\\\"", 9, 20 },
	{ "\"\\303\\251t\\303\\251\"", "\303\251t\303\251", 5, 19 },
	{ "\"nul\\000byte\"", "nul\0byte", 8, 13 },
	{ "\"a\" trailing", "a", 1, 3 },
	{ "\"\"", "", 0, 2 },
	{ "unquoted", NULL, 0, 0 },
	{ "\"unterminated", NULL, 0, 0 },
	{ "\"bad \\q escape\"", NULL, 0, 0 },
	{ "\"octal \\400\"", NULL, 0, 0 },
	{ "\"short \\12\"", NULL, 0, 0 },
	{ "\"ends in \\", NULL, 0, 0 },
};

static void test_quoted_names_read_back_as_git_wrote_them(void)
{
	struct sgit_buf out = SGIT_BUF_INIT;
	size_t i, consumed;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int rc = sgit_unquote_c_style(&out, cases[i].in, strlen(cases[i].in), &consumed);

		if (!cases[i].out) {
			CU_ASSERT_EQUAL(rc, SGIT_EINVALID);
			continue;
		}
		CU_ASSERT_EQUAL(rc, 0);
		CU_ASSERT_EQUAL(out.len, cases[i].outlen);
		CU_ASSERT(out.len == cases[i].outlen && !memcmp(out.ptr, cases[i].out, out.len));
		CU_ASSERT_EQUAL(consumed, cases[i].consumed);
	}
	sgit_buf_release(&out);
}

static CU_TestInfo unquote_tests[] = {
	{ "quoted names read back as git wrote them, bad quoting refused",
	  test_quoted_names_read_back_as_git_wrote_them },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "unquote", .pTests = unquote_tests },
	CU_SUITE_INFO_NULL,
};
