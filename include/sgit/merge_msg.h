/* include/sgit/merge_msg.h: the message of a merge commit, as git fmt-merge-msg writes it */
#ifndef SGIT_MERGE_MSG_H
#define SGIT_MERGE_MSG_H

#include <stddef.h>
#include "buf.h"
#include "config.h"
#include "errors.h"
#include "gpg.h"
#include "merge_state.h"
#include "repo.h"

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

/* The number of --log entries when merge.log is true or --log has no number (git's). */
#define SGIT_MERGE_MSG_LOG_DEFAULT 20

/*
 * The merge.* settings that shape the message. Caller-owned:
 * SGIT_MERGE_MSG_CONFIG_INIT, sgit_merge_msg_config_load(), _release().
 */
struct sgit_merge_msg_config {
	int log;			/* merge.log / merge.summary: entries (true: 20), 0 off */
	int branch_desc;		/* merge.branchdesc: branch descriptions in the --log part */
	/*
	 * merge.suppressDest: the branches ("into <branch>" left out of the
	 * title) as globs; an empty value empties the list. Borrowed from the
	 * configuration. suppress_dest_set 0: no entry at all, git's default
	 * ("main" and "master").
	 */
	const char **suppress_dest;
	size_t nsuppress_dest;
	int suppress_dest_set;
};
#define SGIT_MERGE_MSG_CONFIG_INIT { 0, 0, NULL, 0, 0 }

/*
 * Read merge.log, merge.summary, merge.branchdesc and merge.suppressDest
 * from cfg, in order (the last of log and summary wins). SGIT_ECONFIG with
 * git's message for a bad value ("merge.log: negative length -1", "missing
 * value for 'merge.suppressdest'").
 */
int sgit_merge_msg_config_load(struct sgit_merge_msg_config *out, const struct sgit_config *cfg,
			       struct sgit_error *err);
void sgit_merge_msg_config_release(struct sgit_merge_msg_config *c);

struct sgit_merge_msg_options {
	int add_title;			/* "Merge branch 'x'..." first (git: unless -m was given) */
	int shortlog_len;		/* --log=<n>: up to n subjects per head; 0: none */
	/*
	 * With the --log part, "# By <authors>" and "# Via <committers>" lines
	 * (fmt-merge-msg always; merge only with --edit), leaving out a single
	 * author or committer who is the one merging (author_ident,
	 * committer_ident: "Name <email>", may be NULL).
	 */
	int credit_people;
	const char *author_ident;
	const char *committer_ident;
	const char *into_name;		/* --into-name: the branch named in "into <branch>"; NULL: HEAD's */
	char comment_char;		/* core.commentChar; 0: '#' */
	const struct sgit_merge_msg_config *config;	/* NULL: git's defaults */
	const struct sgit_gpg_config *gpg;	/* to check merged tags; NULL: sgit_signature_config() */
};
#define SGIT_MERGE_MSG_OPTIONS_INIT { 1, 0, 0, NULL, NULL, NULL, '#', NULL, NULL }

/*
 * git fmt-merge-msg: APPEND to out the message for merging what input (len
 * bytes) lists, lines in FETCH_HEAD's format ("<id> TAB TAB <description>",
 * or "<id> TAB not-for-merge TAB ...", which are skipped), into HEAD:
 *   - the title ("Merge branch 'a', tag 'v1' of <url> into <branch>"),
 *     when opts->add_title;
 *   - for each merged annotated tag its message without the signature, then
 *     the signature block and gpg's output on it as comment lines (a "# <name>"
 *     line before each when there are several);
 *   - with opts->shortlog_len, the subjects of the commits each head brings.
 * Heads HEAD or another head already contains are left out, as git does.
 * What git prints on standard error meanwhile (gpg could not be run: git's
 * "fatal: cannot run gpg: ..." from its child) is appended to diag (may be
 * NULL) as whole lines. SGIT_EINVALID "error in line <n>: <line>" for a bad
 * line, "No current branch" on an unborn branch; out is then as it was.
 */
int sgit_merge_msg_add(struct sgit_buf *out, struct sgit_buf *diag, struct sgit_repo *repo,
		       const char *input, size_t len, const struct sgit_merge_msg_options *opts);

/*
 * Append to out the line git merge hands to fmt-merge-msg for a head named
 * on the command line: "<id> TAB TAB branch 'x' of ." for a branch (also for
 * "x~2", "x^": "branch 'x' (early part) of ."), "tag 'v1' of ." and
 * "remote-tracking branch 'origin/x' of ." for those refs, "tag '<name>'"
 * for a tag named otherwise (its id), "commit '<name>'" for anything else.
 */
int sgit_merge_msg_add_head_line(struct sgit_buf *out, struct sgit_repo *repo,
				 const struct sgit_merge_head *head);

#pragma GCC visibility pop
#endif
