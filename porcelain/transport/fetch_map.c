/* porcelain/transport/fetch_map.c: which refs of the other side a fetch takes, and where it puts them */
#include <stdlib.h>
#include <string.h>
#include "porcelain/transport/fetch_int.h"

void sgit_fetch__ref_release(struct sgit_fetch_ref *r)
{
	free(r->remote_name);
	free(r->local_name);
	free(r->error);
	memset(r, 0, sizeof(*r));
}

void sgit_fetch__map_release(struct fetch_map *map)
{
	size_t i;

	for (i = 0; i < map->n; i++)
		sgit_fetch__ref_release(&map->items[i]);
	free(map->items);
	sgit_buf_release(&map->warnings);
	sgit_buf_release(&map->errors);
	*map = (struct fetch_map)FETCH_MAP_INIT;
}

int sgit_fetch__funny(struct sgit_buf *errors, const char *local)
{
	return sgit_buf_addf(errors, "* Ignoring funny ref '%s' locally\n", local) < 0 ? SGIT_ENOMEM : 0;
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int sgit_fetch__names_init(struct fetch_names *names, const struct fetch_map *map, int local)
{
	size_t i;

	*names = (struct fetch_names)FETCH_NAMES_INIT;
	if (!(names->v = malloc((map->n ? map->n : 1) * sizeof(*names->v))))
		return SGIT_ENOMEM;
	for (i = 0; i < map->n; i++) {
		const char *name = local ? map->items[i].local_name : map->items[i].remote_name;

		if (name)
			names->v[names->n++] = name;
	}
	qsort(names->v, names->n, sizeof(*names->v), cmp_name);
	return 0;
}

int sgit_fetch__names_has(const struct fetch_names *names, const char *name)
{
	return names->n && bsearch(&name, names->v, names->n, sizeof(*names->v), cmp_name) != NULL;
}

void sgit_fetch__names_release(struct fetch_names *names)
{
	free(names->v);
	*names = (struct fetch_names)FETCH_NAMES_INIT;
}

/* Append an item (names copied; local may be NULL). */
static int add_item(struct fetch_map *map, const char *remote, const struct sgit_oid *oid,
		    const char *local, int force, enum sgit_fetch_head_status status)
{
	struct sgit_fetch_ref *r;

	if (map->n == map->alloc) {
		size_t alloc = map->alloc ? map->alloc * 2 : 16;
		struct sgit_fetch_ref *grown = realloc(map->items, alloc * sizeof(*grown));

		if (!grown)
			return SGIT_ENOMEM;
		map->items = grown;
		map->alloc = alloc;
	}
	r = &map->items[map->n];
	memset(r, 0, sizeof(*r));
	r->oid = *oid;
	r->force = force;
	r->fetch_head = status;
	r->group = 1;
	if (!(r->remote_name = strdup(remote)) || (local && !(r->local_name = strdup(local)))) {
		sgit_fetch__ref_release(r);
		return SGIT_ENOMEM;
	}
	map->n++;
	return 0;
}

int sgit_fetch__local_ref(struct sgit_buf *out, const char *dst)
{
	sgit_buf_reset(out);
	if (!dst || !*dst)
		return 0;
	if (!strncmp(dst, "refs/", 5))
		return sgit_buf_sets(out, dst) < 0 ? SGIT_ENOMEM : 1;
	if (!strncmp(dst, "heads/", 6) || !strncmp(dst, "tags/", 5) || !strncmp(dst, "remotes/", 8))
		return sgit_buf_printf(out, "refs/%s", dst) < 0 ? SGIT_ENOMEM : 1;
	return sgit_buf_printf(out, "refs/heads/%s", dst) < 0 ? SGIT_ENOMEM : 1;
}

/* git leaves alone a local symbolic ref that a pattern maps onto (refs/remotes/origin/HEAD). */
static int is_local_symref(struct sgit_repo *dst, const char *name)
{
	struct sgit_ref ref = SGIT_REF_INIT;
	int yes = sgit_refdb_read(&ref, sgit_repo_refdb(dst), name) == 0 && (ref.flags & SGIT_REF_SYMBOLIC);

	sgit_ref_release(&ref);
	return yes;
}

/* A local name git can store: under refs/ and well formed (git ignores "funny" ones). */
static int storable(const struct sgit_buf *local)
{
	return !local->len || (!strncmp(local->ptr, "refs/", 5) && sgit_refname_is_valid(local->ptr, 0, NULL));
}

/* The other side's refs with names git cannot store that rs maps: each is ignored aloud, as in git. */
static int map_funny(struct fetch_map *map, const struct fetch_plan *plan, const struct sgit_refspec *rs,
		     struct sgit_buf *local)
{
	const char *p = plan->src->funny.ptr, *nl;
	struct sgit_buf name = SGIT_BUF_INIT;
	int rc = 0;

	for (; rc == 0 && p && (nl = strchr(p, '\n')); p = nl + 1) {
		if (sgit_buf_set(&name, p, (size_t)(nl - p)) < 0) {
			rc = SGIT_ENOMEM;
			break;
		}
		if (!sgit_refspec_src_matches(rs, name.ptr))
			continue;
		if ((rc = sgit_refspec_transform(local, rs, name.ptr)) < 0)
			break;
		if (local->len && !storable(local))
			rc = sgit_fetch__funny(&map->errors, local->ptr);
	}
	sgit_buf_release(&name);
	return rc;
}

static int map_pattern(struct fetch_map *map, const struct fetch_plan *plan, const struct sgit_refspec *rs,
		       enum sgit_fetch_head_status status)
{
	struct sgit_buf local = SGIT_BUF_INIT;
	size_t i;
	int rc = 0;

	for (i = 0; i < plan->src->n && rc == 0; i++) {
		const struct fetch_rref *r = &plan->src->refs[i];

		if (!sgit_refspec_src_matches(rs, r->name))
			continue;
		if ((rc = sgit_refspec_transform(&local, rs, r->name)) < 0)
			break;
		if (local.len && is_local_symref(plan->dst, local.ptr))
			continue;
		if (!storable(&local))
			rc = sgit_fetch__funny(&map->errors, local.ptr);
		else
			rc = add_item(map, r->name, &r->oid, local.len ? local.ptr : NULL, rs->force, status);
	}
	if (rc == 0)
		rc = map_funny(map, plan, rs, &local);
	sgit_buf_release(&local);
	return rc;
}

/* One refspec matched over the other side's refs (git's get_fetch_map). */
static int map_refspec(struct fetch_map *map, const struct fetch_plan *plan, const struct sgit_refspec *rs,
		       int missing_ok, struct sgit_error *err)
{
	struct sgit_buf local = SGIT_BUF_INIT;
	struct sgit_oid oid;
	long i;
	int rc = 0;

	if (rs->negative)
		return 0;
	if (rs->pattern) {
		rc = map_pattern(map, plan, rs, SGIT_FETCH_HEAD_NOT_FOR_MERGE);
		goto out;
	}
	if ((rc = sgit_fetch__local_ref(&local, rs->dst)) < 0)
		goto out;
	if (rs->exact_oid) {
		if ((rc = sgit_oid_fromhex(&oid, rs->src)) < 0)
			goto out;
		/* any object the other side has may be asked for by its id (protocol v2) */
		if (!sgit_odb_exists(sgit_repo_odb(plan->src->repo), &oid))
			rc = sgit_error_set(err, SGIT_ENOTFOUND, "remote error: upload-pack: not our ref %s", rs->src);
		else if (storable(&local))
			rc = add_item(map, rs->src, &oid, local.len ? local.ptr : NULL, rs->force,
				      SGIT_FETCH_HEAD_NOT_FOR_MERGE);
		goto out;
	}
	if ((i = sgit_fetch__rref_dwim(plan->src, rs->src)) < 0) {
		if (!missing_ok)
			rc = sgit_error_set(err, SGIT_ENOTFOUND, "couldn't find remote ref %s", rs->src);
		goto out;
	}
	if (storable(&local))
		rc = add_item(map, plan->src->refs[i].name, &plan->src->refs[i].oid,
			      local.len ? local.ptr : NULL, rs->force, SGIT_FETCH_HEAD_NOT_FOR_MERGE);
out:
	if (rc == SGIT_ENOMEM)
		sgit_error_nomem(err);
	sgit_buf_release(&local);
	return rc;
}

/*
 * The remote's own refspecs applied to what the command line fetches:
 * their remote-tracking refs are brought up to date too, without a
 * FETCH_HEAD line (git's "opportunistic" updates).
 */
static int map_on_the_way(struct fetch_map *orefs, const struct fetch_map *map,
			  const struct fetch_plan *plan)
{
	struct sgit_buf local = SGIT_BUF_INIT;
	size_t i, k;
	int rc = 0;

	for (i = 0; plan->remote && i < plan->remote->fetch.n && rc == 0; i++) {
		const struct sgit_refspec *rs = &plan->remote->fetch.items[i];
		long best = -1;
		int best_rule = -1, rule;

		if (rs->negative || !rs->dst || !*rs->dst)
			continue;
		for (k = 0; k < map->n && rc == 0; k++) {
			const struct sgit_fetch_ref *r = &map->items[k];

			if (!rs->pattern) {
				rule = sgit_dwim_match(rs->src, strlen(rs->src), r->remote_name);
				if (rule >= 0 && (best < 0 || rule < best_rule)) {
					best = (long)k;
					best_rule = rule;
				}
				continue;
			}
			if ((rc = sgit_refspec_transform(&local, rs, r->remote_name)) <= 0)
				continue;
			if (!is_local_symref(plan->dst, local.ptr) && storable(&local))
				rc = add_item(orefs, r->remote_name, &r->oid, local.ptr, rs->force,
					      SGIT_FETCH_HEAD_IGNORE);
		}
		if (rc == 0 && best >= 0 && (rc = sgit_fetch__local_ref(&local, rs->dst)) >= 0 &&
		    storable(&local))
			rc = add_item(orefs, map->items[best].remote_name, &map->items[best].oid,
				      local.ptr, rs->force, SGIT_FETCH_HEAD_IGNORE);
	}
	sgit_buf_release(&local);
	return rc < 0 ? rc : 0;
}

/* branch.<name>.merge: the refs pull will merge, fetched even when no refspec takes them. */
static int mark_merges(struct fetch_map *map, const struct fetch_plan *plan)
{
	size_t m, k;
	long i;
	int rc = 0;

	for (m = 0; m < plan->nmerges && rc == 0; m++) {
		const char *want = plan->merges[m];

		for (k = 0; k < map->n; k++)
			if (sgit_dwim_match(want, strlen(want), map->items[k].remote_name) >= 0)
				break;
		if (k < map->n) {
			map->items[k].fetch_head = SGIT_FETCH_HEAD_MERGE;
			continue;
		}
		/* a misconfigured merge is pull's business, not an error here */
		if ((i = sgit_fetch__rref_dwim(plan->src, want)) >= 0)
			rc = add_item(map, plan->src->refs[i].name, &plan->src->refs[i].oid, NULL, 0,
				      SGIT_FETCH_HEAD_MERGE);
	}
	return rc;
}

static int map_command_line(struct fetch_map *map, const struct fetch_plan *plan, struct sgit_error *err)
{
	size_t i;
	int rc;

	for (i = 0; i < plan->cmdline->n; i++) {
		const struct sgit_refspec *rs = &plan->cmdline->items[i];

		if ((rc = map_refspec(map, plan, rs, 0, err)) < 0)
			return rc;
		if (!rs->negative && rs->dst && *rs->dst)
			map->autotags = 1;
	}
	/* everything named on the command line is a merge candidate (--tags is not) */
	for (i = 0; i < map->n; i++)
		map->items[i].fetch_head = SGIT_FETCH_HEAD_MERGE;
	return 0;
}

static int map_configured(struct fetch_map *map, const struct fetch_plan *plan, struct sgit_error *err)
{
	const struct sgit_refspec_list *fetch = plan->remote ? &plan->remote->fetch : NULL;
	size_t i, before;
	long head;
	int rc;

	if (fetch && (fetch->n || plan->nmerges)) {
		for (i = 0; i < fetch->n; i++) {
			before = map->n;
			if ((rc = map_refspec(map, plan, &fetch->items[i], 0, err)) < 0)
				return rc;
			if (!fetch->items[i].negative && fetch->items[i].dst && *fetch->items[i].dst)
				map->autotags = 1;
			/* without branch.<name>.merge, the first refspec's ref is the one to merge */
			if (i == 0 && !plan->nmerges && map->n > before && !fetch->items[0].pattern)
				map->items[0].fetch_head = SGIT_FETCH_HEAD_MERGE;
		}
		return mark_merges(map, plan) < 0 ? sgit_error_nomem(err) : 0;
	}
	if ((head = sgit_fetch__rref_dwim(plan->src, "HEAD")) < 0)
		return sgit_error_set(err, SGIT_ENOTFOUND, "couldn't find remote ref HEAD");
	if (add_item(map, plan->src->refs[head].name, &plan->src->refs[head].oid, NULL, 0,
		     SGIT_FETCH_HEAD_MERGE) < 0)
		return sgit_error_nomem(err);
	return 0;
}

static int ref_exists(struct sgit_repo *repo, const char *name)
{
	struct sgit_ref ref = SGIT_REF_INIT;
	int yes = sgit_refdb_read(&ref, sgit_repo_refdb(repo), name) == 0;

	sgit_ref_release(&ref);
	return yes;
}

static int in_map(const struct fetch_map *map, const struct sgit_oid *id)
{
	size_t i;

	for (i = 0; i < map->n; i++)
		if (sgit_oid_equal(&map->items[i].oid, id))
			return 1;
	return 0;
}

/*
 * Tags git takes along before copying anything: those it has no ref of
 * that name for, whose object or peeled object is here already or is the
 * tip of a ref being fetched.
 */
static int map_tags_now(struct fetch_map *map, size_t tips, const struct fetch_plan *plan,
			struct sgit_error *err)
{
	struct sgit_odb *odb = sgit_repo_odb(plan->dst);
	struct fetch_map head = { map->items, tips, tips, 0, SGIT_BUF_INIT, SGIT_BUF_INIT };
	const struct sgit_oid *peeled;
	size_t i;
	int rc;

	for (i = 0; i < plan->src->n; i++) {
		const struct fetch_rref *r = &plan->src->refs[i];

		if (strncmp(r->name, "refs/tags/", 10) || ref_exists(plan->dst, r->name))
			continue;
		if ((rc = sgit_fetch__rref_peeled(&peeled, plan->src, i, err)) < 0)
			return rc;
		if (!sgit_odb_exists(odb, &r->oid) && !in_map(&head, &r->oid) &&
		    !sgit_odb_exists(odb, peeled) && !in_map(&head, peeled))
			continue;
		/* the items may move: head must be re-pointed after growth */
		if ((rc = add_item(map, r->name, &r->oid, r->name, 0, SGIT_FETCH_HEAD_NOT_FOR_MERGE)) < 0)
			return sgit_error_nomem(err);
		head.items = map->items;
	}
	return 0;
}

static int map_tags(struct fetch_map *map, const struct fetch_plan *plan, struct sgit_error *err)
{
	struct sgit_refspec all = SGIT_REFSPEC_INIT;
	int rc = 0;

	if (plan->tags == SGIT_FETCH_TAGS_ALL) {
		if ((rc = sgit_refspec_parse(&all, "refs/tags/*:refs/tags/*", SGIT_REFSPEC_FETCH, err)) == 0 &&
		    (rc = map_refspec(map, plan, &all, 0, err)) == 0)
			map->autotags = 0;
		sgit_refspec_release(&all);
		return rc;
	}
	if (plan->tags == SGIT_FETCH_TAGS_DEFAULT && map->autotags)
		return map_tags_now(map, map->n, plan, err);
	return 0;
}

static int append_map(struct fetch_map *map, struct fetch_map *more)
{
	size_t i;

	for (i = 0; i < more->n; i++) {
		if (add_item(map, "", &more->items[i].oid, NULL, 0, more->items[i].fetch_head) < 0)
			return SGIT_ENOMEM;
		free(map->items[map->n - 1].remote_name);
		map->items[map->n - 1] = more->items[i];
		memset(&more->items[i], 0, sizeof(more->items[i]));
	}
	return 0;
}

/* Negative refspecs (of the command line, else of the remote) drop what they match. */
static void apply_negative(struct fetch_map *map, const struct fetch_plan *plan)
{
	const struct sgit_refspec_list *list = plan->cmdline->n || !plan->remote ? plan->cmdline
										 : &plan->remote->fetch;
	size_t i, k = 0;

	for (i = 0; i < map->n; i++) {
		if (sgit_refspec_list_excludes(list, map->items[i].remote_name))
			sgit_fetch__ref_release(&map->items[i]);
		else
			map->items[k++] = map->items[i];
	}
	map->n = k;
}

/* Two items storing into one local ref: git keeps the first, or refuses (as git's messages say). */
static int duplicate(struct fetch_map *map, const struct sgit_fetch_ref *a, const struct sgit_fetch_ref *b,
		     struct sgit_error *err)
{
	int ia = a->fetch_head == SGIT_FETCH_HEAD_IGNORE, ib = b->fetch_head == SGIT_FETCH_HEAD_IGNORE;

	if (!strcmp(a->remote_name, b->remote_name))
		return 0;
	if (!ia && !ib)
		return sgit_error_set(err, SGIT_EINVALID, "Cannot fetch both %s and %s to %s",
				      a->remote_name, b->remote_name, b->local_name);
	if (ia && ib)
		return sgit_error_set(err, SGIT_EINVALID, "%s tracks both %s and %s", b->local_name,
				      a->remote_name, b->remote_name);
	if (sgit_buf_addf(&map->warnings, "%s usually tracks %s, not %s\n", b->local_name,
			  b->remote_name, a->remote_name) < 0)
		return sgit_error_nomem(err);
	return 0;
}

struct named_at {
	const char *name;
	size_t i;
};

static int cmp_named_at(const void *a, const void *b)
{
	const struct named_at *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	return c ? c : (x->i > y->i) - (x->i < y->i);
}

/* first[i]: the first item that stores into item i's local ref (i itself when none comes before). */
static int first_stores(size_t **out, const struct fetch_map *map)
{
	struct named_at *v = malloc((map->n ? map->n : 1) * sizeof(*v));
	size_t *first = malloc((map->n ? map->n : 1) * sizeof(*first)), i, m = 0;

	*out = NULL;
	if (!v || !first) {
		free(v);
		free(first);
		return SGIT_ENOMEM;
	}
	for (i = 0; i < map->n; i++) {
		first[i] = i;
		if (map->items[i].local_name) {
			v[m].name = map->items[i].local_name;
			v[m++].i = i;
		}
	}
	/* sorted by name, then position: each run starts with the item kept */
	qsort(v, m, sizeof(*v), cmp_named_at);
	for (i = 1; i < m; i++)
		if (!strcmp(v[i].name, v[i - 1].name))
			first[v[i].i] = first[v[i - 1].i];
	free(v);
	*out = first;
	return 0;
}

static int remove_duplicates(struct fetch_map *map, struct sgit_error *err)
{
	size_t *first = NULL, *kept_at = malloc((map->n ? map->n : 1) * sizeof(*kept_at)), i, k = 0;
	int rc = 0;

	if (!kept_at || first_stores(&first, map) < 0) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	for (i = 0; i < map->n; i++) {
		struct sgit_fetch_ref *r = &map->items[i];

		if (first[i] == i) {
			kept_at[i] = k;
			map->items[k++] = *r;
			continue;
		}
		if ((rc = duplicate(map, &map->items[kept_at[first[i]]], r, err)) < 0) {
			/* the items after k are not kept: release them with the map */
			for (; i < map->n; i++)
				map->items[k++] = map->items[i];
			break;
		}
		sgit_fetch__ref_release(r);
	}
	map->n = k;
out:
	free(first);
	free(kept_at);
	return rc;
}

int sgit_fetch__build_map(struct fetch_map *map, const struct fetch_plan *plan, struct sgit_error *err)
{
	struct fetch_map orefs = FETCH_MAP_INIT;
	size_t i;
	int rc;

	if (plan->cmdline->n) {
		if ((rc = map_command_line(map, plan, err)) < 0 ||
		    (rc = map_on_the_way(&orefs, map, plan)) < 0)
			goto out;
	} else if ((rc = map_configured(map, plan, err)) < 0) {
		goto out;
	}
	if ((rc = map_tags(map, plan, err)) < 0)
		goto out;
	if ((rc = append_map(map, &orefs)) < 0) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	apply_negative(map, plan);
	if ((rc = remove_duplicates(map, err)) < 0)
		goto out;
	for (i = 0; i < map->n; i++)
		if (!map->items[i].local_name ||
		    sgit_refdb_resolve(&map->items[i].old_oid, NULL, sgit_repo_refdb(plan->dst),
				       map->items[i].local_name) < 0)
			sgit_oid_clear(&map->items[i].old_oid);
out:
	if (rc == SGIT_ENOMEM)
		sgit_error_nomem(err);
	sgit_fetch__map_release(&orefs);
	return rc;
}

int sgit_fetch__later_tags(struct fetch_map *later, const struct fetch_map *map,
			   struct fetch_source *src, struct sgit_repo *dst,
			   const struct fetch_oids *copied, struct sgit_error *err)
{
	struct fetch_names stored = FETCH_NAMES_INIT;
	const struct sgit_oid *peeled;
	size_t i;
	int rc;

	if ((rc = sgit_fetch__names_init(&stored, map, 1)) < 0)
		goto out;
	for (i = 0; i < src->n; i++) {
		const struct fetch_rref *r = &src->refs[i];

		if (strncmp(r->name, "refs/tags/", 10) || sgit_fetch__names_has(&stored, r->name) ||
		    ref_exists(dst, r->name))
			continue;
		if ((rc = sgit_fetch__rref_peeled(&peeled, src, i, err)) < 0)
			goto out;
		if (!sgit_fetch__oids_has(copied, peeled) && !sgit_fetch__oids_has(copied, &r->oid))
			continue;
		if ((rc = add_item(later, r->name, &r->oid, r->name, 0, SGIT_FETCH_HEAD_NOT_FOR_MERGE)) < 0)
			goto out;
		later->items[later->n - 1].group = 2;
	}
out:
	if (rc == SGIT_ENOMEM)
		sgit_error_nomem(err);
	sgit_fetch__names_release(&stored);
	return rc;
}
