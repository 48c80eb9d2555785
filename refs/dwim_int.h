/* refs/dwim_int.h: the DWIM lookup with git's warnings, for the revision parser */
#ifndef SGIT_REFS_DWIM_INT_H
#define SGIT_REFS_DWIM_INT_H

#include <stddef.h>
#include "sgit/refs.h"

typedef void (*sgit_dwim_warn_fn)(const char *message, void *payload);

/*
 * sgit_dwim_ref(), and warn (may be NULL) hears what git warns about while
 * it tries the rules: "ignoring dangling symref <name>" and "ignoring broken
 * ref <name>".
 */
int sgit_dwim_ref_warn(struct sgit_oid *out, struct sgit_buf *full, int *count,
		       struct sgit_refdb *db, const char *name, size_t len,
		       sgit_dwim_warn_fn warn, void *payload);

#endif
