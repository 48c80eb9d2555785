/* tests/unit/porcelain/branches/test_ref_format.c: ref formats, sort keys and filters over a repository git made */
#include <stdio.h>
#include <string.h>
#include "unit.h"
#include "porcelain/branches/ref_format_int.h"
#include "sgit/ref_format.h"
#include "sgit/repo.h"

static struct sgit_repo *repo;
static struct sgit_error repo_err = SGIT_ERROR_INIT;

static const char *no_env(const char *name)
{
	return !strcmp(name, "GIT_CONFIG_NOSYSTEM") ? "1" : NULL;
}

/*
 * main: two commits (the second with a subject of two lines and a body);
 * v1 an annotated tag with a signature-like block, outer a tag of v1, tree a
 * tag of a tree, lw a lightweight tag; version-sorted names; an odd commit
 * that git would never write (garbage bytes) under refs/odd/junk, written
 * by hand since git's update-ref refuses it.
 */
static int fixture_setup(void)
{
	struct sgit_repo_options o = SGIT_REPO_OPTIONS_INIT;
	char dir[600];

	if (unit_sh("git init -q -b main rf && cd rf && "
		    "GIT_AUTHOR_DATE='1112911993 -0700' GIT_COMMITTER_DATE='1112912053 -0700' "
		    "git commit -q --allow-empty -m one && "
		    "GIT_AUTHOR_DATE='1112999993 +0130' GIT_COMMITTER_DATE='1113000053 +0130' "
		    "git commit -q --allow-empty -m 'two\nlines' -m 'the body' && "
		    "GIT_COMMITTER_DATE='1113100000 +0000' git tag -a -m 'tag one' "
		    "-m '-----BEGIN PGP SIGNATURE-----' -m 'x' v1 HEAD~1 && "
		    "GIT_COMMITTER_DATE='1113100000 +0000' git -c advice.nestedTag=false tag -a -m outer outer v1 && "
		    "GIT_COMMITTER_DATE='1113100000 +0000' git tag -a -m tree tree 'HEAD^{tree}' && "
		    "git tag lw && git tag v1.10 && git tag v1.9 && git tag v1.9-rc1 && "
		    "mkdir -p .git/refs/odd && printf 'junk\\0\\n\\nno headers' | "
		    "git hash-object -t commit -w --literally --stdin >.git/refs/odd/junk") != 0)
		return 1;
	snprintf(dir, sizeof(dir), "%s/rf", unit_tmpdir());
	o.start_dir = dir;
	o.getenv = no_env;
	return sgit_repo_open(&repo, &o, &repo_err) == 0 ? 0 : 1;
}

static int fixture_teardown(void)
{
	sgit_repo_free(repo);
	return 0;
}

/* Expand format for every ref the patterns pick, one line each; < 0 on error. */
static int list(struct sgit_buf *out, const char *format, const char *const *sort, size_t nsort,
		const char *const *patterns, size_t npatterns)
{
	struct sgit_ref_filter f = SGIT_REF_FILTER_INIT;
	struct sgit_ref_format *fmt = NULL;
	struct sgit_ref_list *l = NULL;
	struct sgit_buf line = SGIT_BUF_INIT;
	size_t i;
	int rc;

	sgit_buf_reset(out);
	f.patterns = patterns;
	f.npatterns = npatterns;
	if ((rc = sgit_ref_format_new(&fmt, NULL, repo, format, NULL)) < 0)
		goto out;
	for (i = 0; i < nsort && rc == 0; i++)
		rc = sgit_ref_format_add_sort(fmt, sort[i]);
	if (rc < 0 || (rc = sgit_ref_list_collect(&l, repo, &f)) < 0 || (rc = sgit_ref_list_sort(l, fmt)) < 0)
		goto out;
	for (i = 0; i < sgit_ref_list_count(l) && rc == 0; i++)
		if ((rc = sgit_ref_format_expand(&line, fmt, l, i)) == 0)
			rc = sgit_buf_addf(out, "%s\n", line.ptr);
out:
	sgit_buf_release(&line);
	sgit_ref_list_free(l);
	sgit_ref_format_free(fmt);
	return rc;
}

static const char *one(struct sgit_buf *out, const char *format, const char *ref)
{
	const char *pattern[] = { ref };

	if (list(out, format, NULL, 0, pattern, 1) < 0)
		return sgit_error_message(sgit_repo_error(repo));
	return out->ptr;
}

/* format, ref, the line git for-each-ref prints for it */
static const struct {
	const char *format, *ref, *want;
} lines[] = {
	{ "%(refname:short)|%(refname:lstrip=1)|%(refname:rstrip=-1)|%(refname:strip=-1)", "refs/heads/main",
	  "main|heads/main|refs|main\n" },
	{ "%(refname:lstrip=5)|%(refname:rstrip=5)|%(*refname)", "refs/heads/main", "||refs/heads/main^{}\n" },
	{ "%(subject)|%(body)|%(numparent)", "refs/heads/main", "two lines|the body\n|1\n" },
	{ "%(subject:sanitize)", "refs/heads/main", "two-lines\n" },
	{ "%(contents:subject)|%(contents:body)|%(contents:signature)", "refs/tags/v1",
	  "tag one||-----BEGIN PGP SIGNATURE-----\n\nx\n\n" },
	{ "%(objecttype) %(*objecttype) %(type) %(tag)", "refs/tags/outer", "tag tag tag outer\n" },
	{ "%(*objecttype)|%(*subject)", "refs/tags/tree", "tree|\n" },
	{ "%(taggername) %(taggeremail:trim) %(taggerdate:iso)", "refs/tags/v1",
	  "C c@x 2005-04-10 02:26:40 +0000\n" },
	{ "%(authordate:short)|%(committerdate:raw)|%(creatordate:unix)", "refs/heads/main",
	  "2005-04-09|1113000053 +0130|1113000053\n" },
	{ "%(*authordate:short)|%(*committername)|%(authorname)", "refs/tags/v1", "2005-04-07|C|\n" },
	{ "%(if)%(*objecttype)%(then)deref%(else)plain%(end)", "refs/tags/lw", "plain\n" },
	{ "%(if:equals=tag)%(objecttype)%(then)yes%(end)|%(if:notequals=x)%(then)ne%(end)", "refs/tags/v1",
	  "yes|ne\n" },
	{ "[%(align:6,right)%(objecttype)%(end)][%(align:middle,7)ab%(end)]", "refs/tags/v1",
	  "[   tag][  ab   ]\n" },
	{ "%%%41%(HEAD)%4", "refs/heads/main", "%A*%4\n" },
	{ "%(objecttype) %(objectsize)", "refs/odd/junk", "commit 17\n" },
};

static void test_atoms_give_what_git_prints(void)
{
	struct sgit_buf out = SGIT_BUF_INIT;
	size_t i;

	for (i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
		const char *got = one(&out, lines[i].format, lines[i].ref);

		CU_ASSERT_STRING_EQUAL(got, lines[i].want);
		if (strcmp(got, lines[i].want))
			printf("\n  %s on %s: [%s]\n", lines[i].format, lines[i].ref, got);
	}
	sgit_buf_release(&out);
}

/* format, git's message, 1 when git calls it malformed (usage) rather than dying */
static const struct {
	const char *format, *message;
	int malformed;
} bad_formats[] = {
	{ "%(bogus)", "unknown field name: bogus", 0 },
	{ "%(*bogus:x)", "unknown field name: *bogus:x", 0 },
	{ "%()", "malformed field name: ", 0 },
	{ "%(*)", "malformed field name: *", 0 },
	{ "%(refname", "malformed format string %(refname", 1 },
	{ "%(bogus)%(refname", "unknown field name: bogus", 0 },
	{ "%(refname:x)", "unrecognized %(refname:x) argument: x", 0 },
	{ "%(refname:strip=a)", "Integer value expected refname:lstrip=a", 0 },
	{ "%(objectname:short=0)", "positive value expected '0' in %(objectname:short=0)", 0 },
	{ "%(objecttype:x)", "%(objecttype) does not take arguments", 0 },
	{ "%(body:x)", "%(body) does not take arguments", 0 },
	{ "%(contents:lines=-1)", "positive value expected contents:lines=-1", 0 },
	{ "%(authoremail:x)", "unrecognized email option: x", 0 },
	{ "%(align)", "expected format: %(align:<width>,<position>)", 0 },
	{ "%(align:left)", "positive width expected with the %(align) atom", 0 },
	{ "%(align:position=up)", "unrecognized position:up", 0 },
	{ "%(if:maybe)", "unrecognized %(if) argument: maybe", 0 },
	{ "%(color)", "expected format: %(color:<color>)", 0 },
	{ "%(color:bogus)", "unrecognized color: %(color:bogus)", 0 },
	{ "%(upstream:x)", "unrecognized %(upstream:x) argument: x", 0 },
	{ "%(rest)", "this command reject atom %(rest)", 0 },
};

static void test_bad_formats_are_refused_with_gits_message(void)
{
	struct sgit_ref_format *fmt = NULL;
	size_t i;
	int malformed;

	for (i = 0; i < sizeof(bad_formats) / sizeof(bad_formats[0]); i++) {
		malformed = -1;
		CU_ASSERT_EQUAL(sgit_ref_format_new(&fmt, &malformed, repo, bad_formats[i].format, NULL),
				SGIT_EINVALID);
		CU_ASSERT_PTR_NULL(fmt);
		CU_ASSERT_EQUAL(malformed, bad_formats[i].malformed);
		CU_ASSERT_STRING_EQUAL(sgit_error_message(sgit_repo_error(repo)), bad_formats[i].message);
		if (strcmp(sgit_error_message(sgit_repo_error(repo)), bad_formats[i].message))
			printf("\n  %s: %s\n", bad_formats[i].format, sgit_error_message(sgit_repo_error(repo)));
	}
}

/* The block errors show up only when a ref is expanded, as in git. */
static void test_unbalanced_blocks_fail_when_a_ref_is_shown(void)
{
	static const char *const cases[][2] = {
		{ "%(if)x", "format: %(end) atom missing" },
		{ "%(end)", "format: %(end) atom used without corresponding atom" },
		{ "%(then)", "format: %(then) atom used without a %(if) atom" },
		{ "%(if)%(else)%(end)", "format: %(else) atom used without a %(then) atom" },
		{ "%(if)%(then)%(then)%(end)", "format: %(then) atom used more than once" },
		{ "%(if)%(end)", "format: %(if) atom used without a %(then) atom" },
		{ "%(authordate:nope)", "unknown date format nope" },
	};
	struct sgit_buf out = SGIT_BUF_INIT;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		CU_ASSERT_STRING_EQUAL(one(&out, cases[i][0], "refs/heads/main"), cases[i][1]);
	sgit_buf_release(&out);
}

/* Like git, an atom that reads an object it cannot parse fails the listing; the others do not. */
static void test_an_unparsable_object_fails_the_atoms_that_read_it(void)
{
	static const char *const formats[] = { "%(authorname)", "%(raw:size)", "%(subject)", "%(tree)" };
	static const char prefix[] = "parse_object_buffer failed on ";
	struct sgit_buf out = SGIT_BUF_INIT;
	size_t i;

	for (i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
		const char *got = one(&out, formats[i], "refs/odd/junk");

		CU_ASSERT(!strncmp(got, prefix, strlen(prefix)) && strstr(got, " for refs/odd/junk"));
	}
	CU_ASSERT_STRING_EQUAL(one(&out, "%(refname) %(objectname:short=4)", "refs/odd/junk"),
			       "refs/odd/junk a30a\n");
	sgit_buf_release(&out);
}

static void test_the_last_sort_key_counts_most_and_versions_sort_as_git(void)
{
	static const char *const tags[] = { "refs/tags/v1.*" };
	static const char *const by_version[] = { "version:refname" };
	static const char *const two_keys[] = { "-refname", "objecttype" };
	struct sgit_buf out = SGIT_BUF_INIT;

	CU_ASSERT_EQUAL(list(&out, "%(refname:short)", NULL, 0, tags, 1), 0);
	CU_ASSERT_STRING_EQUAL(out.ptr, "v1.10\nv1.9\nv1.9-rc1\n");
	CU_ASSERT_EQUAL(list(&out, "%(refname:short)", by_version, 1, tags, 1), 0);
	CU_ASSERT_STRING_EQUAL(out.ptr, "v1.9\nv1.9-rc1\nv1.10\n");
	CU_ASSERT_EQUAL(list(&out, "%(refname:short)", two_keys, 2, NULL, 0), 0);
	CU_ASSERT_STRING_EQUAL(out.ptr, "v1.9-rc1\nv1.9\nv1.10\nlw\nodd/junk\nmain\nv1\ntree\nouter\n");
	sgit_buf_release(&out);
}

/* pattern, the refs it picks under for-each-ref's rule */
static const struct {
	const char *pattern, *want;
} patterns[] = {
	{ "refs/tags", "lw outer tree v1 v1.10 v1.9 v1.9-rc1" },
	{ "refs/tags/", "lw outer tree v1 v1.10 v1.9 v1.9-rc1" },
	{ "refs/ta", "" },
	{ "refs/tags/v1", "v1" },
	{ "refs/tags/v1*", "v1 v1.10 v1.9 v1.9-rc1" },
	{ "refs/*/main", "main" },
	{ "*", "" },
	{ "refs/**", "main junk lw outer tree v1 v1.10 v1.9 v1.9-rc1" },
	{ "refs/odd/junk/", "" },
	{ "main", "" },
};

static void test_patterns_pick_refs_by_prefix_or_glob(void)
{
	struct sgit_buf out = SGIT_BUF_INIT;
	size_t i, j;

	for (i = 0; i < sizeof(patterns) / sizeof(patterns[0]); i++) {
		const char *p[] = { patterns[i].pattern };

		CU_ASSERT_EQUAL(list(&out, "%(refname:lstrip=-1)", NULL, 0, p, 1), 0);
		for (j = 0; j < out.len; j++)
			if (out.ptr[j] == '\n')
				out.ptr[j] = j + 1 < out.len ? ' ' : '\0';
		CU_ASSERT_STRING_EQUAL(out.ptr, patterns[i].want);
		if (strcmp(out.ptr, patterns[i].want))
			printf("\n  %s: [%s]\n", patterns[i].pattern, out.ptr);
	}
	sgit_buf_release(&out);
}

static void test_quoting_styles_quote_each_value(void)
{
	static const struct { enum sgit_ref_quote q; const char *want; } cases[] = {
		{ SGIT_REF_QUOTE_SHELL, "'two lines' 'the body\n'" },
		{ SGIT_REF_QUOTE_PERL, "'two lines' 'the body\n'" },
		{ SGIT_REF_QUOTE_PYTHON, "'two lines' 'the body\\n'" },
		{ SGIT_REF_QUOTE_TCL, "\"two lines\" \"the body\\n\"" },
	};
	struct sgit_ref_format_options o = SGIT_REF_FORMAT_OPTIONS_INIT;
	struct sgit_ref_filter f = SGIT_REF_FILTER_INIT;
	const char *main_only[] = { "refs/heads/main" };
	struct sgit_ref_format *fmt = NULL;
	struct sgit_ref_list *l = NULL;
	struct sgit_buf out = SGIT_BUF_INIT;
	size_t i;

	f.patterns = main_only;
	f.npatterns = 1;
	CU_ASSERT_EQUAL_FATAL(sgit_ref_list_collect(&l, repo, &f), 0);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		o.quote = cases[i].q;
		CU_ASSERT_EQUAL(sgit_ref_format_new(&fmt, NULL, repo, "%(subject) %(body)", &o), 0);
		if (fmt && sgit_ref_format_expand(&out, fmt, l, 0) == 0)
			CU_ASSERT_STRING_EQUAL(out.ptr, cases[i].want);
		sgit_ref_format_free(fmt);
		fmt = NULL;
	}
	o.quote = SGIT_REF_QUOTE_SHELL;
	CU_ASSERT_EQUAL(sgit_ref_format_new(&fmt, NULL, repo, "%(raw)", &o), SGIT_EINVALID);
	sgit_ref_list_free(l);
	sgit_buf_release(&out);
}

/* color words, the escape sequence git makes of them (NULL: refused) */
static const struct {
	const char *spec, *want;
} colors[] = {
	{ "red", "\033[31m" }, { "bold red", "\033[1;31m" }, { "red blue", "\033[31;44m" },
	{ "brightgreen", "\033[92m" }, { "normal red", "\033[41m" }, { "reset", "\033[m" },
	{ "reset red", "\033[;31m" }, { "ul nobold", "\033[4;22m" }, { "no-italic", "\033[23m" },
	{ "#ff8000", "\033[38;2;255;128;0m" }, { "196 17", "\033[38;5;196;48;5;17m" },
	{ "7", "\033[37m" }, { "9", "\033[91m" }, { "-1", "" }, { "default", "\033[39m" },
	{ "RED Bold", NULL }, { "RED", "\033[31m" }, { "bogus", NULL }, { "red blue green", NULL },
	{ "256", NULL }, { "-2", NULL }, { "#12345", NULL }, { "", "" },
};

static void test_colors_are_git_color_syntax(void)
{
	struct sgit_buf out = SGIT_BUF_INIT;
	size_t i;

	for (i = 0; i < sizeof(colors) / sizeof(colors[0]); i++) {
		int rc = ref_color_parse(&out, colors[i].spec);

		CU_ASSERT_EQUAL(rc < 0, colors[i].want == NULL);
		if (rc == 0 && colors[i].want)
			CU_ASSERT_STRING_EQUAL(out.ptr, colors[i].want);
	}
	sgit_buf_release(&out);
}

static CU_TestInfo tests[] = {
	{ "atoms give what git prints", test_atoms_give_what_git_prints },
	{ "bad formats are refused with git's message", test_bad_formats_are_refused_with_gits_message },
	{ "unbalanced blocks fail when a ref is shown", test_unbalanced_blocks_fail_when_a_ref_is_shown },
	{ "an unparsable object fails the atoms that read it",
	  test_an_unparsable_object_fails_the_atoms_that_read_it },
	{ "the last sort key counts most and versions sort as git",
	  test_the_last_sort_key_counts_most_and_versions_sort_as_git },
	{ "patterns pick refs by prefix or glob", test_patterns_pick_refs_by_prefix_or_glob },
	{ "quoting styles quote each value", test_quoting_styles_quote_each_value },
	{ "colors are git's color syntax", test_colors_are_git_color_syntax },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "ref formats", .pInitFunc = fixture_setup, .pCleanupFunc = fixture_teardown, .pTests = tests },
	CU_SUITE_INFO_NULL,
};
