/* fuzz/fuzz_ref_format.c: for-each-ref --format strings and --sort keys, expanded on a tiny repository */
#include <stdlib.h>
#include "sgit/sgit.h"
#include "sgit/ref_format.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sgit_repo *repo = fuzz_fixture_repo();
	struct sgit_ref_format_options opts = SGIT_REF_FORMAT_OPTIONS_INIT;
	struct sgit_ref_filter filter = SGIT_REF_FILTER_INIT;
	struct sgit_ref_format *fmt = NULL;
	struct sgit_ref_list *list = NULL;
	struct sgit_buf out = SGIT_BUF_INIT;
	char *s;
	size_t i;
	int malformed;

	if (!repo || size > 512)
		return 0;
	s = fuzz_strdup(data, size);
	opts.now = 1112912053 + 86400;
	opts.color = size & 1;
	opts.quote = (enum sgit_ref_quote)(size % 5);
	if (sgit_ref_format_new(&fmt, &malformed, repo, s, &opts) == 0) {
		sgit_ref_format_add_sort(fmt, s);
		if (sgit_ref_list_collect(&list, repo, &filter) == 0) {
			sgit_ref_list_sort(list, fmt);
			for (i = 0; i < sgit_ref_list_count(list); i++)
				sgit_ref_format_expand(&out, fmt, list, i);
		}
	}
	sgit_ref_list_free(list);
	sgit_ref_format_free(fmt);
	sgit_buf_release(&out);
	free(s);
	return 0;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	fuzz_fixture_repo();
	return 0;
}
