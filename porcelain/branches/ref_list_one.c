/* porcelain/branches/ref_list_one.c: a list of one ref named by the caller (verify-tag --format, tag -v --format) */
#include <stdlib.h>
#include <string.h>
#include "porcelain/branches/ref_format_int.h"
#include "sgit/odb.h"

static unsigned kind_of_name(const char *name)
{
	static const struct {
		const char *prefix;
		unsigned kind;
	} kinds[] = {
		{ "refs/heads/", SGIT_REF_KIND_BRANCH },
		{ "refs/remotes/", SGIT_REF_KIND_REMOTE },
		{ "refs/tags/", SGIT_REF_KIND_TAG },
	};
	size_t i;

	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (!strncmp(name, kinds[i].prefix, strlen(kinds[i].prefix)))
			return kinds[i].kind;
	return SGIT_REF_KIND_OTHER;
}

int sgit_ref_list_one(struct sgit_ref_list **out, struct sgit_repo *repo, const char *name,
		      const struct sgit_oid *id)
{
	struct sgit_ref_list *l = calloc(1, sizeof(*l));
	struct ref_item *it;

	*out = NULL;
	if (!l || !(l->items = calloc(1, sizeof(*l->items))) || !(l->items[0].name = strdup(name))) {
		if (l)
			free(l->items);
		free(l);
		return sgit_error_nomem(sgit_repo_error(repo));
	}
	l->repo = repo;
	sgit_buf_init(&l->names);
	l->nr = l->alloc = 1;
	it = &l->items[0];
	it->oid = *id;
	it->kind = kind_of_name(name);
	it->type_known = sgit_odb_read_header(&it->size, &it->type, sgit_repo_odb(repo), id) == 0;
	*out = l;
	return 0;
}
