/* util/error.c: the error slot */
#include <stdio.h>
#include <string.h>
#include "sgit/errors.h"

/* One table: code -> generic text, used when no message was recorded. */
static const struct {
	int code;
	const char *text;
} code_texts[] = {
	{ SGIT_OK, "no error" },
	{ SGIT_ERROR, "error" },
	{ SGIT_ENOTFOUND, "not found" },
	{ SGIT_EAMBIGUOUS, "ambiguous" },
	{ SGIT_EEXISTS, "already exists" },
	{ SGIT_ELOCKED, "locked" },
	{ SGIT_ECORRUPT, "corrupt data" },
	{ SGIT_EINVALID, "invalid argument" },
	{ SGIT_EOS, "system error" },
	{ SGIT_ENOMEM, "out of memory" },
	{ SGIT_EGPG, "gpg failed" },
	{ SGIT_ECONFLICT, "conflict" },
	{ SGIT_ENOTREPO, "not a git repository" },
	{ SGIT_ECONFIG, "bad config" },
};

const char *sgit_error_code_text(int code)
{
	size_t i;

	for (i = 0; i < sizeof(code_texts) / sizeof(code_texts[0]); i++)
		if (code_texts[i].code == code)
			return code_texts[i].text;
	return "error";
}

int sgit_error_vset(struct sgit_error *err, int code, const char *fmt, va_list ap)
{
	if (!err)
		return code;
	err->code = code;
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	return code;
}

int sgit_error_set(struct sgit_error *err, int code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sgit_error_vset(err, code, fmt, ap);
	va_end(ap);
	return code;
}

int sgit_error_nomem(struct sgit_error *err)
{
	return sgit_error_set(err, SGIT_ENOMEM, "out of memory");
}

int sgit_error_prefix(struct sgit_error *err, const char *fmt, ...)
{
	char old[SGIT_ERROR_MSG_MAX];
	size_t n, oldlen;
	va_list ap;

	if (!err)
		return SGIT_ERROR;
	memcpy(old, err->msg, sizeof(old));
	old[sizeof(old) - 1] = '\0';
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
	/* append ": <old>" by hand, cutting what does not fit */
	n = strlen(err->msg);
	oldlen = strlen(old);
	if (n + 2 < sizeof(err->msg)) {
		memcpy(err->msg + n, ": ", 2);
		n += 2;
		if (oldlen > sizeof(err->msg) - 1 - n)
			oldlen = sizeof(err->msg) - 1 - n;
		memcpy(err->msg + n, old, oldlen);
		err->msg[n + oldlen] = '\0';
	}
	return err->code;
}

void sgit_error_clear(struct sgit_error *err)
{
	if (!err)
		return;
	err->code = 0;
	err->msg[0] = '\0';
}

const char *sgit_error_message(const struct sgit_error *err)
{
	if (!err)
		return "error";
	if (err->msg[0])
		return err->msg;
	return sgit_error_code_text(err->code);
}
