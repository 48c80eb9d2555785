/* util/color.h: git's colour syntax ("bold red", "#ff8000 blue", "reset") made into escape sequences */
#ifndef SGIT_UTIL_COLOR_H
#define SGIT_UTIL_COLOR_H

#include "sgit/buf.h"

/* What git writes to end a coloured piece of text. */
#define SGIT_COLOR_RESET "\033[m"

/*
 * Replace out with the SGR escape sequence of value: the words "reset", up
 * to two colours (foreground, then background: a name, "bright<name>",
 * "default", "normal", 0-255, -1, "#rrggbb") and attributes ("bold",
 * "nobold", "no-ul"...). Nothing to set gives an empty out. -1 (SGIT_ERROR)
 * for a word git does not take, SGIT_ENOMEM.
 */
int sgit_color_parse(struct sgit_buf *out, const char *value);

#endif
