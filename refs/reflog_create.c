/* refs/reflog_create.c: an empty reflog, so that the next update of the ref is logged */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include "refs/refdb_int.h"
#include "util/fs.h"

int sgit_refdb_reflog_create(struct sgit_refdb *db, const char *name)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	int fd = -1, rc;

	if (!sgit_refname_is_valid(name, SGIT_REFNAME_ALLOW_ONELEVEL, NULL)) {
		rc = sgit_error_set(db->err, SGIT_EINVALID, "cannot create reflog for bad name '%s'", name);
		goto out;
	}
	if ((rc = sgit_refdb__path(&path, db, "logs/", name)) < 0) {
		rc = sgit_error_nomem(db->err);
		goto out;
	}
	if ((rc = sgit_fs_mkdir_parent(path.ptr, db->err)) < 0)
		goto out;
	/* an existing log is kept as it is: appending nothing leaves it alone */
	fd = open(path.ptr, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
	if (fd < 0 || close(fd) < 0)
		rc = sgit_error_set(db->err, SGIT_EOS, "unable to create reflog '%s': %s", path.ptr,
				    strerror(errno));
out:
	sgit_buf_release(&path);
	return rc;
}
