/* include/sgit/remote.h: remotes: remote.<name>.* settings, and git remote's edits of them */
#ifndef SGIT_REMOTE_H
#define SGIT_REMOTE_H

#include <stddef.h>
#include "buf.h"
#include "config.h"
#include "errors.h"
#include "refspec.h"
#include "repo.h"

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

/* remote.<name>.tagOpt: which tags a fetch brings. */
enum sgit_remote_tags {
	SGIT_REMOTE_TAGS_NONE = -1,	/* --no-tags */
	SGIT_REMOTE_TAGS_AUTO = 0,	/* unset: tags that point into what was fetched */
	SGIT_REMOTE_TAGS_ALL = 1,	/* --tags: every tag */
};

/* A remote as its configuration (every scope) describes it. Free with sgit_remote_free(). */
struct sgit_remote {
	char *name;
	char **urls;			/* remote.<name>.url in order, url.<base>.insteadOf applied */
	size_t nurls;
	/*
	 * remote.<name>.pushurl with insteadOf applied; when there is none,
	 * the URLs that a url.<base>.pushInsteadOf rewrites, rewritten (as git)
	 */
	char **pushurls;
	size_t npushurls;
	struct sgit_refspec_list fetch;	/* remote.<name>.fetch in order */
	struct sgit_refspec_list push;	/* remote.<name>.push in order */
	enum sgit_remote_tags tags;
	int prune;			/* remote.<name>.prune, else fetch.prune, else 0 */
	int prune_tags;			/* remote.<name>.pruneTags, else fetch.pruneTags, else 0 */
	int in_repo;			/* some remote.<name>.* is in the repository's own config */
};

/*
 * The remote name from cfg. SGIT_ENOTFOUND ("No such remote 'x'") when no
 * remote.<name>.* key is set anywhere; a bad fetch or push refspec is
 * SGIT_EINVALID ("invalid refspec 'x'"), a bad tagOpt-free boolean
 * (prune) SGIT_ECONFIG with git's message.
 */
int sgit_remote_from_config(struct sgit_remote **out, const struct sgit_config *cfg,
			    const char *name, struct sgit_error *err);
/* The same from the repository's configuration (errors in its error slot). */
int sgit_remote_lookup(struct sgit_remote **out, struct sgit_repo *repo, const char *name);
void sgit_remote_free(struct sgit_remote *remote);

/*
 * Names of every configured remote (any remote.<name>.* key, any scope), in
 * the order their first key appears; cb's non-zero return stops and is returned.
 */
typedef int (*sgit_remote_name_cb)(const char *name, void *payload);
int sgit_remote_foreach_name(const struct sgit_config *cfg, sgit_remote_name_cb cb, void *payload);

/* The remote a fetch or pull without one uses: branch.<current>.remote, else "origin". */
int sgit_remote_default_name(struct sgit_buf *out, struct sgit_repo *repo);

/* 1 when name can be a remote's name (refs/remotes/<name>/x must be a valid ref), else 0. */
int sgit_remote_name_is_valid(const char *name);
/* Replace out with url rewritten by the longest matching url.<base>.insteadOf (push: pushInsteadOf first). */
int sgit_remote_rewrite_url(struct sgit_buf *out, const struct sgit_config *cfg, const char *url,
			    int push);

/* ---- git remote's edits of the repository's own config file ---- */

struct sgit_remote_add_options {
	const char *const *track;	/* -t: branches to fetch (NULL or none: all of refs/heads/) */
	size_t ntrack;
	const char *master;		/* -m: refs/remotes/<name>/HEAD points at this branch */
	enum sgit_remote_tags tags;	/* --tags / --no-tags written as remote.<name>.tagOpt */
};
#define SGIT_REMOTE_ADD_OPTIONS_INIT { NULL, 0, NULL, SGIT_REMOTE_TAGS_AUTO }

/*
 * git remote add: remote.<name>.url and .fetch (every branch of refs/heads/
 * into refs/remotes/<name>/, or one line per tracked branch) written as git
 * writes them. SGIT_EINVALID
 * "'x' is not a valid remote name" (git: fatal), SGIT_EEXISTS "remote x
 * already exists." (git: error, exit 3). The repository's loaded
 * configuration is not updated: reopen it to see the remote.
 */
int sgit_remote_add(struct sgit_repo *repo, const char *name, const char *url,
		    const struct sgit_remote_add_options *opts);

/*
 * git remote remove: branch.<b>.remote/.merge (and .pushRemote) that name
 * it, remote.pushDefault when it names it, its remote-tracking refs (those
 * no other remote's fetch refspec also maps to) and the remote.<name>
 * section. skipped (may be NULL) is told about each local branch that a
 * fetch refspec maps into but that is left alone (git's "Note: A branch
 * outside the refs/remotes/ hierarchy was not removed"). SGIT_ENOTFOUND
 * "No such remote: 'x'" (git: error, exit 2).
 */
int sgit_remote_remove(struct sgit_repo *repo, const char *name,
		       void (*skipped)(const char *refname, void *payload), void *payload);

struct sgit_remote_rename_options {
	const char *committer;		/* identity line for the reflogs of renamed refs */
	/* Told about each fetch refspec left alone because it is not the default mapping. */
	void (*not_updated)(const char *refspec, void *payload);
	void *payload;
};
/*
 * git remote rename: the config section, default fetch refspecs rewritten,
 * branch.<b>.remote/.pushRemote and remote.pushDefault that named it, and
 * (when a refspec was rewritten) refs/remotes/<old>/... moved with their
 * reflogs ("remote: renamed A to B"). SGIT_ENOTFOUND "No such remote: 'x'"
 * (exit 2), SGIT_EEXISTS "remote x already exists." (exit 3), SGIT_EINVALID
 * for a bad new name.
 */
int sgit_remote_rename(struct sgit_repo *repo, const char *old_name, const char *new_name,
		       const struct sgit_remote_rename_options *opts);

enum sgit_remote_url_flags {
	SGIT_REMOTE_URL_PUSH = 1,	/* --push: remote.<name>.pushurl */
	SGIT_REMOTE_URL_ADD = 2,	/* --add */
	SGIT_REMOTE_URL_DELETE = 4,	/* --delete: old_url is a regex of URLs to remove */
};
/*
 * git remote set-url: new_url replaces the URL old_url (an extended regex)
 * matches, or the only one when old_url is NULL; with ADD it is added; with
 * DELETE the URLs old_url matches are removed. SGIT_ENOTFOUND "No such
 * remote 'x'" (exit 2); with git's fatal messages: SGIT_EINVALID "Invalid
 * old URL pattern: x", SGIT_ENOTFOUND "No such URL found: x", SGIT_EINVALID
 * "Will not delete all non-push URLs", SGIT_EAMBIGUOUS "could not set
 * 'remote.x.url' to 'y'" (git warns "remote.x.url has multiple values"
 * first), SGIT_ENOTFOUND "could not unset 'remote.x.url'".
 */
int sgit_remote_set_url(struct sgit_repo *repo, const char *name, const char *new_url,
			const char *old_url, unsigned flags);

#pragma GCC visibility pop
#endif
