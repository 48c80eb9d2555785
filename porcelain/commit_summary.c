/*
 * porcelain/commit_summary.c: what git commit prints about a new commit:
 * the --shortstat line and the --summary lines against its first parent,
 * with the renames of identical content git finds for that output
 */
#include <stdlib.h>
#include <string.h>
#include "sgit/changes.h"
#include "sgit/commit_summary.h"
#include "sgit/diff_output.h"
#include "sgit/odb.h"
#include "util/diff.h"
#include "util/quote.h"

#define IS_GITLINK(m) (((m) & 0170000) == 0160000)
#define IS_REG(m) (((m) & 0170000) == 0100000)

/* One line of the summary: a change, or a deletion (from) and an addition (to) taken as a rename. */
struct pair {
	const struct sgit_change *from;		/* the old side */
	const struct sgit_change *to;		/* the new side */
};

struct summary {
	struct sgit_repo *repo;
	struct sgit_error *err;
	const struct sgit_changes *changes;
	size_t *rename_src;	/* per change: for an addition, 1 + the deletion it was renamed from */
	unsigned char *used;	/* per change: a deletion taken by a rename */
	struct pair *pairs;
	size_t npairs;
	int quote_high;
};

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

/*
 * Exact renames, as git looks for them: every addition in path order takes
 * the first unused deletion with the same blob (and the same mode unless
 * both are regular files), preferring one with the same file name.
 */
static void find_exact_renames(struct summary *s)
{
	const struct sgit_changes *l = s->changes;
	size_t i, j;

	for (i = 0; i < l->nr; i++) {
		const struct sgit_change *dst = &l->items[i];
		size_t best = 0;
		int best_score = -1;

		if (dst->status != SGIT_CHANGE_ADDED || IS_GITLINK(dst->new_mode))
			continue;
		for (j = 0; j < l->nr && best_score < 1; j++) {
			const struct sgit_change *src = &l->items[j];
			int score;

			if (src->status != SGIT_CHANGE_DELETED || s->used[j] || IS_GITLINK(src->old_mode) ||
			    !sgit_oid_equal(&src->old_id, &dst->new_id))
				continue;
			if ((!IS_REG(src->old_mode) || !IS_REG(dst->new_mode)) &&
			    src->old_mode != dst->new_mode)
				continue;
			score = !strcmp(base_name(src->path), base_name(dst->path));
			if (score > best_score) {
				best = j;
				best_score = score;
			}
		}
		if (best_score >= 0) {
			s->used[best] = 1;
			s->rename_src[i] = best + 1;
		}
	}
}

/* The lines in git's order: a rename where its new path is, a deletion taken by one left out. */
static void order_pairs(struct summary *s)
{
	size_t i;

	for (i = 0; i < s->changes->nr; i++) {
		const struct sgit_change *c = &s->changes->items[i];
		struct pair *p = &s->pairs[s->npairs];

		if (c->status == SGIT_CHANGE_DELETED && s->used[i])
			continue;
		p->from = s->rename_src[i] ? &s->changes->items[s->rename_src[i] - 1] : c;
		p->to = c;
		s->npairs++;
	}
}

/* The content of one side as git diffs it: a submodule is a line naming its commit. */
static int load_side(struct sgit_buf *out, struct summary *s, unsigned int mode,
		     const struct sgit_oid *id)
{
	enum sgit_object_type type = SGIT_OBJ_NONE;
	char hex[SGIT_OID_HEXSZ + 1];

	if (!mode)
		return sgit_buf_set(out, "", 0) < 0 ? sgit_error_nomem(s->err) : 0;
	if (IS_GITLINK(mode))
		return sgit_buf_printf(out, "Subproject commit %s\n", sgit_oid_tohex(hex, id)) < 0 ?
		       sgit_error_nomem(s->err) : 0;
	return sgit_odb_read(out, &type, sgit_repo_odb(s->repo), id);
}

/* Lines added and removed by one pair; *binary when either side is binary (no lines counted). */
static int count_pair(size_t *added, size_t *removed, int *binary, struct summary *s,
		      const struct pair *p)
{
	struct sgit_buf a = SGIT_BUF_INIT, b = SGIT_BUF_INIT;
	struct sgit_diff d = SGIT_DIFF_INIT;
	unsigned int old_mode = p->from->old_mode, new_mode = p->to->new_mode;
	int rc;

	*added = *removed = 0;
	*binary = 0;
	if (old_mode && new_mode && sgit_oid_equal(&p->from->old_id, &p->to->new_id) &&
	    IS_GITLINK(old_mode) == IS_GITLINK(new_mode))
		return 0;
	if ((rc = load_side(&a, s, old_mode, &p->from->old_id)) < 0 ||
	    (rc = load_side(&b, s, new_mode, &p->to->new_id)) < 0)
		goto out;
	if (sgit_diff_is_binary(a.ptr, a.len) || sgit_diff_is_binary(b.ptr, b.len)) {
		*binary = 1;
		goto out;
	}
	if ((rc = sgit_diff_lines(&d, a.ptr, a.len, b.ptr, b.len, 0, s->err)) < 0)
		goto out;
	sgit_diff_count(&d, added, removed);
out:
	sgit_diff_release(&d);
	sgit_buf_release(&a);
	sgit_buf_release(&b);
	return rc;
}

static int add_stat_line(struct sgit_buf *out, struct summary *s)
{
	size_t i, ins = 0, del = 0, added, removed;
	int binary, rc;

	for (i = 0; i < s->npairs; i++) {
		if ((rc = count_pair(&added, &removed, &binary, s, &s->pairs[i])) < 0)
			return rc;
		if (!binary) {
			ins += added;
			del += removed;
		}
	}
	if (sgit_diff_stat_summary_add(out, s->npairs, ins, del) < 0)
		return sgit_error_nomem(s->err);
	return 0;
}

static int add_quoted(struct sgit_buf *out, const char *path, int quote_high)
{
	return sgit_quote_c_style_add(out, path, strlen(path), quote_high);
}

/* The length of the common leading folders of a and b, their final '/' included. */
static size_t common_folders(const char *a, const char *b)
{
	size_t i, pfx = 0;

	for (i = 0; a[i] && a[i] == b[i]; i++)
		if (a[i] == '/')
			pfx = i + 1;
	return pfx;
}

int sgit_commit_summary_rename_name_add(struct sgit_buf *out, const char *a, const char *b,
					int quote_high)
{
	size_t la = strlen(a), lb = strlen(b), pfx, sfx = 0, floor, i, j, amid, bmid;
	int rc = 0;

	if (sgit_quote_needed(a, la, quote_high) || sgit_quote_needed(b, lb, quote_high))
		return add_quoted(out, a, quote_high) < 0 || sgit_buf_adds(out, " => ") < 0 ||
		       add_quoted(out, b, quote_high) < 0 ? SGIT_ENOMEM : 0;
	pfx = common_folders(a, b);
	/* a common tail starts at a '/'; it may share the '/' that ends the common folders */
	floor = pfx ? pfx - 1 : 0;
	for (i = la, j = lb; i > floor && j > floor && a[i - 1] == b[j - 1]; i--, j--)
		if (a[i - 1] == '/')
			sfx = la - (i - 1);
	amid = la > pfx + sfx ? la - pfx - sfx : 0;
	bmid = lb > pfx + sfx ? lb - pfx - sfx : 0;
	if (pfx + sfx)
		rc |= sgit_buf_add(out, a, pfx) | sgit_buf_addch(out, '{');
	rc |= sgit_buf_add(out, a + pfx, amid) | sgit_buf_adds(out, " => ") |
	      sgit_buf_add(out, b + pfx, bmid);
	if (pfx + sfx)
		rc |= sgit_buf_addch(out, '}') | sgit_buf_add(out, a + la - sfx, sfx);
	return rc ? SGIT_ENOMEM : 0;
}

static int add_summary_line(struct sgit_buf *out, const struct pair *p, int quote_high)
{
	const struct sgit_change *c = p->to;
	int rc = 0;

	if (p->from != p->to) {
		rc |= sgit_buf_adds(out, " rename ");
		rc |= sgit_commit_summary_rename_name_add(out, p->from->path, c->path, quote_high);
		rc |= sgit_buf_adds(out, " (100%)\n");
		if (p->from->old_mode != c->new_mode)
			rc |= sgit_buf_addf(out, " mode change %06o => %06o\n", p->from->old_mode,
					    c->new_mode);
	} else if (c->status == SGIT_CHANGE_ADDED || c->status == SGIT_CHANGE_DELETED) {
		rc |= sgit_buf_addf(out, " %s mode %06o ", c->status == SGIT_CHANGE_ADDED ? "create" : "delete",
				    c->status == SGIT_CHANGE_ADDED ? c->new_mode : c->old_mode);
		rc |= add_quoted(out, c->path, quote_high) | sgit_buf_addch(out, '\n');
	} else if (c->old_mode && c->new_mode && c->old_mode != c->new_mode) {
		rc |= sgit_buf_addf(out, " mode change %06o => %06o ", c->old_mode, c->new_mode);
		rc |= add_quoted(out, c->path, quote_high) | sgit_buf_addch(out, '\n');
	}
	return rc ? SGIT_ENOMEM : 0;
}

static int summarise(struct sgit_buf *out, struct summary *s)
{
	size_t n = s->changes->nr, i;
	int rc;

	if (!n)
		return 0;
	s->rename_src = calloc(n, sizeof(*s->rename_src));
	s->used = calloc(n, 1);
	s->pairs = calloc(n, sizeof(*s->pairs));
	if (!s->rename_src || !s->used || !s->pairs)
		return sgit_error_nomem(s->err);
	find_exact_renames(s);
	order_pairs(s);
	if ((rc = add_stat_line(out, s)) < 0)
		return rc;
	for (i = 0; i < s->npairs; i++)
		if (add_summary_line(out, &s->pairs[i], s->quote_high) < 0)
			return sgit_error_nomem(s->err);
	return 0;
}

int sgit_commit_summary_add(struct sgit_buf *out, struct sgit_repo *repo,
			    const struct sgit_oid *old_tree, const struct sgit_oid *new_tree,
			    int quote_high)
{
	struct sgit_changes changes = SGIT_CHANGES_INIT;
	struct summary s;
	int rc;

	memset(&s, 0, sizeof(s));
	s.repo = repo;
	s.err = sgit_repo_error(repo);
	s.changes = &changes;
	s.quote_high = quote_high;
	if ((rc = sgit_changes_tree_tree(&changes, repo, old_tree, new_tree, NULL)) == 0)
		rc = summarise(out, &s);
	free(s.rename_src);
	free(s.used);
	free(s.pairs);
	sgit_changes_release(&changes);
	return rc;
}
