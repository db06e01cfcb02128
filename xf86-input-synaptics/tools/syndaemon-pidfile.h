/*
 * syndaemon-pidfile.h - syndaemon's pid file: created without following a
 * symbolic link, never truncating a file that is not a pid file, and locked
 * (flock) for as long as the daemon runs, so that a second syndaemon with
 * the same pid file refuses to start.
 */
#ifndef SYNDAEMON_PIDFILE_H
#define SYNDAEMON_PIDFILE_H

#include <stdbool.h>
#include <sys/types.h>

struct pidfile {
	int fd;			/* open and locked; -1 if none */
	char *path;		/* absolute: the daemon changes to / */
	dev_t dev;		/* the file we locked, to remove only it */
	ino_t ino;
};

/*
 * Open @path (relative to the current directory) for our pid and take its
 * lock.  A missing file is created (mode 0644 minus the umask); an existing
 * one must be a regular file of ours that is empty or holds a number (a
 * pid file left behind by a dead syndaemon).  Refused: a symbolic link, a
 * file held by a running syndaemon, anything else.  Prints why and returns
 * a negative errno (-EBUSY: another syndaemon holds it).
 */
int pidfile_open(struct pidfile *pf, const char *path);

/* Replace the file's contents with @pid.  0 or a negative errno. */
int pidfile_write(struct pidfile *pf, pid_t pid);

/* Remove the file if @path still names the file we locked, then let the
 * lock go.  Does nothing if none is open. */
void pidfile_remove(struct pidfile *pf);

#endif /* SYNDAEMON_PIDFILE_H */
