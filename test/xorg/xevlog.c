/*
 * xevlog - log what an X client sees from the pointer devices, one line per
 * event, for the Xorg tests (test/xorg) and for debugging by hand.
 *
 * It maps a full-screen override-redirect window and selects core button and
 * motion events (and XI2 gesture events, see select_gestures()) on it.  XI2 events are selected on the root window for all
 * devices: a slave device's events are not claimed by the window's core
 * selection (core events only come from master devices), so they propagate
 * to the root.  Core and XI2 button selections on the *same* window would
 * conflict, hence the split.
 *
 * Output format (stdout, line-buffered; stable, meant for grep and awk).
 * Lines starting with '#' are comments (start, ready, exit).  Every event
 * line is
 *
 *     <time> <core|xi2> <Type> key=value... [valuators N=V...]
 *
 * where <time> is the X server timestamp in ms.  With --monotonic every event
 * line starts with one more field, the client's CLOCK_MONOTONIC in
 * microseconds when it read the event from the connection (the events of one
 * read share it): "<mono-us> <time> <core|xi2> ..." (test/bench reads it; the
 * X server's clock is CLOCK_MONOTONIC in ms too).  Device names are quoted
 * with '"' and '\' escaped.  The lines are:
 *
 *     T core ButtonPress button=B x=X y=Y state=0xS
 *     T core ButtonRelease button=B x=X y=Y state=0xS
 *     T core MotionNotify x=X y=Y state=0xS
 *     T xi2 Motion dev="NAME" id=D src=S x=X y=Y [scroll_v=+F] [scroll_h=+F] valuators N=V...
 *     T xi2 ButtonPress dev="NAME" id=D src=S button=B emulated=0|1 x=X y=Y valuators N=V...
 *     T xi2 ButtonRelease (same fields as ButtonPress)
 *     T xi2 RawMotion dev="NAME" id=D valuators N=V...   (deltas as the server
 *                                                         passes them on)
 *     T xi2 RawButtonPress / RawButtonRelease dev="NAME" id=D button=B emulated=0|1
 *     T xi2 DeviceChanged dev="NAME" id=D src=S reason=SlaveSwitch|DeviceChange
 *     T xi2 GesturePinchBegin|Update|End dev="NAME" id=D src=S fingers=N dx=F dy=F
 *                             udx=F udy=F scale=F angle=F cancelled=0|1 x=X y=Y
 *     T xi2 GestureSwipeBegin|Update|End dev="NAME" id=D src=S fingers=N dx=F dy=F
 *                             udx=F udy=F cancelled=0|1 x=X y=Y
 *     T xi2 HierarchyChanged flags=0xF
 *
 * XI2 Motion valuators are the values the server reports, i.e. absolute
 * (accumulated) for the scroll axes.  scroll_v / scroll_h are the smooth
 * scroll deltas a toolkit derives from them: the difference to the previous
 * value of the device's vertical / horizontal scroll valuator (per its
 * XIScrollClass), starting from the value the server reported when xevlog
 * started.  Positive scroll_v = scrolling down (content moves up).
 *
 * --list prints the devices and their classes and exits:
 *
 *     device id=D name="NAME" use=master-pointer|master-keyboard|slave-pointer|
 *            slave-keyboard|floating attachment=A enabled=0|1
 *     class dev="NAME" valuator number=N label="LABEL" min=F max=F value=F resolution=R mode=relative|absolute
 *     class dev="NAME" scroll number=N type=vertical|horizontal increment=F flags=0xF
 *     class dev="NAME" button count=N
 *     class dev="NAME" key count=N
 *     class dev="NAME" touch mode=direct|dependent touches=N
 *     class dev="NAME" gesture touches=N
 *
 * --pointer prints where the core pointer is and exits; --pointer X,Y first
 * warps it there with XWarpPointer on the root window (as a client that
 * positions the pointer does; the server scales through the last slave's
 * ranges):
 *
 *     pointer x=X y=Y [warp=X,Y]
 *
 * SIGTERM or SIGINT end it cleanly (exit 0, output flushed).
 */
#define _GNU_SOURCE

#include <errno.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XInput2.h>

#define MAX_DEVICES 128
#define MAX_VALUATORS 36

struct dev_info {
	int id;
	char name[128];		/* escaped for printing */
	int scroll_v;		/* valuator number of the vertical scroll axis, -1 if none */
	int scroll_h;
	double last[MAX_VALUATORS];
	bool have_last[MAX_VALUATORS];
};

static struct {
	Display *dpy;
	int xi_opcode;
	int xi_minor;
	const char *filter;	/* only XI2 events of the device with this name */
	struct dev_info devs[MAX_DEVICES];
	int ndevs;
	bool monotonic;		/* --monotonic: prefix lines with read_us */
	unsigned long long read_us;	/* CLOCK_MONOTONIC when the events were read */
} st;

static volatile sig_atomic_t stop_signal;

static void on_signal(int sig)
{
	stop_signal = sig;
}

/* The first field(s) of an event line: [read time] X server time. */
static void print_time(unsigned long xtime)
{
	if (st.monotonic)
		printf("%llu ", st.read_us);
	printf("%lu ", xtime);
}

static unsigned long long monotonic_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (unsigned long long)ts.tv_sec * 1000000ull + (unsigned long long)ts.tv_nsec / 1000u;
}

static void escape_name(char *dst, size_t dstlen, const char *src)
{
	size_t o = 0;

	for (; *src && o + 3 < dstlen; src++) {
		if (*src == '"' || *src == '\\')
			dst[o++] = '\\';
		dst[o++] = *src;
	}
	dst[o] = '\0';
}

static struct dev_info *dev_lookup(int id)
{
	for (int i = 0; i < st.ndevs; i++)
		if (st.devs[i].id == id)
			return &st.devs[i];
	return NULL;
}

static const char *dev_name(int id)
{
	struct dev_info *d = dev_lookup(id);

	return d ? d->name : "?";
}

/* Should an XI2 event of this device be logged?  (--device matches the
 * device that sent the event, so a master's copy of a slave's event is not
 * logged twice.) */
static bool dev_wanted(int id)
{
	struct dev_info *d;

	if (!st.filter)
		return true;
	d = dev_lookup(id);
	return d && strcmp(d->name, st.filter) == 0;
}

/* (Re)read the device list: names, scroll axes and the current valuator
 * values, which are the base for the scroll deltas. */
static void refresh_devices(void)
{
	XIDeviceInfo *info;
	int n;

	info = XIQueryDevice(st.dpy, XIAllDevices, &n);
	st.ndevs = 0;
	for (int i = 0; i < n && st.ndevs < MAX_DEVICES; i++) {
		struct dev_info *d = &st.devs[st.ndevs++];

		memset(d, 0, sizeof(*d));
		d->id = info[i].deviceid;
		escape_name(d->name, sizeof(d->name), info[i].name);
		d->scroll_v = d->scroll_h = -1;
		for (int c = 0; c < info[i].num_classes; c++) {
			XIAnyClassInfo *any = info[i].classes[c];

			if (any->type == XIValuatorClass) {
				XIValuatorClassInfo *v = (XIValuatorClassInfo *)any;

				/* A master's copy of a slave's scroll axis can
				 * report INT32_MIN ("no value yet"): no base then. */
				if (v->number >= 0 && v->number < MAX_VALUATORS &&
				    v->value > -2147483648.0) {
					d->last[v->number] = v->value;
					d->have_last[v->number] = true;
				}
			} else if (any->type == XIScrollClass) {
				XIScrollClassInfo *s = (XIScrollClassInfo *)any;

				if (s->scroll_type == XIScrollTypeVertical)
					d->scroll_v = s->number;
				else if (s->scroll_type == XIScrollTypeHorizontal)
					d->scroll_h = s->number;
			}
		}
	}
	XIFreeDeviceInfo(info);
}

static const char *use_name(int use)
{
	switch (use) {
	case XIMasterPointer: return "master-pointer";
	case XIMasterKeyboard: return "master-keyboard";
	case XISlavePointer: return "slave-pointer";
	case XISlaveKeyboard: return "slave-keyboard";
	case XIFloatingSlave: return "floating";
	default: return "unknown";
	}
}

static void print_atom(Atom a)
{
	char *s = a ? XGetAtomName(st.dpy, a) : NULL;
	char esc[256];

	escape_name(esc, sizeof(esc), s ? s : "");
	printf("\"%s\"", esc);
	if (s)
		XFree(s);
}

static void list_devices(void)
{
	XIDeviceInfo *info;
	int n;

	info = XIQueryDevice(st.dpy, XIAllDevices, &n);
	for (int i = 0; i < n; i++) {
		char name[128];

		escape_name(name, sizeof(name), info[i].name);
		if (st.filter && strcmp(name, st.filter) != 0)
			continue;
		printf("device id=%d name=\"%s\" use=%s attachment=%d enabled=%d\n",
		       info[i].deviceid, name, use_name(info[i].use),
		       info[i].attachment, info[i].enabled ? 1 : 0);
		for (int c = 0; c < info[i].num_classes; c++) {
			XIAnyClassInfo *any = info[i].classes[c];

			printf("class dev=\"%s\" ", name);
			switch (any->type) {
			case XIValuatorClass: {
				XIValuatorClassInfo *v = (XIValuatorClassInfo *)any;

				printf("valuator number=%d label=", v->number);
				print_atom(v->label);
				printf(" min=%.2f max=%.2f value=%.2f resolution=%d mode=%s\n",
				       v->min, v->max, v->value, v->resolution,
				       v->mode == XIModeRelative ? "relative" : "absolute");
				break;
			}
			case XIScrollClass: {
				XIScrollClassInfo *s = (XIScrollClassInfo *)any;

				printf("scroll number=%d type=%s increment=%.2f flags=0x%x\n",
				       s->number,
				       s->scroll_type == XIScrollTypeVertical ? "vertical" :
				       s->scroll_type == XIScrollTypeHorizontal ? "horizontal" :
				       "unknown", s->increment, (unsigned)s->flags);
				break;
			}
			case XIButtonClass:
				printf("button count=%d\n", ((XIButtonClassInfo *)any)->num_buttons);
				break;
			case XIKeyClass:
				printf("key count=%d\n", ((XIKeyClassInfo *)any)->num_keycodes);
				break;
			case XITouchClass: {
				XITouchClassInfo *t = (XITouchClassInfo *)any;

				printf("touch mode=%s touches=%d\n",
				       t->mode == XIDirectTouch ? "direct" : "dependent",
				       t->num_touches);
				break;
			}
			case XIGestureClass:
				printf("gesture touches=%d\n",
				       ((XIGestureClassInfo *)any)->num_touches);
				break;
			default:
				printf("unknown type=%d\n", any->type);
				break;
			}
		}
	}
	XIFreeDeviceInfo(info);
}

static void print_valuators(const XIValuatorState *vs, const double *values)
{
	int k = 0;

	printf(" valuators");
	for (int i = 0; i < vs->mask_len * 8; i++) {
		if (!XIMaskIsSet(vs->mask, i))
			continue;
		printf(" %d=%.2f", i, values[k++]);
	}
}

/* Print the smooth-scroll deltas of a device event and remember the values. */
static void print_scroll_deltas(int devid, const XIValuatorState *vs)
{
	struct dev_info *d = dev_lookup(devid);
	int k = 0;
	double dv = 0, dh = 0;
	bool has_v = false, has_h = false;

	if (!d)
		return;
	for (int i = 0; i < vs->mask_len * 8; i++) {
		double val;

		if (!XIMaskIsSet(vs->mask, i))
			continue;
		val = vs->values[k++];
		if (i >= MAX_VALUATORS)
			continue;
		if (i == d->scroll_v && d->have_last[i]) {
			dv = val - d->last[i];
			has_v = true;
		} else if (i == d->scroll_h && d->have_last[i]) {
			dh = val - d->last[i];
			has_h = true;
		}
		d->last[i] = val;
		d->have_last[i] = true;
	}
	if (has_v)
		printf(" scroll_v=%+.2f", dv);
	if (has_h)
		printf(" scroll_h=%+.2f", dh);
}

static void log_device_event(const char *type, XIDeviceEvent *ev)
{
	if (!dev_wanted(ev->deviceid))
		return;
	print_time(ev->time);
	printf("xi2 %s dev=\"%s\" id=%d src=%d", type,
	       dev_name(ev->deviceid), ev->deviceid, ev->sourceid);
	if (ev->evtype == XI_Motion) {
		printf(" x=%.2f y=%.2f", ev->root_x, ev->root_y);
		print_scroll_deltas(ev->deviceid, &ev->valuators);
	} else {
		printf(" button=%d emulated=%d x=%.2f y=%.2f", ev->detail,
		       (ev->flags & XIPointerEmulated) ? 1 : 0, ev->root_x, ev->root_y);
	}
	print_valuators(&ev->valuators, ev->valuators.values);
	printf("\n");
}

static void log_raw_event(const char *type, XIRawEvent *ev)
{
	if (!dev_wanted(ev->deviceid))
		return;
	print_time(ev->time);
	printf("xi2 %s dev=\"%s\" id=%d", type,
	       dev_name(ev->deviceid), ev->deviceid);
	if (ev->evtype != XI_RawMotion)
		printf(" button=%d emulated=%d", ev->detail,
		       (ev->flags & XIPointerEmulated) ? 1 : 0);
	print_valuators(&ev->valuators, ev->valuators.values);
	printf("\n");
}

static const char *gesture_phase(int evtype)
{
	switch (evtype) {
	case XI_GesturePinchBegin: case XI_GestureSwipeBegin: return "Begin";
	case XI_GesturePinchUpdate: case XI_GestureSwipeUpdate: return "Update";
	default: return "End";
	}
}

static void log_pinch(XIGesturePinchEvent *ev)
{
	if (!dev_wanted(ev->deviceid))
		return;
	print_time(ev->time);
	printf("xi2 GesturePinch%s dev=\"%s\" id=%d src=%d fingers=%d"
	       " dx=%.2f dy=%.2f udx=%.2f udy=%.2f scale=%.4f angle=%.2f"
	       " cancelled=%d x=%.2f y=%.2f\n",
	       gesture_phase(ev->evtype), dev_name(ev->deviceid),
	       ev->deviceid, ev->sourceid, ev->detail, ev->delta_x, ev->delta_y,
	       ev->delta_unaccel_x, ev->delta_unaccel_y, ev->scale, ev->delta_angle,
	       (ev->flags & XIGesturePinchEventCancelled) ? 1 : 0,
	       ev->root_x, ev->root_y);
}

static void log_swipe(XIGestureSwipeEvent *ev)
{
	if (!dev_wanted(ev->deviceid))
		return;
	print_time(ev->time);
	printf("xi2 GestureSwipe%s dev=\"%s\" id=%d src=%d fingers=%d"
	       " dx=%.2f dy=%.2f udx=%.2f udy=%.2f cancelled=%d x=%.2f y=%.2f\n",
	       gesture_phase(ev->evtype), dev_name(ev->deviceid),
	       ev->deviceid, ev->sourceid, ev->detail, ev->delta_x, ev->delta_y,
	       ev->delta_unaccel_x, ev->delta_unaccel_y,
	       (ev->flags & XIGestureSwipeEventCancelled) ? 1 : 0,
	       ev->root_x, ev->root_y);
}

static void log_xi2(XGenericEventCookie *cookie)
{
	switch (cookie->evtype) {
	case XI_Motion:
		log_device_event("Motion", cookie->data);
		break;
	case XI_ButtonPress:
		log_device_event("ButtonPress", cookie->data);
		break;
	case XI_ButtonRelease:
		log_device_event("ButtonRelease", cookie->data);
		break;
	case XI_RawMotion:
		log_raw_event("RawMotion", cookie->data);
		break;
	case XI_RawButtonPress:
		log_raw_event("RawButtonPress", cookie->data);
		break;
	case XI_RawButtonRelease:
		log_raw_event("RawButtonRelease", cookie->data);
		break;
	case XI_DeviceChanged: {
		XIDeviceChangedEvent *ev = cookie->data;

		refresh_devices();
		if (!dev_wanted(ev->deviceid))
			break;
		print_time(ev->time);
		printf("xi2 DeviceChanged dev=\"%s\" id=%d src=%d reason=%s\n",
		       dev_name(ev->deviceid), ev->deviceid, ev->sourceid,
		       ev->reason == XISlaveSwitch ? "SlaveSwitch" : "DeviceChange");
		break;
	}
	case XI_HierarchyChanged: {
		XIHierarchyEvent *ev = cookie->data;

		refresh_devices();
		print_time(ev->time);
		printf("xi2 HierarchyChanged flags=0x%x\n", (unsigned)ev->flags);
		break;
	}
	case XI_GesturePinchBegin:
	case XI_GesturePinchUpdate:
	case XI_GesturePinchEnd:
		log_pinch(cookie->data);
		break;
	case XI_GestureSwipeBegin:
	case XI_GestureSwipeUpdate:
	case XI_GestureSwipeEnd:
		log_swipe(cookie->data);
		break;
	default:
		break;
	}
}

static void log_core(XEvent *ev)
{
	switch (ev->type) {
	case ButtonPress:
	case ButtonRelease:
		print_time(ev->xbutton.time);
		printf("core %s button=%u x=%d y=%d state=0x%x\n",
		       ev->type == ButtonPress ? "ButtonPress" : "ButtonRelease",
		       ev->xbutton.button, ev->xbutton.x_root, ev->xbutton.y_root,
		       ev->xbutton.state);
		break;
	case MotionNotify:
		print_time(ev->xmotion.time);
		printf("core MotionNotify x=%d y=%d state=0x%x\n",
		       ev->xmotion.x_root, ev->xmotion.y_root, ev->xmotion.state);
		break;
	default:
		break;
	}
}

static void log_event(XEvent *ev)
{
	if (ev->type == GenericEvent && ev->xcookie.extension == st.xi_opcode &&
	    XGetEventData(st.dpy, &ev->xcookie)) {
		log_xi2(&ev->xcookie);
		XFreeEventData(st.dpy, &ev->xcookie);
	} else {
		log_core(ev);
	}
}

static void select_xi2(Window root)
{
	unsigned char bits[XIMaskLen(XI_LASTEVENT)] = { 0 };
	XIEventMask mask = { .deviceid = XIAllDevices, .mask = bits };

	XISetMask(bits, XI_Motion);
	XISetMask(bits, XI_ButtonPress);
	XISetMask(bits, XI_ButtonRelease);
	XISetMask(bits, XI_RawMotion);
	XISetMask(bits, XI_RawButtonPress);
	XISetMask(bits, XI_RawButtonRelease);
	XISetMask(bits, XI_DeviceChanged);
	XISetMask(bits, XI_HierarchyChanged);
	if (st.xi_minor >= 4) {
		XISetMask(bits, XI_GesturePinchBegin);
		XISetMask(bits, XI_GesturePinchUpdate);
		XISetMask(bits, XI_GesturePinchEnd);
		XISetMask(bits, XI_GestureSwipeBegin);
		XISetMask(bits, XI_GestureSwipeUpdate);
		XISetMask(bits, XI_GestureSwipeEnd);
		mask.mask_len = XIMaskLen(XI_GestureSwipeEnd);
	} else {
		mask.mask_len = XIMaskLen(XI_RawMotion);
	}
	XISelectEvents(st.dpy, root, &mask, 1);
}

/* Gesture events go to the first window under the pointer that selects
 * them (like touch events, no core equivalent), so the full-screen window
 * selects them too; its core button selection does not conflict. */
static void select_gestures(Window w)
{
	unsigned char bits[XIMaskLen(XI_LASTEVENT)] = { 0 };
	XIEventMask mask = { .deviceid = XIAllDevices, .mask = bits,
			     .mask_len = XIMaskLen(XI_GestureSwipeEnd) };

	if (st.xi_minor < 4)
		return;
	XISetMask(bits, XI_GesturePinchBegin);
	XISetMask(bits, XI_GesturePinchUpdate);
	XISetMask(bits, XI_GesturePinchEnd);
	XISetMask(bits, XI_GestureSwipeBegin);
	XISetMask(bits, XI_GestureSwipeUpdate);
	XISetMask(bits, XI_GestureSwipeEnd);
	XISelectEvents(st.dpy, w, &mask, 1);
}

static Window map_window(void)
{
	int scr = DefaultScreen(st.dpy);
	XSetWindowAttributes attr = {
		.override_redirect = True,
		.background_pixel = BlackPixel(st.dpy, scr),
		.event_mask = ButtonPressMask | ButtonReleaseMask | PointerMotionMask |
			      StructureNotifyMask,
	};
	Window w;
	XEvent ev;

	w = XCreateWindow(st.dpy, RootWindow(st.dpy, scr), 0, 0,
			  DisplayWidth(st.dpy, scr), DisplayHeight(st.dpy, scr), 0,
			  CopyFromParent, InputOutput, CopyFromParent,
			  CWOverrideRedirect | CWBackPixel | CWEventMask, &attr);
	XStoreName(st.dpy, w, "xevlog");
	XMapRaised(st.dpy, w);
	do
		XWindowEvent(st.dpy, w, StructureNotifyMask, &ev);
	while (ev.type != MapNotify);
	return w;
}

static int on_io_error(Display *dpy)
{
	(void)dpy;
	printf("# xevlog: X connection lost\n");
	fflush(stdout);
	exit(3);
}

/* --pointer [X,Y]: optionally warp, then print the core pointer position. */
static int query_pointer(const char *warp)
{
	Window root = DefaultRootWindow(st.dpy), r, child;
	int rx, ry, wx, wy, x = 0, y = 0;
	unsigned int mask;
	char end;

	if (warp) {
		if (sscanf(warp, "%d,%d%c", &x, &y, &end) != 2) {
			fprintf(stderr, "xevlog: --pointer wants X,Y, not '%s'\n", warp);
			return 2;
		}
		XWarpPointer(st.dpy, None, root, 0, 0, 0, 0, x, y);
	}
	if (!XQueryPointer(st.dpy, root, &r, &child, &rx, &ry, &wx, &wy, &mask)) {
		fprintf(stderr, "xevlog: the pointer is not on the default screen\n");
		return 1;
	}
	if (warp)
		printf("pointer x=%d y=%d warp=%d,%d\n", rx, ry, x, y);
	else
		printf("pointer x=%d y=%d\n", rx, ry);
	return 0;
}

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: xevlog [options]\n"
		"Log core and XI2 pointer events (incl. XI 2.4 gestures), one line each.\n"
		"  -d, --display DPY   X display (default $DISPLAY)\n"
		"  -n, --device NAME   log XI2 events of this device only (exact name)\n"
		"  -l, --list          list devices and their classes, then exit\n"
		"  -p, --pointer[=X,Y] print the pointer position (after warping it to X,Y), exit\n"
		"  -t, --timeout SEC   exit after SEC seconds (default: run until SIGTERM)\n"
		"  -m, --monotonic     start every event line with the CLOCK_MONOTONIC time (us)\n"
		"                      at which the event was read\n"
		"  -h, --help          this text\n"
		"The line format is documented at the top of test/xorg/xevlog.c.\n");
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "display", required_argument, NULL, 'd' },
		{ "device", required_argument, NULL, 'n' },
		{ "list", no_argument, NULL, 'l' },
		{ "pointer", optional_argument, NULL, 'p' },
		{ "timeout", required_argument, NULL, 't' },
		{ "monotonic", no_argument, NULL, 'm' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *display = NULL;
	bool list = false, pointer = false;
	const char *warp = NULL;
	double timeout = -1;
	int ev_base, err_base, major = 2, minor = 4, c;
	struct sigaction sa = { .sa_handler = on_signal };
	sigset_t block, orig;
	struct timespec deadline = { 0 };
	Window root;

	while ((c = getopt_long(argc, argv, "d:n:lp::t:mh", opts, NULL)) != -1) {
		switch (c) {
		case 'd': display = optarg; break;
		case 'n': st.filter = optarg; break;
		case 'l': list = true; break;
		case 'p': pointer = true; warp = optarg; break;
		case 'm': st.monotonic = true; break;
		case 't': {
			char *end;

			timeout = strtod(optarg, &end);
			if (*end || timeout <= 0) {
				fprintf(stderr, "xevlog: bad timeout '%s'\n", optarg);
				return 2;
			}
			break;
		}
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (optind < argc) {
		usage(stderr);
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);

	/* SIGTERM/SIGINT stay blocked except while waiting in ppoll(), so a
	 * signal can neither be lost nor cut a line in half. */
	sigemptyset(&block);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGINT);
	sigprocmask(SIG_BLOCK, &block, &orig);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigdelset(&orig, SIGTERM);
	sigdelset(&orig, SIGINT);

	st.dpy = XOpenDisplay(display);
	if (!st.dpy) {
		fprintf(stderr, "xevlog: cannot open display '%s'\n",
			display ? display : getenv("DISPLAY") ? getenv("DISPLAY") : "");
		return 1;
	}
	XSetIOErrorHandler(on_io_error);
	if (!XQueryExtension(st.dpy, "XInputExtension", &st.xi_opcode, &ev_base, &err_base)) {
		fprintf(stderr, "xevlog: no XInputExtension\n");
		return 1;
	}
	if (XIQueryVersion(st.dpy, &major, &minor) != Success || major < 2) {
		fprintf(stderr, "xevlog: XI2 not supported by the server\n");
		return 1;
	}
	st.xi_minor = minor;

	if (pointer) {
		int rc = query_pointer(warp);

		XCloseDisplay(st.dpy);
		return rc;
	}
	if (list) {
		list_devices();
		XCloseDisplay(st.dpy);
		return 0;
	}

	refresh_devices();
	root = DefaultRootWindow(st.dpy);
	select_gestures(map_window());
	select_xi2(root);
	XSync(st.dpy, False);
	printf("# xevlog ready xi=%d.%d screen=%dx%d\n", major, minor,
	       DisplayWidth(st.dpy, DefaultScreen(st.dpy)),
	       DisplayHeight(st.dpy, DefaultScreen(st.dpy)));

	if (timeout > 0) {
		clock_gettime(CLOCK_MONOTONIC, &deadline);
		deadline.tv_sec += (time_t)timeout;
		deadline.tv_nsec += (long)((timeout - (time_t)timeout) * 1e9);
		if (deadline.tv_nsec >= 1000000000L) {
			deadline.tv_sec++;
			deadline.tv_nsec -= 1000000000L;
		}
	}

	while (!stop_signal) {
		struct pollfd pfd = { .fd = ConnectionNumber(st.dpy), .events = POLLIN };
		struct timespec left, now, *tp = NULL;

		/* Read what has arrived, stamp it, log it.  Only the events
		 * queued at the stamp: logging one may make a round trip
		 * (refresh_devices), which queues later events; they get the
		 * next stamp. */
		int queued;

		while ((queued = XEventsQueued(st.dpy, QueuedAfterReading)) > 0) {
			st.read_us = monotonic_us();
			while (queued-- > 0) {
				XEvent ev;

				XNextEvent(st.dpy, &ev);
				log_event(&ev);
			}
		}
		if (timeout > 0) {
			clock_gettime(CLOCK_MONOTONIC, &now);
			left.tv_sec = deadline.tv_sec - now.tv_sec;
			left.tv_nsec = deadline.tv_nsec - now.tv_nsec;
			if (left.tv_nsec < 0) {
				left.tv_sec--;
				left.tv_nsec += 1000000000L;
			}
			if (left.tv_sec < 0)
				break;
			tp = &left;
		}
		if (ppoll(&pfd, 1, tp, &orig) < 0 && errno != EINTR) {
			perror("xevlog: ppoll");
			return 1;
		}
	}
	printf("# xevlog exit %s\n", stop_signal == SIGTERM ? "SIGTERM" :
	       stop_signal == SIGINT ? "SIGINT" : "timeout");
	fflush(stdout);
	XCloseDisplay(st.dpy);
	return 0;
}
