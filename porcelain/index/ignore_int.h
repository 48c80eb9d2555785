/* porcelain/index/ignore_int.h: the pattern lists behind the ignore matcher */
#ifndef SGIT_PORCELAIN_IGNORE_INT_H
#define SGIT_PORCELAIN_IGNORE_INT_H

#include <stddef.h>
#include "sgit/buf.h"

enum {
	IGN_NEGATIVE = 1,	/* "!pattern" */
	IGN_MUSTBEDIR = 2,	/* "pattern/" */
	IGN_NODIR = 4,		/* no '/' left: matched against the last component only */
};

struct ign_pattern {
	const char *text;	/* without "!" and the final "/", NUL-terminated */
	const char *shown;	/* the whole line as check-ignore -v shows it */
	size_t len;		/* of text */
	size_t nowild;		/* leading bytes of text free of glob characters */
	unsigned flags;
	int line;
};

/* The patterns of one file, in file order; the last match wins. From ign_list_new(). */
struct ign_list {
	char *source;		/* how matches name the file */
	struct ign_pattern *v;
	size_t nr;
	struct sgit_buf arena;	/* shown and text of every pattern */
};

/*
 * Parse the bytes of a rule file into l (empty, with source set) as git
 * reads them: UTF-8 BOM skipped, blank and "#" lines skipped, CR before LF
 * and unescaped trailing spaces dropped, bytes after a NUL in a line ignored.
 * SGIT_ENOMEM is the only failure; l is then left for ign_list_free().
 */
int ign_list_parse(struct ign_list *l, const char *data, size_t len);
/* An empty list named source; NULL for want of memory. */
struct ign_list *ign_list_new(const char *source);
/* Free l, its source and its patterns. */
void ign_list_free(struct ign_list *l);

#endif
