/* porcelain/transport/fetch_source.c: the other side of a fetch: find it, open it, list its refs */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "porcelain/transport/fetch_int.h"
#include "sgit/object.h"
#include "sgit/tag.h"
#include "util/fs.h"

/* Suffixes git tries after the path it is given, in its order. */
static const char *const repo_suffixes[] = { "/.git", "", ".git/.git", ".git" };

/*
 * The variables that name a repository's own files: git clears them for
 * the process that serves the other side, so they must not reach it here.
 */
static const char *const local_repo_env[] = {
	"GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_CONFIG", "GIT_CONFIG_PARAMETERS",
	"GIT_CONFIG_COUNT", "GIT_OBJECT_DIRECTORY", "GIT_DIR", "GIT_WORK_TREE",
	"GIT_IMPLICIT_WORK_TREE", "GIT_GRAFT_FILE", "GIT_INDEX_FILE", "GIT_NO_REPLACE_OBJECTS",
	"GIT_REPLACE_REF_BASE", "GIT_PREFIX", "GIT_SHALLOW_FILE", "GIT_COMMON_DIR",
};

static const char *source_getenv(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(local_repo_env) / sizeof(local_repo_env[0]); i++)
		if (!strcmp(name, local_repo_env[i]))
			return NULL;
	return getenv(name);
}

void sgit_fetch__source_release(struct fetch_source *src)
{
	size_t i;

	for (i = 0; i < src->n; i++)
		free(src->refs[i].name);
	free(src->refs);
	free(src->path);
	free(src->head_target);
	sgit_buf_release(&src->funny);
	sgit_repo_free(src->repo);
	*src = (struct fetch_source)FETCH_SOURCE_INIT;
}

/*
 * The path a URL names: out gets it (joined to base when relative), shown
 * the form git's messages use. Only this machine's repositories are reachable.
 */
static int url_path(struct sgit_buf *out, struct sgit_buf *shown, int *is_path, const char *url,
		    const char *base, struct sgit_error *err)
{
	const char *colon = strchr(url, ':'), *slash = strchr(url, '/');
	const char *path = url;

	*is_path = 1;
	if (!strncmp(url, "file://", 7)) {
		path = url + 7;
		*is_path = 0;
	} else if (strstr(url, "://") || (colon && (!slash || colon < slash))) {
		return sgit_error_set(err, SGIT_EINVALID,
				      "cannot reach '%s': only paths and file:// URLs are supported", url);
	}
	if (!*path)
		return sgit_error_set(err, SGIT_ENOTREPO, "'%s' does not appear to be a git repository", url);
	if (sgit_buf_sets(shown, path) < 0 ||
	    (path[0] == '/' || !base ? sgit_buf_sets(out, path) : sgit_fs_join(out, base, path)) < 0)
		return sgit_error_nomem(err);
	return 0;
}

/* Open the first candidate that is a repository; 1 when none is. */
static int open_candidates(struct fetch_source *src, const char *path, struct sgit_error *err)
{
	struct sgit_repo_options ro = SGIT_REPO_OPTIONS_INIT;
	struct sgit_buf cand = SGIT_BUF_INIT;
	struct stat st;
	size_t i;
	int rc = 1;

	ro.bare = 1;
	ro.getenv = source_getenv;
	for (i = 0; i < sizeof(repo_suffixes) / sizeof(repo_suffixes[0]) && rc == 1; i++) {
		if (sgit_buf_printf(&cand, "%s%s", path, repo_suffixes[i]) < 0) {
			rc = sgit_error_nomem(err);
			break;
		}
		if (stat(cand.ptr, &st) < 0 || !(S_ISDIR(st.st_mode) || S_ISREG(st.st_mode)))
			continue;
		ro.git_dir = cand.ptr;
		rc = sgit_repo_open(&src->repo, &ro, err);
		if (rc == SGIT_ENOTREPO)
			rc = 1;
		else if (rc == 0 && !(src->path = strdup(sgit_repo_git_dir(src->repo))))
			rc = sgit_error_nomem(err);
	}
	sgit_buf_release(&cand);
	return rc;
}

static int push_ref(struct fetch_source *src, const char *name, const struct sgit_oid *oid,
		    const struct sgit_oid *peeled)
{
	struct fetch_rref *r;

	if (src->n == src->alloc) {
		size_t alloc = src->alloc ? src->alloc * 2 : 64;
		struct fetch_rref *grown = realloc(src->refs, alloc * sizeof(*grown));

		if (!grown)
			return SGIT_ENOMEM;
		src->refs = grown;
		src->alloc = alloc;
	}
	r = &src->refs[src->n];
	memset(r, 0, sizeof(*r));
	if (!(r->name = strdup(name)))
		return SGIT_ENOMEM;
	r->oid = *oid;
	if (peeled) {
		r->peeled = *peeled;
		r->peeled_known = 1;
	}
	src->n++;
	return 0;
}

static int list_one(const struct sgit_ref *ref, void *payload)
{
	struct fetch_source *src = payload;

	/* git's ref advertisement leaves out what it cannot read; a bad name it lists, and
	 * the receiving side then ignores it aloud: kept apart, for that message */
	if (!sgit_refname_is_valid(ref->name.ptr, 0, NULL)) {
		/* (the iterator calls such a ref broken for its name alone) */
		if (sgit_oid_is_zero(&ref->oid) || (ref->flags & SGIT_REF_SYMBOLIC))
			return 0;
		return sgit_buf_adds(&src->funny, ref->name.ptr) < 0 || sgit_buf_addch(&src->funny, '\n') < 0
		       ? SGIT_ENOMEM : 0;
	}
	if ((ref->flags & SGIT_REF_BROKEN) || sgit_oid_is_zero(&ref->oid))
		return 0;
	return push_ref(payload, ref->name.ptr, &ref->oid,
			(ref->flags & SGIT_REF_HAS_PEELED) ? &ref->peeled : NULL);
}

static int list_refs(struct fetch_source *src, struct sgit_error *err)
{
	struct sgit_refdb *db = sgit_repo_refdb(src->repo);
	struct sgit_ref head = SGIT_REF_INIT;
	struct sgit_oid id;
	int rc = 0;

	if (sgit_refdb_read(&head, db, "HEAD") == 0 && (head.flags & SGIT_REF_SYMBOLIC) &&
	    !(src->head_target = strdup(head.target.ptr)))
		rc = SGIT_ENOMEM;
	if (rc == 0 && sgit_refdb_resolve(&id, NULL, db, "HEAD") == 0)
		rc = push_ref(src, "HEAD", &id, NULL);
	if (rc == 0)
		rc = sgit_refdb_foreach(db, "refs/", list_one, src);
	if (rc == SGIT_ENOMEM)
		rc = sgit_error_nomem(err);
	else if (rc < 0)
		*err = *sgit_repo_error(src->repo);
	sgit_ref_release(&head);
	return rc;
}

int sgit_fetch__open(struct fetch_source *src, int *is_path, const char *url, const char *base,
		     struct sgit_error *err)
{
	struct sgit_buf path = SGIT_BUF_INIT, shown = SGIT_BUF_INIT;
	int plain = 1, rc;

	if ((rc = url_path(&path, &shown, &plain, url, base, err)) < 0)
		goto out;
	if (is_path)
		*is_path = plain;
	if ((rc = open_candidates(src, path.ptr, err)) == 1)
		rc = sgit_error_set(err, SGIT_ENOTREPO, "'%s' does not appear to be a git repository",
				    shown.ptr);
	if (rc == 0)
		rc = list_refs(src, err);
out:
	if (rc < 0)
		sgit_fetch__source_release(src);
	sgit_buf_release(&path);
	sgit_buf_release(&shown);
	return rc;
}

int sgit_fetch__peel(struct sgit_oid *out, struct sgit_odb *odb, const struct sgit_oid *id,
		     struct sgit_error *err)
{
	struct sgit_buf data = SGIT_BUF_INIT;
	enum sgit_object_type type;
	struct sgit_oid cur = *id, next;
	size_t size, depth;
	int rc = 0;

	/* a chain of tags longer than this is a loop in disguise */
	for (depth = 0; depth < 64; depth++) {
		if ((rc = sgit_odb_read_header(&size, &type, odb, &cur)) < 0)
			goto out;
		if (type != SGIT_OBJ_TAG)
			break;
		if ((rc = sgit_odb_read(&data, &type, odb, &cur)) < 0)
			goto out;
		if (sgit_object_peel_step(&next, type, SGIT_OBJ_COMMIT, data.ptr, data.len) < 0) {
			char hex[SGIT_OID_HEXSZ + 1];

			rc = sgit_error_set(err, SGIT_ECORRUPT, "cannot read tag '%s'",
					    sgit_oid_tohex(hex, &cur));
			goto out;
		}
		cur = next;
	}
	*out = cur;
out:
	sgit_buf_release(&data);
	return rc;
}

int sgit_fetch__peel_commit(struct sgit_oid *commit, struct sgit_odb *odb, const struct sgit_oid *id)
{
	enum sgit_object_type type;
	struct sgit_oid peeled;
	size_t size;

	if (sgit_oid_is_zero(id) || sgit_fetch__peel(&peeled, odb, id, NULL) < 0 ||
	    sgit_odb_read_header(&size, &type, odb, &peeled) < 0 || type != SGIT_OBJ_COMMIT)
		return 0;
	*commit = peeled;
	return 1;
}

int sgit_fetch__rref_peeled(const struct sgit_oid **out, struct fetch_source *src, size_t i,
			    struct sgit_error *err)
{
	struct fetch_rref *r = &src->refs[i];
	int rc;

	if (!r->peeled_known) {
		if ((rc = sgit_fetch__peel(&r->peeled, sgit_repo_odb(src->repo), &r->oid, err)) < 0) {
			if (rc != SGIT_ECORRUPT)
				*err = *sgit_repo_error(src->repo);
			return rc;
		}
		r->peeled_known = 1;
	}
	*out = &r->peeled;
	return 0;
}

long sgit_fetch__rref_find(const struct fetch_source *src, const char *name)
{
	size_t i;

	for (i = 0; i < src->n; i++)
		if (!strcmp(src->refs[i].name, name))
			return (long)i;
	return -1;
}

long sgit_fetch__rref_dwim(const struct fetch_source *src, const char *name)
{
	size_t i, len = strlen(name);
	long best = -1;
	int best_rule = -1, rule;

	for (i = 0; i < src->n; i++) {
		rule = sgit_dwim_match(name, len, src->refs[i].name);
		if (rule >= 0 && (best < 0 || rule < best_rule)) {
			best = (long)i;
			best_rule = rule;
		}
	}
	return best;
}
