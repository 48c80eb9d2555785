/*
 * porcelain/repo/person.c: the author and committer identities of new objects.
 *
 * git's order, for the email and then the name: given explicitly, the
 * GIT_AUTHOR_* / GIT_COMMITTER_* variables, author.* / committer.*, then
 * user.*; when no configuration names one, EMAIL and finally a guess from the
 * passwd entry and the host name. Commands that write objects are "strict":
 * they refuse a guess that is known to be bogus, an empty name, and any guess
 * at all with user.useConfigOnly.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sgit/person.h"
#include "util/date.h"

struct lookup {
	const struct sgit_person_options *opts;
	enum sgit_person_role role;
	const struct sgit_config *cfg;
	const struct sgit_person_system *sys;	/* detected on first use when not given */
	struct sgit_person_system detected;
	struct sgit_buf storage[5];
	int name_in_config, email_in_config;	/* any of user.*, author.*, committer.* set */
	int config_only;			/* user.useConfigOnly */
	int bogus;				/* the last guess is not a real identity */
};

static const char *role_word(enum sgit_person_role role)
{
	return role == SGIT_PERSON_AUTHOR ? "AUTHOR" : "COMMITTER";
}

/* git's advice, word for word: users of both tools meet the same text. */
#define WHO_ARE_YOU \
	"\n" \
	"*** Please tell me who you are.\n" \
	"\n" \
	"Run\n" \
	"\n" \
	"  git config --global user.email \"you@example.com\"\n" \
	"  git config --global user.name \"Your Name\"\n" \
	"\n" \
	"to set your account's default identity.\n" \
	"Omit --global to set the identity only in this repository.\n" \
	"\n"

const char *sgit_person_hint(enum sgit_person_role role)
{
	return role == SGIT_PERSON_AUTHOR ? "Author identity unknown\n" WHO_ARE_YOU
					  : "Committer identity unknown\n" WHO_ARE_YOU;
}

static const char *env(const struct lookup *lk, const char *name)
{
	const struct sgit_person_options *o = lk->opts;

	if (o->repo)
		return sgit_repo_getenv(o->repo, name);
	return o->getenv ? o->getenv(name) : getenv(name);
}

static const char *env_for_role(const struct lookup *lk, const char *what)
{
	char name[32];

	snprintf(name, sizeof(name), "GIT_%s_%s", role_word(lk->role), what);
	return env(lk, name);
}

/* A configured value; *found says whether the key is set. A bare key (no value) is refused as git does. */
static int config_value(const char **out, int *found, const struct lookup *lk, const char *key,
			struct sgit_error *err)
{
	const struct sgit_config_entry *e;

	*out = NULL;
	*found = 0;
	if (!lk->cfg || sgit_config_get_entry(&e, lk->cfg, key) < 0)
		return 0;
	if (!e->value)
		return sgit_error_set(err, SGIT_ECONFIG, "missing value for '%s'", key);
	*out = e->value;
	*found = 1;
	return 0;
}

/* The role's own key (author.name), and whether any config names the person at all. */
static int config_role_value(const char **out, int *any, const struct lookup *lk, const char *what,
			     struct sgit_error *err)
{
	const char *user, *author, *committer;
	char key[32];
	int f_user, f_author, f_committer, rc;

	snprintf(key, sizeof(key), "author.%s", what);
	if ((rc = config_value(&author, &f_author, lk, key, err)) < 0)
		return rc;
	snprintf(key, sizeof(key), "committer.%s", what);
	if ((rc = config_value(&committer, &f_committer, lk, key, err)) < 0)
		return rc;
	snprintf(key, sizeof(key), "user.%s", what);
	if ((rc = config_value(&user, &f_user, lk, key, err)) < 0)
		return rc;
	*any = f_user || f_author || f_committer;
	*out = lk->role == SGIT_PERSON_AUTHOR ? author : committer;
	if (*out && !**out)
		*out = NULL;	/* an empty author.name falls back like an unset one */
	return 0;
}

static int system_facts(struct lookup *lk, struct sgit_error *err)
{
	int rc;

	if (lk->sys)
		return 0;
	if ((rc = sgit_person_system_detect(&lk->detected, lk->storage, err)) < 0)
		return rc;
	lk->sys = &lk->detected;
	return 0;
}

static int is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* Remove white space at both ends, as git does to the identity it guesses. */
static void trim(struct sgit_buf *b)
{
	size_t start = 0;

	while (start < b->len && is_space(b->ptr[start]))
		start++;
	if (start) {
		memmove(b->ptr, b->ptr + start, b->len - start);
		sgit_buf_truncate(b, b->len - start);
	}
	while (b->len && is_space(b->ptr[b->len - 1]))
		sgit_buf_truncate(b, b->len - 1);
}

/* The full name from the passwd entry: the gecos field up to ',', '&' standing for the login. */
static int gecos_name(struct sgit_buf *out, struct lookup *lk, struct sgit_error *err)
{
	const char *login, *p;
	int rc;

	if ((rc = system_facts(lk, err)) < 0)
		return rc;
	login = lk->sys->user_name;
	p = login ? lk->sys->gecos : "Unknown";
	if (!login) {
		login = "unknown";
		lk->bogus = 1;
	}
	for (; p && *p && *p != ',' && !rc; p++) {
		if (*p != '&') {
			rc = sgit_buf_addch(out, *p);
		} else if (*login) {
			char first = *login >= 'a' && *login <= 'z' ? (char)(*login - 'a' + 'A') : *login;

			if (!(rc = sgit_buf_addch(out, first)))
				rc = sgit_buf_adds(out, login + 1);
		}
	}
	return rc;
}

/* "login@mailname", else "login@host.domain" (".(none)" and bogus when there is no domain). */
static int guessed_email(struct sgit_buf *out, struct lookup *lk, struct sgit_error *err)
{
	const struct sgit_person_system *s;
	int rc;

	if ((rc = system_facts(lk, err)) < 0)
		return rc;
	s = lk->sys;
	if (!s->user_name)
		lk->bogus = 1;
	if ((rc = sgit_buf_addf(out, "%s@", s->user_name ? s->user_name : "unknown")) < 0)
		return rc;
	if (s->mailname)
		return sgit_buf_adds(out, s->mailname);
	if (!s->hostname) {
		lk->bogus = 1;
		return sgit_buf_adds(out, "(none)");
	}
	if (strchr(s->hostname, '.'))
		return sgit_buf_adds(out, s->hostname);
	if (s->canonical_host && strchr(s->canonical_host, '.'))
		return sgit_buf_adds(out, s->canonical_host);
	lk->bogus = 1;
	return sgit_buf_addf(out, "%s.(none)", s->hostname);
}

/* user.email when any email is configured; else EMAIL; else a guess. */
static int default_email(struct sgit_buf *out, struct lookup *lk, struct sgit_error *err)
{
	const char *v;
	int found, rc;

	lk->bogus = 0;
	if (lk->email_in_config) {
		if ((rc = config_value(&v, &found, lk, "user.email", err)) < 0)
			return rc;
		return sgit_buf_sets(out, v ? v : "");
	}
	v = env(lk, "EMAIL");
	rc = v && *v ? sgit_buf_sets(out, v) : guessed_email(out, lk, err);
	if (!rc)
		trim(out);
	return rc;
}

/* user.name when any name is configured; else the passwd entry's. */
static int default_name(struct sgit_buf *out, struct lookup *lk, struct sgit_error *err)
{
	const char *v;
	int found, rc;

	lk->bogus = 0;
	if (lk->name_in_config) {
		if ((rc = config_value(&v, &found, lk, "user.name", err)) < 0)
			return rc;
		return sgit_buf_sets(out, v ? v : "");
	}
	if (!(rc = gecos_name(out, lk, err)))
		trim(out);
	return rc;
}

/* Space, control characters and punctuation git trims from both ends of names and emails. */
static int is_crud(unsigned char c)
{
	return c <= 32 || c == '.' || c == ',' || c == ':' || c == ';' || c == '<' || c == '>' ||
	       c == '"' || c == '\\' || c == '\'';
}

/* Append s without crud at its ends and without the '<', '>' and newlines that would break the line. */
static int add_clean(struct sgit_buf *out, const char *s)
{
	size_t len;
	int rc = 0;

	while (*s && is_crud((unsigned char)*s))
		s++;
	for (len = strlen(s); len && is_crud((unsigned char)s[len - 1]); len--)
		;
	for (; len && !rc; s++, len--)
		if (*s != '<' && *s != '>' && *s != '\n')
			rc = sgit_buf_addch(out, *s);
	return rc;
}

static int has_non_crud(const char *s)
{
	for (; *s; s++)
		if (!is_crud((unsigned char)*s))
			return 1;
	return 0;
}

/* The email: given, GIT_*_EMAIL, author/committer.email, then the default. */
static int pick_email(struct sgit_buf *out, int *hint, struct lookup *lk, struct sgit_error *err)
{
	const char *v = lk->opts->email, *configured;
	int rc;

	if ((rc = config_role_value(&configured, &lk->email_in_config, lk, "email", err)) < 0)
		return rc;
	if (!v)
		v = env_for_role(lk, "EMAIL");
	if (!v)
		v = configured;
	if (v)
		return sgit_buf_sets(out, v);
	if (lk->opts->strict && lk->config_only && !lk->email_in_config) {
		*hint = 1;
		return sgit_error_set(err, SGIT_EINVALID,
				      "no email was given and auto-detection is disabled");
	}
	if ((rc = default_email(out, lk, err)) < 0)
		return rc;
	if (lk->opts->strict && lk->bogus) {
		*hint = 1;
		return sgit_error_set(err, SGIT_EINVALID,
				      "unable to auto-detect email address (got '%s')", out->ptr);
	}
	return 0;
}

/* The name, as the email; an empty one is refused (strict) or replaced by the login name. */
static int pick_name(struct sgit_buf *out, int *hint, struct lookup *lk, const char *email,
		     struct sgit_error *err)
{
	const char *v = lk->opts->name, *configured;
	int guessed = 0, rc;

	if ((rc = config_role_value(&configured, &lk->name_in_config, lk, "name", err)) < 0)
		return rc;
	if (!v)
		v = env_for_role(lk, "NAME");
	if (!v)
		v = configured;
	if (v) {
		if ((rc = sgit_buf_sets(out, v)) < 0)
			return rc;
	} else {
		if (lk->opts->strict && lk->config_only && !lk->name_in_config) {
			*hint = 1;
			return sgit_error_set(err, SGIT_EINVALID,
					      "no name was given and auto-detection is disabled");
		}
		if ((rc = default_name(out, lk, err)) < 0)
			return rc;
		if (lk->opts->strict && lk->bogus) {
			*hint = 1;
			return sgit_error_set(err, SGIT_EINVALID,
					      "unable to auto-detect name (got '%s')", out->ptr);
		}
		guessed = 1;
	}
	if (!out->ptr[0]) {
		if (lk->opts->strict) {
			*hint = guessed;
			return sgit_error_set(err, SGIT_EINVALID,
					      "empty ident name (for <%s>) not allowed", email);
		}
		if ((rc = system_facts(lk, err)) < 0)
			return rc;
		return sgit_buf_sets(out, lk->sys->user_name ? lk->sys->user_name : "unknown");
	}
	if (lk->opts->strict && !has_non_crud(out->ptr))
		return sgit_error_set(err, SGIT_EINVALID,
				      "name consists only of disallowed characters: %s", out->ptr);
	return 0;
}

/* " <time> <zone>": given, GIT_*_DATE, else now in the local zone. */
static int add_date(struct sgit_buf *out, const struct lookup *lk, struct sgit_error *err)
{
	const char *d = lk->opts->date ? lk->opts->date : env_for_role(lk, "DATE");
	int64_t t = lk->opts->now;
	int tz, rc;

	if (d && *d) {
		if ((rc = sgit_date_parse(&t, &tz, d, lk->opts->now, err)) < 0)
			return rc;
	} else {
		tz = sgit_date_local_offset(t);
	}
	if ((rc = sgit_buf_addch(out, ' ')) < 0)
		return rc;
	return sgit_date_raw_add(out, t, tz);
}

static int lookup_init(struct lookup *lk, enum sgit_person_role role,
		       const struct sgit_person_options *opts, struct sgit_error *err)
{
	size_t i;
	int rc;

	memset(lk, 0, sizeof(*lk));
	lk->opts = opts;
	lk->role = role;
	lk->cfg = opts->repo ? sgit_repo_config(opts->repo) : opts->config;
	lk->sys = opts->system;
	for (i = 0; i < 5; i++)
		sgit_buf_init(&lk->storage[i]);
	if (!lk->cfg)
		return 0;
	rc = sgit_config_get_bool(&lk->config_only, lk->cfg, "user.useconfigonly", err);
	return rc == SGIT_ENOTFOUND ? 0 : rc;
}

int sgit_person_ident(struct sgit_buf *out, int *hint, enum sgit_person_role role,
		      const struct sgit_person_options *opts, struct sgit_error *err)
{
	struct sgit_buf email = SGIT_BUF_INIT, name = SGIT_BUF_INIT, line = SGIT_BUF_INIT;
	struct lookup lk;
	int no_hint, rc;
	size_t i;

	if (!hint)
		hint = &no_hint;
	*hint = 0;
	if ((rc = lookup_init(&lk, role, opts, err)) < 0 ||
	    (rc = pick_email(&email, hint, &lk, err)) < 0 ||
	    (rc = pick_name(&name, hint, &lk, email.ptr, err)) < 0)
		goto out;
	if ((rc = add_clean(&line, name.ptr)) < 0 || (rc = sgit_buf_adds(&line, " <")) < 0 ||
	    (rc = add_clean(&line, email.ptr)) < 0 || (rc = sgit_buf_addch(&line, '>')) < 0 ||
	    (!opts->no_date && (rc = add_date(&line, &lk, err)) < 0))
		goto out;
	sgit_buf_swap(out, &line);
out:
	if (rc == SGIT_ENOMEM)
		sgit_error_nomem(err);
	for (i = 0; i < 5; i++)
		sgit_buf_release(&lk.storage[i]);
	sgit_buf_release(&email);
	sgit_buf_release(&name);
	sgit_buf_release(&line);
	return rc;
}
