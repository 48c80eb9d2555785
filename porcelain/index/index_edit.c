/* porcelain/index/index_edit.c: changing the entries of the index: add, replace, remove */
#include <stdlib.h>
#include <string.h>
#include "porcelain/index/index_int.h"
#include "sgit/tree.h"

static int grow(struct sgit_index *idx)
{
	size_t alloc;
	struct index_ientry **p;

	if (idx->nentries < idx->alloc)
		return 0;
	alloc = idx->alloc ? idx->alloc * 2 : 64;
	if (!(p = realloc(idx->entries, alloc * sizeof(*p))))
		return sgit_error_nomem(idx->err);
	idx->entries = p;
	idx->alloc = alloc;
	return 0;
}

/* Remove entries [pos, end); conflict stages are remembered as resolve-undo data. */
static void remove_range(struct sgit_index *idx, size_t pos, size_t end)
{
	size_t i;

	if (pos >= end)
		return;
	sgit_index__reuc_record(idx, pos, end);
	for (i = pos; i < end; i++) {
		sgit_index__ctree_invalidate(idx, idx->entries[i]->e.path, idx->entries[i]->e.path_len);
		free(idx->entries[i]);
	}
	memmove(idx->entries + pos, idx->entries + end, (idx->nentries - end) * sizeof(*idx->entries));
	idx->nentries -= end - pos;
}

/* The end of the run of entries from pos that have path (len bytes). */
static size_t path_end(const struct sgit_index *idx, size_t pos, const char *path, size_t len)
{
	while (pos < idx->nentries && idx->entries[pos]->e.path_len == len &&
	       !memcmp(idx->entries[pos]->e.path, path, len))
		pos++;
	return pos;
}

/* 1 when the entry at pos lies under the folder dir (len bytes). */
static int is_under(const struct sgit_index *idx, size_t pos, const char *dir, size_t len)
{
	const struct sgit_index_entry *e = &idx->entries[pos]->e;

	return e->path_len > len && e->path[len] == '/' && !memcmp(e->path, dir, len);
}

/* e's path against dir + "/" (dir: len bytes), bytewise; 0 for every path under dir. */
static int cmp_dir(const struct sgit_index_entry *e, const char *dir, size_t len)
{
	int c = memcmp(e->path, dir, e->path_len < len ? e->path_len : len);

	if (c)
		return c;
	if (e->path_len <= len)
		return -1;
	return (unsigned char)e->path[len] - '/';
}

/* Where the entries under the folder dir (len bytes) begin. */
static size_t dir_start(const struct sgit_index *idx, const char *dir, size_t len)
{
	size_t lo = 0, hi = idx->nentries;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (cmp_dir(&idx->entries[mid]->e, dir, len) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int sgit_index_find_dir(size_t *pos, const struct sgit_index *idx, const char *dir, size_t len)
{
	*pos = dir_start(idx, dir, len);
	return *pos < idx->nentries && is_under(idx, *pos, dir, len) ? 0 : SGIT_ENOTFOUND;
}

/*
 * A file "a" where "a/b" is added, or files "a/..." where "a" is added, at
 * the same stage: removed with replace, else SGIT_EEXISTS as git refuses.
 */
static int check_dir_file(struct sgit_index *idx, const struct sgit_index_entry *e, int replace)
{
	size_t k, pos, end;
	int clash = 0;

	for (k = 0; !clash && k < e->path_len; k++) {
		if (e->path[k] != '/' || sgit_index_find(&pos, idx, e->path, k, (int)e->stage) < 0)
			continue;
		if (replace)
			remove_range(idx, pos, pos + 1);
		clash = !replace;
	}
	for (pos = dir_start(idx, e->path, e->path_len); !clash && pos < idx->nentries &&
	     is_under(idx, pos, e->path, e->path_len); pos = end) {
		end = pos + 1;
		if (idx->entries[pos]->e.stage != e->stage)
			continue;
		if (replace)
			remove_range(idx, pos, end--);
		clash = !replace;
	}
	if (clash)
		return sgit_error_set(idx->err, SGIT_EEXISTS, "'%s' appears as both a file and as a directory",
				      e->path);
	return 0;
}

/* The content (mode, id, flags a tree sees) is what it was: the cache tree stays valid. */
static int same_content(const struct sgit_index_entry *a, const struct sgit_index_entry *b)
{
	return a->mode == b->mode && sgit_oid_equal(&a->id, &b->id) &&
	       (a->flags & SGIT_INDEX_INTENT_TO_ADD) == (b->flags & SGIT_INDEX_INTENT_TO_ADD);
}

/* Put ie (owned) at the place of its path and stage, replacing what is there. */
static int place(struct sgit_index *idx, struct index_ientry *ie)
{
	const struct sgit_index_entry *e = &ie->e;
	size_t pos, end;
	int found = sgit_index_find(&pos, idx, e->path, e->path_len, (int)e->stage) == 0;

	if (found) {
		if (!same_content(&idx->entries[pos]->e, e))
			sgit_index__ctree_invalidate(idx, e->path, e->path_len);
		free(idx->entries[pos]);
		idx->entries[pos] = ie;
	} else {
		if (grow(idx) < 0) {
			free(ie);
			return SGIT_ENOMEM;
		}
		memmove(idx->entries + pos + 1, idx->entries + pos,
			(idx->nentries - pos) * sizeof(*idx->entries));
		idx->entries[pos] = ie;
		idx->nentries++;
		sgit_index__ctree_invalidate(idx, e->path, e->path_len);
	}
	/* a resolution drops the conflict stages; a conflict stage drops the resolution */
	if (!e->stage) {
		end = path_end(idx, pos + 1, e->path, e->path_len);
		remove_range(idx, pos + 1, end);
	} else if (sgit_index_find(&pos, idx, e->path, e->path_len, 0) == 0) {
		remove_range(idx, pos, pos + 1);
	}
	return 0;
}

int sgit_index_add(struct sgit_index *idx, const struct sgit_index_entry *e, unsigned int flags)
{
	struct index_ientry *ie;
	int rc;

	if (e->stage > 3)
		return sgit_error_set(idx->err, SGIT_EINVALID, "invalid stage %u for '%.*s'", e->stage,
				      (int)e->path_len, e->path);
	if (!(flags & SGIT_INDEX_ADD_NO_CHECK)) {
		if (!sgit_index_path_valid(e->path, e->path_len, e->mode, idx->cfg.protect))
			return sgit_error_set(idx->err, SGIT_EINVALID, "invalid path '%.*s'",
					      (int)e->path_len, e->path);
		if ((rc = check_dir_file(idx, e, flags & SGIT_INDEX_ADD_REPLACE)) < 0)
			return rc;
	}
	if (!(ie = sgit_index__entry_new(e)))
		return sgit_error_nomem(idx->err);
	ie->uptodate = 1;
	return place(idx, ie);
}

int sgit_index_remove(struct sgit_index *idx, const char *path, size_t len)
{
	size_t pos;

	if (sgit_index_find(&pos, idx, path, len, -1) < 0)
		return 0;
	remove_range(idx, pos, path_end(idx, pos, path, len));
	return 1;
}

int sgit_index_remove_dir(struct sgit_index *idx, const char *dir, size_t len)
{
	size_t pos, end;

	if (!len) {
		pos = idx->nentries;
		remove_range(idx, 0, idx->nentries);
		return (int)pos;
	}
	pos = end = dir_start(idx, dir, len);
	while (end < idx->nentries && is_under(idx, end, dir, len))
		end++;
	remove_range(idx, pos, end);
	return (int)(end - pos);
}

void sgit_index_remove_at(struct sgit_index *idx, size_t pos)
{
	if (pos < idx->nentries)
		remove_range(idx, pos, pos + 1);
}

void sgit_index_set_flags(struct sgit_index *idx, size_t pos, unsigned int flags)
{
	struct sgit_index_entry *e;

	if (pos >= idx->nentries)
		return;
	e = &idx->entries[pos]->e;
	if ((e->flags ^ flags) & SGIT_INDEX_INTENT_TO_ADD)
		sgit_index__ctree_invalidate(idx, e->path, e->path_len);
	e->flags = flags & (SGIT_INDEX_ASSUME_VALID | SGIT_INDEX_SKIP_WORKTREE | SGIT_INDEX_INTENT_TO_ADD);
}

void sgit_index_clear(struct sgit_index *idx)
{
	sgit_index__clear_contents(idx);
}
