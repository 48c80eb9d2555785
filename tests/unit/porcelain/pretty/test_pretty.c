/* tests/unit/porcelain/pretty/test_pretty.c: commits formatted as git log formats them, git being the oracle */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "unit.h"
#include "sgit/commit.h"
#include "sgit/decorate.h"
#include "sgit/odb.h"
#include "sgit/pretty.h"
#include "sgit/repo.h"
#include "util/fs.h"

static struct sgit_repo *repo;
static struct sgit_decorations *decos;
static struct sgit_mailmap *mailmap;
static struct sgit_oid *ids;
static size_t nids;

/*
 * A history with what formats trip over: a two-line subject and a body
 * with tabs and trailing blanks, a merge, annotated and lightweight tags,
 * remote-tracking refs and a stash ref, a person with non-ASCII and quoted
 * characters, a Latin-1 commit with its "encoding" header, long subjects,
 * an empty message, a "From " line, and (written by hand) a commit with a
 * signature-like header and one whose committer has no date. A .mailmap maps
 * the author A.
 */
static const char fixture[] =
	"git init -q -b main r && cd r && git config core.abbrev 7 && "
	"d() { export GIT_AUTHOR_DATE=\"$1\" GIT_COMMITTER_DATE=\"$2\"; } && "
	"d '1112911993 -0700' '1112912000 +0200' && git commit -q --allow-empty -m 'first commit' && "
	"d '1112999999 +0530' '1113000000 -0130' && "
	"printf 'Subject line\\nwith two lines  \\n\\n  Body\\tline with\\ttab  \\n\\n\\nSecond ... para\\n\\n' >../m && "
	"git commit -q --allow-empty --cleanup=verbatim -F ../m && "
	"git checkout -q -b side HEAD~1 && "
	"d '1113100000 +0000' '1113100001 +0000' && "
	"git commit -q --allow-empty --author='J\xc3\xb6hn \"Q\" D\xc5\x93 <j@x>' "
	"-m '\xc3\x9cn\xc3\xaf" "c\xc3\xb6" "d\xc3\xa9 subject that is rather long and goes on and on and on beyond seventy eight columns for sure' "
	"-m 'body line \xc3\xa9' -m 'From the start' && "
	"d '1113200000 -0800' '1113200000 -0800' && "
	"git commit -q --allow-empty -m 'plain ascii subject which is also quite long and goes on and on and on "
	"beyond seventy eight columns' -m 'a\tb\tc' -m '\xc3\xa9\tx' && "
	"git checkout -q main && d '1113300000 +0100' '1113300000 +0100' && "
	"git merge -q --no-ff -m 'Merge branch side' -m 'merge body' side && "
	"d '1113400000 +0000' '1113400000 +0000' && "
	"printf 'Caf\\351 latin\\n\\nbody \\351\\n' >../m && "
	"git -c i18n.commitEncoding=ISO-8859-1 commit -q --allow-empty -F ../m && "
	"git commit -q --allow-empty -m '\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e "
	"\xe3\x83\x86\xe3\x82\xad\xe3\x82\xb9\xe3\x83\x88 e\xcc\x81 wide subject' && "
	"d '1113500000 +0000' '1113500000 +0000' && "
	"git commit -q --allow-empty --allow-empty-message -m '' && "
	"git commit -q --allow-empty --author='A. B <ab@x>' -m '[fix] odd...file--name..' && "
	"d '1113600000 +0000' '1113600000 +0000' && "
	"git tag -a -m 'tag msg' v1.0 HEAD~3 && git tag light HEAD~3 && "
	"git update-ref refs/remotes/origin/main HEAD~1 && "
	"git symbolic-ref refs/remotes/origin/HEAD refs/remotes/origin/main && "
	"git update-ref refs/stash HEAD~2 && git update-ref refs/notes/commits HEAD && "
	"t=$(git write-tree) && p=$(git rev-parse HEAD) && "
	"printf 'tree %s\\nparent %s\\nauthor S <s@x> 1113700000 +0000\\ncommitter S <s@x> 1113700000 +0000\\n"
	"gpgsig -----BEGIN PGP SIGNATURE-----\\n \\n abc\\n -----END PGP SIGNATURE-----\\n\\nsigned\\n' $t $p | "
	"git hash-object -t commit -w --stdin >../signed && "
	"printf 'tree %s\\nparent %s\\nauthor N <n@x> 1113800000 +0000\\ncommitter X <x@y>\\n\\nno date\\n' $t $(cat ../signed) | "
	"git hash-object -t commit -w --literally --stdin >../nodate && "
	"git update-ref refs/heads/odd $(cat ../nodate) && "
	"printf 'Real A <real@x> A <a@x>\\n<cc@x> <c@x>\\n' >.mailmap && "
	"git rev-list --all --date-order >../ids";

static int read_ids(void)
{
	struct sgit_buf path = SGIT_BUF_INIT, data = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	size_t i;
	int rc = 1;

	sgit_buf_printf(&path, "%s/ids", unit_tmpdir());
	if (sgit_fs_read_file(&data, path.ptr, &err) < 0)
		goto out;
	nids = data.len / (SGIT_OID_HEXSZ + 1);
	ids = calloc(nids, sizeof(*ids));
	for (i = 0; ids && i < nids; i++)
		sgit_oid_fromhexn(&ids[i], data.ptr + i * (SGIT_OID_HEXSZ + 1), SGIT_OID_HEXSZ);
	rc = ids ? 0 : 1;
out:
	sgit_buf_release(&path);
	sgit_buf_release(&data);
	return rc;
}

static int fixture_setup(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;

	setenv("TZ", "Europe/Paris", 1);
	tzset();
	if (unit_sh("%s", fixture) != 0 || read_ids() != 0 || !(repo = unit_open_repo("r")))
		return 1;
	if (sgit_decorations_load(&decos, repo, NULL, &err) < 0 || sgit_mailmap_load(&mailmap, repo, &err) < 0) {
		fprintf(stderr, "fixture: %s\n", err.msg);
		return 1;
	}
	return 0;
}

static int fixture_teardown(void)
{
	sgit_decorations_free(decos);
	sgit_mailmap_free(mailmap);
	sgit_repo_free(repo);
	free(ids);
	return 0;
}

/* Commits to render, with what the walk would say of each (a mark, a source ref). */
struct entries {
	struct sgit_oid *ids;
	char marks[64][2];
	char sources[64][64];
	size_t n;
};

/* The log of list as sgit renders it with opts, entries framed as git log frames them. */
static int render_list(struct sgit_buf *all, const struct sgit_pretty_options *opts, const struct entries *list)
{
	struct sgit_buf obj = SGIT_BUF_INIT, entry = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	enum sgit_object_type type;
	size_t i;
	int rc = 0;

	sgit_buf_reset(all);
	for (i = 0; i < list->n && rc == 0; i++) {
		struct sgit_pretty_options o = *opts;
		struct sgit_commit *c = NULL;

		if (i < 64 && list->marks[i][0])
			o.mark = o.header_mark = list->marks[i];
		if (i < 64 && list->sources[i][0])
			o.source = list->sources[i];
		if ((rc = sgit_odb_read(&obj, &type, sgit_repo_odb(repo), &list->ids[i])) < 0 ||
		    (rc = sgit_commit_parse(&c, obj.ptr, obj.len, &err)) < 0)
			break;
		if ((rc = sgit_pretty_before_entry(all, &o, i == 0)) == 0 &&
		    (rc = sgit_pretty_format_commit(&entry, repo, &list->ids[i], c, &o, &err)) == 0 &&
		    (rc = sgit_buf_addbuf(all, &entry)) == 0)
			rc = sgit_pretty_after_entry(all, &o);
		sgit_commit_free(c);
	}
	if (rc < 0 && rc != SGIT_EINVALID)
		fprintf(stderr, "render: %s\n", err.msg);
	sgit_buf_release(&obj);
	sgit_buf_release(&entry);
	return rc;
}

static int render(struct sgit_buf *all, const struct sgit_pretty_options *opts)
{
	struct entries list;

	memset(&list, 0, sizeof(list));
	list.ids = ids;
	list.n = nids;
	return render_list(all, opts, &list);
}

/* Show where two outputs part, to make a failure readable. */
static void show_difference(const char *what, const struct sgit_buf *want, const struct sgit_buf *got)
{
	size_t i = 0, from;

	while (i < want->len && i < got->len && want->ptr[i] == got->ptr[i])
		i++;
	from = i > 60 ? i - 60 : 0;
	fprintf(stderr, "\n%s: differs at byte %zu\n--- git:\n%.*s\n--- sgit:\n%.*s\n---\n", what, i,
		(int)(want->len - from > 200 ? 200 : want->len - from), want->ptr + from,
		(int)(got->len - from > 200 ? 200 : got->len - from), got->ptr + from);
}

/* git <gitopts> log --all --date-order <args> against the same commits rendered with opts. */
static int same_as_git_c(const char *gitopts, const char *args, const struct sgit_pretty_options *opts)
{
	struct sgit_buf want = SGIT_BUF_INIT, got = SGIT_BUF_INIT, path = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	int ok = 0;

	sgit_buf_printf(&path, "%s/expect", unit_tmpdir());
	if (unit_sh("cd r && git %s log --all --date-order %s >../expect", gitopts, args) != 0 ||
	    sgit_fs_read_file(&want, path.ptr, &err) < 0 || render(&got, opts) < 0)
		fprintf(stderr, "\n%s: could not run\n", args);
	else if (!(ok = want.len == got.len && !memcmp(want.ptr, got.ptr, want.len)))
		show_difference(args, &want, &got);
	sgit_buf_release(&want);
	sgit_buf_release(&got);
	sgit_buf_release(&path);
	return ok;
}

static int same_as_git(const char *args, const struct sgit_pretty_options *opts)
{
	return same_as_git_c("", args, opts);
}

static void base_options(struct sgit_pretty_options *o)
{
	struct sgit_pretty_options init = SGIT_PRETTY_OPTIONS_INIT;

	*o = init;
	o->now = (int64_t)time(NULL);
	o->decorations = decos;
	o->mailmap = mailmap;
	o->use_mailmap = 1;
}

/* Every placeholder, alone and in the combinations where they interact. */
static const char *const user_formats[] = {
	"%H", "%h", "%T", "%t", "%P", "%p",
	"%an|%ae|%aN|%aE|%al|%aL", "%ad|%aD|%at|%ai|%aI|%as|%ah",
	"%cn|%ce|%cN|%cE|%cl|%cL", "%cd|%cD|%ct|%ci|%cI|%cs|%ch", "%ar|%cr",
	"%d", "%D", "[%d] [%D]", "%s", "%f", "%b", "%B", "%e", "x%ny", "100%%", "a%x00b%x41%x4a%xZZ",
	"%m", "%N", "%gd%gD%gs%gn%ge|%gx", "%q%z%a%ax%",
	"%<(10)%s|", "%<(10,trunc)%s|", "%<(10,ltrunc)%s|", "%<(10,mtrunc)%s|", "%<(3,trunc)%an|",
	"%>(12)%h|", "%>>(12)%h|", "%<(5)%an%>>(12)%h|", "%><(20)%an|", "%><(5,trunc)%s|",
	"%<|(30)%s|", "%>|(20)%an|", "%<(10,bogus)%s|%h", "%<(0)%s", "%<(-3)%s", "%<|(-70)%s|",
	"%<(8)%C(red)%an%Creset|", "%<(10)%zz", "ab      %>>(12)%s|", "x  %Cred  %C(bold)  %>>(12)%s%Creset|",
	"%<(12,mtrunc)%s|%>(4,ltrunc)%s|", "%-<(5)%b|", "%+>(5)%s|",
	"%<(", "%<(5", "%<(5,", "%<(x)%s", "%<(16385)%s", "%>>(1)%h", "%w(", "%w(1,2,3,4)%s", "%w(99999)%s",
	"%x", "%x0", "%C(", "%Cre", "%-", "%+", "% ", "end%",
	"%+b|", "%-b|", "% b|", "%+s%-b|", "a%n%-b", "%+z|% z", "%+w(5)",
	"%w(20,2,4)%B", "%w(12)%s%w(0)%n%s", "%w(30,-2)%s", "%w(10,1,2)%s%n%b",
	"%Cred%h%Creset %Cgreen%an%Cblue%Cxyz", "%C(auto)%h%d %s", "%C(bold blue ul)x%C(reset)",
	"%C(auto,red)a%C(always,green)b%C(reset)", "%C(auto)%H %C(green)%h%C(auto)%h", "%C(red",
};

static void check_user_formats(const char *prefix, int color)
{
	struct sgit_pretty_options o;
	struct sgit_error err = SGIT_ERROR_INIT;
	char spec[256], args[300];
	size_t i;

	for (i = 0; i < sizeof(user_formats) / sizeof(user_formats[0]); i++) {
		base_options(&o);
		o.color = color;
		snprintf(spec, sizeof(spec), "%s%s", prefix, user_formats[i]);
		snprintf(args, sizeof(args), "--format='%s'%s", spec, color ? " --color=always" : "");
		CU_ASSERT_EQUAL(sgit_pretty_parse(&o, spec, NULL, &err), 0);
		CU_ASSERT(same_as_git(args, &o));
	}
}

static void test_placeholders(void)
{
	check_user_formats("tformat:", 0);
}

static void test_placeholders_color(void)
{
	check_user_formats("tformat:", 1);
}

static void test_separator_formats(void)
{
	check_user_formats("format:", 0);
}

/* A built-in format with the options git log takes for it. */
struct builtin_case {
	const char *args;		/* for git log */
	const char *spec;		/* for sgit_pretty_parse */
	int abbrev_commit, decorate, color, parents, abbrev;
	const char *date;
	const char *encoding;
	int z;				/* -z */
	int tabs;			/* 0: the format's default; -1: --no-expand-tabs; n: --expand-tabs=n */
};

static const struct builtin_case builtin_cases[] = {
	{ "", NULL, 0, 0, 0, 0, -1, NULL, NULL, 0, 0 },
	{ "--pretty=medium --date=iso", "medium", 0, 0, 0, 0, -1, "iso", NULL, 0, 0 },
	{ "--pretty=short", "short", 0, 0, 0, 0, -1, NULL, NULL, 0, 0 },
	{ "--pretty=full --abbrev-commit", "full", 1, 0, 0, 0, -1, NULL, NULL, 0, 0 },
	{ "--pretty=fuller --date=rfc", "fuller", 0, 0, 0, 0, -1, "rfc", NULL, 0, 0 },
	{ "--pretty=fuller --date=local", "fuller", 0, 0, 0, 0, -1, "local", NULL, 0, 0 },
	{ "--pretty=fuller --date=format:%Y%m%d-%H", "fuller", 0, 0, 0, 0, -1, "format:%Y%m%d-%H", NULL, 0, 0 },
	{ "--pretty=raw", "raw", 0, 0, 0, 0, -1, NULL, NULL, 0, 0 },
	{ "--pretty=raw --parents", "raw", 0, 0, 0, 1, -1, NULL, NULL, 0, 0 },
	{ "--oneline", "oneline", 1, 0, 0, 0, -1, NULL, NULL, 0, 0 },
	{ "--oneline --decorate", "oneline", 1, 1, 0, 0, -1, NULL, NULL, 0, 0 },
	{ "--oneline --decorate --color=always", "oneline", 1, 1, 1, 0, -1, NULL, NULL, 0, 0 },
	{ "--decorate=full --parents", NULL, 0, 2, 0, 1, -1, NULL, NULL, 0, 0 },
	{ "--decorate --color=always --abbrev-commit --abbrev=10", NULL, 1, 1, 1, 0, 10, NULL, NULL, 0, 0 },
	{ "--pretty=medium --no-abbrev", "medium", 0, 0, 0, 0, 0, NULL, NULL, 0, 0 },
	{ "--pretty=oneline --no-abbrev-commit", "oneline", 0, 0, 0, 0, -1, NULL, NULL, 0, 0 },
	{ "--pretty=email", "email", 0, 0, 0, 0, -1, NULL, NULL, 0, 0 },
	{ "--pretty=mboxrd", "mboxrd", 0, 0, 0, 0, -1, NULL, NULL, 0, 0 },
	{ "--pretty=reference", "reference", 0, 0, 0, 0, -1, NULL, NULL, 0, 0 },
	{ "--pretty=reference --date=iso", "reference", 0, 0, 0, 0, -1, "iso", NULL, 0, 0 },
	{ "--pretty=fu", "fu", 0, 0, 0, 0, -1, NULL, NULL, 0, 0 },
	{ "--format=", "", 0, 0, 0, 0, -1, NULL, NULL, 0, 0 },
	{ "--encoding=ISO-8859-1", NULL, 0, 0, 0, 0, -1, NULL, "ISO-8859-1", 0, 0 },
	{ "--pretty=raw --encoding=ISO-8859-1", "raw", 0, 0, 0, 0, -1, NULL, "ISO-8859-1", 0, 0 },
	{ "--format=%s%n%b --encoding=latin1", "%s%n%b", 0, 0, 0, 0, -1, NULL, "latin1", 0, 0 },
	{ "--pretty=raw --encoding=UTF-8", "raw", 0, 0, 0, 0, -1, NULL, NULL, 0, 0 },
	{ "-z", NULL, 0, 0, 0, 0, -1, NULL, NULL, 1, 0 },
	{ "-z --oneline", "oneline", 1, 0, 0, 0, -1, NULL, NULL, 1, 0 },
	{ "-z --format=%s%x00", "%s%x00", 0, 0, 0, 0, -1, NULL, NULL, 1, 0 },
	{ "-z --format=format:%s", "format:%s", 0, 0, 0, 0, -1, NULL, NULL, 1, 0 },
	{ "--expand-tabs=3", NULL, 0, 0, 0, 0, -1, NULL, NULL, 0, 3 },
	{ "--no-expand-tabs", NULL, 0, 0, 0, 0, -1, NULL, NULL, 0, -1 },
	{ "--pretty=short --expand-tabs", "short", 0, 0, 0, 0, -1, NULL, NULL, 0, 8 },
};

static void test_builtin_formats(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_pretty_options o;
	size_t i;

	for (i = 0; i < sizeof(builtin_cases) / sizeof(builtin_cases[0]); i++) {
		const struct builtin_case *bc = &builtin_cases[i];

		base_options(&o);
		if (bc->date)
			o.date_explicit = 1;
		CU_ASSERT_EQUAL(sgit_pretty_parse(&o, bc->spec, NULL, &err), 0);
		if (bc->date)
			CU_ASSERT_EQUAL(sgit_date_mode_parse(&o.date, bc->date, 0, &err), 0);
		o.abbrev_commit = bc->abbrev_commit;
		o.show_decorations = bc->decorate != 0;
		o.decorate_style.full_names = bc->decorate == 2;
		o.color = bc->color;
		o.show_parents = bc->parents;
		o.abbrev = bc->abbrev;
		o.output_encoding = bc->encoding;
		o.nul_termination = bc->z;
		if (bc->tabs)
			o.expand_tabs = bc->tabs < 0 ? 0 : bc->tabs;
		CU_ASSERT(same_as_git(bc->args, &o));
	}
}

/* A pretty.<name> alias, and the errors of unknown names. */
static void test_parse(void)
{
	struct sgit_pretty_options o = SGIT_PRETTY_OPTIONS_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_config *cfg = NULL;
	static const char text[] = "[pretty]\n\tmine = tformat:%h %s\n\tcol = myother\n\tmyother = format:x%H\n"
				   "\tloop = loop\n\traw = ignored\n";

	CU_ASSERT_EQUAL_FATAL(sgit_config_new(&cfg), 0);
	CU_ASSERT_EQUAL(sgit_config_add_buffer(cfg, text, sizeof(text) - 1, "t", SGIT_CONFIG_SCOPE_LOCAL, &err), 0);
	CU_ASSERT_EQUAL(sgit_pretty_parse(&o, "mine", cfg, &err), 0);
	CU_ASSERT_EQUAL(o.format, SGIT_PRETTY_USER);
	CU_ASSERT_STRING_EQUAL(o.user_format, "%h %s");
	CU_ASSERT_EQUAL(o.use_terminator, 1);
	CU_ASSERT_EQUAL(sgit_pretty_parse(&o, "col", cfg, &err), 0);
	CU_ASSERT_STRING_EQUAL(o.user_format, "x%H");
	CU_ASSERT_EQUAL(o.use_terminator, 0);
	CU_ASSERT_EQUAL(sgit_pretty_parse(&o, "raw", cfg, &err), 0);
	CU_ASSERT_EQUAL(o.format, SGIT_PRETTY_RAW);
	CU_ASSERT_EQUAL(sgit_pretty_parse(&o, "ONE", cfg, &err), 0);
	CU_ASSERT_EQUAL(o.format, SGIT_PRETTY_ONELINE);
	CU_ASSERT_EQUAL(sgit_pretty_parse(&o, "loop", cfg, &err), SGIT_EINVALID);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "references an alias which points to itself"));
	CU_ASSERT_EQUAL(sgit_pretty_parse(&o, "nosuch", cfg, &err), SGIT_EINVALID);
	CU_ASSERT_STRING_EQUAL(err.msg, "invalid --pretty format: nosuch");
	CU_ASSERT_EQUAL(sgit_pretty_parse(&o, "a%n", NULL, &err), 0);
	CU_ASSERT_EQUAL(o.use_terminator, 1);
	sgit_config_free(cfg);
}

/* A bad %C() colour is an error only when colour is wanted, as in git. */
static void test_bad_color(void)
{
	struct sgit_pretty_options o;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf out = SGIT_BUF_INIT;

	base_options(&o);
	CU_ASSERT_EQUAL(sgit_pretty_parse(&o, "%C(nosuchcolor)x", NULL, &err), 0);
	CU_ASSERT(same_as_git("--format='%C(nosuchcolor)x'", &o));
	o.color = 1;
	CU_ASSERT_EQUAL(render(&out, &o), SGIT_EINVALID);
	CU_ASSERT_NOT_EQUAL(unit_sh("cd r && git log -1 --color=always --format='%%C(nosuchcolor)x'"), 0);
	sgit_buf_release(&out);
}

static long ph_upper(struct sgit_buf *out, struct sgit_pretty_context *ctx, const char *ph,
		     struct sgit_error *err)
{
	int *calls = sgit_pretty_context_payload(ctx);
	void **state = sgit_pretty_context_state(ctx);

	(void)err;
	if (ph[1] == '!')
		return 0;
	if (!*state) {
		(*calls)++;
		*state = malloc(1);
	}
	return sgit_buf_adds(out, ph[1] == 'X' ? "SIG" : "TRUST") < 0 ? SGIT_ENOMEM : 2;
}

/* Extra placeholders go first, share per-entry state, and may decline. */
static void test_extra_placeholders(void)
{
	static const struct sgit_pretty_placeholder extra[] = { { "G", ph_upper }, { "GX", ph_upper } };
	struct sgit_pretty_options o;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf out = SGIT_BUF_INIT;
	struct sgit_buf obj = SGIT_BUF_INIT;
	struct sgit_commit *c = NULL;
	enum sgit_object_type type;
	int calls = 0;

	base_options(&o);
	o.extra = extra;
	o.nextra = 2;
	o.extra_payload = &calls;
	o.extra_state_free = free;
	CU_ASSERT_EQUAL(sgit_pretty_parse(&o, "%GX %GT %G! %h", NULL, &err), 0);
	CU_ASSERT(sgit_pretty_needs(&o) & SGIT_PRETTY_NEEDS_SIGNATURE);
	CU_ASSERT_EQUAL_FATAL(sgit_odb_read(&obj, &type, sgit_repo_odb(repo), &ids[0]), 0);
	CU_ASSERT_EQUAL_FATAL(sgit_commit_parse(&c, obj.ptr, obj.len, &err), 0);
	CU_ASSERT_EQUAL(sgit_pretty_format_commit(&out, repo, &ids[0], c, &o, &err), 0);
	CU_ASSERT_EQUAL(calls, 1);
	CU_ASSERT_EQUAL(strncmp(out.ptr, "SIG TRUST %G! ", 14), 0);
	sgit_commit_free(c);
	sgit_buf_release(&obj);
	sgit_buf_release(&out);
}

static void test_needs(void)
{
	struct sgit_pretty_options o = SGIT_PRETTY_OPTIONS_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;

	CU_ASSERT_EQUAL(sgit_pretty_parse(&o, "%%d %h %aN %+D %N %S", NULL, &err), 0);
	CU_ASSERT_EQUAL(sgit_pretty_needs(&o), SGIT_PRETTY_NEEDS_DECORATIONS | SGIT_PRETTY_NEEDS_MAILMAP |
						SGIT_PRETTY_NEEDS_NOTES | SGIT_PRETTY_NEEDS_SOURCE);
	CU_ASSERT_EQUAL(sgit_pretty_parse(&o, "medium", NULL, &err), 0);
	CU_ASSERT_EQUAL(sgit_pretty_needs(&o), 0);
}

/* Decorations under --decorate-refs filters, and with HEAD detached, as git shows them. */
static void test_decorations(void)
{
	static const char *const inc_tags[] = { "tags" }, *const inc_glob[] = { "refs/remotes/*", "HEAD" };
	static const char *const exc_heads[] = { "refs/heads/" }, *const cfg_exc[] = { "refs/remotes/origin/*" };
	static const struct {
		const char *args;
		struct sgit_decorate_filter filter;
	} cases[] = {
		{ "", { NULL, 0, NULL, 0, NULL, 0, 0 } },
		{ "--decorate-refs=tags", { inc_tags, 1, NULL, 0, NULL, 0, 0 } },
		{ "--decorate-refs='refs/remotes/*' --decorate-refs=HEAD", { inc_glob, 2, NULL, 0, NULL, 0, 0 } },
		{ "--decorate-refs-exclude=refs/heads/", { NULL, 0, exc_heads, 1, NULL, 0, 0 } },
		{ "-c log.excludeDecoration='refs/remotes/origin/*'", { NULL, 0, NULL, 0, cfg_exc, 1, 0 } },
		{ "-c log.initialDecorationSet=all", { NULL, 0, NULL, 0, NULL, 0, 1 } },
	};
	struct sgit_decorations *saved = decos, *d = NULL;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_pretty_options o;
	char args[300];
	size_t i;
	int detached;

	for (detached = 0; detached < 2; detached++) {
		if (detached)
			CU_ASSERT_EQUAL(unit_sh("cd r && git checkout -q --detach HEAD~1"), 0);
		for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
			CU_ASSERT_EQUAL_FATAL(sgit_decorations_load(&d, repo, &cases[i].filter, &err), 0);
			base_options(&o);
			o.decorations = d;
			CU_ASSERT_EQUAL(sgit_pretty_parse(&o, "%h%d|%D", NULL, &err), 0);
			int config = !strncmp(cases[i].args, "-c", 2);

			snprintf(args, sizeof(args), "--format='%%h%%d|%%D' %s", config ? "" : cases[i].args);
			decos = d;
			CU_ASSERT(same_as_git_c(config ? cases[i].args : "", args, &o));
			decos = saved;
			sgit_decorations_free(d);
			d = NULL;
		}
	}
	CU_ASSERT_EQUAL(unit_sh("cd r && git checkout -q main"), 0);
}

/* .mailmap lines of every shape map people as git check-mailmap does. */
static void test_mailmap(void)
{
	static const char map[] =
		"# comment <x@x>\n"
		"Proper Name <proper@x>\n"
		"<new@x> <OLD@x>\n"
		"Both Changed <both@x> Old Name <old2@x>\n"
		"  Spaced   Out   <sp@x>   Commit  Name   <sp@x>\n"
		"Only Name <only@x> <only@x>\n"
		"Second <only@x> Specific <only@x>\n"
		"broken line\n"
		"Empty <> <empty@x>\n"
		"Last Wins <proper@x>\n";
	static const char *const people[] = {
		"Someone <proper@x>", "X <old@x>", "Old Name <old2@x>", "old name <OLD2@x>", "Other <old2@x>",
		"Commit Name <sp@x>", "Whoever <sp@x>", "Specific <only@x>", "Else <only@x>", "E <empty@x>",
		"Nobody <nobody@x>",
	};
	struct sgit_mailmap *mm = NULL;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf want = SGIT_BUF_INIT, got = SGIT_BUF_INIT, path = SGIT_BUF_INIT;
	size_t i;

	CU_ASSERT_EQUAL_FATAL(sgit_mailmap_add_buffer(&mm, map, sizeof(map) - 1, &err), 0);
	sgit_buf_printf(&path, "%s/map", unit_tmpdir());
	CU_ASSERT_EQUAL(sgit_fs_write_atomic(path.ptr, map, sizeof(map) - 1, 0644, &err), 0);
	for (i = 0; i < sizeof(people) / sizeof(people[0]); i++) {
		const char *p = people[i], *lt = strchr(p, '<'), *name = p, *email = lt + 1;
		size_t name_len = (size_t)(lt - p - 1), email_len = strlen(email) - 1;

		CU_ASSERT_EQUAL(unit_sh("cd r && git -c mailmap.file=../map check-mailmap '%s' >>../mapped", p), 0);
		sgit_mailmap_map(mm, &email, &email_len, &name, &name_len);
		if (name_len)
			sgit_buf_addf(&got, "%.*s <%.*s>\n", (int)name_len, name, (int)email_len, email);
		else
			sgit_buf_addf(&got, "<%.*s>\n", (int)email_len, email);
	}
	sgit_buf_printf(&path, "%s/mapped", unit_tmpdir());
	CU_ASSERT_EQUAL(sgit_fs_read_file(&want, path.ptr, &err), 0);
	CU_ASSERT_STRING_EQUAL(got.ptr, want.ptr);
	sgit_mailmap_free(mm);
	sgit_buf_release(&want);
	sgit_buf_release(&got);
	sgit_buf_release(&path);
}

/*
 * Read "git rev-list <args>" into list: ids, with the mark rev-list puts
 * before them (--left-right, --boundary) and, when source_args is given,
 * the %S that git log <source_args> shows for each.
 */
static int read_entries(struct entries *list, const char *args, const char *source_args)
{
	struct sgit_buf path = SGIT_BUF_INIT, data = SGIT_BUF_INIT, src = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	const char *p, *q;
	int rc = -1;

	memset(list, 0, sizeof(*list));
	sgit_buf_printf(&path, "%s/list", unit_tmpdir());
	if (unit_sh("cd r && git rev-list %s >../list", args) != 0 || sgit_fs_read_file(&data, path.ptr, &err) < 0)
		goto out;
	if (source_args && (unit_sh("cd r && git log --format=%%S %s >../list", source_args) != 0 ||
			    sgit_fs_read_file(&src, path.ptr, &err) < 0))
		goto out;
	list->ids = calloc(64, sizeof(*list->ids));
	for (p = data.ptr, q = src.ptr; list->ids && *p && list->n < 64; list->n++) {
		if (*p == '<' || *p == '>' || *p == '-')
			list->marks[list->n][0] = *p++;
		sgit_oid_fromhexn(&list->ids[list->n], p, SGIT_OID_HEXSZ);
		p += SGIT_OID_HEXSZ + 1;
		if (source_args && *q) {
			size_t len = strcspn(q, "\n");

			snprintf(list->sources[list->n], sizeof(list->sources[0]), "%.*s", (int)len, q);
			q += len + (q[len] == '\n');
		}
	}
	rc = list->ids ? 0 : -1;
out:
	sgit_buf_release(&path);
	sgit_buf_release(&data);
	sgit_buf_release(&src);
	return rc;
}

static int list_same_as_git(const char *log_args, const struct sgit_pretty_options *opts,
			     const struct entries *list)
{
	struct sgit_buf want = SGIT_BUF_INIT, got = SGIT_BUF_INIT, path = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	int ok = 0;

	sgit_buf_printf(&path, "%s/expect", unit_tmpdir());
	if (unit_sh("cd r && git log %s >../expect", log_args) != 0 || sgit_fs_read_file(&want, path.ptr, &err) < 0 ||
	    render_list(&got, opts, list) < 0)
		fprintf(stderr, "\n%s: could not run\n", log_args);
	else if (!(ok = want.len == got.len && !memcmp(want.ptr, got.ptr, want.len)))
		show_difference(log_args, &want, &got);
	sgit_buf_release(&want);
	sgit_buf_release(&got);
	sgit_buf_release(&path);
	return ok;
}

/* --left-right and --boundary marks, --source refs and "(from <parent>)" on the header line. */
static void test_header_marks(void)
{
	static const char *const specs[] = { "oneline", "medium", "%m%h %s" };
	static const char *const args[] = { "--oneline", "--pretty=medium", "--format='%m%h %s'" };
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_pretty_options o;
	struct entries list;
	char log_args[200];
	size_t i;

	CU_ASSERT_EQUAL_FATAL(read_entries(&list, "--left-right --boundary main~1...side", NULL), 0);
	for (i = 0; i < 3; i++) {
		base_options(&o);
		CU_ASSERT_EQUAL(sgit_pretty_parse(&o, specs[i], NULL, &err), 0);
		o.abbrev_commit = i == 0;
		snprintf(log_args, sizeof(log_args), "--left-right --boundary %s main~1...side", args[i]);
		CU_ASSERT(list_same_as_git(log_args, &o, &list));
	}
	free(list.ids);
	CU_ASSERT_EQUAL_FATAL(read_entries(&list, "--all --date-order", "--source --all --date-order"), 0);
	for (i = 0; i < 2; i++) {
		base_options(&o);
		CU_ASSERT_EQUAL(sgit_pretty_parse(&o, specs[i], NULL, &err), 0);
		o.abbrev_commit = i == 0;
		o.show_decorations = 1;
		snprintf(log_args, sizeof(log_args), "--source --decorate --all --date-order %s", args[i]);
		CU_ASSERT(list_same_as_git(log_args, &o, &list));
	}
	free(list.ids);
}

static CU_TestInfo pretty_tests[] = {
	{ "every placeholder expands as git's tformat does", test_placeholders },
	{ "placeholders with colour on expand as git's do", test_placeholders_color },
	{ "format: separates entries instead of ending them", test_separator_formats },
	{ "built-in formats and their options print as git log does", test_builtin_formats },
	{ "format names, prefixes and pretty aliases resolve as in git", test_parse },
	{ "a bad colour fails only when colour is on", test_bad_color },
	{ "extra placeholders are looked up first and evaluated once", test_extra_placeholders },
	{ "a format says which data it needs", test_needs },
	{ "decorations follow the ref filters and where HEAD is", test_decorations },
	{ "mailmap entries map names and e-mails as git's do", test_mailmap },
	{ "marks and sources go on the header line as in git", test_header_marks },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "pretty", .pInitFunc = fixture_setup, .pCleanupFunc = fixture_teardown,
	  .pTests = pretty_tests },
	CU_SUITE_INFO_NULL,
};
