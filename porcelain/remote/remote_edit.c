/* porcelain/remote/remote_edit.c: git remote add, remove and set-url, as edits of the repository's config file */
#include <regex.h>
#include <stdlib.h>
#include <string.h>
#include "porcelain/remote/remote_edit_int.h"
#include "sgit/refs.h"
#include "util/fs.h"

int sgit_remote__edit(struct sgit_repo *repo, enum sgit_config_edit how, const char *key,
		      const char *value, const char *value_regex)
{
	struct sgit_error *err = sgit_repo_error(repo);
	struct sgit_buf path = SGIT_BUF_INIT;
	int rc;

	if (sgit_fs_join(&path, sgit_repo_common_dir(repo), "config") < 0)
		return sgit_error_nomem(err);
	rc = sgit_config_file_edit(path.ptr, how, key, value, value_regex, err);
	sgit_buf_release(&path);
	return rc;
}

int sgit_remote__editf(struct sgit_repo *repo, enum sgit_config_edit how, const char *value,
		       const char *value_regex, const char *fmt, const char *a)
{
	struct sgit_buf key = SGIT_BUF_INIT;
	int rc;

	if (sgit_buf_printf(&key, fmt, a) < 0)
		return sgit_error_nomem(sgit_repo_error(repo));
	rc = sgit_remote__edit(repo, how, key.ptr, value, value_regex);
	/* an unset of what is not there (or only in another file) is no failure, as in git */
	if (rc == SGIT_ENOTFOUND && (how == SGIT_CONFIG_EDIT_UNSET || how == SGIT_CONFIG_EDIT_UNSET_ALL))
		rc = 0;
	else if (rc < 0 && rc != SGIT_ENOMEM)
		rc = sgit_error_set(sgit_repo_error(repo), rc, value ? "could not set '%s' to '%s'"
						  : "could not unset '%s'", key.ptr, value);
	sgit_buf_release(&key);
	return rc;
}

int sgit_remote__configured(struct sgit_remote **out, struct sgit_repo *repo, const char *name)
{
	int rc = sgit_remote_lookup(out, repo, name);

	if (rc == 0 && !(*out)->in_repo) {
		sgit_remote_free(*out);
		*out = NULL;
		rc = SGIT_ENOTFOUND;
	}
	return rc;
}

/* ---- add ---- */

static int add_fetch_line(struct sgit_repo *repo, const char *name, const char *branch)
{
	struct sgit_buf spec = SGIT_BUF_INIT;
	int rc;

	if (sgit_buf_printf(&spec, "+refs/heads/%s:refs/remotes/%s/%s", branch, name, branch) < 0)
		return sgit_error_nomem(sgit_repo_error(repo));
	rc = sgit_remote__editf(repo, SGIT_CONFIG_EDIT_SET, spec.ptr, "^$", "remote.%s.fetch", name);
	sgit_buf_release(&spec);
	return rc;
}

static int add_master(struct sgit_repo *repo, const char *name, const char *master)
{
	struct sgit_buf head = SGIT_BUF_INIT, target = SGIT_BUF_INIT;
	struct sgit_ref_update u = { NULL, NULL, NULL, NULL, 1, NULL, NULL };
	int rc;

	if (sgit_buf_printf(&head, "refs/remotes/%s/HEAD", name) < 0 ||
	    sgit_buf_printf(&target, "refs/remotes/%s/%s", name, master) < 0) {
		rc = sgit_error_nomem(sgit_repo_error(repo));
		goto out;
	}
	u.name = head.ptr;
	u.symref_target = target.ptr;
	if ((rc = sgit_refdb_update(sgit_repo_refdb(repo), &u)) < 0)
		rc = sgit_error_set(sgit_repo_error(repo), rc, "Could not setup master '%s'", master);
out:
	sgit_buf_release(&head);
	sgit_buf_release(&target);
	return rc;
}

int sgit_remote_add(struct sgit_repo *repo, const char *name, const char *url,
		    const struct sgit_remote_add_options *opts)
{
	struct sgit_remote_add_options dflt = SGIT_REMOTE_ADD_OPTIONS_INIT;
	struct sgit_error *err = sgit_repo_error(repo);
	struct sgit_remote *old = NULL;
	size_t i;
	int rc;

	if (!opts)
		opts = &dflt;
	rc = sgit_remote__configured(&old, repo, name);
	sgit_remote_free(old);
	if (rc == 0)
		return sgit_error_set(err, SGIT_EEXISTS, "remote %s already exists.", name);
	if (rc != SGIT_ENOTFOUND)
		return rc;
	if (!sgit_remote_name_is_valid(name))
		return sgit_error_set(err, SGIT_EINVALID, "'%s' is not a valid remote name", name);
	if ((rc = sgit_remote__editf(repo, SGIT_CONFIG_EDIT_SET, url, NULL, "remote.%s.url", name)) < 0)
		return rc;
	for (i = 0; rc == 0 && i < (opts->ntrack ? opts->ntrack : 1); i++)
		rc = add_fetch_line(repo, name, opts->ntrack ? opts->track[i] : "*");
	if (rc == 0 && opts->tags != SGIT_REMOTE_TAGS_AUTO)
		rc = sgit_remote__editf(repo, SGIT_CONFIG_EDIT_SET,
					opts->tags == SGIT_REMOTE_TAGS_ALL ? "--tags" : "--no-tags", NULL,
					"remote.%s.tagOpt", name);
	if (rc == 0 && opts->master)
		rc = add_master(repo, name, opts->master);
	return rc;
}

/* ---- branches that name a remote ---- */

static int find_branch(struct branch_links *b, const char *name, size_t len)
{
	struct branch_link *grown;
	size_t i;

	for (i = 0; i < b->n; i++)
		if (strlen(b->v[i].name) == len && !strncmp(b->v[i].name, name, len))
			return (int)i;
	if (!(grown = realloc(b->v, (b->n + 1) * sizeof(*grown))))
		return SGIT_ENOMEM;
	b->v = grown;
	memset(&b->v[b->n], 0, sizeof(*grown));
	if (!(b->v[b->n].name = strndup(name, len)))
		return SGIT_ENOMEM;
	return (int)b->n++;
}

static int collect_branch(const struct sgit_config_entry *e, void *payload)
{
	struct branch_links *b = payload;
	const char *sub, *var;
	size_t sub_len;
	int i, push;

	if (!sgit_remote__split_key(&sub, &sub_len, &var, e->key, "branch"))
		return 0;
	push = !strcmp(var, "pushremote");
	if (!push && strcmp(var, "remote"))
		return 0;
	if ((i = find_branch(b, sub, sub_len)) < 0)
		return i;
	/* the last value wins; the config outlives this list */
	if (push)
		b->v[i].push_remote = e->value;
	else
		b->v[i].remote = e->value;
	return 0;
}

int sgit_remote__branch_links(struct branch_links *out, struct sgit_repo *repo)
{
	int rc;

	out->v = NULL;
	out->n = 0;
	if ((rc = sgit_config_foreach(sgit_repo_config(repo), collect_branch, out)) < 0)
		return sgit_error_nomem(sgit_repo_error(repo));
	return 0;
}

void sgit_remote__branch_links_release(struct branch_links *b)
{
	size_t i;

	for (i = 0; i < b->n; i++)
		free(b->v[i].name);
	free(b->v);
	b->v = NULL;
	b->n = 0;
}

struct push_default {
	const char *name;
	int scope;		/* of the last remote.pushDefault naming the remote; -1: none */
};

static int find_push_default(const struct sgit_config_entry *e, void *payload)
{
	struct push_default *pd = payload;

	if (!strcmp(e->key, "remote.pushdefault") && e->value && !strcmp(e->value, pd->name))
		pd->scope = (int)e->scope;
	return 0;
}

/*
 * git rewrites remote.pushDefault only when the last setting that names the
 * remote is the repository's own (it warns about one in another file).
 */
int sgit_remote__push_default(struct sgit_repo *repo, const char *old_name, const char *new_name)
{
	struct push_default pd = { old_name, -1 };

	sgit_config_foreach(sgit_repo_config(repo), find_push_default, &pd);
	if (pd.scope != SGIT_CONFIG_SCOPE_LOCAL)
		return 0;
	return sgit_remote__editf(repo, new_name ? SGIT_CONFIG_EDIT_SET : SGIT_CONFIG_EDIT_UNSET,
				  new_name, NULL, "remote.%s", "pushDefault");
}
