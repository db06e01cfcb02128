/*
 * synclient - list and change the parameters of touchpads driven by a
 * synaptics X driver, and watch what the touchpad reports.
 *
 * Parameters are elements of the driver's "Synaptics ..." XInput device
 * properties (table in synparams.c).  Assignments are all validated
 * before anything is written, each property is written once with all of
 * its changes (read-modify-write), and if the server refuses one write the
 * ones already done are rolled back: a command either applies completely
 * or not at all.
 *
 * Monitor protocol (synclient -m), agreed with the driver side (src/x/):
 *
 *   "Synaptics Hardware State"  format 32, type INTEGER, 8 items, read-only:
 *       [0] time of the last frame in ms (uint32, wraps)
 *       [1] x   [2] y   [3] z (pressure)
 *       [4] finger count   [5] finger width
 *       [6] buttons: bit0 left, bit1 right, bit2 middle, bit3 up,
 *           bit4 down, bits 5..12 BTN_0..BTN_7
 *       [7] contact count (touches the pad tracks)
 *     The driver updates it only while monitoring is requested.
 *
 *   "Synaptics Monitor"  format 32, type INTEGER, 1 item, writable:
 *       a client writes the lease length in ms; the driver updates the
 *       hardware state until that much time has passed since the write,
 *       then stops.  0 stops at once.  While no lease runs the driver
 *       does no monitoring work at all.
 *
 *   The client renews its lease every lease/2 ms, selects XI_PropertyEvent
 *   on the device, and prints a line when the hardware state property
 *   changes, at most one line per INTERVAL ms (the newest state wins).  A
 *   killed client costs the driver nothing once its lease has run out.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/select.h>
#include <time.h>
#include <X11/Xlib.h>
#include <X11/extensions/XInput2.h>

#include "synclient-args.h"
#include "synparams.h"
#include "syntouchpad.h"

#define EXIT_BAD	SYNCLIENT_EXIT_BAD
#define EXIT_NODEV	SYNCLIENT_EXIT_NODEV

#define HWSTATE_PROP	"Synaptics Hardware State"
#define MONITOR_PROP	"Synaptics Monitor"
#define HWSTATE_ITEMS	8
#define LEASE_MS	4000	/* monitor lease, renewed every LEASE_MS/2 */

enum hw_item { HW_TIME, HW_X, HW_Y, HW_Z, HW_FINGERS, HW_WIDTH, HW_BUTTONS,
	       HW_CONTACTS };

enum hw_button_bit { BTN_BIT_LEFT = 0, BTN_BIT_RIGHT = 1, BTN_BIT_MIDDLE = 2,
		     BTN_BIT_UP = 3, BTN_BIT_DOWN = 4, BTN_BIT_MULTI0 = 5 };

/* One property of one device in the write phase: its value before and
 * after, and whether it has been written yet (for the rollback). */
struct pending {
	int dev;
	const char *prop;
	struct synprop old, new;
	bool written;
};

static volatile sig_atomic_t stop_requested;

/* ---- listing ---------------------------------------------------------- */

/* A per-device cache so that -l reads each property once. */
struct propcache {
	const char *prop;
	int rc;
	struct synprop p;
};

static const struct synprop *cache_get(Display *dpy, int id,
				       struct propcache *cache, size_t *n,
				       const char *prop)
{
	for (size_t i = 0; i < *n; i++)
		if (strcmp(cache[i].prop, prop) == 0)
			return cache[i].rc ? NULL : &cache[i].p;
	cache[*n].prop = prop;
	cache[*n].rc = syntp_get(dpy, id, prop, &cache[*n].p);
	return cache[(*n)++].rc ? NULL : &cache[*n - 1].p;
}

static void list_device(Display *dpy, const struct syntp *tp, bool header)
{
	struct propcache *cache = calloc(synparams_count, sizeof(*cache));
	size_t ncache = 0;
	Atom fl = syntp_float_atom(dpy);

	if (!cache) {
		fprintf(stderr, "synclient: out of memory\n");
		return;
	}
	if (header)
		printf("Device %d \"%s\":\n", tp->id, tp->name);
	printf("Parameter settings:\n");
	for (size_t i = 0; i < synparams_count; i++) {
		const struct synparam *p = &synparams[i];
		const struct synprop *v;

		if (!p->name)
			continue;
		v = cache_get(dpy, tp->id, cache, &ncache, p->prop);

		/* Properties the device does not have (scroll buttons,
		 * soft buttons on non-clickpads) are left out. */
		if (!v || p->index >= v->nitems)
			continue;
		if (v->type == fl)
			printf("    %-23s = %g\n", p->name, v->f[p->index]);
		else
			printf("    %-23s = %ld\n", p->name, v->l[p->index]);
	}
	free(cache);
}

/* ---- setting ---------------------------------------------------------- */

static struct pending *pending_for(struct pending *pend, int *npend, int dev,
				   const char *prop)
{
	for (int i = 0; i < *npend; i++)
		if (pend[i].dev == dev && strcmp(pend[i].prop, prop) == 0)
			return &pend[i];
	pend[*npend].dev = dev;
	pend[*npend].prop = prop;
	return &pend[(*npend)++];
}

static void rollback(Display *dpy, const struct syntp *tps,
		     struct pending *pend, int npend)
{
	for (int i = npend - 1; i >= 0; i--) {
		const char *why;

		if (!pend[i].written)
			continue;
		if (syntp_put(dpy, tps[pend[i].dev].id, &pend[i].old, &why))
			fprintf(stderr,
				"synclient: could not restore \"%s\" on device %d: %s\n",
				pend[i].prop, tps[pend[i].dev].id, why);
	}
}

static int set_parameters(Display *dpy, const struct syntp *tps, int ntp,
			  const struct synclient_assignment *as, int nas)
{
	struct pending *pend = calloc((size_t)(ntp * nas), sizeof(*pend));
	Atom fl = syntp_float_atom(dpy);
	int npend = 0, rc = 0;

	if (!pend) {
		fprintf(stderr, "synclient: out of memory\n");
		return EXIT_BAD;
	}

	/* Phase 1: read every property involved, apply the changes to a
	 * copy; any problem stops us before the first write. */
	for (int d = 0; d < ntp && rc == 0; d++) {
		for (int a = 0; a < nas; a++) {
			const struct synparam *p = as[a].param;
			struct pending *pe = pending_for(pend, &npend, d,
							 p->prop);

			if (pe->new.atom == None) {
				int err = syntp_get(dpy, tps[d].id, p->prop,
						    &pe->old);
				if (err) {
					fprintf(stderr,
						"synclient: %s: device %d \"%s\" %s property \"%s\"\n",
						p->name, tps[d].id, tps[d].name,
						err == -ENOENT ? "has no" :
						"could not read its",
						p->prop);
					rc = EXIT_BAD;
					break;
				}
				pe->new = pe->old;
			}
			if (p->index >= pe->new.nitems) {
				fprintf(stderr,
					"synclient: %s: property \"%s\" of device %d has only %d items\n",
					p->name, p->prop, tps[d].id,
					pe->new.nitems);
				rc = EXIT_BAD;
				break;
			}
			if ((pe->new.type == fl) != (p->type == SYNPARAM_FLOAT)) {
				fprintf(stderr,
					"synclient: %s: property \"%s\" of device %d has an unexpected type\n",
					p->name, p->prop, tps[d].id);
				rc = EXIT_BAD;
				break;
			}
			if (p->type == SYNPARAM_FLOAT)
				pe->new.f[p->index] = (float)as[a].value;
			else
				pe->new.l[p->index] = (long)as[a].value;
		}
	}

	/* Phase 2: write; on a refusal undo what was written. */
	for (int i = 0; i < npend && rc == 0; i++) {
		const char *why;

		if (syntp_put(dpy, tps[pend[i].dev].id, &pend[i].new, &why)) {
			fprintf(stderr,
				"synclient: device %d \"%s\" refused the new value of \"%s\" (",
				tps[pend[i].dev].id, tps[pend[i].dev].name,
				pend[i].prop);
			for (int a = 0, first = 1; a < nas; a++) {
				if (strcmp(as[a].param->prop, pend[i].prop))
					continue;
				fprintf(stderr, "%s%s=%s", first ? "" : " ",
					as[a].param->name, as[a].text);
				first = 0;
			}
			fprintf(stderr, "): %s; nothing changed\n", why);
			rollback(dpy, tps, pend, i);
			rc = EXIT_BAD;
		}
		pend[i].written = true;
	}
	free(pend);
	return rc;
}

/* ---- monitor ---------------------------------------------------------- */

static void on_signal(int sig)
{
	(void)sig;
	stop_requested = 1;
}

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int read_hwstate(Display *dpy, int id, long *hw)
{
	struct synprop p;
	int rc = syntp_get(dpy, id, HWSTATE_PROP, &p);

	if (rc)
		return rc;
	if (p.format != 32 || p.nitems < HWSTATE_ITEMS ||
	    p.type == syntp_float_atom(dpy))
		return -EIO;
	memcpy(hw, p.l, HWSTATE_ITEMS * sizeof(long));
	return 0;
}

static void print_hwstate(const long *hw)
{
	unsigned long b = (unsigned long)hw[HW_BUTTONS];

	printf("%8.3f %5ld %5ld %3ld %ld %2ld  %lu %lu %lu %lu %lu  ",
	       (double)(unsigned long)(uint32_t)hw[HW_TIME] / 1000.0,
	       hw[HW_X], hw[HW_Y], hw[HW_Z], hw[HW_FINGERS], hw[HW_WIDTH],
	       (b >> BTN_BIT_LEFT) & 1, (b >> BTN_BIT_RIGHT) & 1,
	       (b >> BTN_BIT_UP) & 1, (b >> BTN_BIT_DOWN) & 1,
	       (b >> BTN_BIT_MIDDLE) & 1);
	for (int i = 0; i < 8; i++)
		putchar('0' + (int)((b >> (BTN_BIT_MULTI0 + i)) & 1));
	printf(" %2ld\n", hw[HW_CONTACTS]);
	fflush(stdout);
}

static int set_lease(Display *dpy, int id, long ms)
{
	int rc = syntp_set_int(dpy, id, MONITOR_PROP, 0, ms);

	if (rc)
		fprintf(stderr, "synclient: cannot %s monitoring on device %d (%s)\n",
			ms ? "start" : "stop", id,
			rc == -ENOENT ? "the driver has no \"" MONITOR_PROP
			"\" property; Debian's 1.9 driver has no monitor" :
			"the driver refused");
	return rc;
}

static int monitor(Display *dpy, const struct syntp *tp, long interval)
{
	int op, ev, err, fd = ConnectionNumber(dpy);
	unsigned char maskbits[XIMaskLen(XI_LASTEVENT)] = { 0 };
	XIEventMask mask = { tp->id, sizeof(maskbits), maskbits };
	Atom hwatom;
	long hw[HWSTATE_ITEMS], shown[HWSTATE_ITEMS];
	long long next_renew, last_print;
	bool dirty = false, have_shown = false;
	struct sigaction sa = { .sa_handler = on_signal };

	if (!XQueryExtension(dpy, "XInputExtension", &op, &ev, &err))
		return EXIT_NODEV;
	if (read_hwstate(dpy, tp->id, hw) || set_lease(dpy, tp->id, LEASE_MS)) {
		fprintf(stderr,
			"synclient: device %d \"%s\" does not support monitoring (no \"%s\" and \"%s\" properties)\n",
			tp->id, tp->name, HWSTATE_PROP, MONITOR_PROP);
		return EXIT_BAD;
	}
	hwatom = XInternAtom(dpy, HWSTATE_PROP, False);

	/* No SA_RESTART: a signal must wake up select(). */
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGPIPE, &sa, NULL);

	XISetMask(maskbits, XI_PropertyEvent);
	XISelectEvents(dpy, DefaultRootWindow(dpy), &mask, 1);
	XFlush(dpy);

	printf("    time     x     y   z f  w  l r u d m  multi     c\n");
	next_renew = now_ms() + LEASE_MS / 2;
	last_print = now_ms() - interval;
	dirty = true;	/* show the state we start with */

	while (!stop_requested) {
		long long now = now_ms(), wake = next_renew;
		struct timeval tv;
		fd_set fds;

		while (XPending(dpy)) {
			XEvent e;

			XNextEvent(dpy, &e);
			if (e.xcookie.type == GenericEvent &&
			    e.xcookie.extension == op &&
			    XGetEventData(dpy, &e.xcookie)) {
				XIPropertyEvent *pe = e.xcookie.data;

				if (pe->evtype == XI_PropertyEvent &&
				    pe->deviceid == tp->id &&
				    pe->property == hwatom)
					dirty = true;
				XFreeEventData(dpy, &e.xcookie);
			}
		}

		if (now >= next_renew) {
			if (set_lease(dpy, tp->id, LEASE_MS))
				return EXIT_BAD;
			next_renew = now + LEASE_MS / 2;
		}
		if (dirty && now - last_print >= interval) {
			dirty = false;
			last_print = now;
			if (read_hwstate(dpy, tp->id, hw)) {
				fprintf(stderr, "synclient: device %d is gone\n",
					tp->id);
				return EXIT_NODEV;
			}
			if (!have_shown || memcmp(hw, shown, sizeof(hw))) {
				print_hwstate(hw);
				memcpy(shown, hw, sizeof(hw));
				have_shown = true;
			}
		}
		if (dirty && last_print + interval < wake)
			wake = last_print + interval;

		now = now_ms();
		if (wake < now)
			wake = now;
		tv.tv_sec = (time_t)((wake - now) / 1000);
		tv.tv_usec = (suseconds_t)((wake - now) % 1000 * 1000);
		FD_ZERO(&fds);
		FD_SET(fd, &fds);
		if (!XPending(dpy))
			select(fd + 1, &fds, NULL, NULL, &tv);
	}

	set_lease(dpy, tp->id, 0);
	return 0;
}

/* ---- main ------------------------------------------------------------- */

int main(int argc, char **argv)
{
	struct synclient_args args;
	struct syntp *tps;
	Display *dpy;
	int ntp, rc;

	rc = synclient_parse_args(argc, argv, &args);
	if (rc >= 0)
		return rc;

	dpy = XOpenDisplay(NULL);
	if (!dpy) {
		fprintf(stderr, "synclient: cannot open display '%s'\n",
			XDisplayName(NULL));
		synclient_args_free(&args);
		return EXIT_NODEV;
	}
	ntp = syntp_find_all(dpy, &tps);
	if (ntp <= 0) {
		if (ntp == 0)
			fprintf(stderr,
				"synclient: no touchpad with a synaptics driver found\n");
		XCloseDisplay(dpy);
		synclient_args_free(&args);
		return EXIT_NODEV;
	}
	if (args.device) {
		if (!syntp_pick(tps, ntp, args.device)) {
			fprintf(stderr, "synclient: no synaptics touchpad '%s'; there are:\n",
				args.device);
			for (int i = 0; i < ntp; i++)
				fprintf(stderr, "    %d \"%s\"\n", tps[i].id,
					tps[i].name);
			XCloseDisplay(dpy);
			synclient_args_free(&args);
			return EXIT_NODEV;
		}
		ntp = 1;
	}

	rc = 0;
	if (args.monitor) {
		if (ntp > 1)
			fprintf(stderr,
				"synclient: monitoring device %d \"%s\" (-d picks another)\n",
				tps[0].id, tps[0].name);
		rc = monitor(dpy, &tps[0], args.interval);
	} else {
		if (args.nassign)
			rc = set_parameters(dpy, tps, ntp, args.assign, args.nassign);
		if (args.list && rc == 0)
			for (int i = 0; i < ntp; i++)
				list_device(dpy, &tps[i], ntp > 1);
	}

	free(tps);
	synclient_args_free(&args);
	XCloseDisplay(dpy);
	return rc;
}
