/* include/sgit/merge.h: three-way merges of trees and commits, as git's default strategy ("ort") */
#ifndef SGIT_MERGE_H
#define SGIT_MERGE_H

#include <stddef.h>
#include "checkout.h"
#include "errors.h"
#include "index.h"
#include "oid.h"
#include "repo.h"

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

/*
 * What is merged, per path: a change made on one side only is taken, the
 * same change on both sides is taken once, and the rest conflicts as git
 * 2.39's "ort" strategy decides (content, add/add, modify/delete,
 * file/directory, distinct types, submodule). Renames are NOT detected: a
 * renamed file is a deletion plus an addition.
 *
 * The merge itself (sgit_merge_trees, sgit_merge_commits) only reads and
 * writes objects; sgit_merge_checkout then moves the index and the work
 * tree to its result. Nothing is printed: git's messages come back as lines.
 */

/* -X ours / -X theirs: how content conflicts (and binary ones) are resolved instead of shown. */
enum sgit_merge_favor {
	SGIT_MERGE_FAVOR_NONE,
	SGIT_MERGE_FAVOR_OURS,
	SGIT_MERGE_FAVOR_THEIRS,
};

/* merge.conflictStyle */
enum sgit_merge_style {
	SGIT_MERGE_STYLE_MERGE,		/* <<<<<<< ours ======= theirs >>>>>>> */
	SGIT_MERGE_STYLE_DIFF3,		/* also ||||||| base */
};

struct sgit_merge_options {
	const char *ours_label;		/* conflict label of ours (git's "branch1"); NULL: "HEAD" */
	const char *theirs_label;	/* of theirs: the name as given (git merge <name>); NULL: "theirs" */
	/*
	 * Of the base (shown in the diff3 style only). NULL: for
	 * sgit_merge_commits git's choice (the base's abbreviated id, "merged
	 * common ancestors", "empty tree"), for sgit_merge_trees "base".
	 */
	const char *base_label;
	enum sgit_merge_favor favor;
	enum sgit_merge_style style;
};
#define SGIT_MERGE_OPTIONS_INIT { NULL, NULL, NULL, SGIT_MERGE_FAVOR_NONE, SGIT_MERGE_STYLE_MERGE }

/* One conflicted path: what goes into the index at stages 1, 2, 3 (mode 0: no such stage). */
struct sgit_merge_conflict {
	char *path;
	unsigned int mode[3];		/* [0] base (stage 1), [1] ours (stage 2), [2] theirs (stage 3) */
	struct sgit_oid id[3];
};

/* One line of output (no final newline), and where git writes it. */
struct sgit_merge_message {
	char *text;
	int to_stderr;			/* 0: standard output */
};

/* A merge's outcome. Caller-owned: SGIT_MERGE_RESULT_INIT, then _release. */
struct sgit_merge_result {
	int clean;			/* 1: no conflict */
	/*
	 * The merged tree (in the object store). With conflicts it is the tree
	 * git checks out: files with conflict markers, the other side's file
	 * of a file/directory conflict moved aside to "<path>~<label>", ours
	 * kept for modify/delete and binary conflicts.
	 */
	struct sgit_oid tree;
	struct sgit_merge_conflict *conflicts;	/* sorted by path (index order) */
	size_t nconflicts;
	struct sgit_merge_message *messages;	/* in git's order ("Auto-merging a", "CONFLICT ...") */
	size_t nmessages;
};
#define SGIT_MERGE_RESULT_INIT { 0, { { 0 } }, NULL, 0, NULL, 0 }
/* Free what res holds; it is empty and usable again. */
void sgit_merge_result_release(struct sgit_merge_result *res);

/*
 * Merge the trees ours and theirs, both descended from base (NULL: the empty
 * tree), into *out (released first: it may hold an earlier result). Merged
 * blobs and trees are written to repo's object store. opts NULL: defaults.
 * A conflict is not an error: 0 with out->clean = 0.
 */
int sgit_merge_trees(struct sgit_merge_result *out, struct sgit_repo *repo,
		     const struct sgit_oid *base, const struct sgit_oid *ours,
		     const struct sgit_oid *theirs, const struct sgit_merge_options *opts);

/*
 * Merge the commits ours and theirs (git merge with the default strategy,
 * before the checkout): bases are their merge bases in git merge-base
 * --all's order (NULL: computed here; nbases 0 with bases not NULL: none,
 * the empty tree is the base). With several bases they are first merged
 * into a virtual base, recursively, as git does (conflicts inside it keep
 * their markers, labelled "Temporary merge branch 1" and "2", two
 * characters longer per level); like git 2.39, nothing those inner merges
 * say reaches out->messages.
 */
int sgit_merge_commits(struct sgit_merge_result *out, struct sgit_repo *repo,
		       const struct sgit_oid *ours, const struct sgit_oid *theirs,
		       const struct sgit_oid *bases, size_t nbases,
		       const struct sgit_merge_options *opts);

/*
 * The paths whose index entry differs from head_tree (staged changes; git
 * compares the index with HEAD before a merge and refuses with "error: Your
 * local changes to the following files would be overwritten by merge:\n  a
 * b" - the paths on one line, separated by spaces - then "Merge with
 * strategy ort failed."). out (caller-owned, zeroed or released) gets them
 * in index order; 0 when none. As in git, a staged rename found by git
 * diff's rename detection (diff.renames) is named by its new path only;
 * head_tree NULL: every entry is listed. Work tree changes are not looked
 * at here.
 */
int sgit_merge_staged_changes(struct sgit_checkout_pathlist *out, struct sgit_repo *repo,
			      struct sgit_index *idx, const struct sgit_oid *head_tree);
/* Free the paths of a list filled by sgit_merge_staged_changes (it is empty afterwards). */
void sgit_merge_pathlist_release(struct sgit_checkout_pathlist *l);

/*
 * Move idx (the index of repo, opened locked by the caller, who writes it
 * afterwards) and the work tree from head_tree (HEAD's tree) to res->tree,
 * then put res's conflicts into idx at stages 1-3. Refuses BEFORE anything
 * is changed when a local change or an untracked file would be lost:
 * SGIT_ECONFLICT with the paths in rep->rejected (print them with the verb
 * "merge", then git says "Merge with strategy ort failed."); idx with
 * unmerged entries is refused too. Once the switch is done, as git 2.39's
 * ort, "<git dir>/AUTO_MERGE" gets res->tree's id, clean or not (nothing is
 * written when refused); the commit that concludes the merge removes it.
 */
int sgit_merge_checkout(struct sgit_checkout_report *rep, struct sgit_repo *repo,
			struct sgit_index *idx, const struct sgit_oid *head_tree,
			const struct sgit_merge_result *res);

/*
 * git merge -s octopus head heads[0] ... heads[n-1] (names[i]: how head i
 * was named on the command line, for the messages) on idx (the index of
 * repo, locked by the caller, who writes it when *status < 2) and the work
 * tree. As git's octopus: staged changes refuse it; the heads are merged
 * one after another into the running result (a fast-forward when the first
 * head allows it, else read-tree's trivial three-way rules, then a line
 * merge as git merge-file does, whose conflict labels name temporary files
 * ".merge_file_XXXXXX" as git's do); only the last head may conflict.
 *
 * *status: 0 merged cleanly (out->tree, now in the index and work tree),
 * 1 the last head left conflicts in the index and the work tree (out->clean
 * 0, out->conflicts), 2 the strategy failed (git then prints "Merge with
 * strategy octopus failed."): staged changes, an earlier head conflicted,
 * or rep->rejected lists local changes in the way. With status 2 idx and
 * the work tree are untouched (git resets to HEAD and restores local
 * changes, which comes to the same). out->messages holds the strategy's
 * lines, to_stderr as git prints them ("Trying simple merge with x",
 * "ERROR: content conflict in f", ...). < 0 only for real errors.
 */
int sgit_merge_octopus(int *status, struct sgit_merge_result *out,
		       struct sgit_checkout_report *rep, struct sgit_repo *repo,
		       struct sgit_index *idx, const struct sgit_oid *head,
		       const struct sgit_oid *heads, const char *const *names, size_t n);

#pragma GCC visibility pop
#endif
