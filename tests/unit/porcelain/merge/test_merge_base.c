/*
 * tests/unit/porcelain/merge/test_merge_base.c: merge bases on hand-built graphs.
 *
 * Each graph is written by git (commit-tree with chosen committer dates, a
 * tag per commit), then every query line runs as `git merge-base <line>`;
 * our answer through one shared sgit_merge_base (so the cache is reused
 * across questions) must print the same ids in the same order and exit alike.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "unit.h"
#include "porcelain/merge/merge_base_int.h"
#include "porcelain/history/revwalk_int.h"
#include "sgit/odb.h"
#include "util/fs.h"

#define S(lit) lit, sizeof(lit) - 1
#define MAX_NODES 64
#define MAX_ARGS 16

struct graph {
	const char *dir;
	/* "name date [parent...]" per line, parents before children */
	const char *spec;
	/* merge-base arguments per line, commits by name */
	const char *queries;
};

struct names {
	char name[MAX_NODES][16];
	struct sgit_oid id[MAX_NODES];
	size_t n;
};

static int write_tmp(const char *name, const char *data)
{
	char path[512];
	FILE *f;
	int ok;

	snprintf(path, sizeof(path), "%s/%s", unit_tmpdir(), name);
	if (!(f = fopen(path, "wb")))
		return -1;
	ok = fputs(data, f) >= 0;
	return fclose(f) == 0 && ok ? 0 : -1;
}

static int read_tmp(struct sgit_buf *out, const char *dir, const char *name)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	int rc;

	sgit_buf_printf(&path, "%s/%s/%s", unit_tmpdir(), dir, name);
	rc = sgit_fs_read_file(out, path.ptr, NULL);
	sgit_buf_release(&path);
	return rc;
}

/*
 * Build the graph with git and run every query with git; ids go to <dir>/map.
 * Dates in specs are small numbers, shifted to where git accepts them.
 */
static int build(const struct graph *g)
{
	char name[128];

	snprintf(name, sizeof(name), "%s.spec", g->dir);
	if (write_tmp(name, g->spec))
		return -1;
	snprintf(name, sizeof(name), "%s.queries", g->dir);
	if (write_tmp(name, g->queries))
		return -1;
	return unit_sh("git init -q %s && cd %s && t=$(git mktree </dev/null) && "
		       "while read n d ps; do pa=; for p in $ps; do pa=\"$pa -p $p\"; done; "
		       "d=$((d + 1500000000)); "
		       "id=$(GIT_COMMITTER_DATE=\"$d +0000\" GIT_AUTHOR_DATE=\"$d +0000\" "
		       "git commit-tree $t $pa -m $n) && git tag $n $id && echo \"$n $id\" >>map "
		       "|| exit 1; done <../%s.spec && i=0 && while read q; do "
		       "git merge-base $q >q$i.out; echo $? >q$i.rc; i=$((i + 1)); done <../%s.queries",
		       g->dir, g->dir, g->dir, g->dir);
}

static int load_names(struct names *nm, const char *dir)
{
	struct sgit_buf map = SGIT_BUF_INIT;
	char *line, *save = NULL, *sp;
	int rc = -1;

	nm->n = 0;
	if (read_tmp(&map, dir, "map") < 0)
		goto out;
	for (line = strtok_r(map.ptr, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (nm->n == MAX_NODES || !(sp = strchr(line, ' ')) || (size_t)(sp - line) >= 16 ||
		    sgit_oid_fromhex(&nm->id[nm->n], sp + 1) < 0)
			goto out;
		memcpy(nm->name[nm->n], line, (size_t)(sp - line));
		nm->name[nm->n++][sp - line] = '\0';
	}
	rc = 0;
out:
	sgit_buf_release(&map);
	return rc;
}

static const struct sgit_oid *lookup(const struct names *nm, const char *name)
{
	size_t k;

	for (k = 0; k < nm->n; k++)
		if (!strcmp(nm->name[k], name))
			return &nm->id[k];
	return NULL;
}

/* Our answer to one query line, printed as git merge-base prints it; returns the exit code. */
static int answer(struct sgit_buf *out, struct sgit_merge_base *mb, const struct names *nm,
		  char *line)
{
	struct sgit_oid ids[MAX_ARGS], *res = NULL;
	char *tok, *save = NULL, hex[SGIT_OID_HEXSZ + 1];
	const struct sgit_oid *id;
	size_t n = 0, nres = 0, k;
	int all = 0, mode = 0, rc;

	for (tok = strtok_r(line, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
		if (!strcmp(tok, "--all"))
			all = 1;
		else if (!strcmp(tok, "--octopus"))
			mode = 'o';
		else if (!strcmp(tok, "--independent"))
			mode = 'n';
		else if (!strcmp(tok, "--is-ancestor"))
			mode = 'a';
		else if (n < MAX_ARGS && (id = lookup(nm, tok)))
			ids[n++] = *id;
		else
			return -1;
	}
	if (mode == 'a')
		return (rc = sgit_merge_base_is_ancestor(mb, &ids[0], &ids[1])) < 0 ? rc : !rc;
	if (mode == 'o')
		rc = sgit_merge_base_octopus(&res, &nres, mb, ids, n);
	else if (mode == 'n')
		rc = sgit_merge_base_independent(&res, &nres, mb, ids, n);
	else
		rc = sgit_merge_base_many(&res, &nres, mb, &ids[0], ids + 1, n - 1);
	for (k = 0; rc == 0 && k < nres && (all || mode == 'n' || k == 0); k++)
		sgit_buf_addf(out, "%s\n", sgit_oid_tohex(hex, &res[k]));
	free(res);
	return rc < 0 ? rc : nres ? 0 : 1;
}

/* The query lines of g, each answered by us and by git alike; returns the number that differ. */
static size_t compare(const struct graph *g, struct sgit_merge_base *mb, const struct names *nm)
{
	struct sgit_buf queries = SGIT_BUF_INIT, ours = SGIT_BUF_INIT, want = SGIT_BUF_INIT;
	struct sgit_buf rc_text = SGIT_BUF_INIT;
	char *line, *save = NULL, name[32];
	size_t i = 0, bad = 0;
	int code;

	sgit_buf_sets(&queries, g->queries);
	for (line = strtok_r(queries.ptr, "\n", &save); line; line = strtok_r(NULL, "\n", &save), i++) {
		char copy[256];

		snprintf(copy, sizeof(copy), "%s", line);
		snprintf(name, sizeof(name), "q%zu.out", i);
		sgit_buf_reset(&ours);
		code = answer(&ours, mb, nm, line);
		if (read_tmp(&want, g->dir, name) < 0 ||
		    (snprintf(name, sizeof(name), "q%zu.rc", i), read_tmp(&rc_text, g->dir, name)) < 0 ||
		    code != atoi(rc_text.ptr) || strcmp(ours.ptr, want.ptr)) {
			printf("\n  %s: merge-base %s: git (exit %d):\n%s  ours (exit %d):\n%s", g->dir,
			       copy, atoi(rc_text.ptr), want.ptr, code, ours.ptr);
			bad++;
		}
	}
	if (!i) {
		printf("\n  %s: no queries ran\n", g->dir);
		bad++;
	}
	sgit_buf_release(&queries);
	sgit_buf_release(&ours);
	sgit_buf_release(&want);
	sgit_buf_release(&rc_text);
	return bad;
}

static void check_graph(const struct graph *g)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf objects = SGIT_BUF_INIT;
	struct sgit_odb *odb = NULL;
	struct sgit_merge_base *mb = NULL;
	struct names nm;

	CU_ASSERT_EQUAL_FATAL(build(g), 0);
	CU_ASSERT_EQUAL_FATAL(load_names(&nm, g->dir), 0);
	sgit_buf_printf(&objects, "%s/%s/.git/objects", unit_tmpdir(), g->dir);
	CU_ASSERT_EQUAL(sgit_odb_open(&odb, objects.ptr, NULL, &err), 0);
	CU_ASSERT_EQUAL(sgit_merge_base_new(&mb, odb, &err), 0);
	if (odb && mb)
		CU_ASSERT_EQUAL(compare(g, mb, &nm), 0);
	sgit_merge_base_free(mb);
	sgit_odb_free(odb);
	sgit_buf_release(&objects);
}

static void test_linear(void)
{
	static const struct graph g = { "linear",
		"a 100\nb 200 a\nc 300 b\nd 400 c\n",
		"a d\nd a\n--all d b\nc c\n--is-ancestor a d\n--is-ancestor d a\n--is-ancestor c c\n"
		"--independent a b c d\n--independent d c d a\n--octopus a b d\n--octopus --all d\n" };

	check_graph(&g);
}

static void test_fork(void)
{
	static const struct graph g = { "fork",
		"r 100\no 200 r\nx1 300 o\nx2 400 x1\ny1 310 o\ny2 410 y1\nm 500 x2 y2\n",
		"--all x2 y2\ny2 x2\n--all m x1\n--all m y2 x2\n--is-ancestor y1 m\n--is-ancestor m y1\n"
		"--independent x2 y2 m\n--independent x2 y2\n--octopus --all x2 y2 m\n" };

	check_graph(&g);
}

static void test_criss_cross(void)
{
	/* a2 and b2 each merge the other side: a1 and b1 are both best common ancestors */
	static const struct graph g = { "crisscross",
		"r 100\na1 200 r\nb1 210 r\na2 300 a1 b1\nb2 310 b1 a1\na3 400 a2\nb3 410 b2\n",
		"--all a3 b3\n--all b3 a3\na3 b3\n--all a2 b2\n--all a3 b3 r\n--octopus --all a3 b3\n"
		"--independent a1 b1 a2 b2\n--is-ancestor a1 b3\n" };

	check_graph(&g);
}

static void test_criss_cross_equal_dates(void)
{
	static const struct graph g = { "crissequal",
		"r 100\na1 200 r\nb1 200 r\na2 200 a1 b1\nb2 200 b1 a1\na3 200 a2\nb3 200 b2\n",
		"--all a3 b3\n--all b3 a3\n--all a2 b2\n--independent b1 a1\n--octopus --all b3 a3\n" };

	check_graph(&g);
}

static void test_octopus(void)
{
	static const struct graph g = { "octopus",
		"o 100\nx 200 o\ny 210 o\nz 220 o\nx2 300 x\ny2 310 y\nm 400 x2 y2 z\nz2 410 z\n",
		"--all x2 y2\n--octopus --all x2 y2 z2\n--octopus x2 y2 z2\n--all m z2\n"
		"--all x2 y2 z2\n--independent x2 y2 z2 m\n--octopus --all m x2\n--is-ancestor z m\n"
		"--octopus --all m x2 y2 z2\n" };

	check_graph(&g);
}

static void test_disjoint(void)
{
	static const struct graph g = { "disjoint",
		"a 100\nb 200 a\nc 150\nd 250 c\ne 300 b d\n",
		"b d\n--all b d\n--is-ancestor a d\n--independent b d\n--octopus b d\n--all e b\n"
		"--all e d\n--all b d e\n--octopus --all b d e\n" };

	check_graph(&g);
}

static void test_clock_skew(void)
{
	/* children dated before their parents, and a side branch far in the future */
	static const struct graph g = { "skew",
		"r 1000\na 900 r\nb 800 a\nc 700 b\nf 5000 r\ng 600 f\nh 650 c g\nk 550 b\n"
		"l 100 k\nm 2000 l c\n",
		"--all c g\n--all h k\n--all m h\n--all l c\n--is-ancestor r m\n--is-ancestor f m\n"
		"--independent m h l k\n--all g c k\n--octopus --all h k l\n" };

	check_graph(&g);
}

static void test_many_bases_order(void)
{
	/* four merge bases with mixed dates: git prints them newest first */
	static const struct graph g = { "manybases",
		"r 100\np 500 r\nq 300 r\ns 700 r\nt 300 r\n"
		"x 800 p q s t\ny 900 t s q p\n",
		"--all x y\n--all y x\n--independent p q s t\n--independent t s q p\n"
		"--octopus --all x y\n" };

	check_graph(&g);
}

/*
 * The quick parse merge-base loads commits with (shared with the walker),
 * all of it: the first parents into ids (room for 4), their number into
 * *np, the date. 0, or SGIT_ECORRUPT from the line that is bad.
 */
static int quick(struct sgit_oid *ids, size_t *np, uint64_t *date, const char *buf, size_t len)
{
	struct sgit_oid tree, id;
	struct rw_quick q;
	int rc;

	*np = 0;
	*date = 0;
	if ((rc = rw_quick_tree(&tree, &q, buf, len)) < 0)
		return rc;
	while ((rc = rw_quick_parent(&id, &q)) > 0)
		if (*np < 4)
			ids[(*np)++] = id;
	if (rc < 0)
		return rc;
	*date = rw_quick_date(&q);
	return 0;
}

static void test_parse_fields(void)
{
	static const char hex[] = "0123456789abcdef0123456789abcdef01234567";
	static const char hex2[] = "89abcdef0123456789abcdef0123456789abcdef";
	struct sgit_buf c = SGIT_BUF_INIT;
	struct sgit_oid ids[4], want;
	size_t np;
	uint64_t date;

	sgit_buf_printf(&c, "tree %s\nparent %s\nparent %s\nauthor A <a> 5 +0000\n"
			"committer C <c> 1234567890 +0200\n\nmsg\n", hex, hex, hex2);
	CU_ASSERT_EQUAL(quick(ids, &np, &date, c.ptr, c.len), 0);
	CU_ASSERT_EQUAL(np, 2);
	CU_ASSERT(sgit_oid_fromhex(&want, hex) == 0 && sgit_oid_equal(&ids[0], &want));
	CU_ASSERT(sgit_oid_fromhex(&want, hex2) == 0 && sgit_oid_equal(&ids[1], &want));
	CU_ASSERT_EQUAL(date, 1234567890);
	sgit_buf_release(&c);
}

/* Where git's quick parse finds no date, the date is 0; a huge one saturates. */
static void test_parse_odd_dates(void)
{
	static const char tree[] = "tree 0123456789abcdef0123456789abcdef01234567\n";
	static const struct {
		const char *rest;
		uint64_t date;
	} t[] = {
		{ "author A <a> 1 +0000\ncommitter C <c> 77 +0000\n\nmsg\n", 77 },
		{ "author A <a> 1 +0000\ncommitter C <c> 77 +0000\n", 0 },
		{ "author A <a> 1 +0000\ncommitter C <c> 77 +0000", 0 },
		{ "committer C <c> 77 +0000\n\nmsg\n", 0 },
		{ "author A <a> 1 +0000\ncommitter C c 77 +0000\n\nmsg\n", 0 },
		{ "author A <a> 1 +0000\ncommitter C c 77 +0000\nx <y> 5\n\n", 5 },
		{ "author A <a> 1 +0000\ncommitter C <c>\n 6\n\n", 6 },
		{ "author A <a> 1 +0000\ncommitter C <c>  \t88 +0000\n\n", 88 },
		{ "author A <a> 1 +0000\ncommitter C <c> 99999999999999999999999 +0000\n\n",
		  UINT64_MAX },
		{ "author A <a> 1 +0000\ncommitter C <c> x +0000\n\n", 0 },
		{ "author A <a> 1 +0000\ncommitter C <c> -1 +0000\n\n", UINT64_MAX },
		{ "author A <a> 1 +0000\n\nmsg\n", 0 },
		{ "\n", 0 },
	};
	struct sgit_buf c = SGIT_BUF_INIT;
	struct sgit_oid ids[4];
	size_t np, k;
	uint64_t date;

	for (k = 0; k < sizeof(t) / sizeof(t[0]); k++) {
		sgit_buf_sets(&c, tree);
		sgit_buf_adds(&c, t[k].rest);
		CU_ASSERT_EQUAL(quick(ids, &np, &date, c.ptr, c.len), 0);
		CU_ASSERT_EQUAL(np, 0);
		CU_ASSERT_EQUAL(date, t[k].date);
	}
	sgit_buf_release(&c);
}

static void test_parse_corrupt(void)
{
	static const struct {
		const char *data;
		size_t len;
	} bad[] = {
		{ S("") },
		{ S("tree 0123\n") },
		{ S("tree 0123456789abcdef0123456789abcdef0123456\n") },
		{ S("tree 0123456789abcdef0123456789abcdef01234567") },
		{ S("tree 0123456789abcdef0123456789abcdef01234567\n") },
		{ S("tree 0123456789abcdef0123456789abcdef01234567 \n") },
		{ S("tree 0123456789abcdef0123456789abcdef0123456g\nauthor\n") },
		{ S("tree 0123456789abcdef0123456789abcdef01234567\n"
		    "parent 0123456789abcdef0123456789abcdef0123456z\nauthor\n") },
		{ S("tree 0123456789abcdef0123456789abcdef01234567\n"
		    "parent 0123456789abcdef0123456789abcdef01234567 \nauthor\n") },
		{ S("xree 0123456789abcdef0123456789abcdef01234567\n\n") },
	};
	struct sgit_oid ids[4];
	size_t np, k;
	uint64_t date;

	for (k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
		CU_ASSERT_EQUAL(quick(ids, &np, &date, bad[k].data, bad[k].len), SGIT_ECORRUPT);
		CU_ASSERT_EQUAL(np, 0);
	}
}

/*
 * A parent line cut short at the end of the object is not a parent, as git
 * reads it; a whole one that ends the object is refused, as git refuses it.
 */
static void test_parse_short_parent(void)
{
	static const char cut[] = "tree 0123456789abcdef0123456789abcdef01234567\n"
				  "parent 0123456789abcdef0123456789abcdef01234567";
	static const char whole[] = "tree 0123456789abcdef0123456789abcdef01234567\n"
				    "parent 0123456789abcdef0123456789abcdef01234567\n";
	struct sgit_oid ids[4];
	size_t np;
	uint64_t date;

	CU_ASSERT_EQUAL(quick(ids, &np, &date, cut, sizeof(cut) - 1), 0);
	CU_ASSERT_EQUAL(np, 0);
	CU_ASSERT_EQUAL(date, 0);
	CU_ASSERT_EQUAL(quick(ids, &np, &date, whole, sizeof(whole) - 1), SGIT_ECORRUPT);
	CU_ASSERT_EQUAL(np, 0);
}

static void test_bad_ids(void)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf objects = SGIT_BUF_INIT;
	struct sgit_odb *odb = NULL;
	struct sgit_merge_base *mb = NULL;
	struct sgit_oid blob, missing, dummy, *res = &dummy;
	size_t n = 7;

	CU_ASSERT_EQUAL_FATAL(unit_sh("git init -q badids && cd badids && "
				      "echo hi | git hash-object -w --stdin >blob"), 0);
	sgit_buf_printf(&objects, "%s/badids/blob", unit_tmpdir());
	CU_ASSERT_EQUAL_FATAL(sgit_fs_read_file(&objects, objects.ptr, NULL), 0);
	CU_ASSERT_EQUAL_FATAL(sgit_oid_fromhexn(&blob, objects.ptr, 40), 0);
	sgit_oid_fromhex(&missing, "1234567890123456789012345678901234567890");
	sgit_buf_printf(&objects, "%s/badids/.git/objects", unit_tmpdir());
	CU_ASSERT_EQUAL_FATAL(sgit_odb_open(&odb, objects.ptr, NULL, &err), 0);
	CU_ASSERT_EQUAL(sgit_merge_base_new(&mb, odb, &err), 0);
	CU_ASSERT_EQUAL(sgit_merge_base_many(&res, &n, mb, &blob, &blob, 1), SGIT_EINVALID);
	CU_ASSERT_PTR_NULL(res);
	CU_ASSERT_EQUAL(n, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "is not a commit"));
	CU_ASSERT_EQUAL(sgit_merge_base_is_ancestor(mb, &missing, &missing), SGIT_ENOTFOUND);
	CU_ASSERT_EQUAL(sgit_merge_base_descends_from(odb, &blob, &blob, &err), SGIT_EINVALID);
	sgit_merge_base_free(mb);
	sgit_odb_free(odb);
	sgit_buf_release(&objects);
}

static void test_one_shot_pair(void)
{
	static const struct graph g = { "oneshot", "r 100\na 200 r\nb 300 r\n", "a b\n" };
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf objects = SGIT_BUF_INIT;
	struct sgit_odb *odb = NULL;
	struct sgit_oid *res = NULL;
	struct names nm;
	size_t n = 0;

	CU_ASSERT_EQUAL_FATAL(build(&g), 0);
	CU_ASSERT_EQUAL_FATAL(load_names(&nm, g.dir), 0);
	sgit_buf_printf(&objects, "%s/%s/.git/objects", unit_tmpdir(), g.dir);
	CU_ASSERT_EQUAL_FATAL(sgit_odb_open(&odb, objects.ptr, NULL, &err), 0);
	CU_ASSERT_EQUAL(sgit_merge_base_of_pair(&res, &n, odb, lookup(&nm, "a"), lookup(&nm, "b"),
						&err), 0);
	CU_ASSERT_EQUAL(n, 1);
	if (n == 1)
		CU_ASSERT(sgit_oid_equal(&res[0], lookup(&nm, "r")));
	CU_ASSERT_EQUAL(sgit_merge_base_descends_from(odb, lookup(&nm, "a"), lookup(&nm, "r"), &err),
			1);
	CU_ASSERT_EQUAL(sgit_merge_base_descends_from(odb, lookup(&nm, "a"), lookup(&nm, "b"), &err),
			0);
	free(res);
	sgit_odb_free(odb);
	sgit_buf_release(&objects);
}

/* main was at r, a, b, then rewound to a and moved on to c; t was made on b */
static void test_fork_point(void)
{
	static const struct graph g = { "forkpoint", "r 100\na 200 r\nb 300 a\nt 400 b\nc 500 a\n",
					"--all t c\n" };
	static const char *const reflog[] = { "r", "a", "b", "a", "c" };
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf objects = SGIT_BUF_INIT;
	struct sgit_odb *odb = NULL;
	struct sgit_merge_base *mb = NULL;
	struct sgit_oid cands[5], found;
	struct names nm;
	size_t k;

	CU_ASSERT_EQUAL_FATAL(build(&g), 0);
	CU_ASSERT_EQUAL_FATAL(load_names(&nm, g.dir), 0);
	for (k = 0; k < 5; k++)
		cands[k] = *lookup(&nm, reflog[k]);
	sgit_buf_printf(&objects, "%s/%s/.git/objects", unit_tmpdir(), g.dir);
	CU_ASSERT_EQUAL_FATAL(sgit_odb_open(&odb, objects.ptr, NULL, &err), 0);
	CU_ASSERT_EQUAL(sgit_merge_base_new(&mb, odb, &err), 0);
	CU_ASSERT_EQUAL(compare(&g, mb, &nm), 0);
	CU_ASSERT_EQUAL(sgit_merge_base_fork_point(&found, mb, lookup(&nm, "t"), cands, 5), 1);
	CU_ASSERT(sgit_oid_equal(&found, lookup(&nm, "b")));
	/* the only base of t and c is a, which main's log does not hold here */
	CU_ASSERT_EQUAL(sgit_merge_base_fork_point(&found, mb, lookup(&nm, "t"), &cands[4], 1), 0);
	CU_ASSERT_EQUAL(sgit_merge_base_fork_point(&found, mb, lookup(&nm, "t"), cands, 0), 0);
	CU_ASSERT_EQUAL(sgit_merge_base_fork_point(&found, mb, lookup(&nm, "c"), cands, 5), 1);
	CU_ASSERT(sgit_oid_equal(&found, lookup(&nm, "c")));
	sgit_merge_base_free(mb);
	sgit_odb_free(odb);
	sgit_buf_release(&objects);
}

static CU_TestInfo merge_base_tests[] = {
	{ "a linear history has the older commit as base", test_linear },
	{ "a fork and its merge give git's bases", test_fork },
	{ "a criss-cross merge has two bases, newest first", test_criss_cross },
	{ "a criss-cross at one date lists bases in walk order", test_criss_cross_equal_dates },
	{ "octopus merges and --octopus agree with git", test_octopus },
	{ "disjoint histories have no base", test_disjoint },
	{ "clock skew gives git's answers", test_clock_skew },
	{ "four bases are printed in git's order", test_many_bases_order },
	{ "the quick parse reads parents and the committer date", test_parse_fields },
	{ "a date where git finds none is 0", test_parse_odd_dates },
	{ "a corrupt tree or parent line is refused", test_parse_corrupt },
	{ "a parent line cut at the end is not read, one ending the object is refused",
	  test_parse_short_parent },
	{ "a blob or a missing id is refused", test_bad_ids },
	{ "the one-shot forms answer without a cache", test_one_shot_pair },
	{ "the fork point is the one base found among a ref's old values", test_fork_point },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "porcelain/merge_base", .pTests = merge_base_tests },
	CU_SUITE_INFO_NULL,
};
