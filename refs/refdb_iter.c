/* refs/refdb_iter.c: every ref under a prefix, loose and packed merged in name order */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "refs/refdb_int.h"
#include "refs/refdb_iter_int.h"

#define MAX_DIR_DEPTH 256

void sgit_refdb__names_release(struct sgit_refdb_names *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	l->v = NULL;
	l->n = l->alloc = 0;
}

static int add_name(struct sgit_refdb_names *l, const char *name, size_t len)
{
	char *copy;

	if (l->n == l->alloc) {
		size_t alloc = l->alloc ? l->alloc * 2 : 256;
		char **v = alloc > (size_t)-1 / sizeof(*v) ? NULL : realloc(l->v, alloc * sizeof(*v));

		if (!v)
			return SGIT_ENOMEM;
		l->v = v;
		l->alloc = alloc;
	}
	if (!(copy = strndup(name, len)))
		return SGIT_ENOMEM;
	l->v[l->n++] = copy;
	return 0;
}

/* Could a name that starts with s[0..len) start with prefix, or the other way round? */
static int may_match(const char *s, size_t len, const char *prefix, size_t plen)
{
	return !memcmp(s, prefix, len < plen ? len : plen);
}

static int entry_is_dir(const struct dirent *de, const char *dir, const char *name)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	struct stat st;
	int is_dir;

	if (de->d_type != DT_UNKNOWN)
		return de->d_type == DT_DIR;
	is_dir = sgit_buf_printf(&path, "%s/%s", dir, name) == 0 && lstat(path.ptr, &st) == 0 &&
		 S_ISDIR(st.st_mode);
	sgit_buf_release(&path);
	return is_dir;
}

/* rel: the ref name of folder dir with its trailing '/'. */
static int collect(struct sgit_refdb_names *l, struct sgit_buf *dir, struct sgit_buf *rel,
		   const char *prefix, size_t plen, int depth)
{
	DIR *d = depth < MAX_DIR_DEPTH ? opendir(dir->ptr) : NULL;
	size_t dlen = dir->len, rlen = rel->len, nlen;
	struct dirent *de;
	int rc = 0;

	if (!d)
		return 0;	/* missing folders hold no refs */
	while (!rc && (de = readdir(d))) {
		nlen = strlen(de->d_name);
		/* dot files, "." and ".." are no refs; neither are lock files */
		if (de->d_name[0] == '.' || (nlen >= 5 && !strcmp(de->d_name + nlen - 5, ".lock")))
			continue;
		if (sgit_buf_add(rel, de->d_name, nlen) < 0) {
			rc = SGIT_ENOMEM;
			break;
		}
		if (entry_is_dir(de, dir->ptr, de->d_name)) {
			if (sgit_buf_addch(rel, '/') < 0 || sgit_buf_addch(dir, '/') < 0 ||
			    sgit_buf_add(dir, de->d_name, nlen) < 0)
				rc = SGIT_ENOMEM;
			else if (may_match(rel->ptr, rel->len, prefix, plen))
				rc = collect(l, dir, rel, prefix, plen, depth + 1);
			sgit_buf_truncate(dir, dlen);
		} else if (rel->len >= plen && !memcmp(rel->ptr, prefix, plen)) {
			rc = add_name(l, rel->ptr, rel->len);
		}
		sgit_buf_truncate(rel, rlen);
	}
	closedir(d);
	return rc;
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int sgit_refdb__loose_names(struct sgit_refdb_names *out, struct sgit_refdb *db, const char *prefix)
{
	struct sgit_buf dir = SGIT_BUF_INIT, rel = SGIT_BUF_INIT;
	size_t plen = strlen(prefix), start;
	const char *slash;
	int rc = 0;

	if (plen >= 5 && !memcmp(prefix, "refs/", 5)) {
		slash = strrchr(prefix, '/');
		start = (size_t)(slash - prefix) + 1;
	} else if (!strncmp("refs/", prefix, plen)) {
		start = 5;
		prefix = plen ? prefix : "refs/";
	} else {
		goto out;	/* only refs/ is walked: HEAD and friends are read by name */
	}
	if (sgit_buf_set(&rel, plen >= 5 ? prefix : "refs/", start) < 0 ||
	    sgit_refdb__path(&dir, db, "", rel.ptr) < 0) {
		rc = SGIT_ENOMEM;
		goto out;
	}
	sgit_buf_truncate(&dir, dir.len - 1);
	if ((rc = collect(out, &dir, &rel, prefix, plen, 0)) < 0)
		goto out;
	if (out->n > 1)
		qsort(out->v, out->n, sizeof(*out->v), name_cmp);
out:
	if (rc == SGIT_ENOMEM)
		sgit_error_nomem(db->err);
	sgit_buf_release(&dir);
	sgit_buf_release(&rel);
	return rc;
}

/* Fill ref from a loose file; 1 when there is nothing to report (gone meanwhile). */
static int loose_ref(struct sgit_ref *ref, struct sgit_refdb *db, const char *name,
		     struct sgit_buf *scratch)
{
	int rc = sgit_refdb__read_loose(ref, db, name, scratch);

	if (rc == SGIT_ENOTFOUND)
		return 1;
	if (rc < 0)
		return rc;
	if (sgit_buf_sets(&ref->name, name) < 0)
		return sgit_error_nomem(db->err);
	if (!sgit_refname_is_valid(name, 0, NULL))
		ref->flags |= SGIT_REF_BROKEN;
	if (ref->flags & SGIT_REF_SYMBOLIC) {
		rc = sgit_refdb_resolve(&ref->oid, NULL, db, name);
		if (rc == SGIT_ENOMEM || rc == SGIT_EOS)
			return rc;
		if (rc < 0 && rc != SGIT_ENOTFOUND)
			ref->flags |= SGIT_REF_BROKEN;
	}
	return 0;
}

static int packed_ref(struct sgit_ref *ref, const struct sgit_packed_entry *e, struct sgit_refdb *db)
{
	sgit_buf_reset(&ref->target);
	ref->oid = e->oid;
	ref->peeled = e->has_peeled ? e->peeled : (struct sgit_oid){ { 0 } };
	ref->flags = SGIT_REF_PACKED | (e->has_peeled ? SGIT_REF_HAS_PEELED : 0);
	if (sgit_buf_set(&ref->name, e->name, e->name_len) < 0)
		return sgit_error_nomem(db->err);
	return 0;
}

static int cmp_loose_packed(const char *loose, const struct sgit_packed_entry *e)
{
	size_t len = strlen(loose), n = len < e->name_len ? len : e->name_len;
	int c = memcmp(loose, e->name, n);

	if (c)
		return c;
	return len < e->name_len ? -1 : len > e->name_len;
}

/*
 * A private copy of the cached packed-refs, so that a callback that reads
 * or changes refs (and so reloads the cache) cannot pull it from under us.
 */
static int snapshot_packed(struct sgit_packed_refs *out, struct sgit_buf *data, struct sgit_refdb *db)
{
	const struct sgit_packed_refs *p;
	size_t i;
	int rc;

	if ((rc = sgit_refdb__packed(&p, db)) < 0 || !p->n)
		return rc;
	if (sgit_buf_set(data, db->packed_map.data, db->packed_map.len) < 0 ||
	    !(out->entries = malloc(p->n * sizeof(*p->entries))))
		return sgit_error_nomem(db->err);
	memcpy(out->entries, p->entries, p->n * sizeof(*p->entries));
	out->n = out->alloc = p->n;
	for (i = 0; i < p->n; i++)
		out->entries[i].name = data->ptr + (p->entries[i].name - db->packed_map.data);
	return 0;
}

int sgit_refdb_foreach(struct sgit_refdb *db, const char *prefix, sgit_ref_foreach_cb cb,
		       void *payload)
{
	struct sgit_refdb_names loose = SGIT_REFDB_NAMES_INIT;
	struct sgit_packed_refs packed = SGIT_PACKED_REFS_INIT;
	struct sgit_buf data = SGIT_BUF_INIT, scratch = SGIT_BUF_INIT;
	struct sgit_ref ref = SGIT_REF_INIT;
	size_t i = 0, j, plen;
	int rc, c;

	prefix = prefix ? prefix : "";
	plen = strlen(prefix);
	if ((rc = snapshot_packed(&packed, &data, db)) < 0 ||
	    (rc = sgit_refdb__loose_names(&loose, db, prefix)) < 0)
		goto out;
	j = sgit_packed_refs_lower_bound(&packed, prefix, plen);
	for (;;) {
		int have_p = j < packed.n && packed.entries[j].name_len >= plen &&
			     !memcmp(packed.entries[j].name, prefix, plen);

		if (i == loose.n && !have_p)
			break;
		c = i == loose.n ? 1 : !have_p ? -1 : cmp_loose_packed(loose.v[i], &packed.entries[j]);
		if (c <= 0) {
			if ((rc = loose_ref(&ref, db, loose.v[i++], &scratch)) == 1)
				continue;	/* gone meanwhile: a packed one may show again */
			/* a loose ref hides the packed one of the same name */
			j += c == 0;
		} else {
			rc = packed_ref(&ref, &packed.entries[j++], db);
		}
		if (rc < 0 || (rc = cb(&ref, payload)) != 0)
			goto out;
	}
out:
	sgit_refdb__names_release(&loose);
	sgit_packed_refs_release(&packed);
	sgit_buf_release(&data);
	sgit_ref_release(&ref);
	sgit_buf_release(&scratch);
	return rc;
}
