/* util/unquote.c: undo the C-style quoting git puts around path names */
#include <string.h>
#include "sgit/errors.h"
#include "util/quote.h"

static int octal(char c)
{
	return c >= '0' && c <= '7';
}

int sgit_unquote_c_style(struct sgit_buf *out, const char *s, size_t len, size_t *consumed)
{
	static const char esc_in[] = "abfnrtv\\\"", esc_out[] = "\a\b\f\n\r\t\v\\\"";
	struct sgit_buf tmp = SGIT_BUF_INIT;
	size_t i;
	int rc = SGIT_EINVALID;

	if (!len || s[0] != '"')
		goto out;
	for (i = 1; i < len && s[i] != '"'; i++) {
		const char *e;
		char c = s[i];

		if (c == '\\') {
			if (++i == len)
				goto out;
			if (s[i] && (e = strchr(esc_in, s[i])) != NULL) {
				c = esc_out[e - esc_in];
			} else if (len - i >= 3 && s[i] >= '0' && s[i] <= '3' && octal(s[i + 1]) &&
				   octal(s[i + 2])) {
				c = (char)(((s[i] - '0') << 6) | ((s[i + 1] - '0') << 3) | (s[i + 2] - '0'));
				i += 2;
			} else {
				goto out;
			}
		}
		if (sgit_buf_addch(&tmp, c) < 0) {
			rc = SGIT_ENOMEM;
			goto out;
		}
	}
	if (i == len)
		goto out;
	if (consumed)
		*consumed = i + 1;
	sgit_buf_swap(out, &tmp);
	rc = 0;
out:
	sgit_buf_release(&tmp);
	return rc;
}
