/* objects/ident.c: identity lines "Name <email> 1234567890 -0700" */
#include <string.h>
#include "sgit/ident.h"

static int is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Digits [p, end) as a non-negative value; -1 when it does not fit in max. */
static int64_t parse_digits(const char *p, const char *end, int64_t max)
{
	int64_t v = 0;

	for (; p < end; p++) {
		if (v > (max - (*p - '0')) / 10)
			return -1;
		v = v * 10 + (*p - '0');
	}
	return v;
}

/*
 * The date follows the LAST '>' of the line (git looks from the end, so a
 * '>' inside the e-mail does not hide the date): digits, spaces, a signed
 * zone. Anything else leaves the identity without a date, as git shows it.
 */
static void parse_date(struct sgit_ident *id, const char *gt, const char *end)
{
	const char *p = gt + 1, *digits, *digits_end, *tz, *tz_end;
	int64_t t, zone;

	while (p < end && is_space(*p))
		p++;
	for (digits = p; p < end && is_digit(*p); p++)
		;
	digits_end = p;
	while (p < end && is_space(*p))
		p++;
	if (digits == digits_end || p >= end || (*p != '+' && *p != '-'))
		return;
	tz = p++;
	while (p < end && is_digit(*p))
		p++;
	tz_end = p;
	if (tz_end == tz + 1)
		return;
	id->date = digits;
	id->date_len = (size_t)(tz_end - digits);
	id->has_date = 1;
	t = parse_digits(digits, digits_end, INT64_MAX);
	zone = parse_digits(tz + 1, tz_end, 999999);
	if (t < 0 || zone < 0)
		return;		/* overflow: git shows the epoch, +0000 */
	id->time = t;
	id->tz_sign = *tz;
	id->tz = (int)(*tz == '-' ? -zone : zone);
	id->tz_minutes = (int)((zone / 100) * 60 + zone % 100);
	if (*tz == '-')
		id->tz_minutes = -id->tz_minutes;
}

int sgit_ident_parse(struct sgit_ident *out, const char *line, size_t len, struct sgit_error *err)
{
	const char *end = memchr(line, '\n', len), *lt, *gt, *last_gt, *name_end;

	/* An identity is one line: whatever follows a LF is not part of it. */
	if (!end)
		end = line + len;
	memset(out, 0, sizeof(*out));
	lt = memchr(line, '<', (size_t)(end - line));
	gt = lt ? memchr(lt + 1, '>', (size_t)(end - lt - 1)) : NULL;
	if (!gt)
		return sgit_error_set(err, SGIT_ECORRUPT, "malformed identity '%.*s': no <email>",
				      (int)(end - line > 200 ? 200 : end - line), line);
	for (name_end = lt; name_end > line && is_space(name_end[-1]); name_end--)
		;
	out->name = line;
	out->name_len = (size_t)(name_end - line);
	out->email = lt + 1;
	out->email_len = (size_t)(gt - lt - 1);
	for (last_gt = end - 1; *last_gt != '>'; last_gt--)
		;
	out->tz_sign = '+';
	parse_date(out, last_gt, end);
	return 0;
}
