/* tests/unit/util/test_wildmatch.c: globs with git's rules (cases checked against git's pathspec globs) */
#include <stdio.h>
#include <string.h>
#include "unit.h"
#include "util/wildmatch.h"

struct wm_case {
	const char *pattern, *text;
	unsigned flags;
	int match;
};

#define P SGIT_WM_PATHNAME
#define I SGIT_WM_CASEFOLD

static const struct wm_case cases[] = {
	{ "abc", "abc", P, 1 }, { "abc", "abd", P, 0 }, { "ab", "abc", P, 0 },
	{ "*", "abc", P, 1 }, { "*", "a/b", P, 0 }, { "*", "a/b", 0, 1 }, { "*", "", P, 1 },
	{ "a/*", "a/b", P, 1 }, { "a/*", "a/b/c", P, 0 }, { "*/b", "x/b", P, 1 }, { "*/b", "x/y/b", P, 0 },
	{ "**", "a/b/c", P, 1 }, { "a/**", "a/b/c", P, 1 }, { "a/**", "a/", P, 1 }, { "a/**", "a", P, 0 },
	{ "**/b", "b", P, 1 }, { "**/b", "a/x/y/b", P, 1 }, { "**/b", "a/bb", P, 0 },
	{ "a/**/b", "a/b", P, 1 }, { "a/**/b", "a/x/b", P, 1 }, { "a/**/b", "a/x/y/b", P, 1 },
	{ "a/**/b", "x/a/b", P, 0 }, { "**/a/**", "x/a/b", P, 1 }, { "a/**/", "a/b/", P, 1 },
	{ "a**", "abc", P, 1 }, { "a**", "a/b", P, 0 }, { "**a", "ba", P, 1 }, { "**a", "b/a", P, 0 },
	{ "***/b", "a/b", P, 1 }, { "*/**/b", "a/b", P, 1 }, { "*/**/b", "a/x/y/b", P, 1 },
	{ "*.c", "foo.c", P, 1 }, { "*.c", "bar/foo.c", P, 0 }, { "**/*.c", "bar/baz/foo.c", P, 1 },
	{ "bar/**/foo.c", "bar/foo.c", P, 1 }, { "*/*/*", "a/x/b", P, 1 }, { "*/*/*", "a/b", P, 0 },
	{ "?", "a", P, 1 }, { "?", "/", P, 0 }, { "a?b", "a-b", P, 1 }, { "a?b", "a/b", P, 0 },
	{ "[ab]", "b", P, 1 }, { "[ab]", "c", P, 0 }, { "[!a]", "b", P, 1 }, { "[!a]", "a", P, 0 },
	{ "[^a]*", "bcd", P, 1 }, { "[a-c]*", "b1", P, 1 }, { "[a-c]*", "d1", P, 0 },
	{ "a[]]b", "a]b", P, 1 }, { "a[[]b", "a[b", P, 1 }, { "[--]*", "-x", P, 1 },
	{ "[a\\-b]*", "-", P, 1 }, { "[a\\-b]*", "c", P, 0 }, { "[/]", "/", P, 0 },
	{ "[[:upper:]]", "A", P, 1 }, { "[[:upper:]]", "a", P, 0 }, { "[[:upper:]]", "a", P | I, 1 },
	{ "x[[:alnum:]]", "x1", P, 1 }, { "x[[:punct:]]", "x_", P, 1 }, { "x[[:punct:]]", "x1", P, 0 },
	{ "[[:digit:][:punct:]]*", "1a", P, 1 }, { "[[:space:]]", " ", P, 1 }, { "[[:xdigit:]]", "F", P, 1 },
	{ "[[:foo:]]", "f", P, 0 }, { "[b", "[b", P, 0 }, { "*[", "a[", P, 0 },
	{ "a\\*", "a*", P, 1 }, { "a\\*", "ab", P, 0 }, { "a\\", "a", P, 0 },
	{ "ABC", "abc", P | I, 1 }, { "abc", "ABC", P | I, 1 }, { "a*C", "AbbC", P | I, 1 },
	{ "[a-b]", "B", P | I, 1 }, { "[A]", "a", P | I, 0 },
	{ "**/work/**", "/home/u/work/.git", P, 1 }, { "**/work/**", "/home/u/Work/.git", P, 0 },
	{ "**/work/**", "/home/u/Work/.git", P | I, 1 }, { "/srv/*/repo/**", "/srv/x/repo/.git", P, 1 },
	{ "feat*/**", "feature/a", P, 1 }, { "feat*/**", "feature", P, 0 },
	{ "a*a*a*a*a*a*a*a*a*b", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", P, 0 },
	{ "**/**/**/**/**/b", "a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/c", P, 0 },
	{ "**/**/b", "b", P, 1 }, { "**/***/b", "a/b", P, 1 }, { "a/**/**/b", "a/b", P, 1 },
	{ "**/**/**", "a/b", P, 1 },
	/* without PATHNAME "**" is a plain star (git ls-files with a glob and no magic) */
	{ "**/b.txt", "b.txt", 0, 0 }, { "**/b.txt", "d/b.txt", 0, 1 }, { "d/**/b.txt", "d/b.txt", 0, 0 },
	{ "d**b.txt", "d/b.txt", 0, 1 }, { "**b.txt", "d/b.txt", 0, 1 }, { "a/**/y", "a/a/a/y", 0, 1 }, { "**/**a/b", "xa/b", P, 1 }, { "**/**a/b", "x/y/b", P, 0 },
};

static void test_globs_match_as_git_matches_them(void)
{
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int got = sgit_wildmatch(cases[i].pattern, cases[i].text, cases[i].flags);

		CU_ASSERT_EQUAL(got, cases[i].match);
		if (got != cases[i].match)
			fprintf(stderr, "\n'%s' vs '%s' (flags %u): got %d\n", cases[i].pattern,
				cases[i].text, cases[i].flags, got);
	}
}

/*
 * Found by fuzzing: 25 "**" components in a row against a short text made
 * the matcher retry every split, for minutes. It must answer at once.
 */
static void test_repeated_starstar_components_match_in_polynomial_time(void)
{
	static const char pattern[] = "**/**/**/**/***/**/**/**/**/**/***/**/***/**/**/**/***/**//*+/*/"
				      "\325\325\320";
	static const char text[] = "\"*/**/*/\325\325\320";
	char deep[256], many[256];
	size_t i;

	CU_ASSERT_EQUAL(sgit_wildmatch(pattern, text, SGIT_WM_PATHNAME | SGIT_WM_CASEFOLD), 0);
	for (i = 0; i < 40; i++)
		memcpy(many + 3 * i, "**/", 3);
	memcpy(many + 3 * i, "x", 2);
	for (i = 0; i < 60; i++)
		memcpy(deep + 2 * i, "a/", 2);
	memcpy(deep + 2 * i, "y", 2);
	CU_ASSERT_EQUAL(sgit_wildmatch(many, deep, SGIT_WM_PATHNAME), 0);
	deep[2 * i] = 'x';
	CU_ASSERT_EQUAL(sgit_wildmatch(many, deep, SGIT_WM_PATHNAME), 1);
	CU_ASSERT_EQUAL(sgit_wildmatch(many, "x", SGIT_WM_PATHNAME), 1);
}

/*
 * Found by fuzzing: stars each followed by a literal that the rest of the
 * text lacks ("\377" here) retried every split of the text between them.
 */
static void test_a_missing_literal_after_stars_fails_at_once(void)
{
	static const char pattern[] = "*/**/**/*/**/***/***/**/*/**/***/**/**/*\377/**/****\\";
	static const char text[] = "a**//*\003/\010-a/\004*/***/*/*\004\024\004\004.**/**//***/***/**/*/***/*/*"
				   "\004\024\004\004.**/**//***/***/**/*/**/***/**/**/*/**/*/**/***/**/**/*/**/****\\";
	char many[128], text2[256];
	size_t i;

	CU_ASSERT_EQUAL(sgit_wildmatch(pattern, text, SGIT_WM_CASEFOLD), 0);
	CU_ASSERT_EQUAL(sgit_wildmatch(pattern, text, SGIT_WM_PATHNAME), 0);
	/* "*a*a...*a*b" against many "a/": the b is missing, with and without PATHNAME */
	for (i = 0; i < 30; i++)
		memcpy(many + 2 * i, "*a", 2);
	memcpy(many + 2 * i, "*b", 3);
	for (i = 0; i < 100; i++)
		memcpy(text2 + 2 * i, "a/", 2);
	text2[2 * i] = '\0';
	CU_ASSERT_EQUAL(sgit_wildmatch(many, text2, 0), 0);
	CU_ASSERT_EQUAL(sgit_wildmatch(many, text2, SGIT_WM_PATHNAME), 0);
	text2[2 * i - 1] = 'b';
	CU_ASSERT_EQUAL(sgit_wildmatch(many, text2, 0), 1);
}

CU_TestInfo wildmatch_tests[] = {
	{ "globs match as git matches them", test_globs_match_as_git_matches_them },
	{ "repeated ** components match in polynomial time",
	  test_repeated_starstar_components_match_in_polynomial_time },
	{ "a missing literal after stars fails at once", test_a_missing_literal_after_stars_fails_at_once },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "wildmatch", .pTests = wildmatch_tests },
	CU_SUITE_INFO_NULL,
};
