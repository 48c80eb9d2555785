/* include/sgit/repo.h: a repository handle: git dir, work tree, config, object store, error slot */
#ifndef SGIT_REPO_H
#define SGIT_REPO_H

#include "config.h"
#include "errors.h"
#include "odb.h"

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

struct sgit_repo;

/* Where the environment comes from: getenv by default, a table in tests. */
typedef const char *(*sgit_getenv_fn)(const char *name);

struct sgit_repo_options {
	const char *start_dir;		/* where discovery starts, and what relative GIT_DIR,
					   GIT_WORK_TREE... are relative to; NULL: the current directory */
	const char *git_dir;		/* --git-dir; else GIT_DIR; else discovered */
	const char *work_tree;		/* --work-tree; else GIT_WORK_TREE; else core.worktree or discovered */
	int bare;			/* --bare: treat as bare */
	const char *const *config_parameters;	/* -c key=value, in order */
	size_t nconfig_parameters;
	sgit_getenv_fn getenv;		/* NULL: getenv(3) */
};
#define SGIT_REPO_OPTIONS_INIT { NULL, NULL, NULL, 0, NULL, 0, NULL }

/*
 * Find and open the repository as git does (GIT_DIR, walking up from
 * start_dir to GIT_CEILING_DIRECTORIES, ".git" folders and "gitdir:" files,
 * bare repositories), read its configuration with git's precedence (system
 * unless GIT_CONFIG_NOSYSTEM, global, local, -c), and open its object store.
 * SGIT_ENOTREPO with git's message when there is none. Free with sgit_repo_free().
 */
int sgit_repo_open(struct sgit_repo **out, const struct sgit_repo_options *opts,
		   struct sgit_error *err);
void sgit_repo_free(struct sgit_repo *repo);

/*
 * The configuration a command sees outside any repository (system, global,
 * -c), or with git_dir's config when git_dir is not NULL.
 */
int sgit_config_load_standard(struct sgit_config **out, const struct sgit_repo_options *opts,
			      const char *git_dir, struct sgit_error *err);

/* What "git config" reads, for sgit_config_load_selected(). */
struct sgit_config_load_options {
	const char *git_dir;		/* the repository's git dir (as it should be named), or NULL */
	const char *file;		/* only this file (--file, --global...); NULL: every scope */
	enum sgit_config_scope scope;	/* of file's entries */
	int follow_includes;		/* include.path and includeIf (off: --no-includes) */
};
#define SGIT_CONFIG_LOAD_OPTIONS_INIT { NULL, NULL, SGIT_CONFIG_SCOPE_FILE, 1 }
/*
 * Append to cfg (from sgit_config_new) what lo selects: with lo->file NULL,
 * what sgit_config_load_standard reads; else that one file (missing: nothing).
 * Include conditions see HOME from opts, lo->git_dir and the branch its HEAD
 * points to. On failure cfg keeps the entries read before the error (git
 * config --list has shown them by then).
 */
int sgit_config_load_selected(struct sgit_config *cfg, const struct sgit_repo_options *opts,
			      const struct sgit_config_load_options *lo, struct sgit_error *err);
/* The global config file git writes to (GIT_CONFIG_GLOBAL, else ~/.gitconfig unless only the XDG one exists). */
int sgit_config_global_path(struct sgit_buf *out, const struct sgit_repo_options *opts,
			    struct sgit_error *err);

struct sgit_repo_init_options {
	int bare;
	const char *initial_branch;	/* NULL: init.defaultBranch, else "master" */
	const char *template_dir;	/* unused for now; git's hooks are not copied */
	int *used_fallback_branch;	/* optional out: 1 when HEAD got "master" for want of a
					   configured name (git init then prints a hint) */
};
#define SGIT_REPO_INIT_OPTIONS_INIT { 0, NULL, NULL, NULL }

/*
 * Create (or re-initialise) a repository at path (relative to
 * opts->start_dir), as git init does; *reinit says which. opts gives the
 * environment and -c (init.defaultBranch); its git_dir and work_tree are not
 * used. A bad branch name is refused before anything is created. Opens the
 * repository into *out when out is not NULL.
 */
int sgit_repo_init(struct sgit_repo **out, int *reinit, const char *path,
		   const struct sgit_repo_init_options *init_opts,
		   const struct sgit_repo_options *opts, struct sgit_error *err);

const char *sgit_repo_git_dir(const struct sgit_repo *repo);	/* absolute, no trailing slash */
/* Where objects and refs live (the main git dir of a linked work tree); absolute, owned by repo. */
const char *sgit_repo_common_dir(const struct sgit_repo *repo);
/* NULL when there is none: bare, or found from inside a git dir. */
const char *sgit_repo_work_tree(const struct sgit_repo *repo);
/* The current directory relative to the work tree ("" at the top, "a/b/" below; "" outside it). */
const char *sgit_repo_prefix(const struct sgit_repo *repo);
/* 1 for a bare repository, else 0. */
int sgit_repo_is_bare(const struct sgit_repo *repo);
/* 1 when the current directory is in the work tree (its top included); 0 outside or with none. */
int sgit_repo_inside_work_tree(const struct sgit_repo *repo);
/* The object store, owned by repo (never free it); its errors go to sgit_repo_error(). */
struct sgit_odb *sgit_repo_odb(struct sgit_repo *repo);
/* The ref store (core.logAllRefUpdates applied; its errors go to sgit_repo_error()). */
struct sgit_refdb;
struct sgit_refdb *sgit_repo_refdb(struct sgit_repo *repo);
/* The configuration read at open, owned by repo. */
struct sgit_config *sgit_repo_config(struct sgit_repo *repo);
/* The error slot, owned by repo: the message of the last failed call on repo. */
struct sgit_error *sgit_repo_error(struct sgit_repo *repo);
/* The default abbreviation length: core.abbrev, else git's estimate from the object count. */
size_t sgit_repo_abbrev_len(struct sgit_repo *repo);
/*
 * core.bigFileThreshold (git's default 512 MiB): blobs larger than this are
 * streamed rather than held whole, and diff shows them as binary unread.
 */
size_t sgit_repo_big_file_threshold(struct sgit_repo *repo);
/* id abbreviated as git shows it by default (that length, longer when needed to be unique). */
void sgit_repo_abbrev(char out[SGIT_OID_HEXSZ + 1], struct sgit_repo *repo, const struct sgit_oid *id);
/* The variable name from the environment repo was opened with (its getenv), or NULL; not to be freed. */
const char *sgit_repo_getenv(const struct sgit_repo *repo, const char *name);

#pragma GCC visibility pop
#endif
