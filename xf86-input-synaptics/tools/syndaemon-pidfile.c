/*
 * syndaemon-pidfile.c - syndaemon's pid file (see syndaemon-pidfile.h).
 *
 * Why each rule: the path often lies in a shared directory such as /tmp,
 * where another user may have put a symbolic link or a file of their own
 * (O_NOFOLLOW, the owner and link-count checks); a typo in -p must not
 * truncate the file it names (only an empty file or a number is replaced);
 * and two syndaemons fighting over the same touchpads undo each other's
 * work (the lock, held by the daemon's open file until it exits).  The lock
 * is flock(), not fcntl(): it belongs to the open file, so it stays with
 * the daemon when the starting process forks and exits.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "syndaemon-pidfile.h"

/* "4194304\n" (the largest pid_max) is 8 bytes; a longer file is not one
 * of ours. */
#define PIDFILE_MAX_BYTES	32
/* Another syndaemon removing the file between our open() and flock()
 * makes us try again; more than a few times means something is wrong. */
#define PIDFILE_TRIES		5

static char *absolute_path(const char *path)
{
	char *cwd, *abs;
	size_t n;

	if (path[0] == '/')
		return strdup(path);
	cwd = getcwd(NULL, 0);
	if (!cwd)
		return NULL;
	n = strlen(cwd) + 1 + strlen(path) + 1;
	abs = malloc(n);
	if (abs)
		snprintf(abs, n, "%s/%s", strcmp(cwd, "/") ? cwd : "", path);
	free(cwd);
	return abs;
}

/* Empty, or digits with trailing white space: a pid file. */
static bool looks_like_pidfile(const char *buf, ssize_t len)
{
	ssize_t i = 0;

	while (i < len && isdigit((unsigned char)buf[i]))
		i++;
	while (i < len && isspace((unsigned char)buf[i]))
		i++;
	return i == len;
}

/* The pid in the file, for messages; 0 if there is none yet. */
static long read_pid(int fd)
{
	char buf[PIDFILE_MAX_BYTES + 1];
	ssize_t len = pread(fd, buf, PIDFILE_MAX_BYTES, 0);

	if (len <= 0)
		return 0;
	buf[len] = '\0';
	return strtol(buf, NULL, 10);
}

/* The checks on a file we hold the lock of.  0, or -errno after saying
 * why. */
static int check_ours(const char *path, int fd, const struct stat *st)
{
	char buf[PIDFILE_MAX_BYTES];
	ssize_t len;

	if (!S_ISREG(st->st_mode)) {
		fprintf(stderr, "syndaemon: pid file %s is not a regular file\n", path);
		return -EINVAL;
	}
	if (st->st_uid != geteuid()) {
		fprintf(stderr, "syndaemon: pid file %s belongs to uid %u, not to us (uid %u); not using it\n",
			path, (unsigned)st->st_uid, (unsigned)geteuid());
		return -EPERM;
	}
	if (st->st_nlink != 1) {
		fprintf(stderr, "syndaemon: pid file %s has %lu hard links; not using it\n",
			path, (unsigned long)st->st_nlink);
		return -EMLINK;
	}
	len = st->st_size <= PIDFILE_MAX_BYTES ? pread(fd, buf, sizeof(buf), 0) : -1;
	if (len < 0 || !looks_like_pidfile(buf, len)) {
		fprintf(stderr, "syndaemon: %s exists and is not a pid file; not overwriting it\n",
			path);
		return -EEXIST;
	}
	return 0;
}

static int refuse_existing(const char *path)
{
	struct stat st;

	if (lstat(path, &st) < 0 || S_ISREG(st.st_mode))
		return 0;
	if (S_ISLNK(st.st_mode))
		fprintf(stderr, "syndaemon: pid file %s is a symbolic link; not following it\n",
			path);
	else
		fprintf(stderr, "syndaemon: pid file %s is not a regular file\n", path);
	return S_ISLNK(st.st_mode) ? -ELOOP : -EINVAL;
}

/* One attempt: 0 with the lock held, 1 if the file was replaced under us
 * (try again), or -errno after saying why. */
static int open_once(struct pidfile *pf)
{
	struct stat st, now;
	int fd, rc;

	rc = refuse_existing(pf->path);
	if (rc)
		return rc;
	/* No O_TRUNC: the file is checked before anything is written. */
	fd = open(pf->path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK |
		  O_NOCTTY | O_CLOEXEC, 0644);
	if (fd < 0) {
		rc = -errno;
		if (rc == -ELOOP)
			return refuse_existing(pf->path) ? rc : 1;
		fprintf(stderr, "syndaemon: cannot create pid file %s: %s\n",
			pf->path, strerror(-rc));
		return rc;
	}
	if (flock(fd, LOCK_EX | LOCK_NB) < 0) {
		rc = -errno;
		if (rc == -EWOULDBLOCK)
			fprintf(stderr, "syndaemon: pid file %s is locked by another syndaemon (pid %ld); not starting a second one\n",
				pf->path, read_pid(fd));
		else
			fprintf(stderr, "syndaemon: cannot lock pid file %s: %s\n",
				pf->path, strerror(-rc));
		close(fd);
		return rc == -EWOULDBLOCK ? -EBUSY : rc;
	}
	if (fstat(fd, &st) < 0 || lstat(pf->path, &now) < 0 ||
	    st.st_dev != now.st_dev || st.st_ino != now.st_ino) {
		/* Its previous owner removed it after our open(). */
		close(fd);
		return 1;
	}
	rc = check_ours(pf->path, fd, &st);
	if (rc) {
		close(fd);
		return rc;
	}
	pf->fd = fd;
	pf->dev = st.st_dev;
	pf->ino = st.st_ino;
	return 0;
}

int pidfile_open(struct pidfile *pf, const char *path)
{
	int rc = 1;

	pf->fd = -1;
	pf->path = absolute_path(path);
	if (!pf->path) {
		rc = errno ? -errno : -ENOMEM;
		fprintf(stderr, "syndaemon: pid file %s: %s\n", path, strerror(-rc));
		return rc;
	}
	for (int i = 0; i < PIDFILE_TRIES && rc == 1; i++)
		rc = open_once(pf);
	if (rc == 1) {
		fprintf(stderr, "syndaemon: pid file %s keeps being replaced; giving up\n",
			pf->path);
		rc = -EAGAIN;
	}
	if (rc) {
		free(pf->path);
		pf->path = NULL;
	}
	return rc;
}

int pidfile_write(struct pidfile *pf, pid_t pid)
{
	char buf[PIDFILE_MAX_BYTES];
	int len = snprintf(buf, sizeof(buf), "%ld\n", (long)pid);

	errno = 0;	/* a short write sets none */
	if (ftruncate(pf->fd, 0) < 0 ||
	    pwrite(pf->fd, buf, (size_t)len, 0) != len) {
		int rc = errno ? -errno : -EIO;

		fprintf(stderr, "syndaemon: cannot write pid file %s: %s\n",
			pf->path, strerror(-rc));
		return rc;
	}
	return 0;
}

void pidfile_remove(struct pidfile *pf)
{
	struct stat now;

	if (pf->fd < 0)
		return;
	/* Only our file: someone may have replaced it meanwhile.  Removed
	 * before the lock goes, so that nobody locks a file that is about
	 * to vanish (open_once() checks for that, too). */
	if (lstat(pf->path, &now) == 0 && now.st_dev == pf->dev &&
	    now.st_ino == pf->ino)
		unlink(pf->path);
	close(pf->fd);
	pf->fd = -1;
	free(pf->path);
	pf->path = NULL;
}
