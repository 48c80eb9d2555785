/* porcelain/branches/ref_format_value.c: the value of one atom for one ref, objects read once per ref */
#include <stdlib.h>
#include <string.h>
#include "porcelain/branches/ref_format_int.h"
#include "porcelain/branches/refinfo.h"
#include "sgit/branch.h"
#include "sgit/config.h"
#include "sgit/odb.h"
#include "sgit/refs.h"

void ref_eval_init(struct ref_eval *ev, struct sgit_ref_format *fmt, const struct sgit_ref_list *list,
		   const struct ref_item *item)
{
	size_t i;

	memset(ev, 0, sizeof(*ev));
	ev->fmt = fmt;
	ev->list = list;
	ev->item = item;
	for (i = 0; i < 2; i++)
		sgit_buf_init(&ev->obj[i].data);
	/* collecting the ref read its type and size already */
	ev->obj[0].state = item->type_known;
	ev->obj[0].oid = item->oid;
	ev->obj[0].type = item->type;
	ev->obj[0].size = item->size;
}

void ref_eval_release(struct ref_eval *ev)
{
	size_t i;

	for (i = 0; i < 2; i++)
		sgit_buf_release(&ev->obj[i].data);
	if (ev->values)
		for (i = 0; i < ev->fmt->natoms; i++)
			sgit_buf_release(&ev->values[i].s);
	free(ev->values);
	ev->values = NULL;
}

static struct sgit_error *eval_err(const struct ref_eval *ev)
{
	return sgit_repo_error(ev->fmt->repo);
}

/* "<prefix><40 hex>\n" at p (len bytes there): the id, 0; -1 otherwise. */
static int hex_line(struct sgit_oid *out, const char *p, size_t len, const char *prefix)
{
	size_t n = strlen(prefix);

	if (len < n + SGIT_OID_HEXSZ + 1 || memcmp(p, prefix, n) || p[n + SGIT_OID_HEXSZ] != '\n')
		return -1;
	return sgit_oid_fromhexn(out, p + n, SGIT_OID_HEXSZ) < 0 ? -1 : 0;
}

/*
 * What git's object parser checks before a listing may read an object: a
 * commit starts with its tree line and parent lines; a tag has "object",
 * "type" and "tag" lines. Anything else in them is read leniently, as git does.
 */
static int check_commit(const struct sgit_buf *d)
{
	const char *p = d->ptr, *end = d->ptr + d->len;
	struct sgit_oid id;

	if (d->len <= 46 || hex_line(&id, p, d->len, "tree ") < 0)
		return -1;
	for (p += 46; end - p > 47 && !memcmp(p, "parent ", 7); p += 48)
		if ((size_t)(end - p) <= 48 || hex_line(&id, p, (size_t)(end - p), "parent ") < 0)
			return -1;
	return 0;
}

static int check_tag(struct ref_object *o)
{
	const char *p = o->data.ptr, *end = o->data.ptr + o->data.len, *nl;

	if (o->data.len < SGIT_OID_HEXSZ + 24 || hex_line(&o->tagged, p, o->data.len, "object ") < 0)
		return -1;
	p += SGIT_OID_HEXSZ + 8;
	if ((size_t)(end - p) < 5 || memcmp(p, "type ", 5) || !(nl = memchr(p + 5, '\n', (size_t)(end - p - 5))))
		return -1;
	o->tagged_type = sgit_object_type_from_name(p + 5, (size_t)(nl - p - 5));
	if (o->tagged_type == SGIT_OBJ_BAD)
		return -1;
	p = nl + 1;
	if (end - p <= 4 || memcmp(p, "tag ", 4) || !(nl = memchr(p + 4, '\n', (size_t)(end - p - 4))))
		return -1;
	o->tag_name = (size_t)(p + 4 - o->data.ptr);
	o->tag_name_len = (size_t)(nl - p - 4);
	return 0;
}

/* Read o's type and size, or all of it; "missing object <id> for <ref>" as git. */
static int load(struct ref_eval *ev, struct ref_object *o, int content)
{
	struct sgit_odb *odb = sgit_repo_odb(ev->fmt->repo);
	char hex[SGIT_OID_HEXSZ + 1];
	int rc, bad;

	if (o->state >= (content ? 2 : 1))
		return 0;
	if (content)
		rc = sgit_odb_read(&o->data, &o->type, odb, &o->oid);
	else
		rc = sgit_odb_read_header(&o->size, &o->type, odb, &o->oid);
	if (rc == SGIT_ENOTFOUND)
		return sgit_error_set(eval_err(ev), rc, "missing object %s for %s",
				      sgit_oid_tohex(hex, &o->oid), ev->item->name);
	if (rc < 0)
		return rc;
	if (content) {
		o->size = o->data.len;
		bad = o->type == SGIT_OBJ_COMMIT ? check_commit(&o->data) :
		      o->type == SGIT_OBJ_TAG ? check_tag(o) : 0;
		if (bad)
			return sgit_error_set(eval_err(ev), SGIT_ECORRUPT,
					      "parse_object_buffer failed on %s for %s",
					      sgit_oid_tohex(hex, &o->oid), ev->item->name);
	}
	o->state = content ? 2 : 1;
	return 0;
}

/*
 * The object a "*" atom looks at: the one an annotated tag names (one step,
 * as git: a tag of a tag gives the inner tag). *out is NULL for other refs.
 */
static int atom_object(struct ref_object **out, struct ref_eval *ev, const struct ref_atom *a)
{
	int rc;

	*out = &ev->obj[0];
	if (!a->deref)
		return 0;
	if (!ev->deref_state) {
		ev->deref_state = -1;
		if (ev->obj[0].type == SGIT_OBJ_TAG) {
			if ((rc = load(ev, &ev->obj[0], 1)) < 0)
				return rc;
			ev->obj[1].oid = ev->obj[0].tagged;
			ev->deref_state = 1;
		}
	}
	*out = ev->deref_state > 0 ? &ev->obj[1] : NULL;
	return 0;
}

/* ---- names ---- */

static size_t count_slashes(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += *s == '/';
	return n;
}

/* How many components to take away: n, or all but -n when negative. */
static long strip_count(const char *name, int n)
{
	return n >= 0 ? n : (long)count_slashes(name) + 1 + n;
}

static int lstrip(struct sgit_buf *out, const char *name, int n)
{
	long left = strip_count(name, n);
	const char *p = name;

	while (left > 0) {
		if (!*p)
			return sgit_buf_sets(out, "");
		if (*p++ == '/')
			left--;
	}
	return sgit_buf_sets(out, p);
}

static int rstrip(struct sgit_buf *out, const char *name, int n)
{
	long left = strip_count(name, n);
	int rc = sgit_buf_sets(out, name);

	while (rc == 0 && left-- > 0) {
		char *slash = strrchr(out->ptr, '/');

		if (!slash)
			return sgit_buf_sets(out, "");
		sgit_buf_truncate(out, (size_t)(slash - out->ptr));
	}
	return rc;
}

static int show_name(struct sgit_buf *out, struct ref_eval *ev, const struct ref_atom *a, const char *name)
{
	struct sgit_refdb *db = sgit_repo_refdb(ev->fmt->repo);

	switch (a->opt) {
	case OPT_SHORT:
		return sgit_ref_shorten_known(out, db, name, ev->fmt->warn_ambiguous, ref_list_has_name,
					      (void *)ev->list);
	case OPT_LSTRIP:
		return lstrip(out, name, a->num);
	case OPT_RSTRIP:
		return rstrip(out, name, a->num);
	default:
		return sgit_buf_sets(out, name);
	}
}

/* refname and symref: "*" gives the name with "^{}" after it, whatever the ref is. */
static int name_value(struct sgit_buf *out, struct ref_eval *ev, const struct ref_atom *a, const char *name)
{
	int rc = name ? show_name(out, ev, a, name) : sgit_buf_sets(out, "");

	if (rc == 0 && a->deref)
		rc = sgit_buf_adds(out, "^{}");
	return rc;
}

/* Where (id, want) sits in the cache, or the empty slot for it. */
static struct abbrev_slot *abbrev_slot(struct abbrev_cache *c, const struct sgit_oid *id, size_t want)
{
	size_t h, mask = c->alloc - 1;

	memcpy(&h, id->id, sizeof(h));
	for (h = (h ^ want) & mask;; h = (h + 1) & mask)
		if (!c->slots[h].len || (c->slots[h].want == want && sgit_oid_equal(&c->slots[h].oid, id)))
			return &c->slots[h];
}

static int abbrev_grow(struct abbrev_cache *c)
{
	struct abbrev_cache bigger = { NULL, c->nr, c->alloc ? c->alloc * 2 : 256 };
	size_t i;

	if (!(bigger.slots = calloc(bigger.alloc, sizeof(*bigger.slots))))
		return SGIT_ENOMEM;
	for (i = 0; i < c->alloc; i++)
		if (c->slots[i].len)
			*abbrev_slot(&bigger, &c->slots[i].oid, c->slots[i].want) = c->slots[i];
	free(c->slots);
	*c = bigger;
	return 0;
}

/*
 * The shortest unique abbreviation of id with at least want digits. Many refs
 * name the same objects, so the answers are kept for the format's lifetime.
 */
static int abbreviate(char hex[SGIT_OID_HEXSZ + 1], struct sgit_ref_format *fmt,
		      const struct sgit_oid *id, size_t want)
{
	struct abbrev_cache *c = &fmt->abbrevs;
	struct abbrev_slot *slot;
	int rc;

	if ((c->nr + 1) * 2 > c->alloc && (rc = abbrev_grow(c)) < 0)
		return rc;
	slot = abbrev_slot(c, id, want);
	if (!slot->len) {
		if (sgit_odb_shortest_unique(hex, sgit_repo_odb(fmt->repo), id, want) < 0)
			sgit_oid_tohex(hex, id);
		slot->oid = *id;
		slot->want = (unsigned char)want;
		slot->len = (unsigned char)strlen(hex);
		c->nr++;
		return 0;
	}
	sgit_oid_tohex(hex, id);
	hex[slot->len] = '\0';
	return 0;
}

static int oid_value(struct sgit_buf *out, struct ref_eval *ev, const struct ref_atom *a,
		     const struct sgit_oid *id)
{
	char hex[SGIT_OID_HEXSZ + 1];
	size_t len;
	int rc;

	if (a->opt == OPT_NONE)
		return sgit_buf_sets(out, sgit_oid_tohex(hex, id));
	if (a->opt == OPT_ABBREV_LEN) {
		len = (size_t)a->num;
	} else {
		if (!ev->fmt->abbrev)
			ev->fmt->abbrev = sgit_repo_abbrev_len(ev->fmt->repo);
		len = ev->fmt->abbrev;
	}
	if ((rc = abbreviate(hex, ev->fmt, id, len > SGIT_OID_HEXSZ ? SGIT_OID_HEXSZ : len)) < 0)
		return rc;
	return sgit_buf_sets(out, hex);
}

/* ---- the ref's surroundings: HEAD, upstream, flags ---- */

static int head_value(struct sgit_buf *out, struct ref_eval *ev)
{
	struct sgit_ref_format *fmt = ev->fmt;
	struct sgit_oid id;

	if (!fmt->head_known) {
		fmt->head_known = 1;
		if (sgit_refdb_resolve(&id, &fmt->head, sgit_repo_refdb(fmt->repo), "HEAD") < 0)
			sgit_buf_reset(&fmt->head);
	}
	return sgit_buf_sets(out, fmt->head.len && !strcmp(fmt->head.ptr, ev->item->name) ? "*" : " ");
}

/*
 * The main work tree, where HEAD's branch is checked out. As git names it:
 * the repository folder without its "/.git" (a bare repository's own path),
 * whatever --work-tree says.
 */
static int worktree_value(struct sgit_buf *out, struct ref_eval *ev)
{
	struct sgit_repo *repo = ev->fmt->repo;
	struct sgit_buf cur = SGIT_BUF_INIT;
	int rc;

	sgit_buf_reset(out);
	if (!(ev->item->kind & SGIT_REF_KIND_BRANCH))
		return 0;
	if ((rc = sgit_branch_current(&cur, repo)) == 0 && cur.len && !strcmp(cur.ptr, ev->item->name) &&
	    (rc = sgit_buf_sets(out, sgit_repo_common_dir(repo))) == 0 &&
	    out->len > 5 && !strcmp(out->ptr + out->len - 5, "/.git"))
		sgit_buf_truncate(out, out->len - 5);
	sgit_buf_release(&cur);
	return rc;
}

static int flag_value(struct sgit_buf *out, const struct ref_item *item)
{
	int sym = !!(item->flags & SGIT_REF_SYMBOLIC), packed = !!(item->flags & SGIT_REF_PACKED);

	return sgit_buf_printf(out, "%s%s%s", sym ? "symref" : "", sym && packed ? "," : "",
			       packed ? "packed" : "");
}

/* %(upstream:track) and :trackshort; gone when the upstream ref is not there. */
static int track_value(struct sgit_buf *out, struct ref_eval *ev, const struct ref_atom *a,
		       const char *upstream)
{
	struct sgit_repo *repo = ev->fmt->repo;
	const char *open = a->nobracket ? "" : "[", *close = a->nobracket ? "" : "]";
	size_t ahead = 0, behind = 0;
	struct sgit_oid up;
	int rc;

	sgit_buf_reset(out);
	if (sgit_refdb_resolve(&up, NULL, sgit_repo_refdb(repo), upstream) < 0)
		return a->opt == OPT_TRACK ? sgit_buf_printf(out, "%sgone%s", open, close) : 0;
	if ((rc = sgit_refinfo_ahead_behind(&ahead, &behind, repo, &ev->item->oid, &up)) < 0)
		return rc;
	if (a->opt == OPT_TRACKSHORT)
		return sgit_buf_sets(out, ahead && behind ? "<>" : ahead ? ">" : behind ? "<" : "=");
	if (ahead && behind)
		return sgit_buf_printf(out, "%sahead %zu, behind %zu%s", open, ahead, behind, close);
	if (ahead || behind)
		return sgit_buf_printf(out, "%s%s %zu%s", open, ahead ? "ahead" : "behind",
				       ahead ? ahead : behind, close);
	return 0;
}

static int branch_config(struct sgit_buf *out, struct ref_eval *ev, const char *branch, const char *key)
{
	struct sgit_buf name = SGIT_BUF_INIT;
	const char *v = NULL;
	int rc = sgit_buf_printf(&name, "branch.%s.%s", branch, key);

	if (rc == 0 && sgit_config_get_string(&v, sgit_repo_config(ev->fmt->repo), name.ptr) < 0)
		v = "";
	sgit_buf_release(&name);
	return rc ? rc : sgit_buf_sets(out, v);
}

/*
 * %(upstream) and its options, for local branches. %(push) is always empty:
 * where a push goes (push.default, push refspecs) is not modelled yet.
 */
static int upstream_value(struct sgit_buf *out, struct ref_eval *ev, const struct ref_atom *a)
{
	const char *name = ev->item->name, *branch;
	struct sgit_buf up = SGIT_BUF_INIT;
	int rc;

	sgit_buf_reset(out);
	if (a->id == ATOM_PUSH || strncmp(name, "refs/heads/", 11))
		return 0;
	branch = name + 11;
	if ((rc = sgit_branch_upstream(&up, ev->fmt->repo, branch)) < 0 || !up.len)
		goto out;
	if (a->opt == OPT_TRACK || a->opt == OPT_TRACKSHORT)
		rc = track_value(out, ev, a, up.ptr);
	else if (a->opt == OPT_REMOTENAME)
		rc = branch_config(out, ev, branch, "remote");
	else if (a->opt == OPT_REMOTEREF)
		rc = branch_config(out, ev, branch, "merge");
	else
		rc = show_name(out, ev, a, up.ptr);
out:
	sgit_buf_release(&up);
	return rc;
}

/* ---- what the object says ---- */

static int commit_value(struct ref_value *v, struct ref_eval *ev, const struct ref_atom *a,
			struct ref_object *o)
{
	struct sgit_buf one = SGIT_BUF_INIT;
	const char *p = o->data.ptr + 46, *end = o->data.ptr + o->data.len;
	struct sgit_oid id;
	size_t n = 0;
	int rc = 0;

	if (o->type != SGIT_OBJ_COMMIT)
		return 0;
	if (a->id == ATOM_TREE) {
		sgit_oid_fromhexn(&id, o->data.ptr + 5, SGIT_OID_HEXSZ);
		return oid_value(&v->s, ev, a, &id);
	}
	/* check_commit() made sure of these lines */
	for (; end - p > 47 && !memcmp(p, "parent ", 7) && rc == 0; p += 48, n++) {
		if (a->id == ATOM_NUMPARENT)
			continue;
		sgit_oid_fromhexn(&id, p + 7, SGIT_OID_HEXSZ);
		if ((rc = oid_value(&one, ev, a, &id)) == 0)
			rc = sgit_buf_addf(&v->s, "%s%s", n ? " " : "", one.ptr);
	}
	if (rc == 0 && a->id == ATOM_NUMPARENT) {
		v->num = n;
		rc = sgit_buf_printf(&v->s, "%zu", n);
	}
	sgit_buf_release(&one);
	return rc;
}

static int tag_value(struct ref_value *v, const struct ref_atom *a, const struct ref_object *o)
{
	char hex[SGIT_OID_HEXSZ + 1];

	if (o->type != SGIT_OBJ_TAG)
		return 0;
	if (a->id == ATOM_TAG)
		return sgit_buf_set(&v->s, o->data.ptr + o->tag_name, o->tag_name_len);
	if (a->id == ATOM_TYPE)
		return sgit_buf_sets(&v->s, sgit_object_type_name(o->tagged_type));
	return sgit_buf_sets(&v->s, sgit_oid_tohex(hex, &o->tagged));
}

static int object_value(struct ref_value *v, struct ref_eval *ev, const struct ref_atom *a)
{
	struct ref_object *o;
	int rc;

	if ((rc = atom_object(&o, ev, a)) < 0 || !o)
		return rc;
	if ((rc = load(ev, o, a->source == SRC_OBJ)) < 0)
		return rc;
	switch (a->id) {
	case ATOM_OBJECTTYPE:
		return sgit_buf_sets(&v->s, sgit_object_type_name(o->type));
	case ATOM_OBJECTSIZE:
		v->num = o->size;
		return sgit_buf_printf(&v->s, "%zu", o->size);
	case ATOM_OBJECTNAME:
		return oid_value(&v->s, ev, a, &o->oid);
	case ATOM_TREE: case ATOM_PARENT: case ATOM_NUMPARENT:
		return commit_value(v, ev, a, o);
	case ATOM_OBJECT: case ATOM_TYPE: case ATOM_TAG:
		return tag_value(v, a, o);
	case ATOM_SUBJECT: case ATOM_BODY: case ATOM_CONTENTS: case ATOM_RAW:
		return ref_value_contents(v, a, o);
	default:
		return ref_value_person(v, ev->fmt, a, o);
	}
}

static int compute(struct ref_value *v, struct ref_eval *ev, const struct ref_atom *a)
{
	const struct ref_item *item = ev->item;

	switch (a->id) {
	case ATOM_REFNAME:
		return name_value(&v->s, ev, a, item->name);
	case ATOM_SYMREF:
		return name_value(&v->s, ev, a, item->symref);
	case ATOM_UPSTREAM: case ATOM_PUSH:
		return upstream_value(&v->s, ev, a);
	case ATOM_FLAG:
		return flag_value(&v->s, item);
	case ATOM_HEAD:
		return head_value(&v->s, ev);
	case ATOM_COLOR:
		return ev->fmt->opts.color ? sgit_buf_addbuf(&v->s, &a->color) : 0;
	case ATOM_WORKTREEPATH:
		return worktree_value(&v->s, ev);
	case ATOM_IF:
		return a->has_arg ? sgit_buf_sets(&v->s, strchr(a->name, ':') + 1) : 0;
	case ATOM_ALIGN: case ATOM_END: case ATOM_THEN: case ATOM_ELSE: case ATOM_REST:
		return 0;
	case ATOM_OBJECTNAME:
		if (!a->deref)
			return oid_value(&v->s, ev, a, &item->oid);
		/* fall through */
	default:
		return object_value(v, ev, a);
	}
}

const struct ref_value *ref_eval_value(struct ref_eval *ev, size_t i, int *rc)
{
	struct ref_value *v;
	size_t k;

	if (!ev->values) {
		if (!(ev->values = calloc(ev->fmt->natoms, sizeof(*ev->values)))) {
			*rc = sgit_error_nomem(eval_err(ev));
			return NULL;
		}
		for (k = 0; k < ev->fmt->natoms; k++)
			sgit_buf_init(&ev->values[k].s);
	}
	v = &ev->values[i];
	if (!v->ready) {
		if ((*rc = compute(v, ev, &ev->fmt->atoms[i])) < 0) {
			if (*rc == SGIT_ENOMEM)
				sgit_error_nomem(eval_err(ev));
			return NULL;
		}
		v->ready = 1;
	}
	*rc = 0;
	return v;
}
