/*
 * porcelain/checkout/checkout.c: move the index and the work tree from one tree to
 * another. A switch is planned in full first (git's two-way merge rules of
 * read-tree -m -u): only when no path is refused is anything written.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "porcelain/checkout/checkout_int.h"
#include "sgit/ignore.h"
#include "util/fs.h"

enum co_act { ACT_KEEP, ACT_UPDATE, ACT_REMOVE };

struct co_plan {
	struct sgit_checkout_report *rep;
	struct sgit_repo *repo;
	struct sgit_index *idx;
	enum sgit_checkout_mode mode;
	struct co_wt wt;
	struct co_list items;
	unsigned char *act;		/* enum co_act for each item */
	unsigned char *done;		/* index positions settled as part of a folder a file replaces */
	struct sgit_checkout_pathlist drop;	/* index paths the target lacks (one-way) */
	struct sgit_ignore *ign;	/* made when first needed */
};

void sgit_checkout_report_release(struct sgit_checkout_report *rep)
{
	struct sgit_checkout_pathlist *lists[SGIT_CHECKOUT_NREJECT + 2];
	size_t i, j;

	for (i = 0; i < SGIT_CHECKOUT_NREJECT; i++)
		lists[i] = &rep->rejected[i];
	lists[SGIT_CHECKOUT_NREJECT] = &rep->unmerged;
	lists[SGIT_CHECKOUT_NREJECT + 1] = &rep->invalid;
	for (i = 0; i <= SGIT_CHECKOUT_NREJECT + 1; i++) {
		for (j = 0; j < lists[i]->count; j++)
			free(lists[i]->paths[j]);
		free(lists[i]->paths);
		lists[i]->paths = NULL;
		lists[i]->count = lists[i]->alloc = 0;
	}
	rep->written = rep->removed = 0;
}

static int same(const struct sgit_index_entry *e, unsigned int mode, const struct sgit_oid *id)
{
	return e && mode && e->mode == mode && sgit_oid_equal(&e->id, id);
}

/* Record a refused path (a leading folder may be named by several paths: listed once). */
static int reject(struct co_plan *p, enum sgit_checkout_reject why, const char *path, size_t len)
{
	struct sgit_checkout_pathlist *l = &p->rep->rejected[why];

	if (l->count && strlen(l->paths[l->count - 1]) == len && !memcmp(l->paths[l->count - 1], path, len))
		return 0;
	if (sgit_checkout__pathlist_add(l, path, len) < 0)
		return sgit_error_nomem(sgit_repo_error(p->repo));
	return 0;
}

/* 1 when path (NUL-terminated) is ignored; untracked but ignored files may be overwritten. */
static int ignored(struct co_plan *p, const char *path, int is_dir)
{
	if (!p->ign && sgit_ignore_new_for_repo(&p->ign, p->repo, NULL, NULL) < 0)
		return -1;
	return sgit_ignore_is_ignored(p->ign, path, is_dir);
}

int sgit_checkout__entry_state(struct co_wt *wt, struct sgit_index *idx, const struct sgit_index_entry *e)
{
	struct stat st;
	unsigned int changed = 0;
	int rc = sgit_checkout__wt_lstat(wt, e->path, e->path_len, &st);

	if (rc)
		return rc < 0 ? rc : CO_MISSING;
	if ((rc = sgit_index_entry_modified(&changed, idx, e, &st)) < 0)
		return rc;
	return changed ? CO_CHANGED : CO_SAME;
}

/* verify_uptodate in git's words: a missing file loses nothing. 1 clean, 0 not, < 0 error. */
static int entry_clean(struct co_wt *wt, struct sgit_index *idx, const struct sgit_index_entry *e)
{
	int state = sgit_checkout__entry_state(wt, idx, e);

	return state < 0 ? state : state != CO_CHANGED;
}

/* A blob above core.bigFileThreshold: streamed to its file, as git streams it. */
static int is_big(struct co_wt *wt, const struct sgit_oid *id)
{
	enum sgit_object_type type;
	size_t size;

	return sgit_odb_read_header(&size, &type, sgit_repo_odb(wt->repo), id) == 0 &&
	       type == SGIT_OBJ_BLOB && size > sgit_repo_big_file_threshold(wt->repo);
}

int sgit_checkout__write_entry(struct co_wt *wt, struct sgit_index *idx, const char *path, size_t len,
			       unsigned int mode, const struct sgit_oid *id)
{
	struct sgit_index_entry e;
	struct sgit_buf data = SGIT_BUF_INIT;
	enum sgit_object_type type = SGIT_OBJ_NONE;
	char hex[SGIT_OID_HEXSZ + 1];
	struct stat st;
	int rc = 0;

	memset(&e, 0, sizeof(e));
	if ((mode & 0170000) == 0100000 && is_big(wt, id)) {
		if ((rc = sgit_checkout__wt_write_stream(wt, path, len, mode, id, &st)) < 0)
			goto out;
		goto stored;
	}
	if ((mode & 0170000) != 0160000 && (rc = sgit_odb_read(&data, &type, sgit_repo_odb(wt->repo), id)) < 0)
		goto out;
	if ((mode & 0170000) != 0160000 && type != SGIT_OBJ_BLOB) {
		rc = sgit_error_set(wt->err, SGIT_ECORRUPT, "object %s for '%s' is a %s, not a blob",
				    sgit_oid_tohex(hex, id), path, sgit_object_type_name(type));
		goto out;
	}
	if ((rc = sgit_checkout__wt_write(wt, path, len, mode, data.ptr, data.len, &st)) < 0)
		goto out;
stored:
	if (!idx)
		goto out;
	e.mode = mode;
	e.id = *id;
	e.path = path;
	e.path_len = len;
	if ((mode & 0170000) != 0160000)
		sgit_index_entry_fill_stat(&e, &st);
	rc = sgit_index_add(idx, &e, SGIT_INDEX_ADD_REPLACE);
out:
	sgit_buf_release(&data);
	return rc;
}

/* ---- the plan of a switch ---- */

struct dir_scan {
	struct co_plan *p;
	int found;
};

/* A file in a folder about to be replaced by a file: tracked or ignored ones may go. */
static int scan_one(const char *path, size_t len, int is_dir, void *payload)
{
	struct dir_scan *s = payload;
	size_t pos;
	int ig;

	if (!is_dir && sgit_index_find(&pos, s->p->idx, path, len, -1) == 0)
		return 0;
	if ((ig = ignored(s->p, path, is_dir)) < 0)
		return ig;
	if (ig)
		return is_dir ? 1 : 0;
	if (is_dir)
		return 0;
	s->found = 1;
	return 2;
}

/*
 * A new file at path where the work tree has a folder: the tracked files in
 * it must be clean (they go), and no untracked file may be in it.
 */
static int folder_in_way(struct co_plan *p, const char *path, size_t len)
{
	struct sgit_buf dir = SGIT_BUF_INIT;
	struct dir_scan s = { p, 0 };
	size_t pos, n = sgit_index_count(p->idx);
	int rc = 0, clean;

	if (sgit_buf_set(&dir, path, len) < 0 || sgit_buf_addch(&dir, '/') < 0) {
		rc = sgit_error_nomem(sgit_repo_error(p->repo));
		goto out;
	}
	if (!p->done && !(p->done = calloc(n ? n : 1, 1))) {
		rc = sgit_error_nomem(sgit_repo_error(p->repo));
		goto out;
	}
	sgit_index_find(&pos, p->idx, dir.ptr, dir.len, -1);
	for (; pos < n; pos++) {
		const struct sgit_index_entry *e = sgit_index_entry_at(p->idx, pos);

		if (e->path_len <= dir.len || memcmp(e->path, dir.ptr, dir.len))
			break;
		p->done[pos] = 1;
		if ((clean = entry_clean(&p->wt, p->idx, e)) < 0) {
			rc = clean;
			goto out;
		}
		if (!clean && (rc = reject(p, SGIT_CHECKOUT_NOT_UPTODATE, e->path, e->path_len)) < 0)
			goto out;
	}
	if ((rc = sgit_checkout__wt_walk(&p->wt, path, len, scan_one, &s)) < 0)
		goto out;
	rc = s.found ? reject(p, SGIT_CHECKOUT_UNTRACKED_DIR, path, len) : 0;
out:
	sgit_buf_release(&dir);
	return rc;
}

/* A leading folder of a new file is a file or a link (lead bytes of path). */
static int leading_in_way(struct co_plan *p, const char *path, size_t lead)
{
	struct sgit_buf q = SGIT_BUF_INIT;
	const struct co_item *it;
	size_t pos;
	int rc = 0, ig;

	if (sgit_buf_set(&q, path, lead) < 0) {
		rc = sgit_error_nomem(sgit_repo_error(p->repo));
		goto out;
	}
	if (sgit_index_find(&pos, p->idx, q.ptr, lead, 0) == 0) {
		it = sgit_checkout__list_find(&p->items, q.ptr, lead);
		if (!it || p->act[it - p->items.items] != ACT_REMOVE)
			rc = reject(p, SGIT_CHECKOUT_LOCAL_CHANGES, path, strlen(path));
		goto out;
	}
	if ((ig = ignored(p, q.ptr, 0)) != 0)
		rc = ig < 0 ? ig : 0;
	else
		rc = reject(p, SGIT_CHECKOUT_UNTRACKED_OVERWRITTEN, q.ptr, lead);
out:
	sgit_buf_release(&q);
	return rc;
}

/* Nothing untracked may be lost where a file is written (or a tracked path removed). */
static int verify_absent(struct co_plan *p, const struct co_item *it, enum sgit_checkout_reject why)
{
	size_t lead = sgit_checkout__wt_leading_nondir(&p->wt, it->path, it->len);
	struct stat st;
	int rc, ig;

	if (lead)
		return why == SGIT_CHECKOUT_UNTRACKED_REMOVED ? 0 : leading_in_way(p, it->path, lead);
	if ((rc = sgit_checkout__wt_lstat(&p->wt, it->path, it->len, &st)) != 0)
		return rc < 0 ? rc : 0;
	if (S_ISDIR(st.st_mode)) {
		if (why == SGIT_CHECKOUT_UNTRACKED_REMOVED || (it->nmode & 0170000) == 0160000)
			return 0;
		return folder_in_way(p, it->path, it->len);
	}
	if ((ig = ignored(p, it->path, 0)) != 0)
		return ig < 0 ? ig : 0;
	return reject(p, why, it->path, it->len);
}

/* git's two-way merge for one path where the trees differ. */
static int plan_switch_item(struct co_plan *p, size_t k)
{
	struct co_item *it = &p->items.items[k];
	const struct sgit_index_entry *cur = NULL;
	size_t pos;
	int clean;

	p->act[k] = ACT_KEEP;
	if (sgit_index_find(&pos, p->idx, it->path, it->len, 0) == 0)
		cur = sgit_index_entry_at(p->idx, pos);
	if (cur && p->done && p->done[pos]) {
		p->act[k] = ACT_REMOVE;
		return 0;
	}
	if (cur) {
		if (same(cur, it->nmode, &it->nid))
			return 0;
		if (!same(cur, it->omode, &it->oid))
			return reject(p, SGIT_CHECKOUT_LOCAL_CHANGES, it->path, it->len);
		if ((clean = entry_clean(&p->wt, p->idx, cur)) <= 0)
			return clean < 0 ? clean : reject(p, SGIT_CHECKOUT_NOT_UPTODATE, it->path, it->len);
		p->act[k] = it->nmode ? ACT_UPDATE : ACT_REMOVE;
		return 0;
	}
	if (!it->nmode)
		return verify_absent(p, it, SGIT_CHECKOUT_UNTRACKED_REMOVED);
	/* the old tree has it and the index does not: a staged deletion the switch would undo */
	if (it->omode)
		return reject(p, SGIT_CHECKOUT_LOCAL_CHANGES, it->path, it->len);
	p->act[k] = ACT_UPDATE;
	return verify_absent(p, it, SGIT_CHECKOUT_UNTRACKED_OVERWRITTEN);
}

/* Index entries at pos and after with the same path as entry pos: where the next path starts. */
static size_t path_run(struct sgit_index *idx, size_t pos)
{
	const struct sgit_index_entry *e = sgit_index_entry_at(idx, pos), *f;
	size_t n = sgit_index_count(idx);

	while (++pos < n && (f = sgit_index_entry_at(idx, pos))->path_len == e->path_len &&
	       !memcmp(f->path, e->path, e->path_len))
		;
	return pos;
}

static int path_cmp(const char *a, size_t alen, const char *b, size_t blen)
{
	int c = memcmp(a, b, alen < blen ? alen : blen);

	return c ? c : alen < blen ? -1 : alen > blen;
}

/* One-way: the target's entry k against the index entries [pos, end) of its path. */
static int plan_oneway_item(struct co_plan *p, size_t k, size_t pos, size_t end)
{
	const struct co_item *it = &p->items.items[k];
	const struct sgit_index_entry *cur = pos < end ? sgit_index_entry_at(p->idx, pos) : NULL;
	int state;

	p->act[k] = ACT_UPDATE;
	if (!cur || cur->stage || end - pos != 1 || !same(cur, it->nmode, &it->nid))
		return 0;
	if (p->mode == SGIT_CHECKOUT_INDEX_ONLY) {
		p->act[k] = ACT_KEEP;
		return 0;
	}
	if ((state = sgit_checkout__entry_state(&p->wt, p->idx, cur)) < 0)
		return state;
	/* an entry whose file is as staged keeps its stat data; a missing file is written again */
	if (state == CO_SAME)
		p->act[k] = ACT_KEEP;
	return 0;
}

static int plan_oneway(struct co_plan *p)
{
	size_t pos = 0, n = sgit_index_count(p->idx), k = 0;
	int rc = 0;

	while (!rc && (pos < n || k < p->items.count)) {
		const struct sgit_index_entry *e = pos < n ? sgit_index_entry_at(p->idx, pos) : NULL;
		const struct co_item *it = k < p->items.count ? &p->items.items[k] : NULL;
		int c = !e ? 1 : !it ? -1 : path_cmp(e->path, e->path_len, it->path, it->len);
		size_t end = e ? path_run(p->idx, pos) : pos;

		if (c < 0) {
			if (sgit_checkout__pathlist_add(&p->drop, e->path, e->path_len) < 0)
				rc = sgit_error_nomem(sgit_repo_error(p->repo));
			pos = end;
		} else if (c > 0) {
			rc = plan_oneway_item(p, k++, pos, pos);
		} else {
			rc = plan_oneway_item(p, k++, pos, end);
			pos = end;
		}
	}
	return rc;
}

/* ---- carrying it out ---- */

static int apply(struct co_plan *p)
{
	int worktree = p->mode != SGIT_CHECKOUT_INDEX_ONLY;
	size_t k;
	int rc = 0;

	/* removals first: a file may give way to a folder, a folder to a file */
	for (k = 0; k < p->drop.count + p->items.count && rc >= 0; k++) {
		const char *path = k < p->drop.count ? p->drop.paths[k] : p->items.items[k - p->drop.count].path;
		size_t len = strlen(path);

		if (k >= p->drop.count && p->act[k - p->drop.count] != ACT_REMOVE)
			continue;
		/* an entry no tree could hold (a crafted index) leaves the index, its "file" stays */
		if (worktree && sgit_index_path_valid(path, len, 0100644, p->wt.protect) &&
		    (rc = sgit_checkout__wt_remove(&p->wt, path, len)) > 0)
			p->rep->removed++;
		if (rc >= 0)
			rc = sgit_index_remove(p->idx, path, len);
	}
	for (k = 0; k < p->items.count && rc >= 0; k++) {
		const struct co_item *it = &p->items.items[k];
		struct sgit_index_entry e;

		if (p->act[k] != ACT_UPDATE)
			continue;
		if (worktree) {
			if ((rc = sgit_checkout__write_entry(&p->wt, p->idx, it->path, it->len, it->nmode, &it->nid)) == 0)
				p->rep->written++;
			continue;
		}
		memset(&e, 0, sizeof(e));
		e.mode = it->nmode;
		e.id = it->nid;
		e.path = it->path;
		e.path_len = it->len;
		rc = sgit_index_add(p->idx, &e, SGIT_INDEX_ADD_REPLACE);
	}
	return rc < 0 ? rc : 0;
}

static int rejected_any(const struct sgit_checkout_report *rep)
{
	size_t i;

	for (i = 0; i < SGIT_CHECKOUT_NREJECT; i++)
		if (rep->rejected[i].count)
			return 1;
	return 0;
}

/*
 * An index never written yet is filled from the target (git's "initial
 * checkout"): every path of the target is new, and those only the old tree
 * has are still checked for untracked files.
 */
static int initial_items(struct co_plan *p, const struct sgit_oid *from, const struct sgit_oid *to,
			 struct sgit_checkout_pathlist *invalid)
{
	struct sgit_checkout_pathlist seen = { NULL, 0, 0 };
	struct co_list old = { NULL, 0, 0 };
	size_t k;
	int rc;

	/* the target's invalid paths are reported once, from the second walk */
	if ((rc = sgit_checkout__diff_trees_skip(&old, &seen, p->repo, from, to)) < 0 ||
	    (rc = sgit_checkout__diff_trees_skip(&p->items, invalid, p->repo, NULL, to)) < 0)
		goto out;
	for (k = 0; k < old.count && rc >= 0; k++) {
		struct co_item *it = &old.items[k];

		if (it->nmode)
			continue;
		if (p->items.count == p->items.alloc && sgit_checkout__list_grow(&p->items) < 0) {
			rc = sgit_error_nomem(sgit_repo_error(p->repo));
			break;
		}
		p->items.items[p->items.count++] = *it;
		it->path = NULL;
	}
	sgit_checkout__list_sort(&p->items);
out:
	for (k = 0; k < seen.count; k++)
		free(seen.paths[k]);
	free(seen.paths);
	sgit_checkout__list_free(&old);
	return rc;
}

/*
 * git names every path it refuses, except where a file already stands in the
 * work tree: a switch reports that as an untracked file in the way.
 */
static int sort_invalid(struct co_plan *p, struct sgit_checkout_pathlist *invalid)
{
	struct stat st;
	size_t k;
	int rc = 0;
	for (k = 0; k < invalid->count && rc >= 0; k++) {
		const char *path = invalid->paths[k];
		size_t len = strlen(path);

		if (p->mode == SGIT_CHECKOUT_SWITCH && sgit_checkout__wt_lstat(&p->wt, path, len, &st) == 0 &&
		    !S_ISDIR(st.st_mode))
			rc = reject(p, SGIT_CHECKOUT_UNTRACKED_OVERWRITTEN, path, len);
		else if (sgit_checkout__pathlist_add(&p->rep->invalid, path, len) < 0)
			rc = sgit_error_nomem(sgit_repo_error(p->repo));
	}
	return rc;
}

static int plan_items(struct co_plan *p, const struct sgit_oid *from, const struct sgit_oid *to)
{
	struct sgit_checkout_pathlist invalid = { NULL, 0, 0 };
	size_t k;
	int rc;

	if (p->mode != SGIT_CHECKOUT_SWITCH)
		rc = sgit_checkout__diff_trees_skip(&p->items, &invalid, p->repo, NULL, to);
	else if (!sgit_index_version(p->idx) && !sgit_index_count(p->idx))
		rc = initial_items(p, from, to, &invalid);
	else
		rc = sgit_checkout__diff_trees_skip(&p->items, &invalid, p->repo, from, to);
	if (rc >= 0)
		rc = sort_invalid(p, &invalid);
	for (k = 0; k < invalid.count; k++)
		free(invalid.paths[k]);
	free(invalid.paths);
	return rc;
}

static int plan(struct co_plan *p, const struct sgit_oid *from, const struct sgit_oid *to)
{
	struct sgit_checkout_pathlist *bad = &p->rep->invalid;
	size_t k;
	int rc;

	if ((rc = plan_items(p, from, to)) < 0)
		return rc;
	if (!(p->act = calloc(p->items.count ? p->items.count : 1, 1)))
		return sgit_error_nomem(sgit_repo_error(p->repo));
	if (p->mode != SGIT_CHECKOUT_SWITCH)
		rc = plan_oneway(p);
	for (k = 0; k < p->items.count && rc >= 0 && p->mode == SGIT_CHECKOUT_SWITCH; k++)
		rc = plan_switch_item(p, k);
	if (rc >= 0 && bad->count)
		rc = sgit_error_set(sgit_repo_error(p->repo), SGIT_EINVALID, "invalid path '%s'", bad->paths[0]);
	else if (rc >= 0 && rejected_any(p->rep))
		rc = sgit_error_set(sgit_repo_error(p->repo), SGIT_ECONFLICT,
				    "local changes or untracked files would be overwritten");
	return rc;
}

int sgit_checkout_tree(struct sgit_checkout_report *rep, struct sgit_repo *repo, struct sgit_index *idx,
		       const struct sgit_oid *from, const struct sgit_oid *to, enum sgit_checkout_mode mode)
{
	struct co_plan p;
	size_t i;
	int rc;

	memset(&p, 0, sizeof(p));
	p.rep = rep;
	p.repo = repo;
	p.idx = idx;
	p.mode = mode;
	if (mode == SGIT_CHECKOUT_SWITCH && sgit_index_has_conflicts(idx))
		return sgit_error_set(sgit_repo_error(repo), SGIT_ECONFLICT,
				      "you need to resolve your current index first");
	if ((rc = sgit_checkout__wt_open(&p.wt, repo)) < 0 && mode != SGIT_CHECKOUT_INDEX_ONLY)
		goto out;
	if ((rc = plan(&p, from, to)) == 0)
		rc = apply(&p);
out:
	sgit_checkout__wt_close(&p.wt);
	sgit_checkout__list_free(&p.items);
	for (i = 0; i < p.drop.count; i++)
		free(p.drop.paths[i]);
	free(p.drop.paths);
	free(p.act);
	free(p.done);
	sgit_ignore_free(p.ign);
	return rc;
}

int sgit_checkout_clear_branch_state(struct sgit_repo *repo)
{
	static const char *const files[] = {
		"MERGE_HEAD", "MERGE_MSG", "MERGE_MODE", "MERGE_RR", "AUTO_MERGE", "SQUASH_MSG",
		"CHERRY_PICK_HEAD", "REVERT_HEAD",
	};
	struct sgit_buf path = SGIT_BUF_INIT;
	size_t i;
	int rc = 0;

	for (i = 0; i < sizeof(files) / sizeof(files[0]) && !rc; i++) {
		if (sgit_fs_join(&path, sgit_repo_git_dir(repo), files[i]) < 0)
			rc = sgit_error_nomem(sgit_repo_error(repo));
		else if (unlink(path.ptr) < 0 && errno != ENOENT)
			rc = sgit_error_set(sgit_repo_error(repo), SGIT_EOS, "cannot remove '%s': %s", path.ptr,
					    strerror(errno));
	}
	sgit_buf_release(&path);
	return rc;
}
