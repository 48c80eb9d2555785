/* tests/unit/porcelain/merge/test_merge_state.c: merge heads, MERGE_HEAD, mergetag headers, merge --abort */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "unit.h"
#include "sgit/commit.h"
#include "sgit/commit_create.h"
#include "sgit/index.h"
#include "sgit/merge_state.h"
#include "sgit/odb.h"
#include "sgit/repo.h"
#include "util/fs.h"

/*
 * A repository "r": main (one, three) and side (one, side) diverged;
 * "signed" is a tag of side with a signature block (not a real one: only
 * its shape matters here) and a body line that looks like a tree header;
 * "plain" an annotated tag of side without one; "behind" is main's first
 * commit.
 */
static int fixture(void)
{
	static int done, ok;

	if (done)
		return ok;
	done = 1;
	ok = unit_sh("git init -q -b main r && cd r && echo a >a && git add a && git commit -qm one && "
		     "git branch behind && git checkout -qb side && echo side >a && echo b >b && git add a b && "
		     "git commit -qm side && git tag -a -m plain plain && "
		     "printf 'object %%s\\ntype commit\\ntag signed\\ntagger T <t@x> 1 +0000\\n\\nbody\\n"
		     "tree 0000000000000000000000000000000000000000\\n-----BEGIN PGP SIGNATURE-----\\n\\n"
		     "d2VsbA==\\n=AbCd\\n-----END PGP SIGNATURE-----\\n' $(git rev-parse HEAD) >tag.txt && "
		     "git update-ref refs/tags/signed $(git mktag <tag.txt) && rm tag.txt && "
		     "git checkout -q main && echo x >x && git add x && git commit -qm three") == 0;
	return ok;
}

static struct sgit_repo *open_r(void)
{
	CU_ASSERT_FATAL(fixture());
	return unit_open_repo("r");
}

static void resolve_hex(struct sgit_oid *out, const char *rev)
{
	char cmd[256], hex[SGIT_OID_HEXSZ + 2] = "";
	FILE *f;

	snprintf(cmd, sizeof(cmd), "cd '%s/r' && git rev-parse '%s'", unit_tmpdir(), rev);
	f = popen(cmd, "r");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT(fgets(hex, sizeof(hex), f) != NULL);
	pclose(f);
	CU_ASSERT_EQUAL(sgit_oid_fromhexn(out, hex, SGIT_OID_HEXSZ), 0);
}

static void test_tag_kept_beside_commit(void)
{
	struct sgit_repo *repo = open_r();
	struct sgit_merge_head h;
	struct sgit_oid tag, commit;

	resolve_hex(&tag, "signed");
	resolve_hex(&commit, "side");
	CU_ASSERT_EQUAL_FATAL(sgit_merge_head_resolve(&h, repo, "signed"), 0);
	CU_ASSERT(sgit_oid_equal(&h.named, &tag));
	CU_ASSERT(sgit_oid_equal(&h.commit, &commit));
	CU_ASSERT_EQUAL(h.named_type, SGIT_OBJ_TAG);
	CU_ASSERT_STRING_EQUAL(h.name, "signed");
	free(h.name);
	sgit_repo_free(repo);
}

static void test_tree_refused(void)
{
	struct sgit_repo *repo = open_r();
	struct sgit_merge_head h;

	CU_ASSERT_EQUAL(sgit_merge_head_resolve(&h, repo, "HEAD^{tree}"), SGIT_EINVALID);
	CU_ASSERT_STRING_EQUAL(sgit_error_message(sgit_repo_error(repo)),
			       "HEAD^{tree}: expected commit type, but the object dereferences to tree type");
	CU_ASSERT_PTR_NULL(h.name);
	CU_ASSERT_EQUAL(sgit_merge_head_resolve(&h, repo, "nosuch"), SGIT_ENOTFOUND);
	sgit_repo_free(repo);
}

/* The mergetags of heads named name1, name2 for parents HEAD, then each head's commit. */
static void mergetags_of(struct sgit_commit_extra *extra, struct sgit_repo *repo, const char *const *names,
			 size_t n)
{
	struct sgit_merge_heads heads = SGIT_MERGE_HEADS_INIT;
	struct sgit_oid parents[4];
	struct sgit_merge_head h;
	size_t i;

	resolve_hex(&parents[0], "main");
	for (i = 0; i < n; i++) {
		CU_ASSERT_EQUAL_FATAL(sgit_merge_head_resolve(&h, repo, names[i]), 0);
		parents[i + 1] = h.commit;
		CU_ASSERT_EQUAL(sgit_merge_heads_push(&heads, &h), 0);
	}
	CU_ASSERT_EQUAL(sgit_merge_mergetags(extra, repo, &heads, parents, n + 1), 0);
	sgit_merge_heads_release(&heads);
}

static void test_signed_tag_gives_mergetag(void)
{
	static const char *const names[] = { "signed" };
	struct sgit_repo *repo = open_r();
	struct sgit_commit_extra extra = SGIT_COMMIT_EXTRA_INIT;
	struct sgit_buf tag = SGIT_BUF_INIT;
	enum sgit_object_type type;
	struct sgit_oid id;

	resolve_hex(&id, "signed");
	CU_ASSERT_EQUAL(sgit_odb_read(&tag, &type, sgit_repo_odb(repo), &id), 0);
	mergetags_of(&extra, repo, names, 1);
	CU_ASSERT_EQUAL_FATAL(extra.nr, 1);
	CU_ASSERT_STRING_EQUAL(extra.items[0].name, "mergetag");
	CU_ASSERT_EQUAL(extra.items[0].len, tag.len);
	CU_ASSERT(extra.items[0].len == tag.len && !memcmp(extra.items[0].value, tag.ptr, tag.len));
	sgit_commit_extra_release(&extra);
	sgit_buf_release(&tag);
	sgit_repo_free(repo);
}

static void test_unsigned_tag_gives_none(void)
{
	static const char *const names[] = { "plain", "side" };
	struct sgit_repo *repo = open_r();
	struct sgit_commit_extra extra = SGIT_COMMIT_EXTRA_INIT;

	mergetags_of(&extra, repo, names, 2);
	CU_ASSERT_EQUAL(extra.nr, 0);
	sgit_commit_extra_release(&extra);
	sgit_repo_free(repo);
}

/* Written into a commit and parsed back, the tag's "tree" line stays inside the mergetag. */
static void test_mergetag_round_trip(void)
{
	static const char *const names[] = { "signed" };
	struct sgit_repo *repo = open_r();
	struct sgit_commit_extra extra = SGIT_COMMIT_EXTRA_INIT;
	struct sgit_commit_create_opts co = SGIT_COMMIT_CREATE_OPTS_INIT;
	struct sgit_buf obj = SGIT_BUF_INIT;
	struct sgit_commit *c = NULL;
	const struct sgit_header *h;
	struct sgit_oid tree, parents[2];
	struct sgit_error err = SGIT_ERROR_INIT;
	size_t from = 0, len;
	const char *msg;

	mergetags_of(&extra, repo, names, 1);
	CU_ASSERT_EQUAL_FATAL(extra.nr, 1);
	sgit_oid_fromhex(&tree, "4b825dc642cb6eb9a060e54bf8d69288fbee4904");
	resolve_hex(&parents[0], "main");
	resolve_hex(&parents[1], "side");
	co.tree = &tree;
	co.parents = parents;
	co.nparents = 2;
	co.author = co.committer = "C <c@x> 1 +0000";
	co.extra = &extra;
	co.message = "Merge tag 'signed'\n";
	co.message_len = strlen(co.message);
	CU_ASSERT_EQUAL_FATAL(sgit_commit_build(&obj, NULL, &co, &err), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(obj.ptr, "\nmergetag object "));
	CU_ASSERT_PTR_NOT_NULL(strstr(obj.ptr, "\n tree 0000000000000000000000000000000000000000\n"));
	CU_ASSERT_EQUAL_FATAL(sgit_commit_parse(&c, obj.ptr, obj.len, &err), 0);
	CU_ASSERT(sgit_oid_equal(sgit_commit_tree_id(c), &tree));
	CU_ASSERT_EQUAL(sgit_commit_parent_count(c), 2);
	h = sgit_commit_header_next(c, "mergetag", &from);
	CU_ASSERT_PTR_NOT_NULL_FATAL(h);
	CU_ASSERT_EQUAL(h->value_len + 1, extra.items[0].len);
	CU_ASSERT(!memcmp(h->value, extra.items[0].value, h->value_len));
	CU_ASSERT_PTR_NULL(sgit_commit_header_next(c, "tree", &from));
	msg = sgit_commit_message(c, &len);
	CU_ASSERT(len == co.message_len && !memcmp(msg, co.message, len));
	sgit_commit_free(c);
	sgit_buf_release(&obj);
	sgit_commit_extra_release(&extra);
	sgit_repo_free(repo);
}

static void test_merge_head_reads_back_tag(void)
{
	struct sgit_repo *repo = open_r();
	struct sgit_merge_heads heads = SGIT_MERGE_HEADS_INIT, back = SGIT_MERGE_HEADS_INIT;
	struct sgit_merge_head h;
	struct sgit_buf data = SGIT_BUF_INIT, path = SGIT_BUF_INIT;
	char want[2 * SGIT_OID_HEXSZ + 3], hex[SGIT_OID_HEXSZ + 1];
	struct sgit_oid tag, commit;

	resolve_hex(&tag, "signed");
	resolve_hex(&commit, "side");
	CU_ASSERT_EQUAL_FATAL(sgit_merge_head_resolve(&h, repo, "signed"), 0);
	CU_ASSERT_EQUAL(sgit_merge_heads_push(&heads, &h), 0);
	CU_ASSERT_EQUAL(sgit_merge_state_write_heads(repo, &heads, 1), 0);
	sgit_fs_join(&path, sgit_repo_git_dir(repo), "MERGE_HEAD");
	CU_ASSERT_EQUAL(sgit_fs_read_file(&data, path.ptr, NULL), 0);
	snprintf(want, sizeof(want), "%s\n", sgit_oid_tohex(hex, &tag));
	CU_ASSERT(data.len == strlen(want) && !memcmp(data.ptr, want, data.len));
	CU_ASSERT_EQUAL(sgit_merge_state_no_ff(repo), 1);
	CU_ASSERT_EQUAL(sgit_merge_state_in_progress(repo), 1);
	CU_ASSERT_EQUAL_FATAL(sgit_merge_state_read_heads(&back, repo), 0);
	CU_ASSERT_EQUAL_FATAL(back.nr, 1);
	CU_ASSERT(sgit_oid_equal(&back.items[0].named, &tag));
	CU_ASSERT(sgit_oid_equal(&back.items[0].commit, &commit));
	CU_ASSERT_EQUAL(sgit_merge_state_clear(repo), 0);
	CU_ASSERT_EQUAL(sgit_merge_state_in_progress(repo), 0);
	CU_ASSERT_EQUAL(sgit_merge_state_no_ff(repo), 0);
	sgit_merge_heads_release(&heads);
	sgit_merge_heads_release(&back);
	sgit_buf_release(&data);
	sgit_buf_release(&path);
	sgit_repo_free(repo);
}

static void test_garbage_merge_head(void)
{
	struct sgit_repo *repo = open_r();
	struct sgit_merge_heads back = SGIT_MERGE_HEADS_INIT;
	struct sgit_merge_state st = SGIT_MERGE_STATE_INIT;

	CU_ASSERT_EQUAL(unit_sh("printf 'garbage\\n' >r/.git/MERGE_HEAD"), 0);
	CU_ASSERT_EQUAL(sgit_merge_state_read_heads(&back, repo), SGIT_ECORRUPT);
	CU_ASSERT_STRING_EQUAL(sgit_error_message(sgit_repo_error(repo)), "Corrupt MERGE_HEAD file (garbage)");
	CU_ASSERT_EQUAL(back.nr, 0);
	CU_ASSERT_EQUAL(sgit_merge_state_load(&st, repo, NULL), SGIT_ECORRUPT);
	CU_ASSERT_EQUAL(sgit_merge_state_clear(repo), 0);
	CU_ASSERT_EQUAL(sgit_merge_state_load(&st, repo, NULL), SGIT_ENOTFOUND);
	sgit_repo_free(repo);
}

/* Table: heads given (after HEAD = main), what survives, and whether HEAD was subsumed. */
static const struct {
	const char *what;
	const char *names[3];
	size_t n;
	const char *left[3];
	size_t nleft;
	int subsumed;
} reduce_cases[] = {
	{ "a head HEAD contains goes", { "behind" }, 1, { NULL }, 0, 0 },
	{ "a tag and its commit count once, as named first", { "signed", "side" }, 2, { "signed" }, 1, 0 },
	{ "HEAD itself is nothing to merge", { "main" }, 1, { NULL }, 0, 0 },
	{ "two independent heads stay in order", { "side", "behind" }, 2, { "side" }, 1, 0 },
};

static void test_reduce_table(void)
{
	struct sgit_repo *repo = open_r();
	struct sgit_oid head;
	size_t i, j;

	resolve_hex(&head, "main");
	for (i = 0; i < sizeof(reduce_cases) / sizeof(reduce_cases[0]); i++) {
		struct sgit_merge_heads heads = SGIT_MERGE_HEADS_INIT;
		struct sgit_merge_head h;
		int subsumed = -1;

		for (j = 0; j < reduce_cases[i].n; j++) {
			CU_ASSERT_EQUAL_FATAL(sgit_merge_head_resolve(&h, repo, reduce_cases[i].names[j]), 0);
			CU_ASSERT_EQUAL(sgit_merge_heads_push(&heads, &h), 0);
		}
		CU_ASSERT_EQUAL(sgit_merge_heads_reduce(&heads, &subsumed, repo, &head), 0);
		CU_ASSERT_EQUAL(heads.nr, reduce_cases[i].nleft);
		for (j = 0; j < heads.nr && j < reduce_cases[i].nleft; j++)
			CU_ASSERT_STRING_EQUAL(heads.items[j].name, reduce_cases[i].left[j]);
		CU_ASSERT_EQUAL(subsumed, reduce_cases[i].subsumed);
		if (heads.nr != reduce_cases[i].nleft)
			fprintf(stderr, "reduce case failed: %s\n", reduce_cases[i].what);
		sgit_merge_heads_release(&heads);
	}
	sgit_repo_free(repo);
}

/* What commit concludes: HEAD and the tag's commit as parents, the mergetag, MERGE_MSG. */
static void test_load_for_commit(void)
{
	struct sgit_repo *repo = open_r();
	struct sgit_merge_state st = SGIT_MERGE_STATE_INIT;
	struct sgit_oid head, side;

	resolve_hex(&head, "main");
	resolve_hex(&side, "side");
	CU_ASSERT_EQUAL(unit_sh("cd r && git rev-parse signed >.git/MERGE_HEAD && printf 'msg\\n' >.git/MERGE_MSG "
				"&& : >.git/MERGE_MODE"), 0);
	CU_ASSERT_EQUAL_FATAL(sgit_merge_state_load(&st, repo, &head), 0);
	CU_ASSERT_EQUAL_FATAL(st.nparents, 2);
	CU_ASSERT(sgit_oid_equal(&st.parents[0], &head));
	CU_ASSERT(sgit_oid_equal(&st.parents[1], &side));
	CU_ASSERT_EQUAL(st.extra.nr, 1);
	CU_ASSERT(st.has_msg && st.msg.len == 4 && !memcmp(st.msg.ptr, "msg\n", 4));
	sgit_merge_state_release(&st);
	sgit_merge_state_clear(repo);
	sgit_repo_free(repo);
}

/* HEAD behind the merged head: one parent, unless MERGE_MODE says no-ff. */
static void test_load_reduces_unless_no_ff(void)
{
	struct sgit_repo *repo = open_r();
	struct sgit_merge_state st = SGIT_MERGE_STATE_INIT;
	struct sgit_oid behind, head;

	resolve_hex(&behind, "behind");
	resolve_hex(&head, "main");
	CU_ASSERT_EQUAL(unit_sh("cd r && git rev-parse main >.git/MERGE_HEAD"), 0);
	CU_ASSERT_EQUAL_FATAL(sgit_merge_state_load(&st, repo, &behind), 0);
	CU_ASSERT_EQUAL(st.nparents, 1);
	CU_ASSERT(sgit_oid_equal(&st.parents[0], &head));
	CU_ASSERT_EQUAL(st.has_msg, 0);
	sgit_merge_state_release(&st);
	CU_ASSERT_EQUAL(unit_sh("cd r && printf no-ff >.git/MERGE_MODE"), 0);
	CU_ASSERT_EQUAL_FATAL(sgit_merge_state_load(&st, repo, &behind), 0);
	CU_ASSERT_EQUAL(st.nparents, 2);
	CU_ASSERT(sgit_oid_equal(&st.parents[0], &behind));
	sgit_merge_state_release(&st);
	sgit_merge_state_clear(repo);
	sgit_repo_free(repo);
}

/* A conflicted merge made by git, aborted: HEAD's files back, an unrelated local change kept. */
static void test_abort_restores(void)
{
	struct sgit_repo *repo;
	struct sgit_index *idx = NULL;
	struct sgit_buf data = SGIT_BUF_INIT, path = SGIT_BUF_INIT;
	struct sgit_oid tree;

	CU_ASSERT_FATAL(fixture());
	CU_ASSERT_EQUAL_FATAL(unit_sh("rm -rf ab && cp -a r ab && cd ab && echo ours >a && git commit -qam ours && echo local >>x && "
				      "(git merge side >/dev/null 2>&1; true) && test -f .git/MERGE_HEAD"), 0);
	repo = unit_open_repo("ab");
	CU_ASSERT_PTR_NOT_NULL_FATAL(repo);
	CU_ASSERT_EQUAL(unit_sh("cd ab && git rev-parse HEAD^{tree} >../ab-tree"), 0);
	sgit_fs_join(&path, unit_tmpdir(), "ab-tree");
	CU_ASSERT_EQUAL(sgit_fs_read_file(&data, path.ptr, NULL), 0);
	CU_ASSERT_EQUAL(sgit_oid_fromhexn(&tree, data.ptr, SGIT_OID_HEXSZ), 0);
	CU_ASSERT_EQUAL_FATAL(sgit_index_open_locked(&idx, repo), 0);
	CU_ASSERT_EQUAL(sgit_index_has_conflicts(idx), 1);
	CU_ASSERT_EQUAL(sgit_merge_abort_paths(repo, idx, &tree), 0);
	CU_ASSERT_EQUAL(sgit_index_has_conflicts(idx), 0);
	CU_ASSERT_PTR_NULL(sgit_index_get(idx, "b", 0));
	CU_ASSERT_EQUAL(sgit_index_write_locked(idx), 0);
	sgit_fs_join(&path, sgit_repo_work_tree(repo), "a");
	CU_ASSERT_EQUAL(sgit_fs_read_file(&data, path.ptr, NULL), 0);
	CU_ASSERT(data.len == 5 && !memcmp(data.ptr, "ours\n", 5));
	sgit_fs_join(&path, sgit_repo_work_tree(repo), "b");
	CU_ASSERT_EQUAL(sgit_fs_exists(path.ptr), 0);
	sgit_fs_join(&path, sgit_repo_work_tree(repo), "x");
	CU_ASSERT_EQUAL(sgit_fs_read_file(&data, path.ptr, NULL), 0);
	CU_ASSERT(data.len == 8 && !memcmp(data.ptr, "x\nlocal\n", 8));
	CU_ASSERT_EQUAL(unit_sh("cd ab && test -z \"$(git status --porcelain -uno | grep -v '^ M x$')\""), 0);
	sgit_index_free(idx);
	sgit_buf_release(&data);
	sgit_buf_release(&path);
	sgit_repo_free(repo);
}

/* FETCH_HEAD text: a tag for merging, a branch not for merging, a line of no id, a branch for merging. */
static void fetch_head_text(struct sgit_buf *out)
{
	struct sgit_oid tag, behind, side;
	char a[SGIT_OID_HEXSZ + 1], b[SGIT_OID_HEXSZ + 1], c[SGIT_OID_HEXSZ + 1];

	resolve_hex(&tag, "signed");
	resolve_hex(&behind, "behind");
	resolve_hex(&side, "side");
	sgit_buf_printf(out, "%s\t\ttag 'signed' of .\n%s\tnot-for-merge\tbranch 'behind' of .\n"
			"garbage\n%s\t\tbranch 'side' of .", sgit_oid_tohex(a, &tag), sgit_oid_tohex(b, &behind),
			sgit_oid_tohex(c, &side));
}

static void test_fetch_head_heads(void)
{
	struct sgit_repo *repo = open_r();
	struct sgit_merge_heads heads = SGIT_MERGE_HEADS_INIT;
	struct sgit_buf text = SGIT_BUF_INIT;
	struct sgit_oid tag, side;
	const char *bad = "unset";

	fetch_head_text(&text);
	resolve_hex(&tag, "signed");
	resolve_hex(&side, "side");
	CU_ASSERT_EQUAL(sgit_merge_heads_from_fetch_head(&heads, &bad, repo, text.ptr, text.len, 0), 0);
	CU_ASSERT_PTR_NULL(bad);
	CU_ASSERT_EQUAL_FATAL(heads.nr, 2);
	CU_ASSERT(sgit_oid_equal(&heads.items[0].named, &tag) && heads.items[0].named_type == SGIT_OBJ_TAG);
	CU_ASSERT(sgit_oid_equal(&heads.items[0].commit, &side));
	CU_ASSERT(sgit_oid_equal(&heads.items[1].named, &side));
	sgit_merge_heads_release(&heads);
	/* git merge takes no line that does not start with an id */
	CU_ASSERT_EQUAL(sgit_merge_heads_from_fetch_head(&heads, &bad, repo, text.ptr, text.len, 1), SGIT_ECORRUPT);
	CU_ASSERT(bad != NULL && !strncmp(bad, "garbage\n", 8));
	sgit_merge_heads_release(&heads);
	sgit_buf_release(&text);
	sgit_repo_free(repo);
}

static CU_TestInfo merge_state_tests[] = {
	{ "a head named by a tag keeps the tag beside its commit", test_tag_kept_beside_commit },
	{ "a tree or a missing name is nothing to merge", test_tree_refused },
	{ "a signed tag gives a mergetag header holding the whole tag", test_signed_tag_gives_mergetag },
	{ "an unsigned tag or a branch gives no mergetag", test_unsigned_tag_gives_none },
	{ "a tag line that looks like a tree header stays inside the mergetag", test_mergetag_round_trip },
	{ "MERGE_HEAD keeps the tag id and reads back as tag and commit", test_merge_head_reads_back_tag },
	{ "a MERGE_HEAD with garbage is refused with git's message", test_garbage_merge_head },
	{ "the heads are reduced as git reduces them", test_reduce_table },
	{ "a merge in progress gives commit its parents, mergetag and message", test_load_for_commit },
	{ "a head HEAD reaches is not a parent unless MERGE_MODE says no-ff", test_load_reduces_unless_no_ff },
	{ "abort puts the merge back to HEAD and keeps other local changes", test_abort_restores },
	{ "FETCH_HEAD gives its for-merge heads; git merge refuses a line of no id", test_fetch_head_heads },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "merge_state", .pTests = merge_state_tests },
	CU_SUITE_INFO_NULL,
};
