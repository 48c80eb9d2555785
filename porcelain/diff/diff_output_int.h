/* porcelain/diff/diff_output_int.h: what diff_output*.c share: loading content, names, writing */
#ifndef SGIT_PORCELAIN_DIFF_OUTPUT_INT_H
#define SGIT_PORCELAIN_DIFF_OUTPUT_INT_H

#include "sgit/diff_output.h"
#include "util/diff.h"
#include "util/fs.h"

/* The mode of a submodule (a commit in a tree) */
#define DIFF_MODE_GITLINK 0160000u
#define DIFF_MODE_LINK 0120000u
#define DIFF_MODE_TYPE(m) ((m) & 0170000u)
#define DIFF_MODE_IS_REGULAR(m) (DIFF_MODE_TYPE(m) == 0100000u)

/*
 * One file pair as the formats show it: a change of the list, or a
 * rename (or copy) put together from a deletion (or a modification) and
 * an addition. Paths are borrowed from the change list.
 */
struct diff_pair {
	const char *old_path, *new_path;
	size_t old_len, new_len;
	char status;			/* enum sgit_change_status, 'R' or 'C' */
	unsigned int old_mode, new_mode;
	struct sgit_oid old_id, new_id;
	int new_id_known;
	unsigned int similarity;	/* renames and copies: percent */
	size_t source;			/* renames and copies: the queue index of the source */
};
#define DIFF_STATUS_RENAMED 'R'
#define DIFF_STATUS_COPIED 'C'
#define DIFF_IS_RENAME_OR_COPY(p) ((p)->status == DIFF_STATUS_RENAMED || \
				   (p)->status == DIFF_STATUS_COPIED)

struct diff_queue {
	struct diff_pair *v;
	size_t nr;
};

/* ---- diff_rename.c ---- */

/*
 * Fill q with the pairs of changes, renames found when opts asks for them
 * (their content read from repo); free with free(q->v).
 */
int sgit_diff__queue(struct diff_queue *q, const struct sgit_changes *changes,
		     const struct sgit_diff_output_options *opts, struct sgit_repo *repo);

/*
 * While renames are looked for, uses[i] counts the additions paired with
 * q->v[i] so far. A source can give renames: a deletion; with copies
 * also copies: a modification (or type change), whose pairs are always
 * copies, as it stays where it is.
 */
int sgit_diff__is_source(const struct diff_pair *p, int copies);
/* The last component of path (len bytes); *blen gets its length. */
const char *sgit_diff__base_name(const char *path, size_t len, size_t *blen);
/* Whether src's old path and dst's new path end in the same name (git prefers such a pair). */
int sgit_diff__same_base_name(const struct diff_pair *src, const struct diff_pair *dst);
/* The uses of source i, a modification counting as used once already (git's count). */
unsigned int sgit_diff__rename_used(const struct diff_queue *q, const unsigned int *uses, size_t i);
/* Make the addition dst a rename from q->v[src], score out of SGIT_DIFF_SCORE_MAX. */
void sgit_diff__pair_up(struct diff_queue *q, unsigned int *uses, size_t src, struct diff_pair *dst,
			unsigned int score);

/* ---- diff_rename_similar.c ---- */

/*
 * Turn the additions of q not paired yet into renames (and copies when
 * opts->copies) from sources whose content is alike enough, as git pairs
 * them.
 */
int sgit_diff__find_similar(struct diff_queue *q, unsigned int *uses, struct sgit_repo *repo,
			    const struct sgit_diff_output_options *opts);
/*
 * Append the name --stat and --numstat show for p: the path, or for a
 * rename "old => new" with the common folders outside braces
 * ("a/{b => c}/d"), quoted as core.quotePath says.
 */
int sgit_diff__pair_name_add(struct sgit_buf *out, const struct diff_pair *p, int quote_path);

/* One side's content: from the object store, a work-tree file (mapped) or a link's target. */
struct diff_blob {
	const char *data;
	size_t len;
	struct sgit_buf buf;
	struct sgit_fs_map map;
	int big;		/* above core.bigFileThreshold: len is its size, data is not read */
};
#define DIFF_BLOB_INIT { "", 0, SGIT_BUF_INIT, SGIT_FS_MAP_INIT, 0 }
void sgit_diff__blob_release(struct diff_blob *b);

/*
 * Load the content of path with mode and id (mode 0: nothing) from the
 * object store, or from the work tree when worktree is set; a submodule is
 * the line git shows for it. With skip_big, a file above
 * core.bigFileThreshold is not read (b->big, b->len its size): git shows
 * it as binary without reading it.
 * Errors go to repo's slot.
 */
int sgit_diff__load(struct diff_blob *b, struct sgit_repo *repo, const char *path,
		    unsigned int mode, const struct sgit_oid *id, int worktree, int skip_big);

/* Replace out with the id of a work-tree path's content (a link: its target). */
int sgit_diff__hash_worktree(struct sgit_oid *out, struct sgit_repo *repo, const char *path,
			     unsigned int mode);

/* Append prefix + path, quoted as a whole when core.quotePath says so. */
int sgit_diff__name_add(struct sgit_buf *out, const char *prefix, const char *path, size_t len,
			int quote_path);

/* The engine flags (util/diff.h) opts asks for. */
unsigned int sgit_diff__engine_flags(const struct sgit_diff_output_options *opts);

/* 1 when either side is binary (and -a was not given). */
int sgit_diff__is_binary(const struct diff_blob *a, const struct diff_blob *b,
			 const struct sgit_diff_output_options *opts);

/* Pass buf to the writer; reset buf. */
int sgit_diff__flush(struct sgit_buf *buf, sgit_diff_write_fn write, void *payload);

/* ---- diff_output_color.c ---- */

/* The escape of slot, and git's reset; "" when opts does not colour. */
const char *sgit_diff__color(const struct sgit_diff_output_options *opts, enum sgit_diff_color slot);
const char *sgit_diff__reset(const struct sgit_diff_output_options *opts);

/* color.diff.<slot>, core.whitespace, diff.wsErrorHighlight into opts. */
int sgit_diff__color_config(struct sgit_diff_output_options *opts, struct sgit_repo *repo);

/*
 * Append the hunks of d (between a and b) as git writes them, in colour
 * when opts says so: headers, lines, "\ No newline at end of file".
 */
int sgit_diff__body_add(struct sgit_buf *out, const struct sgit_diff *d, const struct diff_blob *a,
			const struct diff_blob *b, const struct sgit_diff_hunk_opts *hopts,
			const struct sgit_diff_output_options *opts, struct sgit_error *err);

/* ---- diff_stat.c ---- */

/*
 * Write the formats other than the patch (names, numstat, stat,
 * shortstat, summary) in git's order; *shown gets 1 when something was
 * written (the patch then follows a blank line).
 */
int sgit_diff__stat_formats(int *shown, struct sgit_repo *repo, const struct diff_queue *q,
			    const struct sgit_diff_output_options *opts, sgit_diff_write_fn write,
			    void *payload);

#endif
