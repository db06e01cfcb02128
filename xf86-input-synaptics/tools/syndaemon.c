/*
 * syndaemon - switch the touchpads off while the keyboard is in use.
 *
 * A key press switches every synaptics touchpad that is on ("Synaptics
 * Off" = 0) to off (1, or 2 with -t: only tapping and scrolling off); after
 * -i seconds without a key press each one gets back the value it had.  A
 * touchpad the user had already switched off is left alone, and so is one
 * whose value the user changed while we had it off.  SIGINT, SIGTERM and
 * SIGHUP restore the touchpads before we exit.
 *
 * Key presses come from one of three sources:
 *  - XI2 raw key events of the master keyboards (the default): the server
 *    sends each press and release, and nothing runs while nobody types;
 *  - polling XQueryKeymap every -m ms (1.9's default; -m selects it): a
 *    key counts when its bit goes from up to down;
 *  - the RECORD extension (-R), which sees every core key event.
 * All three see keys typed through XTest, as a real keyboard's, and none
 * sees events a client sends with XSendEvent.
 *
 * Signals are blocked except inside the one ppoll() the main loop waits
 * in, so a signal that comes while we talk to the server is handled as
 * soon as we are done, never lost until the next wake-up.
 */
#define _GNU_SOURCE		/* ppoll */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <X11/Xlib.h>
#include <X11/Xproto.h>
#include <X11/extensions/XInput2.h>
#include <X11/extensions/record.h>

#include "syndaemon-pidfile.h"
#include "syntouchpad.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "unknown"
#endif

#define EXIT_BADARGS	1
#define EXIT_XGONE	1	/* Xlib's own status for a lost connection */
#define EXIT_NODEV	2
#define EXIT_FORK	3	/* fork, or the pid file */
#define EXIT_NORECORD	4

#define OFF_PROP	"Synaptics Off"
#define OFF_ON		0	/* "Synaptics Off" values */
#define OFF_ALL		1
#define OFF_TAP_SCROLL	2

#define DEFAULT_IDLE_S	2.0
#define DEFAULT_POLL_MS	200
#define KEYMAP_BYTES	32	/* XQueryKeymap: one bit per keycode */

/* What we did to one touchpad. */
enum pad_state {
	PAD_UNTOUCHED,		/* we have not changed it */
	PAD_DISABLED,		/* we wrote our value; saved holds the old */
};

struct pad {
	int id;
	char name[128];
	enum pad_state state;
	long saved;		/* "Synaptics Off" before we changed it */
	bool present;		/* seen in the latest scan */
};

/* Where key presses come from. */
enum key_source {
	KEYS_RAW,		/* XI2 raw key events (default) */
	KEYS_POLL,		/* XQueryKeymap every poll_ms (-m) */
	KEYS_RECORD,		/* the RECORD extension (-R) */
};

struct options {
	double idle_s;
	long poll_ms;
	bool poll_given;	/* -m */
	bool daemonize;
	const char *pidfile;
	long off_value;
	bool ignore_modifiers;	/* -k */
	bool ignore_combos;	/* -K */
	bool use_record;	/* -R */
	bool verbose;
	enum key_source source;
};

static struct options opt = {
	.idle_s = DEFAULT_IDLE_S,
	.poll_ms = DEFAULT_POLL_MS,
	.off_value = OFF_ALL,
};

static struct pad *pads;
static int npads;
static bool pads_off;			/* we switched the pads off */
static long long last_key_ms;
static unsigned char modmask[KEYMAP_BYTES];	/* modifier keycodes */
static unsigned char keys_down[KEYMAP_BYTES];	/* the keyboard as we see it */
static volatile sig_atomic_t stop_signal;
static struct pidfile pidf = { .fd = -1 };

/* The connection the key events arrive on (raw events or RECORD data),
 * and the one we read and write properties on. */
static Display *events_dpy;
static Display *ctl_dpy;
static int xi_opcode;

__attribute__((format(printf, 1, 2)))
static void verbose(const char *fmt, ...)
{
	va_list ap;

	if (!opt.verbose)
		return;
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fflush(stdout);
}

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: syndaemon [-i IDLE] [-m INTERVAL] [-d] [-p PIDFILE] [-t] [-k|-K] [-R] [-v]\n"
		"  -i IDLE      seconds without typing before the touchpads come back (default %.1f)\n"
		"  -m INTERVAL  poll the keyboard every INTERVAL ms instead of listening for\n"
		"               key events (1.9's default method; %d ms without -m)\n"
		"  -d           run in the background\n"
		"  -p PIDFILE   write the process id to PIDFILE, locked while we run\n"
		"  -t           switch off only tapping and scrolling, not motion\n"
		"  -k           ignore modifier keys\n"
		"  -K           like -k, and also ignore modifier+key combinations\n"
		"  -R           use the RECORD extension instead of XI2 raw key events\n"
		"  -v           print what happens\n"
		"  -?, -h       this help;  -V  the version\n",
		DEFAULT_IDLE_S, DEFAULT_POLL_MS);
}

/* ---- touchpads -------------------------------------------------------- */

/* Refresh the pad list: new pads are added untouched, pads we know keep
 * their state, vanished ones are dropped. */
static void scan_pads(Display *dpy)
{
	struct syntp *found;
	int n = syntp_find_all(dpy, &found);
	struct pad *next;

	if (n < 0)
		return;
	for (int i = 0; i < npads; i++)
		pads[i].present = false;
	next = calloc((size_t)n + 1, sizeof(*next));
	if (!next) {
		free(found);
		return;
	}
	for (int i = 0; i < n; i++) {
		next[i].id = found[i].id;
		snprintf(next[i].name, sizeof(next[i].name), "%s", found[i].name);
		next[i].state = PAD_UNTOUCHED;
		for (int j = 0; j < npads; j++)
			if (pads[j].id == found[i].id &&
			    strcmp(pads[j].name, found[i].name) == 0)
				next[i] = pads[j];
		next[i].present = true;
	}
	free(found);
	free(pads);
	pads = next;
	npads = n;
}

static void disable_pads(Display *dpy)
{
	scan_pads(dpy);
	for (int i = 0; i < npads; i++) {
		struct pad *p = &pads[i];
		long cur;

		if (p->state == PAD_DISABLED)
			continue;
		if (syntp_get_int(dpy, p->id, OFF_PROP, 0, &cur))
			continue;
		if (cur != OFF_ON) {
			verbose("touchpad %d \"%s\" is already off (%ld), leaving it alone\n",
				p->id, p->name, cur);
			continue;
		}
		if (syntp_set_int(dpy, p->id, OFF_PROP, 0, opt.off_value)) {
			verbose("touchpad %d \"%s\": could not switch it off\n",
				p->id, p->name);
			continue;
		}
		p->saved = cur;
		p->state = PAD_DISABLED;
		verbose("disable touchpad %d \"%s\" (%ld -> %ld)\n", p->id,
			p->name, cur, opt.off_value);
	}
	pads_off = true;
}

static void restore_pads(Display *dpy)
{
	for (int i = 0; i < npads; i++) {
		struct pad *p = &pads[i];
		long cur;

		if (p->state != PAD_DISABLED)
			continue;
		p->state = PAD_UNTOUCHED;
		if (syntp_get_int(dpy, p->id, OFF_PROP, 0, &cur))
			continue;	/* unplugged meanwhile */
		if (cur != opt.off_value) {
			verbose("touchpad %d \"%s\" was changed to %ld meanwhile, leaving it\n",
				p->id, p->name, cur);
			continue;
		}
		if (syntp_set_int(dpy, p->id, OFF_PROP, 0, p->saved))
			fprintf(stderr, "syndaemon: could not switch touchpad %d back on\n",
				p->id);
		else
			verbose("enable touchpad %d \"%s\" (%ld -> %ld)\n",
				p->id, p->name, cur, p->saved);
	}
	pads_off = false;
}

/* ---- keyboard --------------------------------------------------------- */

static bool bit(const unsigned char *map, int keycode)
{
	return map[keycode / 8] & (1 << (keycode % 8));
}

static void load_modifier_mask(Display *dpy)
{
	XModifierKeymap *mm = XGetModifierMapping(dpy);

	memset(modmask, 0, sizeof(modmask));
	if (!mm)
		return;
	for (int i = 0; i < 8 * mm->max_keypermod; i++) {
		KeyCode k = mm->modifiermap[i];

		if (k)
			modmask[k / 8] |= (unsigned char)(1 << (k % 8));
	}
	XFreeModifiermap(mm);
}

static bool any_modifier_down(const unsigned char *map)
{
	for (int i = 0; i < KEYMAP_BYTES; i++)
		if (map[i] & modmask[i])
			return true;
	return false;
}

/* A key went down; keys_down includes it. */
static void key_pressed(int keycode)
{
	bool is_mod = bit(modmask, keycode);

	if (is_mod && opt.ignore_combos && pads_off) {
		/* A modifier is the start of Ctrl+click and friends: give
		 * the touchpad back at once. */
		verbose("modifier pressed\n");
		restore_pads(ctl_dpy);
		return;
	}
	if (is_mod && (opt.ignore_modifiers || opt.ignore_combos))
		return;
	if (!is_mod && opt.ignore_combos && any_modifier_down(keys_down))
		return;

	last_key_ms = now_ms();
	if (!pads_off) {
		verbose("keyboard activity\n");
		disable_pads(ctl_dpy);
	}
}

/* A press or release from an event source (raw events, RECORD). */
static void key_event(int keycode, bool down)
{
	unsigned char mask;

	if (keycode < 8 || keycode >= 8 * KEYMAP_BYTES)
		return;
	mask = (unsigned char)(1 << (keycode % 8));
	if (down) {
		keys_down[keycode / 8] |= mask;
		key_pressed(keycode);
	} else {
		keys_down[keycode / 8] &= (unsigned char)~mask;
	}
}

static void read_keymap(unsigned char *map)
{
	char raw[KEYMAP_BYTES];

	XQueryKeymap(ctl_dpy, raw);
	memcpy(map, raw, KEYMAP_BYTES);
}

/* Polling: compare the keymap with the previous one. */
static void poll_keyboard(void)
{
	unsigned char prev[KEYMAP_BYTES];

	memcpy(prev, keys_down, sizeof(prev));
	read_keymap(keys_down);
	for (int k = 8; k < 8 * KEYMAP_BYTES; k++)
		if (bit(keys_down, k) && !bit(prev, k))
			key_pressed(k);
}

/* ---- key sources: XI2 raw events, RECORD ------------------------------- */

/*
 * Raw key events of all master keyboards, on a connection of their own:
 * our touchpad code announces XI 2.0 on the control connection, and the
 * server keeps a client at the version it announced first, while raw
 * events only reach a 2.1+ client when another client grabs the keyboard
 * (a menu, a screen locker).  Master devices, not all devices: each key
 * arrives once, from every keyboard attached to a master (XTest's
 * included, as XQueryKeymap and RECORD see it), and not from floating
 * keyboards, which neither of those sees either.
 */
static void raw_setup(Display *dpy)
{
	int ev, err, major = 2, minor = 2;
	unsigned char bits[XIMaskLen(XI_LASTEVENT)] = { 0 };
	XIEventMask mask = { XIAllMasterDevices, sizeof(bits), bits };

	events_dpy = XOpenDisplay(DisplayString(dpy));
	if (!events_dpy ||
	    !XQueryExtension(events_dpy, "XInputExtension", &xi_opcode, &ev, &err) ||
	    XIQueryVersion(events_dpy, &major, &minor) != Success) {
		fprintf(stderr, "syndaemon: cannot listen for XI2 raw key events (try -m or -R)\n");
		exit(EXIT_NODEV);
	}
	XISetMask(bits, XI_RawKeyPress);
	XISetMask(bits, XI_RawKeyRelease);
	XISelectEvents(events_dpy, DefaultRootWindow(events_dpy), &mask, 1);
	XSync(events_dpy, False);
	verbose("listening for XI %d.%d raw key events\n", major, minor);
}

static void raw_process(void)
{
	while (XPending(events_dpy)) {
		XEvent ev;
		XGenericEventCookie *c = &ev.xcookie;

		XNextEvent(events_dpy, &ev);
		if (c->type != GenericEvent || c->extension != xi_opcode ||
		    !XGetEventData(events_dpy, c))
			continue;	/* MappingNotify: see drain_control */
		if (c->evtype == XI_RawKeyPress || c->evtype == XI_RawKeyRelease)
			key_event(((XIRawEvent *)c->data)->detail,
				  c->evtype == XI_RawKeyPress);
		XFreeEventData(events_dpy, c);
	}
}

/* RECORD: the callback sees every key event the server processes. */
static void record_cb(XPointer closure, XRecordInterceptData *d)
{
	(void)closure;
	if (d->category == XRecordFromServer && d->data_len >= 1) {
		const unsigned char *ev = d->data;
		int type = ev[0] & 0x7f;

		if (type == KeyPress || type == KeyRelease)
			key_event(ev[1], type == KeyPress);
	}
	XRecordFreeData(d);
}

static void record_setup(Display *dpy)
{
	int major, minor;
	XRecordRange *range;
	XRecordClientSpec clients = XRecordAllClients;
	XRecordContext ctx;

	if (!XRecordQueryVersion(dpy, &major, &minor)) {
		fprintf(stderr, "syndaemon: the X server has no RECORD extension (needed by -R)\n");
		exit(EXIT_NORECORD);
	}
	/* The data arrives on a connection of its own. */
	events_dpy = XOpenDisplay(DisplayString(dpy));
	range = XRecordAllocRange();
	if (!events_dpy || !range) {
		fprintf(stderr, "syndaemon: cannot set up RECORD\n");
		exit(EXIT_NORECORD);
	}
	range->device_events.first = KeyPress;
	range->device_events.last = KeyRelease;
	ctx = XRecordCreateContext(dpy, 0, &clients, 1, &range, 1);
	XFree(range);
	XSync(dpy, False);
	if (!ctx || !XRecordEnableContextAsync(events_dpy, ctx, record_cb, NULL)) {
		fprintf(stderr, "syndaemon: cannot enable the RECORD context\n");
		exit(EXIT_NORECORD);
	}
	verbose("recording key events (RECORD %d.%d)\n", major, minor);
}

/* ---- process ---------------------------------------------------------- */

static void on_signal(int sig)
{
	stop_signal = sig;
}

/*
 * Block SIGINT, SIGTERM and SIGHUP for good and catch them: they are
 * delivered only inside the main loop's ppoll() with @waitmask, which
 * returns at once if one came while we were busy.  Done first thing, so
 * that one that comes while we start up makes us stop cleanly, too.
 */
static void catch_signals(sigset_t *waitmask)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa = { .sa_handler = on_signal };
	sigset_t block;

	sigemptyset(&block);
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
		sigaddset(&block, sigs[i]);
		sigaddset(&sa.sa_mask, sigs[i]);
	}
	sigprocmask(SIG_BLOCK, &block, waitmask);
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
		sigdelset(waitmask, sigs[i]);
		sigaction(sigs[i], &sa, NULL);
	}
}

static void remove_pidfile(void)
{
	pidfile_remove(&pidf);
}

/* The server went away (the session ended): nothing to restore. */
static int on_io_error(Display *dpy)
{
	(void)dpy;
	fprintf(stderr, "syndaemon: lost the connection to the X server\n");
	exit(EXIT_XGONE);	/* atexit removes the pid file */
}

/*
 * Detach.  The parent waits until the daemon has written its pid file and
 * exits 0 only then, so that whoever started us finds the file, and learns
 * of a failure from the exit status.
 */
static void daemonize(void)
{
	int ready[2], fd;
	pid_t pid;
	char c = 0;

	if (pipe(ready) < 0 || (pid = fork()) < 0) {
		perror("syndaemon: fork");
		exit(EXIT_FORK);
	}
	if (pid > 0) {
		close(ready[1]);
		_exit(read(ready[0], &c, 1) == 1 ? 0 : EXIT_FORK);
	}
	close(ready[0]);
	if (setsid() < 0) {
		perror("syndaemon: setsid");
		exit(EXIT_FORK);
	}
	if (chdir("/") < 0) {
		perror("syndaemon: chdir /");
		exit(EXIT_FORK);
	}
	umask(022);
	if (pidf.fd >= 0 && pidfile_write(&pidf, getpid()))
		exit(EXIT_FORK);
	fd = open("/dev/null", O_RDWR);
	if (fd >= 0) {
		dup2(fd, STDIN_FILENO);
		if (!opt.verbose) {
			dup2(fd, STDOUT_FILENO);
			dup2(fd, STDERR_FILENO);
		}
		if (fd > STDERR_FILENO)
			close(fd);
	}
	if (write(ready[1], &c, 1) != 1)
		exit(EXIT_FORK);
	close(ready[1]);
}

static int parse_args(int argc, char **argv)
{
	int c;
	char *end;

	while ((c = getopt(argc, argv, "i:m:dp:tkKRvVh?")) != -1) {
		switch (c) {
		case 'i':
			opt.idle_s = strtod(optarg, &end);
			if (end == optarg || *end || !isfinite(opt.idle_s) ||
			    opt.idle_s < 0 || opt.idle_s > 86400) {
				fprintf(stderr, "syndaemon: -i needs seconds (0 to 86400), not '%s'\n",
					optarg);
				return EXIT_BADARGS;
			}
			break;
		case 'm':
			opt.poll_ms = strtol(optarg, &end, 10);
			if (end == optarg || *end || opt.poll_ms < 1 ||
			    opt.poll_ms > 60000) {
				fprintf(stderr, "syndaemon: -m needs ms (1 to 60000), not '%s'\n",
					optarg);
				return EXIT_BADARGS;
			}
			opt.poll_given = true;
			break;
		case 'd':
			opt.daemonize = true;
			break;
		case 'p':
			opt.pidfile = optarg;
			break;
		case 't':
			opt.off_value = OFF_TAP_SCROLL;
			break;
		case 'k':
			opt.ignore_modifiers = true;
			break;
		case 'K':
			opt.ignore_combos = true;
			break;
		case 'R':
			opt.use_record = true;
			break;
		case 'v':
			opt.verbose = true;
			break;
		case 'V':
			printf("%s\n", PACKAGE_VERSION);
			exit(0);
		case 'h':
			usage(stdout);
			exit(0);
		default:
			if (optopt && optopt != '?') {
				usage(stderr);
				return EXIT_BADARGS;
			}
			usage(stdout);
			exit(0);
		}
	}
	if (optind < argc) {
		fprintf(stderr, "syndaemon: unexpected argument '%s'\n", argv[optind]);
		usage(stderr);
		return EXIT_BADARGS;
	}
	/* As in 1.9, -R wins over -m. */
	opt.source = opt.use_record ? KEYS_RECORD :
		     opt.poll_given ? KEYS_POLL : KEYS_RAW;
	return 0;
}

/* ---- main loop -------------------------------------------------------- */

/* Events on the control connection: only MappingNotify, which every
 * client gets.  Also flushes what we wrote, before we sleep. */
static void drain_control(void)
{
	while (XPending(ctl_dpy)) {
		XEvent ev;

		XNextEvent(ctl_dpy, &ev);
		if (ev.type != MappingNotify)
			continue;
		XRefreshKeyboardMapping(&ev.xmapping);
		if (ev.xmapping.request != MappingPointer)
			load_modifier_mask(ctl_dpy);
	}
}

/* Read what the key source has; returns how long it may sleep (ms, -1:
 * until an event comes). */
static long long read_keys(long long *next_poll)
{
	long long now;

	switch (opt.source) {
	case KEYS_RAW:
		raw_process();
		return -1;
	case KEYS_RECORD:
		XRecordProcessReplies(events_dpy);
		return -1;
	case KEYS_POLL:
		now = now_ms();
		if (now >= *next_poll) {
			poll_keyboard();
			*next_poll = now + opt.poll_ms;
		}
		return *next_poll - now;
	}
	return -1;
}

static void wait_for_events(long long wait_ms, const sigset_t *waitmask)
{
	struct pollfd fds[2] = {
		{ .fd = ConnectionNumber(ctl_dpy), .events = POLLIN },
		{ .fd = events_dpy ? ConnectionNumber(events_dpy) : -1, .events = POLLIN },
	};
	struct timespec ts = {
		.tv_sec = (time_t)(wait_ms / 1000),
		.tv_nsec = (long)(wait_ms % 1000) * 1000000L,
	};

	ppoll(fds, 2, wait_ms < 0 ? NULL : &ts, waitmask);
}

static void run(long long idle_ms, const sigset_t *waitmask)
{
	long long next_poll = 0;

	while (!stop_signal) {
		long long wait_ms = read_keys(&next_poll), now = now_ms();

		if (pads_off && now - last_key_ms >= idle_ms) {
			verbose("idle\n");
			restore_pads(ctl_dpy);
		}
		if (pads_off && (wait_ms < 0 || last_key_ms + idle_ms - now < wait_ms))
			wait_ms = last_key_ms + idle_ms - now;
		drain_control();
		wait_for_events(wait_ms, waitmask);
	}
}

static int start(void)
{
	ctl_dpy = XOpenDisplay(NULL);
	if (!ctl_dpy) {
		fprintf(stderr, "syndaemon: cannot open display '%s'\n",
			XDisplayName(NULL));
		return EXIT_NODEV;
	}
	XSetIOErrorHandler(on_io_error);
	scan_pads(ctl_dpy);
	if (npads == 0) {
		fprintf(stderr, "syndaemon: no touchpad with a synaptics driver found\n");
		return EXIT_NODEV;
	}
	for (int i = 0; i < npads; i++)
		verbose("touchpad %d \"%s\"\n", pads[i].id, pads[i].name);
	load_modifier_mask(ctl_dpy);
	if (opt.source == KEYS_RAW)
		raw_setup(ctl_dpy);
	else if (opt.source == KEYS_RECORD)
		record_setup(ctl_dpy);
	else
		verbose("polling the keyboard every %ld ms\n", opt.poll_ms);
	/* Keys already down are not typing; this also tells -K which
	 * modifiers are held. */
	read_keymap(keys_down);
	return 0;
}

int main(int argc, char **argv)
{
	sigset_t waitmask;
	int rc = parse_args(argc, argv);

	if (rc)
		return rc;
	catch_signals(&waitmask);
	/* Before we fork: a refused pid file is the caller's error. */
	if (opt.pidfile) {
		if (pidfile_open(&pidf, opt.pidfile))
			return EXIT_FORK;
		atexit(remove_pidfile);
	}
	rc = start();
	if (rc)
		return rc;
	if (opt.daemonize)
		daemonize();
	else if (pidf.fd >= 0 && pidfile_write(&pidf, getpid()))
		return EXIT_FORK;

	run(llround(opt.idle_s * 1000.0), &waitmask);

	verbose("signal %d: restoring the touchpads\n", (int)stop_signal);
	restore_pads(ctl_dpy);
	XCloseDisplay(ctl_dpy);
	return 0;
}
