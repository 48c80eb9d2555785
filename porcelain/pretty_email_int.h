/* porcelain/pretty_email_int.h: mail header helpers of the email format */
#ifndef SGIT_PORCELAIN_PRETTY_EMAIL_INT_H
#define SGIT_PORCELAIN_PRETTY_EMAIL_INT_H

#include "porcelain/pretty_int.h"

/* Columns since the last LF of b (bytes, as git counts them here). */
size_t pretty_last_line_len(const struct sgit_buf *b);
/* 1 when the text has non-ASCII bytes, a LF or "=?" and must become an encoded word. */
int pretty_needs_rfc2047(const char *s, size_t len);
/* An RFC 2047 "Q" encoded word (address: the stricter rules of a phrase), folded at 76 columns. */
int pretty_add_rfc2047(struct sgit_buf *out, const char *s, size_t len, const char *encoding,
		       int address);
/* "From: <name> <mail>\n" as git writes it: quoted, encoded or wrapped as needed. */
int pretty_add_from(struct sgit_buf *out, const char *name, size_t name_len, const char *mail,
		    size_t mail_len, const char *encoding);
/* "Subject: [PATCH] <title>" without the LF. */
int pretty_add_subject(struct sgit_buf *out, const char *title, size_t len, const char *prefix,
		       const char *encoding);

#endif
