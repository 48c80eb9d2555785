/* porcelain/merge/merge_base_int.h: the commit-graph cache shared by the merge-base files */
#ifndef SGIT_PORCELAIN_MERGE_BASE_INT_H
#define SGIT_PORCELAIN_MERGE_BASE_INT_H

#include <stdint.h>
#include "sgit/buf.h"
#include "sgit/merge_base.h"

#define MB_NONE UINT32_MAX

/* Node flags: LOADED stays; the paint flags live for one walk only. */
enum {
	MB_LOADED = 1,
	MB_PARENT1 = 2,		/* reachable from "one" */
	MB_PARENT2 = 4,		/* reachable from one of "twos" */
	MB_STALE = 8,		/* below a common ancestor already found */
	MB_RESULT = 16,		/* already in the result list */
};
#define MB_PAINT (MB_PARENT1 | MB_PARENT2 | MB_STALE | MB_RESULT)

struct mb_node {
	struct sgit_oid id;
	uint64_t date;		/* committer time, unsigned as git compares it */
	uint32_t parent0;	/* index of the first parent in mb->parents */
	uint32_t nparents;
	uint32_t queued;	/* how many queue entries name this node */
	unsigned flags;
};

struct mb_qent {
	uint32_t node;
	uint64_t seq;		/* insertion order breaks ties between equal dates */
};

struct sgit_merge_base {
	struct sgit_odb *odb;
	struct sgit_error *err;
	struct mb_node *nodes;
	size_t nnodes, anodes;
	uint32_t *slots;	/* open addressing over nodes by id, MB_NONE = empty */
	size_t nslots;
	uint32_t *parents;	/* parent lists of every loaded node, one after another */
	size_t nparents, aparents;
	uint32_t *touched;	/* nodes that carry paint flags; room for every node */
	size_t ntouched, atouched;
	struct mb_qent *heap;	/* the walk's queue: newest date first, then oldest entry */
	size_t nheap, aheap;
	uint64_t seq;
	size_t nonstale;	/* queue entries whose node is not STALE: the walk runs while > 0 */
	struct sgit_buf raw;	/* reused for every commit read */
};

/* The node of a commit id, read from the odb on first use. */
int mb_node_get(uint32_t *out, struct sgit_merge_base *mb, const struct sgit_oid *id);
/* Read node i's parents and date, once. */
int mb_node_load(struct sgit_merge_base *mb, uint32_t i);
/* Add paint flags to node i, remembering it for mb_clear(); keeps the non-stale count right. */
void mb_flag(struct sgit_merge_base *mb, uint32_t i, unsigned flags);
/* Remove every paint flag and empty the queue. */
void mb_clear(struct sgit_merge_base *mb);
int mb_queue_put(struct sgit_merge_base *mb, uint32_t i);
uint32_t mb_queue_get(struct sgit_merge_base *mb);

#endif
