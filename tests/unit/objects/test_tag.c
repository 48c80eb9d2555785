/* tests/unit/objects/test_tag.c: tag parsing and the payload / signature split */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "unit.h"
#include "sgit/errors.h"
#include "sgit/ident.h"
#include "sgit/object.h"
#include "sgit/tag.h"

#define LIT(s) s, sizeof(s) - 1
#define OBJECT "object 16213cf5f20292e0ea531dba2818e2c8d2773c99\n"
#define HEAD OBJECT "type commit\ntag v1\n"
#define TAGGER "tagger C O Mitter <committer@example.com> 1112912053 -0700\n"
#define PGP_BLOCK \
	"-----BEGIN PGP SIGNATURE-----\n" \
	"\n" \
	"iIcEABYIAC8WIQQB18xwUULt8rhTucON2f6y74K+rQUCaxD8+BEcdGVzdEBleGFt\n" \
	"cGxlLmNvbQAKCRCN2f6y74K+rbA6AQDaBn0UqsYD8xRrMpIwZ0qzLGHWk04Vb+wB\n" \
	"DlZxasPDFwEA1+1ZITzm8EQlVHsKpNHIXfFZEhaPhGDL6wT0oY7UiQg=\n" \
	"=8JXq\n" \
	"-----END PGP SIGNATURE-----\n"
#define SIGNED_PAYLOAD HEAD TAGGER "\nsigned tag\ntree 0000000000000000000000000000000000000000\nbody\n"

/* A real signed tag made by git 2.39 (tag -s). */
static const char signed_tag[] = SIGNED_PAYLOAD PGP_BLOCK;
static const char signed_tag_id[] = "f1ceee7b3dc035ea32510aed6140af4a12605174";

static void test_signed_tag_parses_and_splits(void)
{
	struct sgit_tag *t = NULL;
	const char *msg, *sig, *raw;
	char hex[SGIT_OID_HEXSZ + 1];
	enum sgit_sig_format f;
	struct sgit_ident who;
	struct sgit_oid id;
	size_t len;

	CU_ASSERT_EQUAL_FATAL(sgit_tag_parse(&t, LIT(signed_tag), NULL), 0);
	raw = sgit_tag_raw(t, &len);
	sgit_object_hash(&id, SGIT_OBJ_TAG, raw, len);
	CU_ASSERT_STRING_EQUAL(sgit_oid_tohex(hex, &id), signed_tag_id);
	CU_ASSERT_STRING_EQUAL(sgit_oid_tohex(hex, sgit_tag_target_id(t)),
			       "16213cf5f20292e0ea531dba2818e2c8d2773c99");
	CU_ASSERT_EQUAL(sgit_tag_target_type(t), SGIT_OBJ_COMMIT);
	CU_ASSERT_STRING_EQUAL(sgit_tag_name(t), "v1");
	CU_ASSERT_EQUAL(sgit_tag_header_count(t), 4);
	CU_ASSERT_PTR_NOT_NULL_FATAL(sgit_tag_tagger(t));
	CU_ASSERT_EQUAL(sgit_ident_parse(&who, sgit_tag_tagger(t)->value, sgit_tag_tagger(t)->value_len,
					 NULL), 0);
	CU_ASSERT_EQUAL(who.time, 1112912053);
	msg = sgit_tag_message(t, &len);
	CU_ASSERT(msg && len == sizeof(signed_tag) - 1 - strlen(HEAD TAGGER "\n"));
	CU_ASSERT_EQUAL(sgit_tag_signature_offset(t), strlen(SIGNED_PAYLOAD));
	sig = sgit_tag_signature(t, &len, &f);
	CU_ASSERT(sig && len == strlen(PGP_BLOCK) && !memcmp(sig, PGP_BLOCK, len));
	CU_ASSERT_EQUAL(f, SGIT_SIG_OPENPGP);
	sgit_tag_free(t);
}

static const struct split_case {
	const char *what;
	const char *data;
	size_t len;
	int signed_;
	size_t payload_len;
	enum sgit_sig_format format;
} split_cases[] = {
	{ "unsigned", LIT(HEAD TAGGER "\nplain\n"), 0, sizeof(HEAD TAGGER "\nplain\n") - 1, SGIT_SIG_NONE },
	{ "two markers: the last counts",
	  LIT(HEAD TAGGER "\nquote:\n-----BEGIN PGP SIGNATURE-----\nfake\n" PGP_BLOCK), 1,
	  sizeof(HEAD TAGGER "\nquote:\n-----BEGIN PGP SIGNATURE-----\nfake\n") - 1, SGIT_SIG_OPENPGP },
	{ "indented marker does not count", LIT(HEAD "\n  -----BEGIN PGP SIGNATURE-----\n"), 0,
	  sizeof(HEAD "\n  -----BEGIN PGP SIGNATURE-----\n") - 1, SGIT_SIG_NONE },
	{ "PGP message", LIT(HEAD "\nm\n-----BEGIN PGP MESSAGE-----\nx\n"), 1, sizeof(HEAD "\nm\n") - 1,
	  SGIT_SIG_OPENPGP },
	{ "SSH", LIT(HEAD "\nm\n-----BEGIN SSH SIGNATURE-----\nx\n"), 1, sizeof(HEAD "\nm\n") - 1,
	  SGIT_SIG_SSH },
	{ "X.509", LIT(HEAD "\nm\n-----BEGIN SIGNED MESSAGE-----\nx\n"), 1, sizeof(HEAD "\nm\n") - 1,
	  SGIT_SIG_X509 },
	{ "marker on the last line without LF", LIT(HEAD "\nm\n-----BEGIN PGP SIGNATURE-----"), 1,
	  sizeof(HEAD "\nm\n") - 1, SGIT_SIG_OPENPGP },
	{ "marker cut short", LIT(HEAD "\nm\n-----BEGIN PGP SIGNATURE----"), 0,
	  sizeof(HEAD "\nm\n-----BEGIN PGP SIGNATURE----") - 1, SGIT_SIG_NONE },
	{ "NUL in message", LIT(HEAD "\na\0b\n" PGP_BLOCK), 1, sizeof(HEAD "\na\0b\n") - 1,
	  SGIT_SIG_OPENPGP },
};

static void test_signature_split_table(void)
{
	size_t i;

	for (i = 0; i < sizeof(split_cases) / sizeof(split_cases[0]); i++) {
		const struct split_case *s = &split_cases[i];
		struct sgit_buf payload = SGIT_BUF_INIT, sig = SGIT_BUF_INIT;
		enum sgit_sig_format f;
		struct sgit_tag *t = NULL;
		size_t len;

		CU_ASSERT_EQUAL(sgit_sig_find(&f, s->data, s->len), s->payload_len);
		CU_ASSERT_EQUAL(f, s->format);
		CU_ASSERT_EQUAL(sgit_tag_split_signature(&payload, &sig, s->data, s->len), s->signed_);
		CU_ASSERT(payload.len == s->payload_len && !memcmp(payload.ptr, s->data, payload.len));
		CU_ASSERT(sig.len == s->len - s->payload_len &&
			  !memcmp(sig.ptr, s->data + s->payload_len, sig.len));
		CU_ASSERT_EQUAL(sgit_tag_parse(&t, s->data, s->len, NULL), 0);
		if (t) {
			CU_ASSERT_EQUAL(!!sgit_tag_signature(t, &len, NULL), s->signed_);
			CU_ASSERT_EQUAL(sgit_tag_signature_offset(t), s->payload_len);
		}
		if (payload.len != s->payload_len)
			fprintf(stderr, "%s: payload %zu\n", s->what, payload.len);
		sgit_tag_free(t);
		sgit_buf_release(&payload);
		sgit_buf_release(&sig);
	}
}

static void test_old_and_extended_tags_parse(void)
{
	static const char old[] = HEAD "\nold tag without tagger\n";
	static const char extra[] = HEAD TAGGER "x-custom a\n b\nnote\n\nm\n";
	static const char bare[] = OBJECT "type tree\ntag \n";
	struct sgit_tag *t = NULL;
	size_t len;

	CU_ASSERT_EQUAL_FATAL(sgit_tag_parse(&t, LIT(old), NULL), 0);
	CU_ASSERT_PTR_NULL(sgit_tag_tagger(t));
	sgit_tag_free(t);
	CU_ASSERT_EQUAL_FATAL(sgit_tag_parse(&t, LIT(extra), NULL), 0);
	CU_ASSERT_EQUAL(sgit_tag_header_count(t), 6);
	CU_ASSERT_STRING_EQUAL(sgit_tag_header_at(t, 4)->name, "x-custom");
	CU_ASSERT_STRING_EQUAL(sgit_tag_header_at(t, 4)->value, "a\nb");
	CU_ASSERT_STRING_EQUAL(sgit_tag_header_at(t, 5)->name, "note");
	CU_ASSERT_PTR_NULL(sgit_tag_header_at(t, 6));
	sgit_tag_free(t);
	CU_ASSERT_EQUAL_FATAL(sgit_tag_parse(&t, LIT(bare), NULL), 0);
	CU_ASSERT_EQUAL(sgit_tag_target_type(t), SGIT_OBJ_TREE);
	CU_ASSERT_STRING_EQUAL(sgit_tag_name(t), "");
	CU_ASSERT_PTR_NULL(sgit_tag_message(t, &len));
	CU_ASSERT_EQUAL(len, 0);
	sgit_tag_free(t);
}

static const struct bad_case {
	const char *what;
	const char *data;
	size_t len;
	const char *message;
} bad_cases[] = {
	{ "empty", LIT(""), "corrupt tag: the first line is not 'object'" },
	{ "type first", LIT("type commit\n" OBJECT "tag v1\n\n"), "corrupt tag: the first line is not 'object'" },
	{ "short id", LIT("object 16213cf5f20292e0ea531dba2818e2c8d2773c9\ntype commit\ntag v\n\n"),
	  "corrupt tag: invalid 'object' line" },
	{ "missing type", LIT(OBJECT "tag v1\n\n"), "corrupt tag: missing 'type' line" },
	{ "bad type", LIT(OBJECT "type blub\ntag v1\n\n"), "corrupt tag: invalid 'type' line" },
	{ "type with trailing space", LIT(OBJECT "type commit \ntag v1\n\n"), "corrupt tag: invalid 'type' line" },
	{ "missing tag", LIT(OBJECT "type commit\n" TAGGER "\n"), "corrupt tag: missing 'tag' line" },
	{ "bad tagger", LIT(HEAD "tagger nobody\n\n"), "corrupt tag: malformed 'tagger' line" },
	{ "unterminated", LIT(OBJECT "type commit\ntag v1"), "corrupt tag: unterminated header line" },
	{ "NUL in header", LIT(HEAD "x a\0\n\n"), "corrupt tag: NUL byte in header" },
};

static void test_bad_tags_are_refused(void)
{
	size_t i;

	for (i = 0; i < sizeof(bad_cases) / sizeof(bad_cases[0]); i++) {
		struct sgit_error err = SGIT_ERROR_INIT;
		struct sgit_tag *t = (struct sgit_tag *)&err;	/* must be reset to NULL */

		CU_ASSERT_EQUAL(sgit_tag_parse(&t, bad_cases[i].data, bad_cases[i].len, &err), SGIT_ECORRUPT);
		CU_ASSERT_PTR_NULL(t);
		CU_ASSERT_STRING_EQUAL(err.msg, bad_cases[i].message);
		if (strcmp(err.msg, bad_cases[i].message))
			fprintf(stderr, "%s: %s\n", bad_cases[i].what, err.msg);
	}
}

static void test_every_truncation_is_handled(void)
{
	size_t n, full = sizeof(signed_tag) - 1, tag_end = strlen(HEAD);

	for (n = 0; n <= full; n++) {
		struct sgit_tag *t = NULL;
		char *copy = malloc(n ? n : 1);	/* exact size, so ASan sees any over-read */
		size_t len;
		int rc;

		memcpy(copy, signed_tag, n);
		rc = sgit_tag_parse(&t, copy, n, NULL);
		CU_ASSERT(rc == 0 || rc == SGIT_ECORRUPT);
		if (rc == 0) {
			CU_ASSERT(n >= tag_end);
			CU_ASSERT(sgit_tag_signature_offset(t) <= n);
			sgit_tag_signature(t, &len, NULL);
			CU_ASSERT_EQUAL(sgit_tag_signature_offset(t) + len, n);
		}
		sgit_tag_free(t);
		free(copy);
	}
}

static CU_TestInfo tag_tests[] = {
	{ "a signed tag parses and splits into payload and signature", test_signed_tag_parses_and_splits },
	{ "the last marker line starts the signature, in every format", test_signature_split_table },
	{ "tags without tagger or with extra headers parse", test_old_and_extended_tags_parse },
	{ "malformed tags are refused with a message", test_bad_tags_are_refused },
	{ "a tag cut at any length is parsed or refused, never overread", test_every_truncation_is_handled },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "objects/tag", .pTests = tag_tests },
	CU_SUITE_INFO_NULL,
};
