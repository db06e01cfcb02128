/*
 * li-count - libinput's touchpad processing on recordings, for the bench's
 * instruction count (test/bench/guest-bench runs it under callgrind with
 * --toggle-collect=libinput_dispatch inside the QEMU guest).
 *
 * usage: li-count [--idle CALLS] NAME=DEVNODE=EVENTS...
 *
 * Adds every DEVNODE (an evdev node of a uinput device; udevd must have
 * seen it, libinput ignores untagged devices) to one libinput context on
 * the path backend, then plays each EVENTS file (evemu "E:" lines) into its
 * node at the recorded pace: after each SYN_REPORT written, the kernel has
 * queued the frame for libinput's fd, and libinput_dispatch() runs at once
 * (synchronously: no frame is lost or merged however slow the process is
 * under valgrind); between frames it sleeps in poll() on libinput's fd so
 * that libinput's timers fire (tap, gesture and scroll timeouts).  Every
 * libinput event is fetched and counted by type.  Prints "key value" lines:
 * frames, dispatch-calls, events, pointer-motion, scroll, gesture (begin,
 * update, end), button, other.
 *
 * --idle CALLS: the baseline: add the same devices, call libinput_dispatch()
 * CALLS times with nothing to read, write nothing.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <libinput.h>
#include <linux/input.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAX_PLAYS 512

struct counts {
	unsigned long frames, calls, events, motion, scroll, gesture, button, other;
};

static int open_restricted(const char *path, int flags, void *user)
{
	int fd = open(path, flags);

	(void)user;
	return fd < 0 ? -errno : fd;
}

static void close_restricted(int fd, void *user)
{
	(void)user;
	close(fd);
}

static const struct libinput_interface iface = {
	.open_restricted = open_restricted,
	.close_restricted = close_restricted,
};

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void count_event(struct counts *c, struct libinput_event *ev)
{
	c->events++;
	switch (libinput_event_get_type(ev)) {
	case LIBINPUT_EVENT_POINTER_MOTION:
		c->motion++;
		break;
	case LIBINPUT_EVENT_POINTER_AXIS:
	case LIBINPUT_EVENT_POINTER_SCROLL_FINGER:
	case LIBINPUT_EVENT_POINTER_SCROLL_WHEEL:
	case LIBINPUT_EVENT_POINTER_SCROLL_CONTINUOUS:
		c->scroll++;
		break;
	case LIBINPUT_EVENT_GESTURE_SWIPE_BEGIN:
	case LIBINPUT_EVENT_GESTURE_SWIPE_UPDATE:
	case LIBINPUT_EVENT_GESTURE_SWIPE_END:
	case LIBINPUT_EVENT_GESTURE_PINCH_BEGIN:
	case LIBINPUT_EVENT_GESTURE_PINCH_UPDATE:
	case LIBINPUT_EVENT_GESTURE_PINCH_END:
	case LIBINPUT_EVENT_GESTURE_HOLD_BEGIN:
	case LIBINPUT_EVENT_GESTURE_HOLD_END:
		c->gesture++;
		break;
	case LIBINPUT_EVENT_POINTER_BUTTON:
		c->button++;
		break;
	default:
		c->other++;
		break;
	}
}

static void dispatch(struct libinput *li, struct counts *c)
{
	struct libinput_event *ev;

	c->calls++;
	libinput_dispatch(li);
	while ((ev = libinput_get_event(li))) {
		count_event(c, ev);
		libinput_event_destroy(ev);
	}
}

/* Sleep until `due`, dispatching whenever libinput's fd wakes up (timers). */
static void wait_until(struct libinput *li, struct counts *c, double due)
{
	struct pollfd pfd = { .fd = libinput_get_fd(li), .events = POLLIN };

	for (;;) {
		double left = due - now_s();

		if (left <= 0)
			return;
		if (poll(&pfd, 1, (int)(left * 1000) + 1) > 0)
			dispatch(li, c);
	}
}

static int play(struct libinput *li, struct counts *c, const char *dev, const char *path)
{
	FILE *f = fopen(path, "r");
	int fd = open(dev, O_WRONLY);
	char line[256];
	double first = -1, start = now_s();
	int rc = 0;

	if (!f || fd < 0) {
		fprintf(stderr, "li-count: %s: %s\n", f ? dev : path, strerror(errno));
		if (f)
			fclose(f);
		if (fd >= 0)
			close(fd);
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		struct input_event ev;
		unsigned int type, code;
		double t;
		int value;

		if (sscanf(line, "E: %lf %x %x %d", &t, &type, &code, &value) != 4)
			continue;
		if (first < 0)
			first = t;
		wait_until(li, c, start + (t - first));
		memset(&ev, 0, sizeof(ev));
		ev.type = (unsigned short)type;
		ev.code = (unsigned short)code;
		ev.value = value;
		if (write(fd, &ev, sizeof(ev)) != (ssize_t)sizeof(ev)) {
			fprintf(stderr, "li-count: writing to %s: %s\n", dev, strerror(errno));
			rc = -1;
			break;
		}
		if (type == EV_SYN && code == SYN_REPORT) {
			c->frames++;
			dispatch(li, c);
		}
	}
	/* let the last timeouts fire (tap, scroll end) */
	wait_until(li, c, now_s() + 0.5);
	fclose(f);
	close(fd);
	return rc;
}

int main(int argc, char **argv)
{
	struct counts c = { 0 };
	struct libinput *li;
	char *devs[MAX_PLAYS], *paths[MAX_PLAYS];
	unsigned long idle = 0;
	int i = 1, n = 0, rc = 0;

	if (argc > 2 && !strcmp(argv[1], "--idle")) {
		idle = strtoul(argv[2], NULL, 10);
		i = 3;
	}
	if (i >= argc) {
		fprintf(stderr, "usage: li-count [--idle CALLS] NAME=DEVNODE=EVENTS...\n");
		return 2;
	}
	li = libinput_path_create_context(&iface, NULL);
	if (!li) {
		fprintf(stderr, "li-count: no libinput context\n");
		return 1;
	}
	for (; i < argc && n < MAX_PLAYS; i++, n++) {
		char *arg = strdup(argv[i]);
		char *dev = arg ? strchr(arg, '=') : NULL;
		char *path = dev ? strchr(dev + 1, '=') : NULL;

		if (!path) {
			fprintf(stderr, "li-count: want NAME=DEVNODE=EVENTS, not %s\n", argv[i]);
			return 2;
		}
		*dev++ = '\0';
		*path++ = '\0';
		devs[n] = dev;
		paths[n] = path;
		for (int k = 0; k < n; k++)
			if (!strcmp(devs[k], dev))
				goto added;
		if (!libinput_path_add_device(li, dev)) {
			fprintf(stderr, "li-count: libinput does not take %s (not a touchpad udev knows?)\n", dev);
			return 1;
		}
added:
		;
	}
	dispatch(li, &c);	/* device-added events */
	if (idle) {
		for (unsigned long k = 1; k < idle; k++)
			dispatch(li, &c);
	} else {
		for (int k = 0; k < n; k++)
			if (play(li, &c, devs[k], paths[k]) < 0)
				rc = 1;
	}
	printf("frames %lu\ndispatch-calls %lu\nevents %lu\npointer-motion %lu\nscroll %lu\n"
	       "gesture %lu\nbutton %lu\nother %lu\n", c.frames, c.calls, c.events, c.motion,
	       c.scroll, c.gesture, c.button, c.other);
	libinput_unref(li);
	return rc;
}
