/*
 * fuzz-device.h - a struct tp_device from fuzzer bytes (options and props
 * harnesses; the evdev harness builds a libevdev device instead):
 *   u8 flags (bit0 clickpad, 1 top buttons, 2 semi-MT, 3 pressure axis,
 *      4 width axis), u16 vendor, u16 product, u16 buttons (tp_hw_button),
 *   u8 slots (mod 11), u8 max_fingers (mod 6),
 *   i32 x min, max, res, y min, max, res, pressure min, max, width min, max
 */
#ifndef SYNMT_FUZZ_DEVICE_H
#define SYNMT_FUZZ_DEVICE_H

#include <string.h>

#include "fuzz-input.h"
#include "touchpad.h"

static inline void fz_device(struct fz *in, struct tp_device *dev)
{
	uint8_t flags = fz_u8(in);

	memset(dev, 0, sizeof(*dev));
	dev->clickpad = flags & 1;
	dev->topbuttonpad = flags & 2;
	dev->semi_mt = flags & 4;
	dev->vendor = fz_u16(in);
	dev->product = fz_u16(in);
	dev->buttons = fz_u16(in);
	dev->num_slots = fz_u8(in) % (TP_MAX_SLOTS + 1);
	dev->max_fingers = fz_u8(in) % 6;
	dev->x.min = fz_i32(in);
	dev->x.max = fz_i32(in);
	dev->x.res = fz_i32(in);
	dev->x.present = true;
	dev->y.min = fz_i32(in);
	dev->y.max = fz_i32(in);
	dev->y.res = fz_i32(in);
	dev->y.present = true;
	dev->pressure.min = fz_i32(in);
	dev->pressure.max = fz_i32(in);
	dev->pressure.present = flags & 8;
	dev->width.min = fz_i32(in);
	dev->width.max = fz_i32(in);
	dev->width.present = flags & 16;
}

#endif /* SYNMT_FUZZ_DEVICE_H */
