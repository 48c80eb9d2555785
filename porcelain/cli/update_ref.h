/* porcelain/cli/update_ref.h: update-ref's one-ref changes, shared by its argv and --stdin modes */
#ifndef SGIT_CLI_UPDATE_REF_H
#define SGIT_CLI_UPDATE_REF_H

#include "porcelain/cli/cli.h"

struct update_ref_opts {
	const char *msg;	/* -m; NULL: entries without a message */
	int no_deref;		/* --no-deref */
	int create_reflog;	/* --create-reflog */
	int nul;		/* -z */
	struct sgit_buf committer;
};

/*
 * Compare-and-swap check before a change, with git's wording: old NULL is no
 * check, a zero id means name must not exist. 0 when it holds; otherwise
 * SGIT_ECONFLICT with why replaced by "cannot lock ref '<name>': ...", or
 * another error with the library's message in why.
 */
int cli_update_ref_check(struct sgit_buf *why, struct cli_ctx *ctx, const char *name,
			 const struct sgit_oid *old);

/*
 * Set name to new_oid (a zero id deletes it), old as in the check. The
 * library's error message is left in the repository's error slot.
 */
int cli_update_ref_apply(struct cli_ctx *ctx, const struct update_ref_opts *o, const char *name,
			 const struct sgit_oid *new_oid, const struct sgit_oid *old, int no_deref);

/* --stdin: git's update/create/delete/verify/option/start/prepare/commit/abort lines. */
int cli_update_ref_stdin(struct cli_ctx *ctx, struct update_ref_opts *o);

#endif
