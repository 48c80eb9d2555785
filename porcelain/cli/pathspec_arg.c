/* porcelain/cli/pathspec_arg.c: plain paths from the command line, resolved as git's pathspecs */
#include <string.h>
#include <sys/stat.h>
#include "porcelain/cli/pathspec_arg.h"

/* git's pathspec magic, in the order its messages list them. */
static const struct {
	const char *name;
	char mnemonic;
} magic_names[] = {
	{ "top", '/' }, { "literal", 0 }, { "glob", 0 }, { "icase", 0 }, { "exclude", '!' }, { "attr", 0 },
};
#define MAGIC_TOP 1u
#define MAGIC_EXCLUDE (1u << 4)
#define NMAGIC (sizeof(magic_names) / sizeof(magic_names[0]))

/* ":(top,glob)rest": *magic gets the bits, *rest the path. Returns 0 or 128. */
static int long_magic(unsigned *magic, const char **rest, const char *arg)
{
	const char *p = arg + 2, *close = strchr(p, ')');

	if (!close)
		return cli_fatal("Missing ')' at the end of pathspec magic in '%s'", arg);
	while (p < close) {
		size_t n = strcspn(p, ",)"), name_len = strcspn(p, ",):"), i;

		for (i = 0; i < NMAGIC; i++)
			if (strlen(magic_names[i].name) == name_len && !strncmp(p, magic_names[i].name, name_len))
				break;
		if (i < NMAGIC)
			*magic |= 1u << i;
		else if (name_len && !(name_len == 6 && !strncmp(p, "prefix", 6)))
			return cli_fatal("Invalid pathspec magic '%.*s' in '%s'", (int)n, p, arg);
		p += n + (p[n] == ',');
	}
	*rest = close + 1;
	return 0;
}

/* ":/!rest" (an optional ':' ends the mnemonics). */
static void short_magic(unsigned *magic, const char **rest, const char *arg)
{
	const char *p = arg + 1;

	for (; *p == '/' || *p == '!' || *p == '^'; p++)
		*magic |= *p == '/' ? MAGIC_TOP : MAGIC_EXCLUDE;
	*rest = *p == ':' ? p + 1 : p;
}

static int unsupported(const char *arg, unsigned magic)
{
	struct sgit_buf list = SGIT_BUF_INIT;
	size_t i;
	int rc;

	/* out of memory only shortens the message */
	for (i = 1; i < NMAGIC; i++) {
		if (!(magic & (1u << i)))
			continue;
		if (list.len)
			sgit_buf_adds(&list, ", ");
		if (magic_names[i].mnemonic)
			sgit_buf_addf(&list, "'%s' (mnemonic: '%c')", magic_names[i].name, magic_names[i].mnemonic);
		else
			sgit_buf_addf(&list, "'%s'", magic_names[i].name);
	}
	rc = cli_fatal("%s: pathspec magic not supported by this command: %s", arg, list.ptr);
	sgit_buf_release(&list);
	return rc;
}

/*
 * Append the components of path to out, '/'-joined after its first floor
 * bytes, resolving "." and ".."; *dir says whether the last one names a
 * folder ("", "." or ".."). -1 when ".." climbs above floor, -2 out of memory.
 */
static int add_components(struct sgit_buf *out, size_t floor, const char *path, int *dir)
{
	const char *p, *end;

	for (p = path; *p; p = *end ? end + 1 : end) {
		size_t n;

		end = strchrnul(p, '/');
		n = (size_t)(end - p);
		*dir = n == 0 || (n == 1 && *p == '.') || (n == 2 && !strncmp(p, "..", 2));
		if (n == 0 || (n == 1 && *p == '.'))
			continue;
		if (n == 2 && !strncmp(p, "..", 2)) {
			const char *cut;

			if (out->len <= floor)
				return -1;
			cut = strrchr(out->ptr + floor, '/');
			sgit_buf_truncate(out, cut ? (size_t)(cut - out->ptr) : floor);
			continue;
		}
		if ((out->len > floor && sgit_buf_addch(out, '/') < 0) || sgit_buf_add(out, p, n) < 0)
			return -2;
	}
	if (p > path && p[-1] == '/')
		*dir = 1;
	return 0;
}

/* An absolute path: "" for the work tree wt itself, the rest below it, NULL outside. */
static const char *below(const char *abs, const char *wt)
{
	size_t n = strlen(wt);

	if (!strcmp(wt, "/"))
		return abs + 1;
	if (strncmp(abs, wt, n) || (abs[n] && abs[n] != '/'))
		return NULL;
	return abs[n] ? abs + n + 1 : abs + n;
}

/* out = path (from prefix unless absolute) resolved; 128 when outside the work tree. */
static int resolve(struct sgit_buf *out, const char *wt, const char *prefix, const char *path,
		   const char *arg)
{
	struct sgit_buf abs = SGIT_BUF_INIT;
	const char *rel;
	int dir = 0, rc;

	sgit_buf_reset(out);
	if (path[0] == '/') {
		if ((rc = sgit_buf_sets(&abs, "/")) == 0 && (rc = add_components(&abs, 1, path, &dir)) == 0)
			rc = (rel = below(abs.ptr, wt)) ? sgit_buf_sets(out, rel) : -1;
	} else if ((rc = add_components(out, 0, prefix, &dir)) == 0) {
		rc = add_components(out, 0, path, &dir);
	}
	if (!rc && dir && out->len && sgit_buf_addch(out, '/') < 0)
		rc = -2;
	if (rc == -1)
		rc = cli_fatal("%s: '%s' is outside repository at '%s'", arg, path, wt);
	else if (rc < 0)
		rc = cli_fatal("out of memory");
	sgit_buf_release(&abs);
	return rc;
}

/* git refuses a path that reaches a file through a symbolic link in the work tree. */
static int beyond_symlink(const char *wt, const char *path)
{
	struct sgit_buf full = SGIT_BUF_INIT;
	const char *slash;
	int found = 0;
	struct stat st;

	for (slash = strchr(path, '/'); slash && !found; slash = strchr(slash + 1, '/')) {
		if (sgit_buf_printf(&full, "%s/%.*s", wt, (int)(slash - path), path) < 0 ||
		    lstat(full.ptr, &st) < 0)
			break;
		found = S_ISLNK(st.st_mode);
	}
	sgit_buf_release(&full);
	return found;
}

int cli_pathspec_path(struct sgit_buf *out, struct cli_ctx *ctx, const char *arg)
{
	const char *wt = sgit_repo_work_tree(ctx->repo), *prefix = sgit_repo_prefix(ctx->repo);
	const char *path = arg;
	unsigned magic = 0;
	int rc;

	if (!*arg)
		return cli_fatal("empty string is not a valid pathspec. please use . instead if you "
				 "meant to match all paths");
	if (arg[0] == ':' && arg[1] == '(') {
		if ((rc = long_magic(&magic, &path, arg)) != 0)
			return rc;
	} else if (arg[0] == ':') {
		short_magic(&magic, &path, arg);
	}
	if ((rc = resolve(out, wt, (magic & MAGIC_TOP) ? "" : prefix, path, arg)) != 0)
		return rc;
	if (magic & ~MAGIC_TOP)
		return unsupported(arg, magic);
	if (beyond_symlink(wt, out->ptr))
		return cli_fatal("pathspec '%s' is beyond a symbolic link", arg);
	return 0;
}
