/* porcelain/transport/fetch_store.c: local refs and FETCH_HEAD lines for what a fetch brought */
#include <stdlib.h>
#include <string.h>
#include "porcelain/transport/fetch_int.h"
#include "sgit/merge_base.h"

int sgit_fetch__result_push(struct sgit_fetch_result *res, struct sgit_fetch_ref *r)
{
	if (res->nrefs == res->alloc) {
		size_t alloc = res->alloc ? res->alloc * 2 : 16;
		struct sgit_fetch_ref *grown = realloc(res->refs, alloc * sizeof(*grown));

		if (!grown)
			return SGIT_ENOMEM;
		res->refs = grown;
		res->alloc = alloc;
	}
	res->refs[res->nrefs++] = *r;
	memset(r, 0, sizeof(*r));
	return 0;
}

int sgit_fetch_display_url(struct sgit_buf *out, const char *url)
{
	size_t len = strlen(url);

	while (len && url[len - 1] == '/')
		len--;
	/* git's test: ".git" ends the URL and something longer than one character precedes it */
	if (len > 5 && !memcmp(url + len - 4, ".git", 4))
		len -= 4;
	return sgit_buf_set(out, url, len) < 0 ? SGIT_ENOMEM : 0;
}

int sgit_fetch_head_add_line(struct sgit_buf *out, const struct sgit_oid *id, int not_for_merge,
			     const char *remote_name, const char *display_url)
{
	char hex[SGIT_OID_HEXSZ + 1];
	const char *what = remote_name, *kind = "";
	int rc;

	if (!strcmp(remote_name, "HEAD"))
		what = "";
	else if (!strncmp(remote_name, "refs/heads/", 11))
		kind = "branch ", what += 11;
	else if (!strncmp(remote_name, "refs/tags/", 10))
		kind = "tag ", what += 10;
	else if (!strncmp(remote_name, "refs/remotes/", 13))
		kind = "remote-tracking branch ", what += 13;
	rc = sgit_buf_addf(out, "%s\t%s\t", sgit_oid_tohex(hex, id), not_for_merge ? "not-for-merge" : "");
	if (rc == 0 && *what)
		rc = sgit_buf_addf(out, "%s'%s' of ", kind, what);
	if (rc == 0)
		rc = sgit_buf_addf(out, "%s\n", display_url);
	return rc < 0 ? SGIT_ENOMEM : 0;
}

/* Write r->local_name under its lock, with git's reflog message "<action>: <what>". */
static int write_ref(struct fetch_store *st, struct sgit_fetch_ref *r, const char *what, int check_old)
{
	struct sgit_ref_update u = { NULL, NULL, NULL, NULL, 0, NULL, NULL };
	struct sgit_error *err = sgit_repo_error(st->repo);
	struct sgit_buf msg = SGIT_BUF_INIT;
	int rc;

	if (sgit_buf_printf(&msg, "%s: %s", st->opts->reflog_action ? st->opts->reflog_action : "fetch",
			    what) < 0)
		return sgit_error_nomem(err);
	u.name = r->local_name;
	u.new_oid = &r->oid;
	u.old_oid = check_old ? &r->old_oid : NULL;
	u.reflog_msg = msg.ptr;
	u.committer = st->opts->committer;
	rc = sgit_refdb_update(sgit_repo_refdb(st->repo), &u);
	sgit_buf_release(&msg);
	if (rc == SGIT_ENOMEM)
		return rc;
	if (rc < 0) {
		/* a verdict for this ref, not the end of the fetch */
		if (!(r->error = strdup(sgit_error_message(err))))
			return sgit_error_nomem(err);
		st->res->failed++;
	}
	return 0;
}

static int new_ref(struct fetch_store *st, struct sgit_fetch_ref *r)
{
	const char *what = "storing ref";

	if (!strncmp(r->remote_name, "refs/tags/", 10))
		what = "storing tag";
	else if (!strncmp(r->remote_name, "refs/heads/", 11))
		what = "storing head";
	r->update = SGIT_FETCH_UPDATE_NEW;
	return write_ref(st, r, what, 0);
}

static int reject(struct fetch_store *st, struct sgit_fetch_ref *r, enum sgit_fetch_update why)
{
	r->update = why;
	st->res->failed++;
	return 0;
}

/* git's update_local_ref: what may become of the local ref, and doing it. */
static int update_local(struct fetch_store *st, struct sgit_fetch_ref *r)
{
	struct sgit_odb *odb = sgit_repo_odb(st->repo);
	struct sgit_oid current, updated;
	int exists = !sgit_oid_is_zero(&r->old_oid), ff;

	if (exists && sgit_oid_equal(&r->old_oid, &r->oid)) {
		r->update = SGIT_FETCH_UPDATE_UP_TO_DATE;
		return 0;
	}
	if (exists && !strncmp(r->local_name, "refs/tags/", 10)) {
		if (!st->opts->force && !r->force)
			return reject(st, r, SGIT_FETCH_UPDATE_REJECTED_TAG);
		r->update = SGIT_FETCH_UPDATE_TAG;
		return write_ref(st, r, "updating tag", 0);
	}
	if (!exists || !sgit_fetch__peel_commit(&current, odb, &r->old_oid) ||
	    !sgit_fetch__peel_commit(&updated, odb, &r->oid))
		return new_ref(st, r);
	if (!st->mb && sgit_merge_base_new(&st->mb, odb, sgit_repo_error(st->repo)) < 0)
		return SGIT_ENOMEM;
	if ((ff = sgit_merge_base_is_ancestor(st->mb, &current, &updated)) < 0)
		return ff;
	if (ff) {
		r->update = SGIT_FETCH_UPDATE_FAST_FORWARD;
		return write_ref(st, r, "fast-forward", 1);
	}
	if (!st->opts->force && !r->force)
		return reject(st, r, SGIT_FETCH_UPDATE_REJECTED);
	r->update = SGIT_FETCH_UPDATE_FORCED;
	return write_ref(st, r, "forced-update", 1);
}

static int store_one(struct fetch_store *st, struct sgit_fetch_ref *r)
{
	int rc;

	if (r->fetch_head != SGIT_FETCH_HEAD_IGNORE && !st->opts->no_write_fetch_head &&
	    sgit_fetch_head_add_line(&st->res->fetch_head, &r->oid,
				     r->fetch_head == SGIT_FETCH_HEAD_NOT_FOR_MERGE, r->remote_name,
				     st->res->url) < 0)
		return sgit_error_nomem(sgit_repo_error(st->repo));
	if (r->local_name && (rc = update_local(st, r)) < 0)
		return rc;
	return sgit_fetch__result_push(st->res, r) < 0 ? sgit_error_nomem(sgit_repo_error(st->repo)) : 0;
}

int sgit_fetch__store(struct fetch_store *st, struct fetch_map *map)
{
	struct sgit_odb *odb = sgit_repo_odb(st->repo);
	struct sgit_oid commit;
	enum sgit_fetch_head_status want;
	size_t i;
	int rc;

	/* merge candidates first: FETCH_HEAD's first line is what "FETCH_HEAD" names */
	for (want = SGIT_FETCH_HEAD_MERGE; want <= SGIT_FETCH_HEAD_IGNORE; want++) {
		for (i = 0; i < map->n; i++) {
			struct sgit_fetch_ref *r = &map->items[i];

			if (!r->remote_name)
				continue;
			if (r->fetch_head == SGIT_FETCH_HEAD_MERGE && !sgit_fetch__peel_commit(&commit, odb, &r->oid))
				r->fetch_head = SGIT_FETCH_HEAD_NOT_FOR_MERGE;
			if (r->fetch_head != want)
				continue;
			if ((rc = store_one(st, r)) < 0)
				return rc;
		}
	}
	return 0;
}

/* ---- --prune ---- */

/* A symbolic ref of ours: pruning its target leaves it dangling. */
struct symref {
	char *name, *target;
};

struct stale {
	const struct sgit_refspec_list *refspecs;
	struct fetch_names fetched;	/* the remote names of what is fetched */
	struct fetch_map found;		/* local_name and oid (old value) only */
	struct sgit_buf src;
	/* read in the same walk: deleting the stale refs changes none of them */
	struct symref *symrefs;
	size_t nsymrefs;
};

static int add_symref(struct stale *s, const struct sgit_ref *ref)
{
	struct symref *grown = realloc(s->symrefs, (s->nsymrefs + 1) * sizeof(*grown));

	if (!grown)
		return SGIT_ENOMEM;
	s->symrefs = grown;
	grown[s->nsymrefs].name = strdup(ref->name.ptr);
	grown[s->nsymrefs].target = strdup(ref->target.ptr);
	if (!grown[s->nsymrefs].name || !grown[s->nsymrefs].target) {
		free(grown[s->nsymrefs].name);
		free(grown[s->nsymrefs].target);
		return SGIT_ENOMEM;
	}
	s->nsymrefs++;
	return 0;
}

static int find_stale(const struct sgit_ref *ref, void *payload)
{
	struct stale *s = payload;
	struct sgit_fetch_ref *r;
	size_t i;
	int matched = 0, rc;

	if (ref->flags & SGIT_REF_SYMBOLIC)
		return add_symref(s, ref);
	if (ref->flags & SGIT_REF_BROKEN)
		return 0;
	for (i = 0; i < s->refspecs->n; i++) {
		if ((rc = sgit_refspec_rtransform(&s->src, &s->refspecs->items[i], ref->name.ptr)) < 0)
			return rc;
		if (rc == 0)
			continue;
		if (sgit_fetch__names_has(&s->fetched, s->src.ptr))
			return 0;
		matched = 1;
	}
	if (!matched)
		return 0;
	if (s->found.n == s->found.alloc) {
		size_t alloc = s->found.alloc ? s->found.alloc * 2 : 8;
		struct sgit_fetch_ref *grown = realloc(s->found.items, alloc * sizeof(*grown));

		if (!grown)
			return SGIT_ENOMEM;
		s->found.items = grown;
		s->found.alloc = alloc;
	}
	r = &s->found.items[s->found.n];
	memset(r, 0, sizeof(*r));
	if (!(r->local_name = strdup(ref->name.ptr)))
		return SGIT_ENOMEM;
	r->old_oid = ref->oid;
	r->update = SGIT_FETCH_UPDATE_PRUNED;
	s->found.n++;
	return 0;
}

/* The symbolic refs left pointing at pruned: git says each "has become dangling". */
static int report_dangling(struct fetch_store *st, const struct stale *s, const char *pruned)
{
	struct sgit_fetch_ref r;
	size_t i;

	for (i = 0; i < s->nsymrefs; i++) {
		if (strcmp(s->symrefs[i].target, pruned))
			continue;
		memset(&r, 0, sizeof(r));
		if (!(r.local_name = strdup(s->symrefs[i].name)))
			return SGIT_ENOMEM;
		r.update = SGIT_FETCH_UPDATE_DANGLING;
		if (sgit_fetch__result_push(st->res, &r) < 0) {
			free(r.local_name);
			return SGIT_ENOMEM;
		}
	}
	return 0;
}

int sgit_fetch__prune(struct fetch_store *st, const struct sgit_refspec_list *refspecs,
		      const struct fetch_map *map)
{
	struct sgit_refdb *db = sgit_repo_refdb(st->repo);
	struct stale s = { refspecs, FETCH_NAMES_INIT, FETCH_MAP_INIT, SGIT_BUF_INIT, NULL, 0 };
	size_t i;
	int rc;

	if ((rc = sgit_fetch__names_init(&s.fetched, map, 0)) < 0 ||
	    (rc = sgit_refdb_foreach(db, "refs/", find_stale, &s)) < 0)
		goto out;
	for (i = 0; i < s.found.n; i++) {
		struct sgit_fetch_ref *r = &s.found.items[i];
		const char *name = r->local_name;	/* the string moves into res with r */

		if ((rc = sgit_refdb_delete(db, name, &r->old_oid, 1)) < 0 ||
		    (rc = sgit_fetch__result_push(st->res, r)) < 0 || (rc = report_dangling(st, &s, name)) < 0)
			goto out;
	}
out:
	if (rc == SGIT_ENOMEM)
		sgit_error_nomem(sgit_repo_error(st->repo));
	for (i = 0; i < s.nsymrefs; i++) {
		free(s.symrefs[i].name);
		free(s.symrefs[i].target);
	}
	free(s.symrefs);
	sgit_fetch__names_release(&s.fetched);
	sgit_fetch__map_release(&s.found);
	sgit_buf_release(&s.src);
	return rc;
}
