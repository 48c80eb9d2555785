/* util/date.h: dates as git reads them (author/committer dates); the printing half is in sgit/date.h */
#ifndef SGIT_UTIL_DATE_H
#define SGIT_UTIL_DATE_H

#include <stdint.h>
#include "sgit/buf.h"
#include "sgit/errors.h"
#include "sgit/date.h"	/* the --date= modes, public for struct sgit_pretty_options */

/*
 * Two spellings of a zone offset are in use, as in git: minutes east of UTC
 * (what a parser finds: "-0700" is -420) and the "hhmm" number written in
 * objects ("-0700" is -700). Printing takes hhmm so that odd zones stored in
 * old objects ("+9999") come back out exactly as they were written.
 */
int sgit_date_tz_to_hhmm(int minutes);
int sgit_date_tz_to_minutes(int hhmm);

/*
 * Parse a date as git's strict parser does for GIT_AUTHOR_DATE,
 * GIT_COMMITTER_DATE and friends: "1112911993 -0700", "@1112911993 -0700",
 * ISO 8601, RFC 2822, git's default format, and the loose mixtures git
 * accepts. When no zone is written the process's local zone (TZ) decides.
 * now is the clock, used only to refuse "mm/dd/yy" readings more than ten
 * days in the future. Like git, a result before 1970 is not refused: it wraps
 * when printed as git's unsigned timestamp (see sgit_date_raw_add).
 * SGIT_EINVALID "invalid date format: <s>" when there is no date in s.
 */
int sgit_date_parse(int64_t *time_out, int *tz_minutes_out, const char *s, int64_t now,
		    struct sgit_error *err);

/* Append "<time> <+hhmm>" as it goes in an identity line, time printed unsigned as git does. */
int sgit_date_raw_add(struct sgit_buf *out, int64_t time, int tz_minutes);

/* The local zone's offset from UTC at time t, in minutes east (0 outside 1970-2099, as git). */
int sgit_date_local_offset(int64_t t);

#endif
