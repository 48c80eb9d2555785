/* tests/unit/objects/test_ident.c: identity lines of commits and tags */
#include <stdio.h>
#include <string.h>
#include "unit.h"
#include "sgit/errors.h"
#include "sgit/ident.h"

static const struct ident_case {
	const char *line;
	const char *name;
	const char *email;
	int has_date;
	long long time;
	int tz;
	int tz_minutes;
	char tz_sign;
} cases[] = {
	{ "A U Thor <author@example.com> 1112911993 -0700", "A U Thor", "author@example.com", 1,
	  1112911993, -700, -420, '-' },
	{ "A U Thor <author@example.com> 1112911993 -0700\n", "A U Thor", "author@example.com", 1,
	  1112911993, -700, -420, '-' },
	{ "Odd (Name) O'Neil, Jr. <x@y> 0 +0530", "Odd (Name) O'Neil, Jr.", "x@y", 1, 0, 530, 330, '+' },
	{ "<nobody@x> 5 +0000", "", "nobody@x", 1, 5, 0, 0, '+' },
	{ "Spaces   <s@x>   7   -0000", "Spaces", "s@x", 1, 7, 0, 0, '-' },
	{ "Empty Mail <> 9 +0100", "Empty Mail", "", 1, 9, 100, 60, '+' },
	{ "No Date <n@x>", "No Date", "n@x", 0, 0, 0, 0, '+' },
	{ "Bad Date <n@x> yesterday", "Bad Date", "n@x", 0, 0, 0, 0, '+' },
	{ "No Zone <n@x> 12345", "No Zone", "n@x", 0, 0, 0, 0, '+' },
	{ "Sign Only <n@x> 12345 +", "Sign Only", "n@x", 0, 0, 0, 0, '+' },
	{ "Huge <h@x> 99999999999999999999999 +0200", "Huge", "h@x", 1, 0, 0, 0, '+' },
	{ "Max <m@x> 9223372036854775807 -1200", "Max", "m@x", 1, 9223372036854775807LL, -1200,
	  -720, '-' },
	{ "Name>Odd <a@b> 1 +0000", "Name>Odd", "a@b", 1, 1, 0, 0, '+' },
	{ "Two <a@b> junk <c@d> 3 +0100", "Two", "a@b", 1, 3, 100, 60, '+' },
};

static void test_identities_parse_as_git_reads_them(void)
{
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct ident_case *c = &cases[i];
		struct sgit_ident id;
		int rc = sgit_ident_parse(&id, c->line, strlen(c->line), NULL);

		CU_ASSERT_EQUAL(rc, 0);
		if (rc < 0)
			continue;
		CU_ASSERT(id.name_len == strlen(c->name) && !memcmp(id.name, c->name, id.name_len));
		CU_ASSERT(id.email_len == strlen(c->email) && !memcmp(id.email, c->email, id.email_len));
		CU_ASSERT_EQUAL(id.has_date, c->has_date);
		CU_ASSERT_EQUAL(id.time, c->time);
		CU_ASSERT_EQUAL(id.tz, c->tz);
		CU_ASSERT_EQUAL(id.tz_minutes, c->tz_minutes);
		CU_ASSERT_EQUAL(id.tz_sign, c->tz_sign);
		CU_ASSERT(c->has_date ? id.date != NULL : id.date == NULL);
		if (id.time != c->time || id.tz != c->tz || id.has_date != c->has_date)
			fprintf(stderr, "case '%s': time %lld tz %d\n", c->line, (long long)id.time, id.tz);
	}
}

static void test_date_part_is_kept_raw(void)
{
	static const char line[] = "A <a@b>  1112911993 -0700";
	struct sgit_ident id;

	CU_ASSERT_EQUAL_FATAL(sgit_ident_parse(&id, line, sizeof(line) - 1, NULL), 0);
	CU_ASSERT(id.date_len == 16 && !memcmp(id.date, "1112911993 -0700", 16));
}

static void test_missing_angle_brackets_are_refused(void)
{
	static const char *const bad[] = {
		"", "A U Thor", "A U Thor author@example.com> 1 +0000", "A <author@example.com 1 +0000",
		"A > B 1 +0000", "<", ">", "A <\n>",
	};
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct sgit_error err = SGIT_ERROR_INIT;
		struct sgit_ident id;

		CU_ASSERT_EQUAL(sgit_ident_parse(&id, bad[i], strlen(bad[i]), &err), SGIT_ECORRUPT);
		CU_ASSERT_PTR_NULL(id.name);
		CU_ASSERT(strstr(err.msg, "malformed identity") == err.msg);
	}
}

/* The length is authoritative: bytes after it are never looked at. */
static void test_length_bounds_the_line(void)
{
	static const char line[] = "A <a@b> 1 +0100 tail> 99 +0200";
	struct sgit_ident id;

	CU_ASSERT_EQUAL(sgit_ident_parse(&id, line, 15, NULL), 0);
	CU_ASSERT_EQUAL(id.time, 1);
	CU_ASSERT_EQUAL(id.tz, 100);
	CU_ASSERT_EQUAL(sgit_ident_parse(&id, line, 6, NULL), SGIT_ECORRUPT);
}

static CU_TestInfo ident_tests[] = {
	{ "identities parse as git reads them", test_identities_parse_as_git_reads_them },
	{ "the date part is kept as written", test_date_part_is_kept_raw },
	{ "a line without <email> is refused", test_missing_angle_brackets_are_refused },
	{ "the given length bounds the line", test_length_bounds_the_line },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "objects/ident", .pTests = ident_tests },
	CU_SUITE_INFO_NULL,
};
