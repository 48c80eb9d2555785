/*
 * porcelain/index/ignore.c: the ignore matcher. Precedence, highest first: the
 * .gitignore files from the path's folder up to the top, info/exclude, then
 * core.excludesFile; in each file the last matching line decides. Before a
 * folder's own file is read, the folder itself is checked: once it is
 * ignored, everything below it is, by the same pattern.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "sgit/ignore.h"
#include "porcelain/index/ignore_int.h"
#include "util/fs.h"
#include "util/wildmatch.h"

/* One folder on the way from the top to the folder of the last query. */
struct level {
	size_t baselen;			/* "a/b/" is 4; 0 for the top */
	struct ign_list *list;		/* its .gitignore; NULL when there is none */
	const struct ign_pattern *excluded_by;	/* the folder is ignored: nothing deeper is read */
	const struct ign_list *excluded_in;
};

struct hit {
	const struct ign_pattern *p;
	const struct ign_list *l;
};

struct sgit_ignore {
	struct sgit_buf top;		/* the work tree with a final '/', or "" */
	struct ign_list *info, *user;	/* info/exclude and core.excludesFile; NULL: none */
	struct level *levels;
	size_t nlevels, alloc;
	struct sgit_buf base;		/* the folder of the deepest level: "a/b/" */
	int icase;
	sgit_ignore_warn_fn warn;
	void *warn_payload;
	struct sgit_error *err;
};

static int fold(int c)
{
	return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
}

/* 0 when the n bytes are equal (in any case of ASCII letters with icase). */
static int path_ncmp(const char *a, const char *b, size_t n, int icase)
{
	if (!icase)
		return memcmp(a, b, n);
	for (; n; n--, a++, b++)
		if (fold((unsigned char)*a) != fold((unsigned char)*b))
			return 1;
	return 0;
}

/* A pattern without '/': the last component name (namelen bytes, NUL after them) alone. */
static int match_basename(const struct ign_pattern *p, const char *name, size_t namelen, int icase)
{
	if (p->nowild == p->len)
		return p->len == namelen && !path_ncmp(p->text, name, namelen, icase);
	return sgit_wildmatch(p->text, name, icase ? SGIT_WM_CASEFOLD : 0);
}

/*
 * A pattern with '/': anchored at its file's folder base (baselen bytes,
 * without the final '/'). The literal start is compared first and the glob
 * sees only the rest, as git does: a "**" right after the literal part then
 * counts as a whole component.
 */
static int match_pathname(const struct ign_pattern *p, const char *base, size_t baselen,
			  const char *path, size_t pathlen, int icase)
{
	const char *pat = p->text, *name;
	size_t patlen = p->len, prefix = p->nowild, namelen;

	if (*pat == '/') {
		pat++;
		patlen--;
		prefix--;
	}
	if (pathlen < baselen + 1 || (baselen && path[baselen] != '/') ||
	    path_ncmp(path, base, baselen, icase))
		return 0;
	namelen = baselen ? pathlen - baselen - 1 : pathlen;
	name = path + pathlen - namelen;
	if (prefix) {
		if (prefix > namelen || path_ncmp(pat, name, prefix, icase))
			return 0;
		pat += prefix;
		patlen -= prefix;
		name += prefix;
		namelen -= prefix;
		if (!patlen && !namelen)
			return 1;
	}
	return sgit_wildmatch(pat, name, SGIT_WM_PATHNAME | (icase ? SGIT_WM_CASEFOLD : 0));
}

/* The last pattern of l matching path (NUL-terminated at pathlen), or NULL. */
static const struct ign_pattern *match_list(const struct ign_list *l, const char *base, size_t baselen,
					    const char *path, size_t pathlen, const char *basename,
					    int is_dir, int icase)
{
	size_t i;

	for (i = l->nr; i-- > 0;) {
		const struct ign_pattern *p = &l->v[i];

		if ((p->flags & IGN_MUSTBEDIR) && !is_dir)
			continue;
		if (p->flags & IGN_NODIR) {
			if (match_basename(p, basename, pathlen - (size_t)(basename - path), icase))
				return p;
		} else if (match_pathname(p, base, baselen ? baselen - 1 : 0, path, pathlen, icase)) {
			return p;
		}
	}
	return NULL;
}

static struct hit last_match(const struct sgit_ignore *ign, const char *path, size_t pathlen,
			     const char *basename, int is_dir)
{
	struct hit h = { NULL, NULL };
	size_t i;

	for (i = ign->nlevels; i-- > 0 && !h.p;) {
		if ((h.l = ign->levels[i].list) != NULL)
			h.p = match_list(h.l, ign->base.ptr, ign->levels[i].baselen, path, pathlen,
					 basename, is_dir, ign->icase);
	}
	if (!h.p && (h.l = ign->info) != NULL)
		h.p = match_list(h.l, "", 0, path, pathlen, basename, is_dir, ign->icase);
	if (!h.p && (h.l = ign->user) != NULL)
		h.p = match_list(h.l, "", 0, path, pathlen, basename, is_dir, ign->icase);
	if (!h.p)
		h.l = NULL;
	return h;
}

static int warn(struct sgit_ignore *ign, const char *display, int errnum)
{
	struct sgit_buf msg = SGIT_BUF_INIT;

	if (!ign->warn)
		return 0;
	if (sgit_buf_printf(&msg, "unable to access '%s': %s", display, strerror(errnum)) < 0)
		return sgit_error_nomem(ign->err);
	ign->warn(msg.ptr, ign->warn_payload);
	sgit_buf_release(&msg);
	return 0;
}

/*
 * *out gets the patterns of the file at path (named display in matches), or
 * NULL when it is missing or not a regular file. A file that exists but
 * cannot be opened is skipped with git's warning.
 */
static int read_rules(struct ign_list **out, struct sgit_ignore *ign, const char *path,
		      const char *display, int nofollow)
{
	struct sgit_buf data = SGIT_BUF_INIT;
	struct sgit_error read_err = SGIT_ERROR_INIT;
	struct ign_list *l = NULL;
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC | (nofollow ? O_NOFOLLOW : 0)), rc = 0;

	*out = NULL;
	if (fd < 0)
		return errno == ENOENT || errno == ENOTDIR ? 0 : warn(ign, display, errno);
	/* git skips a folder or a file it fails to read without a word */
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) ||
	    (rc = sgit_fs_read_fd(&data, fd, display, &read_err)) < 0) {
		rc = rc == SGIT_ENOMEM ? sgit_error_nomem(ign->err) : 0;
		goto out;
	}
	if (!(l = ign_list_new(display)) || ign_list_parse(l, data.ptr, data.len) < 0) {
		rc = sgit_error_nomem(ign->err);
		goto out;
	}
	*out = l;
	l = NULL;
out:
	close(fd);
	ign_list_free(l);
	sgit_buf_release(&data);
	return rc;
}

/* Read "<base>.gitignore" into the deepest level. */
static int read_level_file(struct sgit_ignore *ign)
{
	struct sgit_buf path = SGIT_BUF_INIT, display = SGIT_BUF_INIT;
	int rc;

	if (sgit_buf_printf(&display, "%s.gitignore", ign->base.ptr) < 0 ||
	    sgit_buf_printf(&path, "%s%s", ign->top.ptr, display.ptr) < 0) {
		rc = sgit_error_nomem(ign->err);
		goto out;
	}
	/* a .gitignore inside the work tree is never followed out of it */
	rc = read_rules(&ign->levels[ign->nlevels - 1].list, ign, path.ptr, display.ptr, 1);
out:
	sgit_buf_release(&path);
	sgit_buf_release(&display);
	return rc;
}

/*
 * Push the folder path[0..baselen) (baselen 0: the top), whose parent ends
 * at prevlen. An ignored folder becomes a level without a file and *h gets
 * the pattern that ignored it.
 */
static int push_level(struct sgit_ignore *ign, const char *path, size_t baselen, size_t prevlen,
		      struct hit *h)
{
	struct level *lv;

	if (ign->nlevels == ign->alloc) {
		size_t n = ign->alloc ? 2 * ign->alloc : 8;
		struct level *v = realloc(ign->levels, n * sizeof(*v));

		if (!v)
			return sgit_error_nomem(ign->err);
		ign->levels = v;
		ign->alloc = n;
	}
	sgit_buf_truncate(&ign->base, prevlen);
	if (sgit_buf_add(&ign->base, path + prevlen, baselen - prevlen) < 0)
		return sgit_error_nomem(ign->err);
	lv = &ign->levels[ign->nlevels++];
	memset(lv, 0, sizeof(*lv));
	lv->baselen = baselen;
	if (baselen) {
		ign->base.ptr[baselen - 1] = '\0';
		*h = last_match(ign, ign->base.ptr, baselen - 1, ign->base.ptr + prevlen, 1);
		ign->base.ptr[baselen - 1] = '/';
		if (h->p && !(h->p->flags & IGN_NEGATIVE)) {
			lv->excluded_by = h->p;
			lv->excluded_in = h->l;
			return 0;
		}
		h->p = NULL;
		h->l = NULL;
	}
	return read_level_file(ign);
}

static void pop_level(struct sgit_ignore *ign)
{
	struct level *lv = &ign->levels[--ign->nlevels];

	ign_list_free(lv->list);
	sgit_buf_truncate(&ign->base, ign->nlevels ? ign->levels[ign->nlevels - 1].baselen : 0);
}

/*
 * Make the levels the folders of path[0..dirlen) (dirlen: after its last
 * '/'), keeping those already there. *h gets the pattern of an ignored
 * folder on the way, if any.
 */
static int prepare(struct sgit_ignore *ign, const char *path, size_t dirlen, struct hit *h)
{
	struct level *top;
	size_t cur;
	int rc;

	h->p = NULL;
	h->l = NULL;
	if (!ign->nlevels && (rc = push_level(ign, path, 0, 0, h)) < 0)
		return rc;
	while (ign->nlevels > 1 && (ign->levels[ign->nlevels - 1].baselen > dirlen ||
				    memcmp(ign->base.ptr, path, ign->levels[ign->nlevels - 1].baselen)))
		pop_level(ign);
	top = &ign->levels[ign->nlevels - 1];
	if (top->excluded_by) {
		h->p = top->excluded_by;
		h->l = top->excluded_in;
		return 0;
	}
	for (cur = top->baselen; cur < dirlen && !h->p; ) {
		/* a component is never empty: its first byte is not looked at for the '/' */
		const char *slash = memchr(path + cur + 1, '/', dirlen - cur - 1);
		size_t next = slash ? (size_t)(slash - path) + 1 : dirlen;

		if ((rc = push_level(ign, path, next, cur, h)) < 0)
			return rc;
		cur = next;
	}
	return 0;
}

int sgit_ignore_check(struct sgit_ignore_match *out, struct sgit_ignore *ign, const char *path,
		      int is_dir)
{
	const char *slash = strrchr(path, '/');
	size_t dirlen = slash ? (size_t)(slash - path) + 1 : 0;
	struct hit h;
	int rc;

	memset(out, 0, sizeof(*out));
	if ((rc = prepare(ign, path, dirlen, &h)) < 0)
		return rc;
	if (!h.p)
		h = last_match(ign, path, strlen(path), path + dirlen, is_dir);
	if (!h.p)
		return 0;
	out->verdict = (h.p->flags & IGN_NEGATIVE) ? SGIT_IGNORE_INCLUDED : SGIT_IGNORE_EXCLUDED;
	out->source = h.l->source;
	out->line = h.p->line;
	out->pattern = h.p->shown;
	return 0;
}

int sgit_ignore_is_ignored(struct sgit_ignore *ign, const char *path, int is_dir)
{
	struct sgit_ignore_match m;
	int rc = sgit_ignore_check(&m, ign, path, is_dir);

	return rc < 0 ? rc : m.verdict == SGIT_IGNORE_EXCLUDED;
}

/* info/exclude and the excludes file, once, when the matcher is made. */
static int read_global(struct ign_list **out, struct sgit_ignore *ign, const char *path,
		       const char *display)
{
	struct sgit_buf full = SGIT_BUF_INIT;
	int rc;

	if (!path)
		return 0;
	if (sgit_buf_sets(&full, path[0] == '/' ? "" : ign->top.ptr) < 0 ||
	    sgit_buf_adds(&full, path) < 0)
		rc = sgit_error_nomem(ign->err);
	else
		rc = read_rules(out, ign, full.ptr, display ? display : path, 0);
	sgit_buf_release(&full);
	return rc;
}

int sgit_ignore_new(struct sgit_ignore **out, const struct sgit_ignore_options *opts,
		    struct sgit_error *err)
{
	struct sgit_ignore *ign = calloc(1, sizeof(*ign));
	const char *wt = opts->work_tree ? opts->work_tree : "";
	int rc;

	*out = NULL;
	if (!ign)
		return sgit_error_nomem(err);
	sgit_buf_init(&ign->top);
	sgit_buf_init(&ign->base);
	ign->icase = opts->ignore_case;
	ign->warn = opts->warn;
	ign->warn_payload = opts->warn_payload;
	ign->err = err;
	if (sgit_buf_sets(&ign->top, wt) < 0 ||
	    (*wt && wt[strlen(wt) - 1] != '/' && sgit_buf_addch(&ign->top, '/') < 0)) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	if ((rc = read_global(&ign->user, ign, opts->excludes_file, NULL)) < 0 ||
	    (rc = read_global(&ign->info, ign, opts->info_exclude, opts->info_exclude_name)) < 0)
		goto out;
	*out = ign;
	ign = NULL;
out:
	sgit_ignore_free(ign);
	return rc;
}

void sgit_ignore_free(struct sgit_ignore *ign)
{
	if (!ign)
		return;
	while (ign->nlevels)
		pop_level(ign);
	free(ign->levels);
	ign_list_free(ign->info);
	ign_list_free(ign->user);
	sgit_buf_release(&ign->top);
	sgit_buf_release(&ign->base);
	free(ign);
}
