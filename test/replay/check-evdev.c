/*
 * check-evdev - the evdev backend without a device node: the touchpad probe
 * on hand-built libevdev descriptions, and frame assembly from single
 * events (MT-B slots, finger counts, buttons, SYN_DROPPED, timestamps).
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "tp-evdev.h"

static int failures;

#define CHECK(cond, ...) do { \
	if (!(cond)) { printf("FAILED line %d: ", __LINE__); printf(__VA_ARGS__); printf("\n"); failures++; } \
} while (0)

static void abs_axis(struct libevdev *d, unsigned int code, int min, int max, int fuzz, int res)
{
	struct input_absinfo a = { .minimum = min, .maximum = max, .fuzz = fuzz, .resolution = res };

	libevdev_enable_event_code(d, EV_ABS, code, &a);
}

static void key(struct libevdev *d, unsigned int code)
{
	libevdev_enable_event_code(d, EV_KEY, code, NULL);
}

/* A T440-like clickpad: MT-B, 2 slots, top buttons. */
static struct libevdev *t440(void)
{
	struct libevdev *d = libevdev_new();

	libevdev_set_name(d, "test clickpad");
	libevdev_set_id_vendor(d, 2);
	libevdev_set_id_product(d, 7);
	libevdev_enable_property(d, INPUT_PROP_POINTER);
	libevdev_enable_property(d, INPUT_PROP_BUTTONPAD);
	libevdev_enable_property(d, INPUT_PROP_TOPBUTTONPAD);
	abs_axis(d, ABS_X, 1472, 5112, 0, 42);
	abs_axis(d, ABS_Y, 1408, 3834, 0, 42);
	abs_axis(d, ABS_PRESSURE, 0, 255, 0, 0);
	abs_axis(d, ABS_TOOL_WIDTH, 0, 15, 0, 0);
	abs_axis(d, ABS_MT_SLOT, 0, 1, 0, 0);
	abs_axis(d, ABS_MT_POSITION_X, 1472, 5112, 8, 42);
	abs_axis(d, ABS_MT_POSITION_Y, 1408, 3834, 8, 42);
	abs_axis(d, ABS_MT_TRACKING_ID, 0, 65535, 0, 0);
	abs_axis(d, ABS_MT_PRESSURE, 0, 255, 0, 0);
	key(d, BTN_LEFT);
	key(d, BTN_TOUCH);
	key(d, BTN_TOOL_FINGER);
	key(d, BTN_TOOL_DOUBLETAP);
	key(d, BTN_TOOL_TRIPLETAP);
	key(d, BTN_TOOL_QUADTAP);
	key(d, BTN_0);
	return d;
}

static void check_probe(void)
{
	struct libevdev *d = t440();
	struct tp_device dev;
	const char *why = "";

	CHECK(tp_evdev_check(d, &why) == 0, "clickpad refused: %s", why);
	tp_evdev_describe(d, &dev);
	CHECK(strcmp(dev.name, "test clickpad") == 0 && dev.vendor == 2 && dev.product == 7, "identity");
	CHECK(dev.x.present && dev.x.min == 1472 && dev.x.max == 5112 && dev.x.res == 42, "x axis");
	CHECK(dev.pressure.present && dev.width.present && !dev.touch_major.present, "pressure/width/major");
	CHECK(dev.x.fuzz == 0 && dev.mt_x.present && dev.mt_x.fuzz == 8 && dev.mt_y.fuzz == 8,
	      "MT positions and their fuzz (the hysteresis default)");
	CHECK(dev.num_slots == 2 && !dev.semi_mt && dev.clickpad && dev.topbuttonpad, "slots/props");
	CHECK(dev.max_fingers == 4, "max fingers %d", dev.max_fingers);
	CHECK(dev.buttons == (TP_HW_LEFT | TP_HW_MULTI(0)), "buttons 0x%x", dev.buttons);

	/* a tablet pen is not a touchpad */
	key(d, BTN_TOOL_PEN);
	CHECK(tp_evdev_check(d, &why) == -ENODEV, "pen accepted");
	libevdev_free(d);

	/* a mouse */
	d = libevdev_new();
	libevdev_enable_event_code(d, EV_REL, REL_X, NULL);
	libevdev_enable_event_code(d, EV_REL, REL_Y, NULL);
	key(d, BTN_LEFT);
	CHECK(tp_evdev_check(d, &why) == -ENODEV, "mouse accepted");
	libevdev_free(d);

	/* a touchscreen: X/Y and BTN_TOUCH but no BTN_TOOL_FINGER */
	d = libevdev_new();
	abs_axis(d, ABS_X, 0, 100, 0, 0);
	abs_axis(d, ABS_Y, 0, 100, 0, 0);
	key(d, BTN_TOUCH);
	CHECK(tp_evdev_check(d, &why) == -ENODEV, "touchscreen accepted");
	/* ... a single-touch pad once it has BTN_TOOL_FINGER (pressure optional) */
	key(d, BTN_TOOL_FINGER);
	CHECK(tp_evdev_check(d, &why) == 0, "single-touch pad refused: %s", why);
	libevdev_free(d);
}

static struct tp_evdev_state st;
static struct tp_frame fr;
static int usec;

/* Feed one event at the running time; returns what tp_evdev_feed said. */
static enum tp_evdev_result ev(unsigned int type, unsigned int code, int value)
{
	struct input_event e;

	memset(&e, 0, sizeof(e));
	e.input_event_sec = 100;
	e.input_event_usec = usec;
	e.type = (unsigned short)type;
	e.code = (unsigned short)code;
	e.value = value;
	return tp_evdev_feed(&st, &e, &fr);
}

static bool syn(void)
{
	usec += 12000;
	return ev(EV_SYN, SYN_REPORT, 0) == TP_EVDEV_FRAME;
}

static void check_frames(void)
{
	struct libevdev *d = t440();

	tp_evdev_state_init(&st, d, false);
	usec = 0;

	/* one finger lands in slot 0 */
	ev(EV_ABS, ABS_MT_TRACKING_ID, 7);
	ev(EV_ABS, ABS_MT_POSITION_X, 3000);
	ev(EV_ABS, ABS_MT_POSITION_Y, 2000);
	ev(EV_ABS, ABS_MT_PRESSURE, 40);
	ev(EV_ABS, ABS_X, 3000);
	ev(EV_ABS, ABS_Y, 2000);
	ev(EV_ABS, ABS_PRESSURE, 40);
	ev(EV_KEY, BTN_TOUCH, 1);
	ev(EV_KEY, BTN_TOOL_FINGER, 1);
	CHECK(syn(), "no frame at SYN_REPORT");
	CHECK(fr.time == 100012000u, "time %llu", (unsigned long long)fr.time);
	CHECK(fr.touch && fr.fingers == 1 && fr.x == 3000 && fr.y == 2000 && fr.pressure == 40, "st fields");
	CHECK(fr.slots[0].active && fr.slots[0].tracking_id == 7 && fr.slots[0].x == 3000 &&
	      fr.slots[0].pressure == 40 && fr.slots[0].major == -1, "slot 0");
	CHECK(!fr.slots[1].active && fr.slots[1].tracking_id == -1, "slot 1 idle");

	/* a second finger in slot 1; the tool changes to DOUBLETAP */
	ev(EV_ABS, ABS_MT_SLOT, 1);
	ev(EV_ABS, ABS_MT_TRACKING_ID, 8);
	ev(EV_ABS, ABS_MT_POSITION_X, 4000);
	ev(EV_ABS, ABS_MT_POSITION_Y, 2100);
	ev(EV_KEY, BTN_TOOL_FINGER, 0);
	ev(EV_KEY, BTN_TOOL_DOUBLETAP, 1);
	CHECK(syn(), "no frame");
	CHECK(fr.fingers == 2 && fr.slots[1].active && fr.slots[1].x == 4000 && fr.slots[0].x == 3000,
	      "two fingers");

	/* only slot 1 moves: slot 0 keeps its state (the kernel sends changes only) */
	ev(EV_ABS, ABS_MT_POSITION_X, 4100);
	ev(EV_KEY, BTN_LEFT, 1);
	ev(EV_KEY, BTN_LEFT, 2);	/* autorepeat: ignored */
	CHECK(syn(), "no frame");
	CHECK(fr.slots[1].x == 4100 && fr.slots[0].x == 3000 && fr.buttons == TP_HW_LEFT, "changes only");

	/* events lost: nothing up to the next SYN_REPORT counts */
	CHECK(ev(EV_SYN, SYN_DROPPED, 0) == TP_EVDEV_DROPPED, "SYN_DROPPED not reported");
	ev(EV_ABS, ABS_MT_POSITION_X, 9999);
	CHECK(!syn(), "frame right after SYN_DROPPED");
	CHECK(syn(), "no frame after the dropped one");
	CHECK(fr.slots[1].x == 4100, "a dropped event was applied");

	/* a slot beyond what we track is ignored, not a crash */
	ev(EV_ABS, ABS_MT_SLOT, 40);
	ev(EV_ABS, ABS_MT_TRACKING_ID, 9);
	ev(EV_ABS, ABS_MT_SLOT, 0);
	ev(EV_ABS, ABS_MT_TRACKING_ID, -1);
	ev(EV_KEY, BTN_LEFT, 0);
	ev(EV_KEY, BTN_0, 1);
	ev(EV_KEY, BTN_TOOL_DOUBLETAP, 0);
	ev(EV_KEY, BTN_TOOL_FINGER, 1);
	CHECK(syn(), "no frame");
	CHECK(!fr.slots[0].active && fr.slots[1].active && fr.fingers == 1, "lift of slot 0");
	CHECK(fr.buttons == TP_HW_MULTI(0), "BTN_0 -> MULTI(0), got 0x%x", fr.buttons);
	libevdev_free(d);
}

/* The active contact with this tracking id in the last frame, -1 if none. */
static int contact_of(int tracking_id)
{
	for (int i = 0; i < TP_MAX_SLOTS; i++)
		if (fr.slots[i].active && fr.slots[i].tracking_id == tracking_id)
			return i;
	return -1;
}

static int active_contacts(void)
{
	int n = 0;

	for (int i = 0; i < TP_MAX_SLOTS; i++)
		n += fr.slots[i].active;
	return n;
}

static void touch_in(int slot, int id, int x, int y)
{
	ev(EV_ABS, ABS_MT_SLOT, slot);
	ev(EV_ABS, ABS_MT_TRACKING_ID, id);
	if (x >= 0)
		ev(EV_ABS, ABS_MT_POSITION_X, x);
	ev(EV_ABS, ABS_MT_POSITION_Y, y);
}

/*
 * A pad with 16 slots (hid-magicmouse: the firmware's touch id is the
 * slot): touches in any slot are seen, as many at once as a frame holds.
 */
static void check_many_slots(void)
{
	struct libevdev *d = t440();
	int c12, c15;

	abs_axis(d, ABS_MT_SLOT, 0, 15, 0, 0);
	tp_evdev_state_init(&st, d, false);
	CHECK(st.dev.num_slots == 16, "16 slots described (%d)", st.dev.num_slots);
	touch_in(12, 50, 2000, 2000);
	touch_in(15, 51, 3000, 2100);
	CHECK(syn(), "a frame");
	c12 = contact_of(50);
	c15 = contact_of(51);
	CHECK(c12 >= 0 && c15 >= 0 && c12 != c15 && active_contacts() == 2,
	      "touches in slots 12 and 15 are two contacts (%d, %d)", c12, c15);
	CHECK(c12 >= 0 && fr.slots[c12].x == 2000 && fr.slots[c12].y == 2000 &&
	      c15 >= 0 && fr.slots[c15].x == 3000, "with their positions");
	ev(EV_ABS, ABS_MT_SLOT, 12);
	ev(EV_ABS, ABS_MT_POSITION_X, 2100);
	syn();
	CHECK(contact_of(50) == c12 && fr.slots[c12].x == 2100, "a touch keeps its contact as it moves");
	ev(EV_ABS, ABS_MT_TRACKING_ID, -1);
	syn();
	CHECK(contact_of(50) < 0 && !fr.slots[c12].active && contact_of(51) == c15,
	      "the touch in slot 12 ends, the one in slot 15 goes on");
	/* a new touch in slot 12 at the same x: the kernel sends no X */
	touch_in(12, 52, -1, 2500);
	syn();
	CHECK(contact_of(52) >= 0 && fr.slots[contact_of(52)].x == 2100 && fr.slots[contact_of(52)].y == 2500,
	      "a new touch keeps its slot's last x, which the kernel does not repeat");
	/* more touches at once than a frame holds */
	for (int k = 0; k < TP_MAX_SLOTS; k++)
		touch_in(k, 60 + k, 1600 + 100 * k, 3000);
	syn();
	CHECK(active_contacts() == TP_MAX_SLOTS && st.lost_touches == 2,
	      "12 touches: %d seen, %u not (want %d and 2)", active_contacts(), st.lost_touches, TP_MAX_SLOTS);
	tp_evdev_state_release(&st);
	libevdev_free(d);
}

int main(void)
{
	check_probe();
	check_frames();
	check_many_slots();
	printf("%s: %d failures\n", failures ? "FAIL" : "ok", failures);
	return failures ? 1 : 0;
}
