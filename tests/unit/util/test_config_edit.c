/*
 * tests/unit/util/test_config_edit.c: sgit_config_file_edit against the bytes
 * "git config --file" writes. The expected files below were produced by git
 * 2.39; when /usr/bin/git is present every case is also replayed through it,
 * so the table cannot drift from git's behaviour.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "unit.h"
#include "sgit/config.h"
#include "util/fs.h"

struct edit_case {
	const char *name;
	const char *input;	/* NULL: the file does not exist */
	enum sgit_config_edit how;
	const char *key, *value, *regex;
	int status;		/* git config's exit status */
	const char *expect;	/* the file afterwards; NULL: it does not exist */
};

static const struct edit_case set_cases[] = {
	{ "a new key goes after the last entry of its section",
	  "[core]\n\tx = 1\n# comment\n[other]\n\ty = 2\n",
	  SGIT_CONFIG_EDIT_SET, "core.z", "3", NULL, 0,
	  "[core]\n\tx = 1\n\tz = 3\n# comment\n[other]\n\ty = 2\n" },
	{ "the name is written as the caller spelled it",
	  "[core]\n\tx = 1\n",
	  SGIT_CONFIG_EDIT_SET, "Core.FileMode", "true", NULL, 0,
	  "[core]\n\tx = 1\n\tFileMode = true\n" },
	{ "a new section goes at the end, after a missing newline",
	  "[core]\n\tx = 1",
	  SGIT_CONFIG_EDIT_SET, "Sec.Sub.Key", "a b", NULL, 0,
	  "[core]\n\tx = 1\n[Sec \"Sub\"]\n\tKey = a b\n" },
	{ "a leading space is quoted",
	  "[core]\n\tx = 1\n",
	  SGIT_CONFIG_EDIT_SET, "core.x", " lead", NULL, 0,
	  "[core]\n\tx = \" lead\"\n" },
	{ "a trailing space is quoted",
	  "[core]\n\tx = 1\n",
	  SGIT_CONFIG_EDIT_SET, "core.x", "trail ", NULL, 0,
	  "[core]\n\tx = \"trail \"\n" },
	{ "comment characters quote, quotes and backslashes escape",
	  "[core]\n\tx = 1\n",
	  SGIT_CONFIG_EDIT_SET, "core.x", "a;b#c\"d\\e", NULL, 0,
	  "[core]\n\tx = \"a;b#c\\\"d\\\\e\"\n" },
	{ "newline and tab are escaped",
	  "[core]\n\tx = 1\n",
	  SGIT_CONFIG_EDIT_SET, "core.x", "multi\nline\ttab", NULL, 0,
	  "[core]\n\tx = multi\\nline\\ttab\n" },
	{ "an empty value",
	  "[core]\n\tx = 1\n",
	  SGIT_CONFIG_EDIT_SET, "core.x", "", NULL, 0,
	  "[core]\n\tx = \n" },
	{ "a replaced entry takes its comment along",
	  "[core] x = 1 ; c\n",
	  SGIT_CONFIG_EDIT_SET, "core.x", "2", NULL, 0,
	  "[core]\n\tx = 2\n" },
	{ "a replaced entry is re-indented",
	  "[a]\n\t  x = 1 \n\ty = 2\n",
	  SGIT_CONFIG_EDIT_SET, "a.x", "new", NULL, 0,
	  "[a]\n\tx = new\n\ty = 2\n" },
	{ "a continued entry is replaced whole",
	  "[a]\n\tx = 3 \\\n  4\n\ty = 1\n",
	  SGIT_CONFIG_EDIT_SET, "a.x", "5", NULL, 0,
	  "[a]\n\tx = 5\n\ty = 1\n" },
};

static const struct edit_case regex_cases[] = {
	{ "setting a key with two values changes nothing",
	  "[a]\n\tx = 1\n\tx = 2\n",
	  SGIT_CONFIG_EDIT_SET, "a.x", "3", NULL, 5,
	  "[a]\n\tx = 1\n\tx = 2\n" },
	{ "a value regex picks the value to replace",
	  "[a]\n\tx = 1\n\tx = 2\n",
	  SGIT_CONFIG_EDIT_SET, "a.x", "3", "^2$", 0,
	  "[a]\n\tx = 1\n\tx = 3\n" },
	{ "a leading ! inverts the regex",
	  "[a]\n\tx = 1\n\tx = 2\n",
	  SGIT_CONFIG_EDIT_SET, "a.x", "3", "!^2$", 0,
	  "[a]\n\tx = 3\n\tx = 2\n" },
	{ "a regex that matches nothing adds a value",
	  "[a]\n\tx = 1\n\tx = 2\n",
	  SGIT_CONFIG_EDIT_SET, "a.x", "3", "^5$", 0,
	  "[a]\n\tx = 1\n\tx = 2\n\tx = 3\n" },
	{ "an invalid regex",
	  "[a]\n\tx = 1\n",
	  SGIT_CONFIG_EDIT_SET, "a.x", "3", "(", 6,
	  "[a]\n\tx = 1\n" },
	{ "a bare key never matches a regex",
	  "[a]\n\tx\n",
	  SGIT_CONFIG_EDIT_SET, "a.x", "2", "^$", 0,
	  "[a]\n\tx\n\tx = 2\n" },
	{ "but matches an inverted one",
	  "[a]\n\tx\n",
	  SGIT_CONFIG_EDIT_SET, "a.x", "2", "!^$", 0,
	  "[a]\n\tx = 2\n" },
};

static const struct edit_case add_cases[] = {
	{ "--add appends to the last section of the key",
	  "[a]\n\tx = 1\n\tx = 2\n[b]\n[a]\n\ty = 1\n[c]\n",
	  SGIT_CONFIG_EDIT_ADD, "a.x", "3", NULL, 0,
	  "[a]\n\tx = 1\n\tx = 2\n[b]\n[a]\n\ty = 1\n\tx = 3\n[c]\n" },
	{ "--add after the last entry, before the next section",
	  "[a]\n\tx = 3\n[b]\n",
	  SGIT_CONFIG_EDIT_ADD, "a.x", "5", NULL, 0,
	  "[a]\n\tx = 3\n\tx = 5\n[b]\n" },
	{ "--add into an empty section goes after its header",
	  "[a]\n[b]\n",
	  SGIT_CONFIG_EDIT_ADD, "a.x", "5", NULL, 0,
	  "[a]\n\tx = 5\n[b]\n" },
	{ "--replace-all leaves emptied sections",
	  "[a]\n\tx = 1\n[b]\n\tx = 2\n[a]\n\tx = 3\n\ty = 4\n",
	  SGIT_CONFIG_EDIT_REPLACE_ALL, "a.x", "9", NULL, 0,
	  "[a]\n[b]\n\tx = 2\n[a]\n\tx = 9\n\ty = 4\n" },
	{ "--replace-all writes at the last match",
	  "[a]\n\tx = 1\n\ty = 2\n\tx = 3\n",
	  SGIT_CONFIG_EDIT_REPLACE_ALL, "a.x", "new", NULL, 0,
	  "[a]\n\ty = 2\n\tx = new\n" },
};

static const struct edit_case unset_cases[] = {
	{ "--unset removes one line",
	  "[core]\n\tx = 1\n\ty = 2\n",
	  SGIT_CONFIG_EDIT_UNSET, "core.x", NULL, NULL, 0,
	  "[core]\n\ty = 2\n" },
	{ "--unset of the only entry removes the section",
	  "[core]\n\tx = 1\n",
	  SGIT_CONFIG_EDIT_UNSET, "core.x", NULL, NULL, 0,
	  "" },
	{ "an emptied first section goes",
	  "[core]\n\tx = 1\n[a]\n\tb = 1\n",
	  SGIT_CONFIG_EDIT_UNSET, "core.x", NULL, NULL, 0,
	  "[a]\n\tb = 1\n" },
	{ "--unset with two values changes nothing",
	  "[a]\n\tx = 1\n\tx = 2\n",
	  SGIT_CONFIG_EDIT_UNSET, "a.x", NULL, NULL, 5,
	  "[a]\n\tx = 1\n\tx = 2\n" },
	{ "--unset of a missing key changes nothing",
	  "[a]\n\tx = 1\n\tx = 2\n",
	  SGIT_CONFIG_EDIT_UNSET, "a.y", NULL, NULL, 5,
	  "[a]\n\tx = 1\n\tx = 2\n" },
	{ "--unset with a regex",
	  "[a]\n\tx = 1\n\ty = 2\n\tx = 3\n",
	  SGIT_CONFIG_EDIT_UNSET, "a.x", NULL, "3", 0,
	  "[a]\n\tx = 1\n\ty = 2\n" },
	{ "a comment before keeps the emptied section",
	  "# head\n[a]\n\tx = 1\n[b]\n\ty = 1\n",
	  SGIT_CONFIG_EDIT_UNSET, "a.x", NULL, NULL, 0,
	  "# head\n[a]\n[b]\n\ty = 1\n" },
	{ "a comment after keeps the emptied section",
	  "[a]\n\tx = 1\n# tail\n[b]\n\ty = 1\n",
	  SGIT_CONFIG_EDIT_UNSET, "a.x", NULL, NULL, 0,
	  "[a]\n# tail\n[b]\n\ty = 1\n" },
	{ "a comment on the header keeps it",
	  "[a] # c\n\tx = 1\n[b]\n\ty = 1\n",
	  SGIT_CONFIG_EDIT_UNSET, "a.x", NULL, NULL, 0,
	  "[a] # c\n[b]\n\ty = 1\n" },
	{ "blank lines go with the section",
	  "[b]\n\ty = 1\n[a]\n\tx = 1\n\n\n[c]\n\ty = 1\n",
	  SGIT_CONFIG_EDIT_UNSET, "a.x", NULL, NULL, 0,
	  "[b]\n\ty = 1\n[c]\n\ty = 1\n" },
	{ "a later entry of the same section keeps the header",
	  "[b]\n\ty = 1\n[a]\n\tx = 1\n[a]\n\tz = 2\n[c]\n\ty = 1\n",
	  SGIT_CONFIG_EDIT_UNSET, "a.x", NULL, NULL, 0,
	  "[b]\n\ty = 1\n[a]\n[a]\n\tz = 2\n[c]\n\ty = 1\n" },
	{ "a repeated header goes when its entries do",
	  "[b]\n\ty = 1\n[a]\n\tz = 2\n[a]\n\tx = 1\n[c]\n\ty = 1\n",
	  SGIT_CONFIG_EDIT_UNSET, "a.x", NULL, NULL, 0,
	  "[b]\n\ty = 1\n[a]\n\tz = 2\n[c]\n\ty = 1\n" },
	{ "empty repeated headers go together",
	  "[b]\n\ty = 1\n[a]\n[a]\n\tx = 1\n[c]\n\ty = 1\n",
	  SGIT_CONFIG_EDIT_UNSET, "a.x", NULL, NULL, 0,
	  "[b]\n\ty = 1\n[c]\n\ty = 1\n" },
	{ "an entry's own comment does not keep the section",
	  "[b]\n\ty = 1\n[a]\n\tx = 1 # c\n[c]\n\ty = 1\n",
	  SGIT_CONFIG_EDIT_UNSET, "a.x", NULL, NULL, 0,
	  "[b]\n\ty = 1\n[c]\n\ty = 1\n" },
	{ "a subsection is another section",
	  "[b]\n\ty = 1\n[a]\n\tx = 1\n[a \"sub\"]\n\tx = 1\n",
	  SGIT_CONFIG_EDIT_UNSET, "a.x", NULL, NULL, 0,
	  "[b]\n\ty = 1\n[a \"sub\"]\n\tx = 1\n" },
	{ "--unset-all removes both sections",
	  "[b]\n\ty = 1\n[a]\n\tx = 1\n[a]\n\tx = 2\n[c]\n\ty = 1\n",
	  SGIT_CONFIG_EDIT_UNSET_ALL, "a.x", NULL, NULL, 0,
	  "[b]\n\ty = 1\n[c]\n\ty = 1\n" },
	{ "--unset-all in several sections",
	  "[a]\n\tx = 1\n[b]\n\tx = 2\n[a]\n\tx = 3\n\ty = 4\n",
	  SGIT_CONFIG_EDIT_UNSET_ALL, "a.x", NULL, NULL, 0,
	  "[b]\n\tx = 2\n[a]\n\ty = 4\n" },
	{ "--unset-all with a regex",
	  "[a]\n\tx = 1\n\ty = 2\n\tx = 3\n",
	  SGIT_CONFIG_EDIT_UNSET_ALL, "a.x", NULL, "1", 0,
	  "[a]\n\ty = 2\n\tx = 3\n" },
	{ "an empty section before stays",
	  "[b]\n[a]\n\tx = 3\n",
	  SGIT_CONFIG_EDIT_UNSET, "a.x", NULL, NULL, 0,
	  "[b]\n" },
	{ "a trailing comment keeps the header",
	  "[a]\n\tx = 3\n\n# trailing\n",
	  SGIT_CONFIG_EDIT_UNSET, "a.x", NULL, NULL, 0,
	  "[a]\n\n# trailing\n" },
};

static const struct edit_case missing_file_cases[] = {
	{ "a missing file is created",
	  NULL,
	  SGIT_CONFIG_EDIT_SET, "a.b.c", "d", NULL, 0,
	  "[a \"b\"]\n\tc = d\n" },
	{ "unsetting in a missing file creates nothing",
	  NULL,
	  SGIT_CONFIG_EDIT_UNSET, "a.b.c", NULL, NULL, 5,
	  NULL },
	{ "subsection quotes and backslashes are escaped",
	  NULL,
	  SGIT_CONFIG_EDIT_SET, "a.b\"\\c.d", "v", NULL, 0,
	  "[a \"b\\\"\\\\c\"]\n\td = v\n" },
};

static const struct edit_case odd_file_cases[] = {
	{ "an empty file",
	  "",
	  SGIT_CONFIG_EDIT_SET, "a.x", "1", NULL, 0,
	  "[a]\n\tx = 1\n" },
	{ "a file of blank lines",
	  "\n\n",
	  SGIT_CONFIG_EDIT_SET, "a.x", "1", NULL, 0,
	  "\n\n[a]\n\tx = 1\n" },
	{ "a comment without newline",
	  "# c",
	  SGIT_CONFIG_EDIT_SET, "a.x", "1", NULL, 0,
	  "# c\n[a]\n\tx = 1\n" },
	{ "a header without newline",
	  "[a]",
	  SGIT_CONFIG_EDIT_SET, "a.x", "1", NULL, 0,
	  "[a]\n\tx = 1\n" },
	{ "an entry on the header line",
	  "[a] x = 1",
	  SGIT_CONFIG_EDIT_SET, "a.x", "2", NULL, 0,
	  "[a]\n\tx = 2\n" },
	{ "a new entry after one on the header line",
	  "[a] x = 1",
	  SGIT_CONFIG_EDIT_SET, "a.y", "2", NULL, 0,
	  "[a] x = 1\n\ty = 2\n" },
	{ "CRLF files",
	  "[a]\r\n\tx = 1\r\n",
	  SGIT_CONFIG_EDIT_SET, "a.y", "2", NULL, 0,
	  "[a]\r\n\tx = 1\r\n\ty = 2\n" },
	{ "CRLF replaced",
	  "[a]\r\n\tx = 1\r\n",
	  SGIT_CONFIG_EDIT_SET, "a.x", "2", NULL, 0,
	  "[a]\r\n\tx = 2\n" },
	{ "CRLF header",
	  "[a]\r\n",
	  SGIT_CONFIG_EDIT_SET, "a.x", "2", NULL, 0,
	  "[a]\r\n\tx = 2\n" },
};

static const struct edit_case case_rule_cases[] = {
	{ "the old dotted header matches",
	  "[A.B]\n\tx = 1\n",
	  SGIT_CONFIG_EDIT_SET, "a.b.x", "2", NULL, 0,
	  "[A.B]\n\tx = 2\n" },
	{ "the old dotted header ignores case for the section",
	  "[A.B]\n\tx = 1\n",
	  SGIT_CONFIG_EDIT_SET, "a.B.x", "2", NULL, 0,
	  "[A.B]\n\tx = 1\n\tx = 2\n" },
	{ "a quoted subsection is matched exactly",
	  "[a \"B\"]\n\tx = 1\n",
	  SGIT_CONFIG_EDIT_SET, "a.b.x", "2", NULL, 0,
	  "[a \"B\"]\n\tx = 1\n[a \"b\"]\n\tx = 2\n" },
	{ "section and name in any case",
	  "[a \"B\"]\n\tx = 1\n",
	  SGIT_CONFIG_EDIT_SET, "A.B.X", "2", NULL, 0,
	  "[a \"B\"]\n\tX = 2\n" },
	{ "unset in any case",
	  "[a \"B\"]\n\tx = 1\n",
	  SGIT_CONFIG_EDIT_UNSET, "A.B.X", NULL, NULL, 0,
	  "" },
	{ "a BOM survives",
	  "\xef""\xbb""\xbf""[a]\n\tx = 1\n",
	  SGIT_CONFIG_EDIT_UNSET, "a.x", NULL, NULL, 0,
	  "\xef""\xbb""\xbf""\n" },
	{ "a BOM survives an addition",
	  "\xef""\xbb""\xbf""[a]\n\tx = 1\n",
	  SGIT_CONFIG_EDIT_SET, "b.x", "1", NULL, 0,
	  "\xef""\xbb""\xbf""[a]\n\tx = 1\n[b]\n\tx = 1\n" },
	{ "dots in a subsection",
	  "[a]\n\tx = 3\n",
	  SGIT_CONFIG_EDIT_SET, "url.https://ex.com/a.b.insteadOf", "5", NULL, 0,
	  "[a]\n\tx = 3\n[url \"https://ex.com/a.b\"]\n\tinsteadOf = 5\n" },
};

static const struct edit_case error_cases[] = {
	{ "a broken header is an invalid section name",
	  "[a\n",
	  SGIT_CONFIG_EDIT_SET, "a.x", "3", NULL, 3,
	  "[a\n" },
	{ "an empty section name",
	  "[]\n",
	  SGIT_CONFIG_EDIT_SET, "a.x", "3", NULL, 3,
	  "[]\n" },
	{ "a syntax error",
	  "[a]\n\tx y\n",
	  SGIT_CONFIG_EDIT_SET, "a.x", "3", NULL, 128,
	  "[a]\n\tx y\n" },
	{ "an invalid key",
	  "[a]\n\tx = 1\n",
	  SGIT_CONFIG_EDIT_SET, "a.1x", "2", NULL, 1,
	  "[a]\n\tx = 1\n" },
	{ "a key without section",
	  "[a]\n\tx = 1\n",
	  SGIT_CONFIG_EDIT_SET, "ax", "2", NULL, 2,
	  "[a]\n\tx = 1\n" },
	{ "a key without name",
	  "[a]\n\tx = 1\n",
	  SGIT_CONFIG_EDIT_SET, "a.", "2", NULL, 2,
	  "[a]\n\tx = 1\n" },
};

#define N(cases) (sizeof(cases) / sizeof(cases[0]))

static void case_path(struct sgit_buf *out, const char *who, const struct edit_case *c)
{
	sgit_buf_reset(out);
	sgit_buf_printf(out, "%s/%s-%p", unit_tmpdir(), who, (const void *)c);
}

static void prepare(const char *path, const char *input)
{
	struct sgit_error err = SGIT_ERROR_INIT;

	unlink(path);
	if (input)
		CU_ASSERT_EQUAL(sgit_fs_write_atomic(path, input, strlen(input), 0640, &err), 0);
}

/* The file is as expected (NULL: absent) and no lock is left behind. */
static int check_result(const char *path, const char *expect, const char *who, const char *name)
{
	struct sgit_buf got = SGIT_BUF_INIT, lock = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	int rc = sgit_fs_read_file(&got, path, &err), ok;

	ok = expect ? rc == 0 && got.len == strlen(expect) && !memcmp(got.ptr, expect, got.len)
		    : rc == SGIT_ENOTFOUND;
	sgit_buf_printf(&lock, "%s.lock", path);
	ok = ok && !sgit_fs_exists(lock.ptr);
	if (!ok)
		fprintf(stderr, "\n%s: '%s': expected [%s], got [%s]\n", who, name,
			expect ? expect : "(no file)", rc == 0 ? got.ptr : "(no file)");
	sgit_buf_release(&got);
	sgit_buf_release(&lock);
	return ok;
}

static void run_sgit(const struct edit_case *cases, size_t n)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	size_t i;

	for (i = 0; i < n; i++) {
		const struct edit_case *c = &cases[i];
		struct sgit_error err = SGIT_ERROR_INIT;
		int status = -1, rc;

		case_path(&path, "sgit", c);
		prepare(path.ptr, c->input);
		rc = sgit_config_file_edit_status(&status, path.ptr, c->how, c->key, c->value, c->regex, 0, &err);
		CU_ASSERT_EQUAL(status, c->status);
		CU_ASSERT(c->status ? rc < 0 : rc == 0);
		CU_ASSERT(check_result(path.ptr, c->expect, "sgit", c->name));
		if (status != c->status)
			fprintf(stderr, "\n'%s': status %d, expected %d (%s)\n", c->name, status, c->status, err.msg);
	}
	sgit_buf_release(&path);
}

static void sh_quote(struct sgit_buf *out, const char *s)
{
	sgit_buf_addch(out, '\'');
	for (; *s; s++) {
		if (*s == '\'')
			sgit_buf_adds(out, "'\\''");
		else
			sgit_buf_addch(out, *s);
	}
	sgit_buf_adds(out, "' ");
}

static const char *const git_options[] = { "", "--replace-all ", "--add ", "--unset ", "--unset-all " };

/* Replay the cases through git, when it is installed, to show the table is git's. */
static void run_git(const struct edit_case *cases, size_t n)
{
	struct sgit_buf path = SGIT_BUF_INIT, cmd = SGIT_BUF_INIT;
	size_t i;

	if (access("/usr/bin/git", X_OK) != 0)
		return;
	for (i = 0; i < n; i++) {
		const struct edit_case *c = &cases[i];
		int status;

		case_path(&path, "git", c);
		prepare(path.ptr, c->input);
		sgit_buf_reset(&cmd);
		sgit_buf_adds(&cmd, "GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null /usr/bin/git config -f ");
		sh_quote(&cmd, path.ptr);
		sgit_buf_adds(&cmd, git_options[c->how]);
		sh_quote(&cmd, c->key);
		if (c->value)
			sh_quote(&cmd, c->value);
		if (c->regex)
			sh_quote(&cmd, c->regex);
		sgit_buf_adds(&cmd, "2>/dev/null");
		status = system(cmd.ptr);
		CU_ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == c->status);
		CU_ASSERT(check_result(path.ptr, c->expect, "git", c->name));
	}
	sgit_buf_release(&path);
	sgit_buf_release(&cmd);
}

#define EDIT_TEST(fn, cases) \
	static void fn(void) { run_sgit(cases, N(cases)); run_git(cases, N(cases)); }

EDIT_TEST(test_setting_values_quotes_and_places_them_as_git, set_cases)
EDIT_TEST(test_value_regexes_choose_the_values, regex_cases)
EDIT_TEST(test_add_and_replace_all, add_cases)
EDIT_TEST(test_unset_removes_entries_and_emptied_sections, unset_cases)
EDIT_TEST(test_a_missing_file_is_created_or_left_missing, missing_file_cases)
EDIT_TEST(test_files_without_newlines_or_with_crlf, odd_file_cases)
EDIT_TEST(test_case_rules_bom_and_dotted_subsections, case_rule_cases)
EDIT_TEST(test_bad_files_keys_and_patterns_change_nothing, error_cases)

static void test_errors_carry_gits_messages(void)
{
	static const struct {
		const char *input;
		enum sgit_config_edit how;
		const char *key, *value, *regex;
		int rc;
		const char *msg;	/* %s: the file's path */
	} cases[] = {
		{ "[a]\n\tx = 1\n\tx = 2\n", SGIT_CONFIG_EDIT_SET, "a.x", "3", NULL, SGIT_EAMBIGUOUS,
		  "a.x has multiple values" },
		{ "[a]\n\tx = 1\n\tx = 2\n", SGIT_CONFIG_EDIT_UNSET, "A.X", NULL, NULL, SGIT_EAMBIGUOUS,
		  "a.x has multiple values" },
		{ "[a]\n", SGIT_CONFIG_EDIT_UNSET, "a.x", NULL, NULL, SGIT_ENOTFOUND, NULL },
		{ "[a]\n", SGIT_CONFIG_EDIT_SET, "a.x", "1", "(", SGIT_EINVALID, "invalid pattern: (" },
		{ "[a]\n", SGIT_CONFIG_EDIT_SET, "a.x", "1", "!(", SGIT_EINVALID, "invalid pattern: (" },
		{ "[a\n", SGIT_CONFIG_EDIT_SET, "a.x", "1", NULL, SGIT_ECONFIG, "invalid section name 'a'" },
		{ "[a]\n\tx y\n", SGIT_CONFIG_EDIT_SET, "a.x", "1", NULL, SGIT_ECONFIG,
		  "bad config line 2 in file %s" },
		{ "[a]\n", SGIT_CONFIG_EDIT_SET, "foo", "1", NULL, SGIT_EINVALID,
		  "key does not contain a section: foo" },
		{ "[a]\n", SGIT_CONFIG_EDIT_SET, "a.x_y", "1", NULL, SGIT_EINVALID, "invalid key: a.x_y" },
	};
	struct sgit_buf path = SGIT_BUF_INIT, msg = SGIT_BUF_INIT;
	size_t i;

	for (i = 0; i < N(cases); i++) {
		struct sgit_error err = SGIT_ERROR_INIT;

		sgit_buf_reset(&path);
		sgit_buf_printf(&path, "%s/msg-%zu", unit_tmpdir(), i);
		prepare(path.ptr, cases[i].input);
		CU_ASSERT_EQUAL(sgit_config_file_edit(path.ptr, cases[i].how, cases[i].key, cases[i].value,
						      cases[i].regex, &err), cases[i].rc);
		if (cases[i].msg) {
			sgit_buf_reset(&msg);
			sgit_buf_printf(&msg, cases[i].msg, path.ptr);
			CU_ASSERT_STRING_EQUAL(err.msg, msg.ptr);
		}
		CU_ASSERT(check_result(path.ptr, cases[i].input, "sgit", cases[i].key));
	}
	sgit_buf_release(&path);
	sgit_buf_release(&msg);
}

static void test_a_held_lock_refuses_the_edit_and_keeps_the_file(void)
{
	struct sgit_buf path = SGIT_BUF_INIT, msg = SGIT_BUF_INIT;
	struct sgit_lockfile lk = SGIT_LOCKFILE_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	int status = 0;

	sgit_buf_printf(&path, "%s/locked-config", unit_tmpdir());
	prepare(path.ptr, "[a]\n\tx = 1\n");
	CU_ASSERT_EQUAL_FATAL(sgit_lockfile_acquire(&lk, path.ptr, &err), 0);
	CU_ASSERT_EQUAL(sgit_config_file_edit_status(&status, path.ptr, SGIT_CONFIG_EDIT_SET, "a.x", "2",
						     NULL, 0, &err), SGIT_ELOCKED);
	CU_ASSERT_EQUAL(status, 255);
	sgit_buf_printf(&msg, "could not lock config file %s: File exists", path.ptr);
	CU_ASSERT_STRING_EQUAL(err.msg, msg.ptr);
	CU_ASSERT(sgit_fs_exists(lk.lock_path.ptr));	/* the other writer's lock stays */
	sgit_lockfile_rollback(&lk);
	CU_ASSERT(check_result(path.ptr, "[a]\n\tx = 1\n", "sgit", "locked"));
	sgit_buf_release(&path);
	sgit_buf_release(&msg);
}

static void test_the_file_mode_survives_and_a_new_file_follows_the_umask(void)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct stat st;
	mode_t mask = umask(022);

	sgit_buf_printf(&path, "%s/mode-config", unit_tmpdir());
	prepare(path.ptr, "[a]\n\tx = 1\n");
	CU_ASSERT_EQUAL(chmod(path.ptr, 0600), 0);
	CU_ASSERT_EQUAL(sgit_config_file_edit(path.ptr, SGIT_CONFIG_EDIT_SET, "a.x", "2", NULL, &err), 0);
	CU_ASSERT(stat(path.ptr, &st) == 0 && (st.st_mode & 07777) == 0600);
	unlink(path.ptr);
	CU_ASSERT_EQUAL(sgit_config_file_edit(path.ptr, SGIT_CONFIG_EDIT_SET, "a.x", "2", NULL, &err), 0);
	CU_ASSERT(stat(path.ptr, &st) == 0 && (st.st_mode & 07777) == 0644);
	umask(mask);
	sgit_buf_release(&path);
}

static void test_a_symlinked_file_is_changed_through_the_link(void)
{
	struct sgit_buf real = SGIT_BUF_INIT, link = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct stat st;

	sgit_buf_printf(&real, "%s/real-config", unit_tmpdir());
	sgit_buf_printf(&link, "%s/link-config", unit_tmpdir());
	prepare(real.ptr, "[a]\n\tx = 1\n");
	unlink(link.ptr);
	CU_ASSERT_EQUAL(symlink("real-config", link.ptr), 0);
	CU_ASSERT_EQUAL(sgit_config_file_edit(link.ptr, SGIT_CONFIG_EDIT_SET, "a.y", "2", NULL, &err), 0);
	CU_ASSERT(lstat(link.ptr, &st) == 0 && S_ISLNK(st.st_mode));
	CU_ASSERT(check_result(real.ptr, "[a]\n\tx = 1\n\ty = 2\n", "sgit", "symlink"));
	sgit_buf_release(&real);
	sgit_buf_release(&link);
}

static void test_fixed_value_compares_the_whole_string(void)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	int status = -1;

	sgit_buf_printf(&path, "%s/fixed-config", unit_tmpdir());
	prepare(path.ptr, "[a]\n\tx = a.c\n\tx = abc\n");
	CU_ASSERT_EQUAL(sgit_config_file_edit_status(&status, path.ptr, SGIT_CONFIG_EDIT_SET, "a.x", "new",
						     "a.c", 1, &err), 0);
	CU_ASSERT(check_result(path.ptr, "[a]\n\tx = new\n\tx = abc\n", "sgit", "fixed"));
	CU_ASSERT_EQUAL(sgit_config_file_edit_status(&status, path.ptr, SGIT_CONFIG_EDIT_UNSET, "a.x", NULL,
						     "ab", 1, &err), SGIT_ENOTFOUND);
	CU_ASSERT_EQUAL(status, 5);
	sgit_buf_release(&path);
}

/* Whatever an edit writes, the parser reads back as the same value. */
static void test_written_values_read_back_unchanged(void)
{
	static const char *const values[] = {
		" lead", "trail ", "  both  ", "a;b#c\"d\\e", "multi\nline\ttab", "", "\b", "x = y",
		"[not a section]", "tab\t", "\\", "\"",
	};
	struct sgit_buf path = SGIT_BUF_INIT;
	size_t i;

	sgit_buf_printf(&path, "%s/roundtrip-config", unit_tmpdir());
	prepare(path.ptr, "[a]\n\tkeep = 1\n");
	for (i = 0; i < N(values); i++) {
		struct sgit_error err = SGIT_ERROR_INIT;
		struct sgit_config *cfg = NULL;
		const char *got = NULL;

		CU_ASSERT_EQUAL(sgit_config_file_edit(path.ptr, SGIT_CONFIG_EDIT_SET, "a.Sub.v", values[i],
						      NULL, &err), 0);
		CU_ASSERT_EQUAL_FATAL(sgit_config_new(&cfg), 0);
		CU_ASSERT_EQUAL(sgit_config_add_file(cfg, path.ptr, SGIT_CONFIG_SCOPE_FILE, &err), 0);
		CU_ASSERT_EQUAL(sgit_config_get_string(&got, cfg, "a.Sub.v"), 0);
		CU_ASSERT(got && !strcmp(got, values[i]));
		CU_ASSERT_EQUAL(sgit_config_get_string(&got, cfg, "a.keep"), 0);
		sgit_config_free(cfg);
	}
	sgit_buf_release(&path);
}

/* Random files of config punctuation: an edit succeeds or fails cleanly, and never leaves a lock. */
static void test_random_files_never_crash_an_edit(void)
{
	static const char alphabet[] = "[]\"\\ \t\n#;=.axAX1";
	struct sgit_buf path = SGIT_BUF_INIT, lock = SGIT_BUF_INIT;
	char text[48];
	unsigned seed = 777;
	int i;
	size_t j, len;

	sgit_buf_printf(&path, "%s/random-config", unit_tmpdir());
	for (i = 0; i < 500; i++) {
		struct sgit_error err = SGIT_ERROR_INIT;
		int status = -1, rc;

		seed = seed * 1103515245u + 12345u;
		len = (seed >> 16) % (sizeof(text) - 1);
		for (j = 0; j < len; j++) {
			seed = seed * 1103515245u + 12345u;
			text[j] = alphabet[(seed >> 16) % (sizeof(alphabet) - 1)];
		}
		text[len] = '\0';
		prepare(path.ptr, text);
		rc = sgit_config_file_edit_status(&status, path.ptr, (enum sgit_config_edit)(i % 5), "a.x",
						  i % 5 >= 3 ? NULL : "v", NULL, 0, &err);
		CU_ASSERT(rc == 0 ? status == 0 : status == 3 || status == 5 || status == 128);
		if (rc < 0)
			CU_ASSERT(check_result(path.ptr, text, "sgit", "random"));
		sgit_buf_reset(&lock);
		sgit_buf_printf(&lock, "%s.lock", path.ptr);
		CU_ASSERT(!sgit_fs_exists(lock.ptr));
	}
	sgit_buf_release(&path);
	sgit_buf_release(&lock);
}

CU_TestInfo config_edit_tests[] = {
	{ "setting values quotes and places them as git does", test_setting_values_quotes_and_places_them_as_git },
	{ "value regexes choose the values, ! inverts", test_value_regexes_choose_the_values },
	{ "--add and --replace-all", test_add_and_replace_all },
	{ "unset removes entries and emptied sections as git", test_unset_removes_entries_and_emptied_sections },
	{ "a missing file is created on set and left missing on unset", test_a_missing_file_is_created_or_left_missing },
	{ "files without final newline or with CRLF", test_files_without_newlines_or_with_crlf },
	{ "case rules, a BOM and dots in subsections", test_case_rules_bom_and_dotted_subsections },
	{ "bad files, keys and patterns change nothing", test_bad_files_keys_and_patterns_change_nothing },
	{ "errors carry git's messages", test_errors_carry_gits_messages },
	{ "a held lock refuses the edit and keeps the file", test_a_held_lock_refuses_the_edit_and_keeps_the_file },
	{ "the file mode survives, a new file follows the umask", test_the_file_mode_survives_and_a_new_file_follows_the_umask },
	{ "a symlinked file is changed through the link", test_a_symlinked_file_is_changed_through_the_link },
	{ "a fixed value compares the whole string", test_fixed_value_compares_the_whole_string },
	{ "values written by an edit read back unchanged", test_written_values_read_back_unchanged },
	{ "random files never crash an edit", test_random_files_never_crash_an_edit },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "config file edits", .pTests = config_edit_tests },
	CU_SUITE_INFO_NULL,
};
