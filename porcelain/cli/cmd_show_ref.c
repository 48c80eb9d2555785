/* porcelain/cli/cmd_show_ref.c: sgit show-ref: list refs, or check that some exist */
#include <stdlib.h>
#include <string.h>
#include "porcelain/cli/cli.h"

static const char *const show_ref_usage[] = {
	"sgit show-ref [-q | --quiet] [--verify] [--head] [-d | --dereference]\n"
	"                     [-s | --hash[=<n>]] [--abbrev[=<n>]] [--tags]\n"
	"                     [--heads] [--] [<pattern>...]",
	NULL,
};

#define ABBREV_DEFAULT (-1)	/* --abbrev without a number: core.abbrev, else 7 */
#define ABBREV_MINIMUM 4

struct show_ref {
	struct cli_ctx *ctx;
	int deref, show_head, tags_only, heads_only, verify, quiet, hash_only, abbrev;
	const char **patterns;	/* NULL: every ref */
	size_t found;
};

/* git's parse_opt_abbrev_cb: a number, 0 for the full id, at least 4. */
static int parse_abbrev(int *out, const char *arg, const char *opt_name)
{
	char *end;
	long v = strtol(arg, &end, 10);

	if (!*arg || *end) {
		cli_error("option `%s' expects a numerical value", opt_name);
		return -1;
	}
	if (v && v < ABBREV_MINIMUM)
		v = ABBREV_MINIMUM;
	else if (v > SGIT_OID_HEXSZ)
		v = SGIT_OID_HEXSZ;
	*out = (int)v;
	return 0;
}

static int abbrev_cb(const struct cli_option *opt, const char *arg, int unset)
{
	struct show_ref *s = opt->value;

	if (unset)
		s->abbrev = 0;
	else if (!arg)
		s->abbrev = ABBREV_DEFAULT;
	else
		return parse_abbrev(&s->abbrev, arg, "abbrev");
	return 0;
}

/* -s / --hash[=<n>]: only the id; a number sets the abbreviation as --abbrev does. */
static int hash_cb(const struct cli_option *opt, const char *arg, int unset)
{
	struct show_ref *s = opt->value;

	(void)unset;
	s->hash_only = 1;
	return arg ? parse_abbrev(&s->abbrev, arg, "hash") : 0;
}

static int abbrev_len(struct show_ref *s)
{
	int64_t v;

	if (s->abbrev != ABBREV_DEFAULT)
		return s->abbrev;
	if (sgit_config_get_int(&v, sgit_repo_config(s->ctx->repo), "core.abbrev", NULL) == 0 &&
	    v >= ABBREV_MINIMUM && v <= SGIT_OID_HEXSZ)
		return (int)v;
	return 7;
}

static int hex_of(char hex[SGIT_OID_HEXSZ + 1], struct show_ref *s, const struct sgit_oid *id)
{
	int len = abbrev_len(s);

	if (!len || len >= SGIT_OID_HEXSZ) {
		sgit_oid_tohex(hex, id);
		return 0;
	}
	return sgit_odb_shortest_unique(hex, sgit_repo_odb(s->ctx->repo), id, (size_t)len);
}

/*
 * What a tag finally points at: 0 when id is an annotated tag, 1 when not
 * (or when the tag cannot be read). Like git, the object at the end of the
 * chain is named even when it is missing.
 */
static int peel_tag(struct sgit_oid *out, struct show_ref *s, const struct sgit_oid *id)
{
	struct sgit_odb *odb = sgit_repo_odb(s->ctx->repo);
	struct sgit_buf data = SGIT_BUF_INIT;
	enum sgit_object_type type;
	struct sgit_oid cur = *id;
	int depth, rc = 1;

	for (depth = 0; depth < 64; depth++) {
		if (sgit_odb_read(&data, &type, odb, &cur) < 0 || type != SGIT_OBJ_TAG) {
			rc = depth ? 0 : 1;
			*out = cur;
			break;
		}
		if (sgit_object_peel_step(&cur, type, SGIT_OBJ_NONE, data.ptr, data.len) < 0)
			break;
	}
	sgit_buf_release(&data);
	return rc;
}

static int show_one(struct show_ref *s, const char *name, const struct sgit_oid *id,
		    const struct sgit_ref *ref)
{
	char hex[SGIT_OID_HEXSZ + 1];
	struct sgit_oid peeled;
	int rc;

	if (!sgit_odb_exists(sgit_repo_odb(s->ctx->repo), id))
		return cli_fatal("git show-ref: bad ref %s (%s)", name, sgit_oid_tohex(hex, id));
	if (s->quiet)
		return 0;
	if (hex_of(hex, s, id) < 0)
		return cli_fatal_err(cli_err(s->ctx));
	if (s->hash_only)
		printf("%s\n", hex);
	else
		printf("%s %s\n", hex, name);
	if (!s->deref)
		return 0;
	/* packed-refs may know the answer; a loose ref means reading the tag */
	if (ref && (ref->flags & SGIT_REF_HAS_PEELED) && !(ref->flags & SGIT_REF_LOOSE)) {
		peeled = ref->peeled;
		rc = 0;
	} else {
		rc = peel_tag(&peeled, s, id);
	}
	if (rc == 0) {
		if (hex_of(hex, s, &peeled) < 0)
			return cli_fatal_err(cli_err(s->ctx));
		printf("%s %s^{}\n", hex, name);
	}
	return 0;
}

/* A pattern matches the end of the name, at a '/' boundary or the whole name. */
static int matches(const struct show_ref *s, const char *name)
{
	size_t nlen = strlen(name), i;

	if (!s->patterns)
		return 1;
	for (i = 0; s->patterns[i]; i++) {
		size_t plen = strlen(s->patterns[i]);

		if (plen > nlen || memcmp(s->patterns[i], name + nlen - plen, plen))
			continue;
		if (plen == nlen || name[nlen - plen - 1] == '/')
			return 1;
	}
	return 0;
}

static int show_ref_cb(const struct sgit_ref *ref, void *payload)
{
	struct show_ref *s = payload;
	struct sgit_oid zero = { { 0 } };
	int broken = (ref->flags & SGIT_REF_BROKEN) != 0;
	int bad_name = !sgit_refname_is_valid(ref->name.ptr, SGIT_REFNAME_ALLOW_ONELEVEL, NULL);

	/* a symbolic ref that leads nowhere is left out, as git does (unless badly named) */
	if ((ref->flags & SGIT_REF_SYMBOLIC) && !bad_name && (broken || sgit_oid_is_zero(&ref->oid)))
		return 0;
	broken |= bad_name;
	if (!matches(s, ref->name.ptr))
		return 0;
	s->found++;
	/* any other broken ref (bad content, bad name) is shown as git does: a zero id, fatal */
	return show_one(s, ref->name.ptr, broken ? &zero : &ref->oid, ref);
}

static int show_head(struct show_ref *s)
{
	struct sgit_oid id;

	if (sgit_refdb_resolve(&id, NULL, sgit_repo_refdb(s->ctx->repo), "HEAD") < 0)
		return 0;
	s->found++;
	return show_one(s, "HEAD", &id, NULL);
}

static int walk(struct show_ref *s, const char *prefix)
{
	int rc = sgit_refdb_foreach(sgit_repo_refdb(s->ctx->repo), prefix, show_ref_cb, s);

	return rc < 0 ? cli_fatal_err(cli_err(s->ctx)) : rc;
}

/* --verify: every argument must be a full ref name (or HEAD) that resolves. */
static int verify(struct show_ref *s)
{
	const char **p;
	struct sgit_oid id;
	int rc;

	if (!s->patterns)
		return cli_fatal("--verify requires a reference");
	for (p = s->patterns; *p; p++) {
		if ((!strncmp(*p, "refs/", 5) || !strcmp(*p, "HEAD")) &&
		    sgit_refname_is_valid(*p, SGIT_REFNAME_ALLOW_ONELEVEL, NULL) &&
		    sgit_refdb_resolve(&id, NULL, sgit_repo_refdb(s->ctx->repo), *p) == 0) {
			if ((rc = show_one(s, *p, &id, NULL)))
				return rc;
		} else if (!s->quiet) {
			return cli_fatal("'%s' - not a valid ref", *p);
		} else {
			return 1;
		}
	}
	return 0;
}

int cmd_show_ref(int argc, const char **argv, struct cli_ctx *ctx)
{
	struct show_ref s = { ctx, 0, 0, 0, 0, 0, 0, 0, 0, NULL, 0 };
	const struct cli_option opts[] = {
		CLI_BOOL(0, "tags", &s.tags_only, "only show tags (can be combined with heads)"),
		CLI_BOOL(0, "heads", &s.heads_only, "only show heads (can be combined with tags)"),
		CLI_BOOL(0, "verify", &s.verify, "stricter reference checking, requires exact ref path"),
		CLI_BOOL(0, "head", &s.show_head, "show the HEAD reference, even if it would be filtered out"),
		CLI_BOOL('d', "dereference", &s.deref, "dereference tags into object IDs"),
		CLI_CALLBACK('s', "hash", &s, "n", "only show SHA1 hash using <n> digits", CLI_OPTARG, hash_cb),
		CLI_CALLBACK(0, "abbrev", &s, "n", "use <n> digits to display object names", CLI_OPTARG,
			     abbrev_cb),
		CLI_COUNT('q', "quiet", &s.quiet, "do not print results to stdout (useful with --verify)"),
		CLI_END,
	};
	int i, rc = 0;

	/* git keeps -h as a hidden --head, except alone, where it asks for help */
	for (i = 1; argc > 2 && i < argc && strcmp(argv[i], "--"); i++)
		if (!strcmp(argv[i], "-h"))
			argv[i] = "--head";
	argc = cli_parse_options(argc, argv, opts, show_ref_usage, 0);
	s.patterns = argc ? argv : NULL;
	if (s.verify)
		return verify(&s);
	if (s.show_head && (rc = show_head(&s)))
		return rc;
	if (s.heads_only && (rc = walk(&s, "refs/heads/")))
		return rc;
	if (s.tags_only && (rc = walk(&s, "refs/tags/")))
		return rc;
	if (!s.heads_only && !s.tags_only && (rc = walk(&s, "refs/")))
		return rc;
	return s.found ? 0 : 1;
}
