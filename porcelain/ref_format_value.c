/* porcelain/ref_format_value.c: the value of one atom for one ref, objects read once per ref */
#include <stdlib.h>
#include <string.h>
#include "porcelain/ref_format_int.h"
#include "porcelain/refinfo.h"
#include "sgit/branch.h"
#include "sgit/config.h"
#include "sgit/odb.h"
#include "sgit/refs.h"

void ref_eval_init(struct ref_eval *ev, struct sgit_ref_format *fmt, const struct ref_item *item)
{
	size_t i;

	memset(ev, 0, sizeof(*ev));
	ev->fmt = fmt;
	ev->item = item;
	for (i = 0; i < 2; i++)
		sgit_buf_init(&ev->obj[i].data);
	/* the existence check that let the ref in already read its type and size */
	ev->obj[0].state = 1;
	ev->obj[0].oid = item->oid;
	ev->obj[0].type = item->type;
	ev->obj[0].size = item->size;
}

void ref_eval_release(struct ref_eval *ev)
{
	size_t i;

	for (i = 0; i < 2; i++) {
		sgit_buf_release(&ev->obj[i].data);
		sgit_commit_free(ev->obj[i].commit);
		sgit_tag_free(ev->obj[i].tag);
	}
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

/* Read o's type and size, or all of it; "missing object <id> for <ref>" as git. */
static int load(struct ref_eval *ev, struct ref_object *o, int content)
{
	struct sgit_odb *odb = sgit_repo_odb(ev->fmt->repo);
	char hex[SGIT_OID_HEXSZ + 1];
	int rc;

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
	if (content)
		o->size = o->data.len;
	o->state = content ? 2 : 1;
	return 0;
}

static int parse_failed(struct ref_eval *ev, const struct ref_object *o)
{
	char hex[SGIT_OID_HEXSZ + 1];

	return sgit_error_set(eval_err(ev), SGIT_ECORRUPT, "parse_object_buffer failed on %s for %s",
			      sgit_oid_tohex(hex, &o->oid), ev->item->name);
}

/* Load and parse o when it is a commit or a tag. */
static int load_parsed(struct ref_eval *ev, struct ref_object *o)
{
	int rc;

	if ((rc = load(ev, o, 1)) < 0)
		return rc;
	if (o->type == SGIT_OBJ_COMMIT && !o->commit &&
	    sgit_commit_parse(&o->commit, o->data.ptr, o->data.len, NULL) < 0)
		return parse_failed(ev, o);
	if (o->type == SGIT_OBJ_TAG && !o->tag && sgit_tag_parse(&o->tag, o->data.ptr, o->data.len, NULL) < 0)
		return parse_failed(ev, o);
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
			if ((rc = load_parsed(ev, &ev->obj[0])) < 0)
				return rc;
			ev->obj[1].oid = *sgit_tag_target_id(ev->obj[0].tag);
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
		return ev->fmt->warn_ambiguous ? sgit_ref_shorten_strict(out, db, name)
					       : sgit_ref_shorten(out, db, name);
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

static int oid_value(struct sgit_buf *out, struct ref_eval *ev, const struct ref_atom *a,
		     const struct sgit_oid *id)
{
	struct sgit_odb *odb = sgit_repo_odb(ev->fmt->repo);
	char hex[SGIT_OID_HEXSZ + 1];
	size_t len;

	if (a->opt == OPT_NONE)
		return sgit_buf_sets(out, sgit_oid_tohex(hex, id));
	if (a->opt == OPT_ABBREV_LEN) {
		len = (size_t)a->num;
	} else {
		if (!ev->fmt->abbrev)
			ev->fmt->abbrev = sgit_repo_abbrev_len(ev->fmt->repo);
		len = ev->fmt->abbrev;
	}
	if (sgit_odb_shortest_unique(hex, odb, id, len > SGIT_OID_HEXSZ ? SGIT_OID_HEXSZ : len) < 0)
		sgit_oid_tohex(hex, id);
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

static int worktree_value(struct sgit_buf *out, struct ref_eval *ev)
{
	struct sgit_repo *repo = ev->fmt->repo;
	const char *top = sgit_repo_work_tree(repo);
	struct sgit_buf cur = SGIT_BUF_INIT;
	int rc;

	sgit_buf_reset(out);
	if (!(ev->item->kind & SGIT_REF_KIND_BRANCH))
		return 0;
	if ((rc = sgit_branch_current(&cur, repo)) == 0 && cur.len && !strcmp(cur.ptr, ev->item->name))
		rc = sgit_buf_sets(out, top ? top : sgit_repo_common_dir(repo));
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
	size_t i, n;
	int rc;

	if ((rc = load_parsed(ev, o)) < 0 || o->type != SGIT_OBJ_COMMIT)
		return rc;
	if (a->id == ATOM_TREE)
		return oid_value(&v->s, ev, a, sgit_commit_tree_id(o->commit));
	n = sgit_commit_parent_count(o->commit);
	if (a->id == ATOM_NUMPARENT) {
		v->num = n;
		return sgit_buf_printf(&v->s, "%zu", n);
	}
	for (i = 0; i < n && rc == 0; i++)
		if ((rc = oid_value(&one, ev, a, sgit_commit_parent_id(o->commit, i))) == 0)
			rc = sgit_buf_addf(&v->s, "%s%s", i ? " " : "", one.ptr);
	sgit_buf_release(&one);
	return rc;
}

static int tag_value(struct ref_value *v, struct ref_eval *ev, const struct ref_atom *a,
		     struct ref_object *o)
{
	char hex[SGIT_OID_HEXSZ + 1];
	int rc;

	if ((rc = load_parsed(ev, o)) < 0 || o->type != SGIT_OBJ_TAG)
		return rc;
	if (a->id == ATOM_TAG)
		return sgit_buf_sets(&v->s, sgit_tag_name(o->tag));
	if (a->id == ATOM_TYPE)
		return sgit_buf_sets(&v->s, sgit_object_type_name(sgit_tag_target_type(o->tag)));
	return sgit_buf_sets(&v->s, sgit_oid_tohex(hex, sgit_tag_target_id(o->tag)));
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
		return tag_value(v, ev, a, o);
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
