/* gpg/gpg.c: configuration, key choice, and running gpg to sign and to verify bytes */
#include <errno.h>
#include <string.h>
#include <unistd.h>
#include "sgit/gpg.h"
#include "util/fs.h"
#include "util/process.h"

/* git's message for a failed signature; the porcelain adds "error: ". */
#define SIGN_FAILED "gpg failed to sign the data"

/* gpg.format values and the first line of their signature blocks (git's table). */
static const struct {
	const char *name;
	const char *default_program;
	const char *markers[3];
} formats[] = {
	[SGIT_GPG_FORMAT_OPENPGP] = { "openpgp", "gpg",
				      { "-----BEGIN PGP SIGNATURE-----", "-----BEGIN PGP MESSAGE-----", NULL } },
	[SGIT_GPG_FORMAT_X509] = { "x509", "gpgsm", { "-----BEGIN SIGNED MESSAGE-----", NULL } },
	[SGIT_GPG_FORMAT_SSH] = { "ssh", "ssh-keygen", { "-----BEGIN SSH SIGNATURE-----", NULL } },
};

#define NFORMATS ((int)(sizeof(formats) / sizeof(formats[0])))

struct load_state {
	struct sgit_gpg_config *out;
	struct sgit_error *err;
};

static int bad_value(struct sgit_error *err, const struct sgit_config_entry *e)
{
	return sgit_error_set(err, SGIT_ECONFIG, "invalid value for '%s': '%s'", e->key, e->value);
}

static int set_format(struct load_state *st, const struct sgit_config_entry *e)
{
	int i;

	for (i = 0; i < NFORMATS; i++)
		if (!strcmp(e->value, formats[i].name)) {
			st->out->format = (enum sgit_gpg_format)i;
			return 0;
		}
	return bad_value(st->err, e);
}

static int set_min_trust(struct load_state *st, const struct sgit_config_entry *e)
{
	return sgit_gpg_trust_parse(&st->out->min_trust, e->value) < 0 ? bad_value(st->err, e) : 0;
}

static int set_signing_key(struct load_state *st, const struct sgit_config_entry *e)
{
	st->out->signing_key = e->value;
	return 0;
}

static int set_openpgp_program(struct load_state *st, const struct sgit_config_entry *e)
{
	st->out->openpgp_program = e->value;
	return 0;
}

static int set_x509_program(struct load_state *st, const struct sgit_config_entry *e)
{
	st->out->x509_program = e->value;
	return 0;
}

/* The settings git's gpg configuration reader takes; each needs a value. */
static const struct {
	const char *key;
	int (*set)(struct load_state *st, const struct sgit_config_entry *e);
} settings[] = {
	{ "user.signingkey", set_signing_key },
	{ "gpg.format", set_format },
	{ "gpg.mintrustlevel", set_min_trust },
	{ "gpg.program", set_openpgp_program },
	{ "gpg.openpgp.program", set_openpgp_program },
	{ "gpg.x509.program", set_x509_program },
	{ "gpg.ssh.program", NULL },	/* checked only: ssh signing is not supported */
};

/* One entry, as git reads them: in order, so the last one wins. */
static int load_entry(const struct sgit_config_entry *e, void *payload)
{
	struct load_state *st = payload;
	size_t i;

	for (i = 0; i < sizeof(settings) / sizeof(settings[0]); i++) {
		if (strcmp(e->key, settings[i].key))
			continue;
		if (!e->value)
			return sgit_error_set(st->err, SGIT_ECONFIG, "missing value for '%s'", e->key);
		return settings[i].set ? settings[i].set(st, e) : 0;
	}
	return 0;
}

int sgit_gpg_config_load(struct sgit_gpg_config *out, const struct sgit_config *cfg,
			 struct sgit_error *err)
{
	static const struct sgit_gpg_config defaults = SGIT_GPG_CONFIG_INIT;
	struct load_state st = { out, err };
	int rc;

	*out = defaults;
	if ((rc = sgit_config_foreach(cfg, load_entry, &st)) < 0)
		*out = defaults;
	return rc < 0 ? rc : 0;
}

const char *sgit_gpg_program(const struct sgit_gpg_config *cfg, enum sgit_gpg_format format)
{
	if ((int)format < 0 || (int)format >= NFORMATS)
		format = SGIT_GPG_FORMAT_OPENPGP;
	if (cfg && format == SGIT_GPG_FORMAT_OPENPGP && cfg->openpgp_program)
		return cfg->openpgp_program;
	if (cfg && format == SGIT_GPG_FORMAT_X509 && cfg->x509_program)
		return cfg->x509_program;
	return formats[format].default_program;
}

int sgit_gpg_pick_key(struct sgit_buf *out, const char *key_arg, const char *signing_key,
		      const char *committer, struct sgit_error *err)
{
	const char *gt;
	int rc;

	if (key_arg && *key_arg)
		rc = sgit_buf_sets(out, key_arg);
	else if (signing_key)
		rc = sgit_buf_sets(out, signing_key);
	else if (committer)
		rc = (gt = strchr(committer, '>')) ? sgit_buf_set(out, committer, (size_t)(gt - committer) + 1) :
		     sgit_buf_sets(out, committer);
	else {
		sgit_buf_reset(out);
		return sgit_error_set(err, SGIT_EINVALID, "no signing key");
	}
	if (rc < 0) {
		sgit_buf_reset(out);
		return sgit_error_nomem(err);
	}
	return 0;
}

/* Does a line of b start with prefix? */
static int has_line(const struct sgit_buf *b, const char *prefix)
{
	size_t n = strlen(prefix), pos = 0;
	const char *nl;

	while (pos + n <= b->len) {
		if (!memcmp(b->ptr + pos, prefix, n))
			return 1;
		if (!(nl = memchr(b->ptr + pos, '\n', b->len - pos)))
			break;
		pos = (size_t)(nl - b->ptr) + 1;
	}
	return 0;
}

/* Remove each CR that ends a line (gpg on some systems writes CRLF). */
static void strip_cr(struct sgit_buf *b)
{
	size_t i, j;

	for (i = j = 0; i < b->len; i++)
		if (!(b->ptr[i] == '\r' && i + 1 < b->len && b->ptr[i + 1] == '\n'))
			b->ptr[j++] = b->ptr[i];
	sgit_buf_setlen(b, j);
}

/*
 * Why a program could not be started, from the process runner's message
 * "cannot run 'x': <reason>": git words it "cannot run x: <reason>".
 */
static const char *run_failure_reason(const struct sgit_error *run_err)
{
	const char *why = strstr(run_err->msg, "': ");

	return why ? why + 3 : run_err->msg;
}

/* Run argv with payload on stdin, stdout into out, stderr into errout. */
static int run(struct sgit_process_status *st, const char *const *argv, const struct sgit_gpg_config *cfg,
	       const void *payload, size_t len, struct sgit_buf *out, struct sgit_buf *errout,
	       struct sgit_error *run_err)
{
	struct sgit_process_opts opts = SGIT_PROCESS_OPTS_INIT;

	opts.in = payload ? payload : "";
	opts.in_len = payload ? len : 0;
	opts.out = out;
	opts.err = errout;
	opts.env = cfg ? cfg->env : NULL;
	return sgit_process_run(st, argv, &opts, run_err);
}

int sgit_gpg_sign(struct sgit_buf *sig, struct sgit_buf *diag, const struct sgit_gpg_config *cfg,
		  const char *key, const void *payload, size_t len, struct sgit_error *err)
{
	struct sgit_buf out = SGIT_BUF_INIT, status = SGIT_BUF_INIT;
	struct sgit_error run_err = SGIT_ERROR_INIT;
	struct sgit_process_status st;
	enum sgit_gpg_format format = cfg ? cfg->format : SGIT_GPG_FORMAT_OPENPGP;
	const char *argv[] = { sgit_gpg_program(cfg, format), "--status-fd=2", "-bsau", key, NULL };
	int rc;

	sgit_buf_reset(sig);
	if (diag)
		sgit_buf_reset(diag);
	if (!key)
		return sgit_error_set(err, SGIT_EINVALID, "no signing key");
	if (format == SGIT_GPG_FORMAT_SSH)
		return sgit_error_set(err, SGIT_EINVALID, "cannot sign with gpg.format 'ssh': not supported");
	rc = run(&st, argv, cfg, payload, len, &out, &status, &run_err);
	if (rc == SGIT_ENOMEM) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	if (rc < 0 && diag && sgit_buf_printf(diag, "cannot run %s: %s", argv[0],
					      run_failure_reason(&run_err)) < 0) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	if (rc == 0 && diag)
		sgit_buf_swap(diag, &status);
	if (rc < 0 || st.code != 0 || !has_line(diag ? diag : &status, "[GNUPG:] SIG_CREATED ")) {
		rc = sgit_error_set(err, SGIT_EGPG, SIGN_FAILED);
		goto out;
	}
	strip_cr(&out);
	sgit_buf_swap(sig, &out);
out:
	sgit_buf_release(&out);
	sgit_buf_release(&status);
	return rc;
}

int sgit_gpg_sign_cb(struct sgit_buf *sig, const char *payload, size_t len, void *signer,
		     struct sgit_error *err)
{
	const struct sgit_gpg_signer *s = signer;

	return sgit_gpg_sign(sig, s->diag, s->cfg, s->key, payload, len, err);
}

/* The format whose marker starts sig, or -1 (git looks at the first bytes only). */
static int format_of_signature(const char *sig, size_t len)
{
	int i, j;
	size_t n;

	for (i = 0; i < NFORMATS; i++)
		for (j = 0; formats[i].markers[j]; j++) {
			n = strlen(formats[i].markers[j]);
			if (len >= n && !memcmp(sig, formats[i].markers[j], n))
				return i;
		}
	return -1;
}

/* Write sig to a new private file in the temp folder; path gets its name. */
static int write_sig_file(struct sgit_buf *path, const struct sgit_gpg_config *cfg, const void *sig,
			  size_t len, struct sgit_error *err)
{
	int fd = -1, rc;

	rc = sgit_fs_tempfile(path, &fd, cfg && cfg->tmpdir ? cfg->tmpdir : "/tmp", ".sgit_vtag_tmp", err);
	if (rc == 0)
		rc = sgit_fs_write_all(fd, sig, len, path->ptr, err);
	if (fd >= 0 && close(fd) < 0 && rc == 0)
		rc = sgit_error_set(err, SGIT_EOS, "cannot write '%s': %s", path->ptr, strerror(errno));
	if (rc < 0 && path->len) {
		unlink(path->ptr);
		sgit_buf_reset(path);
	}
	return rc;
}

/* After gpg ran: the verdict, and whether git would accept it. */
static int conclude(struct sgit_sigcheck *out, const struct sgit_gpg_config *cfg,
		    const struct sgit_process_status *st)
{
	enum sgit_gpg_trust min = cfg ? cfg->min_trust : SGIT_GPG_TRUST_UNDEFINED;
	int rc = sgit_gpg_parse_status(out, out->status.ptr, out->status.len);

	/* git wants gpg's success and a GOODSIG that is not the first line, besides the verdict */
	out->verified = rc == 0 && st->code == 0 && strstr(out->status.ptr, "\n[GNUPG:] GOODSIG ") &&
			out->result == 'G' && out->trust >= min;
	return rc;
}

int sgit_gpg_verify(struct sgit_sigcheck *out, const struct sgit_gpg_config *cfg,
		    const void *payload, size_t payload_len, const void *sig, size_t sig_len,
		    struct sgit_error *err)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	struct sgit_error run_err = SGIT_ERROR_INIT;
	struct sgit_process_status st;
	int format = format_of_signature(sig, sig_len), rc;
	const char *argv[7], **a = argv;

	sgit_sigcheck_reset(out);
	if (format < 0)
		return sgit_error_set(err, SGIT_EINVALID, "bad/incompatible signature '%.*s'",
				      (int)(sig_len > 512 ? 512 : sig_len), (const char *)sig);
	if (format == SGIT_GPG_FORMAT_SSH)
		return sgit_error_set(err, SGIT_EINVALID, "cannot verify an ssh signature: not supported");
	if ((rc = write_sig_file(&path, cfg, sig, sig_len, err)) < 0)
		goto out;
	*a++ = sgit_gpg_program(cfg, (enum sgit_gpg_format)format);
	if (format == SGIT_GPG_FORMAT_OPENPGP)
		*a++ = "--keyid-format=long";
	*a++ = "--status-fd=1";
	*a++ = "--verify";
	*a++ = path.ptr;
	*a++ = "-";
	*a = NULL;
	rc = run(&st, argv, cfg, payload, payload_len, &out->status, &out->output, &run_err);
	if (rc < 0) {
		sgit_sigcheck_reset(out);
		rc = rc == SGIT_ENOMEM ? sgit_error_nomem(err) :
		     sgit_error_set(err, SGIT_EGPG, "cannot run %s: %s", argv[0], run_failure_reason(&run_err));
		goto out;
	}
	if ((rc = conclude(out, cfg, &st)) < 0)
		rc = sgit_error_nomem(err);
out:
	if (path.len)
		unlink(path.ptr);
	sgit_buf_release(&path);
	return rc;
}

const char *sgit_gpg_run_failure_prefix(const char *msg)
{
	const char *program = msg, *reason = strrchr(msg, ':');

	if (!strncmp(msg, "cannot run ", 11))
		program += 11;
	if (!reason || reason < program)
		return "fatal: ";
	return memchr(program, '/', (size_t)(reason - program)) ? "fatal: " : "error: ";
}
