/* include/sgit/buf.h: a growable byte buffer, the one buffer type of sgit */
#ifndef SGIT_BUF_H
#define SGIT_BUF_H

#include <stdarg.h>
#include <stddef.h>

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

/*
 * ptr is never NULL and always NUL-terminated at ptr[len], but may hold NUL
 * bytes before that. Functions that fill a buffer replace its content unless
 * their name says add. Allocation failures return SGIT_ENOMEM and leave the
 * buffer as it was.
 */
struct sgit_buf {
	char *ptr;
	size_t len;
	size_t alloc;		/* 0 while ptr points at the shared empty string */
};

extern char sgit_buf__empty[];
#define SGIT_BUF_INIT { sgit_buf__empty, 0, 0 }

/* Make b empty, owning nothing (same as SGIT_BUF_INIT); release it with sgit_buf_release(). */
void sgit_buf_init(struct sgit_buf *b);
/* Free the memory; the buffer is empty and usable again afterwards. */
void sgit_buf_release(struct sgit_buf *b);
/* Ensure room for extra more bytes plus the NUL. */
int sgit_buf_grow(struct sgit_buf *b, size_t extra);
/* Empty b but keep its memory for reuse. */
void sgit_buf_reset(struct sgit_buf *b);
/* Cut b to its first len bytes (len <= b->len). */
void sgit_buf_truncate(struct sgit_buf *b, size_t len);
/* Set len after writing into ptr directly (after sgit_buf_grow). */
void sgit_buf_setlen(struct sgit_buf *b, size_t len);

/*
 * _set* and _printf replace b's content, _add* append to it. Each returns 0
 * or SGIT_ENOMEM; b owns the copy it makes, the caller keeps its arguments.
 */
int sgit_buf_set(struct sgit_buf *b, const void *data, size_t len);
int sgit_buf_sets(struct sgit_buf *b, const char *s);
int sgit_buf_add(struct sgit_buf *b, const void *data, size_t len);
int sgit_buf_adds(struct sgit_buf *b, const char *s);
int sgit_buf_addch(struct sgit_buf *b, char c);
int sgit_buf_addf(struct sgit_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int sgit_buf_vaddf(struct sgit_buf *b, const char *fmt, va_list ap);
int sgit_buf_printf(struct sgit_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int sgit_buf_addbuf(struct sgit_buf *b, const struct sgit_buf *other);

/* Remove trailing whitespace (space, tab, CR, LF). */
void sgit_buf_rtrim(struct sgit_buf *b);
/* Hand ownership of the memory to the caller (free() it); the buffer is left empty. */
char *sgit_buf_detach(struct sgit_buf *b, size_t *len_out);
/* Take ownership of malloc'ed data of len bytes with room for alloc (alloc > len). */
void sgit_buf_attach(struct sgit_buf *b, char *data, size_t len, size_t alloc);
/* Swap two buffers' contents. */
void sgit_buf_swap(struct sgit_buf *a, struct sgit_buf *b);
int sgit_buf_starts_with(const struct sgit_buf *b, const char *prefix);

#pragma GCC visibility pop
#endif
