/* include/sgit/programs.h: which editor and pager the user wants, as git decides */
#ifndef SGIT_PROGRAMS_H
#define SGIT_PROGRAMS_H

#include "config.h"
#include "repo.h"

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

/*
 * The fallbacks when nothing is set: git's upstream defaults. Distributions
 * build git with others (Debian: "editor" and "pager"); so can we, with
 * -DSGIT_DEFAULT_EDITOR='"editor"'.
 */
#ifndef SGIT_DEFAULT_EDITOR
#define SGIT_DEFAULT_EDITOR "vi"
#endif
#ifndef SGIT_DEFAULT_PAGER
#define SGIT_DEFAULT_PAGER "less"
#endif

/*
 * Environment and configuration come from repo when it is not NULL, else
 * from getenv (NULL: getenv(3)) and cfg (may be NULL). The strings returned
 * are borrowed from there (or are static text); they are shell snippets.
 */

/*
 * GIT_EDITOR, core.editor, VISUAL (not on a dumb terminal), EDITOR, else
 * SGIT_DEFAULT_EDITOR. NULL when the terminal is dumb (TERM unset or "dumb")
 * and none of them is set: there is no editor to run.
 */
const char *sgit_program_editor(struct sgit_repo *repo, sgit_getenv_fn getenv,
				const struct sgit_config *cfg);

/*
 * GIT_PAGER, core.pager, PAGER, else SGIT_DEFAULT_PAGER. NULL when the
 * choice is "" or "cat": output is not to be paged.
 */
const char *sgit_program_pager(struct sgit_repo *repo, sgit_getenv_fn getenv,
			       const struct sgit_config *cfg);

#pragma GCC visibility pop
#endif
