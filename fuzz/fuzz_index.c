/* fuzz/fuzz_index.c: index files of every version (2, 3, 4) with their extensions */
#include "sgit/sgit.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf out = SGIT_BUF_INIT;
	struct sgit_index *idx = NULL;
	const struct sgit_index_entry *e;
	struct sgit_oid tree;
	size_t i, pos;

	if (sgit_index_parse(&idx, data, size, &err) == 0) {
		for (i = 0; (e = sgit_index_entry_at(idx, i)); i++)
			sgit_index_find(&pos, idx, e->path, e->path_len, (int)e->stage);
		for (i = 0; i < sgit_index_reuc_count(idx); i++)
			sgit_index_reuc_at(idx, i);
		sgit_index_cache_tree_valid(idx);
		sgit_index_cache_tree_lookup(&tree, idx, "");
		sgit_index_cache_tree_lookup(&tree, idx, "a/b");
		sgit_index_has_conflicts(idx);
		/* What was read must write back out (the writer checks what the reader let in). */
		sgit_index_serialize(&out, idx);
	}
	sgit_index_free(idx);
	sgit_buf_release(&out);
	return 0;
}
