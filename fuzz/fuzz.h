/* fuzz/fuzz.h: what the libFuzzer targets share: the entry points and input splitting */
#ifndef SGIT_FUZZ_H
#define SGIT_FUZZ_H

#include <stddef.h>
#include <stdint.h>

struct sgit_repo;
struct sgit_commit;
struct sgit_oid;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* A malloc'ed NUL-terminated copy of data (parsers of C strings stop at the first NUL). */
char *fuzz_strdup(const uint8_t *data, size_t size);

/*
 * Inputs made of two parts (a delta and its base, an idx and its pack):
 * a 4-byte big-endian length of the first part, the first part, the second
 * part. A length past the end is clamped, so every input splits somehow.
 */
void fuzz_split(const uint8_t **a, size_t *alen, const uint8_t **b, size_t *blen,
		const uint8_t *data, size_t size);

/* Make an empty temporary file (removed at exit) and put its path in buf; NULL on failure. */
char *fuzz_tempfile(char *buf, size_t n);

/*
 * A small repository made once per process in a temporary folder (removed
 * at exit): a blob, trees, two commits on "main", an annotated tag "v1",
 * a branch "topic" and HEAD. NULL when it cannot be made.
 */
struct sgit_repo *fuzz_fixture_repo(void);
/* The second commit of the fixture, parsed, and its id. */
const struct sgit_commit *fuzz_fixture_commit(const struct sgit_oid **id);

#endif
