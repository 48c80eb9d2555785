/*
 * porcelain/mergetree/merge_tree_content.c: merging three versions of one path that
 * have the same type: modes, then regular files line by line (histogram
 * diff, as git's "ort"), binary files, symlinks, submodules.
 */
#include <stdlib.h>
#include <string.h>
#include "porcelain/mergetree/merge_tree_int.h"
#include "sgit/object.h"
#include "sgit/repo.h"
#include "util/merge3.h"

static enum sgit_merge3_favor favor3(const struct mt_ctx *c)
{
	if (c->depth)
		return SGIT_MERGE3_FAVOR_NONE;
	return c->favor == SGIT_MERGE_FAVOR_OURS ? SGIT_MERGE3_FAVOR_OURS
	       : c->favor == SGIT_MERGE_FAVOR_THEIRS ? SGIT_MERGE3_FAVOR_THEIRS
	       : SGIT_MERGE3_FAVOR_NONE;
}

/*
 * Content that is binary on any side is not merged: inside a virtual base
 * the base stands, otherwise ours (or the favoured side) with a warning.
 */
static int merge_binary(struct sgit_buf *res, int *conflict, struct mt_ctx *c, const char *path,
			const struct sgit_buf *o, const struct sgit_buf *a, const struct sgit_buf *b)
{
	const struct sgit_buf *take = a;

	*conflict = 0;
	if (c->depth)
		take = o;
	else if (c->favor == SGIT_MERGE_FAVOR_THEIRS)
		take = b;
	else if (c->favor != SGIT_MERGE_FAVOR_OURS)
		*conflict = 1;
	if (*conflict && mt_msg(c, path, "warning: Cannot merge binary files: %s (%s vs. %s)", path,
				c->label[1], c->label[2]) < 0)
		return SGIT_ENOMEM;
	return sgit_buf_set(res, take->ptr, take->len) < 0 ? sgit_error_nomem(c->err) : 0;
}

/* The line merge of regular files; o NULL: merged as two additions (empty base). */
static int merge_regular(struct sgit_oid *out, int *conflict, struct mt_ctx *c, const char *path,
			 const struct mt_ver *o, const struct mt_ver *a, const struct mt_ver *b)
{
	struct sgit_buf bo = SGIT_BUF_INIT, ba = SGIT_BUF_INIT, bb = SGIT_BUF_INIT, res = SGIT_BUF_INIT;
	struct sgit_merge3_options mo = SGIT_MERGE3_OPTIONS_INIT;
	size_t nconf = 0;
	int rc;

	*conflict = 0;
	if ((rc = mt_read_blob(&bo, c->odb, c->err, o)) < 0 || (rc = mt_read_blob(&ba, c->odb, c->err, a)) < 0 ||
	    (rc = mt_read_blob(&bb, c->odb, c->err, b)) < 0)
		goto out;
	if (sgit_diff_is_binary(bo.ptr, bo.len) || sgit_diff_is_binary(ba.ptr, ba.len) ||
	    sgit_diff_is_binary(bb.ptr, bb.len)) {
		rc = merge_binary(&res, conflict, c, path, &bo, &ba, &bb);
	} else {
		mo.base_label = c->label[0];
		mo.ours_label = c->label[1];
		mo.theirs_label = c->label[2];
		mo.marker_size = 7 + 2 * c->depth;
		mo.style = c->style == SGIT_MERGE_STYLE_DIFF3 ? SGIT_MERGE3_STYLE_DIFF3
							       : SGIT_MERGE3_STYLE_MERGE;
		if (mo.style == SGIT_MERGE3_STYLE_DIFF3)
			mo.level = SGIT_MERGE3_EAGER;
		mo.favor = favor3(c);
		mo.diff_flags = SGIT_DIFF_NO_INDENT | SGIT_DIFF_HISTOGRAM;
		rc = sgit_merge3(&res, &nconf, bo.ptr, bo.len, ba.ptr, ba.len, bb.ptr, bb.len, &mo,
				 c->err);
		*conflict = nconf > 0;
	}
	if (rc >= 0)
		rc = sgit_odb_write(out, c->odb, SGIT_OBJ_BLOB, res.ptr, res.len);
out:
	sgit_buf_release(&bo);
	sgit_buf_release(&ba);
	sgit_buf_release(&bb);
	sgit_buf_release(&res);
	return rc;
}

int mt_content_merge(struct mt_ver *r, int *clean, struct mt_ctx *c, const char *path,
		     const struct mt_ver *o, const struct mt_ver *a, const struct mt_ver *b)
{
	int two_way = mt_type(o->mode) != mt_type(a->mode), conflict = 0, rc;

	*clean = 1;
	if (a->mode == b->mode || a->mode == o->mode) {
		r->mode = b->mode;
	} else {
		/* only 100644 against 100755 gets here */
		r->mode = a->mode;
		*clean = b->mode == o->mode;
	}
	if (sgit_oid_equal(&a->id, &b->id) || (o->mode && sgit_oid_equal(&a->id, &o->id))) {
		r->id = b->id;
	} else if (o->mode && sgit_oid_equal(&b->id, &o->id)) {
		r->id = a->id;
	} else if (mt_type(a->mode) == 0100000) {
		if ((rc = merge_regular(&r->id, &conflict, c, path, two_way ? NULL : o, a, b)) < 0)
			return rc;
		if (conflict)
			*clean = 0;
		return mt_msg(c, path, "Auto-merging %s", path);
	} else if (mt_type(a->mode) == 0160000) {
		return mt_merge_gitlink(r, clean, c, path, o, a, b, two_way);
	} else if (c->depth) {
		/* symlinks: the base's inside a virtual base */
		*clean = 0;
		*r = *o;
	} else {
		*clean = c->favor != SGIT_MERGE_FAVOR_NONE;
		r->id = c->favor == SGIT_MERGE_FAVOR_THEIRS ? b->id : a->id;
	}
	return 0;
}
