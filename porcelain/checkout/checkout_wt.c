/*
 * porcelain/checkout/checkout_wt.c: reading and writing the work tree without ever
 * following a symbolic link. Every folder on the way to a file is opened
 * with O_NOFOLLOW from the top down, so a link planted where a folder
 * should be (by a hostile tree or by anyone else) cannot send a write
 * outside the work tree: it is removed and a real folder made instead.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "porcelain/checkout/checkout_int.h"
#include "sgit/config.h"
#include "sgit/index.h"
#include "sgit/odb.h"
#include "sgit/repo.h"
#include "util/fs.h"

#define DIR_FLAGS (O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)

int sgit_checkout__wt_open(struct co_wt *wt, struct sgit_repo *repo)
{
	const char *top = sgit_repo_work_tree(repo);
	struct sgit_config *cfg = sgit_repo_config(repo);

	memset(wt, 0, sizeof(*wt));
	wt->repo = repo;
	wt->err = sgit_repo_error(repo);
	wt->root_fd = wt->dir_fd = -1;
	sgit_buf_init(&wt->dir);
	wt->keep = sgit_repo_prefix(repo);
	if (!cfg || sgit_config_get_bool(&wt->symlinks, cfg, "core.symlinks", NULL) < 0)
		wt->symlinks = 1;
	wt->protect = sgit_index_path_protection(repo);
	if (!top)
		return sgit_error_set(wt->err, SGIT_EINVALID, "this operation must be run in a work tree");
	if ((wt->root_fd = open(top, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		return sgit_error_set(wt->err, SGIT_EOS, "cannot open the work tree '%s': %s", top,
				      strerror(errno));
	return 0;
}

static void drop_cache(struct co_wt *wt)
{
	if (wt->dir_fd >= 0)
		close(wt->dir_fd);
	wt->dir_fd = -1;
	sgit_buf_reset(&wt->dir);
}

void sgit_checkout__wt_close(struct co_wt *wt)
{
	drop_cache(wt);
	if (wt->root_fd >= 0)
		close(wt->root_fd);
	wt->root_fd = -1;
	sgit_buf_release(&wt->dir);
}

/*
 * Open the folder name (NUL-terminated) in fd. When it is missing, or is
 * a file or a link, create (or replace) it when create is set, else 1.
 */
static int open_sub(struct co_wt *wt, int fd, const char *name, const char *full, size_t flen,
		    int create, int *out)
{
	int sub = openat(fd, name, DIR_FLAGS);

	if (sub >= 0) {
		*out = sub;
		return 0;
	}
	if (errno != ENOENT && errno != ENOTDIR && errno != ELOOP)
		goto fail;
	if (!create)
		return 1;
	/* the plan said this file or link may go; a folder takes its place */
	if (errno != ENOENT && unlinkat(fd, name, 0) < 0 && errno != ENOENT)
		goto fail;
	if ((mkdirat(fd, name, 0777) < 0 && errno != EEXIST) || (sub = openat(fd, name, DIR_FLAGS)) < 0)
		goto fail;
	*out = sub;
	return 0;
fail:
	return sgit_error_set(wt->err, SGIT_EOS, "cannot create folder '%.*s': %s", (int)flen, full,
			      strerror(errno));
}

/* An fd for the folder dir (dlen bytes, "" for the top), borrowed from wt. 1 when absent (create off). */
static int walk_to(struct co_wt *wt, const char *dir, size_t dlen, int create, int *fd_out)
{
	struct sgit_buf name = SGIT_BUF_INIT;
	size_t start = 0, end;
	int fd = wt->root_fd, next = -1, rc = 0;

	if (!dlen) {
		*fd_out = wt->root_fd;
		return 0;
	}
	if (wt->dir_fd >= 0 && wt->dir.len == dlen && !memcmp(wt->dir.ptr, dir, dlen)) {
		*fd_out = wt->dir_fd;
		return 0;
	}
	drop_cache(wt);
	while (start < dlen) {
		const char *slash = memchr(dir + start, '/', dlen - start);

		end = slash ? (size_t)(slash - dir) : dlen;
		if (sgit_buf_set(&name, dir + start, end - start) < 0) {
			rc = sgit_error_nomem(wt->err);
			break;
		}
		rc = open_sub(wt, fd, name.ptr, dir, end, create, &next);
		if (fd != wt->root_fd)
			close(fd);
		fd = wt->root_fd;
		if (rc)
			break;
		fd = next;
		start = end + 1;
	}
	if (!rc && sgit_buf_set(&wt->dir, dir, dlen) < 0) {
		rc = sgit_error_nomem(wt->err);
		close(fd);
	}
	if (!rc) {
		wt->dir_fd = fd;
		*fd_out = fd;
	}
	sgit_buf_release(&name);
	return rc;
}

/* Split path into its folder (*dlen bytes) and its last component. */
static const char *split(const char *path, size_t len, size_t *dlen)
{
	const char *slash = NULL, *p;

	for (p = path; p < path + len; p++)
		if (*p == '/')
			slash = p;
	*dlen = slash ? (size_t)(slash - path) : 0;
	return slash ? slash + 1 : path;
}

int sgit_checkout__wt_lstat(struct co_wt *wt, const char *path, size_t len, struct stat *st)
{
	size_t dlen;
	const char *base = split(path, len, &dlen);
	int fd, rc;

	/* only looks, so any path may be asked about (a switch reports what stands in the way) */
	if ((rc = walk_to(wt, path, dlen, 0, &fd)))
		return rc;
	if (fstatat(fd, base, st, AT_SYMLINK_NOFOLLOW) == 0)
		return 0;
	if (errno == ENOENT || errno == ENOTDIR)
		return 1;
	return sgit_error_set(wt->err, SGIT_EOS, "cannot stat '%s': %s", path, strerror(errno));
}

size_t sgit_checkout__wt_leading_nondir(struct co_wt *wt, const char *path, size_t len)
{
	struct sgit_buf prefix = SGIT_BUF_INIT;
	struct stat st;
	size_t i, found = 0;

	for (i = 0; i < len && !found; i++) {
		if (path[i] != '/')
			continue;
		/* every shorter prefix was a real folder, so nothing here follows a link */
		if (sgit_buf_set(&prefix, path, i) < 0 || fstatat(wt->root_fd, prefix.ptr, &st, AT_SYMLINK_NOFOLLOW) < 0)
			break;
		if (!S_ISDIR(st.st_mode))
			found = i;
	}
	sgit_buf_release(&prefix);
	return found;
}

/* Remove name in fd and everything below it, links removed and never followed. */
static int remove_tree_at(struct co_wt *wt, int fd, const char *name)
{
	int sub = openat(fd, name, DIR_FLAGS), rc = 0;
	struct dirent *de;
	DIR *d;

	if (sub < 0)
		return unlinkat(fd, name, 0) < 0 && errno != ENOENT ? -1 : 0;
	if (!(d = fdopendir(sub))) {
		close(sub);
		return -1;
	}
	while (!rc && (de = readdir(d))) {
		struct stat st;

		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (de->d_type == DT_DIR ||
		    (de->d_type == DT_UNKNOWN && fstatat(sub, de->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
		     S_ISDIR(st.st_mode)))
			rc = remove_tree_at(wt, sub, de->d_name);
		else if (unlinkat(sub, de->d_name, 0) < 0 && errno != ENOENT)
			rc = -1;
	}
	closedir(d);
	if (!rc && unlinkat(fd, name, AT_REMOVEDIR) < 0 && errno != ENOENT)
		rc = -1;
	return rc;
}

/* Make room for a new file at base in fd: a file or link goes, and so does a folder unless keep_dir. */
static int clear_slot(struct co_wt *wt, int fd, const char *base, int keep_dir, const char *path)
{
	struct stat st;
	int failed;

	if (fstatat(fd, base, &st, AT_SYMLINK_NOFOLLOW) < 0)
		return 0;
	if (S_ISDIR(st.st_mode))
		failed = !keep_dir && remove_tree_at(wt, fd, base) < 0;
	else
		failed = unlinkat(fd, base, 0) < 0 && errno != ENOENT;
	if (failed)
		return sgit_error_set(wt->err, SGIT_EOS, "unable to remove '%s': %s", path, strerror(errno));
	return 0;
}

static int write_link(struct co_wt *wt, int fd, const char *base, const void *data, size_t size,
		      const char *path, struct stat *st)
{
	struct sgit_buf target = SGIT_BUF_INIT;
	int rc = 0;

	if (sgit_buf_set(&target, data, size) < 0)
		rc = sgit_error_nomem(wt->err);
	else if (symlinkat(target.ptr, fd, base) < 0 || fstatat(fd, base, st, AT_SYMLINK_NOFOLLOW) < 0)
		rc = sgit_error_set(wt->err, SGIT_EOS, "unable to create symlink '%s': %s", path, strerror(errno));
	sgit_buf_release(&target);
	return rc;
}

static int write_file(struct co_wt *wt, int fd, const char *base, unsigned int mode, const void *data,
		      size_t size, const char *path, struct stat *st)
{
	int ofd = openat(fd, base, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
			 (mode & 0111) ? 0777 : 0666);
	int rc;

	if (ofd < 0)
		return sgit_error_set(wt->err, SGIT_EOS, "unable to create file '%s': %s", path, strerror(errno));
	rc = sgit_fs_write_all(ofd, data, size, path, wt->err);
	if (!rc && fstat(ofd, st) < 0)
		rc = sgit_error_set(wt->err, SGIT_EOS, "cannot stat '%s': %s", path, strerror(errno));
	if (close(ofd) < 0 && !rc)
		rc = sgit_error_set(wt->err, SGIT_EOS, "unable to write file '%s': %s", path, strerror(errno));
	return rc;
}

/* Make room for path: the folder's fd and the last component's name, or < 0. */
static int prepare_slot(struct co_wt *wt, const char *path, size_t len, unsigned int mode, int *fd,
			const char **base)
{
	size_t dlen;
	int rc;

	*base = split(path, len, &dlen);
	/* the last guard: whatever planned this write, nothing lands in .git or outside the tree */
	if (!sgit_index_path_valid(path, len, mode, wt->protect))
		return sgit_error_set(wt->err, SGIT_EINVALID, "invalid path '%.*s'", (int)len, path);
	if ((rc = walk_to(wt, path, dlen, 1, fd)) ||
	    (rc = clear_slot(wt, *fd, *base, (mode & 0170000) == 0160000, path)))
		return rc < 0 ? rc : SGIT_EOS;
	return 0;
}

struct stream_out {
	int fd;
	const char *path;
	struct sgit_error *err;
};

static int stream_piece(const void *data, size_t len, void *payload)
{
	struct stream_out *o = payload;

	return sgit_fs_write_all(o->fd, data, len, o->path, o->err);
}

int sgit_checkout__wt_write_stream(struct co_wt *wt, const char *path, size_t len, unsigned int mode,
				   const struct sgit_oid *id, struct stat *st)
{
	struct stream_out o = { -1, path, wt->err };
	enum sgit_object_type type = SGIT_OBJ_NONE;
	const char *base;
	size_t size;
	int fd, rc;

	if ((rc = prepare_slot(wt, path, len, mode, &fd, &base)) < 0)
		return rc;
	o.fd = openat(fd, base, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
		      (mode & 0111) ? 0777 : 0666);
	if (o.fd < 0)
		return sgit_error_set(wt->err, SGIT_EOS, "unable to create file '%s': %s", path, strerror(errno));
	rc = sgit_odb_stream(&type, &size, sgit_repo_odb(wt->repo), id, stream_piece, &o);
	if (!rc && type != SGIT_OBJ_BLOB)
		rc = sgit_error_set(wt->err, SGIT_ECORRUPT, "object for '%s' is a %s, not a blob", path,
				    sgit_object_type_name(type));
	if (!rc && fstat(o.fd, st) < 0)
		rc = sgit_error_set(wt->err, SGIT_EOS, "cannot stat '%s': %s", path, strerror(errno));
	if (close(o.fd) < 0 && !rc)
		rc = sgit_error_set(wt->err, SGIT_EOS, "unable to write file '%s': %s", path, strerror(errno));
	/* a blob found damaged part way leaves no half file behind */
	if (rc < 0)
		unlinkat(fd, base, 0);
	return rc;
}

int sgit_checkout__wt_write(struct co_wt *wt, const char *path, size_t len, unsigned int mode,
			    const void *data, size_t size, struct stat *st)
{
	const char *base;
	int is_gitlink = (mode & 0170000) == 0160000, fd, rc;

	if ((rc = prepare_slot(wt, path, len, mode, &fd, &base)) < 0)
		return rc;
	if (is_gitlink) {
		/* a submodule gets an empty folder, as git leaves it before the submodule is cloned */
		if ((mkdirat(fd, base, 0777) < 0 && errno != EEXIST) || fstatat(fd, base, st, AT_SYMLINK_NOFOLLOW) < 0)
			return sgit_error_set(wt->err, SGIT_EOS, "cannot create folder '%s': %s", path,
					      strerror(errno));
		return 0;
	}
	if ((mode & 0170000) == 0120000 && wt->symlinks)
		return write_link(wt, fd, base, data, size, path, st);
	return write_file(wt, fd, base, mode, data, size, path, st);
}

/* 1 when the folder dir (dlen bytes) is the current folder or above it: git keeps those. */
static int is_kept(const struct co_wt *wt, const char *dir, size_t dlen)
{
	size_t klen = wt->keep ? strlen(wt->keep) : 0;

	return klen > dlen && !memcmp(wt->keep, dir, dlen) && wt->keep[dlen] == '/';
}

/* Remove the folders above path (len bytes) that are left empty, deepest first. */
static void prune_dirs(struct co_wt *wt, const char *path, size_t len)
{
	struct sgit_buf dir = SGIT_BUF_INIT;
	size_t dlen;

	drop_cache(wt);
	split(path, len, &dlen);
	while (dlen && !is_kept(wt, path, dlen)) {
		if (sgit_buf_set(&dir, path, dlen) < 0 || unlinkat(wt->root_fd, dir.ptr, AT_REMOVEDIR) < 0)
			break;
		split(path, dlen, &dlen);
	}
	sgit_buf_release(&dir);
}

int sgit_checkout__wt_remove(struct co_wt *wt, const char *path, size_t len)
{
	size_t dlen;
	const char *base = split(path, len, &dlen);
	int fd, rc;

	if (!sgit_index_path_valid(path, len, 0100644, wt->protect))
		return sgit_error_set(wt->err, SGIT_EINVALID, "invalid path '%.*s'", (int)len, path);
	if ((rc = walk_to(wt, path, dlen, 0, &fd)))
		return rc < 0 ? rc : 0;
	if (unlinkat(fd, base, 0) < 0) {
		/* gone already, or a folder now stands there: nothing of ours to remove */
		if (errno == ENOENT || errno == EISDIR || errno == EPERM)
			return 0;
		return sgit_error_set(wt->err, SGIT_EOS, "unable to unlink '%s': %s", path, strerror(errno));
	}
	prune_dirs(wt, path, len);
	return 1;
}

struct walk_state {
	struct co_wt *wt;
	struct sgit_buf path;
	int (*cb)(const char *path, size_t len, int is_dir, void *payload);
	void *payload;
};

static int walk_fd(struct walk_state *ws, int fd)
{
	DIR *d = fdopendir(fd);
	struct dirent *de;
	size_t len = ws->path.len;
	int rc = 0;

	if (!d) {
		close(fd);
		return sgit_error_set(ws->wt->err, SGIT_EOS, "cannot read folder '%s': %s", ws->path.ptr,
				      strerror(errno));
	}
	while (!rc && (de = readdir(d))) {
		struct stat st;
		int is_dir, sub;

		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		is_dir = de->d_type == DT_DIR ||
			 (de->d_type == DT_UNKNOWN && fstatat(fd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
			  S_ISDIR(st.st_mode));
		sgit_buf_truncate(&ws->path, len);
		if (sgit_buf_addch(&ws->path, '/') < 0 || sgit_buf_adds(&ws->path, de->d_name) < 0) {
			rc = sgit_error_nomem(ws->wt->err);
			break;
		}
		rc = ws->cb(ws->path.ptr, ws->path.len, is_dir, ws->payload);
		if (rc == 1) {
			rc = 0;
			continue;
		}
		if (rc || !is_dir)
			continue;
		if ((sub = openat(fd, de->d_name, DIR_FLAGS)) >= 0)
			rc = walk_fd(ws, sub);
	}
	sgit_buf_truncate(&ws->path, len);
	closedir(d);
	return rc;
}

int sgit_checkout__wt_walk(struct co_wt *wt, const char *path, size_t len,
			   int (*cb)(const char *path, size_t len, int is_dir, void *payload), void *payload)
{
	struct walk_state ws = { wt, SGIT_BUF_INIT, cb, payload };
	size_t dlen;
	const char *base = split(path, len, &dlen);
	int fd, sub, rc = walk_to(wt, path, dlen, 0, &fd);

	if (rc)
		return rc < 0 ? rc : 0;
	if ((sub = openat(fd, base, DIR_FLAGS)) < 0)
		return 0;
	if (sgit_buf_set(&ws.path, path, len) < 0) {
		close(sub);
		return sgit_error_nomem(wt->err);
	}
	rc = walk_fd(&ws, sub);
	sgit_buf_release(&ws.path);
	return rc;
}
