/* porcelain/pretty/pretty_mailmap.c: .mailmap, the canonical names and e-mails of people (gitmailmap(5)) */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "porcelain/pretty/pretty_int.h"
#include "sgit/odb.h"
#include "sgit/repo.h"
#include "sgit/revparse.h"
#include "util/fs.h"

/* What a person becomes; NULL fields are kept as they are. */
struct mm_target {
	char *name, *email;
};

/* A mapping for a commit e-mail with a commit name. */
struct mm_named {
	char *old_name;
	struct mm_target to;
};

/* Everything known about one commit e-mail (compared without case, as git does). */
struct mm_entry {
	char *old_email;
	struct mm_target simple;	/* "Name <email>" or "<new> <old>" lines */
	struct mm_named *named;		/* "Name <new> Old <old>" lines */
	size_t nnamed;
};

struct sgit_mailmap {
	struct mm_entry *entries;	/* sorted by old_email, case-insensitively */
	size_t nr, alloc;
};

static int cmp_len(const char *a, const char *b, size_t blen)
{
	int c = strncasecmp(a, b, blen);

	return c ? c : (a[blen] ? 1 : 0);
}

/* Index of the entry for email (len bytes), or where it would go (*found 0). */
static size_t find_entry(const struct sgit_mailmap *mm, const char *email, size_t len, int *found)
{
	size_t lo = 0, hi = mm->nr;

	*found = 0;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = cmp_len(mm->entries[mid].old_email, email, len);

		if (!c) {
			*found = 1;
			return mid;
		}
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static int set_str(char **slot, const char *s)
{
	char *copy;

	if (!s)
		return 0;
	if (!(copy = strdup(s)))
		return SGIT_ENOMEM;
	free(*slot);
	*slot = copy;
	return 0;
}

static struct mm_entry *get_entry(struct sgit_mailmap *mm, const char *email)
{
	int found;
	size_t at = find_entry(mm, email, strlen(email), &found);

	if (found)
		return &mm->entries[at];
	if (mm->nr == mm->alloc) {
		size_t n = mm->alloc ? mm->alloc * 2 : 16;
		struct mm_entry *p = realloc(mm->entries, n * sizeof(*p));

		if (!p)
			return NULL;
		mm->entries = p;
		mm->alloc = n;
	}
	memmove(&mm->entries[at + 1], &mm->entries[at], (mm->nr - at) * sizeof(*mm->entries));
	memset(&mm->entries[at], 0, sizeof(*mm->entries));
	if (!(mm->entries[at].old_email = strdup(email))) {
		memmove(&mm->entries[at], &mm->entries[at + 1], (mm->nr - at) * sizeof(*mm->entries));
		return NULL;
	}
	mm->nr++;
	return &mm->entries[at];
}

/* One line's mapping: new name and e-mail for the old e-mail (and old name when given). */
static int add_mapping(struct sgit_mailmap *mm, const char *new_name, const char *new_email,
		       const char *old_name, const char *old_email)
{
	struct mm_entry *e;
	struct mm_named *n;
	size_t i;

	if (!old_email) {
		old_email = new_email;
		new_email = NULL;
	}
	if (!(e = get_entry(mm, old_email)))
		return SGIT_ENOMEM;
	if (!old_name)
		return set_str(&e->simple.name, new_name) < 0 || set_str(&e->simple.email, new_email) < 0
			? SGIT_ENOMEM : 0;
	for (i = 0; i < e->nnamed; i++)
		if (!strcasecmp(e->named[i].old_name, old_name))
			break;
	if (i == e->nnamed) {
		if (!(n = realloc(e->named, (e->nnamed + 1) * sizeof(*n))))
			return SGIT_ENOMEM;
		e->named = n;
		memset(&n[i], 0, sizeof(n[i]));
		if (!(n[i].old_name = strdup(old_name)))
			return SGIT_ENOMEM;
		e->nnamed++;
	}
	/* a later line for the same person replaces the earlier one */
	free(e->named[i].to.name);
	free(e->named[i].to.email);
	e->named[i].to.name = e->named[i].to.email = NULL;
	return set_str(&e->named[i].to.name, new_name) < 0 || set_str(&e->named[i].to.email, new_email) < 0
		? SGIT_ENOMEM : 0;
}

/*
 * "Name <email>" at the start of buf (cut in place): *name (NULL when empty)
 * and *email; returns what follows, or NULL when nothing does (or no <email>).
 */
static char *parse_person(char *buf, char **name, char **email, int allow_empty)
{
	char *lt = strchr(buf, '<'), *gt, *start = buf, *end;

	if (!lt || !(gt = strchr(lt + 1, '>')) || (!allow_empty && gt == lt + 1))
		return NULL;
	while (start < lt && pretty_isspace((unsigned char)*start))
		start++;
	end = lt;
	while (end > start && pretty_isspace((unsigned char)end[-1]))
		end--;
	*name = end > start ? start : NULL;
	*email = lt + 1;
	*end = '\0';
	*gt++ = '\0';
	return *gt ? gt : NULL;
}

static int add_line(struct sgit_mailmap *mm, char *line)
{
	char *name1 = NULL, *email1 = NULL, *name2 = NULL, *email2 = NULL, *rest;

	if (line[0] == '#')
		return 0;
	if ((rest = parse_person(line, &name1, &email1, 0)) != NULL)
		parse_person(rest, &name2, &email2, 1);
	return email1 ? add_mapping(mm, name1, email1, name2, email2) : 0;
}

int sgit_mailmap_add_buffer(struct sgit_mailmap **out, const char *data, size_t len,
			    struct sgit_error *err)
{
	struct sgit_mailmap *mm = *out ? *out : calloc(1, sizeof(*mm));
	struct sgit_buf line = SGIT_BUF_INIT;
	size_t pos = 0;
	int rc = 0;

	if (!mm)
		return sgit_error_nomem(err);
	while (pos < len && rc == 0) {
		const char *nl = memchr(data + pos, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - data - pos) : len - pos;

		if ((rc = sgit_buf_set(&line, data + pos, n)) == 0)
			rc = add_line(mm, line.ptr);
		pos += n + 1;
	}
	sgit_buf_release(&line);
	if (rc < 0) {
		if (!*out)
			sgit_mailmap_free(mm);
		return sgit_error_nomem(err);
	}
	*out = mm;
	return 0;
}

static void free_target(struct mm_target *t)
{
	free(t->name);
	free(t->email);
}

void sgit_mailmap_free(struct sgit_mailmap *mm)
{
	size_t i, j;

	if (!mm)
		return;
	for (i = 0; i < mm->nr; i++) {
		for (j = 0; j < mm->entries[i].nnamed; j++) {
			free(mm->entries[i].named[j].old_name);
			free_target(&mm->entries[i].named[j].to);
		}
		free(mm->entries[i].named);
		free(mm->entries[i].old_email);
		free_target(&mm->entries[i].simple);
	}
	free(mm->entries);
	free(mm);
}

int sgit_mailmap_map(const struct sgit_mailmap *mm, const char **email, size_t *email_len,
		     const char **name, size_t *name_len)
{
	const struct mm_target *t;
	const struct mm_entry *e;
	size_t i;
	int found;

	if (!mm || !mm->nr)
		return 0;
	i = find_entry(mm, *email, *email_len, &found);
	if (!found)
		return 0;
	e = &mm->entries[i];
	t = &e->simple;
	for (i = 0; i < e->nnamed; i++) {
		if (!cmp_len(e->named[i].old_name, *name, *name_len)) {
			t = &e->named[i].to;
			break;
		}
	}
	if (!t->name && !t->email)
		return 0;
	if (t->email) {
		*email = t->email;
		*email_len = strlen(t->email);
	}
	if (t->name) {
		*name = t->name;
		*name_len = strlen(t->name);
	}
	return 1;
}

/* mailmap.blob (or HEAD:.mailmap in a bare repository): a missing blob is no error. */
static int load_blob(struct sgit_mailmap **mm, struct sgit_repo *repo, const char *spec,
		     struct sgit_error *err)
{
	struct sgit_revparse_env env = { 0 };
	struct sgit_buf data = SGIT_BUF_INIT;
	enum sgit_object_type type;
	struct sgit_error ignored = SGIT_ERROR_INIT;
	struct sgit_oid id;
	int rc = 0;

	env.odb = sgit_repo_odb(repo);
	env.refdb = sgit_repo_refdb(repo);
	env.err = &ignored;
	env.quiet = 1;
	if (sgit_revparse_single(&id, NULL, &env, spec) < 0 ||
	    sgit_odb_read(&data, &type, env.odb, &id) < 0)
		goto out;
	if (type != SGIT_OBJ_BLOB)
		rc = sgit_error_set(err, SGIT_EINVALID, "mailmap is not a blob: %s", spec);
	else
		rc = sgit_mailmap_add_buffer(mm, data.ptr, data.len, err);
out:
	sgit_buf_release(&data);
	return rc;
}

static int load_file(struct sgit_mailmap **mm, const char *path, struct sgit_error *err)
{
	struct sgit_buf data = SGIT_BUF_INIT;
	int rc = sgit_fs_read_file(&data, path, err);

	if (rc == SGIT_ENOTFOUND)
		rc = 0;
	else if (rc == 0)
		rc = sgit_mailmap_add_buffer(mm, data.ptr, data.len, err);
	sgit_buf_release(&data);
	return rc;
}

int sgit_mailmap_load(struct sgit_mailmap **out, struct sgit_repo *repo, struct sgit_error *err)
{
	struct sgit_mailmap *mm = calloc(1, sizeof(*mm));
	struct sgit_buf path = SGIT_BUF_INIT;
	const char *blob = NULL, *file = NULL, *wt = sgit_repo_work_tree(repo), *home;
	int rc = 0;

	*out = NULL;
	if (!mm)
		return sgit_error_nomem(err);
	sgit_config_get_string(&blob, sgit_repo_config(repo), "mailmap.blob");
	sgit_config_get_string(&file, sgit_repo_config(repo), "mailmap.file");
	if (!blob && sgit_repo_is_bare(repo))
		blob = "HEAD:.mailmap";
	if (wt && (rc = sgit_fs_join(&path, wt, ".mailmap")) == 0)
		rc = load_file(&mm, path.ptr, err);
	if (rc == 0 && blob && *blob)
		rc = load_blob(&mm, repo, blob, err);
	if (rc == 0 && file && *file) {
		home = sgit_repo_getenv(repo, "HOME");
		if (!strncmp(file, "~/", 2) && home)
			rc = sgit_buf_printf(&path, "%s/%s", home, file + 2);
		else
			rc = sgit_buf_sets(&path, file);
		if (rc == 0)
			rc = load_file(&mm, path.ptr, err);
	}
	sgit_buf_release(&path);
	if (rc < 0) {
		sgit_mailmap_free(mm);
		return rc;
	}
	*out = mm;
	return 0;
}
