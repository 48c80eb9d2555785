/*
 * porcelain/worktree/changes_worktree.c: the index against the work tree (git
 * diff-files), refreshing stat data on the way as git status does.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "porcelain/worktree/changes_int.h"
#include "porcelain/index/index_int.h"
#include "sgit/tree.h"

struct wt_walk {
	struct sgit_index *idx;
	struct sgit_changes *out;
	struct sgit_error *err;
	struct changes_lstat ls;
	const unsigned char *clean;	/* from the preload: entries known unchanged, or NULL */
	unsigned int flags;
	int refreshed;
};

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

	if ((w->clean && w->clean[pos]) || (e->flags & (SGIT_INDEX_SKIP_WORKTREE | SGIT_INDEX_ASSUME_VALID)))
		return 0;
	if ((rc = sgit_changes__lstat(&w->ls, e, &st)) <= 0)
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

static int preload_allowed(const struct sgit_index *idx)
{
	int on;

	if (!idx->repo || sgit_config_get_bool(&on, sgit_repo_config(idx->repo), "core.preloadindex",
						NULL) < 0)
		return 1;
	return on;
}

int sgit_changes_index_worktree(struct sgit_changes *out, int *refreshed, struct sgit_index *idx,
				const struct sgit_pathspec *ps, unsigned int flags)
{
	struct wt_walk w = { idx, out, idx->err, { -1, -2, SGIT_BUF_INIT, SGIT_BUF_INIT, SGIT_BUF_INIT,
			     NULL }, NULL, flags, 0 };
	const char *top = idx->repo ? sgit_repo_work_tree(idx->repo) : NULL;
	unsigned char *clean = NULL;
	int rc, topfd = -1;

	sgit_changes__clear(out);
	if (refreshed)
		*refreshed = 0;
	if (!top) {
		rc = sgit_error_set(idx->err, SGIT_EINVALID, "this operation must be run in a work tree");
		goto out;
	}
	if ((topfd = open(top, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0) {
		rc = sgit_error_set(idx->err, SGIT_EOS, "cannot open '%s': %s", top, strerror(errno));
		goto out;
	}
	sgit_changes__lstat_init(&w.ls, topfd, idx->err);
	/* core.preloadIndex (git's default: true) allows the lstat calls on several threads */
	if (preload_allowed(idx) && (rc = sgit_changes__preload(&clean, idx, topfd, ps)) < 0)
		goto out;
	w.clean = clean;
	rc = walk_index(&w, ps);
	if (rc < 0)
		sgit_changes__clear(out);
	else if (refreshed)
		*refreshed = w.refreshed;
out:
	sgit_changes__lstat_release(&w.ls);
	if (topfd >= 0)
		close(topfd);
	free(clean);
	return rc;
}
