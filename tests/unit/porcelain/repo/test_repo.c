/* tests/unit/porcelain/repo/test_repo.c: discovery, configuration precedence and init, against real git */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "unit.h"
#include "sgit/repo.h"
#include "util/fs.h"

/* ---- fixture: a pinned environment, scratch folders, and real git run through sh ---- */

#define NENV 32
static struct {
	char name[64];
	char value[1024];
	int set;
} env_table[NENV];
static char root[1024];	/* the real path of unit_tmpdir() */

static const char *test_getenv(const char *name)
{
	size_t i;

	for (i = 0; i < NENV; i++)
		if (env_table[i].set && !strcmp(env_table[i].name, name))
			return env_table[i].value;
	return NULL;
}

/* Set (value != NULL) or unset name in the table the library reads. */
static void env_set(const char *name, const char *value)
{
	size_t i, slot = NENV;

	for (i = 0; i < NENV; i++) {
		if (env_table[i].set && !strcmp(env_table[i].name, name))
			slot = i;
		else if (!env_table[i].set && slot == NENV)
			slot = i;
	}
	CU_ASSERT_FATAL(slot < NENV);
	env_table[slot].set = value != NULL;
	snprintf(env_table[slot].name, sizeof(env_table[slot].name), "%s", name);
	snprintf(env_table[slot].value, sizeof(env_table[slot].value), "%s", value ? value : "");
}

static void env_setf(const char *name, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void env_setf(const char *name, const char *fmt, ...)
{
	char value[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(value, sizeof(value), fmt, ap);
	va_end(ap);
	env_set(name, value);
}

/* Run a shell command with real git kept away from the real HOME and system config. */
static int sh(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int sh(const char *fmt, ...)
{
	char cmd[8192];
	int n, rc;
	va_list ap;

	n = snprintf(cmd, sizeof(cmd),
		     "unset GIT_DIR GIT_WORK_TREE GIT_CONFIG_PARAMETERS GIT_CONFIG_COUNT GIT_CONFIG_GLOBAL "
		     "GIT_CEILING_DIRECTORIES XDG_CONFIG_HOME GIT_OBJECT_DIRECTORY "
		     "GIT_ALTERNATE_OBJECT_DIRECTORIES GIT_CONFIG_SYSTEM; "
		     "export HOME='%s/home' GIT_CONFIG_NOSYSTEM=1 LC_ALL=C "
		     "GIT_AUTHOR_NAME=A GIT_AUTHOR_EMAIL=a@example.com "
		     "GIT_COMMITTER_NAME=C GIT_COMMITTER_EMAIL=c@example.com; ", root);
	va_start(ap, fmt);
	vsnprintf(cmd + n, sizeof(cmd) - (size_t)n, fmt, ap);
	va_end(ap);
	rc = system(cmd);
	return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

/* out = "<root>/<name>", emptied and created; HOME and the environment table reset. */
static void fresh(char *out, size_t size, const char *name)
{
	memset(env_table, 0, sizeof(env_table));
	snprintf(out, size, "%s/%s", root, name);
	CU_ASSERT_EQUAL(sh("rm -rf '%s' && mkdir -p '%s' '%s/home'", out, out, root), 0);
	env_setf("HOME", "%s/home", root);
	env_set("GIT_CONFIG_NOSYSTEM", "1");
	env_set("GIT_CEILING_DIRECTORIES", root);	/* never find a repository above the scratch area */
}

static int open_at(struct sgit_repo **repo, const char *start, struct sgit_error *err)
{
	struct sgit_repo_options o = SGIT_REPO_OPTIONS_INIT;

	o.start_dir = start;
	o.getenv = test_getenv;
	sgit_error_clear(err);
	return sgit_repo_open(repo, &o, err);
}

static void write_text(const char *path, const char *text)
{
	struct sgit_error err = SGIT_ERROR_INIT;

	CU_ASSERT_EQUAL(sgit_fs_mkdir_parent(path, &err), 0);
	CU_ASSERT_EQUAL(sgit_fs_write_atomic(path, text, strlen(text), 0, &err), 0);
}

static int setup_suite(void)
{
	char *real = realpath(unit_tmpdir(), NULL);
	int n = real ? snprintf(root, sizeof(root), "%s", real) : -1;

	free(real);
	return n > 0 && (size_t)n < sizeof(root) ? 0 : 1;
}

/* ---- discovery ---- */

static void test_discovery_from_a_subfolder_finds_the_top_and_the_prefix(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_repo *repo = NULL;
	char dir[PATH_MAX], sub[PATH_MAX + 16], want[PATH_MAX + 16];

	fresh(dir, sizeof(dir), "sub");
	CU_ASSERT_EQUAL(sh("git init -q '%s' && mkdir -p '%s/a/b'", dir, dir), 0);
	snprintf(sub, sizeof(sub), "%s/a/b", dir);
	CU_ASSERT_EQUAL(open_at(&repo, sub, &err), 0);
	if (repo) {
		snprintf(want, sizeof(want), "%s/.git", dir);
		CU_ASSERT_STRING_EQUAL(sgit_repo_git_dir(repo), want);
		CU_ASSERT_STRING_EQUAL(sgit_repo_common_dir(repo), want);
		CU_ASSERT_STRING_EQUAL(sgit_repo_work_tree(repo), dir);
		CU_ASSERT_STRING_EQUAL(sgit_repo_prefix(repo), "a/b/");
		CU_ASSERT_FALSE(sgit_repo_is_bare(repo));
		CU_ASSERT_TRUE(sgit_repo_inside_work_tree(repo));
		CU_ASSERT_PTR_NOT_NULL(sgit_repo_odb(repo));
		CU_ASSERT_PTR_NOT_NULL(sgit_repo_config(repo));
		CU_ASSERT_PTR_NOT_NULL(sgit_repo_error(repo));
		CU_ASSERT_STRING_EQUAL(sgit_repo_getenv(repo, "GIT_CONFIG_NOSYSTEM"), "1");
	}
	sgit_repo_free(repo);
}

static void test_discovery_at_the_top_has_an_empty_prefix(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_repo *repo = NULL;
	char dir[PATH_MAX];

	fresh(dir, sizeof(dir), "top");
	CU_ASSERT_EQUAL(sh("git init -q '%s'", dir), 0);
	CU_ASSERT_EQUAL(open_at(&repo, dir, &err), 0);
	if (repo) {
		CU_ASSERT_STRING_EQUAL(sgit_repo_work_tree(repo), dir);
		CU_ASSERT_STRING_EQUAL(sgit_repo_prefix(repo), "");
	}
	sgit_repo_free(repo);
}

static void test_a_gitfile_with_a_relative_path_names_the_git_dir(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_repo *repo = NULL;
	char dir[PATH_MAX], path[PATH_MAX + 32], want[PATH_MAX + 32];

	fresh(dir, sizeof(dir), "gitfile");
	CU_ASSERT_EQUAL(sh("cd '%s' && git init -q --bare store.git && mkdir -p wt/x", dir), 0);
	snprintf(path, sizeof(path), "%s/wt/.git", dir);
	write_text(path, "gitdir: ../store.git\n");
	snprintf(path, sizeof(path), "%s/wt/x", dir);
	CU_ASSERT_EQUAL(open_at(&repo, path, &err), 0);
	if (repo) {
		snprintf(want, sizeof(want), "%s/store.git", dir);
		CU_ASSERT_STRING_EQUAL(sgit_repo_git_dir(repo), want);
		snprintf(want, sizeof(want), "%s/wt", dir);
		/* core.bare = true in store.git: a discovered gitfile still follows it, as git does */
		CU_ASSERT_PTR_NULL(sgit_repo_work_tree(repo));
	}
	sgit_repo_free(repo);
	CU_ASSERT_EQUAL(sh("git --git-dir='%s/store.git' config core.bare false", dir), 0);
	CU_ASSERT_EQUAL(open_at(&repo, path, &err), 0);
	if (repo) {
		CU_ASSERT_STRING_EQUAL(sgit_repo_work_tree(repo), want);
		CU_ASSERT_STRING_EQUAL(sgit_repo_prefix(repo), "x/");
	}
	sgit_repo_free(repo);
}

static void test_a_linked_worktree_has_its_own_git_dir_and_a_common_dir(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_repo *repo = NULL;
	char dir[PATH_MAX], path[PATH_MAX + 32], want[PATH_MAX + 32];

	fresh(dir, sizeof(dir), "linked");
	CU_ASSERT_EQUAL(sh("cd '%s' && git init -q main && git -C main commit -q --allow-empty -m one && "
			   "git -C main worktree add -q ../wt 2>/dev/null", dir), 0);
	snprintf(path, sizeof(path), "%s/wt", dir);
	CU_ASSERT_EQUAL(open_at(&repo, path, &err), 0);
	if (repo) {
		snprintf(want, sizeof(want), "%s/main/.git/worktrees/wt", dir);
		CU_ASSERT_STRING_EQUAL(sgit_repo_git_dir(repo), want);
		snprintf(want, sizeof(want), "%s/main/.git", dir);
		CU_ASSERT_STRING_EQUAL(sgit_repo_common_dir(repo), want);
		CU_ASSERT_STRING_EQUAL(sgit_repo_work_tree(repo), path);
		CU_ASSERT_FALSE(sgit_repo_is_bare(repo));
	}
	sgit_repo_free(repo);
}

static void test_a_bare_repository_is_found_from_inside_it(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_repo *repo = NULL;
	char dir[PATH_MAX], path[PATH_MAX + 32];

	fresh(dir, sizeof(dir), "bare.git");
	CU_ASSERT_EQUAL(sh("git init -q --bare '%s'", dir), 0);
	snprintf(path, sizeof(path), "%s/refs/heads", dir);
	CU_ASSERT_EQUAL(open_at(&repo, path, &err), 0);
	if (repo) {
		CU_ASSERT_STRING_EQUAL(sgit_repo_git_dir(repo), dir);
		CU_ASSERT_PTR_NULL(sgit_repo_work_tree(repo));
		CU_ASSERT_TRUE(sgit_repo_is_bare(repo));
		CU_ASSERT_FALSE(sgit_repo_inside_work_tree(repo));
		CU_ASSERT_STRING_EQUAL(sgit_repo_prefix(repo), "");
	}
	sgit_repo_free(repo);
}

static void test_inside_dot_git_there_is_no_work_tree_but_it_is_not_bare(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_repo *repo = NULL;
	char dir[PATH_MAX], path[PATH_MAX + 32];

	fresh(dir, sizeof(dir), "in-dotgit");
	CU_ASSERT_EQUAL(sh("git init -q '%s'", dir), 0);
	snprintf(path, sizeof(path), "%s/.git/objects", dir);
	CU_ASSERT_EQUAL(open_at(&repo, path, &err), 0);
	if (repo) {
		CU_ASSERT_PTR_NULL(sgit_repo_work_tree(repo));
		CU_ASSERT_FALSE(sgit_repo_is_bare(repo));	/* git rev-parse --is-bare-repository: false */
	}
	sgit_repo_free(repo);
}

static void test_git_dir_from_the_environment_makes_the_current_folder_the_work_tree(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_repo *repo = NULL;
	char dir[PATH_MAX], sub[PATH_MAX + 32], want[PATH_MAX + 32];

	fresh(dir, sizeof(dir), "gitdir-env");
	CU_ASSERT_EQUAL(sh("git init -q '%s' && mkdir -p '%s/d'", dir, dir), 0);
	snprintf(sub, sizeof(sub), "%s/d", dir);
	snprintf(want, sizeof(want), "%s/.git", dir);
	env_set("GIT_DIR", "../.git");	/* relative to the current folder */
	CU_ASSERT_EQUAL(open_at(&repo, sub, &err), 0);
	if (repo) {
		CU_ASSERT_STRING_EQUAL(sgit_repo_git_dir(repo), want);
		CU_ASSERT_STRING_EQUAL(sgit_repo_work_tree(repo), sub);
		CU_ASSERT_STRING_EQUAL(sgit_repo_prefix(repo), "");
	}
	sgit_repo_free(repo);
	env_set("GIT_WORK_TREE", "..");
	CU_ASSERT_EQUAL(open_at(&repo, sub, &err), 0);
	if (repo) {
		CU_ASSERT_STRING_EQUAL(sgit_repo_work_tree(repo), dir);
		CU_ASSERT_STRING_EQUAL(sgit_repo_prefix(repo), "d/");
	}
	sgit_repo_free(repo);
	env_set("GIT_WORK_TREE", "/nonexistent/wt");	/* git accepts one that does not exist */
	CU_ASSERT_EQUAL(open_at(&repo, sub, &err), 0);
	if (repo) {
		CU_ASSERT_STRING_EQUAL(sgit_repo_work_tree(repo), "/nonexistent/wt");
		CU_ASSERT_FALSE(sgit_repo_inside_work_tree(repo));
	}
	sgit_repo_free(repo);
}

static void test_core_worktree_is_relative_to_the_git_dir(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_repo *repo = NULL;
	char dir[PATH_MAX], path[PATH_MAX + 32];

	fresh(dir, sizeof(dir), "core-worktree");
	CU_ASSERT_EQUAL(sh("cd '%s' && git init -q r && mkdir -p elsewhere/in && "
			   "git -C r config core.worktree ../../elsewhere", dir), 0);
	snprintf(path, sizeof(path), "%s/r", dir);
	CU_ASSERT_EQUAL(open_at(&repo, path, &err), 0);
	snprintf(path, sizeof(path), "%s/elsewhere", dir);
	if (repo)
		CU_ASSERT_STRING_EQUAL(sgit_repo_work_tree(repo), path);
	sgit_repo_free(repo);
}

static void test_ceiling_directories_stop_the_walk(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_repo *repo = NULL;
	char dir[PATH_MAX], a[PATH_MAX + 32], b[PATH_MAX + 32];

	fresh(dir, sizeof(dir), "ceiling");
	CU_ASSERT_EQUAL(sh("git init -q '%s' && mkdir -p '%s/a/b'", dir, dir), 0);
	snprintf(a, sizeof(a), "%s/a", dir);
	snprintf(b, sizeof(b), "%s/a/b", dir);
	env_setf("GIT_CEILING_DIRECTORIES", "relative/ignored:%s", a);
	CU_ASSERT_EQUAL(open_at(&repo, b, &err), SGIT_ENOTREPO);
	CU_ASSERT_PTR_NULL(repo);
	/* the ceiling itself is searched when the walk starts there, and so is the top of the repo */
	CU_ASSERT_EQUAL(open_at(&repo, a, &err), 0);
	sgit_repo_free(repo);
	env_setf("GIT_CEILING_DIRECTORIES", "%s", dir);
	CU_ASSERT_EQUAL(open_at(&repo, a, &err), SGIT_ENOTREPO);
	CU_ASSERT_EQUAL(sh("cd '%s' && GIT_CEILING_DIRECTORIES='%s' git rev-parse 2>/dev/null", a, dir), 128);
	CU_ASSERT_EQUAL(open_at(&repo, dir, &err), 0);
	sgit_repo_free(repo);
}

static void test_no_repository_gives_gits_message(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_repo *repo = NULL;
	char dir[PATH_MAX];

	fresh(dir, sizeof(dir), "none/deeper");
	CU_ASSERT_EQUAL(open_at(&repo, dir, &err), SGIT_ENOTREPO);
	CU_ASSERT_STRING_EQUAL(err.msg, "not a git repository (or any of the parent directories): .git");
	env_set("GIT_DIR", dir);
	CU_ASSERT_EQUAL(open_at(&repo, dir, &err), SGIT_ENOTREPO);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "not a git repository: '"));
	env_set("GIT_DIR", "nothere");
	CU_ASSERT_EQUAL(open_at(&repo, dir, &err), SGIT_ENOTREPO);
	CU_ASSERT_STRING_EQUAL(err.msg, "not a git repository: 'nothere'");
	CU_ASSERT_PTR_NULL(repo);
}

static void test_the_walk_stops_at_a_filesystem_boundary(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_repo *repo = NULL;
	struct stat shm, dev;
	char dir[64];

	/* /dev/shm is a tmpfs inside /dev wherever it exists; elsewhere there is nothing to test */
	if (stat("/dev/shm", &shm) < 0 || stat("/dev", &dev) < 0 || shm.st_dev == dev.st_dev ||
	    access("/dev/shm", W_OK) < 0)
		return;
	memset(env_table, 0, sizeof(env_table));
	snprintf(dir, sizeof(dir), "/dev/shm/sgit-unit-%ld/x", (long)getpid());
	CU_ASSERT_EQUAL(sh("mkdir -p '%s'", dir), 0);
	CU_ASSERT_EQUAL(open_at(&repo, dir, &err), SGIT_ENOTREPO);
	CU_ASSERT_STRING_EQUAL(err.msg, "not a git repository (or any parent up to mount point /dev)\n"
			       "Stopping at filesystem boundary (GIT_DISCOVERY_ACROSS_FILESYSTEM not set).");
	env_set("GIT_DISCOVERY_ACROSS_FILESYSTEM", "true");
	CU_ASSERT_EQUAL(open_at(&repo, dir, &err), SGIT_ENOTREPO);
	CU_ASSERT_STRING_EQUAL(err.msg, "not a git repository (or any of the parent directories): .git");
	sh("rm -rf '/dev/shm/sgit-unit-%ld'", (long)getpid());
}

static void test_a_broken_gitfile_is_an_error_not_a_reason_to_walk_on(void)
{
	static const struct {
		const char *content;
		const char *message;	/* after "<dir>/" */
	} cases[] = {
		{ "", "invalid gitfile format: %s/.git" },
		{ "gitdir: \n", "no path in gitfile: %s/.git" },
		{ "gitdir: missing\n", "not a git repository: %s/missing" },
	};
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_repo *repo = NULL;
	char dir[PATH_MAX], path[PATH_MAX + 16], want[2 * PATH_MAX];
	size_t i;

	fresh(dir, sizeof(dir), "badgitfile");
	snprintf(path, sizeof(path), "%s/.git", dir);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		write_text(path, cases[i].content);
		CU_ASSERT(open_at(&repo, dir, &err) < 0);
		snprintf(want, sizeof(want), cases[i].message, dir);
		CU_ASSERT_STRING_EQUAL(err.msg, want);
		CU_ASSERT_PTR_NULL(repo);
	}
}

static void test_repository_formats_git_refuses_are_refused_with_its_message(void)
{
	static const struct {
		const char *config;
		const char *message;	/* NULL: opens */
	} cases[] = {
		{ "[core]\n\trepositoryformatversion = 2\n", "Expected git repo version <= 1, found 2" },
		{ "[core]\n\trepositoryformatversion = 1\n[extensions]\n\tfoo = bar\n",
		  "unknown repository extension found:\n\tfoo" },
		{ "[core]\n\trepositoryformatversion = 1\n[extensions]\n\tfoo = bar\n\tbaz\n",
		  "unknown repository extensions found:\n\tfoo\n\tbaz" },
		{ "[core]\n\trepositoryformatversion = 0\n[extensions]\n\tobjectFormat = sha1\n",
		  "repo version is 0, but v1-only extension found:\n\tobjectformat" },
		{ "[core]\n\trepositoryformatversion = 0\n[extensions]\n\tfoo = bar\n", NULL },
		{ "[core]\n\trepositoryformatversion = 1\n[extensions]\n\tobjectformat = sha1\n"
		  "\tnoop-v1\n\tpreciousObjects = true\n", NULL },
		{ "[extensions]\n\tfoo = bar\n", NULL },	/* no version: the file says nothing */
	};
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_repo *repo = NULL;
	char dir[PATH_MAX], path[PATH_MAX + 16];
	size_t i;
	int rc;

	fresh(dir, sizeof(dir), "format");
	CU_ASSERT_EQUAL(sh("git init -q '%s'", dir), 0);
	snprintf(path, sizeof(path), "%s/.git/config", dir);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		write_text(path, cases[i].config);
		rc = open_at(&repo, dir, &err);
		CU_ASSERT_EQUAL(rc < 0, cases[i].message != NULL);
		CU_ASSERT_EQUAL(rc < 0, sh("git -C '%s' rev-parse 2>/dev/null", dir) != 0);
		if (cases[i].message)
			CU_ASSERT_STRING_EQUAL(err.msg, cases[i].message);
		sgit_repo_free(repo);
		repo = NULL;
	}
}

/* ---- configuration ---- */

static const char *config_value(struct sgit_repo *repo, const char *key)
{
	const char *value = NULL;

	return repo && sgit_config_get_string(&value, sgit_repo_config(repo), key) == 0 ? value : "(unset)";
}

/* Each key is set by the scopes its name lists, from the lowest; the last one must win. */
static void test_configuration_follows_gits_precedence(void)
{
	static const struct {
		const char *key;
		const char *want;
	} cases[] = {
		{ "t.s", "system" }, { "t.sx", "xdg" }, { "t.sxg", "global" },
		{ "t.sxgl", "local" }, { "t.sxglc", "command" }, { "t.xl", "local" },
	};
	const char *params[] = { "t.sxglc=command" };
	struct sgit_repo_options o = SGIT_REPO_OPTIONS_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_repo *repo = NULL;
	char dir[PATH_MAX], path[PATH_MAX + 32];
	size_t i;

	fresh(dir, sizeof(dir), "precedence");
	CU_ASSERT_EQUAL(sh("git init -q '%s/r'", dir), 0);
	snprintf(path, sizeof(path), "%s/system", dir);
	write_text(path, "[t]\ns = system\nsx = system\nsxg = system\nsxgl = system\nsxglc = system\n");
	env_set("GIT_CONFIG_SYSTEM", path);
	env_set("GIT_CONFIG_NOSYSTEM", NULL);
	snprintf(path, sizeof(path), "%s/xdg/git/config", dir);
	write_text(path, "[t]\nsx = xdg\nsxg = xdg\nsxgl = xdg\nsxglc = xdg\nxl = xdg\n");
	env_setf("XDG_CONFIG_HOME", "%s/xdg", dir);
	snprintf(path, sizeof(path), "%s/home/.gitconfig", root);
	write_text(path, "[t]\nsxg = global\nsxgl = global\nsxglc = global\n");
	CU_ASSERT_EQUAL(sh("cd '%s/r' && git config t.sxgl local && git config t.sxglc local && "
			   "git config t.xl local", dir), 0);
	snprintf(path, sizeof(path), "%s/r", dir);
	o.start_dir = path;
	o.getenv = test_getenv;
	o.config_parameters = params;
	o.nconfig_parameters = 1;
	CU_ASSERT_EQUAL(sgit_repo_open(&repo, &o, &err), 0);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		CU_ASSERT_STRING_EQUAL(config_value(repo, cases[i].key), cases[i].want);
	sgit_repo_free(repo);
	env_set("GIT_CONFIG_NOSYSTEM", "1");
	CU_ASSERT_EQUAL(sgit_repo_open(&repo, &o, &err), 0);
	CU_ASSERT_STRING_EQUAL(config_value(repo, "t.s"), "(unset)");
	CU_ASSERT_STRING_EQUAL(config_value(repo, "t.sx"), "xdg");
	sgit_repo_free(repo);
	snprintf(path, sizeof(path), "%s/home/.gitconfig", root);
	unlink(path);
}

static void test_git_config_global_replaces_both_global_files(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_config *cfg = NULL;
	struct sgit_repo_options o = SGIT_REPO_OPTIONS_INIT;
	char dir[PATH_MAX], path[PATH_MAX + 32];
	const char *v = NULL;

	fresh(dir, sizeof(dir), "config-global");
	snprintf(path, sizeof(path), "%s/home/.gitconfig", root);
	write_text(path, "[t]\nhome = yes\n");
	snprintf(path, sizeof(path), "%s/home/.config/git/config", root);
	write_text(path, "[t]\nxdg = yes\n");
	snprintf(path, sizeof(path), "%s/forced", dir);
	write_text(path, "[t]\nforced = yes\n");
	o.getenv = test_getenv;
	CU_ASSERT_EQUAL(sgit_config_load_standard(&cfg, &o, NULL, &err), 0);
	CU_ASSERT_EQUAL(sgit_config_get_string(&v, cfg, "t.home"), 0);
	CU_ASSERT_EQUAL(sgit_config_get_string(&v, cfg, "t.xdg"), 0);	/* $HOME/.config without XDG_CONFIG_HOME */
	sgit_config_free(cfg);
	env_set("GIT_CONFIG_GLOBAL", path);
	CU_ASSERT_EQUAL(sgit_config_load_standard(&cfg, &o, NULL, &err), 0);
	CU_ASSERT_EQUAL(sgit_config_get_string(&v, cfg, "t.home"), SGIT_ENOTFOUND);
	CU_ASSERT_EQUAL(sgit_config_get_string(&v, cfg, "t.xdg"), SGIT_ENOTFOUND);
	CU_ASSERT_EQUAL(sgit_config_get_string(&v, cfg, "t.forced"), 0);
	sgit_config_free(cfg);
	sh("rm -rf '%s/home/.gitconfig' '%s/home/.config'", root, root);
}

static void test_the_global_file_to_write_is_chosen_as_git_does(void)
{
	struct sgit_repo_options o = SGIT_REPO_OPTIONS_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf out = SGIT_BUF_INIT;
	char dir[PATH_MAX], home_cfg[PATH_MAX + 32], xdg_cfg[PATH_MAX + 32];

	fresh(dir, sizeof(dir), "global-path");
	o.getenv = test_getenv;
	env_setf("HOME", "%s/h", dir);
	env_setf("XDG_CONFIG_HOME", "%s/x", dir);
	snprintf(home_cfg, sizeof(home_cfg), "%s/h/.gitconfig", dir);
	snprintf(xdg_cfg, sizeof(xdg_cfg), "%s/x/git/config", dir);
	CU_ASSERT_EQUAL(sgit_config_global_path(&out, &o, &err), 0);
	CU_ASSERT_STRING_EQUAL(out.ptr, home_cfg);	/* neither exists */
	write_text(xdg_cfg, "");
	CU_ASSERT_EQUAL(sgit_config_global_path(&out, &o, &err), 0);
	CU_ASSERT_STRING_EQUAL(out.ptr, xdg_cfg);	/* only the XDG one exists */
	write_text(home_cfg, "");
	CU_ASSERT_EQUAL(sgit_config_global_path(&out, &o, &err), 0);
	CU_ASSERT_STRING_EQUAL(out.ptr, home_cfg);	/* both: ~/.gitconfig */
	env_set("GIT_CONFIG_GLOBAL", "/some/where");
	CU_ASSERT_EQUAL(sgit_config_global_path(&out, &o, &err), 0);
	CU_ASSERT_STRING_EQUAL(out.ptr, "/some/where");
	env_set("GIT_CONFIG_GLOBAL", NULL);
	env_set("HOME", NULL);
	CU_ASSERT_EQUAL(sgit_config_global_path(&out, &o, &err), SGIT_EINVALID);
	CU_ASSERT_STRING_EQUAL(err.msg, "$HOME not set");
	sgit_buf_release(&out);
}

static void test_command_line_config_comes_from_the_environment_in_gits_order(void)
{
	const char *params[] = { "t.order=dash-c" };
	struct sgit_repo_options o = SGIT_REPO_OPTIONS_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_config *cfg = NULL;
	char dir[PATH_MAX];
	const char *v = NULL;
	int b = 0;

	fresh(dir, sizeof(dir), "env-params");
	o.getenv = test_getenv;
	env_set("GIT_CONFIG_COUNT", "2");
	env_set("GIT_CONFIG_KEY_0", "t.order");
	env_set("GIT_CONFIG_VALUE_0", "count");
	env_set("GIT_CONFIG_KEY_1", "t.Count");
	env_set("GIT_CONFIG_VALUE_1", "value with = and 'quote'");
	env_set("GIT_CONFIG_PARAMETERS", "'t.order'='params' 't.q'='it'\\''s'  't.old=x y' 't.flag'=");
	CU_ASSERT_EQUAL(sgit_config_load_standard(&cfg, &o, NULL, &err), 0);
	CU_ASSERT(sgit_config_get_string(&v, cfg, "t.order") == 0 && v && !strcmp(v, "params"));
	CU_ASSERT(sgit_config_get_string(&v, cfg, "t.count") == 0 && v && !strcmp(v, "value with = and 'quote'"));
	CU_ASSERT(sgit_config_get_string(&v, cfg, "t.q") == 0 && v && !strcmp(v, "it's"));
	CU_ASSERT(sgit_config_get_string(&v, cfg, "t.old") == 0 && v && !strcmp(v, "x y"));
	CU_ASSERT(sgit_config_get_bool(&b, cfg, "t.flag", &err) == 0 && b == 1);
	sgit_config_free(cfg);
	o.config_parameters = params;
	o.nconfig_parameters = 1;
	CU_ASSERT_EQUAL(sgit_config_load_standard(&cfg, &o, NULL, &err), 0);
	CU_ASSERT(sgit_config_get_string(&v, cfg, "t.order") == 0 && v && !strcmp(v, "dash-c"));
	sgit_config_free(cfg);
}

static void test_malformed_command_line_config_in_the_environment_is_refused(void)
{
	static const struct {
		const char *count, *params, *message;
	} cases[] = {
		{ "1x", NULL, "bogus count in GIT_CONFIG_COUNT" },
		{ "1", NULL, "missing config key GIT_CONFIG_KEY_0" },
		{ NULL, "'t.a'x", "bogus format in GIT_CONFIG_PARAMETERS" },
		{ NULL, "'t.a", "bogus format in GIT_CONFIG_PARAMETERS" },
		{ NULL, "'t.a'='b'c", "bogus format in GIT_CONFIG_PARAMETERS" },
	};
	struct sgit_repo_options o = SGIT_REPO_OPTIONS_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_config *cfg = NULL;
	char dir[PATH_MAX];
	size_t i;

	fresh(dir, sizeof(dir), "env-params-bad");
	o.getenv = test_getenv;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		env_set("GIT_CONFIG_COUNT", cases[i].count);
		env_set("GIT_CONFIG_PARAMETERS", cases[i].params);
		CU_ASSERT(sgit_config_load_standard(&cfg, &o, NULL, &err) < 0);
		CU_ASSERT_PTR_NULL(cfg);
		CU_ASSERT_STRING_EQUAL(err.msg, cases[i].message);
	}
}

static void test_compression_levels_outside_zlibs_range_are_refused(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_repo *repo = NULL;
	char dir[PATH_MAX];

	fresh(dir, sizeof(dir), "compression");
	CU_ASSERT_EQUAL(sh("git init -q '%s' && git -C '%s' config core.compression 9 && "
			   "git -C '%s' config core.looseCompression -1", dir, dir, dir), 0);
	CU_ASSERT_EQUAL(open_at(&repo, dir, &err), 0);
	sgit_repo_free(repo);
	CU_ASSERT_EQUAL(sh("git -C '%s' config core.looseCompression 10", dir), 0);
	CU_ASSERT_EQUAL(open_at(&repo, dir, &err), SGIT_ECONFIG);
	CU_ASSERT_STRING_EQUAL(err.msg, "bad zlib compression level 10");
	CU_ASSERT_PTR_NULL(repo);
}

static void test_alternates_from_the_environment_are_searched(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_repo *repo = NULL;
	struct sgit_oid id;
	char dir[PATH_MAX], path[PATH_MAX + 16];
	FILE *f;
	char hex[64] = "";

	fresh(dir, sizeof(dir), "alternates");
	CU_ASSERT_EQUAL(sh("cd '%s' && git init -q a && git init -q b && "
			   "echo hello | git -C a hash-object -w --stdin > id", dir), 0);
	snprintf(path, sizeof(path), "%s/id", dir);
	if ((f = fopen(path, "r"))) {
		CU_ASSERT_PTR_NOT_NULL(fgets(hex, sizeof(hex), f));
		fclose(f);
	}
	CU_ASSERT_EQUAL_FATAL(sgit_oid_fromhexn(&id, hex, 40), 0);
	snprintf(path, sizeof(path), "%s/b", dir);
	CU_ASSERT_EQUAL(open_at(&repo, path, &err), 0);
	if (repo)
		CU_ASSERT_EQUAL(sgit_odb_exists(sgit_repo_odb(repo), &id), 0);
	sgit_repo_free(repo);
	env_set("GIT_ALTERNATE_OBJECT_DIRECTORIES", "#comment:/nowhere:\"../a/.git/objects\"");
	CU_ASSERT_EQUAL(open_at(&repo, path, &err), 0);
	if (repo)
		CU_ASSERT_EQUAL(sgit_odb_exists(sgit_repo_odb(repo), &id), 1);
	sgit_repo_free(repo);
}

/* ---- init ---- */

/* The files and folders of a git dir, hook samples aside, as one sorted listing. */
static int same_layout(const char *a, const char *b)
{
	return sh("cd '%s' && find . ! -name '*.sample' | sort > '%s/.list-a' && "
		  "cd '%s' && find . ! -name '*.sample' | sort > '%s/.list-b' && "
		  "cmp -s '%s/.list-a' '%s/.list-b'", a, root, b, root, root, root) == 0;
}

static void test_init_makes_what_git_init_makes(void)
{
	static const struct {
		int bare;
		const char *name;
	} cases[] = { { 0, "init" }, { 1, "init-bare" } };
	struct sgit_repo_init_options io = SGIT_REPO_INIT_OPTIONS_INIT;
	struct sgit_repo_options o = SGIT_REPO_OPTIONS_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_repo *repo = NULL;
	char dir[PATH_MAX], ours[PATH_MAX + 32], theirs[PATH_MAX + 32];
	size_t i;
	int reinit = -1, fallback = 0;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *gd = cases[i].bare ? "" : "/.git";

		fresh(dir, sizeof(dir), cases[i].name);
		o.getenv = test_getenv;
		io.bare = cases[i].bare;
		io.used_fallback_branch = &fallback;
		snprintf(ours, sizeof(ours), "%s/ours/deep", dir);
		CU_ASSERT_EQUAL(sgit_repo_init(&repo, &reinit, ours, &io, &o, &err), 0);
		CU_ASSERT_EQUAL(reinit, 0);
		CU_ASSERT_EQUAL(fallback, 1);
		CU_ASSERT_PTR_NOT_NULL(repo);
		if (repo) {
			CU_ASSERT_EQUAL(sgit_repo_is_bare(repo), cases[i].bare);
			CU_ASSERT_EQUAL(sgit_repo_work_tree(repo) == NULL, cases[i].bare);
		}
		sgit_repo_free(repo);
		repo = NULL;
		CU_ASSERT_EQUAL(sh("git init -q %s '%s/theirs/deep'", cases[i].bare ? "--bare" : "", dir), 0);
		snprintf(ours, sizeof(ours), "%s/ours/deep%s", dir, gd);
		snprintf(theirs, sizeof(theirs), "%s/theirs/deep%s", dir, gd);
		CU_ASSERT(same_layout(ours, theirs));
		CU_ASSERT_EQUAL(sh("cmp '%s/config' '%s/config' && cmp '%s/HEAD' '%s/HEAD'",
				   ours, theirs, ours, theirs), 0);
		CU_ASSERT_EQUAL(sh("git --git-dir='%s' fsck --strict 2>/dev/null", ours), 0);
		if (!cases[i].bare)
			CU_ASSERT_EQUAL(sh("cd '%s/ours/deep' && git status >/dev/null", dir), 0);
	}
}

static void test_reinit_keeps_head_and_config_and_says_so(void)
{
	struct sgit_repo_init_options io = SGIT_REPO_INIT_OPTIONS_INIT;
	struct sgit_repo_options o = SGIT_REPO_OPTIONS_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf head = SGIT_BUF_INIT, config = SGIT_BUF_INIT;
	char dir[PATH_MAX], path[PATH_MAX + 32];
	int reinit = -1;

	fresh(dir, sizeof(dir), "reinit");
	o.getenv = test_getenv;
	io.initial_branch = "trunk";
	CU_ASSERT_EQUAL(sgit_repo_init(NULL, &reinit, dir, &io, &o, &err), 0);
	CU_ASSERT_EQUAL(reinit, 0);
	CU_ASSERT_EQUAL(sh("git -C '%s' config user.name Someone && echo mine > '%s/.git/description'",
			   dir, dir), 0);
	io.initial_branch = "other";
	CU_ASSERT_EQUAL(sgit_repo_init(NULL, &reinit, dir, &io, &o, &err), 0);
	CU_ASSERT_EQUAL(reinit, 1);
	snprintf(path, sizeof(path), "%s/.git/HEAD", dir);
	CU_ASSERT_EQUAL(sgit_fs_read_file(&head, path, &err), 0);
	CU_ASSERT_STRING_EQUAL(head.ptr, "ref: refs/heads/trunk\n");
	snprintf(path, sizeof(path), "%s/.git/config", dir);
	CU_ASSERT_EQUAL(sgit_fs_read_file(&config, path, &err), 0);
	CU_ASSERT_STRING_EQUAL(config.ptr, "[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n"
			       "\tbare = false\n\tlogallrefupdates = true\n[user]\n\tname = Someone\n");
	snprintf(path, sizeof(path), "%s/.git/description", dir);
	CU_ASSERT_EQUAL(sgit_fs_read_file(&config, path, &err), 0);
	CU_ASSERT_STRING_EQUAL(config.ptr, "mine\n");
	/* git agrees that this is a re-initialisation and leaves the same bytes */
	CU_ASSERT_EQUAL(sh("cp -r '%s/.git' '%s/../reinit-copy' && git init -q '%s' && "
			   "cmp '%s/.git/config' '%s/../reinit-copy/config'", dir, dir, dir, dir, dir), 0);
	sgit_buf_release(&head);
	sgit_buf_release(&config);
}

static void test_init_takes_the_branch_from_the_option_then_the_config(void)
{
	static const struct {
		const char *option, *config, *head, *message;
	} cases[] = {
		{ "main", "trunk", "ref: refs/heads/main\n", NULL },
		{ NULL, "trunk", "ref: refs/heads/trunk\n", NULL },
		{ NULL, NULL, "ref: refs/heads/master\n", NULL },
		{ "a..b", NULL, NULL, "invalid initial branch name: 'a..b'" },
		{ "x.lock", NULL, NULL, "invalid initial branch name: 'x.lock'" },
		{ NULL, "x y", NULL, "invalid branch name: init.defaultBranch = x y" },
	};
	struct sgit_repo_init_options io = SGIT_REPO_INIT_OPTIONS_INIT;
	struct sgit_repo_options o = SGIT_REPO_OPTIONS_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf head = SGIT_BUF_INIT;
	char dir[PATH_MAX], param[64], path[PATH_MAX + 32];
	const char *params[1];
	size_t i;
	int reinit, rc;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		fresh(dir, sizeof(dir), "branch");
		o.getenv = test_getenv;
		snprintf(param, sizeof(param), "init.defaultBranch=%s", cases[i].config ? cases[i].config : "");
		params[0] = param;
		o.config_parameters = params;
		o.nconfig_parameters = cases[i].config != NULL;
		io.initial_branch = cases[i].option;
		snprintf(path, sizeof(path), "%s/r", dir);
		rc = sgit_repo_init(NULL, &reinit, path, &io, &o, &err);
		CU_ASSERT_EQUAL(rc < 0, cases[i].message != NULL);
		if (cases[i].message) {
			CU_ASSERT_STRING_EQUAL(err.msg, cases[i].message);
			CU_ASSERT_FALSE(sgit_fs_exists(path));	/* refused before anything is made */
			continue;
		}
		snprintf(path, sizeof(path), "%s/r/.git/HEAD", dir);
		CU_ASSERT_EQUAL(sgit_fs_read_file(&head, path, &err), 0);
		CU_ASSERT_STRING_EQUAL(head.ptr, cases[i].head);
	}
	sgit_buf_release(&head);
}

/* ---- includes: what their conditions see ---- */

/* Write name under the test HOME; the same home serves every test, so callers remove what they add. */
static void write_home(const char *name, const char *text)
{
	char path[PATH_MAX + 64];

	snprintf(path, sizeof(path), "%s/home/%s", root, name);
	write_text(path, text);
}

static void remove_home_files(void)
{
	sh("rm -f '%s/home/.gitconfig' '%s/home/'*.inc", root, root);
}

/* What real git says a key is in the repository at dir ("(unset)" when it has none). */
static const char *git_value(char *buf, size_t size, const char *dir, const char *key)
{
	char cmd[8192];
	FILE *p;
	size_t n = 0;

	snprintf(cmd, sizeof(cmd), "cd '%s' && HOME='%s/home' GIT_CONFIG_NOSYSTEM=1 git config %s",
		 dir, root, key);
	if ((p = popen(cmd, "r"))) {
		n = fread(buf, 1, size - 1, p);
		if (pclose(p) != 0)
			n = 0;
	}
	while (n && buf[n - 1] == '\n')
		n--;
	buf[n] = '\0';
	return n ? buf : "(unset)";
}

static void test_includes_see_home_the_git_dir_and_the_branch_of_head(void)
{
	static const struct {
		const char *head;	/* what HEAD holds */
		const char *key, *want;
	} cases[] = {
		{ "ref: refs/heads/topic\n", "t.plain", "home" },
		{ "ref: refs/heads/topic\n", "t.branch", "topic" },
		{ "ref: refs/heads/topic\n", "t.gitdir", "yes" },
		{ "ref: refs/heads/topic\n", "t.glob", "(unset)" },	/* "topic/" means below topic */
		{ "ref: refs/heads/other\n", "t.branch", "other" },
		{ "ref: refs/heads/other\n", "t.glob", "(unset)" },
		{ "ref: refs/heads/topic/x\n", "t.glob", "topic/*" },
		{ "0123456789012345678901234567890123456789\n", "t.branch", "(unset)" },
		{ "0123456789012345678901234567890123456789\n", "t.plain", "home" },
	};
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_repo *repo = NULL;
	char dir[PATH_MAX], repo_dir[PATH_MAX + 8], path[PATH_MAX + 32], buf[256];
	size_t i;

	fresh(dir, sizeof(dir), "includes");
	snprintf(repo_dir, sizeof(repo_dir), "%s/r", dir);
	CU_ASSERT_EQUAL(sh("git init -q '%s'", repo_dir), 0);
	write_home(".gitconfig", "[include]\n\tpath = ~/plain.inc\n"
		   "[includeIf \"onbranch:topic\"]\n\tpath = ~/topic.inc\n"
		   "[includeIf \"onbranch:other\"]\n\tpath = ~/other.inc\n"
		   "[includeIf \"onbranch:topic/\"]\n\tpath = ~/glob.inc\n"
		   "[includeIf \"gitdir:includes/r/\"]\n\tpath = ~/gitdir.inc\n");
	write_home("plain.inc", "[t]\n\tplain = home\n");
	write_home("topic.inc", "[t]\n\tbranch = topic\n");
	write_home("other.inc", "[t]\n\tbranch = other\n");
	write_home("glob.inc", "[t]\n\tglob = topic/*\n");
	write_home("gitdir.inc", "[t]\n\tgitdir = yes\n");
	snprintf(path, sizeof(path), "%s/.git/HEAD", repo_dir);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		write_text(path, cases[i].head);
		CU_ASSERT_EQUAL(open_at(&repo, repo_dir, &err), 0);
		CU_ASSERT_STRING_EQUAL(config_value(repo, cases[i].key), cases[i].want);
		CU_ASSERT_STRING_EQUAL(git_value(buf, sizeof(buf), repo_dir, cases[i].key), cases[i].want);
		sgit_repo_free(repo);
		repo = NULL;
	}
	remove_home_files();
}

static void test_outside_a_repository_only_home_is_known_to_includes(void)
{
	struct sgit_repo_options o = SGIT_REPO_OPTIONS_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_config *cfg = NULL;
	char dir[PATH_MAX];
	const char *v = NULL;

	fresh(dir, sizeof(dir), "includes-nowhere");
	write_home(".gitconfig", "[include]\n\tpath = ~/plain.inc\n"
		   "[includeIf \"onbranch:*\"]\n\tpath = ~/branch.inc\n");
	write_home("plain.inc", "[t]\n\tplain = home\n");
	write_home("branch.inc", "[t]\n\tbranch = any\n");
	o.getenv = test_getenv;
	CU_ASSERT_EQUAL(sgit_config_load_standard(&cfg, &o, NULL, &err), 0);
	CU_ASSERT(sgit_config_get_string(&v, cfg, "t.plain") == 0 && v && !strcmp(v, "home"));
	CU_ASSERT_EQUAL(sgit_config_get_string(&v, cfg, "t.branch"), SGIT_ENOTFOUND);
	sgit_config_free(cfg);
	/* without HOME, "~/" cannot be expanded: git refuses such an include */
	env_set("HOME", NULL);
	env_setf("GIT_CONFIG_GLOBAL", "%s/home/.gitconfig", root);
	CU_ASSERT(sgit_config_load_standard(&cfg, &o, NULL, &err) < 0);
	CU_ASSERT_PTR_NULL(cfg);
	remove_home_files();
}

static void test_one_file_is_read_with_or_without_its_includes(void)
{
	struct sgit_repo_options o = SGIT_REPO_OPTIONS_INIT;
	struct sgit_config_load_options lo = SGIT_CONFIG_LOAD_OPTIONS_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_config *cfg = NULL;
	char dir[PATH_MAX], path[PATH_MAX + 16];
	const char *v = NULL;

	fresh(dir, sizeof(dir), "load-selected");
	write_home("plain.inc", "[t]\n\tplain = home\n");
	snprintf(path, sizeof(path), "%s/file", dir);
	write_text(path, "[t]\n\tmine = 1\n[include]\n\tpath = ~/plain.inc\n[broken\n");
	o.getenv = test_getenv;
	lo.file = path;
	lo.follow_includes = 0;
	CU_ASSERT_EQUAL(sgit_config_new(&cfg), 0);
	/* a bad line fails the load, but what came before it stays for the caller to show */
	CU_ASSERT_EQUAL(sgit_config_load_selected(cfg, &o, &lo, &err), SGIT_ECONFIG);
	CU_ASSERT(sgit_config_get_string(&v, cfg, "t.mine") == 0 && v && !strcmp(v, "1"));
	CU_ASSERT_EQUAL(sgit_config_get_string(&v, cfg, "t.plain"), SGIT_ENOTFOUND);
	sgit_config_free(cfg);
	write_text(path, "[t]\n\tmine = 1\n[include]\n\tpath = ~/plain.inc\n");
	lo.follow_includes = 1;
	CU_ASSERT_EQUAL(sgit_config_new(&cfg), 0);
	CU_ASSERT_EQUAL(sgit_config_load_selected(cfg, &o, &lo, &err), 0);
	CU_ASSERT(sgit_config_get_string(&v, cfg, "t.plain") == 0 && v && !strcmp(v, "home"));
	sgit_config_free(cfg);
	remove_home_files();
}

static CU_TestInfo discovery_tests[] = {
	{ "discovery from a subfolder finds the top and the prefix", test_discovery_from_a_subfolder_finds_the_top_and_the_prefix },
	{ "discovery at the top has an empty prefix", test_discovery_at_the_top_has_an_empty_prefix },
	{ "a gitfile with a relative path names the git dir", test_a_gitfile_with_a_relative_path_names_the_git_dir },
	{ "a linked worktree has its own git dir and a common dir", test_a_linked_worktree_has_its_own_git_dir_and_a_common_dir },
	{ "a bare repository is found from inside it", test_a_bare_repository_is_found_from_inside_it },
	{ "inside .git there is no work tree, but it is not bare", test_inside_dot_git_there_is_no_work_tree_but_it_is_not_bare },
	{ "GIT_DIR makes the current folder the work tree", test_git_dir_from_the_environment_makes_the_current_folder_the_work_tree },
	{ "core.worktree is relative to the git dir", test_core_worktree_is_relative_to_the_git_dir },
	{ "ceiling directories stop the walk", test_ceiling_directories_stop_the_walk },
	{ "no repository gives git's message", test_no_repository_gives_gits_message },
	{ "the walk stops at a filesystem boundary", test_the_walk_stops_at_a_filesystem_boundary },
	{ "a broken gitfile is an error, not a reason to walk on", test_a_broken_gitfile_is_an_error_not_a_reason_to_walk_on },
	{ "repository formats git refuses are refused with its message", test_repository_formats_git_refuses_are_refused_with_its_message },
	{ "compression levels outside zlib's range are refused", test_compression_levels_outside_zlibs_range_are_refused },
	{ "alternates from the environment are searched", test_alternates_from_the_environment_are_searched },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo config_tests[] = {
	{ "configuration follows git's precedence", test_configuration_follows_gits_precedence },
	{ "GIT_CONFIG_GLOBAL replaces both global files", test_git_config_global_replaces_both_global_files },
	{ "the global file to write is chosen as git does", test_the_global_file_to_write_is_chosen_as_git_does },
	{ "command-line config comes from the environment in git's order", test_command_line_config_comes_from_the_environment_in_gits_order },
	{ "malformed command-line config in the environment is refused", test_malformed_command_line_config_in_the_environment_is_refused },
	{ "includes see HOME, the git dir and the branch of HEAD", test_includes_see_home_the_git_dir_and_the_branch_of_head },
	{ "outside a repository only HOME is known to includes", test_outside_a_repository_only_home_is_known_to_includes },
	{ "one file is read with or without its includes", test_one_file_is_read_with_or_without_its_includes },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo init_tests[] = {
	{ "init makes what git init makes", test_init_makes_what_git_init_makes },
	{ "reinit keeps HEAD and config and says so", test_reinit_keeps_head_and_config_and_says_so },
	{ "init takes the branch from the option, then the config", test_init_takes_the_branch_from_the_option_then_the_config },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "porcelain/repo discovery", .pInitFunc = setup_suite, .pTests = discovery_tests },
	{ .pName = "porcelain/repo config", .pInitFunc = setup_suite, .pTests = config_tests },
	{ .pName = "porcelain/repo init", .pInitFunc = setup_suite, .pTests = init_tests },
	CU_SUITE_INFO_NULL,
};
