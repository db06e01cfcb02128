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
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <libudev.h>

#include "tp-evdev.h"

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
	read_axis(ud, ABS_X, &dev->x);
	read_axis(ud, ABS_Y, &dev->y);
	read_axis(ud, ABS_MT_POSITION_X, &dev->mt_x);
	read_axis(ud, ABS_MT_POSITION_Y, &dev->mt_y);
	udev_device_unref(ud);
	udev_unref(udev);
	return 0;
}

void tp_evdev_libinput_fuzz_override(struct tp_device *dev)
{
	struct tp_axis *axes[] = { &dev->x, &dev->y, &dev->mt_x, &dev->mt_y };

	for (size_t i = 0; i < sizeof(axes) / sizeof(axes[0]); i++) {
		if (axes[i]->fuzz > 0)
			axes[i]->udev_fuzz = axes[i]->fuzz;
		axes[i]->fuzz = 0;
	}
}
