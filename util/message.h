/* util/message.h: commit and tag messages cleaned up as git does (git stripspace, --cleanup=) */
#ifndef SGIT_UTIL_MESSAGE_H
#define SGIT_UTIL_MESSAGE_H

#include <stddef.h>
#include "sgit/buf.h"
#include "sgit/errors.h"

/* What --cleanup=<mode> does to a message once "default" has been decided. */
enum sgit_cleanup_mode {
	SGIT_CLEANUP_VERBATIM,		/* leave every byte as it is */
	SGIT_CLEANUP_WHITESPACE,	/* git stripspace: trailing blanks, runs of empty lines */
	SGIT_CLEANUP_STRIP,		/* the same, and lines starting with the comment char go */
	SGIT_CLEANUP_SCISSORS,		/* cut at the scissors line, then WHITESPACE */
};

/*
 * The mode a --cleanup value names for a commit: "default" is STRIP when the
 * message was edited in an editor and WHITESPACE otherwise; "scissors" is
 * SCISSORS only when editing (WHITESPACE otherwise), as git decides.
 * SGIT_EINVALID "invalid cleanup mode x" for any other value.
 */
int sgit_message_cleanup_mode_parse(enum sgit_cleanup_mode *out, const char *value, int editing,
				    struct sgit_error *err);

/*
 * git stripspace: remove trailing spaces, tabs and CRs from every line,
 * collapse runs of empty lines into one, drop empty lines at both ends, and
 * end the result with exactly one LF (an empty result stays empty). When
 * comment_char is not 0, lines starting with it are removed first (-s).
 * NUL bytes in msg are kept. SGIT_ENOMEM leaves msg as it was.
 */
int sgit_message_stripspace(struct sgit_buf *msg, char comment_char);

/*
 * Where the scissors line ("<c> ------------------------ >8 ------------------------",
 * a whole line) starts in msg: len when there is none.
 */
size_t sgit_message_scissors_offset(const char *msg, size_t len, char comment_char);

/* Append the scissors line, LF included. */
int sgit_message_add_scissors(struct sgit_buf *out, char comment_char);

/* Clean msg up as mode says, comment_char being core.commentChar. */
int sgit_message_cleanup(struct sgit_buf *msg, enum sgit_cleanup_mode mode, char comment_char);

/*
 * Append text (len bytes) as comment lines for an editor template: "<c> "
 * before each line, only "<c>" before an empty line or one starting with a
 * TAB; a last line without LF gets one.
 */
int sgit_message_add_commented(struct sgit_buf *out, const char *text, size_t len,
			       char comment_char);

#endif
