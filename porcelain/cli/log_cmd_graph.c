/* porcelain/cli/log_cmd_graph.c: what the graph draws for a commit: its mark and its parent lines */
#include <stdlib.h>
#include <string.h>
#include "porcelain/cli/log_cmd.h"
#include "porcelain/cli/log_cmd_int.h"
#include "sgit/commit.h"
#include "sgit/ident.h"

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
	o.boundary = 0;
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

/*
 * Whether the graph draws a line to the i-th parent: git draws one only to
 * a parent the walk shows (or would but for -n); the walker knows. (There
 * is always a walk: --graph refuses --no-walk.)
 */
static int parent_counts(struct log_cmd *lc, size_t i, int *pass)
{
	int rc;

	*pass = 1;
	if (!lc->walker)
		return 0;
	if ((rc = sgit_revwalk_parent_shown(lc->walker, i)) < 0)
		return cli_fatal_err(cli_err(lc->ctx));
	*pass = rc;
	return 0;
}

/* Of parents[0..n), those the graph draws a line to, into lc->graph_parents[0..*kept). */
static int graph_parents(struct log_cmd *lc, const struct sgit_oid *parents, size_t n, size_t *kept)
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
	for (i = 0; i < n; i++) {
		if ((rc = parent_counts(lc, i, &pass)))
			return rc;
		if (pass)
			lc->graph_parents[(*kept)++] = parents[i];
	}
	return 0;
}

/* The commit's character on the graph: 'o' on the boundary, '<' '>' with --left-right, else '*'. */
static char graph_mark(const struct log_cmd *lc)
{
	if (!lc->walker)
		return lc->left_right ? '>' : '*';
	if (sgit_revwalk_is_boundary(lc->walker))
		return 'o';
	if (lc->left_right)
		return sgit_revwalk_is_left(lc->walker) ? '<' : '>';
	return '*';
}

int log_cmd_graph_commit(struct log_cmd *lc, const struct sgit_oid *id, const struct sgit_oid *parents,
			 size_t n)
{
	size_t kept;
	int rc;

	if ((rc = graph_parents(lc, parents, n, &kept)))
		return rc;
	if (sgit_graph_update_mark(lc->graph_state, id, lc->graph_parents, kept, graph_mark(lc)) < 0)
		return cli_fatal("out of memory");
	return 0;
}

const char *log_cmd_revision_mark(const struct log_cmd *lc)
{
	if (!lc->walker)
		return lc->left_right ? ">" : "";
	if (sgit_revwalk_is_boundary(lc->walker))
		return "-";
	if (lc->left_right)
		return sgit_revwalk_is_left(lc->walker) ? "<" : ">";
	return "";
}

int log_cmd_push_left(struct log_cmd *lc)
{
	size_t i;

	for (i = 0; i < lc->revs.nr; i++) {
		const struct log_tip *t = &lc->revs.items[i];

		if (t->left && !t->hide && sgit_revwalk_push_left(lc->walker, &t->id) < 0)
			return cli_fatal_err(cli_err(lc->ctx));
	}
	return 0;
}
