/* util/buf.c: struct sgit_buf */
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "sgit/buf.h"
#include "sgit/errors.h"

/* Every empty buffer points here so that ptr is always a valid C string. */
char sgit_buf__empty[1];

void sgit_buf_init(struct sgit_buf *b)
{
	b->ptr = sgit_buf__empty;
	b->len = 0;
	b->alloc = 0;
}

void sgit_buf_release(struct sgit_buf *b)
{
	if (b->alloc)
		free(b->ptr);
	sgit_buf_init(b);
}

int sgit_buf_grow(struct sgit_buf *b, size_t extra)
{
	size_t want, alloc;
	char *p;

	if (extra > SIZE_MAX - b->len - 1)
		return SGIT_ENOMEM;
	want = b->len + extra + 1;
	if (want <= b->alloc)
		return 0;
	alloc = b->alloc ? b->alloc : 64;
	while (alloc < want)
		alloc = alloc > SIZE_MAX / 2 ? want : alloc * 2;
	p = b->alloc ? realloc(b->ptr, alloc) : malloc(alloc);
	if (!p)
		return SGIT_ENOMEM;
	if (!b->alloc)
		p[0] = '\0';
	b->ptr = p;
	b->alloc = alloc;
	return 0;
}

void sgit_buf_setlen(struct sgit_buf *b, size_t len)
{
	if (!b->alloc)
		return;
	b->len = len;
	b->ptr[len] = '\0';
}

void sgit_buf_reset(struct sgit_buf *b)
{
	sgit_buf_truncate(b, 0);
}

void sgit_buf_truncate(struct sgit_buf *b, size_t len)
{
	if (len < b->len)
		sgit_buf_setlen(b, len);
}

int sgit_buf_add(struct sgit_buf *b, const void *data, size_t len)
{
	if (!len)
		return 0;
	if (sgit_buf_grow(b, len) < 0)
		return SGIT_ENOMEM;
	memmove(b->ptr + b->len, data, len);
	sgit_buf_setlen(b, b->len + len);
	return 0;
}

int sgit_buf_set(struct sgit_buf *b, const void *data, size_t len)
{
	/* data may point into b itself */
	if (data >= (const void *)b->ptr && data < (const void *)(b->ptr + b->len)) {
		memmove(b->ptr, data, len);
		sgit_buf_setlen(b, len);
		return 0;
	}
	sgit_buf_reset(b);
	return sgit_buf_add(b, data, len);
}

int sgit_buf_sets(struct sgit_buf *b, const char *s)
{
	return sgit_buf_set(b, s, strlen(s));
}

int sgit_buf_adds(struct sgit_buf *b, const char *s)
{
	return sgit_buf_add(b, s, strlen(s));
}

int sgit_buf_addch(struct sgit_buf *b, char c)
{
	return sgit_buf_add(b, &c, 1);
}

int sgit_buf_addbuf(struct sgit_buf *b, const struct sgit_buf *other)
{
	return sgit_buf_add(b, other->ptr, other->len);
}

int sgit_buf_vaddf(struct sgit_buf *b, const char *fmt, va_list ap)
{
	va_list cp;
	int n;

	va_copy(cp, ap);
	n = vsnprintf(b->ptr + b->len, b->alloc ? b->alloc - b->len : 0, fmt, cp);
	va_end(cp);
	if (n < 0)
		return SGIT_ERROR;
	if ((size_t)n + 1 > (b->alloc ? b->alloc - b->len : 0)) {
		if (sgit_buf_grow(b, (size_t)n) < 0)
			return SGIT_ENOMEM;
		vsnprintf(b->ptr + b->len, b->alloc - b->len, fmt, ap);
	}
	sgit_buf_setlen(b, b->len + (size_t)n);
	return 0;
}

int sgit_buf_addf(struct sgit_buf *b, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = sgit_buf_vaddf(b, fmt, ap);
	va_end(ap);
	return rc;
}

int sgit_buf_printf(struct sgit_buf *b, const char *fmt, ...)
{
	va_list ap;
	int rc;

	sgit_buf_reset(b);
	va_start(ap, fmt);
	rc = sgit_buf_vaddf(b, fmt, ap);
	va_end(ap);
	return rc;
}

void sgit_buf_rtrim(struct sgit_buf *b)
{
	size_t n = b->len;

	while (n && strchr(" \t\r\n", b->ptr[n - 1]))
		n--;
	sgit_buf_truncate(b, n);
}

char *sgit_buf_detach(struct sgit_buf *b, size_t *len_out)
{
	char *p;

	if (len_out)
		*len_out = b->len;
	p = b->alloc ? b->ptr : calloc(1, 1);
	sgit_buf_init(b);
	return p;
}

void sgit_buf_attach(struct sgit_buf *b, char *data, size_t len, size_t alloc)
{
	sgit_buf_release(b);
	b->ptr = data;
	b->len = len;
	b->alloc = alloc;
	b->ptr[len] = '\0';
}

void sgit_buf_swap(struct sgit_buf *a, struct sgit_buf *b)
{
	struct sgit_buf t = *a;

	*a = *b;
	*b = t;
}

int sgit_buf_starts_with(const struct sgit_buf *b, const char *prefix)
{
	size_t n = strlen(prefix);

	return b->len >= n && !memcmp(b->ptr, prefix, n);
}
