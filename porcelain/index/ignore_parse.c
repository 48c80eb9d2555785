/* porcelain/index/ignore_parse.c: the lines of a gitignore file, as pattern lists */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "sgit/errors.h"
#include "porcelain/index/ignore_int.h"

static int is_glob_special(char c)
{
	return c == '*' || c == '?' || c == '[' || c == '\\';
}

/*
 * Where the line s (n bytes) ends once its trailing spaces are dropped.
 * A backslash keeps the byte after it, so "a\ " keeps its space.
 */
static size_t trim_spaces(const char *s, size_t n)
{
	size_t i, first_space = n;

	for (i = 0; i < n; i++) {
		if (s[i] == ' ') {
			if (first_space == n)
				first_space = i;
			continue;
		}
		if (s[i] == '\\' && ++i == n)
			return n;
		first_space = n;
	}
	return first_space;
}

/* Copy s (n bytes) and a NUL into the arena, which has room (reserved up front). */
static const char *arena_put(struct sgit_buf *arena, const char *s, size_t n)
{
	char *dst = arena->ptr + arena->len;

	memcpy(dst, s, n);
	dst[n] = '\0';
	sgit_buf_setlen(arena, arena->len + n + 1);
	return dst;
}

/* One line, already trimmed: s (n bytes) from line number line. */
static void add_pattern(struct ign_list *l, const char *s, size_t n, int line)
{
	struct ign_pattern *p = &l->v[l->nr++];
	const char *shown = arena_put(&l->arena, s, n);
	size_t i;

	p->flags = 0;
	p->line = line;
	if (n && s[0] == '!') {
		p->flags |= IGN_NEGATIVE;
		s++;
		n--;
	}
	if (n && s[n - 1] == '/') {
		p->flags |= IGN_MUSTBEDIR;
		n--;
	}
	if (!memchr(s, '/', n))
		p->flags |= IGN_NODIR;
	for (i = 0; i < n && !is_glob_special(s[i]); i++)
		;
	p->nowild = i;
	p->len = n;
	p->shown = shown;
	p->text = arena_put(&l->arena, s, n);
}

static size_t count_lines(const char *data, size_t len)
{
	const char *p = data, *end = data + len;
	size_t n = 1;

	while ((p = memchr(p, '\n', (size_t)(end - p))) != NULL) {
		n++;
		p++;
	}
	return n;
}

int ign_list_parse(struct ign_list *l, const char *data, size_t len)
{
	const char *end, *line_end, *nul;
	size_t lines;
	int lineno = 0;

	if (len >= 3 && !memcmp(data, "\xef\xbb\xbf", 3)) {
		data += 3;
		len -= 3;
	}
	/* each line is stored twice (as shown and as matched) with a NUL after each copy */
	lines = count_lines(data, len);
	if (len > (SIZE_MAX - 2 * lines) / 2 || lines > SIZE_MAX / sizeof(*l->v))
		return SGIT_ENOMEM;
	if (!(l->v = calloc(lines, sizeof(*l->v))) || sgit_buf_grow(&l->arena, 2 * len + 2 * lines) < 0)
		return SGIT_ENOMEM;
	for (end = data + len; data < end; data = line_end + 1) {
		size_t n;

		lineno++;
		if (!(line_end = memchr(data, '\n', (size_t)(end - data))))
			line_end = end;
		if (line_end == data || data[0] == '#')
			continue;
		n = (size_t)(line_end - data);
		if (data[n - 1] == '\r')
			n--;
		if ((nul = memchr(data, '\0', n)) != NULL)
			n = (size_t)(nul - data);
		add_pattern(l, data, trim_spaces(data, n), lineno);
	}
	return 0;
}

struct ign_list *ign_list_new(const char *source)
{
	struct ign_list *l = calloc(1, sizeof(*l));

	if (!l)
		return NULL;
	sgit_buf_init(&l->arena);
	if (!(l->source = strdup(source))) {
		free(l);
		return NULL;
	}
	return l;
}

void ign_list_free(struct ign_list *l)
{
	if (!l)
		return;
	free(l->source);
	free(l->v);
	sgit_buf_release(&l->arena);
	free(l);
}
