/* tests/unit/porcelain/remote/test_remote.c: remotes read from configuration, and git remote's edits */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "unit.h"
#include "sgit/refs.h"
#include "sgit/remote.h"
#include "sgit/repo.h"
#include "util/fs.h"

/* A config of the given text in the given scope (appended to *cfg, made when NULL). */
static struct sgit_config *config_of(struct sgit_config *cfg, const char *text,
				     enum sgit_config_scope scope)
{
	struct sgit_error err = SGIT_ERROR_INIT;

	if (!cfg && sgit_config_new(&cfg) < 0)
		return NULL;
	if (sgit_config_add_buffer(cfg, text, strlen(text), "test", scope, &err) < 0)
		fprintf(stderr, "config: %s\n", err.msg);
	return cfg;
}

static void test_everything_a_remote_says_is_read(void)
{
	struct sgit_config *cfg = config_of(NULL,
		"[fetch]\n\tprune = true\n"
		"[remote \"origin\"]\n\turl = /a\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n"
		"\tpushurl = /p\n\tfetch = ^refs/heads/wip/*\n\ttagOpt = --no-tags\n"
		"\tpush = refs/heads/main:refs/heads/up\n\turl = /b\n\tpruneTags = yes\n"
		"[remote \"other\"]\n\turl = /o\n\tprune = false\n\ttagopt = --tags\n",
		SGIT_CONFIG_SCOPE_LOCAL);
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_remote *r = NULL;

	CU_ASSERT_EQUAL_FATAL(sgit_remote_from_config(&r, cfg, "origin", &err), 0);
	CU_ASSERT_STRING_EQUAL(r->name, "origin");
	CU_ASSERT_EQUAL_FATAL(r->nurls, 2);
	CU_ASSERT_STRING_EQUAL(r->urls[0], "/a");
	CU_ASSERT_STRING_EQUAL(r->urls[1], "/b");
	CU_ASSERT_EQUAL_FATAL(r->npushurls, 1);
	CU_ASSERT_STRING_EQUAL(r->pushurls[0], "/p");
	CU_ASSERT_EQUAL_FATAL(r->fetch.n, 2);
	CU_ASSERT_STRING_EQUAL(r->fetch.items[0].string, "+refs/heads/*:refs/remotes/origin/*");
	CU_ASSERT(r->fetch.items[1].negative);
	CU_ASSERT_EQUAL_FATAL(r->push.n, 1);
	CU_ASSERT_STRING_EQUAL(r->push.items[0].dst, "refs/heads/up");
	CU_ASSERT_EQUAL(r->tags, SGIT_REMOTE_TAGS_NONE);
	CU_ASSERT_EQUAL(r->prune, 1);		/* fetch.prune */
	CU_ASSERT_EQUAL(r->prune_tags, 1);
	CU_ASSERT(r->in_repo);
	sgit_remote_free(r);
	CU_ASSERT_EQUAL_FATAL(sgit_remote_from_config(&r, cfg, "other", &err), 0);
	CU_ASSERT_EQUAL(r->prune, 0);		/* its own setting wins */
	CU_ASSERT_EQUAL(r->prune_tags, 0);
	CU_ASSERT_EQUAL(r->tags, SGIT_REMOTE_TAGS_ALL);
	CU_ASSERT_EQUAL(r->fetch.n, 0);
	sgit_remote_free(r);
	sgit_config_free(cfg);
}

static void test_missing_and_broken_remotes(void)
{
	struct sgit_config *cfg = config_of(NULL,
		"[remote \"bad\"]\n\turl = /x\n\tfetch = refs/heads/*\n"
		"[remote \"bare\"]\n\turl\n[remote]\n\tpushDefault = bad\n",
		SGIT_CONFIG_SCOPE_LOCAL);
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_remote *r = (struct sgit_remote *)&err;

	CU_ASSERT_EQUAL(sgit_remote_from_config(&r, cfg, "nope", &err), SGIT_ENOTFOUND);
	CU_ASSERT_STRING_EQUAL(err.msg, "No such remote 'nope'");
	CU_ASSERT_PTR_NULL(r);
	CU_ASSERT_EQUAL(sgit_remote_from_config(&r, cfg, "bad", &err), SGIT_EINVALID);
	CU_ASSERT_STRING_EQUAL(err.msg, "invalid refspec 'refs/heads/*'");
	CU_ASSERT_EQUAL(sgit_remote_from_config(&r, cfg, "bare", &err), SGIT_ECONFIG);
	CU_ASSERT_STRING_EQUAL(err.msg, "missing value for 'remote.bare.url'");
	/* remote.pushDefault has no subsection: it is no remote called "pushDefault" */
	CU_ASSERT_EQUAL(sgit_remote_from_config(&r, cfg, "pushDefault", &err), SGIT_ENOTFOUND);
	sgit_config_free(cfg);
}

/* As git (checked with git remote -v): the longest insteadOf wins; pushInsteadOf adds push URLs. */
static void test_urls_are_rewritten_as_git_does(void)
{
	struct sgit_config *cfg = config_of(NULL,
		"[url \"git@host:\"]\n\tinsteadOf = https://host/\n"
		"[url \"longer:\"]\n\tinsteadOf = https://host/a/\n"
		"[url \"push:\"]\n\tpushInsteadOf = https://host/\n"
		"[remote \"o\"]\n\turl = https://host/a/repo\n\turl = https://host/b\n\turl = other\n"
		"[remote \"p\"]\n\turl = https://host/x\n\tpushurl = https://host/y\n",
		SGIT_CONFIG_SCOPE_LOCAL);
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf out = SGIT_BUF_INIT;
	struct sgit_remote *r = NULL;

	CU_ASSERT_EQUAL_FATAL(sgit_remote_from_config(&r, cfg, "o", &err), 0);
	CU_ASSERT_EQUAL_FATAL(r->nurls, 3);
	CU_ASSERT_STRING_EQUAL(r->urls[0], "longer:repo");
	CU_ASSERT_STRING_EQUAL(r->urls[1], "git@host:b");
	CU_ASSERT_STRING_EQUAL(r->urls[2], "other");
	CU_ASSERT_EQUAL_FATAL(r->npushurls, 2);
	CU_ASSERT_STRING_EQUAL(r->pushurls[0], "push:a/repo");
	CU_ASSERT_STRING_EQUAL(r->pushurls[1], "push:b");
	sgit_remote_free(r);
	CU_ASSERT_EQUAL_FATAL(sgit_remote_from_config(&r, cfg, "p", &err), 0);
	CU_ASSERT_EQUAL_FATAL(r->npushurls, 1);
	CU_ASSERT_STRING_EQUAL(r->pushurls[0], "git@host:y");
	sgit_remote_free(r);
	CU_ASSERT_EQUAL(sgit_remote_rewrite_url(&out, cfg, "https://host/z", 1), 0);
	CU_ASSERT_STRING_EQUAL(out.ptr, "push:z");
	CU_ASSERT_EQUAL(sgit_remote_rewrite_url(&out, cfg, "https://host/z", 0), 0);
	CU_ASSERT_STRING_EQUAL(out.ptr, "git@host:z");
	CU_ASSERT_EQUAL(sgit_remote_rewrite_url(&out, cfg, "/plain", 0), 0);
	CU_ASSERT_STRING_EQUAL(out.ptr, "/plain");
	sgit_buf_release(&out);
	sgit_config_free(cfg);
}

static int add_name(const char *name, void *payload)
{
	struct sgit_buf *b = payload;

	sgit_buf_addf(b, "%s,", name);
	return 0;
}

static void test_names_and_scopes(void)
{
	struct sgit_config *cfg = config_of(NULL, "[remote \"global\"]\n\turl = /g\n",
					    SGIT_CONFIG_SCOPE_GLOBAL);
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf names = SGIT_BUF_INIT;
	struct sgit_remote *r = NULL;

	config_of(cfg, "[remote \"z.dot\"]\n\tfetch = +refs/heads/*:refs/remotes/z.dot/*\n"
		  "[remote \"a\"]\n\turl = /a\n[remote \"global\"]\n\tpushurl = /p\n"
		  "[remote \"z.dot\"]\n\turl = /z\n", SGIT_CONFIG_SCOPE_LOCAL);
	CU_ASSERT_EQUAL(sgit_remote_foreach_name(cfg, add_name, &names), 0);
	CU_ASSERT_STRING_EQUAL(names.ptr, "global,z.dot,a,");
	CU_ASSERT_EQUAL_FATAL(sgit_remote_from_config(&r, cfg, "z.dot", &err), 0);
	CU_ASSERT_EQUAL(r->nurls, 1);
	CU_ASSERT_EQUAL(r->fetch.n, 1);
	sgit_remote_free(r);
	sgit_config_free(cfg);
	cfg = config_of(NULL, "[remote \"global\"]\n\turl = /g\n", SGIT_CONFIG_SCOPE_GLOBAL);
	CU_ASSERT_EQUAL_FATAL(sgit_remote_from_config(&r, cfg, "global", &err), 0);
	CU_ASSERT_FALSE(r->in_repo);
	sgit_remote_free(r);
	sgit_config_free(cfg);
	sgit_buf_release(&names);
}

/* Checked with git remote add. */
static const struct {
	const char *name;
	int valid;
} names[] = {
	{ "origin", 1 }, { "a/b", 1 }, { "-x", 1 }, { "z.dot", 1 }, { "", 0 }, { "a b", 0 },
	{ "a..b", 0 }, { "x.lock", 0 }, { "a:b", 0 }, { "a*", 0 }, { "/a", 0 }, { "a/", 0 },
};

static void test_name_validity(void)
{
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		CU_ASSERT_EQUAL(sgit_remote_name_is_valid(names[i].name), names[i].valid);
}

/* ---- edits on a repository ---- */

static char *read_config(const char *repo)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf path = SGIT_BUF_INIT, data = SGIT_BUF_INIT;

	sgit_buf_printf(&path, "%s/%s/.git/config", unit_tmpdir(), repo);
	sgit_fs_read_file(&data, path.ptr, &err);
	sgit_buf_release(&path);
	return sgit_buf_detach(&data, NULL);
}

static const char *const base_config =
	"[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n"
	"\tlogallrefupdates = true\n";

static void test_add_writes_what_git_writes(void)
{
	struct sgit_remote_add_options o = SGIT_REMOTE_ADD_OPTIONS_INIT;
	const char *track[] = { "main", "dev" };
	struct sgit_repo *repo;
	struct sgit_buf want = SGIT_BUF_INIT;
	char *text;

	CU_ASSERT_EQUAL_FATAL(unit_sh("git init -q add"), 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(repo = unit_open_repo("add"));
	CU_ASSERT_EQUAL(sgit_remote_add(repo, "origin", "../x", NULL), 0);
	o.track = track;
	o.ntrack = 2;
	o.tags = SGIT_REMOTE_TAGS_NONE;
	o.master = "main";
	CU_ASSERT_EQUAL(sgit_remote_add(repo, "up", "/u", &o), 0);
	sgit_buf_printf(&want, "%s[remote \"origin\"]\n\turl = ../x\n"
			"\tfetch = +refs/heads/*:refs/remotes/origin/*\n"
			"[remote \"up\"]\n\turl = /u\n\tfetch = +refs/heads/main:refs/remotes/up/main\n"
			"\tfetch = +refs/heads/dev:refs/remotes/up/dev\n\ttagOpt = --no-tags\n", base_config);
	text = read_config("add");
	CU_ASSERT_STRING_EQUAL(text, want.ptr);
	free(text);
	sgit_buf_release(&want);
	CU_ASSERT_EQUAL(unit_sh("test \"$(git -C add symbolic-ref refs/remotes/up/HEAD)\" = "
				"refs/remotes/up/main"), 0);
	/* the repository's loaded config does not know the new remotes: reopen to see them */
	sgit_repo_free(repo);
	CU_ASSERT_PTR_NOT_NULL_FATAL(repo = unit_open_repo("add"));
	CU_ASSERT_EQUAL(sgit_remote_add(repo, "origin", "/y", NULL), SGIT_EEXISTS);
	CU_ASSERT_STRING_EQUAL(sgit_error_message(sgit_repo_error(repo)), "remote origin already exists.");
	CU_ASSERT_EQUAL(sgit_remote_add(repo, "a b", "/y", NULL), SGIT_EINVALID);
	CU_ASSERT_STRING_EQUAL(sgit_error_message(sgit_repo_error(repo)), "'a b' is not a valid remote name");
	sgit_repo_free(repo);
}

static void note(const char *text, void *payload)
{
	sgit_buf_addf(payload, "%s\n", text);
}

static void test_rename_and_remove(void)
{
	struct sgit_remote_rename_options o = { "C O Mitter <c@x> 1700000000 +0000", note, NULL };
	struct sgit_buf notes = SGIT_BUF_INIT, want = SGIT_BUF_INIT;
	struct sgit_repo *repo;
	char *text;

	o.payload = &notes;
	CU_ASSERT_EQUAL_FATAL(unit_sh("git init -q mv && cd mv && git commit -q --allow-empty -m x && "
				      "git remote add o ../x && git update-ref refs/remotes/o/main HEAD && "
				      "git symbolic-ref refs/remotes/o/HEAD refs/remotes/o/main && "
				      "git config --add remote.o.fetch refs/tags/x:refs/tags/x && "
				      "git config branch.master.remote o && git config branch.master.merge "
				      "refs/heads/main"), 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(repo = unit_open_repo("mv"));
	CU_ASSERT_EQUAL(sgit_remote_rename(repo, "nope", "p", &o), SGIT_ENOTFOUND);
	CU_ASSERT_STRING_EQUAL(sgit_error_message(sgit_repo_error(repo)), "No such remote: 'nope'");
	CU_ASSERT_EQUAL(sgit_remote_rename(repo, "o", "p", &o), 0);
	CU_ASSERT_STRING_EQUAL(notes.ptr, "refs/tags/x:refs/tags/x\n");
	sgit_buf_printf(&want, "%s[remote \"p\"]\n\turl = ../x\n"
			"\tfetch = +refs/heads/*:refs/remotes/p/*\n\tfetch = refs/tags/x:refs/tags/x\n"
			"[branch \"master\"]\n\tremote = p\n\tmerge = refs/heads/main\n", base_config);
	text = read_config("mv");
	CU_ASSERT_STRING_EQUAL(text, want.ptr);
	free(text);
	CU_ASSERT_EQUAL(unit_sh("cd mv && test \"$(git symbolic-ref refs/remotes/p/HEAD)\" = "
				"refs/remotes/p/main && git rev-parse -q --verify refs/remotes/p/main && "
				"! git rev-parse -q --verify refs/remotes/o/main && "
				"tail -n 1 .git/logs/refs/remotes/p/main | grep -q "
				"'remote: renamed refs/remotes/o/main to refs/remotes/p/main$'"), 0);
	sgit_repo_free(repo);
	CU_ASSERT_PTR_NOT_NULL_FATAL(repo = unit_open_repo("mv"));
	CU_ASSERT_EQUAL(sgit_remote_remove(repo, "p", NULL, NULL), 0);
	text = read_config("mv");
	CU_ASSERT_STRING_EQUAL(text, base_config);
	free(text);
	CU_ASSERT_EQUAL(unit_sh("cd mv && test -z \"$(git for-each-ref refs/remotes)\" && "
				"! test -e .git/logs/refs/remotes/p/main"), 0);
	sgit_repo_free(repo);
	CU_ASSERT_PTR_NOT_NULL_FATAL(repo = unit_open_repo("mv"));
	CU_ASSERT_EQUAL(sgit_remote_remove(repo, "p", NULL, NULL), SGIT_ENOTFOUND);
	CU_ASSERT_STRING_EQUAL(sgit_error_message(sgit_repo_error(repo)), "No such remote: 'p'");
	sgit_repo_free(repo);
	sgit_buf_release(&notes);
	sgit_buf_release(&want);
}

static void test_set_url(void)
{
	struct sgit_repo *repo;
	char *text;

	CU_ASSERT_EQUAL_FATAL(unit_sh("git init -q url && git -C url remote add o /one"), 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(repo = unit_open_repo("url"));
	CU_ASSERT_EQUAL(sgit_remote_set_url(repo, "x", "/y", NULL, 0), SGIT_ENOTFOUND);
	CU_ASSERT_STRING_EQUAL(sgit_error_message(sgit_repo_error(repo)), "No such remote 'x'");
	CU_ASSERT_EQUAL(sgit_remote_set_url(repo, "o", "/y", "nomatch", 0), SGIT_ENOTFOUND);
	CU_ASSERT_STRING_EQUAL(sgit_error_message(sgit_repo_error(repo)), "No such URL found: nomatch");
	CU_ASSERT_EQUAL(sgit_remote_set_url(repo, "o", "/y", "(", 0), SGIT_EINVALID);
	CU_ASSERT_STRING_EQUAL(sgit_error_message(sgit_repo_error(repo)), "Invalid old URL pattern: (");
	CU_ASSERT_EQUAL(sgit_remote_set_url(repo, "o", NULL, "one", SGIT_REMOTE_URL_DELETE), SGIT_EINVALID);
	CU_ASSERT_STRING_EQUAL(sgit_error_message(sgit_repo_error(repo)), "Will not delete all non-push URLs");
	CU_ASSERT_EQUAL(sgit_remote_set_url(repo, "o", "/two", "^/one$", 0), 0);
	CU_ASSERT_EQUAL(sgit_remote_set_url(repo, "o", "/p", NULL, SGIT_REMOTE_URL_PUSH | SGIT_REMOTE_URL_ADD), 0);
	text = read_config("url");
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "[remote \"o\"]\n\turl = /two\n"
					    "\tfetch = +refs/heads/*:refs/remotes/o/*\n\tpushurl = /p\n"));
	free(text);
	sgit_repo_free(repo);
}

static void test_default_name(void)
{
	struct sgit_buf name = SGIT_BUF_INIT;
	struct sgit_repo *repo;

	CU_ASSERT_EQUAL_FATAL(unit_sh("git init -q dflt"), 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(repo = unit_open_repo("dflt"));
	CU_ASSERT_EQUAL(sgit_remote_default_name(&name, repo), 0);
	CU_ASSERT_STRING_EQUAL(name.ptr, "origin");
	sgit_repo_free(repo);
	CU_ASSERT_EQUAL_FATAL(unit_sh("cd dflt && git config branch.\"$(git symbolic-ref --short HEAD)\".remote up"), 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(repo = unit_open_repo("dflt"));
	CU_ASSERT_EQUAL(sgit_remote_default_name(&name, repo), 0);
	CU_ASSERT_STRING_EQUAL(name.ptr, "up");
	sgit_repo_free(repo);
	sgit_buf_release(&name);
}

static CU_TestInfo remote_tests[] = {
	{ "urls, push urls, refspecs, tagOpt and prune settings are read", test_everything_a_remote_says_is_read },
	{ "a missing remote, a bad refspec and a url without value give git's messages",
	  test_missing_and_broken_remotes },
	{ "urls are rewritten by insteadOf and pushInsteadOf as git does", test_urls_are_rewritten_as_git_does },
	{ "remotes are named in config order, from any scope; only the repository's own count as in it",
	  test_names_and_scopes },
	{ "remote names are valid when git's default refspec for them is", test_name_validity },
	{ "remote add writes the config lines git writes and refuses what git refuses",
	  test_add_writes_what_git_writes },
	{ "rename moves section, refspecs, branches and refs; remove drops them all", test_rename_and_remove },
	{ "set-url replaces, adds and refuses as git does", test_set_url },
	{ "the default remote is the current branch's, else origin", test_default_name },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "remote", .pTests = remote_tests },
	CU_SUITE_INFO_NULL,
};
