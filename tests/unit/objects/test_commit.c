/* tests/unit/objects/test_commit.c: commit parsing, header extraction and header writing */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "unit.h"
#include "sgit/commit.h"
#include "sgit/errors.h"
#include "sgit/object.h"

#define TREE "tree 04a59185a0c5f4047e4fd3fa87b0c84e671b00ee\n"
#define P1 "parent dc83fc6c780507b30ea270c67674a6b4204b805a\n"
#define P2 "parent 16213cf5f20292e0ea531dba2818e2c8d2773c99\n"
#define P3 "parent 4b825dc642cb6eb9a060e54bf8d69288fbee4904\n"
#define AUTHOR "author A U Thor <author@example.com> 1112911993 -0700\n"
#define COMMITTER "committer C O Mitter <committer@example.com> 1112912053 -0700\n"
#define PEOPLE AUTHOR COMMITTER

/* A real merge of a signed tag, signed itself, made by git 2.39 (merge -S of tag v1). */
static const char signed_merge[] =
	TREE P1 P2 PEOPLE
	"mergetag object 16213cf5f20292e0ea531dba2818e2c8d2773c99\n"
	" type commit\n"
	" tag v1\n"
	" tagger C O Mitter <committer@example.com> 1112912053 -0700\n"
	" \n"
	" signed tag\n"
	" tree 0000000000000000000000000000000000000000\n"
	" body\n"
	" -----BEGIN PGP SIGNATURE-----\n"
	" \n"
	" iIcEABYIAC8WIQQB18xwUULt8rhTucON2f6y74K+rQUCaxD8+BEcdGVzdEBleGFt\n"
	" cGxlLmNvbQAKCRCN2f6y74K+rbA6AQDaBn0UqsYD8xRrMpIwZ0qzLGHWk04Vb+wB\n"
	" DlZxasPDFwEA1+1ZITzm8EQlVHsKpNHIXfFZEhaPhGDL6wT0oY7UiQg=\n"
	" =8JXq\n"
	" -----END PGP SIGNATURE-----\n"
	"gpgsig -----BEGIN PGP SIGNATURE-----\n"
	" \n"
	" iIcEABYIAC8WIQQB18xwUULt8rhTucON2f6y74K+rQUCaxD8+BEcdGVzdEBleGFt\n"
	" cGxlLmNvbQAKCRCN2f6y74K+rZzzAP9A52g8BGTVWe/zpNI+5GkoCubOQlixd/a2\n"
	" iTuuk0SMhAEAh6y9Vfok9S/cmHBXdB4C4Uvem8i8YJkQGjT/NH/jpw0=\n"
	" =FM4e\n"
	" -----END PGP SIGNATURE-----\n"
	"\n"
	"Merge tag 'v1'\n"
	"\n"
	"signed tag\n"
	"tree 0000000000000000000000000000000000000000\n"
	"body\n"
	"\n"
	"# -----BEGIN PGP SIGNATURE-----\n"
	"#\n"
	"# iIcEABYIAC8WIQQB18xwUULt8rhTucON2f6y74K+rQUCaxD8+BEcdGVzdEBleGFt\n"
	"# cGxlLmNvbQAKCRCN2f6y74K+rbA6AQDaBn0UqsYD8xRrMpIwZ0qzLGHWk04Vb+wB\n"
	"# DlZxasPDFwEA1+1ZITzm8EQlVHsKpNHIXfFZEhaPhGDL6wT0oY7UiQg=\n"
	"# =8JXq\n"
	"# -----END PGP SIGNATURE-----\n"
	"# gpg: Signature made Thu Dec  3 05:24:08 2026 UTC\n"
	"# gpg:                using EDDSA key 01D7CC705142EDF2B853B9C38DD9FEB2EF82BEAD\n"
	"# gpg:                issuer \"test@example.com\"\n"
	"# gpg: checking the trustdb\n"
	"# gpg: marginals needed: 3  completes needed: 1  trust model: pgp\n"
	"# gpg: depth: 0  valid:   1  signed:   0  trust: 0-, 0q, 0n, 0m, 0f, 1u\n"
	"# gpg: Good signature from \"Test Key <test@example.com>\" [ultimate]\n";
static const char signed_merge_id[] = "c065bf494504e82a95fc891a9e947880bdc7428d";
static const char merged_tag_id[] = "f1ceee7b3dc035ea32510aed6140af4a12605174";
static const char signature[] =
	"-----BEGIN PGP SIGNATURE-----\n"
	"\n"
	"iIcEABYIAC8WIQQB18xwUULt8rhTucON2f6y74K+rQUCaxD8+BEcdGVzdEBleGFt\n"
	"cGxlLmNvbQAKCRCN2f6y74K+rZzzAP9A52g8BGTVWe/zpNI+5GkoCubOQlixd/a2\n"
	"iTuuk0SMhAEAh6y9Vfok9S/cmHBXdB4C4Uvem8i8YJkQGjT/NH/jpw0=\n"
	"=FM4e\n"
	"-----END PGP SIGNATURE-----\n";

#define LIT(s) s, sizeof(s) - 1

static const struct good_case {
	const char *what;
	const char *data;
	size_t len;
	size_t parents;
	size_t headers;
	const char *encoding;
	const char *message;	/* NULL: no message */
	size_t message_len;
} good_cases[] = {
	{ "plain", LIT(TREE PEOPLE "\nhello\n"), 0, 3, NULL, LIT("hello\n") },
	{ "three parents", LIT(TREE P1 P2 P3 PEOPLE "\nmerge\n"), 3, 6, NULL, LIT("merge\n") },
	{ "encoding", LIT(TREE P1 PEOPLE "encoding ISO-8859-1\n\n\xe9t\xe9\n"), 1, 5, "ISO-8859-1",
	  LIT("\xe9t\xe9\n") },
	{ "unknown header", LIT(TREE PEOPLE "x-custom some value\nnospace\n\nm"), 0, 5, NULL, LIT("m") },
	{ "no message", LIT(TREE PEOPLE), 0, 3, NULL, NULL, 0 },
	{ "empty message", LIT(TREE PEOPLE "\n"), 0, 3, NULL, LIT("") },
	{ "NUL in message", LIT(TREE PEOPLE "\na\0b\0c"), 0, 3, NULL, LIT("a\0b\0c") },
	{ "header look-alikes in message", LIT(TREE PEOPLE "\n" P1 "author x\n"), 0, 3, NULL,
	  LIT(P1 "author x\n") },
	{ "parent after committer is only a header", LIT(TREE PEOPLE P1 "\n"), 0, 4, NULL, LIT("") },
	{ "real signed merge", LIT(signed_merge), 2, 7, NULL, NULL, 0 },
};

static void test_good_commits_parse(void)
{
	size_t i, mlen;

	for (i = 0; i < sizeof(good_cases) / sizeof(good_cases[0]); i++) {
		const struct good_case *g = &good_cases[i];
		struct sgit_error err = SGIT_ERROR_INIT;
		struct sgit_commit *c = NULL;
		const char *msg, *enc;

		CU_ASSERT_EQUAL(sgit_commit_parse(&c, g->data, g->len, &err), 0);
		if (!c) {
			fprintf(stderr, "%s: %s\n", g->what, err.msg);
			continue;
		}
		CU_ASSERT_EQUAL(sgit_commit_parent_count(c), g->parents);
		CU_ASSERT_EQUAL(sgit_commit_header_count(c), g->headers);
		enc = sgit_commit_encoding(c);
		CU_ASSERT(g->encoding ? enc && !strcmp(enc, g->encoding) : !enc);
		msg = sgit_commit_message(c, &mlen);
		if (g->message) {
			CU_ASSERT(msg && mlen == g->message_len && !memcmp(msg, g->message, mlen));
			CU_ASSERT_EQUAL(sgit_commit_message_offset(c), g->len - g->message_len);
		} else if (g->data != signed_merge) {
			CU_ASSERT(!msg && mlen == 0);
			CU_ASSERT_EQUAL(sgit_commit_message_offset(c), g->len);
		}
		CU_ASSERT_STRING_EQUAL(sgit_commit_author(c)->value,
				       "A U Thor <author@example.com> 1112911993 -0700");
		CU_ASSERT_STRING_EQUAL(sgit_commit_committer(c)->value,
				       "C O Mitter <committer@example.com> 1112912053 -0700");
		sgit_commit_free(c);
	}
}

static void test_signed_merge_keeps_every_header_in_order(void)
{
	static const char *const names[] = { "tree", "parent", "parent", "author", "committer",
					     "mergetag", "gpgsig" };
	struct sgit_commit *c = NULL;
	const struct sgit_header *h;
	char hex[SGIT_OID_HEXSZ + 1];
	struct sgit_oid id;
	size_t i, len, end = 0;
	const char *raw;

	CU_ASSERT_EQUAL_FATAL(sgit_commit_parse(&c, LIT(signed_merge), NULL), 0);
	raw = sgit_commit_raw(c, &len);
	CU_ASSERT_EQUAL(sgit_object_hash(&id, SGIT_OBJ_COMMIT, raw, len), 0);
	CU_ASSERT_STRING_EQUAL(sgit_oid_tohex(hex, &id), signed_merge_id);
	for (i = 0; i < 7; i++) {
		h = sgit_commit_header_at(c, i);
		CU_ASSERT_STRING_EQUAL(h->name, names[i]);
		CU_ASSERT_EQUAL(h->start, end);	/* the ranges tile the header section */
		end = h->end;
	}
	CU_ASSERT_PTR_NULL(sgit_commit_header_at(c, 7));
	CU_ASSERT_EQUAL(end + 1, sgit_commit_message_offset(c));
	CU_ASSERT_STRING_EQUAL(sgit_oid_tohex(hex, sgit_commit_parent_id(c, 1)),
			       "16213cf5f20292e0ea531dba2818e2c8d2773c99");
	CU_ASSERT_STRING_EQUAL(sgit_oid_tohex(hex, sgit_commit_tree_id(c)),
			       "04a59185a0c5f4047e4fd3fa87b0c84e671b00ee");
	h = sgit_commit_header_at(c, 6);
	CU_ASSERT_EQUAL(h->value_len + 1, strlen(signature));
	CU_ASSERT(!memcmp(h->value, signature, h->value_len));
	sgit_commit_free(c);
}

static void test_mergetag_value_is_the_tag_object(void)
{
	struct sgit_commit *c = NULL;
	struct sgit_buf tag = SGIT_BUF_INIT;
	const struct sgit_header *h;
	char hex[SGIT_OID_HEXSZ + 1];
	struct sgit_oid id;
	size_t from = 0;

	CU_ASSERT_EQUAL_FATAL(sgit_commit_parse(&c, LIT(signed_merge), NULL), 0);
	h = sgit_commit_header_next(c, "mergetag", &from);
	CU_ASSERT_PTR_NOT_NULL_FATAL(h);
	CU_ASSERT_PTR_NULL(sgit_commit_header_next(c, "mergetag", &from));
	sgit_buf_set(&tag, h->value, h->value_len);
	sgit_buf_addch(&tag, '\n');
	sgit_object_hash(&id, SGIT_OBJ_TAG, tag.ptr, tag.len);
	CU_ASSERT_STRING_EQUAL(sgit_oid_tohex(hex, &id), merged_tag_id);
	sgit_buf_release(&tag);
	sgit_commit_free(c);
}

static void test_parents_can_be_walked_by_name(void)
{
	static const char data[] = TREE P1 P2 P3 PEOPLE "\n";
	struct sgit_commit *c = NULL;
	size_t from = 0, n = 0;

	CU_ASSERT_EQUAL_FATAL(sgit_commit_parse(&c, LIT(data), NULL), 0);
	while (sgit_commit_header_next(c, "parent", &from))
		n++;
	CU_ASSERT_EQUAL(n, 3);
	CU_ASSERT_PTR_NULL(sgit_commit_parent_id(c, 3));
	sgit_commit_free(c);
}

static void test_gpgsig_extraction_gives_payload_and_signature(void)
{
	struct sgit_buf payload = SGIT_BUF_INIT, sig = SGIT_BUF_INIT, want = SGIT_BUF_INIT;
	const char *start = strstr(signed_merge, "gpgsig ");
	const char *end = strstr(start, "-----END PGP SIGNATURE-----\n") + 28;

	CU_ASSERT_EQUAL(sgit_commit_extract_header(&payload, &sig, LIT(signed_merge), "gpgsig"), 1);
	sgit_buf_add(&want, signed_merge, (size_t)(start - signed_merge));
	sgit_buf_adds(&want, end);
	CU_ASSERT(payload.len == want.len && !memcmp(payload.ptr, want.ptr, want.len));
	CU_ASSERT_STRING_EQUAL(sig.ptr, signature);
	sgit_buf_release(&payload);
	sgit_buf_release(&sig);
	sgit_buf_release(&want);
}

static const struct extract_case {
	const char *what;
	const char *data;
	size_t len;
	const char *name;
	int found;
	const char *payload;
	const char *value;
} extract_cases[] = {
	{ "absent header", LIT(TREE PEOPLE "\nm\n"), "gpgsig", 0, TREE PEOPLE "\nm\n", "" },
	{ "look-alike in the message", LIT(TREE PEOPLE "\ngpgsig x\n y\n"), "gpgsig", 0,
	  TREE PEOPLE "\ngpgsig x\n y\n", "" },
	{ "longer name is another header", LIT(TREE PEOPLE "gpgsig-sha256 a\n b\n\nm"), "gpgsig", 0,
	  TREE PEOPLE "gpgsig-sha256 a\n b\n\nm", "" },
	{ "other name asked", LIT(TREE PEOPLE "gpgsig-sha256 a\n b\n\nm"), "gpgsig-sha256", 1,
	  TREE PEOPLE "\nm", "a\nb\n" },
	{ "header without message", LIT(TREE PEOPLE "gpgsig a\n \n b\n"), "gpgsig", 1, TREE PEOPLE,
	  "a\n\nb\n" },
	{ "two occurrences are both cut", LIT(TREE "gpgsig a\n" PEOPLE "gpgsig b\n\nm"), "gpgsig", 1,
	  TREE PEOPLE "\nm", "a\nb\n" },
	{ "header between others", LIT(TREE PEOPLE "gpgsig a\n b\nx-after 1\n\n"), "gpgsig", 1,
	  TREE PEOPLE "x-after 1\n\n", "a\nb\n" },
};

static void test_extract_header_cases(void)
{
	size_t i;

	for (i = 0; i < sizeof(extract_cases) / sizeof(extract_cases[0]); i++) {
		const struct extract_case *x = &extract_cases[i];
		struct sgit_buf payload = SGIT_BUF_INIT, value = SGIT_BUF_INIT;

		CU_ASSERT_EQUAL(sgit_commit_extract_header(&payload, &value, x->data, x->len, x->name),
				x->found);
		CU_ASSERT_STRING_EQUAL(payload.ptr, x->payload);
		CU_ASSERT_STRING_EQUAL(value.ptr, x->value);
		sgit_buf_release(&payload);
		sgit_buf_release(&value);
	}
}

static void test_written_headers_match_git(void)
{
	struct sgit_commit *c = NULL;
	struct sgit_buf out = SGIT_BUF_INIT, tag = SGIT_BUF_INIT;
	const struct sgit_header *h;
	size_t i;

	CU_ASSERT_EQUAL_FATAL(sgit_commit_parse(&c, LIT(signed_merge), NULL), 0);
	for (i = 5; i < 7; i++) {
		h = sgit_commit_header_at(c, i);
		/* with and without the final LF the bytes are the same */
		sgit_buf_set(&tag, h->value, h->value_len);
		sgit_buf_reset(&out);
		CU_ASSERT_EQUAL(sgit_commit_add_header(&out, h->name, tag.ptr, tag.len, NULL), 0);
		CU_ASSERT(out.len == h->end - h->start && !memcmp(out.ptr, signed_merge + h->start, out.len));
		sgit_buf_addch(&tag, '\n');
		sgit_buf_reset(&out);
		CU_ASSERT_EQUAL(sgit_commit_add_header(&out, h->name, tag.ptr, tag.len, NULL), 0);
		CU_ASSERT(out.len == h->end - h->start && !memcmp(out.ptr, signed_merge + h->start, out.len));
	}
	sgit_buf_sets(&out, "x");
	CU_ASSERT_EQUAL(sgit_commit_add_header(&out, "empty", "", 0, NULL), 0);
	CU_ASSERT_EQUAL(sgit_commit_add_header(&out, "blank", "\n", 1, NULL), 0);
	CU_ASSERT_STRING_EQUAL(out.ptr, "xempty\nblank \n");
	CU_ASSERT_EQUAL(sgit_commit_add_header(&out, "bad name", "v", 1, NULL), SGIT_EINVALID);
	CU_ASSERT_EQUAL(sgit_commit_add_header(&out, "", "v", 1, NULL), SGIT_EINVALID);
	CU_ASSERT_EQUAL(sgit_commit_add_header(&out, "nul", "a\0b", 3, NULL), SGIT_EINVALID);
	CU_ASSERT_STRING_EQUAL(out.ptr, "xempty\nblank \n");
	sgit_buf_release(&out);
	sgit_buf_release(&tag);
	sgit_commit_free(c);
}

/* Cutting gpgsig out and putting it back gives the signed commit again, byte for byte. */
static void test_inserted_signature_restores_the_commit(void)
{
	struct sgit_buf payload = SGIT_BUF_INIT, sig = SGIT_BUF_INIT, plain = SGIT_BUF_INIT;

	CU_ASSERT_EQUAL(sgit_commit_extract_header(&payload, &sig, LIT(signed_merge), "gpgsig"), 1);
	CU_ASSERT_EQUAL(sgit_commit_insert_header(&payload, "gpgsig", sig.ptr, sig.len, NULL), 0);
	CU_ASSERT(payload.len == sizeof(signed_merge) - 1 && !memcmp(payload.ptr, signed_merge, payload.len));
	sgit_buf_sets(&plain, TREE PEOPLE);	/* no message: goes at the end */
	CU_ASSERT_EQUAL(sgit_commit_insert_header(&plain, "x", "1\n2", 3, NULL), 0);
	CU_ASSERT_STRING_EQUAL(plain.ptr, TREE PEOPLE "x 1\n 2\n");
	CU_ASSERT_EQUAL(sgit_commit_insert_header(&plain, "bad name", "1", 1, NULL), SGIT_EINVALID);
	CU_ASSERT_STRING_EQUAL(plain.ptr, TREE PEOPLE "x 1\n 2\n");
	sgit_buf_release(&payload);
	sgit_buf_release(&sig);
	sgit_buf_release(&plain);
}

static const struct bad_case {
	const char *what;
	const char *data;
	size_t len;
	const char *message;
} bad_cases[] = {
	{ "empty", LIT(""), "corrupt commit: the first line is not 'tree'" },
	{ "tree not first", LIT(P1 TREE PEOPLE "\n"), "corrupt commit: the first line is not 'tree'" },
	{ "short tree id", LIT("tree 04a59185a0c5f4047e4fd3fa87b0c84e671b00e\n" PEOPLE "\n"),
	  "corrupt commit: invalid 'tree' line" },
	{ "non-hex tree id", LIT("tree 04a59185a0c5f4047e4fd3fa87b0c84e671b00eg\n" PEOPLE "\n"),
	  "corrupt commit: invalid 'tree' line" },
	{ "tree with trailing space", LIT("tree 04a59185a0c5f4047e4fd3fa87b0c84e671b00ee \n" PEOPLE),
	  "corrupt commit: invalid 'tree' line" },
	{ "tree with continuation", LIT(TREE " x\n" PEOPLE), "corrupt commit: invalid 'tree' line" },
	{ "bad parent", LIT(TREE "parent 1234\n" PEOPLE "\n"), "corrupt commit: invalid 'parent' line" },
	{ "missing author", LIT(TREE P1 COMMITTER "\n"), "corrupt commit: missing 'author' line" },
	{ "missing committer", LIT(TREE AUTHOR "\n"), "corrupt commit: missing 'committer' line" },
	{ "committer first", LIT(TREE COMMITTER AUTHOR "\n"), "corrupt commit: missing 'author' line" },
	{ "two authors", LIT(TREE AUTHOR PEOPLE "\n"), "corrupt commit: more than one 'author' line" },
	{ "author without email", LIT(TREE "author A U Thor 1 +0000\n" COMMITTER),
	  "corrupt commit: malformed 'author' line" },
	{ "committer without '>'", LIT(TREE AUTHOR "committer C <c 1 +0000\n"),
	  "corrupt commit: malformed 'committer' line" },
	{ "author with a continuation line", LIT(TREE AUTHOR " x\n" COMMITTER),
	  "corrupt commit: malformed 'author' line" },
	{ "unterminated header", LIT(TREE AUTHOR "committer C <c> 1 +0000"),
	  "corrupt commit: unterminated header line" },
	{ "NUL in header", LIT(TREE PEOPLE "x-h a\0b\n\n"), "corrupt commit: NUL byte in header" },
	{ "continuation first", LIT(" " TREE PEOPLE), "corrupt commit: continuation line before any header" },
	{ "blank line first", LIT("\n" TREE PEOPLE), "corrupt commit: the first line is not 'tree'" },
};

static void test_bad_commits_are_refused(void)
{
	size_t i;

	for (i = 0; i < sizeof(bad_cases) / sizeof(bad_cases[0]); i++) {
		struct sgit_error err = SGIT_ERROR_INIT;
		struct sgit_commit *c = (struct sgit_commit *)&err;	/* must be reset to NULL */

		CU_ASSERT_EQUAL(sgit_commit_parse(&c, bad_cases[i].data, bad_cases[i].len, &err),
				SGIT_ECORRUPT);
		CU_ASSERT_PTR_NULL(c);
		CU_ASSERT_STRING_EQUAL(err.msg, bad_cases[i].message);
		if (strcmp(err.msg, bad_cases[i].message))
			fprintf(stderr, "%s: %s\n", bad_cases[i].what, err.msg);
	}
}

/*
 * Every prefix parses or is refused as corrupt. Among the headers, only a cut
 * just after a LF can pass (it looks like a shorter header), and only once
 * the committer line is whole.
 */
static void test_every_truncation_is_handled(void)
{
	size_t n, full = sizeof(signed_merge) - 1;
	size_t headers_end = (size_t)(strstr(signed_merge, "\n\nMerge tag") - signed_merge) + 1;
	size_t committer_end = (size_t)(strstr(signed_merge, "mergetag ") - signed_merge);

	for (n = 0; n <= full; n++) {
		struct sgit_error err = SGIT_ERROR_INIT;
		struct sgit_commit *c = NULL;
		char *copy = malloc(n ? n : 1);	/* exact size, so ASan sees any over-read */
		int rc;

		memcpy(copy, signed_merge, n);
		rc = sgit_commit_parse(&c, copy, n, &err);
		CU_ASSERT(rc == 0 || rc == SGIT_ECORRUPT);
		if (rc == 0) {
			CU_ASSERT(n >= committer_end);
			CU_ASSERT(n > headers_end || signed_merge[n - 1] == '\n');
		} else {
			CU_ASSERT(err.msg[0] != '\0');
		}
		sgit_commit_free(c);
		free(copy);
	}
}

static CU_TestInfo commit_tests[] = {
	{ "well-formed commits parse with their parents, encoding and message", test_good_commits_parse },
	{ "a signed merge keeps every header in order with exact byte ranges",
	  test_signed_merge_keeps_every_header_in_order },
	{ "a mergetag value plus its final LF is the merged tag object", test_mergetag_value_is_the_tag_object },
	{ "headers of one name can be walked in order", test_parents_can_be_walked_by_name },
	{ "cutting gpgsig gives the signed payload and the signature",
	  test_gpgsig_extraction_gives_payload_and_signature },
	{ "header extraction cuts only whole headers of that name", test_extract_header_cases },
	{ "written multi-line headers are git's bytes", test_written_headers_match_git },
	{ "a signature cut out and inserted again restores the commit",
	  test_inserted_signature_restores_the_commit },
	{ "malformed commits are refused with a message", test_bad_commits_are_refused },
	{ "a commit cut at any length is parsed or refused, never overread", test_every_truncation_is_handled },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "objects/commit", .pTests = commit_tests },
	CU_SUITE_INFO_NULL,
};
