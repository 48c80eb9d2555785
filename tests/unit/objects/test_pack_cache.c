/* tests/unit/objects/test_pack_cache.c: the delta-base cache of a pack (eviction order, ownership) */
#include <stdlib.h>
#include <string.h>
#include "unit.h"
#include "objects/pack_int.h"

#define ITEM 1000		/* bytes per entry; the limit below holds three */
#define LIMIT 3500

static void put(struct pack_cache *c, uint64_t offset, size_t len, enum pack_cache_class cls)
{
	struct pack_cached v = { malloc(len + 1), len, SGIT_OBJ_BLOB, 0 };

	memset(v.data, (int)(offset & 0xff), len + 1);
	sgit_pack_cache_put(c, offset, &v, cls);
}

static int has(struct pack_cache *c, uint64_t offset)
{
	return sgit_pack_cache_get(c, offset) != NULL;
}

static void test_low_class_goes_first(void)
{
	struct pack_cache c;

	sgit_pack_cache_init(&c, LIMIT);
	put(&c, 100, ITEM, PACK_CACHE_HIGH);
	put(&c, 200, ITEM, PACK_CACHE_LOW);
	put(&c, 300, ITEM, PACK_CACHE_LOW);
	put(&c, 400, ITEM, PACK_CACHE_HIGH);
	CU_ASSERT(has(&c, 100));
	CU_ASSERT(!has(&c, 200));
	CU_ASSERT(has(&c, 300));
	CU_ASSERT(has(&c, 400));
	put(&c, 500, ITEM, PACK_CACHE_HIGH);	/* the last low entry goes */
	put(&c, 600, ITEM, PACK_CACHE_HIGH);	/* then the oldest high one */
	CU_ASSERT(!has(&c, 300));
	CU_ASSERT(!has(&c, 100));
	CU_ASSERT(has(&c, 400) && has(&c, 500) && has(&c, 600));
	sgit_pack_cache_release(&c);
}

static void test_least_recently_used_goes_first(void)
{
	struct pack_cache c;

	sgit_pack_cache_init(&c, LIMIT);
	put(&c, 1, ITEM, PACK_CACHE_LOW);
	put(&c, 2, ITEM, PACK_CACHE_LOW);
	put(&c, 3, ITEM, PACK_CACHE_LOW);
	CU_ASSERT(has(&c, 1));			/* now the most recently used */
	put(&c, 4, ITEM, PACK_CACHE_LOW);
	CU_ASSERT(has(&c, 1));
	CU_ASSERT(!has(&c, 2));
	CU_ASSERT(has(&c, 3) && has(&c, 4));
	sgit_pack_cache_release(&c);
}

static void test_take_hands_the_data_over(void)
{
	struct pack_cached v;
	struct pack_cache c;

	sgit_pack_cache_init(&c, LIMIT);
	put(&c, 7, ITEM, PACK_CACHE_HIGH);
	CU_ASSERT_EQUAL(sgit_pack_cache_take(&v, &c, 8), 0);
	CU_ASSERT_EQUAL_FATAL(sgit_pack_cache_take(&v, &c, 7), 1);
	CU_ASSERT_EQUAL(v.len, ITEM);
	CU_ASSERT_EQUAL(v.type, SGIT_OBJ_BLOB);
	CU_ASSERT_EQUAL(v.data[ITEM - 1], 7);
	CU_ASSERT(!has(&c, 7));
	free(v.data);
	sgit_pack_cache_release(&c);
}

static void test_oversized_and_zero_limit(void)
{
	struct pack_cache c;

	sgit_pack_cache_init(&c, LIMIT);
	put(&c, 1, LIMIT + 1, PACK_CACHE_HIGH);	/* dropped (and freed) at once */
	CU_ASSERT(!has(&c, 1));
	put(&c, 2, ITEM, PACK_CACHE_HIGH);
	put(&c, 2, ITEM, PACK_CACHE_HIGH);	/* a second copy of the same offset is dropped */
	CU_ASSERT(has(&c, 2));
	sgit_pack_cache_set_limit(&c, 0);
	CU_ASSERT(!has(&c, 2));
	put(&c, 3, 0, PACK_CACHE_LOW);
	CU_ASSERT(!has(&c, 3));
	sgit_pack_cache_release(&c);
}

static void test_many_entries_grow_the_table(void)
{
	const struct pack_cached *v;
	struct pack_cache c;
	uint64_t i;
	int missing = 0;

	sgit_pack_cache_init(&c, (size_t)64 << 20);
	for (i = 0; i < 20000; i++)
		put(&c, 12 + i * 37, 16, i % 3 ? PACK_CACHE_LOW : PACK_CACHE_HIGH);
	for (i = 0; i < 20000; i++)
		if (!(v = sgit_pack_cache_get(&c, 12 + i * 37)) || v->data[0] != ((12 + i * 37) & 0xff))
			missing++;
	CU_ASSERT_EQUAL(missing, 0);
	CU_ASSERT(c.nbuckets >= 16384);
	sgit_pack_cache_release(&c);
	CU_ASSERT_EQUAL(c.used, 0);
}

static CU_TestInfo cache_tests[] = {
	{ "the low class is evicted before the high one", test_low_class_goes_first },
	{ "within a class the least recently used goes first", test_least_recently_used_goes_first },
	{ "taking an entry hands its data to the caller", test_take_hands_the_data_over },
	{ "entries above the limit are dropped, and a zero limit empties the cache", test_oversized_and_zero_limit },
	{ "many entries grow the table and all stay reachable", test_many_entries_grow_the_table },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "objects/pack_cache", .pTests = cache_tests },
	CU_SUITE_INFO_NULL,
};
