/* porcelain/cli/pager.h: output through the user's pager, and whether to colour it, as git decides */
#ifndef SGIT_CLI_PAGER_H
#define SGIT_CLI_PAGER_H

#include "porcelain/cli/cli.h"

/*
 * Page the output of command cmd ("log") when git would: only when stdout
 * is a terminal, with `sgit -p` always, with `sgit -P` never, else as
 * pager.<cmd> says (a boolean, or the pager to use), else by_default.
 * The pager (sgit_program_pager, or pager.<cmd>'s string) runs through the
 * shell with LESS=FRX and LV=-c unless they are set, reads our stdout (and
 * stderr when that is a terminal too), and is waited for when we exit.
 * COLUMNS gets the terminal's width first (unless set), since stdout is no
 * terminal afterwards. A pager that cannot be started is left out.
 */
void cli_pager_setup(struct cli_ctx *ctx, const char *cmd, int by_default);

/* 1 when our output goes to a pager (ours, or the one of the sgit that runs us). */
int cli_pager_in_use(void);

/* 1 when stdout is a terminal or a pager: what "auto" settings (decorations, dates) look at. */
int cli_pager_stdout_is_terminal(void);

/* The width of the terminal: COLUMNS, else the terminal's, else 80. */
unsigned int cli_term_columns(void);

/*
 * Colour settings: -1 not given, 0 never, 1 always, 2 auto. Parse a value of
 * color.ui / color.<cmd> (git's "true" is auto) or of --color=<when> into
 * *out: 0, or -1 for a value that is none of them.
 */
enum cli_color_when { CLI_COLOR_UNSET = -1, CLI_COLOR_NEVER, CLI_COLOR_ALWAYS, CLI_COLOR_AUTO };
int cli_color_parse(int *out, const char *value);

/*
 * Whether to colour: the command line's choice, else config key (e.g.
 * "color.diff"), else color.ui, else auto. Auto colours a terminal (TERM
 * not "dumb") and a pager when color.pager allows (git's default).
 */
int cli_color_want(struct cli_ctx *ctx, int cmdline, const char *key);

#endif
