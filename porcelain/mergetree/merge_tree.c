/*
 * porcelain/mergetree/merge_tree.c: the three-way tree merge's front door: options,
 * messages and conflicts gathered while merging, and the result handed back.
 * The rules per path are in merge_tree_path.c, file contents in
 * merge_tree_content.c.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "porcelain/mergetree/merge_tree_int.h"
#include "sgit/commit.h"
#include "sgit/object.h"
#include "sgit/repo.h"
#include "sgit/tree.h"

void sgit_merge_result_release(struct sgit_merge_result *res)
{
	size_t i;

	for (i = 0; i < res->nconflicts; i++)
		free(res->conflicts[i].path);
	for (i = 0; i < res->nmessages; i++)
		free(res->messages[i].text);
	free(res->conflicts);
	free(res->messages);
	memset(res, 0, sizeof(*res));
}

int mt_is_dir(unsigned int mode)
{
	return (mode & 0170000) == 0040000;
}

unsigned int mt_type(unsigned int mode)
{
	return mode & 0170000;
}

int mt_ver_equal(const struct mt_ver *a, const struct mt_ver *b)
{
	if (a->mode != b->mode)
		return 0;
	return !a->mode || sgit_oid_equal(&a->id, &b->id);
}

int mt_read_blob(struct sgit_buf *out, struct sgit_odb *odb, struct sgit_error *err, const struct mt_ver *v)
{
	enum sgit_object_type type = SGIT_OBJ_NONE;
	char hex[SGIT_OID_HEXSZ + 1];
	int rc;

	if (!v || !v->mode) {
		sgit_buf_reset(out);
		return 0;
	}
	if ((rc = sgit_odb_read(out, &type, odb, &v->id)) < 0)
		return rc;
	if (type != SGIT_OBJ_BLOB)
		return sgit_error_set(err, SGIT_ECORRUPT, "object '%s' is a %s, not a blob",
				      sgit_oid_tohex(hex, &v->id), sgit_object_type_name(type));
	return 0;
}

int mt_commit_tree(struct sgit_oid *tree, struct sgit_odb *odb, struct sgit_error *err,
		   const struct sgit_oid *id)
{
	struct sgit_buf raw = SGIT_BUF_INIT;
	enum sgit_object_type type = SGIT_OBJ_NONE;
	struct sgit_commit *commit = NULL;
	char hex[SGIT_OID_HEXSZ + 1];
	int rc;

	if ((rc = sgit_odb_read(&raw, &type, odb, id)) < 0)
		goto out;
	if (type != SGIT_OBJ_COMMIT)
		rc = sgit_error_set(err, SGIT_EINVALID, "object '%s' is a %s, not a commit",
				    sgit_oid_tohex(hex, id), sgit_object_type_name(type));
	else if ((rc = sgit_commit_parse(&commit, raw.ptr, raw.len, err)) == 0)
		*tree = *sgit_commit_tree_id(commit);
out:
	sgit_commit_free(commit);
	sgit_buf_release(&raw);
	return rc;
}

void mt_ctx_init(struct mt_ctx *c, struct sgit_repo *repo, const struct sgit_merge_options *opts)
{
	memset(c, 0, sizeof(*c));
	c->repo = repo;
	c->odb = sgit_repo_odb(repo);
	c->err = sgit_repo_error(repo);
	c->label[0] = opts && opts->base_label ? opts->base_label : "base";
	c->label[1] = opts && opts->ours_label ? opts->ours_label : "HEAD";
	c->label[2] = opts && opts->theirs_label ? opts->theirs_label : "theirs";
	c->favor = opts ? opts->favor : SGIT_MERGE_FAVOR_NONE;
	c->style = opts ? opts->style : SGIT_MERGE_STYLE_MERGE;
	c->clean = 1;
}

void mt_ctx_release(struct mt_ctx *c)
{
	size_t i;

	for (i = 0; i < c->nmsgs; i++) {
		free(c->msgs[i].path);
		free(c->msgs[i].text);
	}
	for (i = 0; i < c->nconf; i++)
		free(c->conf[i].path);
	for (i = 0; i < c->nsubs; i++) {
		free(c->subs[i].path);
		free(c->subs[i].abbrev);
	}
	free(c->msgs);
	free(c->conf);
	free(c->subs);
	c->msgs = NULL;
	c->conf = NULL;
	c->subs = NULL;
	c->nmsgs = c->nconf = c->nsubs = 0;
	c->amsgs = c->aconf = c->asubs = 0;
}

/* Make room for one more element of size sz in *arr (n used, *alloc allocated). */
static int grow(void **arr, size_t n, size_t *alloc, size_t sz)
{
	size_t na;
	void *p;

	if (n < *alloc)
		return 0;
	na = *alloc ? 2 * *alloc : 16;
	if (!(p = realloc(*arr, na * sz)))
		return SGIT_ENOMEM;
	*arr = p;
	*alloc = na;
	return 0;
}

int mt_msg(struct mt_ctx *c, const char *path, const char *fmt, ...)
{
	struct sgit_buf text = SGIT_BUF_INIT;
	struct mt_msg *m;
	va_list ap;
	int rc;

	/* git 2.39 does not show what the merge of the merge bases said */
	if (c->depth)
		return 0;
	va_start(ap, fmt);
	rc = sgit_buf_vaddf(&text, fmt, ap);
	va_end(ap);
	if (rc < 0 || (rc = grow((void **)&c->msgs, c->nmsgs, &c->amsgs, sizeof(*c->msgs))) < 0)
		goto out;
	m = &c->msgs[c->nmsgs];
	if (!(m->path = strdup(path))) {
		rc = SGIT_ENOMEM;
		goto out;
	}
	m->text = sgit_buf_detach(&text, NULL);
	m->seq = c->nmsgs++;
out:
	sgit_buf_release(&text);
	return rc < 0 ? sgit_error_nomem(c->err) : 0;
}

int mt_conflict(struct mt_ctx *c, const char *path, const struct mt_ver v[3])
{
	struct sgit_merge_conflict *k;
	int i;

	c->clean = 0;
	if (c->depth)
		return 0;
	if (grow((void **)&c->conf, c->nconf, &c->aconf, sizeof(*c->conf)) < 0)
		return sgit_error_nomem(c->err);
	k = &c->conf[c->nconf];
	memset(k, 0, sizeof(*k));
	if (!(k->path = strdup(path)))
		return sgit_error_nomem(c->err);
	for (i = 0; i < 3; i++) {
		k->mode[i] = v[i].mode;
		if (v[i].mode)
			k->id[i] = v[i].id;
	}
	c->nconf++;
	return 0;
}

int mt_out_add(struct mt_out *o, struct mt_ctx *c, const char *name, size_t len,
	       const struct mt_ver *v)
{
	struct mt_outent *e;

	if (!v->mode)
		return 0;
	if (grow((void **)&o->ents, o->n, &o->alloc, sizeof(*o->ents)) < 0)
		return sgit_error_nomem(c->err);
	e = &o->ents[o->n];
	if (!(e->name = malloc(len + 1)))
		return sgit_error_nomem(c->err);
	memcpy(e->name, name, len);
	e->name[len] = '\0';
	e->mode = v->mode;
	e->id = v->id;
	o->n++;
	return 0;
}

void mt_out_release(struct mt_out *o)
{
	size_t i;

	for (i = 0; i < o->n; i++)
		free(o->ents[i].name);
	free(o->ents);
	memset(o, 0, sizeof(*o));
}

int mt_run(struct sgit_oid *tree, struct mt_ctx *c, const struct sgit_oid *base,
	   const struct sgit_oid *ours, const struct sgit_oid *theirs)
{
	const struct sgit_oid *t[3] = { base, ours, theirs };
	struct sgit_buf prefix = SGIT_BUF_INIT;
	struct mt_ver r;
	int rc;

	memset(&r, 0, sizeof(r));
	if ((rc = mt_merge_dir(&r, c, &prefix, t)) < 0)
		goto out;
	if (r.mode)
		*tree = r.id;
	else
		rc = sgit_odb_write(tree, c->odb, SGIT_OBJ_TREE, "", 0);
out:
	sgit_buf_release(&prefix);
	return rc;
}

static int msg_cmp(const void *a, const void *b)
{
	const struct mt_msg *x = a, *y = b;
	int d = strcmp(x->path, y->path);

	if (d)
		return d;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static int conf_cmp(const void *a, const void *b)
{
	const struct sgit_merge_conflict *x = a, *y = b;

	return strcmp(x->path, y->path);
}

static int add_line(struct sgit_merge_result *out, size_t *alloc, const char *text)
{
	if (grow((void **)&out->messages, out->nmessages, alloc, sizeof(*out->messages)) < 0 ||
	    !(out->messages[out->nmessages].text = strdup(text)))
		return SGIT_ENOMEM;
	out->messages[out->nmessages++].to_stderr = 0;
	return 0;
}

/* The order ort visits paths in, backwards: a path ending compares as if followed by '/'. */
static int visit_cmp(const void *x, const void *y)
{
	const unsigned char *a = (const unsigned char *)((const struct mt_sub *)x)->path;
	const unsigned char *b = (const unsigned char *)((const struct mt_sub *)y)->path;
	unsigned char ca, cb;

	while (*a && *a == *b)
		a++, b++;
	ca = *a ? *a : '/';
	cb = *b ? *b : '/';
	if (ca == cb)
		return *a ? -1 : 1;
	return cb - ca;
}

/* git's closing advice when submodules conflicted: one step per submodule it could look into. */
static int add_submodule_advice(struct sgit_merge_result *out, size_t *alloc, struct mt_ctx *c)
{
	static const char *const head[] = {
		"Recursive merging with submodules currently only supports trivial cases.",
		"Please manually handle the merging of each conflicted submodule.",
		"This can be accomplished with the following steps:",
	};
	static const char *const tail[] = {
		" - come back to superproject and run:", "", NULL, "",
		"   to record the above merge or update",
		" - resolve any other conflicts in the superproject",
		" - commit the resulting index in the superproject",
	};
	struct sgit_buf line = SGIT_BUF_INIT, add = SGIT_BUF_INIT;
	size_t i;
	int rc = 0;

	if (!c->nsubs)
		return 0;
	qsort(c->subs, c->nsubs, sizeof(*c->subs), visit_cmp);
	for (i = 0; i < sizeof(head) / sizeof(head[0]) && !rc; i++)
		rc = add_line(out, alloc, head[i]);
	for (i = 0; i < c->nsubs && !rc; i++) {
		if (!c->subs[i].abbrev)
			continue;
		if (!(rc = sgit_buf_printf(&line, " - go to submodule (%s), and either merge commit %s",
					   c->subs[i].path, c->subs[i].abbrev)) &&
		    !(rc = add_line(out, alloc, line.ptr)))
			rc = add_line(out, alloc, "   or update to an existing commit which has merged those changes");
	}
	if (!rc)
		rc = sgit_buf_sets(&add, "      git add");
	for (i = 0; i < c->nsubs && !rc; i++)
		rc = sgit_buf_addf(&add, " %s", c->subs[i].path);
	for (i = 0; i < sizeof(tail) / sizeof(tail[0]) && !rc; i++)
		rc = add_line(out, alloc, tail[i] ? tail[i] : add.ptr);
	sgit_buf_release(&line);
	sgit_buf_release(&add);
	return rc;
}

int mt_ctx_finish(struct sgit_merge_result *out, struct mt_ctx *c)
{
	size_t i, alloc = 0;
	int rc = 0;

	if (c->nmsgs)
		qsort(c->msgs, c->nmsgs, sizeof(*c->msgs), msg_cmp);
	if (c->nconf)
		qsort(c->conf, c->nconf, sizeof(*c->conf), conf_cmp);
	out->clean = c->clean;
	out->conflicts = c->conf;
	out->nconflicts = c->nconf;
	c->conf = NULL;
	c->nconf = c->aconf = 0;
	for (i = 0; i < c->nmsgs && !rc; i++)
		rc = add_line(out, &alloc, c->msgs[i].text);
	if (!rc)
		rc = add_submodule_advice(out, &alloc, c);
	return rc < 0 ? sgit_error_nomem(c->err) : 0;
}

int sgit_merge_trees(struct sgit_merge_result *out, struct sgit_repo *repo,
		     const struct sgit_oid *base, const struct sgit_oid *ours,
		     const struct sgit_oid *theirs, const struct sgit_merge_options *opts)
{
	struct mt_ctx c;
	int rc;

	sgit_merge_result_release(out);
	mt_ctx_init(&c, repo, opts);
	if ((rc = mt_run(&out->tree, &c, base, ours, theirs)) < 0 ||
	    (rc = mt_ctx_finish(out, &c)) < 0)
		sgit_merge_result_release(out);
	mt_ctx_release(&c);
	return rc;
}
