/* porcelain/index/index_ext.c: index extensions: the cache tree (TREE) and resolve-undo (REUC) */
#include <stdlib.h>
#include <string.h>
#include "porcelain/index/index_int.h"

#define CTREE_MAX_DEPTH 4096	/* deeper than any path git would check out */

/* ---- the cache tree ---- */

struct index_ctree *sgit_index__ctree_new(const char *name, size_t len)
{
	struct index_ctree *t = calloc(1, sizeof(*t) + len + 1);

	if (!t)
		return NULL;
	t->count = -1;
	memcpy(t->name, name, len);
	t->name[len] = '\0';
	t->name_len = len;
	return t;
}

void sgit_index__ctree_free(struct index_ctree *t)
{
	size_t i;

	if (!t)
		return;
	for (i = 0; i < t->nsubs; i++)
		sgit_index__ctree_free(t->subs[i]);
	free(t->subs);
	free(t);
}

/* git keeps subfolders ordered by name length first, then bytewise. */
static int sub_cmp(const struct index_ctree *t, const char *name, size_t len)
{
	if (t->name_len != len)
		return t->name_len < len ? -1 : 1;
	return memcmp(t->name, name, len);
}

/* Position of the subfolder name in t, or where it would go (*found says which). */
static size_t sub_pos(const struct index_ctree *t, const char *name, size_t len, int *found)
{
	size_t lo = 0, hi = t->nsubs;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = sub_cmp(t->subs[mid], name, len);

		if (!c) {
			*found = 1;
			return mid;
		}
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	*found = 0;
	return lo;
}

/* Put sub (owned) into t; a subfolder of the same name is replaced. */
static int sub_insert(struct index_ctree *t, struct index_ctree *sub)
{
	int found;
	size_t pos = sub_pos(t, sub->name, sub->name_len, &found);

	if (found) {
		sgit_index__ctree_free(t->subs[pos]);
		t->subs[pos] = sub;
		return 0;
	}
	if (t->nsubs == t->alloc) {
		size_t alloc = t->alloc ? t->alloc * 2 : 4;
		struct index_ctree **p = realloc(t->subs, alloc * sizeof(*p));

		if (!p) {
			sgit_index__ctree_free(sub);
			return SGIT_ENOMEM;
		}
		t->subs = p;
		t->alloc = alloc;
	}
	memmove(t->subs + pos + 1, t->subs + pos, (t->nsubs - pos) * sizeof(*t->subs));
	t->subs[pos] = sub;
	t->nsubs++;
	return 0;
}

struct index_ctree *sgit_index__ctree_sub(struct index_ctree *t, const char *name, size_t len,
					  int create)
{
	int found;
	size_t pos = sub_pos(t, name, len, &found);
	struct index_ctree *sub;

	if (found || !create)
		return found ? t->subs[pos] : NULL;
	if (!(sub = sgit_index__ctree_new(name, len)) || sub_insert(t, sub) < 0)
		return NULL;
	return sub;
}

static void sub_remove(struct index_ctree *t, const char *name, size_t len)
{
	int found;
	size_t pos = sub_pos(t, name, len, &found);

	if (!found)
		return;
	sgit_index__ctree_free(t->subs[pos]);
	memmove(t->subs + pos, t->subs + pos + 1, (t->nsubs - pos - 1) * sizeof(*t->subs));
	t->nsubs--;
}

void sgit_index__ctree_invalidate(struct sgit_index *idx, const char *path, size_t len)
{
	struct index_ctree *t = idx->ctree;

	while (t) {
		const char *slash = memchr(path, '/', len);
		size_t n = slash ? (size_t)(slash - path) : len;

		t->count = -1;
		if (!slash) {
			/* the path itself may name a folder that is now gone */
			sub_remove(t, path, n);
			return;
		}
		t = sgit_index__ctree_sub(t, path, n, 0);
		path += n + 1;
		len -= n + 1;
	}
}

int sgit_index_cache_tree_valid(const struct sgit_index *idx)
{
	return idx->ctree && idx->ctree->count >= 0;
}

int sgit_index_cache_tree_lookup(struct sgit_oid *out, const struct sgit_index *idx, const char *dir)
{
	struct index_ctree *t = idx->ctree;

	while (t && *dir) {
		const char *slash = strchr(dir, '/');
		size_t n = slash ? (size_t)(slash - dir) : strlen(dir);

		t = sgit_index__ctree_sub(t, dir, n, 0);
		dir += n + (slash != NULL);
	}
	if (!t)
		return SGIT_ENOTFOUND;
	*out = t->id;
	return 0;
}

void sgit_index_cache_tree_clear(struct sgit_index *idx)
{
	sgit_index__ctree_free(idx->ctree);
	idx->ctree = NULL;
}

/* A decimal number (with '-' when neg_ok) ending at stop; 0 or -1. */
static int read_number(long *out, const unsigned char **p, const unsigned char *end, int neg_ok,
		       char stop)
{
	const unsigned char *q = *p;
	int neg = 0;
	long v = 0;

	if (q < end && *q == '-' && neg_ok) {
		neg = 1;
		q++;
	}
	if (q >= end || *q < '0' || *q > '9')
		return -1;
	while (q < end && *q >= '0' && *q <= '9') {
		if (v > 100000000L)
			return -1;
		v = v * 10 + (*q++ - '0');
	}
	if (q >= end || *q != (unsigned char)stop)
		return -1;
	*out = neg ? -v : v;
	*p = q + 1;
	return 0;
}

/* One folder and its subfolders, depth first; NULL for anything malformed. */
static struct index_ctree *read_ctree(const unsigned char **p, const unsigned char *end, int depth)
{
	const unsigned char *nul = memchr(*p, '\0', (size_t)(end - *p));
	struct index_ctree *t;
	long count, nsubs, i;
	int ok;

	if (!nul || depth > CTREE_MAX_DEPTH || !(t = sgit_index__ctree_new((const char *)*p,
									   (size_t)(nul - *p))))
		return NULL;
	*p = nul + 1;
	ok = read_number(&count, p, end, 1, ' ') == 0 && read_number(&nsubs, p, end, 0, '\n') == 0 &&
	     nsubs <= end - *p && (count < 0 || end - *p >= SGIT_OID_RAWSZ);
	if (ok && count >= 0) {
		t->count = count;
		sgit_oid_fromraw(&t->id, *p);
		*p += SGIT_OID_RAWSZ;
	}
	for (i = 0; ok && i < nsubs; i++) {
		struct index_ctree *sub = read_ctree(p, end, depth + 1);

		ok = sub && sub->name_len && sub_insert(t, sub) == 0;
		if (!ok && sub && !sub->name_len)
			sgit_index__ctree_free(sub);
	}
	if (!ok) {
		sgit_index__ctree_free(t);
		t = NULL;
	}
	return t;
}

/* A cache tree git cannot read is dropped without a word, as git does: it is only a cache. */
static void read_tree_ext(struct sgit_index *idx, const unsigned char *data, size_t len)
{
	const unsigned char *p = data, *end = data + len;
	struct index_ctree *t = len ? read_ctree(&p, end, 0) : NULL;

	sgit_index__ctree_free(idx->ctree);
	idx->ctree = NULL;
	if (t && p == end && !t->name_len)
		idx->ctree = t;
	else
		sgit_index__ctree_free(t);
}

static int write_ctree(struct sgit_buf *out, const struct index_ctree *t)
{
	size_t i;
	int rc;

	if ((rc = sgit_buf_add(out, t->name, t->name_len + 1)) < 0 ||
	    (rc = sgit_buf_addf(out, "%ld %zu\n", t->count < 0 ? -1L : t->count, t->nsubs)) < 0 ||
	    (t->count >= 0 && (rc = sgit_buf_add(out, t->id.id, SGIT_OID_RAWSZ)) < 0))
		return rc;
	for (i = 0; i < t->nsubs; i++)
		if ((rc = write_ctree(out, t->subs[i])) < 0)
			return rc;
	return 0;
}

/* ---- resolve-undo ---- */

void sgit_index__reuc_free_all(struct sgit_index *idx)
{
	size_t i;

	for (i = 0; i < idx->nreuc; i++)
		free(idx->reuc[i]);
	idx->nreuc = 0;
}

size_t sgit_index_reuc_count(const struct sgit_index *idx)
{
	return idx->nreuc;
}

const struct sgit_index_reuc *sgit_index_reuc_at(const struct sgit_index *idx, size_t i)
{
	return i < idx->nreuc ? &idx->reuc[i]->r : NULL;
}

void sgit_index_reuc_clear(struct sgit_index *idx)
{
	sgit_index__reuc_free_all(idx);
}

/* The record for path (len bytes), created empty when missing; NULL when out of memory. */
static struct index_reuc *reuc_get(struct sgit_index *idx, const char *path, size_t len)
{
	size_t lo = 0, hi = idx->nreuc;
	struct index_reuc *r;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = sgit_index__cmp(idx->reuc[mid]->r.path, strlen(idx->reuc[mid]->r.path), 0,
					path, len, 0);

		if (!c)
			return idx->reuc[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (idx->nreuc == idx->reuc_alloc) {
		size_t alloc = idx->reuc_alloc ? idx->reuc_alloc * 2 : 8;
		struct index_reuc **p = realloc(idx->reuc, alloc * sizeof(*p));

		if (!p)
			return NULL;
		idx->reuc = p;
		idx->reuc_alloc = alloc;
	}
	if (!(r = calloc(1, sizeof(*r) + len + 1)))
		return NULL;
	memcpy(r->name, path, len);
	r->r.path = r->name;
	memmove(idx->reuc + lo + 1, idx->reuc + lo, (idx->nreuc - lo) * sizeof(*idx->reuc));
	idx->reuc[lo] = r;
	idx->nreuc++;
	return r;
}

int sgit_index__reuc_record(struct sgit_index *idx, size_t pos, size_t end)
{
	for (; pos < end; pos++) {
		const struct sgit_index_entry *e = &idx->entries[pos]->e;
		struct index_reuc *r;

		if (!e->stage)
			continue;
		if (!(r = reuc_get(idx, e->path, e->path_len)))
			return sgit_error_nomem(idx->err);
		r->r.mode[e->stage - 1] = e->mode;
		r->r.id[e->stage - 1] = e->id;
	}
	return 0;
}

/* An octal mode ending in NUL. */
static int read_octal(unsigned int *out, const unsigned char **p, const unsigned char *end)
{
	const unsigned char *q = *p;
	unsigned int v = 0;

	if (q >= end || *q < '0' || *q > '7')
		return -1;
	while (q < end && *q >= '0' && *q <= '7') {
		if (v > 0777777u)
			return -1;
		v = v * 8 + (unsigned int)(*q++ - '0');
	}
	if (q >= end || *q)
		return -1;
	*out = v;
	*p = q + 1;
	return 0;
}

/* One record: path, three octal modes, the ids of the stages there are. 0, -1 malformed, or < -1. */
static int read_reuc_one(struct sgit_index *idx, const unsigned char **p, const unsigned char *end)
{
	const unsigned char *nul = memchr(*p, '\0', (size_t)(end - *p));
	struct index_reuc *r;
	int i;

	if (!nul || nul == *p)
		return -1;
	if (!(r = reuc_get(idx, (const char *)*p, (size_t)(nul - *p))))
		return sgit_error_nomem(idx->err);
	*p = nul + 1;
	for (i = 0; i < 3; i++)
		if (read_octal(&r->r.mode[i], p, end) < 0)
			return -1;
	for (i = 0; i < 3; i++) {
		if (!r->r.mode[i])
			continue;
		if (end - *p < SGIT_OID_RAWSZ)
			return -1;
		sgit_oid_fromraw(&r->r.id[i], *p);
		*p += SGIT_OID_RAWSZ;
	}
	return 0;
}

/* Resolve-undo data git cannot read is dropped, as git does (it warns and goes on). */
static int read_reuc_ext(struct sgit_index *idx, const unsigned char *data, size_t len)
{
	const unsigned char *p = data, *end = data + len;
	int rc = 0;

	sgit_index__reuc_free_all(idx);
	while (!rc && p < end)
		rc = read_reuc_one(idx, &p, end);
	if (rc < 0)
		sgit_index__reuc_free_all(idx);
	return rc == SGIT_ENOMEM ? rc : 0;
}

static int write_reuc(struct sgit_buf *out, const struct sgit_index *idx)
{
	size_t i;
	int k, rc = 0;

	for (i = 0; !rc && i < idx->nreuc; i++) {
		const struct sgit_index_reuc *r = &idx->reuc[i]->r;

		rc = sgit_buf_add(out, r->path, strlen(r->path) + 1);
		for (k = 0; !rc && k < 3; k++)
			if ((rc = sgit_buf_addf(out, "%o", r->mode[k])) == 0)
				rc = sgit_buf_addch(out, '\0');
		for (k = 0; !rc && k < 3; k++)
			if (r->mode[k])
				rc = sgit_buf_add(out, r->id[k].id, SGIT_OID_RAWSZ);
	}
	return rc;
}

/* ---- dispatch ---- */

int sgit_index__read_ext(struct sgit_index *idx, const unsigned char *sig, const unsigned char *data,
			 size_t len)
{
	if (!memcmp(sig, "TREE", 4)) {
		read_tree_ext(idx, data, len);
		return 0;
	}
	if (!memcmp(sig, "REUC", 4))
		return read_reuc_ext(idx, data, len);
	/* an optional extension (UNTR, FSMN, EOIE, IEOT...) is only a cache: it is dropped */
	if (sig[0] >= 'A' && sig[0] <= 'Z')
		return 0;
	/* "link" (split index), "sdir" (sparse index) and anything unknown change what entries mean */
	return sgit_error_set(idx->err, SGIT_ECORRUPT,
			      "index uses %.4s extension, which we do not understand", (const char *)sig);
}

/* Append "<sig><be32 size><data>" with data from fill. */
static int add_ext(struct sgit_buf *out, const char *sig, const struct sgit_index *idx,
		   int (*fill)(struct sgit_buf *, const struct sgit_index *))
{
	size_t start = out->len;
	unsigned char *p;
	size_t size;
	int rc;

	if ((rc = sgit_buf_add(out, sig, 4)) < 0 || (rc = sgit_buf_add(out, "\0\0\0\0", 4)) < 0 ||
	    (rc = fill(out, idx)) < 0)
		return rc;
	size = out->len - start - 8;
	if (size > 0xffffffffu)
		return sgit_error_set(idx->err, SGIT_EINVALID, "index extension %s is too big", sig);
	p = (unsigned char *)out->ptr + start + 4;
	p[0] = (unsigned char)(size >> 24);
	p[1] = (unsigned char)(size >> 16);
	p[2] = (unsigned char)(size >> 8);
	p[3] = (unsigned char)size;
	return 0;
}

static int fill_tree(struct sgit_buf *out, const struct sgit_index *idx)
{
	return write_ctree(out, idx->ctree);
}

int sgit_index__write_exts(struct sgit_buf *out, const struct sgit_index *idx)
{
	int rc = 0;

	if (idx->ctree)
		rc = add_ext(out, "TREE", idx, fill_tree);
	if (!rc && idx->nreuc)
		rc = add_ext(out, "REUC", idx, write_reuc);
	return rc;
}
