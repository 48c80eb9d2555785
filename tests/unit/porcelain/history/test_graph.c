/* tests/unit/porcelain/history/test_graph.c: log --graph against git on histories git made, walked by sgit */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "unit.h"
#include "sgit/buf.h"
#include "sgit/commit.h"
#include "sgit/graph.h"
#include "sgit/odb.h"
#include "sgit/repo.h"
#include "sgit/revwalk.h"

/*
 * Shell helpers for the history scripts: c makes an empty commit, m a
 * merge without fast-forward; each is ten seconds after the last unless
 * the script pins t.
 */
#define PRELUDE "t=1700000000; " \
	"c() { t=$((t + ${STEP:-10})); GIT_COMMITTER_DATE=\"$t +0000\" GIT_AUTHOR_DATE=\"$t +0000\" " \
	"git commit -q --allow-empty -m \"$1\"; }; " \
	"m() { n=$1; shift; t=$((t + ${STEP:-10})); GIT_COMMITTER_DATE=\"$t +0000\" " \
	"GIT_AUTHOR_DATE=\"$t +0000\" git merge -q --no-ff --allow-unrelated-histories -m \"$n\" \"$@\"; }; "
#define NEW(name) "git init -q -b main " name " && cd " name " && "

static const struct history {
	const char *name;
	const char *script;
} histories[] = {
	{ "lin", NEW("lin") "c a1 && c a2 && c a3 && c a4" },
	{ "one", NEW("one") "c a1 && c a2 && git branch side && c a3 && git checkout -q side && "
	  "c s1 && c s2 && git checkout -q main && c a4 && m m1 side && c a5" },
	/* x2 merges y1 into x, y2 merges x1 into y: two merge bases for top */
	{ "cc", NEW("cc") "c base && git branch x && git branch y && git checkout -q x && c x1 && "
	  "git checkout -q y && c y1 && git checkout -q x && m x2 y && git checkout -q y && "
	  "m y2 x~1 && c y3 && git checkout -q x && c x3 && m top y" },
	/* octopus merges of 3 and 4 parents, with lanes on both sides of them */
	{ "oct", NEW("oct") "c base && for b in p1 p2 p3 p4 p5 r; do git branch $b; done && "
	  "git checkout -q r && c r1 && for b in p1 p2 p3 p4 p5; do git checkout -q $b && c $b; done && "
	  "git checkout -q main && c a1 && m o3 p1 p2 && git checkout -q r && c r2 && "
	  "git checkout -q main && m o4 p3 p4 p5 && git checkout -q r && c r3 && "
	  "git checkout -q p1 && c q1 && git checkout -q main && m o5 r p1 && c a2" },
	/* a topic branch forks from main and is merged back, five times over */
	{ "fork", NEW("fork") "c a0 && for i in 1 2 3 4 5; do git branch f$i && c a$i && "
	  "git checkout -q f$i && c f$i.1 && c f$i.2 && git checkout -q main && m m$i f$i || exit 1; done" },
	/* ten branches alive at once, merged one by one, then an octopus of eight */
	{ "par", NEW("par") "c base && for i in 0 1 2 3 4 5 6 7 8 9; do git branch b$i; done && "
	  "for r in 1 2; do for i in 0 1 2 3 4 5 6 7 8 9; do git checkout -q b$i && c b$i.$r || exit 1; "
	  "done; done && git checkout -q main && for i in 0 1; do m mb$i b$i || exit 1; done && "
	  "m oct8 b2 b3 b4 b5 b6 b7 b8 && c tail" },
	/* the fork history again, every commit at the same second */
	{ "ties", "STEP=0 && " NEW("ties") "c a0 && for i in 1 2 3 4; do git branch f$i && c a$i && "
	  "git checkout -q f$i && c f$i.1 && git checkout -q main && m m$i f$i || exit 1; done" },
	/* unrelated histories merged: root commits in the middle of the graph */
	{ "roots", NEW("roots") "c a1 && git checkout -q --orphan o && c o1 && c o2 && "
	  "git checkout -q main && c a2 && m m1 o && git checkout -q --orphan p && c p1 && "
	  "git checkout -q main && c a3 && m m2 p && c a4" },
	/*
	 * 90 commits on six branches from a fixed pseudo-random sequence:
	 * merges of one to three other branches; dates go back now and then.
	 */
	{ "rand", "git init -q -b b0 rand && cd rand && c r0 && "
	  "for b in 1 2 3 4 5; do git branch b$b; done && i=1 && s=11 && "
	  "while [ $i -lt 90 ]; do s=$(( (s * 1103515245 + 12345) % 2147483648 )); "
	  "b=$(( s / 65536 % 6 )); k=$(( s / 8 % 7 )); o=$(( (b + 1 + s / 128 % 5) % 6 )); "
	  "p=$(( (o + 1 + s / 4096 % 4) % 6 )); [ $p = $b ] && p=$(( (p + 1) % 6 )); "
	  "STEP=$(( s / 1024 % 30 - 8 )); git checkout -q b$b; "
	  "if [ $k = 0 ]; then m m$i b$o || exit 1; elif [ $k = 1 ] && [ $p != $o ]; then "
	  "m o$i b$o b$p || exit 1; else c c$i || exit 1; fi; i=$((i + 1)); done" },
};

/* How the entry text is built and how entries are joined, as git's formats do. */
enum mode {
	ONELINE,	/* --format=%h %s: terminated, no final newline */
	SEPARATED,	/* format: with several lines: a padding line between entries */
	TERMINATED,	/* tformat: ending in %n: a padding line before each terminator */
	COLOR		/* --color=always --format=%h %s */
};

static const char *const git_format[] = {
	[ONELINE] = "'--format=%h %s'",
	[SEPARATED] = "'--format=format:commit %h%nsubject: %s%n%n    %s%n'",
	[TERMINATED] = "'--format=tformat:%h%n%s%n'",
	[COLOR] = "--color=always '--format=%h %s'",
};

/* Run git in unit_tmpdir()/repo; its stdout into out. */
static int git_out(struct sgit_buf *out, const char *repo, const char *args)
{
	struct sgit_buf cmd = SGIT_BUF_INIT;
	char chunk[4096];
	size_t n;
	FILE *f;
	int rc = -1;

	sgit_buf_reset(out);
	if (sgit_buf_printf(&cmd, "cd '%s/%s' && HOME='%s' GIT_CONFIG_NOSYSTEM=1 git %s",
			    unit_tmpdir(), repo, unit_tmpdir(), args) < 0 || !(f = popen(cmd.ptr, "r")))
		goto out;
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		sgit_buf_add(out, chunk, n);
	rc = pclose(f) == 0 ? 0 : -1;
out:
	sgit_buf_release(&cmd);
	return rc;
}

/* Push or hide the ids git names for one argument (a rev, ^rev, A..B or --all). */
static int add_rev(struct sgit_revwalk *w, const char *repo, const char *arg)
{
	struct sgit_buf out = SGIT_BUF_INIT, args = SGIT_BUF_INIT;
	const char *p;
	int rc = -1;

	if (!strcmp(arg, "--all"))
		rc = sgit_buf_sets(&args, "for-each-ref --format='%(objectname)' && git rev-parse HEAD");
	else
		rc = sgit_buf_printf(&args, "rev-parse '%s'", arg);
	if (rc < 0 || git_out(&out, repo, args.ptr) < 0)
		goto out;
	for (p = out.ptr; *p; p += SGIT_OID_HEXSZ + 1) {
		struct sgit_oid id;
		int hide = *p == '^';

		p += hide;
		if (strlen(p) < SGIT_OID_HEXSZ || sgit_oid_fromhexn(&id, p, SGIT_OID_HEXSZ) < 0 ||
		    (rc = hide ? sgit_revwalk_hide(w, &id) : sgit_revwalk_push(w, &id)) < 0)
			goto out;
	}
	rc = 0;
out:
	sgit_buf_release(&out);
	sgit_buf_release(&args);
	return rc;
}

/* The walk, in order: each commit's id and the ids of its parents (first_parent: the first). */
struct walked {
	struct sgit_oid *ids;
	size_t *first, *count;		/* each commit's parents: par[first[i] .. + count[i]] */
	struct sgit_oid *par;
	size_t n, npar;
};

static void walked_release(struct walked *wk)
{
	free(wk->ids);
	free(wk->first);
	free(wk->count);
	free(wk->par);
	memset(wk, 0, sizeof(*wk));
}

static int grow(void **p, size_t n, size_t size)
{
	void *q = realloc(*p, (n + 1) * size);

	if (!q)
		return -1;
	*p = q;
	return 0;
}

static int walk_all(struct walked *wk, struct sgit_repo *repo, const char *name,
		    const char *args, int first_parent)
{
	struct sgit_revwalk_options o = SGIT_REVWALK_OPTIONS_INIT;
	struct sgit_revwalk *w = NULL;
	char *copy = strdup(args), *tok, *save = NULL;
	struct sgit_oid id;
	size_t i, np;
	int rc = -1;

	o.first_parent = first_parent;
	o.sort = strstr(args, "--date-order") ? SGIT_REVWALK_SORT_DATE : SGIT_REVWALK_SORT_TOPO;
	o.rewrite_parents = 1;
	if (!copy || sgit_revwalk_new(&w, sgit_repo_odb(repo), &o, NULL) < 0)
		goto out;
	for (tok = strtok_r(copy, " ", &save); tok; tok = strtok_r(NULL, " ", &save))
		if ((tok[0] != '-' || !strcmp(tok, "--all")) && add_rev(w, name, tok) < 0)
			goto out;
	while ((rc = sgit_revwalk_next(&id, w)) == 0) {
		np = sgit_revwalk_parent_count(w);
		if (first_parent && np > 1)
			np = 1;
		if (grow((void **)&wk->ids, wk->n, sizeof(id)) < 0 ||
		    grow((void **)&wk->first, wk->n, sizeof(size_t)) < 0 ||
		    grow((void **)&wk->count, wk->n, sizeof(size_t)) < 0 ||
		    grow((void **)&wk->par, wk->npar + np, sizeof(id)) < 0)
			goto out;
		wk->ids[wk->n] = id;
		wk->first[wk->n] = wk->npar;
		wk->count[wk->n++] = np;
		for (i = 0; i < np; i++)
			wk->par[wk->npar++] = *sgit_revwalk_parent_id(w, i);
	}
	rc = rc < 0 ? rc : 0;
out:
	sgit_revwalk_free(w);
	free(copy);
	return rc;
}

static int in_walk(const struct walked *wk, const struct sgit_oid *id)
{
	size_t i;

	for (i = 0; i < wk->n; i++)
		if (sgit_oid_equal(&wk->ids[i], id))
			return 1;
	return 0;
}

/* The entry text for a commit in mode, from its object. */
static int entry_text(struct sgit_buf *out, struct sgit_repo *repo, const struct sgit_oid *id,
		      enum mode mode)
{
	struct sgit_buf raw = SGIT_BUF_INIT, subject = SGIT_BUF_INIT;
	struct sgit_commit *c = NULL;
	enum sgit_object_type type;
	char hex[SGIT_OID_HEXSZ + 1];
	const char *msg, *nl;
	size_t len;
	int rc;

	if ((rc = sgit_odb_read(&raw, &type, sgit_repo_odb(repo), id)) < 0 ||
	    (rc = sgit_commit_parse(&c, raw.ptr, raw.len, NULL)) < 0)
		goto out;
	msg = sgit_commit_message(c, &len);
	nl = msg ? memchr(msg, '\n', len) : NULL;
	sgit_buf_set(&subject, msg, nl ? (size_t)(nl - msg) : len);
	sgit_oid_tohex(hex, id);
	hex[7] = '\0';
	if (mode == SEPARATED)
		rc = sgit_buf_printf(out, "commit %s\nsubject: %s\n\n    %s\n", hex, subject.ptr, subject.ptr);
	else if (mode == TERMINATED)
		rc = sgit_buf_printf(out, "%s\n%s\n", hex, subject.ptr);
	else
		rc = sgit_buf_printf(out, "%s %s", hex, subject.ptr);
out:
	sgit_commit_free(c);
	sgit_buf_release(&raw);
	sgit_buf_release(&subject);
	return rc;
}

/* log --graph as a command would write it, following the contract in graph.h. */
static int graph_log(struct sgit_buf *out, struct sgit_repo *repo, const struct walked *wk,
		     enum mode mode)
{
	struct sgit_graph_options o = SGIT_GRAPH_OPTIONS_INIT;
	struct sgit_buf text = SGIT_BUF_INIT;
	struct sgit_oid *shown = calloc(wk->npar + 1, sizeof(*shown));
	struct sgit_graph *g = NULL;
	int rc = -1, prev_nl = 0;
	size_t i, j, n;

	o.color = mode == COLOR;
	if (!shown || sgit_graph_new(&g, &o, NULL) < 0)
		goto out;
	for (i = 0; i < wk->n; i++) {
		for (j = n = 0; j < wk->count[i]; j++)
			if (in_walk(wk, &wk->par[wk->first[i] + j]))
				shown[n++] = wk->par[wk->first[i] + j];
		if ((rc = sgit_graph_update(g, &wk->ids[i], shown, n)) < 0 ||
		    (rc = entry_text(&text, repo, &wk->ids[i], mode)) < 0)
			goto out;
		if (mode == SEPARATED && i > 0 && ((prev_nl && (rc = sgit_graph_padding_line(g, out)) < 0) ||
						   (rc = sgit_buf_addch(out, '\n')) < 0))
			goto out;
		if ((rc = sgit_graph_add_commit_start(g, out)) < 0 ||
		    (rc = sgit_graph_add_msg(g, out, text.ptr, text.len)) < 0)
			goto out;
		prev_nl = text.len && text.ptr[text.len - 1] == '\n';
		if (mode != SEPARATED && ((prev_nl && (rc = sgit_graph_padding_line(g, out)) < 0) ||
					  (rc = sgit_buf_addch(out, '\n')) < 0))
			goto out;
	}
	rc = 0;
out:
	sgit_graph_free(g);
	sgit_buf_release(&text);
	free(shown);
	return rc;
}

static struct sgit_repo *repos[sizeof(histories) / sizeof(histories[0])];

static int setup(void)
{
	size_t i;

	for (i = 0; i < sizeof(histories) / sizeof(histories[0]); i++) {
		if (unit_sh(PRELUDE "%s", histories[i].script) != 0 ||
		    !(repos[i] = unit_open_repo(histories[i].name))) {
			fprintf(stderr, "cannot build history '%s'\n", histories[i].name);
			return 1;
		}
	}
	return 0;
}

static int teardown(void)
{
	size_t i;

	for (i = 0; i < sizeof(histories) / sizeof(histories[0]); i++)
		sgit_repo_free(repos[i]);
	return 0;
}

/* One log command line on one history, in every mode: sgit's bytes must be git's. */
static void check(const char *name, const char *args)
{
	struct sgit_buf want = SGIT_BUF_INIT, got = SGIT_BUF_INIT, cmd = SGIT_BUF_INIT;
	struct walked wk = { 0 };
	struct sgit_repo *repo = NULL;
	size_t i;
	int mode;

	for (i = 0; i < sizeof(histories) / sizeof(histories[0]); i++)
		if (!strcmp(histories[i].name, name))
			repo = repos[i];
	CU_ASSERT_PTR_NOT_NULL_FATAL(repo);
	CU_ASSERT_EQUAL(walk_all(&wk, repo, name, args, strstr(args, "--first-parent") != NULL), 0);
	for (mode = ONELINE; mode <= COLOR; mode++) {
		sgit_buf_printf(&cmd, "log --graph %s %s", git_format[mode], args);
		CU_ASSERT_EQUAL(git_out(&want, name, cmd.ptr), 0);
		sgit_buf_reset(&got);
		CU_ASSERT_EQUAL(graph_log(&got, repo, &wk, (enum mode)mode), 0);
		CU_ASSERT(want.len > 0);
		if (want.len != got.len || memcmp(want.ptr, got.ptr, want.len)) {
			CU_FAIL("graph differs from git's");
			fprintf(stderr, "\n%s: git %s\n--- git\n%s--- sgit\n%s---\n", name, cmd.ptr,
				want.ptr, got.ptr);
		}
	}
	walked_release(&wk);
	sgit_buf_release(&want);
	sgit_buf_release(&got);
	sgit_buf_release(&cmd);
}

static void check_all(const char *name, const char *const *args)
{
	for (; *args; args++)
		check(name, *args);
}

static void test_linear(void)
{
	static const char *const a[] = { "main", "main~2", "main~1..main", "--first-parent main", NULL };

	check_all("lin", a);
}

static void test_one_merge(void)
{
	static const char *const a[] = { "main", "side", "--all", "side..main", "main~2..side",
		"main^ side", "^main~2 main", "--first-parent main", "--date-order main", NULL };

	check_all("one", a);
}

static void test_criss_cross(void)
{
	static const char *const a[] = { "x", "y", "--all", "x~1..y", "y..x", "^main x",
		"--first-parent x", "--date-order --all", "x~1 y~1", NULL };

	check_all("cc", a);
}

static void test_octopus(void)
{
	static const char *const a[] = { "main", "--all", "main~1", "main~2", "main~2 r",
		"r main~3", "p1..main", "^p3 ^p1 main", "--first-parent --all",
		"--date-order --all", "main~1^2..main", "main~2^3 main~3^2", NULL };

	check_all("oct", a);
}

static void test_fork_and_merge(void)
{
	static const char *const a[] = { "main", "--all", "f2..main", "main~2..main",
		"--first-parent main", "f1 f3 f5", "--date-order main", NULL };

	check_all("fork", a);
}

static void test_parallel(void)
{
	static const char *const a[] = { "main", "--all", "main~1", "main~2 b9 b8",
		"b0 b1 b2 b3 b4 b5 b6 b7 b8 b9", "^b0 --all", "--first-parent --all",
		"--date-order --all", NULL };

	check_all("par", a);
}

static void test_equal_dates(void)
{
	static const char *const a[] = { "main", "--all", "f2..main", "--date-order --all",
		"--first-parent main", NULL };

	check_all("ties", a);
}

static void test_roots(void)
{
	static const char *const a[] = { "main", "--all", "o..main", "main~1 p", "--first-parent main",
		"--date-order main", NULL };

	check_all("roots", a);
}

static void test_random(void)
{
	static const char *const a[] = { "b0", "--all", "b1..b0", "b0 b1 ^b2 ^b3", "--first-parent --all",
		"--date-order --all", "b5 b4 b3", "^b0~5 b1 b2", "--first-parent b0", NULL };

	check_all("rand", a);
}

/* 1 when a line of rev-list's output (after its mark) is the commit hex. */
static int listed(const char *list, const char *hex)
{
	const char *line;

	for (line = list; *line; line = strchr(line, '\n') + 1) {
		if (*line == '-' || *line == '<' || *line == '>')
			line++;
		if (!strncmp(line, hex, SGIT_OID_HEXSZ))
			return 1;
		if (!strchr(line, '\n'))
			break;
	}
	return 0;
}

/*
 * Boundary and left/right marks: the walk comes from git rev-list (sgit's
 * walker has no --boundary), the drawing from sgit.
 */
static void check_marks(const char *name, const char *args)
{
	struct sgit_buf list = SGIT_BUF_INIT, want = SGIT_BUF_INIT, got = SGIT_BUF_INIT;
	struct sgit_buf cmd = SGIT_BUF_INIT;
	struct sgit_graph *g = NULL;
	struct sgit_oid c, p[16];
	const char *line, *eol;
	size_t np;

	sgit_buf_printf(&cmd, "rev-list --topo-order --parents %s", args);
	CU_ASSERT_EQUAL(git_out(&list, name, cmd.ptr), 0);
	sgit_buf_printf(&cmd, "log --graph '--format=%%h' %s", args);
	CU_ASSERT_EQUAL(git_out(&want, name, cmd.ptr), 0);
	CU_ASSERT_EQUAL_FATAL(sgit_graph_new(&g, NULL, NULL), 0);
	for (line = list.ptr; (eol = strchr(line, '\n')); line = eol + 1) {
		char mark = *line == '-' ? 'o' : *line == '<' || *line == '>' ? *line : '*';
		const char *q = line + (mark != '*') + SGIT_OID_HEXSZ;

		sgit_oid_fromhexn(&c, line + (mark != '*'), SGIT_OID_HEXSZ);
		/* parents count when rev-list lists them (boundary ones too) */
		for (np = 0; q < eol && np < 16; q += SGIT_OID_HEXSZ + 1)
			if (listed(list.ptr, q + 1))
				sgit_oid_fromhexn(&p[np++], q + 1, SGIT_OID_HEXSZ);
		CU_ASSERT_EQUAL(sgit_graph_update_mark(g, &c, p, np, mark), 0);
		CU_ASSERT_EQUAL(sgit_graph_add_commit_start(g, &got), 0);
		sgit_buf_add(&got, line + (mark != '*'), 7);
		CU_ASSERT_EQUAL(sgit_graph_add_msg(g, &got, "", 0), 0);
		sgit_buf_addch(&got, '\n');
	}
	if (strcmp(want.ptr, got.ptr)) {
		CU_FAIL("graph differs from git's");
		fprintf(stderr, "\n%s: git %s\n--- git\n%s--- sgit\n%s---\n", name, cmd.ptr, want.ptr, got.ptr);
	}
	sgit_graph_free(g);
	sgit_buf_release(&list);
	sgit_buf_release(&want);
	sgit_buf_release(&got);
	sgit_buf_release(&cmd);
}

static void test_marks(void)
{
	check_marks("one", "--boundary side..main");
	check_marks("one", "--left-right main...side~1");
	check_marks("cc", "--left-right --boundary x~1...y");
	check_marks("oct", "--boundary main~1..main r~1..r");
	check_marks("rand", "--left-right --boundary b1...b2");
	check_marks("rand", "--boundary b0~3..b0 ^b3");
}

static CU_TestInfo tests[] = {
	{ "a linear history is one column of stars", test_linear },
	{ "one merge opens a lane and closes it", test_one_merge },
	{ "criss-cross merges cross their edges as git draws them", test_criss_cross },
	{ "octopus merges of three to four parents spread with dashes", test_octopus },
	{ "a branch forked and merged again and again", test_fork_and_merge },
	{ "ten parallel branches and an octopus of eight", test_parallel },
	{ "equal commit dates keep git's layout", test_equal_dates },
	{ "root commits in the middle of the graph end their lanes", test_roots },
	{ "a pseudo-random history of six branches matches in every mode", test_random },
	{ "boundary and left-right commits are drawn with their marks", test_marks },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "graph against git", .pInitFunc = setup, .pCleanupFunc = teardown, .pTests = tests },
	CU_SUITE_INFO_NULL,
};
