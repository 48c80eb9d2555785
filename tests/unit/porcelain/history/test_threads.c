/* tests/unit/porcelain/history/test_threads.c: four threads, four handles, one history: same log as one thread */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include "unit.h"
#include "sgit/buf.h"
#include "sgit/commit.h"
#include "sgit/odb.h"
#include "sgit/pretty.h"
#include "sgit/refs.h"
#include "sgit/repo.h"
#include "sgit/revwalk.h"

/*
 * The library promises no hidden process-wide state: two handles may be used
 * from two threads at once. Each thread here opens its own handle on the same
 * repository and walks and formats the whole history several ways (dates in
 * every mode, relative and local ones included); every thread must produce
 * exactly what one thread alone produced. Built with -fsanitize=thread by
 * `make check SANITIZE=thread`, which also catches races that happen to give
 * the right answer.
 */

#define NTHREADS 4
#define NCOMMITS 360
#define NOW ((int64_t)1750000000)	/* the clock of relative dates, fixed */

static struct sgit_buf expected = SGIT_BUF_INIT;

/*
 * A fast-import stream: NCOMMITS commits on four branches, every fifth a
 * merge of another branch, authors and zones varying, messages with bodies.
 */
static int write_stream(const char *path)
{
	static const char *const zones[] = { "+0000", "-0700", "+0530", "+1300", "-0230" };
	FILE *f = fopen(path, "w");
	int i;

	if (!f)
		return -1;
	for (i = 1; i <= NCOMMITS; i++) {
		int b = i * 7 % 4, o = (b + 1 + i % 3) % 4;
		char msg[128];

		snprintf(msg, sizeof(msg), "change %d on b%d\n\nThe body of %d,\n\twith a tab.\n", i, b, i);
		fprintf(f, "commit refs/heads/b%d\nmark :%d\n", b, i);
		fprintf(f, "author Au Thor%d <a%d@example.com> %d %s\n", i % 5, i % 3,
			1700000000 + i * 3600 - (i % 7) * 5000, zones[i % 5]);
		fprintf(f, "committer Com Mitter <c@example.com> %d %s\n", 1700000000 + i * 3600,
			zones[(i + 2) % 5]);
		fprintf(f, "data %zu\n%s", strlen(msg), msg);
		if (i > 4 && i % 5 == 0)
			fprintf(f, "merge refs/heads/b%d\n", o);
		fprintf(f, "M 100644 inline f%d\ndata <<EOF\n%d\nEOF\n\n", i % 13, i);
	}
	return fclose(f);
}

/* Walk everything reachable from the branches in order, formatting each commit as opts says. */
static int walk_format(struct sgit_buf *out, struct sgit_repo *repo, enum sgit_revwalk_sort sort,
		       const struct sgit_pretty_options *opts)
{
	struct sgit_revwalk_options wo = SGIT_REVWALK_OPTIONS_INIT;
	struct sgit_revwalk *walk = NULL;
	struct sgit_buf raw = SGIT_BUF_INIT, entry = SGIT_BUF_INIT;
	struct sgit_commit *c = NULL;
	enum sgit_object_type type;
	struct sgit_oid id;
	char ref[32];
	int rc, b, first = 1;

	wo.sort = sort;
	if ((rc = sgit_revwalk_new(&walk, sgit_repo_odb(repo), &wo, sgit_repo_error(repo))) < 0)
		goto out;
	for (b = 0; b < 4; b++) {
		snprintf(ref, sizeof(ref), "refs/heads/b%d", b);
		if ((rc = sgit_refdb_resolve(&id, NULL, sgit_repo_refdb(repo), ref)) < 0 ||
		    (rc = sgit_revwalk_push(walk, &id)) < 0)
			goto out;
	}
	while ((rc = sgit_revwalk_next(&id, walk)) == 0) {
		sgit_commit_free(c);
		c = NULL;
		if ((rc = sgit_odb_read(&raw, &type, sgit_repo_odb(repo), &id)) < 0 ||
		    (rc = sgit_commit_parse(&c, raw.ptr, raw.len, sgit_repo_error(repo))) < 0 ||
		    (rc = sgit_pretty_before_entry(out, opts, first)) < 0 ||
		    (rc = sgit_pretty_format_commit(&entry, repo, &id, c, opts, sgit_repo_error(repo))) < 0 ||
		    (rc = sgit_buf_addbuf(out, &entry)) < 0 ||
		    (rc = sgit_pretty_after_entry(out, opts)) < 0)
			goto out;
		first = 0;
	}
	rc = rc > 0 ? 0 : rc;
out:
	sgit_commit_free(c);
	sgit_buf_release(&entry);
	sgit_buf_release(&raw);
	sgit_revwalk_free(walk);
	return rc;
}

/* The formats walked, each with its walk order and date mode. */
static const struct {
	const char *pretty, *date;
	enum sgit_revwalk_sort sort;
} formats[] = {
	{ "medium", "default", SGIT_REVWALK_SORT_DEFAULT },
	{ "fuller", "local", SGIT_REVWALK_SORT_TOPO },
	{ "tformat:%H %P %an <%ae> %ad %cr%n%s%n%b", "iso-strict", SGIT_REVWALK_SORT_DATE },
	{ "tformat:%h %ad %cd %aD %ar", "human", SGIT_REVWALK_SORT_DEFAULT },
	{ "tformat:%h %ad %ai %ci", "rfc-local", SGIT_REVWALK_SORT_TOPO },
	{ "tformat:%h %ad", "format:%c %Z %j", SGIT_REVWALK_SORT_DEFAULT },
};

/* The whole log of repository "t" through a handle of its own, every format above. */
static int full_log(struct sgit_buf *out)
{
	struct sgit_repo *repo = unit_open_repo("t");
	struct sgit_buf one = SGIT_BUF_INIT;
	size_t i;
	int rc = -1;

	if (!repo)
		goto out;
	for (i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
		struct sgit_pretty_options po = SGIT_PRETTY_OPTIONS_INIT;

		po.now = NOW;
		if ((rc = sgit_pretty_parse(&po, formats[i].pretty, NULL, sgit_repo_error(repo))) < 0 ||
		    (rc = sgit_date_mode_parse(&po.date, formats[i].date, 0, sgit_repo_error(repo))) < 0 ||
		    (rc = walk_format(&one, repo, formats[i].sort, &po)) < 0 ||
		    (rc = sgit_buf_addbuf(out, &one)) < 0)
			goto out;
		sgit_buf_reset(&one);
	}
out:
	if (rc < 0 && repo)
		fprintf(stderr, "\nthreads: %s\n", sgit_error_message(sgit_repo_error(repo)));
	sgit_buf_release(&one);
	sgit_repo_free(repo);
	return rc;
}

/* Packed history plus loose commits on top: both stores are read concurrently. */
static int setup(void)
{
	struct sgit_buf path = SGIT_BUF_INIT;
	int rc;

	sgit_buf_printf(&path, "%s/stream", unit_tmpdir());
	rc = write_stream(path.ptr);
	sgit_buf_release(&path);
	if (rc < 0 || unit_sh("git init -q -b b0 t && cd t && git fast-import --quiet <../stream && "
			      "git repack -adq && for i in 1 2 3 4 5 6 7 8; do "
			      "git checkout -q b$((i %% 4)) && echo $i >loose && git add loose && "
			      "git commit -q -m \"loose $i\"; done") != 0)
		return -1;
	return full_log(&expected) < 0 ? -1 : 0;
}

static int teardown(void)
{
	sgit_buf_release(&expected);
	return 0;
}

struct job {
	pthread_t tid;
	struct sgit_buf got;
	int rc;
};

static void *run_job(void *arg)
{
	struct job *j = arg;

	j->rc = full_log(&j->got);
	return NULL;
}

static void test_four_threads_see_what_one_saw(void)
{
	struct job jobs[NTHREADS];
	int i, started = 0;

	CU_ASSERT(expected.len > (size_t)NCOMMITS * 100);
	for (i = 0; i < NTHREADS; i++) {
		sgit_buf_init(&jobs[i].got);
		jobs[i].rc = -1;
	}
	for (i = 0; i < NTHREADS; i++, started++)
		if (pthread_create(&jobs[i].tid, NULL, run_job, &jobs[i]) != 0)
			break;
	CU_ASSERT_EQUAL(started, NTHREADS);
	for (i = 0; i < started; i++) {
		pthread_join(jobs[i].tid, NULL);
		CU_ASSERT_EQUAL(jobs[i].rc, 0);
		CU_ASSERT_EQUAL(jobs[i].got.len, expected.len);
		CU_ASSERT(jobs[i].got.len == expected.len && !memcmp(jobs[i].got.ptr, expected.ptr, expected.len));
	}
	for (i = 0; i < NTHREADS; i++)
		sgit_buf_release(&jobs[i].got);
}

static CU_TestInfo thread_tests[] = {
	{ "four threads, each with its own handle, format the log one thread formats",
	  test_four_threads_see_what_one_saw },
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo sgit_test_suites[] = {
	{ .pName = "porcelain/threads", .pInitFunc = setup, .pCleanupFunc = teardown,
	  .pTests = thread_tests },
	CU_SUITE_INFO_NULL,
};
