/* porcelain/maintenance/fsck.c: git fsck over a repository: the object table, the links of an object, the run */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "sgit/fsck.h"
#include "sgit/repo.h"
#include "sgit/tree.h"
#include "porcelain/maintenance/fsck_walk_int.h"

void fsck_say(struct fsck *f, int is_err, const char *fmt, ...)
{
	va_list ap;

	sgit_buf_reset(&f->tmp);
	va_start(ap, fmt);
	sgit_buf_vaddf(&f->tmp, fmt, ap);
	va_end(ap);
	if (f->run->line && f->tmp.ptr)
		f->run->line(is_err, f->tmp.ptr, f->run->payload);
}

/*
 * The table is git's object hash table, policy for policy: the slot is the
 * id's first four bytes (host order) modulo a power-of-two size of at least
 * 32, kept more than twice the number of objects; collisions probe onwards;
 * a lookup that had to probe swaps the object into its first slot. git
 * reports objects in the order of this table, so sgit does too.
 */
static size_t slot_of(const struct sgit_oid *id, size_t cap)
{
	uint32_t h;

	memcpy(&h, id->id, sizeof(h));
	return h & (cap - 1);
}

struct fobj *fsck_find(struct fsck *f, const struct sgit_oid *id)
{
	size_t i, first, t;

	if (!f->hash_cap)
		return NULL;
	first = i = slot_of(id, f->hash_cap);
	for (; f->hash[i]; i = (i + 1) & (f->hash_cap - 1))
		if (sgit_oid_equal(&f->objs[f->hash[i] - 1]->id, id))
			break;
	if (!f->hash[i])
		return NULL;
	t = f->hash[i];
	if (i != first) {
		f->hash[i] = f->hash[first];
		f->hash[first] = t;
	}
	return f->objs[t - 1];
}

static void insert(size_t *h, size_t cap, size_t v, const struct sgit_oid *id)
{
	size_t j;

	for (j = slot_of(id, cap); h[j]; j = (j + 1) & (cap - 1))
		;
	h[j] = v;
}

static int grow(struct fsck *f)
{
	size_t cap = f->hash_cap < 32 ? 32 : f->hash_cap * 2, i;
	size_t *h = calloc(cap, sizeof(*h));

	if (!h)
		return -1;
	for (i = 0; i < f->hash_cap; i++)
		if (f->hash[i])
			insert(h, cap, f->hash[i], &f->objs[f->hash[i] - 1]->id);
	free(f->hash);
	f->hash = h;
	f->hash_cap = cap;
	return 0;
}

struct fobj *fsck_obj(struct fsck *f, const struct sgit_oid *id)
{
	struct fobj *o = fsck_find(f, id);

	if (o)
		return o;
	if ((!f->hash_cap || f->hash_cap - 1 <= f->nr * 2) && grow(f) < 0)
		return NULL;
	if (f->nr == f->alloc) {
		struct fobj **v = realloc(f->objs, (f->alloc = f->alloc * 2 + 64) * sizeof(*v));

		if (!v)
			return NULL;
		f->objs = v;
	}
	if (!(o = calloc(1, sizeof(*o))))
		return NULL;
	o->id = *id;
	f->objs[f->nr++] = o;
	insert(f->hash, f->hash_cap, f->nr, id);
	return o;
}

const char *fsck_type_name(int type)
{
	const char *n = sgit_object_type_name((enum sgit_object_type)type);

	return n ? n : "unknown";
}

const char *fsck_describe(struct fsck *f, const struct fobj *o, char *out, size_t size)
{
	char hex[SGIT_OID_HEXSZ + 1];

	sgit_oid_tohex(hex, &o->id);
	if (o->name && (f->run->flags & SGIT_FSCK_NAME_OBJECTS))
		snprintf(out, size, "%s (%s)", hex, o->name);
	else
		snprintf(out, size, "%s", hex);
	return out;
}

void fsck_name(struct fsck *f, struct fobj *o, const char *fmt, ...)
{
	va_list ap;
	char buf[4096];

	if (!(f->run->flags & SGIT_FSCK_NAME_OBJECTS) || o->name)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	o->name = strdup(buf);
}

/* A commit's tree and parents, as git's commit parser takes them (well-formed lines only). */
static int commit_links(struct fsck *f, struct fobj *parent, const char *p, const char *end,
			fsck_link_cb cb, void *payload)
{
	struct sgit_oid id;
	int rc, nth = 0;

	if (end - p < 46 || memcmp(p, "tree ", 5) || sgit_oid_fromhexn(&id, p + 5, 40) < 0)
		return 0;
	if ((rc = cb(f, parent, &id, SGIT_OBJ_TREE, NULL, 0, 0, payload)))
		return rc;
	for (p += 46; end - p >= 48 && !memcmp(p, "parent ", 7); p += 48) {
		if (sgit_oid_fromhexn(&id, p + 7, 40) < 0 || p[47] != '\n')
			break;
		if ((rc = cb(f, parent, &id, SGIT_OBJ_COMMIT, NULL, 0, ++nth, payload)))
			return rc;
	}
	return 0;
}

static int tag_links(struct fsck *f, struct fobj *parent, const char *p, const char *end,
		     fsck_link_cb cb, void *payload)
{
	struct sgit_oid id;
	const char *t, *nl;
	enum sgit_object_type type;

	if (end - p < 48 || memcmp(p, "object ", 7) || sgit_oid_fromhexn(&id, p + 7, 40) < 0)
		return 0;
	t = p + 48;
	if (end - t < 5 || memcmp(t, "type ", 5) || !(nl = memchr(t, '\n', end - t)))
		return 0;
	type = sgit_object_type_from_name(t + 5, (size_t)(nl - t - 5));
	if (type == SGIT_OBJ_BAD)
		return 0;
	return cb(f, parent, &id, type, NULL, 0, 0, payload);
}

static int tree_links(struct fsck *f, struct fobj *parent, const void *data, size_t len,
		      fsck_link_cb cb, void *payload)
{
	struct sgit_tree_iter it;
	struct sgit_tree_entry e;
	int rc;

	sgit_tree_iter_init(&it, data, len);
	while ((rc = sgit_tree_iter_next(&e, &it, NULL)) > 0) {
		int type = sgit_tree_mode_is_tree(e.mode) ? SGIT_OBJ_TREE :
			   e.mode == SGIT_FILEMODE_COMMIT ? SGIT_OBJ_NONE : SGIT_OBJ_BLOB;

		if (type == SGIT_OBJ_NONE)
			continue;	/* a submodule's commit lives elsewhere */
		if ((rc = cb(f, parent, &e.id, type, e.name, e.name_len, 0, payload)))
			return rc;
	}
	return 0;
}

int fsck_links(struct fsck *f, struct fobj *parent, const void *data, size_t len,
	       fsck_link_cb cb, void *payload)
{
	switch (parent->type) {
	case SGIT_OBJ_COMMIT:
		return commit_links(f, parent, data, (const char *)data + len, cb, payload);
	case SGIT_OBJ_TAG:
		return tag_links(f, parent, data, (const char *)data + len, cb, payload);
	case SGIT_OBJ_TREE:
		return tree_links(f, parent, data, len, cb, payload);
	default:
		return 0;
	}
}

/* How git names the objects folder in messages: relative to the current folder when inside it. */
static char *shown_objdir(const char *objdir)
{
	char cwd[4096];
	size_t n;

	if (!getcwd(cwd, sizeof(cwd)))
		return strdup(objdir);
	n = strlen(cwd);
	if (!strncmp(objdir, cwd, n) && objdir[n] == '/') {
		char *s = malloc(strlen(objdir) + 3);

		if (s)
			sprintf(s, "%s%s", !strcmp(objdir + n + 1, "objects") ? "./" : "", objdir + n + 1);
		return s;
	}
	return strdup(objdir);
}

static void fsck_release(struct fsck *f)
{
	size_t i;

	for (i = 0; i < f->nr; i++) {
		free(f->objs[i]->name);
		free(f->objs[i]);
	}
	free(f->objs);
	free(f->hash);
	free(f->pending);
	free(f->packed);
	free(f->objdir_shown);
	sgit_buf_release(&f->tmp);
}

int sgit_fsck(int *exit_code, struct sgit_repo *repo, const struct sgit_fsck_run *run)
{
	struct fsck f;
	int rc;

	memset(&f, 0, sizeof(f));
	sgit_buf_init(&f.tmp);
	f.repo = repo;
	f.run = run;
	f.odb = sgit_repo_odb(repo);
	f.objdir = sgit_odb_path(f.odb);
	sgit_fsck_options_init(&f.opts);
	*exit_code = 0;
	if (!(f.objdir_shown = shown_objdir(f.objdir))) {
		rc = sgit_error_nomem(sgit_repo_error(repo));
		goto out;
	}
	if ((rc = fsck_configure(&f)) < 0 || (rc = fsck_check_all(&f)) < 0 ||
	    (rc = fsck_roots(&f)) < 0 || (rc = fsck_connectivity(&f)) < 0)
		goto out;
	*exit_code = f.errors;
out:
	sgit_fsck_options_release(&f.opts);
	fsck_release(&f);
	return rc;
}
