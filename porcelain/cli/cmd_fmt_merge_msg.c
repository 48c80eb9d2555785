/* porcelain/cli/cmd_fmt_merge_msg.c: sgit fmt-merge-msg: a merge message from FETCH_HEAD-style lines */
#include <errno.h>
#include <string.h>
#include <unistd.h>
#include "porcelain/cli/merge_cmd.h"
#include "util/fs.h"

static const char *const fmt_merge_msg_usage[] = {
	"sgit fmt-merge-msg [-m <message>] [--log[=<n>] | --no-log] [--file <file>]",
	NULL,
};

static int read_input(struct sgit_buf *in, struct cli_ctx *ctx, const char *path)
{
	if (path && strcmp(path, "-")) {
		if (!sgit_fs_exists(path))
			return cli_fatal("cannot open '%s': %s", path, strerror(ENOENT));
		if (sgit_fs_read_file(in, path, cli_err(ctx)) < 0)
			return cli_fatal_err(cli_err(ctx));
		return 0;
	}
	if (sgit_fs_read_fd(in, 0, "standard input", cli_err(ctx)) < 0)
		return cli_fatal("could not read input file");
	return 0;
}

int cmd_fmt_merge_msg(int argc, const char **argv, struct cli_ctx *ctx)
{
	struct sgit_merge_msg_options mo = SGIT_MERGE_MSG_OPTIONS_INIT;
	struct cli_merge_msg_env env;
	struct sgit_buf in = SGIT_BUF_INIT, out = SGIT_BUF_INIT, diag = SGIT_BUF_INIT;
	const char *message = NULL, *into = NULL, *file = NULL;
	int shortlog_len = -1, rc;
	const struct cli_option opts[] = {
		CLI_CALLBACK(0, "log", &shortlog_len, "n", "populate log with at most <n> entries from shortlog",
			     CLI_OPTARG, cli_merge_log_cb),
		CLI_CALLBACK(0, "summary", &shortlog_len, "n", "alias for --log (deprecated)", CLI_OPTARG, cli_merge_log_cb),
		CLI_STRING('m', "message", &message, "text", "use <text> as start of message"),
		CLI_STRING(0, "into-name", &into, "name", "use <name> instead of the real target branch"),
		CLI_STRING('F', "file", &file, "file", "file to read from"),
		CLI_END,
	};

	memset(&env, 0, sizeof(env));
	argc = cli_parse_options(argc, argv, opts, fmt_merge_msg_usage, 0);
	if (argc > 0)
		cli_usage_with_options(fmt_merge_msg_usage, opts, 1);
	if ((rc = cli_merge_msg_setup(&mo, &env, ctx)) != 0)
		goto out;
	if (shortlog_len >= 0)
		mo.shortlog_len = shortlog_len;
	if ((rc = read_input(&in, ctx, file)) != 0)
		goto out;
	if (message && sgit_buf_adds(&out, message) < 0) {
		rc = cli_fatal("out of memory");
		goto out;
	}
	mo.add_title = !message;
	mo.credit_people = 1;
	mo.into_name = into;
	rc = sgit_merge_msg_add(&out, &diag, ctx->repo, in.ptr, in.len, &mo);
	cli_merge_print_diag(&diag);
	if (rc < 0) {
		rc = cli_fatal_err(cli_err(ctx));
		goto out;
	}
	fwrite(out.ptr, 1, out.len, stdout);
	rc = 0;
out:
	cli_merge_msg_env_release(&env);
	sgit_buf_release(&in);
	sgit_buf_release(&out);
	sgit_buf_release(&diag);
	return rc;
}
