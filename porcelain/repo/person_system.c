/* porcelain/repo/person_system.c: what the system says about the user, for a guessed identity */
#include <errno.h>
#include <netdb.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>
#include "sgit/person.h"
#include "util/fs.h"

enum { USER, GECOS, MAILNAME, HOST, CANONICAL };

static int passwd_entry(struct sgit_person_system *sys, struct sgit_buf *storage,
			struct sgit_error *err)
{
	struct passwd pw, *found = NULL;
	long size = sysconf(_SC_GETPW_R_SIZE_MAX);
	char *buf;
	int rc = 0;

	if (size < 1024)
		size = 16384;
	if (!(buf = malloc((size_t)size)))
		return sgit_error_nomem(err);
	/* no entry is not an error: the guess then says "unknown", as git's does */
	if (getpwuid_r(getuid(), &pw, buf, (size_t)size, &found) || !found)
		goto out;
	if ((rc = sgit_buf_sets(&storage[USER], pw.pw_name)) < 0 ||
	    (rc = sgit_buf_sets(&storage[GECOS], pw.pw_gecos ? pw.pw_gecos : "")) < 0)
		goto out;
	sys->user_name = storage[USER].ptr;
	sys->gecos = storage[GECOS].ptr;
out:
	free(buf);
	return rc;
}

/* Debian's /etc/mailname names the mail domain; its first line, when there is one. */
static int mailname(struct sgit_person_system *sys, struct sgit_buf *storage)
{
	struct sgit_buf *b = &storage[MAILNAME];
	char *nl;

	if (sgit_fs_read_file(b, "/etc/mailname", NULL) < 0 || !b->len)
		return 0;
	if ((nl = memchr(b->ptr, '\n', b->len))) {
		if (nl > b->ptr && nl[-1] == '\r')
			nl--;
		sgit_buf_truncate(b, (size_t)(nl - b->ptr));
	}
	sys->mailname = b->ptr;
	return 0;
}

/* The resolver's fully qualified name for host, when it has one. */
static int canonical_host(struct sgit_person_system *sys, struct sgit_buf *storage, const char *host)
{
	struct addrinfo hints, *ai = NULL;
	int rc = 0;

	memset(&hints, 0, sizeof(hints));
	hints.ai_flags = AI_CANONNAME;
	if (getaddrinfo(host, NULL, &hints, &ai) || !ai)
		return 0;
	if (ai->ai_canonname && strchr(ai->ai_canonname, '.') &&
	    !(rc = sgit_buf_sets(&storage[CANONICAL], ai->ai_canonname)))
		sys->canonical_host = storage[CANONICAL].ptr;
	freeaddrinfo(ai);
	return rc;
}

int sgit_person_system_detect(struct sgit_person_system *sys, struct sgit_buf storage[5],
			      struct sgit_error *err)
{
	char host[256];
	int rc;

	memset(sys, 0, sizeof(*sys));
	if ((rc = passwd_entry(sys, storage, err)) < 0 || (rc = mailname(sys, storage)) < 0)
		goto out;
	if (gethostname(host, sizeof(host)) < 0)
		goto out;
	host[sizeof(host) - 1] = '\0';
	if ((rc = sgit_buf_sets(&storage[HOST], host)) < 0)
		goto out;
	sys->hostname = storage[HOST].ptr;
	/* only a name without a domain needs the resolver, and only when there is no mailname */
	if (!sys->mailname && !strchr(host, '.'))
		rc = canonical_host(sys, storage, host);
out:
	if (rc == SGIT_ENOMEM)
		sgit_error_nomem(err);
	return rc;
}
