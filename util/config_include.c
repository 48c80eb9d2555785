/* util/config_include.c: include.path and includeIf.<condition>.path, as git follows them */
#include <errno.h>
#include <limits.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include "util/config_int.h"
#include "util/wildmatch.h"

/* git's limit; deeper nesting is taken for an include cycle. */
#define MAX_INCLUDE_DEPTH 10

/* "~/x" and "~user/x" expanded; 0 with out unchanged when there is no home to use. */
static int expand_home(struct sgit_buf *out, const char *path, const char *home, int real)
{
	const char *slash, *user;
	char resolved[PATH_MAX];
	struct sgit_buf tmp = SGIT_BUF_INIT;
	int rc = 0;

	if (path[0] != '~')
		return sgit_buf_sets(out, path) < 0 ? SGIT_ENOMEM : 1;
	slash = strchrnul(path, '/');
	user = path + 1;
	if (slash == user) {
		if (!home)
			return 0;
		if (real && realpath(home, resolved))
			home = resolved;
	} else {
		struct sgit_buf name = SGIT_BUF_INIT;
		struct passwd *pw;

		if (sgit_buf_set(&name, user, (size_t)(slash - user)) < 0)
			return SGIT_ENOMEM;
		pw = getpwnam(name.ptr);
		sgit_buf_release(&name);
		if (!pw)
			return 0;
		home = pw->pw_dir;
	}
	if (sgit_buf_sets(&tmp, home) < 0 || sgit_buf_adds(&tmp, slash) < 0)
		rc = SGIT_ENOMEM;
	else
		sgit_buf_swap(out, &tmp);
	sgit_buf_release(&tmp);
	return rc < 0 ? rc : 1;
}

/* The directory part of path, with its slash ("" when there is none). */
static size_t dir_len(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? (size_t)(slash - path) + 1 : 0;
}

static int include_path(struct config_load *load, const char *value, struct sgit_error *err)
{
	const struct sgit_config_include_info *info = sgit_config_include_info(load->cfg);
	struct sgit_buf path = SGIT_BUF_INIT, joined = SGIT_BUF_INIT;
	int rc;

	if (!value)
		return sgit_error_set(err, SGIT_EINVALID, "missing value for 'include.path'");
	if ((rc = expand_home(&path, value, info->home, 0)) <= 0) {
		rc = rc < 0 ? sgit_error_nomem(err)
			    : sgit_error_set(err, SGIT_EINVALID, "could not expand include path '%s'", value);
		goto out;
	}
	rc = 0;
	/* relative to the including file, as written (so messages name it as git does) */
	if (path.ptr[0] != '/') {
		if (!load->path) {
			rc = sgit_error_set(err, SGIT_EINVALID, "relative config includes must come from files");
			goto out;
		}
		if (sgit_buf_set(&joined, load->path, dir_len(load->path)) < 0 ||
		    sgit_buf_addbuf(&joined, &path) < 0) {
			rc = sgit_error_nomem(err);
			goto out;
		}
		sgit_buf_swap(&path, &joined);
	}
	if (access(path.ptr, R_OK) < 0) {
		if (errno != ENOENT && errno != ENOTDIR)
			rc = sgit_error_set(err, SGIT_ECONFIG, "unable to access '%s': %s",
					    path.ptr, strerror(errno));
		goto out;
	}
	if (load->depth + 1 > MAX_INCLUDE_DEPTH) {
		rc = sgit_error_set(err, SGIT_ECONFIG,
				    "exceeded maximum include depth (%d) while including\n\t%s\nfrom\n\t%s\n"
				    "This might be due to circular includes.", MAX_INCLUDE_DEPTH, path.ptr,
				    load->origin ? load->origin : "the command line");
		goto out;
	}
	rc = sgit_config_load_file(load, path.ptr, err);
	/* an unreadable include is a bad line of the including file, as in git */
	if (rc == SGIT_EOS)
		rc = SGIT_EINVALID;
out:
	sgit_buf_release(&path);
	sgit_buf_release(&joined);
	return rc;
}

/* path made absolute (realpath when resolve and it exists), as git compares git dirs. */
static int absolute_path(struct sgit_buf *out, const char *path, int resolve)
{
	char buf[PATH_MAX];

	if (resolve && realpath(path, buf))
		return sgit_buf_sets(out, buf);
	if (path[0] == '/')
		return sgit_buf_sets(out, path);
	if (!getcwd(buf, sizeof(buf)))
		return sgit_buf_sets(out, path);
	sgit_buf_reset(out);
	return sgit_buf_printf(out, "%s/%s", buf, path);
}

/*
 * Turn a gitdir: pattern into a wildmatch pattern: "~/" expanded, "./"
 * relative to the including file, otherwise relative patterns match at any
 * depth, a trailing slash matches everything below. Returns the length of a
 * literal prefix, or -1 when the pattern cannot be used.
 */
static int gitdir_pattern(struct sgit_buf *pat, const struct config_load *load, int *nomem)
{
	const struct sgit_config_include_info *info = sgit_config_include_info(load->cfg);
	struct sgit_buf tmp = SGIT_BUF_INIT;
	int prefix = 0, rc = 0;

	if (expand_home(&tmp, pat->ptr, info->home, 1) > 0)
		sgit_buf_swap(pat, &tmp);
	sgit_buf_reset(&tmp);
	if (pat->ptr[0] == '.' && pat->ptr[1] == '/') {
		char buf[PATH_MAX];

		if (!load->path || !realpath(load->path, buf)) {
			rc = -1;
			goto out;
		}
		prefix = (int)dir_len(buf);
		rc = sgit_buf_add(&tmp, buf, (size_t)prefix - 1) < 0 ? SGIT_ENOMEM : 0;
		if (!rc)
			rc = sgit_buf_adds(&tmp, pat->ptr + 1);
	} else if (pat->ptr[0] != '/') {
		rc = sgit_buf_sets(&tmp, "**/") < 0 || sgit_buf_addbuf(&tmp, pat) < 0 ? SGIT_ENOMEM : 0;
	} else {
		rc = sgit_buf_addbuf(&tmp, pat);
	}
	if (!rc && tmp.len && tmp.ptr[tmp.len - 1] == '/')
		rc = sgit_buf_adds(&tmp, "**");
	if (rc < 0) {
		*nomem = 1;
		goto out;
	}
	sgit_buf_swap(pat, &tmp);
	rc = prefix;
out:
	sgit_buf_release(&tmp);
	return rc;
}

static int gitdir_matches(const char *pattern, int prefix, const struct sgit_buf *text, int icase)
{
	if (prefix > 0) {
		/* the part from the including file's location is literal, not a glob */
		if (text->len < (size_t)prefix)
			return 0;
		if (icase ? strncasecmp(pattern, text->ptr, (size_t)prefix)
			  : strncmp(pattern, text->ptr, (size_t)prefix))
			return 0;
	}
	return sgit_wildmatch(pattern + prefix, text->ptr + prefix,
			      SGIT_WM_PATHNAME | (icase ? SGIT_WM_CASEFOLD : 0));
}

/* 1 true, 0 false, SGIT_ENOMEM. */
static int by_gitdir(const struct config_load *load, const char *cond, size_t len, int icase)
{
	const char *git_dir = sgit_config_include_info(load->cfg)->git_dir;
	struct sgit_buf pat = SGIT_BUF_INIT, text = SGIT_BUF_INIT;
	int prefix, nomem = 0, rc = 0;

	if (!git_dir)
		return 0;
	if (sgit_buf_set(&pat, cond, len) < 0 || absolute_path(&text, git_dir, 1) < 0) {
		rc = SGIT_ENOMEM;
		goto out;
	}
	if ((prefix = gitdir_pattern(&pat, load, &nomem)) < 0) {
		rc = nomem ? SGIT_ENOMEM : 0;
		goto out;
	}
	rc = gitdir_matches(pat.ptr, prefix, &text, icase);
	/* a symlink in the pattern's path defeats the resolved form: try the plain one too */
	if (!rc) {
		if (absolute_path(&text, git_dir, 0) < 0)
			rc = SGIT_ENOMEM;
		else
			rc = gitdir_matches(pat.ptr, prefix, &text, icase);
	}
out:
	sgit_buf_release(&pat);
	sgit_buf_release(&text);
	return rc;
}

static int by_branch(const struct config_load *load, const char *cond, size_t len)
{
	const char *branch = sgit_config_include_info(load->cfg)->branch;
	struct sgit_buf pat = SGIT_BUF_INIT;
	int rc;

	if (!branch)
		return 0;
	if (sgit_buf_set(&pat, cond, len) < 0 || (len && cond[len - 1] == '/' && sgit_buf_adds(&pat, "**") < 0))
		rc = SGIT_ENOMEM;
	else
		rc = sgit_wildmatch(pat.ptr, branch, SGIT_WM_PATHNAME);
	sgit_buf_release(&pat);
	return rc;
}

static int skip_prefix(const char **s, size_t *len, const char *prefix)
{
	size_t n = strlen(prefix);

	if (*len < n || memcmp(*s, prefix, n))
		return 0;
	*s += n;
	*len -= n;
	return 1;
}

/* Unknown conditions are false, as are "hasconfig:" ones (they need the whole config sequence). */
static int condition_holds(const struct config_load *load, const char *cond, size_t len)
{
	if (skip_prefix(&cond, &len, "gitdir:"))
		return by_gitdir(load, cond, len, 0);
	if (skip_prefix(&cond, &len, "gitdir/i:"))
		return by_gitdir(load, cond, len, 1);
	if (skip_prefix(&cond, &len, "onbranch:"))
		return by_branch(load, cond, len);
	return 0;
}

int sgit_config_include_entry(struct config_load *load, const char *key, const char *value,
			      struct sgit_error *err)
{
	const char *cond, *name;
	int rc;

	if (!strcmp(key, "include.path"))
		return include_path(load, value, err);
	if (strncmp(key, "includeif.", 10))
		return 0;
	cond = key + 10;
	name = strrchr(key, '.');
	if (name < cond || strcmp(name + 1, "path"))
		return 0;
	if ((rc = condition_holds(load, cond, (size_t)(name - cond))) < 0)
		return sgit_error_nomem(err);
	return rc ? include_path(load, value, err) : 0;
}
