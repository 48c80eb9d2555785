/*
 * porcelain/worktree/changes_untracked.c: the files of the work tree the index does
 * not know, as git status lists them. Each folder is read once; an entry is
 * lstat'ed only when readdir cannot tell its type. A folder with no tracked
 * file below it is, by default, listed as one "dir/" entry when it holds
 * anything untracked at all; finding that out stops at the first such file.
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "porcelain/worktree/changes_int.h"
#include "util/fs.h"

struct ut_walk {
	struct sgit_repo *repo;
	const struct sgit_index *idx;
	struct sgit_ignore *ign;
	const struct sgit_untracked_options *o;
	struct sgit_changes *untracked, *ignored;
	struct sgit_error *err;
	struct sgit_buf full;		/* "<top>/" then the path from the top */
	size_t top_len;
	int ignored_only;		/* inside a folder listed whole: look for ignored paths only */
};

/* The entries of one folder, read at once so that no folder stays open while recursing. */
struct ut_entry {
	size_t off;			/* of the name in names */
	unsigned char type;		/* DT_REG, DT_LNK, DT_DIR, or another (skipped) */
};

struct ut_dir {
	struct ut_entry *v;
	size_t nr, alloc;
	struct sgit_buf names;
};

static void ut_dir_release(struct ut_dir *d)
{
	free(d->v);
	sgit_buf_release(&d->names);
}

static const char *rel(const struct ut_walk *w)
{
	return w->full.ptr + w->top_len;
}

static size_t rel_len(const struct ut_walk *w)
{
	return w->full.len - w->top_len;
}

/* The type of name in the folder at w->full, from readdir or else from lstat. */
static unsigned char entry_type(struct ut_walk *w, const char *name, unsigned char d_type)
{
	size_t base = w->full.len;
	unsigned char type = DT_UNKNOWN;
	struct stat st;

	if (d_type != DT_UNKNOWN)
		return d_type;
	if (sgit_buf_adds(&w->full, name) == 0 && lstat(w->full.ptr, &st) == 0)
		type = S_ISDIR(st.st_mode) ? DT_DIR : S_ISREG(st.st_mode) ? DT_REG
		     : S_ISLNK(st.st_mode) ? DT_LNK : DT_UNKNOWN;
	sgit_buf_truncate(&w->full, base);
	return type;
}

static int skip_name(const char *name)
{
	return !strcmp(name, ".") || !strcmp(name, "..") || !strcmp(name, ".git");
}

/* Read the folder w->full (ending with '/'); one that cannot be read is empty, as for git. */
static int read_folder(struct ut_dir *d, struct ut_walk *w)
{
	DIR *dir = opendir(w->full.ptr);
	struct dirent *de;
	int rc = 0;

	if (!dir)
		return 0;
	while ((de = readdir(dir)) != NULL) {
		struct ut_entry *e;

		if (skip_name(de->d_name))
			continue;
		if (d->nr == d->alloc) {
			size_t alloc = d->alloc ? d->alloc * 2 : 32;

			if (!(e = realloc(d->v, alloc * sizeof(*e)))) {
				rc = sgit_error_nomem(w->err);
				break;
			}
			d->v = e;
			d->alloc = alloc;
		}
		e = &d->v[d->nr];
		e->off = d->names.len;
		e->type = entry_type(w, de->d_name, de->d_type);
		if (e->type == DT_UNKNOWN)
			continue;
		if (sgit_buf_add(&d->names, de->d_name, strlen(de->d_name) + 1) < 0) {
			rc = sgit_error_nomem(w->err);
			break;
		}
		d->nr++;
	}
	closedir(dir);
	return rc;
}

static int push(struct ut_walk *w, struct sgit_changes *l, char status)
{
	if (!sgit_changes__push(l, rel(w), rel_len(w), status))
		return sgit_error_nomem(w->err);
	return 0;
}

/* Is the path at w->full (a folder, without its final '/') ignored? 1, 0, or < 0. */
static int ignored_path(struct ut_walk *w, int is_dir)
{
	return sgit_ignore_is_ignored(w->ign, rel(w), is_dir);
}

/* A folder holding a repository of its own: ".git" as a folder with HEAD, or a "gitdir:" file. */
static int nested_repo(struct ut_walk *w)
{
	size_t base = w->full.len;
	struct stat st;
	int found = 0;

	if (sgit_buf_adds(&w->full, "/.git") < 0)
		return 0;
	if (lstat(w->full.ptr, &st) == 0) {
		if (S_ISREG(st.st_mode))
			found = 1;
		else if (S_ISDIR(st.st_mode) && sgit_buf_adds(&w->full, "/HEAD") == 0)
			found = sgit_fs_exists(w->full.ptr);
	}
	sgit_buf_truncate(&w->full, base);
	return found;
}

/* ---- does an untracked folder hold anything untracked? ---- */

static int has_files(struct ut_walk *w, int depth, int any);

/* any: ignored files count too (for --ignored, which shows such a folder as ignored). */
static int probe_entry(struct ut_walk *w, const struct ut_entry *e, int depth, int any)
{
	int is_dir = e->type == DT_DIR, rc;

	if (!any && (rc = ignored_path(w, is_dir)) != 0)
		return rc < 0 ? rc : 0;
	if (!is_dir || nested_repo(w))
		return 1;
	if (sgit_buf_addch(&w->full, '/') < 0)
		return sgit_error_nomem(w->err);
	return has_files(w, depth + 1, any);
}

/* 1 when the folder w->full (with its final '/') holds an untracked file that is not ignored. */
static int has_files(struct ut_walk *w, int depth, int any)
{
	struct ut_dir d = { NULL, 0, 0, SGIT_BUF_INIT };
	size_t base = w->full.len, i;
	int rc = 0;

	if (depth > CHANGES_MAX_DEPTH || (rc = read_folder(&d, w)) < 0)
		goto out;
	for (i = 0; i < d.nr && rc == 0; i++) {
		if (sgit_buf_adds(&w->full, d.names.ptr + d.v[i].off) < 0)
			rc = sgit_error_nomem(w->err);
		else
			rc = probe_entry(w, &d.v[i], depth, any);
		sgit_buf_truncate(&w->full, base);
	}
out:
	ut_dir_release(&d);
	return rc;
}

/* ---- the walk ---- */

static int walk(struct ut_walk *w, int depth);

static int visit_file(struct ut_walk *w)
{
	size_t pos;
	int rc;

	if (sgit_index_find(&pos, w->idx, rel(w), rel_len(w), -1) == 0 ||
	    !sgit_pathspec_selects(w->o->pathspec, rel(w), rel_len(w)))
		return 0;
	if ((rc = ignored_path(w, 0)) < 0)
		return rc;
	if (rc)
		return w->o->want_ignored ? push(w, w->ignored, SGIT_CHANGE_IGNORED) : 0;
	return w->ignored_only ? 0 : push(w, w->untracked, SGIT_CHANGE_UNTRACKED);
}

/* 1 when the index holds files below the folder w->full (with its final '/'). */
static int tracked_folder(const struct ut_walk *w)
{
	const struct sgit_index_entry *e;
	size_t pos;

	if (sgit_index_find(&pos, w->idx, rel(w), rel_len(w), -1) == 0)
		return 1;
	e = sgit_index_entry_at(w->idx, pos);
	return e && e->path_len > rel_len(w) && !memcmp(e->path, rel(w), rel_len(w));
}

/*
 * The ignored paths inside an untracked folder listed as "dir/" (--ignored
 * without -uall): git lists those one by one after the folder.
 */
static int walk_ignored_only(struct ut_walk *w, int depth)
{
	int saved = w->ignored_only, rc;

	w->ignored_only = 1;
	rc = walk(w, depth);
	w->ignored_only = saved;
	return rc;
}

/* A folder below an untracked folder, or an untracked one, listed as a whole. */
static int collapse_folder(struct ut_walk *w, int depth)
{
	int rc = has_files(w, depth, 0);

	if (rc > 0) {
		if (!w->ignored_only && (rc = push(w, w->untracked, SGIT_CHANGE_UNTRACKED)) < 0)
			return rc;
		return w->o->want_ignored ? walk_ignored_only(w, depth) : 0;
	}
	if (rc < 0 || !w->o->want_ignored || (rc = has_files(w, depth, 1)) <= 0)
		return rc;
	return push(w, w->ignored, SGIT_CHANGE_IGNORED);
}

/* An untracked folder (w->full without its final '/'), that the pathspec selects as m. */
static int visit_untracked_folder(struct ut_walk *w, enum sgit_pathspec_match m, int depth)
{
	int whole = m != SGIT_PATHSPEC_LEADING, rc;

	if ((rc = ignored_path(w, 1)) < 0)
		return rc;
	if (rc && !w->o->want_ignored)
		return 0;
	if (!rc && nested_repo(w)) {
		if (!whole || w->ignored_only)
			return 0;
		return sgit_buf_addch(&w->full, '/') < 0 ? sgit_error_nomem(w->err)
			: push(w, w->untracked, SGIT_CHANGE_UNTRACKED);
	}
	if (sgit_buf_addch(&w->full, '/') < 0)
		return sgit_error_nomem(w->err);
	if (w->o->mode == SGIT_UNTRACKED_ALL || !whole)
		return walk(w, depth + 1);
	if (rc)
		return push(w, w->ignored, SGIT_CHANGE_IGNORED);
	return collapse_folder(w, depth + 1);
}

static int visit_folder(struct ut_walk *w, int depth)
{
	enum sgit_pathspec_match m;
	size_t pos;

	/* a submodule's folder: the index knows it as one entry */
	if (sgit_index_find(&pos, w->idx, rel(w), rel_len(w), -1) == 0)
		return 0;
	if (sgit_buf_addch(&w->full, '/') < 0)
		return sgit_error_nomem(w->err);
	if (tracked_folder(w))
		return walk(w, depth + 1);
	m = sgit_pathspec_match(w->o->pathspec, rel(w), rel_len(w));
	sgit_buf_truncate(&w->full, w->full.len - 1);
	if (m == SGIT_PATHSPEC_NONE)
		return 0;
	return visit_untracked_folder(w, m, depth);
}

/* Every entry of the folder w->full (with its final '/', or the top). */
static int walk(struct ut_walk *w, int depth)
{
	struct ut_dir d = { NULL, 0, 0, SGIT_BUF_INIT };
	size_t base = w->full.len, i;
	int rc;

	if (depth > CHANGES_MAX_DEPTH)
		return 0;
	if ((rc = read_folder(&d, w)) < 0)
		goto out;
	for (i = 0; i < d.nr && rc == 0; i++) {
		if (sgit_buf_adds(&w->full, d.names.ptr + d.v[i].off) < 0)
			rc = sgit_error_nomem(w->err);
		else if (d.v[i].type == DT_DIR)
			rc = visit_folder(w, depth);
		else if (d.v[i].type == DT_REG || d.v[i].type == DT_LNK)
			rc = visit_file(w);
		sgit_buf_truncate(&w->full, base);
	}
out:
	ut_dir_release(&d);
	return rc;
}

static int start(struct ut_walk *w)
{
	const char *top = sgit_repo_work_tree(w->repo);

	if (!top)
		return sgit_error_set(w->err, SGIT_EINVALID, "this operation must be run in a work tree");
	if (sgit_buf_sets(&w->full, top) < 0 ||
	    (w->full.len && w->full.ptr[w->full.len - 1] != '/' && sgit_buf_addch(&w->full, '/') < 0))
		return sgit_error_nomem(w->err);
	w->top_len = w->full.len;
	return walk(w, 0);
}

int sgit_changes_untracked(struct sgit_changes *untracked, struct sgit_changes *ignored,
			   struct sgit_repo *repo, const struct sgit_index *idx,
			   const struct sgit_untracked_options *opts)
{
	struct sgit_changes no_ignored = SGIT_CHANGES_INIT;
	struct ut_walk w = { repo, idx, opts->ignore, opts, untracked, ignored ? ignored : &no_ignored,
			     sgit_repo_error(repo), SGIT_BUF_INIT, 0, 0 };
	struct sgit_ignore *own = NULL;
	int rc = 0;

	sgit_changes__clear(untracked);
	if (ignored)
		sgit_changes__clear(ignored);
	if (opts->mode == SGIT_UNTRACKED_NO)
		return 0;
	if (!w.ign && (rc = sgit_ignore_new_for_repo(&own, repo, NULL, NULL)) < 0)
		goto out;
	if (!w.ign)
		w.ign = own;
	if ((rc = start(&w)) < 0)
		goto out;
	sgit_changes__sort(untracked);
	if (ignored)
		sgit_changes__sort(ignored);
out:
	if (rc < 0) {
		sgit_changes__clear(untracked);
		if (ignored)
			sgit_changes__clear(ignored);
	}
	sgit_changes_release(&no_ignored);
	sgit_buf_release(&w.full);
	sgit_ignore_free(own);
	return rc;
}
