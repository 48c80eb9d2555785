/* refs/refdb_pack.c: pack-refs --all: every loose ref into packed-refs, loose files removed */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "sgit/odb.h"
#include "refs/refdb_int.h"
#include "refs/refdb_iter_int.h"
#include "util/fs.h"

struct loose_val {
	const char *name;	/* borrowed from the name list */
	struct sgit_oid oid;
};

/* Refs that belong to one worktree stay loose, as git keeps them. */
static int per_worktree(const char *name)
{
	static const char *const prefixes[] = { "refs/bisect/", "refs/worktree/", "refs/rewritten/" };
	size_t i;

	for (i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++)
		if (!strncmp(name, prefixes[i], strlen(prefixes[i])))
			return 1;
	return 0;
}

/*
 * The loose refs that can be packed: plain values with good names whose
 * object exists (git leaves a ref to a missing object loose).
 */
static int packable(struct loose_val **out, size_t *n, struct sgit_refdb *db,
		    const struct sgit_refdb_names *names, unsigned flags)
{
	struct sgit_ref ref = SGIT_REF_INIT;
	struct sgit_buf scratch = SGIT_BUF_INIT;
	struct loose_val *v = NULL;
	size_t i;
	int rc = 0;

	*out = NULL;
	*n = 0;
	if (names->n && !(v = malloc(names->n * sizeof(*v)))) {
		rc = sgit_error_nomem(db->err);
		goto out;
	}
	for (i = 0; i < names->n; i++) {
		rc = sgit_refdb__read_loose(&ref, db, names->v[i], &scratch);
		if (rc == SGIT_ENOTFOUND)
			continue;
		if (rc < 0)
			goto out;
		/* without --all only tags are packed (what is packed already stays so) */
		if (!(flags & SGIT_REFDB_PACK_ALL) && strncmp(names->v[i], "refs/tags/", 10))
			continue;
		if ((ref.flags & (SGIT_REF_SYMBOLIC | SGIT_REF_BROKEN)) || per_worktree(names->v[i]) ||
		    !sgit_refname_is_valid(names->v[i], 0, NULL) ||
		    (db->opts.odb && !sgit_odb_exists(db->opts.odb, &ref.oid)))
			continue;
		v[*n].name = names->v[i];
		v[(*n)++].oid = ref.oid;
	}
	rc = 0;
	*out = v;
	v = NULL;
out:
	free(v);
	sgit_ref_release(&ref);
	sgit_buf_release(&scratch);
	return rc;
}

/* The old packed entries with the loose values laid over them, in name order. */
static int merge(struct sgit_packed_entry **out, size_t *n, const struct sgit_packed_refs *p,
		 const struct loose_val *l, size_t nl)
{
	struct sgit_packed_entry *e = malloc((p->n + nl + 1) * sizeof(*e));
	size_t i = 0, j = 0, k = 0;

	*out = e;
	*n = 0;
	if (!e)
		return SGIT_ENOMEM;
	while (i < nl || j < p->n) {
		size_t len = i < nl ? strlen(l[i].name) : 0;
		int c = i == nl ? 1 : j == p->n ? -1 : 0;

		if (!c) {
			const struct sgit_packed_entry *q = &p->entries[j];

			c = memcmp(l[i].name, q->name, len < q->name_len ? len : q->name_len);
			if (!c)
				c = len < q->name_len ? -1 : len > q->name_len;
		}
		if (c <= 0) {
			memset(&e[k], 0, sizeof(e[k]));
			e[k].name = l[i].name;
			e[k].name_len = len;
			e[k++].oid = l[i++].oid;
			j += c == 0;
		} else {
			e[k++] = p->entries[j++];
		}
	}
	*n = k;
	return 0;
}

/* Remove the loose files now packed, each under its lock and only if unchanged. */
static void prune_loose(struct sgit_refdb *db, const struct loose_val *l, size_t nl)
{
	struct sgit_ref ref = SGIT_REF_INIT;
	struct sgit_buf scratch = SGIT_BUF_INIT, path = SGIT_BUF_INIT;
	size_t i;

	for (i = 0; i < nl; i++) {
		struct sgit_lockfile lk = SGIT_LOCKFILE_INIT;

		sgit_buf_reset(&path);
		if (sgit_refdb__path(&path, db, "", l[i].name) < 0)
			break;
		/* a ref someone holds or changed meanwhile simply stays loose */
		if (sgit_lockfile_acquire(&lk, path.ptr, NULL) == 0 &&
		    sgit_refdb__read_loose(&ref, db, l[i].name, &scratch) == 0 &&
		    !(ref.flags & (SGIT_REF_SYMBOLIC | SGIT_REF_BROKEN)) && sgit_oid_equal(&ref.oid, &l[i].oid))
			unlink(path.ptr);
		sgit_lockfile_rollback(&lk);
		sgit_refdb__prune_dirs(db, "", l[i].name);
	}
	sgit_ref_release(&ref);
	sgit_buf_release(&scratch);
	sgit_buf_release(&path);
}

int sgit_refdb_pack_all(struct sgit_refdb *db)
{
	return sgit_refdb_pack(db, SGIT_REFDB_PACK_ALL | SGIT_REFDB_PACK_PRUNE);
}

int sgit_refdb_pack(struct sgit_refdb *db, unsigned flags)
{
	struct sgit_lockfile lk = SGIT_LOCKFILE_INIT;
	struct sgit_refdb_names names = SGIT_REFDB_NAMES_INIT;
	const struct sgit_packed_refs *packed;
	struct sgit_packed_entry *entries = NULL;
	struct loose_val *loose = NULL;
	size_t nloose = 0, n = 0;
	int rc;

	if ((rc = sgit_lockfile_acquire(&lk, db->packed_path.ptr, db->err)) < 0 ||
	    (rc = sgit_refdb__packed(&packed, db)) < 0 ||
	    (rc = sgit_refdb__loose_names(&names, db, "refs/")) < 0 ||
	    (rc = packable(&loose, &nloose, db, &names, flags)) < 0)
		goto out;
	if (merge(&entries, &n, packed, loose, nloose) < 0) {
		rc = sgit_error_nomem(db->err);
		goto out;
	}
	if ((rc = sgit_refdb__packed_write(db, &lk, entries, n)) < 0)
		goto out;
	if (flags & SGIT_REFDB_PACK_PRUNE)
		prune_loose(db, loose, nloose);
out:
	sgit_lockfile_rollback(&lk);
	free(entries);
	free(loose);
	sgit_refdb__names_release(&names);
	return rc;
}
