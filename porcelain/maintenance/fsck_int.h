/* porcelain/maintenance/fsck_int.h: fsck's message ids and helpers shared inside the folder */
#ifndef SGIT_MAINTENANCE_FSCK_INT_H
#define SGIT_MAINTENANCE_FSCK_INT_H

#include <stdarg.h>
#include "sgit/fsck.h"

enum fsck_msg {
	FSCK_NUL_IN_HEADER, FSCK_UNTERMINATED_HEADER,
	FSCK_BAD_DATE, FSCK_BAD_DATE_OVERFLOW, FSCK_BAD_EMAIL, FSCK_BAD_NAME,
	FSCK_BAD_OBJECT_SHA1, FSCK_BAD_PARENT_SHA1, FSCK_BAD_TAG_OBJECT, FSCK_BAD_TIMEZONE,
	FSCK_BAD_TREE, FSCK_BAD_TREE_SHA1, FSCK_BAD_TYPE, FSCK_DUPLICATE_ENTRIES,
	FSCK_MISSING_AUTHOR, FSCK_MISSING_COMMITTER, FSCK_MISSING_EMAIL,
	FSCK_MISSING_NAME_BEFORE_EMAIL, FSCK_MISSING_OBJECT, FSCK_MISSING_SPACE_BEFORE_DATE,
	FSCK_MISSING_SPACE_BEFORE_EMAIL, FSCK_MISSING_TAG, FSCK_MISSING_TAG_ENTRY,
	FSCK_MISSING_TREE, FSCK_MISSING_TYPE, FSCK_MISSING_TYPE_ENTRY, FSCK_MULTIPLE_AUTHORS,
	FSCK_TREE_NOT_SORTED, FSCK_UNKNOWN_TYPE, FSCK_ZERO_PADDED_DATE,
	FSCK_GITMODULES_MISSING, FSCK_GITMODULES_BLOB, FSCK_GITMODULES_LARGE,
	FSCK_GITMODULES_NAME, FSCK_GITMODULES_SYMLINK, FSCK_GITMODULES_URL,
	FSCK_GITMODULES_PATH, FSCK_GITMODULES_UPDATE,
	FSCK_GITATTRIBUTES_MISSING, FSCK_GITATTRIBUTES_LARGE, FSCK_GITATTRIBUTES_LINE_LENGTH,
	FSCK_GITATTRIBUTES_BLOB,
	FSCK_EMPTY_NAME, FSCK_FULL_PATHNAME, FSCK_HAS_DOT, FSCK_HAS_DOTDOT, FSCK_HAS_DOTGIT,
	FSCK_NULL_SHA1, FSCK_ZERO_PADDED_FILEMODE, FSCK_NUL_IN_COMMIT,
	FSCK_BAD_FILEMODE, FSCK_GITMODULES_PARSE, FSCK_GITIGNORE_SYMLINK,
	FSCK_GITATTRIBUTES_SYMLINK, FSCK_MAILMAP_SYMLINK, FSCK_BAD_TAG_NAME,
	FSCK_MISSING_TAGGER_ENTRY, FSCK_EXTRA_HEADER_ENTRY,
	FSCK_MSG_MAX
};

/* Report one finding under o's settings; 1 when it counts as an error, else 0. */
int fsck_report(const struct sgit_fsck_options *o, const struct sgit_oid *id,
		enum sgit_object_type type, enum fsck_msg msg, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
/* 1 when id is on o's skip list. */
int fsck_on_skiplist(const struct sgit_fsck_options *o, const struct sgit_oid *id);

/* The checks of a tree's entries (fsck_tree.c); the number of errors reported. */
int fsck_check_tree(const struct sgit_fsck_options *o, const struct sgit_oid *id,
		    const unsigned char *buf, size_t len);
/* 0 when git's parser takes the commit or tag; -1 with its error line in msg (may be empty). */
int fsck_git_parses(enum sgit_object_type type, const char *buf, size_t len, const char *hex,
		    char *msg, size_t msgsz);

#endif
