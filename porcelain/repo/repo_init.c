/* porcelain/repo/repo_init.c: create or re-initialise a repository, as git init does */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "porcelain/repo/repo_int.h"
#include "util/fs.h"

/*
 * What git's default template leaves besides hook samples, which are not
 * copied. The description keeps the "Unnamed repository" start that hook
 * scripts test for; the rest is worded for sgit.
 */
static const char description_text[] =
	"Unnamed repository; write a line here that says what it holds.\n";
static const char exclude_text[] =
	"# Patterns of untracked files to ignore in this repository only, in the\n"
	"# syntax of .gitignore; unlike .gitignore this file is never committed.\n";

/* Folders of a new git dir, parents first. */
static const char *const init_dirs[] = {
	"refs", "refs/heads", "refs/tags", "objects", "objects/info", "objects/pack",
	"info", "hooks", "branches",
};

/* One component of a ref name, by git's check_refname_format rules. */
static int valid_component(const char *c, size_t n)
{
	size_t i;

	if (!n || c[0] == '.' || (n >= 5 && !memcmp(c + n - 5, ".lock", 5)))
		return 0;
	for (i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)c[i];

		if (ch < 0x20 || ch == 0x7f || strchr(" ~^:?*[\\", ch))
			return 0;
		if (i + 1 < n && ((ch == '.' && c[i + 1] == '.') || (ch == '@' && c[i + 1] == '{')))
			return 0;
	}
	return 1;
}

/* "refs/heads/<branch>" must be a valid ref name. */
static int valid_branch(const char *branch)
{
	const char *p = branch, *slash;
	size_t len = strlen(branch);

	if (!len || branch[len - 1] == '.')
		return 0;
	for (;; p = slash + 1) {
		slash = strchrnul(p, '/');
		if (!valid_component(p, (size_t)(slash - p)))
			return 0;
		if (!*slash)
			return 1;
	}
}

/* The branch HEAD names: the option, else init.defaultBranch, else "master". */
static int choose_branch(const char **out, int *fallback, const char *wanted,
			 const struct sgit_config *cfg, struct sgit_error *err)
{
	const char *configured = NULL;

	*fallback = 0;
	if (wanted) {
		*out = wanted;
		if (!valid_branch(wanted))
			return sgit_error_set(err, SGIT_EINVALID, "invalid initial branch name: '%s'", wanted);
		return 0;
	}
	if (sgit_config_get_string(&configured, cfg, "init.defaultbranch") == 0 && configured) {
		*out = configured;
		if (!valid_branch(configured))
			return sgit_error_set(err, SGIT_EINVALID, "invalid branch name: init.defaultBranch = %s",
					      configured);
		return 0;
	}
	*out = "master";
	*fallback = 1;
	return 0;
}

static int write_if_missing(const char *git_dir, const char *name, const char *text,
			    struct sgit_error *err)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	int rc;

	if ((rc = sgit_fs_join(&path, git_dir, name)) < 0)
		rc = sgit_error_nomem(err);
	else if (!sgit_fs_exists(path.ptr))
		rc = sgit_fs_write_atomic(path.ptr, text, strlen(text), 0, err);
	sgit_buf_release(&path);
	return rc;
}

static int create_layout(const char *git_dir, struct sgit_error *err)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	size_t i;
	int rc;

	if ((rc = sgit_fs_mkdir_p(git_dir, err)) < 0)
		goto out;
	for (i = 0; i < sizeof(init_dirs) / sizeof(init_dirs[0]); i++) {
		if ((rc = sgit_fs_join(&path, git_dir, init_dirs[i])) < 0) {
			rc = sgit_error_nomem(err);
			goto out;
		}
		if (mkdir(path.ptr, 0777) < 0 && errno != EEXIST) {
			rc = sgit_error_set(err, SGIT_EOS, "cannot mkdir %s: %s", path.ptr, strerror(errno));
			goto out;
		}
	}
	if ((rc = write_if_missing(git_dir, "description", description_text, err)) < 0)
		goto out;
	rc = write_if_missing(git_dir, "info/exclude", exclude_text, err);
out:
	sgit_buf_release(&path);
	return rc;
}

static int write_head(const char *git_dir, const char *branch, struct sgit_error *err)
{
	struct sgit_lockfile lk = SGIT_LOCKFILE_INIT;
	struct sgit_buf path = SGIT_BUF_INIT, text = SGIT_BUF_INIT;
	int rc;

	if (sgit_fs_join(&path, git_dir, "HEAD") < 0 ||
	    sgit_buf_printf(&text, "ref: refs/heads/%s\n", branch) < 0) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	if ((rc = sgit_lockfile_acquire(&lk, path.ptr, err)) < 0 ||
	    (rc = sgit_lockfile_write(&lk, text.ptr, text.len, err)) < 0)
		goto out;
	rc = sgit_lockfile_commit(&lk, err);
out:
	sgit_lockfile_rollback(&lk);
	sgit_buf_release(&path);
	sgit_buf_release(&text);
	return rc;
}

/* Does flipping the owner's x bit of path show in lstat? Then the filesystem keeps modes. */
static int probe_filemode(const char *path, int reinit)
{
	struct stat st1, st2;
	int ok;

	if (lstat(path, &st1) < 0)
		return 1;
	ok = chmod(path, st1.st_mode ^ S_IXUSR) == 0 && lstat(path, &st2) == 0 &&
	     st1.st_mode != st2.st_mode && chmod(path, st1.st_mode) == 0;
	/* a new config that came out executable says the modes are not to be trusted */
	return ok && !(!reinit && (st1.st_mode & S_IXUSR));
}

static int probe_symlinks(const char *git_dir)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	struct stat st;
	int fd = -1, ok = 0;

	if (sgit_buf_printf(&path, "%s/tXXXXXX", git_dir) < 0 || (fd = mkstemp(path.ptr)) < 0)
		goto out;
	ok = close(fd) == 0 && unlink(path.ptr) == 0 && symlink("testing", path.ptr) == 0 &&
	     lstat(path.ptr, &st) == 0 && S_ISLNK(st.st_mode);
	unlink(path.ptr);
out:
	sgit_buf_release(&path);
	return ok;
}

static int set_core(const char *config, const char *name, const char *value, struct sgit_error *err)
{
	char key[64];

	snprintf(key, sizeof(key), "core.%s", name);
	return sgit_config_file_edit(config, SGIT_CONFIG_EDIT_SET, key, value, NULL, err);
}

/* The settings git init writes, in its order, so that a new config has the same bytes. */
static int write_config(const char *git_dir, int bare, int reinit, const struct sgit_config *cfg,
			struct sgit_error *err)
{
	struct sgit_buf config = SGIT_BUF_INIT, probe = SGIT_BUF_INIT;
	const char *unused;
	int rc;

	if (sgit_fs_join(&config, git_dir, "config") < 0 || sgit_fs_join(&probe, git_dir, "CoNfIg") < 0) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	if ((rc = set_core(config.ptr, "repositoryformatversion", "0", err)) < 0 ||
	    (rc = set_core(config.ptr, "filemode", probe_filemode(config.ptr, reinit) ? "true" : "false", err)) < 0 ||
	    (rc = set_core(config.ptr, "bare", bare ? "true" : "false", err)) < 0)
		goto out;
	/* a core.logAllRefUpdates set anywhere already (say in ~/.gitconfig) is left to rule */
	if (!bare && sgit_config_get_string(&unused, cfg, "core.logallrefupdates") == SGIT_ENOTFOUND &&
	    (rc = set_core(config.ptr, "logallrefupdates", "true", err)) < 0)
		goto out;
	if (reinit)
		goto out;
	if (!probe_symlinks(git_dir) && (rc = set_core(config.ptr, "symlinks", "false", err)) < 0)
		goto out;
	if (access(probe.ptr, F_OK) == 0)
		rc = set_core(config.ptr, "ignorecase", "true", err);
out:
	sgit_buf_release(&config);
	sgit_buf_release(&probe);
	return rc;
}

/* A HEAD that is there, even as a dangling symbolic link, makes this a re-initialisation. */
static int head_exists(const char *git_dir)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	char junk[2];
	int found = 0;

	if (sgit_fs_join(&path, git_dir, "HEAD") == 0)
		found = access(path.ptr, R_OK) == 0 || readlink(path.ptr, junk, sizeof(junk) - 1) >= 0;
	sgit_buf_release(&path);
	return found;
}

static int open_new(struct sgit_repo **out, const char *git_dir, const char *top, int bare,
		    const struct sgit_repo_options *opts, struct sgit_error *err)
{
	struct sgit_repo_options o = SGIT_REPO_OPTIONS_INIT;

	if (opts)
		o = *opts;
	o.git_dir = git_dir;
	o.work_tree = bare ? NULL : top;
	o.bare = bare;
	return sgit_repo_open(out, &o, err);
}

static int init_at(const char *git_dir, int *reinit,
		   const struct sgit_repo_init_options *init_opts,
		   const struct sgit_repo_options *opts, struct sgit_error *err)
{
	struct sgit_config *cfg = NULL;
	const char *branch = NULL;
	int existed = head_exists(git_dir), fallback = 0, rc;

	/* the configuration (and for a re-init, the format) is checked before anything is written */
	if ((rc = sgit_config_load_standard(&cfg, opts, existed ? git_dir : NULL, err)) < 0)
		goto out;
	if (!existed && (rc = choose_branch(&branch, &fallback, init_opts->initial_branch, cfg, err)) < 0)
		goto out;
	if ((rc = create_layout(git_dir, err)) < 0 ||
	    (!existed && (rc = write_head(git_dir, branch, err)) < 0) ||
	    (rc = write_config(git_dir, init_opts->bare, existed, cfg, err)) < 0)
		goto out;
	if (init_opts->used_fallback_branch)
		*init_opts->used_fallback_branch = fallback;
	*reinit = existed;
out:
	sgit_config_free(cfg);
	return rc;
}

int sgit_repo_init(struct sgit_repo **out, int *reinit, const char *path,
		   const struct sgit_repo_init_options *init_opts,
		   const struct sgit_repo_options *opts, struct sgit_error *err)
{
	const struct sgit_repo_init_options defaults = SGIT_REPO_INIT_OPTIONS_INIT;
	struct sgit_buf top = SGIT_BUF_INIT, git_dir = SGIT_BUF_INIT;
	int existed = 0, rc;

	if (out)
		*out = NULL;
	if (!init_opts)
		init_opts = &defaults;
	if ((rc = sgit_repo__abspath(&top, opts ? opts->start_dir : NULL, path, err)) < 0)
		goto out;
	if ((rc = init_opts->bare ? sgit_buf_set(&git_dir, top.ptr, top.len)
				  : sgit_fs_join(&git_dir, top.ptr, ".git")) < 0) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	if ((rc = init_at(git_dir.ptr, &existed, init_opts, opts, err)) < 0)
		goto out;
	if (out)
		rc = open_new(out, git_dir.ptr, top.ptr, init_opts->bare, opts, err);
out:
	if (reinit)
		*reinit = rc < 0 ? 0 : existed;
	sgit_buf_release(&top);
	sgit_buf_release(&git_dir);
	return rc;
}
