/* objects/object_check.c: well-formedness checks and one-step peeling across object types */
#include "sgit/commit.h"
#include "sgit/errors.h"
#include "sgit/object.h"
#include "sgit/tag.h"
#include "sgit/tree.h"

int sgit_object_check(enum sgit_object_type type, const void *data, size_t len,
		      struct sgit_error *err)
{
	struct sgit_commit *c = NULL;
	struct sgit_tree *t = NULL;
	struct sgit_tag *g = NULL;
	int rc;

	switch (type) {
	case SGIT_OBJ_BLOB:
		return 0;
	case SGIT_OBJ_COMMIT:
		rc = sgit_commit_parse(&c, data, len, err);
		sgit_commit_free(c);
		return rc;
	case SGIT_OBJ_TREE:
		rc = sgit_tree_parse(&t, data, len, err);
		sgit_tree_free(t);
		return rc;
	case SGIT_OBJ_TAG:
		rc = sgit_tag_parse(&g, data, len, err);
		sgit_tag_free(g);
		return rc;
	default:
		return sgit_error_set(err, SGIT_EINVALID, "invalid object type %d", (int)type);
	}
}

int sgit_object_peel_step(struct sgit_oid *next, enum sgit_object_type type,
			  enum sgit_object_type want, const void *data, size_t len)
{
	struct sgit_commit *c = NULL;
	struct sgit_tag *g = NULL;
	int rc = SGIT_ENOTFOUND;

	if (type == SGIT_OBJ_TAG && sgit_tag_parse(&g, data, len, NULL) == 0) {
		*next = *sgit_tag_target_id(g);
		rc = 0;
	} else if (type == SGIT_OBJ_COMMIT && want == SGIT_OBJ_TREE &&
		   sgit_commit_parse(&c, data, len, NULL) == 0) {
		*next = *sgit_commit_tree_id(c);
		rc = 0;
	}
	sgit_tag_free(g);
	sgit_commit_free(c);
	return rc;
}
