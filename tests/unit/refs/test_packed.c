/* tests/unit/refs/test_packed.c: one ref out of packed-refs by binary search, and its fallbacks */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "unit.h"
#include "sgit/refs.h"
#include "refs/refdb_int.h"
#include "util/fs.h"

#define A "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
#define B "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
#define C "cccccccccccccccccccccccccccccccccccccccc"
#define SORTED "# pack-refs with: peeled fully-peeled sorted \n"
#define PATH "/x/packed-refs"

/*
 * Header + search over an exact-size copy of bytes, so that ASan sees any
 * read past the end.
 */
static int search(struct sgit_packed_entry *out, struct sgit_error *err, const char *bytes, size_t len,
		  const char *name, int prefix)
{
	struct sgit_packed_header h;
	char *copy = malloc(len ? len : 1);
	int rc;

	memset(out, 0, sizeof(*out));
	memcpy(copy, bytes, len);
	rc = sgit_packed_refs_header(&h, copy, len, PATH, err);
	if (rc == 0)
		rc = sgit_packed_refs_search(out, copy, len, &h, name, strlen(name), prefix, PATH, err);
	/* out->name points into the copy: keep only its offset */
	if (rc == 0)
		out->name = bytes + (out->name - copy);
	free(copy);
	return rc;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A large sorted file: generated names and the awkward ones, every third with a "^" line. */
struct big {
	struct sgit_buf file;
	char **names;
	size_t n;
};

static const char *const awkward[] = {
	"refs/heads/a", "refs/heads/a-b", "refs/heads/a.b", "refs/heads/a/b", "refs/heads/a/b/c",
	"refs/heads/ab", "refs/heads/b", "refs/remotes/origin/HEAD", "refs/tags/v1", "refs/tags/v1.0",
};

static void big_make(struct big *b, size_t generated)
{
	char hex[SGIT_OID_HEXSZ + 1];
	size_t i, na = sizeof(awkward) / sizeof(awkward[0]);

	b->n = generated + na;
	b->names = calloc(b->n, sizeof(*b->names));
	for (i = 0; i < generated; i++) {
		b->names[i] = malloc(32);
		snprintf(b->names[i], 32, i % 2 ? "refs/heads/b%05zu" : "refs/tags/t%05zu", i);
	}
	for (i = 0; i < na; i++)
		b->names[generated + i] = strdup(awkward[i]);
	qsort(b->names, b->n, sizeof(*b->names), cmp_names);
	sgit_buf_init(&b->file);
	sgit_buf_sets(&b->file, SORTED);
	for (i = 0; i < b->n; i++) {
		/* the id spells the index: lines are told apart by their value */
		snprintf(hex, sizeof(hex), "%040zx", i);
		sgit_buf_addf(&b->file, "%s %s\n", hex, b->names[i]);
		if (i % 3 == 0)
			sgit_buf_addf(&b->file, "^%040zx\n", i + 1000000);
	}
}

static void big_free(struct big *b)
{
	size_t i;

	for (i = 0; i < b->n; i++)
		free(b->names[i]);
	free(b->names);
	sgit_buf_release(&b->file);
}

static void test_every_name_of_a_large_sorted_file_is_found(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_packed_refs all = SGIT_PACKED_REFS_INIT;
	struct sgit_packed_entry e;
	struct big b;
	size_t i, bad = 0;

	big_make(&b, 5000);
	CU_ASSERT_EQUAL(sgit_packed_refs_parse(&all, b.file.ptr, b.file.len, PATH, &err), 0);
	CU_ASSERT_EQUAL(all.n, b.n);
	for (i = 0; i < b.n && all.n == b.n; i++) {
		const struct sgit_packed_entry *want = &all.entries[i];

		if (search(&e, &err, b.file.ptr, b.file.len, b.names[i], 0) != 0 ||
		    e.name_len != strlen(b.names[i]) || memcmp(e.name, b.names[i], e.name_len) ||
		    !sgit_oid_equal(&e.oid, &want->oid) || e.has_peeled != want->has_peeled ||
		    (e.has_peeled && !sgit_oid_equal(&e.peeled, &want->peeled)) || !e.peel_known)
			bad++;
	}
	CU_ASSERT_EQUAL(bad, 0);
	/* the first and the last, peeled or not */
	CU_ASSERT_EQUAL(search(&e, &err, b.file.ptr, b.file.len, b.names[0], 0), 0);
	CU_ASSERT(e.has_peeled);
	CU_ASSERT_EQUAL(search(&e, &err, b.file.ptr, b.file.len, b.names[b.n - 1], 0), 0);
	CU_ASSERT_EQUAL(e.has_peeled, (b.n - 1) % 3 == 0);
	sgit_packed_refs_release(&all);
	big_free(&b);
}

static void test_absent_names_are_not_found_wherever_they_fall(void)
{
	static const char *const absent[] = {
		"", "HEAD", "refs", "refs/", "refs/heads", "refs/heads/", "refs/heads/a-", "refs/heads/a/",
		"refs/heads/a/b/", "refs/heads/a/bc", "refs/heads/aa", "refs/heads/b0", "refs/heads/b00002",
		"refs/heads/b000011", "refs/heads/b00003x", "refs/heads/b04998", "refs/tags/t", "refs/tags/t00001",
		"refs/tags/v", "refs/tags/v1.", "refs/tags/v1.00", "refs/zzz", "\x7f", "zzz",
	};
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_packed_entry e;
	struct big b;
	size_t i;

	big_make(&b, 5000);
	for (i = 0; i < sizeof(absent) / sizeof(absent[0]); i++) {
		CU_ASSERT_EQUAL(search(&e, &err, b.file.ptr, b.file.len, absent[i], 0), SGIT_ENOTFOUND);
		CU_ASSERT_PTR_NULL(e.name);
	}
	big_free(&b);
}

static void test_a_prefix_finds_the_first_name_under_it(void)
{
	static const struct {
		const char *prefix, *first;	/* NULL: none */
	} cases[] = {
		{ "refs/heads/a/", "refs/heads/a/b" },
		{ "refs/heads/a", "refs/heads/a" },
		{ "refs/heads/a-", "refs/heads/a-b" },
		{ "refs/heads/a/b/", "refs/heads/a/b/c" },
		{ "refs/heads/b0", "refs/heads/b00001" },
		{ "refs/remotes/", "refs/remotes/origin/HEAD" },
		{ "refs/tags/", "refs/tags/t00000" },
		{ "refs/", "refs/heads/a" },
		{ "", "refs/heads/a" },
		{ "refs/heads/q/", NULL },
		{ "refs/tags/v1.0/", NULL },
		{ "refs/zzz/", NULL },
	};
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_packed_entry e;
	struct big b;
	size_t i;
	int rc;

	big_make(&b, 2000);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		rc = search(&e, &err, b.file.ptr, b.file.len, cases[i].prefix, 1);
		if (!cases[i].first) {
			CU_ASSERT_EQUAL(rc, SGIT_ENOTFOUND);
			continue;
		}
		CU_ASSERT_EQUAL(rc, 0);
		CU_ASSERT(rc == 0 && e.name_len == strlen(cases[i].first) &&
			  !memcmp(e.name, cases[i].first, e.name_len));
	}
	big_free(&b);
}

static void test_small_sorted_files_are_searched(void)
{
	static const char one[] = SORTED A " refs/heads/main\n";
	static const char two[] = SORTED A " refs/heads/a\n" B " refs/tags/v\n^" C "\n";
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_packed_entry e;

	CU_ASSERT_EQUAL(search(&e, &err, SORTED, strlen(SORTED), "refs/heads/main", 0), SGIT_ENOTFOUND);
	CU_ASSERT_EQUAL(search(&e, &err, SORTED, strlen(SORTED), "", 1), SGIT_ENOTFOUND);
	CU_ASSERT_EQUAL(search(&e, &err, one, strlen(one), "refs/heads/main", 0), 0);
	CU_ASSERT_EQUAL(e.oid.id[0], 0xaa);
	CU_ASSERT_EQUAL(search(&e, &err, one, strlen(one), "refs/heads/mai", 0), SGIT_ENOTFOUND);
	CU_ASSERT_EQUAL(search(&e, &err, one, strlen(one), "refs/heads/main2", 0), SGIT_ENOTFOUND);
	CU_ASSERT_EQUAL(search(&e, &err, two, strlen(two), "refs/heads/a", 0), 0);
	CU_ASSERT(!e.has_peeled && e.peel_known);
	CU_ASSERT_EQUAL(search(&e, &err, two, strlen(two), "refs/tags/v", 0), 0);
	CU_ASSERT(e.has_peeled && e.peeled.id[0] == 0xcc && e.oid.id[0] == 0xbb);
	CU_ASSERT_EQUAL(search(&e, &err, two, strlen(two), "refs/tags/", 1), 0);
	CU_ASSERT_EQUAL(search(&e, &err, two, strlen(two), "refs/heads/b", 0), SGIT_ENOTFOUND);
}

static void test_the_header_traits_are_read_as_words(void)
{
	static const struct {
		const char *bytes;
		int peeled, fully_peeled, sorted;
		size_t body;
	} cases[] = {
		{ SORTED A " refs/heads/a\n", 1, 1, 1, sizeof(SORTED) - 1 },
		{ "# pack-refs with: peeled \n", 1, 0, 0, 26 },
		{ "# pack-refs with: sorted\n", 0, 0, 1, 25 },
		{ "# pack-refs with: unsorted fully-peeledx \n", 0, 0, 0, 42 },
		{ A " refs/heads/a\n", 0, 0, 0, 0 },
		{ "", 0, 0, 0, 0 },
	};
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_packed_header h;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		CU_ASSERT_EQUAL(sgit_packed_refs_header(&h, cases[i].bytes, strlen(cases[i].bytes), PATH, &err), 0);
		CU_ASSERT(h.peeled == cases[i].peeled && h.fully_peeled == cases[i].fully_peeled &&
			  h.sorted == cases[i].sorted && h.body == cases[i].body);
	}
	CU_ASSERT_EQUAL(sgit_packed_refs_header(&h, "# pack-refs with: sorted", 24, PATH, &err), SGIT_ECORRUPT);
	CU_ASSERT_STRING_EQUAL(err.msg, "unterminated line in " PATH ": # pack-refs with: sorted");
}

static void test_a_corrupt_line_met_by_the_search_is_named(void)
{
	static const struct {
		const char *bytes, *name;
		const char *message;
	} cases[] = {
		/* the line looked up, its "^" line, and what follows that */
		{ SORTED A " refs/heads/a\n" "zz" B " refs/heads/b\n" C " refs/heads/c\n", "refs/heads/b",
		  "unexpected line in " PATH ": zz" B " refs/heads/b" },
		{ SORTED A " refs/heads/a\n" B " refs/heads/b\n^zz\n" C " refs/heads/c\n", "refs/heads/b",
		  "unexpected line in " PATH ": ^zz" },
		{ SORTED A " refs/heads/a\n" B " refs/heads/b\n^" C "\n^" A "\n" C " refs/heads/c\n",
		  "refs/heads/b", "unexpected line in " PATH ": ^" A },
		{ SORTED A " refs/heads/a\n" B " refs/heads/b/../../x\n" C " refs/heads/c\n",
		  "refs/heads/b/../../x", "packed refname is dangerous: refs/heads/b/../../x" },
		/* a line the probes land on, next to the one looked up */
		{ SORTED A " refs/heads/a\ngarbage\n" C " refs/heads/c\n", "refs/heads/b",
		  "unexpected line in " PATH ": garbage" },
		{ SORTED A " refs/heads/a\n\n" C " refs/heads/c\n", "refs/heads/b",
		  "unexpected line in " PATH ": " },
		{ SORTED "^" A "\n" C " refs/heads/c\n", "refs/heads/a", "unexpected line in " PATH ": ^" A },
		/* what git checks whatever is looked up: the end of the file */
		{ SORTED A " refs/heads/a\n" C " refs/heads/c", "refs/heads/a",
		  "unterminated line in " PATH ": " C " refs/heads/c" },
		{ SORTED A " refs/heads/a\n" C " refs/heads/c\ngarbage line\n", "refs/heads/a",
		  "unexpected line in " PATH ": garbage line" },
	};
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_packed_refs all = SGIT_PACKED_REFS_INIT;
	struct sgit_packed_entry e;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		size_t len = strlen(cases[i].bytes);

		sgit_error_clear(&err);
		CU_ASSERT_EQUAL(search(&e, &err, cases[i].bytes, len, cases[i].name, 0), SGIT_ECORRUPT);
		CU_ASSERT_STRING_EQUAL(err.msg, cases[i].message);
		CU_ASSERT_PTR_NULL(e.name);
		/* the full parse refuses the same bytes */
		CU_ASSERT_EQUAL(sgit_packed_refs_parse(&all, cases[i].bytes, len, PATH, &err), SGIT_ECORRUPT);
	}
	sgit_packed_refs_release(&all);
}

static void test_a_corrupt_line_the_search_does_not_meet_is_not_read(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_packed_entry e;
	struct big b;
	size_t at;

	/* a broken line just before the last one: looking up the first never gets there */
	big_make(&b, 1000);
	at = b.file.len - 1;
	while (b.file.ptr[at - 1] != '\n')
		at--;
	at--;
	while (b.file.ptr[at - 1] != '\n')
		at--;
	memcpy(b.file.ptr + at, "zz", 2);
	CU_ASSERT_EQUAL(search(&e, &err, b.file.ptr, b.file.len, b.names[0], 0), 0);
	CU_ASSERT_EQUAL(search(&e, &err, b.file.ptr, b.file.len, b.names[b.n / 2], 0), 0);
	big_free(&b);
}

/* Every byte changed, and every length cut, and the search still only answers. */
static void test_corrupt_bytes_never_crash_the_search(void)
{
	static const char file[] = SORTED A " refs/heads/a\n" B " refs/heads/a/b\n^" C "\n" C " refs/tags/v\n";
	static const char repl[] = { '\n', '^', ' ', 'x', '\0', '0', '/' };
	static const char *const names[] = { "refs/heads/a", "refs/heads/a/b", "refs/tags/v", "refs/heads/b" };
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_packed_entry e;
	char buf[sizeof(file)];
	size_t len = sizeof(file) - 1, pos, r, k, odd = 0;
	int rc, prefix;

	for (pos = 0; pos <= len; pos++) {
		for (r = 0; r <= sizeof(repl); r++) {
			size_t n = r == sizeof(repl) ? pos : len;	/* the last round cuts the file at pos */

			memcpy(buf, file, len);
			if (r < sizeof(repl) && pos < len)
				buf[pos] = repl[r];
			for (k = 0; k < 4; k++) {
				for (prefix = 0; prefix < 2; prefix++) {
					rc = search(&e, &err, buf, n, names[k], prefix);
					if (rc != 0 && rc != SGIT_ENOTFOUND && rc != SGIT_ECORRUPT)
						odd++;
					if (rc == 0 && (e.name < buf || e.name + e.name_len > buf + n))
						odd++;
				}
			}
		}
	}
	CU_ASSERT_EQUAL(odd, 0);
}

/* A store over a git dir that holds nothing but a packed-refs file with content. */
static struct sgit_refdb *store_with(struct sgit_buf *dir, struct sgit_error *err, const char *content)
{
	static int n;
	struct sgit_buf path = SGIT_BUF_INIT;
	struct sgit_refdb *db = NULL;

	sgit_buf_printf(dir, "%s/packed%d", unit_tmpdir(), ++n);
	sgit_buf_printf(&path, "%s/refs/heads", dir->ptr);
	sgit_fs_mkdir_p(path.ptr, NULL);
	sgit_buf_printf(&path, "%s/packed-refs", dir->ptr);
	sgit_fs_write_atomic(path.ptr, content, strlen(content), 0, NULL);
	CU_ASSERT_EQUAL(sgit_refdb_open(&db, dir->ptr, NULL, err), 0);
	sgit_buf_release(&path);
	return db;
}

static void rewrite(const struct sgit_buf *dir, const char *content)
{
	struct sgit_buf path = SGIT_BUF_INIT;

	sgit_buf_printf(&path, "%s/packed-refs", dir->ptr);
	CU_ASSERT_EQUAL(sgit_fs_write_atomic(path.ptr, content, strlen(content), 0, NULL), 0);
	sgit_buf_release(&path);
}

static int count_cb(const struct sgit_ref *ref, void *payload)
{
	(void)ref;
	++*(int *)payload;
	return 0;
}

static void test_a_file_not_declared_sorted_is_still_read(void)
{
	static const char *const files[] = {
		C " refs/tags/z\n" A " refs/heads/b\n^" B "\n" B " refs/heads/a\n",
		"# pack-refs with: peeled \n" C " refs/tags/z\n" A " refs/heads/b\n^" B "\n" B " refs/heads/a\n",
	};
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf dir = SGIT_BUF_INIT;
	struct sgit_ref ref = SGIT_REF_INIT;
	struct sgit_refdb *db;
	size_t i;

	for (i = 0; i < 2; i++) {
		db = store_with(&dir, &err, files[i]);
		CU_ASSERT_EQUAL(sgit_refdb_read(&ref, db, "refs/heads/a"), 0);
		CU_ASSERT_EQUAL(ref.oid.id[0], 0xbb);
		CU_ASSERT_EQUAL(sgit_refdb_read(&ref, db, "refs/heads/b"), 0);
		CU_ASSERT(ref.flags & SGIT_REF_HAS_PEELED);
		CU_ASSERT_EQUAL(sgit_refdb_read(&ref, db, "refs/tags/z"), 0);
		CU_ASSERT_EQUAL(ref.oid.id[0], 0xcc);
		CU_ASSERT_EQUAL(sgit_refdb_read(&ref, db, "refs/heads/c"), SGIT_ENOTFOUND);
		CU_ASSERT_STRING_EQUAL(err.msg, "ref 'refs/heads/c' does not exist");
		sgit_refdb_free(db);
		sgit_buf_reset(&dir);
	}
	sgit_ref_release(&ref);
	sgit_buf_release(&dir);
}

static void test_lookups_and_walks_follow_the_file_as_it_changes(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf dir = SGIT_BUF_INIT;
	struct sgit_ref ref = SGIT_REF_INIT;
	struct sgit_refdb *db = store_with(&dir, &err, SORTED A " refs/heads/a\n" B " refs/heads/b\n");
	int n = 0;

	CU_ASSERT_EQUAL(sgit_refdb_read(&ref, db, "refs/heads/b"), 0);
	CU_ASSERT_EQUAL(ref.oid.id[0], 0xbb);
	CU_ASSERT_EQUAL(sgit_refdb_foreach(db, "refs/", count_cb, &n), 0);
	CU_ASSERT_EQUAL(n, 2);
	/* parsed for the walk: lookups keep answering from the parsed entries */
	CU_ASSERT_EQUAL(sgit_refdb_read(&ref, db, "refs/heads/a"), 0);
	CU_ASSERT_EQUAL(ref.oid.id[0], 0xaa);
	rewrite(&dir, SORTED C " refs/heads/a\n" A " refs/heads/c\n");
	CU_ASSERT_EQUAL(sgit_refdb_read(&ref, db, "refs/heads/a"), 0);
	CU_ASSERT_EQUAL(ref.oid.id[0], 0xcc);
	CU_ASSERT_EQUAL(sgit_refdb_read(&ref, db, "refs/heads/b"), SGIT_ENOTFOUND);
	/* a corrupt line away from the lookup: the lookup works, the walk reports it */
	rewrite(&dir, SORTED A " refs/heads/a\n" "zz" B " refs/heads/b\n" C " refs/heads/c\n"
		A " refs/heads/d\n" B " refs/heads/e\n");
	CU_ASSERT_EQUAL(sgit_refdb_read(&ref, db, "refs/heads/e"), 0);
	CU_ASSERT_EQUAL(sgit_refdb_foreach(db, "refs/", count_cb, &n), SGIT_ECORRUPT);
	CU_ASSERT_STRING_EQUAL(strstr(err.msg, "packed-refs: "), "packed-refs: zz" B " refs/heads/b");
	CU_ASSERT_EQUAL(sgit_refdb_read(&ref, db, "refs/heads/e"), 0);
	rewrite(&dir, "");
	CU_ASSERT_EQUAL(sgit_refdb_read(&ref, db, "refs/heads/a"), SGIT_ENOTFOUND);
	sgit_refdb_free(db);
	sgit_ref_release(&ref);
	sgit_buf_release(&dir);
}

static CU_TestInfo packed_tests[] = {
	{ "every name of a large sorted file is found", test_every_name_of_a_large_sorted_file_is_found },
	{ "absent names are not found wherever they fall", test_absent_names_are_not_found_wherever_they_fall },
	{ "a prefix finds the first name under it", test_a_prefix_finds_the_first_name_under_it },
	{ "small sorted files are searched", test_small_sorted_files_are_searched },
	{ "the header traits are read as words", test_the_header_traits_are_read_as_words },
	{ "a corrupt line met by the search is named", test_a_corrupt_line_met_by_the_search_is_named },
	{ "a corrupt line the search does not meet is not read",
	  test_a_corrupt_line_the_search_does_not_meet_is_not_read },
	{ "corrupt bytes never crash the search", test_corrupt_bytes_never_crash_the_search },
	{ "a file not declared sorted is still read", test_a_file_not_declared_sorted_is_still_read },
	{ "lookups and walks follow the file as it changes", test_lookups_and_walks_follow_the_file_as_it_changes },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "packed-refs lookup", .pTests = packed_tests },
	CU_SUITE_INFO_NULL,
};
