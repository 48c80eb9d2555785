/*
 * util/date.c: reading dates the way git's strict date parser reads them.
 *
 * The reader walks the string once. Each run of letters, of digits, or a
 * signed number may fill in a field (month, day, time, zone...); anything it
 * does not understand is skipped. The result is a date when year, month, day
 * and time are known in the end. The order of the guesses below is what
 * decides ambiguous inputs ("04/07/05", "07.04.2005"), so it follows git's
 * order exactly; so do its quirks, since commits must get the same dates.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "util/date.h"
#include "util/date_int.h"

const char *const sgit_date__month_names[12] = {
	"January", "February", "March", "April", "May", "June",
	"July", "August", "September", "October", "November", "December",
};

const char *const sgit_date__weekday_names[7] = {
	"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
};

/*
 * The zone names git understands and the offset it gives each. Summer-time
 * names count one hour more than their standard zone. Some values are not what
 * an atlas says (AST is -3), but they are what git writes into commits.
 * Order matters: the first name that matches wins ("MES" is MEST).
 */
static const struct {
	const char *name;
	int hours;
} zone_names[] = {
	{ "IDLW", -12 }, { "NT", -11 }, { "CAT", -10 }, { "HST", -10 }, { "HDT", -9 },
	{ "YST", -9 }, { "YDT", -8 }, { "PST", -8 }, { "PDT", -7 }, { "MST", -7 },
	{ "MDT", -6 }, { "CST", -6 }, { "CDT", -5 }, { "EST", -5 }, { "EDT", -4 },
	{ "AST", -3 }, { "ADT", -2 }, { "WAT", -1 },
	{ "GMT", 0 }, { "UTC", 0 }, { "Z", 0 }, { "WET", 0 },
	{ "BST", 1 }, { "CET", 1 }, { "MET", 1 }, { "MEWT", 1 }, { "MEST", 2 },
	{ "CEST", 2 }, { "MESZ", 2 }, { "FWT", 1 }, { "FST", 2 }, { "EET", 2 },
	{ "EEST", 3 }, { "WAST", 7 }, { "WADT", 8 }, { "CCT", 8 }, { "JST", 9 },
	{ "EAST", 10 }, { "EADT", 11 }, { "GST", 10 }, { "NZT", 12 }, { "NZST", 12 },
	{ "NZDT", 13 }, { "IDLE", 12 },
};

/* What has been read so far. */
struct when {
	struct tm tm;		/* fields not yet known are -1 */
	/*
	 * Minutes east of UTC; -1 while unknown. A written "-0001" therefore
	 * reads as "no zone given", as it does for git.
	 */
	int offset;
	int utc;		/* tm came from seconds since the epoch: no zone to subtract */
	int64_t now;
};

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static int is_alpha(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static char upper(char c)
{
	return c >= 'a' && c <= 'z' ? (char)(c - 'a' + 'A') : c;
}

int sgit_date_tz_to_hhmm(int minutes)
{
	int a = minutes < 0 ? -minutes : minutes;

	a = a / 60 * 100 + a % 60;
	return minutes < 0 ? -a : a;
}

int sgit_date_tz_to_minutes(int hhmm)
{
	int a = hhmm < 0 ? -hhmm : hhmm;

	a = a / 100 * 60 + a % 100;
	return hhmm < 0 ? -a : a;
}

int64_t sgit_date__tm_to_seconds(const struct tm *tm)
{
	static const int month_start[12] = { 0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334 };
	int64_t year = (int64_t)tm->tm_year - 70, days;

	/* every fourth year is a leap year from 1970 to 2099, and git reads no other years */
	if (year < 0 || year > 129 || tm->tm_mon < 0 || tm->tm_mon > 11)
		return -1;
	if (tm->tm_hour < 0 || tm->tm_min < 0 || tm->tm_sec < 0)
		return -1;
	days = year * 365 + (year + 1) / 4 + month_start[tm->tm_mon] + tm->tm_mday - 1;
	if ((year + 2) % 4 == 0 && tm->tm_mon >= 2)
		days++;
	return days * 86400 + tm->tm_hour * 3600 + tm->tm_min * 60 + tm->tm_sec;
}

int sgit_date_local_offset(int64_t t)
{
	time_t tt = (time_t)t;
	struct tm tm;
	int64_t local;

	if (!localtime_r(&tt, &tm))
		return 0;
	local = sgit_date__tm_to_seconds(&tm);
	if (local == -1)
		return 0;
	return (int)((local - t) / 60);
}

int sgit_date_raw_add(struct sgit_buf *out, int64_t time, int tz_minutes)
{
	int a = tz_minutes < 0 ? -tz_minutes : tz_minutes;

	return sgit_buf_addf(out, "%" PRIu64 " %c%02d%02d", (uint64_t)time,
			     tz_minutes < 0 ? '-' : '+', a / 60, a % 60);
}

/*
 * How many leading characters of s spell the start of name, in any case,
 * up to the first character of s that is neither a letter nor a digit. 0 when
 * a letter or digit differs: "Aprx" is no month, "Apr." is.
 */
static size_t word_prefix(const char *s, const char *name)
{
	size_t i;

	for (i = 0; s[i]; i++) {
		if (upper(s[i]) == upper(name[i]))
			continue;
		if (is_alpha(s[i]) || is_digit(s[i]))
			return 0;
		break;
	}
	return i;
}

static int has_no_date(const struct when *w)
{
	const struct tm *t = &w->tm;

	return t->tm_year < 0 && t->tm_mon < 0 && t->tm_mday < 0 && t->tm_hour < 0 &&
	       t->tm_min < 0 && t->tm_sec < 0;
}

/* Month names, weekdays, zone names, AM/PM, ISO 8601's 'T'; other words are skipped. */
static size_t read_word(const char *s, struct when *w)
{
	size_t i, n;

	for (i = 0; i < 12; i++)
		if ((n = word_prefix(s, sgit_date__month_names[i])) >= 3) {
			w->tm.tm_mon = (int)i;
			return n;
		}
	for (i = 0; i < 7; i++)
		if ((n = word_prefix(s, sgit_date__weekday_names[i])) >= 3) {
			w->tm.tm_wday = (int)i;
			return n;
		}
	for (i = 0; i < sizeof(zone_names) / sizeof(zone_names[0]); i++) {
		n = word_prefix(s, zone_names[i].name);
		if (n >= 3 || (n && n == strlen(zone_names[i].name))) {
			/* a numeric zone, when there is one, is more precise */
			if (w->offset == -1)
				w->offset = zone_names[i].hours * 60;
			return n;
		}
	}
	/* git's arithmetic, kept: "PM" before any hour leaves the hour at 11 */
	if (word_prefix(s, "PM") == 2) {
		w->tm.tm_hour = w->tm.tm_hour % 12 + 12;
		return 2;
	}
	if (word_prefix(s, "AM") == 2) {
		w->tm.tm_hour = w->tm.tm_hour % 12;
		return 2;
	}
	/* "20050407T221313" */
	if (s[0] == 'T' && is_digit(s[1]) && w->tm.tm_hour == -1) {
		w->tm.tm_min = w->tm.tm_sec = 0;
		return 1;
	}
	for (n = 1; is_alpha(s[n]); n++)
		;
	return n;
}

/* Hour, minute and second, a leap second and "24:00" allowed. */
static int store_time(struct when *w, long hour, long min, long sec)
{
	if (hour < 0 || hour > 24 || min < 0 || min > 59 || sec < 0 || sec > 60)
		return -1;
	w->tm.tm_hour = (int)hour;
	w->tm.tm_min = (int)min;
	w->tm.tm_sec = (int)sec;
	return 0;
}

static int year_field(int year)
{
	if (year >= 1970 && year < 2100)
		return year - 1900;
	if (year > 70 && year < 100)
		return year;
	if (year < 38)
		return year + 100;
	return -1;
}

/*
 * Store a day, month and year (-1: none written). Without now_tm the fields
 * are written as they are checked, so a failed reading leaves month and day
 * behind, as in git; a later guess usually overwrites them. With now_tm the
 * reading is only taken when it is at most ten days after now, and a missing
 * year is now's year.
 */
static int store_date(struct when *w, int year, int month, int day, const struct tm *now_tm)
{
	struct tm check = w->tm;
	struct tm *r = now_tm ? &check : &w->tm;
	int64_t when;
	int y = year_field(year);

	if (month < 1 || month > 12 || day < 1 || day > 31)
		return -1;
	r->tm_mon = month - 1;
	r->tm_mday = day;
	if (year == -1) {
		if (!now_tm)
			return 1;
		r->tm_year = now_tm->tm_year;
	} else if (y < 0) {
		return -1;
	} else {
		r->tm_year = y;
	}
	if (!now_tm)
		return 0;
	when = sgit_date__tm_to_seconds(r);
	if (when != -1 && w->now + 10 * 24 * 3600 < when)
		return -1;
	w->tm.tm_mon = r->tm_mon;
	w->tm.tm_mday = r->tm_mday;
	if (year != -1)
		w->tm.tm_year = r->tm_year;
	return 0;
}

/* "a-b-c", "a/b/c", "a.b.c" (or with two numbers): which of them is the year, month, day. */
static int read_day_group(struct when *w, unsigned long num, char sep, long num2, long num3)
{
	time_t now = (time_t)w->now;
	struct tm now_tm;
	const struct tm *future_check = gmtime_r(&now, &now_tm);

	if (num > 70) {
		if (!store_date(w, (int)num, (int)num2, (int)num3, NULL))	/* yyyy-mm-dd */
			return 0;
		if (!store_date(w, (int)num, (int)num3, (int)num2, NULL))	/* yyyy-dd-mm */
			return 0;
	}
	/* mm/dd/yy first, except with dots: dd.mm.yy is the norm where dots are used */
	if (sep != '.' && !store_date(w, (int)num3, (int)num, (int)num2, future_check))
		return 0;
	if (!store_date(w, (int)num3, (int)num2, (int)num, future_check))
		return 0;
	if (sep == '.' && !store_date(w, (int)num3, (int)num, (int)num2, future_check))
		return 0;
	return -1;
}

/* num followed by sep and more digits: a time "hh:mm[:ss[.frac]]" or a date. 0: neither. */
static size_t read_number_group(struct when *w, const char *s, unsigned long num, const char *sep)
{
	char *p;
	long num2 = strtol(sep + 1, &p, 10), num3 = -1;

	if (*p == *sep && is_digit(p[1]))
		num3 = strtol(p + 1, &p, 10);
	if (*sep == ':') {
		if (store_time(w, (long)num, num2, num3 < 0 ? 0 : num3) < 0)
			return 0;
		if (*p == '.' && is_digit(p[1]))
			strtol(p + 1, &p, 10);		/* fractional seconds are dropped */
	} else if (read_day_group(w, num, *sep, num2, num3) < 0) {
		return 0;
	}
	return (size_t)(p - s);
}

/* A run of digits: seconds since the epoch, a time, a date, a year, a zone, a day... */
static size_t read_number(const char *s, struct when *w)
{
	char *end;
	unsigned long num = strtoul(s, &end, 10);
	size_t n = (size_t)(end - s), used;

	/* nine digits or more: seconds since the epoch (8 digits may be yyyymmdd) */
	if (num >= 100000000 && has_no_date(w)) {
		time_t t = (time_t)num;

		if (gmtime_r(&t, &w->tm)) {
			w->utc = 1;
			return n;
		}
	}
	if ((*end == ':' || *end == '.' || *end == '/' || *end == '-') && is_digit(end[1]) &&
	    (used = read_number_group(w, s, num, end)))
		return used;
	if (n == 8) {			/* yyyymmdd */
		store_date(w, (int)(num / 10000), (int)(num / 100 % 100), (int)(num % 100), NULL);
		return n;
	}
	if (n == 6) {			/* hhmmss[.frac] */
		if (!store_time(w, (long)(num / 10000), (long)(num / 100 % 100), (long)(num % 100)) &&
		    *end == '.' && is_digit(end[1]))
			strtoul(end + 1, &end, 10);
		return (size_t)(end - s);
	}
	if (n == 4) {			/* a year, or a zone without its sign ("0700" is east) */
		if (num <= 1400 && w->offset == -1)
			w->offset = (int)(num / 100 * 60 + num % 100);
		else if (num > 1900 && num < 2100)
			w->tm.tm_year = (int)num - 1900;
		return n;
	}
	if (n > 2)
		return n;
	/* the day of the month comes first: "5 May 1998" */
	if (num > 0 && num < 32 && w->tm.tm_mday < 0) {
		w->tm.tm_mday = (int)num;
		return n;
	}
	if (n == 2 && w->tm.tm_year < 0) {
		if (num < 10 && w->tm.tm_mday >= 0) {
			w->tm.tm_year = (int)num + 100;
			return n;
		}
		if (num >= 70) {
			w->tm.tm_year = (int)num;
			return n;
		}
	}
	if (num > 0 && num < 13 && w->tm.tm_mon < 0)
		w->tm.tm_mon = (int)num - 1;
	return n;
}

/* "+hhmm", "-hh", "+hh:mm"; anything else is skipped without setting the zone. */
static size_t read_zone(const char *s, struct when *w)
{
	char *end;
	int hour = (int)strtoul(s + 1, &end, 10), min = 0;
	size_t n = (size_t)(end - (s + 1));

	if (n == 4) {
		min = hour % 100;
		hour /= 100;
	} else if (n != 2) {
		min = 99;
	} else if (*end == ':') {
		min = (int)strtoul(end + 1, &end, 10);
		if (end - (s + 1) != 5)
			min = 99;
	}
	/* offsets beyond a day are noise, not zones */
	if (min < 60 && hour < 24)
		w->offset = (*s == '-' ? -1 : 1) * (hour * 60 + min);
	return (size_t)(end - s);
}

/* "@<seconds> <+hhmm>", exactly as stored in objects. -1: not that form. */
static int read_raw(const char *s, int64_t *time_out, int *tz_out)
{
	char *end;
	const char *z;
	uintmax_t stamp;
	long zone;

	if (!is_digit(*s))
		return -1;
	stamp = strtoumax(s, &end, 10);
	if (*end != ' ' || stamp > INT64_MAX || (end[1] != '+' && end[1] != '-'))
		return -1;
	z = end + 2;
	zone = strtol(z, &end, 10);
	if ((*end && *end != '\n') || end != z + 4)
		return -1;
	zone = zone / 100 * 60 + zone % 100;
	*time_out = (int64_t)stamp;
	*tz_out = (int)(z[-1] == '-' ? -zone : zone);
	return 0;
}

/* The fields read so far as a time and zone; -1 when the date is incomplete. */
static int finish(const struct when *w, int64_t *time_out, int *tz_out)
{
	int64_t t = sgit_date__tm_to_seconds(&w->tm);
	int offset = w->offset;

	if (t == -1)
		return -1;
	if (offset == -1) {
		/* no zone written: the local zone's offset at that wall-clock time */
		struct tm local = w->tm;
		time_t lt;

		local.tm_isdst = -1;
		lt = mktime(&local);
		offset = (int)((t - (int64_t)lt) / 60);
	}
	if (!w->utc)
		t -= (int64_t)offset * 60;
	*time_out = t;
	*tz_out = offset;
	return 0;
}

int sgit_date_parse(int64_t *time_out, int *tz_minutes_out, const char *s, int64_t now,
		    struct sgit_error *err)
{
	struct when w;
	const char *p;
	size_t used;

	*time_out = 0;
	*tz_minutes_out = 0;
	if (*s == '@' && !read_raw(s + 1, time_out, tz_minutes_out))
		return 0;
	memset(&w, 0, sizeof(w));
	w.tm.tm_year = w.tm.tm_mon = w.tm.tm_mday = -1;
	w.tm.tm_hour = w.tm.tm_min = w.tm.tm_sec = -1;
	w.tm.tm_isdst = -1;
	w.offset = -1;
	w.now = now;
	for (p = s; *p && *p != '\n'; p += used) {
		used = 0;
		if (is_alpha(*p))
			used = read_word(p, &w);
		else if (is_digit(*p))
			used = read_number(p, &w);
		else if ((*p == '-' || *p == '+') && is_digit(p[1]))
			used = read_zone(p, &w);
		if (!used)
			used = 1;
	}
	if (finish(&w, time_out, tz_minutes_out) < 0) {
		*time_out = 0;
		*tz_minutes_out = 0;
		return sgit_error_set(err, SGIT_EINVALID, "invalid date format: %s", s);
	}
	return 0;
}
