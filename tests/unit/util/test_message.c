/* tests/unit/util/test_message.c: message cleanup (expected outputs are git stripspace's) */
#include <stdio.h>
#include <string.h>
#include "unit.h"
#include "util/message.h"

/* input, then git stripspace's output, then git stripspace -s's output */
struct strip_case {
	const char *in;
	size_t in_len;
	const char *ws;
	size_t ws_len;
	const char *strip;
	size_t strip_len;
};

static const struct strip_case strip_cases[] = {
	{ "", 0, "", 0, "", 0 },
	{ "\n", 1, "", 0, "", 0 },
	{ "\n\n\n", 3, "", 0, "", 0 },
	{ "   \n\t\n", 6, "", 0, "", 0 },
	{ "x", 1, "x\n", 2, "x\n", 2 },
	{ "x\n", 2, "x\n", 2, "x\n", 2 },
	{ "x\n\n", 3, "x\n", 2, "x\n", 2 },
	{ "\n\nx", 3, "x\n", 2, "x\n", 2 },
	{ "a  \nb\t\t\n", 8, "a\nb\n", 4, "a\nb\n", 4 },
	{ "a \r\n", 4, "a\n", 2, "a\n", 2 },
	{ "a\r\r\n", 4, "a\n", 2, "a\n", 2 },
	{ "a\n\n\n\nb\n", 7, "a\n\nb\n", 5, "a\n\nb\n", 5 },
	{ "a\n \n\t\n\nb", 8, "a\n\nb\n", 5, "a\n\nb\n", 5 },
	{ "  lead\n", 7, "  lead\n", 7, "  lead\n", 7 },
	{ "a\013\n", 3, "a\013\n", 3, "a\013\n", 3 },
	{ "a\014\n\n", 4, "a\014\n", 3, "a\014\n", 3 },
	{ "line\n\n\n", 7, "line\n", 5, "line\n", 5 },
	{ "# c\na\n", 6, "# c\na\n", 6, "a\n", 2 },
	{ "a\n# c\n", 6, "a\n# c\n", 6, "a\n", 2 },
	{ " # not\n", 7, " # not\n", 7, " # not\n", 7 },
	{ "a\n\n# c\n\nb\n", 10, "a\n\n# c\n\nb\n", 10, "a\n\nb\n", 5 },
	{ "#\n#\n", 4, "#\n#\n", 4, "", 0 },
	{ "a\n#\n\n#\nb", 8, "a\n#\n\n#\nb\n", 9, "a\n\nb\n", 5 },
	{ "\n# only\n\n", 9, "# only\n", 7, "", 0 },
	{ "x # y  \n", 8, "x # y\n", 6, "x # y\n", 6 },
	{ "a\000b  \n", 6, "a\000b\n", 4, "a\000b\n", 4 },
	{ "##\n", 3, "##\n", 3, "", 0 },
	{ "subject\n\nbody line 1\nbody line 2\n\n\n\n-- \nsig\n", 44, "subject\n\nbody line 1\nbody line 2\n\n--\nsig\n", 41, "subject\n\nbody line 1\nbody line 2\n\n--\nsig\n", 41 },
	{ "\t\n\ttabbed\n", 10, "\ttabbed\n", 8, "\ttabbed\n", 8 },
};

static int cleaned_is(const struct strip_case *c, enum sgit_cleanup_mode mode, const char *want,
		      size_t want_len)
{
	struct sgit_buf b = SGIT_BUF_INIT;
	int ok;

	ok = sgit_buf_set(&b, c->in, c->in_len) == 0 && sgit_message_cleanup(&b, mode, '#') == 0 &&
	     b.len == want_len && !memcmp(b.ptr, want, want_len) && b.ptr[b.len] == '\0';
	if (!ok)
		fprintf(stderr, "\nmode %d of case %zu bytes '%.*s': got %zu bytes '%s'\n", (int)mode,
			c->in_len, (int)c->in_len, c->in, b.len, b.ptr);
	sgit_buf_release(&b);
	return ok;
}

static void test_whitespace_mode_is_git_stripspace(void)
{
	size_t i;

	for (i = 0; i < sizeof(strip_cases) / sizeof(strip_cases[0]); i++)
		CU_ASSERT(cleaned_is(&strip_cases[i], SGIT_CLEANUP_WHITESPACE, strip_cases[i].ws,
				     strip_cases[i].ws_len));
}

static void test_strip_mode_is_git_stripspace_s(void)
{
	size_t i;

	for (i = 0; i < sizeof(strip_cases) / sizeof(strip_cases[0]); i++)
		CU_ASSERT(cleaned_is(&strip_cases[i], SGIT_CLEANUP_STRIP, strip_cases[i].strip,
				     strip_cases[i].strip_len));
}

static void test_verbatim_mode_changes_nothing(void)
{
	size_t i;

	for (i = 0; i < sizeof(strip_cases) / sizeof(strip_cases[0]); i++)
		CU_ASSERT(cleaned_is(&strip_cases[i], SGIT_CLEANUP_VERBATIM, strip_cases[i].in,
				     strip_cases[i].in_len));
}

static void test_another_comment_char_is_honoured(void)
{
	struct sgit_buf b = SGIT_BUF_INIT;

	sgit_buf_sets(&b, "a\n# kept\n; gone\n;\n");
	CU_ASSERT_EQUAL(sgit_message_cleanup(&b, SGIT_CLEANUP_STRIP, ';'), 0);
	CU_ASSERT_STRING_EQUAL(b.ptr, "a\n# kept\n");
	sgit_buf_release(&b);
}

/* input, then what scissors mode leaves */
static const struct {
	const char *in, *out;
} scissors_cases[] = {
	{ "a\n# ------------------------ >8 ------------------------\nb\n", "a\n" },
	{ "# ------------------------ >8 ------------------------\nb\n", "" },
	{ "a\n\n# c\n# ------------------------ >8 ------------------------\n# x\n", "a\n\n# c\n" },
	/* only the exact line cuts: two spaces, text after it, an indented one */
	{ "a\n#  ------------------------ >8 ------------------------\nb\n",
	  "a\n#  ------------------------ >8 ------------------------\nb\n" },
	{ "a\n# ------------------------ >8 ------------------------ x\nb\n",
	  "a\n# ------------------------ >8 ------------------------ x\nb\n" },
	{ " # ------------------------ >8 ------------------------\nb\n",
	  " # ------------------------ >8 ------------------------\nb\n" },
	{ "a\n# ------------------------ >8 ------------------------", "a\n# ------------------------ >8 ------------------------\n" },
	{ "a  \n\n\n# ------------------------ >8 ------------------------\n", "a\n" },
};

static void test_scissors_mode_cuts_at_the_scissors_line(void)
{
	struct sgit_buf b = SGIT_BUF_INIT;
	size_t i;

	for (i = 0; i < sizeof(scissors_cases) / sizeof(scissors_cases[0]); i++) {
		sgit_buf_sets(&b, scissors_cases[i].in);
		CU_ASSERT_EQUAL(sgit_message_cleanup(&b, SGIT_CLEANUP_SCISSORS, '#'), 0);
		CU_ASSERT_STRING_EQUAL(b.ptr, scissors_cases[i].out);
	}
	sgit_buf_reset(&b);
	CU_ASSERT_EQUAL(sgit_message_add_scissors(&b, ';'), 0);
	CU_ASSERT_STRING_EQUAL(b.ptr, "; ------------------------ >8 ------------------------\n");
	CU_ASSERT_EQUAL(sgit_message_scissors_offset(b.ptr, b.len, ';'), 0);
	sgit_buf_release(&b);
}

/* text, then git stripspace -c's output */
static const struct {
	const char *in, *out;
} commented_cases[] = {
	{ "", "" },
	{ "a", "# a\n" },
	{ "a\n", "# a\n" },
	{ "\nWrite a message for tag:\n  v1\nLines starting with '#' will be ignored.\n", "#\n# Write a message for tag:\n#   v1\n# Lines starting with '#' will be ignored.\n" },
	{ "\ttab\n\nx\n", "#\ttab\n#\n# x\n" },
	{ "  sp\n", "#   sp\n" },
	{ "a\n\n\nb", "# a\n#\n#\n# b\n" },
};

static void test_template_lines_are_commented_as_git_does(void)
{
	struct sgit_buf b = SGIT_BUF_INIT;
	size_t i;

	for (i = 0; i < sizeof(commented_cases) / sizeof(commented_cases[0]); i++) {
		sgit_buf_reset(&b);
		CU_ASSERT_EQUAL(sgit_message_add_commented(&b, commented_cases[i].in,
							   strlen(commented_cases[i].in), '#'), 0);
		CU_ASSERT_STRING_EQUAL(b.ptr, commented_cases[i].out);
	}
	sgit_buf_sets(&b, "x\n");
	CU_ASSERT_EQUAL(sgit_message_add_commented(&b, "a\nb", 3, ';'), 0);
	CU_ASSERT_STRING_EQUAL(b.ptr, "x\n; a\n; b\n");
	sgit_buf_release(&b);
}

/* value, editing, then the mode (-1: refused) */
static const struct {
	const char *value;
	int editing;
	int mode;
} mode_cases[] = {
	{ "verbatim", 1, SGIT_CLEANUP_VERBATIM }, { "whitespace", 1, SGIT_CLEANUP_WHITESPACE },
	{ "strip", 0, SGIT_CLEANUP_STRIP }, { "scissors", 1, SGIT_CLEANUP_SCISSORS },
	{ "scissors", 0, SGIT_CLEANUP_WHITESPACE }, { "default", 1, SGIT_CLEANUP_STRIP },
	{ "default", 0, SGIT_CLEANUP_WHITESPACE }, { "Strip", 1, -1 }, { "", 0, -1 },
};

static void test_cleanup_values_are_read_as_git_reads_them(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	enum sgit_cleanup_mode mode;
	size_t i;

	for (i = 0; i < sizeof(mode_cases) / sizeof(mode_cases[0]); i++) {
		int rc = sgit_message_cleanup_mode_parse(&mode, mode_cases[i].value,
							 mode_cases[i].editing, &err);

		if (mode_cases[i].mode < 0) {
			CU_ASSERT_EQUAL(rc, SGIT_EINVALID);
		} else {
			CU_ASSERT_EQUAL(rc, 0);
			CU_ASSERT_EQUAL((int)mode, mode_cases[i].mode);
		}
	}
	CU_ASSERT_STRING_EQUAL(err.msg, "invalid cleanup mode ");
}

CU_TestInfo message_tests[] = {
	{ "whitespace mode is git stripspace", test_whitespace_mode_is_git_stripspace },
	{ "strip mode is git stripspace -s", test_strip_mode_is_git_stripspace_s },
	{ "verbatim mode changes nothing", test_verbatim_mode_changes_nothing },
	{ "another comment char is honoured", test_another_comment_char_is_honoured },
	{ "scissors mode cuts at the scissors line", test_scissors_mode_cuts_at_the_scissors_line },
	{ "template lines are commented as git does", test_template_lines_are_commented_as_git_does },
	{ "cleanup values are read as git reads them", test_cleanup_values_are_read_as_git_reads_them },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "message", .pTests = message_tests },
	CU_SUITE_INFO_NULL,
};
