/* util/date_int.h: what the date reader and the date printer share */
#ifndef SGIT_UTIL_DATE_INT_H
#define SGIT_UTIL_DATE_INT_H

#include <stdint.h>
#include <time.h>

/* English names; printers use the first three letters. */
extern const char *const sgit_date__month_names[12];
extern const char *const sgit_date__weekday_names[7];

/*
 * Seconds since the epoch of a broken-down UTC time, computed the way git
 * does: years 1970-2099 only, month 0-11, a negative hour, minute or second
 * means "no time" (-1), and out-of-range days are not refused but counted on
 * (February 30 is March 2; a missing day, -1, lands two days early).
 */
int64_t sgit_date__tm_to_seconds(const struct tm *tm);

#endif
