/* porcelain/branches/branch_int.h: what branch.c and branch_info.c share */
#ifndef SGIT_PORCELAIN_BRANCH_INT_H
#define SGIT_PORCELAIN_BRANCH_INT_H

#include "sgit/branch.h"

/* Move config section branch.<from> to branch.<to>; to NULL removes it. */
int sgit_branch__move_section(struct sgit_repo *repo, const char *from, const char *to);

/*
 * After creating branch name from start_ref: record its upstream as git does
 * (branch.autoSetupMerge, or track), and give its short name in upstream.
 */
int sgit_branch__setup_tracking(struct sgit_buf *upstream, struct sgit_repo *repo, const char *name,
				const char *start_ref, enum sgit_branch_track track);

#endif
