/* porcelain/merge/merge_msg_log.c: the --log part of a merge message: what each head brings, and who wrote it */
#include <stdlib.h>
#include <string.h>
#include "porcelain/merge/merge_msg_int.h"
#include "sgit/commit.h"
#include "sgit/pretty.h"
#include "sgit/revwalk.h"

/* People and how many commits each has, sorted by name (as git collects them). */
struct person {
	char *name;
	size_t count;
};

struct people {
	struct person *items;
	size_t nr, alloc;
};

static void people_release(struct people *pl)
{
	while (pl->nr)
		free(pl->items[--pl->nr].name);
	free(pl->items);
}

/* strcmp of s against the n bytes of key. */
static int key_cmp(const char *s, const char *key, size_t n)
{
	int c = strncmp(s, key, n);

	return c ? c : s[n] ? 1 : 0;
}

/* Count the name of an identity line "Name <email> ..." (the name trimmed). */
static int people_add(struct people *pl, const char *ident, size_t len)
{
	const char *lt = memchr(ident, '<', len), *end = lt ? lt : ident + len;
	size_t n, lo = 0, hi = pl->nr;

	while (end > ident && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\n'))
		end--;
	if (end == ident)
		return 0;
	n = (size_t)(end - ident);
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = key_cmp(pl->items[mid].name, ident, n);

		if (c == 0) {
			pl->items[mid].count++;
			return 0;
		}
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (pl->nr == pl->alloc) {
		size_t alloc = pl->alloc ? 2 * pl->alloc : 8;
		struct person *p = realloc(pl->items, alloc * sizeof(*p));

		if (!p)
			return SGIT_ENOMEM;
		pl->items = p;
		pl->alloc = alloc;
	}
	memmove(pl->items + lo + 1, pl->items + lo, (pl->nr - lo) * sizeof(*pl->items));
	if (!(pl->items[lo].name = strndup(ident, n)))
		return SGIT_ENOMEM;
	pl->items[lo].count = 1;
	pl->nr++;
	return 0;
}

/* Most commits first; equal counts keep their order by name (a stable insertion sort). */
static void people_sort(struct people *pl)
{
	size_t i, j;

	for (i = 1; i < pl->nr; i++) {
		struct person p = pl->items[i];

		for (j = i; j > 0 && pl->items[j - 1].count < p.count; j--)
			pl->items[j] = pl->items[j - 1];
		pl->items[j] = p;
	}
}

/* "# By A (3) and B (1)" - left out when the only one is who merges. */
static int credit(struct sgit_buf *out, struct people *pl, const char *label, const char *me, char cc)
{
	size_t n;

	if (!pl->nr)
		return 0;
	n = strlen(pl->items[0].name);
	if (pl->nr == 1 && me && !strncmp(me, pl->items[0].name, n) && !strncmp(me + n, " <", 2))
		return 0;
	people_sort(pl);
	if (sgit_buf_addf(out, "\n%c %s ", cc, label) < 0)
		return SGIT_ENOMEM;
	if (pl->nr == 1)
		return sgit_buf_adds(out, pl->items[0].name);
	if (pl->nr == 2)
		return sgit_buf_addf(out, "%s (%zu) and %s (%zu)", pl->items[0].name, pl->items[0].count,
				     pl->items[1].name, pl->items[1].count);
	return sgit_buf_addf(out, "%s (%zu) and others", pl->items[0].name, pl->items[0].count);
}

/* branch.<name>.description, each line as "  : <line>". */
static int add_branch_desc(struct sgit_buf *out, struct sgit_repo *repo, const char *name)
{
	struct sgit_buf key = SGIT_BUF_INIT;
	const char *desc = NULL, *p;
	int rc = 0;

	if (sgit_buf_printf(&key, "branch.%s.description", name) < 0)
		return SGIT_ENOMEM;
	if (sgit_config_get_string(&desc, sgit_repo_config(repo), key.ptr) == 0) {
		for (p = desc; *p && !rc; ) {
			const char *nl = strchr(p, '\n');
			size_t n = nl ? (size_t)(nl - p + 1) : strlen(p);

			rc = sgit_buf_addf(out, "  : %.*s", (int)n, p);
			p += n;
		}
		if (!rc && out->len && out->ptr[out->len - 1] != '\n')
			rc = sgit_buf_addch(out, '\n');
	}
	sgit_buf_release(&key);
	return rc;
}

/* git's blanks for trimming: its isspace knows no \v or \f. */
static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The subject line as %s gives it, leading blanks dropped; the id when it is empty. */
static int subject(struct mm_strlist *subjects, struct sgit_repo *repo, const struct sgit_oid *id,
		   const struct sgit_commit *c)
{
	struct sgit_pretty_options po = SGIT_PRETTY_OPTIONS_INIT;
	struct sgit_buf s = SGIT_BUF_INIT;
	char hex[SGIT_OID_HEXSZ + 1];
	size_t skip = 0;
	int rc;

	po.format = SGIT_PRETTY_USER;
	po.user_format = "%s";
	if ((rc = sgit_pretty_format_message(&s, repo, id, c, &po, sgit_repo_error(repo))) == 0) {
		while (skip < s.len && is_blank(s.ptr[skip]))
			skip++;
		rc = skip < s.len ? sgit_mm__strlist_add(subjects, s.ptr + skip, s.len - skip)
				  : sgit_mm__strlist_add(subjects, sgit_oid_tohex(hex, id), SGIT_OID_HEXSZ);
	}
	sgit_buf_release(&s);
	return rc;
}

struct walk_state {
	struct mm_strlist subjects;
	struct people authors, committers;
	size_t count;
};

/* Walk o's commits that HEAD lacks, newest first: merges are counted for credits only. */
static int walk(struct walk_state *ws, struct sgit_repo *repo, const struct sgit_oid *tip,
		const struct sgit_oid *head, const struct sgit_merge_msg_options *opts)
{
	struct sgit_revwalk_options wo = SGIT_REVWALK_OPTIONS_INIT;
	struct sgit_revwalk *w = NULL;
	const struct sgit_commit *c;
	const struct sgit_header *h;
	struct sgit_oid id;
	int rc;

	if ((rc = sgit_revwalk_new(&w, sgit_repo_odb(repo), &wo, sgit_repo_error(repo))) < 0 ||
	    (rc = sgit_revwalk_push(w, tip)) < 0 || (rc = sgit_revwalk_hide(w, head)) < 0)
		goto out;
	while ((rc = sgit_revwalk_next(&id, w)) == 0) {
		if ((rc = sgit_revwalk_commit(&c, w)) < 0)
			break;
		h = sgit_commit_committer(c);
		if (sgit_commit_parent_count(c) > 1) {
			if (opts->credit_people && (rc = people_add(&ws->committers, h->value, h->value_len)) < 0)
				break;
			continue;
		}
		if (opts->credit_people && ((!ws->count && (rc = people_add(&ws->committers, h->value, h->value_len)) < 0) ||
					    (rc = people_add(&ws->authors, sgit_commit_author(c)->value,
							     sgit_commit_author(c)->value_len)) < 0))
			break;
		ws->count++;
		if (ws->subjects.nr > (size_t)opts->shortlog_len)
			continue;
		if ((rc = subject(&ws->subjects, repo, &id, c)) < 0)
			break;
	}
	if (rc == 1)
		rc = 0;
out:
	sgit_revwalk_free(w);
	return rc;
}

int sgit_mm__add_shortlog(struct sgit_buf *out, struct sgit_repo *repo, const struct mm_origin *o,
			  const struct sgit_oid *head, const struct sgit_merge_msg_options *opts)
{
	struct walk_state ws;
	char cc = opts->comment_char ? opts->comment_char : '#';
	size_t i, limit = (size_t)opts->shortlog_len;
	int rc = 0;

	memset(&ws, 0, sizeof(ws));
	if ((rc = walk(&ws, repo, &o->commit, head, opts)) < 0)
		goto out;
	if (opts->credit_people && ((rc = credit(out, &ws.authors, "By", opts->author_ident, cc)) < 0 ||
				    (rc = credit(out, &ws.committers, "Via", opts->committer_ident, cc)) < 0))
		goto out;
	rc = ws.count > limit ? sgit_buf_addf(out, "\n* %s: (%zu commits)\n", o->name, ws.count)
			      : sgit_buf_addf(out, "\n* %s:\n", o->name);
	if (!rc && o->is_local_branch && opts->config && opts->config->branch_desc)
		rc = add_branch_desc(out, repo, o->name);
	for (i = 0; i < ws.subjects.nr && !rc; i++)
		rc = i >= limit ? sgit_buf_adds(out, "  ...\n") : sgit_buf_addf(out, "  %s\n", ws.subjects.items[i]);
out:
	if (rc == SGIT_ENOMEM)
		sgit_error_nomem(sgit_repo_error(repo));
	sgit_mm__strlist_release(&ws.subjects);
	people_release(&ws.authors);
	people_release(&ws.committers);
	return rc;
}
