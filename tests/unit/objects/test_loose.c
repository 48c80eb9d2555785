/* tests/unit/objects/test_loose.c: loose objects: header parsing, inflate checks, writing */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>
#include <zlib.h>
#include "unit.h"
#include "objects/loose.h"
#include "util/fs.h"

#define EMPTY_BLOB "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"

/* A fresh objects folder under the test's scratch folder, named into path. */
static const char *objdir(char path[512], const char *name)
{
	snprintf(path, 512, "%s/%s", unit_tmpdir(), name);
	mkdir(path, 0777);
	return path;
}

/* Deflate raw bytes (a whole "<type> <size>\0..." object, honest or not). */
static void deflate_raw(struct sgit_buf *out, const void *raw, size_t len)
{
	uLongf n = compressBound((uLong)len);

	sgit_buf_grow(out, n);
	CU_ASSERT_EQUAL_FATAL(compress2((Bytef *)out->ptr, &n, raw, (uLong)len, 1), Z_OK);
	sgit_buf_setlen(out, n);
}

/* Literal headers: what parses and why the others are refused. */
static const struct {
	const char *hdr;
	size_t len;
	int rc;
	enum sgit_object_type type;
	size_t size;
} header_cases[] = {
	{ "blob 0\0", 7, 0, SGIT_OBJ_BLOB, 0 },
	{ "commit 123\0x", 12, 0, SGIT_OBJ_COMMIT, 123 },
	{ "tree 18446744073709551615\0", 26, 0, SGIT_OBJ_TREE, (size_t)18446744073709551615ull },
	{ "tag 7\0", 6, 0, SGIT_OBJ_TAG, 7 },
	{ "blub 3\0abc", 10, SGIT_ECORRUPT, 0, 0 },
	{ "blob 010\0", 9, SGIT_ECORRUPT, 0, 0 },
	{ "blob 00\0", 8, SGIT_ECORRUPT, 0, 0 },
	{ "blob \0", 6, SGIT_ECORRUPT, 0, 0 },
	{ "blob 3abc", 9, SGIT_ECORRUPT, 0, 0 },
	{ "blob  3\0", 8, SGIT_ECORRUPT, 0, 0 },
	{ "blob -3\0", 8, SGIT_ECORRUPT, 0, 0 },
	{ "blob 3 \0", 8, SGIT_ECORRUPT, 0, 0 },
	{ "blob3\0", 6, SGIT_ECORRUPT, 0, 0 },
	{ "tree 18446744073709551616\0", 26, SGIT_ECORRUPT, 0, 0 },
	{ "blob 000000000000000000000000000001\0", 36, SGIT_ECORRUPT, 0, 0 },
	{ "", 0, SGIT_ECORRUPT, 0, 0 },
};

static void test_headers_parse_only_when_canonical(void)
{
	size_t i;

	for (i = 0; i < sizeof(header_cases) / sizeof(header_cases[0]); i++) {
		enum sgit_object_type type = SGIT_OBJ_BAD;
		size_t size = 0, hdrlen = 0;
		const char *why = NULL;
		int rc = sgit_loose_parse_header(&type, &size, &hdrlen,
						 (const unsigned char *)header_cases[i].hdr,
						 header_cases[i].len, &why);

		CU_ASSERT_EQUAL(rc, header_cases[i].rc);
		if (rc == 0) {
			CU_ASSERT_EQUAL(type, header_cases[i].type);
			CU_ASSERT_EQUAL(size, header_cases[i].size);
			CU_ASSERT_EQUAL(hdrlen, strlen(header_cases[i].hdr) + 1);
		} else {
			CU_ASSERT_PTR_NOT_NULL(why);
		}
	}
}

/* Whole objects as zlib streams: each lie must be caught and named. */
static const struct {
	const char *raw;
	size_t len;
	const char *damage;	/* "cut" drops the stream's last 5 bytes, "tail" appends garbage */
	const char *reason;	/* NULL: decodes fine */
} object_cases[] = {
	{ "blob 3\0abc", 10, NULL, NULL },
	{ "blob 0\0", 7, NULL, NULL },
	{ "blub 3\0abc", 10, NULL, "unknown object type" },
	{ "blob 5\0abc", 10, NULL, "content is shorter" },
	{ "blob 2\0abc", 10, NULL, "content is longer" },
	{ "blob 1\0abc", 10, NULL, "content is longer" },
	{ "blob 3abc", 9, NULL, "does not end with a NUL" },
	{ "blob 010\0abcdefghij", 19, NULL, "not canonical" },
	{ "blob 3\0abc", 10, "cut", "truncated zlib stream" },
	{ "blob 3\0abc", 10, "tail", "garbage after the zlib stream" },
	{ "blob 99999999\0abc", 17, NULL, "larger than the data can hold" },
};

static void test_lying_or_damaged_objects_are_corrupt(void)
{
	size_t i;

	for (i = 0; i < sizeof(object_cases) / sizeof(object_cases[0]); i++) {
		struct sgit_buf z = SGIT_BUF_INIT, out = SGIT_BUF_INIT;
		struct sgit_error err = SGIT_ERROR_INIT;
		enum sgit_object_type type = SGIT_OBJ_BAD;
		const char *damage = object_cases[i].damage;
		size_t size = 0;
		int rc;

		deflate_raw(&z, object_cases[i].raw, object_cases[i].len);
		if (damage && !strcmp(damage, "cut"))
			sgit_buf_truncate(&z, z.len - 5);
		if (damage && !strcmp(damage, "tail"))
			sgit_buf_add(&z, "junk", 4);
		rc = sgit_loose_decode(&out, &type, &size, z.ptr, z.len, "abcd", &err);
		if (!object_cases[i].reason) {
			CU_ASSERT_EQUAL(rc, 0);
			CU_ASSERT_EQUAL(type, SGIT_OBJ_BLOB);
			CU_ASSERT_EQUAL(out.len, size);
		} else {
			CU_ASSERT_EQUAL(rc, SGIT_ECORRUPT);
			CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, object_cases[i].reason));
			CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "loose object 'abcd' is corrupt"));
			CU_ASSERT_EQUAL(out.len, 0);
		}
		sgit_buf_release(&z);
		sgit_buf_release(&out);
	}
}

static void test_bytes_that_are_not_zlib_are_corrupt(void)
{
	static const char *const junk[] = { "x", "not zlib at all", "\x78\x01", "\x78\x9c\xff\xff" };
	size_t i;

	for (i = 0; i < sizeof(junk) / sizeof(junk[0]); i++) {
		struct sgit_buf out = SGIT_BUF_INIT;
		struct sgit_error err = SGIT_ERROR_INIT;
		enum sgit_object_type type;
		size_t size;

		CU_ASSERT_EQUAL(sgit_loose_decode(&out, &type, &size, junk[i], strlen(junk[i]),
						  "abcd", &err), SGIT_ECORRUPT);
		CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "'abcd'"));
		sgit_buf_release(&out);
	}
}

static void test_a_header_read_ignores_a_damaged_tail(void)
{
	struct sgit_buf raw = SGIT_BUF_INIT, z = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	enum sgit_object_type type = SGIT_OBJ_BAD;
	size_t i, size = 0;

	sgit_buf_printf(&raw, "commit %d", 100000);
	sgit_buf_addch(&raw, '\0');
	for (i = 0; i < 100000; i++)
		sgit_buf_addch(&raw, (char)(i * 7919 >> 3));
	deflate_raw(&z, raw.ptr, raw.len);
	sgit_buf_truncate(&z, z.len / 2);
	CU_ASSERT_EQUAL(sgit_loose_decode(NULL, &type, &size, z.ptr, z.len, "abcd", &err), 0);
	CU_ASSERT_EQUAL(type, SGIT_OBJ_COMMIT);
	CU_ASSERT_EQUAL(size, 100000);
	sgit_buf_release(&raw);
	sgit_buf_release(&z);
}

/* The ids git gives: empty blob, "hello\n", bytes with NULs. */
static const struct {
	enum sgit_object_type type;
	const char *data;
	size_t len;
	const char *id;
} known[] = {
	{ SGIT_OBJ_BLOB, "", 0, EMPTY_BLOB },
	{ SGIT_OBJ_BLOB, "hello\n", 6, "ce013625030ba8dba906f756967f9e9ca394464a" },
	{ SGIT_OBJ_BLOB, "a\0b\0\377\n", 6, "3918d75a63b4f6d624f3d193bd56469f1f9e67e3" },
	{ SGIT_OBJ_TREE, "", 0, "4b825dc642cb6eb9a060e54bf8d69288fbee4904" },
};

static void test_written_objects_read_back_with_gits_ids(void)
{
	char dir[512];

	objdir(dir, "roundtrip");
	size_t i;

	for (i = 0; i < sizeof(known) / sizeof(known[0]); i++) {
		struct sgit_buf out = SGIT_BUF_INIT, path = SGIT_BUF_INIT;
		struct sgit_error err = SGIT_ERROR_INIT;
		enum sgit_object_type type = SGIT_OBJ_BAD;
		struct sgit_oid id;
		char hex[SGIT_OID_HEXSZ + 1];
		struct stat st;
		size_t size = 1;

		sgit_object_hash(&id, known[i].type, known[i].data, known[i].len);
		CU_ASSERT_STRING_EQUAL(sgit_oid_tohex(hex, &id), known[i].id);
		CU_ASSERT_EQUAL(sgit_loose_exists(dir, &id), 0);
		CU_ASSERT_EQUAL(sgit_loose_write(dir, &id, known[i].type, known[i].data, known[i].len,
						 1, 0444, &err), 0);
		CU_ASSERT_EQUAL(sgit_loose_exists(dir, &id), 1);
		sgit_loose_path(&path, dir, &id);
		CU_ASSERT(stat(path.ptr, &st) == 0 && (st.st_mode & 0777) == 0444);
		CU_ASSERT_EQUAL(sgit_loose_read(&out, &type, dir, &id, &err), 0);
		CU_ASSERT_EQUAL(type, known[i].type);
		CU_ASSERT_EQUAL(out.len, known[i].len);
		CU_ASSERT(memcmp(out.ptr, known[i].data, known[i].len) == 0);
		CU_ASSERT_EQUAL(sgit_loose_read_header(&size, &type, dir, &id, &err), 0);
		CU_ASSERT_EQUAL(size, known[i].len);
		sgit_buf_release(&out);
		sgit_buf_release(&path);
	}
}

static void test_no_temp_file_is_left_behind(void)
{
	char dir[512];

	objdir(dir, "notemp");
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf cmd = SGIT_BUF_INIT;
	struct sgit_oid id;

	sgit_object_hash(&id, SGIT_OBJ_BLOB, "x", 1);
	CU_ASSERT_EQUAL(sgit_loose_write(dir, &id, SGIT_OBJ_BLOB, "x", 1, 1, 0444, &err), 0);
	CU_ASSERT_EQUAL(sgit_loose_write(dir, &id, SGIT_OBJ_BLOB, "x", 1, 1, 0444, &err), 0);
	sgit_buf_printf(&cmd, "test -z \"$(find '%s' -name 'tmp_obj_*')\"", dir);
	CU_ASSERT_EQUAL(system(cmd.ptr), 0);
	sgit_buf_release(&cmd);
}

static void test_an_existing_object_is_not_replaced(void)
{
	char dir[512];

	objdir(dir, "existing");
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf path = SGIT_BUF_INIT;
	struct timeval old[2] = { { 1000000000, 0 }, { 1000000000, 0 } };
	struct stat before, after;
	struct sgit_oid id;

	sgit_object_hash(&id, SGIT_OBJ_BLOB, "keep me\n", 8);
	CU_ASSERT_EQUAL(sgit_loose_write(dir, &id, SGIT_OBJ_BLOB, "keep me\n", 8, 1, 0444, &err), 0);
	sgit_loose_path(&path, dir, &id);
	CU_ASSERT_EQUAL(utimes(path.ptr, old), 0);
	CU_ASSERT_EQUAL(stat(path.ptr, &before), 0);
	CU_ASSERT_EQUAL(sgit_loose_write(dir, &id, SGIT_OBJ_BLOB, "keep me\n", 8, 9, 0444, &err), 0);
	CU_ASSERT_EQUAL(stat(path.ptr, &after), 0);
	CU_ASSERT_EQUAL(before.st_ino, after.st_ino);
	CU_ASSERT_EQUAL(after.st_mtime, 1000000000);
	CU_ASSERT_EQUAL(before.st_size, after.st_size);
	sgit_buf_release(&path);
}

static long file_size_written(const char *dir, int level, const struct sgit_buf *data)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf path = SGIT_BUF_INIT, out = SGIT_BUF_INIT;
	enum sgit_object_type type;
	struct sgit_oid id;
	struct stat st;
	long n = -1;

	sgit_object_hash(&id, SGIT_OBJ_BLOB, data->ptr, data->len);
	CU_ASSERT_EQUAL(sgit_loose_write(dir, &id, SGIT_OBJ_BLOB, data->ptr, data->len, level,
					 0444, &err), 0);
	CU_ASSERT_EQUAL(sgit_loose_read(&out, &type, dir, &id, &err), 0);
	CU_ASSERT(out.len == data->len && !memcmp(out.ptr, data->ptr, out.len));
	sgit_loose_path(&path, dir, &id);
	if (stat(path.ptr, &st) == 0)
		n = (long)st.st_size;
	sgit_buf_release(&path);
	sgit_buf_release(&out);
	return n;
}

static void test_the_compression_level_is_applied(void)
{
	struct sgit_buf data = SGIT_BUF_INIT;
	char dir[512];
	long stored, packed;
	int i;

	for (i = 0; i < 2000; i++)
		sgit_buf_addf(&data, "line %d of a text that repeats\n", i % 10);
	stored = file_size_written(objdir(dir, "level0"), 0, &data);
	packed = file_size_written(objdir(dir, "level9"), 9, &data);
	CU_ASSERT(stored > (long)data.len);
	CU_ASSERT(packed > 0 && packed < (long)data.len / 10);
	sgit_buf_release(&data);
}

static void test_a_large_object_round_trips(void)
{
	struct sgit_buf data = SGIT_BUF_INIT;
	char dir[512];
	size_t i;

	sgit_buf_grow(&data, 3 << 20);
	for (i = 0; i < (3u << 20); i++)
		data.ptr[i] = (char)((i * 2654435761u) >> 13);
	sgit_buf_setlen(&data, 3 << 20);
	CU_ASSERT(file_size_written(objdir(dir, "large"), 1, &data) > 0);
	sgit_buf_release(&data);
}

/* Bytes that compress a little: half text, half noise, in runs of 500. */
static void fill_big(struct sgit_buf *data, size_t len)
{
	size_t i;

	sgit_buf_grow(data, len);
	for (i = 0; i < len; i++)
		data->ptr[i] = (char)(i % 1000 < 500 ? 'a' + (i / 1000) % 26 : (i * 2654435761u) >> 21);
	sgit_buf_setlen(data, len);
}

static int temp_with(struct sgit_buf *path, const struct sgit_buf *data)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	int fd = -1;

	sgit_fs_tempfile(path, &fd, unit_tmpdir(), "src-", &err);
	CU_ASSERT_EQUAL(sgit_fs_write_all(fd, data->ptr, data->len, path->ptr, &err), 0);
	return fd;
}

static void test_small_and_empty_files_are_stored_from_a_descriptor(void)
{
	static const char *const texts[] = { "", "hello\n", "a\0b\0\377\n" };
	struct sgit_error err = SGIT_ERROR_INIT;
	char dir[512];
	size_t i;

	objdir(dir, "from-fd");
	for (i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		struct sgit_buf data = SGIT_BUF_INIT, path = SGIT_BUF_INIT, out = SGIT_BUF_INIT;
		enum sgit_object_type type;
		struct sgit_oid id, want;
		size_t len = i == 2 ? 6 : strlen(texts[i]);
		int fd;

		sgit_buf_set(&data, texts[i], len);
		fd = temp_with(&path, &data);
		sgit_object_hash(&want, SGIT_OBJ_BLOB, data.ptr, data.len);
		CU_ASSERT_EQUAL(sgit_loose_hash_fd(&id, SGIT_OBJ_BLOB, fd, 0, len, &err), 0);
		CU_ASSERT(sgit_oid_equal(&id, &want));
		CU_ASSERT_EQUAL(sgit_loose_write_fd(dir, &id, SGIT_OBJ_BLOB, fd, 0, len, 1, 0444, &err), 0);
		CU_ASSERT_EQUAL(sgit_loose_read(&out, &type, dir, &id, &err), 0);
		CU_ASSERT(out.len == len && !memcmp(out.ptr, texts[i], len));
		close(fd);
		unlink(path.ptr);
		sgit_buf_release(&data);
		sgit_buf_release(&path);
		sgit_buf_release(&out);
	}
}

static void test_big_objects_round_trip_at_every_level(void)
{
	static const int levels[] = { 0, 1, 6, 9 };
	struct sgit_buf data = SGIT_BUF_INIT, out = SGIT_BUF_INIT, path = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	enum sgit_object_type type;
	struct sgit_oid id, from_fd;
	char dir[512], name[32];
	size_t i;
	int fd;

	fill_big(&data, 9 * 1024 * 1024 + 12345);
	sgit_object_hash(&id, SGIT_OBJ_BLOB, data.ptr, data.len);
	fd = temp_with(&path, &data);
	CU_ASSERT_EQUAL(sgit_loose_hash_fd(&from_fd, SGIT_OBJ_BLOB, fd, 0, data.len, &err), 0);
	CU_ASSERT(sgit_oid_equal(&id, &from_fd));
	for (i = 0; i < sizeof(levels) / sizeof(levels[0]); i++) {
		snprintf(name, sizeof(name), "big-mem-%d", levels[i]);
		objdir(dir, name);
		CU_ASSERT_EQUAL(sgit_loose_write(dir, &id, SGIT_OBJ_BLOB, data.ptr, data.len,
						 levels[i], 0444, &err), 0);
		CU_ASSERT_EQUAL(sgit_loose_read(&out, &type, dir, &id, &err), 0);
		CU_ASSERT(out.len == data.len && !memcmp(out.ptr, data.ptr, data.len));
		snprintf(name, sizeof(name), "big-fd-%d", levels[i]);
		objdir(dir, name);
		CU_ASSERT_EQUAL(sgit_loose_write_fd(dir, &id, SGIT_OBJ_BLOB, fd, 0, data.len,
						    levels[i], 0444, &err), 0);
		CU_ASSERT_EQUAL(sgit_loose_read(&out, &type, dir, &id, &err), 0);
		CU_ASSERT(out.len == data.len && !memcmp(out.ptr, data.ptr, data.len));
	}
	close(fd);
	unlink(path.ptr);
	sgit_buf_release(&data);
	sgit_buf_release(&out);
	sgit_buf_release(&path);
}

static void test_incompressible_data_grows_little_and_text_still_shrinks(void)
{
	struct sgit_buf data = SGIT_BUF_INIT;
	unsigned long long x = 88172645463325252ull;
	const size_t mib = 1024 * 1024;
	char dir[512];
	long size;
	size_t i;

	/* 2 MiB of xorshift noise, then 2 MiB of text */
	sgit_buf_grow(&data, 4 * mib);
	for (i = 0; i < 2 * mib; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		data.ptr[i] = (char)(x >> 32);
	}
	for (; i < 4 * mib; i++)
		data.ptr[i] = "the same words again and again\n"[i % 31];
	sgit_buf_setlen(&data, 4 * mib);
	size = file_size_written(objdir(dir, "noise"), 1, &data);
	CU_ASSERT(size > (long)(2 * mib) && size < (long)(2 * mib + 2 * mib / 100));
	sgit_buf_truncate(&data, 2 * mib);
	size = file_size_written(objdir(dir, "noise-only"), 1, &data);
	CU_ASSERT(size > (long)(2 * mib) && size < (long)(2 * mib + mib / 1000));
	sgit_buf_release(&data);
}

/* The stored file, compared with compress2() at level 1 over the whole object, as git writes it. */
static void check_same_as_git(const char *dir, const struct sgit_oid *id, const struct sgit_buf *raw,
			      const struct sgit_buf *want)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf path = SGIT_BUF_INIT, file = SGIT_BUF_INIT, cmd = SGIT_BUF_INIT;
	unsigned char *back = malloc(raw->len + 1);
	uLongf n = (uLongf)raw->len + 1;
	char hex[SGIT_OID_HEXSZ + 1];

	sgit_loose_path(&path, dir, id);
	CU_ASSERT_EQUAL(sgit_fs_read_file(&file, path.ptr, &err), 0);
	CU_ASSERT(back && uncompress(back, &n, (const Bytef *)file.ptr, (uLong)file.len) == Z_OK);
	CU_ASSERT(n == raw->len && back && !memcmp(back, raw->ptr, raw->len));
	CU_ASSERT(file.len == want->len && !memcmp(file.ptr, want->ptr, want->len));
	sgit_buf_printf(&cmd, "cd '%s/..' && git cat-file -p %s | cmp -s - big-source", dir,
			sgit_oid_tohex(hex, id));
	CU_ASSERT_EQUAL(system(cmd.ptr), 0);
	sgit_buf_printf(&cmd, "rm -rf '%s'/??", dir);
	CU_ASSERT_EQUAL(system(cmd.ptr), 0);
	free(back);
	sgit_buf_release(&path);
	sgit_buf_release(&file);
	sgit_buf_release(&cmd);
}

static void test_a_big_object_is_the_zlib_stream_git_writes(void)
{
	struct sgit_buf data = SGIT_BUF_INIT, raw = SGIT_BUF_INIT, want = SGIT_BUF_INIT;
	struct sgit_buf repo = SGIT_BUF_INIT, dir = SGIT_BUF_INIT, src = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_oid id;
	size_t i;
	int fd;

	sgit_buf_grow(&data, 5 << 20);
	for (i = 0; i < (5u << 20); i++)
		data.ptr[i] = "loose objects are one zlib stream\n"[(i + i / 4099) % 34];
	sgit_buf_setlen(&data, 5 << 20);
	sgit_buf_printf(&raw, "blob %zu", data.len);
	sgit_buf_addch(&raw, '\0');
	sgit_buf_add(&raw, data.ptr, data.len);
	deflate_raw(&want, raw.ptr, raw.len);
	CU_ASSERT(want.len < data.len / 10);
	sgit_buf_printf(&repo, "%s/bigrepo", unit_tmpdir());
	sgit_buf_printf(&dir, "git init -q '%s'", repo.ptr);
	CU_ASSERT_EQUAL_FATAL(system(dir.ptr), 0);
	sgit_buf_printf(&dir, "%s/.git/objects", repo.ptr);
	sgit_buf_printf(&src, "%s/.git/big-source", repo.ptr);
	CU_ASSERT_EQUAL(sgit_fs_write_atomic(src.ptr, data.ptr, data.len, 0644, &err), 0);
	sgit_object_hash(&id, SGIT_OBJ_BLOB, data.ptr, data.len);
	CU_ASSERT_EQUAL(sgit_loose_write(dir.ptr, &id, SGIT_OBJ_BLOB, data.ptr, data.len, 1, 0444,
					 &err), 0);
	check_same_as_git(dir.ptr, &id, &raw, &want);
	fd = open(src.ptr, O_RDONLY);
	CU_ASSERT_EQUAL(sgit_loose_write_fd(dir.ptr, &id, SGIT_OBJ_BLOB, fd, 0, data.len, 1, 0444,
					    &err), 0);
	check_same_as_git(dir.ptr, &id, &raw, &want);
	if (fd >= 0)
		close(fd);
	sgit_buf_release(&data);
	sgit_buf_release(&raw);
	sgit_buf_release(&want);
	sgit_buf_release(&repo);
	sgit_buf_release(&dir);
	sgit_buf_release(&src);
}

static void test_a_file_that_does_not_match_its_id_is_not_stored(void)
{
	struct sgit_buf data = SGIT_BUF_INIT, path = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_oid wrong;
	char dir[512];
	int fd;

	objdir(dir, "unstable");
	fill_big(&data, 3 * 1024 * 1024);
	fd = temp_with(&path, &data);
	sgit_object_hash(&wrong, SGIT_OBJ_BLOB, "something else", 14);
	CU_ASSERT_EQUAL(sgit_loose_write_fd(dir, &wrong, SGIT_OBJ_BLOB, fd, 0, data.len, 1, 0444,
					    &err), SGIT_ERROR);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "changed while it was read"));
	CU_ASSERT_EQUAL(sgit_loose_exists(dir, &wrong), 0);
	/* a file shorter than announced */
	CU_ASSERT_EQUAL(sgit_loose_write_fd(dir, &wrong, SGIT_OBJ_BLOB, fd, 0, data.len + 1, 1, 0444,
					    &err), SGIT_EOS);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "shrank"));
	CU_ASSERT_EQUAL(sgit_loose_hash_fd(&wrong, SGIT_OBJ_BLOB, fd, 0, data.len + 1, &err), SGIT_EOS);
	CU_ASSERT_EQUAL(sgit_loose_exists(dir, &wrong), 0);
	close(fd);
	unlink(path.ptr);
	sgit_buf_release(&data);
	sgit_buf_release(&path);
}

/* Write raw deflated bytes under the name of id, as a damaged repository would hold them. */
static void plant(const char *dir, const struct sgit_oid *id, const void *z, size_t len)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf path = SGIT_BUF_INIT;

	sgit_loose_path(&path, dir, id);
	sgit_fs_mkdir_parent(path.ptr, &err);
	CU_ASSERT_EQUAL(sgit_fs_write_atomic(path.ptr, z, len, 0444, &err), 0);
	sgit_buf_release(&path);
}

static void test_a_corrupt_file_is_reported_with_its_id(void)
{
	char dir[512];

	objdir(dir, "corrupt");
	struct sgit_buf z = SGIT_BUF_INIT, out = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	enum sgit_object_type type;
	char hex[SGIT_OID_HEXSZ + 1];
	struct sgit_oid id;
	size_t size;

	sgit_object_hash(&id, SGIT_OBJ_BLOB, "abc", 3);
	deflate_raw(&z, "blob 3\0abc", 10);
	sgit_buf_truncate(&z, z.len - 3);
	plant(dir, &id, z.ptr, z.len);
	CU_ASSERT_EQUAL(sgit_loose_read(&out, &type, dir, &id, &err), SGIT_ECORRUPT);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, sgit_oid_tohex(hex, &id)));
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "truncated zlib stream"));
	/* the header is intact: a header read is content with that */
	CU_ASSERT_EQUAL(sgit_loose_read_header(&size, &type, dir, &id, &err), 0);
	CU_ASSERT_EQUAL(size, 3);
	plant(dir, &id, "", 0);
	CU_ASSERT_EQUAL(sgit_loose_read(&out, &type, dir, &id, &err), SGIT_ECORRUPT);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "empty file"));
	sgit_buf_release(&z);
	sgit_buf_release(&out);
}

static void test_a_missing_object_is_not_found(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf out = SGIT_BUF_INIT;
	enum sgit_object_type type;
	struct sgit_oid id;
	char dir[512];
	size_t size;

	sgit_object_hash(&id, SGIT_OBJ_BLOB, "nowhere", 7);
	objdir(dir, "missing");
	CU_ASSERT_EQUAL(sgit_loose_read(&out, &type, dir, &id, &err), SGIT_ENOTFOUND);
	CU_ASSERT_EQUAL(sgit_loose_read_header(&size, &type, dir, &id, &err),
			SGIT_ENOTFOUND);
	sgit_buf_release(&out);
}

static int count_cb(const struct sgit_oid *id, void *payload)
{
	(void)id;
	(*(int *)payload)++;
	return 0;
}

static int stop_cb(const struct sgit_oid *id, void *payload)
{
	(void)id;
	(void)payload;
	return 42;
}

static void test_foreach_sees_every_object_and_skips_strangers(void)
{
	char dir[512];

	objdir(dir, "walk");
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf junk = SGIT_BUF_INIT;
	struct sgit_oid id;
	int i, n = 0;

	for (i = 0; i < 20; i++) {
		char data[16];
		int len = snprintf(data, sizeof(data), "obj %d", i);

		sgit_object_hash(&id, SGIT_OBJ_BLOB, data, (size_t)len);
		sgit_loose_write(dir, &id, SGIT_OBJ_BLOB, data, (size_t)len, 1, 0444, &err);
	}
	sgit_buf_printf(&junk, "%s/ab/not-an-object", dir);
	sgit_fs_mkdir_parent(junk.ptr, &err);
	sgit_fs_write_atomic(junk.ptr, "x", 1, 0, &err);
	CU_ASSERT_EQUAL(sgit_loose_foreach(dir, -1, count_cb, &n, &err), 0);
	CU_ASSERT_EQUAL(n, 20);
	n = 0;
	CU_ASSERT_EQUAL(sgit_loose_foreach(dir, id.id[0], count_cb, &n, &err), 0);
	CU_ASSERT(n >= 1 && n < 20);
	CU_ASSERT_EQUAL(sgit_loose_foreach(dir, -1, stop_cb, NULL, &err), 42);
	sgit_buf_release(&junk);
}

static CU_TestInfo loose_tests[] = {
	{ "headers parse only when canonical", test_headers_parse_only_when_canonical },
	{ "lying or damaged objects are corrupt", test_lying_or_damaged_objects_are_corrupt },
	{ "bytes that are not zlib are corrupt", test_bytes_that_are_not_zlib_are_corrupt },
	{ "a header read ignores a damaged tail", test_a_header_read_ignores_a_damaged_tail },
	{ "written objects read back with git's ids", test_written_objects_read_back_with_gits_ids },
	{ "no temp file is left behind", test_no_temp_file_is_left_behind },
	{ "an existing object is not replaced", test_an_existing_object_is_not_replaced },
	{ "the compression level is applied", test_the_compression_level_is_applied },
	{ "a large object round trips", test_a_large_object_round_trips },
	{ "small and empty files are stored from a descriptor",
	  test_small_and_empty_files_are_stored_from_a_descriptor },
	{ "big objects round trip at every level", test_big_objects_round_trip_at_every_level },
	{ "incompressible data grows little and text still shrinks",
	  test_incompressible_data_grows_little_and_text_still_shrinks },
	{ "a big object is the zlib stream git writes", test_a_big_object_is_the_zlib_stream_git_writes },
	{ "a file that does not match its id is not stored",
	  test_a_file_that_does_not_match_its_id_is_not_stored },
	{ "a corrupt file is reported with its id", test_a_corrupt_file_is_reported_with_its_id },
	{ "a missing object is not found", test_a_missing_object_is_not_found },
	{ "foreach sees every object and skips strangers",
	  test_foreach_sees_every_object_and_skips_strangers },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "loose objects", .pTests = loose_tests },
	CU_SUITE_INFO_NULL,
};
