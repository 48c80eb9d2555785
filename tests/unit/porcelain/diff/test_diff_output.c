/* tests/unit/porcelain/diff/test_diff_output.c: diff output formats, checked against git's */
#include <stdio.h>
#include <string.h>
#include "unit.h"
#include "porcelain/worktree/changes_int.h"
#include "porcelain/diff/diff_output_int.h"
#include "sgit/changes.h"
#include "sgit/repo.h"
#include "util/fs.h"

static int have_git;

static int setup(void)
{
	have_git = unit_sh("git --version") == 0 &&
		unit_sh("git init -q d1 && cd d1 && git config core.abbrev 7 && seq 1 30 >text && "
			"printf 'x' >nonl && printf 'b\\0in' >bin && echo gone >gone && mkdir -p sub && "
			"echo s >sub/s && echo m >moved && ln -s text link && git add . && "
			"git commit -qm one && git tag one && seq 2 31 >text && printf 'y' >nonl && "
			"printf 'b\\0in2' >bin && git rm -q gone && git mv moved sub/moved && "
			"chmod +x sub/s && rm link && ln -s nonl link && echo new >new && git add -A && "
			"git commit -qm two && git tag two") == 0;
	return 0;
}

/* ---- the summary line ---- */

static void test_summary_line(void)
{
	static const struct {
		size_t files, ins, del;
		const char *want;
	} cases[] = {
		{ 0, 0, 0, " 0 files changed\n" },
		{ 1, 0, 0, " 1 file changed, 0 insertions(+), 0 deletions(-)\n" },
		{ 1, 1, 0, " 1 file changed, 1 insertion(+)\n" },
		{ 2, 0, 1, " 2 files changed, 1 deletion(-)\n" },
		{ 3, 2, 5, " 3 files changed, 2 insertions(+), 5 deletions(-)\n" },
		{ 10, 1, 1, " 10 files changed, 1 insertion(+), 1 deletion(-)\n" },
	};
	struct sgit_buf out = SGIT_BUF_INIT;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		sgit_buf_reset(&out);
		CU_ASSERT_EQUAL(sgit_diff_stat_summary_add(&out, cases[i].files, cases[i].ins,
							   cases[i].del), 0);
		CU_ASSERT_STRING_EQUAL(out.ptr, cases[i].want);
	}
	sgit_buf_release(&out);
}

/* ---- names of renames ---- */

static void test_rename_names(void)
{
	static const struct {
		const char *from, *to, *want;
	} cases[] = {
		{ "one", "two", "one => two" },
		{ "a/x/c", "b/x/c", "{a => b}/x/c" },
		{ "dir/a", "dir/b/a", "dir/{ => b}/a" },
		{ "dir/b/a", "dir/a", "dir/{b => }/a" },
		{ "dir/sub/a.txt", "dir/sub/z.txt", "dir/sub/{a.txt => z.txt}" },
		{ "b", "dir/b", "b => dir/b" },
		{ "na\303\257ve", "x y", "\"na\\303\\257ve\" => x y" },
	};
	struct sgit_buf out = SGIT_BUF_INIT;
	struct diff_pair p;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		memset(&p, 0, sizeof(p));
		p.status = DIFF_STATUS_RENAMED;
		p.old_path = cases[i].from;
		p.old_len = strlen(cases[i].from);
		p.new_path = cases[i].to;
		p.new_len = strlen(cases[i].to);
		sgit_buf_reset(&out);
		CU_ASSERT_EQUAL(sgit_diff__pair_name_add(&out, &p, 1), 0);
		CU_ASSERT_STRING_EQUAL(out.ptr, cases[i].want);
	}
	sgit_buf_release(&out);
}

/* ---- whole outputs against git's ---- */

static void check_format(struct sgit_repo *repo, const struct sgit_changes *l, unsigned int format,
			 const char *git_args)
{
	struct sgit_diff_output_options opts = SGIT_DIFF_OUTPUT_OPTIONS_INIT;
	struct sgit_buf got = SGIT_BUF_INIT, want = SGIT_BUF_INIT, path = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;

	opts.format = format;
	sgit_buf_printf(&path, "%s/want", unit_tmpdir());
	CU_ASSERT_EQUAL(sgit_diff_output(repo, l, &opts, sgit_diff_write_buf, &got), 0);
	CU_ASSERT_EQUAL(unit_sh("cd d1 && COLUMNS=80 git diff %s one two >../want", git_args), 0);
	CU_ASSERT_EQUAL(sgit_fs_read_file(&want, path.ptr, &err), 0);
	CU_ASSERT_STRING_EQUAL(got.ptr, want.ptr);
	sgit_buf_release(&got);
	sgit_buf_release(&want);
	sgit_buf_release(&path);
}

static void test_formats_match_git(void)
{
	static const struct {
		unsigned int format;
		const char *args;
	} cases[] = {
		{ SGIT_DIFF_FORMAT_PATCH, "" },
		{ SGIT_DIFF_FORMAT_STAT, "--stat" },
		{ SGIT_DIFF_FORMAT_NUMSTAT, "--numstat" },
		{ SGIT_DIFF_FORMAT_SHORTSTAT | SGIT_DIFF_FORMAT_SUMMARY, "--shortstat --summary" },
		{ SGIT_DIFF_FORMAT_NAME_STATUS, "--name-status" },
		{ SGIT_DIFF_FORMAT_NAME_ONLY | SGIT_DIFF_FORMAT_STAT, "--name-only" },
		{ SGIT_DIFF_FORMAT_STAT | SGIT_DIFF_FORMAT_PATCH, "--stat -p" },
	};
	struct sgit_changes l = SGIT_CHANGES_INIT;
	struct sgit_repo *repo;
	struct sgit_oid a, b;
	size_t i;

	if (!have_git || !(repo = unit_open_repo("d1")))
		return;
	CU_ASSERT_EQUAL_FATAL(unit_tree_of(&a, repo, "one") == 0 && unit_tree_of(&b, repo, "two") == 0, 1);
	CU_ASSERT_EQUAL(sgit_changes_tree_tree(&l, repo, &a, &b, NULL), 0);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		check_format(repo, &l, cases[i].format, cases[i].args);
	sgit_changes_release(&l);
	sgit_repo_free(repo);
}

static int stop_writer(const char *data, size_t len, void *payload)
{
	(void)data;
	(void)len;
	++*(int *)payload;
	return 7;
}

static void test_writer_stops_output(void)
{
	struct sgit_diff_output_options opts = SGIT_DIFF_OUTPUT_OPTIONS_INIT;
	struct sgit_changes l = SGIT_CHANGES_INIT;
	struct sgit_repo *repo;
	struct sgit_oid a, b;
	int calls = 0;

	if (!have_git || !(repo = unit_open_repo("d1")))
		return;
	CU_ASSERT_EQUAL_FATAL(unit_tree_of(&a, repo, "one") == 0 && unit_tree_of(&b, repo, "two") == 0, 1);
	CU_ASSERT_EQUAL(sgit_changes_tree_tree(&l, repo, &a, &b, NULL), 0);
	CU_ASSERT_EQUAL(sgit_diff_output(repo, &l, &opts, stop_writer, &calls), 7);
	CU_ASSERT_EQUAL(calls, 1);
	sgit_changes_release(&l);
	sgit_repo_free(repo);
}

static void test_nothing_for_no_changes(void)
{
	struct sgit_diff_output_options opts = SGIT_DIFF_OUTPUT_OPTIONS_INIT;
	struct sgit_changes l = SGIT_CHANGES_INIT;
	struct sgit_buf out = SGIT_BUF_INIT;
	struct sgit_repo *repo;

	if (!have_git || !(repo = unit_open_repo("d1")))
		return;
	opts.format = SGIT_DIFF_FORMAT_STAT | SGIT_DIFF_FORMAT_SHORTSTAT | SGIT_DIFF_FORMAT_PATCH;
	CU_ASSERT_EQUAL(sgit_diff_output(repo, &l, &opts, sgit_diff_write_buf, &out), 0);
	CU_ASSERT_EQUAL(out.len, 0);
	sgit_buf_release(&out);
	sgit_repo_free(repo);
}

/* A work-tree change whose id is not known yet, the index side being old_hex. */
static void push_unknown(struct sgit_changes *l, const char *path, const char *old_hex)
{
	struct sgit_change *c = sgit_changes__push(l, path, strlen(path), SGIT_CHANGE_MODIFIED);

	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	c->old_mode = c->new_mode = 0100644;
	CU_ASSERT_EQUAL(sgit_oid_fromhex(&c->old_id, old_hex), 0);
}

static void test_settle_drops_stat_only_changes(void)
{
	struct sgit_changes l = SGIT_CHANGES_INIT;
	struct sgit_repo *repo;
	size_t dropped = 9;

	if (!have_git || !(repo = unit_open_repo("d1")))
		return;
	CU_ASSERT_EQUAL_FATAL(unit_sh("cd d1 && echo new >same && echo other >differs"), 0);
	/* both were "new\n" in the index: one still is */
	push_unknown(&l, "differs", "3e757656cf36eca53338e520d134963a44f793f8");
	push_unknown(&l, "same", "3e757656cf36eca53338e520d134963a44f793f8");
	CU_ASSERT_EQUAL(sgit_diff_settle_worktree(&l, &dropped, repo), 0);
	CU_ASSERT_EQUAL(dropped, 1);
	CU_ASSERT_EQUAL_FATAL(l.nr, 1);
	CU_ASSERT_STRING_EQUAL(l.items[0].path, "differs");
	CU_ASSERT_EQUAL(l.items[0].new_id_known, 1);
	sgit_changes_release(&l);
	sgit_repo_free(repo);
}

/* ---- colours ---- */

/* Lines with white-space errors of every kind, blank lines added at the end, a function context. */
static const char ws_repo[] =
	"rm -rf d2 && git init -q d2 && cd d2 && "
	"printf 'func_a(void)\\n1\\n2\\n3\\n4\\n\\tfoo();\\ncr\\r\\nlast' >f && "
	"printf 'bin\\0' >bin && git add . && git commit -q -m one && git tag one && "
	"printf 'func_a(void)\\n1\\n2\\n3\\n4\\n\\tfoo();  \\n  \\tbar();\\n"
	"        eight\\n \\t x\\t\\ncr2\\r\\nlast\\n\\n \\n' >f && "
	"printf 'bin\\0two' >bin && printf 'a\\nb\\n' >new && git add . && "
	"git commit -q -m two && git tag two";

static void test_colors_match_git(void)
{
	static const char *const configs[] = {
		"",
		"color.diff.meta 'red ul' && git config color.diff.frag 'yellow bold'",
		"color.diff.context blue && git config color.diff.func magenta",
		"core.whitespace indent-with-non-tab,cr-at-eol,tabwidth=4",
		"core.whitespace tab-in-indent,-space-before-tab,-blank-at-eof",
		"diff.wsErrorHighlight all && git config color.diff.plain green",
		"color.diff.whitespace normal",
	};
	struct sgit_buf got = SGIT_BUF_INIT, want = SGIT_BUF_INIT, path = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_changes l = SGIT_CHANGES_INIT;
	struct sgit_repo *repo;
	struct sgit_oid a, b;
	size_t i;

	if (!have_git)
		return;
	sgit_buf_printf(&path, "%s/want", unit_tmpdir());
	for (i = 0; i < sizeof(configs) / sizeof(configs[0]); i++) {
		struct sgit_diff_output_options opts = SGIT_DIFF_OUTPUT_OPTIONS_INIT;

		CU_ASSERT_EQUAL_FATAL(unit_sh("%s", ws_repo), 0);
		CU_ASSERT_EQUAL(unit_sh("cd d2 && %s%s && git diff --color=always --stat -p one two "
					">../want", *configs[i] ? "git config " : "true", configs[i]), 0);
		if (!(repo = unit_open_repo("d2")))
			continue;
		CU_ASSERT_EQUAL(sgit_diff_output_config(&opts, repo), 0);
		opts.color = 1;
		opts.format = SGIT_DIFF_FORMAT_PATCH | SGIT_DIFF_FORMAT_STAT;
		CU_ASSERT_EQUAL(unit_tree_of(&a, repo, "one") == 0 && unit_tree_of(&b, repo, "two") == 0, 1);
		CU_ASSERT_EQUAL(sgit_changes_tree_tree(&l, repo, &a, &b, NULL), 0);
		sgit_buf_reset(&got);
		CU_ASSERT_EQUAL(sgit_diff_output(repo, &l, &opts, sgit_diff_write_buf, &got), 0);
		CU_ASSERT_EQUAL(sgit_fs_read_file(&want, path.ptr, &err), 0);
		CU_ASSERT_STRING_EQUAL(got.ptr, want.ptr);
		sgit_changes_release(&l);
		sgit_repo_free(repo);
	}
	sgit_buf_release(&got);
	sgit_buf_release(&want);
	sgit_buf_release(&path);
}

static void test_bad_color_settings(void)
{
	static const struct {
		const char *config, *message;
	} cases[] = {
		{ "color.diff.meta 'red blinky'", "invalid color value: red blinky" },
		{ "core.whitespace tab-in-indent,indent-with-non-tab",
		  "cannot enforce both tab-in-indent and indent-with-non-tab" },
		{ "diff.wsErrorHighlight newer", "bad config variable 'diff.wserrorhighlight'" },
	};
	struct sgit_repo *repo;
	size_t i;

	if (!have_git)
		return;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct sgit_diff_output_options opts = SGIT_DIFF_OUTPUT_OPTIONS_INIT;

		CU_ASSERT_EQUAL_FATAL(unit_sh("rm -rf d3 && git init -q d3 && git -C d3 config %s",
					      cases[i].config), 0);
		if (!(repo = unit_open_repo("d3")))
			continue;
		CU_ASSERT_EQUAL(sgit_diff_output_config(&opts, repo), SGIT_ECONFIG);
		CU_ASSERT_STRING_EQUAL(sgit_error_message(sgit_repo_error(repo)), cases[i].message);
		sgit_repo_free(repo);
	}
}

static void test_ws_error_highlight_values(void)
{
	static const struct {
		const char *value;
		int rc;
		unsigned int want;
		size_t bad_at;
	} cases[] = {
		{ "none", 0, 0, 0 },
		{ "default", 0, SGIT_DIFF_WS_HIGHLIGHT_NEW, 0 },
		{ "all", 0, 7, 0 },
		{ "old,context", 0, SGIT_DIFF_WS_HIGHLIGHT_OLD | SGIT_DIFF_WS_HIGHLIGHT_CONTEXT, 0 },
		{ "all,none,new", 0, SGIT_DIFF_WS_HIGHLIGHT_NEW, 0 },
		{ "new,", 0, SGIT_DIFF_WS_HIGHLIGHT_NEW, 0 },
		{ "", 0, 0, 0 },
		{ "foo,new", -1, 0, 0 },
		{ "new,foo", -1, 0, 4 },
		{ "new,,old", -1, 0, 4 },
	};
	const char *bad;
	unsigned int got;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		got = 99;
		bad = NULL;
		CU_ASSERT_EQUAL(sgit_diff_parse_ws_error_highlight(&got, cases[i].value, &bad, NULL),
				cases[i].rc);
		if (cases[i].rc == 0) {
			CU_ASSERT_EQUAL(got, cases[i].want);
		} else {
			CU_ASSERT_PTR_EQUAL(bad, cases[i].value + cases[i].bad_at);
		}
	}
}

static CU_TestInfo diff_output_tests[] = {
	{ "the summary line counts as git does, singular and plural", test_summary_line },
	{ "renames are named with their common folders outside braces", test_rename_names },
	{ "every format prints what git prints between two commits", test_formats_match_git },
	{ "a writer that fails stops the output with its code", test_writer_stops_output },
	{ "an empty change list prints nothing", test_nothing_for_no_changes },
	{ "a file only touched is no change once hashed", test_settle_drops_stat_only_changes },
	{ "colours and white-space errors are git's, with color.diff and core.whitespace",
	  test_colors_match_git },
	{ "bad colour and white-space settings are refused with git's words",
	  test_bad_color_settings },
	{ "--ws-error-highlight takes git's words and names a bad one", test_ws_error_highlight_values },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "diff output", .pInitFunc = setup, .pTests = diff_output_tests },
	CU_SUITE_INFO_NULL,
};
