/*
 * tp-evdev.h - the libevdev backend: probe a touchpad, turn evdev events
 * into struct tp_frame.  X-free.
 *
 * Two halves:
 *  - tp_evdev_probe() looks at a struct libevdev (a real node, or one built
 *    from a recording with libevdev_new() + libevdev_enable_event_code())
 *    and fills struct tp_device;
 *  - struct tp_evdev_state assembles frames from single struct input_event
 *    values, so the live path (libevdev_next_event) and synreplay (events
 *    read from a file) share it.
 * tp_evdev_open()/tp_evdev_read() are the live path on top of both.
 *
 * Errors are negative errno values.
 */
#ifndef SYNMT_TP_EVDEV_H
#define SYNMT_TP_EVDEV_H

#include <stdbool.h>
#include <stddef.h>
#include <linux/input.h>
#include <libevdev/libevdev.h>

#include "touchpad.h"

/*
 * Is this a touchpad by 1.9's rule: EV_ABS X and Y, BTN_TOOL_FINGER, and
 * ABS_PRESSURE or BTN_TOUCH, and not a pen?  Returns 0 or -ENODEV with the
 * reason in *why.
 */
int tp_evdev_check(const struct libevdev *evdev, const char **why);

/* Fill *dev from the device's capabilities (after tp_evdev_check()). */
void tp_evdev_describe(const struct libevdev *evdev, struct tp_device *dev);

/*
 * The fuzz libinput's udev rule took from the kernel for the device open on
 * fd (udev-fuzz.c): LIBINPUT_FUZZ_xx into the axes' udev_fuzz.  0, or a
 * negative errno when udev does not know the device (nothing is changed).
 */
int tp_evdev_udev_fuzz(int fd, struct tp_device *dev);

/*
 * What that rule does to a device described in evdev and dev (synreplay
 * --libinput-udev): the position axes' fuzz moves to dev's udev_fuzz, the
 * kernel's (evdev's and dev's fuzz) is 0 and it no longer filters them.
 */
void tp_evdev_libinput_fuzz_override(struct libevdev *evdev, struct tp_device *dev);

/* Kernel slots tracked on a device with more than TP_MAX_SLOTS (tp-evdev.c: map_contacts()). */
#define TP_EVDEV_MAX_KERNEL_SLOTS 1024

/* Frame assembly state: the last known value of every axis, key and slot. */
struct tp_evdev_state {
	struct tp_device dev;
	struct tp_frame cur;	/* state so far; copied out at SYN_REPORT */
	int slot;		/* current ABS_MT_SLOT */
	/* more kernel slots than contacts: the slots' values, which contact holds which */
	bool mapped;
	int nkslots;
	struct tp_contact *kslots;	/* nkslots of them */
	bool *kslot_lost;		/* its touch found every contact taken */
	int kslot[TP_MAX_SLOTS];	/* the kernel slot a contact holds, -1 none */
	unsigned int lost_touches;	/* touches not seen: every contact was taken */
	unsigned int tools;	/* BTN_TOOL_FINGER.. bits, 1 << (count - 1) */
	bool dropped;		/* SYN_DROPPED seen, waiting for the resync */
	bool has_mt_pressure, has_mt_major;
};

/*
 * Describe the device into st->dev and start with nothing touching, or with
 * the device's current state (take_state, for a live device).  A device with
 * more than TP_MAX_SLOTS slots gets memory for them:
 * tp_evdev_state_release() gives it back (tp_evdev_close() does).
 */
void tp_evdev_state_init(struct tp_evdev_state *st, const struct libevdev *evdev, bool take_state);
void tp_evdev_state_release(struct tp_evdev_state *st);

enum tp_evdev_result {
	TP_EVDEV_NONE,		/* event absorbed */
	TP_EVDEV_FRAME,		/* SYN_REPORT: *frame holds the new state */
	TP_EVDEV_DROPPED,	/* SYN_DROPPED: events were lost, discard until resync */
};

/* Feed one event.  Time comes from the event's timestamp. */
enum tp_evdev_result tp_evdev_feed(struct tp_evdev_state *st, const struct input_event *ev,
				   struct tp_frame *frame);

/* Microseconds of an event timestamp. */
uint64_t tp_evdev_event_time(const struct input_event *ev);

/* ---- live devices ---- */

struct tp_evdev {
	int fd;
	bool own_fd;		/* we opened it and close it */
	bool grabbed;
	bool syncing;		/* replaying the state after SYN_DROPPED */
	unsigned int foreign_times;	/* frames stamped ahead of CLOCK_MONOTONIC, given the read time */
	struct libevdev *evdev;
	struct tp_evdev_state state;
};

/*
 * Open path (or use fd >= 0, which the caller owns), check it is a touchpad,
 * switch its timestamps to CLOCK_MONOTONIC.  Returns 0 or a negative errno,
 * with a reason in *why.
 */
int tp_evdev_open(struct tp_evdev *tev, const char *path, int fd, const char **why);
void tp_evdev_close(struct tp_evdev *tev);

/* EVIOCGRAB on or off. */
int tp_evdev_grab(struct tp_evdev *tev, bool grab);

/*
 * Scan /dev/input/event* in reverse order for the first touchpad, as 1.9
 * does when no Device option is given.  Writes the path; 0 or -ENODEV.
 */
int tp_evdev_autoprobe(char *path, size_t size);

/*
 * Events read per call while the kernel has more: a device that floods
 * events cannot keep the server's input thread from its other devices.
 */
#define TP_EVDEV_READ_BUDGET 256
/*
 * Past the budget, with the kernel's side empty, what libevdev has queued
 * is finished; a device that keeps sending refills that queue as it is
 * read, so this many more (more than the queue holds for a touchpad) end
 * the call too.
 */
#define TP_EVDEV_READ_TAIL (4 * TP_EVDEV_READ_BUDGET)

/* The clock live frames are stamped on (CLOCK_MONOTONIC), in microseconds. */
uint64_t tp_evdev_clock_us(void);

/* How far a frame may seem ahead of the reader's clock (scheduling, not clocks). */
#define TP_EVDEV_CLOCK_SLACK_US 1000000u

/*
 * Read what is pending, about TP_EVDEV_READ_BUDGET events at most while
 * the kernel still has more (then returns 1: call again when the fd is
 * readable; a poll on it will say so), and never more than
 * TP_EVDEV_READ_BUDGET + TP_EVDEV_READ_TAIL events and a resync (1 too: the
 * device keeps sending, its next events wake the server for what libevdev
 * still holds).  frame_cb gets every complete
 * frame.  After SYN_DROPPED (events lost), dropped_cb is told and the
 * device's current state arrives as the next frame, through libevdev's
 * resync: nothing held is released for it.  A frame stamped later than
 * CLOCK_MONOTONIC at the read (by more than TP_EVDEV_CLOCK_SLACK_US) gets the
 * read time instead and counts in tev->foreign_times: events the kernel
 * queued while the clock was being switched at the open carry
 * CLOCK_REALTIME (evdev reads the client's clock before it takes the
 * buffer lock), and one such time would put every timeout decades away.
 * Returns 0 when the fd is drained, 1 as above, or a negative errno
 * (-ENODEV: gone).
 */
int tp_evdev_read(struct tp_evdev *tev,
		  void (*frame_cb)(void *user, const struct tp_frame *frame),
		  void (*dropped_cb)(void *user, uint64_t time), void *user);

#endif /* SYNMT_TP_EVDEV_H */
