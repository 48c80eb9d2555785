/* util/process.h: run a program with pipes (an argv, no shell), or a shell snippet where git defines one */
#ifndef SGIT_UTIL_PROCESS_H
#define SGIT_UTIL_PROCESS_H

#include <stddef.h>
#include "sgit/buf.h"
#include "sgit/errors.h"

/*
 * How to connect the child. Zero-initialised (SGIT_PROCESS_OPTS_INIT) it
 * inherits our stdin, stdout and stderr and our environment.
 */
struct sgit_process_opts {
	const void *in;		/* bytes fed to its stdin through a pipe (may be empty) */
	size_t in_len;
	int in_null;		/* when in is NULL: stdin from /dev/null instead of ours */
	struct sgit_buf *out;	/* when not NULL, stdout is captured here (replaced) */
	int out_null;		/* when out is NULL: stdout to /dev/null instead of ours */
	struct sgit_buf *err;	/* when not NULL, stderr is captured here (replaced) */
	int err_null;		/* when err is NULL: stderr to /dev/null instead of ours */
	/*
	 * When extra is not NULL, the child finds the write end of one more pipe
	 * as file descriptor extra_fd (> 2), and what it writes there is
	 * captured in extra: for "gpg --status-fd=<extra_fd>".
	 */
	int extra_fd;
	struct sgit_buf *extra;
	const char *const *env;	/* NULL-terminated changes: "NAME=value" sets, "NAME" removes */
	const char *dir;	/* run in this folder instead of ours */
};
#define SGIT_PROCESS_OPTS_INIT { 0 }

/* How the child ended. */
struct sgit_process_status {
	int code;		/* its exit code, or 128 + N when killed by signal N (as sh reports it) */
	int signal;		/* N when killed by signal N, else 0 */
};

/*
 * Run argv[0] (looked up in PATH unless it holds a '/', with the changed
 * environment's PATH) with argv as its arguments, passed literally; feed
 * and capture as opts says, without deadlock however much it writes while
 * we feed it, and wait for it. Returns 0 whenever the program ran, whatever
 * its exit code (read *status); a child that exits without reading all of
 * its input is not an error. SGIT_ENOTFOUND "cannot run 'x': No such file or
 * directory" when there is no such program, SGIT_EOS when it cannot be
 * started, SGIT_EINVALID for bad options, SGIT_ENOMEM.
 */
int sgit_process_run(struct sgit_process_status *status, const char *const *argv,
		     const struct sgit_process_opts *opts, struct sgit_error *err);

/*
 * Run cmd as git runs GIT_EDITOR, core.editor or core.pager: a command
 * without shell metacharacters is run directly, anything else with
 * `sh -c '<cmd> "$@"' <cmd> <args>...` so that args (NULL-terminated, may
 * be NULL) reach it unchanged. Results as sgit_process_run().
 */
int sgit_process_run_shell(struct sgit_process_status *status, const char *cmd,
			   const char *const *args, const struct sgit_process_opts *opts,
			   struct sgit_error *err);

/* Replace out with "exited with status 2" or "killed by signal 9". */
int sgit_process_status_describe(struct sgit_buf *out, const struct sgit_process_status *status);

#endif
