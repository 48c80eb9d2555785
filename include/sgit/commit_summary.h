/* include/sgit/commit_summary.h: the lines git commit prints about what a new commit changed */
#ifndef SGIT_COMMIT_SUMMARY_H
#define SGIT_COMMIT_SUMMARY_H

#include "buf.h"
#include "errors.h"
#include "oid.h"
#include "repo.h"

/*
 * Append what git commit prints under "[branch 1a2b3c4] subject": the
 * --shortstat line (" 2 files changed, 3 insertions(+), 1 deletion(-)";
 * binary files count as changed with no lines) and the --summary lines
 * (" create mode 100644 a", " delete mode ...", " mode change 100644 =>
 * 100755 a", " rename a/{b => c}/d (100%)") of the change from old_tree
 * (NULL: the empty tree) to new_tree. Renames are found as git finds them
 * for this output when the content is identical (a deleted file whose blob
 * an added file has); renames of edited files are shown as a deletion and
 * a creation. Paths are quoted as core.quotePath (quote_high) says.
 * Nothing is appended when the trees are the same. Errors go to repo's slot.
 */
int sgit_commit_summary_add(struct sgit_buf *out, struct sgit_repo *repo,
			    const struct sgit_oid *old_tree, const struct sgit_oid *new_tree,
			    int quote_high);

/*
 * Append the "shown name" of a rename as git's summary and --stat write it:
 * the common leading folders and trailing part outside braces
 * ("a/{b => c}/d", "{a => b}/c", "a => b"); both paths in full and quoted
 * when either needs quoting.
 */
int sgit_commit_summary_rename_name_add(struct sgit_buf *out, const char *a, const char *b,
					int quote_high);

#endif
