/* porcelain/history/decorate.c: which ref names decorate which objects, and how git log prints them */
#include <stdlib.h>
#include <string.h>
#include "sgit/decorate.h"
#include "sgit/object.h"
#include "sgit/odb.h"
#include "sgit/refs.h"
#include "sgit/repo.h"
#include "util/color.h"
#include "util/wildmatch.h"

/* One decoration; the ones of an object are chained, the newest first (git prepends). */
struct deco {
	struct sgit_decoration pub;	/* pub.name is malloc'ed */
	size_t next;			/* index + 1 of the next one, 0 at the end */
};

struct slot {
	struct sgit_oid oid;
	size_t head;			/* index + 1 of the first decoration, 0: empty slot */
};

struct sgit_decorations {
	struct slot *slots;
	size_t nslots, nused;
	struct deco *decos;
	size_t ndecos, decos_alloc;
	char *head_branch;		/* the branch HEAD is a symbolic ref to, or NULL */
};

/* git's ref namespaces that decorate by default, and the kind each gives (refs.c ref_namespace). */
static const struct {
	const char *ref;
	int exact;
	enum sgit_decoration_type type;
} namespaces[] = {
	{ "HEAD", 1, SGIT_DECORATION_HEAD },
	{ "refs/heads/", 0, SGIT_DECORATION_BRANCH },
	{ "refs/tags/", 0, SGIT_DECORATION_TAG },
	{ "refs/remotes/", 0, SGIT_DECORATION_REMOTE },
	{ "refs/stash", 1, SGIT_DECORATION_STASH },
	{ "refs/replace/", 0, SGIT_DECORATION_GRAFTED },
};
#define NNAMESPACES (sizeof(namespaces) / sizeof(namespaces[0]))

/* The namespace of namespaces[] that name is in, or -1. */
static int find_namespace(const char *name)
{
	size_t i;

	for (i = 0; i < NNAMESPACES; i++) {
		size_t n = strlen(namespaces[i].ref);

		if (namespaces[i].exact ? !strcmp(name, namespaces[i].ref) : !strncmp(name, namespaces[i].ref, n))
			return (int)i;
	}
	return -1;
}

static size_t hash_oid(const struct sgit_oid *id, size_t n)
{
	size_t h;

	memcpy(&h, id->id, sizeof(h));
	return h & (n - 1);
}

static struct slot *find_slot(const struct sgit_decorations *d, const struct sgit_oid *id)
{
	size_t i;

	if (!d || !d->nslots)
		return NULL;
	for (i = hash_oid(id, d->nslots);; i = (i + 1) & (d->nslots - 1)) {
		struct slot *s = &d->slots[i];

		if (!s->head || sgit_oid_equal(&s->oid, id))
			return s;
	}
}

static int grow_slots(struct sgit_decorations *d)
{
	struct slot *old = d->slots;
	size_t n = d->nslots, i;

	d->nslots = n ? n * 2 : 64;
	if (!(d->slots = calloc(d->nslots, sizeof(*d->slots)))) {
		d->slots = old;
		d->nslots = n;
		return SGIT_ENOMEM;
	}
	for (i = 0; i < n; i++)
		if (old[i].head)
			*find_slot(d, &old[i].oid) = old[i];
	free(old);
	return 0;
}

static int add_decoration(struct sgit_decorations *d, enum sgit_decoration_type type, const char *name,
			  const struct sgit_oid *id)
{
	struct slot *s;

	if ((d->nused + 1) * 2 > d->nslots && grow_slots(d) < 0)
		return SGIT_ENOMEM;
	if (d->ndecos == d->decos_alloc) {
		size_t n = d->decos_alloc ? d->decos_alloc * 2 : 64;
		struct deco *p = realloc(d->decos, n * sizeof(*p));

		if (!p)
			return SGIT_ENOMEM;
		d->decos = p;
		d->decos_alloc = n;
	}
	d->decos[d->ndecos].pub.type = type;
	if (!(d->decos[d->ndecos].pub.name = strdup(name)))
		return SGIT_ENOMEM;
	s = find_slot(d, id);
	if (!s->head) {
		s->oid = *id;
		d->nused++;
	}
	d->decos[d->ndecos].next = s->head;
	s->head = ++d->ndecos;
	return 0;
}

static int has_glob(const char *s)
{
	return strpbrk(s, "?*[\\") != NULL;
}

/* A --decorate-refs pattern: "refs/" put in front, a trailing '/' dropped, globbed or a prefix. */
static int pattern_matches(const char *pattern, const char *name)
{
	struct sgit_buf norm = SGIT_BUF_INIT;
	int match = 0;
	size_t n;

	if ((strncmp(pattern, "refs/", 5) && strcmp(pattern, "HEAD") && sgit_buf_adds(&norm, "refs/") < 0) ||
	    sgit_buf_adds(&norm, pattern) < 0)
		goto out;
	if (norm.len && norm.ptr[norm.len - 1] == '/')
		sgit_buf_truncate(&norm, norm.len - 1);
	n = norm.len;
	if (has_glob(pattern))
		match = sgit_wildmatch(norm.ptr, name, 0);
	else
		match = !strncmp(name, norm.ptr, n) && (name[n] == '\0' || name[n] == '/');
out:
	sgit_buf_release(&norm);
	return match;
}

static int any_matches(const char *const *patterns, size_t n, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (pattern_matches(patterns[i], name))
			return 1;
	return 0;
}

/* git's ref_filter_match, with its default set when nothing was asked for. */
static int filter_accepts(const struct sgit_decorate_filter *f, const char *name)
{
	if (!f || (!f->ninclude && !f->nexclude && !f->nconfig_exclude && !f->all))
		return find_namespace(name) >= 0;
	if (any_matches(f->exclude, f->nexclude, name))
		return 0;
	if (f->ninclude)
		return any_matches(f->include, f->ninclude, name);
	return !any_matches(f->config_exclude, f->nconfig_exclude, name);
}

struct load_state {
	struct sgit_decorations *d;
	struct sgit_repo *repo;
	const struct sgit_decorate_filter *filter;
	const char *replace_base;	/* refs/replace/ or GIT_REPLACE_REF_BASE */
	int read_replace;		/* 0 with GIT_NO_REPLACE_OBJECTS */
};

/* refs/replace/<id>: "replaced" on the object that is replaced, when it exists. */
static int add_replaced(struct load_state *st, const char *name)
{
	struct sgit_oid orig;
	const char *hex = name + strlen(st->replace_base);

	if (strlen(hex) != SGIT_OID_HEXSZ || sgit_oid_fromhex(&orig, hex) < 0 ||
	    !sgit_odb_exists(sgit_repo_odb(st->repo), &orig))
		return 0;
	return add_decoration(st->d, SGIT_DECORATION_GRAFTED, "replaced", &orig);
}

static int add_ref(struct load_state *st, const char *name, const struct sgit_oid *id)
{
	struct sgit_odb *odb = sgit_repo_odb(st->repo);
	enum sgit_object_type otype;
	struct sgit_buf data = SGIT_BUF_INIT;
	struct sgit_oid cur = *id;
	size_t size;
	int rc, ns;

	if (!filter_accepts(st->filter, name))
		return 0;
	if (!strncmp(name, st->replace_base, strlen(st->replace_base)))
		return st->read_replace ? add_replaced(st, name) : 0;
	if (sgit_odb_read_header(&size, &otype, odb, id) < 0)
		return 0;	/* a ref to a missing object decorates nothing */
	ns = find_namespace(name);
	rc = add_decoration(st->d, ns < 0 ? SGIT_DECORATION_NONE : namespaces[ns].type, name, id);
	/* an annotated tag also decorates, as a tag, every object it leads to */
	while (rc == 0 && otype == SGIT_OBJ_TAG) {
		struct sgit_oid next;

		if (sgit_odb_read(&data, &otype, odb, &cur) < 0 ||
		    sgit_object_peel_step(&next, SGIT_OBJ_TAG, SGIT_OBJ_COMMIT, data.ptr, data.len) < 0)
			break;
		if ((rc = add_decoration(st->d, SGIT_DECORATION_TAG, name, &next)) < 0 ||
		    sgit_odb_read_header(&size, &otype, odb, &next) < 0)
			break;
		cur = next;
	}
	sgit_buf_release(&data);
	return rc;
}

static int ref_cb(const struct sgit_ref *ref, void *payload)
{
	if ((ref->flags & SGIT_REF_BROKEN) || sgit_oid_is_zero(&ref->oid))
		return 0;
	return add_ref(payload, ref->name.ptr, &ref->oid);
}

static int load_head(struct load_state *st)
{
	struct sgit_buf resolved = SGIT_BUF_INIT;
	struct sgit_oid id;
	int rc = 0;

	if (sgit_refdb_resolve(&id, &resolved, sgit_repo_refdb(st->repo), "HEAD") < 0)
		goto out;
	/* resolving ended under refs/ only when HEAD is a symbolic ref */
	if (!strncmp(resolved.ptr, "refs/", 5) && !(st->d->head_branch = strdup(resolved.ptr))) {
		rc = SGIT_ENOMEM;
		goto out;
	}
	rc = add_ref(st, "HEAD", &id);
out:
	sgit_buf_release(&resolved);
	return rc;
}

int sgit_decorations_load(struct sgit_decorations **out, struct sgit_repo *repo,
			  const struct sgit_decorate_filter *filter, struct sgit_error *err)
{
	struct sgit_decorations *d = calloc(1, sizeof(*d));
	struct load_state st = { d, repo, filter, "refs/replace/", 1 };
	const char *base = sgit_repo_getenv(repo, "GIT_REPLACE_REF_BASE");
	int rc;

	*out = NULL;
	if (!d)
		return sgit_error_nomem(err);
	if (base && *base)
		st.replace_base = base;
	if (sgit_repo_getenv(repo, "GIT_NO_REPLACE_OBJECTS"))
		st.read_replace = 0;
	rc = sgit_refdb_foreach(sgit_repo_refdb(repo), "", ref_cb, &st);
	if (rc == 0)
		rc = load_head(&st);
	if (rc < 0) {
		sgit_decorations_free(d);
		return rc == SGIT_ENOMEM ? sgit_error_nomem(err) : rc;
	}
	*out = d;
	return 0;
}

void sgit_decorations_free(struct sgit_decorations *d)
{
	size_t i;

	if (!d)
		return;
	for (i = 0; i < d->ndecos; i++)
		free((char *)d->decos[i].pub.name);
	free(d->slots);
	free(d->decos);
	free(d->head_branch);
	free(d);
}

int sgit_decorations_has(const struct sgit_decorations *d, const struct sgit_oid *id)
{
	const struct slot *s = find_slot(d, id);

	return s && s->head;
}

const struct sgit_decoration *sgit_decorations_get(const struct sgit_decorations *d,
						   const struct sgit_oid *id, size_t i)
{
	const struct slot *s = find_slot(d, id);
	size_t at = s ? s->head : 0;

	while (at && i--)
		at = d->decos[at - 1].next;
	return at ? &d->decos[at - 1].pub : NULL;
}

const char *sgit_decoration_short_name(const char *full_name)
{
	static const char *const prefixes[] = { "refs/heads/", "refs/tags/", "refs/remotes/" };
	size_t i;

	for (i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++) {
		size_t n = strlen(prefixes[i]);

		if (!strncmp(full_name, prefixes[i], n))
			return full_name + n;
	}
	return full_name;
}

static const char *deco_color(const struct sgit_decorate_style *style, enum sgit_decoration_type type)
{
	static const char *const defaults[SGIT_DECORATION_TYPE_COUNT] = {
		SGIT_COLOR_RESET, "\033[1;32m", "\033[1;31m", "\033[1;33m", "\033[1;35m", "\033[1;36m", "\033[1;34m",
	};

	if (!style->color)
		return "";
	return style->colors[type] ? style->colors[type] : defaults[type];
}

static int add_name(struct sgit_buf *out, const struct sgit_decorate_style *style,
		    const struct sgit_decoration *dc)
{
	return sgit_buf_adds(out, style->full_names ? dc->name : sgit_decoration_short_name(dc->name));
}

/* The branch HEAD points at, when it decorates this object too ("HEAD -> main"). */
static const struct sgit_decoration *current_branch(const struct sgit_decorations *d,
						    const struct sgit_oid *id)
{
	const struct sgit_decoration *dc;
	size_t i;
	int head = 0;

	for (i = 0; (dc = sgit_decorations_get(d, id, i)) != NULL; i++)
		head |= dc->type == SGIT_DECORATION_HEAD;
	if (!head || !d->head_branch)
		return NULL;
	for (i = 0; (dc = sgit_decorations_get(d, id, i)) != NULL; i++)
		if (dc->type == SGIT_DECORATION_BRANCH && !strcmp(dc->name, d->head_branch))
			return dc;
	return NULL;
}

int sgit_decorations_format(struct sgit_buf *out, const struct sgit_decorations *d,
			    const struct sgit_oid *id, const struct sgit_decorate_style *style,
			    const char *prefix, const char *separator, const char *suffix)
{
	const char *commit = style->color ? (style->commit_color ? style->commit_color : "\033[33m") : "";
	const char *reset = deco_color(style, SGIT_DECORATION_NONE);
	const struct sgit_decoration *dc, *current;
	size_t i;
	int rc = 0;

	if (!d || !sgit_decorations_get(d, id, 0))
		return 0;
	current = current_branch(d, id);
	for (i = 0; (dc = sgit_decorations_get(d, id, i)) != NULL && rc == 0; i++) {
		if (dc == current)
			continue;
		if ((rc = sgit_buf_addf(out, "%s%s%s%s%s", commit, prefix, reset, deco_color(style, dc->type),
					dc->type == SGIT_DECORATION_TAG ? "tag: " : "")) < 0 ||
		    (rc = add_name(out, style, dc)) < 0)
			break;
		if (current && dc->type == SGIT_DECORATION_HEAD &&
		    ((rc = sgit_buf_addf(out, " -> %s%s", reset, deco_color(style, current->type))) < 0 ||
		     (rc = add_name(out, style, current)) < 0))
			break;
		rc = sgit_buf_adds(out, reset);
		prefix = separator;
	}
	return rc ? rc : sgit_buf_addf(out, "%s%s%s", commit, suffix, reset);
}
