/*
 * porcelain/diff/diff_worktree.c: the work-tree side of a diff: hashing files
 * whose stat data changed, and a tree against the work tree (git diff
 * <commit>) put together from the tree-index and index-work-tree lists
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "porcelain/worktree/changes_int.h"
#include "porcelain/diff/diff_output_int.h"

int sgit_diff_settle_worktree(struct sgit_changes *changes, size_t *dropped,
			      struct sgit_repo *repo)
{
	size_t i, kept = 0, n = 0;
	struct sgit_oid id;

	for (i = 0; i < changes->nr; i++) {
		struct sgit_change *c = &changes->items[i];
		/*
		 * As git: a change of mode is a change whatever the content, and
		 * stays unhashed (--stat then shows a binary file's sizes);
		 * additions are hashed, renames are found by their ids.
		 */
		int unknown = !c->new_id_known && c->new_mode &&
			      (c->status == SGIT_CHANGE_ADDED ||
			       (c->status == SGIT_CHANGE_MODIFIED && c->old_mode == c->new_mode));

		if (unknown && sgit_diff__hash_worktree(&id, repo, c->path, c->new_mode) == 0) {
			c->new_id = id;
			c->new_id_known = 1;
			if (c->status == SGIT_CHANGE_MODIFIED && sgit_oid_equal(&c->old_id, &c->new_id)) {
				free(c->path);
				n++;
				continue;
			}
		} else if (unknown) {
			/* unreadable now: the output will say so; the list stays as it was */
			sgit_error_clear(sgit_repo_error(repo));
		}
		changes->items[kept++] = *c;
	}
	changes->nr = kept;
	if (dropped)
		*dropped = n;
	return 0;
}

/* ---- unmerged paths ---- */

static int copy_change(struct sgit_changes *out, const struct sgit_change *from,
		       struct sgit_error *err)
{
	struct sgit_change *c = sgit_changes__push(out, from->path, from->path_len, from->status);
	char *path;

	if (!c)
		return sgit_error_nomem(err);
	path = c->path;
	*c = *from;
	c->path = path;
	return 0;
}


/*
 * The work-tree side of path: 1 with *mode (as the index would record it,
 * existing giving what core.fileMode and core.symlinks keep), 0 when there
 * is no file.
 */
static int worktree_mode(unsigned int *mode, struct sgit_repo *repo, const struct sgit_index *idx,
			 const struct sgit_index_entry *existing, const char *path)
{
	struct sgit_buf full = SGIT_BUF_INIT;
	const char *top = sgit_repo_work_tree(repo);
	struct stat st;
	int rc = 0;

	*mode = 0;
	if (!top || sgit_fs_join(&full, top, path) < 0) {
		rc = top ? sgit_error_nomem(sgit_repo_error(repo)) : 0;
		goto out;
	}
	if (lstat(full.ptr, &st) < 0) {
		if (errno != ENOENT && errno != ENOTDIR)
			rc = sgit_error_set(sgit_repo_error(repo), SGIT_EOS, "cannot stat '%s': %s",
					    path, strerror(errno));
		goto out;
	}
	if (S_ISDIR(st.st_mode))
		goto out;
	*mode = sgit_index_mode_from_stat(idx, existing, st.st_mode);
	rc = 1;
out:
	sgit_buf_release(&full);
	return rc;
}

/* old_mode/old_id against the work tree file of path, its id not known yet; nothing when equal. */
static int push_against_worktree(struct sgit_changes *out, struct sgit_repo *repo,
				 const struct sgit_index *idx, const struct sgit_index_entry *existing,
				 const char *path, unsigned int old_mode, const struct sgit_oid *old_id)
{
	struct sgit_change *c;
	unsigned int mode;
	int rc = worktree_mode(&mode, repo, idx, existing, path);
	char status;

	if (rc < 0 || (!rc && !old_mode))
		return rc;
	status = !old_mode ? SGIT_CHANGE_ADDED : !rc ? SGIT_CHANGE_DELETED :
		 DIFF_MODE_TYPE(old_mode) != DIFF_MODE_TYPE(mode) ? SGIT_CHANGE_TYPE :
		 SGIT_CHANGE_MODIFIED;
	if (!(c = sgit_changes__push(out, path, strlen(path), status)))
		return sgit_error_nomem(sgit_repo_error(repo));
	c->old_mode = old_mode;
	if (old_id)
		c->old_id = *old_id;
	c->new_mode = mode;
	return 0;
}

int sgit_diff_index_worktree(struct sgit_changes *out, int *refreshed, struct sgit_index *idx,
			     struct sgit_repo *repo, const struct sgit_pathspec *ps,
			     unsigned int flags, int with_ours)
{
	struct sgit_changes raw = SGIT_CHANGES_INIT;
	const struct sgit_index_entry *ours;
	size_t i;
	int rc;

	sgit_changes__clear(out);
	if ((rc = sgit_changes_index_worktree(&raw, refreshed, idx, ps, flags)) < 0)
		goto out;
	for (i = 0; i < raw.nr && rc >= 0; i++) {
		const struct sgit_change *c = &raw.items[i];

		rc = copy_change(out, c, sgit_repo_error(repo));
		/* git diff-files follows an unmerged path with its "ours" stage against the file */
		if (rc >= 0 && with_ours && c->status == SGIT_CHANGE_UNMERGED &&
		    (ours = sgit_index_get(idx, c->path, 2)) != NULL)
			rc = push_against_worktree(out, repo, idx, ours, c->path, ours->mode, &ours->id);
	}
out:
	if (rc < 0)
		sgit_changes__clear(out);
	sgit_changes_release(&raw);
	return rc;
}

/* ---- tree against work tree ---- */

/* A path both lists have: the tree's side (from a) against the work tree's (from b). */
static int join_change(struct sgit_changes *out, const struct sgit_change *a,
		       const struct sgit_change *b, struct sgit_error *err)
{
	struct sgit_change *c;
	char status;

	if (!a->old_mode && !b->new_mode)
		return 0;	/* added to the index, then removed from the work tree */
	if (b->new_id_known && a->old_mode == b->new_mode && sgit_oid_equal(&a->old_id, &b->new_id))
		return 0;
	status = !a->old_mode ? SGIT_CHANGE_ADDED : !b->new_mode ? SGIT_CHANGE_DELETED :
		 DIFF_MODE_TYPE(a->old_mode) != DIFF_MODE_TYPE(b->new_mode) ? SGIT_CHANGE_TYPE :
		 SGIT_CHANGE_MODIFIED;
	if (!(c = sgit_changes__push(out, a->path, a->path_len, status)))
		return sgit_error_nomem(err);
	c->old_mode = a->old_mode;
	c->old_id = a->old_id;
	c->new_mode = b->new_mode;
	c->new_id = b->new_id;
	c->new_id_known = b->new_id_known;
	return 0;
}

/*
 * Walk both lists in path order: a path only in the first has a work-tree
 * file matching its index entry, one only in the second an index entry
 * matching the tree.
 */
static int join_lists(struct sgit_changes *out, const struct sgit_changes *staged,
		      const struct sgit_changes *unstaged, struct sgit_repo *repo,
		      const struct sgit_index *idx)
{
	struct sgit_error *err = sgit_repo_error(repo);
	size_t i = 0, j = 0;
	int rc = 0, cmp;

	while (!rc && (i < staged->nr || j < unstaged->nr)) {
		const struct sgit_change *a = i < staged->nr ? &staged->items[i] : NULL;
		const struct sgit_change *b = j < unstaged->nr ? &unstaged->items[j] : NULL;

		cmp = !a ? 1 : !b ? -1 : sgit_changes__pathcmp(a->path, a->path_len, b->path,
								 b->path_len);
		/* git diff <commit> compares an unmerged path's file with the tree as it is */
		if (cmp == 0 && a->status == SGIT_CHANGE_UNMERGED)
			rc = push_against_worktree(out, repo, idx, NULL, a->path, a->old_mode,
						   &a->old_id);
		else if (cmp < 0)
			rc = copy_change(out, a, err);
		else if (cmp > 0)
			rc = copy_change(out, b, err);
		else
			rc = join_change(out, a, b, err);
		i += cmp <= 0;
		j += cmp >= 0;
	}
	return rc;
}

int sgit_diff_tree_worktree(struct sgit_changes *out, struct sgit_repo *repo,
			    const struct sgit_oid *tree, struct sgit_index *idx,
			    const struct sgit_pathspec *ps)
{
	struct sgit_changes staged = SGIT_CHANGES_INIT, unstaged = SGIT_CHANGES_INIT;
	int rc;

	sgit_changes__clear(out);
	if ((rc = sgit_changes_tree_index(&staged, repo, tree, idx, ps)) < 0 ||
	    (rc = sgit_changes_index_worktree(&unstaged, NULL, idx, ps, 0)) < 0 ||
	    (rc = join_lists(out, &staged, &unstaged, repo, idx)) < 0)
		sgit_changes__clear(out);
	sgit_changes_release(&staged);
	sgit_changes_release(&unstaged);
	return rc;
}
