/*
 * tp-evdev.c - libevdev backend of synaptics-mt: touchpad probe and frame
 * assembly.  X-free; the X glue and synreplay are its users.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "tp-evdev.h"

/* BTN_TOOL_* codes in finger-count order: index + 1 fingers. */
static const unsigned int tool_codes[] = {
	BTN_TOOL_FINGER, BTN_TOOL_DOUBLETAP, BTN_TOOL_TRIPLETAP,
	BTN_TOOL_QUADTAP, BTN_TOOL_QUINTTAP,
};
#define NTOOLS (sizeof(tool_codes) / sizeof(tool_codes[0]))

/* evdev button code -> core button bit */
static unsigned int button_bit(unsigned int code)
{
	switch (code) {
	case BTN_LEFT:
		return TP_HW_LEFT;
	case BTN_RIGHT:
		return TP_HW_RIGHT;
	case BTN_MIDDLE:
		return TP_HW_MIDDLE;
	case BTN_FORWARD:
		return TP_HW_UP;
	case BTN_BACK:
		return TP_HW_DOWN;
	default:
		if (code >= BTN_0 && code <= BTN_7)
			return TP_HW_MULTI(code - BTN_0);
		return 0;
	}
}

static int tool_index(unsigned int code)
{
	for (size_t i = 0; i < NTOOLS; i++)
		if (tool_codes[i] == code)
			return (int)i;
	return -1;
}

int tp_evdev_check(const struct libevdev *evdev, const char **why)
{
	const char *dummy;

	if (!why)
		why = &dummy;
	if (!libevdev_has_event_code(evdev, EV_ABS, ABS_X) ||
	    !libevdev_has_event_code(evdev, EV_ABS, ABS_Y)) {
		*why = "no absolute X/Y axes";
		return -ENODEV;
	}
	if (!libevdev_has_event_code(evdev, EV_KEY, BTN_TOOL_FINGER)) {
		*why = "no BTN_TOOL_FINGER";
		return -ENODEV;
	}
	if (!libevdev_has_event_code(evdev, EV_ABS, ABS_PRESSURE) &&
	    !libevdev_has_event_code(evdev, EV_KEY, BTN_TOUCH)) {
		*why = "neither ABS_PRESSURE nor BTN_TOUCH";
		return -ENODEV;
	}
	if (libevdev_has_event_code(evdev, EV_KEY, BTN_TOOL_PEN)) {
		*why = "a pen (tablet), not a touchpad";
		return -ENODEV;
	}
	/* The kernel's "fake MT": ABS_MT_SLOT - 1 set without real slots. */
	if (libevdev_has_event_code(evdev, EV_ABS, ABS_MT_SLOT - 1) &&
	    libevdev_get_num_slots(evdev) < 0) {
		*why = "fake multitouch axes";
		return -ENODEV;
	}
	return 0;
}

static void describe_axis(const struct libevdev *evdev, unsigned int code, struct tp_axis *ax)
{
	const struct input_absinfo *abs = libevdev_get_abs_info(evdev, code);

	memset(ax, 0, sizeof(*ax));
	if (!abs || !libevdev_has_event_code(evdev, EV_ABS, code))
		return;
	ax->present = true;
	ax->min = abs->minimum;
	ax->max = abs->maximum;
	ax->fuzz = abs->fuzz;
	ax->res = abs->resolution;
}

void tp_evdev_describe(const struct libevdev *evdev, struct tp_device *dev)
{
	memset(dev, 0, sizeof(*dev));
	snprintf(dev->name, sizeof(dev->name), "%s",
		 libevdev_get_name(evdev) ? libevdev_get_name(evdev) : "");
	dev->vendor = libevdev_get_id_vendor(evdev);
	dev->product = libevdev_get_id_product(evdev);
	describe_axis(evdev, ABS_X, &dev->x);
	describe_axis(evdev, ABS_Y, &dev->y);
	describe_axis(evdev, ABS_PRESSURE, &dev->pressure);
	describe_axis(evdev, ABS_TOOL_WIDTH, &dev->width);
	describe_axis(evdev, ABS_MT_TOUCH_MAJOR, &dev->touch_major);
	describe_axis(evdev, ABS_MT_POSITION_X, &dev->mt_x);
	describe_axis(evdev, ABS_MT_POSITION_Y, &dev->mt_y);

	if (libevdev_has_event_code(evdev, EV_ABS, ABS_MT_SLOT)) {
		const struct input_absinfo *abs = libevdev_get_abs_info(evdev, ABS_MT_SLOT);
		int max = abs ? abs->maximum : -1;

		/* slots 0..maximum, however many (see map_contacts()) */
		dev->num_slots = max < 0 ? 0 : (max == INT_MAX ? INT_MAX : max + 1);
	}
	dev->semi_mt = libevdev_has_property(evdev, INPUT_PROP_SEMI_MT);
	dev->clickpad = libevdev_has_property(evdev, INPUT_PROP_BUTTONPAD);
	dev->topbuttonpad = libevdev_has_property(evdev, INPUT_PROP_TOPBUTTONPAD);

	for (size_t i = 0; i < NTOOLS; i++)
		if (libevdev_has_event_code(evdev, EV_KEY, tool_codes[i]))
			dev->max_fingers = (int)i + 1;
	for (unsigned int code = BTN_MISC; code <= BTN_TASK; code++)
		if (libevdev_has_event_code(evdev, EV_KEY, code))
			dev->buttons |= button_bit(code);
}

uint64_t tp_evdev_event_time(const struct input_event *ev)
{
	return (uint64_t)ev->input_event_sec * 1000000u + (uint64_t)ev->input_event_usec;
}

static void clear_slot(struct tp_evdev_state *st, struct tp_contact *c)
{
	memset(c, 0, sizeof(*c));
	c->tracking_id = -1;
	/* -1 marks an absent MT axis; present ones start at 0 like the kernel's */
	c->pressure = st->has_mt_pressure ? 0 : -1;
	c->major = st->has_mt_major ? 0 : -1;
}

/*
 * Kernel slots and the frame's contacts.  A device with up to TP_MAX_SLOTS
 * slots has slot n in contact n.  A device with more (hid-magicmouse uses
 * the firmware's 4-bit touch id as the slot, 0..15; any pad may have more)
 * keeps every kernel slot's values in st->kslots, and a touch that begins
 * in a slot takes a free contact at the next SYN_REPORT, which it gives
 * back after the frame in which it ended.  The slot numbers do not matter,
 * TP_MAX_SLOTS touches at once do: a touch beyond them is not seen
 * (st->lost_touches counts them).  Slots past TP_EVDEV_MAX_KERNEL_SLOTS are
 * not tracked at all.
 */
static void map_contacts(struct tp_evdev_state *st)
{
	for (int i = 0; i < TP_MAX_SLOTS; i++)
		if (st->kslot[i] >= 0)
			st->cur.slots[i] = st->kslots[st->kslot[i]];
	for (int k = 0; k < st->nkslots; k++) {
		int i;

		if (!st->kslots[k].active) {
			st->kslot_lost[k] = false;
			continue;
		}
		for (i = 0; i < TP_MAX_SLOTS && st->kslot[i] != k; i++)
			;
		if (i < TP_MAX_SLOTS || st->kslot_lost[k])
			continue;
		for (i = 0; i < TP_MAX_SLOTS && st->kslot[i] >= 0; i++)
			;
		if (i == TP_MAX_SLOTS) {
			st->kslot_lost[k] = true;
			st->lost_touches++;
			continue;
		}
		st->kslot[i] = k;
		st->cur.slots[i] = st->kslots[k];
	}
}

/* After a frame went out: the contacts whose touch ended are free. */
static void free_contacts(struct tp_evdev_state *st)
{
	for (int i = 0; i < TP_MAX_SLOTS; i++)
		if (st->kslot[i] >= 0 && !st->cur.slots[i].active)
			st->kslot[i] = -1;
}

void tp_evdev_state_release(struct tp_evdev_state *st)
{
	free(st->kslots);
	free(st->kslot_lost);
	st->kslots = NULL;
	st->kslot_lost = NULL;
	st->nkslots = 0;
	st->mapped = false;
}

/* Tracking the kernel slots of a device with more than TP_MAX_SLOTS. */
static void map_init(struct tp_evdev_state *st)
{
	int n = st->dev.num_slots > TP_EVDEV_MAX_KERNEL_SLOTS ? TP_EVDEV_MAX_KERNEL_SLOTS
							       : st->dev.num_slots;

	for (int i = 0; i < TP_MAX_SLOTS; i++)
		st->kslot[i] = -1;
	st->kslots = calloc((size_t)n, sizeof(*st->kslots));
	st->kslot_lost = calloc((size_t)n, sizeof(*st->kslot_lost));
	if (!st->kslots || !st->kslot_lost) {
		tp_evdev_state_release(st);	/* then slots past TP_MAX_SLOTS are not seen */
		return;
	}
	st->nkslots = n;
	st->mapped = true;
	for (int k = 0; k < n; k++)
		clear_slot(st, &st->kslots[k]);
}

/* The kernel slot's values now (mapped: its st->kslots entry), NULL if not tracked. */
static struct tp_contact *cur_slot(struct tp_evdev_state *st)
{
	if (st->mapped)
		return st->slot >= 0 && st->slot < st->nkslots ? &st->kslots[st->slot] : NULL;
	return st->slot >= 0 && st->slot < TP_MAX_SLOTS ? &st->cur.slots[st->slot] : NULL;
}

void tp_evdev_state_init(struct tp_evdev_state *st, const struct libevdev *evdev, bool take_state)
{
	const struct tp_device *dev = &st->dev;
	int n;

	memset(st, 0, sizeof(*st));
	tp_evdev_describe(evdev, &st->dev);
	st->has_mt_pressure = libevdev_has_event_code(evdev, EV_ABS, ABS_MT_PRESSURE);
	st->has_mt_major = libevdev_has_event_code(evdev, EV_ABS, ABS_MT_TOUCH_MAJOR);
	for (int i = 0; i < TP_MAX_SLOTS; i++)
		clear_slot(st, &st->cur.slots[i]);
	if (dev->num_slots > TP_MAX_SLOTS)
		map_init(st);
	if (!take_state)
		return;

	/* A live device may already be touched: start from its current state. */
	st->cur.x = libevdev_get_event_value(evdev, EV_ABS, ABS_X);
	st->cur.y = libevdev_get_event_value(evdev, EV_ABS, ABS_Y);
	st->cur.pressure = libevdev_get_event_value(evdev, EV_ABS, ABS_PRESSURE);
	st->cur.width = libevdev_get_event_value(evdev, EV_ABS, ABS_TOOL_WIDTH);
	st->cur.touch = libevdev_get_event_value(evdev, EV_KEY, BTN_TOUCH);
	for (size_t i = 0; i < NTOOLS; i++)
		if (libevdev_get_event_value(evdev, EV_KEY, tool_codes[i]))
			st->tools |= 1u << i;
	for (unsigned int code = BTN_MISC; code <= BTN_TASK; code++)
		if (libevdev_get_event_value(evdev, EV_KEY, code))
			st->cur.buttons |= button_bit(code);
	n = dev->num_slots > 0 ? libevdev_get_num_slots(evdev) : 0;
	for (st->slot = 0; st->slot < n; st->slot++) {
		struct tp_contact *c = cur_slot(st);
		unsigned int k = (unsigned int)st->slot;

		if (!c)
			break;
		c->tracking_id = libevdev_get_slot_value(evdev, k, ABS_MT_TRACKING_ID);
		c->active = c->tracking_id != -1;
		c->x = libevdev_get_slot_value(evdev, k, ABS_MT_POSITION_X);
		c->y = libevdev_get_slot_value(evdev, k, ABS_MT_POSITION_Y);
		c->pressure = st->has_mt_pressure ? libevdev_get_slot_value(evdev, k, ABS_MT_PRESSURE) : -1;
		c->major = st->has_mt_major ? libevdev_get_slot_value(evdev, k, ABS_MT_TOUCH_MAJOR) : -1;
	}
	if (n > 0)
		st->slot = libevdev_get_current_slot(evdev);
	if (st->mapped)
		map_contacts(st);
}

static void feed_abs(struct tp_evdev_state *st, const struct input_event *ev)
{
	struct tp_contact *c;

	switch (ev->code) {
	case ABS_X:
		st->cur.x = ev->value;
		return;
	case ABS_Y:
		st->cur.y = ev->value;
		return;
	case ABS_PRESSURE:
		st->cur.pressure = ev->value;
		return;
	case ABS_TOOL_WIDTH:
		st->cur.width = ev->value;
		return;
	case ABS_MT_SLOT:
		st->slot = ev->value;
		return;
	}
	c = cur_slot(st);
	if (!c)
		return;
	switch (ev->code) {
	case ABS_MT_TRACKING_ID:
		c->tracking_id = ev->value;
		c->active = ev->value != -1;
		break;
	case ABS_MT_POSITION_X:
		c->x = ev->value;
		break;
	case ABS_MT_POSITION_Y:
		c->y = ev->value;
		break;
	case ABS_MT_PRESSURE:
		c->pressure = ev->value;
		break;
	case ABS_MT_TOUCH_MAJOR:
		c->major = ev->value;
		break;
	}
}

static void feed_key(struct tp_evdev_state *st, const struct input_event *ev)
{
	int t;
	unsigned int bit;

	if (ev->value == 2)
		return;		/* autorepeat */
	if (ev->code == BTN_TOUCH) {
		st->cur.touch = ev->value != 0;
		return;
	}
	t = tool_index(ev->code);
	if (t >= 0) {
		if (ev->value)
			st->tools |= 1u << t;
		else
			st->tools &= ~(1u << t);
		return;
	}
	bit = button_bit(ev->code);
	if (ev->value)
		st->cur.buttons |= bit;
	else
		st->cur.buttons &= ~bit;
}

enum tp_evdev_result tp_evdev_feed(struct tp_evdev_state *st, const struct input_event *ev,
				   struct tp_frame *frame)
{
	switch (ev->type) {
	case EV_SYN:
		if (ev->code == SYN_DROPPED) {
			/* The kernel drops everything up to the next SYN_REPORT. */
			st->dropped = true;
			return TP_EVDEV_DROPPED;
		}
		if (ev->code != SYN_REPORT)
			return TP_EVDEV_NONE;
		if (st->dropped) {
			st->dropped = false;
			return TP_EVDEV_NONE;
		}
		st->cur.time = tp_evdev_event_time(ev);
		st->cur.fingers = 0;
		for (size_t i = 0; i < NTOOLS; i++)
			if (st->tools & (1u << i))
				st->cur.fingers = (int)i + 1;
		if (st->mapped)
			map_contacts(st);
		*frame = st->cur;
		if (st->mapped)
			free_contacts(st);
		return TP_EVDEV_FRAME;
	case EV_ABS:
		if (!st->dropped)
			feed_abs(st, ev);
		return TP_EVDEV_NONE;
	case EV_KEY:
		if (!st->dropped)
			feed_key(st, ev);
		return TP_EVDEV_NONE;
	default:
		return TP_EVDEV_NONE;
	}
}

/* ---- live devices ---- */

int tp_evdev_open(struct tp_evdev *tev, const char *path, int fd, const char **why)
{
	const char *dummy;
	int rc;

	if (!why)
		why = &dummy;
	memset(tev, 0, sizeof(*tev));
	tev->fd = -1;
	if (fd < 0) {
		fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC);
		if (fd < 0 && (errno == EACCES || errno == EROFS))
			fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
		if (fd < 0) {
			rc = -errno;
			*why = "cannot open the device node";
			return rc;
		}
		tev->own_fd = true;
	}
	tev->fd = fd;
	rc = libevdev_new_from_fd(fd, &tev->evdev);
	if (rc < 0) {
		*why = "not an evdev device";
		goto fail;
	}
	rc = tp_evdev_check(tev->evdev, why);
	if (rc < 0)
		goto fail;
	/* Frames carry evdev times; the core's timeouts use CLOCK_MONOTONIC. */
	rc = libevdev_set_clock_id(tev->evdev, CLOCK_MONOTONIC);
	if (rc < 0) {
		*why = "cannot switch the event clock to CLOCK_MONOTONIC";
		goto fail;
	}
	tp_evdev_state_init(&tev->state, tev->evdev, true);
	/* without udev (or another rule) the kernel's fuzz is all there is */
	tp_evdev_udev_fuzz(fd, &tev->state.dev);
	return 0;
fail:
	tp_evdev_close(tev);
	return rc;
}

void tp_evdev_close(struct tp_evdev *tev)
{
	tp_evdev_state_release(&tev->state);
	if (tev->grabbed)
		tp_evdev_grab(tev, false);
	if (tev->evdev)
		libevdev_free(tev->evdev);
	tev->evdev = NULL;
	if (tev->own_fd && tev->fd >= 0)
		close(tev->fd);
	tev->fd = -1;
	tev->own_fd = false;
}

int tp_evdev_grab(struct tp_evdev *tev, bool grab)
{
	int rc;

	if (!tev->evdev)
		return -ENODEV;
	rc = libevdev_grab(tev->evdev, grab ? LIBEVDEV_GRAB : LIBEVDEV_UNGRAB);
	if (rc == 0)
		tev->grabbed = grab;
	return rc;
}

static int event_node_filter(const struct dirent *d)
{
	return strncmp(d->d_name, "event", 5) == 0;
}

/* Reverse alphabetical order, like 1.9's probe. */
static int reverse_alpha(const struct dirent **a, const struct dirent **b)
{
	return -alphasort(a, b);
}

int tp_evdev_autoprobe(char *path, size_t size)
{
	struct dirent **names;
	int n = scandir("/dev/input", &names, event_node_filter, reverse_alpha);
	int rc = -ENODEV;

	if (n < 0)
		return -ENODEV;
	for (int i = 0; i < n; i++) {
		char p[300];
		struct libevdev *evdev = NULL;
		int fd;

		if (rc == 0)
			goto next;
		snprintf(p, sizeof(p), "/dev/input/%s", names[i]->d_name);
		fd = open(p, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
		if (fd < 0)
			goto next;
		if (libevdev_new_from_fd(fd, &evdev) == 0 && tp_evdev_check(evdev, NULL) == 0) {
			snprintf(path, size, "%s", p);
			rc = 0;
		}
		libevdev_free(evdev);
		close(fd);
next:
		free(names[i]);
	}
	free(names);
	return rc;
}

/* Has the kernel more events for this fd right now? */
static bool fd_readable(int fd)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };

	return poll(&pfd, 1, 0) > 0 && (pfd.revents & POLLIN);
}

uint64_t tp_evdev_clock_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

/*
 * A frame from ahead of CLOCK_MONOTONIC happens now (see tp_evdev_read()).
 * *now is the clock as last read in this call (0: not yet): read again only
 * for a frame that seems ahead of it, so once per call, not per frame.
 */
static void own_clock(struct tp_evdev *tev, struct tp_frame *frame, uint64_t *now)
{
	if (frame->time <= *now + TP_EVDEV_CLOCK_SLACK_US)
		return;
	*now = tp_evdev_clock_us();
	if (frame->time > *now + TP_EVDEV_CLOCK_SLACK_US) {
		frame->time = *now;
		tev->foreign_times++;
	}
}

int tp_evdev_read(struct tp_evdev *tev,
		  void (*frame_cb)(void *user, const struct tp_frame *frame),
		  void (*dropped_cb)(void *user, uint64_t time), void *user)
{
	struct input_event ev;
	struct tp_frame frame;
	int budget = TP_EVDEV_READ_BUDGET, tail = TP_EVDEV_READ_TAIL;
	uint64_t now = 0;

	for (;;) {
		unsigned int flags = tev->syncing ? LIBEVDEV_READ_FLAG_SYNC : LIBEVDEV_READ_FLAG_NORMAL;
		int rc;

		/*
		 * Past the budget, stop while the kernel still has more for us:
		 * the server polls level-triggered and calls again after its
		 * other devices.  What libevdev has already read is finished
		 * (no poll would wake us for it), and so is a resync.
		 */
		if (budget > 0) {
			budget--;
		} else if (budget == 0 && !tev->syncing) {
			if (fd_readable(tev->fd))
				return 1;
			budget = -1;	/* drained on the kernel's side: finish libevdev's queue */
		} else if (budget < 0 && !tev->syncing && tail-- == 0) {
			return 1;	/* libevdev's queue keeps filling: the device floods */
		}
		rc = libevdev_next_event(tev->evdev, flags, &ev);
		if (rc == -EAGAIN) {
			if (tev->syncing) {
				tev->syncing = false;	/* resync done */
				continue;
			}
			return 0;
		}
		if (rc < 0)
			return rc;
		if (rc == LIBEVDEV_READ_STATUS_SYNC && !tev->syncing) {
			/*
			 * SYN_DROPPED: events were lost.  libevdev replays the
			 * device's current state as ordinary events, which end
			 * in one frame: what is still held stays held (a drag
			 * goes on), what ended in the gap ends there.
			 */
			if (dropped_cb)
				dropped_cb(user, tp_evdev_event_time(&ev));
			tev->state.dropped = false;
			tev->syncing = true;
			continue;
		}
		if (tp_evdev_feed(&tev->state, &ev, &frame) == TP_EVDEV_FRAME && frame_cb) {
			own_clock(tev, &frame, &now);
			frame_cb(user, &frame);
		}
	}
}
