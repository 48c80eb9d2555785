/*
 * porcelain/sign/pretty_signature.c: %G? %GS %GK %GF %GP %GT %GG. The commit's
 * signature is checked the first time an entry asks (one gpg run shared by
 * all the %G placeholders of the entry, kept in the entry's state), as git's
 * format_commit_one does.
 */
#include <stdlib.h>
#include <string.h>
#include "sgit/commit.h"
#include "sgit/pretty_signature.h"
#include "sgit/signature.h"

static void state_free(void *state)
{
	struct sgit_sigcheck *check = state;

	if (!check)
		return;
	sgit_sigcheck_release(check);
	free(check);
}

/* Hand what git would print on stderr for a check it survives (rc) to the caller. */
static int report(struct sgit_pretty_signature *ps, int rc, struct sgit_error *err)
{
	struct sgit_buf line = SGIT_BUF_INIT;
	const char *msg = sgit_error_message(err);
	const char *prefix = rc == SGIT_EGPG ? sgit_gpg_run_failure_prefix(msg) : "error: ";

	rc = 0;
	if (!ps->diag)
		goto out;
	if (sgit_buf_printf(&line, "%s%s\n", prefix, msg) < 0) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	ps->diag(line.ptr, line.len, ps->diag_data);
out:
	if (rc == 0)
		sgit_error_clear(err);
	sgit_buf_release(&line);
	return rc;
}

/* The entry's verdict, checked on first use and kept in the entry's state. */
static int verdict(const struct sgit_sigcheck **out, struct sgit_pretty_context *ctx,
		   struct sgit_error *err)
{
	void **slot = sgit_pretty_context_state(ctx);
	struct sgit_pretty_signature *ps = sgit_pretty_context_payload(ctx);
	struct sgit_sigcheck *check = *slot;
	const char *raw;
	size_t len;
	int rc = 0;

	if (check)
		goto out;
	if (!(check = malloc(sizeof(*check)))) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	sgit_sigcheck_init(check);
	raw = sgit_commit_raw(sgit_pretty_context_commit(ctx), &len);
	rc = sgit_signature_check_commit(check, NULL, &ps->gpg, raw, len, err);
	if (rc == 1 || rc == SGIT_EGPG || rc == SGIT_EOS)
		ps->checks++;
	/* gpg missing or the temp file failing leaves git with an N verdict, and it goes on */
	if (rc == SGIT_EGPG || rc == SGIT_EOS)
		rc = report(ps, rc, err);
	if (rc < 0) {
		state_free(check);
		check = NULL;
		goto out;
	}
	rc = 0;
	*slot = check;
out:
	*out = check;
	return rc;
}

/* The bytes git shows of a field: up to a NUL, as it adds them as strings. */
static int add_field(struct sgit_buf *out, const struct sgit_buf *field)
{
	return sgit_buf_add(out, field->ptr, strnlen(field->ptr, field->len));
}

/* %G? */
static long ph_letter(struct sgit_buf *out, struct sgit_pretty_context *ctx, const char *ph,
		      struct sgit_error *err)
{
	const struct sgit_sigcheck *check;
	char letter;
	int rc;

	(void)ph;
	if ((rc = verdict(&check, ctx, err)) < 0)
		return rc;
	letter = sgit_sigcheck_letter(check);
	if (letter && strchr("GUBEXYRN", letter) && sgit_buf_addch(out, letter) < 0)
		return SGIT_ENOMEM;
	return 2;
}

/* %GS %GK %GF %GP %GG: a field, empty when gpg did not report it */
static long ph_field(struct sgit_buf *out, struct sgit_pretty_context *ctx, const char *ph,
		     struct sgit_error *err)
{
	const struct sgit_sigcheck *check;
	const struct sgit_buf *field;
	int rc;

	if ((rc = verdict(&check, ctx, err)) < 0)
		return rc;
	switch (ph[1]) {
	case 'S':
		field = &check->signer;
		break;
	case 'K':
		field = &check->key;
		break;
	case 'F':
		field = &check->fingerprint;
		break;
	case 'P':
		field = &check->primary_fingerprint;
		break;
	default:
		field = &check->output;
		break;
	}
	return add_field(out, field) < 0 ? SGIT_ENOMEM : 2;
}

/* %GT */
static long ph_trust(struct sgit_buf *out, struct sgit_pretty_context *ctx, const char *ph,
		     struct sgit_error *err)
{
	const struct sgit_sigcheck *check;
	int rc;

	(void)ph;
	if ((rc = verdict(&check, ctx, err)) < 0)
		return rc;
	return sgit_buf_adds(out, sgit_gpg_trust_name(check->trust)) < 0 ? SGIT_ENOMEM : 2;
}

/* %G<anything else>: git checks the signature before it finds the letter unknown */
static long ph_unknown(struct sgit_buf *out, struct sgit_pretty_context *ctx, const char *ph,
		       struct sgit_error *err)
{
	const struct sgit_sigcheck *check;
	int rc;

	(void)out;
	(void)ph;
	return (rc = verdict(&check, ctx, err)) < 0 ? rc : 0;
}

/* The longest name wins: "G" only catches what the others do not. */
const struct sgit_pretty_placeholder sgit_pretty_signature_placeholders[] = {
	{ "G?", ph_letter },
	{ "GS", ph_field },
	{ "GK", ph_field },
	{ "GF", ph_field },
	{ "GP", ph_field },
	{ "GT", ph_trust },
	{ "GG", ph_field },
	{ "G", ph_unknown },
};
const size_t sgit_pretty_signature_nplaceholders =
	sizeof(sgit_pretty_signature_placeholders) / sizeof(sgit_pretty_signature_placeholders[0]);

void sgit_pretty_signature_attach(struct sgit_pretty_options *opts, struct sgit_pretty_signature *sig)
{
	opts->extra = sgit_pretty_signature_placeholders;
	opts->nextra = sgit_pretty_signature_nplaceholders;
	opts->extra_payload = sig;
	opts->extra_state_free = state_free;
}
