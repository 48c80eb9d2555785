/* porcelain/cli/cmd_rev_list.c: sgit rev-list: the ids of commits (and objects) of a walk */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "porcelain/cli/log_cmd.h"
#include "porcelain/cli/pager.h"
#include "sgit/commit.h"

static int oom(void)
{
	return cli_fatal("out of memory");
}

static int add_id(struct log_cmd *lc, const struct sgit_oid *id, int abbrev)
{
	char hex[SGIT_OID_HEXSZ + 1];
	int len = lc->pretty.abbrev;

	if (!abbrev || !len)
		sgit_oid_tohex(hex, id);
	else if (len < 0)
		sgit_repo_abbrev(hex, lc->ctx->repo, id);
	else
		sgit_odb_shortest_unique(hex, sgit_repo_odb(lc->ctx->repo), id, (size_t)len);
	return sgit_buf_adds(&lc->entry, hex) < 0 ? oom() : 0;
}

/*
 * The header of an entry as rev-list writes it: "commit " before the id
 * when a format other than oneline was asked for, the mark ("-" boundary,
 * "<" ">" --left-right) unless the graph shows it, the id (abbreviated with
 * --abbrev-commit), the parents (never abbreviated) with --parents, then a
 * space for oneline or a newline.
 */
static int format_header(struct log_cmd *lc, const struct sgit_oid *id, const struct sgit_oid *parents,
			 size_t nparents)
{
	int oneline = lc->pretty_given && lc->pretty.format == SGIT_PRETTY_ONELINE, rc;
	size_t i;

	sgit_buf_truncate(&lc->entry, 0);
	if (lc->pretty_given && !oneline && sgit_buf_adds(&lc->entry, "commit ") < 0)
		return oom();
	if (!lc->graph_state && sgit_buf_adds(&lc->entry, log_cmd_revision_mark(lc)) < 0)
		return oom();
	if ((rc = add_id(lc, id, lc->pretty.abbrev_commit)))
		return rc;
	/* the parents in full, whatever the abbreviation, as git's rev-list prints them */
	for (i = 0; lc->show_parents && i < nparents; i++)
		if (sgit_buf_addch(&lc->entry, ' ') < 0 || (rc = add_id(lc, &parents[i], 0)))
			return rc ? rc : oom();
	return sgit_buf_addch(&lc->entry, oneline ? ' ' : '\n') < 0 ? oom() : 0;
}

/* The message after the header, and the newline that ends (or pads) the entry. */
static int add_message(struct log_cmd *lc, const struct sgit_oid *id, int *ends_line)
{
	const struct sgit_commit *c;
	int rc;

	*ends_line = 0;
	if (!lc->pretty_given)
		return 0;
	if ((rc = log_cmd_set_mark(lc, id)))
		return rc;
	if (sgit_revwalk_commit(&c, lc->walker) < 0 ||
	    sgit_pretty_format_message(&lc->tmp, lc->ctx->repo, id, c, &lc->pretty, cli_err(lc->ctx)) < 0)
		return cli_fatal_err(cli_err(lc->ctx));
	*ends_line = lc->tmp.len && lc->tmp.ptr[lc->tmp.len - 1] == '\n';
	if (!lc->tmp.len && lc->pretty.format == SGIT_PRETTY_ONELINE)
		return sgit_buf_addch(&lc->tmp, '\n') < 0 ? oom() : 0;
	if (lc->tmp.len && sgit_buf_addch(&lc->tmp, '\n') < 0)
		return oom();
	return 0;
}

static int show_plain(struct log_cmd *lc, const struct sgit_oid *id, const struct sgit_oid *parents,
		      size_t nparents)
{
	int rc, ends_line;

	if ((rc = format_header(lc, id, parents, nparents)) || (rc = add_message(lc, id, &ends_line)))
		return rc;
	if (sgit_buf_addbuf(&lc->out, &lc->entry) < 0 || sgit_buf_addbuf(&lc->out, &lc->tmp) < 0)
		return oom();
	return 0;
}

/* With --graph the message's lines get graph prefixes, and the blank line after it padding. */
static int show_graph(struct log_cmd *lc, const struct sgit_oid *id, const struct sgit_oid *parents,
		      size_t nparents)
{
	struct sgit_graph *g = lc->graph_state;
	int rc, ends_line;

	if ((rc = format_header(lc, id, parents, nparents)) || (rc = add_message(lc, id, &ends_line)))
		return rc;
	if ((rc = log_cmd_graph_commit(lc, id, parents, nparents)))
		return rc;
	if (sgit_graph_add_commit_start(g, &lc->out) < 0)
		return oom();
	if (lc->tmp.len) {
		/* the message without the newline added after it, which comes after padding */
		if (sgit_buf_add(&lc->entry, lc->tmp.ptr, lc->tmp.len - 1) < 0 ||
		    sgit_graph_add_msg(g, &lc->out, lc->entry.ptr, lc->entry.len) < 0 ||
		    (ends_line && sgit_graph_padding_line(g, &lc->out) < 0) ||
		    sgit_buf_addch(&lc->out, '\n') < 0)
			return oom();
		return 0;
	}
	if (sgit_graph_add_msg(g, &lc->out, lc->entry.ptr, lc->entry.len) < 0)
		return oom();
	return 0;
}

static int list_objects(struct log_cmd *lc, long *count)
{
	struct sgit_revwalk_object o;
	char hex[SGIT_OID_HEXSZ + 1];
	int rc;

	while ((rc = sgit_revwalk_next_object(&o, lc->walker)) == 0) {
		if (lc->count || lc->quiet) {
			++*count;
			continue;
		}
		sgit_oid_tohex(hex, &o.id);
		if (sgit_buf_adds(&lc->out, hex) < 0)
			return oom();
		if (!lc->no_object_names &&
		    (sgit_buf_addch(&lc->out, ' ') < 0 || sgit_buf_add(&lc->out, o.path, o.path_len) < 0))
			return oom();
		if (sgit_buf_addch(&lc->out, '\n') < 0 || (rc = log_cmd_flush(lc, 0)))
			return rc ? rc : oom();
	}
	return rc < 0 ? cli_fatal_err(cli_err(lc->ctx)) : 0;
}

static int run(struct log_cmd *lc)
{
	struct sgit_oid id;
	long count = 0, left = 0;
	size_t n = 0;
	int rc;

	if ((rc = log_cmd_push_left(lc)))
		return rc;
	while ((rc = sgit_revwalk_next(&id, lc->walker)) == 0) {
		if (lc->count || lc->quiet) {
			/* --left-right --count: the sides apart, as "<left>\t<right>" */
			if (lc->left_right && sgit_revwalk_is_left(lc->walker))
				left++;
			else
				count++;
			continue;
		}
		if ((rc = log_cmd_walk_parents(lc, &n)))
			return rc;
		rc = lc->graph_state ? show_graph(lc, &id, lc->parents, n) : show_plain(lc, &id, lc->parents, n);
		if (rc || (rc = log_cmd_flush(lc, 0)))
			return rc;
	}
	if (rc < 0)
		return cli_fatal_err(cli_err(lc->ctx));
	if (lc->objects && (rc = list_objects(lc, &count)))
		return rc;
	if (lc->count && lc->left_right && sgit_buf_printf(&lc->out, "%ld\t%ld\n", left, count) < 0)
		return oom();
	if (lc->count && !lc->left_right && sgit_buf_printf(&lc->out, "%ld\n", count) < 0)
		return oom();
	return log_cmd_flush(lc, 1);
}

int cmd_rev_list(int argc, const char **argv, struct cli_ctx *ctx)
{
	struct log_cmd lc;
	int rc;

	if (argc == 2 && !strcmp(argv[1], "-h"))
		return log_cmd_usage(stderr, log_cmd_rev_list_usage);
	cli_pager_setup(ctx, "rev-list", 0);
	log_cmd_init(&lc, ctx, LOG_KIND_REV_LIST);
	rc = log_cmd_parse(&lc, argc, argv);
	/* git's rev-list takes the diff options but refuses to be asked for a diff */
	if (!rc && ((!lc.revs.nr && !lc.revs.input_given) || lc.diff_format || lc.diff_asked))
		rc = log_cmd_usage(stderr, log_cmd_rev_list_usage);
	if (!rc && !(rc = log_cmd_setup(&lc)) && !(rc = log_cmd_setup_walk(&lc)))
		rc = run(&lc);
	log_cmd_release(&lc);
	return rc;
}
