/* objects/odb_abbrev.c: abbreviated ids (resolve, shortest unique) and walks over every object */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "objects/loose.h"
#include "objects/odb_int.h"

/* git never takes fewer hex digits than this for an object id. */
#define ABBREV_MIN 4

/* A hex prefix as raw bytes: the last digit of an odd length in a high nibble, zeros after. */
struct prefix {
	struct sgit_oid raw;
	size_t len;
};

static int parse_prefix(struct prefix *p, const char *hex, size_t len, struct sgit_error *err)
{
	size_t i;

	memset(p, 0, sizeof(*p));
	if (len > SGIT_OID_HEXSZ)
		return sgit_error_set(err, SGIT_EINVALID, "'%.*s' is too long for an object id",
				      (int)(len > 64 ? 64 : len), hex);
	for (i = 0; i < len; i++) {
		int d = sgit_hex_digit((unsigned char)hex[i]);

		if (d < 0)
			return sgit_error_set(err, SGIT_EINVALID, "'%.*s' is not a hexadecimal object id",
					      (int)len, hex);
		p->raw.id[i / 2] |= (unsigned char)(i % 2 ? d : d << 4);
	}
	if (len < ABBREV_MIN)
		return sgit_error_set(err, SGIT_EINVALID,
				      "short object ID %.*s is too short (at least %d hex digits)",
				      (int)len, hex, ABBREV_MIN);
	p->len = len;
	return 0;
}

static int prefix_match(const struct sgit_oid *id, const struct prefix *p)
{
	size_t whole = p->len / 2;

	if (memcmp(id->id, p->raw.id, whole))
		return 0;
	return !(p->len & 1) || (id->id[whole] & 0xf0) == p->raw.id[whole];
}

/* How many leading hex digits a and b share. */
static size_t common_hex(const struct sgit_oid *a, const struct sgit_oid *b)
{
	size_t i;

	for (i = 0; i < SGIT_OID_RAWSZ; i++)
		if (a->id[i] != b->id[i])
			return 2 * i + ((a->id[i] ^ b->id[i]) & 0xf0 ? 0 : 1);
	return SGIT_OID_HEXSZ;
}

/* The distinct ids matching a prefix: the same object in two stores counts once. */
struct cands {
	const struct prefix *pre;
	struct sgit_oid *ids;
	size_t n, alloc;
	size_t limit;		/* stop once this many are known; 0: collect all */
};

/* 0 to go on, 1 when the limit is reached, SGIT_ENOMEM. */
static int cands_add(struct cands *c, const struct sgit_oid *id)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		if (sgit_oid_equal(&c->ids[i], id))
			return 0;
	if (c->n == c->alloc) {
		size_t n = c->alloc ? 2 * c->alloc : 8;
		struct sgit_oid *grown = realloc(c->ids, n * sizeof(*grown));

		if (!grown)
			return SGIT_ENOMEM;
		c->ids = grown;
		c->alloc = n;
	}
	c->ids[c->n++] = *id;
	return c->limit && c->n >= c->limit;
}

static int loose_cand(const struct sgit_oid *id, void *payload)
{
	struct cands *c = payload;

	return prefix_match(id, c->pre) ? cands_add(c, id) : 0;
}

static int pack_cands(struct cands *c, const struct sgit_pack *pack)
{
	struct sgit_oid o;
	uint32_t i, n = sgit_pack_count(pack);
	int rc;

	switch (sgit_pack_find_prefix(&o, pack, &c->pre->raw, c->pre->len)) {
	case 0:
		return 0;
	case 1:
		return cands_add(c, &o);
	}
	for (i = sgit_pack_lower_bound(pack, &c->pre->raw); i < n; i++) {
		sgit_pack_oid_at(&o, pack, i);
		if (!prefix_match(&o, c->pre))
			break;
		if ((rc = cands_add(c, &o)) != 0)
			return rc;
	}
	return 0;
}

/* Collect the candidates of every store; 0, 1 (limit reached) or < 0. */
static int collect(struct sgit_odb *odb, struct cands *c)
{
	size_t i, j;
	int rc;

	for (i = 0; i < odb->nstores; i++) {
		struct odb_store *s = &odb->stores[i];

		if ((rc = sgit_odb_store_packs(odb, i)) < 0)
			return rc;
		for (j = 0; j < s->npacks; j++)
			if ((rc = pack_cands(c, s->packs[j])) != 0)
				return rc;
		rc = sgit_loose_foreach(s->path, c->pre->raw.id[0], loose_cand, c, odb->err);
		if (rc != 0)
			return rc;
	}
	return 0;
}

/* Like collect(), and once more after looking for new packs when nothing matched. */
static int collect_all(struct sgit_odb *odb, struct cands *c)
{
	int rc = collect(odb, c);

	if (rc == 0 && c->n == 0 && sgit_odb_rescan_packs(odb))
		rc = collect(odb, c);
	if (rc == SGIT_ENOMEM)
		return sgit_error_nomem(odb->err);
	return rc < 0 ? rc : 0;
}

int sgit_odb_resolve_prefix(struct sgit_oid *out, struct sgit_odb *odb,
			    const char *hex, size_t len)
{
	struct prefix pre;
	struct cands c = { &pre, NULL, 0, 0, 2 };
	int rc;

	sgit_oid_clear(out);
	if ((rc = parse_prefix(&pre, hex, len, odb->err)) < 0)
		return rc;
	if ((rc = collect_all(odb, &c)) < 0)
		goto out;
	if (c.n == 0)
		rc = sgit_error_set(odb->err, SGIT_ENOTFOUND, "no object matches '%.*s'", (int)len, hex);
	else if (c.n > 1)
		rc = sgit_error_set(odb->err, SGIT_EAMBIGUOUS, "short object ID %.*s is ambiguous",
				    (int)len, hex);
	else
		*out = c.ids[0];
out:
	free(c.ids);
	return rc;
}

static int oid_order(const void *a, const void *b)
{
	return sgit_oid_cmp(a, b);
}

int sgit_odb_foreach_prefix(struct sgit_odb *odb, const char *hex, size_t len,
			    sgit_odb_foreach_cb cb, void *payload)
{
	struct prefix pre;
	struct cands c = { &pre, NULL, 0, 0, 0 };
	size_t i;
	int rc;

	if ((rc = parse_prefix(&pre, hex, len, odb->err)) < 0)
		return rc;
	if ((rc = collect_all(odb, &c)) < 0)
		goto out;
	if (c.n)
		qsort(c.ids, c.n, sizeof(*c.ids), oid_order);
	for (i = 0; i < c.n && rc == 0; i++)
		rc = cb(&c.ids[i], payload);
out:
	free(c.ids);
	return rc;
}

/* The longest run of leading digits that id shares with another object. */
struct nearest {
	const struct sgit_oid *id;
	size_t common;
};

static void near_one(struct nearest *nr, const struct sgit_oid *other)
{
	size_t n;

	if (sgit_oid_equal(nr->id, other))
		return;
	n = common_hex(nr->id, other);
	if (n > nr->common)
		nr->common = n;
}

/* In a sorted list the ids sharing most with id sit right before and after its place. */
static int near_loose(struct nearest *nr, struct sgit_odb *odb, size_t store)
{
	const struct odb_loose_dir *d;
	size_t lo;
	int rc;

	if ((rc = sgit_odb_loose_dir(&d, odb, store, nr->id->id[0])) < 0)
		return rc;
	lo = sgit_odb_loose_dir_lower_bound(d, nr->id);
	if (lo < d->n) {
		near_one(nr, &d->ids[lo]);
		if (sgit_oid_equal(&d->ids[lo], nr->id) && lo + 1 < d->n)
			near_one(nr, &d->ids[lo + 1]);
	}
	if (lo > 0)
		near_one(nr, &d->ids[lo - 1]);
	return 0;
}

static void near_pack(struct nearest *nr, const struct sgit_pack *pack)
{
	uint32_t n = sgit_pack_count(pack), i = sgit_pack_lower_bound(pack, nr->id);
	struct sgit_oid o;

	if (i < n) {
		sgit_pack_oid_at(&o, pack, i);
		near_one(nr, &o);
		if (sgit_oid_equal(&o, nr->id) && i + 1 < n) {
			sgit_pack_oid_at(&o, pack, i + 1);
			near_one(nr, &o);
		}
	}
	if (i > 0) {
		sgit_pack_oid_at(&o, pack, i - 1);
		near_one(nr, &o);
	}
}

int sgit_odb_shortest_unique(char out[SGIT_OID_HEXSZ + 1], struct sgit_odb *odb,
			     const struct sgit_oid *id, size_t min_len)
{
	struct nearest nr = { id, 0 };
	char hex[SGIT_OID_HEXSZ + 1];
	size_t i, j, len;
	int rc = 0;

	out[0] = '\0';
	for (i = 0; i < odb->nstores && rc == 0; i++) {
		struct odb_store *s = &odb->stores[i];

		if ((rc = sgit_odb_store_packs(odb, i)) < 0)
			break;
		for (j = 0; j < s->npacks; j++)
			near_pack(&nr, s->packs[j]);
		rc = near_loose(&nr, odb, i);
	}
	if (rc < 0)
		return rc;
	len = nr.common + 1;
	if (len < min_len)
		len = min_len;
	if (len < ABBREV_MIN)
		len = ABBREV_MIN;
	if (len > SGIT_OID_HEXSZ)
		len = SGIT_OID_HEXSZ;
	sgit_oid_tohex(hex, id);
	memcpy(out, hex, len);
	out[len] = '\0';
	return 0;
}

int sgit_odb_foreach(struct sgit_odb *odb, sgit_odb_foreach_cb cb, void *payload)
{
	struct sgit_oid o;
	size_t i, j;
	uint32_t k;
	int rc = 0;

	for (i = 0; i < odb->nstores && rc == 0; i++) {
		struct odb_store *s = &odb->stores[i];

		if ((rc = sgit_odb_store_packs(odb, i)) < 0)
			break;
		rc = sgit_loose_foreach(s->path, -1, cb, payload, odb->err);
		for (j = 0; j < s->npacks && rc == 0; j++)
			for (k = 0; k < sgit_pack_count(s->packs[j]) && rc == 0; k++) {
				sgit_pack_oid_at(&o, s->packs[j], k);
				rc = cb(&o, payload);
			}
	}
	return rc;
}

size_t sgit_odb_packed_count(struct sgit_odb *odb)
{
	size_t i, j, count = 0;

	for (i = 0; i < odb->nstores; i++) {
		if (sgit_odb_store_packs(odb, i) < 0)
			continue;
		for (j = 0; j < odb->stores[i].npacks; j++)
			count += sgit_pack_count(odb->stores[i].packs[j]);
	}
	return count;
}

size_t sgit_odb_default_abbrev(struct sgit_odb *odb)
{
	size_t count = sgit_odb_packed_count(odb), bits = 0;

	/*
	 * git's core.abbrev=auto: with about 2^bits objects a collision is
	 * expected at 2^(bits/2), and a hex digit holds 4 bits, so half the
	 * bits rounded up, never below 7 digits.
	 */
	while (count) {
		bits++;
		count >>= 1;
	}
	bits = (bits + 1) / 2;
	return bits < 7 ? 7 : bits;
}
