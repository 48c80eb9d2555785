/* tests/unit/refs/test_revparse.c: revision syntax, resolved by sgit and by git on a repository git made */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "unit.h"
#include "sgit/object.h"
#include "sgit/odb.h"
#include "sgit/refs.h"
#include "sgit/revparse.h"
#include "util/fs.h"

static char repo[512], git_dir[600];
static struct sgit_error err = SGIT_ERROR_INIT;
static struct sgit_odb *odb;
static struct sgit_refdb *refdb;
static struct sgit_buf warnings = SGIT_BUF_INIT;
static struct sgit_revparse_env env;
static size_t resolved_by_both;	/* so that a table failing in both cannot pass unseen */

/* Expressions whose text depends on the ids git made (built by the setup). */
static char *dynamic[32];
static size_t ndynamic;

#define DATED(d) "GIT_COMMITTER_DATE='" d " +0000' GIT_AUTHOR_DATE='" d " +0000' "

/*
 * History (dates in brackets; two commits share one):
 *   first[100] - second[200] - main three[350] - merge side[550] - octopus[600] - tip[700]
 *                     \- side one[300] - side two[400] -/             /  /
 *                     \- octo one[500] ---------------------------------/  /
 *                     \- octo two[500] ------------------------------------/
 * Tags: light (lightweight), ann (annotated), anntag (a tag of ann), treetag
 * (lightweight, a tree), blobtag and anntree (annotated, a blob and a tree);
 * dup is both a branch and a tag; origin has a HEAD.
 */
static const char script[] =
	"git init -q -b main rp && cd rp && "
	"echo a > a && mkdir -p dir/sub && echo b > dir/b && echo c > dir/sub/c && git add . && "
	DATED("1700000100") "git commit -q -m 'first commit' && "
	"echo a2 >> a && git add a && " DATED("1700000200") "git commit -q -m 'second: fix a' && "
	"git branch o1 && git branch o2 && git checkout -q -b side && "
	"echo s > side.txt && git add side.txt && " DATED("1700000300") "git commit -q -m 'side one' && "
	"echo t >> side.txt && git add side.txt && "
	DATED("1700000400") "git commit -q -m 'side two' -m 'with a body line' && "
	"git checkout -q main && echo m >> dir/b && git add dir/b && "
	DATED("1700000350") "git commit -q -m 'main three' && "
	DATED("1700000550") "git merge -q --no-ff side -m 'merge side' && "
	"git checkout -q o1 && echo 1 > o1.txt && git add o1.txt && "
	DATED("1700000500") "git commit -q -m 'octo one' && "
	"git checkout -q o2 && echo 2 > o2.txt && git add o2.txt && "
	DATED("1700000500") "git commit -q -m 'octo two' && "
	"git checkout -q main && " DATED("1700000600") "git merge -q o1 o2 -m octopus && "
	"echo c2 >> dir/sub/c && git add dir/sub/c && " DATED("1700000700") "git commit -q -m tip && "
	"git tag light HEAD~2 && " DATED("1700000800") "git tag -a -m 'annotated tag' ann HEAD~1 && "
	DATED("1700000900") "git tag -a -m 'tag of a tag' anntag ann && "
	"git tag treetag 'HEAD^{tree}' && " DATED("1700000900") "git tag -a -m 'blob tag' blobtag HEAD:a && "
	DATED("1700000900") "git tag -a -m 'tree tag' anntree HEAD:dir && "
	"git branch dup HEAD~3 && git tag dup 'HEAD~1^2' && "
	"git update-ref refs/remotes/origin/main HEAD~2 && git update-ref refs/remotes/origin/side side && "
	"git symbolic-ref refs/remotes/origin/HEAD refs/remotes/origin/main && "
	"git update-ref ORIG_HEAD HEAD~3 && "
	"printf '%s\\n%s\\n' $(git rev-parse side o1) > .git/MERGE_HEAD && "
	"printf '%s\\tnot-for-merge\\tbranch o1 of x\\n%s\\t\\tbranch o2 of x\\n' $(git rev-parse o1 o2) "
	"> .git/FETCH_HEAD";

#define sh unit_sh

/* What git says about spec: *ok, the id, its warnings ("warning: " cut) and its first error. */
struct verdict {
	int ok;
	char hex[SGIT_OID_HEXSZ + 1];
	struct sgit_buf warnings, error;
};

static void ask_git(struct verdict *v, const char *spec, const char *subdir)
{
	struct sgit_buf cmd = SGIT_BUF_INIT, errpath = SGIT_BUF_INIT, text = SGIT_BUF_INIT;
	struct sgit_error e = SGIT_ERROR_INIT;
	char *line, *save = NULL;
	FILE *f;

	v->ok = 0;
	v->hex[0] = '\0';
	sgit_buf_reset(&v->warnings);
	sgit_buf_reset(&v->error);
	sgit_buf_printf(&errpath, "%s/git.err", unit_tmpdir());
	sgit_buf_printf(&cmd, "cd '%s/%s' && HOME='%s' GIT_CONFIG_NOSYSTEM=1 LC_ALL=C "
			"git rev-parse --verify %s'%s' 2>'%s'", repo, subdir, unit_tmpdir(),
			env.quiet ? "-q " : "", spec, errpath.ptr);
	if ((f = popen(cmd.ptr, "r"))) {
		if (fscanf(f, "%40s", v->hex) != 1)
			v->hex[0] = '\0';
		v->ok = pclose(f) == 0 && v->hex[0];
	}
	if (sgit_fs_read_file(&text, errpath.ptr, &e) == 0)
		for (line = strtok_r(text.ptr, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
			if (!strncmp(line, "warning: ", 9))
				sgit_buf_addf(&v->warnings, "%s\n", line + 9);
			else if (!strncmp(line, "error: ", 7) && !v->error.len)
				sgit_buf_adds(&v->error, line + 7);
		}
	sgit_buf_release(&cmd);
	sgit_buf_release(&errpath);
	sgit_buf_release(&text);
}

static void collect(const char *message, void *payload)
{
	sgit_buf_addf(payload, "%s\n", message);
}

static int open_stores(void)
{
	struct sgit_buf objects = SGIT_BUF_INIT;
	int rc;

	sgit_buf_printf(&objects, "%s/objects", git_dir);
	rc = sgit_odb_open(&odb, objects.ptr, NULL, &err) < 0 ||
	     sgit_refdb_open(&refdb, git_dir, NULL, &err) < 0;
	sgit_buf_release(&objects);
	memset(&env, 0, sizeof(env));
	env.odb = odb;
	env.refdb = refdb;
	env.warn = collect;
	env.warn_payload = &warnings;
	env.err = &err;
	env.prefix = "";
	return rc;
}

static void close_stores(void)
{
	sgit_refdb_free(refdb);
	sgit_odb_free(odb);
	refdb = NULL;
	odb = NULL;
}

static void add_dynamic(const char *fmt, ...)
{
	struct sgit_buf s = SGIT_BUF_INIT;
	va_list ap;

	if (ndynamic == sizeof(dynamic) / sizeof(dynamic[0]))
		return;
	va_start(ap, fmt);
	sgit_buf_vaddf(&s, fmt, ap);
	va_end(ap);
	dynamic[ndynamic++] = sgit_buf_detach(&s, NULL);
}

/*
 * Store a blob whose id starts with the same 4 hex digits as target's, so
 * that this prefix names two objects of different types.
 */
static int collide_with(char prefix[5], const char *target)
{
	char content[64], hex[SGIT_OID_HEXSZ + 1];
	struct sgit_oid id;
	unsigned long i;

	for (i = 0; i < 50000000UL; i++) {
		snprintf(content, sizeof(content), "collision %lu\n", i);
		if (sgit_object_hash(&id, SGIT_OBJ_BLOB, content, strlen(content)) < 0)
			return -1;
		if (!strncmp(sgit_oid_tohex(hex, &id), target, 4))
			break;
	}
	memcpy(prefix, target, 4);
	prefix[4] = '\0';
	return sgit_odb_write(&id, odb, SGIT_OBJ_BLOB, content, strlen(content));
}

static int setup(void)
{
	struct verdict v = { 0, "", SGIT_BUF_INIT, SGIT_BUF_INIT };
	char head[SGIT_OID_HEXSZ + 1], first[SGIT_OID_HEXSZ + 1], tree[SGIT_OID_HEXSZ + 1];
	char p1[5], p2[5];
	size_t i;
	int rc = 1;

	snprintf(repo, sizeof(repo), "%s/rp", unit_tmpdir());
	snprintf(git_dir, sizeof(git_dir), "%s/.git", repo);
	if (sh("%s", script) != 0 || open_stores() != 0)
		goto out;
	ask_git(&v, "HEAD", ".");
	memcpy(head, v.hex, sizeof(head));
	ask_git(&v, ":/first commit", ".");
	memcpy(first, v.hex, sizeof(first));
	ask_git(&v, "HEAD:dir", ".");
	memcpy(tree, v.hex, sizeof(tree));
	if (!head[0] || !first[0] || !tree[0] || collide_with(p1, head) < 0 || collide_with(p2, tree) < 0)
		goto out;
	/* an abbreviation that is also a branch name: the branch wins, with a warning */
	if (sh("cd rp && git branch %.7s HEAD~2", first) != 0)
		goto out;
	add_dynamic("%s", head);
	for (i = 0; head[i]; i++)
		head[i] = (char)(head[i] >= 'a' ? head[i] - 'a' + 'A' : head[i]);
	add_dynamic("%s", head);
	add_dynamic("%.7s", first);
	add_dynamic("%.8s", first);
	add_dynamic("%.8s~0", first);
	add_dynamic("%.10s:dir/b", first);
	add_dynamic("v1.0-3-g%.7s", first);
	add_dynamic("v1.0-3-g%.6s~1", head);
	add_dynamic("%s", p1);			/* a commit and a blob: ambiguous */
	add_dynamic("%s^{commit}", p1);		/* ... but only one commit */
	add_dynamic("%s~0", p1);
	add_dynamic("%s^", p1);
	add_dynamic("%s:a", p1);
	add_dynamic("%s^{tree}", p1);
	add_dynamic("%s^{blob}", p1);
	add_dynamic("%s^{}", p1);
	add_dynamic("x-g%s", p1);
	add_dynamic("%s:sub/c", p2);		/* a tree and a blob: the tree serves "tree:path" */
	add_dynamic("%s^{tree}", p2);
	add_dynamic("%s^{object}", p2);
	add_dynamic("%s^0", p2);
	rc = 0;
out:
	sgit_buf_release(&v.warnings);
	sgit_buf_release(&v.error);
	return rc;
}

static int teardown(void)
{
	close_stores();
	while (ndynamic)
		free(dynamic[--ndynamic]);
	sgit_buf_release(&warnings);
	return 0;
}

static const char *const table[] = {
	/* names */
	"HEAD", "@", "main", "heads/main", "refs/heads/main", "side", "o1", "light", "ann", "tags/ann",
	"refs/tags/ann", "anntag", "treetag", "blobtag", "anntree", "dup", "heads/dup", "tags/dup",
	"refs/heads/dup", "origin", "origin/HEAD", "origin/main", "remotes/origin/side",
	"refs/remotes/origin/HEAD", "ORIG_HEAD", "MERGE_HEAD", "FETCH_HEAD", "nope", "refs/heads/../main",
	"heads//main", "/main", "main/", "main.lock", "deadbeef", "0000000000000000000000000000000000000000",
	"0000000000000000000000000000000000000000^{object}", "main..side", "", "@@",
	/* parents and ancestors */
	"HEAD^", "HEAD^1", "HEAD^0", "HEAD^^", "HEAD~", "HEAD~0", "HEAD~1", "HEAD~2", "HEAD~4", "HEAD~5",
	"HEAD~6", "HEAD~7", "HEAD~1^2", "HEAD~1^3", "HEAD~1^4", "HEAD~1^2~1", "HEAD~1^1^2",
	"HEAD~1^1^2~1^", "HEAD~2^2^", "@~3", "@^2", "ann^", "ann~2", "anntag^0", "anntag~1^3",
	"light^2", "dup~1", "tags/dup^", "origin~1", "FETCH_HEAD^", "HEAD^01", "HEAD~01", "HEAD^-1",
	"HEAD^99999999999", "HEAD~99999999999", "^2", "~", "main~1~1~1",
	/* peeling */
	"HEAD^{}", "HEAD^{commit}", "HEAD^{tree}", "HEAD^{object}", "HEAD^{tag}", "HEAD^{blob}",
	"ann^{}", "ann^{tag}", "ann^{commit}", "ann^{tree}", "ann^{object}", "anntag^{}", "anntag^{tag}",
	"anntag^{tag}^{tag}", "anntag^{commit}^{tree}", "treetag^{tree}", "treetag^{commit}", "treetag^{}",
	"blobtag^{}", "blobtag^{blob}", "blobtag^{tree}", "anntree^{tree}", "anntree^{commit}",
	"HEAD^{tree}^", "HEAD^{tree}~0", "HEAD^{foo}", "HEAD^{commit}x}", "HEAD^{", "HEAD^{}}",
	"light^{tree}", "main^{tree}^{tree}",
	/* messages */
	"HEAD^{/}", "HEAD^{/first}", "HEAD^{/^side}", "HEAD^{/side two}", "HEAD^{/body line}",
	"HEAD^{/^octo}", "HEAD^{/!-tip}", "HEAD^{/!!x}", "HEAD^{/!x}", "HEAD^{/nomatch}", "HEAD^{/[}",
	"HEAD^{/fix a$}", "side^{/one}", "ann^{/second}", "HEAD^{/^octo}^", "HEAD^{/a:b}",
	":/first", ":/octo", ":/side", ":/^s", ":/!-tip", ":/nomatch", ":/", ":/!", "HEAD^{/fix}~1",
	/* paths */
	"HEAD:a", "HEAD:dir", "HEAD:dir/", "HEAD:dir/b", "HEAD:dir/sub", "HEAD:dir/sub/c", "HEAD:dir/sub/",
	"HEAD:", "HEAD:nope", "HEAD:a/", "HEAD:dir//b", "HEAD:/a", "HEAD:dir/../a", "HEAD:./a",
	"HEAD:./dir/sub/../b", "HEAD:./", "HEAD:../a", "ann:a", "anntag:dir/b", "light:o1.txt",
	"HEAD~4:dir/b", "HEAD^{tree}:dir", "treetag:a", "anntree:sub/c", "anntree:", "blobtag:",
	"nope:a", "HEAD:a:b", "HEAD^{/a:b}:a", "HEAD:a^{blob}", "HEAD:dir~1", "origin:a", "side:side.txt",
	":/octo:o1.txt", "main^{/second}:a",
};

/* Resolve spec with sgit and with git (from subdir) and compare ids, failures, warnings and errors. */
static int same_as_git(const char *spec, const char *subdir)
{
	struct verdict v = { 0, "", SGIT_BUF_INIT, SGIT_BUF_INIT };
	char hex[SGIT_OID_HEXSZ + 1];
	struct sgit_oid id;
	int rc, same;

	ask_git(&v, spec, subdir);
	sgit_buf_reset(&warnings);
	sgit_error_clear(&err);
	rc = sgit_revparse_single(&id, NULL, &env, spec);
	sgit_oid_tohex(hex, &id);
	same = (rc == 0) == v.ok && (!v.ok || !strcmp(hex, v.hex)) &&
	       !strcmp(warnings.ptr, v.warnings.ptr) &&
	       (v.ok || !v.error.len || !strcmp(err.msg, v.error.ptr));
	resolved_by_both += same && v.ok;
	if (getenv("SGIT_TEST_VERBOSE"))
		printf("  %-40s %s %s\n", spec, v.ok ? v.hex : "fails", v.ok ? "" : err.msg);
	if (!same)
		printf("  '%s': git %s %s [%s%s]; sgit %d %s [%s%s]\n", spec, v.ok ? "ok" : "fails",
		       v.hex, v.warnings.ptr, v.error.ptr, rc, rc ? "" : hex, warnings.ptr,
		       rc ? err.msg : "");
	sgit_buf_release(&v.warnings);
	sgit_buf_release(&v.error);
	return same;
}

static void run_table(void)
{
	size_t i, n = sizeof(table) / sizeof(table[0]), bad = 0;

	CU_ASSERT(n + ndynamic >= 50);
	resolved_by_both = 0;
	for (i = 0; i < n; i++)
		bad += !same_as_git(table[i], ".");
	for (i = 0; i < ndynamic; i++)
		bad += !same_as_git(dynamic[i], ".");
	CU_ASSERT_EQUAL(bad, 0);
	CU_ASSERT(resolved_by_both >= 120);
	if (getenv("SGIT_TEST_VERBOSE"))
		printf("  %zu expressions, %zu resolved by both\n", n + ndynamic, resolved_by_both);
}

static void test_the_table_resolves_as_git_with_loose_refs(void)
{
	run_table();
}

static void test_the_table_resolves_as_git_with_packed_refs(void)
{
	close_stores();
	CU_ASSERT_EQUAL_FATAL(sh("cd rp && git pack-refs --all"), 0);
	CU_ASSERT_EQUAL_FATAL(open_stores(), 0);
	run_table();
}

static void test_relative_paths_start_in_the_current_folder(void)
{
	static const char *const specs[] = {
		"HEAD:./b", "HEAD:./sub/c", "HEAD:../a", "HEAD:./", "HEAD:.", "HEAD:../../a", "HEAD:b",
		"HEAD:./sub/../b",
	};
	size_t i;

	env.prefix = "dir/";
	for (i = 0; i < sizeof(specs) / sizeof(specs[0]); i++)
		CU_ASSERT(same_as_git(specs[i], "dir"));
	env.prefix = "";
}

/* git's id for spec, or "" */
static void git_id(char hex[SGIT_OID_HEXSZ + 1], const char *spec)
{
	struct verdict v = { 0, "", SGIT_BUF_INIT, SGIT_BUF_INIT };

	ask_git(&v, spec, ".");
	memcpy(hex, v.ok ? v.hex : "", v.ok ? SGIT_OID_HEXSZ + 1 : 1);
	sgit_buf_release(&v.warnings);
	sgit_buf_release(&v.error);
}

static void test_info_names_the_ref_and_the_unpeeled_object(void)
{
	static const struct {
		const char *spec, *ref, *named;	/* named: a spec git resolves to the object */
	} cases[] = {
		{ "ann^{}", "refs/tags/ann", "refs/tags/ann" },
		{ "anntag^{commit}~1", "refs/tags/anntag", "refs/tags/anntag" },
		{ "HEAD~1", "refs/heads/main", "HEAD" },
		{ "@", "refs/heads/main", "HEAD" },
		{ "origin^{tree}", "refs/remotes/origin/main", "origin" },
		{ "tags/dup", "refs/tags/dup", "refs/tags/dup" },
		{ "HEAD:dir/b", "refs/heads/main", "HEAD" },
		{ "FETCH_HEAD", "FETCH_HEAD", "FETCH_HEAD" },
		{ ":/side two", "", ":/side two" },
	};
	struct sgit_revparse_info info = SGIT_REVPARSE_INFO_INIT;
	char want[SGIT_OID_HEXSZ + 1], got[SGIT_OID_HEXSZ + 1];
	struct sgit_oid id;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		CU_ASSERT_EQUAL(sgit_revparse_single(&id, &info, &env, cases[i].spec), 0);
		git_id(want, cases[i].named);
		CU_ASSERT_STRING_EQUAL(info.ref.ptr, cases[i].ref);
		CU_ASSERT_STRING_EQUAL(sgit_oid_tohex(got, &info.named), want);
	}
	/* an id names no ref; a failure leaves nothing behind */
	git_id(want, "HEAD~2");
	CU_ASSERT_EQUAL(sgit_revparse_single(&id, &info, &env, want), 0);
	CU_ASSERT_EQUAL(info.ref.len, 0);
	CU_ASSERT_STRING_EQUAL(sgit_oid_tohex(got, &info.named), want);
	CU_ASSERT_EQUAL(sgit_revparse_single(&id, &info, &env, "ann^{blob}"), SGIT_EINVALID);
	CU_ASSERT_EQUAL(info.ref.len, 0);
	CU_ASSERT(sgit_oid_is_zero(&info.named) && sgit_oid_is_zero(&id));
	CU_ASSERT_EQUAL(sgit_revparse_single(&id, NULL, &env, "side~1"), 0);
	sgit_revparse_info_release(&info);
}

static void test_failures_carry_git_messages(void)
{
	static const struct {
		const char *spec;
		int code;
		const char *msg;
	} cases[] = {
		{ "nope", SGIT_ENOTFOUND,
		  "ambiguous argument 'nope': unknown revision or path not in the working tree" },
		{ "HEAD~9", SGIT_ENOTFOUND,
		  "ambiguous argument 'HEAD~9': unknown revision or path not in the working tree" },
		{ "HEAD:nope", SGIT_ENOTFOUND, "path 'nope' does not exist in 'HEAD'" },
		{ "HEAD^{tree}:dir/x", SGIT_ENOTFOUND, "path 'dir/x' does not exist in 'HEAD^{tree}'" },
		{ "nope:a", SGIT_ENOTFOUND, "invalid object name 'nope'" },
		{ "HEAD^{tag}", SGIT_EINVALID,
		  "HEAD^{tag}: expected tag type, but the object dereferences to tree type" },
		{ "HEAD@{1}", SGIT_EINVALID, "'HEAD@{1}': the @{...} syntax is not supported" },
		{ "@{-1}", SGIT_EINVALID, "'@{-1}': the @{...} syntax is not supported" },
		{ "HEAD^{/x@{1}}", SGIT_ENOTFOUND,
		  "ambiguous argument 'HEAD^{/x@{1}}': unknown revision or path not in the working tree" },
		{ ":a", SGIT_EINVALID, "cannot resolve ':a': there is no index" },
	};
	struct sgit_oid id;
	size_t i;
	int rc;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		sgit_error_clear(&err);
		rc = sgit_revparse_single(&id, NULL, &env, cases[i].spec);
		CU_ASSERT_EQUAL(rc, cases[i].code);
		CU_ASSERT_STRING_EQUAL(err.msg, cases[i].msg);
		if (rc != cases[i].code || strcmp(err.msg, cases[i].msg))
			printf("  '%s': %d '%s'\n", cases[i].spec, rc, err.msg);
	}
	/* outside a work tree, relative paths are refused as git does */
	env.prefix = NULL;
	CU_ASSERT_EQUAL(sgit_revparse_single(&id, NULL, &env, "HEAD:./a"), SGIT_EINVALID);
	CU_ASSERT_STRING_EQUAL(err.msg, "relative path syntax can't be used outside working tree");
	CU_ASSERT_EQUAL(sgit_revparse_single(&id, NULL, &env, "HEAD:a"), 0);
	env.prefix = "";
}

static void test_quiet_drops_only_the_ambiguity_warning(void)
{
	static const char *const specs[] = {
		"dup", "dup~0", "dup^{commit}", "dup:a", "dup^{/first}~1", "tags/dup", "dup^0:a",
	};
	struct sgit_oid id;
	size_t i;

	/* as git -q: the warning stays for what ^N and ~N apply to */
	env.quiet = 1;
	for (i = 0; i < sizeof(specs) / sizeof(specs[0]); i++)
		CU_ASSERT(same_as_git(specs[i], "."));
	env.quiet = 0;

	sgit_buf_reset(&warnings);
	env.quiet = 1;
	CU_ASSERT_EQUAL(sgit_revparse_single(&id, NULL, &env, "dup"), 0);
	CU_ASSERT_EQUAL(warnings.len, 0);
	env.quiet = 0;
	CU_ASSERT_EQUAL(sgit_revparse_single(&id, NULL, &env, "dup"), 0);
	CU_ASSERT_STRING_EQUAL(warnings.ptr, "refname 'dup' is ambiguous.\n");
	env.warn = NULL;
	CU_ASSERT_EQUAL(sgit_revparse_single(&id, NULL, &env, "dup"), 0);
	env.warn = collect;
}

/* A stand-in index: a at stage 0, c.txt in conflict (stages 1 to 3), dir/b at stage 0. */
static int fake_index(struct sgit_oid *out, const char *path, int stage, void *payload)
{
	static const struct {
		const char *path;
		int stage;
		const char *spec;
	} entries[] = {
		{ "a", 0, "HEAD:a" }, { "dir/b", 0, "HEAD:dir/b" },
		{ "c.txt", 1, "HEAD~4:a" }, { "c.txt", 2, "HEAD:a" }, { "c.txt", 3, "HEAD:dir/b" },
	};
	size_t i;

	(void)payload;
	for (i = 0; i < sizeof(entries) / sizeof(entries[0]); i++)
		if (!strcmp(path, entries[i].path) && stage == entries[i].stage) {
			char hex[SGIT_OID_HEXSZ + 1];

			git_id(hex, entries[i].spec);
			return sgit_oid_fromhex(out, hex);
		}
	return SGIT_ENOTFOUND;
}

static void test_index_paths_go_through_the_index_callback(void)
{
	static const struct {
		const char *spec, *want;	/* want: a spec git resolves to the same id, or an error */
		int code;
	} cases[] = {
		{ ":a", "HEAD:a", 0 },
		{ ":0:a", "HEAD:a", 0 },
		{ ":1:c.txt", "HEAD~4:a", 0 },
		{ ":3:c.txt", "HEAD:dir/b", 0 },
		{ ":./dir/b", "HEAD:dir/b", 0 },
		{ ":c.txt", "path 'c.txt' is in the index, but not at stage 0", SGIT_ENOTFOUND },
		{ ":2:a", "path 'a' is in the index, but not at stage 2", SGIT_ENOTFOUND },
		{ ":nope", "path 'nope' does not exist in the index", SGIT_ENOTFOUND },
		{ ":4:a", "path '4:a' does not exist in the index", SGIT_ENOTFOUND },
	};
	char want[SGIT_OID_HEXSZ + 1], got[SGIT_OID_HEXSZ + 1];
	struct sgit_oid id;
	size_t i;
	int rc;

	env.index_lookup = fake_index;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		rc = sgit_revparse_single(&id, NULL, &env, cases[i].spec);
		CU_ASSERT_EQUAL(rc, cases[i].code);
		if (cases[i].code) {
			CU_ASSERT_STRING_EQUAL(err.msg, cases[i].want);
			continue;
		}
		git_id(want, cases[i].want);
		CU_ASSERT_STRING_EQUAL(sgit_oid_tohex(got, &id), want);
	}
	env.index_lookup = NULL;
}

static void test_peel_follows_tags_and_commits(void)
{
	static const struct {
		const char *from;
		enum sgit_object_type want;
		const char *to;		/* a spec git resolves to the expected id, NULL: fails */
	} cases[] = {
		{ "anntag", SGIT_OBJ_NONE, "anntag^{}" }, { "anntag", SGIT_OBJ_TAG, "anntag" },
		{ "anntag", SGIT_OBJ_COMMIT, "ann^{commit}" }, { "anntag", SGIT_OBJ_TREE, "ann^{tree}" },
		{ "HEAD", SGIT_OBJ_NONE, "HEAD" }, { "HEAD", SGIT_OBJ_TREE, "HEAD^{tree}" },
		{ "anntree", SGIT_OBJ_BLOB, NULL }, { "blobtag", SGIT_OBJ_BLOB, "HEAD:a" },
		{ "HEAD", SGIT_OBJ_TAG, NULL },
	};
	char from[SGIT_OID_HEXSZ + 1], want[SGIT_OID_HEXSZ + 1], got[SGIT_OID_HEXSZ + 1];
	struct sgit_oid id, out;
	size_t i;
	int rc;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		git_id(from, cases[i].from);
		CU_ASSERT_EQUAL_FATAL(sgit_oid_fromhex(&id, from), 0);
		rc = sgit_revparse_peel(&out, &env, &id, cases[i].want);
		if (!cases[i].to) {
			CU_ASSERT_EQUAL(rc, SGIT_EINVALID);
			CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "expected"));
			continue;
		}
		git_id(want, cases[i].to);
		CU_ASSERT_EQUAL(rc, 0);
		CU_ASSERT_STRING_EQUAL(sgit_oid_tohex(got, &out), want);
	}
	sgit_oid_fromhex(&id, "1234567890123456789012345678901234567890");
	CU_ASSERT_EQUAL(sgit_revparse_peel(&out, &env, &id, SGIT_OBJ_COMMIT), SGIT_ENOTFOUND);
}

static void test_hostile_specs_fail_without_harm(void)
{
	static const char *const specs[] = {
		"^", "^{", "{}", "^{}", "}", "~~~~", "::", ":0:", ":/!-", "HEAD^{/", "HEAD^{/}}", "@{",
		"HEAD^{{}}", "HEAD^{tree}^{/x}", "a^{commit}}", "HEAD~-1", ":\\", "HEAD^{/(}",
	};
	struct sgit_buf deep = SGIT_BUF_INIT;
	struct sgit_oid id;
	size_t i;

	for (i = 0; i < sizeof(specs) / sizeof(specs[0]); i++)
		CU_ASSERT(same_as_git(specs[i], "."));
	/* a spec that is nothing but suffixes is refused, not followed to the stack's end */
	sgit_buf_sets(&deep, "HEAD");
	for (i = 0; i < 100000; i++)
		sgit_buf_adds(&deep, "^0");
	CU_ASSERT_EQUAL(sgit_revparse_single(&id, NULL, &env, deep.ptr), SGIT_EINVALID);
	sgit_buf_printf(&deep, "HEAD");
	for (i = 0; i < 500; i++)
		sgit_buf_adds(&deep, "^{}");
	CU_ASSERT_EQUAL(sgit_revparse_single(&id, NULL, &env, deep.ptr), 0);
	sgit_buf_release(&deep);
}

static CU_TestInfo revparse_tests[] = {
	{ "every expression of the table resolves as git's with loose refs", test_the_table_resolves_as_git_with_loose_refs },
	{ "every expression resolves as git's after pack-refs --all", test_the_table_resolves_as_git_with_packed_refs },
	{ "rev:./path starts in the current folder", test_relative_paths_start_in_the_current_folder },
	{ "info names the ref and the object before peeling", test_info_names_the_ref_and_the_unpeeled_object },
	{ "failures carry git's messages", test_failures_carry_git_messages },
	{ "quiet drops only the refname ambiguity warning", test_quiet_drops_only_the_ambiguity_warning },
	{ ":path and :N:path go through the index callback", test_index_paths_go_through_the_index_callback },
	{ "peeling follows tags and commits to the wanted type", test_peel_follows_tags_and_commits },
	{ "hostile specs fail without harm", test_hostile_specs_fail_without_harm },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "refs/revparse", .pInitFunc = setup, .pCleanupFunc = teardown, .pTests = revparse_tests },
	CU_SUITE_INFO_NULL,
};
