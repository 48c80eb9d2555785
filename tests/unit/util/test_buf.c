/* tests/unit/util/test_buf.c: struct sgit_buf and the error slot */
#include <stdlib.h>
#include <string.h>
#include "unit.h"
#include "sgit/buf.h"
#include "sgit/errors.h"

static void test_empty_buffer_is_an_empty_string(void)
{
	struct sgit_buf b = SGIT_BUF_INIT;

	CU_ASSERT_PTR_NOT_NULL(b.ptr);
	CU_ASSERT_STRING_EQUAL(b.ptr, "");
	CU_ASSERT_EQUAL(b.len, 0);
	sgit_buf_release(&b);
	CU_ASSERT_STRING_EQUAL(b.ptr, "");
}

static void test_add_keeps_nul_bytes_and_terminates(void)
{
	struct sgit_buf b = SGIT_BUF_INIT;

	CU_ASSERT_EQUAL(sgit_buf_add(&b, "a\0b", 3), 0);
	CU_ASSERT_EQUAL(sgit_buf_adds(&b, "cd"), 0);
	CU_ASSERT_EQUAL(b.len, 5);
	CU_ASSERT(memcmp(b.ptr, "a\0bcd", 6) == 0);
	sgit_buf_release(&b);
}

static void test_set_replaces_and_add_appends(void)
{
	struct sgit_buf b = SGIT_BUF_INIT;

	sgit_buf_sets(&b, "hello");
	sgit_buf_sets(&b, "bye");
	CU_ASSERT_STRING_EQUAL(b.ptr, "bye");
	sgit_buf_addf(&b, " %d %s", 42, "x");
	CU_ASSERT_STRING_EQUAL(b.ptr, "bye 42 x");
	sgit_buf_printf(&b, "%05d", 7);
	CU_ASSERT_STRING_EQUAL(b.ptr, "00007");
	sgit_buf_release(&b);
}

static void test_set_from_its_own_content_works(void)
{
	struct sgit_buf b = SGIT_BUF_INIT;

	sgit_buf_sets(&b, "prefix:value");
	sgit_buf_set(&b, b.ptr + 7, b.len - 7);
	CU_ASSERT_STRING_EQUAL(b.ptr, "value");
	sgit_buf_release(&b);
}

static void test_growing_past_many_reallocations_keeps_content(void)
{
	struct sgit_buf b = SGIT_BUF_INIT;
	size_t i;
	int ok = 1;

	for (i = 0; i < 100000; i++)
		sgit_buf_addch(&b, (char)('a' + i % 26));
	for (i = 0; i < 100000; i++)
		ok &= b.ptr[i] == (char)('a' + i % 26);
	CU_ASSERT(ok);
	CU_ASSERT_EQUAL(b.ptr[100000], '\0');
	sgit_buf_release(&b);
}

static void test_long_formatted_text_is_not_cut(void)
{
	struct sgit_buf b = SGIT_BUF_INIT;
	char big[5000];

	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	sgit_buf_addf(&b, "<%s>", big);
	CU_ASSERT_EQUAL(b.len, sizeof(big) + 1);
	CU_ASSERT_EQUAL(b.ptr[b.len - 1], '>');
	sgit_buf_release(&b);
}

static void test_rtrim_truncate_and_detach(void)
{
	struct sgit_buf b = SGIT_BUF_INIT;
	size_t len;
	char *p;

	sgit_buf_sets(&b, "text \t\r\n\n");
	sgit_buf_rtrim(&b);
	CU_ASSERT_STRING_EQUAL(b.ptr, "text");
	sgit_buf_truncate(&b, 2);
	CU_ASSERT_STRING_EQUAL(b.ptr, "te");
	p = sgit_buf_detach(&b, &len);
	CU_ASSERT_STRING_EQUAL(p, "te");
	CU_ASSERT_EQUAL(len, 2);
	CU_ASSERT_EQUAL(b.len, 0);
	free(p);
	p = sgit_buf_detach(&b, &len);	/* an empty buffer still hands out memory to free */
	CU_ASSERT_PTR_NOT_NULL(p);
	free(p);
}

static void test_error_slot_formats_and_prefixes(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;

	CU_ASSERT_EQUAL(sgit_error_set(&err, SGIT_ENOTFOUND, "object '%s' not found", "ab12"),
			SGIT_ENOTFOUND);
	CU_ASSERT_STRING_EQUAL(sgit_error_message(&err), "object 'ab12' not found");
	sgit_error_prefix(&err, "cannot read '%s'", "x");
	CU_ASSERT_STRING_EQUAL(err.msg, "cannot read 'x': object 'ab12' not found");
	CU_ASSERT_EQUAL(err.code, SGIT_ENOTFOUND);
	sgit_error_clear(&err);
	CU_ASSERT_EQUAL(err.code, 0);
	CU_ASSERT_EQUAL(sgit_error_set(NULL, SGIT_EOS, "ignored"), SGIT_EOS);
	err.code = SGIT_ENOMEM;
	CU_ASSERT_STRING_EQUAL(sgit_error_message(&err), "out of memory");
}

static CU_TestInfo buf_tests[] = {
	{ "an empty buffer is an empty string", test_empty_buffer_is_an_empty_string },
	{ "add keeps NUL bytes and terminates", test_add_keeps_nul_bytes_and_terminates },
	{ "set replaces and add appends", test_set_replaces_and_add_appends },
	{ "set from its own content works", test_set_from_its_own_content_works },
	{ "growing past many reallocations keeps content", test_growing_past_many_reallocations_keeps_content },
	{ "long formatted text is not cut", test_long_formatted_text_is_not_cut },
	{ "rtrim, truncate and detach", test_rtrim_truncate_and_detach },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo error_tests[] = {
	{ "the error slot formats and prefixes messages", test_error_slot_formats_and_prefixes },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "util/buf", .pTests = buf_tests },
	{ .pName = "util/error", .pTests = error_tests },
	CU_SUITE_INFO_NULL,
};
