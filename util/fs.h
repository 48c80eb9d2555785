/* util/fs.h: files: read whole, write atomically (lock file or temp file + rename), folders */
#ifndef SGIT_UTIL_FS_H
#define SGIT_UTIL_FS_H

#include <stddef.h>
#include <sys/types.h>
#include "sgit/buf.h"
#include "sgit/errors.h"

/* Replace out with the whole file. SGIT_ENOTFOUND when it does not exist, SGIT_EOS otherwise. */
int sgit_fs_read_file(struct sgit_buf *out, const char *path, struct sgit_error *err);
/*
 * A read-only view of a whole file: mmap for regular files (no copy of large
 * files), read into memory for anything else (pipes, /proc). Caller-owned:
 * SGIT_FS_MAP_INIT, then _map, then _unmap (harmless when nothing is mapped).
 */
struct sgit_fs_map {
	const char *data;
	size_t len;
	void *mapped;		/* non-NULL when mmap'ed */
	struct sgit_buf copy;	/* used when the file could not be mapped */
};
#define SGIT_FS_MAP_INIT { "", 0, NULL, SGIT_BUF_INIT }
int sgit_fs_map(struct sgit_fs_map *m, const char *path, struct sgit_error *err);
/* Same, for an open fd (not closed); what names it in messages. */
int sgit_fs_map_fd(struct sgit_fs_map *m, int fd, const char *what, struct sgit_error *err);
void sgit_fs_unmap(struct sgit_fs_map *m);
/* Replace out with everything readable from fd until end of file. */
int sgit_fs_read_fd(struct sgit_buf *out, int fd, const char *what, struct sgit_error *err);

/* Write all of data to fd, retrying short writes and EINTR. */
int sgit_fs_write_all(int fd, const void *data, size_t len, const char *what, struct sgit_error *err);
/* Create dir and its missing parents (mode 0777 & ~umask). */
int sgit_fs_mkdir_p(const char *dir, struct sgit_error *err);
/* Create the missing folders above path. */
int sgit_fs_mkdir_parent(const char *path, struct sgit_error *err);
int sgit_fs_is_dir(const char *path);
int sgit_fs_is_file(const char *path);
int sgit_fs_exists(const char *path);
/* out = a "/" b (no doubled slash). */
int sgit_fs_join(struct sgit_buf *out, const char *a, const char *b);

/*
 * Create a new file "<dir>/<prefix>XXXXXX" (mode 0600 until renamed) for a
 * write that ends with a rename. path_out gets its name, *fd_out the open fd.
 */
int sgit_fs_tempfile(struct sgit_buf *path_out, int *fd_out, const char *dir,
		     const char *prefix, struct sgit_error *err);
/* Write data to a temp file beside path, then rename it over path. */
int sgit_fs_write_atomic(const char *path, const void *data, size_t len, mode_t mode,
			 struct sgit_error *err);

/*
 * A lock file "<path>.lock", created with O_CREAT|O_EXCL: while it exists no
 * other writer touches path. Caller-owned: SGIT_LOCKFILE_INIT, then acquire;
 * commit (rename over path) or rollback (remove). Rollback is harmless after
 * commit, so cleanup code can always call it.
 */
struct sgit_lockfile {
	struct sgit_buf path;		/* the file being replaced */
	struct sgit_buf lock_path;	/* path + ".lock" */
	int fd;				/* -1 when not held */
};
#define SGIT_LOCKFILE_INIT { SGIT_BUF_INIT, SGIT_BUF_INIT, -1 }

/* SGIT_ELOCKED with git's message naming the lock when it already exists. */
int sgit_lockfile_acquire(struct sgit_lockfile *lk, const char *path, struct sgit_error *err);
int sgit_lockfile_write(struct sgit_lockfile *lk, const void *data, size_t len, struct sgit_error *err);
/* Close and rename the lock file over the target, with mode (0 = 0666 & ~umask). */
int sgit_lockfile_commit(struct sgit_lockfile *lk, struct sgit_error *err);
/* Remove the lock file if still held; free the paths. */
void sgit_lockfile_rollback(struct sgit_lockfile *lk);

#endif
