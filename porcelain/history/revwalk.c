/* porcelain/history/revwalk.c: the revision walk's commits: reading them, the date queue, hidden ranges */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "sgit/commit.h"
#include "sgit/revwalk.h"
#include "sgit/tag.h"
#include "porcelain/history/revwalk_int.h"

int rw_grow(void **ptr, size_t *alloc, size_t need, size_t size)
{
	size_t n = *alloc ? *alloc : 16;
	void *p;

	if (need <= *alloc)
		return 0;
	while (n < need) {
		if (n > SIZE_MAX / 2)
			return SGIT_ENOMEM;
		n *= 2;
	}
	if (n > SIZE_MAX / size || !(p = realloc(*ptr, n * size)))
		return SGIT_ENOMEM;
	*ptr = p;
	*alloc = n;
	return 0;
}

static size_t hash_slot(const struct sgit_oid *id, size_t nslots)
{
	size_t h;

	memcpy(&h, id->id, sizeof(h));
	return h & (nslots - 1);
}

static int rehash(struct sgit_revwalk *w)
{
	size_t n = w->nslots ? w->nslots * 2 : 1024, i;
	uint32_t *s = malloc(n * sizeof(*s));

	if (!s)
		return sgit_error_nomem(w->err);
	memset(s, 0xff, n * sizeof(*s));
	for (i = 0; i < w->nnodes; i++) {
		size_t k = hash_slot(&w->nodes[i].id, n);

		while (s[k] != RW_NONE)
			k = (k + 1) & (n - 1);
		s[k] = (uint32_t)i;
	}
	free(w->slots);
	w->slots = s;
	w->nslots = n;
	return 0;
}

/* Room for one more node in the node array and the arrays that go with it. */
static int grow_nodes(struct sgit_revwalk *w)
{
	size_t need = w->nnodes + 1, a;

	if (w->nnodes >= RW_NONE - 1 ||
	    rw_grow((void **)&w->nodes, &w->anodes, need, sizeof(*w->nodes)) < 0)
		return sgit_error_nomem(w->err);
	if (w->prune || w->objs) {
		a = w->atrees;
		if (rw_grow((void **)&w->trees, &w->atrees, need, sizeof(*w->trees)) < 0)
			return sgit_error_nomem(w->err);
		memset(w->trees + a, 0, (w->atrees - a) * sizeof(*w->trees));
	}
	if (w->opts.keep_commits || w->filter) {
		a = w->abodies;
		if (rw_grow((void **)&w->bodies, &w->abodies, need, sizeof(*w->bodies)) < 0)
			return sgit_error_nomem(w->err);
		memset(w->bodies + a, 0, (w->abodies - a) * sizeof(*w->bodies));
	}
	return 0;
}

/* The node of id, created (not loaded) when new. */
static int lookup(uint32_t *out, struct sgit_revwalk *w, const struct sgit_oid *id)
{
	struct rw_node *n;
	size_t k;
	int rc;

	if ((w->nnodes + 1) * 2 > w->nslots && rehash(w) < 0)
		return SGIT_ENOMEM;
	for (k = hash_slot(id, w->nslots); w->slots[k] != RW_NONE; k = (k + 1) & (w->nslots - 1))
		if (sgit_oid_equal(&w->nodes[w->slots[k]].id, id)) {
			*out = w->slots[k];
			return 0;
		}
	if ((rc = grow_nodes(w)) < 0)
		return rc;
	n = &w->nodes[w->nnodes];
	memset(n, 0, sizeof(*n));
	n->id = *id;
	w->slots[k] = (uint32_t)w->nnodes;
	*out = (uint32_t)w->nnodes++;
	return 0;
}

int rw_read_odb(struct sgit_buf *out, struct sgit_odb *odb, struct sgit_error *err,
		const struct sgit_oid *id, enum sgit_object_type want)
{
	enum sgit_object_type type;
	char hex[SGIT_OID_HEXSZ + 1];
	int rc;

	if ((rc = sgit_odb_read(out, &type, odb, id)) < 0)
		return rc;
	if (want != SGIT_OBJ_NONE && type != want)
		return sgit_error_set(err, SGIT_EINVALID, "object '%s' is not a %s",
				      sgit_oid_tohex(hex, id), sgit_object_type_name(want));
	return 0;
}

/* Hex digit values plus one (0: not a digit), to read ids without branches. */
static const unsigned char hexval1[256] = {
	['0'] = 1, ['1'] = 2, ['2'] = 3, ['3'] = 4, ['4'] = 5, ['5'] = 6, ['6'] = 7, ['7'] = 8,
	['8'] = 9, ['9'] = 10, ['a'] = 11, ['b'] = 12, ['c'] = 13, ['d'] = 14, ['e'] = 15,
	['f'] = 16, ['A'] = 11, ['B'] = 12, ['C'] = 13, ['D'] = 14, ['E'] = 15, ['F'] = 16,
};

#define TREE_LINE 46		/* "tree " + 40 hex + LF */
#define PARENT_LINE 48		/* "parent " + 40 hex + LF */

/* "<key> <40 hex>\n" at p (with room checked by the caller): the id, or SGIT_ECORRUPT. */
static int header_id(struct sgit_oid *out, const char *p, size_t keylen)
{
	size_t k;
	const unsigned char *u = (const unsigned char *)p + keylen + 1;
	unsigned bad = 0, hi, lo;

	for (k = 0; k < SGIT_OID_RAWSZ; k++) {
		hi = hexval1[u[2 * k]];
		lo = hexval1[u[2 * k + 1]];
		bad |= !hi | !lo;
		out->id[k] = (unsigned char)((hi - 1) << 4 | ((lo - 1) & 0xf));
	}
	return !bad && u[SGIT_OID_HEXSZ] == '\n' ? 0 : SGIT_ECORRUPT;
}

/* git refuses a commit that is no more than its tree line ("bogus commit object"). */
int rw_quick_tree(struct sgit_oid *tree, struct rw_quick *q, const char *buf, size_t len)
{
	q->p = buf;
	q->end = buf + len;
	if (len <= TREE_LINE || memcmp(buf, "tree ", 5) || header_id(tree, buf, 4) < 0)
		return SGIT_ECORRUPT;
	q->p += TREE_LINE;
	return 0;
}

/*
 * A "parent" line shorter than an id ends the parents, as in git; a whole
 * one must be followed by something ("bad parents" in git otherwise).
 */
int rw_quick_parent(struct sgit_oid *id, struct rw_quick *q)
{
	if (q->end - q->p < PARENT_LINE || memcmp(q->p, "parent ", 7))
		return 0;
	if (q->end - q->p == PARENT_LINE || header_id(id, q->p, 6) < 0)
		return SGIT_ECORRUPT;
	q->p += PARENT_LINE;
	return 1;
}

/* The number git's date parser (strtoumax) reads: white space, a sign, digits; saturates. */
static uint64_t parse_date(const char *p, const char *end)
{
	uint64_t v = 0;
	int neg = 0;

	while (p < end && (*p == ' ' || (*p >= '\t' && *p <= '\r')))
		p++;
	if (p < end && (*p == '-' || *p == '+'))
		neg = *p++ == '-';
	for (; p < end && *p >= '0' && *p <= '9'; p++) {
		if (v > (UINT64_MAX - (uint64_t)(*p - '0')) / 10)
			return UINT64_MAX;
		v = v * 10 + (uint64_t)(*p - '0');
	}
	return neg ? (uint64_t)0 - v : v;
}

static const char *line_end(const char *p, const char *end)
{
	const char *lf = memchr(p, '\n', (size_t)(end - p));

	return lf ? lf : end;
}

/*
 * As git finds it: an "author" line, a "committer" line, the first '>' after
 * that (even on a later line), and an LF after it that is not the last byte.
 */
uint64_t rw_quick_date(const struct rw_quick *q)
{
	const char *p = q->p, *end = q->end, *gt, *eol;

	if (end - p <= 6 || memcmp(p, "author", 6))
		return 0;
	p = line_end(p, end);
	if (p == end || end - ++p <= 9 || memcmp(p, "committer", 9))
		return 0;
	if (!(gt = memchr(p, '>', (size_t)(end - p))))
		return 0;
	eol = line_end(gt + 1, end);
	if (end - eol <= 1)
		return 0;
	return parse_date(gt + 1, end);
}

static int corrupt(struct sgit_revwalk *w, uint32_t i)
{
	char hex[SGIT_OID_HEXSZ + 1];

	return sgit_error_set(w->err, SGIT_ECORRUPT, "corrupt commit '%s': bad tree or parent line",
			      sgit_oid_tohex(hex, &w->nodes[i].id));
}

static int pool_add(struct sgit_revwalk *w, const struct sgit_oid *id)
{
	uint32_t node;
	int rc;

	if ((rc = lookup(&node, w, id)) < 0)
		return rc;
	if (w->npool >= UINT32_MAX - 1 ||
	    rw_grow((void **)&w->pool, &w->apool, w->npool + 1, sizeof(*w->pool)) < 0)
		return sgit_error_nomem(w->err);
	w->pool[w->npool++] = node;
	return 0;
}

/* Parents from the commit's bytes into the pool, tree and date into node i. */
static int parse_into(struct sgit_revwalk *w, uint32_t i, const char *buf, size_t len)
{
	struct rw_quick q;
	struct sgit_oid id, tree;
	uint32_t first = (uint32_t)w->npool;
	int more, rc = 0;

	if (rw_quick_tree(&tree, &q, buf, len) < 0)
		return corrupt(w, i);
	while ((more = rw_quick_parent(&id, &q)) > 0 && (rc = pool_add(w, &id)) == 0)
		;
	if (more < 0)
		rc = corrupt(w, i);
	if (rc < 0) {
		w->npool = first;
		return rc;
	}
	w->nodes[i].parents = first;
	w->nodes[i].nparents = (uint32_t)(w->npool - first);
	w->nodes[i].date = rw_quick_date(&q);
	if (w->trees)
		w->trees[i] = tree;
	return 0;
}

int rw_load(struct sgit_revwalk *w, uint32_t i)
{
	size_t len;
	int rc;

	if (w->nodes[i].flags & RW_LOADED)
		return 0;
	if ((rc = rw_read(&w->raw, w, &w->nodes[i].id, SGIT_OBJ_COMMIT)) < 0 ||
	    (rc = parse_into(w, i, w->raw.ptr, w->raw.len)) < 0)
		return rc;
	w->nodes[i].flags |= RW_LOADED;
	if (w->bodies) {
		w->bodies[i].ptr = sgit_buf_detach(&w->raw, &len);
		w->bodies[i].len = len;
	}
	return 0;
}

/* Queue order: newer date first, then first inserted first; a stack when not by date. */
static int before(const struct sgit_revwalk *w, const struct rw_qent *a, const struct rw_qent *b)
{
	if (w->bydate && w->nodes[a->node].date != w->nodes[b->node].date)
		return w->nodes[a->node].date > w->nodes[b->node].date;
	return w->bydate ? a->seq < b->seq : a->seq > b->seq;
}

int rw_queue_put(struct sgit_revwalk *w, uint32_t node)
{
	size_t i;

	if (rw_grow((void **)&w->heap, &w->aheap, w->nheap + 1, sizeof(*w->heap)) < 0)
		return sgit_error_nomem(w->err);
	i = w->nheap++;
	w->nodes[node].flags |= RW_QUEUED;
	if (!(w->nodes[node].flags & RW_HIDDEN))
		w->nshown_queued++;
	w->heap[i].node = node;
	w->heap[i].seq = w->seq++;
	while (i && before(w, &w->heap[i], &w->heap[(i - 1) / 2])) {
		struct rw_qent t = w->heap[i];

		w->heap[i] = w->heap[(i - 1) / 2];
		w->heap[(i - 1) / 2] = t;
		i = (i - 1) / 2;
	}
	return 0;
}

uint32_t rw_queue_get(struct sgit_revwalk *w)
{
	uint32_t top;
	size_t i = 0;

	if (!w->nheap)
		return RW_NONE;
	top = w->heap[0].node;
	w->nodes[top].flags &= ~RW_QUEUED;
	if (!(w->nodes[top].flags & RW_HIDDEN))
		w->nshown_queued--;
	w->heap[0] = w->heap[--w->nheap];
	for (;;) {
		size_t l = 2 * i + 1, r = l + 1, m = i;
		struct rw_qent t;

		if (l < w->nheap && before(w, &w->heap[l], &w->heap[m]))
			m = l;
		if (r < w->nheap && before(w, &w->heap[r], &w->heap[m]))
			m = r;
		if (m == i)
			break;
		t = w->heap[i];
		w->heap[i] = w->heap[m];
		w->heap[m] = t;
		i = m;
	}
	return top;
}

void rw_drop_body(struct sgit_revwalk *w, uint32_t i)
{
	if (w->bodies) {
		free(w->bodies[i].ptr);
		w->bodies[i].ptr = NULL;
		w->bodies[i].len = 0;
	}
}

void rw_set_hidden(struct sgit_revwalk *w, uint32_t i)
{
	if ((w->nodes[i].flags & (RW_HIDDEN | RW_QUEUED)) == RW_QUEUED)
		w->nshown_queued--;
	w->nodes[i].flags |= RW_HIDDEN;
}

/* Hide the ancestors of node i that are known already; the rest get it when reached. */
int rw_mark_hidden_parents(struct sgit_revwalk *w, uint32_t i)
{
	uint32_t *stack = NULL;
	size_t n = 0, alloc = 0, k;
	int rc = 0;

	for (k = 0; k < w->nodes[i].nparents; k++) {
		if ((rc = rw_grow((void **)&stack, &alloc, n + 1, sizeof(*stack))) < 0)
			goto out;
		stack[n++] = rw_parents(w, i)[k];
	}
	while (n) {
		uint32_t p = stack[--n];

		if (w->nodes[p].flags & RW_HIDDEN)
			continue;
		rw_set_hidden(w, p);
		for (k = 0; k < w->nodes[p].nparents; k++) {
			if ((rc = rw_grow((void **)&stack, &alloc, n + 1, sizeof(*stack))) < 0)
				goto out;
			stack[n++] = rw_parents(w, p)[k];
		}
	}
out:
	free(stack);
	return rc < 0 ? sgit_error_nomem(w->err) : 0;
}

static int queue_once(struct sgit_revwalk *w, uint32_t p)
{
	if (w->nodes[p].flags & RW_SEEN)
		return 0;
	w->nodes[p].flags |= RW_SEEN;
	return rw_queue_put(w, p);
}

int rw_process_parents(struct sgit_revwalk *w, uint32_t i)
{
	uint32_t k, p;
	int rc;

	if (w->nodes[i].flags & RW_ADDED)
		return 0;
	w->nodes[i].flags |= RW_ADDED;
	/*
	 * Only a later parent with --first-parent is not read yet (reached by
	 * rewriting parents): git sees no parents and no tree there.
	 */
	if (!(w->nodes[i].flags & RW_LOADED))
		return 0;
	if (w->nodes[i].flags & RW_HIDDEN) {
		/* every parent, even with --first-parent: the hidden set must be whole */
		for (k = 0; k < w->nodes[i].nparents; k++) {
			p = rw_parents(w, i)[k];
			rw_set_hidden(w, p);
			if ((rc = rw_load(w, p)) < 0 || (rc = rw_mark_hidden_parents(w, p)) < 0 ||
			    (rc = queue_once(w, p)) < 0)
				return rc;
		}
		return 0;
	}
	if (w->prune && !(w->nodes[i].flags & RW_SIMPLIFIED) && (rc = rw_simplify(w, i)) < 0)
		return rc;
	for (k = 0; k < w->nodes[i].nparents; k++) {
		p = rw_parents(w, i)[k];
		/* even to a parent queued already, as git passes the side on */
		w->nodes[p].flags |= w->nodes[i].flags & RW_LEFT;
		if ((rc = rw_load(w, p)) < 0 || (rc = queue_once(w, p)) < 0)
			return rc;
		if (w->opts.first_parent)
			break;
	}
	return 0;
}

/* What a starting commit is: pushed, hidden ("^A"), or pushed as the left of "A...B". */
enum start_kind { START_PUSH, START_HIDE, START_LEFT };

static int add_start(struct sgit_revwalk *w, const struct sgit_oid *id, enum start_kind kind)
{
	uint32_t i;
	int rc;

	if ((rc = lookup(&i, w, id)) < 0 || (rc = rw_load(w, i)) < 0)
		return rc;
	if (kind == START_LEFT)
		w->nodes[i].flags |= RW_LEFT;
	if (kind == START_HIDE) {
		rw_set_hidden(w, i);
		w->nodes[i].flags |= RW_BOTTOM;
		w->limited = 1;
		if ((rc = rw_mark_hidden_parents(w, i)) < 0)
			return rc;
	}
	return queue_once(w, i);
}

int sgit_revwalk_push(struct sgit_revwalk *walk, const struct sgit_oid *id)
{
	return add_start(walk, id, START_PUSH);
}

int sgit_revwalk_hide(struct sgit_revwalk *walk, const struct sgit_oid *id)
{
	return add_start(walk, id, START_HIDE);
}

/*
 * Peel tags from id as rev-list does with its arguments; pushed tags are
 * listed by --objects (not when only marking the left side: the same tip
 * is pushed as it is too).
 */
static int add_object(struct sgit_revwalk *w, const struct sgit_oid *id, const char *path,
		      enum start_kind kind)
{
	int hide = kind == START_HIDE, list = w->objs && kind == START_PUSH;
	struct sgit_tag *tag = NULL;
	enum sgit_object_type type;
	struct sgit_oid cur = *id;
	const char *name;
	size_t size;
	int rc;

	for (;;) {
		if ((rc = sgit_odb_read_header(&size, &type, w->odb, &cur)) < 0)
			goto out;
		if (type != SGIT_OBJ_TAG)
			break;
		if ((rc = rw_read(&w->raw, w, &cur, SGIT_OBJ_TAG)) < 0 ||
		    (rc = sgit_tag_parse(&tag, w->raw.ptr, w->raw.len, w->err)) < 0)
			goto out;
		name = sgit_tag_name(tag);
		if (list && (rc = rw_objects_add_pending(w, &cur, SGIT_OBJ_TAG, name ? name : "",
							 name ? strlen(name) : 0)) < 0)
			goto out;
		cur = *sgit_tag_target_id(tag);
		sgit_tag_free(tag);
		tag = NULL;
		path = NULL;
	}
	if (type == SGIT_OBJ_COMMIT)
		rc = add_start(w, &cur, kind);
	else if (!w->objs || kind == START_LEFT || (type != SGIT_OBJ_TREE && type != SGIT_OBJ_BLOB))
		rc = 0;
	else if (hide)
		rc = rw_objects_hide(w, &cur, type);
	else
		rc = rw_objects_add_pending(w, &cur, type, path ? path : "", path ? strlen(path) : 0);
out:
	sgit_tag_free(tag);
	return rc;
}

int sgit_revwalk_push_object(struct sgit_revwalk *walk, const struct sgit_oid *id, const char *path)
{
	return add_object(walk, id, path, START_PUSH);
}

int sgit_revwalk_hide_object(struct sgit_revwalk *walk, const struct sgit_oid *id)
{
	return add_object(walk, id, NULL, START_HIDE);
}

int sgit_revwalk_push_left(struct sgit_revwalk *walk, const struct sgit_oid *id)
{
	return add_object(walk, id, NULL, START_LEFT);
}

int sgit_revwalk_new(struct sgit_revwalk **out, struct sgit_odb *odb,
		     const struct sgit_revwalk_options *opts, struct sgit_error *err)
{
	struct sgit_revwalk *w = calloc(1, sizeof(*w));
	struct sgit_revwalk_options defaults = SGIT_REVWALK_OPTIONS_INIT;
	int rc;

	*out = NULL;
	if (!w)
		return sgit_error_nomem(err);
	w->odb = odb;
	w->err = err;
	w->opts = opts ? *opts : defaults;
	w->bydate = 1;
	w->current = RW_NONE;
	sgit_buf_init(&w->raw);
	if ((rc = rw_filter_new(&w->filter, &w->opts, err)) < 0 ||
	    (rc = rw_paths_init(w, &w->opts)) < 0 ||
	    (w->opts.objects && (rc = rw_objects_new(&w->objs)) < 0)) {
		sgit_revwalk_free(w);
		return rc == SGIT_ENOMEM ? sgit_error_nomem(err) : rc;
	}
	w->opts.authors = w->opts.committers = w->opts.greps = w->opts.paths = NULL;
	*out = w;
	return 0;
}

void sgit_revwalk_free(struct sgit_revwalk *walk)
{
	size_t k;

	if (!walk)
		return;
	if (walk->bodies)
		for (k = 0; k < walk->nnodes; k++)
			free(walk->bodies[k].ptr);
	free(walk->bodies);
	free(walk->trees);
	free(walk->nodes);
	free(walk->slots);
	free(walk->pool);
	free(walk->heap);
	free(walk->list);
	free(walk->bounds);
	sgit_buf_release(&walk->raw);
	sgit_commit_free(walk->current_commit);
	rw_filter_free(walk->filter);
	rw_paths_release(walk);
	rw_objects_free(walk->objs);
	free(walk);
}
