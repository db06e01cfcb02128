/*
 * check-evdev-live - the live path of the evdev backend on a uinput
 * clickpad: probe, timestamps on CLOCK_MONOTONIC, frames via
 * libevdev_next_event, SYN_DROPPED recovery, a frame stamped on another
 * clock, grab, device removal.
 *
 * uinput is only allowed inside the QEMU guest, so this refuses to run
 * without SYNMT_GUEST=1 (exit 77, SKIP).  Run it with
 *   ./synmt vm --no-psmouse -- build/x/test/replay/check-evdev-live
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include <libevdev/libevdev-uinput.h>

#include "tp-evdev.h"

static int failures;

#define CHECK(cond) do { \
	if (!(cond)) { printf("FAILED line %d: %s\n", __LINE__, #cond); failures++; } \
	else { printf("ok: %s\n", #cond); } \
} while (0)

struct seen {
	int frames, resets;
	struct tp_frame last;
};

static void on_frame(void *user, const struct tp_frame *f)
{
	struct seen *s = user;

	s->frames++;
	s->last = *f;
}

static void on_reset(void *user, uint64_t time)
{
	struct seen *s = user;

	(void)time;
	s->resets++;
}

static void abs_axis(struct libevdev *d, unsigned int code, int min, int max)
{
	struct input_absinfo a = { .minimum = min, .maximum = max };

	libevdev_enable_event_code(d, EV_ABS, code, &a);
}

static struct libevdev_uinput *make_clickpad(void)
{
	struct libevdev *d = libevdev_new();
	struct libevdev_uinput *ui = NULL;
	static const unsigned int keys[] = {
		BTN_LEFT, BTN_TOUCH, BTN_TOOL_FINGER, BTN_TOOL_DOUBLETAP, BTN_TOOL_TRIPLETAP,
	};

	libevdev_set_name(d, "synmt live test clickpad");
	libevdev_set_id_bustype(d, BUS_VIRTUAL);
	libevdev_enable_property(d, INPUT_PROP_POINTER);
	libevdev_enable_property(d, INPUT_PROP_BUTTONPAD);
	abs_axis(d, ABS_X, 1472, 5472);
	abs_axis(d, ABS_Y, 1408, 4448);
	abs_axis(d, ABS_PRESSURE, 0, 255);
	abs_axis(d, ABS_MT_SLOT, 0, 1);
	abs_axis(d, ABS_MT_POSITION_X, 1472, 5472);
	abs_axis(d, ABS_MT_POSITION_Y, 1408, 4448);
	abs_axis(d, ABS_MT_TRACKING_ID, 0, 65535);
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		libevdev_enable_event_code(d, EV_KEY, keys[i], NULL);
	if (libevdev_uinput_create_from_device(d, LIBEVDEV_UINPUT_OPEN_MANAGED, &ui) < 0)
		ui = NULL;
	libevdev_free(d);
	return ui;
}

static void w(struct libevdev_uinput *ui, unsigned int type, unsigned int code, int value)
{
	libevdev_uinput_write_event(ui, type, code, value);
}

static uint64_t mono_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

int main(void)
{
	struct libevdev_uinput *ui;
	struct tp_evdev tev;
	struct seen s = { 0 };
	const char *why = "";
	const char *node;
	int rc, fd2;

	if (!getenv("SYNMT_GUEST")) {
		printf("SKIP: uinput is used only inside the QEMU guest (SYNMT_GUEST=1)\n");
		return 77;
	}
	ui = make_clickpad();
	if (!ui) {
		printf("FAILED: cannot create the uinput device\n");
		return 1;
	}
	node = libevdev_uinput_get_devnode(ui);
	usleep(200000);	/* let the node appear */
	rc = tp_evdev_open(&tev, node, -1, &why);
	CHECK(rc == 0);
	if (rc < 0) {
		printf("  %s: %s (%s)\n", node, why, strerror(-rc));
		return 1;
	}
	CHECK(tev.state.dev.num_slots == 2 && tev.state.dev.clickpad && tev.state.dev.max_fingers == 3);

	/* one frame, stamped on CLOCK_MONOTONIC */
	w(ui, EV_ABS, ABS_MT_SLOT, 0);
	w(ui, EV_ABS, ABS_MT_TRACKING_ID, 1);
	w(ui, EV_ABS, ABS_MT_POSITION_X, 3000);
	w(ui, EV_ABS, ABS_MT_POSITION_Y, 3000);
	w(ui, EV_ABS, ABS_X, 3000);
	w(ui, EV_ABS, ABS_Y, 3000);
	w(ui, EV_KEY, BTN_TOUCH, 1);
	w(ui, EV_KEY, BTN_TOOL_FINGER, 1);
	w(ui, EV_SYN, SYN_REPORT, 0);
	usleep(50000);
	rc = tp_evdev_read(&tev, on_frame, on_reset, &s);
	CHECK(rc == 0 && s.frames == 1 && s.resets == 0);
	CHECK(s.last.slots[0].active && s.last.slots[0].x == 3000 && s.last.fingers == 1 && s.last.touch);
	CHECK(s.last.time <= mono_us() && s.last.time + 2000000u > mono_us());

	/* flood without reading: the kernel drops events (SYN_DROPPED) */
	for (int i = 0; i < 3000; i++) {
		w(ui, EV_ABS, ABS_MT_POSITION_X, 2000 + i % 1000);
		w(ui, EV_ABS, ABS_X, 2000 + i % 1000);
		w(ui, EV_SYN, SYN_REPORT, 0);
	}
	/* the final state: the finger has lifted, a click is held */
	w(ui, EV_ABS, ABS_MT_TRACKING_ID, -1);
	w(ui, EV_KEY, BTN_TOUCH, 0);
	w(ui, EV_KEY, BTN_TOOL_FINGER, 0);
	w(ui, EV_KEY, BTN_LEFT, 1);
	w(ui, EV_SYN, SYN_REPORT, 0);
	usleep(50000);
	s.frames = 0;
	rc = tp_evdev_read(&tev, on_frame, on_reset, &s);
	printf("  after the flood: %d frames, %d resets\n", s.frames, s.resets);
	CHECK(rc == 0 && s.resets >= 1);
	CHECK(!s.last.slots[0].active && !s.last.touch && s.last.fingers == 0 &&
	      s.last.buttons == TP_HW_LEFT);

	/*
	 * A frame stamped on CLOCK_REALTIME, as the kernel can queue one
	 * while the clock is being switched at an open (evdev reads the
	 * client's clock outside its buffer lock): it gets the read time,
	 * not a time decades ahead that would hold every timeout off.
	 */
	{
		int realtime = CLOCK_REALTIME, mono = CLOCK_MONOTONIC;

		CHECK(ioctl(tev.fd, EVIOCSCLOCKID, &realtime) == 0);
		w(ui, EV_KEY, BTN_LEFT, 0);
		w(ui, EV_SYN, SYN_REPORT, 0);
		usleep(50000);
		s.frames = 0;
		rc = tp_evdev_read(&tev, on_frame, on_reset, &s);
		printf("  a CLOCK_REALTIME frame: %d frames, time %llu, now %llu, foreign %u\n", s.frames,
		       (unsigned long long)s.last.time, (unsigned long long)mono_us(), tev.foreign_times);
		CHECK(rc == 0 && s.frames == 1 && s.last.buttons == 0 && tev.foreign_times == 1);
		CHECK(s.last.time <= mono_us() && s.last.time + 2000000u > mono_us());
		CHECK(ioctl(tev.fd, EVIOCSCLOCKID, &mono) == 0);
	}

	/* grab: nobody else reads the node any more */
	CHECK(tp_evdev_grab(&tev, true) == 0);
	fd2 = open(node, O_RDONLY | O_NONBLOCK);
	CHECK(fd2 >= 0 && ioctl(fd2, EVIOCGRAB, (void *)1) < 0 && errno == EBUSY);
	if (fd2 >= 0)
		close(fd2);
	CHECK(tp_evdev_grab(&tev, false) == 0);

	/* removal */
	libevdev_uinput_destroy(ui);
	usleep(100000);
	rc = tp_evdev_read(&tev, on_frame, on_reset, &s);
	CHECK(rc == -ENODEV);
	tp_evdev_close(&tev);

	printf("%s: %d failures\n", failures ? "FAIL" : "ok", failures);
	return failures ? 1 : 0;
}
