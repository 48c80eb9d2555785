/* porcelain/cli/cmd_merge_base.c: sgit merge-base: common ancestors, --is-ancestor, --fork-point */
#include <stdlib.h>
#include <string.h>
#include "porcelain/cli/cli.h"
#include "porcelain/cli/object_name.h"
#include "sgit/merge_base.h"

static const char *const merge_base_usage[] = {
	"sgit merge-base [-a | --all] <commit> <commit>...",
	"sgit merge-base [-a | --all] --octopus <commit>...",
	"sgit merge-base --is-ancestor <commit> <commit>",
	"sgit merge-base --independent <commit>...",
	"sgit merge-base --fork-point <ref> [<commit>]",
	NULL,
};

struct mode_state {
	int mode;		/* 0, or the defval of the mode's option: 'o', 'r', 'i', 'f' */
	const char *name;	/* the long name of the mode chosen */
};

/* The modes exclude each other, and git says so without the usage. */
static int set_mode(const struct cli_option *opt, const char *arg, int unset)
{
	struct mode_state *m = opt->value;

	(void)arg;
	(void)unset;
	if (m->mode && m->mode != (int)opt->defval) {
		fprintf(stderr, "error: option `%s' is incompatible with --%s\n", opt->long_name,
			m->name);
		exit(129);
	}
	m->mode = (int)opt->defval;
	m->name = opt->long_name;
	return 0;
}

/* A mode option: no short form, no --no- form; defval tells which mode it is. */
#define MODE(name, help, code) \
	{ CLI_OPT_CALLBACK, 0, (name), &m, NULL, (help), CLI_NOARG | CLI_NONEG, (code), set_mode }

/* A commit id for what the user typed, tags peeled, or git's messages and 128. */
static int commit_of(struct sgit_oid *out, struct cli_ctx *ctx, const char *name)
{
	struct sgit_odb *odb = sgit_repo_odb(ctx->repo);
	struct sgit_buf raw = SGIT_BUF_INIT;
	enum sgit_object_type type;
	char hex[SGIT_OID_HEXSZ + 1];
	int rc = 0;

	if (cli_resolve_object(out, ctx, name, NULL) < 0)
		return cli_fatal("Not a valid object name %s", name);
	for (;;) {
		if (sgit_odb_read(&raw, &type, odb, out) < 0) {
			rc = cli_fatal("Not a valid commit name %s", name);
			break;
		}
		if (type == SGIT_OBJ_COMMIT)
			break;
		if (type != SGIT_OBJ_TAG ||
		    sgit_object_peel_step(out, type, SGIT_OBJ_COMMIT, raw.ptr, raw.len) < 0) {
			cli_error("object %s is a %s, not a commit", sgit_oid_tohex(hex, out),
				  type == SGIT_OBJ_TAG ? "tag" : sgit_object_type_name(type));
			rc = cli_fatal("Not a valid commit name %s", name);
			break;
		}
	}
	sgit_buf_release(&raw);
	return rc;
}

static int commits_of(struct sgit_oid **out, struct cli_ctx *ctx, int argc, const char **argv)
{
	int i, rc;

	if (!(*out = calloc(argc ? (size_t)argc : 1, sizeof(**out))))
		return cli_fatal("out of memory");
	for (i = 0; i < argc; i++)
		if ((rc = commit_of(&(*out)[i], ctx, argv[i])))
			return rc;
	return 0;
}

struct reflog_ids {
	struct sgit_odb *odb;
	struct sgit_oid *v;
	size_t n, alloc;
	int started;
};

/* Keep id when it names a commit (git skips the rest of a reflog silently). */
static int keep_commit(struct reflog_ids *r, const struct sgit_oid *id)
{
	enum sgit_object_type type;
	size_t size;
	struct sgit_oid *v;

	if (sgit_oid_is_zero(id) || sgit_odb_read_header(&size, &type, r->odb, id) < 0 ||
	    type != SGIT_OBJ_COMMIT)
		return 0;
	if (r->n == r->alloc) {
		r->alloc = r->alloc ? 2 * r->alloc : 64;
		if (!(v = realloc(r->v, r->alloc * sizeof(*v))))
			return SGIT_ENOMEM;
		r->v = v;
	}
	r->v[r->n++] = *id;
	return 0;
}

/* The values a ref has had: the first entry's old id, then every new id. */
static int reflog_entry(const struct sgit_reflog_entry *e, void *payload)
{
	struct reflog_ids *r = payload;
	int rc;

	if (!r->started) {
		r->started = 1;
		if ((rc = keep_commit(r, &e->old_oid)) < 0)
			return rc;
	}
	return keep_commit(r, &e->new_oid);
}

/* The commit --fork-point starts from: git exits 1 after its message when it is no commit. */
static int derived_commit(struct sgit_oid *out, struct cli_ctx *ctx, const char *name)
{
	struct sgit_buf raw = SGIT_BUF_INIT;
	enum sgit_object_type type = SGIT_OBJ_NONE;
	char hex[SGIT_OID_HEXSZ + 1];
	int rc = 0;

	if (cli_resolve_object(out, ctx, name, NULL) < 0)
		return cli_fatal("Not a valid object name: '%s'", name);
	while (rc == 0 && sgit_odb_read(&raw, &type, sgit_repo_odb(ctx->repo), out) == 0 &&
	       type == SGIT_OBJ_TAG)
		if (sgit_object_peel_step(out, type, SGIT_OBJ_COMMIT, raw.ptr, raw.len) < 0)
			rc = 1;
	if (type != SGIT_OBJ_COMMIT) {
		if (type != SGIT_OBJ_NONE)
			cli_error("object %s is a %s, not a commit", sgit_oid_tohex(hex, out),
				  sgit_object_type_name(type));
		rc = 1;
	}
	sgit_buf_release(&raw);
	return rc;
}

static int fork_point(struct cli_ctx *ctx, struct sgit_merge_base *mb, int argc, const char **argv)
{
	struct sgit_refdb *db = sgit_repo_refdb(ctx->repo);
	struct reflog_ids r = { sgit_repo_odb(ctx->repo), NULL, 0, 0, 0 };
	struct sgit_buf full = SGIT_BUF_INIT;
	struct sgit_oid derived, ref_id, found;
	char hex[SGIT_OID_HEXSZ + 1];
	int count = 0, rc;

	if ((rc = derived_commit(&derived, ctx, argc == 2 ? argv[1] : "HEAD")))
		return rc;
	rc = sgit_dwim_ref(&ref_id, &full, &count, db, argv[0], strlen(argv[0]));
	if (rc == SGIT_ENOTFOUND)
		rc = cli_fatal("No such ref: '%s'", argv[0]);
	else if (rc == 0 && count > 1)
		rc = cli_fatal("Ambiguous refname: '%s'", argv[0]);
	else if (rc < 0)
		rc = cli_fatal_err(cli_err(ctx));
	if (rc)
		goto out;
	rc = sgit_refdb_reflog_foreach(db, full.ptr, reflog_entry, &r);
	if ((rc == 0 || rc == SGIT_ENOTFOUND) && !r.n)
		rc = keep_commit(&r, &ref_id);
	if ((rc < 0 && rc != SGIT_ENOTFOUND) ||
	    (rc = sgit_merge_base_fork_point(&found, mb, &derived, r.v, r.n)) < 0) {
		rc = rc == SGIT_ENOMEM ? cli_fatal("out of memory") : cli_fatal_err(cli_err(ctx));
		goto out;
	}
	if (rc == 1)
		printf("%s\n", sgit_oid_tohex(hex, &found));
	rc = !rc;
out:
	free(r.v);
	sgit_buf_release(&full);
	return rc;
}

/* Print the first id, or all of them; 1 when there is none. */
static int show(const struct sgit_oid *ids, size_t n, int all)
{
	char hex[SGIT_OID_HEXSZ + 1];
	size_t k;

	for (k = 0; k < n && (all || k == 0); k++)
		printf("%s\n", sgit_oid_tohex(hex, &ids[k]));
	return n ? 0 : 1;
}

static int run(struct cli_ctx *ctx, struct sgit_merge_base *mb, int mode, int all,
	       const struct sgit_oid *revs, int argc)
{
	struct sgit_oid *res = NULL;
	size_t n = 0;
	int rc;

	if (mode == 'i')
		rc = sgit_merge_base_is_ancestor(mb, &revs[0], &revs[1]);
	else if (mode == 'o')
		rc = sgit_merge_base_octopus(&res, &n, mb, revs, (size_t)argc);
	else if (mode == 'r')
		rc = sgit_merge_base_independent(&res, &n, mb, revs, (size_t)argc);
	else
		rc = sgit_merge_base_many(&res, &n, mb, &revs[0], revs + 1, (size_t)argc - 1);
	if (rc < 0)
		rc = cli_fatal_err(cli_err(ctx));
	else if (mode == 'i')
		rc = !rc;
	else
		rc = show(res, n, all || mode == 'r');
	free(res);
	return rc;
}

int cmd_merge_base(int argc, const char **argv, struct cli_ctx *ctx)
{
	struct mode_state m = { 0, NULL };
	struct sgit_merge_base *mb = NULL;
	struct sgit_oid *revs = NULL;
	int all = 0, rc;
	const struct cli_option opts[] = {
		CLI_BOOL('a', "all", &all, "output all common ancestors"),
		MODE("octopus", "find ancestors for a single n-way merge", 'o'),
		MODE("independent", "list revs not reachable from others", 'r'),
		MODE("is-ancestor", "is the first one ancestor of the other?", 'i'),
		MODE("fork-point", "find where <commit> forked from reflog of <ref>", 'f'),
		CLI_END,
	};

	argc = cli_parse_options(argc, argv, opts, merge_base_usage, 0);
	if (m.mode == 'i') {
		if (argc < 2)
			cli_usage_with_options(merge_base_usage, opts, 1);
		if (all)
			return cli_fatal("options '--is-ancestor' and '--all' cannot be used together");
		if (argc != 2)
			return cli_fatal("--is-ancestor takes exactly two commits");
	}
	if (m.mode == 'r' && all)
		return cli_fatal("options '--independent' and '--all' cannot be used together");
	if ((m.mode == 'f' && (argc < 1 || argc > 2)) || (!m.mode && argc < 2))
		cli_usage_with_options(merge_base_usage, opts, 1);
	if (m.mode != 'f' && (rc = commits_of(&revs, ctx, argc, argv)))
		goto out;
	if (sgit_merge_base_new(&mb, sgit_repo_odb(ctx->repo), cli_err(ctx)) < 0) {
		rc = cli_fatal_err(cli_err(ctx));
		goto out;
	}
	if (m.mode == 'f')
		rc = fork_point(ctx, mb, argc, argv);
	else
		rc = run(ctx, mb, m.mode, all, revs, argc);
out:
	sgit_merge_base_free(mb);
	free(revs);
	return rc;
}
