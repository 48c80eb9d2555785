/* porcelain/mergetree/merge_tree_octopus_int.h: the octopus strategy's pieces (merge_tree_octopus*.c only) */
#ifndef SGIT_PORCELAIN_MERGE_TREE_OCTOPUS_INT_H
#define SGIT_PORCELAIN_MERGE_TREE_OCTOPUS_INT_H

#include "porcelain/mergetree/merge_tree_int.h"

/* One path of a flattened tree (files, symlinks, submodules; folders are not entries). */
struct oc_ent {
	char *path;
	unsigned int mode;
	struct sgit_oid id;
};

/* A list of paths, sorted as the index sorts them. */
struct oc_flat {
	struct oc_ent *v;
	size_t n, alloc;
};

/* A path the trivial merge left to the file-level merge: stages 1-3 (mode 0: none). */
struct oc_open {
	char *path;
	struct mt_ver st[3];
	int failed;			/* the file-level merge could not resolve it */
	int has_wt;			/* wt: what the work tree holds for it then */
	struct mt_ver wt;
};

/* The state of an octopus merge. */
struct oc_ctx {
	struct sgit_repo *repo;
	struct sgit_odb *odb;
	struct sgit_error *err;
	struct sgit_merge_result *res;
	size_t amsg;
	struct oc_flat merged;		/* what one step resolved */
	struct oc_open *open;		/* what it could not */
	size_t nopen, aopen;
	int failed;			/* a file-level merge failed in this step */
};

int oc_say(struct oc_ctx *c, int to_stderr, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int oc_flat_add(struct oc_flat *f, struct oc_ctx *c, const char *path, unsigned int mode,
		const struct sgit_oid *id);
void oc_flat_release(struct oc_flat *f);
int oc_flatten(struct oc_flat *out, struct oc_ctx *c, const struct sgit_oid *tree);
void oc_open_release(struct oc_ctx *c);
/* Write the tree of a list of paths (sorted or not); a file/folder clash is SGIT_EINVALID. */
int oc_write_tree(struct sgit_oid *out, struct oc_ctx *c, const struct oc_flat *f);

/* read-tree -m --aggressive of the ancestors, head and remote: c->merged and c->open. */
int oc_trivial(struct oc_ctx *c, const struct oc_flat *anc, size_t nanc, const struct oc_flat *head,
	       const struct oc_flat *remote);
/* The file-level merge of every open path, as git's merge-one-file (merge_tree_octopus_file.c). */
int oc_merge_open(struct oc_ctx *c);

#endif
