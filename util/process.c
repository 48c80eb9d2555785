/* util/process.c: child processes: fork + exec of an argv, pipes pumped with poll() */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "util/process.h"

extern char **environ;

enum { SLOT_IN, SLOT_OUT, SLOT_ERR, SLOT_EXTRA, NSLOTS };

/* What a child that could not start writes to the close-on-exec report pipe. */
struct child_report {
	int chdir_failed;	/* 1: chdir, 0: exec or fd set-up */
	int errnum;
};

/* Everything the child needs, made before fork: after it the child only makes system calls. */
struct spawn {
	struct sgit_buf path;		/* the program found in PATH */
	char *const *argv;
	char **sh_argv;			/* the same run by /bin/sh, for a script without "#!" */
	char **envp;
	const char *dir;
	int child_end[NSLOTS];		/* what the child gets as target[i]; -1: inherited */
	int parent_end[NSLOTS];		/* our end of the pipe; -1: none */
	int target[NSLOTS];
	struct sgit_buf *sink[NSLOTS];	/* where each read end goes */
	int devnull;
	int report[2];
};

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

static void spawn_init(struct spawn *sp)
{
	int i;

	memset(sp, 0, sizeof(*sp));
	sgit_buf_init(&sp->path);
	for (i = 0; i < NSLOTS; i++)
		sp->child_end[i] = sp->parent_end[i] = -1;
	sp->devnull = sp->report[0] = sp->report[1] = -1;
}

static void spawn_release(struct spawn *sp)
{
	int i;

	for (i = 0; i < NSLOTS; i++) {
		if (sp->child_end[i] != sp->devnull)
			close_fd(&sp->child_end[i]);
		close_fd(&sp->parent_end[i]);
	}
	close_fd(&sp->devnull);
	close_fd(&sp->report[0]);
	close_fd(&sp->report[1]);
	sgit_buf_release(&sp->path);
	free(sp->sh_argv);
	sp->sh_argv = NULL;
	free(sp->envp);
	sp->envp = NULL;
}

/* Our environment with the changes applied ("NAME=value" sets, "NAME" removes). */
static int build_env(char ***out, const char *const *changes)
{
	size_t n = 0, k = 0, i, j, nlen;
	char **envp;

	while (environ && environ[n])
		n++;
	while (changes && changes[k])
		k++;
	if (!(envp = calloc(n + k + 1, sizeof(*envp))))
		return SGIT_ENOMEM;
	if (n)
		memcpy(envp, environ, n * sizeof(*envp));
	for (i = 0; i < k; i++) {
		nlen = strcspn(changes[i], "=");
		for (j = 0; j < n;)
			if (!strncmp(envp[j], changes[i], nlen) && envp[j][nlen] == '=')
				envp[j] = envp[--n];
			else
				j++;
		if (changes[i][nlen] == '=')
			envp[n++] = (char *)changes[i];
	}
	envp[n] = NULL;
	*out = envp;
	return 0;
}

static const char *env_get(char *const *envp, const char *name)
{
	size_t n = strlen(name);

	for (; *envp; envp++)
		if (!strncmp(*envp, name, n) && (*envp)[n] == '=')
			return *envp + n + 1;
	return NULL;
}

/* Search PATH as execvp does; 0, or the errno exec would have given. */
static int find_program(struct sgit_buf *out, const char *name, char *const *envp)
{
	const char *path = env_get(envp, "PATH"), *p, *end;
	int denied = 0;
	struct stat st;

	if (!*name)
		return ENOENT;
	if (strchr(name, '/'))
		return sgit_buf_sets(out, name) < 0 ? ENOMEM : 0;
	for (p = path ? path : "/usr/bin:/bin"; ; p = end + 1) {
		end = strchrnul(p, ':');
		/* an empty element means the current folder */
		if ((end == p ? sgit_buf_printf(out, "./%s", name) :
				sgit_buf_printf(out, "%.*s/%s", (int)(end - p), p, name)) < 0)
			return ENOMEM;
		if (!stat(out->ptr, &st) && S_ISREG(st.st_mode)) {
			if (!access(out->ptr, X_OK))
				return 0;
			denied = 1;
		}
		if (!*end)
			break;
	}
	sgit_buf_reset(out);
	return denied ? EACCES : ENOENT;
}

/* argv as /bin/sh would run the file: sh <path> <args>. */
static int build_sh_argv(struct spawn *sp)
{
	size_t n = 0;

	while (sp->argv[n])
		n++;
	if (!(sp->sh_argv = calloc(n + 2, sizeof(*sp->sh_argv))))
		return SGIT_ENOMEM;
	sp->sh_argv[0] = (char *)"/bin/sh";
	sp->sh_argv[1] = sp->path.ptr;
	memcpy(sp->sh_argv + 2, sp->argv + 1, (n ? n - 1 : 0) * sizeof(char *));
	return 0;
}

/* One slot: a pipe (its direction by slot), /dev/null, or nothing (inherited). */
static int setup_slot(struct spawn *sp, int slot, int want_pipe, int want_null)
{
	int fds[2];

	if (want_pipe) {
		if (pipe2(fds, O_CLOEXEC) < 0)
			return -1;
		sp->child_end[slot] = slot == SLOT_IN ? fds[0] : fds[1];
		sp->parent_end[slot] = slot == SLOT_IN ? fds[1] : fds[0];
		if (fcntl(sp->parent_end[slot], F_SETFL, O_NONBLOCK) < 0)
			return -1;
	} else if (want_null) {
		if (sp->devnull < 0 && (sp->devnull = open("/dev/null", O_RDWR | O_CLOEXEC)) < 0)
			return -1;
		sp->child_end[slot] = sp->devnull;
	}
	return 0;
}

static int setup_fds(struct spawn *sp, const struct sgit_process_opts *o)
{
	sp->target[SLOT_IN] = 0;
	sp->target[SLOT_OUT] = 1;
	sp->target[SLOT_ERR] = 2;
	sp->target[SLOT_EXTRA] = o->extra_fd;
	sp->sink[SLOT_OUT] = o->out;
	sp->sink[SLOT_ERR] = o->err;
	sp->sink[SLOT_EXTRA] = o->extra;
	if (pipe2(sp->report, O_CLOEXEC) < 0 ||
	    setup_slot(sp, SLOT_IN, o->in != NULL, o->in_null) < 0 ||
	    setup_slot(sp, SLOT_OUT, o->out != NULL, o->out_null) < 0 ||
	    setup_slot(sp, SLOT_ERR, o->err != NULL, o->err_null) < 0 ||
	    setup_slot(sp, SLOT_EXTRA, o->extra != NULL, 0) < 0)
		return -1;
	return 0;
}

static _Noreturn void child_fail(const struct spawn *sp, int chdir_failed)
{
	struct child_report r = { chdir_failed, errno };

	if (write(sp->report[1], &r, sizeof(r)) < 0)
		r.errnum = 0;	/* the parent is gone: nobody to tell */
	/* The forked copy ends here; the caller's process goes on. */
	_Exit(127);
}

/*
 * In the child. Our ends are first moved above every target number, so that
 * placing one cannot overwrite another still to be placed; the copies are
 * close-on-exec, the placed ones are not.
 */
static _Noreturn void child_main(const struct spawn *sp)
{
	int high[NSLOTS], i, min_fd = 10 + (sp->target[SLOT_EXTRA] > 2 ? sp->target[SLOT_EXTRA] : 2);

	for (i = 0; i < NSLOTS; i++)
		if (sp->child_end[i] >= 0 && (high[i] = fcntl(sp->child_end[i], F_DUPFD_CLOEXEC, min_fd)) < 0)
			child_fail(sp, 0);
	for (i = 0; i < NSLOTS; i++)
		if (sp->child_end[i] >= 0 && dup2(high[i], sp->target[i]) < 0)
			child_fail(sp, 0);
	if (sp->dir && chdir(sp->dir) < 0)
		child_fail(sp, 1);
	execve(sp->path.ptr, sp->argv, sp->envp);
	if (errno == ENOEXEC)
		execve("/bin/sh", sp->sh_argv, sp->envp);
	child_fail(sp, 0);
}

/* Wait for the child, retrying when a signal interrupts us. */
static int wait_child(struct sgit_process_status *st, pid_t pid, const char *name,
		      struct sgit_error *err)
{
	int ws;

	while (waitpid(pid, &ws, 0) < 0)
		if (errno != EINTR)
			return sgit_error_set(err, SGIT_EOS, "cannot wait for '%s': %s", name, strerror(errno));
	st->signal = WIFSIGNALED(ws) ? WTERMSIG(ws) : 0;
	st->code = st->signal ? 128 + st->signal : WEXITSTATUS(ws);
	return 0;
}

/* Did exec work? The report pipe closes on exec; a message means it did not. */
static int read_report(struct spawn *sp, pid_t pid, const char *name, struct sgit_error *err)
{
	struct sgit_process_status ignored;
	struct child_report r;
	ssize_t n;

	close_fd(&sp->report[1]);
	while ((n = read(sp->report[0], &r, sizeof(r))) < 0 && errno == EINTR)
		;
	if (n != (ssize_t)sizeof(r))
		return 0;
	wait_child(&ignored, pid, name, NULL);
	if (r.chdir_failed)
		return sgit_error_set(err, SGIT_EOS, "cannot change to '%s': %s", sp->dir, strerror(r.errnum));
	return sgit_error_set(err, r.errnum == ENOENT ? SGIT_ENOTFOUND : SGIT_EOS, "cannot run '%s': %s",
			      name, strerror(r.errnum));
}

/* Feed the next piece of stdin; the child closing its end early is its business. */
static void feed(struct spawn *sp, const struct sgit_process_opts *o, size_t *done, int *broken)
{
	ssize_t n = write(sp->parent_end[SLOT_IN], (const char *)o->in + *done, o->in_len - *done);

	if (n > 0)
		*done += (size_t)n;
	else if (n < 0 && errno == EPIPE)
		*broken = 1;
	else if (n < 0 && errno != EAGAIN && errno != EINTR)
		*done = o->in_len;	/* cannot write: give up feeding, keep draining */
	if (*broken || *done == o->in_len)
		close_fd(&sp->parent_end[SLOT_IN]);
}

/* Read what is there from slot's pipe; 0 at its end closes it. */
static int drain(struct spawn *sp, int slot)
{
	struct sgit_buf *b = sp->sink[slot];
	ssize_t n;

	if (sgit_buf_grow(b, 65536) < 0)
		return SGIT_ENOMEM;
	n = read(sp->parent_end[slot], b->ptr + b->len, b->alloc - b->len - 1);
	if (n > 0)
		sgit_buf_setlen(b, b->len + (size_t)n);
	else if (n == 0 || (errno != EAGAIN && errno != EINTR))
		close_fd(&sp->parent_end[slot]);
	return 0;
}

/* Feed stdin and drain every output together until all pipes are closed. */
static int pump(struct spawn *sp, const struct sgit_process_opts *o, int *broken, struct sgit_error *err)
{
	struct pollfd pfd[NSLOTS];
	int slot_of[NSLOTS], n, i;
	size_t done = 0;

	if (sp->parent_end[SLOT_IN] >= 0 && !o->in_len)
		close_fd(&sp->parent_end[SLOT_IN]);
	for (;;) {
		for (n = 0, i = 0; i < NSLOTS; i++) {
			if (sp->parent_end[i] < 0)
				continue;
			pfd[n].fd = sp->parent_end[i];
			pfd[n].events = i == SLOT_IN ? POLLOUT : POLLIN;
			slot_of[n++] = i;
		}
		if (!n)
			return 0;
		if (poll(pfd, (nfds_t)n, -1) < 0) {
			if (errno == EINTR)
				continue;
			return sgit_error_set(err, SGIT_EOS, "cannot poll child pipes: %s", strerror(errno));
		}
		for (i = 0; i < n; i++) {
			if (!pfd[i].revents)
				continue;
			if (slot_of[i] == SLOT_IN)
				feed(sp, o, &done, broken);
			else if (drain(sp, slot_of[i]) < 0)
				return sgit_error_nomem(err);
		}
	}
}

/*
 * Writing to a pipe whose reader has gone raises SIGPIPE, which by default
 * ends the process. MSG_NOSIGNAL exists only for sockets, and setting SIGPIPE
 * to SIG_IGN would change it for the whole process (other threads, a handler
 * of the caller) for a while. Instead SIGPIPE is blocked in this thread only
 * (a write raises it in the writing thread), and the one our write made
 * pending is taken back with sigtimedwait, unless one was pending before.
 */
static int pump_guarded(struct spawn *sp, const struct sgit_process_opts *o, struct sgit_error *err)
{
	sigset_t pipe_set, old, pending;
	struct timespec zero = { 0, 0 };
	int broken = 0, was_pending, rc;

	sigemptyset(&pipe_set);
	sigaddset(&pipe_set, SIGPIPE);
	sigpending(&pending);
	was_pending = sigismember(&pending, SIGPIPE);
	pthread_sigmask(SIG_BLOCK, &pipe_set, &old);
	rc = pump(sp, o, &broken, err);
	if (broken && !was_pending)
		while (sigtimedwait(&pipe_set, NULL, &zero) < 0 && errno == EINTR)
			;
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return rc;
}

static int check_opts(const char *const *argv, const struct sgit_process_opts *o, struct sgit_error *err)
{
	if (!argv || !argv[0])
		return sgit_error_set(err, SGIT_EINVALID, "no program to run");
	if (o->extra && (o->extra_fd <= 2 || o->extra_fd > 1000))
		return sgit_error_set(err, SGIT_EINVALID, "cannot give '%s' file descriptor %d", argv[0],
				      o->extra_fd);
	if ((o->out && o->out == o->err) || (o->extra && (o->extra == o->out || o->extra == o->err)))
		return sgit_error_set(err, SGIT_EINVALID, "one buffer given for two outputs of '%s'", argv[0]);
	return 0;
}

/* Resolve the program, the environment and the pipes: all that can fail before fork. */
static int prepare(struct spawn *sp, const char *const *argv, const struct sgit_process_opts *o,
		   struct sgit_error *err)
{
	int e;

	sp->argv = (char *const *)argv;
	sp->dir = o->dir;
	if (build_env(&sp->envp, o->env) < 0)
		return sgit_error_nomem(err);
	if ((e = find_program(&sp->path, argv[0], sp->envp)) != 0)
		return e == ENOMEM ? sgit_error_nomem(err) :
		       sgit_error_set(err, e == ENOENT ? SGIT_ENOTFOUND : SGIT_EOS, "cannot run '%s': %s",
				      argv[0], strerror(e));
	if (build_sh_argv(sp) < 0)
		return sgit_error_nomem(err);
	if (setup_fds(sp, o) < 0)
		return sgit_error_set(err, SGIT_EOS, "cannot run '%s': %s", argv[0], strerror(errno));
	return 0;
}

int sgit_process_run(struct sgit_process_status *status, const char *const *argv,
		     const struct sgit_process_opts *opts, struct sgit_error *err)
{
	static const struct sgit_process_opts defaults = SGIT_PROCESS_OPTS_INIT;
	const struct sgit_process_opts *o = opts ? opts : &defaults;
	struct spawn sp;
	pid_t pid = -1;
	int rc, i;

	memset(status, 0, sizeof(*status));
	spawn_init(&sp);
	if ((rc = check_opts(argv, o, err)) < 0 || (rc = prepare(&sp, argv, o, err)) < 0)
		goto out;
	for (i = SLOT_OUT; i < NSLOTS; i++)
		if (sp.sink[i])
			sgit_buf_reset(sp.sink[i]);
	if ((pid = fork()) < 0) {
		rc = sgit_error_set(err, SGIT_EOS, "cannot run '%s': %s", argv[0], strerror(errno));
		goto out;
	}
	if (pid == 0)
		child_main(&sp);
	for (i = 0; i < NSLOTS; i++)
		if (sp.child_end[i] != sp.devnull)
			close_fd(&sp.child_end[i]);
	close_fd(&sp.devnull);
	if ((rc = read_report(&sp, pid, argv[0], err)) < 0)
		goto out;
	rc = pump_guarded(&sp, o, err);
	/* Closing our ends first lets a child blocked on a pipe finish. */
	spawn_release(&sp);
	if (wait_child(status, pid, argv[0], rc < 0 ? NULL : err) < 0 && rc == 0)
		rc = SGIT_EOS;
out:
	spawn_release(&sp);
	return rc;
}

/* git's test for a command that needs a shell to be understood. */
static int needs_shell(const char *cmd)
{
	return cmd[strcspn(cmd, "|&;<>()$`\\\"' \t\n*?[#~=%")] != '\0';
}

int sgit_process_run_shell(struct sgit_process_status *status, const char *cmd,
			   const char *const *args, const struct sgit_process_opts *opts,
			   struct sgit_error *err)
{
	struct sgit_buf script = SGIT_BUF_INIT;
	const char **argv = NULL;
	size_t n = 0, at = 0;
	int rc;

	memset(status, 0, sizeof(*status));
	while (args && args[n])
		n++;
	if (!(argv = calloc(n + 5, sizeof(*argv))) ||
	    sgit_buf_printf(&script, n ? "%s \"$@\"" : "%s", cmd) < 0) {
		rc = sgit_error_nomem(err);
		goto out;
	}
	if (needs_shell(cmd)) {
		argv[at++] = "/bin/sh";
		argv[at++] = "-c";
		argv[at++] = script.ptr;
	}
	argv[at++] = cmd;	/* $0 of the script, or the program itself */
	if (n)
		memcpy(argv + at, args, n * sizeof(*argv));
	rc = sgit_process_run(status, argv, opts, err);
out:
	free(argv);
	sgit_buf_release(&script);
	return rc;
}

int sgit_process_status_describe(struct sgit_buf *out, const struct sgit_process_status *status)
{
	if (status->signal)
		return sgit_buf_printf(out, "killed by signal %d", status->signal);
	return sgit_buf_printf(out, "exited with status %d", status->code);
}
