/* tests/unit/refs/test_refdb_git.c: the ref store against real git on twin repositories */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "unit.h"
#include "sgit/odb.h"
#include "sgit/refs.h"
#include "sgit/repo.h"
#include "util/fs.h"

#define WHO "C O Mitter <c@example.com> 1700000000 +0100"

static int have_git;

static int setup(void)
{
	setenv("HOME", unit_tmpdir(), 1);
	setenv("GIT_CONFIG_NOSYSTEM", "1", 1);
	setenv("GIT_AUTHOR_NAME", "A U Thor", 1);
	setenv("GIT_AUTHOR_EMAIL", "a@example.com", 1);
	setenv("GIT_AUTHOR_DATE", "1700000000 +0100", 1);
	setenv("GIT_COMMITTER_NAME", "C O Mitter", 1);
	setenv("GIT_COMMITTER_EMAIL", "c@example.com", 1);
	setenv("GIT_COMMITTER_DATE", "1700000000 +0100", 1);
	unsetenv("GIT_DIR");
	unsetenv("GIT_WORK_TREE");
	have_git = system("git --version >/dev/null 2>&1") == 0;
	return 0;
}

/* Run a shell command in the scratch folder; its exit status. */
static int sh(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int sh(const char *fmt, ...)
{
	struct sgit_buf cmd = SGIT_BUF_INIT;
	va_list ap;
	int rc;

	sgit_buf_printf(&cmd, "cd '%s' && (", unit_tmpdir());
	va_start(ap, fmt);
	sgit_buf_vaddf(&cmd, fmt, ap);
	va_end(ap);
	sgit_buf_adds(&cmd, ") >/dev/null 2>&1");
	rc = system(cmd.ptr);
	sgit_buf_release(&cmd);
	return rc;
}

static void tmp_path(struct sgit_buf *out, const char *rel)
{
	sgit_buf_printf(out, "%s/%s", unit_tmpdir(), rel);
}

/* A ref store (with its object store when odb is not NULL) on <tmp>/<repo>/.git. */
static int open_repo(struct sgit_refdb **db, struct sgit_odb **odb, const char *repo, struct sgit_error *err)
{
	struct sgit_refdb_options o = SGIT_REFDB_OPTIONS_INIT;
	struct sgit_buf dir = SGIT_BUF_INIT, objects = SGIT_BUF_INIT;
	int rc = 0;

	sgit_buf_printf(&dir, "%s/%s/.git", unit_tmpdir(), repo);
	sgit_buf_printf(&objects, "%s/objects", dir.ptr);
	if (odb && (rc = sgit_odb_open(odb, objects.ptr, NULL, err)) == 0)
		o.odb = *odb;
	if (!rc)
		rc = sgit_refdb_open(db, dir.ptr, &o, err);
	sgit_buf_release(&dir);
	sgit_buf_release(&objects);
	return rc;
}

static void test_pack_all_writes_what_git_pack_refs_writes(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_refdb *db = NULL;
	struct sgit_odb *odb = NULL;

	if (!have_git)
		return;
	CU_ASSERT_EQUAL(sh("git init -q pk && cd pk && git commit -q --allow-empty -m one && "
			   "git commit -q --allow-empty -m two && git branch feature/x HEAD~1 && "
			   "git tag light && git tag -a -m ann v1 HEAD~1 && git tag -a -m tot v1t v1 && "
			   "git tag -a -m tree treetag 'HEAD^{tree}' && git update-ref refs/remotes/origin/main HEAD && "
			   "git symbolic-ref refs/remotes/origin/HEAD refs/remotes/origin/main && "
			   "git update-ref refs/notes/commits HEAD~1 && git pack-refs --all && "
			   "git branch after-pack HEAD~1 && git branch -f feature/x HEAD && "
			   "git tag -a -m late late && git branch a-b && git branch a0 && git update-ref refs/bisect/bad HEAD && "
			   "echo 1111111111111111111111111111111111111111 > .git/refs/heads/missing && "
			   "cd .. && cp -a pk pk-twin && cd pk-twin && git pack-refs --all"), 0);
	CU_ASSERT_EQUAL_FATAL(open_repo(&db, &odb, "pk", &err), 0);
	CU_ASSERT_EQUAL(sgit_refdb_pack_all(db), 0);
	CU_ASSERT_EQUAL(sh("cmp pk/.git/packed-refs pk-twin/.git/packed-refs"), 0);
	CU_ASSERT_EQUAL(sh("(cd pk/.git && find refs | sort) > pk.files && "
			   "(cd pk-twin/.git && find refs | sort) > twin.files && cmp pk.files twin.files"), 0);
	/* what git reads back is the same */
	CU_ASSERT_EQUAL(sh("git -C pk show-ref -d > a.out; git -C pk-twin show-ref -d > b.out; cmp a.out b.out"), 0);
	sgit_refdb_free(db);
	sgit_odb_free(odb);
}

/* The same updates made by git on a twin give the same refs and logs, byte for byte. */
static void test_refs_and_reflogs_match_what_git_writes(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_refdb *db = NULL;
	struct sgit_odb *odb = NULL;
	struct sgit_oid one, two, bad;
	struct sgit_buf p = SGIT_BUF_INIT, c = SGIT_BUF_INIT;
	struct sgit_ref_update u = { NULL, NULL, NULL, NULL, 0, NULL, WHO };

	if (!have_git)
		return;
	CU_ASSERT_EQUAL(sh("git init -q rl && cd rl && git commit -q --allow-empty -m one && "
			   "git commit -q --allow-empty -m two && git rev-parse HEAD~1 > ../one && "
			   "git rev-parse HEAD > ../two && cd .. && cp -a rl rl-twin && cd rl-twin && "
			   "o=$(cat ../one) && t=$(cat ../two) && git update-ref -m 'msg one' refs/heads/topic $o && "
			   "git update-ref -m \"$(printf '  multi\\n\\nline\\t ')\" refs/heads/master $o && "
			   "git update-ref refs/heads/topic $t && "
			   "git symbolic-ref -m switch HEAD refs/heads/topic && "
			   "git update-ref -m 'via head' HEAD $o && "
			   "git update-ref -m 'to remove' refs/heads/gone/deep $o && git update-ref -d refs/heads/gone/deep && "
			   "git update-ref -m detach --no-deref HEAD $o && "
			   "git update-ref -m tag refs/tags/t $o && git pack-refs --all && "
			   "git update-ref -m 'after pack' refs/heads/master $(cat ../two)"), 0);
	tmp_path(&p, "one");
	sgit_fs_read_file(&c, p.ptr, NULL);
	sgit_oid_fromhexn(&one, c.ptr, c.len);
	sgit_buf_reset(&p);
	tmp_path(&p, "two");
	sgit_fs_read_file(&c, p.ptr, NULL);
	sgit_oid_fromhexn(&two, c.ptr, c.len);
	CU_ASSERT_EQUAL_FATAL(open_repo(&db, &odb, "rl", &err), 0);
	u.name = "refs/heads/topic", u.new_oid = &one, u.reflog_msg = "msg one";
	CU_ASSERT_EQUAL(sgit_refdb_update(db, &u), 0);
	u.name = "refs/heads/master", u.reflog_msg = "  multi\n\nline\t ";
	CU_ASSERT_EQUAL(sgit_refdb_update(db, &u), 0);
	u.name = "refs/heads/topic", u.new_oid = &two, u.reflog_msg = "";
	CU_ASSERT_EQUAL(sgit_refdb_update(db, &u), 0);
	u.name = "HEAD", u.new_oid = NULL, u.symref_target = "refs/heads/topic", u.reflog_msg = "switch";
	CU_ASSERT_EQUAL(sgit_refdb_update(db, &u), 0);
	u.symref_target = NULL, u.new_oid = &one, u.reflog_msg = "via head";
	CU_ASSERT_EQUAL(sgit_refdb_update(db, &u), 0);
	u.name = "refs/heads/gone/deep", u.new_oid = &one, u.reflog_msg = "to remove";
	CU_ASSERT_EQUAL(sgit_refdb_update(db, &u), 0);
	CU_ASSERT_EQUAL(sgit_refdb_delete(db, "refs/heads/gone/deep", NULL, 0), 0);
	u.name = "HEAD", u.no_deref = 1, u.reflog_msg = "detach";
	CU_ASSERT_EQUAL(sgit_refdb_update(db, &u), 0);
	u.name = "refs/tags/t", u.no_deref = 0, u.reflog_msg = "tag";
	CU_ASSERT_EQUAL(sgit_refdb_update(db, &u), 0);
	CU_ASSERT_EQUAL(sgit_refdb_pack_all(db), 0);
	u.name = "refs/heads/master", u.new_oid = &two, u.reflog_msg = "after pack";
	CU_ASSERT_EQUAL(sgit_refdb_update(db, &u), 0);
	CU_ASSERT_EQUAL(sh("cd rl/.git && for f in HEAD packed-refs refs/heads/master logs/HEAD "
			   "logs/refs/heads/master logs/refs/heads/topic; do cmp $f ../../rl-twin/.git/$f || exit 1; done"), 0);
	CU_ASSERT_EQUAL(sh("(cd rl/.git && find refs logs | sort) > rl.files && "
			   "(cd rl-twin/.git && find refs logs | sort) > rl-twin.files && cmp rl.files rl-twin.files"), 0);
	/* and git reads our logs as its own */
	CU_ASSERT_EQUAL(sh("git -C rl reflog show --format='%%H %%gs' HEAD > a.log && "
			   "git -C rl-twin reflog show --format='%%H %%gs' HEAD > b.log && cmp a.log b.log && "
			   "git -C rl log -g --format='%%H%%gs' refs/heads/topic > c.log && "
			   "git -C rl-twin log -g --format='%%H%%gs' refs/heads/topic > d.log && cmp c.log d.log && "
			   "test $(wc -l < a.log) = 6"), 0);
	/* with the object store, git's object checks */
	u.name = "refs/heads/master", u.new_oid = &bad, u.reflog_msg = "blob";
	sgit_oid_fromhex(&bad, "8b137891791fe96927ad78e64b0aad7bded08bdc");
	CU_ASSERT_EQUAL(sh("echo | git -C rl hash-object -w --stdin"), 0);
	CU_ASSERT_EQUAL(sgit_refdb_update(db, &u), SGIT_EINVALID);
	CU_ASSERT_STRING_EQUAL(err.msg, "cannot update ref 'refs/heads/master': trying to write non-commit object "
			       "8b137891791fe96927ad78e64b0aad7bded08bdc to branch 'refs/heads/master'");
	u.name = "refs/tags/blob";
	CU_ASSERT_EQUAL(sgit_refdb_update(db, &u), 0);
	sgit_oid_fromhex(&bad, "1111111111111111111111111111111111111111");
	CU_ASSERT_EQUAL(sgit_refdb_update(db, &u), SGIT_EINVALID);
	CU_ASSERT_STRING_EQUAL(err.msg, "cannot update ref 'refs/tags/blob': trying to write ref 'refs/tags/blob' "
			       "with nonexistent object 1111111111111111111111111111111111111111");
	sgit_refdb_free(db);
	sgit_odb_free(odb);
	sgit_buf_release(&p);
	sgit_buf_release(&c);
}

struct walk {
	struct sgit_buf prev, names;
	int n, ordered;
};

static int walk_cb(const struct sgit_ref *ref, void *payload)
{
	struct walk *w = payload;

	if (w->n++ && strcmp(w->prev.ptr, ref->name.ptr) >= 0)
		w->ordered = 0;
	sgit_buf_set(&w->prev, ref->name.ptr, ref->name.len);
	sgit_buf_addbuf(&w->names, &ref->name);
	sgit_buf_addch(&w->names, '\n');
	return 0;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void walk_all(struct sgit_refdb *db, struct walk *w)
{
	sgit_buf_reset(&w->names);
	w->n = 0;
	w->ordered = 1;
	CU_ASSERT_EQUAL(sgit_refdb_foreach(db, "refs/", walk_cb, w), 0);
}

static void test_ten_thousand_refs_loose_and_packed(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_refdb *db = NULL;
	struct walk w = { SGIT_BUF_INIT, SGIT_BUF_INIT, 0, 1 };
	struct sgit_buf expect = SGIT_BUF_INIT, p = SGIT_BUF_INIT;
	struct sgit_oid id;
	double t;
	int i;

	if (!have_git)
		return;
	/* names chosen so that folder order and byte order differ: a-b < a/b < a0 */
	CU_ASSERT_EQUAL(sh("git init -q many && cd many && git commit -q --allow-empty -m one && "
			   "h=$(git rev-parse HEAD) && i=0 && while [ $i -lt 2500 ]; do "
			   "echo \"create refs/heads/b$i $h\"; echo \"create refs/heads/b$i-x $h\"; "
			   "echo \"create refs/tags/t/$i/a $h\"; echo \"create refs/heads/b$i.x/y $h\"; "
			   "i=$((i+1)); done | git update-ref --stdin && git for-each-ref --format='%%(refname)' > ../many.names"), 0);
	CU_ASSERT_EQUAL_FATAL(open_repo(&db, NULL, "many", &err), 0);
	tmp_path(&p, "many.names");
	sgit_fs_read_file(&expect, p.ptr, NULL);
	t = now();
	walk_all(db, &w);
	CU_ASSERT(now() - t < 5.0);
	CU_ASSERT_EQUAL(w.n, 10001);	/* and master */
	CU_ASSERT(w.ordered);
	CU_ASSERT_STRING_EQUAL(w.names.ptr, expect.ptr);
	CU_ASSERT_EQUAL(sgit_refdb_pack_all(db), 0);
	CU_ASSERT_EQUAL(sh("test ! -e many/.git/refs/heads/b1 && test $(wc -l < many/.git/packed-refs) = 10002"), 0);
	t = now();
	walk_all(db, &w);
	for (i = 0; i < 10000; i++)
		CU_ASSERT_EQUAL(sgit_refdb_resolve(&id, NULL, db, "refs/heads/b1234-x"), 0);
	CU_ASSERT(now() - t < 5.0);
	CU_ASSERT_EQUAL(w.n, 10001);
	CU_ASSERT_STRING_EQUAL(w.names.ptr, expect.ptr);
	CU_ASSERT_EQUAL(sh("git -C many for-each-ref --format='%%(refname)' > many.names2 && cmp many.names many.names2"), 0);
	sgit_refdb_free(db);
	sgit_buf_release(&w.prev);
	sgit_buf_release(&w.names);
	sgit_buf_release(&expect);
	sgit_buf_release(&p);
}

/* Update refs/heads/x and refs/tags/x through the repository's store; which logs appear? */
static void log_both(const char *repo, int *branch_logged, int *tag_logged)
{
	struct sgit_repo_options o = SGIT_REPO_OPTIONS_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf dir = SGIT_BUF_INIT, idhex = SGIT_BUF_INIT;
	struct sgit_repo *r = NULL;
	struct sgit_oid id;
	struct sgit_ref_update u = { "refs/heads/x", &id, NULL, NULL, 0, "m", WHO };

	*branch_logged = *tag_logged = -1;
	sgit_buf_printf(&dir, "%s/%s.id", unit_tmpdir(), repo);
	sgit_fs_read_file(&idhex, dir.ptr, NULL);
	CU_ASSERT_EQUAL(sgit_oid_fromhexn(&id, idhex.ptr, idhex.len), 0);
	sgit_buf_printf(&dir, "%s/%s", unit_tmpdir(), repo);
	o.start_dir = dir.ptr;
	CU_ASSERT_EQUAL_FATAL(sgit_repo_open(&r, &o, &err), 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(sgit_repo_refdb(r));
	CU_ASSERT_EQUAL(sgit_refdb_update(sgit_repo_refdb(r), &u), 0);
	u.name = "refs/tags/x";
	CU_ASSERT_EQUAL(sgit_refdb_update(sgit_repo_refdb(r), &u), 0);
	*branch_logged = sgit_refdb_reflog_exists(sgit_repo_refdb(r), "refs/heads/x");
	*tag_logged = sgit_refdb_reflog_exists(sgit_repo_refdb(r), "refs/tags/x");
	sgit_repo_free(r);
	sgit_buf_release(&dir);
	sgit_buf_release(&idhex);
}

static void test_the_repository_store_reads_core_log_all_ref_updates(void)
{
	static const struct {
		const char *init;
		int branch, tag;
	} cases[] = {
		{ "git init -q $r", 1, 0 },
		{ "git init -q --bare $r", 0, 0 },
		{ "git init -q --bare $r && git -C $r config core.logAllRefUpdates true", 1, 0 },
		{ "git init -q $r && git -C $r config core.logAllRefUpdates false", 0, 0 },
		{ "git init -q $r && git -C $r config core.logAllRefUpdates always", 1, 1 },
		{ "git init -q --bare $r && git -C $r config core.logAllRefUpdates Always", 1, 1 },
	};
	char name[32];
	size_t i;
	int branch, tag;

	if (!have_git)
		return;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		snprintf(name, sizeof(name), "lc%zu", i);
		CU_ASSERT_EQUAL(sh("r=%s && %s && git -C $r commit-tree -m x $(git -C $r mktree </dev/null) > $r.id",
				   name, cases[i].init), 0);
		log_both(name, &branch, &tag);
		CU_ASSERT_EQUAL(branch, cases[i].branch);
		CU_ASSERT_EQUAL(tag, cases[i].tag);
	}
}

static CU_TestInfo refdb_git_tests[] = {
	{ "pack-all writes what git pack-refs writes", test_pack_all_writes_what_git_pack_refs_writes },
	{ "refs and reflogs match what git writes", test_refs_and_reflogs_match_what_git_writes },
	{ "ten thousand refs, loose and packed", test_ten_thousand_refs_loose_and_packed },
	{ "the repository's store reads core.logAllRefUpdates",
	  test_the_repository_store_reads_core_log_all_ref_updates },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "refs/refdb against git", .pInitFunc = setup, .pTests = refdb_git_tests },
	CU_SUITE_INFO_NULL,
};
