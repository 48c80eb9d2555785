/* util/date.h: dates as git reads them (author/committer dates) and prints them (--date=) */
#ifndef SGIT_UTIL_DATE_H
#define SGIT_UTIL_DATE_H

#include <stdint.h>
#include "sgit/buf.h"
#include "sgit/errors.h"

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

/* The --date= styles. */
enum sgit_date_style {
	SGIT_DATE_DEFAULT,	/* Thu Apr 7 15:13:13 2005 -0700 */
	SGIT_DATE_RELATIVE,	/* 2 hours ago */
	SGIT_DATE_SHORT,	/* 2005-04-07 */
	SGIT_DATE_ISO,		/* 2005-04-07 15:13:13 -0700 */
	SGIT_DATE_ISO_STRICT,	/* 2005-04-07T15:13:13-07:00 */
	SGIT_DATE_RFC,		/* Thu, 7 Apr 2005 15:13:13 -0700 */
	SGIT_DATE_RAW,		/* 1112911993 -0700 */
	SGIT_DATE_UNIX,		/* 1112911993 */
	SGIT_DATE_HUMAN,	/* default, leaving out what "now" makes obvious */
	SGIT_DATE_STRFTIME,	/* format:<strftime> */
};

struct sgit_date_mode {
	enum sgit_date_style style;
	int local;			/* "-local": shown in the local zone, zone left out */
	const char *strftime_fmt;	/* STRFTIME only; borrowed from the spec parsed */
};
#define SGIT_DATE_MODE_INIT { SGIT_DATE_DEFAULT, 0, NULL }

/*
 * Parse a --date= value ("iso", "short-local", "format:%Y", "auto:human"...).
 * to_terminal says what "auto:<mode>" picks: <mode> when output goes to a
 * terminal or pager, else default. strftime_fmt points into spec afterwards.
 * SGIT_EINVALID with git's messages ("unknown date format x").
 */
int sgit_date_mode_parse(struct sgit_date_mode *out, const char *spec, int to_terminal,
			 struct sgit_error *err);

/*
 * Replace out with time (zone tz_hhmm) shown in mode, as git prints it. now
 * is the clock for relative and human dates; nothing else reads it.
 */
int sgit_date_format(struct sgit_buf *out, int64_t time, int tz_hhmm,
		     const struct sgit_date_mode *mode, int64_t now);

#endif
