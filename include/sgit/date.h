/* include/sgit/date.h: dates printed as git log prints them (--date=<mode>) */
#ifndef SGIT_DATE_H
#define SGIT_DATE_H

#include <stdint.h>
#include "buf.h"
#include "errors.h"

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

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

#pragma GCC visibility pop
#endif
