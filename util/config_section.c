/*
 * util/config_section.c: rename or remove a whole section of a config file
 * as "git config --rename-section / --remove-section" do. git does this line
 * by line, not through the config parser: a header is recognised only at the
 * start of a line and must spell the old name exactly (no case folding), a
 * file that does not parse elsewhere is still edited, and every line of a
 * removed section goes, comments included. Users see these rules, so they
 * are kept.
 */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include "util/config_int.h"
#include "util/fs.h"

/* git refuses lines this long rather than guess what they hold. */
#define MAX_LINE_LEN (512 * 1024)

/* Before the first dot, letters, digits and '-'; anything after it. */
static int section_name_ok(const char *name)
{
	if (!*name)
		return 0;
	for (; *name && *name != '.'; name++)
		if (*name != '-' && !sgit_config_is_keychar(*name))
			return 0;
	return 1;
}

static size_t skip_blanks(const char *s, size_t i)
{
	while (s[i] && sgit_config_is_space((unsigned char)s[i]))
		i++;
	return i;
}

/*
 * When the header at s ("[name]", "[name.sub]" or "[name \"sub\"]") names
 * the section spelled name ("name" or "name.sub"), how many bytes it takes
 * with the blanks after its ']'; else 0.
 */
static size_t header_match(const char *s, const char *name)
{
	size_t i, j = 0;
	int sub = 0;

	if (s[0] != '[')
		return 0;
	for (i = 1; s[i] && s[i] != ']'; i++) {
		if (!sub && sgit_config_is_space((unsigned char)s[i])) {
			/* the blank before a quoted subsection stands for the dot */
			sub = 1;
			if (name[j++] != '.')
				return 0;
			i = skip_blanks(s, i);
			if (s[i] != '"')
				break;
			continue;
		}
		if (sub && s[i] == '\\') {
			if (!s[++i])
				return 0;
		} else if (sub && s[i] == '"') {
			i = skip_blanks(s, i + 1);
			break;
		}
		if (s[i] != name[j++])
			return 0;
	}
	if (s[i] != ']' || name[j])
		return 0;
	return skip_blanks(s, i + 1);
}

struct section_edit {
	const char *old_name, *new_name;	/* new_name NULL: remove */
	int removing;				/* inside a section being removed */
	size_t count;
};

/* One line (NUL-terminated, with its newline) into out. */
static int edit_line(struct sgit_buf *out, struct section_edit *ed, const char *line)
{
	size_t i = skip_blanks(line, 0), match;
	int rc;

	if (line[i] == '[') {
		ed->removing = 0;
		if ((match = header_match(line + i, ed->old_name)) > 0) {
			ed->count++;
			if (!ed->new_name) {
				ed->removing = 1;
				return 0;
			}
			if ((rc = sgit_config_write_section(out, ed->new_name, strlen(ed->new_name))) < 0)
				return rc;
			line += i + match;
			/* an entry on the header's line moves to a line of its own */
			if (*line && (rc = sgit_buf_addch(out, '\t')) < 0)
				return rc;
		}
	}
	if (ed->removing)
		return 0;
	/* git copies a line as a C string: what follows a NUL byte is lost */
	return sgit_buf_adds(out, line);
}

static int edit_lines(struct sgit_buf *out, struct section_edit *ed, const struct sgit_buf *old,
		      const char *path, struct sgit_error *err)
{
	struct sgit_buf line = SGIT_BUF_INIT;
	size_t pos = 0, linenr = 0;
	int rc = 0;

	while (pos < old->len) {
		const char *nl = memchr(old->ptr + pos, '\n', old->len - pos);
		size_t n = nl ? (size_t)(nl - old->ptr) + 1 - pos : old->len - pos;

		linenr++;
		if (n >= MAX_LINE_LEN) {
			rc = sgit_error_set(err, SGIT_EINVALID,
					    "refusing to work with overly long line in '%s' on line %zu",
					    path, linenr);
			goto out;
		}
		if (sgit_buf_set(&line, old->ptr + pos, n) < 0 || edit_line(out, ed, line.ptr) < 0) {
			rc = sgit_error_nomem(err);
			goto out;
		}
		pos += n;
	}
out:
	sgit_buf_release(&line);
	return rc;
}

/* The file's bytes and permission bits; *exists 0 when there is no such file. */
static int read_config(struct sgit_buf *data, int *exists, mode_t *mode, const char *path,
		       struct sgit_error *err)
{
	struct stat st;
	int rc;

	*exists = 0;
	if (stat(path, &st) < 0) {
		if (errno == ENOENT || errno == ENOTDIR)
			return 0;
		return sgit_error_set(err, SGIT_EOS, "unable to access '%s': %s", path, strerror(errno));
	}
	if ((rc = sgit_fs_read_file(data, path, err)) < 0) {
		if (rc == SGIT_ENOMEM)
			return rc;
		return sgit_error_set(err, SGIT_EOS, "unable to access '%s': %s", path, strerror(errno));
	}
	*exists = 1;
	*mode = st.st_mode & 07777;
	return 0;
}

int sgit_config_file_rename_section(size_t *count, const char *path, const char *old_name,
				    const char *new_name, struct sgit_error *err)
{
	struct section_edit ed = { old_name, new_name, 0, 0 };
	struct sgit_lockfile lk = SGIT_LOCKFILE_INIT;
	struct sgit_buf target = SGIT_BUF_INIT, old = SGIT_BUF_INIT, out = SGIT_BUF_INIT;
	mode_t mode = 0;
	int rc, exists = 0;

	*count = 0;
	if (new_name && !section_name_ok(new_name))
		return sgit_error_set(err, SGIT_EINVALID, "invalid section name: %s", new_name);
	if (sgit_config_resolve_symlink(&target, path) < 0) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	if ((rc = sgit_lockfile_acquire(&lk, target.ptr, err)) < 0) {
		if (rc != SGIT_ENOMEM)
			rc = sgit_error_set(err, rc, "could not lock config file %s", path);
		goto out;
	}
	if ((rc = read_config(&old, &exists, &mode, path, err)) < 0)
		goto out;
	/* with no file there is nothing to rename, yet git still puts its (empty) lock in place */
	if (exists) {
		if (fchmod(lk.fd, mode) < 0) {
			rc = sgit_error_set(err, SGIT_EOS, "chmod on %s failed: %s", lk.lock_path.ptr,
					    strerror(errno));
			goto out;
		}
		if ((rc = edit_lines(&out, &ed, &old, path, err)) < 0 ||
		    (rc = sgit_lockfile_write(&lk, out.ptr, out.len, err)) < 0)
			goto out;
	}
	if ((rc = sgit_lockfile_commit(&lk, err)) < 0) {
		int e = errno;

		rc = sgit_error_set(err, SGIT_EOS, "could not write config file %s: %s", path, strerror(e));
		goto out;
	}
	*count = ed.count;
out:
	sgit_lockfile_rollback(&lk);
	sgit_buf_release(&target);
	sgit_buf_release(&old);
	sgit_buf_release(&out);
	return rc;
}
