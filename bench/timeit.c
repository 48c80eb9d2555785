/*
 * bench/timeit.c: run one command and report its wall time and peak memory.
 *
 *   timeit <result-file> <program> [<arg>...]
 *
 * Writes "<nanoseconds> <peak RSS in KiB> <exit status>" to <result-file> and
 * exits with the command's status (128 + signal when it was killed). The
 * command inherits stdin, stdout and stderr, so the caller's redirections apply.
 * The clock is monotonic and covers fork to reap; the peak resident set comes
 * from wait4(), which is where /usr/bin/time -f %M reads it too, so one run
 * gives both figures without a second process in the measured interval.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	struct rusage ru;
	long long start, end;
	int status = 0, code;
	FILE *f;
	pid_t pid;

	if (argc < 3) {
		fprintf(stderr, "usage: timeit <result-file> <program> [<arg>...]\n");
		return 2;
	}
	start = now_ns();
	pid = fork();
	if (pid < 0) {
		fprintf(stderr, "timeit: fork: %s\n", strerror(errno));
		return 2;
	}
	if (pid == 0) {
		execvp(argv[2], argv + 2);
		fprintf(stderr, "timeit: cannot run '%s': %s\n", argv[2], strerror(errno));
		_exit(127);
	}
	while (wait4(pid, &status, 0, &ru) < 0) {
		if (errno != EINTR) {
			fprintf(stderr, "timeit: wait4: %s\n", strerror(errno));
			return 2;
		}
	}
	end = now_ns();
	code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	f = fopen(argv[1], "w");
	if (!f) {
		fprintf(stderr, "timeit: cannot write '%s': %s\n", argv[1], strerror(errno));
		return 2;
	}
	fprintf(f, "%lld %ld %d\n", end - start, ru.ru_maxrss, code);
	if (fclose(f) != 0)
		return 2;
	return code;
}
