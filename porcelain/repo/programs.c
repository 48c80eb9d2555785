/* porcelain/repo/programs.c: the user's editor and pager */
#include <stdlib.h>
#include <string.h>
#include "sgit/programs.h"

static const char *env(struct sgit_repo *repo, sgit_getenv_fn fn, const char *name)
{
	if (repo)
		return sgit_repo_getenv(repo, name);
	return fn ? fn(name) : getenv(name);
}

/* A configured string; NULL when unset or a bare key. */
static const char *config(struct sgit_repo *repo, const struct sgit_config *cfg, const char *key)
{
	const struct sgit_config_entry *e;

	if (repo)
		cfg = sgit_repo_config(repo);
	if (!cfg || sgit_config_get_entry(&e, cfg, key) < 0)
		return NULL;
	return e->value;
}

const char *sgit_program_editor(struct sgit_repo *repo, sgit_getenv_fn getenv_fn,
				const struct sgit_config *cfg)
{
	const char *term = env(repo, getenv_fn, "TERM");
	const char *editor = env(repo, getenv_fn, "GIT_EDITOR");
	int dumb = !term || !strcmp(term, "dumb");

	if (!editor)
		editor = config(repo, cfg, "core.editor");
	/* a full-screen VISUAL cannot work on a dumb terminal; a line editor in EDITOR can */
	if (!editor && !dumb)
		editor = env(repo, getenv_fn, "VISUAL");
	if (!editor)
		editor = env(repo, getenv_fn, "EDITOR");
	if (!editor && !dumb)
		editor = SGIT_DEFAULT_EDITOR;
	return editor;
}

const char *sgit_program_pager(struct sgit_repo *repo, sgit_getenv_fn getenv_fn,
			       const struct sgit_config *cfg)
{
	const char *pager = env(repo, getenv_fn, "GIT_PAGER");

	if (!pager)
		pager = config(repo, cfg, "core.pager");
	if (!pager)
		pager = env(repo, getenv_fn, "PAGER");
	if (!pager)
		pager = SGIT_DEFAULT_PAGER;
	return *pager && strcmp(pager, "cat") ? pager : NULL;
}
