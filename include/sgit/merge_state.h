/* include/sgit/merge_state.h: the heads a merge takes, and what a merge in progress keeps (MERGE_HEAD...) */
#ifndef SGIT_MERGE_STATE_H
#define SGIT_MERGE_STATE_H

#include <stddef.h>
#include "buf.h"
#include "commit_create.h"
#include "errors.h"
#include "object.h"
#include "oid.h"
#include "repo.h"

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

/*
 * One head being merged: the commit, and the object its name resolved to
 * before peeling (a tag when a tag was named). Keeping the named object
 * beside the commit is what lets a merge of a signed tag record the tag in
 * MERGE_HEAD, in the message and in a "mergetag" header.
 */
struct sgit_merge_head {
	struct sgit_oid commit;		/* the commit merged */
	struct sgit_oid named;		/* the object named: a tag, or the commit itself */
	enum sgit_object_type named_type;
	char *name;			/* the name as given (a command-line argument, a MERGE_HEAD line) */
};

/* An ordered list of heads that owns its names: SGIT_MERGE_HEADS_INIT, then _release(). */
struct sgit_merge_heads {
	struct sgit_merge_head *items;
	size_t nr, alloc;
};
#define SGIT_MERGE_HEADS_INIT { NULL, 0, 0 }
/* Free the list's entries; it is empty and usable again. */
void sgit_merge_heads_release(struct sgit_merge_heads *heads);

/*
 * Resolve name as git merge takes a head (revision syntax, without peeling)
 * and peel what it names to a commit; out->name gets a copy of name. Errors
 * (message in repo's slot, *out zeroed): SGIT_ENOTFOUND when name resolves
 * to nothing (git: "merge: <name> - not something we can merge"),
 * SGIT_EINVALID "<name>: expected commit type, but the object dereferences
 * to tree type" when it names no commit.
 */
int sgit_merge_head_resolve(struct sgit_merge_head *out, struct sgit_repo *repo, const char *name);

/* Move *head to the end of heads (head is zeroed; its name now belongs to heads). */
int sgit_merge_heads_push(struct sgit_merge_heads *heads, struct sgit_merge_head *head);

/*
 * The first head whose commit is id, or NULL: git keeps the first name under
 * which a commit was given, so a tag and its commit merged together count
 * once, as the one named first.
 */
const struct sgit_merge_head *sgit_merge_heads_find(const struct sgit_merge_heads *heads,
						    const struct sgit_oid *id);

/*
 * git's reduction of the heads to merge: the heads, with head (HEAD's commit,
 * NULL on an unborn branch) in front, reduced to those no other one reaches;
 * duplicates go, the first kept. heads keeps the surviving heads in order
 * (head itself never among them); *head_subsumed (may be NULL) gets 1 when
 * head did not survive (it is reached from a head: a fast-forward, or "HEAD
 * is not a parent" for an octopus), 0 when it did. No heads left: already up
 * to date.
 */
int sgit_merge_heads_reduce(struct sgit_merge_heads *heads, int *head_subsumed,
			    struct sgit_repo *repo, const struct sgit_oid *head);

/*
 * The "mergetag" headers git writes for a merge commit with these parents:
 * for each parent that a head names (sgit_merge_heads_find) through an
 * annotated tag that is SIGNED, a header holding the whole tag object; an
 * unsigned tag adds none. Appended to extra, in the order of the parents.
 */
int sgit_merge_mergetags(struct sgit_commit_extra *extra, struct sgit_repo *repo,
			 const struct sgit_merge_heads *heads, const struct sgit_oid *parents,
			 size_t nparents);

/*
 * Append to out the heads FETCH_HEAD's text (data, len bytes) marks for
 * merging ("<id> TAB TAB ..." lines), in order, each id resolved as
 * sgit_merge_head_resolve() takes it (a tag stays a tag); "not-for-merge"
 * lines are passed over. So is a line that does not start with an id and
 * a TAB, unless strict (git merge): such a line, like an id that names no
 * commit, stops the reading with *bad (may be NULL) pointing at it in data
 * - SGIT_ECORRUPT (no message) for its form, the resolve error otherwise;
 * out keeps the heads read before it (the caller releases them).
 */
int sgit_merge_heads_from_fetch_head(struct sgit_merge_heads *out, const char **bad, struct sgit_repo *repo,
				     const char *data, size_t len, int strict);

/* ---- the files of a merge in progress, in the git dir ---- */

/*
 * Write MERGE_HEAD (the named object of each head, one id a line: a tag
 * stays a tag) and MERGE_MODE ("no-ff" when no_ff, else empty), as git does
 * when a merge stops.
 */
int sgit_merge_state_write_heads(struct sgit_repo *repo, const struct sgit_merge_heads *heads,
				 int no_ff);
/* Replace MERGE_MSG with msg (len bytes). */
int sgit_merge_state_write_msg(struct sgit_repo *repo, const char *msg, size_t len);
/* 1 when MERGE_HEAD exists, 0 when not. */
int sgit_merge_state_in_progress(struct sgit_repo *repo);

/*
 * Read MERGE_HEAD as git commit does: each line resolved as a head
 * (sgit_merge_head_resolve: a tag id gives the tag and its commit).
 * SGIT_ENOTFOUND when there is no MERGE_HEAD; SGIT_ECORRUPT "Corrupt
 * MERGE_HEAD file (<line>)" (git's words) for a line that names no commit.
 */
int sgit_merge_state_read_heads(struct sgit_merge_heads *out, struct sgit_repo *repo);

/* 1 when MERGE_MODE says "no-ff", 0 otherwise (also when there is none). */
int sgit_merge_state_no_ff(struct sgit_repo *repo);

/*
 * Everything "git commit" needs to conclude a merge in progress.
 * Caller-owned: SGIT_MERGE_STATE_INIT, sgit_merge_state_load(), _release().
 */
struct sgit_merge_state {
	struct sgit_merge_heads heads;	/* MERGE_HEAD, resolved */
	/*
	 * The parents of the commit: HEAD (when born), then the heads; reduced
	 * as git does (independent ones only) unless MERGE_MODE is "no-ff".
	 */
	struct sgit_oid *parents;
	size_t nparents;
	struct sgit_commit_extra extra;	/* the mergetag headers for those parents */
	int no_ff;
	struct sgit_buf msg;		/* MERGE_MSG (empty when missing) */
	int has_msg;
};
#define SGIT_MERGE_STATE_INIT { SGIT_MERGE_HEADS_INIT, NULL, 0, SGIT_COMMIT_EXTRA_INIT, 0, SGIT_BUF_INIT, 0 }

/*
 * Load the merge in progress for a commit on top of head (HEAD's commit,
 * NULL when unborn). SGIT_ENOTFOUND when no merge is in progress;
 * SGIT_ECORRUPT as sgit_merge_state_read_heads().
 */
int sgit_merge_state_load(struct sgit_merge_state *out, struct sgit_repo *repo,
			  const struct sgit_oid *head);
void sgit_merge_state_release(struct sgit_merge_state *st);

/*
 * Forget the merge: MERGE_HEAD, MERGE_MSG, MERGE_MODE, AUTO_MERGE and
 * MERGE_RR, as git merge does when it concludes. SQUASH_MSG stays (git
 * commit uses it after merge --squash); sgit_checkout_clear_branch_state()
 * is the wider reset that removes it too.
 */
int sgit_merge_state_clear(struct sgit_repo *repo);

/*
 * git merge --abort (git reset --merge to HEAD): every path where the index
 * differs from head_tree - unmerged paths, and what the merge changed - goes
 * back to head_tree in the index and the work tree; other local changes are
 * kept. A path the merge changed whose work tree file was modified since
 * refuses the whole reset (SGIT_ECONFLICT "Entry '<path>' not uptodate.
 * Cannot merge."), as does an untracked file in the way ("Untracked working
 * tree file '<path>' would be overwritten by merge."), before anything is
 * changed. idx is repo's index, locked by the caller, who writes it.
 */
struct sgit_index;
int sgit_merge_abort_paths(struct sgit_repo *repo, struct sgit_index *idx,
			   const struct sgit_oid *head_tree);

#pragma GCC visibility pop
#endif
