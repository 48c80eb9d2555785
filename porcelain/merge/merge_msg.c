/* porcelain/merge/merge_msg.c: git fmt-merge-msg: the input lines, the title, and the parts in order */
#include <stdlib.h>
#include <string.h>
#include "porcelain/merge/merge_msg_int.h"
#include "sgit/merge_base.h"
#include "sgit/refs.h"
#include "sgit/revparse.h"
#include "util/wildmatch.h"

/* ---- small lists ---- */

int sgit_mm__strlist_add(struct mm_strlist *l, const char *s, size_t len)
{
	char *copy;

	if (l->nr == l->alloc) {
		size_t alloc = l->alloc ? 2 * l->alloc : 4;
		char **p = realloc(l->items, alloc * sizeof(*p));

		if (!p)
			return SGIT_ENOMEM;
		l->items = p;
		l->alloc = alloc;
	}
	if (!(copy = malloc(len + 1)))
		return SGIT_ENOMEM;
	memcpy(copy, s, len);
	copy[len] = '\0';
	l->items[l->nr++] = copy;
	return 0;
}

void sgit_mm__strlist_release(struct mm_strlist *l)
{
	while (l->nr)
		free(l->items[--l->nr]);
	free(l->items);
	l->items = NULL;
	l->alloc = 0;
}

static void parsed_release(struct mm_parsed *p)
{
	size_t i;

	for (i = 0; i < p->nsrcs; i++) {
		free(p->srcs[i].name);
		sgit_mm__strlist_release(&p->srcs[i].branch);
		sgit_mm__strlist_release(&p->srcs[i].r_branch);
		sgit_mm__strlist_release(&p->srcs[i].tag);
		sgit_mm__strlist_release(&p->srcs[i].generic);
	}
	for (i = 0; i < p->norigins; i++)
		free(p->origins[i].name);
	free(p->srcs);
	free(p->origins);
}

/* ---- configuration ---- */

struct config_walk {
	struct sgit_merge_msg_config *c;
	struct sgit_error *err;
};

static int suppress_add(struct sgit_merge_msg_config *c, const char *value)
{
	const char **p;

	c->suppress_dest_set = 1;
	if (!*value) {
		c->nsuppress_dest = 0;
		return 0;
	}
	if (!(p = realloc(c->suppress_dest, (c->nsuppress_dest + 1) * sizeof(*p))))
		return SGIT_ENOMEM;
	c->suppress_dest = p;
	p[c->nsuppress_dest++] = value;
	return 0;
}

static int config_entry(const struct sgit_config_entry *e, void *payload)
{
	struct config_walk *w = payload;
	int64_t n;
	int b;

	if (!strcmp(e->key, "merge.log") || !strcmp(e->key, "merge.summary")) {
		/* a boolean gives the default length, a number is the length */
		if (sgit_config_parse_bool(&b, e->value) == 0 &&
		    (!e->value || sgit_config_parse_int(&n, e->value) < 0)) {
			w->c->log = b ? SGIT_MERGE_MSG_LOG_DEFAULT : 0;
			return 0;
		}
		if (sgit_config_entry_int(&n, e, 0x7fffffff, w->err) < 0)
			return SGIT_ECONFIG;
		if (n < 0)
			return sgit_error_set(w->err, SGIT_ECONFIG, "%s: negative length %s", e->key, e->value);
		w->c->log = (int)n;
	} else if (!strcmp(e->key, "merge.branchdesc")) {
		if (sgit_config_entry_bool(&b, e, w->err) < 0)
			return SGIT_ECONFIG;
		w->c->branch_desc = b;
	} else if (!strcmp(e->key, "merge.suppressdest")) {
		if (!e->value)
			return sgit_error_set(w->err, SGIT_ECONFIG, "missing value for '%s'", e->key);
		if (suppress_add(w->c, e->value) < 0)
			return sgit_error_nomem(w->err);
	}
	return 0;
}

int sgit_merge_msg_config_load(struct sgit_merge_msg_config *out, const struct sgit_config *cfg,
			       struct sgit_error *err)
{
	struct config_walk w = { out, err };
	int rc = cfg ? sgit_config_foreach(cfg, config_entry, &w) : 0;

	if (rc < 0) {
		sgit_merge_msg_config_release(out);
		return rc;
	}
	return 0;
}

void sgit_merge_msg_config_release(struct sgit_merge_msg_config *c)
{
	free(c->suppress_dest);
	memset(c, 0, sizeof(*c));
}

/* ---- which listed heads are merged at all ---- */

struct merge_parent {
	struct sgit_oid given, commit;
	int used;
};

struct parents {
	struct merge_parent *items;
	size_t nr;
};

static void env_init(struct sgit_revparse_env *env, struct sgit_repo *repo)
{
	memset(env, 0, sizeof(*env));
	env->odb = sgit_repo_odb(repo);
	env->refdb = sgit_repo_refdb(repo);
	env->err = sgit_repo_error(repo);
	env->quiet = 1;
}

/* The for-merge lines whose object peels to a commit, then those HEAD and the others do not contain. */
static int find_parents(struct parents *out, struct sgit_repo *repo, const char *in, size_t len,
			const struct sgit_oid *head)
{
	struct sgit_revparse_env env;
	struct sgit_merge_base *mb = NULL;
	struct sgit_oid *ids = NULL, *keep = NULL;
	const char *p = in, *end = in + len;
	size_t n = 0, nkeep = 0, i, j;
	int rc = 0;

	env_init(&env, repo);
	if (!(out->items = calloc(len / 42 + 1, sizeof(*out->items))) || !(ids = calloc(len / 42 + 2, sizeof(*ids)))) {
		rc = sgit_error_nomem(sgit_repo_error(repo));
		goto out;
	}
	ids[n++] = *head;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t l = nl ? (size_t)(nl - p) : (size_t)(end - p);
		struct merge_parent *mp = &out->items[out->nr];

		if (l >= SGIT_OID_HEXSZ + 2 && p[SGIT_OID_HEXSZ] == '\t' && p[SGIT_OID_HEXSZ + 1] == '\t' &&
		    sgit_oid_fromhexn(&mp->given, p, SGIT_OID_HEXSZ) == 0) {
			if (sgit_revparse_peel(&mp->commit, &env, &mp->given, SGIT_OBJ_COMMIT) == 0)
				ids[n++] = out->items[out->nr++].commit;
			sgit_error_clear(sgit_repo_error(repo));
		}
		p = nl ? nl + 1 : end;
	}
	if ((rc = sgit_merge_base_new(&mb, sgit_repo_odb(repo), sgit_repo_error(repo))) < 0 ||
	    (rc = sgit_merge_base_independent(&keep, &nkeep, mb, ids, n)) < 0)
		goto out;
	for (i = 0; i < nkeep; i++)
		for (j = 0; j < out->nr; j++)
			if (sgit_oid_equal(&out->items[j].commit, &keep[i]))
				out->items[j].used = 1;
out:
	sgit_merge_base_free(mb);
	free(keep);
	free(ids);
	return rc;
}

/* The merged parent listed as given, or NULL when that line is left out. */
static const struct merge_parent *parent_used(const struct parents *ps, const struct sgit_oid *given)
{
	size_t i;

	for (i = 0; i < ps->nr; i++)
		if (ps->items[i].used && sgit_oid_equal(&ps->items[i].given, given))
			return &ps->items[i];
	return NULL;
}

/* ---- one line ---- */

static struct mm_source *source_for(struct mm_parsed *p, const char *name)
{
	struct mm_source *s;
	size_t i;

	for (i = 0; i < p->nsrcs; i++)
		if (!strcmp(p->srcs[i].name, name))
			return &p->srcs[i];
	if (p->nsrcs == p->srcs_alloc) {
		size_t alloc = p->srcs_alloc ? 2 * p->srcs_alloc : 4;

		if (!(s = realloc(p->srcs, alloc * sizeof(*s))))
			return NULL;
		p->srcs = s;
		p->srcs_alloc = alloc;
	}
	s = &p->srcs[p->nsrcs];
	memset(s, 0, sizeof(*s));
	if (!(s->name = strdup(name)))
		return NULL;
	p->nsrcs++;
	return s;
}

static int origin_add(struct mm_parsed *p, const struct merge_parent *mp, const char *origin,
		      const char *src, int local_branch)
{
	struct sgit_buf name = SGIT_BUF_INIT;
	struct mm_origin *o;
	size_t olen = strlen(origin);

	if (p->norigins == p->origins_alloc) {
		size_t alloc = p->origins_alloc ? 2 * p->origins_alloc : 4;

		if (!(o = realloc(p->origins, alloc * sizeof(*o))))
			return SGIT_ENOMEM;
		p->origins = o;
		p->origins_alloc = alloc;
	}
	/* a head of this repository, or a remote's HEAD, goes by its bare name */
	if (!strcmp(src, ".") || !strcmp(src, origin)) {
		if (olen >= 2 && origin[0] == '\'' && origin[olen - 1] == '\'' ?
		    sgit_buf_set(&name, origin + 1, olen - 2) : sgit_buf_sets(&name, origin))
			return SGIT_ENOMEM;
	} else if (sgit_buf_printf(&name, "%s of %s", origin, src) < 0) {
		return SGIT_ENOMEM;
	}
	o = &p->origins[p->norigins++];
	o->id = mp->given;
	o->commit = mp->commit;
	o->is_local_branch = local_branch && !strcmp(src, ".");
	o->name = sgit_buf_detach(&name, NULL);
	return o->name ? 0 : SGIT_ENOMEM;
}

/* desc: what follows "<id> TAB TAB" ("branch 'x' of <url>"), NUL-terminated and ours to cut. */
static int take_line(struct mm_parsed *p, const struct merge_parent *mp, char *desc)
{
	char *src = strstr(desc, " of ");
	const char *origin = desc, *rest;
	struct mm_source *s;
	int local = 0, rc;

	if (src) {
		*src = '\0';
		src += 4;
	} else {
		src = desc;
	}
	if (!(s = source_for(p, src)))
		return SGIT_ENOMEM;
	if (src == desc) {
		s->head_status |= 1;
		origin = src;
	} else if (!strncmp(desc, "branch ", 7)) {
		origin = rest = desc + 7;
		local = 1;
		s->head_status |= 2;
		if ((rc = sgit_mm__strlist_add(&s->branch, rest, strlen(rest))) < 0)
			return rc;
	} else if (!strncmp(desc, "tag ", 4)) {
		rest = desc + 4;
		s->head_status |= 2;
		if ((rc = sgit_mm__strlist_add(&s->tag, rest, strlen(rest))) < 0)
			return rc;
	} else if (!strncmp(desc, "remote-tracking branch ", 23)) {
		origin = rest = desc + 23;
		s->head_status |= 2;
		if ((rc = sgit_mm__strlist_add(&s->r_branch, rest, strlen(rest))) < 0)
			return rc;
	} else {
		origin = src;
		s->head_status |= 2;
		if ((rc = sgit_mm__strlist_add(&s->generic, desc, strlen(desc))) < 0)
			return rc;
	}
	return origin_add(p, mp, origin, src, local);
}

/* 0 taken or skipped, > 0 the line is malformed. */
static int handle_line(struct mm_parsed *p, const struct parents *ps, const char *line, size_t len,
		       int *nomem)
{
	const struct merge_parent *mp;
	struct sgit_oid id;
	char *desc;
	int rc;

	if (len < SGIT_OID_HEXSZ + 3 || line[SGIT_OID_HEXSZ] != '\t')
		return 1;
	if (len >= SGIT_OID_HEXSZ + 1 + 13 && !memcmp(line + SGIT_OID_HEXSZ + 1, "not-for-merge", 13))
		return 0;
	if (line[SGIT_OID_HEXSZ + 1] != '\t')
		return 2;
	if (sgit_oid_fromhexn(&id, line, SGIT_OID_HEXSZ) < 0)
		return 3;
	if (!(mp = parent_used(ps, &id)))
		return 0;
	if (!(desc = malloc(len - SGIT_OID_HEXSZ - 1)))
		goto nomem;
	memcpy(desc, line + SGIT_OID_HEXSZ + 2, len - SGIT_OID_HEXSZ - 2);
	desc[len - SGIT_OID_HEXSZ - 2] = '\0';
	rc = take_line(p, mp, desc);
	free(desc);
	if (rc == 0)
		return 0;
nomem:
	*nomem = 1;
	return 0;
}

static int parse_input(struct mm_parsed *p, struct sgit_repo *repo, const char *in, size_t len,
		       const struct parents *ps)
{
	const char *q = in, *end = in + len;
	int lineno = 0, nomem = 0;

	while (q < end) {
		const char *nl = memchr(q, '\n', (size_t)(end - q));
		size_t l = nl ? (size_t)(nl - q) : (size_t)(end - q);

		lineno++;
		if (handle_line(p, ps, q, l, &nomem))
			return sgit_error_set(sgit_repo_error(repo), SGIT_EINVALID, "error in line %d: %.*s",
					      lineno, (int)l, q);
		if (nomem)
			return sgit_error_nomem(sgit_repo_error(repo));
		q = nl ? nl + 1 : end;
	}
	return 0;
}

/* ---- the title ---- */

/* "branch 'a'" or "branches 'a', 'b' and 'c'" */
static int add_joined(struct sgit_buf *out, const char *one, const char *many, const struct mm_strlist *l)
{
	size_t i;
	int rc = 0;

	if (l->nr == 1)
		return sgit_buf_addf(out, "%s%s", one, l->items[0]);
	rc |= sgit_buf_adds(out, many);
	for (i = 0; i + 1 < l->nr; i++)
		rc |= sgit_buf_addf(out, "%s%s", i ? ", " : "", l->items[i]);
	return rc | sgit_buf_addf(out, " and %s", l->items[l->nr - 1]);
}

static int add_source(struct sgit_buf *out, const struct mm_source *s)
{
	const char *sep = "";
	int rc = 0;

	if (s->head_status == 1)
		return sgit_buf_adds(out, s->name);
	if (s->head_status == 3) {
		rc |= sgit_buf_adds(out, "HEAD");
		sep = ", ";
	}
	if (s->branch.nr) {
		rc |= sgit_buf_adds(out, sep) | add_joined(out, "branch ", "branches ", &s->branch);
		sep = ", ";
	}
	if (s->r_branch.nr) {
		rc |= sgit_buf_adds(out, sep) |
		      add_joined(out, "remote-tracking branch ", "remote-tracking branches ", &s->r_branch);
		sep = ", ";
	}
	if (s->tag.nr) {
		rc |= sgit_buf_adds(out, sep) | add_joined(out, "tag ", "tags ", &s->tag);
		sep = ", ";
	}
	if (s->generic.nr)
		rc |= sgit_buf_adds(out, sep) | add_joined(out, "commit ", "commits ", &s->generic);
	if (strcmp(s->name, "."))
		rc |= sgit_buf_addf(out, " of %s", s->name);
	return rc;
}

static int dest_suppressed(const struct sgit_merge_msg_config *c, const char *branch)
{
	static const char *const defaults[] = { "main", "master" };
	const char *const *pats = defaults;
	size_t n = 2, i;

	if (c && c->suppress_dest_set) {
		pats = c->suppress_dest;
		n = c->nsuppress_dest;
	}
	for (i = 0; i < n; i++)
		if (sgit_wildmatch(pats[i], branch, SGIT_WM_PATHNAME))
			return 1;
	return 0;
}

static int add_title(struct sgit_buf *out, const struct mm_parsed *p, const char *branch,
		     const struct sgit_merge_msg_options *opts)
{
	size_t i;
	int rc = sgit_buf_adds(out, "Merge ");

	for (i = 0; i < p->nsrcs; i++)
		rc |= sgit_buf_adds(out, i ? "; " : "") | add_source(out, &p->srcs[i]);
	if (!dest_suppressed(opts->config, branch))
		rc |= sgit_buf_addf(out, " into %s", branch);
	return rc | sgit_buf_addch(out, '\n');
}

/* ---- the whole ---- */

static int complete_line(struct sgit_buf *out)
{
	return out->len && out->ptr[out->len - 1] != '\n' ? sgit_buf_addch(out, '\n') : 0;
}

static int add_parts(struct sgit_buf *out, struct sgit_buf *diag, struct sgit_repo *repo,
		     const struct mm_parsed *p, const char *branch, const struct sgit_oid *head,
		     const struct sgit_merge_msg_options *opts)
{
	size_t i;
	int rc = 0;

	if (opts->add_title && p->nsrcs && add_title(out, p, branch, opts) < 0)
		return sgit_error_nomem(sgit_repo_error(repo));
	if (p->norigins && (rc = sgit_mm__add_tags(out, diag, repo, p, opts)) < 0)
		return rc;
	if (opts->shortlog_len > 0) {
		if (complete_line(out) < 0)
			return sgit_error_nomem(sgit_repo_error(repo));
		for (i = 0; i < p->norigins && !rc; i++)
			rc = sgit_mm__add_shortlog(out, repo, &p->origins[i], head, opts);
	}
	if (!rc && complete_line(out) < 0)
		rc = sgit_error_nomem(sgit_repo_error(repo));
	return rc;
}

int sgit_merge_msg_add(struct sgit_buf *out, struct sgit_buf *diag, struct sgit_repo *repo,
		       const char *input, size_t len, const struct sgit_merge_msg_options *opts)
{
	struct mm_parsed p;
	struct parents ps = { NULL, 0 };
	struct sgit_buf ref = SGIT_BUF_INIT;
	struct sgit_oid head;
	const char *branch;
	size_t keep = out->len;
	int rc;

	memset(&p, 0, sizeof(p));
	if ((rc = sgit_refdb_resolve(&head, &ref, sgit_repo_refdb(repo), "HEAD")) < 0) {
		if (rc == SGIT_ENOTFOUND)
			rc = sgit_error_set(sgit_repo_error(repo), SGIT_EINVALID, "No current branch");
		goto out;
	}
	branch = opts->into_name ? opts->into_name :
		 !strncmp(ref.ptr, "refs/heads/", 11) ? ref.ptr + 11 : ref.ptr;
	if ((rc = find_parents(&ps, repo, input, len, &head)) < 0 ||
	    (rc = parse_input(&p, repo, input, len, &ps)) < 0)
		goto out;
	rc = add_parts(out, diag, repo, &p, branch, &head, opts);
out:
	if (rc < 0)
		sgit_buf_truncate(out, keep);
	parsed_release(&p);
	free(ps.items);
	sgit_buf_release(&ref);
	return rc;
}
