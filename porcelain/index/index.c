/* porcelain/index/index.c: the index: open, look up, write through its lock */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "porcelain/index/index_int.h"

int sgit_index__cmp(const char *a, size_t alen, unsigned int astage,
		    const char *b, size_t blen, unsigned int bstage)
{
	int c = memcmp(a, b, alen < blen ? alen : blen);

	if (c)
		return c;
	if (alen != blen)
		return alen < blen ? -1 : 1;
	return astage < bstage ? -1 : astage > bstage;
}

struct index_ientry *sgit_index__entry_new(const struct sgit_index_entry *e)
{
	struct index_ientry *ie = malloc(sizeof(*ie) + e->path_len + 1);

	if (!ie)
		return NULL;
	ie->e = *e;
	memcpy(ie->name, e->path, e->path_len);
	ie->name[e->path_len] = '\0';
	ie->e.path = ie->name;
	ie->uptodate = 0;
	return ie;
}

int sgit_index__append(struct sgit_index *idx, struct index_ientry *ie)
{
	if (idx->nentries == idx->alloc) {
		size_t alloc = idx->alloc ? idx->alloc * 2 : 64;
		struct index_ientry **p = realloc(idx->entries, alloc * sizeof(*p));

		if (!p) {
			free(ie);
			return sgit_error_nomem(idx->err);
		}
		idx->entries = p;
		idx->alloc = alloc;
	}
	idx->entries[idx->nentries++] = ie;
	return 0;
}

void sgit_index__clear_contents(struct sgit_index *idx)
{
	size_t i;

	for (i = 0; i < idx->nentries; i++)
		free(idx->entries[i]);
	idx->nentries = 0;
	sgit_index__ctree_free(idx->ctree);
	idx->ctree = NULL;
	sgit_index__reuc_free_all(idx);
}

/* core.fileMode, core.symlinks, core.trustctime, core.checkStat; git's defaults when unset or bad. */
static void load_config(struct index_config *c, struct sgit_repo *repo)
{
	struct sgit_config *cfg = repo ? sgit_repo_config(repo) : NULL;
	const char *v;

	c->filemode = c->symlinks = c->trustctime = c->checkstat = 1;
	c->loaded = 1;
	c->protect = sgit_index_path_protection(repo);
	if (!cfg)
		return;
	if (sgit_config_get_bool(&c->filemode, cfg, "core.filemode", NULL) < 0)
		c->filemode = 1;
	if (sgit_config_get_bool(&c->symlinks, cfg, "core.symlinks", NULL) < 0)
		c->symlinks = 1;
	if (sgit_config_get_bool(&c->trustctime, cfg, "core.trustctime", NULL) < 0)
		c->trustctime = 1;
	if (sgit_config_get_string(&v, cfg, "core.checkstat") == 0 && v)
		c->checkstat = strcmp(v, "minimal") != 0;
}

const struct index_config *sgit_index__config(struct sgit_index *idx)
{
	return &idx->cfg;
}

static int index_new(struct sgit_index **out, const char *path, struct sgit_repo *repo,
		     struct sgit_error *err)
{
	struct sgit_index *idx = calloc(1, sizeof(*idx));
	struct sgit_lockfile lk = SGIT_LOCKFILE_INIT;

	*out = NULL;
	if (!idx || (path && !(idx->path = strdup(path)))) {
		free(idx);
		return sgit_error_nomem(err ? err : repo ? sgit_repo_error(repo) : NULL);
	}
	idx->repo = repo;
	idx->err = err ? err : repo ? sgit_repo_error(repo) : &idx->own_err;
	idx->lock = lk;
	load_config(&idx->cfg, repo);
	*out = idx;
	return 0;
}

/* Read idx->path into idx; a missing file leaves it empty. */
static int load_file(struct sgit_index *idx)
{
	struct sgit_fs_map m = SGIT_FS_MAP_INIT;
	int fd = open(idx->path, O_RDONLY | O_CLOEXEC), rc;
	struct stat st;

	if (fd < 0)
		return errno == ENOENT ? 0 : sgit_error_set(idx->err, SGIT_EOS, "%s: index file open failed: %s",
							    idx->path, strerror(errno));
	if (fstat(fd, &st) < 0) {
		rc = sgit_error_set(idx->err, SGIT_EOS, "cannot stat the index file '%s': %s", idx->path,
				    strerror(errno));
		goto out;
	}
	idx->stamp.sec = (uint32_t)st.st_mtim.tv_sec;
	idx->stamp.nsec = (uint32_t)st.st_mtim.tv_nsec;
	if ((rc = sgit_fs_map_fd(&m, fd, idx->path, idx->err)) == 0)
		rc = sgit_index__parse_into(idx, m.data, m.len);
out:
	sgit_fs_unmap(&m);
	close(fd);
	return rc;
}

int sgit_index_open_file(struct sgit_index **out, const char *path, struct sgit_repo *repo,
			 struct sgit_error *err)
{
	struct sgit_index *idx = NULL;
	int rc;

	if ((rc = index_new(&idx, path, repo, err)) < 0)
		return rc;
	if ((rc = load_file(idx)) < 0) {
		sgit_index_free(idx);
		idx = NULL;
	}
	*out = idx;
	return rc;
}

int sgit_index_new(struct sgit_index **out, struct sgit_repo *repo, struct sgit_error *err)
{
	return index_new(out, NULL, repo, err);
}

int sgit_index_parse(struct sgit_index **out, const void *data, size_t len, struct sgit_error *err)
{
	struct sgit_index *idx = NULL;
	int rc;

	if ((rc = index_new(&idx, NULL, NULL, err)) < 0)
		return rc;
	if ((rc = sgit_index__parse_into(idx, data, len)) < 0) {
		sgit_index_free(idx);
		idx = NULL;
	}
	*out = idx;
	return rc;
}

/* GIT_INDEX_FILE (a relative one is taken from the top of the work tree, where git runs), or <git dir>/index. */
static int index_file_path(struct sgit_buf *out, struct sgit_repo *repo)
{
	const char *env = sgit_repo_getenv(repo, "GIT_INDEX_FILE");
	const char *wt = sgit_repo_work_tree(repo);
	int rc;

	if (env && *env)
		rc = env[0] == '/' || !wt ? sgit_buf_sets(out, env) : sgit_fs_join(out, wt, env);
	else
		rc = sgit_fs_join(out, sgit_repo_git_dir(repo), "index");
	return rc < 0 ? sgit_error_nomem(sgit_repo_error(repo)) : 0;
}

static int open_repo_index(struct sgit_index **out, struct sgit_repo *repo, int locked)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	struct sgit_index *idx = NULL;
	int rc;

	*out = NULL;
	if ((rc = index_file_path(&path, repo)) < 0 || (rc = index_new(&idx, path.ptr, repo, NULL)) < 0)
		goto out;
	if (locked && (rc = sgit_index_lock(idx)) < 0)
		goto out;
	rc = load_file(idx);
out:
	if (rc < 0)
		sgit_index_free(idx);
	else
		*out = idx;
	sgit_buf_release(&path);
	return rc;
}

int sgit_index_open(struct sgit_index **out, struct sgit_repo *repo)
{
	return open_repo_index(out, repo, 0);
}

int sgit_index_open_locked(struct sgit_index **out, struct sgit_repo *repo)
{
	return open_repo_index(out, repo, 1);
}

void sgit_index_free(struct sgit_index *idx)
{
	if (!idx)
		return;
	sgit_lockfile_rollback(&idx->lock);
	sgit_index__clear_contents(idx);
	free(idx->entries);
	free(idx->reuc);
	free(idx->path);
	free(idx);
}

const char *sgit_index_path(const struct sgit_index *idx)
{
	return idx->path;
}

unsigned int sgit_index_version(const struct sgit_index *idx)
{
	return idx->version;
}

int sgit_index_set_version(struct sgit_index *idx, unsigned int version)
{
	if (version < 2 || version > 4)
		return sgit_error_set(idx->err, SGIT_EINVALID, "index-version %u not in range: 2..4", version);
	idx->version = version;
	return 0;
}

size_t sgit_index_count(const struct sgit_index *idx)
{
	return idx->nentries;
}

const struct sgit_index_entry *sgit_index_entry_at(const struct sgit_index *idx, size_t pos)
{
	return pos < idx->nentries ? &idx->entries[pos]->e : NULL;
}

int sgit_index_find(size_t *pos, const struct sgit_index *idx, const char *path, size_t len,
		    int stage)
{
	size_t lo = 0, hi = idx->nentries;
	unsigned int want = stage < 0 ? 0 : (unsigned int)stage;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct sgit_index_entry *e = &idx->entries[mid]->e;

		if (sgit_index__cmp(e->path, e->path_len, e->stage, path, len, want) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	*pos = lo;
	if (lo < idx->nentries) {
		const struct sgit_index_entry *e = &idx->entries[lo]->e;

		if (e->path_len == len && !memcmp(e->path, path, len) && (stage < 0 || e->stage == want))
			return 0;
	}
	return SGIT_ENOTFOUND;
}

const struct sgit_index_entry *sgit_index_get(const struct sgit_index *idx, const char *path,
					      int stage)
{
	size_t pos;

	return sgit_index_find(&pos, idx, path, strlen(path), stage) == 0 ? &idx->entries[pos]->e : NULL;
}

int sgit_index_has_conflicts(const struct sgit_index *idx)
{
	size_t i;

	for (i = 0; i < idx->nentries; i++)
		if (idx->entries[i]->e.stage)
			return 1;
	return 0;
}

/* ---- writing ---- */

int sgit_index_lock(struct sgit_index *idx)
{
	if (!idx->path)
		return sgit_error_set(idx->err, SGIT_EINVALID, "this index has no file to lock");
	if (idx->lock.fd >= 0)
		return sgit_error_set(idx->err, SGIT_EINVALID, "the index '%s' is locked already", idx->path);
	return sgit_lockfile_acquire(&idx->lock, idx->path, idx->err);
}

void sgit_index_unlock(struct sgit_index *idx)
{
	sgit_lockfile_rollback(&idx->lock);
}

int sgit_index_write_locked(struct sgit_index *idx)
{
	struct sgit_buf data = SGIT_BUF_INIT;
	unsigned int version = 2;
	struct stat st;
	int rc;

	if (idx->lock.fd < 0)
		return sgit_error_set(idx->err, SGIT_EINVALID, "the index '%s' is not locked",
				      idx->path ? idx->path : "");
	if ((rc = sgit_index__smudge_racy(idx)) < 0 ||
	    (rc = sgit_index__serialize_to(&data, &idx->lock, &version, idx)) < 0)
		goto out;
	/* the new file's time is what later readers compare entries with */
	if (fstat(idx->lock.fd, &st) == 0) {
		idx->stamp.sec = (uint32_t)st.st_mtim.tv_sec;
		idx->stamp.nsec = (uint32_t)st.st_mtim.tv_nsec;
	}
	if ((rc = sgit_lockfile_commit(&idx->lock, idx->err)) < 0)
		goto out;
	if (idx->version != 4)
		idx->version = version;
out:
	sgit_lockfile_rollback(&idx->lock);
	sgit_buf_release(&data);
	return rc;
}

int sgit_index_write(struct sgit_index *idx)
{
	int rc = sgit_index_lock(idx);

	return rc < 0 ? rc : sgit_index_write_locked(idx);
}
