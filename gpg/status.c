/* gpg/status.c: gpg's "[GNUPG:] " status lines into a verdict, and the sigcheck result */
#include <string.h>
#include <strings.h>
#include "sgit/gpg.h"

/* What a status keyword carries (gpg's doc/DETAILS describes the lines). */
enum {
	ST_EXCLUSIVE = 1 << 0,	/* one per signature: a second one means two signatures */
	ST_KEYID = 1 << 1,	/* first field: the long key id */
	ST_UID = 1 << 2,	/* the rest of the line after the key id: the user ID */
	ST_FPR = 1 << 3,	/* VALIDSIG: fingerprint, and the primary key's as field 10 */
	ST_TRUST = 1 << 4,	/* TRUST_<LEVEL> */
	ST_SIG = ST_EXCLUSIVE | ST_KEYID | ST_UID,
};

/*
 * Status keywords and the %G? letter they set, the table git 2.39 reads
 * (NEWSIG, KEY_CONSIDERED, NO_PUBKEY and the rest say nothing to it).
 */
static const struct {
	const char *prefix;
	char result;
	unsigned flags;
} status_table[] = {
	{ "GOODSIG ", 'G', ST_SIG },
	{ "BADSIG ", 'B', ST_SIG },
	{ "ERRSIG ", 'E', ST_EXCLUSIVE | ST_KEYID },
	{ "EXPSIG ", 'X', ST_SIG },
	{ "EXPKEYSIG ", 'Y', ST_SIG },
	{ "REVKEYSIG ", 'R', ST_SIG },
	{ "VALIDSIG ", 0, ST_FPR },
	{ "TRUST_", 0, ST_TRUST },
};

/* TRUST_<key> and its %GT name, in enum sgit_gpg_trust order. */
static const struct {
	const char *key;
	const char *name;
} trust_table[] = {
	{ "UNDEFINED", "undefined" },
	{ "NEVER", "never" },
	{ "MARGINAL", "marginal" },
	{ "FULLY", "fully" },
	{ "ULTIMATE", "ultimate" },
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))
#define STATUS_PREFIX "[GNUPG:] "

void sgit_sigcheck_init(struct sgit_sigcheck *c)
{
	static const struct sgit_sigcheck empty = SGIT_SIGCHECK_INIT;

	*c = empty;
}

void sgit_sigcheck_release(struct sgit_sigcheck *c)
{
	sgit_buf_release(&c->signer);
	sgit_buf_release(&c->key);
	sgit_buf_release(&c->fingerprint);
	sgit_buf_release(&c->primary_fingerprint);
	sgit_buf_release(&c->output);
	sgit_buf_release(&c->status);
	sgit_sigcheck_init(c);
}

static void clear_fields(struct sgit_sigcheck *c)
{
	sgit_buf_reset(&c->signer);
	sgit_buf_reset(&c->key);
	sgit_buf_reset(&c->fingerprint);
	sgit_buf_reset(&c->primary_fingerprint);
}

void sgit_sigcheck_reset(struct sgit_sigcheck *c)
{
	c->result = 'N';
	c->trust = SGIT_GPG_TRUST_NONE;
	c->verified = 0;
	clear_fields(c);
	sgit_buf_reset(&c->output);
	sgit_buf_reset(&c->status);
}

char sgit_sigcheck_letter(const struct sgit_sigcheck *c)
{
	if (c->result == 'G' &&
	    (c->trust == SGIT_GPG_TRUST_UNDEFINED || c->trust == SGIT_GPG_TRUST_NEVER))
		return 'U';
	return c->result;
}

const char *sgit_gpg_trust_name(enum sgit_gpg_trust trust)
{
	/* git 2.39 has no name for "no TRUST_ line" (it aborts); later git says undefined */
	if ((int)trust < 0 || (size_t)trust >= COUNT(trust_table))
		return trust_table[0].name;
	return trust_table[trust].name;
}

/* Level named by the n bytes at s, matched exactly (case as given); -1 when none. */
static int trust_lookup(const char *s, size_t n, int any_case)
{
	size_t i;

	for (i = 0; i < COUNT(trust_table); i++)
		if (strlen(trust_table[i].key) == n &&
		    !(any_case ? strncasecmp(s, trust_table[i].key, n) : strncmp(s, trust_table[i].key, n)))
			return (int)i;
	return -1;
}

int sgit_gpg_trust_parse(enum sgit_gpg_trust *out, const char *name)
{
	int t = name ? trust_lookup(name, strlen(name), 1) : -1;

	if (t < 0)
		return SGIT_EINVALID;
	*out = (enum sgit_gpg_trust)t;
	return 0;
}

/* The field of line [p, end) up to the next space (or the end). */
static const char *field_end(const char *p, const char *end)
{
	const char *sp = memchr(p, ' ', (size_t)(end - p));

	return sp ? sp : end;
}

/* VALIDSIG <fpr> <date> <ts> <expire> <ver> <rsvd> <pk> <hash> <class> <primary fpr> */
static int parse_validsig(struct sgit_sigcheck *c, const char *p, const char *end)
{
	const char *f = field_end(p, end);
	int i;

	if (sgit_buf_set(&c->fingerprint, p, (size_t)(f - p)) < 0)
		return SGIT_ENOMEM;
	for (i = 0; i < 9 && f < end; i++) {
		p = f + 1;
		f = field_end(p, end);
	}
	if (i < 9) {
		sgit_buf_reset(&c->primary_fingerprint);
		return 0;
	}
	/* The primary key's fingerprint is the rest of the line. */
	return sgit_buf_set(&c->primary_fingerprint, p, (size_t)(end - p));
}

/* The fields after the keyword of one status line [p, end). 1: a verdict-breaking line. */
static int parse_fields(struct sgit_sigcheck *c, unsigned flags, const char *p, const char *end)
{
	const char *f;
	int t;

	if (flags & ST_KEYID) {
		f = field_end(p, end);
		if (sgit_buf_set(&c->key, p, (size_t)(f - p)) < 0)
			return SGIT_ENOMEM;
		if ((flags & ST_UID) && f < end && sgit_buf_set(&c->signer, f + 1, (size_t)(end - f - 1)) < 0)
			return SGIT_ENOMEM;
	}
	if (flags & ST_TRUST) {
		f = field_end(p, end);
		if ((t = trust_lookup(p, (size_t)(f - p), 0)) < 0)
			return 1;
		c->trust = (enum sgit_gpg_trust)t;
	}
	if (flags & ST_FPR)
		return parse_validsig(c, p, end);
	return 0;
}

/* One line [p, end) after "[GNUPG:] ". 1: the stream is not one plain signature. */
static int parse_line(struct sgit_sigcheck *c, int *seen_exclusive, const char *p, const char *end)
{
	size_t i, n, len = (size_t)(end - p);

	for (i = 0; i < COUNT(status_table); i++) {
		n = strlen(status_table[i].prefix);
		if (len < n || memcmp(p, status_table[i].prefix, n))
			continue;
		if ((status_table[i].flags & ST_EXCLUSIVE) && (*seen_exclusive)++)
			return 1;
		if (status_table[i].result)
			c->result = status_table[i].result;
		return parse_fields(c, status_table[i].flags, p + n, end);
	}
	return 0;
}

int sgit_gpg_parse_status(struct sgit_sigcheck *out, const char *text, size_t len)
{
	const char *p = text, *end, *nl;
	size_t plen = strlen(STATUS_PREFIX);
	int seen_exclusive = 0, rc = 0;

	out->result = 'N';
	out->trust = SGIT_GPG_TRUST_NONE;
	clear_fields(out);
	/* git reads the status output as a C string */
	if ((nl = memchr(text, '\0', len)) != NULL)
		len = (size_t)(nl - text);
	for (end = text + len; p < end && rc == 0; p = nl ? nl + 1 : end) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if ((size_t)((nl ? nl : end) - p) >= plen && !memcmp(p, STATUS_PREFIX, plen))
			rc = parse_line(out, &seen_exclusive, p + plen, nl ? nl : end);
	}
	if (rc < 0) {
		clear_fields(out);
		return rc;
	}
	if (rc > 0) {
		/* Two signatures, or a status gpg should not give: trust nothing (the trust level stays, as in git). */
		out->result = 'E';
		clear_fields(out);
	}
	return 0;
}
