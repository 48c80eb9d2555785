/* porcelain/index/ignore_repo.c: the ignore matcher of a repository: where git finds its rule files */
#include <string.h>
#include "sgit/config.h"
#include "sgit/ignore.h"
#include "sgit/repo.h"

/*
 * core.excludesFile with "~/" expanded, else "$XDG_CONFIG_HOME/git/ignore"
 * or "$HOME/.config/git/ignore". out stays empty when there is none.
 */
static int excludes_file(struct sgit_buf *out, struct sgit_repo *repo)
{
	const struct sgit_config_entry *e;
	const char *home = sgit_repo_getenv(repo, "HOME");
	const char *xdg = sgit_repo_getenv(repo, "XDG_CONFIG_HOME");
	struct sgit_error *err = sgit_repo_error(repo);
	int rc = 0;

	sgit_buf_reset(out);
	if (sgit_config_get_entry(&e, sgit_repo_config(repo), "core.excludesfile") == 0) {
		if (!e->value)
			return sgit_error_set(err, SGIT_ECONFIG, "missing value for 'core.excludesfile'");
		if (e->value[0] == '~' && (!e->value[1] || e->value[1] == '/')) {
			if (!home)
				return sgit_error_set(err, SGIT_ECONFIG,
						      "failed to expand user dir in: '%s'", e->value);
			rc = sgit_buf_printf(out, "%s%s", home, e->value + 1);
		} else {
			rc = sgit_buf_sets(out, e->value);
		}
	} else if (xdg && *xdg) {
		rc = sgit_buf_printf(out, "%s/git/ignore", xdg);
	} else if (home) {
		rc = sgit_buf_printf(out, "%s/.config/git/ignore", home);
	}
	return rc < 0 ? sgit_error_nomem(err) : 0;
}

/* git names info/exclude from the top of the work tree when the git dir is its ".git". */
static int info_exclude(struct sgit_buf *path, struct sgit_buf *name, struct sgit_repo *repo)
{
	const char *common = sgit_repo_common_dir(repo), *wt = sgit_repo_work_tree(repo);
	size_t n = strlen(wt);

	if (sgit_buf_printf(path, "%s/info/exclude", common) < 0)
		return sgit_error_nomem(sgit_repo_error(repo));
	if (!strncmp(common, wt, n) && !strcmp(common + n, n && wt[n - 1] == '/' ? ".git" : "/.git"))
		return sgit_buf_sets(name, ".git/info/exclude") < 0 ? sgit_error_nomem(sgit_repo_error(repo)) : 0;
	return sgit_buf_set(name, path->ptr, path->len) < 0 ? sgit_error_nomem(sgit_repo_error(repo)) : 0;
}

int sgit_ignore_new_for_repo(struct sgit_ignore **out, struct sgit_repo *repo,
			     sgit_ignore_warn_fn warn, void *warn_payload)
{
	struct sgit_ignore_options opts = SGIT_IGNORE_OPTIONS_INIT;
	struct sgit_buf user = SGIT_BUF_INIT, info = SGIT_BUF_INIT, info_name = SGIT_BUF_INIT;
	struct sgit_error *err = sgit_repo_error(repo);
	int rc, icase = 0;

	*out = NULL;
	if (!(opts.work_tree = sgit_repo_work_tree(repo)))
		return sgit_error_set(err, SGIT_EINVALID, "this operation must be run in a work tree");
	rc = sgit_config_get_bool(&icase, sgit_repo_config(repo), "core.ignorecase", err);
	if (rc < 0 && rc != SGIT_ENOTFOUND)
		goto out;
	if ((rc = excludes_file(&user, repo)) < 0 || (rc = info_exclude(&info, &info_name, repo)) < 0)
		goto out;
	opts.excludes_file = user.len ? user.ptr : NULL;
	opts.info_exclude = info.ptr;
	opts.info_exclude_name = info_name.ptr;
	opts.ignore_case = icase;
	opts.warn = warn;
	opts.warn_payload = warn_payload;
	rc = sgit_ignore_new(out, &opts, err);
out:
	sgit_buf_release(&user);
	sgit_buf_release(&info);
	sgit_buf_release(&info_name);
	return rc;
}
