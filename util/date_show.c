/* util/date_show.c: printing dates in git's --date= styles */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "util/date.h"
#include "util/date_int.h"

/* Longer names first where one is a prefix of another; the first match wins. */
static const struct {
	const char *name;
	enum sgit_date_style style;
} style_names[] = {
	{ "relative", SGIT_DATE_RELATIVE },
	{ "iso8601-strict", SGIT_DATE_ISO_STRICT },
	{ "iso-strict", SGIT_DATE_ISO_STRICT },
	{ "iso8601", SGIT_DATE_ISO },
	{ "iso", SGIT_DATE_ISO },
	{ "rfc2822", SGIT_DATE_RFC },
	{ "rfc", SGIT_DATE_RFC },
	{ "short", SGIT_DATE_SHORT },
	{ "default", SGIT_DATE_DEFAULT },
	{ "human", SGIT_DATE_HUMAN },
	{ "raw", SGIT_DATE_RAW },
	{ "unix", SGIT_DATE_UNIX },
	{ "format", SGIT_DATE_STRFTIME },
};

static const char *skip_prefix(const char *s, const char *prefix)
{
	size_t n = strlen(prefix);

	return strncmp(s, prefix, n) ? NULL : s + n;
}

int sgit_date_mode_parse(struct sgit_date_mode *out, const char *spec, int to_terminal,
			 struct sgit_error *err)
{
	const char *rest = NULL, *p;
	size_t i;

	out->style = SGIT_DATE_DEFAULT;
	out->local = 0;
	out->strftime_fmt = NULL;
	if ((p = skip_prefix(spec, "auto:")))
		spec = to_terminal ? p : "default";
	if (!strcmp(spec, "local"))		/* the old spelling */
		spec = "default-local";
	for (i = 0; i < sizeof(style_names) / sizeof(style_names[0]) && !rest; i++)
		if ((rest = skip_prefix(spec, style_names[i].name)))
			out->style = style_names[i].style;
	if (!rest)
		return sgit_error_set(err, SGIT_EINVALID, "unknown date format %s", spec);
	if ((p = skip_prefix(rest, "-local"))) {
		out->local = 1;
		rest = p;
	}
	if (out->style == SGIT_DATE_STRFTIME) {
		if (*rest != ':') {
			out->style = SGIT_DATE_DEFAULT;
			out->local = 0;
			return sgit_error_set(err, SGIT_EINVALID,
					      "date format missing colon separator: %s", spec);
		}
		out->strftime_fmt = rest + 1;
	} else if (*rest) {
		out->style = SGIT_DATE_DEFAULT;
		out->local = 0;
		return sgit_error_set(err, SGIT_EINVALID, "unknown date format %s", spec);
	}
	return 0;
}

/* The local zone at t in hhmm form, as the "-local" styles print it. */
static int local_hhmm(int64_t t)
{
	return sgit_date_tz_to_hhmm(sgit_date_local_offset(t));
}

/* The wall-clock time at t in zone tz_hhmm. NULL when it cannot be represented. */
static struct tm *zoned_tm(int64_t t, int tz_hhmm, struct tm *tm)
{
	time_t shifted = (time_t)(t + (int64_t)sgit_date_tz_to_minutes(tz_hhmm) * 60);

	return gmtime_r(&shifted, tm);
}

static int add_count(struct sgit_buf *out, uint64_t n, const char *unit, const char *tail)
{
	return sgit_buf_addf(out, "%" PRIu64 " %s%s%s", n, unit, n == 1 ? "" : "s", tail);
}

/* "N units ago", rounded to the nearest unit, units growing with the distance as git's do. */
static int add_relative(struct sgit_buf *out, int64_t time, int64_t now)
{
	uint64_t diff, months, years;
	int rc;

	if (now < time)
		return sgit_buf_adds(out, "in the future");
	diff = (uint64_t)(now - time);
	if (diff < 90)
		return add_count(out, diff, "second", " ago");
	if ((diff = (diff + 30) / 60) < 90)
		return add_count(out, diff, "minute", " ago");
	if ((diff = (diff + 30) / 60) < 36)
		return add_count(out, diff, "hour", " ago");
	if ((diff = (diff + 12) / 24) < 14)
		return add_count(out, diff, "day", " ago");
	if (diff < 70)
		return add_count(out, (diff + 3) / 7, "week", " ago");
	if (diff < 365)
		return add_count(out, (diff + 15) / 30, "month", " ago");
	if (diff >= 1825)
		return add_count(out, (diff + 183) / 365, "year", " ago");
	/* under five years: years and months, in months rounded to the nearest */
	months = (diff * 12 * 2 + 365) / (365 * 2);
	years = months / 12;
	months %= 12;
	if (!months)
		return add_count(out, years, "year", " ago");
	if ((rc = add_count(out, years, "year", ", ")) < 0)
		return rc;
	return add_count(out, months, "month", " ago");
}

/*
 * The default style; human_tm/human_tz describe "now" for the human style
 * (human_tm zeroed and human_tz -1 otherwise, which hides nothing, except a
 * zone written "-0001", as in git).
 */
static int add_normal(struct sgit_buf *out, int64_t time, const struct tm *tm, int tz,
		      const struct tm *human_tm, int human_tz, int local, int64_t now)
{
	int hide_tz = local || tz == human_tz, hide_year = tm->tm_year == human_tm->tm_year;
	int hide_date = 0, hide_wday = 0, hide_time = 0, hide_seconds = 0;
	int rc = 0;

	if (hide_year && tm->tm_mon == human_tm->tm_mon) {
		if (tm->tm_mday == human_tm->tm_mday)
			hide_date = hide_wday = 1;
		else if (tm->tm_mday < human_tm->tm_mday && tm->tm_mday + 5 > human_tm->tm_mday)
			hide_date = 1;		/* a few days ago: the weekday says enough */
	}
	if (hide_wday)				/* today */
		return add_relative(out, time, now);
	if (human_tm->tm_year) {
		/* human: no seconds; a zone only beside a time of day; a year replaces weekday and time */
		hide_seconds = 1;
		hide_tz |= !hide_date;
		hide_wday = hide_time = !hide_year;
	}
	if (!hide_wday)
		rc = sgit_buf_addf(out, "%.3s ", sgit_date__weekday_names[tm->tm_wday]);
	if (!rc && !hide_date)
		rc = sgit_buf_addf(out, "%.3s %d ", sgit_date__month_names[tm->tm_mon], tm->tm_mday);
	if (!rc && !hide_time) {
		rc = sgit_buf_addf(out, "%02d:%02d", tm->tm_hour, tm->tm_min);
		if (!rc && !hide_seconds)
			rc = sgit_buf_addf(out, ":%02d", tm->tm_sec);
	} else if (!rc) {
		sgit_buf_truncate(out, out->len - 1);	/* the space after the date */
	}
	if (!rc && !hide_year)
		rc = sgit_buf_addf(out, " %d", tm->tm_year + 1900);
	if (!rc && !hide_tz)
		rc = sgit_buf_addf(out, " %+05d", tz);
	return rc;
}

/*
 * format:<strftime>. strftime knows nothing of the zone we show, so %z, %Z
 * and %s are resolved here first; %Z is left out unless the time is local.
 */
static int add_strftime(struct sgit_buf *out, const char *fmt, const struct tm *tm, int tz,
			int local)
{
	struct sgit_buf munged = SGIT_BUF_INIT;
	size_t room = 128, n = 0;
	const char *p;
	int64_t epoch;
	int rc = 0;

	if (!*fmt)
		return 0;
	for (p = fmt; *p && !rc; p++) {
		if (*p != '%') {
			rc = sgit_buf_addch(&munged, *p);
		} else if (p[1] == '%') {
			rc = sgit_buf_adds(&munged, "%%");
			p++;
		} else if (p[1] == 's') {
			epoch = sgit_date__tm_to_seconds(tm) - 3600 * (tz / 100) - 60 * (tz % 100);
			rc = sgit_buf_addf(&munged, "%" PRIu64, (uint64_t)epoch);
			p++;
		} else if (p[1] == 'z') {
			rc = sgit_buf_addf(&munged, "%+05d", tz);
			p++;
		} else if (p[1] == 'Z' && !local) {
			p++;
		} else {
			rc = sgit_buf_addch(&munged, '%');
		}
	}
	/* a final space tells "empty result" from "buffer too small" */
	if (!rc)
		rc = sgit_buf_addch(&munged, ' ');
	while (!rc && !n && room < ((size_t)1 << 24)) {
		if (!(rc = sgit_buf_grow(out, room)))
			n = strftime(out->ptr + out->len, room, munged.ptr, tm);
		room *= 2;
	}
	if (!rc && n)
		sgit_buf_setlen(out, out->len + n - 1);
	sgit_buf_release(&munged);
	return rc;
}

static int add_styled(struct sgit_buf *out, int64_t time, const struct tm *tm, int tz,
		      const struct sgit_date_mode *mode, int64_t now)
{
	struct tm human_tm;
	int human_tz = -1, y = tm->tm_year + 1900, m = tm->tm_mon + 1, d = tm->tm_mday;
	int rc;

	switch (mode->style) {
	case SGIT_DATE_SHORT:
		return sgit_buf_addf(out, "%04d-%02d-%02d", y, m, d);
	case SGIT_DATE_ISO:
		return sgit_buf_addf(out, "%04d-%02d-%02d %02d:%02d:%02d %+05d", y, m, d,
				     tm->tm_hour, tm->tm_min, tm->tm_sec, tz);
	case SGIT_DATE_ISO_STRICT:
		rc = sgit_buf_addf(out, "%04d-%02d-%02dT%02d:%02d:%02d", y, m, d,
				   tm->tm_hour, tm->tm_min, tm->tm_sec);
		if (rc)
			return rc;
		/* git 2.39 writes +00:00 for UTC, not Z */
		return sgit_buf_addf(out, "%c%02d:%02d", tz < 0 ? '-' : '+', abs(tz) / 100, abs(tz) % 100);
	case SGIT_DATE_RFC:
		return sgit_buf_addf(out, "%.3s, %d %.3s %d %02d:%02d:%02d %+05d",
				     sgit_date__weekday_names[tm->tm_wday], d,
				     sgit_date__month_names[tm->tm_mon], y,
				     tm->tm_hour, tm->tm_min, tm->tm_sec, tz);
	case SGIT_DATE_STRFTIME:
		return add_strftime(out, mode->strftime_fmt ? mode->strftime_fmt : "", tm, tz,
				    mode->local);
	default:
		break;
	}
	memset(&human_tm, 0, sizeof(human_tm));
	if (mode->style == SGIT_DATE_HUMAN) {
		time_t t = (time_t)now;

		human_tz = local_hhmm(now);
		localtime_r(&t, &human_tm);
	}
	return add_normal(out, time, tm, tz, &human_tm, human_tz, mode->local, now);
}

int sgit_date_format(struct sgit_buf *out, int64_t time, int tz_hhmm,
		     const struct sgit_date_mode *mode, int64_t now)
{
	struct tm tm;
	time_t t = (time_t)time;
	int ok;

	sgit_buf_reset(out);
	if (mode->style == SGIT_DATE_UNIX)
		return sgit_buf_addf(out, "%" PRIu64, (uint64_t)time);
	if (mode->local)
		tz_hhmm = local_hhmm(time);
	if (mode->style == SGIT_DATE_RAW)
		return sgit_buf_addf(out, "%" PRIu64 " %+05d", (uint64_t)time, tz_hhmm);
	if (mode->style == SGIT_DATE_RELATIVE)
		return add_relative(out, time, now);
	ok = mode->local ? localtime_r(&t, &tm) != NULL : zoned_tm(time, tz_hhmm, &tm) != NULL;
	if (!ok) {
		/* beyond what the C library can show: the epoch, as git falls back to */
		zoned_tm(0, 0, &tm);
		tz_hhmm = 0;
	}
	return add_styled(out, time, &tm, tz_hhmm, mode, now);
}
