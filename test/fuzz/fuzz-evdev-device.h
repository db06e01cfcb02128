/*
 * fuzz-evdev-device.h - the evdev device and the options of the evdev
 * stream harnesses (fuzz-evdev.c, fuzz-live.c), read from fuzzer bytes in
 * the layout fuzz-evdev.c documents (seed-evdev.py writes it from evemu
 * recordings, so both harnesses start from the same seeds):
 *
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
 *
 * and the event codes their records pick from.
 */
#ifndef SYNMT_FUZZ_EVDEV_DEVICE_H
#define SYNMT_FUZZ_EVDEV_DEVICE_H

#include <stdarg.h>
#include <string.h>

#include <libevdev/libevdev.h>

#include "fuzz-input.h"
#include "tp-evdev.h"
#include "tp-options.h"
#include "touchpad.h"

static const unsigned int fz_axis_codes[8] = {
	ABS_X, ABS_Y, ABS_PRESSURE, ABS_TOOL_WIDTH,
	ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_PRESSURE, ABS_MT_TOUCH_MAJOR,
};
static const unsigned int fz_tool_codes[6] = {
	BTN_TOOL_FINGER, BTN_TOOL_DOUBLETAP, BTN_TOOL_TRIPLETAP,
	BTN_TOOL_QUADTAP, BTN_TOOL_QUINTTAP, BTN_TOOL_PEN,
};
static const unsigned int fz_button_codes[13] = {
	BTN_LEFT, BTN_RIGHT, BTN_MIDDLE, BTN_FORWARD, BTN_BACK,
	BTN_0, BTN_1, BTN_2, BTN_3, BTN_4, BTN_5, BTN_6, BTN_7,
};
/* Codes the event records pick from; past the end, the byte is the raw code. */
static const unsigned int fz_abs_event_codes[] = {
	ABS_X, ABS_Y, ABS_PRESSURE, ABS_TOOL_WIDTH, ABS_MT_SLOT, ABS_MT_TRACKING_ID,
	ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_PRESSURE, ABS_MT_TOUCH_MAJOR,
};
static const unsigned int fz_key_event_codes[] = {
	BTN_TOUCH, BTN_TOOL_FINGER, BTN_TOOL_DOUBLETAP, BTN_TOOL_TRIPLETAP,
	BTN_TOOL_QUADTAP, BTN_TOOL_QUINTTAP, BTN_LEFT, BTN_RIGHT, BTN_MIDDLE,
	BTN_FORWARD, BTN_BACK, BTN_0, BTN_1, BTN_2, BTN_3, BTN_7,
};
#define FZ_NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* An EV_ABS code from a record byte. */
static inline unsigned int fz_abs_code(uint8_t c)
{
	return c < FZ_NELEM(fz_abs_event_codes) ? fz_abs_event_codes[c] : c % (ABS_MAX + 1);
}

/* An EV_KEY code from a record byte. */
static inline unsigned int fz_key_code(uint8_t c)
{
	return c < FZ_NELEM(fz_key_event_codes) ? fz_key_event_codes[c] : BTN_MISC + c;
}

/* The device of the layout above (up to the options), as a libevdev without a node. */
static inline struct libevdev *fz_make_device(struct fz *in)
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
			libevdev_enable_event_code(ld, EV_ABS, fz_axis_codes[i], &abs);
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
			libevdev_enable_event_code(ld, EV_KEY, fz_tool_codes[i], NULL);
	for (int i = 0; i < 13; i++)
		if (buttons & (1u << i))
			libevdev_enable_event_code(ld, EV_KEY, fz_button_codes[i], NULL);
	return ld;
}

/* The device of the layout above if tp_evdev_check() takes it as a touchpad, else NULL. */
static inline struct libevdev *fz_touchpad(struct fz *in)
{
	struct libevdev *ld = fz_make_device(in);

	if (ld && tp_evdev_check(ld, NULL) < 0) {
		libevdev_free(ld);
		return NULL;
	}
	return ld;
}

/* libevdev's complaints about odd streams (a double tracking id) are what it should do: quiet. */
static inline void fz_quiet_libevdev(enum libevdev_log_priority priority, void *data, const char *file,
				     int line, const char *func, const char *format, va_list args)
{
	(void)priority, (void)data, (void)file, (void)line, (void)func, (void)format, (void)args;
}

static inline char *fz_no_option(void *user, const char *name)
{
	(void)user;
	(void)name;
	return NULL;
}

/*
 * Options from the input (name and value as in xorg.conf), each kept only
 * if the set stays valid, on top of what the driver starts with.
 */
static inline void fz_apply_options(struct fz *in, struct tp_device *dev, struct tp_params *p)
{
	struct tp_option_source none = { fz_no_option, NULL, NULL };
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

/*
 * A client's property write, as the X glue hands it on: u8 row, u8 n,
 * n x i32; applied if tp_prop_write accepts it.
 */
static inline void fz_write_property(struct fz *in, struct tp_core *core, const struct tp_device *dev)
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

#endif /* SYNMT_FUZZ_EVDEV_DEVICE_H */
