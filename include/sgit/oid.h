/* include/sgit/oid.h: object ids (SHA-1) and hashing */
#ifndef SGIT_OID_H
#define SGIT_OID_H

#include <stddef.h>

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

#define SGIT_OID_RAWSZ 20
#define SGIT_OID_HEXSZ 40

struct sgit_oid {
	unsigned char id[SGIT_OID_RAWSZ];
};

/* Parse exactly 40 hex digits (either case). 0, or SGIT_EINVALID. */
int sgit_oid_fromhex(struct sgit_oid *out, const char *hex);
/* Parse the first 40 chars of hex, which must all be hex digits. */
int sgit_oid_fromhexn(struct sgit_oid *out, const char *hex, size_t len);
/* Copy 20 raw bytes into out. */
void sgit_oid_fromraw(struct sgit_oid *out, const unsigned char *raw);
/* Write 40 lowercase hex digits and a NUL into out. Returns out. */
char *sgit_oid_tohex(char out[SGIT_OID_HEXSZ + 1], const struct sgit_oid *id);
/* cmp: memcmp's order; equal: 1 when the same; is_zero: 1 for the null id; clear: make it null. */
int sgit_oid_cmp(const struct sgit_oid *a, const struct sgit_oid *b);
int sgit_oid_equal(const struct sgit_oid *a, const struct sgit_oid *b);
int sgit_oid_is_zero(const struct sgit_oid *id);
void sgit_oid_clear(struct sgit_oid *id);

/* Incremental SHA-1 (OpenSSL EVP). Caller-owned: _init, _update..., _final. */
struct sgit_hash_ctx {
	void *evp;		/* EVP_MD_CTX * */
};
/* 0, or SGIT_ENOMEM. */
int sgit_hash_init(struct sgit_hash_ctx *ctx);
/* Hash len more bytes. */
void sgit_hash_update(struct sgit_hash_ctx *ctx, const void *data, size_t len);
/* Write the digest and free the context. */
void sgit_hash_final(struct sgit_oid *out, struct sgit_hash_ctx *ctx);
/* Free a context that will not be finalised. */
void sgit_hash_discard(struct sgit_hash_ctx *ctx);
/* One-shot SHA-1 of data. 0, or SGIT_ENOMEM. */
int sgit_hash_buffer(struct sgit_oid *out, const void *data, size_t len);

/* Hex helpers: 1 when c is a hex digit; value of a hex digit or -1. */
int sgit_hex_digit(int c);
/* Write 2*len lowercase hex chars + NUL. */
void sgit_hex_encode(char *out, const unsigned char *raw, size_t len);

#pragma GCC visibility pop
#endif
