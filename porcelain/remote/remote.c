/* porcelain/remote/remote.c: remotes as the configuration describes them: URLs, refspecs, tag and prune settings */
#include <stdlib.h>
#include <string.h>
#include "porcelain/remote/remote_int.h"
#include "sgit/branch.h"
#include "sgit/refs.h"

int sgit_remote__split_key(const char **sub, size_t *sub_len, const char **var, const char *key,
			   const char *section)
{
	size_t slen = strlen(section);
	const char *last;

	if (strncmp(key, section, slen) || key[slen] != '.')
		return 0;
	last = strrchr(key, '.');
	if (last == key + slen)
		return 0;
	*sub = key + slen + 1;
	*sub_len = (size_t)(last - *sub);
	*var = last + 1;
	return 1;
}

static int strv_push(char ***v, size_t *n, const char *s)
{
	char **grown = realloc(*v, (*n + 1) * sizeof(**v));

	if (!grown)
		return SGIT_ENOMEM;
	*v = grown;
	if (!(grown[*n] = strdup(s)))
		return SGIT_ENOMEM;
	(*n)++;
	return 0;
}

static void strv_free(char **v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

void sgit_remote_free(struct sgit_remote *remote)
{
	if (!remote)
		return;
	free(remote->name);
	strv_free(remote->urls, remote->nurls);
	strv_free(remote->pushurls, remote->npushurls);
	sgit_refspec_list_release(&remote->fetch);
	sgit_refspec_list_release(&remote->push);
	free(remote);
}

int sgit_remote_name_is_valid(const char *name)
{
	struct sgit_refspec rs = SGIT_REFSPEC_INIT;
	struct sgit_buf spec = SGIT_BUF_INIT;
	int ok;

	/* git's test: the remote's default mapping of a branch must be a valid refspec */
	ok = *name && sgit_buf_printf(&spec, "refs/heads/test:refs/remotes/%s/test", name) == 0 &&
	     sgit_refspec_parse(&rs, spec.ptr, SGIT_REFSPEC_FETCH, NULL) == 0;
	sgit_refspec_release(&rs);
	sgit_buf_release(&spec);
	return ok;
}

/* The longest url.<base>.insteadOf (or pushInsteadOf) prefix of url; the first of equal ones wins. */
struct rewrite {
	const char *url, *var;
	const char *base;		/* best so far */
	size_t base_len, prefix_len;
};

static int find_rewrite(const struct sgit_config_entry *e, void *payload)
{
	struct rewrite *r = payload;
	const char *sub, *var;
	size_t sub_len, len;

	if (!e->value || !sgit_remote__split_key(&sub, &sub_len, &var, e->key, "url") ||
	    strcmp(var, r->var))
		return 0;
	len = strlen(e->value);
	if (len > r->prefix_len && !strncmp(r->url, e->value, len)) {
		r->base = sub;
		r->base_len = sub_len;
		r->prefix_len = len;
	}
	return 0;
}

/* 1 and out set when some rule rewrites url, 0 when none does. */
static int rewrite(struct sgit_buf *out, const struct sgit_config *cfg, const char *url, const char *var)
{
	struct rewrite r = { url, var, NULL, 0, 0 };

	sgit_config_foreach(cfg, find_rewrite, &r);
	if (!r.base)
		return 0;
	if (sgit_buf_set(out, r.base, r.base_len) < 0 || sgit_buf_adds(out, url + r.prefix_len) < 0)
		return SGIT_ENOMEM;
	return 1;
}

int sgit_remote_rewrite_url(struct sgit_buf *out, const struct sgit_config *cfg, const char *url,
			    int push)
{
	int rc = push ? rewrite(out, cfg, url, "pushinsteadof") : 0;

	if (rc == 0)
		rc = rewrite(out, cfg, url, "insteadof");
	if (rc == 0 && sgit_buf_sets(out, url) < 0)
		rc = SGIT_ENOMEM;
	return rc < 0 ? rc : 0;
}

struct reading {
	struct sgit_remote *r;
	int found;
	struct sgit_error *err;
};

static int take_value(struct reading *rd, const struct sgit_config_entry *e, const char *var)
{
	struct sgit_remote *r = rd->r;

	if (!e->value)
		return sgit_error_set(rd->err, SGIT_ECONFIG, "missing value for '%s'", e->key);
	if (!strcmp(var, "url"))
		return strv_push(&r->urls, &r->nurls, e->value) < 0 ? sgit_error_nomem(rd->err) : 0;
	if (!strcmp(var, "pushurl"))
		return strv_push(&r->pushurls, &r->npushurls, e->value) < 0 ? sgit_error_nomem(rd->err) : 0;
	if (!strcmp(var, "fetch"))
		return sgit_refspec_list_add(&r->fetch, e->value, rd->err);
	if (!strcmp(var, "push"))
		return sgit_refspec_list_add(&r->push, e->value, rd->err);
	if (!strcmp(var, "tagopt")) {
		/* git ignores any other value */
		if (!strcmp(e->value, "--no-tags"))
			r->tags = SGIT_REMOTE_TAGS_NONE;
		else if (!strcmp(e->value, "--tags"))
			r->tags = SGIT_REMOTE_TAGS_ALL;
	}
	return 0;
}

static int read_entry(const struct sgit_config_entry *e, void *payload)
{
	struct reading *rd = payload;
	const char *sub, *var;
	size_t sub_len;

	if (!sgit_remote__split_key(&sub, &sub_len, &var, e->key, "remote") ||
	    strlen(rd->r->name) != sub_len || strncmp(sub, rd->r->name, sub_len))
		return 0;
	rd->found = 1;
	if (e->scope == SGIT_CONFIG_SCOPE_LOCAL)
		rd->r->in_repo = 1;
	if (!strcmp(var, "prune"))
		return sgit_config_entry_bool(&rd->r->prune, e, rd->err);
	if (!strcmp(var, "prunetags"))
		return sgit_config_entry_bool(&rd->r->prune_tags, e, rd->err);
	if (!strcmp(var, "url") || !strcmp(var, "pushurl") || !strcmp(var, "fetch") ||
	    !strcmp(var, "push") || !strcmp(var, "tagopt"))
		return take_value(rd, e, var);
	return 0;
}

/*
 * As git: push URLs get insteadOf; when there are none, a URL that a
 * pushInsteadOf rule rewrites adds the rewritten one as a push URL; then
 * URLs get insteadOf.
 */
static int apply_rewrites(struct sgit_remote *r, const struct sgit_config *cfg, struct sgit_error *err)
{
	struct sgit_buf b = SGIT_BUF_INIT;
	size_t i, nurls = r->nurls;
	int explicit_push = r->npushurls > 0, rc = 0;

	for (i = 0; rc >= 0 && i < r->npushurls; i++)
		if ((rc = rewrite(&b, cfg, r->pushurls[i], "insteadof")) > 0) {
			free(r->pushurls[i]);
			r->pushurls[i] = sgit_buf_detach(&b, NULL);
		}
	for (i = 0; rc >= 0 && i < nurls; i++) {
		if (!explicit_push && (rc = rewrite(&b, cfg, r->urls[i], "pushinsteadof")) > 0)
			rc = strv_push(&r->pushurls, &r->npushurls, b.ptr);
		if (rc >= 0 && (rc = rewrite(&b, cfg, r->urls[i], "insteadof")) > 0) {
			free(r->urls[i]);
			r->urls[i] = sgit_buf_detach(&b, NULL);
		}
	}
	sgit_buf_release(&b);
	return rc < 0 ? sgit_error_nomem(err) : 0;
}

/* fetch.prune and fetch.pruneTags, which the remote's own settings override. */
static int read_defaults(int *prune, int *prune_tags, const struct sgit_config *cfg,
			 struct sgit_error *err)
{
	int rc = sgit_config_get_bool(prune, cfg, "fetch.prune", err);

	if (rc == SGIT_ENOTFOUND)
		rc = 0;
	if (rc == 0 && (rc = sgit_config_get_bool(prune_tags, cfg, "fetch.prunetags", err)) ==
		       SGIT_ENOTFOUND)
		rc = 0;
	return rc;
}

int sgit_remote_from_config(struct sgit_remote **out, const struct sgit_config *cfg,
			    const char *name, struct sgit_error *err)
{
	struct sgit_remote *r = calloc(1, sizeof(*r));
	struct reading rd = { r, 0, err };
	int rc;

	*out = NULL;
	if (!r || !(r->name = strdup(name))) {
		sgit_remote_free(r);
		return sgit_error_nomem(err);
	}
	r->fetch.dir = SGIT_REFSPEC_FETCH;
	r->push.dir = SGIT_REFSPEC_PUSH;
	r->prune = r->prune_tags = -1;
	if ((rc = sgit_config_foreach(cfg, read_entry, &rd)) < 0)
		goto out;
	if (!rd.found) {
		rc = sgit_error_set(err, SGIT_ENOTFOUND, "No such remote '%s'", name);
		goto out;
	}
	if ((rc = apply_rewrites(r, cfg, err)) < 0)
		goto out;
	if (r->prune < 0 || r->prune_tags < 0) {
		int prune = 0, prune_tags = 0;

		if ((rc = read_defaults(&prune, &prune_tags, cfg, err)) < 0)
			goto out;
		if (r->prune < 0)
			r->prune = prune;
		if (r->prune_tags < 0)
			r->prune_tags = prune_tags;
	}
out:
	if (rc < 0)
		sgit_remote_free(r);
	else
		*out = r;
	return rc;
}

int sgit_remote_lookup(struct sgit_remote **out, struct sgit_repo *repo, const char *name)
{
	return sgit_remote_from_config(out, sgit_repo_config(repo), name, sgit_repo_error(repo));
}

struct names {
	char **v;
	size_t n;
};

static int collect_name(const struct sgit_config_entry *e, void *payload)
{
	struct names *names = payload;
	const char *sub, *var;
	size_t sub_len, i;
	char *name;

	if (!sgit_remote__split_key(&sub, &sub_len, &var, e->key, "remote"))
		return 0;
	for (i = 0; i < names->n; i++)
		if (strlen(names->v[i]) == sub_len && !strncmp(names->v[i], sub, sub_len))
			return 0;
	if (!(name = strndup(sub, sub_len)))
		return SGIT_ENOMEM;
	if (strv_push(&names->v, &names->n, name) < 0) {
		free(name);
		return SGIT_ENOMEM;
	}
	free(name);
	return 0;
}

int sgit_remote_foreach_name(const struct sgit_config *cfg, sgit_remote_name_cb cb, void *payload)
{
	struct names names = { NULL, 0 };
	size_t i;
	int rc = sgit_config_foreach(cfg, collect_name, &names);

	for (i = 0; rc == 0 && i < names.n; i++)
		rc = cb(names.v[i], payload);
	strv_free(names.v, names.n);
	return rc;
}

int sgit_remote_default_name(struct sgit_buf *out, struct sgit_repo *repo)
{
	struct sgit_buf branch = SGIT_BUF_INIT, key = SGIT_BUF_INIT;
	const char *value = NULL;
	int rc;

	if ((rc = sgit_branch_current(&branch, repo)) < 0)
		goto out;
	if (branch.len && sgit_buf_printf(&key, "branch.%s.remote", branch.ptr + 11) < 0) {
		rc = sgit_error_nomem(sgit_repo_error(repo));
		goto out;
	}
	if (!branch.len || sgit_config_get_string(&value, sgit_repo_config(repo), key.ptr) < 0)
		value = "origin";
	if (sgit_buf_sets(out, value) < 0)
		rc = sgit_error_nomem(sgit_repo_error(repo));
out:
	sgit_buf_release(&branch);
	sgit_buf_release(&key);
	return rc;
}
