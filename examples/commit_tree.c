/* examples/commit_tree.c: make a commit from a tree id, as git commit-tree does, on libsgit's public API */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <sgit/sgit.h>

/*
 * Usage: commit_tree <tree> [<parent>] <message>, run inside a repository.
 * Writes the commit object (author and committer from GIT_AUTHOR_* /
 * GIT_COMMITTER_* and the configuration, as git) and prints its id. No ref
 * moves: that is the caller's next step (sgit_refdb_update...).
 */

/* Resolve spec to an object id (full or short id, ref name, HEAD^{tree}...). */
static int resolve(struct sgit_oid *out, struct sgit_repo *repo, const char *spec)
{
	struct sgit_revparse_env env = { 0 };
	struct sgit_revparse_info info = SGIT_REVPARSE_INFO_INIT;
	int rc;

	env.odb = sgit_repo_odb(repo);
	env.refdb = sgit_repo_refdb(repo);
	env.err = sgit_repo_error(repo);
	rc = sgit_revparse_single(out, &info, &env, spec);
	sgit_revparse_info_release(&info);
	return rc;
}

int main(int argc, char **argv)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_repo_options ropts = SGIT_REPO_OPTIONS_INIT;
	struct sgit_commit_create_opts copts = SGIT_COMMIT_CREATE_OPTS_INIT;
	struct sgit_person_options person = SGIT_PERSON_OPTIONS_INIT;
	struct sgit_commit_create_result res = { 0 };
	struct sgit_buf msg = SGIT_BUF_INIT;
	struct sgit_repo *repo = NULL;
	struct sgit_oid tree, parent;
	char hex[SGIT_OID_HEXSZ + 1];
	int rc;

	if (argc != 3 && argc != 4) {
		fprintf(stderr, "usage: commit_tree <tree> [<parent>] <message>\n");
		return 2;
	}
	if ((rc = sgit_repo_open(&repo, &ropts, &err)) < 0 ||
	    (rc = resolve(&tree, repo, argv[1])) < 0 ||
	    (argc == 4 && (rc = resolve(&parent, repo, argv[2])) < 0))
		goto out;
	/* The message is written as given: end it with a newline, as git commit-tree -m does. */
	if ((rc = sgit_buf_printf(&msg, "%s\n", argv[argc - 1])) < 0)
		goto out;
	person.repo = repo;	/* identities from the repository's environment and configuration */
	person.now = (int64_t)time(NULL);	/* the date when GIT_*_DATE is unset */
	copts.tree = &tree;
	copts.parents = &parent;
	copts.nparents = argc == 4;
	copts.person = &person;
	copts.message = msg.ptr;
	copts.message_len = msg.len;
	if ((rc = sgit_commit_create(&res, repo, &copts)) < 0)
		goto out;
	printf("%s\n", sgit_oid_tohex(hex, &res.id));
out:
	if (rc < 0)
		fprintf(stderr, "commit_tree: %s\n", sgit_error_message(repo ? sgit_repo_error(repo) : &err));
	sgit_buf_release(&msg);
	sgit_repo_free(repo);
	return rc < 0;
}
