/* porcelain/cli/merge_cmd.h: what sgit merge (cmd_merge.c, merge_cmd*.c) and fmt-merge-msg share */
#ifndef SGIT_CLI_MERGE_CMD_H
#define SGIT_CLI_MERGE_CMD_H

#include "porcelain/cli/cli.h"
#include "sgit/merge.h"
#include "sgit/merge_msg.h"
#include "sgit/merge_state.h"
#include "util/message.h"

/* ---- merge_cmd_msg.c: the message options both commands fill the same way ---- */

/* What the message options borrow; caller-owned: memset 0, cli_merge_msg_setup, _release. */
struct cli_merge_msg_env {
	struct sgit_merge_msg_config config;
	struct sgit_buf author, committer;	/* "Name <email>" of who merges */
};

/*
 * Fill opts (from SGIT_MERGE_MSG_OPTIONS_INIT) with the configuration,
 * core.commentChar and the identities; opts->shortlog_len gets merge.log.
 * 0, or 128 after git's message for a bad setting.
 */
int cli_merge_msg_setup(struct sgit_merge_msg_options *opts, struct cli_merge_msg_env *env,
			struct cli_ctx *ctx);
void cli_merge_msg_env_release(struct cli_merge_msg_env *env);

/* --log[=<n>] (opt->value an int): n entries, 20 without a number; --no-log: none. */
int cli_merge_log_cb(const struct cli_option *opt, const char *arg, int unset);

/* Print what the message builder left for standard error. */
void cli_merge_print_diag(const struct sgit_buf *diag);

/* ---- sgit merge ---- */

enum merge_ff { MERGE_FF_ALLOW, MERGE_FF_NO, MERGE_FF_ONLY };

/* The options as given (and as the configuration set them first). */
struct merge_opts {
	struct sgit_buf message;	/* -m and -F, in order */
	int have_message;
	int shortlog_len;		/* --log[=n]; -1 not given */
	int commit;			/* --commit 1, --no-commit 0, -1 not given */
	int squash;
	int edit;			/* -e 1, --no-edit 0, -1 not given */
	enum merge_ff ff;
	int show_diffstat;		/* --stat / -n, merge.stat */
	int verbosity;			/* -q -1, -v 1 */
	int verify_signatures;		/* --verify-signatures, merge.verifySignatures */
	int check_trust;		/* 0 once gpg.minTrustLevel is set */
	const char *sign_key;		/* -S[<key>], commit.gpgSign (""); NULL: not signed */
	const char *cleanup;		/* --cleanup, commit.cleanup */
	const char *into_name;		/* --into-name */
	int allow_unrelated;		/* --allow-unrelated-histories */
	int abort, quit, cont;		/* --abort, --quit, --continue */
	int default_to_upstream;	/* merge.defaultToUpstream */
	const char *conflict_style;	/* merge.conflictStyle */
	const char **args;		/* what to merge */
	int nargs;
	/* The reflog's "<action>: ..." prefix a caller decided (pull); NULL: GIT_REFLOG_ACTION or "merge <names>". */
	const char *reflog_action;
};

/* Where the merge stands while it runs. */
struct merge_run {
	struct cli_ctx *ctx;
	struct merge_opts *o;
	int has_head;
	struct sgit_oid head;		/* HEAD's commit */
	struct sgit_oid head_tree;
	struct sgit_buf head_ref;	/* "refs/heads/main", or "HEAD" when detached */
	struct sgit_merge_heads heads;	/* what is merged, reduced */
	int head_subsumed;
	struct sgit_oid *bases;		/* the merge bases */
	size_t nbases;
	struct sgit_buf msg;		/* the merge message, without its final LF (git's merge_msg) */
	struct sgit_buf reflog_action;	/* "merge <name>..." (GIT_REFLOG_ACTION unless set) */
	struct sgit_buf committer;	/* the identity line for reflog entries */
	enum sgit_merge_favor favor;	/* -X ours, -X theirs */
	enum sgit_cleanup_mode cleanup;
	char cc;
	struct sgit_index *idx;		/* the index, locked, while a merge changes it */
};

/*
 * sgit merge with argv as typed (argv[0] "merge"); pull calls it in-process
 * with the reflog action it made (NULL: as cmd_merge). The exit code.
 */
int merge_cmd_main(int argc, const char **argv, struct cli_ctx *ctx, const char *reflog_action);

/* merge_cmd_run.c: the merge from the heads on; the exit code. */
int merge_run(struct merge_run *r);
/* merge_cmd_strategy.c */
/* Move the index and the work tree from the tree from (NULL: none) to to, refusing as git merge does. */
int merge_move_tree(struct merge_run *r, const struct sgit_oid *from, const struct sgit_oid *to);
/* The same for any command: 0, 1 after git's refusal (local changes in the way), or 128. */
int merge_checkout_move(struct cli_ctx *ctx, const struct sgit_oid *from, const struct sgit_oid *to);
/* A real merge of the heads (ort for one, octopus for several): commit it or stop as git does. */
int merge_real(struct merge_run *r);
/* Stop the merge: MERGE_HEAD, MERGE_MODE and MERGE_MSG (r->msg, a newline, then tail: may be NULL). */
int merge_write_state(struct merge_run *r, const struct sgit_buf *tail);
/* merge_cmd_finish.c */
/* Update HEAD (unless squashing), print msg, the diffstat, as git's finish(); new_head NULL: none. */
int merge_finish(struct merge_run *r, const struct sgit_oid *new_head, const char *msg);
/* The merge commit of tree with parents: message edited, signed, written; HEAD updated. */
int merge_commit(struct merge_run *r, const struct sgit_oid *tree, const char *strategy);
/* SQUASH_MSG: "Squashed commit of the following:" and each commit, as git writes it. */
int merge_squash_message(struct merge_run *r);
/* git's scissors line and the two lines explaining it. */
int merge_add_cut_line(struct sgit_buf *out, char cc);
/* --verify-signatures for one commit: 0, or 128 after git's message. */
int merge_verify_signature(struct merge_run *r, const struct sgit_oid *commit);

#endif
