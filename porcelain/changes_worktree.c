/*
 * porcelain/changes_worktree.c: the index against the work tree (git
 * diff-files), refreshing stat data on the way as git status does.
 */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include "porcelain/changes_int.h"
#include "porcelain/index_int.h"
#include "sgit/tree.h"

struct wt_walk {
	struct sgit_index *idx;
	struct sgit_changes *out;
	struct sgit_error *err;
	struct sgit_buf full;		/* "<work tree>/" then the path */
	size_t top_len;
	struct sgit_buf good_dir;	/* a folder known to be reached without symlinks, or "" */
	unsigned int flags;
	int refreshed;
};

/* Length of the longest leading run of whole folders shared by a and b. */
static size_t common_dirs(const char *a, size_t alen, const char *b, size_t blen)
{
	size_t i, last = 0;

	for (i = 0; i < alen && i < blen && a[i] == b[i]; i++)
		if (a[i] == '/')
			last = i;
	if (i == alen && (i == blen || b[i] == '/'))
		return i;
	if (i == blen && a[i] == '/')
		return i;
	return last;
}

/*
 * 1 when every folder above path (len bytes) is a real folder, not a
 * symlink: git reports a file reached through a symlinked folder as gone.
 * Folders checked for the previous path are not checked again.
 */
static int real_dirs(struct wt_walk *w, const char *path, size_t len)
{
	const char *slash = memrchr(path, '/', len);
	size_t dirlen = slash ? (size_t)(slash - path) : 0, i;
	struct stat st;

	for (i = common_dirs(path, dirlen, w->good_dir.ptr, w->good_dir.len); i < dirlen;) {
		if (path[i] == '/')
			i++;
		while (i < dirlen && path[i] != '/')
			i++;
		sgit_buf_truncate(&w->full, w->top_len);
		if (sgit_buf_add(&w->full, path, i) < 0)
			return sgit_error_nomem(w->err);
		if (lstat(w->full.ptr, &st) < 0 || !S_ISDIR(st.st_mode))
			return 0;
	}
	if (sgit_buf_set(&w->good_dir, path, dirlen) < 0)
		return sgit_error_nomem(w->err);
	return 1;
}

/* lstat the work tree file of e: 1 when there, 0 when gone, < 0 on error. */
static int stat_entry(struct wt_walk *w, const struct sgit_index_entry *e, struct stat *st)
{
	int rc;

	sgit_buf_truncate(&w->full, w->top_len);
	if (sgit_buf_add(&w->full, e->path, e->path_len) < 0)
		return sgit_error_nomem(w->err);
	if (lstat(w->full.ptr, st) < 0) {
		if (errno == ENOENT || errno == ENOTDIR)
			return 0;
		return sgit_error_set(w->err, SGIT_EOS, "cannot stat '%s': %s", e->path, strerror(errno));
	}
	if (S_ISDIR(st->st_mode) && (e->mode & 0170000) != SGIT_FILEMODE_COMMIT)
		return 0;
	if (memchr(e->path, '/', e->path_len) && (rc = real_dirs(w, e->path, e->path_len)) <= 0)
		return rc;
	return 1;
}

/* Append e's path with status, the index side as old; NULL when out of memory (reported). */
static struct sgit_change *push(struct wt_walk *w, const struct sgit_index_entry *e, char status)
{
	struct sgit_change *c = sgit_changes__push(w->out, e->path, e->path_len, status);

	if (!c) {
		sgit_error_nomem(w->err);
		return NULL;
	}
	if (status != SGIT_CHANGE_UNMERGED && !(e->flags & SGIT_INDEX_INTENT_TO_ADD)) {
		c->old_mode = e->mode;
		c->old_id = e->id;
	}
	return c;
}

/* New stat data for an entry whose content was found unchanged; the cache tree stays valid. */
static void refresh(struct wt_walk *w, size_t pos, const struct stat *st)
{
	sgit_index_entry_fill_stat(&w->idx->entries[pos]->e, st);
	w->refreshed = 1;
}

static int check_entry(struct wt_walk *w, size_t pos)
{
	const struct sgit_index_entry *e = sgit_index_entry_at(w->idx, pos);
	struct sgit_change *c;
	char status = SGIT_CHANGE_MODIFIED;
	unsigned int changed;
	struct stat st;
	int rc;

	if (e->flags & (SGIT_INDEX_SKIP_WORKTREE | SGIT_INDEX_ASSUME_VALID))
		return 0;
	if ((rc = stat_entry(w, e, &st)) <= 0)
		return rc < 0 ? rc : push(w, e, SGIT_CHANGE_DELETED) ? 0 : SGIT_ENOMEM;
	if ((rc = sgit_index_entry_modified(&changed, w->idx, e, &st)) < 0)
		return rc;
	if (!changed) {
		if (sgit_index_entry_stat_changes(w->idx, e, &st) && (w->flags & SGIT_CHANGES_REFRESH))
			refresh(w, pos, &st);
		else if (sgit_index_entry_is_racy(w->idx, e))
			w->refreshed = 1;
		return 0;
	}
	if (e->flags & SGIT_INDEX_INTENT_TO_ADD)
		status = SGIT_CHANGE_ADDED;
	else if ((changed & SGIT_INDEX_TYPE_CHANGED) &&
		 (sgit_index_mode_from_stat(w->idx, e, st.st_mode) & 0170000) != (e->mode & 0170000))
		status = SGIT_CHANGE_TYPE;
	if (!(c = push(w, e, status)))
		return SGIT_ENOMEM;
	c->new_mode = sgit_index_mode_from_stat(w->idx, e, st.st_mode);
	return 0;
}

static int walk_index(struct wt_walk *w, const struct sgit_pathspec *ps)
{
	const struct sgit_index_entry *e;
	struct sgit_change *c;
	size_t pos = 0, end;
	int rc;

	while ((e = sgit_index_entry_at(w->idx, pos)) != NULL) {
		end = pos + 1;
		if (!sgit_pathspec_selects(ps, e->path, e->path_len)) {
			pos = end;
			continue;
		}
		if (e->stage) {
			unsigned int stages = sgit_changes__stages(w->idx, pos, &end);

			if (!(c = push(w, e, SGIT_CHANGE_UNMERGED)))
				return SGIT_ENOMEM;
			c->stages = stages;
		} else if ((rc = check_entry(w, pos)) < 0) {
			return rc;
		}
		pos = end;
	}
	return 0;
}

int sgit_changes_index_worktree(struct sgit_changes *out, int *refreshed, struct sgit_index *idx,
				const struct sgit_pathspec *ps, unsigned int flags)
{
	struct wt_walk w = { idx, out, idx->err, SGIT_BUF_INIT, 0, SGIT_BUF_INIT, flags, 0 };
	const char *top = idx->repo ? sgit_repo_work_tree(idx->repo) : NULL;
	int rc;

	sgit_changes__clear(out);
	if (refreshed)
		*refreshed = 0;
	if (!top) {
		rc = sgit_error_set(idx->err, SGIT_EINVALID, "this operation must be run in a work tree");
		goto out;
	}
	if (sgit_buf_sets(&w.full, top) < 0 ||
	    (w.full.len && w.full.ptr[w.full.len - 1] != '/' && sgit_buf_addch(&w.full, '/') < 0)) {
		rc = sgit_error_nomem(idx->err);
		goto out;
	}
	w.top_len = w.full.len;
	rc = walk_index(&w, ps);
	if (rc < 0)
		sgit_changes__clear(out);
	else if (refreshed)
		*refreshed = w.refreshed;
out:
	sgit_buf_release(&w.full);
	sgit_buf_release(&w.good_dir);
	return rc;
}
