/* porcelain/repo/repo.c: the repository handle: open, accessors, free */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "porcelain/repo/repo_int.h"
#include "sgit/refs.h"
#include "util/fs.h"
#include "util/quote.h"

#define ZLIB_DEFAULT_LEVEL 6	/* what zlib's Z_DEFAULT_COMPRESSION (-1 in git's config) means */

/* cwd relative to the work tree: "" at its top, "a/b/" below, "" (and outside) elsewhere. */
static int set_prefix(struct sgit_repo *repo, const char *cwd)
{
	const char *wt = repo->work_tree;
	size_t len = wt ? strlen(wt) : 0;
	struct sgit_buf prefix = SGIT_BUF_INIT;
	const char *rest = NULL;
	int rc = 0;

	if (wt && !strcmp(cwd, wt))
		rest = "";
	else if (wt && len == 1)
		rest = cwd + 1;		/* the work tree is "/" */
	else if (wt && !strncmp(cwd, wt, len) && cwd[len] == '/')
		rest = cwd + len + 1;
	repo->inside_work_tree = rest != NULL;
	if (rest && *rest)
		rc = sgit_buf_printf(&prefix, "%s/", rest);
	if (!rc)
		repo->prefix = sgit_buf_detach(&prefix, NULL);
	sgit_buf_release(&prefix);
	return rc;
}

/* core.looseCompression, else core.compression, else git's loose default (-1 to the odb). */
static int compression_level(int *out, const struct sgit_config *cfg, struct sgit_error *err)
{
	const char *keys[] = { "core.loosecompression", "core.compression" };
	int64_t level;
	size_t i;
	int rc = SGIT_ENOTFOUND;

	*out = -1;
	for (i = 0; i < 2 && rc == SGIT_ENOTFOUND; i++)
		rc = sgit_config_get_int(&level, cfg, keys[i], err);
	if (rc == SGIT_ENOTFOUND)
		return 0;
	if (rc < 0)
		return rc;
	if (level == -1)
		level = ZLIB_DEFAULT_LEVEL;
	if (level < 0 || level > 9)
		return sgit_error_set(err, SGIT_ECONFIG, "bad zlib compression level %lld", (long long)level);
	*out = (int)level;
	return 0;
}

/*
 * One entry of GIT_ALTERNATE_OBJECT_DIRECTORIES: up to the next ':', or a
 * C-quoted string when it starts with '"' (broken quoting is taken as
 * written); '#' starts a comment entry. Returns where the next one starts.
 */
static const char *next_alternate(struct sgit_buf *out, const char *s, int *rc)
{
	const char *end = strchrnul(s, ':');
	size_t used = 0;

	sgit_buf_reset(out);
	*rc = 0;
	if (*s == '"' && sgit_unquote_c_style(out, s, strlen(s), &used) == 0) {
		end = s + used;
	} else if (*s == '"') {
		sgit_buf_reset(out);
		end = strchrnul(s, ':');
		*rc = sgit_buf_add(out, s, (size_t)(end - s));
	} else if (*s != '"' && *s != '#') {
		*rc = sgit_buf_add(out, s, (size_t)(end - s));
	}
	return *end ? end + 1 : end;
}

static int add_env_alternates(struct sgit_repo *repo, const char *cwd, struct sgit_error *err)
{
	const char *list = repo->getenv("GIT_ALTERNATE_OBJECT_DIRECTORIES");
	struct sgit_buf entry = SGIT_BUF_INIT, path = SGIT_BUF_INIT;
	int rc = 0;

	while (list && *list && !rc) {
		list = next_alternate(&entry, list, &rc);
		if (rc < 0 || !entry.len)
			continue;
		if ((rc = sgit_repo__abspath(&path, cwd, entry.ptr, err)) < 0)
			break;
		/* a missing folder is skipped: git only warns about it */
		if ((rc = sgit_odb_add_alternate(repo->odb, path.ptr)) == SGIT_ENOTFOUND)
			rc = 0;
		else if (rc < 0 && err)
			*err = repo->err;
	}
	if (rc == SGIT_ENOMEM)
		sgit_error_nomem(err);
	sgit_buf_release(&entry);
	sgit_buf_release(&path);
	return rc;
}

static int open_odb(struct sgit_repo *repo, const char *cwd, struct sgit_error *err)
{
	struct sgit_odb_options o = SGIT_ODB_OPTIONS_INIT;
	struct sgit_buf dir = SGIT_BUF_INIT;
	const char *env_dir = repo->getenv("GIT_OBJECT_DIRECTORY");
	int rc;

	if ((rc = compression_level(&o.compression, repo->config, err)) < 0)
		goto out;
	rc = env_dir ? sgit_repo__abspath(&dir, cwd, env_dir, err) : sgit_fs_join(&dir, repo->common_dir, "objects");
	if (rc < 0) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	if ((rc = sgit_odb_open(&repo->odb, dir.ptr, &o, &repo->err)) < 0) {
		if (err)
			*err = repo->err;
		goto out;
	}
	rc = add_env_alternates(repo, cwd, err);
out:
	sgit_buf_release(&dir);
	return rc;
}

/* core.logAllRefUpdates: "always" = 2, true = 1, false = 0; unset: 1 unless bare. */
static int log_all_ref_updates(int *out, const struct sgit_repo *repo, struct sgit_error *err)
{
	const char *v = NULL;
	int rc;

	*out = !repo->bare;
	rc = sgit_config_get_string(&v, repo->config, "core.logallrefupdates");
	if (rc == SGIT_ENOTFOUND)
		return 0;
	if (rc == 0 && v && !strcasecmp(v, "always")) {
		*out = 2;
		return 0;
	}
	rc = sgit_config_get_bool(out, repo->config, "core.logallrefupdates", err);
	return rc == SGIT_ENOTFOUND ? 0 : rc;
}

static int open_refdb(struct sgit_repo *repo, struct sgit_error *err)
{
	struct sgit_refdb_options o = SGIT_REFDB_OPTIONS_INIT;
	int rc = log_all_ref_updates(&o.log_all_ref_updates, repo, err);

	o.odb = repo->odb;
	if (rc < 0 || (rc = sgit_refdb_open(&repo->refdb, repo->git_dir, &o, &repo->err)) < 0) {
		if (rc < 0 && repo->err.code && err)
			*err = repo->err;
	}
	return rc;
}

/* git's is_bare_repository(): core.bare (any scope) or --bare, and no work tree. */
static int decide_bare(struct sgit_repo *repo, int bare_cfg, struct sgit_error *err)
{
	int rc = sgit_config_get_bool(&bare_cfg, repo->config, "core.bare", err);

	if (rc < 0 && rc != SGIT_ENOTFOUND)
		return rc;
	repo->bare = bare_cfg != 0 && !repo->work_tree;
	return 0;
}

static int new_handle(struct sgit_repo **out, struct sgit_repo_setup *s,
		      const struct sgit_repo_options *opts, struct sgit_error *err)
{
	struct sgit_repo *repo = calloc(1, sizeof(*repo));
	int rc;

	*out = NULL;
	if (!repo || !(repo->git_dir = strdup(s->git_dir.ptr)) ||
	    !(repo->common_dir = strdup(s->common_dir.ptr)) ||
	    (s->has_work_tree && !(repo->work_tree = strdup(s->work_tree.ptr))) ||
	    set_prefix(repo, s->cwd.ptr) < 0) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	repo->getenv = s->env;
	if ((rc = sgit_repo__load_config(&repo->config, opts, repo->git_dir, repo->common_dir,
					 s->fmt.worktree_config, err)) < 0 ||
	    (rc = decide_bare(repo, s->bare_cfg, err)) < 0 ||
	    (rc = open_odb(repo, s->cwd.ptr, err)) < 0 ||
	    (rc = open_refdb(repo, err)) < 0)
		goto out;
	*out = repo;
	repo = NULL;
out:
	sgit_repo_free(repo);
	return rc;
}

int sgit_repo_open(struct sgit_repo **out, const struct sgit_repo_options *opts,
		   struct sgit_error *err)
{
	struct sgit_repo_setup s = SGIT_REPO_SETUP_INIT;
	int rc;

	*out = NULL;
	if ((rc = sgit_repo__setup(&s, opts, err)) == 0)
		rc = new_handle(out, &s, opts, err);
	sgit_repo__setup_release(&s);
	return rc;
}

void sgit_repo_free(struct sgit_repo *repo)
{
	if (!repo)
		return;
	sgit_refdb_free(repo->refdb);
	sgit_odb_free(repo->odb);
	sgit_config_free(repo->config);
	free(repo->git_dir);
	free(repo->common_dir);
	free(repo->work_tree);
	free(repo->prefix);
	free(repo);
}

const char *sgit_repo_git_dir(const struct sgit_repo *repo)
{
	return repo->git_dir;
}

const char *sgit_repo_common_dir(const struct sgit_repo *repo)
{
	return repo->common_dir;
}

const char *sgit_repo_work_tree(const struct sgit_repo *repo)
{
	return repo->work_tree;
}

const char *sgit_repo_prefix(const struct sgit_repo *repo)
{
	return repo->prefix;
}

int sgit_repo_is_bare(const struct sgit_repo *repo)
{
	return repo->bare;
}

int sgit_repo_inside_work_tree(const struct sgit_repo *repo)
{
	return repo->inside_work_tree;
}

struct sgit_odb *sgit_repo_odb(struct sgit_repo *repo)
{
	return repo->odb;
}

struct sgit_refdb *sgit_repo_refdb(struct sgit_repo *repo)
{
	return repo->refdb;
}

struct sgit_config *sgit_repo_config(struct sgit_repo *repo)
{
	return repo->config;
}

struct sgit_error *sgit_repo_error(struct sgit_repo *repo)
{
	return &repo->err;
}

const char *sgit_repo_getenv(const struct sgit_repo *repo, const char *name)
{
	return repo->getenv(name);
}

size_t sgit_repo_abbrev_len(struct sgit_repo *repo)
{
	const char *v = NULL;
	int64_t n;

	if (sgit_config_get_string(&v, sgit_repo_config(repo), "core.abbrev") < 0 || !v ||
	    !strcasecmp(v, "auto"))
		return sgit_odb_default_abbrev(sgit_repo_odb(repo));
	if (sgit_config_parse_int(&n, v) < 0) {
		int b;

		/* "no" (or any false value) asks for full ids */
		return sgit_config_parse_bool(&b, v) == 0 && !b ? SGIT_OID_HEXSZ
				: sgit_odb_default_abbrev(sgit_repo_odb(repo));
	}
	return n < 4 ? 4 : n > SGIT_OID_HEXSZ ? SGIT_OID_HEXSZ : (size_t)n;
}

size_t sgit_repo_big_file_threshold(struct sgit_repo *repo)
{
	const char *v = NULL;
	int64_t n;

	if (sgit_config_get_string(&v, sgit_repo_config(repo), "core.bigfilethreshold") < 0 || !v ||
	    sgit_config_parse_int(&n, v) < 0 || n < 0)
		return (size_t)512 << 20;	/* git's default */
	return (uint64_t)n > SIZE_MAX ? SIZE_MAX : (size_t)n;
}

void sgit_repo_abbrev(char out[SGIT_OID_HEXSZ + 1], struct sgit_repo *repo, const struct sgit_oid *id)
{
	if (sgit_odb_shortest_unique(out, sgit_repo_odb(repo), id, sgit_repo_abbrev_len(repo)) < 0)
		sgit_oid_tohex(out, id);
}
