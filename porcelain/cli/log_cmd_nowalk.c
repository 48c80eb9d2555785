/* porcelain/cli/log_cmd_nowalk.c: log --no-walk: the commits named, without their history */
#include <stdlib.h>
#include <string.h>
#include "porcelain/cli/log_cmd.h"
#include "porcelain/cli/log_cmd_int.h"
#include "porcelain/cli/ref_cmd.h"
#include "sgit/commit.h"
#include "sgit/ident.h"
#include "sgit/revparse.h"

struct named {
	struct sgit_oid id;
	int64_t date;		/* the committer date, newest first unless --no-walk=unsorted */
	size_t order;
};

static int by_date(const void *a, const void *b)
{
	const struct named *x = a, *y = b;

	if (x->date != y->date)
		return x->date > y->date ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

static int read_commit(struct sgit_commit **out, struct log_cmd *lc, const struct sgit_oid *id)
{
	struct sgit_buf raw = SGIT_BUF_INIT;
	enum sgit_object_type type;
	int rc = 0;

	*out = NULL;
	if (sgit_odb_read(&raw, &type, sgit_repo_odb(lc->ctx->repo), id) < 0 ||
	    sgit_commit_parse(out, raw.ptr, raw.len, cli_err(lc->ctx)) < 0)
		rc = cli_fatal_err(cli_err(lc->ctx));
	sgit_buf_release(&raw);
	return rc;
}

/* The named revisions peeled to commits (others are left out, as git does), each once. */
static int collect(struct named **out, size_t *n, struct log_cmd *lc)
{
	struct sgit_revparse_env env;
	struct named *list = calloc(lc->revs.nr + 1, sizeof(*list));
	size_t i, k;
	int rc = 0;

	*n = 0;
	if (!list)
		return cli_fatal("out of memory");
	cli_refcmd_revparse_env(&env, lc->ctx);
	for (i = 0; i < lc->revs.nr; i++) {
		struct sgit_oid id;

		if (sgit_revparse_peel(&id, &env, &lc->revs.items[i].id, SGIT_OBJ_COMMIT) < 0) {
			sgit_error_clear(cli_err(lc->ctx));
			continue;
		}
		for (k = 0; k < *n && !sgit_oid_equal(&list[k].id, &id); k++)
			;
		if (k == *n) {
			list[*n].id = id;
			list[*n].order = *n;
			++*n;
		}
	}
	*out = list;
	return rc;
}

static int64_t committer_date(const struct sgit_commit *c)
{
	const struct sgit_header *h = sgit_commit_committer(c);
	struct sgit_ident who;

	if (!h || sgit_ident_parse(&who, h->value, h->value_len, NULL) < 0)
		return 0;
	return who.time;
}

static int dates(struct log_cmd *lc, struct named *list, size_t n)
{
	struct sgit_commit *c = NULL;
	size_t i;
	int rc;

	for (i = 0; i < n; i++) {
		if ((rc = read_commit(&c, lc, &list[i].id)))
			return rc;
		list[i].date = committer_date(c);
		sgit_commit_free(c);
	}
	return 0;
}

static int show_one(struct log_cmd *lc, const struct sgit_oid *id, long *skip, long *left)
{
	struct sgit_commit *c = NULL;
	size_t n;
	int rc, pass = 0;

	if ((rc = read_commit(&c, lc, id)))
		return rc;
	if ((rc = log_cmd_filter_passes(lc, id, c, &pass)) || !pass)
		goto out;
	if (*skip > 0) {
		--*skip;
		goto out;
	}
	if (!(rc = log_cmd_commit_parents(lc, c, &n)) && !(rc = log_cmd_show_commit(lc, id, c, lc->parents, n)))
		rc = log_cmd_flush(lc, 0);
	if (*left > 0)
		--*left;
out:
	sgit_commit_free(c);
	return rc;
}

int log_cmd_run_no_walk(struct log_cmd *lc)
{
	struct named *list = NULL;
	long skip = lc->walk.skip, left = lc->walk.max_count;
	size_t i, n = 0;
	int rc;

	if ((rc = collect(&list, &n, lc)) || (rc = dates(lc, list, n)))
		goto out;
	if (!lc->no_walk_unsorted)
		qsort(list, n, sizeof(*list), by_date);
	if (lc->walk.reverse)
		for (i = 0; i < n / 2; i++) {
			struct named t = list[i];

			list[i] = list[n - 1 - i];
			list[n - 1 - i] = t;
		}
	for (i = 0; i < n && left != 0 && !rc; i++)
		rc = show_one(lc, &list[i].id, &skip, &left);
	if (!rc)
		rc = log_cmd_flush(lc, 1);
out:
	free(list);
	return rc;
}
