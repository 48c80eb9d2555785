/* porcelain/transport/clone.c: git clone from a repository on this machine */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <dirent.h>
#include "porcelain/transport/fetch_int.h"
#include "sgit/checkout.h"
#include "sgit/commit.h"
#include "sgit/index.h"
#include "util/fs.h"

void sgit_clone_result_release(struct sgit_clone_result *res)
{
	size_t i;

	free(res->dir);
	free(res->detached);
	sgit_buf_release(&res->errors);
	for (i = 0; i < res->invalid.count; i++)
		free(res->invalid.paths[i]);
	free(res->invalid.paths);
	*res = (struct sgit_clone_result)SGIT_CLONE_RESULT_INIT;
}

int sgit_clone_guess_dir(struct sgit_buf *out, const char *source, int bare)
{
	size_t len = strlen(source), start;

	if (!strncmp(source, "file://", 7))
		source += 7, len -= 7;
	while (len && source[len - 1] == '/')
		len--;
	if (len >= 5 && !memcmp(source + len - 5, "/.git", 5))
		len -= 5;
	while (len && source[len - 1] == '/')
		len--;
	for (start = len; start && source[start - 1] != '/'; start--)
		;
	if (len - start > 4 && !memcmp(source + len - 4, ".git", 4))
		len -= 4;
	if (sgit_buf_set(out, source + start, len - start) < 0 || (bare && sgit_buf_adds(out, ".git") < 0))
		return SGIT_ENOMEM;
	return 0;
}

/* Everything one clone holds, released at one place. */
struct clone_run {
	const struct sgit_clone_options *opts;
	struct sgit_clone_result *res;
	struct sgit_error *err;
	struct fetch_source src;
	struct sgit_repo *repo;
	struct sgit_buf url, origin, path, msg;
	int created, made;
	const char *branch;		/* the remote's branch HEAD will be on ("refs/heads/x"), or NULL */
	const char *remote_head;	/* the remote's HEAD branch, for refs/remotes/<o>/HEAD, or NULL */
	struct sgit_oid head;		/* what HEAD gets (zero: unborn) */
};

/* 1 when dir is missing or an empty folder. */
static int dir_usable(const char *dir)
{
	struct dirent *de;
	DIR *d = opendir(dir);
	int empty = 1;

	if (!d)
		return errno == ENOENT;
	while (empty && (de = readdir(d)))
		empty = !strcmp(de->d_name, ".") || !strcmp(de->d_name, "..");
	closedir(d);
	return empty;
}

static const char *start_dir(const struct clone_run *cr)
{
	return cr->opts->repo_opts ? cr->opts->repo_opts->start_dir : NULL;
}

/* out = path made absolute by spelling alone (git keeps ".." and symbolic links as typed). */
static int absolute(struct sgit_buf *out, const char *base, const char *path, struct sgit_error *err)
{
	char cwd[4096];

	if (path[0] == '/')
		return sgit_buf_sets(out, path) < 0 ? sgit_error_nomem(err) : 0;
	if (base && base[0] == '/')
		return sgit_buf_printf(out, "%s/%s", base, path) < 0 ? sgit_error_nomem(err) : 0;
	if (!getcwd(cwd, sizeof(cwd)))
		return sgit_error_set(err, SGIT_EOS, "cannot read the current directory: %s", strerror(errno));
	if (sgit_buf_printf(out, "%s/", cwd) < 0 || (base && sgit_buf_addf(out, "%s/", base) < 0) ||
	    sgit_buf_adds(out, path) < 0)
		return sgit_error_nomem(err);
	return 0;
}

/* remote.<o>.url as git writes it: a path made absolute by spelling, a URL as given. */
static int config_url(struct clone_run *cr, int is_path)
{
	if (!is_path)
		return sgit_buf_sets(&cr->url, cr->opts->source) < 0 ? sgit_error_nomem(cr->err) : 0;
	return absolute(&cr->url, start_dir(cr), cr->opts->source, cr->err);
}

/* Open the source, and check the destination, in git's order for paths and URLs. */
static int check(struct clone_run *cr)
{
	const char *dir = cr->res->dir;
	int is_path = strncmp(cr->opts->source, "file://", 7) != 0, rc;

	if (is_path && (rc = sgit_fetch__open(&cr->src, NULL, cr->opts->source, start_dir(cr), cr->err)) < 0) {
		if (rc == SGIT_ENOTREPO)
			sgit_error_set(cr->err, rc, "repository '%s' does not exist", cr->opts->source);
		return rc;
	}
	if ((rc = absolute(&cr->path, start_dir(cr), dir, cr->err)) < 0)
		return rc;
	if (!dir_usable(cr->path.ptr))
		return sgit_error_set(cr->err, SGIT_EEXISTS,
				      "destination path '%s' already exists and is not an empty directory.", dir);
	cr->res->local_path = is_path && !cr->opts->no_local;
	if ((rc = config_url(cr, is_path)) < 0)
		return rc;
	if (cr->opts->started)
		cr->opts->started(dir, cr->opts->bare, cr->opts->payload);
	if (!is_path)
		return sgit_fetch__open(&cr->src, NULL, cr->opts->source, start_dir(cr), cr->err);
	return 0;
}

/* -b's branch, else its tag, on the other side: *i gets its index. */
static int named_branch(struct clone_run *cr, long *i)
{
	struct sgit_buf name = SGIT_BUF_INIT;
	int rc = 0;

	if (sgit_buf_printf(&name, "refs/heads/%s", cr->opts->branch) < 0)
		goto nomem;
	if ((*i = sgit_fetch__rref_find(&cr->src, name.ptr)) >= 0)
		goto out;
	if (sgit_buf_printf(&name, "refs/tags/%s", cr->opts->branch) < 0)
		goto nomem;
	if ((*i = sgit_fetch__rref_find(&cr->src, name.ptr)) < 0)
		rc = sgit_error_set(cr->err, SGIT_ENOTFOUND, "Remote branch %s not found in upstream %s",
				    cr->opts->branch, cr->origin.ptr);
	goto out;
nomem:
	rc = sgit_error_nomem(cr->err);
out:
	sgit_buf_release(&name);
	return rc;
}

/*
 * Where HEAD goes: -b's branch (or tag), else the branch the other side's
 * HEAD names, else (HEAD detached there) a branch at the same commit,
 * master first, as git guesses; else HEAD is detached here too.
 */
static int choose_head(struct clone_run *cr)
{
	long i = -1, h = sgit_fetch__rref_find(&cr->src, "HEAD");
	size_t k;
	int rc = 0;

	if (cr->src.head_target && sgit_fetch__rref_find(&cr->src, cr->src.head_target) >= 0)
		cr->remote_head = cr->src.head_target;
	for (k = 0; !cr->remote_head && h >= 0 && k < cr->src.n; k++) {
		const struct fetch_rref *r = &cr->src.refs[k];

		if (!strncmp(r->name, "refs/heads/", 11) && sgit_oid_equal(&r->oid, &cr->src.refs[h].oid) &&
		    (i < 0 || !strcmp(r->name, "refs/heads/master")))
			i = (long)k;
	}
	if (!cr->remote_head && i >= 0)
		cr->remote_head = cr->src.refs[i].name;
	if (cr->opts->branch) {
		if ((rc = named_branch(cr, &i)) < 0)
			goto out;
		cr->branch = !strncmp(cr->src.refs[i].name, "refs/heads/", 11) ? cr->src.refs[i].name : NULL;
		rc = sgit_fetch__peel(&cr->head, sgit_repo_odb(cr->src.repo), &cr->src.refs[i].oid, cr->err);
		goto out;
	}
	cr->branch = cr->remote_head;
	if (cr->branch)
		cr->head = cr->src.refs[sgit_fetch__rref_find(&cr->src, cr->branch)].oid;
	else if (h >= 0)
		cr->head = cr->src.refs[h].oid;
	else
		cr->res->empty = cr->src.n == 0;
out:
	return rc;
}

static int set_config(struct clone_run *cr, const char *key_fmt, const char *sub, const char *value,
		      enum sgit_config_edit how)
{
	struct sgit_buf key = SGIT_BUF_INIT, path = SGIT_BUF_INIT;
	int rc;

	if (sgit_buf_printf(&key, key_fmt, sub) < 0 ||
	    sgit_fs_join(&path, sgit_repo_git_dir(cr->repo), "config") < 0)
		rc = sgit_error_nomem(cr->err);
	else
		rc = sgit_config_file_edit(path.ptr, how, key.ptr, value, NULL, cr->err);
	sgit_buf_release(&key);
	sgit_buf_release(&path);
	return rc;
}

/* The remote's name: -o, else clone.defaultRemoteName, else "origin". */
static int origin_name(struct clone_run *cr)
{
	struct sgit_config *cfg = NULL;
	const char *name = cr->opts->origin;
	int rc;

	if (!name && sgit_config_load_standard(&cfg, cr->opts->repo_opts, NULL, cr->err) == 0)
		sgit_config_get_string(&name, cfg, "clone.defaultremotename");
	rc = sgit_buf_sets(&cr->origin, name ? name : "origin") < 0 ? sgit_error_nomem(cr->err) : 0;
	sgit_config_free(cfg);
	if (rc == 0 && !sgit_remote_name_is_valid(cr->origin.ptr))
		rc = sgit_error_set(cr->err, SGIT_EINVALID, "'%s' is not a valid remote name", cr->origin.ptr);
	return rc;
}

static int make_repo(struct clone_run *cr)
{
	struct sgit_repo_init_options io = SGIT_REPO_INIT_OPTIONS_INIT;
	struct sgit_buf fetch = SGIT_BUF_INIT;
	const char *head = cr->branch ? cr->branch : cr->src.head_target;
	int rc;

	if (!sgit_fs_exists(cr->path.ptr)) {
		if ((rc = sgit_fs_mkdir_p(cr->path.ptr, cr->err)) < 0)
			return rc;
		cr->created = 1;
	}
	cr->made = 1;
	io.bare = cr->opts->bare;
	if (head && !strncmp(head, "refs/heads/", 11))
		io.initial_branch = head + 11;
	if ((rc = sgit_repo_init(&cr->repo, NULL, cr->path.ptr, &io, cr->opts->repo_opts, cr->err)) < 0 ||
	    (rc = set_config(cr, "remote.%s.url", cr->origin.ptr, cr->url.ptr, SGIT_CONFIG_EDIT_SET)) < 0)
		return rc;
	if (!cr->opts->bare &&
	    (sgit_buf_printf(&fetch, "+refs/heads/*:refs/remotes/%s/*", cr->origin.ptr) < 0 ||
	     (rc = set_config(cr, "remote.%s.fetch", cr->origin.ptr, fetch.ptr, SGIT_CONFIG_EDIT_ADD)) < 0))
		rc = rc ? rc : sgit_error_nomem(cr->err);
	sgit_buf_release(&fetch);
	return rc;
}

/*
 * A local clone links the other side's files without reading them. git
 * reads the commit it will point the new branch (or a detached HEAD) at
 * before writing that ref, so a truncated or damaged pack fails the clone
 * instead of leaving a branch nobody can read. A bare clone writes no such
 * ref, and git reads nothing there either.
 */
static int check_head(struct clone_run *cr)
{
	struct sgit_buf data = SGIT_BUF_INIT;
	enum sgit_object_type type;
	struct sgit_oid got;
	char hex[SGIT_OID_HEXSZ + 1];
	int rc;

	if (cr->opts->bare || sgit_oid_is_zero(&cr->head))
		return 0;
	if ((rc = sgit_odb_read(&data, &type, sgit_repo_odb(cr->repo), &cr->head)) < 0)
		goto out;
	if ((rc = sgit_object_hash(&got, type, data.ptr, data.len)) < 0)
		rc = sgit_error_nomem(cr->err);
	else if (!sgit_oid_equal(&got, &cr->head))
		rc = sgit_error_set(cr->err, SGIT_ECORRUPT, "hash mismatch %s", sgit_oid_tohex(hex, &cr->head));
out:
	sgit_buf_release(&data);
	return rc;
}

/* Where clone stores the other side's ref name: 1 with local set, 0 when it keeps no copy, SGIT_ENOMEM. */
static int local_name(struct sgit_buf *local, const struct clone_run *cr, const char *name)
{
	int rc;

	if (!strncmp(name, "refs/tags/", 10) || (cr->opts->bare && !strncmp(name, "refs/heads/", 11)))
		rc = sgit_buf_sets(local, name);
	else if (!strncmp(name, "refs/heads/", 11))
		rc = sgit_buf_printf(local, "refs/remotes/%s/%s", cr->origin.ptr, name + 11);
	else
		return 0;
	return rc < 0 ? SGIT_ENOMEM : 1;
}

/* The other side's refs with names git cannot store: ignored aloud, as git does. */
static int ignore_funny(struct clone_run *cr)
{
	const char *p = cr->src.funny.ptr, *nl;
	struct sgit_buf name = SGIT_BUF_INIT, local = SGIT_BUF_INIT;
	int rc = 0;

	for (; rc == 0 && p && (nl = strchr(p, '\n')); p = nl + 1) {
		if (sgit_buf_set(&name, p, (size_t)(nl - p)) < 0)
			rc = SGIT_ENOMEM;
		else if ((rc = local_name(&local, cr, name.ptr)) > 0)
			rc = sgit_fetch__funny(&cr->res->errors, local.ptr);
	}
	sgit_buf_release(&name);
	sgit_buf_release(&local);
	return rc < 0 ? sgit_error_nomem(cr->err) : 0;
}

/* Every branch and tag of the other side: the objects as one pack, the refs packed as git has them. */
static int copy(struct clone_run *cr)
{
	struct fetch_oids wants = FETCH_OIDS_INIT, objects = FETCH_OIDS_INIT;
	struct sgit_ref_update u = { NULL, NULL, NULL, NULL, 0, NULL, NULL };
	struct sgit_buf local = SGIT_BUF_INIT;
	size_t i;
	int rc = 0;

	if (cr->res->local_path) {
		if ((rc = sgit_clone__link_objects(sgit_odb_path(sgit_repo_odb(cr->src.repo)),
						   sgit_odb_path(sgit_repo_odb(cr->repo)), cr->opts->no_hardlinks,
						   cr->err)) < 0)
			goto out;
		sgit_odb_refresh(sgit_repo_odb(cr->repo));
		if ((rc = check_head(cr)) < 0)
			goto out;
	} else {
		for (i = 0; i < cr->src.n && rc == 0; i++)
			rc = sgit_fetch__oids_add(&wants, &cr->src.refs[i].oid);
		if (rc < 0 ||
		    (rc = sgit_fetch__enumerate(&objects, &cr->src, cr->repo, wants.ids, wants.n, cr->err)) < 0 ||
		    (rc = sgit_fetch__install(cr->repo, &cr->src, &objects, cr->opts->progress,
					      cr->opts->payload, cr->err)) < 0)
			goto out;
		cr->res->objects = objects.n;
	}
	if ((rc = ignore_funny(cr)) < 0)
		goto out;
	for (i = 0; i < cr->src.n && rc == 0; i++) {
		if ((rc = local_name(&local, cr, cr->src.refs[i].name)) == 0)
			continue;
		u.name = local.ptr;
		u.new_oid = &cr->src.refs[i].oid;
		rc = rc < 0 ? sgit_error_nomem(cr->err) : sgit_refdb_update(sgit_repo_refdb(cr->repo), &u);
	}
	if (rc == 0)
		rc = sgit_refdb_pack(sgit_repo_refdb(cr->repo), SGIT_REFDB_PACK_ALL | SGIT_REFDB_PACK_PRUNE);
out:
	if (rc == SGIT_ENOMEM)
		sgit_error_nomem(cr->err);
	sgit_fetch__oids_release(&wants);
	sgit_fetch__oids_release(&objects);
	sgit_buf_release(&local);
	return rc;
}

static int update(struct clone_run *cr, const char *name, const struct sgit_oid *id, const char *target,
		  int no_deref)
{
	struct sgit_ref_update u = { NULL, NULL, NULL, NULL, 0, NULL, NULL };

	u.name = name;
	u.new_oid = id;
	u.symref_target = target;
	u.no_deref = no_deref;
	u.reflog_msg = cr->msg.ptr;
	u.committer = cr->opts->committer;
	return sgit_refdb_update(sgit_repo_refdb(cr->repo), &u);
}

/* refs/remotes/<o>/HEAD, HEAD and the branch it is on, branch.<b>.*, as git leaves them. */
static int set_head(struct clone_run *cr)
{
	struct sgit_buf a = SGIT_BUF_INIT, b = SGIT_BUF_INIT;
	const char *unborn = cr->src.head_target;
	int rc = 0;

	if (sgit_buf_printf(&cr->msg, "clone: from %s", cr->url.ptr) < 0)
		goto nomem;
	if (!cr->opts->bare && cr->remote_head &&
	    (sgit_buf_printf(&a, "refs/remotes/%s/HEAD", cr->origin.ptr) < 0 ||
	     sgit_buf_printf(&b, "refs/remotes/%s/%s", cr->origin.ptr, cr->remote_head + 11) < 0))
		goto nomem;
	if (a.len && (rc = update(cr, a.ptr, NULL, b.ptr, 0)) < 0)
		goto out;
	if (!cr->branch && !sgit_oid_is_zero(&cr->head)) {
		/* git detaches HEAD at a tag named by -b, or when no branch matches the other side's */
		rc = update(cr, "HEAD", &cr->head, NULL, 1);
		if (rc == 0 && !(cr->res->detached = malloc(SGIT_OID_HEXSZ + 1)))
			goto nomem;
		if (rc == 0)
			sgit_oid_tohex(cr->res->detached, &cr->head);
		goto out;
	}
	if (!cr->branch && (!unborn || strncmp(unborn, "refs/heads/", 11)))
		goto out;
	if ((rc = update(cr, "HEAD", NULL, cr->branch ? cr->branch : unborn, 0)) < 0 || cr->opts->bare)
		goto out;
	if (cr->branch && (rc = update(cr, cr->branch, &cr->head, NULL, 0)) < 0)
		goto out;
	if ((rc = set_config(cr, "branch.%s.remote", (cr->branch ? cr->branch : unborn) + 11, cr->origin.ptr,
			     SGIT_CONFIG_EDIT_SET)) < 0 ||
	    (rc = set_config(cr, "branch.%s.merge", (cr->branch ? cr->branch : unborn) + 11,
			     cr->branch ? cr->branch : unborn, SGIT_CONFIG_EDIT_SET)) < 0)
		goto out;
	goto out;
nomem:
	rc = sgit_error_nomem(cr->err);
out:
	sgit_buf_release(&a);
	sgit_buf_release(&b);
	return rc;
}

/* The work tree and index become HEAD's tree. */
static int checkout(struct clone_run *cr)
{
	struct sgit_checkout_report rep = SGIT_CHECKOUT_REPORT_INIT;
	struct sgit_index *idx = NULL;
	struct sgit_commit *c = NULL;
	struct sgit_buf data = SGIT_BUF_INIT;
	enum sgit_object_type type;
	int rc;

	if (cr->opts->bare || cr->opts->no_checkout || sgit_oid_is_zero(&cr->head))
		return 0;
	if ((rc = sgit_odb_read(&data, &type, sgit_repo_odb(cr->repo), &cr->head)) < 0 ||
	    (rc = sgit_commit_parse(&c, data.ptr, data.len, cr->err)) < 0 ||
	    (rc = sgit_index_open_locked(&idx, cr->repo)) < 0 ||
	    (rc = sgit_checkout_tree(&rep, cr->repo, idx, NULL, sgit_commit_tree_id(c), SGIT_CHECKOUT_FORCE)) < 0)
		goto out;
	rc = sgit_index_write_locked(idx);
out:
	if (rc < 0 && !cr->err->code)
		*cr->err = *sgit_repo_error(cr->repo);
	/* the caller names each refused path, as git does */
	cr->res->invalid = rep.invalid;
	rep.invalid = (struct sgit_checkout_pathlist){ NULL, 0, 0 };
	sgit_checkout_report_release(&rep);
	sgit_index_free(idx);
	sgit_commit_free(c);
	sgit_buf_release(&data);
	return rc;
}

static int run(struct clone_run *cr)
{
	struct sgit_buf guess = SGIT_BUF_INIT;
	int rc;

	if (!cr->opts->dir && sgit_clone_guess_dir(&guess, cr->opts->source, cr->opts->bare) < 0)
		return sgit_error_nomem(cr->err);
	cr->res->dir = cr->opts->dir ? strdup(cr->opts->dir) : sgit_buf_detach(&guess, NULL);
	if (!cr->res->dir)
		return sgit_error_nomem(cr->err);
	if ((rc = origin_name(cr)) < 0 || (rc = check(cr)) < 0 || (rc = choose_head(cr)) < 0 ||
	    (rc = make_repo(cr)) < 0)
		return rc;
	/* the repository's own slot reports what happens inside it from here on */
	sgit_error_clear(cr->err);
	if ((rc = copy(cr)) < 0 || (rc = set_head(cr)) < 0) {
		if (!cr->err->code)
			*cr->err = *sgit_repo_error(cr->repo);
		return rc;
	}
	/* as git: a checkout that fails (a hostile path) leaves the clone for inspection */
	if ((rc = checkout(cr)) < 0) {
		cr->res->checkout_failed = 1;
		if (!cr->err->code)
			*cr->err = *sgit_repo_error(cr->repo);
		return rc;
	}
	return 0;
}

int sgit_clone(struct sgit_repo **out, struct sgit_clone_result *res,
	       const struct sgit_clone_options *opts, struct sgit_error *err)
{
	struct sgit_repo_options ro = SGIT_REPO_OPTIONS_INIT;
	struct clone_run cr;
	int rc;

	if (out)
		*out = NULL;
	memset(&cr, 0, sizeof(cr));
	*res = (struct sgit_clone_result)SGIT_CLONE_RESULT_INIT;
	cr.opts = opts;
	cr.res = res;
	cr.err = err;
	cr.src = (struct fetch_source)FETCH_SOURCE_INIT;
	sgit_buf_init(&cr.url);
	sgit_buf_init(&cr.origin);
	sgit_buf_init(&cr.path);
	sgit_buf_init(&cr.msg);
	rc = run(&cr);
	if (rc == 0 && out) {
		if (opts->repo_opts)
			ro = *opts->repo_opts;
		ro.git_dir = sgit_repo_git_dir(cr.repo);
		ro.work_tree = opts->bare ? NULL : cr.path.ptr;
		rc = sgit_repo_open(out, &ro, err);
	}
	sgit_repo_free(cr.repo);
	sgit_fetch__source_release(&cr.src);
	/* git removes what it made: the folder, or what it put in an empty one */
	if (rc < 0 && cr.made && !res->checkout_failed)
		sgit_fetch__remove_tree(cr.path.ptr, !cr.created);
	sgit_buf_release(&cr.url);
	sgit_buf_release(&cr.origin);
	sgit_buf_release(&cr.path);
	sgit_buf_release(&cr.msg);
	return rc;
}
