/* porcelain/cli/log_cmd_color.c: the colour settings of log: color.diff.commit, color.decorate.*, log.graphColors */
#include <stdlib.h>
#include <string.h>
#include "porcelain/cli/log_cmd.h"
#include "porcelain/cli/log_cmd_int.h"
#include "util/color.h"

/* Keep a string until log_cmd_release. */
static const char *keep(struct log_cmd *lc, struct sgit_buf *b)
{
	char *s = sgit_buf_detach(b, NULL);

	if (!s || cli_strlist_push(&lc->owned, s) < 0) {
		free(s);
		return NULL;
	}
	return s;
}

/* The escape sequence of a colour setting; NULL when unset or not a colour (git warns). */
static const char *config_color(struct log_cmd *lc, const char *key)
{
	struct sgit_buf seq = SGIT_BUF_INIT;
	const char *v = NULL, *r = NULL;

	if (sgit_config_get_string(&v, sgit_repo_config(lc->ctx->repo), key) < 0 || !v)
		goto out;
	if (sgit_color_parse(&seq, v) < 0)
		cli_warning("invalid color value: %s", v);
	else
		r = keep(lc, &seq);
out:
	sgit_buf_release(&seq);
	return r;
}

/* git's names of the decoration slots, in enum sgit_decoration_type order. */
static const char *const decorate_slots[SGIT_DECORATION_TYPE_COUNT] = {
	NULL, "branch", "remoteBranch", "tag", "stash", "HEAD", "grafted",
};

int log_cmd_setup_colors(struct log_cmd *lc)
{
	struct sgit_buf key = SGIT_BUF_INIT;
	size_t i;
	int rc = 0;

	if (!lc->pretty.color)
		return 0;
	lc->pretty.commit_color = config_color(lc, "color.diff.commit");
	lc->pretty.decorate_style.commit_color = lc->pretty.commit_color;
	for (i = 1; i < SGIT_DECORATION_TYPE_COUNT && !rc; i++) {
		if (sgit_buf_printf(&key, "color.decorate.%s", decorate_slots[i]) < 0)
			rc = cli_fatal("out of memory");
		else
			lc->pretty.decorate_style.colors[i] = config_color(lc, key.ptr);
	}
	sgit_buf_release(&key);
	return rc;
}

/* log.graphColors: a comma-separated list; names that are no colour are warned about and skipped. */
int log_cmd_graph_palette(struct log_cmd *lc)
{
	struct sgit_buf one = SGIT_BUF_INIT, seq = SGIT_BUF_INIT;
	const char *v = NULL, *p, *end;
	int rc = 0;

	if (sgit_config_get_string(&v, sgit_repo_config(lc->ctx->repo), "log.graphcolors") < 0 || !v)
		return 0;
	for (p = v; *p && !rc; p = *end ? end + 1 : end) {
		const char *s = p, *e;

		end = strchr(p, ',');
		if (!end)
			end = p + strlen(p);
		for (e = end; s < e && (*s == ' ' || *s == '\t'); s++)
			;
		while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
			e--;
		if (sgit_buf_set(&one, s, (size_t)(e - s)) < 0)
			rc = cli_fatal("out of memory");
		else if (sgit_color_parse(&seq, one.ptr) < 0)
			cli_warning("ignoring invalid color '%s' in log.graphColors", one.ptr);
		else if (!keep(lc, &seq) || cli_strlist_push(&lc->palette, lc->owned.items[lc->owned.nr - 1]) < 0)
			rc = cli_fatal("out of memory");
	}
	sgit_buf_release(&one);
	sgit_buf_release(&seq);
	return rc;
}
