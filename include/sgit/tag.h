/* include/sgit/tag.h: annotated tag objects: parse, and split payload from signature */
#ifndef SGIT_TAG_H
#define SGIT_TAG_H

#include <stddef.h>
#include "buf.h"
#include "errors.h"
#include "header.h"
#include "object.h"
#include "oid.h"

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

/* The kinds of signature git recognises by the first line of their block. */
enum sgit_sig_format {
	SGIT_SIG_NONE = 0,
	SGIT_SIG_OPENPGP,	/* -----BEGIN PGP SIGNATURE----- or -----BEGIN PGP MESSAGE----- */
	SGIT_SIG_X509,		/* -----BEGIN SIGNED MESSAGE----- */
	SGIT_SIG_SSH,		/* -----BEGIN SSH SIGNATURE----- */
};

/* The format whose marker line starts buf (len bytes), or SGIT_SIG_NONE. */
enum sgit_sig_format sgit_sig_format_of(const char *buf, size_t len);

/*
 * Where the signature of a signed tag (or any buffer signed the same way)
 * starts: the beginning of the LAST line that starts with a marker of
 * sgit_sig_format_of(), as git decides; len when there is none. *format
 * (may be NULL) gets its format.
 */
size_t sgit_sig_find(enum sgit_sig_format *format, const char *buf, size_t len);

/*
 * payload gets the bytes before the signature (what was signed), sig the
 * rest; either may be NULL. Returns 1 when signed, 0 when not (payload = buf,
 * sig empty), SGIT_ENOMEM.
 */
int sgit_tag_split_signature(struct sgit_buf *payload, struct sgit_buf *sig,
			     const char *buf, size_t len);

/* A parsed tag; owns a copy of the object's bytes. Free with sgit_tag_free(). */
struct sgit_tag;

/*
 * Parse the content of a tag object: "object <40 hex>", "type <type>",
 * "tag <name>" in this order, then an optional "tagger" identity (old tags
 * have none); other headers are kept. SGIT_ECORRUPT ("corrupt tag: ...")
 * otherwise, and *out is NULL.
 */
int sgit_tag_parse(struct sgit_tag **out, const void *data, size_t len, struct sgit_error *err);
/* Free tag and everything its accessors returned; NULL is allowed. */
void sgit_tag_free(struct sgit_tag *tag);

/* The bytes parsed, owned by tag (valid until sgit_tag_free()), like every pointer below. */
const char *sgit_tag_raw(const struct sgit_tag *tag, size_t *len);
/* The "object" header's id and the "type" header's type. */
const struct sgit_oid *sgit_tag_target_id(const struct sgit_tag *tag);
enum sgit_object_type sgit_tag_target_type(const struct sgit_tag *tag);
/* The tag's name as written in its "tag" header. */
const char *sgit_tag_name(const struct sgit_tag *tag);
/* The "tagger" header (parse its value with sgit_ident_parse()), or NULL. */
const struct sgit_header *sgit_tag_tagger(const struct sgit_tag *tag);
/* Every header in order. */
size_t sgit_tag_header_count(const struct sgit_tag *tag);
const struct sgit_header *sgit_tag_header_at(const struct sgit_tag *tag, size_t i);
/*
 * The message after the first empty line, signature included, NUL bytes
 * kept; NULL and *len = 0 when there is no empty line.
 */
const char *sgit_tag_message(const struct sgit_tag *tag, size_t *len);
/* Offset of the signature in the raw bytes (sgit_sig_find()); the raw length when unsigned. */
size_t sgit_tag_signature_offset(const struct sgit_tag *tag);
/* The signature block, or NULL and *len = 0 when unsigned. */
const char *sgit_tag_signature(const struct sgit_tag *tag, size_t *len,
			       enum sgit_sig_format *format);

#pragma GCC visibility pop
#endif
