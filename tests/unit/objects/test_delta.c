/* tests/unit/objects/test_delta.c: applying git deltas, well-formed and malformed */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "unit.h"
#include "objects/delta.h"
#include "sgit/errors.h"

#define BASE "hello world"	/* 11 bytes: the base of most cases */
#define BIG_BASE 0x10000	/* the base of cases marked big: bytes i & 0xff */

static const struct delta_case {
	const char *name;
	int big_base;
	const char *delta;
	size_t delta_len;
	int rc;
	const char *result;	/* NULL: the whole big base */
	size_t result_len;
} cases[] = {
	{ "copy from an offset", 0, "\x0b\x05\x91\x06\x05", 5, 0, "world", 5 },
	{ "copy with no offset bytes starts at 0", 0, "\x0b\x05\x90\x05", 4, 0, "hello", 5 },
	{ "insert", 0, "\x0b\x03\x03" "abc", 6, 0, "abc", 3 },
	{ "copy, insert, copy", 0, "\x0b\x0f\x90\x06\x03" "big" "\x91\x05\x06", 11, 0,
	  "hello big world", 15 },
	{ "two-byte offset and size", 0, "\x0b\x02\xb3\x09\x00\x02\x00", 7, 0, "ld", 2 },
	{ "empty result from no instructions", 0, "\x0b\x00", 2, 0, "", 0 },
	{ "a copy of size 0 means 0x10000", 1, "\x80\x80\x04\x80\x80\x04\x80", 7, 0, NULL,
	  BIG_BASE },
	{ "copy past the base end", 0, "\x0b\x05\x91\x08\x05", 5, SGIT_ECORRUPT, NULL, 0 },
	{ "copy whose offset plus size wraps", 0, "\x0b\x10\x9f\xff\xff\xff\xff\x10", 8,
	  SGIT_ECORRUPT, NULL, 0 },
	{ "copy of 0x10000 from a small base", 0, "\x0b\x80\x80\x04\x80", 5, SGIT_ECORRUPT,
	  NULL, 0 },
	{ "copy instruction cut short", 0, "\x0b\x05\x91\x06", 4, SGIT_ECORRUPT, NULL, 0 },
	{ "insert past the delta end", 0, "\x0b\x05\x05" "ab", 5, SGIT_ECORRUPT, NULL, 0 },
	{ "reserved opcode 0", 0, "\x0b\x01\x00", 3, SGIT_ECORRUPT, NULL, 0 },
	{ "result shorter than its header", 0, "\x0b\x06\x90\x05", 4, SGIT_ECORRUPT, NULL, 0 },
	{ "result longer than its header", 0, "\x0b\x04\x90\x05", 4, SGIT_ECORRUPT, NULL, 0 },
	{ "base of the wrong size", 0, "\x0c\x05\x90\x05", 4, SGIT_ECORRUPT, NULL, 0 },
	{ "base size cut short", 0, "\x8b", 1, SGIT_ECORRUPT, NULL, 0 },
	{ "result size cut short", 0, "\x0b\x85", 2, SGIT_ECORRUPT, NULL, 0 },
	{ "size of more than 64 bits", 0,
	  "\xff\xff\xff\xff\xff\xff\xff\xff\xff\x7f\x05\x90\x05", 13, SGIT_ECORRUPT, NULL, 0 },
	{ "result far larger than the instructions can make", 0,
	  "\x0b\xff\xff\xff\xff\xff\xff\xff\xff\x0f\x90\x05", 12, SGIT_ECORRUPT, NULL, 0 },
	{ "empty delta", 0, "", 0, SGIT_ECORRUPT, NULL, 0 },
};

static unsigned char *big_base(void)
{
	unsigned char *b = malloc(BIG_BASE);
	size_t i;

	for (i = 0; b && i < BIG_BASE; i++)
		b[i] = (unsigned char)(i & 0xff);
	return b;
}

static void check_case(const struct delta_case *c, const unsigned char *big)
{
	const unsigned char *base = c->big_base ? big : (const unsigned char *)BASE;
	size_t base_len = c->big_base ? BIG_BASE : strlen(BASE);
	const void *want = c->result ? (const void *)c->result : (const void *)big;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf out = SGIT_BUF_INIT;
	int rc;

	sgit_buf_sets(&out, "stale");
	rc = sgit_delta_apply(&out, base, base_len, (const unsigned char *)c->delta, c->delta_len,
			      &err);
	CU_ASSERT_EQUAL(rc, c->rc);
	if (rc != c->rc)
		fprintf(stderr, "case '%s': rc %d (%s)\n", c->name, rc, err.msg);
	if (c->rc == 0) {
		CU_ASSERT_EQUAL(out.len, c->result_len);
		CU_ASSERT(out.len == c->result_len && !memcmp(out.ptr, want, out.len));
		CU_ASSERT_EQUAL(out.ptr[out.len], '\0');
	} else {
		CU_ASSERT_EQUAL(out.len, 0);
		CU_ASSERT(strncmp(err.msg, "delta ", 6) == 0);
	}
	sgit_buf_release(&out);
}

static void test_delta_table(void)
{
	unsigned char *big = big_base();
	size_t i;

	CU_ASSERT_PTR_NOT_NULL_FATAL(big);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		check_case(&cases[i], big);
	free(big);
}

static void test_apply_into_checks_the_destination_size(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	unsigned char dst[8];

	CU_ASSERT_EQUAL(sgit_delta_apply_into(dst, 5, (const unsigned char *)BASE, 11,
					      (const unsigned char *)"\x0b\x05\x91\x06\x05", 5, &err), 0);
	CU_ASSERT(!memcmp(dst, "world", 5));
	CU_ASSERT_EQUAL(sgit_delta_apply_into(dst, 4, (const unsigned char *)BASE, 11,
					      (const unsigned char *)"\x0b\x05\x91\x06\x05", 5, &err),
			SGIT_ECORRUPT);
}

static void test_sizes_are_read_from_the_header(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	size_t base = 1, result = 1;

	/* 300 = 0xac 0x02, 0x10000 = 0x80 0x80 0x04 */
	CU_ASSERT_EQUAL(sgit_delta_sizes(&base, &result,
					 (const unsigned char *)"\xac\x02\x80\x80\x04\x80", 6, &err), 0);
	CU_ASSERT_EQUAL(base, 300);
	CU_ASSERT_EQUAL(result, 0x10000);
	CU_ASSERT_EQUAL(sgit_delta_sizes(&base, &result, (const unsigned char *)"\xac", 1, &err),
			SGIT_ECORRUPT);
	CU_ASSERT_EQUAL(base, 0);
	CU_ASSERT_EQUAL(result, 0);
}

static void test_sizes_from_the_head_of_a_longer_delta(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	size_t base = 0, result = 0;

	/* a 2 MiB result is plausible for a 1,000-byte delta of which 20 bytes were inflated */
	CU_ASSERT_EQUAL(sgit_delta_sizes_head(&base, &result,
					      (const unsigned char *)"\x0b\x80\x80\x80\x01\x90", 6,
					      1000, &err), 0);
	CU_ASSERT_EQUAL(base, 11);
	CU_ASSERT_EQUAL(result, 1u << 21);
	CU_ASSERT_EQUAL(sgit_delta_sizes_head(&base, &result, (const unsigned char *)"\x0b\x80", 2,
					      1000, &err), SGIT_ECORRUPT);
}

static CU_TestInfo delta_tests[] = {
	{ "deltas apply or are refused as the table says", test_delta_table },
	{ "applying into memory checks its size against the header", test_apply_into_checks_the_destination_size },
	{ "both sizes are read from the header", test_sizes_are_read_from_the_header },
	{ "sizes can be read from the first bytes of a delta", test_sizes_from_the_head_of_a_longer_delta },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "objects/delta", .pTests = delta_tests },
	CU_SUITE_INFO_NULL,
};
