/* fuzz/fuzz_pretty.c: --pretty/--format strings, parsed and rendered on a fixed commit */
#include <stdlib.h>
#include "sgit/sgit.h"
#include "sgit/pretty.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sgit_repo *repo = fuzz_fixture_repo();
	struct sgit_pretty_options opts = SGIT_PRETTY_OPTIONS_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf out = SGIT_BUF_INIT;
	const struct sgit_commit *c;
	const struct sgit_oid *id;
	char *s;

	if (!repo || !(c = fuzz_fixture_commit(&id)))
		return 0;
	s = fuzz_strdup(data, size);
	opts.now = 1112912053 + 3600;
	opts.abbrev = 7;
	/* the first byte picks a few options the placeholders depend on */
	opts.color = size && (data[0] & 1);
	opts.date.style = size ? (enum sgit_date_style)(data[0] >> 1) % (SGIT_DATE_STRFTIME + 1) : 0;
	if (opts.date.style == SGIT_DATE_STRFTIME)
		opts.date.strftime_fmt = "%Y-%m-%d %H:%M";
	if (sgit_pretty_parse(&opts, s, sgit_repo_config(repo), &err) == 0) {
		sgit_pretty_needs(&opts);
		sgit_pretty_format_commit(&out, repo, id, c, &opts, &err);
		sgit_pretty_before_entry(&out, &opts, 0);
		sgit_pretty_after_entry(&out, &opts);
	}
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
