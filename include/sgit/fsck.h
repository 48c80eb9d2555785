/* include/sgit/fsck.h: git fsck: per-object checks with git's message ids, and the reachability walk */
#ifndef SGIT_FSCK_H
#define SGIT_FSCK_H

#include <stddef.h>
#include "errors.h"
#include "object.h"
#include "oid.h"

#pragma GCC visibility push(default)

struct sgit_repo;

/* How a finding counts, as git's fsck.<msg-id> values (ordered by weight). */
enum sgit_fsck_severity {
	SGIT_FSCK_IGNORE,
	SGIT_FSCK_INFO,		/* shown as a warning, ignored by default */
	SGIT_FSCK_WARN,
	SGIT_FSCK_ERROR,
	SGIT_FSCK_FATAL,	/* an error that fsck.<id> cannot demote */
};

/* The number of message ids git 2.39 knows; ids are indexes of its table. */
size_t sgit_fsck_msg_count(void);
/* The camelCase name ("badDate") of message id i. */
const char *sgit_fsck_msg_name(size_t i);
enum sgit_fsck_severity sgit_fsck_msg_default(size_t i);
/* The index of a name, compared without case and ignoring '_'; -1 when unknown. */
int sgit_fsck_msg_lookup(const char *name);

/* What the per-object checks report through. */
typedef void (*sgit_fsck_report_cb)(const struct sgit_oid *id, enum sgit_object_type type,
				    enum sgit_fsck_severity sev, const char *msg_name,
				    const char *text, void *payload);

/* Settings of the checks. Caller-owned: sgit_fsck_options_init, then _release. */
struct sgit_fsck_options {
	unsigned char *severity;	/* per message id; NULL: the defaults */
	int strict;			/* --strict: warnings count as errors, 100664 is bad */
	struct sgit_oid *skip;		/* fsck.skipList, sorted */
	size_t nskip;
	sgit_fsck_report_cb report;
	void *payload;
};
void sgit_fsck_options_init(struct sgit_fsck_options *o);
void sgit_fsck_options_release(struct sgit_fsck_options *o);
/* fsck.<name>=value: SGIT_EINVALID for a bad value or demoting a fatal id; 1 for an unknown name. */
int sgit_fsck_set_severity(struct sgit_fsck_options *o, const char *name, const char *value,
			   struct sgit_error *err);
/* Read fsck.skipList's file: one hex id a line, '#' comments. */
int sgit_fsck_load_skiplist(struct sgit_fsck_options *o, const char *path, struct sgit_error *err);
/* The severity a message gets under o (--strict and fsck.<id> applied). */
enum sgit_fsck_severity sgit_fsck_severity_of(const struct sgit_fsck_options *o, size_t msg);

/*
 * Check the content of one object as git's fsck does, reporting each finding
 * through o->report. Pure: reads only data[0..len). Returns the number of
 * findings that count as errors (0 when clean or only warnings).
 */
int sgit_fsck_check_object(const struct sgit_fsck_options *o, const struct sgit_oid *id,
			   enum sgit_object_type type, const void *data, size_t len);
/* The author/committer/tagger value check alone (text after "author "), for tests. */
int sgit_fsck_check_ident(const struct sgit_fsck_options *o, const struct sgit_oid *id,
			  enum sgit_object_type type, const char *p, const char *end,
			  const char **next);


/* ---- the whole repository ---- */
enum sgit_fsck_flags {
	SGIT_FSCK_UNREACHABLE = 1,	/* --unreachable */
	SGIT_FSCK_DANGLING = 2,		/* on by default */
	SGIT_FSCK_ROOT = 4,
	SGIT_FSCK_TAGS = 8,
	SGIT_FSCK_CACHE = 16,		/* the index as a root even with objects given */
	SGIT_FSCK_REFLOGS = 32,		/* on by default */
	SGIT_FSCK_CONNECTIVITY_ONLY = 64,
	SGIT_FSCK_VERBOSE = 128,
	SGIT_FSCK_LOST_FOUND = 256,
	SGIT_FSCK_NAME_OBJECTS = 512,
	SGIT_FSCK_FULL = 1024,		/* on by default: packs too */
	SGIT_FSCK_STRICT = 2048,
	SGIT_FSCK_PROGRESS = 4096,
};

/* A line of output: to stdout (is_err 0) or stderr; text without the final newline. */
typedef void (*sgit_fsck_line_cb)(int is_err, const char *text, void *payload);

struct sgit_fsck_run {
	unsigned flags;
	const struct sgit_oid *objects;	/* object arguments, resolved by the caller */
	const char *const *object_names;	/* as given, for --name-objects */
	const unsigned char *object_bad;	/* 1 where the name did not resolve */
	size_t nobjects;
	sgit_fsck_line_cb line;
	void *payload;
};

/*
 * Run git's fsck over repo: check every object, walk from the roots (refs,
 * HEAD, reflogs, the index; or the objects given) and report what is
 * missing, dangling or unreachable through run->line, in git's words. *exit_code
 * gets git's exit status (bits: 1 object, 2 reachability, 8 refs). < 0 only
 * when fsck could not run at all.
 */
int sgit_fsck(int *exit_code, struct sgit_repo *repo, const struct sgit_fsck_run *run);

#pragma GCC visibility pop

#endif
