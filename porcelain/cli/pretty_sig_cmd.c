/* porcelain/cli/pretty_sig_cmd.c: the %G placeholders for log, show and rev-list */
#include <stdio.h>
#include <stdlib.h>
#include "porcelain/cli/pretty_sig_cmd.h"
#include "sgit/pretty_signature.h"
#include "sgit/signature.h"

/* git writes these as it goes, unbuffered, while the entries wait in stdout's buffer */
static void to_stderr(const char *text, size_t len, void *data)
{
	(void)data;
	fwrite(text, 1, len, stderr);
}

int pretty_sig_setup(struct sgit_pretty_options *p, struct cli_ctx *ctx, struct cli_strlist *owned)
{
	struct sgit_pretty_signature *sig;

	if (!(sgit_pretty_needs(p) & SGIT_PRETTY_NEEDS_SIGNATURE))
		return 0;
	/* a plain struct without pointers it owns: owned's free() is all it needs */
	if (!(sig = malloc(sizeof(*sig))))
		return cli_fatal("out of memory");
	*sig = (struct sgit_pretty_signature)SGIT_PRETTY_SIGNATURE_INIT;
	if (cli_strlist_push(owned, (const char *)sig) < 0) {
		free(sig);
		return cli_fatal("out of memory");
	}
	if (sgit_signature_config(&sig->gpg, ctx->repo) < 0)
		return cli_fatal_err(cli_err(ctx));
	sig->diag = to_stderr;
	sgit_pretty_signature_attach(p, sig);
	return 0;
}
