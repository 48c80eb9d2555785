/* objects/pack_cache.c: the delta-base cache of one pack (hash table + LRU list, byte limit) */
#include <stdlib.h>
#include "objects/pack_int.h"

struct pack_cache_entry {
	struct pack_cache_entry *next;		/* in the same bucket */
	struct pack_cache_entry *older, *newer;	/* the LRU list */
	uint64_t offset;
	unsigned char *data;
	size_t len;
	enum sgit_object_type type;
};

/* What an entry costs besides its data: the struct and two malloc headers. */
#define ENTRY_OVERHEAD (sizeof(struct pack_cache_entry) + 32)
#define FIRST_BUCKETS 64

void sgit_pack_cache_init(struct pack_cache *c, size_t limit)
{
	c->buckets = NULL;
	c->nbuckets = c->nentries = c->used = 0;
	c->limit = limit;
	c->oldest = c->newest = NULL;
}

/* Offsets of neighbouring objects differ in their low bits: mix them into the top. */
static size_t bucket_of(const struct pack_cache *c, uint64_t offset)
{
	return (size_t)((offset * UINT64_C(0x9e3779b97f4a7c15)) >> 32) & (c->nbuckets - 1);
}

static void lru_unlink(struct pack_cache *c, struct pack_cache_entry *e)
{
	if (e->older)
		e->older->newer = e->newer;
	else
		c->oldest = e->newer;
	if (e->newer)
		e->newer->older = e->older;
	else
		c->newest = e->older;
	e->older = e->newer = NULL;
}

static void lru_push(struct pack_cache *c, struct pack_cache_entry *e)
{
	e->older = c->newest;
	e->newer = NULL;
	if (c->newest)
		c->newest->newer = e;
	else
		c->oldest = e;
	c->newest = e;
}

/* Find offset's entry; *link gets the pointer that points at it, for unlinking. */
static struct pack_cache_entry *lookup(struct pack_cache_entry ***link, struct pack_cache *c,
				       uint64_t offset)
{
	struct pack_cache_entry **l;

	if (!c->nbuckets)
		return NULL;
	for (l = &c->buckets[bucket_of(c, offset)]; *l; l = &(*l)->next)
		if ((*l)->offset == offset) {
			if (link)
				*link = l;
			return *l;
		}
	return NULL;
}

/* Unlink e from its bucket and the list; the caller frees what it must. */
static void detach(struct pack_cache *c, struct pack_cache_entry **link, struct pack_cache_entry *e)
{
	*link = e->next;
	lru_unlink(c, e);
	c->nentries--;
	c->used -= e->len + ENTRY_OVERHEAD;
}

static void evict_oldest(struct pack_cache *c)
{
	struct pack_cache_entry *e = c->oldest, **link = NULL;

	lookup(&link, c, e->offset);
	detach(c, link, e);
	free(e->data);
	free(e);
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
			e->next = nb[bucket_of(c, e->offset)];
			nb[bucket_of(c, e->offset)] = e;
		}
	free(old);
}

void sgit_pack_cache_put(struct pack_cache *c, uint64_t offset, unsigned char *data, size_t len,
			 enum sgit_object_type type)
{
	struct pack_cache_entry *e = NULL;
	size_t b;

	if (len > c->limit || c->limit - len < ENTRY_OVERHEAD || lookup(NULL, c, offset))
		goto drop;
	while (c->oldest && c->used + len + ENTRY_OVERHEAD > c->limit)
		evict_oldest(c);
	maybe_grow(c);
	if (!c->nbuckets || !(e = malloc(sizeof(*e))))
		goto drop;
	e->offset = offset;
	e->data = data;
	e->len = len;
	e->type = type;
	b = bucket_of(c, offset);
	e->next = c->buckets[b];
	c->buckets[b] = e;
	lru_push(c, e);
	c->nentries++;
	c->used += len + ENTRY_OVERHEAD;
	return;
drop:
	free(data);
}

int sgit_pack_cache_take(unsigned char **data, size_t *len, enum sgit_object_type *type,
			 struct pack_cache *c, uint64_t offset)
{
	struct pack_cache_entry **link = NULL, *e = lookup(&link, c, offset);

	if (!e)
		return 0;
	detach(c, link, e);
	*data = e->data;
	*len = e->len;
	*type = e->type;
	free(e);
	return 1;
}

int sgit_pack_cache_get(const unsigned char **data, size_t *len, enum sgit_object_type *type,
			struct pack_cache *c, uint64_t offset)
{
	struct pack_cache_entry *e = lookup(NULL, c, offset);

	if (!e)
		return 0;
	lru_unlink(c, e);
	lru_push(c, e);
	*data = e->data;
	*len = e->len;
	*type = e->type;
	return 1;
}

void sgit_pack_cache_set_limit(struct pack_cache *c, size_t limit)
{
	c->limit = limit;
	while (c->oldest && c->used > c->limit)
		evict_oldest(c);
}

void sgit_pack_cache_release(struct pack_cache *c)
{
	while (c->oldest)
		evict_oldest(c);
	free(c->buckets);
	sgit_pack_cache_init(c, c->limit);
}
