/* porcelain/maintenance/fsck_object.c: git's per-object checks of commits, tags and idents, over (buffer, length) */
#include <ctype.h>
#include <stdio.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "sgit/fsck.h"
#include "sgit/refs.h"
#include "porcelain/maintenance/fsck_int.h"

/* The headers must end in a newline before any NUL: git refuses to look further otherwise. */
static int check_headers(const struct sgit_fsck_options *o, const struct sgit_oid *id,
			 enum sgit_object_type type, const char *buf, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		if (buf[i] == '\0') {
			fsck_report(o, id, type, FSCK_NUL_IN_HEADER, "unterminated header: NUL at offset %zu", i);
			return -1;
		}
		if (buf[i] == '\n' && i + 1 < len && buf[i + 1] == '\n')
			return 0;
	}
	if (len && buf[len - 1] == '\n')
		return 0;
	fsck_report(o, id, type, FSCK_UNTERMINATED_HEADER, "unterminated header");
	return -1;
}

static const char *skip(const char *p, const char *end, const char *prefix)
{
	size_t n = strlen(prefix);

	return (size_t)(end - p) >= n && !memcmp(p, prefix, n) ? p + n : NULL;
}

static const char *find_nl(const char *p, const char *end)
{
	const char *nl = memchr(p, '\n', end - p);

	return nl ? nl : end;
}

/* A 40-digit id ending the line at p: the line's end, or NULL. */
static const char *hex_line(const char *p, const char *end)
{
	struct sgit_oid id;

	if (end - p < SGIT_OID_HEXSZ + 1 || sgit_oid_fromhexn(&id, p, SGIT_OID_HEXSZ) < 0 ||
	    p[SGIT_OID_HEXSZ] != '\n')
		return NULL;
	return p + SGIT_OID_HEXSZ;
}

/* Bytes span of the characters c; git's strcspn on a NUL-free header. */
static const char *upto(const char *p, const char *end, const char *set)
{
	while (p < end && !strchr(set, *p))
		p++;
	return p;
}

/* A decimal timestamp that time_t (signed 64 bits) cannot hold, as git's date_overflows. */
static int date_overflows(const char *p, const char *end, const char **stop)
{
	uint64_t v = 0;
	int over = 0;

	for (*stop = p; *stop < end && isdigit((unsigned char)**stop); (*stop)++) {
		unsigned d = (unsigned)(**stop - '0');

		if (v > (UINT64_MAX - d) / 10)
			over = 1;
		else
			v = v * 10 + d;
	}
	return over || v > INT64_MAX || v == UINT64_MAX;
}

int sgit_fsck_check_ident(const struct sgit_fsck_options *o, const struct sgit_oid *id,
			  enum sgit_object_type type, const char *p, const char *end,
			  const char **next)
{
	const char *nl = find_nl(p, end), *stop;

	*next = nl < end ? nl + 1 : nl;
	if (p < end && *p == '<')
		return fsck_report(o, id, type, FSCK_MISSING_NAME_BEFORE_EMAIL,
				   "invalid author/committer line - missing space before email");
	p = upto(p, end, "<>\n");
	if (p < end && *p == '>')
		return fsck_report(o, id, type, FSCK_BAD_NAME, "invalid author/committer line - bad name");
	if (p >= end || *p != '<')
		return fsck_report(o, id, type, FSCK_MISSING_EMAIL,
				   "invalid author/committer line - missing email");
	if (p[-1] != ' ')
		return fsck_report(o, id, type, FSCK_MISSING_SPACE_BEFORE_EMAIL,
				   "invalid author/committer line - missing space before email");
	p = upto(p + 1, end, "<>\n");
	if (p >= end || *p != '>')
		return fsck_report(o, id, type, FSCK_BAD_EMAIL, "invalid author/committer line - bad email");
	p++;
	if (p >= end || *p != ' ')
		return fsck_report(o, id, type, FSCK_MISSING_SPACE_BEFORE_DATE,
				   "invalid author/committer line - missing space before date");
	p++;
	if (p < end && *p == '0' && p + 1 < end && p[1] != ' ')
		return fsck_report(o, id, type, FSCK_ZERO_PADDED_DATE,
				   "invalid author/committer line - zero-padded date");
	if (date_overflows(p, end, &stop))
		return fsck_report(o, id, type, FSCK_BAD_DATE_OVERFLOW,
				   "invalid author/committer line - date causes integer overflow");
	if (stop == p || stop >= end || *stop != ' ')
		return fsck_report(o, id, type, FSCK_BAD_DATE, "invalid author/committer line - bad date");
	p = stop + 1;
	if (end - p < 6 || (*p != '+' && *p != '-') || !isdigit((unsigned char)p[1]) ||
	    !isdigit((unsigned char)p[2]) || !isdigit((unsigned char)p[3]) ||
	    !isdigit((unsigned char)p[4]) || p[5] != '\n')
		return fsck_report(o, id, type, FSCK_BAD_TIMEZONE,
				   "invalid author/committer line - bad time zone");
	return 0;
}

static int check_commit(const struct sgit_fsck_options *o, const struct sgit_oid *id,
			const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len, *q;
	const enum sgit_object_type T = SGIT_OBJ_COMMIT;
	int authors = 0, err;

	if (check_headers(o, id, T, buf, len))
		return 1;
	if (!(p = skip(buf, end, "tree ")))
		return fsck_report(o, id, T, FSCK_MISSING_TREE, "invalid format - expected 'tree' line");
	if (!(q = hex_line(p, end))) {
		if ((err = fsck_report(o, id, T, FSCK_BAD_TREE_SHA1, "invalid 'tree' line format - bad sha1")))
			return err;
		q = find_nl(p, end);
	}
	p = q < end ? q + 1 : q;
	while ((q = skip(p, end, "parent "))) {
		if (!(p = hex_line(q, end))) {
			if ((err = fsck_report(o, id, T, FSCK_BAD_PARENT_SHA1,
					       "invalid 'parent' line format - bad sha1")))
				return err;
			p = find_nl(q, end);
		}
		p = p < end ? p + 1 : p;
	}
	while ((q = skip(p, end, "author "))) {
		authors++;
		if ((err = sgit_fsck_check_ident(o, id, T, q, end, &p)))
			return err;
	}
	err = 0;
	if (authors < 1)
		err = fsck_report(o, id, T, FSCK_MISSING_AUTHOR, "invalid format - expected 'author' line");
	else if (authors > 1)
		err = fsck_report(o, id, T, FSCK_MULTIPLE_AUTHORS, "invalid format - multiple 'author' lines");
	if (err)
		return err;
	if (!(q = skip(p, end, "committer ")))
		return fsck_report(o, id, T, FSCK_MISSING_COMMITTER,
				   "invalid format - expected 'committer' line");
	if ((err = sgit_fsck_check_ident(o, id, T, q, end, &p)))
		return err;
	if (memchr(buf, '\0', len))
		return fsck_report(o, id, T, FSCK_NUL_IN_COMMIT, "NUL byte in the commit object body");
	return 0;
}

/* The tag's "type" and "tag" lines; p is past the object line. */
static int check_tag_names(const struct sgit_fsck_options *o, const struct sgit_oid *id,
			   const char **pp, const char *end)
{
	const enum sgit_object_type T = SGIT_OBJ_TAG;
	const char *p = *pp, *q, *nl;
	char name[1024];
	int err = 0;

	if (!(q = skip(p, end, "type ")))
		return fsck_report(o, id, T, FSCK_MISSING_TYPE_ENTRY, "invalid format - expected 'type' line") ? 1 : -1;
	if (!(nl = memchr(q, '\n', end - q)))
		return fsck_report(o, id, T, FSCK_MISSING_TYPE,
				   "invalid format - unexpected end after 'type' line") ? 1 : -1;
	if (sgit_object_type_from_name(q, nl - q) == SGIT_OBJ_BAD &&
	    (err = fsck_report(o, id, T, FSCK_BAD_TYPE, "invalid 'type' value")))
		return err;
	if (!(q = skip(nl + 1, end, "tag ")))
		return fsck_report(o, id, T, FSCK_MISSING_TAG_ENTRY, "invalid format - expected 'tag' line") ? 1 : -1;
	if (!(nl = memchr(q, '\n', end - q)))
		return fsck_report(o, id, T, FSCK_MISSING_TAG,
				   "invalid format - unexpected end after 'type' line") ? 1 : -1;
	snprintf(name, sizeof(name), "refs/tags/%.*s", (int)(nl - q), q);
	if (sgit_refname_is_valid(name, 0, NULL) <= 0 &&
	    (err = fsck_report(o, id, T, FSCK_BAD_TAG_NAME, "invalid 'tag' name: %.*s", (int)(nl - q), q)))
		return err;
	*pp = nl + 1;
	return 0;
}

static int check_tag(const struct sgit_fsck_options *o, const struct sgit_oid *id,
		     const char *buf, size_t len)
{
	const enum sgit_object_type T = SGIT_OBJ_TAG;
	const char *p, *q, *end = buf + len;
	int err;

	if (check_headers(o, id, T, buf, len))
		return 1;
	if (!(p = skip(buf, end, "object ")))
		return fsck_report(o, id, T, FSCK_MISSING_OBJECT, "invalid format - expected 'object' line");
	if (!(q = hex_line(p, end))) {
		if ((err = fsck_report(o, id, T, FSCK_BAD_OBJECT_SHA1, "invalid 'object' line format - bad sha1")))
			return err;
		q = find_nl(p, end);
	}
	p = q < end ? q + 1 : q;
	if ((err = check_tag_names(o, id, &p, end)))
		return err < 0 ? 0 : err;
	if (!(q = skip(p, end, "tagger "))) {
		if ((err = fsck_report(o, id, T, FSCK_MISSING_TAGGER_ENTRY,
				       "invalid format - expected 'tagger' line")))
			return err;
	} else {
		err = sgit_fsck_check_ident(o, id, T, q, end, &p);
	}
	if (p < end && *p != '\n')
		err = fsck_report(o, id, T, FSCK_EXTRA_HEADER_ENTRY,
				  "invalid format - extra header(s) after 'tagger'");
	return err;
}

int sgit_fsck_check_object(const struct sgit_fsck_options *o, const struct sgit_oid *id,
			   enum sgit_object_type type, const void *data, size_t len)
{
	switch (type) {
	case SGIT_OBJ_BLOB:
		return 0;
	case SGIT_OBJ_TREE:
		return fsck_check_tree(o, id, data, len);
	case SGIT_OBJ_COMMIT:
		return check_commit(o, id, data, len);
	case SGIT_OBJ_TAG:
		return check_tag(o, id, data, len);
	default:
		return fsck_report(o, id, type, FSCK_UNKNOWN_TYPE,
				   "unknown type '%d' (internal fsck error)", (int)type);
	}
}

/*
 * What git's object parser refuses before fsck looks at a commit or a tag:
 * such an object is "corrupt" rather than checked. 0 when it parses; -1
 * with msg holding git's error line, or empty when git says nothing more.
 */
int fsck_git_parses(enum sgit_object_type type, const char *buf, size_t len, const char *hex,
		    char *msg, size_t msgsz)
{
	const char *p = buf, *end = buf + len, *nl;
	struct sgit_oid id;

	msg[0] = 0;
	if (type == SGIT_OBJ_COMMIT) {
		if (len <= 46 || memcmp(buf, "tree ", 5) || buf[45] != '\n')
			return snprintf(msg, msgsz, "bogus commit object %s", hex), -1;
		if (sgit_oid_fromhexn(&id, buf + 5, 40) < 0)
			return snprintf(msg, msgsz, "bad tree pointer in commit %s", hex), -1;
		for (p = buf + 46; p + 47 < end && !memcmp(p, "parent ", 7); p += 48)
			if (end <= p + 48 || sgit_oid_fromhexn(&id, p + 7, 40) < 0 || p[47] != '\n')
				return snprintf(msg, msgsz, "bad parents in commit %s", hex), -1;
		return 0;
	}
	if (type != SGIT_OBJ_TAG)
		return 0;
	if (len < 64 || memcmp(p, "object ", 7) || sgit_oid_fromhexn(&id, p + 7, 40) < 0 || p[47] != '\n')
		return -1;
	p += 48;
	if (end - p < 5 || memcmp(p, "type ", 5))
		return -1;
	p += 5;
	if (!(nl = memchr(p, '\n', end - p)) || nl - p >= 20)
		return -1;
	if (sgit_object_type_from_name(p, (size_t)(nl - p)) == SGIT_OBJ_BAD)
		return snprintf(msg, msgsz, "unknown tag type '%.*s' in %s", (int)(nl - p), p, hex), -1;
	p = nl + 1;
	if (!(p + 4 < end && !memcmp(p, "tag ", 4)) || !memchr(p + 4, '\n', end - p - 4))
		return -1;
	return 0;
}
