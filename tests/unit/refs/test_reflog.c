/* tests/unit/refs/test_reflog.c: reflog bytes parsed line by line, malformed lines skipped */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "unit.h"
#include "sgit/refs.h"
#include "refs/refdb_int.h"

#define A "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
#define B "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
#define WHO "C O Mitter <c@example.com> 1112912053 -0700"

struct seen {
	int n;
	char msg[4][64];
	char who[4][64];
};

static int collect(const struct sgit_reflog_entry *e, void *payload)
{
	struct seen *s = payload;

	if (s->n < 4) {
		snprintf(s->msg[s->n], sizeof(s->msg[0]), "%s", e->message);
		snprintf(s->who[s->n], sizeof(s->who[0]), "%s", e->committer);
	}
	s->n++;
	return 0;
}

/* Parse an exact-size copy, so that ASan sees a read past the end. */
static int parse(struct seen *s, const char *bytes)
{
	size_t len = strlen(bytes);
	char *copy = malloc(len + 1);
	int rc;

	memcpy(copy, bytes, len + 1);
	memset(s, 0, sizeof(*s));
	rc = sgit_reflog__parse(copy, len, collect, s);
	free(copy);
	return rc;
}

static void test_entries_are_read_and_malformed_lines_skipped(void)
{
	struct seen s;

	CU_ASSERT_EQUAL(parse(&s, A " " B " " WHO "\tcommit: one\n"
				  "garbage\n"
				  A " " B " " WHO "\n"
				  A " " B " " WHO "\tlast, no LF"), 0);
	CU_ASSERT_EQUAL(s.n, 3);
	CU_ASSERT_STRING_EQUAL(s.msg[0], "commit: one");
	CU_ASSERT_STRING_EQUAL(s.who[0], WHO);
	CU_ASSERT_STRING_EQUAL(s.msg[1], "");
	CU_ASSERT_STRING_EQUAL(s.msg[2], "last, no LF");
}

static void test_short_lines_are_skipped(void)
{
	struct seen s;

	CU_ASSERT_EQUAL(parse(&s, A " " B "\n" A " " B " \n\n" A "\n" A " " B " x"), 0);
	CU_ASSERT_EQUAL(s.n, 1);	/* only the last has something after the ids */
	CU_ASSERT_STRING_EQUAL(s.who[0], "x");
}

static CU_TestInfo reflog_tests[] = {
	{ "entries are read and malformed lines skipped", test_entries_are_read_and_malformed_lines_skipped },
	{ "short lines are skipped", test_short_lines_are_skipped },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "refs/reflog", .pTests = reflog_tests },
	CU_SUITE_INFO_NULL,
};
