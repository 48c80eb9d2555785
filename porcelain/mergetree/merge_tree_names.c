/*
 * porcelain/mergetree/merge_tree_names.c: the names of one folder in the three trees,
 * lined up: a name is merged with what every side has under it, whatever
 * the type (a file on one side and a folder on another share a name).
 */
#include <stdlib.h>
#include <string.h>
#include "porcelain/mergetree/merge_tree_int.h"
#include "sgit/object.h"
#include "sgit/tree.h"

struct side_ent {
	const struct sgit_tree_entry *e;
	int side;
};

static int name_cmp(const char *a, size_t alen, const char *b, size_t blen)
{
	int d = memcmp(a, b, alen < blen ? alen : blen);

	if (d)
		return d;
	return alen < blen ? -1 : alen > blen;
}

static int side_ent_cmp(const void *x, const void *y)
{
	const struct side_ent *a = x, *b = y;
	int d = name_cmp(a->e->name, a->e->name_len, b->e->name, b->e->name_len);

	return d ? d : a->side - b->side;
}

static int read_tree(struct sgit_tree **out, struct mt_ctx *c, const struct sgit_oid *id)
{
	struct sgit_buf raw = SGIT_BUF_INIT;
	enum sgit_object_type type = SGIT_OBJ_NONE;
	char hex[SGIT_OID_HEXSZ + 1];
	int rc;

	*out = NULL;
	if ((rc = sgit_odb_read(&raw, &type, c->odb, id)) < 0)
		goto out;
	if (type != SGIT_OBJ_TREE)
		rc = sgit_error_set(c->err, SGIT_ECORRUPT, "object '%s' is a %s, not a tree",
				    sgit_oid_tohex(hex, id), sgit_object_type_name(type));
	else
		rc = sgit_tree_parse(out, raw.ptr, raw.len, c->err);
out:
	sgit_buf_release(&raw);
	return rc;
}

/* Group the sorted entries of all sides by name into n->items. */
static int group(struct mt_names *n, struct mt_ctx *c, const struct side_ent *all, size_t total)
{
	size_t i, k = 0;
	struct mt_name *it;

	if (total && !(n->items = calloc(total, sizeof(*n->items))))
		return sgit_error_nomem(c->err);
	for (i = 0; i < total; i++) {
		const struct sgit_tree_entry *e = all[i].e;

		if (!k || name_cmp(n->items[k - 1].name, n->items[k - 1].len, e->name, e->name_len)) {
			it = &n->items[k++];
			it->name = e->name;
			it->len = e->name_len;
		}
		it = &n->items[k - 1];
		if (it->v[all[i].side].mode)
			return sgit_error_set(c->err, SGIT_ECORRUPT, "tree has two entries named '%.*s'",
					      (int)e->name_len, e->name);
		it->v[all[i].side].mode = e->mode;
		it->v[all[i].side].id = e->id;
	}
	n->n = k;
	return 0;
}

int mt_names_load(struct mt_names *out, struct mt_ctx *c, const struct sgit_oid *const t[3])
{
	struct side_ent *all = NULL;
	size_t total = 0, i, k = 0;
	int s, rc = 0;

	memset(out, 0, sizeof(*out));
	for (s = 0; s < 3; s++) {
		struct sgit_tree *tree = NULL;

		if (t[s] && (rc = read_tree(&tree, c, t[s])) < 0)
			goto out;
		out->trees[s] = tree;
		total += tree ? sgit_tree_count(tree) : 0;
	}
	if (total && !(all = malloc(total * sizeof(*all)))) {
		rc = sgit_error_nomem(c->err);
		goto out;
	}
	for (s = 0; s < 3; s++)
		for (i = 0; out->trees[s] && i < sgit_tree_count(out->trees[s]); i++) {
			all[k].e = sgit_tree_entry_at(out->trees[s], i);
			all[k++].side = s;
		}
	if (total)
		qsort(all, total, sizeof(*all), side_ent_cmp);
	rc = group(out, c, all, total);
out:
	free(all);
	if (rc < 0)
		mt_names_release(out);
	return rc;
}

void mt_names_release(struct mt_names *n)
{
	int s;

	for (s = 0; s < 3; s++)
		sgit_tree_free(n->trees[s]);
	free(n->items);
	memset(n, 0, sizeof(*n));
}

int mt_names_taken(const struct mt_names *n, const struct mt_out *made, const char *name,
		   size_t len)
{
	size_t lo = 0, hi = n->n, mid, i;
	int d;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		d = name_cmp(n->items[mid].name, n->items[mid].len, name, len);
		if (!d)
			return 1;
		if (d < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (i = 0; i < made->n; i++)
		if (strlen(made->ents[i].name) == len && !memcmp(made->ents[i].name, name, len))
			return 1;
	return 0;
}
