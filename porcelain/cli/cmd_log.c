/* porcelain/cli/cmd_log.c: sgit log: commits from the given revisions, as git log shows them */
#include <string.h>
#include "porcelain/cli/log_cmd.h"
#include "porcelain/cli/pager.h"

int cmd_log(int argc, const char **argv, struct cli_ctx *ctx)
{
	struct log_cmd lc;
	int rc;

	if (argc == 2 && !strcmp(argv[1], "-h"))
		return log_cmd_usage(stdout, log_cmd_log_usage);
	cli_pager_setup(ctx, "log", 1);
	log_cmd_init(&lc, ctx, LOG_KIND_LOG);
	if (!(rc = log_cmd_parse(&lc, argc, argv)) && !(rc = log_revs_default(&lc.revs, ctx, "HEAD")) &&
	    !(rc = log_cmd_setup(&lc))) {
		if (lc.no_walk && !log_revs_has_hidden(&lc.revs))
			rc = log_cmd_run_no_walk(&lc);
		else if (!(rc = log_cmd_setup_walk(&lc)))
			rc = log_cmd_run(&lc);
		if (!rc)
			rc = log_cmd_warn_rename_limit(&lc);
	}
	log_cmd_release(&lc);
	return rc;
}
