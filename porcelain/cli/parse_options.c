/* porcelain/cli/parse_options.c: option parsing with git's conventions and messages */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "porcelain/cli/cli.h"

#define USAGE_HELP_COLUMN 26

void cli_strlist_clear(struct cli_strlist *list)
{
	free(list->items);
	list->items = NULL;
	list->nr = list->alloc = 0;
}

int cli_strlist_push(struct cli_strlist *list, const char *s)
{
	if (list->nr == list->alloc) {
		size_t alloc = list->alloc ? list->alloc * 2 : 8;
		const char **p = realloc(list->items, alloc * sizeof(*p));

		if (!p)
			return SGIT_ENOMEM;
		list->items = p;
		list->alloc = alloc;
	}
	list->items[list->nr++] = s;
	return 0;
}

static void print_option_line(FILE *f, const struct cli_option *o)
{
	int n = fprintf(f, "    ");

	if (o->short_name)
		n += fprintf(f, "-%c", o->short_name);
	if (o->short_name && o->long_name)
		n += fprintf(f, ", ");
	if (o->long_name)
		n += fprintf(f, "--%s", o->long_name);	/* git 2.39 does not show "[no-]" */
	if (o->argh) {
		if (o->flags & CLI_OPTARG)
			n += fprintf(f, o->long_name ? "[=<%s>]" : "[<%s>]", o->argh);
		else
			n += fprintf(f, " <%s>", o->argh);
	}
	if (n >= USAGE_HELP_COLUMN - 1) {
		fputc('\n', f);
		n = 0;
	}
	fprintf(f, "%*s%s\n", USAGE_HELP_COLUMN - n, "", o->help ? o->help : "");
}

void cli_usage_with_options(const char *const *usage, const struct cli_option *opts, int to_stderr)
{
	FILE *f = to_stderr ? stderr : stdout;
	size_t i;

	for (i = 0; usage && usage[i]; i++)
		fprintf(f, "%s%s\n", i ? "   or: " : "usage: ", usage[i]);
	if (opts && opts->kind != CLI_OPT_END)
		fputc('\n', f);
	for (i = 0; opts && opts->kind != CLI_OPT_END; opts++, i++) {
		if (opts->kind == CLI_OPT_GROUP) {
			/* a heading is set off by a blank line, which the first already has */
			fprintf(f, "%s%s\n", i ? "\n" : "", opts->help ? opts->help : "");
			continue;
		}
		print_option_line(f, opts);
	}
	fputc('\n', f);
	fflush(f);
	exit(129);
}

void cli_usage_error(const char *const *usage, const struct cli_option *opts, const char *fmt, ...)
{
	va_list ap;

	fputs("error: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	cli_usage_with_options(usage, opts, 1);
}

void cli_usage_fatal(const char *const *usage, const struct cli_option *opts, const char *fmt, ...)
{
	va_list ap;

	fputs("fatal: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs("\n\n", stderr);
	cli_usage_with_options(usage, opts, 1);
}

struct parse_state {
	const struct cli_option *opts;
	const char *const *usage;
	int argc, i;
	const char **argv;
};

/* Name an option as git does in its messages: `name' for long, `c' for short. */
static const char *opt_word(const struct cli_option *o, int is_short)
{
	return is_short ? "switch" : "option";
}

static int take_value(struct parse_state *st, const struct cli_option *o, const char *inline_arg,
		      int is_short, int unset, const char **out)
{
	char sname[2] = { o->short_name, 0 };
	const char *name = is_short ? sname : o->long_name;

	*out = NULL;
	if (unset) {
		if (inline_arg)
			cli_usage_error(st->usage, st->opts, "option `no-%s' takes no value", o->long_name);
		return 0;
	}
	if (inline_arg) {
		*out = inline_arg;
		return 0;
	}
	if (o->flags & CLI_OPTARG) {
		*out = (const char *)o->defval;
		return 0;
	}
	if (st->i + 1 >= st->argc)
		cli_usage_error(st->usage, st->opts, "%s `%s' requires a value", opt_word(o, is_short), name);
	*out = st->argv[++st->i];
	return 0;
}

static int needs_arg(const struct cli_option *o)
{
	switch (o->kind) {
	case CLI_OPT_STRING:
	case CLI_OPT_INT:
	case CLI_OPT_STRING_LIST:
		return 1;
	case CLI_OPT_CALLBACK:
		return !(o->flags & CLI_NOARG);
	default:
		return 0;
	}
}

static void apply_option(struct parse_state *st, const struct cli_option *o, const char *inline_arg,
			 int is_short, int unset)
{
	char sname[2] = { o->short_name, 0 };
	const char *name = is_short ? sname : o->long_name;
	const char *arg = NULL;
	char *end;
	long v;

	if (!needs_arg(o) && inline_arg && !is_short)
		cli_usage_error(st->usage, st->opts, "option `%s' takes no value", name);
	if (needs_arg(o))
		take_value(st, o, inline_arg, is_short, unset, &arg);
	switch (o->kind) {
	case CLI_OPT_BOOL:
		*(int *)o->value = !unset;
		break;
	case CLI_OPT_COUNT:
		*(int *)o->value = unset ? 0 : *(int *)o->value + 1;
		break;
	case CLI_OPT_SET_INT:
		*(int *)o->value = unset ? 0 : (int)o->defval;
		break;
	case CLI_OPT_STRING:
		*(const char **)o->value = arg;
		break;
	case CLI_OPT_INT:
		if (unset) {
			*(int *)o->value = 0;
			break;
		}
		v = strtol(arg, &end, 10);
		if (!*arg || *end)
			cli_usage_error(st->usage, st->opts, "%s `%s' expects a numerical value",
					opt_word(o, is_short), name);
		*(int *)o->value = (int)v;
		break;
	case CLI_OPT_STRING_LIST:
		if (unset)
			((struct cli_strlist *)o->value)->nr = 0;
		else if (cli_strlist_push(o->value, arg) < 0) {
			fputs("fatal: out of memory\n", stderr);
			exit(128);
		}
		break;
	case CLI_OPT_CALLBACK:
		if (o->cb(o, arg, unset) != 0)
			exit(129);
		break;
	default:
		break;
	}
}

static void parse_short(struct parse_state *st, const char *arg)
{
	const struct cli_option *o;

	for (; *arg; arg++) {
		for (o = st->opts; o->kind != CLI_OPT_END; o++)
			if (o->short_name == *arg)
				break;
		if (o->kind == CLI_OPT_END) {
			if (*arg == 'h')
				cli_usage_with_options(st->usage, st->opts, 0);
			cli_usage_error(st->usage, st->opts, "unknown switch `%c'", *arg);
		}
		if (needs_arg(o) || (o->flags & CLI_OPTARG)) {
			apply_option(st, o, arg[1] ? arg + 1 : NULL, 1, 0);
			return;
		}
		apply_option(st, o, NULL, 1, 0);
	}
}

/* Exact match first, then an unambiguous prefix, as git allows "--batch-ch". */
static const struct cli_option *find_long(struct parse_state *st, const char *name, size_t len,
					  int *unset)
{
	const struct cli_option *o, *found = NULL, *other = NULL;
	int found_unset = 0;
	int neg;

	for (neg = 0; neg < 2; neg++) {
		const char *n = name;
		size_t l = len;

		if (neg) {
			if (len < 3 || strncmp(name, "no-", 3))
				break;
			n += 3;
			l -= 3;
		}
		for (o = st->opts; o->kind != CLI_OPT_END; o++) {
			if (!o->long_name || (neg && (o->flags & CLI_NONEG)))
				continue;
			if (strlen(o->long_name) == l && !strncmp(o->long_name, n, l)) {
				*unset = neg;
				return o;
			}
			if (!strncmp(o->long_name, n, l) && l) {
				if (found && found != o)
					other = o;
				else {
					found = o;
					found_unset = neg;
				}
			}
		}
	}
	if (found && other)
		cli_usage_error(st->usage, st->opts, "ambiguous option: %.*s (could be --%s or --%s)",
				(int)len, name, found->long_name, other->long_name);
	*unset = found_unset;
	return found;
}

/*
 * --git-completion-helper: the long options, those that take an argument
 * with "=", then "--" and the --no- forms, on one line, as git's
 * completion script reads them; exit 0. sgit has no hidden options, so
 * --git-completion-helper-all prints the same list.
 */
static void __attribute__((noreturn)) print_completion(const struct cli_option *opts)
{
	const struct cli_option *o;
	const char *sep = "";

	for (o = opts; o->kind != CLI_OPT_END; o++) {
		if (!o->long_name)
			continue;
		printf("%s--%s%s", sep, o->long_name,
		       o->argh && !(o->flags & (CLI_OPTARG | CLI_NOARG)) ? "=" : "");
		sep = " ";
	}
	printf("%s--", sep);
	for (o = opts; o->kind != CLI_OPT_END; o++)
		if (o->long_name && !(o->flags & CLI_NONEG) && strncmp(o->long_name, "no-", 3))
			printf(" --no-%s", o->long_name);
	putchar('\n');
	fflush(stdout);
	exit(0);
}

static void parse_long(struct parse_state *st, const char *arg)
{
	const char *eq = strchr(arg, '=');
	size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
	const struct cli_option *o;
	int unset = 0;

	if (!eq && (!strcmp(arg, "help") || !strcmp(arg, "help-all")))
		cli_usage_with_options(st->usage, st->opts, 0);
	if (!strcmp(arg, "git-completion-helper") || !strcmp(arg, "git-completion-helper-all"))
		print_completion(st->opts);
	o = find_long(st, arg, len, &unset);
	if (!o)
		cli_usage_error(st->usage, st->opts, "unknown option `%.*s'", (int)len, arg);
	apply_option(st, o, eq ? eq + 1 : NULL, 0, unset);
}

/* For KEEP_UNKNOWN: would this argument be taken by one of our options? */
static int is_known(struct parse_state *st, const char *arg)
{
	const struct cli_option *o;
	int unset;

	if (arg[1] == '-')
		return !strcmp(arg, "--help") || !strncmp(arg, "--git-completion-helper", 23) ||
		       find_long(st, arg + 2, strcspn(arg + 2, "="), &unset) != NULL;
	if (arg[1] == 'h')
		return 1;
	for (o = st->opts; o->kind != CLI_OPT_END; o++)
		if (o->short_name == arg[1])
			return 1;
	return 0;
}

int cli_parse_options(int argc, const char **argv, const struct cli_option *opts,
		      const char *const *usage, unsigned flags)
{
	struct parse_state st = { opts, usage, argc, 1, argv };
	int out = 0;

	for (; st.i < argc; st.i++) {
		const char *arg = argv[st.i];

		if (arg[0] != '-' || !arg[1]) {
			if (flags & CLI_PARSE_STOP_AT_NON_OPTION)
				break;
			argv[out++] = arg;
			continue;
		}
		if (!strcmp(arg, "--")) {
			/* the copy below keeps it when asked to; otherwise step over it */
			if (!(flags & CLI_PARSE_KEEP_DASHDASH))
				st.i++;
			break;
		}
		if ((flags & CLI_PARSE_KEEP_UNKNOWN) && !is_known(&st, arg)) {
			argv[out++] = arg;
			continue;
		}
		if (arg[1] == '-')
			parse_long(&st, arg + 2);
		else
			parse_short(&st, arg + 1);
	}
	for (; st.i < argc; st.i++)
		argv[out++] = argv[st.i];
	argv[out] = NULL;
	return out;
}
