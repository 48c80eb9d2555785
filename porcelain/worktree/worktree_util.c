/* porcelain/worktree/worktree_util.c: path lists and work-tree paths for add, rm and mv */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "porcelain/worktree/worktree_int.h"

int sgit_worktree__push(struct wt_list *l, const char *s, size_t len, struct sgit_error *err)
{
	char *copy;

	if (l->nr == l->alloc) {
		size_t alloc = l->alloc ? l->alloc * 2 : 16;
		char **p = realloc(l->items, alloc * sizeof(*p));

		if (!p)
			return sgit_error_nomem(err);
		l->items = p;
		l->alloc = alloc;
	}
	if (!(copy = malloc(len + 1)))
		return sgit_error_nomem(err);
	memcpy(copy, s, len);
	copy[len] = '\0';
	l->items[l->nr++] = copy;
	return 0;
}

void sgit_worktree__free_strings(char **items, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++)
		free(items[i]);
	free(items);
}

void sgit_worktree__clear(struct wt_list *l)
{
	sgit_worktree__free_strings(l->items, l->nr);
	l->items = NULL;
	l->nr = l->alloc = 0;
}

static int str_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void sgit_worktree__sort_uniq(struct wt_list *l)
{
	size_t i, n = 0;

	if (!l->nr)
		return;
	qsort(l->items, l->nr, sizeof(*l->items), str_cmp);
	for (i = 0; i < l->nr; i++) {
		if (n && !strcmp(l->items[n - 1], l->items[i]))
			free(l->items[i]);
		else
			l->items[n++] = l->items[i];
	}
	l->nr = n;
}

void sgit_worktree__detach(struct wt_list *l, char ***items, size_t *nr)
{
	*items = l->items;
	*nr = l->nr;
	l->items = NULL;
	l->nr = l->alloc = 0;
}

int sgit_worktree__full(struct sgit_buf *out, const char *wt, const char *path, size_t len,
			struct sgit_error *err)
{
	if (sgit_buf_sets(out, wt) < 0 || sgit_buf_addch(out, '/') < 0 || sgit_buf_add(out, path, len) < 0)
		return sgit_error_nomem(err);
	return 0;
}

enum sgit_pathspec_match sgit_worktree__item_match(const struct sgit_pathspec *ps, size_t i,
						   const char *path, size_t len)
{
	/* a view of one item: the struct is public and its arrays are parallel */
	struct sgit_pathspec one;

	one.items = ps->items + i;
	one.nowild = ps->nowild + i;
	one.nr = 1;
	return sgit_pathspec_match(&one, path, len);
}

int sgit_worktree__beyond_symlink(struct sgit_buf *cache, const char *wt, const char *path)
{
	const char *slash = strrchr(path, '/');
	size_t dirlen, wtlen = strlen(wt), i;
	struct stat st;
	int beyond = 0;

	if (!slash)
		return 0;
	dirlen = (size_t)(slash - path);
	if (cache->len == dirlen && !memcmp(cache->ptr, path, dirlen))
		return 0;
	if (sgit_buf_sets(cache, wt) < 0 || sgit_buf_addch(cache, '/') < 0 ||
	    sgit_buf_add(cache, path, dirlen) < 0)
		return 1;
	/* lstat every folder on the way, from the top, so that a symlink is never followed */
	for (i = wtlen + 1; i <= cache->len && !beyond; i++) {
		if (i < cache->len && cache->ptr[i] != '/')
			continue;
		cache->ptr[i] = '\0';
		beyond = lstat(cache->ptr, &st) < 0 || !S_ISDIR(st.st_mode);
		if (i < cache->len)
			cache->ptr[i] = '/';
	}
	if (beyond || sgit_buf_set(cache, path, dirlen) < 0) {
		sgit_buf_reset(cache);
		return 1;
	}
	return 0;
}
