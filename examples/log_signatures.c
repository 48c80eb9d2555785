/* examples/log_signatures.c: git log --format='%h %G? %s' <range> on libsgit's public API */
#include <stdio.h>
#include <string.h>
#include <sgit/sgit.h>

/*
 * Usage: log_signatures [<rev> | <a>..<b>]   (default HEAD), run inside a
 * repository. One line per commit, newest first: short id, gpg's verdict
 * letter (G good, B bad, N unsigned...), subject.
 */

/* Resolve spec (a ref name, an id, HEAD~2...) to a commit id. */
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

/* Push the commits to show: "a..b" is b without what a reaches; tags are peeled. */
static int push_range(struct sgit_revwalk *walk, struct sgit_repo *repo, const char *range)
{
	char left[256];
	const char *dots = strstr(range, "..");
	struct sgit_oid id;
	int rc;

	if (!dots)
		return (rc = resolve(&id, repo, range)) < 0 ? rc : sgit_revwalk_push_object(walk, &id, NULL);
	snprintf(left, sizeof(left), "%.*s", (int)(dots - range), range);
	if ((rc = resolve(&id, repo, *left ? left : "HEAD")) < 0 || (rc = sgit_revwalk_hide_object(walk, &id)) < 0)
		return rc;
	if ((rc = resolve(&id, repo, dots[2] ? dots + 2 : "HEAD")) < 0)
		return rc;
	return sgit_revwalk_push_object(walk, &id, NULL);
}

/* Read and format one commit into line (replaced). */
static int format_one(struct sgit_buf *line, struct sgit_repo *repo, const struct sgit_oid *id,
		      const struct sgit_pretty_options *opts)
{
	struct sgit_buf raw = SGIT_BUF_INIT;
	struct sgit_commit *c = NULL;
	enum sgit_object_type type;
	int rc;

	if ((rc = sgit_odb_read(&raw, &type, sgit_repo_odb(repo), id)) < 0 ||
	    (rc = sgit_commit_parse(&c, raw.ptr, raw.len, sgit_repo_error(repo))) < 0)
		goto out;
	rc = sgit_pretty_format_commit(line, repo, id, c, opts, sgit_repo_error(repo));
out:
	sgit_commit_free(c);
	sgit_buf_release(&raw);
	return rc;
}

int main(int argc, char **argv)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_repo_options ropts = SGIT_REPO_OPTIONS_INIT;
	struct sgit_revwalk_options wopts = SGIT_REVWALK_OPTIONS_INIT;
	struct sgit_pretty_options popts = SGIT_PRETTY_OPTIONS_INIT;
	struct sgit_pretty_signature sig = SGIT_PRETTY_SIGNATURE_INIT;
	struct sgit_buf line = SGIT_BUF_INIT;
	struct sgit_repo *repo = NULL;
	struct sgit_revwalk *walk = NULL;
	struct sgit_oid id;
	int rc;

	if ((rc = sgit_repo_open(&repo, &ropts, &err)) < 0)
		goto out;
	/* The error slot of the repository receives every later message. */
	err = (struct sgit_error)SGIT_ERROR_INIT;
	if ((rc = sgit_pretty_parse(&popts, "tformat:%h %G? %s", NULL, sgit_repo_error(repo))) < 0 ||
	    (rc = sgit_signature_config(&sig.gpg, repo)) < 0)
		goto out;
	/* %G? needs the signature placeholders; gpg runs once per signed commit. */
	sgit_pretty_signature_attach(&popts, &sig);
	if ((rc = sgit_revwalk_new(&walk, sgit_repo_odb(repo), &wopts, sgit_repo_error(repo))) < 0 ||
	    (rc = push_range(walk, repo, argc > 1 ? argv[1] : "HEAD")) < 0)
		goto out;
	while ((rc = sgit_revwalk_next(&id, walk)) == 0) {
		if ((rc = format_one(&line, repo, &id, &popts)) < 0)
			goto out;
		printf("%s\n", line.ptr);
	}
	rc = rc > 0 ? 0 : rc;
out:
	if (rc < 0)
		fprintf(stderr, "log_signatures: %s\n",
			sgit_error_message(repo ? sgit_repo_error(repo) : &err));
	sgit_buf_release(&line);
	sgit_revwalk_free(walk);
	sgit_repo_free(repo);
	return rc < 0;
}
