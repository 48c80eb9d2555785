/* objects/oid.c: SHA-1 object ids through OpenSSL's EVP interface */
#include <string.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include "sgit/errors.h"
#include "sgit/oid.h"

int sgit_hex_digit(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

void sgit_hex_encode(char *out, const unsigned char *raw, size_t len)
{
	static const char digits[] = "0123456789abcdef";
	size_t i;

	for (i = 0; i < len; i++) {
		out[2 * i] = digits[raw[i] >> 4];
		out[2 * i + 1] = digits[raw[i] & 0xf];
	}
	out[2 * len] = '\0';
}

int sgit_oid_fromhexn(struct sgit_oid *out, const char *hex, size_t len)
{
	int i;

	if (len < SGIT_OID_HEXSZ)
		return SGIT_EINVALID;
	for (i = 0; i < SGIT_OID_RAWSZ; i++) {
		int hi = sgit_hex_digit((unsigned char)hex[2 * i]);
		int lo = hi < 0 ? -1 : sgit_hex_digit((unsigned char)hex[2 * i + 1]);

		if (lo < 0)
			return SGIT_EINVALID;
		out->id[i] = (unsigned char)(hi << 4 | lo);
	}
	return 0;
}

int sgit_oid_fromhex(struct sgit_oid *out, const char *hex)
{
	size_t n = strnlen(hex, SGIT_OID_HEXSZ + 1);

	if (n != SGIT_OID_HEXSZ)
		return SGIT_EINVALID;
	return sgit_oid_fromhexn(out, hex, n);
}

void sgit_oid_fromraw(struct sgit_oid *out, const unsigned char *raw)
{
	memcpy(out->id, raw, SGIT_OID_RAWSZ);
}

char *sgit_oid_tohex(char out[SGIT_OID_HEXSZ + 1], const struct sgit_oid *id)
{
	sgit_hex_encode(out, id->id, SGIT_OID_RAWSZ);
	return out;
}

int sgit_oid_cmp(const struct sgit_oid *a, const struct sgit_oid *b)
{
	return memcmp(a->id, b->id, SGIT_OID_RAWSZ);
}

int sgit_oid_equal(const struct sgit_oid *a, const struct sgit_oid *b)
{
	return !memcmp(a->id, b->id, SGIT_OID_RAWSZ);
}

int sgit_oid_is_zero(const struct sgit_oid *id)
{
	static const unsigned char zero[SGIT_OID_RAWSZ];

	return !memcmp(id->id, zero, SGIT_OID_RAWSZ);
}

void sgit_oid_clear(struct sgit_oid *id)
{
	memset(id->id, 0, SGIT_OID_RAWSZ);
}

int sgit_hash_init(struct sgit_hash_ctx *ctx)
{
	EVP_MD_CTX *md;

	/*
	 * Skip reading openssl.cnf: sgit needs only the built-in SHA-1, and
	 * the config costs about 0.8 MB of memory in every process. (Runs once.)
	 */
	OPENSSL_init_crypto(OPENSSL_INIT_NO_LOAD_CONFIG, NULL);
	md = EVP_MD_CTX_new();

	ctx->evp = md;
	if (!md || EVP_DigestInit_ex(md, EVP_sha1(), NULL) != 1) {
		EVP_MD_CTX_free(md);
		ctx->evp = NULL;
		return SGIT_ENOMEM;
	}
	return 0;
}

void sgit_hash_update(struct sgit_hash_ctx *ctx, const void *data, size_t len)
{
	EVP_DigestUpdate(ctx->evp, data, len);
}

void sgit_hash_final(struct sgit_oid *out, struct sgit_hash_ctx *ctx)
{
	unsigned int n = SGIT_OID_RAWSZ;

	EVP_DigestFinal_ex(ctx->evp, out->id, &n);
	EVP_MD_CTX_free(ctx->evp);
	ctx->evp = NULL;
}

void sgit_hash_discard(struct sgit_hash_ctx *ctx)
{
	EVP_MD_CTX_free(ctx->evp);
	ctx->evp = NULL;
}

int sgit_hash_buffer(struct sgit_oid *out, const void *data, size_t len)
{
	struct sgit_hash_ctx ctx;

	if (sgit_hash_init(&ctx) < 0)
		return SGIT_ENOMEM;
	sgit_hash_update(&ctx, data, len);
	sgit_hash_final(out, &ctx);
	return 0;
}
