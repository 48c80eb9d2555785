/* porcelain/merge/merge_state_abort.c: merge --abort, that is git reset --merge back to HEAD */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "porcelain/checkout/checkout_int.h"
#include "sgit/index.h"
#include "sgit/merge_state.h"

/* What happens to one path. */
enum abort_kind {
	ABORT_FORCE,	/* unmerged: HEAD's version, whatever the work tree holds */
	ABORT_RESET,	/* changed by the merge: HEAD's version, the work tree checked first */
	ABORT_ADD,	/* deleted by the merge: HEAD's version, nothing may be in the way */
};

struct abort_item {
	char *path;
	size_t len;
	enum abort_kind kind;
	const struct sgit_index_entry *head;	/* in the scratch index of HEAD's tree, or NULL */
};

struct abort_plan {
	struct abort_item *items;
	size_t nr, alloc;
};

static void plan_release(struct abort_plan *p)
{
	size_t i;

	for (i = 0; i < p->nr; i++)
		free(p->items[i].path);
	free(p->items);
}

static int plan_add(struct abort_plan *p, const char *path, size_t len, enum abort_kind kind,
		    const struct sgit_index_entry *head)
{
	struct abort_item *it;

	if (p->nr == p->alloc) {
		size_t alloc = p->alloc ? 2 * p->alloc : 16;

		if (!(it = realloc(p->items, alloc * sizeof(*it))))
			return SGIT_ENOMEM;
		p->items = it;
		p->alloc = alloc;
	}
	it = &p->items[p->nr];
	if (!(it->path = malloc(len + 1)))
		return SGIT_ENOMEM;
	memcpy(it->path, path, len);
	it->path[len] = '\0';
	it->len = len;
	it->kind = kind;
	it->head = head;
	p->nr++;
	return 0;
}

static const struct sgit_index_entry *head_entry(const struct sgit_index *head, const char *path)
{
	return sgit_index_get(head, path, 0);
}

/* The paths of idx that differ from HEAD, and the checks git makes before it touches them. */
static int plan_index(struct abort_plan *p, struct co_wt *wt, struct sgit_index *idx,
		      const struct sgit_index *head, struct sgit_error *err)
{
	size_t i = 0, n = sgit_index_count(idx);
	int rc = 0, state;

	while (i < n && !rc) {
		const struct sgit_index_entry *e = sgit_index_entry_at(idx, i);
		const struct sgit_index_entry *h = head_entry(head, e->path);
		size_t j = i + 1;

		while (j < n && !strcmp(sgit_index_entry_at(idx, j)->path, e->path))
			j++;
		if (e->stage || j > i + 1) {
			rc = plan_add(p, e->path, e->path_len, ABORT_FORCE, h);
		} else if (!h || h->mode != e->mode || !sgit_oid_equal(&h->id, &e->id)) {
			if ((state = sgit_checkout__entry_state(wt, idx, e)) < 0)
				rc = state;
			else if (state == CO_CHANGED)
				rc = sgit_error_set(err, SGIT_ECONFLICT, "Entry '%s' not uptodate. Cannot merge.",
						    e->path);
			else
				rc = plan_add(p, e->path, e->path_len, ABORT_RESET, h);
		}
		i = j;
	}
	return rc;
}

/* The paths of HEAD the index lacks: they come back unless an untracked file is in the way. */
static int plan_head(struct abort_plan *p, struct co_wt *wt, struct sgit_index *idx,
		     const struct sgit_index *head, struct sgit_error *err)
{
	size_t i;
	int rc = 0, found;

	for (i = 0; i < sgit_index_count(head) && !rc; i++) {
		const struct sgit_index_entry *h = sgit_index_entry_at(head, i);
		struct stat st;

		if (sgit_index_get(idx, h->path, -1))
			continue;
		if ((found = sgit_checkout__wt_lstat(wt, h->path, h->path_len, &st)) < 0)
			rc = found;
		else if (found == 0 && !S_ISDIR(st.st_mode))
			rc = sgit_error_set(err, SGIT_ECONFLICT,
					    "Untracked working tree file '%s' would be overwritten by merge.",
					    h->path);
		else
			rc = plan_add(p, h->path, h->path_len, ABORT_ADD, h);
	}
	return rc;
}

static int apply(struct abort_plan *p, struct co_wt *wt, struct sgit_index *idx)
{
	size_t i;
	int rc = 0;

	for (i = 0; i < p->nr && !rc; i++) {
		struct abort_item *it = &p->items[i];

		if (it->head) {
			rc = sgit_checkout__write_entry(wt, idx, it->path, it->len, it->head->mode, &it->head->id);
		} else {
			sgit_index_remove(idx, it->path, it->len);
			rc = sgit_checkout__wt_remove(wt, it->path, it->len);
		}
	}
	return rc < 0 ? rc : 0;
}

int sgit_merge_abort_paths(struct sgit_repo *repo, struct sgit_index *idx,
			   const struct sgit_oid *head_tree)
{
	struct sgit_error *err = sgit_repo_error(repo);
	struct sgit_index *head = NULL;
	struct abort_plan plan = { NULL, 0, 0 };
	struct co_wt wt;
	int rc, wt_open = 0;

	if ((rc = sgit_index_new(&head, repo, err)) < 0 ||
	    (head_tree && (rc = sgit_index_read_tree(head, head_tree, 0)) < 0))
		goto out;
	if ((rc = sgit_checkout__wt_open(&wt, repo)) < 0)
		goto out;
	wt_open = 1;
	if ((rc = plan_index(&plan, &wt, idx, head, err)) < 0 ||
	    (rc = plan_head(&plan, &wt, idx, head, err)) < 0)
		goto out;
	rc = apply(&plan, &wt, idx);
out:
	if (rc == SGIT_ENOMEM)
		sgit_error_nomem(err);
	if (wt_open)
		sgit_checkout__wt_close(&wt);
	plan_release(&plan);
	sgit_index_free(head);
	return rc;
}
