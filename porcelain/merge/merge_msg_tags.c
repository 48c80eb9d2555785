/* porcelain/merge/merge_msg_tags.c: merged tags in the merge message: their text, signature and gpg's verdict */
#include <string.h>
#include "porcelain/merge/merge_msg_int.h"
#include "sgit/signature.h"
#include "util/message.h"

/*
 * What follows the tag's body as comments: the signature block, then what
 * gpg said about it. Unsigned: nothing. git gives "gpg verification
 * failed." only when it got no output at all from a check that failed
 * before gpg was started; when gpg could not be run it says so on standard
 * error and carries on.
 */
static int verdict(struct sgit_buf *sig, struct sgit_buf *diag, struct sgit_repo *repo,
		   const struct sgit_gpg_config *cfg, const char *tag, size_t len)
{
	struct sgit_sigcheck check = SGIT_SIGCHECK_INIT;
	struct sgit_error *err = sgit_repo_error(repo);
	int rc = sgit_signature_check_tag(&check, NULL, cfg, tag, len, err);

	if (rc == 1)
		rc = sgit_buf_addbuf(sig, &check.output) < 0 ? sgit_error_nomem(err) : 0;
	else if (rc == SGIT_EGPG) {
		rc = diag && sgit_buf_addf(diag, "fatal: %s\n", sgit_error_message(err)) < 0 ? sgit_error_nomem(err) : 0;
		sgit_error_clear(err);
	} else if (rc == SGIT_EOS) {
		sgit_error_clear(err);
		rc = sgit_buf_adds(sig, "gpg verification failed.\n") < 0 ? sgit_error_nomem(err) : 0;
	}
	sgit_sigcheck_release(&check);
	return rc;
}

/* The body of the tag (after its headers), then the signature comments. */
static int add_tag_text(struct sgit_buf *tagbuf, const char *buf, size_t len, const struct sgit_buf *sig,
			char cc)
{
	const char *body = memmem(buf, len, "\n\n", 2);
	int rc = 0;

	if (body)
		rc |= sgit_buf_add(tagbuf, body + 2, (size_t)(buf + len - body - 2));
	if (tagbuf->len && tagbuf->ptr[tagbuf->len - 1] != '\n')
		rc |= sgit_buf_addch(tagbuf, '\n');
	if (sig->len)
		rc |= sgit_buf_addch(tagbuf, '\n') | sgit_message_add_commented(tagbuf, sig->ptr, sig->len, cc);
	return rc;
}

/* One merged tag: its part of tagbuf. number counts the tags met so far (this one included). */
static int add_one(struct sgit_buf *tagbuf, struct sgit_buf *diag, struct sgit_repo *repo,
		   const struct sgit_gpg_config *cfg, const struct mm_parsed *p, size_t i, size_t first,
		   size_t number, const char *data, size_t len, char cc)
{
	struct sgit_buf payload = SGIT_BUF_INIT, sig = SGIT_BUF_INIT, line = SGIT_BUF_INIT;
	const char *buf = data;
	size_t blen = len;
	int rc = sgit_signature_split_tag(&payload, &sig, data, len);

	if (rc == 1) {
		buf = payload.ptr;
		blen = payload.len;
		rc = verdict(&sig, diag, repo, cfg, data, len);
	}
	if (rc < 0)
		goto out;
	/* from the second tag on, each gets a "# <name>" line, the first one too */
	if (number == 2) {
		if (sgit_buf_addch(&line, '\n') < 0 ||
		    sgit_message_add_commented(&line, p->origins[first].name, strlen(p->origins[first].name), cc) < 0 ||
		    sgit_buf_addbuf(&line, tagbuf) < 0) {
			rc = SGIT_ENOMEM;
			goto out;
		}
		sgit_buf_swap(&line, tagbuf);
	}
	if (number >= 2 && (sgit_buf_addch(tagbuf, '\n') < 0 ||
			    sgit_message_add_commented(tagbuf, p->origins[i].name, strlen(p->origins[i].name), cc) < 0))
		rc = SGIT_ENOMEM;
	if (!rc && add_tag_text(tagbuf, buf, blen, &sig, cc) < 0)
		rc = SGIT_ENOMEM;
out:
	if (rc == SGIT_ENOMEM)
		sgit_error_nomem(sgit_repo_error(repo));
	sgit_buf_release(&payload);
	sgit_buf_release(&sig);
	sgit_buf_release(&line);
	return rc;
}

int sgit_mm__add_tags(struct sgit_buf *out, struct sgit_buf *diag, struct sgit_repo *repo,
		      const struct mm_parsed *p, const struct sgit_merge_msg_options *opts)
{
	struct sgit_gpg_config own = SGIT_GPG_CONFIG_INIT;
	const struct sgit_gpg_config *cfg = opts->gpg;
	struct sgit_buf tagbuf = SGIT_BUF_INIT, data = SGIT_BUF_INIT;
	char cc = opts->comment_char ? opts->comment_char : '#';
	size_t i, number = 0, first = 0;
	int rc = 0;

	for (i = 0; i < p->norigins && !rc; i++) {
		enum sgit_object_type type = SGIT_OBJ_NONE;

		if (sgit_odb_read(&data, &type, sgit_repo_odb(repo), &p->origins[i].id) < 0 || type != SGIT_OBJ_TAG) {
			sgit_error_clear(sgit_repo_error(repo));
			continue;
		}
		if (!cfg && (rc = sgit_signature_config(&own, repo)) < 0)
			break;
		cfg = cfg ? cfg : &own;
		if (!number++)
			first = i;
		rc = add_one(&tagbuf, diag, repo, cfg, p, i, first, number, data.ptr, data.len, cc);
	}
	if (!rc && tagbuf.len && (sgit_buf_addch(out, '\n') < 0 || sgit_buf_addbuf(out, &tagbuf) < 0))
		rc = sgit_error_nomem(sgit_repo_error(repo));
	sgit_buf_release(&tagbuf);
	sgit_buf_release(&data);
	return rc;
}
