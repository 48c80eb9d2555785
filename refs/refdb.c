/* refs/refdb.c: the ref store: open, read one ref, follow symbolic refs */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "refs/refdb_int.h"
#include "util/fs.h"

#define SYMREF_MAX_READS 5	/* git's SYMREF_MAXDEPTH: refs read while following one name */

int sgit_refdb_open(struct sgit_refdb **out, const char *git_dir,
		    const struct sgit_refdb_options *opts, struct sgit_error *err)
{
	struct sgit_refdb_options dflt = SGIT_REFDB_OPTIONS_INIT;
	struct sgit_refdb *db = calloc(1, sizeof(*db));
	size_t len = strlen(git_dir);

	*out = NULL;
	if (!db)
		return sgit_error_nomem(err);
	sgit_buf_init(&db->packed_path);
	db->packed_map = (struct sgit_fs_map)SGIT_FS_MAP_INIT;
	while (len > 1 && git_dir[len - 1] == '/')
		len--;
	db->opts = opts ? *opts : dflt;
	db->err = err;
	if (!(db->git_dir = strndup(git_dir, len)) ||
	    sgit_refdb__path(&db->packed_path, db, "", "packed-refs") < 0) {
		sgit_refdb_free(db);
		return sgit_error_nomem(err);
	}
	*out = db;
	return 0;
}

void sgit_refdb_free(struct sgit_refdb *db)
{
	if (!db)
		return;
	sgit_packed_refs_release(&db->packed);
	sgit_fs_unmap(&db->packed_map);
	sgit_buf_release(&db->packed_path);
	free(db->git_dir);
	free(db);
}

void sgit_ref_release(struct sgit_ref *ref)
{
	sgit_buf_release(&ref->name);
	sgit_buf_release(&ref->target);
	sgit_oid_clear(&ref->oid);
	sgit_oid_clear(&ref->peeled);
	ref->flags = 0;
}

int sgit_refdb__path(struct sgit_buf *out, const struct sgit_refdb *db, const char *sub,
		     const char *name)
{
	/* no printf: every ref read builds one of these */
	if (sgit_buf_sets(out, db->git_dir) < 0 || sgit_buf_addch(out, '/') < 0 ||
	    sgit_buf_adds(out, sub) < 0 || sgit_buf_adds(out, name) < 0)
		return SGIT_ENOMEM;
	return 0;
}

static int is_git_space(char c)
{
	/* git's isspace(): no \v or \f */
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

int sgit_refdb__parse_loose(struct sgit_ref *out, const char *buf, size_t len)
{
	const char *p;

	while (len && is_git_space(buf[len - 1]))
		len--;
	sgit_oid_clear(&out->oid);
	sgit_buf_reset(&out->target);
	if (len >= 4 && !memcmp(buf, "ref:", 4)) {
		for (p = buf + 4; p < buf + len && is_git_space(*p); p++)
			;
		if (p == buf + len || memchr(p, '\0', (size_t)(buf + len - p))) {
			out->flags |= SGIT_REF_BROKEN;
			return 0;
		}
		out->flags |= SGIT_REF_SYMBOLIC;
		return sgit_buf_set(&out->target, p, (size_t)(buf + len - p));
	}
	/* FETCH_HEAD and friends: what follows the id after a blank does not count */
	if (len < SGIT_OID_HEXSZ || sgit_oid_fromhexn(&out->oid, buf, SGIT_OID_HEXSZ) < 0 ||
	    (len > SGIT_OID_HEXSZ && !is_git_space(buf[SGIT_OID_HEXSZ]))) {
		sgit_oid_clear(&out->oid);
		out->flags |= SGIT_REF_BROKEN;
	}
	return 0;
}

/* A symbolic link whose text starts with "refs/" is an old-style symbolic ref. */
static int read_symlink(struct sgit_ref *out, const char *path, int *is_symref)
{
	char target[4096];
	ssize_t n = readlink(path, target, sizeof(target));

	*is_symref = n > 5 && (size_t)n < sizeof(target) && !memcmp(target, "refs/", 5);
	if (!*is_symref)
		return 0;
	out->flags |= SGIT_REF_SYMBOLIC;
	return sgit_buf_set(&out->target, target, (size_t)n);
}

static int open_loose(int *fd, struct sgit_ref *out, const char *path, struct sgit_error *err)
{
	int is_symref = 0, rc;

	*fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	if (*fd < 0 && errno == ELOOP) {
		if ((rc = read_symlink(out, path, &is_symref)) < 0 || is_symref)
			return rc < 0 ? sgit_error_nomem(err) : 1;
		*fd = open(path, O_RDONLY | O_CLOEXEC);
	}
	if (*fd >= 0)
		return 0;
	if (errno == ENOENT || errno == ENOTDIR || errno == EISDIR)
		return SGIT_ENOTFOUND;
	return sgit_error_set(err, SGIT_EOS, "cannot read ref '%s': %s", path, strerror(errno));
}

int sgit_refdb__read_loose(struct sgit_ref *out, struct sgit_refdb *db, const char *name,
			   struct sgit_buf *scratch)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	struct stat st;
	int fd = -1, rc;

	sgit_buf_reset(&out->target);
	sgit_oid_clear(&out->oid);
	sgit_oid_clear(&out->peeled);
	out->flags = SGIT_REF_LOOSE;
	if ((rc = sgit_refdb__path(&path, db, "", name)) < 0) {
		rc = sgit_error_nomem(db->err);
		goto out;
	}
	if ((rc = open_loose(&fd, out, path.ptr, db->err)) != 0) {
		rc = rc > 0 ? 0 : rc;
		goto out;
	}
	/* a folder (refs/heads/a of refs/heads/a/b) is not a ref */
	if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
		rc = SGIT_ENOTFOUND;
		goto out;
	}
	if ((rc = sgit_fs_read_fd(scratch, fd, path.ptr, db->err)) < 0 ||
	    (rc = sgit_refdb__parse_loose(out, scratch->ptr, scratch->len)) < 0)
		goto out;
out:
	if (fd >= 0)
		close(fd);
	if (rc == SGIT_ENOMEM)
		sgit_error_nomem(db->err);
	sgit_buf_release(&path);
	return rc;
}

static int fill_from_packed(struct sgit_ref *out, const struct sgit_packed_entry *e)
{
	out->oid = e->oid;
	out->flags = SGIT_REF_PACKED;
	if (e->has_peeled) {
		out->peeled = e->peeled;
		out->flags |= SGIT_REF_HAS_PEELED;
	}
	return sgit_buf_set(&out->name, e->name, e->name_len);
}

int sgit_refdb_read(struct sgit_ref *out, struct sgit_refdb *db, const char *name)
{
	struct sgit_ref ref = SGIT_REF_INIT;
	struct sgit_buf scratch = SGIT_BUF_INIT;
	struct sgit_packed_entry e;
	int rc;

	if (!sgit_refname__readable(name)) {
		rc = sgit_error_set(db->err, SGIT_ENOTFOUND, "ref '%s' does not exist: bad name", name);
		goto out;
	}
	rc = sgit_refdb__read_loose(&ref, db, name, &scratch);
	if (rc == 0)
		rc = sgit_buf_sets(&ref.name, name) < 0 ? sgit_error_nomem(db->err) : 0;
	if (rc != SGIT_ENOTFOUND)
		goto out;
	rc = sgit_refdb__packed_lookup(&e, db, name, strlen(name), 0);
	if (rc == SGIT_ENOTFOUND)
		rc = sgit_error_set(db->err, SGIT_ENOTFOUND, "ref '%s' does not exist", name);
	if (rc < 0)
		goto out;
	if (fill_from_packed(&ref, &e) < 0)
		rc = sgit_error_nomem(db->err);
out:
	sgit_ref_release(out);
	if (rc == 0)
		*out = ref;
	else
		sgit_ref_release(&ref);
	sgit_buf_release(&scratch);
	return rc;
}

int sgit_refdb_resolve(struct sgit_oid *out, struct sgit_buf *resolved, struct sgit_refdb *db,
		       const char *name)
{
	struct sgit_ref ref = SGIT_REF_INIT;
	struct sgit_buf cur = SGIT_BUF_INIT;
	int rc = 0, reads;

	sgit_oid_clear(out);
	if (sgit_buf_sets(&cur, name) < 0) {
		rc = sgit_error_nomem(db->err);
		goto out;
	}
	for (reads = 0; reads < SYMREF_MAX_READS; reads++) {
		if ((rc = sgit_refdb_read(&ref, db, cur.ptr)) < 0)
			goto out;
		if (ref.flags & SGIT_REF_BROKEN) {
			rc = sgit_error_set(db->err, SGIT_ECORRUPT, "broken ref '%s'", cur.ptr);
			goto out;
		}
		if (!(ref.flags & SGIT_REF_SYMBOLIC)) {
			*out = ref.oid;
			goto out;
		}
		sgit_buf_swap(&cur, &ref.target);
	}
	rc = sgit_error_set(db->err, SGIT_EINVALID,
			    "cannot resolve ref '%s': symbolic refs loop or nest too deep", name);
out:
	if (resolved && sgit_buf_set(resolved, cur.ptr, cur.len) < 0)
		rc = sgit_error_nomem(db->err);
	sgit_ref_release(&ref);
	sgit_buf_release(&cur);
	return rc;
}

void sgit_refdb__prune_dirs(const struct sgit_refdb *db, const char *sub, const char *name)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	size_t base, keep, i, slashes = 0;
	char *slash;

	if (sgit_refdb__path(&path, db, sub, name) < 0)
		goto out;
	base = path.len - strlen(name);
	/* keep "refs/" and "refs/heads/": the first two levels of the name */
	for (keep = base; keep < path.len && slashes < 2; keep++)
		if (path.ptr[keep] == '/')
			slashes++;
	if (slashes < 2)
		goto out;
	for (i = 0; i < 64; i++) {
		slash = strrchr(path.ptr + base, '/');
		if (!slash || (size_t)(slash - path.ptr) < keep)
			break;
		*slash = '\0';
		if (rmdir(path.ptr) < 0)
			break;
	}
out:
	sgit_buf_release(&path);
}

void sgit_refdb__remove_empty_tree(const char *path, int depth)
{
	struct sgit_buf sub = SGIT_BUF_INIT;
	struct dirent *de;
	struct stat st;
	DIR *d;

	if (depth > 64 || rmdir(path) == 0 || errno != ENOTEMPTY || !(d = opendir(path)))
		return;
	while ((de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (sgit_buf_printf(&sub, "%s/%s", path, de->d_name) < 0)
			break;
		if (lstat(sub.ptr, &st) == 0 && S_ISDIR(st.st_mode))
			sgit_refdb__remove_empty_tree(sub.ptr, depth + 1);
	}
	closedir(d);
	rmdir(path);
	sgit_buf_release(&sub);
}
