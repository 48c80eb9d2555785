/* include/sgit/index.h: the index (staging area): read, change, write, and trees to and from it */
#ifndef SGIT_INDEX_H
#define SGIT_INDEX_H

#include <stddef.h>
#include <stdint.h>
#include "buf.h"
#include "errors.h"
#include "oid.h"
#include "repo.h"

/* What follows is libsgit's API: exported from the shared library (see the Makefile). */
#pragma GCC visibility push(default)

struct stat;

/*
 * The index of a repository, as git keeps it in "<git dir>/index" (or
 * GIT_INDEX_FILE): entries sorted by path then stage, the cache tree
 * ("TREE") and resolve-undo ("REUC") extensions. Versions 2, 3 and 4 are
 * read; writing gives version 2, or 3 when an entry needs extended flags, or
 * 4 when the index was version 4. Optional extensions git may have written
 * (UNTR, FSMN, EOIE, IEOT...) are skipped and not written back.
 * Free with sgit_index_free().
 */
struct sgit_index;

struct sgit_index_time {
	uint32_t sec, nsec;
};

enum sgit_index_entry_flag {
	SGIT_INDEX_ASSUME_VALID = 1,	/* "assume unchanged": the work tree is not looked at */
	SGIT_INDEX_SKIP_WORKTREE = 2,	/* sparse checkout: not in the work tree (extended) */
	SGIT_INDEX_INTENT_TO_ADD = 4,	/* "add -N": path known, content not staged (extended) */
};

/*
 * One entry. From the index, a borrowed view valid until the index changes;
 * as input to sgit_index_add everything is copied. Stat fields hold what
 * git stores: the low 32 bits.
 */
struct sgit_index_entry {
	struct sgit_index_time ctime, mtime;
	uint32_t dev, ino, mode, uid, gid, size;
	struct sgit_oid id;
	unsigned int flags;	/* enum sgit_index_entry_flag */
	unsigned int stage;	/* 0, or 1..3 for the base, ours and theirs of a conflict */
	const char *path;	/* relative to the top of the work tree, '/' separated */
	size_t path_len;
};

/* Resolve-undo: the stages of a conflict resolved since (mode 0: no such stage). */
struct sgit_index_reuc {
	const char *path;
	unsigned int mode[3];
	struct sgit_oid id[3];
};

/*
 * Open the index of repo: GIT_INDEX_FILE (relative: to the top of the work
 * tree) or "<git dir>/index". A missing file is an empty index. Errors go to
 * sgit_repo_error(repo); repo must outlive the index. A corrupt file gives
 * SGIT_ECORRUPT with git's message ("bad signature 0x...", "bad index
 * version 5", "bad index file sha1 signature", "index uses xxxx extension,
 * which we do not understand"), after which git says "index file corrupt".
 */
int sgit_index_open(struct sgit_index **out, struct sgit_repo *repo);
/*
 * Take "<index>.lock" (SGIT_ELOCKED with git's message naming it), then
 * read the index: the way to read, change and write it back with nobody
 * writing in between. Finish with sgit_index_write_locked or _unlock.
 */
int sgit_index_open_locked(struct sgit_index **out, struct sgit_repo *repo);
/*
 * The index in the file path (missing: empty). repo (may be NULL) supplies
 * configuration, objects and the work tree to the calls that need them.
 * Errors go to err (must outlive the index), or to repo's slot when NULL.
 */
int sgit_index_open_file(struct sgit_index **out, const char *path, struct sgit_repo *repo,
			 struct sgit_error *err);
/* A new empty index with no file (scratch space); repo and err as for sgit_index_open_file. */
int sgit_index_new(struct sgit_index **out, struct sgit_repo *repo, struct sgit_error *err);
/* Parse the bytes of an index file (pure: no repository, no file). */
int sgit_index_parse(struct sgit_index **out, const void *data, size_t len, struct sgit_error *err);
/* Frees the index, and releases its lock when still held. */
void sgit_index_free(struct sgit_index *idx);
/* The file this index is read from and written to, or NULL (parsed from bytes). */
const char *sgit_index_path(const struct sgit_index *idx);
/* The version as read (2, 3, 4), 0 for a new index. */
unsigned int sgit_index_version(const struct sgit_index *idx);
/* Choose the version written (2, 3 or 4; 2 and 3 are chosen by need). SGIT_EINVALID otherwise. */
int sgit_index_set_version(struct sgit_index *idx, unsigned int version);

/* ---- entries ---- */
size_t sgit_index_count(const struct sgit_index *idx);
/* The entry at pos (sorted order), or NULL past the end. */
const struct sgit_index_entry *sgit_index_entry_at(const struct sgit_index *idx, size_t pos);
/*
 * Binary search for path (len bytes) at stage, or at any stage when stage
 * is -1 (then the first of them). 0 with *pos its position, or
 * SGIT_ENOTFOUND with *pos where it would go. Never sets an error message.
 */
int sgit_index_find(size_t *pos, const struct sgit_index *idx, const char *path, size_t len,
		    int stage);
/*
 * The first entry under the folder dir (len bytes, no final '/'): 0 with
 * *pos set, or SGIT_ENOTFOUND (*pos where such entries would go). No message.
 */
int sgit_index_find_dir(size_t *pos, const struct sgit_index *idx, const char *dir, size_t len);
/* The entry for path (NUL-terminated) at stage, or NULL. */
const struct sgit_index_entry *sgit_index_get(const struct sgit_index *idx, const char *path,
					      int stage);
/* 1 when some entry is at a stage above 0. */
int sgit_index_has_conflicts(const struct sgit_index *idx);

enum sgit_index_add_flag {
	SGIT_INDEX_ADD_REPLACE = 1,	/* remove entries in the way ("a" for "a/b", "a/..." for "a") */
	SGIT_INDEX_ADD_NO_CHECK = 2,	/* trust the caller: no path or file/folder checks */
};
/*
 * Add e (copied), replacing the entry of the same path and stage. A stage
 * 0 entry removes the path's conflict stages (kept as resolve-undo data, as
 * git does), a conflict stage removes the stage 0 entry. SGIT_EINVALID for
 * a path git refuses ("", "/x", "a//b", "x/", ".", "..", ".git" in any
 * case), a stage above 3; SGIT_EEXISTS "'a' appears as both a file and as a
 * directory" when a file and a folder would share a name and
 * SGIT_INDEX_ADD_REPLACE is not given. The cache tree keeps every folder
 * not above the path (all of them when only stat data changed). The entry's
 * stat data is trusted as fresh: it is never smudged when written.
 */
int sgit_index_add(struct sgit_index *idx, const struct sgit_index_entry *e, unsigned int flags);
/* Remove every stage of path (len bytes). 1 when something was removed, 0 when nothing. */
int sgit_index_remove(struct sgit_index *idx, const char *path, size_t len);
/* Remove every entry under the folder dir ("a/b", no trailing slash). How many, or < 0. */
int sgit_index_remove_dir(struct sgit_index *idx, const char *dir, size_t len);
/* Remove the entry at pos. */
void sgit_index_remove_at(struct sgit_index *idx, size_t pos);
/* Replace the flags of the entry at pos (SGIT_INDEX_ASSUME_VALID and friends). */
void sgit_index_set_flags(struct sgit_index *idx, size_t pos, unsigned int flags);
/* Empty the index: entries, cache tree and resolve-undo data. */
void sgit_index_clear(struct sgit_index *idx);

/* Resolve-undo records, sorted by path: count, the i-th, and forgetting them. */
size_t sgit_index_reuc_count(const struct sgit_index *idx);
const struct sgit_index_reuc *sgit_index_reuc_at(const struct sgit_index *idx, size_t i);
void sgit_index_reuc_clear(struct sgit_index *idx);

/* 1 when the index holds a cache tree whose root is valid (write-tree needs no work). */
int sgit_index_cache_tree_valid(const struct sgit_index *idx);
/*
 * The tree the cache tree records for the folder dir ("a/b", a final '/'
 * allowed; "" for the root), as sgit_index_write_tree left it.
 * SGIT_ENOTFOUND when the cache tree has no such folder. No error message.
 */
int sgit_index_cache_tree_lookup(struct sgit_oid *out, const struct sgit_index *idx, const char *dir);
/* Forget the cache tree (it is written again by sgit_index_write_tree). */
void sgit_index_cache_tree_clear(struct sgit_index *idx);

/* ---- writing ---- */
/*
 * Replace out with the bytes of the index file: header, entries, TREE and
 * REUC extensions, SHA-1 trailer. SGIT_EINVALID for a path at two stages of
 * which one is 0 or the same path and stage twice (cannot happen through
 * this interface, checked all the same).
 */
int sgit_index_serialize(struct sgit_buf *out, struct sgit_index *idx);
/*
 * Write the index to its file through "<file>.lock" and a rename; the lock
 * must not be held already. Entries whose stat data cannot be trusted
 * against the index being replaced (the racy-git case) are checked against
 * the work tree first and marked changed ("smudged", as git does) when their
 * content differs.
 */
int sgit_index_write(struct sgit_index *idx);
/* Take "<file>.lock" for a later sgit_index_write_locked. SGIT_ELOCKED with git's message. */
int sgit_index_lock(struct sgit_index *idx);
/* Write into the lock taken, rename it over the file, release it. */
int sgit_index_write_locked(struct sgit_index *idx);
/* Release the lock without writing (harmless when none is held). */
void sgit_index_unlock(struct sgit_index *idx);

/* ---- trees ---- */
enum sgit_index_write_tree_flag {
	SGIT_INDEX_WRITE_TREE_MISSING_OK = 1,	/* do not check that the blobs exist */
};
/*
 * Write the trees of the stage 0 entries into the object store (intent-to-add
 * entries left out, as git does) and give the root's id; the cache tree is
 * brought up to date (write the index to keep it). Needs a repository.
 * SGIT_ECONFLICT "'path' is unmerged" when an entry is at a conflict stage;
 * SGIT_ENOTFOUND "invalid object 100644 <id> for 'path'" for a missing blob;
 * SGIT_EINVALID "you have both 'a' and 'a/b'".
 */
int sgit_index_write_tree(struct sgit_oid *out, struct sgit_index *idx, unsigned int flags);
enum sgit_index_read_tree_flag {
	/* an entry whose mode and id are those of the stage 0 entry it replaces keeps its
	   stat data and flags (git read-tree -m with one tree) */
	SGIT_INDEX_READ_TREE_KEEP_STAT = 1,
};
/*
 * Replace every entry with the contents of the tree id, recursively, at
 * stage 0 with zero stat data (git read-tree <tree>); the cache tree is
 * primed from the trees read and resolve-undo data is dropped. Paths git
 * refuses (".git" and friends) are SGIT_EINVALID "invalid path 'x'"; the
 * index is unchanged on failure.
 */
int sgit_index_read_tree(struct sgit_index *idx, const struct sgit_oid *id, unsigned int flags);

/* ---- paths: git's verify_path, one rule for the index and the work tree ---- */
/* What core.protectNTFS and core.protectHFS add to the rules (bits). */
enum sgit_index_protect {
	SGIT_INDEX_PROTECT_NTFS = 1,	/* names NTFS would take for ".git" or a linked ".gitmodules" */
	SGIT_INDEX_PROTECT_HFS = 2,	/* the same with HFS+'s ignored code points and case folding */
};
/* The protections repo's configuration asks for: NTFS on and HFS off unless set (git 2.39 on Linux). */
unsigned int sgit_index_path_protection(struct sgit_repo *repo);
/*
 * 1 when path (len bytes, relative, '/'-separated) may be an index entry of
 * the given mode and be written to the work tree: no empty, "." or ".."
 * component, no ".git" in any case, no symbolic link named ".gitmodules",
 * no NUL; protect (sgit_index_path_protection) adds the NTFS and HFS+
 * spellings of those names. 0 otherwise.
 */
int sgit_index_path_valid(const char *path, size_t len, unsigned int mode, unsigned int protect);
/* The dotfiles git reads from the work tree, for the checks below. */
enum sgit_index_dotfile {
	SGIT_INDEX_DOTGITMODULES,
	SGIT_INDEX_DOTGITIGNORE,
	SGIT_INDEX_DOTGITATTRIBUTES,
	SGIT_INDEX_DOTMAILMAP,
};
/*
 * 1 when the component at s (n bytes to the end of the path) names ".git"
 * or the dotfile to NTFS (trailing spaces and dots, a ":" stream, 8.3 short
 * names) or to HFS+ (ignored code points, any case).
 */
int sgit_index_path_is_ntfs_dotgit(const char *s, size_t n);
int sgit_index_path_is_hfs_dotgit(const char *s, size_t n);
int sgit_index_path_is_ntfs_dotfile(const char *s, size_t n, enum sgit_index_dotfile which);
int sgit_index_path_is_hfs_dotfile(const char *s, size_t n, enum sgit_index_dotfile which);

/* ---- the work tree ---- */
/* What differs between an entry and lstat data (sgit_index_entry_stat_changes). */
enum sgit_index_change {
	SGIT_INDEX_MTIME_CHANGED = 1,
	SGIT_INDEX_CTIME_CHANGED = 2,
	SGIT_INDEX_OWNER_CHANGED = 4,
	SGIT_INDEX_MODE_CHANGED = 8,
	SGIT_INDEX_INODE_CHANGED = 16,
	SGIT_INDEX_DATA_CHANGED = 32,
	SGIT_INDEX_TYPE_CHANGED = 64,
};

/*
 * The mode git records for a file of st_mode: 100644 or 100755 by the
 * owner's execute bit, 120000 for a symlink, 160000 for a folder (a
 * submodule). With core.fileMode false a regular file keeps the mode of
 * existing (may be NULL), and with core.symlinks false a regular file that
 * was a symlink stays one.
 */
unsigned int sgit_index_mode_from_stat(const struct sgit_index *idx,
				       const struct sgit_index_entry *existing, unsigned int st_mode);
/* Fill e's stat fields (times, dev, ino, uid, gid, size) from st; mode, id, path untouched. */
void sgit_index_entry_fill_stat(struct sgit_index_entry *e, const struct stat *st);
/*
 * Compare e with lstat data as git does (mtime, ctime unless
 * core.trustctime is false, inode and owner unless core.checkStat is
 * "minimal", size, type, the execute bit unless core.fileMode is false):
 * 0 when they match, else enum sgit_index_change bits. An entry with size 0
 * and a non-empty blob (smudged, or read from a tree) always differs; an
 * intent-to-add entry differs in everything.
 */
unsigned int sgit_index_entry_stat_changes(const struct sgit_index *idx,
					   const struct sgit_index_entry *e, const struct stat *st);
/* 1 when e's mtime is not older than the index file's: its stat data cannot vouch for it. */
int sgit_index_entry_is_racy(const struct sgit_index *idx, const struct sgit_index_entry *e);
/*
 * Is the work tree file at e's path (lstat data st) different from e, as
 * git decides it: stat data first, then the content (hashed, compared with
 * the id) when stat data cannot tell (racy entries, entries with no stat
 * data). Entries marked assume-valid or skip-worktree are unchanged. Needs a
 * repository with a work tree. *changed gets 0 or sgit_index_change bits.
 */
int sgit_index_entry_modified(unsigned int *changed, struct sgit_index *idx,
			      const struct sgit_index_entry *e, const struct stat *st);
/*
 * 1 when the work tree file of e (lstat data st) has e's content (hashed;
 * for a submodule, its HEAD), 0 when not, < 0 when it cannot be read.
 */
int sgit_index_entry_content_matches(struct sgit_index *idx, const struct sgit_index_entry *e,
				     const struct stat *st);

#pragma GCC visibility pop
#endif
