/* porcelain/index/pathspec.c: matching paths against plain and glob path arguments */
#include <stdlib.h>
#include <string.h>
#include "sgit/errors.h"
#include "sgit/pathspec.h"
#include "util/wildmatch.h"

int sgit_pathspec_init(struct sgit_pathspec *ps, const char *const *items, size_t n)
{
	size_t i;

	ps->nr = 0;
	ps->items = n ? calloc(n, sizeof(*ps->items)) : NULL;
	ps->nowild = n ? calloc(n, sizeof(*ps->nowild)) : NULL;
	if (n && (!ps->items || !ps->nowild))
		goto nomem;
	for (i = 0; i < n; i++) {
		if (!(ps->items[i] = strdup(items[i])))
			goto nomem;
		ps->nr++;
		ps->nowild[i] = strcspn(items[i], "*?[\\");
	}
	return 0;
nomem:
	sgit_pathspec_release(ps);
	return SGIT_ENOMEM;
}

void sgit_pathspec_release(struct sgit_pathspec *ps)
{
	size_t i;

	for (i = 0; i < ps->nr; i++)
		free(ps->items[i]);
	free(ps->items);
	free(ps->nowild);
	ps->items = NULL;
	ps->nowild = NULL;
	ps->nr = 0;
}

/* The literal start compared as bytes, the rest as a glob in which '*' crosses '/'. */
static int glob_matches(const char *item, size_t nowild, const char *path, size_t len)
{
	return len >= nowild && !memcmp(item, path, nowild) &&
	       sgit_wildmatch(item + nowild, path + nowild, 0);
}

static enum sgit_pathspec_match match_item(const char *item, size_t nowild, const char *path,
					   size_t len)
{
	size_t ilen = strlen(item);
	int is_dir = len && path[len - 1] == '/';

	if (!ilen)
		return SGIT_PATHSPEC_BELOW;
	if (ilen <= len && !memcmp(item, path, ilen)) {
		if (ilen == len)
			return SGIT_PATHSPEC_EXACT;
		if (item[ilen - 1] == '/' || path[ilen] == '/')
			return SGIT_PATHSPEC_BELOW;
	}
	if (nowild < ilen && glob_matches(item, nowild, path, len))
		return SGIT_PATHSPEC_GLOB;
	if (!is_dir)
		return SGIT_PATHSPEC_NONE;
	/* a folder on the way down to a plain item */
	if (len < ilen && !memcmp(item, path, len))
		return SGIT_PATHSPEC_LEADING;
	/* a glob may match anything below once its literal start agrees with the folder */
	if (nowild < ilen && len >= nowild && !memcmp(item, path, nowild))
		return SGIT_PATHSPEC_LEADING;
	return SGIT_PATHSPEC_NONE;
}

enum sgit_pathspec_match sgit_pathspec_match(const struct sgit_pathspec *ps, const char *path,
					     size_t len)
{
	enum sgit_pathspec_match best = SGIT_PATHSPEC_NONE, m;
	size_t i;

	if (!ps || !ps->nr)
		return SGIT_PATHSPEC_BELOW;
	for (i = 0; i < ps->nr && best != SGIT_PATHSPEC_EXACT; i++) {
		m = match_item(ps->items[i], ps->nowild[i], path, len);
		if (m > best)
			best = m;
	}
	return best;
}

int sgit_pathspec_selects(const struct sgit_pathspec *ps, const char *path, size_t len)
{
	enum sgit_pathspec_match m = sgit_pathspec_match(ps, path, len);

	return m != SGIT_PATHSPEC_NONE && m != SGIT_PATHSPEC_LEADING;
}
