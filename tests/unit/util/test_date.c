/* tests/unit/util/test_date.c: reading and printing dates, checked against git 2.39's own output */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "unit.h"
#include "util/date.h"

/* A fixed clock: 2005-04-08 22:39:53 UTC, one day after most dates below. */
#define NOW 1112999993

static void set_tz(const char *tz)
{
	setenv("TZ", tz, 1);
	tzset();
}

/*
 * Each row: the zone the process runs in, the input, and what
 * `GIT_COMMITTER_DATE=<input> git var GIT_COMMITTER_IDENT` printed after the
 * email (or its error). Rows outside UTC are those whose result depends on the
 * local zone. Inputs that name no year against the clock are left out.
 */
static const struct {
	const char *tz;
	const char *input;
	const char *want;
} parse_cases[] = {
/* UTC */
	{ "UTC", "1112911993 -0700", "1112911993 -0700" },
	{ "UTC", "@1112911993 -0700", "1112911993 -0700" },
	{ "UTC", "@1112911993", "1112911993 +0000" },
	{ "UTC", "@1112911993 +0000", "1112911993 +0000" },
	{ "UTC", "@0 +0000", "0 +0000" },
	{ "UTC", "@1 +9999", "1 +10039" },
	{ "UTC", "@1 +-700", "1 -0700" },
	{ "UTC", "@99999999999999999999 +0000", "fatal: invalid date format: @99999999999999999999 +0000" },
	{ "UTC", "@5000000000 +0000", "5000000000 +0000" },
	{ "UTC", "@1112911993 -07:00", "1112911993 -0700" },
	{ "UTC", "@ 1112911993 +0000", "1112911993 +0000" },
	{ "UTC", "1112911993", "1112911993 +0000" },
	{ "UTC", "1112911993 +0000 extra", "1112911993 +0000" },
	{ "UTC", "5000000000 +0000", "fatal: invalid date format: 5000000000 +0000" },
	{ "UTC", "5000000000 2005-04-07 +0000", "1112864000 +0000" },
	{ "UTC", "0 +0000", "fatal: invalid date format: 0 +0000" },
	{ "UTC", "2005-04-07T22:13:13", "1112911993 +0000" },
	{ "UTC", "2005-04-07T22:13:13Z", "1112911993 +0000" },
	{ "UTC", "2005-04-07T22:13:13.123+02:00", "1112904793 +0200" },
	{ "UTC", "2005-04-07T22:13:13.123456789-0530", "1112931793 -0530" },
	{ "UTC", "2005-04-07 22:13:13 +0200", "1112904793 +0200" },
	{ "UTC", "2005-04-07 22:13:13 -0700", "1112937193 -0700" },
	{ "UTC", "2005-04-07 22:13", "1112911980 +0000" },
	{ "UTC", "2005-04-07", "fatal: invalid date format: 2005-04-07" },
	{ "UTC", "2005-04-07 10:11:12 T5 +0000", "1112868672 +0000" },
	{ "UTC", "2005-04-07 22:13:13 -0001", "1112911993 +0000" },
	{ "UTC", "2005-04-07 22:13:13 +1400", "1112861593 +1400" },
	{ "UTC", "2005-04-07 22:13:13 +2400", "1112911993 +0000" },
	{ "UTC", "2005-04-07 22:13:13 +0060", "1112911993 +0000" },
	{ "UTC", "2005-04-07 22:13:13 0700", "1112886793 +0700" },
	{ "UTC", "2005-04-07 22:13:13 1500", "1112911993 +0000" },
	{ "UTC", "2005-04-07 22:13 +02: 3", "1112904600 +0203" },
	{ "UTC", "2005-04-07 22:13 +02:-5", "1112905080 +0155" },
	{ "UTC", "2005-04-07 22:13 +02:30", "1112902980 +0230" },
	{ "UTC", "2005-04-07 22:13 +2", "1112911980 +0000" },
	{ "UTC", "2005-04-07 22:13 +123", "1112911980 +0000" },
	{ "UTC", "2005-04-07 22:13:13 +0200 (CEST)", "1112904793 +0200" },
	{ "UTC", "2005-04-07 10pm +0000", "fatal: invalid date format: 2005-04-07 10pm +0000" },
	{ "UTC", "2005-04-07 10:00 PM +0000", "1112911200 +0000" },
	{ "UTC", "2005-04-07 12:30 am +0000", "1112833800 +0000" },
	{ "UTC", "Apr 7 2005 12:00 AM +0000", "1112832000 +0000" },
	{ "UTC", "PM 2005-04-07 +0000", "fatal: invalid date format: PM 2005-04-07 +0000" },
	{ "UTC", "20050407T221313", "1112911993 +0000" },
	{ "UTC", "20050407T221313Z", "1112911993 +0000" },
	{ "UTC", "20050407 221313.5 +0100", "1112908393 +0100" },
	{ "UTC", "20050407T22", "fatal: invalid date format: 20050407T22" },
	{ "UTC", "2099-12-31 23:59:59 +0000", "4102444799 +0000" },
	{ "UTC", "2100-01-01 00:00:00 +0000", "fatal: invalid date format: 2100-01-01 00:00:00 +0000" },
	{ "UTC", "1969-12-31 23:59:59 +0000", "fatal: invalid date format: 1969-12-31 23:59:59 +0000" },
	{ "UTC", "1970-01-01 00:00:00 +0000", "0 +0000" },
	{ "UTC", "1970-01-01 00:00:00 +0100", "18446744073709548016 +0100" },
	{ "UTC", "Thu, 07 Apr 2005 22:13:13 +0200", "1112904793 +0200" },
	{ "UTC", "Thu, 7 Apr 2005 22:13:13 GMT", "1112911993 +0000" },
	{ "UTC", "Thu, 7 Apr 2005 22:13:13 UT", "1112911993 +0000" },
	{ "UTC", "Thu Apr 7 22:13:13 2005 +0200", "1112904793 +0200" },
	{ "UTC", "Thu Apr 7 22:13:13 2005 -0700", "1112937193 -0700" },
	{ "UTC", "Thu Apr 7 22:13:13 2005", "1112911993 +0000" },
	{ "UTC", "Thursday, April 7th, 2005 10:13:13pm +0000", "1112911993 +0000" },
	{ "UTC", "Thu Apr 7 22:13:13 2005 AST", "1112922793 -0300" },
	{ "UTC", "Thu Apr 7 22:13:13 2005 PDT", "1112937193 -0700" },
	{ "UTC", "Thu Apr 7 22:13:13 2005 CEST", "1112904793 +0200" },
	{ "UTC", "Thu Apr 7 22:13:13 2005 MES", "1112904793 +0200" },
	{ "UTC", "Thu Apr 7 22:13:13 2005 PDT -0100", "1112915593 -0100" },
	{ "UTC", "Thu Apr 7 22:13:13 2005 -0100 PDT", "1112915593 -0100" },
	{ "UTC", "Apr 2005 10:00:00 +0000", "1112176800 +0000" },
	{ "UTC", "7 Apr 2005", "fatal: invalid date format: 7 Apr 2005" },
	{ "UTC", "7 Apr 2005 10:00", "1112868000 +0000" },
	{ "UTC", "7 April 05 10:00 +0000", "1112868000 +0000" },
	{ "UTC", "April 7, 05 10:00 +0000", "1112868000 +0000" },
	{ "UTC", "Aprx 7 2005 10:00 +0000", "fatal: invalid date format: Aprx 7 2005 10:00 +0000" },
	{ "UTC", "garbage", "fatal: invalid date format: garbage" },
	{ "UTC", "12/31/2004 10:00 +0000", "1104487200 +0000" },
	{ "UTC", "31/12/2004 10:00 +0000", "1104487200 +0000" },
	{ "UTC", "31.12.2004 10:00 +0000", "1104487200 +0000" },
	{ "UTC", "12.11.2004 10:00 +0000", "1100253600 +0000" },
	{ "UTC", "04/07/05 10:00 +0000", "1112868000 +0000" },
	{ "UTC", "05-04-07 10:00 +0000", "1178272800 +0000" },
	{ "UTC", "2005.04.07 10:00 +0000", "1112868000 +0000" },
	{ "UTC", "07.04.2005 10:00 +0000", "1112868000 +0000" },
	{ "UTC", "2005/04/07 10:00 +0000", "1112868000 +0000" },
	{ "UTC", "2005-07-04 10:00 +0000", "1120471200 +0000" },
	{ "UTC", "2005-31-04 10:00 +0000", "1114941600 +0000" },
	{ "UTC", "3000-04-07 10:00 +0000", "fatal: invalid date format: 3000-04-07 10:00 +0000" },
	{ "UTC", "10:00 2005-04-07", "1112868000 +0000" },
	{ "UTC", "10:00:00.5 2005-04-07 +0000", "1112868000 +0000" },
	{ "UTC", "2005-04-07 24:00:00 +0000", "1112918400 +0000" },
	{ "UTC", "2005-04-07 23:59:60 +0000", "1112918400 +0000" },
	{ "UTC", "2005-04-07 23:60:00 +0000", "fatal: invalid date format: 2005-04-07 23:60:00 +0000" },
	{ "UTC", "2005-02-30 10:00 +0000", "1109757600 +0000" },
	{ "UTC", "2004-02-29 10:00 +0000", "1078048800 +0000" },
	{ "UTC", "2000-03-01 00:00:00 +0000", "951868800 +0000" },
	{ "UTC", "1972-03-01 00:00:00 +0000", "68256000 +0000" },
	{ "UTC", "2005-04-07 22:13:13 +0200", "1112904793 +0200" },
	{ "UTC", "2005-01-07 22:13:13", "1105135993 +0000" },
	{ "UTC", "2005-07-07 22:13:13", "1120774393 +0000" },
	{ "UTC", "2005-04-03 02:30:00", "1112495400 +0000" },
	{ "UTC", "12/31 10:00 +0000", "fatal: invalid date format: 12/31 10:00 +0000" },
	{ "UTC", "1/2 10:00 +0000", "fatal: invalid date format: 1/2 10:00 +0000" },
	{ "UTC", "2005-04-07 22:13:13 +0530", "1112892193 +0530" },
	{ "UTC", " 2005-04-07 22:13:13 +0530", "1112892193 +0530" },
	{ "UTC", "2005-04-07 22:13:13", "1112911993 +0000" },
	{ "UTC", "2005-04-07 10:11:12 2006", "1144404672 +0000" },
	{ "UTC", "99 Apr 7 10:00", "923479200 +0000" },
	{ "UTC", "Apr 7 99 10:00 +0000", "923479200 +0000" },
	{ "UTC", "Apr 7 69 10:00 +0000", "fatal: invalid date format: Apr 7 69 10:00 +0000" },
	{ "UTC", "Apr 7 05 10:00 +0000", "1112868000 +0000" },
	{ "UTC", "Apr 7 5 10:00 +0000", "fatal: invalid date format: Apr 7 5 10:00 +0000" },
	{ "UTC", "Apr 1 12 10:00 +0000", "fatal: invalid date format: Apr 1 12 10:00 +0000" },
	{ "UTC", "12 Apr 10:00 2005 +0000", "1113300000 +0000" },
	{ "UTC", "10:00 +0000", "fatal: invalid date format: 10:00 +0000" },
	{ "UTC", "221313 2005-04-07", "1112911993 +0000" },
	{ "America/Los_Angeles", "@1112911993", "1112911993 -0700" },
	{ "America/Los_Angeles", "1112911993", "1112911993 -0700" },
	{ "America/Los_Angeles", "2005-04-07T22:13:13", "1112937193 -0700" },
	{ "America/Los_Angeles", "2005-04-07 22:13", "1112937180 -0700" },
	{ "America/Los_Angeles", "2005-04-07 22:13:13 -0001", "1112937193 -0700" },
	{ "America/Los_Angeles", "2005-04-07 22:13:13 +2400", "1112937193 -0700" },
	{ "America/Los_Angeles", "2005-04-07 22:13:13 +0060", "1112937193 -0700" },
	{ "America/Los_Angeles", "2005-04-07 22:13:13 1500", "1112937193 -0700" },
	{ "America/Los_Angeles", "2005-04-07 22:13 +2", "1112937180 -0700" },
	{ "America/Los_Angeles", "2005-04-07 22:13 +123", "1112937180 -0700" },
	{ "America/Los_Angeles", "20050407T221313", "1112937193 -0700" },
	{ "America/Los_Angeles", "Thu, 7 Apr 2005 22:13:13 UT", "1112937193 -0700" },
	{ "America/Los_Angeles", "Thu Apr 7 22:13:13 2005", "1112937193 -0700" },
	{ "America/Los_Angeles", "7 Apr 2005 10:00", "1112893200 -0700" },
	{ "America/Los_Angeles", "10:00 2005-04-07", "1112893200 -0700" },
	{ "America/Los_Angeles", "2005-01-07 22:13:13", "1105164793 -0800" },
	{ "America/Los_Angeles", "2005-07-07 22:13:13", "1120799593 -0700" },
	{ "America/Los_Angeles", "2005-04-07 22:13:13", "1112937193 -0700" },
	{ "America/Los_Angeles", "2005-04-07 10:11:12 2006", "1144429872 -0700" },
	{ "America/Los_Angeles", "99 Apr 7 10:00", "923504400 -0700" },
	{ "America/Los_Angeles", "221313 2005-04-07", "1112937193 -0700" },
	{ "Asia/Kolkata", "@1112911993", "1112911993 +0530" },
	{ "Asia/Kolkata", "1112911993", "1112911993 +0530" },
	{ "Asia/Kolkata", "2005-04-07T22:13:13", "1112892193 +0530" },
	{ "Asia/Kolkata", "2005-04-07 22:13", "1112892180 +0530" },
	{ "Asia/Kolkata", "2005-04-07 22:13:13 -0001", "1112892193 +0530" },
	{ "Asia/Kolkata", "2005-04-07 22:13:13 +2400", "1112892193 +0530" },
	{ "Asia/Kolkata", "2005-04-07 22:13:13 +0060", "1112892193 +0530" },
	{ "Asia/Kolkata", "2005-04-07 22:13:13 1500", "1112892193 +0530" },
	{ "Asia/Kolkata", "2005-04-07 22:13 +2", "1112892180 +0530" },
	{ "Asia/Kolkata", "2005-04-07 22:13 +123", "1112892180 +0530" },
	{ "Asia/Kolkata", "20050407T221313", "1112892193 +0530" },
	{ "Asia/Kolkata", "Thu, 7 Apr 2005 22:13:13 UT", "1112892193 +0530" },
	{ "Asia/Kolkata", "Thu Apr 7 22:13:13 2005", "1112892193 +0530" },
	{ "Asia/Kolkata", "7 Apr 2005 10:00", "1112848200 +0530" },
	{ "Asia/Kolkata", "10:00 2005-04-07", "1112848200 +0530" },
	{ "Asia/Kolkata", "2005-01-07 22:13:13", "1105116193 +0530" },
	{ "Asia/Kolkata", "2005-07-07 22:13:13", "1120754593 +0530" },
	{ "Asia/Kolkata", "2005-04-03 02:30:00", "1112475600 +0530" },
	{ "Asia/Kolkata", "2005-04-07 22:13:13", "1112892193 +0530" },
	{ "Asia/Kolkata", "2005-04-07 10:11:12 2006", "1144384872 +0530" },
	{ "Asia/Kolkata", "99 Apr 7 10:00", "923459400 +0530" },
	{ "Asia/Kolkata", "221313 2005-04-07", "1112892193 +0530" },
	{ "Europe/Berlin", "@1112911993", "1112911993 +0200" },
	{ "Europe/Berlin", "1112911993", "1112911993 +0200" },
	{ "Europe/Berlin", "2005-04-07T22:13:13", "1112904793 +0200" },
	{ "Europe/Berlin", "2005-04-07 22:13", "1112904780 +0200" },
	{ "Europe/Berlin", "2005-04-07 22:13:13 -0001", "1112904793 +0200" },
	{ "Europe/Berlin", "2005-04-07 22:13:13 +2400", "1112904793 +0200" },
	{ "Europe/Berlin", "2005-04-07 22:13:13 +0060", "1112904793 +0200" },
	{ "Europe/Berlin", "2005-04-07 22:13:13 1500", "1112904793 +0200" },
	{ "Europe/Berlin", "2005-04-07 22:13 +2", "1112904780 +0200" },
	{ "Europe/Berlin", "2005-04-07 22:13 +123", "1112904780 +0200" },
	{ "Europe/Berlin", "20050407T221313", "1112904793 +0200" },
	{ "Europe/Berlin", "Thu, 7 Apr 2005 22:13:13 UT", "1112904793 +0200" },
	{ "Europe/Berlin", "Thu Apr 7 22:13:13 2005", "1112904793 +0200" },
	{ "Europe/Berlin", "7 Apr 2005 10:00", "1112860800 +0200" },
	{ "Europe/Berlin", "10:00 2005-04-07", "1112860800 +0200" },
	{ "Europe/Berlin", "2005-01-07 22:13:13", "1105132393 +0100" },
	{ "Europe/Berlin", "2005-07-07 22:13:13", "1120767193 +0200" },
	{ "Europe/Berlin", "2005-04-03 02:30:00", "1112488200 +0200" },
	{ "Europe/Berlin", "2005-04-07 22:13:13", "1112904793 +0200" },
	{ "Europe/Berlin", "2005-04-07 10:11:12 2006", "1144397472 +0200" },
	{ "Europe/Berlin", "99 Apr 7 10:00", "923472000 +0200" },
	{ "Europe/Berlin", "221313 2005-04-07", "1112904793 +0200" },
	{ "Australia/Lord_Howe", "@1112911993", "1112911993 +1030" },
	{ "Australia/Lord_Howe", "1112911993", "1112911993 +1030" },
	{ "Australia/Lord_Howe", "2005-04-07T22:13:13", "1112874193 +1030" },
	{ "Australia/Lord_Howe", "2005-04-07 22:13", "1112874180 +1030" },
	{ "Australia/Lord_Howe", "2005-04-07 22:13:13 -0001", "1112874193 +1030" },
	{ "Australia/Lord_Howe", "2005-04-07 22:13:13 +2400", "1112874193 +1030" },
	{ "Australia/Lord_Howe", "2005-04-07 22:13:13 +0060", "1112874193 +1030" },
	{ "Australia/Lord_Howe", "2005-04-07 22:13:13 1500", "1112874193 +1030" },
	{ "Australia/Lord_Howe", "2005-04-07 22:13 +2", "1112874180 +1030" },
	{ "Australia/Lord_Howe", "2005-04-07 22:13 +123", "1112874180 +1030" },
	{ "Australia/Lord_Howe", "20050407T221313", "1112874193 +1030" },
	{ "Australia/Lord_Howe", "Thu, 7 Apr 2005 22:13:13 UT", "1112874193 +1030" },
	{ "Australia/Lord_Howe", "Thu Apr 7 22:13:13 2005", "1112874193 +1030" },
	{ "Australia/Lord_Howe", "7 Apr 2005 10:00", "1112830200 +1030" },
	{ "Australia/Lord_Howe", "10:00 2005-04-07", "1112830200 +1030" },
	{ "Australia/Lord_Howe", "2005-01-07 22:13:13", "1105096393 +1100" },
	{ "Australia/Lord_Howe", "2005-07-07 22:13:13", "1120736593 +1030" },
	{ "Australia/Lord_Howe", "2005-04-03 02:30:00", "1112457600 +1030" },
	{ "Australia/Lord_Howe", "2005-04-07 22:13:13", "1112874193 +1030" },
	{ "Australia/Lord_Howe", "2005-04-07 10:11:12 2006", "1144366872 +1030" },
	{ "Australia/Lord_Howe", "99 Apr 7 10:00", "923441400 +1030" },
	{ "Australia/Lord_Howe", "221313 2005-04-07", "1112874193 +1030" },
};

static void test_inputs_parse_as_git_parses_them(void)
{
	struct sgit_buf got = SGIT_BUF_INIT;
	size_t i, bad = 0;

	for (i = 0; i < sizeof(parse_cases) / sizeof(parse_cases[0]); i++) {
		struct sgit_error err = SGIT_ERROR_INIT;
		int64_t t;
		int tz, rc;

		set_tz(parse_cases[i].tz);
		sgit_buf_reset(&got);
		rc = sgit_date_parse(&t, &tz, parse_cases[i].input, 2000000000, &err);
		if (rc < 0)
			sgit_buf_printf(&got, "fatal: %s", err.msg);
		else
			sgit_date_raw_add(&got, t, tz);
		if (strcmp(got.ptr, parse_cases[i].want)) {
			printf("  TZ=%s '%s': got '%s', want '%s'\n", parse_cases[i].tz,
			       parse_cases[i].input, got.ptr, parse_cases[i].want);
			bad++;
		}
		if (rc < 0 && (rc != SGIT_EINVALID || t != 0 || tz != 0))
			bad++;
	}
	CU_ASSERT_EQUAL(bad, 0);
	sgit_buf_release(&got);
	set_tz("UTC");
}

static void test_month_day_readings_are_refused_ten_days_ahead_of_now(void)
{
	int64_t t = -1;
	int tz = -1;

	set_tz("UTC");
	/* 2030-12-31 10:00 UTC is 1924941600; with the time first, the date is checked against now */
	CU_ASSERT_EQUAL(sgit_date_parse(&t, &tz, "10:00 12/31/2030 +0000", 1924100000, NULL), 0);
	CU_ASSERT_EQUAL(t, 1924941600);
	CU_ASSERT_EQUAL(sgit_date_parse(&t, &tz, "10:00 12/31/2030 +0000", 1924000000, NULL),
			SGIT_EINVALID);
	CU_ASSERT_EQUAL(t, 0);
	/* a year first is never checked against now */
	CU_ASSERT_EQUAL(sgit_date_parse(&t, &tz, "10:00 2030-12-31 +0000", 0, NULL), 0);
	CU_ASSERT_EQUAL(t, 1924941600);
}

static void test_a_newline_ends_the_date(void)
{
	int64_t t;
	int tz;

	CU_ASSERT_EQUAL(sgit_date_parse(&t, &tz, "@1112911993 -0700\ngarbage", 0, NULL), 0);
	CU_ASSERT_EQUAL(t, 1112911993);
	CU_ASSERT_EQUAL(tz, -420);
	CU_ASSERT_EQUAL(sgit_date_parse(&t, &tz, "2005-04-07 22:13:13 +0200\n1999", 0, NULL), 0);
	CU_ASSERT_EQUAL(t, 1112904793);
}

static void test_invalid_dates_name_the_input(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	int64_t t;
	int tz;

	CU_ASSERT_EQUAL(sgit_date_parse(&t, &tz, "", 0, &err), SGIT_EINVALID);
	CU_ASSERT_STRING_EQUAL(err.msg, "invalid date format: ");
	CU_ASSERT_EQUAL(sgit_date_parse(&t, &tz, "tomorrow", 0, &err), SGIT_EINVALID);
	CU_ASSERT_STRING_EQUAL(err.msg, "invalid date format: tomorrow");
}

static void test_zone_spellings_convert_both_ways(void)
{
	static const int pairs[][2] = {
		{ 0, 0 }, { -420, -700 }, { 330, 530 }, { -690, -1130 }, { 1439, 2359 }, { -1, -1 },
	};
	size_t i;

	for (i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
		CU_ASSERT_EQUAL(sgit_date_tz_to_hhmm(pairs[i][0]), pairs[i][1]);
		CU_ASSERT_EQUAL(sgit_date_tz_to_minutes(pairs[i][1]), pairs[i][0]);
	}
}

static void test_the_local_offset_follows_summer_time(void)
{
	set_tz("America/Los_Angeles");
	CU_ASSERT_EQUAL(sgit_date_local_offset(1105164793), -480);	/* January */
	CU_ASSERT_EQUAL(sgit_date_local_offset(1120799593), -420);	/* July */
	set_tz("Asia/Kolkata");
	CU_ASSERT_EQUAL(sgit_date_local_offset(1112911993), 330);
	set_tz("UTC");
	CU_ASSERT_EQUAL(sgit_date_local_offset(1112911993), 0);
}

/*
 * Each row: zone of the process, time, zone of the date (hhmm), --date= mode,
 * and what `GIT_TEST_DATE_NOW=NOW git log -1 --date=<mode> --format=%ad` printed.
 */
static const struct {
	const char *tz;
	int64_t time;
	int tz_hhmm;
	const char *mode;
	const char *want;
} format_cases[] = {
	{ "UTC", 1112911993, -700, "default", "Thu Apr 7 15:13:13 2005 -0700" },
	{ "America/New_York", 1112911993, -700, "default", "Thu Apr 7 15:13:13 2005 -0700" },
	{ "Asia/Kolkata", 1112911993, -700, "default", "Thu Apr 7 15:13:13 2005 -0700" },
	{ "UTC", 1112911993, -700, "rfc", "Thu, 7 Apr 2005 15:13:13 -0700" },
	{ "America/New_York", 1112911993, -700, "rfc", "Thu, 7 Apr 2005 15:13:13 -0700" },
	{ "Asia/Kolkata", 1112911993, -700, "rfc", "Thu, 7 Apr 2005 15:13:13 -0700" },
	{ "UTC", 1112911993, -700, "iso", "2005-04-07 15:13:13 -0700" },
	{ "America/New_York", 1112911993, -700, "iso", "2005-04-07 15:13:13 -0700" },
	{ "Asia/Kolkata", 1112911993, -700, "iso", "2005-04-07 15:13:13 -0700" },
	{ "UTC", 1112911993, -700, "iso-strict", "2005-04-07T15:13:13-07:00" },
	{ "America/New_York", 1112911993, -700, "iso-strict", "2005-04-07T15:13:13-07:00" },
	{ "Asia/Kolkata", 1112911993, -700, "iso-strict", "2005-04-07T15:13:13-07:00" },
	{ "UTC", 1112911993, -700, "short", "2005-04-07" },
	{ "America/New_York", 1112911993, -700, "short", "2005-04-07" },
	{ "Asia/Kolkata", 1112911993, -700, "short", "2005-04-07" },
	{ "UTC", 1112911993, -700, "raw", "1112911993 -0700" },
	{ "America/New_York", 1112911993, -700, "raw", "1112911993 -0700" },
	{ "Asia/Kolkata", 1112911993, -700, "raw", "1112911993 -0700" },
	{ "UTC", 1112911993, -700, "unix", "1112911993" },
	{ "America/New_York", 1112911993, -700, "unix", "1112911993" },
	{ "Asia/Kolkata", 1112911993, -700, "unix", "1112911993" },
	{ "UTC", 1112911993, -700, "local", "Thu Apr 7 22:13:13 2005" },
	{ "America/New_York", 1112911993, -700, "local", "Thu Apr 7 18:13:13 2005" },
	{ "Asia/Kolkata", 1112911993, -700, "local", "Fri Apr 8 03:43:13 2005" },
	{ "UTC", 1112911993, -700, "relative", "24 hours ago" },
	{ "America/New_York", 1112911993, -700, "relative", "24 hours ago" },
	{ "Asia/Kolkata", 1112911993, -700, "relative", "24 hours ago" },
	{ "UTC", 1112911993, -700, "human", "Thu 15:13 -0700" },
	{ "America/New_York", 1112911993, -700, "human", "Thu 15:13 -0700" },
	{ "Asia/Kolkata", 1112911993, -700, "human", "Thu 15:13 -0700" },
	{ "UTC", 1112911993, -700, "format:%Y-%m-%d|%H:%M:%S|%z|%Z|%s|%a|%%|%j", "2005-04-07|15:13:13|-0700||1112911993|Thu|%|097" },
	{ "America/New_York", 1112911993, -700, "format:%Y-%m-%d|%H:%M:%S|%z|%Z|%s|%a|%%|%j", "2005-04-07|15:13:13|-0700||1112911993|Thu|%|097" },
	{ "Asia/Kolkata", 1112911993, -700, "format:%Y-%m-%d|%H:%M:%S|%z|%Z|%s|%a|%%|%j", "2005-04-07|15:13:13|-0700||1112911993|Thu|%|097" },
	{ "UTC", 1112911993, -700, "format-local:%Y-%m-%d|%H:%M|%z|%Z|%s", "2005-04-07|22:13|+0000|UTC|1112911993" },
	{ "America/New_York", 1112911993, -700, "format-local:%Y-%m-%d|%H:%M|%z|%Z|%s", "2005-04-07|18:13|-0400|EDT|1112911993" },
	{ "Asia/Kolkata", 1112911993, -700, "format-local:%Y-%m-%d|%H:%M|%z|%Z|%s", "2005-04-08|03:43|+0530|IST|1112911993" },
	{ "UTC", 1112911993, -700, "iso-local", "2005-04-07 22:13:13 +0000" },
	{ "America/New_York", 1112911993, -700, "iso-local", "2005-04-07 18:13:13 -0400" },
	{ "Asia/Kolkata", 1112911993, -700, "iso-local", "2005-04-08 03:43:13 +0530" },
	{ "UTC", 1112911993, -700, "raw-local", "1112911993 +0000" },
	{ "America/New_York", 1112911993, -700, "raw-local", "1112911993 -0400" },
	{ "Asia/Kolkata", 1112911993, -700, "raw-local", "1112911993 +0530" },
	{ "UTC", 1112911993, -700, "short-local", "2005-04-07" },
	{ "America/New_York", 1112911993, -700, "short-local", "2005-04-07" },
	{ "Asia/Kolkata", 1112911993, -700, "short-local", "2005-04-08" },
	{ "UTC", 1112911993, -700, "rfc-local", "Thu, 7 Apr 2005 22:13:13 +0000" },
	{ "America/New_York", 1112911993, -700, "rfc-local", "Thu, 7 Apr 2005 18:13:13 -0400" },
	{ "Asia/Kolkata", 1112911993, -700, "rfc-local", "Fri, 8 Apr 2005 03:43:13 +0530" },
	{ "UTC", 1112911993, -700, "iso-strict-local", "2005-04-07T22:13:13+00:00" },
	{ "America/New_York", 1112911993, -700, "iso-strict-local", "2005-04-07T18:13:13-04:00" },
	{ "Asia/Kolkata", 1112911993, -700, "iso-strict-local", "2005-04-08T03:43:13+05:30" },
	{ "UTC", 1112911993, -700, "unix-local", "1112911993" },
	{ "America/New_York", 1112911993, -700, "unix-local", "1112911993" },
	{ "Asia/Kolkata", 1112911993, -700, "unix-local", "1112911993" },
	{ "UTC", 1112911993, -700, "relative-local", "24 hours ago" },
	{ "America/New_York", 1112911993, -700, "relative-local", "24 hours ago" },
	{ "Asia/Kolkata", 1112911993, -700, "relative-local", "24 hours ago" },
	{ "UTC", 1112911993, -700, "human-local", "Thu 22:13" },
	{ "America/New_York", 1112911993, -700, "human-local", "Thu 18:13" },
	{ "Asia/Kolkata", 1112911993, -700, "human-local", "Fri 03:43" },
	{ "UTC", 1112911993, -700, "format:", "" },
	{ "America/New_York", 1112911993, -700, "format:", "" },
	{ "Asia/Kolkata", 1112911993, -700, "format:", "" },
	{ "UTC", 1112911993, -700, "default-local", "Thu Apr 7 22:13:13 2005" },
	{ "America/New_York", 1112911993, -700, "default-local", "Thu Apr 7 18:13:13 2005" },
	{ "Asia/Kolkata", 1112911993, -700, "default-local", "Fri Apr 8 03:43:13 2005" },
	{ "UTC", 1112911993, 0, "default", "Thu Apr 7 22:13:13 2005 +0000" },
	{ "UTC", 1112911993, 0, "iso-strict", "2005-04-07T22:13:13+00:00" },
	{ "UTC", 1112911993, 0, "raw", "1112911993 +0000" },
	{ "UTC", 1112911993, 0, "relative", "24 hours ago" },
	{ "UTC", 1112911993, 0, "human", "Thu 22:13" },
	{ "America/New_York", 1112911993, 0, "human", "Thu 22:13 +0000" },
	{ "UTC", 1112911993, 0, "default", "Thu Apr 7 22:13:13 2005 +0000" },
	{ "UTC", 1112911993, 0, "iso-strict", "2005-04-07T22:13:13+00:00" },
	{ "UTC", 1112911993, 0, "raw", "1112911993 +0000" },
	{ "UTC", 1112911993, 0, "relative", "24 hours ago" },
	{ "UTC", 1112911993, 0, "human", "Thu 22:13" },
	{ "America/New_York", 1112911993, 0, "human", "Thu 22:13 +0000" },
	{ "UTC", 1112911993, 530, "default", "Fri Apr 8 03:43:13 2005 +0530" },
	{ "UTC", 1112911993, 530, "iso-strict", "2005-04-08T03:43:13+05:30" },
	{ "UTC", 1112911993, 530, "raw", "1112911993 +0530" },
	{ "UTC", 1112911993, 530, "relative", "24 hours ago" },
	{ "UTC", 1112911993, 530, "human", "24 hours ago" },
	{ "America/New_York", 1112911993, 530, "human", "24 hours ago" },
	{ "UTC", 1112911993, -1, "default", "Thu Apr 7 22:12:13 2005" },
	{ "UTC", 1112911993, -1, "iso-strict", "2005-04-07T22:12:13-00:01" },
	{ "UTC", 1112911993, -1, "raw", "1112911993 -0001" },
	{ "UTC", 1112911993, -1, "relative", "24 hours ago" },
	{ "UTC", 1112911993, -1, "human", "Thu 22:12 -0001" },
	{ "America/New_York", 1112911993, -1, "human", "Thu 22:12 -0001" },
	{ "UTC", 1112911993, 1400, "default", "Fri Apr 8 12:13:13 2005 +1400" },
	{ "UTC", 1112911993, 1400, "iso-strict", "2005-04-08T12:13:13+14:00" },
	{ "UTC", 1112911993, 1400, "raw", "1112911993 +1400" },
	{ "UTC", 1112911993, 1400, "relative", "24 hours ago" },
	{ "UTC", 1112911993, 1400, "human", "24 hours ago" },
	{ "America/New_York", 1112911993, 1400, "human", "24 hours ago" },
	{ "UTC", 1112999990, -700, "default", "Fri Apr 8 15:39:50 2005 -0700" },
	{ "UTC", 1112999990, -700, "iso-strict", "2005-04-08T15:39:50-07:00" },
	{ "UTC", 1112999990, -700, "raw", "1112999990 -0700" },
	{ "UTC", 1112999990, -700, "relative", "3 seconds ago" },
	{ "UTC", 1112999990, -700, "human", "3 seconds ago" },
	{ "America/New_York", 1112999990, -700, "human", "3 seconds ago" },
	{ "UTC", 1112999000, 0, "default", "Fri Apr 8 22:23:20 2005 +0000" },
	{ "UTC", 1112999000, 0, "iso-strict", "2005-04-08T22:23:20+00:00" },
	{ "UTC", 1112999000, 0, "raw", "1112999000 +0000" },
	{ "UTC", 1112999000, 0, "relative", "17 minutes ago" },
	{ "UTC", 1112999000, 0, "human", "17 minutes ago" },
	{ "America/New_York", 1112999000, 0, "human", "17 minutes ago" },
	{ "UTC", 1112990000, 200, "default", "Fri Apr 8 21:53:20 2005 +0200" },
	{ "UTC", 1112990000, 200, "iso-strict", "2005-04-08T21:53:20+02:00" },
	{ "UTC", 1112990000, 200, "raw", "1112990000 +0200" },
	{ "UTC", 1112990000, 200, "relative", "3 hours ago" },
	{ "UTC", 1112990000, 200, "human", "3 hours ago" },
	{ "America/New_York", 1112990000, 200, "human", "3 hours ago" },
	{ "UTC", 1112900000, 200, "default", "Thu Apr 7 20:53:20 2005 +0200" },
	{ "UTC", 1112900000, 200, "iso-strict", "2005-04-07T20:53:20+02:00" },
	{ "UTC", 1112900000, 200, "raw", "1112900000 +0200" },
	{ "UTC", 1112900000, 200, "relative", "28 hours ago" },
	{ "UTC", 1112900000, 200, "human", "Thu 20:53 +0200" },
	{ "America/New_York", 1112900000, 200, "human", "Thu 20:53 +0200" },
	{ "UTC", 1112500000, 0, "default", "Sun Apr 3 03:46:40 2005 +0000" },
	{ "UTC", 1112500000, 0, "iso-strict", "2005-04-03T03:46:40+00:00" },
	{ "UTC", 1112500000, 0, "raw", "1112500000 +0000" },
	{ "UTC", 1112500000, 0, "relative", "6 days ago" },
	{ "UTC", 1112500000, 0, "human", "Sun Apr 3 03:46" },
	{ "America/New_York", 1112500000, 0, "human", "Sun Apr 3 03:46" },
	{ "UTC", 1110000000, 0, "default", "Sat Mar 5 05:20:00 2005 +0000" },
	{ "UTC", 1110000000, 0, "iso-strict", "2005-03-05T05:20:00+00:00" },
	{ "UTC", 1110000000, 0, "raw", "1110000000 +0000" },
	{ "UTC", 1110000000, 0, "relative", "5 weeks ago" },
	{ "UTC", 1110000000, 0, "human", "Sat Mar 5 05:20" },
	{ "America/New_York", 1110000000, 0, "human", "Sat Mar 5 05:20" },
	{ "UTC", 1100000000, -800, "default", "Tue Nov 9 03:33:20 2004 -0800" },
	{ "UTC", 1100000000, -800, "iso-strict", "2004-11-09T03:33:20-08:00" },
	{ "UTC", 1100000000, -800, "raw", "1100000000 -0800" },
	{ "UTC", 1100000000, -800, "relative", "5 months ago" },
	{ "UTC", 1100000000, -800, "human", "Nov 9 2004" },
	{ "America/New_York", 1100000000, -800, "human", "Nov 9 2004" },
	{ "UTC", 1090000000, 0, "default", "Fri Jul 16 17:46:40 2004 +0000" },
	{ "UTC", 1090000000, 0, "iso-strict", "2004-07-16T17:46:40+00:00" },
	{ "UTC", 1090000000, 0, "raw", "1090000000 +0000" },
	{ "UTC", 1090000000, 0, "relative", "9 months ago" },
	{ "UTC", 1090000000, 0, "human", "Jul 16 2004" },
	{ "America/New_York", 1090000000, 0, "human", "Jul 16 2004" },
	{ "UTC", 1050000000, 0, "default", "Thu Apr 10 18:40:00 2003 +0000" },
	{ "UTC", 1050000000, 0, "iso-strict", "2003-04-10T18:40:00+00:00" },
	{ "UTC", 1050000000, 0, "raw", "1050000000 +0000" },
	{ "UTC", 1050000000, 0, "relative", "2 years ago" },
	{ "UTC", 1050000000, 0, "human", "Apr 10 2003" },
	{ "America/New_York", 1050000000, 0, "human", "Apr 10 2003" },
	{ "UTC", 1000000000, 0, "default", "Sun Sep 9 01:46:40 2001 +0000" },
	{ "UTC", 1000000000, 0, "iso-strict", "2001-09-09T01:46:40+00:00" },
	{ "UTC", 1000000000, 0, "raw", "1000000000 +0000" },
	{ "UTC", 1000000000, 0, "relative", "3 years, 7 months ago" },
	{ "UTC", 1000000000, 0, "human", "Sep 9 2001" },
	{ "America/New_York", 1000000000, 0, "human", "Sep 9 2001" },
	{ "UTC", 980000000, 0, "default", "Sat Jan 20 14:13:20 2001 +0000" },
	{ "UTC", 980000000, 0, "iso-strict", "2001-01-20T14:13:20+00:00" },
	{ "UTC", 980000000, 0, "raw", "980000000 +0000" },
	{ "UTC", 980000000, 0, "relative", "4 years, 3 months ago" },
	{ "UTC", 980000000, 0, "human", "Jan 20 2001" },
	{ "America/New_York", 980000000, 0, "human", "Jan 20 2001" },
	{ "UTC", 950000000, 0, "default", "Tue Feb 8 08:53:20 2000 +0000" },
	{ "UTC", 950000000, 0, "iso-strict", "2000-02-08T08:53:20+00:00" },
	{ "UTC", 950000000, 0, "raw", "950000000 +0000" },
	{ "UTC", 950000000, 0, "relative", "5 years ago" },
	{ "UTC", 950000000, 0, "human", "Feb 8 2000" },
	{ "America/New_York", 950000000, 0, "human", "Feb 8 2000" },
	{ "UTC", 800000000, 0, "default", "Tue May 9 06:13:20 1995 +0000" },
	{ "UTC", 800000000, 0, "iso-strict", "1995-05-09T06:13:20+00:00" },
	{ "UTC", 800000000, 0, "raw", "800000000 +0000" },
	{ "UTC", 800000000, 0, "relative", "10 years ago" },
	{ "UTC", 800000000, 0, "human", "May 9 1995" },
	{ "America/New_York", 800000000, 0, "human", "May 9 1995" },
	{ "UTC", 1113999993, 0, "default", "Wed Apr 20 12:26:33 2005 +0000" },
	{ "UTC", 1113999993, 0, "iso-strict", "2005-04-20T12:26:33+00:00" },
	{ "UTC", 1113999993, 0, "raw", "1113999993 +0000" },
	{ "UTC", 1113999993, 0, "relative", "in the future" },
	{ "UTC", 1113999993, 0, "human", "Wed Apr 20 12:26" },
	{ "America/New_York", 1113999993, 0, "human", "Wed Apr 20 12:26" },
	{ "UTC", 1112995993, -700, "default", "Fri Apr 8 14:33:13 2005 -0700" },
	{ "UTC", 1112995993, -700, "iso-strict", "2005-04-08T14:33:13-07:00" },
	{ "UTC", 1112995993, -700, "raw", "1112995993 -0700" },
	{ "UTC", 1112995993, -700, "relative", "67 minutes ago" },
	{ "UTC", 1112995993, -700, "human", "67 minutes ago" },
	{ "America/New_York", 1112995993, -700, "human", "67 minutes ago" },
	{ "UTC", 1112999993, -700, "default", "Fri Apr 8 15:39:53 2005 -0700" },
	{ "UTC", 1112999993, -700, "iso-strict", "2005-04-08T15:39:53-07:00" },
	{ "UTC", 1112999993, -700, "raw", "1112999993 -0700" },
	{ "UTC", 1112999993, -700, "relative", "0 seconds ago" },
	{ "UTC", 1112999993, -700, "human", "0 seconds ago" },
	{ "America/New_York", 1112999993, -700, "human", "0 seconds ago" },
	{ "UTC", 0, 0, "default", "Thu Jan 1 00:00:00 1970 +0000" },
	{ "UTC", 0, 0, "iso-strict", "1970-01-01T00:00:00+00:00" },
	{ "UTC", 0, 0, "raw", "0 +0000" },
	{ "UTC", 0, 0, "relative", "35 years ago" },
	{ "UTC", 0, 0, "human", "Jan 1 1970" },
	{ "America/New_York", 0, 0, "human", "Jan 1 1970" },
	{ "UTC", 4102444799, 0, "default", "Thu Dec 31 23:59:59 2099 +0000" },
	{ "UTC", 4102444799, 0, "iso-strict", "2099-12-31T23:59:59+00:00" },
	{ "UTC", 4102444799, 0, "raw", "4102444799 +0000" },
	{ "UTC", 4102444799, 0, "relative", "in the future" },
	{ "UTC", 4102444799, 0, "human", "Dec 31 2099" },
	{ "America/New_York", 4102444799, 0, "human", "Dec 31 2099" },
	{ "UTC", 4102444800, 0, "default", "Fri Jan 1 00:00:00 2100 +0000" },
	{ "UTC", 4102444800, 0, "iso-strict", "2100-01-01T00:00:00+00:00" },
	{ "UTC", 4102444800, 0, "raw", "4102444800 +0000" },
	{ "UTC", 4102444800, 0, "relative", "in the future" },
	{ "UTC", 4102444800, 0, "human", "Jan 1 2100" },
	{ "America/New_York", 4102444800, 0, "human", "Jan 1 2100" },
	{ "UTC", 9999999999, -1200, "default", "Sat Nov 20 05:46:39 2286 -1200" },
	{ "UTC", 9999999999, -1200, "iso-strict", "2286-11-20T05:46:39-12:00" },
	{ "UTC", 9999999999, -1200, "raw", "9999999999 -1200" },
	{ "UTC", 9999999999, -1200, "relative", "in the future" },
	{ "UTC", 9999999999, -1200, "human", "Nov 20 2286" },
	{ "America/New_York", 9999999999, -1200, "human", "Nov 20 2286" },
	{ "UTC", 1112911993, 2359, "default", "Fri Apr 8 22:12:13 2005 +2359" },
	{ "UTC", 1112911993, 2359, "iso-strict", "2005-04-08T22:12:13+23:59" },
	{ "UTC", 1112911993, 2359, "raw", "1112911993 +2359" },
	{ "UTC", 1112911993, 2359, "relative", "24 hours ago" },
	{ "UTC", 1112911993, 2359, "human", "24 hours ago" },
	{ "America/New_York", 1112911993, 2359, "human", "24 hours ago" },
	{ "UTC", 1112911993, -1130, "default", "Thu Apr 7 10:43:13 2005 -1130" },
	{ "UTC", 1112911993, -1130, "iso-strict", "2005-04-07T10:43:13-11:30" },
	{ "UTC", 1112911993, -1130, "raw", "1112911993 -1130" },
	{ "UTC", 1112911993, -1130, "relative", "24 hours ago" },
	{ "UTC", 1112911993, -1130, "human", "Thu 10:43 -1130" },
	{ "America/New_York", 1112911993, -1130, "human", "Thu 10:43 -1130" },
	{ "UTC", 1112999903, 0, "default", "Fri Apr 8 22:38:23 2005 +0000" },
	{ "UTC", 1112999903, 0, "iso-strict", "2005-04-08T22:38:23+00:00" },
	{ "UTC", 1112999903, 0, "raw", "1112999903 +0000" },
	{ "UTC", 1112999903, 0, "relative", "2 minutes ago" },
	{ "UTC", 1112999903, 0, "human", "2 minutes ago" },
	{ "America/New_York", 1112999903, 0, "human", "2 minutes ago" },
	{ "UTC", 1112994593, 0, "default", "Fri Apr 8 21:09:53 2005 +0000" },
	{ "UTC", 1112994593, 0, "iso-strict", "2005-04-08T21:09:53+00:00" },
	{ "UTC", 1112994593, 0, "raw", "1112994593 +0000" },
	{ "UTC", 1112994593, 0, "relative", "2 hours ago" },
	{ "UTC", 1112994593, 0, "human", "2 hours ago" },
	{ "America/New_York", 1112994593, 0, "human", "2 hours ago" },
	{ "UTC", 1112864393, 0, "default", "Thu Apr 7 08:59:53 2005 +0000" },
	{ "UTC", 1112864393, 0, "iso-strict", "2005-04-07T08:59:53+00:00" },
	{ "UTC", 1112864393, 0, "raw", "1112864393 +0000" },
	{ "UTC", 1112864393, 0, "relative", "2 days ago" },
	{ "UTC", 1112864393, 0, "human", "Thu 08:59" },
	{ "America/New_York", 1112864393, 0, "human", "Thu 08:59 +0000" },
	{ "UTC", 1111800000, 0, "default", "Sat Mar 26 01:20:00 2005 +0000" },
	{ "UTC", 1111800000, 0, "iso-strict", "2005-03-26T01:20:00+00:00" },
	{ "UTC", 1111800000, 0, "raw", "1111800000 +0000" },
	{ "UTC", 1111800000, 0, "relative", "2 weeks ago" },
	{ "UTC", 1111800000, 0, "human", "Sat Mar 26 01:20" },
	{ "America/New_York", 1111800000, 0, "human", "Sat Mar 26 01:20" },
	{ "UTC", 1107000000, 0, "default", "Sat Jan 29 12:00:00 2005 +0000" },
	{ "UTC", 1107000000, 0, "iso-strict", "2005-01-29T12:00:00+00:00" },
	{ "UTC", 1107000000, 0, "raw", "1107000000 +0000" },
	{ "UTC", 1107000000, 0, "relative", "10 weeks ago" },
	{ "UTC", 1107000000, 0, "human", "Sat Jan 29 12:00" },
	{ "America/New_York", 1107000000, 0, "human", "Sat Jan 29 12:00" },
};

static void test_dates_print_as_git_prints_them(void)
{
	struct sgit_buf got = SGIT_BUF_INIT;
	size_t i, bad = 0;

	for (i = 0; i < sizeof(format_cases) / sizeof(format_cases[0]); i++) {
		struct sgit_date_mode mode = SGIT_DATE_MODE_INIT;
		struct sgit_error err = SGIT_ERROR_INIT;

		set_tz(format_cases[i].tz);
		if (sgit_date_mode_parse(&mode, format_cases[i].mode, 0, &err) < 0 ||
		    sgit_date_format(&got, format_cases[i].time, format_cases[i].tz_hhmm, &mode, NOW) < 0)
			sgit_buf_printf(&got, "error: %s", err.msg);
		if (strcmp(got.ptr, format_cases[i].want)) {
			printf("  TZ=%s %lld %+05d --date=%s: got '%s', want '%s'\n", format_cases[i].tz,
			       (long long)format_cases[i].time, format_cases[i].tz_hhmm,
			       format_cases[i].mode, got.ptr, format_cases[i].want);
			bad++;
		}
	}
	CU_ASSERT_EQUAL(bad, 0);
	sgit_buf_release(&got);
	set_tz("UTC");
}

/* git's relative dates, by distance from now. */
static const struct {
	int64_t ago;
	const char *want;
} relative_cases[] = {
	{ -1, "in the future" },
	{ 0, "0 seconds ago" },
	{ 1, "1 second ago" },
	{ 89, "89 seconds ago" },
	{ 90, "2 minutes ago" },
	{ 5369, "89 minutes ago" },
	{ 5370, "2 hours ago" },
	{ 35 * 3600, "35 hours ago" },
	{ 35 * 3600 + 1799, "2 days ago" },
	{ 36 * 3600 - 1800, "2 days ago" },
	{ 13 * 86400, "13 days ago" },
	{ 13 * 86400 + 43199, "2 weeks ago" },
	{ 14 * 86400, "2 weeks ago" },
	{ 69 * 86400, "10 weeks ago" },
	{ 70 * 86400, "2 months ago" },
	{ 364 * 86400, "12 months ago" },
	{ 365 * 86400, "1 year ago" },
	{ 400 * 86400, "1 year, 1 month ago" },
	{ 800 * 86400, "2 years, 2 months ago" },
	{ 1824 * 86400, "5 years ago" },
	{ 1825 * 86400, "5 years ago" },
	{ 3650 * 86400, "10 years ago" },
};

static void test_relative_dates_round_as_git_rounds(void)
{
	struct sgit_date_mode mode = { SGIT_DATE_RELATIVE, 0, NULL };
	struct sgit_buf got = SGIT_BUF_INIT;
	size_t i, bad = 0;

	for (i = 0; i < sizeof(relative_cases) / sizeof(relative_cases[0]); i++) {
		sgit_date_format(&got, NOW - relative_cases[i].ago, 0, &mode, NOW);
		if (strcmp(got.ptr, relative_cases[i].want)) {
			printf("  %lld seconds ago: got '%s', want '%s'\n",
			       (long long)relative_cases[i].ago, got.ptr, relative_cases[i].want);
			bad++;
		}
	}
	CU_ASSERT_EQUAL(bad, 0);
	sgit_buf_release(&got);
}

static void test_date_modes_are_read_as_git_reads_them(void)
{
	struct sgit_date_mode m = SGIT_DATE_MODE_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;

	CU_ASSERT_EQUAL(sgit_date_mode_parse(&m, "bogus", 0, &err), SGIT_EINVALID);
	CU_ASSERT_STRING_EQUAL(err.msg, "unknown date format bogus");
	CU_ASSERT_EQUAL(sgit_date_mode_parse(&m, "isox", 0, &err), SGIT_EINVALID);
	CU_ASSERT_STRING_EQUAL(err.msg, "unknown date format isox");
	CU_ASSERT_EQUAL(sgit_date_mode_parse(&m, "short-localx", 0, &err), SGIT_EINVALID);
	CU_ASSERT_EQUAL(sgit_date_mode_parse(&m, "format", 0, &err), SGIT_EINVALID);
	CU_ASSERT_STRING_EQUAL(err.msg, "date format missing colon separator: format");
	CU_ASSERT_EQUAL(sgit_date_mode_parse(&m, "format-local:%H", 0, &err), 0);
	CU_ASSERT_EQUAL(m.style, SGIT_DATE_STRFTIME);
	CU_ASSERT_EQUAL(m.local, 1);
	CU_ASSERT_STRING_EQUAL(m.strftime_fmt, "%H");
	CU_ASSERT_EQUAL(sgit_date_mode_parse(&m, "local", 0, &err), 0);
	CU_ASSERT(m.style == SGIT_DATE_DEFAULT && m.local == 1);
	CU_ASSERT_EQUAL(sgit_date_mode_parse(&m, "iso8601-strict", 0, &err), 0);
	CU_ASSERT_EQUAL(m.style, SGIT_DATE_ISO_STRICT);
	CU_ASSERT_EQUAL(sgit_date_mode_parse(&m, "auto:iso", 1, &err), 0);
	CU_ASSERT_EQUAL(m.style, SGIT_DATE_ISO);
	CU_ASSERT_EQUAL(sgit_date_mode_parse(&m, "auto:iso", 0, &err), 0);
	CU_ASSERT_EQUAL(m.style, SGIT_DATE_DEFAULT);
}

static void test_strftime_output_of_any_length_is_kept_whole(void)
{
	struct sgit_date_mode m = SGIT_DATE_MODE_INIT;
	struct sgit_buf got = SGIT_BUF_INIT;
	char fmt[1100];

	memset(fmt, 'x', sizeof(fmt) - 1);
	fmt[sizeof(fmt) - 1] = '\0';
	memcpy(fmt, "format:%Y", 9);
	CU_ASSERT_EQUAL(sgit_date_mode_parse(&m, fmt, 0, NULL), 0);
	CU_ASSERT_EQUAL(sgit_date_format(&got, NOW, 0, &m, NOW), 0);
	CU_ASSERT_EQUAL(got.len, sizeof(fmt) - 1 - 7 + 2);
	CU_ASSERT_EQUAL(strncmp(got.ptr, "2005xx", 6), 0);
	sgit_buf_release(&got);
}

static CU_TestInfo parse_tests[] = {
	{ "git's inputs parse to git's times and zones", test_inputs_parse_as_git_parses_them },
	{ "month/day readings more than ten days ahead of now are refused",
	  test_month_day_readings_are_refused_ten_days_ahead_of_now },
	{ "a newline ends the date", test_a_newline_ends_the_date },
	{ "invalid dates name the input", test_invalid_dates_name_the_input },
	{ "zone spellings convert both ways", test_zone_spellings_convert_both_ways },
	{ "the local offset follows summer time", test_the_local_offset_follows_summer_time },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo format_tests[] = {
	{ "dates print as git prints them in every style", test_dates_print_as_git_prints_them },
	{ "relative dates round as git rounds", test_relative_dates_round_as_git_rounds },
	{ "date modes are read as git reads them", test_date_modes_are_read_as_git_reads_them },
	{ "strftime output of any length is kept whole",
	  test_strftime_output_of_any_length_is_kept_whole },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "util/date parse", .pTests = parse_tests },
	{ .pName = "util/date format", .pTests = format_tests },
	CU_SUITE_INFO_NULL,
};
