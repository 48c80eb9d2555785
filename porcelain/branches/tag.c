/* porcelain/branches/tag.c: making and deleting tags: annotated tag objects and refs/tags/<name> */
#include <string.h>
#include "porcelain/branches/refinfo.h"
#include "sgit/commit.h"
#include "sgit/ident.h"
#include "sgit/odb.h"
#include "sgit/refs.h"
#include "sgit/tag.h"
#include "sgit/tag_create.h"
#include "util/date.h"

int sgit_tag_refname(struct sgit_buf *refname, const char *name, struct sgit_error *err)
{
	int rc;

	if ((rc = sgit_buf_printf(refname, "refs/tags/%s", name)) < 0)
		return sgit_error_nomem(err);
	if (name[0] == '-' || !sgit_refname_is_valid(refname->ptr, 0, NULL))
		return sgit_error_set(err, SGIT_EINVALID, "'%s' is not a valid tag name.", name);
	return 0;
}

int sgit_tag_build(struct sgit_buf *out, const struct sgit_oid *target, enum sgit_object_type type,
		   const char *name, const char *tagger, const char *message, size_t message_len,
		   struct sgit_error *err)
{
	char hex[SGIT_OID_HEXSZ + 1];
	const char *type_name = sgit_object_type_name(type);

	sgit_buf_reset(out);
	if (!type_name)
		return sgit_error_set(err, SGIT_EINVALID, "cannot tag an object of type %d", (int)type);
	if (strchr(name, '\n') || strchr(tagger, '\n'))
		return sgit_error_set(err, SGIT_EINVALID, "tag name or tagger '%s' holds a line break",
				      name);
	if (sgit_buf_printf(out, "object %s\ntype %s\ntag %s\ntagger %s\n\n",
			    sgit_oid_tohex(hex, target), type_name, name, tagger) < 0 ||
	    sgit_buf_add(out, message, message_len) < 0) {
		sgit_buf_reset(out);
		return sgit_error_nomem(err);
	}
	return 0;
}

/* "<first line>, <date>" of a commit, the date being its committer's, shown short in UTC. */
static int add_commit_summary(struct sgit_buf *out, const struct sgit_buf *data, struct sgit_error *err)
{
	struct sgit_commit *c = NULL;
	struct sgit_ident who;
	struct sgit_buf date = SGIT_BUF_INIT;
	struct sgit_date_mode mode = SGIT_DATE_MODE_INIT;
	const struct sgit_header *h;
	int rc;

	if ((rc = sgit_refinfo_add_first_line(out, data->ptr, data->len)) < 0)
		return rc;
	/* an unparsable commit keeps the subject alone, as git without a date */
	if (sgit_commit_parse(&c, data->ptr, data->len, NULL) < 0)
		return 0;
	h = sgit_commit_committer(c);
	mode.style = SGIT_DATE_SHORT;
	if (sgit_ident_parse(&who, h->value, h->value_len, NULL) == 0 &&
	    (rc = sgit_date_format(&date, who.time, 0, &mode, 0)) == 0)
		rc = sgit_buf_addf(out, ", %s", date.ptr);
	sgit_buf_release(&date);
	sgit_commit_free(c);
	return rc < 0 ? sgit_error_nomem(err) : 0;
}

int sgit_tag_reflog_message(struct sgit_buf *out, struct sgit_repo *repo,
			    const struct sgit_oid *target)
{
	struct sgit_buf data = SGIT_BUF_INIT;
	enum sgit_object_type type = SGIT_OBJ_NONE;
	char abbrev[SGIT_OID_HEXSZ + 1];
	int rc;

	sgit_repo_abbrev(abbrev, repo, target);
	if ((rc = sgit_buf_printf(out, "tag: tagging %s (", abbrev)) < 0)
		goto out;
	if (sgit_odb_read(&data, &type, sgit_repo_odb(repo), target) < 0)
		type = SGIT_OBJ_NONE;
	switch (type) {
	case SGIT_OBJ_COMMIT:
		rc = add_commit_summary(out, &data, sgit_repo_error(repo));
		break;
	case SGIT_OBJ_TREE:
		rc = sgit_buf_adds(out, "tree object");
		break;
	case SGIT_OBJ_BLOB:
		rc = sgit_buf_adds(out, "blob object");
		break;
	case SGIT_OBJ_TAG:
		rc = sgit_buf_adds(out, "other tag object");
		break;
	default:
		rc = sgit_buf_adds(out, "object of unknown type");
		break;
	}
	if (!rc)
		rc = sgit_buf_addch(out, ')');
out:
	sgit_buf_release(&data);
	return rc < 0 ? sgit_error_nomem(sgit_repo_error(repo)) : 0;
}

int sgit_tag_body(struct sgit_buf *out, struct sgit_repo *repo, const struct sgit_oid *id)
{
	struct sgit_buf data = SGIT_BUF_INIT;
	enum sgit_object_type type;
	const char *brk;
	size_t start, end;
	int rc;

	sgit_buf_reset(out);
	if ((rc = sgit_odb_read(&data, &type, sgit_repo_odb(repo), id)) < 0 || type != SGIT_OBJ_TAG)
		goto out;
	brk = memmem(data.ptr, data.len, "\n\n", 2);
	if (!brk)
		goto out;
	start = (size_t)(brk - data.ptr) + 2;
	end = start + sgit_sig_find(NULL, data.ptr + start, data.len - start);
	if (sgit_buf_set(out, data.ptr + start, end - start) < 0)
		rc = sgit_error_nomem(sgit_repo_error(repo));
out:
	sgit_buf_release(&data);
	return rc;
}

/* Build, sign and store the tag object; *id gets its id. */
static int write_tag_object(struct sgit_oid *id, struct sgit_repo *repo,
			    const struct sgit_tag_create_opts *opts, enum sgit_object_type type)
{
	struct sgit_buf obj = SGIT_BUF_INIT, sig = SGIT_BUF_INIT;
	struct sgit_error *err = sgit_repo_error(repo);
	int rc;

	if (!opts->committer) {
		rc = sgit_error_set(err, SGIT_EINVALID, "an annotated tag needs a tagger");
		goto out;
	}
	if ((rc = sgit_tag_build(&obj, opts->target, type, opts->name, opts->committer,
				 opts->message ? opts->message : "", opts->message_len, err)) < 0)
		goto out;
	if (opts->sign) {
		if ((rc = opts->sign(&sig, obj.ptr, obj.len, opts->sign_data, err)) < 0)
			goto out;
		if (sgit_buf_addbuf(&obj, &sig) < 0) {
			rc = sgit_error_nomem(err);
			goto out;
		}
	}
	rc = sgit_odb_write(id, sgit_repo_odb(repo), SGIT_OBJ_TAG, obj.ptr, obj.len);
out:
	sgit_buf_release(&obj);
	sgit_buf_release(&sig);
	return rc;
}

int sgit_tag_create(struct sgit_tag_create_result *out, struct sgit_repo *repo,
		    const struct sgit_tag_create_opts *opts)
{
	struct sgit_error *err = sgit_repo_error(repo);
	struct sgit_refdb *db = sgit_repo_refdb(repo);
	struct sgit_buf ref = SGIT_BUF_INIT, msg = SGIT_BUF_INIT;
	struct sgit_ref_update u = { NULL, NULL, NULL, NULL, 0, NULL, NULL };
	size_t size;
	int rc;

	memset(out, 0, sizeof(*out));
	if ((rc = sgit_tag_refname(&ref, opts->name, err)) < 0)
		goto out;
	rc = sgit_refdb_resolve(&out->prev, NULL, db, ref.ptr);
	if (rc == 0 && !opts->force) {
		rc = sgit_error_set(err, SGIT_EEXISTS, "tag '%s' already exists", opts->name);
		goto out;
	}
	if (rc == SGIT_ENOTFOUND)
		sgit_oid_clear(&out->prev);
	else if (rc < 0)
		goto out;
	if ((rc = sgit_odb_read_header(&size, &out->target_type, sgit_repo_odb(repo), opts->target)) < 0)
		goto out;
	if ((rc = sgit_tag_reflog_message(&msg, repo, opts->target)) < 0)
		goto out;
	out->id = *opts->target;
	if (opts->annotated && (rc = write_tag_object(&out->id, repo, opts, out->target_type)) < 0)
		goto out;
	if (opts->create_reflog && (rc = sgit_refdb_reflog_create(db, ref.ptr)) < 0)
		goto out;
	u.name = ref.ptr;
	u.new_oid = &out->id;
	u.old_oid = &out->prev;
	u.reflog_msg = msg.ptr;
	u.committer = opts->committer;
	rc = sgit_refdb_update(db, &u);
out:
	sgit_buf_release(&ref);
	sgit_buf_release(&msg);
	return rc;
}

int sgit_tag_delete(struct sgit_oid *was, struct sgit_repo *repo, const char *name)
{
	struct sgit_error *err = sgit_repo_error(repo);
	struct sgit_refdb *db = sgit_repo_refdb(repo);
	struct sgit_buf ref = SGIT_BUF_INIT;
	struct sgit_ref stored = SGIT_REF_INIT;
	int rc, symbolic;

	sgit_oid_clear(was);
	if ((rc = sgit_buf_printf(&ref, "refs/tags/%s", name)) < 0) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	rc = sgit_refdb_read(&stored, db, ref.ptr);
	symbolic = rc == 0 && (stored.flags & SGIT_REF_SYMBOLIC);
	if (rc == 0)
		rc = sgit_refdb_resolve(was, NULL, db, ref.ptr);
	if (rc < 0 && rc != SGIT_ENOMEM) {
		rc = sgit_error_set(err, SGIT_ENOTFOUND, "tag '%s' not found.", name);
		goto out;
	}
	/* a symbolic tag goes itself, not what it points at */
	if (rc < 0 || (rc = sgit_refdb_delete(db, ref.ptr, symbolic ? NULL : was, symbolic)) < 0)
		sgit_oid_clear(was);
out:
	sgit_ref_release(&stored);
	sgit_buf_release(&ref);
	return rc;
}
