/* porcelain/remote/remote_int.h: what remote.c (reading) and remote_edit*.c (git remote's edits) share */
#ifndef SGIT_PORCELAIN_REMOTE_INT_H
#define SGIT_PORCELAIN_REMOTE_INT_H

#include <stddef.h>
#include "sgit/remote.h"

/*
 * Split a canonical config key "<section>.<sub>.<var>" whose section is
 * section: 1 with the subsection (not NUL-terminated) and the variable,
 * 0 when the key is of another section or has no subsection.
 */
int sgit_remote__split_key(const char **sub, size_t *sub_len, const char **var, const char *key,
			   const char *section);

#endif
