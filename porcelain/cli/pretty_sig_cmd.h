/* porcelain/cli/pretty_sig_cmd.h: the %G placeholders for log, show and rev-list */
#ifndef SGIT_CLI_PRETTY_SIG_CMD_H
#define SGIT_CLI_PRETTY_SIG_CMD_H

#include "porcelain/cli/cli.h"
#include "sgit/pretty.h"

/*
 * Give p the %G placeholders when its format uses them (sgit_pretty_needs),
 * with the gpg settings of ctx's repository; what git prints on stderr while
 * checking goes to stderr. The settings are kept in one allocation pushed on
 * owned, whose items the caller frees with free() once p is done with.
 * 0, or the exit code after git's message.
 */
int pretty_sig_setup(struct sgit_pretty_options *p, struct cli_ctx *ctx, struct cli_strlist *owned);

#endif
