/* porcelain/merge/merge_state_files.c: MERGE_HEAD, MERGE_MSG and MERGE_MODE, written and read back as git does */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "sgit/merge_base.h"
#include "sgit/merge_state.h"
#include "util/fs.h"

static int git_file(struct sgit_buf *out, struct sgit_repo *repo, const char *name)
{
	if (sgit_fs_join(out, sgit_repo_git_dir(repo), name) < 0)
		return sgit_error_nomem(sgit_repo_error(repo));
	return 0;
}

/* Replace the file name of the git dir with data (a temp file renamed over it). */
static int write_git_file(struct sgit_repo *repo, const char *name, const void *data, size_t len)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	int rc;

	if ((rc = git_file(&path, repo, name)) == 0)
		rc = sgit_fs_write_atomic(path.ptr, data, len, 0666, sgit_repo_error(repo));
	sgit_buf_release(&path);
	return rc;
}

/* Read the file name of the git dir: SGIT_ENOTFOUND (no message) when it is missing. */
static int read_git_file(struct sgit_buf *out, struct sgit_repo *repo, const char *name)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	int rc;

	if ((rc = git_file(&path, repo, name)) == 0 && !sgit_fs_exists(path.ptr))
		rc = SGIT_ENOTFOUND;
	else if (rc == 0)
		rc = sgit_fs_read_file(out, path.ptr, sgit_repo_error(repo));
	sgit_buf_release(&path);
	return rc;
}

int sgit_merge_state_write_heads(struct sgit_repo *repo, const struct sgit_merge_heads *heads,
				 int no_ff)
{
	struct sgit_buf buf = SGIT_BUF_INIT;
	char hex[SGIT_OID_HEXSZ + 1];
	size_t i;
	int rc = 0;

	for (i = 0; i < heads->nr && !rc; i++)
		rc = sgit_buf_addf(&buf, "%s\n", sgit_oid_tohex(hex, &heads->items[i].named));
	if (rc < 0)
		rc = sgit_error_nomem(sgit_repo_error(repo));
	else if ((rc = write_git_file(repo, "MERGE_HEAD", buf.ptr, buf.len)) == 0)
		rc = write_git_file(repo, "MERGE_MODE", no_ff ? "no-ff" : "", no_ff ? 5 : 0);
	sgit_buf_release(&buf);
	return rc;
}

int sgit_merge_state_write_msg(struct sgit_repo *repo, const char *msg, size_t len)
{
	return write_git_file(repo, "MERGE_MSG", msg, len);
}

int sgit_merge_state_in_progress(struct sgit_repo *repo)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	int exists = git_file(&path, repo, "MERGE_HEAD") == 0 && sgit_fs_exists(path.ptr);

	sgit_buf_release(&path);
	return exists;
}

int sgit_merge_state_read_heads(struct sgit_merge_heads *out, struct sgit_repo *repo)
{
	struct sgit_buf data = SGIT_BUF_INIT, line = SGIT_BUF_INIT;
	struct sgit_merge_head h;
	const char *p, *end;
	int rc;

	if ((rc = read_git_file(&data, repo, "MERGE_HEAD")) < 0)
		goto out;
	for (p = data.ptr, end = data.ptr + data.len; p < end && !rc; ) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);

		if ((rc = sgit_buf_set(&line, p, n)) < 0)
			break;
		/* each line is taken as git takes any name: a tag id keeps its tag */
		if (memchr(line.ptr, '\0', line.len) || sgit_merge_head_resolve(&h, repo, line.ptr) < 0)
			rc = sgit_error_set(sgit_repo_error(repo), SGIT_ECORRUPT, "Corrupt MERGE_HEAD file (%s)",
					    line.ptr);
		else if ((rc = sgit_merge_heads_push(out, &h)) < 0)
			free(h.name);
		p = nl ? nl + 1 : end;
	}
	if (rc == SGIT_ENOMEM)
		sgit_error_nomem(sgit_repo_error(repo));
out:
	if (rc < 0)
		sgit_merge_heads_release(out);
	sgit_buf_release(&data);
	sgit_buf_release(&line);
	return rc;
}

int sgit_merge_state_no_ff(struct sgit_repo *repo)
{
	struct sgit_buf data = SGIT_BUF_INIT;
	int no_ff = read_git_file(&data, repo, "MERGE_MODE") == 0 && data.len == 5 &&
		    !memcmp(data.ptr, "no-ff", 5);

	sgit_error_clear(sgit_repo_error(repo));
	sgit_buf_release(&data);
	return no_ff;
}

/*
 * HEAD then every head, reduced to the independent ones (first of each kept,
 * in order) unless the merge asked for no fast-forward.
 */
static int decide_parents(struct sgit_merge_state *st, struct sgit_repo *repo, const struct sgit_oid *head)
{
	struct sgit_oid *ids = calloc(st->heads.nr + 1, sizeof(*ids));
	struct sgit_merge_base *mb = NULL;
	size_t i, n = 0;
	int rc;

	if (!ids)
		return sgit_error_nomem(sgit_repo_error(repo));
	if (head)
		ids[n++] = *head;
	for (i = 0; i < st->heads.nr; i++)
		ids[n++] = st->heads.items[i].commit;
	if (st->no_ff) {
		st->parents = ids;
		st->nparents = n;
		return 0;
	}
	if ((rc = sgit_merge_base_new(&mb, sgit_repo_odb(repo), sgit_repo_error(repo))) == 0)
		rc = sgit_merge_base_independent(&st->parents, &st->nparents, mb, ids, n);
	sgit_merge_base_free(mb);
	free(ids);
	return rc;
}

int sgit_merge_state_load(struct sgit_merge_state *out, struct sgit_repo *repo,
			  const struct sgit_oid *head)
{
	int rc;

	if ((rc = sgit_merge_state_read_heads(&out->heads, repo)) < 0)
		goto out;
	out->no_ff = sgit_merge_state_no_ff(repo);
	if ((rc = decide_parents(out, repo, head)) < 0 ||
	    (rc = sgit_merge_mergetags(&out->extra, repo, &out->heads, out->parents, out->nparents)) < 0)
		goto out;
	rc = read_git_file(&out->msg, repo, "MERGE_MSG");
	out->has_msg = rc == 0;
	if (rc == SGIT_ENOTFOUND)
		rc = 0;
out:
	if (rc < 0)
		sgit_merge_state_release(out);
	return rc;
}

void sgit_merge_state_release(struct sgit_merge_state *st)
{
	sgit_merge_heads_release(&st->heads);
	free(st->parents);
	st->parents = NULL;
	st->nparents = 0;
	sgit_commit_extra_release(&st->extra);
	sgit_buf_release(&st->msg);
	st->no_ff = st->has_msg = 0;
}

int sgit_merge_state_clear(struct sgit_repo *repo)
{
	static const char *const files[] = { "MERGE_HEAD", "MERGE_RR", "MERGE_MSG", "MERGE_MODE", "AUTO_MERGE" };
	struct sgit_buf path = SGIT_BUF_INIT;
	size_t i;
	int rc = 0;

	for (i = 0; i < sizeof(files) / sizeof(files[0]) && !rc; i++) {
		if ((rc = git_file(&path, repo, files[i])) == 0 && unlink(path.ptr) < 0 && errno != ENOENT)
			rc = sgit_error_set(sgit_repo_error(repo), SGIT_EOS, "cannot remove '%s': %s", path.ptr,
					    strerror(errno));
	}
	sgit_buf_release(&path);
	return rc;
}
