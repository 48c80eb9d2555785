/* porcelain/cli/ls_files_others.c: ls-files -o: the work tree walk for untracked files */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "porcelain/cli/ls_files.h"
#include "util/fs.h"

struct walk {
	struct ls_ctx *lc;
	char **found;			/* paths to show, folders with a final '/' */
	size_t n, alloc;
	struct sgit_buf path;		/* from the top, being walked */
	struct sgit_buf full;		/* the same from the root of the file system */
	int failed;			/* out of memory */
};

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void collect(struct walk *w, int dir)
{
	size_t len;
	char *s;

	if (w->n == w->alloc) {
		size_t alloc = w->alloc ? w->alloc * 2 : 64;
		char **p = realloc(w->found, alloc * sizeof(*p));

		if (!p) {
			w->failed = 1;
			return;
		}
		w->found = p;
		w->alloc = alloc;
	}
	if (!(s = malloc(w->path.len + 2))) {
		w->failed = 1;
		return;
	}
	memcpy(s, w->path.ptr, w->path.len);
	len = w->path.len;
	if (dir)
		s[len++] = '/';
	s[len] = '\0';
	w->found[w->n++] = s;
}

/* A name in a folder, with its type when readdir tells it (DT_UNKNOWN otherwise). */
struct dent {
	char *name;
	unsigned char type;
};

static int cmp_dent(const void *a, const void *b)
{
	return strcmp(((const struct dent *)a)->name, ((const struct dent *)b)->name);
}

/* The names in the folder w->full but ".git", sorted; NULL when it cannot be read. */
static struct dent *list_dir(struct walk *w, size_t *count)
{
	DIR *d = opendir(w->full.ptr);
	struct dirent *de;
	struct dent *names = NULL, *p;
	size_t n = 0, alloc = 0;

	*count = 0;
	if (!d)
		return NULL;
	while ((de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, "..") || !strcmp(de->d_name, ".git"))
			continue;
		if (n == alloc) {
			alloc = alloc ? alloc * 2 : 32;
			if (!(p = realloc(names, alloc * sizeof(*p)))) {
				w->failed = 1;
				break;
			}
			names = p;
		}
		if (!(names[n].name = strdup(de->d_name))) {
			w->failed = 1;
			break;
		}
		names[n++].type = de->d_type;
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof(*names), cmp_dent);
	*count = n;
	return names;
}

static size_t walk_dir(struct walk *w, int in_ignored, int dry);

static int is_ignored(struct walk *w, int in_ignored, int is_dir)
{
	return in_ignored || (w->lc->ign && sgit_ignore_is_ignored(w->lc->ign, w->path.ptr, is_dir) == 1);
}

/* A folder the index knows nothing below: shown whole, or walked. How many shown things it holds. */
static size_t untracked_dir(struct walk *w, int in_ignored, int dry)
{
	const struct ls_opts *o = w->lc->o;
	int ign = is_ignored(w, in_ignored, 1), show = o->ignored ? ign : !ign;
	size_t keep = w->full.len, inner;
	int nested;

	sgit_buf_adds(&w->full, "/.git");
	nested = sgit_fs_exists(w->full.ptr);
	sgit_buf_truncate(&w->full, keep);
	/* another repository is one untracked thing, never walked */
	if (nested || (o->directory && ign)) {
		if (show && !dry)
			collect(w, 1);
		return show;
	}
	if (ign && !o->ignored)
		return 0;
	if (!o->directory || o->ignored)
		return walk_dir(w, ign, dry);
	inner = walk_dir(w, ign, 1);
	if (!dry && (inner || o->empty_dir))
		collect(w, 1);
	return inner != 0;
}

/* The type of what w->full names: readdir's, else lstat's; 0 when it is gone. */
static unsigned int entry_type(struct walk *w, unsigned char dtype)
{
	struct stat st;

	switch (dtype) {
	case DT_DIR:
		return S_IFDIR;
	case DT_REG:
		return S_IFREG;
	case DT_LNK:
		return S_IFLNK;
	case DT_UNKNOWN:
		return lstat(w->full.ptr, &st) < 0 ? 0 : st.st_mode & S_IFMT;
	default:
		return S_IFIFO;
	}
}

/* One name of a folder (already appended to w->path and w->full). */
static size_t walk_entry(struct walk *w, unsigned char dtype, int in_ignored, int dry)
{
	struct sgit_index *idx = w->lc->idx;
	size_t pos;
	int known = sgit_index_find(&pos, idx, w->path.ptr, w->path.len, -1) == 0;
	unsigned int type;

	/* a tracked file needs no look at the disk */
	if (known && dtype != DT_DIR && dtype != DT_UNKNOWN)
		return 0;
	type = entry_type(w, dtype);
	if (type == S_IFDIR) {
		if (known && (sgit_index_entry_at(idx, pos)->mode & 0170000) == 0160000)
			return 0;
		if (sgit_index_find_dir(&pos, idx, w->path.ptr, w->path.len) == 0)
			return walk_dir(w, in_ignored, dry);
		return untracked_dir(w, in_ignored, dry);
	}
	if (known || (type != S_IFREG && type != S_IFLNK))
		return 0;
	if (w->lc->o->ignored ? !is_ignored(w, in_ignored, 0) : is_ignored(w, in_ignored, 0))
		return 0;
	if (!dry)
		collect(w, 0);
	return 1;
}

/* The folder w->path ("" or "a/b"): how many things to show it holds. */
static size_t walk_dir(struct walk *w, int in_ignored, int dry)
{
	size_t n = 0, i, count, pkeep = w->path.len, fkeep = w->full.len;
	struct dent *names = list_dir(w, &count);

	for (i = 0; i < count; i++) {
		if (pkeep)
			sgit_buf_addch(&w->path, '/');
		sgit_buf_adds(&w->path, names[i].name);
		sgit_buf_addch(&w->full, '/');
		sgit_buf_adds(&w->full, names[i].name);
		n += walk_entry(w, names[i].type, in_ignored, dry);
		sgit_buf_truncate(&w->path, pkeep);
		sgit_buf_truncate(&w->full, fkeep);
		free(names[i].name);
	}
	free(names);
	return n;
}

int ls_show_others(struct ls_ctx *lc)
{
	struct walk w = { lc, NULL, 0, 0, SGIT_BUF_INIT, SGIT_BUF_INIT, 0 };
	size_t i;
	int rc = 0;

	sgit_buf_sets(&w.full, lc->wt);
	walk_dir(&w, 0, 0);
	if (w.failed)
		rc = cli_fatal("out of memory");
	if (w.n)
		qsort(w.found, w.n, sizeof(*w.found), cmp_str);
	for (i = 0; i < w.n; i++) {
		size_t len = strlen(w.found[i]);

		if (!rc && ls_pathspec_match(lc, w.found[i], len, 0))
			ls_write_name(lc, lc->tag_other, w.found[i], len);
		free(w.found[i]);
	}
	free(w.found);
	sgit_buf_release(&w.path);
	sgit_buf_release(&w.full);
	return rc;
}
