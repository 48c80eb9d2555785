/*
 * tests/unit/porcelain/mergetree/test_merge_tree.c: the three-way tree merge, checked
 * against real git. Each case builds a repository with git (branch "side"
 * and master, HEAD on master), copies it, lets `git merge --no-commit
 * --no-ff side` merge the copy, and merges the original with
 * sgit_merge_commits + sgit_merge_checkout. Then everything must agree: the
 * merged tree (git's AUTO_MERGE), the message lines git printed, the index
 * (`git ls-files -s`, stages included) and the work tree, byte for byte.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "unit.h"
#include "sgit/index.h"
#include "sgit/merge.h"
#include "sgit/repo.h"
#include "sgit/revparse.h"
#include "util/fs.h"

static int have_git;

/* c: commit everything; the scripts start in an empty repository on master. */
#define PRELUDE "c() { git add -A . && git commit -q --allow-empty -m \"$1\"; }; "
#define SIDE "git checkout -qb side && "
#define MASTER "git checkout -q master && "

/* A repository at dir with commits s1 <- s2 <- s3 and s1 <- sx (tags). */
#define SUBREPO(dir) \
	"git init -q " dir " && (cd " dir " && echo 1 >a && c 1 && git tag s1 && echo 2 >a && c 2 && git tag s2 && " \
	"echo 3 >a && c 3 && git tag s3 && git checkout -q -b x s1 && echo x >b && c x && git tag sx) && "

struct mcase {
	const char *name;
	const char *script;
	const char *args;	/* extra options of git merge */
};

static const struct mcase cases[] = {
	{ "edits of both sides in different places merge cleanly",
	  "printf '1\\n2\\n3\\n4\\n5\\n6\\n7\\n8\\n9\\n' >f && echo g >g && mkdir d && echo x >d/x && c b && "
	  SIDE "printf '1\\nS\\n3\\n4\\n5\\n6\\n7\\n8\\n9\\n' >f && echo y >d/y && c s && "
	  MASTER "printf '1\\n2\\n3\\n4\\n5\\n6\\n7\\nO\\n9\\n' >f && echo g2 >g && c o", NULL },
	{ "edits of the same line conflict",
	  "printf 'a\\nb\\nc\\n' >f && c b && " SIDE "printf 'a\\nS\\nc\\n' >f && c s && "
	  MASTER "printf 'a\\nO\\nc\\n' >f && c o", NULL },
	{ "two different files added at one path conflict (add/add)",
	  "echo k >k && c b && " SIDE "printf 'x\\ny\\n' >f && c s && " MASTER "printf 'x\\nz\\n' >f && c o",
	  NULL },
	{ "a file modified here and deleted there conflicts (modify/delete)",
	  "printf 'a\\nb\\n' >f && echo k >k && c b && " SIDE "git rm -q f && c s && "
	  MASTER "printf 'a\\nB\\n' >f && c o", NULL },
	{ "a file deleted here and modified there conflicts (delete/modify)",
	  "printf 'a\\nb\\n' >f && echo k >k && c b && " SIDE "printf 'a\\nB\\n' >f && c s && "
	  MASTER "git rm -q f && c o", NULL },
	{ "their file where our folder stays is moved aside",
	  "echo k >k && c b && " SIDE "echo file >P && c s && " MASTER "mkdir P && echo x >P/x && c o", NULL },
	{ "our file where their folder stays is moved aside",
	  "echo k >k && c b && " SIDE "mkdir P && echo x >P/x && c s && " MASTER "echo file >P && c o", NULL },
	{ "a modified file whose path became a folder is moved aside",
	  "echo f >P && c b && " SIDE "git rm -q P && mkdir P && echo x >P/x && c s && "
	  MASTER "echo g >P && c o", NULL },
	{ "a folder emptied by the merge lets the file in",
	  "mkdir P && echo x >P/x && c b && " SIDE "git rm -qr P && echo file >P && c s && "
	  MASTER "echo k >k && c o", NULL },
	{ "an executable bit and a content change merge cleanly",
	  "printf 'a\\nb\\nc\\n' >f && c b && " SIDE "chmod +x f && c s && "
	  MASTER "printf 'a\\nb\\nC\\n' >f && c o", NULL },
	{ "an executable bit with a content conflict",
	  "printf 'a\\nb\\nc\\n' >f && c b && " SIDE "chmod +x f && printf 'a\\nS\\nc\\n' >f && c s && "
	  MASTER "printf 'a\\nO\\nc\\n' >f && c o", NULL },
	{ "binary files conflict and ours stays",
	  "printf 'a\\0b' >bin && c b && " SIDE "printf 'a\\0s' >bin && c s && " MASTER "printf 'a\\0o' >bin && c o",
	  NULL },
	{ "binary files with -X theirs take theirs",
	  "printf 'a\\0b' >bin && c b && " SIDE "printf 'a\\0s' >bin && c s && " MASTER "printf 'a\\0o' >bin && c o",
	  "-X theirs" },
	{ "a content conflict with -X ours takes our lines",
	  "printf 'a\\nb\\nc\\n' >f && c b && " SIDE "printf 'a\\nS\\nc\\nd\\n' >f && c s && "
	  MASTER "printf 'a\\nO\\nc\\n' >f && c o", "-X ours" },
	{ "symbolic links changed on both sides conflict",
	  "ln -s a l && c b && " SIDE "ln -sf s l && c s && " MASTER "ln -sf o l && c o", NULL },
	{ "a symbolic link against a file: distinct types",
	  "echo f >l && c b && " SIDE "echo g >l && c s && " MASTER "rm l && ln -s o l && c o", NULL },
	{ "submodules moved on both sides conflict (not checked out)",
	  "echo k >k && git add k && git update-index --add --cacheinfo 160000,1111111111111111111111111111111111111111,m && "
	  "git commit -qm b && " SIDE "git update-index --cacheinfo 160000,2222222222222222222222222222222222222222,m && "
	  "git commit -qm s && " MASTER "git update-index --cacheinfo 160000,3333333333333333333333333333333333333333,m && "
	  "git commit -qm o", NULL },
	{ "a deleted folder goes, files added to it stay",
	  "mkdir d e && echo a >d/a && echo b >d/b && echo c >e/c && c b && " SIDE "git rm -qr d && c s && "
	  MASTER "echo c2 >e/c && echo n >d/new && c o", NULL },
	{ "a folder deleted on both sides and a file left alone",
	  "mkdir -p d/e && echo a >d/e/a && echo b >b && c b && " SIDE "git rm -qr d && echo s >s && c s && "
	  MASTER "git rm -qr d && c o", NULL },
	{ "repeated lines are cut into hunks as the histogram diff does",
	  "printf 'b\\nb\\nb\\nb\\na\\nc\\nc\\nc\\n' >f && c b && "
	  SIDE "printf 'b\\nb\\na\\nb\\na\\nc\\na\\nc\\nc\\n' >f && c s && "
	  MASTER "printf 'b\\nb\\nc\\nb\\na\\nc\\nc\\n' >f && c o", NULL },
	{ "the diff3 style shows the base",
	  "printf 'a\\nb\\nc\\n' >f && c b && " SIDE "printf 'a\\nS\\nc\\n' >f && c s && "
	  MASTER "printf 'a\\nO\\nc\\n' >f && c o", "-c merge.conflictstyle=diff3" },
	{ "a criss-cross whose merge bases merge cleanly",
	  "printf '1\\n2\\n3\\n4\\n5\\n6\\n' >f && c r && git branch B && printf 'A\\n2\\n3\\n4\\n5\\n6\\n' >f && c a1 && "
	  "git checkout -q B && printf '1\\n2\\n3\\n4\\n5\\nB\\n' >f && c b1 && git branch side && "
	  "git merge -q --no-edit master && git checkout -q master && git merge -q --no-edit side && "
	  "git checkout -q side && git merge -q --no-edit master~1 && printf 'A\\n2\\n3\\n4\\nS\\nB\\n' >f && c s && "
	  MASTER "printf 'A\\nO\\n3\\n4\\n5\\nB\\n' >f && c o", NULL },
	{ "a criss-cross whose merge bases conflict",
	  "printf '1\\n2\\n3\\n4\\n5\\n' >f && echo q >q && c r && git checkout -qb side && "
	  "printf '1\\nB\\n3\\n4\\n5\\n' >f && echo qb >q && c b && " MASTER
	  "printf '1\\nA\\n3\\n4\\n5\\n' >f && echo qa >q && c a && git checkout -qb a2 && "
	  "(git merge -q side || true) && printf '1\\nA\\n3\\n4\\n5\\n' >f && echo qa >q && c am && "
	  "git checkout -q side && (git merge -q master || true) && printf '1\\nB\\n3\\n4\\n5\\n' >f && "
	  "echo qb >q && c bm && printf '1\\nB\\n3\\n4\\nb5\\n' >f && c b3 && git checkout -q master && "
	  "git reset -q --hard a2 && printf '1\\nA\\n3\\n4\\na5\\n' >f && c a3", NULL },
	{ "a criss-cross with conflicting bases in the diff3 style",
	  "printf '1\\n2\\n3\\n4\\n5\\n' >f && c r && git checkout -qb side && printf '1\\nB\\n3\\n4\\n5\\n' >f && "
	  "c b && " MASTER "printf '1\\nA\\n3\\n4\\n5\\n' >f && c a && git checkout -qb a2 && "
	  "(git merge -q side || true) && printf '1\\nA\\n3\\n4\\n5\\n' >f && c am && git checkout -q side && "
	  "(git merge -q master || true) && printf '1\\nB\\n3\\n4\\n5\\n' >f && c bm && "
	  "printf '1\\nB\\n3\\n4\\nb5\\n' >f && c b3 && git checkout -q master && git reset -q --hard a2 && "
	  "printf '1\\nA\\n3\\n4\\na5\\n' >f && c a3", "-c merge.conflictstyle=diff3" },
	{ "a checked-out submodule fast-forwards when one side contains the other",
	  SUBREPO("../sub1") "git -c protocol.file.allow=always submodule add -q ../sub1 m && (cd m && git checkout -q s1) && "
	  "c b && " SIDE "(cd m && git checkout -q s3) && c s && " MASTER "(cd m && git checkout -q s2) && c o", NULL },
	{ "a checked-out submodule whose sides diverged conflicts",
	  SUBREPO("../sub2") "git -c protocol.file.allow=always submodule add -q ../sub2 m && (cd m && git checkout -q s1) && "
	  "c b && " SIDE "(cd m && git checkout -q sx) && c s && " MASTER "(cd m && git checkout -q s2) && c o", NULL },
	{ "histories with nothing in common merge from the empty tree",
	  "echo a >a && c a && git checkout -q --orphan side && git rm -qrf . && echo b >b && echo x >a && c s && "
	  MASTER "echo m >m && c o", "--allow-unrelated-histories" },
};

static int setup(void)
{
	have_git = unit_sh("git --version") == 0;
	return 0;
}

static int read_tmp(struct sgit_buf *out, const char *fmt, const char *name)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	int rc;

	sgit_buf_printf(&path, "%s/", unit_tmpdir());
	sgit_buf_addf(&path, fmt, name);
	rc = sgit_fs_read_file(out, path.ptr, NULL);
	sgit_buf_release(&path);
	return rc;
}

/* git's stdout without the lines that git merge (not the strategy) prints. */
static void filter_git_lines(struct sgit_buf *out, const struct sgit_buf *in)
{
	static const char *const drop[] = {
		"Automatic merge went well; stopped before committing as requested\n",
		"Automatic merge failed; fix conflicts and then commit the result.\n",
	};
	const char *p = in->ptr, *end = in->ptr + in->len, *nl;
	size_t i, n;

	sgit_buf_reset(out);
	for (; p < end; p = nl + 1) {
		int keep = 1;

		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			nl = end - 1;
		n = (size_t)(nl - p) + 1;
		for (i = 0; i < sizeof(drop) / sizeof(drop[0]); i++)
			if (strlen(drop[i]) == n && !memcmp(drop[i], p, n))
				keep = 0;
		if (keep)
			sgit_buf_add(out, p, n);
	}
}

static int resolve(struct sgit_oid *out, struct sgit_repo *repo, const char *spec, enum sgit_object_type t)
{
	struct sgit_revparse_env env = { sgit_repo_odb(repo), sgit_repo_refdb(repo), NULL, NULL,
					 NULL, NULL, sgit_repo_error(repo), 0, NULL };
	struct sgit_oid id;

	if (sgit_revparse_single(&id, NULL, &env, spec) < 0)
		return -1;
	return sgit_revparse_peel(out, &env, &id, t);
}

static enum sgit_merge_favor favor_of(const char *args)
{
	if (args && strstr(args, "-X ours"))
		return SGIT_MERGE_FAVOR_OURS;
	if (args && strstr(args, "-X theirs"))
		return SGIT_MERGE_FAVOR_THEIRS;
	return SGIT_MERGE_FAVOR_NONE;
}

/* Merge "side" into the repository name with sgit; messages into msgs. 0, or < 0. */
static int sgit_side(struct sgit_buf *msgs, struct sgit_oid *tree, const char *name, const char *args)
{
	struct sgit_merge_options mo = SGIT_MERGE_OPTIONS_INIT;
	struct sgit_merge_result res = SGIT_MERGE_RESULT_INIT;
	struct sgit_checkout_report rep = SGIT_CHECKOUT_REPORT_INIT;
	struct sgit_repo *repo = unit_open_repo(name);
	struct sgit_index *idx = NULL;
	struct sgit_oid head, side, head_tree;
	size_t i;
	int rc = -1;

	if (!repo)
		return -1;
	mo.theirs_label = "side";
	mo.favor = favor_of(args);
	if (args && strstr(args, "diff3"))
		mo.style = SGIT_MERGE_STYLE_DIFF3;
	if (resolve(&head, repo, "HEAD", SGIT_OBJ_COMMIT) < 0 || resolve(&side, repo, "side", SGIT_OBJ_COMMIT) < 0 ||
	    resolve(&head_tree, repo, "HEAD", SGIT_OBJ_TREE) < 0 ||
	    sgit_merge_commits(&res, repo, &head, &side, NULL, 0, &mo) < 0 ||
	    sgit_index_open_locked(&idx, repo) < 0)
		goto out;
	if ((rc = sgit_merge_checkout(&rep, repo, idx, &head_tree, &res)) < 0 ||
	    (rc = sgit_index_write_locked(idx)) < 0)
		goto out;
	for (i = 0; i < res.nmessages; i++) {
		CU_ASSERT_FALSE(res.messages[i].to_stderr);
		sgit_buf_addf(msgs, "%s\n", res.messages[i].text);
	}
	*tree = res.tree;
	CU_ASSERT_EQUAL(res.clean, res.nconflicts == 0);
out:
	if (rc < 0)
		fprintf(stderr, "\n  %s: %s\n", name, sgit_error_message(sgit_repo_error(repo)));
	sgit_index_free(idx);
	sgit_checkout_report_release(&rep);
	sgit_merge_result_release(&res);
	sgit_repo_free(repo);
	return rc;
}

static void run_case(size_t k)
{
	const struct mcase *mc = &cases[k];
	struct sgit_buf gout = SGIT_BUF_INIT, want = SGIT_BUF_INIT, got = SGIT_BUF_INIT;
	struct sgit_buf gls = SGIT_BUF_INIT, sls = SGIT_BUF_INIT, gtree = SGIT_BUF_INIT;
	char name[32], hex[SGIT_OID_HEXSZ + 1];
	const char *args = mc->args ? mc->args : "";
	const char *cfg = strstr(args, "-c ") == args ? args : "";
	const char *opt = *cfg ? "" : args;
	struct sgit_oid tree;
	int ok;

	snprintf(name, sizeof(name), "m%zu", k);
	ok = unit_sh("git init -q %s && cd %s && " PRELUDE "%s", name, name, mc->script) == 0 &&
	     unit_sh("cp -a %s %s-g && cd %s-g && (git %s merge --no-commit --no-ff %s side "
		     ">../%s.out 2>../%s.err; true) && git ls-files -s >../%s.gls && cp .git/AUTO_MERGE ../%s.gtree",
		     name, name, name, cfg, opt, name, name, name, name) == 0;
	CU_ASSERT_TRUE(ok);
	if (!ok) {
		fprintf(stderr, "\n  cannot build the repository of '%s'\n", mc->name);
		return;
	}
	CU_ASSERT_EQUAL(sgit_side(&got, &tree, name, mc->args), 0);
	CU_ASSERT_EQUAL(unit_sh("cd %s && git ls-files -s >../%s.sls", name, name), 0);
	read_tmp(&gout, "%s.out", name);
	filter_git_lines(&want, &gout);
	read_tmp(&gls, "%s.gls", name);
	read_tmp(&sls, "%s.sls", name);
	read_tmp(&gtree, "%s.gtree", name);
	CU_ASSERT_STRING_EQUAL(got.ptr, want.ptr);
	CU_ASSERT_STRING_EQUAL(sls.ptr, gls.ptr);
	sgit_oid_tohex(hex, &tree);
	CU_ASSERT_TRUE(gtree.len > SGIT_OID_HEXSZ && !memcmp(gtree.ptr, hex, SGIT_OID_HEXSZ));
	CU_ASSERT_EQUAL(unit_sh("diff -r --no-dereference -x .git %s %s-g", name, name), 0);
	if (strcmp(got.ptr, want.ptr) || strcmp(sls.ptr, gls.ptr))
		fprintf(stderr, "\n  %s:\n--- git\n%s%s--- sgit\n%s%s", mc->name, want.ptr, gls.ptr, got.ptr, sls.ptr);
	sgit_buf_release(&gout);
	sgit_buf_release(&want);
	sgit_buf_release(&got);
	sgit_buf_release(&gls);
	sgit_buf_release(&sls);
	sgit_buf_release(&gtree);
}

static void test_cases(void)
{
	size_t k;

	if (!have_git)
		return;
	for (k = 0; k < sizeof(cases) / sizeof(cases[0]); k++)
		run_case(k);
}

/* What git merge-tree --write-tree prints: the tree, and for a conflicted merge stages and messages. */
static void merge_tree_output(struct sgit_buf *out, const char *name)
{
	struct sgit_merge_options mo = SGIT_MERGE_OPTIONS_INIT;
	struct sgit_merge_result res = SGIT_MERGE_RESULT_INIT;
	struct sgit_repo *repo = unit_open_repo(name);
	struct sgit_oid ours, theirs;
	char hex[SGIT_OID_HEXSZ + 1];
	size_t i;
	int k;

	sgit_buf_reset(out);
	CU_ASSERT_PTR_NOT_NULL_FATAL(repo);
	mo.ours_label = "master";
	mo.theirs_label = "side";
	CU_ASSERT_EQUAL(resolve(&ours, repo, "master", SGIT_OBJ_COMMIT), 0);
	CU_ASSERT_EQUAL(resolve(&theirs, repo, "side", SGIT_OBJ_COMMIT), 0);
	CU_ASSERT_EQUAL(sgit_merge_commits(&res, repo, &ours, &theirs, NULL, 0, &mo), 0);
	sgit_buf_addf(out, "%s\n", sgit_oid_tohex(hex, &res.tree));
	for (i = 0; i < res.nconflicts; i++)
		for (k = 0; k < 3; k++)
			if (res.conflicts[i].mode[k])
				sgit_buf_addf(out, "%06o %s %d\t%s\n", res.conflicts[i].mode[k],
					      sgit_oid_tohex(hex, &res.conflicts[i].id[k]), k + 1, res.conflicts[i].path);
	if (!res.clean)
		sgit_buf_addch(out, '\n');
	for (i = 0; !res.clean && i < res.nmessages; i++)
		sgit_buf_addf(out, "%s\n", res.messages[i].text);
	sgit_merge_result_release(&res);
	sgit_repo_free(repo);
}

static void test_merge_tree_command(void)
{
	struct sgit_buf got = SGIT_BUF_INIT, want = SGIT_BUF_INIT;
	char name[32];
	size_t k;

	if (!have_git)
		return;
	for (k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		const char *args = cases[k].args ? cases[k].args : "";

		/* merge-tree has no -X and no config on the command line here */
		if (*args && strcmp(args, "--allow-unrelated-histories"))
			continue;
		snprintf(name, sizeof(name), "m%zu", k);
		CU_ASSERT_EQUAL(unit_sh("cd %s && (git merge-tree --write-tree %s master side >../%s.mt; true)",
					name, args, name), 0);
		read_tmp(&want, "%s.mt", name);
		merge_tree_output(&got, name);
		CU_ASSERT_STRING_EQUAL(got.ptr, want.ptr);
		if (strcmp(got.ptr, want.ptr))
			fprintf(stderr, "\n  %s:\n--- git\n%s--- sgit\n%s", cases[k].name, want.ptr, got.ptr);
	}
	sgit_buf_release(&got);
	sgit_buf_release(&want);
}

/* The trees alone, without commits: what the merge of the commits gives when there is one base. */
static void test_trees_alone(void)
{
	struct sgit_merge_options mo = SGIT_MERGE_OPTIONS_INIT;
	struct sgit_merge_result a = SGIT_MERGE_RESULT_INIT, b = SGIT_MERGE_RESULT_INIT;
	struct sgit_repo *repo;
	struct sgit_oid base, ours, theirs, c1, c2, bogus;

	if (!have_git)
		return;
	repo = unit_open_repo("m1");
	CU_ASSERT_PTR_NOT_NULL_FATAL(repo);
	mo.theirs_label = "side";
	CU_ASSERT_EQUAL(resolve(&base, repo, "master~1", SGIT_OBJ_TREE), 0);
	CU_ASSERT_EQUAL(resolve(&ours, repo, "master", SGIT_OBJ_TREE), 0);
	CU_ASSERT_EQUAL(resolve(&theirs, repo, "side", SGIT_OBJ_TREE), 0);
	CU_ASSERT_EQUAL(resolve(&c1, repo, "master", SGIT_OBJ_COMMIT), 0);
	CU_ASSERT_EQUAL(resolve(&c2, repo, "side", SGIT_OBJ_COMMIT), 0);
	CU_ASSERT_EQUAL(sgit_merge_trees(&a, repo, &base, &ours, &theirs, &mo), 0);
	CU_ASSERT_EQUAL(sgit_merge_commits(&b, repo, &c1, &c2, NULL, 0, &mo), 0);
	CU_ASSERT_TRUE(sgit_oid_equal(&a.tree, &b.tree));
	CU_ASSERT_EQUAL(a.nconflicts, 1);
	CU_ASSERT_EQUAL(a.clean, 0);
	/* without a base both sides' f are additions: add/add */
	CU_ASSERT_EQUAL(sgit_merge_trees(&a, repo, NULL, &ours, &theirs, &mo), 0);
	CU_ASSERT_TRUE(a.nmessages == 2 && !strcmp(a.messages[1].text, "CONFLICT (add/add): Merge conflict in f"));
	/* a tree that is not there is an error, and the result is left empty */
	memset(&bogus, 0x42, sizeof(bogus));
	CU_ASSERT_TRUE(sgit_merge_trees(&a, repo, &base, &ours, &bogus, &mo) < 0);
	CU_ASSERT_EQUAL(a.nmessages, 0);
	CU_ASSERT_TRUE(sgit_merge_commits(&b, repo, &c1, &theirs, NULL, 0, &mo) < 0);
	sgit_merge_result_release(&a);
	sgit_merge_result_release(&b);
	sgit_repo_free(repo);
}


/* ---- refusals: nothing may change ---- */

/* base f and g; side edits f and adds u; master edits g. */
#define REFUSAL_REPO \
	"printf 'a\\nb\\n' >f && echo g >g && c b && " SIDE "printf 'a\\nS\\n' >f && echo u >u && c s && " \
	MASTER "echo g2 >g && c o"

/* Merge side into name with sgit; expect a refusal listing path in group why. */
static void expect_refusal(const char *name, enum sgit_checkout_reject why, const char *path)
{
	struct sgit_merge_result res = SGIT_MERGE_RESULT_INIT;
	struct sgit_checkout_report rep = SGIT_CHECKOUT_REPORT_INIT;
	struct sgit_repo *repo = unit_open_repo(name);
	struct sgit_index *idx = NULL;
	struct sgit_oid head, side, head_tree;
	int rc = -1;

	CU_ASSERT_PTR_NOT_NULL_FATAL(repo);
	if (resolve(&head, repo, "HEAD", SGIT_OBJ_COMMIT) == 0 && resolve(&side, repo, "side", SGIT_OBJ_COMMIT) == 0 &&
	    resolve(&head_tree, repo, "HEAD", SGIT_OBJ_TREE) == 0 &&
	    sgit_merge_commits(&res, repo, &head, &side, NULL, 0, NULL) == 0 &&
	    sgit_index_open_locked(&idx, repo) == 0)
		rc = sgit_merge_checkout(&rep, repo, idx, &head_tree, &res);
	CU_ASSERT_EQUAL(rc, SGIT_ECONFLICT);
	CU_ASSERT_EQUAL(rep.rejected[why].count, 1);
	if (rep.rejected[why].count == 1)
		CU_ASSERT_STRING_EQUAL(rep.rejected[why].paths[0], path);
	sgit_index_free(idx);
	sgit_checkout_report_release(&rep);
	sgit_merge_result_release(&res);
	sgit_repo_free(repo);
	/*
	 * The work tree and the index are as they were, and no AUTO_MERGE: git's
	 * ort writes it only after the switch. (After a refusal for local
	 * changes git has one, but it is the tree of those changes, left by
	 * git merge re-applying what it had stashed, not the merge's.)
	 */
	CU_ASSERT_EQUAL(unit_sh("diff -r -x .git %s %s-before && cmp %s/.git/index %s-before/.git/index && "
				"test ! -e %s/.git/AUTO_MERGE", name, name, name, name, name), 0);
}

static void test_dirty_refused(void)
{
	if (!have_git)
		return;
	CU_ASSERT_EQUAL_FATAL(unit_sh("git init -q r1 && cd r1 && " PRELUDE REFUSAL_REPO " && echo dirty >>f && "
				      "cd .. && cp -a r1 r1-before && cp -a r1 r1-g && cd r1-g && "
				      "(git merge side 2>../r1.err; test $? = 2) && "
				      "grep -q 'would be overwritten by merge:' ../r1.err"), 0);
	expect_refusal("r1", SGIT_CHECKOUT_NOT_UPTODATE, "f");
}

static void test_untracked_refused(void)
{
	if (!have_git)
		return;
	CU_ASSERT_EQUAL_FATAL(unit_sh("git init -q r2 && cd r2 && " PRELUDE REFUSAL_REPO " && echo mine >u && "
				      "cd .. && cp -a r2 r2-before && cp -a r2 r2-g && cd r2-g && "
				      "(git merge side 2>../r2.err; test $? = 2) && "
				      "grep -q 'untracked working tree files would be overwritten by merge' ../r2.err && "
				      "test ! -e .git/AUTO_MERGE"), 0);
	expect_refusal("r2", SGIT_CHECKOUT_UNTRACKED_OVERWRITTEN, "u");
}

static void test_staged_listed(void)
{
	struct sgit_checkout_pathlist l = { NULL, 0, 0 };
	struct sgit_repo *repo;
	struct sgit_index *idx = NULL;
	struct sgit_oid head_tree;

	if (!have_git)
		return;
	CU_ASSERT_EQUAL_FATAL(unit_sh("git init -q r3 && cd r3 && " PRELUDE REFUSAL_REPO " && echo s >>g && "
				      "echo h >h && git rm -q --cached f && git add g h && cp -a ../r3 ../r3-g && "
				      "cd ../r3-g && (git merge side 2>../r3.err; test $? = 2) && "
				      "grep -qx '  f g h' ../r3.err"), 0);
	repo = unit_open_repo("r3");
	CU_ASSERT_PTR_NOT_NULL_FATAL(repo);
	CU_ASSERT_EQUAL(resolve(&head_tree, repo, "HEAD", SGIT_OBJ_TREE), 0);
	CU_ASSERT_EQUAL(sgit_index_open(&idx, repo), 0);
	CU_ASSERT_EQUAL(sgit_merge_staged_changes(&l, repo, idx, &head_tree), 0);
	CU_ASSERT_EQUAL(l.count, 3);
	if (l.count == 3) {
		CU_ASSERT_STRING_EQUAL(l.paths[0], "f");
		CU_ASSERT_STRING_EQUAL(l.paths[1], "g");
		CU_ASSERT_STRING_EQUAL(l.paths[2], "h");
	}
	sgit_merge_pathlist_release(&l);
	/* against no tree (an unborn branch) every entry is a change */
	CU_ASSERT_EQUAL(sgit_merge_staged_changes(&l, repo, idx, NULL), 0);
	CU_ASSERT_EQUAL(l.count, 2);
	sgit_merge_pathlist_release(&l);
	sgit_index_free(idx);
	sgit_repo_free(repo);
}

/* git names a staged rename by its new path (git diff's rename detection), unless diff.renames is off. */
static void test_staged_rename(void)
{
	static const char *const paired[] = { "a", "m", "zz" };
	static const char *const unpaired[] = { "a", "k", "m", "z", "zz" };
	struct sgit_checkout_pathlist l = { NULL, 0, 0 };
	struct sgit_repo *repo;
	struct sgit_index *idx = NULL;
	struct sgit_oid head_tree;
	size_t i;

	if (!have_git)
		return;
	CU_ASSERT_EQUAL_FATAL(unit_sh("git init -q r4 && cd r4 && " PRELUDE REFUSAL_REPO " && seq 1 20 >z && "
				      "seq 30 50 >k && c more && git mv z a && git mv k zz && echo n >m && git add m && "
				      "cp -a ../r4 ../r4-g && cd ../r4-g && (git merge side 2>../r4.err; test $? = 2) && "
				      "grep -qx '  a m zz' ../r4.err && "
				      "(git -c diff.renames=false merge side 2>../r4.err; test $? = 2) && "
				      "grep -qx '  a k m z zz' ../r4.err"), 0);
	repo = unit_open_repo("r4");
	CU_ASSERT_PTR_NOT_NULL_FATAL(repo);
	CU_ASSERT_EQUAL(resolve(&head_tree, repo, "HEAD", SGIT_OBJ_TREE), 0);
	CU_ASSERT_EQUAL(sgit_index_open(&idx, repo), 0);
	CU_ASSERT_EQUAL(sgit_merge_staged_changes(&l, repo, idx, &head_tree), 0);
	CU_ASSERT_EQUAL(l.count, 3);
	for (i = 0; i < l.count && i < 3; i++)
		CU_ASSERT_STRING_EQUAL(l.paths[i], paired[i]);
	sgit_merge_pathlist_release(&l);
	sgit_index_free(idx);
	sgit_repo_free(repo);
	/* with diff.renames off both names of each rename are listed */
	CU_ASSERT_EQUAL_FATAL(unit_sh("cd r4 && git config diff.renames false"), 0);
	repo = unit_open_repo("r4");
	CU_ASSERT_PTR_NOT_NULL_FATAL(repo);
	CU_ASSERT_EQUAL(sgit_index_open(&idx, repo), 0);
	CU_ASSERT_EQUAL(sgit_merge_staged_changes(&l, repo, idx, &head_tree), 0);
	CU_ASSERT_EQUAL(l.count, 5);
	for (i = 0; i < l.count && i < 5; i++)
		CU_ASSERT_STRING_EQUAL(l.paths[i], unpaired[i]);
	sgit_merge_pathlist_release(&l);
	sgit_index_free(idx);
	sgit_repo_free(repo);
}

/* ---- the octopus strategy ---- */

/* b1 and b2 edit the two ends of f, b3 adds h, b4 edits f's first line again; master adds m. */
#define OCTOPUS_REPO \
	"printf '1\\n2\\n3\\n4\\n5\\n6\\n7\\n' >f && echo g >g && c root && git tag root && " \
	"git branch b1 && git branch b2 && git branch b3 && git branch b4 && " \
	"git checkout -q b1 && printf '1x\\n2\\n3\\n4\\n5\\n6\\n7\\n' >f && c b1 && " \
	"git checkout -q b2 && printf '1\\n2\\n3\\n4\\n5\\n6\\n7x\\n' >f && c b2 && " \
	"git checkout -q b3 && echo h >h && c b3 && " \
	"git checkout -q b4 && printf '1y\\n2\\n3\\n4\\n5\\n6\\n7\\n' >f && c b4 && " \
	"git checkout -q master && echo m >m && c m"

/* merge-file names conflict sides after temporary files: compare without those names */
#define NO_TEMP_NAMES "sed 's/^\\(.......\\) \\.merge_file_.*$/\\1/'"

static void octopus_case(const char *name, const char *const *heads, size_t n, int want_status)
{
	struct sgit_merge_result res = SGIT_MERGE_RESULT_INIT;
	struct sgit_checkout_report rep = SGIT_CHECKOUT_REPORT_INIT;
	struct sgit_buf out = SGIT_BUF_INIT, err = SGIT_BUF_INIT, gout = SGIT_BUF_INIT, gerr = SGIT_BUF_INIT;
	struct sgit_buf want = SGIT_BUF_INIT, gls = SGIT_BUF_INIT, sls = SGIT_BUF_INIT;
	struct sgit_repo *repo = unit_open_repo(name);
	struct sgit_index *idx = NULL;
	struct sgit_oid head, ids[4];
	size_t i;
	int status = -1, ok = 1;

	CU_ASSERT_PTR_NOT_NULL_FATAL(repo);
	ok &= resolve(&head, repo, "HEAD", SGIT_OBJ_COMMIT) == 0;
	for (i = 0; i < n; i++)
		ok &= resolve(&ids[i], repo, heads[i], SGIT_OBJ_COMMIT) == 0;
	CU_ASSERT_TRUE(ok && sgit_index_open_locked(&idx, repo) == 0);
	if (idx)
		CU_ASSERT_EQUAL(sgit_merge_octopus(&status, &res, &rep, repo, idx, &head, ids, heads, n), 0);
	CU_ASSERT_EQUAL(status, want_status);
	if (idx && status < 2)
		CU_ASSERT_EQUAL(sgit_index_write_locked(idx), 0);
	for (i = 0; i < res.nmessages; i++)
		sgit_buf_addf(res.messages[i].to_stderr ? &err : &out, "%s\n", res.messages[i].text);
	sgit_index_free(idx);
	sgit_repo_free(repo);
	CU_ASSERT_EQUAL(unit_sh("cd %s && git ls-files -s >../%s.sls", name, name), 0);
	read_tmp(&gout, "%s.out", name);
	read_tmp(&want, "%s.err", name);
	filter_git_lines(&gerr, &want);
	read_tmp(&gls, "%s.gls", name);
	read_tmp(&sls, "%s.sls", name);
	filter_git_lines(&want, &gout);
	CU_ASSERT_STRING_EQUAL(out.ptr, want.ptr);
	/* git merge adds its own verdict after what the strategy said */
	sgit_buf_addf(&err, "%s", want_status == 2 ? "Merge with strategy octopus failed.\n" : "");
	CU_ASSERT_STRING_EQUAL(err.ptr, gerr.ptr);
	if (strcmp(err.ptr, gerr.ptr) || strcmp(out.ptr, want.ptr))
		fprintf(stderr, "\n  %s:\n--- git\n%s%s--- sgit\n%s%s", name, want.ptr, gerr.ptr, out.ptr, err.ptr);
	CU_ASSERT_STRING_EQUAL(sls.ptr, gls.ptr);
	CU_ASSERT_EQUAL(unit_sh("cd %s && for f in $(git ls-files); do " NO_TEMP_NAMES " $f >../%s.x; "
				NO_TEMP_NAMES " ../%s-g/$f | cmp -s - ../%s.x || exit 1; done", name, name, name,
				name), 0);
	sgit_merge_result_release(&res);
	sgit_checkout_report_release(&rep);
	sgit_buf_release(&out);
	sgit_buf_release(&err);
	sgit_buf_release(&gout);
	sgit_buf_release(&gerr);
	sgit_buf_release(&want);
	sgit_buf_release(&gls);
	sgit_buf_release(&sls);
}

static int octopus_repo(const char *name, const char *heads)
{
	return unit_sh("git init -q %s && cd %s && " PRELUDE OCTOPUS_REPO " && cp -a ../%s ../%s-g && "
		       "cd ../%s-g && (git merge --no-commit %s >../%s.out 2>../%s.err; true) && "
		       "git ls-files -s >../%s.gls", name, name, name, name, name, heads, name, name, name);
}

static void test_octopus_clean(void)
{
	static const char *const heads[] = { "b1", "b2", "b3" };

	if (!have_git)
		return;
	CU_ASSERT_EQUAL_FATAL(octopus_repo("o1", "b1 b2 b3"), 0);
	octopus_case("o1", heads, 3, 0);
}

static void test_octopus_last_conflicts(void)
{
	static const char *const heads[] = { "b1", "b3", "b4" };

	if (!have_git)
		return;
	CU_ASSERT_EQUAL_FATAL(octopus_repo("o2", "b1 b3 b4"), 0);
	octopus_case("o2", heads, 3, 1);
}

static void test_octopus_early_conflict(void)
{
	static const char *const heads[] = { "b1", "b4", "b3" };

	if (!have_git)
		return;
	CU_ASSERT_EQUAL_FATAL(octopus_repo("o3", "b1 b4 b3"), 0);
	/* git resets to HEAD after a failed strategy; sgit never touched anything */
	CU_ASSERT_EQUAL(unit_sh("cd o3-g && git reset -q --hard && git ls-files -s >../o3.gls"), 0);
	octopus_case("o3", heads, 3, 2);
}

static void test_octopus_fast_forward(void)
{
	static const char *const heads[] = { "b3", "b1" };

	if (!have_git)
		return;
	CU_ASSERT_EQUAL_FATAL(unit_sh("git init -q o4 && cd o4 && " PRELUDE OCTOPUS_REPO " && "
				      "git reset -q --hard root && cp -a ../o4 ../o4-g && cd ../o4-g && "
				      "(git merge --no-commit b3 b1 >../o4.out 2>../o4.err; true) && "
				      "git ls-files -s >../o4.gls"), 0);
	octopus_case("o4", heads, 2, 0);
}

static CU_TestInfo case_tests[] = {
	{ "every case merges as git merge does (tree, messages, index, work tree)", test_cases },
	{ "every case gives what git merge-tree --write-tree prints", test_merge_tree_command },
	{ "trees merge alone as their commits do, and a missing tree is an error", test_trees_alone },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo apply_tests[] = {
	{ "a local change the merge would overwrite refuses it before anything changes", test_dirty_refused },
	{ "an untracked file in the way refuses the merge before anything changes", test_untracked_refused },
	{ "staged changes are listed in index order", test_staged_listed },
	{ "a staged rename is listed by its new name, as git merge lists it", test_staged_rename },
	{ "an octopus of three heads merges as git's", test_octopus_clean },
	{ "an octopus whose last head conflicts leaves the conflict as git's", test_octopus_last_conflicts },
	{ "an octopus with an earlier conflict fails and changes nothing", test_octopus_early_conflict },
	{ "an octopus starts with a fast-forward when it can", test_octopus_fast_forward },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "tree merge against git merge", .pInitFunc = setup, .pTests = case_tests },
	{ .pName = "bringing a merge into the index and work tree", .pInitFunc = setup, .pTests = apply_tests },
	CU_SUITE_INFO_NULL,
};
