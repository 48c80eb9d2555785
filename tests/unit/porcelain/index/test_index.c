/* tests/unit/porcelain/index/test_index.c: the index file format against indexes git wrote, and corrupt ones */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "unit.h"
#include "sgit/index.h"
#include "util/fs.h"

static int have_git;

/*
 * Repositories whose indexes git wrote: v2 with a cache tree, v3 with an
 * intent-to-add entry, v4 with names sharing long prefixes, and a merge with
 * one conflict resolved (REUC) and one left (stages 1-3).
 */
static int setup(void)
{
	have_git = unit_sh("git --version") == 0 &&
		unit_sh("git init -q r2 && cd r2 && mkdir -p b e/f && echo a >a && echo c >b/c && "
			"echo d >b/d && echo g >e/f/g && ln -s a link && chmod +x b/d && git add . && "
			"git write-tree && git ls-files -s >../r2.ls") == 0 &&
		unit_sh("cp -R r2 r3 && cd r3 && echo n >new && git add -N new && git ls-files -s >../r3.ls") == 0 &&
		unit_sh("git init -q r4 && cd r4 && d=$(printf 'x%%.0s' $(seq 150)) && mkdir -p $d/sub && "
			"echo 1 >$d/sub/one && echo 2 >$d/two && echo y >y && echo z >zz && "
			"git update-index --index-version 4 && git add . && git write-tree && "
			"git ls-files -s >../r4.ls") == 0 &&
		unit_sh("git init -q rc && cd rc && echo base >f && echo base >u && git add . && "
			"git commit -qm base && git checkout -qb side && echo side >f && echo side >u && "
			"git commit -qam side && git checkout -q - && echo main >f && echo main >u && "
			"git commit -qam main && (git merge side || true) && echo fixed >f && git add f && "
			"git ls-files -s >../rc.ls") == 0;
	return 0;
}

static void read_fixture(struct sgit_buf *out, const char *rel)
{
	struct sgit_buf path = SGIT_BUF_INIT;

	sgit_buf_printf(&path, "%s/%s", unit_tmpdir(), rel);
	CU_ASSERT_EQUAL(sgit_fs_read_file(out, path.ptr, NULL), 0);
	sgit_buf_release(&path);
}

/* What git ls-files -s prints for idx. */
static void ls_stage(struct sgit_buf *out, const struct sgit_index *idx)
{
	char hex[SGIT_OID_HEXSZ + 1];
	size_t i;

	sgit_buf_reset(out);
	for (i = 0; i < sgit_index_count(idx); i++) {
		const struct sgit_index_entry *e = sgit_index_entry_at(idx, i);

		sgit_buf_addf(out, "%06o %s %u\t%s\n", e->mode, sgit_oid_tohex(hex, &e->id), e->stage, e->path);
	}
}

static const char *const fixtures[] = { "r2", "r3", "r4", "rc" };

static void test_indexes_git_wrote_are_rewritten_byte_for_byte(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf data = SGIT_BUF_INIT, out = SGIT_BUF_INIT, path = SGIT_BUF_INIT, ls = SGIT_BUF_INIT,
			want = SGIT_BUF_INIT;
	struct sgit_index *idx = NULL;
	size_t i;

	CU_ASSERT_FATAL(have_git);
	for (i = 0; i < sizeof(fixtures) / sizeof(fixtures[0]); i++) {
		sgit_buf_printf(&path, "%s/.git/index", fixtures[i]);
		read_fixture(&data, path.ptr);
		sgit_buf_printf(&path, "%s.ls", fixtures[i]);
		read_fixture(&want, path.ptr);
		CU_ASSERT_EQUAL(sgit_index_parse(&idx, data.ptr, data.len, &err), 0);
		if (!idx) {
			fprintf(stderr, "\n%s: %s\n", fixtures[i], err.msg);
			continue;
		}
		ls_stage(&ls, idx);
		CU_ASSERT_STRING_EQUAL(ls.ptr, want.ptr);
		CU_ASSERT_EQUAL(sgit_index_serialize(&out, idx), 0);
		CU_ASSERT(out.len == data.len && !memcmp(out.ptr, data.ptr, data.len));
		if (out.len != data.len || memcmp(out.ptr, data.ptr, data.len))
			fprintf(stderr, "\n%s: rewritten index differs\n", fixtures[i]);
		sgit_index_free(idx);
		idx = NULL;
	}
	sgit_buf_release(&data);
	sgit_buf_release(&out);
	sgit_buf_release(&path);
	sgit_buf_release(&ls);
	sgit_buf_release(&want);
}

static struct sgit_index *parse_fixture(const char *rel, struct sgit_buf *data)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_index *idx = NULL;

	read_fixture(data, rel);
	CU_ASSERT_EQUAL(sgit_index_parse(&idx, data->ptr, data->len, &err), 0);
	return idx;
}

static void test_versions_and_flags_are_read_as_git_wrote_them(void)
{
	struct sgit_buf data = SGIT_BUF_INIT;
	struct sgit_index *idx;
	const struct sgit_index_entry *e;

	CU_ASSERT_FATAL(have_git);
	idx = parse_fixture("r2/.git/index", &data);
	CU_ASSERT_EQUAL(sgit_index_version(idx), 2);
	CU_ASSERT(sgit_index_cache_tree_valid(idx));
	CU_ASSERT_EQUAL(sgit_index_get(idx, "b/d", 0)->mode, 0100755);
	CU_ASSERT_EQUAL(sgit_index_get(idx, "link", 0)->mode, 0120000);
	CU_ASSERT_EQUAL(sgit_index_get(idx, "a", 0)->size, 2);
	sgit_index_free(idx);
	idx = parse_fixture("r3/.git/index", &data);
	CU_ASSERT_EQUAL(sgit_index_version(idx), 3);
	e = sgit_index_get(idx, "new", 0);
	CU_ASSERT(e && (e->flags & SGIT_INDEX_INTENT_TO_ADD));
	CU_ASSERT(!sgit_index_cache_tree_valid(idx));
	sgit_index_free(idx);
	idx = parse_fixture("r4/.git/index", &data);
	CU_ASSERT_EQUAL(sgit_index_version(idx), 4);
	CU_ASSERT_EQUAL(sgit_index_count(idx), 4);
	CU_ASSERT_PTR_NOT_NULL(sgit_index_get(idx, "y", 0));
	sgit_index_free(idx);
	sgit_buf_release(&data);
}

static void test_a_conflict_keeps_its_stages_and_resolve_undo_data(void)
{
	struct sgit_buf data = SGIT_BUF_INIT;
	struct sgit_index *idx;
	const struct sgit_index_reuc *r;
	size_t pos;

	CU_ASSERT_FATAL(have_git);
	idx = parse_fixture("rc/.git/index", &data);
	CU_ASSERT(sgit_index_has_conflicts(idx));
	CU_ASSERT_EQUAL(sgit_index_find(&pos, idx, "u", 1, -1), 0);
	CU_ASSERT_EQUAL(sgit_index_entry_at(idx, pos)->stage, 1);
	CU_ASSERT_PTR_NOT_NULL(sgit_index_get(idx, "u", 3));
	CU_ASSERT_PTR_NULL(sgit_index_get(idx, "u", 0));
	CU_ASSERT_EQUAL(sgit_index_reuc_count(idx), 1);
	r = sgit_index_reuc_at(idx, 0);
	CU_ASSERT(r && !strcmp(r->path, "f") && r->mode[0] == 0100644 && r->mode[1] == 0100644 &&
		  r->mode[2] == 0100644);
	sgit_index_free(idx);
	sgit_buf_release(&data);
}

/* ---- corrupt input ---- */

static void fix_checksum(struct sgit_buf *b)
{
	struct sgit_oid sum;

	sgit_hash_buffer(&sum, b->ptr, b->len - SGIT_OID_RAWSZ);
	memcpy(b->ptr + b->len - SGIT_OID_RAWSZ, sum.id, SGIT_OID_RAWSZ);
}

/* Parse b; the code, with the message in err. */
static int try_parse(const struct sgit_buf *b, struct sgit_error *err)
{
	struct sgit_index *idx = NULL;
	int rc;

	sgit_error_clear(err);
	rc = sgit_index_parse(&idx, b->ptr, b->len, err);
	CU_ASSERT((rc == 0) == (idx != NULL));
	sgit_index_free(idx);
	return rc;
}

/* Insert an extension before the trailer and fix the checksum. */
static void add_extension(struct sgit_buf *b, const struct sgit_buf *orig, const char *sig)
{
	sgit_buf_set(b, orig->ptr, orig->len - SGIT_OID_RAWSZ);
	sgit_buf_add(b, sig, 4);
	sgit_buf_add(b, "\0\0\0\3abc", 7);
	sgit_buf_add(b, orig->ptr + orig->len - SGIT_OID_RAWSZ, SGIT_OID_RAWSZ);
	fix_checksum(b);
}

static void test_corrupt_headers_and_checksums_are_refused_with_gits_words(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf orig = SGIT_BUF_INIT, b = SGIT_BUF_INIT;

	CU_ASSERT_FATAL(have_git);
	read_fixture(&orig, "r2/.git/index");
	sgit_buf_set(&b, orig.ptr, orig.len);
	memcpy(b.ptr, "XIRC", 4);
	CU_ASSERT_EQUAL(try_parse(&b, &err), SGIT_ECORRUPT);
	CU_ASSERT_STRING_EQUAL(err.msg, "bad signature 0x43524958");
	sgit_buf_set(&b, orig.ptr, orig.len);
	b.ptr[7] = 5;
	fix_checksum(&b);
	CU_ASSERT_EQUAL(try_parse(&b, &err), SGIT_ECORRUPT);
	CU_ASSERT_STRING_EQUAL(err.msg, "bad index version 5");
	b.ptr[7] = 1;
	fix_checksum(&b);
	CU_ASSERT_EQUAL(try_parse(&b, &err), SGIT_ECORRUPT);
	sgit_buf_set(&b, orig.ptr, orig.len);
	b.ptr[30] ^= 1;
	CU_ASSERT_EQUAL(try_parse(&b, &err), SGIT_ECORRUPT);
	CU_ASSERT_STRING_EQUAL(err.msg, "bad index file sha1 signature");
	sgit_buf_set(&b, orig.ptr, 31);
	CU_ASSERT_EQUAL(try_parse(&b, &err), SGIT_ECORRUPT);
	CU_ASSERT_STRING_EQUAL(err.msg, "index: index file smaller than expected");
	sgit_buf_release(&orig);
	sgit_buf_release(&b);
}

static void test_an_index_cut_short_anywhere_is_refused(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf orig = SGIT_BUF_INIT, b = SGIT_BUF_INIT;
	size_t len, bad = 0, whole = 0;

	CU_ASSERT_FATAL(have_git);
	read_fixture(&orig, "r2/.git/index");
	for (len = 0; len < orig.len; len++) {
		sgit_buf_set(&b, orig.ptr, len);
		if (try_parse(&b, &err) != SGIT_ECORRUPT)
			bad++;
		/*
		 * The same cut with a trailer that matches what is left: only the
		 * cut just after the last entry (the cache tree gone) is an index.
		 */
		if (len >= 32) {
			fix_checksum(&b);
			if (try_parse(&b, &err) == 0)
				whole++;
		}
	}
	CU_ASSERT_EQUAL(bad, 0);
	CU_ASSERT_EQUAL(whole, 1);
	sgit_buf_release(&orig);
	sgit_buf_release(&b);
}

static void test_required_extensions_sgit_does_not_know_are_refused(void)
{
	static const char *const required[] = { "abcd", "link", "sdir" };
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf orig = SGIT_BUF_INIT, b = SGIT_BUF_INIT, out = SGIT_BUF_INIT, msg = SGIT_BUF_INIT;
	struct sgit_index *idx = NULL;
	size_t i;

	CU_ASSERT_FATAL(have_git);
	read_fixture(&orig, "r2/.git/index");
	for (i = 0; i < sizeof(required) / sizeof(required[0]); i++) {
		add_extension(&b, &orig, required[i]);
		CU_ASSERT_EQUAL(try_parse(&b, &err), SGIT_ECORRUPT);
		sgit_buf_printf(&msg, "index uses %s extension, which we do not understand", required[i]);
		CU_ASSERT_STRING_EQUAL(err.msg, msg.ptr);
	}
	/* an optional one is skipped, and not written back */
	add_extension(&b, &orig, "ZZZZ");
	CU_ASSERT_EQUAL(sgit_index_parse(&idx, b.ptr, b.len, &err), 0);
	CU_ASSERT_EQUAL(sgit_index_serialize(&out, idx), 0);
	CU_ASSERT(out.len == orig.len && !memcmp(out.ptr, orig.ptr, orig.len));
	sgit_index_free(idx);
	sgit_buf_release(&orig);
	sgit_buf_release(&b);
	sgit_buf_release(&out);
	sgit_buf_release(&msg);
}

/* Every byte changed in turn, with a matching trailer: parsed or refused, never a crash. */
static void test_any_byte_changed_is_parsed_or_refused_safely(void)
{
	static const unsigned char values[] = { 0x00, 0xff, 0x80, 0x2f, 0x01 };
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf orig = SGIT_BUF_INIT, b = SGIT_BUF_INIT;
	size_t pos, k, i;

	CU_ASSERT_FATAL(have_git);
	for (i = 0; i < sizeof(fixtures) / sizeof(fixtures[0]); i++) {
		struct sgit_buf path = SGIT_BUF_INIT;

		sgit_buf_printf(&path, "%s/.git/index", fixtures[i]);
		read_fixture(&orig, path.ptr);
		sgit_buf_release(&path);
		for (pos = 0; pos + SGIT_OID_RAWSZ < orig.len; pos++) {
			for (k = 0; k < sizeof(values); k++) {
				int rc;

				sgit_buf_set(&b, orig.ptr, orig.len);
				b.ptr[pos] = (char)values[k];
				fix_checksum(&b);
				rc = try_parse(&b, &err);
				CU_ASSERT(rc == 0 || rc == SGIT_ECORRUPT);
			}
		}
	}
	sgit_buf_release(&orig);
	sgit_buf_release(&b);
}

static void test_entries_out_of_order_are_refused(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf orig = SGIT_BUF_INIT, b = SGIT_BUF_INIT;

	CU_ASSERT_FATAL(have_git);
	read_fixture(&orig, "r2/.git/index");
	/* "a" is the first entry, "b/c" the second: same name length, swap the names */
	sgit_buf_set(&b, orig.ptr, orig.len);
	CU_ASSERT_FATAL(b.ptr[12 + 62] == 'a' && b.ptr[12 + 64 + 62] == 'b');
	b.ptr[12 + 62] = 'c';
	fix_checksum(&b);
	CU_ASSERT_EQUAL(try_parse(&b, &err), SGIT_ECORRUPT);
	CU_ASSERT_STRING_EQUAL(err.msg, "unordered stage entries in index");
	/* more entries than the file can hold */
	sgit_buf_set(&b, orig.ptr, orig.len);
	memcpy(b.ptr + 8, "\x7f\xff\xff\xff", 4);
	fix_checksum(&b);
	CU_ASSERT_EQUAL(try_parse(&b, &err), SGIT_ECORRUPT);
	sgit_buf_release(&orig);
	sgit_buf_release(&b);
}

/* ---- building an index in memory ---- */

static void entry(struct sgit_index_entry *e, const char *path, unsigned int stage)
{
	memset(e, 0, sizeof(*e));
	e->mode = 0100644;
	e->stage = stage;
	e->path = path;
	e->path_len = strlen(path);
	sgit_hash_buffer(&e->id, path, e->path_len);
}

static void test_entries_stay_sorted_by_path_then_stage(void)
{
	static const char *const paths[] = { "b/c", "a", "a.b", "a/b", "b", "A" };
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_index *idx = NULL;
	struct sgit_index_entry e;
	size_t i, pos;

	CU_ASSERT_EQUAL_FATAL(sgit_index_new(&idx, NULL, &err), 0);
	for (i = 0; i < 3; i++) {
		entry(&e, paths[i], 0);
		CU_ASSERT_EQUAL(sgit_index_add(idx, &e, 0), 0);
	}
	/* "a/b" needs "a" gone, "b" needs "b/c" gone */
	entry(&e, "a/b", 0);
	CU_ASSERT_EQUAL(sgit_index_add(idx, &e, 0), SGIT_EEXISTS);
	CU_ASSERT_STRING_EQUAL(err.msg, "'a/b' appears as both a file and as a directory");
	CU_ASSERT_EQUAL(sgit_index_add(idx, &e, SGIT_INDEX_ADD_REPLACE), 0);
	entry(&e, "b", 0);
	CU_ASSERT_EQUAL(sgit_index_add(idx, &e, SGIT_INDEX_ADD_REPLACE), 0);
	entry(&e, "A", 2);
	CU_ASSERT_EQUAL(sgit_index_add(idx, &e, 0), 0);
	entry(&e, "A", 1);
	CU_ASSERT_EQUAL(sgit_index_add(idx, &e, 0), 0);
	CU_ASSERT_EQUAL(sgit_index_count(idx), 5);
	CU_ASSERT_STRING_EQUAL(sgit_index_entry_at(idx, 0)->path, "A");
	CU_ASSERT_EQUAL(sgit_index_entry_at(idx, 0)->stage, 1);
	CU_ASSERT_EQUAL(sgit_index_entry_at(idx, 1)->stage, 2);
	CU_ASSERT_STRING_EQUAL(sgit_index_entry_at(idx, 2)->path, "a.b");
	CU_ASSERT_STRING_EQUAL(sgit_index_entry_at(idx, 3)->path, "a/b");
	CU_ASSERT_STRING_EQUAL(sgit_index_entry_at(idx, 4)->path, "b");
	CU_ASSERT_EQUAL(sgit_index_find(&pos, idx, "a", 1, -1), SGIT_ENOTFOUND);
	CU_ASSERT_EQUAL(pos, 2);
	CU_ASSERT_EQUAL(sgit_index_find_dir(&pos, idx, "a", 1), 0);
	CU_ASSERT_EQUAL(pos, 3);
	/* resolving "A" drops its stages and remembers them */
	entry(&e, "A", 0);
	CU_ASSERT_EQUAL(sgit_index_add(idx, &e, 0), 0);
	CU_ASSERT_EQUAL(sgit_index_count(idx), 4);
	CU_ASSERT_EQUAL(sgit_index_reuc_count(idx), 1);
	CU_ASSERT_EQUAL(sgit_index_reuc_at(idx, 0)->mode[0], 0100644);
	CU_ASSERT_EQUAL(sgit_index_reuc_at(idx, 0)->mode[2], 0);
	CU_ASSERT_EQUAL(sgit_index_remove(idx, "a/b", 3), 1);
	CU_ASSERT_EQUAL(sgit_index_remove(idx, "a/b", 3), 0);
	CU_ASSERT_EQUAL(sgit_index_count(idx), 3);
	sgit_index_free(idx);
}

static const struct {
	const char *path;
	int ok;
} path_rules[] = {
	{ "a", 1 }, { "a/b.c", 1 }, { ".gitignore", 1 }, { "a/.git-x", 1 }, { "...", 1 },
	{ "", 0 }, { "/a", 0 }, { "a//b", 0 }, { "a/", 0 }, { ".", 0 }, { "..", 0 }, { "a/../b", 0 },
	{ ".git", 0 }, { "a/.GIT/b", 0 }, { ".Git", 0 }, { "git~1/x", 0 }, { ".git ", 0 }, { ".git.", 0 },
	{ "a/./b", 0 },
};

static void test_paths_git_refuses_are_refused(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_index *idx = NULL;
	struct sgit_index_entry e;
	size_t i;

	CU_ASSERT_EQUAL_FATAL(sgit_index_new(&idx, NULL, &err), 0);
	for (i = 0; i < sizeof(path_rules) / sizeof(path_rules[0]); i++) {
		int rc;

		entry(&e, path_rules[i].path, 0);
		rc = sgit_index_add(idx, &e, 0);
		CU_ASSERT_EQUAL(rc == 0, path_rules[i].ok);
		if ((rc == 0) != path_rules[i].ok)
			fprintf(stderr, "\npath '%s': %d\n", path_rules[i].path, rc);
		sgit_index_clear(idx);
	}
	entry(&e, "x", 4);
	CU_ASSERT_EQUAL(sgit_index_add(idx, &e, 0), SGIT_EINVALID);
	sgit_index_free(idx);
}

/* Names of every length around the 12-bit cap, in each version, survive a round trip. */
static void test_long_names_and_version_4_prefixes_round_trip(void)
{
	static const size_t lens[] = { 1, 126, 127, 128, 129, 4094, 4095, 4096, 5000 };
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf out = SGIT_BUF_INIT, again = SGIT_BUF_INIT;
	struct sgit_index *idx = NULL, *back = NULL;
	struct sgit_index_entry e;
	char *names[sizeof(lens) / sizeof(lens[0])];
	unsigned int version;
	size_t i;

	CU_ASSERT_EQUAL_FATAL(sgit_index_new(&idx, NULL, &err), 0);
	for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
		names[i] = malloc(lens[i] + 1);
		memset(names[i], 'a' + (char)(i % 2), lens[i]);
		names[i][lens[i]] = '\0';
		entry(&e, names[i], 0);
		e.flags = i == 3 ? SGIT_INDEX_SKIP_WORKTREE : 0;
		CU_ASSERT_EQUAL(sgit_index_add(idx, &e, 0), 0);
	}
	for (version = 2; version <= 4; version++) {
		CU_ASSERT_EQUAL(sgit_index_set_version(idx, version), 0);
		CU_ASSERT_EQUAL(sgit_index_serialize(&out, idx), 0);
		/* the skip-worktree entry needs version 3 at least */
		CU_ASSERT_EQUAL((unsigned char)out.ptr[7], version == 2 ? 3 : version);
		CU_ASSERT_EQUAL_FATAL(sgit_index_parse(&back, out.ptr, out.len, &err), 0);
		CU_ASSERT_EQUAL(sgit_index_count(back), sizeof(lens) / sizeof(lens[0]));
		for (i = 0; i < sgit_index_count(back); i++)
			CU_ASSERT_PTR_NOT_NULL(sgit_index_get(back, names[i], 0));
		CU_ASSERT_EQUAL(sgit_index_serialize(&again, back), 0);
		CU_ASSERT(again.len == out.len && !memcmp(again.ptr, out.ptr, out.len));
		sgit_index_free(back);
		back = NULL;
	}
	CU_ASSERT_EQUAL(sgit_index_set_version(idx, 5), SGIT_EINVALID);
	for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++)
		free(names[i]);
	sgit_index_free(idx);
	sgit_buf_release(&out);
	sgit_buf_release(&again);
}

CU_TestInfo index_format_tests[] = {
	{ "indexes git wrote (v2, v3, v4, TREE, REUC) are rewritten byte for byte",
	  test_indexes_git_wrote_are_rewritten_byte_for_byte },
	{ "versions and flags are read as git wrote them", test_versions_and_flags_are_read_as_git_wrote_them },
	{ "a conflict keeps its stages and resolve-undo data", test_a_conflict_keeps_its_stages_and_resolve_undo_data },
	{ "corrupt headers and checksums are refused with git's words",
	  test_corrupt_headers_and_checksums_are_refused_with_gits_words },
	{ "an index cut short anywhere is refused", test_an_index_cut_short_anywhere_is_refused },
	{ "required extensions sgit does not know are refused", test_required_extensions_sgit_does_not_know_are_refused },
	{ "any byte changed is parsed or refused safely", test_any_byte_changed_is_parsed_or_refused_safely },
	{ "entries out of order are refused", test_entries_out_of_order_are_refused },
	CU_TEST_INFO_NULL,
};

CU_TestInfo index_memory_tests[] = {
	{ "entries stay sorted by path then stage", test_entries_stay_sorted_by_path_then_stage },
	{ "paths git refuses are refused", test_paths_git_refuses_are_refused },
	{ "long names and version 4 prefixes round trip", test_long_names_and_version_4_prefixes_round_trip },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "index files git wrote", .pInitFunc = setup, .pTests = index_format_tests },
	{ .pName = "index in memory", .pTests = index_memory_tests },
	CU_SUITE_INFO_NULL,
};
