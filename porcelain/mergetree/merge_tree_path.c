/*
 * porcelain/mergetree/merge_tree_path.c: what becomes of each path, by the rules of
 * git's "ort" strategy without rename detection. A folder is merged before
 * the file that shares its name, because a folder left non-empty stays and
 * pushes the file aside to "<path>~<branch>".
 */
#include <stdlib.h>
#include <string.h>
#include "porcelain/mergetree/merge_tree_int.h"
#include "sgit/object.h"
#include "sgit/tree.h"

/* ort's match mask over file versions: 3 ours is the base, 5 theirs is, 6 the sides agree. */
static int match_mask(const struct mt_ver f[3])
{
	if (f[0].mode && mt_ver_equal(&f[0], &f[1]))
		return 3;
	if (f[0].mode && mt_ver_equal(&f[0], &f[2]))
		return 5;
	if (f[1].mode && mt_ver_equal(&f[1], &f[2]))
		return 6;
	return 0;
}

/* Replace out with a name for path~branch that no side uses ('/' in branch becomes '_'). */
static int unique_name(struct sgit_buf *out, struct mt_ctx *c, const struct mt_names *names,
		       const struct mt_out *made, const char *name, size_t len, const char *branch)
{
	size_t base_len, i;
	int suffix = 0, rc;

	if ((rc = sgit_buf_set(out, name, len)) < 0 || (rc = sgit_buf_addch(out, '~')) < 0)
		goto out;
	base_len = out->len;
	if ((rc = sgit_buf_adds(out, branch)) < 0)
		goto out;
	for (i = base_len; i < out->len; i++)
		if (out->ptr[i] == '/')
			out->ptr[i] = '_';
	base_len = out->len;
	while (mt_names_taken(names, made, out->ptr, out->len)) {
		sgit_buf_truncate(out, base_len);
		if ((rc = sgit_buf_addf(out, "_%d", suffix++)) < 0)
			goto out;
	}
out:
	return rc < 0 ? sgit_error_nomem(c->err) : 0;
}

/* Full path of name in the folder prefix. */
static int full_path(struct sgit_buf *out, struct mt_ctx *c, const struct sgit_buf *prefix,
		     const char *name, size_t len)
{
	if (sgit_buf_set(out, prefix->ptr, prefix->len) < 0 || sgit_buf_add(out, name, len) < 0)
		return sgit_error_nomem(c->err);
	return 0;
}

/* Each side has a different kind of thing (file, symlink, submodule): both kept, one or both renamed. */
static int distinct_types(struct mt_ctx *c, struct mt_out *out, struct mt_names *names,
			  const struct sgit_buf *prefix, const char *name, size_t len,
			  const struct mt_ver f[3])
{
	struct sgit_buf an = SGIT_BUF_INIT, bn = SGIT_BUF_INIT, path = SGIT_BUF_INIT;
	struct mt_ver va[3], vb[3];
	int ra = 0, rb = 0, rc;

	if (c->depth) {
		/* inside a virtual base the base's version stands, conflicted */
		if ((rc = full_path(&path, c, prefix, name, len)) < 0 ||
		    (rc = mt_conflict(c, path.ptr, f)) < 0)
			goto out;
		rc = mt_out_add(out, c, name, len, &f[0]);
		goto out;
	}
	if (mt_type(f[1].mode) == 0100000)
		ra = 1;
	else if (mt_type(f[2].mode) == 0100000)
		rb = 1;
	else
		ra = rb = 1;
	if ((rc = full_path(&path, c, prefix, name, len)) < 0 ||
	    (rc = mt_msg(c, path.ptr, "CONFLICT (distinct types): %s had different types on each side; "
			 "renamed %s of them so each can be recorded somewhere.", path.ptr,
			 ra && rb ? "both" : "one")) < 0)
		goto out;
	memcpy(va, f, sizeof(va));
	memcpy(vb, f, sizeof(vb));
	memset(&va[2], 0, sizeof(va[2]));
	memset(&vb[1], 0, sizeof(vb[1]));
	if (mt_type(f[1].mode) != mt_type(f[0].mode))
		memset(&va[0], 0, sizeof(va[0]));
	if (mt_type(f[2].mode) != mt_type(f[0].mode))
		memset(&vb[0], 0, sizeof(vb[0]));
	if ((rc = ra ? unique_name(&an, c, names, out, name, len, c->label[1])
		     : sgit_buf_set(&an, name, len)) < 0 ||
	    (rc = mt_out_add(out, c, an.ptr, an.len, &f[1])) < 0 ||
	    (rc = rb ? unique_name(&bn, c, names, out, name, len, c->label[2])
		     : sgit_buf_set(&bn, name, len)) < 0 ||
	    (rc = mt_out_add(out, c, bn.ptr, bn.len, &f[2])) < 0 ||
	    (rc = full_path(&path, c, prefix, an.ptr, an.len)) < 0 ||
	    (rc = mt_conflict(c, path.ptr, va)) < 0 ||
	    (rc = full_path(&path, c, prefix, bn.ptr, bn.len)) < 0)
		goto out;
	rc = mt_conflict(c, path.ptr, vb);
out:
	sgit_buf_release(&an);
	sgit_buf_release(&bn);
	sgit_buf_release(&path);
	/* buffer calls fail without a message */
	return rc == SGIT_ENOMEM ? sgit_error_nomem(c->err) : rc;
}

/* The cases of one path once a folder in its way is dealt with; df: it was pushed aside. */
static int resolve(struct mt_ver *r, int *clean, struct mt_ctx *c, const char *path,
		   const struct mt_ver f[3], int df)
{
	int mm = match_mask(f), filemask = 0, i, side;

	for (i = 0; i < 3; i++)
		filemask |= f[i].mode ? 1 << i : 0;
	memset(r, 0, sizeof(*r));
	*clean = !df;
	if (mm == 6) {
		*r = f[1];
	} else if (mm) {
		*r = f[mm == 3 ? 2 : 1];
		if (!r->mode)
			*clean = 1;
	} else if (filemask >= 6) {
		int ok = 0, rc = mt_content_merge(r, &ok, c, path, &f[0], &f[1], &f[2]);

		if (rc < 0)
			return rc;
		*clean = ok && !df;
		if (!ok)
			return mt_msg(c, path, "CONFLICT (%s): Merge conflict in %s",
				      mt_type(r->mode) == 0160000 ? "submodule" :
				      filemask == 6 ? "add/add" : "content", path);
	} else if (filemask == 3 || filemask == 5) {
		side = filemask == 5 ? 2 : 1;
		*r = f[c->depth ? 0 : side];
		*clean = 0;
		return mt_msg(c, path, "CONFLICT (modify/delete): %s deleted in %s and modified in %s.  "
			      "Version %s of %s left in tree.", path, c->label[3 - side],
			      c->label[side], c->label[side], path);
	} else if (filemask == 2 || filemask == 4) {
		*r = f[filemask == 4 ? 2 : 1];
	} else {
		*clean = 1;
	}
	return 0;
}

int mt_merge_file(struct mt_ctx *c, struct mt_out *out, struct mt_names *names,
		  struct sgit_buf *prefix, const struct mt_name *nm, int dir_stays)
{
	struct sgit_buf name = SGIT_BUF_INIT, path = SGIT_BUF_INIT, moved = SGIT_BUF_INIT;
	struct mt_ver f[3], r;
	int i, filemask = 0, mm, clean = 1, rc, df = 0;
	const char *branch;

	for (i = 0; i < 3; i++) {
		memset(&f[i], 0, sizeof(f[i]));
		if (nm->v[i].mode && !mt_is_dir(nm->v[i].mode))
			f[i] = nm->v[i];
		filemask |= f[i].mode ? 1 << i : 0;
	}
	mm = match_mask(f);
	if ((rc = sgit_buf_set(&name, nm->name, nm->len)) < 0 ||
	    (rc = full_path(&path, c, prefix, nm->name, nm->len)) < 0)
		goto out;
	if (dir_stays) {
		/* a file deleted (or left alone) on one side and a folder kept: nothing to say */
		if (filemask == 1 || (mm == 3 && !f[2].mode) || (mm == 5 && !f[1].mode))
			goto out;
		branch = c->label[mt_is_dir(nm->v[1].mode) ? 2 : 1];
		if ((rc = unique_name(&name, c, names, out, nm->name, nm->len, branch)) < 0 ||
		    (rc = full_path(&moved, c, prefix, name.ptr, name.len)) < 0 ||
		    (rc = mt_msg(c, moved.ptr, "CONFLICT (file/directory): directory in the way of %s "
				 "from %s; moving it to %s instead.", path.ptr, branch, moved.ptr)) < 0)
			goto out;
		sgit_buf_swap(&path, &moved);
		df = 1;
	}
	if (!mm && filemask >= 6 && mt_type(f[1].mode) != mt_type(f[2].mode)) {
		rc = distinct_types(c, out, names, prefix, name.ptr, name.len, f);
		goto out;
	}
	if ((rc = resolve(&r, &clean, c, path.ptr, f, df)) < 0)
		goto out;
	if (!clean && (rc = mt_conflict(c, path.ptr, f)) < 0)
		goto out;
	rc = mt_out_add(out, c, name.ptr, name.len, &r);
out:
	sgit_buf_release(&name);
	sgit_buf_release(&path);
	sgit_buf_release(&moved);
	/* buffer calls fail without a message */
	return rc == SGIT_ENOMEM ? sgit_error_nomem(c->err) : rc;
}

/* Write the folder's merged entries as a tree; an empty folder is no entry at all. */
static int write_dir(struct mt_ver *result, struct mt_ctx *c, const struct mt_out *o)
{
	struct sgit_tree_entry *ents = NULL;
	struct sgit_buf raw = SGIT_BUF_INIT;
	size_t i;
	int rc = 0;

	memset(result, 0, sizeof(*result));
	if (!o->n)
		return 0;
	if (!(ents = calloc(o->n, sizeof(*ents))))
		return sgit_error_nomem(c->err);
	for (i = 0; i < o->n; i++) {
		ents[i].mode = ents[i].raw_mode = o->ents[i].mode;
		ents[i].name = o->ents[i].name;
		ents[i].name_len = strlen(o->ents[i].name);
		ents[i].id = o->ents[i].id;
	}
	if ((rc = sgit_tree_write(&raw, ents, o->n, c->err)) < 0 ||
	    (rc = sgit_odb_write(&result->id, c->odb, SGIT_OBJ_TREE, raw.ptr, raw.len)) < 0)
		goto out;
	result->mode = SGIT_FILEMODE_TREE;
out:
	free(ents);
	sgit_buf_release(&raw);
	return rc;
}

/* One name of the folder: the same everywhere, a folder to merge first, a file. */
static int merge_name(struct mt_ctx *c, struct mt_out *out, struct mt_names *names,
		      struct sgit_buf *prefix, const struct mt_name *nm)
{
	const struct sgit_oid *t[3] = { NULL, NULL, NULL };
	size_t keep = prefix->len;
	struct mt_ver sub;
	int i, dirs = 0, files = 0, rc;

	if (mt_ver_equal(&nm->v[0], &nm->v[1]) && mt_ver_equal(&nm->v[0], &nm->v[2]))
		return mt_out_add(out, c, nm->name, nm->len, &nm->v[0]);
	for (i = 0; i < 3; i++) {
		if (mt_is_dir(nm->v[i].mode)) {
			t[i] = &nm->v[i].id;
			dirs++;
		} else if (nm->v[i].mode) {
			files++;
		}
	}
	memset(&sub, 0, sizeof(sub));
	if (dirs) {
		if (sgit_buf_add(prefix, nm->name, nm->len) < 0 || sgit_buf_addch(prefix, '/') < 0)
			return sgit_error_nomem(c->err);
		rc = mt_merge_dir(&sub, c, prefix, t);
		sgit_buf_truncate(prefix, keep);
		if (rc < 0 || (rc = mt_out_add(out, c, nm->name, nm->len, &sub)) < 0)
			return rc;
	}
	if (!files)
		return 0;
	return mt_merge_file(c, out, names, prefix, nm, sub.mode != 0);
}

int mt_merge_dir(struct mt_ver *result, struct mt_ctx *c, struct sgit_buf *prefix,
		 const struct sgit_oid *const t[3])
{
	struct mt_names names;
	struct mt_out out = { NULL, 0, 0 };
	size_t i;
	int rc;

	memset(result, 0, sizeof(*result));
	if ((rc = mt_names_load(&names, c, t)) < 0)
		return rc;
	for (i = 0; i < names.n && rc >= 0; i++)
		rc = merge_name(c, &out, &names, prefix, &names.items[i]);
	if (rc >= 0)
		rc = write_dir(result, c, &out);
	mt_out_release(&out);
	mt_names_release(&names);
	return rc;
}
