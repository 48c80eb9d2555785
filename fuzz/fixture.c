/* fuzz/fixture.c: a tiny repository, made once per process, for targets that need one */
#define _XOPEN_SOURCE 700
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "sgit/sgit.h"
#include "fuzz.h"

static struct sgit_repo *repo;
static struct sgit_commit *second;
static struct sgit_oid second_id;
static char dir[] = "/tmp/sgit-fuzz-XXXXXX";

/* The environment is empty: no HOME, no GIT_*, so nothing outside dir is read. */
static const char *no_env(const char *name)
{
	(void)name;
	return NULL;
}

static int rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st, (void)flag, (void)ftw;
	return remove(path);
}

static void cleanup(void)
{
	sgit_commit_free(second);
	sgit_repo_free(repo);
	nftw(dir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* One tree entry "<mode> <name>\0<raw id>" appended to t. */
static int tree_add(struct sgit_buf *t, const char *mode, const char *name, const struct sgit_oid *id)
{
	return sgit_buf_addf(t, "%s %s", mode, name) < 0 || sgit_buf_addch(t, '\0') < 0 ||
	       sgit_buf_add(t, id->id, sizeof(id->id)) < 0 ? -1 : 0;
}

static int put(struct sgit_oid *out, enum sgit_object_type type, const struct sgit_buf *b)
{
	return sgit_odb_write(out, sgit_repo_odb(repo), type, b->ptr, b->len);
}

static int set_ref(const char *name, const struct sgit_oid *id)
{
	struct sgit_ref_update u = { .name = name, .new_oid = id };

	return sgit_refdb_update(sgit_repo_refdb(repo), &u);
}

static int make_objects(struct sgit_buf *b)
{
	struct sgit_oid blob, sub, tree, c1, tag;
	char hex[SGIT_OID_HEXSZ + 1], hex2[SGIT_OID_HEXSZ + 1];
	const char *who = "A U Thor <author@example.com> 1112911993 -0700";

	if (sgit_buf_sets(b, "hello\n") < 0 || put(&blob, SGIT_OBJ_BLOB, b) < 0)
		return -1;
	sgit_buf_reset(b);
	if (tree_add(b, "100644", "b.txt", &blob) < 0 || put(&sub, SGIT_OBJ_TREE, b) < 0)
		return -1;
	sgit_buf_reset(b);
	if (tree_add(b, "100644", "a.txt", &blob) < 0 || tree_add(b, "40000", "d", &sub) < 0 ||
	    put(&tree, SGIT_OBJ_TREE, b) < 0)
		return -1;
	if (sgit_buf_printf(b, "tree %s\nauthor %s\ncommitter %s\n\nfirst\n",
			    sgit_oid_tohex(hex, &tree), who, who) < 0 || put(&c1, SGIT_OBJ_COMMIT, b) < 0)
		return -1;
	if (sgit_buf_printf(b, "tree %s\nparent %s\nauthor %s\ncommitter %s\nencoding ISO-8859-1\n\n"
			    "second: subject\n\nbody line\n\tindented\nSigned-off-by: A <a@b>\n",
			    hex, sgit_oid_tohex(hex2, &c1), who, who) < 0 ||
	    put(&second_id, SGIT_OBJ_COMMIT, b) < 0 ||
	    sgit_commit_parse(&second, b->ptr, b->len, NULL) < 0)
		return -1;
	if (sgit_buf_printf(b, "object %s\ntype commit\ntag v1\ntagger %s\n\nversion one\n", hex2, who) < 0 ||
	    put(&tag, SGIT_OBJ_TAG, b) < 0)
		return -1;
	return set_ref("refs/heads/main", &second_id) < 0 || set_ref("refs/heads/topic", &c1) < 0 ||
	       set_ref("refs/tags/v1", &tag) < 0 ? -1 : 0;
}

static int make(void)
{
	struct sgit_repo_init_options init = SGIT_REPO_INIT_OPTIONS_INIT;
	struct sgit_repo_options opts = SGIT_REPO_OPTIONS_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf b = SGIT_BUF_INIT;
	int reinit, rc;

	if (!mkdtemp(dir))
		return -1;
	atexit(cleanup);
	init.initial_branch = "main";
	opts.start_dir = dir;
	opts.getenv = no_env;
	if ((rc = sgit_repo_init(&repo, &reinit, dir, &init, &opts, &err)) == 0)
		rc = make_objects(&b);
	if (rc < 0)
		fprintf(stderr, "fuzz fixture: %s\n", repo ? sgit_error_message(sgit_repo_error(repo))
							 : sgit_error_message(&err));
	sgit_buf_release(&b);
	return rc;
}

struct sgit_repo *fuzz_fixture_repo(void)
{
	static int state;	/* 0 not tried, 1 made, -1 failed */

	if (!state)
		state = make() < 0 ? -1 : 1;
	return state > 0 ? repo : NULL;
}

const struct sgit_commit *fuzz_fixture_commit(const struct sgit_oid **id)
{
	if (!fuzz_fixture_repo())
		return NULL;
	*id = &second_id;
	return second;
}
