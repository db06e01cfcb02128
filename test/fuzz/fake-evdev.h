/*
 * fake-evdev.h - an evdev node without a kernel, for the harnesses that
 * drive the live read path (fuzz-live.c: tp_evdev_read; fuzz-xprops.c: the
 * X glue): the real libevdev, SYN_DROPPED and its resync included, reads it
 * through read() and ioctl(), which fake-evdev.c stands in for on the
 * node's file descriptors (every other fd goes to the kernel).
 *
 * What the node does is what drivers/input/input.c and evdev.c do for one
 * client, reduced to what a touchpad uses:
 *  - the input core keeps the device state (keys, absolute values, MT
 *    slots), drops events that change nothing or that the device does not
 *    have, stages ABS_MT_SLOT until a slot value follows, and hands a frame
 *    to evdev at SYN_REPORT (an empty frame is not handed on; one longer
 *    than the device's packet estimate is cut with a SYN_REPORT);
 *  - evdev's client buffer has the kernel's size for the device (8 packets,
 *    at least 64 events, a power of two) and its overflow rule: the queue is
 *    dropped, SYN_DROPPED and the newest event stay, and nothing is readable
 *    until the next SYN_REPORT; reads return whole packets only; poll says
 *    readable when a packet is there; EVIOCSCLOCKID to another clock flushes
 *    the queue and queues SYN_DROPPED (fake_evdev_drop() does the same);
 *  - EVIOCGBIT, EVIOCGNAME/PHYS/UNIQ, EVIOCGID, EVIOCGVERSION, EVIOCGPROP,
 *    EVIOCGKEY/LED/SW, EVIOCGABS, EVIOCGMTSLOTS, EVIOCGRAB, EVIOCSCLOCKID
 *    answer from that state; after fake_evdev_remove() every read and ioctl
 *    fails with ENODEV.
 * Not modelled: the kernel's defuzzing of absolute values (it only ever
 * smooths a stream), EV_REL/MSC/LED/SW/FF events, several clients.
 *
 * The node's path is /proc/self/fd/N of a pipe (opening it gives another
 * file on the same pipe, so the glue can open it by name); the pipe holds
 * one byte while the client buffer has a packet (or the device is gone,
 * so that poll and epoll wake the reader), so poll() on it is real.
 * A libevdev_new_from_fd() on the node starts a new client (the EVIOCGBIT
 * of event types it begins with): empty buffer, CLOCK_REALTIME, no grab;
 * it opens between two of the device's frames (a driver sends a frame in
 * one go), so a frame the harness is still sending ends first.
 */
#ifndef SYNMT_FAKE_EVDEV_H
#define SYNMT_FAKE_EVDEV_H

#include <stdbool.h>
#include <stdint.h>

struct libevdev;

/* The kernel's CLOCK_MONOTONIC in microseconds: the harness moves it. */
extern uint64_t fake_now_us;
/* Clients started (libevdev_new_from_fd on the node) since fake_evdev_create. */
extern int fake_evdev_clients;

/*
 * A node with the capabilities, absolute ranges and initial absolute values
 * of caps (a libevdev without an fd; copied).  Returns the node's path, or
 * NULL (out of fds or memory).  One node at a time.
 */
const char *fake_evdev_create(const struct libevdev *caps);
void fake_evdev_destroy(void);

/* The device sends an event (input_event() in a kernel driver). */
void fake_evdev_emit(unsigned int type, unsigned int code, int value);
/*
 * The user lets go of everything, 8 ms on, in one frame: every slot's
 * tracking id -1, every key up, the pressure at pressure_min, and ABS_X
 * one unit on, so that the frame always reaches the reader (the kernel
 * drops a frame that changes nothing, which would leave a queued
 * SYN_DROPPED unseen).
 */
void fake_evdev_lift_all(int pressure_min);
/* The client's queue is flushed and SYN_DROPPED queued (evdev_set_clk_type's rule). */
void fake_evdev_drop(void);
/*
 * A device that floods: every read() of the node first has the device send
 * frames_per_read more frames (the touch moving), as if the kernel got them
 * while the reader was busy; 0 stops it.  A read() never generates more
 * than FAKE_EVDEV_FLOOD_GUARD events in all, so a reader that never stops
 * ends (fake_evdev_events_read says how much it read).
 */
void fake_evdev_flood(int frames_per_read);
#define FAKE_EVDEV_FLOOD_GUARD 100000
/* Events read() returned from the node (the harness resets it). */
extern unsigned long fake_evdev_events_read;

/* The device is unplugged: reads and ioctls fail with ENODEV from now on. */
void fake_evdev_remove(void);
/* A packet is waiting in the client buffer (what poll says). */
bool fake_evdev_readable(void);
/* The device's state as the kernel knows it. */
bool fake_evdev_key(unsigned int code);
int fake_evdev_abs(unsigned int code);		/* not the per-slot values */
int fake_evdev_num_slots(void);
bool fake_evdev_has(unsigned int type, unsigned int code);

#endif /* SYNMT_FAKE_EVDEV_H */
