/* include/sgit/fetch.h: fetch from and clone a repository on this machine, and FETCH_HEAD */
#ifndef SGIT_FETCH_H
#define SGIT_FETCH_H

#include <stddef.h>
#include "buf.h"
#include "checkout.h"
#include "errors.h"
#include "oid.h"
#include "repo.h"

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

/* How a fetched ref is listed in FETCH_HEAD (the order: merge first). */
enum sgit_fetch_head_status {
	SGIT_FETCH_HEAD_MERGE = 0,		/* a candidate for pull to merge */
	SGIT_FETCH_HEAD_NOT_FOR_MERGE = 1,	/* listed with "not-for-merge" */
	SGIT_FETCH_HEAD_IGNORE = 2,		/* not listed (a remote-tracking ref updated on the way) */
};

/* What happened to the local ref of one fetched ref; the letter is git's summary flag. */
enum sgit_fetch_update {
	SGIT_FETCH_UPDATE_NONE,		/* '*' no local ref: "branch x -> FETCH_HEAD" */
	SGIT_FETCH_UPDATE_UP_TO_DATE,	/* '=' [up to date], shown with -v only */
	SGIT_FETCH_UPDATE_NEW,		/* '*' [new tag], [new branch] or [new ref] */
	SGIT_FETCH_UPDATE_FAST_FORWARD,	/* ' ' old..new */
	SGIT_FETCH_UPDATE_FORCED,	/* '+' old...new (forced update) */
	SGIT_FETCH_UPDATE_TAG,		/* 't' [tag update] (--force) */
	SGIT_FETCH_UPDATE_REJECTED,	/* '!' [rejected] (non-fast-forward) */
	SGIT_FETCH_UPDATE_REJECTED_TAG,	/* '!' [rejected] (would clobber existing tag) */
	SGIT_FETCH_UPDATE_PRUNED,	/* '-' [deleted] (none) -> x (--prune) */
	SGIT_FETCH_UPDATE_DANGLING,	/* after a pruned ref: the symbolic ref local_name now dangles */
};

/* One fetched (or pruned) ref, as git's summary and FETCH_HEAD show it. */
struct sgit_fetch_ref {
	char *remote_name;	/* full name on the other side ("HEAD", "refs/tags/v1.0"); NULL when pruned */
	char *local_name;	/* the ref written here, or NULL (FETCH_HEAD only) */
	struct sgit_oid oid;	/* the other side's value, unpeeled: a tag's own id */
	struct sgit_oid old_oid;	/* local_name's value before the fetch; zero when it did not exist */
	enum sgit_fetch_head_status fetch_head;
	enum sgit_fetch_update update;
	/*
	 * 0: pruned refs; 1: the refs asked for and the tags that came with
	 * them; 2: tags that point into the history fetched, stored after the
	 * others (git shows each group with its own column widths).
	 */
	int group;
	int force;		/* the refspec allowed a non-fast-forward update ('+') */
	/*
	 * The ref could not be written (update says what was tried; git shows
	 * '!' and "unable to update local ref"): why, as git prints it after
	 * "error: ". NULL when it was written.
	 */
	char *error;
};

/* What a fetch did. Caller-owned: SGIT_FETCH_RESULT_INIT, filled by sgit_fetch(), then _release. */
struct sgit_fetch_result {
	/* The other side as FETCH_HEAD and "From <url>" show it (trailing "/" and ".git" cut). */
	char *url;
	char *remote_name;	/* the configured remote fetched from, or NULL for a path or URL */
	/*
	 * In the order git reports them: pruned refs, then each group as
	 * FETCH_HEAD lists it (merge candidates, not-for-merge, then the
	 * remote-tracking refs updated on the way).
	 */
	struct sgit_fetch_ref *refs;
	size_t nrefs, alloc;
	size_t failed;		/* refs rejected or not written: git exits 1 */
	size_t objects;		/* objects copied (one new pack) */
	struct sgit_buf fetch_head;	/* the lines written to FETCH_HEAD */
	struct sgit_buf warnings;	/* git's "warning: " messages, one per line, without the prefix */
	struct sgit_buf errors;		/* git's "error: " messages (refs ignored), likewise */
};
#define SGIT_FETCH_RESULT_INIT { NULL, NULL, NULL, 0, 0, 0, 0, SGIT_BUF_INIT, SGIT_BUF_INIT, SGIT_BUF_INIT }
/* Free what res holds; it is empty and usable again. */
void sgit_fetch_result_release(struct sgit_fetch_result *res);

/* Which tags come along; SGIT_FETCH_TAGS_DEFAULT leaves it to remote.<name>.tagOpt. */
enum sgit_fetch_tags {
	SGIT_FETCH_TAGS_DEFAULT = 0,	/* tags that point into what is fetched (when refs are stored) */
	SGIT_FETCH_TAGS_ALL = 1,	/* --tags: every tag of the other side as well */
	SGIT_FETCH_TAGS_NONE = 2,	/* --no-tags */
};

struct sgit_fetch_options {
	/* A configured remote's name, a path or a file:// URL; NULL: branch.<cur>.remote, else "origin". */
	const char *remote;
	const char *const *refspecs;	/* from the command line; none: the remote's remote.<name>.fetch */
	size_t nrefspecs;
	int force;			/* --force: every update may be a non-fast-forward */
	enum sgit_fetch_tags tags;
	int prune;			/* --prune: 1, --no-prune: 0, -1: remote.<name>.prune / fetch.prune */
	int update_head_ok;		/* --update-head-ok: the checked-out branch may be written */
	int no_write_fetch_head;	/* --no-write-fetch-head */
	int append;			/* --append: add to FETCH_HEAD instead of replacing it */
	/* The reflog message's start ("fetch origin": git's GIT_REFLOG_ACTION); NULL: "fetch". */
	const char *reflog_action;
	const char *committer;		/* "Name <email> <time> <tz>" for reflogs (required when logged) */
	/* Called now and then while objects are copied; done == total at the end. */
	void (*progress)(size_t done, size_t total, void *payload);
	void *progress_payload;
};
#define SGIT_FETCH_OPTIONS_INIT { NULL, NULL, 0, 0, SGIT_FETCH_TAGS_DEFAULT, -1, 0, 0, 0, NULL, \
				  NULL, NULL, NULL }

/*
 * git fetch [<repository> [<refspec>...]] from a repository on this machine
 * (a path, relative to the top of the work tree, or a file:// URL, made by
 * git or sgit): refspec sources are found among the other side's refs by
 * the DWIM table (sgit_dwim_match), the objects we lack are copied as one
 * pack and index (each object hashed before the pack is named), local refs
 * are updated fast-forward only unless forced, tags are followed as git
 * does, FETCH_HEAD is written as git writes it. A ref that cannot be
 * updated is a verdict in res (res->failed), not an error. Errors (nothing
 * changed but objects perhaps copied; FETCH_HEAD and refs untouched):
 * SGIT_ENOTREPO "'x' does not appear to be a git repository" (git adds
 * "Could not read from remote repository." and its advice),
 * SGIT_ENOTFOUND "couldn't find remote ref x", SGIT_EINVALID "refusing to
 * fetch into branch 'refs/heads/x' checked out at '/path'", a bad refspec,
 * SGIT_ECORRUPT for a damaged object on the other side. Without any remote
 * configured and none named, nothing is done and 0 returned (as git).
 */
int sgit_fetch(struct sgit_fetch_result *res, struct sgit_repo *repo,
	       const struct sgit_fetch_options *opts);

/*
 * Replace out with url as FETCH_HEAD and "From" show it: trailing slashes
 * removed, then a trailing ".git" (so "../there/.git" is "../there/").
 */
int sgit_fetch_display_url(struct sgit_buf *out, const char *url);

/*
 * Append the FETCH_HEAD line of one ref: "<id> TAB [not-for-merge] TAB
 * [<kind> '<name>' of ]<url> LF" ("branch 'main' of ../there"; HEAD has no
 * description; a ref outside heads/tags/remotes is "'refs/x' of").
 */
int sgit_fetch_head_add_line(struct sgit_buf *out, const struct sgit_oid *id, int not_for_merge,
			     const char *remote_name, const char *display_url);

/* ---- clone ---- */

struct sgit_clone_options {
	const char *source;		/* a path (relative to the current directory) or file:// URL */
	const char *dir;		/* where to clone to; NULL: guessed from source as git does */
	int bare;			/* --bare */
	int no_checkout;		/* --no-checkout */
	const char *branch;		/* -b: this branch (or tag: HEAD detached) instead of the other side's HEAD */
	const char *origin;		/* -o: the remote's name; NULL: clone.defaultRemoteName, else "origin" */
	const char *committer;		/* for the reflogs */
	/*
	 * From a path, git takes the objects folder whole, hardlinked
	 * (copied with no_hardlinks); no_local copies only what the refs
	 * reach, as one checked pack, as a fetch does (a file:// URL always).
	 */
	int no_local;
	int no_hardlinks;
	const struct sgit_repo_options *repo_opts;	/* environment and -c for the new repository */
	/*
	 * Called once the source and the destination passed their checks,
	 * before anything is made (git says "Cloning into 'x'..." then).
	 */
	void (*started)(const char *dir, int bare, void *payload);
	void (*progress)(size_t done, size_t total, void *payload);
	void *payload;			/* for both callbacks */
};
#define SGIT_CLONE_OPTIONS_INIT { NULL, NULL, 0, 0, NULL, NULL, NULL, 0, 0, NULL, NULL, NULL, NULL }

/* What clone made. Caller-owned: SGIT_CLONE_RESULT_INIT, then _release. */
struct sgit_clone_result {
	char *dir;		/* the folder made (or filled), as the user named it or guessed */
	int local_path;		/* the objects folder was taken whole (git then says "done.") */
	int empty;		/* the other side has no refs: "You appear to have cloned an empty repository." */
	int dangling_head;	/* its HEAD names a missing branch: nothing was checked out */
	char *detached;		/* HEAD was detached at this tag or commit (hex), else NULL */
	size_t objects;
	struct sgit_buf errors;	/* git's "error: " messages (refs ignored), one per line, no prefix */
	int checkout_failed;	/* the clone stands, but its checkout failed (the error says why) */
	struct sgit_checkout_pathlist invalid;	/* the paths that failed it, when git refuses them */
};
#define SGIT_CLONE_RESULT_INIT { NULL, 0, 0, 0, NULL, 0, SGIT_BUF_INIT, 0, { NULL, 0, 0 } }
/* Free what res holds; it is empty and usable again. */
void sgit_clone_result_release(struct sgit_clone_result *res);

/*
 * Replace out with the folder git clone makes for source when none is
 * given: its last path component without "/.git" or ".git" (bare: with
 * ".git" added).
 */
int sgit_clone_guess_dir(struct sgit_buf *out, const char *source, int bare);

/*
 * git clone <source> [<dir>]: the repository is initialised, its remote
 * configured as git writes it (remote.<o>.url as an absolute path,
 * .fetch, branch.<b>.remote/.merge), every branch and tag copied
 * (remote-tracking refs and tags packed as git does, refs/remotes/<o>/HEAD
 * pointing at the other side's branch), HEAD set to the other side's
 * branch (or opts->branch) and checked out. When out is not NULL the new
 * repository is opened into it. On failure the folder (made by clone) is
 * removed again; errors go to err with git's messages: SGIT_ENOTREPO
 * "repository 'x' does not exist", SGIT_EEXISTS "destination path 'x'
 * already exists and is not an empty directory.", SGIT_ENOTFOUND "Remote
 * branch x not found in upstream origin".
 */
int sgit_clone(struct sgit_repo **out, struct sgit_clone_result *res,
	       const struct sgit_clone_options *opts, struct sgit_error *err);

#pragma GCC visibility pop
#endif
