/* tests/unit/refs/test_refdb.c: loose, packed and symbolic refs; updates, locks, deletes */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "unit.h"
#include "sgit/refs.h"
#include "refs/refdb_int.h"
#include "util/fs.h"

#define A "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
#define B "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
#define C "cccccccccccccccccccccccccccccccccccccccc"
#define WHO "C O Mitter <c@example.com> 1700000000 +0100"

struct fx {
	struct sgit_buf dir;
	struct sgit_refdb *db;
	struct sgit_error err;
};

/* A fresh git dir (only what the ref store needs) and its store. */
static void fx_open(struct fx *f, int log_mode)
{
	static int n;
	struct sgit_refdb_options o = SGIT_REFDB_OPTIONS_INIT;
	struct sgit_buf sub = SGIT_BUF_INIT;

	sgit_buf_init(&f->dir);
	sgit_error_clear(&f->err);
	sgit_buf_printf(&f->dir, "%s/repo%d", unit_tmpdir(), ++n);
	sgit_buf_printf(&sub, "%s/refs/heads", f->dir.ptr);
	sgit_fs_mkdir_p(sub.ptr, NULL);
	sgit_buf_printf(&sub, "%s/refs/tags", f->dir.ptr);
	sgit_fs_mkdir_p(sub.ptr, NULL);
	o.log_all_ref_updates = log_mode;
	CU_ASSERT_EQUAL(sgit_refdb_open(&f->db, f->dir.ptr, &o, &f->err), 0);
	sgit_buf_release(&sub);
}

static void fx_close(struct fx *f)
{
	sgit_refdb_free(f->db);
	sgit_buf_release(&f->dir);
}

static void fx_path(struct sgit_buf *out, const struct fx *f, const char *rel)
{
	sgit_buf_printf(out, "%s/%s", f->dir.ptr, rel);
}

static void fx_write(const struct fx *f, const char *rel, const char *content)
{
	struct sgit_buf p = SGIT_BUF_INIT;

	fx_path(&p, f, rel);
	sgit_fs_mkdir_parent(p.ptr, NULL);
	CU_ASSERT_EQUAL(sgit_fs_write_atomic(p.ptr, content, strlen(content), 0, NULL), 0);
	sgit_buf_release(&p);
}

/* The file's content, or "<missing>". */
static void fx_read(struct sgit_buf *out, const struct fx *f, const char *rel)
{
	struct sgit_buf p = SGIT_BUF_INIT;

	fx_path(&p, f, rel);
	if (sgit_fs_read_file(out, p.ptr, NULL) < 0)
		sgit_buf_sets(out, "<missing>");
	sgit_buf_release(&p);
}

static int fx_exists(const struct fx *f, const char *rel)
{
	struct sgit_buf p = SGIT_BUF_INIT;
	int yes;

	fx_path(&p, f, rel);
	yes = sgit_fs_exists(p.ptr);
	sgit_buf_release(&p);
	return yes;
}

static void assert_file(const struct fx *f, const char *rel, const char *want)
{
	struct sgit_buf got = SGIT_BUF_INIT;

	fx_read(&got, f, rel);
	CU_ASSERT_STRING_EQUAL(got.ptr, want);
	sgit_buf_release(&got);
}

static struct sgit_oid oid(const char *hex)
{
	struct sgit_oid id;

	sgit_oid_fromhex(&id, hex);
	return id;
}

static int update(struct fx *f, const char *name, const char *new_hex, const char *old_hex,
		  const char *msg)
{
	struct sgit_oid n = oid(new_hex), o = old_hex ? oid(old_hex) : n;
	struct sgit_ref_update u = { name, &n, NULL, old_hex ? &o : NULL, 0, msg, WHO };

	return sgit_refdb_update(f->db, &u);
}

static void test_loose_symbolic_and_unborn_refs_are_read(void)
{
	struct fx f;
	struct sgit_ref ref = SGIT_REF_INIT;
	struct sgit_buf resolved = SGIT_BUF_INIT;
	struct sgit_oid id;

	fx_open(&f, 1);
	fx_write(&f, "HEAD", "ref: refs/heads/main\n");
	fx_write(&f, "refs/heads/main", A "\n");
	CU_ASSERT_EQUAL(sgit_refdb_read(&ref, f.db, "HEAD"), 0);
	CU_ASSERT_EQUAL(ref.flags, SGIT_REF_LOOSE | SGIT_REF_SYMBOLIC);
	CU_ASSERT_STRING_EQUAL(ref.target.ptr, "refs/heads/main");
	CU_ASSERT_EQUAL(sgit_refdb_resolve(&id, &resolved, f.db, "HEAD"), 0);
	CU_ASSERT_EQUAL(id.id[0], 0xaa);
	CU_ASSERT_STRING_EQUAL(resolved.ptr, "refs/heads/main");
	fx_write(&f, "HEAD", "ref: refs/heads/unborn\n");
	CU_ASSERT_EQUAL(sgit_refdb_resolve(&id, &resolved, f.db, "HEAD"), SGIT_ENOTFOUND);
	CU_ASSERT_STRING_EQUAL(resolved.ptr, "refs/heads/unborn");
	CU_ASSERT(sgit_oid_is_zero(&id));
	fx_write(&f, "HEAD", B "\n");
	CU_ASSERT_EQUAL(sgit_refdb_resolve(&id, &resolved, f.db, "HEAD"), 0);
	CU_ASSERT_STRING_EQUAL(resolved.ptr, "HEAD");
	CU_ASSERT_EQUAL(sgit_refdb_read(&ref, f.db, "refs/heads/none"), SGIT_ENOTFOUND);
	CU_ASSERT_EQUAL(sgit_refdb_read(&ref, f.db, "../config"), SGIT_ENOTFOUND);
	sgit_ref_release(&ref);
	sgit_buf_release(&resolved);
	fx_close(&f);
}

/* What git accepts in a loose file: an id and then only blanks count. */
static void test_loose_content_is_parsed_as_git_reads_it(void)
{
	static const struct {
		const char *content;
		unsigned flags;
		const char *value;
	} cases[] = {
		{ A "\n", 0, A },
		{ A, 0, A },
		{ A "\tnot-for-merge\tbranch 'x' of ../r\n" B "\t\tbranch 'y'\n", 0, A },
		{ A " trailing words\n", 0, A },
		{ A "x\n", SGIT_REF_BROKEN, NULL },
		{ "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n", SGIT_REF_BROKEN, NULL },
		{ "garbage\n", SGIT_REF_BROKEN, NULL },
		{ "", SGIT_REF_BROKEN, NULL },
		{ "ref: refs/heads/x\n", SGIT_REF_SYMBOLIC, "refs/heads/x" },
		{ "ref:refs/heads/x  \n\n", SGIT_REF_SYMBOLIC, "refs/heads/x" },
		{ "ref: \n", SGIT_REF_BROKEN, NULL },
	};
	struct sgit_ref ref = SGIT_REF_INIT;
	char hex[SGIT_OID_HEXSZ + 1];
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		ref.flags = 0;
		CU_ASSERT_EQUAL(sgit_refdb__parse_loose(&ref, cases[i].content, strlen(cases[i].content)), 0);
		CU_ASSERT_EQUAL(ref.flags, cases[i].flags);
		if (cases[i].flags == SGIT_REF_SYMBOLIC) {
			CU_ASSERT_STRING_EQUAL(ref.target.ptr, cases[i].value);
		} else if (!cases[i].flags) {
			CU_ASSERT_STRING_EQUAL(sgit_oid_tohex(hex, &ref.oid), cases[i].value);
		}
	}
	sgit_ref_release(&ref);
}

static void test_fetch_head_counts_only_its_first_id(void)
{
	struct fx f;
	struct sgit_oid id;

	fx_open(&f, 1);
	fx_write(&f, "FETCH_HEAD", B "\t\tbranch 'main' of ../there\n" C "\tnot-for-merge\tbranch 'x' of ../there\n");
	CU_ASSERT_EQUAL(sgit_refdb_resolve(&id, NULL, f.db, "FETCH_HEAD"), 0);
	CU_ASSERT(id.id[0] == 0xbb && id.id[19] == 0xbb);
	fx_write(&f, "ORIG_HEAD", "not an id\n");
	CU_ASSERT_EQUAL(sgit_refdb_resolve(&id, NULL, f.db, "ORIG_HEAD"), SGIT_ECORRUPT);
	fx_close(&f);
}

static void test_packed_refs_are_parsed_from_literal_bytes(void)
{
	static const char file[] =
		"# pack-refs with: peeled fully-peeled sorted \n"
		A " refs/heads/main\n"
		B " refs/tags/v1\n"
		"^" C "\n"
		C " refs/tags/v2\n";
	struct sgit_packed_refs p = SGIT_PACKED_REFS_INIT;
	const struct sgit_packed_entry *e;
	struct sgit_error err = SGIT_ERROR_INIT;

	CU_ASSERT_EQUAL(sgit_packed_refs_parse(&p, file, sizeof(file) - 1, "packed-refs", &err), 0);
	CU_ASSERT_EQUAL(p.n, 3);
	CU_ASSERT(p.fully_peeled);
	e = sgit_packed_refs_find(&p, "refs/tags/v1", 12);
	CU_ASSERT(e && e->has_peeled && e->peeled.id[0] == 0xcc && e->oid.id[0] == 0xbb);
	e = sgit_packed_refs_find(&p, "refs/tags/v2", 12);
	CU_ASSERT(e && !e->has_peeled && e->peel_known);
	CU_ASSERT_PTR_NULL(sgit_packed_refs_find(&p, "refs/tags/v", 11));
	CU_ASSERT_EQUAL(sgit_packed_refs_lower_bound(&p, "refs/tags/", 10), 1);
	sgit_packed_refs_release(&p);
}

static void test_packed_refs_without_header_are_sorted_and_unpeeled(void)
{
	static const char file[] = C " refs/tags/z\n" A " refs/heads/b\n^" B "\n" B " refs/heads/a\n";
	struct sgit_packed_refs p = SGIT_PACKED_REFS_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;

	CU_ASSERT_EQUAL(sgit_packed_refs_parse(&p, file, sizeof(file) - 1, "packed-refs", &err), 0);
	CU_ASSERT_EQUAL(p.n, 3);
	if (p.n == 3) {
		CU_ASSERT_EQUAL(memcmp(p.entries[0].name, "refs/heads/a", 12), 0);
		CU_ASSERT_EQUAL(memcmp(p.entries[1].name, "refs/heads/b", 12), 0);
		CU_ASSERT(p.entries[1].has_peeled);
		CU_ASSERT(!p.entries[0].peel_known);
	}
	CU_ASSERT_EQUAL(sgit_packed_refs_parse(&p, "", 0, "packed-refs", &err), 0);
	CU_ASSERT_EQUAL(p.n, 0);
	sgit_packed_refs_release(&p);
}

static void test_a_corrupt_packed_refs_line_is_named(void)
{
	static const struct {
		const char *bytes;
		const char *message;
	} cases[] = {
		{ A " refs/heads/a\ngarbage line\n", "unexpected line in /x/packed-refs: garbage line" },
		{ "^" A "\n" A " refs/heads/a\n", "unexpected line in /x/packed-refs: ^" A },
		{ A " refs/heads/a\n^" A "\n^" B "\n", "unexpected line in /x/packed-refs: ^" B },
		{ A " refs/heads/a", "unterminated line in /x/packed-refs: " A " refs/heads/a" },
		{ A "  refs/heads/a\n", "packed refname is dangerous:  refs/heads/a" },
		{ A " refs/../../etc\n", "packed refname is dangerous: refs/../../etc" },
		{ A "\n", "unexpected line in /x/packed-refs: " A },
		{ "# pack-refs with: peeled", "unterminated line in /x/packed-refs: # pack-refs with: peeled" },
		{ A " refs/heads/a\n\n", "unexpected line in /x/packed-refs: " },
		{ "zzzzaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa refs/heads/a\n",
		  "unexpected line in /x/packed-refs: zzzzaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa refs/heads/a" },
		{ "# other comment\n", "unexpected line in /x/packed-refs: # other comment" },
	};
	struct sgit_packed_refs p = SGIT_PACKED_REFS_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		sgit_error_clear(&err);
		CU_ASSERT_EQUAL(sgit_packed_refs_parse(&p, cases[i].bytes, strlen(cases[i].bytes),
						       "/x/packed-refs", &err), SGIT_ECORRUPT);
		CU_ASSERT_STRING_EQUAL(err.msg, cases[i].message);
		CU_ASSERT_EQUAL(p.n, 0);
	}
	sgit_packed_refs_release(&p);
}

static void test_a_loose_ref_hides_the_packed_one(void)
{
	struct fx f;
	struct sgit_ref ref = SGIT_REF_INIT;

	fx_open(&f, 1);
	fx_write(&f, "packed-refs", "# pack-refs with: peeled fully-peeled sorted \n"
		 A " refs/heads/main\n" B " refs/tags/t\n^" C "\n");
	CU_ASSERT_EQUAL(sgit_refdb_read(&ref, f.db, "refs/tags/t"), 0);
	CU_ASSERT_EQUAL(ref.flags, SGIT_REF_PACKED | SGIT_REF_HAS_PEELED);
	CU_ASSERT_EQUAL(ref.peeled.id[0], 0xcc);
	CU_ASSERT_EQUAL(sgit_refdb_read(&ref, f.db, "refs/heads/main"), 0);
	CU_ASSERT_EQUAL(ref.oid.id[0], 0xaa);
	fx_write(&f, "refs/heads/main", C "\n");
	CU_ASSERT_EQUAL(sgit_refdb_read(&ref, f.db, "refs/heads/main"), 0);
	CU_ASSERT_EQUAL(ref.flags, SGIT_REF_LOOSE);
	CU_ASSERT_EQUAL(ref.oid.id[0], 0xcc);
	/* a rewritten packed-refs is seen again (the cache checks the file) */
	fx_write(&f, "packed-refs", B " refs/heads/other\n");
	CU_ASSERT_EQUAL(sgit_refdb_read(&ref, f.db, "refs/tags/t"), SGIT_ENOTFOUND);
	CU_ASSERT_EQUAL(sgit_refdb_read(&ref, f.db, "refs/heads/other"), 0);
	fx_write(&f, "packed-refs", "bad\n");
	CU_ASSERT_EQUAL(sgit_refdb_read(&ref, f.db, "refs/heads/x"), SGIT_ECORRUPT);
	CU_ASSERT_PTR_NOT_NULL(strstr(f.err.msg, "packed-refs: bad"));
	sgit_ref_release(&ref);
	fx_close(&f);
}

static void test_compare_and_swap_changes_nothing_on_mismatch(void)
{
	struct fx f;

	fx_open(&f, 1);
	CU_ASSERT_EQUAL(update(&f, "refs/heads/x", A, "0000000000000000000000000000000000000000", "create"), 0);
	assert_file(&f, "refs/heads/x", A "\n");
	CU_ASSERT_EQUAL(update(&f, "refs/heads/x", B, C, "wrong"), SGIT_ECONFLICT);
	CU_ASSERT_STRING_EQUAL(f.err.msg, "cannot lock ref 'refs/heads/x': is at " A " but expected " C);
	CU_ASSERT_EQUAL(update(&f, "refs/heads/x", B, "0000000000000000000000000000000000000000", "again"),
			SGIT_ECONFLICT);
	CU_ASSERT_STRING_EQUAL(f.err.msg, "cannot lock ref 'refs/heads/x': reference already exists");
	CU_ASSERT_EQUAL(update(&f, "refs/heads/nope", B, A, "missing"), SGIT_ECONFLICT);
	CU_ASSERT_STRING_EQUAL(f.err.msg,
			       "cannot lock ref 'refs/heads/nope': unable to resolve reference 'refs/heads/nope'");
	assert_file(&f, "refs/heads/x", A "\n");
	assert_file(&f, "logs/refs/heads/x", "0000000000000000000000000000000000000000 " A " " WHO "\tcreate\n");
	CU_ASSERT(!fx_exists(&f, "refs/heads/x.lock") && !fx_exists(&f, "refs/heads/nope"));
	CU_ASSERT_EQUAL(update(&f, "refs/heads/x", B, A, "right"), 0);
	assert_file(&f, "refs/heads/x", B "\n");
	fx_close(&f);
}

static void test_a_stale_lock_fails_the_update_and_names_the_lock(void)
{
	struct fx f;
	struct sgit_buf lock = SGIT_BUF_INIT, want = SGIT_BUF_INIT;

	fx_open(&f, 1);
	CU_ASSERT_EQUAL(update(&f, "refs/heads/x", A, NULL, "one"), 0);
	fx_write(&f, "refs/heads/x.lock", "");
	CU_ASSERT_EQUAL(update(&f, "refs/heads/x", B, NULL, "two"), SGIT_ELOCKED);
	fx_path(&lock, &f, "refs/heads/x.lock");
	sgit_buf_printf(&want, "cannot lock ref 'refs/heads/x': Unable to create '%s': File exists.", lock.ptr);
	CU_ASSERT_EQUAL(strncmp(f.err.msg, want.ptr, want.len), 0);
	assert_file(&f, "refs/heads/x", A "\n");
	assert_file(&f, "logs/refs/heads/x", "0000000000000000000000000000000000000000 " A " " WHO "\tone\n");
	CU_ASSERT(fx_exists(&f, "refs/heads/x.lock"));	/* not ours to remove */
	CU_ASSERT_EQUAL(sgit_refdb_delete(f.db, "refs/heads/x", NULL, 0), SGIT_ELOCKED);
	assert_file(&f, "refs/heads/x", A "\n");
	sgit_buf_release(&lock);
	sgit_buf_release(&want);
	fx_close(&f);
}

static void test_a_ref_cannot_be_a_folder_of_another(void)
{
	struct sgit_buf keep = SGIT_BUF_INIT;
	struct fx f;

	fx_open(&f, 1);
	CU_ASSERT_EQUAL(update(&f, "refs/heads/a", A, NULL, NULL), 0);
	CU_ASSERT_EQUAL(update(&f, "refs/heads/a/b", A, NULL, NULL), SGIT_EEXISTS);
	CU_ASSERT_STRING_EQUAL(f.err.msg,
		"cannot lock ref 'refs/heads/a/b': 'refs/heads/a' exists; cannot create 'refs/heads/a/b'");
	CU_ASSERT_EQUAL(update(&f, "refs/heads/q/r", A, NULL, NULL), 0);
	CU_ASSERT_EQUAL(update(&f, "refs/heads/q", A, NULL, NULL), SGIT_EEXISTS);
	CU_ASSERT_STRING_EQUAL(f.err.msg,
		"cannot lock ref 'refs/heads/q': 'refs/heads/q/r' exists; cannot create 'refs/heads/q'");
	fx_write(&f, "packed-refs", A " refs/tags/p/deep\n" A " refs/tags/v\n");
	CU_ASSERT_EQUAL(update(&f, "refs/tags/p", A, NULL, NULL), SGIT_EEXISTS);
	CU_ASSERT_STRING_EQUAL(f.err.msg,
		"cannot lock ref 'refs/tags/p': 'refs/tags/p/deep' exists; cannot create 'refs/tags/p'");
	CU_ASSERT_EQUAL(update(&f, "refs/tags/v/w", A, NULL, NULL), SGIT_EEXISTS);
	/* empty folders left behind do not count: they are removed */
	fx_write(&f, "refs/heads/empty/sub/.keep", "");
	fx_path(&keep, &f, "refs/heads/empty/sub/.keep");
	unlink(keep.ptr);
	CU_ASSERT_EQUAL(update(&f, "refs/heads/empty", A, NULL, NULL), 0);
	assert_file(&f, "refs/heads/empty", A "\n");
	CU_ASSERT_EQUAL(update(&f, "refs/heads/a..b", A, NULL, NULL), SGIT_EINVALID);
	CU_ASSERT_STRING_EQUAL(f.err.msg, "refusing to update ref with bad name 'refs/heads/a..b'");
	sgit_buf_release(&keep);
	fx_close(&f);
}

static void test_a_symbolic_ref_loop_is_an_error_not_a_hang(void)
{
	struct fx f;
	struct sgit_oid id;
	struct sgit_buf resolved = SGIT_BUF_INIT;

	fx_open(&f, 1);
	fx_write(&f, "refs/heads/l1", "ref: refs/heads/l2\n");
	fx_write(&f, "refs/heads/l2", "ref: refs/heads/l1\n");
	CU_ASSERT_EQUAL(sgit_refdb_resolve(&id, &resolved, f.db, "refs/heads/l1"), SGIT_EINVALID);
	CU_ASSERT_EQUAL(update(&f, "refs/heads/l1", A, NULL, NULL), SGIT_EINVALID);
	CU_ASSERT_EQUAL(sgit_refdb_delete(f.db, "refs/heads/l1", NULL, 0), SGIT_EINVALID);
	assert_file(&f, "refs/heads/l1", "ref: refs/heads/l2\n");
	/* git reads at most five refs for one name: d3 -> d4 -> d5 -> d6 -> main works, d2 not */
	fx_write(&f, "refs/heads/main", A "\n");
	fx_write(&f, "refs/heads/d2", "ref: refs/heads/d3\n");
	fx_write(&f, "refs/heads/d3", "ref: refs/heads/d4\n");
	fx_write(&f, "refs/heads/d4", "ref: refs/heads/d5\n");
	fx_write(&f, "refs/heads/d5", "ref: refs/heads/d6\n");
	fx_write(&f, "refs/heads/d6", "ref: refs/heads/main\n");
	CU_ASSERT_EQUAL(sgit_refdb_resolve(&id, &resolved, f.db, "refs/heads/d3"), 0);
	CU_ASSERT_EQUAL(sgit_refdb_resolve(&id, &resolved, f.db, "refs/heads/d2"), SGIT_EINVALID);
	sgit_buf_release(&resolved);
	fx_close(&f);
}

static void test_deleting_a_packed_ref_rewrites_packed_refs(void)
{
	struct fx f;
	struct sgit_oid a = oid(A), c = oid(C);

	fx_open(&f, 1);
	fx_write(&f, "packed-refs", "# pack-refs with: peeled fully-peeled sorted \n"
		 A " refs/heads/main\n" B " refs/heads/q/r\n" B " refs/tags/t\n^" C "\n" C " refs/tags/u\n");
	CU_ASSERT_EQUAL(sgit_refdb_delete(f.db, "refs/tags/t", NULL, 0), 0);
	assert_file(&f, "packed-refs", "# pack-refs with: peeled fully-peeled sorted \n"
		    A " refs/heads/main\n" B " refs/heads/q/r\n" C " refs/tags/u\n");
	/* loose and packed at once; the wrong old value first */
	fx_write(&f, "refs/heads/q/r", A "\n");
	CU_ASSERT_EQUAL(update(&f, "refs/heads/q/r", C, NULL, "log it"), 0);
	CU_ASSERT(fx_exists(&f, "logs/refs/heads/q/r"));
	CU_ASSERT_EQUAL(sgit_refdb_delete(f.db, "refs/heads/q/r", &a, 0), SGIT_ECONFLICT);
	CU_ASSERT_EQUAL(sgit_refdb_delete(f.db, "refs/heads/q/r", &c, 0), 0);
	assert_file(&f, "packed-refs", "# pack-refs with: peeled fully-peeled sorted \n"
		    A " refs/heads/main\n" C " refs/tags/u\n");
	CU_ASSERT(!fx_exists(&f, "refs/heads/q") && !fx_exists(&f, "logs/refs/heads/q"));
	CU_ASSERT(fx_exists(&f, "refs/heads") && fx_exists(&f, "logs/refs/heads"));
	/* a lock on packed-refs stops a delete that needs it */
	fx_write(&f, "packed-refs.lock", "");
	CU_ASSERT_EQUAL(sgit_refdb_delete(f.db, "refs/heads/main", NULL, 0), SGIT_ELOCKED);
	CU_ASSERT_PTR_NOT_NULL(strstr(f.err.msg, "packed-refs.lock': File exists."));
	CU_ASSERT_EQUAL(sgit_refdb_delete(f.db, "refs/heads/never", NULL, 0), 0);
	fx_close(&f);
}

static void test_reflogs_follow_gits_rules(void)
{
	struct fx f;
	struct sgit_ref_update sym = { "HEAD", NULL, "refs/heads/main", NULL, 0, "checkout", WHO };

	fx_open(&f, 1);
	fx_write(&f, "HEAD", "ref: refs/heads/main\n");
	CU_ASSERT_EQUAL(update(&f, "HEAD", A, NULL, "  first\n\nline  \r\n"), 0);
	CU_ASSERT_EQUAL(update(&f, "refs/heads/main", B, NULL, ""), 0);
	CU_ASSERT_EQUAL(update(&f, "refs/heads/main", B, NULL, "same value: nothing"), 0);
	CU_ASSERT_EQUAL(update(&f, "refs/tags/t", B, NULL, "tags are not logged"), 0);
	assert_file(&f, "refs/heads/main", B "\n");
	assert_file(&f, "logs/refs/heads/main",
		    "0000000000000000000000000000000000000000 " A " " WHO "\tfirst line\n"
		    A " " B " " WHO "\n");
	assert_file(&f, "logs/HEAD",
		    "0000000000000000000000000000000000000000 " A " " WHO "\tfirst line\n"
		    A " " B " " WHO "\n");
	CU_ASSERT(!fx_exists(&f, "logs/refs/tags/t"));
	/* a symbolic ref logs the values it moves between */
	CU_ASSERT_EQUAL(update(&f, "refs/heads/other", C, NULL, NULL), 0);
	sym.symref_target = "refs/heads/other";
	CU_ASSERT_EQUAL(sgit_refdb_update(f.db, &sym), 0);
	assert_file(&f, "HEAD", "ref: refs/heads/other\n");
	CU_ASSERT_EQUAL(update(&f, "refs/heads/main", A, NULL, "HEAD is elsewhere"), 0);
	assert_file(&f, "logs/HEAD",
		    "0000000000000000000000000000000000000000 " A " " WHO "\tfirst line\n"
		    A " " B " " WHO "\n" B " " C " " WHO "\tcheckout\n");
	fx_close(&f);
}

static void test_log_all_ref_updates_modes(void)
{
	struct fx f;

	fx_open(&f, 0);	/* a bare repository's default: only existing logs grow */
	CU_ASSERT_EQUAL(update(&f, "refs/heads/a", A, NULL, "m"), 0);
	CU_ASSERT(!fx_exists(&f, "logs/refs/heads/a"));
	fx_write(&f, "logs/refs/heads/b", "");
	CU_ASSERT_EQUAL(update(&f, "refs/heads/b", A, NULL, "m"), 0);
	assert_file(&f, "logs/refs/heads/b", "0000000000000000000000000000000000000000 " A " " WHO "\tm\n");
	fx_close(&f);
	fx_open(&f, 2);	/* always */
	CU_ASSERT_EQUAL(update(&f, "refs/tags/t", A, NULL, "m"), 0);
	CU_ASSERT(fx_exists(&f, "logs/refs/tags/t"));
	fx_close(&f);
}

struct seen {
	char names[64][64];
	unsigned flags[64];
	int n, stop_at;
};

static int remember(const struct sgit_ref *ref, void *payload)
{
	struct seen *s = payload;

	if (s->n < 64) {
		snprintf(s->names[s->n], sizeof(s->names[0]), "%s", ref->name.ptr);
		s->flags[s->n] = ref->flags;
	}
	return ++s->n == s->stop_at ? 42 : 0;
}

static void test_iteration_merges_loose_and_packed_in_byte_order(void)
{
	static const char *const want[] = {
		"refs/heads/a-b", "refs/heads/a/c", "refs/heads/a0", "refs/heads/bad", "refs/heads/dangling",
		"refs/heads/m", "refs/heads/sym", "refs/remotes/o/HEAD", "refs/tags/t",
	};
	struct seen s = { .stop_at = -1 };
	struct fx f;
	size_t i;

	fx_open(&f, 1);
	fx_write(&f, "packed-refs", A " refs/heads/a-b\n" A " refs/heads/m\n" A " refs/tags/t\n");
	fx_write(&f, "refs/heads/a0", A "\n");
	fx_write(&f, "refs/heads/a/c", B "\n");
	fx_write(&f, "refs/heads/m", B "\n");
	fx_write(&f, "refs/heads/m.lock", B "\n");
	fx_write(&f, "refs/heads/bad", "nonsense\n");
	fx_write(&f, "refs/heads/sym", "ref: refs/heads/m\n");
	fx_write(&f, "refs/heads/dangling", "ref: refs/heads/none\n");
	fx_write(&f, "refs/remotes/o/HEAD", "ref: refs/tags/t\n");
	fx_write(&f, "HEAD", "ref: refs/heads/m\n");
	CU_ASSERT_EQUAL(sgit_refdb_foreach(f.db, "", remember, &s), 0);
	CU_ASSERT_EQUAL(s.n, 9);
	for (i = 0; i < 9 && (int)i < s.n; i++)
		CU_ASSERT_STRING_EQUAL(s.names[i], want[i]);
	CU_ASSERT_EQUAL(s.flags[3], SGIT_REF_LOOSE | SGIT_REF_BROKEN);
	CU_ASSERT_EQUAL(s.flags[4], SGIT_REF_LOOSE | SGIT_REF_SYMBOLIC);
	CU_ASSERT_EQUAL(s.flags[5], SGIT_REF_LOOSE);
	CU_ASSERT_EQUAL(s.flags[8], SGIT_REF_PACKED);
	memset(&s, 0, sizeof(s));
	s.stop_at = -1;
	CU_ASSERT_EQUAL(sgit_refdb_foreach(f.db, "refs/heads/a", remember, &s), 0);
	CU_ASSERT_EQUAL(s.n, 3);
	memset(&s, 0, sizeof(s));
	s.stop_at = -1;
	CU_ASSERT_EQUAL(sgit_refdb_foreach(f.db, "refs/tags/", remember, &s), 0);
	CU_ASSERT(s.n == 1 && !strcmp(s.names[0], "refs/tags/t"));
	memset(&s, 0, sizeof(s));
	s.stop_at = 2;
	CU_ASSERT_EQUAL(sgit_refdb_foreach(f.db, NULL, remember, &s), 42);
	CU_ASSERT_EQUAL(s.n, 2);
	fx_close(&f);
}

static CU_TestInfo refdb_tests[] = {
	{ "loose, symbolic and unborn refs are read", test_loose_symbolic_and_unborn_refs_are_read },
	{ "loose content is parsed as git reads it", test_loose_content_is_parsed_as_git_reads_it },
	{ "FETCH_HEAD counts only its first id", test_fetch_head_counts_only_its_first_id },
	{ "packed-refs are parsed from literal bytes", test_packed_refs_are_parsed_from_literal_bytes },
	{ "packed-refs without header are sorted and unpeeled",
	  test_packed_refs_without_header_are_sorted_and_unpeeled },
	{ "a corrupt packed-refs line is named", test_a_corrupt_packed_refs_line_is_named },
	{ "a loose ref hides the packed one", test_a_loose_ref_hides_the_packed_one },
	{ "compare-and-swap changes nothing on mismatch", test_compare_and_swap_changes_nothing_on_mismatch },
	{ "a stale lock fails the update and names the lock", test_a_stale_lock_fails_the_update_and_names_the_lock },
	{ "a ref cannot be a folder of another", test_a_ref_cannot_be_a_folder_of_another },
	{ "a symbolic ref loop is an error, not a hang", test_a_symbolic_ref_loop_is_an_error_not_a_hang },
	{ "deleting a packed ref rewrites packed-refs", test_deleting_a_packed_ref_rewrites_packed_refs },
	{ "reflogs follow git's rules", test_reflogs_follow_gits_rules },
	{ "core.logAllRefUpdates modes", test_log_all_ref_updates_modes },
	{ "iteration merges loose and packed in byte order", test_iteration_merges_loose_and_packed_in_byte_order },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "refs/refdb", .pTests = refdb_tests },
	CU_SUITE_INFO_NULL,
};
