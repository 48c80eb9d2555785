/* porcelain/remote/remote_remove.c: git remote remove and set-url */
#include <regex.h>
#include <stdlib.h>
#include <string.h>
#include "porcelain/remote/remote_edit_int.h"
#include "sgit/refs.h"
#include "util/fs.h"

/* The other remotes: a ref one of them also fetches into stays. */
struct others {
	struct sgit_repo *repo;
	const char *skip;
	struct sgit_remote **v;
	size_t n;
};

static int add_other(const char *name, void *payload)
{
	struct others *o = payload;
	struct sgit_remote **grown, *r = NULL;
	int rc;

	if (!strcmp(name, o->skip))
		return 0;
	if ((rc = sgit_remote_lookup(&r, o->repo, name)) < 0)
		return rc;
	if (!(grown = realloc(o->v, (o->n + 1) * sizeof(*grown)))) {
		sgit_remote_free(r);
		return sgit_error_nomem(sgit_repo_error(o->repo));
	}
	o->v = grown;
	o->v[o->n++] = r;
	return 0;
}

static void others_release(struct others *o)
{
	size_t i;

	for (i = 0; i < o->n; i++)
		sgit_remote_free(o->v[i]);
	free(o->v);
}

/* The refs a remote's fetch refspecs map into, to delete. */
struct doomed {
	const struct sgit_remote *remote;
	const struct others *others;
	void (*skipped)(const char *refname, void *payload);
	void *payload;
	char **names;
	size_t n;
	struct sgit_buf scratch;
};

static int tracked_by(const struct sgit_remote *r, const char *refname, struct sgit_buf *scratch)
{
	return sgit_refspec_list_rtransform(scratch, NULL, &r->fetch, refname);
}

static int consider_ref(const struct sgit_ref *ref, void *payload)
{
	struct doomed *d = payload;
	char **grown;
	size_t i;
	int rc;

	if ((rc = tracked_by(d->remote, ref->name.ptr, &d->scratch)) <= 0)
		return rc;
	for (i = 0; i < d->others->n; i++)
		if ((rc = tracked_by(d->others->v[i], ref->name.ptr, &d->scratch)) != 0)
			return rc < 0 ? rc : 0;
	if (strncmp(ref->name.ptr, "refs/remotes/", 13)) {
		if (!strncmp(ref->name.ptr, "refs/heads/", 11) && d->skipped)
			d->skipped(ref->name.ptr, d->payload);
		return 0;
	}
	if (!(grown = realloc(d->names, (d->n + 1) * sizeof(*grown))))
		return SGIT_ENOMEM;
	d->names = grown;
	if (!(d->names[d->n] = strdup(ref->name.ptr)))
		return SGIT_ENOMEM;
	d->n++;
	return 0;
}

static int delete_tracking_refs(struct sgit_repo *repo, struct doomed *d)
{
	struct sgit_refdb *db = sgit_repo_refdb(repo);
	size_t i;
	int rc = sgit_refdb_foreach(db, "refs/", consider_ref, d);

	if (rc == SGIT_ENOMEM)
		return sgit_error_nomem(sgit_repo_error(repo));
	/* collected first: deleting while walking would change what the walk sees */
	for (i = 0; rc == 0 && i < d->n; i++)
		rc = sgit_refdb_delete(db, d->names[i], NULL, 1);
	return rc;
}

static int unset_branch_links(struct sgit_repo *repo, const char *name)
{
	struct branch_links b;
	size_t i;
	int rc;

	if ((rc = sgit_remote__branch_links(&b, repo)) < 0)
		return rc;
	for (i = 0; rc == 0 && i < b.n; i++) {
		if (b.v[i].remote && !strcmp(b.v[i].remote, name) &&
		    ((rc = sgit_remote__editf(repo, SGIT_CONFIG_EDIT_UNSET, NULL, NULL, "branch.%s.remote",
					      b.v[i].name)) < 0 ||
		     (rc = sgit_remote__editf(repo, SGIT_CONFIG_EDIT_UNSET, NULL, NULL, "branch.%s.merge",
					      b.v[i].name)) < 0))
			break;
		if (b.v[i].push_remote && !strcmp(b.v[i].push_remote, name))
			rc = sgit_remote__editf(repo, SGIT_CONFIG_EDIT_UNSET, NULL, NULL,
						"branch.%s.pushRemote", b.v[i].name);
	}
	sgit_remote__branch_links_release(&b);
	return rc;
}

static int remove_section(struct sgit_repo *repo, const char *name)
{
	struct sgit_error *err = sgit_repo_error(repo);
	struct sgit_buf path = SGIT_BUF_INIT, section = SGIT_BUF_INIT;
	size_t count = 0;
	int rc;

	if (sgit_fs_join(&path, sgit_repo_common_dir(repo), "config") < 0 ||
	    sgit_buf_printf(&section, "remote.%s", name) < 0) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	rc = sgit_config_file_rename_section(&count, path.ptr, section.ptr, NULL, err);
	if (rc == 0 && count < 1)
		rc = sgit_error_set(err, SGIT_ERROR, "Could not remove config section '%s'",
				    section.ptr);
out:
	sgit_buf_release(&path);
	sgit_buf_release(&section);
	return rc;
}

int sgit_remote_remove(struct sgit_repo *repo, const char *name,
		       void (*skipped)(const char *refname, void *payload), void *payload)
{
	struct sgit_remote *r = NULL;
	struct others o = { repo, name, NULL, 0 };
	struct doomed d = { NULL, &o, skipped, payload, NULL, 0, SGIT_BUF_INIT };
	size_t i;
	int rc = sgit_remote__configured(&r, repo, name);

	if (rc == SGIT_ENOTFOUND)
		rc = sgit_error_set(sgit_repo_error(repo), rc, "No such remote: '%s'", name);
	if (rc < 0)
		goto out;
	d.remote = r;
	if ((rc = sgit_remote_foreach_name(sgit_repo_config(repo), add_other, &o)) < 0 ||
	    (rc = unset_branch_links(repo, name)) < 0 || (rc = delete_tracking_refs(repo, &d)) < 0 ||
	    (rc = remove_section(repo, name)) < 0)
		goto out;
	rc = sgit_remote__push_default(repo, name, NULL);
out:
	for (i = 0; i < d.n; i++)
		free(d.names[i]);
	free(d.names);
	sgit_buf_release(&d.scratch);
	others_release(&o);
	sgit_remote_free(r);
	return rc;
}

/* ---- set-url ---- */

/* How many of urls the extended regex pattern matches, and how many it does not. */
static int count_matches(size_t *yes, size_t *no, char **urls, size_t n, const char *pattern,
			 struct sgit_error *err)
{
	regex_t re;
	size_t i;

	*yes = *no = 0;
	if (regcomp(&re, pattern, REG_EXTENDED | REG_NOSUB))
		return sgit_error_set(err, SGIT_EINVALID, "Invalid old URL pattern: %s", pattern);
	for (i = 0; i < n; i++) {
		if (regexec(&re, urls[i], 0, NULL, 0) == 0)
			(*yes)++;
		else
			(*no)++;
	}
	regfree(&re);
	return 0;
}

static int replace_or_delete(struct sgit_repo *repo, const struct sgit_remote *r, const char *key,
			     const char *new_url, const char *old_url, unsigned flags)
{
	struct sgit_error *err = sgit_repo_error(repo);
	int push = (flags & SGIT_REMOTE_URL_PUSH) != 0, del = (flags & SGIT_REMOTE_URL_DELETE) != 0;
	size_t yes, no;
	int rc;

	if (!old_url)
		return sgit_error_set(err, SGIT_EINVALID, "no URL given to delete");
	if ((rc = count_matches(&yes, &no, push ? r->pushurls : r->urls,
				push ? r->npushurls : r->nurls, old_url, err)) < 0)
		return rc;
	if (!del && !yes)
		return sgit_error_set(err, SGIT_ENOTFOUND, "No such URL found: %s", old_url);
	if (del && !no && !push)
		return sgit_error_set(err, SGIT_EINVALID, "Will not delete all non-push URLs");
	if (!del)
		return sgit_remote__editf(repo, SGIT_CONFIG_EDIT_SET, new_url, old_url, "%s", key);
	if ((rc = sgit_remote__edit(repo, SGIT_CONFIG_EDIT_UNSET_ALL, key, NULL, old_url)) < 0 &&
	    rc != SGIT_ENOMEM)
		rc = sgit_error_set(err, rc, "could not unset '%s'", key);
	return rc;
}

int sgit_remote_set_url(struct sgit_repo *repo, const char *name, const char *new_url,
			const char *old_url, unsigned flags)
{
	struct sgit_remote *r = NULL;
	struct sgit_buf key = SGIT_BUF_INIT;
	int rc = sgit_remote__configured(&r, repo, name);

	if (rc == SGIT_ENOTFOUND)
		rc = sgit_error_set(sgit_repo_error(repo), rc, "No such remote '%s'", name);
	if (rc < 0)
		goto out;
	if (sgit_buf_printf(&key, "remote.%s.%s", name,
			    flags & SGIT_REMOTE_URL_PUSH ? "pushurl" : "url") < 0) {
		rc = sgit_error_nomem(sgit_repo_error(repo));
		goto out;
	}
	if (flags & SGIT_REMOTE_URL_ADD)
		rc = sgit_remote__editf(repo, SGIT_CONFIG_EDIT_SET, new_url, "^$", "%s", key.ptr);
	else if (!old_url && !(flags & SGIT_REMOTE_URL_DELETE))
		rc = sgit_remote__editf(repo, SGIT_CONFIG_EDIT_SET, new_url, NULL, "%s", key.ptr);
	else
		rc = replace_or_delete(repo, r, key.ptr, new_url, old_url, flags);
out:
	sgit_buf_release(&key);
	sgit_remote_free(r);
	return rc;
}
