/*
 * fuzz-evdev.c - libFuzzer harness: evdev event streams through the
 * backend (tp_evdev_feed) into the core, on a device whose description is
 * itself fuzzed.
 *
 * Input layout (test/fuzz/README.md has the details; seed-evdev.py writes it;
 * fuzz-evdev-device.h reads the device and the options):
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
 *                     5   SYN_DROPPED (the core is reset, as synreplay does:
 *                         there is no device to resync from; fuzz-live.c has
 *                         the X driver's libevdev resync)
 *                     6   no event for u16 * 50 us: the core's timeouts fire
 *                     7   u8 sub: 0 reset, 1 a property write (u8 row,
 *                         u8 n, n x i32) applied if it validates, 2 the
 *                         clock jumps back u16 * 50 us
 *
 * At the end of the input the device reports everything lifted (every
 * slot, tool, touch and button up, the pressure at its minimum), the core's timeouts fire for up to 60 s
 * after it, and the device goes off (tp_core_reset).
 *
 * Beyond "no crash, no undefined behaviour" it checks what the core
 * promises its owner (touchpad.h, fuzz-sink.h): every button press is
 * followed by one release and never doubled, gestures begin, update and end
 * in order, every delta is finite, after tp_core_reset() nothing is held or
 * open and no timer is pending, and after every record (and after the final
 * lift) issue 29's invariant: the last frame said nothing touches and no
 * button is down and the core wants no timeout, so nothing is held and no
 * gesture is open.  A broken promise aborts, which libFuzzer reports.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libevdev/libevdev.h>

#define FUZZ_NAME "fuzz-evdev"
#include "fuzz-evdev-device.h"
#include "fuzz-input.h"
#include "fuzz-sink.h"
#include "tp-evdev.h"
#include "tp-options.h"
#include "touchpad.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define US_PER_TICK	50u

static void feed_event(struct tp_evdev_state *st, struct tp_core *core, struct sink *s,
		       uint64_t *now, struct input_event *ev)
{
	struct tp_frame frame;

	ev->input_event_sec = (time_t)(*now / 1000000u);
	ev->input_event_usec = (suseconds_t)(*now % 1000000u);
	switch (tp_evdev_feed(st, ev, &frame)) {
	case TP_EVDEV_FRAME:
		sink_frame(s, now, &frame);
		break;
	case TP_EVDEV_DROPPED:
		tp_core_reset(core, *now);
		check_idle(s);
		break;
	case TP_EVDEV_NONE:
		break;
	}
}

static void feed_one(struct tp_evdev_state *st, struct tp_core *core, struct sink *s, uint64_t *now,
		     unsigned int type, unsigned int code, int value)
{
	struct input_event ev = { .type = (uint16_t)type, .code = (uint16_t)code, .value = value };

	feed_event(st, core, s, now, &ev);
}

/*
 * The user lifts everything: every slot, tool, touch and button up and the
 * pressure at its minimum, in one frame.
 */
static void lift_all(struct tp_evdev_state *st, struct tp_core *core, struct sink *s, uint64_t *now)
{
	if (st->dropped)	/* the frame SYN_DROPPED began ends first */
		feed_one(st, core, s, now, EV_SYN, SYN_REPORT, 0);
	*now += 8000;
	for (int i = 0; i < TP_MAX_SLOTS; i++) {
		feed_one(st, core, s, now, EV_ABS, ABS_MT_SLOT, i);
		feed_one(st, core, s, now, EV_ABS, ABS_MT_TRACKING_ID, -1);
	}
	feed_one(st, core, s, now, EV_ABS, ABS_PRESSURE, st->dev.pressure.min);
	feed_one(st, core, s, now, EV_KEY, BTN_TOUCH, 0);
	for (size_t i = 0; i < FZ_NELEM(fz_tool_codes); i++)
		feed_one(st, core, s, now, EV_KEY, fz_tool_codes[i], 0);
	for (size_t i = 0; i < FZ_NELEM(fz_button_codes); i++)
		feed_one(st, core, s, now, EV_KEY, fz_button_codes[i], 0);
	feed_one(st, core, s, now, EV_SYN, SYN_REPORT, 0);
}

static void feed(struct tp_evdev_state *st, struct tp_core *core, struct sink *s,
		 const struct tp_device *dev, struct fz *in)
{
	uint64_t now = 1000000;
	struct input_event ev;

	while (fz_more(in)) {
		uint8_t op = fz_u8(in);

		memset(&ev, 0, sizeof(ev));
		switch (op % 8) {
		case 0:
		case 1:
			ev.type = EV_ABS;
			ev.code = (uint16_t)fz_abs_code(fz_u8(in));
			ev.value = fz_i32(in);
			break;
		case 2:
			ev.type = EV_KEY;
			ev.code = (uint16_t)fz_key_code(fz_u8(in));
			ev.value = fz_u8(in) % 4;
			break;
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
			fuzz_check_invariant(s);
			continue;
		default:
			switch (fz_u8(in) % 3) {
			case 0:
				tp_core_reset(core, now);
				check_idle(s);
				break;
			case 1:
				fz_write_property(in, core, dev);
				break;
			default: {
				uint64_t back = (uint64_t)fz_u16(in) * US_PER_TICK;

				now = back < now ? now - back : 0;
				break;
			}
			}
			fuzz_check_invariant(s);
			continue;
		}
		feed_event(st, core, s, &now, &ev);
		fuzz_check_invariant(s);
	}
	/* the user lets go; what is pending after it fires; then the device goes off */
	lift_all(st, core, s, &now);
	run_timeouts(core, &now, now + 60000000u);
	fuzz_check_invariant(s);
	tp_core_reset(core, now);
	check_idle(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fz in;
	struct libevdev *ld;
	struct tp_evdev_state st;
	struct tp_params params;
	struct tp_core *core;
	struct sink s = { .last_idle = true, .dev = NULL };
	bool take_state;

	fz_init(&in, data, size);
	take_state = size > 0 && (data[0] & 8);
	ld = fz_touchpad(&in);
	if (!ld)
		return 0;
	tp_evdev_state_init(&st, ld, take_state);
	fz_apply_options(&in, &st.dev, &params);
	core = tp_core_new(&st.dev, &params, &sink_output, &s);
	s.dev = &st.dev;
	s.core = core;
	if (core) {
		feed(&st, core, &s, &st.dev, &in);
		tp_core_free(core);
	}
	tp_evdev_state_release(&st);
	libevdev_free(ld);
	return 0;
}
