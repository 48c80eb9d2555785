/*
 * tests/unit/porcelain/index/test_index_path.c: which paths may enter the index
 * and the work tree. Every row was checked against git 2.39's update-index
 * --cacheinfo with the same core.protectNTFS / core.protectHFS settings.
 */
#include <stdio.h>
#include <string.h>
#include "unit.h"
#include "sgit/index.h"

#define NTFS SGIT_INDEX_PROTECT_NTFS
#define HFS SGIT_INDEX_PROTECT_HFS

static const struct {
	const char *path;
	unsigned int mode, protect;
	int ok;
} paths[] = {
	{ "a", 0100644, NTFS, 1 },
	{ "a/b/c", 0100644, NTFS, 1 },
	{ ".gitignore", 0100644, NTFS, 1 },
	{ ".github/x", 0100644, NTFS, 1 },
	{ "git~2", 0100644, NTFS, 1 },
	{ "...", 0100644, NTFS, 1 },
	{ ".git-x", 0100644, NTFS, 1 },
	{ ".gitx/y", 0100644, NTFS, 1 },
	{ "a/.gitmodules", 0100644, NTFS, 1 },
	{ ".gitmodules", 0100644, NTFS, 1 },
	{ ".gitmodules", 0120000, NTFS, 0 },
	{ ".GitModules", 0120000, NTFS, 0 },
	{ "a/.gitmodules", 0120000, NTFS, 0 },
	{ ".gitmodules/x", 0120000, NTFS, 0 },
	{ ".gitmodulesx", 0120000, NTFS, 1 },
	{ ".gitmodules.", 0120000, NTFS, 0 },
	{ ".gitmodules ", 0120000, NTFS, 0 },
	{ ".gitmodules:$DATA", 0120000, NTFS, 0 },
	{ "gitmod~1", 0120000, NTFS, 0 },
	{ "GITMOD~4", 0120000, NTFS, 0 },
	{ "gitmod~5", 0120000, NTFS, 1 },
	{ "gi7eba~1", 0120000, NTFS, 0 },
	{ "gi7eba~9", 0120000, NTFS, 0 },
	{ "gi7eb~1", 0120000, NTFS, 1 },
	{ "gitmod~1", 0100644, NTFS, 1 },
	{ ".gitattributes", 0120000, NTFS, 1 },
	{ ".gitignore", 0120000, NTFS, 1 },
	{ ".mailmap", 0120000, NTFS, 1 },
	{ ".", 0100644, NTFS, 0 },
	{ "..", 0100644, NTFS, 0 },
	{ "a/./b", 0100644, NTFS, 0 },
	{ "a/../b", 0100644, NTFS, 0 },
	{ "../x", 0100644, NTFS, 0 },
	{ "./x", 0100644, NTFS, 0 },
	{ "/x", 0100644, NTFS, 0 },
	{ "a//b", 0100644, NTFS, 0 },
	{ "a/", 0100644, NTFS, 0 },
	{ ".git", 0100644, NTFS, 0 },
	{ ".git/config", 0100644, NTFS, 0 },
	{ ".GIT/config", 0100644, NTFS, 0 },
	{ ".Git/config", 0100644, NTFS, 0 },
	{ "a/.git/config", 0100644, NTFS, 0 },
	{ "a/.GiT", 0100644, NTFS, 0 },
	{ ".git.", 0100644, NTFS, 0 },
	{ ".git..", 0100644, NTFS, 0 },
	{ ".git ", 0100644, NTFS, 0 },
	{ ".git .", 0100644, NTFS, 0 },
	{ ".git./x", 0100644, NTFS, 0 },
	{ "git~1", 0100644, NTFS, 0 },
	{ "GIT~1/config", 0100644, NTFS, 0 },
	{ "git~10", 0100644, NTFS, 1 },
	{ ".git::$INDEX_ALLOCATION/config", 0100644, NTFS, 0 },
	{ ".git:x", 0100644, NTFS, 0 },
	{ ".gitx", 0100644, NTFS, 1 },
	{ "a\\.git", 0100644, NTFS, 0 },
	{ "a\\.git\\config", 0100644, NTFS, 0 },
	{ "a\\git~1", 0100644, NTFS, 0 },
	{ "a\\b", 0100644, NTFS, 1 },
	{ ".git\\x", 0100644, NTFS, 0 },
	{ ".g\xe2\x80\x8cit/config", 0100644, HFS, 0 },
	{ ".g\xe2\x80\x8cit/config", 0100644, NTFS, 1 },
	{ "\xef\xbb\xbf.git", 0100644, HFS, 0 },
	{ ".GI\xe2\x80\x8dT", 0100644, HFS, 0 },
	{ ".git\xe2\x80\x8e/x", 0100644, HFS, 0 },
	{ ".gitmodu\xe2\x80\x8cles", 0120000, HFS, 0 },
	{ ".gitmodu\xe2\x80\x8cles", 0120000, NTFS, 1 },
	{ ".gitmodu\xe2\x80\x8cles", 0100644, HFS, 1 },
	{ ".git\xc3\xa9", 0100644, HFS, 1 },
	{ ".g\xc4\xb1t", 0100644, HFS, 1 },
	{ ".git.", 0100644, 0, 1 },
	{ "git~1", 0100644, 0, 1 },
	{ ".git ", 0100644, 0, 1 },
	{ ".gitmodules.", 0120000, 0, 1 },
	{ "a\\.git", 0100644, 0, 1 },
	{ ".gitmodules.", 0120000, NTFS | HFS, 0 },
	{ ".git", 0100644, 0, 0 },
	{ ".Git/config", 0100644, 0, 0 },
	{ ".gitmodules", 0120000, 0, 0 },
};

static void test_paths(void)
{
	size_t i;

	for (i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
		int got = sgit_index_path_valid(paths[i].path, strlen(paths[i].path), paths[i].mode,
						paths[i].protect);

		if (got != paths[i].ok)
			fprintf(stderr, "\npath '%s' mode %o protect %u: %d, wanted %d\n", paths[i].path,
				paths[i].mode, paths[i].protect, got, paths[i].ok);
		CU_ASSERT_EQUAL(got, paths[i].ok);
	}
}

static void test_nul_and_empty(void)
{
	CU_ASSERT_EQUAL(sgit_index_path_valid("a\0b", 3, 0100644, NTFS), 0);
	CU_ASSERT_EQUAL(sgit_index_path_valid("", 0, 0100644, NTFS), 0);
	/* a length that stops before ".git" continues: only the bytes given count */
	CU_ASSERT_EQUAL(sgit_index_path_valid("a/.git", 1, 0100644, NTFS), 1);
}

static const struct {
	const char *name;
	enum sgit_index_dotfile which;
	int ntfs, hfs;
} dotfiles[] = {
	{ ".gitmodules", SGIT_INDEX_DOTGITMODULES, 1, 1 },
	{ "GITMOD~1", SGIT_INDEX_DOTGITMODULES, 1, 0 },
	{ "gi7eba~3", SGIT_INDEX_DOTGITMODULES, 1, 0 },
	{ ".gitignore ", SGIT_INDEX_DOTGITIGNORE, 1, 0 },
	{ "gitign~2", SGIT_INDEX_DOTGITIGNORE, 1, 0 },
	{ "gi250a~1", SGIT_INDEX_DOTGITIGNORE, 1, 0 },
	{ ".gitattributes:x", SGIT_INDEX_DOTGITATTRIBUTES, 1, 0 },
	{ "gi7d29~1", SGIT_INDEX_DOTGITATTRIBUTES, 1, 0 },
	{ ".git\xe2\x80\x8c" "attributes", SGIT_INDEX_DOTGITATTRIBUTES, 0, 1 },
	{ ".MAILMAP", SGIT_INDEX_DOTMAILMAP, 1, 1 },
	{ "maba30~1", SGIT_INDEX_DOTMAILMAP, 1, 0 },
	{ "mailma~1", SGIT_INDEX_DOTMAILMAP, 1, 0 },
	{ ".mailmapx", SGIT_INDEX_DOTMAILMAP, 0, 0 },
	{ ".gitignore", SGIT_INDEX_DOTMAILMAP, 0, 0 },
};

static void test_dotfiles(void)
{
	size_t i;

	for (i = 0; i < sizeof(dotfiles) / sizeof(dotfiles[0]); i++) {
		const char *n = dotfiles[i].name;
		int ntfs = sgit_index_path_is_ntfs_dotfile(n, strlen(n), dotfiles[i].which);
		int hfs = sgit_index_path_is_hfs_dotfile(n, strlen(n), dotfiles[i].which);

		if (ntfs != dotfiles[i].ntfs || hfs != dotfiles[i].hfs)
			fprintf(stderr, "\nname '%s': ntfs %d hfs %d\n", n, ntfs, hfs);
		CU_ASSERT_EQUAL(ntfs, dotfiles[i].ntfs);
		CU_ASSERT_EQUAL(hfs, dotfiles[i].hfs);
	}
}

static CU_TestInfo path_tests[] = {
	{ "paths are accepted and refused as git 2.39 does", test_paths },
	{ "a NUL or an empty path is refused; only the bytes given are read", test_nul_and_empty },
	{ "the NTFS and HFS+ names of git's dotfiles are recognised", test_dotfiles },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "index paths", .pTests = path_tests },
	CU_SUITE_INFO_NULL,
};
