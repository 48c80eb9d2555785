/* porcelain/cli/cmd_cat_file.c: sgit cat-file: show objects, one or in batches */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "porcelain/cli/cli.h"
#include "porcelain/cli/object_name.h"
#include "sgit/tree.h"
#include "util/quote.h"

static const char *const cat_file_usage[] = {
	"sgit cat-file <type> <object>",
	"sgit cat-file (-e | -p) <object>",
	"sgit cat-file (-t | -s) [--allow-unknown-type] <object>",
	"sgit cat-file (--batch | --batch-check) [--batch-all-objects]\n"
	"                    [--buffer] [--unordered] [-z]",
	NULL,
};

/* The atoms of a --batch format; the table is the list of what is supported. */
enum atom { ATOM_LITERAL, ATOM_OBJECTNAME, ATOM_OBJECTTYPE, ATOM_OBJECTSIZE, ATOM_REST };
static const struct {
	const char *name;
	enum atom atom;
} atoms[] = {
	{ "objectname", ATOM_OBJECTNAME },
	{ "objecttype", ATOM_OBJECTTYPE },
	{ "objectsize", ATOM_OBJECTSIZE },
	{ "rest", ATOM_REST },
};

struct segment {
	enum atom atom;
	const char *text;	/* for ATOM_LITERAL */
	size_t len;
};

struct batch {
	struct segment *seg;
	size_t nseg;
	int contents;		/* --batch: print the object after its line */
	int need_info;		/* the format asks for type or size */
	int use_rest;
	int buffer;		/* --buffer: never flush between objects */
	int nul_terminated;	/* -z */
	struct sgit_buf data;
};

static int parse_format(struct batch *b, const char *fmt)
{
	const char *p = fmt;

	b->seg = calloc(strlen(fmt) + 1, sizeof(*b->seg));
	if (!b->seg)
		return cli_fatal("out of memory");
	while (*p) {
		const char *open = strstr(p, "%("), *close;
		size_t i, n;

		if (open != p) {
			n = open ? (size_t)(open - p) : strlen(p);
			b->seg[b->nseg++] = (struct segment){ ATOM_LITERAL, p, n };
			p += n;
			continue;
		}
		close = strchr(open, ')');
		if (!close)
			return cli_fatal("format element '%s' does not end in ')'", open);
		n = (size_t)(close - open - 2);
		for (i = 0; i < sizeof(atoms) / sizeof(atoms[0]); i++)
			if (strlen(atoms[i].name) == n && !strncmp(atoms[i].name, open + 2, n))
				break;
		if (i == sizeof(atoms) / sizeof(atoms[0]))
			return cli_fatal("unknown format element: %.*s", (int)n, open + 2);
		b->seg[b->nseg++] = (struct segment){ atoms[i].atom, NULL, 0 };
		b->need_info |= atoms[i].atom == ATOM_OBJECTTYPE || atoms[i].atom == ATOM_OBJECTSIZE;
		b->use_rest |= atoms[i].atom == ATOM_REST;
		p = close + 1;
	}
	return 0;
}

static void print_line(const struct batch *b, const struct sgit_oid *id, enum sgit_object_type type,
		       size_t size, const char *rest)
{
	char hex[SGIT_OID_HEXSZ + 1];
	size_t i;

	for (i = 0; i < b->nseg; i++) {
		switch (b->seg[i].atom) {
		case ATOM_LITERAL:
			fwrite(b->seg[i].text, 1, b->seg[i].len, stdout);
			break;
		case ATOM_OBJECTNAME:
			fputs(sgit_oid_tohex(hex, id), stdout);
			break;
		case ATOM_OBJECTTYPE:
			fputs(sgit_object_type_name(type), stdout);
			break;
		case ATOM_OBJECTSIZE:
			printf("%zu", size);
			break;
		case ATOM_REST:
			fputs(rest ? rest : "", stdout);
			break;
		}
	}
	putchar('\n');
}

/* git's pretty form of a tree: "<mode> <type> <id>\t<name>" a line, names quoted as core.quotePath says. */
static int print_tree(struct cli_ctx *ctx, const char *data, size_t len, const char *name)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf line = SGIT_BUF_INIT;
	struct sgit_tree_iter it;
	struct sgit_tree_entry e;
	char hex[SGIT_OID_HEXSZ + 1];
	int quote_high, rc;

	if (sgit_config_get_bool(&quote_high, sgit_repo_config(ctx->repo), "core.quotepath", NULL) < 0)
		quote_high = 1;
	sgit_tree_iter_init(&it, data, len);
	while ((rc = sgit_tree_iter_next(&e, &it, &err)) == 1) {
		const char *type = sgit_tree_mode_is_tree(e.mode) ? "tree" :
				   e.mode == SGIT_FILEMODE_COMMIT ? "commit" : "blob";

		sgit_buf_printf(&line, "%06o %s %s\t", e.mode, type, sgit_oid_tohex(hex, &e.id));
		sgit_quote_c_style_add(&line, e.name, e.name_len, quote_high);
		sgit_buf_addch(&line, '\n');
		fwrite(line.ptr, 1, line.len, stdout);
	}
	sgit_buf_release(&line);
	if (rc < 0)
		return cli_fatal("cannot show tree %s: %s", name, sgit_error_message(&err));
	return 0;
}

/* What the pieces of one --batch object need: its line goes out before its first piece. */
struct batch_piece {
	struct batch *b;
	const struct sgit_oid *id;
	const char *rest;
	enum sgit_object_type type;
	size_t size;
	int started;
};

static int batch_piece_cb(const void *data, size_t len, void *payload)
{
	struct batch_piece *bp = payload;

	if (!bp->started) {
		print_line(bp->b, bp->id, bp->type, bp->size, bp->rest);
		bp->started = 1;
	}
	fwrite(data, 1, len, stdout);
	return 0;
}

/*
 * One object of a batch; its content is streamed, so that a blob of any
 * size goes out without being held whole (as git streams blobs). Returns
 * 0, or an exit code when the object cannot be read.
 */
static int batch_one(struct cli_ctx *ctx, struct batch *b, const struct sgit_oid *id, const char *rest)
{
	struct batch_piece bp = { b, id, rest, SGIT_OBJ_NONE, 0, 0 };
	struct sgit_odb *odb = sgit_repo_odb(ctx->repo);
	int rc = 0;

	if (b->contents)
		rc = sgit_odb_stream(&bp.type, &bp.size, odb, id, batch_piece_cb, &bp);
	else if (b->need_info)
		rc = sgit_odb_read_header(&bp.size, &bp.type, odb, id);
	else if (!sgit_odb_exists(odb, id))
		rc = SGIT_ENOTFOUND;
	if (rc == SGIT_ENOTFOUND && !bp.started) {
		char hex[SGIT_OID_HEXSZ + 1];

		printf("%s missing\n", sgit_oid_tohex(hex, id));
		return 0;
	}
	if (rc < 0)
		return cli_fatal_err(cli_err(ctx));
	if (!bp.started)
		print_line(b, id, bp.type, bp.size, rest);
	if (b->contents)
		putchar('\n');
	return 0;
}

static int batch_name(struct cli_ctx *ctx, struct batch *b, char *line)
{
	char *rest = NULL;
	struct sgit_oid id;
	int rc;

	if (b->use_rest) {
		char *sp = line + strcspn(line, " \t");

		if (*sp) {
			*sp++ = '\0';
			rest = sp + strspn(sp, " \t");
		}
	}
	/*
	 * A full id is taken as it is, without asking the ref store whether a
	 * ref has that name too: git's batch mode skips that check for speed.
	 */
	if (strlen(line) == SGIT_OID_HEXSZ && sgit_oid_fromhex(&id, line) == 0)
		return batch_one(ctx, b, &id, rest);
	rc = cli_resolve_object(&id, ctx, line, NULL);
	if (rc == SGIT_EAMBIGUOUS) {
		printf("%s ambiguous\n", line);
		return 0;
	}
	if (rc < 0) {
		printf("%s missing\n", line);
		return 0;
	}
	return batch_one(ctx, b, &id, rest);
}

/* Requests come on stdin; answers are flushed whenever no more input is waiting. */
static int batch_stdin(struct cli_ctx *ctx, struct batch *b)
{
	struct sgit_buf in = SGIT_BUF_INIT;
	char term = b->nul_terminated ? '\0' : '\n';
	size_t start = 0;
	int rc = 0, eof = 0;

	while (!rc) {
		char *end = memchr(in.ptr + start, term, in.len - start);

		if (!end && eof) {
			if (start < in.len)
				rc = batch_name(ctx, b, in.ptr + start);
			break;
		}
		if (!end) {
			ssize_t n;

			if (!b->buffer)
				fflush(stdout);
			sgit_buf_set(&in, in.ptr + start, in.len - start);
			start = 0;
			if (sgit_buf_grow(&in, 65536) < 0) {
				rc = cli_fatal("out of memory");
				break;
			}
			n = read(0, in.ptr + in.len, in.alloc - in.len - 1);
			if (n < 0 && errno == EINTR)
				continue;
			if (n < 0) {
				rc = cli_fatal("cannot read standard input: %s", strerror(errno));
				break;
			}
			if (n == 0)
				eof = 1;
			else
				sgit_buf_setlen(&in, in.len + (size_t)n);
			continue;
		}
		*end = '\0';
		rc = batch_name(ctx, b, in.ptr + start);
		start = (size_t)(end - in.ptr) + 1;
	}
	sgit_buf_release(&in);
	return rc;
}

struct oid_list {
	struct sgit_oid *ids;
	size_t nr, alloc;
};

static int collect_oid(const struct sgit_oid *id, void *payload)
{
	struct oid_list *l = payload;

	if (l->nr == l->alloc) {
		size_t alloc = l->alloc ? l->alloc * 2 : 1024;
		struct sgit_oid *p = realloc(l->ids, alloc * sizeof(*p));

		if (!p)
			return SGIT_ENOMEM;
		l->ids = p;
		l->alloc = alloc;
	}
	l->ids[l->nr++] = *id;
	return 0;
}

static int cmp_oid(const void *a, const void *b)
{
	return sgit_oid_cmp(a, b);
}

static int batch_all(struct cli_ctx *ctx, struct batch *b, int unordered)
{
	struct oid_list l = { NULL, 0, 0 };
	size_t i;
	int rc = 0;

	if (sgit_odb_foreach(sgit_repo_odb(ctx->repo), collect_oid, &l) < 0) {
		rc = cli_fatal_err(cli_err(ctx));
		goto out;
	}
	/* sorted and unique even when unordered: an object in two stores is shown once */
	qsort(l.ids, l.nr, sizeof(*l.ids), cmp_oid);
	for (i = 0; !rc && i < l.nr; i++)
		if (!i || !sgit_oid_equal(&l.ids[i - 1], &l.ids[i]))
			rc = batch_one(ctx, b, &l.ids[i], NULL);
out:
	free(l.ids);
	return rc;
}

/* The object named, dereferenced to want (a tag to what it points at, a commit to its tree). */
static int read_as_type(struct sgit_buf *out, struct cli_ctx *ctx, const struct sgit_oid *start,
			enum sgit_object_type want, const char *name)
{
	struct sgit_odb *odb = sgit_repo_odb(ctx->repo);
	struct sgit_oid id = *start;
	enum sgit_object_type type;
	int depth;

	for (depth = 0; depth < 64; depth++) {
		if (sgit_odb_read(out, &type, odb, &id) < 0)
			return cli_fatal_err(cli_err(ctx));
		if (type == want)
			return 0;
		if (sgit_object_peel_step(&id, type, want, out->ptr, out->len) < 0)
			break;
	}
	return cli_fatal("git cat-file %s: bad file", name);
}

static int write_piece(const void *data, size_t len, void *payload)
{
	fwrite(data, 1, len, stdout);
	return 0;
}

/* A blob to stdout in pieces: never held whole, as git streams it. */
static int stream_blob(struct cli_ctx *ctx, const struct sgit_oid *id)
{
	enum sgit_object_type type;
	size_t size;

	if (sgit_odb_stream(&type, &size, sgit_repo_odb(ctx->repo), id, write_piece, NULL) < 0)
		return cli_fatal_err(cli_err(ctx));
	return 0;
}

static int one_object(struct cli_ctx *ctx, int mode, const char *type_name, const char *name)
{
	struct sgit_odb *odb = sgit_repo_odb(ctx->repo);
	struct sgit_buf data = SGIT_BUF_INIT;
	enum sgit_object_type type, found;
	struct sgit_oid id;
	size_t size;
	int rc = 0;

	rc = cli_resolve_object(&id, ctx, name, NULL);
	if (rc == SGIT_EAMBIGUOUS)
		cli_error("%s", sgit_error_message(cli_err(ctx)));
	if (rc < 0)
		return cli_fatal("Not a valid object name %s", name);
	switch (mode) {
	case 'e':
		return sgit_odb_exists(odb, &id) ? 0 : 1;
	case 't':
	case 's':
		rc = sgit_odb_read_header(&size, &type, odb, &id);
		if (rc == SGIT_ENOTFOUND)
			return cli_fatal("git cat-file: could not get object info");
		if (rc < 0)
			return cli_fatal_err(cli_err(ctx));
		if (mode == 't')
			printf("%s\n", sgit_object_type_name(type));
		else
			printf("%zu\n", size);
		return 0;
	case 'p':
		if (sgit_odb_read_header(&size, &type, odb, &id) == 0 && type == SGIT_OBJ_BLOB) {
			rc = stream_blob(ctx, &id);
			break;
		}
		if (sgit_odb_read(&data, &type, odb, &id) < 0) {
			rc = cli_fatal_err(cli_err(ctx));
			break;
		}
		if (type == SGIT_OBJ_TREE)
			rc = print_tree(ctx, data.ptr, data.len, name);
		else
			fwrite(data.ptr, 1, data.len, stdout);
		break;
	default:
		type = sgit_object_type_from_name(type_name, strlen(type_name));
		if (type == SGIT_OBJ_BAD)
			rc = cli_fatal("invalid object type \"%s\"", type_name);
		else if (type == SGIT_OBJ_BLOB && sgit_odb_read_header(&size, &found, odb, &id) == 0 &&
			 found == SGIT_OBJ_BLOB)
			rc = stream_blob(ctx, &id);
		else if (!(rc = read_as_type(&data, ctx, &id, type, name)))
			fwrite(data.ptr, 1, data.len, stdout);
		break;
	}
	sgit_buf_release(&data);
	return rc;
}

int cmd_cat_file(int argc, const char **argv, struct cli_ctx *ctx)
{
	int mode = 0, all = 0, unordered = 0, allow_unknown = 0, rc;
	const char *batch_fmt = NULL, *check_fmt = NULL;
	struct batch b = { NULL, 0, 0, 0, 0, 0, 0, SGIT_BUF_INIT };
	const struct cli_option opts[] = {
		CLI_GROUP("Check object existence or emit object contents"),
		CLI_SET_INT('e', NULL, &mode, "check if <object> exists", 'e'),
		CLI_SET_INT('p', NULL, &mode, "pretty-print <object> content", 'p'),
		CLI_GROUP("Emit [broken] object attributes"),
		CLI_SET_INT('t', NULL, &mode, "show object type", 't'),
		CLI_SET_INT('s', NULL, &mode, "show object size", 's'),
		CLI_BOOL(0, "allow-unknown-type", &allow_unknown, "allow -s and -t to work with broken/corrupt objects"),
		CLI_GROUP("Batch objects requested on stdin (or --batch-all-objects)"),
		CLI_STRING_OPTARG(0, "batch", &batch_fmt, "format", "show full <object> contents", ""),
		CLI_STRING_OPTARG(0, "batch-check", &check_fmt, "format",
				  "like --batch, but don't emit <contents>", ""),
		CLI_BOOL('z', NULL, &b.nul_terminated, "stdin is NUL-terminated"),
		CLI_BOOL(0, "batch-all-objects", &all, "with --batch[-check]: ignores stdin, batches all known objects"),
		CLI_GROUP("Change or optimize batch output"),
		CLI_BOOL(0, "buffer", &b.buffer, "buffer --batch output"),
		CLI_BOOL(0, "unordered", &unordered, "do not order objects before emitting them"),
		CLI_END,
	};

	argc = cli_parse_options(argc, argv, opts, cat_file_usage, 0);
	if (batch_fmt || check_fmt) {
		const char *fmt = batch_fmt ? batch_fmt : check_fmt;

		if (mode)
			cli_usage_fatal(cat_file_usage, opts, "'-%c' is incompatible with batch mode", mode);
		if (argc)
			cli_usage_fatal(cat_file_usage, opts, "batch modes take no arguments");
		b.contents = batch_fmt != NULL;
		if ((rc = parse_format(&b, *fmt ? fmt : "%(objectname) %(objecttype) %(objectsize)")))
			goto out;
		setvbuf(stdout, NULL, _IOFBF, 65536);
		rc = all ? batch_all(ctx, &b, unordered) : batch_stdin(ctx, &b);
		goto out;
	}
	if (all)
		cli_usage_fatal(cat_file_usage, opts, "'--batch-all-objects' requires a batch mode");
	if (!mode && argc != 2)
		cli_usage_fatal(cat_file_usage, opts,
				"only two arguments allowed in <type> <object> mode, not %d", argc);
	if (mode && argc > 1)
		cli_usage_fatal(cat_file_usage, opts, "too many arguments");
	if (mode && !argc)
		cli_usage_fatal(cat_file_usage, opts, "<object> required with '-%c'", mode);
	rc = mode ? one_object(ctx, mode, NULL, argv[0]) : one_object(ctx, 0, argv[0], argv[1]);
out:
	free(b.seg);
	sgit_buf_release(&b.data);
	return rc;
}
