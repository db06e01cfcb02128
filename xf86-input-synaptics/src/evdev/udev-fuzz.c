/*
 * udev-fuzz.c - the fuzz a touchpad declared, when libinput's udev rule has
 * taken it away from the kernel.
 *
 * libinput-bin (on every Debian system with X: libinput10 depends on it)
 * installs 90-libinput-fuzz-override.rules.  For every touchpad it saves
 * the kernel's fuzz of ABS_X, ABS_Y and ABS_MT_POSITION_X/Y in the udev
 * properties LIBINPUT_FUZZ_<code, two hex digits> and sets the kernel's
 * to 0: the kernel then no longer filters the positions, and EVIOCGABS
 * says 0.  The noise the positions carry is only known from udev after
 * that.  1.9 reads the kernel's value (0: its hysteresis falls back to
 * 0.5 % of the diagonal) and so do the defaults here; only the gesture
 * decision, which needs the pad's noise, reads udev_fuzz.
 */
#include "config.h"
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <libudev.h>

#include "tp-evdev.h"

/* The axes the rule handles, and where each is described in a struct tp_device. */
static const struct {
	unsigned int code;
	size_t offset;
} position_axes[] = {
	{ ABS_X, offsetof(struct tp_device, x) },
	{ ABS_Y, offsetof(struct tp_device, y) },
	{ ABS_MT_POSITION_X, offsetof(struct tp_device, mt_x) },
	{ ABS_MT_POSITION_Y, offsetof(struct tp_device, mt_y) },
};
#define NPOSITION_AXES (sizeof(position_axes) / sizeof(position_axes[0]))

static struct tp_axis *position_axis(struct tp_device *dev, size_t i)
{
	return (struct tp_axis *)((char *)dev + position_axes[i].offset);
}

/* The saved fuzz of one axis, if udev has a sane one for it. */
static void read_axis(struct udev_device *ud, unsigned int code, struct tp_axis *ax)
{
	char name[32];
	const char *value;
	char *end;
	long fuzz;

	if (!ax->present)
		return;
	snprintf(name, sizeof(name), "LIBINPUT_FUZZ_%02x", code);
	value = udev_device_get_property_value(ud, name);
	if (!value)
		return;
	errno = 0;
	fuzz = strtol(value, &end, 10);
	/* a noise wider than the axis is no noise: a broken hwdb entry, ignored */
	if (errno || end == value || *end || fuzz <= 0 ||
	    fuzz > (long long)ax->max - ax->min)
		return;
	ax->udev_fuzz = (int)fuzz;
}

int tp_evdev_udev_fuzz(int fd, struct tp_device *dev)
{
	struct udev *udev;
	struct udev_device *ud;
	struct stat st;

	if (fstat(fd, &st) < 0)
		return -errno;
	if (!S_ISCHR(st.st_mode))
		return -ENOTTY;
	udev = udev_new();
	if (!udev)
		return -ENOMEM;
	ud = udev_device_new_from_devnum(udev, 'c', st.st_rdev);
	if (!ud) {
		udev_unref(udev);
		return -ENODEV;
	}
	for (size_t i = 0; i < NPOSITION_AXES; i++)
		read_axis(ud, position_axes[i].code, position_axis(dev, i));
	udev_device_unref(ud);
	udev_unref(udev);
	return 0;
}

void tp_evdev_libinput_fuzz_override(struct libevdev *evdev, struct tp_device *dev)
{
	for (size_t i = 0; i < NPOSITION_AXES; i++) {
		struct tp_axis *ax = position_axis(dev, i);

		if (ax->fuzz > 0)
			ax->udev_fuzz = ax->fuzz;
		ax->fuzz = 0;
		if (libevdev_has_event_code(evdev, EV_ABS, position_axes[i].code))
			libevdev_set_abs_fuzz(evdev, position_axes[i].code, 0);
	}
}
