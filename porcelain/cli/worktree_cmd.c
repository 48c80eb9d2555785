/* porcelain/cli/worktree_cmd.c: path arguments, advice and the index for add, rm, mv and commit */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "porcelain/cli/pathspec_arg.h"
#include "porcelain/cli/worktree_cmd.h"

int cli_worktree_pathspec(struct sgit_pathspec *ps, struct cli_ctx *ctx, const char *const *args,
			  int n)
{
	struct sgit_buf *paths = n ? calloc((size_t)n, sizeof(*paths)) : NULL;
	const char **items = n ? calloc((size_t)n, sizeof(*items)) : NULL;
	int i, rc = 0;

	if (n && (!paths || !items)) {
		rc = cli_fatal("out of memory");
		goto out;
	}
	for (i = 0; i < n && !rc; i++) {
		sgit_buf_init(&paths[i]);
		rc = cli_pathspec_path(&paths[i], ctx, args[i]);
		items[i] = paths[i].ptr;
	}
	if (!rc && sgit_pathspec_init(ps, items, (size_t)n) < 0)
		rc = cli_fatal("out of memory");
out:
	for (i = 0; paths && i < n; i++)
		sgit_buf_release(&paths[i]);
	free(paths);
	free(items);
	return rc;
}

int cli_advice_enabled(struct cli_ctx *ctx, const char *name)
{
	struct sgit_error ignored = SGIT_ERROR_INIT;
	char key[128];
	int on = 1;

	snprintf(key, sizeof(key), "advice.%s", name);
	if (sgit_config_get_bool(&on, sgit_repo_config(ctx->repo), key, &ignored) < 0)
		on = 1;
	return on;
}

void cli_advise(const char *text)
{
	const char *p = text;

	fflush(stdout);
	while (*p) {
		size_t n = strcspn(p, "\n");

		fprintf(stderr, "hint: %.*s\n", (int)n, p);
		p += n + (p[n] == '\n');
	}
}

int cli_worktree_write_index(struct cli_ctx *ctx, struct sgit_index *idx)
{
	(void)ctx;
	if (sgit_index_write_locked(idx) < 0)
		return cli_fatal("Unable to write new index file");
	return 0;
}
