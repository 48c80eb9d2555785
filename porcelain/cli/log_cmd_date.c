/* porcelain/cli/log_cmd_date.c: the loose dates of --since and --until ("2 weeks ago", "April 10") */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "porcelain/cli/log_cmd_int.h"
#include "util/date.h"

/*
 * git reads --since with its approximate parser: what the strict one takes
 * is exact; otherwise the date starts as now (in the local zone) and each
 * word changes a part of it: a date leaves the time of day as it is, a
 * time of day sets the seconds to 0 unless given, "N units" goes back, a
 * word it does not know changes nothing. This is the part of it people use.
 */
struct approx {
	struct tm tm;
	int64_t back;		/* seconds to go back, after the fields */
};

static const char *const months[] = {
	"january", "february", "march", "april", "may", "june", "july", "august",
	"september", "october", "november", "december",
};

static const struct { const char *name; int64_t secs; int months; } units[] = {
	{ "second", 1, 0 }, { "minute", 60, 0 }, { "hour", 3600, 0 }, { "day", 86400, 0 },
	{ "week", 7 * 86400, 0 }, { "month", 0, 1 }, { "year", 0, 12 },
};

static int month_of(const char *w, size_t len)
{
	size_t i;

	for (i = 0; len >= 3 && i < 12; i++)
		if (len <= strlen(months[i]) && !strncasecmp(months[i], w, len))
			return (int)i;
	return -1;
}

static int unit_of(const char *w, size_t len)
{
	size_t i, n;

	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		n = strlen(units[i].name);
		if ((len == n || (len == n + 1 && (w[n] == 's' || w[n] == 'S'))) &&
		    !strncasecmp(units[i].name, w, n))
			return (int)i;
	}
	return -1;
}

/* A number no unit followed: the day of the month. */
static void flush_number(struct approx *a, long *pending)
{
	if (*pending >= 1 && *pending <= 31)
		a->tm.tm_mday = (int)*pending;
	*pending = -1;
}

/* A word: a month, "yesterday", "noon", "midnight", or a unit after a number. */
static void apply_word(struct approx *a, const char *w, size_t len, long *pending)
{
	int m = month_of(w, len), u = unit_of(w, len);

	if (u >= 0 && *pending >= 0) {
		if (units[u].months)
			a->tm.tm_mon -= (int)(*pending * units[u].months);
		else
			a->back += *pending * units[u].secs;
		*pending = -1;
		return;
	}
	flush_number(a, pending);
	if (m >= 0) {
		a->tm.tm_mon = m;
	} else if (len == 9 && !strncasecmp(w, "yesterday", 9)) {
		a->back += 86400;
	} else if ((len == 4 && !strncasecmp(w, "noon", 4)) ||
		   (len == 8 && !strncasecmp(w, "midnight", 8))) {
		/* the last one that has passed */
		if (w[0] == 'n' && a->tm.tm_hour < 12)
			a->back += 86400;
		a->tm.tm_hour = w[0] == 'n' ? 12 : 0;
		a->tm.tm_min = a->tm.tm_sec = 0;
	}
}

/* "2005-04-14", "2005/04/14", "2005.04.14"; "10:00[:30]"; a day or a year; "N" before a unit. */
static const char *apply_number(struct approx *a, const char *p, long *pending)
{
	char *end;
	long n = strtol(p, &end, 10), m, d, s = 0;

	flush_number(a, pending);
	if ((*end == '-' || *end == '/' || *end == '.') && n > 1900 && isdigit((unsigned char)end[1])) {
		m = strtol(end + 1, &end, 10);
		if ((*end == '-' || *end == '/' || *end == '.') && isdigit((unsigned char)end[1])) {
			d = strtol(end + 1, &end, 10);
			a->tm.tm_year = (int)n - 1900;
			a->tm.tm_mon = (int)m - 1;
			a->tm.tm_mday = (int)d;
		}
		return end;
	}
	if (*end == ':' && isdigit((unsigned char)end[1])) {
		m = strtol(end + 1, &end, 10);
		if (*end == ':' && isdigit((unsigned char)end[1]))
			s = strtol(end + 1, &end, 10);
		a->tm.tm_hour = (int)n;
		a->tm.tm_min = (int)m;
		a->tm.tm_sec = (int)s;
		return end;
	}
	flush_number(a, pending);
	if (n > 1900 && n < 2200)
		a->tm.tm_year = (int)n - 1900;
	else
		*pending = n;
	return end;
}

int log_cmd_approxidate(int64_t *out, const char *s, int64_t now, struct sgit_error *err)
{
	struct approx a;
	time_t t = (time_t)now;
	long pending = -1;
	const char *p = s;
	int tz;

	if (sgit_date_parse(out, &tz, s, now, err) == 0)
		return 0;
	sgit_error_clear(err);
	memset(&a, 0, sizeof(a));
	localtime_r(&t, &a.tm);
	while (*p) {
		if (isdigit((unsigned char)*p)) {
			p = apply_number(&a, p, &pending);
		} else if (isalpha((unsigned char)*p)) {
			const char *w = p;

			while (isalpha((unsigned char)*p))
				p++;
			apply_word(&a, w, (size_t)(p - w), &pending);
		} else {
			p++;
		}
	}
	flush_number(&a, &pending);
	a.tm.tm_isdst = -1;
	*out = (int64_t)mktime(&a.tm) - a.back;
	return 0;
}
