/* porcelain/cli/cmd_pack_objects.c: sgit pack-objects: the ids on standard input into a new pack */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "porcelain/cli/cli.h"
#include "sgit/pack_write.h"

static const char *const pack_objects_usage[] = {
	"sgit pack-objects [<options>] <base-name> < <object-list>",
	NULL,
};

/* One line of git's object list: an id, optionally followed by a space and a path (ignored). */
static int parse_line(struct sgit_oid *id, const char *line, size_t len)
{
	if (len < SGIT_OID_HEXSZ || (len > SGIT_OID_HEXSZ && line[SGIT_OID_HEXSZ] != ' '))
		return -1;
	return sgit_oid_fromhexn(id, line, SGIT_OID_HEXSZ) < 0 ? -1 : 0;
}

static int read_ids(struct sgit_pack_writer *w, struct cli_ctx *ctx)
{
	struct sgit_odb *odb = sgit_repo_odb(ctx->repo);
	char hex[SGIT_OID_HEXSZ + 1];
	char *line = NULL;
	size_t cap = 0;
	ssize_t got;
	int rc = 0;

	while (!rc && (got = getline(&line, &cap, stdin)) >= 0) {
		struct sgit_oid id;
		size_t len = (size_t)got;

		if (len && line[len - 1] == '\n')
			line[--len] = '\0';
		if (parse_line(&id, line, len) < 0)
			rc = cli_fatal("expected object ID, got garbage:\n %s", line);
		else if (!sgit_odb_exists(odb, &id))
			rc = cli_fatal("unable to read %s", sgit_oid_tohex(hex, &id));
		else if (sgit_pack_writer_add(w, &id) < 0)
			rc = cli_fatal_err(cli_err(ctx));
	}
	free(line);
	return rc;
}

int cmd_pack_objects(int argc, const char **argv, struct cli_ctx *ctx)
{
	struct sgit_pack_write_options po = SGIT_PACK_WRITE_OPTIONS_INIT;
	struct sgit_pack_writer *w = NULL;
	struct sgit_oid pack_id;
	char hex[SGIT_OID_HEXSZ + 1];
	struct sgit_pack_write_stats st;
	int reuse_object = 1, reuse_delta = 1, quiet = 0, progress = -1, level = -1, rc;
	const struct cli_option opts[] = {
		CLI_BOOL('q', "quiet", &quiet, "do not show progress meter"),
		CLI_BOOL(0, "progress", &progress, "show progress meter"),
		CLI_BOOL(0, "reuse-object", &reuse_object, "reuse existing objects"),
		CLI_BOOL(0, "reuse-delta", &reuse_delta, "reuse existing deltas"),
		CLI_INT(0, "compression", &level, "<n>", "use the specified compression level"),
		CLI_END,
	};

	argc = cli_parse_options(argc, argv, opts, pack_objects_usage, 0);
	if (argc != 1)
		cli_usage_with_options(pack_objects_usage, opts, 1);
	if (level < -1 || level > 9)
		return cli_fatal("bad pack compression level %d", level);
	po.compression = level;
	po.reuse = reuse_object && reuse_delta;
	po.base = argv[0];
	if (sgit_pack_writer_new(&w, sgit_repo_odb(ctx->repo), &po, cli_err(ctx)) < 0)
		return cli_fatal_err(cli_err(ctx));
	if ((rc = read_ids(w, ctx)) == 0) {
		if (sgit_pack_writer_finish(&pack_id, &st, w) < 0)
			rc = cli_fatal_err(cli_err(ctx));
		else
			printf("%s\n", sgit_oid_tohex(hex, &pack_id));
		/* git's summary goes with its progress meter: on a terminal unless -q */
		if (!rc && (progress > 0 || (progress < 0 && !quiet && isatty(2))))
			fprintf(stderr, "Total %zu (delta %zu), reused %zu (delta %zu), pack-reused 0\n",
				st.objects, st.deltas, st.reused, st.reused_deltas);
	}
	sgit_pack_writer_free(w);
	return rc;
}
