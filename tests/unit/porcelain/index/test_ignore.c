/*
 * tests/unit/porcelain/index/test_ignore.c: gitignore rules. Every case of the
 * table is also asked of git check-ignore --no-index on the same files, run
 * from the test: git's answer is the expectation, so the table cannot drift.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "unit.h"
#include "sgit/ignore.h"
#include "sgit/repo.h"
#include "porcelain/index/ignore_int.h"
#include "util/fs.h"

/* A rule file: a path in the work tree, ".git/info/exclude", or USER for core.excludesFile. */
#define USER "@user"
struct rule_file {
	const char *path, *text;
};

struct fileset {
	const char *what;
	int icase;
	struct rule_file files[6];
};

static const struct fileset sets[] = {
	{ "patterns of one file", 0, { { ".gitignore",
		"# a comment\n*.o\n!keep.o\n/anchored\nbuild/\ndoc/*.txt\n**/deep\nlogs/**\n"
		"a/**/z\n\\#hash\n\\!bang\ntrail   \nesc\\ \nq?x\n[ab]r\n[!c]d\nfoo//\n" } } },
	{ "nested .gitignore files", 0, {
		{ ".gitignore", "*.log\n!important.log\n/top-only\nsub/fromroot\nnested/\n" },
		{ "a/.gitignore", "!*.log\n*.tmp\n/anch\nb/deeper\n" },
		{ "a/b/.gitignore", "*.log\n!x.tmp\n" } } },
	{ "excluded parents", 0, {
		{ ".gitignore", "dir/\n!dir/keep\nout/*\n!out/keep\n!out/sub/\nstar*\n!stark\n" },
		{ "dir/.gitignore", "!keep2\n" } } },
	{ "info/exclude and core.excludesFile", 0, {
		{ USER, "from-user\nshared\n*.bak\nlast\n" },
		{ ".git/info/exclude", "from-info\n!shared\nalso\n" },
		{ ".gitignore", "!also\nx.bak\n" },
		{ "a/.gitignore", "!from-user\n" } } },
	{ "core.ignoreCase", 1, { { ".gitignore", "*.O\nBuild/\n/Top\nMixed/Path\n!KEEP.o\n" } } },
	{ "blanks, escapes and line ends", 0, { { ".gitignore",
		"\xef\xbb\xbf" "bom\ncrlf\r\n\n   \nsp  \ntwo\\ \\ \ntab\t\nback\\\\slash\n"
		"end\\\n\\ lead\n#not\n \\#x\nlast-no-newline" } } },
	{ "double stars and anchors", 0, { { ".gitignore",
		"**/foo\nabc/**\nm/**/n\npre**/post\n/lead/**/tail/\n*/mid\n**/d1/**/d2\n" } } },
	{ "brackets and classes", 0, { { ".gitignore",
		"[[:digit:]]*.dat\nfile[0-9]\n[!x]y\n\\[lit]\nr[a-c-]\n*[[:upper:]]\n" } } },
};
#define NSETS (sizeof(sets) / sizeof(sets[0]))

struct ign_case {
	int set;
	const char *path;
	int is_dir;
};

static const struct ign_case cases[] = {
	{ 0, "x.o", 0 }, { 0, "sub/x.o", 0 }, { 0, "X.O", 0 }, { 0, "keep.o", 0 }, { 0, "sub/keep.o", 0 },
	{ 0, "anchored", 0 }, { 0, "sub/anchored", 0 }, { 0, "build", 1 }, { 0, "sub/build", 0 },
	{ 0, "sub/build/x", 0 }, { 0, "doc/a.txt", 0 }, { 0, "doc/x/a.txt", 0 }, { 0, "sub/doc/a.txt", 0 },
	{ 0, "deep", 0 }, { 0, "x/deep", 0 }, { 0, "x/y/deep", 0 }, { 0, "logs", 1 }, { 0, "logs/a", 0 },
	{ 0, "logs/a/b", 0 }, { 0, "a/z", 0 }, { 0, "a/b/z", 0 }, { 0, "a/b/c/z", 0 }, { 0, "b/a/z", 0 },
	{ 0, "#hash", 0 }, { 0, "!bang", 0 }, { 0, "trail", 0 }, { 0, "trail ", 0 }, { 0, "esc ", 0 },
	{ 0, "esc", 0 }, { 0, "qax", 0 }, { 0, "q/x", 0 }, { 0, "qx", 0 }, { 0, "ar", 0 }, { 0, "br", 0 },
	{ 0, "cr", 0 }, { 0, "dd", 0 }, { 0, "cd", 0 }, { 0, "foo", 1 }, { 0, "foo/", 1 }, { 0, "build/", 1 },
	{ 1, "x.log", 0 }, { 1, "important.log", 0 }, { 1, "a/x.log", 0 }, { 1, "a/b/x.log", 0 },
	{ 1, "a/b/c/x.log", 0 }, { 1, "a/c/important.log", 0 }, { 1, "a/x.tmp", 0 }, { 1, "a/b/x.tmp", 0 },
	{ 1, "a/b/y.tmp", 0 }, { 1, "a/anch", 0 }, { 1, "a/c/anch", 0 }, { 1, "anch", 0 },
	{ 1, "a/b/deeper", 0 }, { 1, "b/deeper", 0 }, { 1, "a/c/b/deeper", 0 }, { 1, "top-only", 0 },
	{ 1, "a/top-only", 0 }, { 1, "sub/fromroot", 0 }, { 1, "a/sub/fromroot", 0 }, { 1, "nested", 1 },
	{ 1, "a/nested", 1 }, { 1, "a/nested/x.tmp", 0 }, { 1, "a/b", 1 },
	{ 2, "dir/keep", 0 }, { 2, "dir/keep2", 0 }, { 2, "dir/x/keep", 0 }, { 2, "dir", 1 },
	{ 2, "out/keep", 0 }, { 2, "out/other", 0 }, { 2, "out/sub", 1 }, { 2, "out/sub/f", 0 },
	{ 2, "out/other/f", 0 }, { 2, "out", 1 }, { 2, "stark", 0 }, { 2, "starx", 0 },
	{ 2, "starfish/stark", 0 }, { 2, "x/stark", 0 }, { 2, "x/starfish/y", 0 },
	{ 3, "from-user", 0 }, { 3, "shared", 0 }, { 3, "also", 0 }, { 3, "y.bak", 0 }, { 3, "x.bak", 0 },
	{ 3, "from-info", 0 }, { 3, "a/from-user", 0 }, { 3, "a/from-info", 0 }, { 3, "a/shared", 0 },
	{ 3, "last", 0 }, { 3, "none", 0 },
	{ 4, "x.o", 0 }, { 4, "x.O", 0 }, { 4, "keep.o", 0 }, { 4, "build", 1 }, { 4, "BUILD/f", 0 },
	{ 4, "TOP", 0 }, { 4, "sub/top", 0 }, { 4, "mixed/path", 0 }, { 4, "MIXED/PATH", 0 },
	{ 5, "bom", 0 }, { 5, "crlf", 0 }, { 5, "sp", 0 }, { 5, "sp ", 0 }, { 5, "two  ", 0 },
	{ 5, "two", 0 }, { 5, "tab\t", 0 }, { 5, "tab", 0 }, { 5, "back\\slash", 0 }, { 5, "end\\", 0 },
	{ 5, "end", 0 }, { 5, " lead", 0 }, { 5, "#not", 0 }, { 5, " #x", 0 }, { 5, "last-no-newline", 0 },
	{ 5, "emptydir/", 1 }, { 5, "x/bom", 0 },
	{ 6, "foo", 0 }, { 6, "x/foo", 0 }, { 6, "x/y/foo", 0 }, { 6, "abc", 0 }, { 6, "abc/x", 0 },
	{ 6, "abc/x/y", 0 }, { 6, "m/n", 0 }, { 6, "m/x/n", 0 }, { 6, "m/x/y/n", 0 }, { 6, "x/m/n", 0 },
	{ 6, "prefoo/post", 0 }, { 6, "prefoo/bar/post", 0 }, { 6, "pre/post", 0 }, { 6, "lead/tail", 1 },
	{ 6, "lead/x/tail", 1 }, { 6, "lead/y/tail", 0 }, { 6, "a/mid", 0 }, { 6, "b/a/mid", 0 },
	{ 6, "d1/d2", 0 }, { 6, "x/d1/y/z/d2", 0 }, { 6, "d1/x", 0 },
	{ 7, "1a.dat", 0 }, { 7, "a1.dat", 0 }, { 7, "file7", 0 }, { 7, "fileX", 0 }, { 7, "ay", 0 },
	{ 7, "xy", 0 }, { 7, "[lit]", 0 }, { 7, "l", 0 }, { 7, "r-", 0 }, { 7, "rb", 0 }, { 7, "rd", 0 },
	{ 7, "lowerU", 0 }, { 7, "lower", 0 },
};
#define NCASES (sizeof(cases) / sizeof(cases[0]))

/* What git answered for one path: all empty when no pattern matched. */
struct answer {
	char source[512], line[16], pattern[256], path[256];
};

static char root[1024];

static void put_file(const char *dir, const char *path, const char *text)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	char full[4096];

	snprintf(full, sizeof(full), "%s/%s", dir, path);
	CU_ASSERT_EQUAL(sgit_fs_mkdir_parent(full, &err), 0);
	CU_ASSERT_EQUAL(sgit_fs_write_atomic(full, text, strlen(text), 0644, &err), 0);
}

/* Run sh -c cmd with an environment git cannot take anything else from. */
static int run(const char *cmd)
{
	char full[16384];

	snprintf(full, sizeof(full),
		 "unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE GIT_CONFIG_PARAMETERS GIT_CONFIG_GLOBAL "
		 "XDG_CONFIG_HOME; HOME='%s' GIT_CONFIG_NOSYSTEM=1 LC_ALL=C; export HOME "
		 "GIT_CONFIG_NOSYSTEM LC_ALL; %s", root, cmd);
	return system(full);
}

/* Folders a case asks about as folders exist, so that git sees them as folders too. */
static void make_case_dirs(const char *dir, int set)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	char full[4096];
	size_t i;

	for (i = 0; i < NCASES; i++) {
		if (cases[i].set != set || !cases[i].is_dir)
			continue;
		snprintf(full, sizeof(full), "%s/%s", dir, cases[i].path);
		CU_ASSERT_EQUAL(sgit_fs_mkdir_p(full, &err), 0);
	}
	/* git would see a folder where the table says file */
	for (i = 0; i < NCASES; i++) {
		if (cases[i].set != set || cases[i].is_dir)
			continue;
		snprintf(full, sizeof(full), "%s/%s", dir, cases[i].path);
		if (sgit_fs_is_dir(full)) {
			CU_FAIL("a file case names a folder");
			fprintf(stderr, "\ntable: '%s' is a folder in set %d\n", cases[i].path, set);
		}
	}
}

/* Read git's -z -v -n output: four NUL-terminated fields a path. */
static size_t read_answers(struct answer *out, size_t max, const char *file)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf data = SGIT_BUF_INIT;
	const char *p, *end;
	size_t n = 0;

	if (sgit_fs_read_file(&data, file, &err) < 0)
		return 0;
	for (p = data.ptr, end = data.ptr + data.len; p < end && n < max; n++) {
		char *fields[4] = { out[n].source, out[n].line, out[n].pattern, out[n].path };
		size_t sizes[4] = { sizeof(out[n].source), sizeof(out[n].line), sizeof(out[n].pattern),
				    sizeof(out[n].path) }, f;

		for (f = 0; f < 4 && p < end; f++) {
			snprintf(fields[f], sizes[f], "%s", p);
			p += strlen(p) + 1;
		}
	}
	sgit_buf_release(&data);
	return n;
}

/* Set up set s in <root>/set<s> and have git answer its cases into answers (in table order). */
static size_t ask_git(struct answer *answers, int s, char *dir, size_t dirsz, char *user, size_t usersz)
{
	char cmd[9000], list[2048], out[2048];
	FILE *f;
	size_t i;

	snprintf(dir, dirsz, "%s/set%d", root, s);
	snprintf(user, usersz, "%s/set%d.user-ignore", root, s);
	snprintf(cmd, sizeof(cmd), "git init -q '%s'", dir);
	CU_ASSERT_EQUAL(run(cmd), 0);
	for (i = 0; i < 6 && sets[s].files[i].path; i++) {
		if (!strcmp(sets[s].files[i].path, USER))
			put_file(root, strrchr(user, '/') + 1, sets[s].files[i].text);
		else
			put_file(dir, sets[s].files[i].path, sets[s].files[i].text);
	}
	make_case_dirs(dir, s);
	snprintf(list, sizeof(list), "%s/set%d.list", root, s);
	snprintf(out, sizeof(out), "%s/set%d.out", root, s);
	if (!(f = fopen(list, "w")))
		return 0;
	for (i = 0; i < NCASES; i++)
		if (cases[i].set == s)
			fwrite(cases[i].path, 1, strlen(cases[i].path) + 1, f);
	fclose(f);
	snprintf(cmd, sizeof(cmd), "cd '%s' && git -c core.excludesFile='%s' -c core.ignoreCase=%s "
		 "check-ignore --no-index -v -n -z --stdin <'%s' >'%s'; test $? -lt 2", dir, user,
		 sets[s].icase ? "true" : "false", list, out);
	CU_ASSERT_EQUAL(run(cmd), 0);
	return read_answers(answers, NCASES, out);
}

static int same_answer(const struct answer *git, const struct sgit_ignore_match *m)
{
	char line[16];

	if (!m->verdict)
		return !git->source[0];
	snprintf(line, sizeof(line), "%d", m->line);
	return !strcmp(git->source, m->source) && !strcmp(git->line, line) &&
	       !strcmp(git->pattern, m->pattern) &&
	       (m->verdict == SGIT_IGNORE_INCLUDED) == (m->pattern[0] == '!');
}

static void check_set(int s, struct answer *answers)
{
	struct sgit_ignore_options opts = SGIT_IGNORE_OPTIONS_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	char dir[2048], user[2048], info[2100];
	struct sgit_ignore *ign = NULL;
	struct sgit_ignore_match m;
	size_t i, k = 0, n = ask_git(answers, s, dir, sizeof(dir), user, sizeof(user));

	snprintf(info, sizeof(info), "%s/.git/info/exclude", dir);
	opts.work_tree = dir;
	opts.info_exclude = info;
	opts.info_exclude_name = ".git/info/exclude";
	opts.excludes_file = user;
	opts.ignore_case = sets[s].icase;
	CU_ASSERT_EQUAL_FATAL(sgit_ignore_new(&ign, &opts, &err), 0);
	for (i = 0; i < NCASES; i++) {
		if (cases[i].set != s)
			continue;
		CU_ASSERT_EQUAL(sgit_ignore_check(&m, ign, cases[i].path, cases[i].is_dir), 0);
		CU_ASSERT(k < n);
		if (k < n && same_answer(&answers[k], &m)) {
			CU_PASS("agrees with git");
		} else {
			CU_FAIL("differs from git");
			fprintf(stderr, "\n%s: '%s'%s: git '%s:%s:%s', sgit '%s:%d:%s'\n", sets[s].what,
				cases[i].path, cases[i].is_dir ? " (folder)" : "",
				k < n ? answers[k].source : "?", k < n ? answers[k].line : "?",
				k < n ? answers[k].pattern : "?", m.source ? m.source : "", m.line,
				m.pattern ? m.pattern : "");
		}
		k++;
	}
	sgit_ignore_free(ign);
}

static int setup(void)
{
	char real[PATH_MAX];

	if (!realpath(unit_tmpdir(), real) || strlen(real) >= sizeof(root))
		return 1;
	memcpy(root, real, strlen(real) + 1);
	return 0;
}

static void test_every_case_agrees_with_git(void)
{
	struct answer *answers = calloc(NCASES, sizeof(*answers));
	size_t s;

	CU_ASSERT_FATAL(answers != NULL);
	for (s = 0; s < NSETS; s++)
		check_set((int)s, answers);
	free(answers);
}

/* A matcher over dir with only its .gitignore files. */
static struct sgit_ignore *plain_matcher(const char *dir, struct sgit_error *err,
					 sgit_ignore_warn_fn warn, void *payload)
{
	struct sgit_ignore_options opts = SGIT_IGNORE_OPTIONS_INIT;
	struct sgit_ignore *ign = NULL;

	opts.work_tree = dir;
	opts.warn = warn;
	opts.warn_payload = payload;
	CU_ASSERT_EQUAL(sgit_ignore_new(&ign, &opts, err), 0);
	return ign;
}

static void test_a_folder_file_is_read_once_per_visit(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	char dir[2048];
	struct sgit_ignore *ign;

	snprintf(dir, sizeof(dir), "%s/once", root);
	put_file(dir, "a/.gitignore", "one\n");
	put_file(dir, "b/.gitignore", "\n");
	if (!(ign = plain_matcher(dir, &err, NULL, NULL)))
		return;
	CU_ASSERT_EQUAL(sgit_ignore_is_ignored(ign, "a/one", 0), 1);
	/* changed while the walk is in a/: the copy read on the way in still holds */
	put_file(dir, "a/.gitignore", "two\n");
	CU_ASSERT_EQUAL(sgit_ignore_is_ignored(ign, "a/one", 0), 1);
	CU_ASSERT_EQUAL(sgit_ignore_is_ignored(ign, "a/c/one", 0), 1);
	CU_ASSERT_EQUAL(sgit_ignore_is_ignored(ign, "a/two", 0), 0);
	/* leaving a/ drops it; coming back reads it again */
	CU_ASSERT_EQUAL(sgit_ignore_is_ignored(ign, "b/one", 0), 0);
	CU_ASSERT_EQUAL(sgit_ignore_is_ignored(ign, "a/two", 0), 1);
	CU_ASSERT_EQUAL(sgit_ignore_is_ignored(ign, "a/one", 0), 0);
	sgit_ignore_free(ign);
}

static void collect_warning(const char *msg, void *payload)
{
	snprintf(payload, 256, "%s", msg);
}

static void test_a_symlinked_gitignore_is_not_followed(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	char dir[2048], target[2048], link_path[4096], warning[256] = "";
	struct sgit_ignore *ign;

	snprintf(dir, sizeof(dir), "%s/symlink", root);
	put_file(dir, "s/keep", "");
	put_file(root, "outside-rules", "q\n");
	snprintf(target, sizeof(target), "%s/outside-rules", root);
	snprintf(link_path, sizeof(link_path), "%s/s/.gitignore", dir);
	CU_ASSERT_EQUAL(symlink(target, link_path), 0);
	if (!(ign = plain_matcher(dir, &err, collect_warning, warning)))
		return;
	CU_ASSERT_EQUAL(sgit_ignore_is_ignored(ign, "s/q", 0), 0);
	CU_ASSERT_STRING_EQUAL(warning, "unable to access 's/.gitignore': Too many levels of symbolic links");
	sgit_ignore_free(ign);
}

static const char *fake_env(const char *name)
{
	static char home[1100];

	snprintf(home, sizeof(home), "%s/home", root);
	if (!strcmp(name, "HOME"))
		return home;
	if (!strcmp(name, "GIT_CONFIG_NOSYSTEM"))
		return "1";
	return NULL;
}

static void test_a_repository_matcher_uses_git_defaults(void)
{
	struct sgit_repo_options o = SGIT_REPO_OPTIONS_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_repo *repo = NULL;
	struct sgit_ignore *ign = NULL;
	struct sgit_ignore_match m;
	char dir[2048], cmd[2100], xdg[2100];

	snprintf(dir, sizeof(dir), "%s/repo", root);
	snprintf(cmd, sizeof(cmd), "git init -q '%s'", dir);
	CU_ASSERT_EQUAL_FATAL(run(cmd), 0);
	snprintf(xdg, sizeof(xdg), "%s/home/.config/git/ignore", root);
	put_file(root, "home/.config/git/ignore", "from-xdg\n");
	put_file(dir, ".git/info/exclude", "from-info\n");
	o.start_dir = dir;
	o.getenv = fake_env;
	CU_ASSERT_EQUAL_FATAL(sgit_repo_open(&repo, &o, &err), 0);
	CU_ASSERT_EQUAL(sgit_ignore_new_for_repo(&ign, repo, NULL, NULL), 0);
	if (ign) {
		CU_ASSERT_EQUAL(sgit_ignore_check(&m, ign, "from-xdg", 0), 0);
		CU_ASSERT_STRING_EQUAL(m.source ? m.source : "", xdg);
		CU_ASSERT_EQUAL(sgit_ignore_check(&m, ign, "x/from-info", 0), 0);
		CU_ASSERT_STRING_EQUAL(m.source ? m.source : "", ".git/info/exclude");
		CU_ASSERT_EQUAL(m.line, 1);
	}
	sgit_ignore_free(ign);
	sgit_repo_free(repo);
}

static void test_random_bytes_never_crash_the_parser(void)
{
	char data[512];
	unsigned seed = 12345;
	int round;
	size_t i;

	for (round = 0; round < 200; round++) {
		struct ign_list *l = ign_list_new("fuzz");
		size_t len = (size_t)round * 2 + 1;

		if (!l)
			return;
		for (i = 0; i < len; i++) {
			seed = seed * 1103515245u + 12345u;
			data[i] = "ab*?[]!/\\\n\r #\0x"[(seed >> 16) % 16];
		}
		CU_ASSERT_EQUAL(ign_list_parse(l, data, len), 0);
		for (i = 0; i < l->nr; i++)
			CU_ASSERT(l->v[i].len <= strlen(l->v[i].shown));
		ign_list_free(l);
	}
}

static CU_TestInfo ignore_tests[] = {
	{ "every case of the table gets git check-ignore's answer", test_every_case_agrees_with_git },
	{ "a folder's .gitignore is read once while queries stay below it",
	  test_a_folder_file_is_read_once_per_visit },
	{ "a .gitignore that is a symbolic link is not followed, with git's warning",
	  test_a_symlinked_gitignore_is_not_followed },
	{ "a repository's matcher takes info/exclude and the XDG ignore file as git does",
	  test_a_repository_matcher_uses_git_defaults },
	{ "random bytes in a rule file never crash the parser", test_random_bytes_never_crash_the_parser },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "ignore rules", .pInitFunc = setup, .pTests = ignore_tests },
	CU_SUITE_INFO_NULL,
};
