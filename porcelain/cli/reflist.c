/* porcelain/cli/reflist.c: the refs tag and branch list: collected, filtered by glob, sorted */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "porcelain/cli/ref_cmd.h"
#include "porcelain/cli/reflist.h"
#include "porcelain/branches/refinfo.h"
#include "util/wildmatch.h"

void reflist_clear(struct reflist *l)
{
	size_t i;

	for (i = 0; i < l->nr; i++) {
		free(l->items[i].name);
		free(l->items[i].symref);
	}
	free(l->items);
	l->items = NULL;
	l->nr = l->alloc = 0;
}

struct collect {
	struct reflist *l;
	size_t prefix_len;
	int kind;
	const char *const *globs;
	size_t nglobs;
	unsigned wm_flags;
};

static int matches(const struct collect *c, const char *shown)
{
	size_t i;

	for (i = 0; i < c->nglobs; i++)
		if (sgit_wildmatch(c->globs[i], shown, c->wm_flags))
			return 1;
	return !c->nglobs;
}

static int add_ref(const struct sgit_ref *ref, void *payload)
{
	struct collect *c = payload;
	struct reflist *l = c->l;
	struct reflist_item *it;

	if (ref->name.len < c->prefix_len || !matches(c, ref->name.ptr + c->prefix_len))
		return 0;
	if (ref->flags & SGIT_REF_BROKEN) {
		cli_warning("ignoring broken ref %s", ref->name.ptr);
		return 0;
	}
	if (l->nr == l->alloc) {
		size_t alloc = l->alloc ? l->alloc * 2 : 64;
		struct reflist_item *p = realloc(l->items, alloc * sizeof(*p));

		if (!p)
			return SGIT_ENOMEM;
		l->items = p;
		l->alloc = alloc;
	}
	it = &l->items[l->nr];
	memset(it, 0, sizeof(*it));
	it->name = strdup(ref->name.ptr);
	if ((ref->flags & SGIT_REF_SYMBOLIC) && !(it->symref = strdup(ref->target.ptr))) {
		free(it->name);
		return SGIT_ENOMEM;
	}
	if (!it->name) {
		free(it->symref);
		return SGIT_ENOMEM;
	}
	it->shown = it->name + c->prefix_len;
	it->oid = ref->oid;
	it->kind = c->kind;
	it->seq = l->nr;
	l->nr++;
	return 0;
}

int reflist_collect(struct reflist *l, struct cli_ctx *ctx, const char *prefix, int kind,
		    const char *const *globs, size_t nglobs, int ignore_case)
{
	struct collect c = { l, strlen(prefix), kind, globs, nglobs, ignore_case ? SGIT_WM_CASEFOLD : 0 };
	int rc = sgit_refdb_foreach(sgit_repo_refdb(ctx->repo), prefix, add_ref, &c);

	if (rc == SGIT_ENOMEM)
		return cli_fatal("out of memory");
	if (rc < 0)
		return cli_fatal_err(cli_err(ctx));
	return 0;
}

/* Peel id through tags to a commit; 0 when it ends at something else. */
static int peel_commit(struct sgit_oid *out, const struct sgit_revparse_env *env,
		       const struct sgit_oid *id, enum sgit_object_type *type)
{
	size_t size;

	*type = SGIT_OBJ_NONE;
	if (sgit_revparse_peel(out, env, id, SGIT_OBJ_NONE) < 0)
		*out = *id;
	return sgit_odb_read_header(&size, type, env->odb, out) == 0 && *type == SGIT_OBJ_COMMIT;
}

int reflist_filter_contains(struct reflist *l, struct cli_ctx *ctx, const char *spec)
{
	struct sgit_revparse_env env;
	struct sgit_oid want, id, tip;
	enum sgit_object_type type;
	char hex[SGIT_OID_HEXSZ + 1];
	size_t i, kept = 0;
	int in;

	cli_refcmd_revparse_env(&env, ctx);
	if (sgit_revparse_single(&id, NULL, &env, spec) < 0) {
		cli_error("malformed object name %s", spec);
		return 129;
	}
	if (!peel_commit(&want, &env, &id, &type)) {
		if (sgit_object_type_name(type))
			cli_error("object %s is a %s, not a commit", sgit_oid_tohex(hex, &want),
				  sgit_object_type_name(type));
		cli_error("no such commit %s", spec);
		return 129;
	}
	for (i = 0; i < l->nr; i++) {
		in = 0;
		if (peel_commit(&tip, &env, &l->items[i].oid, &type) &&
		    sgit_refinfo_is_ancestor(&in, ctx->repo, &want, &tip) < 0)
			return cli_fatal_err(cli_err(ctx));
		if (in) {
			l->items[kept++] = l->items[i];
			continue;
		}
		free(l->items[i].name);
		free(l->items[i].symref);
	}
	l->nr = kept;
	return 0;
}

/* One --sort key, parsed. */
struct sort_key {
	int version;
	int reverse;
};

struct sort_ctx {
	const struct sort_key *keys;
	size_t nkeys;
	int ignore_case;
};

static int cmp_name(const char *a, const char *b, int ignore_case)
{
	return ignore_case ? strcasecmp(a, b) : strcmp(a, b);
}

static int cmp_items(const void *pa, const void *pb, void *payload)
{
	const struct reflist_item *a = pa, *b = pb;
	const struct sort_ctx *s = payload;
	size_t i;
	int cmp;

	for (i = s->nkeys; i-- > 0;) {
		cmp = s->keys[i].version ? strverscmp(a->name, b->name)
					 : cmp_name(a->name, b->name, s->ignore_case);
		if (cmp)
			return s->keys[i].reverse ? -cmp : cmp;
	}
	if ((cmp = cmp_name(a->name, b->name, s->ignore_case)) != 0)
		return cmp;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

int reflist_sort(struct reflist *l, const char *const *keys, size_t nkeys, int ignore_case)
{
	struct sort_key *parsed = calloc(nkeys + 1, sizeof(*parsed));
	struct sort_ctx s = { parsed, nkeys, ignore_case };
	size_t i;
	int rc = 0;

	if (!parsed)
		return cli_fatal("out of memory");
	for (i = 0; i < nkeys; i++) {
		const char *k = keys[i];

		parsed[i].reverse = *k == '-';
		k += parsed[i].reverse;
		if (!strncmp(k, "version:", 8) || !strncmp(k, "v:", 2)) {
			parsed[i].version = 1;
			k = strchr(k, ':') + 1;
		}
		if (strcmp(k, "refname")) {
			rc = cli_fatal("unknown field name: %s", k);
			goto out;
		}
	}
	/* qsort_r is not stable: equal items keep their order through seq */
	if (l->nr > 1)
		qsort_r(l->items, l->nr, sizeof(*l->items), cmp_items, &s);
out:
	free(parsed);
	return rc;
}
