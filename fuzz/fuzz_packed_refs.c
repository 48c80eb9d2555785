/* fuzz/fuzz_packed_refs.c: packed-refs files, parsed whole and searched line by line */
#include <string.h>
#include "sgit/sgit.h"
#include "refs/refdb_int.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_packed_refs p = SGIT_PACKED_REFS_INIT;
	struct sgit_packed_header h;
	struct sgit_packed_entry e;
	const char *buf = (const char *)data;
	size_t i;

	if (sgit_packed_refs_parse(&p, buf, size, "packed-refs", &err) == 0) {
		for (i = 0; i < p.n; i++)
			sgit_packed_refs_find(&p, p.entries[i].name, p.entries[i].name_len);
		sgit_packed_refs_lower_bound(&p, "refs/heads/", 11);
	}
	sgit_packed_refs_release(&p);
	if (sgit_packed_refs_header(&h, buf, size, "packed-refs", &err) == 0) {
		h.sorted = 1;	/* the search on any bytes, as if the header said so */
		sgit_packed_refs_search(&e, buf, size, &h, "refs/heads/main", 15, 0, "packed-refs", &err);
		sgit_packed_refs_search(&e, buf, size, &h, "refs/tags/", 10, 1, "packed-refs", &err);
		sgit_packed_refs_search(&e, buf, size, &h, "", 0, 1, "packed-refs", &err);
	}
	return 0;
}
