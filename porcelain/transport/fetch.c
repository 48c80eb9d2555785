/* porcelain/transport/fetch.c: git fetch from a repository on this machine, step by step */
#include <stdlib.h>
#include <string.h>
#include "porcelain/transport/fetch_int.h"
#include "sgit/branch.h"
#include "sgit/merge_base.h"
#include "util/fs.h"

void sgit_fetch_result_release(struct sgit_fetch_result *res)
{
	size_t i;

	for (i = 0; i < res->nrefs; i++)
		sgit_fetch__ref_release(&res->refs[i]);
	free(res->refs);
	free(res->url);
	free(res->remote_name);
	sgit_buf_release(&res->fetch_head);
	sgit_buf_release(&res->warnings);
	sgit_buf_release(&res->errors);
	*res = (struct sgit_fetch_result)SGIT_FETCH_RESULT_INIT;
}

/* Everything one fetch holds, released at one place. */
struct fetch_run {
	struct sgit_repo *repo;
	struct sgit_error *err;
	const struct sgit_fetch_options *opts;
	struct sgit_fetch_result *res;
	struct sgit_remote *remote;
	struct sgit_refspec_list cmdline;
	struct fetch_source src;
	struct fetch_map map, later;
	struct fetch_oids copy;
	char **merges;
	size_t nmerges;
	struct sgit_buf url;
};

/* The remote named (or the default one), or a path or URL; 1 when there is nothing to fetch from. */
static int find_remote(struct fetch_run *fr)
{
	struct sgit_buf name = SGIT_BUF_INIT;
	const char *url;
	int rc;

	if (fr->opts->remote)
		rc = sgit_buf_sets(&name, fr->opts->remote) < 0 ? SGIT_ENOMEM : 0;
	else
		rc = sgit_remote_default_name(&name, fr->repo);
	if (rc < 0)
		goto out;
	rc = sgit_remote_name_is_valid(name.ptr) ? sgit_remote_lookup(&fr->remote, fr->repo, name.ptr)
						 : SGIT_ENOTFOUND;
	if (rc == 0 && fr->remote->nurls) {
		url = fr->remote->urls[0];
		rc = sgit_buf_sets(&fr->url, url) < 0 || !(fr->res->remote_name = strdup(name.ptr)) ? SGIT_ENOMEM : 0;
	} else if (rc == 0 || rc == SGIT_ENOTFOUND) {
		/* an unknown name is a path, as git takes it; none at all is nothing to do */
		sgit_remote_free(fr->remote);
		fr->remote = NULL;
		rc = !fr->opts->remote ? 1 : sgit_remote_rewrite_url(&fr->url, sgit_repo_config(fr->repo),
								     name.ptr, 0);
	}
out:
	if (rc == SGIT_ENOMEM)
		sgit_error_nomem(fr->err);
	sgit_buf_release(&name);
	return rc;
}

static int add_merge(const struct sgit_config_entry *e, void *payload)
{
	struct fetch_run *fr = ((void **)payload)[0];
	const char *key = ((void **)payload)[1];
	char **grown;

	if (strcmp(e->key, key) || !e->value)
		return 0;
	if (!(grown = realloc(fr->merges, (fr->nmerges + 1) * sizeof(*grown))))
		return SGIT_ENOMEM;
	fr->merges = grown;
	if (!(grown[fr->nmerges] = strdup(e->value)))
		return SGIT_ENOMEM;
	fr->nmerges++;
	return 0;
}

/* branch.<current>.merge, when branch.<current>.remote is the remote fetched. */
static int read_merges(struct fetch_run *fr)
{
	struct sgit_buf branch = SGIT_BUF_INIT, key = SGIT_BUF_INIT;
	const char *remote = NULL;
	void *payload[2] = { fr, NULL };
	int rc;

	if (!fr->remote || (rc = sgit_branch_current(&branch, fr->repo)) < 0 || !branch.len)
		goto none;
	if (sgit_buf_printf(&key, "branch.%s.remote", branch.ptr + 11) < 0)
		goto nomem;
	if (sgit_config_get_string(&remote, sgit_repo_config(fr->repo), key.ptr) < 0 ||
	    strcmp(remote, fr->remote->name))
		goto none;
	if (sgit_buf_printf(&key, "branch.%s.merge", branch.ptr + 11) < 0)
		goto nomem;
	payload[1] = key.ptr;
	if (sgit_config_foreach(sgit_repo_config(fr->repo), add_merge, payload) < 0)
		goto nomem;
none:
	rc = 0;
	goto out;
nomem:
	rc = sgit_error_nomem(fr->err);
out:
	sgit_buf_release(&branch);
	sgit_buf_release(&key);
	return rc;
}

static int parse_refspecs(struct fetch_run *fr)
{
	size_t i;
	int rc;

	for (i = 0; i < fr->opts->nrefspecs; i++)
		if ((rc = sgit_refspec_list_add(&fr->cmdline, fr->opts->refspecs[i], fr->err)) < 0)
			return rc;
	return 0;
}

static enum sgit_fetch_tags tags_mode(const struct fetch_run *fr)
{
	if (fr->opts->tags != SGIT_FETCH_TAGS_DEFAULT || !fr->remote)
		return fr->opts->tags;
	if (fr->remote->tags == SGIT_REMOTE_TAGS_ALL)
		return SGIT_FETCH_TAGS_ALL;
	if (fr->remote->tags == SGIT_REMOTE_TAGS_NONE)
		return SGIT_FETCH_TAGS_NONE;
	return SGIT_FETCH_TAGS_DEFAULT;
}

static int prune_wanted(const struct fetch_run *fr)
{
	int v = 0;

	if (fr->opts->prune >= 0)
		return fr->opts->prune;
	if (fr->remote)
		return fr->remote->prune;
	return sgit_config_get_bool(&v, sgit_repo_config(fr->repo), "fetch.prune", NULL) == 0 && v;
}

/* git refuses to move the branch a work tree has checked out, before it fetches anything. */
static int check_current_branch(struct fetch_run *fr)
{
	const char *wt;
	size_t i;

	for (i = 0; !fr->opts->update_head_ok && i < fr->map.n; i++) {
		const char *local = fr->map.items[i].local_name;

		if (local && !strncmp(local, "refs/heads/", 11) &&
		    (wt = sgit_branch_checked_out_at(fr->repo, local)))
			return sgit_error_set(fr->err, SGIT_EINVALID,
					      "refusing to fetch into branch '%s' checked out at '%s'", local, wt);
	}
	return 0;
}

/* The objects of every ref taken and of the tags that will follow, copied as one pack. */
static int copy_objects(struct fetch_run *fr, int follow)
{
	struct sgit_oid *wants = malloc((fr->map.n ? fr->map.n : 1) * sizeof(*wants));
	size_t i;
	int rc;

	if (!wants)
		return sgit_error_nomem(fr->err);
	for (i = 0; i < fr->map.n; i++)
		wants[i] = fr->map.items[i].oid;
	rc = sgit_fetch__enumerate(&fr->copy, &fr->src, fr->repo, wants, fr->map.n, fr->err);
	free(wants);
	if (rc < 0)
		return rc;
	if (follow && (rc = sgit_fetch__later_tags(&fr->later, &fr->map, &fr->src, fr->repo, &fr->copy,
						   fr->err)) < 0)
		return rc;
	for (i = 0; i < fr->later.n; i++)
		if ((rc = sgit_fetch__add_tag_chain(&fr->copy, &fr->src, &fr->later.items[i].oid, fr->err)) < 0)
			return rc;
	sgit_fetch__oids_seal(&fr->copy);
	fr->res->objects = fr->copy.n;
	return sgit_fetch__install(fr->repo, &fr->src, &fr->copy, fr->opts->progress,
				   fr->opts->progress_payload, fr->err);
}

static int write_fetch_head(struct fetch_run *fr)
{
	struct sgit_lockfile lk = SGIT_LOCKFILE_INIT;
	struct sgit_buf path = SGIT_BUF_INIT, old = SGIT_BUF_INIT;
	int rc;

	if (fr->opts->no_write_fetch_head)
		return 0;
	if (sgit_fs_join(&path, sgit_repo_git_dir(fr->repo), "FETCH_HEAD") < 0) {
		rc = sgit_error_nomem(fr->err);
		goto out;
	}
	if ((rc = sgit_lockfile_acquire(&lk, path.ptr, fr->err)) < 0)
		goto out;
	if (fr->opts->append && (rc = sgit_fs_read_file(&old, path.ptr, fr->err)) < 0 && rc != SGIT_ENOTFOUND)
		goto out;
	if ((rc = sgit_lockfile_write(&lk, old.ptr, old.len, fr->err)) < 0 ||
	    (rc = sgit_lockfile_write(&lk, fr->res->fetch_head.ptr, fr->res->fetch_head.len, fr->err)) < 0)
		goto out;
	rc = sgit_lockfile_commit(&lk, fr->err);
out:
	sgit_lockfile_rollback(&lk);
	sgit_buf_release(&path);
	sgit_buf_release(&old);
	return rc;
}

static int display_url(struct fetch_run *fr)
{
	struct sgit_buf shown = SGIT_BUF_INIT;
	int rc = 0;

	if (sgit_fetch_display_url(&shown, fr->url.ptr) < 0 || !(fr->res->url = sgit_buf_detach(&shown, NULL)))
		rc = sgit_error_nomem(fr->err);
	sgit_buf_release(&shown);
	return rc;
}

static int run(struct fetch_run *fr)
{
	struct fetch_plan plan = { &fr->src, fr->repo, NULL, &fr->cmdline, SGIT_FETCH_TAGS_DEFAULT, NULL, 0 };
	struct fetch_store st = { fr->repo, fr->res, fr->opts, NULL };
	const char *base = sgit_repo_work_tree(fr->repo);
	int rc;

	if ((rc = find_remote(fr)) != 0)
		return rc > 0 ? 0 : rc;
	if ((rc = parse_refspecs(fr)) < 0 || (rc = read_merges(fr)) < 0)
		return rc;
	if ((rc = display_url(fr)) < 0 || (rc = sgit_fetch__open(&fr->src, NULL, fr->url.ptr, base, fr->err)) < 0)
		return rc;
	plan.remote = fr->remote;
	plan.tags = tags_mode(fr);
	plan.merges = (const char *const *)fr->merges;
	plan.nmerges = fr->nmerges;
	if ((rc = sgit_fetch__build_map(&fr->map, &plan, fr->err)) < 0 || (rc = check_current_branch(fr)) < 0)
		goto out;
	if (prune_wanted(fr) && (fr->cmdline.n || fr->remote) &&
	    (rc = sgit_fetch__prune(&st, fr->cmdline.n ? &fr->cmdline : &fr->remote->fetch, &fr->map)) < 0)
		goto out;
	if ((rc = copy_objects(fr, plan.tags == SGIT_FETCH_TAGS_DEFAULT && fr->map.autotags)) < 0 ||
	    (rc = sgit_fetch__store(&st, &fr->map)) < 0)
		goto out;
	/* tags that came with the history follow only when every ref before them went well */
	if (!fr->res->failed && (rc = sgit_fetch__store(&st, &fr->later)) < 0)
		goto out;
	rc = write_fetch_head(fr);
out:
	sgit_merge_base_free(st.mb);
	return rc;
}

int sgit_fetch(struct sgit_fetch_result *res, struct sgit_repo *repo, const struct sgit_fetch_options *opts)
{
	struct fetch_run fr;
	size_t i;
	int rc;

	memset(&fr, 0, sizeof(fr));
	fr.repo = repo;
	fr.err = sgit_repo_error(repo);
	fr.opts = opts;
	fr.res = res;
	fr.cmdline = (struct sgit_refspec_list)SGIT_REFSPEC_LIST_INIT(SGIT_REFSPEC_FETCH);
	fr.src = (struct fetch_source)FETCH_SOURCE_INIT;
	fr.map = (struct fetch_map)FETCH_MAP_INIT;
	fr.later = (struct fetch_map)FETCH_MAP_INIT;
	fr.copy = (struct fetch_oids)FETCH_OIDS_INIT;
	sgit_buf_init(&fr.url);
	*res = (struct sgit_fetch_result)SGIT_FETCH_RESULT_INIT;
	rc = run(&fr);
	/* warnings of the map go out even when the fetch fails later */
	sgit_buf_swap(&res->warnings, &fr.map.warnings);
	sgit_buf_swap(&res->errors, &fr.map.errors);
	sgit_remote_free(fr.remote);
	sgit_refspec_list_release(&fr.cmdline);
	sgit_fetch__source_release(&fr.src);
	sgit_fetch__map_release(&fr.map);
	sgit_fetch__map_release(&fr.later);
	sgit_fetch__oids_release(&fr.copy);
	for (i = 0; i < fr.nmerges; i++)
		free(fr.merges[i]);
	free(fr.merges);
	sgit_buf_release(&fr.url);
	return rc;
}
