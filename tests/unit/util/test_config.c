/* tests/unit/util/test_config.c: config syntax, values, lookup and includes (edits: test_config_edit.c) */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "unit.h"
#include "sgit/config.h"
#include "util/fs.h"

/* ---- helpers ---- */

static int dump_entry(const struct sgit_config_entry *e, void *payload)
{
	struct sgit_buf *out = payload;

	if (e->value)
		return sgit_buf_addf(out, "%s=%s\n", e->key, e->value);
	return sgit_buf_addf(out, "%s\n", e->key);
}

/* Parse text as file "f" and list it as "git config --list" does; rc is the parse result. */
static int list_text(struct sgit_buf *out, const char *text, size_t len, struct sgit_error *err)
{
	struct sgit_config *cfg = NULL;
	int rc;

	sgit_buf_reset(out);
	if (sgit_config_new(&cfg) < 0)
		return SGIT_ENOMEM;
	rc = sgit_config_add_buffer(cfg, text, len, "f", SGIT_CONFIG_SCOPE_FILE, err);
	sgit_config_foreach(cfg, dump_entry, out);
	sgit_config_free(cfg);
	return rc;
}

static void tmp_path(struct sgit_buf *out, const char *name)
{
	sgit_buf_reset(out);
	sgit_buf_printf(out, "%s/%s", unit_tmpdir(), name);
}

static void write_file(const char *path, const char *text)
{
	struct sgit_error err = SGIT_ERROR_INIT;

	CU_ASSERT_EQUAL(sgit_fs_write_atomic(path, text, strlen(text), 0644, &err), 0);
}


/* ---- syntax: tables of literal files and what "git config --list" gives ---- */

struct parse_case {
	const char *text;
	const char *list;	/* entries read (before the error, if any) */
	const char *error;	/* NULL: parses */
};

static void run_parse_cases(const struct parse_case *cases, size_t n)
{
	struct sgit_buf out = SGIT_BUF_INIT;
	size_t i;

	for (i = 0; i < n; i++) {
		struct sgit_error err = SGIT_ERROR_INIT;
		int rc = list_text(&out, cases[i].text, strlen(cases[i].text), &err);

		CU_ASSERT_STRING_EQUAL(out.ptr, cases[i].list);
		if (cases[i].error) {
			CU_ASSERT_EQUAL(rc, SGIT_ECONFIG);
			CU_ASSERT_STRING_EQUAL(err.msg, cases[i].error);
		} else {
			CU_ASSERT_EQUAL(rc, 0);
		}
		if (strcmp(out.ptr, cases[i].list) || (cases[i].error && strcmp(err.msg, cases[i].error)))
			fprintf(stderr, "\ncase %zu [%s]: got [%s] (%s)\n", i, cases[i].text, out.ptr, err.msg);
	}
	sgit_buf_release(&out);
}

#define RUN(cases) run_parse_cases(cases, sizeof(cases) / sizeof(cases[0]))

static void test_sections_keys_and_bare_keys(void)
{
	static const struct parse_case cases[] = {
		{ "[core]\n\tbare = false\n\tfilemode\n", "core.bare=false\ncore.filemode\n", NULL },
		{ "[core]bare=true\n", "core.bare=true\n", NULL },
		{ "[a] x = 1\n", "a.x=1\n", NULL },
		{ "foo = bar\n", "foo=bar\n", NULL },
		{ "[a]\n\tx-y = 1\n\tz9 = 2\n", "a.x-y=1\na.z9=2\n", NULL },
		{ "[a]\n\tx =\n", "a.x=\n", NULL },
		{ "[a]\n\tx\n\ty", "a.x\na.y\n", NULL },
		{ "\n\n\n[a]\n\n\tx = 1\n\n", "a.x=1\n", NULL },
		{ "[a]\n\tx = 1\n\tx = 2\n", "a.x=1\na.x=2\n", NULL },
		{ "", "", NULL },
	};
	RUN(cases);
}

static void test_values_fold_whitespace_and_keep_quoted_spaces(void)
{
	static const struct parse_case cases[] = {
		{ "[a]\n\tx = \"  a  b \" \n", "a.x=  a  b \n", NULL },
		{ "[a]\n\tx = a \t  b  \n", "a.x=a    b\n", NULL },
		{ "[a]\n\tx =\"\" a \"\"\n", "a.x=a \n", NULL },
		{ "[a]\n\tx = a\"b\"c\n", "a.x=abc\n", NULL },
		{ "[a]\n\t x\t=\t\"\t\"\n", "a.x=\t\n", NULL },
		{ "[a]\n\tx = 1\v2\f\n", "a.x=1\v2\f\n", NULL },
	};
	RUN(cases);
}

static void test_escapes_in_values(void)
{
	static const struct parse_case cases[] = {
		{ "[a]\n\tx = a\\tb\\nc\\bd\\\"e\\\\f\n", "a.x=a\tb\nc\bd\"e\\f\n", NULL },
		{ "[a]\n\tx = \"\\\"quoted\\\"\"\n", "a.x=\"quoted\"\n", NULL },
		{ "[a]\n\tx = \\q\n", "", "bad config line 2 in file f" },
		{ "[a]\n\tx = \\1\n", "", "bad config line 2 in file f" },
	};
	RUN(cases);
}

static void test_continuation_lines(void)
{
	static const struct parse_case cases[] = {
		{ "[a]\n\tx = a\\\n b\n", "a.x=a b\n", NULL },
		{ "[a]\n\tx = \"a\\\nb\"\n", "a.x=ab\n", NULL },
		{ "[a]\n\tx = \"a\\\n  b\"\n", "a.x=a  b\n", NULL },
		{ "[a]\n\tx = 1 \\\n", "a.x=1 \n", NULL },
		{ "[a]\n\tx = \\\n\n", "a.x=\n", NULL },
		{ "[a]\n\tx = 1\\", "a.x=1\n", NULL },
		{ "[a]\n\tx = a \\\n  b\n\ty = c\n", "a.x=a   b\na.y=c\n", NULL },
	};
	RUN(cases);
}

static void test_comments_anywhere_outside_quotes(void)
{
	static const struct parse_case cases[] = {
		{ "# only\n; comments\n", "", NULL },
		{ "[a] ; comment\n\tx = 1\n", "a.x=1\n", NULL },
		{ "[a]\n\tx = 1 2 ; 3 4\n", "a.x=1 2\n", NULL },
		{ "[a]\n\tx = \"a # b\" # c\n", "a.x=a # b\n", NULL },
		{ "[a]\n\ty = ; c\n", "a.y=\n", NULL },
		{ "[a]\n\tx = a;b\n", "a.x=a\n", NULL },
		{ "[a]\n# [b]\n\tx = 1\n", "a.x=1\n", NULL },
	};
	RUN(cases);
}

static void test_subsections_keep_case_and_escapes(void)
{
	static const struct parse_case cases[] = {
		{ "[Sec \"SuB\"]\n\tY=2\n", "sec.SuB.y=2\n", NULL },
		{ "[a \"b\\\"c\\\\d\\e\"]k=v\n", "a.b\"c\\de.k=v\n", NULL },
		{ "[a \"sub\" ] x = 1\n", "", "bad config line 1 in file f" },
		{ "[a  \"sub\"] x = 1\n", "a.sub.x=1\n", NULL },
		{ "[a\t\"s.u.b\"]\n\tx = 1\n", "a.s.u.b.x=1\n", NULL },
		{ "[url \"https://example.com/\"]\n\tinsteadOf = x\n", "url.https://example.com/.insteadof=x\n", NULL },
		{ "[a \"\"]\n\tx = 1\n", "a..x=1\n", NULL },
	};
	RUN(cases);
}

static void test_case_rules_section_and_name_fold_subsection_does_not(void)
{
	static const struct parse_case cases[] = {
		{ "[Core]\n\tFileMode = true\n", "core.filemode=true\n", NULL },
		{ "[Sec.SUB]\n\tX = 1\n", "sec.sub.x=1\n", NULL },
		{ "[a.b.c]\n\tx = 1\n", "a.b.c.x=1\n", NULL },
		{ "[A \"MiXed\"]\n\tK = v\n", "a.MiXed.k=v\n", NULL },
	};
	RUN(cases);
}

static void test_bom_and_crlf(void)
{
	static const struct parse_case cases[] = {
		{ "\xef\xbb\xbf[core]\n\tx = 1\n", "core.x=1\n", NULL },
		{ "\xef\xbb[core]\n\tx = 1\n", "", "bad config line 1 in file f" },
		{ "\xef", "", "bad config line 2 in file f" },
		{ "[core]x=1\r\n\ty = a\rb\r\n", "core.x=1\ncore.y=a b\n", NULL },
		{ "[a]\r\n\tx = \"1\r\n", "", "bad config line 2 in file f" },
		{ "[a]\n\tx = caf\xc3\xa9\n", "a.x=caf\xc3\xa9\n", NULL },
	};
	RUN(cases);
}

static void test_syntax_errors_name_the_line_as_git(void)
{
	static const struct parse_case cases[] = {
		{ "[core", "", "bad config line 2 in file f" },
		{ "[core]\n[x", "", "bad config line 3 in file f" },
		{ "[core]\n\tx = \"abc\n", "", "bad config line 2 in file f" },
		{ "[a]\n\t1x = 1\n", "", "bad config line 2 in file f" },
		{ "[a]\n\tx y\n", "", "bad config line 2 in file f" },
		{ "[a \"b\n\"]", "", "bad config line 1 in file f" },
		{ "[]\n", "", "bad config line 1 in file f" },
		{ "[a b]\n", "", "bad config line 1 in file f" },
		{ "[a \"b\"c]\n", "", "bad config line 1 in file f" },
		{ "[a]\v\n\tx = 1\n", "", "bad config line 1 in file f" },
		{ "[a]\n\tx = 1\n\n\t_y = 2\n", "a.x=1\n", "bad config line 4 in file f" },
		{ "[a]\n\tx = 1\n\ty = \"\\\n\n", "a.x=1\n", "bad config line 4 in file f" },
		{ "[a_b]\n", "", "bad config line 1 in file f" },
		{ "[\xc3\xa9]\n", "", "bad config line 1 in file f" },
	};
	RUN(cases);
}

static void test_nul_bytes_end_a_value_or_break_a_key(void)
{
	struct sgit_buf out = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;

	CU_ASSERT_EQUAL(list_text(&out, "[a]\n\tx = a\0b\n", 13, &err), 0);
	CU_ASSERT_STRING_EQUAL(out.ptr, "a.x=a\n");
	CU_ASSERT_EQUAL(list_text(&out, "[a]\n\tx\0 = 1\n", 12, &err), SGIT_ECONFIG);
	CU_ASSERT_STRING_EQUAL(err.msg, "bad config line 2 in file f");
	sgit_buf_release(&out);
}

static void test_standard_input_is_named_as_git_does(void)
{
	struct sgit_config *cfg = NULL;
	struct sgit_error err = SGIT_ERROR_INIT;

	CU_ASSERT_EQUAL_FATAL(sgit_config_new(&cfg), 0);
	CU_ASSERT_EQUAL(sgit_config_add_buffer(cfg, "[a\n", 3, NULL, SGIT_CONFIG_SCOPE_FILE, &err),
			SGIT_ECONFIG);
	CU_ASSERT_STRING_EQUAL(err.msg, "bad config line 1 in standard input");
	sgit_config_free(cfg);
}

/* Random bytes built from config punctuation must parse or fail cleanly, never crash. */
static void test_random_bytes_never_crash_the_parser(void)
{
	static const char alphabet[] = "[]\"\\ \t\n\r#;=.abAB1-\xef\xbb\xbf";
	struct sgit_buf out = SGIT_BUF_INIT;
	char text[64];
	unsigned seed = 12345;
	int i, rc;
	size_t j, len;

	for (i = 0; i < 3000; i++) {
		struct sgit_error err = SGIT_ERROR_INIT;

		seed = seed * 1103515245u + 12345u;
		len = (seed >> 16) % sizeof(text);
		for (j = 0; j < len; j++) {
			seed = seed * 1103515245u + 12345u;
			text[j] = alphabet[(seed >> 16) % (sizeof(alphabet) - 1)];
		}
		rc = list_text(&out, text, len, &err);
		CU_ASSERT(rc == 0 || (rc == SGIT_ECONFIG && !strncmp(err.msg, "bad config line ", 16)));
	}
	sgit_buf_release(&out);
}

/* ---- values ---- */

static void test_booleans_as_git_reads_them(void)
{
	static const struct {
		const char *value;
		int rc, out;
	} cases[] = {
		{ NULL, 0, 1 }, { "true", 0, 1 }, { "TRUE", 0, 1 }, { "yes", 0, 1 }, { "On", 0, 1 },
		{ "1", 0, 1 }, { "2", 0, 1 }, { "-1", 0, 1 }, { "1k", 0, 1 }, { "0x10", 0, 1 },
		{ "", 0, 0 }, { "false", 0, 0 }, { "No", 0, 0 }, { "OFF", 0, 0 }, { "0", 0, 0 },
		{ "0x0", 0, 0 }, { "maybe", SGIT_EINVALID, 0 }, { "0x", SGIT_EINVALID, 0 },
		{ "99999999999", SGIT_EINVALID, 0 }, { "truee", SGIT_EINVALID, 0 },
		{ " true", SGIT_EINVALID, 0 },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int out = -1, rc = sgit_config_parse_bool(&out, cases[i].value);

		CU_ASSERT_EQUAL(rc, cases[i].rc);
		CU_ASSERT_EQUAL(out, cases[i].out);
		if (rc != cases[i].rc || out != cases[i].out)
			fprintf(stderr, "\nbool case '%s': rc %d out %d\n",
				cases[i].value ? cases[i].value : "(null)", rc, out);
	}
}

static void test_integers_with_units_and_overflow(void)
{
	static const struct {
		const char *value;
		int rc;
		int64_t out;
	} cases[] = {
		{ "0", 0, 0 }, { "42", 0, 42 }, { "1k", 0, 1024 }, { "1K", 0, 1024 },
		{ "1m", 0, 1048576 }, { "1g", 0, 1073741824 }, { "3G", 0, 3221225472LL },
		{ "-5m", 0, -5242880 }, { "0x10", 0, 16 }, { "010", 0, 8 }, { " 12", 0, 12 },
		{ "+7", 0, 7 }, { "9223372036854775807", 0, INT64_MAX },
		{ "8589934591g", 0, 9223372035781033984LL },
		{ "9223372036854775808", SGIT_EINVALID, 0 }, { "8589934592g", SGIT_EINVALID, 0 },
		{ "-8589934592g", SGIT_EINVALID, 0 }, { "99999999999g", SGIT_EINVALID, 0 },
		{ "abc", SGIT_EINVALID, 0 }, { "", SGIT_EINVALID, 0 }, { NULL, SGIT_EINVALID, 0 },
		{ "12 ", SGIT_EINVALID, 0 }, { "1kb", SGIT_EINVALID, 0 }, { "1t", SGIT_EINVALID, 0 },
		{ "k", SGIT_EINVALID, 0 },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int64_t out = -1;
		int rc = sgit_config_parse_int(&out, cases[i].value);

		CU_ASSERT_EQUAL(rc, cases[i].rc);
		CU_ASSERT_EQUAL(out, cases[i].out);
		if (rc != cases[i].rc || out != cases[i].out)
			fprintf(stderr, "\nint case '%s': rc %d out %lld\n",
				cases[i].value ? cases[i].value : "(null)", rc, (long long)out);
	}
}

static void test_bad_numbers_get_gits_messages(void)
{
	static const struct {
		struct sgit_config_entry e;
		int64_t max;
		const char *msg;
	} cases[] = {
		{ { "core.compression", "abc", SGIT_CONFIG_SCOPE_LOCAL, ".git/config", 3 }, INT64_MAX,
		  "bad numeric config value 'abc' for 'core.compression' in file .git/config: invalid unit" },
		{ { "a.z", "99999999999g", SGIT_CONFIG_SCOPE_FILE, "f", 2 }, INT64_MAX,
		  "bad numeric config value '99999999999g' for 'a.z' in file f: out of range" },
		{ { "a.w", NULL, SGIT_CONFIG_SCOPE_FILE, "f", 2 }, INT64_MAX,
		  "bad numeric config value '' for 'a.w' in file f: invalid unit" },
		{ { "a.b", "abc", SGIT_CONFIG_SCOPE_COMMAND, NULL, 0 }, INT64_MAX,
		  "bad numeric config value 'abc' for 'a.b': invalid unit" },
		{ { "core.compression", "3g", SGIT_CONFIG_SCOPE_LOCAL, "c", 1 }, INT_MAX,
		  "bad numeric config value '3g' for 'core.compression' in file c: out of range" },
		{ { "a.s", "x", SGIT_CONFIG_SCOPE_FILE, NULL, 1 }, INT64_MAX,
		  "bad numeric config value 'x' for 'a.s' in standard input: invalid unit" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct sgit_error err = SGIT_ERROR_INIT;
		int64_t out = 1;

		CU_ASSERT_EQUAL(sgit_config_entry_int(&out, &cases[i].e, cases[i].max, &err), SGIT_ECONFIG);
		CU_ASSERT_STRING_EQUAL(err.msg, cases[i].msg);
		CU_ASSERT_EQUAL(out, 0);
	}
}

static void test_a_bad_boolean_names_value_and_key(void)
{
	struct sgit_config_entry e = { "core.bare", "maybe", SGIT_CONFIG_SCOPE_LOCAL, "c", 1 };
	struct sgit_error err = SGIT_ERROR_INIT;
	int out = 1;

	CU_ASSERT_EQUAL(sgit_config_entry_bool(&out, &e, &err), SGIT_ECONFIG);
	CU_ASSERT_STRING_EQUAL(err.msg, "bad boolean config value 'maybe' for 'core.bare'");
	CU_ASSERT_EQUAL(out, 0);
}

/* ---- keys ---- */

static void test_keys_are_canonicalised_or_refused_with_gits_message(void)
{
	static const struct {
		const char *key, *canon, *msg;
	} cases[] = {
		{ "core.bare", "core.bare", NULL },
		{ "Core.FileMode", "core.filemode", NULL },
		{ "Sec.SuB.Key", "sec.SuB.key", NULL },
		{ "a.b.c.d", "a.b.c.d", NULL },
		{ "url.https://x.org/.insteadOf", "url.https://x.org/.insteadof", NULL },
		{ "1a.b", "1a.b", NULL },
		{ "foo", NULL, "key does not contain a section: foo" },
		{ ".a", NULL, "key does not contain a section: .a" },
		{ "a.", NULL, "key does not contain variable name: a." },
		{ "a.1b", NULL, "invalid key: a.1b" },
		{ "a.b_c", NULL, "invalid key: a.b_c" },
		{ "a b.c", NULL, "invalid key: a b.c" },
		{ "a.x\ny.c", NULL, "invalid key (newline): a.x\ny.c" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct sgit_buf out = SGIT_BUF_INIT;
		struct sgit_error err = SGIT_ERROR_INIT;
		int rc = sgit_config_normalize_key(&out, cases[i].key, &err);

		if (cases[i].canon) {
			CU_ASSERT_EQUAL(rc, 0);
			CU_ASSERT_STRING_EQUAL(out.ptr, cases[i].canon);
		} else {
			CU_ASSERT_EQUAL(rc, SGIT_EINVALID);
			CU_ASSERT_STRING_EQUAL(err.msg, cases[i].msg);
		}
		sgit_buf_release(&out);
	}
}

/* ---- lookup and order ---- */

static const char lookup_text[] =
	"[core]\n\tbare = false\n\tFileMode = yes\n"
	"[remote \"Origin\"]\n\turl = one\n\turl = two\n"
	"[a]\n\tflag\n\tn = 2k\n";

static void test_lookup_takes_the_last_value_in_any_case_but_the_subsection(void)
{
	struct sgit_config *cfg = NULL;
	struct sgit_error err = SGIT_ERROR_INIT;
	const struct sgit_config_entry *e = NULL;
	const char *s = NULL;
	int b = -1;
	int64_t n = 0;

	CU_ASSERT_EQUAL_FATAL(sgit_config_new(&cfg), 0);
	CU_ASSERT_EQUAL(sgit_config_add_buffer(cfg, lookup_text, strlen(lookup_text), ".git/config",
					       SGIT_CONFIG_SCOPE_LOCAL, &err), 0);
	CU_ASSERT_EQUAL(sgit_config_get_string(&s, cfg, "remote.Origin.url"), 0);
	CU_ASSERT_STRING_EQUAL(s, "two");
	CU_ASSERT_EQUAL(sgit_config_get_string(&s, cfg, "REMOTE.Origin.URL"), 0);
	CU_ASSERT_EQUAL(sgit_config_get_string(&s, cfg, "remote.origin.url"), SGIT_ENOTFOUND);
	CU_ASSERT_PTR_NULL(s);
	CU_ASSERT_EQUAL(sgit_config_get_bool(&b, cfg, "Core.FileMode", &err), 0);
	CU_ASSERT_EQUAL(b, 1);
	CU_ASSERT_EQUAL(sgit_config_get_bool(&b, cfg, "a.flag", &err), 0);
	CU_ASSERT_EQUAL(b, 1);
	CU_ASSERT_EQUAL(sgit_config_get_string(&s, cfg, "a.flag"), SGIT_EINVALID);
	CU_ASSERT_EQUAL(sgit_config_get_int(&n, cfg, "a.n", &err), 0);
	CU_ASSERT_EQUAL(n, 2048);
	CU_ASSERT_EQUAL(sgit_config_get_int(&n, cfg, "core.bare", &err), SGIT_ECONFIG);
	CU_ASSERT_STRING_EQUAL(err.msg,
		"bad numeric config value 'false' for 'core.bare' in file .git/config: invalid unit");
	CU_ASSERT_EQUAL(sgit_config_get_entry(&e, cfg, "core.filemode"), 0);
	CU_ASSERT(e && e->line == 3 && !strcmp(e->origin, ".git/config") && e->scope == SGIT_CONFIG_SCOPE_LOCAL);
	CU_ASSERT_EQUAL(sgit_config_get_entry(&e, cfg, "nodot"), SGIT_ENOTFOUND);
	CU_ASSERT_EQUAL(sgit_config_get_bool(&b, cfg, "a.missing", &err), SGIT_ENOTFOUND);
	sgit_config_free(cfg);
}

struct collect {
	struct sgit_buf text;
	int stop_after;
};

static int collect_scoped(const struct sgit_config_entry *e, void *payload)
{
	struct collect *c = payload;

	sgit_buf_addf(&c->text, "%d:%s=%s@%s\n", (int)e->scope, e->key, e->value ? e->value : "(bare)",
		      e->origin ? e->origin : "-");
	return --c->stop_after == 0 ? 7 : 0;
}

static void test_foreach_runs_in_precedence_order_and_stops_on_request(void)
{
	struct sgit_config *cfg = NULL;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct collect c = { SGIT_BUF_INIT, -1 };
	struct sgit_buf sys = SGIT_BUF_INIT, glob = SGIT_BUF_INIT;
	const char *s = NULL;

	tmp_path(&sys, "order-system");
	tmp_path(&glob, "order-global");
	write_file(sys.ptr, "[user]\n\tname = sys\n");
	write_file(glob.ptr, "[user]\n\tname = glob\n");
	CU_ASSERT_EQUAL_FATAL(sgit_config_new(&cfg), 0);
	CU_ASSERT_EQUAL(sgit_config_add_file(cfg, sys.ptr, SGIT_CONFIG_SCOPE_SYSTEM, &err), 0);
	CU_ASSERT_EQUAL(sgit_config_add_file(cfg, glob.ptr, SGIT_CONFIG_SCOPE_GLOBAL, &err), 0);
	CU_ASSERT_EQUAL(sgit_config_add_parameter(cfg, "User.Name=cmd", &err), 0);
	CU_ASSERT_EQUAL(sgit_config_get_string(&s, cfg, "user.name"), 0);
	CU_ASSERT_STRING_EQUAL(s, "cmd");
	CU_ASSERT_EQUAL(sgit_config_foreach(cfg, collect_scoped, &c), 0);
	sgit_buf_reset(&sys);
	sgit_buf_printf(&sys, "0:user.name=sys@%s/order-system\n1:user.name=glob@%s/order-global\n"
			"4:user.name=cmd@-\n", unit_tmpdir(), unit_tmpdir());
	CU_ASSERT_STRING_EQUAL(c.text.ptr, sys.ptr);
	c.stop_after = 2;
	CU_ASSERT_EQUAL(sgit_config_foreach(cfg, collect_scoped, &c), 7);
	sgit_config_free(cfg);
	sgit_buf_release(&c.text);
	sgit_buf_release(&sys);
	sgit_buf_release(&glob);
}

static void test_command_line_parameters_as_git_splits_them(void)
{
	static const struct {
		const char *param, *list, *msg;
	} cases[] = {
		{ "a.b=c", "a.b=c\n", NULL },
		{ "a.b", "a.b\n", NULL },
		{ "a.b=", "a.b=\n", NULL },
		{ "A.Sub.C=x=y", "a.Sub.c=x=y\n", NULL },
		{ "", "", "empty config key" },
		{ "=x", "", "empty config key" },
		{ "foo=bar", "", "key does not contain a section: foo" },
		{ "a.1=x", "", "invalid key: a.1" },
		{ "include.path=rel", "include.path=rel\n", "relative config includes must come from files" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct sgit_config *cfg = NULL;
		struct sgit_error err = SGIT_ERROR_INIT;
		struct sgit_buf out = SGIT_BUF_INIT;
		int rc;

		CU_ASSERT_EQUAL_FATAL(sgit_config_new(&cfg), 0);
		rc = sgit_config_add_parameter(cfg, cases[i].param, &err);
		sgit_config_foreach(cfg, dump_entry, &out);
		CU_ASSERT_STRING_EQUAL(out.ptr, cases[i].list);
		if (cases[i].msg) {
			CU_ASSERT_EQUAL(rc, SGIT_EINVALID);
			CU_ASSERT_STRING_EQUAL(err.msg, cases[i].msg);
		} else {
			CU_ASSERT_EQUAL(rc, 0);
		}
		sgit_buf_release(&out);
		sgit_config_free(cfg);
	}
}

static void test_a_missing_file_adds_nothing_and_a_directory_is_an_error(void)
{
	struct sgit_config *cfg = NULL;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf p = SGIT_BUF_INIT, out = SGIT_BUF_INIT;

	CU_ASSERT_EQUAL_FATAL(sgit_config_new(&cfg), 0);
	tmp_path(&p, "no-such-config");
	CU_ASSERT_EQUAL(sgit_config_add_file(cfg, p.ptr, SGIT_CONFIG_SCOPE_GLOBAL, &err), 0);
	sgit_config_foreach(cfg, dump_entry, &out);
	CU_ASSERT_STRING_EQUAL(out.ptr, "");
	CU_ASSERT_EQUAL(sgit_config_add_file(cfg, unit_tmpdir(), SGIT_CONFIG_SCOPE_GLOBAL, &err), SGIT_EOS);
	sgit_buf_reset(&p);
	sgit_buf_printf(&p, "unable to read config file '%s': Is a directory", unit_tmpdir());
	CU_ASSERT_STRING_EQUAL(err.msg, p.ptr);
	sgit_config_free(cfg);
	sgit_buf_release(&p);
	sgit_buf_release(&out);
}

/* ---- includes ---- */

/* Load path with includes; returns the rc and the listing in out. */
static int load_listing(struct sgit_buf *out, const char *path, const struct sgit_config_include_info *info,
			int follow, struct sgit_error *err)
{
	struct sgit_config *cfg = NULL;
	int rc;

	sgit_buf_reset(out);
	if (sgit_config_new(&cfg) < 0)
		return SGIT_ENOMEM;
	if (info)
		sgit_config_set_include_info(cfg, info);
	sgit_config_follow_includes(cfg, follow);
	rc = sgit_config_add_file(cfg, path, SGIT_CONFIG_SCOPE_FILE, err);
	sgit_config_foreach(cfg, dump_entry, out);
	sgit_config_free(cfg);
	return rc;
}

static void test_include_path_is_relative_to_the_including_file(void)
{
	struct sgit_buf top = SGIT_BUF_INIT, p = SGIT_BUF_INIT, out = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;

	tmp_path(&p, "inc/sub/one");
	sgit_fs_mkdir_parent(p.ptr, &err);
	write_file(p.ptr, "[a]\n\ty = 2\n[include]\n\tpath = two\n\tpath = missing\n");
	sgit_buf_reset(&p);
	tmp_path(&p, "inc/sub/two");
	write_file(p.ptr, "[b]\n\tq = 1\n");
	tmp_path(&top, "inc/top");
	write_file(top.ptr, "[a]\n\tx = 1\n[include]\n\tpath = sub/one\n[a]\n\tz = 3\n");
	CU_ASSERT_EQUAL(load_listing(&out, top.ptr, NULL, 1, &err), 0);
	CU_ASSERT_STRING_EQUAL(out.ptr, "a.x=1\ninclude.path=sub/one\na.y=2\ninclude.path=two\nb.q=1\n"
				      "include.path=missing\na.z=3\n");
	CU_ASSERT_EQUAL(load_listing(&out, top.ptr, NULL, 0, &err), 0);
	CU_ASSERT_STRING_EQUAL(out.ptr, "a.x=1\ninclude.path=sub/one\na.z=3\n");
	sgit_buf_release(&top);
	sgit_buf_release(&p);
	sgit_buf_release(&out);
}

static void test_an_include_cycle_stops_at_gits_depth_limit(void)
{
	struct sgit_buf p = SGIT_BUF_INIT, out = SGIT_BUF_INIT, msg = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;

	tmp_path(&p, "loop");
	write_file(p.ptr, "[include]\n\tpath = loop\n");
	CU_ASSERT_EQUAL(load_listing(&out, p.ptr, NULL, 1, &err), SGIT_ECONFIG);
	sgit_buf_printf(&msg, "exceeded maximum include depth (10) while including\n\t%s/loop\nfrom\n\t"
			"%s/loop\nThis might be due to circular includes.", unit_tmpdir(), unit_tmpdir());
	CU_ASSERT_STRING_EQUAL(err.msg, msg.ptr);
	sgit_buf_release(&p);
	sgit_buf_release(&out);
	sgit_buf_release(&msg);
}

static void test_include_errors_are_bad_lines_of_the_includer(void)
{
	struct sgit_buf p = SGIT_BUF_INIT, bad = SGIT_BUF_INIT, out = SGIT_BUF_INIT, msg = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;

	tmp_path(&p, "inc-bare");
	write_file(p.ptr, "[include]\n\tpath\n");
	CU_ASSERT_EQUAL(load_listing(&out, p.ptr, NULL, 1, &err), SGIT_ECONFIG);
	sgit_buf_printf(&msg, "bad config line 2 in file %s", p.ptr);
	CU_ASSERT_STRING_EQUAL(err.msg, msg.ptr);
	/* a syntax error inside the included file names that file */
	tmp_path(&bad, "inc-broken");
	write_file(bad.ptr, "[x\n");
	write_file(p.ptr, "[include]\n\tpath = inc-broken\n");
	CU_ASSERT_EQUAL(load_listing(&out, p.ptr, NULL, 1, &err), SGIT_ECONFIG);
	sgit_buf_reset(&msg);
	sgit_buf_printf(&msg, "bad config line 1 in file %s", bad.ptr);
	CU_ASSERT_STRING_EQUAL(err.msg, msg.ptr);
	/* "~/" needs a home */
	write_file(p.ptr, "[include]\n\tpath = ~/x\n");
	CU_ASSERT_EQUAL(load_listing(&out, p.ptr, NULL, 1, &err), SGIT_ECONFIG);
	sgit_buf_release(&p);
	sgit_buf_release(&bad);
	sgit_buf_release(&out);
	sgit_buf_release(&msg);
}

static void test_include_conditions_on_gitdir_branch_and_home(void)
{
	struct sgit_buf p = SGIT_BUF_INIT, gd = SGIT_BUF_INIT, text = SGIT_BUF_INIT, out = SGIT_BUF_INIT;
	struct sgit_config_include_info info = { NULL, NULL, NULL };
	struct sgit_error err = SGIT_ERROR_INIT;

	tmp_path(&p, "cond/one");
	sgit_fs_mkdir_parent(p.ptr, &err);
	write_file(p.ptr, "[x]\n\tv = 1\n");
	tmp_path(&gd, "cond/Work/.git");
	sgit_fs_mkdir_p(gd.ptr, &err);
	sgit_buf_printf(&text,
		"[includeIf \"gitdir:%s/cond/\"]\n\tpath = one\n"
		"[includeIf \"gitdir:work/\"]\n\tpath = one\n"
		"[includeIf \"gitdir/i:work/\"]\n\tpath = one\n"
		"[includeIf \"gitdir:./Work/\"]\n\tpath = one\n"
		"[includeIf \"onbranch:feat*/\"]\n\tpath = one\n"
		"[includeIf \"hasconfig:remote.*.url:x\"]\n\tpath = one\n"
		"[include]\n\tpath = ~/one\n", unit_tmpdir());
	sgit_buf_reset(&p);
	tmp_path(&p, "cond/config");
	write_file(p.ptr, text.ptr);
	CU_ASSERT_EQUAL(load_listing(&out, p.ptr, &info, 1, &err), SGIT_ECONFIG);	/* no home for ~ */
	info.git_dir = gd.ptr;
	info.branch = "feature/a";
	sgit_buf_reset(&text);
	tmp_path(&text, "cond");
	info.home = text.ptr;
	CU_ASSERT_EQUAL(load_listing(&out, p.ptr, &info, 1, &err), 0);
	/* matched: the absolute prefix, gitdir/i, ./Work/, onbranch, ~/one */
	CU_ASSERT_PTR_NOT_NULL(strstr(out.ptr, "includeif.gitdir:./Work/.path=one\nx.v=1\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out.ptr, "includeif.gitdir:work/.path=one\nincludeif.gitdir/i"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out.ptr, "includeif.hasconfig:remote.*.url:x.path=one\ninclude.path"));
	{
		const char *q = out.ptr;
		int n = 0;

		while ((q = strstr(q, "x.v=1")))
			n++, q++;
		CU_ASSERT_EQUAL(n, 5);
	}
	sgit_buf_release(&p);
	sgit_buf_release(&gd);
	sgit_buf_release(&text);
	sgit_buf_release(&out);
}

CU_TestInfo config_parse_tests[] = {
	{ "sections, keys and bare keys read as git lists them", test_sections_keys_and_bare_keys },
	{ "values fold whitespace outside quotes and keep it inside", test_values_fold_whitespace_and_keep_quoted_spaces },
	{ "escapes in values: \\n \\t \\b \\\" \\\\ and nothing else", test_escapes_in_values },
	{ "a backslash at the end of a line continues the value", test_continuation_lines },
	{ "comments start with # or ; anywhere outside quotes", test_comments_anywhere_outside_quotes },
	{ "subsections keep their case and unescape \\\" and \\\\", test_subsections_keep_case_and_escapes },
	{ "section and name fold case, a quoted subsection does not", test_case_rules_section_and_name_fold_subsection_does_not },
	{ "a UTF-8 BOM is skipped, a partial one refused; CRLF reads as LF", test_bom_and_crlf },
	{ "syntax errors give git's message with its line number", test_syntax_errors_name_the_line_as_git },
	{ "a NUL byte ends a value and breaks a key", test_nul_bytes_end_a_value_or_break_a_key },
	{ "bytes from standard input are named as git names them", test_standard_input_is_named_as_git_does },
	{ "random bytes never crash the parser", test_random_bytes_never_crash_the_parser },
	CU_TEST_INFO_NULL,
};

CU_TestInfo config_value_tests[] = {
	{ "booleans: words in any case, empty, numbers", test_booleans_as_git_reads_them },
	{ "integers: k/m/g units, C bases, overflow refused", test_integers_with_units_and_overflow },
	{ "bad numbers get git's messages naming file and reason", test_bad_numbers_get_gits_messages },
	{ "a bad boolean names the value and the key", test_a_bad_boolean_names_value_and_key },
	{ "keys are canonicalised or refused with git's message", test_keys_are_canonicalised_or_refused_with_gits_message },
	{ "lookup takes the last value, in any case but the subsection's", test_lookup_takes_the_last_value_in_any_case_but_the_subsection },
	{ "foreach runs in precedence order and stops on request", test_foreach_runs_in_precedence_order_and_stops_on_request },
	{ "command-line parameters split at the first '='", test_command_line_parameters_as_git_splits_them },
	{ "a missing file adds nothing, a directory is an error", test_a_missing_file_adds_nothing_and_a_directory_is_an_error },
	CU_TEST_INFO_NULL,
};

CU_TestInfo config_include_tests[] = {
	{ "include.path is relative to the including file", test_include_path_is_relative_to_the_including_file },
	{ "an include cycle stops at git's depth limit", test_an_include_cycle_stops_at_gits_depth_limit },
	{ "include errors are bad lines of the including file", test_include_errors_are_bad_lines_of_the_includer },
	{ "includeIf on gitdir, gitdir/i, ./, onbranch; ~ needs a home", test_include_conditions_on_gitdir_branch_and_home },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "config syntax", .pTests = config_parse_tests },
	{ .pName = "config values and lookup", .pTests = config_value_tests },
	{ .pName = "config includes", .pTests = config_include_tests },
	CU_SUITE_INFO_NULL,
};
