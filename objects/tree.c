/* objects/tree.c: tree objects: checked parsing, git's entry order, canonical writing */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "sgit/tree.h"

struct sgit_tree {
	unsigned char *raw;
	size_t len;
	struct sgit_tree_entry *entries;
	size_t count;
};

unsigned int sgit_tree_mode_normalize(unsigned int mode)
{
	if (S_ISREG(mode))
		return (mode & 0100) ? SGIT_FILEMODE_BLOB_EXECUTABLE : SGIT_FILEMODE_BLOB;
	if (S_ISLNK(mode))
		return SGIT_FILEMODE_LINK;
	if (S_ISDIR(mode))
		return SGIT_FILEMODE_TREE;
	return SGIT_FILEMODE_COMMIT;
}

int sgit_tree_mode_is_tree(unsigned int mode)
{
	return S_ISDIR(mode);
}

int sgit_tree_entry_cmp(const char *a, size_t alen, unsigned int amode,
			const char *b, size_t blen, unsigned int bmode)
{
	size_t n = alen < blen ? alen : blen;
	int c = memcmp(a, b, n), ca, cb;

	if (c)
		return c;
	/* Past the common part a name goes on, ends with '/' (a folder) or ends. */
	ca = n < alen ? (unsigned char)a[n] : sgit_tree_mode_is_tree(amode) ? '/' : 0;
	cb = n < blen ? (unsigned char)b[n] : sgit_tree_mode_is_tree(bmode) ? '/' : 0;
	return ca - cb;
}

void sgit_tree_iter_init(struct sgit_tree_iter *it, const void *buf, size_t len)
{
	it->buf = buf;
	it->len = len;
	it->pos = 0;
}

/* A name a tree may hold: not empty, no '/', not "." or "..". NULL when fine, else why. */
static const char *bad_name(const char *name, size_t len)
{
	if (!len)
		return "empty name";
	if (memchr(name, '/', len))
		return "name with '/'";
	if (memchr(name, '\0', len))
		return "name with NUL";
	if ((len == 1 && name[0] == '.') || (len == 2 && name[0] == '.' && name[1] == '.'))
		return "name '.' or '..'";
	return NULL;
}

/* Octal digits up to the space at *pos; git accepts leading zeros ("040000"). */
static int parse_mode(unsigned int *mode, const unsigned char *buf, size_t len, size_t *pos)
{
	size_t p = *pos;
	unsigned int m = 0;

	for (; p < len && buf[p] != ' '; p++) {
		if (buf[p] < '0' || buf[p] > '7' || m > 07777777)
			return -1;
		m = (m << 3) | (unsigned int)(buf[p] - '0');
	}
	if (p == *pos || p == len)
		return -1;
	*mode = m;
	*pos = p + 1;
	return 0;
}

int sgit_tree_iter_next(struct sgit_tree_entry *entry, struct sgit_tree_iter *it,
			struct sgit_error *err)
{
	size_t pos = it->pos, start = it->pos;
	const unsigned char *nul;
	const char *why;

	if (pos >= it->len)
		return 0;
	memset(entry, 0, sizeof(*entry));
	if (parse_mode(&entry->raw_mode, it->buf, it->len, &pos) < 0)
		return sgit_error_set(err, SGIT_ECORRUPT,
				      "corrupt tree: malformed mode in entry at offset %zu", start);
	nul = memchr(it->buf + pos, '\0', it->len - pos);
	if (!nul || it->len - (size_t)(nul + 1 - it->buf) < SGIT_OID_RAWSZ)
		return sgit_error_set(err, SGIT_ECORRUPT,
				      "corrupt tree: truncated entry at offset %zu", start);
	entry->name = (const char *)it->buf + pos;
	entry->name_len = (size_t)(nul - (it->buf + pos));
	if ((why = bad_name(entry->name, entry->name_len)))
		return sgit_error_set(err, SGIT_ECORRUPT, "corrupt tree: %s in entry '%s' at offset %zu",
				      why, entry->name, start);
	entry->mode = sgit_tree_mode_normalize(entry->raw_mode);
	sgit_oid_fromraw(&entry->id, nul + 1);
	it->pos = (size_t)(nul + 1 - it->buf) + SGIT_OID_RAWSZ;
	return 1;
}

/* Check every entry and count them. */
static int count_entries(size_t *count, const unsigned char *raw, size_t len, struct sgit_error *err)
{
	struct sgit_tree_iter it;
	struct sgit_tree_entry e;
	int rc;

	*count = 0;
	sgit_tree_iter_init(&it, raw, len);
	while ((rc = sgit_tree_iter_next(&e, &it, err)) > 0)
		(*count)++;
	return rc;
}

int sgit_tree_parse(struct sgit_tree **out, const void *data, size_t len, struct sgit_error *err)
{
	struct sgit_tree *t = calloc(1, sizeof(*t));
	struct sgit_tree_iter it;
	int rc = 0;

	*out = NULL;
	if (!t || !(t->raw = malloc(len ? len : 1))) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	if (len)
		memcpy(t->raw, data, len);
	t->len = len;
	if ((rc = count_entries(&t->count, t->raw, len, err)) < 0)
		goto out;
	if (!(t->entries = calloc(t->count ? t->count : 1, sizeof(*t->entries)))) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	sgit_tree_iter_init(&it, t->raw, len);
	for (size_t i = 0; i < t->count; i++)
		sgit_tree_iter_next(&t->entries[i], &it, NULL);
	*out = t;
	t = NULL;
out:
	sgit_tree_free(t);
	return rc;
}

void sgit_tree_free(struct sgit_tree *tree)
{
	if (!tree)
		return;
	free(tree->entries);
	free(tree->raw);
	free(tree);
}

size_t sgit_tree_count(const struct sgit_tree *tree)
{
	return tree->count;
}

const struct sgit_tree_entry *sgit_tree_entry_at(const struct sgit_tree *tree, size_t i)
{
	return i < tree->count ? &tree->entries[i] : NULL;
}

const struct sgit_tree_entry *sgit_tree_find(const struct sgit_tree *tree, const char *name,
					     size_t len)
{
	size_t i;

	for (i = 0; i < tree->count; i++)
		if (tree->entries[i].name_len == len && !memcmp(tree->entries[i].name, name, len))
			return &tree->entries[i];
	return NULL;
}

static int cmp_git_order(const void *pa, const void *pb)
{
	const struct sgit_tree_entry *a = *(const struct sgit_tree_entry *const *)pa;
	const struct sgit_tree_entry *b = *(const struct sgit_tree_entry *const *)pb;

	return sgit_tree_entry_cmp(a->name, a->name_len, sgit_tree_mode_normalize(a->mode),
				   b->name, b->name_len, sgit_tree_mode_normalize(b->mode));
}

/* Plain name order, in which entries of the same name sit side by side. */
static int cmp_name(const void *pa, const void *pb)
{
	const struct sgit_tree_entry *a = *(const struct sgit_tree_entry *const *)pa;
	const struct sgit_tree_entry *b = *(const struct sgit_tree_entry *const *)pb;

	return sgit_tree_entry_cmp(a->name, a->name_len, 0, b->name, b->name_len, 0);
}

/* Every name valid, no name twice (a file and a folder of one name included). */
static int check_entries(const struct sgit_tree_entry **sorted, size_t count, struct sgit_error *err)
{
	const char *why;
	size_t i;

	for (i = 0; i < count; i++)
		if ((why = bad_name(sorted[i]->name, sorted[i]->name_len)))
			return sgit_error_set(err, SGIT_EINVALID, "cannot write tree: %s in entry '%.*s'",
					      why, (int)sorted[i]->name_len, sorted[i]->name);
	qsort(sorted, count, sizeof(*sorted), cmp_name);
	for (i = 1; i < count; i++)
		if (!cmp_name(&sorted[i - 1], &sorted[i]))
			return sgit_error_set(err, SGIT_EINVALID, "cannot write tree: duplicate entry '%.*s'",
					      (int)sorted[i]->name_len, sorted[i]->name);
	return 0;
}

static int add_entry(struct sgit_buf *b, const struct sgit_tree_entry *e)
{
	int rc = sgit_buf_addf(b, "%o ", sgit_tree_mode_normalize(e->mode));

	if (rc == 0 && (rc = sgit_buf_add(b, e->name, e->name_len)) == 0 &&
	    (rc = sgit_buf_addch(b, '\0')) == 0)
		rc = sgit_buf_add(b, e->id.id, SGIT_OID_RAWSZ);
	return rc;
}

int sgit_tree_write(struct sgit_buf *out, const struct sgit_tree_entry *entries, size_t count,
		    struct sgit_error *err)
{
	const struct sgit_tree_entry **sorted = calloc(count ? count : 1, sizeof(*sorted));
	struct sgit_buf b = SGIT_BUF_INIT;
	size_t i;
	int rc = 0;

	if (!sorted) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	for (i = 0; i < count; i++)
		sorted[i] = &entries[i];
	if ((rc = check_entries(sorted, count, err)) < 0)
		goto out;
	qsort(sorted, count, sizeof(*sorted), cmp_git_order);
	for (i = 0; i < count && rc == 0; i++)
		rc = add_entry(&b, sorted[i]);
	if (rc < 0) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	sgit_buf_swap(out, &b);
out:
	if (rc < 0)
		sgit_buf_reset(out);
	sgit_buf_release(&b);
	free(sorted);
	return rc;
}
