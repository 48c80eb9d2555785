/* porcelain/cli/commit_cmd.h: what the halves of sgit commit share (cmd_commit.c, commit_msg.c) */
#ifndef SGIT_CLI_COMMIT_CMD_H
#define SGIT_CLI_COMMIT_CMD_H

#include "porcelain/cli/cli.h"
#include "sgit/index.h"
#include "util/message.h"

/* The options as given. */
struct commit_opts {
	struct cli_strlist messages;	/* -m, each a paragraph */
	const char *file;		/* -F ("-": standard input) */
	const char *author;		/* --author */
	const char *date;		/* --date */
	const char *cleanup;		/* --cleanup */
	const char *untracked;		/* -u<mode> for the status shown */
	int all, amend, allow_empty, allow_empty_message, quiet, verbose, reset_author;
	int edit;			/* -e 1, --no-edit 0, -1 when not given */
	const char **paths;		/* commit <paths>: only these, as the work tree has them */
	int npaths;
	int status;			/* --status / --no-status: the status in the template */
	const char *sign_key;		/* -S[<key>], commit.gpgSign: "" or the key; NULL: not signed */
};

/* Where the commit stands while it is being made. */
struct commit_state {
	struct cli_ctx *ctx;
	struct commit_opts *o;
	struct sgit_index *real;	/* the index, locked; written when the commit is made */
	struct sgit_index *idx;		/* what is committed: real, or for commit <paths> its own */
	int has_head;
	struct sgit_oid head;		/* HEAD's commit when has_head */
	struct sgit_buf head_ref;	/* what HEAD names: "refs/heads/main", or "HEAD" detached */
	struct sgit_commit *old;	/* HEAD's commit, parsed (when has_head) */
	struct sgit_oid *parents;
	size_t nparents;
	int merging;			/* MERGE_HEAD exists */
	struct sgit_commit_extra merge_extra;	/* its mergetag headers (not for --amend) */
	int base_given;			/* what the changes are judged against: */
	struct sgit_oid base;		/* HEAD's tree, or for --amend its parent's */
	int has_base;			/* 0: the empty tree */
	struct sgit_oid tree;		/* the index written as a tree */
	struct sgit_buf author, committer;	/* identity lines */
	int author_date_shown;		/* --amend or --date: git shows the author date */
	int use_editor;
	enum sgit_cleanup_mode cleanup;
	char cc;			/* the comment character */
	struct sgit_buf msg;		/* the message, as it will be stored */
};

/* ---- commit_msg.c ---- */
/*
 * Decide the message: from -m, -F, the amended commit, MERGE_MSG or
 * SQUASH_MSG, through the editor with git's template when editing. When
 * there is nothing to commit, prints git's status and returns 1. Returns 0
 * with st->msg set, or an exit code after git's message.
 */
int commit_message(struct commit_state *st, int committable);

/* The subject as git's %s shows it: the first paragraph's lines joined by spaces. */
int commit_subject(struct sgit_buf *out, const char *msg, size_t len);

#endif
