/* porcelain/cli/log_cmd_setup.c: from parsed options to a walker and formatter, with git's defaults */
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "porcelain/cli/log_cmd.h"
#include "porcelain/cli/log_cmd_int.h"
#include "porcelain/cli/pager.h"
#include "porcelain/cli/pretty_sig_cmd.h"
#include "sgit/signature.h"

static const char *config_string(struct log_cmd *lc, const char *key)
{
	const char *v = NULL;

	if (sgit_config_get_string(&v, sgit_repo_config(lc->ctx->repo), key) < 0)
		return NULL;
	return v;
}

/* log.decorate: a boolean, "short", "full" or "auto". */
static int decorate_config(struct log_cmd *lc)
{
	const struct sgit_config_entry *e;
	int b;

	if (sgit_config_get_entry(&e, sgit_repo_config(lc->ctx->repo), "log.decorate") < 0)
		return LOG_DECORATE_AUTO;
	if (sgit_config_parse_bool(&b, e->value) == 0)
		return b ? LOG_DECORATE_SHORT : LOG_DECORATE_NO;
	if (!strcmp(e->value, "short"))
		return LOG_DECORATE_SHORT;
	if (!strcmp(e->value, "full"))
		return LOG_DECORATE_FULL;
	return LOG_DECORATE_AUTO;
}

static int config_bool(struct log_cmd *lc, const char *key, int def)
{
	int b = def;

	if (sgit_config_get_bool(&b, sgit_repo_config(lc->ctx->repo), key, cli_err(lc->ctx)) < 0) {
		sgit_error_clear(cli_err(lc->ctx));
		b = def;
	}
	return b;
}

struct exclude_list {
	struct cli_strlist *list;
	int rc;
};

static int collect_exclude(const struct sgit_config_entry *e, void *payload)
{
	struct exclude_list *x = payload;

	if (strcmp(e->key, "log.excludedecoration") || !e->value)
		return 0;
	if (cli_strlist_push(x->list, e->value) < 0)
		return x->rc = cli_fatal("out of memory");
	return 0;
}

static int load_decorations(struct log_cmd *lc, int wanted)
{
	struct sgit_decorate_filter filter = SGIT_DECORATE_FILTER_INIT;
	struct cli_strlist config_exclude = CLI_STRLIST_INIT;
	struct exclude_list x = { &config_exclude, 0 };
	int rc = 0;

	if (!wanted)
		return 0;
	sgit_config_foreach(sgit_repo_config(lc->ctx->repo), collect_exclude, &x);
	if (x.rc)
		return x.rc;
	filter.include = lc->decorate_refs.items;
	filter.ninclude = lc->decorate_refs.nr;
	filter.exclude = lc->decorate_refs_exclude.items;
	filter.nexclude = lc->decorate_refs_exclude.nr;
	filter.config_exclude = config_exclude.items;
	filter.nconfig_exclude = config_exclude.nr;
	filter.all = lc->clear_decorations;
	if (sgit_decorations_load(&lc->decorations, lc->ctx->repo, &filter, cli_err(lc->ctx)) < 0)
		rc = cli_fatal_err(cli_err(lc->ctx));
	cli_strlist_clear(&config_exclude);
	lc->pretty.decorations = lc->decorations;
	return rc;
}

/* The entries: format, dates, abbreviation, colour, decorations, mailmap. */
static int setup_pretty(struct log_cmd *lc)
{
	struct sgit_pretty_options *p = &lc->pretty;
	struct sgit_config *cfg = sgit_repo_config(lc->ctx->repo);
	int is_log = lc->kind != LOG_KIND_REV_LIST, to_terminal = cli_pager_stdout_is_terminal();
	const char *spec = lc->pretty_spec, *date = lc->date_spec;
	unsigned needs;
	int rc;

	if (!spec && is_log)
		spec = config_string(lc, "format.pretty");
	if (spec && sgit_pretty_parse(p, spec, cfg, cli_err(lc->ctx)) < 0)
		return cli_fatal_err(cli_err(lc->ctx));
	lc->wants_mark = p->format == SGIT_PRETTY_USER && p->user_format && strstr(p->user_format, "%m");
	if (lc->expand_tabs >= 0)
		p->expand_tabs = lc->expand_tabs;
	p->date_explicit = date != NULL;
	if (!date && is_log)
		date = config_string(lc, "log.date");
	if (date && sgit_date_mode_parse(&p->date, date, to_terminal, cli_err(lc->ctx)) < 0)
		return cli_fatal_err(cli_err(lc->ctx));
	if (lc->abbrev_commit < 0)
		lc->abbrev_commit = is_log && config_bool(lc, "log.abbrevcommit", 0);
	p->abbrev_commit = lc->abbrev_commit;
	p->now = (int64_t)time(NULL);
	p->term_columns = (int)cli_term_columns();
	p->output_encoding = lc->encoding ? lc->encoding : config_string(lc, "i18n.logoutputencoding");
	p->color = is_log ? cli_color_want(lc->ctx, lc->color, "color.diff")
			  : cli_color_want(lc->ctx, lc->color, NULL);
	p->decorate_style.color = p->color;
	if ((rc = log_cmd_setup_colors(lc)))
		return rc;
	p->show_parents = lc->show_parents;
	if (lc->decorate == LOG_DECORATE_AUTO && is_log)
		lc->decorate = decorate_config(lc);
	if (lc->decorate == LOG_DECORATE_AUTO)
		lc->decorate = is_log && to_terminal ? LOG_DECORATE_SHORT : LOG_DECORATE_NO;
	p->show_decorations = lc->decorate != LOG_DECORATE_NO;
	p->decorate_style.full_names = lc->decorate == LOG_DECORATE_FULL;
	needs = sgit_pretty_needs(p);
	if ((rc = pretty_sig_setup(p, lc->ctx, &lc->owned)))
		return rc;
	if ((rc = load_decorations(lc, p->show_decorations || (needs & SGIT_PRETTY_NEEDS_DECORATIONS))))
		return rc;
	if (lc->show_signature < 0)
		lc->show_signature = is_log && config_bool(lc, "log.showsignature", 0);
	if (lc->show_signature && sgit_signature_config(&lc->gpg, lc->ctx->repo) < 0)
		return cli_fatal_err(cli_err(lc->ctx));
	if (lc->mailmap < 0)
		lc->mailmap = is_log && config_bool(lc, "log.mailmap", 1);
	p->use_mailmap = lc->mailmap;
	if ((lc->mailmap || (needs & SGIT_PRETTY_NEEDS_MAILMAP)) &&
	    sgit_mailmap_load(&lc->mailmap_data, lc->ctx->repo, cli_err(lc->ctx)) < 0)
		return cli_fatal_err(cli_err(lc->ctx));
	p->mailmap = lc->mailmap_data;
	return 0;
}

/* The diffs: what git log -p and show print, with diff's configuration. */
static int setup_diff(struct log_cmd *lc)
{
	struct sgit_diff_output_options *o = &lc->diff;
	unsigned int format = lc->diff_format;

	if (sgit_diff_output_config(o, lc->ctx->repo) < 0)
		return cli_fatal_err(cli_err(lc->ctx));
	if (!format && (lc->kind == LOG_KIND_SHOW || lc->merges_imply_patch))
		format = SGIT_DIFF_FORMAT_PATCH;
	o->format = lc->no_patch ? 0 : format;
	if (lc->context >= 0)
		o->context = (unsigned int)lc->context;
	if (lc->interhunk >= 0)
		o->interhunk = (unsigned int)lc->interhunk;
	if (lc->no_prefix > 0)
		o->src_prefix = o->dst_prefix = "";
	if (lc->src_prefix)
		o->src_prefix = lc->src_prefix;
	if (lc->dst_prefix)
		o->dst_prefix = lc->dst_prefix;
	if (lc->minimal >= 0)
		o->minimal = lc->minimal;
	if (lc->text >= 0)
		o->text = lc->text;
	if (lc->renames >= 0)
		o->renames = lc->renames;
	if (lc->copies >= 0)
		o->copies = lc->copies;
	if (lc->rename_score >= 0)
		o->rename_score = (unsigned int)lc->rename_score;
	if (lc->rename_limit >= 0)
		o->rename_limit = lc->rename_limit;
	o->needed_rename_limit = &lc->needed_rename_limit;
	if (lc->full_index > 0)
		o->abbrev = SGIT_OID_HEXSZ;
	o->stat_width = lc->stat_width >= 0 ? (unsigned int)lc->stat_width : cli_term_columns();
	o->stat_name_width = (unsigned int)lc->stat_name_width;
	o->stat_graph_width = (unsigned int)lc->stat_graph_width;
	o->stat_count = (unsigned int)lc->stat_count;
	if (lc->diff_merges == LOG_DIFF_MERGES_DEFAULT)
		lc->diff_merges = lc->kind == LOG_KIND_SHOW ? LOG_DIFF_MERGES_DENSE
				: lc->walk.first_parent ? LOG_DIFF_MERGES_FIRST_PARENT
				: LOG_DIFF_MERGES_OFF;
	return 0;
}

static int push_tips(struct log_cmd *lc)
{
	size_t i;
	int rc = 0;

	for (i = 0; i < lc->revs.nr && !rc; i++) {
		const struct log_tip *t = &lc->revs.items[i];

		if (t->hide)
			rc = sgit_revwalk_hide_object(lc->walker, &t->id);
		else
			rc = sgit_revwalk_push_object(lc->walker, &t->id, t->path);
		if (rc == SGIT_ENOTFOUND) {
			sgit_error_clear(cli_err(lc->ctx));
			return cli_fatal("bad object %s", t->name);
		}
	}
	return rc < 0 ? cli_fatal_err(cli_err(lc->ctx)) : 0;
}

int log_cmd_setup_walk(struct log_cmd *lc)
{
	struct sgit_revwalk_options *w = &lc->walk;
	int is_log = lc->kind != LOG_KIND_REV_LIST;

	if (lc->graph && w->reverse)
		return cli_fatal("options '--reverse' and '--graph' cannot be used together");
	if (lc->graph && w->sort == SGIT_REVWALK_SORT_DEFAULT)
		w->sort = SGIT_REVWALK_SORT_TOPO;
	w->authors = lc->authors.items;
	w->nauthors = lc->authors.nr;
	w->committers = lc->committers.items;
	w->ncommitters = lc->committers.nr;
	w->greps = lc->greps.items;
	w->ngreps = lc->greps.nr;
	w->paths = (const char *const *)lc->revs.paths;
	w->npaths = lc->revs.npaths;
	w->rewrite_parents = lc->graph || lc->show_parents;
	w->keep_commits = is_log || lc->pretty_given;
	w->objects = lc->objects;
	if (sgit_revwalk_new(&lc->walker, sgit_repo_odb(lc->ctx->repo), w, cli_err(lc->ctx)) < 0)
		return cli_fatal_err(cli_err(lc->ctx));
	return push_tips(lc);
}

int log_cmd_setup(struct log_cmd *lc)
{
	struct sgit_graph_options go = SGIT_GRAPH_OPTIONS_INIT;
	int rc;

	if ((rc = setup_pretty(lc)) || (rc = setup_diff(lc)))
		return rc;
	if (lc->graph) {
		go.color = lc->pretty.color;
		if (go.color && (rc = log_cmd_graph_palette(lc)))
			return rc;
		go.palette = lc->palette.items;
		go.palette_len = lc->palette.nr;
		if (sgit_graph_new(&lc->graph_state, &go, cli_err(lc->ctx)) < 0)
			return cli_fatal("out of memory");
	}
	if (sgit_pathspec_init(&lc->ps, (const char *const *)lc->revs.paths, lc->revs.npaths) < 0)
		return cli_fatal("out of memory");
	lc->flush_each = isatty(1) || cli_pager_in_use();
	return 0;
}
