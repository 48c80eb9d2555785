/* fuzz/fuzz_date.c: date strings (GIT_*_DATE forms), --date= modes, and printing the result */
#include <stdlib.h>
#include <string.h>
#include "sgit/sgit.h"
#include "util/date.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_date_mode mode = SGIT_DATE_MODE_INIT;
	struct sgit_buf out = SGIT_BUF_INIT;
	const int64_t now = 1112912053;
	int64_t t = 0;
	int tz = 0, style;
	char *s = fuzz_strdup(data, size);

	if (sgit_date_parse(&t, &tz, s, now, &err) == 0) {
		sgit_date_raw_add(&out, t, tz);
		for (style = SGIT_DATE_DEFAULT; style < SGIT_DATE_STRFTIME; style++) {
			mode.style = (enum sgit_date_style)style;
			sgit_date_format(&out, t, sgit_date_tz_to_hhmm(tz), &mode, now);
		}
	}
	/* The same bytes as a --date= value, shown on a fixed date (and on the parsed one). */
	if (sgit_date_mode_parse(&mode, s, size & 1, &err) == 0) {
		sgit_date_format(&out, now, -700, &mode, now);
		sgit_date_format(&out, t, sgit_date_tz_to_hhmm(tz), &mode, now);
	}
	sgit_buf_release(&out);
	free(s);
	return 0;
}
