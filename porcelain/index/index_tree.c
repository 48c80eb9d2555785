/* porcelain/index/index_tree.c: trees from the index (write-tree) and the index from a tree (read-tree) */
#include <stdlib.h>
#include <string.h>
#include "porcelain/index/index_int.h"
#include "sgit/object.h"
#include "sgit/odb.h"
#include "sgit/tree.h"

#define MAX_TREE_DEPTH 4096

static const char empty_tree_hex[] = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";

struct write_ctx {
	struct sgit_index *idx;
	struct sgit_odb *odb;
	unsigned int flags;
	struct sgit_buf bytes;		/* one tree's object, reused */
};

/* 1 when the entry at pos lies under base ("" or "a/b/", with its slash). */
static int under(const struct sgit_index *idx, size_t pos, const char *base, size_t len)
{
	const struct sgit_index_entry *e;

	if (pos >= idx->nentries)
		return 0;
	e = &idx->entries[pos]->e;
	return e->path_len > len && !memcmp(e->path, base, len);
}

/* A valid folder covers exactly count entries from start, and its tree is there. */
static int node_usable(struct write_ctx *c, const struct index_ctree *t, size_t start,
		       const char *base, size_t len)
{
	size_t n = (size_t)t->count;

	return t->count > 0 && under(c->idx, start + n - 1, base, len) &&
	       !under(c->idx, start + n, base, len) && sgit_odb_exists(c->odb, &t->id);
}

struct tree_items {
	struct sgit_tree_entry *v;
	size_t n, alloc;
};

static int push_item(struct tree_items *items, const char *name, size_t len, unsigned int mode,
		     const struct sgit_oid *id)
{
	struct sgit_tree_entry *e;

	if (items->n == items->alloc) {
		size_t alloc = items->alloc ? items->alloc * 2 : 16;
		struct sgit_tree_entry *p = realloc(items->v, alloc * sizeof(*p));

		if (!p)
			return SGIT_ENOMEM;
		items->v = p;
		items->alloc = alloc;
	}
	e = &items->v[items->n++];
	memset(e, 0, sizeof(*e));
	e->name = name;
	e->name_len = len;
	e->mode = mode;
	e->raw_mode = mode;
	e->id = *id;
	return 0;
}

static void drop_unused(struct index_ctree *t)
{
	size_t i, k = 0;

	for (i = 0; i < t->nsubs; i++) {
		if (t->subs[i]->used)
			t->subs[k++] = t->subs[i];
		else
			sgit_index__ctree_free(t->subs[i]);
	}
	t->nsubs = k;
}

static int update_node(struct write_ctx *c, struct index_ctree *t, size_t start, const char *base,
		       size_t len, size_t *consumed, int depth);

/* The subfolder of t whose entries begin at *pos; adds it to items and moves *pos past it. */
static int add_subtree(struct write_ctx *c, struct index_ctree *t, struct tree_items *items,
		       size_t *pos, size_t len, int *invalid, int depth)
{
	const struct sgit_index_entry *e = &c->idx->entries[*pos]->e;
	const char *name = e->path + len;
	size_t nlen = (size_t)((const char *)memchr(name, '/', e->path_len - len) - name), k = 0;
	struct index_ctree *sub = sgit_index__ctree_sub(t, name, nlen, 1);
	struct sgit_oid empty;
	int rc;

	if (!sub)
		return sgit_error_nomem(c->idx->err);
	sub->used = 1;
	if ((rc = update_node(c, sub, *pos, e->path, len + nlen + 1, &k, depth + 1)) < 0)
		return rc;
	*pos += k;
	if (sub->count < 0)
		*invalid = 1;
	/* a folder holding nothing but intent-to-add entries is left out */
	sgit_oid_fromhex(&empty, empty_tree_hex);
	if (sgit_oid_equal(&sub->id, &empty))
		return 0;
	return push_item(items, sub->name, sub->name_len, SGIT_FILEMODE_TREE, &sub->id) < 0 ?
	       sgit_error_nomem(c->idx->err) : 0;
}

/* A file of the folder: added to items unless it is only intended to be added. */
static int add_file(struct write_ctx *c, struct tree_items *items, const struct sgit_index_entry *e,
		    size_t len, int *invalid)
{
	char hex[SGIT_OID_HEXSZ + 1];

	if ((e->flags & SGIT_INDEX_INTENT_TO_ADD) && !(e->flags & SGIT_INDEX_SKIP_WORKTREE)) {
		*invalid = 1;
		return 0;
	}
	if (!(c->flags & SGIT_INDEX_WRITE_TREE_MISSING_OK) && (e->mode & 0170000) != 0160000 &&
	    !sgit_odb_exists(c->odb, &e->id))
		return sgit_error_set(c->idx->err, SGIT_ENOTFOUND, "invalid object %06o %s for '%s'",
				      e->mode, sgit_oid_tohex(hex, &e->id), e->path);
	return push_item(items, e->path + len, e->path_len - len, e->mode, &e->id) < 0 ?
	       sgit_error_nomem(c->idx->err) : 0;
}

/* Bring the folder base (len bytes, "" or "a/b/") up to date from the entries at start. */
static int update_node(struct write_ctx *c, struct index_ctree *t, size_t start, const char *base,
		       size_t len, size_t *consumed, int depth)
{
	struct tree_items items = { NULL, 0, 0 };
	size_t pos = start, i;
	int invalid = 0, rc = 0;

	if (node_usable(c, t, start, base, len)) {
		*consumed = (size_t)t->count;
		return 0;
	}
	if (depth > MAX_TREE_DEPTH)
		return sgit_error_set(c->idx->err, SGIT_EINVALID, "'%.*s' is too deep", (int)len, base);
	for (i = 0; i < t->nsubs; i++)
		t->subs[i]->used = 0;
	while (!rc && (len ? under(c->idx, pos, base, len) : pos < c->idx->nentries)) {
		const struct sgit_index_entry *e = &c->idx->entries[pos]->e;

		if (memchr(e->path + len, '/', e->path_len - len)) {
			rc = add_subtree(c, t, &items, &pos, len, &invalid, depth);
		} else {
			rc = add_file(c, &items, e, len, &invalid);
			pos++;
		}
	}
	drop_unused(t);
	if (!rc && (rc = sgit_tree_write(&c->bytes, items.v, items.n, c->idx->err)) == 0)
		rc = sgit_odb_write(&t->id, c->odb, SGIT_OBJ_TREE, c->bytes.ptr, c->bytes.len);
	if (!rc) {
		t->count = invalid ? -1 : (long)(pos - start);
		*consumed = pos - start;
	}
	free(items.v);
	return rc;
}

/* What git checks before building trees: no conflict stages, no file beside a folder of its name. */
static int check_writable(struct sgit_index *idx)
{
	size_t i;

	for (i = 0; i < idx->nentries; i++) {
		const struct sgit_index_entry *e = &idx->entries[i]->e, *next;

		if (e->stage)
			return sgit_error_set(idx->err, SGIT_ECONFLICT, "'%s' is unmerged", e->path);
		if (i + 1 == idx->nentries)
			break;
		next = &idx->entries[i + 1]->e;
		if (next->path_len > e->path_len && next->path[e->path_len] == '/' &&
		    !memcmp(next->path, e->path, e->path_len))
			return sgit_error_set(idx->err, SGIT_EINVALID, "you have both '%s' and '%s'",
					      e->path, next->path);
	}
	return 0;
}

int sgit_index_write_tree(struct sgit_oid *out, struct sgit_index *idx, unsigned int flags)
{
	struct write_ctx c = { idx, NULL, flags, SGIT_BUF_INIT };
	size_t consumed = 0;
	int rc;

	sgit_oid_clear(out);
	if (!idx->repo)
		return sgit_error_set(idx->err, SGIT_EINVALID, "writing trees needs a repository");
	c.odb = sgit_repo_odb(idx->repo);
	if ((rc = check_writable(idx)) < 0)
		goto out;
	if (!idx->ctree && !(idx->ctree = sgit_index__ctree_new("", 0))) {
		rc = sgit_error_nomem(idx->err);
		goto out;
	}
	if ((rc = update_node(&c, idx->ctree, 0, "", 0, &consumed, 0)) == 0)
		*out = idx->ctree->id;
out:
	sgit_buf_release(&c.bytes);
	return rc;
}

/* ---- read-tree ---- */

struct read_ctx {
	struct sgit_index *idx;
	unsigned int flags;
	struct sgit_odb *odb;
	struct sgit_buf path;
	struct index_ientry **v;	/* the new entries, in the order the trees give */
	size_t n, alloc;
};

static int take_entry(struct read_ctx *c, const struct sgit_tree_entry *te)
{
	const struct sgit_index_entry *old;
	struct sgit_index_entry e;
	struct index_ientry *ie;

	if (!sgit_index_path_valid(c->path.ptr, c->path.len, te->mode, c->idx->cfg.protect))
		return sgit_error_set(c->idx->err, SGIT_EINVALID, "invalid path '%s'", c->path.ptr);
	memset(&e, 0, sizeof(e));
	if ((c->flags & SGIT_INDEX_READ_TREE_KEEP_STAT) &&
	    (old = sgit_index_get(c->idx, c->path.ptr, 0)) && old->mode == te->mode &&
	    sgit_oid_equal(&old->id, &te->id)) {
		e = *old;
		e.flags &= ~(unsigned int)SGIT_INDEX_INTENT_TO_ADD;
	}
	e.mode = te->mode;
	e.id = te->id;
	e.path = c->path.ptr;
	e.path_len = c->path.len;
	if (c->n == c->alloc) {
		size_t alloc = c->alloc ? c->alloc * 2 : 64;
		struct index_ientry **p = realloc(c->v, alloc * sizeof(*p));

		if (!p)
			return sgit_error_nomem(c->idx->err);
		c->v = p;
		c->alloc = alloc;
	}
	if (!(ie = sgit_index__entry_new(&e)))
		return sgit_error_nomem(c->idx->err);
	c->v[c->n++] = ie;
	return 0;
}

static int read_tree_rec(struct read_ctx *c, const struct sgit_oid *id, struct index_ctree *node,
			 int depth);

/* One entry of a tree: a file, or a subfolder read recursively into its own cache-tree folder. */
static int read_one(struct read_ctx *c, const struct sgit_tree_entry *te, struct index_ctree *node,
		    int depth)
{
	size_t keep = c->path.len;
	struct index_ctree *sub;
	int rc;

	if (sgit_buf_add(&c->path, te->name, te->name_len) < 0)
		return sgit_error_nomem(c->idx->err);
	if (!sgit_tree_mode_is_tree(te->mode)) {
		rc = take_entry(c, te);
		node->count++;
	} else if (!(sub = sgit_index__ctree_sub(node, te->name, te->name_len, 1))) {
		rc = sgit_error_nomem(c->idx->err);
	} else if ((rc = sgit_buf_addch(&c->path, '/')) < 0) {
		rc = sgit_error_nomem(c->idx->err);
	} else if ((rc = read_tree_rec(c, &te->id, sub, depth + 1)) == 0) {
		node->count += sub->count;
	}
	sgit_buf_truncate(&c->path, keep);
	return rc;
}

static int read_tree_rec(struct read_ctx *c, const struct sgit_oid *id, struct index_ctree *node,
			 int depth)
{
	struct sgit_buf data = SGIT_BUF_INIT;
	enum sgit_object_type type;
	struct sgit_tree_iter it;
	struct sgit_tree_entry te;
	char hex[SGIT_OID_HEXSZ + 1];
	int rc;

	if (depth > MAX_TREE_DEPTH) {
		rc = sgit_error_set(c->idx->err, SGIT_ECORRUPT, "tree '%s' is nested too deeply",
				    sgit_oid_tohex(hex, id));
		goto out;
	}
	if ((rc = sgit_odb_read(&data, &type, c->odb, id)) < 0)
		goto out;
	if (type != SGIT_OBJ_TREE) {
		rc = sgit_error_set(c->idx->err, SGIT_EINVALID, "object '%s' is a %s, not a tree",
				    sgit_oid_tohex(hex, id), sgit_object_type_name(type));
		goto out;
	}
	node->id = *id;
	node->count = 0;
	sgit_tree_iter_init(&it, data.ptr, data.len);
	while ((rc = sgit_tree_iter_next(&te, &it, c->idx->err)) == 1)
		if ((rc = read_one(c, &te, node, depth)) < 0)
			break;
out:
	sgit_buf_release(&data);
	return rc;
}

/* Trees are in index order when they are canonical; anything else is refused rather than guessed at. */
static int check_read_order(struct read_ctx *c)
{
	size_t i;

	for (i = 1; i < c->n; i++) {
		const struct sgit_index_entry *a = &c->v[i - 1]->e, *b = &c->v[i]->e;

		if (sgit_index__cmp(a->path, a->path_len, 0, b->path, b->path_len, 0) >= 0)
			return sgit_error_set(c->idx->err, SGIT_ECORRUPT,
					      "tree entries out of order or repeated at '%s'", b->path);
	}
	return 0;
}

int sgit_index_read_tree(struct sgit_index *idx, const struct sgit_oid *id, unsigned int flags)
{
	struct read_ctx c = { idx, flags, NULL, SGIT_BUF_INIT, NULL, 0, 0 };
	struct index_ctree *root = sgit_index__ctree_new("", 0);
	size_t i;
	int rc;

	if (!idx->repo) {
		rc = sgit_error_set(idx->err, SGIT_EINVALID, "reading trees needs a repository");
		goto out;
	}
	c.odb = sgit_repo_odb(idx->repo);
	if (!root) {
		rc = sgit_error_nomem(idx->err);
		goto out;
	}
	if ((rc = read_tree_rec(&c, id, root, 0)) < 0 || (rc = check_read_order(&c)) < 0)
		goto out;
	sgit_index__clear_contents(idx);
	free(idx->entries);
	idx->entries = c.v;
	idx->nentries = c.n;
	idx->alloc = c.alloc;
	idx->ctree = root;
	c.v = NULL;
	c.n = 0;
	root = NULL;
out:
	for (i = 0; i < c.n; i++)
		free(c.v[i]);
	free(c.v);
	sgit_index__ctree_free(root);
	sgit_buf_release(&c.path);
	return rc;
}
