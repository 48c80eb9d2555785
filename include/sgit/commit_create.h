/* include/sgit/commit_create.h: the one place that builds commit objects, exactly as git writes them */
#ifndef SGIT_COMMIT_CREATE_H
#define SGIT_COMMIT_CREATE_H

#include <stddef.h>
#include "buf.h"
#include "commit.h"
#include "errors.h"
#include "oid.h"
#include "person.h"
#include "repo.h"

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

/*
 * A header written after the standard ones ("mergetag", a header carried
 * over by --amend...). value holds len bytes in the form git hands such
 * values around: the lines of the value, each ended by LF (a last line
 * without LF gets one when written). Empty: the header is "name LF".
 */
struct sgit_commit_extra_header {
	char *name;
	char *value;
	size_t len;
};

/* An ordered list of extra headers that owns its strings: SGIT_COMMIT_EXTRA_INIT, then _release(). */
struct sgit_commit_extra {
	struct sgit_commit_extra_header *items;
	size_t nr, alloc;
};
#define SGIT_COMMIT_EXTRA_INIT { NULL, 0, 0 }

/*
 * Append a copy of name and value to list. SGIT_EINVALID for a name that is
 * empty, holds a space or LF, or is one the writer sets itself (tree,
 * parent, author, committer, encoding), and for a NUL byte in value;
 * SGIT_ENOMEM. list is unchanged on failure.
 */
int sgit_commit_extra_add(struct sgit_commit_extra *list, const char *name, const char *value,
			  size_t len, struct sgit_error *err);
void sgit_commit_extra_release(struct sgit_commit_extra *list);

/* The headers that hold a signature of the commit ("gpgsig", "gpgsig-sha256"); NULL-terminated. */
extern const char *const sgit_commit_signature_headers[];

/*
 * Append to list the extra headers of the commit c, in their order: every
 * header but tree, parent, author, committer and encoding, minus those named
 * in exclude (NULL-terminated; NULL excludes nothing). Written again by
 * sgit_commit_build() they come out byte for byte as they were. This is
 * what "commit --amend" carries over, with exclude =
 * sgit_commit_signature_headers (a signature of the old commit is void).
 */
int sgit_commit_extra_from_commit(struct sgit_commit_extra *list, const struct sgit_commit *c,
				  const char *const *exclude, struct sgit_error *err);

/*
 * Signing: replace sig with the armored signature of payload, the complete
 * commit object built so far. The signature is stored in a "gpgsig" header
 * after every other header, as git stores signed commits.
 */
typedef int (*sgit_commit_sign_fn)(struct sgit_buf *sig, const char *payload, size_t len,
				   void *data, struct sgit_error *err);

struct sgit_commit_create_opts {
	const struct sgit_oid *tree;
	const struct sgit_oid *parents;		/* nparents ids, written in this order */
	size_t nparents;
	/*
	 * Identity lines "Name <email> 1112911993 -0700". NULL: looked up with
	 * sgit_person_ident() (strict) from person: GIT_AUTHOR_* for the author,
	 * GIT_COMMITTER_* for the committer, then the configuration. --author
	 * and --date are the caller's business: it passes author then.
	 */
	const char *author;
	const char *committer;
	/*
	 * For sgit_commit_create() when an identity is NULL (strict is forced
	 * on). Without repo, config and getenv it uses the repository's.
	 * NULL: an identity must be given.
	 */
	const struct sgit_person_options *person;
	/*
	 * i18n.commitEncoding. NULL, "utf-8" or "utf8" (any case): no encoding
	 * header, and the object is made valid UTF-8 (see converted below).
	 * sgit_commit_create() reads the configuration when it is NULL.
	 */
	const char *encoding;
	const struct sgit_commit_extra *extra;	/* after encoding, in order; NULL: none */
	const char *message;			/* used as given: clean it first (util/message.h) */
	size_t message_len;
	sgit_commit_sign_fn sign;		/* NULL: not signed */
	void *sign_data;
};
#define SGIT_COMMIT_CREATE_OPTS_INIT { NULL, NULL, 0, NULL, NULL, NULL, NULL, NULL, NULL, 0, NULL, NULL }

/* Which step sgit_commit_create() stopped at: git dies at some, reports an error at others. */
enum sgit_commit_create_step {
	SGIT_COMMIT_STEP_NONE = 0,
	SGIT_COMMIT_STEP_TREE,		/* "<hex> is not a valid 'tree' object" or "... valid object" (git dies) */
	SGIT_COMMIT_STEP_PARENT,	/* the same for "'commit'" (git dies) */
	SGIT_COMMIT_STEP_MESSAGE,	/* "a NUL byte in commit log message not allowed." */
	SGIT_COMMIT_STEP_IDENT,		/* an identity refused (git dies; see hint) */
	SGIT_COMMIT_STEP_BUILD,		/* a bad extra header, out of memory */
	SGIT_COMMIT_STEP_SIGN,		/* the sign callback failed */
	SGIT_COMMIT_STEP_WRITE,		/* the object store failed */
};

struct sgit_commit_create_result {
	struct sgit_oid id;
	/*
	 * 1 when the object was not valid UTF-8 (encoding being UTF-8): each
	 * bad byte was taken as Latin-1 and written as UTF-8, as git does; git
	 * then prints sgit_commit_utf8_warning().
	 */
	int converted;
	enum sgit_commit_create_step failed;
	const char *hint;	/* an identity refusal: git's advice to print before the error, or NULL */
};

/* git's warning for a converted message, three lines ending with LF (static text). */
const char *sgit_commit_utf8_warning(void);

/*
 * Replace out with the bytes of the commit (no odb access, not signed):
 * "tree", "parent" per parent, "author", "committer", "encoding" unless
 * UTF-8, the extra headers, an empty line and the message. opts->author and
 * opts->committer must be set. *converted (may be NULL) as in the result
 * above. SGIT_EINVALID for a missing identity, a LF in one, a NUL byte in
 * the message, a bad extra header; out is empty then.
 */
int sgit_commit_build(struct sgit_buf *out, int *converted, const struct sgit_commit_create_opts *opts,
		      struct sgit_error *err);

/*
 * Check that the tree is a tree and the parents are commits, decide the
 * missing identities and the encoding, build, sign when opts->sign is set,
 * and store the commit; out->id gets its id. On failure out->failed says
 * where, the message is in the repository's error slot, and out->hint is
 * set when git prints advice before it.
 */
int sgit_commit_create(struct sgit_commit_create_result *out, struct sgit_repo *repo,
		       const struct sgit_commit_create_opts *opts);

#pragma GCC visibility pop
#endif
