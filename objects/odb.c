/* objects/odb.c: the object database front door: stores, alternates, packs, read, write */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "objects/loose.h"
#include "objects/odb_int.h"
#include "util/fs.h"
#include "util/quote.h"

/* As git: alternates of alternates are followed this deep, no deeper. */
#define ALTERNATES_MAX_DEPTH 5
/* git writes loose objects at zlib level 1 unless configured otherwise. */
#define LOOSE_DEFAULT_LEVEL 1

static int add_store(struct sgit_odb *odb, const char *path, int depth);

static int append_store(struct sgit_odb *odb, const char *path, const char *real)
{
	struct odb_store *s;

	if (odb->nstores == odb->alloc) {
		size_t n = odb->alloc ? 2 * odb->alloc : 4;
		struct odb_store *grown = realloc(odb->stores, n * sizeof(*grown));

		if (!grown)
			return sgit_error_nomem(odb->err);
		odb->stores = grown;
		odb->alloc = n;
	}
	s = &odb->stores[odb->nstores];
	memset(s, 0, sizeof(*s));
	s->dirfd = ODB_DIRFD_UNTRIED;
	s->path = strdup(path);
	s->real = strdup(real);
	if (!s->path || !s->real) {
		free(s->path);
		free(s->real);
		return sgit_error_nomem(odb->err);
	}
	odb->nstores++;
	return 0;
}

/* Add one line of store i's info/alternates (relative paths start at that store). */
static int add_alternate_line(struct sgit_odb *odb, size_t i, char *line, int depth)
{
	struct sgit_buf unq = SGIT_BUF_INIT, full = SGIT_BUF_INIT;
	const char *path = line;
	int rc = 0;

	if (!*line || *line == '#')
		return 0;
	if (*line == '"') {
		size_t used = 0, len = strlen(line);

		/* as git: a line it cannot unquote is skipped */
		if (sgit_unquote_c_style(&unq, line, len, &used) < 0 || used != len)
			goto out;
		path = unq.ptr;
	}
	if (*path != '/') {
		if (sgit_fs_join(&full, odb->stores[i].path, path) < 0) {
			rc = sgit_error_nomem(odb->err);
			goto out;
		}
		path = full.ptr;
	}
	rc = add_store(odb, path, depth);
out:
	sgit_buf_release(&unq);
	sgit_buf_release(&full);
	return rc;
}

/* Read store i's info/alternates; stores it names are read at depth + 1. */
static int read_alternates(struct sgit_odb *odb, size_t i, int depth)
{
	struct sgit_buf file = SGIT_BUF_INIT, content = SGIT_BUF_INIT;
	struct sgit_error ignored = SGIT_ERROR_INIT;
	char *line, *nl;
	int rc = 0;

	if (depth > ALTERNATES_MAX_DEPTH)
		return 0;
	if (sgit_fs_join(&file, odb->stores[i].path, "info/alternates") < 0) {
		rc = sgit_error_nomem(odb->err);
		goto out;
	}
	/* An unreadable or absent list adds nothing, as in git. */
	if (sgit_fs_read_file(&content, file.ptr, &ignored) < 0)
		goto out;
	for (line = content.ptr; rc == 0 && line < content.ptr + content.len; line = nl + 1) {
		nl = memchr(line, '\n', content.len - (size_t)(line - content.ptr));
		if (!nl)
			nl = content.ptr + content.len;
		*nl = '\0';
		rc = add_alternate_line(odb, i, line, depth + 1);
	}
out:
	sgit_buf_release(&file);
	sgit_buf_release(&content);
	return rc;
}

/*
 * Add the objects folder path unless it is missing or already known;
 * SGIT_ENOTFOUND (message set, nothing added) when it is not a folder.
 */
static int add_store_checked(struct sgit_odb *odb, const char *path, int depth)
{
	char *real = realpath(path, NULL);
	size_t i;
	int rc = 0;

	if (!real || !sgit_fs_is_dir(real)) {
		rc = sgit_error_set(odb->err, SGIT_ENOTFOUND, "object directory '%s' does not exist",
				    path);
		goto out;
	}
	for (i = 0; i < odb->nstores; i++)
		if (!strcmp(odb->stores[i].real, real))
			goto out;
	if ((rc = append_store(odb, odb->nstores ? real : path, real)) == 0)
		rc = read_alternates(odb, odb->nstores - 1, depth);
out:
	free(real);
	return rc;
}

/* For alternates lists: a missing folder is skipped, as git does after its warning. */
static int add_store(struct sgit_odb *odb, const char *path, int depth)
{
	int rc = add_store_checked(odb, path, depth);

	return rc == SGIT_ENOTFOUND ? 0 : rc;
}

int sgit_odb_open(struct sgit_odb **out, const char *objects_dir,
		  const struct sgit_odb_options *opts, struct sgit_error *err)
{
	struct sgit_odb *odb = calloc(1, sizeof(*odb));
	struct sgit_buf dir = SGIT_BUF_INIT;
	mode_t mask = umask(0);
	int rc;

	umask(mask);
	*out = NULL;
	if (!odb || sgit_buf_sets(&dir, objects_dir) < 0) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	while (dir.len > 1 && dir.ptr[dir.len - 1] == '/')
		sgit_buf_truncate(&dir, dir.len - 1);
	odb->err = err;
	odb->level = opts && opts->compression >= 0 && opts->compression <= 9 ? opts->compression
									      : LOOSE_DEFAULT_LEVEL;
	odb->file_mode = 0444 & ~mask;
	if (!sgit_fs_is_dir(objects_dir)) {
		rc = sgit_error_set(err, SGIT_ENOTFOUND, "object directory '%s' does not exist",
				    objects_dir);
		goto out;
	}
	rc = add_store_checked(odb, dir.ptr, 0);
out:
	sgit_buf_release(&dir);
	if (rc < 0)
		sgit_odb_free(odb);
	else
		*out = odb;
	return rc;
}

static void drop_packs(struct odb_store *s)
{
	size_t i;

	for (i = 0; i < s->npacks; i++)
		sgit_pack_free(s->packs[i]);
	free(s->packs);
	s->packs = NULL;
	s->npacks = s->alloc = 0;
	s->scanned = 0;
}

void sgit_odb_free(struct sgit_odb *odb)
{
	size_t i;

	if (!odb)
		return;
	for (i = 0; i < odb->nstores; i++) {
		drop_packs(&odb->stores[i]);
		sgit_odb_store_forget(&odb->stores[i]);
		free(odb->stores[i].path);
		free(odb->stores[i].real);
	}
	sgit_odb_reader_release(&odb->reader);
	free(odb->stores);
	free(odb);
}

const char *sgit_odb_path(const struct sgit_odb *odb)
{
	return odb->stores[0].path;
}

int sgit_odb_add_alternate(struct sgit_odb *odb, const char *objects_dir)
{
	return add_store_checked(odb, objects_dir, 0);
}

void sgit_odb_refresh(struct sgit_odb *odb)
{
	size_t i;

	for (i = 0; i < odb->nstores; i++) {
		drop_packs(&odb->stores[i]);
		sgit_odb_store_forget(&odb->stores[i]);
	}
	odb->last = NULL;
	odb->pack_error = 0;
}

/* 1 when the pack at pack_path is open already. */
static int has_pack(const struct odb_store *s, const char *pack_path)
{
	size_t i;

	for (i = 0; i < s->npacks; i++)
		if (!strcmp(sgit_pack_path(s->packs[i]), pack_path))
			return 1;
	return 0;
}

static int append_pack(struct sgit_odb *odb, struct odb_store *s, const char *idx)
{
	struct sgit_error perr = SGIT_ERROR_INIT;
	struct sgit_pack *p = NULL;
	int rc;

	if (s->npacks == s->alloc) {
		size_t n = s->alloc ? 2 * s->alloc : 4;
		struct sgit_pack **grown = realloc(s->packs, n * sizeof(*grown));

		if (!grown)
			return sgit_error_nomem(odb->err);
		s->packs = grown;
		s->alloc = n;
	}
	rc = sgit_pack_open(&p, idx, &perr);
	if (rc == SGIT_ENOMEM)
		return sgit_error_nomem(odb->err);
	if (rc < 0) {
		/* Skip it like git, but keep the reason for when an object cannot be found. */
		if (!odb->pack_error) {
			odb->pack_error = rc;
			odb->pack_error_msg = perr;
		}
		return 0;
	}
	s->packs[s->npacks++] = p;
	return 1;
}

/* Open the packs of s not opened yet; returns how many were added, or < 0. */
static int scan_packs(struct sgit_odb *odb, struct odb_store *s)
{
	struct sgit_buf dir = SGIT_BUF_INIT, idx = SGIT_BUF_INIT;
	struct dirent *de;
	DIR *d = NULL;
	int rc = 0, added = 0;

	s->scanned = 1;
	if (sgit_fs_join(&dir, s->path, "pack") < 0)
		return sgit_error_nomem(odb->err);
	if (!(d = opendir(dir.ptr)))
		goto out;
	while (rc >= 0 && (de = readdir(d)) != NULL) {
		size_t n = strlen(de->d_name);

		if (n < 5 || strcmp(de->d_name + n - 4, ".idx"))
			continue;
		if (sgit_buf_printf(&idx, "%s/%.*spack", dir.ptr, (int)(n - 3), de->d_name) < 0) {
			rc = sgit_error_nomem(odb->err);
			break;
		}
		/* An .idx whose .pack is missing is a pack being written or removed. */
		if (has_pack(s, idx.ptr) || !sgit_fs_exists(idx.ptr))
			continue;
		memcpy(idx.ptr + idx.len - 4, "idx", 4);
		sgit_buf_setlen(&idx, idx.len - 1);
		if ((rc = append_pack(odb, s, idx.ptr)) > 0)
			added++;
	}
out:
	if (d)
		closedir(d);
	sgit_buf_release(&dir);
	sgit_buf_release(&idx);
	return rc < 0 ? rc : added;
}

int sgit_odb_store_packs(struct sgit_odb *odb, size_t i)
{
	int rc;

	if (odb->stores[i].scanned)
		return 0;
	rc = scan_packs(odb, &odb->stores[i]);
	return rc < 0 ? rc : 0;
}

int sgit_odb_rescan_packs(struct sgit_odb *odb)
{
	size_t i;
	int added = 0;

	for (i = 0; i < odb->nstores; i++) {
		int rc = scan_packs(odb, &odb->stores[i]);

		if (rc > 0)
			added = 1;
	}
	return added;
}

/* The pack holding id, with *offset; NULL when no pack has it. */
static struct sgit_pack *find_packed(uint64_t *offset, struct sgit_odb *odb,
				     const struct sgit_oid *id)
{
	size_t i, j;

	if (odb->last && sgit_pack_find(offset, odb->last, id))
		return odb->last;
	for (i = 0; i < odb->nstores; i++) {
		struct odb_store *s = &odb->stores[i];

		if (sgit_odb_store_packs(odb, i) < 0)
			return NULL;
		for (j = 0; j < s->npacks; j++)
			if (s->packs[j] != odb->last && sgit_pack_find(offset, s->packs[j], id))
				return odb->last = s->packs[j];
	}
	return NULL;
}

/* Read content (out) or only the header (out NULL) of id, wherever it is. */
static int read_object(struct sgit_buf *out, enum sgit_object_type *type, size_t *size,
		       struct sgit_odb *odb, const struct sgit_oid *id, int rescan)
{
	char hex[SGIT_OID_HEXSZ + 1];
	struct sgit_pack *p;
	uint64_t offset;
	size_t i;
	int rc;

	if ((p = find_packed(&offset, odb, id)) != NULL) {
		if (!out)
			return sgit_pack_read_header(size, type, p, offset, odb->err);
		if ((rc = sgit_pack_read(out, type, p, offset, odb->err)) == 0)
			*size = out->len;
		return rc;
	}
	for (i = 0; i < odb->nstores; i++)
		if ((rc = sgit_odb_loose_read(out, type, size, odb, i, id)) != SGIT_ENOTFOUND)
			return rc;
	/* It may have been packed (and its loose copy removed) since the packs were listed. */
	if (rescan && sgit_odb_rescan_packs(odb))
		return read_object(out, type, size, odb, id, 0);
	if (odb->pack_error) {
		if (odb->err)
			*odb->err = odb->pack_error_msg;
		return odb->pack_error;
	}
	return sgit_error_set(odb->err, SGIT_ENOTFOUND, "object '%s' not found",
			      sgit_oid_tohex(hex, id));
}

int sgit_odb_read(struct sgit_buf *out, enum sgit_object_type *type,
		  struct sgit_odb *odb, const struct sgit_oid *id)
{
	size_t size;
	int rc = read_object(out, type, &size, odb, id, 1);

	if (rc < 0) {
		sgit_buf_reset(out);
		*type = SGIT_OBJ_BAD;
	}
	return rc;
}

int sgit_odb_stream(enum sgit_object_type *type, size_t *size, struct sgit_odb *odb,
		    const struct sgit_oid *id, sgit_odb_stream_cb cb, void *payload)
{
	struct sgit_pack *p;
	uint64_t offset;
	size_t i;
	int rc = SGIT_ENOTFOUND, pass;

	/* a second pass looks for packs made since the first (as read_object does) */
	for (pass = 0; pass < 2 && rc == SGIT_ENOTFOUND; pass++) {
		if (pass && !sgit_odb_rescan_packs(odb))
			break;
		if ((p = find_packed(&offset, odb, id)) != NULL)
			return sgit_pack_stream(type, size, p, offset, cb, payload, odb->err);
		for (i = 0; i < odb->nstores && rc == SGIT_ENOTFOUND; i++)
			rc = sgit_loose_stream(type, size, odb->stores[i].path, id, cb, payload, odb->err);
	}
	if (rc != SGIT_ENOTFOUND)
		return rc;
	/* no such object: sgit_odb_read_header says why, with the message git gives */
	return sgit_odb_read_header(size, type, odb, id);
}

int sgit_odb_read_header(size_t *size, enum sgit_object_type *type,
			 struct sgit_odb *odb, const struct sgit_oid *id)
{
	int rc = read_object(NULL, type, size, odb, id, 1);

	if (rc < 0) {
		*size = 0;
		*type = SGIT_OBJ_BAD;
	}
	return rc;
}

/* Packed or loose in any store, without looking for new packs. */
static int exists_quick(struct sgit_odb *odb, const struct sgit_oid *id)
{
	uint64_t offset;
	size_t i;

	if (find_packed(&offset, odb, id))
		return 1;
	for (i = 0; i < odb->nstores; i++)
		if (sgit_odb_loose_exists(odb, i, id))
			return 1;
	return 0;
}

int sgit_odb_exists(struct sgit_odb *odb, const struct sgit_oid *id)
{
	if (exists_quick(odb, id))
		return 1;
	return sgit_odb_rescan_packs(odb) && exists_quick(odb, id);
}

int sgit_odb_write(struct sgit_oid *out, struct sgit_odb *odb,
		   enum sgit_object_type type, const void *data, size_t len)
{
	struct sgit_oid id;
	int rc = 0;

	if (!sgit_object_type_name(type)) {
		rc = sgit_error_set(odb->err, SGIT_EINVALID, "cannot write an object of type %d",
				    (int)type);
		goto out;
	}
	if (sgit_object_hash(&id, type, data, len) < 0) {
		rc = sgit_error_nomem(odb->err);
		goto out;
	}
	/* Never rewrite: whatever copy is there already is as good as a new one. */
	if (!exists_quick(odb, &id) &&
	    (rc = sgit_loose_write(odb->stores[0].path, &id, type, data, len, odb->level,
				   odb->file_mode, odb->err)) == 0)
		sgit_odb_loose_cache_add(odb, 0, &id);
out:
	if (rc < 0)
		sgit_oid_clear(out);
	else
		*out = id;
	return rc;
}

/* The offset fd reads from next; SGIT_EINVALID for a pipe or terminal. */
static int fd_base(off_t *base, struct sgit_odb *odb, int fd)
{
	*base = lseek(fd, 0, SEEK_CUR);
	if (*base < 0)
		return sgit_error_set(odb->err, SGIT_EINVALID,
				      "cannot read object data twice from a stream: %s", strerror(errno));
	return 0;
}

int sgit_odb_hash_fd(struct sgit_oid *out, struct sgit_odb *odb,
		     enum sgit_object_type type, int fd, size_t len)
{
	off_t base;
	int rc;

	if ((rc = fd_base(&base, odb, fd)) < 0 ||
	    (rc = sgit_loose_hash_fd(out, type, fd, base, len, odb->err)) < 0)
		sgit_oid_clear(out);
	return rc;
}

int sgit_odb_write_fd(struct sgit_oid *out, struct sgit_odb *odb,
		      enum sgit_object_type type, int fd, size_t len)
{
	struct sgit_oid id;
	off_t base;
	int rc;

	if ((rc = fd_base(&base, odb, fd)) < 0 ||
	    (rc = sgit_loose_hash_fd(&id, type, fd, base, len, odb->err)) < 0)
		goto out;
	if (!exists_quick(odb, &id) &&
	    (rc = sgit_loose_write_fd(odb->stores[0].path, &id, type, fd, base, len, odb->level,
				      odb->file_mode, odb->err)) == 0)
		sgit_odb_loose_cache_add(odb, 0, &id);
out:
	if (rc < 0)
		sgit_oid_clear(out);
	else
		*out = id;
	return rc;
}
