/*
 * porcelain/diff/diff_rename_similar.c: renames (and copies) of files that
 * changed on the way, found as git 2.39 finds them: a score of how much
 * of the larger file is copied content, files keeping their base name
 * paired first, then the best-scoring pairs of all sources and additions
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "porcelain/diff/diff_output_int.h"
#include "sgit/odb.h"

/*
 * Content is cut into chunks that end after a LF or 64 bytes (bytes
 * after the last such end are left out), and each chunk reduced to a
 * small hash; a file is the number of bytes it has under each hash. What
 * two files share is, hash by hash, the smaller of their numbers. The
 * hash is git's, so that scores (and the pairs they decide) are git's,
 * hash collisions included.
 */
#define CHUNK_MAX 64
#define CHUNK_HASH_MOD 107927u
/* git takes this many candidate sources for each added file */
#define CANDIDATES 4

struct chunk {
	uint32_t hash;
	uint32_t bytes;
};

/* One side of a candidate pair, read once and kept as its chunks. */
struct sim_file {
	struct diff_pair *p;
	int is_src;
	size_t size;
	int have_size;
	struct chunk *chunks;	/* sorted by hash, one per hash */
	size_t nr;
	int have_chunks;
};

struct sim {
	struct sgit_repo *repo;
	const struct sgit_diff_output_options *opts;
	struct diff_queue *q;
	unsigned int *uses;	/* per queue entry: the pairs it is the source of */
	int copies;
	struct sim_file *src, *dst;
	size_t nsrc, ndst;
};

static int cmp_chunk(const void *a, const void *b)
{
	const struct chunk *x = a, *y = b;

	return x->hash < y->hash ? -1 : x->hash > y->hash;
}

/*
 * A chunk's hash: a 64-bit value, rotated left by 7 bits before each
 * byte, which is added to its low half (carries do not reach the high
 * half); at the end, low + 0x61 * high (32 bits) modulo a prime.
 */
static uint32_t chunk_hash(uint64_t v)
{
	uint32_t lo = (uint32_t)v, hi = (uint32_t)(v >> 32);

	return (lo + hi * 0x61u) % CHUNK_HASH_MOD;
}

static uint64_t chunk_step(uint64_t v, unsigned char c)
{
	uint64_t r = (v << 7) | (v >> 57);

	return (r & 0xffffffff00000000ull) | (uint32_t)((uint32_t)r + c);
}

static int push_chunk(struct chunk **v, size_t *nr, size_t *alloc, uint64_t acc, size_t n)
{
	struct chunk *grown;

	if (*nr == *alloc) {
		*alloc = *alloc ? *alloc * 2 : 64;
		if (!(grown = realloc(*v, *alloc * sizeof(**v))))
			return SGIT_ENOMEM;
		*v = grown;
	}
	(*v)[*nr].hash = chunk_hash(acc);
	(*v)[(*nr)++].bytes = (uint32_t)n;
	return 0;
}

/* Cut data into chunks, then sort them by hash and add up the bytes of equal hashes. */
static int chunk_file(struct sim_file *f, const char *data, size_t len, int text)
{
	struct chunk *v = NULL;
	size_t i, n = 0, nr = 0, alloc = 0, k;
	uint64_t acc = 0;

	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)data[i];

		/* text: the CR of a CRLF is not content */
		if (text && c == '\r' && i + 1 < len && data[i + 1] == '\n')
			continue;
		acc = chunk_step(acc, c);
		if (++n < CHUNK_MAX && c != '\n')
			continue;
		if (push_chunk(&v, &nr, &alloc, acc, n) < 0)
			goto fail;
		n = 0;
		acc = 0;
	}
	/* git leaves out what follows the last full chunk (a last line without LF, say) */
	if (nr)
		qsort(v, nr, sizeof(*v), cmp_chunk);
	for (i = 0, k = 0; i < nr; i++) {
		if (k && v[k - 1].hash == v[i].hash)
			v[k - 1].bytes += v[i].bytes;
		else
			v[k++] = v[i];
	}
	f->chunks = v;
	f->nr = k;
	f->have_chunks = 1;
	return 0;
fail:
	free(v);
	return SGIT_ENOMEM;
}

static int load_side(struct diff_blob *b, struct sim *s, const struct sim_file *f)
{
	const struct diff_pair *p = f->p;

	if (f->is_src)
		return sgit_diff__load(b, s->repo, p->old_path, p->old_mode, &p->old_id, 0, 0);
	return sgit_diff__load(b, s->repo, p->new_path, p->new_mode, &p->new_id,
			       s->opts->new_from_worktree, 0);
}

static int file_chunks(struct sim *s, struct sim_file *f)
{
	struct diff_blob b = DIFF_BLOB_INIT;
	int rc;

	if (f->have_chunks)
		return 0;
	if ((rc = load_side(&b, s, f)) == 0) {
		f->size = b.len;
		f->have_size = 1;
		if ((rc = chunk_file(f, b.data, b.len, !sgit_diff_is_binary(b.data, b.len))) < 0)
			rc = sgit_error_nomem(sgit_repo_error(s->repo));
	}
	sgit_diff__blob_release(&b);
	return rc;
}

/* The size alone, from the object's header when the content is in the object store. */
static int file_size(struct sim *s, struct sim_file *f)
{
	enum sgit_object_type type;
	const struct sgit_oid *id = f->is_src ? &f->p->old_id : &f->p->new_id;

	if (f->have_size)
		return 0;
	if (!f->is_src && (s->opts->new_from_worktree || !f->p->new_id_known))
		return file_chunks(s, f);
	if (sgit_odb_read_header(&f->size, &type, sgit_repo_odb(s->repo), id) < 0)
		return file_chunks(s, f);	/* let the full read say what is wrong */
	f->have_size = 1;
	return 0;
}

/* The bytes two chunk lists share. */
static uint64_t shared_bytes(const struct sim_file *a, const struct sim_file *b)
{
	size_t i = 0, j = 0;
	uint64_t n = 0;

	while (i < a->nr && j < b->nr) {
		if (a->chunks[i].hash < b->chunks[j].hash) {
			i++;
		} else if (a->chunks[i].hash > b->chunks[j].hash) {
			j++;
		} else {
			n += a->chunks[i].bytes < b->chunks[j].bytes ? a->chunks[i].bytes
								      : b->chunks[j].bytes;
			i++;
			j++;
		}
	}
	return n;
}

/*
 * How much of the larger of src and dst is shared content, out of
 * SGIT_DIFF_SCORE_MAX; 0 for anything but regular files and when the
 * sizes alone show that the score cannot reach min.
 */
static int similarity(unsigned int *score, struct sim *s, struct sim_file *src,
		      struct sim_file *dst, unsigned int min)
{
	uint64_t max, base;
	int rc;

	*score = 0;
	if (!DIFF_MODE_IS_REGULAR(src->p->old_mode) || !DIFF_MODE_IS_REGULAR(dst->p->new_mode))
		return 0;
	if ((rc = file_size(s, src)) < 0 || (rc = file_size(s, dst)) < 0)
		return rc;
	max = src->size > dst->size ? src->size : dst->size;
	base = src->size < dst->size ? src->size : dst->size;
	if (max * (SGIT_DIFF_SCORE_MAX - min) < (max - base) * SGIT_DIFF_SCORE_MAX)
		return 0;
	if ((rc = file_chunks(s, src)) < 0 || (rc = file_chunks(s, dst)) < 0)
		return rc;
	if (dst->size)
		*score = (unsigned int)(shared_bytes(src, dst) * SGIT_DIFF_SCORE_MAX / max);
	return 0;
}

static void pair_up(struct sim *s, struct sim_file *src, struct sim_file *dst, unsigned int score)
{
	sgit_diff__pair_up(s->q, s->uses, (size_t)(src->p - s->q->v), dst->p, score);
}

/* A source used already (no more renames from it), an addition paired already. */
static int taken(const struct sim *s, const struct sim_file *f)
{
	if (f->is_src)
		return sgit_diff__rename_used(s->q, s->uses, (size_t)(f->p - s->q->v)) > 0;
	return f->p->status == DIFF_STATUS_RENAMED;
}

/* ---- files that keep their base name ---- */

static const char *file_base(const struct sim_file *f, size_t *len)
{
	if (f->is_src)
		return sgit_diff__base_name(f->p->old_path, f->p->old_len, len);
	return sgit_diff__base_name(f->p->new_path, f->p->new_len, len);
}

struct named {
	const char *base;
	size_t len;
	struct sim_file *f;
};

static int cmp_named(const void *x, const void *y)
{
	const struct named *a = x, *b = y;
	int c = memcmp(a->base, b->base, a->len < b->len ? a->len : b->len);

	return c ? c : (a->len > b->len) - (a->len < b->len);
}

/* The files of v not taken yet, sorted by base name. */
static struct named *by_name(const struct sim *s, struct sim_file *v, size_t n, size_t *nr)
{
	struct named *out = calloc(n ? n : 1, sizeof(*out));
	size_t i;

	*nr = 0;
	for (i = 0; out && i < n; i++) {
		if (taken(s, &v[i]))
			continue;
		out[*nr].base = file_base(&v[i], &out[*nr].len);
		out[(*nr)++].f = &v[i];
	}
	if (out && *nr)
		qsort(out, *nr, sizeof(*out), cmp_named);
	return out;
}

/* How many entries from v[i] on share its base name. */
static size_t run_of(const struct named *v, size_t n, size_t i)
{
	size_t k = i + 1;

	while (k < n && !cmp_named(&v[i], &v[k]))
		k++;
	return k - i;
}

/*
 * git's first pass: a deleted and an added file that are the only ones
 * with their base name on each side are a rename when at least halfway
 * between the threshold and identical. Pairs cannot compete here, so
 * their order does not matter.
 */
static int basename_pass(struct sim *s)
{
	unsigned int min = s->opts->rename_score;
	unsigned int bar = min + (SGIT_DIFF_SCORE_MAX - min) / 2, score;
	size_t na, nb, i = 0, j = 0, ri, rj;
	struct named *a = by_name(s, s->src, s->nsrc, &na), *b = by_name(s, s->dst, s->ndst, &nb);
	int rc = 0, c;

	if (!a || !b) {
		rc = sgit_error_nomem(sgit_repo_error(s->repo));
		goto out;
	}
	while (i < na && j < nb && rc == 0) {
		if ((c = cmp_named(&a[i], &b[j])) < 0) {
			i += run_of(a, na, i);
			continue;
		}
		if (c > 0) {
			j += run_of(b, nb, j);
			continue;
		}
		ri = run_of(a, na, i);
		rj = run_of(b, nb, j);
		if (ri == 1 && rj == 1 && (rc = similarity(&score, s, a[i].f, b[j].f, bar)) == 0 &&
		    score >= bar)
			pair_up(s, a[i].f, b[j].f, score);
		i += ri;
		j += rj;
	}
out:
	free(a);
	free(b);
	return rc;
}

/* ---- every deleted file against every added one ---- */

struct candidate {
	long src, dst;		/* dst < 0: an empty slot */
	unsigned int score;
	int same_base;
	size_t order;		/* keeps the sort stable */
};

/* <0 when a comes before b: higher scores first, a kept base name first, empty slots last. */
static int cmp_rank(const struct candidate *a, const struct candidate *b)
{
	if (a->dst < 0 || b->dst < 0)
		return (a->dst < 0) - (b->dst < 0);
	if (a->score != b->score)
		return a->score > b->score ? -1 : 1;
	return b->same_base - a->same_base;
}

static int cmp_candidate(const void *x, const void *y)
{
	const struct candidate *a = x, *b = y;
	int c = cmp_rank(a, b);

	return c ? c : (a->order > b->order) - (a->order < b->order);
}

/* Keep c among a destination's best: it takes the place of the first of the worst, if better. */
static void keep_if_better(struct candidate *slots, const struct candidate *c)
{
	size_t i, worst = 0;

	for (i = 1; i < CANDIDATES; i++)
		if (cmp_rank(&slots[i], &slots[worst]) > 0)
			worst = i;
	if (cmp_rank(c, &slots[worst]) < 0)
		slots[worst] = *c;
}

static int score_all(struct sim *s, struct candidate *m, size_t *nd)
{
	struct candidate c;
	size_t i, j, k;
	int rc = 0;

	*nd = 0;
	for (j = 0; j < s->ndst && rc == 0; j++) {
		struct candidate *slots = &m[*nd * CANDIDATES];

		if (taken(s, &s->dst[j]))
			continue;
		for (k = 0; k < CANDIDATES; k++)
			slots[k].dst = -1;
		for (i = 0; i < s->nsrc && rc == 0; i++) {
			if (!s->copies && taken(s, &s->src[i]))
				continue;
			rc = similarity(&c.score, s, &s->src[i], &s->dst[j], s->opts->rename_score);
			c.src = (long)i;
			c.dst = (long)j;
			c.same_base = sgit_diff__same_base_name(s->src[i].p, s->dst[j].p);
			keep_if_better(slots, &c);
		}
		++*nd;
	}
	return rc;
}

static size_t left(const struct sim *s, const struct sim_file *v, size_t n)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		k += !taken(s, &v[i]);
	return k;
}

/* diff.renameLimit: git gives up the full comparison beyond its square. */
static int too_many(const struct sim *s, size_t nsrc, size_t ndst)
{
	uint64_t limit = s->opts->rename_limit > 0 ? (uint64_t)s->opts->rename_limit : 32767;
	size_t *needed = s->opts->needed_rename_limit;

	if ((uint64_t)nsrc * ndst <= limit * limit)
		return 0;
	if (needed && *needed < (nsrc > ndst ? nsrc : ndst))
		*needed = nsrc > ndst ? nsrc : ndst;
	return 1;
}

/*
 * The best pairs first: renames from sources not used yet, then (with
 * copies) copies for the additions left, from any source.
 */
static void take_best(struct sim *s, const struct candidate *m, size_t n, int copies)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (m[i].dst < 0 || m[i].score < s->opts->rename_score)
			break;
		if (taken(s, &s->dst[m[i].dst]) || (!copies && taken(s, &s->src[m[i].src])))
			continue;
		pair_up(s, &s->src[m[i].src], &s->dst[m[i].dst], m[i].score);
	}
}

static int matrix_pass(struct sim *s)
{
	size_t nsrc = s->copies ? s->nsrc : left(s, s->src, s->nsrc);
	size_t ndst = left(s, s->dst, s->ndst), nd, i;
	struct candidate *m;
	int rc;

	if (!nsrc || !ndst || too_many(s, nsrc, ndst))
		return 0;
	if (!(m = calloc(ndst * CANDIDATES, sizeof(*m))))
		return sgit_error_nomem(sgit_repo_error(s->repo));
	if ((rc = score_all(s, m, &nd)) < 0)
		goto out;
	for (i = 0; i < nd * CANDIDATES; i++)
		m[i].order = i;
	qsort(m, nd * CANDIDATES, sizeof(*m), cmp_candidate);
	take_best(s, m, nd * CANDIDATES, 0);
	if (s->copies)
		take_best(s, m, nd * CANDIDATES, 1);
out:
	free(m);
	return rc;
}

/* ---- the front door ---- */

static int collect(struct sim *s)
{
	size_t i;

	s->src = calloc(s->q->nr, sizeof(*s->src));
	s->dst = calloc(s->q->nr, sizeof(*s->dst));
	if (!s->src || !s->dst)
		return sgit_error_nomem(sgit_repo_error(s->repo));
	for (i = 0; i < s->q->nr; i++) {
		struct diff_pair *p = &s->q->v[i];

		if (sgit_diff__is_source(p, s->copies) &&
		    (s->copies || !sgit_diff__rename_used(s->q, s->uses, i))) {
			s->src[s->nsrc].p = p;
			s->src[s->nsrc++].is_src = 1;
		} else if (p->status == SGIT_CHANGE_ADDED) {
			s->dst[s->ndst++].p = p;
		}
	}
	return 0;
}

static void release_files(struct sim_file *v, size_t n)
{
	size_t i;

	for (i = 0; v && i < n; i++)
		free(v[i].chunks);
	free(v);
}

int sgit_diff__find_similar(struct diff_queue *q, unsigned int *uses, struct sgit_repo *repo,
			    const struct sgit_diff_output_options *opts)
{
	struct sim s = { repo, opts, q, uses, !!opts->copies, NULL, NULL, 0, 0 };
	int rc;

	if (opts->rename_score >= SGIT_DIFF_SCORE_MAX)
		return 0;
	/* git looks for files keeping their base name only when it finds no copies */
	if ((rc = collect(&s)) == 0 && s.nsrc && s.ndst &&
	    (s.copies || (rc = basename_pass(&s)) == 0))
		rc = matrix_pass(&s);
	release_files(s.src, s.nsrc);
	release_files(s.dst, s.ndst);
	return rc;
}

int sgit_diff_parse_rename_score(unsigned int *out, const char *arg)
{
	uint64_t num = 0, scale = 1;
	int dot = 0;

	/* digits after a dot, or all of them without one, are a fraction; '%' means per cent */
	for (; *arg; arg++) {
		if (*arg == '.' && !dot) {
			dot = 1;
			scale = 1;
		} else if (*arg >= '0' && *arg <= '9') {
			if (scale < 100000) {
				scale *= 10;
				num = num * 10 + (uint64_t)(*arg - '0');
			}
		} else if (*arg == '%') {
			scale = dot ? scale * 100 : 100;
			arg++;
			break;
		} else {
			break;
		}
	}
	if (*arg)
		return -1;
	*out = num >= scale ? SGIT_DIFF_SCORE_MAX : (unsigned int)(SGIT_DIFF_SCORE_MAX * num / scale);
	return 0;
}
