/* util/fs.c: whole-file reads, atomic writes, lock files */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "util/fs.h"

int sgit_fs_read_fd(struct sgit_buf *out, int fd, const char *what, struct sgit_error *err)
{
	struct sgit_buf tmp = SGIT_BUF_INIT;
	struct stat st;
	int rc = 0;
	ssize_t n;

	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
	    sgit_buf_grow(&tmp, (size_t)st.st_size) < 0) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	for (;;) {
		if (tmp.alloc - tmp.len < 4096 && sgit_buf_grow(&tmp, 65536) < 0) {
			rc = sgit_error_nomem(err);
			goto out;
		}
		n = read(fd, tmp.ptr + tmp.len, tmp.alloc - tmp.len - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			rc = sgit_error_set(err, SGIT_EOS, "cannot read '%s': %s", what, strerror(errno));
			goto out;
		}
		if (n == 0)
			break;
		sgit_buf_setlen(&tmp, tmp.len + (size_t)n);
	}
	sgit_buf_swap(out, &tmp);
out:
	sgit_buf_release(&tmp);
	return rc;
}

int sgit_fs_read_file(struct sgit_buf *out, const char *path, struct sgit_error *err)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), rc;

	if (fd < 0)
		return sgit_error_set(err, errno == ENOENT ? SGIT_ENOTFOUND : SGIT_EOS,
				      "cannot open '%s': %s", path, strerror(errno));
	rc = sgit_fs_read_fd(out, fd, path, err);
	close(fd);
	return rc;
}

int sgit_fs_map_fd(struct sgit_fs_map *m, int fd, const char *what, struct sgit_error *err)
{
	struct stat st;
	void *p;
	int rc;

	/* mapping costs two system calls more than a read: worth it for big files only */
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 64 * 1024) {
		p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (p != MAP_FAILED) {
			m->mapped = p;
			m->data = p;
			m->len = (size_t)st.st_size;
			return 0;
		}
	}
	if ((rc = sgit_fs_read_fd(&m->copy, fd, what, err)) < 0)
		return rc;
	m->data = m->copy.ptr;
	m->len = m->copy.len;
	return 0;
}

int sgit_fs_map(struct sgit_fs_map *m, const char *path, struct sgit_error *err)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), rc;

	if (fd < 0)
		return sgit_error_set(err, errno == ENOENT ? SGIT_ENOTFOUND : SGIT_EOS,
				      "could not open '%s' for reading: %s", path, strerror(errno));
	rc = sgit_fs_map_fd(m, fd, path, err);
	close(fd);
	return rc;
}

void sgit_fs_unmap(struct sgit_fs_map *m)
{
	if (m->mapped)
		munmap(m->mapped, m->len);
	sgit_buf_release(&m->copy);
	m->mapped = NULL;
	m->data = "";
	m->len = 0;
}

int sgit_fs_write_all(int fd, const void *data, size_t len, const char *what, struct sgit_error *err)
{
	const char *p = data;

	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return sgit_error_set(err, SGIT_EOS, "cannot write '%s': %s", what, strerror(errno));
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

int sgit_fs_is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

int sgit_fs_is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int sgit_fs_exists(const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0;
}

int sgit_fs_join(struct sgit_buf *out, const char *a, const char *b)
{
	size_t alen = strlen(a);
	struct sgit_buf tmp = SGIT_BUF_INIT;
	int rc;

	while (*b == '/')
		b++;
	rc = sgit_buf_add(&tmp, a, alen);
	if (!rc && alen && a[alen - 1] != '/')
		rc = sgit_buf_addch(&tmp, '/');
	if (!rc)
		rc = sgit_buf_adds(&tmp, b);
	if (!rc)
		sgit_buf_swap(out, &tmp);
	sgit_buf_release(&tmp);
	return rc;
}

int sgit_fs_mkdir_p(const char *dir, struct sgit_error *err)
{
	struct sgit_buf p = SGIT_BUF_INIT;
	size_t i;
	int rc = 0;

	if (sgit_buf_sets(&p, dir) < 0)
		return sgit_error_nomem(err);
	for (i = 1; i <= p.len; i++) {
		char c = p.ptr[i];

		if (c != '/' && c != '\0')
			continue;
		p.ptr[i] = '\0';
		if (mkdir(p.ptr, 0777) < 0 && errno != EEXIST) {
			rc = sgit_error_set(err, SGIT_EOS, "cannot create directory '%s': %s",
					    p.ptr, strerror(errno));
			break;
		}
		p.ptr[i] = c;
	}
	if (!rc && !sgit_fs_is_dir(dir))
		rc = sgit_error_set(err, SGIT_EOS, "cannot create directory '%s': not a directory", dir);
	sgit_buf_release(&p);
	return rc;
}

int sgit_fs_mkdir_parent(const char *path, struct sgit_error *err)
{
	struct sgit_buf p = SGIT_BUF_INIT;
	char *slash;
	int rc = 0;

	if (sgit_buf_sets(&p, path) < 0)
		return sgit_error_nomem(err);
	slash = strrchr(p.ptr, '/');
	if (slash && slash != p.ptr) {
		*slash = '\0';
		if (!sgit_fs_is_dir(p.ptr))
			rc = sgit_fs_mkdir_p(p.ptr, err);
	}
	sgit_buf_release(&p);
	return rc;
}

int sgit_fs_tempfile(struct sgit_buf *path_out, int *fd_out, const char *dir,
		     const char *prefix, struct sgit_error *err)
{
	struct sgit_buf p = SGIT_BUF_INIT;
	int fd, rc = 0;

	*fd_out = -1;
	if (sgit_buf_printf(&p, "%s/%sXXXXXX", dir, prefix) < 0)
		return sgit_error_nomem(err);
	fd = mkostemp(p.ptr, O_CLOEXEC);
	if (fd < 0) {
		rc = sgit_error_set(err, SGIT_EOS, "cannot create temporary file '%s': %s",
				    p.ptr, strerror(errno));
		goto out;
	}
	*fd_out = fd;
	sgit_buf_swap(path_out, &p);
out:
	sgit_buf_release(&p);
	return rc;
}

static mode_t default_mode(mode_t mode)
{
	mode_t mask = umask(0);

	umask(mask);
	return (mode ? mode : 0666) & ~mask;
}

int sgit_fs_write_atomic(const char *path, const void *data, size_t len, mode_t mode,
			 struct sgit_error *err)
{
	struct sgit_buf dir = SGIT_BUF_INIT, tmp = SGIT_BUF_INIT;
	const char *slash = strrchr(path, '/');
	int fd = -1, rc;

	rc = slash ? sgit_buf_set(&dir, path, slash > path ? (size_t)(slash - path) : 1)
		   : sgit_buf_sets(&dir, ".");
	if (rc < 0) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	if ((rc = sgit_fs_tempfile(&tmp, &fd, dir.ptr, ".tmp-", err)) < 0)
		goto out;
	if ((rc = sgit_fs_write_all(fd, data, len, tmp.ptr, err)) < 0)
		goto out;
	if (fchmod(fd, default_mode(mode)) < 0 || close(fd) < 0) {
		fd = -1;
		rc = sgit_error_set(err, SGIT_EOS, "cannot write '%s': %s", tmp.ptr, strerror(errno));
		goto out;
	}
	fd = -1;
	if (rename(tmp.ptr, path) < 0)
		rc = sgit_error_set(err, SGIT_EOS, "cannot rename '%s' to '%s': %s",
				    tmp.ptr, path, strerror(errno));
out:
	if (fd >= 0)
		close(fd);
	if (rc < 0 && tmp.len)
		unlink(tmp.ptr);
	sgit_buf_release(&dir);
	sgit_buf_release(&tmp);
	return rc;
}

int sgit_lockfile_acquire(struct sgit_lockfile *lk, const char *path, struct sgit_error *err)
{
	if (sgit_buf_sets(&lk->path, path) < 0 || sgit_buf_printf(&lk->lock_path, "%s.lock", path) < 0)
		return sgit_error_nomem(err);
	lk->fd = open(lk->lock_path.ptr, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
	if (lk->fd >= 0)
		return 0;
	if (errno == EEXIST)
		return sgit_error_set(err, SGIT_ELOCKED,
			"Unable to create '%s': File exists.\n\n"
			"Another git process seems to be running in this repository, e.g.\n"
			"an editor opened by 'git commit'. Please make sure all processes\n"
			"are terminated then try again. If it still fails, a git process\n"
			"may have crashed in this repository earlier:\n"
			"remove the file manually to continue.", lk->lock_path.ptr);
	return sgit_error_set(err, SGIT_EOS, "Unable to create '%s': %s",
			      lk->lock_path.ptr, strerror(errno));
}

int sgit_lockfile_write(struct sgit_lockfile *lk, const void *data, size_t len, struct sgit_error *err)
{
	return sgit_fs_write_all(lk->fd, data, len, lk->lock_path.ptr, err);
}

int sgit_lockfile_commit(struct sgit_lockfile *lk, struct sgit_error *err)
{
	int fd = lk->fd;

	lk->fd = -1;
	if (fd < 0)
		return sgit_error_set(err, SGIT_EINVALID, "lock '%s' is not held", lk->lock_path.ptr);
	if (close(fd) < 0) {
		unlink(lk->lock_path.ptr);
		return sgit_error_set(err, SGIT_EOS, "cannot write '%s': %s",
				      lk->lock_path.ptr, strerror(errno));
	}
	if (rename(lk->lock_path.ptr, lk->path.ptr) < 0) {
		int e = errno;

		unlink(lk->lock_path.ptr);
		return sgit_error_set(err, SGIT_EOS, "cannot rename '%s' to '%s': %s",
				      lk->lock_path.ptr, lk->path.ptr, strerror(e));
	}
	return 0;
}

void sgit_lockfile_rollback(struct sgit_lockfile *lk)
{
	if (lk->fd >= 0) {
		close(lk->fd);
		unlink(lk->lock_path.ptr);
		lk->fd = -1;
	}
	sgit_buf_release(&lk->path);
	sgit_buf_release(&lk->lock_path);
}
