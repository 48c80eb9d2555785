/*
 * porcelain/sign/signature.c: what a signature of a commit or a tag covers, and
 * checking it with gpg/.
 *
 * The split rules are git's, line by line, because a signature is only as
 * good as the agreement on its payload: a commit is signed without its
 * gpgsig header (and without the signature made for the other hash); a tag
 * is signed up to its last signature block, minus such headers too.
 */
#include <string.h>
#include "sgit/commit.h"
#include "sgit/repo.h"
#include "sgit/signature.h"
#include "sgit/tag.h"

int sgit_signature_config(struct sgit_gpg_config *cfg, struct sgit_repo *repo)
{
	const char *tmp;
	int rc;

	if ((rc = sgit_gpg_config_load(cfg, sgit_repo_config(repo), sgit_repo_error(repo))) < 0)
		return rc;
	tmp = sgit_repo_getenv(repo, "TMPDIR");
	if (tmp && *tmp)
		cfg->tmpdir = tmp;
	return 0;
}

static int starts_with(const char *p, const char *end, const char *prefix)
{
	size_t n = strlen(prefix);

	return (size_t)(end - p) >= n && !memcmp(p, prefix, n);
}

/* Just past the LF that ends the line at p, or end. */
static const char *line_end(const char *p, const char *end)
{
	const char *nl = memchr(p, '\n', (size_t)(end - p));

	return nl ? nl + 1 : end;
}

/*
 * State of the commit scan: inside a gpgsig value (its continuation lines
 * are signature), or inside another gpgsig* header (left out of both).
 */
struct commit_scan {
	int in_sig, in_other, found;
};

/* Where the line [p, next) goes: 's' signature (from *from), 'p' payload, 'x' nowhere. */
static char classify(struct commit_scan *s, const char *p, const char *next, const char **from)
{
	if (s->in_sig && *p == ' ') {
		*from = p + 1;
		return 's';
	}
	if (starts_with(p, next, "gpgsig ")) {
		*from = p + 7;
		s->in_sig = s->found = 1;
		s->in_other = 0;
		return 's';
	}
	s->in_sig = 0;
	if (starts_with(p, next, "gpgsig"))
		s->in_other = 1;
	else if (s->in_other && *p != ' ')
		s->in_other = 0;
	return s->in_other ? 'x' : 'p';
}

int sgit_signature_split_commit(struct sgit_buf *payload, struct sgit_buf *sig, const char *buf,
				size_t len)
{
	struct commit_scan s = { 0, 0, 0 };
	const char *p = buf, *end = buf + len, *next, *from = NULL;
	int rc = 0;

	if (payload)
		sgit_buf_reset(payload);
	if (sig)
		sgit_buf_reset(sig);
	while (p < end && rc == 0) {
		next = *p == '\n' ? end : line_end(p, end);
		switch (classify(&s, p, next, &from)) {
		case 's':
			if (sig)
				rc = sgit_buf_add(sig, from, (size_t)(next - from));
			break;
		case 'p':
			if (payload)
				rc = sgit_buf_add(payload, p, (size_t)(next - p));
			break;
		}
		p = next;
	}
	if (rc < 0) {
		if (payload)
			sgit_buf_reset(payload);
		if (sig)
			sgit_buf_reset(sig);
		return rc;
	}
	return s.found;
}

/* A header block [start, end) of a tag that holds a signature for some hash. */
struct span {
	size_t start, end;
};

/*
 * The first two gpgsig / gpgsig-sha256 headers of the header section of
 * payload, as git finds them before it checks a tag; returns how many.
 */
static int find_sig_headers(struct span spans[2], const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len, *next;
	int n = 0, in_sig = 0;

	while (p < end) {
		next = line_end(p, end);
		if (in_sig && *p == ' ') {
			spans[n].end = (size_t)(next - buf);
		} else if (starts_with(p, next, "gpgsig")) {
			if (n < 2 && (starts_with(p, next, "gpgsig ") || starts_with(p, next, "gpgsig-sha256 "))) {
				spans[n].start = (size_t)(p - buf);
				spans[n].end = (size_t)(next - buf);
				in_sig = 1;
			}
		} else {
			if (*p == '\n')
				break;
			if (in_sig && n < 2)
				n++;
			in_sig = 0;
		}
		p = next;
	}
	return in_sig && n < 2 ? n + 1 : n;
}

int sgit_signature_split_tag(struct sgit_buf *payload, struct sgit_buf *sig, const char *buf,
			     size_t len)
{
	int rc = sgit_tag_split_signature(payload, sig, buf, len);
	struct span spans[2];
	int n;

	if (rc <= 0 || !payload)
		return rc;
	/* the headers come out last first, so that the first span stays where it was */
	for (n = find_sig_headers(spans, payload->ptr, payload->len); n-- > 0;) {
		memmove(payload->ptr + spans[n].start, payload->ptr + spans[n].end,
			payload->len - spans[n].end);
		sgit_buf_truncate(payload, payload->len - (spans[n].end - spans[n].start));
	}
	return rc;
}

/* Verify sig over the split payload; 1 when gpg ran, < 0 otherwise (out stays N). */
static int verify(struct sgit_sigcheck *out, const struct sgit_gpg_config *cfg,
		  const struct sgit_buf *payload, const struct sgit_buf *sig, struct sgit_error *err)
{
	int rc = sgit_gpg_verify(out, cfg, payload->ptr, payload->len, sig->ptr, sig->len, err);

	if (rc < 0)
		sgit_sigcheck_reset(out);
	return rc < 0 ? rc : 1;
}

typedef int (*split_fn)(struct sgit_buf *payload, struct sgit_buf *sig, const char *buf, size_t len);

static int check(struct sgit_sigcheck *out, struct sgit_buf *payload_out, const struct sgit_gpg_config *cfg,
		 const char *buf, size_t len, split_fn split, struct sgit_error *err)
{
	struct sgit_buf payload = SGIT_BUF_INIT, sig = SGIT_BUF_INIT;
	int rc;

	sgit_sigcheck_reset(out);
	if (payload_out)
		sgit_buf_reset(payload_out);
	if ((rc = split(&payload, &sig, buf, len)) < 0) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	if (rc == 1)
		rc = verify(out, cfg, &payload, &sig, err);
	if (payload_out)
		sgit_buf_swap(payload_out, &payload);
out:
	sgit_buf_release(&payload);
	sgit_buf_release(&sig);
	return rc;
}

int sgit_signature_check_commit(struct sgit_sigcheck *out, struct sgit_buf *payload,
				const struct sgit_gpg_config *cfg, const char *buf, size_t len,
				struct sgit_error *err)
{
	return check(out, payload, cfg, buf, len, sgit_signature_split_commit, err);
}

int sgit_signature_check_tag(struct sgit_sigcheck *out, struct sgit_buf *payload,
			     const struct sgit_gpg_config *cfg, const char *buf, size_t len,
			     struct sgit_error *err)
{
	return check(out, payload, cfg, buf, len, sgit_signature_split_tag, err);
}
