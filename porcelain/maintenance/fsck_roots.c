/* porcelain/maintenance/fsck_roots.c: where fsck's walk starts: refs, HEAD, reflogs, the index, or objects given */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "sgit/fsck.h"
#include "sgit/index.h"
#include "sgit/refs.h"
#include "sgit/repo.h"
#include "porcelain/maintenance/fsck_walk_int.h"

/* A ref as a root, as git's fsck_handle_ref: it must name an object; a branch must name a commit. */
static void handle_ref(struct fsck *f, const char *name, const struct sgit_oid *id)
{
	char hex[SGIT_OID_HEXSZ + 1];
	struct fobj *o = fsck_parse_root(f, id);

	if (!o) {
		f->errors |= ERR_REACHABLE;
		fsck_say(f, 1, "error: %s: invalid sha1 pointer %s", name, sgit_oid_tohex(hex, id));
		return;
	}
	if (o->type != SGIT_OBJ_COMMIT && (!strcmp(name, "HEAD") || !strncmp(name, "refs/heads/", 11))) {
		f->errors |= ERR_REFS;
		fsck_say(f, 1, "error: %s: not a commit", name);
	}
	f->default_refs++;
	o->flags |= USED;
	fsck_name(f, o, "%s", name);
	fsck_mark(f, o, SGIT_OBJ_NONE, NULL);
}

static int ref_one(const struct sgit_ref *ref, void *payload)
{
	handle_ref(payload, ref->name.ptr, &ref->oid);
	return 0;
}

/* HEAD must point into refs/heads/ or at a commit; an unborn branch is only a notice. */
static void head_link(struct fsck *f)
{
	struct sgit_buf target = SGIT_BUF_INIT;
	struct sgit_oid id;
	int rc;

	if (f->run->flags & SGIT_FSCK_VERBOSE)
		fsck_say(f, 1, "Checking HEAD link");
	rc = sgit_refdb_resolve(&id, &target, sgit_repo_refdb(f->repo), "HEAD");
	if (rc < 0 && (rc != SGIT_ENOTFOUND || !target.len)) {
		f->errors |= ERR_REFS;
		fsck_say(f, 1, "error: invalid HEAD");
	} else if (strcmp(target.ptr, "HEAD") && strncmp(target.ptr, "refs/heads/", 11)) {
		f->errors |= ERR_REFS;
		fsck_say(f, 1, "error: HEAD points to something strange (%s)", target.ptr);
		/* git still follows it */
		if (rc == 0)
			handle_ref(f, "HEAD", &id);
	} else if (rc == SGIT_ENOTFOUND) {
		if (!strcmp(target.ptr, "HEAD")) {
			f->errors |= ERR_REFS;
			fsck_say(f, 1, "error: HEAD: detached HEAD points at nothing");
		} else {
			fsck_say(f, 1, "notice: HEAD points to an unborn branch (%s)", target.ptr + 11);
		}
	} else {
		handle_ref(f, "HEAD", &id);
	}
	sgit_buf_release(&target);
}

struct reflog_ctx {
	struct fsck *f;
	const char *name;
};

static void reflog_oid(struct fsck *f, const char *name, const struct sgit_oid *id, const char *stamp)
{
	char hex[SGIT_OID_HEXSZ + 1];
	struct fobj *o;

	if (sgit_oid_is_zero(id))
		return;
	o = fsck_find(f, id);
	if (!o || !(o->flags & HAS_OBJ)) {
		f->errors |= ERR_REACHABLE;
		fsck_say(f, 1, "error: %s: invalid reflog entry %s", name, sgit_oid_tohex(hex, id));
		return;
	}
	if (stamp)
		fsck_name(f, o, "%s@{%s}", name, stamp);
	o->flags |= USED;
	fsck_mark(f, o, SGIT_OBJ_NONE, NULL);
}

static int reflog_entry(const struct sgit_reflog_entry *e, void *payload)
{
	struct reflog_ctx *c = payload;
	char a[SGIT_OID_HEXSZ + 1], b[SGIT_OID_HEXSZ + 1], stamp[32] = "";
	const char *gt = e->committer ? strrchr(e->committer, '>') : NULL;

	if (c->f->run->flags & SGIT_FSCK_VERBOSE)
		fsck_say(c->f, 1, "Checking reflog %s->%s", sgit_oid_tohex(a, &e->old_oid),
			 sgit_oid_tohex(b, &e->new_oid));
	if (gt)
		sscanf(gt + 1, " %31[0-9]", stamp);
	reflog_oid(c->f, c->name, &e->old_oid, NULL);
	reflog_oid(c->f, c->name, &e->new_oid, stamp[0] ? stamp : NULL);
	return 0;
}

/* Every file under logs/, depth first in name order, as reflog names. */
static int reflogs_under(struct fsck *f, struct sgit_buf *path, size_t base)
{
	struct dirent **names = NULL;
	int n = scandir(path->ptr, &names, NULL, alphasort), i, rc = 0;
	size_t len = path->len;

	for (i = 0; i < n; i++) {
		struct stat st;

		if (rc == 0 && names[i]->d_name[0] != '.') {
			sgit_buf_truncate(path, len);
			sgit_buf_addf(path, "/%s", names[i]->d_name);
			if (stat(path->ptr, &st) == 0 && S_ISDIR(st.st_mode)) {
				rc = reflogs_under(f, path, base);
			} else if (S_ISREG(st.st_mode) && strcmp(path->ptr + base, "HEAD")) {
				struct reflog_ctx c = { f, path->ptr + base };

				sgit_refdb_reflog_foreach(sgit_repo_refdb(f->repo), c.name, reflog_entry, &c);
			}
		}
		free(names[i]);
	}
	free(names);
	sgit_buf_truncate(path, len);
	return rc;
}

static int reflogs(struct fsck *f)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	struct reflog_ctx head = { f, "HEAD" };
	int rc;

	if ((rc = sgit_buf_printf(&path, "%s/logs", sgit_repo_common_dir(f->repo))) < 0)
		return rc;
	rc = reflogs_under(f, &path, path.len + 1);
	sgit_buf_release(&path);
	/* git lists the logs folder as the file system gives it; HEAD came last where we compared */
	sgit_refdb_reflog_foreach(sgit_repo_refdb(f->repo), "HEAD", reflog_entry, &head);
	return rc;
}

/* A cache-tree node: its tree is a root, as git's fsck_cache_tree. */
static void cache_tree_node(struct fsck *f, const struct sgit_index *idx, const char *dir)
{
	char hex[SGIT_OID_HEXSZ + 1];
	struct sgit_oid tree;
	struct fobj *o;

	if (sgit_index_cache_tree_lookup(&tree, idx, dir) < 0)
		return;
	if (f->run->flags & SGIT_FSCK_VERBOSE)
		fsck_say(f, 1, "Checking cache tree");
	if (!(o = fsck_parse_root(f, &tree))) {
		f->errors |= ERR_REFS;
		fsck_say(f, 1, "error: %s: invalid sha1 pointer in cache-tree", sgit_oid_tohex(hex, &tree));
		return;
	}
	o->flags |= USED;
	fsck_name(f, o, ":");
	fsck_mark(f, o, SGIT_OBJ_NONE, NULL);
}

struct dirs {
	char **v;
	size_t n, alloc;
};

/* Every folder of the index's paths, each once ("a", "a/b"...). */
static int collect_dirs(struct dirs *d, const struct sgit_index *idx)
{
	size_t i, n = sgit_index_count(idx), k;

	for (i = 0; i < n; i++) {
		const char *path = sgit_index_entry_at(idx, i)->path, *slash;

		for (slash = strchr(path, '/'); slash; slash = strchr(slash + 1, '/')) {
			size_t len = (size_t)(slash - path);
			int seen = 0;

			for (k = d->n; k-- > 0 && !seen;)
				seen = strlen(d->v[k]) == len && !strncmp(d->v[k], path, len);
			if (seen)
				continue;
			if (d->n == d->alloc) {
				char **v = realloc(d->v, (d->alloc = d->alloc * 2 + 16) * sizeof(*v));

				if (!v)
					return -1;
				d->v = v;
			}
			if (!(d->v[d->n] = strndup(path, len)))
				return -1;
			d->n++;
		}
	}
	return 0;
}

/* A cache tree's children are kept shortest name first, then bytewise. */
static int child_cmp(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);

	return la != lb ? (la < lb ? -1 : 1) : strcmp(a, b);
}

static void cache_tree_walk(struct fsck *f, const struct sgit_index *idx, struct dirs *d, const char *dir)
{
	size_t plen = strlen(dir), i, j, nkids = 0;
	const char **kids = malloc((d->n ? d->n : 1) * sizeof(*kids));

	cache_tree_node(f, idx, dir);
	if (!kids)
		return;
	for (i = 0; i < d->n; i++) {
		const char *name = d->v[i] + (plen ? plen + 1 : 0);

		if ((plen && (strncmp(d->v[i], dir, plen) || d->v[i][plen] != '/')) || strchr(name, '/'))
			continue;
		for (j = nkids; j > 0 && child_cmp(kids[j - 1] + (plen ? plen + 1 : 0), name) > 0; j--)
			kids[j] = kids[j - 1];
		kids[j] = d->v[i];
		nkids++;
	}
	for (i = 0; i < nkids; i++)
		cache_tree_walk(f, idx, d, kids[i]);
	free(kids);
}

/* The index: its blobs and the trees of its cache tree are roots. */
static int index_roots(struct fsck *f)
{
	struct sgit_index *idx = NULL;
	struct dirs d = { NULL, 0, 0 };
	size_t i, n;
	int rc;

	if ((rc = sgit_index_open(&idx, f->repo)) < 0)
		return rc;
	n = sgit_index_count(idx);
	for (i = 0; i < n; i++) {
		const struct sgit_index_entry *e = sgit_index_entry_at(idx, i);
		struct fobj *o;

		if ((e->mode & 0170000) == 0160000)
			continue;
		if (!(o = fsck_obj(f, &e->id))) {
			rc = -1;
			goto out;
		}
		if (o->type == SGIT_OBJ_NONE)
			o->type = SGIT_OBJ_BLOB;
		o->flags |= USED;
		fsck_name(f, o, ":%s", e->path);
		fsck_mark(f, o, SGIT_OBJ_NONE, NULL);
	}
	if ((rc = collect_dirs(&d, idx)) == 0)
		cache_tree_walk(f, idx, &d, "");
out:
	for (i = 0; i < d.n; i++)
		free(d.v[i]);
	free(d.v);
	sgit_index_free(idx);
	return rc;
}

static void object_args(struct fsck *f)
{
	char hex[SGIT_OID_HEXSZ + 1];
	size_t i;

	for (i = 0; i < f->run->nobjects; i++) {
		struct fobj *o = fsck_find(f, &f->run->objects[i]);

		if (f->run->object_bad && f->run->object_bad[i]) {
			f->errors |= ERR_OBJECT;
			fsck_say(f, 1, "error: invalid parameter: expected sha1, got '%s'",
				 f->run->object_names[i]);
			continue;
		}
		if (!o || !(o->flags & HAS_OBJ)) {
			f->errors |= ERR_OBJECT;
			fsck_say(f, 1, "error: %s: object missing", sgit_oid_tohex(hex, &f->run->objects[i]));
			continue;
		}
		o->flags |= USED;
		fsck_name(f, o, "%s", f->run->object_names ? f->run->object_names[i] : "");
		fsck_mark(f, o, SGIT_OBJ_NONE, NULL);
	}
}

int fsck_roots(struct fsck *f)
{
	int rc;

	object_args(f);
	if (!f->run->nobjects) {
		if ((rc = sgit_refdb_foreach(sgit_repo_refdb(f->repo), "refs/", ref_one, f)) < 0)
			return rc;
		head_link(f);
		if ((f->run->flags & SGIT_FSCK_REFLOGS) && (rc = reflogs(f)) < 0)
			return rc;
		if (!f->default_refs) {
			fsck_say(f, 1, "notice: No default references");
			f->no_default_refs = 1;
		}
	}
	if (!f->run->nobjects || (f->run->flags & SGIT_FSCK_CACHE))
		return index_roots(f);
	return 0;
}
