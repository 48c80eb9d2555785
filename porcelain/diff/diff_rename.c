/*
 * porcelain/diff/diff_rename.c: the pairs a diff shows, with renames and
 * copies found as git finds them: exact ones (an added file with the
 * content a deleted one had) first, then similar files
 * (diff_rename_similar.c); and the "old => new" names --stat gives them
 */
#include <stdlib.h>
#include <string.h>
#include "porcelain/diff/diff_output_int.h"
#include "util/quote.h"

static void pair_from_change(struct diff_pair *p, const struct sgit_change *c, int worktree)
{
	memset(p, 0, sizeof(*p));
	p->old_path = p->new_path = c->path;
	p->old_len = p->new_len = c->path_len;
	p->status = c->status;
	p->old_mode = c->old_mode;
	p->new_mode = c->new_mode;
	p->old_id = c->old_id;
	p->new_id = c->new_id;
	/* only a work-tree side can be unknown: the lists of trees and the index leave the flag unset */
	p->new_id_known = c->new_id_known || !worktree;
}

const char *sgit_diff__base_name(const char *path, size_t len, size_t *blen)
{
	const char *slash = memrchr(path, '/', len);
	const char *b = slash ? slash + 1 : path;

	*blen = len - (size_t)(b - path);
	return b;
}

int sgit_diff__same_base_name(const struct diff_pair *src, const struct diff_pair *dst)
{
	size_t la, lb;
	const char *a = sgit_diff__base_name(src->old_path, src->old_len, &la);
	const char *b = sgit_diff__base_name(dst->new_path, dst->new_len, &lb);

	return la == lb && !memcmp(a, b, la);
}

int sgit_diff__is_source(const struct diff_pair *p, int copies)
{
	return p->status == SGIT_CHANGE_DELETED ||
	       (copies && (p->status == SGIT_CHANGE_MODIFIED || p->status == SGIT_CHANGE_TYPE));
}

unsigned int sgit_diff__rename_used(const struct diff_queue *q, const unsigned int *uses, size_t i)
{
	return uses[i] + (q->v[i].status != SGIT_CHANGE_DELETED);
}

void sgit_diff__pair_up(struct diff_queue *q, unsigned int *uses, size_t src, struct diff_pair *dst,
			unsigned int score)
{
	const struct diff_pair *from = &q->v[src];

	uses[src]++;
	dst->source = src;
	dst->status = DIFF_STATUS_RENAMED;
	dst->similarity = score * 100 / SGIT_DIFF_SCORE_MAX;
	dst->old_path = from->old_path;
	dst->old_len = from->old_len;
	dst->old_mode = from->old_mode;
	dst->old_id = from->old_id;
}

/*
 * The source of the same content as dst (and the same mode unless both
 * are regular files), or -1. As git: a source not used yet scores one,
 * the same base name one more, the first best in order wins; without
 * copies a used source is no candidate.
 */
static long find_source(const struct diff_queue *q, const unsigned int *uses,
			const struct diff_pair *dst, int copies)
{
	long best = -1;
	int best_score = -1, score;
	unsigned int used;
	size_t i;

	for (i = 0; i < q->nr; i++) {
		const struct diff_pair *src = &q->v[i];

		if (!sgit_diff__is_source(src, copies) || !sgit_oid_equal(&src->old_id, &dst->new_id))
			continue;
		if ((!DIFF_MODE_IS_REGULAR(src->old_mode) || !DIFF_MODE_IS_REGULAR(dst->new_mode)) &&
		    src->old_mode != dst->new_mode)
			continue;
		if ((used = sgit_diff__rename_used(q, uses, i)) && !copies)
			continue;
		score = !used + sgit_diff__same_base_name(src, dst);
		if (score > best_score) {
			best = (long)i;
			best_score = score;
			if (score == 2)
				break;
		}
	}
	return best;
}

/*
 * In output order, every pair but the last from a deletion is a copy,
 * as is every pair from a file that stays; deletions that were renamed
 * leave the list.
 */
static int settle(struct diff_queue *q, unsigned int *uses, struct sgit_error *err)
{
	unsigned int *left = malloc((q->nr ? q->nr : 1) * sizeof(*left));
	size_t i, kept = 0;

	if (!left)
		return sgit_error_nomem(err);
	for (i = 0; i < q->nr; i++)
		left[i] = sgit_diff__rename_used(q, uses, i);
	for (i = 0; i < q->nr; i++) {
		struct diff_pair *p = &q->v[i];

		if (p->status == DIFF_STATUS_RENAMED && --left[p->source] > 0)
			p->status = DIFF_STATUS_COPIED;
	}
	for (i = 0; i < q->nr; i++)
		if (q->v[i].status != SGIT_CHANGE_DELETED || !uses[i])
			q->v[kept++] = q->v[i];
	q->nr = kept;
	free(left);
	return 0;
}

/*
 * Pair additions with sources of the same content, then of similar
 * content; the renames take the additions' places.
 */
static int find_renames(struct diff_queue *q, struct sgit_repo *repo,
			const struct sgit_diff_output_options *opts)
{
	unsigned int *uses = calloc(q->nr ? q->nr : 1, sizeof(*uses));
	size_t i;
	long src;
	int rc;

	if (!uses)
		return sgit_error_nomem(sgit_repo_error(repo));
	for (i = 0; i < q->nr; i++) {
		struct diff_pair *dst = &q->v[i];

		if (dst->status != SGIT_CHANGE_ADDED || !dst->new_id_known ||
		    (src = find_source(q, uses, dst, opts->copies)) < 0)
			continue;
		sgit_diff__pair_up(q, uses, (size_t)src, dst, SGIT_DIFF_SCORE_MAX);
	}
	if ((rc = sgit_diff__find_similar(q, uses, repo, opts)) == 0)
		rc = settle(q, uses, sgit_repo_error(repo));
	free(uses);
	return rc;
}

int sgit_diff__queue(struct diff_queue *q, const struct sgit_changes *changes,
		     const struct sgit_diff_output_options *opts, struct sgit_repo *repo)
{
	struct sgit_error *err = sgit_repo_error(repo);

	size_t i, added = 0, sources = 0;

	q->nr = 0;
	if (!(q->v = calloc(changes->nr ? changes->nr : 1, sizeof(*q->v))))
		return sgit_error_nomem(err);
	for (i = 0; i < changes->nr; i++) {
		pair_from_change(&q->v[q->nr], &changes->items[i], opts->new_from_worktree);
		added += q->v[q->nr].status == SGIT_CHANGE_ADDED;
		sources += sgit_diff__is_source(&q->v[q->nr++], opts->copies);
	}
	if (opts->renames && added && sources)
		return find_renames(q, repo, opts);
	return 0;
}

/* ---- names ---- */

/*
 * The parts "pre{a => b}post" of a rename: pre is the common leading
 * folders, post the common trailing part from a '/' on (it may reuse the
 * '/' that ends pre).
 */
static void split_rename(size_t *pre, size_t *post, const char *a, size_t la, const char *b,
			 size_t lb)
{
	size_t i, n;

	*pre = 0;
	for (i = 0; i < la && i < lb && a[i] == b[i]; i++)
		if (a[i] == '/')
			*pre = i + 1;
	*post = 0;
	/* the trailing part may go back into the leading one by its final '/' only */
	n = *pre ? *pre - 1 : 0;
	for (i = 1; i <= la - n && i <= lb - n && a[la - i] == b[lb - i]; i++)
		if (a[la - i] == '/')
			*post = i;
}

int sgit_diff__pair_name_add(struct sgit_buf *out, const struct diff_pair *p, int quote_path)
{
	const char *a = p->old_path, *b = p->new_path;
	size_t la = p->old_len, lb = p->new_len, pre, post, amid, bmid;
	int rc = 0;

	if (!DIFF_IS_RENAME_OR_COPY(p))
		return sgit_diff__name_add(out, "", b, lb, quote_path);
	if (sgit_quote_needed(a, la, quote_path) || sgit_quote_needed(b, lb, quote_path)) {
		rc |= sgit_diff__name_add(out, "", a, la, quote_path);
		rc |= sgit_buf_adds(out, " => ");
		rc |= sgit_diff__name_add(out, "", b, lb, quote_path);
		return rc ? SGIT_ENOMEM : 0;
	}
	split_rename(&pre, &post, a, la, b, lb);
	amid = la > pre + post ? la - pre - post : 0;
	bmid = lb > pre + post ? lb - pre - post : 0;
	if (pre + post)
		rc |= sgit_buf_add(out, a, pre) | sgit_buf_addch(out, '{');
	rc |= sgit_buf_add(out, a + pre, amid);
	rc |= sgit_buf_adds(out, " => ");
	rc |= sgit_buf_add(out, b + pre, bmid);
	if (pre + post)
		rc |= sgit_buf_addch(out, '}') | sgit_buf_add(out, a + la - post, post);
	return rc ? SGIT_ENOMEM : 0;
}
