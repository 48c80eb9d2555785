/* include/sgit/tag_create.h: making and deleting tags: annotated tag objects and refs/tags/<name> */
#ifndef SGIT_TAG_CREATE_H
#define SGIT_TAG_CREATE_H

#include <stddef.h>
#include "buf.h"
#include "errors.h"
#include "object.h"
#include "oid.h"
#include "repo.h"

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

/*
 * Check name as a tag name (refs/tags/<name> must be a valid ref name and
 * name must not start with '-') and replace refname with that ref.
 * SGIT_EINVALID "'x' is not a valid tag name." (git's text, full stop included).
 */
int sgit_tag_refname(struct sgit_buf *refname, const char *name, struct sgit_error *err);

/*
 * Replace out with the bytes of an annotated tag, exactly as git writes one:
 * "object <hex>\ntype <type>\ntag <name>\ntagger <tagger>\n\n<message>".
 * message is used as given (clean it first, see util/message.h); an empty
 * message still gets the empty line after the headers. SGIT_EINVALID for a
 * name or tagger holding a LF.
 */
int sgit_tag_build(struct sgit_buf *out, const struct sgit_oid *target, enum sgit_object_type type,
		   const char *name, const char *tagger, const char *message, size_t message_len,
		   struct sgit_error *err);

/*
 * Signing, for annotated tags: append to sig the signature of the payload
 * (the whole tag built so far: an armored detached signature for OpenPGP).
 * The tag stored is payload followed by sig, as git stores signed tags.
 */
typedef int (*sgit_tag_sign_fn)(struct sgit_buf *sig, const char *payload, size_t len,
				void *data, struct sgit_error *err);

struct sgit_tag_create_opts {
	const char *name;		/* short name: "v1.0" */
	const struct sgit_oid *target;	/* what is tagged (any type) */
	int annotated;			/* 0: a lightweight tag (the ref points at target) */
	const char *message;		/* annotated: the message, already cleaned up */
	size_t message_len;
	/*
	 * The identity line "Name <email> time tz" of the tagger (annotated)
	 * and of the reflog entry; the caller decides it (sgit_person_ident)
	 * so that it can print git's hints on a refusal.
	 */
	const char *committer;
	sgit_tag_sign_fn sign;		/* NULL: not signed */
	void *sign_data;
	int force;			/* replace an existing tag of that name */
	int create_reflog;		/* --create-reflog: log this update whatever the config says */
};
#define SGIT_TAG_CREATE_OPTS_INIT { NULL, NULL, 0, NULL, 0, NULL, NULL, NULL, 0, 0 }

/* What sgit_tag_create() did. */
struct sgit_tag_create_result {
	struct sgit_oid id;		/* what refs/tags/<name> points at now */
	struct sgit_oid prev;		/* what it pointed at before (zero: did not exist) */
	enum sgit_object_type target_type;
};

/*
 * Create (or with force replace) refs/tags/<name>: for an annotated tag the
 * tag object is built, signed when opts->sign is set, and stored first. The
 * ref is updated under its lock against the value read before (a tag made
 * meanwhile makes it fail); its reflog gets git's "tag: tagging ..." entry
 * when core.logAllRefUpdates or create_reflog asks for one (not by default). SGIT_EINVALID
 * for a bad name, SGIT_EEXISTS "tag 'x' already exists" without force,
 * SGIT_ENOTFOUND when target is not in the object store.
 */
int sgit_tag_create(struct sgit_tag_create_result *out, struct sgit_repo *repo,
		    const struct sgit_tag_create_opts *opts);

/*
 * git's reflog message for tagging target: "tag: tagging <abbrev> (<what>)",
 * <what> being a commit's first line and date, or the kind of object.
 */
int sgit_tag_reflog_message(struct sgit_buf *out, struct sgit_repo *repo,
			    const struct sgit_oid *target);

/*
 * The message of the annotated tag id, without its signature, for the editor
 * when a tag is replaced (empty for anything but a tag).
 */
int sgit_tag_body(struct sgit_buf *out, struct sgit_repo *repo, const struct sgit_oid *id);

/* Delete refs/tags/<name>; *was gets its value. SGIT_ENOTFOUND "tag 'x' not found." */
int sgit_tag_delete(struct sgit_oid *was, struct sgit_repo *repo, const char *name);

#pragma GCC visibility pop
#endif
