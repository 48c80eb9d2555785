/*
 * porcelain/diff/diff_output.c: the patch format ("diff --git" headers, hunks,
 * binary notes) and the front door that puts every format in git's order
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include "porcelain/diff/diff_output_int.h"
#include "sgit/config.h"
#include "sgit/object.h"
#include "sgit/odb.h"
#include "sgit/refs.h"
#include "util/quote.h"

int sgit_diff_write_buf(const char *data, size_t len, void *payload)
{
	return sgit_buf_add(payload, data, len);
}

int sgit_diff__flush(struct sgit_buf *buf, sgit_diff_write_fn write, void *payload)
{
	int rc = buf->len ? write(buf->ptr, buf->len, payload) : 0;

	sgit_buf_reset(buf);
	return rc;
}

/* ---- configuration ---- */

static int config_uint(unsigned int *out, struct sgit_repo *repo, const char *key)
{
	int64_t v;
	int rc = sgit_config_get_int(&v, sgit_repo_config(repo), key, sgit_repo_error(repo));

	if (rc == SGIT_ENOTFOUND)
		return 0;
	if (rc < 0)
		return rc;
	if (v < 0)
		return sgit_error_set(sgit_repo_error(repo), SGIT_ECONFIG,
				      "bad config variable '%s'", key);
	*out = v > 0xffffff ? 0xffffff : (unsigned int)v;
	return 0;
}

static int config_bool(int *out, struct sgit_repo *repo, const char *key)
{
	int v, rc = sgit_config_get_bool(&v, sgit_repo_config(repo), key, sgit_repo_error(repo));

	if (rc == 0)
		*out = v;
	return rc == SGIT_ENOTFOUND ? 0 : rc;
}

/* diff.renames: a boolean, or "copies"; diff.renameLimit */
static int config_renames(struct sgit_diff_output_options *opts, struct sgit_repo *repo)
{
	const char *v;
	int64_t limit;
	int rc;

	if (sgit_config_get_string(&v, sgit_repo_config(repo), "diff.renames") == 0 &&
	    (!strcasecmp(v, "copies") || !strcasecmp(v, "copy"))) {
		opts->renames = opts->copies = 1;
	} else if ((rc = config_bool(&opts->renames, repo, "diff.renames")) < 0) {
		return rc;
	}
	rc = sgit_config_get_int(&limit, sgit_repo_config(repo), "diff.renamelimit",
				 sgit_repo_error(repo));
	if (rc == 0)
		opts->rename_limit = limit > 0x7fffffff ? 0x7fffffff : limit < 0 ? -1 : (int)limit;
	return rc == SGIT_ENOTFOUND ? 0 : rc;
}

int sgit_diff_output_config(struct sgit_diff_output_options *opts, struct sgit_repo *repo)
{
	int noprefix = 0, rc;

	if ((rc = config_bool(&opts->quote_path, repo, "core.quotepath")) < 0 ||
	    (rc = config_uint(&opts->context, repo, "diff.context")) < 0 ||
	    (rc = config_uint(&opts->interhunk, repo, "diff.interhunkcontext")) < 0 ||
	    (rc = config_bool(&opts->indent_heuristic, repo, "diff.indentheuristic")) < 0 ||
	    (rc = config_bool(&noprefix, repo, "diff.noprefix")) < 0)
		return rc;
	if (noprefix)
		opts->src_prefix = opts->dst_prefix = "";
	if ((rc = config_renames(opts, repo)) < 0)
		return rc;
	return sgit_diff__color_config(opts, repo);
}

/* ---- content ---- */

void sgit_diff__blob_release(struct diff_blob *b)
{
	sgit_buf_release(&b->buf);
	sgit_fs_unmap(&b->map);
	b->data = "";
	b->big = 0;
	b->len = 0;
}

static int read_link(struct sgit_buf *out, const char *path, struct sgit_error *err)
{
	size_t size = 256;
	ssize_t n;

	for (;;) {
		sgit_buf_reset(out);
		if (sgit_buf_grow(out, size) < 0)
			return sgit_error_nomem(err);
		if ((n = readlink(path, out->ptr, size)) < 0)
			return sgit_error_set(err, SGIT_EOS, "cannot read link '%s': %s", path,
					      strerror(errno));
		if ((size_t)n < size) {
			sgit_buf_setlen(out, (size_t)n);
			return 0;
		}
		size *= 2;
	}
}

static int worktree_path(struct sgit_buf *out, struct sgit_repo *repo, const char *path)
{
	const char *wt = sgit_repo_work_tree(repo);

	if (!wt)
		return sgit_error_set(sgit_repo_error(repo), SGIT_EINVALID,
				      "cannot read '%s': no work tree", path);
	if (sgit_fs_join(out, wt, path) < 0)
		return sgit_error_nomem(sgit_repo_error(repo));
	return 0;
}

static int load_worktree(struct diff_blob *b, struct sgit_repo *repo, const char *path, int skip_big)
{
	struct sgit_buf full = SGIT_BUF_INIT;
	struct sgit_error *err = sgit_repo_error(repo);
	struct stat st;
	int rc;

	if ((rc = worktree_path(&full, repo, path)) < 0)
		goto out;
	if (lstat(full.ptr, &st) < 0) {
		rc = sgit_error_set(err, errno == ENOENT ? SGIT_ENOTFOUND : SGIT_EOS,
				    "cannot stat '%s': %s", path, strerror(errno));
		goto out;
	}
	if (skip_big && S_ISREG(st.st_mode) &&
	    (uint64_t)st.st_size > sgit_repo_big_file_threshold(repo)) {
		b->big = 1;
		b->len = (size_t)st.st_size;
	} else if (S_ISLNK(st.st_mode)) {
		if ((rc = read_link(&b->buf, full.ptr, err)) == 0) {
			b->data = b->buf.ptr;
			b->len = b->buf.len;
		}
	} else if ((rc = sgit_fs_map(&b->map, full.ptr, err)) == 0) {
		b->data = b->map.data;
		b->len = b->map.len;
	}
out:
	sgit_buf_release(&full);
	return rc;
}

static int load_object(struct diff_blob *b, struct sgit_repo *repo, const struct sgit_oid *id,
		       int skip_big)
{
	enum sgit_object_type type;
	char hex[SGIT_OID_HEXSZ + 1];
	size_t size;
	int rc;

	if (skip_big && (rc = sgit_odb_read_header(&size, &type, sgit_repo_odb(repo), id)) == 0 &&
	    type == SGIT_OBJ_BLOB && size > sgit_repo_big_file_threshold(repo)) {
		b->big = 1;
		b->len = size;
		return 0;
	}
	if ((rc = sgit_odb_read(&b->buf, &type, sgit_repo_odb(repo), id)) < 0)
		return rc;
	if (type != SGIT_OBJ_BLOB)
		return sgit_error_set(sgit_repo_error(repo), SGIT_ECORRUPT,
				      "object '%s' is a %s, not a blob", sgit_oid_tohex(hex, id),
				      sgit_object_type_name(type));
	b->data = b->buf.ptr;
	b->len = b->buf.len;
	return 0;
}

int sgit_diff__load(struct diff_blob *b, struct sgit_repo *repo, const char *path,
		    unsigned int mode, const struct sgit_oid *id, int worktree, int skip_big)
{
	char hex[SGIT_OID_HEXSZ + 1];

	sgit_diff__blob_release(b);
	if (!mode)
		return 0;
	if (DIFF_MODE_TYPE(mode) == DIFF_MODE_GITLINK) {
		/* git shows a submodule as the commit it records */
		if (sgit_buf_printf(&b->buf, "Subproject commit %s\n", sgit_oid_tohex(hex, id)) < 0)
			return sgit_error_nomem(sgit_repo_error(repo));
		b->data = b->buf.ptr;
		b->len = b->buf.len;
		return 0;
	}
	return worktree ? load_worktree(b, repo, path, skip_big) : load_object(b, repo, id, skip_big);
}

/* The commit a submodule's HEAD names: its id is what git shows for it. */
static int submodule_head(struct sgit_oid *out, struct sgit_repo *repo, const char *dir)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf gitdir = SGIT_BUF_INIT, file = SGIT_BUF_INIT;
	struct sgit_refdb *db = NULL;
	int rc = SGIT_ENOTFOUND;

	if (sgit_fs_join(&gitdir, dir, ".git") < 0) {
		rc = sgit_error_nomem(sgit_repo_error(repo));
		goto out;
	}
	/* a "gitdir: <path>" file where the submodule's git dir lives elsewhere */
	if (sgit_fs_is_file(gitdir.ptr) && sgit_fs_read_file(&file, gitdir.ptr, &err) == 0) {
		sgit_buf_rtrim(&file);
		if (strncmp(file.ptr, "gitdir: ", 8) ||
		    (file.ptr[8] == '/' ? sgit_buf_sets(&gitdir, file.ptr + 8)
					: sgit_fs_join(&gitdir, dir, file.ptr + 8)) < 0)
			goto out;
	}
	if (sgit_refdb_open(&db, gitdir.ptr, NULL, &err) == 0 &&
	    sgit_refdb_resolve(out, NULL, db, "HEAD") == 0)
		rc = 0;
out:
	sgit_refdb_free(db);
	sgit_buf_release(&gitdir);
	sgit_buf_release(&file);
	return rc;
}

int sgit_diff__hash_worktree(struct sgit_oid *out, struct sgit_repo *repo, const char *path,
			     unsigned int mode)
{
	struct diff_blob b = DIFF_BLOB_INIT;
	struct sgit_buf full = SGIT_BUF_INIT;
	struct stat st;
	int rc, fd = -1;

	if ((rc = worktree_path(&full, repo, path)) < 0)
		goto out;
	if (DIFF_MODE_TYPE(mode) == DIFF_MODE_GITLINK) {
		rc = submodule_head(out, repo, full.ptr);
		goto out;
	}
	fd = open(full.ptr, O_RDONLY | O_NOFOLLOW);
	if (fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
		rc = sgit_odb_hash_fd(out, sgit_repo_odb(repo), SGIT_OBJ_BLOB, fd, (size_t)st.st_size);
		goto out;
	}
	/* a link (O_NOFOLLOW refused it), or something odd: hash what a diff would show */
	if ((rc = load_worktree(&b, repo, path, 0)) < 0)
		goto out;
	if (sgit_object_hash(out, SGIT_OBJ_BLOB, b.data, b.len) < 0)
		rc = sgit_error_nomem(sgit_repo_error(repo));
out:
	if (fd >= 0)
		close(fd);
	sgit_diff__blob_release(&b);
	sgit_buf_release(&full);
	return rc;
}

int sgit_diff__is_binary(const struct diff_blob *a, const struct diff_blob *b,
			 const struct sgit_diff_output_options *opts)
{
	/* git takes a file it did not read for its size as binary (not done with --text) */
	if (a->big || b->big)
		return 1;
	return !opts->text && (sgit_diff_is_binary(a->data, a->len) ||
			       sgit_diff_is_binary(b->data, b->len));
}

unsigned int sgit_diff__engine_flags(const struct sgit_diff_output_options *opts)
{
	unsigned int flags = 0;

	if (opts->minimal)
		flags |= SGIT_DIFF_MINIMAL;
	if (!opts->indent_heuristic)
		flags |= SGIT_DIFF_NO_INDENT;
	/* git trims a common tail before diffing when no context is shown */
	if (!opts->context)
		flags |= SGIT_DIFF_TRIM_TAIL;
	return flags;
}

/* ---- names ---- */

int sgit_diff__name_add(struct sgit_buf *out, const char *prefix, const char *path, size_t len,
			int quote_path)
{
	struct sgit_buf whole = SGIT_BUF_INIT;
	int rc;

	/* git quotes prefix and path as one string: "a/na\303\257ve" */
	if (sgit_buf_adds(&whole, prefix) < 0 || sgit_buf_add(&whole, path, len) < 0)
		rc = SGIT_ENOMEM;
	else
		rc = sgit_quote_c_style_add(out, whole.ptr, whole.len, quote_path);
	sgit_buf_release(&whole);
	return rc < 0 ? SGIT_ENOMEM : 0;
}

/* ---- the patch ---- */

/* One side of a file pair. */
struct side {
	unsigned int mode;	/* 0: the side does not exist */
	struct sgit_oid id;
	int known;		/* id is known (a work-tree file may not have been hashed) */
	int worktree;		/* the content is in the work tree */
};

struct patch {
	struct sgit_repo *repo;
	const struct sgit_diff_output_options *opts;
	struct sgit_buf out;		/* the text of the file pair being shown */
	struct sgit_buf a_name, b_name;	/* "a/path", "b/path", quoted as needed */
	struct diff_blob a, b;
	sgit_diff_write_fn write;
	void *payload;
};

static void abbrev(char hex[SGIT_OID_HEXSZ + 1], struct patch *p, const struct sgit_oid *id)
{
	size_t n = p->opts->abbrev;

	if (n >= SGIT_OID_HEXSZ) {
		sgit_oid_tohex(hex, id);
	} else if (!n) {
		sgit_repo_abbrev(hex, p->repo, id);
	} else if (sgit_odb_shortest_unique(hex, sgit_repo_odb(p->repo), id, n < 4 ? 4 : n) < 0) {
		sgit_oid_tohex(hex, id);
		hex[n] = '\0';
	}
}

/* One header line in the meta colour. */
static int meta_addf(struct patch *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int meta_addf(struct patch *p, const char *fmt, ...)
{
	va_list ap;
	int rc = sgit_buf_adds(&p->out, sgit_diff__color(p->opts, SGIT_DIFF_COLOR_META));

	va_start(ap, fmt);
	rc |= sgit_buf_vaddf(&p->out, fmt, ap);
	va_end(ap);
	rc |= sgit_buf_adds(&p->out, sgit_diff__reset(p->opts));
	rc |= sgit_buf_addch(&p->out, '\n');
	return rc;
}

static int add_rename(struct patch *p, const struct diff_pair *pr)
{
	struct sgit_buf from = SGIT_BUF_INIT, to = SGIT_BUF_INIT;
	int rc = 0, quote_path = p->opts->quote_path;

	rc |= sgit_diff__name_add(&from, "", pr->old_path, pr->old_len, quote_path);
	rc |= sgit_diff__name_add(&to, "", pr->new_path, pr->new_len, quote_path);
	if (!rc) {
		const char *what = pr->status == DIFF_STATUS_COPIED ? "copy" : "rename";

		rc |= meta_addf(p, "similarity index %u%%", pr->similarity);
		rc |= meta_addf(p, "%s from %s", what, from.ptr);
		rc |= meta_addf(p, "%s to %s", what, to.ptr);
	}
	sgit_buf_release(&from);
	sgit_buf_release(&to);
	return rc;
}

/*
 * "diff --git", the mode lines, what a rename says and the "index" line.
 * *must_show: shown even without hunks.
 */
static int add_header(struct patch *p, const struct diff_pair *pr, const struct side *o,
		      const struct side *n, int *must_show)
{
	char ha[SGIT_OID_HEXSZ + 1], hb[SGIT_OID_HEXSZ + 1], mode[16] = "";
	int rc = 0;

	rc |= meta_addf(p, "diff --git %s %s", p->a_name.ptr, p->b_name.ptr);
	*must_show = !o->mode || !n->mode || o->mode != n->mode;
	if (!o->mode) {
		rc |= meta_addf(p, "new file mode %06o", n->mode);
	} else if (!n->mode) {
		rc |= meta_addf(p, "deleted file mode %06o", o->mode);
	} else if (o->mode != n->mode) {
		rc |= meta_addf(p, "old mode %06o", o->mode);
		rc |= meta_addf(p, "new mode %06o", n->mode);
	}
	if (DIFF_IS_RENAME_OR_COPY(pr)) {
		*must_show = 1;
		rc |= add_rename(p, pr);
	}
	if (!sgit_oid_equal(&o->id, &n->id)) {
		abbrev(ha, p, &o->id);
		abbrev(hb, p, &n->id);
		if (o->mode == n->mode)
			snprintf(mode, sizeof(mode), " %06o", o->mode);
		rc |= meta_addf(p, "index %s..%s%s", ha, hb, mode);
	}
	return rc ? sgit_error_nomem(sgit_repo_error(p->repo)) : 0;
}

/* "--- a/x" and "+++ b/x"; git ends a name holding a space with a tab (after the colour). */
static int add_label(struct patch *p, const char *lead, const struct sgit_buf *name, int exists)
{
	struct sgit_buf *b = &p->out;
	const char *label = exists ? name->ptr : "/dev/null";
	int rc = 0;

	rc |= sgit_buf_adds(b, sgit_diff__color(p->opts, SGIT_DIFF_COLOR_META));
	rc |= sgit_buf_adds(b, lead);
	rc |= sgit_buf_adds(b, label);
	rc |= sgit_buf_adds(b, sgit_diff__reset(p->opts));
	if (strchr(label, ' '))
		rc |= sgit_buf_addch(b, '\t');
	rc |= sgit_buf_addch(b, '\n');
	return rc ? SGIT_ENOMEM : 0;
}

static int add_binary(struct patch *p, const struct side *o, const struct side *n)
{
	int rc = 0;

	if (p->a.len == p->b.len && !memcmp(p->a.data, p->b.data, p->a.len))
		return 1;
	rc |= sgit_buf_adds(&p->out, "Binary files ");
	rc |= sgit_buf_adds(&p->out, o->mode ? p->a_name.ptr : "/dev/null");
	rc |= sgit_buf_adds(&p->out, " and ");
	rc |= sgit_buf_adds(&p->out, n->mode ? p->b_name.ptr : "/dev/null");
	rc |= sgit_buf_adds(&p->out, " differ\n");
	return rc ? sgit_error_nomem(sgit_repo_error(p->repo)) : 0;
}

/* The labels and hunks; 1 when the texts are the same (nothing to show). */
static int add_text(struct patch *p, const struct side *o, const struct side *n)
{
	struct sgit_diff d = SGIT_DIFF_INIT;
	struct sgit_diff_hunk_opts hopts = SGIT_DIFF_HUNK_OPTS_INIT;
	struct sgit_error *err = sgit_repo_error(p->repo);
	int rc;

	hopts.context = p->opts->context;
	hopts.interhunk = p->opts->interhunk;
	if ((rc = sgit_diff_lines(&d, p->a.data, p->a.len, p->b.data, p->b.len,
				  sgit_diff__engine_flags(p->opts), err)) < 0)
		goto out;
	if (!d.nr_changes) {
		rc = 1;
		goto out;
	}
	if (add_label(p, "--- ", &p->a_name, o->mode != 0) < 0 ||
	    add_label(p, "+++ ", &p->b_name, n->mode != 0) < 0)
		rc = sgit_error_nomem(err);
	else
		rc = sgit_diff__body_add(&p->out, &d, &p->a, &p->b, &hopts, p->opts, err);
out:
	sgit_diff_release(&d);
	return rc;
}

static int load_sides(struct patch *p, const struct diff_pair *pr, struct side *o, struct side *n)
{
	int rc;

	if ((rc = sgit_diff__load(&p->a, p->repo, pr->old_path, o->mode, &o->id, o->worktree,
				   !p->opts->text)) < 0 ||
	    (rc = sgit_diff__load(&p->b, p->repo, pr->new_path, n->mode, &n->id, n->worktree,
				   !p->opts->text)) < 0)
		return rc;
	if (!n->mode || n->known)
		return 0;
	/* a work-tree side not hashed yet: its id is that of what was just read */
	if (DIFF_MODE_TYPE(n->mode) != DIFF_MODE_GITLINK)
		return sgit_object_hash(&n->id, SGIT_OBJ_BLOB, p->b.data, p->b.len) < 0
			       ? sgit_error_nomem(sgit_repo_error(p->repo)) : 0;
	if (sgit_diff__hash_worktree(&n->id, p->repo, pr->new_path, n->mode) < 0)
		sgit_error_clear(sgit_repo_error(p->repo));
	return sgit_diff__load(&p->b, p->repo, pr->new_path, n->mode, &n->id, n->worktree,
			       !p->opts->text);
}

/* One "diff --git" section for a pair of sides. */
static int show_pair(struct patch *p, const struct diff_pair *pr, struct side o, struct side n)
{
	int rc, must_show = 0, same;

	if ((rc = load_sides(p, pr, &o, &n)) < 0 ||
	    (rc = add_header(p, pr, &o, &n, &must_show)) < 0)
		goto out;
	if (sgit_diff__is_binary(&p->a, &p->b, p->opts))
		same = add_binary(p, &o, &n);
	else
		same = add_text(p, &o, &n);
	if ((rc = same) < 0)
		goto out;
	if (same && !must_show)
		sgit_buf_reset(&p->out);
	rc = sgit_diff__flush(&p->out, p->write, p->payload);
out:
	sgit_buf_reset(&p->out);
	sgit_diff__blob_release(&p->a);
	sgit_diff__blob_release(&p->b);
	return rc;
}

static int show_change(struct patch *p, const struct diff_pair *pr)
{
	const struct sgit_diff_output_options *opts = p->opts;
	struct side o = { pr->old_mode, pr->old_id, 1, 0 };
	struct side n = { pr->new_mode, pr->new_id, pr->new_id_known, opts->new_from_worktree };
	struct side none = { 0, { { 0 } }, 1, 0 };
	int rc;

	if (pr->status == SGIT_CHANGE_UNMERGED) {
		if (sgit_buf_printf(&p->out, "* Unmerged path %s\n", pr->new_path) < 0)
			return sgit_error_nomem(sgit_repo_error(p->repo));
		return sgit_diff__flush(&p->out, p->write, p->payload);
	}
	sgit_buf_reset(&p->a_name);
	sgit_buf_reset(&p->b_name);
	if (sgit_diff__name_add(&p->a_name, opts->src_prefix ? opts->src_prefix : "a/", pr->old_path,
				pr->old_len, opts->quote_path) < 0 ||
	    sgit_diff__name_add(&p->b_name, opts->dst_prefix ? opts->dst_prefix : "b/", pr->new_path,
				pr->new_len, opts->quote_path) < 0)
		return sgit_error_nomem(sgit_repo_error(p->repo));
	/* git shows a file that became a link (or the reverse) as a deletion and a creation */
	if (o.mode && n.mode && DIFF_MODE_TYPE(o.mode) != DIFF_MODE_TYPE(n.mode)) {
		if ((rc = show_pair(p, pr, o, none)) < 0)
			return rc;
		return show_pair(p, pr, none, n);
	}
	return show_pair(p, pr, o, n);
}

static int show_patches(struct sgit_repo *repo, const struct diff_queue *q,
			const struct sgit_diff_output_options *opts, sgit_diff_write_fn write,
			void *payload)
{
	struct patch p = { repo, opts, SGIT_BUF_INIT, SGIT_BUF_INIT, SGIT_BUF_INIT,
			   DIFF_BLOB_INIT, DIFF_BLOB_INIT, write, payload };
	size_t i;
	int rc = 0;

	for (i = 0; i < q->nr && !rc; i++)
		rc = show_change(&p, &q->v[i]);
	sgit_buf_release(&p.out);
	sgit_buf_release(&p.a_name);
	sgit_buf_release(&p.b_name);
	return rc;
}

int sgit_diff_output(struct sgit_repo *repo, const struct sgit_changes *changes,
		     const struct sgit_diff_output_options *opts, sgit_diff_write_fn write,
		     void *payload)
{
	struct sgit_diff_output_options o = *opts;
	const unsigned int names = SGIT_DIFF_FORMAT_NAME_ONLY | SGIT_DIFF_FORMAT_NAME_STATUS;
	struct diff_queue q = { NULL, 0 };
	int rc, shown = 0;

	if (o.format & names)
		o.format &= names;
	if (!changes->nr || !o.format)
		return 0;
	if ((rc = sgit_diff__queue(&q, changes, &o, repo)) < 0)
		goto out;
	if ((o.format & ~(unsigned int)SGIT_DIFF_FORMAT_PATCH) &&
	    (rc = sgit_diff__stat_formats(&shown, repo, &q, &o, write, payload)))
		goto out;
	if (!(o.format & SGIT_DIFF_FORMAT_PATCH))
		goto out;
	if (shown && (rc = write("\n", 1, payload)))
		goto out;
	rc = show_patches(repo, &q, &o, write, payload);
out:
	free(q.v);
	return rc;
}
