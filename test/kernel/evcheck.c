/*
 * evcheck - describe an evdev device and record what it reports, as text
 * that shell and awk assertions can check (test/kernel/run-tests).
 *
 *   evcheck wait NAME [--timeout MS]       print the node of a device named NAME
 *   evcheck wait-gone NAME [--timeout MS]  return once no device is named NAME
 *   evcheck describe DEVICE                name, id, properties, keys, axes
 *   evcheck record DEVICE [options]        one line per frame (SYN_REPORT)
 *
 * record stops when --stop-file exists (and holds --stop-text, e.g. the
 * emulator's "script finished" log line): everything the kernel queued up to
 * then is still read, because the emulator's writes to /dev/userio reach
 * evdev synchronously.
 *
 * A recorded frame is the device state after the SYN_REPORT, as libevdev
 * tracks it, i.e. what a client like libinput or the X driver would see:
 *
 *   F t=0.1234 touch=1 fingers=2 left=1 right=0 middle=0 x=2000 y=3000 p=60 w=5
 *     nslots=2 slots=0:12:2000,3000;1:13:3500,2500
 *
 * (one line).  fingers is the finger count of the BTN_TOOL_* key that is down
 * (FINGER=1 .. QUINTTAP=5, 0 = none); slots lists the active MT slots as
 * slot:tracking-id:x,y ("-" = none).  Keys and axes the device does not have
 * are left out.  A frame after a SYN_DROPPED resync carries "dropped=1".
 */
#define _GNU_SOURCE
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <libevdev/libevdev.h>
#include <linux/input.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define POLL_MS 20		/* how often record looks at --stop-file */
#define WAIT_POLL_MS 50		/* how often wait rescans /dev/input */
#define DEFAULT_WAIT_MS 10000
#define DEFAULT_RECORD_MS 120000

static const char *prog = "evcheck";

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static bool file_exists(const char *path)
{
	struct stat st;

	return path && stat(path, &st) == 0;
}

/* Does the file at @path exist and, if @text is set, contain it? */
static bool stop_condition(const char *path, const char *text)
{
	char buf[65536];
	FILE *f;
	size_t n;
	bool found = false;

	if (!text)
		return file_exists(path);
	f = path ? fopen(path, "re") : NULL;
	if (!f)
		return false;
	/* A log grows by appending: scan it in overlapping chunks. */
	while (!found && (n = fread(buf, 1, sizeof(buf) - 1, f)) > 0) {
		buf[n] = '\0';
		found = memmem(buf, n, text, strlen(text)) != NULL;
		if (!found && n == sizeof(buf) - 1 && strlen(text) < n)
			fseek(f, -(long)strlen(text), SEEK_CUR);
	}
	fclose(f);
	return found;
}

static int touch_file(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

	if (fd < 0) {
		fprintf(stderr, "%s: cannot create %s: %s\n", prog, path, strerror(errno));
		return -errno;
	}
	close(fd);
	return 0;
}

/* Open @path and wrap it in a libevdev; returns 0 or a negative errno. */
static int open_device(const char *path, int *fd_out, struct libevdev **dev_out)
{
	int fd, rc;

	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	rc = libevdev_new_from_fd(fd, dev_out);
	if (rc < 0) {
		close(fd);
		return rc;
	}
	*fd_out = fd;
	return 0;
}

static void close_device(int fd, struct libevdev *dev)
{
	libevdev_free(dev);
	close(fd);
}

/*
 * Look for an event device named @name.  On success copies its node into
 * @node and returns 1; 0 if there is none.
 */
static int find_device(const char *name, char *node, size_t len)
{
	DIR *dir = opendir("/dev/input");
	struct dirent *de;
	int found = 0;

	if (!dir)
		return 0;
	while (!found && (de = readdir(dir))) {
		char path[300];
		struct libevdev *dev;
		int fd = -1;	/* set by open_device; gcc cannot see that -errno < 0 */

		if (strncmp(de->d_name, "event", 5) != 0)
			continue;
		snprintf(path, sizeof(path), "/dev/input/%s", de->d_name);
		if (open_device(path, &fd, &dev) < 0)
			continue;	/* gone meanwhile, or not ours */
		if (strcmp(libevdev_get_name(dev), name) == 0) {
			snprintf(node, len, "%s", path);
			found = 1;
		}
		close_device(fd, dev);
	}
	closedir(dir);
	return found;
}

static int cmd_wait(const char *name, int timeout_ms, bool want_gone)
{
	long long deadline = now_ms() + timeout_ms;
	char node[300];

	for (;;) {
		int found = find_device(name, node, sizeof(node));

		if (!want_gone && found) {
			printf("%s\n", node);
			return 0;
		}
		if (want_gone && !found)
			return 0;
		if (now_ms() >= deadline)
			break;
		usleep(WAIT_POLL_MS * 1000);
	}
	fprintf(stderr, "%s: after %d ms there is %s device named \"%s\"\n", prog, timeout_ms,
		want_gone ? "still a" : "no", name);
	return 1;
}

static const char *const prop_names[INPUT_PROP_CNT] = {
	[INPUT_PROP_POINTER] = "POINTER",
	[INPUT_PROP_DIRECT] = "DIRECT",
	[INPUT_PROP_BUTTONPAD] = "BUTTONPAD",
	[INPUT_PROP_SEMI_MT] = "SEMI_MT",
	[INPUT_PROP_TOPBUTTONPAD] = "TOPBUTTONPAD",
	[INPUT_PROP_POINTING_STICK] = "POINTING_STICK",
	[INPUT_PROP_ACCELEROMETER] = "ACCELEROMETER",
};

static int cmd_describe(const char *path)
{
	struct libevdev *dev;
	int fd, rc;
	unsigned int code;

	rc = open_device(path, &fd, &dev);
	if (rc < 0) {
		fprintf(stderr, "%s: cannot open %s: %s\n", prog, path, strerror(-rc));
		return 1;
	}
	printf("name %s\n", libevdev_get_name(dev));
	printf("id bus 0x%x vendor 0x%x product 0x%x version 0x%x\n", libevdev_get_id_bustype(dev),
	       libevdev_get_id_vendor(dev), libevdev_get_id_product(dev), libevdev_get_id_version(dev));
	printf("phys %s\n", libevdev_get_phys(dev) ? libevdev_get_phys(dev) : "");
	for (code = 0; code < INPUT_PROP_CNT; code++) {
		if (!libevdev_has_property(dev, code))
			continue;
		if (prop_names[code])
			printf("prop %s\n", prop_names[code]);
		else
			printf("prop 0x%02x\n", code);
	}
	for (code = 0; code < KEY_CNT; code++) {
		const char *n;

		if (!libevdev_has_event_code(dev, EV_KEY, code))
			continue;
		n = libevdev_event_code_get_name(EV_KEY, code);
		if (n)
			printf("key %s\n", n);
		else
			printf("key 0x%x\n", code);
	}
	for (code = 0; code < ABS_CNT; code++) {
		const struct input_absinfo *a;

		if (!libevdev_has_event_code(dev, EV_ABS, code))
			continue;
		a = libevdev_get_abs_info(dev, code);
		printf("abs %s min %d max %d fuzz %d flat %d res %d\n",
		       libevdev_event_code_get_name(EV_ABS, code), a->minimum, a->maximum, a->fuzz,
		       a->flat, a->resolution);
	}
	for (code = 0; code < REL_CNT; code++)
		if (libevdev_has_event_code(dev, EV_REL, code))
			printf("rel %s\n", libevdev_event_code_get_name(EV_REL, code));
	close_device(fd, dev);
	return 0;
}

/* BTN_TOOL_* key -> finger count, in increasing order. */
static const struct {
	unsigned int code;
	int fingers;
} tools[] = {
	{ BTN_TOOL_FINGER, 1 },
	{ BTN_TOOL_DOUBLETAP, 2 },
	{ BTN_TOOL_TRIPLETAP, 3 },
	{ BTN_TOOL_QUADTAP, 4 },
	{ BTN_TOOL_QUINTTAP, 5 },
};

static void print_key(struct libevdev *dev, const char *label, unsigned int code)
{
	if (libevdev_has_event_code(dev, EV_KEY, code))
		printf(" %s=%d", label, libevdev_get_event_value(dev, EV_KEY, code));
}

static void print_abs(struct libevdev *dev, const char *label, unsigned int code)
{
	if (libevdev_has_event_code(dev, EV_ABS, code))
		printf(" %s=%d", label, libevdev_get_event_value(dev, EV_ABS, code));
}

static void print_frame(struct libevdev *dev, const struct timeval *tv, double t0, bool dropped)
{
	int fingers = 0, nslots = 0, slot, n;
	size_t i;

	for (i = 0; i < sizeof(tools) / sizeof(tools[0]); i++)
		if (libevdev_get_event_value(dev, EV_KEY, tools[i].code))
			fingers = tools[i].fingers;

	printf("F t=%.4f", tv->tv_sec + tv->tv_usec / 1e6 - t0);
	print_key(dev, "touch", BTN_TOUCH);
	printf(" fingers=%d", fingers);
	print_key(dev, "left", BTN_LEFT);
	print_key(dev, "right", BTN_RIGHT);
	print_key(dev, "middle", BTN_MIDDLE);
	print_abs(dev, "x", ABS_X);
	print_abs(dev, "y", ABS_Y);
	print_abs(dev, "p", ABS_PRESSURE);
	print_abs(dev, "w", ABS_TOOL_WIDTH);

	n = libevdev_get_num_slots(dev);
	for (slot = 0; slot < n; slot++)
		if (libevdev_get_slot_value(dev, slot, ABS_MT_TRACKING_ID) >= 0)
			nslots++;
	if (n > 0) {
		const char *sep = "";

		printf(" nslots=%d slots=", nslots);
		if (!nslots)
			printf("-");
		for (slot = 0; slot < n; slot++) {
			int id = libevdev_get_slot_value(dev, slot, ABS_MT_TRACKING_ID);

			if (id < 0)
				continue;
			printf("%s%d:%d:%d,%d", sep, slot, id,
			       libevdev_get_slot_value(dev, slot, ABS_MT_POSITION_X),
			       libevdev_get_slot_value(dev, slot, ABS_MT_POSITION_Y));
			sep = ";";
		}
	}
	if (dropped)
		printf(" dropped=1");
	printf("\n");
}

struct record_opts {
	const char *ready_file;	/* created once the device is open */
	const char *stop_file;	/* stop (after draining) once it exists ... */
	const char *stop_text;	/* ... and contains this text, if set */
	int timeout_ms;		/* give up after this long */
	int idle_ms;		/* stop after this long without events (0 = never) */
	bool raw;		/* also print every event */
};

/*
 * Read everything that is queued.  Returns 0 when the queue is empty,
 * 1 if the device went away, negative errno on other errors.
 */
static int drain(struct libevdev *dev, const struct record_opts *o, double *t0, int *nframes,
		 long long *last_event_ms)
{
	struct input_event ev;
	struct timeval last = { 0, 0 };
	unsigned int flags = LIBEVDEV_READ_FLAG_NORMAL;
	int rc;

	for (;;) {
		rc = libevdev_next_event(dev, flags, &ev);
		if (rc == -EAGAIN) {
			if (flags & LIBEVDEV_READ_FLAG_SYNC) {
				/* resync done: print the state we are now in */
				flags = LIBEVDEV_READ_FLAG_NORMAL;
				print_frame(dev, &last, *t0, true);
				continue;
			}
			return 0;
		}
		if (rc == -ENODEV)
			return 1;
		if (rc < 0)
			return rc;
		*last_event_ms = now_ms();
		last.tv_sec = ev.input_event_sec;
		last.tv_usec = ev.input_event_usec;
		if (*t0 < 0)
			*t0 = ev.input_event_sec + ev.input_event_usec / 1e6;
		if (rc == LIBEVDEV_READ_STATUS_SYNC) {
			if (!(flags & LIBEVDEV_READ_FLAG_SYNC))
				printf("# SYN_DROPPED: events lost, resyncing\n");
			flags = LIBEVDEV_READ_FLAG_SYNC;
			continue;
		}
		if (o->raw)
			printf("E t=%.4f %s %s %d\n", ev.input_event_sec + ev.input_event_usec / 1e6 - *t0,
			       libevdev_event_type_get_name(ev.type),
			       libevdev_event_code_get_name(ev.type, ev.code) ?: "?", ev.value);
		if (ev.type == EV_SYN && ev.code == SYN_REPORT) {
			print_frame(dev, &last, *t0, false);
			(*nframes)++;
		}
	}
}

static int cmd_record(const char *path, const struct record_opts *o)
{
	struct libevdev *dev;
	int fd, rc, nframes = 0;
	double t0 = -1;
	long long start = now_ms(), last_event = 0;
	bool stopping = false;

	rc = open_device(path, &fd, &dev);
	if (rc < 0) {
		fprintf(stderr, "%s: cannot open %s: %s\n", prog, path, strerror(-rc));
		return 1;
	}
	/* Fully buffered: under TCG, a write per line would slow reading down
	 * enough to overflow evdev's client buffer. */
	setvbuf(stdout, NULL, _IOFBF, 1 << 16);
	printf("# recording %s (%s)\n", path, libevdev_get_name(dev));
	if (o->ready_file && touch_file(o->ready_file) < 0) {
		close_device(fd, dev);
		return 1;
	}

	for (;;) {
		struct pollfd pfd = { .fd = fd, .events = POLLIN };

		rc = drain(dev, o, &t0, &nframes, &last_event);
		if (rc == 1) {
			printf("# GONE: the device went away\n");
			fprintf(stderr, "%s: %s went away while recording\n", prog, path);
			close_device(fd, dev);
			return 3;
		}
		if (rc < 0) {
			fprintf(stderr, "%s: reading %s: %s\n", prog, path, strerror(-rc));
			close_device(fd, dev);
			return 1;
		}
		if (stopping)
			break;	/* drained once more after the stop file appeared */
		if (stop_condition(o->stop_file, o->stop_text)) {
			stopping = true;
			continue;
		}
		if (o->idle_ms && last_event && now_ms() - last_event >= o->idle_ms)
			break;
		if (now_ms() - start >= o->timeout_ms) {
			printf("# TIMEOUT after %d ms\n", o->timeout_ms);
			fprintf(stderr, "%s: recording %s timed out after %d ms\n", prog, path,
				o->timeout_ms);
			close_device(fd, dev);
			return 2;
		}
		poll(&pfd, 1, POLL_MS);
	}
	printf("# %d frames\n", nframes);
	close_device(fd, dev);
	return 0;
}

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: evcheck wait NAME [--timeout MS]\n"
		"       evcheck wait-gone NAME [--timeout MS]\n"
		"       evcheck describe DEVICE\n"
		"       evcheck record DEVICE [--ready-file PATH] [--stop-file PATH]\n"
		"                             [--stop-text TEXT] [--timeout MS] [--idle MS] [--raw]\n"
		"\n"
		"wait       print /dev/input/eventN of the device named NAME once it exists\n"
		"wait-gone  return once no device is named NAME\n"
		"describe   print 'name', 'id', 'prop', 'key', 'abs' and 'rel' lines\n"
		"record     print the device state after every SYN_REPORT as one 'F' line:\n"
		"           F t=SEC touch= fingers= left= right= middle= x= y= p= w=\n"
		"             nslots=N slots=SLOT:ID:X,Y;...\n"
		"           (keys/axes the device lacks are left out).  Stops when the\n"
		"           --stop-file exists (and contains --stop-text, if given; e.g. a log\n"
		"           line), after reading what is queued; or after --idle\n"
		"           MS without events, or fails after --timeout MS (default %d).\n"
		"           --ready-file is created once the device is open; --raw adds\n"
		"           an 'E t=SEC TYPE CODE VALUE' line per event.\n"
		"Exit status: 0 ok, 1 error, 2 timeout, 3 device went away while recording.\n",
		DEFAULT_RECORD_MS);
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "timeout", required_argument, NULL, 't' },
		{ "idle", required_argument, NULL, 'i' },
		{ "ready-file", required_argument, NULL, 'r' },
		{ "stop-file", required_argument, NULL, 's' },
		{ "stop-text", required_argument, NULL, 'T' },
		{ "raw", no_argument, NULL, 'R' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct record_opts ro = { .timeout_ms = DEFAULT_RECORD_MS };
	int timeout_ms = -1, c;
	const char *cmd, *arg;

	if (argc >= 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		usage(stdout);
		return 0;
	}
	if (argc < 3) {
		usage(stderr);
		return 1;
	}
	/* evcheck COMMAND ARG [OPTION]... */
	cmd = argv[1];
	arg = argv[2];
	optind = 3;
	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (c) {
		case 't':
		case 'i': {
			char *end;
			long v;

			errno = 0;
			v = strtol(optarg, &end, 10);
			if (errno || end == optarg || *end || v < 0 || v > 3600000) {
				fprintf(stderr, "%s: --%s wants milliseconds, not '%s'\n", prog,
					c == 't' ? "timeout" : "idle", optarg);
				return 1;
			}
			if (c == 't')
				timeout_ms = (int)v;
			else
				ro.idle_ms = (int)v;
			break;
		}
		case 'r': ro.ready_file = optarg; break;
		case 's': ro.stop_file = optarg; break;
		case 'T': ro.stop_text = optarg; break;
		case 'R': ro.raw = true; break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 1;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "%s: unexpected argument '%s'\n", prog, argv[optind]);
		return 1;
	}

	if (!strcmp(cmd, "wait") || !strcmp(cmd, "wait-gone"))
		return cmd_wait(arg, timeout_ms < 0 ? DEFAULT_WAIT_MS : timeout_ms,
				!strcmp(cmd, "wait-gone"));
	if (!strcmp(cmd, "describe"))
		return cmd_describe(arg);
	if (!strcmp(cmd, "record")) {
		if (timeout_ms >= 0)
			ro.timeout_ms = timeout_ms;
		return cmd_record(arg, &ro);
	}
	fprintf(stderr, "%s: unknown command '%s'\n", prog, cmd);
	usage(stderr);
	return 1;
}
