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
 * when the device goes off, is removed or loses events; a refused property
 * write changes nothing; ClickPad off and on deletes and creates "Soft
 * Button Areas" with their XIPropertyEvents; key actions use the keymap of
 * the moment, resolved on the main thread; nothing breaks a server rule.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <libevdev/libevdev.h>

#include "test-clickpad.h"
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
}

static bool node_grabbed;
static int node_opens;

int libevdev_new_from_fd(int fd, struct libevdev **dev)
{
	(void)fd;
	node_opens++;
	*dev = test_clickpad_new("stub clickpad");
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
	e = &queue[qhead % 8192];
	switch (e->what) {
	case Q_GONE:
		return -ENODEV;		/* stays: a removed node keeps failing */
	case Q_DROPPED:
		qhead++;
		*ev = e->ev;
		ev->type = EV_SYN;
		ev->code = SYN_DROPPED;
		syncing = true;
		return LIBEVDEV_READ_STATUS_SYNC;
	case Q_SYNC_END:
		qhead++;
		syncing = false;
		return -EAGAIN;
	default:
		qhead++;
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
	static bool was_down[3];
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

static void read_now(InputInfoPtr pinfo)
{
	stub_input_thread_read(pinfo);
}

/* What the main loop does between reads: the timers that are due. */
static void main_loop_turn(void)
{
	usleep(2000);
	stub_run_timers();
}

/* ---- the device ---- */

static InputInfoPtr pinfo;
static DeviceIntPtr dev;

static void bring_up(void)
{
	static const char *const options[] = {
		"Device", "/dev/null",
		"TapButton1", "1",
		"SwipeLeftAction", "key Ctrl+a",
		NULL,
	};
	InputDriverPtr drv;

	synapticsModuleData.setup(NULL, NULL, NULL, NULL);
	drv = stub_driver();
	pinfo = stub_new_input("touchpad", options);
	CHECK(drv && drv->PreInit(drv, pinfo, 0) == Success, "PreInit accepts the clickpad");
	dev = stub_new_device(pinfo);
	CHECK(pinfo->device_control(dev, DEVICE_INIT) == Success, "DEVICE_INIT");
	stub_keymap_set(dev, 37, 0xffe3, 0xffe3);	/* Control_L */
	stub_keymap_set(dev, 38, 'a', 'A');
	stub_keymap_set(dev, 50, 0xffe1, 0xffe1);	/* Shift_L */
	CHECK(pinfo->device_control(dev, DEVICE_ON) == Success && stub_enabled && dev->public.on,
	      "DEVICE_ON adds the fd to the input thread");
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
	one_finger(false, 0, 0, false);
	read_now(pinfo);
	wait_ms(250);
	main_loop_turn();
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
	CHECK(pinfo->device_control(dev, DEVICE_OFF) == Success && !dev->public.on && !stub_enabled,
	      "DEVICE_OFF");
	CHECK(!button_held(1) && count(STUB_BUTTON, 1, 0) == 1, "DEVICE_OFF released button 1");
	CHECK(stub_timers_pending() == 0, "no timer armed after DEVICE_OFF (%d)", stub_timers_pending());
	qhead = qtail;		/* what the node still had is gone with it */
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
	CHECK(!stub_enabled, "and the fd left the input thread");
	qhead = qtail = 0;
}

/*
 * xinput disable/enable as fast as a script does it: the node stays open
 * (the same fd: the server's input thread drops registrations late, a
 * reused fd number lost the pad), the grab is released while off, and the
 * pad still moves the pointer afterwards.
 */
static void test_fast_cycles(void)
{
	int fd = pinfo->fd, opens = node_opens, same = 1;

	for (int i = 0; i < 50; i++) {
		pinfo->device_control(dev, DEVICE_OFF);
		if (i == 0)
			CHECK(!node_grabbed, "DEVICE_OFF releases the grab");
		one_finger(true, 2500, 2500, false);	/* frames while off: stale at DEVICE_ON */
		pinfo->device_control(dev, DEVICE_ON);
		same &= pinfo->fd == fd;
	}
	CHECK(same && node_opens == opens, "50 off/on cycles keep the one open node (fd %d, %d opens)",
	      pinfo->fd, node_opens - opens);
	CHECK(node_grabbed && stub_enabled && dev->public.on, "and end grabbed, enabled, on");
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

static void tear_down(void)
{
	InputDriverPtr drv = stub_driver();

	CHECK(pinfo->device_control(dev, DEVICE_OFF) == Success, "DEVICE_OFF");
	CHECK(pinfo->device_control(dev, DEVICE_CLOSE) == Success, "DEVICE_CLOSE");
	drv->UnInit(drv, pinfo, 0);
	CHECK(stub_timers_alive() == 0, "every timer freed (%d left)", stub_timers_alive());
	CHECK(stub_input_lock == 0, "the input lock is balanced");
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
	test_removal_mid_drag();
	tear_down();
	CHECK(stub_violations == 0, "no server rule broken (%d violations)", stub_violations);
	stub_free_device(dev);
	stub_free_input(pinfo);
	return failures ? 1 : 0;
}
