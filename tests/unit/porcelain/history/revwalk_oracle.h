/*
 * tests/unit/porcelain/history/revwalk_oracle.h: one rev-list command line run by git
 * and by the walker, printed the same way, for the test_revwalk*.c tables.
 * Included once per test program (static functions only).
 */
#ifndef SGIT_TEST_REVWALK_ORACLE_H
#define SGIT_TEST_REVWALK_ORACLE_H

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "unit.h"
#include "sgit/buf.h"
#include "sgit/commit.h"
#include "sgit/graph.h"
#include "sgit/object.h"
#include "sgit/odb.h"
#include "sgit/pretty.h"
#include "sgit/repo.h"
#include "sgit/revwalk.h"

#define ORACLE_MAX_ARGS 32

static struct sgit_repo *oracle_repo;
static const char *oracle_dir = "";
static int oracle_keep;		/* ask for every commit's bytes (and check them) */
/* --author and --committer see identities through this map when set (git log, not rev-list) */
static struct sgit_mailmap *oracle_mailmap;
static const char *oracle_command = "rev-list";

static int oracle_map_ident(void *data, const char **email, size_t *email_len, const char **name,
			    size_t *name_len)
{
	return data ? sgit_mailmap_map(data, email, email_len, name, name_len) : 0;
}

/*
 * Suite set-up of the tables that run on two histories: script (plain shell,
 * not a format) builds the hand-made one in folder dir, random_script the
 * random one in "r"; both are opened. 0, or 1 as CUnit wants. (inline: the
 * suites with one history leave it unused.)
 */
static inline int oracle_open_pair(struct sgit_repo **hand, const char *script, const char *dir,
				   struct sgit_repo **random, const char *random_script)
{
	if (unit_sh("%s", script) != 0 || unit_sh("%s", random_script) != 0)
		return 1;
	*hand = unit_open_repo(dir);
	*random = unit_open_repo("r");
	return *hand && *random ? 0 : 1;
}

static inline int oracle_close_pair(struct sgit_repo *hand, struct sgit_repo *random)
{
	sgit_repo_free(hand);
	sgit_repo_free(random);
	return 0;
}

/* Run git in the repository folder; its stdout into out. */
static int git_out(struct sgit_buf *out, const char *args)
{
	struct sgit_buf cmd = SGIT_BUF_INIT;
	char line[512];
	FILE *f;
	int rc = -1;

	sgit_buf_reset(out);
	if (sgit_buf_printf(&cmd, "cd '%s/%s' && HOME='%s' GIT_CONFIG_NOSYSTEM=1 LC_ALL=C git %s",
			    unit_tmpdir(), oracle_dir, unit_tmpdir(), args) < 0 ||
	    !(f = popen(cmd.ptr, "r")))
		goto out;
	while (fgets(line, sizeof(line), f))
		sgit_buf_adds(out, line);
	rc = pclose(f) == 0 ? 0 : -1;
out:
	sgit_buf_release(&cmd);
	return rc;
}

static int resolve(struct sgit_oid *id, const char *name)
{
	struct sgit_buf out = SGIT_BUF_INIT, args = SGIT_BUF_INIT;
	int rc = -1;

	if (sgit_buf_printf(&args, "rev-parse --verify -q '%s'", name) == 0 &&
	    git_out(&out, args.ptr) == 0 && out.len > SGIT_OID_HEXSZ)
		rc = sgit_oid_fromhexn(id, out.ptr, SGIT_OID_HEXSZ);
	sgit_buf_release(&out);
	sgit_buf_release(&args);
	return rc;
}

/* Split args at spaces outside single quotes (the quotes go); tokens point into buf. */
static size_t tokenize(char **tok, char *buf)
{
	size_t n = 0;
	char *r = buf, *w;

	while (*r && n < ORACLE_MAX_ARGS) {
		while (*r == ' ')
			r++;
		if (!*r)
			break;
		tok[n++] = w = r;
		for (; *r && *r != ' '; r++)
			if (*r == '\'')
				while (*++r && *r != '\'')
					*w++ = *r;
			else
				*w++ = *r;
		if (*r)
			r++;
		*w = '\0';
	}
	return n;
}

struct oracle_args {
	struct sgit_revwalk_options o;
	const char *authors[4], *committers[4], *greps[4], *paths[8];
	int parents, all, graph, left_right;
};

static int value_of(const char **v, const char *tok, const char *name)
{
	size_t n = strlen(name);

	if (strncmp(tok, name, n) || tok[n] != '=')
		return 0;
	*v = tok + n + 1;
	return 1;
}

/* Options that set an int field of the options to a value. */
static const struct {
	const char *name;
	size_t offset;
	int value;
} oracle_flags[] = {
	{ "--first-parent", offsetof(struct sgit_revwalk_options, first_parent), 1 },
	{ "--reverse", offsetof(struct sgit_revwalk_options, reverse), 1 },
	{ "--merges", offsetof(struct sgit_revwalk_options, min_parents), 2 },
	{ "--no-merges", offsetof(struct sgit_revwalk_options, max_parents), 1 },
	{ "-i", offsetof(struct sgit_revwalk_options, ignore_case), 1 },
	{ "--all-match", offsetof(struct sgit_revwalk_options, all_match), 1 },
	{ "--invert-grep", offsetof(struct sgit_revwalk_options, invert_grep), 1 },
	{ "--full-history", offsetof(struct sgit_revwalk_options, full_history), 1 },
	{ "--objects", offsetof(struct sgit_revwalk_options, objects), 1 },
	{ "--parents", offsetof(struct sgit_revwalk_options, rewrite_parents), 1 },
	{ "--boundary", offsetof(struct sgit_revwalk_options, boundary), 1 },
};

/* Options with a value ("--name=value"). */
static int parse_value_option(struct oracle_args *a, const char *t)
{
	struct sgit_revwalk_options *o = &a->o;
	const char *v;

	if (value_of(&v, t, "--max-count"))
		o->max_count = atol(v);
	else if (value_of(&v, t, "--skip"))
		o->skip = atol(v);
	else if (value_of(&v, t, "--min-parents"))
		o->min_parents = atoi(v);
	else if (value_of(&v, t, "--max-parents"))
		o->max_parents = atoi(v);
	else if (value_of(&v, t, "--since"))
		o->has_since = 1, o->since = atoll(v);
	else if (value_of(&v, t, "--until"))
		o->has_until = 1, o->until = atoll(v);
	else if (value_of(&v, t, "--author") && o->nauthors < 4)
		o->authors = a->authors, a->authors[o->nauthors++] = v;
	else if (value_of(&v, t, "--committer") && o->ncommitters < 4)
		o->committers = a->committers, a->committers[o->ncommitters++] = v;
	else if (value_of(&v, t, "--grep") && o->ngreps < 4)
		o->greps = a->greps, a->greps[o->ngreps++] = v;
	else
		return 0;
	return 1;
}

/* One option of the command line; 0 when it is not one. */
static int parse_option(struct oracle_args *a, const char *t)
{
	size_t k;

	for (k = 0; k < sizeof(oracle_flags) / sizeof(oracle_flags[0]); k++)
		if (!strcmp(t, oracle_flags[k].name)) {
			*(int *)((char *)&a->o + oracle_flags[k].offset) = oracle_flags[k].value;
			a->parents |= !strcmp(t, "--parents");
			return 1;
		}
	if (!strcmp(t, "--topo-order"))
		a->o.sort = SGIT_REVWALK_SORT_TOPO;
	else if (!strcmp(t, "--date-order"))
		a->o.sort = SGIT_REVWALK_SORT_DATE;
	else if (!strcmp(t, "-E"))
		a->o.pattern = SGIT_REVWALK_PATTERN_EXTENDED;
	else if (!strcmp(t, "-F"))
		a->o.pattern = SGIT_REVWALK_PATTERN_FIXED;
	else if (!strcmp(t, "--all"))
		a->all = 1;
	else if (!strcmp(t, "--graph"))
		a->graph = 1;
	else if (!strcmp(t, "--left-right"))
		a->left_right = 1;
	else
		return parse_value_option(a, t);
	return 1;
}

/* "A...B": the merge bases hidden, then A (the left side) and B, as git queues them. */
static int add_symmetric(struct sgit_revwalk *w, const char *a, const char *b)
{
	struct sgit_buf bases = SGIT_BUF_INIT, args = SGIT_BUF_INIT;
	struct sgit_oid id;
	char *p;
	int rc = -1;

	if (sgit_buf_printf(&args, "merge-base --all '%s' '%s'", a, b) < 0 || git_out(&bases, args.ptr) < 0)
		goto out;
	for (p = bases.ptr; *p; p += SGIT_OID_HEXSZ + 1)
		if (sgit_oid_fromhexn(&id, p, SGIT_OID_HEXSZ) < 0 || sgit_revwalk_hide(w, &id) < 0)
			goto out;
	if (resolve(&id, a) < 0 || sgit_revwalk_push_left(w, &id) < 0 ||
	    resolve(&id, b) < 0 || sgit_revwalk_push_object(w, &id, NULL) < 0)
		goto out;
	rc = 0;
out:
	sgit_buf_release(&bases);
	sgit_buf_release(&args);
	return rc;
}

/* Push or hide one revision ("B", "^A", "A..B", "A...B", "HEAD:dir"). */
static int add_rev(struct sgit_revwalk *w, const char *arg)
{
	const char *dots = strstr(arg, ".."), *colon = strchr(arg, ':');
	char left[128];
	struct sgit_oid id;

	if (dots && dots[2] == '.' && (size_t)(dots - arg) < sizeof(left)) {
		memcpy(left, arg, (size_t)(dots - arg));
		left[dots - arg] = '\0';
		return add_symmetric(w, left, dots + 3);
	}
	if (dots && (size_t)(dots - arg) < sizeof(left)) {
		memcpy(left, arg, (size_t)(dots - arg));
		left[dots - arg] = '\0';
		if (resolve(&id, left) < 0 || sgit_revwalk_hide_object(w, &id) < 0)
			return -1;
		return resolve(&id, dots + 2) < 0 ? -1 : sgit_revwalk_push_object(w, &id, NULL);
	}
	if (arg[0] == '^')
		return resolve(&id, arg + 1) < 0 ? -1 : sgit_revwalk_hide_object(w, &id);
	return resolve(&id, arg) < 0 ? -1 : sgit_revwalk_push_object(w, &id, colon ? colon + 1 : NULL);
}

/* --all: every ref in name order, then HEAD, as git adds them. */
static int add_all(struct sgit_revwalk *w)
{
	struct sgit_buf refs = SGIT_BUF_INIT;
	struct sgit_oid id;
	char *p;
	int rc = git_out(&refs, "for-each-ref --format='%(objectname)'");

	for (p = refs.ptr; rc == 0 && *p; p += SGIT_OID_HEXSZ + 1)
		if ((rc = sgit_oid_fromhexn(&id, p, SGIT_OID_HEXSZ)) == 0)
			rc = sgit_revwalk_push_object(w, &id, NULL);
	if (rc == 0 && resolve(&id, "HEAD") == 0)
		rc = sgit_revwalk_push_object(w, &id, NULL);
	sgit_buf_release(&refs);
	return rc;
}

/* The commit's bytes must hash to its id. */
static int check_commit(struct sgit_revwalk *w, const struct sgit_oid *id)
{
	const struct sgit_commit *c;
	struct sgit_oid got;
	const char *raw;
	size_t len;

	if (sgit_revwalk_commit(&c, w) < 0)
		return -1;
	raw = sgit_commit_raw(c, &len);
	if (sgit_object_hash(&got, SGIT_OBJ_COMMIT, raw, len) < 0 || !sgit_oid_equal(&got, id))
		return -1;
	return 0;
}

/*
 * --graph: the commit into the graph with the parents it draws lines to and
 * its mark, then its line as rev-list --graph writes it. < 0 on error.
 */
static int graph_commit(struct sgit_buf *out, struct sgit_graph *g, struct sgit_revwalk *w,
			const struct oracle_args *a, const struct sgit_oid *id, const char *line)
{
	struct sgit_oid kept[16];
	size_t k, n = 0;
	char mark = '*';
	int rc;

	for (k = 0; k < sgit_revwalk_parent_count(w) && n < 16; k++) {
		if ((rc = sgit_revwalk_parent_shown(w, k)) < 0)
			return rc;
		if (rc)
			kept[n++] = *sgit_revwalk_parent_id(w, k);
	}
	if (sgit_revwalk_is_boundary(w))
		mark = 'o';
	else if (a->left_right)
		mark = sgit_revwalk_is_left(w) ? '<' : '>';
	if (sgit_graph_update_mark(g, id, kept, n, mark) < 0 || sgit_graph_add_commit_start(g, out) < 0 ||
	    sgit_graph_add_msg(g, out, line, strlen(line)) < 0)
		return -1;
	return 0;
}

/* rev-list's mark before an id: "-" on the boundary, "<" or ">" with --left-right. */
static const char *oracle_mark(struct sgit_revwalk *w, const struct oracle_args *a)
{
	if (sgit_revwalk_is_boundary(w))
		return "-";
	if (a->left_right)
		return sgit_revwalk_is_left(w) ? "<" : ">";
	return "";
}

static int print_walk(struct sgit_buf *out, struct sgit_revwalk *w, const struct oracle_args *a)
{
	char hex[SGIT_OID_HEXSZ + 1];
	struct sgit_revwalk_object obj;
	struct sgit_buf line = SGIT_BUF_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_graph *g = NULL;
	struct sgit_oid id;
	size_t k;
	int rc;

	if (a->graph && sgit_graph_new(&g, NULL, &err) < 0)
		return -1;
	while ((rc = sgit_revwalk_next(&id, w)) == 0) {
		sgit_buf_reset(&line);
		if (!g)
			sgit_buf_adds(&line, oracle_mark(w, a));
		sgit_buf_adds(&line, sgit_oid_tohex(hex, &id));
		for (k = 0; a->parents && k < sgit_revwalk_parent_count(w); k++) {
			sgit_buf_addch(&line, ' ');
			sgit_buf_adds(&line, sgit_oid_tohex(hex, sgit_revwalk_parent_id(w, k)));
		}
		sgit_buf_addch(&line, '\n');
		if (!g)
			sgit_buf_addbuf(out, &line);
		else if ((rc = graph_commit(out, g, w, a, &id, line.ptr)) < 0)
			break;
		if (oracle_keep && check_commit(w, &id) < 0)
			sgit_buf_adds(out, "(the commit's bytes are wrong)\n");
	}
	sgit_graph_free(g);
	sgit_buf_release(&line);
	if (rc == 1 && a->o.objects)
		while ((rc = sgit_revwalk_next_object(&obj, w)) == 0) {
			sgit_buf_adds(out, sgit_oid_tohex(hex, &obj.id));
			sgit_buf_addch(out, ' ');
			sgit_buf_add(out, obj.path, obj.path_len);
			sgit_buf_addch(out, '\n');
		}
	return rc < 0 ? rc : 0;
}

/* The walker's output for a rev-list command line, as git prints it. */
static int walk_out(struct sgit_buf *out, const char *args)
{
	struct oracle_args a;
	struct sgit_revwalk_options init = SGIT_REVWALK_OPTIONS_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_revwalk *w = NULL;
	char *copy = strdup(args), *tok[ORACLE_MAX_ARGS];
	size_t n, k;
	int rc = -1, paths = 0;

	sgit_buf_reset(out);
	if (!copy)
		return -1;
	memset(&a, 0, sizeof(a));
	a.o = init;
	a.o.keep_commits = oracle_keep;
	n = tokenize(tok, copy);
	for (k = 0; k < n; k++)
		if (paths && a.o.npaths < 8)
			a.o.paths = a.paths, a.paths[a.o.npaths++] = tok[k];
		else if (!strcmp(tok[k], "--"))
			paths = 1;
		else if (tok[k][0] == '-' && !parse_option(&a, tok[k]))
			fprintf(stderr, "\nunknown option %s\n", tok[k]);
	if (a.graph) {
		/* as git: --graph draws rewritten parents, in topological order unless told */
		a.o.rewrite_parents = 1;
		if (a.o.sort == SGIT_REVWALK_SORT_DEFAULT)
			a.o.sort = SGIT_REVWALK_SORT_TOPO;
	}
	a.o.map_ident = oracle_map_ident;
	a.o.map_ident_data = oracle_mailmap;
	if (sgit_revwalk_new(&w, sgit_repo_odb(oracle_repo), &a.o, &err) < 0)
		goto out;
	for (k = 0; k < n && strcmp(tok[k], "--"); k++)
		if (tok[k][0] != '-' && add_rev(w, tok[k]) < 0)
			goto out;
	if (a.all && add_all(w) < 0)
		goto out;
	rc = print_walk(out, w, &a);
out:
	if (rc < 0)
		fprintf(stderr, "\n%s: %s\n", args, err.msg);
	sgit_revwalk_free(w);
	free(copy);
	return rc;
}

/*
 * Compare every command line of a table in the repository folder dir; odd
 * lines also fetch every commit's bytes from the walker. Returns how many
 * gave git's output.
 */
static size_t compare_table(const char *dir, struct sgit_repo *r, const char *const *table, size_t n)
{
	struct sgit_buf want = SGIT_BUF_INIT, got = SGIT_BUF_INIT, args = SGIT_BUF_INIT;
	size_t k, same = 0;

	oracle_dir = dir;
	oracle_repo = r;
	for (k = 0; k < n; k++) {
		oracle_keep = (int)(k & 1);
		sgit_buf_reset(&args);
		sgit_buf_printf(&args, "%s %s", oracle_command, table[k]);
		CU_ASSERT_EQUAL(git_out(&want, args.ptr), 0);
		CU_ASSERT_EQUAL(walk_out(&got, table[k]), 0);
		if (strcmp(want.ptr, got.ptr) != 0)
			fprintf(stderr, "\n%s %s:\n git:\n%s sgit:\n%s", oracle_command, table[k], want.ptr,
				got.ptr);
		else
			same++;
	}
	CU_ASSERT_EQUAL(same, n);
	sgit_buf_release(&want);
	sgit_buf_release(&got);
	sgit_buf_release(&args);
	return same;
}

#endif
