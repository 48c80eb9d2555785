/* fuzz/fuzz_tree.c: tree objects, by the iterator, the parser and the object check */
#include "sgit/sgit.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_tree *t = NULL;
	struct sgit_tree_iter it;
	struct sgit_tree_entry e;
	size_t i, n;

	sgit_tree_iter_init(&it, data, size);
	while (sgit_tree_iter_next(&e, &it, &err) > 0)
		;
	sgit_object_check(SGIT_OBJ_TREE, data, size, &err);
	if (sgit_tree_parse(&t, data, size, &err) == 0) {
		n = sgit_tree_count(t);
		for (i = 0; i < n; i++) {
			const struct sgit_tree_entry *te = sgit_tree_entry_at(t, i);

			sgit_tree_find(t, te->name, te->name_len);
		}
	}
	sgit_tree_free(t);
	return 0;
}
