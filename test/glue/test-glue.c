/*
 * test-glue.c - the X glue (src/x) on the host: PreInit, DEVICE_INIT/ON/
 * OFF/CLOSE, the input thread's reads, timers and property writes, driven
 * against the server stub (xstub.c) and a scripted evdev device (libevdev's
 * node functions are replaced below; the rest of libevdev is the real one).
 * Built with SYNMT_DEBUG, so the glue's own threading assertions
 * (syn-thread.h) are live too.
 *
 * What a user (or the server) would notice is checked: a tap is one click,
 * delivered by the timer on the main thread; a held button is released
 * when the device goes off or is removed, but not when events are lost
 * (the resync says what is held); a refused property write changes
 * nothing; ClickPad off and on deletes and creates "Soft Button Areas"
 * with their XIPropertyEvents, and a write never deletes its own property
 * (Xorg would free it twice); switching ClickPad under a held button still
 * releases it; key actions use the keymap of the moment, resolved on the
 * main thread; a flooding node is read in bites; every DEVICE_ON starts
 * from the node's state (a changed device, a logind fd replaced across a
 * VT switch); the input thread keeps exactly one registration through
 * fast enable cycles; nothing breaks a server rule.
 *
 * The node is a FIFO (see make_node()), so the input thread's poll() is
 * real: the stub's thread turn reads what is readable, as Xorg's does.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <libevdev/libevdev.h>

#include "test-clickpad.h"
#include "tp-evdev.h"
#include "xstub.h"
#include "synaptics-properties.h"

extern XF86ModuleData synapticsModuleData;
InputDriverPtr stub_driver(void);

static int failures;

#define CHECK(cond, ...) do {						\
	if (cond) {							\
		printf("ok: ");						\
	} else {							\
		printf("FAILED: ");					\
		failures++;						\
	}								\
	printf(__VA_ARGS__);						\
	printf("\n");							\
} while (0)

/* ---- a scripted evdev device in place of the node ---- */

enum { Q_EVENT, Q_DROPPED, Q_SYNC_END, Q_GONE };
struct qent {
	int what;
	struct input_event ev;
};
static struct qent queue[8192];
static int qhead, qtail;
static bool syncing;

/*
 * The node is a FIFO with one byte per queued entry, so that poll() (the
 * input thread's, through the driver's epoll set) says readable exactly
 * when the script has something; libevdev's reads take a byte per entry.
 */
static char fifo_path[64];
static int fifo_w = -1;		/* the script's end */
static int node_fd = -1;	/* the driver's open node, as libevdev got it */

static void q_push(int what, unsigned type, unsigned code, int value, uint64_t t)
{
	struct qent *e = &queue[qtail++ % 8192];

	e->what = what;
	memset(&e->ev, 0, sizeof(e->ev));
	e->ev.type = (uint16_t)type;
	e->ev.code = (uint16_t)code;
	e->ev.value = value;
	e->ev.input_event_sec = (time_t)(t / 1000000u);
	e->ev.input_event_usec = (suseconds_t)(t % 1000000u);
	if (write(fifo_w, "e", 1) != 1)
		printf("#   cannot write the FIFO\n");
}

/* Take an entry off the queue, and its byte off the node. */
static struct qent *q_take(void)
{
	char c;

	if (read(node_fd, &c, 1) != 1)
		printf("#   the FIFO had no byte for an entry\n");
	return &queue[qhead++ % 8192];
}

/* Forget what the node holds: a node opened again sees only what comes after. */
static bool was_down[3];		/* the node's slots, as the script last set them */

static void q_flush(void)
{
	char buf[512];

	while (read(fifo_w, buf, sizeof(buf)) > 0)
		;
	qhead = qtail = 0;
	syncing = false;
	memset(was_down, 0, sizeof(was_down));	/* test_clickpad_new() has no touch */
}

static void make_node(void)
{
	snprintf(fifo_path, sizeof(fifo_path), "/tmp/test-glue.%d", (int)getpid());
	unlink(fifo_path);
	if (mkfifo(fifo_path, 0600) < 0)
		printf("#   mkfifo %s: %s\n", fifo_path, strerror(errno));
	fifo_w = open(fifo_path, O_RDWR | O_NONBLOCK | O_CLOEXEC);
}

static void remove_node(void)
{
	close(fifo_w);
	unlink(fifo_path);
}

static bool node_grabbed;
static int node_opens;
static int node_xmax;		/* the x range of the next node opened (0: the clickpad's) */

int libevdev_new_from_fd(int fd, struct libevdev **dev)
{
	node_opens++;
	node_fd = fd;
	q_flush();
	*dev = test_clickpad_new("stub clickpad");
	if (*dev && node_xmax) {
		libevdev_set_abs_maximum(*dev, ABS_X, node_xmax);
		libevdev_set_abs_maximum(*dev, ABS_MT_POSITION_X, node_xmax);
	}
	return *dev ? 0 : -ENOMEM;
}

int libevdev_set_clock_id(struct libevdev *dev, int clockid)
{
	(void)dev;
	(void)clockid;
	return 0;
}

int libevdev_grab(struct libevdev *dev, enum libevdev_grab_mode grab)
{
	(void)dev;
	node_grabbed = grab == LIBEVDEV_GRAB;
	return 0;
}

/* libevdev's contract: SYN_DROPPED as a SYNC status, then the state as SYNC events, then -EAGAIN */
int libevdev_next_event(struct libevdev *dev, unsigned int flags, struct input_event *ev)
{
	struct qent *e;

	(void)dev;
	if (qhead == qtail)
		return -EAGAIN;
	if (queue[qhead % 8192].what == Q_GONE)
		return -ENODEV;		/* stays: a removed node keeps failing */
	e = q_take();
	switch (e->what) {
	case Q_DROPPED:
		*ev = e->ev;
		ev->type = EV_SYN;
		ev->code = SYN_DROPPED;
		syncing = true;
		return LIBEVDEV_READ_STATUS_SYNC;
	case Q_SYNC_END:
		syncing = false;
		return -EAGAIN;
	default:
		*ev = e->ev;
		return (syncing && (flags & LIBEVDEV_READ_FLAG_SYNC)) ? LIBEVDEV_READ_STATUS_SYNC
								     : LIBEVDEV_READ_STATUS_SUCCESS;
	}
}

/* ---- frames ---- */

static uint64_t clock_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

/*
 * Events carry CLOCK_MONOTONIC stamps as the kernel's do (the glue asks
 * libevdev for that clock) and come about 8 ms apart, like a real pad's.
 */
static uint64_t t_ev;

static void stamp_now(void)
{
	uint64_t now = clock_us();

	t_ev = now > t_ev ? now : t_ev + 1;
}

static void wait_ms(int ms)
{
	usleep((useconds_t)ms * 1000);
}

struct touch { bool down; int x, y; };

/* One frame: up to three slots, the tool count, the clickpad button. */
static void frame(const struct touch *t, int n, bool button)
{
	static const unsigned tools[] = { BTN_TOOL_FINGER, BTN_TOOL_DOUBLETAP, BTN_TOOL_TRIPLETAP };
	static int tracking = 100;
	int fingers = 0;

	wait_ms(8);
	stamp_now();
	for (int i = 0; i < n; i++) {
		q_push(Q_EVENT, EV_ABS, ABS_MT_SLOT, i, t_ev);
		if (t[i].down && !was_down[i])
			q_push(Q_EVENT, EV_ABS, ABS_MT_TRACKING_ID, tracking++, t_ev);
		else if (!t[i].down && was_down[i])
			q_push(Q_EVENT, EV_ABS, ABS_MT_TRACKING_ID, -1, t_ev);
		was_down[i] = t[i].down;
		if (!t[i].down)
			continue;
		fingers++;
		q_push(Q_EVENT, EV_ABS, ABS_MT_POSITION_X, t[i].x, t_ev);
		q_push(Q_EVENT, EV_ABS, ABS_MT_POSITION_Y, t[i].y, t_ev);
		q_push(Q_EVENT, EV_ABS, ABS_MT_PRESSURE, 80, t_ev);
	}
	if (fingers) {
		q_push(Q_EVENT, EV_ABS, ABS_X, t[0].x, t_ev);
		q_push(Q_EVENT, EV_ABS, ABS_Y, t[0].y, t_ev);
	}
	q_push(Q_EVENT, EV_ABS, ABS_PRESSURE, fingers ? 80 : 0, t_ev);
	q_push(Q_EVENT, EV_KEY, BTN_TOUCH, fingers > 0, t_ev);
	for (int k = 0; k < 3; k++)
		q_push(Q_EVENT, EV_KEY, tools[k], fingers == k + 1, t_ev);
	q_push(Q_EVENT, EV_KEY, BTN_LEFT, button, t_ev);
	q_push(Q_EVENT, EV_SYN, SYN_REPORT, 0, t_ev);
}

static void one_finger(bool down, int x, int y, bool button)
{
	struct touch t[3] = { { down, x, y }, { false, 0, 0 }, { false, 0, 0 } };

	frame(t, 3, button);
}

/* ---- what the stub saw ---- */

static void dump_events(const char *why)
{
	printf("#   events (%s):", why);
	for (int i = 0; i < stub_nevents; i++)
		printf(" %c%d%s%s", "MBKSPW"[stub_events[i].kind], stub_events[i].detail,
		       stub_events[i].down ? "v" : "", stub_events[i].input_thread ? "i" : "m");
	printf("\n");
}

static int count(enum stub_ev_kind kind, int detail, int down)
{
	int n = 0;

	for (int i = 0; i < stub_nevents; i++)
		if (stub_events[i].kind == kind && (detail < 0 || stub_events[i].detail == detail) &&
		    (down < 0 || stub_events[i].down == down))
			n++;
	return n;
}

static bool button_held(int b)
{
	int held = 0;

	for (int i = 0; i < stub_nevents; i++)
		if (stub_events[i].kind == STUB_BUTTON && stub_events[i].detail == b)
			held = stub_events[i].down;
	return held;
}

static int prop_events(const char *name, int what)
{
	Atom a = MakeAtom(name, strlen(name), TRUE);
	int n = 0;

	for (int i = 0; i < stub_nprop_events; i++)
		n += stub_prop_events[i].atom == a && stub_prop_events[i].what == what;
	return n;
}

/* The input thread's turns until it finds nothing readable (a bounded number). */
static void read_now(InputInfoPtr p)
{
	(void)p;
	for (int turn = 0; turn < 200 && stub_input_thread_run() > 0; turn++)
		;
}

/* What the main loop does between reads: the timers that are due. */
static void main_loop_turn(void)
{
	usleep(2000);
	stub_run_timers();
}

/*
 * The user lifts every finger; the driver reads it and the main loop runs
 * 250 ms later, past the tap timeout (MaxTapTime, 180 ms by default), so
 * what the lift started (a tap's click, the end of a gesture) is posted.
 */
static void lift_and_settle(InputInfoPtr p)
{
	one_finger(false, 0, 0, false);
	read_now(p);
	wait_ms(250);
	main_loop_turn();
}

/* ---- the device ---- */

static InputInfoPtr pinfo;
static DeviceIntPtr dev;

static void bring_up(void)
{
	static const char *const options[] = {
		"Device", fifo_path,
		"TapButton1", "1",
		"HasSecondarySoftButtons", "on",
		"SecondarySoftButtonAreas", "3472 0 0 1500 2672 3472 0 1500",
		"SwipeLeftAction", "key Ctrl+a",
		NULL,
	};
	InputDriverPtr drv;

	make_node();
	synapticsModuleData.setup(NULL, NULL, NULL, NULL);
	drv = stub_driver();
	pinfo = stub_new_input("touchpad", options);
	CHECK(drv && drv->PreInit(drv, pinfo, 0) == Success, "PreInit accepts the clickpad");
	dev = stub_new_device(pinfo);
	CHECK(pinfo->device_control(dev, DEVICE_INIT) == Success, "DEVICE_INIT");
	stub_keymap_set(dev, 37, 0xffe3, 0xffe3);	/* Control_L */
	stub_keymap_set(dev, 38, 'a', 'A');
	stub_keymap_set(dev, 50, 0xffe1, 0xffe1);	/* Shift_L */
	CHECK(pinfo->device_control(dev, DEVICE_ON) == Success && stub_registrations(pinfo) == 1 &&
	      dev->public.on, "DEVICE_ON registers one fd with the input thread");
	CHECK(stub_property_exists(SYNAPTICS_PROP_CLICKPAD) &&
	      stub_property_exists(SYNAPTICS_PROP_SOFTBUTTON_AREAS) &&
	      stub_property_exists(SYNAPTICS_PROP_MONITOR),
	      "the clickpad has its properties (ClickPad, Soft Button Areas, Monitor)");
}

static void test_tap_by_timer(void)
{
	stub_clear_events();
	one_finger(true, 2500, 2000, false);
	wait_ms(30);
	one_finger(false, 2500, 2000, false);
	read_now(pinfo);
	main_loop_turn();
	CHECK(count(STUB_BUTTON, 1, 1) == 0, "no click before the tap timeout");
	wait_ms(250);
	main_loop_turn();
	wait_ms(150);		/* ClickTime: the release comes from a second timer */
	main_loop_turn();
	dump_events("tap");
	CHECK(count(STUB_BUTTON, 1, 1) == 1 && count(STUB_BUTTON, 1, 0) == 1,
	      "a tap is one click of button 1 (%d presses)", count(STUB_BUTTON, 1, 1));
	CHECK(stub_nevents == 2 && !stub_events[0].input_thread && !stub_events[1].input_thread,
	      "press and release come from the timers, on the main thread");
}

static void test_motion(void)
{
	stub_clear_events();
	for (int i = 0; i < 10; i++)
		one_finger(true, 2000 + 80 * i, 2000, false);
	lift_and_settle(pinfo);
	CHECK(count(STUB_MOTION, -1, -1) >= 5, "a moving finger moves the pointer (%d events)",
	      count(STUB_MOTION, -1, -1));
	CHECK(count(STUB_BUTTON, -1, -1) == 0, "a move clicks nothing");
}

static void test_refused_writes(void)
{
	const XIPropertyValueRec *v = stub_property(SYNAPTICS_PROP_TAP_TIME);
	int32_t before = v ? *(int32_t *)v->data : -1;
	int32_t bad = -5, good = 150;
	float f = 100.0f;
	uint8_t caps[7] = { 0 };

	CHECK(stub_client_change(dev, SYNAPTICS_PROP_TAP_TIME, MakeAtom("FLOAT", 5, TRUE), 32, 1, &f) ==
	      BadMatch, "Tap Time as FLOAT: BadMatch");
	CHECK(stub_client_change(dev, SYNAPTICS_PROP_TAP_TIME, XA_INTEGER, 32, 1, &bad) == BadValue,
	      "Tap Time -5: BadValue");
	v = stub_property(SYNAPTICS_PROP_TAP_TIME);
	CHECK(v && *(int32_t *)v->data == before, "refused writes left Tap Time at %d", before);
	CHECK(stub_client_change(dev, SYNAPTICS_PROP_CAPABILITIES, XA_INTEGER, 8, 7, caps) == BadValue,
	      "Capabilities (read-only): BadValue");
	CHECK(stub_client_change(dev, "Device Node", XA_STRING, 8, 4, "/dev") == BadAccess,
	      "Device Node: BadAccess");
	CHECK(stub_client_change(dev, SYNAPTICS_PROP_TAP_TIME, XA_INTEGER, 32, 1, &good) == Success &&
	      *(int32_t *)stub_property(SYNAPTICS_PROP_TAP_TIME)->data == 150, "Tap Time 150 is taken");
}

static void test_tap_action_write(void)
{
	uint8_t actions[7] = { 0, 0, 0, 0, 0, 0, 0 };	/* TapButton1 0 */

	CHECK(stub_client_change(dev, SYNAPTICS_PROP_TAP_ACTION, XA_INTEGER, 8, 7, actions) == Success,
	      "Tap Action with TapButton1 0 is taken");
	stub_clear_events();
	one_finger(true, 2500, 2000, false);
	wait_ms(30);
	one_finger(false, 2500, 2000, false);
	read_now(pinfo);
	wait_ms(250);
	main_loop_turn();
	dump_events("tap, TapButton1 0");
	CHECK(count(STUB_BUTTON, -1, -1) == 0, "after it, a tap clicks nothing");
	actions[4] = 1;
	stub_client_change(dev, SYNAPTICS_PROP_TAP_ACTION, XA_INTEGER, 8, 7, actions);
}

static void test_clickpad_toggle(void)
{
	uint8_t off = 0, on = 1;

	stub_clear_events();
	stub_max_handler_depth = 0;
	CHECK(stub_client_change(dev, SYNAPTICS_PROP_CLICKPAD, XA_INTEGER, 8, 1, &off) == Success,
	      "ClickPad 0 is taken");
	CHECK(!stub_property_exists(SYNAPTICS_PROP_SOFTBUTTON_AREAS) &&
	      prop_events(SYNAPTICS_PROP_SOFTBUTTON_AREAS, XIPropertyDeleted) == 1,
	      "ClickPad 0 deletes Soft Button Areas, with its XIPropertyDeleted event");
	CHECK(stub_client_change(dev, SYNAPTICS_PROP_CLICKPAD, XA_INTEGER, 8, 1, &on) == Success,
	      "ClickPad 1 is taken");
	CHECK(stub_property_exists(SYNAPTICS_PROP_SOFTBUTTON_AREAS) &&
	      prop_events(SYNAPTICS_PROP_SOFTBUTTON_AREAS, XIPropertyCreated) == 1,
	      "ClickPad 1 creates Soft Button Areas, with its XIPropertyCreated event");
	CHECK(prop_events(SYNAPTICS_PROP_CLICKPAD, XIPropertyModified) == 2,
	      "each ClickPad write is one XIPropertyModified");
	CHECK(stub_max_handler_depth == 2,
	      "the created property went through the handlers once more (depth %d), and they let it pass",
	      stub_max_handler_depth);

	/* XIT SoftButtonsFirst: areas a client writes while ClickPad is off
	 * (the property is then the client's, not ours) apply once it is on. */
	{
		int32_t areas[8] = { 3472, 0, 3900, 0, 0, 0, 0, 0 }, bad[8] = { 3000, 2000 };
		const XIPropertyValueRec *v;

		stub_client_change(dev, SYNAPTICS_PROP_CLICKPAD, XA_INTEGER, 8, 1, &off);
		CHECK(stub_client_change(dev, SYNAPTICS_PROP_SOFTBUTTON_AREAS, XA_INTEGER, 32, 8,
					 areas) == Success,
		      "with ClickPad off a client may create Soft Button Areas");
		stub_client_change(dev, SYNAPTICS_PROP_CLICKPAD, XA_INTEGER, 8, 1, &on);
		v = stub_property(SYNAPTICS_PROP_SOFTBUTTON_AREAS);
		CHECK(v && v->format == 32 && v->size == 8 && ((const int32_t *)v->data)[0] == 3472 &&
		      ((const int32_t *)v->data)[2] == 3900,
		      "ClickPad 1 keeps the client's areas (%d %d)",
		      v ? ((const int32_t *)v->data)[0] : -1, v ? ((const int32_t *)v->data)[2] : -1);
		stub_client_change(dev, SYNAPTICS_PROP_CLICKPAD, XA_INTEGER, 8, 1, &off);
		stub_client_change(dev, SYNAPTICS_PROP_SOFTBUTTON_AREAS, XA_INTEGER, 32, 8, bad);
		stub_client_change(dev, SYNAPTICS_PROP_CLICKPAD, XA_INTEGER, 8, 1, &on);
		v = stub_property(SYNAPTICS_PROP_SOFTBUTTON_AREAS);
		CHECK(v && ((const int32_t *)v->data)[0] == 3472 && ((const int32_t *)v->data)[1] == 0,
		      "an invalid one (left > right) is replaced by the settings");
	}
}

/* A three-finger swipe to the left, one frame per read, the main loop turning in between. */
static void swipe_left(void)
{
	for (int i = 0; i < 16; i++) {
		struct touch t[3] = {
			{ true, 3500 - 60 * i, 1800 }, { true, 3100 - 60 * i, 2000 },
			{ true, 2700 - 60 * i, 1900 },
		};

		frame(t, 3, false);
		read_now(pinfo);
		main_loop_turn();
	}
	{
		struct touch up[3] = { { false, 0, 0 }, { false, 0, 0 }, { false, 0, 0 } };

		frame(up, 3, false);
		read_now(pinfo);
		main_loop_turn();
	}
}

static void test_key_action(void)
{
	int loud = stub_sigsafe_loud, logs;

	stub_clear_events();
	swipe_left();
	CHECK(count(STUB_SWIPE, XI_GestureSwipeBegin, -1) == 1 && count(STUB_SWIPE, XI_GestureSwipeEnd, -1) == 1,
	      "a three-finger swipe is one XI 2.4 swipe");
	CHECK(count(STUB_KEY, 37, 1) == 1 && count(STUB_KEY, 38, 1) == 1 && count(STUB_KEY, 38, 0) == 1 &&
	      count(STUB_KEY, 37, 0) == 1, "SwipeLeftAction key Ctrl+a: keycodes 37 and 38 pressed and released");
	CHECK(stub_nevents > 0 && count(STUB_KEY, -1, -1) == 4, "exactly four key events");

	/* the main thread moves 'a' to keycode 52 */
	stub_keymap_set(dev, 38, 'q', 'Q');
	stub_keymap_set(dev, 52, 'a', 'A');
	stub_clear_events();
	swipe_left();
	dump_events("swipe, new keymap");
	CHECK(count(STUB_KEY, 52, 1) == 1 && count(STUB_KEY, 38, -1) == 0,
	      "after the keymap changed, the next swipe presses the new keycode (52)");

	/* and takes 'a' away */
	stub_keymap_set(dev, 52, 'z', 'Z');
	logs = stub_log_lines;
	stub_clear_events();
	swipe_left();
	CHECK(count(STUB_KEY, -1, -1) == 0, "a keysym gone from the keymap: the action sends nothing");
	CHECK(stub_log_lines > logs, "and the main thread says so in the log");
	CHECK(stub_sigsafe_loud == loud, "the input thread logged nothing but the debug trace along the way");
}

static void test_off_with_button_held(void)
{
	stub_clear_events();
	one_finger(true, 2500, 3900, false);
	one_finger(true, 2500, 3900, true);
	read_now(pinfo);
	CHECK(button_held(1), "a clickpad press holds button 1");
	CHECK(pinfo->device_control(dev, DEVICE_OFF) == Success && !dev->public.on, "DEVICE_OFF");
	CHECK(!button_held(1) && count(STUB_BUTTON, 1, 0) == 1, "DEVICE_OFF released button 1");
	CHECK(stub_timers_pending() == 0, "no timer armed after DEVICE_OFF (%d)", stub_timers_pending());
	CHECK(fcntl(node_fd, F_GETFD) < 0, "DEVICE_OFF closed the node");
	stub_clear_events();
	for (int i = 0; i < 5; i++)
		one_finger(true, 2000 + 60 * i, 2600, false);
	CHECK(stub_input_thread_run() == 0 && stub_nevents == 0,
	      "while off the input thread is not woken and nothing is posted");
	CHECK(pinfo->device_control(dev, DEVICE_ON) == Success && dev->public.on, "DEVICE_ON again");
}

static void test_syn_dropped(void)
{
	stub_clear_events();
	one_finger(true, 2000, 3900, false);
	one_finger(true, 2000, 3900, true);
	read_now(pinfo);
	CHECK(button_held(1), "button 1 held before the events are lost");
	/* events lost; the device's state now: finger up, button up */
	stamp_now();
	q_push(Q_DROPPED, 0, 0, 0, t_ev);
	one_finger(false, 0, 0, false);
	q_push(Q_SYNC_END, 0, 0, 0, t_ev);
	read_now(pinfo);
	CHECK(!button_held(1), "after SYN_DROPPED and the resync, button 1 is up");
	CHECK(stub_sigsafe_loud > 0, "the input thread reported the loss through the sig-safe logger");
}

static void test_removal_mid_drag(void)
{
	stub_clear_events();
	one_finger(true, 2000, 3900, false);
	one_finger(true, 2000, 3900, true);
	for (int i = 0; i < 5; i++)
		one_finger(true, 2000 + 40 * i, 3000, true);
	read_now(pinfo);
	CHECK(button_held(1), "a click-drag holds button 1");
	q_push(Q_GONE, 0, 0, 0, t_ev);
	read_now(pinfo);
	CHECK(!button_held(1), "the node removed mid-drag: button 1 released");
	CHECK(stub_input_thread_run() == 0, "and the gone node does not wake the input thread again");
}

/*
 * xinput disable/enable as fast as a script does it, the input thread not
 * getting a turn in between (a busy machine): the driver keeps the one
 * registration (the server drops registrations late and by fd number, so
 * OFF/ON/OFF of a registered fd left one behind for a later device with
 * the same number), the grab is released while off, every DEVICE_ON
 * starts from the node's state, and the pad still moves the pointer.
 */
static void test_fast_cycles(void)
{
	int opens = node_opens, regs = 1;

	for (int i = 0; i < 50; i++) {
		pinfo->device_control(dev, DEVICE_OFF);
		if (i == 0)
			CHECK(!node_grabbed, "DEVICE_OFF releases the grab");
		regs &= stub_registrations(pinfo) == 1;
		pinfo->device_control(dev, DEVICE_ON);
		regs &= stub_registrations(pinfo) == 1;
	}
	CHECK(regs, "50 off/on cycles without an input-thread turn: always exactly one registration");
	CHECK(node_opens - opens == 50, "each DEVICE_ON read the node's state afresh (%d opens)",
	      node_opens - opens);
	CHECK(node_grabbed && dev->public.on, "and end grabbed and on");
	stub_clear_events();
	for (int i = 0; i < 8; i++)
		one_finger(true, 2000 + 60 * i, 2600, false);
	one_finger(false, 0, 0, false);
	read_now(pinfo);
	CHECK(count(STUB_MOTION, -1, -1) >= 4, "the pad moves the pointer after the cycles (%d events)",
	      count(STUB_MOTION, -1, -1));
	wait_ms(250);
	main_loop_turn();
}

/*
 * A settings panel that turns the top buttons off writes the secondary
 * row all zero.  The property stays (1.9 keeps it too): deleting it inside
 * its own handler makes Xorg free it twice and abort.
 */
static void test_secondary_zero_write(void)
{
	int32_t zero[8] = { 0 };
	const XIPropertyValueRec *v;
	int violations = stub_violations;

	CHECK(stub_property_exists(SYNAPTICS_PROP_SECONDARY_SOFTBUTTON_AREAS),
	      "the configured top row has its property");
	CHECK(stub_client_change(dev, SYNAPTICS_PROP_SECONDARY_SOFTBUTTON_AREAS, XA_INTEGER, 32, 8,
				 zero) == Success, "Secondary Soft Button Areas all zero is taken");
	v = stub_property(SYNAPTICS_PROP_SECONDARY_SOFTBUTTON_AREAS);
	CHECK(v && v->size == 8 && ((const int32_t *)v->data)[0] == 0 && ((const int32_t *)v->data)[3] == 0,
	      "the property stays, all zero");
	CHECK(stub_violations == violations, "and the server's property was not deleted under it");
	CHECK(prop_events(SYNAPTICS_PROP_SECONDARY_SOFTBUTTON_AREAS, XIPropertyDeleted) == 0,
	      "no XIPropertyDeleted for it");
}

/*
 * ClickPad switched on while a separate button is held (the pad is not a
 * clickpad for the core while ClickPad is 0): the release still releases.
 */
static void test_clickpad_on_while_held(void)
{
	uint8_t off = 0, on = 1;

	stub_client_change(dev, SYNAPTICS_PROP_CLICKPAD, XA_INTEGER, 8, 1, &off);
	stub_clear_events();
	one_finger(true, 2500, 2500, false);
	one_finger(true, 2500, 2500, true);
	read_now(pinfo);
	CHECK(button_held(1), "ClickPad 0: the switch holds button 1");
	stub_client_change(dev, SYNAPTICS_PROP_CLICKPAD, XA_INTEGER, 8, 1, &on);
	one_finger(true, 2500, 2500, false);
	lift_and_settle(pinfo);
	dump_events("ClickPad on while held");
	CHECK(!button_held(1) && count(STUB_BUTTON, 1, 1) == 1 && count(STUB_BUTTON, 1, 0) == 1,
	      "switched to ClickPad 1 while held: the release releases it (%d presses, %d releases)",
	      count(STUB_BUTTON, 1, 1), count(STUB_BUTTON, 1, 0));
	stub_clear_events();
	one_finger(true, 2500, 3900, false);
	one_finger(true, 2500, 3900, true);
	one_finger(true, 2500, 3900, false);
	lift_and_settle(pinfo);
	CHECK(count(STUB_BUTTON, 1, 1) == 1 && count(STUB_BUTTON, 1, 0) == 1 && !button_held(1),
	      "and the next click is one click");
}

/*
 * Events lost under load while a click-drag goes on: the resync says the
 * button is still down and the finger further on.  The drag goes on: no
 * release, no second press (1.9 and libinput resync without releasing).
 */
static void test_drag_survives_syn_dropped(void)
{
	int x = 2000;

	stub_clear_events();
	one_finger(true, x, 3900, false);
	one_finger(true, x, 3900, true);
	for (int i = 1; i <= 10; i++)
		one_finger(true, x += 40, 3900 - 60 * i, true);
	read_now(pinfo);
	CHECK(button_held(1), "a click-drag holds button 1");
	stub_clear_events();
	stamp_now();
	q_push(Q_DROPPED, 0, 0, 0, t_ev);
	one_finger(true, x += 120, 3300, true);	/* the state after the gap: three frames on */
	q_push(Q_SYNC_END, 0, 0, 0, t_ev);
	for (int i = 0; i < 8; i++)
		one_finger(true, x += 40, 3300, true);
	read_now(pinfo);
	dump_events("drag across SYN_DROPPED");
	CHECK(!count(STUB_BUTTON, -1, -1),
	      "SYN_DROPPED mid-drag: button 1 stays down, no release, no second press");
	CHECK(count(STUB_MOTION, -1, -1) >= 6, "and the drag moves on (%d motion events)",
	      count(STUB_MOTION, -1, -1));
	one_finger(true, x, 3300, false);
	lift_and_settle(pinfo);
	CHECK(count(STUB_BUTTON, 1, 0) == 1 && !button_held(1), "the real release ends it");
}

/*
 * A node that floods: one read takes a bounded bite, so the input thread
 * gets to its other devices, and the rest comes on the next turns.
 */
static void test_flood_in_bites(void)
{
	int before, taken;

	stub_clear_events();
	for (int i = 0; i < 300; i++)
		one_finger(true, 2000 + (i % 40) * 20, 2600, false);
	before = qtail - qhead;
	stub_input_thread_run();
	taken = before - (qtail - qhead);
	CHECK(taken > 0 && taken <= TP_EVDEV_READ_BUDGET + 20,
	      "one read of a flooded node takes at most %d events and a frame (took %d of %d)",
	      TP_EVDEV_READ_BUDGET, taken, before);
	one_finger(false, 0, 0, false);
	read_now(pinfo);
	CHECK(qhead == qtail, "the following turns read the rest");
	wait_ms(250);
	main_loop_turn();
}

/*
 * The node opened again at DEVICE_ON is another device (psmouse re-probed
 * with other parameters): the settings follow its ranges.
 */
static void test_device_changed(void)
{
	const XIPropertyValueRec *v;
	int32_t right_before, right_after;

	v = stub_property(SYNAPTICS_PROP_EDGES);
	right_before = v ? ((const int32_t *)v->data)[1] : -1;
	pinfo->device_control(dev, DEVICE_OFF);
	node_xmax = TEST_CLICKPAD_XMAX + 2000;
	CHECK(pinfo->device_control(dev, DEVICE_ON) == Success, "DEVICE_ON on a node with a wider x range");
	v = stub_property(SYNAPTICS_PROP_EDGES);
	right_after = v ? ((const int32_t *)v->data)[1] : -1;
	CHECK(right_after > right_before + 1000,
	      "Synaptics Edges follow the new range (right edge %d -> %d)", right_before, right_after);
	pinfo->device_control(dev, DEVICE_OFF);
	node_xmax = 0;
	CHECK(pinfo->device_control(dev, DEVICE_ON) == Success, "and back");
	v = stub_property(SYNAPTICS_PROP_EDGES);
	CHECK(v && ((const int32_t *)v->data)[1] == right_before, "the edges are the first ones again");
}

static void tear_down(void)
{
	InputDriverPtr drv = stub_driver();

	CHECK(pinfo->device_control(dev, DEVICE_OFF) == Success, "DEVICE_OFF");
	CHECK(pinfo->device_control(dev, DEVICE_CLOSE) == Success, "DEVICE_CLOSE");
	stub_input_thread_run();
	CHECK(stub_registrations(pinfo) == 0, "after DEVICE_CLOSE the input thread holds nothing of it");
	drv->UnInit(drv, pinfo, 0);
	CHECK(stub_timers_alive() == 0, "every timer freed (%d left)", stub_timers_alive());
	CHECK(stub_input_lock == 0, "the input lock is balanced");
}

/*
 * Under systemd-logind the server owns the fd: on a VT switch it turns
 * the device off, closes the fd, and at the switch back hands over a new
 * one, often with the same number (systemd-logind.c).  A finger that was
 * down at the switch and lifted while away must not stay as a ghost.
 */
static void test_server_fd_vt_switch(void)
{
	static const char *const options[] = { "Device", fifo_path, NULL };
	InputDriverPtr drv = stub_driver();
	InputInfoPtr pi = stub_new_input("logind pad", options);
	DeviceIntPtr d;
	int opens, fd;

	pi->flags |= XI86_SERVER_FD;
	pi->fd = open(fifo_path, O_RDWR | O_NONBLOCK | O_CLOEXEC);
	CHECK(drv->PreInit(drv, pi, 0) == Success, "PreInit with a server fd");
	d = stub_new_device(pi);
	CHECK(pi->device_control(d, DEVICE_INIT) == Success && pi->device_control(d, DEVICE_ON) == Success,
	      "DEVICE_INIT, DEVICE_ON");
	pinfo = pi;	/* read_now() and the frames are this pad's now */
	{
		struct touch t[3] = { { false, 0, 0 }, { true, 4000, 2500 }, { false, 0, 0 } };

		frame(t, 3, false);
		frame(t, 3, false);
	}
	read_now(pi);
	/* the VT switch: off, the server closes its fd; the finger lifts meanwhile */
	pi->device_control(d, DEVICE_OFF);
	fd = pi->fd;
	close(fd);
	pi->fd = -1;
	memset(was_down, 0, sizeof(was_down));	/* lifted while away: the new fd never hears of it */
	opens = node_opens;
	pi->fd = open(fifo_path, O_RDWR | O_NONBLOCK | O_CLOEXEC);
	CHECK(pi->fd == fd, "the server's new fd has the old number (%d, was %d)", pi->fd, fd);
	CHECK(pi->device_control(d, DEVICE_ON) == Success && node_opens == opens + 1,
	      "DEVICE_ON after the switch reads the new fd's state");
	CHECK(stub_registrations(pi) == 1, "one registration with the input thread");
	stub_clear_events();
	for (int i = 0; i < 10; i++)
		one_finger(true, 2000 + 60 * i, 2600, false);
	lift_and_settle(pi);
	dump_events("one finger after the VT switch");
	CHECK(count(STUB_MOTION, -1, -1) >= 5 && count(STUB_SCROLL, -1, -1) == 0,
	      "one finger moves the pointer: no ghost of the finger lifted while away (%d motion)",
	      count(STUB_MOTION, -1, -1));
	pi->device_control(d, DEVICE_OFF);
	pi->device_control(d, DEVICE_CLOSE);
	drv->UnInit(drv, pi, 0);
	stub_input_thread_run();
	CHECK(stub_registrations(pi) == 0, "closed: nothing left with the input thread");
	CHECK(fcntl(fd, F_GETFD) >= 0, "the server's fd is the server's to close");
	close(fd);
	stub_free_device(d);
	stub_free_input(pi);
}

/* HorizResolution takes any int; units per metre for X must not overflow. */
static void test_huge_resolution(void)
{
	static const char *const options[] = {
		"Device", fifo_path, "HorizResolution", "1000000000", NULL,
	};
	InputDriverPtr drv = stub_driver();
	InputInfoPtr pi = stub_new_input("fine pad", options);
	DeviceIntPtr d;
	int violations = stub_violations;

	CHECK(drv->PreInit(drv, pi, 0) == Success, "PreInit with HorizResolution 1000000000");
	d = stub_new_device(pi);
	CHECK(pi->device_control(d, DEVICE_INIT) == Success, "DEVICE_INIT");
	CHECK(stub_axis_resolution[0] == INT_MAX && stub_violations == violations,
	      "the x axis gets the largest resolution X can hold (%d units/m), not an overflow",
	      stub_axis_resolution[0]);
	pi->device_control(d, DEVICE_CLOSE);
	drv->UnInit(drv, pi, 0);
	stub_free_device(d);
	stub_free_input(pi);
}

int main(void)
{
	bring_up();
	test_motion();
	test_tap_by_timer();
	test_refused_writes();
	test_tap_action_write();
	test_clickpad_toggle();
	test_key_action();
	test_off_with_button_held();
	test_fast_cycles();
	test_syn_dropped();
	test_secondary_zero_write();
	test_clickpad_on_while_held();
	test_drag_survives_syn_dropped();
	test_flood_in_bites();
	test_device_changed();
	test_removal_mid_drag();
	tear_down();
	stub_free_device(dev);
	stub_free_input(pinfo);
	test_server_fd_vt_switch();
	test_huge_resolution();
	CHECK(stub_violations == 0, "no server rule broken (%d violations)", stub_violations);
	remove_node();
	return failures ? 1 : 0;
}
