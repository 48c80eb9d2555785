/* porcelain/branches/refinfo.c: what tag and branch show about the refs they list and change */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "porcelain/branches/refinfo.h"
#include "sgit/commit.h"
#include "sgit/config.h"
#include "sgit/odb.h"
#include "sgit/tag.h"

static const char *find_bytes(const char *hay, size_t len, const char *needle)
{
	return memmem(hay, len, needle, strlen(needle));
}

void sgit_refinfo_message_parts(struct sgit_msgpos *out, const char *obj, size_t len)
{
	size_t p = 0, sig, end;
	const char *brk;

	len = strnlen(obj, len);
	while (p < len && obj[p] != '\n') {
		const char *eol = memchr(obj + p, '\n', len - p);

		p = eol ? (size_t)(eol - obj) + 1 : len;
	}
	while (p < len && obj[p] == '\n')
		p++;
	sig = p + sgit_sig_find(NULL, obj + p, len - p);
	/* "\n\n" anywhere wins over an earlier "\r\n\r\n", as in git */
	brk = find_bytes(obj + p, len - p, "\n\n");
	if (!brk)
		brk = find_bytes(obj + p, len - p, "\r\n\r\n");
	end = brk && (size_t)(brk - obj) < sig ? (size_t)(brk - obj) : sig;
	while (end > p && (obj[end - 1] == '\n' || obj[end - 1] == '\r'))
		end--;
	out->subject = p;
	out->subject_len = end - p;
	out->contents_end = sig;
}

int sgit_refinfo_add_subject(struct sgit_buf *out, const char *obj, const struct sgit_msgpos *pos)
{
	const char *s = obj + pos->subject;
	size_t i, n = pos->subject_len;
	int rc = 0;

	for (i = 0; !rc && i < n; i++) {
		if (s[i] == '\r' && i + 1 < n && s[i + 1] == '\n')
			continue;
		rc = sgit_buf_addch(out, s[i] == '\n' ? ' ' : s[i]);
	}
	return rc;
}

int sgit_refinfo_add_lines(struct sgit_buf *out, const char *obj, const struct sgit_msgpos *pos,
			   int n)
{
	const char *sp = obj + pos->subject, *end = obj + pos->contents_end;
	int i, rc = 0;

	for (i = 0; !rc && i < n && sp < end; i++) {
		const char *eol = memchr(sp, '\n', (size_t)(end - sp));

		if (i)
			rc = sgit_buf_adds(out, "\n    ");
		if (!rc)
			rc = sgit_buf_add(out, sp, eol ? (size_t)(eol - sp) : (size_t)(end - sp));
		if (!eol)
			break;
		sp = eol + 1;
	}
	return rc;
}

static int is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

int sgit_refinfo_add_first_line(struct sgit_buf *out, const char *obj, size_t len)
{
	const char *brk, *p, *eol;

	len = strnlen(obj, len);
	brk = find_bytes(obj, len, "\n\n");
	if (!brk)
		return 0;
	p = brk + 2;
	/* lines holding only blanks are skipped */
	for (;;) {
		const char *q = p, *nl = memchr(p, '\n', (size_t)(obj + len - p));
		const char *stop = nl ? nl : obj + len;

		while (q < stop && is_space(*q))
			q++;
		if (q < stop || !nl)
			break;
		p = nl + 1;
	}
	eol = memchr(p, '\n', (size_t)(obj + len - p));
	return sgit_buf_add(out, p, eol ? (size_t)(eol - p) : (size_t)(obj + len - p));
}

/* ---- walking commits: an open-addressing set of ids with a mark each ---- */

struct seen {
	struct sgit_oid *ids;
	unsigned char *marks;	/* 0: empty slot */
	size_t nr, alloc;
};

static size_t slot_of(const struct seen *s, const struct sgit_oid *id)
{
	size_t h, mask = s->alloc - 1;

	memcpy(&h, id->id, sizeof(h));
	for (h &= mask; s->marks[h] && !sgit_oid_equal(&s->ids[h], id); h = (h + 1) & mask)
		;
	return h;
}

static int seen_grow(struct seen *s)
{
	struct seen bigger = { NULL, NULL, 0, s->alloc ? s->alloc * 2 : 256 };
	size_t i;

	bigger.ids = malloc(bigger.alloc * sizeof(*bigger.ids));
	bigger.marks = calloc(bigger.alloc, 1);
	if (!bigger.ids || !bigger.marks) {
		free(bigger.ids);
		free(bigger.marks);
		return SGIT_ENOMEM;
	}
	for (i = 0; i < s->alloc; i++) {
		if (s->marks[i]) {
			size_t at = slot_of(&bigger, &s->ids[i]);

			bigger.ids[at] = s->ids[i];
			bigger.marks[at] = s->marks[i];
		}
	}
	bigger.nr = s->nr;
	free(s->ids);
	free(s->marks);
	*s = bigger;
	return 0;
}

/* Add mark to id's marks; 1 when that changed anything, 0 when it was there, < 0 on error. */
static int seen_mark(struct seen *s, const struct sgit_oid *id, unsigned char mark)
{
	size_t at;
	int rc;

	if ((s->nr + 1) * 2 > s->alloc && (rc = seen_grow(s)) < 0)
		return rc;
	at = slot_of(s, id);
	if ((s->marks[at] & mark) == mark)
		return 0;
	if (!s->marks[at]) {
		s->ids[at] = *id;
		s->nr++;
	}
	s->marks[at] |= mark;
	return 1;
}

struct todo {
	struct sgit_oid *ids;
	size_t nr, alloc;
};

static int todo_push(struct todo *t, const struct sgit_oid *id)
{
	if (t->nr == t->alloc) {
		size_t alloc = t->alloc ? t->alloc * 2 : 64;
		struct sgit_oid *p = realloc(t->ids, alloc * sizeof(*p));

		if (!p)
			return SGIT_ENOMEM;
		t->ids = p;
		t->alloc = alloc;
	}
	t->ids[t->nr++] = *id;
	return 0;
}

static int seen_has(const struct seen *s, const struct sgit_oid *id, unsigned char mark)
{
	return s->alloc && (s->marks[slot_of(s, id)] & mark) == mark;
}

/* Give every commit reachable from start the mark; stop early once stop has it. */
static int walk_mark(struct seen *s, struct sgit_repo *repo, const struct sgit_oid *start,
		     unsigned char mark, const struct sgit_oid *stop)
{
	struct todo todo = { NULL, 0, 0 };
	struct sgit_buf data = SGIT_BUF_INIT;
	struct sgit_commit *c = NULL;
	enum sgit_object_type type;
	size_t i;
	int rc;

	if ((rc = seen_mark(s, start, mark)) <= 0 || (rc = todo_push(&todo, start)) < 0)
		goto out;
	while (todo.nr && !(stop && seen_has(s, stop, mark))) {
		struct sgit_oid id = todo.ids[--todo.nr];

		if ((rc = sgit_odb_read(&data, &type, sgit_repo_odb(repo), &id)) < 0)
			goto out;
		if (type != SGIT_OBJ_COMMIT)
			continue;
		if ((rc = sgit_commit_parse(&c, data.ptr, data.len, sgit_repo_error(repo))) < 0)
			goto out;
		for (i = 0; i < sgit_commit_parent_count(c); i++) {
			const struct sgit_oid *p = sgit_commit_parent_id(c, i);

			if ((rc = seen_mark(s, p, mark)) < 0 || (rc > 0 && (rc = todo_push(&todo, p)) < 0))
				goto out;
		}
		sgit_commit_free(c);
		c = NULL;
	}
	rc = 0;
out:
	sgit_commit_free(c);
	sgit_buf_release(&data);
	free(todo.ids);
	return rc;
}

int sgit_refinfo_ahead_behind(size_t *ahead, size_t *behind, struct sgit_repo *repo,
			      const struct sgit_oid *a, const struct sgit_oid *b)
{
	struct seen s = { NULL, NULL, 0, 0 };
	size_t i;
	int rc;

	*ahead = *behind = 0;
	if ((rc = walk_mark(&s, repo, a, 1, NULL)) < 0 || (rc = walk_mark(&s, repo, b, 2, NULL)) < 0)
		goto out;
	for (i = 0; i < s.alloc; i++) {
		if (s.marks[i] == 1)
			++*ahead;
		else if (s.marks[i] == 2)
			++*behind;
	}
out:
	free(s.ids);
	free(s.marks);
	return rc;
}

int sgit_refinfo_is_ancestor(int *out, struct sgit_repo *repo, const struct sgit_oid *commit,
			     const struct sgit_oid *tip)
{
	struct seen s = { NULL, NULL, 0, 0 };
	int rc;

	*out = 0;
	if ((rc = walk_mark(&s, repo, tip, 1, commit)) == 0)
		*out = seen_has(&s, commit, 1);
	free(s.ids);
	free(s.marks);
	return rc;
}
