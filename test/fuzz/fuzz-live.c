/*
 * fuzz-live.c - libFuzzer harness: the live read path, tp_evdev_read on a
 * node read through the real libevdev in its sync mode, into the core.
 *
 * The node is fake-evdev.c's: the kernel's input core and evdev client
 * buffer for one reader, so SYN_DROPPED comes as the kernel sends it (the
 * buffer overflowed, or the queue was flushed) and libevdev resyncs from
 * the node's state as it does on a real device: SYN_DROPPED returned as
 * LIBEVDEV_READ_STATUS_SYNC, the state as sync events, then -EAGAIN.
 * The harness does what the X glue does with the result (synaptics-drv.c
 * and node.c): frames into the core, timeouts from the main loop between
 * reads, ENODEV releases everything, DEVICE_OFF/ON closes and opens the node
 * again (its state taken afresh) around tp_core_reset.
 *
 * Input layout: the device and options exactly as fuzz-evdev.c (so its
 * seeds are this harness's too; flag bit 3 is ignored: a live device always
 * starts from its state), then records until the end:
 *   u8 op (op % 8): 0,1 the device sends EV_ABS: u8 code, i32 value
 *                   2   the device sends EV_KEY: u8 code, u8 value (% 4)
 *                   3   the device sends SYN_REPORT after u16 * 50 us; the
 *                       core's timeouts due by then fire (main loop), then
 *                       the input thread's turn: one tp_evdev_read if poll
 *                       says the node is readable
 *                   4   the same SYN_REPORT, the input thread busy elsewhere
 *                   5   the queue is flushed and SYN_DROPPED queued (the
 *                       kernel's clock-change rule)
 *                   6   nothing for u16 * 50 us: timeouts, then the input
 *                       thread's turn as in 3
 *                   7   u8 sub % 6: 0 a property write (as fuzz-evdev.c),
 *                       1 one read whether readable or not, 2 reads until
 *                       tp_evdev_read says drained, 3 DEVICE_OFF/ON: the
 *                       node closed and opened again, 4 the device is
 *                       unplugged (ENODEV), 5 u8 n: the device floods, n % 9
 *                       more frames with every read() (0 stops it)
 * Ops 0-6 mean what they mean in fuzz-evdev.c's records, so its seeds
 * (recordings) play here as a live device would send them.
 * At the end the user lifts everything (fake_evdev_lift_all), the node is
 * read until drained, the
 * core's timeouts fire for up to 60 s, and the device goes off.  Small
 * kernel buffers (the kernel's size for the device, 64 events and up) and
 * records that send without reading make SYN_DROPPED by overflow common;
 * a flood is read in bites of TP_EVDEV_READ_BUDGET.
 *
 * Checks (fuzz-sink.h, beyond no crash and no UB): every press released
 * once, gestures in order, finite deltas, no core error; after every record
 * issue 29's invariant (idle, no timer: nothing held, no gesture open);
 * a resync never releases a button pressed by physical buttons the device
 * reports held before the loss and after it; tp_evdev_read returns 1 only
 * while poll says the node is readable (or the device floods), 0 only when
 * it is not, and no error but ENODEV after an unplug; one call takes a
 * bounded number of events from the node however the device floods (issue
 * 29's defect 8: the read ran until EAGAIN); after the final lift and drain
 * the core's last frame is the device's (nothing down); after DEVICE_OFF
 * and ENODEV nothing is held and no timer is pending.
 */
#include "config.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libevdev/libevdev.h>

#define FUZZ_NAME "fuzz-live"
#include "fake-evdev.h"
#include "fuzz-evdev-device.h"
#include "fuzz-input.h"
#include "fuzz-sink.h"
#include "tp-evdev.h"
#include "tp-options.h"
#include "touchpad.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define US_PER_TICK	50u
#define MAX_READS	1000	/* reads of one drain */
/*
 * Events one tp_evdev_read may take from the node: its budget, then what
 * libevdev read before the budget ran out (its queue holds twice the
 * device's codes and slot values, at least 256), and a resync's drain.
 */
#define READ_BOUND	(TP_EVDEV_READ_BUDGET + 8192)

struct live {
	const char *path;
	struct tp_evdev tev;
	bool open, gone;
	struct tp_device dev;		/* as probed before the first DEVICE_ON */
	struct tp_core *core;
	struct tp_params params;
	struct sink s;
	unsigned int before_drop;	/* physical buttons of the last frame before SYN_DROPPED */
	unsigned int resynced;		/* ... and as libevdev's resync says they are */
	unsigned long drops, syncs;
	struct tp_frame last;		/* the last frame the core got */
	bool flooding;
};

static bool poll_readable(int fd)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };

	return poll(&pfd, 1, 0) > 0 && (pfd.revents & POLLIN);
}

static void on_frame(void *user, const struct tp_frame *frame)
{
	struct live *l = user;

	if (l->tev.syncing) {		/* a frame of libevdev's resync */
		l->resynced = frame->buttons;
		l->syncs++;
	} else if (l->s.watch) {	/* the first frame after it */
		sink_check_resync(&l->s, l->before_drop, l->resynced);
	}
	sink_core_frame(&l->s, frame);
	l->last = *frame;
}

static void on_dropped(void *user, uint64_t time)
{
	struct live *l = user;

	(void)time;
	if (l->s.watch)			/* lost again before the last resync was over */
		sink_check_resync(&l->s, l->before_drop, l->resynced);
	l->before_drop = l->resynced = l->s.last_buttons;
	l->s.watch = true;
	l->drops++;
}

/* The main loop's timers: every core timeout due by the kernel's clock now. */
static void main_loop(struct live *l)
{
	uint64_t t = fake_now_us;

	run_timeouts(l->core, &t, fake_now_us);
}

/* DEVICE_OFF as the glue does it: release what the core holds, let the node go. */
static void device_off(struct live *l)
{
	tp_core_reset(l->core, fake_now_us);
	check_idle(&l->s);
	l->s.last_buttons = 0;
	if (l->open)
		tp_evdev_close(&l->tev);
	l->open = false;
}

/* DEVICE_ON: the node opened by path, its state taken afresh, grabbed if configured. */
static void device_on(struct live *l)
{
	if (tp_evdev_open(&l->tev, l->path, -1, NULL) < 0) {
		if (!l->gone)
			bug("the node did not open again");
		return;
	}
	l->open = true;
	l->last = l->tev.state.cur;	/* the state the node was opened in */
	if (l->params.grab_event_device && tp_evdev_grab(&l->tev, true) < 0)
		bug("the node refused the grab");
	tp_core_reset(l->core, fake_now_us);
}

/* One tp_evdev_read, its result handled as syn_read_input does. */
static int read_once(struct live *l)
{
	int rc;

	if (!l->open)
		return 0;
	fake_evdev_events_read = 0;
	rc = tp_evdev_read(&l->tev, on_frame, on_dropped, l);
	if (fake_evdev_events_read > READ_BOUND)
		bug("one tp_evdev_read took %lu events from a flooding node", fake_evdev_events_read);
	if (l->s.watch && !l->tev.syncing)	/* a resync that changed nothing has no frame */
		sink_check_resync(&l->s, l->before_drop, l->resynced);
	if (rc == -ENODEV && l->gone) {
		tp_core_reset(l->core, fake_now_us);
		check_idle(&l->s);
		l->s.last_buttons = 0;
		tp_evdev_close(&l->tev);
		l->open = false;
		return 0;
	}
	if (rc < 0)
		bug("tp_evdev_read failed: %s", strerror(-rc));
	if (rc == 1 && !poll_readable(l->tev.fd) && !l->flooding)
		bug("tp_evdev_read asks to be called again, but poll says the node is not readable");
	if (rc == 0 && poll_readable(l->tev.fd))
		bug("tp_evdev_read says drained, but poll says the node is readable");
	return rc;
}

static void read_all(struct live *l)
{
	if (l->flooding)
		bug("read_all() on a flooding node");
	for (int i = 0; i < MAX_READS; i++)
		if (read_once(l) != 1)
			return;
	bug("the node is still readable after %d reads", MAX_READS);
}

/* The input thread's turn: the main loop's timers first, then a read if poll says so. */
static void thread_turn(struct live *l)
{
	main_loop(l);
	if (l->open && poll_readable(l->tev.fd))
		read_once(l);
}

/* Is the last frame the core got the device's state after fake_evdev_lift_all()? */
static bool lifted(const struct live *l)
{
	const struct tp_frame *f = &l->last;

	if (f->buttons || f->touch || f->fingers ||
	    (l->dev.pressure.present && f->pressure != l->dev.pressure.min))
		return false;
	for (int i = 0; i < l->dev.num_slots && i < TP_MAX_SLOTS; i++)
		if (f->slots[i].active)
			return false;
	return true;
}

static void step(struct live *l, struct fz *in)
{
	uint8_t op = fz_u8(in), c;

	switch (op % 8) {
	case 0:
	case 1:
		c = fz_u8(in);
		fake_evdev_emit(EV_ABS, fz_abs_code(c), fz_i32(in));
		break;
	case 2:
		c = fz_u8(in);
		fake_evdev_emit(EV_KEY, fz_key_code(c), fz_u8(in) % 4);
		break;
	case 3:
	case 4:
		fake_now_us += (uint64_t)fz_u16(in) * US_PER_TICK;
		fake_evdev_emit(EV_SYN, SYN_REPORT, 0);
		if (op % 8 == 3)
			thread_turn(l);
		break;
	case 5:
		fake_evdev_drop();
		break;
	case 6:
		fake_now_us += (uint64_t)fz_u16(in) * US_PER_TICK;
		thread_turn(l);
		break;
	default:
		switch (fz_u8(in) % 6) {
		case 0:
			fz_write_property(in, l->core, &l->dev);
			l->params = *tp_core_get_params(l->core);
			break;
		case 1:
			read_once(l);
			break;
		case 2:
			if (l->flooding)	/* the flood never drains: one read */
				read_once(l);
			else
				read_all(l);
			break;
		case 3:
			device_off(l);
			device_on(l);
			break;
		case 4:
			fake_evdev_remove();
			l->gone = true;
			break;
		default: {
			int frames = fz_u8(in) % 9;

			l->flooding = frames > 0;
			fake_evdev_flood(frames);
			break;
		}
		}
		break;
	}
	fuzz_check_invariant(&l->s);
}

static void run(struct live *l, struct fz *in)
{
	uint64_t t;

	while (fz_more(in))
		step(l, in);
	/* the flood ends; the user lets go; the input thread reads it all; the timeouts fire */
	l->flooding = false;
	fake_evdev_flood(0);
	if (l->open) {
		fake_evdev_lift_all(l->dev.pressure.min);
		read_all(l);
		if (l->open && !lifted(l))
			bug("the device reported everything lifted and was read to the end, "
			    "but the core's last frame still has something down");
	}
	t = fake_now_us;
	run_timeouts(l->core, &t, t + 60000000u);
	fuzz_check_invariant(&l->s);
	device_off(l);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fz in;
	struct libevdev *ld;
	struct live *l;

	libevdev_set_log_function(fz_quiet_libevdev, NULL);
	fz_init(&in, data, size);
	ld = fz_touchpad(&in);
	if (!ld)
		return 0;
	l = calloc(1, sizeof(*l));
	if (!l) {
		libevdev_free(ld);
		return 0;
	}
	l->s.last_idle = true;
	fake_now_us = 1000000;
	l->path = fake_evdev_create(ld);
	tp_evdev_describe(ld, &l->dev);
	libevdev_free(ld);
	if (!l->path) {
		free(l);
		return 0;
	}
	fz_apply_options(&in, &l->dev, &l->params);
	l->core = tp_core_new(&l->dev, &l->params, &sink_output, &l->s);
	l->s.dev = &l->dev;
	l->s.core = l->core;
	if (l->core) {
		device_on(l);
		if (!l->open)
			bug("the node did not open");
		run(l, &in);
		tp_core_free(l->core);
	}
	fake_evdev_destroy();
	free(l);
	return 0;
}
