/* porcelain/remote/remote_edit_int.h: helpers shared by the edits of git remote (remote_edit*.c) */
#ifndef SGIT_PORCELAIN_REMOTE_EDIT_INT_H
#define SGIT_PORCELAIN_REMOTE_EDIT_INT_H

#include "porcelain/remote/remote_int.h"
#include "sgit/config.h"
#include "sgit/repo.h"

/* One edit of the repository's own config file ("<common dir>/config"). */
int sgit_remote__edit(struct sgit_repo *repo, enum sgit_config_edit how, const char *key,
		      const char *value, const char *value_regex);
/*
 * The same with the key made from fmt and a; unsetting what is not there
 * succeeds, other failures get git's "could not set 'k' to 'v'" or
 * "could not unset 'k'" (the code kept).
 */
int sgit_remote__editf(struct sgit_repo *repo, enum sgit_config_edit how, const char *value,
		       const char *value_regex, const char *fmt, const char *a);
/* The remote name when the repository's own config sets some remote.<name>.*, else SGIT_ENOTFOUND. */
int sgit_remote__configured(struct sgit_remote **out, struct sgit_repo *repo, const char *name);

/* Which remote each branch's branch.<b>.remote and .pushRemote name (the last value of each). */
struct branch_link {
	char *name;
	const char *remote, *push_remote;	/* borrowed from the repository's config; may be NULL */
};
struct branch_links {
	struct branch_link *v;
	size_t n;
};
int sgit_remote__branch_links(struct branch_links *out, struct sgit_repo *repo);
void sgit_remote__branch_links_release(struct branch_links *b);

/* remote.pushDefault naming old_name in the repository's config: set to new_name, or unset (NULL). */
int sgit_remote__push_default(struct sgit_repo *repo, const char *old_name, const char *new_name);

#endif
