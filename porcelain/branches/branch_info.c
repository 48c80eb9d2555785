/* porcelain/branches/branch_info.c: upstreams of branches, and what HEAD is on when detached */
#include <string.h>
#include "porcelain/branches/branch_int.h"
#include "porcelain/branches/refinfo.h"
#include "sgit/config.h"
#include "sgit/odb.h"
#include "sgit/refs.h"
#include "util/fs.h"

/* ---- fetch refspecs, only as far as upstreams need them ---- */

/*
 * Map name through one side of "src:dst" to the other: a side with '*'
 * matches any middle part, which the other side's '*' receives. 1 when
 * mapped (into out), 0 when name does not match.
 */
static int map_side(struct sgit_buf *out, const char *from, size_t from_len, const char *to,
		    size_t to_len, const char *name)
{
	const char *fstar = memchr(from, '*', from_len), *tstar = memchr(to, '*', to_len);
	size_t nlen = strlen(name), pre, suf;

	if (!fstar || !tstar) {
		if (fstar || tstar || from_len != nlen || memcmp(from, name, nlen))
			return 0;
		return sgit_buf_set(out, to, to_len) < 0 ? SGIT_ENOMEM : 1;
	}
	pre = (size_t)(fstar - from);
	suf = from_len - pre - 1;
	if (nlen < pre + suf || memcmp(name, from, pre) || memcmp(name + nlen - suf, fstar + 1, suf))
		return 0;
	if (sgit_buf_set(out, to, (size_t)(tstar - to)) < 0 ||
	    sgit_buf_add(out, name + pre, nlen - pre - suf) < 0 ||
	    sgit_buf_add(out, tstar + 1, to_len - (size_t)(tstar - to) - 1) < 0)
		return SGIT_ENOMEM;
	return 1;
}

/* Map name through refspec, from its source side (reverse: from its destination side). */
static int map_refspec(struct sgit_buf *out, const char *spec, const char *name, int reverse)
{
	const char *colon;

	if (*spec == '+')
		spec++;
	colon = strchr(spec, ':');
	if (*spec == '^' || !colon || !colon[1])
		return 0;
	if (reverse)
		return map_side(out, colon + 1, strlen(colon + 1), spec, (size_t)(colon - spec), name);
	return map_side(out, spec, (size_t)(colon - spec), colon + 1, strlen(colon + 1), name);
}

struct refspec_walk {
	const char *remote;		/* NULL: any remote */
	const char *name;
	int reverse;
	struct sgit_buf mapped;
	struct sgit_buf remote_found;
};

static int try_fetch_spec(const struct sgit_config_entry *e, void *payload)
{
	struct refspec_walk *w = payload;
	size_t klen = strlen(e->key), rlen;
	int rc;

	if (!e->value || strncmp(e->key, "remote.", 7) || klen < 13 || strcmp(e->key + klen - 6, ".fetch"))
		return 0;
	rlen = klen - 13;
	if (w->remote && (strlen(w->remote) != rlen || strncmp(e->key + 7, w->remote, rlen)))
		return 0;
	if ((rc = map_refspec(&w->mapped, e->value, w->name, w->reverse)) <= 0)
		return rc;
	/* the first match wins, as git takes the first refspec that maps */
	if (sgit_buf_set(&w->remote_found, e->key + 7, rlen) < 0)
		return SGIT_ENOMEM;
	return 1;
}

static int walk_refspecs(struct refspec_walk *w, struct sgit_repo *repo)
{
	int rc = sgit_config_foreach(sgit_repo_config(repo), try_fetch_spec, w);

	if (rc < 0)
		return sgit_error_nomem(sgit_repo_error(repo));
	return rc;
}

int sgit_branch_upstream(struct sgit_buf *out, struct sgit_repo *repo, const char *name)
{
	struct sgit_config *cfg = sgit_repo_config(repo);
	struct refspec_walk w = { NULL, NULL, 0, SGIT_BUF_INIT, SGIT_BUF_INIT };
	struct sgit_buf key = SGIT_BUF_INIT;
	const char *remote = NULL, *merge = NULL;
	int rc = 0;

	sgit_buf_reset(out);
	if (sgit_buf_printf(&key, "branch.%s.remote", name) < 0)
		goto nomem;
	if (sgit_config_get_string(&remote, cfg, key.ptr) < 0)
		goto out;
	if (sgit_buf_printf(&key, "branch.%s.merge", name) < 0)
		goto nomem;
	if (sgit_config_get_string(&merge, cfg, key.ptr) < 0)
		goto out;
	if (!strcmp(remote, ".")) {
		if (sgit_buf_sets(out, merge) < 0)
			goto nomem;
		goto out;
	}
	w.remote = remote;
	w.name = merge;
	if ((rc = walk_refspecs(&w, repo)) > 0)
		sgit_buf_swap(out, &w.mapped);
	rc = rc < 0 ? rc : 0;
	goto out;
nomem:
	rc = sgit_error_nomem(sgit_repo_error(repo));
out:
	sgit_buf_release(&key);
	sgit_buf_release(&w.mapped);
	sgit_buf_release(&w.remote_found);
	return rc;
}

/* ---- tracking set up at creation ---- */

static enum sgit_branch_track track_config(struct sgit_repo *repo)
{
	const char *v = NULL;
	int on;

	if (sgit_config_get_string(&v, sgit_repo_config(repo), "branch.autosetupmerge") < 0)
		return SGIT_BRANCH_TRACK_CONFIG;	/* git's default: remote-tracking start points */
	if (!strcmp(v, "always"))
		return SGIT_BRANCH_TRACK_ALWAYS;
	if (sgit_config_parse_bool(&on, v) == 0 && !on)
		return SGIT_BRANCH_TRACK_NONE;
	return SGIT_BRANCH_TRACK_CONFIG;
}

static int write_tracking(struct sgit_repo *repo, const char *name, const char *remote,
			  const char *merge)
{
	struct sgit_error *err = sgit_repo_error(repo);
	struct sgit_buf path = SGIT_BUF_INIT, key = SGIT_BUF_INIT;
	int rc;

	if (sgit_fs_join(&path, sgit_repo_common_dir(repo), "config") < 0 ||
	    sgit_buf_printf(&key, "branch.%s.remote", name) < 0) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	if ((rc = sgit_config_file_edit(path.ptr, SGIT_CONFIG_EDIT_SET, key.ptr, remote, NULL, err)) < 0)
		goto out;
	if (sgit_buf_printf(&key, "branch.%s.merge", name) < 0) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	rc = sgit_config_file_edit(path.ptr, SGIT_CONFIG_EDIT_SET, key.ptr, merge, NULL, err);
out:
	sgit_buf_release(&path);
	sgit_buf_release(&key);
	return rc;
}

int sgit_branch__setup_tracking(struct sgit_buf *upstream, struct sgit_repo *repo, const char *name,
				const char *start_ref, enum sgit_branch_track track)
{
	struct refspec_walk w = { NULL, NULL, 1, SGIT_BUF_INIT, SGIT_BUF_INIT };
	const char *remote = NULL, *merge = NULL, *shown;
	int rc = 0;

	if (track == SGIT_BRANCH_TRACK_CONFIG)
		track = track_config(repo);
	if (track == SGIT_BRANCH_TRACK_NONE)
		return 0;
	if (!strncmp(start_ref, "refs/remotes/", 13)) {
		w.name = start_ref;
		if ((rc = walk_refspecs(&w, repo)) <= 0)
			goto out;
		remote = w.remote_found.ptr;
		merge = w.mapped.ptr;
	} else if (track == SGIT_BRANCH_TRACK_ALWAYS && !strncmp(start_ref, "refs/heads/", 11)) {
		remote = ".";
		merge = start_ref;
	} else {
		goto out;
	}
	if ((rc = write_tracking(repo, name, remote, merge)) < 0)
		goto out;
	shown = !strncmp(merge, "refs/heads/", 11) ? merge + 11 : merge;
	if (upstream && (strcmp(remote, ".") ? sgit_buf_printf(upstream, "%s/%s", remote, shown)
					     : sgit_buf_sets(upstream, shown)) < 0)
		rc = sgit_error_nomem(sgit_repo_error(repo));
out:
	sgit_buf_release(&w.mapped);
	sgit_buf_release(&w.remote_found);
	return rc;
}

/* ---- detached HEAD ---- */

struct last_checkout {
	struct sgit_buf target;		/* what the last "checkout: moving from A to B" went to */
	struct sgit_oid noid;
	int found;
};

static int note_checkout(const struct sgit_reflog_entry *e, void *payload)
{
	static const char prefix[] = "checkout: moving from ";
	struct last_checkout *lc = payload;
	const char *to;

	if (strncmp(e->message, prefix, sizeof(prefix) - 1))
		return 0;
	to = strstr(e->message + sizeof(prefix) - 1, " to ");
	if (!to)
		return 0;
	to += 4;
	if (sgit_buf_set(&lc->target, to, strcspn(to, "\n")) < 0)
		return SGIT_ENOMEM;
	lc->noid = e->new_oid;
	lc->found = 1;
	return 0;
}

/* Does id, or the commit it peels to, equal want? */
static int peels_to(struct sgit_repo *repo, const struct sgit_oid *id, const struct sgit_oid *want)
{
	struct sgit_buf data = SGIT_BUF_INIT;
	enum sgit_object_type type;
	struct sgit_oid cur = *id;
	int depth, hit = 0;

	for (depth = 0; depth < 16 && !(hit = sgit_oid_equal(&cur, want)); depth++)
		if (sgit_odb_read(&data, &type, sgit_repo_odb(repo), &cur) < 0 ||
		    sgit_object_peel_step(&cur, type, SGIT_OBJ_COMMIT, data.ptr, data.len) < 0)
			break;
	sgit_buf_release(&data);
	return hit;
}

/* The name git gives the place HEAD was detached at: a unique ref's short name or an abbreviation. */
static int detached_from(struct sgit_buf *out, struct sgit_repo *repo, struct last_checkout *lc)
{
	struct sgit_buf full = SGIT_BUF_INIT;
	char abbrev[SGIT_OID_HEXSZ + 1];
	struct sgit_oid id;
	const char *name;
	int count = 0, rc;

	if (!strcmp(lc->target.ptr, "HEAD")) {
		sgit_repo_abbrev(abbrev, repo, &lc->noid);
		return sgit_buf_sets(out, abbrev);
	}
	rc = sgit_dwim_ref(&id, &full, &count, sgit_repo_refdb(repo), lc->target.ptr, lc->target.len);
	if (rc == 0 && count == 1 && peels_to(repo, &id, &lc->noid)) {
		name = full.ptr;
		if (!strncmp(name, "refs/tags/", 10))
			name += 10;
		else if (!strncmp(name, "refs/remotes/", 13))
			name += 13;
		rc = sgit_buf_sets(out, name);
	} else {
		sgit_repo_abbrev(abbrev, repo, &lc->noid);
		rc = sgit_buf_sets(out, abbrev);
	}
	sgit_buf_release(&full);
	return rc;
}

int sgit_branch_head_description(struct sgit_buf *out, struct sgit_repo *repo)
{
	struct last_checkout lc = { SGIT_BUF_INIT, { { 0 } }, 0 };
	struct sgit_buf from = SGIT_BUF_INIT;
	struct sgit_oid head;
	int rc, at;

	rc = sgit_refdb_reflog_foreach(sgit_repo_refdb(repo), "HEAD", note_checkout, &lc);
	if (rc == SGIT_ENOMEM)
		goto out;
	if (!lc.found) {
		rc = sgit_buf_sets(out, "(no branch)");
		goto out;
	}
	if ((rc = detached_from(&from, repo, &lc)) < 0)
		goto out;
	at = sgit_refdb_resolve(&head, NULL, sgit_repo_refdb(repo), "HEAD") == 0 &&
	     sgit_oid_equal(&head, &lc.noid);
	rc = sgit_buf_printf(out, "(HEAD detached %s %s)", at ? "at" : "from", from.ptr);
out:
	sgit_buf_release(&lc.target);
	sgit_buf_release(&from);
	return rc < 0 ? sgit_error_nomem(sgit_repo_error(repo)) : 0;
}
