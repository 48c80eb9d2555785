/* fuzz/fuzz_revparse.c: revision syntax (rev^2~3, v1^{tree}, HEAD:path, :/text) on a tiny repository */
#include <stdlib.h>
#include <string.h>
#include "sgit/sgit.h"
#include "fuzz.h"

/* The index of the fixture: "a.txt" at stage 0 is the blob of the first tree. */
static int index_lookup(struct sgit_oid *out, const char *path, int stage, void *payload)
{
	(void)payload;
	if (stage != 0 || strcmp(path, "a.txt"))
		return SGIT_ENOTFOUND;
	return sgit_oid_fromhex(out, "ce013625030ba8dba906f756967f9e9ca394464a");
}

static void warn(const char *message, void *payload)
{
	(void)message, (void)payload;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sgit_repo *repo = fuzz_fixture_repo();
	struct sgit_revparse_info info = SGIT_REVPARSE_INFO_INIT;
	struct sgit_revparse_env env = { 0 };
	struct sgit_oid id;
	char *s;

	if (!repo || size > 256)	/* long specs only make ^{/regex} slow, not new */
		return 0;
	s = fuzz_strdup(data, size);
	env.odb = sgit_repo_odb(repo);
	env.refdb = sgit_repo_refdb(repo);
	env.index_lookup = index_lookup;
	env.warn = warn;
	env.err = sgit_repo_error(repo);
	env.prefix = "d/";
	sgit_revparse_single(&id, &info, &env, s);
	sgit_revparse_info_release(&info);
	free(s);
	return 0;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	fuzz_fixture_repo();
	return 0;
}
