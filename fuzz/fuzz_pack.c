/* fuzz/fuzz_pack.c: a pack and its idx from bytes; input = fuzz_split(idx, pack) */
#include "sgit/sgit.h"
#include "objects/pack.h"
#include "fuzz.h"

/* Read every object the index lists, resolving deltas, within a small cache. */
static void read_all(struct sgit_pack *p)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf out = SGIT_BUF_INIT;
	enum sgit_object_type type;
	struct sgit_oid id, found;
	uint32_t i, n = sgit_pack_count(p);
	uint64_t offset;
	size_t size;

	sgit_pack_set_cache_limit(p, 1 << 16);
	for (i = 0; i < n && i < 64; i++) {
		sgit_pack_oid_at(&id, p, i);
		sgit_pack_lower_bound(p, &id);
		sgit_pack_find_prefix(&found, p, &id, 7);
		if (!sgit_pack_find(&offset, p, &id))
			continue;
		sgit_pack_read_header(&size, &type, p, offset, &err);
		if (sgit_pack_read(&out, &type, p, offset, &err) == 0)
			sgit_object_check(type, out.ptr, out.len, &err);
	}
	sgit_buf_release(&out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_pack *p = NULL;
	const uint8_t *idx, *pack;
	size_t idx_len, pack_len;

	fuzz_split(&idx, &idx_len, &pack, &pack_len, data, size);
	if (sgit_pack_open_buffers(&p, "fuzz.idx", idx, idx_len, pack, pack_len, &err) == 0)
		read_all(p);
	sgit_pack_free(p);
	return 0;
}
