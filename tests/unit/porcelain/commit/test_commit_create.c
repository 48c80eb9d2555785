/* tests/unit/porcelain/commit/test_commit_create.c: commit objects built and stored as git builds them */
#include <stdio.h>
#include <string.h>
#include "unit.h"
#include "sgit/commit_create.h"
#include "sgit/object.h"
#include "sgit/odb.h"
#include "sgit/repo.h"
#include "util/fs.h"

#define EMPTY_TREE "4b825dc642cb6eb9a060e54bf8d69288fbee4904"
#define P1_HEX "dc83fc6c780507b30ea270c67674a6b4204b805a"
#define P2_HEX "16213cf5f20292e0ea531dba2818e2c8d2773c99"
#define P3_HEX "0123456789abcdef0123456789abcdef01234567"
#define AUTHOR "A U Thor <author@example.com> 1112911993 -0700"
#define COMMITTER "C O Mitter <committer@example.com> 1112912053 -0700"
#define PEOPLE "author " AUTHOR "\ncommitter " COMMITTER "\n"

/* A signed tag as a mergetag carries it: a line that starts "tree " and an empty line inside. */
#define TAG_OBJECT \
	"object " P1_HEX "\ntype commit\ntag v1\ntagger " COMMITTER "\n\nsigned tag\n" \
	"tree 0000000000000000000000000000000000000000\nbody\n" \
	"-----BEGIN PGP SIGNATURE-----\n\nd2VsbA==\n=AbCd\n-----END PGP SIGNATURE-----\n"
#define TAG_HEADER \
	"mergetag object " P1_HEX "\n type commit\n tag v1\n tagger " COMMITTER "\n \n signed tag\n" \
	" tree 0000000000000000000000000000000000000000\n body\n" \
	" -----BEGIN PGP SIGNATURE-----\n \n d2VsbA==\n =AbCd\n -----END PGP SIGNATURE-----\n"
#define SIGNATURE "-----BEGIN PGP SIGNATURE-----\n\nc2lnbmVk\n=wXyZ\n-----END PGP SIGNATURE-----\n"
#define SIG_HEADER \
	"gpgsig -----BEGIN PGP SIGNATURE-----\n \n c2lnbmVk\n =wXyZ\n -----END PGP SIGNATURE-----\n"

static struct sgit_oid tree_id, parent_ids[3];

static void fixture_ids(void)
{
	sgit_oid_fromhex(&tree_id, EMPTY_TREE);
	sgit_oid_fromhex(&parent_ids[0], P1_HEX);
	sgit_oid_fromhex(&parent_ids[1], P2_HEX);
	sgit_oid_fromhex(&parent_ids[2], P3_HEX);
}

static void base_opts(struct sgit_commit_create_opts *o, size_t nparents, const char *message)
{
	fixture_ids();
	o->tree = &tree_id;
	o->parents = parent_ids;
	o->nparents = nparents;
	o->author = AUTHOR;
	o->committer = COMMITTER;
	o->message = message;
	o->message_len = strlen(message);
}

static int hex_is(const struct sgit_buf *obj, const char *want)
{
	struct sgit_oid id;
	char hex[SGIT_OID_HEXSZ + 1];

	sgit_object_hash(&id, SGIT_OBJ_COMMIT, obj->ptr, obj->len);
	if (strcmp(sgit_oid_tohex(hex, &id), want)) {
		fprintf(stderr, "\nid %s, wanted %s\n", hex, want);
		return 0;
	}
	return 1;
}

/* ---- building ---- */

/* parents, encoding, message, the bytes and the id git hash-object -t commit gives them */
static const struct {
	size_t nparents;
	const char *encoding, *message, *bytes, *id;
} builds[] = {
	{ 0, NULL, "root\n", "tree " EMPTY_TREE "\n" PEOPLE "\nroot\n",
	  "ee1ac00471342358878b7fff504b7038d59e1bd2" },
	{ 2, NULL, "merge\n", "tree " EMPTY_TREE "\nparent " P1_HEX "\nparent " P2_HEX "\n" PEOPLE "\nmerge\n",
	  "6de03d512aeefda0cddf05e5422fec62af815c87" },
	{ 3, "UTF-8", "octopus\n", "tree " EMPTY_TREE "\nparent " P1_HEX "\nparent " P2_HEX "\nparent " P3_HEX
	  "\n" PEOPLE "\noctopus\n", "c0a0619b24512db81df3a9a0feb89ca5b1d8b0d2" },
	{ 0, "ISO-8859-1", "caf\351\n", "tree " EMPTY_TREE "\n" PEOPLE "encoding ISO-8859-1\n\ncaf\351\n",
	  "4edf001395cbff09540b6fffb8b25b93ede2f2c6" },
	{ 0, "utf8", "", "tree " EMPTY_TREE "\n" PEOPLE "\n", NULL },
};

static void test_commits_are_built_byte_for_byte_as_git_builds_them(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf out = SGIT_BUF_INIT;
	size_t i;
	int conv;

	for (i = 0; i < sizeof(builds) / sizeof(builds[0]); i++) {
		struct sgit_commit_create_opts o = SGIT_COMMIT_CREATE_OPTS_INIT;

		base_opts(&o, builds[i].nparents, builds[i].message);
		o.encoding = builds[i].encoding;
		conv = -1;
		CU_ASSERT_EQUAL(sgit_commit_build(&out, &conv, &o, &err), 0);
		CU_ASSERT_STRING_EQUAL(out.ptr, builds[i].bytes);
		CU_ASSERT_EQUAL(conv, 0);
		if (builds[i].id)
			CU_ASSERT(hex_is(&out, builds[i].id));
	}
	sgit_buf_release(&out);
}

/* a message, and what git makes of it when the encoding is UTF-8 */
static const struct {
	const char *in, *out;
} utf8_cases[] = {
	{ "caf\303\251\n", "caf\303\251\n" },			/* valid: untouched */
	{ "caf\351\n", "caf\303\251\n" },			/* Latin-1 e-acute */
	{ "\360\237\230\200\n", "\360\237\230\200\n" },		/* a four-byte character */
	{ "\300\200", "\303\200\302\200" },			/* overlong */
	{ "\355\240\200", "\303\255\302\240\302\200" },		/* a surrogate */
	{ "\357\277\276", "\303\257\302\277\302\276" },		/* U+FFFE */
	{ "\357\267\220", "\303\257\302\267\302\220" },		/* U+FDD0 */
	{ "\357\267\260", "\357\267\260" },			/* U+FDF0 is fine */
	{ "\364\220\200\200", "\303\264\302\220\302\200\302\200" },	/* past U+10FFFF */
	{ "a\342\202", "a\303\242\302\202" },			/* truncated */
	{ "\370\210", "\303\270\302\210" },			/* a five-byte lead */
	{ "\377x\303", "\303\277x\303\203" },
};

static void test_a_message_that_is_not_utf8_is_converted_from_latin1_as_git_does(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf out = SGIT_BUF_INIT;
	size_t i, hdr;
	int conv;

	for (i = 0; i < sizeof(utf8_cases) / sizeof(utf8_cases[0]); i++) {
		struct sgit_commit_create_opts o = SGIT_COMMIT_CREATE_OPTS_INIT;

		base_opts(&o, 0, utf8_cases[i].in);
		CU_ASSERT_EQUAL(sgit_commit_build(&out, &conv, &o, &err), 0);
		hdr = strlen("tree " EMPTY_TREE "\n" PEOPLE "\n");
		CU_ASSERT(out.len >= hdr && !strcmp(out.ptr + hdr, utf8_cases[i].out));
		CU_ASSERT_EQUAL(conv, strcmp(utf8_cases[i].in, utf8_cases[i].out) != 0);
	}
	/* the identities are checked too */
	{
		struct sgit_commit_create_opts o = SGIT_COMMIT_CREATE_OPTS_INIT;

		base_opts(&o, 0, "x\n");
		o.author = "J\366rg <j@x> 1 +0000";
		CU_ASSERT_EQUAL(sgit_commit_build(&out, &conv, &o, &err), 0);
		CU_ASSERT(strstr(out.ptr, "author J\303\266rg <j@x> 1 +0000\n") != NULL);
		CU_ASSERT_EQUAL(conv, 1);
	}
	sgit_buf_release(&out);
}

static void test_extra_headers_follow_the_encoding_and_continue_after_one_space(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_commit_create_opts o = SGIT_COMMIT_CREATE_OPTS_INIT;
	struct sgit_commit_extra x = SGIT_COMMIT_EXTRA_INIT;
	struct sgit_buf out = SGIT_BUF_INIT;

	CU_ASSERT_EQUAL(sgit_commit_extra_add(&x, "mergetag", TAG_OBJECT, strlen(TAG_OBJECT), &err), 0);
	CU_ASSERT_EQUAL(sgit_commit_extra_add(&x, "x-one", "single", 6, &err), 0);
	CU_ASSERT_EQUAL(sgit_commit_extra_add(&x, "x-empty", "", 0, &err), 0);
	base_opts(&o, 2, "Merge tag 'v1'\n");
	o.encoding = "ISO-8859-1";
	o.extra = &x;
	CU_ASSERT_EQUAL(sgit_commit_build(&out, NULL, &o, &err), 0);
	CU_ASSERT_STRING_EQUAL(out.ptr, "tree " EMPTY_TREE "\nparent " P1_HEX "\nparent " P2_HEX "\n" PEOPLE
			       "encoding ISO-8859-1\n" TAG_HEADER "x-one single\nx-empty\n\nMerge tag 'v1'\n");
	CU_ASSERT(hex_is(&out, "a7bb2056154cef460422bed75c0fd236b04e567c"));
	sgit_buf_release(&out);
	sgit_commit_extra_release(&x);
}

static void test_a_mergetag_with_tree_lines_and_an_empty_line_survives_a_parse(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_commit_create_opts o = SGIT_COMMIT_CREATE_OPTS_INIT;
	struct sgit_commit_extra x = SGIT_COMMIT_EXTRA_INIT;
	struct sgit_buf out = SGIT_BUF_INIT;
	struct sgit_commit *c = NULL;
	const struct sgit_header *h;
	size_t from = 0, len;
	const char *msg;

	CU_ASSERT_EQUAL(sgit_commit_extra_add(&x, "mergetag", TAG_OBJECT, strlen(TAG_OBJECT), &err), 0);
	base_opts(&o, 2, "Merge tag 'v1'\n");
	o.extra = &x;
	CU_ASSERT_EQUAL(sgit_commit_build(&out, NULL, &o, &err), 0);
	CU_ASSERT_EQUAL_FATAL(sgit_commit_parse(&c, out.ptr, out.len, &err), 0);
	CU_ASSERT(sgit_oid_equal(sgit_commit_tree_id(c), &tree_id));
	CU_ASSERT_EQUAL(sgit_commit_parent_count(c), 2);
	CU_ASSERT_EQUAL(sgit_commit_header_count(c), 6);
	h = sgit_commit_header_next(c, "mergetag", &from);
	CU_ASSERT_FATAL(h != NULL);
	/* the parsed value is the tag without its last LF */
	CU_ASSERT_EQUAL(h->value_len, strlen(TAG_OBJECT) - 1);
	CU_ASSERT(!memcmp(h->value, TAG_OBJECT, h->value_len));
	CU_ASSERT_PTR_NULL(sgit_commit_header_next(c, "tree", &from));
	msg = sgit_commit_message(c, &len);
	CU_ASSERT(len == 15 && !memcmp(msg, "Merge tag 'v1'\n", 15));
	sgit_commit_free(c);
	sgit_buf_release(&out);
	sgit_commit_extra_release(&x);
}

static void test_bad_inputs_are_refused_and_leave_the_output_empty(void)
{
	static const char *const bad_names[] = { "", "a b", "a\nb", "tree", "parent", "author",
						 "committer", "encoding" };
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_commit_create_opts o = SGIT_COMMIT_CREATE_OPTS_INIT;
	struct sgit_commit_extra x = SGIT_COMMIT_EXTRA_INIT;
	struct sgit_commit_extra_header forged = { (char *)"parent", (char *)"x", 1 };
	struct sgit_buf out = SGIT_BUF_INIT;
	size_t i;

	for (i = 0; i < sizeof(bad_names) / sizeof(bad_names[0]); i++)
		CU_ASSERT_EQUAL(sgit_commit_extra_add(&x, bad_names[i], "v", 1, &err), SGIT_EINVALID);
	CU_ASSERT_EQUAL(sgit_commit_extra_add(&x, "x", "a\0b", 3, &err), SGIT_EINVALID);
	CU_ASSERT_EQUAL(x.nr, 0);
	sgit_buf_sets(&out, "old");
	base_opts(&o, 0, "a\0b");
	o.message_len = 3;
	CU_ASSERT_EQUAL(sgit_commit_build(&out, NULL, &o, &err), SGIT_EINVALID);
	CU_ASSERT_STRING_EQUAL(err.msg, "a NUL byte in commit log message not allowed.");
	CU_ASSERT_EQUAL(out.len, 0);
	base_opts(&o, 0, "m\n");
	o.author = NULL;
	CU_ASSERT_EQUAL(sgit_commit_build(&out, NULL, &o, &err), SGIT_EINVALID);
	o.author = "A <a> 1 +0000\nparent " P1_HEX;
	CU_ASSERT_EQUAL(sgit_commit_build(&out, NULL, &o, &err), SGIT_EINVALID);
	/* a list filled by hand is checked as well */
	base_opts(&o, 0, "m\n");
	x.items = &forged;
	x.nr = 1;
	o.extra = &x;
	CU_ASSERT_EQUAL(sgit_commit_build(&out, NULL, &o, &err), SGIT_EINVALID);
	CU_ASSERT_EQUAL(out.len, 0);
	sgit_buf_release(&out);
}

/* A commit as --amend finds it: a mergetag, a signature, an unknown header, odd empty values. */
static const char amended[] =
	"tree " EMPTY_TREE "\nparent " P1_HEX "\nparent " P2_HEX "\n" PEOPLE "encoding ISO-8859-1\n"
	TAG_HEADER SIG_HEADER "x-trailing one\n two\n \nx-bare\nx-space \ngpgsig-sha256 abc\n def\n"
	"\nMerge tag 'v1'\n";

static void test_amend_carries_every_extra_header_but_the_signatures(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_commit_create_opts o = SGIT_COMMIT_CREATE_OPTS_INIT;
	struct sgit_commit_extra x = SGIT_COMMIT_EXTRA_INIT;
	struct sgit_buf out = SGIT_BUF_INIT, payload = SGIT_BUF_INIT, tmp = SGIT_BUF_INIT;
	struct sgit_commit *c = NULL;

	CU_ASSERT_EQUAL_FATAL(sgit_commit_parse(&c, amended, sizeof(amended) - 1, &err), 0);
	CU_ASSERT_EQUAL(sgit_commit_extra_from_commit(&x, c, sgit_commit_signature_headers, &err), 0);
	CU_ASSERT_EQUAL_FATAL(x.nr, 4);
	CU_ASSERT_STRING_EQUAL(x.items[0].name, "mergetag");
	CU_ASSERT(x.items[0].len == strlen(TAG_OBJECT) && !strcmp(x.items[0].value, TAG_OBJECT));
	CU_ASSERT_STRING_EQUAL(x.items[1].name, "x-trailing");
	CU_ASSERT_STRING_EQUAL(x.items[1].value, "one\ntwo\n\n");
	CU_ASSERT(!strcmp(x.items[2].name, "x-bare") && x.items[2].len == 0);
	CU_ASSERT(!strcmp(x.items[3].name, "x-space") && !strcmp(x.items[3].value, "\n"));
	/* built again, they give the old object without its signatures */
	base_opts(&o, 2, "Merge tag 'v1'\n");
	o.encoding = "ISO-8859-1";
	o.extra = &x;
	CU_ASSERT_EQUAL(sgit_commit_build(&out, NULL, &o, &err), 0);
	CU_ASSERT_EQUAL(sgit_commit_extract_header(&tmp, NULL, amended, sizeof(amended) - 1, "gpgsig"), 1);
	CU_ASSERT_EQUAL(sgit_commit_extract_header(&payload, NULL, tmp.ptr, tmp.len, "gpgsig-sha256"), 1);
	CU_ASSERT_STRING_EQUAL(out.ptr, payload.ptr);
	/* with nothing excluded the signatures come along, in their place */
	sgit_commit_extra_release(&x);
	CU_ASSERT_EQUAL(sgit_commit_extra_from_commit(&x, c, NULL, &err), 0);
	CU_ASSERT_EQUAL(sgit_commit_build(&out, NULL, &o, &err), 0);
	CU_ASSERT_STRING_EQUAL(out.ptr, amended);
	sgit_commit_free(c);
	sgit_commit_extra_release(&x);
	sgit_buf_release(&out);
	sgit_buf_release(&payload);
	sgit_buf_release(&tmp);
}

/* ---- in a repository ---- */

static struct sgit_repo *repo;
static struct sgit_oid empty_tree, blob;

static const char *no_env(const char *name)
{
	return !strcmp(name, "GIT_CONFIG_NOSYSTEM") ? "1" : NULL;
}

/* The environment git commit-tree gets below, for sgit_person_ident. */
static const char *ident_env(const char *name)
{
	static const char *const vars[][2] = {
		{ "GIT_AUTHOR_NAME", "A U Thor" }, { "GIT_AUTHOR_EMAIL", "author@example.com" },
		{ "GIT_AUTHOR_DATE", "Thu, 07 Apr 2005 22:13:13 +0200" },
		{ "GIT_COMMITTER_NAME", "C O Mitter" }, { "GIT_COMMITTER_EMAIL", "committer@example.com" },
		{ "GIT_COMMITTER_DATE", "@1112912053 -0700" },
	};
	size_t i;

	for (i = 0; i < sizeof(vars) / sizeof(vars[0]); i++)
		if (!strcmp(name, vars[i][0]))
			return vars[i][1];
	return NULL;
}

#define GIT_ENV "GIT_AUTHOR_NAME='A U Thor' GIT_AUTHOR_EMAIL=author@example.com " \
	"GIT_AUTHOR_DATE='Thu, 07 Apr 2005 22:13:13 +0200' GIT_COMMITTER_NAME='C O Mitter' " \
	"GIT_COMMITTER_EMAIL=committer@example.com GIT_COMMITTER_DATE='@1112912053 -0700' "

static int setup_repo(void)
{
	struct sgit_repo_options opts = SGIT_REPO_OPTIONS_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;

	opts.getenv = no_env;
	opts.start_dir = unit_tmpdir();
	if (sgit_repo_init(&repo, NULL, "commits", NULL, &opts, &err) < 0 ||
	    sgit_odb_write(&empty_tree, sgit_repo_odb(repo), SGIT_OBJ_TREE, "", 0) < 0)
		return 1;
	return sgit_odb_write(&blob, sgit_repo_odb(repo), SGIT_OBJ_BLOB, "x\n", 2) < 0;
}

static int teardown_repo(void)
{
	sgit_repo_free(repo);
	return 0;
}

/* What git commit-tree printed in the same repository, or "" when it failed. */
static void git_commit_tree(char hex[SGIT_OID_HEXSZ + 1], const char *args)
{
	struct sgit_buf out = SGIT_BUF_INIT;
	struct sgit_buf path = SGIT_BUF_INIT;

	hex[0] = '\0';
	sgit_buf_printf(&path, "%s/git-out", unit_tmpdir());
	if (unit_sh("cd commits && " GIT_ENV "git commit-tree %s >../git-out", args) == 0 &&
	    sgit_fs_read_file(&out, path.ptr, NULL) == 0 && out.len == SGIT_OID_HEXSZ + 1) {
		memcpy(hex, out.ptr, SGIT_OID_HEXSZ);
		hex[SGIT_OID_HEXSZ] = '\0';
	}
	sgit_buf_release(&out);
	sgit_buf_release(&path);
}

static int create(struct sgit_commit_create_result *res, const struct sgit_oid *parents, size_t n,
		  const char *message, const struct sgit_commit_extra *extra)
{
	struct sgit_commit_create_opts o = SGIT_COMMIT_CREATE_OPTS_INIT;
	struct sgit_person_options person = SGIT_PERSON_OPTIONS_INIT;

	person.getenv = ident_env;
	o.tree = &empty_tree;
	o.parents = parents;
	o.nparents = n;
	o.person = &person;
	o.message = message;
	o.message_len = strlen(message);
	o.extra = extra;
	return sgit_commit_create(res, repo, &o);
}

static struct sgit_oid first, second;

static void test_commits_are_stored_with_the_ids_git_commit_tree_gives(void)
{
	struct sgit_commit_create_result res;
	char hex[SGIT_OID_HEXSZ + 1], want[SGIT_OID_HEXSZ + 1], args[256];
	struct sgit_oid both[2];

	CU_ASSERT_EQUAL_FATAL(create(&res, NULL, 0, "first\n", NULL), 0);
	first = res.id;
	git_commit_tree(want, EMPTY_TREE " -m first");
	CU_ASSERT_STRING_EQUAL(sgit_oid_tohex(hex, &first), want);
	CU_ASSERT(sgit_odb_exists(sgit_repo_odb(repo), &first));
	CU_ASSERT_EQUAL_FATAL(create(&res, &first, 1, "second\n\nbody\n", NULL), 0);
	second = res.id;
	snprintf(args, sizeof(args), EMPTY_TREE " -p %s -m second -m body", hex);
	git_commit_tree(want, args);
	CU_ASSERT_STRING_EQUAL(sgit_oid_tohex(hex, &second), want);
	both[0] = second;
	both[1] = first;
	CU_ASSERT_EQUAL(create(&res, both, 2, "caf\351\n", NULL), 0);
	CU_ASSERT_EQUAL(res.converted, 1);
	snprintf(args, sizeof(args), EMPTY_TREE " -p %s -p %s -m \"$(printf 'caf\\351')\"",
		 sgit_oid_tohex(want, &second), sgit_oid_tohex(hex, &first));
	git_commit_tree(want, args);
	CU_ASSERT_STRING_EQUAL(sgit_oid_tohex(hex, &res.id), want);
}

static void test_a_tree_that_is_not_a_tree_and_a_parent_that_is_not_a_commit_are_refused(void)
{
	struct sgit_commit_create_opts o = SGIT_COMMIT_CREATE_OPTS_INIT;
	struct sgit_commit_create_result res;
	struct sgit_oid missing;

	o.tree = &first;
	o.author = AUTHOR;
	o.committer = COMMITTER;
	CU_ASSERT_EQUAL(sgit_commit_create(&res, repo, &o), SGIT_EINVALID);
	CU_ASSERT_EQUAL(res.failed, SGIT_COMMIT_STEP_TREE);
	CU_ASSERT(strstr(sgit_error_message(sgit_repo_error(repo)), " is not a valid 'tree' object") != NULL);
	o.tree = &empty_tree;
	o.parents = &blob;
	o.nparents = 1;
	CU_ASSERT_EQUAL(sgit_commit_create(&res, repo, &o), SGIT_EINVALID);
	CU_ASSERT_EQUAL(res.failed, SGIT_COMMIT_STEP_PARENT);
	sgit_oid_fromhex(&missing, P3_HEX);
	o.parents = &missing;
	CU_ASSERT_EQUAL(sgit_commit_create(&res, repo, &o), SGIT_ENOTFOUND);
	CU_ASSERT_EQUAL(res.failed, SGIT_COMMIT_STEP_PARENT);
	CU_ASSERT_STRING_EQUAL(sgit_error_message(sgit_repo_error(repo)), P3_HEX " is not a valid object");
	o.nparents = 0;
	o.message = "a\0b";
	o.message_len = 3;
	CU_ASSERT_EQUAL(sgit_commit_create(&res, repo, &o), SGIT_EINVALID);
	CU_ASSERT_EQUAL(res.failed, SGIT_COMMIT_STEP_MESSAGE);
	CU_ASSERT(sgit_oid_is_zero(&res.id));
}

static const char *empty_env(const char *name)
{
	(void)name;
	return NULL;
}

static void test_a_missing_identity_is_refused_with_git_s_advice(void)
{
	struct sgit_commit_create_opts o = SGIT_COMMIT_CREATE_OPTS_INIT;
	struct sgit_person_options person = SGIT_PERSON_OPTIONS_INIT;
	struct sgit_person_system sys = { "u", "U Ser", NULL, "box", NULL };
	struct sgit_commit_create_result res;

	person.getenv = empty_env;
	person.system = &sys;
	o.tree = &empty_tree;
	o.person = &person;
	CU_ASSERT_EQUAL(sgit_commit_create(&res, repo, &o), SGIT_EINVALID);
	CU_ASSERT_EQUAL(res.failed, SGIT_COMMIT_STEP_IDENT);
	CU_ASSERT_PTR_EQUAL(res.hint, sgit_person_hint(SGIT_PERSON_AUTHOR));
	CU_ASSERT_STRING_EQUAL(sgit_error_message(sgit_repo_error(repo)),
			       "unable to auto-detect email address (got 'u@box.(none)')");
	/* an author given, the committer is looked up and refused the same way */
	o.author = AUTHOR;
	CU_ASSERT_EQUAL(sgit_commit_create(&res, repo, &o), SGIT_EINVALID);
	CU_ASSERT_PTR_EQUAL(res.hint, sgit_person_hint(SGIT_PERSON_COMMITTER));
	/* no way to find one at all */
	o.person = NULL;
	CU_ASSERT_EQUAL(sgit_commit_create(&res, repo, &o), SGIT_EINVALID);
	CU_ASSERT_EQUAL(res.failed, SGIT_COMMIT_STEP_IDENT);
}

struct sign_record {
	struct sgit_buf payload;
	int fail;
};

static int fake_sign(struct sgit_buf *sig, const char *payload, size_t len, void *data,
		     struct sgit_error *err)
{
	struct sign_record *r = data;

	if (r->fail)
		return sgit_error_set(err, SGIT_EGPG, "gpg failed to sign the data");
	sgit_buf_set(&r->payload, payload, len);
	return sgit_buf_sets(sig, SIGNATURE);
}

static void test_a_signature_goes_in_a_gpgsig_header_after_the_others(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_commit_create_opts o = SGIT_COMMIT_CREATE_OPTS_INIT;
	struct sgit_person_options person = SGIT_PERSON_OPTIONS_INIT;
	struct sgit_commit_extra x = SGIT_COMMIT_EXTRA_INIT;
	struct sign_record rec = { SGIT_BUF_INIT, 0 };
	struct sgit_commit_create_result res;
	struct sgit_buf obj = SGIT_BUF_INIT, payload = SGIT_BUF_INIT, sig = SGIT_BUF_INIT;
	struct sgit_oid both[2];
	enum sgit_object_type type;
	const char *tag_at, *sig_at;

	sgit_commit_extra_add(&x, "mergetag", TAG_OBJECT, strlen(TAG_OBJECT), &err);
	person.getenv = ident_env;
	both[0] = second;
	both[1] = first;
	o.tree = &empty_tree;
	o.parents = both;
	o.nparents = 2;
	o.person = &person;
	o.message = "Merge tag 'v1'\n";
	o.message_len = strlen(o.message);
	o.extra = &x;
	o.sign = fake_sign;
	o.sign_data = &rec;
	CU_ASSERT_EQUAL_FATAL(sgit_commit_create(&res, repo, &o), 0);
	CU_ASSERT_EQUAL(sgit_odb_read(&obj, &type, sgit_repo_odb(repo), &res.id), 0);
	tag_at = strstr(obj.ptr, "\nmergetag ");
	sig_at = strstr(obj.ptr, "\n" SIG_HEADER "\nMerge tag 'v1'\n");
	CU_ASSERT(tag_at && sig_at && tag_at < sig_at);
	CU_ASSERT_EQUAL(sgit_commit_extract_header(&payload, &sig, obj.ptr, obj.len, "gpgsig"), 1);
	CU_ASSERT_STRING_EQUAL(payload.ptr, rec.payload.ptr);
	CU_ASSERT_STRING_EQUAL(sig.ptr, SIGNATURE);
	/* git fsck --strict accepts everything stored so far, the signed merge included */
	CU_ASSERT_EQUAL(unit_sh("cd commits && git fsck --strict --no-dangling"), 0);
	rec.fail = 1;
	CU_ASSERT_EQUAL(sgit_commit_create(&res, repo, &o), SGIT_EGPG);
	CU_ASSERT_EQUAL(res.failed, SGIT_COMMIT_STEP_SIGN);
	sgit_commit_extra_release(&x);
	sgit_buf_release(&rec.payload);
	sgit_buf_release(&obj);
	sgit_buf_release(&payload);
	sgit_buf_release(&sig);
}

static void test_the_encoding_comes_from_i18n_commit_encoding(void)
{
	struct sgit_commit_create_opts o = SGIT_COMMIT_CREATE_OPTS_INIT;
	struct sgit_commit_create_result res;
	struct sgit_buf obj = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	enum sgit_object_type type;

	o.tree = &empty_tree;
	o.author = AUTHOR;
	o.committer = COMMITTER;
	o.message = "caf\351\n";
	o.message_len = 5;
	CU_ASSERT_EQUAL(sgit_config_add_parameter(sgit_repo_config(repo), "i18n.commitEncoding=ISO-8859-1",
						  &err), 0);
	CU_ASSERT_EQUAL(sgit_commit_create(&res, repo, &o), 0);
	CU_ASSERT_EQUAL(res.converted, 0);
	CU_ASSERT_EQUAL(sgit_odb_read(&obj, &type, sgit_repo_odb(repo), &res.id), 0);
	CU_ASSERT(strstr(obj.ptr, "\nencoding ISO-8859-1\n\ncaf\351\n") != NULL);
	CU_ASSERT(hex_is(&obj, "4edf001395cbff09540b6fffb8b25b93ede2f2c6"));
	sgit_buf_release(&obj);
}

CU_TestInfo commit_build_tests[] = {
	{ "commits are built byte for byte as git builds them",
	  test_commits_are_built_byte_for_byte_as_git_builds_them },
	{ "a message that is not UTF-8 is converted from Latin-1 as git does",
	  test_a_message_that_is_not_utf8_is_converted_from_latin1_as_git_does },
	{ "extra headers follow the encoding and continue after one space",
	  test_extra_headers_follow_the_encoding_and_continue_after_one_space },
	{ "a mergetag with 'tree' lines and an empty line survives a parse",
	  test_a_mergetag_with_tree_lines_and_an_empty_line_survives_a_parse },
	{ "bad inputs are refused and leave the output empty",
	  test_bad_inputs_are_refused_and_leave_the_output_empty },
	{ "amend carries every extra header but the signatures",
	  test_amend_carries_every_extra_header_but_the_signatures },
	CU_TEST_INFO_NULL,
};

CU_TestInfo commit_repo_tests[] = {
	{ "commits are stored with the ids git commit-tree gives",
	  test_commits_are_stored_with_the_ids_git_commit_tree_gives },
	{ "a tree that is not a tree and a parent that is not a commit are refused",
	  test_a_tree_that_is_not_a_tree_and_a_parent_that_is_not_a_commit_are_refused },
	{ "a missing identity is refused with git's advice", test_a_missing_identity_is_refused_with_git_s_advice },
	{ "a signature goes in a gpgsig header after the others",
	  test_a_signature_goes_in_a_gpgsig_header_after_the_others },
	{ "the encoding comes from i18n.commitEncoding", test_the_encoding_comes_from_i18n_commit_encoding },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "commit objects", .pTests = commit_build_tests },
	{ .pName = "commits in a repository", .pInitFunc = setup_repo, .pCleanupFunc = teardown_repo,
	  .pTests = commit_repo_tests },
	CU_SUITE_INFO_NULL,
};
