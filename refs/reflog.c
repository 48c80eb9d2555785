/* refs/reflog.c: logs/<ref>: one line per update, "<old> <new> <committer> TAB <message>" */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "refs/refdb_int.h"
#include "util/fs.h"

#define LOG_DIR "logs/"

/* Refs that core.logAllRefUpdates=true logs without an existing log (git's list). */
static int autolog_name(const char *name)
{
	static const char *const prefixes[] = { "refs/heads/", "refs/remotes/", "refs/notes/" };
	size_t i;

	if (!strcmp(name, "HEAD"))
		return 1;
	for (i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++)
		if (!strncmp(name, prefixes[i], strlen(prefixes[i])))
			return 1;
	return 0;
}

int sgit_refdb_reflog_exists(struct sgit_refdb *db, const char *name)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	int yes = sgit_refname__readable(name) && sgit_refdb__path(&path, db, LOG_DIR, name) == 0 &&
		  sgit_fs_is_file(path.ptr);

	sgit_buf_release(&path);
	return yes;
}

int sgit_reflog__wanted(struct sgit_refdb *db, const char *name)
{
	int mode = db->opts.log_all_ref_updates;

	return mode == 2 || (mode == 1 && autolog_name(name)) || sgit_refdb_reflog_exists(db, name);
}

static int is_git_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

int sgit_reflog__clean_message(struct sgit_buf *out, const char *msg)
{
	struct sgit_buf tmp = SGIT_BUF_INIT;
	int space = 0, rc = 0;

	/* a log line is one line: runs of blanks and newlines become one space */
	for (; msg && *msg && !rc; msg++) {
		if (is_git_space(*msg)) {
			space = tmp.len > 0;
			continue;
		}
		if (space)
			rc = sgit_buf_addch(&tmp, ' ');
		space = 0;
		if (!rc)
			rc = sgit_buf_addch(&tmp, *msg);
	}
	if (!rc)
		sgit_buf_swap(out, &tmp);
	sgit_buf_release(&tmp);
	return rc;
}

static int build_line(struct sgit_buf *line, const struct sgit_oid *old_oid, const struct sgit_oid *new_oid,
		      const char *committer, const char *msg)
{
	struct sgit_buf clean = SGIT_BUF_INIT;
	char a[SGIT_OID_HEXSZ + 1], b[SGIT_OID_HEXSZ + 1];
	int rc = sgit_reflog__clean_message(&clean, msg);

	if (!rc && sgit_buf_printf(line, "%s %s %s", sgit_oid_tohex(a, old_oid),
				   sgit_oid_tohex(b, new_oid), committer) < 0)
		rc = SGIT_ENOMEM;
	/* git writes no tab when there is no message */
	if (!rc && clean.len && (sgit_buf_addch(line, '\t') < 0 || sgit_buf_addbuf(line, &clean) < 0))
		rc = SGIT_ENOMEM;
	if (!rc)
		rc = sgit_buf_addch(line, '\n');
	sgit_buf_release(&clean);
	return rc;
}

static int open_log(int *fd, const char *path, struct sgit_error *err)
{
	int rc = sgit_fs_mkdir_parent(path, err);

	if (rc < 0)
		return rc;
	*fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
	if (*fd < 0 && errno == EISDIR) {
		/* empty folders left where the log of a deleted ref/heads/x/y lived */
		sgit_refdb__remove_empty_tree(path, 0);
		*fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
	}
	if (*fd < 0)
		return sgit_error_set(err, SGIT_EOS, "unable to append to '%s': %s", path, strerror(errno));
	return 0;
}

int sgit_reflog__append(struct sgit_refdb *db, const char *name, const struct sgit_oid *old_oid,
			const struct sgit_oid *new_oid, const char *committer, const char *msg)
{
	struct sgit_buf path = SGIT_BUF_INIT, line = SGIT_BUF_INIT;
	int fd = -1, rc;

	if ((rc = sgit_refdb__path(&path, db, LOG_DIR, name)) < 0 ||
	    (rc = build_line(&line, old_oid, new_oid, committer, msg)) < 0) {
		rc = sgit_error_nomem(db->err);
		goto out;
	}
	if ((rc = open_log(&fd, path.ptr, db->err)) < 0)
		goto out;
	if ((rc = sgit_fs_write_all(fd, line.ptr, line.len, path.ptr, db->err)) < 0) {
		rc = sgit_error_set(db->err, SGIT_EOS, "unable to append to '%s': %s", path.ptr, strerror(errno));
		goto out;
	}
	if (close(fd) < 0)
		rc = sgit_error_set(db->err, SGIT_EOS, "unable to append to '%s': %s", path.ptr, strerror(errno));
	fd = -1;
out:
	if (fd >= 0)
		close(fd);
	sgit_buf_release(&path);
	sgit_buf_release(&line);
	return rc;
}

int sgit_reflog__delete(struct sgit_refdb *db, const char *name)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	int rc = 0;

	if (sgit_refdb__path(&path, db, LOG_DIR, name) < 0) {
		rc = sgit_error_nomem(db->err);
		goto out;
	}
	if (unlink(path.ptr) < 0 && errno != ENOENT && errno != EISDIR && errno != ENOTDIR)
		rc = sgit_error_set(db->err, SGIT_EOS, "cannot delete reflog '%s': %s", path.ptr, strerror(errno));
	sgit_refdb__prune_dirs(db, LOG_DIR, name);
out:
	sgit_buf_release(&path);
	return rc;
}

/*
 * One line without its LF, NUL-terminated in place: 0 and e filled, 1 for a
 * line git would skip as malformed.
 */
static int parse_entry(struct sgit_reflog_entry *e, char *line, size_t len)
{
	char *tab;

	if (len < 2 * SGIT_OID_HEXSZ + 3 || line[SGIT_OID_HEXSZ] != ' ' ||
	    line[2 * SGIT_OID_HEXSZ + 1] != ' ' ||
	    sgit_oid_fromhexn(&e->old_oid, line, SGIT_OID_HEXSZ) < 0 ||
	    sgit_oid_fromhexn(&e->new_oid, line + SGIT_OID_HEXSZ + 1, SGIT_OID_HEXSZ) < 0)
		return 1;
	e->committer = line + 2 * SGIT_OID_HEXSZ + 2;
	tab = memchr(line, '\t', len);
	e->message = "";
	if (tab) {
		*tab = '\0';
		e->message = tab + 1;
	}
	return 0;
}

int sgit_reflog__parse(char *data, size_t len, sgit_reflog_cb cb, void *payload)
{
	struct sgit_reflog_entry e;
	char *pos, *end, *eol;
	int rc = 0;

	for (pos = data, end = data + len; pos < end && !rc; pos = eol + 1) {
		eol = memchr(pos, '\n', (size_t)(end - pos));
		if (!eol)
			eol = end;	/* data[len] is the caller's NUL */
		*eol = '\0';
		if (parse_entry(&e, pos, (size_t)(eol - pos)) == 0)
			rc = cb(&e, payload);
	}
	return rc;
}

int sgit_refdb_reflog_foreach(struct sgit_refdb *db, const char *name, sgit_reflog_cb cb,
			      void *payload)
{
	struct sgit_buf path = SGIT_BUF_INIT, data = SGIT_BUF_INIT;
	int rc;

	if (!sgit_refname__readable(name)) {
		rc = sgit_error_set(db->err, SGIT_ENOTFOUND, "no reflog for '%s'", name);
		goto out;
	}
	if ((rc = sgit_refdb__path(&path, db, LOG_DIR, name)) < 0) {
		rc = sgit_error_nomem(db->err);
		goto out;
	}
	if ((rc = sgit_fs_read_file(&data, path.ptr, db->err)) < 0) {
		if (rc == SGIT_ENOTFOUND)
			sgit_error_set(db->err, rc, "no reflog for '%s'", name);
		goto out;
	}
	rc = sgit_reflog__parse(data.ptr, data.len, cb, payload);
out:
	sgit_buf_release(&path);
	sgit_buf_release(&data);
	return rc;
}
