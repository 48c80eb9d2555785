/* tests/unit/objects/test_tree.c: tree parsing, git's entry order and canonical writing */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "unit.h"
#include "sgit/errors.h"
#include "sgit/object.h"
#include "sgit/tree.h"

#define BLOB_ID "45b983be36b73c0788dc9cbcb76cbb80fc7bb057"	/* "hi\n" */
#define EMPTY_TREE_ID "4b825dc642cb6eb9a060e54bf8d69288fbee4904"
#define SUB_ID "1111111111111111111111111111111111111111"
/* git mktree --missing of the entries below */
#define GIT_TREE_ID "86c7aba1dcae4a02633741b1ccb4f6590b620cff"

#define RAW_BLOB "\x45\xb9\x83\xbe\x36\xb7\x3c\x07\x88\xdc\x9c\xbc\xb7\x6c\xbb\x80\xfc\x7b\xb0\x57"
#define RAW_EMPTY "\x4b\x82\x5d\xc6\x42\xcb\x6e\xb9\xa0\x60\xe5\x4b\xf8\xd6\x92\x88\xfb\xee\x49\x04"
#define LIT(s) s, sizeof(s) - 1

/* The bytes git wrote for that tree. */
static const char git_tree[] =
	"100644 A\0" RAW_BLOB "100755 a-b\0" RAW_BLOB "100644 a.b\0" RAW_BLOB
	"40000 a\0" RAW_EMPTY "120000 a0\0" RAW_BLOB
	"160000 sub\0\x11\x11\x11\x11\x11\x11\x11\x11\x11\x11\x11\x11\x11\x11\x11\x11\x11\x11\x11\x11";

static void set_entry(struct sgit_tree_entry *e, unsigned int mode, const char *name, const char *hex)
{
	memset(e, 0, sizeof(*e));
	e->mode = mode;
	e->name = name;
	e->name_len = strlen(name);
	sgit_oid_fromhex(&e->id, hex);
}

static void test_writer_sorts_as_git_does(void)
{
	struct sgit_tree_entry e[6];
	struct sgit_buf out = SGIT_BUF_INIT;
	char hex[SGIT_OID_HEXSZ + 1];
	struct sgit_oid id;

	/* scrambled, and with modes git would normalise */
	set_entry(&e[0], 0160000, "sub", SUB_ID);
	set_entry(&e[1], 040000, "a", EMPTY_TREE_ID);
	set_entry(&e[2], 0120777, "a0", BLOB_ID);
	set_entry(&e[3], 0100664, "a.b", BLOB_ID);
	set_entry(&e[4], 0100775, "a-b", BLOB_ID);
	set_entry(&e[5], 0100644, "A", BLOB_ID);
	CU_ASSERT_EQUAL(sgit_tree_write(&out, e, 6, NULL), 0);
	CU_ASSERT(out.len == sizeof(git_tree) - 1 && !memcmp(out.ptr, git_tree, out.len));
	sgit_object_hash(&id, SGIT_OBJ_TREE, out.ptr, out.len);
	CU_ASSERT_STRING_EQUAL(sgit_oid_tohex(hex, &id), GIT_TREE_ID);
	CU_ASSERT_STRING_EQUAL(e[0].name, "sub");	/* the input is left alone */
	CU_ASSERT_EQUAL(sgit_tree_write(&out, NULL, 0, NULL), 0);
	CU_ASSERT_EQUAL(out.len, 0);
	sgit_object_hash(&id, SGIT_OBJ_TREE, out.ptr, out.len);
	CU_ASSERT_STRING_EQUAL(sgit_oid_tohex(hex, &id), EMPTY_TREE_ID);
	sgit_buf_release(&out);
}

static const struct order_case {
	const char *a;
	unsigned int amode;
	const char *b;
	unsigned int bmode;
	int sign;
} order_cases[] = {
	{ "a.b", 0100644, "a", 040000, -1 },	/* '.' < '/' */
	{ "a", 0100644, "a.b", 0100644, -1 },	/* "a" ends first */
	{ "a", 040000, "a0", 0100644, -1 },	/* '/' < '0' */
	{ "a", 040000, "a-b", 0100644, 1 },	/* '/' > '-' */
	{ "a", 0100644, "a", 040000, -1 },	/* "a" then "a/" */
	{ "a", 040000, "a", 040000, 0 },
	{ "B", 0100644, "a", 0100644, -1 },	/* bytes, not letters */
	{ "\xc3\xa9", 0100644, "z", 0100644, 1 },	/* unsigned bytes */
};

static void test_entry_order_table(void)
{
	size_t i;

	for (i = 0; i < sizeof(order_cases) / sizeof(order_cases[0]); i++) {
		const struct order_case *o = &order_cases[i];
		int c = sgit_tree_entry_cmp(o->a, strlen(o->a), o->amode, o->b, strlen(o->b), o->bmode);
		int r = sgit_tree_entry_cmp(o->b, strlen(o->b), o->bmode, o->a, strlen(o->a), o->amode);

		CU_ASSERT_EQUAL((c > 0) - (c < 0), o->sign);
		CU_ASSERT_EQUAL((r > 0) - (r < 0), -o->sign);
	}
}

static void test_parsed_entries_are_in_object_order(void)
{
	static const char *const names[] = { "A", "a-b", "a.b", "a", "a0", "sub" };
	static const unsigned int modes[] = { 0100644, 0100755, 0100644, 040000, 0120000, 0160000 };
	struct sgit_tree *t = NULL;
	const struct sgit_tree_entry *e;
	char hex[SGIT_OID_HEXSZ + 1];
	size_t i;

	CU_ASSERT_EQUAL_FATAL(sgit_tree_parse(&t, LIT(git_tree), NULL), 0);
	CU_ASSERT_EQUAL(sgit_tree_count(t), 6);
	for (i = 0; i < 6; i++) {
		e = sgit_tree_entry_at(t, i);
		CU_ASSERT_STRING_EQUAL(e->name, names[i]);
		CU_ASSERT_EQUAL(e->name_len, strlen(names[i]));
		CU_ASSERT_EQUAL(e->mode, modes[i]);
		CU_ASSERT_EQUAL(e->raw_mode, modes[i]);
	}
	CU_ASSERT_PTR_NULL(sgit_tree_entry_at(t, 6));
	e = sgit_tree_find(t, "a", 1);
	CU_ASSERT(e && sgit_tree_mode_is_tree(e->mode));
	CU_ASSERT_STRING_EQUAL(sgit_oid_tohex(hex, &e->id), EMPTY_TREE_ID);
	CU_ASSERT_PTR_NULL(sgit_tree_find(t, "a/", 2));
	CU_ASSERT_PTR_NULL(sgit_tree_find(t, "su", 2));
	sgit_tree_free(t);
}

static void test_odd_modes_are_read_and_normalised(void)
{
	static const char data[] = "040000 d\0" RAW_EMPTY "100664 f\0" RAW_BLOB "100775 x\0" RAW_BLOB
				   "120777 l\0" RAW_BLOB "0 z\0" RAW_BLOB;
	static const unsigned int raw[] = { 040000, 0100664, 0100775, 0120777, 0 };
	static const unsigned int norm[] = { 040000, 0100644, 0100755, 0120000, 0160000 };
	struct sgit_tree_iter it;
	struct sgit_tree_entry e;
	size_t n = 0;
	int rc;

	sgit_tree_iter_init(&it, data, sizeof(data) - 1);
	while ((rc = sgit_tree_iter_next(&e, &it, NULL)) == 1 && n < 5) {
		CU_ASSERT_EQUAL(e.raw_mode, raw[n]);
		CU_ASSERT_EQUAL(e.mode, norm[n]);
		n++;
	}
	CU_ASSERT_EQUAL(rc, 0);
	CU_ASSERT_EQUAL(n, 5);
}

static void test_mode_normalisation_table(void)
{
	static const unsigned int cases[][2] = {
		{ 0100644, 0100644 }, { 0100600, 0100644 }, { 0100755, 0100755 }, { 0100700, 0100755 },
		{ 0100711, 0100755 }, { 0100655, 0100644 }, { 0120000, 0120000 }, { 0120777, 0120000 },
		{ 040000, 040000 }, { 040755, 040000 }, { 0160000, 0160000 }, { 0, 0160000 },
		{ 0140000, 0160000 },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		CU_ASSERT_EQUAL(sgit_tree_mode_normalize(cases[i][0]), cases[i][1]);
}

static const struct hostile_case {
	const char *what;
	const char *data;
	size_t len;
	const char *message;
} hostile_cases[] = {
	{ "no space after mode", LIT("100644a\0" RAW_BLOB), "malformed mode" },
	{ "empty mode", LIT(" a\0" RAW_BLOB), "malformed mode" },
	{ "non-octal mode", LIT("100648 a\0" RAW_BLOB), "malformed mode" },
	{ "letter in mode", LIT("10064x a\0" RAW_BLOB), "malformed mode" },
	{ "mode too big", LIT("1000000000 a\0" RAW_BLOB), "malformed mode" },
	{ "mode only", LIT("100644"), "malformed mode" },
	{ "no NUL after name", LIT("100644 a"), "truncated entry" },
	{ "short id", LIT("100644 a\0\x45\xb9\x83"), "truncated entry" },
	{ "19-byte id", "100644 a\0" RAW_BLOB, 9 + 19, "truncated entry" },
	{ "empty name", LIT("100644 \0" RAW_BLOB), "empty name" },
	{ "slash in name", LIT("40000 a/b\0" RAW_EMPTY), "name with '/'" },
	{ "dot", LIT("40000 .\0" RAW_EMPTY), "name '.' or '..'" },
	{ "dot dot", LIT("40000 ..\0" RAW_EMPTY), "name '.' or '..'" },
	{ "good then bad", LIT("100644 a\0" RAW_BLOB "1 \0" RAW_BLOB), "empty name" },
	{ "garbage", LIT("\xff\xfe\0\0"), "malformed mode" },
};

static void test_hostile_trees_are_refused(void)
{
	size_t i;

	for (i = 0; i < sizeof(hostile_cases) / sizeof(hostile_cases[0]); i++) {
		const struct hostile_case *h = &hostile_cases[i];
		struct sgit_error err = SGIT_ERROR_INIT;
		struct sgit_tree *t = (struct sgit_tree *)&err;	/* must be reset to NULL */
		char *copy = malloc(h->len);	/* exact size, so ASan sees any over-read */

		memcpy(copy, h->data, h->len);
		CU_ASSERT_EQUAL(sgit_tree_parse(&t, copy, h->len, &err), SGIT_ECORRUPT);
		CU_ASSERT_PTR_NULL(t);
		CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, h->message));
		if (!strstr(err.msg, h->message))
			fprintf(stderr, "%s: %s\n", h->what, err.msg);
		free(copy);
	}
}

/* Cut short anywhere, a tree parses only at an entry boundary. */
static void test_every_truncation_is_handled(void)
{
	size_t n, full = sizeof(git_tree) - 1;

	for (n = 0; n <= full; n++) {
		struct sgit_tree *t = NULL;
		char *copy = malloc(n ? n : 1);
		size_t count, ends = 0, i;
		int rc;

		memcpy(copy, git_tree, n);
		rc = sgit_tree_parse(&t, copy, n, NULL);
		CU_ASSERT(rc == 0 || rc == SGIT_ECORRUPT);
		if (rc == 0) {
			count = sgit_tree_count(t);
			for (i = 0; i < count; i++) {
				const struct sgit_tree_entry *e = sgit_tree_entry_at(t, i);
				char mode[16];

				ends += (size_t)snprintf(mode, sizeof(mode), "%o ", e->raw_mode) +
					e->name_len + 1 + SGIT_OID_RAWSZ;
			}
			CU_ASSERT_EQUAL(ends, n);
		}
		sgit_tree_free(t);
		free(copy);
	}
}

static const struct bad_write {
	const char *what;
	const char *names[3];
	unsigned int modes[3];
	const char *message;
} bad_writes[] = {
	{ "file and folder of one name", { "a", "a.b", "a" }, { 0100644, 0100644, 040000 },
	  "cannot write tree: duplicate entry 'a'" },
	{ "same file twice", { "x", "y", "x" }, { 0100644, 0100644, 0100755 },
	  "cannot write tree: duplicate entry 'x'" },
	{ "empty name", { "x", "", "y" }, { 0100644, 0100644, 0100644 },
	  "cannot write tree: empty name in entry ''" },
	{ "slash", { "x", "a/b", "y" }, { 0100644, 0100644, 0100644 },
	  "cannot write tree: name with '/' in entry 'a/b'" },
	{ "dot dot", { "..", "x", "y" }, { 040000, 0100644, 0100644 },
	  "cannot write tree: name '.' or '..' in entry '..'" },
};

static void test_writer_refuses_bad_entries(void)
{
	size_t i, j;

	for (i = 0; i < sizeof(bad_writes) / sizeof(bad_writes[0]); i++) {
		struct sgit_error err = SGIT_ERROR_INIT;
		struct sgit_buf out = SGIT_BUF_INIT;
		struct sgit_tree_entry e[3];

		for (j = 0; j < 3; j++)
			set_entry(&e[j], bad_writes[i].modes[j], bad_writes[i].names[j], BLOB_ID);
		sgit_buf_sets(&out, "old");
		CU_ASSERT_EQUAL(sgit_tree_write(&out, e, 3, &err), SGIT_EINVALID);
		CU_ASSERT_STRING_EQUAL(err.msg, bad_writes[i].message);
		CU_ASSERT_EQUAL(out.len, 0);
		sgit_buf_release(&out);
	}
}

static void test_name_with_nul_is_refused_by_writer(void)
{
	struct sgit_tree_entry e;
	struct sgit_buf out = SGIT_BUF_INIT;

	set_entry(&e, 0100644, "a", BLOB_ID);
	e.name = "a\0b";
	e.name_len = 3;
	CU_ASSERT_EQUAL(sgit_tree_write(&out, &e, 1, NULL), SGIT_EINVALID);
	sgit_buf_release(&out);
}

static CU_TestInfo tree_tests[] = {
	{ "the writer sorts and normalises as git does", test_writer_sorts_as_git_does },
	{ "a folder compares as if its name ended with '/'", test_entry_order_table },
	{ "parsed entries keep the object's order and can be found", test_parsed_entries_are_in_object_order },
	{ "zero-padded and odd modes are read and normalised", test_odd_modes_are_read_and_normalised },
	{ "modes normalise as git's", test_mode_normalisation_table },
	{ "hostile tree bytes are refused with a message", test_hostile_trees_are_refused },
	{ "a tree cut at any length parses only at an entry boundary", test_every_truncation_is_handled },
	{ "the writer refuses duplicate and invalid names", test_writer_refuses_bad_entries },
	{ "the writer refuses a name holding NUL", test_name_with_nul_is_refused_by_writer },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "objects/tree", .pTests = tree_tests },
	CU_SUITE_INFO_NULL,
};
