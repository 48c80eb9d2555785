/* tests/unit/porcelain/repo/test_person.c: author and committer identities; editor and pager */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "unit.h"
#include "sgit/ident.h"
#include "sgit/person.h"
#include "sgit/programs.h"

/* The environment a case sees: "NAME=value" strings, NULL-terminated. */
static const char *const *fake_env;

static const char *fake_getenv(const char *name)
{
	size_t n = strlen(name), i;

	for (i = 0; fake_env && fake_env[i]; i++)
		if (!strncmp(fake_env[i], name, n) && fake_env[i][n] == '=')
			return fake_env[i] + n + 1;
	return NULL;
}

static const struct sgit_person_system sys_debian = { "jdoe", "John &,Room 1,,", "example.org", "box", NULL };
static const struct sgit_person_system sys_fqdn = { "jdoe", "Jane Doe", NULL, "box.example.net", NULL };
static const struct sgit_person_system sys_resolved = { "jdoe", "Jane Doe", NULL, "box", "box.lan.example" };
static const struct sgit_person_system sys_bare = { "root", "root", NULL, "vm", NULL };
static const struct sgit_person_system sys_nohost = { "root", "", NULL, NULL, NULL };
static const struct sgit_person_system sys_nopasswd = { NULL, NULL, NULL, "box.example.net", NULL };

#define ENV(...) ((const char *const[]){ __VA_ARGS__, NULL })
#define FULL_ENV ENV("GIT_AUTHOR_NAME=A U Thor", "GIT_AUTHOR_EMAIL=author@example.com", \
		     "GIT_AUTHOR_DATE=1112911993 -0700", "GIT_COMMITTER_NAME=C O Mitter", \
		     "GIT_COMMITTER_EMAIL=committer@example.com", "GIT_COMMITTER_DATE=@1112912053 +0200")
#define DATES ENV("GIT_AUTHOR_DATE=1112911993 -0700", "GIT_COMMITTER_DATE=1112911993 -0700")

/*
 * Each row: role, environment, configuration text, system facts, strict, and
 * the identity line wanted, or "!<message>" for a refusal (hint: whether
 * git's advice comes first).
 */
static const struct {
	const char *what;
	enum sgit_person_role role;
	const char *const *env;
	const char *config;
	const struct sgit_person_system *sys;
	int strict;
	const char *want;
	int hint;
} cases[] = {
	{ "the environment names the author", SGIT_PERSON_AUTHOR, FULL_ENV, "", &sys_bare, 1,
	  "A U Thor <author@example.com> 1112911993 -0700", 0 },
	{ "the environment names the committer", SGIT_PERSON_COMMITTER, FULL_ENV, "", &sys_bare, 1,
	  "C O Mitter <committer@example.com> 1112912053 +0200", 0 },
	{ "the environment wins over the configuration", SGIT_PERSON_AUTHOR, FULL_ENV,
	  "[user]\n\tname = U\n\temail = u@x\n[author]\n\tname = Au\n", &sys_bare, 1,
	  "A U Thor <author@example.com> 1112911993 -0700", 0 },
	{ "user.* names both", SGIT_PERSON_COMMITTER, DATES,
	  "[user]\n\tname = Conf User\n\temail = conf@example.com\n", &sys_bare, 1,
	  "Conf User <conf@example.com> 1112911993 -0700", 0 },
	{ "author.* wins over user.* for the author", SGIT_PERSON_AUTHOR, DATES,
	  "[user]\n\tname = U\n\temail = u@x\n[author]\n\tname = Au\n\temail = au@x\n", &sys_bare, 1,
	  "Au <au@x> 1112911993 -0700", 0 },
	{ "author.* leaves the committer alone", SGIT_PERSON_COMMITTER, DATES,
	  "[user]\n\tname = U\n\temail = u@x\n[author]\n\tname = Au\n", &sys_bare, 1,
	  "U <u@x> 1112911993 -0700", 0 },
	{ "an empty committer.name falls back to user.name", SGIT_PERSON_COMMITTER, DATES,
	  "[user]\n\tname = U\n\temail = u@x\n[committer]\n\tname =\n", &sys_bare, 1,
	  "U <u@x> 1112911993 -0700", 0 },
	{ "EMAIL is used when no email is configured", SGIT_PERSON_AUTHOR,
	  ENV("EMAIL=  env@example.com ", "GIT_AUTHOR_DATE=@5 +0000"), "[user]\n\tname = U\n", &sys_bare, 1,
	  "U <env@example.com> 5 +0000", 0 },
	{ "a configured email hides EMAIL", SGIT_PERSON_AUTHOR,
	  ENV("EMAIL=env@example.com", "GIT_AUTHOR_DATE=@5 +0000"), "[author]\n\temail = a@x\n[user]\n\tname = U\n",
	  &sys_bare, 1, "U <a@x> 5 +0000", 0 },
	{ "a committer.email alone leaves the author's email empty", SGIT_PERSON_AUTHOR,
	  ENV("GIT_AUTHOR_DATE=@5 +0000"), "[committer]\n\temail = c@x\n[user]\n\tname = U\n",
	  &sys_bare, 1, "U <> 5 +0000", 0 },
	{ "the guess uses the gecos name and /etc/mailname", SGIT_PERSON_AUTHOR, DATES, "", &sys_debian, 1,
	  "John Jdoe <jdoe@example.org> 1112911993 -0700", 0 },
	{ "a host name with a dot is a domain", SGIT_PERSON_AUTHOR, DATES, "", &sys_fqdn, 1,
	  "Jane Doe <jdoe@box.example.net> 1112911993 -0700", 0 },
	{ "the resolver's name completes a bare host name", SGIT_PERSON_AUTHOR, DATES, "", &sys_resolved, 1,
	  "Jane Doe <jdoe@box.lan.example> 1112911993 -0700", 0 },
	{ "a host without a domain is refused", SGIT_PERSON_AUTHOR, DATES, "", &sys_bare, 1,
	  "!unable to auto-detect email address (got 'root@vm.(none)')", 1 },
	{ "a host without a domain is shown when listing", SGIT_PERSON_COMMITTER, DATES, "", &sys_bare, 0,
	  "root <root@vm.(none)> 1112911993 -0700", 0 },
	{ "no host name is refused", SGIT_PERSON_COMMITTER, DATES, "[user]\n\tname = U\n", &sys_nohost, 1,
	  "!unable to auto-detect email address (got 'root@(none)')", 1 },
	{ "an empty gecos name falls back to the login when listing", SGIT_PERSON_COMMITTER, DATES,
	  "[user]\n\temail = u@x\n", &sys_nohost, 0, "root <u@x> 1112911993 -0700", 0 },
	{ "an empty gecos name is refused with advice", SGIT_PERSON_COMMITTER, DATES,
	  "[user]\n\temail = u@x\n", &sys_nohost, 1, "!empty ident name (for <u@x>) not allowed", 1 },
	{ "no passwd entry makes a bogus email", SGIT_PERSON_AUTHOR, DATES, "", &sys_nopasswd, 1,
	  "!unable to auto-detect email address (got 'unknown@box.example.net')", 1 },
	{ "no passwd entry makes a bogus name", SGIT_PERSON_AUTHOR, DATES, "[user]\n\temail = u@x\n",
	  &sys_nopasswd, 1, "!unable to auto-detect name (got 'Unknown')", 1 },
	{ "no passwd entry is shown when listing", SGIT_PERSON_AUTHOR, DATES, "", &sys_nopasswd, 0,
	  "Unknown <unknown@box.example.net> 1112911993 -0700", 0 },
	{ "useConfigOnly refuses a guessed email", SGIT_PERSON_AUTHOR, ENV("EMAIL=e@x", "GIT_AUTHOR_DATE=@5 +0000"),
	  "[user]\n\tuseConfigOnly = true\n\tname = U\n", &sys_fqdn, 1,
	  "!no email was given and auto-detection is disabled", 1 },
	{ "useConfigOnly refuses a guessed name", SGIT_PERSON_AUTHOR, DATES,
	  "[user]\n\tuseConfigOnly = true\n\temail = u@x\n", &sys_fqdn, 1,
	  "!no name was given and auto-detection is disabled", 1 },
	{ "useConfigOnly takes a name from author.name for the committer as given (and empty)",
	  SGIT_PERSON_COMMITTER, DATES, "[user]\n\tuseConfigOnly = true\n\temail = u@x\n[author]\n\tname = A\n",
	  &sys_fqdn, 1, "!empty ident name (for <u@x>) not allowed", 1 },
	{ "useConfigOnly does not stop a listing", SGIT_PERSON_AUTHOR, DATES,
	  "[user]\n\tuseConfigOnly = true\n", &sys_fqdn, 0,
	  "Jane Doe <jdoe@box.example.net> 1112911993 -0700", 0 },
	{ "an empty name in the environment is refused without advice", SGIT_PERSON_AUTHOR,
	  ENV("GIT_AUTHOR_NAME=", "GIT_AUTHOR_EMAIL=a@x", "GIT_AUTHOR_DATE=@5 +0000"), "", &sys_fqdn, 1,
	  "!empty ident name (for <a@x>) not allowed", 0 },
	{ "an empty user.name is refused with advice", SGIT_PERSON_AUTHOR, DATES,
	  "[user]\n\tname =\n\temail = u@x\n", &sys_fqdn, 1,
	  "!empty ident name (for <u@x>) not allowed", 1 },
	{ "a name of punctuation only is refused", SGIT_PERSON_AUTHOR,
	  ENV("GIT_AUTHOR_NAME=.,;", "GIT_AUTHOR_EMAIL=a@x", "GIT_AUTHOR_DATE=@5 +0000"), "", &sys_fqdn, 1,
	  "!name consists only of disallowed characters: .,;", 0 },
	{ "crud is cut from both ends, angle brackets from inside", SGIT_PERSON_AUTHOR,
	  ENV("GIT_AUTHOR_NAME= <\"Mr. Foo>\" Bar., ", "GIT_AUTHOR_EMAIL= <foo@ex<ample>.com>. ",
	      "GIT_AUTHOR_DATE=@5 +0000"), "", &sys_fqdn, 1, "Mr. Foo\" Bar <foo@example.com> 5 +0000", 0 },
	{ "an invalid date is refused", SGIT_PERSON_AUTHOR,
	  ENV("GIT_AUTHOR_NAME=A", "GIT_AUTHOR_EMAIL=a@x", "GIT_AUTHOR_DATE=yesterday"), "", &sys_fqdn, 1,
	  "!invalid date format: yesterday", 0 },
	{ "an invalid date is refused when listing too", SGIT_PERSON_AUTHOR,
	  ENV("GIT_AUTHOR_NAME=A", "GIT_AUTHOR_EMAIL=a@x", "GIT_AUTHOR_DATE=yesterday"), "", &sys_fqdn, 0,
	  "!invalid date format: yesterday", 0 },
	{ "without a date the clock is used", SGIT_PERSON_AUTHOR,
	  ENV("GIT_AUTHOR_NAME=A", "GIT_AUTHOR_EMAIL=a@x", "GIT_AUTHOR_DATE="), "", &sys_fqdn, 1,
	  "A <a@x> 1234567890 +0000", 0 },
	{ "a date in any of git's formats is stored raw", SGIT_PERSON_COMMITTER,
	  ENV("GIT_COMMITTER_NAME=C", "GIT_COMMITTER_EMAIL=c@x", "GIT_COMMITTER_DATE=Thu, 7 Apr 2005 22:13:13 +0200"),
	  "", &sys_fqdn, 1, "C <c@x> 1112904793 +0200", 0 },
};

static int run_case(struct sgit_buf *out, int *hint, struct sgit_error *err, size_t i)
{
	struct sgit_person_options opts = SGIT_PERSON_OPTIONS_INIT;
	struct sgit_config *cfg = NULL;
	int rc;

	fake_env = cases[i].env;
	if ((rc = sgit_config_new(&cfg)) < 0 ||
	    (rc = sgit_config_add_buffer(cfg, cases[i].config, strlen(cases[i].config), "test",
					 SGIT_CONFIG_SCOPE_GLOBAL, err)) < 0)
		goto out;
	opts.getenv = fake_getenv;
	opts.config = cfg;
	opts.now = 1234567890;
	opts.strict = cases[i].strict;
	opts.system = cases[i].sys;
	rc = sgit_person_ident(out, hint, cases[i].role, &opts, err);
out:
	sgit_config_free(cfg);
	return rc;
}

static void test_identities_are_chosen_as_git_chooses_them(void)
{
	struct sgit_buf got = SGIT_BUF_INIT;
	size_t i, bad = 0;

	setenv("TZ", "UTC", 1);
	tzset();
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct sgit_error err = SGIT_ERROR_INIT;
		int hint = -1, rc;

		sgit_buf_reset(&got);
		rc = run_case(&got, &hint, &err, i);
		if (rc < 0)
			sgit_buf_printf(&got, "!%s", err.msg);
		if (strcmp(got.ptr, cases[i].want) || hint != cases[i].hint ||
		    (rc < 0 && rc != SGIT_EINVALID)) {
			printf("  %s: got '%s' (hint %d, rc %d), want '%s' (hint %d)\n", cases[i].what,
			       got.ptr, hint, rc, cases[i].want, cases[i].hint);
			bad++;
		}
	}
	CU_ASSERT_EQUAL(bad, 0);
	sgit_buf_release(&got);
}

static void test_the_line_is_one_the_ident_parser_reads_back(void)
{
	struct sgit_person_options opts = SGIT_PERSON_OPTIONS_INIT;
	struct sgit_buf line = SGIT_BUF_INIT;
	struct sgit_ident id;

	fake_env = ENV("GIT_AUTHOR_NAME=Zoë <Q>", "GIT_AUTHOR_EMAIL=z@x", "GIT_AUTHOR_DATE=2005-04-07T22:13:13-07:00");
	opts.getenv = fake_getenv;
	opts.system = &sys_fqdn;
	opts.strict = 1;
	CU_ASSERT_EQUAL(sgit_person_ident(&line, NULL, SGIT_PERSON_AUTHOR, &opts, NULL), 0);
	CU_ASSERT_EQUAL(sgit_ident_parse(&id, line.ptr, line.len, NULL), 0);
	CU_ASSERT(id.name_len == 6 && !memcmp(id.name, "Zoë Q", 6));
	CU_ASSERT(id.email_len == 3 && !memcmp(id.email, "z@x", 3));
	CU_ASSERT_EQUAL(id.time, 1112937193);
	CU_ASSERT_EQUAL(id.tz_minutes, -420);
	sgit_buf_release(&line);
}

static void test_explicit_values_win_and_the_date_can_be_left_out(void)
{
	struct sgit_person_options opts = SGIT_PERSON_OPTIONS_INIT;
	struct sgit_buf line = SGIT_BUF_INIT;

	fake_env = FULL_ENV;
	opts.getenv = fake_getenv;
	opts.system = &sys_fqdn;
	opts.strict = 1;
	opts.name = "Given";
	opts.email = "given@example.com";
	opts.date = "@100 +0100";
	CU_ASSERT_EQUAL(sgit_person_ident(&line, NULL, SGIT_PERSON_AUTHOR, &opts, NULL), 0);
	CU_ASSERT_STRING_EQUAL(line.ptr, "Given <given@example.com> 100 +0100");
	opts.no_date = 1;
	CU_ASSERT_EQUAL(sgit_person_ident(&line, NULL, SGIT_PERSON_AUTHOR, &opts, NULL), 0);
	CU_ASSERT_STRING_EQUAL(line.ptr, "Given <given@example.com>");
	sgit_buf_release(&line);
}

static void test_bad_configuration_values_are_errors(void)
{
	static const char *const texts[] = {
		"[user]\n\tname\n", "[author]\n\temail\n", "[user]\n\tuseConfigOnly = maybe\n",
	};
	struct sgit_person_options opts = SGIT_PERSON_OPTIONS_INIT;
	struct sgit_buf line = SGIT_BUF_INIT;
	size_t i;

	fake_env = FULL_ENV;
	opts.getenv = fake_getenv;
	opts.system = &sys_fqdn;
	for (i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		struct sgit_error err = SGIT_ERROR_INIT;
		struct sgit_config *cfg = NULL;

		CU_ASSERT_EQUAL(sgit_config_new(&cfg), 0);
		CU_ASSERT_EQUAL(sgit_config_add_buffer(cfg, texts[i], strlen(texts[i]), "t",
						       SGIT_CONFIG_SCOPE_LOCAL, NULL), 0);
		opts.config = cfg;
		CU_ASSERT(sgit_person_ident(&line, NULL, SGIT_PERSON_AUTHOR, &opts, &err) < 0);
		CU_ASSERT(err.msg[0] != '\0');
		sgit_config_free(cfg);
	}
	sgit_buf_release(&line);
}

static void test_the_hint_is_git_advice_for_the_role(void)
{
	CU_ASSERT_EQUAL(strncmp(sgit_person_hint(SGIT_PERSON_AUTHOR), "Author identity unknown\n\n*** Please", 35), 0);
	CU_ASSERT_EQUAL(strncmp(sgit_person_hint(SGIT_PERSON_COMMITTER), "Committer identity unknown\n", 27), 0);
}

/* Each row: environment, core.editor (or NULL), the editor wanted (NULL: none). */
static const struct {
	const char *const *env;
	const char *core_editor;
	const char *want;
} editor_cases[] = {
	{ ENV("TERM=xterm", "GIT_EDITOR=ge", "VISUAL=vi2", "EDITOR=ed"), "ce", "ge" },
	{ ENV("TERM=xterm", "VISUAL=vi2", "EDITOR=ed"), "ce", "ce" },
	{ ENV("TERM=xterm", "VISUAL=vi2", "EDITOR=ed"), NULL, "vi2" },
	{ ENV("TERM=dumb", "VISUAL=vi2", "EDITOR=ed"), NULL, "ed" },
	{ ENV("VISUAL=vi2", "EDITOR=ed"), NULL, "ed" },
	{ ENV("TERM=xterm", "EDITOR="), NULL, "" },
	{ ENV("TERM=xterm"), NULL, SGIT_DEFAULT_EDITOR },
	{ ENV("TERM=dumb", "VISUAL=vi2"), NULL, NULL },
	{ ENV("TERM=dumb"), "ce", "ce" },
};

/* Each row: environment, core.pager (or NULL), the pager wanted (NULL: none). */
static const struct {
	const char *const *env;
	const char *core_pager;
	const char *want;
} pager_cases[] = {
	{ ENV("GIT_PAGER=gp", "PAGER=p"), "cp", "gp" },
	{ ENV("PAGER=p"), "cp", "cp" },
	{ ENV("PAGER=p"), NULL, "p" },
	{ ENV("TERM=dumb"), NULL, SGIT_DEFAULT_PAGER },
	{ ENV("GIT_PAGER=cat", "PAGER=p"), NULL, NULL },
	{ ENV("GIT_PAGER=", "PAGER=p"), NULL, NULL },
	{ ENV("PAGER=p"), "", NULL },
};

static struct sgit_config *config_with(const char *key, const char *value)
{
	struct sgit_config *cfg = NULL;
	char param[256];

	if (sgit_config_new(&cfg) < 0)
		return NULL;
	if (value) {
		snprintf(param, sizeof(param), "%s=%s", key, value);
		sgit_config_add_parameter(cfg, param, NULL);
	}
	return cfg;
}

static int same(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

static void test_editor_and_pager_are_chosen_as_git_chooses_them(void)
{
	size_t i, bad = 0;

	for (i = 0; i < sizeof(editor_cases) / sizeof(editor_cases[0]); i++) {
		struct sgit_config *cfg = config_with("core.editor", editor_cases[i].core_editor);
		const char *got;

		fake_env = editor_cases[i].env;
		got = sgit_program_editor(NULL, fake_getenv, cfg);
		if (!same(got, editor_cases[i].want)) {
			printf("  editor case %zu: got '%s'\n", i, got ? got : "(none)");
			bad++;
		}
		sgit_config_free(cfg);
	}
	for (i = 0; i < sizeof(pager_cases) / sizeof(pager_cases[0]); i++) {
		struct sgit_config *cfg = config_with("core.pager", pager_cases[i].core_pager);
		const char *got;

		fake_env = pager_cases[i].env;
		got = sgit_program_pager(NULL, fake_getenv, cfg);
		if (!same(got, pager_cases[i].want)) {
			printf("  pager case %zu: got '%s'\n", i, got ? got : "(none)");
			bad++;
		}
		sgit_config_free(cfg);
	}
	CU_ASSERT_EQUAL(bad, 0);
}

static void test_the_system_can_be_asked(void)
{
	struct sgit_buf storage[5] = { SGIT_BUF_INIT, SGIT_BUF_INIT, SGIT_BUF_INIT, SGIT_BUF_INIT, SGIT_BUF_INIT };
	struct sgit_person_system sys;
	size_t i;

	CU_ASSERT_EQUAL(sgit_person_system_detect(&sys, storage, NULL), 0);
	CU_ASSERT_PTR_NOT_NULL(sys.hostname);
	for (i = 0; i < 5; i++)
		sgit_buf_release(&storage[i]);
}

static CU_TestInfo person_tests[] = {
	{ "identities are chosen as git chooses them", test_identities_are_chosen_as_git_chooses_them },
	{ "the line is one the ident parser reads back", test_the_line_is_one_the_ident_parser_reads_back },
	{ "explicit values win and the date can be left out",
	  test_explicit_values_win_and_the_date_can_be_left_out },
	{ "bad configuration values are errors", test_bad_configuration_values_are_errors },
	{ "the hint is git's advice for the role", test_the_hint_is_git_advice_for_the_role },
	{ "the system can be asked", test_the_system_can_be_asked },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo program_tests[] = {
	{ "editor and pager are chosen as git chooses them",
	  test_editor_and_pager_are_chosen_as_git_chooses_them },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "porcelain/person", .pTests = person_tests },
	{ .pName = "porcelain/programs", .pTests = program_tests },
	CU_SUITE_INFO_NULL,
};
