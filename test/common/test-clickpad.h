/*
 * test-clickpad.h - the clickpad the glue's host tests (test/glue, as a
 * scripted node) and the soak suite (test/soak, as a uinput device) play:
 * the XIT clickpad's ranges (42 units/mm), 3 MT slots, up to four fingers
 * by BTN_TOOL_*, one button, INPUT_PROP_BUTTONPAD.
 */
#ifndef SYNMT_TEST_CLICKPAD_H
#define SYNMT_TEST_CLICKPAD_H

#include <libevdev/libevdev.h>

#define TEST_CLICKPAD_SLOTS 3
#define TEST_CLICKPAD_XMIN 1472
#define TEST_CLICKPAD_XMAX 5472
#define TEST_CLICKPAD_YMIN 1408
#define TEST_CLICKPAD_YMAX 4448

static inline struct libevdev *test_clickpad_new(const char *name)
{
	struct libevdev *d = libevdev_new();
	struct input_absinfo x = { .minimum = TEST_CLICKPAD_XMIN, .maximum = TEST_CLICKPAD_XMAX,
				   .resolution = 42 };
	struct input_absinfo y = { .minimum = TEST_CLICKPAD_YMIN, .maximum = TEST_CLICKPAD_YMAX,
				   .resolution = 42 };
	struct input_absinfo z = { .minimum = 0, .maximum = 255 };
	struct input_absinfo slot = { .minimum = 0, .maximum = TEST_CLICKPAD_SLOTS - 1 };
	struct input_absinfo tid = { .minimum = 0, .maximum = 65535 };
	static const unsigned int keys[] = { BTN_LEFT, BTN_TOUCH, BTN_TOOL_FINGER, BTN_TOOL_DOUBLETAP,
					     BTN_TOOL_TRIPLETAP, BTN_TOOL_QUADTAP };

	if (!d)
		return NULL;
	libevdev_set_name(d, name);
	libevdev_set_id_bustype(d, BUS_VIRTUAL);
	libevdev_set_id_vendor(d, 0x0002);
	libevdev_set_id_product(d, 0x0007);
	libevdev_enable_property(d, INPUT_PROP_POINTER);
	libevdev_enable_property(d, INPUT_PROP_BUTTONPAD);
	libevdev_enable_event_code(d, EV_ABS, ABS_X, &x);
	libevdev_enable_event_code(d, EV_ABS, ABS_Y, &y);
	libevdev_enable_event_code(d, EV_ABS, ABS_PRESSURE, &z);
	libevdev_enable_event_code(d, EV_ABS, ABS_MT_SLOT, &slot);
	libevdev_enable_event_code(d, EV_ABS, ABS_MT_TRACKING_ID, &tid);
	libevdev_enable_event_code(d, EV_ABS, ABS_MT_POSITION_X, &x);
	libevdev_enable_event_code(d, EV_ABS, ABS_MT_POSITION_Y, &y);
	libevdev_enable_event_code(d, EV_ABS, ABS_MT_PRESSURE, &z);
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		libevdev_enable_event_code(d, EV_KEY, keys[i], NULL);
	return d;
}

#endif /* SYNMT_TEST_CLICKPAD_H */
