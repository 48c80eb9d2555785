/* porcelain/index/index_stat.c: index entries against the work tree: stat data, racy git, content */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "porcelain/index/index_int.h"
#include "sgit/object.h"
#include "sgit/odb.h"
#include "sgit/refs.h"
#include "sgit/tree.h"

#define S_IFGITLINK 0160000

static const char empty_blob_hex[] = "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391";

static int is_type(unsigned int mode, unsigned int type)
{
	return (mode & S_IFMT) == type;
}

unsigned int sgit_index_mode_from_stat(const struct sgit_index *idx,
				       const struct sgit_index_entry *existing, unsigned int st_mode)
{
	if (S_ISLNK(st_mode))
		return SGIT_FILEMODE_LINK;
	if (S_ISDIR(st_mode))
		return SGIT_FILEMODE_COMMIT;
	/* without symlinks a checked-out link is a plain file holding the target */
	if (S_ISREG(st_mode) && !idx->cfg.symlinks && existing && is_type(existing->mode, S_IFLNK))
		return existing->mode;
	if (!idx->cfg.filemode)
		return existing && is_type(existing->mode, S_IFREG) ? existing->mode : SGIT_FILEMODE_BLOB;
	return st_mode & 0100 ? SGIT_FILEMODE_BLOB_EXECUTABLE : SGIT_FILEMODE_BLOB;
}

void sgit_index_entry_fill_stat(struct sgit_index_entry *e, const struct stat *st)
{
	e->ctime.sec = (uint32_t)st->st_ctim.tv_sec;
	e->ctime.nsec = (uint32_t)st->st_ctim.tv_nsec;
	e->mtime.sec = (uint32_t)st->st_mtim.tv_sec;
	e->mtime.nsec = (uint32_t)st->st_mtim.tv_nsec;
	e->dev = (uint32_t)st->st_dev;
	e->ino = (uint32_t)st->st_ino;
	e->uid = (uint32_t)st->st_uid;
	e->gid = (uint32_t)st->st_gid;
	e->size = (uint32_t)st->st_size;
}

/*
 * The stat fields git compares. Nanoseconds are compared too: that only
 * ever sends more entries to the content check, never fewer.
 */
static unsigned int stat_data_changes(const struct index_config *c, const struct sgit_index_entry *e,
				      const struct stat *st)
{
	unsigned int changed = 0;

	if (e->mtime.sec != (uint32_t)st->st_mtim.tv_sec ||
	    (c->checkstat && e->mtime.nsec != (uint32_t)st->st_mtim.tv_nsec))
		changed |= SGIT_INDEX_MTIME_CHANGED;
	if (c->trustctime && c->checkstat && (e->ctime.sec != (uint32_t)st->st_ctim.tv_sec ||
					      e->ctime.nsec != (uint32_t)st->st_ctim.tv_nsec))
		changed |= SGIT_INDEX_CTIME_CHANGED;
	if (c->checkstat && (e->uid != (uint32_t)st->st_uid || e->gid != (uint32_t)st->st_gid))
		changed |= SGIT_INDEX_OWNER_CHANGED;
	if (c->checkstat && e->ino != (uint32_t)st->st_ino)
		changed |= SGIT_INDEX_INODE_CHANGED;
	if (e->size != (uint32_t)st->st_size)
		changed |= SGIT_INDEX_DATA_CHANGED;
	return changed;
}

static int is_empty_blob(const struct sgit_oid *id)
{
	char hex[SGIT_OID_HEXSZ + 1];

	return !strcmp(sgit_oid_tohex(hex, id), empty_blob_hex);
}

unsigned int sgit_index_entry_stat_changes(const struct sgit_index *idx,
					   const struct sgit_index_entry *e, const struct stat *st)
{
	const struct index_config *c = &idx->cfg;
	unsigned int changed = 0;

	if (e->flags & SGIT_INDEX_INTENT_TO_ADD)
		return SGIT_INDEX_DATA_CHANGED | SGIT_INDEX_TYPE_CHANGED | SGIT_INDEX_MODE_CHANGED;
	switch (e->mode & S_IFMT) {
	case S_IFREG:
		if (!S_ISREG(st->st_mode))
			changed |= SGIT_INDEX_TYPE_CHANGED;
		else if (c->filemode && ((e->mode ^ st->st_mode) & 0100))
			changed |= SGIT_INDEX_MODE_CHANGED;
		break;
	case S_IFLNK:
		if (!S_ISLNK(st->st_mode) && (c->symlinks || !S_ISREG(st->st_mode)))
			changed |= SGIT_INDEX_TYPE_CHANGED;
		break;
	case S_IFGITLINK:
		/* a submodule's stat data says nothing; its HEAD is checked by content */
		return S_ISDIR(st->st_mode) ? 0 : SGIT_INDEX_TYPE_CHANGED;
	default:
		return SGIT_INDEX_TYPE_CHANGED;
	}
	changed |= stat_data_changes(c, e, st);
	/* size 0 for a non-empty blob: smudged as racily clean, or never stat'ed (read-tree) */
	if (!e->size && !is_empty_blob(&e->id))
		changed |= SGIT_INDEX_DATA_CHANGED;
	return changed;
}

int sgit_index_entry_is_racy(const struct sgit_index *idx, const struct sgit_index_entry *e)
{
	/* seconds only: an entry from the same second as the index is racy whatever its nanoseconds */
	return idx->stamp.sec && !is_type(e->mode, S_IFGITLINK) && idx->stamp.sec <= e->mtime.sec;
}

static int worktree_path(struct sgit_buf *out, struct sgit_index *idx, const char *path)
{
	const char *wt = idx->repo ? sgit_repo_work_tree(idx->repo) : NULL;

	if (!wt)
		return sgit_error_set(idx->err, SGIT_EINVALID, "cannot look at '%s' without a work tree", path);
	return sgit_fs_join(out, wt, path) < 0 ? sgit_error_nomem(idx->err) : 0;
}

/* The submodule's HEAD is the entry's commit; 1 too when it cannot be read (git's choice). */
static int gitlink_matches(const char *dir, const struct sgit_oid *want)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf gitdir = SGIT_BUF_INIT, file = SGIT_BUF_INIT;
	struct sgit_refdb *db = NULL;
	struct sgit_oid head;
	int match = 1;

	if (sgit_fs_join(&gitdir, dir, ".git") < 0)
		goto out;
	if (sgit_fs_is_file(gitdir.ptr) && sgit_fs_read_file(&file, gitdir.ptr, &err) == 0) {
		sgit_buf_rtrim(&file);
		if (strncmp(file.ptr, "gitdir: ", 8))
			goto out;
		if (file.ptr[8] == '/' ? sgit_buf_sets(&gitdir, file.ptr + 8) < 0 :
		    sgit_fs_join(&gitdir, dir, file.ptr + 8) < 0)
			goto out;
	}
	if (sgit_refdb_open(&db, gitdir.ptr, NULL, &err) == 0 &&
	    sgit_refdb_resolve(&head, NULL, db, "HEAD") == 0)
		match = sgit_oid_equal(&head, want);
out:
	sgit_refdb_free(db);
	sgit_buf_release(&gitdir);
	sgit_buf_release(&file);
	return match;
}

/* The blob id of what the symlink at path points to. */
static int hash_link(struct sgit_oid *out, struct sgit_index *idx, const char *path, size_t size)
{
	struct sgit_buf target = SGIT_BUF_INIT;
	ssize_t n;
	int rc;

	for (;;) {
		if ((rc = sgit_buf_grow(&target, size + 1)) < 0)
			goto out;
		n = readlink(path, target.ptr, size + 1);
		if (n < 0) {
			rc = sgit_error_set(idx->err, SGIT_EOS, "readlink(\"%s\"): %s", path, strerror(errno));
			goto out;
		}
		if ((size_t)n <= size)
			break;
		size = size * 2 + 64;
	}
	if ((rc = sgit_object_hash(out, SGIT_OBJ_BLOB, target.ptr, (size_t)n)) < 0)
		sgit_error_nomem(idx->err);
out:
	sgit_buf_release(&target);
	return rc;
}

static int hash_file(struct sgit_oid *out, struct sgit_index *idx, const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), rc;
	struct stat st;

	if (fd < 0)
		return sgit_error_set(idx->err, errno == ENOENT ? SGIT_ENOTFOUND : SGIT_EOS,
				      "cannot open '%s': %s", path, strerror(errno));
	if (fstat(fd, &st) < 0)
		rc = sgit_error_set(idx->err, SGIT_EOS, "cannot stat '%s': %s", path, strerror(errno));
	else
		rc = sgit_odb_hash_fd(out, sgit_repo_odb(idx->repo), SGIT_OBJ_BLOB, fd, (size_t)st.st_size);
	close(fd);
	return rc;
}

int sgit_index_entry_content_matches(struct sgit_index *idx, const struct sgit_index_entry *e,
				     const struct stat *st)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	struct sgit_oid id;
	int rc;

	if ((rc = worktree_path(&path, idx, e->path)) < 0)
		goto out;
	if (is_type(e->mode, S_IFGITLINK))
		rc = S_ISDIR(st->st_mode) && gitlink_matches(path.ptr, &e->id);
	else if (S_ISLNK(st->st_mode) && (rc = hash_link(&id, idx, path.ptr, (size_t)st->st_size)) == 0)
		rc = sgit_oid_equal(&id, &e->id);
	else if (S_ISREG(st->st_mode) && (rc = hash_file(&id, idx, path.ptr)) == 0)
		rc = sgit_oid_equal(&id, &e->id);
	else if (!S_ISLNK(st->st_mode) && !S_ISREG(st->st_mode))
		rc = 0;
out:
	sgit_buf_release(&path);
	return rc;
}

int sgit_index_entry_modified(unsigned int *changed, struct sgit_index *idx,
			      const struct sgit_index_entry *e, const struct stat *st)
{
	unsigned int c;
	int rc;

	*changed = 0;
	if (e->flags & (SGIT_INDEX_SKIP_WORKTREE | SGIT_INDEX_ASSUME_VALID))
		return 0;
	c = sgit_index_entry_stat_changes(idx, e, st);
	if (is_type(e->mode, S_IFGITLINK) && !(e->flags & SGIT_INDEX_INTENT_TO_ADD)) {
		if (!c && (rc = sgit_index_entry_content_matches(idx, e, st)) <= 0)
			c = rc < 0 ? 0 : SGIT_INDEX_DATA_CHANGED;
		*changed = c;
		return 0;
	}
	if (!c && !sgit_index_entry_is_racy(idx, e))
		return 0;
	/* a type or mode change, or a size change the stat data can vouch for, needs no reading */
	if ((c & (SGIT_INDEX_MODE_CHANGED | SGIT_INDEX_TYPE_CHANGED)) ||
	    ((c & SGIT_INDEX_DATA_CHANGED) && e->size)) {
		*changed = c;
		return 0;
	}
	if ((rc = sgit_index_entry_content_matches(idx, e, st)) < 0)
		return rc;
	*changed = rc ? 0 : c | SGIT_INDEX_DATA_CHANGED;
	return 0;
}

int sgit_index__smudge_racy(struct sgit_index *idx)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	const char *wt = idx->repo ? sgit_repo_work_tree(idx->repo) : NULL;
	size_t i;
	int rc = 0;

	for (i = 0; wt && i < idx->nentries; i++) {
		struct sgit_index_entry *e = &idx->entries[i]->e;
		struct stat st;

		if (idx->entries[i]->uptodate || !sgit_index_entry_is_racy(idx, e))
			continue;
		if ((rc = sgit_fs_join(&path, wt, e->path)) < 0) {
			rc = sgit_error_nomem(idx->err);
			break;
		}
		if (lstat(path.ptr, &st) < 0 || sgit_index_entry_stat_changes(idx, e, &st))
			continue;
		/* unchanged stat data but other content: make the size tell later readers */
		rc = sgit_index_entry_content_matches(idx, e, &st);
		if (rc == 0)
			e->size = 0;
		rc = 0;
	}
	sgit_buf_release(&path);
	return rc;
}
