/* objects/object.c: object type names and object ids of content */
#include <stdio.h>
#include <string.h>
#include "sgit/errors.h"
#include "sgit/object.h"

static const char *const type_names[] = {
	[SGIT_OBJ_COMMIT] = "commit",
	[SGIT_OBJ_TREE] = "tree",
	[SGIT_OBJ_BLOB] = "blob",
	[SGIT_OBJ_TAG] = "tag",
};

const char *sgit_object_type_name(enum sgit_object_type type)
{
	if (type < SGIT_OBJ_COMMIT || type > SGIT_OBJ_TAG)
		return NULL;
	return type_names[type];
}

enum sgit_object_type sgit_object_type_from_name(const char *name, size_t len)
{
	int t;

	for (t = SGIT_OBJ_COMMIT; t <= SGIT_OBJ_TAG; t++)
		if (strlen(type_names[t]) == len && !memcmp(type_names[t], name, len))
			return (enum sgit_object_type)t;
	return SGIT_OBJ_BAD;
}

size_t sgit_object_header(char *hdr, size_t hdrsz, const char *type_name, size_t len)
{
	int n = snprintf(hdr, hdrsz, "%s %zu", type_name, len);

	return n < 0 || (size_t)n >= hdrsz ? 0 : (size_t)n + 1;
}

int sgit_object_hash(struct sgit_oid *out, enum sgit_object_type type,
		     const void *data, size_t len)
{
	const char *name = sgit_object_type_name(type);
	struct sgit_hash_ctx ctx;
	char hdr[64];
	size_t hdrlen;

	if (!name)
		return SGIT_EINVALID;
	hdrlen = sgit_object_header(hdr, sizeof(hdr), name, len);
	if (sgit_hash_init(&ctx) < 0)
		return SGIT_ENOMEM;
	sgit_hash_update(&ctx, hdr, hdrlen);
	sgit_hash_update(&ctx, data, len);
	sgit_hash_final(out, &ctx);
	return 0;
}
