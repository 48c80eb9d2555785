/*
 * porcelain/worktree/status.c: what git status reports: HEAD against the index
 * (staged), the index against the work tree (not staged), untracked files,
 * and the state around them (branch, unborn, merge in progress).
 */
#include <stdlib.h>
#include <string.h>
#include "porcelain/worktree/changes_int.h"
#include "porcelain/branches/refinfo.h"
#include "sgit/branch.h"
#include "sgit/commit.h"
#include "sgit/odb.h"
#include "sgit/refs.h"
#include "sgit/status.h"
#include "util/fs.h"

void sgit_status_release(struct sgit_status *st)
{
	size_t i;

	for (i = 0; i < st->nr; i++)
		free(st->items[i].path);
	free(st->items);
	st->items = NULL;
	st->nr = st->alloc = 0;
	sgit_changes_release(&st->untracked);
	sgit_changes_release(&st->ignored);
	sgit_buf_release(&st->branch);
	sgit_buf_release(&st->detached);
	sgit_buf_release(&st->upstream);
}

static struct sgit_status_item *add_item(struct sgit_status *st, const struct sgit_change *c)
{
	struct sgit_status_item *it;

	if (st->nr == st->alloc) {
		size_t alloc = st->alloc ? st->alloc * 2 : 16;

		if (!(it = realloc(st->items, alloc * sizeof(*it))))
			return NULL;
		st->items = it;
		st->alloc = alloc;
	}
	it = &st->items[st->nr];
	memset(it, 0, sizeof(*it));
	if (!(it->path = strdup(c->path)))
		return NULL;
	it->path_len = c->path_len;
	it->stages = c->stages;
	st->nr++;
	return it;
}

/* Join the staged and unstaged lists (both in path order) into items. */
static int join(struct sgit_status *st, const struct sgit_changes *staged,
		const struct sgit_changes *unstaged)
{
	size_t i = 0, j = 0;

	while (i < staged->nr || j < unstaged->nr) {
		const struct sgit_change *a = i < staged->nr ? &staged->items[i] : NULL;
		const struct sgit_change *b = j < unstaged->nr ? &unstaged->items[j] : NULL;
		struct sgit_status_item *it;
		int cmp = !a ? 1 : !b ? -1
			: sgit_changes__pathcmp(a->path, a->path_len, b->path, b->path_len);

		if (!(it = add_item(st, cmp <= 0 ? a : b)))
			return SGIT_ENOMEM;
		if (cmp <= 0)
			it->index_status = staged->items[i++].status;
		if (cmp >= 0) {
			it->worktree_status = unstaged->items[j].status;
			it->stages |= unstaged->items[j++].stages;
		}
	}
	return 0;
}

/* The branch HEAD names, and the tree of its commit when there is one (*has_tree). */
static int read_head(struct sgit_status *st, struct sgit_oid *head, struct sgit_oid *tree,
		     int *has_tree, struct sgit_repo *repo)
{
	struct sgit_buf data = SGIT_BUF_INIT;
	struct sgit_commit *commit = NULL;
	enum sgit_object_type type;
	int rc;

	*has_tree = 0;
	rc = sgit_refdb_resolve(head, &st->branch, sgit_repo_refdb(repo), "HEAD");
	if (rc == SGIT_ENOTFOUND && st->branch.len) {
		st->initial = 1;
		sgit_error_clear(sgit_repo_error(repo));
		return 0;
	}
	if (rc < 0 || (rc = sgit_odb_read(&data, &type, sgit_repo_odb(repo), head)) < 0)
		goto out;
	if (type != SGIT_OBJ_COMMIT) {
		rc = sgit_error_set(sgit_repo_error(repo), SGIT_ECORRUPT, "HEAD is not a commit");
		goto out;
	}
	if ((rc = sgit_commit_parse(&commit, data.ptr, data.len, sgit_repo_error(repo))) < 0)
		goto out;
	*tree = *sgit_commit_tree_id(commit);
	*has_tree = 1;
out:
	sgit_commit_free(commit);
	sgit_buf_release(&data);
	return rc;
}

/* "(HEAD detached at x)" as git branch has it, without the parentheses, or git's "no branch" line. */
static int describe_detached(struct sgit_status *st, struct sgit_repo *repo)
{
	struct sgit_buf desc = SGIT_BUF_INIT;
	int rc;

	if ((rc = sgit_branch_head_description(&desc, repo)) < 0)
		goto out;
	if (!strcmp(desc.ptr, "(no branch)") || desc.len < 2 || desc.ptr[0] != '(')
		rc = sgit_buf_sets(&st->detached, "Not currently on any branch.");
	else
		rc = sgit_buf_set(&st->detached, desc.ptr + 1, desc.len - 2);
out:
	sgit_buf_release(&desc);
	return rc;
}

/* How the branch stands against its upstream, when it has one. */
static int read_upstream(struct sgit_status *st, struct sgit_repo *repo, const struct sgit_oid *head)
{
	struct sgit_buf full = SGIT_BUF_INIT;
	struct sgit_oid up;
	int rc;

	if (st->initial || strncmp(st->branch.ptr, "refs/heads/", 11))
		return 0;
	if ((rc = sgit_branch_upstream(&full, repo, st->branch.ptr + 11)) < 0 || !full.len)
		goto out;
	if ((rc = sgit_ref_shorten(&st->upstream, sgit_repo_refdb(repo), full.ptr)) < 0)
		goto out;
	rc = sgit_refdb_resolve(&up, NULL, sgit_repo_refdb(repo), full.ptr);
	if (rc == SGIT_ENOTFOUND) {
		sgit_error_clear(sgit_repo_error(repo));
		st->upstream_gone = 1;
		rc = 0;
	} else if (rc == 0) {
		rc = sgit_refinfo_ahead_behind(&st->ahead, &st->behind, repo, head, &up);
	}
out:
	sgit_buf_release(&full);
	return rc;
}

static int merge_in_progress(struct sgit_repo *repo)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	int found = sgit_fs_join(&path, sgit_repo_git_dir(repo), "MERGE_HEAD") == 0 &&
		    sgit_fs_is_file(path.ptr);

	sgit_buf_release(&path);
	return found;
}

/* git's verdicts, from the items. */
static void judge(struct sgit_status *st)
{
	size_t i;
	int unmerged = 0;

	for (i = 0; i < st->nr; i++) {
		const struct sgit_status_item *it = &st->items[i];

		if (it->index_status && it->index_status != SGIT_CHANGE_UNMERGED)
			st->committable = 1;
		if (it->worktree_status)
			st->workdir_dirty = 1;
		if (it->stages) {
			unmerged = 1;
			if (st->initial)
				st->committable = 1;
		}
	}
	if (st->merging && !unmerged)
		st->committable = 1;
}

/* Open the index under its lock when it is free (to write it back), else without. */
static int open_index(struct sgit_index **idx, int *locked, struct sgit_repo *repo, int write)
{
	int rc;

	*locked = 0;
	if (write) {
		rc = sgit_index_open_locked(idx, repo);
		if (rc != SGIT_ELOCKED) {
			*locked = rc == 0;
			return rc;
		}
		sgit_error_clear(sgit_repo_error(repo));
	}
	return sgit_index_open(idx, repo);
}

/* What the staged changes are judged against: HEAD's tree, unless the caller gives one. */
struct base {
	int given;
	const struct sgit_oid *tree;	/* with given; NULL: the empty tree */
};

static int compare(struct sgit_status *st, struct sgit_repo *repo, struct sgit_index *idx,
		   const struct sgit_status_options *opts, const struct base *base, int *refreshed)
{
	struct sgit_changes staged = SGIT_CHANGES_INIT, unstaged = SGIT_CHANGES_INIT;
	struct sgit_untracked_options uo = SGIT_UNTRACKED_OPTIONS_INIT;
	const struct sgit_oid *against;
	struct sgit_oid tree, head;
	int rc, has_tree;

	st->untracked_mode = opts->untracked;
	st->show_ignored = opts->ignored;
	if ((rc = read_head(st, &head, &tree, &has_tree, repo)) < 0 ||
	    (!strcmp(st->branch.ptr, "HEAD") && (rc = describe_detached(st, repo)) < 0) ||
	    (rc = read_upstream(st, repo, &head)) < 0)
		goto out;
	against = base->given ? base->tree : has_tree ? &tree : NULL;
	if ((rc = sgit_changes_tree_index(&staged, repo, against, idx, opts->pathspec)) < 0 ||
	    (rc = sgit_changes_index_worktree(&unstaged, refreshed, idx, opts->pathspec,
					      SGIT_CHANGES_REFRESH)) < 0)
		goto out;
	uo.mode = opts->untracked;
	uo.want_ignored = opts->ignored;
	uo.pathspec = opts->pathspec;
	uo.ignore = opts->ignore;
	if ((rc = sgit_changes_untracked(&st->untracked, &st->ignored, repo, idx, &uo)) < 0 ||
	    (rc = join(st, &staged, &unstaged)) < 0)
		goto out;
	st->merging = merge_in_progress(repo);
	judge(st);
out:
	sgit_changes_release(&staged);
	sgit_changes_release(&unstaged);
	return rc;
}

int sgit_status_collect(struct sgit_status *out, struct sgit_repo *repo,
			const struct sgit_status_options *opts)
{
	struct sgit_index *idx = NULL;
	struct base head = { 0, NULL };
	int rc, locked, refreshed = 0;

	if ((rc = open_index(&idx, &locked, repo, opts->write_index)) < 0 ||
	    (rc = compare(out, repo, idx, opts, &head, &refreshed)) < 0)
		goto out;
	/* writing back is a favour to the next command: a failure changes nothing here */
	if (locked && refreshed && sgit_index_write_locked(idx) < 0)
		sgit_error_clear(sgit_repo_error(repo));
out:
	if (rc == SGIT_ENOMEM)
		sgit_error_nomem(sgit_repo_error(repo));
	sgit_index_free(idx);
	return rc;
}

int sgit_status_collect_index(struct sgit_status *out, struct sgit_repo *repo,
			      struct sgit_index *idx, const struct sgit_oid *base_tree, int base_given,
			      const struct sgit_status_options *opts)
{
	struct base base = { base_given, base_tree };
	int refreshed, rc = compare(out, repo, idx, opts, &base, &refreshed);

	if (rc == SGIT_ENOMEM)
		sgit_error_nomem(sgit_repo_error(repo));
	return rc;
}
