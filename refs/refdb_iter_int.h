/* refs/refdb_iter_int.h: the names of the loose refs, for iteration and pack-refs */
#ifndef SGIT_REFS_REFDB_ITER_INT_H
#define SGIT_REFS_REFDB_ITER_INT_H

#include <stddef.h>
#include "refs/refdb_int.h"

/* Sorted full names. Caller-owned: _INIT, then _release. */
struct sgit_refdb_names {
	char **v;
	size_t n, alloc;
};
#define SGIT_REFDB_NAMES_INIT { NULL, 0, 0 }
void sgit_refdb__names_release(struct sgit_refdb_names *l);

/*
 * The loose files under refs/ whose names start with prefix, in byte order
 * (dot files and lock files left out; no file is read).
 */
int sgit_refdb__loose_names(struct sgit_refdb_names *out, struct sgit_refdb *db, const char *prefix);

#endif
