/*
 * fuzz-evdev.c - libFuzzer harness: evdev event streams through the
 * backend (tp_evdev_feed) into the core, on a device whose description is
 * itself fuzzed.
 *
 * Input layout (test/fuzz/README.md has the details; seed-evdev.py writes it):
 *   u8  flags      bit0 INPUT_PROP_SEMI_MT, 1 BUTTONPAD, 2 TOPBUTTONPAD,
 *                  3 start from the device state, 4 ABS_PRESSURE,
 *                  5 ABS_TOOL_WIDTH, 6 MT slots, 7 BTN_TOUCH
 *   u8  tools      bit0-4 BTN_TOOL_FINGER..QUINTTAP, 5 BTN_TOOL_PEN,
 *                  6 ABS_MT_PRESSURE, 7 ABS_MT_TOUCH_MAJOR
 *   u16 buttons    bit0 LEFT, 1 RIGHT, 2 MIDDLE, 3 FORWARD, 4 BACK, 5-12 BTN_0..7
 *   u16 vendor, u16 product
 *   u32 ABS_MT_SLOT maximum + 1, mod 70 (so -1 .. 68)
 *   8 axes (X, Y, PRESSURE, TOOL_WIDTH, MT_POSITION_X/Y, MT_PRESSURE,
 *           MT_TOUCH_MAJOR), each i32 min, max, fuzz, resolution, value
 *   u8  n, then n options: NUL-terminated name and value, as in xorg.conf
 *   then records until the end:
 *     u8 op (op % 8): 0,1 EV_ABS: u8 code, i32 value
 *                     2   EV_KEY: u8 code, u8 value
 *                     3,4 SYN_REPORT after u16 * 50 us
 *                     5   SYN_DROPPED (the core is reset, as the X driver does)
 *                     6   no event for u16 * 50 us: the core's timeouts fire
 *                     7   u8 sub: 0 reset, 1 a property write (u8 row,
 *                         u8 n, n x i32) applied if it validates, 2 the
 *                         clock jumps back u16 * 50 us
 *
 * Beyond "no crash, no undefined behaviour" it checks what the core
 * promises its owner (touchpad.h): every button press is followed by one
 * release and never doubled, gestures begin, update and end in order, every
 * delta is finite, and after tp_core_reset() nothing is held or open and no
 * timer is pending.  A broken promise aborts, which libFuzzer reports.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libevdev/libevdev.h>

#include "fuzz-input.h"
#include "tp-evdev.h"
#include "tp-options.h"
#include "touchpad.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define US_PER_TICK	50u
#define MAX_TIMERS	10000		/* per step; the core must settle well before */

struct sink {
	bool held[TP_MAX_BUTTON + 1];
	bool gesture_open;
	enum tp_gesture_type gesture_type;
};

static __attribute__((noreturn)) void bug(const char *what)
{
	fprintf(stderr, "fuzz-evdev: broken promise: %s\n", what);
	abort();
}

static void on_motion(void *user, double dx, double dy, double dxu, double dyu)
{
	(void)user;
	if (!isfinite(dx) || !isfinite(dy) || !isfinite(dxu) || !isfinite(dyu))
		bug("motion delta not finite");
}

static void on_button(void *user, int button, bool down)
{
	struct sink *s = user;

	if (button < 1 || button > TP_MAX_BUTTON)
		bug("button number out of range");
	if (down == s->held[button])
		bug(down ? "button pressed twice" : "button released but not held");
	s->held[button] = down;
}

static void on_scroll(void *user, double vert, double horiz)
{
	(void)user;
	if (!isfinite(vert) || !isfinite(horiz))
		bug("scroll amount not finite");
}

static void on_gesture(void *user, const struct tp_gesture_event *ev)
{
	struct sink *s = user;

	if (!isfinite(ev->dx) || !isfinite(ev->dy) || !isfinite(ev->dx_unaccel) ||
	    !isfinite(ev->dy_unaccel) || !isfinite(ev->scale) || !isfinite(ev->angle_delta))
		bug("gesture values not finite");
	if (ev->fingers < 2 || ev->fingers > TP_MAX_SLOTS)
		bug("gesture finger count out of range");
	switch (ev->phase) {
	case TP_GESTURE_BEGIN:
		if (s->gesture_open)
			bug("gesture begins while another is open");
		s->gesture_open = true;
		s->gesture_type = ev->type;
		break;
	case TP_GESTURE_UPDATE:
	case TP_GESTURE_END:
		if (!s->gesture_open || s->gesture_type != ev->type)
			bug("gesture update or end without its begin");
		if (ev->phase == TP_GESTURE_END)
			s->gesture_open = false;
		break;
	default:
		bug("gesture phase out of range");
	}
}

static void on_log(void *user, enum tp_log_level level, const char *fmt, va_list args)
	__attribute__((format(printf, 3, 0)));

static void on_log(void *user, enum tp_log_level level, const char *fmt, va_list args)
{
	char buf[256];

	(void)user;
	vsnprintf(buf, sizeof(buf), fmt, args);	/* every format is exercised */
	if (level == TP_LOG_ERROR)
		bug(buf);	/* the core's only error is a timer that does not advance */
}

/* gcc (xorg-macros' warnings) asks for a format attribute on the member too */
#ifndef __clang__
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wsuggest-attribute=format"
#endif
static const struct tp_output sink_output = {
	.motion = on_motion, .button = on_button, .scroll = on_scroll,
	.gesture = on_gesture, .log = on_log,
};
#ifndef __clang__
#pragma GCC diagnostic pop
#endif

static char *no_option(void *user, const char *name)
{
	(void)user;
	(void)name;
	return NULL;
}

static const unsigned int axis_codes[8] = {
	ABS_X, ABS_Y, ABS_PRESSURE, ABS_TOOL_WIDTH,
	ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_PRESSURE, ABS_MT_TOUCH_MAJOR,
};
static const unsigned int tool_codes[6] = {
	BTN_TOOL_FINGER, BTN_TOOL_DOUBLETAP, BTN_TOOL_TRIPLETAP,
	BTN_TOOL_QUADTAP, BTN_TOOL_QUINTTAP, BTN_TOOL_PEN,
};
static const unsigned int button_codes[13] = {
	BTN_LEFT, BTN_RIGHT, BTN_MIDDLE, BTN_FORWARD, BTN_BACK,
	BTN_0, BTN_1, BTN_2, BTN_3, BTN_4, BTN_5, BTN_6, BTN_7,
};
/* Codes the event records pick from; past the end, the byte is the raw code. */
static const unsigned int abs_event_codes[] = {
	ABS_X, ABS_Y, ABS_PRESSURE, ABS_TOOL_WIDTH, ABS_MT_SLOT, ABS_MT_TRACKING_ID,
	ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_PRESSURE, ABS_MT_TOUCH_MAJOR,
};
static const unsigned int key_event_codes[] = {
	BTN_TOUCH, BTN_TOOL_FINGER, BTN_TOOL_DOUBLETAP, BTN_TOOL_TRIPLETAP,
	BTN_TOOL_QUADTAP, BTN_TOOL_QUINTTAP, BTN_LEFT, BTN_RIGHT, BTN_MIDDLE,
	BTN_FORWARD, BTN_BACK, BTN_0, BTN_1, BTN_2, BTN_3, BTN_7,
};
#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

static struct libevdev *make_device(struct fz *in)
{
	struct libevdev *ld = libevdev_new();
	uint8_t flags = fz_u8(in), tools = fz_u8(in);
	uint16_t buttons = fz_u16(in);
	int32_t slot_max;

	if (!ld)
		return NULL;
	libevdev_set_name(ld, "fuzzed touchpad");
	libevdev_set_id_vendor(ld, fz_u16(in));
	libevdev_set_id_product(ld, fz_u16(in));
	/*
	 * -1 .. 68: past TP_MAX_SLOTS and past libevdev's own limit (60); a
	 * wilder maximum is no device the kernel creates (input_mt_init_slots
	 * refuses it) and only makes libevdev_enable_event_code calloc a
	 * negative count.
	 */
	slot_max = (int32_t)(fz_u32(in) % 70) - 1;
	if (flags & 1)
		libevdev_enable_property(ld, INPUT_PROP_SEMI_MT);
	if (flags & 2)
		libevdev_enable_property(ld, INPUT_PROP_BUTTONPAD);
	if (flags & 4)
		libevdev_enable_property(ld, INPUT_PROP_TOPBUTTONPAD);
	for (int i = 0; i < 8; i++) {
		struct input_absinfo abs = { 0 };
		bool want;

		abs.minimum = fz_i32(in);
		abs.maximum = fz_i32(in);
		abs.fuzz = fz_i32(in);
		abs.resolution = fz_i32(in);
		abs.value = fz_i32(in);
		want = i < 2 || (i == 2 && (flags & 16)) || (i == 3 && (flags & 32)) ||
		       (i >= 4 && i < 6 && (flags & 64)) || (i == 6 && (flags & 64) && (tools & 64)) ||
		       (i == 7 && (flags & 64) && (tools & 128));
		if (want)
			libevdev_enable_event_code(ld, EV_ABS, axis_codes[i], &abs);
	}
	if (flags & 64) {
		struct input_absinfo slot = { .minimum = 0, .maximum = slot_max };
		struct input_absinfo tid = { .minimum = 0, .maximum = 65535 };

		libevdev_enable_event_code(ld, EV_ABS, ABS_MT_SLOT, &slot);
		libevdev_enable_event_code(ld, EV_ABS, ABS_MT_TRACKING_ID, &tid);
	}
	if (flags & 128)
		libevdev_enable_event_code(ld, EV_KEY, BTN_TOUCH, NULL);
	for (int i = 0; i < 6; i++)
		if (tools & (1u << i))
			libevdev_enable_event_code(ld, EV_KEY, tool_codes[i], NULL);
	for (int i = 0; i < 13; i++)
		if (buttons & (1u << i))
			libevdev_enable_event_code(ld, EV_KEY, button_codes[i], NULL);
	return ld;
}

/*
 * Options from the input (name and value as in xorg.conf), each kept only
 * if the set stays valid, on top of what the driver starts with.
 */
static void apply_options(struct fz *in, struct tp_device *dev, struct tp_params *p)
{
	struct tp_option_source none = { no_option, NULL, NULL };
	int n = fz_u8(in) % 16;

	tp_options_apply(dev, p, &none);
	for (int i = 0; i < n; i++) {
		char name[64], value[128];
		const struct tp_param_desc *opt;
		struct tp_params trial = *p;

		fz_str(in, name, sizeof(name));
		fz_str(in, value, sizeof(value));
		opt = tp_option_find(name);
		if (opt && tp_option_parse(dev, opt, value, &trial, NULL) == 0 &&
		    tp_params_validate(dev, &trial, NULL) == 0)
			*p = trial;
	}
}

/* A client's property write, as the X glue hands it on. */
static void write_property(struct fz *in, struct tp_core *core, const struct tp_device *dev)
{
	const struct tp_prop_desc *prop = &tp_prop_table[fz_u8(in) % tp_prop_count];
	int n = fz_u8(in) % (TP_PROP_MAX_ITEMS + 2);
	int32_t raw[TP_PROP_MAX_ITEMS + 2];
	uint8_t bytes[TP_PROP_MAX_ITEMS + 2];
	struct tp_params next;
	int bits = tp_prop_format_bits(prop);

	for (int i = 0; i < n; i++) {
		raw[i] = fz_i32(in);
		bytes[i] = (uint8_t)raw[i];
	}
	if (tp_prop_write(prop, dev, tp_core_get_params(core), tp_prop_type_of(prop), bits,
			  bits == 8 ? (const void *)bytes : (const void *)raw, n, &next, NULL) == 0)
		tp_core_set_params(core, &next);
}

static void check_idle(const struct sink *s, const struct tp_core *core)
{
	for (int b = 1; b <= TP_MAX_BUTTON; b++)
		if (s->held[b])
			bug("a button is still held after a reset");
	if (s->gesture_open)
		bug("a gesture is still open after a reset");
	if (tp_core_next_timeout(core) != 0)
		bug("a timer is pending after a reset");
}

/* Fire the core's timeouts due up to `until`, each at its own time. */
static void run_timeouts(struct tp_core *core, uint64_t *now, uint64_t until)
{
	for (int i = 0; i < MAX_TIMERS; i++) {
		uint64_t due = tp_core_next_timeout(core);

		if (due == 0 || due > until)
			return;
		if (due > *now)
			*now = due;
		tp_core_timeout(core, *now);
	}
	bug("the core keeps asking for timeouts");
}

static void feed(struct tp_evdev_state *st, struct tp_core *core, struct sink *s,
		 const struct tp_device *dev, struct fz *in)
{
	uint64_t now = 1000000;
	struct input_event ev;
	struct tp_frame frame;

	while (fz_more(in)) {
		uint8_t op = fz_u8(in);

		memset(&ev, 0, sizeof(ev));
		switch (op % 8) {
		case 0:
		case 1: {
			uint8_t c = fz_u8(in);

			ev.type = EV_ABS;
			ev.code = c < NELEM(abs_event_codes) ? abs_event_codes[c] : c % (ABS_MAX + 1);
			ev.value = fz_i32(in);
			break;
		}
		case 2: {
			uint8_t c = fz_u8(in);

			ev.type = EV_KEY;
			ev.code = c < NELEM(key_event_codes) ? key_event_codes[c] : BTN_MISC + c;
			ev.value = fz_u8(in) % 4;
			break;
		}
		case 3:
		case 4:
			now += (uint64_t)fz_u16(in) * US_PER_TICK;
			ev.type = EV_SYN;
			ev.code = SYN_REPORT;
			break;
		case 5:
			ev.type = EV_SYN;
			ev.code = SYN_DROPPED;
			break;
		case 6:
			now += (uint64_t)fz_u16(in) * US_PER_TICK;
			run_timeouts(core, &now, now);
			continue;
		default:
			switch (fz_u8(in) % 3) {
			case 0:
				tp_core_reset(core, now);
				check_idle(s, core);
				break;
			case 1:
				write_property(in, core, dev);
				break;
			default: {
				uint64_t back = (uint64_t)fz_u16(in) * US_PER_TICK;

				now = back < now ? now - back : 0;
				break;
			}
			}
			continue;
		}
		ev.input_event_sec = (time_t)(now / 1000000u);
		ev.input_event_usec = (suseconds_t)(now % 1000000u);
		switch (tp_evdev_feed(st, &ev, &frame)) {
		case TP_EVDEV_FRAME:
			run_timeouts(core, &now, frame.time ? frame.time - 1 : 0);
			tp_core_frame(core, &frame);
			break;
		case TP_EVDEV_DROPPED:
			tp_core_reset(core, now);
			check_idle(s, core);
			break;
		case TP_EVDEV_NONE:
			break;
		}
	}
	/* what is pending after the last event, then the device goes off */
	run_timeouts(core, &now, now + 60000000u);
	tp_core_reset(core, now);
	check_idle(s, core);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fz in;
	struct libevdev *ld;
	struct tp_evdev_state st;
	struct tp_params params;
	struct tp_core *core;
	struct sink s = { 0 };
	bool take_state;

	fz_init(&in, data, size);
	take_state = size > 0 && (data[0] & 8);
	ld = make_device(&in);
	if (!ld)
		return 0;
	if (tp_evdev_check(ld, NULL) < 0) {
		libevdev_free(ld);
		return 0;
	}
	tp_evdev_state_init(&st, ld, take_state);
	apply_options(&in, &st.dev, &params);
	core = tp_core_new(&st.dev, &params, &sink_output, &s);
	if (core) {
		feed(&st, core, &s, &st.dev, &in);
		tp_core_free(core);
	}
	tp_evdev_state_release(&st);
	libevdev_free(ld);
	return 0;
}
