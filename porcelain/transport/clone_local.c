/* porcelain/transport/clone_local.c: a clone from a path takes the objects folder as it is, linked or copied */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "porcelain/transport/fetch_int.h"
#include "util/fs.h"

/* As git: a copy is a new file, 0666 less the umask, whatever the source's mode. */
static int copy_file(const char *from, const char *to, struct sgit_error *err)
{
	struct sgit_fs_map m = SGIT_FS_MAP_INIT;
	int rc;

	if ((rc = sgit_fs_map(&m, from, err)) == 0)
		rc = sgit_fs_write_atomic(to, m.data, m.len, 0, err);
	sgit_fs_unmap(&m);
	return rc;
}

/*
 * info/alternates names other stores relative to the source's objects
 * folder: git writes them absolute in the copy so they still resolve.
 */
static int copy_alternates(const char *from, const char *to, const char *src_objects,
			   struct sgit_error *err)
{
	struct sgit_buf in = SGIT_BUF_INIT, out = SGIT_BUF_INIT;
	const char *p, *nl;
	int rc;

	if ((rc = sgit_fs_read_file(&in, from, err)) < 0)
		goto out;
	for (p = in.ptr; *p; p = *nl ? nl + 1 : nl) {
		if (!(nl = strchr(p, '\n')))
			nl = p + strlen(p);
		if (nl == p || *p == '#' || *p == '/')
			rc = sgit_buf_add(&out, p, (size_t)(nl - p));
		else
			rc = sgit_buf_addf(&out, "%s/%.*s", src_objects, (int)(nl - p), p);
		if (rc < 0 || (nl > p && sgit_buf_addch(&out, '\n') < 0)) {
			rc = sgit_error_nomem(err);
			goto out;
		}
	}
	rc = sgit_fs_write_atomic(to, out.ptr, out.len, 0, err);
out:
	sgit_buf_release(&in);
	sgit_buf_release(&out);
	return rc;
}

static int link_dir(const char *from, const char *to, const char *src_objects, int no_hardlinks,
		    struct sgit_error *err);

static int link_entry(const char *from, const char *to, const char *name, const char *src_objects,
		      int no_hardlinks, struct sgit_error *err)
{
	struct sgit_buf a = SGIT_BUF_INIT, b = SGIT_BUF_INIT;
	struct stat st;
	int rc = 0;

	if (sgit_fs_join(&a, from, name) < 0 || sgit_fs_join(&b, to, name) < 0) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	if (lstat(a.ptr, &st) < 0)
		goto out;
	if (S_ISDIR(st.st_mode))
		rc = link_dir(a.ptr, b.ptr, src_objects, no_hardlinks, err);
	else if (!strcmp(name, "alternates") && strstr(a.ptr, "/info/alternates"))
		rc = copy_alternates(a.ptr, b.ptr, src_objects, err);
	else if (S_ISREG(st.st_mode) && !sgit_fs_exists(b.ptr) &&
		 (no_hardlinks || link(a.ptr, b.ptr) < 0))
		rc = copy_file(a.ptr, b.ptr, err);
out:
	sgit_buf_release(&a);
	sgit_buf_release(&b);
	return rc;
}

static int link_dir(const char *from, const char *to, const char *src_objects, int no_hardlinks,
		    struct sgit_error *err)
{
	struct dirent *de;
	DIR *d;
	int rc;

	if ((rc = sgit_fs_mkdir_p(to, err)) < 0)
		return rc;
	if (!(d = opendir(from)))
		return sgit_error_set(err, SGIT_EOS, "cannot read '%s': %s", from, strerror(errno));
	while (rc == 0 && (de = readdir(d)))
		/* as git: dot files (temp files of a writer at work among them) are left out */
		if (de->d_name[0] != '.')
			rc = link_entry(from, to, de->d_name, src_objects, no_hardlinks, err);
	closedir(d);
	return rc;
}

int sgit_clone__link_objects(const char *src_objects, const char *dst_objects, int no_hardlinks,
			     struct sgit_error *err)
{
	return link_dir(src_objects, dst_objects, src_objects, no_hardlinks, err);
}
