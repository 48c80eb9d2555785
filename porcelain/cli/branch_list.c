/* porcelain/cli/branch_list.c: branch's listing: git's default formats with -v and -vv */
#include <stdlib.h>
#include <string.h>
#include "porcelain/cli/branch_list.h"
#include "porcelain/cli/reflist.h"
#include "porcelain/branches/refinfo.h"
#include "sgit/branch.h"
#include "util/wildmatch.h"

int branch_show_current(struct cli_ctx *ctx)
{
	struct sgit_buf cur = SGIT_BUF_INIT;

	if (sgit_branch_current(&cur, ctx->repo) < 0)
		return cli_fatal_err(cli_err(ctx));
	if (cur.len)
		printf("%s\n", cur.ptr + strlen("refs/heads/"));
	sgit_buf_release(&cur);
	return 0;
}

/* What one line needs beyond the ref itself. */
struct line_ctx {
	struct cli_ctx *ctx;
	const struct branch_list_opts *o;
	const char *head_ref;		/* the branch HEAD points at, "" when detached */
	const char *detached_desc;	/* "(HEAD detached at ...)" */
	int width;			/* the name column with -v */
	struct sgit_buf line, name, data, scratch;
};

static int display_width(const char *s)
{
	int w = 0;

	/* one column per character; UTF-8 continuation bytes add none */
	for (; *s; s++)
		w += ((unsigned char)*s & 0xc0) != 0x80;
	return w;
}

/* The name as listed: detached description, "origin/x", or "remotes/origin/x" with -a. */
static void display_name(struct sgit_buf *out, const struct line_ctx *lc, const struct reflist_item *it)
{
	if (!it->name[0])
		sgit_buf_sets(out, lc->detached_desc);
	else if (it->kind == BRANCH_REMOTE && lc->o->kinds == (BRANCH_LOCAL | BRANCH_REMOTE))
		sgit_buf_printf(out, "remotes/%s", it->shown);
	else
		sgit_buf_sets(out, it->shown);
}

static void add_subject(struct line_ctx *lc, const struct sgit_oid *id)
{
	enum sgit_object_type type = SGIT_OBJ_NONE;
	struct sgit_msgpos pos;

	if (sgit_odb_read(&lc->data, &type, sgit_repo_odb(lc->ctx->repo), id) < 0 ||
	    (type != SGIT_OBJ_COMMIT && type != SGIT_OBJ_TAG))
		return;
	sgit_refinfo_message_parts(&pos, lc->data.ptr, lc->data.len);
	sgit_refinfo_add_subject(&lc->line, lc->data.ptr, &pos);
}

/* %(upstream:track): "[ahead 1, behind 2]", "[gone]", or nothing; brackets optional. */
static void add_track(struct sgit_buf *out, struct line_ctx *lc, const struct sgit_oid *id,
		      const char *upstream, int brackets)
{
	struct sgit_oid up;
	size_t ahead = 0, behind = 0;
	const char *open = brackets ? "[" : "", *close = brackets ? "]" : "";

	if (sgit_refdb_resolve(&up, NULL, sgit_repo_refdb(lc->ctx->repo), upstream) < 0) {
		sgit_buf_addf(out, "%sgone%s", open, close);
		return;
	}
	if (sgit_refinfo_ahead_behind(&ahead, &behind, lc->ctx->repo, id, &up) < 0 ||
	    (!ahead && !behind))
		return;
	sgit_buf_adds(out, open);
	if (ahead)
		sgit_buf_addf(out, "ahead %zu", ahead);
	if (ahead && behind)
		sgit_buf_adds(out, ", ");
	if (behind)
		sgit_buf_addf(out, "behind %zu", behind);
	sgit_buf_adds(out, close);
}

/* -v: "[ahead 1] "; -vv: "[origin/main: ahead 1] " or "[origin/main] ". */
static void add_upstream(struct line_ctx *lc, const struct reflist_item *it)
{
	struct sgit_buf up = SGIT_BUF_INIT, track = SGIT_BUF_INIT;

	if (!it->name[0] || sgit_branch_upstream(&up, lc->ctx->repo, it->shown) < 0 || !up.len)
		goto out;
	add_track(&track, lc, &it->oid, up.ptr, lc->o->verbose < 2);
	if (lc->o->verbose < 2) {
		if (track.len)
			sgit_buf_addf(&lc->line, "%s ", track.ptr);
		goto out;
	}
	if (sgit_ref_shorten(&lc->scratch, sgit_repo_refdb(lc->ctx->repo), up.ptr) < 0)
		sgit_buf_sets(&lc->scratch, up.ptr);
	sgit_buf_addf(&lc->line, "[%s%s%s] ", lc->scratch.ptr, track.len ? ": " : "", track.ptr);
out:
	sgit_buf_release(&up);
	sgit_buf_release(&track);
}

static void add_symref(struct line_ctx *lc, const char *target)
{
	if (sgit_ref_shorten(&lc->scratch, sgit_repo_refdb(lc->ctx->repo), target) < 0)
		sgit_buf_sets(&lc->scratch, target);
	sgit_buf_addf(&lc->line, " -> %s", lc->scratch.ptr);
}

static void print_item(struct line_ctx *lc, const struct reflist_item *it)
{
	char abbrev[SGIT_OID_HEXSZ + 1];
	int current = !it->name[0] || !strcmp(it->name, lc->head_ref);
	int local = it->kind == BRANCH_LOCAL;

	display_name(&lc->name, lc, it);
	sgit_buf_sets(&lc->line, local && current ? "* " : "  ");
	sgit_buf_addbuf(&lc->line, &lc->name);
	if (lc->o->verbose) {
		sgit_buf_addf(&lc->line, "%*s", lc->width - display_width(lc->name.ptr), "");
		if (!local && it->symref) {
			add_symref(lc, it->symref);
		} else {
			sgit_repo_abbrev(abbrev, lc->ctx->repo, &it->oid);
			sgit_buf_addf(&lc->line, " %s ", abbrev);
			if (local)
				add_upstream(lc, it);
			add_subject(lc, &it->oid);
		}
	} else if (it->symref) {
		add_symref(lc, it->symref);
	}
	fwrite(lc->line.ptr, 1, lc->line.len, stdout);
	putchar('\n');
}

/* The detached HEAD's line: an item with an empty name, matched by its patterns as "HEAD". */
static int add_detached(struct reflist *l, struct cli_ctx *ctx, const struct branch_list_opts *o)
{
	struct reflist_item *it;
	unsigned flags = o->ignore_case ? SGIT_WM_CASEFOLD : 0;
	size_t i;

	for (i = 0; i < o->npatterns; i++)
		if (sgit_wildmatch(o->patterns[i], "HEAD", flags))
			break;
	if (o->npatterns && i == o->npatterns)
		return 0;
	it = realloc(l->items, (l->nr + 1) * sizeof(*it));
	if (!it)
		return cli_fatal("out of memory");
	l->items = it;
	l->alloc = l->nr + 1;
	it = &l->items[l->nr];
	memset(it, 0, sizeof(*it));
	it->name = calloc(1, 1);
	if (!it->name)
		return cli_fatal("out of memory");
	it->shown = it->name;
	it->kind = BRANCH_LOCAL;
	if (sgit_refdb_resolve(&it->oid, NULL, sgit_repo_refdb(ctx->repo), "HEAD") < 0)
		sgit_oid_clear(&it->oid);
	l->nr++;
	return 0;
}

static int collect(struct reflist *l, struct cli_ctx *ctx, const struct branch_list_opts *o)
{
	const char *config_sort = NULL;
	const char *const *keys = o->sort;
	size_t nkeys = o->nsort;
	int rc;

	if (!nkeys && !sgit_config_get_string(&config_sort, sgit_repo_config(ctx->repo), "branch.sort")) {
		keys = &config_sort;
		nkeys = 1;
	}
	if ((rc = reflist_sort(l, keys, nkeys, o->ignore_case)))
		return rc;
	if ((o->kinds & BRANCH_LOCAL) &&
	    (rc = reflist_collect(l, ctx, "refs/heads/", BRANCH_LOCAL, o->patterns, o->npatterns,
				  o->ignore_case)))
		return rc;
	if ((o->kinds & BRANCH_REMOTE) &&
	    (rc = reflist_collect(l, ctx, "refs/remotes/", BRANCH_REMOTE, o->patterns, o->npatterns,
				  o->ignore_case)))
		return rc;
	if ((rc = reflist_sort(l, keys, nkeys, o->ignore_case)))
		return rc;
	if ((o->kinds & BRANCH_LOCAL) && o->detached && (rc = add_detached(l, ctx, o)))
		return rc;
	if (o->contains && (rc = reflist_filter_contains(l, ctx, o->contains)))
		return rc;
	/* the detached HEAD, added last, always comes first */
	if (l->nr > 1 && !l->items[l->nr - 1].name[0]) {
		struct reflist_item head = l->items[l->nr - 1];

		memmove(l->items + 1, l->items, (l->nr - 1) * sizeof(*l->items));
		l->items[0] = head;
	}
	return rc;
}

int branch_list(struct cli_ctx *ctx, const struct branch_list_opts *o)
{
	struct reflist l = REFLIST_INIT;
	struct sgit_buf head = SGIT_BUF_INIT, desc = SGIT_BUF_INIT;
	struct line_ctx lc = { ctx, o, "", "", 0, SGIT_BUF_INIT, SGIT_BUF_INIT, SGIT_BUF_INIT,
			       SGIT_BUF_INIT };
	size_t i;
	int rc;

	if (sgit_branch_current(&head, ctx->repo) < 0 ||
	    (o->detached && sgit_branch_head_description(&desc, ctx->repo) < 0)) {
		rc = cli_fatal_err(cli_err(ctx));
		goto out;
	}
	lc.head_ref = head.ptr;
	lc.detached_desc = desc.ptr;
	if ((rc = collect(&l, ctx, o)))
		goto out;
	for (i = 0; o->verbose && i < l.nr; i++) {
		int w;

		display_name(&lc.name, &lc, &l.items[i]);
		w = display_width(lc.name.ptr);
		lc.width = w > lc.width ? w : lc.width;
	}
	for (i = 0; i < l.nr; i++)
		print_item(&lc, &l.items[i]);
out:
	reflist_clear(&l);
	sgit_buf_release(&head);
	sgit_buf_release(&desc);
	sgit_buf_release(&lc.line);
	sgit_buf_release(&lc.name);
	sgit_buf_release(&lc.data);
	sgit_buf_release(&lc.scratch);
	return rc;
}
