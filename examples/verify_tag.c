/* examples/verify_tag.c: check a signed tag's signature and say who signed it, on libsgit's public API */
#include <stdio.h>
#include <sgit/sgit.h>

/*
 * Usage: verify_tag <tag>, run inside a repository. Prints the verdict
 * letter (G good, B bad, E cannot check, N no signature...), the signer's
 * user ID and key id as gpg reported them. Exit 0 only for a signature git
 * would accept (git verify-tag's exit code), 1 otherwise, 2 on error.
 */

/* Read the tag object spec names (a tag name, refs/tags/x, an id) into raw. */
static int read_tag(struct sgit_buf *raw, struct sgit_repo *repo, const char *spec)
{
	struct sgit_revparse_env env = { 0 };
	struct sgit_revparse_info info = SGIT_REVPARSE_INFO_INIT;
	enum sgit_object_type type;
	struct sgit_oid id;
	int rc;

	env.odb = sgit_repo_odb(repo);
	env.refdb = sgit_repo_refdb(repo);
	env.err = sgit_repo_error(repo);
	if ((rc = sgit_revparse_single(&id, &info, &env, spec)) < 0 ||
	    (rc = sgit_odb_read(raw, &type, sgit_repo_odb(repo), &id)) < 0)
		goto out;
	if (type != SGIT_OBJ_TAG)
		rc = sgit_error_set(sgit_repo_error(repo), SGIT_EINVALID, "'%s' is not a tag object", spec);
out:
	sgit_revparse_info_release(&info);
	return rc;
}

int main(int argc, char **argv)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_repo_options ropts = SGIT_REPO_OPTIONS_INIT;
	struct sgit_gpg_config gpg = SGIT_GPG_CONFIG_INIT;
	struct sgit_sigcheck check = SGIT_SIGCHECK_INIT;
	struct sgit_buf raw = SGIT_BUF_INIT;
	struct sgit_repo *repo = NULL;
	int rc, verified = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: verify_tag <tag>\n");
		return 2;
	}
	if ((rc = sgit_repo_open(&repo, &ropts, &err)) < 0 ||
	    (rc = sgit_signature_config(&gpg, repo)) < 0 ||
	    (rc = read_tag(&raw, repo, argv[1])) < 0)
		goto out;
	/* 0: no signature block; 1: gpg gave a verdict (good or not); < 0: no verdict. */
	if ((rc = sgit_signature_check_tag(&check, NULL, &gpg, raw.ptr, raw.len, sgit_repo_error(repo))) < 0)
		goto out;
	printf("verdict %c\n", sgit_sigcheck_letter(&check));
	printf("signer %s\n", check.signer.ptr);
	printf("key %s\n", check.key.ptr);
	verified = check.verified;
	rc = 0;
out:
	if (rc < 0)
		fprintf(stderr, "verify_tag: %s\n", sgit_error_message(repo ? sgit_repo_error(repo) : &err));
	sgit_sigcheck_release(&check);
	sgit_buf_release(&raw);
	sgit_repo_free(repo);
	return rc < 0 ? 2 : !verified;
}
