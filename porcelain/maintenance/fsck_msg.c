/* porcelain/maintenance/fsck_msg.c: git 2.39's fsck message ids, their default severities, fsck.<id> */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sgit/fsck.h"
#include "porcelain/maintenance/fsck_int.h"

/*
 * The table is the documentation: git's Documentation/fsck-msgids.txt lists
 * the same names with the same defaults. Order follows enum fsck_msg in
 * fsck_int.h.
 */
static const struct {
	const char *name;
	enum sgit_fsck_severity sev;
} msgs[FSCK_MSG_MAX] = {
	[FSCK_NUL_IN_HEADER] = { "nulInHeader", SGIT_FSCK_FATAL },
	[FSCK_UNTERMINATED_HEADER] = { "unterminatedHeader", SGIT_FSCK_FATAL },
	[FSCK_BAD_DATE] = { "badDate", SGIT_FSCK_ERROR },
	[FSCK_BAD_DATE_OVERFLOW] = { "badDateOverflow", SGIT_FSCK_ERROR },
	[FSCK_BAD_EMAIL] = { "badEmail", SGIT_FSCK_ERROR },
	[FSCK_BAD_NAME] = { "badName", SGIT_FSCK_ERROR },
	[FSCK_BAD_OBJECT_SHA1] = { "badObjectSha1", SGIT_FSCK_ERROR },
	[FSCK_BAD_PARENT_SHA1] = { "badParentSha1", SGIT_FSCK_ERROR },
	[FSCK_BAD_TAG_OBJECT] = { "badTagObject", SGIT_FSCK_ERROR },
	[FSCK_BAD_TIMEZONE] = { "badTimezone", SGIT_FSCK_ERROR },
	[FSCK_BAD_TREE] = { "badTree", SGIT_FSCK_ERROR },
	[FSCK_BAD_TREE_SHA1] = { "badTreeSha1", SGIT_FSCK_ERROR },
	[FSCK_BAD_TYPE] = { "badType", SGIT_FSCK_ERROR },
	[FSCK_DUPLICATE_ENTRIES] = { "duplicateEntries", SGIT_FSCK_ERROR },
	[FSCK_MISSING_AUTHOR] = { "missingAuthor", SGIT_FSCK_ERROR },
	[FSCK_MISSING_COMMITTER] = { "missingCommitter", SGIT_FSCK_ERROR },
	[FSCK_MISSING_EMAIL] = { "missingEmail", SGIT_FSCK_ERROR },
	[FSCK_MISSING_NAME_BEFORE_EMAIL] = { "missingNameBeforeEmail", SGIT_FSCK_ERROR },
	[FSCK_MISSING_OBJECT] = { "missingObject", SGIT_FSCK_ERROR },
	[FSCK_MISSING_SPACE_BEFORE_DATE] = { "missingSpaceBeforeDate", SGIT_FSCK_ERROR },
	[FSCK_MISSING_SPACE_BEFORE_EMAIL] = { "missingSpaceBeforeEmail", SGIT_FSCK_ERROR },
	[FSCK_MISSING_TAG] = { "missingTag", SGIT_FSCK_ERROR },
	[FSCK_MISSING_TAG_ENTRY] = { "missingTagEntry", SGIT_FSCK_ERROR },
	[FSCK_MISSING_TREE] = { "missingTree", SGIT_FSCK_ERROR },
	[FSCK_MISSING_TYPE] = { "missingType", SGIT_FSCK_ERROR },
	[FSCK_MISSING_TYPE_ENTRY] = { "missingTypeEntry", SGIT_FSCK_ERROR },
	[FSCK_MULTIPLE_AUTHORS] = { "multipleAuthors", SGIT_FSCK_ERROR },
	[FSCK_TREE_NOT_SORTED] = { "treeNotSorted", SGIT_FSCK_ERROR },
	[FSCK_UNKNOWN_TYPE] = { "unknownType", SGIT_FSCK_ERROR },
	[FSCK_ZERO_PADDED_DATE] = { "zeroPaddedDate", SGIT_FSCK_ERROR },
	[FSCK_GITMODULES_MISSING] = { "gitmodulesMissing", SGIT_FSCK_ERROR },
	[FSCK_GITMODULES_BLOB] = { "gitmodulesBlob", SGIT_FSCK_ERROR },
	[FSCK_GITMODULES_LARGE] = { "gitmodulesLarge", SGIT_FSCK_ERROR },
	[FSCK_GITMODULES_NAME] = { "gitmodulesName", SGIT_FSCK_ERROR },
	[FSCK_GITMODULES_SYMLINK] = { "gitmodulesSymlink", SGIT_FSCK_ERROR },
	[FSCK_GITMODULES_URL] = { "gitmodulesUrl", SGIT_FSCK_ERROR },
	[FSCK_GITMODULES_PATH] = { "gitmodulesPath", SGIT_FSCK_ERROR },
	[FSCK_GITMODULES_UPDATE] = { "gitmodulesUpdate", SGIT_FSCK_ERROR },
	[FSCK_GITATTRIBUTES_MISSING] = { "gitattributesMissing", SGIT_FSCK_ERROR },
	[FSCK_GITATTRIBUTES_LARGE] = { "gitattributesLarge", SGIT_FSCK_ERROR },
	[FSCK_GITATTRIBUTES_LINE_LENGTH] = { "gitattributesLineLength", SGIT_FSCK_ERROR },
	[FSCK_GITATTRIBUTES_BLOB] = { "gitattributesBlob", SGIT_FSCK_ERROR },
	[FSCK_EMPTY_NAME] = { "emptyName", SGIT_FSCK_WARN },
	[FSCK_FULL_PATHNAME] = { "fullPathname", SGIT_FSCK_WARN },
	[FSCK_HAS_DOT] = { "hasDot", SGIT_FSCK_WARN },
	[FSCK_HAS_DOTDOT] = { "hasDotdot", SGIT_FSCK_WARN },
	[FSCK_HAS_DOTGIT] = { "hasDotgit", SGIT_FSCK_WARN },
	[FSCK_NULL_SHA1] = { "nullSha1", SGIT_FSCK_WARN },
	[FSCK_ZERO_PADDED_FILEMODE] = { "zeroPaddedFilemode", SGIT_FSCK_WARN },
	[FSCK_NUL_IN_COMMIT] = { "nulInCommit", SGIT_FSCK_WARN },
	[FSCK_BAD_FILEMODE] = { "badFilemode", SGIT_FSCK_INFO },
	[FSCK_GITMODULES_PARSE] = { "gitmodulesParse", SGIT_FSCK_INFO },
	[FSCK_GITIGNORE_SYMLINK] = { "gitignoreSymlink", SGIT_FSCK_INFO },
	[FSCK_GITATTRIBUTES_SYMLINK] = { "gitattributesSymlink", SGIT_FSCK_INFO },
	[FSCK_MAILMAP_SYMLINK] = { "mailmapSymlink", SGIT_FSCK_INFO },
	[FSCK_BAD_TAG_NAME] = { "badTagName", SGIT_FSCK_INFO },
	[FSCK_MISSING_TAGGER_ENTRY] = { "missingTaggerEntry", SGIT_FSCK_INFO },
	[FSCK_EXTRA_HEADER_ENTRY] = { "extraHeaderEntry", SGIT_FSCK_IGNORE },
};

size_t sgit_fsck_msg_count(void)
{
	return FSCK_MSG_MAX;
}

const char *sgit_fsck_msg_name(size_t i)
{
	return i < FSCK_MSG_MAX ? msgs[i].name : NULL;
}

enum sgit_fsck_severity sgit_fsck_msg_default(size_t i)
{
	return msgs[i].sev;
}

int sgit_fsck_msg_lookup(const char *name)
{
	size_t i;

	/* config keys arrive lowercased, so the camelCase is compared without case */
	for (i = 0; i < FSCK_MSG_MAX; i++)
		if (!strcasecmp(msgs[i].name, name))
			return (int)i;
	return -1;
}

void sgit_fsck_options_init(struct sgit_fsck_options *o)
{
	memset(o, 0, sizeof(*o));
}

void sgit_fsck_options_release(struct sgit_fsck_options *o)
{
	free(o->severity);
	free(o->skip);
	o->severity = NULL;
	o->skip = NULL;
	o->nskip = 0;
}

enum sgit_fsck_severity sgit_fsck_severity_of(const struct sgit_fsck_options *o, size_t msg)
{
	enum sgit_fsck_severity sev;

	if (o->severity)
		return o->severity[msg];
	sev = msgs[msg].sev;
	/* --strict turns warnings into errors; explicit settings are left alone */
	if (o->strict && sev == SGIT_FSCK_WARN)
		sev = SGIT_FSCK_ERROR;
	return sev;
}

int sgit_fsck_set_severity(struct sgit_fsck_options *o, const char *name, const char *value,
			   struct sgit_error *err)
{
	enum sgit_fsck_severity sev;
	int id = sgit_fsck_msg_lookup(name);
	size_t i;

	if (id < 0)
		return sgit_error_set(err, SGIT_EINVALID, "Unhandled message id: %s", name);
	if (value && !strcasecmp(value, "error"))
		sev = SGIT_FSCK_ERROR;
	else if (value && !strcasecmp(value, "warn"))
		sev = SGIT_FSCK_WARN;
	else if (value && !strcasecmp(value, "ignore"))
		sev = SGIT_FSCK_IGNORE;
	else
		return sgit_error_set(err, SGIT_EINVALID, "Unknown fsck message type: '%s'",
				      value ? value : "");
	if (sev != SGIT_FSCK_ERROR && msgs[id].sev == SGIT_FSCK_FATAL)
		return sgit_error_set(err, SGIT_EINVALID, "Cannot demote %s to %s", name, value);
	if (!o->severity) {
		unsigned char *v = malloc(FSCK_MSG_MAX);

		if (!v)
			return sgit_error_nomem(err);
		/* the defaults as --strict left them, before this setting */
		for (i = 0; i < FSCK_MSG_MAX; i++)
			v[i] = (unsigned char)sgit_fsck_severity_of(o, i);
		o->severity = v;
	}
	o->severity[id] = (unsigned char)sev;
	return 0;
}

static int oid_cmp_void(const void *a, const void *b)
{
	return sgit_oid_cmp(a, b);
}

int sgit_fsck_load_skiplist(struct sgit_fsck_options *o, const char *path, struct sgit_error *err)
{
	FILE *f = fopen(path, "r");
	char line[1024];
	size_t alloc = o->nskip;
	int rc = 0;

	if (!f)
		return sgit_error_set(err, SGIT_EOS, "could not open '%s': %s", path, strerror(errno));
	while (fgets(line, sizeof(line), f)) {
		struct sgit_oid id;
		size_t n = strcspn(line, "\r\n");

		line[n] = 0;
		if (!line[0] || line[0] == '#')
			continue;
		if (n != SGIT_OID_HEXSZ || sgit_oid_fromhex(&id, line) < 0) {
			rc = sgit_error_set(err, SGIT_EINVALID, "Invalid SHA-1: %s", line);
			goto out;
		}
		if (o->nskip == alloc) {
			struct sgit_oid *p = realloc(o->skip, (alloc = alloc * 2 + 16) * sizeof(*p));

			if (!p) {
				rc = sgit_error_nomem(err);
				goto out;
			}
			o->skip = p;
		}
		o->skip[o->nskip++] = id;
	}
	if (o->nskip)
		qsort(o->skip, o->nskip, sizeof(*o->skip), oid_cmp_void);
out:
	fclose(f);
	return rc;
}

int fsck_on_skiplist(const struct sgit_fsck_options *o, const struct sgit_oid *id)
{
	return id && o->nskip &&
	       bsearch(id, o->skip, o->nskip, sizeof(*o->skip), oid_cmp_void) != NULL;
}

/* git's report(): ignored and skipped findings vanish, fatal counts as error, info as warning. */
int fsck_report(const struct sgit_fsck_options *o, const struct sgit_oid *id,
		enum sgit_object_type type, enum fsck_msg msg, const char *fmt, ...)
{
	enum sgit_fsck_severity sev = sgit_fsck_severity_of(o, msg);
	char text[1024];
	va_list ap;

	if (sev == SGIT_FSCK_IGNORE || fsck_on_skiplist(o, id))
		return 0;
	if (sev == SGIT_FSCK_FATAL)
		sev = SGIT_FSCK_ERROR;
	else if (sev == SGIT_FSCK_INFO)
		sev = SGIT_FSCK_WARN;
	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	if (o->report)
		o->report(id, type, sev, msgs[msg].name, text, o->payload);
	return sev == SGIT_FSCK_ERROR;
}
