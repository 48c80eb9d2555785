/*
 * util/urlmatch.c: git's normal form of URLs and its rules for which
 * "<section>.<url>.<key>" setting applies to a URL (git-config(1),
 * "--get-urlmatch"; RFC 3986 for the character classes).
 */
#include <string.h>
#include "util/urlmatch.h"

/* RFC 3986: reserved characters keep their escapes (they could mean something), others lose them. */
static const char reserved[] = ":/?#[]@!$&'()*+,;=";
/* Characters that are never written bare. */
static const char unsafe[] = " <>\"%{}|\\^`";

static int is_alnum(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

static int lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
}

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = lower(c);
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

static int add_escaped(struct sgit_buf *out, int c)
{
	return sgit_buf_addf(out, "%%%02X", (unsigned)(unsigned char)c);
}

/* Append s[0..len): escapes of unreserved characters decoded, others in capitals; unsafe bytes escaped. */
static int add_normalized(struct sgit_buf *out, const char *s, size_t len, struct sgit_error *err)
{
	size_t i;
	int rc = 0;

	for (i = 0; i < len && rc == 0; i++) {
		int c = (unsigned char)s[i];

		if (c == '%') {
			int hi = len - i >= 3 ? hexval(s[i + 1]) : -1, lo = len - i >= 3 ? hexval(s[i + 2]) : -1;

			if (hi < 0 || lo < 0)
				return sgit_error_set(err, SGIT_EINVALID, "invalid %%XX escape sequence");
			c = hi * 16 + lo;
			i += 2;
			if (c < 0x20 || c >= 0x7f || strchr(unsafe, c) || strchr(reserved, c))
				rc = add_escaped(out, c);
			else
				rc = sgit_buf_addch(out, (char)c);
		} else if (c <= 0x20 || c >= 0x7f || strchr(unsafe, c)) {
			rc = add_escaped(out, c);
		} else {
			rc = sgit_buf_addch(out, (char)c);
		}
	}
	return rc < 0 ? sgit_error_nomem(err) : 0;
}

/* "scheme://", lowercased; *rest is what follows it. */
static int parse_scheme(struct sgit_url *u, const char **rest, const char *url, struct sgit_error *err)
{
	size_t i, n = 0;

	if ((url[0] >= 'a' && url[0] <= 'z') || (url[0] >= 'A' && url[0] <= 'Z'))
		while (is_alnum(url[n]) || url[n] == '+' || url[n] == '-' || url[n] == '.')
			n++;
	if (!n || strncmp(url + n, "://", 3))
		return sgit_error_set(err, SGIT_EINVALID, "invalid URL scheme name or missing '://' suffix");
	for (i = 0; i < n; i++)
		if (sgit_buf_addch(&u->url, (char)lower(url[i])) < 0)
			return sgit_error_nomem(err);
	u->scheme_len = n;
	if (sgit_buf_adds(&u->url, "://") < 0)
		return sgit_error_nomem(err);
	*rest = url + n + 3;
	return 0;
}

/* "host[:port]" (after any "user@"), lowercased, the scheme's default port left out. */
static int parse_host_port(struct sgit_url *u, const char *s, size_t len, int allow_globs,
			   struct sgit_error *err)
{
	const char *colon = NULL, *p;
	size_t host_len, i;
	unsigned long port = 0;

	if (len && s[0] == '[') {
		const char *close = memchr(s, ']', len);

		colon = close && close + 1 < s + len && close[1] == ':' ? close + 1 : NULL;
	} else {
		colon = memchr(s, ':', len);
	}
	host_len = colon ? (size_t)(colon - s) : len;
	if (!host_len && (u->scheme_len != 4 || strncmp(u->url.ptr, "file", 4)))
		return sgit_error_set(err, SGIT_EINVALID, "missing host and scheme is not 'file:'");
	u->host_off = u->url.len;
	for (i = 0; i < host_len; i++) {
		int c = (unsigned char)s[i];

		if (!is_alnum(c) && !strchr(".-_[]:", c) && !(allow_globs && c == '*'))
			return sgit_error_set(err, SGIT_EINVALID, "invalid characters in host name");
		if (sgit_buf_addch(&u->url, (char)lower(c)) < 0)
			return sgit_error_nomem(err);
	}
	u->host_len = host_len;
	if (!colon || colon + 1 == s + len)
		return 0;
	if (!host_len)
		return sgit_error_set(err, SGIT_EINVALID, "a 'file:' URL may not have a port number");
	for (p = colon + 1; p < s + len; p++) {
		if (*p < '0' || *p > '9' || port > 65535)
			return sgit_error_set(err, SGIT_EINVALID, "invalid port number");
		port = port * 10 + (unsigned long)(*p - '0');
	}
	if (!port || port > 65535)
		return sgit_error_set(err, SGIT_EINVALID, "invalid port number");
	if ((u->scheme_len == 4 && !strncmp(u->url.ptr, "http", 4) && port == 80) ||
	    (u->scheme_len == 5 && !strncmp(u->url.ptr, "https", 5) && port == 443))
		return 0;
	if (sgit_buf_addf(&u->url, ":%lu", port) < 0)
		return sgit_error_nomem(err);
	u->port_off = u->host_off + host_len + 1;
	u->port_len = u->url.len - u->port_off;
	return 0;
}

/* The authority: "[user[:password]@]host[:port]". */
static int parse_authority(struct sgit_url *u, const char *s, size_t len, int allow_globs,
			   struct sgit_error *err)
{
	const char *at = memchr(s, '@', len);
	int rc;

	if (at) {
		const char *colon = memchr(s, ':', (size_t)(at - s));
		size_t user_len = colon ? (size_t)(colon - s) : (size_t)(at - s);

		u->has_user = 1;
		u->user_off = u->url.len;
		if ((rc = add_normalized(&u->url, s, user_len, err)) < 0)
			return rc;
		u->user_len = u->url.len - u->user_off;
		if (colon && ((rc = sgit_buf_addch(&u->url, ':')) < 0 ||
			      (rc = add_normalized(&u->url, colon + 1, (size_t)(at - colon - 1), err)) < 0))
			return rc < 0 ? rc : sgit_error_nomem(err);
		if (sgit_buf_addch(&u->url, '@') < 0)
			return sgit_error_nomem(err);
		len -= (size_t)(at + 1 - s);
		s = at + 1;
	}
	return parse_host_port(u, s, len, allow_globs, err);
}

/* The path, segment by segment: "." dropped, ".." taking the segment before it along. */
static int parse_path(struct sgit_url *u, const char *s, size_t len, struct sgit_error *err)
{
	struct sgit_buf seg = SGIT_BUF_INIT;
	size_t i = 0, base = u->url.len;
	int rc = 0;

	u->path_off = base;
	if (sgit_buf_addch(&u->url, '/') < 0)
		goto nomem;
	if (len && s[0] == '/')
		i = 1;
	while (i <= len && len) {
		const char *slash = memchr(s + i, '/', len - i);
		size_t end = slash ? (size_t)(slash - s) : len;

		sgit_buf_reset(&seg);
		if ((rc = add_normalized(&seg, s + i, end - i, err)) < 0)
			goto out;
		if (!strcmp(seg.ptr, "..")) {
			char *prev;

			if (u->url.len == base + 1) {
				rc = sgit_error_set(err, SGIT_EINVALID, "invalid '..' path segment");
				goto out;
			}
			u->url.ptr[u->url.len - 1] = '\0';
			prev = strrchr(u->url.ptr + base, '/');
			sgit_buf_truncate(&u->url, (size_t)(prev - u->url.ptr) + 1);
		} else if (strcmp(seg.ptr, ".")) {
			if (sgit_buf_addbuf(&u->url, &seg) < 0 || (slash && sgit_buf_addch(&u->url, '/') < 0))
				goto nomem;
		}
		if (!slash)
			break;
		i = end + 1;
	}
	goto out;
nomem:
	rc = sgit_error_nomem(err);
out:
	sgit_buf_release(&seg);
	return rc;
}

int sgit_url_normalize(struct sgit_url *out, const char *url, int allow_globs, struct sgit_error *err)
{
	const char *rest = NULL;
	size_t auth_len, path_len;
	int rc;

	sgit_url_release(out);
	if ((rc = parse_scheme(out, &rest, url, err)) < 0)
		goto out;
	auth_len = strcspn(rest, "/?#");
	if ((rc = parse_authority(out, rest, auth_len, allow_globs, err)) < 0)
		goto out;
	rest += auth_len;
	path_len = strcspn(rest, "?#");
	if ((rc = parse_path(out, rest, path_len, err)) < 0)
		goto out;
	/* the query and fragment matter to matching only as part of the path's tail */
	rc = add_normalized(&out->url, rest + path_len, strlen(rest + path_len), err);
out:
	if (rc < 0)
		sgit_url_release(out);
	return rc;
}

void sgit_url_release(struct sgit_url *u)
{
	sgit_buf_release(&u->url);
	memset(u, 0, sizeof(*u));
	sgit_buf_init(&u->url);
}

/* The length of the label at s (up to a '.' or len), and *rest what follows its dot. */
static size_t label(const char **rest, size_t *left, const char *s)
{
	const char *dot = memchr(s, '.', *left);
	size_t n = dot ? (size_t)(dot - s) : *left;

	*left -= dot ? n + 1 : n;
	*rest = dot ? dot + 1 : s + n;
	return n;
}

/*
 * Label by label, each the same or "*" in the pattern (git has no other
 * globs here); a dot that ends a name ends it.
 */
static int host_matches(const struct sgit_url *url, const struct sgit_url *pat)
{
	const char *u = url->url.ptr + url->host_off, *p = pat->url.ptr + pat->host_off;
	size_t u_left = url->host_len, p_left = pat->host_len;

	while (u_left && p_left) {
		const char *u_label = u, *p_label = p;
		size_t u_len = label(&u, &u_left, u), p_len = label(&p, &p_left, p);

		if (!(p_len == 1 && *p_label == '*') && (u_len != p_len || memcmp(u_label, p_label, u_len)))
			return 0;
	}
	return !u_left && !p_left;
}

/* The pattern's path (with anything after it) as a prefix of the URL's that ends at a '/'. */
static size_t path_matches(const struct sgit_url *url, const struct sgit_url *pat)
{
	const char *u = url->url.ptr + url->path_off, *p = pat->url.ptr + pat->path_off;
	size_t n = pat->url.len - pat->path_off;

	if (!n || (n == 1 && *p == '/'))
		return !*u || *u == '/';
	if (p[n - 1] == '/')
		n--;
	if (strncmp(u, p, n))
		return 0;
	return !u[n] || u[n] == '/' ? n + 1 : 0;
}

int sgit_url_match(struct sgit_url_match *m, const struct sgit_url *url, const struct sgit_url *pattern)
{
	const char *u = url->url.ptr, *p = pattern->url.ptr;

	memset(m, 0, sizeof(*m));
	if (url->scheme_len != pattern->scheme_len || strncmp(u, p, url->scheme_len))
		return 0;
	if (pattern->has_user) {
		if (!url->has_user || url->user_len != pattern->user_len ||
		    strncmp(u + url->user_off, p + pattern->user_off, url->user_len))
			return 0;
		m->user_matched = 1;
	}
	if (!host_matches(url, pattern))
		return 0;
	if (url->port_len != pattern->port_len ||
	    strncmp(u + url->port_off, p + pattern->port_off, url->port_len))
		return 0;
	if (!(m->path_len = path_matches(url, pattern)))
		return 0;
	m->host_len = pattern->host_len;
	return 1;
}

int sgit_url_match_cmp(const struct sgit_url_match *a, const struct sgit_url_match *b)
{
	if (a->host_len != b->host_len)
		return a->host_len < b->host_len ? -1 : 1;
	if (a->path_len != b->path_len)
		return a->path_len < b->path_len ? -1 : 1;
	if (a->user_matched != b->user_matched)
		return a->user_matched ? 1 : -1;
	return 0;
}
