/* porcelain/cli/cmd_hash_object.c: sgit hash-object: the id of content, optionally stored */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "porcelain/cli/cli.h"
#include "util/fs.h"

static const char *const hash_object_usage[] = {
	"sgit hash-object [-t <type>] [-w] [--path=<file> | --no-filters]\n"
	"                [--stdin [--literally]] [--] <file>...",
	"sgit hash-object [-t <type>] [-w] --stdin-paths [--no-filters]",
	NULL,
};

struct hash_opts {
	enum sgit_object_type type;
	const char *type_name;
	int write;
	int literally;
};

/* Hash (and store) one object's bytes; prints its id. Returns an exit code. */
static int hash_bytes(struct cli_ctx *ctx, const struct hash_opts *o, const char *data,
		      size_t len, const char *what)
{
	struct sgit_error *err = cli_err(ctx);
	char hex[SGIT_OID_HEXSZ + 1];
	struct sgit_oid id;
	int rc;

	if (!o->literally && (rc = sgit_object_check(o->type, data, len, err)) < 0)
		return cli_fatal("corrupt %s", sgit_object_type_name(o->type));
	if (o->write)
		rc = sgit_odb_write(&id, sgit_repo_odb(ctx->repo), o->type, data, len);
	else
		rc = sgit_object_hash(&id, o->type, data, len);
	if (rc < 0)
		return o->write ? cli_fatal("unable to write %s: %s", what, sgit_error_message(err))
				: cli_fatal("out of memory");
	printf("%s\n", sgit_oid_tohex(hex, &id));
	return 0;
}

/*
 * A blob in a regular file is read in pieces (once to hash, once more to
 * store when it is new) rather than mapped whole; that needs the object
 * database, so only inside a repository. Returns an exit code.
 */
static int hash_file(struct cli_ctx *ctx, const struct hash_opts *o, int fd, size_t len,
		     const char *path)
{
	struct sgit_odb *odb = sgit_repo_odb(ctx->repo);
	char hex[SGIT_OID_HEXSZ + 1];
	struct sgit_oid id;

	if (o->write && sgit_odb_write_fd(&id, odb, o->type, fd, len) < 0)
		return cli_fatal("unable to write %s: %s", path, sgit_error_message(cli_err(ctx)));
	if (!o->write && sgit_odb_hash_fd(&id, odb, o->type, fd, len) < 0)
		return cli_fatal("Unable to hash %s", path);
	printf("%s\n", sgit_oid_tohex(hex, &id));
	return 0;
}

#define STREAM_THRESHOLD (1024 * 1024)

static int hash_path(struct cli_ctx *ctx, const struct hash_opts *o, const char *path)
{
	struct sgit_fs_map m = SGIT_FS_MAP_INIT;
	struct sgit_error err = SGIT_ERROR_INIT;
	int fd = open(path, O_RDONLY | O_CLOEXEC), rc;
	struct stat st;

	if (fd < 0)
		return cli_fatal("could not open '%s' for reading: %s", path, strerror(errno));
	/*
	 * A big blob is streamed from its file (read twice: hash, then deflate)
	 * so it never sits in memory; a small one is read once, which is cheaper.
	 */
	if (o->type == SGIT_OBJ_BLOB && ctx->repo && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    st.st_size > STREAM_THRESHOLD)
		rc = hash_file(ctx, o, fd, (size_t)st.st_size, path);
	else if (sgit_fs_map_fd(&m, fd, path, &err) < 0)	/* a folder, say: git's words */
		rc = o->write ? cli_fatal("Unable to add %s to database", path)
			      : cli_fatal("Unable to hash %s", path);
	else
		rc = hash_bytes(ctx, o, m.data, m.len, path);
	sgit_fs_unmap(&m);
	close(fd);
	return rc;
}

static int hash_stdin(struct cli_ctx *ctx, const struct hash_opts *o)
{
	struct sgit_fs_map m = SGIT_FS_MAP_INIT;
	int rc;

	if (sgit_fs_map_fd(&m, 0, "standard input", cli_err(ctx)) < 0)
		return cli_fatal_err(cli_err(ctx));
	rc = hash_bytes(ctx, o, m.data, m.len, "standard input");
	sgit_fs_unmap(&m);
	return rc;
}

static int hash_stdin_paths(struct cli_ctx *ctx, const struct hash_opts *o)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	int rc = 0;

	while (!rc && (n = getline(&line, &cap, stdin)) > 0) {
		if (line[n - 1] == '\n')
			line[--n] = '\0';
		rc = hash_path(ctx, o, line);
	}
	free(line);
	return rc;
}

int cmd_hash_object(int argc, const char **argv, struct cli_ctx *ctx)
{
	struct hash_opts o = { SGIT_OBJ_BLOB, NULL, 0, 0 };
	int use_stdin = 0, stdin_paths = 0, no_filters = 0, i, rc = 0;
	const char *path = NULL;
	const struct cli_option opts[] = {
		CLI_STRING('t', NULL, &o.type_name, "type", "object type"),
		CLI_BOOL('w', NULL, &o.write, "write the object into the object database"),
		CLI_BOOL(0, "stdin", &use_stdin, "read the object from stdin"),
		CLI_BOOL(0, "stdin-paths", &stdin_paths, "read file names from stdin"),
		CLI_BOOL(0, "no-filters", &no_filters, "store file as is without filters"),
		CLI_BOOL(0, "literally", &o.literally,
			 "just hash any random garbage to create corrupt objects for debugging Git"),
		CLI_STRING(0, "path", &path, "file", "process file as it were from this path"),
		CLI_END,
	};

	argc = cli_parse_options(argc, argv, opts, hash_object_usage, 0);
	if (o.type_name) {
		o.type = sgit_object_type_from_name(o.type_name, strlen(o.type_name));
		if (o.type == SGIT_OBJ_BAD)
			return cli_fatal("invalid object type \"%s\"", o.type_name);
	}
	if (o.write && !ctx->repo)
		return cli_fatal_err(&ctx->err);
	if (stdin_paths && (use_stdin || argc))
		cli_usage_error(hash_object_usage, opts,
				stdin_paths && use_stdin ? "Can't use --stdin-paths with --stdin"
							 : "Can't specify files with --stdin-paths");
	if (stdin_paths && path)
		cli_usage_error(hash_object_usage, opts, "Can't use --stdin-paths with --path");
	if (use_stdin)
		rc = hash_stdin(ctx, &o);
	for (i = 0; !rc && i < argc; i++)
		rc = hash_path(ctx, &o, argv[i]);
	if (!rc && stdin_paths)
		rc = hash_stdin_paths(ctx, &o);
	return rc;
}
