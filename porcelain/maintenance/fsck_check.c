/* porcelain/maintenance/fsck_check.c: fsck's first phase: configuration, then every loose and packed object checked */
#include <dirent.h>
#include <stdio.h>
#include <zlib.h>
#include <stdlib.h>
#include <string.h>
#include "sgit/config.h"
#include "sgit/fsck.h"
#include "sgit/repo.h"
#include "objects/loose.h"
#include "objects/pack.h"
#include "porcelain/maintenance/fsck_int.h"
#include "porcelain/maintenance/fsck_walk_int.h"

struct cfg_ctx {
	struct fsck *f;
	struct sgit_error *err;
};

static int config_entry(const struct sgit_config_entry *e, void *payload)
{
	struct cfg_ctx *c = payload;

	if (strncmp(e->key, "fsck.", 5))
		return 0;
	if (!strcmp(e->key, "fsck.skiplist"))
		return e->value ? sgit_fsck_load_skiplist(&c->f->opts, e->value, c->err) : 0;
	return sgit_fsck_set_severity(&c->f->opts, e->key + 5, e->value, c->err);
}

/* --strict first, then fsck.<msg-id> and fsck.skipList, in the order git reads them. */
int fsck_configure(struct fsck *f)
{
	struct cfg_ctx c = { f, sgit_repo_error(f->repo) };

	f->opts.strict = (f->run->flags & SGIT_FSCK_STRICT) != 0;
	return sgit_config_foreach(sgit_repo_config(f->repo), config_entry, &c);
}

/* How a finding of the object checks is shown: git's "error in tree <id>: <id>: <text>". */
static void report(const struct sgit_oid *id, enum sgit_object_type type, enum sgit_fsck_severity sev,
		   const char *msg_name, const char *text, void *payload)
{
	struct fsck *f = payload;
	struct fobj *o = fsck_obj(f, id);
	char desc[SGIT_OID_HEXSZ + 1100];

	if (!o)
		return;
	fsck_say(f, 1, "%s in %s %s: %s: %s", sev == SGIT_FSCK_ERROR ? "error" : "warning",
		 fsck_type_name(type), fsck_describe(f, o, desc, sizeof(desc)), msg_name, text);
}

/* --tags: "tagged <type> <id> (<name>) in <tag id>". */
static void fsck_tag_line(struct fsck *f, struct fobj *o, const char *data, size_t len)
{
	const char *end = data + len, *t, *nl, *name, *nl2;
	char desc[SGIT_OID_HEXSZ + 1100], desc2[SGIT_OID_HEXSZ + 1100];
	struct sgit_oid id;
	struct fobj *target;

	if (len < 48 || sgit_oid_fromhexn(&id, data + 7, 40) < 0 || !(target = fsck_obj(f, &id)))
		return;
	t = data + 48;
	if (!(nl = memchr(t, '\n', end - t)) || end - nl < 5 || memcmp(nl + 1, "tag ", 4))
		return;
	name = nl + 5;
	if (!(nl2 = memchr(name, '\n', end - name)))
		return;
	fsck_say(f, 0, "tagged %.*s %s (%.*s) in %s", (int)(nl - t - 5), t + 5,
		 fsck_describe(f, target, desc, sizeof(desc)), (int)(nl2 - name), name,
		 fsck_describe(f, o, desc2, sizeof(desc2)));
}

/* Check one object's content (already hashed and found to match). */
static int check_content(struct fsck *f, struct fobj *o, const void *data, size_t len)
{
	char desc[SGIT_OID_HEXSZ + 1100];

	o->flags |= HAS_OBJ;
	if (f->run->flags & SGIT_FSCK_VERBOSE)
		fsck_say(f, 1, "Checking %s %s", fsck_type_name(o->type), fsck_describe(f, o, desc, sizeof(desc)));
	if (fsck_links(f, o, data, len, fsck_mark_used, NULL) < 0)
		return -1;
	if (sgit_fsck_check_object(&f->opts, &o->id, o->type, data, len)) {
		f->errors |= ERR_OBJECT;
		return 0;
	}
	if (o->type == SGIT_OBJ_COMMIT && (f->run->flags & SGIT_FSCK_ROOT) &&
	    (len < 46 + 7 || memcmp((const char *)data + 46, "parent ", 7)))
		fsck_say(f, 0, "root %s", fsck_describe(f, o, desc, sizeof(desc)));
	if (o->type == SGIT_OBJ_TAG && (f->run->flags & SGIT_FSCK_TAGS))
		fsck_tag_line(f, o, data, len);
	return 0;
}

/* Hash a blob in pieces: blobs above core.bigFileThreshold are never held whole. */
static int hash_piece(const void *data, size_t len, void *payload)
{
	sgit_hash_update(payload, data, len);
	return 0;
}

/*
 * git's reader complains twice before fsck names a loose file that does not
 * inflate at all: say the same when the first bytes are no zlib stream.
 */
static void explain_bad_zlib(struct fsck *f, const char *path)
{
	unsigned char in[64], out[64];
	z_stream zs;
	FILE *fp = fopen(path, "rb");
	size_t n;
	int ret;

	if (!fp)
		return;
	n = fread(in, 1, sizeof(in), fp);
	fclose(fp);
	memset(&zs, 0, sizeof(zs));
	if (inflateInit(&zs) != Z_OK)
		return;
	zs.next_in = in;
	zs.avail_in = (uInt)n;
	zs.next_out = out;
	zs.avail_out = sizeof(out);
	ret = inflate(&zs, Z_SYNC_FLUSH);
	if (ret == Z_DATA_ERROR) {
		fsck_say(f, 1, "error: inflate: data stream error (%s)", zs.msg ? zs.msg : "");
		fsck_say(f, 1, "error: unable to unpack header of %s", path);
	}
	inflateEnd(&zs);
}

static int check_loose(struct fsck *f, const struct sgit_oid *id, const char *path)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf data = SGIT_BUF_INIT;
	enum sgit_object_type type;
	struct sgit_oid real;
	struct fobj *o;
	size_t size;
	char hex[SGIT_OID_HEXSZ + 1], msg[256];
	int rc = 0;

	if (sgit_loose_read_header(&size, &type, f->objdir, id, &err) < 0)
		goto corrupt;
	if (type == SGIT_OBJ_BLOB) {
		struct sgit_hash_ctx ctx;
		char hdr[64];
		size_t n = sgit_object_header(hdr, sizeof(hdr), "blob", size);

		if (sgit_hash_init(&ctx) < 0)
			return -1;
		sgit_hash_update(&ctx, hdr, n);
		if (sgit_loose_stream(&type, &size, f->objdir, id, hash_piece, &ctx, &err) < 0) {
			sgit_hash_discard(&ctx);
			goto corrupt;
		}
		sgit_hash_final(&real, &ctx);
	} else {
		if (sgit_loose_read(&data, &type, f->objdir, id, &err) < 0)
			goto corrupt;
		if ((rc = sgit_object_hash(&real, type, data.ptr, data.len)) < 0)
			goto out;
	}
	if (!sgit_oid_equal(&real, id)) {
		f->errors |= ERR_OBJECT;
		fsck_say(f, 1, "error: %s: hash-path mismatch, found at: %s", sgit_oid_tohex(hex, &real), path);
		goto out;
	}
	if (fsck_git_parses(type, data.ptr, data.len, sgit_oid_tohex(hex, id), msg, sizeof(msg)) < 0) {
		f->errors |= ERR_OBJECT;
		if (msg[0])
			fsck_say(f, 1, "error: %s", msg);
		fsck_say(f, 1, "error: %s: object could not be parsed: %s", hex, path);
		goto out;
	}
	if (!(o = fsck_obj(f, id)) && (rc = -1))
		goto out;
	o->type = type;
	rc = check_content(f, o, data.ptr, data.len);
	goto out;
corrupt:
	f->errors |= ERR_OBJECT;
	explain_bad_zlib(f, path);
	fsck_say(f, 1, "error: %s: object corrupt or missing: %s", sgit_oid_tohex(hex, id), path);
out:
	sgit_buf_release(&data);
	return rc;
}

struct loose_ctx {
	struct fsck *f;
	struct sgit_buf path;
};

static int loose_one(const struct sgit_oid *id, void *payload)
{
	struct loose_ctx *c = payload;
	char hex[SGIT_OID_HEXSZ + 1];

	sgit_oid_tohex(hex, id);
	sgit_buf_reset(&c->path);
	if (sgit_buf_addf(&c->path, "%s/%.2s/%s", c->f->objdir_shown, hex, hex + 2) < 0)
		return -1;
	return check_loose(c->f, id, c->path.ptr);
}

/* Loose objects folder by folder, 00 to ff, each folder in id order. */
static int check_loose_all(struct fsck *f)
{
	struct loose_ctx c = { f, SGIT_BUF_INIT };
	int rc = 0, i;

	if (f->run->flags & SGIT_FSCK_VERBOSE)
		fsck_say(f, 1, "Checking object directory");
	for (i = 0; i < 256 && rc == 0; i++)
		rc = sgit_loose_foreach(f->objdir, i, loose_one, &c, sgit_repo_error(f->repo));
	sgit_buf_release(&c.path);
	return rc;
}

static int oid_cmp(const void *a, const void *b)
{
	return sgit_oid_cmp(a, b);
}

static int remember_packed(struct fsck *f, const struct sgit_oid *id)
{
	if (f->npacked == f->apacked) {
		struct sgit_oid *v = realloc(f->packed, (f->apacked = f->apacked * 2 + 256) * sizeof(*v));

		if (!v)
			return -1;
		f->packed = v;
	}
	f->packed[f->npacked++] = *id;
	return 0;
}

int fsck_in_pack(struct fsck *f, const struct sgit_oid *id)
{
	return f->npacked && bsearch(id, f->packed, f->npacked, sizeof(*id), oid_cmp) != NULL;
}

struct fobj *fsck_parse_root(struct fsck *f, const struct sgit_oid *id)
{
	struct fobj *o = fsck_find(f, id);
	enum sgit_object_type type;
	size_t size;

	if (o && (o->flags & HAS_OBJ))
		return o;
	/* a packed object that was not checked (--no-full) is still there to parse */
	if (!fsck_in_pack(f, id) || sgit_odb_read_header(&size, &type, f->odb, id) < 0)
		return NULL;
	if ((o = fsck_obj(f, id)) != NULL)
		o->type = type;
	return o;
}

struct packed {
	struct sgit_oid id;
	uint64_t offset;
};

static int by_offset(const void *a, const void *b)
{
	const struct packed *x = a, *y = b;

	return x->offset < y->offset ? -1 : x->offset > y->offset;
}

/* Read a packed object and its real id; a blob is only hashed, piece by piece, never held whole. */
static int packed_content(struct sgit_buf *data, enum sgit_object_type *type, struct sgit_oid *real,
			  struct sgit_pack *p, uint64_t offset, struct sgit_error *err)
{
	struct sgit_hash_ctx ctx;
	char hdr[64];
	size_t size;
	int rc;

	if ((rc = sgit_pack_read_header(&size, type, p, offset, err)) < 0)
		return rc;
	if (*type != SGIT_OBJ_BLOB) {
		if ((rc = sgit_pack_read(data, type, p, offset, err)) < 0)
			return rc;
		return sgit_object_hash(real, *type, data->ptr, data->len);
	}
	if ((rc = sgit_hash_init(&ctx)) < 0)
		return rc;
	sgit_hash_update(&ctx, hdr, sgit_object_header(hdr, sizeof(hdr), "blob", size));
	if ((rc = sgit_pack_stream(type, &size, p, offset, hash_piece, &ctx, err)) < 0) {
		sgit_hash_discard(&ctx);
		return rc;
	}
	sgit_hash_final(real, &ctx);
	return 0;
}

static int check_packed(struct fsck *f, struct sgit_pack *p, const struct packed *e)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf data = SGIT_BUF_INIT;
	enum sgit_object_type type;
	struct sgit_oid real;
	struct fobj *o;
	char hex[SGIT_OID_HEXSZ + 1], msg[256];
	int rc = 0;

	if (packed_content(&data, &type, &real, p, e->offset, &err) < 0 || !sgit_oid_equal(&real, &e->id)) {
		f->errors |= ERR_PACK;
		fsck_say(f, 1, "error: packed %s from %s is corrupt", sgit_oid_tohex(hex, &e->id),
			 sgit_pack_path(p));
		goto out;
	}
	if (fsck_git_parses(type, data.ptr, data.len, sgit_oid_tohex(hex, &e->id), msg, sizeof(msg)) < 0) {
		f->errors |= ERR_OBJECT;
		if (msg[0])
			fsck_say(f, 1, "error: %s", msg);
		fsck_say(f, 1, "error: %s: object corrupt or missing", hex);
		goto out;
	}
	if (!(o = fsck_obj(f, &e->id)) && (rc = -1))
		goto out;
	o->type = type;
	rc = check_content(f, o, data.ptr, data.len);
out:
	sgit_buf_release(&data);
	return rc;
}

/* One pack's objects in the order they are stored, as git verifies a pack. */
static int check_pack(struct fsck *f, const char *idx_path, int full)
{
	struct sgit_pack *p = NULL;
	struct packed *v = NULL;
	uint32_t n, i;
	int rc;

	if ((rc = sgit_pack_open(&p, idx_path, sgit_repo_error(f->repo))) < 0) {
		f->errors |= ERR_PACK;
		fsck_say(f, 1, "error: %s", sgit_error_message(sgit_repo_error(f->repo)));
		return 0;
	}
	n = sgit_pack_count(p);
	if (n && !(v = malloc(n * sizeof(*v)))) {
		rc = -1;
		goto out;
	}
	for (i = 0; i < n; i++) {
		sgit_pack_oid_at(&v[i].id, p, i);
		sgit_pack_find(&v[i].offset, p, &v[i].id);
		if ((rc = remember_packed(f, &v[i].id)) < 0)
			goto out;
	}
	qsort(v, n, sizeof(*v), by_offset);
	for (i = 0; i < n && rc == 0 && full; i++)
		rc = check_packed(f, p, &v[i]);
out:
	free(v);
	sgit_pack_free(p);
	return rc;
}

static int check_packs(struct fsck *f, int full)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	struct dirent **names = NULL;
	int n, i, rc = 0;

	if (sgit_buf_printf(&path, "%s/pack", f->objdir) < 0)
		return -1;
	n = scandir(path.ptr, &names, NULL, alphasort);
	for (i = 0; i < n; i++) {
		size_t len = strlen(names[i]->d_name);

		if (rc == 0 && len > 4 && !strcmp(names[i]->d_name + len - 4, ".idx")) {
			sgit_buf_printf(&path, "%s/pack/%s", f->objdir, names[i]->d_name);
			rc = check_pack(f, path.ptr, full);
		}
		free(names[i]);
	}
	free(names);
	sgit_buf_release(&path);
	if (f->npacked)
		qsort(f->packed, f->npacked, sizeof(*f->packed), oid_cmp);
	return rc;
}

/* --connectivity-only: every object is there, of the type its header says; none is read. */
static int present(const struct sgit_oid *id, void *payload)
{
	struct fsck *f = payload;
	struct fobj *o = fsck_obj(f, id);
	enum sgit_object_type type;
	size_t size;

	if (!o)
		return -1;
	o->flags |= HAS_OBJ;
	if (o->type == SGIT_OBJ_NONE && sgit_odb_read_header(&size, &type, f->odb, id) == 0)
		o->type = type;
	return 0;
}

int fsck_check_all(struct fsck *f)
{
	int rc;

	f->opts.report = report;
	f->opts.payload = f;
	if (f->run->flags & SGIT_FSCK_CONNECTIVITY_ONLY) {
		if ((rc = sgit_odb_foreach(f->odb, present, f)) < 0)
			return rc;
		return check_packs(f, 0);
	}
	if ((rc = check_loose_all(f)) < 0)
		return rc;
	return check_packs(f, (f->run->flags & SGIT_FSCK_FULL) != 0);
}
