/* porcelain/cli/cmd_commit_tree.c: sgit commit-tree: a commit object from a tree, parents and a message */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "porcelain/cli/cli.h"
#include "porcelain/cli/object_name.h"
#include "porcelain/cli/sign_cmd.h"
#include "sgit/commit_create.h"
#include "util/fs.h"

static const char *const commit_tree_usage[] = {
	"sgit commit-tree <tree> [(-p <parent>)...]",
	"sgit commit-tree [(-p <parent>)...] [-S[<keyid>]] [(-m <message>)...]\n"
	"                        [(-F <file>)...] <tree>",
	NULL,
};

/* What the options gather, in the order given (git takes -m and -F as they come). */
struct commit_tree_state {
	struct cli_ctx *ctx;
	struct sgit_oid *parents;
	size_t nparents, alloc;
	struct sgit_buf message;
	const char *sign_key;		/* -S[<key>]: "" or the key; NULL: not signed */
};

static void die_nomem(void)
{
	exit(cli_fatal("out of memory"));
}

/* -p: a commit, resolved now as git does; a repeated one is reported and skipped. */
static int parent_cb(const struct cli_option *opt, const char *arg, int unset)
{
	struct commit_tree_state *st = opt->value;
	enum sgit_object_type type = SGIT_OBJ_NONE;
	char hex[SGIT_OID_HEXSZ + 1];
	struct sgit_oid id;
	size_t i, size;

	(void)unset;
	if (cli_resolve_object(&id, st->ctx, arg, NULL) < 0)
		exit(cli_fatal("not a valid object name %s", arg));
	sgit_oid_tohex(hex, &id);
	if (sgit_odb_read_header(&size, &type, sgit_repo_odb(st->ctx->repo), &id) < 0)
		exit(cli_fatal("%s is not a valid object", hex));
	if (type != SGIT_OBJ_COMMIT)
		exit(cli_fatal("%s is not a valid 'commit' object", hex));
	for (i = 0; i < st->nparents; i++)
		if (sgit_oid_equal(&st->parents[i], &id)) {
			cli_error("duplicate parent %s ignored", hex);
			return 0;
		}
	if (st->nparents == st->alloc) {
		size_t n = st->alloc ? st->alloc * 2 : 4;
		void *p = realloc(st->parents, n * sizeof(*st->parents));

		if (!p)
			die_nomem();
		st->parents = p;
		st->alloc = n;
	}
	st->parents[st->nparents++] = id;
	return 0;
}

/* -m: a paragraph; each ends with LF, and a blank line separates it from what came before. */
static int message_cb(const struct cli_option *opt, const char *arg, int unset)
{
	struct sgit_buf *msg = &((struct commit_tree_state *)opt->value)->message;

	(void)unset;
	if ((msg->len && sgit_buf_addch(msg, '\n') < 0) || sgit_buf_adds(msg, arg) < 0 ||
	    (msg->len && msg->ptr[msg->len - 1] != '\n' && sgit_buf_addch(msg, '\n') < 0))
		die_nomem();
	return 0;
}

/* -F: the file's bytes as they are ("-" is standard input), after a LF when something came before. */
static int file_cb(const struct cli_option *opt, const char *arg, int unset)
{
	struct commit_tree_state *st = opt->value;
	struct sgit_buf text = SGIT_BUF_INIT;
	int fd = 0;

	(void)unset;
	if (st->message.len && sgit_buf_addch(&st->message, '\n') < 0)
		die_nomem();
	if (strcmp(arg, "-") && (fd = open(arg, O_RDONLY)) < 0)
		exit(cli_fatal("could not open '%s' for reading: %s", arg, strerror(errno)));
	if (sgit_fs_read_fd(&text, fd, arg, cli_err(st->ctx)) < 0)
		exit(cli_fatal("git commit-tree: failed to read '%s': %s", arg, strerror(errno)));
	if (fd)
		close(fd);
	if (sgit_buf_addbuf(&st->message, &text) < 0)
		die_nomem();
	sgit_buf_release(&text);
	return 0;
}

/* Report a failed sgit_commit_create() as git does: it dies for some steps, errors out for others. */
static int report_failure(struct cli_ctx *ctx, const struct sgit_commit_create_result *res,
			  const struct sign_ctx *sc)
{
	if (res->hint) {
		fflush(stdout);
		fputs(res->hint, stderr);
	}
	switch (res->failed) {
	case SGIT_COMMIT_STEP_SIGN:
		sign_ctx_report(sc, cli_err(ctx));
		return 1;
	case SGIT_COMMIT_STEP_MESSAGE:
	case SGIT_COMMIT_STEP_WRITE:
		return cli_error("%s", sgit_error_message(cli_err(ctx)));
	default:
		return cli_fatal_err(cli_err(ctx));
	}
}

/*
 * -S: the settings and the key, the committer's identity standing in for a
 * missing one. When the identity itself is refused, signing is left out:
 * the commit fails on it first, with git's message.
 */
static int setup_signing(struct sgit_commit_create_opts *o, struct sign_ctx *sc, struct cli_ctx *ctx,
			 const char *key, const struct sgit_person_options *person)
{
	struct sgit_buf who = SGIT_BUF_INIT;
	struct sgit_error ignored = SGIT_ERROR_INIT;
	struct sgit_person_options p = *person;
	int hint = 0, rc = 0;

	p.strict = 1;
	if (sgit_person_ident(&who, &hint, SGIT_PERSON_COMMITTER, &p, &ignored) == 0 &&
	    (rc = sign_ctx_init(sc, ctx, key, who.ptr)) == 0) {
		o->sign = sign_ctx_cb;
		o->sign_data = sc;
	}
	sgit_buf_release(&who);
	return rc;
}

static int write_commit(struct cli_ctx *ctx, struct commit_tree_state *st, const struct sgit_oid *tree)
{
	struct sgit_commit_create_opts o = SGIT_COMMIT_CREATE_OPTS_INIT;
	struct sgit_person_options person = SGIT_PERSON_OPTIONS_INIT;
	struct sgit_commit_create_result res;
	struct sign_ctx sc = SIGN_CTX_INIT;
	char hex[SGIT_OID_HEXSZ + 1];
	int rc;

	person.repo = ctx->repo;
	person.now = (int64_t)time(NULL);
	o.tree = tree;
	o.parents = st->parents;
	o.nparents = st->nparents;
	o.person = &person;
	o.message = st->message.ptr;
	o.message_len = st->message.len;
	if (st->sign_key && (rc = setup_signing(&o, &sc, ctx, st->sign_key, &person)))
		goto out;
	rc = sgit_commit_create(&res, ctx->repo, &o);
	if (res.converted) {
		fflush(stdout);
		fputs(sgit_commit_utf8_warning(), stderr);
	}
	if (rc < 0)
		rc = report_failure(ctx, &res, &sc);
	else
		printf("%s\n", sgit_oid_tohex(hex, &res.id));
out:
	sign_ctx_release(&sc);
	return rc;
}

int cmd_commit_tree(int argc, const char **argv, struct cli_ctx *ctx)
{
	struct commit_tree_state st = { ctx, NULL, 0, 0, SGIT_BUF_INIT, NULL };
	const struct cli_option opts[] = {
		CLI_CALLBACK('p', NULL, &st, "parent", "id of a parent commit object", 0, parent_cb),
		CLI_CALLBACK('m', NULL, &st, "message", "commit message", 0, message_cb),
		CLI_CALLBACK('F', NULL, &st, "file", "read commit log message from file", 0, file_cb),
		CLI_STRING_OPTARG('S', "gpg-sign", &st.sign_key, "key-id", "GPG sign commit", ""),
		CLI_END,
	};
	struct sgit_oid tree;
	int rc;

	argc = cli_parse_options(argc, argv, opts, commit_tree_usage, 0);
	if (argc != 1) {
		rc = cli_fatal("must give exactly one tree");
		goto out;
	}
	if (cli_resolve_object(&tree, ctx, argv[0], NULL) < 0) {
		rc = cli_fatal("not a valid object name %s", argv[0]);
		goto out;
	}
	/* no -m or -F (or only empty ones): the message comes from standard input */
	if (!st.message.len && sgit_fs_read_fd(&st.message, 0, "standard input", cli_err(ctx)) < 0) {
		rc = cli_fatal("git commit-tree: failed to read: %s", strerror(errno));
		goto out;
	}
	rc = write_commit(ctx, &st, &tree);
out:
	free(st.parents);
	sgit_buf_release(&st.message);
	return rc;
}
