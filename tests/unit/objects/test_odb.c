/* tests/unit/objects/test_odb.c: the object database: stores, alternates, abbreviations, packs */
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include "unit.h"
#include "sgit/odb.h"
#include "objects/loose.h"
#include "util/fs.h"

/* path = "<tmp>/<fmt...>" */
static void tmp_path(struct sgit_buf *path, const char *fmt, ...)
{
	va_list ap;

	sgit_buf_printf(path, "%s/", unit_tmpdir());
	va_start(ap, fmt);
	sgit_buf_vaddf(path, fmt, ap);
	va_end(ap);
}

/* The shared runner, with the fixed dates these fixtures were made with. */
#define sh(...) unit_sh("export GIT_AUTHOR_DATE='1700000000 +0000' " \
			"GIT_COMMITTER_DATE='1700000000 +0000' && " __VA_ARGS__)

/* An empty objects folder "<tmp>/<name>". */
static void make_store(struct sgit_buf *path, const char *name)
{
	struct sgit_error err = SGIT_ERROR_INIT;

	tmp_path(path, "%s", name);
	CU_ASSERT_EQUAL(sgit_fs_mkdir_p(path->ptr, &err), 0);
}

static void write_blob(struct sgit_oid *id, struct sgit_odb *odb, const char *text)
{
	CU_ASSERT_EQUAL(sgit_odb_write(id, odb, SGIT_OBJ_BLOB, text, strlen(text)), 0);
}

static void test_a_missing_folder_does_not_open(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_odb *odb = (struct sgit_odb *)&err;

	CU_ASSERT_EQUAL(sgit_odb_open(&odb, "/nonexistent/objects", NULL, &err), SGIT_ENOTFOUND);
	CU_ASSERT_PTR_NULL(odb);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "'/nonexistent/objects'"));
}

static void test_objects_written_are_read_and_found(void)
{
	struct sgit_buf dir = SGIT_BUF_INIT, out = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_odb_options opts = SGIT_ODB_OPTIONS_INIT;
	enum sgit_object_type type = SGIT_OBJ_BAD;
	struct sgit_odb *odb = NULL;
	char hex[SGIT_OID_HEXSZ + 1];
	struct sgit_oid id, other;
	size_t size = 0;

	make_store(&dir, "plain/");
	CU_ASSERT_EQUAL_FATAL(sgit_odb_open(&odb, dir.ptr, &opts, &err), 0);
	sgit_buf_truncate(&dir, dir.len - 1);
	CU_ASSERT_STRING_EQUAL(sgit_odb_path(odb), dir.ptr);	/* without the final slash */
	write_blob(&id, odb, "hello\n");
	CU_ASSERT_STRING_EQUAL(sgit_oid_tohex(hex, &id), "ce013625030ba8dba906f756967f9e9ca394464a");
	CU_ASSERT_EQUAL(sgit_odb_exists(odb, &id), 1);
	CU_ASSERT_EQUAL(sgit_odb_read(&out, &type, odb, &id), 0);
	CU_ASSERT_EQUAL(type, SGIT_OBJ_BLOB);
	CU_ASSERT_STRING_EQUAL(out.ptr, "hello\n");
	CU_ASSERT_EQUAL(sgit_odb_read_header(&size, &type, odb, &id), 0);
	CU_ASSERT_EQUAL(size, 6);
	CU_ASSERT_EQUAL(sgit_odb_write(&other, odb, SGIT_OBJ_OFS_DELTA, "x", 1), SGIT_EINVALID);
	CU_ASSERT(sgit_oid_is_zero(&other));
	sgit_object_hash(&other, SGIT_OBJ_BLOB, "absent", 6);
	CU_ASSERT_EQUAL(sgit_odb_exists(odb, &other), 0);
	CU_ASSERT_EQUAL(sgit_odb_read(&out, &type, odb, &other), SGIT_ENOTFOUND);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, sgit_oid_tohex(hex, &other)));
	CU_ASSERT_EQUAL(sgit_odb_read_header(&size, &type, odb, &other), SGIT_ENOTFOUND);
	sgit_odb_free(odb);
	sgit_buf_release(&dir);
	sgit_buf_release(&out);
}

/* Two blob texts whose ids share their first 4 hex digits (found by trying). */
static void colliding_texts(char a[32], char b[32])
{
	static int seen[1 << 16];
	struct sgit_oid id;
	int i;

	memset(seen, 0, sizeof(seen));
	for (i = 1; i < 1 << 20; i++) {
		unsigned key;

		snprintf(a, 32, "blob number %d\n", i);
		sgit_object_hash(&id, SGIT_OBJ_BLOB, a, strlen(a));
		key = (unsigned)id.id[0] << 8 | id.id[1];
		if (seen[key]) {
			snprintf(b, 32, "blob number %d\n", seen[key]);
			return;
		}
		seen[key] = i;
	}
	CU_FAIL("no collision found");
}

static int collect_cb(const struct sgit_oid *id, void *payload)
{
	struct sgit_buf *all = payload;
	char hex[SGIT_OID_HEXSZ + 1];

	sgit_buf_addf(all, "%s\n", sgit_oid_tohex(hex, id));
	return 0;
}

static void test_prefixes_resolve_or_say_why_not(void)
{
	struct sgit_buf dir = SGIT_BUF_INIT, listed = SGIT_BUF_INIT, want = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_odb *odb = NULL;
	char ta[32], tb[32], ha[SGIT_OID_HEXSZ + 1], hb[SGIT_OID_HEXSZ + 1], shortest[SGIT_OID_HEXSZ + 1];
	struct sgit_oid a, b, got;
	size_t common = 0;

	make_store(&dir, "prefix");
	CU_ASSERT_EQUAL_FATAL(sgit_odb_open(&odb, dir.ptr, NULL, &err), 0);
	colliding_texts(ta, tb);
	write_blob(&a, odb, ta);
	write_blob(&b, odb, tb);
	sgit_oid_tohex(ha, &a);
	sgit_oid_tohex(hb, &b);
	while (ha[common] == hb[common])
		common++;
	CU_ASSERT(common >= 4);
	CU_ASSERT_EQUAL(sgit_odb_resolve_prefix(&got, odb, ha, 4), SGIT_EAMBIGUOUS);
	CU_ASSERT(strstr(err.msg, "short object ID ") && strstr(err.msg, " is ambiguous"));
	CU_ASSERT(sgit_oid_is_zero(&got));
	CU_ASSERT_EQUAL(sgit_odb_resolve_prefix(&got, odb, ha, common), SGIT_EAMBIGUOUS);
	CU_ASSERT_EQUAL(sgit_odb_resolve_prefix(&got, odb, ha, common + 1), 0);
	CU_ASSERT(sgit_oid_equal(&got, &a));
	CU_ASSERT_EQUAL(sgit_odb_resolve_prefix(&got, odb, hb, 40), 0);
	CU_ASSERT(sgit_oid_equal(&got, &b));
	/* the list of candidates, in id order */
	CU_ASSERT_EQUAL(sgit_odb_foreach_prefix(odb, ha, 4, collect_cb, &listed), 0);
	sgit_buf_printf(&want, "%s\n%s\n", strcmp(ha, hb) < 0 ? ha : hb, strcmp(ha, hb) < 0 ? hb : ha);
	CU_ASSERT_STRING_EQUAL(listed.ptr, want.ptr);
	/* the shortest unique abbreviation is one digit past what they share */
	CU_ASSERT_EQUAL(sgit_odb_shortest_unique(shortest, odb, &a, 4), 0);
	CU_ASSERT_EQUAL(strlen(shortest), common + 1);
	CU_ASSERT_EQUAL(sgit_odb_shortest_unique(shortest, odb, &a, 12), 0);
	CU_ASSERT_EQUAL(strlen(shortest), common + 1 > 12 ? common + 1 : 12);
	CU_ASSERT_EQUAL(strncmp(shortest, ha, strlen(shortest)), 0);
	sgit_odb_free(odb);
	sgit_buf_release(&dir);
	sgit_buf_release(&listed);
	sgit_buf_release(&want);
}

static const struct {
	const char *prefix;	/* "*" is replaced by the hello blob's id */
	int rc;
} bad_prefixes[] = {
	{ "ce0", SGIT_EINVALID },
	{ "", SGIT_EINVALID },
	{ "ce01x", SGIT_EINVALID },
	{ "ce01 ", SGIT_EINVALID },
	{ "ce013625030ba8dba906f756967f9e9ca394464a0", SGIT_EINVALID },
	{ "0000", SGIT_ENOTFOUND },
	{ "ce013625030ba8dba906f756967f9e9ca394464b", SGIT_ENOTFOUND },
	{ "ce01", 0 },
	{ "CE013", 0 },
	{ "ce013625030ba8dba906f756967f9e9ca394464a", 0 },
};

static void test_prefixes_that_are_short_or_not_hex_are_refused(void)
{
	struct sgit_buf dir = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_odb *odb = NULL;
	struct sgit_oid id, got;
	size_t i;

	make_store(&dir, "badprefix");
	CU_ASSERT_EQUAL_FATAL(sgit_odb_open(&odb, dir.ptr, NULL, &err), 0);
	write_blob(&id, odb, "hello\n");
	for (i = 0; i < sizeof(bad_prefixes) / sizeof(bad_prefixes[0]); i++) {
		const char *p = bad_prefixes[i].prefix;
		int rc = sgit_odb_resolve_prefix(&got, odb, p, strlen(p));

		CU_ASSERT_EQUAL(rc, bad_prefixes[i].rc);
		if (rc == 0) {
			CU_ASSERT(sgit_oid_equal(&got, &id));
		} else {
			CU_ASSERT(err.msg[0] != '\0');
		}
	}
	sgit_odb_free(odb);
	sgit_buf_release(&dir);
}

static void write_file(const char *path, const char *text)
{
	struct sgit_error err = SGIT_ERROR_INIT;

	CU_ASSERT_EQUAL(sgit_fs_mkdir_parent(path, &err), 0);
	CU_ASSERT_EQUAL(sgit_fs_write_atomic(path, text, strlen(text), 0, &err), 0);
}

static int count_cb(const struct sgit_oid *id, void *payload)
{
	(void)id;
	(*(int *)payload)++;
	return 0;
}

static void test_alternates_are_followed_once_each(void)
{
	struct sgit_buf main_dir = SGIT_BUF_INIT, alt = SGIT_BUF_INIT, quoted = SGIT_BUF_INIT,
			list = SGIT_BUF_INIT, file = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_odb *odb = NULL, *w = NULL;
	struct sgit_oid in_main, in_alt, in_quoted, got;
	char hex[SGIT_OID_HEXSZ + 1];
	int n = 0;

	make_store(&main_dir, "altmain/objects");
	make_store(&alt, "altother/objects");
	make_store(&quoted, "alt\tquoted/objects");
	sgit_odb_open(&w, alt.ptr, NULL, &err);
	write_blob(&in_alt, w, "only in the alternate\n");
	write_blob(&in_main, w, "in both\n");
	sgit_odb_free(w);
	sgit_odb_open(&w, quoted.ptr, NULL, &err);
	write_blob(&in_quoted, w, "behind a quoted path\n");
	sgit_odb_free(w);
	/* relative, absolute, quoted, a comment, a blank line, a missing folder, itself, twice */
	sgit_buf_printf(&list, "../../altother/objects\n# comment\n\n%s\n\"../../alt\\tquoted/objects\"\n"
			"/nonexistent/objects\n%s\n", alt.ptr, main_dir.ptr);
	sgit_buf_printf(&file, "%s/info/alternates", main_dir.ptr);
	write_file(file.ptr, list.ptr);
	CU_ASSERT_EQUAL_FATAL(sgit_odb_open(&odb, main_dir.ptr, NULL, &err), 0);
	write_blob(&got, odb, "in both\n");
	CU_ASSERT(sgit_oid_equal(&got, &in_main));
	CU_ASSERT_EQUAL(sgit_odb_exists(odb, &in_alt), 1);
	CU_ASSERT_EQUAL(sgit_odb_exists(odb, &in_quoted), 1);
	/* "in both" was there through the alternate: nothing was written here */
	CU_ASSERT_EQUAL(sgit_loose_exists(main_dir.ptr, &in_main), 0);
	CU_ASSERT_EQUAL(sgit_odb_foreach(odb, count_cb, &n), 0);
	CU_ASSERT_EQUAL(n, 3);
	CU_ASSERT_EQUAL(sgit_odb_resolve_prefix(&got, odb, sgit_oid_tohex(hex, &in_alt), 6), 0);
	sgit_odb_free(odb);
	sgit_buf_release(&main_dir);
	sgit_buf_release(&alt);
	sgit_buf_release(&quoted);
	sgit_buf_release(&list);
	sgit_buf_release(&file);
}

static void test_the_same_object_in_two_stores_is_not_ambiguous(void)
{
	struct sgit_buf a = SGIT_BUF_INIT, b = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_odb *odb = NULL, *w = NULL;
	char hex[SGIT_OID_HEXSZ + 1], shortest[SGIT_OID_HEXSZ + 1];
	struct sgit_oid id, got;
	int n = 0;

	make_store(&a, "twice-a");
	make_store(&b, "twice-b");
	sgit_odb_open(&w, b.ptr, NULL, &err);
	write_blob(&id, w, "twice\n");
	sgit_odb_free(w);
	CU_ASSERT_EQUAL_FATAL(sgit_odb_open(&odb, a.ptr, NULL, &err), 0);
	CU_ASSERT_EQUAL(sgit_loose_write(a.ptr, &id, SGIT_OBJ_BLOB, "twice\n", 6, 1, 0444, &err), 0);
	CU_ASSERT_EQUAL(sgit_odb_add_alternate(odb, b.ptr), 0);
	CU_ASSERT_EQUAL(sgit_odb_add_alternate(odb, "/nonexistent/objects"), SGIT_ENOTFOUND);
	CU_ASSERT_EQUAL(sgit_odb_resolve_prefix(&got, odb, sgit_oid_tohex(hex, &id), 4), 0);
	CU_ASSERT(sgit_oid_equal(&got, &id));
	CU_ASSERT_EQUAL(sgit_odb_shortest_unique(shortest, odb, &id, 4), 0);
	CU_ASSERT_EQUAL(strlen(shortest), 4);
	CU_ASSERT_EQUAL(sgit_odb_foreach(odb, count_cb, &n), 0);
	CU_ASSERT_EQUAL(n, 2);	/* foreach may see an id twice */
	sgit_odb_free(odb);
	sgit_buf_release(&a);
	sgit_buf_release(&b);
}

/* s0 -> s1 -> ... -> s8: as git, stores deeper than s6 are not followed. */
static void test_alternates_nest_only_as_deep_as_git_allows(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_odb *odb = NULL, *w = NULL;
	struct sgit_oid ids[9];
	struct sgit_buf dir = SGIT_BUF_INIT, file = SGIT_BUF_INIT, next = SGIT_BUF_INIT;
	int i;

	for (i = 0; i < 9; i++) {
		char text[32];

		sgit_buf_printf(&dir, "%s/chain%d", unit_tmpdir(), i);
		sgit_fs_mkdir_p(dir.ptr, &err);
		sgit_odb_open(&w, dir.ptr, NULL, &err);
		snprintf(text, sizeof(text), "link %d\n", i);
		write_blob(&ids[i], w, text);
		sgit_odb_free(w);
		sgit_buf_printf(&file, "%s/info/alternates", dir.ptr);
		sgit_buf_printf(&next, "../chain%d\n", i + 1);
		if (i < 8)
			write_file(file.ptr, next.ptr);
	}
	sgit_buf_printf(&dir, "%s/chain0", unit_tmpdir());
	CU_ASSERT_EQUAL_FATAL(sgit_odb_open(&odb, dir.ptr, NULL, &err), 0);
	for (i = 0; i < 9; i++)
		CU_ASSERT_EQUAL(sgit_odb_exists(odb, &ids[i]), i <= 6);
	sgit_odb_free(odb);
	sgit_buf_release(&dir);
	sgit_buf_release(&file);
	sgit_buf_release(&next);
}

/* A repository made and packed by git, with one loose object besides the packs. */
static void make_git_repo(void)
{
	static int done;

	if (done)
		return;
	done = 1;
	/* 60 commits by fast-import; gc --aggressive makes delta chains 40 deep */
	CU_ASSERT_EQUAL(sh("git init -q gitrepo && cd gitrepo && { for i in $(seq 1 60); do "
			   "printf 'commit refs/heads/master\\ncommitter C <c@x> 1700000000 +0000\\n"
			   "data <<E\\nc%%s\\nE\\nM 100644 inline f%%s\\ndata <<E\\n' $i $((i %% 7)); "
			   "seq 1 $((i * 37)); printf 'E\\nM 100644 inline g%%s\\ndata <<E\\n%%s\\nE\\n\\n' "
			   "$i $i; done; printf 'tag v1\\nfrom refs/heads/master\\ntagger C <c@x> "
			   "1700000000 +0000\\ndata <<E\\nt\\nE\\n'; } | git fast-import --quiet && "
			   "git gc -q --aggressive && echo loose | git hash-object -w --stdin"), 0);
}

/* What git's cat-file --batch prints, and the same built from our reads. */
static void test_a_packed_git_repository_reads_like_git(void)
{
	struct sgit_buf dir = SGIT_BUF_INIT, ours = SGIT_BUF_INIT, theirs = SGIT_BUF_INIT,
			list = SGIT_BUF_INIT, content = SGIT_BUF_INIT, path = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_odb *odb = NULL;
	char *line, *nl;
	int objects = 0;

	make_git_repo();
	tmp_path(&dir, "gitrepo/.git/objects");
	CU_ASSERT_EQUAL_FATAL(sgit_odb_open(&odb, dir.ptr, NULL, &err), 0);
	CU_ASSERT_EQUAL(sh("cd gitrepo && git cat-file --batch-all-objects --batch-check='%%(objectname)' "
			   ">../ids && git cat-file --batch-all-objects --batch >../batch"), 0);
	tmp_path(&path, "ids");
	sgit_fs_read_file(&list, path.ptr, &err);
	tmp_path(&path, "batch");
	sgit_fs_read_file(&theirs, path.ptr, &err);
	for (line = list.ptr; (nl = strchr(line, '\n')) != NULL; line = nl + 1) {
		enum sgit_object_type type = SGIT_OBJ_BAD, htype = SGIT_OBJ_BAD;
		struct sgit_oid id;
		size_t size = 0;

		CU_ASSERT_EQUAL_FATAL(sgit_oid_fromhexn(&id, line, (size_t)(nl - line)), 0);
		CU_ASSERT_EQUAL(sgit_odb_read(&content, &type, odb, &id), 0);
		CU_ASSERT_EQUAL(sgit_odb_read_header(&size, &htype, odb, &id), 0);
		CU_ASSERT(size == content.len && htype == type);
		sgit_buf_addf(&ours, "%.40s %s %zu\n", line, sgit_object_type_name(type), content.len);
		sgit_buf_addbuf(&ours, &content);
		sgit_buf_addch(&ours, '\n');
		objects++;
	}
	CU_ASSERT(objects > 150);
	CU_ASSERT(ours.len == theirs.len && !memcmp(ours.ptr, theirs.ptr, ours.len));
	objects = 0;
	CU_ASSERT_EQUAL(sgit_odb_foreach(odb, count_cb, &objects), 0);
	CU_ASSERT_EQUAL((size_t)objects, (size_t)(strlen(list.ptr) / 41));
	sgit_odb_free(odb);
	sgit_buf_release(&dir);
	sgit_buf_release(&ours);
	sgit_buf_release(&theirs);
	sgit_buf_release(&list);
	sgit_buf_release(&content);
	sgit_buf_release(&path);
}

/* Every object's shortest abbreviation (at least 4) is the one git prints. */
static void test_abbreviations_across_packs_and_loose_match_git(void)
{
	struct sgit_buf dir = SGIT_BUF_INIT, list = SGIT_BUF_INIT, path = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_odb *odb = NULL;
	char *line, *nl;
	int checked = 0, mismatched = 0;

	make_git_repo();
	tmp_path(&dir, "gitrepo/.git/objects");
	CU_ASSERT_EQUAL_FATAL(sgit_odb_open(&odb, dir.ptr, NULL, &err), 0);
	/* git's %h and ls-tree --abbrev: commits, their trees, the blobs of HEAD */
	CU_ASSERT_EQUAL(sh("cd gitrepo && git ls-tree -r HEAD | cut -f1 | cut -d' ' -f3 >../long && "
			   "git ls-tree -r --abbrev=4 HEAD | cut -f1 | cut -d' ' -f3 >../abbrev && "
			   "{ git log --format='%%H %%h%%n%%T %%t' --abbrev=4 && "
			   "paste -d ' ' ../long ../abbrev; } | sort -u >../short"), 0);
	tmp_path(&path, "short");
	sgit_fs_read_file(&list, path.ptr, &err);
	for (line = list.ptr; (nl = strchr(line, '\n')) != NULL; line = nl + 1) {
		char shortest[SGIT_OID_HEXSZ + 1];
		struct sgit_oid id, got;
		size_t len;

		*nl = '\0';
		CU_ASSERT_EQUAL_FATAL(sgit_oid_fromhexn(&id, line, 40), 0);
		CU_ASSERT_EQUAL(sgit_odb_shortest_unique(shortest, odb, &id, 4), 0);
		mismatched += strcmp(shortest, line + 41) != 0;
		len = strlen(shortest);
		CU_ASSERT_EQUAL(sgit_odb_resolve_prefix(&got, odb, line, len), 0);
		CU_ASSERT(sgit_oid_equal(&got, &id));
		if (len > 4) {
			CU_ASSERT_EQUAL(sgit_odb_resolve_prefix(&got, odb, line, len - 1), SGIT_EAMBIGUOUS);
		}
		checked++;
	}
	CU_ASSERT(checked > 150);
	CU_ASSERT_EQUAL(mismatched, 0);
	sgit_odb_free(odb);
	sgit_buf_release(&dir);
	sgit_buf_release(&list);
	sgit_buf_release(&path);
}

/* A loose blob sharing 4+ digits with a packed object: both abbreviations grow, as in git. */
static void test_a_loose_neighbour_of_a_packed_object_lengthens_both(void)
{
	struct sgit_buf dir = SGIT_BUF_INIT, path = SGIT_BUF_INIT, out = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_odb *odb = NULL;
	struct sgit_oid id, packed;
	char text[64], hex[SGIT_OID_HEXSZ + 1], phex[SGIT_OID_HEXSZ + 1];
	char mine[SGIT_OID_HEXSZ + 1], theirs[SGIT_OID_HEXSZ + 1];
	int i;

	make_git_repo();
	tmp_path(&dir, "gitrepo/.git/objects");
	CU_ASSERT_EQUAL_FATAL(sgit_odb_open(&odb, dir.ptr, NULL, &err), 0);
	for (i = 0; i < 1000000; i++) {
		snprintf(text, sizeof(text), "neighbour %d\n", i);
		sgit_object_hash(&id, SGIT_OBJ_BLOB, text, strlen(text));
		if (sgit_odb_resolve_prefix(&packed, odb, sgit_oid_tohex(hex, &id), 4) == 0)
			break;
	}
	CU_ASSERT_FATAL(i < 1000000);
	sgit_oid_tohex(phex, &packed);
	CU_ASSERT_EQUAL(sh("cd gitrepo && printf '%s' | git hash-object -w --stdin", text), 0);
	CU_ASSERT_EQUAL(sh("cd gitrepo && { git rev-parse --short=4 %s; git rev-parse --short=4 %s; } "
			   ">../neighbours", hex, phex), 0);
	tmp_path(&path, "neighbours");
	sgit_fs_read_file(&out, path.ptr, &err);
	CU_ASSERT_EQUAL(sgit_odb_shortest_unique(mine, odb, &id, 4), 0);
	CU_ASSERT_EQUAL(sgit_odb_shortest_unique(theirs, odb, &packed, 4), 0);
	CU_ASSERT(strlen(mine) > 4 && strlen(theirs) > 4);
	sgit_buf_printf(&path, "%s\n%s\n", mine, theirs);
	CU_ASSERT_STRING_EQUAL(out.ptr, path.ptr);
	CU_ASSERT_EQUAL(sgit_odb_resolve_prefix(&packed, odb, hex, 4), SGIT_EAMBIGUOUS);
	sgit_odb_free(odb);
	sgit_buf_release(&dir);
	sgit_buf_release(&path);
	sgit_buf_release(&out);
}

static void test_objects_packed_after_opening_are_still_found(void)
{
	struct sgit_buf dir = SGIT_BUF_INIT, out = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	enum sgit_object_type type;
	struct sgit_odb *odb = NULL;
	struct sgit_oid id, got;
	char hex[SGIT_OID_HEXSZ + 1];
	int n = 0;

	CU_ASSERT_EQUAL(sh("git init -q repack"), 0);
	tmp_path(&dir, "repack/.git/objects");
	CU_ASSERT_EQUAL_FATAL(sgit_odb_open(&odb, dir.ptr, NULL, &err), 0);
	write_blob(&id, odb, "soon packed\n");
	CU_ASSERT_EQUAL(sgit_odb_exists(odb, &id), 1);	/* packs are listed now: none */
	sgit_oid_tohex(hex, &id);
	CU_ASSERT_EQUAL(sh("cd repack && git fsck --strict && echo %s | git pack-objects -q "
			   ".git/objects/pack/pack && git prune-packed && test ! -f .git/objects/%.2s/%s",
			   hex, hex, hex + 2), 0);
	CU_ASSERT_EQUAL(sgit_odb_read(&out, &type, odb, &id), 0);
	CU_ASSERT_STRING_EQUAL(out.ptr, "soon packed\n");
	CU_ASSERT_EQUAL(sgit_odb_resolve_prefix(&got, odb, hex, 7), 0);
	/* writing it again leaves the packed copy alone */
	write_blob(&got, odb, "soon packed\n");
	CU_ASSERT_EQUAL(sgit_loose_exists(dir.ptr, &id), 0);
	/* misses look for new packs again, without opening the known one twice */
	sgit_object_hash(&got, SGIT_OBJ_BLOB, "never stored", 12);
	CU_ASSERT_EQUAL(sgit_odb_exists(odb, &got), 0);
	CU_ASSERT_EQUAL(sgit_odb_exists(odb, &got), 0);
	CU_ASSERT_EQUAL(sgit_odb_foreach(odb, count_cb, &n), 0);
	CU_ASSERT_EQUAL(n, 1);
	sgit_odb_refresh(odb);
	CU_ASSERT_EQUAL(sgit_odb_exists(odb, &id), 1);
	sgit_odb_free(odb);
	sgit_buf_release(&dir);
	sgit_buf_release(&out);
}

static void test_a_broken_pack_is_named_when_an_object_is_missing(void)
{
	struct sgit_buf dir = SGIT_BUF_INIT, out = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	enum sgit_object_type type;
	struct sgit_odb *odb = NULL;
	struct sgit_oid id, absent;

	CU_ASSERT_EQUAL(sh("git init -q brokenpack && cd brokenpack/.git/objects/pack && "
			   "printf 'junk' > pack-1234.idx && printf 'junk' > pack-1234.pack"), 0);
	tmp_path(&dir, "brokenpack/.git/objects");
	CU_ASSERT_EQUAL_FATAL(sgit_odb_open(&odb, dir.ptr, NULL, &err), 0);
	write_blob(&id, odb, "still fine\n");
	CU_ASSERT_EQUAL(sgit_odb_read(&out, &type, odb, &id), 0);
	sgit_object_hash(&absent, SGIT_OBJ_BLOB, "absent", 6);
	CU_ASSERT_EQUAL(sgit_odb_read(&out, &type, odb, &absent), SGIT_ECORRUPT);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "pack-1234"));
	sgit_odb_free(odb);
	sgit_buf_release(&dir);
	sgit_buf_release(&out);
}

/* Big objects, from memory and from a file: git must read them like its own. */
static void test_git_reads_big_objects_sgit_writes(void)
{
	struct sgit_buf dir = SGIT_BUF_INIT, data = SGIT_BUF_INIT, path = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_odb *odb = NULL;
	struct sgit_oid a, b;
	char ha[SGIT_OID_HEXSZ + 1], hb[SGIT_OID_HEXSZ + 1];
	int fd = -1, pipefd[2];
	size_t i;

	CU_ASSERT_EQUAL(sh("git init -q bigrepo"), 0);
	tmp_path(&dir, "bigrepo/.git/objects");
	CU_ASSERT_EQUAL_FATAL(sgit_odb_open(&odb, dir.ptr, NULL, &err), 0);
	sgit_buf_grow(&data, 6 << 20);
	for (i = 0; i < (6u << 20); i++)
		data.ptr[i] = (char)(i % 3000 < 2000 ? (size_t)"sgit text "[i % 10] : (i * 2654435761u) >> 23);
	sgit_buf_setlen(&data, 6 << 20);
	CU_ASSERT_EQUAL(sgit_odb_write(&a, odb, SGIT_OBJ_BLOB, data.ptr, data.len), 0);
	tmp_path(&path, "big-source");
	sgit_fs_write_atomic(path.ptr, data.ptr, data.len - 7, 0, &err);
	fd = open(path.ptr, O_RDONLY);
	CU_ASSERT_EQUAL(sgit_odb_write_fd(&b, odb, SGIT_OBJ_BLOB, fd, data.len - 7), 0);
	CU_ASSERT_EQUAL(sh("cd bigrepo && git fsck --strict && "
			   "test \"$(git cat-file -s %s)\" = %zu && git cat-file blob %s | cmp - ../big-source",
			   sgit_oid_tohex(ha, &a), data.len, sgit_oid_tohex(hb, &b)), 0);
	CU_ASSERT_EQUAL(pipe(pipefd), 0);
	CU_ASSERT_EQUAL(sgit_odb_write_fd(&b, odb, SGIT_OBJ_BLOB, pipefd[0], 10), SGIT_EINVALID);
	close(pipefd[0]);
	close(pipefd[1]);
	close(fd);
	sgit_odb_free(odb);
	sgit_buf_release(&dir);
	sgit_buf_release(&data);
	sgit_buf_release(&path);
}

/* Raw objects (honest or not) stored deflated as loose files under made-up ids. */
static const struct {
	const char *raw;
	size_t len;
	const char *damage;	/* "cut": last 5 bytes dropped, "tail": garbage appended, "empty" */
} loose_files[] = {
	{ "blob 3\0abc", 10, NULL },
	{ "blob 0\0", 7, NULL },
	{ "commit 4\0tree", 13, NULL },
	{ "blub 3\0abc", 10, NULL },
	{ "blob 5\0abc", 10, NULL },
	{ "blob 2\0abc", 10, NULL },
	{ "blob 3abc", 9, NULL },
	{ "blob 010\0abcdefghij", 19, NULL },
	{ "blob 3\0abc", 10, "cut" },
	{ "blob 3\0abc", 10, "tail" },
	{ "blob 99999999\0abc", 17, NULL },
	{ "", 0, "empty" },
};

/* Write the loose file of made-up id number i into dir. */
static void write_loose_file(struct sgit_oid *id, const char *dir, size_t i, const void *raw,
			     size_t len, const char *damage)
{
	struct sgit_buf path = SGIT_BUF_INIT, z = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	uLongf n = compressBound((uLong)len);

	sgit_oid_clear(id);
	id->id[0] = 0xab;
	id->id[19] = (unsigned char)i;
	sgit_buf_grow(&z, n);
	CU_ASSERT_EQUAL(compress2((Bytef *)z.ptr, &n, raw, (uLong)len, 1), Z_OK);
	sgit_buf_setlen(&z, n);
	if (damage && !strcmp(damage, "cut"))
		sgit_buf_truncate(&z, z.len - 5);
	if (damage && !strcmp(damage, "tail"))
		sgit_buf_add(&z, "junk", 4);
	if (damage && !strcmp(damage, "empty"))
		sgit_buf_reset(&z);
	sgit_loose_path(&path, dir, id);
	sgit_fs_mkdir_parent(path.ptr, &err);
	CU_ASSERT_EQUAL(sgit_fs_write_atomic(path.ptr, z.ptr, z.len, 0444, &err), 0);
	sgit_buf_release(&path);
	sgit_buf_release(&z);
}

/* The odb reads loose files its own way: it must say exactly what the plain reader says. */
static void test_loose_files_read_as_the_plain_reader_says(void)
{
	struct sgit_buf dir = SGIT_BUF_INIT, a = SGIT_BUF_INIT, b = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT, plain = SGIT_ERROR_INIT;
	enum sgit_object_type ta, tb;
	struct sgit_odb *odb = NULL;
	struct sgit_oid id;
	size_t i, size;
	int ra, rb;

	make_store(&dir, "flawed");
	CU_ASSERT_EQUAL_FATAL(sgit_odb_open(&odb, dir.ptr, NULL, &err), 0);
	for (i = 0; i <= sizeof(loose_files) / sizeof(loose_files[0]); i++) {
		if (i < sizeof(loose_files) / sizeof(loose_files[0])) {
			write_loose_file(&id, dir.ptr, i, loose_files[i].raw, loose_files[i].len,
					 loose_files[i].damage);
		} else {	/* a file too big for the odb's own buffer */
			sgit_buf_reset(&a);
			sgit_buf_addf(&a, "blob %d", 3 << 20);
			sgit_buf_add(&a, "", 1);
			for (size = 0; size < (3u << 20); size++)
				sgit_buf_addch(&a, (char)((size * 2654435761u) >> 24));
			write_loose_file(&id, dir.ptr, i, a.ptr, a.len, NULL);
		}
		sgit_error_clear(&err);
		ra = sgit_odb_read(&a, &ta, odb, &id);
		rb = sgit_loose_read(&b, &tb, dir.ptr, &id, &plain);
		CU_ASSERT_EQUAL(ra, rb);
		if (ra == 0 && rb == 0) {
			CU_ASSERT_EQUAL(ta, tb);
			CU_ASSERT(a.len == b.len && !memcmp(a.ptr, b.ptr, a.len));
			CU_ASSERT_EQUAL(sgit_odb_read_header(&size, &ta, odb, &id), 0);
			CU_ASSERT_EQUAL(size, b.len);
		} else {
			CU_ASSERT_STRING_EQUAL(err.msg, plain.msg);
			CU_ASSERT_EQUAL(a.len, 0);
		}
		sgit_error_clear(&plain);
	}
	sgit_odb_free(odb);
	sgit_buf_release(&dir);
	sgit_buf_release(&a);
	sgit_buf_release(&b);
}

struct pieces {
	struct sgit_buf all;
	size_t n, biggest;
	int stop_after;		/* > 0: return 7 from that piece on */
};

static int piece_cb(const void *data, size_t len, void *payload)
{
	struct pieces *p = payload;

	sgit_buf_add(&p->all, data, len);
	p->n++;
	if (len > p->biggest)
		p->biggest = len;
	return p->stop_after && (int)p->n >= p->stop_after ? 7 : 0;
}

/* Streaming gives what a read gives: loose files (flawed ones too) and every object of a packed repository. */
static void test_streamed_content_is_what_a_read_gives(void)
{
	struct sgit_buf dir = SGIT_BUF_INIT, a = SGIT_BUF_INIT, list = SGIT_BUF_INIT, path = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT, plain = SGIT_ERROR_INIT;
	struct pieces p = { SGIT_BUF_INIT, 0, 0, 0 };
	enum sgit_object_type ta, ts;
	struct sgit_odb *odb = NULL;
	struct sgit_oid id;
	size_t i, size;
	char *line, *nl;
	int ra, rs;

	make_store(&dir, "streamed");
	CU_ASSERT_EQUAL_FATAL(sgit_odb_open(&odb, dir.ptr, NULL, &err), 0);
	for (i = 0; i < sizeof(loose_files) / sizeof(loose_files[0]); i++) {
		write_loose_file(&id, dir.ptr, i, loose_files[i].raw, loose_files[i].len,
				 loose_files[i].damage);
		ra = sgit_loose_read(&a, &ta, dir.ptr, &id, &plain);
		sgit_buf_reset(&p.all);
		sgit_error_clear(&err);
		rs = sgit_odb_stream(&ts, &size, odb, &id, piece_cb, &p);
		CU_ASSERT_EQUAL(rs, ra);
		if (ra == 0 && rs == 0) {
			CU_ASSERT(ts == ta && size == a.len && p.all.len == a.len &&
				  !memcmp(p.all.ptr, a.ptr, a.len));
		} else {
			CU_ASSERT_STRING_EQUAL(err.msg, plain.msg);
		}
		sgit_error_clear(&plain);
	}
	/* a large object goes out in pieces, and a callback can stop it */
	sgit_buf_reset(&a);
	sgit_buf_addf(&a, "blob %d", 3 << 20);
	sgit_buf_add(&a, "", 1);
	for (size = 0; size < (3u << 20); size++)
		sgit_buf_addch(&a, (char)((size * 2654435761u) >> 24));
	write_loose_file(&id, dir.ptr, 99, a.ptr, a.len, NULL);
	sgit_buf_reset(&p.all);
	p.n = p.biggest = 0;
	CU_ASSERT_EQUAL(sgit_odb_stream(&ts, &size, odb, &id, piece_cb, &p), 0);
	CU_ASSERT(size == (3u << 20) && p.all.len == size && p.n > 10 && p.biggest <= (64u << 10));
	CU_ASSERT(!memcmp(p.all.ptr, a.ptr + a.len - size, size));
	p.n = 0;
	p.stop_after = 2;
	CU_ASSERT_EQUAL(sgit_odb_stream(&ts, &size, odb, &id, piece_cb, &p), 7);
	CU_ASSERT_EQUAL(p.n, 2);
	p.stop_after = 0;
	sgit_odb_free(odb);
	odb = NULL;

	make_git_repo();
	tmp_path(&dir, "gitrepo/.git/objects");
	CU_ASSERT_EQUAL_FATAL(sgit_odb_open(&odb, dir.ptr, NULL, &err), 0);
	CU_ASSERT_EQUAL(sh("cd gitrepo && git cat-file --batch-all-objects --batch-check='%%(objectname)' "
			   ">../stream-ids"), 0);
	tmp_path(&path, "stream-ids");
	sgit_fs_read_file(&list, path.ptr, &err);
	for (line = list.ptr; (nl = strchr(line, '\n')) != NULL; line = nl + 1) {
		CU_ASSERT_EQUAL_FATAL(sgit_oid_fromhexn(&id, line, (size_t)(nl - line)), 0);
		CU_ASSERT_EQUAL(sgit_odb_read(&a, &ta, odb, &id), 0);
		sgit_buf_reset(&p.all);
		CU_ASSERT_EQUAL(sgit_odb_stream(&ts, &size, odb, &id, piece_cb, &p), 0);
		CU_ASSERT(ts == ta && size == a.len && p.all.len == a.len &&
			  !memcmp(p.all.ptr, a.ptr, a.len));
	}
	sgit_oid_fromhex(&id, "0123456789012345678901234567890123456789");
	CU_ASSERT_EQUAL(sgit_odb_stream(&ts, &size, odb, &id, piece_cb, &p), SGIT_ENOTFOUND);
	sgit_odb_free(odb);
	sgit_buf_release(&dir);
	sgit_buf_release(&a);
	sgit_buf_release(&list);
	sgit_buf_release(&path);
	sgit_buf_release(&p.all);
}

/* Write a's text through a fresh odb on dir, list its folder, then b's text as told. */
static size_t abbrev_after_write(const char *name, int behind_the_back)
{
	struct sgit_buf dir = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_odb *odb = NULL;
	char ta[32], tb[32], shortest[SGIT_OID_HEXSZ + 1];
	struct sgit_oid a, b;
	size_t len = 0;

	make_store(&dir, name);
	CU_ASSERT_EQUAL_FATAL(sgit_odb_open(&odb, dir.ptr, NULL, &err), 0);
	colliding_texts(ta, tb);
	write_blob(&a, odb, ta);
	CU_ASSERT_EQUAL(sgit_odb_shortest_unique(shortest, odb, &a, 4), 0);
	CU_ASSERT_EQUAL(strlen(shortest), 4);
	if (behind_the_back) {	/* as another process would */
		sgit_object_hash(&b, SGIT_OBJ_BLOB, tb, strlen(tb));
		CU_ASSERT_EQUAL(sgit_loose_write(dir.ptr, &b, SGIT_OBJ_BLOB, tb, strlen(tb), 1, 0444,
						 &err), 0);
		sgit_odb_refresh(odb);
	} else {
		write_blob(&b, odb, tb);
	}
	if (sgit_odb_shortest_unique(shortest, odb, &a, 4) == 0)
		len = strlen(shortest);
	sgit_odb_free(odb);
	sgit_buf_release(&dir);
	return len;
}

/* Folder listings are kept: the odb's own writes join them, a refresh lets others' in. */
static void test_abbreviations_see_new_objects(void)
{
	char ta[32], tb[32], ha[SGIT_OID_HEXSZ + 1], hb[SGIT_OID_HEXSZ + 1];
	struct sgit_oid a, b;
	size_t common = 0;

	colliding_texts(ta, tb);
	sgit_object_hash(&a, SGIT_OBJ_BLOB, ta, strlen(ta));
	sgit_object_hash(&b, SGIT_OBJ_BLOB, tb, strlen(tb));
	sgit_oid_tohex(ha, &a);
	sgit_oid_tohex(hb, &b);
	while (ha[common] == hb[common])
		common++;
	CU_ASSERT_EQUAL(abbrev_after_write("abbrev-own", 0), common + 1);
	CU_ASSERT_EQUAL(abbrev_after_write("abbrev-other", 1), common + 1);
}

#define CROWD 700

/* Made-up id k of one folder: crowded second bytes, and pairs sharing long prefixes. */
static void crowd_id(struct sgit_oid *id, unsigned k)
{
	unsigned char seed[4] = { (unsigned char)(k >> 8), (unsigned char)k, 0x5a, 0xa5 };

	sgit_hash_buffer(id, seed, sizeof(seed));
	id->id[0] = 0xcd;
	if (k % 3 == 0)
		id->id[1] = 0x10;	/* a bucket of more than a few */
	if (k % 5 == 1) {	/* share 6 to 13 digits with id k - 1 */
		crowd_id(id, k - 1);
		id->id[3 + k % 4] ^= (unsigned char)(k % 2 ? 0x01 : 0x10);
	}
}

static size_t common_digits(const struct sgit_oid *a, const struct sgit_oid *b)
{
	char ha[SGIT_OID_HEXSZ + 1], hb[SGIT_OID_HEXSZ + 1];
	size_t n = 0;

	sgit_oid_tohex(ha, a);
	sgit_oid_tohex(hb, b);
	while (n < SGIT_OID_HEXSZ && ha[n] == hb[n])
		n++;
	return n;
}

/* Abbreviations in a folder of hundreds of files match a search over every pair. */
static void test_abbreviations_in_a_crowded_folder_match_a_full_search(void)
{
	struct sgit_buf dir = SGIT_BUF_INIT, path = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_odb *odb = NULL;
	static struct sgit_oid ids[CROWD];
	char shortest[SGIT_OID_HEXSZ + 1];
	size_t i, j, want, wrong = 0;

	make_store(&dir, "crowd");
	for (i = 0; i < CROWD; i++) {
		crowd_id(&ids[i], (unsigned)i);
		sgit_loose_path(&path, dir.ptr, &ids[i]);
		sgit_fs_mkdir_parent(path.ptr, &err);
		CU_ASSERT_EQUAL(sgit_fs_write_atomic(path.ptr, "", 0, 0444, &err), 0);
	}
	CU_ASSERT_EQUAL_FATAL(sgit_odb_open(&odb, dir.ptr, NULL, &err), 0);
	for (i = 0; i < CROWD; i++) {
		for (want = 0, j = 0; j < CROWD; j++)
			if (!sgit_oid_equal(&ids[i], &ids[j]) && common_digits(&ids[i], &ids[j]) > want)
				want = common_digits(&ids[i], &ids[j]);
		want = want + 1 < 4 ? 4 : want + 1;
		CU_ASSERT_EQUAL(sgit_odb_shortest_unique(shortest, odb, &ids[i], 4), 0);
		wrong += strlen(shortest) != want;
	}
	CU_ASSERT_EQUAL(wrong, 0);
	sgit_odb_free(odb);
	sgit_buf_release(&dir);
	sgit_buf_release(&path);
}

static CU_TestInfo odb_tests[] = {
	{ "streamed content is what a read gives", test_streamed_content_is_what_a_read_gives },
	{ "a missing folder does not open", test_a_missing_folder_does_not_open },
	{ "objects written are read and found", test_objects_written_are_read_and_found },
	{ "prefixes resolve or say why not", test_prefixes_resolve_or_say_why_not },
	{ "prefixes that are short or not hex are refused",
	  test_prefixes_that_are_short_or_not_hex_are_refused },
	{ "alternates are followed once each", test_alternates_are_followed_once_each },
	{ "the same object in two stores is not ambiguous",
	  test_the_same_object_in_two_stores_is_not_ambiguous },
	{ "alternates nest only as deep as git allows",
	  test_alternates_nest_only_as_deep_as_git_allows },
	{ "a packed git repository reads like git", test_a_packed_git_repository_reads_like_git },
	{ "abbreviations across packs and loose match git",
	  test_abbreviations_across_packs_and_loose_match_git },
	{ "a loose neighbour of a packed object lengthens both",
	  test_a_loose_neighbour_of_a_packed_object_lengthens_both },
	{ "objects packed after opening are still found",
	  test_objects_packed_after_opening_are_still_found },
	{ "a broken pack is named when an object is missing",
	  test_a_broken_pack_is_named_when_an_object_is_missing },
	{ "git reads big objects sgit writes", test_git_reads_big_objects_sgit_writes },
	{ "loose files read as the plain reader says", test_loose_files_read_as_the_plain_reader_says },
	{ "abbreviations see new objects", test_abbreviations_see_new_objects },
	{ "abbreviations in a crowded folder match a full search",
	  test_abbreviations_in_a_crowded_folder_match_a_full_search },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "object database", .pTests = odb_tests },
	CU_SUITE_INFO_NULL,
};
