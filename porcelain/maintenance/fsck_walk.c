/* porcelain/maintenance/fsck_walk.c: fsck's reachability walk and its verdict on every object */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "sgit/fsck.h"
#include "sgit/repo.h"
#include "porcelain/maintenance/fsck_walk_int.h"

void fsck_mark(struct fsck *f, struct fobj *o, int type, struct fobj *parent)
{
	char a[SGIT_OID_HEXSZ + 1100], b[SGIT_OID_HEXSZ + 1100];

	if (o->flags & REACHABLE)
		return;
	o->flags |= REACHABLE;
	if (!(o->flags & HAS_OBJ)) {
		if (parent && !sgit_odb_exists(f->odb, &o->id)) {
			f->errors |= ERR_REACHABLE;
			fsck_say(f, 0, "broken link from %7s %s\n              to %7s %s",
				 fsck_type_name(parent->type), fsck_describe(f, parent, a, sizeof(a)),
				 fsck_type_name(o->type), fsck_describe(f, o, b, sizeof(b)));
		}
		return;
	}
	if (f->npending == f->apending) {
		struct fobj **v = realloc(f->pending, (f->apending = f->apending * 2 + 64) * sizeof(*v));

		if (!v)
			return;
		f->pending = v;
	}
	f->pending[f->npending++] = o;
}

/* Names for --name-objects: "<commit>:" for its tree, "~N" and "^N" for parents, paths in trees. */
static void name_child(struct fsck *f, struct fobj *parent, struct fobj *o, const char *path,
		       size_t path_len, int nth)
{
	const char *name = parent->name, *tilde;
	char *endp;
	long gen;

	if (!name)
		return;
	if (parent->type == SGIT_OBJ_TREE) {
		fsck_name(f, o, "%s%.*s%s", name, (int)path_len, path, o->type == SGIT_OBJ_TREE ? "/" : "");
	} else if (parent->type == SGIT_OBJ_TAG) {
		fsck_name(f, o, "%s", name);
	} else if (!nth) {
		fsck_name(f, o, "%s:", name);
	} else if (nth > 1) {
		fsck_name(f, o, "%s^%d", name, nth);
	} else if ((tilde = strrchr(name, '~')) && (gen = strtol(tilde + 1, &endp, 10)) > 0 && !*endp) {
		fsck_name(f, o, "%.*s~%ld", (int)(tilde - name), name, gen + 1);
	} else {
		fsck_name(f, o, "%s~1", name);
	}
}

/* The object a link points to, taking the link's word for its type until it is read. */
static struct fobj *link_target(struct fsck *f, const struct sgit_oid *id, int type)
{
	struct fobj *o = fsck_obj(f, id);

	if (o && o->type == SGIT_OBJ_NONE)
		o->type = type;
	return o;
}

static int walk_link(struct fsck *f, struct fobj *parent, const struct sgit_oid *id, int type,
		     const char *path, size_t path_len, int nth, void *payload)
{
	struct fobj *o = link_target(f, id, type);

	if (!o)
		return -1;
	name_child(f, parent, o, path, path_len, nth);
	fsck_mark(f, o, type, parent);
	return 0;
}

/* Read a present object's links and hand them to cb (blobs have none and are not read). */
static int with_links(struct fsck *f, struct fobj *o, fsck_link_cb cb)
{
	struct sgit_buf data = SGIT_BUF_INIT;
	enum sgit_object_type type;
	int rc = 0;

	if (o->type == SGIT_OBJ_BLOB)
		return 0;
	if (sgit_odb_read(&data, &type, f->odb, &o->id) == 0) {
		o->type = type;
		rc = fsck_links(f, o, data.ptr, data.len, cb, NULL);
	}
	sgit_buf_release(&data);
	return rc;
}

int fsck_mark_used(struct fsck *f, struct fobj *parent, const struct sgit_oid *id, int type,
		   const char *path, size_t path_len, int nth, void *payload)
{
	struct fobj *o = link_target(f, id, type);

	if (!o)
		return -1;
	o->flags |= USED;
	return 0;
}

static int write_piece(const void *data, size_t len, void *payload)
{
	return fwrite(data, 1, len, payload) == len ? 0 : -1;
}

/* --lost-found: commits into lost-found/commit, the rest into lost-found/other. */
static void lost_found(struct fsck *f, struct fobj *o)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	char hex[SGIT_OID_HEXSZ + 1];
	enum sgit_object_type type;
	size_t size;
	FILE *fp;

	sgit_oid_tohex(hex, &o->id);
	sgit_buf_printf(&path, "%s/lost-found", sgit_repo_git_dir(f->repo));
	mkdir(path.ptr, 0777);
	sgit_buf_addf(&path, "/%s", o->type == SGIT_OBJ_COMMIT ? "commit" : "other");
	mkdir(path.ptr, 0777);
	sgit_buf_addf(&path, "/%s", hex);
	if (!(fp = fopen(path.ptr, "w"))) {
		fsck_say(f, 1, "error: could not create lost-found");
		goto out;
	}
	if (o->type == SGIT_OBJ_BLOB)
		sgit_odb_stream(&type, &size, f->odb, &o->id, write_piece, fp);
	else
		fprintf(fp, "%s\n", hex);
	fclose(fp);
out:
	sgit_buf_release(&path);
}

static void verdict(struct fsck *f, struct fobj *o)
{
	char d[SGIT_OID_HEXSZ + 1100];
	unsigned fl = f->run->flags;

	if (fl & SGIT_FSCK_VERBOSE)
		fsck_say(f, 1, "Checking %s", fsck_describe(f, o, d, sizeof(d)));
	if (o->flags & REACHABLE) {
		if (!(o->flags & HAS_OBJ) && !fsck_in_pack(f, &o->id)) {
			f->errors |= ERR_REACHABLE;
			fsck_say(f, 0, "missing %s %s", fsck_type_name(o->type), fsck_describe(f, o, d, sizeof(d)));
		}
		return;
	}
	if (!(o->flags & HAS_OBJ))
		return;
	if ((fl & SGIT_FSCK_UNREACHABLE) && !f->no_default_refs) {
		fsck_say(f, 0, "unreachable %s %s", fsck_type_name(o->type), fsck_describe(f, o, d, sizeof(d)));
		return;
	}
	if (o->flags & USED)
		return;
	if (fl & SGIT_FSCK_DANGLING)
		fsck_say(f, 0, "dangling %s %s", fsck_type_name(o->type), fsck_describe(f, o, d, sizeof(d)));
	if (fl & SGIT_FSCK_LOST_FOUND)
		lost_found(f, o);
}

int fsck_connectivity(struct fsck *f)
{
	size_t i;

	while (f->npending) {
		struct fobj *o = f->pending[--f->npending];

		if (with_links(f, o, walk_link) < 0)
			return -1;
	}
	/* without a full check, what unreachable objects point to was never marked used */
	if (f->run->flags & SGIT_FSCK_CONNECTIVITY_ONLY)
		for (i = 0; i < f->nr; i++)
			if (!(f->objs[i]->flags & REACHABLE) && (f->objs[i]->flags & HAS_OBJ) &&
			    with_links(f, f->objs[i], fsck_mark_used) < 0)
				return -1;
	if (f->run->flags & SGIT_FSCK_VERBOSE)
		fsck_say(f, 1, "Checking connectivity (%zu objects)", f->hash_cap);
	for (i = 0; i < f->hash_cap; i++)
		if (f->hash[i])
			verdict(f, f->objs[f->hash[i] - 1]);
	return 0;
}
