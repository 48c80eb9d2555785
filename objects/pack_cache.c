/* objects/pack_cache.c: a cache of one pack's objects (hash table + two LRU lists, byte limit) */
#include <stdlib.h>
#include "objects/pack_int.h"

struct pack_cache_entry {
	struct pack_cache_entry *next;		/* in the same bucket */
	struct pack_cache_entry **pprev;	/* what points at this entry in its bucket */
	struct pack_cache_entry *older, *newer;	/* its class's LRU list */
	uint64_t offset;
	struct pack_cached v;
	enum pack_cache_class cls;
};

/* What an entry costs besides its data: the struct and two malloc headers. */
#define ENTRY_OVERHEAD (sizeof(struct pack_cache_entry) + 32)
#define FIRST_BUCKETS 64

void sgit_pack_cache_init(struct pack_cache *c, size_t limit)
{
	int i;

	c->buckets = NULL;
	c->nbuckets = c->nentries = c->used = 0;
	c->limit = limit;
	for (i = 0; i < PACK_CACHE_CLASSES; i++)
		c->oldest[i] = c->newest[i] = NULL;
}

/* Offsets of neighbouring objects differ in their low bits: mix them into the top. */
static size_t bucket_of(const struct pack_cache *c, uint64_t offset)
{
	return (size_t)((offset * UINT64_C(0x9e3779b97f4a7c15)) >> 32) & (c->nbuckets - 1);
}

static void bucket_link(struct pack_cache_entry **head, struct pack_cache_entry *e)
{
	e->next = *head;
	if (e->next)
		e->next->pprev = &e->next;
	e->pprev = head;
	*head = e;
}

static void lru_unlink(struct pack_cache *c, struct pack_cache_entry *e)
{
	if (e->older)
		e->older->newer = e->newer;
	else
		c->oldest[e->cls] = e->newer;
	if (e->newer)
		e->newer->older = e->older;
	else
		c->newest[e->cls] = e->older;
}

static void lru_push(struct pack_cache *c, struct pack_cache_entry *e)
{
	e->older = c->newest[e->cls];
	e->newer = NULL;
	if (e->older)
		e->older->newer = e;
	else
		c->oldest[e->cls] = e;
	c->newest[e->cls] = e;
}

static struct pack_cache_entry *lookup(struct pack_cache *c, uint64_t offset)
{
	struct pack_cache_entry *e;

	if (!c->nbuckets)
		return NULL;
	for (e = c->buckets[bucket_of(c, offset)]; e; e = e->next)
		if (e->offset == offset)
			return e;
	return NULL;
}

/* Unlink e from its bucket and its list and free it; its data is the caller's. */
static void detach(struct pack_cache *c, struct pack_cache_entry *e)
{
	*e->pprev = e->next;
	if (e->next)
		e->next->pprev = e->pprev;
	lru_unlink(c, e);
	c->nentries--;
	c->used -= e->v.len + ENTRY_OVERHEAD;
	free(e);
}

/* Evict one entry, the low class first. 0 when the cache was empty. */
static int evict_one(struct pack_cache *c)
{
	struct pack_cache_entry *e = c->oldest[PACK_CACHE_LOW];
	unsigned char *data;

	if (!e)
		e = c->oldest[PACK_CACHE_HIGH];
	if (!e)
		return 0;
	data = e->v.data;
	detach(c, e);
	free(data);
	return 1;
}

/* Double the table once it holds as many entries as buckets; failure only slows lookups. */
static void maybe_grow(struct pack_cache *c)
{
	size_t n = c->nbuckets ? c->nbuckets * 2 : FIRST_BUCKETS, i, old_n = c->nbuckets;
	struct pack_cache_entry **nb, **old = c->buckets, *e, *next;

	if (c->nbuckets && c->nentries < c->nbuckets)
		return;
	if (!(nb = calloc(n, sizeof(*nb))))
		return;
	c->buckets = nb;
	c->nbuckets = n;
	for (i = 0; i < old_n; i++)
		for (e = old[i]; e; e = next) {
			next = e->next;
			bucket_link(&nb[bucket_of(c, e->offset)], e);
		}
	free(old);
}

void sgit_pack_cache_put(struct pack_cache *c, uint64_t offset, const struct pack_cached *v,
			 enum pack_cache_class cls)
{
	struct pack_cache_entry *e = NULL;

	if (v->len > c->limit || c->limit - v->len < ENTRY_OVERHEAD || lookup(c, offset))
		goto drop;
	while (c->used + v->len + ENTRY_OVERHEAD > c->limit && evict_one(c))
		;
	maybe_grow(c);
	if (!c->nbuckets || !(e = malloc(sizeof(*e))))
		goto drop;
	e->offset = offset;
	e->v = *v;
	e->cls = cls;
	bucket_link(&c->buckets[bucket_of(c, offset)], e);
	lru_push(c, e);
	c->nentries++;
	c->used += v->len + ENTRY_OVERHEAD;
	return;
drop:
	free(v->data);
}

int sgit_pack_cache_take(struct pack_cached *out, struct pack_cache *c, uint64_t offset)
{
	struct pack_cache_entry *e = lookup(c, offset);

	if (!e)
		return 0;
	*out = e->v;
	detach(c, e);
	return 1;
}

const struct pack_cached *sgit_pack_cache_get(struct pack_cache *c, uint64_t offset)
{
	struct pack_cache_entry *e = lookup(c, offset);

	if (!e)
		return NULL;
	lru_unlink(c, e);
	lru_push(c, e);
	return &e->v;
}

void sgit_pack_cache_set_limit(struct pack_cache *c, size_t limit)
{
	c->limit = limit;
	while (c->used > c->limit && evict_one(c))
		;
}

/* Everything goes: no lists or buckets to keep in order, which saves touching every neighbour. */
void sgit_pack_cache_release(struct pack_cache *c)
{
	struct pack_cache_entry *e, *next;
	int i;

	for (i = 0; i < PACK_CACHE_CLASSES; i++)
		for (e = c->oldest[i]; e; e = next) {
			next = e->newer;
			free(e->v.data);
			free(e);
		}
	free(c->buckets);
	sgit_pack_cache_init(c, c->limit);
}
