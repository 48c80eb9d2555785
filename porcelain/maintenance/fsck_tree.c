/* porcelain/maintenance/fsck_tree.c: git's checks of a tree object's entries, over (buffer, length) */
#include <stdlib.h>
#include <string.h>
#include "sgit/fsck.h"
#include "sgit/index.h"
#include "porcelain/maintenance/fsck_int.h"

struct tentry {
	unsigned mode;
	const char *name;	/* NUL-terminated inside the tree's bytes */
	size_t len;
	const unsigned char *raw;	/* the entry's first byte (its mode) */
	const unsigned char *id;
};

/* One entry at *pos, as git's tree decoder reads it: 1, 0 at the end, -1 when malformed. */
static int next_entry(struct tentry *e, const unsigned char *buf, size_t len, size_t *pos)
{
	const unsigned char *p = buf + *pos, *end = buf + len, *nul;

	if (p == end)
		return 0;
	if (end - p < 24 || !(nul = memchr(p, 0, end - p)) || end - nul < 21)
		return -1;
	e->raw = p;
	e->mode = 0;
	for (; p < nul && *p != ' '; p++) {
		if (*p < '0' || *p > '7')
			return -1;
		e->mode = (e->mode << 3) + (unsigned)(*p - '0');
	}
	if (p == nul || p + 1 == nul)
		return -1;	/* no space, or an empty name */
	e->name = (const char *)p + 1;
	e->len = (size_t)(nul - p - 1);
	e->id = nul + 1;
	*pos = (size_t)(nul + 21 - buf);
	return 1;
}

static int is_dir(unsigned mode)
{
	return (mode & 0170000) == 0040000;
}

static int is_less_than_slash(unsigned char c)
{
	return c && c < '/';
}

/* Names of files that may still meet a folder of the same name further on. */
struct stack {
	struct tentry *v;
	size_t n, alloc;
};

static int push(struct stack *s, const struct tentry *e)
{
	if (s->n == s->alloc) {
		struct tentry *v = realloc(s->v, (s->alloc = s->alloc * 2 + 8) * sizeof(*v));

		if (!v)
			return -1;
		s->v = v;
	}
	s->v[s->n++] = *e;
	return 0;
}

/*
 * 0 in order, 1 out of order, 2 a duplicate. A file "a" and a folder "a"
 * need not be neighbours ("a", "a.b", "a/"), so files that are prefixes of
 * later names wait on the stack for a folder of their name.
 */
static int order(const struct tentry *a, const struct tentry *b, struct stack *files)
{
	size_t n = a->len < b->len ? a->len : b->len;
	int cmp = memcmp(a->name, b->name, n);
	unsigned char c1, c2;

	if (cmp)
		return cmp > 0;
	c1 = (unsigned char)a->name[n];
	c2 = (unsigned char)b->name[n];
	if (!c1 && !c2)
		return 2;
	if (!c1 && is_dir(a->mode))
		c1 = '/';
	if (!c2 && is_dir(b->mode))
		c2 = '/';
	if (!c1 && is_less_than_slash(c2)) {
		push(files, a);
	} else if (c2 == '/' && is_less_than_slash(c1)) {
		while (files->n) {
			const struct tentry *f = &files->v[files->n - 1];

			if (b->len < f->len || memcmp(b->name, f->name, f->len))
				break;
			if (b->len == f->len)
				return 2;
			if (is_less_than_slash((unsigned char)b->name[f->len]))
				break;
			files->n--;
		}
	}
	return c1 < c2 ? 0 : 1;
}

enum { F_NULL = 1, F_FULL = 2, F_EMPTY = 4, F_DOT = 8, F_DOTDOT = 16, F_DOTGIT = 32,
       F_ZERO = 64, F_MODE = 128, F_DUP = 256, F_UNSORTED = 512 };

/*
 * The spellings NTFS and HFS+ take for .git and the dotfiles: the one table
 * the index and the work tree use too (porcelain/index/index_path.c). fsck
 * looks for every spelling, whatever core.protectNTFS/protectHFS say, as git's does.
 */
static int is_dotgit(const char *s, size_t n, int hfs_too)
{
	return sgit_index_path_is_ntfs_dotgit(s, n) || (hfs_too && sgit_index_path_is_hfs_dotgit(s, n));
}

static int is_dotfile(const char *s, size_t n, enum sgit_index_dotfile which, int hfs_too)
{
	return sgit_index_path_is_ntfs_dotfile(s, n, which) ||
	       (hfs_too && sgit_index_path_is_hfs_dotfile(s, n, which));
}

static int dotfile_checks(const struct sgit_fsck_options *o, const struct sgit_oid *id,
			  const struct tentry *e, unsigned *flags)
{
	int link = (e->mode & 0170000) == 0120000, err = 0;
	const char *bs;
	const enum sgit_object_type T = SGIT_OBJ_TREE;

	if (is_dotgit(e->name, e->len, 1))
		*flags |= F_DOTGIT;
	if (link && is_dotfile(e->name, e->len, SGIT_INDEX_DOTGITMODULES, 1))
		err += fsck_report(o, id, T, FSCK_GITMODULES_SYMLINK, ".gitmodules is a symbolic link");
	if (link && is_dotfile(e->name, e->len, SGIT_INDEX_DOTGITATTRIBUTES, 1))
		err += fsck_report(o, id, T, FSCK_GITATTRIBUTES_SYMLINK, ".gitattributes is a symlink");
	if (link && is_dotfile(e->name, e->len, SGIT_INDEX_DOTGITIGNORE, 1))
		err += fsck_report(o, id, T, FSCK_GITIGNORE_SYMLINK, ".gitignore is a symlink");
	if (link && is_dotfile(e->name, e->len, SGIT_INDEX_DOTMAILMAP, 1))
		err += fsck_report(o, id, T, FSCK_MAILMAP_SYMLINK, ".mailmap is a symlink");
	/* NTFS takes a backslash for a folder separator */
	for (bs = memchr(e->name, '\\', e->len); bs; bs = strchr(bs, '\\')) {
		size_t rest = e->len - (size_t)(++bs - e->name);

		if (is_dotgit(bs, rest, 0))
			*flags |= F_DOTGIT;
		if (link && is_dotfile(bs, rest, SGIT_INDEX_DOTGITMODULES, 0))
			err += fsck_report(o, id, T, FSCK_GITMODULES_SYMLINK, ".gitmodules is a symbolic link");
	}
	return err;
}

static unsigned entry_flags(const struct sgit_fsck_options *o, const struct tentry *e)
{
	static const unsigned char zero[20];
	unsigned f = 0;

	if (!memcmp(e->id, zero, 20))
		f |= F_NULL;
	if (memchr(e->name, '/', e->len))
		f |= F_FULL;
	if (!e->len)
		f |= F_EMPTY;
	if (e->len == 1 && e->name[0] == '.')
		f |= F_DOT;
	if (e->len == 2 && !memcmp(e->name, "..", 2))
		f |= F_DOTDOT;
	if (e->raw[0] == '0')
		f |= F_ZERO;
	switch (e->mode) {
	case 0100755: case 0100644: case 0120000: case 0040000: case 0160000:
		break;
	case 0100664:	/* written by very early versions; only --strict minds */
		if (o->strict)
			f |= F_MODE;
		break;
	default:
		f |= F_MODE;
	}
	return f;
}

static const struct { unsigned flag; enum fsck_msg msg; const char *text; } tree_msgs[] = {
	{ F_NULL, FSCK_NULL_SHA1, "contains entries pointing to null sha1" },
	{ F_FULL, FSCK_FULL_PATHNAME, "contains full pathnames" },
	{ F_EMPTY, FSCK_EMPTY_NAME, "contains empty pathname" },
	{ F_DOT, FSCK_HAS_DOT, "contains '.'" },
	{ F_DOTDOT, FSCK_HAS_DOTDOT, "contains '..'" },
	{ F_DOTGIT, FSCK_HAS_DOTGIT, "contains '.git'" },
	{ F_ZERO, FSCK_ZERO_PADDED_FILEMODE, "contains zero-padded file modes" },
	{ F_MODE, FSCK_BAD_FILEMODE, "contains bad file modes" },
	{ F_DUP, FSCK_DUPLICATE_ENTRIES, "contains duplicate file entries" },
	{ F_UNSORTED, FSCK_TREE_NOT_SORTED, "not properly sorted" },
};

int fsck_check_tree(const struct sgit_fsck_options *o, const struct sgit_oid *id,
		    const unsigned char *buf, size_t len)
{
	struct stack files = { NULL, 0, 0 };
	struct tentry prev, cur;
	size_t pos = 0, i;
	unsigned flags = 0;
	int err = 0, rc, have_prev = 0;

	while ((rc = next_entry(&cur, buf, len, &pos)) > 0) {
		flags |= entry_flags(o, &cur);
		err += dotfile_checks(o, id, &cur, &flags);
		if (have_prev) {
			int ord = order(&prev, &cur, &files);

			flags |= ord == 1 ? F_UNSORTED : ord == 2 ? F_DUP : 0;
		}
		prev = cur;
		have_prev = 1;
	}
	if (rc < 0)
		err += fsck_report(o, id, SGIT_OBJ_TREE, FSCK_BAD_TREE, "cannot be parsed as a tree");
	for (i = 0; i < sizeof(tree_msgs) / sizeof(tree_msgs[0]); i++)
		if (flags & tree_msgs[i].flag)
			err += fsck_report(o, id, SGIT_OBJ_TREE, tree_msgs[i].msg, "%s", tree_msgs[i].text);
	free(files.v);
	return err;
}
