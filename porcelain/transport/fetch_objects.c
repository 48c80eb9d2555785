/* porcelain/transport/fetch_objects.c: which objects a fetch copies, and copying them as one checked pack */
#include <dirent.h>
#include <errno.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "objects/pack.h"
#include "porcelain/transport/fetch_int.h"
#include "sgit/commit.h"
#include "sgit/object.h"
#include "sgit/pack_write.h"
#include "sgit/revwalk.h"
#include "util/fs.h"

/* ---- a set of ids ---- */

int sgit_fetch__oids_add(struct fetch_oids *set, const struct sgit_oid *id)
{
	if (set->n == set->alloc) {
		size_t alloc = set->alloc ? set->alloc * 2 : 256;
		struct sgit_oid *grown = realloc(set->ids, alloc * sizeof(*grown));

		if (!grown)
			return SGIT_ENOMEM;
		set->ids = grown;
		set->alloc = alloc;
	}
	set->ids[set->n++] = *id;
	return 0;
}

static int cmp_oid(const void *a, const void *b)
{
	return memcmp(a, b, SGIT_OID_RAWSZ);
}

void sgit_fetch__oids_seal(struct fetch_oids *set)
{
	size_t i, k = 0;

	if (!set->n)
		return;
	qsort(set->ids, set->n, sizeof(*set->ids), cmp_oid);
	for (i = 1; i < set->n; i++)
		if (!sgit_oid_equal(&set->ids[k], &set->ids[i]))
			set->ids[++k] = set->ids[i];
	set->n = k + 1;
}

int sgit_fetch__oids_has(const struct fetch_oids *set, const struct sgit_oid *id)
{
	return set->n && bsearch(id, set->ids, set->n, sizeof(*set->ids), cmp_oid) != NULL;
}

void sgit_fetch__oids_release(struct fetch_oids *set)
{
	free(set->ids);
	*set = (struct fetch_oids)FETCH_OIDS_INIT;
}

/* ---- what to copy ---- */

/* How many of our own commits a fetch looks through for ones the other side has too. */
#define HAVE_SEARCH_LIMIT 256

struct haves {
	struct sgit_odb *src, *dst;
	struct fetch_oids ids;		/* our commits the other side has: the walk stops there */
	struct fetch_oids queue;	/* our tips it lacks, then their ancestors, looked at in turn */
};

/* Our tips that the other side has too: the walk need not go below them. */
static int add_have(const struct sgit_ref *ref, void *payload)
{
	struct haves *h = payload;
	struct sgit_oid commit;

	if ((ref->flags & SGIT_REF_BROKEN) || sgit_oid_is_zero(&ref->oid))
		return 0;
	if (sgit_odb_exists(h->src, &ref->oid))
		return sgit_fetch__oids_add(&h->ids, &ref->oid);
	if (h->queue.n < HAVE_SEARCH_LIMIT && sgit_fetch__peel_commit(&commit, h->dst, &ref->oid))
		return sgit_fetch__oids_add(&h->queue, &commit);
	return 0;
}

static int seen(const struct fetch_oids *set, size_t upto, const struct sgit_oid *id)
{
	size_t i;

	for (i = 0; i < upto; i++)
		if (sgit_oid_equal(&set->ids[i], id))
			return 1;
	return 0;
}

/*
 * Commits of ours the other side lacks (work not sent anywhere yet): their
 * ancestors, a few hundred at most, may be shared, and hide much history.
 * Like git's negotiation, this only spares copying: whatever it misses is
 * copied again, harmlessly.
 */
static int search_haves(struct haves *h)
{
	struct sgit_buf data = SGIT_BUF_INIT;
	struct sgit_commit *c = NULL;
	enum sgit_object_type type;
	size_t i, k;
	int rc = 0;

	for (i = 0; i < h->queue.n && rc == 0; i++) {
		const struct sgit_oid *id = &h->queue.ids[i];

		if (seen(&h->queue, i, id))
			continue;
		if (sgit_odb_exists(h->src, id)) {
			rc = sgit_fetch__oids_add(&h->ids, id);
			continue;
		}
		if (sgit_odb_read(&data, &type, h->dst, id) < 0 || type != SGIT_OBJ_COMMIT ||
		    sgit_commit_parse(&c, data.ptr, data.len, NULL) < 0)
			continue;
		for (k = 0; k < sgit_commit_parent_count(c) && h->queue.n < HAVE_SEARCH_LIMIT && rc == 0; k++)
			rc = sgit_fetch__oids_add(&h->queue, sgit_commit_parent_id(c, k));
		sgit_commit_free(c);
		c = NULL;
	}
	sgit_buf_release(&data);
	return rc;
}

static int collect_haves(struct haves *h, struct sgit_repo *dst)
{
	struct sgit_refdb *db = sgit_repo_refdb(dst);
	struct sgit_ref head = SGIT_REF_INIT;
	int rc;

	/* a detached HEAD is a tip of ours too */
	if (sgit_refdb_resolve(&head.oid, NULL, db, "HEAD") == 0 && (rc = add_have(&head, h)) < 0)
		return rc;
	if ((rc = sgit_refdb_foreach(db, "refs/", add_have, h)) < 0 || (rc = search_haves(h)) < 0)
		return rc;
	sgit_fetch__oids_seal(&h->ids);
	return 0;
}

static int walk_objects(struct fetch_oids *out, struct sgit_revwalk *walk)
{
	struct sgit_revwalk_object obj;
	struct sgit_oid id;
	int rc;

	while ((rc = sgit_revwalk_next(&id, walk)) == 0)
		if ((rc = sgit_fetch__oids_add(out, &id)) < 0)
			return rc;
	if (rc < 0)
		return rc;
	while ((rc = sgit_revwalk_next_object(&obj, walk)) == 0)
		if ((rc = sgit_fetch__oids_add(out, &obj.id)) < 0)
			return rc;
	return rc < 0 ? rc : 0;
}

/* Copy the other side's message into err, naming the side (its slot is not ours). */
static int source_error(struct sgit_error *err, struct fetch_source *src, int rc)
{
	if (rc == SGIT_ENOMEM)
		return sgit_error_nomem(err);
	*err = *sgit_repo_error(src->repo);
	err->code = rc;
	return rc;
}

int sgit_fetch__enumerate(struct fetch_oids *out, struct fetch_source *src, struct sgit_repo *dst,
			  const struct sgit_oid *wants, size_t nwants, struct sgit_error *err)
{
	struct sgit_revwalk_options wo = SGIT_REVWALK_OPTIONS_INIT;
	struct haves h = { sgit_repo_odb(src->repo), sgit_repo_odb(dst), FETCH_OIDS_INIT, FETCH_OIDS_INIT };
	struct sgit_revwalk *walk = NULL;
	size_t i, pushed = 0;
	int rc;

	wo.objects = 1;
	if ((rc = collect_haves(&h, dst)) < 0) {
		if (rc == SGIT_ENOMEM)
			sgit_error_nomem(err);
		else
			*err = *sgit_repo_error(dst);
		goto out;
	}
	if ((rc = sgit_revwalk_new(&walk, h.src, &wo, sgit_repo_error(src->repo))) < 0)
		goto src_out;
	/* like git, a fetch of what is here already transfers nothing */
	for (i = 0; i < nwants; i++) {
		if (sgit_odb_exists(sgit_repo_odb(dst), &wants[i]))
			continue;
		if ((rc = sgit_revwalk_push_object(walk, &wants[i], NULL)) < 0)
			goto src_out;
		pushed++;
	}
	for (i = 0; pushed && i < h.ids.n; i++)
		if ((rc = sgit_revwalk_hide_object(walk, &h.ids.ids[i])) < 0)
			goto src_out;
	if (pushed && (rc = walk_objects(out, walk)) < 0)
		goto src_out;
	sgit_fetch__oids_seal(out);
	goto out;
src_out:
	source_error(err, src, rc);
out:
	sgit_revwalk_free(walk);
	/*
	 * Peak memory is what a big fetch costs: the walk's pages of the other
	 * side's packs and its freed heap go back before the copy maps them again.
	 */
	sgit_odb_refresh(h.src);
	malloc_trim(0);
	sgit_fetch__oids_release(&h.ids);
	sgit_fetch__oids_release(&h.queue);
	return rc;
}

int sgit_fetch__add_tag_chain(struct fetch_oids *set, struct fetch_source *src,
			      const struct sgit_oid *id, struct sgit_error *err)
{
	struct sgit_odb *odb = sgit_repo_odb(src->repo);
	struct sgit_buf data = SGIT_BUF_INIT;
	enum sgit_object_type type;
	struct sgit_oid cur = *id, next;
	size_t depth, size;
	int rc = 0;

	for (depth = 0; depth < 64; depth++) {
		if ((rc = sgit_odb_read_header(&size, &type, odb, &cur)) < 0) {
			source_error(err, src, rc);
			break;
		}
		if (type != SGIT_OBJ_TAG)
			break;
		if ((rc = sgit_fetch__oids_add(set, &cur)) < 0 ||
		    (rc = sgit_odb_read(&data, &type, odb, &cur)) < 0) {
			source_error(err, src, rc);
			break;
		}
		if (sgit_object_peel_step(&next, type, SGIT_OBJ_COMMIT, data.ptr, data.len) < 0)
			break;
		cur = next;
	}
	sgit_buf_release(&data);
	return rc;
}

/* ---- copying ---- */

int sgit_fetch__remove_tree(const char *path, int keep_top)
{
	struct sgit_buf sub = SGIT_BUF_INIT;
	struct dirent *de;
	struct stat st;
	DIR *d;
	int rc = 0;

	if (lstat(path, &st) < 0)
		return errno == ENOENT ? 0 : -1;
	if (!S_ISDIR(st.st_mode))
		return unlink(path);
	if (!(d = opendir(path)))
		return -1;
	while ((de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (sgit_fs_join(&sub, path, de->d_name) < 0 || sgit_fetch__remove_tree(sub.ptr, 0) < 0)
			rc = -1;
	}
	closedir(d);
	sgit_buf_release(&sub);
	if (!keep_top && rmdir(path) < 0)
		rc = -1;
	return rc;
}

struct at {
	uint64_t offset;
	uint32_t index;
};

static int cmp_at(const void *a, const void *b)
{
	const struct at *x = a, *y = b;

	return x->offset < y->offset ? -1 : x->offset > y->offset;
}

/*
 * Read every object of the new pack back and hash it: a damaged source must
 * not slip in. In the pack's own order, so that a delta's base is still in
 * the cache when the delta comes.
 */
static int verify_pack(const char *tmp, const char *hex, const struct fetch_oids *ids,
		       struct sgit_error *err)
{
	struct sgit_buf path = SGIT_BUF_INIT, data = SGIT_BUF_INIT;
	struct sgit_pack *pack = NULL;
	enum sgit_object_type type;
	struct sgit_oid want, got;
	struct at *order = NULL;
	char name[SGIT_OID_HEXSZ + 1];
	uint32_t i, n;
	int rc;

	if (sgit_buf_printf(&path, "%s/pack/pack-%s.idx", tmp, hex) < 0) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	if ((rc = sgit_pack_open(&pack, path.ptr, err)) < 0)
		goto out;
	n = sgit_pack_count(pack);
	if (n != ids->n || !(order = malloc((n ? n : 1) * sizeof(*order)))) {
		rc = n != ids->n ? sgit_error_set(err, SGIT_ECORRUPT, "the new pack holds %u objects, not %zu",
						  (unsigned)n, ids->n)
				 : sgit_error_nomem(err);
		goto out;
	}
	for (i = 0; i < n; i++) {
		/* both lists are sorted: the pack must hold exactly the ids asked for */
		sgit_pack_oid_at(&want, pack, i);
		if (!sgit_oid_equal(&want, &ids->ids[i]) || !sgit_pack_find(&order[i].offset, pack, &want)) {
			rc = sgit_error_set(err, SGIT_ECORRUPT, "the new pack does not hold '%s'",
					    sgit_oid_tohex(name, &ids->ids[i]));
			goto out;
		}
		order[i].index = i;
	}
	qsort(order, n, sizeof(*order), cmp_at);
	for (i = 0; i < n; i++) {
		sgit_pack_oid_at(&want, pack, order[i].index);
		if ((rc = sgit_pack_read(&data, &type, pack, order[i].offset, err)) < 0 ||
		    (rc = sgit_object_hash(&got, type, data.ptr, data.len)) < 0)
			goto out;
		if (!sgit_oid_equal(&got, &want)) {
			rc = sgit_error_set(err, SGIT_ECORRUPT, "object '%s' does not hash to its name",
					    sgit_oid_tohex(name, &want));
			goto out;
		}
	}
out:
	if (rc < 0)
		sgit_error_prefix(err, "fetched objects are damaged");
	sgit_pack_free(pack);
	free(order);
	sgit_buf_release(&path);
	sgit_buf_release(&data);
	return rc;
}

/* Give "<tmp>/pack/pack-<hex><ext>" its place in objects/pack/; an existing file wins. */
static int move_in(const char *tmp, const char *objects, const char *hex, const char *ext,
		   struct sgit_error *err)
{
	struct sgit_buf from = SGIT_BUF_INIT, to = SGIT_BUF_INIT;
	int rc = 0;

	if (sgit_buf_printf(&from, "%s/pack/pack-%s%s", tmp, hex, ext) < 0 ||
	    sgit_buf_printf(&to, "%s/pack/pack-%s%s", objects, hex, ext) < 0) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	if (sgit_fs_exists(to.ptr))
		goto out;
	if ((rc = sgit_fs_mkdir_parent(to.ptr, err)) < 0)
		goto out;
	if (rename(from.ptr, to.ptr) < 0)
		rc = sgit_error_set(err, SGIT_EOS, "cannot rename '%s' to '%s': %s", from.ptr, to.ptr,
				    strerror(errno));
out:
	sgit_buf_release(&from);
	sgit_buf_release(&to);
	return rc;
}

static int write_pack(struct sgit_oid *pack_id, const char *tmp, struct fetch_source *src,
		      const struct fetch_oids *ids, void (*progress)(size_t, size_t, void *),
		      void *payload, struct sgit_error *err)
{
	struct sgit_pack_write_options po = SGIT_PACK_WRITE_OPTIONS_INIT;
	struct sgit_buf base = SGIT_BUF_INIT;
	int rc;

	if (sgit_buf_printf(&base, "%s/pack/pack", tmp) < 0)
		return sgit_error_nomem(err);
	po.base = base.ptr;
	po.progress = progress;
	po.progress_payload = payload;
	sgit_error_clear(err);
	rc = sgit_pack_write(pack_id, NULL, sgit_repo_odb(src->repo), ids->ids, ids->n, &po, err);
	/* a read that failed on the other side left its message in that side's slot */
	if (rc < 0 && !err->code)
		source_error(err, src, rc);
	sgit_buf_release(&base);
	return rc;
}

int sgit_fetch__install(struct sgit_repo *dst, struct fetch_source *src, const struct fetch_oids *ids,
			void (*progress)(size_t, size_t, void *), void *payload, struct sgit_error *err)
{
	const char *objects = sgit_odb_path(sgit_repo_odb(dst));
	struct sgit_buf tmp = SGIT_BUF_INIT;
	char hex[SGIT_OID_HEXSZ + 1];
	struct sgit_oid pack_id;
	int rc;

	if (!ids->n)
		return 0;
	/* a folder of its own: until checked, the objects are not the store's */
	if (sgit_buf_printf(&tmp, "%s/incoming-XXXXXX", objects) < 0) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	if (!mkdtemp(tmp.ptr)) {
		rc = sgit_error_set(err, SGIT_EOS, "cannot create a folder in '%s': %s", objects,
				    strerror(errno));
		sgit_buf_reset(&tmp);
		goto out;
	}
	if ((rc = write_pack(&pack_id, tmp.ptr, src, ids, progress, payload, err)) < 0)
		goto out;
	/* the other side's packs are read through: let their pages go before ours are read back */
	sgit_odb_refresh(sgit_repo_odb(src->repo));
	sgit_oid_tohex(hex, &pack_id);
	if ((rc = verify_pack(tmp.ptr, hex, ids, err)) < 0)
		goto out;
	if ((rc = move_in(tmp.ptr, objects, hex, ".pack", err)) < 0 ||
	    (rc = move_in(tmp.ptr, objects, hex, ".idx", err)) < 0)
		goto out;
	sgit_odb_refresh(sgit_repo_odb(dst));
out:
	if (tmp.len)
		sgit_fetch__remove_tree(tmp.ptr, 0);
	sgit_buf_release(&tmp);
	return rc;
}
