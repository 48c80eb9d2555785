/* fuzz/fuzz_refspec.c: fetch and push refspecs, and mapping names through them */
#include <stdlib.h>
#include "sgit/sgit.h"
#include "fuzz.h"

static const char *const names[] = { "refs/heads/main", "refs/tags/v1", "HEAD", "refs/heads/a/b" };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_refspec_list list = SGIT_REFSPEC_LIST_INIT(SGIT_REFSPEC_FETCH);
	struct sgit_buf out = SGIT_BUF_INIT;
	const struct sgit_refspec *which;
	char *s = fuzz_strdup(data, size);
	size_t i;
	int d;

	for (d = 0; d < 2; d++) {
		struct sgit_refspec rs = SGIT_REFSPEC_INIT;

		if (sgit_refspec_parse(&rs, s, d ? SGIT_REFSPEC_PUSH : SGIT_REFSPEC_FETCH, &err) < 0)
			continue;
		for (i = 0; i < sizeof(names) / sizeof(*names); i++) {
			if (sgit_refspec_src_matches(&rs, names[i]) && rs.dst)
				sgit_refspec_transform(&out, &rs, names[i]);
			if (rs.dst && sgit_refspec_dst_matches(&rs, names[i]))
				sgit_refspec_rtransform(&out, &rs, names[i]);
		}
		sgit_refspec_release(&rs);
	}
	if (sgit_refspec_list_add(&list, s, &err) == 0)
		for (i = 0; i < sizeof(names) / sizeof(*names); i++) {
			sgit_refspec_list_excludes(&list, names[i]);
			sgit_refspec_list_transform(&out, &which, &list, names[i]);
			sgit_refspec_list_rtransform(&out, &which, &list, names[i]);
		}
	sgit_refspec_list_release(&list);
	sgit_buf_release(&out);
	free(s);
	return 0;
}
