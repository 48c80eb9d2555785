/* fuzz/common.c: input helpers for the fuzz targets */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "fuzz.h"

static char *made[4];

static void remove_made(void)
{
	size_t i;

	for (i = 0; i < sizeof(made) / sizeof(*made); i++)
		if (made[i])
			unlink(made[i]);
}

char *fuzz_tempfile(char *buf, size_t n)
{
	size_t i;
	int fd;

	for (i = 0; i < sizeof(made) / sizeof(*made) && made[i]; i++)
		;
	if (i == sizeof(made) / sizeof(*made) || snprintf(buf, n, "/tmp/sgit-fuzz-XXXXXX") >= (int)n ||
	    (fd = mkstemp(buf)) < 0)
		return NULL;
	close(fd);
	if (!i)
		atexit(remove_made);
	made[i] = buf;
	return buf;
}

char *fuzz_strdup(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	if (!s)
		abort();	/* a fuzz run without memory tells nothing */
	memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

void fuzz_split(const uint8_t **a, size_t *alen, const uint8_t **b, size_t *blen,
		const uint8_t *data, size_t size)
{
	size_t n = 0;

	if (size >= 4) {
		n = (size_t)data[0] << 24 | (size_t)data[1] << 16 | (size_t)data[2] << 8 | data[3];
		data += 4;
		size -= 4;
	}
	if (n > size)
		n = size;
	*a = data;
	*alen = n;
	*b = data + n;
	*blen = size - n;
}
