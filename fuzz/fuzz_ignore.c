/* fuzz/fuzz_ignore.c: .gitignore rules, parsed and matched against a few paths */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sgit/sgit.h"
#include "sgit/ignore.h"
#include "porcelain/index/ignore_int.h"
#include "fuzz.h"

static const char *const paths[] = {
	"a.txt", "d/b.txt", "build/x.o", "d/e/f", "Makefile", ".git", "d/",
};

/* The matcher reads its rules from files only: the input goes to a file made once. */
static void through_matcher(const uint8_t *data, size_t size)
{
	static char path[64];
	struct sgit_ignore_options opts = SGIT_IGNORE_OPTIONS_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_ignore *ign = NULL;
	FILE *f;
	size_t i;

	if (!path[0] && !fuzz_tempfile(path, sizeof(path)))
		return;
	if (!(f = fopen(path, "wb")))
		return;
	fwrite(data, 1, size, f);
	fclose(f);
	opts.work_tree = "/nonexistent-sgit-fuzz";	/* no .gitignore files below it */
	opts.excludes_file = path;
	opts.ignore_case = size & 1;
	if (sgit_ignore_new(&ign, &opts, &err) == 0)
		for (i = 0; i < sizeof(paths) / sizeof(*paths); i++)
			sgit_ignore_is_ignored(ign, paths[i], paths[i][strlen(paths[i]) - 1] == '/');
	sgit_ignore_free(ign);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ign_list *l = ign_list_new("fuzz");

	if (l)
		ign_list_parse(l, (const char *)data, size);
	ign_list_free(l);
	through_matcher(data, size);
	return 0;
}
