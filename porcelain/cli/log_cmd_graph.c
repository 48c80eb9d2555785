/* porcelain/cli/log_cmd_graph.c: which parents of a commit the graph draws a line to */
#include <stdlib.h>
#include <string.h>
#include "porcelain/cli/log_cmd.h"
#include "porcelain/cli/log_cmd_int.h"
#include "sgit/commit.h"
#include "sgit/ident.h"

/*
 * git draws a line only to a parent that the walk shows: not one excluded
 * by a range ("A..B", "^A"), nor one that --merges, --no-merges,
 * --min-parents or --max-parents leave out. The walker does not say which
 * commits it hid, so the commits reachable from the excluded revisions are
 * listed here once, in a set of ids, the first time a graph needs them.
 */
struct oid_set {
	struct sgit_oid *slots;
	unsigned char *used;
	size_t nr, cap;		/* cap: a power of two */
};

static size_t slot_of(const struct oid_set *s, const struct sgit_oid *id)
{
	size_t h;

	memcpy(&h, id->id, sizeof(h));
	return h & (s->cap - 1);
}

static int set_has(const struct oid_set *s, const struct sgit_oid *id)
{
	size_t i;

	if (!s->cap)
		return 0;
	for (i = slot_of(s, id); s->used[i]; i = (i + 1) & (s->cap - 1))
		if (sgit_oid_equal(&s->slots[i], id))
			return 1;
	return 0;
}

static int set_add(struct oid_set *s, const struct sgit_oid *id);

static int set_grow(struct oid_set *s)
{
	struct oid_set bigger = { NULL, NULL, 0, s->cap ? s->cap * 2 : 1024 };
	size_t i;

	bigger.slots = malloc(bigger.cap * sizeof(*bigger.slots));
	bigger.used = calloc(bigger.cap, 1);
	if (!bigger.slots || !bigger.used) {
		free(bigger.slots);
		free(bigger.used);
		return SGIT_ENOMEM;
	}
	for (i = 0; i < s->cap; i++)
		if (s->used[i])
			set_add(&bigger, &s->slots[i]);
	free(s->slots);
	free(s->used);
	*s = bigger;
	return 0;
}

static int set_add(struct oid_set *s, const struct sgit_oid *id)
{
	size_t i;

	if ((s->nr + 1) * 2 > s->cap && set_grow(s) < 0)
		return SGIT_ENOMEM;
	for (i = slot_of(s, id); s->used[i]; i = (i + 1) & (s->cap - 1))
		if (sgit_oid_equal(&s->slots[i], id))
			return 0;
	s->slots[i] = *id;
	s->used[i] = 1;
	s->nr++;
	return 0;
}

static void set_free(struct oid_set *s)
{
	if (!s)
		return;
	free(s->slots);
	free(s->used);
	free(s);
}

void log_cmd_hidden_free(struct log_cmd *lc)
{
	set_free(lc->hidden);
	set_free(lc->left);
	lc->hidden = lc->left = NULL;
}

/*
 * Into a new *out, the commits a walk returns from the revisions that
 * pick(tip) selects, the hidden ones hidden when hide_hidden.
 */
static int load_set(struct oid_set **out, struct log_cmd *lc, int (*pick)(const struct log_tip *),
		    int hide_hidden)
{
	struct sgit_revwalk_options o = SGIT_REVWALK_OPTIONS_INIT;
	struct sgit_revwalk *w = NULL;
	struct sgit_oid id;
	size_t i;
	int rc, any = 0;

	if (!(*out = calloc(1, sizeof(struct oid_set))))
		return cli_fatal("out of memory");
	if (sgit_revwalk_new(&w, sgit_repo_odb(lc->ctx->repo), &o, cli_err(lc->ctx)) < 0)
		return cli_fatal_err(cli_err(lc->ctx));
	for (i = 0, rc = 0; i < lc->revs.nr && rc >= 0; i++) {
		const struct log_tip *t = &lc->revs.items[i];

		if (pick(t)) {
			any = 1;
			rc = sgit_revwalk_push_object(w, &t->id, NULL);
		} else if (hide_hidden && t->hide) {
			rc = sgit_revwalk_hide_object(w, &t->id);
		}
	}
	while (any && rc >= 0 && (rc = sgit_revwalk_next(&id, w)) == 0)
		if (set_add(*out, &id) < 0)
			rc = SGIT_ENOMEM;
	sgit_revwalk_free(w);
	if (rc == SGIT_ENOMEM)
		return cli_fatal("out of memory");
	return rc < 0 ? cli_fatal_err(cli_err(lc->ctx)) : 0;
}

static int pick_hidden(const struct log_tip *t)
{
	return t->hide;
}

static int pick_left(const struct log_tip *t)
{
	return t->left && !t->hide;
}

/* Every commit the excluded revisions reach. */
static int load_hidden(struct log_cmd *lc)
{
	return load_set(&lc->hidden, lc, pick_hidden, 0);
}

int log_cmd_is_left(struct log_cmd *lc, const struct sgit_oid *id, int *left)
{
	size_t i;
	int rc;

	*left = 0;
	if (!lc->left) {
		for (i = 0; i < lc->revs.nr && !pick_left(&lc->revs.items[i]); i++)
			;
		if (i == lc->revs.nr)
			return 0;
		if ((rc = load_set(&lc->left, lc, pick_left, 1)))
			return rc;
	}
	*left = set_has(lc->left, id);
	return 0;
}

/*
 * Whether the walk's filters (--author, --grep, --merges...) let c through:
 * a walk of c alone, its parents hidden, returns it or not.
 */
int log_cmd_filter_passes(struct log_cmd *lc, const struct sgit_oid *id, const struct sgit_commit *c,
			  int *pass)
{
	struct sgit_revwalk_options o = lc->walk;
	struct sgit_revwalk *w = NULL;
	struct sgit_oid got;
	size_t i;
	int rc;

	o.max_count = -1;
	o.skip = 0;
	o.reverse = 0;
	o.first_parent = 0;
	o.rewrite_parents = o.keep_commits = o.objects = 0;
	o.paths = NULL;
	o.npaths = 0;
	o.authors = lc->authors.items;
	o.nauthors = lc->authors.nr;
	o.committers = lc->committers.items;
	o.ncommitters = lc->committers.nr;
	o.greps = lc->greps.items;
	o.ngreps = lc->greps.nr;
	/* older than --since: git marks it uninteresting rather than filtering it */
	if (o.has_since) {
		const struct sgit_header *h = sgit_commit_committer(c);
		struct sgit_ident who;

		if (h && sgit_ident_parse(&who, h->value, h->value_len, NULL) == 0 && who.time < o.since) {
			*pass = 0;
			return 0;
		}
	}
	if (sgit_revwalk_new(&w, sgit_repo_odb(lc->ctx->repo), &o, cli_err(lc->ctx)) < 0)
		return cli_fatal_err(cli_err(lc->ctx));
	rc = sgit_revwalk_push(w, id);
	for (i = 0; rc >= 0 && i < sgit_commit_parent_count(c); i++)
		if (!sgit_oid_equal(sgit_commit_parent_id(c, i), id))
			rc = sgit_revwalk_hide(w, sgit_commit_parent_id(c, i));
	if (rc >= 0)
		rc = sgit_revwalk_next(&got, w);
	*pass = rc == 0;
	sgit_revwalk_free(w);
	return rc < 0 ? cli_fatal_err(cli_err(lc->ctx)) : 0;
}

static int has_filters(const struct log_cmd *lc)
{
	const struct sgit_revwalk_options *w = &lc->walk;

	return w->min_parents || w->max_parents >= 0 || w->has_since || w->has_until ||
	       lc->authors.nr || lc->committers.nr || lc->greps.nr;
}

/* Would the walk show parent id, filters considered? */
static int parent_passes(struct log_cmd *lc, const struct sgit_oid *id, int *pass)
{
	struct sgit_buf raw = SGIT_BUF_INIT;
	struct sgit_commit *c = NULL;
	enum sgit_object_type type;
	int rc;

	*pass = 1;
	if (!has_filters(lc))
		return 0;
	if (sgit_odb_read(&raw, &type, sgit_repo_odb(lc->ctx->repo), id) < 0 ||
	    sgit_commit_parse(&c, raw.ptr, raw.len, cli_err(lc->ctx)) < 0)
		rc = cli_fatal_err(cli_err(lc->ctx));
	else
		rc = log_cmd_filter_passes(lc, id, c, pass);
	sgit_commit_free(c);
	sgit_buf_release(&raw);
	return rc;
}

int log_cmd_graph_parents(struct log_cmd *lc, const struct sgit_oid *parents, size_t n,
			  size_t *kept)
{
	size_t i;
	int rc, pass;

	*kept = 0;
	if (lc->walk.first_parent && n > 1)
		n = 1;
	if (n > lc->graph_parents_alloc) {
		struct sgit_oid *p = realloc(lc->graph_parents, n * sizeof(*p));

		if (!p)
			return cli_fatal("out of memory");
		lc->graph_parents = p;
		lc->graph_parents_alloc = n;
	}
	if (!lc->hidden && log_revs_has_hidden(&lc->revs) && (rc = load_hidden(lc)))
		return rc;
	for (i = 0; i < n; i++) {
		if (lc->hidden && set_has(lc->hidden, &parents[i]))
			continue;
		if ((rc = parent_passes(lc, &parents[i], &pass)))
			return rc;
		if (pass)
			lc->graph_parents[(*kept)++] = parents[i];
	}
	return 0;
}
