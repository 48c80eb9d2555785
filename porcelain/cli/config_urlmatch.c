/*
 * porcelain/cli/config_urlmatch.c: sgit config --get-urlmatch: for each key
 * of a section, the value of "<section>.<url>.<key>" whose URL fits the
 * given one best ("<section>.<key>" when none does).
 */
#include <stdlib.h>
#include <string.h>
#include "porcelain/cli/config_cmd.h"
#include "util/urlmatch.h"

struct candidate {
	struct sgit_buf key;			/* "<section>.<key>": what is shown, and the order */
	const struct sgit_config_entry *entry;	/* the best so far */
	struct sgit_url_match match;
};

struct urlmatch {
	struct sgit_buf section;	/* lowercased */
	const char *key;		/* the one key asked for (lowercased), or NULL for all */
	struct sgit_url url;
	struct candidate *c;
	size_t nr, alloc;
	int nomem;
};

/* The candidate for key, made (in sorted place) when there is none; NULL when out of memory. */
static struct candidate *candidate_for(struct urlmatch *um, const char *key, int *is_new)
{
	size_t i;

	for (i = 0; i < um->nr; i++) {
		int cmp = strcmp(um->c[i].key.ptr, key);

		if (!cmp) {
			*is_new = 0;
			return &um->c[i];
		}
		if (cmp > 0)
			break;
	}
	if (um->nr == um->alloc) {
		size_t alloc = um->alloc ? um->alloc * 2 : 8;
		struct candidate *c = realloc(um->c, alloc * sizeof(*c));

		if (!c)
			return NULL;
		um->c = c;
		um->alloc = alloc;
	}
	memmove(&um->c[i + 1], &um->c[i], (um->nr - i) * sizeof(*um->c));
	um->nr++;
	sgit_buf_init(&um->c[i].key);
	if (sgit_buf_sets(&um->c[i].key, key) < 0)
		return NULL;
	*is_new = 1;
	return &um->c[i];
}

/* Does the URL part of "<url>.<key>" (the key being after the last dot) fit? */
static int url_fits(struct sgit_url_match *m, const struct urlmatch *um, const char *text, size_t len)
{
	struct sgit_url pattern = SGIT_URL_INIT;
	struct sgit_buf url = SGIT_BUF_INIT;
	int fits = 0;

	/* a key whose URL does not parse is ignored, as git ignores it */
	if (sgit_buf_set(&url, text, len) == 0 && sgit_url_normalize(&pattern, url.ptr, 1, NULL) == 0)
		fits = sgit_url_match(m, &um->url, &pattern);
	sgit_url_release(&pattern);
	sgit_buf_release(&url);
	return fits;
}

static int consider(const struct sgit_config_entry *e, void *payload)
{
	struct urlmatch *um = payload;
	struct sgit_url_match m = { 0, 0, 0 };
	struct sgit_buf key = SGIT_BUF_INIT;
	struct candidate *c;
	const char *rest, *dot, *name;
	int is_new = 0;

	if (strncmp(e->key, um->section.ptr, um->section.len) || e->key[um->section.len] != '.')
		return 0;
	rest = e->key + um->section.len + 1;
	dot = strrchr(rest, '.');
	name = dot ? dot + 1 : rest;
	if (um->key && strcmp(name, um->key))
		return 0;
	if (dot && !url_fits(&m, um, rest, (size_t)(dot - rest)))
		return 0;
	if (sgit_buf_printf(&key, "%s.%s", um->section.ptr, name) < 0 || !(c = candidate_for(um, key.ptr, &is_new))) {
		um->nomem = 1;
		sgit_buf_release(&key);
		return 1;
	}
	/* as specific as the best so far: the later one wins */
	if (is_new || sgit_url_match_cmp(&m, &c->match) >= 0) {
		c->entry = e;
		c->match = m;
	}
	sgit_buf_release(&key);
	return 0;
}

static int show(struct config_run *r, struct urlmatch *um)
{
	struct sgit_buf out = SGIT_BUF_INIT;
	size_t i;
	int rc = 0;

	r->show_keys = !um->key;
	for (i = 0; i < um->nr && rc == 0; i++) {
		struct sgit_config_entry e = *um->c[i].entry;

		e.key = um->c[i].key.ptr;
		sgit_buf_reset(&out);
		if ((rc = config_format_entry(&out, r, &e)) <= 0)
			fwrite(out.ptr, 1, out.len, stdout);
	}
	sgit_buf_release(&out);
	return rc > 0 ? rc : !um->nr;
}

int config_get_urlmatch(struct config_run *r, const char *name, const char *url)
{
	struct urlmatch um = { SGIT_BUF_INIT, NULL, SGIT_URL_INIT, NULL, 0, 0, 0 };
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_config *cfg = NULL;
	char *dot;
	size_t i;
	int rc;

	if (sgit_buf_sets(&um.section, name) < 0 || sgit_config_new(&cfg) < 0) {
		rc = cli_fatal("out of memory");
		goto out;
	}
	for (i = 0; i < um.section.len; i++)
		if (um.section.ptr[i] >= 'A' && um.section.ptr[i] <= 'Z')
			um.section.ptr[i] = (char)(um.section.ptr[i] - 'A' + 'a');
	if ((dot = strchr(um.section.ptr, '.'))) {
		*dot = '\0';
		um.section.len = (size_t)(dot - um.section.ptr);
		um.key = dot + 1;
	}
	if (sgit_url_normalize(&um.url, url, 0, &err) < 0) {
		rc = cli_fatal_err(&err);
		goto out;
	}
	if (config_read(cfg, r, &err) < 0) {
		rc = cli_fatal_err(&err);
		goto out;
	}
	sgit_config_foreach(cfg, consider, &um);
	rc = um.nomem ? cli_fatal("out of memory") : show(r, &um);
out:
	for (i = 0; i < um.nr; i++)
		sgit_buf_release(&um.c[i].key);
	free(um.c);
	sgit_url_release(&um.url);
	sgit_buf_release(&um.section);
	sgit_config_free(cfg);
	return rc;
}
