/* porcelain/worktree/worktree_rm.c: git rm: entries out of the index and files out of the work tree, safely */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "porcelain/worktree/worktree_int.h"
#include "sgit/commit.h"
#include "sgit/odb.h"
#include "sgit/refs.h"

struct rm_ctx {
	struct sgit_index *idx;
	struct sgit_repo *repo;
	const struct sgit_rm_options *o;
	const struct sgit_pathspec *ps;
	struct sgit_error *err;
	const char *wt;
	struct sgit_index *head;	/* HEAD's tree as an index; NULL: no HEAD commit */
	struct wt_list paths;		/* selected paths, index order, each once */
	struct wt_list staged_both, staged, local;
	struct sgit_buf full;
};

void sgit_rm_result_release(struct sgit_rm_result *res)
{
	sgit_worktree__free_strings(res->staged_both, res->nstaged_both);
	sgit_worktree__free_strings(res->staged, res->nstaged);
	sgit_worktree__free_strings(res->local, res->nlocal);
	memset(res, 0, sizeof(*res));
	res->unmatched = res->not_recursive = -1;
}

/* Every selected path once, and per item the best way it matched anything. */
static int select_paths(struct rm_ctx *c, unsigned char *best)
{
	size_t i, j, n = sgit_index_count(c->idx);
	const char *last = NULL;
	size_t last_len = 0;

	for (i = 0; i < n; i++) {
		const struct sgit_index_entry *e = sgit_index_entry_at(c->idx, i);
		int hit = 0;

		for (j = 0; j < c->ps->nr; j++) {
			enum sgit_pathspec_match m = sgit_worktree__item_match(c->ps, j, e->path, e->path_len);

			if (m == SGIT_PATHSPEC_NONE || m == SGIT_PATHSPEC_LEADING)
				continue;
			hit = 1;
			if (m > best[j])
				best[j] = (unsigned char)m;
		}
		if (!hit || (last && last_len == e->path_len && !memcmp(last, e->path, last_len)))
			continue;
		if (sgit_worktree__push(&c->paths, e->path, e->path_len, c->err) < 0)
			return SGIT_ENOMEM;
		last = e->path;
		last_len = e->path_len;
	}
	return 0;
}

static int check_items(struct rm_ctx *c, const unsigned char *best, struct sgit_rm_result *res)
{
	size_t j;

	for (j = 0; j < c->ps->nr; j++) {
		if (!best[j]) {
			if (c->o->ignore_unmatch)
				continue;
			res->unmatched = (long)j;
			return sgit_error_set(c->err, SGIT_ENOTFOUND, "pathspec '%s' did not match any files",
					      c->ps->items[j]);
		}
		if (!c->o->recursive && best[j] == SGIT_PATHSPEC_BELOW) {
			res->not_recursive = (long)j;
			return sgit_error_set(c->err, SGIT_EINVALID, "not removing '%s' recursively without -r",
					      *c->ps->items[j] ? c->ps->items[j] : ".");
		}
	}
	return 0;
}

/* HEAD's tree read into a scratch index, for looking paths up; none before the first commit. */
static int load_head(struct rm_ctx *c)
{
	struct sgit_buf data = SGIT_BUF_INIT;
	enum sgit_object_type type = SGIT_OBJ_NONE;
	struct sgit_commit *commit = NULL;
	struct sgit_oid id;
	int rc;

	if (sgit_refdb_resolve(&id, NULL, sgit_repo_refdb(c->repo), "HEAD") < 0) {
		sgit_error_clear(c->err);
		return 0;
	}
	if ((rc = sgit_odb_read(&data, &type, sgit_repo_odb(c->repo), &id)) < 0)
		goto out;
	if (type != SGIT_OBJ_COMMIT) {
		rc = sgit_error_set(c->err, SGIT_ECORRUPT, "HEAD is not a commit");
		goto out;
	}
	if ((rc = sgit_commit_parse(&commit, data.ptr, data.len, c->err)) < 0 ||
	    (rc = sgit_index_new(&c->head, c->repo, c->err)) < 0)
		goto out;
	rc = sgit_index_read_tree(c->head, sgit_commit_tree_id(commit), 0);
out:
	sgit_commit_free(commit);
	sgit_buf_release(&data);
	return rc;
}

/* The checks git makes so that rm never loses content that exists nowhere else. */
static int check_one(struct rm_ctx *c, const char *path)
{
	const struct sgit_index_entry *e = sgit_index_get(c->idx, path, 0), *h;
	unsigned int changed = 0;
	int local, staged, rc;
	struct stat st;

	if (!e)
		return 0;	/* unmerged: removing it is what resolving it means */
	if ((rc = sgit_worktree__full(&c->full, c->wt, path, strlen(path), c->err)) < 0)
		return rc;
	if (lstat(c->full.ptr, &st) < 0 || (S_ISDIR(st.st_mode) && (e->mode & 0170000) != 0160000))
		return 0;	/* already gone from the work tree */
	if ((rc = sgit_index_entry_modified(&changed, c->idx, e, &st)) < 0)
		return rc;
	local = changed != 0;
	h = c->head ? sgit_index_get(c->head, path, 0) : NULL;
	staged = !h || h->mode != e->mode || !sgit_oid_equal(&h->id, &e->id);
	if (local && staged) {
		if (!c->o->cached || !(e->flags & SGIT_INDEX_INTENT_TO_ADD))
			return sgit_worktree__push(&c->staged_both, path, strlen(path), c->err);
		return 0;
	}
	if (c->o->cached)
		return 0;
	if (staged && (rc = sgit_worktree__push(&c->staged, path, strlen(path), c->err)) < 0)
		return rc;
	if (local && (rc = sgit_worktree__push(&c->local, path, strlen(path), c->err)) < 0)
		return rc;
	return 0;
}

static int check_all(struct rm_ctx *c, struct sgit_rm_result *res)
{
	size_t i;
	int rc;

	if ((rc = load_head(c)) < 0)
		return rc;
	for (i = 0; i < c->paths.nr; i++)
		if ((rc = check_one(c, c->paths.items[i])) < 0)
			return rc;
	if (!c->staged_both.nr && !c->staged.nr && !c->local.nr)
		return 0;
	sgit_worktree__detach(&c->staged_both, &res->staged_both, &res->nstaged_both);
	sgit_worktree__detach(&c->staged, &res->staged, &res->nstaged);
	sgit_worktree__detach(&c->local, &res->local, &res->nlocal);
	return sgit_error_set(c->err, SGIT_ECONFLICT, "'%s' has changes that rm would lose",
			      res->nstaged_both ? res->staged_both[0] :
			      res->nstaged ? res->staged[0] : res->local[0]);
}

/* Remove the file and then every folder above it that is left empty. 0, or -errno. */
static int remove_file(struct rm_ctx *c, const char *path)
{
	char *slash;

	if (sgit_worktree__full(&c->full, c->wt, path, strlen(path), c->err) < 0)
		return -ENOMEM;
	if (unlink(c->full.ptr) < 0 && errno != ENOENT)
		return -errno;
	while ((slash = strrchr(c->full.ptr, '/')) && (size_t)(slash - c->full.ptr) > strlen(c->wt)) {
		*slash = '\0';
		if (rmdir(c->full.ptr) < 0)
			break;
	}
	return 0;
}

static int remove_all(struct rm_ctx *c)
{
	size_t i;
	int removed = 0, rc;

	for (i = 0; i < c->paths.nr; i++) {
		if (c->o->notify)
			c->o->notify(SGIT_WORKTREE_REMOVE, c->paths.items[i], NULL, c->o->payload);
		if (!c->o->dry_run)
			sgit_index_remove(c->idx, c->paths.items[i], strlen(c->paths.items[i]));
	}
	if (c->o->dry_run || c->o->cached)
		return 0;
	/* as git: once a file is gone, failing to remove later ones is not fatal */
	for (i = 0; i < c->paths.nr; i++) {
		if ((rc = remove_file(c, c->paths.items[i])) == 0)
			removed = 1;
		else if (!removed)
			return sgit_error_set(c->err, SGIT_EOS, "git rm: '%s': %s", c->paths.items[i],
					      strerror(-rc));
	}
	return 0;
}

int sgit_worktree_rm(struct sgit_rm_result *res, struct sgit_index *idx, struct sgit_repo *repo,
		     const struct sgit_rm_options *opts)
{
	static const struct sgit_pathspec everything = SGIT_PATHSPEC_INIT;
	struct rm_ctx c;
	unsigned char *best = NULL;
	int rc;

	memset(&c, 0, sizeof(c));
	memset(res, 0, sizeof(*res));
	res->unmatched = res->not_recursive = -1;
	c.idx = idx;
	c.repo = repo;
	c.o = opts;
	c.ps = opts->pathspec ? opts->pathspec : &everything;
	c.err = sgit_repo_error(repo);
	sgit_buf_init(&c.full);
	if (!(c.wt = sgit_repo_work_tree(repo)))
		return sgit_error_set(c.err, SGIT_EINVALID, "this operation must be run in a work tree");
	if (c.ps->nr && !(best = calloc(c.ps->nr, 1)))
		return sgit_error_nomem(c.err);
	if ((rc = select_paths(&c, best)) < 0 || (rc = check_items(&c, best, res)) < 0)
		goto out;
	if (!c.paths.nr)
		goto out;
	if (!opts->force && (rc = check_all(&c, res)) < 0)
		goto out;
	rc = remove_all(&c);
out:
	sgit_index_free(c.head);
	sgit_worktree__clear(&c.paths);
	sgit_worktree__clear(&c.staged_both);
	sgit_worktree__clear(&c.staged);
	sgit_worktree__clear(&c.local);
	sgit_buf_release(&c.full);
	free(best);
	return rc;
}
