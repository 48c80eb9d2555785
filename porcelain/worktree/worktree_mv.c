/* porcelain/worktree/worktree_mv.c: git mv: files and folders moved in the work tree and the index together */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "porcelain/worktree/worktree_int.h"

/* One move: a file (index entry and work tree), a folder (work tree only) or a file below a moved folder (index only). */
struct mv_item {
	char *src, *dst;
	int folder;		/* rename(2) the folder; its entries are items of their own */
	int index_only;		/* moved on disk with its folder */
};

struct mv_ctx {
	struct sgit_index *idx;
	struct sgit_repo *repo;
	const struct sgit_mv_options *o;
	struct sgit_error *err;
	const char *wt;
	struct mv_item *items;
	size_t nr, alloc;
	struct wt_list targets;		/* destinations taken so far */
	struct sgit_buf full;
};

static int push_item(struct mv_ctx *c, const char *src, size_t slen, const char *dst, size_t dlen,
		     int index_only)
{
	struct mv_item *it;

	if (c->nr == c->alloc) {
		size_t alloc = c->alloc ? c->alloc * 2 : 8;
		struct mv_item *p = realloc(c->items, alloc * sizeof(*p));

		if (!p)
			return sgit_error_nomem(c->err);
		c->items = p;
		c->alloc = alloc;
	}
	it = &c->items[c->nr];
	memset(it, 0, sizeof(*it));
	it->index_only = index_only;
	if (!(it->src = strndup(src, slen)) || !(it->dst = strndup(dst, dlen))) {
		free(it->src);
		return sgit_error_nomem(c->err);
	}
	c->nr++;
	return 0;
}

static void drop_item(struct mv_ctx *c, size_t i)
{
	free(c->items[i].src);
	free(c->items[i].dst);
	memmove(&c->items[i], &c->items[i + 1], (c->nr - i - 1) * sizeof(*c->items));
	c->nr--;
}

static int lstat_path(struct mv_ctx *c, const char *path, struct stat *st)
{
	if (sgit_worktree__full(&c->full, c->wt, path, strlen(path), c->err) < 0)
		return -1;
	return lstat(c->full.ptr, st);
}

/* A folder: each entry below it becomes an index-only item. NULL, or why it cannot move. */
static const char *expand_folder(struct mv_ctx *c, size_t i, int *rc)
{
	struct sgit_buf prefix = SGIT_BUF_INIT, to = SGIT_BUF_INIT;
	size_t pos, first, n = sgit_index_count(c->idx), plen;
	const char *bad = NULL;

	if (sgit_index_find(&pos, c->idx, c->items[i].src, strlen(c->items[i].src), -1) == 0)
		return NULL;	/* a submodule moves as a whole */
	if (sgit_buf_sets(&prefix, c->items[i].src) < 0 || sgit_buf_addch(&prefix, '/') < 0 ||
	    sgit_buf_sets(&to, c->items[i].dst) < 0 || sgit_buf_addch(&to, '/') < 0) {
		*rc = sgit_error_nomem(c->err);
		goto out;
	}
	plen = prefix.len;
	/* "src/..." entries sort together, right where "src/" would go */
	sgit_index_find(&first, c->idx, prefix.ptr, plen, 0);
	for (pos = first; pos < n && *rc == 0; pos++) {
		const struct sgit_index_entry *e = sgit_index_entry_at(c->idx, pos);

		if (e->path_len <= plen || memcmp(e->path, prefix.ptr, plen))
			break;
		if (pos > first && !strcmp(e->path, sgit_index_entry_at(c->idx, pos - 1)->path))
			continue;
		sgit_buf_truncate(&to, strlen(c->items[i].dst) + 1);
		if (sgit_buf_add(&to, e->path + plen, e->path_len - plen) < 0)
			*rc = sgit_error_nomem(c->err);
		else
			*rc = push_item(c, e->path, e->path_len, to.ptr, to.len, 1);
	}
	if (pos == first)
		bad = "source directory is empty";
	else
		c->items[i].folder = 1;
out:
	sgit_buf_release(&prefix);
	sgit_buf_release(&to);
	return bad;
}

static const char *check_dst(struct mv_ctx *c, const char *dst, int *rc)
{
	struct stat st;
	size_t k;

	if (lstat_path(c, dst, &st) == 0) {
		if (!c->o->force)
			return "destination exists";
		if (!S_ISREG(st.st_mode) && !S_ISLNK(st.st_mode))
			return "Cannot overwrite";
		if (c->o->overwriting)
			c->o->overwriting(dst, c->o->payload);
		return NULL;
	}
	for (k = 0; k < c->targets.nr; k++)
		if (!strcmp(c->targets.items[k], dst))
			return "multiple sources for the same target";
	if (*dst && dst[strlen(dst) - 1] == '/')
		return "destination directory does not exist";
	*rc = sgit_worktree__push(&c->targets, dst, strlen(dst), c->err);
	return NULL;
}

/* Why item i cannot move, in git's order of checks, or NULL. */
static const char *check_item(struct mv_ctx *c, size_t i, int *rc)
{
	const char *src = c->items[i].src, *dst = c->items[i].dst;
	const struct sgit_index_entry *e;
	size_t slen = strlen(src), pos;
	struct stat st;

	if (lstat_path(c, src, &st) < 0)
		return "bad source";
	if (!strncmp(src, dst, slen) && (dst[slen] == '\0' || dst[slen] == '/'))
		return "can not move directory into itself";
	if (S_ISDIR(st.st_mode))
		return expand_folder(c, i, rc);
	if (sgit_index_find(&pos, c->idx, src, slen, -1) < 0)
		return "not under version control";
	e = sgit_index_entry_at(c->idx, pos);
	if (e->stage)
		return "conflicted";
	return check_dst(c, dst, rc);
}

static int check_all(struct mv_ctx *c)
{
	size_t i;
	int rc = 0;

	for (i = 0; i < c->nr && rc == 0; i++) {
		const char *bad;

		if (c->o->dry_run && c->o->notify)
			c->o->notify(SGIT_WORKTREE_CHECK, c->items[i].src, c->items[i].dst, c->o->payload);
		bad = check_item(c, i, &rc);
		if (!bad || rc < 0)
			continue;
		if (!c->o->skip_errors)
			return sgit_error_set(c->err, SGIT_EINVALID, "%s, source=%s, destination=%s", bad,
					      c->items[i].src, c->items[i].dst);
		drop_item(c, i--);
	}
	return rc;
}

/* The entry of src renamed to dst, stat data kept. */
static int rename_entry(struct mv_ctx *c, const char *src, const char *dst)
{
	const struct sgit_index_entry *e = sgit_index_get(c->idx, src, 0);
	struct sgit_index_entry copy;
	int rc;

	if (!e)
		return 0;
	copy = *e;
	copy.path = dst;
	copy.path_len = strlen(dst);
	/* add first (it copies), then remove: e points into the index */
	if ((rc = sgit_index_add(c->idx, &copy, SGIT_INDEX_ADD_REPLACE)) < 0)
		return rc;
	sgit_index_remove(c->idx, src, strlen(src));
	return 0;
}

static int move_all(struct mv_ctx *c)
{
	struct sgit_buf from = SGIT_BUF_INIT;
	size_t i;
	int rc = 0;

	for (i = 0; i < c->nr && rc == 0; i++) {
		struct mv_item *it = &c->items[i];

		if (c->o->notify)
			c->o->notify(SGIT_WORKTREE_RENAME, it->src, it->dst, c->o->payload);
		if (c->o->dry_run)
			continue;
		if (!it->index_only) {
			if (sgit_worktree__full(&from, c->wt, it->src, strlen(it->src), c->err) < 0 ||
			    sgit_worktree__full(&c->full, c->wt, it->dst, strlen(it->dst), c->err) < 0) {
				rc = SGIT_ENOMEM;
				break;
			}
			if (rename(from.ptr, c->full.ptr) < 0) {
				if (c->o->skip_errors)
					continue;
				rc = sgit_error_set(c->err, SGIT_EOS, "renaming '%s' failed: %s", it->src,
						    strerror(errno));
				break;
			}
		}
		if (!it->folder)
			rc = rename_entry(c, it->src, it->dst);
	}
	sgit_buf_release(&from);
	return rc;
}

int sgit_worktree_mv(struct sgit_index *idx, struct sgit_repo *repo, const char *const *srcs,
		     const char *const *dsts, size_t n, const struct sgit_mv_options *opts)
{
	struct mv_ctx c;
	size_t i;
	int rc = 0;

	memset(&c, 0, sizeof(c));
	c.idx = idx;
	c.repo = repo;
	c.o = opts;
	c.err = sgit_repo_error(repo);
	sgit_buf_init(&c.full);
	if (!(c.wt = sgit_repo_work_tree(repo)))
		return sgit_error_set(c.err, SGIT_EINVALID, "this operation must be run in a work tree");
	for (i = 0; i < n && rc == 0; i++)
		rc = push_item(&c, srcs[i], strlen(srcs[i]), dsts[i], strlen(dsts[i]), 0);
	if (rc == 0 && (rc = check_all(&c)) == 0)
		rc = move_all(&c);
	for (i = 0; i < c.nr; i++) {
		free(c.items[i].src);
		free(c.items[i].dst);
	}
	free(c.items);
	sgit_worktree__clear(&c.targets);
	sgit_buf_release(&c.full);
	return rc;
}
