/* porcelain/repo/repo_format.c: the repository format (version, extensions) and the common dir */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "porcelain/repo/repo_int.h"
#include "util/fs.h"

/* The highest core.repositoryformatversion understood (git 2.39's too). */
#define REPO_VERSION_READ 1

enum ext_value { EXT_ANY, EXT_BOOL, EXT_STRING };

/* Extensions git 2.39 knows; v1_only ones make a version-0 repository invalid. */
static const struct {
	const char *name;	/* lowercase, as the canonical key spells it */
	int v1_only;
	enum ext_value value;
} known_extensions[] = {
	{ "noop", 0, EXT_ANY },
	{ "preciousobjects", 0, EXT_BOOL },
	{ "partialclone", 0, EXT_STRING },
	{ "worktreeconfig", 0, EXT_BOOL },
	{ "noop-v1", 1, EXT_ANY },
	{ "objectformat", 1, EXT_STRING },
};

struct format_ctx {
	struct sgit_repo_format *fmt;
	struct sgit_error *err;
	int worktree_only;	/* config.worktree: only core.bare and core.worktree count */
};

static int bad_number(const struct sgit_config_entry *e, struct sgit_error *err)
{
	return sgit_error_set(err, SGIT_ECONFIG,
			      "bad numeric config value '%s' for '%s' in file %s: invalid unit",
			      e->value ? e->value : "", e->key, e->origin ? e->origin : "");
}

static int parse_bool_entry(int *out, const struct sgit_config_entry *e, struct sgit_error *err)
{
	if (!e->value) {
		*out = 1;
		return 0;
	}
	return sgit_config_parse_bool(out, e->value) < 0 ? bad_number(e, err) : 0;
}

static int add_name(struct sgit_buf *list, size_t *n, const char *name, struct sgit_error *err)
{
	if (sgit_buf_addf(list, "\n\t%s", name) < 0)
		return sgit_error_nomem(err);
	++*n;
	return 0;
}

static int extension_entry(struct format_ctx *ctx, const struct sgit_config_entry *e, const char *ext)
{
	struct sgit_repo_format *fmt = ctx->fmt;
	size_t i;
	int b = 0;

	for (i = 0; i < sizeof(known_extensions) / sizeof(known_extensions[0]); i++)
		if (!strcmp(known_extensions[i].name, ext))
			break;
	if (i == sizeof(known_extensions) / sizeof(known_extensions[0]))
		return add_name(&fmt->unknown, &fmt->nunknown, ext, ctx->err);
	if (known_extensions[i].value == EXT_STRING && !e->value)
		return sgit_error_set(ctx->err, SGIT_ECONFIG, "missing value for '%s'", e->key);
	if (known_extensions[i].value == EXT_BOOL && parse_bool_entry(&b, e, ctx->err) < 0)
		return SGIT_ECONFIG;
	if (!strcmp(ext, "worktreeconfig"))
		fmt->worktree_config = b;
	if (!strcmp(ext, "objectformat")) {
		if (strcmp(e->value, "sha1") && strcmp(e->value, "sha256"))
			return sgit_error_set(ctx->err, SGIT_ECONFIG, "invalid value for '%s': '%s'",
					      "extensions.objectformat", e->value);
		free(fmt->object_format);
		if (!(fmt->object_format = strdup(e->value)))
			return sgit_error_nomem(ctx->err);
	}
	return known_extensions[i].v1_only ? add_name(&fmt->v1_only, &fmt->nv1_only, ext, ctx->err) : 0;
}

static int format_entry(const struct sgit_config_entry *e, void *payload)
{
	struct format_ctx *ctx = payload;
	struct sgit_repo_format *fmt = ctx->fmt;

	if (!ctx->worktree_only && !strcmp(e->key, "core.repositoryformatversion"))
		return !e->value || sgit_config_parse_int(&fmt->version, e->value) < 0 ? bad_number(e, ctx->err) : 0;
	if (!ctx->worktree_only && !strncmp(e->key, "extensions.", 11))
		return extension_entry(ctx, e, e->key + 11);
	if (!strcmp(e->key, "core.bare"))
		return parse_bool_entry(&fmt->bare, e, ctx->err);
	if (!strcmp(e->key, "core.worktree")) {
		if (!e->value)
			return sgit_error_set(ctx->err, SGIT_ECONFIG, "missing value for '%s'", e->key);
		free(fmt->work_tree);
		if (!(fmt->work_tree = strdup(e->value)))
			return sgit_error_nomem(ctx->err);
	}
	return 0;
}

void sgit_repo__format_release(struct sgit_repo_format *fmt)
{
	free(fmt->work_tree);
	free(fmt->object_format);
	sgit_buf_release(&fmt->unknown);
	sgit_buf_release(&fmt->v1_only);
	fmt->version = -1;
	fmt->bare = -1;
	fmt->work_tree = fmt->object_format = NULL;
	fmt->worktree_config = fmt->has_common = 0;
	fmt->nunknown = fmt->nv1_only = 0;
}

static int parse_file(struct sgit_repo_format *fmt, const char *path, int worktree_only,
		      struct sgit_error *err)
{
	struct format_ctx ctx = { fmt, err, worktree_only };
	struct sgit_config *cfg = NULL;
	int rc;

	if (sgit_config_new(&cfg) < 0)
		return sgit_error_nomem(err);
	if ((rc = sgit_config_add_file(cfg, path, SGIT_CONFIG_SCOPE_LOCAL, err)) == 0)
		rc = sgit_config_foreach(cfg, format_entry, &ctx);
	sgit_config_free(cfg);
	return rc;
}

static int verify_format(const struct sgit_repo_format *fmt, struct sgit_error *err)
{
	if (fmt->version > REPO_VERSION_READ)
		return sgit_error_set(err, SGIT_ENOTREPO, "Expected git repo version <= %d, found %lld",
				      REPO_VERSION_READ, (long long)fmt->version);
	if (fmt->version >= 1 && fmt->nunknown)
		return sgit_error_set(err, SGIT_ENOTREPO, "unknown repository extension%s found:%s",
				      fmt->nunknown > 1 ? "s" : "", fmt->unknown.ptr);
	if (fmt->version == 0 && fmt->nv1_only)
		return sgit_error_set(err, SGIT_ENOTREPO,
				      "repo version is 0, but v1-only extension%s found:%s",
				      fmt->nv1_only > 1 ? "s" : "", fmt->v1_only.ptr);
	if (fmt->object_format && strcmp(fmt->object_format, "sha1"))
		return sgit_error_set(err, SGIT_ENOTREPO,
				      "unsupported repository object format '%s': sgit reads sha1 only",
				      fmt->object_format);
	return 0;
}

int sgit_repo__read_format(struct sgit_repo_format *fmt, const char *git_dir,
			   const char *common_dir, int has_common, struct sgit_error *err)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	int rc;

	sgit_repo__format_release(fmt);
	if ((rc = sgit_fs_join(&path, common_dir, "config")) < 0) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	if ((rc = parse_file(fmt, path.ptr, 0, err)) < 0)
		goto out;
	/* without a version the file says nothing about the format, as for git */
	if (fmt->version < 0) {
		sgit_repo__format_release(fmt);
		goto out;
	}
	if ((rc = verify_format(fmt, err)) < 0)
		goto out;
	fmt->has_common = has_common;
	if (fmt->worktree_config) {
		if ((rc = sgit_fs_join(&path, git_dir, "config.worktree")) < 0) {
			rc = sgit_error_nomem(err);
			goto out;
		}
		rc = parse_file(fmt, path.ptr, 1, err);
		fmt->has_common = 0;
	}
out:
	if (rc < 0)
		sgit_repo__format_release(fmt);
	sgit_buf_release(&path);
	return rc;
}

/* "<git_dir>/commondir" holds the shared folder of a linked worktree, relative to git_dir. */
int sgit_repo__common_dir(struct sgit_buf *out, int *has_common, const char *git_dir,
			  sgit_getenv_fn env, struct sgit_error *err)
{
	struct sgit_buf path = SGIT_BUF_INIT, data = SGIT_BUF_INIT;
	const char *forced = env("GIT_COMMON_DIR");
	struct stat st;
	int rc = 0;

	*has_common = 0;
	if (forced) {
		*has_common = 1;
		rc = sgit_repo__abspath(out, NULL, forced, err);
		goto out;
	}
	if ((rc = sgit_fs_join(&path, git_dir, "commondir")) < 0)
		goto out;
	if (stat(path.ptr, &st) < 0) {
		rc = sgit_buf_sets(out, git_dir);
		goto out;
	}
	if ((rc = sgit_fs_read_file(&data, path.ptr, err)) < 0 || !data.len) {
		rc = sgit_error_set(err, SGIT_ENOTREPO, "failed to read %s", path.ptr);
		goto out;
	}
	while (data.len && (data.ptr[data.len - 1] == '\n' || data.ptr[data.len - 1] == '\r'))
		sgit_buf_truncate(&data, data.len - 1);
	*has_common = 1;
	rc = sgit_repo__abspath(out, git_dir, data.ptr, err);
out:
	if (rc == SGIT_ENOMEM)
		sgit_error_nomem(err);
	sgit_buf_release(&path);
	sgit_buf_release(&data);
	return rc;
}
