/* refs/revparse.c: git's revision syntax for one revision (gitrevisions(7)) */
#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <string.h>
#include "sgit/commit.h"
#include "sgit/revparse.h"
#include "refs/dwim_int.h"
#include "refs/revparse_int.h"

/*
 * A spec is read from its right end, as git does: "A~2^{tree}" is "A~2"
 * peeled, "A~2" is the grandparent of "A". Each suffix is one level of
 * recursion; this bounds a spec made of nothing but suffixes.
 */
#define MAX_DEPTH 1000

/*
 * What get_oid_1() is told: an rp_hint in the low bits, and RP_QUIET (no
 * "refname is ambiguous" warning). As in git, ^N and ~N do not pass quiet
 * on to the revision they apply to, ^{...} and rev:path do.
 */
#define RP_HINT_MASK 0xf
#define RP_QUIET 0x10

static int get_oid_1(struct sgit_oid *out, struct rp *rp, const char *name, size_t len,
		     unsigned flags);

int rp_is_hard(int rc)
{
	return rc == SGIT_ENOMEM || rc == SGIT_EOS;
}

int rp_note(struct rp *rp, int code, const char *fmt, ...)
{
	va_list ap;

	if (rp->note.len)
		return code;
	va_start(ap, fmt);
	if (sgit_buf_vaddf(&rp->note, fmt, ap) == 0)
		rp->note_code = code;
	va_end(ap);
	return code;
}

void rp_warn(struct rp *rp, const char *fmt, ...)
{
	struct sgit_buf msg = SGIT_BUF_INIT;
	va_list ap;

	if (!rp->env->warn)
		return;
	va_start(ap, fmt);
	if (sgit_buf_vaddf(&msg, fmt, ap) == 0)
		rp->env->warn(msg.ptr, rp->env->warn_payload);
	va_end(ap);
	sgit_buf_release(&msg);
}

static void dwim_warn(const char *message, void *payload)
{
	rp_warn(payload, "%s", message);
}

void sgit_revparse_info_release(struct sgit_revparse_info *info)
{
	sgit_buf_release(&info->ref);
	sgit_oid_clear(&info->named);
}

/* Note the first object a spec names (before any peeling) and the ref it came from. */
static int record(struct rp *rp, const char *ref, const struct sgit_oid *id)
{
	if (!rp->info || rp->recorded)
		return 0;
	rp->recorded = 1;
	rp->info->named = *id;
	if (!ref) {
		sgit_buf_reset(&rp->info->ref);
		return 0;
	}
	return sgit_buf_sets(&rp->info->ref, ref);
}

/*
 * git refuses a name with an empty component or one made only of dots
 * ("a//b", "a/../b", "/a", "a/"): such a name cannot be a ref.
 */
static int ambiguous_path(const char *s, size_t len)
{
	int slash = 1;
	size_t i;

	for (i = 0; i < len && s[i]; i++) {
		if (s[i] == '/') {
			if (slash)
				return 1;
			slash = 1;
		} else if (s[i] != '.') {
			slash = 0;
		}
	}
	return slash;
}

/* A 40-digit id as is (without looking for it), else a name through the DWIM table. */
static int get_basic(struct sgit_oid *out, struct rp *rp, const char *str, size_t len,
		     unsigned flags)
{
	struct sgit_buf full = SGIT_BUF_INIT;
	const char *name = str;
	size_t nlen = len;
	struct sgit_oid tmp;
	int rc, count = 0;

	if (len == SGIT_OID_HEXSZ && sgit_oid_fromhexn(out, str, len) == 0) {
		if (!(flags & RP_QUIET) &&
		    sgit_dwim_ref_warn(&tmp, NULL, &count, rp->env->refdb, str, len, NULL, NULL) == 0)
			rp_warn(rp, "refname '%.*s' is ambiguous.", (int)len, str);
		return record(rp, NULL, out);
	}
	if (memmem(str, len, "@{", 2)) {
		/* "x^{/a@{b}}" that matched nothing reaches here too: that is no reflog */
		if (str[len - 1] == '}' && !memmem(str, len, "^{", 2))
			rp_note(rp, SGIT_EINVALID, "'%.*s': the @{...} syntax is not supported",
				(int)len, str);
		return SGIT_ENOTFOUND;
	}
	if (ambiguous_path(str, len))
		return SGIT_ENOTFOUND;
	if (len == 1 && str[0] == '@')
		name = "HEAD", nlen = 4;
	rc = sgit_dwim_ref_warn(out, &full, &count, rp->env->refdb, name, nlen, dwim_warn, rp);
	if (rc < 0)
		goto out;
	/* the tag beats the branch, the ref beats the abbreviated id, and git says so */
	if (!(flags & RP_QUIET) &&
	    (count > 1 || rp_short_oid(&tmp, rp, str, len, RP_HINT_NONE, 1) == 0))
		rp_warn(rp, "refname '%.*s' is ambiguous.", (int)len, str);
	rc = record(rp, full.ptr, out);
out:
	sgit_buf_release(&full);
	return rc;
}

/* Output of git describe, "<anything>-g<hex>": the abbreviated commit id after "-g". */
static int get_describe(struct sgit_oid *out, struct rp *rp, const char *name, size_t len)
{
	size_t cp;
	int rc;

	for (cp = len - 1; cp >= 2; cp--) {
		if (isxdigit((unsigned char)name[cp]))
			continue;
		if (name[cp] != 'g' || name[cp - 1] != '-')
			break;
		if ((rc = rp_short_oid(out, rp, name + cp + 1, len - cp - 1, RP_HINT_COMMIT, 1)) < 0)
			return rc == SGIT_EAMBIGUOUS ? SGIT_ENOTFOUND : rc;
		return record(rp, NULL, out);
	}
	return SGIT_ENOTFOUND;
}

/* "rev^N": the N-th parent (N = 0: the commit itself). */
static int get_parent(struct sgit_oid *out, struct rp *rp, const char *name, size_t len,
		      unsigned n)
{
	struct sgit_commit *c = NULL;
	struct sgit_oid id, cid;
	int rc;

	if ((rc = get_oid_1(&id, rp, name, len, RP_HINT_COMMITTISH)) < 0 ||
	    (rc = rp_lookup_commit(&c, &cid, rp, &id)) < 0)
		goto out;
	if (n == 0)
		*out = cid;
	else if (n <= sgit_commit_parent_count(c))
		*out = *sgit_commit_parent_id(c, n - 1);
	else
		rc = SGIT_ENOTFOUND;
out:
	sgit_commit_free(c);
	return rc;
}

/* "rev~N": N first-parent steps; the last commit reached need not be there (as git). */
static int get_ancestor(struct sgit_oid *out, struct rp *rp, const char *name, size_t len,
			unsigned n)
{
	struct sgit_commit *c = NULL;
	struct sgit_oid id, cur;
	int rc;

	if ((rc = get_oid_1(&id, rp, name, len, RP_HINT_COMMITTISH)) < 0 ||
	    (rc = rp_lookup_commit(&c, &cur, rp, &id)) < 0)
		goto out;
	while (n--) {
		if (!c && (rc = rp_read_commit(&c, rp, &cur)) < 0)
			goto out;
		if (!sgit_commit_parent_count(c)) {
			rc = SGIT_ENOTFOUND;
			goto out;
		}
		cur = *sgit_commit_parent_id(c, 0);
		sgit_commit_free(c);
		c = NULL;
	}
	*out = cur;
out:
	sgit_commit_free(c);
	return rc;
}

/* 1 when s (n bytes) starts with the word w. */
static int starts(const char *s, size_t n, const char *w)
{
	size_t wl = strlen(w);

	return n >= wl && !memcmp(s, w, wl);
}

/* The type that "^{<what>}" asks for, reading from t (n bytes up to the end). */
static int onion_type(enum sgit_object_type *want, const char *t, size_t n)
{
	static const struct {
		const char *word;
		enum sgit_object_type type;
	} words[] = {
		{ "commit}", SGIT_OBJ_COMMIT }, { "tag}", SGIT_OBJ_TAG }, { "tree}", SGIT_OBJ_TREE },
		{ "blob}", SGIT_OBJ_BLOB }, { "object}", RP_OBJ_ANY }, { "}", SGIT_OBJ_NONE },
		{ "/", SGIT_OBJ_COMMIT },
	};
	size_t i;

	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (starts(t, n, words[i].word)) {
			*want = words[i].type;
			return 0;
		}
	return SGIT_ENOTFOUND;
}

/* "rev^{}", "rev^{type}", "rev^{/regex}": the last "^{" of the name opens the braces. */
static int peel_onion(struct sgit_oid *out, struct rp *rp, const char *name, size_t len,
		      unsigned flags)
{
	enum sgit_object_type want, type;
	struct sgit_oid outer, found;
	size_t sp, t;
	int rc;

	if (len < 4 || name[len - 1] != '}')
		return SGIT_ENOTFOUND;
	for (sp = len - 1; !(name[sp] == '{' && name[sp - 1] == '^'); sp--)
		if (sp == 1)
			return SGIT_ENOTFOUND;
	t = sp + 1;
	if ((rc = onion_type(&want, name + t, len - t)) < 0)
		return rc;
	rc = get_oid_1(&outer, rp, name, sp - 1, (flags & RP_QUIET) |
		       (want == SGIT_OBJ_COMMIT ? RP_HINT_COMMITTISH :
			want == SGIT_OBJ_TREE ? RP_HINT_TREEISH : RP_HINT_NONE));
	if (rc < 0 || (rc = rp_type(&type, rp, &outer)) < 0)
		return rc;
	if (want == SGIT_OBJ_NONE)
		return rp_deref_tags(out, &type, rp, &outer);
	if ((rc = rp_peel_to_type(&found, rp, name, len, &outer, want)) < 0)
		return rc;
	/* "^{/}": the empty pattern matches the commit itself */
	if (name[t] == '/' && name[t + 1] != '}')
		return rp_grep(out, rp, name + t + 1, len - 1 - (t + 1), &found, 1);
	*out = found;
	return 0;
}

/*
 * A trailing "^N" or "~N" (no digits: 1): *kind gets '^' or '~' (0 when
 * there is none), *base the length before it, *n the number. SGIT_ENOTFOUND
 * for a number above INT_MAX, as git.
 */
static int split_suffix(char *kind, size_t *base, unsigned *n, const char *name, size_t len)
{
	size_t cp = len, i;
	unsigned long long num = 0;

	*kind = 0;
	while (cp > 0 && isdigit((unsigned char)name[cp - 1]))
		cp--;
	if (cp == 0 || (name[cp - 1] != '~' && name[cp - 1] != '^'))
		return 0;
	*kind = name[cp - 1];
	*base = cp - 1;
	for (i = cp; i < len; i++) {
		num = num * 10 + (unsigned)(name[i] - '0');
		if (num > INT_MAX)
			return SGIT_ENOTFOUND;
	}
	*n = cp == len ? 1 : (unsigned)num;
	return 0;
}

/* git's reading of a revision without ':': suffixes, then a name, then an abbreviated id. */
static int get_oid_1(struct sgit_oid *out, struct rp *rp, const char *name, size_t len,
		     unsigned flags)
{
	size_t base = 0;
	unsigned n = 0;
	char kind;
	int rc = SGIT_ENOTFOUND;

	if (!len)
		return SGIT_ENOTFOUND;
	if (++rp->depth > MAX_DEPTH) {
		rc = rp_note(rp, SGIT_EINVALID, "revision '%.*s' is nested too deeply", (int)len, name);
		goto out;
	}
	if (name[len - 1] == '}' && ((rc = peel_onion(out, rp, name, len, flags)) == 0 || rp_is_hard(rc)))
		goto out;
	if ((rc = split_suffix(&kind, &base, &n, name, len)) < 0)
		goto out;
	if (kind) {
		rc = kind == '^' ? get_parent(out, rp, name, base, n) : get_ancestor(out, rp, name, base, n);
		goto out;
	}
	if ((rc = get_basic(out, rp, name, len, flags)) == 0 || rp_is_hard(rc))
		goto out;
	if ((rc = get_describe(out, rp, name, len)) == 0 || rp_is_hard(rc))
		goto out;
	if ((rc = rp_short_oid(out, rp, name, len, (enum rp_hint)(flags & RP_HINT_MASK), 0)) == 0)
		rc = record(rp, NULL, out);
out:
	rp->depth--;
	return rc;
}

/*
 * "./x" and "../x" are relative to the current folder (env->prefix);
 * *out gets the path from the top, or stays unused (*used = 0) for any other
 * path, which is taken as it is.
 */
static int relative_path(struct sgit_buf *out, int *used, struct rp *rp, const char *rel)
{
	struct sgit_buf joined = SGIT_BUF_INIT;
	const char *p, *end;
	size_t n;
	int rc = 0, dir = 0;

	*used = 0;
	if (strncmp(rel, "./", 2) && strncmp(rel, "../", 3))
		return 0;
	if (!rp->env->prefix)
		return rp_note(rp, SGIT_EINVALID, "relative path syntax can't be used outside working tree");
	sgit_buf_reset(out);
	if ((rc = sgit_buf_sets(&joined, rp->env->prefix)) < 0 || (rc = sgit_buf_adds(&joined, rel)) < 0)
		goto out;
	for (p = joined.ptr; *p; p = *end ? end + 1 : end) {
		end = strchrnul(p, '/');
		n = (size_t)(end - p);
		/* a path ending in "/", "/." or "/.." names a folder */
		dir = n == 0 || (n == 1 && *p == '.') || (n == 2 && !strncmp(p, "..", 2));
		if (n == 0 || (n == 1 && *p == '.'))
			continue;
		if (n == 2 && !strncmp(p, "..", 2)) {
			const char *cut = out->len ? strrchr(out->ptr, '/') : NULL;

			if (!out->len) {
				rc = rp_note(rp, SGIT_EINVALID, "'%s' is outside repository", rel);
				goto out;
			}
			sgit_buf_truncate(out, cut ? (size_t)(cut - out->ptr) : 0);
			continue;
		}
		if ((out->len && (rc = sgit_buf_addch(out, '/')) < 0) || (rc = sgit_buf_add(out, p, n)) < 0)
			goto out;
	}
	if (dir && out->len)
		rc = sgit_buf_addch(out, '/');
	*used = 1;
out:
	sgit_buf_release(&joined);
	return rc;
}

/* ":path", ":N:path" (stage N of path in the index) and ":/regex". */
static int index_or_grep(struct sgit_oid *out, struct rp *rp, const char *spec, size_t len)
{
	const struct sgit_revparse_env *env = rp->env;
	struct sgit_buf rel = SGIT_BUF_INIT;
	const char *path = spec + 1;
	struct sgit_oid other;
	int rc, used, stage = 0, s;

	if (len > 2 && spec[1] == '/') {
		if ((rc = rp_grep_all(out, rp, spec + 2, len - 2)) == 0)
			rc = record(rp, NULL, out);
		return rc;
	}
	if (len >= 3 && spec[2] == ':' && spec[1] >= '0' && spec[1] <= '3') {
		stage = spec[1] - '0';
		path = spec + 3;
	}
	if ((rc = relative_path(&rel, &used, rp, path)) < 0)
		goto out;
	if (used)
		path = rel.ptr;
	if (!env->index_lookup) {
		rc = rp_note(rp, SGIT_EINVALID, "cannot resolve '%s': there is no index", spec);
		goto out;
	}
	if ((rc = env->index_lookup(out, path, stage, env->index_payload)) == 0) {
		rc = record(rp, NULL, out);
		goto out;
	}
	if (rc != SGIT_ENOTFOUND)
		goto out;
	for (s = 0; s <= 3; s++)
		if (s != stage && env->index_lookup(&other, path, s, env->index_payload) == 0)
			break;
	if (s <= 3)
		rc = rp_note(rp, SGIT_ENOTFOUND, "path '%s' is in the index, but not at stage %d",
			     path, stage);
	else
		rc = rp_note(rp, SGIT_ENOTFOUND, "path '%s' does not exist in the index", path);
out:
	sgit_buf_release(&rel);
	return rc;
}

/* The ':' that ends the revision in "rev:path" (one inside "^{...}" does not), or NULL. */
static const char *find_colon(const char *spec)
{
	int depth = 0;

	for (; *spec; spec++) {
		if (*spec == '{')
			depth++;
		else if (depth && *spec == '}')
			depth--;
		else if (!depth && *spec == ':')
			return spec;
	}
	return NULL;
}

/* "rev:path": the entry path in the tree of rev ("rev:" is the tree itself). */
static int tree_path(struct sgit_oid *out, struct rp *rp, const char *spec, const char *colon)
{
	struct sgit_buf rel = SGIT_BUF_INIT;
	const char *path = colon + 1;
	int rc, used, n = (int)(colon - spec);
	struct sgit_oid tree;

	if ((rc = get_oid_1(&tree, rp, spec, (size_t)n,
			    (rp->env->quiet ? RP_QUIET : 0) | RP_HINT_TREEISH)) < 0) {
		if (!rp_is_hard(rc))
			rc = rp_note(rp, SGIT_ENOTFOUND, "invalid object name '%.*s'", n, spec);
		goto out;
	}
	if ((rc = relative_path(&rel, &used, rp, path)) < 0)
		goto out;
	if (used)
		path = rel.ptr;
	if ((rc = rp_tree_entry(out, rp, &tree, path)) < 0 && !rp_is_hard(rc))
		rc = rp_note(rp, SGIT_ENOTFOUND, "path '%s' does not exist in '%.*s'", path, n, spec);
out:
	sgit_buf_release(&rel);
	return rc;
}

int sgit_revparse_single(struct sgit_oid *out, struct sgit_revparse_info *info,
			 const struct sgit_revparse_env *env, const char *spec)
{
	struct rp rp = { env, info, 0, SGIT_BUF_INIT, 0, 0 };
	const char *colon;
	size_t len = strlen(spec);
	int rc;

	if (info) {
		sgit_buf_reset(&info->ref);
		sgit_oid_clear(&info->named);
	}
	/* the whole spec first: "x:y" is only split when it means nothing as a whole */
	rc = get_oid_1(out, &rp, spec, len, (env->quiet ? RP_QUIET : 0) | RP_HINT_NONE);
	if (rc == 0 || rp_is_hard(rc))
		goto out;
	rp.recorded = 0;
	if (spec[0] == ':')
		rc = index_or_grep(out, &rp, spec, len);
	else if ((colon = find_colon(spec)))
		rc = tree_path(out, &rp, spec, colon);
	if (rc == 0 || rp_is_hard(rc))
		goto out;
	if (rp.note.len)
		rc = sgit_error_set(env->err, rp.note_code, "%s", rp.note.ptr);
	else
		rc = sgit_error_set(env->err, SGIT_ENOTFOUND,
				    "ambiguous argument '%s': unknown revision or path not in the working tree",
				    spec);
out:
	if (rc < 0) {
		sgit_oid_clear(out);
		if (info) {
			sgit_buf_reset(&info->ref);
			sgit_oid_clear(&info->named);
		}
	}
	sgit_buf_release(&rp.note);
	return rc;
}

int sgit_revparse_peel(struct sgit_oid *out, const struct sgit_revparse_env *env,
		       const struct sgit_oid *id, enum sgit_object_type want)
{
	struct rp rp = { env, NULL, 0, SGIT_BUF_INIT, 0, 0 };
	char hex[SGIT_OID_HEXSZ + 1];
	enum sgit_object_type type;
	int rc;

	sgit_oid_tohex(hex, id);
	if (want == SGIT_OBJ_NONE)
		rc = rp_deref_tags(out, &type, &rp, id);
	else
		rc = rp_peel_to_type(out, &rp, hex, strlen(hex), id, want);
	if (rc < 0 && !rp_is_hard(rc)) {
		if (rp.note.len)
			rc = sgit_error_set(env->err, rp.note_code, "%s", rp.note.ptr);
		else
			rc = sgit_error_set(env->err, SGIT_ENOTFOUND, "cannot peel '%s': object not found",
					    hex);
	}
	if (rc < 0)
		sgit_oid_clear(out);
	sgit_buf_release(&rp.note);
	return rc;
}
