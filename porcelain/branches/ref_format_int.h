/* porcelain/branches/ref_format_int.h: what the ref format parser, its values and the ref list share */
#ifndef SGIT_PORCELAIN_REF_FORMAT_INT_H
#define SGIT_PORCELAIN_REF_FORMAT_INT_H

#include <stddef.h>
#include <stdint.h>
#include "sgit/commit.h"
#include "sgit/object.h"
#include "sgit/ref_format.h"
#include "sgit/tag.h"
#include "util/color.h"
#include "util/date.h"

/* git's atoms, in the order of its table (for-each-ref(1), FIELD NAMES). */
enum atom_id {
	ATOM_REFNAME, ATOM_OBJECTTYPE, ATOM_OBJECTSIZE, ATOM_OBJECTNAME, ATOM_DELTABASE,
	ATOM_TREE, ATOM_PARENT, ATOM_NUMPARENT, ATOM_OBJECT, ATOM_TYPE, ATOM_TAG,
	ATOM_AUTHOR, ATOM_AUTHORNAME, ATOM_AUTHOREMAIL, ATOM_AUTHORDATE,
	ATOM_COMMITTER, ATOM_COMMITTERNAME, ATOM_COMMITTEREMAIL, ATOM_COMMITTERDATE,
	ATOM_TAGGER, ATOM_TAGGERNAME, ATOM_TAGGEREMAIL, ATOM_TAGGERDATE,
	ATOM_CREATOR, ATOM_CREATORDATE, ATOM_SUBJECT, ATOM_BODY, ATOM_TRAILERS,
	ATOM_CONTENTS, ATOM_RAW, ATOM_UPSTREAM, ATOM_PUSH, ATOM_SYMREF, ATOM_FLAG,
	ATOM_HEAD, ATOM_COLOR, ATOM_WORKTREEPATH, ATOM_ALIGN, ATOM_END, ATOM_IF,
	ATOM_THEN, ATOM_ELSE, ATOM_REST,
};

/* What an atom's value comes from. */
enum atom_source {
	SRC_NONE,	/* the ref itself, the configuration */
	SRC_INFO,	/* the object's type and size */
	SRC_OBJ,	/* the object's content */
};

/* How values of an atom compare in --sort. */
enum atom_cmp { CMP_STR, CMP_NUM };

/* Options of atoms: which part of a name, id, message or person. */
enum {
	OPT_NONE,
	/* refname, symref, upstream */
	OPT_SHORT, OPT_LSTRIP, OPT_RSTRIP,
	/* upstream and push */
	OPT_TRACK, OPT_TRACKSHORT, OPT_REMOTENAME, OPT_REMOTEREF,
	/* objectname, tree, parent */
	OPT_ABBREV, OPT_ABBREV_LEN,
	/* objectsize */
	OPT_DISK,
	/* subject, body, contents */
	OPT_SUBJECT, OPT_SUBJECT_SANITIZE, OPT_BODY_ALL, OPT_BODY, OPT_SIGNATURE, OPT_SIZE,
	OPT_LINES, OPT_TRAILERS,
	/* person email */
	OPT_EMAIL_TRIM, OPT_EMAIL_LOCALPART,
	/* if */
	OPT_EQUALS, OPT_NOTEQUALS,
	/* align */
	OPT_LEFT, OPT_MIDDLE, OPT_RIGHT,
};

struct ref_atom {
	char *name;			/* as written between "%(" and ")", "*" included */
	enum atom_id id;
	int deref;			/* "*": the object an annotated tag names */
	enum atom_source source;
	enum atom_cmp cmp;
	int has_arg;			/* something after ':' (git ignores it on some atoms) */
	int opt;			/* OPT_* */
	int num;			/* strip count, abbrev length, lines, align width */
	int nobracket;			/* upstream:track,nobracket */
	const char *str;		/* if:equals=<str>; points into name */
	struct sgit_buf color;		/* %(color:x): the escape sequence */
};

struct sort_key {
	size_t atom;
	int reverse;
	int version;
	int by_name;		/* plain %(refname): compared straight from the ref */
};

/* Literal text (offset and length in literals) or an atom. */
struct piece {
	long atom;			/* -1 for literal text */
	size_t start, len;
};

struct sgit_ref_format {
	struct sgit_repo *repo;
	struct sgit_ref_format_options opts;
	struct ref_atom *atoms;
	size_t natoms, atoms_alloc;
	struct piece *pieces;
	size_t npieces, pieces_alloc;
	struct sgit_buf literals;	/* literal text with %% and %xx decoded */
	struct sort_key *keys;		/* primary first */
	size_t nkeys;
	int head_known;
	struct sgit_buf head;		/* the ref HEAD resolves to; empty when none */
	int warn_ambiguous;		/* core.warnAmbiguousRefs: %(refname:short) strict */
	size_t abbrev;			/* the default abbreviation; 0 until needed */
	struct abbrev_cache {		/* ids abbreviated so far: refs share their objects */
		struct abbrev_slot *slots;
		size_t nr, alloc;
	} abbrevs;
};

/* One abbreviated id: asked for at least want digits, unique at len. */
struct abbrev_slot {
	struct sgit_oid oid;
	unsigned char want, len;	/* len 0: empty slot */
};

/* A value as sort compares it: bytes, and a number for numeric atoms. */
struct ref_value {
	struct sgit_buf s;
	uint64_t num;
	int ready;
};

struct ref_item {
	char *name;
	char *symref;			/* where a symbolic ref ends, or NULL */
	struct sgit_oid oid;
	enum sgit_object_type type;	/* of oid, when type_known */
	size_t size;
	int type_known;			/* 0: the object is missing (git lists the ref anyway) */
	unsigned flags;			/* SGIT_REF_SYMBOLIC, SGIT_REF_PACKED */
	unsigned kind;			/* SGIT_REF_KIND_* */
	struct ref_value *keys;		/* the sort keys' values, once sorted */
	size_t nkeys;
};

struct sgit_ref_list {
	struct sgit_repo *repo;
	struct ref_item *items;
	size_t nr, alloc;
	/*
	 * Every ref under refs/ that resolves, listed or not (NUL-separated, in
	 * byte order): %(refname:short) asks about many names, and asking here
	 * saves a look at the disk for each.
	 */
	struct sgit_buf names;
	size_t *name_at;
	size_t nnames, names_alloc;
};

/* One object of a ref being evaluated, loaded as far as atoms need. */
struct ref_object {
	int state;			/* 0: nothing known, 1: type and size, 2: content too */
	struct sgit_oid oid;
	enum sgit_object_type type;
	size_t size;
	struct sgit_buf data;
	/* a tag's fields as git's lenient parser reads them (state 2 only) */
	struct sgit_oid tagged;
	enum sgit_object_type tagged_type;
	size_t tag_name, tag_name_len;	/* offset and length in data */
};

/* One ref under evaluation: its objects are read once for all its atoms. */
struct ref_eval {
	struct sgit_ref_format *fmt;
	const struct sgit_ref_list *list;
	const struct ref_item *item;
	struct ref_object obj[2];	/* the ref's object, and the one its tag names */
	int deref_state;		/* 0: not looked at, 1: obj[1] set, -1: no tag */
	struct ref_value *values;	/* per atom of fmt, computed on demand */
};

/* ref_list.c */
void ref_item_release_keys(struct ref_item *item);
/* 1 when name (under refs/) is a ref of the repository that resolves, else 0. */
int ref_list_has_name(const char *name, void *list);

/* ref_format_value.c */
void ref_eval_init(struct ref_eval *ev, struct sgit_ref_format *fmt, const struct sgit_ref_list *list,
		   const struct ref_item *item);
void ref_eval_release(struct ref_eval *ev);
/* The value of atom i of ev's format (cached in ev); NULL on error (message in the repo's slot). */
const struct ref_value *ref_eval_value(struct ref_eval *ev, size_t i, int *rc);

/* ref_format_person.c: author, committer, tagger, creator atoms of an object's bytes */
int ref_value_person(struct ref_value *v, const struct sgit_ref_format *fmt,
		     const struct ref_atom *a, const struct ref_object *obj);
/* subject, body, contents, raw */
int ref_value_contents(struct ref_value *v, const struct ref_atom *a, const struct ref_object *obj);

/* ref_format_parse.c: atom parsing (used by the format and by sort keys) */
int ref_format_parse_atom(size_t *index, struct sgit_ref_format *fmt, const char *atom, size_t len);

/*
 * The colour parser lives in util/color.c now; this name stays until the
 * callers that still use it call sgit_color_parse() themselves.
 */
static inline int ref_color_parse(struct sgit_buf *out, const char *value)
{
	return sgit_color_parse(out, value);
}

#endif
