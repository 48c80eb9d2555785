/* porcelain/repo/repo_discover.c: find the git dir and the work tree, as git's setup does */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "porcelain/repo/repo_int.h"
#include "util/fs.h"

#define GITFILE_MAX (1 << 20)	/* a bigger ".git" file is refused unread */

/* Remove ".", "..", doubled and trailing slashes from an absolute path, by spelling only. */
static int normalise(struct sgit_buf *out, const char *abs)
{
	struct sgit_buf tmp = SGIT_BUF_INIT;
	const char *p = abs, *end;
	int rc = 0;

	while (*p && !rc) {
		size_t n;

		while (*p == '/')
			p++;
		end = strchrnul(p, '/');
		n = (size_t)(end - p);
		if (n == 2 && p[0] == '.' && p[1] == '.') {
			char *slash = strrchr(tmp.ptr, '/');

			sgit_buf_truncate(&tmp, slash ? (size_t)(slash - tmp.ptr) : 0);
		} else if (n && !(n == 1 && p[0] == '.')) {
			if ((rc = sgit_buf_addch(&tmp, '/')) == 0)
				rc = sgit_buf_add(&tmp, p, n);
		}
		p = end;
	}
	if (!rc && !tmp.len)
		rc = sgit_buf_addch(&tmp, '/');
	if (!rc)
		sgit_buf_swap(out, &tmp);
	sgit_buf_release(&tmp);
	return rc;
}

int sgit_repo__abspath(struct sgit_buf *out, const char *base, const char *path,
		       struct sgit_error *err)
{
	struct sgit_buf joined = SGIT_BUF_INIT;
	char *cwd = NULL, *real = NULL;
	int rc = 0;

	if (path[0] != '/' && (!base || base[0] != '/') && !(cwd = getcwd(NULL, 0))) {
		rc = sgit_error_set(err, SGIT_EOS, "unable to get current working directory: %s",
				    strerror(errno));
		goto out;
	}
	if (path[0] == '/')
		rc = sgit_buf_sets(&joined, path);
	else if (base && base[0] == '/')
		rc = sgit_fs_join(&joined, base, path);
	else if (base)
		rc = sgit_buf_printf(&joined, "%s/%s/%s", cwd, base, path);
	else
		rc = sgit_fs_join(&joined, cwd, path);
	if (rc < 0)
		goto out;
	/* the real path where there is one, as git shows the work tree and --absolute-git-dir */
	if ((real = realpath(joined.ptr, NULL)))
		rc = sgit_buf_sets(out, real);
	else
		rc = normalise(out, joined.ptr);
out:
	if (rc == SGIT_ENOMEM)
		sgit_error_nomem(err);
	free(cwd);
	free(real);
	sgit_buf_release(&joined);
	return rc;
}

/* HEAD: a symbolic link into refs/, "ref: refs/...", or 40 hex digits (detached). */
static int valid_head(const char *path)
{
	char buf[256];
	const char *p;
	struct stat st;
	ssize_t n, got = 0;
	int fd, i;

	if (lstat(path, &st) < 0)
		return 0;
	if (S_ISLNK(st.st_mode)) {
		n = readlink(path, buf, sizeof(buf) - 1);
		return n >= 5 && !memcmp(buf, "refs/", 5);
	}
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return 0;
	while (got < (ssize_t)sizeof(buf) - 1 &&
	       ((n = read(fd, buf + got, sizeof(buf) - 1 - (size_t)got)) > 0 || (n < 0 && errno == EINTR)))
		got += n > 0 ? n : 0;
	close(fd);
	buf[got] = '\0';
	if (!strncmp(buf, "ref:", 4)) {
		for (p = buf + 4; isspace((unsigned char)*p); p++)
			;
		if (!strncmp(p, "refs/", 5))
			return 1;
	}
	for (i = 0; i < 40 && isxdigit((unsigned char)buf[i]); i++)
		;
	return i == 40;
}

int sgit_repo__is_git_dir(const char *dir, sgit_getenv_fn env, const char *cwd)
{
	struct sgit_buf path = SGIT_BUF_INIT, common = SGIT_BUF_INIT;
	const char *objects = env("GIT_OBJECT_DIRECTORY");
	int has_common, ok = 0;

	if (sgit_fs_join(&path, dir, "HEAD") < 0 || !valid_head(path.ptr))
		goto out;
	if (sgit_repo__common_dir(&common, &has_common, dir, env, NULL) < 0)
		goto out;
	if (objects ? sgit_repo__abspath(&path, cwd, objects, NULL) < 0
		    : sgit_fs_join(&path, common.ptr, "objects") < 0)
		goto out;
	if (access(path.ptr, X_OK) < 0)
		goto out;
	ok = sgit_fs_join(&path, common.ptr, "refs") == 0 && access(path.ptr, X_OK) == 0;
out:
	sgit_buf_release(&path);
	sgit_buf_release(&common);
	return ok;
}

/*
 * Follow a ".git" file ("gitdir: <path>", relative to the file's folder).
 * 1: *out is the git dir it names; 0: path is missing or not a regular file;
 * < 0: a broken gitfile (git's messages; shown is path as the user gave it).
 */
static int read_gitfile(struct sgit_buf *out, const char *path, const char *shown,
			const struct sgit_repo_setup *s, struct sgit_error *err)
{
	struct sgit_buf data = SGIT_BUF_INIT, target = SGIT_BUF_INIT, target_shown = SGIT_BUF_INIT;
	const char *slash = strrchr(shown, '/'), *named;
	struct stat st;
	int rc = 0;

	if (stat(path, &st) < 0 || !S_ISREG(st.st_mode))
		goto out;
	if (st.st_size > GITFILE_MAX) {
		rc = sgit_error_set(err, SGIT_ENOTREPO, "too large to be a .git file: '%s'", shown);
		goto out;
	}
	if ((rc = sgit_fs_read_file(&data, path, err)) < 0)
		goto out;
	if (strncmp(data.ptr, "gitdir: ", 8)) {
		rc = sgit_error_set(err, SGIT_ENOTREPO, "invalid gitfile format: %s", shown);
		goto out;
	}
	while (data.len && (data.ptr[data.len - 1] == '\n' || data.ptr[data.len - 1] == '\r'))
		sgit_buf_truncate(&data, data.len - 1);
	if (data.len < 9) {
		rc = sgit_error_set(err, SGIT_ENOTREPO, "no path in gitfile: %s", shown);
		goto out;
	}
	/* a relative path starts at the gitfile's folder; messages show it the way the user named it */
	named = data.ptr + 8;
	if (*named == '/')
		rc = sgit_buf_sets(&target, named) < 0 || sgit_buf_sets(&target_shown, named) < 0;
	else
		rc = sgit_buf_printf(&target, "%.*s%s", (int)(strrchr(path, '/') + 1 - path), path, named) < 0 ||
		     sgit_buf_printf(&target_shown, "%.*s%s", slash ? (int)(slash + 1 - shown) : 0, shown, named) < 0;
	if (rc) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	if (!sgit_repo__is_git_dir(target.ptr, s->env, s->cwd.ptr)) {
		rc = sgit_error_set(err, SGIT_ENOTREPO, "not a git repository: %s", target_shown.ptr);
		goto out;
	}
	if ((rc = sgit_repo__abspath(out, NULL, target.ptr, err)) == 0)
		rc = 1;
out:
	sgit_buf_release(&data);
	sgit_buf_release(&target);
	sgit_buf_release(&target_shown);
	return rc;
}

/* The git dir's format; a linked worktree's core.bare and core.worktree are not its own. */
static int read_format(struct sgit_repo_setup *s, struct sgit_error *err)
{
	int has_common, rc;

	if ((rc = sgit_repo__common_dir(&s->common_dir, &has_common, s->git_dir.ptr, s->env, err)) < 0 ||
	    (rc = sgit_repo__read_format(&s->fmt, s->git_dir.ptr, s->common_dir.ptr, has_common, err)) < 0)
		return rc;
	if (!s->fmt.has_common && s->fmt.bare >= 0)
		s->bare_cfg = s->fmt.bare;
	return 0;
}

static const char *work_tree_cfg(const struct sgit_repo_setup *s)
{
	return s->fmt.has_common ? NULL : s->fmt.work_tree;
}

/* The work tree once the git dir is named: GIT_WORK_TREE, core.bare, core.worktree, else here. */
static int explicit_work_tree(struct sgit_repo_setup *s, const char *wt, struct sgit_error *err)
{
	int rc = 0;

	s->has_work_tree = 1;
	if (wt)
		rc = sgit_repo__abspath(&s->work_tree, s->cwd.ptr, wt, err);
	else if (s->bare_cfg > 0 || (!work_tree_cfg(s) && !s->implicit_work_tree))
		s->has_work_tree = 0;
	else if (work_tree_cfg(s))
		rc = sgit_repo__abspath(&s->work_tree, s->git_dir.ptr, work_tree_cfg(s), err);
	else
		rc = sgit_buf_set(&s->work_tree, s->cwd.ptr, s->cwd.len);
	if (rc == SGIT_ENOMEM)
		sgit_error_nomem(err);
	return rc;
}

static int explicit_git_dir(struct sgit_repo_setup *s, const char *gd, const char *wt,
			    struct sgit_error *err)
{
	struct sgit_buf path = SGIT_BUF_INIT, target = SGIT_BUF_INIT;
	int rc;

	if ((rc = gd[0] == '/' ? sgit_buf_sets(&path, gd) : sgit_fs_join(&path, s->cwd.ptr, gd)) < 0) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	if ((rc = read_gitfile(&target, path.ptr, gd, s, err)) < 0)
		goto out;
	if (rc == 1)
		sgit_buf_swap(&path, &target);
	if (!sgit_repo__is_git_dir(path.ptr, s->env, s->cwd.ptr)) {
		rc = sgit_error_set(err, SGIT_ENOTREPO, "not a git repository: '%s'", gd);
		goto out;
	}
	if ((rc = sgit_repo__abspath(&s->git_dir, NULL, path.ptr, err)) < 0 ||
	    (rc = read_format(s, err)) < 0)
		goto out;
	rc = explicit_work_tree(s, wt, err);
out:
	sgit_buf_release(&path);
	sgit_buf_release(&target);
	return rc;
}

/*
 * How far up the walk from cwd may go: the length of the longest entry of
 * GIT_CEILING_DIRECTORIES that is a proper ancestor of cwd, -1 for none.
 * Entries that are not absolute are ignored; after an empty entry the
 * others are taken as written instead of resolving their symbolic links.
 */
static long ceiling_offset(const char *cwd, const char *list)
{
	char *copy = list ? strdup(list) : NULL, *entry, *next, *real;
	size_t cwd_len = strlen(cwd);
	int keep_as_written = 0;
	long best = -1;

	for (entry = copy; entry && strcmp(cwd, "/"); entry = next) {
		const char *ceil = entry;
		size_t len;

		if ((next = strchr(entry, ':')))
			*next++ = '\0';
		real = NULL;
		if (!*entry)
			keep_as_written = 1;
		if (*entry != '/' || (!keep_as_written && !(ceil = real = realpath(entry, NULL))))
			continue;
		len = strlen(ceil);
		if (len == 1)
			len = 0;	/* "/" is everybody's ancestor */
		else if (len >= cwd_len || strncmp(cwd, ceil, len) || cwd[len] != '/')
			len = (size_t)-1;
		if (len != (size_t)-1 && (long)len > best)
			best = (long)len;
		free(real);
	}
	free(copy);
	return best;
}

static int device_of(dev_t *dev, const char *path, struct sgit_error *err)
{
	struct stat st;

	if (stat(path, &st) < 0)
		return sgit_error_set(err, SGIT_EOS, "failed to stat '%s': %s", path, strerror(errno));
	*dev = st.st_dev;
	return 0;
}

/* 1 when dir holds a ".git" folder or gitfile (s->git_dir set), 0 when not, < 0 for a broken gitfile. */
static int try_dotgit(struct sgit_repo_setup *s, const char *dir, struct sgit_error *err)
{
	struct sgit_buf dotgit = SGIT_BUF_INIT;
	int rc;

	if ((rc = sgit_fs_join(&dotgit, dir, ".git")) < 0) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	if ((rc = read_gitfile(&s->git_dir, dotgit.ptr, dotgit.ptr, s, err)) != 0)
		goto out;
	if (sgit_repo__is_git_dir(dotgit.ptr, s->env, s->cwd.ptr))
		rc = sgit_repo__abspath(&s->git_dir, NULL, dotgit.ptr, err) < 0 ? SGIT_ENOMEM : 1;
out:
	sgit_buf_release(&dotgit);
	return rc;
}

/*
 * Walk up from cwd: in each folder a ".git" (work tree at that folder) or
 * the folder itself as a bare git dir, stopping at the ceiling, the root or
 * (unless GIT_DISCOVERY_ACROSS_FILESYSTEM) another filesystem.
 */
static int walk_up(struct sgit_repo_setup *s, struct sgit_buf *top, int *bare, struct sgit_error *err)
{
	struct sgit_buf dir = SGIT_BUF_INIT;
	long ceil = ceiling_offset(s->cwd.ptr, s->env("GIT_CEILING_DIRECTORIES")), offset;
	dev_t home_dev = 0, dev = 0;
	int across, rc;

	if ((rc = sgit_repo__env_bool(&across, s->env, "GIT_DISCOVERY_ACROSS_FILESYSTEM", 0, err)) < 0 ||
	    (rc = device_of(&home_dev, s->cwd.ptr, err)) < 0)
		goto out;
	if ((rc = sgit_buf_set(&dir, s->cwd.ptr, s->cwd.len)) < 0) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	for (offset = (long)dir.len;;) {
		if ((rc = try_dotgit(s, dir.ptr, err)) != 0) {
			*bare = 0;
			sgit_buf_swap(top, &dir);
			rc = rc > 0 ? 0 : rc;
			goto out;
		}
		if (sgit_repo__is_git_dir(dir.ptr, s->env, s->cwd.ptr)) {
			*bare = 1;
			rc = sgit_repo__abspath(&s->git_dir, NULL, dir.ptr, err);
			goto out;
		}
		if (offset <= 1)
			break;
		while (--offset > ceil && dir.ptr[offset] != '/')
			;
		if (offset <= ceil)
			break;
		sgit_buf_truncate(&dir, offset > 1 ? (size_t)offset : 1);
		if (!across && ((rc = device_of(&dev, dir.ptr, err)) < 0 || dev != home_dev)) {
			if (!rc)
				rc = sgit_error_set(err, SGIT_ENOTREPO,
					"not a git repository (or any parent up to mount point %s)\n"
					"Stopping at filesystem boundary (GIT_DISCOVERY_ACROSS_FILESYSTEM not set).",
					dir.ptr);
			goto out;
		}
	}
	rc = sgit_error_set(err, SGIT_ENOTREPO, "not a git repository (or any of the parent directories): .git");
out:
	sgit_buf_release(&dir);
	return rc;
}

static int discover(struct sgit_repo_setup *s, const char *wt, struct sgit_error *err)
{
	struct sgit_buf top = SGIT_BUF_INIT;
	int bare = 0, rc;

	if ((rc = walk_up(s, &top, &bare, err)) < 0 || (rc = read_format(s, err)) < 0)
		goto out;
	if (bare)
		s->implicit_work_tree = 0;	/* found from inside a git dir: no work tree by default */
	if (wt || work_tree_cfg(s)) {
		rc = explicit_work_tree(s, wt, err);
	} else if (!bare && s->bare_cfg <= 0) {
		s->has_work_tree = 1;
		sgit_buf_swap(&s->work_tree, &top);
	}
out:
	sgit_buf_release(&top);
	return rc;
}

static int start_dir(struct sgit_repo_setup *s, const struct sgit_repo_options *opts,
		     struct sgit_error *err)
{
	const char *dir = opts && opts->start_dir ? opts->start_dir : ".";
	char *real = realpath(dir, NULL);
	int rc;

	if (!real)
		return sgit_error_set(err, SGIT_EOS, "cannot change to '%s': %s", dir, strerror(errno));
	rc = sgit_buf_sets(&s->cwd, real);
	free(real);
	return rc < 0 ? sgit_error_nomem(err) : 0;
}

int sgit_repo__setup(struct sgit_repo_setup *s, const struct sgit_repo_options *opts,
		     struct sgit_error *err)
{
	const char *gd, *wt;
	int rc;

	s->env = sgit_repo__env_fn(opts);
	gd = opts && opts->git_dir ? opts->git_dir : s->env("GIT_DIR");
	wt = opts && opts->work_tree ? opts->work_tree : s->env("GIT_WORK_TREE");
	if ((rc = start_dir(s, opts, err)) < 0 ||
	    (rc = sgit_repo__env_bool(&s->implicit_work_tree, s->env, "GIT_IMPLICIT_WORK_TREE", 1, err)) < 0)
		return rc;
	if (opts && opts->bare) {
		/* as git --bare: the current directory is the git dir unless one is named */
		s->bare_cfg = 1;
		s->implicit_work_tree = 0;
		if (!gd)
			gd = s->cwd.ptr;
	}
	return gd ? explicit_git_dir(s, gd, wt, err) : discover(s, wt, err);
}

void sgit_repo__setup_release(struct sgit_repo_setup *s)
{
	sgit_buf_release(&s->cwd);
	sgit_buf_release(&s->git_dir);
	sgit_buf_release(&s->common_dir);
	sgit_buf_release(&s->work_tree);
	sgit_repo__format_release(&s->fmt);
	s->has_work_tree = 0;
}
