/*
 * porcelain/worktree/changes_preload.c: lstat the index entries on several threads
 * before they are compared one by one, as git preloads the index. Most of
 * the time of a status on a clean tree is spent in the kernel answering
 * lstat; spreading the calls over threads is what keeps git fast, and this
 * does the same. Threads only read the index and the file system.
 */
#include <pthread.h>
#include <stdlib.h>
#include "porcelain/worktree/changes_int.h"
#include "sgit/tree.h"

/* Fewer entries than this per thread cost more in threads than they save (git's figure). */
#define ENTRIES_PER_THREAD 500
#define MAX_THREADS 20

struct job {
	const struct sgit_index *idx;
	const struct sgit_pathspec *ps;
	int topfd;
	size_t start, end;
	unsigned char *clean;
};

static int worth_a_look(const struct sgit_index_entry *e, const struct sgit_pathspec *ps)
{
	return !e->stage && (e->mode & 0170000) != SGIT_FILEMODE_COMMIT &&
	       !(e->flags & (SGIT_INDEX_INTENT_TO_ADD | SGIT_INDEX_SKIP_WORKTREE |
			     SGIT_INDEX_ASSUME_VALID)) &&
	       sgit_pathspec_selects(ps, e->path, e->path_len);
}

static void *run_job(void *arg)
{
	struct job *j = arg;
	struct sgit_error err = SGIT_ERROR_INIT;
	struct changes_lstat ls;
	struct stat st;
	size_t i;

	/* a failure here only leaves the entry to the careful pass */
	sgit_changes__lstat_init(&ls, j->topfd, &err);
	for (i = j->start; i < j->end; i++) {
		const struct sgit_index_entry *e = sgit_index_entry_at(j->idx, i);

		if (worth_a_look(e, j->ps) && sgit_changes__lstat(&ls, e, &st) == 1 &&
		    !sgit_index_entry_stat_changes(j->idx, e, &st) && !sgit_index_entry_is_racy(j->idx, e))
			j->clean[i] = 1;
	}
	sgit_changes__lstat_release(&ls);
	return NULL;
}

int sgit_changes__preload(unsigned char **clean, const struct sgit_index *idx, int topfd,
			  const struct sgit_pathspec *ps)
{
	size_t n = sgit_index_count(idx), nthreads = n / ENTRIES_PER_THREAD, i, started = 0;
	pthread_t tids[MAX_THREADS];
	struct job jobs[MAX_THREADS];

	*clean = NULL;
	if (nthreads < 2)
		return 0;
	if (nthreads > MAX_THREADS)
		nthreads = MAX_THREADS;
	if (!(*clean = calloc(n, 1)))
		return SGIT_ENOMEM;
	for (i = 0; i < nthreads; i++) {
		jobs[i].idx = idx;
		jobs[i].ps = ps;
		jobs[i].topfd = topfd;
		jobs[i].start = n * i / nthreads;
		jobs[i].end = n * (i + 1) / nthreads;
		jobs[i].clean = *clean;
		if (pthread_create(&tids[i], NULL, run_job, &jobs[i]) != 0)
			break;
		started++;
	}
	/* whatever could not get a thread of its own is done here */
	for (i = started; i < nthreads; i++)
		run_job(&jobs[i]);
	for (i = 0; i < started; i++)
		pthread_join(tids[i], NULL);
	return 0;
}
