/* porcelain/checkout/checkout_paths.c: paths from the index or a tree into the index and the work tree */
#include <stdlib.h>
#include <string.h>
#include "porcelain/checkout/checkout_int.h"
#include "util/wildmatch.h"

struct paths_run {
	struct sgit_checkout_report *rep;
	struct sgit_repo *repo;
	struct sgit_index *idx;
	const struct sgit_checkout_paths_opts *o;
	struct co_wt wt;
	struct co_list src;		/* the source tree's matching leaves */
};

static int has_glob(const char *s)
{
	return strpbrk(s, "*?[") != NULL;
}

/* Does path (len bytes, NUL-terminated) match some pathspec? Marks every one that does. */
static int matches(const struct sgit_checkout_paths_opts *o, const char *path, size_t len)
{
	size_t i;
	int any = 0;

	for (i = 0; i < o->npathspec; i++) {
		const char *s = o->pathspec[i];
		size_t sl = strlen(s);
		int hit;

		if (sl && s[sl - 1] == '/')
			hit = sl <= len && !memcmp(path, s, sl);
		else
			hit = !sl || (sl <= len && !memcmp(path, s, sl) && (sl == len || path[sl] == '/'));
		if (!hit && has_glob(s))
			hit = sgit_wildmatch(s, path, 0);
		if (hit && o->matched)
			o->matched[i] = 1;
		any |= hit;
	}
	return any;
}

/* With opts->matched: every pathspec must have matched something. */
static int check_matched(struct paths_run *r)
{
	size_t i;

	for (i = 0; r->o->matched && i < r->o->npathspec; i++)
		if (!r->o->matched[i])
			return sgit_error_set(sgit_repo_error(r->repo), SGIT_ENOTFOUND,
					      "pathspec '%s' did not match any file(s) known to git",
					      r->o->pathspec[i]);
	return 0;
}

/* Keep only the source leaves the pathspec matches (the list stays sorted). */
static void filter_source(struct paths_run *r)
{
	size_t i, n = 0;

	for (i = 0; i < r->src.count; i++) {
		if (matches(r->o, r->src.items[i].path, r->src.items[i].len))
			r->src.items[n++] = r->src.items[i];
		else
			free(r->src.items[i].path);
	}
	r->src.count = n;
}

/* Write the entry at pos (stage 0) when its work tree file differs or is missing. */
static int refresh_file(struct paths_run *r, size_t pos, int force)
{
	const struct sgit_index_entry *e = sgit_index_entry_at(r->idx, pos);
	struct sgit_buf path = SGIT_BUF_INIT;
	struct sgit_oid id = e->id;
	unsigned int mode = e->mode;
	int rc = force ? CO_CHANGED : sgit_checkout__entry_state(&r->wt, r->idx, e);

	if (rc == CO_SAME || rc < 0)
		return rc < 0 ? rc : 0;
	/* the entry is replaced while it is written: keep its path apart */
	if (sgit_buf_set(&path, e->path, e->path_len) < 0)
		return sgit_error_nomem(sgit_repo_error(r->repo));
	rc = sgit_checkout__write_entry(&r->wt, r->idx, path.ptr, path.len, mode, &id);
	if (rc == 0)
		r->rep->written++;
	sgit_buf_release(&path);
	return rc;
}

/* checkout -- <paths>: the index's entries into the work tree. */
static int from_index(struct paths_run *r)
{
	size_t pos, n = sgit_index_count(r->idx);
	unsigned char *want = calloc(n ? n : 1, 1);
	int rc = 0;

	if (!want)
		return sgit_error_nomem(sgit_repo_error(r->repo));
	for (pos = 0; pos < n && !rc; pos++) {
		const struct sgit_index_entry *e = sgit_index_entry_at(r->idx, pos);

		if (!matches(r->o, e->path, e->path_len))
			continue;
		want[pos] = 1;
		if (!e->stage)
			continue;
		want[pos] = 0;
		if (!r->rep->unmerged.count ||
		    strcmp(r->rep->unmerged.paths[r->rep->unmerged.count - 1], e->path))
			rc = sgit_checkout__pathlist_add(&r->rep->unmerged, e->path, e->path_len);
	}
	if (!rc)
		rc = check_matched(r);
	if (!rc && r->rep->unmerged.count && !(r->o->flags & SGIT_CHECKOUT_PATHS_SKIP_UNMERGED))
		rc = sgit_error_set(sgit_repo_error(r->repo), SGIT_ECONFLICT, "path '%s' is unmerged",
				    r->rep->unmerged.paths[0]);
	/* writing an entry replaces it in place: positions stay valid */
	for (pos = 0; pos < n && !rc && (r->o->flags & SGIT_CHECKOUT_PATHS_WORKTREE); pos++)
		if (want[pos])
			rc = refresh_file(r, pos, 0);
	free(want);
	return rc;
}

/* No overlay: matched index paths the source lacks leave the index and/or the work tree. */
static int remove_missing(struct paths_run *r)
{
	struct sgit_checkout_pathlist gone = { NULL, 0, 0 };
	size_t pos, i, n = sgit_index_count(r->idx);
	int rc = 0;

	for (pos = 0; pos < n && !rc; pos++) {
		const struct sgit_index_entry *e = sgit_index_entry_at(r->idx, pos);

		if (!matches(r->o, e->path, e->path_len) || sgit_checkout__list_find(&r->src, e->path, e->path_len) ||
		    (gone.count && !strcmp(gone.paths[gone.count - 1], e->path)))
			continue;
		if (sgit_checkout__pathlist_add(&gone, e->path, e->path_len) < 0)
			rc = sgit_error_nomem(sgit_repo_error(r->repo));
	}
	for (i = 0; i < gone.count && rc >= 0; i++) {
		size_t len = strlen(gone.paths[i]);

		if ((r->o->flags & SGIT_CHECKOUT_PATHS_WORKTREE) &&
		    (rc = sgit_checkout__wt_remove(&r->wt, gone.paths[i], len)) > 0)
			r->rep->removed++;
		if (rc >= 0 && (r->o->flags & SGIT_CHECKOUT_PATHS_INDEX))
			rc = sgit_index_remove(r->idx, gone.paths[i], len);
	}
	for (i = 0; i < gone.count; i++)
		free(gone.paths[i]);
	free(gone.paths);
	return rc < 0 ? rc : 0;
}

/* One source leaf into the index and/or the work tree. */
static int from_tree_item(struct paths_run *r, const struct co_item *it)
{
	struct sgit_index_entry e;
	size_t pos;
	int in_index = sgit_index_find(&pos, r->idx, it->path, it->len, 0) == 0, staged;
	unsigned int flags = r->o->flags;

	staged = in_index && sgit_index_entry_at(r->idx, pos)->mode == it->nmode &&
		 sgit_oid_equal(&sgit_index_entry_at(r->idx, pos)->id, &it->nid);
	if (staged && sgit_index_find(&pos, r->idx, it->path, it->len, -1) == 0 &&
	    sgit_index_entry_at(r->idx, pos)->stage)
		staged = 0;
	if (staged)
		return (flags & SGIT_CHECKOUT_PATHS_WORKTREE) ? refresh_file(r, pos, 0) : 0;
	if (flags & SGIT_CHECKOUT_PATHS_WORKTREE) {
		/* without INDEX the index is left alone: the file alone gets the source's content */
		struct sgit_index *into = (flags & SGIT_CHECKOUT_PATHS_INDEX) ? r->idx : NULL;
		int rc = sgit_checkout__write_entry(&r->wt, into, it->path, it->len, it->nmode, &it->nid);

		if (rc == 0)
			r->rep->written++;
		return rc;
	}
	memset(&e, 0, sizeof(e));
	e.mode = it->nmode;
	e.id = it->nid;
	e.path = it->path;
	e.path_len = it->len;
	return sgit_index_add(r->idx, &e, SGIT_INDEX_ADD_REPLACE);
}

/* The invalid source paths the pathspec matches go to the report: git names them and goes on. */
static int report_invalid(struct paths_run *r, const struct sgit_checkout_pathlist *all)
{
	/* a refused path does not count as a match: git never read it into its index */
	struct sgit_checkout_paths_opts quiet = *r->o;
	size_t k;

	quiet.matched = NULL;
	for (k = 0; k < all->count; k++) {
		size_t len = strlen(all->paths[k]);

		if (matches(&quiet, all->paths[k], len) &&
		    sgit_checkout__pathlist_add(&r->rep->invalid, all->paths[k], len) < 0)
			return sgit_error_nomem(sgit_repo_error(r->repo));
	}
	return 0;
}

static int from_tree(struct paths_run *r)
{
	struct sgit_checkout_pathlist invalid = { NULL, 0, 0 };
	size_t pos, k, n = sgit_index_count(r->idx);
	int rc;

	if ((rc = sgit_checkout__diff_trees_skip(&r->src, &invalid, r->repo, NULL, r->o->source)) < 0 ||
	    (rc = report_invalid(r, &invalid)) < 0)
		goto out;
	filter_source(r);
	/* without the overlay, index paths count as matched too: they are removed */
	for (pos = 0; (r->o->flags & SGIT_CHECKOUT_PATHS_NO_OVERLAY) && pos < n; pos++) {
		const struct sgit_index_entry *e = sgit_index_entry_at(r->idx, pos);

		matches(r->o, e->path, e->path_len);
	}
	if ((rc = check_matched(r)) < 0)
		goto out;
	if ((r->o->flags & SGIT_CHECKOUT_PATHS_NO_OVERLAY) && (rc = remove_missing(r)) < 0)
		goto out;
	for (k = 0; k < r->src.count && !rc; k++)
		rc = from_tree_item(r, &r->src.items[k]);
out:
	for (k = 0; k < invalid.count; k++)
		free(invalid.paths[k]);
	free(invalid.paths);
	return rc;
}

int sgit_checkout_paths(struct sgit_checkout_report *rep, struct sgit_repo *repo, struct sgit_index *idx,
			const struct sgit_checkout_paths_opts *opts)
{
	struct paths_run r;
	int rc;

	memset(&r, 0, sizeof(r));
	r.rep = rep;
	r.repo = repo;
	r.idx = idx;
	r.o = opts;
	if ((rc = sgit_checkout__wt_open(&r.wt, repo)) < 0 && (opts->flags & SGIT_CHECKOUT_PATHS_WORKTREE))
		goto out;
	rc = opts->source ? from_tree(&r) : from_index(&r);
out:
	sgit_checkout__wt_close(&r.wt);
	sgit_checkout__list_free(&r.src);
	return rc;
}
