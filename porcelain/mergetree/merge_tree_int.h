/* porcelain/mergetree/merge_tree_int.h: what the files of the tree merge share (porcelain/merge_tree*.c only) */
#ifndef SGIT_PORCELAIN_MERGE_TREE_INT_H
#define SGIT_PORCELAIN_MERGE_TREE_INT_H

#include "sgit/buf.h"
#include "sgit/merge.h"
#include "sgit/odb.h"

/* One side's version of a path: mode 0 when the side has nothing there. */
struct mt_ver {
	unsigned int mode;
	struct sgit_oid id;
};

/* A message waiting to be sorted by path as git shows them. */
struct mt_msg {
	char *path;
	char *text;
	size_t seq;		/* keeps a path's messages in the order they were made */
};

/* The state of one merge (sgit_merge_trees, or one level of the recursive merge). */
struct mt_ctx {
	struct sgit_repo *repo;
	struct sgit_odb *odb;
	struct sgit_error *err;
	const char *label[3];		/* base, ours, theirs */
	int depth;			/* > 0 inside the merge of merge bases */
	enum sgit_merge_favor favor;
	enum sgit_merge_style style;
	struct mt_msg *msgs;
	size_t nmsgs, amsgs;
	struct sgit_merge_conflict *conf;
	size_t nconf, aconf;
	struct mt_sub {			/* conflicted submodules, for git's closing advice */
		char *path;
		char *abbrev;		/* theirs, when the submodule's history was there */
	} *subs;
	size_t nsubs, asubs;
	int clean;
};

/* The entries of one folder of the result, written as a tree when the folder is done. */
struct mt_out {
	struct mt_outent {
		char *name;
		unsigned int mode;
		struct sgit_oid id;
	} *ents;
	size_t n, alloc;
};

/* One name of a folder with what each of the three trees has there. */
struct mt_name {
	const char *name;
	size_t len;
	struct mt_ver v[3];
};

/* The names of one folder of the three trees (merge_tree_names.c). */
struct mt_names {
	struct mt_name *items;
	size_t n;
	void *trees[3];		/* struct sgit_tree *, owning the names */
};

int mt_names_load(struct mt_names *out, struct mt_ctx *c, const struct sgit_oid *const t[3]);
void mt_names_release(struct mt_names *n);
/* 1 when name (len bytes) is a name of the folder (any side), or was made there already. */
int mt_names_taken(const struct mt_names *n, const struct mt_out *made, const char *name,
		   size_t len);

int mt_ver_equal(const struct mt_ver *a, const struct mt_ver *b);
/* Replace out with the content of blob v (NULL or mode 0: empty); SGIT_ECORRUPT when it is no blob. */
int mt_read_blob(struct sgit_buf *out, struct sgit_odb *odb, struct sgit_error *err, const struct mt_ver *v);
/* The tree of the commit id; SGIT_EINVALID when id names something else. */
int mt_commit_tree(struct sgit_oid *tree, struct sgit_odb *odb, struct sgit_error *err,
		   const struct sgit_oid *id);
int mt_is_dir(unsigned int mode);
/* The S_IFMT part of a mode: regular, symlink, gitlink or folder. */
unsigned int mt_type(unsigned int mode);

/* Record a message for path (printf-style); messages of inner merges are dropped, as git. */
int mt_msg(struct mt_ctx *c, const char *path, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Record a conflict: path and the stages the versions give (mode 0: none). */
int mt_conflict(struct mt_ctx *c, const char *path, const struct mt_ver v[3]);
int mt_out_add(struct mt_out *o, struct mt_ctx *c, const char *name, size_t len,
	       const struct mt_ver *v);
void mt_out_release(struct mt_out *o);

/* Merge one folder (prefix: its path with a final '/', or ""), t[i] NULL where absent. */
int mt_merge_dir(struct mt_ver *result, struct mt_ctx *c, struct sgit_buf *prefix,
		 const struct sgit_oid *const t[3]);
/*
 * Merge the file versions v of path (merge_tree_path.c): write what the
 * result holds into out under the name (path relative to the folder,
 * may be renamed as git does). df: a folder stays at this name.
 */
int mt_merge_file(struct mt_ctx *c, struct mt_out *out, struct mt_names *names,
		  struct sgit_buf *prefix, const struct mt_name *nm, int dir_stays);
/* ort's content merge of three versions of one type (merge_tree_content.c). */
int mt_content_merge(struct mt_ver *result, int *clean, struct mt_ctx *c, const char *path,
		     const struct mt_ver *o, const struct mt_ver *a, const struct mt_ver *b);

/*
 * The paths where idx differs from head_tree (NULL: every entry is listed),
 * in index order, renames not paired: what git diff-index --cached
 * --name-only lists (sgit_merge_staged_changes pairs them as git merge does).
 */
int mt_staged_paths(struct sgit_checkout_pathlist *out, struct sgit_repo *repo, struct sgit_index *idx,
		    const struct sgit_oid *head_tree);

/* sgit_merge_checkout without AUTO_MERGE (the octopus strategy does not write it). */
int sgit_merge__apply(struct sgit_checkout_report *rep, struct sgit_repo *repo,
		      struct sgit_index *idx, const struct sgit_oid *head_tree,
		      const struct sgit_merge_result *res);

/* Two new commits of a submodule (merge_tree_submodule.c); two_way: the base is no submodule. */
int mt_merge_gitlink(struct mt_ver *r, int *clean, struct mt_ctx *c, const char *path,
		     const struct mt_ver *o, const struct mt_ver *a, const struct mt_ver *b, int two_way);

/* The ctx set-up and teardown, and turning it into a result (merge_tree.c). */
void mt_ctx_init(struct mt_ctx *c, struct sgit_repo *repo, const struct sgit_merge_options *opts);
void mt_ctx_release(struct mt_ctx *c);
int mt_run(struct sgit_oid *tree, struct mt_ctx *c, const struct sgit_oid *base,
	   const struct sgit_oid *ours, const struct sgit_oid *theirs);
int mt_ctx_finish(struct sgit_merge_result *out, struct mt_ctx *c);

#endif
