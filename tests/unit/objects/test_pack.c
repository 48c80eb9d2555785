/* tests/unit/objects/test_pack.c: packs that real git made, read back through objects/pack.h */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "unit.h"
#include "objects/pack.h"
#include "sgit/errors.h"
#include "sgit/object.h"
#include "util/fs.h"

#define COMMITS 300
#define LINES 310

/* Made once, on first use: packs of the same history with OFS_DELTA and REF_DELTA. */
static struct {
	int state;		/* 0 not yet, 1 ready, -1 failed */
	char dir[512];
	char ofs_idx[640], ref_idx[640], large_idx[640], v1_idx[640];
} fx;

static int sh(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int sh(const char *fmt, ...)
{
	char cmd[4096];
	va_list ap;
	int rc;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	rc = system(cmd);
	if (rc != 0)
		fprintf(stderr, "command failed (%d): %s\n", rc, cmd);
	return rc;
}

/*
 * An inline fast-import blob, text or bytes with NULs, where commit i changes
 * line i for good: each version is closest to its neighbours, which makes
 * git build long delta chains.
 */
static void add_blob(FILE *f, const char *path, int commit, int binary)
{
	struct sgit_buf b = SGIT_BUF_INIT;
	unsigned x = 12345;
	int i;

	for (i = 0; i < LINES; i++) {
		if (binary) {
			x = x * 1103515245u + 12345u;
			sgit_buf_addch(&b, (char)(i < commit ? 0 : (int)(x >> 16)));
			sgit_buf_add(&b, "\0\1\2", 3);
		} else {
			sgit_buf_addf(&b, "line %d says %d\n", i, i < commit ? i * 13 : i * 7);
		}
	}
	fprintf(f, "M 100644 inline %s\ndata %zu\n", path, b.len);
	fwrite(b.ptr, 1, b.len, f);
	fputc('\n', f);
	sgit_buf_release(&b);
}

static int write_history(const char *path)
{
	FILE *f = fopen(path, "w");
	int i;

	if (!f)
		return -1;
	for (i = 1; i <= COMMITS; i++) {
		fprintf(f, "commit refs/heads/main\nmark :%d\n", i);
		fprintf(f, "committer C O Mitter <c@example.com> %d +0000\n", 1700000000 + i);
		fprintf(f, "data %d\ncommit %04d\n", 12, i);
		add_blob(f, "text.txt", i, 0);
		if (i % 3 == 0)
			add_blob(f, "data.bin", i, 1);
		fputc('\n', f);
	}
	fprintf(f, "tag v1\nfrom :%d\ntagger T <t@example.com> 1700000000 +0000\ndata 4\nv1!\n\n",
		COMMITS);
	return fclose(f);
}

/* Run pack-objects into dir/p-<hash>.{pack,idx}; idx_out gets the .idx path. */
static int pack_objects(char *idx_out, size_t sz, const char *sub, const char *opts)
{
	struct sgit_buf hash = SGIT_BUF_INIT;
	char path[700];
	int rc;

	snprintf(path, sizeof(path), "%s/%s.hash", fx.dir, sub);
	rc = sh("cd '%s/repo' && mkdir -p ../%s && git rev-list --objects --all | "
		"git pack-objects -q %s ../%s/p > '%s'", fx.dir, sub, opts, sub, path);
	if (rc == 0 && sgit_fs_read_file(&hash, path, NULL) == 0) {
		sgit_buf_rtrim(&hash);
		snprintf(idx_out, sz, "%s/%s/p-%s.idx", fx.dir, sub, hash.ptr);
	} else {
		rc = -1;
	}
	sgit_buf_release(&hash);
	return rc;
}

static int make_fixture(void)
{
	char stream[700];

	snprintf(fx.dir, sizeof(fx.dir), "%s/pack", unit_tmpdir());
	snprintf(stream, sizeof(stream), "%s/history", fx.dir);
	setenv("HOME", unit_tmpdir(), 1);
	setenv("GIT_CONFIG_NOSYSTEM", "1", 1);
	setenv("GIT_CONFIG_GLOBAL", "/dev/null", 1);
	if (sh("mkdir -p '%s' && git init -q '%s/repo'", fx.dir, fx.dir) || write_history(stream) ||
	    sh("cd '%s/repo' && git fast-import --quiet < '%s'", fx.dir, stream) ||
	    pack_objects(fx.ofs_idx, sizeof(fx.ofs_idx), "ofs",
			 "--no-reuse-delta --delta-base-offset --depth=50 --window=250") ||
	    pack_objects(fx.ref_idx, sizeof(fx.ref_idx), "ref", "--no-reuse-delta --depth=50 --window=250"))
		return -1;
	/* the same pack indexed again, offsets above 0x400 going to the 64-bit table */
	snprintf(fx.large_idx, sizeof(fx.large_idx), "%s/large/p.idx", fx.dir);
	snprintf(fx.v1_idx, sizeof(fx.v1_idx), "%s/v1/p.idx", fx.dir);
	return sh("cd '%s' && mkdir large v1 && cp ofs/*.pack large/p.pack && cp ofs/*.pack v1/p.pack"
		  " && git index-pack --index-version=2,0x400 -o large/p.idx large/p.pack >/dev/null"
		  " && git index-pack --index-version=1 -o v1/p.idx v1/p.pack >/dev/null", fx.dir);
}

static int fixture(void)
{
	if (!fx.state)
		fx.state = make_fixture() == 0 ? 1 : -1;
	return fx.state == 1 ? 0 : -1;
}

/*
 * Read every object by id and check that hashing its type and content gives
 * that id (which proves both), and that the header-only read agrees.
 */
static void check_every_object(const char *idx_path, size_t cache_limit, int set_limit)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf data = SGIT_BUF_INIT;
	struct sgit_pack *pack = NULL;
	enum sgit_object_type type, htype;
	struct sgit_oid id, got;
	uint64_t offset;
	size_t hsize;
	uint32_t i, bad = 0;

	CU_ASSERT_EQUAL_FATAL(sgit_pack_open(&pack, idx_path, &err), 0);
	if (set_limit)
		sgit_pack_set_cache_limit(pack, cache_limit);
	CU_ASSERT(sgit_pack_count(pack) > COMMITS * 2);
	for (i = 0; i < sgit_pack_count(pack); i++) {
		sgit_pack_oid_at(&id, pack, i);
		if (!sgit_pack_find(&offset, pack, &id) ||
		    sgit_pack_read(&data, &type, pack, offset, &err) < 0 ||
		    sgit_object_hash(&got, type, data.ptr, data.len) < 0 || !sgit_oid_equal(&id, &got) ||
		    sgit_pack_read_header(&hsize, &htype, pack, offset, &err) < 0 ||
		    hsize != data.len || htype != type) {
			if (!bad++)
				fprintf(stderr, "object %u: %s\n", i, err.msg);
		}
	}
	CU_ASSERT_EQUAL(bad, 0);
	sgit_buf_release(&data);
	sgit_pack_free(pack);
}

static void test_aggressive_ofs_pack_reads_back(void)
{
	CU_ASSERT_FATAL(fixture() == 0);
	/* make sure the pack has the deep chains this test is about */
	CU_ASSERT(sh("git verify-pack -s '%s' | grep -q 'chain length = 4[0-9]:'", fx.ofs_idx) == 0);
	check_every_object(fx.ofs_idx, 0, 0);
}

static void test_ref_delta_pack_reads_back(void)
{
	CU_ASSERT_FATAL(fixture() == 0);
	CU_ASSERT(sh("git verify-pack -s '%s' | grep -q 'chain length = 4[0-9]:'", fx.ref_idx) == 0);
	check_every_object(fx.ref_idx, 0, 0);
}

static void test_large_offsets_are_read(void)
{
	struct sgit_buf a = SGIT_BUF_INIT, b = SGIT_BUF_INIT;

	CU_ASSERT_FATAL(fixture() == 0);
	CU_ASSERT_EQUAL(sgit_fs_read_file(&a, fx.large_idx, NULL), 0);
	CU_ASSERT_EQUAL(sgit_fs_read_file(&b, fx.ofs_idx, NULL), 0);
	CU_ASSERT(a.len > b.len + 8 * 100);	/* most offsets did go to the 64-bit table */
	check_every_object(fx.large_idx, 0, 0);
	sgit_buf_release(&a);
	sgit_buf_release(&b);
}

static void test_small_or_no_cache_gives_the_same_objects(void)
{
	CU_ASSERT_FATAL(fixture() == 0);
	check_every_object(fx.ofs_idx, 0, 1);
	check_every_object(fx.ref_idx, 8192, 1);
	check_every_object(fx.ofs_idx, 256 * 1024, 1);
}

static void test_version_1_index_is_refused_clearly(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_pack *pack = (struct sgit_pack *)&err;

	CU_ASSERT_FATAL(fixture() == 0);
	CU_ASSERT_EQUAL(sgit_pack_open(&pack, fx.v1_idx, &err), SGIT_ECORRUPT);
	CU_ASSERT_PTR_NULL(pack);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "version 1"));
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, fx.v1_idx));
}

/* How many ids start with the first hexlen digits of id, by brute force (capped at 2). */
static int scan_prefix(struct sgit_oid *first, struct sgit_pack *pack, const char *hex, size_t hexlen)
{
	char other[SGIT_OID_HEXSZ + 1];
	struct sgit_oid id;
	uint32_t i;
	int n = 0;

	for (i = 0; i < sgit_pack_count(pack) && n < 2; i++) {
		sgit_pack_oid_at(&id, pack, i);
		if (!strncmp(sgit_oid_tohex(other, &id), hex, hexlen) && !n++)
			*first = id;
	}
	return n;
}

/* Raw prefix bytes as pack.h wants them; the digits past hexlen are garbage on purpose. */
static void make_prefix(struct sgit_oid *prefix, const char *hex, size_t hexlen)
{
	size_t i;

	memset(prefix->id, 0xa5, sizeof(prefix->id));
	for (i = 0; i < hexlen; i++) {
		unsigned d = (unsigned)sgit_hex_digit(hex[i]);

		if (i & 1)
			prefix->id[i / 2] = (unsigned char)((prefix->id[i / 2] & 0xf0) | d);
		else
			prefix->id[i / 2] = (unsigned char)((d << 4) | (prefix->id[i / 2] & 0x0f));
	}
}

static void test_prefixes_match_a_scan(void)
{
	static const size_t lens[] = { 0, 1, 2, 3, 4, 5, 7, 12, 40 };
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_pack *pack = NULL;
	struct sgit_oid id, prefix, got, want;
	char hex[SGIT_OID_HEXSZ + 1];
	uint32_t i, bad = 0;
	size_t l;
	int n;

	CU_ASSERT_FATAL(fixture() == 0);
	CU_ASSERT_EQUAL_FATAL(sgit_pack_open(&pack, fx.ofs_idx, &err), 0);
	for (i = 0; i < sgit_pack_count(pack); i += 5) {
		sgit_pack_oid_at(&id, pack, i);
		sgit_oid_tohex(hex, &id);
		if (i % 10 == 0)	/* also prefixes that are in no id: change the fifth digit */
			hex[4] = hex[4] == '0' ? 'f' : '0';
		for (l = 0; l < sizeof(lens) / sizeof(lens[0]); l++) {
			make_prefix(&prefix, hex, lens[l]);
			n = sgit_pack_find_prefix(&got, pack, &prefix, lens[l]);
			if (n != scan_prefix(&want, pack, hex, lens[l]) || (n && !sgit_oid_equal(&got, &want)))
				bad++;
		}
	}
	CU_ASSERT_EQUAL(bad, 0);
	sgit_pack_free(pack);
}

static void test_missing_ids_are_not_found(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_pack *pack = NULL;
	struct sgit_oid id;
	uint64_t offset;

	CU_ASSERT_FATAL(fixture() == 0);
	CU_ASSERT_EQUAL_FATAL(sgit_pack_open(&pack, fx.ofs_idx, &err), 0);
	sgit_oid_fromhex(&id, "0000000000000000000000000000000000000000");
	CU_ASSERT_EQUAL(sgit_pack_find(&offset, pack, &id), 0);
	sgit_oid_fromhex(&id, "ffffffffffffffffffffffffffffffffffffffff");
	CU_ASSERT_EQUAL(sgit_pack_find(&offset, pack, &id), 0);
	sgit_pack_oid_at(&id, pack, 0);
	id.id[19] ^= 1;
	CU_ASSERT_EQUAL(sgit_pack_find(&offset, pack, &id), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(sgit_pack_path(pack), ".pack"));
	sgit_pack_free(pack);
}

static void test_missing_files_are_not_found(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_pack *pack = NULL;
	char path[700];

	snprintf(path, sizeof(path), "%s/no-such-pack.idx", unit_tmpdir());
	CU_ASSERT_EQUAL(sgit_pack_open(&pack, path, &err), SGIT_ENOTFOUND);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, path));
	CU_ASSERT_EQUAL(sgit_pack_open(&pack, "pack.txt", &err), SGIT_EINVALID);
}

static CU_TestInfo pack_tests[] = {
	{ "every object of an aggressively packed repository reads back with its id", test_aggressive_ofs_pack_reads_back },
	{ "REF_DELTA chains resolve by id within the pack", test_ref_delta_pack_reads_back },
	{ "offsets in the 64-bit table are read", test_large_offsets_are_read },
	{ "a small or no base cache gives the same objects", test_small_or_no_cache_gives_the_same_objects },
	{ "a version 1 index is refused with a clear message", test_version_1_index_is_refused_clearly },
	{ "abbreviated ids match what a scan of the index finds", test_prefixes_match_a_scan },
	{ "ids that are not in the pack are not found", test_missing_ids_are_not_found },
	{ "missing files are reported as not found", test_missing_files_are_not_found },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "objects/pack", .pTests = pack_tests },
	CU_SUITE_INFO_NULL,
};
