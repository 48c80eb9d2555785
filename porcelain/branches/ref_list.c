/* porcelain/branches/ref_list.c: the refs a listing shows: names, kinds, --points-at, --merged, --contains */
#include <stdlib.h>
#include <string.h>
#include "porcelain/branches/ref_format_int.h"
#include "porcelain/branches/refinfo.h"
#include "sgit/odb.h"
#include "sgit/refs.h"
#include "sgit/revparse.h"
#include "util/wildmatch.h"

struct collect {
	struct sgit_ref_list *list;
	const struct sgit_ref_filter *f;
	struct sgit_revparse_env env;
	struct sgit_buf msg, data;
};

static unsigned kind_of(const char *name)
{
	if (!strncmp(name, "refs/heads/", 11))
		return SGIT_REF_KIND_BRANCH;
	if (!strncmp(name, "refs/remotes/", 13))
		return SGIT_REF_KIND_REMOTE;
	if (!strncmp(name, "refs/tags/", 10))
		return SGIT_REF_KIND_TAG;
	return SGIT_REF_KIND_OTHER;
}

/*
 * for-each-ref: a pattern names the refs below it ("refs/heads" and
 * "refs/heads/" both take refs/heads/x, "refs/hea" takes nothing) or is a
 * glob over the full name whose '*' does not cross '/'.
 */
static int match_as_path(const struct sgit_ref_filter *f, const char *name)
{
	unsigned flags = SGIT_WM_PATHNAME | (f->ignore_case ? SGIT_WM_CASEFOLD : 0);
	size_t i, n = strlen(name);

	for (i = 0; i < f->npatterns; i++) {
		const char *p = f->patterns[i];
		size_t len = strlen(p);

		if (len <= n && !strncmp(name, p, len) &&
		    (!name[len] || name[len] == '/' || (len && p[len - 1] == '/')))
			return 1;
		if (sgit_wildmatch(p, name, flags))
			return 1;
	}
	return 0;
}

/* branch and tag: a glob over the name past refs/tags/, refs/heads/, refs/remotes/ or refs/. */
static int match_short_name(const struct sgit_ref_filter *f, const char *name)
{
	static const char *const prefixes[] = { "refs/tags/", "refs/heads/", "refs/remotes/", "refs/" };
	unsigned flags = f->ignore_case ? SGIT_WM_CASEFOLD : 0;
	size_t i;

	for (i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++) {
		if (!strncmp(name, prefixes[i], strlen(prefixes[i]))) {
			name += strlen(prefixes[i]);
			break;
		}
	}
	for (i = 0; i < f->npatterns; i++)
		if (sgit_wildmatch(f->patterns[i], name, flags))
			return 1;
	return 0;
}

static int name_wanted(const struct sgit_ref_filter *f, const char *name)
{
	if (f->kinds && !(f->kinds & kind_of(name)))
		return 0;
	if (!f->npatterns)
		return 1;
	return f->match_short ? match_short_name(f, name) : match_as_path(f, name);
}

static int oid_listed(const struct sgit_oid *list, size_t n, const struct sgit_oid *id)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (sgit_oid_equal(&list[i], id))
			return 1;
	return 0;
}

/* --points-at: the ref's object, or what its tag names (one step, as git). */
static int points_at(int *out, struct collect *c, const struct ref_item *it)
{
	struct sgit_tag *tag = NULL;
	enum sgit_object_type type;

	*out = oid_listed(c->f->points_at, c->f->npoints_at, &it->oid);
	if (*out || (it->type_known && it->type != SGIT_OBJ_TAG))
		return 0;
	if (sgit_odb_read(&c->data, &type, c->env.odb, &it->oid) < 0 ||
	    sgit_tag_parse(&tag, c->data.ptr, c->data.len, NULL) < 0)
		return sgit_error_set(c->env.err, SGIT_ECORRUPT, "malformed object at '%s'", it->name);
	*out = oid_listed(c->f->points_at, c->f->npoints_at, sgit_tag_target_id(tag));
	sgit_tag_free(tag);
	return 0;
}

/* *out = 1 when commit is reachable from one in list (from_list), or one in list from commit. */
static int any_reach(int *out, struct collect *c, const struct sgit_oid *list, size_t n,
		     const struct sgit_oid *commit, int from_list)
{
	struct sgit_repo *repo = c->list->repo;
	size_t i;
	int rc = 0;

	*out = 0;
	for (i = 0; i < n && !*out && rc == 0; i++)
		rc = from_list ? sgit_refinfo_is_ancestor(out, repo, commit, &list[i])
			       : sgit_refinfo_is_ancestor(out, repo, &list[i], commit);
	return rc;
}

/* The commit filters; a ref that names no commit is left out when any is given. */
static int commit_wanted(int *out, struct collect *c, const struct ref_item *it)
{
	const struct sgit_ref_filter *f = c->f;
	struct sgit_oid commit;
	int in, rc;

	*out = 1;
	if (!f->nmerged && !f->nno_merged && !f->ncontains && !f->nno_contains)
		return 0;
	if (sgit_revparse_peel(&commit, &c->env, &it->oid, SGIT_OBJ_COMMIT) < 0) {
		*out = 0;
		return 0;
	}
	if (f->nmerged && ((rc = any_reach(&in, c, f->merged, f->nmerged, &commit, 1)) < 0 || !in))
		goto out;
	if (f->nno_merged && ((rc = any_reach(&in, c, f->no_merged, f->nno_merged, &commit, 1)) < 0 || in))
		goto out;
	if (f->ncontains && ((rc = any_reach(&in, c, f->contains, f->ncontains, &commit, 0)) < 0 || !in))
		goto out;
	if (f->nno_contains &&
	    ((rc = any_reach(&in, c, f->no_contains, f->nno_contains, &commit, 0)) < 0 || in))
		goto out;
	return 0;
out:
	*out = 0;
	return rc;
}

static int push_item(struct sgit_ref_list *l, struct ref_item **out)
{
	if (l->nr == l->alloc) {
		size_t alloc = l->alloc ? l->alloc * 2 : 64;
		struct ref_item *p = realloc(l->items, alloc * sizeof(*p));

		if (!p)
			return SGIT_ENOMEM;
		l->items = p;
		l->alloc = alloc;
	}
	*out = &l->items[l->nr];
	memset(*out, 0, sizeof(**out));
	return 0;
}

/* Where a symbolic ref ends, and whether that ref came from packed-refs. */
static int follow_symref(struct ref_item *it, struct collect *c, const char *name)
{
	struct sgit_ref last = SGIT_REF_INIT;
	struct sgit_buf resolved = SGIT_BUF_INIT;
	struct sgit_oid id;
	int rc = 0;

	if (sgit_refdb_resolve(&id, &resolved, c->env.refdb, name) == 0) {
		if (!(it->symref = strdup(resolved.ptr)))
			rc = SGIT_ENOMEM;
		else if (sgit_refdb_read(&last, c->env.refdb, resolved.ptr) == 0 &&
			 (last.flags & SGIT_REF_PACKED))
			it->flags |= SGIT_REF_PACKED;
	}
	sgit_ref_release(&last);
	sgit_buf_release(&resolved);
	return rc;
}

/* Fill a new item; 0 with it->name NULL when the filters leave the ref out. */
static int fill_item(struct ref_item *it, struct collect *c, const struct sgit_ref *ref)
{
	int keep = 1, rc;

	it->oid = ref->oid;
	it->kind = kind_of(ref->name.ptr);
	it->flags = ref->flags & (SGIT_REF_SYMBOLIC | SGIT_REF_PACKED);
	/* a ref to a missing object is listed: only atoms that need the object fail */
	it->type_known = sgit_odb_read_header(&it->size, &it->type, c->env.odb, &ref->oid) == 0;
	if ((c->f->npoints_at && ((rc = points_at(&keep, c, it)) < 0 || !keep)) ||
	    (rc = commit_wanted(&keep, c, it)) < 0 || !keep)
		return keep ? rc : 0;
	if ((ref->flags & SGIT_REF_SYMBOLIC) && (rc = follow_symref(it, c, ref->name.ptr)) < 0)
		return rc;
	if (!(it->name = strdup(ref->name.ptr))) {
		free(it->symref);
		return SGIT_ENOMEM;
	}
	return 0;
}

/* Remember every name that resolves, for ref_list_has_name(). */
static int add_name(struct sgit_ref_list *l, const char *name, size_t len)
{
	if (l->nnames == l->names_alloc) {
		size_t alloc = l->names_alloc ? l->names_alloc * 2 : 256;
		size_t *p = realloc(l->name_at, alloc * sizeof(*p));

		if (!p)
			return SGIT_ENOMEM;
		l->name_at = p;
		l->names_alloc = alloc;
	}
	l->name_at[l->nnames] = l->names.len;
	if (sgit_buf_add(&l->names, name, len + 1) < 0)	/* the NUL too */
		return SGIT_ENOMEM;
	l->nnames++;
	return 0;
}

int ref_list_has_name(const char *name, void *payload)
{
	const struct sgit_ref_list *l = payload;
	size_t lo = 0, hi = l->nnames;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int cmp = strcmp(l->names.ptr + l->name_at[mid], name);

		if (!cmp)
			return 1;
		if (cmp < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

/* Dangling symbolic refs go unmentioned; other refs that do not resolve get git's warning. */
static int broken_ref(struct collect *c, const struct sgit_ref *ref)
{
	const char *name = ref->name.ptr;

	if ((ref->flags & SGIT_REF_SYMBOLIC) || !name_wanted(c->f, name) || !c->f->warn)
		return 0;
	if (!sgit_refname_is_valid(name, SGIT_REFNAME_ALLOW_ONELEVEL, NULL))
		sgit_buf_printf(&c->msg, "ignoring ref with broken name %s", name);
	else
		sgit_buf_printf(&c->msg, "ignoring broken ref %s", name);
	c->f->warn(c->msg.ptr, c->f->warn_payload);
	return 0;
}

static int add_ref(const struct sgit_ref *ref, void *payload)
{
	struct collect *c = payload;
	struct sgit_ref_list *l = c->list;
	struct ref_item *it;
	int rc;

	if ((ref->flags & SGIT_REF_BROKEN) || sgit_oid_is_zero(&ref->oid))
		return broken_ref(c, ref);
	/* the walk goes in byte order: the names stay sorted for the binary search */
	if (l->nnames && strcmp(l->names.ptr + l->name_at[l->nnames - 1], ref->name.ptr) >= 0)
		return sgit_error_set(c->env.err, SGIT_ERROR, "refs listed out of order at '%s'",
				      ref->name.ptr);
	if ((rc = add_name(l, ref->name.ptr, ref->name.len)) < 0)
		return rc;
	if (!name_wanted(c->f, ref->name.ptr))
		return 0;
	if ((rc = push_item(c->list, &it)) < 0 || (rc = fill_item(it, c, ref)) < 0)
		return rc;
	if (it->name)
		c->list->nr++;
	return 0;
}

int sgit_ref_list_collect(struct sgit_ref_list **out, struct sgit_repo *repo,
			  const struct sgit_ref_filter *filter)
{
	struct collect c;
	int rc;

	memset(&c, 0, sizeof(c));
	*out = NULL;
	if (!(c.list = calloc(1, sizeof(*c.list))))
		return sgit_error_nomem(sgit_repo_error(repo));
	c.list->repo = repo;
	sgit_buf_init(&c.list->names);
	c.f = filter;
	c.env.odb = sgit_repo_odb(repo);
	c.env.refdb = sgit_repo_refdb(repo);
	c.env.err = sgit_repo_error(repo);
	sgit_buf_init(&c.msg);
	sgit_buf_init(&c.data);
	rc = sgit_refdb_foreach(c.env.refdb, "refs/", add_ref, &c);
	if (rc == SGIT_ENOMEM)
		sgit_error_nomem(c.env.err);
	sgit_buf_release(&c.msg);
	sgit_buf_release(&c.data);
	if (rc < 0) {
		sgit_ref_list_free(c.list);
		return rc;
	}
	*out = c.list;
	return 0;
}

void ref_item_release_keys(struct ref_item *item)
{
	size_t k;

	for (k = 0; k < item->nkeys; k++)
		sgit_buf_release(&item->keys[k].s);
	free(item->keys);
	item->keys = NULL;
	item->nkeys = 0;
}

void sgit_ref_list_free(struct sgit_ref_list *list)
{
	size_t i;

	if (!list)
		return;
	for (i = 0; i < list->nr; i++) {
		free(list->items[i].name);
		free(list->items[i].symref);
		ref_item_release_keys(&list->items[i]);
	}
	free(list->items);
	sgit_buf_release(&list->names);
	free(list->name_at);
	free(list);
}

size_t sgit_ref_list_count(const struct sgit_ref_list *list)
{
	return list->nr;
}

const char *sgit_ref_list_name(const struct sgit_ref_list *list, size_t i)
{
	return list->items[i].name;
}
