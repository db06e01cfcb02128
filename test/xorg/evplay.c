/*
 * evplay - play many evemu event files into input devices, one after the
 * other, in one process, and mark in a client's log where each begins.
 *
 * usage: evplay [--log FILE] [--gap SEC] [--stamps FILE] [--slow F] NAME=DEVNODE=EVENTS...
 *
 * For each argument: append "# play NAME t=MS\n" to FILE (opened O_APPEND,
 * so the line lands between the lines the X client appends to the same
 * file; MS: CLOCK_MONOTONIC in ms, the X server's clock for event times),
 * write the "E: sec type code value" lines of EVENTS to DEVNODE
 * (/dev/input/eventN of a uinput device made by evemu-device; the kernel
 * injects what is written there) at the recorded pace, then wait SEC
 * seconds (default 0.3) and until the client has written nothing for
 * 0.2 s (the X server may lag).  At the end "# end" is appended.
 *
 * --stamps FILE: one line per SYN_REPORT written, "NAME INDEX REC US":
 * INDEX counts the file's SYN_REPORTs from 0, REC is the frame's recorded
 * time in s since the file's first event, US CLOCK_MONOTONIC in
 * microseconds right after the write returned (the kernel has then queued
 * the frame for every reader).  test/bench matches them with
 * `xevlog --monotonic`.
 *
 * --slow F: play F times slower than recorded (test/bench's server
 * callgrind run: a server under valgrind reads every frame on its own).
 *
 * It replaces one evemu-play per recording in the Xorg suite's gesture
 * sessions (test/xorg/guest-batch): under TCG starting evemu-play costs
 * about a second, more than a recording lasts.  Like evemu-play, the pause
 * before an event is the difference of its timestamp and the previous
 * event's; unlike evemu-play 2.7 it also waits between a file's first two
 * frames.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/input.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static int log_fd = -1;
static FILE *stamps;
static double slow = 1.0;

static void sleep_s(double s)
{
	struct timespec ts;

	if (s <= 0)
		return;
	ts.tv_sec = (time_t)s;
	ts.tv_nsec = (long)((s - (double)ts.tv_sec) * 1e9);
	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Append "# play NAME" (or "# end" for NULL) to the log. */
static void mark(const char *name)
{
	char line[512];
	int n;

	if (log_fd < 0)
		return;
	if (name)
		n = snprintf(line, sizeof(line), "# play %s t=%.0f\n", name, now_s() * 1000);
	else
		n = snprintf(line, sizeof(line), "# end\n");
	if (n > 0 && write(log_fd, line, (size_t)n) != n)
		fprintf(stderr, "evplay: writing the log: %s\n", strerror(errno));
}

/*
 * Wait until the client has written nothing to the log for QUIET_S (at most
 * QUIET_MAX_S): under TCG on a loaded host the X server can run several
 * hundred ms behind, and the next marker must not land among the events of
 * the recording before.
 */
#define QUIET_S		0.2
#define QUIET_MAX_S	3.0
static void wait_quiet(void)
{
	struct stat st;
	off_t last = -1;
	double t0 = now_s(), since = now_s();

	if (log_fd < 0)
		return;
	while (now_s() - t0 < QUIET_MAX_S) {
		if (fstat(log_fd, &st) < 0)
			return;
		if (st.st_size != last) {
			last = st.st_size;
			since = now_s();
		} else if (now_s() - since >= QUIET_S) {
			return;
		}
		sleep_s(0.05);
	}
}

/* Play one file; returns 0 or -1. */
static int play(const char *name, const char *dev, const char *path)
{
	FILE *f = fopen(path, "r");
	int fd = open(dev, O_WRONLY);
	char line[256];
	double first = -1, start = now_s();
	int rc = 0;
	long frame = 0;

	if (!f || fd < 0) {
		fprintf(stderr, "evplay: %s: %s\n", f ? dev : path, strerror(errno));
		if (f)
			fclose(f);
		if (fd >= 0)
			close(fd);
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		struct input_event ev;
		double t;
		unsigned int type, code;
		int value;

		if (sscanf(line, "E: %lf %x %x %d", &t, &type, &code, &value) != 4)
			continue;
		if (first < 0)
			first = t;
		/* pace against the start, so sleeping late does not add up */
		sleep_s(start + (t - first) * slow - now_s());
		memset(&ev, 0, sizeof(ev));
		ev.type = (unsigned short)type;
		ev.code = (unsigned short)code;
		ev.value = value;
		if (write(fd, &ev, sizeof(ev)) != (ssize_t)sizeof(ev)) {
			fprintf(stderr, "evplay: writing to %s: %s\n", dev, strerror(errno));
			rc = -1;
			break;
		}
		if (stamps && type == EV_SYN && code == SYN_REPORT) {
			struct timespec ts;

			clock_gettime(CLOCK_MONOTONIC, &ts);
			fprintf(stamps, "%s %ld %.6f %lld\n", name, frame++, t - first,
				(long long)ts.tv_sec * 1000000LL + ts.tv_nsec / 1000);
		}
	}
	if (stamps)
		fflush(stamps);
	fclose(f);
	close(fd);
	return rc;
}

int main(int argc, char **argv)
{
	double gap = 0.3;
	int i, rc = 0;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--log") && i + 1 < argc) {
			log_fd = open(argv[++i], O_WRONLY | O_APPEND | O_CREAT, 0644);
			if (log_fd < 0) {
				fprintf(stderr, "evplay: %s: %s\n", argv[i], strerror(errno));
				return 1;
			}
		} else if (!strcmp(argv[i], "--stamps") && i + 1 < argc) {
			stamps = fopen(argv[++i], "w");
			if (!stamps) {
				fprintf(stderr, "evplay: %s: %s\n", argv[i], strerror(errno));
				return 1;
			}
		} else if (!strcmp(argv[i], "--gap") && i + 1 < argc) {
			gap = atof(argv[++i]);
		} else if (!strcmp(argv[i], "--slow") && i + 1 < argc) {
			slow = atof(argv[++i]);
			if (!(slow >= 1.0)) {
				fprintf(stderr, "evplay: --slow wants a factor of at least 1\n");
				return 2;
			}
		} else {
			break;
		}
	}
	if (i >= argc) {
		fprintf(stderr, "usage: evplay [--log FILE] [--gap SEC] [--stamps FILE] [--slow F] "
			"NAME=DEVNODE=EVENTS...\n");
		return 2;
	}
	for (; i < argc; i++) {
		char *arg = strdup(argv[i]), *dev, *path;

		if (!arg || !(dev = strchr(arg, '=')) || !(path = strchr(dev + 1, '='))) {
			fprintf(stderr, "evplay: want NAME=DEVNODE=EVENTS, not %s\n", argv[i]);
			free(arg);
			return 2;
		}
		*dev++ = '\0';
		*path++ = '\0';
		mark(arg);
		if (play(arg, dev, path) < 0)
			rc = 1;
		sleep_s(gap);
		wait_quiet();
		free(arg);
	}
	mark(NULL);
	if (stamps && fclose(stamps) != 0) {
		fprintf(stderr, "evplay: writing the stamps: %s\n", strerror(errno));
		rc = 1;
	}
	return rc;
}
