/* include/sgit/errors.h: error codes and the error slot every fallible call fills */
#ifndef SGIT_ERRORS_H
#define SGIT_ERRORS_H

#include <stdarg.h>

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

/* Every fallible function returns 0 or one of these (negative). */
enum sgit_error_code {
	SGIT_OK = 0,
	SGIT_ERROR = -1,	/* anything not listed below */
	SGIT_ENOTFOUND = -2,	/* object, ref, key or file does not exist */
	SGIT_EAMBIGUOUS = -3,	/* a short name or id matches more than one thing */
	SGIT_EEXISTS = -4,	/* refused to replace something that exists */
	SGIT_ELOCKED = -5,	/* a .lock file is in the way */
	SGIT_ECORRUPT = -6,	/* bytes on disk are not what the format says */
	SGIT_EINVALID = -7,	/* bad input from the caller (a name, an option, a value) */
	SGIT_EOS = -8,		/* a system call failed */
	SGIT_ENOMEM = -9,	/* out of memory */
	SGIT_EGPG = -10,	/* gpg could not be run or failed */
	SGIT_ECONFLICT = -11,	/* a merge or checkout met a conflict */
	SGIT_ENOTREPO = -12,	/* not a git repository */
	SGIT_ECONFIG = -13,	/* a configuration file has a syntax error */
};

#define SGIT_ERROR_MSG_MAX 1024

/* Caller-owned; SGIT_ERROR_INIT or sgit_error_clear() before use. */
struct sgit_error {
	int code;
	char msg[SGIT_ERROR_MSG_MAX];
};
#define SGIT_ERROR_INIT { 0, { 0 } }

/*
 * Record code and a one-line message (lowercase, no final full stop, the
 * subject in quotes) in err, which may be NULL. Returns code, so that callers
 * can write `return sgit_error_set(err, SGIT_ENOTFOUND, "...")`.
 */
int sgit_error_set(struct sgit_error *err, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* The same with a va_list. */
int sgit_error_vset(struct sgit_error *err, int code, const char *fmt, va_list ap);
/* Record "out of memory"; returns SGIT_ENOMEM. */
int sgit_error_nomem(struct sgit_error *err);
/* Put "<context>: " before the message already recorded; returns err->code. */
int sgit_error_prefix(struct sgit_error *err, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Reset err to no error (code 0, empty message). */
void sgit_error_clear(struct sgit_error *err);
/* The recorded message, or a generic text for the code when none was set. */
const char *sgit_error_message(const struct sgit_error *err);
/* A short generic description of a code ("object not found", ...). */
const char *sgit_error_code_text(int code);

#pragma GCC visibility pop
#endif
