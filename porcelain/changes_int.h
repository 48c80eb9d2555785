/* porcelain/changes_int.h: what changes*.c share */
#ifndef SGIT_PORCELAIN_CHANGES_INT_H
#define SGIT_PORCELAIN_CHANGES_INT_H

#include "sgit/changes.h"

/* Trees nested deeper than this are refused rather than recursed into. */
#define CHANGES_MAX_DEPTH 4096

/* Append an entry for path (copied) with status; the rest zeroed. NULL when out of memory. */
struct sgit_change *sgit_changes__push(struct sgit_changes *l, const char *path, size_t len,
				       char status);
/* Empty l, keeping nothing. */
void sgit_changes__clear(struct sgit_changes *l);
/* Sort l in git's order (used where entries arrive out of order). */
void sgit_changes__sort(struct sgit_changes *l);
/* The stage bits of the conflict entries of the path at pos and the position after them. */
unsigned int sgit_changes__stages(const struct sgit_index *idx, size_t pos, size_t *end);
/* Bytewise order of two paths, the shorter first on a tie. */
int sgit_changes__pathcmp(const char *a, size_t alen, const char *b, size_t blen);

#endif
