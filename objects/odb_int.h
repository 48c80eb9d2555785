/* objects/odb_int.h: the object database's insides, shared by odb.c and odb_abbrev.c */
#ifndef SGIT_OBJECTS_ODB_INT_H
#define SGIT_OBJECTS_ODB_INT_H

#include <stddef.h>
#include <sys/types.h>
#include "sgit/odb.h"
#include "objects/pack.h"

/* One objects folder: the repository's own or an alternate. */
struct odb_store {
	char *path;		/* as given (the own one) or resolved (alternates) */
	char *real;		/* realpath(), to skip a folder named twice */
	struct sgit_pack **packs;
	size_t npacks, alloc;
	int scanned;		/* packs listed since open or the last refresh */
};

struct sgit_odb {
	struct odb_store *stores;	/* [0] is the repository's own */
	size_t nstores, alloc;
	int level;			/* zlib level of new loose objects */
	mode_t file_mode;		/* of new loose objects: 0444 less the umask */
	struct sgit_pack *last;		/* where the last packed lookup hit */
	int pack_error;			/* code of the first pack that would not open, or 0 */
	struct sgit_error pack_error_msg;
	struct sgit_error *err;
};

/* List the packs of store i unless done already. 0, or SGIT_ENOMEM. */
int sgit_odb_store_packs(struct sgit_odb *odb, size_t i);
/* Look for packs that appeared since they were listed; 1 when one was added. */
int sgit_odb_rescan_packs(struct sgit_odb *odb);

#endif
