/* tests/unit/util/test_quote.c: path quoting as git's core.quotePath */
#include <string.h>
#include "unit.h"
#include "util/quote.h"

static const struct {
	const char *name;
	int quote_high;
	const char *want;	/* checked with git ls-tree / git status output */
} cases[] = {
	{ "plain.txt", 1, "plain.txt" },
	{ "with space", 1, "with space" },
	{ "na\xc3\xafve.txt", 1, "\"na\\303\\257ve.txt\"" },
	{ "na\xc3\xafve.txt", 0, "na\xc3\xafve.txt" },
	{ "tab\there", 1, "\"tab\\there\"" },
	{ "new\nline", 0, "\"new\\nline\"" },
	{ "quote\"d", 1, "\"quote\\\"d\"" },
	{ "back\\slash", 1, "\"back\\\\slash\"" },
	{ "bell\a", 1, "\"bell\\a\"" },
	{ "esc\x1b", 1, "\"esc\\033\"" },
	{ "del\x7f", 1, "\"del\\177\"" },
};

static void test_names_are_quoted_as_git_quotes_them(void)
{
	struct sgit_buf out = SGIT_BUF_INIT;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		sgit_buf_reset(&out);
		CU_ASSERT_EQUAL(sgit_quote_c_style_add(&out, cases[i].name, strlen(cases[i].name),
						       cases[i].quote_high), 0);
		CU_ASSERT_STRING_EQUAL(out.ptr, cases[i].want);
	}
	sgit_buf_release(&out);
}

static CU_TestInfo quote_tests[] = {
	{ "names are quoted as git quotes them", test_names_are_quoted_as_git_quotes_them },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "util/quote", .pTests = quote_tests },
	CU_SUITE_INFO_NULL,
};
