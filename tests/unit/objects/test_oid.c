/* tests/unit/objects/test_oid.c: hex, object ids and hashing */
#include <string.h>
#include "unit.h"
#include "sgit/object.h"
#include "sgit/errors.h"

static const struct {
	const char *type;
	const char *data;
	size_t len;
	const char *id;		/* what `git hash-object -t <type> --stdin --literally` prints */
} hash_cases[] = {
	{ "blob", "", 0, "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391" },
	{ "blob", "hello\n", 6, "ce013625030ba8dba906f756967f9e9ca394464a" },
	{ "blob", "no newline", 10, "20cbb4d89224e1ed724b7feaf5c4f4479e25212a" },
	{ "blob", "a\0b", 3, "20b5be91886d0b6f26dc98a225c0dac05fe2c86e" },
	{ "tree", "", 0, "4b825dc642cb6eb9a060e54bf8d69288fbee4904" },
};

static void test_ids_match_what_git_computes(void)
{
	size_t i;

	for (i = 0; i < sizeof(hash_cases) / sizeof(hash_cases[0]); i++) {
		struct sgit_oid id;
		char hex[SGIT_OID_HEXSZ + 1];
		enum sgit_object_type t = sgit_object_type_from_name(hash_cases[i].type,
								     strlen(hash_cases[i].type));

		CU_ASSERT_EQUAL(sgit_object_hash(&id, t, hash_cases[i].data, hash_cases[i].len), 0);
		sgit_oid_tohex(hex, &id);
		CU_ASSERT_STRING_EQUAL(hex, hash_cases[i].id);
	}
}

static void test_hex_round_trips_and_accepts_upper_case(void)
{
	struct sgit_oid a, b;
	char hex[SGIT_OID_HEXSZ + 1];

	CU_ASSERT_EQUAL(sgit_oid_fromhex(&a, "ce013625030ba8dba906f756967f9e9ca394464a"), 0);
	CU_ASSERT_EQUAL(sgit_oid_fromhex(&b, "CE013625030BA8DBA906F756967F9E9CA394464A"), 0);
	CU_ASSERT(sgit_oid_equal(&a, &b));
	CU_ASSERT_STRING_EQUAL(sgit_oid_tohex(hex, &a), "ce013625030ba8dba906f756967f9e9ca394464a");
}

static void test_bad_hex_is_refused(void)
{
	static const char *const bad[] = {
		"", "ce01", "ce013625030ba8dba906f756967f9e9ca394464", /* 39 */
		"ce013625030ba8dba906f756967f9e9ca394464a0", /* 41 */
		"ge013625030ba8dba906f756967f9e9ca394464a",
		"ce013625030ba8dba906f756967f9e9ca394464 ",
	};
	struct sgit_oid id;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		CU_ASSERT_EQUAL(sgit_oid_fromhex(&id, bad[i]), SGIT_EINVALID);
}

static void test_type_names_are_exact(void)
{
	CU_ASSERT_EQUAL(sgit_object_type_from_name("commit", 6), SGIT_OBJ_COMMIT);
	CU_ASSERT_EQUAL(sgit_object_type_from_name("tag", 3), SGIT_OBJ_TAG);
	CU_ASSERT_EQUAL(sgit_object_type_from_name("blobs", 5), SGIT_OBJ_BAD);
	CU_ASSERT_EQUAL(sgit_object_type_from_name("blo", 3), SGIT_OBJ_BAD);
	CU_ASSERT_EQUAL(sgit_object_type_from_name("Blob", 4), SGIT_OBJ_BAD);
	CU_ASSERT_PTR_NULL(sgit_object_type_name(SGIT_OBJ_OFS_DELTA));
	CU_ASSERT_STRING_EQUAL(sgit_object_type_name(SGIT_OBJ_TREE), "tree");
}

static void test_zero_and_compare(void)
{
	struct sgit_oid a, b;

	sgit_oid_clear(&a);
	CU_ASSERT(sgit_oid_is_zero(&a));
	sgit_oid_fromhex(&b, "0000000000000000000000000000000000000001");
	CU_ASSERT(!sgit_oid_is_zero(&b));
	CU_ASSERT(sgit_oid_cmp(&a, &b) < 0);
}

static CU_TestInfo oid_tests[] = {
	{ "object ids match what git computes", test_ids_match_what_git_computes },
	{ "hex round-trips and upper case is accepted", test_hex_round_trips_and_accepts_upper_case },
	{ "malformed hex is refused", test_bad_hex_is_refused },
	{ "type names must match exactly", test_type_names_are_exact },
	{ "zero ids and comparison", test_zero_and_compare },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "objects/oid", .pTests = oid_tests },
	CU_SUITE_INFO_NULL,
};
