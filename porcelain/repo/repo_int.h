/* porcelain/repo/repo_int.h: the repository handle's insides, shared by repo*.c */
#ifndef SGIT_PORCELAIN_REPO_INT_H
#define SGIT_PORCELAIN_REPO_INT_H

#include <stdint.h>
#include "sgit/repo.h"

struct sgit_repo {
	char *git_dir;		/* absolute, normalised, no trailing slash */
	char *common_dir;	/* == git_dir unless a linked worktree's "commondir" says otherwise */
	char *work_tree;	/* NULL when there is none */
	char *prefix;		/* "" or "a/b/" */
	int bare;
	int inside_work_tree;
	struct sgit_config *config;
	struct sgit_odb *odb;
	struct sgit_refdb *refdb;	/* opened with the repository */
	struct sgit_error err;	/* the odb writes here too */
	sgit_getenv_fn getenv;
};

/* What the repository's own config file says about its format. */
struct sgit_repo_format {
	int64_t version;	/* -1: core.repositoryformatversion unset */
	int bare;		/* core.bare: -1 unset, 0, 1 */
	char *work_tree;	/* core.worktree as written, or NULL */
	int worktree_config;	/* extensions.worktreeConfig: read config.worktree too */
	int has_common;		/* a linked worktree: core.bare/core.worktree are not its own */
	struct sgit_buf unknown;	/* "\n\t<name>" per unknown extension */
	struct sgit_buf v1_only;	/* same, for extensions only version 1 may use */
	size_t nunknown, nv1_only;
	char *object_format;	/* extensions.objectFormat, or NULL */
};
#define SGIT_REPO_FORMAT_INIT { -1, -1, NULL, 0, 0, SGIT_BUF_INIT, SGIT_BUF_INIT, 0, 0, NULL }

/* What discovery finds, before the handle exists. */
struct sgit_repo_setup {
	sgit_getenv_fn env;
	struct sgit_buf cwd;		/* start_dir or the current directory, absolute */
	struct sgit_buf git_dir;
	struct sgit_buf common_dir;
	struct sgit_buf work_tree;
	int has_work_tree;
	int bare_cfg;			/* --bare or core.bare: -1 unset, 0, 1 */
	int implicit_work_tree;		/* 0: no work tree unless one is named */
	struct sgit_repo_format fmt;
};
#define SGIT_REPO_SETUP_INIT { NULL, SGIT_BUF_INIT, SGIT_BUF_INIT, SGIT_BUF_INIT, SGIT_BUF_INIT, \
			       0, -1, 1, SGIT_REPO_FORMAT_INIT }

/*
 * Find the git dir and work tree as git's setup does (GIT_DIR, GIT_WORK_TREE,
 * core.worktree, core.bare, walking up to GIT_CEILING_DIRECTORIES or a
 * filesystem boundary) and read and check the repository format.
 * SGIT_ENOTREPO with git's message when there is no repository.
 */
int sgit_repo__setup(struct sgit_repo_setup *s, const struct sgit_repo_options *opts,
		     struct sgit_error *err);
void sgit_repo__setup_release(struct sgit_repo_setup *s);
/* Is dir a git dir: HEAD a symref into refs/ or an id, objects/ and refs/ there? */
int sgit_repo__is_git_dir(const char *dir, sgit_getenv_fn env, const char *cwd);

/* opts->getenv, or getenv(3). */
sgit_getenv_fn sgit_repo__env_fn(const struct sgit_repo_options *opts);
/* A boolean environment variable as git reads one; dflt when unset. */
int sgit_repo__env_bool(int *out, sgit_getenv_fn env, const char *name, int dflt,
			struct sgit_error *err);

/*
 * out = path made absolute against base (NULL: the process's current
 * directory) when relative, and normalised:
 * symbolic links resolved when the path exists, else "." and ".." removed
 * by spelling; never a trailing slash except for "/".
 */
int sgit_repo__abspath(struct sgit_buf *out, const char *base, const char *path,
		       struct sgit_error *err);
/* The folder shared by all worktrees of git_dir (GIT_COMMON_DIR, "commondir"). *has_common: it differs. */
int sgit_repo__common_dir(struct sgit_buf *out, int *has_common, const char *git_dir,
			  sgit_getenv_fn env, struct sgit_error *err);

/*
 * Read "<common_dir>/config" (and "<git_dir>/config.worktree" when that
 * extension is on) for the format, and check it as git does: a version above
 * 1, unknown extensions in version 1, or version-1 extensions in version 0
 * are refused with git's message. Release with sgit_repo__format_release().
 */
int sgit_repo__read_format(struct sgit_repo_format *fmt, const char *git_dir,
			   const char *common_dir, int has_common, struct sgit_error *err);
void sgit_repo__format_release(struct sgit_repo_format *fmt);

/*
 * The configuration in git's order: system, global (XDG then ~/.gitconfig),
 * "<common_dir>/config" and "<git_dir>/config.worktree" when git_dir is not
 * NULL, then GIT_CONFIG_COUNT, GIT_CONFIG_PARAMETERS and opts' -c.
 */
int sgit_repo__load_config(struct sgit_config **out, const struct sgit_repo_options *opts,
			   const char *git_dir, const char *common_dir, int worktree_config,
			   struct sgit_error *err);

#endif
