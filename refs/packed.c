/* refs/packed.c: the packed-refs file: parse, look up, cache, rewrite */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "sgit/odb.h"
#include "sgit/tag.h"
#include "refs/refdb_int.h"
#include "util/fs.h"

#define HEADER_PREFIX "# pack-refs with: "
/* What git 2.39 writes; "sorted" lets readers skip sorting, "fully-peeled" that every tag has a ^ line. */
#define HEADER_FULL "# pack-refs with: peeled fully-peeled sorted \n"
#define HEADER_UNPEELED "# pack-refs with: sorted \n"
#define MAX_PEEL_DEPTH 64	/* tags of tags; a cycle needs a SHA-1 collision, but stay finite */

void sgit_packed_refs_release(struct sgit_packed_refs *p)
{
	free(p->entries);
	p->entries = NULL;
	p->n = p->alloc = 0;
	p->fully_peeled = 0;
}

static int add_entry(struct sgit_packed_refs *p)
{
	struct sgit_packed_entry *e;
	size_t alloc;

	if (p->n < p->alloc)
		return 0;
	alloc = p->alloc ? p->alloc * 2 : 64;
	if (alloc < p->alloc || alloc > (size_t)-1 / sizeof(*e))
		return SGIT_ENOMEM;
	if (!(e = realloc(p->entries, alloc * sizeof(*e))))
		return SGIT_ENOMEM;
	p->entries = e;
	p->alloc = alloc;
	return 0;
}

static int has_trait(const char *traits, size_t len, const char *trait)
{
	size_t tlen = strlen(trait), i;

	/* traits are space-separated words; the line ends with a space in git's files */
	for (i = 0; i + tlen <= len; i++)
		if (!memcmp(traits + i, trait, tlen) && (i == 0 || traits[i - 1] == ' ') &&
		    (i + tlen == len || traits[i + tlen] == ' '))
			return 1;
	return 0;
}

static int bad_line(struct sgit_error *err, const char *what, const char *path,
		    const char *line, size_t len)
{
	return sgit_error_set(err, SGIT_ECORRUPT, "%s line in %s: %.*s", what, path, (int)len, line);
}

/* One "<hex> <name>" or "^<hex>" line, without its LF. */
static int parse_line(struct sgit_packed_refs *p, const char *line, size_t len, int peeled_tags,
		      const char *path, struct sgit_error *err)
{
	struct sgit_packed_entry *e;

	if (line[0] == '^') {
		e = p->n ? &p->entries[p->n - 1] : NULL;
		if (!e || e->has_peeled || len != SGIT_OID_HEXSZ + 1 ||
		    sgit_oid_fromhexn(&e->peeled, line + 1, SGIT_OID_HEXSZ) < 0)
			return bad_line(err, "unexpected", path, line, len);
		e->has_peeled = e->peel_known = 1;
		return 0;
	}
	if (len < SGIT_OID_HEXSZ + 2 || line[SGIT_OID_HEXSZ] != ' ')
		return bad_line(err, "unexpected", path, line, len);
	if (!sgit_refname__is_safe(line + SGIT_OID_HEXSZ + 1, len - SGIT_OID_HEXSZ - 1))
		return sgit_error_set(err, SGIT_ECORRUPT, "packed refname is dangerous: %.*s",
				      (int)(len - SGIT_OID_HEXSZ - 1), line + SGIT_OID_HEXSZ + 1);
	if (add_entry(p) < 0)
		return sgit_error_nomem(err);
	e = &p->entries[p->n];
	memset(e, 0, sizeof(*e));
	if (sgit_oid_fromhexn(&e->oid, line, SGIT_OID_HEXSZ) < 0)
		return bad_line(err, "unexpected", path, line, len);
	e->name = line + SGIT_OID_HEXSZ + 1;
	e->name_len = len - SGIT_OID_HEXSZ - 1;
	e->peel_known = p->fully_peeled ||
			(peeled_tags && e->name_len > 10 && !memcmp(e->name, "refs/tags/", 10));
	p->n++;
	return 0;
}

static int entry_cmp(const void *a, const void *b)
{
	const struct sgit_packed_entry *x = a, *y = b;
	size_t n = x->name_len < y->name_len ? x->name_len : y->name_len;
	int c = memcmp(x->name, y->name, n);

	if (c)
		return c;
	return x->name_len < y->name_len ? -1 : x->name_len > y->name_len;
}

int sgit_packed_refs_header(struct sgit_packed_header *out, const char *buf, size_t len,
			    const char *path, struct sgit_error *err)
{
	size_t plen = strlen(HEADER_PREFIX), tlen;
	const char *eol, *traits = buf + plen;

	memset(out, 0, sizeof(*out));
	if (len < plen || memcmp(buf, HEADER_PREFIX, plen))
		return 0;
	if (!(eol = memchr(buf, '\n', len)))
		return bad_line(err, "unterminated", path, buf, len);
	tlen = (size_t)(eol - traits);
	out->sorted = has_trait(traits, tlen, "sorted");
	out->peeled = has_trait(traits, tlen, "peeled");
	out->fully_peeled = has_trait(traits, tlen, "fully-peeled");
	out->body = (size_t)(eol - buf) + 1;
	return 0;
}

int sgit_packed_refs_parse(struct sgit_packed_refs *out, const char *buf, size_t len,
			   const char *path, struct sgit_error *err)
{
	struct sgit_packed_refs p = SGIT_PACKED_REFS_INIT;
	struct sgit_packed_header h;
	const char *pos, *end = buf + len;
	int rc;

	if ((rc = sgit_packed_refs_header(&h, buf, len, path, err)) < 0)
		goto out;
	p.fully_peeled = h.fully_peeled;
	for (pos = buf + h.body; pos < end && !rc;) {
		const char *eol = memchr(pos, '\n', (size_t)(end - pos));

		if (!eol)
			rc = bad_line(err, "unterminated", path, pos, (size_t)(end - pos));
		else if (eol == pos)
			rc = bad_line(err, "unexpected", path, pos, 0);
		else
			rc = parse_line(&p, pos, (size_t)(eol - pos), h.peeled, path, err);
		pos = eol ? eol + 1 : end;
	}
	if (rc)
		goto out;
	if (!h.sorted && p.n > 1)
		qsort(p.entries, p.n, sizeof(*p.entries), entry_cmp);
	sgit_packed_refs_release(out);
	*out = p;
	p.entries = NULL;
out:
	sgit_packed_refs_release(&p);
	return rc;
}

size_t sgit_packed_refs_lower_bound(const struct sgit_packed_refs *p, const char *prefix, size_t len)
{
	struct sgit_packed_entry key = { prefix, len, { { 0 } }, { { 0 } }, 0, 0 };
	size_t lo = 0, hi = p->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (entry_cmp(&p->entries[mid], &key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

const struct sgit_packed_entry *sgit_packed_refs_find(const struct sgit_packed_refs *p,
						      const char *name, size_t len)
{
	size_t i = sgit_packed_refs_lower_bound(p, name, len);

	if (i < p->n && p->entries[i].name_len == len && !memcmp(p->entries[i].name, name, len))
		return &p->entries[i];
	return NULL;
}

void sgit_refdb__packed_invalidate(struct sgit_refdb *db)
{
	/* the bytes stay mapped: entries a caller holds may still point into them */
	db->packed_state = 0;
}

static int same_stat(const struct sgit_refdb *db, const struct stat *st)
{
	return db->packed_state == 1 && st->st_dev == db->packed_dev && st->st_ino == db->packed_ino &&
	       st->st_size == db->packed_size && st->st_mtim.tv_sec == db->packed_mtime.tv_sec &&
	       st->st_mtim.tv_nsec == db->packed_mtime.tv_nsec;
}

static void drop_packed(struct sgit_refdb *db, int state)
{
	sgit_packed_refs_release(&db->packed);
	sgit_fs_unmap(&db->packed_map);
	db->packed_parsed = 0;
	db->packed_state = state;
}

/* Map the file and read its header; the entries are parsed when someone needs them all. */
static int load_packed(struct sgit_refdb *db)
{
	struct sgit_fs_map map = SGIT_FS_MAP_INIT;
	const char *path = db->packed_path.ptr;
	int fd = open(path, O_RDONLY | O_CLOEXEC), rc = 0;
	struct stat st;

	drop_packed(db, 0);
	if (fd < 0 && errno == ENOENT) {
		db->packed_state = 2;
		return 0;
	}
	if (fd < 0 || fstat(fd, &st) < 0) {
		rc = sgit_error_set(db->err, SGIT_EOS, "cannot open '%s': %s", path, strerror(errno));
		goto out;
	}
	if ((rc = sgit_fs_map_fd(&map, fd, path, db->err)) < 0 ||
	    (rc = sgit_packed_refs_header(&db->packed_header, map.data, map.len, path, db->err)) < 0)
		goto out;
	db->packed_map = map;
	map = (struct sgit_fs_map)SGIT_FS_MAP_INIT;
	db->packed_state = 1;
	db->packed_dev = st.st_dev;
	db->packed_ino = st.st_ino;
	db->packed_size = st.st_size;
	db->packed_mtime = st.st_mtim;
out:
	if (fd >= 0)
		close(fd);
	sgit_fs_unmap(&map);
	return rc;
}

/* Bring the cache up to date with the file (one stat when it did not change). */
static int refresh_packed(struct sgit_refdb *db)
{
	struct stat st;

	if (stat(db->packed_path.ptr, &st) < 0) {
		if (errno != ENOENT)
			return sgit_error_set(db->err, SGIT_EOS, "cannot stat '%s': %s",
					      db->packed_path.ptr, strerror(errno));
		if (db->packed_state != 2)
			drop_packed(db, 2);
		return 0;
	}
	return same_stat(db, &st) ? 0 : load_packed(db);
}

/* Parse every entry of the mapped file, once per mapping. */
static int parse_packed(struct sgit_refdb *db)
{
	int rc;

	if (db->packed_state != 1 || db->packed_parsed)
		return 0;
	if ((rc = sgit_packed_refs_parse(&db->packed, db->packed_map.data, db->packed_map.len,
					 db->packed_path.ptr, db->err)) < 0)
		return rc;
	db->packed_parsed = 1;
	return 0;
}

int sgit_refdb__packed(const struct sgit_packed_refs **out, struct sgit_refdb *db)
{
	int rc;

	*out = &db->packed;
	if ((rc = refresh_packed(db)) < 0 || (rc = parse_packed(db)) < 0)
		return rc;
	return 0;
}

int sgit_refdb__packed_lookup(struct sgit_packed_entry *out, struct sgit_refdb *db, const char *name,
			      size_t len, int prefix)
{
	const struct sgit_packed_entry *e = NULL;
	size_t i;
	int rc;

	memset(out, 0, sizeof(*out));
	if ((rc = refresh_packed(db)) < 0)
		return rc;
	if (db->packed_state != 1)
		return SGIT_ENOTFOUND;
	/* git's files say "sorted": no need to read more than log2(n) of their lines */
	if (!db->packed_parsed && db->packed_header.sorted)
		return sgit_packed_refs_search(out, db->packed_map.data, db->packed_map.len,
					       &db->packed_header, name, len, prefix,
					       db->packed_path.ptr, db->err);
	if ((rc = parse_packed(db)) < 0)
		return rc;
	if (!prefix) {
		e = sgit_packed_refs_find(&db->packed, name, len);
	} else {
		i = sgit_packed_refs_lower_bound(&db->packed, name, len);
		if (i < db->packed.n && db->packed.entries[i].name_len >= len &&
		    !memcmp(db->packed.entries[i].name, name, len))
			e = &db->packed.entries[i];
	}
	if (!e)
		return SGIT_ENOTFOUND;
	*out = *e;
	return 0;
}

/* Follow id through tags to what they finally name. 1 when id is a tag, 0 when not. */
static int peel(struct sgit_oid *out, struct sgit_odb *odb, const struct sgit_oid *id,
		struct sgit_error *err)
{
	struct sgit_buf data = SGIT_BUF_INIT;
	struct sgit_oid cur = *id;
	enum sgit_object_type type;
	struct sgit_tag *tag = NULL;
	size_t size;
	int depth, rc = 0;

	for (depth = 0; depth < MAX_PEEL_DEPTH; depth++) {
		if (sgit_odb_read_header(&size, &type, odb, &cur) < 0 || type != SGIT_OBJ_TAG)
			break;
		if (sgit_odb_read(&data, &type, odb, &cur) < 0 || sgit_tag_parse(&tag, data.ptr, data.len, err) < 0)
			break;
		cur = *sgit_tag_target_id(tag);
		sgit_tag_free(tag);
		tag = NULL;
		rc = 1;
	}
	/* a chain git cannot follow gets no ^ line, as in git */
	if (depth == MAX_PEEL_DEPTH || (rc && (sgit_odb_read_header(&size, &type, odb, &cur) < 0 ||
					       type == SGIT_OBJ_TAG)))
		rc = 0;
	*out = cur;
	sgit_buf_release(&data);
	return rc;
}

static int add_entry_line(struct sgit_buf *out, const struct sgit_packed_entry *e)
{
	char hex[SGIT_OID_HEXSZ + 1];
	int rc = sgit_buf_add(out, sgit_oid_tohex(hex, &e->oid), SGIT_OID_HEXSZ);

	if (!rc)
		rc = sgit_buf_addch(out, ' ');
	if (!rc)
		rc = sgit_buf_add(out, e->name, e->name_len);
	if (!rc)
		rc = sgit_buf_addch(out, '\n');
	if (!rc && e->has_peeled)
		rc = sgit_buf_addf(out, "^%s\n", sgit_oid_tohex(hex, &e->peeled)) < 0 ? SGIT_ENOMEM : 0;
	return rc;
}

int sgit_refdb__packed_write(struct sgit_refdb *db, struct sgit_lockfile *lk,
			     struct sgit_packed_entry *entries, size_t n)
{
	struct sgit_buf out = SGIT_BUF_INIT;
	int rc = 0, all_known = 1;
	size_t i;

	for (i = 0; i < n; i++) {
		struct sgit_packed_entry *e = &entries[i];

		if (!e->peel_known && db->opts.odb) {
			e->has_peeled = peel(&e->peeled, db->opts.odb, &e->oid, NULL);
			e->peel_known = 1;
		}
		all_known &= e->peel_known;
	}
	if (sgit_buf_sets(&out, all_known ? HEADER_FULL : HEADER_UNPEELED) < 0)
		rc = SGIT_ENOMEM;
	for (i = 0; i < n && !rc; i++)
		rc = add_entry_line(&out, &entries[i]);
	if (rc < 0) {
		rc = sgit_error_nomem(db->err);
		goto out;
	}
	if ((rc = sgit_lockfile_write(lk, out.ptr, out.len, db->err)) < 0 ||
	    (rc = sgit_lockfile_commit(lk, db->err)) < 0)
		goto out;
out:
	sgit_refdb__packed_invalidate(db);
	sgit_buf_release(&out);
	return rc;
}
