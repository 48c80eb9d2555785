/* refs/revparse_grep.c: "^{/regex}" and ":/regex": the youngest reachable commit whose message matches */
#include <regex.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "sgit/commit.h"
#include "sgit/ident.h"
#include "sgit/odb.h"
#include "sgit/refs.h"
#include "refs/revparse_int.h"

/*
 * git walks from the start commits newest first by committer date; among
 * equal dates the one queued first goes first. A heap ordered by (date
 * descending, queue order) pops in that same order.
 */
struct queued {
	int64_t date;
	uint64_t seq;
	struct sgit_oid id;
	struct sgit_commit *commit;
};

struct walk {
	struct rp *rp;
	struct queued *heap;
	size_t n, alloc;
	uint64_t seq;
	struct sgit_oid *seen;		/* open addressing; the zero id marks a free slot */
	size_t seen_n, seen_alloc;
	int seen_zero;			/* the zero id itself was seen */
};

static int64_t commit_date(const struct sgit_commit *c)
{
	const struct sgit_header *h = sgit_commit_committer(c);
	struct sgit_ident ident;

	if (!h || sgit_ident_parse(&ident, h->value, h->value_len, NULL) < 0 || !ident.has_date)
		return 0;
	return ident.time;
}

static size_t slot_of(const struct sgit_oid *id, size_t alloc)
{
	size_t h = (size_t)id->id[0] << 24 | (size_t)id->id[1] << 16 | (size_t)id->id[2] << 8 | id->id[3];

	return h & (alloc - 1);
}

/* Mark id seen: 1 when it is new, 0 when it was seen before, SGIT_ENOMEM. */
static int mark_seen(struct walk *w, const struct sgit_oid *id)
{
	size_t i, alloc;
	struct sgit_oid *old = w->seen;

	if (sgit_oid_is_zero(id)) {
		i = !w->seen_zero;
		w->seen_zero = 1;
		return (int)i;
	}
	if (2 * (w->seen_n + 1) > w->seen_alloc) {
		alloc = w->seen_alloc ? 2 * w->seen_alloc : 64;
		if (!(w->seen = calloc(alloc, sizeof(*w->seen)))) {
			w->seen = old;
			return SGIT_ENOMEM;
		}
		w->seen_alloc = alloc;
		w->seen_n = 0;
		for (i = 0; old && i < alloc / 2; i++)
			if (!sgit_oid_is_zero(&old[i]))
				mark_seen(w, &old[i]);
		free(old);
	}
	for (i = slot_of(id, w->seen_alloc); !sgit_oid_is_zero(&w->seen[i]);
	     i = (i + 1) & (w->seen_alloc - 1))
		if (sgit_oid_equal(&w->seen[i], id))
			return 0;
	w->seen[i] = *id;
	w->seen_n++;
	return 1;
}

static int before(const struct queued *a, const struct queued *b)
{
	return a->date != b->date ? a->date > b->date : a->seq < b->seq;
}

static void swap_q(struct queued *a, struct queued *b)
{
	struct queued t = *a;

	*a = *b;
	*b = t;
}

/* Read id and queue it (it was not seen yet); a commit that cannot be read is skipped, as git does. */
static int push(struct walk *w, const struct sgit_oid *id)
{
	struct sgit_commit *c = NULL;
	struct queued *grown;
	size_t i;
	int rc;

	if ((rc = rp_read_commit(&c, w->rp, id)) < 0)
		return rp_is_hard(rc) ? rc : 0;
	if (w->n == w->alloc) {
		size_t alloc = w->alloc ? 2 * w->alloc : 16;

		if (!(grown = realloc(w->heap, alloc * sizeof(*grown)))) {
			sgit_commit_free(c);
			return SGIT_ENOMEM;
		}
		w->heap = grown;
		w->alloc = alloc;
	}
	i = w->n++;
	w->heap[i] = (struct queued){ commit_date(c), w->seq++, *id, c };
	for (; i > 0 && before(&w->heap[i], &w->heap[(i - 1) / 2]); i = (i - 1) / 2)
		swap_q(&w->heap[i], &w->heap[(i - 1) / 2]);
	return 0;
}

static struct queued pop(struct walk *w)
{
	struct queued top = w->heap[0];
	size_t i = 0, kid;

	w->heap[0] = w->heap[--w->n];
	for (;;) {
		kid = 2 * i + 1;
		if (kid >= w->n)
			break;
		if (kid + 1 < w->n && before(&w->heap[kid + 1], &w->heap[kid]))
			kid++;
		if (!before(&w->heap[kid], &w->heap[i]))
			break;
		swap_q(&w->heap[i], &w->heap[kid]);
		i = kid;
	}
	return top;
}

/* Does the message of c match? Over the text after the first empty line, as git (up to a NUL). */
static int message_matches(const struct sgit_commit *c, const regex_t *re, int negative)
{
	struct sgit_buf text = SGIT_BUF_INIT;
	const char *raw, *p;
	size_t len;
	int hit = 0;

	raw = sgit_commit_raw(c, &len);
	if (sgit_buf_set(&text, raw, len) < 0)
		return SGIT_ENOMEM;
	p = strstr(text.ptr, "\n\n");
	hit = p && regexec(re, p + 2, 0, NULL, 0) == 0;
	sgit_buf_release(&text);
	return negative ^ hit;
}

/* Pop newest first until a message matches; parents join the queue as they are reached. */
static int walk_until(struct sgit_oid *out, struct walk *w, const regex_t *re, int negative)
{
	struct queued q;
	size_t i;
	int rc = SGIT_ENOTFOUND, hit, fresh;

	while (w->n) {
		q = pop(w);
		if ((hit = message_matches(q.commit, re, negative)) == 1) {
			*out = q.id;
			rc = 0;
		}
		for (i = 0; hit == 0 && i < sgit_commit_parent_count(q.commit); i++) {
			const struct sgit_oid *p = sgit_commit_parent_id(q.commit, i);

			if ((fresh = mark_seen(w, p)) < 0 || (fresh && (fresh = push(w, p)) < 0))
				hit = fresh;
		}
		sgit_commit_free(q.commit);
		if (hit != 0)
			return hit < 0 ? hit : rc;
	}
	return rc;
}

static void walk_release(struct walk *w)
{
	while (w->n)
		sgit_commit_free(w->heap[--w->n].commit);
	free(w->heap);
	free(w->seen);
}

/* Split git's "!-" (negate) and "!!" (a literal '!') off pattern; -1 for any other "!". */
static int pattern_start(const char **p, int *negative)
{
	*negative = 0;
	if (**p != '!')
		return 0;
	(*p)++;
	if (**p == '-') {
		(*p)++;
		*negative = 1;
	} else if (**p != '!') {
		return -1;
	}
	return 0;
}

int rp_grep(struct sgit_oid *out, struct rp *rp, const char *pattern, size_t len,
	    const struct sgit_oid *starts, size_t nstarts)
{
	struct walk w = { rp, NULL, 0, 0, 0, NULL, 0, 0, 0 };
	struct sgit_buf pat = SGIT_BUF_INIT;
	const char *p;
	regex_t re;
	int rc, negative, compiled = 0, fresh;
	size_t i;

	if ((rc = sgit_buf_set(&pat, pattern, len)) < 0)
		goto out;
	p = pat.ptr;
	rc = SGIT_ENOTFOUND;
	if (pattern_start(&p, &negative) < 0 || regcomp(&re, p, REG_EXTENDED) != 0)
		goto out;
	compiled = 1;
	for (i = 0; i < nstarts; i++)
		if ((fresh = mark_seen(&w, &starts[i])) < 0 ||
		    (fresh && (fresh = push(&w, &starts[i])) < 0)) {
			rc = fresh;
			goto out;
		}
	rc = walk_until(out, &w, &re, negative);
out:
	if (compiled)
		regfree(&re);
	walk_release(&w);
	sgit_buf_release(&pat);
	return rc;
}

/* The commits that refs and HEAD name (tags peeled), in the order git queues them. */
struct starts {
	struct rp *rp;
	struct sgit_oid *ids;
	size_t n, alloc;
};

static int add_start(struct starts *s, const struct sgit_oid *id)
{
	enum sgit_object_type type;
	struct sgit_oid *grown, c;

	if (sgit_oid_is_zero(id) || rp_deref_tags(&c, &type, s->rp, id) < 0 ||
	    type != SGIT_OBJ_COMMIT)
		return 0;
	if (s->n == s->alloc) {
		size_t alloc = s->alloc ? 2 * s->alloc : 16;

		if (!(grown = realloc(s->ids, alloc * sizeof(*grown))))
			return SGIT_ENOMEM;
		s->ids = grown;
		s->alloc = alloc;
	}
	s->ids[s->n++] = c;
	return 0;
}

static int start_ref(const struct sgit_ref *ref, void *payload)
{
	if (ref->flags & SGIT_REF_BROKEN)
		return 0;
	return add_start(payload, &ref->oid);
}

int rp_grep_all(struct sgit_oid *out, struct rp *rp, const char *pattern, size_t len)
{
	struct starts s = { rp, NULL, 0, 0 };
	struct sgit_oid head, t;
	size_t i, base;
	int rc;

	if ((rc = sgit_refdb_resolve(&head, NULL, rp->env->refdb, "HEAD")) == 0 &&
	    (rc = add_start(&s, &head)) < 0)
		goto out;
	base = s.n;
	if ((rc = sgit_refdb_foreach(rp->env->refdb, "refs/", start_ref, &s)) < 0 && rp_is_hard(rc))
		goto out;
	/* git prepends each ref to its list: refs in reverse order of name, behind HEAD */
	for (i = 0; s.n > base && base + i < s.n - 1 - i; i++) {
		t = s.ids[base + i];
		s.ids[base + i] = s.ids[s.n - 1 - i];
		s.ids[s.n - 1 - i] = t;
	}
	rc = rp_grep(out, rp, pattern, len, s.ids, s.n);
out:
	free(s.ids);
	return rc;
}
