/* util/quote.h: quoting of path names in output, as git's core.quotePath does it */
#ifndef SGIT_UTIL_QUOTE_H
#define SGIT_UTIL_QUOTE_H

#include <stddef.h>
#include "sgit/buf.h"

/* 1 when name (len bytes) must be shown quoted: control bytes, '"', '\\', DEL, and bytes >= 0x80 when quote_high. */
int sgit_quote_needed(const char *name, size_t len, int quote_high);
/*
 * Append name to out, in C style between double quotes when it needs
 * quoting (\t \n \" \\ and friends; other bytes as three octal digits),
 * as it is otherwise. quote_high is core.quotePath (git's default: 1).
 */
int sgit_quote_c_style_add(struct sgit_buf *out, const char *name, size_t len, int quote_high);
/*
 * Replace out with the C-style quoted string at s (len bytes, starting with
 * '"'); *consumed (may be NULL) gets the bytes up to and including the
 * closing quote. SGIT_EINVALID when badly quoted (out untouched).
 */
int sgit_unquote_c_style(struct sgit_buf *out, const char *s, size_t len, size_t *consumed);

#endif
