/*
 * porcelain/worktree/status_format.c: git status's long and short formats. The texts,
 * hints included, are git's: scripts and people compare them byte for byte.
 */
#include <stdarg.h>
#include <string.h>
#include "sgit/status.h"
#include "util/quote.h"

/* Labels of the long format, by status letter; shown padded to the widest and a space. */
static const struct {
	char status;
	const char *label;
} change_labels[] = {
	{ 'A', "new file:" }, { 'C', "copied:" }, { 'D', "deleted:" }, { 'M', "modified:" },
	{ 'R', "renamed:" }, { 'T', "typechange:" }, { 'X', "unknown:" }, { 'U', "unmerged:" },
};

/* Unmerged paths by stage mask (1 base, 2 ours, 4 theirs): long label, short letters. */
static const struct {
	const char *label, *xy;
} unmerged_labels[8] = {
	{ NULL, NULL }, { "both deleted:", "DD" }, { "added by us:", "AU" },
	{ "deleted by them:", "UD" }, { "added by them:", "UA" }, { "deleted by us:", "DU" },
	{ "both added:", "AA" }, { "both modified:", "UU" },
};

struct out {
	struct sgit_buf *buf;
	const struct sgit_status_format *f;
	const struct sgit_status *st;
	struct sgit_buf path;		/* the last path shown */
	struct sgit_buf line;
	int rc;
};

static const char *change_label(char status)
{
	size_t i;

	for (i = 0; i < sizeof(change_labels) / sizeof(change_labels[0]); i++)
		if (change_labels[i].status == status)
			return change_labels[i].label;
	return "unknown:";
}

static int change_label_width(void)
{
	size_t i, w = 0;

	for (i = 0; i < sizeof(change_labels) / sizeof(change_labels[0]); i++)
		if (strlen(change_labels[i].label) > w)
			w = strlen(change_labels[i].label);
	return (int)w + 1;
}

static int unmerged_label_width(void)
{
	size_t i, w = 0;

	for (i = 1; i < 8; i++)
		if (strlen(unmerged_labels[i].label) > w)
			w = strlen(unmerged_labels[i].label);
	return (int)w + 1;
}

/* One line of the long format; a template's lines start with "#" (and a space before text). */
static void __attribute__((format(printf, 2, 3))) line(struct out *o, const char *fmt, ...)
{
	va_list ap;

	if (o->rc < 0)
		return;
	sgit_buf_reset(&o->line);
	va_start(ap, fmt);
	o->rc = sgit_buf_vaddf(&o->line, fmt, ap);
	va_end(ap);
	if (o->rc < 0)
		return;
	if (o->f->template &&
	    (o->rc = sgit_buf_adds(o->buf, o->line.len && o->line.ptr[0] != '\t' ? "# " : "#")) < 0)
		return;
	if ((o->rc = sgit_buf_addbuf(o->buf, &o->line)) == 0)
		o->rc = sgit_buf_addch(o->buf, '\n');
}

/*
 * path (from the top) as shown: relative to the prefix ("../x", "./" for
 * the prefix itself), quoted when it needs it, or also when it holds a
 * space with quote_sp (the short format, so that fields stay apart).
 */
static const char *shown(struct out *o, const char *path, size_t len, int quote_sp)
{
	struct sgit_buf rel = SGIT_BUF_INIT;
	const char *prefix = o->f->prefix ? o->f->prefix : "";
	size_t plen = strlen(prefix), common = 0, i;

	for (i = 0; i < plen && i < len && prefix[i] == path[i]; i++)
		if (prefix[i] == '/')
			common = i + 1;
	for (i = common; i < plen && o->rc == 0; i++)
		if (prefix[i] == '/')
			o->rc = sgit_buf_adds(&rel, "../");
	if (o->rc == 0)
		o->rc = sgit_buf_add(&rel, path + common, len - common);
	if (o->rc == 0 && !rel.len)
		o->rc = sgit_buf_adds(&rel, "./");
	sgit_buf_reset(&o->path);
	if (o->rc == 0 && quote_sp && memchr(rel.ptr, ' ', rel.len) &&
	    !sgit_quote_needed(rel.ptr, rel.len, o->f->quote_high))
		o->rc = sgit_buf_printf(&o->path, "\"%s\"", rel.ptr);
	else if (o->rc == 0)
		o->rc = sgit_quote_c_style_add(&o->path, rel.ptr, rel.len, o->f->quote_high);
	sgit_buf_release(&rel);
	return o->path.ptr;
}

/* ---- long format ---- */

static void branch_lines(struct out *o)
{
	const struct sgit_status *st = o->st;

	if (!st->branch.len)
		return;
	if (!strcmp(st->branch.ptr, "HEAD"))
		line(o, "%s", st->detached.ptr);
	else
		line(o, "On branch %s", st->branch.ptr + (strncmp(st->branch.ptr, "refs/heads/", 11)
							  ? 0 : 11));
}

/* "Your branch is ahead of 'origin/main' by 1 commit." and its hint, then a blank line. */
static void tracking_lines(struct out *o)
{
	const struct sgit_status *st = o->st;
	const char *up = st->upstream.ptr;
	size_t a = st->ahead, b = st->behind;

	if (!st->upstream.len)
		return;
	if (st->upstream_gone) {
		line(o, "Your branch is based on '%s', but the upstream is gone.", up);
		if (o->f->hints)
			line(o, "  (use \"git branch --unset-upstream\" to fixup)");
	} else if (!a && !b) {
		line(o, "Your branch is up to date with '%s'.", up);
	} else if (!b) {
		line(o, "Your branch is ahead of '%s' by %zu commit%s.", up, a, a == 1 ? "" : "s");
		if (o->f->hints)
			line(o, "  (use \"git push\" to publish your local commits)");
	} else if (!a) {
		line(o, "Your branch is behind '%s' by %zu commit%s, and can be fast-forwarded.", up, b,
		     b == 1 ? "" : "s");
		if (o->f->hints)
			line(o, "  (use \"git pull\" to update your local branch)");
	} else {
		line(o, "Your branch and '%s' have diverged,", up);
		line(o, "and have %zu and %zu different commit%s each, respectively.", a, b,
		     a + b == 1 ? "" : "s");
		if (o->f->hints)
			line(o, "  (use \"git pull\" to merge the remote branch into yours)");
	}
	line(o, "%s", "");
}

static int has_unmerged(const struct sgit_status *st)
{
	size_t i;

	for (i = 0; i < st->nr; i++)
		if (st->items[i].stages)
			return 1;
	return 0;
}

static void state_lines(struct out *o)
{
	if (!o->st->merging)
		return;
	if (has_unmerged(o->st)) {
		line(o, "You have unmerged paths.");
		if (o->f->hints) {
			line(o, "  (fix conflicts and run \"git commit\")");
			line(o, "  (use \"git merge --abort\" to abort the merge)");
		}
	} else {
		line(o, "All conflicts fixed but you are still merging.");
		if (o->f->hints)
			line(o, "  (use \"git commit\" to conclude merge)");
	}
	line(o, "%s", "");
}

/* The hint to unstage, which git gives only outside a merge. */
static void unstage_hint(struct out *o)
{
	if (!o->f->hints || o->st->merging)
		return;
	if (o->st->initial)
		line(o, "  (use \"git rm --cached <file>...\" to unstage)");
	else
		line(o, "  (use \"git restore --staged <file>...\" to unstage)");
}

static void staged_section(struct out *o)
{
	int width = change_label_width(), shown_header = 0;
	size_t i;

	for (i = 0; i < o->st->nr; i++) {
		const struct sgit_status_item *it = &o->st->items[i];
		const char *label;

		if (!it->index_status || it->index_status == 'U')
			continue;
		if (!shown_header++) {
			line(o, "Changes to be committed:");
			unstage_hint(o);
		}
		label = change_label(it->index_status);
		line(o, "\t%s%*s%s", label, width - (int)strlen(label), "",
		     shown(o, it->path, it->path_len, 0));
	}
	if (shown_header)
		line(o, "%s", "");
}

static void unmerged_hints(struct out *o)
{
	int both_deleted = 0, del_mod = 0, other = 0;
	size_t i;

	for (i = 0; i < o->st->nr; i++) {
		unsigned int m = o->st->items[i].stages;

		both_deleted |= m == 1;
		del_mod |= m == 3 || m == 5;
		other |= m && m != 1 && m != 3 && m != 5;
	}
	unstage_hint(o);
	if (!both_deleted && !del_mod)
		line(o, "  (use \"git add <file>...\" to mark resolution)");
	else if (both_deleted && !del_mod && !other)
		line(o, "  (use \"git rm <file>...\" to mark resolution)");
	else
		line(o, "  (use \"git add/rm <file>...\" as appropriate to mark resolution)");
}

static void unmerged_section(struct out *o)
{
	int width = unmerged_label_width(), shown_header = 0;
	size_t i;

	for (i = 0; i < o->st->nr; i++) {
		const struct sgit_status_item *it = &o->st->items[i];
		const char *label;

		if (!it->stages)
			continue;
		if (!shown_header++) {
			line(o, "Unmerged paths:");
			if (o->f->hints)
				unmerged_hints(o);
		}
		label = unmerged_labels[it->stages & 7].label;
		line(o, "\t%s%*s%s", label, width - (int)strlen(label), "",
		     shown(o, it->path, it->path_len, 0));
	}
	if (shown_header)
		line(o, "%s", "");
}

static void unstaged_header(struct out *o)
{
	int deleted = 0;
	size_t i;

	line(o, "Changes not staged for commit:");
	if (!o->f->hints)
		return;
	for (i = 0; i < o->st->nr; i++)
		deleted |= o->st->items[i].worktree_status == 'D';
	line(o, "  (use \"git %s <file>...\" to update what will be committed)",
	     deleted ? "add/rm" : "add");
	line(o, "  (use \"git restore <file>...\" to discard changes in working directory)");
}

static void unstaged_section(struct out *o)
{
	int width = change_label_width(), shown_header = 0;
	size_t i;

	for (i = 0; i < o->st->nr; i++) {
		const struct sgit_status_item *it = &o->st->items[i];
		const char *label;

		if (!it->worktree_status || it->worktree_status == 'U')
			continue;
		if (!shown_header++)
			unstaged_header(o);
		label = change_label(it->worktree_status);
		line(o, "\t%s%*s%s", label, width - (int)strlen(label), "",
		     shown(o, it->path, it->path_len, 0));
	}
	if (shown_header)
		line(o, "%s", "");
}

static void other_section(struct out *o, const struct sgit_changes *l, const char *what,
			  const char *how)
{
	size_t i;

	if (!l->nr)
		return;
	line(o, "%s files:", what);
	if (o->f->hints)
		line(o, "  (use \"git %s <file>...\" to include in what will be committed)", how);
	for (i = 0; i < l->nr; i++)
		line(o, "\t%s", shown(o, l->items[i].path, l->items[i].path_len, 0));
	line(o, "%s", "");
}

/* The last line: why there is nothing to commit. */
static void verdict(struct out *o)
{
	const struct sgit_status *st = o->st;
	const char *s;

	if (st->committable || o->f->template)
		return;
	if (st->workdir_dirty)
		s = o->f->hints ? "no changes added to commit (use \"git add\" and/or \"git commit -a\")"
				: "no changes added to commit";
	else if (st->untracked.nr)
		s = o->f->hints ? "nothing added to commit but untracked files present (use \"git add\" "
				  "to track)" : "nothing added to commit but untracked files present";
	else if (st->initial)
		s = o->f->hints ? "nothing to commit (create/copy files and use \"git add\" to track)"
				: "nothing to commit";
	else if (st->untracked_mode == SGIT_UNTRACKED_NO)
		s = o->f->hints ? "nothing to commit (use -u to show untracked files)" : "nothing to commit";
	else
		s = "nothing to commit, working tree clean";
	if (o->rc == 0)
		o->rc = sgit_buf_printf(&o->line, "%s\n", s);
	if (o->rc == 0)
		o->rc = sgit_buf_addbuf(o->buf, &o->line);
}

int sgit_status_format_long(struct sgit_buf *out, const struct sgit_status *st,
			    const struct sgit_status_format *f)
{
	struct out o = { out, f, st, SGIT_BUF_INIT, SGIT_BUF_INIT, 0 };

	branch_lines(&o);
	tracking_lines(&o);
	state_lines(&o);
	if (st->initial) {
		line(&o, "%s", "");
		line(&o, "%s", f->template ? "Initial commit" : "No commits yet");
		line(&o, "%s", "");
	}
	staged_section(&o);
	unmerged_section(&o);
	unstaged_section(&o);
	if (st->untracked_mode != SGIT_UNTRACKED_NO) {
		other_section(&o, &st->untracked, "Untracked", "add");
		if (st->show_ignored)
			other_section(&o, &st->ignored, "Ignored", "add -f");
	} else if (st->committable) {
		line(&o, "Untracked files not listed%s",
		     f->hints ? " (use -u option to show untracked files)" : "");
	}
	verdict(&o);
	sgit_buf_release(&o.path);
	sgit_buf_release(&o.line);
	return o.rc;
}

/* ---- short format ---- */

static void short_entry(struct out *o, const char *xy, const char *path, size_t len)
{
	if (o->rc < 0)
		return;
	if (o->f->nul) {
		if ((o->rc = sgit_buf_printf(&o->line, "%s %s", xy, path)) == 0)
			o->rc = sgit_buf_add(o->buf, o->line.ptr, o->line.len + 1);
		return;
	}
	shown(o, path, len, 1);
	if (o->rc == 0)
		o->rc = sgit_buf_addf(o->buf, "%s %s\n", xy, o->path.ptr);
}

static void short_branch(struct out *o)
{
	const struct sgit_status *st = o->st;
	const char *name = st->branch.ptr;

	if (!st->branch.len || o->rc < 0)
		return;
	if (!strncmp(name, "refs/heads/", 11))
		name += 11;
	o->rc = sgit_buf_printf(&o->line, "## %s%s", st->initial ? "No commits yet on " : "",
				strcmp(st->branch.ptr, "HEAD") ? name : "HEAD (no branch)");
	if (o->rc == 0 && st->upstream.len)
		o->rc = sgit_buf_addf(&o->line, "...%s", st->upstream.ptr);
	if (o->rc == 0 && st->upstream_gone)
		o->rc = sgit_buf_adds(&o->line, " [gone]");
	else if (o->rc == 0 && st->ahead && st->behind)
		o->rc = sgit_buf_addf(&o->line, " [ahead %zu, behind %zu]", st->ahead, st->behind);
	else if (o->rc == 0 && (st->ahead || st->behind))
		o->rc = sgit_buf_addf(&o->line, " [%s %zu]", st->ahead ? "ahead" : "behind",
				      st->ahead ? st->ahead : st->behind);
	if (o->rc == 0)
		o->rc = sgit_buf_add(o->buf, o->line.ptr, o->line.len + 1);
	if (o->rc == 0 && !o->f->nul)
		o->buf->ptr[o->buf->len - 1] = '\n';
}

int sgit_status_format_short(struct sgit_buf *out, const struct sgit_status *st,
			     const struct sgit_status_format *f)
{
	struct out o = { out, f, st, SGIT_BUF_INIT, SGIT_BUF_INIT, 0 };
	char xy[3];
	size_t i;

	if (f->branch)
		short_branch(&o);
	for (i = 0; i < st->nr; i++) {
		const struct sgit_status_item *it = &st->items[i];

		if (it->stages) {
			short_entry(&o, unmerged_labels[it->stages & 7].xy, it->path, it->path_len);
			continue;
		}
		xy[0] = it->index_status ? it->index_status : ' ';
		xy[1] = it->worktree_status ? it->worktree_status : ' ';
		xy[2] = '\0';
		short_entry(&o, xy, it->path, it->path_len);
	}
	for (i = 0; i < st->untracked.nr; i++)
		short_entry(&o, "??", st->untracked.items[i].path, st->untracked.items[i].path_len);
	for (i = 0; i < st->ignored.nr && st->show_ignored; i++)
		short_entry(&o, "!!", st->ignored.items[i].path, st->ignored.items[i].path_len);
	sgit_buf_release(&o.path);
	sgit_buf_release(&o.line);
	return o.rc;
}
