/* porcelain/cli/fetch_cmd.h: git fetch's report on stderr, shared by the commands that fetch */
#ifndef SGIT_CLI_FETCH_CMD_H
#define SGIT_CLI_FETCH_CMD_H

#include "porcelain/cli/cli.h"
#include "sgit/fetch.h"

/*
 * What the report remembers between groups of refs, as git does for one
 * process: whether "From <url>" was shown, and the width of the ref column,
 * which only grows. Caller-owned: FETCH_CMD_DISPLAY_INIT.
 */
struct fetch_cmd_display {
	int verbosity;		/* -q: -1 (nothing), 0, -v: 1 (up-to-date refs too) */
	int shown_url;
	int refcol;
};
#define FETCH_CMD_DISPLAY_INIT { 0, 0, 10 }

/* Print res's warnings ("warning: ..." lines), also wanted when the fetch failed. */
void fetch_cmd_print_warnings(const struct sgit_fetch_result *res);
/* Each line of lines on stderr as "<prefix>: <line>". */
void fetch_cmd_print_lines(const char *prefix, const struct sgit_buf *lines);
/* Print res's warnings, then its summary ("From ..." and one line per ref), as git prints them. */
void fetch_cmd_print(struct fetch_cmd_display *d, const struct sgit_fetch_result *res,
		     struct sgit_repo *repo);

/*
 * Print git's message for a failed sgit_fetch (rc) and return its exit code:
 * 128, after "Could not read from remote repository" for a missing repository.
 */
int fetch_cmd_fail(int rc, const struct sgit_error *err);

/* git's reflog action: GIT_REFLOG_ACTION, else "<name> <args...>" as typed. */
int fetch_cmd_reflog_action(struct sgit_buf *out, int argc, const char **argv);

#endif
