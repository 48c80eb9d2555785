/* refs/reflog_append.c: a reflog entry for a ref whose value does not change */
#include "refs/refdb_int.h"

int sgit_refdb_reflog_append(struct sgit_refdb *db, const char *name, const struct sgit_oid *old_oid,
			     const struct sgit_oid *new_oid, const char *committer, const char *msg)
{
	if (!sgit_refname_is_valid(name, SGIT_REFNAME_ALLOW_ONELEVEL, NULL))
		return sgit_error_set(db->err, SGIT_EINVALID, "cannot log bad ref name '%s'", name);
	if (!sgit_reflog__wanted(db, name))
		return 0;
	if (!committer)
		return sgit_error_set(db->err, SGIT_EINVALID, "no committer identity for the reflog of '%s'", name);
	return sgit_reflog__append(db, name, old_oid, new_oid, committer, msg);
}
