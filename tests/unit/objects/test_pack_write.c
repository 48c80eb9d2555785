/* tests/unit/objects/test_pack_write.c: packs written from an odb, read back by sgit and by git */
#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "unit.h"
#include "objects/pack.h"
#include "objects/pack_write_int.h"
#include "sgit/odb.h"
#include "sgit/pack_write.h"
#include "util/fs.h"

/*
 * The source: files that grow commit after commit (git stores them as
 * deltas once repacked), a tag, and a few loose objects on top.
 */
static struct {
	int state;		/* 0 not made, 1 ready, -1 failed */
	struct sgit_oid *ids;
	size_t n;
} fx;

static const char *tmp(struct sgit_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static const char *tmp(struct sgit_buf *b, const char *fmt, ...)
{
	va_list ap;

	sgit_buf_printf(b, "%s/", unit_tmpdir());
	va_start(ap, fmt);
	sgit_buf_vaddf(b, fmt, ap);
	va_end(ap);
	return b->ptr;
}

static int read_ids(void)
{
	struct sgit_buf path = SGIT_BUF_INIT, data = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	size_t i;
	int rc = -1;

	if (sgit_fs_read_file(&data, tmp(&path, "ids"), &err) < 0 || data.len % 41)
		goto out;
	fx.n = data.len / 41;
	if (!(fx.ids = calloc(fx.n, sizeof(*fx.ids))))
		goto out;
	for (i = 0; i < fx.n; i++)
		if (sgit_oid_fromhexn(&fx.ids[i], data.ptr + 41 * i, SGIT_OID_HEXSZ) < 0)
			goto out;
	rc = 0;
out:
	sgit_buf_release(&path);
	sgit_buf_release(&data);
	return rc;
}

static int fixture(void)
{
	if (fx.state)
		return fx.state > 0;
	fx.state = -1;
	if (unit_sh("git init -q src && cd src && for i in 1 2 3 4 5 6; do "
		    "seq 1 $((i * 700)) >a && seq 1 3000 | sed \"s/^/$i /\" >b && "
		    "printf 'x\\0y%%s' $i >bin && git add . && git commit -qm c$i || exit 1; done && "
		    "git tag -a -m t v1 && git repack -adq && echo new >c && git add c && "
		    "git commit -qm loose && git rev-list --objects --all | cut -c1-40 >../ids") != 0 ||
	    read_ids() < 0)
		return 0;
	fx.state = 1;
	return 1;
}

static int suite_clean(void)
{
	free(fx.ids);
	return 0;
}

static struct sgit_odb *open_odb(const char *name, struct sgit_error *err)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	struct sgit_odb *odb = NULL;

	if (sgit_odb_open(&odb, tmp(&path, "%s/.git/objects", name), NULL, err) < 0)
		fprintf(stderr, "cannot open %s: %s\n", path.ptr, err->msg);
	sgit_buf_release(&path);
	return odb;
}

/* Every id of the fixture reads the same from the pack as from the odb. */
static void check_pack(const char *idx_path, struct sgit_odb *odb)
{
	struct sgit_buf a = SGIT_BUF_INIT, b = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	enum sgit_object_type ta, tb;
	struct sgit_pack *p = NULL;
	uint64_t off;
	size_t i, bad = 0;

	CU_ASSERT_EQUAL_FATAL(sgit_pack_open(&p, idx_path, &err), 0);
	CU_ASSERT_EQUAL(sgit_pack_count(p), fx.n);
	for (i = 0; i < fx.n; i++) {
		if (!sgit_pack_find(&off, p, &fx.ids[i]) || sgit_pack_read(&a, &ta, p, off, &err) < 0 ||
		    sgit_odb_read(&b, &tb, odb, &fx.ids[i]) < 0 || ta != tb || a.len != b.len ||
		    memcmp(a.ptr, b.ptr, a.len))
			bad++;
	}
	CU_ASSERT_EQUAL(bad, 0);
	sgit_pack_free(p);
	sgit_buf_release(&a);
	sgit_buf_release(&b);
}

/* Number of entries in folder dir (dot files aside). */
static size_t count_files(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	size_t n = 0;

	while (d && (de = readdir(d)))
		n += de->d_name[0] != '.';
	if (d)
		closedir(d);
	return n;
}

static void write_and_check(int reuse, const char *name)
{
	struct sgit_pack_write_options o = SGIT_PACK_WRITE_OPTIONS_INIT;
	struct sgit_pack_write_stats st;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf base = SGIT_BUF_INIT, idx = SGIT_BUF_INIT;
	struct sgit_odb *odb;
	struct sgit_oid id;
	char hex[SGIT_OID_HEXSZ + 1];

	if (!fixture() || !(odb = open_odb("src", &err))) {
		CU_FAIL("fixture");
		return;
	}
	o.reuse = reuse;
	o.base = tmp(&base, "%s/pack", name);
	CU_ASSERT_EQUAL(sgit_pack_write(&id, &st, odb, fx.ids, fx.n, &o, &err), 0);
	CU_ASSERT_EQUAL(st.objects, fx.n);
	if (reuse) {
		CU_ASSERT(st.reused_deltas > 0);
		CU_ASSERT(st.reused > st.reused_deltas);
	} else {
		CU_ASSERT_EQUAL(st.reused, 0);
		CU_ASSERT_EQUAL(st.deltas, 0);
	}
	sgit_buf_printf(&idx, "%s-%s.idx", base.ptr, sgit_oid_tohex(hex, &id));
	check_pack(idx.ptr, odb);
	CU_ASSERT_EQUAL(count_files(tmp(&base, "%s", name)), 2);
	CU_ASSERT_EQUAL(unit_sh("cd src && git verify-pack '%s'", idx.ptr), 0);
	sgit_odb_free(odb);
	sgit_buf_release(&base);
	sgit_buf_release(&idx);
}

static void test_reused_deltas_read_back(void)
{
	write_and_check(1, "reuse");
}

static void test_whole_objects_read_back(void)
{
	write_and_check(0, "whole");
}

static void test_own_store_sees_the_pack(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf out = SGIT_BUF_INIT;
	struct sgit_odb *odb = NULL;
	enum sgit_object_type type;
	struct sgit_oid id;
	size_t i, bad = 0;

	/* the same objects, all loose */
	if (!fixture() || unit_sh("cp -r src own && cd own && mv .git/objects/pack/*.pack ../own.pack && "
				  "rm .git/objects/pack/* && git unpack-objects -q <../own.pack") ||
	    !(odb = open_odb("own", &err))) {
		CU_FAIL("fixture");
		return;
	}
	CU_ASSERT_EQUAL(sgit_pack_write(&id, NULL, odb, fx.ids, fx.n, NULL, &err), 0);
	CU_ASSERT_EQUAL(unit_sh("cd own/.git/objects && rm -r ??"), 0);
	for (i = 0; i < fx.n; i++)
		bad += sgit_odb_read(&out, &type, odb, &fx.ids[i]) < 0;
	CU_ASSERT_EQUAL(bad, 0);
	CU_ASSERT_EQUAL(unit_sh("cd own && git fsck --strict --no-dangling"), 0);
	sgit_odb_free(odb);
	sgit_buf_release(&out);
}

/* git writes REF_DELTA when told offsets are not understood; their bases are in the same pack. */
static void test_ref_deltas_are_copied_as_offset_deltas(void)
{
	struct sgit_pack_write_options o = SGIT_PACK_WRITE_OPTIONS_INIT;
	struct sgit_pack_write_stats st;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf base = SGIT_BUF_INIT, idx = SGIT_BUF_INIT;
	struct sgit_odb *odb = NULL;
	char hex[SGIT_OID_HEXSZ + 1];
	struct sgit_oid id;

	if (!fixture() || unit_sh("cp -r src refd && cd refd && git rev-list --objects --all | "
				  "git pack-objects -q --no-delta-base-offset ../refd-pack >/dev/null && "
				  "rm -rf .git/objects/pack/* .git/objects/[0-9a-f][0-9a-f] && "
				  "mv ../refd-pack-* .git/objects/pack/ && "
				  "git verify-pack -v .git/objects/pack/*.idx | grep -q 'chain length = 1'") ||
	    !(odb = open_odb("refd", &err))) {
		CU_FAIL("fixture");
		sgit_odb_free(odb);
		return;
	}
	o.base = tmp(&base, "refd-out/pack");
	CU_ASSERT_EQUAL(sgit_pack_write(&id, &st, odb, fx.ids, fx.n, &o, &err), 0);
	CU_ASSERT_EQUAL(st.objects, fx.n);
	CU_ASSERT_EQUAL(st.reused, fx.n);
	CU_ASSERT(st.reused_deltas > 0);
	CU_ASSERT_EQUAL(st.deltas, st.reused_deltas);
	sgit_buf_printf(&idx, "%s-%s.idx", base.ptr, sgit_oid_tohex(hex, &id));
	check_pack(idx.ptr, odb);
	CU_ASSERT_EQUAL(unit_sh("cd refd && git verify-pack '%s'", idx.ptr), 0);
	sgit_odb_free(odb);
	sgit_buf_release(&base);
	sgit_buf_release(&idx);
}

static void test_an_id_added_twice_counts_once(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_pack_writer *w = NULL;
	struct sgit_odb *odb;

	if (!fixture() || !(odb = open_odb("src", &err))) {
		CU_FAIL("fixture");
		return;
	}
	CU_ASSERT_EQUAL_FATAL(sgit_pack_writer_new(&w, odb, NULL, &err), 0);
	CU_ASSERT_EQUAL(sgit_pack_writer_add(w, &fx.ids[0]), 0);
	CU_ASSERT_EQUAL(sgit_pack_writer_add(w, &fx.ids[1]), 0);
	CU_ASSERT_EQUAL(sgit_pack_writer_add(w, &fx.ids[0]), 0);
	CU_ASSERT_EQUAL(sgit_pack_writer_count(w), 2);
	sgit_pack_writer_free(w);
	sgit_odb_free(odb);
}

static void test_a_missing_object_leaves_nothing(void)
{
	struct sgit_pack_write_options o = SGIT_PACK_WRITE_OPTIONS_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf base = SGIT_BUF_INIT;
	struct sgit_oid ids[2], id;
	struct sgit_odb *odb;

	if (!fixture() || !(odb = open_odb("src", &err))) {
		CU_FAIL("fixture");
		return;
	}
	ids[0] = fx.ids[0];
	sgit_oid_fromhex(&ids[1], "0123456789012345678901234567890123456789");
	o.base = tmp(&base, "missing/pack");
	CU_ASSERT_EQUAL(sgit_pack_write(&id, NULL, odb, ids, 2, &o, &err), SGIT_ENOTFOUND);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "0123456789012345678901234567890123456789"));
	CU_ASSERT(sgit_oid_is_zero(&id));
	CU_ASSERT_EQUAL(count_files(tmp(&base, "missing")), 0);
	sgit_odb_free(odb);
	sgit_buf_release(&base);
}

/* A loose file holding another object's content. */
static void test_content_that_does_not_hash_to_its_id_is_refused(void)
{
	struct sgit_pack_write_options o = SGIT_PACK_WRITE_OPTIONS_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf base = SGIT_BUF_INIT;
	struct sgit_odb *odb;
	struct sgit_oid a, b, id;

	CU_ASSERT_EQUAL_FATAL(unit_sh("git init -q liar"), 0);
	if (!(odb = open_odb("liar", &err))) {
		CU_FAIL("fixture");
		return;
	}
	CU_ASSERT_EQUAL(sgit_odb_write(&a, odb, SGIT_OBJ_BLOB, "a\n", 2), 0);
	/* "a\n" is 7898..., "b\n" is 6178...: b's file gets a's bytes */
	sgit_oid_fromhex(&b, "61780798228d17af2d34fce4cfbdf35556832472");
	CU_ASSERT_EQUAL(unit_sh("cd liar/.git/objects && mkdir -p 61 && "
				"cp 78/981922613b2afb6025042ff6bd878ac1994e85 "
				"61/780798228d17af2d34fce4cfbdf35556832472"), 0);
	o.base = tmp(&base, "liar-out/pack");
	CU_ASSERT_EQUAL(sgit_pack_write(&id, NULL, odb, &b, 1, &o, &err), SGIT_ECORRUPT);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "61780798228d17af2d34fce4cfbdf35556832472"));
	CU_ASSERT_EQUAL(count_files(tmp(&base, "liar-out")), 0);
	sgit_odb_free(odb);
	sgit_buf_release(&base);
}

/* A copy of the source whose pack has one byte flipped in its middle. */
static int damage(const char *name)
{
	return unit_sh("cp -r src %s && cd %s/.git/objects/pack && chmod u+w * && f=$(ls *.pack) && "
		       "printf '\\377' | dd of=$f bs=1 seek=$(( $(wc -c <$f) / 2 )) conv=notrunc 2>/dev/null",
		       name, name);
}

static void test_an_entry_failing_its_crc_is_not_copied(void)
{
	struct sgit_pack_write_options o = SGIT_PACK_WRITE_OPTIONS_INIT;
	struct sgit_pack_write_stats st;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf base = SGIT_BUF_INIT;
	struct sgit_odb *odb;
	struct sgit_oid id;

	/* the CRC table starts after the ids; the object count is near the list's length */
	if (!fixture() || unit_sh("cp -r src crc && cd crc/.git/objects/pack && chmod u+w * && "
				  "f=$(ls *.idx) && n=$(git show-index <$f | wc -l) && "
				  "printf '\\377' | dd of=$f bs=1 seek=$((8 + 1024 + 20 * n + 4 * (n / 2))) "
				  "conv=notrunc 2>/dev/null") ||
	    !(odb = open_odb("crc", &err))) {
		CU_FAIL("fixture");
		return;
	}
	o.base = tmp(&base, "crc-out/pack");
	CU_ASSERT_EQUAL(sgit_pack_write(&id, &st, odb, fx.ids, fx.n, &o, &err), 0);
	CU_ASSERT_EQUAL(st.objects, fx.n);
	/* the object whose CRC is wrong is read and deflated anew, and so are its deltas */
	CU_ASSERT(st.reused < fx.n - 1);
	CU_ASSERT(st.reused > 0);
	sgit_odb_free(odb);
	sgit_buf_release(&base);
}

static void test_a_damaged_source_pack_leaves_nothing(void)
{
	struct sgit_pack_write_options o = SGIT_PACK_WRITE_OPTIONS_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf base = SGIT_BUF_INIT;
	struct sgit_odb *odb;
	struct sgit_oid id;
	int rc;

	if (!fixture() || damage("broken") || !(odb = open_odb("broken", &err))) {
		CU_FAIL("fixture");
		return;
	}
	o.base = tmp(&base, "broken-out/pack");
	rc = sgit_pack_write(&id, NULL, odb, fx.ids, fx.n, &o, &err);
	CU_ASSERT_EQUAL(rc, SGIT_ECORRUPT);
	CU_ASSERT_EQUAL(count_files(tmp(&base, "broken-out")), 0);
	sgit_odb_free(odb);
	sgit_buf_release(&base);
}

static void test_an_empty_pack_is_valid(void)
{
	struct sgit_pack_write_options o = SGIT_PACK_WRITE_OPTIONS_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf base = SGIT_BUF_INIT;
	char hex[SGIT_OID_HEXSZ + 1];
	struct sgit_odb *odb;
	struct sgit_oid id;

	if (!fixture() || !(odb = open_odb("src", &err))) {
		CU_FAIL("fixture");
		return;
	}
	o.base = tmp(&base, "empty/pack");
	CU_ASSERT_EQUAL(sgit_pack_write(&id, NULL, odb, NULL, 0, &o, &err), 0);
	/* git names the empty pack by its checksum too */
	CU_ASSERT_STRING_EQUAL(sgit_oid_tohex(hex, &id), "029d08823bd8a8eab510ad6ac75c823cfd3ed31e");
	CU_ASSERT_EQUAL(unit_sh("git verify-pack empty/pack-%s.idx", hex), 0);
	sgit_odb_free(odb);
	sgit_buf_release(&base);
}

static uint32_t be32_at(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* Offsets of 2 GiB and more cannot be made cheaply in a real pack: write the index of made-up entries. */
static void test_large_offsets_go_to_the_64_bit_table(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf path = SGIT_BUF_INIT, data = SGIT_BUF_INIT;
	struct sgit_pack_writer *w = NULL;
	struct pw_entry e[3];
	struct sgit_oid sum, idx_sum;
	const unsigned char *off;
	struct sgit_odb *odb;

	if (!fixture() || !(odb = open_odb("src", &err))) {
		CU_FAIL("fixture");
		return;
	}
	memset(e, 0, sizeof(e));
	e[0].id.id[0] = 0x01;
	e[0].offset = 12;
	e[1].id.id[0] = 0x80;
	e[1].offset = UINT64_C(0x80000000);
	e[2].id.id[0] = 0xff;
	e[2].offset = UINT64_C(0x123456789);
	memset(&sum, 0xab, sizeof(sum));
	CU_ASSERT_EQUAL_FATAL(sgit_pack_writer_new(&w, odb, NULL, &err), 0);
	w->entries = e;
	w->n = 3;
	CU_ASSERT_EQUAL(sgit_fs_mkdir_p(tmp(&path, "large"), &err), 0);
	CU_ASSERT_EQUAL(pw_out_open(&w->idx, path.ptr, "idx", &err), 0);
	CU_ASSERT_EQUAL(pw_write_index(w, &sum), 0);
	CU_ASSERT_EQUAL(pw_out_finish(&idx_sum, &w->idx, 0444, 0), 0);
	CU_ASSERT_EQUAL(sgit_fs_read_file(&data, w->idx.path.ptr, &err), 0);
	CU_ASSERT_EQUAL_FATAL(data.len, 8 + 1024 + 3 * 28 + 2 * 8 + 40);
	off = (const unsigned char *)data.ptr + 8 + 1024 + 3 * 24;
	CU_ASSERT_EQUAL(be32_at((const unsigned char *)data.ptr + 8), 0);
	CU_ASSERT_EQUAL(be32_at((const unsigned char *)data.ptr + 8 + 4 * 0x01), 1);
	CU_ASSERT_EQUAL(be32_at((const unsigned char *)data.ptr + 8 + 4 * 0xff), 3);
	CU_ASSERT_EQUAL(be32_at(off), 12);
	CU_ASSERT_EQUAL(be32_at(off + 4), 0x80000000u);
	CU_ASSERT_EQUAL(be32_at(off + 8), 0x80000001u);
	CU_ASSERT_EQUAL(be32_at(off + 12), 0);
	CU_ASSERT_EQUAL(be32_at(off + 16), 0x80000000u);
	CU_ASSERT_EQUAL(be32_at(off + 20), 1);
	CU_ASSERT_EQUAL(be32_at(off + 24), 0x23456789u);
	w->entries = NULL;
	w->n = 0;
	sgit_pack_writer_free(w);
	sgit_odb_free(odb);
	sgit_buf_release(&path);
	sgit_buf_release(&data);
}

static CU_TestInfo pack_write_tests[] = {
	{ "a pack that copies deltas reads back object for object, and git verifies it",
	  test_reused_deltas_read_back },
	{ "a pack of objects deflated anew reads back object for object", test_whole_objects_read_back },
	{ "a pack written into the source's own store is seen by it at once",
	  test_own_store_sees_the_pack },
	{ "REF_DELTA entries of a source pack are copied as OFS_DELTA ones",
	  test_ref_deltas_are_copied_as_offset_deltas },
	{ "an id added twice is packed once", test_an_id_added_twice_counts_once },
	{ "a missing object fails the write and leaves no file", test_a_missing_object_leaves_nothing },
	{ "a loose object whose content hashes to another id is refused",
	  test_content_that_does_not_hash_to_its_id_is_refused },
	{ "an entry whose bytes fail the source index's CRC is deflated anew, not copied",
	  test_an_entry_failing_its_crc_is_not_copied },
	{ "a damaged source pack fails the write and leaves no file",
	  test_a_damaged_source_pack_leaves_nothing },
	{ "an empty list gives git's empty pack", test_an_empty_pack_is_valid },
	{ "offsets from 2 GiB on go to the index's 64-bit table", test_large_offsets_go_to_the_64_bit_table },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "pack_write", .pCleanupFunc = suite_clean, .pTests = pack_write_tests },
	CU_SUITE_INFO_NULL,
};
