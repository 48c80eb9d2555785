/*
 * porcelain/mergetree/merge_tree_checkout.c: bringing a merge result into the index
 * and the work tree, as git's "ort" does: a two-way switch from HEAD's tree
 * to the merged tree (which holds the conflict markers), refused as a whole
 * when it would lose a local change; then the conflicted paths get their
 * stages 1-3 in the index.
 */
#include <stdlib.h>
#include <string.h>
#include "porcelain/checkout/checkout_int.h"
#include "porcelain/mergetree/merge_tree_int.h"
#include "sgit/changes.h"
#include "sgit/diff_output.h"
#include "sgit/repo.h"
#include "util/fs.h"
#include "util/quote.h"

void sgit_merge_pathlist_release(struct sgit_checkout_pathlist *l)
{
	size_t i;

	for (i = 0; i < l->count; i++)
		free(l->paths[i]);
	free(l->paths);
	memset(l, 0, sizeof(*l));
}

static int entry_cmp(const struct sgit_index_entry *a, const struct sgit_index_entry *b)
{
	size_t n = a->path_len < b->path_len ? a->path_len : b->path_len;
	int d = memcmp(a->path, b->path, n);

	if (d)
		return d;
	return a->path_len < b->path_len ? -1 : a->path_len > b->path_len;
}

/* Walk both sorted lists; every path where they differ (or the index has a conflict) is listed once. */
static int compare_lists(struct sgit_checkout_pathlist *out, struct sgit_index *idx,
			 struct sgit_index *head)
{
	size_t i = 0, j = 0, ni = sgit_index_count(idx), nh = sgit_index_count(head);
	const struct sgit_index_entry *a, *b, *last = NULL;
	int d;

	while (i < ni || j < nh) {
		a = i < ni ? sgit_index_entry_at(idx, i) : NULL;
		b = j < nh ? sgit_index_entry_at(head, j) : NULL;
		d = !a ? 1 : !b ? -1 : entry_cmp(a, b);
		if (d > 0) {
			j++;
			if (sgit_checkout__pathlist_add(out, b->path, b->path_len) < 0)
				return SGIT_ENOMEM;
			continue;
		}
		i++;
		if (d == 0)
			j++;
		if (d == 0 && !a->stage && a->mode == b->mode && sgit_oid_equal(&a->id, &b->id))
			continue;
		if (last && !entry_cmp(last, a))
			continue;
		last = a;
		if (sgit_checkout__pathlist_add(out, a->path, a->path_len) < 0)
			return SGIT_ENOMEM;
	}
	return 0;
}

int mt_staged_paths(struct sgit_checkout_pathlist *out, struct sgit_repo *repo, struct sgit_index *idx,
		    const struct sgit_oid *head_tree)
{
	struct sgit_index *head = NULL;
	int rc;

	memset(out, 0, sizeof(*out));
	if ((rc = sgit_index_new(&head, repo, sgit_repo_error(repo))) < 0 ||
	    (head_tree && (rc = sgit_index_read_tree(head, head_tree, 0)) < 0))
		goto out;
	if ((rc = compare_lists(out, idx, head)) < 0)
		rc = sgit_error_nomem(sgit_repo_error(repo));
out:
	sgit_index_free(head);
	if (rc < 0)
		sgit_merge_pathlist_release(out);
	return rc;
}

/* 1 when the list has an addition and a deletion: nothing can pair as a rename otherwise. */
static int may_rename(const struct sgit_changes *ch)
{
	int added = 0, deleted = 0;
	size_t i;

	for (i = 0; i < ch->nr; i++) {
		added |= ch->items[i].status == SGIT_CHANGE_ADDED;
		deleted |= ch->items[i].status == SGIT_CHANGE_DELETED;
	}
	return added && deleted;
}

/* Remove path from l (it is there once at most). */
static void pathlist_drop(struct sgit_checkout_pathlist *l, const char *path)
{
	size_t i;

	for (i = 0; i < l->count; i++) {
		if (strcmp(l->paths[i], path))
			continue;
		free(l->paths[i]);
		memmove(&l->paths[i], &l->paths[i + 1], (l->count - i - 1) * sizeof(*l->paths));
		l->count--;
		return;
	}
}

/*
 * Drop from l the old path of each "R<score> TAB old TAB new" line of git's
 * --name-status (a name is quoted only when it holds a tab, a newline or
 * another byte that must be: lines and fields split safely).
 */
static int drop_sources(struct sgit_checkout_pathlist *l, const struct sgit_buf *text)
{
	struct sgit_buf old = SGIT_BUF_INIT;
	const char *p = text->ptr, *end = text->ptr + text->len, *eol, *from, *to;
	int rc = 0;

	for (; p < end && !rc; p = eol + 1) {
		if (!(eol = memchr(p, '\n', (size_t)(end - p))))
			eol = end;
		if (*p != 'R' || !(from = memchr(p, '\t', (size_t)(eol - p))))
			continue;
		from++;
		if (*from == '"')
			rc = sgit_unquote_c_style(&old, from, (size_t)(eol - from), NULL);
		else if (!(to = memchr(from, '\t', (size_t)(eol - from))))
			rc = SGIT_EINVALID;
		else
			rc = sgit_buf_set(&old, from, (size_t)(to - from));
		if (!rc)
			pathlist_drop(l, old.ptr);
	}
	sgit_buf_release(&old);
	return rc;
}

/*
 * git lists what its diff of HEAD and the index shows, with the rename
 * detection of git diff (diff.renames and its limits as configured): a
 * staged rename is named by its new path only.
 */
static int pair_renames(struct sgit_checkout_pathlist *l, struct sgit_repo *repo, struct sgit_index *idx,
			const struct sgit_oid *head_tree)
{
	struct sgit_diff_output_options o = SGIT_DIFF_OUTPUT_OPTIONS_INIT;
	struct sgit_changes ch = SGIT_CHANGES_INIT;
	struct sgit_buf text = SGIT_BUF_INIT;
	int rc;

	if ((rc = sgit_diff_output_config(&o, repo)) < 0 || !o.renames ||
	    (rc = sgit_changes_tree_index(&ch, repo, head_tree, idx, NULL)) < 0 || !may_rename(&ch))
		goto out;
	o.format = SGIT_DIFF_FORMAT_NAME_STATUS;
	o.quote_path = 0;
	if ((rc = sgit_diff_output(repo, &ch, &o, sgit_diff_write_buf, &text)) < 0)
		goto out;
	if ((rc = drop_sources(l, &text)) == SGIT_ENOMEM)
		rc = sgit_error_nomem(sgit_repo_error(repo));
	else if (rc < 0)
		rc = sgit_error_set(sgit_repo_error(repo), SGIT_ECORRUPT, "cannot read the renames of the index");
out:
	sgit_changes_release(&ch);
	sgit_buf_release(&text);
	return rc;
}

int sgit_merge_staged_changes(struct sgit_checkout_pathlist *out, struct sgit_repo *repo,
			      struct sgit_index *idx, const struct sgit_oid *head_tree)
{
	int rc;

	/* without HEAD git lists every entry of the index, as they are */
	if ((rc = mt_staged_paths(out, repo, idx, head_tree)) < 0 || !head_tree || !out->count)
		return rc;
	if ((rc = pair_renames(out, repo, idx, head_tree)) < 0)
		sgit_merge_pathlist_release(out);
	return rc;
}

static int write_auto_merge(struct sgit_repo *repo, const struct sgit_oid *tree)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	char line[SGIT_OID_HEXSZ + 2];
	int rc;

	sgit_oid_tohex(line, tree);
	line[SGIT_OID_HEXSZ] = '\n';
	line[SGIT_OID_HEXSZ + 1] = '\0';
	if ((rc = sgit_fs_join(&path, sgit_repo_git_dir(repo), "AUTO_MERGE")) < 0)
		rc = sgit_error_nomem(sgit_repo_error(repo));
	else
		rc = sgit_fs_write_atomic(path.ptr, line, SGIT_OID_HEXSZ + 1, 0666,
					  sgit_repo_error(repo));
	sgit_buf_release(&path);
	return rc;
}

/* Replace the stage 0 entry of each conflicted path with its stages. */
static int record_conflicts(struct sgit_index *idx, const struct sgit_merge_result *res)
{
	struct sgit_index_entry e;
	size_t i;
	int k, rc;

	for (i = 0; i < res->nconflicts; i++) {
		const struct sgit_merge_conflict *c = &res->conflicts[i];

		sgit_index_remove(idx, c->path, strlen(c->path));
		for (k = 0; k < 3; k++) {
			if (!c->mode[k])
				continue;
			memset(&e, 0, sizeof(e));
			e.mode = c->mode[k];
			e.id = c->id[k];
			e.stage = (unsigned int)k + 1;
			e.path = c->path;
			e.path_len = strlen(c->path);
			if ((rc = sgit_index_add(idx, &e, 0)) < 0)
				return rc;
		}
	}
	return 0;
}

int sgit_merge__apply(struct sgit_checkout_report *rep, struct sgit_repo *repo,
		      struct sgit_index *idx, const struct sgit_oid *head_tree,
		      const struct sgit_merge_result *res)
{
	int rc;

	if ((rc = sgit_checkout_tree(rep, repo, idx, head_tree, &res->tree, SGIT_CHECKOUT_SWITCH)) < 0)
		return rc;
	return record_conflicts(idx, res);
}

int sgit_merge_checkout(struct sgit_checkout_report *rep, struct sgit_repo *repo,
			struct sgit_index *idx, const struct sgit_oid *head_tree,
			const struct sgit_merge_result *res)
{
	int rc;

	/* as git's ort: only a switch that went through leaves AUTO_MERGE */
	if ((rc = sgit_merge__apply(rep, repo, idx, head_tree, res)) < 0)
		return rc;
	return write_auto_merge(repo, &res->tree);
}
