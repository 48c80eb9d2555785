/* porcelain/checkout/checkout_diff.c: the leaves where two trees differ, every name checked on the way */
#include <stdlib.h>
#include <string.h>
#include "porcelain/checkout/checkout_int.h"
#include "sgit/tree.h"
#include "sgit/index.h"

/* Deeper than any real project; a crafted chain of trees must not exhaust the stack. */
#define MAX_DEPTH 1024

struct diff_ctx {
	struct co_list *out;
	struct sgit_odb *odb;
	struct sgit_error *err;
	struct sgit_buf path;		/* the folder being compared, with a final '/' */
	int depth;
	unsigned int protect;		/* sgit_index_path_protection of the repository */
	struct sgit_checkout_pathlist *invalid;	/* NULL: an invalid path fails the walk */
};

/* 4b825dc642cb6eb9a060e54bf8d69288fbee4904, the id of a tree with no entries */
static const unsigned char empty_tree[20] = {
	0x4b, 0x82, 0x5d, 0xc6, 0x42, 0xcb, 0x6e, 0xb9, 0xa0, 0x60,
	0xe5, 0x4b, 0xf8, 0xd6, 0x92, 0x88, 0xfb, 0xee, 0x49, 0x04,
};

/* One tree read, its entries sorted by name. */
struct sorted_tree {
	struct sgit_tree *tree;
	const struct sgit_tree_entry **e;
	size_t n;
};

void sgit_checkout__list_free(struct co_list *l)
{
	size_t i;

	for (i = 0; i < l->count; i++)
		free(l->items[i].path);
	free(l->items);
	l->items = NULL;
	l->count = l->alloc = 0;
}

static int name_cmp(const struct sgit_tree_entry *a, const struct sgit_tree_entry *b)
{
	int c = memcmp(a->name, b->name, a->name_len < b->name_len ? a->name_len : b->name_len);

	if (c)
		return c;
	return a->name_len < b->name_len ? -1 : a->name_len > b->name_len;
}

static int entry_ptr_cmp(const void *a, const void *b)
{
	return name_cmp(*(const struct sgit_tree_entry *const *)a, *(const struct sgit_tree_entry *const *)b);
}

static int path_cmp(const void *a, const void *b)
{
	const struct co_item *x = a, *y = b;
	int c = memcmp(x->path, y->path, x->len < y->len ? x->len : y->len);

	if (c)
		return c;
	return x->len < y->len ? -1 : x->len > y->len;
}

static void sorted_release(struct sorted_tree *t)
{
	free(t->e);
	sgit_tree_free(t->tree);
}

/* The entries sorted by name; two entries of one name are refused. */
static int sort_entries(struct sorted_tree *t, struct diff_ctx *c, const struct sgit_oid *id)
{
	char hex[SGIT_OID_HEXSZ + 1];
	size_t i;

	t->n = sgit_tree_count(t->tree);
	if (!(t->e = malloc((t->n ? t->n : 1) * sizeof(*t->e))))
		return sgit_error_nomem(c->err);
	for (i = 0; i < t->n; i++)
		t->e[i] = sgit_tree_entry_at(t->tree, i);
	qsort(t->e, t->n, sizeof(*t->e), entry_ptr_cmp);
	for (i = 1; i < t->n; i++)
		if (!name_cmp(t->e[i - 1], t->e[i]))
			return sgit_error_set(c->err, SGIT_ECORRUPT, "tree %s has two entries named '%s%.*s'",
					      sgit_oid_tohex(hex, id), c->path.ptr, (int)t->e[i]->name_len,
					      t->e[i]->name);
	return 0;
}

static int load(struct sorted_tree *t, struct diff_ctx *c, const struct sgit_oid *id)
{
	struct sgit_buf data = SGIT_BUF_INIT;
	enum sgit_object_type type = SGIT_OBJ_NONE;
	char hex[SGIT_OID_HEXSZ + 1];
	int rc;

	/* the empty tree need not be stored: git knows it without looking */
	if (!id || !memcmp(id->id, empty_tree, sizeof(empty_tree)))
		return 0;
	if ((rc = sgit_odb_read(&data, &type, c->odb, id)) < 0)
		goto out;
	if (type != SGIT_OBJ_TREE) {
		rc = sgit_error_set(c->err, SGIT_ECORRUPT, "object %s is a %s, not a tree",
				    sgit_oid_tohex(hex, id), sgit_object_type_name(type));
		goto out;
	}
	if ((rc = sgit_tree_parse(&t->tree, data.ptr, data.len, c->err)) == 0)
		rc = sort_entries(t, c, id);
out:
	sgit_buf_release(&data);
	return rc;
}

int sgit_checkout__list_grow(struct co_list *l)
{
	size_t alloc = l->alloc ? l->alloc * 2 : 64;
	struct co_item *p = realloc(l->items, alloc * sizeof(*p));

	if (!p)
		return SGIT_ENOMEM;
	l->items = p;
	l->alloc = alloc;
	return 0;
}

void sgit_checkout__list_sort(struct co_list *l)
{
	if (l->count > 1)
		qsort(l->items, l->count, sizeof(*l->items), path_cmp);
}

static int emit(struct diff_ctx *c, const struct sgit_tree_entry *a, const struct sgit_tree_entry *b)
{
	const struct sgit_tree_entry *e = a ? a : b;
	struct co_item *it;
	char *path;
	size_t len = c->path.len + e->name_len;

	if (c->out->count == c->out->alloc && sgit_checkout__list_grow(c->out) < 0)
		return sgit_error_nomem(c->err);
	if (!(path = malloc(len + 1)))
		return sgit_error_nomem(c->err);
	memcpy(path, c->path.ptr, c->path.len);
	memcpy(path + c->path.len, e->name, e->name_len);
	path[len] = '\0';
	/*
	 * The whole path is checked where it is complete, so the message names
	 * the file, as git's. A path only the old tree has is going away: its
	 * shape is checked, not the rule for what a new link may be called.
	 */
	if (!sgit_index_path_valid(path, len, b ? b->mode : 0100644, c->protect)) {
		int rc = c->invalid ? sgit_checkout__pathlist_add(c->invalid, path, len) : SGIT_EINVALID;

		free(path);
		if (rc == SGIT_ENOMEM)
			return sgit_error_nomem(c->err);
		return rc ? sgit_error_set(c->err, SGIT_EINVALID, "invalid path '%s%.*s'", c->path.ptr,
					   (int)e->name_len, e->name) : 0;
	}
	it = &c->out->items[c->out->count];
	memset(it, 0, sizeof(*it));
	it->path = path;
	it->len = len;
	if (a) {
		it->omode = a->mode;
		it->oid = a->id;
	}
	if (b) {
		it->nmode = b->mode;
		it->nid = b->id;
	}
	c->out->count++;
	return 0;
}

static int diff_dir(struct diff_ctx *c, const struct sgit_oid *a, const struct sgit_oid *b);

static int str_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Compare the subtrees a and b (either NULL) of the entry called name. */
static int descend(struct diff_ctx *c, const struct sgit_tree_entry *e, const struct sgit_oid *a,
		   const struct sgit_oid *b)
{
	size_t len = c->path.len;
	int rc;

	if (sgit_buf_add(&c->path, e->name, e->name_len) < 0 || sgit_buf_addch(&c->path, '/') < 0)
		return sgit_error_nomem(c->err);
	rc = diff_dir(c, a, b);
	sgit_buf_truncate(&c->path, len);
	return rc;
}

/* Entries of one name on both sides (either may be missing). */
static int pair(struct diff_ctx *c, const struct sgit_tree_entry *a, const struct sgit_tree_entry *b)
{
	int at = a && sgit_tree_mode_is_tree(a->mode), bt = b && sgit_tree_mode_is_tree(b->mode);
	int rc = 0;

	if (at && bt)
		return sgit_oid_equal(&a->id, &b->id) ? 0 : descend(c, a, &a->id, &b->id);
	if (a && b && !at && !bt)
		return a->mode == b->mode && sgit_oid_equal(&a->id, &b->id) ? 0 : emit(c, a, b);
	/* a file and a folder of one name: the file sorts first in the index */
	if (a && !at && (rc = emit(c, a, bt ? NULL : b)) < 0)
		return rc;
	if (b && !bt && (rc = emit(c, at ? NULL : a, b)) < 0)
		return rc;
	if (at || bt)
		rc = descend(c, at ? a : b, at ? &a->id : NULL, bt ? &b->id : NULL);
	return rc;
}

static int diff_dir(struct diff_ctx *c, const struct sgit_oid *a, const struct sgit_oid *b)
{
	struct sorted_tree ta = { NULL, NULL, 0 }, tb = { NULL, NULL, 0 };
	size_t i = 0, j = 0;
	int rc;

	if (++c->depth > MAX_DEPTH) {
		rc = sgit_error_set(c->err, SGIT_ECORRUPT, "trees nested too deep at '%s'", c->path.ptr);
		goto out;
	}
	if ((rc = load(&ta, c, a)) < 0 || (rc = load(&tb, c, b)) < 0)
		goto out;
	while (!rc && (i < ta.n || j < tb.n)) {
		int cmp = i >= ta.n ? 1 : j >= tb.n ? -1 : name_cmp(ta.e[i], tb.e[j]);

		if (cmp < 0)
			rc = pair(c, ta.e[i++], NULL);
		else if (cmp > 0)
			rc = pair(c, NULL, tb.e[j++]);
		else
			rc = pair(c, ta.e[i++], tb.e[j++]);
	}
out:
	c->depth--;
	sorted_release(&ta);
	sorted_release(&tb);
	return rc;
}

int sgit_checkout__diff_trees(struct co_list *out, struct sgit_repo *repo, const struct sgit_oid *a,
			      const struct sgit_oid *b)
{
	return sgit_checkout__diff_trees_skip(out, NULL, repo, a, b);
}

int sgit_checkout__diff_trees_skip(struct co_list *out, struct sgit_checkout_pathlist *invalid,
				   struct sgit_repo *repo, const struct sgit_oid *a, const struct sgit_oid *b)
{
	struct diff_ctx c = { out, sgit_repo_odb(repo), sgit_repo_error(repo), SGIT_BUF_INIT, 0,
			      sgit_index_path_protection(repo), invalid };
	int rc = 0;

	if (!(a && b && sgit_oid_equal(a, b)))
		rc = diff_dir(&c, a, b);
	sgit_buf_release(&c.path);
	if (rc < 0) {
		sgit_checkout__list_free(out);
		return rc;
	}
	sgit_checkout__list_sort(out);
	/* the walk went name by name; git reports in index order */
	if (invalid && invalid->count > 1)
		qsort(invalid->paths, invalid->count, sizeof(*invalid->paths), str_cmp);
	return 0;
}

struct co_item *sgit_checkout__list_find(const struct co_list *l, const char *path, size_t len)
{
	size_t lo = 0, hi = l->count;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct co_item *it = &l->items[mid];
		int c = memcmp(it->path, path, it->len < len ? it->len : len);

		if (!c)
			c = it->len < len ? -1 : it->len > len;
		if (!c)
			return &l->items[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

int sgit_checkout__pathlist_add(struct sgit_checkout_pathlist *l, const char *path, size_t len)
{
	char *copy;

	if (l->count == l->alloc) {
		size_t alloc = l->alloc ? l->alloc * 2 : 8;
		char **p = realloc(l->paths, alloc * sizeof(*p));

		if (!p)
			return SGIT_ENOMEM;
		l->paths = p;
		l->alloc = alloc;
	}
	if (!(copy = malloc(len + 1)))
		return SGIT_ENOMEM;
	memcpy(copy, path, len);
	copy[len] = '\0';
	l->paths[l->count++] = copy;
	return 0;
}
