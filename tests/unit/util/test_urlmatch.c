/* tests/unit/util/test_urlmatch.c: URL normal forms and which config URL fits a URL best */
#include <string.h>
#include "unit.h"
#include "util/urlmatch.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

static void test_urls_are_normalised_as_git_does(void)
{
	static const struct {
		const char *in, *out;
	} cases[] = {
		{ "HTTPS://Example.COM", "https://example.com/" },
		{ "https://example.com:443/x", "https://example.com/x" },
		{ "http://example.com:80/x", "http://example.com/x" },
		{ "http://example.com:0443/x", "http://example.com:443/x" },
		{ "https://example.com:/x", "https://example.com/x" },
		{ "https://example.com/%7euser/%41%2f", "https://example.com/~user/A%2F" },
		{ "https://example.com/a b\"", "https://example.com/a%20b%22" },
		{ "https://example.com/./a/./b/../c/.", "https://example.com/a/c/" },
		{ "https://example.com/a/..", "https://example.com/" },
		{ "https://example.com/a//b", "https://example.com/a//b" },
		{ "https://example.com?q=%7e#f", "https://example.com/?q=~#f" },
		{ "https://User:P%61ss@Example.com", "https://User:Pass@example.com/" },
		{ "https://[::1]:8080/p", "https://[::1]:8080/p" },
		{ "file:///etc/x", "file:///etc/x" },
	};
	size_t i;

	for (i = 0; i < N(cases); i++) {
		struct sgit_url u = SGIT_URL_INIT;
		struct sgit_error err = SGIT_ERROR_INIT;

		CU_ASSERT_EQUAL(sgit_url_normalize(&u, cases[i].in, 0, &err), 0);
		CU_ASSERT_STRING_EQUAL(u.url.ptr ? u.url.ptr : "(failed)", cases[i].out);
		sgit_url_release(&u);
	}
}

static void test_bad_urls_are_refused_with_gits_messages(void)
{
	static const struct {
		const char *in, *msg;
	} cases[] = {
		{ "example.com", "invalid URL scheme name or missing '://' suffix" },
		{ "1http://example.com", "invalid URL scheme name or missing '://' suffix" },
		{ "https://", "missing host and scheme is not 'file:'" },
		{ "https://exa%41mple.com", "invalid characters in host name" },
		{ "https://*.example.com", "invalid characters in host name" },
		{ "https://example.com:99999/", "invalid port number" },
		{ "https://example.com:0/", "invalid port number" },
		{ "https://example.com:8a/", "invalid port number" },
		{ "https://example.com/../x", "invalid '..' path segment" },
		{ "https://example.com/a%zz", "invalid %XX escape sequence" },
		{ "https://example.com/a%4", "invalid %XX escape sequence" },
		{ "file://:22/x", "a 'file:' URL may not have a port number" },
	};
	size_t i;

	for (i = 0; i < N(cases); i++) {
		struct sgit_url u = SGIT_URL_INIT;
		struct sgit_error err = SGIT_ERROR_INIT;

		CU_ASSERT_EQUAL(sgit_url_normalize(&u, cases[i].in, 0, &err), SGIT_EINVALID);
		CU_ASSERT_STRING_EQUAL(err.msg, cases[i].msg);
		sgit_url_release(&u);
	}
}

static void test_config_urls_fit_urls_as_in_git(void)
{
	static const struct {
		const char *url, *pattern;
		int fits;
		size_t host_len, path_len;
		int user;
	} cases[] = {
		{ "https://example.com/x", "https://example.com", 1, 11, 1, 0 },
		{ "https://example.com/x", "https://example.com/x", 1, 11, 3, 0 },
		{ "https://example.com/x/y", "https://example.com/x/", 1, 11, 3, 0 },
		{ "https://example.com/xy", "https://example.com/x", 0, 0, 0, 0 },
		{ "https://u@example.com/", "https://u@example.com", 1, 11, 1, 1 },
		{ "https://example.com/", "https://u@example.com", 0, 0, 0, 0 },
		{ "https://v@example.com/", "https://u@example.com", 0, 0, 0, 0 },
		{ "https://a.example.com", "https://*.example.com", 1, 13, 1, 0 },
		{ "https://a.b.example.com", "https://*.example.com", 0, 0, 0, 0 },
		{ "https://ab.com", "https://a*.com", 0, 0, 0, 0 },
		{ "https://a.com.", "https://*.com", 1, 5, 1, 0 },
		{ "http://example.com", "https://example.com", 0, 0, 0, 0 },
		{ "https://example.com:8443", "https://example.com", 0, 0, 0, 0 },
	};
	size_t i;

	for (i = 0; i < N(cases); i++) {
		struct sgit_url u = SGIT_URL_INIT, p = SGIT_URL_INIT;
		struct sgit_url_match m;

		CU_ASSERT_EQUAL(sgit_url_normalize(&u, cases[i].url, 0, NULL), 0);
		CU_ASSERT_EQUAL(sgit_url_normalize(&p, cases[i].pattern, 1, NULL), 0);
		CU_ASSERT_EQUAL(sgit_url_match(&m, &u, &p), cases[i].fits);
		if (cases[i].fits) {
			CU_ASSERT_EQUAL(m.host_len, cases[i].host_len);
			CU_ASSERT_EQUAL(m.path_len, cases[i].path_len);
			CU_ASSERT_EQUAL(m.user_matched, cases[i].user);
		}
		sgit_url_release(&u);
		sgit_url_release(&p);
	}
}

static void test_the_host_then_the_path_then_the_user_decide(void)
{
	struct sgit_url_match none = { 0, 0, 0 }, host = { 11, 1, 0 }, path = { 11, 3, 0 };
	struct sgit_url_match user = { 11, 3, 1 }, longer_host = { 13, 1, 0 };

	CU_ASSERT(sgit_url_match_cmp(&host, &none) > 0);
	CU_ASSERT(sgit_url_match_cmp(&path, &host) > 0);
	CU_ASSERT(sgit_url_match_cmp(&user, &path) > 0);
	CU_ASSERT(sgit_url_match_cmp(&longer_host, &user) > 0);
	CU_ASSERT_EQUAL(sgit_url_match_cmp(&path, &path), 0);
}

static CU_TestInfo urlmatch_tests[] = {
	{ "URLs are normalised as git does", test_urls_are_normalised_as_git_does },
	{ "bad URLs are refused with git's messages", test_bad_urls_are_refused_with_gits_messages },
	{ "config URLs fit URLs as in git", test_config_urls_fit_urls_as_in_git },
	{ "the host, then the path, then the user decide", test_the_host_then_the_path_then_the_user_decide },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "util/urlmatch", .pTests = urlmatch_tests },
	CU_SUITE_INFO_NULL,
};
