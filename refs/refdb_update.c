/* refs/refdb_update.c: change one ref under its lock: update, compare-and-swap, delete */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "sgit/odb.h"
#include "refs/refdb_int.h"
#include "refs/refdb_iter_int.h"
#include "util/fs.h"

#define SYMREF_MAX_READS 5

/* What a ref holds just before we change it (read under its lock). */
struct current {
	int stored;		/* something is stored under this name (loose or packed) */
	int exists;		/* it has a value: a symbolic ref counts when its target resolves */
	int symbolic;
	struct sgit_oid oid;	/* the value, symbolic refs followed; zero when none */
};

static int check_name(struct sgit_refdb *db, const char *name)
{
	if (!name || !sgit_refname_is_valid(name, SGIT_REFNAME_ALLOW_ONELEVEL, NULL))
		return sgit_error_set(db->err, SGIT_EINVALID, "refusing to update ref with bad name '%s'",
				      name ? name : "");
	return 0;
}

/* The ref a change of name lands on: name, or the end of its chain of symbolic refs. */
static int follow(struct sgit_buf *final, struct sgit_refdb *db, const char *name)
{
	struct sgit_ref ref = SGIT_REF_INIT;
	int rc, reads;

	if (sgit_buf_sets(final, name) < 0)
		return sgit_error_nomem(db->err);
	for (reads = 0; reads < SYMREF_MAX_READS; reads++) {
		rc = sgit_refdb_read(&ref, db, final->ptr);
		if (rc == SGIT_ENOTFOUND || (!rc && !(ref.flags & SGIT_REF_SYMBOLIC))) {
			rc = 0;
			goto out;
		}
		if (rc < 0)
			goto out;
		if (!sgit_refname_is_valid(ref.target.ptr, SGIT_REFNAME_ALLOW_ONELEVEL, NULL)) {
			rc = sgit_error_set(db->err, SGIT_ECORRUPT, "cannot lock ref '%s': "
					    "symbolic ref '%s' points to a bad name", name, final->ptr);
			goto out;
		}
		sgit_buf_swap(final, &ref.target);
	}
	rc = sgit_error_set(db->err, SGIT_EINVALID,
			    "cannot lock ref '%s': symbolic refs loop or nest too deep", name);
out:
	sgit_ref_release(&ref);
	return rc;
}

static int read_current(struct current *cur, struct sgit_refdb *db, const char *name)
{
	struct sgit_ref ref = SGIT_REF_INIT;
	int rc = sgit_refdb_read(&ref, db, name);

	memset(cur, 0, sizeof(*cur));
	if (rc == SGIT_ENOTFOUND) {
		rc = 0;
		goto out;
	}
	if (rc < 0)
		goto out;
	cur->stored = 1;
	cur->symbolic = (ref.flags & SGIT_REF_SYMBOLIC) != 0;
	if (cur->symbolic) {
		rc = sgit_refdb_resolve(&cur->oid, NULL, db, name);
		cur->exists = rc == 0;
		rc = rc == SGIT_ENOMEM || rc == SGIT_EOS ? rc : 0;
	} else {
		cur->exists = !(ref.flags & SGIT_REF_BROKEN);
		cur->oid = ref.oid;
	}
out:
	sgit_ref_release(&ref);
	return rc;
}

/* The compare-and-swap of refs.h, with git's messages. */
static int check_old(struct sgit_refdb *db, const char *display, const char *final,
		     const struct current *cur, const struct sgit_oid *old_oid)
{
	char have[SGIT_OID_HEXSZ + 1], want[SGIT_OID_HEXSZ + 1];

	if (!old_oid)
		return 0;
	if (sgit_oid_is_zero(old_oid))
		return cur->stored ? sgit_error_set(db->err, SGIT_ECONFLICT,
				"cannot lock ref '%s': reference already exists", display) : 0;
	if (!cur->exists)
		return sgit_error_set(db->err, SGIT_ECONFLICT,
				      "cannot lock ref '%s': unable to resolve reference '%s'", display, final);
	if (!sgit_oid_equal(&cur->oid, old_oid))
		return sgit_error_set(db->err, SGIT_ECONFLICT, "cannot lock ref '%s': is at %s but expected %s",
				      display, sgit_oid_tohex(have, &cur->oid), sgit_oid_tohex(want, old_oid));
	return 0;
}

static int df_conflict(struct sgit_refdb *db, const char *display, const char *other,
		       size_t other_len, const char *name)
{
	return sgit_error_set(db->err, SGIT_EEXISTS, "cannot lock ref '%s': '%.*s' exists; cannot create '%s'",
			      display, (int)other_len, other, name);
}

/* A ref named like one of name's folders: refs/heads/a blocks refs/heads/a/b. */
static int check_df_above(struct sgit_refdb *db, const char *display, const char *name)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	struct sgit_packed_entry e;
	struct stat st;
	size_t i;
	int rc = 0;

	for (i = 0; name[i] && !rc; i++) {
		if (name[i] != '/')
			continue;
		if (sgit_buf_printf(&path, "%s/%.*s", db->git_dir, (int)i, name) < 0)
			rc = sgit_error_nomem(db->err);
		else if ((lstat(path.ptr, &st) == 0 && !S_ISDIR(st.st_mode)) ||
			 (rc = sgit_refdb__packed_lookup(&e, db, name, i, 0)) == 0)
			rc = df_conflict(db, display, name, i, name);
		else if (rc == SGIT_ENOTFOUND)
			rc = 0;
	}
	sgit_buf_release(&path);
	return rc;
}

/* Refs below a folder of name's name: refs/heads/a/b blocks refs/heads/a. */
static int check_df_below(struct sgit_refdb *db, const char *display, const char *name)
{
	struct sgit_refdb_names below = SGIT_REFDB_NAMES_INIT;
	struct sgit_buf child = SGIT_BUF_INIT, path = SGIT_BUF_INIT;
	struct sgit_packed_entry e;
	struct stat st;
	int rc;

	if (sgit_buf_printf(&child, "%s/", name) < 0 || sgit_refdb__path(&path, db, "", name) < 0) {
		rc = sgit_error_nomem(db->err);
		goto out;
	}
	if (lstat(path.ptr, &st) == 0 && S_ISDIR(st.st_mode)) {
		if ((rc = sgit_refdb__loose_names(&below, db, child.ptr)) < 0)
			goto out;
		if (below.n) {
			rc = df_conflict(db, display, below.v[0], strlen(below.v[0]), name);
			goto out;
		}
		/* folders left empty by old deletes are in the way: git removes them */
		sgit_refdb__remove_empty_tree(path.ptr, 0);
		if (lstat(path.ptr, &st) == 0 && S_ISDIR(st.st_mode)) {
			rc = sgit_error_set(db->err, SGIT_EEXISTS, "cannot lock ref '%s': there is a non-empty "
					    "directory '%s' blocking reference '%s'", display, path.ptr, name);
			goto out;
		}
	}
	rc = sgit_refdb__packed_lookup(&e, db, child.ptr, child.len, 1);
	if (rc == 0)
		rc = df_conflict(db, display, e.name, e.name_len, name);
	else if (rc == SGIT_ENOTFOUND)
		rc = 0;
out:
	sgit_refdb__names_release(&below);
	sgit_buf_release(&child);
	sgit_buf_release(&path);
	return rc;
}

/* Take "<final>.lock" (its folders created), after the folder/file conflict checks when df. */
static int lock_ref(struct sgit_lockfile *lk, struct sgit_refdb *db, const char *display,
		    const char *final, int df)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	int rc;

	if ((rc = sgit_refdb__path(&path, db, "", final)) < 0) {
		rc = sgit_error_nomem(db->err);
		goto out;
	}
	if (df && ((rc = check_df_above(db, display, final)) < 0 ||
		   (rc = check_df_below(db, display, final)) < 0))
		goto out;
	if ((rc = sgit_fs_mkdir_parent(path.ptr, db->err)) < 0 ||
	    (rc = sgit_lockfile_acquire(lk, path.ptr, db->err)) < 0)
		sgit_error_prefix(db->err, "cannot lock ref '%s'", display);
out:
	sgit_buf_release(&path);
	return rc;
}

/* Does HEAD point at name (a branch being updated under it)? */
static int head_points_at(struct sgit_refdb *db, const char *name)
{
	struct sgit_ref head = SGIT_REF_INIT;
	int yes = sgit_refdb_read(&head, db, "HEAD") == 0 && (head.flags & SGIT_REF_SYMBOLIC) &&
		  !strcmp(head.target.ptr, name);

	sgit_ref_release(&head);
	return yes;
}

/*
 * Put the logs of names[0..n) back to the sizes they had (-1: there was no
 * log, -2: unknown, left alone), so a refused update leaves no line for a
 * value its ref never had.
 */
static void unlog(struct sgit_refdb *db, const char *const *names, const off_t *sizes, size_t n)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	size_t i;

	for (i = 0; i < n; i++) {
		if (sizes[i] == -2 || sgit_refdb__path(&path, db, "logs/", names[i]) < 0)
			continue;
		if (sizes[i] < 0)
			unlink(path.ptr);
		else if (truncate(path.ptr, sizes[i]) < 0)
			continue;	/* best effort: the update fails either way */
	}
	sgit_buf_release(&path);
}

/* The size of name's log, -1 when it has none, -2 when that cannot be told. */
static off_t log_size(struct sgit_refdb *db, const char *name)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	struct stat st;
	off_t size = -2;

	if (sgit_refdb__path(&path, db, "logs/", name) == 0)
		size = stat(path.ptr, &st) == 0 ? st.st_size : errno == ENOENT ? -1 : -2;
	sgit_buf_release(&path);
	return size;
}

/*
 * The ref's own log, the log of the symbolic ref the update came through,
 * and HEAD's. When one cannot be written, the lines already added to the
 * others are taken back (git leaves them).
 */
static int write_logs(struct sgit_refdb *db, const struct sgit_ref_update *u, const char *final,
		      const struct current *cur, const struct sgit_oid *new_oid)
{
	const char *names[3] = { final, NULL, NULL };
	off_t sizes[3] = { -2, -2, -2 };
	size_t n = 1, i;
	int rc = 0;

	if (strcmp(u->name, final))
		names[n++] = u->name;
	if (strcmp(u->name, "HEAD") && strcmp(final, "HEAD") && head_points_at(db, final))
		names[n++] = "HEAD";
	for (i = 0; i < n && !rc; i++) {
		if (!sgit_reflog__wanted(db, names[i]))
			continue;
		if (!u->committer) {
			rc = sgit_error_set(db->err, SGIT_EINVALID,
					    "no committer identity for the reflog of '%s'", names[i]);
			continue;
		}
		sizes[i] = log_size(db, names[i]);
		rc = sgit_reflog__append(db, names[i], &cur->oid, new_oid, u->committer, u->reflog_msg);
	}
	/* i is one past the log that failed: a part of its line may be there too */
	if (rc < 0)
		unlog(db, names, sizes, i);
	return rc;
}

static int new_content(struct sgit_buf *out, const struct sgit_ref_update *u)
{
	char hex[SGIT_OID_HEXSZ + 1];

	if (u->symref_target)
		return sgit_buf_printf(out, "ref: %s\n", u->symref_target) < 0 ? SGIT_ENOMEM : 0;
	return sgit_buf_printf(out, "%s\n", sgit_oid_tohex(hex, u->new_oid)) < 0 ? SGIT_ENOMEM : 0;
}

static int check_update(struct sgit_refdb *db, const struct sgit_ref_update *u)
{
	int rc = check_name(db, u->name);

	if (rc < 0)
		return rc;
	if (!u->new_oid == !u->symref_target)
		return sgit_error_set(db->err, SGIT_EINVALID,
				      "cannot update ref '%s': need a new value or a symbolic target, not both",
				      u->name);
	if (u->symref_target && !sgit_refname_is_valid(u->symref_target, SGIT_REFNAME_ALLOW_ONELEVEL, NULL))
		return sgit_error_set(db->err, SGIT_EINVALID, "refusing to point '%s' at bad name '%s'",
				      u->name, u->symref_target);
	return 0;
}

/* With an object store, git refuses a missing object, and a non-commit on a branch or HEAD. */
static int check_object(struct sgit_refdb *db, const char *final, const struct sgit_oid *id)
{
	char hex[SGIT_OID_HEXSZ + 1];
	enum sgit_object_type type;
	size_t size;

	if (!db->opts.odb)
		return 0;
	sgit_oid_tohex(hex, id);
	if (sgit_odb_read_header(&size, &type, db->opts.odb, id) < 0)
		return sgit_error_set(db->err, SGIT_EINVALID, "cannot update ref '%s': trying to write ref "
				      "'%s' with nonexistent object %s", final, final, hex);
	if (type != SGIT_OBJ_COMMIT && (!strcmp(final, "HEAD") || !strncmp(final, "refs/heads/", 11)))
		return sgit_error_set(db->err, SGIT_EINVALID, "cannot update ref '%s': trying to write "
				      "non-commit object %s to branch '%s'", final, hex, final);
	return 0;
}

int sgit_refdb_update(struct sgit_refdb *db, const struct sgit_ref_update *u)
{
	struct sgit_lockfile lk = SGIT_LOCKFILE_INIT;
	struct sgit_buf final = SGIT_BUF_INIT, content = SGIT_BUF_INIT;
	struct sgit_oid new_val = { { 0 } };
	struct current cur;
	int rc, have_new;

	if ((rc = check_update(db, u)) < 0)
		goto out;
	rc = u->symref_target || u->no_deref ? (sgit_buf_sets(&final, u->name) < 0 ? sgit_error_nomem(db->err) : 0)
					     : follow(&final, db, u->name);
	if (rc < 0 || (rc = lock_ref(&lk, db, u->name, final.ptr, 1)) < 0 ||
	    (rc = read_current(&cur, db, final.ptr)) < 0 ||
	    (rc = check_old(db, u->name, final.ptr, &cur, u->old_oid)) < 0)
		goto out;
	/* nothing to write, nothing to log: git leaves such a ref and its log alone */
	if (u->new_oid && cur.exists && !cur.symbolic && sgit_oid_equal(&cur.oid, u->new_oid))
		goto out;
	if (u->new_oid && (rc = check_object(db, final.ptr, u->new_oid)) < 0)
		goto out;
	if (new_content(&content, u) < 0) {
		rc = sgit_error_nomem(db->err);
		goto out;
	}
	if (u->new_oid)
		new_val = *u->new_oid;
	/* a symbolic ref is logged with the value of its target, when it has one */
	have_new = u->new_oid || sgit_refdb_resolve(&new_val, NULL, db, u->symref_target) == 0;
	/*
	 * git's order: a new value goes into the lock first and is logged only
	 * once it is written (a full disk leaves no log line for a value the
	 * ref never had); a symbolic ref is logged before its lock is written.
	 */
	if (u->symref_target && u->reflog_msg && have_new &&
	    (rc = write_logs(db, u, final.ptr, &cur, &new_val)) < 0)
		goto out;
	if ((rc = sgit_lockfile_write(&lk, content.ptr, content.len, db->err)) < 0) {
		rc = sgit_error_set(db->err, rc, "cannot update ref '%s': couldn't write '%s'", final.ptr,
				    lk.lock_path.ptr);
		goto out;
	}
	if (!u->symref_target && u->reflog_msg && have_new &&
	    (rc = write_logs(db, u, final.ptr, &cur, &new_val)) < 0) {
		if (rc == SGIT_EOS)
			sgit_error_prefix(db->err, "cannot update the ref '%s'", final.ptr);
		goto out;
	}
	if ((rc = sgit_lockfile_commit(&lk, db->err)) < 0)
		goto out;
out:
	sgit_lockfile_rollback(&lk);
	sgit_buf_release(&final);
	sgit_buf_release(&content);
	return rc;
}

/* Rewrite packed-refs without name, under packed-refs.lock. */
static int delete_packed(struct sgit_refdb *db, const char *name)
{
	struct sgit_lockfile lk = SGIT_LOCKFILE_INIT;
	const struct sgit_packed_refs *packed;
	const struct sgit_packed_entry *e;
	struct sgit_packed_entry *keep = NULL, one;
	size_t idx;
	int rc;

	/* only a ref that is packed needs the whole file (and its lock) */
	if ((rc = sgit_refdb__packed_lookup(&one, db, name, strlen(name), 0)) < 0) {
		rc = rc == SGIT_ENOTFOUND ? 0 : rc;
		goto out;
	}
	if ((rc = sgit_lockfile_acquire(&lk, db->packed_path.ptr, db->err)) < 0 ||
	    (rc = sgit_refdb__packed(&packed, db)) < 0)	/* what another writer left before our lock */
		goto out;
	if (!(e = sgit_packed_refs_find(packed, name, strlen(name))))
		goto out;
	idx = (size_t)(e - packed->entries);
	if (!(keep = malloc((packed->n ? packed->n : 1) * sizeof(*keep)))) {
		rc = sgit_error_nomem(db->err);
		goto out;
	}
	memcpy(keep, packed->entries, idx * sizeof(*keep));
	memcpy(keep + idx, packed->entries + idx + 1, (packed->n - idx - 1) * sizeof(*keep));
	rc = sgit_refdb__packed_write(db, &lk, keep, packed->n - 1);
out:
	sgit_lockfile_rollback(&lk);
	free(keep);
	return rc;
}

int sgit_refdb_delete(struct sgit_refdb *db, const char *name, const struct sgit_oid *old_oid,
		      int no_deref)
{
	struct sgit_lockfile lk = SGIT_LOCKFILE_INIT;
	struct sgit_buf final = SGIT_BUF_INIT, path = SGIT_BUF_INIT;
	struct current cur = { 0, 0, 0, { { 0 } } };
	int rc;

	if ((rc = check_name(db, name)) < 0)
		goto out;
	rc = no_deref ? (sgit_buf_sets(&final, name) < 0 ? sgit_error_nomem(db->err) : 0)
		      : follow(&final, db, name);
	if (rc < 0 || (rc = lock_ref(&lk, db, name, final.ptr, 0)) < 0 ||
	    (rc = read_current(&cur, db, final.ptr)) < 0 ||
	    (rc = check_old(db, name, final.ptr, &cur, old_oid)) < 0 || !cur.stored)
		goto out;
	/* packed first: a reader never sees the packed value come back */
	if ((rc = delete_packed(db, final.ptr)) < 0)
		goto out;
	if ((rc = sgit_refdb__path(&path, db, "", final.ptr)) < 0) {
		rc = sgit_error_nomem(db->err);
		goto out;
	}
	if (unlink(path.ptr) < 0 && errno != ENOENT && errno != EISDIR) {
		rc = sgit_error_set(db->err, SGIT_EOS, "cannot delete ref '%s': %s", final.ptr, strerror(errno));
		goto out;
	}
	rc = sgit_reflog__delete(db, final.ptr);
out:
	sgit_lockfile_rollback(&lk);
	if (final.len)
		sgit_refdb__prune_dirs(db, "", final.ptr);
	sgit_buf_release(&final);
	sgit_buf_release(&path);
	return rc;
}
