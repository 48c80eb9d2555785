/* porcelain/worktree/changes_lstat.c: lstat of index entries in the work tree, one open folder at a time */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include "porcelain/worktree/changes_int.h"
#include "sgit/tree.h"

void sgit_changes__lstat_init(struct changes_lstat *s, int topfd, struct sgit_error *err)
{
	s->topfd = topfd;
	s->dirfd = -2;
	sgit_buf_init(&s->dir);
	sgit_buf_init(&s->good_dir);
	sgit_buf_init(&s->tmp);
	s->err = err;
}

void sgit_changes__lstat_release(struct changes_lstat *s)
{
	if (s->dirfd >= 0 && s->dirfd != s->topfd)
		close(s->dirfd);
	s->dirfd = -2;
	sgit_buf_release(&s->dir);
	sgit_buf_release(&s->good_dir);
	sgit_buf_release(&s->tmp);
}

/* Length of the longest leading run of whole folders shared by a and b. */
static size_t common_dirs(const char *a, size_t alen, const char *b, size_t blen)
{
	size_t i, last = 0;

	for (i = 0; i < alen && i < blen && a[i] == b[i]; i++)
		if (a[i] == '/')
			last = i;
	if (i == alen && (i == blen || b[i] == '/'))
		return i;
	if (i == blen && a[i] == '/')
		return i;
	return last;
}

/*
 * 1 when the folders above dir (len bytes) are real folders, not symlinks;
 * those above the previous folder are not checked again.
 */
static int real_parents(struct changes_lstat *s, const char *dir, size_t len)
{
	const char *slash = memrchr(dir, '/', len);
	size_t plen = slash ? (size_t)(slash - dir) : 0, i;
	struct stat st;

	for (i = common_dirs(dir, plen, s->good_dir.ptr, s->good_dir.len); i < plen;) {
		if (dir[i] == '/')
			i++;
		while (i < plen && dir[i] != '/')
			i++;
		if (sgit_buf_set(&s->tmp, dir, i) < 0)
			return sgit_error_nomem(s->err);
		if (fstatat(s->topfd, s->tmp.ptr, &st, AT_SYMLINK_NOFOLLOW) < 0 || !S_ISDIR(st.st_mode))
			return 0;
	}
	return 1;
}

/* Make the folder of path (its first dirlen bytes) the open one. */
static int enter_dir(struct changes_lstat *s, const char *path, size_t dirlen)
{
	int rc;

	if (s->dirfd >= 0 && s->dirfd != s->topfd)
		close(s->dirfd);
	s->dirfd = -1;
	if (sgit_buf_set(&s->dir, path, dirlen) < 0)
		return sgit_error_nomem(s->err);
	if (!dirlen) {
		s->dirfd = s->topfd;
		return 0;
	}
	if ((rc = real_parents(s, path, dirlen)) <= 0)
		return rc;
	/* O_NOFOLLOW: the folder itself must not be a symlink either */
	s->dirfd = openat(s->topfd, s->dir.ptr, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (s->dirfd < 0 && (errno == EMFILE || errno == ENFILE || errno == ENOMEM))
		return sgit_error_set(s->err, SGIT_EOS, "cannot open '%s': %s", s->dir.ptr,
				      strerror(errno));
	if (s->dirfd >= 0 && sgit_buf_set(&s->good_dir, path, dirlen) < 0)
		return sgit_error_nomem(s->err);
	return 0;
}

int sgit_changes__lstat(struct changes_lstat *s, const struct sgit_index_entry *e, struct stat *st)
{
	const char *slash = memrchr(e->path, '/', e->path_len);
	size_t dirlen = slash ? (size_t)(slash - e->path) : 0;
	int rc;

	if ((dirlen != s->dir.len || memcmp(s->dir.ptr, e->path, dirlen) || s->dirfd == -2) &&
	    (rc = enter_dir(s, e->path, dirlen)) < 0)
		return rc;
	if (s->dirfd < 0)
		return 0;
	if (fstatat(s->dirfd, slash ? slash + 1 : e->path, st, AT_SYMLINK_NOFOLLOW) < 0) {
		if (errno == ENOENT || errno == ENOTDIR)
			return 0;
		return sgit_error_set(s->err, SGIT_EOS, "cannot stat '%s': %s", e->path, strerror(errno));
	}
	return !S_ISDIR(st->st_mode) || (e->mode & 0170000) == SGIT_FILEMODE_COMMIT;
}

