/* refs/refname.c: what may be a ref name (git check-ref-format) */
#include <string.h>
#include "sgit/refs.h"
#include "refs/refdb_int.h"

/*
 * The rules of git-check-ref-format(1), applied to one component (the
 * bytes between two slashes). *star says whether the one '*' that
 * --refspec-pattern allows is still free.
 */
static int check_component(const char *s, size_t len, int *star, const char **why)
{
	size_t i;

	if (!len) {
		*why = "has an empty component (leading, trailing or doubled '/')";
		return 0;
	}
	if (s[0] == '.') {
		*why = "has a component that starts with '.'";
		return 0;
	}
	if (len >= 5 && !memcmp(s + len - 5, ".lock", 5)) {
		*why = "has a component that ends with '.lock'";
		return 0;
	}
	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c < 0x20 || c == 0x7f) {
			*why = "contains a control character";
			return 0;
		}
		if (c == '*' && *star) {
			*star = 0;
			continue;
		}
		if (strchr(" ~^:?*[\\", c)) {
			*why = "contains one of ' ', '~', '^', ':', '?', '*', '[', '\\'";
			return 0;
		}
		if (c == '.' && i + 1 < len && s[i + 1] == '.') {
			*why = "contains '..'";
			return 0;
		}
		if (c == '@' && i + 1 < len && s[i + 1] == '{') {
			*why = "contains '@{'";
			return 0;
		}
	}
	return 1;
}

/* The whole-name rules over name[0..len), slashes already collapsed when asked to. */
static int check_name(const char *name, size_t len, unsigned flags, const char **why)
{
	int star = (flags & SGIT_REFNAME_REFSPEC_PATTERN) != 0;
	size_t start = 0, ncomp = 0;

	if (!len) {
		*why = "is empty";
		return 0;
	}
	if (len == 1 && name[0] == '@') {
		*why = "is '@'";
		return 0;
	}
	if (memchr(name, '\0', len)) {
		*why = "contains a control character";
		return 0;
	}
	for (;;) {
		const char *slash = memchr(name + start, '/', len - start);
		size_t end = slash ? (size_t)(slash - name) : len;

		if (!check_component(name + start, end - start, &star, why))
			return 0;
		ncomp++;
		if (!slash)
			break;
		start = end + 1;
	}
	if (name[len - 1] == '.') {
		*why = "ends with '.'";
		return 0;
	}
	if (ncomp < 2 && !(flags & SGIT_REFNAME_ALLOW_ONELEVEL)) {
		*why = "has only one component";
		return 0;
	}
	return 1;
}

/* --normalize: drop leading slashes and collapse runs of slashes into one. */
static int collapse_slashes(struct sgit_buf *out, const char *name)
{
	const char *p = name;
	int rc = 0;

	sgit_buf_reset(out);
	while (*p == '/')
		p++;
	for (; *p && !rc; p++) {
		if (*p == '/' && p[1] == '/')
			continue;
		rc = sgit_buf_addch(out, *p);
	}
	return rc;
}

int sgit_refname_is_valid(const char *name, unsigned flags, const char **why)
{
	struct sgit_buf norm = SGIT_BUF_INIT;
	const char *reason = NULL;
	int ok;

	if (flags & SGIT_REFNAME_NORMALIZE) {
		if (collapse_slashes(&norm, name) < 0) {
			reason = "out of memory";
			ok = 0;
		} else {
			ok = check_name(norm.ptr, norm.len, flags, &reason);
		}
	} else {
		ok = check_name(name, strlen(name), flags, &reason);
	}
	if (why)
		*why = ok ? NULL : reason;
	sgit_buf_release(&norm);
	return ok;
}

int sgit_refname_normalize(struct sgit_buf *out, const char *name, unsigned flags, const char **why)
{
	struct sgit_buf norm = SGIT_BUF_INIT;
	const char *reason = NULL;
	int rc;

	if ((rc = collapse_slashes(&norm, name)) < 0) {
		reason = "out of memory";
		goto out;
	}
	if (!check_name(norm.ptr, norm.len, flags, &reason)) {
		rc = SGIT_EINVALID;
		goto out;
	}
	sgit_buf_swap(out, &norm);
out:
	if (why)
		*why = rc ? reason : NULL;
	sgit_buf_release(&norm);
	return rc;
}

/*
 * A name that can be looked up as a file without escaping the git dir, even
 * when it breaks the format rules: under refs/ without empty, "." or ".."
 * components, or one level of capitals and '_' (HEAD, FETCH_HEAD...).
 */
int sgit_refname__is_safe(const char *name, size_t len)
{
	size_t i, start;

	if (len > 5 && !memcmp(name, "refs/", 5)) {
		for (start = 5; start <= len; start = i + 1) {
			for (i = start; i < len && name[i] != '/'; i++)
				if (name[i] == '\0')
					return 0;
			if (i == start || (i - start == 1 && name[start] == '.') ||
			    (i - start == 2 && name[start] == '.' && name[start + 1] == '.'))
				return 0;
		}
		return 1;
	}
	if (!len)
		return 0;
	for (i = 0; i < len; i++)
		if (!((name[i] >= 'A' && name[i] <= 'Z') || name[i] == '_'))
			return 0;
	return 1;
}

/* A name the store will read: valid (one level allowed) or at least safe. */
int sgit_refname__readable(const char *name)
{
	return sgit_refname_is_valid(name, SGIT_REFNAME_ALLOW_ONELEVEL, NULL) ||
	       sgit_refname__is_safe(name, strlen(name));
}
