/* porcelain/worktree/worktree_add.c: git add: tracked files brought up to date, untracked files added */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "porcelain/worktree/worktree_int.h"
#include "sgit/odb.h"

/* Folders nested deeper than this are not walked into (a loop of bind mounts, say). */
#define ADD_MAX_DEPTH 1024

struct add_ctx {
	struct sgit_index *idx;
	struct sgit_repo *repo;
	const struct sgit_add_options *o;
	const struct sgit_pathspec *ps;	/* never NULL */
	struct sgit_error *err;
	const char *wt;
	struct sgit_ignore *ign;	/* NULL with force */
	unsigned char *seen;		/* per item: something selected by it */
	struct wt_list newfiles, ignored;
	struct sgit_buf full;		/* scratch */
	struct sgit_buf real_dir;	/* sgit_worktree__beyond_symlink's cache */
};

void sgit_add_result_release(struct sgit_add_result *res)
{
	sgit_worktree__free_strings(res->ignored, res->nignored);
	res->ignored = NULL;
	res->nignored = 0;
	res->unmatched = -1;
}

/* ---- staging one file ---- */

static int read_link(struct sgit_buf *out, const char *full, size_t size, struct sgit_error *err,
		     const char *path)
{
	ssize_t n;

	for (;;) {
		if (sgit_buf_grow(out, size + 1) < 0)
			return sgit_error_nomem(err);
		n = readlink(full, out->ptr, size + 1);
		if (n < 0)
			return sgit_error_set(err, errno == ENOENT ? SGIT_ENOTFOUND : SGIT_EOS,
					      "unable to index file '%s': %s", path, strerror(errno));
		if ((size_t)n <= size)
			break;
		size = size * 2 + 64;
	}
	sgit_buf_setlen(out, (size_t)n);
	return 0;
}

/* The blob of the symlink at full: its target. */
static int link_blob(struct sgit_oid *id, struct sgit_repo *repo, const char *full, const char *path,
		     const struct stat *st, int dry_run)
{
	struct sgit_buf target = SGIT_BUF_INIT;
	struct sgit_error *err = sgit_repo_error(repo);
	int rc;

	if ((rc = read_link(&target, full, (size_t)st->st_size, err, path)) < 0)
		goto out;
	if (dry_run)
		rc = sgit_object_hash(id, SGIT_OBJ_BLOB, target.ptr, target.len) < 0 ?
		     sgit_error_nomem(err) : 0;
	else
		rc = sgit_odb_write(id, sgit_repo_odb(repo), SGIT_OBJ_BLOB, target.ptr, target.len);
out:
	sgit_buf_release(&target);
	return rc;
}

/* The blob of the regular file at full, streamed; *st gets the stat data of what was read. */
static int file_blob(struct sgit_oid *id, struct stat *st, struct sgit_repo *repo, const char *full,
		     const char *path, int dry_run)
{
	struct sgit_error *err = sgit_repo_error(repo);
	int fd = open(full, O_RDONLY | O_NOFOLLOW | O_CLOEXEC), rc;

	if (fd < 0)
		return sgit_error_set(err, errno == ENOENT ? SGIT_ENOTFOUND : SGIT_EOS,
				      "unable to index file '%s': %s", path, strerror(errno));
	if (fstat(fd, st) < 0)
		rc = sgit_error_set(err, SGIT_EOS, "unable to index file '%s': %s", path, strerror(errno));
	else if (!S_ISREG(st->st_mode))
		rc = sgit_error_set(err, SGIT_EINVALID, "unable to index file '%s': not a regular file",
				    path);
	else if (dry_run)
		rc = sgit_odb_hash_fd(id, sgit_repo_odb(repo), SGIT_OBJ_BLOB, fd, (size_t)st->st_size);
	else
		rc = sgit_odb_write_fd(id, sgit_repo_odb(repo), SGIT_OBJ_BLOB, fd, (size_t)st->st_size);
	if (rc < 0 && rc != SGIT_ENOMEM && strncmp(err->msg, "unable to index", 15))
		sgit_error_prefix(err, "unable to index file '%s'", path);
	close(fd);
	return rc;
}

int sgit_worktree_stage_file(int *same, struct sgit_index *idx, struct sgit_repo *repo,
			     const char *path, const struct stat *st, int dry_run)
{
	const struct sgit_index_entry *old = sgit_index_get(idx, path, 0);
	struct sgit_buf full = SGIT_BUF_INIT;
	struct sgit_index_entry e;
	struct stat used = *st;
	int rc;

	if (same)
		*same = 0;
	memset(&e, 0, sizeof(e));
	if ((rc = sgit_worktree__full(&full, sgit_repo_work_tree(repo), path, strlen(path),
				      sgit_repo_error(repo))) < 0)
		goto out;
	if (S_ISLNK(st->st_mode))
		rc = link_blob(&e.id, repo, full.ptr, path, st, dry_run);
	else if (S_ISREG(st->st_mode))
		rc = file_blob(&e.id, &used, repo, full.ptr, path, dry_run);
	else
		rc = sgit_error_set(sgit_repo_error(repo), SGIT_EINVALID,
				    "unable to index file '%s': not a regular file or symlink", path);
	if (rc < 0)
		goto out;
	e.mode = sgit_index_mode_from_stat(idx, old, (unsigned int)used.st_mode);
	sgit_index_entry_fill_stat(&e, &used);
	e.path = path;
	e.path_len = strlen(path);
	if (same)
		*same = old && !(old->flags & SGIT_INDEX_INTENT_TO_ADD) && old->mode == e.mode &&
			sgit_oid_equal(&old->id, &e.id);
	if (!dry_run)
		rc = sgit_index_add(idx, &e, SGIT_INDEX_ADD_REPLACE);
out:
	sgit_buf_release(&full);
	return rc;
}

/* ---- the pathspec ---- */

static void mark_seen(struct add_ctx *c, const char *path, size_t len)
{
	size_t i;

	for (i = 0; i < c->ps->nr; i++)
		if (!c->seen[i]) {
			enum sgit_pathspec_match m = sgit_worktree__item_match(c->ps, i, path, len);

			c->seen[i] = m != SGIT_PATHSPEC_NONE && m != SGIT_PATHSPEC_LEADING;
		}
}

/*
 * An ignored path is reported when an item's literal start is the path
 * itself or a path below it: naming "ign/f" reports the ignored folder "ign".
 */
static int item_names(const struct add_ctx *c, const char *path, size_t len)
{
	size_t i;

	for (i = 0; i < c->ps->nr; i++) {
		const char *item = c->ps->items[i];
		size_t lit = c->ps->nowild[i];

		if (lit >= len && !memcmp(item, path, len) && (lit == len || item[len] == '/'))
			return 1;
	}
	return 0;
}

/* 1 when path (len bytes, no final '/') is left out by the ignore rules; noted when named. */
static int left_out(struct add_ctx *c, const char *path, size_t len, int is_dir)
{
	char *copy;
	int rc;

	if (!c->ign)
		return 0;
	if (!(copy = strndup(path, len)))
		return sgit_error_nomem(c->err);
	rc = sgit_ignore_is_ignored(c->ign, copy, is_dir);
	free(copy);
	if (rc > 0 && item_names(c, path, len) && sgit_worktree__push(&c->ignored, path, len, c->err) < 0)
		return SGIT_ENOMEM;
	return rc;
}

/* ---- the untracked walk ---- */

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names in folder full, sorted, without ".", ".." and ".git". */
static int read_names(struct wt_list *names, const char *full, struct sgit_error *err)
{
	DIR *d = opendir(full);
	struct dirent *de;
	int rc = 0;

	if (!d)
		return errno == ENOENT || errno == ENOTDIR ? 0 :
		       sgit_error_set(err, SGIT_EOS, "cannot open directory '%s': %s", full,
				      strerror(errno));
	while (!rc && (de = readdir(d)))
		if (strcmp(de->d_name, ".") && strcmp(de->d_name, "..") && strcmp(de->d_name, ".git"))
			rc = sgit_worktree__push(names, de->d_name, strlen(de->d_name), err);
	closedir(d);
	if (names->nr)
		qsort(names->items, names->nr, sizeof(*names->items), name_cmp);
	return rc;
}

/* 1 when the folder full holds a repository of its own (git leaves those to submodules). */
static int is_nested_repo(struct add_ctx *c, const char *full)
{
	struct stat st;
	int found;

	if (sgit_buf_sets(&c->full, full) < 0 || sgit_buf_adds(&c->full, "/.git") < 0)
		return 0;
	found = lstat(c->full.ptr, &st) == 0;
	return found;
}

static int walk(struct add_ctx *c, struct sgit_buf *rel, int depth);

static int walk_entry(struct add_ctx *c, struct sgit_buf *rel, const char *name, int depth)
{
	struct sgit_buf full = SGIT_BUF_INIT;
	size_t pos;
	struct stat st;
	int rc;

	if (sgit_buf_adds(rel, name) < 0 ||
	    sgit_worktree__full(&full, c->wt, rel->ptr, rel->len, c->err) < 0) {
		rc = sgit_error_nomem(c->err);
		goto out;
	}
	rc = 0;
	if (lstat(full.ptr, &st) < 0)
		goto out;	/* gone since readdir: nothing to add */
	if (S_ISDIR(st.st_mode)) {
		if ((rc = sgit_buf_addch(rel, '/')) < 0 ||
		    sgit_pathspec_match(c->ps, rel->ptr, rel->len) == SGIT_PATHSPEC_NONE)
			goto out;
		if ((rc = left_out(c, rel->ptr, rel->len - 1, 1)) != 0 || is_nested_repo(c, full.ptr))
			goto out;
		rc = walk(c, rel, depth + 1);
	} else if (S_ISREG(st.st_mode) || S_ISLNK(st.st_mode)) {
		if (sgit_index_find(&pos, c->idx, rel->ptr, rel->len, -1) == 0 ||
		    !sgit_pathspec_selects(c->ps, rel->ptr, rel->len))
			goto out;
		if ((rc = left_out(c, rel->ptr, rel->len, 0)) != 0)
			goto out;
		mark_seen(c, rel->ptr, rel->len);
		rc = sgit_worktree__push(&c->newfiles, rel->ptr, rel->len, c->err);
	}
out:
	sgit_buf_release(&full);
	return rc < 0 ? rc : 0;
}

/* Walk the folder rel ("" or "a/b/") for untracked files the pathspec selects. */
static int walk(struct add_ctx *c, struct sgit_buf *rel, int depth)
{
	struct wt_list names = WT_LIST_INIT;
	struct sgit_buf full = SGIT_BUF_INIT;
	size_t base = rel->len, i;
	int rc;

	if (depth > ADD_MAX_DEPTH)
		return sgit_error_set(c->err, SGIT_EINVALID, "'%s' is nested too deep", rel->ptr);
	if ((rc = sgit_worktree__full(&full, c->wt, rel->ptr, rel->len, c->err)) < 0 ||
	    (rc = read_names(&names, full.ptr, c->err)) < 0)
		goto out;
	for (i = 0; i < names.nr && rc == 0; i++) {
		rc = walk_entry(c, rel, names.items[i], depth);
		sgit_buf_truncate(rel, base);
	}
out:
	sgit_worktree__clear(&names);
	sgit_buf_release(&full);
	return rc;
}

/* ---- tracked files ---- */

/* Every item an index entry selects counts as matched, changed or not. */
static void seen_in_index(struct add_ctx *c)
{
	size_t i, n = sgit_index_count(c->idx);

	for (i = 0; i < n; i++) {
		const struct sgit_index_entry *e = sgit_index_entry_at(c->idx, i);

		mark_seen(c, e->path, e->path_len);
	}
}

/*
 * What the entry of path needs: 0 nothing, 'a' staging (*st filled), 'r'
 * removal (no file, or a folder or a symlinked folder in its place).
 */
static int tracked_action(struct add_ctx *c, const struct sgit_index_entry *e, int unmerged,
			  struct stat *st)
{
	unsigned int changed;
	int rc;

	if (sgit_worktree__full(&c->full, c->wt, e->path, e->path_len, c->err) < 0)
		return SGIT_ENOMEM;
	if (sgit_worktree__beyond_symlink(&c->real_dir, c->wt, e->path) || lstat(c->full.ptr, st) < 0)
		return 'r';
	if ((e->mode & 0170000) == 0160000)
		return 0;	/* a submodule: its commit is the submodule's business */
	if (S_ISDIR(st->st_mode))
		return 'r';
	if (unmerged)
		return 'a';
	if (e->flags & (SGIT_INDEX_ASSUME_VALID | SGIT_INDEX_SKIP_WORKTREE))
		return 0;
	/* stat data differs: restage, which refreshes it even when the content is the same */
	if (sgit_index_entry_stat_changes(c->idx, e, st))
		return 'a';
	if (!sgit_index_entry_is_racy(c->idx, e))
		return 0;
	if ((rc = sgit_index_entry_modified(&changed, c->idx, e, st)) < 0)
		return rc;
	return changed ? 'a' : 0;
}

static void notify(struct add_ctx *c, enum sgit_worktree_event ev, const char *path)
{
	if (c->o->notify)
		c->o->notify(ev, path, NULL, c->o->payload);
}

static int apply_tracked(struct add_ctx *c, const char *path, int action, const struct stat *st)
{
	int same = 0, rc;

	if (action == 'r') {
		notify(c, SGIT_WORKTREE_REMOVE, path);
		if (!c->o->dry_run)
			sgit_index_remove(c->idx, path, strlen(path));
		return 0;
	}
	if ((rc = sgit_worktree_stage_file(&same, c->idx, c->repo, path, st, c->o->dry_run)) < 0)
		return rc;
	if (!same)
		notify(c, SGIT_WORKTREE_ADD, path);
	return 0;
}

/* Decide for every selected entry first: applying changes positions in the index. */
static int update_tracked(struct add_ctx *c)
{
	struct wt_list paths = WT_LIST_INIT;
	struct stat *stats = NULL;
	char *actions = NULL;
	size_t i = 0, n = sgit_index_count(c->idx), k;
	int rc = 0;

	if (n && (!(stats = calloc(n, sizeof(*stats))) || !(actions = calloc(n, 1)))) {
		rc = sgit_error_nomem(c->err);
		goto out;
	}
	while (i < n && rc == 0) {
		const struct sgit_index_entry *e = sgit_index_entry_at(c->idx, i);
		size_t end = i + 1;
		int act;

		while (end < n && sgit_index_entry_at(c->idx, end)->path_len == e->path_len &&
		       !memcmp(sgit_index_entry_at(c->idx, end)->path, e->path, e->path_len))
			end++;
		if (sgit_pathspec_selects(c->ps, e->path, e->path_len)) {
			act = tracked_action(c, e, e->stage || end > i + 1, &stats[paths.nr]);
			if (act < 0)
				rc = act;
			else if (act && (rc = sgit_worktree__push(&paths, e->path, e->path_len, c->err)) == 0)
				actions[paths.nr - 1] = (char)act;
		}
		i = end;
	}
	for (k = 0; k < paths.nr && rc == 0; k++)
		rc = apply_tracked(c, paths.items[k], actions[k], &stats[k]);
out:
	sgit_worktree__clear(&paths);
	free(stats);
	free(actions);
	return rc;
}

/* ---- the whole operation ---- */

static long first_unmatched(struct add_ctx *c)
{
	struct stat st;
	size_t i;

	for (i = 0; i < c->ps->nr; i++) {
		const char *item = c->ps->items[i];

		if (c->seen[i] || !*item)
			continue;
		if (sgit_worktree__full(&c->full, c->wt, item, strlen(item), c->err) < 0 ||
		    lstat(c->full.ptr, &st) < 0)
			return (long)i;
	}
	return -1;
}

static int add_new_files(struct add_ctx *c)
{
	size_t i;
	int rc = 0;

	for (i = 0; i < c->newfiles.nr && rc == 0; i++) {
		const char *path = c->newfiles.items[i];
		struct stat st;

		if (sgit_worktree__full(&c->full, c->wt, path, strlen(path), c->err) < 0)
			return SGIT_ENOMEM;
		if (lstat(c->full.ptr, &st) < 0)
			return sgit_error_set(c->err, SGIT_ENOTFOUND, "unable to stat '%s': %s", path,
					      strerror(errno));
		if ((rc = sgit_worktree_stage_file(NULL, c->idx, c->repo, path, &st, c->o->dry_run)) == 0)
			notify(c, SGIT_WORKTREE_ADD, path);
	}
	return rc;
}

static int run_add(struct add_ctx *c, struct sgit_add_result *res)
{
	struct sgit_buf rel = SGIT_BUF_INIT;
	int rc = 0;

	seen_in_index(c);
	if (c->o->mode == SGIT_ADD_ALL) {
		if (!c->o->force &&
		    (rc = sgit_ignore_new_for_repo(&c->ign, c->repo, c->o->warn, c->o->warn_payload)) < 0)
			goto out;
		if ((rc = walk(c, &rel, 0)) < 0)
			goto out;
		sgit_worktree__sort_uniq(&c->newfiles);
		sgit_worktree__sort_uniq(&c->ignored);
	}
	if ((res->unmatched = first_unmatched(c)) >= 0) {
		rc = sgit_error_set(c->err, SGIT_ENOTFOUND, "pathspec '%s' did not match any files",
				    c->ps->items[res->unmatched]);
		goto out;
	}
	if ((rc = update_tracked(c)) < 0)
		goto out;
	sgit_worktree__detach(&c->ignored, &res->ignored, &res->nignored);
	rc = add_new_files(c);
out:
	sgit_buf_release(&rel);
	return rc;
}

int sgit_worktree_add(struct sgit_add_result *res, struct sgit_index *idx, struct sgit_repo *repo,
		      const struct sgit_add_options *opts)
{
	static const struct sgit_pathspec everything = SGIT_PATHSPEC_INIT;
	struct add_ctx c;
	int rc;

	memset(&c, 0, sizeof(c));
	res->ignored = NULL;
	res->nignored = 0;
	res->unmatched = -1;
	c.idx = idx;
	c.repo = repo;
	c.o = opts;
	c.ps = opts->pathspec ? opts->pathspec : &everything;
	c.err = sgit_repo_error(repo);
	sgit_buf_init(&c.full);
	sgit_buf_init(&c.real_dir);
	if (!(c.wt = sgit_repo_work_tree(repo)))
		return sgit_error_set(c.err, SGIT_EINVALID, "this operation must be run in a work tree");
	if (c.ps->nr && !(c.seen = calloc(c.ps->nr, 1)))
		return sgit_error_nomem(c.err);
	rc = run_add(&c, res);
	sgit_ignore_free(c.ign);
	sgit_worktree__clear(&c.newfiles);
	sgit_worktree__clear(&c.ignored);
	sgit_buf_release(&c.full);
	sgit_buf_release(&c.real_dir);
	free(c.seen);
	return rc;
}
