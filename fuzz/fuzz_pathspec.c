/* fuzz/fuzz_pathspec.c: pathspec items against paths; input = items, LF-separated, NUL, then a path */
#include <stdlib.h>
#include <string.h>
#include "sgit/sgit.h"
#include "sgit/pathspec.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sgit_pathspec ps = SGIT_PATHSPEC_INIT;
	const char *items[8];
	char *s, *path, *p;
	size_t n = 0, plen;

	if (size > 1024)
		return 0;
	s = fuzz_strdup(data, size);
	path = memchr(s, '\0', size) ? s + strlen(s) + 1 : s + size;
	for (p = s; n < sizeof(items) / sizeof(*items);) {
		items[n++] = p;
		if (!(p = strchr(p, '\n')))
			break;
		*p++ = '\0';
	}
	plen = strlen(path);
	if (sgit_pathspec_init(&ps, items, n) == 0) {
		sgit_pathspec_match(&ps, path, plen);
		sgit_pathspec_selects(&ps, path, plen);
	}
	sgit_pathspec_release(&ps);
	free(s);
	return 0;
}
